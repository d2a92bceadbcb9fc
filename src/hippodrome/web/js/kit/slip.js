// The betting slip, for every game that bets through the engine's pool (engine/pool.py): the slips a
// seat has written, in words, read from the pool's view (`Pool.view()`: each slip as `Slip.to_json()`
// gives it, what a hidden slip hides from another seat null), and the bets it may place now, chosen a
// step at a time (the horse, the kind of bet, a further horse for a bet on several, then the stake
// through the one amount picker) instead of one button per legal action. The legal actions are the
// engine's; the chooser never invents one. The game gives the words (its horses' names, its kinds of
// bet, its money); the kit names no game.

import { h } from "/static/js/dom.js";
import { actionButton } from "/static/js/kit/action.js";
import { amountPicker } from "/static/js/kit/picker.js";

/**
 * @typedef {object} SlipEntry       one slip of the pool's view (`Slip.to_json()`)
 * @property {number} number         its ticket number in the pool, from 1
 * @property {number} player         the seat who wrote it
 * @property {string|null} kind      the kind of bet ("win"); null on another seat's sealed slip
 * @property {string[]|null} horses  the horse ids it names; null on another seat's sealed slip
 * @property {number|null} stake     null while another seat's stake is hidden
 */

/**
 * @typedef {object} PoolView        the pool as a board reads it: its slips (`Pool.view()`), and when
 *   the game shows them (`Pool.to_json()`) its kinds of bet with how many horses each names, its
 *   minimum stake and its unit
 * @property {SlipEntry[]} slips
 * @property {Object<string, number>} [kinds]
 * @property {number} [minimum]
 * @property {number} [unit]
 */

/**
 * @typedef {object} Bet             a legal action read as a bet (`place_bet`, or a game's line begun
 *   whose stake comes next): any action whose args hold `bet` (the kind) and `horses`
 * @property {string} notation
 * @property {string} kind
 * @property {string[]} horses
 * @property {number|null} stake     null when the stake is asked for next
 */

/**
 * @typedef {object} SlipWords       what the game says, in the player's language
 * @property {(id: string) => string} horse       a horse's name
 * @property {(kind: string) => string} kind      a kind of bet's name ("win", « gagnant »)
 * @property {(amount: number) => string} money   a sum, as kit/money.js writes it
 * @property {string} sealed         another seat's sealed slip ("a sealed bet")
 * @property {string} secret         a stake kept secret ("a secret stake")
 * @property {string} [empty]        no slip yet
 * @property {{horse: string, kind: string, partner: string, stake: string}} ask  each step's
 *   question ("Which horse?", "Which bet?", "With which horse?", "How much?")
 * @property {(bet: Bet) => string} write          the button of a bet whose stake comes next
 * @property {(amount: number, bet: Bet) => string} bet  a quick stake button ("Bet $2,000"), given the
 *   bet it stakes as well (to say what it would bring back: "Bet $2,000 · pays $8,400")
 * @property {(bet: Bet) => string|null} [payout]  what the bet chosen brings back if it comes in, in a
 *   sentence under it (the game's tote, "If it wins: $4,200 for each $1,000"); null or absent: none
 * @property {string} other                        the stake list's button ("Bet")
 * @property {string} otherLabel                   the stake list's accessible name
 * @property {(parts: {kind: string, horses: string, stake: string|null}) => string} [line]  a slip or
 *   a bet in words from its parts already in words (default: the parts joined by " · ")
 */

/**
 * The bet a legal action places or begins: `{notation, kind, horses, stake}`, or null for an action
 * that is no bet (its args hold no `bet` and `horses`).
 * @param {{notation: string, args?: object}} move
 * @returns {Bet|null}
 */
export function betOf(move) {
  const args = move?.args;
  if (!args || typeof args.bet !== "string" || !Array.isArray(args.horses)) return null;
  const stake = typeof args.stake === "number" ? args.stake : null;
  return { notation: move.notation, kind: args.bet, horses: args.horses, stake };
}

/**
 * A slip, or a bet, in words: "Win · Dixie Belle · $2,000"; another seat's sealed slip as
 * `words.sealed`, a hidden stake as `words.secret`.
 * @param {{kind: string|null, horses: string[]|null, stake?: number|null}} slip
 * @param {SlipWords} words
 * @param {{stake?: boolean}} [how]   `stake: false` leaves the stake out (a bet not staked yet)
 * @returns {string}
 */
export function slipText(slip, words, { stake = true } = {}) {
  if (slip.kind === null || slip.horses === null) return words.sealed;
  const parts = {
    kind: words.kind(slip.kind),
    horses: slip.horses.map(words.horse).join(" + "),
    stake: !stake ? null : slip.stake === null || slip.stake === undefined ? words.secret : words.money(slip.stake),
  };
  if (words.line) return words.line(parts);
  return [parts.kind, parts.horses, parts.stake].filter(Boolean).join(" · ");
}

/**
 * The slips of `player` (every slip when `player` is null or undefined), a list item each in words,
 * in the order written; `words.empty` in a paragraph when there is none (null without it).
 * Test ids: `${testid}` on the list, each item carrying `data-slip` (its number).
 * @param {PoolView|SlipEntry[]} view
 * @param {{player?: number|null, words: SlipWords, testid?: string}} how
 * @returns {HTMLElement|null}
 */
export function slipList(view, { player = null, words, testid = "kit-slip" }) {
  const slips = (Array.isArray(view) ? view : view?.slips || []).filter(
    (s) => player === null || player === undefined || s.player === player,
  );
  if (!slips.length)
    return words.empty ? h("p", { class: "kit-slip-empty", "data-testid": testid }, words.empty) : null;
  return h(
    "ul",
    { class: "kit-slip", "data-testid": testid },
    slips.map((s) => h("li", { "data-slip": String(s.number) }, slipText(s, words))),
  );
}

