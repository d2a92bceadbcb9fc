// Toques et Casques' board: the six-lane hippodrome in SVG, the horses, the plaques (start, finish,
// river, hurdles), the arrival board, the eliminated box and the stakes in the infield, the dice and the
// player's choices. The track is drawn from the engine's own lane-track geometry (GET
// /api/games/toques_et_casques/board: per cell a polygon and a centre, in track units); everything
// that moves comes from the seat's observation (`ToquesState.observation`), whose `steps` already name
// the cell each legal step leads to, and from the state message's `plans`: every end the roll can
// reach, with its path and its actions (`ToquesState.plans`), played in one click, a fall confirmed
// first. This module holds no rule of the game.

import { coursePatterns, fill, findMove, h, legalMoves, s, seatColour } from "/static/js/dom.js";
import { tn } from "/static/js/i18n.js";
import { moveAlong } from "/static/js/motion.js";
import { buildView, fmt, inRunningOrder, labelText, lineOf, mid, pathOf, stationLabel, stationPolygon, stationWords, trackParts, U } from "./track.js";

const SLOT_MAX = 34; // the largest slot of the arrival board and the eliminated box, in user units
const NS = "web.toques_et_casques";

/** A drawn control that `fn` answers: a click, or Enter or Space while it has the focus. */
function activates(el, fn) {
  el.addEventListener("click", fn);
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      fn();
    }
  });
}

/** Black or white ink, whichever reads on `hex`. */
function inkOn(hex) {
  const v = String(hex || "").replace("#", "");
  if (v.length !== 6) return "#111";
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(v.slice(i, i + 2), 16) / 255);
  return 0.299 * r + 0.587 * g + 0.114 * b > 0.55 ? "#111" : "#fff";
}


/** A box title in the infield, squeezed to the box's width when it would overflow it. */
function boxTitle(item, text) {
  const attrs = { class: "tc-box-title", x: fmt(item.x + item.w / 2), y: fmt(item.y + TITLE_H / 2 + 1) };
  if (text.length * 7.6 > item.w + 6) {
    attrs.textLength = fmt(item.w + 4);
    attrs.lengthAdjust = "spacingAndGlyphs";
  }
  return s("text", attrs, text);
}

/** The infield's rectangle (inside the rail, clear of the rounded ends), in user units. */
function infieldRect(view) {
  const xs = view.rail.map((p) => p[0]);
  const ys = view.rail.map((p) => p[1]);
  let x = Math.min(...xs);
  let y = Math.min(...ys);
  let w = Math.max(...xs) - x;
  let hgt = Math.max(...ys) - y;
  const pad = 0.35 * U;
  const end = 0.6 * U; // the turns' inner arcs round the ends of the long side
  if (w >= hgt) {
    x += pad + end;
    w -= 2 * (pad + end);
    y += pad;
    hgt -= 2 * pad;
  } else {
    x += pad;
    w -= 2 * pad;
    y += pad + end;
    hgt -= 2 * (pad + end);
  }
  return { x, y, w, h: hgt };
}

/** Lay the arrival board, the eliminated box and the stakes out in the infield: the arrangement that
 * gives the largest slots wins. Each item is a grid of `cols` x `rows` slots under a title. */
const TITLE_H = 15;
const GAP = 4;
const ITEM_GAP = 14;
const ARRANGEMENTS = [
  [[["arrival", 6, 1], ["eliminated", 6, 1], ["stakes", 4, 1]]],
  [[["arrival", 6, 1], ["stakes", 4, 1]], [["eliminated", 6, 1]]],
  [[["arrival", 6, 1]], [["eliminated", 6, 1]], [["stakes", 6, 1]]],
  [[["arrival", 3, 2], ["eliminated", 3, 2]], [["stakes", 6, 1]]],
  [[["arrival", 3, 2]], [["eliminated", 3, 2]], [["stakes", 3, 1]]],
  [[["arrival", 2, 3]], [["eliminated", 2, 3]], [["stakes", 2, 2]]],
];

function layoutInfield(rect) {
  let best = null;
  for (const rows of ARRANGEMENTS) {
    let byWidth = Infinity;
    for (const row of rows) {
      const cols = row.reduce((n, [, c]) => n + c, 0);
      const fixed = row.reduce((n, [, c]) => n + (c - 1) * GAP, 0) + (row.length - 1) * ITEM_GAP;
      byWidth = Math.min(byWidth, (rect.w - fixed) / cols);
    }
    const slotRows = rows.reduce((n, row) => n + Math.max(...row.map(([, , r]) => r)), 0);
    const fixedH =
      rows.reduce((n, row) => n + TITLE_H + (Math.max(...row.map(([, , r]) => r)) - 1) * GAP, 0) +
      (rows.length - 1) * ITEM_GAP;
    const size = Math.min(SLOT_MAX, byWidth, (rect.h - fixedH) / slotRows);
    if (!best || size > best.size + 0.5) best = { rows, size };
  }
  const size = Math.max(8, best.size);
  const items = {};
  const heights = best.rows.map((row) => TITLE_H + Math.max(...row.map(([, , r]) => r * size + (r - 1) * GAP)));
  const total = heights.reduce((a, b) => a + b, 0) + (best.rows.length - 1) * ITEM_GAP;
  let y = rect.y + (rect.h - total) / 2;
  best.rows.forEach((row, i) => {
    const width =
      row.reduce((n, [, c]) => n + c * size + (c - 1) * GAP, 0) + (row.length - 1) * ITEM_GAP;
    let x = rect.x + (rect.w - width) / 2;
    for (const [kind, cols, rws] of row) {
      const w = cols * size + (cols - 1) * GAP;
      const slots = [];
      for (let k = 0; k < cols * rws; k++) {
        const cx = x + (k % cols) * (size + GAP) + size / 2;
        const cy = y + TITLE_H + Math.floor(k / cols) * (size + GAP) + size / 2;
        slots.push([cx, cy]);
      }
      items[kind] = { x, y, w, h: TITLE_H + rws * size + (rws - 1) * GAP, slots, size };
      x += w + ITEM_GAP;
    }
    y += heights[i] + ITEM_GAP;
  });
  return items;
}

