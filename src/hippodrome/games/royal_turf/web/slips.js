// Royal Turf's bets in words: the race's slips of the engine's pool (`observation.pool`, a token on a
// horse each, `Pool.view()`), listed with the kit's betting slip (kit/slip.js `slipList`) in a small
// "Bets" box beside the horse cards: the seat's own first, then each other seat's as this seat may
// see them (a token laid face down in the variant is said so in words, never its value). The bet
// itself is still chosen on the horse cards (cards.js): one tap bets the token chosen.

import { fill, h, seatColour } from "/static/js/dom.js";
import { slipList } from "/static/js/kit/slip.js";

/**
 * The betting slip's words (kit/slip.js `SlipWords`) in Royal Turf's terms: a slip reads "Othello:
 * a 2 token", « Othello : un jeton 2 »; a token face down « un jeton face cachée ».
 * @param {ReturnType<import("./state.js").createState>} state
 */
export function slipWords(state) {
  const t = (key, params) => state.shell.t(key, params);
  return {
    horse: (id) => state.horseName(id),
    kind: () => t("web.royal_turf.slip_kind"),
    money: (token) => t("web.royal_turf.slip_token", { token }),
    sealed: t("web.royal_turf.slip_sealed"),
    secret: t("web.royal_turf.slip_face_down"),
    empty: t("web.royal_turf.slip_empty"),
    line: ({ horses, stake }) => t("web.royal_turf.slip_line", { horse: horses, token: stake }),
  };
}

/** The race's slips as the observation gives them (the pool's view), or none. */
function slipsOf(obs) {
  const pool = obs?.pool;
  const slips = Array.isArray(pool) ? pool : pool?.slips;
  return Array.isArray(slips) ? slips : [];
}

/**
 * The bets box: `box` to mount (`data-testid="rt-slips"`), `draw()` at every state. Each seat's slips
 * in a list `rt-slip-<seat>`; hidden when nobody has bet and the seat is no bettor.
 * @param {ReturnType<import("./state.js").createState>} state
 */
export function createSlips(state) {
  const { shell } = state;
  const box = h("section", { class: "rt-slips", "data-testid": "rt-slips" });

  function draw() {
    const obs = shell.obs;
    const slips = slipsOf(obs);
    const viewer = obs?.viewer ?? null;
    const own = viewer !== null && state.hand() !== null;
    box.hidden = !slips.length && !(own && state.isBetting());
    if (box.hidden) {
      fill(box);
      return;
    }
    const words = slipWords(state);
    const seats = [...new Set(slips.map((s) => s.player))].sort((a, b) => a - b);
    const order = own ? [viewer, ...seats.filter((p) => p !== viewer)] : seats;
    const rows = order.map((p) =>
      h(
        "div",
        { class: "rt-slips-seat", style: `--seat:${seatColour(p)}`, "data-seat": String(p) },
        h(
          "span",
          { class: "rt-slips-who" },
          p === viewer && own ? shell.t("web.royal_turf.your_bets") : state.seatName(p),
        ),
        slipList(slips, { player: p, words, testid: `rt-slip-${p}` }),
      ),
    );
    fill(box, h("h2", { class: "rt-section-title" }, shell.t("web.royal_turf.bets")), rows);
  }

  return { box, draw };
}
