// Royal Turf's board: the oval track in SVG, the horse cards (which are also the betting board), the
// die and the player's tokens, and the payout table. Everything is drawn from the board data served by
// GET /api/games/royal_turf/board (the engine's own material) and from the seat's observation
// (`RoyalTurfState.observation`, whose `landings` say where each horse that may move would land) and
// from the legal actions the server typed (`{kind, args, notation, label}`): this module holds no rule.

import { fill, findMove, h, legalMoves, s, seatColour } from "/static/js/dom.js";
import { createSlides, loopSquares, placeOf } from "/static/js/motion.js";

// -- geometry of the oval -----------------------------------------------------------------------------

// Two layouts: a long oval for wide screens, a rounder one (bigger squares once scaled) for phones.
// The values are module state: a page holds one board.
const LAYOUTS = {
  wide: { w: 920, h: 304, straight: 300, radius: 110, half: 25, pawn: 16, numGap: 11 },
  compact: { w: 640, h: 420, straight: 110, radius: 152, half: 32, pawn: 20, numGap: 15 },
};
let VIEW_W, VIEW_H, CX, CY, STRAIGHT, RADIUS, HALF_WIDTH, PAWN_R, NUM_GAP, PERIMETER;

function useLayout(name) {
  const l = LAYOUTS[name];
  VIEW_W = l.w;
  VIEW_H = l.h;
  CX = l.w / 2;
  CY = l.h / 2;
  STRAIGHT = l.straight; // half the length of a straight, centre line
  RADIUS = l.radius; // radius of the bends, centre line
  HALF_WIDTH = l.half; // half the width of the track
  PAWN_R = l.pawn;
  NUM_GAP = l.numGap; // from the outer edge to the square numbers
  PERIMETER = 4 * STRAIGHT + 2 * Math.PI * RADIUS;
}
useLayout("wide");

/** The point at distance `d` along the centre line from the finishing line (bottom middle), running
 * counter-clockwise on screen, moved out to radius `r` from the centre line's curve centres. */
function pos(d, r = RADIUS) {
  let x = ((d % PERIMETER) + PERIMETER) % PERIMETER;
  const arc = Math.PI * RADIUS;
  if (x < STRAIGHT) return [CX + x, CY + r];
  x -= STRAIGHT;
  if (x < arc) {
    const th = x / RADIUS;
    return [CX + STRAIGHT + r * Math.sin(th), CY + r * Math.cos(th)];
  }
  x -= arc;
  if (x < 2 * STRAIGHT) return [CX + STRAIGHT - x, CY - r];
  x -= 2 * STRAIGHT;
  if (x < arc) {
    const th = x / RADIUS;
    return [CX - STRAIGHT - r * Math.sin(th), CY - r * Math.cos(th)];
  }
  x -= arc;
  return [CX - STRAIGHT + x, CY + r];
}

const fmt = (n) => n.toFixed(1);

// -- horse colours: board data names them, the screen needs values -------------------------------------

const COLOURS = {
  grey: "#9a9a9a",
  white: "#f7f7f2",
  beige: "#e6d3a3",
  caramel: "#c98a3c",
  reddish_brown: "#933b25",
  dark_brown: "#4b2e22",
  black: "#161616",
};

function colourOf(name) {
  return COLOURS[name] || name || "#888";
}

function inkOn(hex) {
  const v = hex.replace("#", "");
  if (v.length !== 6) return "#000";
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(v.slice(i, i + 2), 16) / 255);
  return 0.299 * r + 0.587 * g + 0.114 * b > 0.55 ? "#111" : "#fff";
}

// -- die faces as small pictograms (the name is always written beside them) ----------------------------