/** What each step of the chooser decides for a bet: the first horse, the kind, then each further
 * horse. A bet of `n` horses has `n + 1` steps. */
function stepValue(bet, step) {
  if (step === 0) return bet.horses[0];
  if (step === 1) return bet.kind;
  return bet.horses[step - 1];
}

/** The values a step offers among `bets`, in the order the engine offered them (the kinds in the
 * pool's order when it is given). */
function stepValues(bets, step, kinds) {
  const values = [...new Set(bets.map((b) => stepValue(b, step)))];
  if (step === 1 && kinds) {
    const order = Object.keys(kinds);
    const rank = (k) => (order.includes(k) ? order.indexOf(k) : order.length);
    values.sort((a, b) => rank(a) - rank(b));
  }
  return values;
}

/**
 * The bets a seat may place now, chosen a step at a time: which horse, which kind of bet, with which
 * horse for a bet on several, then the stake through the amount picker (`kit/picker.js`), or, for a
 * bet whose stake the engine asks for next, one button that writes it. A step with one choice only is
 * taken without asking; every choice stays on screen, so an earlier one can be changed. The choices
 * made are kept in `memory` across redraws (an object the board keeps). Null when no move is a bet.
 *
 * Test ids: `${testid}-horse`, `${testid}-kind`, `${testid}-partner` on the choice buttons (each with
 * `data-value`, the horse id or the kind, and `aria-pressed`), `${testid}-write` on the button of a
 * bet staked next (its `data-action` the notation), `${testid}-stake` and the picker's own on the
 * stakes, `${testid}-payout` on the sentence of `words.payout`. Every button is a finger's size
 * (`kit-target`).
 *
 * @param {Array<{notation: string, args?: object}>} moves   the seat's legal actions (others ignored)
 * @param {object} how
 * @param {SlipWords} how.words
 * @param {(notation: string) => void} how.act
 * @param {string} [how.testid]
 * @param {{path?: string[], stake?: object}} [how.memory]
 * @param {Object<string, number>} [how.kinds]   the pool's kinds, to offer them in its order
 * @param {number} [how.quick]    how many stakes get a button of their own (the picker's `quick`)
 * @param {boolean} [how.stepper] the stake list with − and + beside it (the picker's `stepper`)
 * @returns {HTMLElement|null}
 */
export function betChooser(moves, { words, act, testid = "kit-bet", memory = {}, kinds, quick = 4, stepper = false }) {
  const bets = moves.map(betOf).filter(Boolean);
  if (!bets.length) return null;
  const box = h("div", { class: "kit-bet-chooser", "data-testid": testid });
  const render = () =>
    box.replaceChildren(...chooserParts(bets, { words, act, testid, memory, kinds, quick, stepper }, render));
  render();
  return box;
}

/** The chooser's steps as far as the choices made lead, then the bet and its stake. */
function chooserParts(bets, how, render) {
  const { words, act, testid, memory, kinds } = how;
  memory.path ||= [];
  const parts = [];
  let left = bets;
  for (let step = 0; left.some((b) => b.horses.length + 1 > step); step++) {
    left = left.filter((b) => b.horses.length + 1 > step);
    const values = stepValues(left, step, kinds);
    let chosen = memory.path[step];
    if (!values.includes(chosen)) chosen = values.length === 1 ? values[0] : undefined;
    if (values.length > 1) parts.push(stepGroup(step, values, chosen, how, render));
    if (chosen === undefined) {
      memory.path.length = step;
      return parts;
    }
    memory.path[step] = chosen;
    left = left.filter((b) => stepValue(b, step) === chosen);
  }
  const [first] = left;
  parts.push(
    h("p", { class: "kit-bet-chosen", "data-testid": `${testid}-chosen` }, slipText(first, words, { stake: false })),
  );
  const pays = words.payout?.(first);
  if (pays) parts.push(h("p", { class: "kit-bet-payout", "data-testid": `${testid}-payout` }, pays));
  if (left.length === 1 && first.stake === null) {
    parts.push(actionButton(words.write(first), first.notation, { act, cls: "primary", testid: `${testid}-write` }));
    return parts;
  }
  const staked = left.filter((b) => b.stake !== null).sort((a, b) => a.stake - b.stake);
  memory.stake ||= {};
  parts.push(
    h("p", { class: "kit-bet-ask" }, words.ask.stake),
    amountPicker(
      staked.map((b) => ({ notation: b.notation, amount: b.stake })),
      {
        label: (amount) => words.bet(amount, first),
        option: words.money,
        other: words.other,
        otherLabel: words.otherLabel,
        act,
        testid: `${testid}-stake`,
        quick: how.quick,
        memory: memory.stake,
        stepper: how.stepper,
      },
    ),
  );
  return parts;
}

/** One step's question and its choices, the one chosen pressed. */
function stepGroup(step, values, chosen, { words, testid, memory }, render) {
  const name = step === 0 ? "horse" : step === 1 ? "kind" : "partner";
  const text = (v) => (step === 1 ? words.kind(v) : words.horse(v));
  const buttons = values.map((v) =>
    h(
      "button",
      {
        type: "button",
        class: "kit-target kit-choice",
        "data-testid": `${testid}-${name}`,
        "data-value": v,
        "aria-pressed": String(v === chosen),
        onclick: () => {
          memory.path = [...memory.path.slice(0, step), v];
          render();
        },
      },
      text(v),
    ),
  );
  return h(
    "div",
    { class: "kit-bet-step", "data-step": name },
    h("p", { class: "kit-bet-ask" }, words.ask[name]),
    h("div", { class: "kit-picker", role: "group", "aria-label": words.ask[name] }, buttons),
  );
}
