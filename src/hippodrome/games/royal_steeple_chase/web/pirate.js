// JEU PIRATE on the board: the secret bets, « Chaque joueur, après avoir vu son jeu, parie
// clandestinement sur un cheval ». The slips are the engine's betting pool (`observation.pool`, each
// slip `{number, player, kind, horses, stake}`, another seat's kind and horses null until the game
// ends), drawn by the kit's slip list (`kit/slip.js`); the bets the seat may place are its legal
// actions, a horse (or two) and a stake through the kit's amount picker.
//
// The bet choice is not the kit's `betChooser`: Royal Steeple Chase's `place_bet` names its horses by
// lane (0 to 3) and no kind of bet (`{horses, stake}`), where `betOf` reads `{bet, horses}` with the
// pool's horse ids (its colours); a horse and its stake are all there is to choose here.

import { h } from "/static/js/dom.js";
import { formatNumber } from "/static/js/kit/money.js";
import { slipList } from "/static/js/kit/slip.js";

/**
 * The slip list's words in the player's language: a horse by its name, a kind of bet, a stake in
 * chips (none for the points game's stake of 0).
 * @param {object} g   the board's context (board.js)
 * @returns {import("/static/js/kit/slip.js").SlipWords}
 */
function slipWords(g) {
  const { shell, NS, colours } = g;
  const t = (key, params) => shell.t(key, params);
  return {
    horse: (id) => g.horseName(colours.indexOf(id)),
    kind: (kind) => t(`${NS}.slip_kind.${kind}`),
    money: (n) => (n ? t(`${NS}.stake_n`, { amount: formatNumber(n, shell.lang) }) : ""),
    sealed: t(`${NS}.slip_sealed`),
    secret: t(`${NS}.slip_secret`),
  };
}

/**
 * The bets written this race: the seat's own (every seat's for a spectator, another seat's sealed).
 * Null before any bet, or outside the pirate game. Test id: `rsc-slips`.
 * @param {object} g   the board's context (board.js)
 * @param {object} o   the observation
 * @returns {HTMLElement|null}
 */
export function slipsLine(g, o) {
  const slips = o.pool || [];
  const seat = g.mySeat();
  const list = slipList(slips, { player: seat, words: slipWords(g), testid: "rsc-slip-list" });
  if (!list) return null;
  const title = g.shell.t(`${g.NS}.${seat === null ? "slips_all" : "slips_own"}`);
  return h("div", { class: "rsc-slips", "data-testid": "rsc-slips" }, h("strong", {}, title), list);
}

/**
 * The bets the seat may place: one horse with a stake through the amount picker (its list's choice
 * remembered per horse), or a horse or two for nothing (the points game). Test id: `bet` on the
 * buttons, `bet-select` and `bet-other` on a stake list.
 * @param {object} g         the board's context (board.js)
 * @param {Array<object>} choices   the seat's legal actions, read (moves.js)
 * @returns {Array<HTMLElement>}
 */
export function betChoices(g, choices) {
  const { shell, NS, cards } = g;
  const t = (key, params) => shell.t(key, params);
  const byHorses = new Map();
  for (const choice of choices.filter((x) => x.type === "bet")) {
    const key = choice.horses.join("+");
    if (!byHorses.has(key)) byHorses.set(key, []);
    byHorses.get(key).push(choice);
  }
  return [...byHorses].map(([key, bets]) => {
    const chips = bets[0].horses.map((lane) => cards.horseChip(lane));
    if (bets.length === 1 && !bets[0].stake)
      return g.button([t(`${NS}.bet_on`), " ", chips], bets[0].action, { cls: "rsc-bet", testid: "bet" });
    const label = (n) => t(`${NS}.stake_n`, { amount: formatNumber(n, shell.lang) });
    const stakes = g.picker(bets, (x) => x.stake, {
      label,
      testid: "bet",
      key: `bet-${key}`,
      other: t(`${NS}.bet_on`),
    });
    return h("div", { class: "rsc-contest" }, t(`${NS}.bet_on`), chips, stakes);
  });
}
