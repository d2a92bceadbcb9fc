// A player's profile (`/player/{name}`): games played and won, a rating per game (TrueSkill, updated
// after every finished game between accounts), and the latest results with their replays.

import { accountCare } from "./accountcare.js";
import { ApiError, api, fill, formatTime, h } from "./dom.js";
import { bindLangSwitch, has, lang, pick, preferredLang, setLang, t, translatePage } from "./i18n.js";

const name = decodeURIComponent(location.pathname.replace(/^\/player\//, ""));
const els = { title: document.getElementById("title"), profile: document.getElementById("profile") };

let profile = null;
let problem = null;
let games = [];
let viewer = null; // the name of the account logged in here

function gameTitle(id) {
  const game = games.find((g) => g.id === id);
  return game ? pick(game.titles) : id;
}

function ordinal(place) {
  return has(`web.ordinal.${place}`) ? t(`web.ordinal.${place}`) : String(place);
}

function render() {
  translatePage();
  document.title = `${profile?.name || name} · ${t("web.brand")}`;
  els.title.textContent = t("web.profile.title", { name: profile?.name || name });
  if (problem) {
    fill(
      els.profile,
      h(
        "section",
        { class: "panel" },
        h(
          "p",
          { class: "error", role: "alert" },
          problem.message ? pick(problem.message) : t(problem.key, problem.params || {}),
        ),
        h("a", { href: "/" }, t("web.profile.back")),
      ),
    );
    return;
  }
  if (!profile) return;
  fill(
    els.profile,
    h(
      "section",
      { class: "panel" },
      h(
        "p",
        { "data-testid": "profile-summary" },
        t("web.profile.summary", {
          played: profile.played,
          won: profile.won,
          since: formatTime(profile.since, lang()),
        }),
      ),
    ),
    h(
      "section",
      { class: "panel" },
      h("h2", {}, t("web.profile.ratings")),
      profile.ratings.length
        ? h(
            "table",
            { class: "profile-table", "data-testid": "ratings" },
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                h("th", {}, t("web.profile.game")),
                h("th", { class: "num" }, t("web.profile.rating")),
                h("th", { class: "num" }, t("web.profile.rated_games")),
              ),
            ),
            h(
              "tbody",
              {},
              profile.ratings.map((r) =>
                h(
                  "tr",
                  { "data-game": r.game },
                  h("td", {}, gameTitle(r.game)),
                  h(
                    "td",
                    { class: "num", title: t("web.profile.rating_hint", { mu: r.mu, sigma: r.sigma }) },
                    r.rating.toFixed(1),
                  ),
                  h("td", { class: "num" }, String(r.games)),
                ),
              ),
            ),
          )
        : h("p", { class: "muted" }, t("web.profile.no_rating")),
    ),
    h(
      "section",
      { class: "panel" },
      h("h2", {}, t("web.profile.results")),
      profile.results.length
        ? h(
            "ul",
            { class: "profile-results", "data-testid": "results" },
            profile.results.map((r) =>
              h(
                "li",
                {},
                h("strong", {}, gameTitle(r.game)),
                " · ",
                r.place === null
                  ? t("web.profile.no_place")
                  : t("web.profile.place", { place: ordinal(r.place), players: r.players }),
                " · ",
                h("span", { class: "muted small" }, formatTime(r.finished, lang())),
                " ",
                h("a", { href: `/table/${encodeURIComponent(r.table)}/replay` }, t("web.replay")),
              ),
            ),
          )
        : h("p", { class: "muted" }, t("web.profile.no_results")),
    ),
    // One's own profile: the password and the account itself (issue 35).
    viewer && viewer === profile.name ? accountCare() : null,
  );
}

async function start() {
  await setLang(preferredLang());
  bindLangSwitch(document, render);
  try {
    [games, profile] = await Promise.all([api("/api/games"), api(`/api/players/${encodeURIComponent(name)}`)]);
    viewer = (await api("/api/account").catch(() => ({ account: null }))).account?.name ?? null;
  } catch (err) {
    problem = err instanceof ApiError ? err.error : { key: "web.error.network", params: {} };
  }
  render();
}

start();
