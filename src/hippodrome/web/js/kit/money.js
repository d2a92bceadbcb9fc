// Money and numbers as a player writes them, one house style for every board: thousands grouped
// (13 500 in French, 13,500 in English), the currency where each language puts it.

/** @typedef {"franc"|"dollar"|"points"|null} Currency */

const LOCALES = { en: "en-GB", fr: "fr-FR" };

/**
 * A whole number with its thousands grouped in `lang`'s way ("13,500"; « 13 500 »).
 * @param {number} n
 * @param {string} lang
 * @returns {string}
 */
export function formatNumber(n, lang) {
  return Number(n).toLocaleString(LOCALES[lang] || LOCALES.en, { maximumFractionDigits: 2 });
}

/**
 * An amount of money: "$13,500" / « 13 500 $ »; francs as the rules and the game's log write them,
 * "Frs 13,500" / « 13 500 frs »; a negative amount with a true minus sign. `currency` null gives the
 * number alone.
 * @param {number} amount
 * @param {{currency?: Currency, lang?: string}} [how]
 * @returns {string}
 */
export function formatMoney(amount, { currency = null, lang = "en" } = {}) {
  const sign = amount < 0 ? "−" : "";
  const n = formatNumber(Math.abs(amount), lang);
  const fr = lang === "fr";
  switch (currency) {
    case "dollar":
      return fr ? `${sign}${n}\u00a0$` : `${sign}$${n}`;
    case "franc":
      return fr ? `${sign}${n}\u00a0frs` : `${sign}Frs\u00a0${n}`;
    case "points":
      return `${sign}${n}\u00a0pts`;
    default:
      return `${sign}${n}`;
  }
}
