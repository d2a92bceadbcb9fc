// The lane track drawn: one SVG drawing of the engine's lane-track geometry (engine/lanetrack.py,
// `LaneTrack.geometry()`, sent by GET /api/games/{game}/board): per cell a polygon and a centre in
// track units, its lane, its rank, its segment and the station of a straight's cell. A board makes a
// view of it once (mirrored for a clockwise race, turned upright for a narrow screen, scaled to SVG
// user units), then draws the cells, the pawns and the targets from that view. Only coordinates are
// transformed, never the SVG itself, so every text drawn on the track stays upright. No rule here.

import { h, s } from "/static/js/dom.js";
import { activate, preview } from "./action.js";

/**
 * @typedef {object} LaneGeometry   what `LaneTrack.geometry()` sends
 * @property {number} lanes
 * @property {boolean} closed
 * @property {Array<{kind: "straight"|"turn", lengths: number[], name: string}>} segments
 * @property {Array<{lane: number, index: number, segment: number, offset: number, station: string|null,
 *   points: number[][], centre: number[]}>} cells
 * @property {number[]} bounds       [minx, miny, maxx, maxy]
 */

/**
 * @typedef {object} ViewCell        a geometry cell as drawn (its fields, and these)
 * @property {number} id             its index in `geometry.cells`
 * @property {number[][]} pts        its polygon in user units: back-inner, front-inner, front-outer,
 *   back-outer (a turn's arcs in between)
 * @property {string} d              that polygon as an SVG path
 * @property {number[]} at           its centre in user units
 * @property {number} angle          the running direction on it, degrees (0: to the right, y down)
 * @property {boolean} turn          whether it lies in a turn
 */

/**
 * @typedef {object} LaneView        a geometry drawn at one scale and orientation
 * @property {ViewCell[]} cells
 * @property {Map<string, ViewCell[]>} stations   a straight's rank: its cells by lane, rail first
 * @property {LaneGeometry["segments"]} segments
 * @property {number} lanes
 * @property {boolean} closed
 * @property {number} scale          user units per track unit
 * @property {number[][]} rail       the rail's edge (lane 0's inner side), in running order
 * @property {number[][]} outside    the outer edge, in running order
 * @property {number} width          the drawing's size in user units, margins included
 * @property {number} height
 * @property {string} viewBox        "0 0 width height"
 * @property {(point: number[]) => number[]} place   a point in track units to user units
 */

/** A number as SVG writes it: one decimal. */
export const fmt = (n) => String(Math.round(n * 10) / 10);

/** The middle of two points. */
export const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/** A closed SVG path through `pts`. */
export const closedPath = (pts) => `M${pts.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join("L")}Z`;

/** An open SVG path through `pts`. */
export const openPath = (pts) => `M${pts.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join("L")}`;

/**
 * The view of `geometry`: every cell in SVG user units (`scale` per track unit, `margin` track units
 * around), mirrored left to right for a clockwise race (`mirror`), turned a quarter for a narrow
 * screen (`rotate`: the long straights then run down the page).
 * @param {LaneGeometry} geometry
 * @param {{scale?: number, margin?: number, mirror?: boolean, rotate?: boolean}} [how]
 * @returns {LaneView}
 */
