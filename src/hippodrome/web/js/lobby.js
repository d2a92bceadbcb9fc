// The lobby (`/`): the games, a form to create a table, and the open, running and finished tables.
// The form is generated from each game's `options` schema (GET /api/games), so a new game or a new
// variant needs no change here: each option says its kind (engine/options.py), which names the
// control drawn for it (`optionField`), with its label and help in the page's language.

import { gameFileUrl } from "./boards/index.js";
import { botLabel, rememberBotLabels } from "./botlabels.js";
import { clockFields, clockRequest } from "./clock.js";
import { ApiError, api, fill, h, seatColour, seatNames } from "./dom.js";
import { bindLangSwitch, has, lang, pick, preferredLang, setLang, t, tn, translatePage } from "./i18n.js";
import { freeSeatButtons, joinName, rememberJoinName } from "./joining.js";
import { formatMoney } from "./kit/money.js";
import { rememberSeat, renderInvitations, stashCreated, tableItem } from "./seats.js";

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
  lists: {
    open: $("tables-open"),
    running: $("tables-running"),
    finished: $("tables-finished"),
    expired: $("tables-expired"),
  },
  filterGame: $("filter-game"),
  filterStatus: $("filter-status"),
  joinName: $("join-name"),
};

// The lists by status; the archived tables (`expired`: left untouched too long) only when asked for.
const STATUSES = ["open", "running", "finished", "expired"];
const SHOWN_BY_DEFAULT = ["open", "running", "finished"];
const filters = { game: "", status: "" };
const REFRESH_MS = 10000;

let games = [];
let gamesError = null;
let tables = { open: [], running: [], finished: [], expired: [] };
let tablesError = null;
let created = null; // the answer to the last POST /api/tables (the only time tokens are shown)
let createError = null;
let account = null; // the logged-in account (account.js tells), whose name the creator's seat takes
const form = { game: null, options: {}, seats: [] };
// The chosen game's options editor, when its package has one (`web/options.js`, Toques et Casques'
// course designer): `createOptionsEditor({options, setOption, changed})` returns null or
// `{owns, element(fields), update(), refusal(), pending()}`: the options it edits (whose plain fields
// it holds, `element` returning it in the page's language), told of every change in the form, and the
// engine's refusal of the options as they stand (or a verdict still awaited), which keeps the table
// from being created.
let editor = null;

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
        { class: `game ${game.status}` },
        h(
          "div",
          { class: "game-head" },
          h("strong", { class: "game-title" }, pick(game.titles)),
          h("span", { class: `badge ${game.status}` }, t(`web.game_status.${game.status}`)),
        ),
        h("p", { class: "game-summary" }, pick(game.summary)),
        Number.isInteger(game.min_players) && Number.isInteger(game.max_players)
          ? h(
              "p",
              { class: "muted small" },
              t("web.lobby.players_range", { min: game.min_players, max: game.max_players }),
            )
          : null,
        game.status === "playable"
          ? h(
              "a",
              {
                href: `/rules/${encodeURIComponent(game.id)}?lang=${lang()}`,
                class: "game-rules",
                "data-testid": `rules-link-${game.id}`,
              },
              t("web.rules.link"),
            )
          : null,
        game.status === "playable"
          ? h(
              "button",
              {
                type: "button",
                class: "game-learn",
                "data-testid": `learn-${game.id}`,
                title: t("web.guide.learn_title"),
                onclick: (e) => learn(game, e.currentTarget),
              },
              t("web.guide.learn"),
            )
          : null,
      ),
    ),
  );
}

