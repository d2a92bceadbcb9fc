// The table page: `/table/{id}` (spectator), `#token=T` (one seat), `#tokens=T1,T2` (hot-seat).
//
// One websocket per seat token, plus a spectator one in hot-seat mode. What is shown is always one
// connection's view: the seat that acts, or (hot-seat, when no controlled seat is to act) the public
// view. Before a hot-seat view changes hands, a cover hides everything until the next player clicks.
// This page knows no game: the board comes from the registry in boards/index.js.

import { loadBoardModule } from "./boards/index.js";
import { rememberBotLabels } from "./botlabels.js";
import { createChat } from "./chat.js";
import { decoratePlayers, renderAway } from "./clock.js";
import { renderConcede } from "./concede.js";
import { api, fill, fragmentTokens, h, seatNames, tableIdFromPath } from "./dom.js";
import { renderGuide } from "./guide.js";
import { createHelp } from "./help.js";
import { asSentence, bindLangSwitch, lang, pick, preferredLang, setLang, t, translatePage } from "./i18n.js";
import { renderJoin } from "./joining.js";
import { TableConnection } from "./net.js";
import { bellButton, turnCame } from "./notify.js";
import { renderGameOver, renderLog, renderOdds, renderPlayers, seatsToAct } from "./panels.js";
import { renderResult } from "./result.js";
import { renderUndo } from "./takeback.js";
import { createZoom } from "./zoom.js";

const tableId = tableIdFromPath();
const tokens = fragmentTokens();
const hotSeat = tokens.length > 1;

const $ = (id) => document.getElementById(id);
const els = {
  app: $("app"),
  title: $("title"),
  conn: $("conn"),
  status: $("status"),
  viewing: $("viewing"),
  error: $("error"),
  notice: $("notice"),
  gameOver: $("game-over"),
  board: $("board"),
  players: $("players"),
  odds: $("odds"),
  guide: $("guide"),
  log: $("log"),
  cover: $("cover"),
  sound: $("sound"),
  refused: $("refused"),
  coverButton: $("pass-device"),
  replay: $("replay-link"),
  chat: $("chat"),
  join: $("join"),
  away: $("clock-away"),
  result: $("result"),
  undo: $("undo"),
  stopWaiting: $("stop-waiting"),
  concede: $("concede"),
};
const help = createHelp($("help"), $("help-panel"));
const zoom = createZoom($("board"), document.querySelector(".status-row"));

/** One connection and what it last received. */
class View {
  constructor(token) {
    this.token = token; // null: spectator
    this.msg = null;
    this.log = [];
    this.error = null; // the last `error` message, until the next action or change
    this.inFlight = null; // the version an action was sent against, until the answer
    this.odds = null; // practice tables: the last `odds` message for this seat
    this.hint = null; // guided tables: the last `hint` message for this seat
    this.closeCode = null; // why the server closed this connection for good (4404: no table)
    this.conn = new TableConnection({
      tableId,
      token,
      onMessage: (message) => this.receive(message),
      onStatus: (status, _conn, detail) => {
        if (status === "closed" && detail?.code) this.closeCode = detail.code;
        renderConnection();
      },
    });
  }

  get seat() {
    return this.msg ? this.msg.seat : null;
  }

  needsAction() {
    return Boolean(this.msg && this.msg.status !== "finished" && ((this.msg.legal || []).length || this.msg.can_roll));
  }

  receive(message) {
    switch (message.type) {
      case "state": {
        if (message.fullLog && this === chatView) chat.reset();
        if (message.fullLog) this.log = [...(message.events || [])];
        else this.log.push(...(message.events || []));
        // An error stays until dismissed, until the next message sent, or until a new decision
        // comes to this seat (a bot's or chance's move in between does not hide it).
        const wasWaiting = !this.needsAction();
        this.msg = message;
        if (wasWaiting && this.needsAction()) this.error = null;
        this.inFlight = null;
        render();
        break;
      }
      case "error":
        this.error = message;
        this.inFlight = null;
        render();
        break;
      case "stale":
        this.inFlight = null;
        showNotice(t("web.stale"));
        break;
      case "odds":
        this.odds = message;
        render();
        break;
      case "presence": {
        // a seat's player came or went: who is connected, countdowns, clocks
        const { seats, handover, clock } = message;
        if (this.msg && message.version === this.msg.version) this.msg = { ...this.msg, seats, handover, clock };
        render();
        break;
      }
      case "hint":
        this.hint = message;
        render();
        break;
      case "chat":
        if (this === chatView) chat.receive(message);
        break;
      case "rematch": // a player began the rematch: this seat's place at the new table
        this.rematch = message;
        followRematch();
        render();
        break;
      default:
        break; // pong
    }
  }
}

