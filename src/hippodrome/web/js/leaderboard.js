// The leaderboard of a game (`/leaderboard`, `?game=ID`): its players by rating, TrueSkill's cautious
// estimate (mu - 3 sigma), with their rated games; a player appears after a few rated games (the
// server's `leaderboard_min_games`, said on the page).

import { ApiError, api, fill, h } from "./dom.js";
import { bindLangSwitch, pick, preferredLang, setLang, t, translatePage } from "./i18n.js";
import { formatRating } from "./ratings.js";

const main = document.getElementById("main");
let games = [];
let game = new URLSearchParams(location.search).get("game");
let board = null;
let problem = null;

function render() {
  translatePage();
  document.title = `${t("web.leaderboard.title")} · ${t("web.brand")}`;
  const picker = h(
    "div",
    { class: "field" },
    h("label", { for: "leaderboard-game" }, t("web.leaderboard.game")),
    h(
      "select",
      {
        id: "leaderboard-game",
        "data-testid": "leaderboard-game",
        onchange: (e) => {
          game = e.target.value;
          history.replaceState(null, "", `/leaderboard?game=${encodeURIComponent(game)}`);
          load();
        },
      },
      games.map((g) => h("option", { value: g.id, selected: g.id === game }, pick(g.titles))),
    ),
  );
  let body = null;
  if (problem)
    body = h("p", { class: "error", role: "alert" }, problem.message ? pick(problem.message) : t(problem.key));
  else if (board && !board.players.length)
    body = h(
      "p",
      { class: "muted", "data-testid": "leaderboard-empty" },
      t("web.leaderboard.none", { n: board.min_games }),
    );
  else if (board)
    body = h(
      "table",
      { class: "profile-table", "data-testid": "leaderboard-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { class: "num" }, t("web.leaderboard.rank")),
          h("th", {}, t("web.leaderboard.player")),
          h("th", { class: "num", title: t("web.rating.hint") }, t("web.profile.rating")),
          h("th", { class: "num" }, t("web.profile.rated_games")),
        ),
      ),
      h(
        "tbody",
        {},
        board.players.map((p) =>
          h(
            "tr",
            { "data-player": p.name },
            h("td", { class: "num" }, String(p.rank)),
            h("td", {}, h("a", { href: `/player/${encodeURIComponent(p.name)}` }, p.name)),
            h("td", { class: "num" }, formatRating(p.rating)),
            h("td", { class: "num" }, String(p.games)),
          ),
        ),
      ),
    );
  fill(
    main,
    h(
      "section",
      { class: "panel" },
      picker,
      board ? h("p", { class: "muted small" }, t("web.leaderboard.note", { n: board.min_games })) : null,
      body,
    ),
  );
}

async function load() {
  problem = null;
  try {
    board = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
  } catch (err) {
    board = null;
    problem = err instanceof ApiError ? err.error : { key: "web.error.network" };
  }
  render();
}

async function start() {
  await setLang(preferredLang());
  bindLangSwitch(document, render);
  try {
    games = (await api("/api/games")).filter((g) => g.status === "playable");
  } catch {
    games = [];
  }
  if (!games.some((g) => g.id === game)) game = games[0]?.id || "royal_turf";
  await load();
}

start();
