// The course: the figure-eight of four lanes in SVG (rivers, red-numbered squares, the crossed central
// hurdle, the mobile hurdles, the start and finish line, the horses, the gaps a hurdle may go in). It
// is drawn from the engine's own geometry (board data `cells[lane][square - 1] = [x, y, heading]`),
// turned upright on a phone; the horses slide along their lane (kit/motion.js).

import { coursePatterns, fill, h, s, seatColour } from "/static/js/dom.js";
import { activate } from "/static/js/kit/action.js";
import { inkOn } from "/static/js/kit/colour.js";
import { createSlides, fillPawns, loopSquares } from "/static/js/kit/motion.js";

const U = 30; // SVG user units per track unit (one lane wide)
const MARGIN = 0.9; // track units around the course
const LANE_TINTS = { r: "#f7e3df", b: "#e1e9f5", j: "#f8f0cf", v: "#e0efdc" };

const fmt = (n) => String(Math.round(n * 10) / 10);
const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
const pathOf = (pts) => `M${pts.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join("L")}Z`;

/** The gaps of one lane (where a hurdle stands): after square k + 1, halfway to the next square. */
function gapsOf(centres, width) {
  const n = centres.length;
  return centres.map((a, k) => {
    const b = centres[(k + 1) % n];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const dir = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    const normal = [-dir[1], dir[0]];
    const at = mid(a, b);
    const half = width / 2;
    return {
      square: k + 1,
      at,
      angle: (Math.atan2(dir[1], dir[0]) * 180) / Math.PI,
      left: [at[0] - normal[0] * half, at[1] - normal[1] * half],
      right: [at[0] + normal[0] * half, at[1] + normal[1] * half],
    };
  });
}

/** The drawing of the figure-eight: every square's polygon, centre and heading, and every gap, per
 * lane, in SVG user units. Only coordinates are turned (upright on a phone), never the SVG itself, so
 * the numbers stay upright. */
function buildView(boardData, rotate) {
  const raw = boardData.cells;
  const width = (boardData.cell_size || 1) * U;
  // The engine's y runs up (the red lane on the right of the running direction); the screen's down.
  const flip = ([x, y]) => (rotate ? [y, x] : [x, -y]);
  const flat = raw.flat().map(flip);
  const x0 = Math.min(...flat.map((p) => p[0])) - 0.5;
  const y0 = Math.min(...flat.map((p) => p[1])) - 0.5;
  const x1 = Math.max(...flat.map((p) => p[0])) + 0.5;
  const y1 = Math.max(...flat.map((p) => p[1])) + 0.5;
  const P = (c) => {
    const [X, Y] = flip(c);
    return [(X - x0 + MARGIN) * U, (Y - y0 + MARGIN) * U];
  };
  const lanes = raw.map((row) => {
    const centres = row.map(P);
    const gaps = gapsOf(centres, width);
    const n = centres.length;
    const cells = centres.map((at, k) => {
      const back = gaps[(k - 1 + n) % n];
      const front = gaps[k];
      // Through the square's own centre too: in a tight turn the straight line from gap to gap
      // would cut inside the curve by half a lane.
      const dx = front.at[0] - back.at[0];
      const dy = front.at[1] - back.at[1];
      const len = Math.hypot(dx, dy) || 1;
      const normal = [-dy / len, dx / len];
      const half = width / 2;
      const left = [at[0] - normal[0] * half, at[1] - normal[1] * half];
      const right = [at[0] + normal[0] * half, at[1] + normal[1] * half];
      const pts = [back.left, left, front.left, front.right, right, back.right];
      return { square: k + 1, at, d: pathOf(pts), angle: front.angle };
    });
    return { cells, gaps };
  });
  return { lanes, width: (x1 - x0 + 2 * MARGIN) * U, height: (y1 - y0 + 2 * MARGIN) * U, laneWidth: width };
}

/** A bar across a lane at a gap, `length` along the running direction. */
function gapBar(gap, length, widthShare = 1) {
  const dx = Math.cos((gap.angle * Math.PI) / 180) * (length / 2);
  const dy = Math.sin((gap.angle * Math.PI) / 180) * (length / 2);
  const k = widthShare;
  const L = [gap.at[0] + (gap.left[0] - gap.at[0]) * k, gap.at[1] + (gap.left[1] - gap.at[1]) * k];
  const R = [gap.at[0] + (gap.right[0] - gap.at[0]) * k, gap.at[1] + (gap.right[1] - gap.at[1]) * k];
  return pathOf([
    [L[0] - dx, L[1] - dy],
    [L[0] + dx, L[1] + dy],
    [R[0] + dx, R[1] + dy],
    [R[0] - dx, R[1] - dy],
  ]);
}