const views = tokens.map((token) => new View(token));
const spectator = tokens.length === 0 || hotSeat ? new View(null) : null;
if (spectator) views.push(spectator);
// The page chats through one connection: its (first) seat's, else the spectator's.
const chatView = views[0];
const chat = createChat(els.chat, { tableId, send: (message) => chatView.conn.send(message) });

let board = null;
let boardGame = null;
let boardLoading = null;
let pageError = null; // a problem of the page itself (board failed to load, link refused)
let confirmedSeat = null; // hot-seat: the seat whose player last confirmed holding the device
let coverSeat = null;
let shownView = null;
let gameTitles = {};
let gameBots = {};
let noticeTimer = null;
let refusedReason = null; // set once the page shows that its link opens nothing
// A table waiting for a player who has not come: a seated player may stop waiting and hand the seat
// to a bot, but only once he asks (issue 33): until then the page just says whom it waits for.
let stopWaiting = false;

// -- which view is shown ----------------------------------------------------------------------------

function seatViews() {
  return views.filter((v) => v.token !== null);
}

function chooseView() {
  if (!hotSeat) return views[0];
  const acting = seatViews().filter((v) => v.needsAction());
  if (acting.length) {
    return acting.find((v) => v.seat === confirmedSeat) || acting.sort((a, b) => a.seat - b.seat)[0];
  }
  // Nobody here is to act: the spectator-safe view, so no private token shows while the device waits.
  if (spectator.msg) return spectator;
  return null;
}

// -- rendering ---------------------------------------------------------------------------------------

function heading(game) {
  return `${gameTitle(game)} · ${t("web.table_n", { id: tableId })}`;
}

/** The tab's title, marked while a seat of this page has a decision (seen from another tab); with
 * the sound on, a short chime when a decision comes. */
function renderTitle(view) {
  const game = view?.msg?.game;
  const base = game ? heading(game) : t("web.brand");
  const deciding = seatViews().some((v) => v.needsAction());
  document.title = deciding ? `● ${t("web.title.your_turn")} — ${base}` : base;
  if (deciding && !wasDeciding) {
    chime();
    turnCame(game ? gameTitle(game) : t("web.brand"), tableId); // the browser's notice, page hidden
  }
  wasDeciding = deciding;
}

// -- the turn's chime (off unless the player turns it on; remembered by the browser) -----------------

const SOUND_KEY = "hippodrome.sound";
let wasDeciding = false;
let audio = null;

function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

function chime() {
  if (!soundOn() || !audio) return; // the browser plays sound only after a click on the page
  const now = audio.currentTime;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.setValueAtTime(880, now);
  tone.frequency.setValueAtTime(1320, now + 0.12);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
  tone.connect(gain).connect(audio.destination);
  tone.start(now);
  tone.stop(now + 0.4);
}

function markSound() {
  els.sound.setAttribute("aria-pressed", String(soundOn()));
}

els.sound.addEventListener("click", () => {
  try {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
  } catch {
    // Not remembered: the chime stays off.
  }
  markSound();
  if (soundOn() && !audio && window.AudioContext) audio = new AudioContext();
  if (soundOn()) chime();
});
// A sound remembered on plays after the page's first click (the browser's rule for sound).
document.addEventListener(
  "pointerdown",
  () => {
    if (soundOn() && !audio && window.AudioContext) audio = new AudioContext();
  },
  { once: true },
);
markSound();
els.sound.after(" ", bellButton()); // the browser's notices of "your turn" (notify.js)

/** Whether `view`'s seat may have something to hide from the player still holding the device (a
 * hand, a bet laid face down): the engine says whether the game hides anything at this point
 * (`hidden_information`); in doubt, it has. Toques et Casques, or Royal Turf with open bets, hide
 * nothing, and the device passes without a cover. */
function hasSecrets(view) {
  return view.msg?.hidden_information !== false;
}

