// Win, Place & Show's course: the oval of five lanes drawn from the engine's lane-track geometry
// (kit/lanetrack.js) between its white rails, the turf around and the infield mown, the passing spaces, the finish line, the horses, and the squares the horse in
// turn may end on (the legal `ride` actions). On a phone, in a race, the oval zooms to the field, or
// to the horse in turn and its squares, each marked with the letter of its button in the list of
// landing choices (a cell is far too small to tap there); on a wide screen the squares are targets
// too, for a mouse (or a finger, where they are large enough). Horses slide along their way
// (kit/motion.js). No rule here: the squares are the ones the server typed.

import { s, seatColour } from "/static/js/dom.js";
import {
  cellShapes,
  cellTargets,
  fmt,
  laneView,
  pawnOn,
  stationShape,
  tooSmallToTap,
  trackEdges,
} from "/static/js/kit/lanetrack.js";
import { createSlides, laneTrackPath, movesFromEvents } from "/static/js/kit/motion.js";
import { NS } from "./words.js";

export const HORSE_COLOURS = ["#c62828", "#f5f5f5", "#1565c0", "#f9a825", "#2e7d32", "#212121"];
const HORSE_TEXT = ["#fff", "#111", "#fff", "#111", "#fff", "#fff"];
const SCALE = 20;
/** The zoomed window's proportions on a phone (width to height), and its least width in squares. */
const ZOOM_RATIO = 1.55;
const ZOOM_MIN = 12;
/** The letters that mark the landing choices on the oval and in the list (the horses wear numbers). */
const MARKS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** The phases of a race under way, when a phone shows the field rather than the whole oval. */
const RACING = new Set(["dice", "riding", "claim", "ruling"]);
/** The most of the oval's width the field's window may take (beyond, the horse in turn's only). */
const FIELD_MOST = 0.6;

/**
 * The static course: the view of the oval, each cell's name ("3-41": lane and square, from 1) both
 * ways, the passing spaces and the finish line.
 * @param {object} boardData   GET /api/games/win_place_show/board
 */
export function courseOf(boardData) {
  const view = laneView(boardData.geometry, { scale: SCALE, margin: 0.4 });
  const names = boardData.cells.map((c) => `${c.lane}-${c.square}`);
  const index = new Map(names.map((n, i) => [n, i]));
  const spaces = new Set(boardData.passing_spaces);
  return { view, geometry: boardData.geometry, names, index, spaces, finish: boardData.finish };
}

/**
 * The squares the horse in turn may end on, as landing targets (kit/lanetrack.js `CellTarget`), in
 * the order they are offered: across the line first, then lane by lane from the rail, the farthest
 * square first; each marked with a letter (`mark`) on the oval and in the list.
 * @param {ReturnType<typeof courseOf>} course
 * @param {Array<{kind: string, args: object, notation: string}>} moves
 * @param {ReturnType<import("./words.js").wordsOf>} w
 */
export function landingTargets(course, moves, w) {
  const rides = moves.filter((m) => m.kind === "ride");
  const found = rides.map((m) => {
    if (m.args.cell === "home")
      return { cell: -1, action: m.notation, label: w.tx("landing_home"), lane: 0, square: 1e9 };
    const [lane, square] = m.args.cell.split("-").map(Number);
    const cell = course.index.get(m.args.cell);
    const key = course.spaces.has(cell) ? "landing_space" : "landing";
    return { cell, action: m.notation, label: w.tx(key, { lane, square }), lane, square };
  });
  found.sort((a, b) => a.lane - b.lane || b.square - a.square);
  return found.map((x, i) => {
    const mark = MARKS[i] ?? String(i + 1);
    return { ...x, mark, label: `${mark}. ${x.label}`, data: { "data-mark": mark } };
  });
}

/**
 * The course area: `root` (a `.wps-track` holding the SVG), `draw(shell, targets)`, `changed(shell)`
 * (collects the moves a new state brought, to slide them at the next draw), `destroy()`.
 * @param {ReturnType<typeof courseOf>} course
 */
