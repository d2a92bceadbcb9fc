// The fallback board for a game that has no board module yet: its legal actions as buttons and the
// observation as JSON. Enough to play and to debug; a real board replaces it game by game.

import { fill, h, legalMoves, moveLabel } from "/static/js/dom.js";

export function createBoard(container, { t, lang = "en", send = null, readOnly = false }) {
  const root = h("div", { class: "generic-board" });
  const actions = h("div", { class: "generic-actions" });
  const pre = h("pre", { class: "generic-observation" });
  root.append(actions, pre);
  fill(container, root);
  let msg = null;

  function draw() {
    const buttons = [];
    if (!readOnly && send && msg?.can_roll) {
      buttons.push(
        h(
          "button",
          { type: "button", class: "primary", "data-testid": "roll-button", onclick: () => send({ type: "roll" }) },
          t("web.generic.roll"),
        ),
      );
    }
    if (!readOnly && send) {
      for (const move of legalMoves(msg)) {
        const action = move.notation;
        buttons.push(
          h(
            "button",
            { type: "button", title: action, "data-action": action, onclick: () => send({ type: "act", action }) },
            moveLabel(move, lang),
          ),
        );
      }
    }
    fill(actions, buttons);
    pre.textContent = msg ? JSON.stringify(msg.observation, null, 1) : "";
  }

  return {
    update(stateMessage) {
      msg = stateMessage;
      draw();
    },
    setLang(newLang, newT) {
      lang = newLang;
      if (newT) t = newT;
      draw();
    },
  };
}
