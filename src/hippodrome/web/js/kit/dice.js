// Dice, for every board that rolls: a die drawn from its face (a number as pips or a figure, a symbol
// as the picture the game gives, a coloured die in its colour), the roll button a finger can hit, and
// a short tumble when a die was just rolled (none for a reader who asks for reduced motion).
// The die is an SVG drawn with presentation attributes, so it needs no style sheet; a board may
// restyle `.kit-die`, `.kit-die-body`, `.kit-die-pip`, `.kit-die-figure` in its own CSS.

import { h, s } from "/static/js/dom.js";
import { inkOn } from "./colour.js";
import { prefersReducedMotion } from "./motion.js";

/**
 * @typedef {object} DieFace   one die's face, as the board knows it
 * @property {number|string|null} value   a number (1 to 6 drawn as pips, others as a figure), a
 *   symbol's name (drawn from `icon`), or null for a die not rolled yet (a blank face)
 * @property {string} label               the face in the player's words ("Horse head", « 4 »): the
 *   die's accessible name and tooltip; a board never shows notation here
 * @property {Element|(() => Element)} [icon]   a symbol face's picture (an `<svg>`, drawn in
 *   `currentColor`), given by the game (see `iconFromParts`)
 * @property {string} [colour]            the die's colour ("#c33", "white"), white when absent
 * @property {string} [ink]               the pips', figure's or symbol's colour; dark or light to
 *   suit `colour` when absent
 */

/** Where the pips of 1 to 6 stand on a 100 x 100 face. */
const PIPS = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [26, 26],
    [50, 50],
    [74, 74],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [27, 27],
    [73, 27],
    [50, 50],
    [27, 73],
    [73, 73],
  ],
  6: [
    [29, 25],
    [71, 25],
    [29, 50],
    [71, 50],
    [29, 75],
    [71, 75],
  ],
};

/**
 * The pips of a number face on a 100 x 100 face ([[x, y], ...]), or null when `value` is not a whole
 * number from 1 to 6 (such a face is drawn as a figure).
 * @param {number|string|null} value
 * @returns {Array<[number, number]>|null}
 */
export function pipsOf(value) {
  return PIPS[value] || null;
}

/**
 * A symbol face's picture from its parts, each `[tag, attributes]` (`["path", {d: "..."}]`), filled
 * in `currentColor`: the way a game gives its die's symbols without writing SVG by hand.
 * @param {Array<[string, object]>} parts
 * @param {{viewBox?: string, className?: string}} [how]   viewBox "0 0 24 24" unless told
 * @returns {SVGSVGElement}
 */
export function iconFromParts(parts, { viewBox = "0 0 24 24", className = "kit-die-icon" } = {}) {
  return s(
    "svg",
    { class: className, viewBox, fill: "currentColor", "aria-hidden": "true", focusable: "false" },
    parts.map(([tag, attrs]) => s(tag, attrs)),
  );
}

/** What stands on the face: pips, a figure, the game's symbol, or nothing. */
function marks(face, ink) {
  const { value, icon } = face;
  if (value === null || value === undefined) return [];
  if (icon) {
    const picture = typeof icon === "function" ? icon() : icon.cloneNode(true);
    for (const [name, v] of Object.entries({ x: 14, y: 14, width: 72, height: 72 }))
      picture.setAttribute(name, String(v));
    picture.setAttribute("color", ink);
    picture.classList.add("kit-die-symbol");
    return [picture];
  }
  const pips = pipsOf(value);
  if (pips) return pips.map(([cx, cy]) => s("circle", { class: "kit-die-pip", cx, cy, r: 9.5, fill: ink }));
  const text = String(value);
  return [
    s(
      "text",
      {
        class: "kit-die-figure",
        x: 50,
        y: 52,
        fill: ink,
        "text-anchor": "middle",
        "dominant-baseline": "central",
        "font-size": text.length > 2 ? 34 : 52,
        "font-weight": 700,
      },
      text,
    ),
  ];
}

/** The face's SVG: its body, then its marks. */
function faceSvg(face, size) {
  const blank = face.value === null || face.value === undefined;
  const colour = face.colour || "#fff";
  const ink = face.ink || inkOn(face.colour);
  return s(
    "svg",
    {
      class: "kit-die-face",
      viewBox: "0 0 100 100",
      width: size,
      height: size,
      "aria-hidden": "true",
      focusable: "false",
    },
    s("rect", {
      class: "kit-die-body",
      x: 4,
      y: 4,
      width: 92,
      height: 92,
      rx: 18,
      fill: blank ? "none" : colour,
      stroke: blank ? "currentColor" : "#2a2a2a",
      "stroke-width": blank ? 4 : 3,
      "stroke-dasharray": blank ? "10 8" : null,
    }),
    marks(face, ink),
  );
}

/**
 * One die showing `face`: a `<span class="kit-die" role="img">` named by `face.label`, `size` CSS
 * pixels square. `stale` dims it (the last roll, already played). Its `data-face` holds the face's
 * value, for tests (a board shows the label, never the value's notation).
 * @param {DieFace} face
 * @param {{size?: number, stale?: boolean, testid?: string}} [how]
 * @returns {HTMLSpanElement}
 */
