// Toques et Casques' track as drawn: the engine's lane-track geometry (GET
// /api/games/toques_et_casques/board: per cell a polygon and a centre, in track units) turned into SVG
// user units, mirrored for a clockwise race and turned for a narrow screen, with the helpers that
// place a plaque or a label on a station. Shared by the board (board.js) and the course designer of
// the lobby (options.js), so both draw the same hippodrome. No rule of the game here.

import { s } from "/static/js/dom.js";
import { has, t } from "/static/js/i18n.js";
import { cellShapes, closedPath, fmt, laneView, mid, openPath, trackEdges } from "/static/js/kit/lanetrack.js";

export const U = 20; // SVG user units per track unit (one length, one lane wide)
export const MARGIN = 1.9; // track units around the oval: room for the plaques' labels

export { fmt, mid };
export const pathOf = closedPath;
export const lineOf = openPath;

// -- the track as drawn: engine geometry, mirrored (clockwise races) and turned (narrow screens) -------

/** The drawing of one hippodrome (`kit/lanetrack.js`'s view): every cell's polygon in SVG user units,
 * its centre, the heading of a horse standing on it, and the cells of each station. Only coordinates
 * are transformed, never the SVG itself, so every text stays upright and readable. */
export function buildView(geometry, { mirror, rotate }) {
  return laneView(geometry, { scale: U, margin: MARGIN, mirror, rotate });
}

/** The cells across the track at rank `offset` of segment `segment` (a straight), or undefined. */
export function rowAt(view, segment, offset) {
  return view.stations.get(view.cells.find((c) => c.segment === segment && c.offset === offset)?.station);
}

/** The quadrilateral a station covers (all six lanes of one rank of a straight), or null. */
export function stationPolygon(view, station) {
  const row = view.stations.get(station);
  if (!row || !row[0] || !row[row.length - 1]) return null;
  const a = row[0].pts;
  const b = row[row.length - 1].pts;
  const n = b.length;
  return [a[0], a[n / 2 - 1], b[n / 2], b[n - 1]];
}

/** Where a label beside a station goes: beyond the outer edge (`side` 1) or inside the rail (-1),
 * written along the straight (turned a quarter on a straight that runs down the screen) and kept
 * readable. With `along` the text starts at the station and runs the way the horses run (a plaque at
 * the entrance of a straight); else it is centred on it. */
export function stationLabel(view, station, side = 1, { distance = 1.1, along = false } = {}) {
  const row = view.stations.get(station);
  if (!row) return null;
  const a = row[0].at;
  const b = row[row.length - 1].at;
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const v = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
  const from = side > 0 ? b : a;
  const x = from[0] + side * v[0] * distance * U;
  const y = from[1] + side * v[1] * distance * U;
  const run = row[0].angle;
  let angle = run;
  while (angle > 90.5) angle -= 180;
  while (angle <= -89.5) angle += 180;
  const backwards = Math.abs(((run - angle + 540) % 360) - 180) > 179; // the text runs against the horses
  const anchor = along ? (backwards ? "end" : "start") : "middle";
  return { x, y, anchor, angle: Math.abs(angle) < 0.5 ? 0 : angle };
}

/** An SVG text at a station label's place. */
export function labelText(at, cls, text) {
  const attrs = { class: cls, x: fmt(at.x), y: fmt(at.y), "text-anchor": at.anchor };
  if (at.angle) attrs.transform = `rotate(${fmt(at.angle)} ${fmt(at.x)} ${fmt(at.y)})`;
  return s("text", attrs, text);
}

/** The hippodrome itself: the infield, every cell (straight or turn, by lane), the rail's red line
 * and the outer black line, the lane numbers and the running direction, as SVG elements. */
export function trackParts(view) {
  const edges = trackEdges(view);
  const parts = [edges.infield, ...cellShapes(view, { prefix: "tc" })];
  // Seed 04-01: the red line borders lane 1 (the rail, « la corde »), the black line lane 6.
  edges.rail.classList.add("tc-rail-line");
  edges.outside.classList.add("tc-outer-line");
  parts.push(edges.rail, edges.outside);
  // Lane numbers across both long straights, near each end.
  for (const seg of [0, 4]) {
    const length = view.segments[seg]?.lengths?.[0] || 0;
    for (const offset of [1, length - 2]) {
      const row = rowAt(view, seg, offset);
      if (!row || offset < 1) continue;
      row.forEach((c, lane) => {
        parts.push(s("text", { class: "tc-lane-num", x: fmt(c.at[0]), y: fmt(c.at[1]) }, String(lane + 1)));
      });
    }
  }
  // The running direction (« le sens de la course », 04-02), outside the start straight's far end.
  const length = view.segments[0]?.lengths?.[0] || 0;
  const row = rowAt(view, 0, Math.max(0, length - 4));
  const at = row ? stationLabel(view, row[0].station, 1, { distance: 1.0 }) : null;
  if (at && row) {
    const rad = (row[0].angle * Math.PI) / 180;
    const [dx, dy] = [Math.cos(rad) * U, Math.sin(rad) * U];
    const [tx, ty] = [at.x + dx * 1.2, at.y + dy * 1.2];
    parts.push(
      s("path", {
        class: "tc-direction",
        d:
          `M${fmt(at.x - dx * 1.2)} ${fmt(at.y - dy * 1.2)}L${fmt(tx)} ${fmt(ty)}` +
          `M${fmt(tx - dx * 0.35 - dy * 0.25)} ${fmt(ty - dy * 0.35 + dx * 0.25)}L${fmt(tx)} ${fmt(ty)}` +
          `L${fmt(tx - dx * 0.35 + dy * 0.25)} ${fmt(ty - dy * 0.35 - dx * 0.25)}`,
      }),
    );
  }
  return parts;
}

// -- a station in words ------------------------------------------------------------------------------

/** A station in the words of the game (« 13e longueur de la ligne opposée », "length 13 of the far
 * straight"), lengths counted from 1: what the board and the course designer show, never a code. */
export function stationWords(code) {
  const m = /^(\d+)\.(\d+)$/.exec(String(code));
  if (!m) return String(code);
  const [segment, rank] = [Number(m[1]), Number(m[2]) + 1];
  const C = "web.toques_et_casques.course";
  const of = has(`${C}.of.${segment}`) ? t(`${C}.of.${segment}`) : t(`web.toques_et_casques.segment.${segment}`);
  return t(rank === 1 ? `${C}.at_first` : `${C}.at`, { n: rank, of });
}

/** Stations in running order (by segment, then length). */
export function inRunningOrder(codes) {
  const order = (code) => String(code).split(".").map(Number);
  return [...codes].sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]);
}
