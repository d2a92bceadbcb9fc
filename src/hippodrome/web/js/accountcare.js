// An account's care, on its own profile page (issue 35): changing the password (the current one asked;
// the account's other logins end) and deleting the account (its password asked; its seats then show
// « former player », its games and the others' ratings stay, its name stays reserved).

import { ApiError, api, h } from "./dom.js";
import { pick, t } from "./i18n.js";

function field(id, label) {
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    h("input", {
      id,
      type: "password",
      autocomplete: id === "care-current" || id === "care-delete" ? "current-password" : "new-password",
      maxlength: 256,
      required: true,
      "data-testid": id,
    }),
  );
}

function shownError(err) {
  const error = err instanceof ApiError ? err.error : { key: "web.error.network" };
  return error.message ? pick(error.message) : t(error.key);
}

/** The section « Your account » of one's own profile. */
export function accountCare() {
  const changed = h("p", { class: "small", role: "status", "data-testid": "care-password-said" });
  const deleted = h("p", { class: "small", role: "status", "data-testid": "care-delete-said" });
  const value = (id) => document.getElementById(id)?.value || "";
  const password = h(
    "form",
    {
      class: "account-form",
      "data-testid": "care-password",
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          const done = await api("/api/account/password", {
            method: "POST",
            body: { current: value("care-current"), new: value("care-new") },
          });
          changed.className = "small";
          changed.textContent = t("web.care.password_changed", { n: done.sessions_ended });
          e.target.reset();
        } catch (err) {
          changed.className = "small error";
          changed.textContent = shownError(err);
        }
      },
    },
    h("h3", {}, t("web.care.password_title")),
    field("care-current", t("web.care.current")),
    field("care-new", t("web.care.new")),
    h("button", { type: "submit", "data-testid": "care-password-send" }, t("web.care.change")),
    changed,
  );
  const removal = h(
    "form",
    {
      class: "account-form",
      "data-testid": "care-delete",
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          await api("/api/account/delete", { method: "POST", body: { password: value("care-delete") } });
          location.assign("/");
        } catch (err) {
          deleted.className = "small error";
          deleted.textContent = shownError(err);
        }
      },
    },
    h("h3", {}, t("web.care.delete_title")),
    h("p", { class: "muted small" }, t("web.care.delete_note")),
    field("care-delete", t("web.care.current")),
    h("button", { type: "submit", class: "danger", "data-testid": "care-delete-send" }, t("web.care.delete")),
    deleted,
  );
  return h(
    "section",
    { class: "panel", "data-testid": "account-care" },
    h("h2", {}, t("web.care.title")),
    password,
    removal,
  );
}
