// Royal Turf's payout table: what a unit bet on a horse placed 1st, 2nd or 3rd pays, by the units
// staked on it, with the notes on the last race, the pace token and the last horse. Sums in the
// house style (kit/money.js: thousands grouped).

import { fill, h } from "/static/js/dom.js";
import { formatNumber } from "/static/js/kit/money.js";

/**
 * The payout panel: `panel` to mount (a `<details>`, closed on a phone); `drawStatic()` at a change
 * of language or layout, `draw()` at every state (the pace note follows the table's option).
 * @param {ReturnType<import("./state.js").createState>} state
 */
export function createPayout(state) {
  const { shell, boardData } = state;
  const t = (key, params) => shell.t(key, params);
  const panel = h("details", { class: "rt-payout", open: true });
  const paceNote = h("p", { class: "note", "data-testid": "pace-note" });
  let layout = null;

  function drawStatic() {
    const p = boardData.payouts;
    const n = (x) => formatNumber(x, shell.lang);
    if (layout !== shell.layout) panel.open = shell.layout !== "compact"; // a phone opens it on demand
    layout = shell.layout;
    fill(
      panel,
      h("summary", {}, t("web.royal_turf.payout_title")),
      h(
        "table",
        { class: "rt-payout-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, t("web.royal_turf.units")),
            [1, 2, 3].map((place) => h("th", { scope: "col" }, state.ordinal(place))),
          ),
        ),
        h(
          "tbody",
          {},
          p.units.map((u, i) =>
            h(
              "tr",
              {},
              h("th", { scope: "row" }, n(u)),
              [p.first, p.second, p.third].map((column) => h("td", {}, n(column[i]))),
            ),
          ),
        ),
      ),
      h(
        "p",
        { class: "note" },
        t("web.royal_turf.payout_note", { multiplier: boardData.final_race_multiplier, races: boardData.races }),
      ),
      paceNote,
      h("p", { class: "note" }, t("web.royal_turf.last_note", { amount: n(boardData.last_penalty_per_unit) })),
    );
    draw();
  }

  /** When the pace bonus is paid is the table's option, which the observation carries (D13). */
  function draw() {
    const key = state.obs()?.pace_bonus_any_place ? "web.royal_turf.pace_note_any_place" : "web.royal_turf.pace_note";
    paceNote.textContent = t(key, { amount: formatNumber(boardData.pace_per_unit, shell.lang) });
  }

  return { panel, drawStatic, draw };
}