export function laneView(geometry, { scale = 20, margin = 0.5, mirror = false, rotate = false } = {}) {
  const [minx, miny, maxx, maxy] = geometry.bounds;
  const flip = ([x, y]) => {
    const X = mirror ? minx + maxx - x : x;
    return rotate ? [-y, X] : [X, y];
  };
  const corners = [flip([minx, miny]), flip([maxx, miny]), flip([maxx, maxy]), flip([minx, maxy])];
  const x0 = Math.min(...corners.map((c) => c[0]));
  const y0 = Math.min(...corners.map((c) => c[1]));
  const x1 = Math.max(...corners.map((c) => c[0]));
  const y1 = Math.max(...corners.map((c) => c[1]));
  const place = (point) => {
    const [X, Y] = flip(point);
    return [(X - x0 + margin) * scale, (Y - y0 + margin) * scale];
  };
  const cells = geometry.cells.map((c, id) => {
    const pts = c.points.map(place);
    const n = pts.length;
    const back = mid(pts[0], pts[n - 1]);
    const front = mid(pts[n / 2 - 1], pts[n / 2]);
    const angle = (Math.atan2(front[1] - back[1], front[0] - back[0]) * 180) / Math.PI;
    const turn = geometry.segments[c.segment]?.kind === "turn";
    return { ...c, id, pts, d: closedPath(pts), at: place(c.centre), angle, turn };
  });
  const stations = new Map();
  for (const c of cells) {
    if (c.station === null || c.station === undefined) continue;
    if (!stations.has(c.station)) stations.set(c.station, []);
    stations.get(c.station)[c.lane] = c;
  }
  const lane = (k) => cells.filter((c) => c.lane === k).sort((a, b) => a.index - b.index);
  const width = (x1 - x0 + 2 * margin) * scale;
  const height = (y1 - y0 + 2 * margin) * scale;
  return {
    cells,
    stations,
    segments: geometry.segments,
    lanes: geometry.lanes,
    closed: geometry.closed !== false,
    scale,
    rail: lane(0).flatMap((c) => c.pts.slice(0, c.pts.length / 2)),
    outside: lane(geometry.lanes - 1).flatMap((c) => c.pts.slice(c.pts.length / 2).reverse()),
    width,
    height,
    viewBox: `0 0 ${fmt(width)} ${fmt(height)}`,
    place,
  };
}

/**
 * A cell's centre in user units, or null for a cell the track does not have.
 * @param {LaneView} view
 * @param {number} cell
 * @returns {number[]|null}
 */
export function cellCentre(view, cell) {
  return view.cells[cell]?.at ?? null;
}

/**
 * The cells of `cell`'s lane from it to `n` cells ahead, in running order (a closed track wraps; an
 * open one stops at the lane's end): where a pawn may go, to zoom the drawing on before it moves.
 * @param {LaneView} view
 * @param {number} cell
 * @param {number} n
 * @returns {number[]}
 */
export function cellsAhead(view, cell, n) {
  const from = view.cells[cell];
  if (!from) return [];
  const lane = view.cells.filter((c) => c.lane === from.lane).sort((a, b) => a.index - b.index);
  const found = [];
  for (let k = 0; k <= n && (view.closed || from.index + k < lane.length); k++) {
    found.push(lane[(from.index + k) % lane.length].id);
    if (k + 1 >= lane.length) break;
  }
  return found;
}

/**
 * `translate(x y)` to a cell's centre (a pawn's `transform`, as `kit/motion.js` slides it), or "".
 * @param {LaneView} view
 * @param {number} cell
 */
export function cellTransform(view, cell) {
  const at = cellCentre(view, cell);
  return at ? `translate(${fmt(at[0])} ${fmt(at[1])})` : "";
}

/**
 * @typedef {Object<string, (Object<number, string|number|boolean>|Iterable<number>)>} CellFeatures
 *   per-cell features by name, as a game's board data gives them: `{colour: {12: "red"}, passing:
 *   [3, 9]}` (a map of cell to value, or the cells that have it)
 */

/**
 * A cell's features as attributes: class `lt-<name>` and `lt-<name>-<value>` for a word value, and
 * `data-<name>` holding the value ("true" for a cell listed). Names are written kebab-case.
 * @param {CellFeatures} features
 * @param {number} cell
 * @returns {{classes: string[], data: Object<string, string>}}
 */
export function featuresOf(features, cell) {
  const classes = [];
  const data = {};
  for (const [name, values] of Object.entries(features || {})) {
    const value = featureValue(values, cell);
    if (value === undefined || value === null || value === false) continue;
    const kebab = name.replace(/_/g, "-");
    classes.push(`lt-${kebab}`);
    if (typeof value === "string" && /^[\w-]+$/.test(value)) classes.push(`lt-${kebab}-${value.replace(/_/g, "-")}`);
    data[`data-${kebab}`] = String(value);
  }
  return { classes, data };
}

const featureSets = new WeakMap();

function featureValue(values, cell) {
  if (!values) return undefined;
  if (values instanceof Map) return values.get(cell);
  if (values instanceof Set) return values.has(cell) || undefined;
  if (Array.isArray(values)) {
    if (!featureSets.has(values)) featureSets.set(values, new Set(values));
    return featureSets.get(values).has(cell) || undefined;
  }
  return values[cell];
}

