// Ratings beside names (issue 35): a seat held by an account that has played rated games at the game
// carries its rating (TrueSkill's cautious estimate, mu - 3 sigma) in the seat list the server sends;
// it is shown beside the name at the table and in the lobby. A seat whose player conceded says so.

import { api, fill, h } from "./dom.js";
import { lang, t } from "./i18n.js";

/** A rating as players read it: one decimal, in the reader's number style (« 12,3 », "12.3"); a
 * change with its sign. */
export function formatRating(value, signed = false) {
  const text = Math.abs(value).toLocaleString(lang() === "fr" ? "fr-FR" : "en-GB", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  if (!signed) return value < 0 ? `−${text}` : text;
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/** The small tag beside a seat's name: its rating, and « conceded » when its player gave up. */
export function ratingTag(seat, index) {
  const parts = [];
  if (typeof seat?.rating === "number")
    parts.push(
      h(
        "small",
        {
          class: "rating",
          "data-testid": `rating-${index}`,
          title: t("web.rating.hint"),
          "aria-label": t("web.rating.of", { rating: formatRating(seat.rating) }),
        },
        ` ${formatRating(seat.rating)}`,
      ),
    );
  if (seat?.conceded) parts.push(h("small", { class: "tag conceded" }, t("web.rating.conceded")));
  return parts.length ? parts : null;
}

const changesOf = new Map(); // table id -> its rating changes, once asked ("asking" meanwhile)

function changeLines(box, changes, names) {
  fill(
    box,
    changes.map((c) =>
      h(
        "span",
        { class: "rating-change", "data-seat": c.seat },
        t("web.rating.change", {
          name: names[c.seat] ?? `#${c.seat + 1}`,
          before: formatRating(c.before),
          after: formatRating(c.after),
          change: formatRating(c.change, true),
        }),
        c.quitter ? ` ${t("web.rating.quitter")}` : "",
      ),
    ),
  );
  box.hidden = !changes.length;
}

/** The end of a game's rating changes, each player's rating before and after (`/api/tables/{id}/ratings`,
 * asked once per table): an element filled when the answer comes, hidden for a game not rated. */
export function ratingChanges(tableId, names) {
  const box = h("p", { class: "result-ratings small", "data-testid": "result-ratings", hidden: true });
  const known = changesOf.get(tableId);
  if (Array.isArray(known)) changeLines(box, known, names);
  else if (!known && tableId) {
    changesOf.set(tableId, "asking");
    api(`/api/tables/${encodeURIComponent(tableId)}/ratings`)
      .then((answer) => {
        changesOf.set(tableId, answer.changes || []);
        const shown = document.querySelector('[data-testid="result-ratings"]');
        if (shown) changeLines(shown, answer.changes || [], names);
      })
      .catch(() => changesOf.delete(tableId));
  }
  return box;
}
