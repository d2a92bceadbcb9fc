// The message catalog: one per language, served whole by GET /api/i18n/{lang} (engine, games and the
// web UI's `web.*` keys). Templates use `{name}` placeholders, as the engine's catalogs do.

export const LANGUAGES = ["en", "fr"];
const STORAGE_KEY = "hippodrome.lang";

const catalogs = new Map();
let current = "en";

/** The language to start with: the one chosen before (localStorage), else the browser's. */
export function preferredLang() {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (LANGUAGES.includes(saved)) return saved;
  } catch {
    // Storage may be disabled (private mode): fall back to the browser's language.
  }
  const browser = navigator.languages?.[0] || navigator.language || "en";
  return browser.toLowerCase().startsWith("fr") ? "fr" : "en";
}

async function fetchCatalog(lang) {
  if (catalogs.has(lang)) return catalogs.get(lang);
  const response = await fetch(`/api/i18n/${lang}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`GET /api/i18n/${lang}: ${response.status}`);
  const catalog = await response.json();
  catalogs.set(lang, catalog);
  return catalog;
}

/** Load `lang`'s catalog and make it the current language (remembered for the next visit). */
export async function setLang(lang) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  await fetchCatalog(lang);
  current = lang;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not remembered; the switch still works for this page.
  }
  return lang;
}

export function lang() {
  return current;
}

/** Whether the current catalog has `key`. */
export function has(key) {
  const catalog = catalogs.get(current);
  return Boolean(catalog && key in catalog);
}

/** The text of `key` in the current language with `{name}` placeholders filled from `params`, in
 * the house style the server's renderer applies (engine/i18n.py `style`): a whole number reads with
 * its thousands grouped (« 12 500 », "12,500"); `{n|length|lengths}` is the word for the count `n`
 * (French: 0 and 1 take the singular), `{n|nth}` an ordinal ("1st", « 1er »; `nthf`: « 1re »),
 * `{x|cap}` a value with a capital; a value opening a sentence (a text ending with a full stop,
 * or after one) takes a capital; in French « de » and
 * « que » elide before a value on a vowel (« d'Ada ») and « de », « à » contract with a value's
 * « le », « les » (« du Vétérinaire », « au mort »). A missing key shows itself, so a gap in a
 * catalog is visible but never breaks a page. */
export function t(key, params = {}) {
  const catalog = catalogs.get(current) || {};
  let template = catalog[key];
  if (template === undefined) {
    const english = catalogs.get("en");
    template = english && english[key] !== undefined ? english[key] : key;
  }
  return style(template, params, current);
}

const VOWEL = /^[AEIOUYÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜaeiouyàâäæéèêëîïôöœùûü]/;
const LOCALES = { en: "en-GB", fr: "fr-FR" };

/** A parameter as it reads: a whole number grouped as `formatNumber` (web/js/kit/money.js) does. */
function shownValue(value, lang) {
  if (typeof value === "number" && Number.isInteger(value) && Math.abs(value) >= 1000) {
    return value.toLocaleString(LOCALES[lang] || LOCALES.en);
  }
  return String(value);
}

/** The count a value stands for: a number, a list's length, a number written as text, with a
 * fraction (« 1 1/8 », "3/4": a race's miles). */
function countOf(value) {
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return value.length;
  const written = String(value ?? "").trim();
  const fraction = /^(?:(\d+)\s+)?(\d+)\/(\d+)$/.exec(written);
  if (fraction && Number(fraction[3])) return Number(fraction[1] || 0) + Number(fraction[2]) / Number(fraction[3]);
  const digits = written.replace(/[\s,\u202f\u00a0]/g, "");
  return /^-?\d+$/.test(digits) ? Number(digits) : null;
}

/** `n` as an ordinal: "1st", "2nd", "3rd", "11th"; « 1er » (« 1re » when `feminine`), « 2e ». */
export function ordinal(n, lang = current, feminine = false) {
  if (lang === "fr") return `${n}${n === 1 ? (feminine ? "re" : "er") : "e"}`;
  const tens = Math.abs(n) % 100;
  if (tens >= 10 && tens <= 20) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[Math.abs(n) % 10] || "th"}`;
}

function capital(text) {
  return text.replace(/^([^\p{L}\d]*)(\p{Ll})/u, (_whole, head, letter) => head + letter.toUpperCase());
}

const CONTRACTED = { "de le": "du", "de les": "des", "à le": "au", "à les": "aux" };

/** `template` filled from `params` in `lang`'s house style (see `t`). */
export function style(template, params, lang) {
  const given = (name) => Object.hasOwn(params, name);
  const shown = {};
  for (const name of Object.keys(params)) shown[name] = shownValue(params[name], lang);
  let text = template.replace(/\{(\w+)\|([^{}]+)\}/g, (whole, name, spec) => {
    if (!given(name)) return whole;
    const forms = spec.split("|");
    if (spec === "cap") return capital(shown[name]);
    const n = countOf(params[name]);
    if (spec === "nth" || spec === "nthf")
      return n === null ? shown[name] : ordinal(Math.trunc(n), lang, spec === "nthf");
    if (forms.length !== 2) return whole;
    // English: 1 and a fraction of one ("3/4 mile"); French: below 2 (« 0 point », « 1 1/2 mile »).
    const one = n !== null && (lang === "fr" ? Math.abs(n) < 2 : Math.abs(n) > 0 && Math.abs(n) <= 1);
    return one ? forms[0] : forms[1];
  });
  if (lang === "fr") {
    text = text.replace(/\b([dD]|[qQ]u)e \{(\w+)\}/g, (whole, head, name) =>
      given(name) && VOWEL.test(shown[name]) ? `${head}'{${name}}` : whole,
    );
    text = text.replace(/(^|[^\p{L}'’])([dD]e|[àÀ]) \{(\w+)\}/gu, (whole, before, word, name) => {
      const article = given(name) && /^(les?) ([\s\S]*)$/i.exec(shown[name]);
      if (!article) return whole;
      let joined = CONTRACTED[`${word.toLowerCase()} ${article[1].toLowerCase()}`];
      if (word[0] !== word[0].toLowerCase()) joined = capital(joined);
      shown[`${name}__rest`] = article[2];
      return `${before}${joined} {${name}__rest}`;
    });
  }
  // A text ending with a full stop is a sentence, so is what opens it; one without is a fragment.
  const filled = text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(shown, name) ? shown[name] : whole));
  const sentence = /[.!?…]\s*[»”)]?\s*$/.test(filled);
  text = text.replace(/(^|[.!?]\s+)\{(\w+)\}/g, (whole, before, name) => {
    if (!Object.hasOwn(shown, name) || (!before && !sentence)) return whole;
    shown[`${name}__cap`] = capital(shown[name]);
    return `${before}{${name}__cap}`;
  });
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(shown, name) ? shown[name] : whole));
}

