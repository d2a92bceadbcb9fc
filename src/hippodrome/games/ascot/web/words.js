// Ascot's board, what every part of it reads: the names of the horses, the cards, the reports and the
// seats in the player's words (never an id), the sums in francs (`kit/money.js`), the observation and
// the seat's legal moves, and the small pieces drawn everywhere (a horse's chip, a choice button).
// One context object, made once per board (`createContext`), always reading the shell's current state.

import { h, legalMoves, s, seatColour } from "/static/js/dom.js";
import { actionButton, activate } from "/static/js/kit/action.js";
import { inkOn } from "/static/js/kit/colour.js";
import { formatMoney } from "/static/js/kit/money.js";

export const HORSE_FILL = { black: "#1d1d1d", red: "#c62828", yellow: "#f2c200", blue: "#1e5bc6" };
export const CELL_FILL = { K: "#1d1d1d", R: "#c62828", Y: "#f2c200", B: "#1e5bc6" };
export const CODE_COLOUR = { K: "black", R: "red", Y: "yellow", B: "blue" };
const RACE_PHASES = new Set(["race", "roll", "move", "colour", "lane", "over"]);
const MARKET_PHASES = new Set(["deal", "exchange", "discard", "auction"]);

/**
 * The choices a seat makes on the board before they make an action: the horse chosen, the offer being
 * written (to whom, what is given, what is asked for, the price), what the amount pickers' lists remember (a bet's
 * stake, a bid). All new for another seat: on a shared device nothing one seat chose shows to the next.
 */
export function freshChoices() {
  return {
    selectedHorse: null,
    trade: { to: null, give: null, ask: null, price: null },
    bidMemory: {},
    betMemory: {},
  };
}

/**
 * The board's context: the shell, the static material, the words and the reading of the state.
 * @param {import("/static/js/kit/shell.js").Shell} shell
 */
export function createContext(shell) {
  const bd = shell.boardData;
  const horses = new Map(bd.horses.map((x) => [x.id, x]));
  const cards = new Map(bd.cards.map((c) => [c.id, c]));
  const ctx = {
    shell,
    bd,
    horses,
    cards,
    /** What the player chose on the board that is not yet an action (kept across redraws). */
    state: { ...freshChoices(), rollFollows: null, wholeCourse: false },
    get lang() {
      return shell.lang;
    },
    t: (key, params) => shell.t(key, params),
    tx: (key, params) => shell.t(`web.ascot.${key}`, params),
    francs: (amount) => formatMoney(amount, { currency: "franc", lang: shell.lang }),
    seatName: shell.seatName,
    horseName: (id) => shell.t(`ascot.horse.${id}`),
    cardName: (id) => shell.t(`ascot.card.${id}`),
    colourName: (colour) => shell.t(`ascot.colour.${colour}`),
    obs: () => shell.obs,
    moves: () => (shell.interactive && shell.msg ? legalMoves(shell.msg) : []),
    movesOf: (kind) => ctx.moves().filter((m) => m.kind === kind),
    viewer: () => (Number.isInteger(shell.obs?.viewer) ? shell.obs.viewer : null),
    /** The label the server gives a legal action, in the player's language. */
    label: (m) => m.label?.[shell.lang] || m.label?.en || "",
  };

  /** A trainer's or vet's report by its item ("walroy:3"), or null. */
  ctx.report = (item) => {
    const [deck, index] = String(item).split(":");
    return bd.reports[deck]?.[Number(index)] || null;
  };
  /** A card or a report, by name: a report of a deck the player cannot see is "a report". */
  ctx.itemName = (item) => {
    if (!String(item).includes(":")) return ctx.cardName(item);
    const r = ctx.report(item);
    const deck = String(item).split(":")[0];
    return r ? r[shell.lang] || r.en : ctx.tx("a_report", { deck: ctx.tx(`deck.${deck}`) });
  };
  ctx.ownerOf = (horseId) => {
    const o = shell.obs;
    if (!o) return null;
    for (let p = 0; p < o.money.length; p += 1) {
      if ((o.bought[p] || []).includes(horseId)) return p;
      if (Array.isArray(o.hands[p]) && o.hands[p].includes(horseId)) return p;
    }
    return null;
  };
  ctx.stageOf = (phase) => {
    if (RACE_PHASES.has(phase)) return "race";
    if (MARKET_PHASES.has(phase)) return "market";
    return "training";
  };
  ctx.isRacePhase = (phase) => RACE_PHASES.has(phase);
  ctx.isMarketPhase = (phase) => MARKET_PHASES.has(phase);
  /** The last event of `key` in the log (the training's dice are told, not kept in the view). */
  ctx.lastEvent = (key) => {
    const log = shell.log || [];
    for (let i = log.length - 1; i >= 0; i -= 1) if (log[i].key === key) return log[i];
    return null;
  };
  ctx.eventText = (event) => (event ? event.text?.[shell.lang] || event.text?.en || "" : "");
  ctx.list = (names) => names.join(ctx.tx("list_join"));

  /** A horse's round chip: its number on its colour, named in full for a reader. */
  ctx.chip = (id, { small = false } = {}) => {
    const colour = horses.get(id)?.colour || "black";
    return h(
      "span",
      {
        class: `as-chip${small ? " small" : ""}`,
        style: `background:${HORSE_FILL[colour]};color:${inkOn(HORSE_FILL[colour])}`,
        title: ctx.cardName(id),
        "aria-hidden": "true",
      },
      id.slice(1),
    );
  };
  /** A button that plays a legal action (`data-action` its notation, the text in words). */
  ctx.choice = (text, notation, { cls = "", testid = "as-choice", title = null } = {}) =>
    actionButton(text, notation, { act: shell.act, cls: `as-choice ${cls}`, testid, attrs: { title } });
  /** The small cards: "+2" advantages of a colour, "−1" disadvantages, each with its meaning. */
  ctx.smallCards = (advantages, disadvantages, colour = null) => {
    const bits = [];
    if (colour && advantages) {
      const title = ctx.tx("advantages_n", { n: advantages, colour: ctx.colourName(colour) });
      bits.push(h("span", { class: `as-small adv ${colour}`, title }, `+${advantages}`));
    }
    if (disadvantages) {
      const title = ctx.tx("disadvantages_n", { n: disadvantages });
      bits.push(h("span", { class: "as-small dis", title }, `−${disadvantages}`));
    }
    return bits;
  };
  return ctx;
}