/**
 * Every cell as an SVG path: class `lt-cell`, `lt-straight` or `lt-turn`, `lt-lane-<n>` (lanes from
 * 1), `lt-odd` on every other rank of its segment, plus its features (`featuresOf`); `data-cell` its
 * index unless `attrs` gives another. `attrs(cell)` adds attributes (a title's text as `title`).
 * @param {LaneView} view
 * @param {{features?: CellFeatures, prefix?: string, attrs?: (cell: ViewCell) => object}} [how]
 *   `prefix`: an extra class per cell (`<prefix>-cell`), for a board's own styles
 * @returns {SVGPathElement[]}
 */
export function cellShapes(view, { features = {}, prefix = "", attrs = () => ({}) } = {}) {
  return view.cells.map((c) => {
    const { classes, data } = featuresOf(features, c.id);
    const kind = c.turn ? "lt-turn" : "lt-straight";
    const own = prefix ? [`${prefix}-cell`] : [];
    const cls = ["lt-cell", kind, `lt-lane-${c.lane + 1}`, c.offset % 2 ? "lt-odd" : "", ...own, ...classes];
    const { title, ...extra } = attrs(c) || {};
    const path = s("path", { class: cls.filter(Boolean).join(" "), d: c.d, "data-cell": c.id, ...data, ...extra });
    if (title) path.append(s("title", {}, title));
    return path;
  });
}

/**
 * The rail's and the outer edge's lines (class `lt-rail`, `lt-outside`) and the infield inside the
 * rail (`lt-infield`), to draw under (infield) and over (lines) the cells.
 * @param {LaneView} view
 * @returns {{infield: SVGPathElement, rail: SVGPathElement, outside: SVGPathElement}}
 */
export function trackEdges(view) {
  const close = view.closed ? closedPath : openPath;
  return {
    infield: s("path", { class: "lt-infield", d: closedPath(view.rail) }),
    rail: s("path", { class: "lt-rail", d: close(view.rail) }),
    outside: s("path", { class: "lt-outside", d: close(view.outside) }),
  };
}

/**
 * The cells of a station (one rank of a straight, rail first), or [].
 * @param {LaneView} view
 * @param {string} station
 * @returns {ViewCell[]}
 */
export function stationCells(view, station) {
  return view.stations.get(station) || [];
}

/**
 * The quadrilateral a whole station covers, across every lane, as an SVG path, or null.
 * @param {LaneView} view
 * @param {string} station
 * @returns {string|null}
 */
export function stationShape(view, station) {
  const row = stationCells(view, station);
  if (!row[0] || !row[row.length - 1]) return null;
  const a = row[0].pts;
  const b = row[row.length - 1].pts;
  const n = b.length;
  return closedPath([a[0], a[n / 2 - 1], b[n / 2], b[n - 1]]);
}

/**
 * A pawn on a cell: `<g class="lt-pawn" transform="translate(x y)" data-cell>` holding `content`
 * (drawn around 0 0); `turned` also turns the content the way the horses run there. Slide it with
 * `kit/motion.js` (its transform is a plain translate).
 * @param {LaneView} view
 * @param {number} cell
 * @param {Node|Node[]} content
 * @param {{turned?: boolean, attrs?: object}} [how]
 * @returns {SVGGElement|null}
 */
export function pawnOn(view, cell, content, { turned = false, attrs = {} } = {}) {
  const c = view.cells[cell];
  if (!c) return null;
  const cls = ["lt-pawn", attrs.class].filter(Boolean).join(" ");
  const g = s("g", { ...attrs, class: cls, transform: cellTransform(view, cell), "data-cell": cell });
  const body = turned ? s("g", { transform: `rotate(${fmt(c.angle)})` }, content) : content;
  g.append(...[body].flat());
  return g;
}

/**
 * @typedef {object} CellTarget     a legal action that lands on a cell
 * @property {number} cell
 * @property {string} action         its notation (kept in `data-action`, never shown)
 * @property {string} label          what it does, in the player's words (its accessible name)
 * @property {string} [kind]         a class `lt-target-<kind>` (e.g. a move that ends in a fall)
 * @property {object} [data]         more attributes (`data-*`) for the target
 */

