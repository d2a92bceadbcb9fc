// The auction panel: one lot under the hammer, drawn from the engine's auction view
// (`hippodrome.engine.auction.Auction.view(viewer)`): the lot, the highest bid and who holds it, whose
// turn it is (open bidding round the table) or who still has to write (sealed bids), the auctioneer's
// commission, and the seat's legal bids and pass through the one amount picker (`picker.js`).
// The game names the lot and the seats; the panel holds no game's words and no rule: every bid it
// offers is one of the legal actions the server typed (`{kind, args, notation, label}`).

import { h } from "/static/js/dom.js";
import { actionButton } from "./action.js";
import { formatMoney } from "./money.js";
import { amountPicker } from "./picker.js";

/**
 * @typedef {object} AuctionView   the engine's `Auction.view(viewer)` (JSON)
 * @property {string} lot                 what is sold, as the game names it internally (never shown)
 * @property {number} floor               the opening bid
 * @property {number} increment           each raise's step
 * @property {"open"|"sealed"|"lot"|"closed"} stage
 * @property {number} high                the highest bid so far (0: none)
 * @property {number|null} leader         who holds it (null or -1: nobody)
 * @property {number|null} bidder         whose turn it is in open bidding
 * @property {boolean[]} [eligible]       who may bid at all
 * @property {boolean[]|null} [active]    open: who is still in
 * @property {Array<number|boolean|null>|null} [sealed_bids]  sealed: the viewer's own bid (a number,
 *   null until written), the others' only as true (written) or false (not yet)
 * @property {number[]} [tied]            seats tied at the top of a sealed auction
 * @property {number|null} [auctioneer]   the seat taking the commission (null or -1: none)
 * @property {number} [commission]        percent of the price the buyer pays on top
 * @property {number} [rounding]          the commission rounded to the nearest multiple of this
 * @property {number|null} [winner]
 * @property {number} [price]
 * @property {number[]} to_act            the seats who act now
 * @property {number|null} minimum        the least bid allowed now (null once closed)
 */

/**
 * @typedef {object} LegalMove     a legal action as the server types it
 * @property {string} kind
 * @property {object} args
 * @property {string} notation
 */

/**
 * @typedef {object} AuctionMoves  the seat's legal auction moves, sorted for the picker
 * @property {Array<{notation: string, amount: number}>} bids   raises (open) or written bids (sealed)
 * @property {LegalMove|null} pass   "pass" (open) or the sealed bid of 0 ("no bid")
 * @property {boolean} sealed        the bids are sealed ones
 */

/** The panel's own words, English and French (a game may override any of them with `words`). */
export const AUCTION_WORDS = {
  en: {
    title: "Under the hammer",
    high: "Highest bid: {money}, {name}",
    noBid: "No bid yet: the opening bid is {money}",
    step: "Raises of {money}",
    turn: "{name} to bid",
    yourTurn: "Your turn to bid",
    toWrite: "Still to write their bid: {names}",
    written: "Your sealed bid: {money}",
    writtenNone: "You wrote no bid",
    stillIn: "Still bidding: {names}",
    tied: "Tied at {money}: {names} bid again",
    commission: "{percent}% commission on top of the price, to {name}",
    commissionNobody: "{percent}% commission on top of the price",
    cost: "A bid of {money} costs you {cost}",
    sold: "Sold to {name} for {money}",
    unsold: "Not sold",
    bid: "Bid {money}",
    seal: "Write {money}",
    other: "Bid",
    otherSeal: "Write",
    otherLabel: "Another amount",
    pass: "Pass",
    noSeal: "No bid",
    join: ", ",
  },
  fr: {
    title: "Aux enchères",
    high: "Meilleure offre : {money}, {name}",
    noBid: "Pas encore d’offre : mise à prix {money}",
    step: "Par paliers de {money}",
    turn: "À {name} d’enchérir",
    yourTurn: "À vous d’enchérir",
    toWrite: "Doivent encore écrire leur offre : {names}",
    written: "Votre offre sous pli : {money}",
    writtenNone: "Vous n’avez pas fait d’offre",
    stillIn: "Encore en lice : {names}",
    tied: "Ex æquo à {money} : {names} enchérissent de nouveau",
    commission: "Commission de {percent} % en sus du prix, pour {name}",
    commissionNobody: "Commission de {percent} % en sus du prix",
    cost: "Une offre de {money} vous coûte {cost}",
    sold: "Adjugé à {name} pour {money}",
    unsold: "Invendu",
    bid: "Offrir {money}",
    seal: "Écrire {money}",
    other: "Offrir",
    otherSeal: "Écrire",
    otherLabel: "Un autre montant",
    pass: "Passer",
    noSeal: "Pas d’offre",
    join: ", ",
  },
};

