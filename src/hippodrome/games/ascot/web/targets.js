// Ascot's choices on the race course: the squares the horse shown may move to, and the winning post.
// Drawn as targets on the course when they are large enough to tap at the size the course is drawn
// (40 CSS px on a phone or a touch screen, 24 with a mouse: `kit/lanetrack.js`'s `tooSmallToTap`);
// else only highlighted there (no `data-action`, not focusable) while a list of landing buttons under
// the course carries the actions (`landingList`). Looked at again whenever the drawing's size changes.

import { fill, s } from "/static/js/dom.js";
import { activate } from "/static/js/kit/action.js";
import { cellTargets, fmt, landingList, tooSmallToTap } from "/static/js/kit/lanetrack.js";

const FINGER = 40; // CSS pixels: the least a finger taps (a phone, a touch screen)
const MOUSE = 24; // ... and a mouse clicks (WCAG 2.2's minimum target)

/** CSS pixels per user unit of `svg` as laid out now (its viewBox fitted in its box), or 0. */
function drawnScale(svg) {
  const box = svg.getBoundingClientRect();
  const vb = svg.viewBox?.baseVal;
  if (!box.width || !box.height || !vb?.width || !vb?.height) return 0;
  return Math.min(box.width / vb.width, box.height / vb.height);
}

/**
 * The race course's choices.
 * @param {object} ctx   the board's context (`words.js`)
 * @param {{view: object, svg: SVGSVGElement, layer: SVGGElement, landings: HTMLElement,
 *   postBox: () => {x: number, y: number, width: number, height: number}}} where
 *   `layer`: the drawing's layer for them; `landings`: the box of the list; `postBox`: the winning
 *   post's target in user units
 */
export function createTargets(ctx, { view, svg, layer, landings, postBox }) {
  let onCells = []; // kit CellTargets: the moves that end on a square
  let post = null; // the move past the post, or null
  let horse = null; // the horse they are for
  let listed = null; // whether they are offered as a list now (null: not placed yet)

  /** Whether the choices drawn would be smaller than a finger (or a mouse) can take. */
  function tooSmall() {
    const min = ctx.shell.layout === "phone" || window.matchMedia?.("(pointer: coarse)").matches ? FINGER : MOUSE;
    const scale = drawnScale(svg);
    if (!scale) return true; // not laid out (a folded board): the list, until it is seen
    const cells = onCells.map((t) => t.cell);
    // `tooSmallToTap` against the view's width: the drawing's width on screen at this scale.
    if (cells.length && tooSmallToTap(view, scale * view.width, { min, cells })) return true;
    const p = postBox();
    return Boolean(post) && Math.min(p.width, p.height) * scale < min;
  }

  const act = (target) => ctx.shell.act(target.action);

  /** The post as a target: a band beside the finish line. */
  function postTarget(label) {
    const rect = s(
      "rect",
      {
        class: "as-target as-target-post",
        ...postBox(),
        "data-testid": "as-target",
        "data-action": post.notation,
        role: "button",
        tabindex: "0",
        "aria-label": label,
      },
      s("title", {}, label),
    );
    activate(rect, () => act({ action: post.notation }));
    return rect;
  }

  /** A choice only shown on the course (the list takes it): its shape lit, `data-listed` its notation. */
  function shown(shape, target) {
    return s(
      "g",
      { class: "as-shown", "data-testid": "as-shown", "data-cell": target.cell, "data-listed": target.action },
      s("title", {}, target.label),
      shape,
    );
  }

  function highlights(postLabel) {
    const parts = onCells.map((t) => {
      const c = view.cells[t.cell];
      return shown(
        [
          s("path", { class: "lt-target-cell", d: c.d }),
          s("circle", { class: "lt-target-mark", cx: fmt(c.at[0]), cy: fmt(c.at[1]), r: fmt(view.scale * 0.22) }),
        ],
        t,
      );
    });
    if (post) parts.push(shown(s("rect", { class: "lt-target-cell", ...postBox() }), postChoice(postLabel)));
    return parts;
  }

  /** The move past the post as a kit CellTarget (on no cell), for the list. */
  const postChoice = (label) => ({ cell: -1, action: post.notation, label });

  /** Light the square a landing button is about (hovered or focused), or none. */
  function light(target) {
    for (const g of layer.querySelectorAll(".as-shown")) {
      g.classList.toggle("lit", Boolean(target) && g.dataset.cell === String(target.cell));
    }
  }

  /** Draw the choices on the course or as a list, as their size on screen now asks. */
  function place(force = false) {
    const any = onCells.length > 0 || Boolean(post);
    const small = any && tooSmall();
    if (!force && small === listed) return;
    listed = small;
    const postLabel = post ? ctx.tx("post", { horse: ctx.horseName(post.args.horse) }) : "";
    if (!any) {
      fill(layer);
      fill(landings);
      return;
    }
    if (!small) {
      fill(layer, cellTargets(view, onCells, { act, testid: "as-target" }), post ? postTarget(postLabel) : null);
      fill(landings);
      return;
    }
    fill(layer, highlights(postLabel));
    const all = [...onCells, ...(post ? [postChoice(postLabel)] : [])];
    const title = ctx.tx("landing_title", { horse: horse ? ctx.horseName(horse) : "" });
    fill(landings, landingList(all, { act, hover: light, testid: "as-landing", title }));
  }

  /**
   * The choices of the horse shown (placed at once: call it after the drawing's viewBox is set).
   * @param {object[]} cells   kit CellTargets, each with its move
   * @param {object|null} postMove   the move past the post
   * @param {string|null} shownHorse
   */
  function set(cells, postMove, shownHorse) {
    onCells = cells;
    post = postMove;
    horse = shownHorse;
    place(true);
  }

  // The drawing resized (the board unfolded, the screen turned): the choices looked at again.
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => place()) : null;
  observer?.observe(svg);

  return { set, place, destroy: () => observer?.disconnect() };
}
