// "Your turn" reaches the player (docs/web.md, "Mail and push"; issue 35).
//
// In the table page: the tab's title and the chime are table.js's; this module adds the browser's
// notification when the page is in the background (`turnCame`), asked for by the bell button only
// (a permission is asked on a click, never on its own), and, for a logged-in player on a site with
// a VAPID key, the page's push subscription: "your turn" then reaches the browser with no page of
// the site open (the service worker `push-worker.js` shows it).
// In the lobby: the account's e-mail address (confirmed by the link sent to it) and its choices of
// notices (`mailPanel`), and the time a turn-based table leaves the player (`turnLeft`).

import { api, h } from "./dom.js";

import { t } from "./i18n.js";

const WORKER = "/static/js/push-worker.js";

/** Append the children that are there (a `null` is a part not shown). */
function append(node, ...children) {
  node.append(...children.filter((c) => c !== null && c !== undefined));
}

// -- the table page --------------------------------------------------------------------------------

function notificationsGranted() {
  return "Notification" in window && Notification.permission === "granted";
}

/** Subscribe this browser to the site's push for the logged-in account, when the site has a key
 * and the browser can: best effort (a guest, an old browser or a refusal simply get none). */
async function subscribePush() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return false;
  const { key } = await api("/api/push/key");
  const { account } = await api("/api/account");
  if (!key || !account) return false;
  const registration = await navigator.serviceWorker.register(WORKER);
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  await api("/api/account/push", { method: "POST", body: subscription.toJSON() });
  return true;
}

/** The bell beside the sound button: on a click, asks the browser's permission for notices (and
 * subscribes to push when logged in). */
export function bellButton() {
  const button = h("button", {
    type: "button",
    class: "small bell",
    "data-testid": "notify-button",
  });
  const mark = () => {
    const on = notificationsGranted();
    // Like the sound button, a toggle shown pressed once granted; the page translates its words
    // again once its catalog has come, and at a change of language.
    button.dataset.i18n = "web.notify.bell";
    button.textContent = t(button.dataset.i18n);
    button.setAttribute("aria-pressed", String(on));
    const denied = "Notification" in window && Notification.permission === "denied";
    button.dataset.i18nTitle = denied ? "web.notify.denied" : "web.notify.bell_hint";
    button.title = t(button.dataset.i18nTitle);
  };
  button.addEventListener("click", async () => {
    if (!("Notification" in window)) return;
    if (Notification.permission === "default") await Notification.requestPermission();
    mark();
    if (notificationsGranted()) {
      try {
        await subscribePush();
      } catch {
        // No push service here (a headless browser, a private window): the page's notices remain.
      }
    }
  });
  mark();
  return button;
}

/** A decision has just come to this page's seat: the browser's notice when the page is hidden. */
export function turnCame(gameTitle, tableId) {
  if (!document.hidden || !notificationsGranted()) return null;
  const notice = new Notification(t("web.notify.title", { game: gameTitle }), {
    body: t("web.notify.body", { table: tableId }),
    tag: `turn-${tableId}`,
  });
  notice.onclick = () => {
    window.focus();
    notice.close();
  };
  return notice;
}

// -- the lobby ---------------------------------------------------------------------------------------

/** The time a turn-based table leaves its player, as « My tables » shows it: 1 d 23 h, 5 h 10 min. */
export function turnLeft(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  if (hours >= 24) return t("web.turn.days_hours", { days: Math.floor(hours / 24), hours: hours % 24 });
  const minutes = Math.floor((s % 3600) / 60);
  return t("web.clock.hours_minutes", { hours, minutes: String(minutes).padStart(2, "0") });
}

/** The words « My tables » puts on a table where it is the player's turn (null: it is not). */
export function turnNote(summary) {
  if (!summary?.your_turn) return null;
  const left = typeof summary.left === "number" ? ` · ${t("web.turn.left", { time: turnLeft(summary.left) })}` : "";
  return h("p", { class: "your-turn small", "data-testid": "your-turn" }, `${t("web.turn.your_turn")}${left}`);
}

let settings = null; // the account's mail settings, once read
let typedEmail = "";
let told = null; // {key, params} of the last answer shown

async function send(path, body, redraw) {
  try {
    settings = await api(path, { method: "POST", body });
    told = body.email ? { key: "web.notify.email_sent", params: { email: settings.email } } : null;
  } catch (err) {
    told = { error: err?.error ?? { key: "web.error.network", params: {} } };
  }
  redraw();
}

/** The account's e-mail address and its choices of "your turn" notices, in the account panel. */
export function mailPanel(lang, redraw) {
  const panel = h("details", { class: "mail-settings", "data-testid": "mail-settings" });
  if (!settings) {
    api("/api/account/email")
      .then((found) => {
        settings = found;
        redraw();
      })
      .catch(() => {});
    return panel;
  }
  const status = settings.email
    ? t(settings.confirmed ? "web.notify.email_confirmed" : "web.notify.email_unconfirmed")
    : "";
  const check = (name, label) =>
    h(
      "div",
      { class: "check" },
      h("input", {
        id: `notify-${name}`,
        type: "checkbox",
        checked: Boolean(settings[`notify_${name}`]),
        "data-testid": `notify-${name}`,
        onchange: (e) => send("/api/account/notifications", { [`notify_${name}`]: e.target.checked }, redraw),
      }),
      h("label", { for: `notify-${name}` }, label),
    );
  const message = told?.error
    ? h("div", { class: "error", role: "alert" }, t(told.error.key, told.error.params || {}))
    : told
      ? h("p", { class: "small", role: "status", "data-testid": "mail-told" }, t(told.key, told.params))
      : null;
  append(
    panel,
    h("summary", {}, t("web.notify.email"), settings.email ? ` · ${settings.email} (${status})` : ""),
    settings.mail
      ? h(
          "form",
          {
            class: "mail-form",
            novalidate: true,
            onsubmit: (e) => {
              e.preventDefault();
              send("/api/account/email", { email: typedEmail, lang }, redraw);
            },
          },
          h("p", { class: "muted small" }, t("web.notify.email_hint")),
          h("label", { for: "mail-address" }, t("web.notify.email")),
          h("input", {
            id: "mail-address",
            type: "email",
            autocomplete: "email",
            maxlength: 254,
            value: typedEmail || settings.email || "",
            "data-testid": "mail-address",
            oninput: (e) => {
              typedEmail = e.target.value;
            },
          }),
          h("button", { type: "submit", class: "small", "data-testid": "mail-save" }, t("web.notify.email_save")),
        )
      : h("p", { class: "muted small" }, t("web.notify.no_mail")),
    message,
    check("email", t("web.notify.by_email")),
    settings.push_key ? check("push", t("web.notify.by_push")) : null,
  );
  panel.open = Boolean(told);
  return panel;
}
