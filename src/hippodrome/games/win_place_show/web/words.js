// Win, Place & Show's words, shared by the board's areas: the horses and the seats by their names,
// money in dollars as a player writes it, a square of the oval in words, and the betting slip's words
// for kit/slip.js, with what a bet brings back off the tote board's prices (the board data's). Nothing
// here is drawn.

import { formatMoney } from "/static/js/kit/money.js";

export const NS = "web.win_place_show";

/**
 * The board's words for the current shell: `tx(key, params)` for this game's web texts, `horse(id)`,
 * `seat(p)`, `money(n)`, `spot(name)` (a square as the observation names it, "3-41" or "home").
 * @param {import("/static/js/kit/shell.js").Shell} shell
 */
export function wordsOf(shell) {
  const { t, lang, boardData } = shell;
  const tx = (key, params) => t(`${NS}.${key}`, params);
  const horses = new Map(boardData.races.flatMap((r) => r.horses.map((x) => [x.id, x])));
  const names = new Map([...horses].map(([id, x]) => [id, x.name]));
  const horse = (id) => names.get(id) || t(`win_place_show.horse.${id}`);
  const seat = shell.seatName;
  const money = (n) => formatMoney(n, { currency: "dollar", lang });
  const spot = (name) => {
    if (name === "home") return tx("finish_line");
    const [lane, square] = String(name).split("-");
    return tx("where", { lane, square });
  };
  const percent = (p) => tx("percent", { n: Math.round(p * 100) });
  return { t, tx, lang, horse, seat, money, spot, percent, data: (id) => horses.get(id), boardData };
}

/**
 * What a bet brings back if it comes in, stake included, for `stake`: the tote board's price for
 * $1,000 (D3; a daily double's from the board data, D4) times the thousands staked, as the bank pays
 * it. Null for a bet the board has no price for.
 * @param {ReturnType<typeof wordsOf>} w
 * @param {{kind: string, horses: string[]}} bet
 * @param {number} stake
 */
export function payoutOf(w, bet, stake) {
  const per = w.boardData.price_per;
  const price =
    bet.kind === "double" ? w.boardData.doubles[bet.horses.join("+")]?.price : w.data(bet.horses[0])?.prices[bet.kind];
  return price === undefined ? null : Math.floor((stake * price) / per);
}

/**
 * The betting slip's words (kit/slip.js `SlipWords`) in the shell's language.
 * @param {ReturnType<typeof wordsOf>} w
 * @param {{race: number}} obs
 */
export function slipWords(w, obs) {
  const { tx, horse, money } = w;
  return {
    horse,
    kind: (kind) => tx(`kind_${kind}`),
    money,
    sealed: tx("slip_sealed"),
    secret: tx("slip_secret"),
    empty: tx("slip_empty"),
    ask: {
      horse: tx("ask_horse"),
      kind: tx("ask_kind"),
      partner: tx("ask_partner", { race: obs.race + 1 }),
      stake: tx("ask_stake"),
    },
    write: () => tx("write_line"),
    bet: (n, bet) => {
      const pays = bet ? payoutOf(w, bet, n) : null;
      return pays === null ? tx("bet_n", { money: money(n) }) : tx("bet_pays", { money: money(n), pays: money(pays) });
    },
    payout: (bet) => {
      const per = w.boardData.price_per;
      const pays = payoutOf(w, bet, per);
      if (pays === null) return null;
      const chance =
        bet.kind === "double"
          ? (w.boardData.doubles[bet.horses.join("+")]?.chance ?? 0)
          : (w.data(bet.horses[0])?.chances[bet.kind] ?? 0);
      return tx(`payout_${bet.kind}`, { pays: money(pays), unit: money(per), chance: w.percent(chance) });
    },
    other: tx("bet_other"),
    otherLabel: tx("other_stake"),
  };
}
