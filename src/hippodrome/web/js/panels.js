// Panels every game shares, drawn from a `state` message: the players with their money and standing,
// the narrated event log, the final ranking. Who acts, the standings and the ranking come from the
// engine's `context` (docs/web.md), the same for every game: nothing here ranks or guesses a turn.
// Used by the table page and the replay page.

import { botLabel } from "./botlabels.js";
import { fill, h, seatColour, seatNames } from "./dom.js";
import { has, lang, pick, t, tn } from "./i18n.js";
import { formatNumber } from "./kit/money.js";
import { ratingTag } from "./ratings.js";
import { roleTags } from "./seats.js";

/** Seats whose move it is (`context.to_act`), or the seat that rolls a pending die. */
export function seatsToAct(msg) {
  const c = msg?.context;
  if (!c || c.over) return [];
  if (c.chance) return Number.isInteger(c.chance_roller) ? [c.chance_roller] : [];
  return Array.isArray(c.to_act) ? c.to_act : [];
}

/** Each seat's place (1 for the best), from `context.ranking`; ties share a place. */
function placesOf(msg) {
  const places = {};
  (msg?.context?.ranking || []).forEach((seats, index) => {
    for (const seat of seats) places[seat] = index + 1;
  });
  return places;
}

/** A standing as it reads: `120` of money, or `35 points` on a score sheet. */
function standingText(msg, seat) {
  const c = msg?.context;
  const value = c?.standings?.[seat];
  if (value === undefined || value === null) return "";
  const shown = formatNumber(value, lang());
  return c.ranking_basis === "scores" ? tn("web.standing.points", value, { value: shown }) : shown;
}

/** The players: colour, name, kind, connection, money (`money-<seat>`), a mark on whose move it is. */
export function renderPlayers(container, msg, { onTakeover = null, levels = [] } = {}) {
  const seats = msg?.seats || [];
  const money = msg?.observation?.money;
  const acting = new Set(msg?.status === "finished" ? [] : seatsToAct(msg));
  const names = seatNames(seats);
  const basis = msg?.context?.ranking_basis;
  const places = placesOf(msg);
  const items = seats.map((seat, i) => {
    const kind =
      seat.kind === "bot" ? t("web.kind.bot_named", { bot: botLabel(msg?.game, seat.bot) }) : t("web.kind.human");
    const connected = seat.kind === "bot" || seat.connected;
    const mine = msg?.seat === i;
    return h(
      "li",
      { class: `player${acting.has(i) ? " acting" : ""}${mine ? " mine" : ""}`, style: `--seat:${seatColour(i)}` },
      h("span", { class: "player-turn", "aria-hidden": "true" }, acting.has(i) ? "▶" : ""),
      // The seat's number, not an initial: "Bot 2", "Bot 3" and "Bob" would all read B.
      h("span", { class: "seat-dot", "aria-hidden": "true" }, String(i + 1)),
      h(
        "span",
        { class: "player-name" },
        h("strong", {}, names[i]),
        ratingTag(seat, i),
        mine ? h("span", { class: "tag" }, t("web.you")) : null,
        // The roles the game gives the seat (the Banker, the Bookmaker...), as its observation declares.
        roleTags(msg?.observation, i),
        // The kind and its connection dot stay on one line.
        h(
          "span",
          { class: "player-kind" },
          h("small", {}, kind),
          seat.kind === "bot"
            ? null
            : h("span", {
                class: `conn ${connected ? "on" : "off"}`,
                title: connected ? t("web.connected") : t("web.not_connected"),
                "aria-label": connected ? t("web.connected") : t("web.not_connected"),
              }),
        ),
      ),
      h(
        "span",
        { class: "standing" },
        h(
          "span",
          { class: "money", "data-testid": `money-${i}`, "aria-label": t("web.money_of", { name: names[i] }) },
          // On a score sheet the money is not the standing: say what it is (points in hand).
          Array.isArray(money)
            ? basis === "scores"
              ? tn("web.standing.in_hand", money[i], { value: formatNumber(money[i], lang()) })
              : formatNumber(money[i], lang())
            : "",
        ),
        // The standing the ranking orders, with its place: the money itself, or the score sheet.
        basis === "scores"
          ? h(
              "span",
              { class: "score", "data-testid": `score-${i}`, "aria-label": t("web.score_of", { name: names[i] }) },
              standingText(msg, i),
            )
          : null,
        places[i] ? h("small", { class: "place", "data-testid": `place-${i}` }, t(`web.ordinal.${places[i]}`)) : null,
      ),
      acting.has(i) ? h("span", { class: "visually-hidden" }, t("web.to_play")) : null,
      // A seated player may hand an absent player's seat to a bot of the level he picks (the server
      // enforces the timeout), or a present one's the table has long waited on (a countdown given).
      onTakeover &&
        seat.kind !== "bot" &&
        (!connected || Number.isFinite(msg?.handover?.[i])) &&
        !mine &&
        msg.status !== "finished"
        ? takeoverControl(i, levels, onTakeover, msg?.game)
        : null,
    );
  });
  fill(
    container,
    h("h2", {}, t("web.players")),
    basis ? h("p", { class: "ranking-basis", "data-testid": "ranking-basis" }, t(`web.ranked_by.${basis}`)) : null,
    h("ul", { class: "players" }, items),
  );
}

