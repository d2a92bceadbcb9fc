// Cards as a player sees them: a small card with its face drawn (its value or figure, its colour or
// suit), or its back for a hidden card; never the engine's notation. The same chip on a board (in a
// hand, on the table, as a button that plays it) and in the event log, where a game turns the card
// notation of an event's params into chips. Games describe a card's face (`CardFace`); the kit knows
// no game. Styles: web/css/kit.css (`.kit-card`).

import { h } from "/static/js/dom.js";
import { inkOn } from "/static/js/kit/colour.js";

/**
 * @typedef {object} CardMark      one field of a card's face, drawn top to bottom
 * @property {string|Node} figure  what is drawn in it: a value ("3"), a figure or suit symbol ("♛",
 *   "♥"), or a small drawing (an SVG element). Never a letter of the notation.
 * @property {string} [fill]       the field's colour (CSS colour); white when absent
 * @property {string} [ink]        the figure's colour; black or white, whichever reads on `fill`
 * @property {string} [word]       a word printed under the figure on a full-size card ("Gallop")
 * @property {string} [label]      the field in words, its title ("Gallop (the red horse)")
 */

/**
 * @typedef {object} CardFace      a card as a game describes it to the kit
 * @property {CardMark[]} marks    one field for a plain card, two for a card of two halves
 * @property {string} label        the card in words (its title and accessible name)
 */

/**
 * @typedef {object} ChipOptions
 * @property {boolean} [small]     a small chip (in a line of text, the log, a table cell)
 * @property {boolean} [selected]  chosen, not yet played (an outline)
 * @property {boolean} [played]    played already (faded)
 * @property {string} [testid]     its `data-testid`
 * @property {string} [card]       the card's notation, kept in `data-card` (never shown)
 */

/** The classes of a chip, from its options. */
function chipClass(base, { small = false, selected = false, played = false } = {}) {
  return [base, small && "small", selected && "selected", played && "played"].filter(Boolean).join(" ");
}

/** One field of a face: its colour, its figure, its word (hidden on small chips by the styles). */
function markNode(mark) {
  const fill = mark.fill || "#fff";
  return h(
    "span",
    { class: "kit-card-mark", style: `background:${fill};color:${mark.ink || inkOn(fill)}`, title: mark.label },
    h("span", { class: "kit-card-figure", "aria-hidden": "true" }, mark.figure),
    mark.word ? h("span", { class: "kit-card-word", "aria-hidden": "true" }, mark.word) : null,
  );
}

/**
 * A card face up, as a small card (`span.kit-card`, `role="img"`, named by `face.label`).
 * @param {CardFace} face
 * @param {ChipOptions} [options]
 * @returns {HTMLElement}
 */
export function cardChip(face, options = {}) {
  return h(
    "span",
    {
      class: chipClass("kit-card", options),
      role: "img",
      title: face.label,
      "aria-label": face.label,
      "data-testid": options.testid,
      "data-card": options.card,
    },
    face.marks.map(markNode),
  );
}

/**
 * A card face down: its back, named by `label` ("a hidden card" / « une carte cachée », the caller's
 * words in the reader's language).
 * @param {string} label
 * @param {ChipOptions} [options]
 * @returns {HTMLElement}
 */
export function hiddenCard(label, options = {}) {
  return h("span", {
    class: chipClass("kit-card back", options),
    role: "img",
    title: label,
    "aria-label": label,
    "data-testid": options.testid,
  });
}

/**
 * A card as a button, a finger's size (`kit-target`): with `action` (a legal action's notation, kept
 * in `data-action`) a tap sends it through `act`; with `onSelect` a tap chooses it (`aria-pressed`
 * says whether it is chosen, `data-select` holds its notation); with neither it is shown, disabled.
 * @param {CardFace} face
 * @param {ChipOptions & {action?: string|null, act?: (notation: string) => void,
 *   onSelect?: (() => void)|null}} [options]
 * @returns {HTMLButtonElement}
 */
