// Win, Place & Show's board: the oval of five lanes in SVG (drawn from the engine's lane-track
// geometry, GET /api/games/win_place_show/board), the passing spaces, the finish line and the horses;
// the program sheet of the race with owners and odds; the sale, the betting slip, the dice, and the
// squares the horse in turn may reach (the observation's `destinations`, computed by the rules).
// Every choice is one of the legal actions the server typed: this module holds no rule. An amount
// (a written bid, a tie bid, a stake) is entered in a number field with a stepper that moves from
// one legal amount to the next; the confirm button sends the legal action of that amount, and stays
// disabled while the field holds an amount no legal action has.

import { fill, h, legalMoves, moveLabel, s, seatColour } from "/static/js/dom.js";
import { createSlides, laneTrackPath } from "/static/js/motion.js";

const SCALE = 22;
/** The kinds of legal action that differ only by an amount, and the arg that holds it. */
const AMOUNT_ARG = { sheet: "amount", place_bet: "stake", bid: "amount" };
const HORSE_COLOURS = ["#c62828", "#f5f5f5", "#1565c0", "#f9a825", "#2e7d32", "#212121"];
const HORSE_TEXT = ["#fff", "#111", "#fff", "#111", "#fff", "#fff"];

export function createBoard(container, { boardData, t, lang = "en", send = null, readOnly = false }) {
  const root = h("div", { class: "wps-board" });
  const track = h("div", { class: "wps-track" });
  const side = h("div", { class: "wps-side" });
  root.append(track, side);
  fill(container, root);
  let msg = null;
  let typed = null; // the amount being entered ({key, value}), kept when another seat's move redraws the board
  let amountBox = null; // the amount control drawn ({sig, node, input}), kept while the same amounts are legal
  let moves = []; // the horses moved in the last change, in order: {horse, from, to} (cells)
  let slid = true; // whether the last change's moves were slid along already
  const slides = createSlides();
  const cellIndex = new Map(boardData.cells.map((c, i) => [`${c.lane}-${c.square}`, i]));
  const spaces = new Set(boardData.passing_spaces);
  const finish = new Set(boardData.finish);
  const geo = boardData.geometry;
  const [x0, y0, x1, y1] = geo.bounds;

  const act = (notation) => {
    if (!readOnly && send) send({ type: "act", action: notation });
  };

  function drawTrack(obs, moves) {
    const rides = new Map();
    for (const m of moves) if (m.kind === "ride" && m.args.cell !== "home") rides.set(cellIndex.get(m.args.cell), m);
    const svg = s("svg", {
      class: "wps-oval",
      viewBox: `${x0 * SCALE - 4} ${y0 * SCALE - 4} ${(x1 - x0) * SCALE + 8} ${(y1 - y0) * SCALE + 8}`,
      role: "img",
      "aria-label": t("web.win_place_show.track_title"),
    });
    geo.cells.forEach((cell, i) => {
      const points = cell.points.map(([x, y]) => `${(x * SCALE).toFixed(1)},${(y * SCALE).toFixed(1)}`).join(" ");
      const classes = ["wps-cell", cell.segment % 2 ? "wps-turn" : (cell.offset % 2 ? "wps-dark" : "wps-light")];
      if (finish.has(i)) classes.push("wps-finish");
      const ride = rides.get(i);
      if (ride) classes.push("wps-target");
      const attrs = { points, class: classes.join(" "), "data-cell": `${cell.lane + 1}-${cell.index + 1}` };
      if (ride) Object.assign(attrs, { "data-testid": "wps-target", "data-action": ride.notation });
      const poly = s("polygon", attrs);
      if (ride && !readOnly) poly.addEventListener("click", () => act(ride.notation));
      svg.append(poly);
      if (spaces.has(i)) {
        const [cx, cy] = cell.centre;
        svg.append(s("circle", { cx: cx * SCALE, cy: cy * SCALE, r: 2.5, class: "wps-space" }));
      }
    });
    const horses = s("g", { class: "wps-horses" });
    for (const horse of obs.horses) {
      if (horse.cell === null) continue;
      const n = horse.number - 1;
      const g = s("g", { class: "wps-horse" + (obs.moving === horse.id ? " wps-moving" : ""), "data-horse": horse.id, transform: placed(horse.cell) });
      g.append(s("circle", { r: 9, fill: HORSE_COLOURS[n], stroke: horse.owner === null ? "#777" : seatColour(horse.owner) }));
      g.append(s("text", { y: 4, fill: HORSE_TEXT[n], "text-anchor": "middle" }, String(horse.number)));
      horses.append(g);
    }
    svg.append(horses);
    slides.stop();
    fill(track, svg);
    slide(horses);
  }

  const centre = (cell) => geo.cells[cell].centre.map((v) => v * SCALE);
  /** §6: a horse changes lane only from a cell of a straight (« dans un virage il ne peut plus changer de ligne »). */
  const straight = (cell) => geo.segments[geo.cells[cell].segment].kind === "straight";
  const placed = (cell) => `translate(${centre(cell).map((v) => v.toFixed(1)).join(" ")})`;

  /** Slide each horse moved in the last change cell by cell, one after another as the rules move
   * them: a lane change first, de biais, then on along the lane (the way the board draws a move, the
   * engine's events naming only where it ended; issue 16, still under reduced motion, `motion.js`). */
  function slide(layer) {
    if (slid) return;
    slid = true;
    const runs = [];
    for (const { horse, from, to } of moves) {
      const element = layer.querySelector(`[data-horse="${horse}"]`);
      const cells = laneTrackPath(geo, from, to, { mayChange: straight });
      if (!element || !cells || cells.length < 2) continue;
      runs.push({ key: horse, element, points: cells.map(centre), cells: cells.map((c) => boardData.cells[c]).map((c) => `${c.lane}-${c.square}`) });
    }
    slides.play(layer, runs);
  }

  /** The horses a state message moved (its `horse_moved` events, where each ended), in order, each
   * from where the last state (or its move before) left it; none when the log came whole. */
  function movesOf(stateMessage, before) {
    if (!before || stateMessage.fullLog) return [];
    const at = new Map(before.horses.map((x) => [x.id, x.cell]));
    const found = [];
    for (const e of stateMessage.events || []) {
      if (e.key !== "win_place_show.horse_moved") continue;
      const { horse, lane, square } = e.params || {};
      const to = cellIndex.get(`${lane}-${square}`);
      const from = at.get(horse);
      if (to === undefined) continue;
      at.set(horse, to);
      if (from !== null && from !== undefined && from !== to) found.push({ horse, from, to });
    }
    return found;
  }

  function program(obs) {
    const race = boardData.races[obs.race - 1];
    const head = h("tr", {}, ...["number", "horse", "odds", "win", "place", "show", "speed", "klasse", "strengths", "bonus", "jockey", "owner", "where"].map((k) => h("th", { title: ["win", "place", "show"].includes(k) ? t("web.win_place_show.tote") : null }, t(`web.win_place_show.col_${k}`))));
    const rows = race.horses.map((horse, i) => {
      const seen = obs.horses[i];
      const where = seen.home ? t("web.win_place_show.home") : t("web.win_place_show.where", { lane: seen.lane, square: seen.square });
      return h(
        "tr",
        { class: obs.moving === horse.id ? "wps-moving-row" : "" },
        h("td", {}, String(horse.number)),
        h("td", {}, horse.name),
        h("td", {}, `${horse.odds}-1`),
        // The tote board (D3): what $1,000 on the horse brings back, stake included.
        ...["win", "place", "show"].map((k) => h("td", { class: "wps-price" }, `$${horse.prices[k]}`)),
        h("td", {}, String(horse.speed)),
        h("td", {}, String(horse.klasse)),
        h("td", {}, horse.strengths.join(" ")),
        h("td", {}, String(horse.bonus)),
        h("td", {}, t(`web.win_place_show.${horse.jockey}`)),
        h("td", {}, seen.owner === null ? "-" : (msg.seats?.[seen.owner]?.name || `#${seen.owner + 1}`) + (seen.jockey === null || seen.jockey === undefined ? "" : ` (${t("web.win_place_show.jockey", { name: msg.seats?.[seen.jockey]?.name || `#${seen.jockey + 1}` })})`)),
        h("td", {}, where),
      );
    });
    return h(
      "section",
      { class: "wps-program" },
      h("h3", {}, t("web.win_place_show.race", { race: race.number, miles: race.miles, purse: race.purse })),
      h("table", {}, h("thead", {}, head), h("tbody", {}, ...rows)),
    );
  }

  function choices(obs, moves) {
    const offered = moves.filter((m) => m.kind !== "ride" || m.args.cell === "home");
    if (!readOnly && send && msg.can_roll) {
      const roll = h("button", { type: "button", class: "primary", "data-testid": "roll-button", onclick: () => send({ type: "roll" }) }, t("web.win_place_show.roll"));
      return h("section", { class: "wps-actions" }, h("h3", {}, t(`web.win_place_show.phase_${obs.phase}`)), roll);
    }
    if (!offered.length) return null;
    const title = obs.total !== null ? t("web.win_place_show.to_move", { total: obs.total }) : t(`web.win_place_show.phase_${obs.phase}`);
    const byAmount = offered.filter((m) => m.kind in AMOUNT_ARG);
    const list = h("div", { class: "wps-choices" });
    for (const m of offered.filter((x) => !(x.kind in AMOUNT_ARG))) {
      list.append(h("button", { type: "button", "data-testid": "wps-choice", "data-action": m.notation, onclick: () => act(m.notation) }, moveLabel(m, lang)));
    }
    return h("section", { class: "wps-actions" }, h("h3", {}, title), claimWindow(obs), ruling(obs), amountEntry(byAmount), list);
  }

  // A number field for the legal actions that differ only by their amount: the stepper goes from one
  // legal amount to the next, and only an amount a legal action has can be confirmed.
  function amountEntry(moves) {
    if (!moves.length) return null;
    const arg = AMOUNT_ARG[moves[0].kind];
    const byValue = new Map(moves.map((m) => [Number(m.args[arg]), m]));
    const { [arg]: _amount, ...what } = moves[0].args;
    const key = `${moves[0].kind} ${JSON.stringify(what)}`;
    const values = [...byValue.keys()].sort((a, b) => a - b);
    const sig = `${key} ${lang} ${values.join(",")}`;
    if (amountBox && amountBox.sig === sig) return amountBox.node;
    const step = values.length > 1 ? values[1] - values[0] : 1;
    const input = h("input", {
      type: "number",
      "data-testid": "wps-amount",
      min: values[0],
      max: values[values.length - 1],
      step,
      value: typed && typed.key === key ? typed.value : values[0],
      "aria-label": t("web.win_place_show.amount"),
    });
    const label = h("span", { class: "wps-amount-label" });
    const confirm = h("button", { type: "button", class: "primary", "data-testid": "wps-amount-confirm" }, t("web.win_place_show.confirm"));
    const chosen = () => byValue.get(Number(input.value));
    const refresh = () => {
      typed = { key, value: input.value };
      const m = chosen();
      confirm.disabled = !m;
      label.textContent = m ? moveLabel(m, lang) : "";
      if (m) confirm.dataset.action = m.notation;
      else delete confirm.dataset.action;
    };
    const move = (dir) => {
      const now = Number(input.value);
      const next = dir > 0 ? values.find((v) => v > now) : [...values].reverse().find((v) => v < now);
      if (next !== undefined) input.value = String(next);
      refresh();
    };
    input.addEventListener("input", refresh);
    confirm.addEventListener("click", () => {
      const m = chosen();
      if (m) act(m.notation);
    });
    const down = h("button", { type: "button", "data-testid": "wps-amount-down", "aria-label": "-", onclick: () => move(-1) }, "−");
    const up = h("button", { type: "button", "data-testid": "wps-amount-up", "aria-label": "+", onclick: () => move(1) }, "+");
    refresh();
    const node = h("div", { class: "wps-amount" }, down, input, up, confirm, label);
    amountBox = { sig, node, input };
    return node;
  }

  // The move a claim may be made against (§8, D21): where the horse went, and the best it could reach.
  function claimWindow(obs) {
    const w = obs.window;
    if (!w) return null;
    const faults = w.faults.map((f) => t(`win_place_show.fault.${f}`)).join(", ");
    return h("p", { class: "wps-ruling", "data-testid": "wps-window" }, t("web.win_place_show.window", { horse: horseName(obs, w.horse), went: spot(w.went), best: spot(w.best), lost: w.lost, faults }));
  }

  // A square as the observation names it ("3-41", or "home"), in the player's words.
  function spot(name) {
    if (name === "home") return t("web.win_place_show.finish_line");
    const [lane, square] = name.split("-");
    return t("web.win_place_show.where", { lane, square });
  }

  // What a steward seat rules on (D27): the horse, its owner, the claimants and the moves below its best.
  function ruling(obs) {
    const r = obs.ruling;
    if (!r) return null;
    const name = (p) => msg.seats?.[p]?.name || `#${p + 1}`;
    const moves = r.moves.map(([went, best]) => t("web.win_place_show.ruling_move", { went: spot(went), best: spot(best) })).join("; ");
    const claims = r.claims.map(([p, fault]) => t("web.win_place_show.ruling_claim", { player: name(p), fault: t(`win_place_show.fault.${fault}`) })).join("; ");
    return h("p", { class: "wps-ruling", "data-testid": "wps-ruling" }, t("web.win_place_show.ruling", { horse: horseName(obs, r.horse), owner: name(r.owner), claimants: claims, moves }));
  }

  function horseName(obs, id) {
    const horse = boardData.races[obs.race - 1].horses.find((x) => x.id === id);
    return horse ? horse.name : id;
  }

  function standings(obs) {
    const items = obs.money.map((m, p) => h("li", { style: `border-color:${seatColour(p)}` }, `${msg.seats?.[p]?.name || `#${p + 1}`}: $${m}` + (obs.out[p] ? ` (${t("web.win_place_show.out")})` : "")));
    const results = obs.results.map((order, r) => h("li", {}, t("web.win_place_show.result", { race: r + 1, order: order.map((id) => boardData.races[r].horses.find((x) => x.id === id).name).join(", ") })));
    const dice = obs.dice ? h("p", { class: "wps-dice" }, t("web.win_place_show.dice", { white: obs.dice[0], other: obs.dice[1], turn: obs.turn })) : null;
    const steward = obs.steward === null || obs.steward === undefined ? null : h("p", { class: "wps-steward" }, t("web.win_place_show.steward", { name: msg.seats?.[obs.steward]?.name || `#${obs.steward + 1}` }));
    return h("section", { class: "wps-standings" }, dice, steward, h("ul", {}, ...items), h("ol", {}, ...results));
  }

  function draw() {
    if (!msg) return;
    const obs = msg.observation;
    const moves = readOnly || !send ? [] : legalMoves(msg);
    drawTrack(obs, moves);
    const focused = amountBox && amountBox.node.contains(document.activeElement) ? document.activeElement : null;
    fill(side, program(obs), choices(obs, moves), standings(obs));
    if (focused && focused.isConnected) focused.focus(); // another seat's move does not take the field away
  }

  return {
    update(stateMessage) {
      if (stateMessage?.version !== msg?.version) {
        moves = stateMessage?.version > msg?.version ? movesOf(stateMessage, msg.observation) : [];
        slid = false;
      }
      msg = stateMessage;
      draw();
    },
    setLang(newLang, newT) {
      lang = newLang;
      if (newT) t = newT;
      draw();
    },
    statusLine(stateMessage) {
      const obs = stateMessage?.observation;
      return obs ? t("web.win_place_show.status", { race: obs.race, races: obs.races, phase: t(`web.win_place_show.phase_${obs.phase}`) }) : "";
    },
  };
}
