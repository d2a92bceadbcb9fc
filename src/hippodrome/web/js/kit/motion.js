// Pawns moving along their path (issue 16): a board's piece slides from cell to cell along the way
// the engine says it went, then stands where the state puts it. A reader who asks the system for
// reduced motion sees it stand there at once. Boards call it; it knows no game.

import { fill } from "/static/js/dom.js";

/** Whether the reader asks for reduced motion. */
export function prefersReducedMotion() {
  return Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

const at = ([x, y]) => `translate(${x.toFixed(1)} ${y.toFixed(1)})`;

/**
 * Slide `element`, an SVG group placed by `translate(x y)`, along `points` ([[x, y], ...], its start
 * first, where it stands now last), about `perStep` ms a leg and `max` ms in all. The element is
 * marked `data-animated` ("true", or "false" under reduced motion). Returns a function that stops the
 * slide and leaves the element where it stands.
 */
export function moveAlong(element, points, { perStep = 110, max = 1400 } = {}) {
  return moveAll([{ element, points }], { perStep, max });
}

/**
 * Slide several pawns, each `{element, points}` as `moveAlong` takes them, one after another in the
 * order the game moved them (the rules of these games move one horse at a time). One pawn may move
 * more than once (two coups of a card): until its turn comes it waits where its last move left it.
 * All in at most `max` ms; a leg lasts `perStep` ms unless that would take longer. Every element is
 * marked `data-animated` ("false" under reduced motion, when nothing moves). Returns a function that
 * stops the slides (a new state came) and leaves each element where the state put it; `onEnd` is
 * called once they end or are stopped, if anything slid.
 */
export function moveAll(moves, { perStep = 110, max = 1400, onEnd = () => {} } = {}) {
  const runs = moves.filter((m) => m.element && m.points?.length >= 2 && m.points.every(Boolean));
  if (!runs.length) return () => {};
  const still = prefersReducedMotion();
  for (const { element } of runs) element.dataset.animated = String(!still);
  if (still) return () => {};
  const legsOf = (m) => m.points.length - 1;
  const leg = Math.min(perStep, max / runs.reduce((sum, m) => sum + legsOf(m), 0));
  // Each run's start and end, in ms from now.
  let clock = 0;
  const timed = runs.map((m) => {
    const from = clock;
    clock += legsOf(m) * leg;
    return { ...m, from, to: clock };
  });
  const duration = clock;
  const finals = new Map(timed.map((m) => [m.element, m.element.getAttribute("transform")]));
  const start = performance.now();
  let frame = 0;
  let ended = false;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const [element, final] of finals) element.setAttribute("transform", final);
    if (!ended) onEnd();
    ended = true;
  };
  /** Where each element stands at `ms`: along the run under way, else where its last run ended,
   * else where its first one starts. */
  const place = (ms) => {
    const done = new Set();
    for (let i = timed.length - 1; i >= 0; i--) {
      const m = timed[i];
      if (done.has(m.element) || m.from > ms) continue;
      done.add(m.element);
      const f = Math.min(1, (ms - m.from) / (m.to - m.from)) * legsOf(m);
      const k = Math.max(0, Math.min(legsOf(m) - 1, Math.floor(f)));
      const [x0, y0] = m.points[k];
      const [x1, y1] = m.points[k + 1];
      const g = f - k;
      m.element.setAttribute("transform", at([x0 + (x1 - x0) * g, y0 + (y1 - y0) * g]));
    }
    for (const m of timed) {
      if (done.has(m.element)) continue;
      done.add(m.element);
      m.element.setAttribute("transform", at(m.points[0]));
    }
  };
  const tick = (now) => {
    // A frame's time may precede the start (it is when the frame began): clamp it.
    const ms = Math.max(0, now - start);
    if (ms >= duration) {
      stop();
      return;
    }
    place(ms);
    frame = requestAnimationFrame(tick);
  };
  place(0);
  frame = requestAnimationFrame(tick);
  return stop;
}

