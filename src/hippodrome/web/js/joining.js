// Joining a table (docs/web.md, "Joining"): a free seat (a human seat nobody has come to, not kept
// by its creator) is taken by anyone who has the table, from the lobby (public tables) or from the
// table's page (the link a private table's creator sends his friends). Taking a seat answers its
// secret token once; the page then opens the table as that seat.

import { api, copyButton, fill, h, seatColour } from "./dom.js";
import { pick, t } from "./i18n.js";

const NAME_KEY = "hippodrome.join.name";

/** The name this browser last played under (offered again when it takes a seat). */
export function joinName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
}

export function rememberJoinName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // Not remembered.
  }
}

/** Take seat `index` of the table and go and play it; the server's refusal is thrown (ApiError). */
export async function takeSeat(tableId, index, name = joinName()) {
  const body = name.trim() ? { name: name.trim() } : {};
  const taken = await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${index}/take`, { method: "POST", body });
  location.assign(taken.seat.invite); // at the table itself, the new fragment reloads the page
}

export function freeSeats(seats) {
  return (seats || []).filter((seat) => seat.free);
}

/** Buttons taking each free seat of `table` (a lobby summary or a `state` message); errors to `onError`. */
export function freeSeatButtons(tableId, seats, onError) {
  return freeSeats(seats).map((seat) =>
    h(
      "button",
      {
        type: "button",
        class: "small take-seat",
        style: `--seat:${seatColour(seat.index)}`,
        "data-testid": `take-seat-${seat.index}`,
        onclick: async (event) => {
          event.target.disabled = true;
          try {
            await takeSeat(tableId, seat.index);
          } catch (err) {
            event.target.disabled = false;
            onError(err.error || { key: "web.error.network", params: {} });
          }
        },
      },
      t("web.join.take", { n: seat.index + 1, name: seat.name }),
    ),
  );
}

/**
 * The table page's word on joining, while the table waits for its players: to a spectator, the free
 * seats he may take; to a seated player, the link to send friends for the others.
 */
export function renderJoin(container, msg, { tableId, seated }) {
  const free = msg?.status === "open" ? freeSeats(msg.seats) : [];
  container.hidden = !free.length;
  if (!free.length) {
    fill(container);
    return;
  }
  const link = new URL(`/table/${encodeURIComponent(tableId)}`, location.origin).href;
  let problem = null;
  const error = h("p", { class: "error small", role: "alert", hidden: true });
  const showError = (e) => {
    problem = e;
    error.hidden = false;
    error.textContent = problem.message ? pick(problem.message) : t(problem.key, problem.params || {});
  };
  fill(
    container,
    h("h2", {}, t("web.join.title")),
    seated
      ? [
          h("p", { class: "small" }, t("web.join.share")),
          h(
            "p",
            { class: "join-link" },
            h("span", { class: "url", "data-testid": "join-link" }, link),
            " ",
            copyButton(link),
          ),
        ]
      : [
          h("p", { class: "small" }, t("web.join.free")),
          h("div", { class: "take-seats" }, freeSeatButtons(tableId, msg.seats, showError)),
        ],
    error,
  );
}
