// The rules page: `/rules/{game}`. It opens on how to play in one screen (the goal, a turn, how it
// ends: GET /api/games/{game}/rules/{lang}?text=howto), with the whole rules behind links:
// `?text=players` (the table's help panel links so) the rules in players' words, in the page's
// language; `?text=document` the whole rules a reader of that language gets (the original rulebook in
// French, the rules as Hippodrome plays them, with its decisions, in English). The server renders
// each text; this page shows it with its contents, says what the text is, and links to the others.
// `?lang=fr` opens it in a language.

import { api, fill, h } from "./dom.js";
import { rulesHref, sectionBody } from "./help.js";
import { bindLangSwitch, LANGUAGES, lang, pick, preferredLang, setLang, t, translatePage } from "./i18n.js";

const game = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = (id) => document.getElementById(id);
const els = {
  title: $("title"),
  contents: $("contents"),
  about: $("about"),
  others: $("others"),
  text: $("text"),
  more: $("more"),
};
const pages = new Map(); // lang -> the server's answer
const asked = new URLSearchParams(location.search).get("text");
const text = ["players", "document"].includes(asked) ? asked : null; // null: how to play
let failure = null;

async function load(code) {
  const which = `?text=${text || "howto"}`;
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
  els.contents.hidden = page.howto;
  els.more.hidden = !page.howto;
  els.about.hidden = page.howto;
  els.others.hidden = page.howto;
  if (page.howto) {
    renderHowto(page);
    return;
  }
  fill(els.more);
  const heading = t("web.rules.title", { game: pick(page.titles) });
  document.title = `${heading} — ${t("web.brand")}`;
  els.title.textContent = heading;
  els.about.textContent = page.rulebook
    ? t("web.rules.about_rulebook")
    : t(page.players ? "web.rules.about_players" : "web.rules.about_document");
  const own = page.players
    ? h(
        "a",
        { href: rulesHref(game, page.lang, null, "document"), "data-testid": "rules-document" },
        t(page.document_rulebook ? "web.rules.rulebook_link" : "web.rules.whole_document"),
      )
    : null;
  const howto = h("a", { href: rulesHref(game, page.lang), "data-testid": "rules-howto" }, t("web.rules.howto_link"));
  fill(
    els.others,
    howto,
    own,
    Object.entries(page.others).flatMap(([code, rulebook]) => [
      h(
        "a",
        { href: rulesHref(game, code, null, "document"), "data-testid": `rules-${code}`, lang: code },
        t(rulebook ? "web.rules.other_rulebook" : "web.rules.other_document", {
          language: t(`web.rules.language.${code}`),
        }),
      ),
      rulebook
        ? null
        : h(
            "a",
            { href: rulesHref(game, code, "decisions", "document"), "data-testid": "rules-decisions" },
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

/** How to play in one screen, and where the whole rules are: in players' words, the whole rules of
 * the page's language (the original rulebook in French), the other language's. */
function renderHowto(page) {
  const heading = t("web.rules.howto_title", { game: pick(page.titles) });
  document.title = `${heading} — ${t("web.brand")}`;
  els.title.textContent = heading;
  els.about.textContent = "";
  fill(els.others);
  els.text.lang = page.text_lang;
  els.text.innerHTML = page.html; // rendered by the server from Markdown, raw HTML escaped
  const link = (href, testid, words) => h("li", {}, h("a", { href, "data-testid": testid }, words));
  fill(
    els.more,
    h("h2", {}, t("web.rules.full_rules")),
    h(
      "ul",
      {},
      link(rulesHref(game, page.lang, null, "players"), "rules-players", t("web.rules.players_link")),
      link(
        rulesHref(game, page.lang, null, "document"),
        "rules-document",
        t(page.document_rulebook ? "web.rules.rulebook_link" : "web.rules.whole_document"),
      ),
      Object.entries(page.others).map(([code, rulebook]) =>
        link(
          rulesHref(game, code, null, "document"),
          `rules-${code}`,
          t(rulebook ? "web.rules.other_rulebook" : "web.rules.other_document", {
            language: t(`web.rules.language.${code}`),
          }),
        ),
      ),
    ),
  );
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
