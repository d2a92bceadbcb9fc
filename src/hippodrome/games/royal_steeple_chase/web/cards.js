// Royal Steeple Chase's cards as the kit's card chips (kit/cards.js): a card is two coups, one above
// the other, each drawn as its figure (2, 3, 4 squares, a fall 0, the crown of a royal coup, a small
// hurdle) on its horse's colour, or on white for a coup any horse may take. The faces come from the
// engine's deck (board data `card_halves` and `halves`), never from reading the notation.

import { h, s } from "/static/js/dom.js";
import { cardButton, cardChip, cardsInParams, eventWithCards, hiddenCard, withCards } from "/static/js/kit/cards.js";
import { inkOn } from "/static/js/kit/colour.js";

export const NS = "web.royal_steeple_chase";
export const GAME = "royal_steeple_chase";
export const HORSE_COLOURS = { r: "#c62828", b: "#1565c0", j: "#f2c200", v: "#2e7d32" };
const HIDDEN = "?"; // the engine's word for a card another seat may not see
const FIGURES = { 2: "2", 3: "3", 4: "4", 0: "0", R: "♛" };

/** A small hurdle (two posts and two bars), the figure of a hurdle coup. */
function hurdleFigure() {
  return s(
    "svg",
    { viewBox: "0 0 20 20", "aria-hidden": "true", class: "rsc-hurdle-figure" },
    s("path", { d: "M3 4v14M17 4v14M3 7h14M3 12h14", stroke: "currentColor", "stroke-width": "2.6", fill: "none" }),
  );
}

/**
 * The card words and drawings of one board: built once from the board data and the board's helpers
 * (`horseName`, `t` read through the shell, so a language switch is seen at once).
 * @param {object} shell   the board shell (kit/shell.js)
 * @param {(lane: number) => string} horseName
 */
export function cardKit(shell, horseName) {
  const boardData = shell.boardData;
  const colours = boardData.colours || ["r", "b", "j", "v"];
  const t = (key, params) => shell.t(key, params);
  const horseColour = (lane) => HORSE_COLOURS[colours[lane]] || "#888";

  /** A coup as the engine's deck describes it: `{text, kind, horse}`, the horse a lane or null. */
  const halfOf = (text) => {
    const half = boardData.halves?.[text];
    return { text, kind: half?.kind ?? text, horse: Number.isInteger(half?.horse) ? half.horse : null };
  };
  const halvesOf = (card) => (boardData.card_halves?.[card] || [card]).map(halfOf);
  const kindWord = (kind) => t(`${NS}.kind.${kind}`);
  const halfTitle = (half) =>
    half.horse !== null
      ? t(`${NS}.half_coloured`, { kind: kindWord(half.kind), horse: horseName(half.horse) })
      : t(`${NS}.half_white`, { kind: kindWord(half.kind) });
  const markOf = (half) => ({
    figure: half.kind === "H" ? hurdleFigure() : FIGURES[half.kind] || "·",
    fill: half.horse !== null ? horseColour(half.horse) : "#fff",
    word: kindWord(half.kind),
    label: halfTitle(half),
  });
  /** @returns {import("/static/js/kit/cards.js").CardFace} */
  const faceOf = (card) => {
    const halves = halvesOf(card);
    return { marks: halves.map(markOf), label: halves.map(halfTitle).join(" / ") };
  };
  /** A card as the server's texts say it in words (the game's catalog: `coup.<kind>`, `coup_coloured`,
   * `coup_colour.<gender>.<colour>`; French calls the fall, the hurdle and the royal by feminine
   * nouns), to find it in an event's text and draw it as a chip there. */
  const FEMININE = "0HR";
  const coupWords = (half) => {
    const noun = t(`${GAME}.coup.${half.kind}`);
    if (half.horse === null) return noun;
    const gender = FEMININE.includes(half.kind) ? "f" : "m";
    return t(`${GAME}.coup_coloured`, {
      coup: noun,
      colour: t(`${GAME}.coup_colour.${gender}.${colours[half.horse]}`),
    });
  };
  const sayOf = (card) => (card === HIDDEN ? t(`${GAME}.hidden_card`) : halvesOf(card).map(coupWords).join(" / "));
  const isCard = (text) => text === HIDDEN || Boolean(boardData.card_halves?.[text]);
  const small = (card) =>
    card === HIDDEN
      ? hiddenCard(t(`${NS}.hidden_card`), { small: true })
      : cardChip(faceOf(card), { small: true, card });

  return {
    halfOf,
    halvesOf,
    halfTitle,
    kindWord,
    horseColour,
    cardLabel: (card) => faceOf(card).label,
    /** A card in a line of text (an auction, a trade, the known cards, the log). */
    small,
    /** A card as a button of the hand, the spread or the dummy's hand (`cardButton`'s options). */
    button: (card, options = {}) => cardButton(faceOf(card), { ...options, card, act: shell.act }),
    /** One coup alone, as a one-field card (the card in play). */
    coup: (half, options = {}) => cardChip({ marks: [markOf(half)], label: halfTitle(half) }, options),
    /** A line of text (an action's label) with the cards `params` name drawn as chips. */
    text: (line, params) => withCards(line, cardsInParams(params, isCard), small, sayOf),
    /** An event of the log with its cards as chips; null when it names none. */
    event: (event) => eventWithCards(event, { lang: shell.lang, isCard, chipOf: small, sayOf }),
    /** A horse by its name on its colour. */
    horseChip: (lane) => {
      const colour = horseColour(lane);
      return h(
        "span",
        { class: "rsc-horse-chip", style: `background:${colour};color:${inkOn(colour)}`, title: horseName(lane) },
        horseName(lane),
      );
    },
  };
}