/** The level picked for each absent seat, kept across redraws: the players' panel is drawn again on
 * every presence or clock change, and a pick must not fall back to the default under the finger. */
const pickedLevels = new Map();

/** The level of the bot that takes an absent seat (easy, medium, ...), and the button that hands it. */
function takeoverControl(i, levels, onTakeover, game) {
  const offered = levels.length ? levels : ["heuristic"];
  const picked = offered.includes(pickedLevels.get(i)) ? pickedLevels.get(i) : "heuristic";
  const level = h(
    "select",
    {
      class: "small",
      "data-testid": `takeover-level-${i}`,
      "aria-label": t("web.takeover_level"),
      onchange: (event) => pickedLevels.set(i, event.target.value),
    },
    ...offered.map((b) => h("option", { value: b, selected: b === picked }, botLabel(game, b))),
  );
  return h(
    "span",
    { class: "takeover" },
    level,
    h(
      "button",
      {
        type: "button",
        class: "small",
        "data-testid": `takeover-${i}`,
        onclick: () => onTakeover(i, level.value),
      },
      t("web.takeover"),
    ),
  );
}

let eventRenderer = null;

/**
 * The board's way of drawing an event of the log (set by kit/shell.js from a board's
 * `renderEvent(shell, event)`, e.g. its cards drawn as card chips with kit/cards.js): a function of
 * the event returning a node, or null to let the log write the event's text. `null` removes it (the
 * board is gone). `renderLog` uses it unless given its own `renderEvent`.
 * @param {((event: object) => Node|null)|null} render
 */
export function setEventRenderer(render) {
  eventRenderer = typeof render === "function" ? render : null;
}

/** The narrated log, each event in the current language (`text[lang]`), or as the board draws it
 * (`renderEvent`, by default the one set by `setEventRenderer`); `current` marks events of the latest
 * step (replay). Keeps the scroll at the bottom when it was there. */
export function renderLog(list, events, { current = null, renderEvent = eventRenderer } = {}) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  fill(
    list,
    events.map((event, i) =>
      h(
        "li",
        {
          class: `event${current?.has(i) ? " current" : ""}`,
          "data-key": event.key,
          hidden: Boolean(event.quiet), // told later in a summary (a dealt card, with the whole hand)
        },
        (!event.quiet && renderEvent?.(event)) || pick(event.text) || event.key,
      ),
    ),
  );
  // Scroll the list itself, never the page (the list is `position: relative`, so offsets are its own).
  const target = current?.size ? list.children[Math.min(...current)] : null;
  if (target) list.scrollTop = Math.max(0, target.offsetTop - list.clientHeight / 3);
  else if (atBottom || current) list.scrollTop = list.scrollHeight;
}

