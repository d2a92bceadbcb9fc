// The end of a game (docs/web.md, "End of a game"): a dialog over the table, in view wherever the
// player was looking, with the ranking on the game's own basis (money, or a score sheet), the
// breakdown per race or deal, statistics, and the buttons "Rematch" and "Back to the lobby".
//
// Everything comes from the `state` message: `context` (ranking, standings, basis) and `sheet` (made
// by the engine from the game's events: each part's lines, standings and change; moves per seat).
// No game is named here: a line's name (winnings, entry fees, commissions...) is the engine's shared
// word. A line that adds up several causes carries them (`detail`: a catalog key and the amounts per
// seat); a tap on the line's name shows them under it, so a player can say where every franc went.

import { fill, fragmentTokens, h, seatColour, seatNames } from "./dom.js";
import { has, lang, style, t, tn } from "./i18n.js";
import { formatNumber } from "./kit/money.js";
import { ratingChanges } from "./ratings.js";

const dismissed = new Set(); // tables whose result the player closed (until the page reloads)
const unfolded = new Set(); // lines whose causes are shown ("table:part:line"), kept across redraws

function standing(basis, value) {
  const shown = formatNumber(value, lang());
  return basis === "scores" ? tn("web.standing.points", value, { value: shown }) : shown;
}

function signed(value) {
  const n = formatNumber(Math.abs(value), lang());
  return value > 0 ? `+${n}` : value < 0 ? `−${n}` : "0";
}

function duration(seconds) {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return t("web.result.under_a_minute");
  if (minutes < 60) return tn("web.result.minutes", minutes, { n: minutes });
  return t("web.result.hours", { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, "0") });
}

function lineName(line) {
  const key = `web.result.line.${line}`;
  return has(key) ? t(key) : t("web.result.line.other");
}

/** One line of a part, and its causes (hidden until its name is tapped) when it has any. */
function lineRows(line, where) {
  const name = lineName(line.line);
  const amounts = (values) => values.map((a) => h("td", { class: "num" }, signed(a)));
  const detail = line.detail || [];
  if (!detail.length) {
    return [h("tr", { "data-line": line.line }, h("td", {}, name), amounts(line.amounts))];
  }
  const causes = detail.map((d) =>
    h(
      "tr",
      { class: "cause", "data-cause": d.cause, hidden: !unfolded.has(where) },
      h("td", {}, style("{cause|cap}", { cause: t(d.cause) }, lang())),
      amounts(d.amounts),
    ),
  );
  const toggle = h(
    "button",
    {
      type: "button",
      class: "line-toggle",
      "aria-expanded": String(unfolded.has(where)),
      "aria-label": t("web.result.detail", { line: name }),
      "data-testid": "result-line-toggle",
      onclick: () => {
        const open = !unfolded.has(where);
        if (open) unfolded.add(where);
        else unfolded.delete(where);
        toggle.setAttribute("aria-expanded", String(open));
        for (const row of causes) row.hidden = !open;
      },
    },
    name,
  );
  return [
    h("tr", { "data-line": line.line, class: "has-detail" }, h("td", {}, toggle), amounts(line.amounts)),
    ...causes,
  ];
}

/** The breakdown: one block of rows per race or deal, one column per seat. */
function breakdown(sheet, names, basis, tableId) {
  const head = h(
    "tr",
    {},
    h("th", {}, ""),
    names.map((name, i) => h("th", { class: "num", style: `--seat:${seatColour(i)}` }, name)),
  );
  const rows = [];
  sheet.sections.forEach((section, index) => {
    rows.push(
      h(
        "tr",
        { class: "part" },
        h("th", { colspan: String(names.length + 1) }, t(`web.result.part.${sheet.part}`, { n: index + 1 })),
      ),
    );
    for (const line of section.lines) rows.push(...lineRows(line, `${tableId}:${index}:${line.line}`));
    rows.push(
      h(
        "tr",
        { class: "change" },
        h("td", {}, t(`web.result.change.${basis}`)),
        section.change.map((c) => h("td", { class: "num" }, signed(c))),
      ),
    );
    rows.push(
      h(
        "tr",
        { class: "total" },
        h("td", {}, t(`web.result.after.${basis}`)),
        section.standings.map((v) => h("td", { class: "num" }, standing(basis, v))),
      ),
    );
  });
  return h(
    "table",
    { class: "result-sheet", "data-testid": "result-breakdown" },
    h("thead", {}, head),
    h("tbody", {}, rows),
  );
}

