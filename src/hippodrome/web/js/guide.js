// A guided table's hint panel (issue 16: a guided first game). At each decision of this seat it
// says what the decision is about, in the game's own words (`<game>.guide.<phase>`, in the game's
// locale files), what the medium bot would play here (a `hint` message: the heuristic bot's move,
// thought out by the server from this seat's view and sent to this seat alone), with a button that
// plays it, and a link that opens the rules at this phase (help.js). It knows no game.

import { fill, h } from "./dom.js";
import { has, pick, t } from "./i18n.js";

/**
 * Draw the panel in `container` for the state message `msg` and the last `hint` message;
 * `act(notation)` plays a move, `openRules()` opens the help panel at this phase.
 */
export function renderGuide(container, msg, hint, { act, openRules }) {
  const guided = Boolean(msg?.guided) && Number.isInteger(msg?.seat) && msg?.status === "running";
  container.hidden = !guided;
  if (!guided) {
    fill(container);
    return;
  }
  const title = h("h2", {}, t("web.guide.title"));
  if (!(msg.legal || []).length) {
    fill(container, title, h("p", { class: "muted small" }, t("web.guide.waiting")));
    return;
  }
  const phase = msg.observation?.phase;
  const key = `${msg.game}.guide.${phase}`;
  const about = h(
    "p",
    { class: "guide-about", "data-testid": "guide-about", "data-phase": phase ?? "" },
    has(key) ? t(key) : t("web.guide.no_text"),
  );
  const rules = h(
    "button",
    { type: "button", class: "link-button small", "data-testid": "guide-rules", onclick: openRules },
    t("web.guide.rules"),
  );
  const current = hint && hint.version === msg.version ? hint.action : null;
  const legal = current && (msg.legal || []).find((move) => move.notation === current.notation);
  const suggestion = legal
    ? h(
        "div",
        { class: "guide-suggestion", "data-testid": "guide-suggestion", "data-notation": legal.notation },
        h("p", { class: "small" }, t("web.guide.suggestion")),
        h("p", { class: "guide-move" }, pick(legal.label) || legal.notation),
        h(
          "button",
          { type: "button", "data-testid": "guide-play", onclick: () => act(legal.notation) },
          t("web.guide.play"),
        ),
        h("p", { class: "muted small" }, t("web.guide.yours")),
      )
    : h("p", { class: "muted small", "data-testid": "guide-thinking" }, t("web.guide.thinking"));
  fill(container, title, about, rules, suggestion);
}
