// Ascot's race course: the six lanes drawn from the engine's lane-track geometry (`kit/lanetrack.js`),
// with the twelve start squares, the coloured and inscribed squares, the last turn's post, the winning
// post, the horses and the green squares the seat may move to (`targets.js`: tapped on the course
// when large enough, else only lit there and offered as a list of buttons under it). On a phone the
// drawing zooms to the horse that must move (the page never wider than the screen), and a button
// shows the whole course.

import { coursePatterns, fill, h, s } from "/static/js/dom.js";
import { cellShapes, laneView } from "/static/js/kit/lanetrack.js";
import { createSlides, fillPawns, laneTrackPath, placeOf } from "/static/js/kit/motion.js";
import { createTargets } from "./targets.js";
import { CELL_FILL, CODE_COLOUR, pawn } from "./words.js";

const S = 30; // SVG user units per length of the race course
const MARGIN = 0.6; // lengths of turf round the course
const CLOSE_UP = [8.2, 7.4]; // the phone's window on the course, in lengths (squares of about 42 px)

/**
 * The race course's part of the board.
 * @param {object} ctx
 * @param {{selectHorse: (id: string) => void}} how
 */
export function createRace(ctx, { selectHorse }) {
  const bd = ctx.bd;
  const codes = bd.lanes.join("");
  const gate = new Map(bd.gate.map((g) => [g.horse, g]));
  const noLaneChange = new Set(bd.no_lane_change);
  const laneStart = [];
  bd.lanes.reduce((first, text, lane) => {
    laneStart[lane] = first;
    return first + text.length;
  }, 0);
  /** The cell of lane (from 1) and square (from 1). */
  const cellAt = (lane, square) => laneStart[lane - 1] + square - 1;
  // The course with its start squares and posts, at one scale: the geometry's bounds are the board's.
  const view = laneView({ ...bd.race_course, bounds: bd.bounds }, { scale: S, margin: MARGIN });
  const at = (point) => view.place(point);
  const slides = createSlides();

  const box = h("details", { class: "as-board-box as-race-box", "data-testid": "as-race-box" });
  const title = h("summary");
  const svg = s("svg", { class: "as-race", "data-testid": "as-race", role: "group", viewBox: view.viewBox });
  const staticLayer = s("g", { class: "as-static" });
  const targetLayer = s("g", { class: "as-targets" });
  const pawnLayer = s("g", { class: "as-pawns", "data-pieces": true });
  svg.append(staticLayer, targetLayer, pawnLayer);
  const tools = h("div", { class: "as-race-tools" });
  const landings = h("div", { class: "as-landings", "data-testid": "as-landings" });
  const legend = h("div", { class: "as-legend" });
  box.append(title, tools, svg, landings, legend);
  const targets = createTargets(ctx, { view, svg, layer: targetLayer, landings, postBox });

  // -- the static drawing ---------------------------------------------------------------------------

  const squareName = (i) => `${view.cells[i].lane + 1}.${view.cells[i].index + 1}`;
  function cellText(i) {
    const c = view.cells[i];
    const colour = CODE_COLOUR[codes[i]];
    const where = { lane: c.lane + 1, square: c.index + 1 };
    if (colour) return ctx.tx("cell_colour", { ...where, colour: ctx.colourName(colour) });
    return ctx.tx("cell_inscription", { ...where, text: bd.inscriptions[codes[i]]?.[ctx.lang] || "" });
  }

  function drawStatic() {
    title.textContent = ctx.tx("race_title");
    // The list of landings, when there is one: under the close-up on a phone, above the whole course
    // elsewhere (the course is a screen high there: the list stays on the first screen).
    box.insertBefore(landings, ctx.shell.layout === "phone" ? legend : svg);
    svg.setAttribute("aria-label", ctx.tx("race_title"));
    const colour = {};
    const zone = [];
    for (let i = 0; i < view.cells.length; i += 1) {
      colour[i] = CODE_COLOUR[codes[i]] || "white";
      if (noLaneChange.has(i)) zone.push(i);
    }
    const parts = [
      s("defs", {}, [
        ...coursePatterns("as"),
        s(
          "pattern",
          { id: "as-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
          [s("rect", { width: 3, height: 8, fill: "rgba(255,255,255,0.55)" })],
        ),
      ]),
      s("rect", { class: "as-turf", x: 0, y: 0, width: view.width, height: view.height, rx: 12 }),
      cellShapes(view, {
        features: { colour, zone },
        prefix: "as",
        attrs: (c) => ({
          title: cellText(c.id),
          "data-square": squareName(c.id),
          fill: CELL_FILL[codes[c.id]] || "#fbf8ef",
        }),
      }),
    ];
    for (const c of view.cells) {
      if (CODE_COLOUR[codes[c.id]]) continue;
      const strong = codes[c.id] === "W" || codes[c.id] === "Z";
      parts.push(
        s(
          "text",
          { class: `as-glyph${strong ? " strong" : ""}`, x: c.at[0], y: c.at[1] },
          ctx.tx(`glyph.${codes[c.id]}`),
        ),
      );
    }
    for (const c of view.cells) {
      if (noLaneChange.has(c.id)) parts.push(s("path", { class: "as-zone", d: c.d }));
    }
    for (const g of bd.gate) {
      const [x, y] = at(g.centre);
      const points = g.points
        .map(at)
        .map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`)
        .join(" ");
      parts.push(
        s(
          "polygon",
          { points, class: "as-start" },
          s("title", {}, ctx.tx("start_square", { horse: ctx.horseName(g.horse) })),
        ),
        s("text", { class: "as-start-num", x, y }, g.horse.slice(1)),
      );
    }
    const [g0, g1] = [at(bd.gate[0].points[1]), at(bd.gate[5].points[2])];
    parts.push(s("line", { class: "as-gate", x1: g0[0], y1: g0[1], x2: g1[0], y2: g1[1] }));
    parts.push(s("text", { class: "as-label", x: g0[0] - S, y: g0[1] - 0.35 * S }, ctx.tx("starting_gate")));
    const [l0, l1] = bd.posts.last_turn.map(at);
    parts.push(
      s("line", { class: "as-post", x1: l0[0], y1: l0[1], x2: l1[0], y2: l1[1] }),
      s("circle", { class: "as-post-head", cx: l0[0], cy: l0[1], r: 5 }),
      s("text", { class: "as-label start", x: l0[0] + 0.3 * S, y: l0[1] + 0.6 * S }, ctx.tx("last_turn_post")),
    );
    const [f0, f1] = bd.posts.finish.map(at);
    parts.push(
      s("rect", {
        class: "as-finish",
        x: f0[0] - 4,
        y: f0[1],
        width: 8,
        height: f1[1] - f0[1],
        fill: "url(#as-checker)",
      }),
      s("text", { class: "as-label", x: f0[0], y: f0[1] - 0.35 * S }, ctx.tx("finish_post")),
    );
    for (let place = 1; place <= 3; place += 1) {
      const y = f0[1] + (place * 1.2 - 0.35) * S;
      parts.push(s("text", { class: "as-place-label", x: f0[0] + 0.3 * S, y }, ctx.t(`web.ordinal.${place}`)));
    }
    fill(staticLayer, parts);
    drawLegend();
  }

  function drawLegend() {
    const bonus = bd.colour_bonus;
    const glyphs = Object.entries(bd.inscriptions).map(([code, ins]) =>
      h("li", {}, h("span", { class: "as-legend-glyph" }, ctx.tx(`glyph.${code}`)), " ", ins[ctx.lang] || ins.en),
    );
    fill(
      legend,
      h("p", {}, ctx.tx("legend_colours", bonus)),
      h(
        "ul",
        { class: "as-legend-list" },
        glyphs,
        h("li", {}, h("span", { class: "as-legend-zone", "aria-hidden": "true" }), " ", ctx.tx("legend_zone")),
      ),
    );
  }

  // -- the horses and the squares to move to --------------------------------------------------------

  /** The horses the die is for that have squares to go to, and the moves of each. */
  function choices() {
    const byHorse = new Map();
    for (const m of ctx.movesOf("move")) {
      if (!byHorse.has(m.args.horse)) byHorse.set(m.args.horse, []);
      byHorse.get(m.args.horse).push(m);
    }
    return byHorse;
  }

  function current(byHorse = choices()) {
    const chosen = ctx.state.selectedHorse;
    if (chosen && byHorse.has(chosen)) return chosen;
    return byHorse.size ? [...byHorse.keys()][0] : null;
  }

  /** Where a horse stands, in user units, or null (a place by the post for a placed horse). */
  function spot(id, where, placed) {
    if (where === "start") return gate.has(id) ? at(gate.get(id).centre) : null;
    if (where === "post") {
      const place = placed.indexOf(id);
      if (place < 0) return null; // disqualified at the post: told in the log
      const [[fx, fy]] = bd.posts.finish;
      return at([fx + 1.8, fy + (place + 1) * 1.2 - 0.45]);
    }
    if (typeof where === "string" && where.includes(".")) {
      const [lane, square] = where.split(".").map(Number);
      return view.cells[cellAt(lane, square)]?.at ?? null;
    }
    return null;
  }

  /** The moves of the horse shown, as targets on their cells (the post apart). */
  function targetsOf(list) {
    const onCells = [];
    let post = null;
    for (const m of list) {
      if (m.args.lane >= 1) {
        const cell = cellAt(m.args.lane, m.args.square);
        onCells.push({ cell, action: m.notation, label: cellText(cell), move: m });
      } else if (m.args.square === 1) post = m;
    }
    return { onCells, post };
  }

  /** The winning post's target, in user units: a band beside the finish line. */
  function postBox() {
    const [f0, f1] = bd.posts.finish.map(at);
    return { x: f0[0] + 5, y: f0[1], width: 1.4 * S, height: f1[1] - f0[1] };
  }

  /** The window shown: the whole course, or on a phone a close-up round `points` (user units). */
  function frame(points) {
    const phone = ctx.shell.layout === "phone";
    tools.hidden = !phone;
    if (!phone || ctx.state.wholeCourse || !points.length) return view.viewBox;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const w = Math.min(view.width, Math.max(CLOSE_UP[0] * S, Math.max(...xs) - Math.min(...xs) + 2 * S));
    const hgt = Math.min(view.height, Math.max(CLOSE_UP[1] * S, Math.max(...ys) - Math.min(...ys) + 2 * S));
    // Never much taller than wide: the seat's controls stay on the screen with it.
    if (hgt > 1.1 * w) return windowAt(xs, ys, Math.min(view.width, hgt / 1.1), hgt);
    return windowAt(xs, ys, w, hgt);
  }

  /** A window `w` by `hgt` user units centred on the points, kept within the course. */
  function windowAt(xs, ys, w, hgt) {
    const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
    const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
    const x = Math.max(0, Math.min(view.width - w, cx - w / 2));
    const y = Math.max(0, Math.min(view.height - hgt, cy - hgt / 2));
    return `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${hgt.toFixed(1)}`;
  }

  function drawTools(closeUp) {
    const whole = ctx.state.wholeCourse;
    fill(
      tools,
      closeUp || whole
        ? h(
            "button",
            {
              type: "button",
              class: "kit-target as-zoom-toggle",
              "data-testid": "as-race-zoom",
              "aria-pressed": String(whole),
              onclick: () => {
                ctx.state.wholeCourse = !whole;
                ctx.shell.redraw();
              },
            },
            whole ? ctx.tx("close_up") : ctx.tx("whole_course"),
          )
        : null,
    );
  }

  function draw() {
    const o = ctx.obs();
    const race = o?.race || {};
    const byHorse = choices();
    const shown = current(byHorse);
    const favourites = new Set((o?.favourites || []).filter(Boolean));
    const fallen = new Set(race.fallen || []);
    const me = ctx.viewer();
    const { onCells, post } = targetsOf(byHorse.get(shown) || []);
    const pawns = [];
    const focus = [];
    for (const [id, where] of Object.entries(race.at || {})) {
      const centre = spot(id, where, race.placed || []);
      if (!centre) continue;
      const movable = byHorse.size > 1 && byHorse.has(id);
      if (byHorse.has(id)) focus.push(centre);
      pawns.push(
        pawn(ctx, id, centre[0], centre[1], 0.4 * S, {
          mine: me !== null && ctx.ownerOf(id) === me,
          movable: byHorse.has(id),
          selected: id === shown && byHorse.size > 0,
          favourite: favourites.has(id),
          fallen: fallen.has(id),
          onClick: movable ? () => selectHorse(id) : null,
        }),
      );
    }
    for (const t of onCells) focus.push(view.cells[t.cell].at);
    if (post) focus.push(at(bd.posts.finish[0]), at(bd.posts.finish[1]));
    // Nothing to move: the horses still running.
    if (!focus.length) {
      for (const [id, where] of Object.entries(race.at || {})) {
        if (where !== "post" && where !== "start") focus.push(spot(id, where, race.placed || []));
      }
    }
    // No horse running yet: the starting gate, where the race begins.
    if (!focus.length) for (const g of bd.gate) focus.push(at(g.centre));
    const viewBox = frame(focus.filter(Boolean));
    svg.setAttribute("viewBox", viewBox);
    drawTools(viewBox !== view.viewBox);
    targets.set(onCells, post, shown);
    fillPawns(pawnLayer, pawns, (el) => el.dataset.horse);
  }

  /** Slide each horse moved on the race course in the last change, one after another as they ran:
   * from the start square into its lane, square by square (a lane change first, de biais, then on
   * along the lane: the way the board draws a move, the events naming only where it ended), past the
   * post to its place there (issue 16; still under reduced motion, `kit/motion.js`). */
  function slide(moved) {
    const runs = [];
    for (const { piece: horse, from, to } of moved) {
      const element = pawnLayer.querySelector(`[data-horse="${horse}"]`);
      if (!element) continue;
      let first = from;
      const points = [];
      const cells = [];
      if (from === "start") {
        const g = gate.get(horse);
        if (!g) continue;
        points.push(at(g.centre));
        cells.push("start");
        first = cellAt(g.lane, 1);
      }
      if (!Number.isInteger(first)) continue;
      const lane = view.cells[first].lane;
      const last = to === "post" ? cellAt(lane + 1, bd.lanes[lane].length) : to;
      const mayChange = (c, next) => !noLaneChange.has(c) && !noLaneChange.has(next);
      const way = laneTrackPath(bd.race_course, first, last, { mayChange });
      if (!way) continue;
      points.push(...way.map((c) => view.cells[c].at));
      cells.push(...way.map(squareName));
      if (to === "post") {
        points.push(placeOf(element));
        cells.push("post");
      }
      runs.push({ key: horse, element, points, cells });
    }
    slides.play(pawnLayer, runs);
  }

  /** What a race event moved, for `movesFromEvents`: a horse to a cell or past the post. */
  function read(event) {
    const p = event.params || {};
    if (event.key === "ascot.horse_ran" || event.key === "ascot.horse_placed_at")
      return { piece: p.horse, to: cellAt(p.lane, p.square) };
    if (event.key === "ascot.horse_placed") return { piece: p.horse, to: "post" };
    return null;
  }

  /** Where a horse stood in the state message before (a cell, "start", "post"), or null. */
  function startOf(before, horse) {
    const where = before?.observation?.race?.at?.[horse];
    if (where === "post") return null; // past the post: it does not move again
    if (typeof where === "string" && where.includes(".")) return cellAt(...where.split(".").map(Number));
    return where ?? null;
  }

  /** Stop the slides under way, every horse where the state puts it. */
  const stop = () => slides.stop();
  const destroy = () => {
    stop();
    targets.destroy();
  };
  return { box, svg, drawStatic, draw, slide, read, startOf, choices, current, stop, destroy };
}