/** "Learn to play": a guided table against medium bots, private, and straight to the player's seat. */
async function learn(game, button) {
  const players = Math.max(game.min_players ?? 2, Math.min(3, game.max_players ?? 3));
  const seats = [{ kind: "human", name: account?.name || t("web.lobby.default_player", { n: 1 }), mine: true }];
  for (let i = 1; i < players; i += 1) {
    seats.push({
      kind: "bot",
      bot: "heuristic",
      name: t("web.lobby.default_bot", { n: i + 1, bot: t("web.bot.heuristic") }),
    });
  }
  button.disabled = true;
  try {
    const answer = await api("/api/tables", {
      method: "POST",
      body: { game: game.id, options: {}, seats, guided: true, private: true },
    });
    rememberSeat(answer.id, [answer.seats[0].token]); // "My tables"; no invitations: he plays alone
    location.assign(`/table/${encodeURIComponent(answer.id)}#token=${answer.seats[0].token}`);
  } catch (err) {
    button.disabled = false;
    createError = err instanceof ApiError ? err.error : { key: "web.error.network", params: {} };
    renderForm(); // the form's error line says what went wrong
  }
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

function selectGame(id) {
  const game = gameById(id);
  form.game = id;
  form.options = {};
  for (const option of game?.options || []) form.options[option.name] = option.default;
  if (form.options.players === undefined) form.options.players = game?.min_players ?? 2;
  resizeSeats();
  loadEditor(id);
}

async function loadEditor(id) {
  editor = null;
  if (!gameById(id) || gameById(id).status !== "playable") return;
  let made = null;
  try {
    const module = await import(gameFileUrl(id, "options.js"));
    made = module.createOptionsEditor({
      options: () => form.options,
      setOption: (name, value) => {
        form.options[name] = value;
        const field = document.getElementById(`opt-${name}`);
        if (field) field.value = String(value);
      },
      changed: updateCreateButton,
    });
  } catch {
    made = null; // no editor: the plain fields do
  }
  if (form.game !== id) return; // another game was chosen meanwhile
  editor = made;
  if (editor) renderForm();
}

function updateCreateButton() {
  els.createButton.disabled = !playable().length || Boolean(editor?.refusal() || editor?.pending());
}

function seatCount() {
  return Number(form.options.players) || 0;
}

function defaultSeat(i) {
  const game = gameById(form.game);
  const bots = game?.bots || [];
  // The creator sits at the first seat (his own: he lands there once the table is made).
  if (i === 0) return { kind: "human", bot: bots.includes("heuristic") ? "heuristic" : bots[0], name: "", mine: true };
  return { kind: "bot", bot: bots.includes("heuristic") ? "heuristic" : bots[0], name: "", mine: false };
}

function resizeSeats() {
  const n = Math.max(0, Math.min(seatCount(), 12));
  while (form.seats.length < n) form.seats.push(defaultSeat(form.seats.length));
  form.seats.length = n;
}

function defaultName(i, seat) {
  if (account && seat.kind === "human" && form.seats.findIndex((s) => s.kind === "human") === i) return account.name;
  if (seat.kind === "bot") return t("web.lobby.default_bot", { n: i + 1, bot: botLabel(form.game, seat.bot) });
  return t("web.lobby.default_player", { n: i + 1 });
}

function renderForm() {
  const list = playable();
  fill(
    els.game,
    list.map((g) => h("option", { value: g.id, selected: g.id === form.game }, pick(g.titles))),
  );
  updateCreateButton();
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
  const owned = []; // the fields of the options the game's editor edits, which it holds
  let editorAt = -1;
  for (const option of game?.options || []) {
    const label = pick(option);
    const mine = Boolean(editor?.owns.includes(option.name));
    if (mine && editorAt < 0) editorAt = fields.length;
    const place = mine ? owned : fields;
    const id = `opt-${option.name}`;
    if (option.name === "players") {
      fields.push(
        h(
          "div",
          { class: "field" },
          h("label", { for: id }, label),
          option.help ? h("p", { class: "muted small option-help" }, pick(option.help)) : null,
          h("input", {
            id,
            type: "number",
            inputmode: "numeric",
            min: game.min_players,
            max: game.max_players,
            step: 1,
            value: form.options.players,
            required: true,
            "data-testid": "players",
            onchange: (e) => {
              const n = Math.max(
                game.min_players,
                Math.min(game.max_players, Math.round(Number(e.target.value) || game.min_players)),
              );
              e.target.value = n;
              form.options.players = n;
              resizeSeats();
              renderOptions(game);
              renderSeats(game);
            },
          }),
        ),
      );
    } else {
      place.push(optionField(option, id, label));
    }
  }
  if (editor) fields.splice(editorAt < 0 ? fields.length : editorAt, 0, editor.element(owned));
  // Not rules of the game: a practice table shows each human player the odds of his decisions; a
  // private table's free seats go to whoever has its link, a public one's to anyone in the lobby.
  fields.push(tableChoice("practice", "web.lobby.practice"), tableChoice("private", "web.lobby.private"));
  // Rated or not, chosen here (issue 35); a practice table never is, whatever is ticked.
  form.rated ??= true;
  fields.push(tableChoice("rated", "web.lobby.rated"));
  fields.push(...clockFields(form, game?.bots || [], () => renderOptions(game)));
  fill(els.options, fields);
}

/** Set an option of the game the form is for: a field of a game no longer chosen (its change
 * arriving after another game was picked) writes nothing. */
function setOption(option, value) {
  if (!gameById(form.game)?.options?.includes(option)) return;
  form.options[option.name] = value;
}

/** The control of one option, by its `kind` in the options model (engine/options.py): a box to
 * tick, a choice of named values, the seats, a count with its unit, an amount of money, a list of
 * amounts, or text; with the option's help under its label. */
function optionField(option, id, label) {
  const help = option.help ? h("p", { class: "muted small option-help", id: `${id}-help` }, pick(option.help)) : null;
  const described = help ? { "aria-describedby": `${id}-help` } : {};
  switch (option.kind) {
    case "seats":
      return seatOption(option, id, label, help);
    case "flag": {
      const box = h("input", {
        id,
        type: "checkbox",
        checked: Boolean(form.options[option.name]),
        "data-testid": `option-${option.name}`,
        ...described,
        onchange: (e) => {
          setOption(option, e.target.checked);
        },
      });
      if (!help) return h("div", { class: "field check" }, box, h("label", { for: id }, label));
      return h("div", { class: "field" }, h("div", { class: "option-row" }, box, h("label", { for: id }, label)), help);
    }
    case "choice":
      return choiceOption(option, id, label, help, described);
    case "number":
      return numberOption(option, id, label, help, described);
    case "money":
      return moneyOption(option, id, label, help, described);
    case "amounts":
      return amountsOption(option, id, label, help);
    default:
      return h(
        "div",
        { class: "field" },
        h("label", { for: id }, label),
        help,
        h("input", {
          id,
          type: "text",
          value: form.options[option.name] ?? "",
          "data-testid": `option-${option.name}`,
          ...described,
          onchange: (e) => {
            setOption(option, e.target.value);
          },
        }),
      );
  }
}

/** One of the option's values, as the server lists them, typed: the one chosen is sent as it is. */
function choiceOption(option, id, label, help, described) {
  const choices = option.choices || [];
  const value = form.options[option.name];
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    help,
    h(
      "select",
      {
        id,
        "data-testid": `option-${option.name}`,
        ...described,
        onchange: (e) => {
          setOption(option, choices[e.target.selectedIndex]);
        },
      },
      choices.map((c) => h("option", { value: String(c), selected: value === c }, choiceLabel(option.name, String(c)))),
    ),
  );
}