/**
 * The cells a pawn goes through on a lane track drawn from the engine's geometry (`cells[i]` with
 * `lane`, `index`, `segment`, `offset`; `segments[k].lengths`), from cell `from` to cell `to`: a lane
 * change taken first, as a step "de biais" into the next lane's cell abreast of the cell ahead, as soon
 * as `mayChange(cell, next)` allows it, then on along the lane it ends in (back along it, on an open
 * course, for a horse sent back). A closed track wraps. This
 * is the way the board draws a move whose events name only its end, not a rule: the engine has
 * checked the move. Null when the walk does not reach `to` within a lap.
 */
export function laneTrackPath(geometry, from, to, { mayChange = () => true } = {}) {
  const cells = geometry.cells;
  if (!cells[from] || !cells[to]) return null;
  const { lanes, at } = laneIndex(geometry);
  const closed = geometry.closed !== false;
  if (!closed && cells[to].lane === cells[from].lane && cells[to].index < cells[from].index) {
    // Sent back along its lane (an open course has no lap to go round).
    const row = lanes[cells[from].lane];
    return row.slice(cells[to].index, cells[from].index + 1).reverse();
  }
  const forward = (c) => {
    const row = lanes[cells[c].lane];
    const k = cells[c].index + 1;
    if (k < row.length) return row[k];
    return closed ? row[0] : null;
  };
  /** The cell of `lane` whose span holds the start of the cell ahead of `c`; the one after it when
   * that one starts no further on than `c` (inward in a turn, onto longer cells), if still abreast of
   * the cell ahead. Spans are shares of their segment: lane L's cell k of n spans [k/n, (k+1)/n). */
  const diagonal = (c, lane) => {
    const ahead = forward(c);
    if (ahead === null || !lanes[lane]) return null;
    const { segment, offset } = cells[ahead];
    const lengths = geometry.segments[segment].lengths;
    const n = lengths[cells[c].lane];
    const m = lengths[lane];
    let j = Math.floor((offset * m) / n);
    if (cells[c].segment === segment && j * n <= cells[c].offset * m) {
      j += 1;
      if (j >= m || j * n >= (offset + 1) * m) return null;
    }
    return at.get(`${lane} ${segment} ${j}`) ?? null;
  };
  const path = [from];
  let c = from;
  const limit = Math.max(...lanes.map((row) => row.length)) + lanes.length + 2;
  while (c !== to && path.length <= limit) {
    const lane = cells[c].lane;
    const want = cells[to].lane;
    let next = null;
    if (lane !== want) {
      const side = diagonal(c, lane + Math.sign(want - lane));
      if (side !== null && mayChange(c, side)) next = side;
    }
    if (next === null) next = forward(c);
    if (next === null) return null;
    c = next;
    path.push(c);
  }
  return c === to ? path : null;
}

const laneIndexes = new WeakMap();

/** The cells of each lane in running order (`lanes[lane][index]`), and each cell by its lane, its
 * segment and its rank in it (`at`), kept per geometry. */
function laneIndex(geometry) {
  let found = laneIndexes.get(geometry);
  if (!found) {
    found = { lanes: [], at: new Map() };
    geometry.cells.forEach((cell, i) => {
      found.lanes[cell.lane] ??= [];
      found.lanes[cell.lane][cell.index] = i;
      found.at.set(`${cell.lane} ${cell.segment} ${cell.offset}`, i);
    });
    laneIndexes.set(geometry, found);
  }
  return found;
}

/**
 * The squares from `from` to `to` on a loop of squares numbered 1 to `squares` in running order
 * (`step` 1 forward, -1 back), both ends included.
 */
export function loopSquares(from, to, squares, step = 1) {
  const path = [from];
  let n = from;
  while (n !== to && path.length <= squares) {
    n = ((n - 1 + step + squares) % squares) + 1;
    path.push(n);
  }
  return n === to ? path : null;
}

/** Where an SVG group placed by `translate(x y)` stands: [x, y], or null. */
export function placeOf(element) {
  const m = /translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)\s*\)/.exec(element?.getAttribute("transform") || "");
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * A board's slides: `play(layer, moves, options)` slides `moves` ({key, element, points, cells}, as
 * `moveAll` takes them, `key` naming the pawn and `cells` its way in the board's own words) after
 * stopping any slide under way, and keeps on `layer` the way each pawn went and whether it slid
 * (`data-path-<key>`, `data-animated-<key>`: the pawns are redrawn at every change, the layer stays),
 * the layer marked `data-sliding` while they slide (a test waits for the pawns to stand); `stop()`
 * stops the slides, every pawn standing where the state puts it.
 */
