// A guided table's hint panel (issue 16: a guided first game; issue 34: guidance that says why). At
// each decision of this seat it says what the decision is about, in the game's own words: the
// phase's text (`<game>.guide.<phase>`, in the game's locale files), or the text the game chose for
// the situation at hand (the hint's `about`: the last race, the lot on sale). Then what the medium
// bot would play here (a `hint` message: the heuristic bot's move, thought out by the server from
// this seat's view and sent to this seat alone), the whole move where the game has plans (played at
// one tap, as a `plan` message), and why (the hint's `reason`: a sentence the server built from
// simulations of this move and the best other one tried), with a button that plays it, and a link
// that opens the rules at this phase (help.js). It knows no game, and computes nothing.

import { fill, h } from "./dom.js";
import { has, pick, t } from "./i18n.js";

/**
 * Draw the panel in `container` for the state message `msg` and the last `hint` message;
 * `act(notation)` plays a move, `plan(notations)` a whole move, `roll()` throws the dice when they
 * are this seat's to throw, `openRules()` opens the help panel at this phase.
 */
export function renderGuide(container, msg, hint, { act, plan, roll, openRules }) {
  const guided = Boolean(msg?.guided) && Number.isInteger(msg?.seat) && msg?.status === "running";
  container.hidden = !guided;
  if (!guided) {
    fill(container);
    return;
  }
  const title = h("h2", {}, t("web.guide.title"));
  const phase = msg.observation?.phase;
  const key = `${msg.game}.guide.${phase}`;
  if (msg.can_roll) {
    // The dice are this seat's to throw: the guide says so, and throws them at a tap.
    const about = has(key) ? t(key) : t("web.guide.roll_about");
    const button = h("button", { type: "button", "data-testid": "guide-roll", onclick: roll }, t("web.guide.roll"));
    fill(container, title, h("p", { class: "guide-about", "data-testid": "guide-about" }, about), button);
    return;
  }
  if (!(msg.legal || []).length) {
    fill(container, title, h("p", { class: "muted small" }, t("web.guide.waiting")));
    return;
  }
  const current = hint && hint.version === msg.version ? hint : null;
  const situation = pick(current?.about?.text);
  const about = h(
    "p",
    {
      class: "guide-about",
      "data-testid": "guide-about",
      "data-phase": phase ?? "",
      "data-situation": situation ? current.about.key : "",
    },
    situation || (has(key) ? t(key) : t("web.guide.no_text")),
  );
  const rules = h(
    "button",
    { type: "button", class: "link-button small", "data-testid": "guide-rules", onclick: openRules },
    t("web.guide.rules"),
  );
  const notation = current?.action?.notation;
  const legal = notation && (msg.legal || []).find((move) => move.notation === notation);
  const whole = legal && Array.isArray(current.plan) && current.plan.length ? current.plan : null;
  const reason = pick(current?.reason?.text);
  const suggestion = legal
    ? h(
        "div",
        {
          class: "guide-suggestion",
          "data-testid": "guide-suggestion",
          "data-notation": legal.notation,
          "data-version": msg.version,
          "data-plan": whole ? whole.join(" ; ") : "",
        },
        h("p", { class: "small" }, t("web.guide.suggestion")),
        h("p", { class: "guide-move" }, pick(current.move?.text) || pick(legal.label) || legal.notation),
        reason
          ? h(
              "p",
              { class: "guide-reason small", "data-testid": "guide-reason", "data-reason": current.reason.key },
              h("strong", {}, t("web.guide.why")),
              ` ${reason}`,
            )
          : null,
        h(
          "button",
          {
            type: "button",
            "data-testid": "guide-play",
            onclick: () => (whole ? plan(whole) : act(legal.notation)),
          },
          whole && whole.length > 1 ? t("web.guide.play_whole") : t("web.guide.play"),
        ),
        h("p", { class: "muted small" }, t("web.guide.yours")),
      )
    : h("p", { class: "muted small", "data-testid": "guide-thinking" }, t("web.guide.thinking"));
  fill(container, title, about, rules, suggestion);
}