/** The word of a count's unit for `n`: one (« 1 tour », "1 lap") or many. */
function unitWord(unit, n) {
  const [one, many] = pick(unit) || ["", ""];
  return (lang() === "fr" ? Math.abs(n) < 2 : n === 1) ? one : many;
}

/** A whole number within the option's bounds and step (what the field holds when it is left). */
function bounded(option, raw, fallback) {
  const step = option.step || 1;
  let n = Math.round((Number(raw) || 0) / step) * step;
  if (!Number.isFinite(Number(raw)) || raw === "") n = fallback;
  if (Number.isInteger(option.min)) n = Math.max(option.min, n);
  if (Number.isInteger(option.max)) n = Math.min(option.max, n);
  return n;
}

/** A count with its unit (« 2 tours »); an option whose 0 means "none" offers that as a box of its
 * own (« La jouer jusqu'au bout… »), the count then asked for only when the box is unticked. */
function numberOption(option, id, label, help, described) {
  const value = Number(form.options[option.name]) || 0;
  const least = option.zero ? Math.max(1, option.min ?? 1) : option.min;
  const none = Boolean(option.zero) && value === 0;
  const unit = option.unit ? h("span", { class: "option-unit" }, unitWord(option.unit, value || least || 0)) : null;
  const input = h("input", {
    id,
    type: "number",
    inputmode: "numeric",
    min: least,
    max: option.max,
    step: option.step || 1,
    value: none ? least : value,
    disabled: none,
    "data-testid": `option-${option.name}`,
    ...described,
    onchange: (e) => {
      const n = bounded({ ...option, min: least }, e.target.value, least ?? 0);
      e.target.value = n;
      setOption(option, n);
      if (unit) unit.textContent = unitWord(option.unit, n);
    },
  });
  const row = h("div", { class: "option-row", hidden: none }, input, unit);
  const zero = option.zero
    ? h(
        "div",
        { class: "option-row" },
        h("input", {
          id: `${id}-zero`,
          type: "checkbox",
          checked: none,
          "data-testid": `option-${option.name}-zero`,
          onchange: (e) => {
            input.disabled = e.target.checked;
            row.hidden = e.target.checked;
            setOption(option, e.target.checked ? 0 : bounded({ ...option, min: least }, input.value, least));
          },
        }),
        h("label", { for: `${id}-zero` }, pick(option.zero)),
      )
    : null;
  return h("div", { class: "field" }, h("label", { for: id }, label), help, zero, row);
}

