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

/** The text of `key` in the current language with `{name}` placeholders filled from `params`.
 * A missing key shows itself, so a gap in a catalog is visible but never breaks a page. */
export function t(key, params = {}) {
  const catalog = catalogs.get(current) || {};
  let template = catalog[key];
  if (template === undefined) {
    const english = catalogs.get("en");
    template = english && english[key] !== undefined ? english[key] : key;
  }
  const given = (name) => Object.hasOwn(params, name);
  if (current === "fr") template = elide(template, params, given);
  return template.replace(/\{(\w+)\}/g, (whole, name) => (given(name) ? String(params[name]) : whole));
}

const VOWEL = /^[AEIOUYÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜaeiouyàâäæéèêëîïôöœùûü]/;

/** French elision before a value that opens on a vowel: « le tour d'Ada », « qu'Ève » (as the
 * server's renderer does: only a name put in the template can bring a vowel after « de », « que »). */
function elide(template, params, given) {
  return template.replace(/\b([dD]|[qQ]u)e \{(\w+)\}/g, (whole, head, name) =>
    given(name) && VOWEL.test(String(params[name])) ? `${head}'{${name}}` : whole,
  );
}

/** `key` for a count of `n`: its `<key>_one` form where the language takes the singular (English:
 * 1; French: 0 and 1, « 0 point », « 1 point »), the plural `key` otherwise. */
export function tn(key, n, params = {}) {
  const one = current === "fr" ? Math.abs(n) < 2 : Math.abs(n) === 1;
  const catalog = catalogs.get(current) || {};
  return t(one && catalog[`${key}_one`] !== undefined ? `${key}_one` : key, params);
}

/** A text given in both languages by the server (`{"en": ..., "fr": ...}`), in the current one. */
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
