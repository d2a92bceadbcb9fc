// A forgotten password (`/account/reset`): without a token, the form that asks for a link by e-mail (to
// the account's confirmed address); with the link's `#token=…`, the form that chooses the new password
// (the token works once and expires). The token leaves the address bar as soon as it is read.

import { ApiError, api, fill, h } from "./dom.js";
import { bindLangSwitch, pick, preferredLang, setLang, t, translatePage } from "./i18n.js";

const main = document.getElementById("main");
const token = new URLSearchParams(location.hash.slice(1)).get("token");
if (token) history.replaceState(null, "", location.pathname);
let typed = "";
let answer = null; // {ok: text} or {error}

function said() {
  if (!answer) return null;
  if (answer.error)
    return h(
      "p",
      { class: "error", role: "alert", "data-testid": "reset-error" },
      answer.error.message ? pick(answer.error.message) : t(answer.error.key),
    );
  return h("p", { role: "status", "data-testid": "reset-done" }, answer.ok);
}

async function send(path, body, ok) {
  try {
    const result = await api(path, { method: "POST", body });
    answer = { ok: ok(result) };
  } catch (err) {
    answer = { error: err instanceof ApiError ? err.error : { key: "web.error.network" } };
  }
  render();
}

function field(id, label, type, autocomplete) {
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    h("input", {
      id,
      type,
      autocomplete,
      required: true,
      maxlength: type === "password" ? 256 : 40,
      "data-testid": id,
    }),
  );
}

function render() {
  translatePage();
  document.title = `${t("web.reset.title")} · ${t("web.brand")}`;
  const value = (id) => document.getElementById(id)?.value || "";
  const form = token
    ? h(
        "form",
        {
          class: "account-form",
          onsubmit: (e) => {
            e.preventDefault();
            if (value("reset-password") !== value("reset-again")) {
              answer = { error: { key: "web.reset.mismatch" } };
              render();
              return;
            }
            send("/api/account/reset/confirm", { token, password: value("reset-password") }, () =>
              t("web.reset.changed"),
            );
          },
        },
        field("reset-password", t("web.reset.new_password"), "password", "new-password"),
        field("reset-again", t("web.reset.again"), "password", "new-password"),
        h("button", { type: "submit", class: "primary", "data-testid": "reset-send" }, t("web.reset.choose")),
      )
    : h(
        "form",
        {
          class: "account-form",
          onsubmit: (e) => {
            e.preventDefault();
            typed = value("reset-name");
            send("/api/account/reset", { name: typed }, (result) => pick(result.message));
          },
        },
        h("p", { class: "muted small" }, t("web.reset.note")),
        field("reset-name", t("web.account.name"), "text", "username"),
        h("button", { type: "submit", class: "primary", "data-testid": "reset-send" }, t("web.reset.ask")),
      );
  fill(main, h("section", { class: "panel" }, form, said(), h("a", { href: "/" }, t("web.profile.back"))));
  if (!token && typed) document.getElementById("reset-name").value = typed;
}

async function start() {
  await setLang(preferredLang());
  bindLangSwitch(document, render);
  render();
}

start();
