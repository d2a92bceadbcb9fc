// Zoom and pan for a large board (issue 16, point 10): on a 1366-wide screen the large Toques et
// Casques hippodrome has lengths of about ten pixels. A small bar (zoom out, the whole board, zoom in)
// acts on the board's largest drawing (its top-level SVG, when it is at least MIN_WIDTH wide): zoomed,
// the drawing goes into a scrolling frame where it is dragged to pan (a drag never counts as a click
// on the board) or scrolled; at the whole board it is back where the board module put it, untouched.
// It knows no game: it only enlarges the drawing the board made, whose clicks keep working since the
// browser maps them through the SVG's own coordinates.
//
// On a phone (issue 16, point 10, the 390-pixel screenshots) a drawing taller than the window
// (WINDOW_HEIGHT of the screen: the upright Toques et Casques and Royal Steeple Chase courses) or wider
// than the page (a board whose stylesheet keeps it readable, Ascot's race course) goes into the same
// frame at its own size: the frame scrolls, the page does not, and the controls below the board come
// up to the first screen. After each state the frame shows where the play is: the places the player
// may click (the drawing's focusable elements) or else the horses (the children of an element marked
// `data-pieces`), the window that holds the most of them.

import { h } from "./dom.js";

const STEPS = [1, 1.5, 2, 3, 4];
const MIN_WIDTH = 480; // smaller drawings (a hand of cards, a die) stay as they are
const DRAG = 5; // pixels a pointer moves before a press becomes a pan
const NARROW = 640; // a board column narrower than this is a phone's
const WINDOW_HEIGHT = 0.62; // the frame's height on a phone, of the screen's (hippodrome.css says the same)

/** Wire zoom and pan on the board `container`, its bar in `host`; call `refresh(t)` after each draw
 * of the board. */
