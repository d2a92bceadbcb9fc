// The amount picker: one way to choose a sum among the legal ones, for every auction, bid and bet
// (the engine offers each amount as a legal action; the picker never invents one).

import { h } from "/static/js/dom.js";
import { actionButton } from "./action.js";

/**
 * @typedef {object} AmountMove   a legal action carrying an amount
 * @property {string} notation
 * @property {number} amount
 */

/**
 * Quick buttons for the first `quick` amounts, and the other amounts in a list with one button that
 * plays the one chosen. Every control is a finger's size (`kit-target`, at least 40 CSS pixels).
 * The choice in the list is kept across redraws under `memory` (an object the board keeps).
 *
 * With `stepper`, a − and a + beside the list choose the amount before and after the one chosen
 * (many amounts: a bid in steps of 500 up to 50,000), the list's button showing the amount chosen.
 *
 * Test ids: `${testid}` on each quick button (its `data-action` is the move's notation),
 * `${testid}-select` on the list, `${testid}-other` on its button (its `data-action` the notation of
 * the amount chosen), `${testid}-down` and `${testid}-up` on the stepper's buttons.
 *
 * @param {AmountMove[]} moves            sorted as they should be offered
 * @param {object} how
 * @param {(amount: number) => string} how.label     a quick button's text ("Bid 3,000 F")
 * @param {(amount: number) => string} how.option    a list entry's text ("3,000 F")
 * @param {string} how.other                          the list button's text ("Bid")
 * @param {string} how.otherLabel                     the list's accessible name ("Another amount")
 * @param {(notation: string) => void} how.act
 * @param {string} how.testid
 * @param {number} [how.quick]
 * @param {{amount?: number}} [how.memory]
 * @param {boolean} [how.stepper]
 * @param {string} [how.less]     the − button's accessible name ("Less")
 * @param {string} [how.more]     the + button's accessible name ("More")
 * @returns {HTMLElement}
 */
export function amountPicker(
  moves,
  { label, option, other, otherLabel, act, testid, quick = 4, memory = {}, stepper = false, less = "−", more = "+" },
) {
  const quickMoves = moves.slice(0, quick);
  const rest = moves.slice(quick);
  const buttons = quickMoves.map((m) => actionButton(label(m.amount), m.notation, { act, cls: "kit-amount", testid }));
  const box = h("div", { class: "kit-picker", role: "group" }, buttons);
  if (!rest.length) return box;
  if (!rest.some((m) => m.amount === memory.amount)) memory.amount = rest[0].amount;
  const select = h(
    "select",
    {
      class: "kit-target",
      "data-testid": `${testid}-select`,
      "aria-label": otherLabel,
      onchange: (event) => {
        memory.amount = Number(event.target.value);
      },
    },
    rest.map((m) => h("option", { value: String(m.amount), selected: m.amount === memory.amount }, option(m.amount))),
  );
  const chosen = () => rest.find((m) => m.amount === Number(select.value));
  const go = h(
    "button",
    {
      type: "button",
      class: "kit-target kit-amount",
      "data-testid": `${testid}-other`,
      onclick: () => {
        const m = chosen();
        if (m) act(m.notation);
      },
    },
    other,
  );
  const show = () => {
    const m = chosen();
    if (m) go.dataset.action = m.notation;
    if (stepper && m) go.textContent = label(m.amount);
  };
  select.addEventListener("change", show);
  const extra = h("span", { class: "kit-picker-more" }, select, go);
  if (stepper) {
    const by = (dir) => () => {
      const i = Math.max(0, Math.min(rest.length - 1, select.selectedIndex + dir));
      select.selectedIndex = i;
      memory.amount = rest[i].amount;
      show();
    };
    const step = (dir, name, text, label) =>
      h(
        "button",
        {
          type: "button",
          class: "kit-target kit-step",
          "data-testid": `${testid}-${name}`,
          "aria-label": label,
          onclick: by(dir),
        },
        text,
      );
    extra.prepend(step(-1, "down", "−", less));
    select.after(step(1, "up", "+", more));
  }
  show();
  box.append(extra);
  return box;
}
