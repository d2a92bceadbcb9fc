// Zoom and pan for a large board (issue 16, point 10): on a 1366-wide screen the large Toques et
// Casques hippodrome has lengths of about ten pixels. A small bar (zoom out, the whole board, zoom in)
// acts on the board's largest drawing (its top-level SVG, when it is at least MIN_WIDTH wide): zoomed,
// the drawing goes into a scrolling frame where it is dragged to pan (a drag never counts as a click
// on the board) or scrolled; at the whole board it is back where the board module put it, untouched.
// It knows no game: it only enlarges the drawing the board made, whose clicks keep working since the
// browser maps them through the SVG's own coordinates.

import { h } from "./dom.js";

const STEPS = [1, 1.5, 2, 3, 4];
const MIN_WIDTH = 480; // smaller drawings (a hand of cards, a die) stay as they are
const DRAG = 5; // pixels a pointer moves before a press becomes a pan

/** Wire zoom and pan on the board `container`, its bar in `host`; call `refresh(t)` after each draw
 * of the board. */
export function createZoom(container, host) {
  let level = 0;
  let svg = null;
  let frame = null;
  let scroller = null;
  let texts = (key) => key;
  const buttons = {
    out: h("button", { type: "button", class: "small", "data-testid": "zoom-out", onclick: () => zoom(-1) }, "−"),
    fit: h("button", { type: "button", class: "small", "data-testid": "zoom-fit", onclick: () => zoom(-level) }, "⤢"),
    in: h("button", { type: "button", class: "small", "data-testid": "zoom-in", onclick: () => zoom(1) }, "+"),
  };
  const bar = h("div", { class: "zoom-bar", role: "group", hidden: true }, buttons.out, buttons.fit, buttons.in);
  host.append(bar);

  function largestDrawing() {
    let best = null;
    let bestArea = 0;
    for (const candidate of container.querySelectorAll("svg")) {
      if (candidate.ownerSVGElement) continue; // a drawing inside a drawing
      const box = candidate.getBoundingClientRect();
      if (box.width < MIN_WIDTH && candidate !== svg) continue;
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
    if (next > 0) wrap();
    // Keep the point at the centre of the view where it is.
    const cx = (scroller.scrollLeft + scroller.clientWidth / 2) / scroller.scrollWidth;
    const cy = (scroller.scrollTop + scroller.clientHeight / 2) / scroller.scrollHeight;
    level = next;
    apply();
    if (level === 0) unwrap();
    scroller.scrollLeft = cx * scroller.scrollWidth - scroller.clientWidth / 2;
    scroller.scrollTop = cy * scroller.scrollHeight - scroller.clientHeight / 2;
  }

  function apply() {
    const factor = STEPS[level];
    frame.classList.toggle("zoomed", factor > 1);
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
    area.addEventListener("click", (event) => {
      if (!panned) return;
      panned = false;
      event.stopPropagation();
      event.preventDefault();
    }, true);
  }

  return {
    refresh(t) {
      if (t) texts = t;
      if (!svg || !container.contains(svg)) {
        frame.remove();
        svg = largestDrawing();
        level = 0;
      }
      bar.hidden = !svg;
      if (!svg) return;
      label();
      apply();
    },
  };
}