export function createZoom(container, host) {
  let level = 0;
  let svg = null;
  let frame = null;
  let scroller = null;
  let windowed = false; // a phone's drawing in its frame at its own size
  let texts = (key) => key;
  const buttons = {
    out: h("button", { type: "button", class: "small", "data-testid": "zoom-out", onclick: () => zoom(-1) }, "−"),
    fit: h("button", { type: "button", class: "small", "data-testid": "zoom-fit", onclick: () => zoom(-level) }, "⤢"),
    in: h("button", { type: "button", class: "small", "data-testid": "zoom-in", onclick: () => zoom(1) }, "+"),
  };
  const bar = h("div", { class: "zoom-bar", role: "group", hidden: true }, buttons.out, buttons.fit, buttons.in);
  host.append(bar);

  const narrow = () => container.clientWidth > 0 && container.clientWidth < NARROW;

  function largestDrawing() {
    let best = null;
    let bestArea = 0;
    // On a phone a drawing across most of the column is a board, not a hand of cards.
    const least = narrow() ? Math.min(MIN_WIDTH, 0.8 * container.clientWidth) : MIN_WIDTH;
    for (const candidate of container.querySelectorAll("svg")) {
      if (candidate.ownerSVGElement) continue; // a drawing inside a drawing
      const box = candidate.getBoundingClientRect();
      if (box.width < least && candidate !== svg) continue;
      if (box.width * box.height > bestArea) {
        best = candidate;
        bestArea = box.width * box.height;
      }
    }
    return best;
  }

  scroller = h("div", { class: "zoom-viewport", "data-testid": "zoom-viewport" });
  frame = h("div", { class: "zoom-frame" }, scroller);
  bindPan(scroller);

  /** Zoomed: the drawing in the scrolling frame, put where the drawing was. */
  function wrap() {
    if (scroller.contains(svg)) return;
    svg.before(frame);
    scroller.append(svg);
  }

  /** The whole board: the drawing back where the board module put it, the frame gone. */
  function unwrap() {
    if (!scroller.contains(svg)) return;
    frame.before(svg);
    frame.remove();
  }

  function zoom(delta) {
    if (!svg) return;
    const next = Math.max(0, Math.min(STEPS.length - 1, level + delta));
    if (next === level) return;
    wrap();
    // Keep the point at the centre of the view where it is.
    const cx = (scroller.scrollLeft + scroller.clientWidth / 2) / scroller.scrollWidth;
    const cy = (scroller.scrollTop + scroller.clientHeight / 2) / scroller.scrollHeight;
    level = next;
    apply();
    if (level === 0 && !windowed) unwrap();
    scroller.scrollLeft = cx * scroller.scrollWidth - scroller.clientWidth / 2;
    scroller.scrollTop = cy * scroller.scrollHeight - scroller.clientHeight / 2;
  }

  function apply() {
    const factor = STEPS[level];
    frame.classList.toggle("zoomed", factor > 1);
    frame.classList.toggle("windowed", windowed && factor === 1);
    bar.dataset.zoom = String(factor);
    svg.style.width = factor > 1 ? `${factor * 100}%` : "";
    svg.style.maxWidth = factor > 1 ? "none" : "";
    svg.style.maxHeight = factor > 1 ? "none" : "";
    buttons.out.disabled = level === 0;
    buttons.fit.disabled = level === 0;
    buttons.in.disabled = level === STEPS.length - 1;
  }

  function label() {
    bar.setAttribute("aria-label", texts("web.zoom.label"));
    for (const [name, button] of Object.entries(buttons)) {
      button.setAttribute("aria-label", texts(`web.zoom.${name}`));
      button.title = texts(`web.zoom.${name}`);
    }
  }

  function bindPan(area) {
    let press = null;
    let panned = false;
    area.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 || level === 0) return;
      press = { x: event.clientX, y: event.clientY, left: area.scrollLeft, top: area.scrollTop };
      panned = false;
    });
    window.addEventListener("pointermove", (event) => {
      if (!press) return;
      const dx = event.clientX - press.x;
      const dy = event.clientY - press.y;
      if (!panned && Math.hypot(dx, dy) < DRAG) return;
      panned = true;
      area.classList.add("panning");
      area.scrollLeft = press.left - dx;
      area.scrollTop = press.top - dy;
    });
    window.addEventListener("pointerup", () => {
      press = null;
      area.classList.remove("panning");
    });
    // A pan ends with a click on whatever is under the pointer: it is not a move on the board.
    area.addEventListener(
      "click",
      (event) => {
        if (!panned) return;
        panned = false;
        event.stopPropagation();
        event.preventDefault();
      },
      true,
    );
  }

  /** Whether the drawing, at the whole board, goes into the frame: a phone's drawing taller than the
   * window or wider than the column. */
  function needsWindow() {
    if (!narrow()) return false;
    const box = svg.getBoundingClientRect();
    return box.height > WINDOW_HEIGHT * window.innerHeight + 1 || box.width > container.clientWidth + 1;
  }

  /** Scroll the frame to where the play is, unless it shows it already. */
  function showPlay() {
    if (!scroller.contains(svg)) return;
    let marks = [...svg.querySelectorAll("[tabindex]")];
    if (!marks.length) marks = [...svg.querySelectorAll("[data-pieces] > *")];
    const view = scroller.getBoundingClientRect();
    const boxes = marks.map((m) => m.getBoundingClientRect()).filter((b) => b.width > 0 || b.height > 0);
    if (!boxes.length || view.width === 0 || view.height === 0) return;
    const inside = (b, left, top) =>
      b.left >= left - 1 && b.right <= left + view.width + 1 && b.top >= top - 1 && b.bottom <= top + view.height + 1;
    const shown = boxes.filter((b) => inside(b, view.left, view.top)).length;
    // The window centred on each mark in turn: the one that holds the most marks.
    let best = null;
    for (const b of boxes) {
      const left = (b.left + b.right - view.width) / 2;
      const top = (b.top + b.bottom - view.height) / 2;
      const held = boxes.filter((o) => inside(o, left, top));
      if (!best || held.length > best.length) best = held;
    }
    if (best.length <= shown) return;
    const cx = best.reduce((sum, b) => sum + b.left + b.right, 0) / (2 * best.length);
    const cy = best.reduce((sum, b) => sum + b.top + b.bottom, 0) / (2 * best.length);
    scroller.scrollLeft += cx - (view.left + view.width / 2);
    scroller.scrollTop += cy - (view.top + view.height / 2);
  }

  function refresh() {
    if (level === 0) {
      // The drawing may have changed (another board unfolded, the layout redrawn): take the largest.
      const largest = largestDrawing();
      if (largest !== svg) {
        if (svg && scroller.contains(svg)) unwrap();
        frame.remove();
        svg = largest;
      }
    } else if (!svg || !container.contains(svg)) {
      frame.remove();
      svg = largestDrawing();
      level = 0;
    }
    bar.hidden = !svg;
    if (!svg) return;
    if (level === 0) windowed = needsWindow(); // measured at the drawing's own size
    if (level > 0 || windowed) wrap();
    else unwrap();
    label();
    apply();
    showPlay();
  }

  // A turned phone or a resized window: looked at again once the board has laid itself out anew (its
  // own observer of sizes runs after this event).
  let resized = null;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(refresh, 150);
  });
  // A board folded or unfolded by hand (a <details>): the largest drawing may be another. The event
  // does not bubble: it is caught on its way down.
  container.addEventListener("toggle", () => refresh(), true);

  return {
    refresh(t) {
      if (t) texts = t;
      refresh();
    },
  };
}
