// Friends (`/friends`, issue 35): the accounts one follows, following one more by name, and their open
// and running tables (never a private one), to watch or to join; and whether an invitation to a seat
// reaches this account by e-mail too (to its confirmed address).

import { ApiError, api, fill, h } from "./dom.js";
import { bindLangSwitch, pick, preferredLang, setLang, t, translatePage } from "./i18n.js";
import { tableItem } from "./seats.js";

const main = document.getElementById("main");
let me = null;
let games = [];
let follows = [];
let tables = [];
let byMail = false;
let typed = "";
let problem = null;

function errorText(err) {
  return err?.message ? pick(err.message) : t(err?.key || "web.error.network");
}

async function act(work) {
  problem = null;
  try {
    await work();
  } catch (err) {
    problem = err instanceof ApiError ? err.error : { key: "web.error.network" };
  }
  await load();
}

function followForm() {
  return h(
    "form",
    {
      class: "invite-by-name",
      "data-testid": "follow-form",
      onsubmit: (e) => {
        e.preventDefault();
        const name = typed.trim();
        if (!name) return;
        act(async () => {
          await api("/api/account/follows", { method: "POST", body: { name } });
          typed = "";
        });
      },
    },
    h("label", { for: "follow-name" }, t("web.friends.follow_label")),
    h("input", {
      id: "follow-name",
      type: "text",
      maxlength: 40,
      autocomplete: "off",
      value: typed,
      "data-testid": "follow-name",
      oninput: (e) => {
        typed = e.target.value;
      },
    }),
    h("button", { type: "submit", class: "small", "data-testid": "follow-button" }, t("web.friends.follow")),
  );
}

function render() {
  translatePage();
  document.title = `${t("web.friends.title")} · ${t("web.brand")}`;
  if (!me) {
    fill(
      main,
      h(
        "section",
        { class: "panel" },
        h("p", { "data-testid": "friends-guest" }, t("web.friends.guest")),
        h("a", { href: "/" }, t("web.profile.back")),
      ),
    );
    return;
  }
  fill(
    main,
    h(
      "section",
      { class: "panel" },
      h("h2", {}, t("web.friends.following")),
      followForm(),
      problem ? h("p", { class: "error", role: "alert", "data-testid": "friends-error" }, errorText(problem)) : null,
      follows.length
        ? h(
            "ul",
            { class: "profile-results", "data-testid": "follows" },
            follows.map((f) =>
              h(
                "li",
                { "data-name": f.name },
                h("a", { href: `/player/${encodeURIComponent(f.name)}` }, f.name),
                " ",
                h(
                  "button",
                  {
                    type: "button",
                    class: "small",
                    "data-testid": "unfollow",
                    onclick: () =>
                      act(() => api(`/api/account/follows/${encodeURIComponent(f.name)}`, { method: "DELETE" })),
                  },
                  t("web.friends.unfollow"),
                ),
              ),
            ),
          )
        : h("p", { class: "muted" }, t("web.friends.none")),
    ),
    h(
      "section",
      { class: "panel" },
      h("h2", {}, t("web.friends.tables")),
      tables.length
        ? h(
            "ul",
            { class: "tables", "data-testid": "friends-tables" },
            tables.map((table) =>
              tableItem(
                table,
                games.find((g) => g.id === table.game),
                h("p", { class: "small" }, t("web.friends.at_table", { names: table.friends.join(", ") })),
                h(
                  "div",
                  { class: "table-links" },
                  h(
                    "a",
                    { href: `/table/${encodeURIComponent(table.id)}`, "data-testid": "friend-table-link" },
                    t("web.friends.watch"),
                  ),
                ),
              ),
            ),
          )
        : h("p", { class: "muted" }, t("web.friends.no_tables")),
    ),
    h(
      "section",
      { class: "panel" },
      h(
        "div",
        { class: "field check" },
        h("input", {
          id: "invite-mail",
          type: "checkbox",
          checked: byMail,
          "data-testid": "invite-mail",
          onchange: (e) =>
            act(() => api("/api/account/invite-mail", { method: "PUT", body: { invite_mail: e.target.checked } })),
        }),
        h("label", { for: "invite-mail" }, t("web.friends.invite_mail")),
      ),
    ),
  );
}

async function load() {
  try {
    [follows, tables, byMail] = await Promise.all([
      api("/api/account/follows"),
      api("/api/account/friends/tables"),
      api("/api/account/invite-mail").then((w) => w.invite_mail),
    ]);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) me = null;
  }
  render();
}

async function start() {
  await setLang(preferredLang());
  bindLangSwitch(document, render);
  try {
    [games, me] = await Promise.all([api("/api/games"), api("/api/account").then((a) => a.account)]);
  } catch {
    me = null;
  }
  if (me) await load();
  else render();
}

start();