export function createSlides() {
  let stop = () => {};
  return {
    stop() {
      stop();
      stop = () => {};
    },
    play(layer, moves, options = {}) {
      this.stop();
      const runs = moves.filter((m) => m.element && m.points?.length >= 2 && m.points.every(Boolean));
      const onEnd = () => layer.removeAttribute("data-sliding");
      stop = moveAll(runs, { ...options, onEnd });
      if (runs.length && runs[0].element.dataset.animated === "true") layer.setAttribute("data-sliding", "true");
      for (const m of runs) {
        layer.setAttribute(`data-path-${m.key}`, m.cells.join(" "));
        layer.setAttribute(`data-animated-${m.key}`, m.element.dataset.animated);
      }
    },
  };
}

/**
 * @typedef {object} Move
 * @property {string|number} piece  the piece that moved (a horse's id or number, a lane)
 * @property {*} from               where it stood before this move
 * @property {*} to                 where this move left it
 */

/**
 * The moves a new state message brought, in the order the engine made them: one fold over its
 * events, written once for every board (the engine's events name the piece and where it ended; where
 * it started is where the previous state, or the piece's previous move, left it).
 *
 * `read(event)` says what an event moved: `{piece, to}` (and `from` when the event names it, and any
 * other field the board wants back), or null for an event that moved nothing. `startOf(before, piece)`
 * says where a piece stood in the previous state message (`before`), null when unknown. A move from
 * an unknown place or to the place it left is dropped. Nothing is returned for the first state of a
 * page or for a whole log sent again (`fullLog`): nothing moved in front of the reader.
 *
 * @param {{events?: Array<{key: string, params?: object}>, fullLog?: boolean}} stateMessage
 * @param {object|null} before  the previous state message (or its observation, as `startOf` reads it)
 * @param {{read: (event: {key: string, params?: object}) => (object|null),
 *          startOf?: (before: object, piece: string|number) => *}} how
 * @returns {Move[]}
 */
export function movesFromEvents(stateMessage, before, { read, startOf = null }) {
  if (!stateMessage || stateMessage.fullLog || (startOf && !before)) return [];
  const at = new Map();
  const found = [];
  for (const event of stateMessage.events || []) {
    const move = read(event);
    if (!move) continue;
    const known = at.has(move.piece) ? at.get(move.piece) : startOf ? startOf(before, move.piece) : undefined;
    const from = "from" in move ? move.from : known;
    at.set(move.piece, move.to);
    if (from === null || from === undefined || from === move.to) continue;
    found.push({ ...move, from });
  }
  return found;
}

/**
 * Fill `layer` with `parts` (its pawns, each a group placed by `transform`, and whatever else it
 * holds). While a slide runs on the layer (`data-sliding`, `createSlides`), a pawn already drawn keeps
 * its element, the one the slide moves, and takes the new drawing but its place: the same state drawn
 * again (the language, a player connecting, a hint) cuts no slide. `keyOf(element)` names a pawn
 * (null or undefined: no pawn).
 * @param {Element} layer
 * @param {Array<Element|null>} parts
 * @param {(element: Element) => (string|null|undefined)} keyOf
 */
export function fillPawns(layer, parts, keyOf) {
  if (!layer.hasAttribute("data-sliding")) return fill(layer, parts);
  const drawn = new Map();
  for (const el of layer.children) {
    const key = keyOf(el);
    if (key !== null && key !== undefined && !drawn.has(key)) drawn.set(key, el);
  }
  const own = new Set(["transform", "data-animated"]); // the slide's
  const kept = parts.flat().map((part) => {
    const el = part instanceof Element ? drawn.get(keyOf(part)) : null;
    if (!el) return part;
    drawn.delete(keyOf(part));
    for (const a of [...el.attributes]) if (!own.has(a.name) && !part.hasAttribute(a.name)) el.removeAttribute(a.name);
    for (const a of [...part.attributes]) if (!own.has(a.name)) el.setAttribute(a.name, a.value);
    el.replaceChildren(...part.childNodes);
    return el;
  });
  return fill(layer, kept);
}
