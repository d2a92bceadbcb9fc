// The replay page (`/table/{id}/replay`, `#token=T` to see it as that seat): every step of the table
// as the viewer saw it, from GET /api/tables/{id}/replay, drawn by the game's board in read-only mode.

import { loadBoardModule } from "./boards/index.js";
import { ApiError, api, fragmentTokens, seatNames, tableIdFromPath } from "./dom.js";
import { bindLangSwitch, lang, pick, preferredLang, setLang, t, translatePage } from "./i18n.js";
import { renderGameOver, renderLog, renderPlayers } from "./panels.js";
import { createReview } from "./review.js";
import { createZoom } from "./zoom.js";

const tableId = tableIdFromPath();
const token = fragmentTokens()[0] || null;

const $ = (id) => document.getElementById(id);
const els = {
  title: $("title"),
  tableLink: $("table-link"),
  first: $("first"),
  prev: $("prev"),
  next: $("next"),
  last: $("last"),
  slider: $("slider"),
  position: $("position"),
  status: $("status"),
  viewing: $("viewing"),
  error: $("error"),
  download: $("download"),
  recordNote: $("record-note"),
  gameOver: $("game-over"),
  board: $("board"),
  players: $("players"),
  log: $("log"),
  review: $("review"),
  reviewOpen: $("review-open"),
};

let summary = null;
let replay = null;
let board = null;
// The board's drawing zoomed on a laptop, framed on a phone, as on the table page.
const zoom = createZoom(els.board, document.querySelector(".status-row"));
let index = 0;
let error = null;
let recordError = null;
let gameTitles = {};
let review = null; // the game review panel (review.js), once asked for

const steps = () => replay?.steps || [];

/** Step `i` as the `state` message the board expects (nothing is legal: a replay only shows). */
function stateAt(i) {
  const step = steps()[i];
  const isLast = i === steps().length - 1;
  const finished = isLast && summary?.status === "finished";
  return {
    type: "state",
    table: tableId,
    game: summary?.game || step.observation?.game,
    version: step.version,
    status: finished ? "finished" : "running",
    seat: replay.seat ?? null,
    seats: replay.seats || summary?.seats || [],
    observation: step.observation,
    context: step.context,
    legal: [],
    can_roll: false,
    events: step.events || [],
    result: finished ? (summary?.result ?? null) : null,
  };
}

function logUpTo(i) {
  const events = [];
  const current = new Set();
  steps().forEach((step, k) => {
    if (k > i) return;
    for (const event of step.events || []) {
      if (k === i) current.add(events.length);
      events.push(event);
    }
  });
  return { events, current };
}

function go(i) {
  const n = steps().length;
  if (!n) return;
  index = Math.max(0, Math.min(n - 1, i));
  render();
}

function render() {
  renderError();
  renderRecordNote();
  const n = steps().length;
  const gameId = summary?.game;
  const title = `${pick(gameTitles[gameId]) || gameId || ""} · ${t("web.table_n", { id: tableId })} · ${t("web.replay")}`;
  els.title.textContent = title;
  document.title = title;
  if (!n) {
    els.position.textContent = replay ? t("web.replay_empty") : t("web.loading");
    return;
  }
  const step = steps()[index];
  const msg = stateAt(index);
  const { events, current } = logUpTo(index);
  if (board) board.update(msg, events);
  if (board) zoom.refresh(t);
  if (board) review?.mark(els.board, index);
  els.slider.max = String(n - 1);
  els.slider.value = String(index);
  els.first.disabled = els.prev.disabled = index === 0;
  els.last.disabled = els.next.disabled = index === n - 1;
  let move;
  // The move as a player says it (« Parier 2 sur Othello »); its notation only if no label came.
  if (step.label) move = pick(step.label);
  else if (step.move) move = step.move;
  else if (index === 0) move = t("web.replay_start");
  else move = t("web.replay_hidden_move");
  els.position.textContent = t("web.replay_position", { step: index, total: n - 1, move });
  els.status.textContent = board?.statusLine?.(msg) || "";
  const names = seatNames(msg.seats);
  els.viewing.textContent = Number.isInteger(replay.seat)
    ? t("web.viewing_seat", { name: names[replay.seat] })
    : t("web.viewing_spectator");
  renderPlayers(els.players, msg);
  renderLog(els.log, events, { current });
  renderGameOver(els.gameOver, msg);
  els.reviewOpen.hidden = summary?.status !== "finished" || Boolean(review);
}