export function drawDie(face, { size = 40, stale = false, testid } = {}) {
  const box = h("span", {
    class: `kit-die${stale ? " stale" : ""}${face.value === null || face.value === undefined ? " blank" : ""}`,
    role: "img",
    "aria-label": face.label,
    title: face.label,
    "data-testid": testid,
    "data-face": face.value ?? "",
    style: `display:inline-flex;line-height:0;${stale ? "opacity:.55;" : ""}`,
  });
  box.append(faceSvg(face, size));
  return box;
}

/**
 * Several dice side by side (two dice thrown together, a white die and a coloured one), in a
 * `<span class="kit-dice">`.
 * @param {DieFace[]} faces
 * @param {{size?: number, stale?: boolean, testid?: string}} [how]   `testid` is given to the group
 * @returns {HTMLSpanElement}
 */
export function drawDice(faces, { size = 40, stale = false, testid } = {}) {
  return h(
    "span",
    { class: "kit-dice", "data-testid": testid, style: "display:inline-flex;gap:.35rem;align-items:center" },
    faces.map((face) => drawDie(face, { size, stale })),
  );
}

/**
 * The roll button: a finger-sized target (`kit-target`, at least 40 CSS pixels) that calls `onRoll`,
 * `data-testid="roll-button"` unless told, its key shortcut announced (`aria-keyshortcuts`). The board
 * shows it only when its seat may roll (`showRoll`).
 * @param {{label: string, ariaLabel?: string, onRoll: () => void, shortcut?: string, testid?: string,
 *   className?: string}} how
 * @returns {HTMLButtonElement}
 */
export function rollButton({ label, ariaLabel, onRoll, shortcut = "R", testid = "roll-button", className = "" }) {
  return h(
    "button",
    {
      type: "button",
      class: `primary kit-target kit-roll ${className}`.trim(),
      "data-testid": testid,
      "aria-label": ariaLabel,
      "aria-keyshortcuts": shortcut,
      onclick: () => onRoll(),
    },
    label,
  );
}

/**
 * Show or hide the roll button, with its words in the current language.
 * @param {HTMLButtonElement} button
 * @param {{canRoll: boolean, label?: string, ariaLabel?: string}} how
 */
export function showRoll(button, { canRoll, label, ariaLabel }) {
  button.hidden = !canRoll;
  button.disabled = !canRoll;
  if (label !== undefined) button.textContent = label;
  if (ariaLabel !== undefined) button.setAttribute("aria-label", ariaLabel);
}

/**
 * The faces a state message has just rolled: `read(event)` gives the faces of a roll event (or null
 * for another event); the last roll among the message's new events wins. Null when nothing was
 * rolled in front of the reader (the first state of a page, a whole log sent again).
 * @template T
 * @param {{events?: Array<{key: string, params?: object}>, fullLog?: boolean}|null} stateMessage
 * @param {(event: {key: string, params?: object}) => (T|null)} read
 * @returns {T|null}
 */
export function justRolled(stateMessage, read) {
  if (!stateMessage || stateMessage.fullLog) return null;
  let found = null;
  for (const event of stateMessage.events || []) found = read(event) ?? found;
  return found;
}

/**
 * Tumble a die (or a group of dice) just drawn: about `duration` ms of turning, showing faces from
 * `faces` in turn when given, before it settles on the face it was drawn with. Under reduced motion
 * nothing moves. The element is marked `data-rolling` while it tumbles and `data-animated` ("true"
 * or "false"). Returns a function that stops it at once, the drawn face showing.
 * @param {HTMLElement} element   a die from `drawDie` or dice from `drawDice`
 * @param {{faces?: DieFace[], duration?: number, size?: number}} [how]
 * @returns {() => void}
 */
export function animateRoll(element, { faces = [], duration = 520, size } = {}) {
  const still = prefersReducedMotion() || typeof element.animate !== "function";
  element.dataset.animated = String(!still);
  if (still) return () => {};
  const dice = element.classList.contains("kit-die") ? [element] : [...element.querySelectorAll(".kit-die")];
  const finals = dice.map((die) => die.firstElementChild);
  // One turn each, the dice of a pair turning opposite ways.
  const tumbles = dice.map((die, i) => {
    const way = i % 2 ? -1 : 1;
    return die.animate(
      [
        { transform: "rotate(0deg) scale(1)" },
        { transform: `rotate(${way * 200}deg) scale(0.82)`, offset: 0.55 },
        { transform: `rotate(${way * 345}deg) scale(1.06)`, offset: 0.85 },
        { transform: `rotate(${way * 360}deg) scale(1)` },
      ],
      { duration, easing: "cubic-bezier(.2,.7,.3,1)" },
    );
  });
  element.dataset.rolling = "true";
  let timer = 0;
  let tick = 0;
  if (faces.length > 1) {
    const every = Math.max(60, Math.floor(duration / 6));
    timer = setInterval(() => {
      tick += 1;
      dice.forEach((die, i) => {
        const face = faces[(tick * 3 + i * 2) % faces.length];
        const px = size || Number(finals[i].getAttribute("width")) || 40;
        die.replaceChildren(faceSvg(face, px));
      });
    }, every);
  }
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    clearInterval(timer);
    for (const a of tumbles) a.cancel();
    dice.forEach((die, i) => {
      die.replaceChildren(finals[i]);
    });
    delete element.dataset.rolling;
  };
  tumbles[0]?.finished.then(stop, stop);
  return stop;
}
