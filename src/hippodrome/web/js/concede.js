// Conceding (issue 35): a player may give his game up. It is final and a loss: a bot plays his seat
// out and, for the ratings, it ranks last. So the button asks again before it sends anything; once the
// server has taken it, this tab forgets its key to the seat and shows the table as a spectator sees it.

import { ApiError, api, fill, forgetSeatKeys, h } from "./dom.js";
import { pick, t } from "./i18n.js";

let asking = false; // the question « Concede? » is on screen
let problem = null; // the server's refusal, shown until the next try

/** Offer « Concede » to the player of `token` (none: a spectator or a hot-seat page) while his game runs. */
export function renderConcede(box, msg, { tableId, token }) {
  const seat = msg?.seat;
  const may = Boolean(
    token && Number.isInteger(seat) && msg.status === "running" && msg.seats?.[seat]?.kind === "human",
  );
  box.hidden = !may;
  if (!may) {
    asking = false;
    fill(box);
    return;
  }
  const again = () => renderConcede(box, msg, { tableId, token });
  const refusal = problem
    ? h("span", { class: "error small", role: "alert" }, problem.message ? pick(problem.message) : t(problem.key))
    : null;
  if (!asking) {
    fill(
      box,
      h(
        "button",
        {
          type: "button",
          class: "small concede-button",
          "data-testid": "concede-button",
          onclick: () => {
            asking = true;
            problem = null;
            again();
          },
        },
        t("web.concede.button"),
      ),
      refusal,
    );
    return;
  }
  const concede = async () => {
    try {
      await api(`/api/tables/${encodeURIComponent(tableId)}/concede`, {
        method: "POST",
        headers: { "X-Seat-Token": token },
      });
      forgetSeatKeys(tableId);
      location.assign(`/table/${encodeURIComponent(tableId)}`); // as a spectator now
    } catch (err) {
      asking = false;
      problem = err instanceof ApiError ? err.error : { key: "web.error.network" };
      again();
    }
  };
  fill(
    box,
    h(
      "span",
      { class: "concede-confirm", role: "group", "aria-label": t("web.concede.button") },
      h("span", { class: "small" }, t("web.concede.question")),
      h(
        "button",
        { type: "button", class: "small danger", "data-testid": "concede-confirm", onclick: concede },
        t("web.concede.yes"),
      ),
      h(
        "button",
        {
          type: "button",
          class: "small",
          "data-testid": "concede-cancel",
          onclick: () => {
            asking = false;
            again();
          },
        },
        t("web.concede.no"),
      ),
    ),
  );
}
