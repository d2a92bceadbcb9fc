// The lobby's account panel and "My tables" (docs/web.md, "Accounts").
//
// A guest may log in or create an account (a name and a password); once logged in, the panel links to
// the player's profile and logs out. "My tables" lists the seats this browser remembers (a guest's
// too: seats.js) and, for an account, its seats from any browser: a seat this browser has no key to
// yet is opened by asking the server for a further key to it (POST /api/account/tables/.../key).
// Logging out forgets the keys of the account's seats in this browser.
// The module stands apart from lobby.js: it tells the lobby who is logged in by the
// `hippodrome:account` event (and `window.hippodromeAccount`).

import { ApiError, api, fill, h } from "./dom.js";
import { lang, pick, preferredLang, setLang, t } from "./i18n.js";
import { mailPanel, turnNote } from "./notify.js";
import { dropCreated, forgetTable, rememberedSeats, rememberSeat, seatLink, tableItem } from "./seats.js";

const $ = (id) => document.getElementById(id);
const els = { account: $("account"), mine: $("my-tables") };
const SHOWN = 20; // remembered seats looked up

let me = null; // {name} when logged in
let games = [];
let error = null; // the last refusal of the account form
let busy = false;
let entries = []; // [{summary, seat, link}] shown under "My tables"
const typed = { name: "", password: "" };

function errorText(err) {
  if (err?.message) return pick(err.message);
  return t(err?.key || "web.error.unknown", err?.params || {});
}

function asError(err) {
  return err instanceof ApiError ? err.error : { key: "web.error.network", params: {} };
}

// -- who is logged in ----------------------------------------------------------------------------------

async function loadMe() {
  try {
    me = (await api("/api/account")).account;
  } catch {
    me = null;
  }
  window.hippodromeAccount = me;
  document.dispatchEvent(new CustomEvent("hippodrome:account", { detail: me }));
}

async function send(path) {
  if (busy) return;
  busy = true;
  error = null;
  try {
    await api(path, { method: "POST", body: { name: typed.name, password: typed.password } });
    typed.password = "";
    await loadMe();
    await loadTables();
    await playFromLink();
  } catch (err) {
    error = asError(err);
  } finally {
    busy = false;
    render();
  }
}

/** The account's tables, whose seat keys this browser forgets at logout. */
async function accountTables() {
  try {
    return (await api("/api/account/tables")).map((summary) => summary.id);
  } catch {
    return entries.filter((e) => e.seat !== null).map((e) => e.summary.id);
  }
}

async function logOut() {
  // The next person at this computer must not find the account's seats: their keys are forgotten
  // (the server refuses them to anyone not logged in as the account, besides).
  const tables = await accountTables();
  try {
    await api("/api/account/logout", { method: "POST" });
  } catch (err) {
    error = asError(err);
  }
  for (const id of tables) {
    forgetTable(id);
    dropCreated(id);
  }
  await loadMe();
  await loadTables();
  render();
}

function renderAccount() {
  if (me) {
    fill(
      els.account,
      h(
        "p",
        { class: "account-status", "data-testid": "account-status" },
        t("web.account.logged_in_as", { name: me.name }),
      ),
      confirmedNote(),
      h(
        "div",
        { class: "account-links" },
        h(
          "a",
          { href: `/player/${encodeURIComponent(me.name)}`, "data-testid": "profile-link" },
          t("web.account.profile"),
        ),
        h("a", { href: "/friends", "data-testid": "friends-link" }, t("web.friends.title")),
        h("a", { href: "/leaderboard", "data-testid": "leaderboard-link" }, t("web.leaderboard.title")),
        h(
          "button",
          { type: "button", class: "small", "data-testid": "logout-button", onclick: logOut },
          t("web.account.log_out"),
        ),
      ),
      mailPanel(lang(), renderAccount), // the e-mail address and "your turn" notices (notify.js)
    );
    return;
  }
  const input = (name, type, autocomplete) =>
    h("input", {
      id: `account-${name}`,
      name,
      type,
      autocomplete,
      value: typed[name],
      maxlength: name === "name" ? 40 : 256,
      required: true,
      "data-testid": `account-${name}`,
      oninput: (e) => {
        typed[name] = e.target.value;
      },
    });
  fill(
    els.account,
    confirmedNote(),
    playing
      ? h("p", { class: "notice", "data-testid": "play-login" }, t("web.turn.play_login", { table: playing }))
      : null,
    h("p", { class: "muted small" }, t("web.account.guest_note")),
    h(
      "form",
      {
        class: "account-form",
        "data-testid": "account-form",
        novalidate: true,
        onsubmit: (e) => {
          e.preventDefault();
          send("/api/account/login");
        },
      },
      h(
        "div",
        { class: "field" },
        h("label", { for: "account-name" }, t("web.account.name")),
        input("name", "text", "username"),
      ),
      h(
        "div",
        { class: "field" },
        h("label", { for: "account-password" }, t("web.account.password")),
        input("password", "password", "current-password"),
      ),
      error ? h("div", { class: "error", role: "alert", "data-testid": "account-error" }, errorText(error)) : null,
      h(
        "div",
        { class: "account-buttons" },
        h(
          "button",
          { type: "submit", class: "primary", "data-testid": "login-button", disabled: busy },
          t("web.account.log_in"),
        ),
        h(
          "button",
          {
            type: "button",
            "data-testid": "signup-button",
            disabled: busy,
            onclick: () => send("/api/account/signup"),
          },
          t("web.account.sign_up"),
        ),
      ),
    ),
    h(
      "p",
      { class: "account-links small" },
      h("a", { href: "/account/reset", "data-testid": "forgot-link" }, t("web.account.forgot")),
      h("a", { href: "/leaderboard", "data-testid": "leaderboard-link" }, t("web.leaderboard.title")),
    ),
  );
}