function render() {
  if (refusedReason) {
    showRefused(refusedReason); // re-drawn in the language just chosen
    return;
  }
  const view = chooseView();
  renderTitle(view);
  if (hotSeat && view && view.token !== null && view.seat !== confirmedSeat) {
    // The device changes hands behind a cover only when the next seat has something to hide.
    if (hasSecrets(view)) {
      showCover(view);
      return;
    }
    confirmedSeat = view.seat;
  }
  hideCover();
  chat.update(chatView.msg, chatView.log);
  shownView = view;
  const msg = view?.msg;
  renderConnection();
  if (!msg) {
    els.status.textContent = t("web.connecting");
    return;
  }
  ensureBoard(msg.game);
  help.update(msg.game, msg.observation?.phase);
  if (board) board.update(msg, view.log);
  if (board) zoom.refresh(t);
  els.title.textContent = heading(msg.game);
  els.status.textContent = statusText(msg);
  els.viewing.textContent = viewingText(view);
  renderWaiting(view);
  renderPlayers(els.players, msg, {
    onTakeover:
      view.token === null || (awaited(msg).length && !stopWaiting)
        ? null
        : (index, level) => takeover(view, index, level),
    levels: gameBots[msg?.game] || [],
  });
  decoratePlayers(els.players, msg);
  renderAway(els.away, msg, () => view.conn.send({ type: "back" }));
  renderOdds(els.odds, msg, view.odds);
  renderGuide(els.guide, msg, view.hint, {
    act: (action) => sendFromShownView({ type: "act", action }),
    plan: (actions) => sendFromShownView({ type: "plan", actions }),
    roll: () => sendFromShownView({ type: "roll" }),
    openRules: () => help.show(),
  });
  renderJoin(els.join, msg, { tableId, seated: tokens.length > 0 });
  renderLog(els.log, view.log);
  renderGameOver(els.gameOver, msg);
  renderResult(els.result, msg, {
    tableId,
    reopen: els.gameOver,
    rematch: view.token === null && !hotSeat ? null : () => rematch(view),
    join: rematchLink(),
  });
  renderError(view);
  // Hot-seat: the device has passed on, but the seat that just moved may still take it back.
  const undoing = hotSeat ? seatViews().find((v) => v.msg?.can_undo) : view.token === null ? null : view;
  renderUndo(els.undo, undoing?.msg ?? null, (message) => sendFrom(undoing, message));
  renderConcede(els.concede, view.msg, { tableId, token: hotSeat ? null : view.token });
}

function gameTitle(game) {
  return pick(gameTitles[game]) || game;
}

/** The seats an open table still waits for: its human players who have not come (the server opens the
 * game once every seat has its player). */
function awaited(msg) {
  if (msg?.status !== "open") return [];
  return (msg.seats || []).filter((seat, i) => seat.kind !== "bot" && !seat.connected && i !== msg.seat);
}

/** Names as a sentence says them: « Bob », « Bob et Carl », "Bob, Carl and Dan" (British English, as
 * the catalog: no serial comma). */
function nameList(names) {
  try {
    return new Intl.ListFormat(lang() === "fr" ? "fr-FR" : "en-GB", { type: "conjunction" }).format(names);
  } catch {
    return names.join(", ");
  }
}

/** The control a seated player asks with to stop waiting for the players who have not come; once
 * asked, the players' panel offers to hand their seats to bots, and the page goes there. */
function renderWaiting(view) {
  const waiting = awaited(view?.msg);
  const names = seatNames(view?.msg?.seats);
  els.stopWaiting.hidden = !waiting.length || stopWaiting || view.token === null;
  els.stopWaiting.textContent = waiting.length
    ? t("web.stop_waiting", { names: nameList(waiting.map((seat) => names[seat.index])) })
    : "";
}

els.stopWaiting.addEventListener("click", () => {
  stopWaiting = true;
  render();
  const control = els.players.querySelector('[data-testid^="takeover-"]');
  control?.scrollIntoView({ block: "center" });
  control?.focus();
});

function statusText(msg) {
  const names = seatNames(msg.seats);
  const parts = [];
  const waiting = awaited(msg);
  if (waiting.length) {
    // Nothing is drawn nor played until everyone has come: say whom the table waits for.
    return t("web.status.waiting_join", { names: nameList(waiting.map((seat) => names[seat.index])) });
  }
  const line = board?.statusLine?.(msg);
  if (line) parts.push(line);
  if (msg.status === "finished" || msg.context?.over) {
    parts.push(t("web.status.finished"));
  } else if (msg.status === "expired") {
    parts.push(t("web.status.expired"));
  } else if (msg.can_roll) {
    parts.push(t("web.status.your_roll", { name: names[msg.seat] }));
  } else if ((msg.legal || []).length) {
    parts.push(t("web.status.your_turn", { name: names[msg.seat] }));
  } else {
    const acting = seatsToAct(msg);
    const c = msg.context || {};
    if (acting.length && c.chance)
      parts.push(t("web.status.waiting_roll", { name: acting.map((p) => names[p]).join(", ") }));
    else if (acting.length) parts.push(t("web.status.waiting_for", { names: acting.map((p) => names[p]).join(", ") }));
    else if (c.chance) parts.push(t("web.status.chance"));
  }
  return parts.join(" — ");
}