/** An amount, in the game's currency, written out beside the field as a player reads it
 * (« 13 500 frs »). */
function moneyOption(option, id, label, help, described) {
  const value = Number(form.options[option.name]) || 0;
  // The amount as a player reads it, where the field's bare number does not say it all (a currency,
  // thousands grouped).
  const reading = h("output", { for: id, class: "option-unit" }, "");
  const read = (n) => {
    const shown = money(option, n);
    reading.textContent = shown === String(n) ? "" : shown;
  };
  read(value);
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    help,
    h(
      "div",
      { class: "option-row" },
      h("input", {
        id,
        type: "number",
        inputmode: "numeric",
        min: option.min,
        max: option.max,
        step: option.step || 1,
        value,
        "data-testid": `option-${option.name}`,
        ...described,
        onchange: (e) => {
          const n = bounded(option, e.target.value, option.default);
          e.target.value = n;
          setOption(option, n);
          read(n);
        },
      }),
      reading,
    ),
  );
}

function money(option, amount) {
  return formatMoney(amount, { currency: option.currency ?? null, lang: lang() });
}

/** A list of amounts, one a place, the first place first (the option writes them "60,40,20"):
 * an amount field a place, a place added or taken away, and their total. */
function amountsOption(option, id, label, help) {
  const amounts = String(form.options[option.name] ?? "")
    .split(",")
    .filter((x) => x.trim() !== "")
    .map((x) => Number(x) || 0);
  const write = () => {
    setOption(option, amounts.join(","));
  };
  const redraw = () => {
    const next = amountsOption(option, id, label, help);
    box.replaceWith(next);
    box = next;
  };
  const total = h(
    "p",
    { class: "small", "data-testid": `option-${option.name}-total` },
    t("web.lobby.option.total", {
      amount: money(
        option,
        amounts.reduce((a, b) => a + b, 0),
      ),
    }),
  );
  const rows = amounts.map((amount, i) =>
    h(
      "div",
      { class: "option-row" },
      h(
        "label",
        { for: `${id}-${i}`, class: "option-place" },
        t("web.lobby.option.place", { place: t(`web.ordinal.${i + 1}`) }),
      ),
      h("input", {
        id: `${id}-${i}`,
        type: "number",
        inputmode: "numeric",
        min: 0,
        step: option.step || 1,
        value: amount,
        "data-testid": `option-${option.name}-${i}`,
        onchange: (e) => {
          amounts[i] = bounded({ ...option, min: 0, max: undefined }, e.target.value, 0);
          e.target.value = amounts[i];
          write();
          total.textContent = t("web.lobby.option.total", {
            amount: money(
              option,
              amounts.reduce((a, b) => a + b, 0),
            ),
          });
        },
      }),
      h(
        "button",
        {
          type: "button",
          class: "option-remove",
          "aria-label": t("web.lobby.option.remove_place", { place: t(`web.ordinal.${i + 1}`) }),
          "data-testid": `option-${option.name}-remove-${i}`,
          disabled: amounts.length <= 1,
          onclick: () => {
            amounts.splice(i, 1);
            write();
            redraw();
          },
        },
        "×",
      ),
    ),
  );
  let box = h(
    "fieldset",
    { class: "field option-amounts", "data-testid": `option-${option.name}` },
    h("legend", {}, label),
    help,
    rows,
    h(
      "button",
      {
        type: "button",
        "data-testid": `option-${option.name}-add`,
        disabled: Number.isInteger(option.max) && amounts.length >= option.max,
        onclick: () => {
          amounts.push(0);
          write();
          redraw();
        },
      },
      t("web.lobby.option.add_place"),
    ),
    total,
  );
  return box;
}