const FACE_PATHS = {
  head: [
    ["path", { d: "M15 2l-1.5 3.2C9 5.6 5.6 8.6 4.2 12.6L2.4 16.4c-.5 1.6.8 3 2.4 2.6l4-1.6c1 1.7 1.7 3.6 1.8 5.6h9c.6-5.3.4-10.5-1.7-14.6L19 3.4 16.8 5z" }],
    ["circle", { cx: 10.5, cy: 10, r: 1.1, class: "eye" }],
  ],
  cap: [
    ["path", { d: "M3.5 16c0-6 3.8-10 8.5-10s8.5 4 8.5 10z" }],
    ["path", { d: "M11 16h11c0 2-1.6 3-3.5 3H11z" }],
    ["circle", { cx: 12, cy: 5.5, r: 1.4 }],
  ],
  saddle: [
    ["path", { d: "M2.5 8.5c3 3.5 6.5 3.5 9.5 1.4 3.2-2.3 6.2-2.6 9.5-4.4.3 4.6-1.8 9-6.5 9.5H9.5C6 15 3.6 12.6 2.5 8.5z" }],
    ["path", { d: "M11 15v4.5M8.5 20h5", fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" }],
  ],
  shoe: [
    ["path", { d: "M6.5 3.5C4 10 5 17.5 12 20.5c7-3 8-10.5 5.5-17", fill: "none", stroke: "currentColor", "stroke-width": 3.6, "stroke-linecap": "round" }],
    ["circle", { cx: 6.2, cy: 9, r: 0.8, class: "eye" }],
    ["circle", { cx: 17.8, cy: 9, r: 0.8, class: "eye" }],
    ["circle", { cx: 8, cy: 15, r: 0.8, class: "eye" }],
    ["circle", { cx: 16, cy: 15, r: 0.8, class: "eye" }],
  ],
};

function faceIcon(face, size = 20) {
  const parts = (FACE_PATHS[face] || []).map(([tag, attrs]) => s(tag, attrs));
  return s(
    "svg",
    { class: "face-icon", viewBox: "0 0 24 24", width: size, height: size, fill: "currentColor", "aria-hidden": "true", focusable: "false" },
    parts,
  );
}

// -- the board ---------------------------------------------------------------------------------------

const TOKEN_KEYS = ["a", "s", "d", "f"];

export function createBoard(container, { boardData, t, lang, send = null, readOnly = false }) {
  const squares = boardData.squares;
  const paceSquare = boardData.pace_square;
  const faces = boardData.faces;
  let step = PERIMETER / squares;
  let layoutName = "wide";
  const horseInfo = new Map(boardData.horses.map((horse, i) => [horse.id, { ...horse, index: i }]));
  const interactive = !readOnly && typeof send === "function";

  let msg = null; // the last `state` message
  let log = []; // every event so far
  let selectedToken = null;
  let selectedHorse = null;
  let previewHorse = null;
  let moves = []; // the horses moved in the last change, in order: {horse, start, end}
  let slid = true; // whether the last change's moves were slid along already
  const slides = createSlides();

  const horseName = (id) => {
    const key = `royal_turf.horse.${id}`;
    const text = t(key);
    return text === key ? horseInfo.get(id)?.name || id : text;
  };
  const initial = (id) => (horseInfo.get(id)?.name || id).charAt(0).toUpperCase();
  const faceName = (face) => t(`royal_turf.face.${face}`);
  const seatName = (i) => msg?.seats?.[i]?.name || t("web.seat_n", { n: i + 1 });
  const startSquares = new Set(boardData.start_squares || []);
  // Squares are numbered in the running direction from the line (D1): square 1 just past it, square
  // 33 just behind it, where the first horse drawn starts.
  const squareCentre = (n) => (n - 0.5) * step;

  // -- skeleton ---------------------------------------------------------------------------------------

  const root = h("div", { class: "rt" + (readOnly ? " read-only" : "") });
  const svg = s("svg", {
    class: "rt-track",
    viewBox: `0 0 ${VIEW_W} ${VIEW_H}`,
    role: "group",
  });
  const trackTitle = s("title");
  svg.append(trackTitle);
  const staticLayer = s("g", { class: "rt-static" });
  const highlightLayer = s("g", { class: "rt-highlight" });
  const pawnLayer = s("g", { class: "rt-pawns", "data-pieces": true });
  const ghostLayer = s("g", { class: "rt-ghost", "aria-hidden": "true" });
  svg.append(staticLayer, highlightLayer, pawnLayer, ghostLayer);

  const controls = h("div", { class: "rt-controls" });
  const dieBox = h("div", { class: "rt-die", "aria-live": "polite" });
  const rollButton = h("button", {
    type: "button",
    class: "primary rt-roll",
    "data-testid": "roll-button",
    hidden: true,
    onclick: () => roll(),
  });
  const tokensBox = h("div", { class: "rt-tokens" });
  const hintBox = h("p", { class: "rt-hint", "aria-live": "polite" });
  controls.append(dieBox, rollButton, tokensBox, hintBox);

  const cardsSection = h("section", { class: "rt-cards" });
  const cardsTitle = h("h2", { class: "rt-section-title" });
  const cardsHead = h("div", { class: "rt-card rt-card-head", "aria-hidden": "true" });
  const cardsList = h("div", { class: "rt-card-list" });
  cardsSection.append(cardsTitle, cardsHead, cardsList);

  const payout = h("details", { class: "rt-payout", open: true });
  const paceNote = h("p", { class: "note", "data-testid": "pace-note" });
  const lower = h("div", { class: "rt-lower" }, cardsSection, payout);

  root.append(svg, controls, lower);
  fill(container, root);

  // One button per horse: the horse card, also the betting board's column for that horse.
  const cards = new Map();
  for (const horse of boardData.horses) {
    const button = h("button", {
      type: "button",
      class: "rt-card",
      "data-testid": `horse-${horse.id}`,
      "data-horse": horse.id,
      onclick: () => clickHorse(horse.id),
      onmouseenter: () => setPreview(horse.id),
      onmouseleave: () => setPreview(null),
      onfocus: () => setPreview(horse.id),
      onblur: () => setPreview(null),
    });
    cards.set(horse.id, button);
    cardsList.append(button);
  }

  // -- the static track ----------------------------------------------------------------------------

  function cellPath(n) {
    const k = n - 1;
    const d0 = k * step;
    const d1 = (k + 1) * step;
    const points = [];
    const samples = 6;
    for (let i = 0; i <= samples; i++) points.push(pos(d0 + ((d1 - d0) * i) / samples, RADIUS - HALF_WIDTH));
    for (let i = samples; i >= 0; i--) points.push(pos(d0 + ((d1 - d0) * i) / samples, RADIUS + HALF_WIDTH));
    return "M" + points.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join("L") + "Z";
  }

  function drawStatic() {
    const parts = [];
    parts.push(
      s("defs", {}, [
        s("pattern", { id: "rt-checker", width: 8, height: 8, patternUnits: "userSpaceOnUse" }, [
          s("rect", { width: 8, height: 8, fill: "#fff" }),
          s("rect", { width: 4, height: 4, fill: "#111" }),
          s("rect", { x: 4, y: 4, width: 4, height: 4, fill: "#111" }),
        ]),
      ]),
    );
    // The infield and the outer rail.
    parts.push(
      s("path", {
        class: "rt-rail",
        d: stadiumPath(RADIUS + HALF_WIDTH + 3),
      }),
      s("path", { class: "rt-infield", d: stadiumPath(RADIUS - HALF_WIDTH - 3) }),
    );
    for (let n = 1; n <= squares; n++) {
      const cls = ["rt-cell", n % 2 ? "odd" : "even"];
      if (n === paceSquare) cls.push("pace");
      if (startSquares.has(n)) cls.push("start");
      parts.push(s("path", { class: cls.join(" "), d: cellPath(n), "data-square": n }));
      const [x, y] = pos(squareCentre(n), RADIUS + HALF_WIDTH + NUM_GAP);
      parts.push(
        s("text", { class: "rt-num" + (n === paceSquare ? " pace" : ""), x: fmt(x), y: fmt(y) }, String(n)),
      );
    }
    // Pace label inside the track, by square 18.
    const [px, py] = pos(squareCentre(paceSquare), RADIUS - HALF_WIDTH - 12);
    parts.push(s("text", { class: "rt-pace-label", x: fmt(px), y: fmt(py) }, t("web.royal_turf.pace")));
    // The start and finishing line, between square 33 (behind it) and square 1 (past it).
    parts.push(
      s("rect", {
        class: "rt-line",
        x: CX - 5,
        y: CY + RADIUS - HALF_WIDTH - 2,
        width: 10,
        height: 2 * HALF_WIDTH + 4,
        fill: "url(#rt-checker)",
      }),
      s("text", { class: "rt-line-label", x: CX, y: CY + RADIUS - HALF_WIDTH - 12 }, t("web.royal_turf.line")),
      s("path", {
        class: "rt-direction",
        d: `M${CX + 80} ${CY + RADIUS - HALF_WIDTH - 16}h34l-6 -5M${CX + 114} ${CY + RADIUS - HALF_WIDTH - 16}l-6 5`,
      }),
    );
    // Podium: places 1, 2, 3 and the last horse.
    const title = layoutName === "compact" ? { x: CX, y: CY - 66 } : { x: CX - 175, y: CY - 12 };
    parts.push(s("text", { class: "rt-podium-title", ...title }, t("web.royal_turf.podium")));
    podiumSlots().forEach(({ x, y, label }) => {
      parts.push(
        s("rect", { class: "rt-slot", x: x - 25, y: y - 25, width: 50, height: 50, rx: 8 }),
        s("text", { class: "rt-slot-label", x, y: y - 33 }, label),
      );
    });
    fill(staticLayer, parts);
  }

  function stadiumPath(r) {
    const top = CY - r;
    const bottom = CY + r;
    return (
      `M${CX - STRAIGHT} ${top}H${CX + STRAIGHT}` +
      `A${r} ${r} 0 0 1 ${CX + STRAIGHT} ${bottom}H${CX - STRAIGHT}` +
      `A${r} ${r} 0 0 1 ${CX - STRAIGHT} ${top}Z`
    );
  }

  function podiumSlots() {
    const y = CY - 14;
    return [
      { x: CX - 99, y, label: "1", place: 1 },
      { x: CX - 33, y, label: "2", place: 2 },
      { x: CX + 33, y, label: "3", place: 3 },
      { x: CX + 99, y, label: t("web.royal_turf.last"), place: "last" },
    ];
  }

  // -- what the observation says -----------------------------------------------------------------------

  const obs = () => msg?.observation || null;
  const legal = () => legalMoves(msg);
  const legalMove = (kind, args) => findMove(msg, kind, args);
  const canMove = (id) => interactive && Boolean(legalMove("move", { horse: id }));
  const betTokensFor = (id) => legal().filter((m) => m.kind === "bet" && m.args.horse === id).map((m) => m.args.token);
  const isBetting = () => interactive && legal().some((m) => m.kind === "bet");
  const isMoving = () => interactive && legal().some((m) => m.kind === "move");

  function myHand() {
    const o = obs();
    if (!o || o.viewer === null || o.viewer === undefined) return null;
    const hand = o.hands?.[o.viewer];
    return Array.isArray(hand) ? hand : null;
  }

  function distinctTokens() {
    const hand = myHand() || [];
    return [...new Set(hand)].sort((x, y) => x - y);
  }

  function playableTokens() {
    return new Set(
      legal()
        .filter((m) => m.kind === "bet")
        .map((m) => m.args.token),
    );
  }

  /** Where `id` would land if moved now, as the engine previews it: `{start, end, rolled, moved,
   * place}` (`end` 0 across the line), or null when it may not move. */
  function landing(id) {
    return obs()?.landings?.[id] || null;
  }

  // -- drawing ---------------------------------------------------------------------------------------

  function pawn(id, x, y, { movable = false, moved = false, pace = false, place = null } = {}) {
    const colour = colourOf(horseInfo.get(id)?.colour);
    const classes = ["rt-pawn"];
    if (movable) classes.push("movable");
    if (moved) classes.push("moved");
    if (previewHorse === id || selectedHorse === id) classes.push("selected");
    const g = s("g", {
      class: classes.join(" "),
      transform: `translate(${fmt(x)} ${fmt(y)})`,
      "data-horse": id,
    });
    const label = pawnLabel(id, { moved, pace, place });
    if (movable) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", t("web.royal_turf.move_horse", { horse: horseName(id) }));
      g.addEventListener("click", () => clickHorse(id));
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          e.stopPropagation();
          clickHorse(id);
        }
      });
      g.addEventListener("focus", () => setPreview(id));
      g.addEventListener("blur", () => setPreview(null));
    }
    g.addEventListener("mouseenter", () => setPreview(id));
    g.addEventListener("mouseleave", () => setPreview(null));
    g.append(
      s("title", {}, label),
      movable ? s("circle", { class: "rt-pawn-ring", r: PAWN_R + 5 }) : null,
      s("circle", { class: "rt-pawn-body", r: PAWN_R, fill: colour }),
      s("text", { class: "rt-pawn-initial", fill: inkOn(colour), y: 1 }, initial(id)),
      moved ? s("g", { class: "rt-moved-badge", transform: `translate(${-PAWN_R + 2} ${-PAWN_R + 2})` }, [
        s("circle", { r: 7 }),
        s("path", { d: "M-3.5 0l2.5 2.5 4.5-5" }),
      ]) : null,
      pace ? paceToken(PAWN_R - 2, -PAWN_R + 2, 8) : null,
    );
    return g;
  }

  function pawnLabel(id, { moved, pace, place }) {
    const bits = [horseName(id)];
    if (place) bits.push(t("web.royal_turf.place_n", { place: t(`web.ordinal.${place}`) }));
    if (moved) bits.push(t("web.royal_turf.moved"));
    if (pace) bits.push(t("web.royal_turf.pace_holder"));
    return bits.join(", ");
  }

  function paceToken(x, y, r) {
    return s("g", { class: "rt-pace-token", transform: `translate(${fmt(x)} ${fmt(y)})` }, [
      s("circle", { r }),
      s("text", { y: 0.5, style: `font-size:${r * 1.25}px` }, "P"),
    ]);
  }

  function drawPawns() {
    const o = obs();
    const parts = [];
    if (!o) {
      fill(pawnLayer);
      return;
    }
    // The pace token lies on its square until a horse takes it (§3 Case Pace).
    if (!o.pace?.horse) {
      const [x, y] = pos(squareCentre(o.pace?.square || paceSquare));
      parts.push(paceToken(x, y, 11));
    }
    const slots = podiumSlots();
    for (const horse of o.horses) {
      const info = {
        movable: canMove(horse.id),
        moved: horse.moved && o.phase === "racing" && !horse.place,
        pace: o.pace?.horse === horse.id,
        place: horse.place,
      };
      if (horse.place) {
        const slot = slots.find((x) => x.place === horse.place);
        if (slot) parts.push(pawn(horse.id, slot.x, slot.y, info));
      } else if (horse.square > 0) {
        const isLast = o.last === horse.id;
        const [x, y] = pos(squareCentre(horse.square));
        parts.push(pawn(horse.id, x, y, info));
        if (isLast) {
          const slot = slots.find((x) => x.place === "last");
          parts.push(pawn(horse.id, slot.x, slot.y, { ...info, movable: false }));
        }
      }
    }
    // The board is cleared for the next race, but the last race's result stays on its podium until
    // the next race is off (observation "result", D10).
    const result = o.podium?.length ? null : o.result;
    if (result) {
      const shown = [...result.podium.map((id, i) => [id, i + 1]), [result.last, "last"]];
      for (const [id, place] of shown) {
        const slot = slots.find((x) => x.place === place);
        const g = pawn(id, slot.x, slot.y, { pace: result.pace === id, place: place === "last" ? null : place });
        g.removeAttribute("data-horse");
        g.classList.add("result");
        parts.push(g);
      }
    }
    slides.stop();
    fill(pawnLayer, parts);
    drawResults();
    slide();
  }

  /** Slide each horse moved in the last change square by square round the oval, in the order they
   * moved (issue 16; still under reduced motion, `motion.js`); one across the line runs on to its
   * place on the podium. */
  function slide() {
    if (slid) return;
    slid = true;
    const runs = [];
    for (const { horse, start, end } of moves) {
      const element = pawnLayer.querySelector(`.rt-pawn[data-horse="${horse}"]`); // the track's come first
      const cells = end === 0 ? [...(loopSquares(start, squares, squares) || []), "line"] : loopSquares(start, end, squares);
      if (!element || !cells || cells.length < 2) continue;
      const points = cells.map((n) => (n === "line" ? pos(squares * step) : pos(squareCentre(n))));
      if (end === 0) points.push(placeOf(element));
      runs.push({ key: horse, element, points, cells: end === 0 ? [...cells, "podium"] : cells });
    }
    slides.play(pawnLayer, runs);
  }

  /** The horses a state message moved (its `horse_moved` events), in order; none when the log came
   * whole (a connection, a replay's jump). */
  function movesOf(stateMessage) {
    if (stateMessage.fullLog) return [];
    return (stateMessage.events || [])
      .filter((e) => e.key === "royal_turf.horse_moved" && e.params?.start !== e.params?.end)
      .map((e) => ({ horse: e.params.horse, start: e.params.start, end: e.params.end }));
  }

  function drawResults() {
    // The results of races already run: the board is cleared for the next race (D15, D17), so the
    // podium of race 1 and 2 lives on here, read from the event log.
    const o = obs();
    const lines = log.filter((e) => e.key === "royal_turf.race_finished" && o && e.params.race < o.race);
    const group = s("g", { class: "rt-results" });
    lines.slice(-3).forEach((e, i) => {
      const p = e.params;
      const text = t("web.royal_turf.result_line", {
        race: p.race,
        first: horseName(p.first),
        second: horseName(p.second),
        third: horseName(p.third),
        last: horseName(p.last),
      });
      group.append(s("text", { x: CX, y: CY + 34 + i * 16 }, text));
    });
    pawnLayer.append(group);
  }

  function drawPreview() {
    fill(ghostLayer);
    fill(highlightLayer);
    const id = previewHorse ?? selectedHorse;
    if (!id || !canMove(id)) return;
    const land = landing(id);
    if (!land) return;
    const colour = colourOf(horseInfo.get(id)?.colour);
    let x;
    let y;
    if (land.end === 0) {
      const slot = podiumSlots().find((p) => p.place === land.place) || podiumSlots()[0];
      ({ x, y } = slot);
    } else {
      highlightLayer.append(s("path", { class: "rt-cell-target", d: cellPath(land.end) }));
      [x, y] = pos(squareCentre(land.end));
    }
    const labelY = layoutName === "compact" ? CY - 86 : CY - 64;
    ghostLayer.append(s("text", { class: "rt-preview-text", x: CX, y: labelY }, previewText(id)));
    ghostLayer.append(
      s("g", { class: "rt-ghost-pawn", transform: `translate(${fmt(x)} ${fmt(y)})` }, [
        s("circle", { r: PAWN_R, fill: colour }),
        s("text", { fill: inkOn(colour), y: 1 }, initial(id)),
      ]),
    );
  }

  function previewText(id) {
    const land = landing(id);
    if (!land) return "";
    const name = horseName(id);
    if (land.end === 0) {
      return t("web.royal_turf.preview_cross", { horse: name, start: land.start, place: t(`web.ordinal.${land.place}`) });
    }
    if (land.moved < land.rolled) {
      return t("web.royal_turf.preview_blocked", { horse: name, start: land.start, end: land.end, rolled: land.rolled, moved: land.moved });
    }
    return t("web.royal_turf.preview", { horse: name, start: land.start, end: land.end, rolled: land.rolled });
  }

  function chip(bet) {
    const colour = seatColour(bet.player);
    const value = bet.token === null || bet.token === undefined ? "?" : String(bet.token);
    const owner = seatName(bet.player);
    const title =
      value === "?"
        ? t("web.royal_turf.bet_hidden", { player: owner })
        : t("web.royal_turf.bet_shown", { player: owner, token: value });
    return h(
      "span",
      { class: "chip" + (value === "?" ? " face-down" : ""), style: `--seat:${colour}`, title },
      h("span", { class: "chip-value" }, value),
      h("span", { class: "chip-owner" }, owner),
    );
  }

  function drawCardsHead() {
    const o = obs();
    const rolled = o?.rolled;
    fill(
      cardsHead,
      h("span", { class: "c-key" }, "#"),
      h("span", { class: "c-pawn" }),
      h("span", { class: "c-name" }, t("web.royal_turf.horse")),
      h("span", { class: "c-square", title: t("web.royal_turf.square") }, t("web.royal_turf.square_short")),
      faces.map((face) =>
        h(
          "span",
          { class: "c-face" + (rolled === face ? " rolled" : ""), title: faceName(face) },
          faceIcon(face, 18),
          h("span", { class: "c-face-name" }, t(`royal_turf.face_short.${face}`)),
        ),
      ),
      h("span", { class: "c-moved" }, t("web.royal_turf.moved_short")),
      h("span", { class: "c-bets" }, t("web.royal_turf.bets")),
    );
  }

  function drawCards() {
    const o = obs();
    drawCardsHead();
    const rolled = o?.rolled;
    const betting = isBetting();
    const moving = isMoving();
    boardData.horses.forEach((info, index) => {
      const button = cards.get(info.id);
      const horse = o?.horses.find((x) => x.id === info.id) || { id: info.id, square: null, values: null, moved: false, place: null };
      const colour = colourOf(info.colour);
      const bets = (o?.bets || []).filter((b) => b.horse === info.id);
      const movable = moving && canMove(info.id);
      const bettable = betting && betTokensFor(info.id).length > 0;
      const clickable = movable || bettable;
      button.disabled = !clickable;
      button.classList.toggle("movable", movable);
      button.classList.toggle("bettable", bettable);
      button.classList.toggle("selected", selectedHorse === info.id);
      button.classList.toggle("moved", Boolean(horse.moved && o?.phase === "racing" && !horse.place));
      button.classList.toggle("arrived", Boolean(horse.place));
      const pace = o?.pace?.horse === info.id;
      let where = "—";
      if (horse.place) where = t(`web.ordinal.${horse.place}`);
      else if (horse.square) where = String(horse.square);
      if (o?.last === info.id) where = t("web.royal_turf.last");
      fill(
        button,
        h("span", { class: "c-key", "aria-hidden": "true" }, String(index + 1)),
        h("span", { class: "c-pawn", "aria-hidden": "true" },
          h("span", { class: "mini-pawn", style: `background:${colour};color:${inkOn(colour)}` }, initial(info.id))),
        h("span", { class: "c-name" }, horseName(info.id), pace ? h("span", { class: "pace-badge", title: t("web.royal_turf.pace_holder") }, "P") : null),
        h("span", { class: "c-square", title: horse.to_go ? t("web.royal_turf.to_go", { n: horse.to_go }) : null }, where),
        faces.map((face) =>
          h("span", { class: "c-face" + (rolled === face ? " rolled" : "") }, horse.values ? String(horse.values[face]) : "·"),
        ),
        h("span", { class: "c-moved" }, horse.moved && o?.phase === "racing" && !horse.place ? "✓" : ""),
        h("span", { class: "c-bets" }, bets.map(chip)),
      );
      button.setAttribute("aria-label", cardLabel(info.id, index, horse, where, bets, pace, { movable, bettable }));
    });
  }

  function cardLabel(id, index, horse, where, bets, pace, { movable, bettable }) {
    const bits = [`${index + 1}. ${horseName(id)}`];
    if (horse.square !== null || horse.place) bits.push(`${t("web.royal_turf.square")} ${where}`);
    if (horse.to_go) bits.push(t("web.royal_turf.to_go", { n: horse.to_go }));
    if (horse.values) bits.push(faces.map((f) => `${faceName(f)} ${horse.values[f]}`).join(", "));
    if (horse.moved && !horse.place) bits.push(t("web.royal_turf.moved"));
    if (pace) bits.push(t("web.royal_turf.pace_holder"));
    if (bets.length) {
      bits.push(
        t("web.royal_turf.bets") + ": " +
          bets.map((b) => `${seatName(b.player)} ${b.token ?? "?"}`).join(", "),
      );
    }
    if (movable) bits.push(t("web.royal_turf.move_horse", { horse: horseName(id) }), previewText(id));
    else if (bettable) bits.push(t("web.royal_turf.bet_on", { horse: horseName(id) }));
    return bits.join("; ");
  }

  function drawControls() {
    const o = obs();
    // The die: the face rolled and not yet played, or (dimmed) the last face rolled.
    let face = o?.rolled || null;
    let stale = false;
    if (!face && o?.phase === "racing") {
      const last = [...log].reverse().find((e) => e.key === "royal_turf.die_rolled");
      const raceStart = [...log].reverse().findIndex((e) => e.key === "royal_turf.race_started");
      const lastIndex = [...log].reverse().findIndex((e) => e.key === "royal_turf.die_rolled");
      if (last && (raceStart === -1 || lastIndex < raceStart)) {
        face = last.params.face;
        stale = true;
      }
    }
    fill(
      dieBox,
      h("span", { class: "rt-die-face" + (face ? "" : " blank") + (stale ? " stale" : ""), title: face ? faceName(face) : t("web.royal_turf.die") },
        face ? faceIcon(face, 34) : h("span", { "aria-hidden": "true" }, "?")),
      h("span", { class: "rt-die-text" },
        h("span", { class: "rt-die-label" }, stale ? t("web.royal_turf.last_roll") : t("web.royal_turf.die")),
        h("strong", {}, face ? faceName(face) : "—")),
    );
    // Roll button.
    const canRoll = interactive && Boolean(msg?.can_roll);
    rollButton.hidden = !canRoll;
    rollButton.disabled = !canRoll;
    rollButton.textContent = t("web.royal_turf.roll");
    rollButton.setAttribute("aria-label", t("web.royal_turf.roll_label"));
    rollButton.setAttribute("aria-keyshortcuts", "R");

    // The viewer's tokens in hand.
    const hand = myHand();
    if (hand === null) {
      fill(tokensBox);
      tokensBox.hidden = true;
    } else {
      tokensBox.hidden = false;
      const playable = playableTokens();
      const counts = new Map();
      for (const v of hand) counts.set(v, (counts.get(v) || 0) + 1);
      const distinct = distinctTokens();
      if (selectedToken !== null && !playable.has(selectedToken)) selectedToken = null;
      const buttons = distinct.map((v, i) => {
        const count = counts.get(v);
        const enabled = isBetting() && playable.has(v);
        return h(
          "button",
          {
            type: "button",
            class: "token" + (selectedToken === v ? " selected" : ""),
            "data-testid": `token-${v}`,
            "aria-pressed": String(selectedToken === v),
            "aria-label": t("web.royal_turf.token_label", { token: v, count }),
            "aria-keyshortcuts": TOKEN_KEYS[i]?.toUpperCase(),
            disabled: !enabled,
            onclick: () => clickToken(v),
          },
          h("span", { class: "token-value" }, String(v)),
          count > 1 ? h("span", { class: "token-count" }, `×${count}`) : null,
          enabled && TOKEN_KEYS[i] ? h("kbd", {}, TOKEN_KEYS[i].toUpperCase()) : null,
        );
      });
      fill(
        tokensBox,
        h("span", { class: "rt-tokens-label" }, t("web.royal_turf.your_tokens")),
        buttons.length ? buttons : h("span", { class: "muted" }, t("web.royal_turf.no_tokens")),
      );
    }
    hintBox.textContent = hint();
  }

  function hint() {
    if (!interactive || !msg) return "";
    const o = obs();
    if (msg.can_roll) return t("web.royal_turf.hint_roll");
    if (isMoving()) return t("web.royal_turf.hint_move", { face: faceName(o.rolled) });
    if (isBetting()) {
      if (selectedToken !== null) return t("web.royal_turf.hint_bet_horse", { token: selectedToken });
      if (selectedHorse) return t("web.royal_turf.hint_bet_token", { horse: horseName(selectedHorse) });
      return t("web.royal_turf.hint_bet");
    }
    return "";
  }

  function drawPayout() {
    const p = boardData.payouts;
    fill(
      payout,
      h("summary", {}, t("web.royal_turf.payout_title")),
      h(
        "table",
        { class: "rt-payout-table" },
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, t("web.royal_turf.units")),
          h("th", { scope: "col" }, t("web.ordinal.1")),
          h("th", { scope: "col" }, t("web.ordinal.2")),
          h("th", { scope: "col" }, t("web.ordinal.3")))),
        h("tbody", {}, p.units.map((u, i) =>
          h("tr", {}, h("th", { scope: "row" }, String(u)), h("td", {}, String(p.first[i])), h("td", {}, String(p.second[i])), h("td", {}, String(p.third[i]))))),
      ),
      h("p", { class: "note" }, t("web.royal_turf.payout_note", { multiplier: boardData.final_race_multiplier, races: boardData.races })),
      paceNote,
      h("p", { class: "note" }, t("web.royal_turf.last_note", { amount: boardData.last_penalty_per_unit })),
    );
    drawPaceNote();
  }

  /** When the pace bonus is paid is the table's option, which the observation carries (D13). */
  function drawPaceNote() {
    const anyPlace = Boolean(obs()?.pace_bonus_any_place);
    const key = anyPlace ? "web.royal_turf.pace_note_any_place" : "web.royal_turf.pace_note";
    paceNote.textContent = t(key, { amount: boardData.pace_per_unit });
  }

  function drawAll() {
    trackTitle.textContent = t("web.royal_turf.track_title");
    svg.setAttribute("aria-label", trackTitle.textContent);
    cardsTitle.textContent = t("web.royal_turf.cards_title");
    drawPawns();
    drawPreview();
    drawCards();
    drawControls();
    drawPaceNote();
  }

  // -- input ---------------------------------------------------------------------------------------

  /** Play a legal action (one of `legal()`), sent back by its notation. */
  function act(move) {
    if (!interactive || !move) return;
    selectedToken = null;
    selectedHorse = null;
    previewHorse = null;
    send({ type: "act", action: move.notation });
  }

  function roll() {
    if (interactive && msg?.can_roll) send({ type: "roll" });
  }

  function clickHorse(id) {
    if (!interactive) return;
    if (isMoving()) {
      if (canMove(id)) act(legalMove("move", { horse: id }));
      return;
    }
    if (isBetting()) {
      const tokens = betTokensFor(id);
      if (!tokens.length) return;
      let token = selectedToken;
      if (token === null && playableTokens().size === 1) token = [...playableTokens()][0];
      if (token !== null && tokens.includes(token)) {
        act(legalMove("bet", { token, horse: id }));
        return;
      }
      selectedHorse = selectedHorse === id ? null : id;
      drawCards();
      drawControls();
    }
  }

  function clickToken(value) {
    if (!isBetting()) return;
    const bet = selectedHorse ? legalMove("bet", { token: value, horse: selectedHorse }) : null;
    if (bet) {
      act(bet);
      return;
    }
    selectedToken = selectedToken === value ? null : value;
    drawCards();
    drawControls();
  }

  function setPreview(id) {
    if (previewHorse === id) return;
    previewHorse = id;
    if (!isMoving()) return;
    drawPreview();
    for (const g of pawnLayer.querySelectorAll(".rt-pawn")) {
      g.classList.toggle("selected", g.dataset.horse === id || g.dataset.horse === selectedHorse);
    }
  }

  function handleKey(event) {
    if (!interactive || !msg) return false;
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    const key = event.key;
    if (key === "r" || key === "R") {
      if (msg.can_roll) {
        roll();
        return true;
      }
      return false;
    }
    if (/^[1-9]$/.test(key)) {
      const horse = boardData.horses[Number(key) - 1];
      if (!horse) return false;
      if (isMoving() && canMove(horse.id)) {
        selectedHorse = horse.id;
        cards.get(horse.id).focus();
        drawPreview();
        return true;
      }
      if (isBetting() && betTokensFor(horse.id).length) {
        selectedHorse = horse.id;
        drawCards();
        drawControls();
        cards.get(horse.id).focus();
        return true;
      }
      return false;
    }
    const tokenIndex = TOKEN_KEYS.indexOf(key.toLowerCase());
    if (tokenIndex >= 0 && isBetting()) {
      const value = distinctTokens()[tokenIndex];
      if (value === undefined || !playableTokens().has(value)) return false;
      selectedToken = value;
      drawCards();
      drawControls();
      tokensBox.querySelector(`[data-testid="token-${value}"]`)?.focus();
      return true;
    }
    if (key === "Enter") {
      // A focused button takes Enter itself (it clicks); otherwise Enter confirms the selection.
      const focused = document.activeElement;
      if (focused && root.contains(focused) && (focused.tagName === "BUTTON" || focused.getAttribute("role") === "button")) {
        return false;
      }
      if (isMoving() && selectedHorse && canMove(selectedHorse)) {
        act(legalMove("move", { horse: selectedHorse }));
        return true;
      }
      const bet = isBetting() && selectedHorse && selectedToken !== null ? legalMove("bet", { token: selectedToken, horse: selectedHorse }) : null;
      if (bet) {
        act(bet);
        return true;
      }
      return false;
    }
    if (key === "Escape" && (selectedHorse || selectedToken !== null)) {
      selectedHorse = null;
      selectedToken = null;
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
    // A selection made for one decision does not carry over to the next.
    if (before && before.seat !== msg.seat) {
      // Hot-seat: another player holds the device; nothing chosen by the last one carries over.
      selectedToken = null;
      selectedHorse = null;
      previewHorse = null;
    } else if (!before || before.version !== msg.version) {
      if (!isBetting()) selectedToken = null;
      if (!isBetting() && !isMoving()) selectedHorse = null;
      if (selectedHorse && isMoving() && !canMove(selectedHorse)) selectedHorse = null;
      if (selectedHorse && isBetting() && !betTokensFor(selectedHorse).length) selectedHorse = null;
    }
    drawAll();
  }

  function setLang(newLang, newT) {
    lang = newLang;
    if (newT) t = newT;
    drawStatic();
    drawPayout();
    drawAll();
  }

  function statusLine(stateMessage = msg) {
    const o = stateMessage?.observation;
    if (!o) return "";
    const bits = [t("web.royal_turf.race", { race: o.race, races: o.races })];
    if (o.phase !== "over") bits.push(t(`royal_turf.phase.${o.phase}`));
    if (o.phase === "racing") bits.push(t("web.royal_turf.round", { round: o.round }));
    return bits.join(" · ");
  }

  /** Pick the layout that suits the container's width, and redraw the track when it changes. */
  function fitLayout() {
    const width = container.clientWidth;
    const name = width > 0 && width < 600 ? "compact" : "wide";
    if (name === layoutName && svg.getAttribute("viewBox")) return;
    layoutName = name;
    useLayout(name);
    step = PERIMETER / squares;
    svg.setAttribute("viewBox", `0 0 ${VIEW_W} ${VIEW_H}`);
    root.classList.toggle("compact", name === "compact");
    drawStatic();
    drawAll();
  }

  const resizeObserver = typeof ResizeObserver === "function" ? new ResizeObserver(() => fitLayout()) : null;
  resizeObserver?.observe(container);
  svg.removeAttribute("viewBox");
  fitLayout();
  drawPayout();

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