/** The game review of the viewer's seat (any seat for a spectator), on the replay page
 * (review.js): the seat's token goes with it where the page has one seat's. */
function reviewLink(tableId, seat) {
  const tokens = fragmentTokens();
  const fragment = new URLSearchParams();
  if (tokens.length === 1) fragment.set("token", tokens[0]);
  fragment.set("review", Number.isInteger(seat) ? String(seat) : "");
  return `/table/${encodeURIComponent(tableId)}/replay#${fragment}`;
}

/** The result dialog, or nothing while the game goes on or once dismissed. `actions.rematch` starts
 * a rematch (players only); `actions.join` is the link to a rematch already begun. */
export function renderResult(container, msg, { tableId, rematch = null, join = null, reopen = null } = {}) {
  const over = msg?.status === "finished";
  const show = over && !dismissed.has(tableId);
  if (reopen) {
    reopen.querySelector(".result-reopen")?.remove();
    if (over && !show) {
      reopen.append(
        h(
          "button",
          {
            type: "button",
            class: "small result-reopen",
            "data-testid": "result-reopen",
            onclick: () => {
              dismissed.delete(tableId);
              renderResult(container, msg, { tableId, rematch, join, reopen });
            },
          },
          t("web.result.show"),
        ),
      );
    }
  }
  const wasShown = !container.hidden;
  container.hidden = !show;
  if (!show) {
    fill(container);
    return;
  }
  const names = seatNames(msg.seats);
  const c = msg.context || {};
  const basis = c.ranking_basis || "money";
  const ranking = c.ranking || msg.result?.ranking || [];
  const sheet = msg.sheet;
  const mine = msg.seat;
  let headline = t("web.game_over");
  if (Number.isInteger(mine) && ranking[0]?.includes(mine))
    headline = ranking[0].length > 1 ? t("web.you_share_win") : t("web.you_win");
  const close = () => {
    dismissed.add(tableId);
    renderResult(container, msg, { tableId, rematch, join, reopen });
  };
  const dialog = h(
    "div",
    {
      class: "result-dialog",
      role: "dialog",
      "aria-modal": "true",
      "aria-labelledby": "result-title",
      tabindex: "-1",
      onkeydown: (e) => {
        if (e.key === "Escape") close();
      },
    },
    h(
      "button",
      { type: "button", class: "close", "aria-label": t("web.dismiss"), "data-testid": "result-close", onclick: close },
      "×",
    ),
    h("h2", { id: "result-title" }, headline),
    h("p", { class: "muted small" }, t(`web.ranked_by.${basis}`)),
    h(
      "ol",
      { class: "ranking", "data-testid": "result-ranking" },
      ranking.map((place, index) =>
        h(
          "li",
          { class: index === 0 ? "winner" : "" },
          h("span", { class: "rank" }, t(`web.ordinal.${index + 1}`)),
          " ",
          place.map((p) => `${names[p]} (${standing(basis, c.standings?.[p] ?? 0)})`).join(", "),
        ),
      ),
    ),
    sheet
      ? h(
          "p",
          { class: "result-stats small", "data-testid": "result-stats" },
          t("web.result.stats", {
            duration: duration(sheet.seconds || 0),
            moves: sheet.moves.reduce((a, b) => a + b, 0),
            chance: sheet.chance,
          }),
          " ",
          sheet.moves.map((n, i) => tn("web.result.moves_of", n, { name: names[i], n })).join(" · "),
        )
      : null,
    ratingChanges(tableId, names),
    h(
      "p",
      { class: "result-buttons" },
      join
        ? h("a", { href: join, class: "button-link", "data-testid": "rematch-join" }, t("web.result.join_rematch"))
        : rematch
          ? h("button", { type: "button", "data-testid": "rematch", onclick: rematch }, t("web.result.rematch"))
          : null,
      h(
        "a",
        { href: reviewLink(tableId, mine), class: "button-link result-review", "data-testid": "result-review" },
        t("web.review.ask"),
      ),
      h("a", { href: "/", class: "button-link", "data-testid": "back-to-lobby" }, t("web.result.lobby")),
    ),
    sheet ? breakdown(sheet, names, basis, tableId) : null,
  );
  fill(container, dialog);
  if (!wasShown) dialog.focus();
}
