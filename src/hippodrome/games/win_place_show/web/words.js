// Win, Place & Show's words, shared by the board's areas: the horses and the seats by their names,
// money in dollars as a player writes it, a square of the oval in words, and the betting slip's words
// for kit/slip.js. Nothing here is drawn.

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
  const names = new Map(boardData.races.flatMap((r) => r.horses.map((x) => [x.id, x.name])));
  const horse = (id) => names.get(id) || t(`win_place_show.horse.${id}`);
  const seat = shell.seatName;
  const money = (n) => formatMoney(n, { currency: "dollar", lang });
  const spot = (name) => {
    if (name === "home") return tx("finish_line");
    const [lane, square] = String(name).split("-");
    return tx("where", { lane, square });
  };
  return { t, tx, lang, horse, seat, money, spot };
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
    bet: (n) => tx("bet_n", { money: money(n) }),
    other: tx("bet_other"),
    otherLabel: tx("other_stake"),
  };
}