// -- my tables -----------------------------------------------------------------------------------------

async function loadTables() {
  const remembered = rememberedSeats();
  const byTable = new Map();
  for (const seat of remembered) if (!byTable.has(seat.table)) byTable.set(seat.table, seat);
  const found = [];
  const looked = await Promise.all(
    [...byTable.values()].slice(0, SHOWN).map(async (seat) => {
      try {
        return { seat, summary: await api(`/api/tables/${encodeURIComponent(seat.table)}`) };
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) forgetTable(seat.table);
        return null;
      }
    }),
  );
  for (const item of looked) if (item) found.push({ summary: item.summary, seat: null, link: seatLink(item.seat) });
  if (me) {
    try {
      for (const summary of await api("/api/account/tables")) {
        const known = found.find((e) => e.summary.id === summary.id);
        if (known) {
          known.seat = summary.seat;
          Object.assign(known.summary, { your_turn: summary.your_turn, left: summary.left });
        } else found.push({ summary, seat: summary.seat, link: null });
      }
    } catch {
      // Logged out meanwhile: the remembered seats alone.
    }
  }
  // The tables where it is the account's turn first, the least time left first (issue 35).
  const urgency = (e) => (e.summary.your_turn ? (e.summary.left ?? Number.MAX_VALUE) : Number.POSITIVE_INFINITY);
  found.sort((a, b) => urgency(a) - urgency(b) || String(b.summary.updated).localeCompare(String(a.summary.updated)));
  entries = found;
}

/** Open an account's seat in this browser: a further key to it, remembered, then the table. */
async function openSeat(entry) {
  try {
    const key = await api(`/api/account/tables/${encodeURIComponent(entry.summary.id)}/seats/${entry.seat}/key`, {
      method: "POST",
    });
    rememberSeat(entry.summary.id, [key.token]);
    location.assign(key.invite);
  } catch (err) {
    error = asError(err);
    render();
  }
}

/** Decline a seat an invitation kept for the account: the seat goes back to the table. */
async function decline(entry) {
  try {
    await api(`/api/account/invitations/${encodeURIComponent(entry.summary.id)}/${entry.seat}/decline`, {
      method: "POST",
    });
    await loadTables();
  } catch (err) {
    error = asError(err);
  }
  render();
}

function tableEntry(entry) {
  const table = entry.summary;
  const label = table.status === "finished" ? t("web.my_tables.see") : t("web.my_tables.play");
  return tableItem(
    table,
    games.find((g) => g.id === table.game),
    h("p", { class: "muted small" }, t(`web.my_tables.status.${table.status}`)),
    turnNote(table),
    table.invited_by
      ? h(
          "p",
          { class: "small invited", "data-testid": "invited-by" },
          t("web.friends.invited_by", { name: table.invited_by }),
          " ",
          h(
            "button",
            { type: "button", class: "small", "data-testid": "decline-invitation", onclick: () => decline(entry) },
            t("web.friends.decline"),
          ),
        )
      : null,
    h(
      "div",
      { class: "table-links" },
      entry.link
        ? h("a", { href: entry.link, "data-testid": "my-table-link" }, label)
        : h(
            "button",
            { type: "button", class: "small", "data-testid": "my-table-link", onclick: () => openSeat(entry) },
            label,
          ),
    ),
  );
}

function renderTables() {
  if (!entries.length) {
    fill(els.mine, h("li", { class: "muted empty" }, t(me ? "web.my_tables.none" : "web.my_tables.none_guest")));
    return;
  }
  fill(els.mine, entries.map(tableEntry));
}

function render() {
  renderAccount();
  renderTables();
}

async function start() {
  await setLang(preferredLang());
  // The lobby's language switch re-renders the lobby; this panel follows the page's language.
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  try {
    games = await api("/api/games");
  } catch {
    games = [];
  }
  await loadMe();
  await loadTables();
  render();
  await playFromLink();
}

// -- a link from a "your turn" e-mail or push: /?play=<table> (no seat key travels by mail) -----------

const params = new URLSearchParams(location.search);
let playing = params.get("play"); // the table whose seat the link opens, after a login if need be
const confirmed = params.get("email") === "confirmed"; // back from an address's confirmation link

function confirmedNote() {
  return confirmed ? h("p", { class: "notice", "data-testid": "email-confirmed" }, t("web.notify.email_done")) : null;
}

/** Open the logged-in account's seat at the table the link names; a guest logs in first (the
 * form says why), then the seat opens. */
async function playFromLink() {
  if (!playing || !me) return;
  const entry = entries.find((e) => e.summary.id === playing && e.seat !== null && e.seat !== undefined);
  if (!entry) {
    error = { key: "web.turn.no_seat", params: { table: playing } };
    playing = null;
    render();
    return;
  }
  playing = null;
  await openSeat(entry);
}

start();
