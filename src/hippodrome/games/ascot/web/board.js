// Ascot's board: the two boards of the game in SVG, the training loop (its forty squares with the
// header of the one who is paid, the two stables' boxes, the horses) and the six-lane race course
// (drawn from the engine's lane-track geometry served by GET /api/games/ascot/board: the start
// squares, the coloured and inscribed squares, the white square, the last turn's post, « Cravachez et
// placez-vous », the finishing post, the horses), with the seat's own cards and reports, the sale of
// the dead pile and its bids, the trade offers, the totalisator's board, each player's money, the
// phase and what is asked of the player. Every choice offered is one of the legal actions the server
// typed (`{kind, args, notation, label}`) and is sent back by its notation: this module holds no rule.

import { fill, h, legalMoves, moveLabel, s, seatColour } from "/static/js/dom.js";
import { tn } from "/static/js/i18n.js";
import { createSlides, laneTrackPath, placeOf } from "/static/js/motion.js";

const NS = "web.ascot";
const S = 30; // SVG pixels per length of the race course
const LOOP_W = 76; // a training square's width and height in SVG pixels
const LOOP_H = 72;
const QUICK = 4; // amounts offered as buttons; the others in a list

const HORSE_FILL = { black: "#1d1d1d", red: "#c62828", yellow: "#f2c200", blue: "#1e5bc6" };
const CELL_FILL = { K: "#1d1d1d", R: "#c62828", Y: "#f2c200", B: "#1e5bc6" };
const CODE_COLOUR = { K: "black", R: "red", Y: "yellow", B: "blue" };
const RACE_PHASES = new Set(["race", "roll", "move", "colour", "lane", "over"]);
const MARKET_PHASES = new Set(["deal", "exchange", "discard", "auction"]);

function inkOn(colour) {
  return colour === "yellow" ? "#111" : "#fff";
}

/** The training loop's squares (0 the boxes' square, then clockwise): 12 along the top and the
 * bottom, 8 down each side. */
function loopCorner(n) {
  if (n < 12) return [n * LOOP_W, 0];
  if (n < 20) return [11 * LOOP_W, (n - 11) * LOOP_H];
  if (n < 32) return [(31 - n) * LOOP_W, 9 * LOOP_H];
  return [0, (40 - n) * LOOP_H];
}

/** Words cut into lines of at most `width` characters, at most `most` lines. */
function wrap(text, width, most) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > most) {
    const kept = lines.slice(0, most);
    kept[most - 1] = kept[most - 1].replace(/\s*\S*$/, "") + "…";
    return kept;
  }
  return lines;
}