/** The final ranking (`game-over`), or nothing while the game goes on. */
export function renderGameOver(container, msg) {
  const finished = msg?.status === "finished" || Boolean(msg?.context?.over);
  container.hidden = !finished;
  if (!finished) {
    fill(container);
    return;
  }
  const names = seatNames(msg.seats);
  const ranking = msg.context?.ranking || msg.result?.ranking || [];
  const mine = msg.seat;
  let headline = t("web.game_over");
  if (Number.isInteger(mine) && ranking[0]?.includes(mine)) {
    headline = ranking[0].length > 1 ? t("web.you_share_win") : t("web.you_win");
  }
  fill(
    container,
    h("h2", {}, headline),
    h(
      "ol",
      { class: "ranking" },
      ranking.map((place, index) =>
        h(
          "li",
          { class: index === 0 ? "winner" : "" },
          h("span", { class: "rank" }, t(`web.ordinal.${index + 1}`)),
          " ",
          place.map((p) => `${names[p]} (${standingText(msg, p)})`).join(", "),
        ),
      ),
    ),
  );
}

/** A practice table's odds for this seat's decision (`odds` messages, computed by the server with
 * `hippodrome odds`): each choice with the money it is expected to bring and its 95% interval, the
 * best first, and the horses' chances of winning. Shown only when the odds are of the position on
 * the board. */
export function renderOdds(container, msg, odds) {
  const playing = Boolean(msg?.practice) && Number.isInteger(msg?.seat) && msg?.status === "running";
  container.hidden = !playing;
  if (!playing) {
    fill(container);
    return;
  }
  const title = h("h2", {}, t("web.odds.title"));
  const deciding = (msg.legal || []).length > 0;
  if (!deciding) {
    fill(container, title, h("p", { class: "muted small" }, t("web.odds.waiting")));
    return;
  }
  const report = odds && odds.version === msg.version ? odds.odds : null;
  if (!report) {
    fill(container, title, h("p", { class: "muted small", "data-testid": "odds-computing" }, t("web.odds.computing")));
    return;
  }
  const signed = (x) => (x >= 0 ? "+" : "−") + formatNumber(Math.abs(Math.round(x)), lang());
  // A choice by its words, never its notation: the report's label, else the legal move's (the state
  // carries a label for each, docs/web.md "Legal actions, typed"); a horse by its name.
  const legal = new Map((msg.legal || []).map((move) => [move.notation, move]));
  const said = (choice) => pick(choice.label) || pick(legal.get(choice.action)?.label) || t("web.odds.a_choice");
  const horseName = (horse) => {
    const key = `${msg.game}.horse.${horse}`;
    return pick(report.horse_names?.[horse]) || (has(key) ? t(key) : t("web.odds.a_horse"));
  };
  // Choices not simulated yet (the server's time ran out first) come last, without figures.
  const known = (c) => c.money.mean !== null && c.money.mean !== undefined;
  const choices = [...report.choices].sort((a, b) => known(b) - known(a) || b.money.mean - a.money.mean);
  const rows = choices.map((choice, i) => {
    const [low, high] = known(choice) ? choice.money.interval : [0, 0];
    const win = choice.win && choice.win.p !== null ? `${Math.round(choice.win.p * 100)} %` : "";
    return h(
      "tr",
      { class: i === 0 ? "best" : "", "data-notation": choice.action },
      h("td", {}, said(choice)),
      h("td", { class: "num" }, known(choice) ? signed(choice.money.mean) : "…"),
      h("td", { class: "num muted" }, known(choice) ? `±${formatNumber(Math.round((high - low) / 2), lang())}` : ""),
      report.horizon === "game" ? h("td", { class: "num" }, win) : null,
    );
  });
  const horses = Object.entries(report.horses || {})
    .slice(0, 4)
    .map(([horse, chances]) => h("li", {}, `${horseName(horse)} ${Math.round((chances["1"]?.p || 0) * 100)}\u00a0%`));
  const n = report.horizon === "race" ? report.race_simulations : report.simulations;
  fill(
    container,
    title,
    h(
      "table",
      { class: "odds-table", "data-testid": "odds-table", "data-version": String(msg.version) },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, t("web.odds.choice")),
          h("th", { class: "num", colspan: "2" }, t(`web.odds.money_${report.horizon}`)),
          report.horizon === "game" ? h("th", { class: "num" }, t("web.odds.win")) : null,
        ),
      ),
      h("tbody", {}, rows),
    ),
    horses.length ? h("p", { class: "small" }, t("web.odds.horses_first")) : null,
    horses.length ? h("ul", { class: "odds-horses small" }, horses) : null,
    h("p", { class: "muted small" }, t(`web.odds.basis_${report.horizon}`, { n: formatNumber(n, lang()) })),
  );
}
