// What a player taps to act, the same on every board: a button that sends one legal action (its
// notation kept in `data-action`, never shown), a drawn control (an SVG target) that a click, Enter
// or Space answers, and the preview a control shows while the pointer or the focus is on it.

import { h } from "/static/js/dom.js";

/**
 * A button a finger can hit (`kit-target`, at least 40 CSS pixels) that sends the legal action
 * `notation` through `act`, carrying `data-action` (the notation, for tests and the phone test)
 * and `data-testid` (`testid`).
 * @param {string|Node|Array<string|Node>} body   what it says, in the player's words
 * @param {string|null|undefined} notation        the legal action it sends
 * @param {object} how
 * @param {(notation: string) => void} how.act    e.g. the shell's `act`
 * @param {string} [how.cls]                      more classes ("primary", the game's own)
 * @param {string} [how.testid]
 * @param {object} [how.attrs]                    more attributes (`title`, `aria-label`, `data-*`)
 * @returns {HTMLButtonElement}
 */
export function actionButton(body, notation, { act, cls = "", testid, attrs = {} }) {
  return h(
    "button",
    {
      type: "button",
      class: `kit-target ${cls}`.trim(),
      "data-testid": testid,
      "data-action": notation,
      ...attrs,
      onclick: () => act(notation),
    },
    body,
  );
}

/**
 * Several legal actions offered as a list with one button that sends the one chosen (a card to ask
 * for, a report to take): the list `${testid}-select` (each option's value the move's notation), the
 * button `testid`, its `data-action` following the choice. Both a finger's size (`kit-target`).
 * @param {Array<{notation: string}>} moves   at least one
 * @param {object} how
 * @param {(move: object) => string} how.option   an entry's text, in words
 * @param {string|Node} how.button                 the button's text
 * @param {string} how.label                       the list's accessible name
 * @param {(notation: string) => void} how.act
 * @param {string} how.testid
 * @param {string} [how.cls]                       the button's own classes
 * @param {string} [how.listCls]                   the list's own classes
 * @returns {[HTMLSelectElement, HTMLButtonElement]}
 */
export function actionList(moves, { option, button, label, act, testid, cls = "", listCls = "" }) {
  const select = h(
    "select",
    { class: `kit-target ${listCls}`.trim(), "data-testid": `${testid}-select`, "aria-label": label },
    moves.map((m) => h("option", { value: m.notation }, option(m))),
  );
  const go = actionButton(button, moves[0]?.notation, { act: () => act(select.value), cls, testid });
  select.addEventListener("change", () => {
    go.dataset.action = select.value;
  });
  return [select, go];
}

/**
 * A drawn control that `fn` answers: a click, or Enter or Space while it has the focus.
 * @param {Element} element
 * @param {() => void} fn
 */
export function activate(element, fn) {
  element.addEventListener("click", fn);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      fn();
    }
  });
}

/**
 * A control's preview: `show(true)` when the pointer comes over it or it takes the focus,
 * `show(false)` when either leaves it.
 * @param {Element} element
 * @param {(on: boolean) => void} show
 */
export function preview(element, show) {
  for (const on of ["mouseenter", "focus"]) element.addEventListener(on, () => show(true));
  for (const off of ["mouseleave", "blur"]) element.addEventListener(off, () => show(false));
}
