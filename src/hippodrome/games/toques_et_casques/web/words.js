// Toques et Casques' board in words: what the board reads of the seat's observation (a horse, its
// owner, the legal actions) and how it names a horse, a length of the track or a move for the player:
// never a station code, a cell index or an action's notation. Shared by the board's modules.

import { findMove, legalMoves } from "/static/js/dom.js";
import { tn } from "/static/js/i18n.js";
import { formatNumber } from "/static/js/kit/money.js";
import { stationWords } from "./track.js";

export const NS = "web.toques_et_casques";

/**
 * The board's context: the shell (`kit/shell.js`) and what every module of the board reads of it.
 * `view` (the track as drawn) and `infield` (the boxes' layout) are set by the board.
 */
export function boardContext(shell, { send }) {
  const { boardData } = shell;
  const colours = boardData.colours || [];
  const ctx = {
    shell,
    send,
    numbers: boardData.numbers || [1, 2, 3, 4, 5, 6],
    view: null,
    infield: null,
    pending: null, // the whole move whose fall the player is asked to confirm
    pendingVersion: null,
    turnStart: null, // {horse, cell}: where the horse to move stood before its roll, when seen
    t: (key, params) => shell.t(key, params),
    obs: () => shell.obs,
    legal: () => legalMoves(shell.msg),
    isLegal: (action) => shell.interactive && ctx.legal().some((m) => m.notation === action),
    /** The notation of the legal action of `kind` whose args include `args`, or null. */
    legalNotation: (kind, args = {}) =>
      shell.interactive ? (findMove(shell.msg, kind, args)?.notation ?? null) : null,
    argsOf: (action) => ctx.legal().find((m) => m.notation === action)?.args || {},
    colourOf: (n) => colours[n - 1] || "#888",
    seatName: shell.seatName,
    horseOf: (n) => shell.obs?.horses?.find((x) => x.number === n) || null,
    ownerName: (n) => {
      const horse = ctx.horseOf(n);
      const owned = horse && horse.owner !== null && horse.owner !== undefined;
      return owned ? ctx.seatName(horse.owner) : shell.t(`${NS}.no_jockey`);
    },
    harness: () => Boolean(shell.obs?.course?.harness),
    /** The whole moves the server offers this seat now (`ToquesState.plans`), if it may play. */
    plans: () => (shell.interactive && shell.obs?.phase === "race" ? shell.msg?.plans || [] : []),
    number: (n) => formatNumber(n, shell.lang),
  };
  return ctx;
}

/** Where a horse is, in words: its status, or its lane, straight or turn, length and lap. */
export function whereText(ctx, horse) {
  const { t } = ctx;
  const o = ctx.obs();
  if (!horse) return "";
  switch (horse.status) {
    case "waiting":
      return t(`${NS}.status.waiting`);
    case "placed":
      return t(`${NS}.status.placed`, { place: t(`web.ordinal.${horse.place}`) });
    case "fallen":
    case "straggler":
    case "disqualified":
      return t(`${NS}.status.${horse.status}`);
    default: {
      const c = ctx.view?.cells[horse.cell];
      if (!c) return t(`${NS}.status.${horse.status}`);
      const text = t(`${NS}.where`, {
        lane: c.lane + 1,
        segment: t(`${NS}.segment.${c.segment}`),
        rank: c.offset + 1,
        lap: Math.min(horse.lap + 1, o.course.laps),
        laps: o.course.laps,
      });
      return horse.status === "arrived" ? `${text} · ${t(`${NS}.status.arrived`)}` : text;
    }
  }
}

/** A horse named for the player: its number, its jockey, where it is. */
export function horseLabel(ctx, number) {
  const horse = ctx.horseOf(number);
  return ctx.t(`${NS}.horse_label`, { horse: number, owner: ctx.ownerName(number), where: whereText(ctx, horse) });
}

/** A length of the track named for the player: a straight's names its station; a turn's only its
 * turn and rank. */
export function lengthText(ctx, cell) {
  return cell.station
    ? stationWords(cell.station)
    : ctx.t(`${NS}.length_of`, { segment: ctx.t(`${NS}.segment.${cell.segment}`), rank: cell.offset + 1 });
}

/** One step (an avant or an écart) named for the player, by where it leads. */
export function stepLabel(ctx, action, cell) {
  const where = lengthText(ctx, cell);
  const key = action === "avant" ? `${NS}.avant_to` : `${NS}.ecart_to`;
  return ctx.t(key, { lane: cell.lane + 1, station: where });
}

/** A whole move named for the player, by where it ends (and whether it ends in a fall). */
export function planLabel(ctx, plan, cell) {
  const blocked = plan.actions[plan.actions.length - 1] === "bloque";
  const steps = plan.path.length - 1;
  const text = tn(blocked ? `${NS}.end_blocked` : `${NS}.end_at`, steps, {
    lane: cell.lane + 1,
    station: lengthText(ctx, cell),
    steps,
  });
  return plan.warning ? `${text} — ${ctx.t(`${NS}.end_falls`)}` : text;
}

/** A short name for a whole move's end, for a button in a list: lane and length, and a fall. */
export function planShort(ctx, plan, cell) {
  const text = ctx.t(`${NS}.landing`, { lane: cell.lane + 1, station: lengthText(ctx, cell) });
  return plan.warning ? `${text} — ${ctx.t(`${NS}.landing_falls`)}` : text;
}