const isSeat = (p) => Number.isInteger(p) && p >= 0;

function fillIn(text, params) {
  return text.replace(/\{(\w+)\}/g, (all, key) => (key in params ? String(params[key]) : all));
}

/**
 * What a bid of `amount` costs its buyer: the price and the auctioneer's commission, rounded as the
 * engine rounds it (`commission_on`: to the nearest multiple of `rounding`, half up).
 * @param {AuctionView} view
 * @param {number} amount
 * @returns {number}
 */
export function auctionCost(view, amount) {
  const percent = view.commission || 0;
  if (!percent) return amount;
  const rounding = view.rounding || 1;
  return amount + Math.floor((amount * percent * 2 + 100 * rounding) / (200 * rounding)) * rounding;
}

/**
 * The seat's legal auction moves among `moves`: the bids (kind "bid", or "sealed_bid" above 0) sorted
 * by amount, and the pass (kind "pass", or the sealed bid of 0).
 * @param {LegalMove[]} moves
 * @returns {AuctionMoves}
 */
export function auctionMoves(moves) {
  const bids = [];
  let pass = null;
  let sealed = false;
  for (const m of moves) {
    if (m.kind === "bid") bids.push({ notation: m.notation, amount: Number(m.args.amount) });
    else if (m.kind === "sealed_bid") {
      sealed = true;
      if (Number(m.args.amount) > 0) bids.push({ notation: m.notation, amount: Number(m.args.amount) });
      else pass = m;
    } else if (m.kind === "pass") pass = m;
  }
  bids.sort((a, b) => a.amount - b.amount);
  return { bids, pass, sealed };
}

/**
 * The panel's words in `lang`, with `words` overriding any of them, as a function `(key, params)`.
 * @param {string} lang
 * @param {object} [words]
 * @returns {(key: string, params?: object) => string}
 */
export function auctionWords(lang, words = {}) {
  const base = AUCTION_WORDS[lang] || AUCTION_WORDS.en;
  return (key, params = {}) => fillIn(words[key] ?? base[key] ?? key, params);
}

/**
 * The lines that tell where the bidding stands: the highest bid and its holder (or the opening bid),
 * whose turn it is or who still has to write, who is still in, a tie, the commission, the sale.
 * Each line is a `<p>` with `data-part` = high | turn | in | tied | sealed | commission | result.
 *
 * @param {AuctionView} view
 * @param {object} how
 * @param {(seat: number) => string} how.seatName   the game's name for a seat
 * @param {number|null} [how.viewer]                the seat looking (null: a spectator)
 * @param {string} [how.lang]
 * @param {"franc"|"dollar"|"points"|null} [how.currency]
 * @param {object} [how.words]                      overrides of `AUCTION_WORDS[lang]`
 * @returns {HTMLElement}
 */
export function auctionStatus(view, { seatName, viewer = null, lang = "en", currency = null, words = {} }) {
  const w = auctionWords(lang, words);
  const money = (n) => formatMoney(n, { currency, lang });
  const names = (seats) => seats.map(seatName).join(w("join"));
  const line = (part, text, cls = "") => h("p", { class: `kit-auction-line ${cls}`.trim(), "data-part": part }, text);
  const lines = [];
  const closed = view.stage === "closed";
  if (closed) {
    lines.push(
      isSeat(view.winner)
        ? line("result", w("sold", { name: seatName(view.winner), money: money(view.price) }), "strong")
        : line("result", w("unsold")),
    );
    return h("div", { class: "kit-auction-status" }, lines);
  }
  const sealedNow = view.stage === "sealed";
  if (!sealedNow) {
    lines.push(
      isSeat(view.leader)
        ? line("high", w("high", { money: money(view.high), name: seatName(view.leader) }), "strong")
        : line("high", w("noBid", { money: money(view.minimum ?? view.floor) }), "strong"),
    );
  }
  const acting = (view.to_act || []).filter(isSeat);
  if (sealedNow) {
    const own = isSeat(viewer) ? view.sealed_bids?.[viewer] : undefined;
    if (typeof own === "number")
      lines.push(line("sealed", own > 0 ? w("written", { money: money(own) }) : w("writtenNone")));
    if (acting.length) lines.push(line("turn", w("toWrite", { names: names(acting) })));
  } else if (view.stage === "open" && acting.length) {
    lines.push(line("turn", acting.includes(viewer) ? w("yourTurn") : w("turn", { name: names(acting) }), "turn"));
  }
  if (view.tied?.length) lines.push(line("tied", w("tied", { money: money(view.high), names: names(view.tied) })));
  const still = (view.active || []).map((on, p) => (on && view.eligible?.[p] !== false ? p : null)).filter(isSeat);
  if (!sealedNow && view.active && still.length) lines.push(line("in", w("stillIn", { names: names(still) }), "muted"));
  if (view.commission) {
    const text = isSeat(view.auctioneer)
      ? w("commission", { percent: view.commission, name: seatName(view.auctioneer) })
      : w("commissionNobody", { percent: view.commission });
    lines.push(line("commission", text, "muted"));
  }
  return h("div", { class: "kit-auction-status" }, lines);
}