/**
 * The targets drawn on their cells: each a focusable `<g role="button" class="lt-target">` with the
 * cell's shape and a dot at its centre, `data-action`, `data-cell` and `data-testid` (`testid`);
 * a click, Enter or Space calls `act(target)`; hovering or focusing it calls `hover(target)`, and
 * `hover(null)` when it is left.
 * @param {LaneView} view
 * @param {CellTarget[]} targets
 * @param {{act: (target: CellTarget) => void, hover?: (target: CellTarget|null) => void,
 *   testid?: string}} how
 * @returns {SVGGElement[]}
 */
export function cellTargets(view, targets, { act, hover = null, testid = "lt-target" }) {
  const found = [];
  for (const target of targets) {
    const c = view.cells[target.cell];
    if (!c) continue;
    const cls = ["lt-target", target.kind ? `lt-target-${target.kind}` : ""].filter(Boolean).join(" ");
    const g = s("g", {
      class: cls,
      role: "button",
      tabindex: "0",
      "aria-label": target.label,
      "data-testid": testid,
      "data-action": target.action,
      "data-cell": target.cell,
      ...(target.data || {}),
    });
    g.append(
      s("title", {}, target.label),
      s("path", { class: "lt-target-cell", d: c.d }),
      s("circle", { class: "lt-target-mark", cx: fmt(c.at[0]), cy: fmt(c.at[1]), r: fmt(view.scale * 0.22) }),
    );
    activate(g, () => act(target));
    if (hover) preview(g, (on) => hover(on ? target : null));
    found.push(g);
  }
  return found;
}

/**
 * The same targets as a list of buttons (`kit-target`, at least 40 CSS px), for a screen where the
 * cells are too small to tap (`tooSmallToTap`): each button shows its label, carries `data-action`,
 * `data-cell` and `data-testid` (`testid`), and calls `act(target)`; `hover` as `cellTargets`. With
 * `quick`, only the first `quick` targets are buttons and the others are offered in a list
 * (`${testid}-select`, its choice shown by `hover`) with one button (`${testid}-other`, text `other`)
 * that plays the one chosen and carries its `data-action` and `data-cell` (kept in step with the
 * list, as `amountPicker`'s `-other` is): a long list of landings stays two rows high on a phone.
 * @param {CellTarget[]} targets
 * @param {{act: (target: CellTarget) => void, hover?: (target: CellTarget|null) => void,
 *   testid?: string, title?: string, quick?: number, other?: string}} how
 *   `title`: the list's accessible name
 * @returns {HTMLElement}
 */
export function landingList(
  targets,
  { act, hover = null, testid = "lt-landing", title = "", quick = Infinity, other = "OK" },
) {
  const kind = (target) => (target.kind ? ` lt-landing-${target.kind}` : "");
  const buttons = targets.slice(0, quick).map((target) => {
    const attrs = { type: "button", class: `kit-target lt-landing${kind(target)}`, "data-testid": testid };
    const b = h(
      "button",
      { ...attrs, "data-action": target.action, "data-cell": target.cell, ...(target.data || {}) },
      target.label,
    );
    b.addEventListener("click", () => act(target));
    if (hover) preview(b, (on) => hover(on ? target : null));
    return b;
  });
  const box = h("div", { class: "lt-landings", role: "group", "aria-label": title || null }, buttons);
  const rest = targets.slice(quick);
  if (!rest.length) return box;
  const select = h(
    "select",
    { class: "kit-target lt-landing-select", "data-testid": `${testid}-select`, "aria-label": title || null },
    rest.map((target, i) =>
      h("option", { value: String(i), "data-action": target.action, "data-cell": target.cell }, target.label),
    ),
  );
  const chosen = () => rest[Number(select.value)] || rest[0];
  const go = h(
    "button",
    {
      type: "button",
      class: "kit-target lt-landing-other",
      "data-testid": `${testid}-other`,
      "data-action": chosen().action,
      "data-cell": chosen().cell,
    },
    other,
  );
  // The button carries the chosen landing's notation, as the amount picker's does (docs/web.md).
  select.addEventListener("change", () => {
    go.dataset.action = chosen().action;
    go.dataset.cell = chosen().cell;
    if (hover) hover(chosen());
  });
  go.addEventListener("click", () => act(chosen()));
  box.append(h("span", { class: "lt-landing-more" }, select, go));
  return box;
}