/** A choice about the table itself (not the game's), a checkbox bound to `form[name]`. */
function tableChoice(name, label) {
  return h(
    "div",
    { class: "field check" },
    h("input", {
      id: `option-${name}`,
      type: "checkbox",
      checked: Boolean(form[name]),
      "data-testid": `option-${name}`,
      onchange: (e) => {
        form[name] = e.target.checked;
      },
    }),
    h("label", { for: `option-${name}` }, t(label)),
  );
}

/** An option that names seats, offered as the seats themselves (« Joueur 2 »), never as the
 * numbers the option writes: `indices` (seats from 0, comma-separated) as one box per seat,
 * `number` (a player's number from 1, 0 for nobody) as a list. */
function seatOption(option, id, label, help = null) {
  const seats = form.seats.map((seat, i) => `${i + 1}. ${seat.name.trim() || defaultName(i, seat)}`);
  if (option.seats === "indices") {
    const chosen = new Set(
      String(form.options[option.name] || "")
        .split(",")
        .filter((x) => x.trim() !== "")
        .map(Number),
    );
    const write = () => {
      form.options[option.name] = [...chosen]
        .filter((i) => i < seats.length)
        .sort((a, b) => a - b)
        .join(",");
    };
    return h(
      "fieldset",
      { class: "field seat-set", "data-testid": `option-${option.name}` },
      h("legend", {}, label),
      help,
      seats.map((text, i) =>
        h(
          "div",
          { class: "check" },
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
          h("label", { for: `${id}-${i}` }, text),
        ),
      ),
    );
  }
  const value = Number(form.options[option.name]) || 0;
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    help,
    h(
      "select",
      {
        id,
        "data-testid": `option-${option.name}`,
        onchange: (e) => {
          form.options[option.name] = Number(e.target.value);
        },
      },
      h("option", { value: "0", selected: value === 0 }, t("web.lobby.nobody")),
      seats.map((text, i) => h("option", { value: String(i + 1), selected: value === i + 1 }, text)),
    ),
  );
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
        h(
          "select",
          {
            id: `seat-kind-${i}`,
            "data-testid": `seat-kind-${i}`,
            onchange: (e) => {
              seat.kind = e.target.value;
              renderOptions(game);
              renderSeats(game);
            },
          },
          h("option", { value: "human", selected: seat.kind === "human" }, t("web.kind.human")),
          h("option", { value: "bot", selected: seat.kind === "bot" }, t("web.kind.bot")),
        ),
        h("label", { class: "visually-hidden", for: `seat-bot-${i}` }, t("web.lobby.seat_bot", { n: i + 1 })),
        h(
          "select",
          {
            id: `seat-bot-${i}`,
            "data-testid": `seat-bot-${i}`,
            disabled: seat.kind !== "bot",
            hidden: seat.kind !== "bot",
            onchange: (e) => {
              seat.bot = e.target.value;
              renderSeats(game);
            },
          },
          bots.map((b) => h("option", { value: b, selected: seat.bot === b }, botLabel(game?.id, b))),
        ),
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
        seat.kind === "human"
          ? h(
              "span",
              { class: "check seat-mine" },
              h("input", {
                id: `seat-mine-${i}`,
                type: "checkbox",
                checked: Boolean(seat.mine),
                "data-testid": `seat-mine-${i}`,
                onchange: (e) => {
                  seat.mine = e.target.checked;
                },
              }),
              h("label", { for: `seat-mine-${i}` }, t("web.lobby.seat_mine")),
            )
          : null,
      ),
    ),
  );
}

