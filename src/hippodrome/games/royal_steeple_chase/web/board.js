// Royal Steeple Chase's board: the figure-eight of four lanes in SVG (rivers, red-numbered squares,
// the crossed central hurdle, the mobile hurdles, the start and finish line, the horses), the hand
// and the spread cards, the auctions and trades, the card in play with its two coups, the chips and
// the score sheet. The course is drawn from the engine's own geometry (GET
// /api/games/royal_steeple_chase/board: `cells[lane][square - 1] = [x, y, heading]`); everything that
// changes comes from the seat's observation (`SteepleState.observation`), and every choice offered is
// one of the legal actions the server sent, typed (`{kind, args, notation, label}`). This module holds no
// rule.

import { coursePatterns, fill, h, legalMoves, moveLabel, s, seatColour } from "/static/js/dom.js";
import { tn } from "/static/js/i18n.js";
import { createSlides, loopSquares } from "/static/js/motion.js";

const NS = "web.royal_steeple_chase";
const GAME = "royal_steeple_chase";
const U = 30; // SVG user units per track unit (one lane wide)
const MARGIN = 0.9; // track units around the course
const HORSE_COLOURS = { r: "#c62828", b: "#1565c0", j: "#f2c200", v: "#2e7d32" };
const LANE_TINTS = { r: "#f7e3df", b: "#e1e9f5", j: "#f8f0cf", v: "#e0efdc" };
const KIND_SYMBOLS = { 2: "2", 3: "3", 4: "4", 0: "0", H: "H", R: "♛" };
const QUICK_BIDS = 4; // bid buttons shown at once; the others are in a list

const fmt = (n) => String(Math.round(n * 10) / 10);
const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
const pathOf = (pts) => "M" + pts.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join("L") + "Z";

/** Black or white ink, whichever reads on `hex`. */
function inkOn(hex) {
  const v = String(hex || "").replace("#", "");
  if (v.length !== 6) return "#111";
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(v.slice(i, i + 2), 16) / 255);
  return 0.299 * r + 0.587 * g + 0.114 * b > 0.55 ? "#111" : "#fff";
}

/** A legal action as this board offers it, read from the engine's typed form (`{kind, args,
 * notation}`, docs/web.md): the choice's `type` and its values; null for one this board does not draw.
 * Nothing is read from the notation, which only goes back to the server. */
function readMove(move) {
  const a = move.args || {};
  switch (move.kind) {
    case "pass":
      return { type: "passe" };
    case "accept":
      return { type: "accepte" };
    case "refuse":
      return { type: "refuse" };
    case "contre":
      return { type: "contrer" };
    case "request_horse":
      return { type: "horse", horse: a.horse, bid: a.bid };
    case "request_card":
      return { type: "spread", card: a.card, bid: a.bid };
    case "bid":
      return { type: "bid", amount: a.amount };
    case "throw":
      return { type: "throw", card: a.card };
    case "propose":
      return { type: "propose", seat: a.target, card: a.card, points: a.points || 0 };
    case "ask_card":
      return { type: "ask", card: a.card };
    case "counter":
      return { type: "counter", card: a.card, points: a.points };
    case "play_card":
      return { type: "play", card: a.card };
    case "own_hurdle":
      return { type: "own_hurdle", lane: a.horse, square: a.gap };
    case "void_half":
      return { type: "void", half: a.half };
    case "place_bet":
      return { type: "bet", horses: a.horses, stake: a.stake };
    case "incident_choice":
      return { type: "incident", horse: a.horse, square: a.gap };
    case "call":
      return { type: "call", horse: Number.isInteger(a.horse) && a.horse >= 0 ? a.horse : null, bid: a.bid || null };
    case "eliminate":
      return { type: "eliminate", card: a.card };
    case "play_half":
      return { type: "half", half: a.half, use: a.use, horses: a.horses, remove: a.remove, square: a.gap };
    default:
      return null;
  }
}

// -- the course as drawn -------------------------------------------------------------------------------

/** The drawing of the figure-eight: every square's polygon, centre and heading, and every gap between
 * two squares (where a hurdle stands), per lane, in SVG user units. Only coordinates are transformed
 * (turned a quarter on narrow screens), never the SVG itself, so the numbers stay upright. */
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
    const n = centres.length;
    // The gap after square k + 1: halfway to the next square, across the lane.
    const gaps = centres.map((a, k) => {
      const b = centres[(k + 1) % n];
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len = Math.hypot(dx, dy) || 1;
      const dir = [dx / len, dy / len];
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
      return { square: k + 1, at, pts, d: pathOf(pts), angle: front.angle };
    });
    return { cells, gaps };
  });
  return {
    lanes,
    width: (x1 - x0 + 2 * MARGIN) * U,
    height: (y1 - y0 + 2 * MARGIN) * U,
    laneWidth: width,
  };
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

// -- the board ---------------------------------------------------------------------------------------