/**
 * A cell's short side in user units: the lesser of its width across the lane and its length along it.
 * @param {ViewCell} cell
 * @returns {number}
 */
export function cellShortSide(cell) {
  const n = cell.pts.length;
  const across = Math.min(dist(cell.pts[0], cell.pts[n - 1]), dist(cell.pts[n / 2 - 1], cell.pts[n / 2]));
  const along = dist(mid(cell.pts[0], cell.pts[n - 1]), mid(cell.pts[n / 2 - 1], cell.pts[n / 2]));
  return Math.min(across, along);
}

const dist = (a, b) => Math.hypot(b[0] - a[0], b[1] - a[1]);

/**
 * Whether the cells drawn (`cells`, else every cell) are smaller than `min` CSS pixels on their
 * short side in `svg` as laid out now (its width on screen against its viewBox's width, or the view's
 * when it has none): then a board offers the landing choices as a list (`landingList`). True when the
 * SVG is not laid out.
 * @param {LaneView} view
 * @param {SVGSVGElement|number} svg   the drawing, or its width on screen in CSS pixels (then against
 *   the view's width)
 * @param {{min?: number, cells?: number[]}} [how]
 * @returns {boolean}
 */
export function tooSmallToTap(view, svg, { min = 40, cells = null } = {}) {
  const width = typeof svg === "number" ? svg : svg?.getBoundingClientRect?.().width || 0;
  if (!width) return true;
  const shown = (cells ? cells.map((c) => view.cells[c]) : view.cells).filter(Boolean);
  if (!shown.length) return false;
  const boxWidth = (typeof svg === "number" ? 0 : svg.viewBox?.baseVal?.width) || view.width;
  const smallest = Math.min(...shown.map(cellShortSide));
  return (smallest * width) / boxWidth < min;
}

/**
 * @typedef {object} Box   a rectangle in user units
 * @property {number} x
 * @property {number} y
 * @property {number} width
 * @property {number} height
 */

/**
 * The rectangle that holds `cells` (their whole shapes), `margin` user units around.
 * @param {LaneView} view
 * @param {number[]} cells
 * @param {number} [margin]
 * @returns {Box|null}   null when no cell is on the track
 */
export function cellsBox(view, cells, margin = 0) {
  const pts = cells.flatMap((c) => view.cells[c]?.pts || []);
  if (!pts.length) return null;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return { x, y, width: Math.max(...xs) + margin - x, height: Math.max(...ys) + margin - y };
}

/**
 * A window on the drawing that holds `box`, shaped `aspect` (width / height: the shape the drawing
 * is given on screen), no narrower than `minWidth` (how far it may zoom in), centred on `box` and kept
 * within the view where it fits: the drawing zoomed on the cells that matter now (the pawn to move and
 * where it may land). Use its `viewBox` as the SVG's.
 * @param {LaneView} view
 * @param {Box} box
 * @param {{aspect: number, minWidth?: number}} how
 * @returns {Box & {viewBox: string}}
 */
export function focusBox(view, box, { aspect, minWidth = 0 }) {
  const width = Math.max(box.width, box.height * aspect, minWidth);
  const height = width / aspect;
  const place = (centre, size, whole) => {
    const start = centre - size / 2;
    if (size >= whole) return (whole - size) / 2;
    return Math.max(0, Math.min(whole - size, start));
  };
  const x = place(box.x + box.width / 2, width, view.width);
  const y = place(box.y + box.height / 2, height, view.height);
  return { x, y, width, height, viewBox: `${fmt(x)} ${fmt(y)} ${fmt(width)} ${fmt(height)}` };
}

/**
 * A line through the centres of `cells` (a path a pawn takes, a trail), as an SVG path.
 * @param {LaneView} view
 * @param {number[]} cells
 * @returns {string}
 */
export function cellsPath(view, cells) {
  return openPath(cells.map((c) => view.cells[c]?.at).filter(Boolean));
}