function viewingText(view) {
  if (!view || !view.msg) return "";
  if (view.token === null) return hotSeat ? t("web.viewing_public") : t("web.viewing_spectator");
  return t("web.viewing_seat", { name: seatNames(view.msg.seats)[view.seat] });
}

function renderError(view) {
  const error = pageError || view?.error;
  if (!error) {
    els.error.hidden = true;
    fill(els.error);
    return;
  }
  els.error.hidden = false;
  const text = asSentence(
    error.message ? pick(error.message) : t(error.key || "web.error.unknown", error.params || {}),
  );
  fill(
    els.error,
    h("span", { class: "error-text" }, text),
    h(
      "button",
      {
        type: "button",
        class: "close",
        "aria-label": t("web.dismiss"),
        onclick: () => {
          if (error === pageError) pageError = null;
          else if (view) view.error = null;
          render();
        },
      },
      "×",
    ),
  );
}

function renderConnection() {
  const statuses = views.map((v) => v.conn.status);
  let key = "web.conn.open";
  if (views.some((v) => v.conn.gone)) key = "web.conn.refused";
  else if (statuses.some((x) => x !== "open"))
    key =
      statuses.every((x) => x === "connecting") && !views.some((v) => v.msg)
        ? "web.connecting"
        : "web.conn.reconnecting";
  els.conn.textContent = t(key);
  els.conn.dataset.state = key.split(".").pop();
  const gone = views.find((v) => v.conn.gone);
  const refusals = { 4403: "bad_seat", 4404: "no_table", 4409: "unplayable" };
  // A seat taken while logged in opens to its account only (logged out, or another account).
  if (gone?.closeCode === 4403 && gone.error?.key === "error.seat_of_account") showRefused("account_seat");
  else if (gone && refusals[gone.closeCode]) showRefused(refusals[gone.closeCode]);
  else if (gone && !pageError) {
    pageError = { key: "web.error.link_refused", params: {} };
    renderError(shownView);
  }
}

/** A link that opens nothing (no such table, or a seat key the table does not know): a page that
 * says what happened and where to go, in place of an empty table. */
function showRefused(reason) {
  const first = refusedReason === null;
  refusedReason = reason;
  if (first) for (const view of views) view.conn.close(); // nothing to retry: the link opens nothing
  els.app.hidden = true;
  els.cover.hidden = true;
  els.refused.hidden = false;
  els.refused.dataset.reason = reason;
  const id = tableId || "";
  const spectate = ["bad_seat", "account_seat"].includes(reason) ? `/table/${encodeURIComponent(id)}` : null;
  document.title = `${t(`web.refused.${reason}.title`)} — ${t("web.brand")}`;
  fill(
    els.refused,
    h("h2", {}, t(`web.refused.${reason}.title`)),
    h("p", {}, t(`web.refused.${reason}.what`, { id })),
    h("p", {}, t(`web.refused.${reason}.next`)),
    h(
      "p",
      { class: "refused-links" },
      spectate
        ? h("a", { href: spectate, class: "button-link", "data-testid": "refused-spectate" }, t("web.refused.spectate"))
        : null,
      h("a", { href: "/", class: "button-link", "data-testid": "refused-lobby" }, t("web.refused.lobby")),
    ),
  );
}

function showNotice(text) {
  els.notice.textContent = text;
  els.notice.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    els.notice.hidden = true;
  }, 4000);
}

// -- hot-seat cover ----------------------------------------------------------------------------------

function showCover(view) {
  coverSeat = view.seat;
  const name = seatNames(view.msg.seats)[view.seat];
  els.app.hidden = true;
  els.cover.hidden = false;
  els.coverButton.textContent = t("web.pass_device", { name });
  if (document.activeElement !== els.coverButton) els.coverButton.focus();
}

function hideCover() {
  els.cover.hidden = true;
  els.app.hidden = false;
}

els.coverButton.addEventListener("click", () => {
  confirmedSeat = coverSeat;
  render();
});

// -- the board ---------------------------------------------------------------------------------------

