// The lobby (`/`): the games, a form to create a table, and the open, running and finished tables.
// The form is generated from each game's `options` schema (GET /api/games), so a new game or a new
// variant needs no change here.

import { api, ApiError, fill, formatTime, h, seatColour, seatNames } from "./dom.js";
import { botLabel, rememberBotLabels } from "./botlabels.js";
import { bindLangSwitch, has, lang, pick, preferredLang, setLang, t, tn, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const els = {
  games: $("games"),
  form: $("create-form"),
  game: $("game"),
  options: $("options"),
  seats: $("seats"),
  createError: $("create-error"),
  createButton: $("create-button"),
  created: $("created"),
  lists: { open: $("tables-open"), running: $("tables-running"), finished: $("tables-finished") },
};

const STATUSES = ["open", "running", "finished"];
const REFRESH_MS = 10000;

let games = [];
let gamesError = null;
let tables = { open: [], running: [], finished: [] };
let tablesError = null;
let created = null; // the answer to the last POST /api/tables (the only time tokens are shown)
let createError = null;
const form = { game: null, options: {}, seats: [] };

const gameById = (id) => games.find((g) => g.id === id);
const playable = () => games.filter((g) => g.status === "playable");

// -- games -------------------------------------------------------------------------------------------

function renderGames() {
  if (gamesError) {
    fill(els.games, h("li", { class: "error" }, errorText(gamesError)));
    return;
  }
  fill(
    els.games,
    games.map((game) =>
      h(
        "li",
        { class: "game " + game.status },
        h("div", { class: "game-head" },
          h("strong", { class: "game-title" }, pick(game.titles)),
          h("span", { class: "badge " + game.status }, t(`web.game_status.${game.status}`))),
        h("p", { class: "game-summary" }, pick(game.summary)),
        Number.isInteger(game.min_players) && Number.isInteger(game.max_players)
          ? h("p", { class: "muted small" }, t("web.lobby.players_range", { min: game.min_players, max: game.max_players }))
          : null,
      ),
    ),
  );
}

// -- create form -------------------------------------------------------------------------------------

/** How a choice of an option reads: the game's own words for it (`web.<game>.option.<name>.<value>`,
 * else the game's term `<game>.<name>.<value>`), else the value as the command line writes it. */
function choiceLabel(name, value) {
  for (const key of [`web.${form.game}.option.${name}.${value}`, `${form.game}.${name}.${value}`]) {
    if (has(key)) return t(key);
  }
  return value;
}

function optionSchema(game, name) {
  return (game?.options || []).find((o) => o.name === name);
}

function selectGame(id) {
  const game = gameById(id);
  form.game = id;
  form.options = {};
  for (const option of game?.options || []) form.options[option.name] = option.default;
  if (form.options.players === undefined) form.options.players = game?.min_players ?? 2;
  resizeSeats();
}

function seatCount() {
  return Number(form.options.players) || 0;
}

function defaultSeat(i) {
  const game = gameById(form.game);
  const bots = game?.bots || [];
  if (i === 0) return { kind: "human", bot: bots.includes("heuristic") ? "heuristic" : bots[0], name: "" };
  return { kind: "bot", bot: bots.includes("heuristic") ? "heuristic" : bots[0], name: "" };
}

function resizeSeats() {
  const n = Math.max(0, Math.min(seatCount(), 12));
  while (form.seats.length < n) form.seats.push(defaultSeat(form.seats.length));
  form.seats.length = n;
}

function defaultName(i, seat) {
  if (seat.kind === "bot") return t("web.lobby.default_bot", { n: i + 1, bot: botLabel(form.game, seat.bot) });
  return t("web.lobby.default_player", { n: i + 1 });
}

function renderForm() {
  const list = playable();
  fill(
    els.game,
    list.map((g) => h("option", { value: g.id, selected: g.id === form.game }, pick(g.titles))),
  );
  els.createButton.disabled = !list.length;
  const game = gameById(form.game);
  renderOptions(game);
  renderSeats(game);
  if (createError) {
    els.createError.hidden = false;
    els.createError.textContent = errorText(createError);
  } else {
    els.createError.hidden = true;
  }
}

function renderOptions(game) {
  const fields = [h("legend", {}, t("web.lobby.options"))];
  for (const option of game?.options || []) {
    const label = pick(option);
    const id = `opt-${option.name}`;
    const value = form.options[option.name];
    if (option.name === "players") {
      fields.push(
        h("div", { class: "field" },
          h("label", { for: id }, label),
          h("input", {
            id,
            type: "number",
            min: game.min_players,
            max: game.max_players,
            step: 1,
            value,
            required: true,
            "data-testid": "players",
            onchange: (e) => {
              const n = Math.max(game.min_players, Math.min(game.max_players, Math.round(Number(e.target.value) || game.min_players)));
              e.target.value = n;
              form.options.players = n;
              resizeSeats();
              renderOptions(game);
              renderSeats(game);
            },
          })),
      );
    } else if (option.seats) {
      fields.push(seatOption(option, id, label));
    } else if (option.type === "bool") {
      fields.push(
        h("div", { class: "field check" },
          h("input", {
            id,
            type: "checkbox",
            checked: Boolean(value),
            "data-testid": `option-${option.name}`,
            onchange: (e) => {
              form.options[option.name] = e.target.checked;
            },
          }),
          h("label", { for: id }, label)),
      );
    } else if (Array.isArray(option.choices)) {
      // The option's values as the server lists them, typed: the one chosen is sent as it is.
      const choices = option.choices;
      fields.push(
        h("div", { class: "field" },
          h("label", { for: id }, label),
          h("select", {
            id,
            "data-testid": `option-${option.name}`,
            onchange: (e) => {
              form.options[option.name] = choices[e.target.selectedIndex];
            },
          }, choices.map((c) => h("option", { value: String(c), selected: value === c }, choiceLabel(option.name, String(c)))))),
      );
    } else {
      const numeric = option.type === "int" || option.type === "float";
      fields.push(
        h("div", { class: "field" },
          h("label", { for: id }, label),
          h("input", {
            id,
            type: numeric ? "number" : "text",
            value: value ?? "",
            "data-testid": `option-${option.name}`,
            onchange: (e) => {
              form.options[option.name] = numeric ? Number(e.target.value) : e.target.value;
            },
          })),
      );
    }
  }
  // Not a rule of the game: a practice table shows each human player the odds of his decisions.
  fields.push(
    h("div", { class: "field check" },
      h("input", {
        id: "option-practice",
        type: "checkbox",
        checked: Boolean(form.practice),
        "data-testid": "option-practice",
        onchange: (e) => {
          form.practice = e.target.checked;
        },
      }),
      h("label", { for: "option-practice" }, t("web.lobby.practice"))),
  );
  fill(els.options, fields);
}

/** An option that names seats, offered as the seats themselves (« Joueur 2 »), never as the
 * numbers the option writes: `indices` (seats from 0, comma-separated) as one box per seat,
 * `number` (a player's number from 1, 0 for nobody) as a list. */
function seatOption(option, id, label) {
  const seats = form.seats.map((seat, i) => `${i + 1}. ${seat.name.trim() || defaultName(i, seat)}`);
  if (option.seats === "indices") {
    const chosen = new Set(String(form.options[option.name] || "").split(",").filter((x) => x.trim() !== "").map(Number));
    const write = () => {
      form.options[option.name] = [...chosen].filter((i) => i < seats.length).sort((a, b) => a - b).join(",");
    };
    return h("fieldset", { class: "field seat-set", "data-testid": `option-${option.name}` },
      h("legend", {}, label),
      seats.map((text, i) =>
        h("div", { class: "check" },
          h("input", {
            id: `${id}-${i}`,
            type: "checkbox",
            checked: chosen.has(i),
            "data-testid": `option-${option.name}-${i}`,
            onchange: (e) => {
              if (e.target.checked) chosen.add(i);
              else chosen.delete(i);
              write();
            },
          }),
          h("label", { for: `${id}-${i}` }, text))));
  }
  const value = Number(form.options[option.name]) || 0;
  return h("div", { class: "field" },
    h("label", { for: id }, label),
    h("select", {
      id,
      "data-testid": `option-${option.name}`,
      onchange: (e) => {
        form.options[option.name] = Number(e.target.value);
      },
    },
    h("option", { value: "0", selected: value === 0 }, t("web.lobby.nobody")),
    seats.map((text, i) => h("option", { value: String(i + 1), selected: value === i + 1 }, text))));
}

function renderSeats(game) {
  const bots = game?.bots || [];
  fill(
    els.seats,
    form.seats.map((seat, i) =>
      h(
        "div",
        { class: "seat-row", style: `--seat:${seatColour(i)}` },
        h("span", { class: "seat-dot", "aria-hidden": "true" }, String(i + 1)),
        h("label", { class: "visually-hidden", for: `seat-kind-${i}` }, t("web.lobby.seat_kind", { n: i + 1 })),
        h("select", {
          id: `seat-kind-${i}`,
          "data-testid": `seat-kind-${i}`,
          onchange: (e) => {
            seat.kind = e.target.value;
            renderOptions(game);
            renderSeats(game);
          },
        },
        h("option", { value: "human", selected: seat.kind === "human" }, t("web.kind.human")),
        h("option", { value: "bot", selected: seat.kind === "bot" }, t("web.kind.bot"))),
        h("label", { class: "visually-hidden", for: `seat-bot-${i}` }, t("web.lobby.seat_bot", { n: i + 1 })),
        h("select", {
          id: `seat-bot-${i}`,
          "data-testid": `seat-bot-${i}`,
          disabled: seat.kind !== "bot",
          hidden: seat.kind !== "bot",
          onchange: (e) => {
            seat.bot = e.target.value;
            renderSeats(game);
          },
        }, bots.map((b) => h("option", { value: b, selected: seat.bot === b }, botLabel(game?.id, b)))),
        h("label", { class: "visually-hidden", for: `seat-name-${i}` }, t("web.lobby.seat_name", { n: i + 1 })),
        h("input", {
          id: `seat-name-${i}`,
          type: "text",
          maxlength: 40,
          value: seat.name,
          placeholder: defaultName(i, seat),
          "data-testid": `seat-name-${i}`,
          oninput: (e) => {
            seat.name = e.target.value;
            renderOptions(game); // the options that name seats name them as the form does
          },
        }),
      ),
    ),
  );
}

async function submit(event) {
  event.preventDefault();
  const game = gameById(form.game);
  if (!game) return;
  createError = null;
  // `players` is the number of seats: the server derives it from the seat list and refuses it as an option.
  const { players: _players, ...options } = form.options;
  for (const option of game.options || []) {
    // Seats ticked before the table shrank are no longer there.
    if (option.seats === "indices" && typeof options[option.name] === "string") {
      options[option.name] = options[option.name].split(",").filter((x) => x !== "" && Number(x) < form.seats.length).join(",");
    }
  }
  const body = {
    game: game.id,
    options,
    practice: Boolean(form.practice),
    seats: form.seats.map((seat, i) => {
      const out = { kind: seat.kind, name: seat.name.trim() || defaultName(i, seat) };
      if (seat.kind === "bot") out.bot = seat.bot;
      return out;
    }),
  };
  els.createButton.disabled = true;
  try {
    created = await api("/api/tables", { method: "POST", body });
    renderCreated();
    refreshTables();
  } catch (err) {
    createError = err instanceof ApiError ? err.error : { key: "web.error.network", params: {} };
  } finally {
    els.createButton.disabled = false;
    renderForm();
  }
}

function absolute(path) {
  return new URL(path, location.origin).href;
}

function copyButton(text) {
  return h("button", {
    type: "button",
    class: "small",
    onclick: async (e) => {
      try {
        await navigator.clipboard.writeText(text);
        e.target.textContent = t("web.copied");
      } catch {
        e.target.textContent = t("web.copy_failed");
      }
    },
  }, t("web.copy"));
}

function renderCreated() {
  if (!created) {
    els.created.hidden = true;
    return;
  }
  els.created.hidden = false;
  const humans = created.seats.filter((seat) => seat.kind === "human" && seat.invite);
  fill(
    els.created,
    h("h3", {}, t("web.lobby.created", { id: created.id })),
    humans.length ? h("p", { class: "muted small" }, t("web.lobby.invite_note")) : null,
    h(
      "ul",
      { class: "links" },
      humans.map((seat) => {
        const url = absolute(seat.invite);
        return h("li", {},
          h("span", { class: "link-label" }, t("web.lobby.invite_for", { name: seat.name, n: seat.index + 1 })),
          h("a", { href: url, "data-testid": `invite-${seat.index}`, class: "url" }, url),
          copyButton(url));
      }),
      created.hotseat && humans.length
        ? h("li", {},
            h("span", { class: "link-label" }, t("web.lobby.hotseat_label")),
            h("a", { href: absolute(created.hotseat), "data-testid": "hotseat-link" }, t("web.lobby.hotseat")))
        : null,
      h("li", {},
        h("span", { class: "link-label" }, t("web.lobby.spectate_label")),
        h("a", { href: absolute(created.spectate), "data-testid": "spectate-link", class: "url" }, absolute(created.spectate)),
        copyButton(absolute(created.spectate))),
    ),
  );
}

// -- table lists -------------------------------------------------------------------------------------

async function refreshTables() {
  try {
    const answers = await Promise.all(STATUSES.map((status) => api(`/api/tables?status=${status}`)));
    tables = Object.fromEntries(STATUSES.map((status, i) => [status, answers[i] || []]));
    tablesError = null;
  } catch (err) {
    tablesError = err instanceof ApiError ? err.error : { key: "web.error.network", params: {} };
  }
  renderTables();
}

function renderTables() {
  for (const status of STATUSES) {
    const list = els.lists[status];
    if (tablesError) {
      fill(list, h("li", { class: "error" }, errorText(tablesError)));
      continue;
    }
    const rows = [...tables[status]].sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
    if (!rows.length) {
      fill(list, h("li", { class: "muted empty" }, t("web.lobby.none")));
      continue;
    }
    fill(list, rows.map((table) => tableItem(table, status)));
  }
}

function tableItem(table, status) {
  const names = seatNames(table.seats);
  const game = gameById(table.game);
  const id = encodeURIComponent(table.id);
  const seats = (table.seats || []).map((seat, i) =>
    h("span", { class: "seat-chip", style: `--seat:${seatColour(i)}` },
      names[i],
      seat.kind === "bot" ? h("small", {}, ` (${botLabel(table.game, seat.bot)})`) : null),
  );
  return h(
    "li",
    { class: "table-item", "data-table": table.id },
    h("div", { class: "table-head" },
      h("strong", {}, game ? pick(game.titles) : table.game),
      h("span", { class: "muted small" }, ` ${t("web.table_n", { id: table.id })} · ${formatTime(table.updated || table.created, lang())}`)),
    h("div", { class: "seat-chips" }, seats),
    status === "finished" ? resultLine(table) : h("p", { class: "muted small" }, t("web.lobby.moves", { version: table.version ?? 0 })),
    h("div", { class: "table-links" },
      status !== "finished" ? h("a", { href: `/table/${id}` }, t("web.lobby.watch")) : h("a", { href: `/table/${id}` }, t("web.lobby.final_board")),
      h("a", { href: `/table/${id}/replay` }, t("web.replay"))),
  );
}

function resultLine(table) {
  const names = seatNames(table.seats);
  const result = table.result;
  if (!result || !Array.isArray(result.ranking)) return h("p", { class: "muted small" }, t("web.lobby.no_result"));
  // What the ranking ordered: the scores of a game that keeps a score sheet, else the money.
  const scores = Array.isArray(result.scores) ? result.scores : null;
  const basis = scores || result.money || [];
  const shown = (p) => (scores ? tn("web.standing.points", scores[p], { value: scores[p] }) : String(basis[p]));
  return h(
    "ol",
    { class: "result" },
    result.ranking.map((place, index) =>
      h("li", { class: index === 0 ? "winner" : "" },
        t(`web.ordinal.${index + 1}`), " ",
        place.map((p) => `${names[p]}${basis[p] !== undefined ? ` (${shown(p)})` : ""}`).join(", ")),
    ),
  );
}

// -- errors and language -----------------------------------------------------------------------------

function errorText(error) {
  if (error?.message) return pick(error.message);
  return t(error?.key || "web.error.unknown", error?.params || {});
}

function renderAll() {
  translatePage();
  renderGames();
  renderForm();
  renderCreated();
  renderTables();
}

async function start() {
  await setLang(preferredLang());
  translatePage();
  bindLangSwitch(document, renderAll);
  els.form.addEventListener("submit", submit);
  els.game.addEventListener("change", (e) => {
    selectGame(e.target.value);
    renderForm();
  });
  try {
    games = await api("/api/games");
    rememberBotLabels(games);
  } catch (err) {
    gamesError = err instanceof ApiError ? err.error : { key: "web.error.network", params: {} };
    games = [];
  }
  if (playable().length) selectGame(playable()[0].id);
  renderAll();
  refreshTables();
  setInterval(() => {
    if (document.visibilityState === "visible") refreshTables();
  }, REFRESH_MS);
}

start();