/**
 * The course of one board: `svg` and `legend` to mount, `drawStatic()` (the squares, per layout and
 * language), `draw(moves)` (hurdles, horses sliding along `moves`, the gaps to tap).
 * @param {object} g   the board's context (board.js)
 */
export function createCourse(g) {
  const { shell, boardData, colours, NS } = g;
  const t = (key, params) => shell.t(key, params);
  const rivers = new Set(boardData.rivers || []);
  const redSquares = new Set(boardData.incident_squares || []);
  const squares = boardData.squares || 21;
  const slides = createSlides();
  let view = null;
  let viewKey = null;

  const svg = s("svg", { class: "rsc-track", role: "group", "data-testid": "rsc-track" });
  const trackTitle = s("title");
  const defs = s("defs", {}, coursePatterns("rsc", { checker: 6, hedge: 5, hedgeColours: ["#7a3b12", "#4a220a"] }));
  const staticLayer = s("g", { class: "rsc-static" });
  const hurdleLayer = s("g", { class: "rsc-hurdles" });
  const horseLayer = s("g", { class: "rsc-horses", "data-pieces": true });
  const targetLayer = s("g", { class: "rsc-targets" });
  svg.append(trackTitle, defs, staticLayer, hurdleLayer, horseLayer, targetLayer);
  const legend = h("p", { class: "rsc-legend" });

  const gapOf = (lane, square) => {
    const gaps = view?.lanes[lane]?.gaps;
    return gaps && Number.isInteger(square) ? gaps[(square - 1 + gaps.length) % gaps.length] : null;
  };
  /** The gap after `square` as the engine names it (board data `gaps`: `7-8`), kept in `data-gap`. */
  const gapText = (square) => boardData.gaps?.[square - 1] ?? String(square);

  function drawCells() {
    const parts = [];
    // Where the figure-eight crosses itself, the squares by the line (20, 21, 1) are drawn over those
    // of the far side (10, 11): from the middle of the lap outwards.
    const order = view.lanes[0].cells.map((c) => c.square).sort((a, b) => Math.abs(a - 10.5) - Math.abs(b - 10.5));
    for (const square of order) {
      view.lanes.forEach((laneView, lane) => {
        const c = laneView.cells[square - 1];
        const river = rivers.has(square);
        const fillOf = river ? "url(#rsc-water)" : LANE_TINTS[colours[lane]] || "#eee";
        parts.push(
          s("path", {
            class: `rsc-cell${river ? " river" : ""}`,
            d: c.d,
            fill: fillOf,
            "data-lane": colours[lane],
            "data-square": square,
          }),
          s(
            "text",
            {
              class: `rsc-num${redSquares.has(square) ? " red" : ""}${river ? " on-river" : ""}`,
              x: fmt(c.at[0]),
              y: fmt(c.at[1]),
            },
            String(square),
          ),
        );
      });
    }
    // The start and finish line, between 21 and 1, across the four lanes.
    for (const laneView of view.lanes) {
      parts.push(s("path", { class: "rsc-line", d: gapBar(laneView.gaps.at(-1), 7), "data-testid": "rsc-line" }));
    }
    fill(staticLayer, parts);
  }

  function drawStatic() {
    trackTitle.textContent = t(`${NS}.track_title`);
    svg.setAttribute("aria-label", trackTitle.textContent);
    const key = shell.layout;
    if (key !== viewKey || !view) {
      slides.stop(); // its ways are drawn for the view left
      view = buildView(boardData, shell.layout === "phone");
      viewKey = key;
      svg.setAttribute("viewBox", `0 0 ${fmt(view.width)} ${fmt(view.height)}`);
      drawCells();
    }
    fill(
      legend,
      ["river", "red", "central", "hurdle", "line"].map((k) =>
        h("span", { class: `rsc-key ${k}` }, t(`${NS}.legend_${k}`)),
      ),
    );
  }

  function drawHurdles() {
    const parts = [];
    (shell.obs.horses || []).forEach((horse, lane) => {
      const marks = [
        ["central", horse.central, "rsc-central", "central-hurdle", 9, 1.05],
        ["hurdle", horse.hurdles, "rsc-hurdle", "mobile-hurdle", 7, 0.95],
      ];
      for (const [word, list, cls, testid, length, share] of marks) {
        for (const square of list || []) {
          const gap = gapOf(lane, square);
          if (!gap) continue;
          const label = t(`${NS}.${word}_at`, { horse: g.horseName(lane), ...g.between(square) });
          const attrs = { class: cls, d: gapBar(gap, length, share), "data-testid": testid };
          parts.push(
            s("path", { ...attrs, "data-lane": colours[lane], "data-gap": gapText(square) }, s("title", {}, label)),
          );
        }
      }
    });
    fill(hurdleLayer, parts);
  }

  function drawHorses() {
    const parts = [];
    const r = view.laneWidth * 0.4;
    const mine = g.myHorse();
    (shell.obs.horses || []).forEach((horse, lane) => {
      const c = view.lanes[lane]?.cells[horse.square - 1];
      if (!c) return;
      const colour = g.cards.horseColour(lane);
      const owner = g.isPlace(horse.owner) ? horse.owner : null;
      const el = s("g", {
        class: `rsc-horse${horse.finished ? " finished" : ""}${lane === mine ? " mine" : ""}`,
        transform: `translate(${fmt(c.at[0])} ${fmt(c.at[1])})`,
        "data-testid": `horse-${colours[lane]}`,
        "data-square": horse.square,
      });
      const stroke = owner === null ? "#333" : owner === g.DUMMY ? "#777" : seatColour(owner);
      const initial = owner === null ? "·" : owner === g.DUMMY ? t(`${NS}.dummy_initial`) : String(owner + 1);
      el.append(
        s("title", {}, g.horseLabel(lane) + (lane === mine ? ` · ${t(`${NS}.your_horse`)}` : "")),
        lane === mine ? s("circle", { class: "rsc-mine-ring", r: fmt(r * 1.45) }) : null,
        s("circle", { class: "rsc-horse-body", r: fmt(r), fill: colour, stroke }),
        s("text", { class: "rsc-horse-text", fill: inkOn(colour), "font-size": fmt(r * 1.1) }, initial),
      );
      if (horse.finished) {
        const flag = {
          class: "rsc-flag",
          x: fmt(r * 0.3),
          y: fmt(-r * 1.6),
          width: fmt(r * 1.1),
          height: fmt(r * 0.8),
        };
        el.append(
          s("rect", { ...flag, fill: "url(#rsc-checker)" }),
          s("text", { class: "rsc-place", x: fmt(-r * 1.1), y: fmt(-r * 1.2) }, String(horse.finished)),
        );
      }
      parts.push(el);
    });
    fillPawns(horseLayer, parts, (el) => el.dataset.testid);
  }

  /** Slide each horse moved in the last change square by square along its lane, in the order the
   * coups moved them, forward or falling back (still under reduced motion, kit/motion.js). */
  function slide(moves) {
    const runs = [];
    for (const { piece: lane, from, to, step } of moves) {
      const element = horseLayer.querySelector(`[data-testid="horse-${colours[lane]}"]`);
      const cells = loopSquares(from, to, squares, step);
      const points = (cells || []).map((n) => view.lanes[lane]?.cells[n - 1]?.at).filter(Boolean);
      if (element && cells && points.length === cells.length) runs.push({ key: colours[lane], element, points, cells });
    }
    slides.play(horseLayer, runs);
  }

  /** The gaps of the decision, highlighted: a tap target on a large screen; on a phone, where a gap is
   * smaller than a finger, only a mark (the list of landing choices under the course is the target,
   * controls.js), kept focusable-looking (`tabindex`) so the page's frame scrolls to it. */
  function drawTargets() {
    const parts = [];
    const tappable = shell.layout !== "phone";
    const lane = tappable ? null : g.gapLane(); // a phone lists one lane's gaps: those are marked
    for (const choice of g.gapChoices()) {
      if (lane !== null && choice.lane !== lane) continue;
      const gap = gapOf(choice.lane, choice.square);
      if (!gap) continue;
      const label = g.gapLabel(choice);
      const el = s("g", {
        class: `rsc-gap-target${choice.remove ? " remove" : ""}${tappable ? "" : " mark"}`,
        role: tappable ? "button" : null,
        tabindex: tappable ? "0" : "-1",
        "aria-label": tappable ? label : null,
        "aria-hidden": tappable ? null : "true",
        "data-testid": tappable ? "gap-target" : "gap-mark",
        "data-action": tappable ? choice.action : null,
        "data-lane": colours[choice.lane],
        "data-gap": gapText(choice.square),
      });
      el.append(
        s("title", {}, label),
        s("path", { class: "rsc-gap-zone", d: gapBar(gap, view.laneWidth * 0.9, 0.98) }),
        s("path", { class: "rsc-gap-mark", d: gapBar(gap, 3, 0.8) }),
      );
      if (tappable) activate(el, () => g.act(choice.action));
      parts.push(el);
    }
    fill(targetLayer, parts);
  }

  return {
    svg,
    legend,
    drawStatic,
    /** Draw the state; `moves` ({piece, from, to, step}) slide once, when given: a slide under way
     * goes on through a redraw of the same state. */
    draw(moves = []) {
      if (!view) drawStatic();
      drawHurdles();
      drawHorses();
      if (moves.length) slide(moves);
      drawTargets();
    },
    /** Stop the slides under way, every horse where the state puts it (a new state, the end). */
    stop: () => slides.stop(),
    destroy: () => slides.stop(),
  };
}