/** The game review (review.js) of `seat` (default: the viewer's, else the first), asked for now. */
function openReview(seat) {
  if (review || summary?.status !== "finished") return;
  els.review.hidden = false;
  review = createReview(els.review, {
    tableId,
    token,
    game: summary.game,
    seats: replay.seats || summary.seats || [],
    seat: Number.isInteger(seat) ? seat : (replay.seat ?? 0),
    steps: steps().length - 1,
    start: true,
    onOpen: (decision) => {
      if (decision) go(decision.index);
      else render();
    },
  });
  render();
}

function errorText(e) {
  if (e?.message) return pick(e.message);
  return t(e?.key || "web.error.unknown", e?.params || {});
}

function renderError() {
  els.error.hidden = !error;
  els.error.textContent = error ? errorText(error) : "";
}

function renderRecordNote() {
  els.download.hidden = Boolean(recordError);
  els.recordNote.hidden = !recordError;
  if (recordError) {
    els.recordNote.textContent =
      recordError.status === 409
        ? `${t("web.record_unavailable")} ${errorText(recordError.error)}`
        : errorText(recordError.error);
  }
}

async function checkRecord() {
  const path = `/api/tables/${encodeURIComponent(tableId)}/record`;
  els.download.href = path;
  els.download.setAttribute("download", `hippodrome-${tableId}.json`);
  try {
    const response = await fetch(path, { method: "GET", headers: { Accept: "application/json" } });
    if (!response.ok) {
      let body = null;
      try {
        body = await response.json();
      } catch {
        body = null;
      }
      recordError = {
        status: response.status,
        error: body?.error || { key: "web.error.http", params: { status: response.status } },
      };
    } else {
      recordError = null;
    }
  } catch {
    recordError = { status: 0, error: { key: "web.error.network", params: {} } };
  }
  renderRecordNote();
}

// -- controls ----------------------------------------------------------------------------------------

els.first.addEventListener("click", () => go(0));
els.prev.addEventListener("click", () => go(index - 1));
els.next.addEventListener("click", () => go(index + 1));
els.last.addEventListener("click", () => go(steps().length - 1));
els.slider.addEventListener("input", (e) => go(Number(e.target.value)));
els.reviewOpen.addEventListener("click", () => openReview(null));

document.addEventListener("keydown", (event) => {
  if (event.target === els.slider) return; // the slider moves itself with the arrows
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const moves = {
    ArrowLeft: index - 1,
    ArrowRight: index + 1,
    Home: 0,
    End: steps().length - 1,
    PageUp: index - 10,
    PageDown: index + 10,
  };
  if (event.key in moves) {
    event.preventDefault();
    go(moves[event.key]);
  }
});

// -- start -------------------------------------------------------------------------------------------

async function start() {
  await setLang(preferredLang());
  translatePage();
  bindLangSwitch(document, () => {
    translatePage();
    if (board) board.setLang(lang(), t);
    review?.render();
    render();
  });
  if (!tableId) {
    error = { key: "web.error.no_table", params: {} };
    render();
    return;
  }
  els.tableLink.href = `/table/${encodeURIComponent(tableId)}${token ? `#token=${encodeURIComponent(token)}` : ""}`;
  render();
  try {
    const headers = token ? { "X-Seat-Token": token } : {};
    const [tableSummary, steps, gameList] = await Promise.all([
      api(`/api/tables/${encodeURIComponent(tableId)}`, { headers }),
      api(`/api/tables/${encodeURIComponent(tableId)}/replay`, { headers }),
      api("/api/games").catch(() => []),
    ]);
    summary = tableSummary;
    replay = steps;
    gameTitles = Object.fromEntries(gameList.map((g) => [g.id, g.titles]));
    const game = summary.game || replay.steps?.[0]?.observation?.game;
    const [module, boardData] = await Promise.all([
      loadBoardModule(game),
      api(`/api/games/${encodeURIComponent(game)}/board`).catch(() => ({})),
    ]);
    board = module.createBoard(els.board, { boardData, t, lang: lang(), send: null, readOnly: true });
  } catch (err) {
    error = err instanceof ApiError ? err.error : { key: "web.error.network", params: {} };
  }
  const fragment = new URLSearchParams(location.hash.slice(1));
  const wanted = Number(fragment.get("step"));
  go(Number.isInteger(wanted) && wanted > 0 ? wanted : 0);
  render();
  // `#review` (the result screen's link): the review of the seat it names, asked for at once.
  if (fragment.has("review")) openReview(fragment.get("review") ? Number(fragment.get("review")) : null);
  checkRecord();
}

start();