export function createBoard(container, { boardData, t, lang = "en", send = null, readOnly = false }) {
  const interactive = !readOnly && typeof send === "function";
  const horses = new Map(boardData.horses.map((x) => [x.id, x]));
  const cards = new Map(boardData.cards.map((c) => [c.id, c]));
  const geometry = boardData.race_course;
  const codes = boardData.lanes.join("");
  const gate = new Map(boardData.gate.map((g) => [g.horse, g]));
  const noLaneChange = new Set(boardData.no_lane_change);
  const laneStart = [];
  boardData.lanes.reduce((first, text, lane) => {
    laneStart[lane] = first;
    return first + text.length;
  }, 0);
  const cellAt = (lane, square) => laneStart[lane - 1] + square - 1;

  let msg = null;
  let log = [];
  let selectedHorse = null; // the horse whose squares are shown when the die is for two
  let rollFollows = null; // the seat that chose to throw: its dice are thrown with the same click
  let stage = null; // "market", "training" or "race": which board is unfolded
  const trade = { to: null, deal: null, item: null, price: null };
  let amountChoice = null;
  let moved = []; // the horses moved in the last change, in order: {board: "race" | "loop", horse, from, to}
  let slid = { race: true, loop: true }; // whether each board slid the last change's moves already
  const slides = { race: createSlides(), loop: createSlides() };

  // -- skeleton ---------------------------------------------------------------------------------------

  const root = h("div", { class: "as" + (readOnly ? " read-only" : "") });
  const prompt = h("section", { class: "as-prompt", "data-testid": "as-prompt", "aria-live": "polite" });
  const raceBox = h("details", { class: "as-board-box as-race-box", "data-testid": "as-race-box" });
  const raceTitle = h("summary");
  const raceSvg = s("svg", { class: "as-race", "data-testid": "as-race", role: "group" });
  const raceLegend = h("div", { class: "as-legend" });
  raceBox.append(raceTitle, raceSvg, raceLegend);
  const loopBox = h("details", { class: "as-board-box as-loop-box", "data-testid": "as-loop-box" });
  const loopTitle = h("summary");
  const loopSvg = s("svg", { class: "as-loop", "data-testid": "as-loop", role: "group" });
  loopBox.append(loopTitle, loopSvg);
  const boards = h("div", { class: "as-boards" });
  const hand = h("section", { class: "as-hand as-panel", "data-testid": "as-hand" });
  const market = h("section", { class: "as-market as-panel", "data-testid": "as-market" });
  const tote = h("section", { class: "as-tote as-panel", "data-testid": "as-tote" });
  const seats = h("section", { class: "as-seats as-panel", "data-testid": "as-seats" });
  const panels = h("div", { class: "as-panels" }, hand, market, tote, seats);
  root.append(prompt, boards, panels);
  fill(container, root);

  const raceStatic = s("g", { class: "as-static" });
  const raceZone = s("g", { class: "as-zone-layer" });
  const raceTargets = s("g", { class: "as-targets" });
  const racePawns = s("g", { class: "as-pawns", "data-pieces": true });
  const [bx0, by0, bx1, by1] = boardData.bounds;
  raceSvg.setAttribute("viewBox", `${(bx0 - 0.6) * S} ${(by0 - 0.6) * S} ${(bx1 - bx0 + 1.2) * S} ${(by1 - by0 + 1.2) * S}`);
  raceSvg.append(raceStatic, raceZone, raceTargets, racePawns);
  const loopStatic = s("g", { class: "as-static" });
  const loopPawns = s("g", { class: "as-pawns", "data-pieces": true });
  loopSvg.setAttribute("viewBox", `-4 -4 ${12 * LOOP_W + 8} ${10 * LOOP_H + 8}`);
  loopSvg.append(loopStatic, loopPawns);

  // -- words ------------------------------------------------------------------------------------------

  const tx = (key, params) => t(`${NS}.${key}`, params);
  const francs = (amount) => {
    const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === "fr" ? "." : ",");
    return tx("francs", { amount: (amount < 0 ? "−" : "") + digits });
  };
  const seatName = (p) => msg?.seats?.[p]?.name || t("web.seat_n", { n: p + 1 });
  const horseName = (id) => t(`ascot.horse.${id}`);
  const cardName = (id) => t(`ascot.card.${id}`);
  const colourName = (colour) => t(`ascot.colour.${colour}`);
  const report = (item) => {
    const [deck, index] = item.split(":");
    return boardData.reports[deck]?.[Number(index)] || null;
  };
  const itemName = (item) => (item.includes(":") ? report(item)?.[lang] || item : cardName(item));
  const squareText = (sq) => sq[lang] || sq.en;

  // -- what the observation says ----------------------------------------------------------------------

  const obs = () => msg?.observation || null;
  const moves = () => (interactive ? legalMoves(msg) : []);
  const movesOf = (kind) => moves().filter((m) => m.kind === kind);
  const viewer = () => (Number.isInteger(obs()?.viewer) ? obs().viewer : null);

  function ownerOf(horseId) {
    const o = obs();
    if (!o) return null;
    for (let p = 0; p < o.money.length; p += 1) {
      if ((o.bought[p] || []).includes(horseId)) return p;
      if (Array.isArray(o.hands[p]) && o.hands[p].includes(horseId)) return p;
    }
    return null;
  }

  function stageOf(phase) {
    if (RACE_PHASES.has(phase)) return "race";
    if (MARKET_PHASES.has(phase)) return "market";
    return "training";
  }

  /** The last event of `key` in the log (the training's dice are told, not kept in the view). */
  function lastEvent(key) {
    for (let i = log.length - 1; i >= 0; i -= 1) {
      if (log[i].key === key) return log[i];
    }
    return null;
  }

  function eventText(event) {
    return event ? event.text?.[lang] || event.text?.en || "" : "";
  }

  // -- small pieces -----------------------------------------------------------------------------------

  function act(notation) {
    if (!interactive || !notation) return;
    send({ type: "act", action: notation });
  }

  function choice(text, notation, { cls = "", testid = "as-choice", title = null } = {}) {
    return h(
      "button",
      { type: "button", class: `as-choice ${cls}`.trim(), "data-testid": testid, "data-action": notation, title, onclick: () => act(notation) },
      text,
    );
  }

  function chip(id, { small = false } = {}) {
    const colour = horses.get(id)?.colour || "black";
    return h(
      "span",
      { class: "as-chip" + (small ? " small" : ""), style: `background:${HORSE_FILL[colour]};color:${inkOn(colour)}`, title: cardName(id) },
      id.slice(1),
    );
  }

  function smallCards(advantages, disadvantages, colour = null) {
    const bits = [];
    if (colour && advantages) bits.push(h("span", { class: `as-small adv ${colour}`, title: tx("advantages_n", { n: advantages, colour: colourName(colour) }) }, `+${advantages}`));
    if (disadvantages) bits.push(h("span", { class: "as-small dis", title: tx("disadvantages_n", { n: disadvantages }) }, `−${disadvantages}`));
    return bits;
  }

  /** A list of amounts to choose from (the legal ones): the lowest as buttons, the rest in a list. */
  function amountPicker(entries, { label, testid }) {
    const quick = entries.slice(0, QUICK).map((m) => choice(label(m.amount), m.notation, { cls: "as-amount", testid }));
    const rest = entries.slice(QUICK);
    if (!rest.length) return quick;
    if (!rest.some((m) => m.amount === amountChoice)) amountChoice = rest[0].amount;
    const select = h(
      "select",
      {
        class: "as-select",
        "data-testid": `${testid}-select`,
        "aria-label": tx("other_amount"),
        onchange: (e) => {
          amountChoice = Number(e.target.value);
        },
      },
      rest.map((m) => h("option", { value: String(m.amount), selected: m.amount === amountChoice }, francs(m.amount))),
    );
    const go = h("button", {
      type: "button",
      class: "as-choice as-amount",
      "data-testid": `${testid}-other`,
      onclick: () => act(rest.find((m) => m.amount === Number(select.value))?.notation),
    }, label(null));
    return [...quick, h("span", { class: "as-more" }, select, go)];
  }

  // -- the race course --------------------------------------------------------------------------------

  const pts = (points) => points.map(([x, y]) => `${(x * S).toFixed(1)},${(y * S).toFixed(1)}`).join(" ");

  function drawRaceStatic() {
    const parts = [
      s("defs", {}, [
        s("pattern", { id: "as-checker", width: 8, height: 8, patternUnits: "userSpaceOnUse" }, [
          s("rect", { width: 8, height: 8, fill: "#fff" }),
          s("rect", { width: 4, height: 4, fill: "#111" }),
          s("rect", { x: 4, y: 4, width: 4, height: 4, fill: "#111" }),
        ]),
        s("pattern", { id: "as-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, [
          s("rect", { width: 3, height: 8, fill: "rgba(255,255,255,0.55)" }),
        ]),
      ]),
      s("rect", { class: "as-turf", x: (bx0 - 0.6) * S, y: (by0 - 0.6) * S, width: (bx1 - bx0 + 1.2) * S, height: (by1 - by0 + 1.2) * S, rx: 12 }),
    ];
    geometry.cells.forEach((cell, i) => {
      const code = codes[i];
      const colour = CODE_COLOUR[code];
      const square = `${cell.lane + 1}.${cell.index + 1}`;
      const text = colour
        ? tx("cell_colour", { lane: cell.lane + 1, square: cell.index + 1, colour: colourName(colour) })
        : tx("cell_inscription", { lane: cell.lane + 1, square: cell.index + 1, text: boardData.inscriptions[code]?.[lang] || "" });
      parts.push(
        s("polygon", { points: pts(cell.points), class: "as-cell" + (colour ? ` ${colour}` : " white"), fill: CELL_FILL[code] || "#fbf8ef", "data-square": square }, s("title", {}, text)),
      );
      if (!colour) {
        const [x, y] = cell.centre;
        parts.push(s("text", { class: "as-glyph" + (code === "W" || code === "Z" ? " strong" : ""), x: x * S, y: y * S }, tx(`glyph.${code}`)));
      }
    });
    for (const g of boardData.gate) {
      const [x, y] = g.centre;
      parts.push(
        s("polygon", { points: pts(g.points), class: "as-start" }, s("title", {}, tx("start_square", { horse: horseName(g.horse) }))),
        s("text", { class: "as-start-num", x: x * S, y: y * S }, g.horse.slice(1)),
      );
    }
    // The gate, the last turn's post and the finishing post.
    const gateLine = [boardData.gate[0].points[1], boardData.gate[5].points[2]];
    const [[gx0, gy0], [gx1, gy1]] = gateLine;
    parts.push(s("line", { class: "as-gate", x1: gx0 * S, y1: gy0 * S, x2: gx1 * S, y2: gy1 * S }));
    parts.push(s("text", { class: "as-label", x: (gx0 - 1) * S, y: (gy0 - 0.35) * S }, tx("starting_gate")));
    const [[lx0, ly0], [lx1, ly1]] = boardData.posts.last_turn;
    parts.push(
      s("line", { class: "as-post", x1: lx0 * S, y1: ly0 * S, x2: lx1 * S, y2: ly1 * S }),
      s("circle", { class: "as-post-head", cx: lx0 * S, cy: ly0 * S, r: 5 }),
      s("text", { class: "as-label start", x: (lx0 + 0.3) * S, y: (ly0 + 0.6) * S }, tx("last_turn_post")),
    );
    const [[fx0, fy0], [fx1, fy1]] = boardData.posts.finish;
    parts.push(
      s("rect", { class: "as-finish", x: fx0 * S - 4, y: fy0 * S, width: 8, height: (fy1 - fy0) * S, fill: "url(#as-checker)" }),
      s("text", { class: "as-label", x: fx0 * S, y: (fy0 - 0.35) * S }, tx("finish_post")),
    );
    // Where past-the-post horses stand, in their order.
    for (let place = 1; place <= 3; place += 1) {
      parts.push(s("text", { class: "as-place-label", x: (fx0 + 0.3) * S, y: (fy0 + place * 1.2 - 0.35) * S }, t(`web.ordinal.${place}`)));
    }
    fill(raceStatic, parts);
    fill(raceZone, geometry.cells.map((cell, i) => (noLaneChange.has(i) ? s("polygon", { points: pts(cell.points), class: "as-zone" }) : null)));
    drawLegend();
  }

  function drawLegend() {
    const bonus = boardData.colour_bonus;
    fill(
      raceLegend,
      h("p", {}, tx("legend_colours", { black: bonus.black, red: bonus.red, yellow: bonus.yellow, blue: bonus.blue })),
      h(
        "ul",
        { class: "as-legend-list" },
        Object.entries(boardData.inscriptions).map(([code, ins]) => h("li", {}, h("span", { class: "as-legend-glyph" }, tx(`glyph.${code}`)), " ", ins[lang] || ins.en)),
        h("li", {}, h("span", { class: "as-legend-zone", "aria-hidden": "true" }), " ", tx("legend_zone")),
      ),
    );
  }

  function pawn(id, x, y, r, { mine = false, movable = false, selected = false, favourite = false, fallen = false, onClick = null } = {}) {
    const info = horses.get(id);
    const owner = ownerOf(id);
    const classes = ["as-pawn"];
    if (movable) classes.push("movable");
    if (selected) classes.push("selected");
    if (fallen) classes.push("fallen");
    if (mine) classes.push("mine");
    const label = [cardName(id)];
    if (owner !== null) label.push(tx("owned_by", { name: seatName(owner) }));
    if (favourite) label.push(tx("favourite"));
    if (fallen) label.push(tx("fallen"));
    const g = s("g", { class: classes.join(" "), transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, "data-horse": id }, s("title", {}, label.join(" · ")));
    if (movable) g.append(s("circle", { class: "as-pawn-ring", r: r + 5 }));
    g.append(
      s("circle", { class: "as-pawn-body", r, fill: HORSE_FILL[info.colour], stroke: owner === null ? "#fff" : seatColour(owner) }),
      s("text", { class: "as-pawn-num", y: 1, fill: inkOn(info.colour), "font-size": r * 1.15 }, id.slice(1)),
    );
    if (favourite) g.append(s("text", { class: "as-pawn-star", x: r * 0.85, y: -r * 0.75, "font-size": r }, "★"));
    if (fallen) g.append(s("text", { class: "as-pawn-fall", x: -r * 0.9, y: -r * 0.7, "font-size": r }, "!"));
    if (onClick) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", tx("choose_horse", { horse: horseName(id) }));
      g.addEventListener("click", onClick);
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          onClick();
        }
      });
    }
    return g;
  }

  /** The horses the die is for that have squares to go to, and the moves of each. */
  function raceChoices() {
    const byHorse = new Map();
    for (const m of movesOf("move")) {
      if (!byHorse.has(m.args.horse)) byHorse.set(m.args.horse, []);
      byHorse.get(m.args.horse).push(m);
    }
    return byHorse;
  }

  function currentHorse(byHorse) {
    if (selectedHorse && byHorse.has(selectedHorse)) return selectedHorse;
    return byHorse.size ? [...byHorse.keys()][0] : null;
  }

  function drawRace() {
    const o = obs();
    const race = o?.race || {};
    const at = race.at || {};
    const byHorse = raceChoices();
    const current = currentHorse(byHorse);
    const favourites = new Set((o?.favourites || []).filter(Boolean));
    const fallen = new Set(race.fallen || []);
    const me = viewer();
    const targets = [];
    // A green square, or past the winning post: a click plays the move.
    const target = (tag, attrs, m) =>
      s(tag, {
        ...attrs,
        "data-testid": "as-target",
        "data-action": m.notation,
        role: "button",
        tabindex: "0",
        "aria-label": moveLabel(m, lang),
        onclick: () => act(m.notation),
        onkeydown: (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            act(m.notation);
          }
        },
      }, s("title", {}, moveLabel(m, lang)));
    for (const m of byHorse.get(current) || []) {
      if (m.args.lane >= 1) {
        const cell = geometry.cells[cellAt(m.args.lane, m.args.square)];
        if (cell) targets.push(target("polygon", { points: pts(cell.points), class: "as-target" }, m));
      } else if (m.args.square === 1) {
        const [[fx0, fy0], [, fy1]] = boardData.posts.finish;
        const post = { class: "as-target as-target-post", x: fx0 * S + 5, y: fy0 * S, width: 1.4 * S, height: (fy1 - fy0) * S };
        targets.push(target("rect", post, m));
      }
    }
    fill(raceTargets, targets);
    const pawns = [];
    const placed = race.placed || [];
    for (const [id, where] of Object.entries(at)) {
      let centre = null;
      if (where === "start") centre = gate.get(id)?.centre;
      else if (where === "post") {
        const place = placed.indexOf(id);
        if (place < 0) continue; // disqualified at the post: told in the log
        const [[fx0, fy0]] = boardData.posts.finish;
        centre = [fx0 + 1.8, fy0 + (place + 1) * 1.2 - 0.45];
      } else if (where.includes(".")) {
        const [lane, square] = where.split(".").map(Number);
        centre = geometry.cells[cellAt(lane, square)]?.centre;
      }
      if (!centre) continue;
      const movable = byHorse.size > 1 && byHorse.has(id);
      pawns.push(
        pawn(id, centre[0] * S, centre[1] * S, 0.4 * S, {
          mine: ownerOf(id) === me && me !== null,
          movable: byHorse.has(id),
          selected: id === current && byHorse.size > 0,
          favourite: favourites.has(id),
          fallen: fallen.has(id),
          onClick: movable ? () => selectHorse(id) : null,
        }),
      );
    }
    slides.race.stop();
    fill(racePawns, pawns);
    slideRace();
  }

  /** Slide each horse moved on the race course in the last change, one after another as they ran:
   * from the start square into its lane, square by square (a lane change first, de biais, then on
   * along the lane: the way the board draws a move, the events naming only where it ended), past the
   * post to its place there (issue 16; still under reduced motion, `motion.js`). */
  function slideRace() {
    if (slid.race) return;
    slid.race = true;
    const centre = (c) => geometry.cells[c].centre.map((v) => v * S);
    const runs = [];
    for (const { horse, from, to } of moved.filter((m) => m.board === "race")) {
      const element = racePawns.querySelector(`[data-horse="${horse}"]`);
      if (!element) continue;
      let first = from;
      const points = [];
      const cells = [];
      if (from === "start") {
        const g = gate.get(horse);
        if (!g) continue;
        points.push(g.centre.map((v) => v * S));
        cells.push("start");
        first = cellAt(g.lane, 1);
      }
      if (!Number.isInteger(first)) continue;
      // Past the post: along its lane to the lane's last square, then to its place by the post.
      const last = to === "post" ? cellAt(geometry.cells[first].lane + 1, boardData.lanes[geometry.cells[first].lane].length) : to;
      const way = laneTrackPath(geometry, first, last, { mayChange: (c, next) => !noLaneChange.has(c) && !noLaneChange.has(next) });
      if (!way) continue;
      points.push(...way.map(centre));
      cells.push(...way.map((c) => `${geometry.cells[c].lane + 1}.${geometry.cells[c].index + 1}`));
      if (to === "post") {
        points.push(placeOf(element));
        cells.push("post");
      }
      runs.push({ key: horse, element, points, cells });
    }
    slides.race.play(racePawns, runs);
  }

  /** Where a horse of the race moved by `event` went: a cell, "post", or null (it did not move). */
  function raceEnd(event) {
    const p = event.params || {};
    if (event.key === "ascot.horse_ran" || event.key === "ascot.horse_placed_at") return cellAt(p.lane, p.square);
    if (event.key === "ascot.horse_placed") return "post";
    return null;
  }

  /** The horses a state message moved on either board (its events), in order, each from where the
   * last state (or its move before) left it; none when the log came whole. */
  function movedBy(stateMessage, before) {
    if (!before || stateMessage.fullLog) return [];
    const where = (text) => (text && text.includes(".") ? cellAt(...text.split(".").map(Number)) : text);
    const race = new Map(Object.entries(before.race?.at || {}).map(([id, text]) => [id, where(text)]));
    const loop = new Map(Object.entries(before.squares || {}));
    const found = [];
    for (const e of stateMessage.events || []) {
      const p = e.params || {};
      if (e.key === "ascot.horse_trained" || e.key === "ascot.horse_shifted") {
        const from = e.key === "ascot.horse_trained" ? p.start : loop.get(p.horse);
        loop.set(p.horse, p.end);
        if (Number.isInteger(from) && from !== p.end) found.push({ board: "loop", horse: p.horse, from, to: p.end });
        continue;
      }
      const to = raceEnd(e);
      if (to === null) continue;
      const from = race.get(p.horse);
      race.set(p.horse, to);
      if (from !== undefined && from !== null && from !== "post" && from !== to) found.push({ board: "race", horse: p.horse, from, to });
    }
    return found;
  }

  function selectHorse(id) {
    selectedHorse = id;
    drawRace();
    drawPrompt();
  }

  // -- the training loop ------------------------------------------------------------------------------

  const boxCentre = new Map();

  function squareHeader(sq) {
    if (sq.header === "stable") return tx("header_stable");
    if (sq.header === "none") return "";
    return cardName(sq.header);
  }

  function squareBody(sq) {
    let text = squareText(sq);
    const cut = text.indexOf(":");
    if (sq.header === "stable" && cut > 0) text = text.slice(cut + 1).trim();
    return text;
  }

  function drawLoopStatic() {
    const named = new Map(boardData.training.squares.map((q) => [q.n, q]));
    const parts = [s("rect", { class: "as-loop-ground", x: -4, y: -4, width: 12 * LOOP_W + 8, height: 10 * LOOP_H + 8, rx: 10 })];
    for (let n = 0; n < boardData.training.length; n += 1) {
      const [x, y] = loopCorner(n);
      const sq = named.get(n);
      const kind = n === 0 ? "boxes" : sq?.kind || "plain";
      const header = n === 0 ? tx("boxes") : sq ? squareHeader(sq) : "";
      const body = n === 0 ? tx("start_here") : sq ? squareBody(sq) : "";
      const title = n === 0 ? tx("boxes_title") : sq ? [header, squareText(sq)].filter(Boolean).join(" — ") : tx("plain_square", { n });
      const g = s("g", { class: `as-sq ${kind}`, transform: `translate(${x} ${y})`, "data-square": n }, s("title", {}, title));
      g.append(s("rect", { class: "as-sq-body", width: LOOP_W, height: LOOP_H }));
      if (header) {
        g.append(s("rect", { class: "as-sq-head", width: LOOP_W, height: 13 }));
        // A long name is pressed to the square's width rather than cut.
        const fit = header.length > 13 ? { textLength: LOOP_W - 6, lengthAdjust: "spacingAndGlyphs" } : {};
        g.append(s("text", { class: "as-sq-header", x: LOOP_W / 2, y: 9.5, ...fit }, header));
      }
      g.append(s("text", { class: "as-sq-num", x: 3, y: LOOP_H - 3 }, String(n)));
      wrap(body, 16, 5).forEach((line, i) => g.append(s("text", { class: "as-sq-text", x: LOOP_W / 2, y: (header ? 22 : 12) + i * 9 }, line)));
      parts.push(g);
    }
    // The way round: an arrow at each corner.
    const arrows = [
      [LOOP_W * 6, LOOP_H + 12, 0],
      [LOOP_W * 11 - 14, LOOP_H * 5, 90],
      [LOOP_W * 6, LOOP_H * 9 - 12, 180],
      [LOOP_W + 14, LOOP_H * 5, 270],
    ];
    for (const [x, y, angle] of arrows) parts.push(s("path", { class: "as-arrow", d: "M-12 0h20m-7 -6l7 6l-7 6", transform: `translate(${x} ${y}) rotate(${angle})` }));
    // The two stables' boxes, six horses each, in number order.
    boxCentre.clear();
    const stables = ["walroy", "stevens"];
    stables.forEach((stable, k) => {
      const ids = boardData.horses.filter((x) => x.stable === stable).map((x) => x.id);
      const x0 = LOOP_W + 40 + k * 380;
      const y0 = LOOP_H + 40;
      parts.push(s("text", { class: "as-stable-title", x: x0 + 150, y: y0 - 8 }, cardName(`ecurie_${stable}`)));
      ids.forEach((id, i) => {
        const bx = x0 + (i % 3) * 104;
        const by = y0 + Math.floor(i / 3) * 112;
        boxCentre.set(id, [bx + 48, by + 44]);
        parts.push(
          s("rect", { class: `as-box ${stable}`, x: bx, y: by, width: 96, height: 96, rx: 6 }, s("title", {}, tx("box_of", { horse: cardName(id) }))),
          s("text", { class: "as-box-num", x: bx + 6, y: by + 14 }, id.slice(1)),
        );
      });
    });
    // The report decks, in the middle.
    const decks = [
      ["walroy", "#c62828"],
      ["stevens", "#1e5bc6"],
      ["veterinary", "#f7f7f2"],
    ];
    decks.forEach(([deck, colour], i) => {
      const x = LOOP_W + 220 + i * 130;
      const y = LOOP_H + 300;
      parts.push(
        s("rect", { class: "as-deck", x, y, width: 90, height: 56, rx: 5, fill: colour }, s("title", {}, tx(`deck_title.${deck}`))),
        s("text", { class: "as-deck-label" + (deck === "veterinary" ? " dark" : ""), x: x + 45, y: y + 32 }, tx(`deck.${deck}`)),
      );
    });
    fill(loopStatic, parts);
  }

  function drawLoop() {
    const o = obs();
    const squares = o?.squares || {};
    const me = viewer();
    const bySquare = new Map();
    const parts = [];
    for (const [id, n] of Object.entries(squares)) {
      if (n <= 0 || n >= boardData.training.length) {
        const [cx, cy] = boxCentre.get(id);
        const g = pawn(id, cx, cy, 17, { mine: ownerOf(id) === me && me !== null });
        if (n >= boardData.training.length) g.classList.add("home");
        parts.push(g);
        if (n >= boardData.training.length) parts.push(s("text", { class: "as-home-mark", x: cx + 30, y: cy - 24 }, "✓"));
        continue;
      }
      if (!bySquare.has(n)) bySquare.set(n, []);
      bySquare.get(n).push(id);
    }
    for (const [n, ids] of bySquare) {
      const [x, y] = loopCorner(n);
      ids.forEach((id, i) => {
        const col = i % 4;
        const row = Math.floor(i / 4);
        parts.push(pawn(id, x + 11 + col * 18, y + LOOP_H - 12 - row * 18, 8.5, { mine: ownerOf(id) === me && me !== null }));
      });
    }
    // The small cards laid on each horse's card, beside its box.
    for (const horse of boardData.horses) {
      const [cx, cy] = boxCentre.get(horse.id);
      const adv = o?.advantages?.[horse.id] || 0;
      const dis = o?.disadvantages?.[horse.id] || 0;
      if (adv) parts.push(s("text", { class: `as-box-adv ${horse.colour}`, x: cx - 30, y: cy + 44 }, s("title", {}, tx("advantages_n", { n: adv, colour: colourName(horse.colour) })), `+${adv}`));
      if (dis) parts.push(s("text", { class: "as-box-dis", x: cx + 30, y: cy + 44 }, s("title", {}, tx("disadvantages_n", { n: dis })), `−${dis}`));
    }
    // The last throw of the two dice.
    const dice = lastEvent("ascot.dice_thrown");
    if (dice && stageOf(o?.phase) === "training") {
      const x = LOOP_W * 6;
      const y = LOOP_H * 7 + 36;
      parts.push(
        s("rect", { class: "as-dice", x: x - 34, y: y - 24, width: 68, height: 44, rx: 8 }, s("title", {}, eventText(dice))),
        s("text", { class: "as-dice-total", x, y: y + 6 }, String(dice.params.total)),
      );
    }
    slides.loop.stop();
    fill(loopPawns, parts);
    slideLoop();
  }

  /** Slide each horse moved on the training loop in the last change square by square, one after
   * another in number order as they left their boxes, forward or sent back (issue 16; still under
   * reduced motion, `motion.js`). */
  function slideLoop() {
    if (slid.loop) return;
    slid.loop = true;
    const length = boardData.training.length;
    const spot = (n) => {
      if (n <= 0 || n >= length) return null; // its box
      const [x, y] = loopCorner(n);
      return [x + 11, y + LOOP_H - 12];
    };
    const runs = [];
    for (const { horse, from, to } of moved.filter((m) => m.board === "loop")) {
      const element = loopPawns.querySelector(`[data-horse="${horse}"]`);
      if (!element) continue;
      const step = to > from ? 1 : -1;
      const cells = [];
      for (let n = from; n !== to + step; n += step) cells.push(n);
      const points = cells.map((n) => spot(n) || boxCentre.get(horse));
      points[points.length - 1] = placeOf(element); // its place among those on the square
      runs.push({ key: horse, element, points, cells: cells.map((n) => (n <= 0 || n >= length ? "box" : n)) });
    }
    slides.loop.play(loopPawns, runs);
  }

  // -- the prompt: the phase and what is asked --------------------------------------------------------

  function horseList(ids) {
    return ids.map(horseName).join(tx("list_join"));
  }

  function ask() {
    const o = obs();
    const phase = o.phase;
    const race = o.race || {};
    if (msg.can_roll) {
      if (phase === "roll") return tx("ask.roll_die", { horses: horseList(race.to_move || []) });
      return tx("ask.roll_dice");
    }
    const lot = o.auction?.lot;
    switch (phase) {
      case "exchange":
        return tx("ask.exchange");
      case "discard":
        return tx("ask.discard");
      case "auction":
        return o.auction?.high ? tx("ask.auction_high", { card: itemName(lot), money: francs(o.auction.high), name: seatName(o.auction.leader) }) : tx("ask.auction", { card: itemName(lot) });
      case "training":
        return movesOf("club_report").length ? tx("ask.training_member") : tx("ask.training");
      case "club":
        return tx("ask.club", { fee: francs(boardData.club_fee) });
      case "sale":
        return tx("ask.sale");
      case "trading":
        return tx("ask.trading");
      case "answer":
        return tx("ask.answer", { offer: eventText(lastEvent("ascot.trade_offered")) });
      case "runners":
        return movesOf("enough").length ? tx("ask.enough", { fee: francs(boardData.entry_fee) }) : tx("ask.runners", { fee: francs(boardData.entry_fee) });
      case "favourite":
        return tx("ask.favourite");
      case "betting":
        return tx("ask.betting", { horse: horseName(o.called) });
      case "move": {
        const byHorse = raceChoices();
        const current = currentHorse(byHorse);
        if (!current) return "";
        if (byHorse.get(current).every((m) => m.args.lane === 0 && m.args.square === 0)) return tx("ask.move_stay", { die: race.die, horse: horseName(current) });
        if (byHorse.size > 1) return tx("ask.move_choose", { die: race.die, horse: horseName(current) });
        return tx("ask.move", { die: race.die, horse: horseName(current) });
      }
      case "colour": {
        const moving = movingHorse();
        const colour = moving ? squareColour(race.at?.[moving]) : null;
        return moving && colour ? tx("ask.colour_horse", { horse: horseName(moving), colour: colourName(colour) }) : tx("ask.colour");
      }
      case "lane": {
        const moving = movingHorse();
        return moving ? tx("ask.lane_horse", { horse: horseName(moving) }) : tx("ask.lane");
      }
      default:
        return "";
    }
  }

  /** The horse that has just run (the colour and the lane it stopped on are asked about). */
  function movingHorse() {
    for (let i = log.length - 1; i >= 0; i -= 1) {
      const key = log[i].key;
      if (key === "ascot.horse_ran" || key === "ascot.horse_placed_at") return log[i].params.horse;
      if (key === "ascot.die_thrown") return null;
    }
    return null;
  }

  function squareColour(where) {
    if (!where || !where.includes(".")) return null;
    const [lane, square] = where.split(".").map(Number);
    return CODE_COLOUR[codes[cellAt(lane, square)]] || "white";
  }

  function waiting() {
    const o = obs();
    const c = msg.context || {};
    if (o.phase === "over" || c.over) return tx("wait.over");
    const acting = c.chance ? (Number.isInteger(c.chance_roller) ? [c.chance_roller] : []) : c.to_act || [];
    if (!acting.length) return "";
    return tx("wait.for", { names: acting.map(seatName).join(tx("list_join")), phase: t(`ascot.phase.${o.phase}`) });
  }

  function phaseTitle(o) {
    const bits = [t(`ascot.phase.${o.phase}`)];
    if (o.phase === "move" || o.phase === "roll" || o.phase === "colour" || o.phase === "lane") {
      if (o.race?.die) bits.push(tx("die_shows", { face: o.race.die }));
    }
    return bits.join(" · ");
  }

  function controls() {
    const o = obs();
    const drawn = new Set();
    const nodes = [];
    const take = (m) => drawn.add(m.notation);
    if (interactive && msg.can_roll) {
      nodes.push(h("button", { type: "button", class: "primary", "data-testid": "roll-button", onclick: roll }, o.phase === "roll" ? tx("throw_die") : tx("throw_dice")));
    }
    const all = moves();
    const of = (kind) => all.filter((m) => m.kind === kind);
    // Training: the throw (with the dice, one click), and a member's report first if he wants one.
    for (const m of of("roll")) {
      take(m);
      nodes.push(h("button", { type: "button", class: "primary as-choice", "data-testid": "as-choice", "data-action": m.notation, onclick: () => {
        rollFollows = msg.seat;
        act(m.notation);
      } }, tx("throw_dice")));
    }
    const reports = of("club_report");
    if (reports.length) {
      reports.forEach(take);
      const select = h(
        "select",
        { class: "as-select", "data-testid": "as-report-select", "aria-label": tx("club_report_which") },
        reports.map((m) => h("option", { value: m.notation }, tx("club_report", { deck: tx(`deck.${m.args.deck}`), horse: horseName(m.args.horse) }))),
      );
      nodes.push(h("span", { class: "as-more" }, select, h("button", { type: "button", class: "as-choice", "data-testid": "as-report", onclick: () => act(select.value) }, tx("club_report_take"))));
    }
    // The sale: the bids, the lowest as buttons, and passing.
    const bids = of("bid").map((m) => ({ ...m, amount: m.args.amount })).sort((a, b) => a.amount - b.amount);
    if (bids.length) {
      bids.forEach(take);
      nodes.push(...amountPicker(bids, { label: (n) => (n === null ? tx("bid_other") : tx("bid_n", { money: francs(n) })), testid: "as-bid" }));
    }
    // The totalisator: the stakes on the horse the Bookmaker calls.
    const bets = of("place_bet").map((m) => ({ ...m, amount: m.args.stake })).sort((a, b) => a.amount - b.amount);
    if (bets.length) {
      bets.forEach(take);
      nodes.push(...amountPicker(bets, { label: (n) => (n === null ? tx("bet_other") : tx("bet_n", { money: francs(n) })), testid: "as-bet" }));
    }
    for (const m of of("pass")) {
      take(m);
      nodes.push(choice(o.phase === "betting" ? tx("no_bet") : tx("pass"), m.notation, { cls: "as-pass" }));
    }
    for (const m of [...of("keep"), ...of("join"), ...of("decline"), ...of("enough"), ...of("accept"), ...of("refuse"), ...of("done")]) {
      take(m);
      nodes.push(choice(moveLabel(m, lang), m.notation, { cls: m.kind === "accept" || m.kind === "join" ? "primary" : "" }));
    }
    for (const m of of("run")) {
      take(m);
      nodes.push(choice([chip(m.args.horse), " ", tx("run", { horse: horseName(m.args.horse), fee: francs(boardData.entry_fee) })], m.notation));
    }
    for (const m of of("favourite")) {
      take(m);
      nodes.push(choice(m.args.horse ? [chip(m.args.horse), " ", tx("favourite_pick", { horse: horseName(m.args.horse) })] : tx("no_favourite"), m.notation));
    }
    for (const m of of("sell")) {
      take(m);
      nodes.push(choice(tx("sell", { item: itemName(m.args.item) }), m.notation));
    }
    for (const m of of("colour")) {
      take(m);
      nodes.push(choice(tx(`use.${m.args.use}`), m.notation, { cls: m.args.use === "extra" || m.args.use === "advantage" ? "primary" : "" }));
    }
    for (const m of of("lane_choice")) {
      take(m);
      nodes.push(choice(tx("lane_n", { lane: m.args.lane }), m.notation));
    }
    // The race: the horse the die is for (when it may be two), past the post, or no move.
    const byHorse = raceChoices();
    if (byHorse.size) {
      const current = currentHorse(byHorse);
      for (const [id, list] of byHorse) {
        list.forEach(take);
        if (byHorse.size > 1) {
          nodes.push(h("button", {
            type: "button",
            class: "as-horse-choice" + (id === current ? " selected" : ""),
            "data-testid": "as-horse-choice",
            "data-horse": id,
            "aria-pressed": String(id === current),
            onclick: () => selectHorse(id),
          }, chip(id), " ", horseName(id)));
        }
      }
      for (const m of byHorse.get(current) || []) {
        if (m.args.lane === 0 && m.args.square === 0) nodes.push(choice(tx("stay", { horse: horseName(current) }), m.notation));
        if (m.args.lane === 0 && m.args.square === 1) nodes.push(choice(tx("post", { horse: horseName(current) }), m.notation, { cls: "primary" }));
      }
    }
    const offers = of("offer");
    if (offers.length) {
      offers.forEach(take);
      nodes.push(offerForm(offers));
    }
    // Anything else the rules allow, as the engine words it.
    for (const m of all) if (!drawn.has(m.notation)) nodes.push(choice(moveLabel(m, lang), m.notation, { testid: "as-other" }));
    return nodes;
  }

  /** The trade offer: to whom, to sell or to buy, what, and for how much, among the legal offers. */
  function offerForm(offers) {
    const pickFrom = (list, key, current) => {
      const values = [...new Set(list.map((m) => m.args[key]))];
      return values.includes(current) ? current : values[0];
    };
    trade.to = pickFrom(offers, "to", trade.to);
    let left = offers.filter((m) => m.args.to === trade.to);
    trade.deal = pickFrom(left, "deal", trade.deal);
    left = left.filter((m) => m.args.deal === trade.deal);
    trade.item = pickFrom(left, "item", trade.item);
    left = left.filter((m) => m.args.item === trade.item);
    trade.price = pickFrom(left, "price", trade.price);
    const chosen = left.find((m) => m.args.price === trade.price);
    const select = (key, values, text, testid) =>
      h(
        "select",
        {
          class: "as-select",
          "data-testid": testid,
          "aria-label": tx(`offer_${key}`),
          onchange: (e) => {
            const raw = e.target.value;
            trade[key] = key === "to" || key === "price" ? Number(raw) : raw;
            drawPrompt();
          },
        },
        values.map((v) => h("option", { value: String(v), selected: v === trade[key] }, text(v))),
      );
    const values = (list, key) => [...new Set(list.map((m) => m.args[key]))];
    const forTo = offers.filter((m) => m.args.to === trade.to);
    const forDeal = forTo.filter((m) => m.args.deal === trade.deal);
    return h(
      "div",
      { class: "as-offer-form", "data-testid": "as-offer-form" },
      h("span", {}, tx("offer_intro")),
      select("to", values(offers, "to"), seatName, "as-offer-to"),
      select("deal", values(forTo, "deal"), (d) => tx(`offer_deal.${d}`), "as-offer-deal"),
      select("item", values(forDeal, "item"), itemName, "as-offer-item"),
      h("span", {}, tx("offer_for")),
      select("price", values(left, "price"), francs, "as-offer-price"),
      h("button", { type: "button", class: "as-choice", "data-testid": "as-offer", "data-action": chosen?.notation, onclick: () => act(chosen?.notation) }, tx("offer_send")),
    );
  }

  function drawPrompt() {
    const o = obs();
    if (!o) return;
    const mine = interactive && (msg.can_roll || moves().length > 0);
    const dieFace = o.race?.die && RACE_PHASES.has(o.phase) && o.phase !== "over" ? h("span", { class: "as-die", title: tx("die_shows", { face: o.race.die }) }, String(o.race.die)) : null;
    fill(
      prompt,
      h("div", { class: "as-prompt-head" }, dieFace, h("strong", { class: "as-phase", "data-testid": "as-phase" }, phaseTitle(o)), h("span", { class: "as-bank" }, tx("bank", { money: francs(o.bank) }))),
      h("p", { class: "as-ask" + (mine ? " mine" : ""), "data-testid": "as-ask" }, mine ? ask() : waiting()),
      mine ? h("div", { class: "as-controls" }, controls()) : null,
    );
  }

  function roll() {
    if (interactive && msg?.can_roll) send({ type: "roll" });
  }

  // -- the cards in hand, the market, the totalisator, the seats --------------------------------------

  function cardNode(id, { action = null, testid = "as-card", extra = null } = {}) {
    const info = cards.get(id);
    const horse = horses.get(id);
    const o = obs();
    const classes = ["as-card", horse ? `horse ${horse.colour}` : "business"];
    if (action) classes.push("playable");
    // The small cards lie on the horse's card during the training only; in the race they are the
    // owner's, for any of his horses (shown apart).
    const training = stageOf(o?.phase) !== "race";
    const body = [
      horse ? h("span", { class: "as-card-num" }, id.slice(1)) : null,
      h("span", { class: "as-card-name" }, horse ? `${colourName(horse.colour)} · ${cardName(`ecurie_${horse.stable}`)}` : cardName(id)),
      h("span", { class: "as-card-price" }, id === "commissaire_priseur" ? tx("free") : francs(info.price)),
      horse && training ? h("span", { class: "as-card-small" }, smallCards(o?.advantages?.[id] || 0, o?.disadvantages?.[id] || 0, horse.colour)) : null,
      extra,
    ];
    const attrs = { class: classes.join(" "), "data-card": id, "data-testid": testid, title: cardName(id) };
    if (action) return h("button", { ...attrs, type: "button", "data-action": action.notation, "aria-label": moveLabel(action, lang), onclick: () => act(action.notation) }, body);
    return h("div", attrs, body);
  }

  function drawHand() {
    const o = obs();
    const me = viewer();
    if (me === null) {
      fill(hand, h("h3", {}, tx("hand_title")), h("p", { class: "muted" }, tx("spectator")));
      return;
    }
    const byCard = new Map();
    for (const m of moves()) {
      if ((m.kind === "exchange" || m.kind === "discard") && m.args.card) byCard.set(m.args.card, m);
      if (m.kind === "run" || (m.kind === "favourite" && m.args.horse)) byCard.set(m.args.horse, m);
    }
    const held = [...(Array.isArray(o.hands[me]) ? o.hands[me] : []), ...(o.bought[me] || [])];
    const order = (id) => (horses.has(id) ? Number(id.slice(1)) : 100 + boardData.cards.findIndex((c) => c.id === id));
    held.sort((a, b) => order(a) - order(b));
    const reports = Array.isArray(o.reports?.[me]) ? o.reports[me] : [];
    const adv = o.race?.advantages?.[me] || {};
    const raceSmall = Object.entries(adv).filter(([, n]) => n > 0);
    const dis = o.race?.disadvantages?.[me] || 0;
    fill(
      hand,
      h("h3", {}, tx("hand_title")),
      h("div", { class: "as-cards" }, held.length ? held.map((id) => cardNode(id, { action: byCard.get(id) || null })) : h("span", { class: "muted" }, tx("no_cards"))),
      reports.length
        ? h("div", { class: "as-reports", "data-testid": "as-reports" }, h("h4", {}, tx("reports_title")), reports.map((item) => {
            const r = report(item);
            const deck = item.split(":")[0];
            return h("div", { class: `as-report ${deck}`, "data-report": item }, h("small", {}, tx(`deck.${deck}`)), " ", r ? r[lang] : item);
          }))
        : null,
      raceSmall.length || dis
        ? h("div", { class: "as-race-small", "data-testid": "as-race-small" }, h("h4", {}, tx("small_cards_title")), raceSmall.map(([colour, n]) => smallCards(n, 0, colour)), smallCards(0, dis))
        : null,
    );
  }

  function drawMarket() {
    const o = obs();
    const shown = MARKET_PHASES.has(o.phase) || o.auction;
    market.hidden = !shown;
    if (!shown) return;
    const a = o.auction;
    const lot = a?.lot && cards.has(a.lot) ? a.lot : null;
    fill(
      market,
      h("h3", {}, tx("market_title")),
      h("p", {}, tn(`${NS}.dead_pile`, o.dead_pile, { n: o.dead_pile }), o.auctioneer !== null && o.auctioneer !== undefined ? [" · ", tx("auctioneer", { name: seatName(o.auctioneer) })] : null),
      a
        ? h(
            "div",
            { class: "as-lot", "data-testid": "as-lot" },
            lot ? cardNode(lot, { testid: "as-lot-card" }) : h("strong", {}, itemName(a.lot)),
            h(
              "div",
              { class: "as-lot-bids" },
              h("p", {}, a.high ? tx("high_bid", { money: francs(a.high), name: seatName(a.leader) }) : tx("no_bid_yet")),
              h("p", { class: "muted" }, tx("commission", { percent: a.commission })),
              h("p", { class: "muted" }, tx("still_in", { names: (a.active || []).map((on, p) => (on && a.eligible[p] ? seatName(p) : null)).filter(Boolean).join(tx("list_join")) })),
            ),
          )
        : null,
      o.withdrawn?.length ? h("p", { class: "muted" }, tx("withdrawn", { cards: o.withdrawn.map(cardName).join(tx("list_join")) })) : null,
    );
  }

  function drawTote() {
    const o = obs();
    const runners = (o.runners || []).flatMap((list, p) => list.map((n) => ({ id: `h${n}`, owner: p })));
    const slips = o.totalisator || [];
    const shown = runners.length > 0 || slips.length > 0;
    tote.hidden = !shown;
    if (!shown) return;
    runners.sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
    const tickets = boardData.tickets_per_horse;
    const favourites = new Set((o.favourites || []).filter(Boolean));
    const total = slips.reduce((sum, x) => sum + (x.stake || 0), 0);
    const rows = runners.map(({ id, owner }) => {
      const on = slips.filter((x) => x.horses?.[0] === id);
      const cells = [];
      for (let i = 0; i < tickets; i += 1) {
        const slip = on[i];
        cells.push(h("td", { class: "as-ticket" + (slip ? " taken" : "") }, slip ? [h("span", { class: "as-seat-dot", style: `background:${seatColour(slip.player)}` }, String(slip.player + 1)), ` ${francs(slip.stake)}`] : ""));
      }
      const sum = on.reduce((acc, x) => acc + (x.stake || 0), 0);
      return h(
        "tr",
        { class: o.called === id ? "called" : "", "data-horse": id },
        h("th", { scope: "row" }, chip(id, { small: true }), " ", horseName(id), favourites.has(id) ? h("span", { class: "as-fav", title: tx("favourite") }, " ★") : null),
        h("td", {}, seatName(owner)),
        cells,
        h("td", { class: "num" }, sum ? francs(sum) : "—"),
      );
    });
    const head = h("tr", {}, h("th", { scope: "col" }, tx("tote_horse")), h("th", { scope: "col" }, tx("tote_owner")), Array.from({ length: tickets }, (_, i) => h("th", { scope: "col" }, tx("ticket_n", { n: i + 1 }))), h("th", { scope: "col" }, tx("tote_total")));
    fill(
      tote,
      h("h3", {}, tx("tote_title")),
      h("table", { class: "as-tote-table" }, h("thead", {}, head), h("tbody", {}, rows)),
      h("p", { class: "as-pool", "data-testid": "as-pool" }, tx("pool", { money: francs(total) })),
      h("p", { class: "muted small" }, tx("tote_rule")),
    );
  }

  function drawSeats() {
    const o = obs();
    const members = new Set(o.members || []);
    const c = msg.context || {};
    const acting = new Set(c.over ? [] : c.chance ? [c.chance_roller] : c.to_act || []);
    const rows = o.money.map((money, p) => {
      const handOf = o.hands[p];
      const hidden = Array.isArray(handOf) ? 0 : handOf.cards;
      const open = Array.isArray(handOf) ? handOf : handOf.open || [];
      const owned = [...new Set([...open, ...(o.bought[p] || [])])];
      const reports = Array.isArray(o.reports?.[p]) ? o.reports[p].length : o.reports?.[p] || 0;
      const adv = o.race?.advantages?.[p] || {};
      const dis = o.race?.disadvantages?.[p] || 0;
      return h(
        "tr",
        { class: (acting.has(p) ? "acting" : "") + (p === viewer() ? " mine" : ""), "data-testid": `as-seat-${p}` },
        h("th", { scope: "row" }, h("span", { class: "as-seat-dot", style: `background:${seatColour(p)}` }, String(p + 1)), " ", seatName(p), members.has(p) ? h("span", { class: "as-badge", title: tx("member") }, tx("member_short")) : null),
        h("td", { class: "num", "data-testid": `as-money-${p}` }, francs(money)),
        h(
          "td",
          { class: "as-owned" },
          owned.map((id) => (horses.has(id) ? chip(id, { small: true }) : h("span", { class: "as-biz", title: cardName(id) }, cardName(id)))),
          hidden ? h("span", { class: "muted" }, ` ${tx("hidden_cards", { n: hidden })}`) : null,
        ),
        h("td", {}, reports ? tx("reports_n", { n: reports }) : ""),
        h("td", {}, Object.entries(adv).filter(([, n]) => n > 0).map(([colour, n]) => smallCards(n, 0, colour)), smallCards(0, dis)),
      );
    });
    fill(
      seats,
      h("h3", {}, tx("seats_title")),
      h(
        "table",
        { class: "as-seats-table" },
        h("thead", {}, h("tr", {}, ["seat", "money", "owns", "reports", "small_cards"].map((k) => h("th", { scope: "col" }, tx(`col.${k}`))))),
        h("tbody", {}, rows),
      ),
    );
  }

  // -- the whole board --------------------------------------------------------------------------------

  function drawTitles() {
    raceTitle.textContent = tx("race_title");
    loopTitle.textContent = tx("loop_title");
    raceSvg.setAttribute("aria-label", tx("race_title"));
    loopSvg.setAttribute("aria-label", tx("loop_title"));
  }

  function arrangeBoards() {
    const now = stageOf(obs()?.phase);
    if (now === stage) return;
    stage = now;
    // The board of the moment first and unfolded; the other folded below it.
    const race = now === "race";
    raceBox.open = race;
    loopBox.open = !race;
    fill(boards, race ? [raceBox, loopBox] : [loopBox, raceBox]);
  }

  function drawAll() {
    if (!msg || !obs()) return;
    arrangeBoards();
    drawPrompt();
    drawRace();
    drawLoop();
    drawHand();
    drawMarket();
    drawTote();
    drawSeats();
  }

  function update(stateMessage, events = []) {
    const before = msg;
    if (stateMessage?.version !== before?.version) {
      moved = stateMessage?.version > before?.version ? movedBy(stateMessage, before.observation) : [];
      slid = { race: false, loop: false };
    }
    msg = stateMessage;
    log = events;
    if (!before || before.version !== msg.version || before.seat !== msg.seat) {
      if (!raceChoices().has(selectedHorse)) selectedHorse = null;
      if (before?.observation?.phase !== obs()?.phase) amountChoice = null;
    }
    drawAll();
    // The throw chosen in training is made at once: one click for the player's gesture.
    if (rollFollows !== null && rollFollows === msg.seat && interactive && msg.can_roll && obs()?.phase === "dice") {
      rollFollows = null;
      roll();
    } else if (rollFollows !== null && (rollFollows !== msg.seat || (!msg.can_roll && moves().length))) rollFollows = null;
  }

  function setLang(newLang, newT) {
    lang = newLang;
    if (newT) t = newT;
    drawTitles();
    drawRaceStatic();
    drawLoopStatic();
    drawAll();
  }

  function statusLine(stateMessage = msg) {
    const o = stateMessage?.observation;
    if (!o) return "";
    return tx("status", { phase: t(`ascot.phase.${o.phase}`) });
  }

  function handleKey(event) {
    if (!interactive || !msg || event.ctrlKey || event.metaKey || event.altKey) return false;
    if ((event.key === "r" || event.key === "R") && msg.can_roll) {
      roll();
      return true;
    }
    return false;
  }

  drawTitles();
  drawRaceStatic();
  drawLoopStatic();

  return {
    update,
    setLang,
    statusLine,
    handleKey,
    destroy() {
      container.replaceChildren();
    },
  };
}