// -- the board ---------------------------------------------------------------------------------------

export function createBoard(container, { boardData, t, lang, send = null, readOnly = false }) {
  const interactive = !readOnly && typeof send === "function";
  const colours = boardData.colours || [];
  const numbers = boardData.numbers || [1, 2, 3, 4, 5, 6];

  let msg = null; // the last `state` message
  let log = []; // every event so far
  let view = null; // the track as drawn now
  let viewKey = null;
  let compact = false;
  let infield = null;
  let turnStart = null; // {horse, cell}: where the horse to move stood before its roll, when seen
  let pending = null; // the plan whose fall the player is asked to confirm
  let moves = new Map(); // horse number -> the cells it went through in the last change, its start first
  let slid = true; // whether the last change's moves were slid along already
  let stops = []; // the slides under way
  let pendingVersion = null;

  const obs = () => msg?.observation || null;
  const legal = () => legalMoves(msg);
  const isLegal = (action) => interactive && legal().some((m) => m.notation === action);
  /** The notation of the legal action of `kind` whose args include `args`, or null. */
  const legalNotation = (kind, args = {}) => findMove(msg, kind, args)?.notation ?? null;
  const argsOf = (action) => legal().find((m) => m.notation === action)?.args || {};
  const colourOf = (n) => colours[n - 1] || "#888";
  const seatName = (i) => msg?.seats?.[i]?.name || t("web.seat_n", { n: i + 1 });
  const horseOf = (n) => obs()?.horses?.find((x) => x.number === n) || null;
  const ownerName = (n) => {
    const horse = horseOf(n);
    return horse && horse.owner !== null && horse.owner !== undefined ? seatName(horse.owner) : t(`${NS}.no_jockey`);
  };
  const harness = () => Boolean(obs()?.course?.harness);

  // -- skeleton ---------------------------------------------------------------------------------------

  const root = h("div", { class: "tc" + (readOnly ? " read-only" : "") });
  const svg = s("svg", { class: "tc-track", role: "group", "data-testid": "tc-track" });
  const trackTitle = s("title");
  const defs = s("defs");
  const staticLayer = s("g", { class: "tc-static" });
  const courseLayer = s("g", { class: "tc-course" });
  const boardsLayer = s("g", { class: "tc-boards" });
  const trailLayer = s("g", { class: "tc-trail", "aria-hidden": "true" });
  const planLayer = s("g", { class: "tc-plan", "aria-hidden": "true" });
  const horseLayer = s("g", { class: "tc-horses", "data-pieces": true });
  const targetLayer = s("g", { class: "tc-targets" });
  svg.append(trackTitle, defs, staticLayer, boardsLayer, courseLayer, trailLayer, planLayer, horseLayer, targetLayer);

  const controls = h("div", { class: "tc-controls" });
  const turnBox = h("div", { class: "tc-turn" });
  const diceBox = h("div", { class: "tc-dice", "aria-live": "polite" });
  const rollButton = h("button", {
    type: "button",
    class: "primary tc-roll",
    "data-testid": "roll-button",
    "aria-keyshortcuts": "R",
    hidden: true,
    onclick: () => roll(),
  });
  const actionsBox = h("div", { class: "tc-actions" });
  const hintBox = h("p", { class: "tc-hint", "data-testid": "tc-hint", "aria-live": "polite" });
  const confirmBox = h("div", { class: "tc-confirm", role: "alertdialog", "data-testid": "plan-confirm-box", hidden: true });
  controls.append(turnBox, diceBox, rollButton, actionsBox, confirmBox, hintBox);

  const horsesSection = h("section", { class: "tc-horse-list panel" });
  const courseSection = h("section", { class: "tc-course-panel panel" });
  const lower = h("div", { class: "tc-lower" }, horsesSection, courseSection);

  root.append(svg, controls, lower);
  fill(container, root);

  // -- static drawing: the track of this course, and the infield's boards ------------------------------

  function drawDefs() {
    fill(defs, coursePatterns("tc"));
  }

  function drawStatic() {
    if (!view) return;
    svg.setAttribute("viewBox", `0 0 ${fmt(view.width)} ${fmt(view.height)}`);
    fill(staticLayer, trackParts(view));
    drawBoards();
  }

  function drawBoards() {
    if (!view) return;
    infield = layoutInfield(infieldRect(view));
    const parts = [];
    const titles = { arrival: t(`${NS}.arrival`), eliminated: t(`${NS}.eliminated`) };
    for (const [kind, item] of Object.entries(infield)) {
      parts.push(
        s("rect", { class: `tc-box ${kind}`, x: fmt(item.x - 4), y: fmt(item.y - 2), width: fmt(item.w + 8), height: fmt(item.h + 6), rx: 5 }),
      );
      if (kind === "stakes") continue; // titled with its amount, drawn with the course
      parts.push(boxTitle(item, titles[kind]));
      item.slots.forEach(([x, y], k) => {
        const size = item.size;
        parts.push(
          s("rect", { class: "tc-slot", x: fmt(x - size / 2), y: fmt(y - size / 2), width: fmt(size), height: fmt(size), rx: 4 }),
          s(
            "text",
            { class: "tc-slot-label", x: fmt(x - size / 2 + 2.5), y: fmt(y - size / 2 + 6) },
            kind === "arrival" ? String(k + 1) : `N°${numbers[k]}`,
          ),
        );
      });
    }
    fill(boardsLayer, parts);
  }

  /** Rebuild the drawing when the hippodrome, the direction or the screen's shape changes. */
  function ensureView() {
    const o = obs();
    const size = o?.course?.track;
    const geometry = size ? boardData.tracks?.[size] : null;
    if (!geometry) return false;
    const key = `${size}|${Boolean(o.clockwise)}|${compact}`;
    if (key === viewKey) return true;
    view = buildView(geometry, { mirror: Boolean(o.clockwise), rotate: compact });
    viewKey = key;
    root.classList.toggle("compact", compact);
    drawStatic();
    return true;
  }

  // -- what the observation says, drawn ------------------------------------------------------------

  /** A station named for the player: its straight and rank, read from the cells the engine names. */
  function stationText(station) {
    return stationWords(station);
  }

  function drawCourse() {
    const o = obs();
    const parts = [];
    const course = o.course;
    const label = (station, side, text, cls) => {
      const at = stationLabel(view, station, side, { along: true });
      return at ? labelText(at, `tc-plaque-label ${cls}`, text) : null;
    };
    // The river and the hurdles, cell by cell as the engine lists them (14-04: they span all lanes).
    for (const [cell, kind] of o.obstacles || []) {
      const c = view.cells[cell];
      if (!c) continue;
      parts.push(s("path", { class: `tc-obstacle ${kind}`, d: c.d, "data-obstacle": kind }));
      if (kind === "hurdle") {
        // A rail across the middle of the length: the hurdle's bar.
        const n = c.pts.length;
        const a = mid(c.pts[0], c.pts[n / 2 - 1]);
        const b = mid(c.pts[n - 1], c.pts[n / 2]);
        parts.push(s("path", { class: "tc-hurdle-bar", d: lineOf([a, b]) }));
      }
    }
    if (course.river?.length) {
      const at = stationLabel(view, course.river[0], 1);
      const at2 = stationLabel(view, course.river[course.river.length - 1], 1);
      if (at && at2) {
        parts.push(labelText({ ...at, x: (at.x + at2.x) / 2, y: (at.y + at2.y) / 2 }, "tc-plaque-label river", t(`${NS}.river`)));
      }
    }
    // The hurdles as the engine groups them (13-01: two one after the other are a double hurdle),
    // each labelled once.
    for (const run of o.hurdle_runs || []) {
      const stations = run.stations || [];
      if (!stations.length) continue;
      const a = stationLabel(view, stations[0], 1);
      const b = stationLabel(view, stations[stations.length - 1], 1);
      if (a && b) {
        const text = t(run.double ? `${NS}.double_hurdle` : `${NS}.hurdle`);
        parts.push(labelText({ ...a, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, "tc-plaque-label hurdle", text));
      }
    }
    // The start plaque (rank 0 of the start straight) until it is lifted after the first round (09-05),
    // and the finish plaque: announced before the start, laid only for the last lap (10-03).
    const start = course.start;
    const placed = Boolean(o.finish_placed);
    const finishText = t(placed ? `${NS}.finish` : `${NS}.finish_announced`);
    if (o.start_plaque) {
      const poly = stationPolygon(view, start);
      if (poly) parts.push(s("path", { class: "tc-start", d: pathOf(poly), "data-testid": "start-plaque" }));
      // The places on the plaque, N°1 first, on the cells the engine puts them (06-02).
      (o.start_places || []).forEach((cell, k) => {
        const c = view.cells[cell];
        if (c) parts.push(s("text", { class: "tc-place-num", x: fmt(c.at[0]), y: fmt(c.at[1]) }, String(k + 1)));
      });
    }
    const finish = stationPolygon(view, course.finish);
    if (finish) {
      parts.push(
        s("path", { class: "tc-finish" + (placed ? " placed" : " announced"), d: pathOf(finish), "data-testid": "finish-plaque" }),
      );
    }
    if (o.start_plaque && course.finish === start) {
      parts.push(label(start, 1, `${t(`${NS}.start`)} · ${finishText}`, "start"));
    } else {
      if (o.start_plaque) parts.push(label(start, 1, t(`${NS}.start`), "start"));
      if (finish) parts.push(label(course.finish, 1, finishText, "finish"));
    }
    // The hurdle every horse has passed, while its fate is decided (13-02).
    if (o.relocation) {
      const poly = stationPolygon(view, o.relocation.hurdle);
      if (poly) parts.push(s("path", { class: "tc-relocating", d: pathOf(poly) }));
    }
    if (infield?.stakes) parts.push(stakesText(infield.stakes));
    fill(courseLayer, parts.filter(Boolean));
  }

  /** One horse: a saddle cloth in its colour with its number, its head towards the running direction,
   * and its jockey's cap (ridden) or the driver and sulky behind (harness trot), in the seat's colour. */
  function horseGlyph(number, { x, y, angle = 0, size, bare = false, current = false, arrived = false }) {
    const horse = horseOf(number);
    const colour = colourOf(number);
    const k = size / 2;
    const rider = horse && horse.owner !== null && horse.owner !== undefined ? seatColour(horse.owner) : "#ddd";
    const g = s("g", {
      class: "tc-horse" + (current ? " current" : "") + (arrived ? " arrived" : ""),
      transform: `translate(${fmt(x)} ${fmt(y)})`,
      "data-horse": number,
      "data-testid": `horse-token-${number}`,
    });
    const body = s("g", { transform: `rotate(${fmt(angle)})` });
    if (current) g.append(s("circle", { class: "tc-current-ring", r: fmt(k * 1.75) }));
    if (!bare && harness()) {
      // The sulky: two shafts, the axle with its wheels, the driver's helmet (casque).
      body.append(
        s("path", {
          class: "tc-sulky",
          d: `M${fmt(-k)} ${fmt(-k * 0.45)}H${fmt(-k * 1.3)}M${fmt(-k)} ${fmt(k * 0.45)}H${fmt(-k * 1.3)}M${fmt(-k * 1.3)} ${fmt(-k * 0.95)}V${fmt(k * 0.95)}`,
        }),
        s("rect", { class: "tc-wheel", x: fmt(-k * 1.55), y: fmt(-k * 1.12), width: fmt(k * 0.5), height: fmt(k * 0.24), rx: 1 }),
        s("rect", { class: "tc-wheel", x: fmt(-k * 1.55), y: fmt(k * 0.88), width: fmt(k * 0.5), height: fmt(k * 0.24), rx: 1 }),
        s("circle", { class: "tc-rider", cx: fmt(-k * 1.3), cy: 0, r: fmt(k * 0.38), fill: rider }),
      );
    }
    if (!bare) {
      body.append(
        s("path", {
          class: "tc-head",
          d: `M${fmt(k * 0.8)} ${fmt(-k * 0.32)}Q${fmt(k * 1.65)} ${fmt(-k * 0.3)} ${fmt(k * 1.62)} 0Q${fmt(k * 1.65)} ${fmt(k * 0.3)} ${fmt(k * 0.8)} ${fmt(k * 0.32)}Z`,
        }),
        s("path", { class: "tc-ears", d: `M${fmt(k * 1.05)} ${fmt(-k * 0.3)}l${fmt(k * 0.12)} ${fmt(-k * 0.22)}M${fmt(k * 1.05)} ${fmt(k * 0.3)}l${fmt(k * 0.12)} ${fmt(k * 0.22)}` }),
      );
    }
    body.append(s("rect", { class: "tc-cloth", x: fmt(-k), y: fmt(-k), width: fmt(2 * k), height: fmt(2 * k), rx: fmt(k * 0.35), fill: colour }));
    if (bare || !harness()) {
      // The jockey's cap (toque) on the horse's back, in the owner's seat colour.
      body.append(s("circle", { class: "tc-rider", cx: fmt(-k * 1.02), cy: 0, r: fmt(k * 0.34), fill: rider }));
    }
    g.append(
      s("title", {}, horseLabel(number)),
      body,
      s("text", { class: "tc-horse-num", fill: inkOn(colour), "font-size": fmt(k * 1.5), y: fmt(k * 0.06) }, String(number)),
    );
    if (arrived) {
      g.append(s("rect", { class: "tc-arrived-flag", x: fmt(k * 0.3), y: fmt(-k * 1.5), width: fmt(k * 0.9), height: fmt(k * 0.7), fill: "url(#tc-checker)" }));
    }
    return g;
  }

  function whereText(horse) {
    const o = obs();
    if (!horse) return "";
    switch (horse.status) {
      case "waiting":
        return t(`${NS}.status.waiting`);
      case "placed":
        return t(`${NS}.status.placed`, { place: t(`web.ordinal.${horse.place}`) });
      case "fallen":
      case "straggler":
      case "disqualified":
        return t(`${NS}.status.${horse.status}`);
      default: {
        const c = view?.cells[horse.cell];
        if (!c) return t(`${NS}.status.${horse.status}`);
        const text = t(`${NS}.where`, {
          lane: c.lane + 1,
          segment: t(`${NS}.segment.${c.segment}`),
          rank: c.offset + 1,
          lap: Math.min(horse.lap + 1, o.course.laps),
          laps: o.course.laps,
        });
        return horse.status === "arrived" ? `${text} · ${t(`${NS}.status.arrived`)}` : text;
      }
    }
  }

  function horseLabel(number) {
    const horse = horseOf(number);
    return t(`${NS}.horse_label`, { horse: number, owner: ownerName(number), where: whereText(horse) });
  }

  function drawHorses() {
    const o = obs();
    const parts = [];
    const size = 0.9 * U;
    for (const horse of o.horses) {
      if (horse.cell === null || horse.cell === undefined) continue;
      const c = view.cells[horse.cell];
      if (!c) continue;
      const current = o.current === horse.number && ["race", "review"].includes(o.phase);
      parts.push(
        horseGlyph(horse.number, { x: c.at[0], y: c.at[1], angle: c.angle, size, current, arrived: horse.status === "arrived" }),
      );
    }
    for (const stop of stops) stop();
    stops = [];
    // Off the track: the arrival board (place by place) and the eliminated box (by horse number, 07-03).
    if (infield) {
      (o.order || []).forEach((number, k) => {
        const slot = infield.arrival?.slots[k];
        if (slot) parts.push(horseGlyph(number, { x: slot[0], y: slot[1] + 3.5, size: infield.arrival.size * 0.55, bare: true }));
      });
      for (const horse of o.horses) {
        if (!horse.eliminated) continue;
        const slot = infield.eliminated?.slots[numbers.indexOf(horse.number)];
        if (!slot) continue;
        const g = horseGlyph(horse.number, { x: slot[0], y: slot[1] + 3.5, size: infield.eliminated.size * 0.55, bare: true });
        g.classList.add("out", horse.status);
        parts.push(g);
      }
    }
    fill(horseLayer, parts);
    slide();
  }

  /** Slide each horse that moved in the last change along its way, once (issue 16: pawns move along
   * their path; still under reduced motion, `motion.js`). */
  function slide() {
    if (slid || !view) return;
    slid = true;
    for (const [n, cells] of moves) {
      const onTrack = horseOf(n)?.cell;
      if (onTrack === null || onTrack === undefined) continue; // it fell, or left for the arrival board
      const glyph = horseLayer.querySelector(`.tc-horse[data-horse="${n}"]`); // the track's come first
      const points = cells.map((c) => view.cells[c]?.at).filter(Boolean);
      if (!glyph || points.length !== cells.length) continue;
      stops.push(moveAlong(glyph, points));
      // The way it went and whether it slid, kept on the layer (the glyph is redrawn at every change).
      horseLayer.dataset[`path${n}`] = cells.join(" ");
      horseLayer.dataset[`animated${n}`] = glyph.dataset.animated;
    }
  }

  /** The stakes box (07-05): the amount in its title, then how it is shared, place by place. */
  function stakesText(item) {
    const course = obs().course;
    const shares = (course.split || []).map((v, i) => `${t(`web.ordinal.${i + 1}`)} ${v}`);
    const fits = (text) => text.length * 5.6 <= item.w;
    let per = Math.max(1, shares.length);
    while (per > 1 && !fits(shares.slice(0, per).join(" · "))) per -= 1;
    const lines = [];
    for (let i = 0; i < shares.length; i += per) lines.push(shares.slice(i, i + per).join(" · "));
    const cx = fmt(item.x + item.w / 2);
    const g = s("g", { class: "tc-stakes", "data-testid": "tc-stakes" });
    g.append(boxTitle(item, `${t(`${NS}.stakes`)} ${course.stakes}`));
    const step = Math.min(13, (item.h - TITLE_H) / Math.max(1, lines.length));
    lines.forEach((line, i) => {
      g.append(s("text", { class: "tc-stakes-split", x: cx, y: fmt(item.y + TITLE_H + step * (i + 0.5) + 1) }, line));
    });
    return g;
  }

  /** The way the horse to move has come this move: from its cell before the roll, step by step. */
  function drawTrail() {
    const o = obs();
    fill(trailLayer);
    if (!o.current || !["race", "review"].includes(o.phase)) return;
    let last = -1;
    for (let i = log.length - 1; i >= 0; i--) {
      if (log[i].key === "toques_et_casques.dice_rolled") {
        last = i;
        break;
      }
    }
    if (last < 0 || log[last].params?.horse !== o.current) return;
    const cells = log
      .slice(last + 1)
      .filter((e) => e.key === "toques_et_casques.stepped" && e.params?.horse === o.current)
      .map((e) => e.params.cell);
    if (o.turn_start !== undefined && o.turn_start !== null) cells.unshift(o.turn_start);
    else if (turnStart && turnStart.horse === o.current) cells.unshift(turnStart.cell);
    const points = cells.map((c) => view.cells[c]?.at).filter(Boolean);
    if (points.length < 2) return;
    trailLayer.append(
      s("path", { class: "tc-trail-line", d: lineOf(points) }),
      points.slice(0, -1).map(([x, y]) => s("circle", { class: "tc-trail-dot", cx: fmt(x), cy: fmt(y), r: 3 })),
    );
  }

  /** The legal steps (a click plays one), or the stations a hurdle may be moved to. */
  function drawTargets() {
    const o = obs();
    const parts = [];
    if (interactive && o.phase === "race") {
      const horse = horseOf(o.current);
      const from = horse ? view.cells[horse.cell] : null;
      const ends = new Set(plans().map((p) => p.end));
      for (const step of o.steps || []) {
        // A length where a whole move ends shows that move; its single step stays on the buttons.
        if (!isLegal(step.action) || ends.has(step.cell)) continue;
        const c = view.cells[step.cell];
        if (!c) continue;
        const angle = from ? (Math.atan2(c.at[1] - from.at[1], c.at[0] - from.at[0]) * 180) / Math.PI : c.angle;
        const label = stepLabel(step.action, c);
        const g = s("g", {
          class: "tc-step",
          role: "button",
          tabindex: "0",
          "aria-label": label,
          "data-testid": "step-cell",
          "data-action": step.action,
          "data-cell": step.cell,
        });
        g.append(
          s("title", {}, label),
          s("path", { class: "tc-step-cell", d: c.d }),
          s("path", {
            class: "tc-step-arrow",
            transform: `translate(${fmt(c.at[0])} ${fmt(c.at[1])}) rotate(${fmt(angle)})`,
            d: "M-3 -5L3 0L-3 5",
          }),
        );
        activates(g, () => act(step.action));
        parts.push(g);
      }
    }
    if (interactive && o.phase === "race") {
      for (const plan of plans()) {
        const target = planTarget(plan);
        if (target) parts.push(target);
      }
    }
    if (interactive && o.phase === "relocate" && o.relocation) {
      for (const station of o.relocation.targets || []) {
        const action = legalNotation("move_hurdle", { station });
        if (!interactive || !action) continue;
        const poly = stationPolygon(view, station);
        if (!poly) continue;
        const label = t(`${NS}.move_hurdle_to`, { station: stationText(station) });
        const g = s("g", {
          class: "tc-target",
          role: "button",
          tabindex: "0",
          "aria-label": label,
          "data-testid": "hurdle-target",
          "data-station": station,
        });
        g.append(s("title", {}, label), s("path", { d: pathOf(poly) }));
        activates(g, () => act(action));
        parts.push(g);
      }
    }
    fill(targetLayer, parts);
  }

  /** A length of the track named for the player: a straight's names its station; a turn's only its
   * turn and rank. */
  function lengthText(cell) {
    return cell.station
      ? stationText(cell.station)
      : t(`${NS}.length_of`, { segment: t(`${NS}.segment.${cell.segment}`), rank: cell.offset + 1 });
  }

  function stepLabel(action, cell) {
    const where = lengthText(cell);
    if (action === "avant") return t(`${NS}.avant_to`, { lane: cell.lane + 1, station: where });
    return t(`${NS}.ecart_to`, { lane: cell.lane + 1, station: where });
  }

  // -- whole moves: the ends of the roll, their paths, the fall confirmed --------------------------------

  /** The whole moves the server offers this seat now (`ToquesState.plans`), if it may play. */
  function plans() {
    return interactive && obs()?.phase === "race" ? msg?.plans || [] : [];
  }

  function planLabel(plan, cell) {
    const blocked = plan.actions[plan.actions.length - 1] === "bloque";
    const text = t(blocked ? `${NS}.end_blocked` : `${NS}.end_at`, {
      lane: cell.lane + 1,
      station: lengthText(cell),
      steps: plan.path.length - 1,
    });
    return plan.warning ? `${text} — ${t(`${NS}.end_falls`)}` : text;
  }

  /** One end of the roll on the track: hovering or focusing it draws its path, a click plays it. */
  function planTarget(plan) {
    const c = view.cells[plan.end];
    if (!c) return null;
    const fall = Boolean(plan.warning);
    const label = planLabel(plan, c);
    const g = s("g", {
      class: "tc-end" + (fall ? " fall" : ""),
      role: "button",
      tabindex: "0",
      "aria-label": label,
      "data-testid": "plan-end",
      "data-cell": plan.end,
      "data-fall": String(fall),
      "data-steps": plan.actions.length,
    });
    g.append(
      s("title", {}, label),
      s("path", { class: "tc-end-cell", d: c.d }),
      s("circle", { class: "tc-end-mark", cx: fmt(c.at[0]), cy: fmt(c.at[1]), r: fmt(U * 0.22) }),
    );
    const show = () => drawPath(plan);
    const hide = () => drawPath(pending);
    g.addEventListener("mouseenter", show);
    g.addEventListener("focus", show);
    g.addEventListener("mouseleave", hide);
    g.addEventListener("blur", hide);
    activates(g, () => choose(plan));
    return g;
  }

  /** The path of `plan` from the horse to its end (none: nothing drawn). */
  function drawPath(plan) {
    fill(planLayer);
    if (!plan || !view) return;
    const points = plan.path.map((c) => view.cells[c]?.at).filter(Boolean);
    if (points.length < 1) return;
    const cls = "tc-plan-line" + (plan.warning ? " fall" : "");
    planLayer.dataset.end = String(plan.end);
    planLayer.append(
      s("path", { class: cls, d: lineOf(points), "data-testid": "plan-path" }),
      points.slice(1).map(([x, y]) => s("circle", { class: "tc-plan-dot" + (plan.warning ? " fall" : ""), cx: fmt(x), cy: fmt(y), r: 2.6 })),
    );
  }

  /** Play `plan`, after the player confirms it when it ends in a fall (04-01). */
  function choose(plan) {
    if (plan.warning && pending !== plan) {
      pending = plan;
      pendingVersion = msg?.version ?? null;
      drawConfirm();
      drawPath(plan);
      confirmBox.querySelector('[data-testid="plan-cancel"]')?.focus(); // the safe answer first
      return;
    }
    pending = null;
    drawConfirm();
    send({ type: "plan", actions: plan.actions });
  }

  function cancelPlan() {
    pending = null;
    drawConfirm();
    drawPath(null);
  }

  function drawConfirm() {
    const plan = pending;
    confirmBox.hidden = !plan;
    if (!plan) {
      fill(confirmBox);
      return;
    }
    const text = plan.warning.text?.[lang] || plan.warning.text?.en || "";
    fill(
      confirmBox,
      h("p", { class: "tc-confirm-text", "data-testid": "plan-warning" }, text),
      h("button", { type: "button", class: "danger", "data-testid": "plan-confirm", onclick: () => choose(plan) }, t(`${NS}.confirm_fall`)),
      h("button", { type: "button", "data-testid": "plan-cancel", onclick: () => cancelPlan() }, t(`${NS}.cancel_fall`)),
    );
  }

  // -- the controls under the track -----------------------------------------------------------------

  function lastRoll() {
    const o = obs();
    if (!o || o.points === null || o.points === undefined) return null;
    if (o.rolled !== undefined && o.rolled !== null) return o.rolled;
    for (let i = log.length - 1; i >= 0; i--) {
      const e = log[i];
      if (e.key === "toques_et_casques.dice_rolled") return e.params?.horse === o.current ? e.params.points : null;
    }
    return null;
  }

  function drawControls() {
    const o = obs();
    // The turn bar (« barre du bas », 06-01): the red dot, then the horses in the order they play.
    const chips = [h("span", { class: "tc-red-dot", title: t(`${NS}.red_dot`), "aria-hidden": "true" })];
    for (const n of numbers) {
      const horse = horseOf(n);
      const colour = colourOf(n);
      const out = horse && (horse.eliminated || horse.status === "placed");
      chips.push(
        h(
          "span",
          {
            class: "tc-chip" + (o.current === n ? " current" : "") + (out ? " out" : ""),
            style: `background:${colour};color:${inkOn(colour)}`,
            title: horseLabel(n),
          },
          String(n),
        ),
      );
    }
    let who = "";
    if (o.phase === "draw") who = t(`${NS}.drawing`);
    else if (o.phase === "rolloff") who = t(`${NS}.rolloff`, { horses: (o.rolloff || []).map((n) => `N°${n}`).join(", ") });
    else if (o.phase === "over") who = t(`${NS}.race_over`);
    else if (o.phase === "relocate" && o.relocation) {
      const deciders = (o.active || []).map((p) => seatName(p)).join(", ");
      who = t(`${NS}.relocate_who`, { station: o.relocation.hurdle, name: deciders });
    } else if (o.phase === "review" && o.current) who = t(`${NS}.under_review`, { horse: o.current, owner: ownerName(o.current) });
    else if (o.current) who = t(`${NS}.to_play`, { horse: o.current, owner: ownerName(o.current) });
    fill(turnBox, h("div", { class: "tc-bar", "aria-hidden": "true" }, chips), h("strong", { class: "tc-who", "data-testid": "tc-who" }, who));

    // The dice: what was scored (marquer) and the points still to play.
    const rolled = lastRoll();
    const left = o.points;
    const pips = [];
    if (rolled !== null && left !== null && left !== undefined) {
      for (let i = 0; i < rolled; i++) pips.push(h("span", { class: "tc-pip" + (i < rolled - left ? " used" : "") }));
    }
    fill(
      diceBox,
      h("span", { class: "tc-die" + (rolled === null ? " blank" : ""), title: t(`${NS}.score`) }, rolled === null ? "?" : String(rolled)),
      h(
        "span",
        { class: "tc-dice-text" },
        h("span", { class: "tc-dice-label" }, t(o.course.speed === 2 ? `${NS}.two_dice` : `${NS}.one_die`)),
        h("strong", { "data-testid": "tc-points" }, left !== null && left !== undefined && rolled !== null ? tn(`${NS}.points_left`, left, { points: left }) : "—"),
        pips.length ? h("span", { class: "tc-pips", "aria-hidden": "true" }, pips) : null,
      ),
    );

    // Roll: the draw (08-01), then each turn's dice (09-02), when this seat rolls them.
    const canRoll = interactive && Boolean(msg?.can_roll);
    rollButton.hidden = !canRoll;
    rollButton.disabled = !canRoll;
    if (o.phase === "draw") rollButton.textContent = t(`${NS}.roll_draw`);
    else rollButton.textContent = t(o.course.speed === 2 ? `${NS}.roll_dice` : `${NS}.roll_die`);
    rollButton.setAttribute("aria-label", `${rollButton.textContent} (R)`);

    const buttons = [];
    if (interactive && o.phase === "race") {
      for (const step of o.steps || []) {
        if (!isLegal(step.action)) continue;
        const c = view?.cells[step.cell];
        const text = step.action === "avant" ? t(`${NS}.avant`) : t(`${NS}.ecart`, { lane: argsOf(step.action).lane });
        buttons.push(
          h(
            "button",
            {
              type: "button",
              class: "tc-step-button",
              "data-testid": `step-${step.action.replace(" ", "-")}`,
              title: c ? stepLabel(step.action, c) : step.action,
              onclick: () => act(step.action),
            },
            text,
            h("kbd", {}, keyFor(step.action)),
          ),
        );
      }
      if (o.blocked && isLegal("bloque")) {
        buttons.push(
          h(
            "button",
            { type: "button", class: "primary tc-blocked", "data-testid": "blocked-button", "aria-keyshortcuts": "B", onclick: () => act("bloque") },
            t(`${NS}.blocked`),
            h("kbd", {}, "B"),
          ),
        );
      }
    }
    if (interactive && o.phase === "review") {
      for (const verdict of ["approve", "replace", "disqualify"]) {
        if (!isLegal(verdict)) continue;
        buttons.push(
          h(
            "button",
            { type: "button", class: "tc-review " + verdict, "data-testid": `review-${verdict}`, onclick: () => act(verdict) },
            t(`${NS}.review.${verdict}`),
          ),
        );
      }
    }
    if (interactive && o.phase === "relocate" && isLegal("keep")) {
      buttons.push(
        h("button", { type: "button", class: "tc-keep", "data-testid": "keep-hurdle", "aria-keyshortcuts": "K", onclick: () => act("keep") }, t(`${NS}.keep`), h("kbd", {}, "K")),
      );
    }
    fill(actionsBox, buttons);
    hintBox.textContent = hint();
  }

  /** The key that plays a step: ↑ for the avant, ← towards the rail, → outwards. */
  function keyFor(action) {
    if (action === "avant") return "↑";
    const horse = horseOf(obs().current);
    const lane = argsOf(action).lane;
    return horse && lane < horse.lane ? "←" : "→";
  }

  function hint() {
    const o = obs();
    if (!msg || !o) return "";
    if (o.phase === "over") return "";
    if (interactive && msg.can_roll) return t(o.phase === "draw" ? `${NS}.hint_draw` : `${NS}.hint_roll`);
    if (interactive && o.phase === "race" && legal().length) {
      if (o.blocked) return tn(`${NS}.hint_blocked`, o.points, { horse: o.current, points: o.points });
      if (plans().length) return tn(`${NS}.hint_plan`, o.points, { horse: o.current, points: o.points });
      return tn(`${NS}.hint_step`, o.points, { horse: o.current, points: o.points });
    }
    if (interactive && o.phase === "review" && legal().length) return t(`${NS}.hint_review`, { horse: o.current });
    if (interactive && o.phase === "relocate" && legal().length) {
      const station = stationText(o.relocation?.hurdle || "");
      if (!legal().some((m) => m.kind === "move_hurdle")) return t(`${NS}.hint_relocate_nowhere`, { station });
      return t(`${NS}.hint_relocate`, { station });
    }
    if (o.phase === "review") return t(`${NS}.reviewing`, { horse: o.current });
    if (o.phase === "relocate" && o.relocation) return t(`${NS}.relocating`, { station: stationText(o.relocation.hurdle) });
    return "";
  }

  // -- the panels below: the horses, the course, the result -------------------------------------------

  function drawHorseList() {
    const o = obs();
    const rows = numbers.map((n) => {
      const horse = horseOf(n);
      const colour = colourOf(n);
      const owner = horse?.owner;
      return h(
        "tr",
        {
          class: "tc-horse-row" + (o.current === n && o.phase !== "over" ? " current" : "") + (horse?.eliminated ? " out" : ""),
          "data-testid": `tc-horse-${n}`,
        },
        h("td", {}, h("span", { class: "tc-chip", style: `background:${colour};color:${inkOn(colour)}` }, String(n))),
        h(
          "td",
          { class: "tc-jockey" },
          owner !== null && owner !== undefined
            ? [h("span", { class: "seat-dot", style: `--seat:${seatColour(owner)}`, "aria-hidden": "true" }, String(owner + 1)), " ", seatName(owner)]
            : h("span", { class: "muted" }, t(`${NS}.no_jockey`)),
        ),
        h("td", { class: "tc-where" }, whereText(horse)),
      );
    });
    fill(
      horsesSection,
      h("h2", {}, t(`${NS}.horses_title`)),
      h(
        "table",
        { class: "tc-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t(`${NS}.col_horse`)), h("th", { scope: "col" }, t(`${NS}.col_jockey`)), h("th", { scope: "col" }, t(`${NS}.col_where`)))),
        h("tbody", {}, rows),
      ),
    );
  }

  function drawCoursePanel() {
    const o = obs();
    const course = o.course;
    const none = t(`${NS}.none`);
    const order = o.order || [];
    const items = [
      h("h2", {}, t(`${NS}.course_title`)),
      h(
        "p",
        {},
        tn(`${NS}.course_line`, course.laps, {
          category: t(`toques_et_casques.category.${course.category}`),
          speed: course.speed,
          track: t(`toques_et_casques.track.${course.track}`),
          laps: course.laps,
        }),
      ),
      h(
        "p",
        { class: "muted" },
        // The course in words, as the designer shows it (D31): no station code.
        [
          t(`${NS}.course.summary.finish`, { where: stationWords(course.finish) }),
          course.river?.length ? t(`${NS}.course.summary.river`, { where: stationWords(course.river[0]) }) : t(`${NS}.course.summary.no_river`),
          t(`${NS}.course.summary.hurdles`, { where: (o.hurdles || []).length ? inRunningOrder(o.hurdles).map(stationWords).join(", ") : none }),
        ].join(" · "),
        o.clockwise ? [" · ", t(`${NS}.clockwise`)] : null,
        o.steward !== null && o.steward !== undefined ? [" · ", t(`${NS}.steward_is`, { name: seatName(o.steward) })] : null,
      ),
      h(
        "p",
        {},
        h("strong", {}, `${t(`${NS}.stakes`)} ${course.stakes}`),
        " — ",
        (course.split || []).map((v, i) => `${t(`web.ordinal.${i + 1}`)} ${v}`).join(" · "),
      ),
    ];
    // The arrival order (23-01), and at the end the tiercé, quarté and quinté (23-03).
    const arrival = h("div", { class: "tc-arrival", "data-testid": "arrival-order" });
    arrival.append(h("h3", {}, t(`${NS}.arrival`)));
    if (!order.length) arrival.append(h("p", { class: "muted" }, t(`${NS}.nobody_arrived`)));
    else {
      arrival.append(
        h(
          "ol",
          { class: "tc-order" },
          order.map((n, i) =>
            h(
              "li",
              {},
              h("span", { class: "rank" }, t(`web.ordinal.${i + 1}`)),
              " ",
              h("span", { class: "tc-chip", style: `background:${colourOf(n)};color:${inkOn(colourOf(n))}` }, String(n)),
              " ",
              ownerName(n),
            ),
          ),
        ),
      );
    }
    if (o.phase === "over") {
      const bets = [
        ["tierce", 3],
        ["quarte", 4],
        ["quinte", 5],
      ].filter(([, n]) => order.length >= n);
      arrival.append(
        h(
          "p",
          { class: "tc-bets", "data-testid": "tc-result" },
          bets.map(([name, n], i) => [i ? " — " : "", h("strong", {}, t(`${NS}.${name}`)), " ", order.slice(0, n).join(", ")]),
        ),
      );
      const paid = (o.money || []).map((m, p) => [p, m]).filter(([, m]) => m > 0);
      arrival.append(
        h(
          "p",
          { class: "tc-winnings" },
          h("strong", {}, t(`${NS}.winnings`)),
          " ",
          paid.length ? paid.map(([p, m]) => `${seatName(p)} ${m}`).join(" · ") : none,
        ),
      );
    }
    items.push(arrival);
    fill(courseSection, items);
  }

  function drawAll() {
    trackTitle.textContent = t(`${NS}.track_title`);
    svg.setAttribute("aria-label", trackTitle.textContent);
    if (!msg || !obs() || !ensureView()) return;
    drawCourse();
    drawTrail();
    drawHorses();
    drawTargets();
    drawControls();
    drawConfirm();
    drawPath(pending);
    drawHorseList();
    drawCoursePanel();
  }

  // -- input ---------------------------------------------------------------------------------------

  function act(action) {
    if (!isLegal(action)) return;
    send({ type: "act", action });
  }

  function roll() {
    if (interactive && msg?.can_roll) send({ type: "roll" });
  }

  /** The écart towards the rail (`inward`) or the outside, if it is legal now. */
  function ecart(inward) {
    const o = obs();
    const horse = horseOf(o?.current);
    if (!horse || !horse.lane) return null;
    return interactive ? legalNotation("ecart", { lane: horse.lane + (inward ? -1 : 1) }) : null;
  }

  function handleKey(event) {
    if (!interactive || !msg) return false;
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    if (event.key === "Escape" && pending) {
      cancelPlan();
      return true;
    }
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    let action = null;
    if (key === "r") {
      if (!msg.can_roll) return false;
      roll();
      return true;
    }
    if (key === "ArrowUp" || key === "w") action = isLegal("avant") ? "avant" : null;
    else if (key === "ArrowLeft" || key === "a") action = ecart(true);
    else if (key === "ArrowRight" || key === "d") action = ecart(false);
    else if (key === "b") action = isLegal("bloque") ? "bloque" : null;
    else if (key === "k") action = isLegal("keep") ? "keep" : null;
    if (!action) return false;
    act(action);
    return true;
  }

  // -- the board's interface ---------------------------------------------------------------------------

  /** The way each horse went in the change this state message tells (its `stepped` events), from
   * where the last state had it; empty when the log came whole (a connection, a move taken back). */
  function movesOf(stateMessage, before) {
    const found = new Map();
    if (!before || stateMessage.fullLog) return found;
    for (const e of stateMessage.events || []) {
      if (e.key !== "toques_et_casques.stepped") continue;
      const n = e.params?.horse;
      if (!found.has(n)) {
        const start = before.horses?.find((x) => x.number === n)?.cell;
        if (start === null || start === undefined) continue;
        found.set(n, [start]);
      }
      found.get(n).push(e.params.cell);
    }
    return found;
  }

  function update(stateMessage, events = []) {
    if (stateMessage?.version !== msg?.version) {
      moves = movesOf(stateMessage, msg?.observation);
      slid = false;
    }
    msg = stateMessage;
    log = events;
    if (pending && msg?.version !== pendingVersion) pending = null; // the decision has passed
    const o = obs();
    // Where the horse to move stood before its roll: the start of its trail, and where the steward
    // would put it back (07-03). Seen only while the roll is pending.
    if (o && o.current && (o.points === null || o.points === undefined)) {
      const horse = horseOf(o.current);
      if (horse && horse.cell !== null) turnStart = { horse: o.current, cell: horse.cell };
    }
    drawAll();
  }

  function setLang(newLang, newT) {
    lang = newLang;
    if (newT) t = newT;
    drawDefs();
    drawStatic();
    drawAll();
  }

  function statusLine(stateMessage = msg) {
    const o = stateMessage?.observation;
    if (!o?.course) return "";
    const bits = [t(`${NS}.category_short`, { category: o.course.category, speed: o.course.speed })];
    if (o.phase !== "draw" && o.phase !== "over") bits.push(t(`${NS}.round`, { round: o.round }));
    if (o.phase !== "over") bits.push(t(`${NS}.phase.${o.phase}`));
    return bits.join(" · ");
  }

  /** Turn the oval upright on narrow screens (phones): the long straights then run down the page. */
  function fitLayout() {
    const width = container.clientWidth;
    const want = width > 0 && width < 640;
    if (want === compact && viewKey) return;
    compact = want;
    if (ensureView()) drawAll();
  }

  drawDefs();
  const resizeObserver = typeof ResizeObserver === "function" ? new ResizeObserver(() => fitLayout()) : null;
  resizeObserver?.observe(container);
  compact = container.clientWidth > 0 && container.clientWidth < 640;

  return {
    update,
    setLang,
    statusLine,
    handleKey,
    destroy() {
      resizeObserver?.disconnect();
      container.replaceChildren();
    },
  };
}