function ensureBoard(game) {
  if (boardGame === game || boardLoading) return;
  boardLoading = (async () => {
    try {
      const [module, boardData] = await Promise.all([
        loadBoardModule(game),
        api(`/api/games/${encodeURIComponent(game)}/board`).catch(() => ({})),
      ]);
      board = module.createBoard(els.board, { boardData, t, lang: lang(), send: sendFromShownView, readOnly: false });
      boardGame = game;
    } catch (err) {
      pageError = { key: "web.error.board", params: { error: String(err) } };
    } finally {
      boardLoading = null;
      render();
    }
  })();
}

function sendFromShownView(message) {
  sendFrom(shownView, message);
}

/** Send `message` on `view`'s connection, against the version it shows. */
function sendFrom(view, message) {
  if (!view || !view.msg || view.token === null) return;
  if (view.inFlight === view.msg.version) return; // one action per version: the answer is coming
  view.error = null;
  pageError = pageError?.key === "web.error.not_connected" ? null : pageError;
  const sent = view.conn.send({ ...message, version: view.msg.version });
  if (sent) view.inFlight = view.msg.version;
  else pageError = { key: "web.error.not_connected", params: {} };
  renderError(view);
}

/** Hand an absent player's seat to a bot; the server answers 409 (with the time left) if too early. */
async function takeover(view, index, level) {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${index}/bot`, {
      method: "POST",
      body: { bot: level },
      headers: { "X-Seat-Token": view.token },
    });
    view.error = null;
    pageError = null;
  } catch (err) {
    view.error = err.error || { key: "web.error.network", params: {} };
  }
  render();
}

/** Whether this page started the rematch and goes to it once each of its seats has its new token. */
let goingToRematch = false;

/** Start the rematch; this page then goes to its own seats at the new table. The answer holds the
 * asker's new token only: on a hot-seat page each other seat's comes through its own connection. */
async function rematch(view) {
  const token = view.token ?? seatViews()[0]?.token;
  try {
    const created = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
      method: "POST",
      headers: { "X-Seat-Token": token },
    });
    if (hotSeat) {
      goingToRematch = true;
      followRematch();
      return;
    }
    const seat = created.seats[seatViews().find((v) => v.token === token)?.seat ?? 0];
    location.assign(seat.invite);
  } catch (err) {
    view.error = err.error || { key: "web.error.network", params: {} };
    render();
  }
}

function followRematch() {
  if (goingToRematch && seatViews().every((v) => v.rematch)) location.assign(rematchLink());
}

/** The link to a rematch someone began: this page's seats at the new table. */
function rematchLink() {
  const told = seatViews().filter((v) => v.rematch);
  if (!told.length) return null;
  const table = encodeURIComponent(told[0].rematch.table);
  const fragment = hotSeat ? `tokens=${told.map((v) => v.rematch.token).join(",")}` : `token=${told[0].rematch.token}`;
  return `/table/${table}#${fragment}`;
}

// -- keyboard ----------------------------------------------------------------------------------------

document.addEventListener("keydown", (event) => {
  if (!els.cover.hidden) return; // the cover's button takes Enter and Space itself
  const target = event.target;
  if (target && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName))) return;
  if (board?.handleKey?.(event)) event.preventDefault();
});

// -- start -------------------------------------------------------------------------------------------

async function start() {
  await setLang(preferredLang());
  translatePage();
  bindLangSwitch(document, () => {
    translatePage();
    if (board) board.setLang(lang(), t);
    render();
    if (!els.cover.hidden && coverSeat !== null) render();
  });
  if (!tableId) {
    showRefused("no_table");
    return;
  }
  els.replay.href = `/table/${encodeURIComponent(tableId)}/replay${tokens.length === 1 ? `#token=${encodeURIComponent(tokens[0])}` : ""}`;
  api("/api/games")
    .then((games) => {
      gameTitles = Object.fromEntries(games.map((g) => [g.id, g.titles]));
      gameBots = Object.fromEntries(games.map((g) => [g.id, g.bots || []]));
      rememberBotLabels(games);
      render();
    })
    .catch(() => {});
  render();
  for (const view of views) view.conn.open();
}

window.addEventListener("hashchange", () => location.reload());

// A handle for browser tests and the curious: play any notation as the shown seat (the server judges).
window.hippodromeTable = {
  act: (action) => sendFromShownView({ type: "act", action }),
  roll: () => sendFromShownView({ type: "roll" }),
  state: () => shownView?.msg ?? null,
};

start();