export function createCourse(course) {
  const { view } = course;
  const root = document.createElement("div");
  root.className = "wps-track";
  const slides = createSlides();
  /** The horses' layer, kept from one drawing to the next: a redraw at the same version (a player
   * connecting, the language, a hint) leaves a slide under way alone. */
  const horses = s("g", { class: "wps-horses" });
  let moves = [];
  let pending = false; // the moves collected at the last change are still to slide
  let owed = false; // a redraw came while the horses slid: their pawns are drawn once they stand
  let latest = null;
  let frame = 0;
  const centre = (cell) => view.cells[cell].at;
  /** §6: a horse changes lane only from a cell of a straight. */
  const straight = (cell) => !view.cells[cell].turn;

  /** A new version: the slides of the last one stop; a later version's moves slide at the next draw
   * (none when the replay steps back or the log came whole: `shell.forward`). */
  function changed(shell) {
    slides.stop();
    cancelAnimationFrame(frame);
    owed = false;
    pending = shell.forward;
    if (!pending) {
      moves = [];
      return;
    }
    moves = movesFromEvents(shell.msg, shell.before, {
      read: (e) =>
        e.key === "win_place_show.horse_moved"
          ? { piece: e.params.horse, to: course.index.get(`${e.params.lane}-${e.params.square}`) }
          : null,
      startOf: (before, horse) => before.observation?.horses.find((x) => x.id === horse)?.cell ?? null,
    });
  }

  function draw(shell, targets) {
    const obs = shell.obs;
    const phone = shell.layout === "phone";
    const svg = s("svg", {
      class: "wps-oval",
      viewBox: view.viewBox,
      role: "img",
      "aria-label": shell.t(`${NS}.track_title`),
    });
    const { infield, rail, outside } = trackEdges(view);
    const cells = cellShapes(view, {
      prefix: "wps",
      features: { passing: course.spaces, finish: course.finish },
      attrs: (c) => ({ "data-cell": course.names[c.id] }),
    });
    const marked = targets.filter((x) => x.cell >= 0);
    for (const x of marked) cells[x.cell].classList.add("wps-landing-cell");
    // A finished oval: the turf around, the infield mown in stripes, the white rails on their posts.
    const ground = s("rect", { class: "wps-ground", x: 0, y: 0, width: fmt(view.width), height: fmt(view.height) });
    const mown = s(
      "pattern",
      { id: "wps-mown", width: SCALE * 2, height: SCALE * 2, patternUnits: "userSpaceOnUse" },
      s("rect", { width: SCALE * 2, height: SCALE * 2, fill: "#5f9a4a" }),
      s("rect", { width: SCALE, height: SCALE * 2, fill: "#6fab58" }),
    );
    const posts = (edge) => {
      const copy = edge.cloneNode();
      copy.setAttribute("class", "wps-posts");
      return copy;
    };
    svg.append(s("defs", {}, mown), ground, infield, ...cells, rail, posts(rail), outside, posts(outside));
    const line = stationShape(view, view.cells[course.finish[0]]?.station);
    if (line) svg.append(s("path", { class: "wps-finish-line", d: line }));
    for (const c of course.spaces) {
      const [x, y] = view.cells[c].at;
      svg.append(s("circle", { cx: fmt(x), cy: fmt(y), r: fmt(SCALE * 0.12), class: "wps-space" }));
    }
    // The squares are targets where a pointer can hit them: a mouse, or a finger on cells of 40 px.
    const fine = window.matchMedia?.("(pointer: fine)").matches;
    const cellsOf = marked.map((x) => x.cell);
    if (!phone && shell.interactive && (fine || !tooSmallToTap(view, root.clientWidth, { cells: cellsOf }))) {
      svg.append(...cellTargets(view, marked, { act: (x) => shell.act(x.action), testid: "wps-target" }));
    }
    svg.append(...marked.map((x) => markOn(x)));
    if (pending || !horses.hasAttribute("data-sliding")) drawHorses(obs);
    else owe(obs);
    svg.append(horses);
    const zoom = phone ? zoomBox(obs, marked) : null;
    if (zoom) svg.setAttribute("viewBox", zoom);
    svg.classList.toggle("wps-zoomed", Boolean(zoom));
    root.replaceChildren(svg);
    if (pending) slide(horses);
  }

  /** The pawns of the horses on the oval, where the state puts them. */
  function drawHorses(obs) {
    const pawns = [];
    for (const horse of obs.horses) {
      if (horse.cell === null) continue;
      const n = horse.number - 1;
      const pawn = pawnOn(
        view,
        horse.cell,
        [
          s("circle", {
            r: fmt(SCALE * 0.42),
            fill: HORSE_COLOURS[n],
            stroke: horse.owner === null ? "#777" : seatColour(horse.owner),
          }),
          s("text", { y: fmt(SCALE * 0.2), fill: HORSE_TEXT[n], "text-anchor": "middle" }, String(horse.number)),
        ],
        { attrs: { class: `wps-horse${obs.moving === horse.id ? " wps-moving" : ""}`, "data-horse": horse.id } },
      );
      pawns.push(pawn);
    }
    horses.replaceChildren(...pawns);
  }

  /** A redraw while the horses slide: their pawns are drawn again once they stand (the same
   * version, so the same squares; only the horse in turn's mark may differ). */
  function owe(obs) {
    latest = obs;
    if (owed) return;
    owed = true;
    const check = () => {
      if (horses.hasAttribute("data-sliding")) {
        frame = requestAnimationFrame(check);
        return;
      }
      owed = false;
      drawHorses(latest);
    };
    frame = requestAnimationFrame(check);
  }

  /** The letter of a landing choice, on its square. */
  function markOn(target) {
    const [x, y] = centre(target.cell);
    return s(
      "g",
      { class: "wps-mark", transform: `translate(${fmt(x)} ${fmt(y)})`, "aria-hidden": "true" },
      s("rect", {
        x: fmt(-SCALE * 0.36),
        y: fmt(-SCALE * 0.36),
        width: fmt(SCALE * 0.72),
        height: fmt(SCALE * 0.72),
        rx: 3,
      }),
      s("text", { y: fmt(SCALE * 0.14), "text-anchor": "middle" }, String(target.mark)),
    );
  }

  /** On a phone, in a race: the window round the field (the horses on the oval, the squares the horse
   * in turn may end on), or round the horse in turn and its squares when the field is strung out;
   * null (the whole oval) out of a race or when even that is too wide. */
  function zoomBox(obs, marked) {
    const onOval = obs.horses.filter((x) => x.cell !== null && !x.home);
    const moving = onOval.find((x) => x.id === obs.moving);
    const focus = [...(moving ? [moving.cell] : []), ...marked.map((x) => x.cell)];
    if (!focus.length && !RACING.has(obs.phase)) return null;
    const field = [...focus, ...onOval.map((x) => x.cell)];
    return windowOver(field, FIELD_MOST) ?? (focus.length ? windowOver(focus, 1) : null);
  }

  /** The window in the phone's proportions round `cells`, inside the oval's drawing; null when it would
   * be wider than `most` of the drawing. */
  function windowOver(cells, most) {
    if (!cells.length) return null;
    const points = cells.map(centre);
    const pad = SCALE * 1.2;
    let x0 = Math.min(...points.map((p) => p[0])) - pad;
    let x1 = Math.max(...points.map((p) => p[0])) + pad;
    let y0 = Math.min(...points.map((p) => p[1])) - pad;
    let y1 = Math.max(...points.map((p) => p[1])) + pad;
    const grow = (lo, hi, size) => [(lo + hi) / 2 - size / 2, (lo + hi) / 2 + size / 2];
    if (x1 - x0 < ZOOM_MIN * SCALE) [x0, x1] = grow(x0, x1, ZOOM_MIN * SCALE);
    if ((x1 - x0) / (y1 - y0) > ZOOM_RATIO) [y0, y1] = grow(y0, y1, (x1 - x0) / ZOOM_RATIO);
    else [x0, x1] = grow(x0, x1, (y1 - y0) * ZOOM_RATIO);
    // As high as the drawing at most (then wider), shifted inside its edges.
    if (y1 - y0 > view.height) {
      [y0, y1] = [0, view.height];
      [x0, x1] = grow(x0, x1, view.height * ZOOM_RATIO);
    }
    if (x1 - x0 > most * view.width) return null;
    const shift = (lo, hi, size) => (lo < 0 ? -lo : hi > size ? size - hi : 0);
    const dx = shift(x0, x1, view.width);
    const dy = shift(y0, y1, view.height);
    return [x0 + dx, y0 + dy, x1 - x0, y1 - y0].map(fmt).join(" ");
  }

  /** Slide each horse moved in the last change cell by cell: a lane change first, de biais, then on
   * along the lane (the way the board draws a move whose events name only its end; issue 16). */
  function slide(layer) {
    const runs = [];
    for (const { piece, from, to } of moves) {
      const element = layer.querySelector(`[data-horse="${piece}"]`);
      const cells = laneTrackPath(course.geometry, from, to, { mayChange: straight });
      if (!element || !cells || cells.length < 2) continue;
      runs.push({ key: piece, element, points: cells.map(centre), cells: cells.map((c) => course.names[c]) });
    }
    moves = [];
    pending = false;
    slides.play(layer, runs);
  }

  return {
    root,
    draw,
    changed,
    destroy() {
      cancelAnimationFrame(frame);
      slides.stop();
    },
  };
}