async function submit(event) {
  event.preventDefault();
  const game = gameById(form.game);
  if (!game || editor?.refusal() || editor?.pending()) return; // the editor shows why
  createError = null;
  // `players` is the number of seats: the server derives it from the seat list and refuses it as an option.
  const { players: _players, ...options } = form.options;
  for (const option of game.options || []) {
    // Seats ticked before the table shrank are no longer there.
    if (option.seats === "indices" && typeof options[option.name] === "string") {
      options[option.name] = options[option.name]
        .split(",")
        .filter((x) => x !== "" && Number(x) < form.seats.length)
        .join(",");
    }
  }
  const body = {
    game: game.id,
    options,
    practice: Boolean(form.practice),
    private: Boolean(form.private),
    rated: form.rated !== false && !form.practice,
    clock: clockRequest(form),
    seats: form.seats.map((seat, i) => {
      const out = { kind: seat.kind, name: seat.name.trim() || defaultName(i, seat) };
      if (seat.kind === "bot") out.bot = seat.bot;
      else if (seat.mine) out.mine = true;
      return out;
    }),
  };
  els.createButton.disabled = true;
  try {
    created = await api("/api/tables", { method: "POST", body });
    // The creator lands at his own seat (all of them, hot-seat, if he kept several); the other
    // human seats are free, taken from the lobby or from the table's link. The browser remembers
    // his seats ("My tables").
    const mine = created.seats.filter((seat, i) => seat.token && body.seats[i].mine).map((seat) => seat.token);
    stashCreated(created, mine);
    if (mine.length) {
      const fragment = mine.length === 1 ? `token=${mine[0]}` : `tokens=${mine.join(",")}`;
      location.assign(`/table/${encodeURIComponent(created.id)}#${fragment}`);
      return;
    }
    renderCreated();
    refreshTables();
  } catch (err) {
    createError = err instanceof ApiError ? err.error : { key: "web.error.network", params: {} };
  } finally {
    renderForm();
  }
}

function renderCreated() {
  if (!created) {
    els.created.hidden = true;
    return;
  }
  els.created.hidden = false;
  renderInvitations(els.created, created);
}

// -- table lists -------------------------------------------------------------------------------------

function shownStatuses() {
  return filters.status ? [filters.status] : SHOWN_BY_DEFAULT;
}

