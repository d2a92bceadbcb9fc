// The table's help panel: the "Rules" button in the header opens the rules at the section of the
// current phase. Each game's manifest names, per language, the heading of its rules text for each
// phase (GameInfo.rules.sections); the server sends that map with the rendered text
// (GET /api/games/{game}/rules/{lang}?text=players), and this panel shows the one section, with a link
// to the whole rules page at the same place. It asks for the rules in players' words: where a reader
// would get the rules document (the developers' text, with the engine's notation), a game keeps the
// same sections in players' words (`help.<lang>.md`, in each language); the rulebook is given as it is
// where a game keeps none. It knows no game.

import { api, fill, h } from "./dom.js";
import { lang, t } from "./i18n.js";

/**
 * The rules page's address in language `code`, at `anchor` (or at the top); `text` "players" asks
 * for the rules in players' words (the help's text), "document" or nothing for the page's own.
 * @param {string} game
 * @param {string} code
 * @param {string|null} [anchor]
 * @param {string|null} [text]
 * @returns {string}
 */
export function rulesHref(game, code, anchor, text = null) {
  const which = text ? `&text=${encodeURIComponent(text)}` : "";
  return `/rules/${encodeURIComponent(game)}?lang=${code}${which}${anchor ? `#${encodeURIComponent(anchor)}` : ""}`;
}

/** Which of its texts a rules answer is, for the line that says where a section comes from. */
export function textNote(answer) {
  if (answer.rulebook) return "web.help.from_rulebook";
  return answer.players ? "web.help.from_players" : "web.help.from_document";
}

const HEADING = /^H[1-6]$/;

/** What follows the heading `head` up to the next heading of its level or above (its section). */
export function sectionBody(head) {
  const level = Number(head.tagName.slice(1));
  const body = [];
  for (let node = head.nextElementSibling; node; node = node.nextElementSibling) {
    if (HEADING.test(node.tagName) && Number(node.tagName.slice(1)) <= level) break;
    body.push(node);
  }
  return body;
}

/** The heading `anchor` of the rendered `html` and its section, as nodes (null: no such heading). */
function sectionNodes(html, anchor) {
  const template = document.createElement("template");
  template.innerHTML = html; // rendered by the server from Markdown, raw HTML escaped
  const head = anchor ? template.content.getElementById(anchor) : null;
  if (!head || !HEADING.test(head.tagName)) return null;
  return [head, ...sectionBody(head)];
}

/**
 * Wire the help `button` and its `panel`. `update(game, phase)` is called on every render of the
 * table; the panel follows the phase and the page's language while it is open.
 */
export function createHelp(button, panel) {
  const pages = new Map(); // `${game}/${lang}` -> the server's answer (or a failure)
  let game = null;
  let phase = null;
  let shown = null; // what the panel last drew: game, lang and phase

  function open(isOpen) {
    panel.hidden = !isOpen;
    button.setAttribute("aria-expanded", String(isOpen));
    shown = null;
    draw();
  }

  button.addEventListener("click", () => open(panel.hidden));
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || panel.hidden) return;
    open(false);
    button.focus();
  });

  async function page(code) {
    const key = `${game}/${code}`;
    if (!pages.has(key)) {
      const url = `/api/games/${encodeURIComponent(game)}/rules/${code}?text=players`;
      pages.set(
        key,
        api(url).catch((err) => ({ failed: err })),
      );
    }
    return pages.get(key);
  }

  async function draw() {
    if (panel.hidden || !game) return;
    const code = lang();
    const wanted = `${game}/${code}/${phase}`;
    if (shown === wanted) return;
    shown = wanted;
    const answer = await page(code);
    if (shown !== wanted) return; // the phase or the language changed meanwhile
    const close = h(
      "button",
      { type: "button", class: "close", "aria-label": t("web.dismiss"), onclick: () => open(false) },
      "×",
    );
    if (answer.failed) {
      fill(panel, close, h("p", { class: "error" }, t("web.help.failed")));
      return;
    }
    const anchor = answer.phases[phase];
    const text = answer.players ? "players" : "document";
    const nodes = sectionNodes(answer.html, anchor);
    const body = h("div", {
      class: "rules-body help-body",
      lang: answer.text_lang,
      "data-testid": "help-section",
      "data-anchor": nodes ? anchor : "",
    });
    if (nodes) body.append(...nodes);
    else body.append(h("p", {}, t("web.help.no_section")));
    for (const link of body.querySelectorAll('a[href^="#"]')) {
      link.href = rulesHref(game, code, decodeURIComponent(link.getAttribute("href").slice(1)), text);
      link.target = "_blank";
    }
    fill(
      panel,
      h("div", { class: "help-head" }, h("h2", {}, t("web.help.title")), close),
      h("p", { class: "muted small" }, t(textNote(answer))),
      body,
      h(
        "p",
        {},
        h(
          "a",
          {
            href: rulesHref(game, code, nodes ? anchor : null, text),
            target: "_blank",
            "data-testid": "help-all-rules",
          },
          t("web.help.all_rules"),
        ),
      ),
    );
  }

  return {
    /** Open the panel (a guided table's hint links here), at the current phase. */
    show() {
      if (panel.hidden) open(true);
      panel.scrollIntoView?.({ block: "nearest" });
    },
    update(gameId, currentPhase) {
      game = gameId || null;
      phase = currentPhase ?? null;
      draw();
    },
  };
}