/** `key` for a count of `n`: its `<key>_one` form where the language takes the singular (English:
 * 1; French: 0 and 1, « 0 point », « 1 point »), the plural `key` otherwise. */
export function tn(key, n, params = {}) {
  const one = current === "fr" ? Math.abs(n) < 2 : Math.abs(n) === 1;
  const catalog = catalogs.get(current) || {};
  return t(one && catalog[`${key}_one`] !== undefined ? `${key}_one` : key, params);
}

/** A text given in both languages by the server (`{"en": ..., "fr": ...}`), in the current one. */
/**
 * A text shown on its own as a sentence (a refusal in the error box): its first letter a capital,
 * and a full stop at its end unless it already ends a sentence. The engine's refusals are fragments
 * a page may put after words of its own (« Refusé : … »); alone, they read as a sentence.
 */
export function asSentence(text) {
  const s = String(text ?? "").trim();
  if (!s) return s;
  const first = s.charAt(0).toLocaleUpperCase(current) + s.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
}

export function pick(texts) {
  if (texts == null) return "";
  if (typeof texts === "string") return texts;
  return texts[current] ?? texts.en ?? Object.values(texts)[0] ?? "";
}

/** Wire the `lang-fr` / `lang-en` buttons inside `root`; `onChange(lang)` re-renders the page. */
export function bindLangSwitch(root, onChange) {
  for (const code of LANGUAGES) {
    const button = root.querySelector(`[data-testid="lang-${code}"]`);
    if (!button) continue;
    button.addEventListener("click", async () => {
      if (code === current) return;
      await setLang(code);
      markLangButtons(root);
      onChange(code);
    });
  }
  markLangButtons(root);
}

export function markLangButtons(root) {
  for (const code of LANGUAGES) {
    const button = root.querySelector(`[data-testid="lang-${code}"]`);
    if (button) button.setAttribute("aria-pressed", String(code === current));
  }
}

/** Fill every element carrying `data-i18n="key"` (text) or `data-i18n-<attr>="key"` (attribute). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const attr of ["title", "aria-label", "placeholder"]) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`)));
    }
  }
}
