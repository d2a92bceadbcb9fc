// Win, Place & Show's claims (§8, D21, D27), in words: the move a claim may be made against (where the
// horse went, the best it could reach, the squares given up, the faults one may claim), and what the
// steward rules on. The claim and ruling buttons are the controls' (controls.js).

import { h } from "/static/js/dom.js";

/**
 * The claim window (§8, D21) as a paragraph, or null when there is none.
 * @param {object} obs   the observation
 * @param {ReturnType<import("./words.js").wordsOf>} w
 */
export function claimWindow(obs, w) {
  const win = obs.window;
  if (!win) return null;
  const faults = win.faults.map((f) => w.t(`win_place_show.fault.${f}`)).join(w.tx("list_join"));
  return h(
    "p",
    { class: "wps-ruling", "data-testid": "wps-window" },
    w.tx("window", {
      horse: w.horse(win.horse),
      went: w.spot(win.went),
      best: w.spot(win.best),
      lost: win.lost,
      faults,
    }),
  );
}

/**
 * What the steward rules on (D27): the horse, its owner, the claimants and the moves below its best;
 * null when no ruling is due.
 * @param {object} obs
 * @param {ReturnType<import("./words.js").wordsOf>} w
 */
export function ruling(obs, w) {
  const r = obs.ruling;
  if (!r) return null;
  const moves = r.moves
    .map(([went, best]) => w.tx("ruling_move", { went: w.spot(went), best: w.spot(best) }))
    .join(w.tx("list_join"));
  const claims = r.claims
    .map(([p, fault]) => w.tx("ruling_claim", { player: w.seat(p), fault: w.t(`win_place_show.fault.${fault}`) }))
    .join(w.tx("list_join"));
  return h(
    "p",
    { class: "wps-ruling", "data-testid": "wps-ruling" },
    w.tx("ruling", { horse: w.horse(r.horse), owner: w.seat(r.owner), claimants: claims, moves }),
  );
}