/**
 * A horse's pawn (an SVG group placed by `translate`, as `kit/motion.js` slides it).
 * @param {object} ctx   the board's context (`words.js`)
 */
export function pawn(ctx, id, x, y, r, opts = {}) {
  const { mine = false, movable = false, selected = false, favourite = false, fallen = false, onClick = null } = opts;
  const info = ctx.horses.get(id);
  const owner = ctx.ownerOf(id);
  const classes = ["as-pawn"];
  if (movable) classes.push("movable");
  if (selected) classes.push("selected");
  if (fallen) classes.push("fallen");
  if (mine) classes.push("mine");
  const label = [ctx.cardName(id)];
  if (owner !== null) label.push(ctx.tx("owned_by", { name: ctx.seatName(owner) }));
  if (favourite) label.push(ctx.tx("favourite"));
  if (fallen) label.push(ctx.tx("fallen"));
  const g = s(
    "g",
    { class: classes.join(" "), transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, "data-horse": id },
    s("title", {}, label.join(" · ")),
  );
  if (movable) g.append(s("circle", { class: "as-pawn-ring", r: r + 5 }));
  g.append(
    s("circle", {
      class: "as-pawn-body",
      r,
      fill: HORSE_FILL[info.colour],
      stroke: owner === null ? "#fff" : seatColour(owner),
    }),
    s("text", { class: "as-pawn-num", y: 1, fill: inkOn(HORSE_FILL[info.colour]), "font-size": r * 1.15 }, id.slice(1)),
  );
  if (favourite) g.append(s("text", { class: "as-pawn-star", x: r * 0.85, y: -r * 0.75, "font-size": r }, "★"));
  if (fallen) g.append(s("text", { class: "as-pawn-fall", x: -r * 0.9, y: -r * 0.7, "font-size": r }, "!"));
  if (onClick) {
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    g.setAttribute("aria-label", ctx.tx("choose_horse", { horse: ctx.horseName(id) }));
    activate(g, onClick);
  }
  return g;
}
