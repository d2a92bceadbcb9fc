// Royal Turf's controls: the die (kit/dice.js: the face rolled and not yet played, or the last one
// dimmed; a short tumble when it was just rolled), the roll button, the seat's betting tokens and a
// line that says what to do next. Every button a finger's size (`kit-target`).

import { fill, h } from "/static/js/dom.js";
import { animateRoll, drawDie, justRolled, rollButton, showRoll } from "/static/js/kit/dice.js";
import { dieFace } from "./faces.js";

export const TOKEN_KEYS = ["a", "s", "d", "f"];

/**
 * The controls: `box` to mount; `draw()` at every state and selection; `collect()` when a new state
 * arrives (a roll to tumble).
 * @param {ReturnType<import("./state.js").createState>} state
 */
export function createControls(state) {
  const { shell, boardData } = state;
  const t = (key, params) => shell.t(key, params);
  const dieBox = h("div", { class: "rt-die", "aria-live": "polite" });
  const roll = rollButton({ label: "", onRoll: () => state.canRoll() && shell.roll(), className: "rt-roll" });
  roll.hidden = true;
  const tokensBox = h("div", { class: "rt-tokens" });
  const hintBox = h("p", { class: "rt-hint", "aria-live": "polite" });
  const box = h("div", { class: "rt-controls" }, dieBox, roll, tokensBox, hintBox);
  let tumble = null; // the face just rolled, to tumble at the next drawing
  let stopTumble = () => {};

  /** The face to show: the one rolled and not yet played, else (dimmed) the race's last roll. */
  function shownFace() {
    const o = state.obs();
    if (o?.rolled) return { face: o.rolled, stale: false };
    if (o?.phase !== "racing") return { face: null, stale: false };
    for (let i = shell.log.length - 1; i >= 0; i--) {
      const e = shell.log[i];
      if (e.key === "royal_turf.race_started") break;
      if (e.key === "royal_turf.die_rolled") return { face: e.params.face, stale: true };
    }
    return { face: null, stale: false };
  }

  function drawDieBox() {
    const { face, stale } = shownFace();
    const label = face ? state.faceName(face) : t("web.royal_turf.die_not_rolled");
    const text = h(
      "span",
      { class: "rt-die-text" },
      h("span", { class: "rt-die-label" }, stale ? t("web.royal_turf.last_roll") : t("web.royal_turf.die")),
      face ? h("strong", {}, state.faceName(face)) : null,
    );
    // The same die stays, its words redrawn (a redraw at the same version, a selection or the
    // language, leaves its tumble alone).
    const drawn = `${face} ${stale}`;
    const shown = dieBox.querySelector(".kit-die");
    if (drawn === dieBox.dataset.drawn && shown && !tumble) {
      shown.setAttribute("aria-label", label);
      shown.setAttribute("title", label);
      dieBox.querySelector(".rt-die-text")?.replaceWith(text);
      return;
    }
    dieBox.dataset.drawn = drawn;
    const die = drawDie(dieFace(face, label), { size: 40, stale, testid: "rt-die" });
    fill(dieBox, die, text);
    if (tumble && tumble === face && !stale) {
      const faces = [...new Set(boardData.die)].map((f) => dieFace(f, state.faceName(f)));
      stopTumble = animateRoll(die, { faces, size: 40 });
    }
    tumble = null;
  }

  function drawTokens() {
    const hand = state.hand();
    // On a phone the tokens show while they may be bet, not all race long.
    tokensBox.hidden = hand === null || (shell.layout === "compact" && !state.isBetting());
    if (hand === null) {
      fill(tokensBox);
      return;
    }
    const playable = state.playableTokens();
    const betting = state.isBetting();
    const counts = new Map();
    for (const v of hand) counts.set(v, (counts.get(v) || 0) + 1);
    const buttons = state.distinctTokens().map((v, i) => {
      const enabled = betting && playable.has(v);
      const selected = enabled && state.token() === v;
      const action = enabled ? state.tokenAction(v) : null;
      const count = counts.get(v);
      return h(
        "button",
        {
          type: "button",
          class: `token kit-target${selected ? " selected" : ""}`,
          "data-testid": `token-${v}`,
          "data-action": action?.notation,
          "aria-pressed": String(selected),
          "aria-label": t("web.royal_turf.token_label", { token: v, count }),
          "aria-keyshortcuts": TOKEN_KEYS[i]?.toUpperCase(),
          disabled: !enabled,
          onclick: () => state.clickToken(v),
        },
        h("span", { class: "token-value" }, String(v)),
        count > 1 ? h("span", { class: "token-count" }, `×${count}`) : null,
        enabled && TOKEN_KEYS[i] ? h("kbd", {}, TOKEN_KEYS[i].toUpperCase()) : null,
      );
    });
    fill(
      tokensBox,
      h("span", { class: "rt-tokens-label" }, t("web.royal_turf.your_tokens")),
      buttons.length ? buttons : h("span", { class: "muted" }, t("web.royal_turf.no_tokens")),
    );
  }

  /** What to do next, in a sentence (a phone's: no keys, a tap). */
  function hint() {
    if (!shell.interactive || !shell.msg) return "";
    const touch = shell.layout === "compact" ? "_touch" : "";
    const sel = state.selected;
    if (shell.msg.can_roll) return t(`web.royal_turf.hint_roll${touch}`);
    if (state.isMoving()) return t(`web.royal_turf.hint_move${touch}`, { face: state.faceName(state.obs().rolled) });
    if (!state.isBetting()) return "";
    if (sel.horse) return t("web.royal_turf.hint_bet_token", { horse: state.horseName(sel.horse) });
    return t(`web.royal_turf.hint_bet${touch}`, { token: state.token() });
  }

  function draw() {
    drawDieBox();
    showRoll(roll, {
      canRoll: state.canRoll(),
      label: t("web.royal_turf.roll"),
      ariaLabel: t("web.royal_turf.roll_label"),
    });
    drawTokens();
    hintBox.textContent = hint();
  }

  /** A new version: the last tumble stops; a later version whose events rolled the die tumbles it
   * once drawn. */
  function collect() {
    stopTumble();
    stopTumble = () => {};
    tumble = shell.forward
      ? justRolled(shell.msg, (e) => (e.key === "royal_turf.die_rolled" ? e.params.face : null))
      : null;
  }

  /** Focus a token's button (a key chose it). */
  const focusToken = (value) => tokensBox.querySelector(`[data-testid="token-${value}"]`)?.focus();

  return { box, draw, collect, focusToken, destroy: () => stopTumble() };
}
