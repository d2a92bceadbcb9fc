// Inviting an account to a seat by its name (issue 35): the creator of a table types a player's name
// beside a free seat; the server keeps the seat for that account, which finds the table in its « My
// tables » (and by e-mail, if it wished). The seat's link no longer plays it: it is the account's now.

import { ApiError, api, h } from "./dom.js";
import { pick, t } from "./i18n.js";

/** The small form beside a free seat's invitation; `token` is the creator's own seat's key. */
export function inviteByNameForm(tableId, seat, token) {
  const status = h("span", { class: "small", role: "status", "data-testid": `invite-status-${seat.index}` });
  const input = h("input", {
    type: "text",
    maxlength: 40,
    autocomplete: "off",
    placeholder: t("web.friends.invite_placeholder"),
    "aria-label": t("web.friends.invite_label", { n: seat.index + 1 }),
    "data-testid": `invite-name-${seat.index}`,
  });
  const send = async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    try {
      const invited = await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat.index}/invite`, {
        method: "POST",
        body: { name },
        headers: { "X-Seat-Token": token },
      });
      status.className = "small";
      status.textContent = t(invited.mailed ? "web.friends.invited_mailed" : "web.friends.invited", {
        name: invited.name,
      });
      input.value = "";
    } catch (err) {
      status.className = "small error";
      const error = err instanceof ApiError ? err.error : null;
      status.textContent = error?.message ? pick(error.message) : t("web.error.network");
    }
  };
  return h(
    "form",
    { class: "invite-by-name", onsubmit: send },
    input,
    h(
      "button",
      { type: "submit", class: "small", "data-testid": `invite-send-${seat.index}` },
      t("web.friends.invite"),
    ),
    status,
  );
}