export function cardButton(face, options = {}) {
  const { action = null, act = () => {}, onSelect = null, selected = false } = options;
  const clickable = Boolean(action || onSelect);
  const attrs = {
    type: "button",
    class: `${chipClass("kit-card", options)} kit-card-button${clickable ? " kit-target playable" : ""}`,
    title: face.label,
    "aria-label": face.label,
    "data-testid": options.testid,
    "data-card": options.card,
    "data-action": action || null,
    disabled: !clickable,
    onclick: () => {
      if (action) act(action);
      else if (onSelect) onSelect();
    },
  };
  if (onSelect && !action) {
    attrs["data-select"] = options.card;
    attrs["aria-pressed"] = String(selected);
  }
  return /** @type {HTMLButtonElement} */ (h("button", attrs, face.marks.map(markNode)));
}

/**
 * The card notations an event's params hold: every string, or string in a list, that `isCard`
 * accepts, a string of several cards ("3v/Hr  R/4") split at its spaces. In the order found, each
 * once.
 * @param {object|undefined} params
 * @param {(notation: string) => boolean} isCard
 * @returns {string[]}
 */
export function cardsInParams(params, isCard) {
  const found = [];
  const take = (value) => {
    if (Array.isArray(value)) value.forEach(take);
    else if (typeof value === "string") {
      for (const word of value.split(/\s+/)) if (word && isCard(word) && !found.includes(word)) found.push(word);
    }
  };
  Object.values(params || {}).forEach(take);
  return found;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A line of text with each card in it drawn as a chip: `text` split at every whole-word occurrence of
 * a card as the text writes it (`sayOf(notation)`: its notation by default; the words a server put in
 * its place, « trot vert / haie rouge », when it says cards in words), the longest first, each
 * replaced by `chipOf(notation)`. Spaces or commas alone between two cards become one space. Returns
 * the pieces to append (strings and elements); the text alone when it holds none of the cards.
 * @param {string} text
 * @param {string[]} notations
 * @param {(notation: string) => Node} chipOf
 * @param {(notation: string) => string} [sayOf]
 * @returns {Array<string|Node>}
 */
export function withCards(text, notations, chipOf, sayOf = (notation) => notation) {
  const said = new Map();
  for (const notation of notations) {
    const words = sayOf(notation);
    if (words && !said.has(words)) said.set(words, notation);
  }
  if (!said.size || !text) return [text];
  const alternatives = [...said.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![^\\s(«"':])(${alternatives.join("|")})(?=$|[\\s.,;:!?)»"'])`, "g");
  const pieces = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const between = text.slice(last, match.index);
    pieces.push(/^[\s,]+$/.test(between) && pieces.length ? " " : between, chipOf(said.get(match[1])));
    last = match.index + match[1].length;
  }
  pieces.push(text.slice(last));
  return pieces.filter((p) => p !== "");
}

/**
 * An event of the log with its cards drawn: its text in `lang` (`event.text[lang]`) with the cards
 * its params name (`isCard`) as small chips (`chipOf`), found in the text as `sayOf` says they are
 * written there (see `withCards`). Null when the event names no card, or its text shows none of them,
 * so the log writes the text. A board's `renderEvent` (kit/shell.js) may return this.
 * @param {{key: string, params?: object, text?: Record<string, string>}} event
 * @param {{lang: string, isCard: (notation: string) => boolean, chipOf: (notation: string) => Node,
 *   sayOf?: (notation: string) => string}} how
 * @returns {HTMLElement|null}
 */
export function eventWithCards(event, { lang, isCard, chipOf, sayOf }) {
  const notations = cardsInParams(event.params, isCard);
  const text = event.text?.[lang] ?? event.text?.en;
  if (!notations.length || typeof text !== "string") return null;
  const pieces = withCards(text, notations, chipOf, sayOf);
  if (pieces.every((p) => typeof p === "string")) return null;
  return h("span", { class: "kit-card-line" }, pieces);
}