/**
 * The seat's bidding controls: its legal bids through `amountPicker` (the lowest as buttons, the
 * rest in a list) and its pass, each carrying `data-action`. Null when the seat has no auction move.
 * With a commission, a line tells what the lowest bid costs in all.
 *
 * Test ids: `${testid}` on the quick bids (with `-select`, `-other`), `${testid}-pass` on the pass.
 *
 * @param {LegalMove[]} moves                 the seat's legal moves (others are ignored)
 * @param {object} how
 * @param {(notation: string) => void} how.act
 * @param {AuctionView} [how.view]            to tell the cost with the commission
 * @param {string} [how.lang]
 * @param {"franc"|"dollar"|"points"|null} [how.currency]
 * @param {object} [how.words]
 * @param {string} [how.testid]               default "auction-bid"
 * @param {number} [how.quick]                amounts offered as buttons (default 3)
 * @param {{amount?: number}} [how.memory]    keeps the list's choice across redraws
 * @returns {HTMLElement|null}
 */
export function auctionControls(
  moves,
  { act, view = null, lang = "en", currency = null, words = {}, testid = "auction-bid", quick = 3, memory = {} },
) {
  const { bids, pass, sealed } = auctionMoves(moves);
  if (!bids.length && !pass) return null;
  const w = auctionWords(lang, words);
  const money = (n) => formatMoney(n, { currency, lang });
  const parts = [];
  if (bids.length) {
    parts.push(
      amountPicker(bids, {
        label: (n) => w(sealed ? "seal" : "bid", { money: money(n) }),
        option: money,
        other: w(sealed ? "otherSeal" : "other"),
        otherLabel: w("otherLabel"),
        act,
        testid,
        quick,
        memory,
      }),
    );
    if (view?.commission) {
      const low = bids[0].amount;
      parts.push(
        h(
          "p",
          { class: "kit-auction-cost muted", "data-part": "cost" },
          w("cost", { money: money(low), cost: money(auctionCost(view, low)) }),
        ),
      );
    }
  }
  if (pass) {
    parts.push(
      actionButton(w(sealed ? "noSeal" : "pass"), pass.notation, {
        act,
        cls: "kit-auction-pass",
        testid: `${testid}-pass`,
      }),
    );
  }
  return h("div", { class: "kit-auction-controls" }, parts);
}

/**
 * The whole auction panel: a title, the lot as the game names it (text or an element, e.g. a card
 * chip), where the bidding stands (`auctionStatus`) and, when the seat may act, its controls
 * (`auctionControls`). The panel carries `data-testid` = `testid` and `data-stage`.
 *
 * @param {AuctionView} view
 * @param {object} how
 * @param {string|Node} how.lot                      the lot, named by the game
 * @param {(seat: number) => string} how.seatName
 * @param {LegalMove[]} [how.moves]                  the seat's legal moves ([] for a spectator)
 * @param {(notation: string) => void} [how.act]
 * @param {number|null} [how.viewer]
 * @param {string} [how.lang]
 * @param {"franc"|"dollar"|"points"|null} [how.currency]
 * @param {object} [how.words]
 * @param {string} [how.title]                       overrides the panel's title ("": none)
 * @param {string} [how.testid]                      default "auction"
 * @param {string} [how.bidTestid]                   the bids' test id (default `${testid}-bid`), see
 *   `auctionControls`
 * @param {number} [how.quick]
 * @param {{amount?: number}} [how.memory]
 * @returns {HTMLElement}
 */
export function auctionPanel(
  view,
  {
    lot,
    seatName,
    moves = [],
    act = () => {},
    viewer = null,
    lang = "en",
    currency = null,
    words = {},
    title = null,
    testid = "auction",
    bidTestid = `${testid}-bid`,
    quick = 3,
    memory = {},
  },
) {
  const w = auctionWords(lang, words);
  const controls = auctionControls(moves, {
    act,
    view,
    lang,
    currency,
    words,
    testid: bidTestid,
    quick,
    memory,
  });
  return h(
    "section",
    { class: "kit-auction", "data-testid": testid, "data-stage": view.stage },
    title === "" ? null : h("h4", { class: "kit-auction-title" }, title ?? w("title")),
    h("div", { class: "kit-auction-lot", "data-part": "lot" }, lot),
    auctionStatus(view, { seatName, viewer, lang, currency, words }),
    controls,
  );
}