async function refreshTables() {
  const asked = shownStatuses();
  const game = filters.game ? `&game=${encodeURIComponent(filters.game)}` : "";
  try {
    const answers = await Promise.all(asked.map((status) => api(`/api/tables?status=${status}${game}`)));
    tables = Object.fromEntries(STATUSES.map((status) => [status, answers[asked.indexOf(status)] || []]));
    tablesError = null;
  } catch (err) {
    tablesError = err instanceof ApiError ? err.error : { key: "web.error.network", params: {} };
  }
  renderTables();
}

function renderFilters() {
  fill(
    els.filterGame,
    h("option", { value: "", selected: !filters.game }, t("web.lobby.all_games")),
    playable().map((g) => h("option", { value: g.id, selected: g.id === filters.game }, pick(g.titles))),
  );
  fill(
    els.filterStatus,
    h("option", { value: "", selected: !filters.status }, t("web.lobby.all_statuses")),
    STATUSES.map((status) =>
      h("option", { value: status, selected: status === filters.status }, t(`web.lobby.status.${status}`)),
    ),
  );
}

function renderTables() {
  const shown = shownStatuses();
  for (const status of STATUSES) {
    const list = els.lists[status];
    list.closest("section").hidden = !shown.includes(status);
    if (tablesError) {
      fill(list, h("li", { class: "error" }, errorText(tablesError)));
      continue;
    }
    const rows = [...tables[status]].sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
    if (!rows.length) {
      fill(list, h("li", { class: "muted empty" }, t("web.lobby.none")));
      continue;
    }
    fill(
      list,
      rows.map((table) => listedTable(table, status)),
    );
  }
}

function listedTable(table, status) {
  const id = encodeURIComponent(table.id);
  return tableItem(
    table,
    gameById(table.game),
    status === "finished"
      ? resultLine(table)
      : h("p", { class: "muted small" }, t("web.lobby.moves", { version: table.version ?? 0 })),
    status === "open"
      ? h("div", { class: "take-seats" }, freeSeatButtons(table.id, table.seats, showTablesError))
      : null,
    h(
      "div",
      { class: "table-links" },
      status === "finished"
        ? h("a", { href: `/table/${id}` }, t("web.lobby.final_board"))
        : h("a", { href: `/table/${id}` }, t("web.lobby.watch")),
      h("a", { href: `/table/${id}/replay` }, t("web.replay")),
    ),
  );
}

function showTablesError(error) {
  tablesError = error;
  renderTables();
  tablesError = null; // the next refresh shows the lists again
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
      h(
        "li",
        { class: index === 0 ? "winner" : "" },
        t(`web.ordinal.${index + 1}`),
        " ",
        place.map((p) => `${names[p]}${basis[p] !== undefined ? ` (${shown(p)})` : ""}`).join(", "),
      ),
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
  renderFilters();
  renderTables();
}

async function start() {
  await setLang(preferredLang());
  translatePage();
  bindLangSwitch(document, renderAll);
  els.form.addEventListener("submit", submit);
  // Every change of an option reaches the game's editor, after the field's own handler.
  els.options.addEventListener("change", () => editor?.update());
  els.filterGame.addEventListener("change", (e) => {
    filters.game = e.target.value;
    refreshTables();
  });
  els.filterStatus.addEventListener("change", (e) => {
    filters.status = e.target.value;
    refreshTables();
  });
  els.joinName.value = joinName();
  els.joinName.addEventListener("change", (e) => rememberJoinName(e.target.value.trim()));
  document.addEventListener("hippodrome:account", (e) => {
    // Redraw the form (the creator's seat takes the account's name) only when who is logged in
    // changed: a redraw while someone types would lose what is not yet committed (a seat count).
    if ((e.detail?.name ?? null) === (account?.name ?? null)) return;
    account = e.detail;
    renderForm();
  });
  account = window.hippodromeAccount ?? null;
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