export function createBoard(container, { boardData, t, lang, send = null, readOnly = false }) {
  const interactive = !readOnly && typeof send === "function";
  const colours = boardData.colours || ["r", "b", "j", "v"];
  /** A coup as the engine's deck describes it (board data `halves`): `{text, kind, horse}`, the
   * horse a lane index for a coloured coup, else null. */
  const halfOf = (text) => {
    const half = boardData.halves?.[text];
    return { text, kind: half?.kind ?? text, horse: Number.isInteger(half?.horse) ? half.horse : null };
  };
  /** A card's two coups, as the engine's deck lists them (board data `card_halves`). */
  const halvesOf = (card) => (boardData.card_halves?.[card] || [card]).map(halfOf);
  const rivers = new Set(boardData.rivers || []);
  const redSquares = new Set(boardData.incident_squares || []);

  let msg = null; // the last `state` message
  let log = []; // every event so far
  let view = null;
  let compact = false;
  let viewKey = null;
  // Choices in progress (never sent until they make one legal action).
  let selectedHalf = null; // the coup of the card in play the player acts on first
  let tradeCard = null; // the card of the hand chosen to offer
  let ownHurdle = false; // 2 and 3 players: placing one of one's own mobile hurdles
  let bidChoice = 0; // the opening bid for a spread card, or the points added to a counter-offer
  let moves = []; // the horses moved in the last change, in order: {lane, from, to, step}
  let slid = true; // whether the last change's moves were slid along already
  const slides = createSlides();

  const obs = () => msg?.observation || null;
  const legal = () => (interactive ? legalMoves(msg).map((m) => m.notation) : []);
  const isLegal = (action) => interactive && legalMoves(msg).some((m) => m.notation === action);
  const parsed = () => (interactive ? legalMoves(msg) : []).map((m) => ({ action: m.notation, ...readMove(m) })).filter((x) => x.type);
  // « avec un mort »: the observation names the dummy "dummy" where it names a seat; it is no seat.
  const DUMMY = "dummy";
  const isPlace = (p) => p === DUMMY || (Number.isInteger(p) && p >= 0);
  const seatName = (i) => (i === DUMMY ? t(`${NS}.dummy`) : msg?.seats?.[i]?.name || t("web.seat_n", { n: i + 1 }));
  const placeColour = (p) => (p === DUMMY ? "#777" : seatColour(p));
  /** Whether this seat is taking the dummy's turn now: the legal moves are then the dummy's. */
  const forDummy = () => Boolean(obs()?.dummy?.to_play) && obs().dummy.partner === mySeat();
  const horseName = (i) => {
    const key = `${GAME}.horse.${i}`;
    const text = t(key);
    return text === key ? boardData.names?.[lang]?.[i] || colours[i] : text;
  };
  const horseColour = (i) => HORSE_COLOURS[colours[i]] || "#888";
  const kindWord = (kind) => t(`${NS}.kind.${kind}`);
  const mySeat = () => (Number.isInteger(msg?.seat) ? msg.seat : null);
  const myHorse = () => {
    const seat = mySeat();
    const i = (obs()?.horses || []).findIndex((x) => x.owner === seat);
    return seat === null || i < 0 ? null : i;
  };

  // -- skeleton ---------------------------------------------------------------------------------------

  const root = h("div", { class: "rsc" + (readOnly ? " read-only" : "") });
  const svg = s("svg", { class: "rsc-track", role: "group", "data-testid": "rsc-track" });
  const trackTitle = s("title");
  const defs = s("defs");
  const staticLayer = s("g", { class: "rsc-static" });
  const hurdleLayer = s("g", { class: "rsc-hurdles" });
  const horseLayer = s("g", { class: "rsc-horses", "data-pieces": true });
  const targetLayer = s("g", { class: "rsc-targets" });
  svg.append(trackTitle, defs, staticLayer, hurdleLayer, horseLayer, targetLayer);

  const legend = h("p", { class: "rsc-legend" });
  const controls = h("div", { class: "rsc-controls", "data-testid": "rsc-controls" });
  const turnBox = h("div", { class: "rsc-turn" });
  const playBox = h("div", { class: "rsc-play", "data-testid": "rsc-card-in-play" });
  const actionsBox = h("div", { class: "rsc-actions" });
  const hintBox = h("p", { class: "rsc-hint", "data-testid": "rsc-hint", "aria-live": "polite" });
  controls.append(turnBox, playBox, actionsBox, hintBox);

  const handSection = h("section", { class: "rsc-hand", "data-testid": "rsc-hand" });
  const spreadSection = h("section", { class: "rsc-spread panel", "data-testid": "rsc-spread" });
  const seatsSection = h("section", { class: "rsc-seats panel", "data-testid": "rsc-seats" });
  const scoreSection = h("section", { class: "rsc-score panel", "data-testid": "rsc-score" });
  // The bridge players' variants: the table with the partners facing each other, the dummy's open
  // hand at its place, and the bidding box.
  const bridgeSection = h("section", { class: "rsc-bridge panel", "data-testid": "rsc-bridge-table" });
  const lower = h("div", { class: "rsc-lower" }, spreadSection, seatsSection, scoreSection);
  root.append(svg, legend, controls, bridgeSection, handSection, lower);
  fill(container, root);

  function drawDefs() {
    fill(defs, coursePatterns("rsc", { checker: 6, hedge: 5, hedgeColours: ["#7a3b12", "#4a220a"] }));
  }

  // -- the course: drawn once per layout ---------------------------------------------------------------

  function ensureView() {
    const key = String(compact);
    if (key === viewKey && view) return;
    view = buildView(boardData, compact);
    viewKey = key;
    svg.setAttribute("viewBox", `0 0 ${fmt(view.width)} ${fmt(view.height)}`);
    root.classList.toggle("compact", compact);
    drawStatic();
  }

  function drawStatic() {
    if (!view) return;
    const parts = [];
    // Where the figure-eight crosses itself, the squares by the line (20, 21, 1) are drawn over those
    // of the far side (10, 11): from the middle of the lap outwards.
    const order = view.lanes[0].cells.map((c) => c.square).sort((a, b) => Math.abs(a - 10.5) - Math.abs(b - 10.5));
    for (const square of order) {
      view.lanes.forEach((laneView, lane) => {
        const c = laneView.cells[square - 1];
        const river = rivers.has(square);
        parts.push(
          s("path", {
            class: "rsc-cell" + (river ? " river" : ""),
            d: c.d,
            fill: river ? "url(#rsc-water)" : LANE_TINTS[colours[lane]] || "#eee",
            "data-lane": colours[lane],
            "data-square": square,
          }),
        );
        parts.push(
          s(
            "text",
            {
              class: "rsc-num" + (redSquares.has(square) ? " red" : "") + (river ? " on-river" : ""),
              x: fmt(c.at[0]),
              y: fmt(c.at[1]),
            },
            String(square),
          ),
        );
      });
    }
    // The start and finish line, between 21 and 1, across the four lanes.
    const line = view.lanes.map((laneView) => laneView.gaps[laneView.gaps.length - 1]);
    for (const gap of line) {
      parts.push(s("path", { class: "rsc-line", d: gapBar(gap, 7), "data-testid": "rsc-line" }));
    }
    fill(staticLayer, parts);
  }

  // -- what the observation says, drawn -------------------------------------------------------------

  function gapOf(lane, square) {
    const laneView = view?.lanes[lane];
    if (!laneView || !Number.isInteger(square)) return null;
    return laneView.gaps[(square - 1 + laneView.gaps.length) % laneView.gaps.length];
  }

  /** The gap after `square`, as the engine writes it (board data `gaps`: `7-8`, the line `21-1`). */
  function gapText(square) {
    return boardData.gaps?.[square - 1] ?? String(square);
  }

  /** The two squares a gap lies between, as a sentence names them: « entre {square} et {next} ». */
  function between(square) {
    return { square, next: (square % (boardData.squares || 21)) + 1 };
  }

  function drawHurdles() {
    const o = obs();
    const parts = [];
    (o.horses || []).forEach((horse, lane) => {
      for (const square of horse.central || []) {
        const gap = gapOf(lane, square);
        if (!gap) continue;
        const label = t(`${NS}.central_at`, { horse: horseName(lane), ...between(square) });
        parts.push(
          s("path", { class: "rsc-central", d: gapBar(gap, 9, 1.05), "data-testid": "central-hurdle", "data-lane": colours[lane], "data-gap": gapText(square) }, s("title", {}, label)),
        );
      }
      for (const square of horse.hurdles || []) {
        const gap = gapOf(lane, square);
        if (!gap) continue;
        const label = t(`${NS}.hurdle_at`, { horse: horseName(lane), ...between(square) });
        parts.push(
          s("path", { class: "rsc-hurdle", d: gapBar(gap, 7, 0.95), "data-testid": "mobile-hurdle", "data-lane": colours[lane], "data-gap": gapText(square) }, s("title", {}, label)),
        );
      }
    });
    fill(hurdleLayer, parts);
  }

  function whereText(lane) {
    const horse = obs()?.horses?.[lane];
    if (!horse) return "";
    if (horse.finished) return t(`${NS}.finished_place`, { place: t(`web.ordinal.${horse.finished}`) });
    if (!horse.progress) return t(`${NS}.at_start`);
    return t(`${NS}.on_square`, { square: horse.square });
  }

  function ownerText(lane) {
    const owner = obs()?.horses?.[lane]?.owner;
    return isPlace(owner) ? seatName(owner) : t(`${NS}.no_owner`);
  }

  function horseLabel(lane) {
    return t(`${NS}.horse_label`, { horse: horseName(lane), owner: ownerText(lane), where: whereText(lane) });
  }

  function drawHorses() {
    const o = obs();
    const parts = [];
    const r = view.laneWidth * 0.4;
    (o.horses || []).forEach((horse, lane) => {
      const c = view.lanes[lane]?.cells[horse.square - 1];
      if (!c) return;
      const colour = horseColour(lane);
      const owner = isPlace(horse.owner) ? horse.owner : null;
      const mine = lane === myHorse();
      const g = s("g", {
        class: "rsc-horse" + (horse.finished ? " finished" : "") + (mine ? " mine" : ""),
        transform: `translate(${fmt(c.at[0])} ${fmt(c.at[1])})`,
        "data-testid": `horse-${colours[lane]}`,
        "data-square": horse.square,
      });
      g.append(
        s("title", {}, horseLabel(lane) + (mine ? ` · ${t(`${NS}.your_horse`)}` : "")),
        mine ? s("circle", { class: "rsc-mine-ring", r: fmt(r * 1.45) }) : null,
        s("circle", { class: "rsc-horse-body", r: fmt(r), fill: colour, stroke: owner === null ? "#333" : placeColour(owner) }),
        s(
          "text",
          { class: "rsc-horse-text", fill: inkOn(colour), "font-size": fmt(r * 1.1) },
          owner === null ? "·" : owner === DUMMY ? t(`${NS}.dummy_initial`) : String(owner + 1),
        ),
      );
      if (horse.finished) {
        g.append(
          s("rect", { class: "rsc-flag", x: fmt(r * 0.3), y: fmt(-r * 1.6), width: fmt(r * 1.1), height: fmt(r * 0.8), fill: "url(#rsc-checker)" }),
          s("text", { class: "rsc-place", x: fmt(-r * 1.1), y: fmt(-r * 1.2) }, String(horse.finished)),
        );
      }
      parts.push(g);
    });
    slides.stop();
    fill(horseLayer, parts);
    slide();
  }

  /** Slide each horse moved in the last change square by square along its lane, in the order the
   * coups moved them, forward or falling back (issue 16; still under reduced motion, `motion.js`). */
  function slide() {
    if (slid || !view) return;
    slid = true;
    const runs = [];
    for (const { lane, from, to, step } of moves) {
      const element = horseLayer.querySelector(`[data-testid="horse-${colours[lane]}"]`);
      const cells = loopSquares(from, to, boardData.squares || 21, step);
      const points = (cells || []).map((n) => view.lanes[lane]?.cells[n - 1]?.at).filter(Boolean);
      if (!element || !cells || points.length !== cells.length) continue;
      runs.push({ key: colours[lane], element, points, cells });
    }
    slides.play(horseLayer, runs);
  }

  /** The horses a state message moved (its `horse_moved` and `horse_fell_back` events), in order;
   * none when the log came whole (a connection, a replay's jump). */
  function movesOf(stateMessage) {
    if (stateMessage.fullLog) return [];
    const found = [];
    for (const e of stateMessage.events || []) {
      const step = { [`${GAME}.horse_moved`]: 1, [`${GAME}.horse_fell_back`]: -1 }[e.key];
      const p = e.params || {};
      if (step && Number.isInteger(p.horse) && p.frm !== p.to) found.push({ lane: p.horse, from: p.frm, to: p.to, step });
    }
    return found;
  }

  /** The gaps a click can put a hurdle in (or take one off): those of the coup chosen, or of the
   * player's own mobile hurdles. Each is one legal action. */
  function gapChoices() {
    const o = obs();
    if (!interactive || !o) return [];
    if (o.phase === "halves") {
      const half = currentHalf();
      if (!half) return [];
      return parsed().filter((x) => x.type === "half" && x.half === half && x.use === "H" && x.square !== null);
    }
    if (o.phase === "race" && ownHurdle) return parsed().filter((x) => x.type === "own_hurdle");
    if (o.phase === "solo_hurdles" || o.phase === "own_hurdles") return parsed().filter((x) => x.type === "own_hurdle");
    if (o.phase === "incident") return parsed().filter((x) => x.type === "incident" && x.square !== null);
    return [];
  }

  function drawTargets() {
    const parts = [];
    const seen = new Set();
    for (const choice of gapChoices()) {
      const lane = choice.type === "own_hurdle" ? choice.lane : choice.type === "incident" ? choice.horse : choice.horses[0];
      const key = `${lane}|${choice.square}`;
      if (seen.has(key)) continue; // `21-1` names the line whether it lies ahead as start or finish
      seen.add(key);
      const gap = gapOf(lane, choice.square);
      if (!gap) continue;
      const label = t(choice.remove ? `${NS}.remove_hurdle_at` : `${NS}.put_hurdle_at`, {
        horse: horseName(lane),
        ...between(choice.square),
      });
      const g = s("g", {
        class: "rsc-gap-target" + (choice.remove ? " remove" : ""),
        role: "button",
        tabindex: "0",
        "aria-label": label,
        "data-testid": "gap-target",
        "data-action": choice.action,
        "data-lane": colours[lane],
        "data-gap": gapText(choice.square),
      });
      g.append(s("title", {}, label), s("path", { class: "rsc-gap-zone", d: gapBar(gap, view.laneWidth * 0.9, 0.98) }));
      g.append(s("path", { class: "rsc-gap-mark", d: gapBar(gap, 3, 0.8) }));
      g.addEventListener("click", () => act(choice.action));
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          e.stopPropagation();
          act(choice.action);
        }
      });
      parts.push(g);
    }
    fill(targetLayer, parts);
  }

  // -- cards ---------------------------------------------------------------------------------------

  function halfTitle(half) {
    const word = kindWord(half.kind);
    return half.horse !== null ? t(`${NS}.half_coloured`, { kind: word, horse: horseName(half.horse) }) : t(`${NS}.half_white`, { kind: word });
  }

  function halfNode(half, { played = false } = {}) {
    const coloured = half.horse !== null;
    const bg = coloured ? horseColour(half.horse) : "#fff";
    return h(
      "span",
      {
        class: `rsc-half kind-${half.kind}` + (coloured ? " coloured" : " white") + (played ? " played" : ""),
        style: `background:${bg};color:${inkOn(bg)}`,
        title: halfTitle(half),
      },
      h("span", { class: "rsc-half-symbol", "aria-hidden": "true" }, KIND_SYMBOLS[half.kind] || half.kind),
      h("span", { class: "rsc-half-word" }, kindWord(half.kind)),
    );
  }

  function cardLabel(card) {
    return halvesOf(card).map(halfTitle).join(" / ");
  }

  /** A card as a button: its two coups, colour-coded. `action` (a legal action) or `onSelect` make it
   * clickable; else it is shown only. */
  function cardNode(card, { action = null, onSelect = null, selected = false, testid = "card", small = false } = {}) {
    const clickable = Boolean(action || onSelect);
    const attrs = {
      type: "button",
      class: "rsc-card" + (clickable ? " playable" : "") + (selected ? " selected" : "") + (small ? " small" : ""),
      "data-testid": testid,
      "data-card": card,
      title: cardLabel(card),
      "aria-label": cardLabel(card),
      disabled: !clickable,
    };
    if (action) attrs["data-action"] = action;
    if (onSelect) {
      attrs["data-select"] = card;
      attrs["aria-pressed"] = String(selected);
    }
    attrs.onclick = () => {
      if (action) act(action);
      else if (onSelect) onSelect();
    };
    return h("button", attrs, halvesOf(card).map((half) => halfNode(half)));
  }

  function textCard(card) {
    return h("span", { class: "rsc-mini-card", title: cardLabel(card) }, halvesOf(card).map((half) => {
      const bg = half.horse !== null ? horseColour(half.horse) : "#fff";
      return h("span", { class: "rsc-mini-half", style: `background:${bg};color:${inkOn(bg)}` }, KIND_SYMBOLS[half.kind] || half.kind);
    }));
  }

  function horseChip(lane) {
    const colour = horseColour(lane);
    return h("span", { class: "rsc-horse-chip", style: `background:${colour};color:${inkOn(colour)}`, title: horseName(lane) }, horseName(lane));
  }

  function button(text, action, { cls = "", testid = null } = {}) {
    return h(
      "button",
      { type: "button", class: `rsc-choice ${cls}`.trim(), "data-action": action, "data-testid": testid, onclick: () => act(action) },
      text,
    );
  }

  // -- the card in play and its coups ---------------------------------------------------------------

  /** The card being played: the last « plays » event in the log (the observation keeps only the
   * coups still to play). */
  function cardInPlay() {
    const o = obs();
    if (o?.phase !== "halves" || !o.card) return null;
    for (let i = log.length - 1; i >= 0; i--) {
      if (log[i].key === `${GAME}.card_played`) return log[i].params?.card || null;
    }
    return null;
  }

  function currentHalf() {
    const o = obs();
    const left = o?.card?.halves || [];
    if (!left.length) return null;
    if (selectedHalf && left.includes(selectedHalf)) return selectedHalf;
    return left[0];
  }

  function optionText(choice) {
    const half = halfOf(choice.half);
    const royal = half.kind === "R";
    let text;
    if (choice.use === "0") {
      text =
        choice.horses.length > 1
          ? t(`${NS}.opt_fall_two`, { a: horseName(choice.horses[0]), b: horseName(choice.horses[1]) })
          : t(`${NS}.opt_fall_one`, { horse: horseName(choice.horses[0]) });
    } else {
      text = t(`${NS}.opt_advance`, { kind: kindWord(choice.use), horse: horseName(choice.horses[0]) });
    }
    return royal ? t(`${NS}.opt_royal`, { option: text }) : text;
  }

  function drawPlay() {
    const o = obs();
    const card = cardInPlay();
    if (o.phase !== "halves" || !o.card) {
      fill(playBox);
      playBox.hidden = true;
      return;
    }
    playBox.hidden = false;
    const left = [...(o.card.halves || [])];
    const mine = interactive && legal().length > 0;
    const chosen = currentHalf();
    const all = card ? halvesOf(card) : left.map(halfOf);
    const remaining = [...left];
    const coups = all.map((half) => {
      const k = remaining.indexOf(half.text);
      const played = k < 0;
      if (!played) remaining.splice(k, 1);
      if (!mine || played) return h("span", { class: "rsc-coup" + (played ? " played" : "") }, halfNode(half, { played }));
      return h(
        "button",
        {
          type: "button",
          class: "rsc-coup" + (chosen === half.text ? " selected" : ""),
          "data-testid": "coup",
          "data-half": half.text,
          "aria-pressed": String(chosen === half.text),
          title: t(`${NS}.choose_coup`, { coup: halfTitle(half) }),
          onclick: () => {
            selectedHalf = half.text;
            drawAll();
          },
        },
        halfNode(half),
      );
    });
    const items = [
      h("span", { class: "rsc-play-title" }, t(`${NS}.card_in_play`, { name: seatName(o.card.player) })),
      h("span", { class: "rsc-coups" }, coups),
    ];
    fill(playBox, items);
  }

  // -- the controls -------------------------------------------------------------------------------

  function whoText() {
    const o = obs();
    const acting = (o.active || []).map(seatName).join(", ");
    if (o.phase === "over") return t(`${NS}.over`);
    if (o.phase === "deal") return t(`${NS}.dealing`, { name: seatName(o.dealer) });
    if (o.phase === "auction" && o.auction) return t(`${NS}.auction_who`, { name: acting });
    return t(`${NS}.to_act`, { name: acting, phase: t(`${GAME}.phase.${o.phase}`) });
  }

  function auctionNode() {
    const o = obs();
    const a = o.auction;
    if (!a) return null;
    const item = a.card ? textCard(a.card) : horseChip(a.horse);
    const leader = Number.isInteger(a.leader) && a.leader >= 0 ? seatName(a.leader) : "—";
    return h(
      "div",
      { class: "rsc-auction", "data-testid": "rsc-auction" },
      h("strong", {}, t(a.card ? `${NS}.auction_card` : `${NS}.auction_horse`)),
      " ",
      item,
      " ",
      h("span", { class: "rsc-high" }, t(`${NS}.high_bid`, { amount: a.high, name: leader })),
      " · ",
      h("span", { class: "muted" }, t(`${NS}.still_in`, { names: (a.in || []).map(seatName).join(", ") })),
    );
  }

  function tradeNode() {
    const o = obs();
    const tr = o.trade;
    if (!tr) return null;
    if (!tr.offered) {
      // A named card asked for (« B (vert) demande un 4 / 3v »): who asked, who answers now.
      return h(
        "div",
        { class: "rsc-trade", "data-testid": "rsc-trade" },
        t(`${NS}.asks_for`, { asker: seatName(tr.proposer) }),
        " ",
        textCard(tr.asked),
        " · ",
        h("span", { class: "muted" }, t(`${NS}.to_answer`, { name: seatName(tr.target) })),
      );
    }
    return h(
      "div",
      { class: "rsc-trade", "data-testid": "rsc-trade" },
      t(`${NS}.offer`, { proposer: seatName(tr.proposer), target: seatName(tr.target) }),
      " ",
      textCard(tr.offered),
      tr.given ? [" ", t(`${NS}.plus_points`, { points: tr.given })] : null,
      tr.counter
        ? [" ", t(`${NS}.counter_with`), " ", textCard(tr.counter), tr.points ? [" ", t(`${NS}.plus_points`, { points: tr.points })] : null]
        : [" ", h("span", { class: "muted" }, t(`${NS}.awaiting_counter`))],
    );
  }

  /** A list of the points one may add to an offer; the chosen amount filters the offers drawn. */
  function pointsPicker(points, testid, label) {
    return h(
      "label",
      { class: "rsc-opening" },
      label,
      " ",
      h(
        "select",
        {
          "data-testid": testid,
          onchange: (e) => {
            bidChoice = Number(e.target.value);
            drawAll();
          },
        },
        points.map((n) => h("option", { value: String(n), selected: n === bidChoice }, String(n))),
      ),
    );
  }

  /** A choice of amount among the legal ones: quick buttons, the rest in a list. */
  function amountPicker(amounts, { label, make, testid }) {
    const quick = amounts.slice(0, QUICK_BIDS);
    const rest = amounts.slice(QUICK_BIDS);
    const nodes = quick.map((amount) => button(label(amount), make(amount), { cls: "rsc-bid", testid }));
    if (rest.length) {
      const select = h(
        "select",
        { class: "rsc-bid-select", "aria-label": t(`${NS}.other_amount`), "data-testid": `${testid}-select` },
        rest.map((amount) => h("option", { value: String(amount) }, String(amount))),
      );
      nodes.push(
        h(
          "span",
          { class: "rsc-bid-more" },
          select,
          h("button", { type: "button", class: "rsc-bid", onclick: () => act(make(Number(select.value))) }, t(`${NS}.bid_other`)),
        ),
      );
    }
    return nodes;
  }

  function drawControls() {
    const o = obs();
    fill(turnBox, h("strong", { class: "rsc-who", "data-testid": "rsc-who" }, whoText()));
    const choices = parsed();
    const nodes = [];
    const phase = o.phase;
    if (phase === "auction") nodes.push(auctionNode());
    if (o.trade) nodes.push(tradeNode());
    if (phase === "throw" && o.taken) nodes.push(h("div", {}, t(`${NS}.taken`), " ", textCard(o.taken)));
    const buttons = [];
    // Every legal move gets a control, those this board does not draw as labelled buttons (below).
    if (interactive && legal().length) {
      if (phase === "horses") {
        for (let lane = 0; lane < colours.length; lane++) {
          const free = choices.find((x) => x.type === "horse" && x.horse === lane && !x.bid);
          if (free) buttons.push(button([horseChip(lane), " ", t(`${NS}.ask_horse`)], free.action, { cls: "rsc-ask", testid: "ask-horse" }));
          const bids = choices.filter((x) => x.type === "horse" && x.horse === lane && x.bid).map((x) => x.bid);
          if (bids.length) {
            buttons.push(
              h(
                "span",
                { class: "rsc-contest" },
                horseChip(lane),
                " ",
                t(`${NS}.contest_horse`, { owner: ownerText(lane) }),
                " ",
                amountPicker(bids, { label: (n) => t(`${NS}.bid_n`, { amount: n }), make: (n) => choices.find((x) => x.type === "horse" && x.horse === lane && x.bid === n)?.action, testid: "contest-horse" }),
              ),
            );
          }
        }
      }
      if (phase === "auction") {
        const amounts = choices.filter((x) => x.type === "bid").map((x) => x.amount);
        buttons.push(...amountPicker(amounts, { label: (n) => t(`${NS}.bid_n`, { amount: n }), make: (n) => choices.find((x) => x.type === "bid" && x.amount === n)?.action, testid: "bid" }));
      }
      if (phase === "exchange") {
        const bids = [...new Set(choices.filter((x) => x.type === "spread").map((x) => x.bid))].sort((a, b) => a - b);
        if (!bids.includes(bidChoice)) bidChoice = bids[0] ?? 0;
        if (bids.length > 1) {
          buttons.push(
            h(
              "label",
              { class: "rsc-opening" },
              t(`${NS}.opening_bid`),
              " ",
              h(
                "select",
                {
                  "data-testid": "opening-bid",
                  onchange: (e) => {
                    bidChoice = Number(e.target.value);
                    drawHand();
                    drawSpread();
                  },
                },
                bids.map((n) => h("option", { value: String(n), selected: n === bidChoice }, n ? String(n) : t(`${NS}.no_bid`))),
              ),
            ),
          );
        }
      }
      if (phase === "trade" && tradeCard) {
        const offers = choices.filter((x) => x.type === "propose" && x.card === tradeCard);
        const points = [...new Set(offers.map((x) => x.points))].sort((a, b) => a - b);
        if (!points.includes(bidChoice)) bidChoice = points[0] ?? 0;
        if (offers.length) {
          buttons.push(h("span", { class: "rsc-offer-to" }, t(`${NS}.offer_card_to`), " ", textCard(tradeCard)));
          if (points.length > 1) buttons.push(pointsPicker(points, "offer-points", t(`${NS}.offer_points`)));
          for (const offer of offers.filter((x) => x.points === bidChoice)) {
            buttons.push(button(seatName(offer.seat), offer.action, { cls: "rsc-offer", testid: "offer-to" }));
          }
        }
      }
      if (phase === "trade") {
        // Asking the others for a named card: one list of the cards that may be asked for.
        const asks = choices.filter((x) => x.type === "ask");
        if (asks.length) {
          const select = h(
            "select",
            { class: "rsc-bid-select", "aria-label": t(`${NS}.ask_card`), "data-testid": "ask-card-select" },
            asks.map((x) => h("option", { value: x.action }, cardLabel(x.card))),
          );
          buttons.push(
            h(
              "span",
              { class: "rsc-bid-more" },
              t(`${NS}.ask_card`),
              " ",
              select,
              h("button", { type: "button", class: "rsc-choice", "data-testid": "ask-card", onclick: () => act(select.value) }, t(`${NS}.ask`)),
            ),
          );
        }
      }
      if (phase === "trade_ask") {
        // The card asked for, offered to the player who asked (with points if one likes), or silence.
        for (const offer of choices.filter((x) => x.type === "propose")) {
          const label = offer.points ? t(`${NS}.offer_it_points`, { points: offer.points }) : t(`${NS}.offer_it`);
          buttons.push(button([label, " ", textCard(offer.card)], offer.action, { cls: "rsc-offer", testid: "offer-asked" }));
        }
      }
      if (phase === "trade_counter") {
        const points = [...new Set(choices.filter((x) => x.type === "counter").map((x) => x.points))].sort((a, b) => a - b);
        if (!points.includes(bidChoice)) bidChoice = points[0] ?? 0;
        if (points.length > 1) {
          buttons.push(
            h(
              "label",
              { class: "rsc-opening" },
              t(`${NS}.counter_points`),
              " ",
              h(
                "select",
                {
                  "data-testid": "counter-points",
                  onchange: (e) => {
                    bidChoice = Number(e.target.value);
                    drawHand();
                  },
                },
                points.map((n) => h("option", { value: String(n), selected: n === bidChoice }, String(n))),
              ),
            ),
          );
        }
      }
      if (phase === "halves") {
        const half = currentHalf();
        for (const choice of choices) {
          if (choice.type === "void" && choice.half === half) {
            buttons.push(button(t(`${NS}.opt_void`, { coup: halfTitle(halfOf(half)) }), choice.action, { cls: "rsc-option void", testid: "coup-option" }));
          }
          if (choice.type === "half" && choice.half === half && choice.use !== "H") {
            buttons.push(button(optionText(choice), choice.action, { cls: "rsc-option", testid: "coup-option" }));
          }
        }
      }
      if (phase === "race" && choices.some((x) => x.type === "own_hurdle")) {
        const left = o.hurdles_in_hand?.[mySeat()] ?? 0;
        buttons.push(
          h(
            "button",
            {
              type: "button",
              class: "rsc-own-hurdle" + (ownHurdle ? " selected" : ""),
              "aria-pressed": String(ownHurdle),
              "data-testid": "own-hurdle",
              onclick: () => {
                ownHurdle = !ownHurdle;
                drawAll();
              },
            },
            t(`${NS}.own_hurdle`, { count: left }),
          ),
        );
      }
      if (phase === "bets") {
        // JEU PIRATE: one horse (with a stake) or two, in secret.
        const options = new Map();
        for (const choice of choices.filter((x) => x.type === "bet")) {
          const key = choice.horses.join("+");
          if (!options.has(key)) options.set(key, []);
          options.get(key).push(choice);
        }
        for (const [, bets] of options) {
          const chips = bets[0].horses.map((lane) => [horseChip(lane), " "]);
          if (bets.length === 1 && !bets[0].stake) {
            buttons.push(button([t(`${NS}.bet_on`), " ", ...chips], bets[0].action, { cls: "rsc-bet", testid: "bet" }));
          } else {
            buttons.push(
              h(
                "span",
                { class: "rsc-contest" },
                t(`${NS}.bet_on`),
                " ",
                ...chips,
                amountPicker(
                  bets.map((x) => x.stake),
                  { label: (n) => t(`${NS}.stake_n`, { amount: n }), make: (n) => bets.find((x) => x.stake === n)?.action, testid: "bet" },
                ),
              ),
            );
          }
        }
      }
      if (phase === "incident") {
        for (const choice of choices.filter((x) => x.type === "incident" && x.square === null)) {
          buttons.push(button([horseChip(choice.horse)], choice.action, { cls: "rsc-option", testid: "incident-option" }));
        }
      }
      const contre = choices.find((x) => x.type === "contrer");
      if (contre) buttons.push(button(t(`${NS}.contrer`), contre.action, { cls: "rsc-contre", testid: "contrer" }));
      // The calls and the bidding: the pass is the bidding box's (below the board).
      const boxed = Boolean(o.contract) && ["calls", "bidding"].includes(phase);
      for (const type of ["accepte", "refuse", "passe"]) {
        if (boxed && type === "passe") continue;
        const choice = choices.find((x) => x.type === type);
        if (choice) buttons.push(button(t(`${NS}.${type}`), choice.action, { cls: type === "accepte" ? "primary" : "", testid: type }));
      }
      // Whatever this board does not draw stays playable: its label on a button.
      const drawn = new Set(parsed().map((x) => x.action));
      for (const move of interactive ? legalMoves(msg) : []) {
        if (!drawn.has(move.notation)) buttons.push(button(moveLabel(move, lang), move.notation, { cls: "rsc-other", testid: "other-action" }));
      }
    }
    nodes.push(buttons.length ? h("div", { class: "rsc-buttons" }, buttons) : null);
    fill(actionsBox, nodes.filter(Boolean));
    hintBox.textContent = hint();
  }

  function hint() {
    const o = obs();
    if (!msg || !o || o.phase === "over") return "";
    if (!interactive || !legal().length) return "";
    switch (o.phase) {
      case "horses":
        return t(`${NS}.hint_horses`);
      case "auction":
        return t(`${NS}.hint_auction`);
      case "exchange":
        return t(`${NS}.hint_exchange`);
      case "throw":
        return t(`${NS}.hint_throw`);
      case "trade":
        return t(tradeCard ? `${NS}.hint_trade_seat` : `${NS}.hint_trade`);
      case "trade_counter":
        return t(`${NS}.hint_counter`);
      case "trade_ask":
        return t(`${NS}.hint_trade_ask`);
      case "trade_decide":
        return t(`${NS}.hint_decide`);
      case "race":
        return t(ownHurdle ? `${NS}.hint_own_hurdle` : `${NS}.hint_race`);
      case "halves": {
        const half = currentHalf();
        const gaps = gapChoices().length;
        const text = t(`${NS}.hint_coup`, { coup: half ? halfTitle(halfOf(half)) : "" });
        const others = (o.card?.halves || []).length > 1 ? ` ${t(`${NS}.hint_order`)}` : "";
        return text + (gaps ? ` ${t(`${NS}.hint_gap`)}` : "") + others;
      }
      case "bets":
        return t(`${NS}.hint_bets`);
      case "solo_hurdles":
        return t(`${NS}.hint_solo`);
      case "own_hurdles":
        return t(`${NS}.hint_own_hurdles`);
      case "calls":
        return t(`${NS}.hint_calls`);
      case "bidding":
        return t(`${NS}.hint_bidding`);
      case "discard":
        return t(`${NS}.hint_discard`);
      case "incident": {
        const kind = o.incidents?.current;
        const text = kind ? t(`${GAME}.incident.${kind}`) : "";
        return text + (gapChoices().length ? ` ${t(`${NS}.hint_gap`)}` : "");
      }
      default:
        return "";
    }
  }

  // -- the hand, the spread, the seats, the score ----------------------------------------------------

  function drawHand() {
    const o = obs();
    if (!Array.isArray(o.hand)) {
      fill(handSection);
      handSection.hidden = true;
      return;
    }
    handSection.hidden = false;
    const choices = parsed();
    const byCard = (type) => new Map(choices.filter((x) => x.type === type).map((x) => [x.card, x.action]));
    // Taking the dummy's turn, the cards to play are the dummy's, drawn at its place.
    const plays = forDummy() ? new Map() : byCard("play");
    const eliminations = forDummy() ? new Map() : byCard("eliminate");
    const throws = byCard("throw");
    const counters = new Map(choices.filter((x) => x.type === "counter" && x.points === bidChoice).map((x) => [x.card, x.action]));
    const offerable = new Set(choices.filter((x) => x.type === "propose").map((x) => x.card));
    if (tradeCard && !offerable.has(tradeCard)) tradeCard = null;
    const cards = o.hand.map((card) => {
      const action = (!ownHurdle && plays.get(card)) || eliminations.get(card) || throws.get(card) || counters.get(card) || null;
      if (action) return cardNode(card, { action, testid: "hand-card" });
      if (offerable.has(card)) {
        return cardNode(card, {
          testid: "hand-card",
          selected: tradeCard === card,
          onSelect: () => {
            tradeCard = tradeCard === card ? null : card;
            drawAll();
          },
        });
      }
      return cardNode(card, { testid: "hand-card" });
    });
    fill(
      handSection,
      h("h2", {}, tn(`${NS}.hand_title`, o.hand.length, { count: o.hand.length })),
      h("div", { class: "rsc-cards" }, cards.length ? cards : h("span", { class: "muted" }, t(`${NS}.no_cards`))),
    );
  }

  function drawSpread() {
    const o = obs();
    const requests = new Map(
      parsed()
        .filter((x) => x.type === "spread" && x.bid === bidChoice)
        .map((x) => [x.card, x.action]),
    );
    const cards = (o.spread || []).map((card) => cardNode(card, { action: requests.get(card) || null, testid: "spread-card", small: true }));
    fill(
      spreadSection,
      h("h2", {}, t(`${NS}.spread_title`)),
      h("div", { class: "rsc-cards" }, cards.length ? cards : h("span", { class: "muted" }, t(`${NS}.no_cards`))),
      h(
        "p",
        { class: "rsc-pot" },
        h("strong", { "data-testid": "rsc-pot" }, t(`${NS}.pot`, { amount: o.pot })),
        " · ",
        t(`${NS}.supply`, { count: Math.max(0, o.hurdle_supply ?? 0) }),
      ),
    );
  }

  function drawSeats() {
    const o = obs();
    const n = (o.chips || []).length;
    const active = new Set(o.active || []);
    const ownHurdles = (o.hurdles_in_hand || []).some((x) => x > 0);
    const rows = [];
    for (let p = 0; p < n; p++) {
      const lane = (o.horses || []).findIndex((x) => x.owner === p);
      rows.push(
        h(
          "tr",
          { class: "rsc-seat-row" + (active.has(p) ? " acting" : "") + (p === mySeat() ? " mine" : ""), "data-testid": `rsc-seat-${p}` },
          h("td", { class: "rsc-seat-name" }, h("span", { class: "seat-dot", style: `--seat:${seatColour(p)}`, "aria-hidden": "true" }, String(p + 1)), " ", seatName(p), p === o.dealer ? h("span", { class: "rsc-dealer", title: t(`${NS}.dealer`) }, " D") : null),
          h("td", {}, lane >= 0 ? horseChip(lane) : h("span", { class: "muted" }, "—")),
          h("td", { class: "num", "data-testid": `rsc-chips-${p}` }, String(o.chips[p])),
          h("td", { class: "num" }, String(o.hand_sizes?.[p] ?? "")),
          ownHurdles ? h("td", { class: "num" }, String(o.hurdles_in_hand[p])) : null,
          h("td", { class: "rsc-known" }, (o.known_cards?.[p] || []).map(textCard)),
        ),
      );
    }
    fill(
      seatsSection,
      h("h2", {}, t(`${NS}.seats_title`)),
      h(
        "table",
        { class: "rsc-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, t(`${NS}.col_player`)),
            h("th", { scope: "col" }, t(`${NS}.col_horse`)),
            h("th", { scope: "col" }, t(`${NS}.col_chips`)),
            h("th", { scope: "col" }, t(`${NS}.col_cards`)),
            ownHurdles ? h("th", { scope: "col" }, t(`${NS}.col_own_hurdles`)) : null,
            h("th", { scope: "col" }, t(`${NS}.col_known`)),
          ),
        ),
        h("tbody", {}, rows),
      ),
    );
  }

  /** The bridge players' variants: the rubber and its camps, the contract under way. */
  function bridgeLines(o) {
    if (!o.rubber) return null;
    const partners = o.partners || [];
    const pairs = partners
      .map((mate, p) => (mate === DUMMY || p < mate ? `${seatName(p)} – ${seatName(mate)}` : null))
      .filter(Boolean)
      .join(" · ");
    const lines = [h("p", { "data-testid": "rsc-rubber" }, t(`${NS}.rubber`, { rubber: o.rubber, pairs })), campSheet(o)];
    const c = o.contract;
    if (c) {
      const text = c.call
        ? t(`${NS}.contract_line`, {
            call: t(`${GAME}.call.${c.call}`),
            declarer: seatName(c.declarer),
            doubled: c.doubled ? t(`${NS}.doubled.${c.doubled}`) : "",
          })
        : t(`${NS}.no_contract`);
      lines.push(h("p", { "data-testid": "rsc-contract" }, text));
    }
    return lines;
  }

  /** The bridge sheet, one line per camp of the rubber under way: the honours above the line, the
   * game points toward the game below it, the games made (the camp's marks are on both partners'
   * lines, D64, so the first partner's are read). */
  function campSheet(o) {
    const score = o.score || {};
    const partners = o.partners || [];
    const camps = partners.map((mate, p) => (mate === DUMMY || (Number.isInteger(mate) && p < mate) ? [p, mate] : null)).filter(Boolean);
    if (!camps.length) return null;
    return h(
      "table",
      { class: "rsc-table rsc-camps", "data-testid": "rsc-camps" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t(`${NS}.col_camp`)),
          h("th", { scope: "col" }, t(`${NS}.col_above`)),
          h("th", { scope: "col" }, t(`${NS}.col_below_line`)),
          h("th", { scope: "col" }, t(`${NS}.col_games`)),
        ),
      ),
      h(
        "tbody",
        {},
        camps.map(([p, mate]) =>
          h(
            "tr",
            { "data-testid": "rsc-camp" },
            h("td", {}, `${seatName(p)} – ${seatName(mate)}`),
            h("td", { class: "num" }, String(score.honours?.[p] ?? 0)),
            h("td", { class: "num below-line" }, String(score.toward?.[p] ?? 0)),
            h("td", { class: "num" }, String(score.games?.[p] ?? 0)),
          ),
        ),
      ),
    );
  }

  /** The places round the table from this seat's: itself south, its partner north (facing it), the
   * next to play west and the other east, in the rubber's seating (D80; the dummy named DUMMY). */
  function compass(o) {
    const seats = (o.chips || []).map((_, p) => p);
    const round = o.seating || (o.dummy ? [...seats, DUMMY] : seats);
    const mateOf = (p) => (p === DUMMY ? o.dummy.partner : o.partners?.[p]);
    const south = mySeat() ?? 0;
    const north = mateOf(south);
    const k = round.indexOf(south);
    const after = [...round.slice(k + 1), ...round.slice(0, k)].filter((p) => p !== north);
    return { south, north, west: after[0], east: after[1] };
  }

  function placeNode(o, p, where) {
    if (p === undefined || p === null) return null;
    const lane = (o.horses || []).findIndex((x) => x.owner === p);
    const acting = (o.active || []).includes(p) && !(o.dummy?.to_play && o.dummy.partner === p);
    const dummyTurn = p === DUMMY && o.dummy?.to_play;
    const items = [
      h(
        "div",
        { class: "rsc-place-name" },
        h("span", { class: "seat-dot", style: `--seat:${placeColour(p)}`, "aria-hidden": "true" }, p === DUMMY ? t(`${NS}.dummy_initial`) : String(p + 1)),
        " ",
        seatName(p),
        p === o.dealer ? h("span", { class: "rsc-dealer", title: t(`${NS}.dealer`) }, " D") : null,
        lane >= 0 ? [" ", horseChip(lane)] : null,
      ),
    ];
    if (p === DUMMY) {
      const d = o.dummy;
      items.push(h("div", { class: "muted" }, t(`${NS}.dummy_played_by`, { name: seatName(d.partner) })));
      if (d.open) {
        const mine = forDummy();
        const choices = mine ? parsed() : [];
        const byCard = new Map(choices.filter((x) => x.type === "play" || x.type === "eliminate").map((x) => [x.card, x.action]));
        items.push(
          h(
            "div",
            { class: "rsc-cards rsc-dummy-hand", "data-testid": "rsc-dummy-hand" },
            d.hand.length ? d.hand.map((card) => cardNode(card, { action: byCard.get(card) || null, testid: "dummy-card", small: true })) : h("span", { class: "muted" }, t(`${NS}.no_cards`)),
          ),
        );
      } else {
        items.push(h("div", { class: "muted" }, tn(`${NS}.dummy_closed`, d.hand_size, { count: d.hand_size })));
      }
    } else {
      items.push(h("div", { class: "muted" }, tn(`${NS}.cards_in_hand`, o.hand_sizes?.[p] ?? 0, { count: o.hand_sizes?.[p] ?? 0 })));
    }
    return h(
      "div",
      { class: `rsc-place ${where}` + (acting || dummyTurn ? " acting" : ""), "data-testid": `rsc-place-${where}`, "data-place": String(p) },
      items,
    );
  }

  /** A call of the bidding as words: the colour asked for, the step of the ladder, or a pass. */
  function saidNode(said) {
    const parts = [];
    if (Number.isInteger(said.horse)) parts.push(horseChip(said.horse));
    if (said.call === "passe") parts.push(t(`${NS}.said_pass`));
    else if (said.call) parts.push(t(`${GAME}.call.${said.call}`));
    return parts.map((x, i) => [i ? " " : "", x]);
  }

  /** The bidding box: the ladder of calls, each step with the calls open to this seat (alone or with
   * a colour), the current call marked; the colours alone in the colour rounds; double, redouble and
   * pass; and the bidding so far. Every button is a legal move the server sent. */
  function biddingBox(o) {
    const c = o.contract;
    if (!c || !["calls", "bidding"].includes(o.phase)) return null;
    const calls = parsed().filter((x) => x.type === "call");
    const ladder = boardData.ladder || [];
    const current = c.call ? ladder.indexOf(c.call) : -1;
    const callButton = (choice, text) => button(text, choice.action, { cls: "rsc-call", testid: "bid-box-call" });
    const colours = calls.filter((x) => x.horse !== null && !x.bid);
    const rows = ladder.map((step, i) => {
      const mine = calls.filter((x) => x.bid === step);
      const plain = mine.find((x) => x.horse === null);
      const withColour = mine.filter((x) => x.horse !== null);
      return h(
        "tr",
        { class: "rsc-ladder-step" + (i === current ? " current" : i < current ? " below" : ""), "data-testid": "bid-box-step", "data-step": step },
        h("th", { scope: "row" }, t(`${GAME}.call.${step}`), i === current ? h("span", { class: "rsc-tag" }, t(`${NS}.current_call`)) : null),
        h(
          "td",
          {},
          plain ? callButton(plain, t(`${GAME}.call.${step}`)) : null,
          withColour.map((x) => button([horseChip(x.horse)], x.action, { cls: "rsc-call colour", testid: "bid-box-call" })),
        ),
      );
    });
    const doubles = calls.filter((x) => x.bid === "contre" || x.bid === "surcontre");
    const pass = parsed().find((x) => x.type === "passe");
    const history = (c.bidding || []).map((said) => h("li", {}, h("strong", {}, seatName(said.seat)), " : ", saidNode(said)));
    return h(
      "div",
      { class: "rsc-bid-box", "data-testid": "rsc-bid-box" },
      h("h3", {}, t(`${NS}.bid_box_title`)),
      colours.length
        ? h("p", { class: "rsc-bid-colours" }, t(`${NS}.ask_colour`), " ", colours.map((x) => button([horseChip(x.horse)], x.action, { cls: "rsc-call colour", testid: "bid-box-colour" })))
        : null,
      h("table", { class: "rsc-table rsc-ladder" }, h("tbody", {}, rows)),
      h(
        "p",
        { class: "rsc-bid-doubles" },
        doubles.map((x) => button(t(`${GAME}.call.${x.bid}`), x.action, { cls: "rsc-call", testid: "bid-box-double" })),
        pass ? button(t(`${NS}.passe`), pass.action, { cls: "rsc-call", testid: "bid-box-pass" }) : null,
      ),
      h("h3", {}, t(`${NS}.bidding_title`)),
      history.length ? h("ol", { class: "rsc-bidding", "data-testid": "rsc-bidding" }, history) : h("p", { class: "muted", "data-testid": "rsc-bidding" }, t(`${NS}.no_bidding`)),
    );
  }

  function drawBridge() {
    const o = obs();
    if (!o.rubber) {
      fill(bridgeSection);
      bridgeSection.hidden = true;
      return;
    }
    bridgeSection.hidden = false;
    const where = compass(o);
    fill(
      bridgeSection,
      h("h2", {}, t(`${NS}.table_title`)),
      h(
        "div",
        { class: "rsc-compass" },
        placeNode(o, where.north, "north"),
        placeNode(o, where.west, "west"),
        h("div", { class: "rsc-compass-middle" }, forDummy() ? h("strong", {}, t(`${NS}.you_play_dummy`)) : null),
        placeNode(o, where.east, "east"),
        placeNode(o, where.south, "south"),
      ),
      biddingBox(o),
    );
  }

  function drawScore() {
    const o = obs();
    const score = o.score || {};
    const n = (o.chips || []).length;
    const scoring = score.scoring || "bridge";
    // The bridge players' variants keep the same sheet: honours, game points, games made.
    const bridge = ["bridge", "auction", "contract", "dummy"].includes(scoring);
    const rows = [];
    for (let p = 0; p < n; p++) {
      const tags = [];
      if (o.winner === p) tags.push(h("span", { class: "rsc-tag winner" }, t(`${NS}.winner`)));
      if (o.placed === p) tags.push(h("span", { class: "rsc-tag placed" }, t(`${NS}.placed`)));
      rows.push(
        h(
          "tr",
          { "data-testid": `rsc-score-${p}` },
          h("td", {}, seatName(p), " ", tags),
          bridge ? h("td", { class: "num" }, String(score.honours?.[p] ?? 0)) : null,
          bridge ? h("td", { class: "num" }, String(score.below?.[p] ?? 0)) : null,
          bridge ? h("td", { class: "num" }, String(score.toward?.[p] ?? 0)) : null,
          bridge ? h("td", { class: "num" }, String(score.games?.[p] ?? 0)) : null,
          h("td", { class: "num total" }, String(score.totals?.[p] ?? 0)),
        ),
      );
    }
    // The horses that have crossed the line, in order.
    const finished = (o.horses || [])
      .map((horse, lane) => ({ lane, place: horse.finished }))
      .filter((x) => x.place)
      .sort((a, b) => a.place - b.place);
    fill(
      scoreSection,
      h("h2", {}, t(`${NS}.score_title`)),
      h("p", { class: "muted" }, t(`${NS}.scoring.${scoring}`), " · ", t(`${NS}.races`, { count: score.races ?? 0 })),
      bridgeLines(o),
      h(
        "table",
        { class: "rsc-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, t(`${NS}.col_player`)),
            bridge ? h("th", { scope: "col" }, t(`${NS}.col_honours`)) : null,
            bridge ? h("th", { scope: "col" }, t(`${NS}.col_below`)) : null,
            bridge ? h("th", { scope: "col" }, t(`${NS}.col_toward`)) : null,
            bridge ? h("th", { scope: "col" }, t(`${NS}.col_games`)) : null,
            h("th", { scope: "col" }, t(scoring === "simple" ? `${NS}.col_chips` : scoring === "race" ? `${NS}.col_places` : `${NS}.col_total`)),
          ),
        ),
        h("tbody", {}, rows),
      ),
      h(
        "p",
        { class: "rsc-arrival", "data-testid": "rsc-arrival" },
        h("strong", {}, t(`${NS}.arrival`)),
        " ",
        finished.length
          ? finished.map((x, i) => [i ? " · " : "", t(`web.ordinal.${x.place}`), " ", horseChip(x.lane), " ", ownerText(x.lane)])
          : h("span", { class: "muted" }, t(`${NS}.nobody_arrived`)),
      ),
    );
  }

  function drawLegend() {
    fill(
      legend,
      h("span", { class: "rsc-key river" }, t(`${NS}.legend_river`)),
      h("span", { class: "rsc-key red" }, t(`${NS}.legend_red`)),
      h("span", { class: "rsc-key central" }, t(`${NS}.legend_central`)),
      h("span", { class: "rsc-key hurdle" }, t(`${NS}.legend_hurdle`)),
      h("span", { class: "rsc-key line" }, t(`${NS}.legend_line`)),
    );
  }

  function drawAll() {
    trackTitle.textContent = t(`${NS}.track_title`);
    svg.setAttribute("aria-label", trackTitle.textContent);
    if (!msg || !obs()) return;
    ensureView();
    if (!interactive || obs().phase !== "race" || !parsed().some((x) => x.type === "own_hurdle")) ownHurdle = false;
    drawHurdles();
    drawHorses();
    drawTargets();
    drawPlay();
    drawControls();
    drawHand();
    drawSpread();
    drawSeats();
    drawScore();
    drawBridge();
  }

  // -- input ---------------------------------------------------------------------------------------

  function act(action) {
    if (!isLegal(action)) return;
    tradeCard = null;
    ownHurdle = false;
    send({ type: "act", action });
  }

  function handleKey(event) {
    if (!interactive || !msg) return false;
    if (event.key === "Escape" && (tradeCard || ownHurdle || selectedHalf)) {
      tradeCard = null;
      ownHurdle = false;
      selectedHalf = null;
      drawAll();
      return true;
    }
    return false;
  }

  // -- the board's interface ---------------------------------------------------------------------------

  function update(stateMessage, events = []) {
    const before = msg;
    if (stateMessage?.version !== before?.version) {
      moves = stateMessage?.version > before?.version ? movesOf(stateMessage) : [];
      slid = false;
    }
    msg = stateMessage;
    log = events;
    if (!before || before.version !== msg.version || before.seat !== msg.seat) {
      // A choice made for one decision does not carry over to the next.
      if (obs()?.phase !== "halves" || !(obs().card?.halves || []).includes(selectedHalf)) selectedHalf = null;
      if (before?.observation?.phase !== obs()?.phase) bidChoice = 0;
      tradeCard = null;
    }
    drawAll();
  }

  function setLang(newLang, newT) {
    lang = newLang;
    if (newT) t = newT;
    drawLegend();
    drawAll();
  }

  function statusLine(stateMessage = msg) {
    const o = stateMessage?.observation;
    if (!o) return "";
    const bits = [t(`${NS}.deal_n`, { deal: o.deal })];
    if (o.phase !== "over") bits.push(t(`${GAME}.phase.${o.phase}`));
    return bits.join(" · ");
  }

  /** Turn the figure-eight upright on narrow screens (phones): its loops then stack down the page. */
  function fitLayout() {
    const width = container.clientWidth;
    const want = width > 0 && width < 640;
    if (want === compact && view) return;
    compact = want;
    ensureView();
    if (msg) drawAll();
  }

  drawDefs();
  drawLegend();
  compact = container.clientWidth > 0 && container.clientWidth < 640;
  ensureView();
  const resizeObserver = typeof ResizeObserver === "function" ? new ResizeObserver(() => fitLayout()) : null;
  resizeObserver?.observe(container);

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
