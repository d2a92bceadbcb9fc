// The seats this browser holds, and the invitations of a table it has just created.
//
// A guest has no account: the browser remembers his seats (localStorage, `hippodrome.seats`: the table
// id and the seat's token, which is the seat's key), so closing the tab does not lose a seat and the
// lobby lists them under "My tables". A table's creation answer, the only time the server shows the
// seats' tokens, is kept for the browser's session (sessionStorage) so the creator, who lands at his
// own seat, still finds the other seats' invitations there.

import { botLabel } from "./botlabels.js";
import { inviteByNameForm } from "./byname.js";
import { copyButton, fill, forgetSeatKeys, formatTime, h, seatColour, seatNames } from "./dom.js";
import { has, lang, pick, t } from "./i18n.js";
import { ratingTag } from "./ratings.js";

const SEATS_KEY = "hippodrome.seats";
const CREATED_KEY = "hippodrome.created.";
const KEEP = 50; // the most recent seats remembered

function read(storage, key, fallback) {
  try {
    const value = JSON.parse(storage.getItem(key));
    return value ?? fallback;
  } catch {
    return fallback; // storage disabled, or not ours
  }
}

function write(storage, key, value) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered (storage disabled or full): the page still works.
  }
}

/** The remembered seats, most recent first: `[{table, tokens: [..], at}]` (several tokens: hot-seat). */
export function rememberedSeats() {
  const list = read(localStorage, SEATS_KEY, []);
  return Array.isArray(list) ? list.filter((s) => s && typeof s.table === "string" && Array.isArray(s.tokens)) : [];
}

/** Remember that this browser plays `tokens` at `table` (moved to the front if known). */
export function rememberSeat(table, tokens) {
  if (!table || !tokens.length) return;
  const key = tokens.join(",");
  const others = rememberedSeats().filter((s) => !(s.table === table && s.tokens.join(",") === key));
  write(localStorage, SEATS_KEY, [{ table, tokens, at: Date.now() }, ...others].slice(0, KEEP));
}

/** Forget every seat remembered at `table` (it no longer exists). */
export function forgetTable(table) {
  forgetSeatKeys(table);
  write(
    localStorage,
    SEATS_KEY,
    rememberedSeats().filter((s) => s.table !== table),
  );
}

/** The page link that plays a remembered seat. */
export function seatLink(seat) {
  const id = encodeURIComponent(seat.table);
  const tokens = seat.tokens.map(encodeURIComponent);
  return tokens.length > 1 ? `/table/${id}#tokens=${tokens.join(",")}` : `/table/${id}#token=${tokens[0]}`;
}

/** A table as the lobby lists it: the game, the table's number and time, the seats by colour and name
 * (a bot's level beside it), then `more` (a result, links). */
export function tableItem(table, game, ...more) {
  const names = seatNames(table.seats);
  return h(
    "li",
    { class: "table-item", "data-table": table.id },
    h(
      "div",
      { class: "table-head" },
      h("strong", {}, game ? pick(game.titles) : table.game),
      h(
        "span",
        { class: "muted small" },
        ` ${t("web.table_n", { id: table.id })} · ${formatTime(table.updated || table.created, lang())}`,
      ),
    ),
    h(
      "div",
      { class: "seat-chips" },
      (table.seats || []).map((seat, i) =>
        h(
          "span",
          { class: "seat-chip", style: `--seat:${seatColour(i)}` },
          names[i],
          ratingTag(seat, i),
          seat.kind === "bot" ? h("small", {}, ` (${botLabel(table.game, seat.bot)})`) : null,
        ),
      ),
    ),
    more,
  );
}

// -- the roles a seat holds -----------------------------------------------------------------------------

/**
 * The roles a game declares for `seat` (its observation's `roles`: for each seat, a list of message
 * keys, docs/web.md), each a small tag in words: « Banquier », "Bookmaker". Where the catalog has
 * `<key>.about`, that sentence says what the role does (the tag's title and accessible description).
 * Nothing for a game that declares no roles.
 * @param {object|null|undefined} observation   the seat's observation (the state message's)
 * @param {number} seat
 * @returns {HTMLElement[]}
 */
export function roleTags(observation, seat) {
  const keys = observation?.roles?.[seat];
  if (!Array.isArray(keys)) return [];
  return keys
    .filter((key) => typeof key === "string" && key)
    .map((key) => {
      const about = has(`${key}.about`) ? t(`${key}.about`) : null;
      return h(
        "span",
        { class: "role-tag", "data-role": key, "data-testid": `role-${seat}`, title: about, "aria-description": about },
        t(key),
      );
    });
}

// -- a table just created ------------------------------------------------------------------------------

/** Keep the creation answer for this browser session, and remember the creator's seat. */
/** Keep a table just created for its creator's page, and remember his own seats (``tokens``;
 * by default the first human seat). */
export function stashCreated(created, tokens = null) {
  write(sessionStorage, CREATED_KEY + created.id, created);
  const mine = tokens ?? [creatorSeat(created)?.token].filter(Boolean);
  if (mine.length) rememberSeat(created.id, mine);
}

export function createdTable(id) {
  return read(sessionStorage, CREATED_KEY + id, null);
}

export function dropCreated(id) {
  try {
    sessionStorage.removeItem(CREATED_KEY + id);
  } catch {
    // Nothing kept.
  }
}

/** The creator's own seat: the first human seat (null when every seat is a bot). */
export function creatorSeat(created) {
  return (created?.seats || []).find((seat) => seat.kind === "human" && seat.invite) || null;
}

function absolute(path) {
  return new URL(path, location.origin).href;
}

/** Fill `container` with a created table's links: each human seat's invitation, the hot-seat link
 * and the spectators' link; `extra` goes after them (a button to hide the panel). */
export function renderInvitations(container, created, extra = null) {
  const humans = created.seats.filter((seat) => seat.kind === "human" && seat.invite);
  fill(
    container,
    h("h3", {}, t("web.lobby.created", { id: created.id })),
    humans.length ? h("p", { class: "muted small" }, t("web.lobby.invite_note")) : null,
    h(
      "ul",
      { class: "links" },
      humans.map((seat) => {
        const url = absolute(seat.invite);
        const own = creatorSeat(created);
        return h(
          "li",
          {},
          h("span", { class: "link-label" }, t("web.lobby.invite_for", { name: seat.name, n: seat.index + 1 })),
          h("a", { href: url, "data-testid": `invite-${seat.index}`, class: "url" }, url),
          copyButton(url),
          // Or keep the seat for an account, by its name (issue 35).
          own && own.index !== seat.index ? inviteByNameForm(created.id, seat, own.token) : null,
        );
      }),
      created.hotseat && humans.length > 1
        ? h(
            "li",
            {},
            h("span", { class: "link-label" }, t("web.lobby.hotseat_label")),
            h("a", { href: absolute(created.hotseat), "data-testid": "hotseat-link" }, t("web.lobby.hotseat")),
          )
        : null,
      h(
        "li",
        {},
        h("span", { class: "link-label" }, t("web.lobby.spectate_label")),
        h(
          "a",
          { href: absolute(created.spectate), "data-testid": "spectate-link", class: "url" },
          absolute(created.spectate),
        ),
        copyButton(absolute(created.spectate)),
      ),
    ),
    extra,
  );
}
