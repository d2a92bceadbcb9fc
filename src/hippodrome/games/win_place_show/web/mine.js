// Win, Place & Show's "yours" panel: what the seat has written in secret, read from its own
// observation only: its bids on the sheet while the sale is on (§9), its betting slip of the race and
// its daily doubles (§10, §11). Another seat's page never has them (the engine hides them from it).

import { h } from "/static/js/dom.js";
import { betOf, slipList } from "/static/js/kit/slip.js";
import { slipWords } from "./words.js";

/**
 * The seat's own sealed bids and slip, as a `<section class="wps-mine">`, or null for a spectator or
 * a seat with nothing written and nothing to write.
 * @param {import("/static/js/kit/shell.js").Shell} shell
 * @param {ReturnType<import("./words.js").wordsOf>} w
 */
export function mine(shell, w) {
  const obs = shell.obs;
  const seat = shell.msg.seat;
  if (seat === null || seat === undefined) return null;
  const parts = [];
  const bids = (obs.sheets?.[seat] || []).slice(0, obs.sale.length);
  if (bids.length && bids.every((n) => typeof n === "number")) {
    const lines = bids.map((n, i) =>
      h("li", { "data-horse": obs.sale[i] }, `${w.horse(obs.sale[i])} · ${n ? w.money(n) : w.tx("sheet_zero")}`),
    );
    parts.push(h("h4", {}, w.tx("sheet_title")), h("ul", { "data-testid": "wps-my-bids" }, lines));
  }
  // The daily doubles stay on the slip until they are paid, at the end of race 2 (§11).
  const doubles = obs.results.length < 2 ? obs.doubles : [];
  const slips = [...obs.slips, ...doubles].filter((x) => x.player === seat);
  const betting = shell.interactive && (shell.msg.legal || []).some((m) => betOf(m));
  if (slips.length || betting) {
    parts.push(
      h("h4", {}, w.tx("slip_title")),
      slipList(slips, { player: seat, words: slipWords(w, obs), testid: "wps-slip" }),
    );
  }
  if (!parts.length) return null;
  return h("section", { class: "wps-mine", "data-testid": "wps-mine" }, parts);
}
