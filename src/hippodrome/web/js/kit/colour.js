// Colours as the kit reads them: the ink that reads on a colour (a horse's chip, a card's field, a
// die's face), one rule for every board. The kit names no game; a game gives its colours' values.

/** The dark ink: the one written on a light colour. */
export const DARK_INK = "#111";
/** The light ink: the one written on a dark colour. */
export const LIGHT_INK = "#fff";

/** The colour names boards and dice are given, by their value; other names are not read. */
const NAMED = {
  white: "#ffffff",
  ivory: "#fffff0",
  beige: "#f5f5dc",
  yellow: "#ffff00",
  gold: "#ffd700",
  orange: "#ffa500",
  grey: "#808080",
  gray: "#808080",
  silver: "#c0c0c0",
  pink: "#ffc0cb",
  red: "#ff0000",
  green: "#008000",
  blue: "#0000ff",
  brown: "#a52a2a",
  purple: "#800080",
  black: "#000000",
};

/**
 * A colour's red, green and blue, each from 0 to 1: from "#rgb", "#rrggbb" or one of a few colour
 * names ("white", "yellow", "red", ...); null for anything else.
 * @param {string} [colour]
 * @returns {[number, number, number]|null}
 */
export function rgbOf(colour) {
  const text = String(colour || "")
    .trim()
    .toLowerCase();
  let v = (NAMED[text] || text).replace(/^#/, "");
  if (/^[0-9a-f]{3}$/.test(v)) v = [...v].map((c) => c + c).join("");
  if (!/^[0-9a-f]{6}$/.test(v)) return null;
  return [0, 2, 4].map((i) => Number.parseInt(v.slice(i, i + 2), 16) / 255);
}

/**
 * Black or white ink, whichever reads on `colour` ("#rrggbb", "#rgb" or a colour name, see `rgbOf`):
 * `DARK_INK` on a light colour, `LIGHT_INK` on a dark one. A colour it cannot read (absent, or a name
 * it does not know) is taken for white: dark ink.
 * @param {string} [colour]
 * @returns {string}
 */
export function inkOn(colour) {
  const rgb = rgbOf(colour);
  if (!rgb) return DARK_INK;
  const [r, g, b] = rgb;
  return 0.299 * r + 0.587 * g + 0.114 * b > 0.55 ? DARK_INK : LIGHT_INK;
}
