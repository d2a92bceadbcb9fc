// The amount picker: one way to choose a sum among the legal ones, for every auction, bid and bet
// (the engine offers each amount as a legal action; the picker never invents one).

import { h } from "/static/js/dom.js";

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
 * Test ids: `${testid}` on each quick button (its `data-action` is the move's notation),
 * `${testid}-select` on the list, `${testid}-other` on its button.
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
 * @returns {HTMLElement}
 */
export function amountPicker(moves, { label, option, other, otherLabel, act, testid, quick = 4, memory = {} }) {
  const quickMoves = moves.slice(0, quick);
  const rest = moves.slice(quick);
  const buttons = quickMoves.map((m) =>
    h(
      "button",
      { type: "button", class: "kit-target kit-amount", "data-testid": testid, "data-action": m.notation, onclick: () => act(m.notation) },
      label(m.amount),
    ),
  );
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
  const go = h(
    "button",
    {
      type: "button",
      class: "kit-target kit-amount",
      "data-testid": `${testid}-other`,
      onclick: () => {
        const chosen = rest.find((m) => m.amount === Number(select.value));
        if (chosen) act(chosen.notation);
      },
    },
    other,
  );
  box.append(h("span", { class: "kit-picker-more" }, select, go));
  return box;
}
