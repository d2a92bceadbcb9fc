// Panels every game shares, drawn from a `state` message: the players with their money and standing,
// the narrated event log, the final ranking. Who acts, the standings and the ranking come from the
// engine's `context` (docs/web.md), the same for every game: nothing here ranks or guesses a turn.
// Used by the table page and the replay page.

import { fill, h, seatColour, seatNames } from "./dom.js";
import { pick, t } from "./i18n.js";

/** Seats whose move it is (`context.to_act`), or the seat that rolls a pending die. */
export function seatsToAct(msg) {
  const c = msg?.context;
  if (!c || c.over) return [];
  if (c.chance) return Number.isInteger(c.chance_roller) ? [c.chance_roller] : [];
  return Array.isArray(c.to_act) ? c.to_act : [];
}

/** Each seat's place (1 for the best), from `context.ranking`; ties share a place. */
function placesOf(msg) {
  const places = {};
  (msg?.context?.ranking || []).forEach((seats, index) => {
    for (const seat of seats) places[seat] = index + 1;
  });
  return places;
}

/** A standing as it reads: `120` of money, or `35 points` on a score sheet. */
function standingText(msg, seat) {
  const c = msg?.context;
  const value = c?.standings?.[seat];
  if (value === undefined || value === null) return "";
  return c.ranking_basis === "scores" ? t("web.standing.points", { value }) : String(value);
}

/** The players: colour, name, kind, connection, money (`money-<seat>`), a mark on whose move it is. */
export function renderPlayers(container, msg, { onTakeover = null } = {}) {
  const seats = msg?.seats || [];
  const money = msg?.observation?.money;
  const acting = new Set(msg?.status === "finished" ? [] : seatsToAct(msg));
  const names = seatNames(seats);
  const basis = msg?.context?.ranking_basis;
  const places = placesOf(msg);
  const items = seats.map((seat, i) => {
    const kind = seat.kind === "bot" ? t("web.kind.bot_named", { bot: t(`web.bot.${seat.bot}`) }) : t("web.kind.human");
    const connected = seat.kind === "bot" || seat.connected;
    const mine = msg?.seat === i;
    return h(
      "li",
      { class: "player" + (acting.has(i) ? " acting" : "") + (mine ? " mine" : ""), style: `--seat:${seatColour(i)}` },
      h("span", { class: "player-turn", "aria-hidden": "true" }, acting.has(i) ? "▶" : ""),
      h("span", { class: "seat-dot", "aria-hidden": "true" }, names[i].charAt(0).toUpperCase()),
      h(
        "span",
        { class: "player-name" },
        h("strong", {}, names[i]),
        mine ? h("span", { class: "tag" }, t("web.you")) : null,
        h("small", {}, kind),
        seat.kind === "bot" ? null : h("span", {
          class: "conn " + (connected ? "on" : "off"),
          title: connected ? t("web.connected") : t("web.not_connected"),
          "aria-label": connected ? t("web.connected") : t("web.not_connected"),
        }),
      ),
      h(
        "span",
        { class: "standing" },
        h(
          "span",
          { class: "money", "data-testid": `money-${i}`, "aria-label": t("web.money_of", { name: names[i] }) },
          Array.isArray(money) ? String(money[i]) : "",
        ),
        // The standing the ranking orders, with its place: the money itself, or the score sheet.
        basis === "scores"
          ? h("span", { class: "score", "data-testid": `score-${i}`, "aria-label": t("web.score_of", { name: names[i] }) }, standingText(msg, i))
          : null,
        places[i] ? h("small", { class: "place", "data-testid": `place-${i}` }, t(`web.ordinal.${places[i]}`)) : null,
      ),
      acting.has(i) ? h("span", { class: "visually-hidden" }, t("web.to_play")) : null,
      // A seated player may hand an absent player's seat to a bot (the server enforces the timeout).
      onTakeover && seat.kind !== "bot" && !connected && !mine && msg.status !== "finished"
        ? h("button", {
            type: "button",
            class: "small takeover",
            "data-testid": `takeover-${i}`,
            onclick: () => onTakeover(i),
          }, t("web.takeover"))
        : null,
    );
  });
  fill(
    container,
    h("h2", {}, t("web.players")),
    basis ? h("p", { class: "ranking-basis", "data-testid": "ranking-basis" }, t(`web.ranked_by.${basis}`)) : null,
    h("ul", { class: "players" }, items),
  );
}

/** The narrated log, each event in the current language (`text[lang]`); `current` marks events of the
 * latest step (replay). Keeps the scroll at the bottom when it was there. */
export function renderLog(list, events, { current = null } = {}) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  fill(
    list,
    events.map((event, i) =>
      h(
        "li",
        { class: "event" + (current && current.has(i) ? " current" : ""), "data-key": event.key },
        pick(event.text) || event.key,
      ),
    ),
  );
  // Scroll the list itself, never the page (the list is `position: relative`, so offsets are its own).
  const target = current && current.size ? list.children[Math.min(...current)] : null;
  if (target) list.scrollTop = Math.max(0, target.offsetTop - list.clientHeight / 3);
  else if (atBottom || current) list.scrollTop = list.scrollHeight;
}

/** The final ranking (`game-over`), or nothing while the game goes on. */
export function renderGameOver(container, msg) {
  const finished = msg?.status === "finished" || Boolean(msg?.context?.over);
  container.hidden = !finished;
  if (!finished) {
    fill(container);
    return;
  }
  const names = seatNames(msg.seats);
  const ranking = msg.context?.ranking || msg.result?.ranking || [];
  const mine = msg.seat;
  let headline = t("web.game_over");
  if (Number.isInteger(mine) && ranking[0]?.includes(mine)) {
    headline = ranking[0].length > 1 ? t("web.you_share_win") : t("web.you_win");
  }
  fill(
    container,
    h("h2", {}, headline),
    h(
      "ol",
      { class: "ranking" },
      ranking.map((place, index) =>
        h(
          "li",
          { class: index === 0 ? "winner" : "" },
          h("span", { class: "rank" }, t(`web.ordinal.${index + 1}`)),
          " ",
          place.map((p) => `${names[p]} (${standingText(msg, p)})`).join(", "),
        ),
      ),
    ),
  );
}
