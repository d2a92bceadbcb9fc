// The rules page: `/rules/{game}`. The server renders the game's rules text for the page's language
// (GET /api/games/{game}/rules/{lang}: the original rulebook in French, the rules as Hippodrome plays
// them in English); this page shows it with its contents, says what the text is, and links to the
// other language's text and to Hippodrome's decisions. `?lang=fr` opens it in a language;
// `?text=players` (the table's help panel links so) the rules in players' words where the game keeps
// them, with a link to the whole rules document.

import { api, fill, h } from "./dom.js";
import { rulesHref, sectionBody } from "./help.js";
import { bindLangSwitch, LANGUAGES, lang, pick, preferredLang, setLang, t, translatePage } from "./i18n.js";

const game = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = (id) => document.getElementById(id);
const els = { title: $("title"), contents: $("contents"), about: $("about"), others: $("others"), text: $("text") };
const pages = new Map(); // lang -> the server's answer
const text = new URLSearchParams(location.search).get("text") === "players" ? "players" : null;
let failure = null;

async function load(code) {
  const which = text ? `?text=${text}` : "";
  if (!pages.has(code)) pages.set(code, await api(`/api/games/${encodeURIComponent(game)}/rules/${code}${which}`));
  return pages.get(code);
}

function render() {
  translatePage();
  if (failure) {
    document.title = `${t("web.rules.none")} — ${t("web.brand")}`;
    els.title.textContent = t("web.rules.none");
    fill(
      els.about,
      failure.message ? pick(failure.message) : t(failure.key || "web.error.unknown", failure.params || {}),
    );
    fill(els.contents);
    fill(els.others, h("a", { href: "/", class: "button-link" }, t("web.rules.lobby")));
    fill(els.text);
    return;
  }
  const page = pages.get(lang());
  if (!page) return;
  const heading = t("web.rules.title", { game: pick(page.titles) });
  document.title = `${heading} — ${t("web.brand")}`;
  els.title.textContent = heading;
  els.about.textContent = page.rulebook
    ? t("web.rules.about_rulebook")
    : t(page.players ? "web.rules.about_players" : "web.rules.about_document");
  const own = page.players
    ? h("a", { href: rulesHref(game, page.lang), "data-testid": "rules-document" }, t("web.rules.whole_document"))
    : null;
  fill(
    els.others,
    own,
    Object.entries(page.others).flatMap(([code, rulebook]) => [
      h(
        "a",
        { href: rulesHref(game, code, null, text), "data-testid": `rules-${code}`, lang: code },
        t(rulebook ? "web.rules.other_rulebook" : "web.rules.other_document", {
          language: t(`web.rules.language.${code}`),
        }),
      ),
      rulebook
        ? null
        : h(
            "a",
            { href: rulesHref(game, code, "decisions"), "data-testid": "rules-decisions" },
            t("web.rules.decisions", { language: t(`web.rules.language.${code}`) }),
          ),
    ]),
  );
  fill(
    els.contents,
    h("h2", {}, t("web.rules.contents")),
    h(
      "ol",
      {},
      page.sections
        .filter((s) => s.level >= 2 && s.level <= 3)
        .map((s) => h("li", { class: `level-${s.level}` }, h("a", { href: `#${s.anchor}` }, s.title))),
    ),
  );
  els.text.lang = page.text_lang;
  els.text.innerHTML = page.html; // rendered by the server from Markdown, raw HTML escaped
  for (const anchor of page.folded) fold(anchor);
}

/** Fold the section `anchor` (written for programmers) under its heading, which stays a target. */
function fold(anchor) {
  const head = document.getElementById(anchor);
  if (!head || !/^H[1-6]$/.test(head.tagName)) return;
  const body = sectionBody(head);
  const details = h("details", { class: "rules-folded", "data-testid": `folded-${anchor}` });
  head.before(details);
  details.append(h("summary", {}, head, h("span", { class: "muted small" }, t("web.rules.for_programmers"))), ...body);
}

function scrollToAnchor() {
  const anchor = decodeURIComponent(location.hash.slice(1));
  const target = anchor ? document.getElementById(anchor) : null;
  if (!target) return;
  const folded = target.closest("details");
  if (folded) folded.open = true;
  target.scrollIntoView();
}

async function show(code) {
  try {
    await load(code);
    failure = null;
  } catch (err) {
    failure = err.error || { key: "web.error.network", params: {} };
  }
  render();
}

async function start() {
  const asked = new URLSearchParams(location.search).get("lang");
  await setLang(LANGUAGES.includes(asked) ? asked : preferredLang());
  bindLangSwitch(document, async (code) => {
    history.replaceState(null, "", rulesHref(game, code, null, text));
    await show(code);
    window.scrollTo(0, 0);
  });
  await show(lang());
  scrollToAnchor();
}

window.addEventListener("hashchange", scrollToAnchor); // a link of the contents to a folded section

start();
