// What Royal Turf's board reads from the shell, once for every screen area: names in the player's
// words, the legal actions the server typed (`{kind, args, notation}`) read as "may this horse move",
// "which tokens may go on it", and the seat's choice under way (a token, a horse). No rule here: the
// engine's legal actions and the observation's `landings` say everything.

import { findMove, legalMoves } from "/static/js/dom.js";

/**
 * The board's reading of the shell, and the seat's selection.
 * @param {object} shell   the kit's board shell (kit/shell.js)
 */
export function createState(shell) {
  const boardData = shell.boardData;
  const horseInfo = new Map(boardData.horses.map((horse, i) => [horse.id, { ...horse, index: i }]));
  const state = {
    shell,
    boardData,
    horseInfo,
    /** The seat's choice under way: a token value, a horse id; the horse hovered or focused. */
    selected: { token: null, horse: null, preview: null },
    /** Called when the selection changes (the board redraws what shows it). */
    onSelect: () => {},
    /** Called when the horse previewed changes. */
    onPreview: () => {},

    horseName(id) {
      return shell.textOr(`royal_turf.horse.${id}`, horseInfo.get(id)?.name || "");
    },
    initial(id) {
      return state.horseName(id).charAt(0).toUpperCase();
    },
    faceName(face) {
      return shell.t(`royal_turf.face.${face}`);
    },
    seatName: shell.seatName,
    ordinal(place) {
      return shell.t(`web.ordinal.${place}`);
    },

    obs: () => shell.obs,
    legal: () => legalMoves(shell.msg),
    move: (kind, args) => findMove(shell.msg, kind, args),
    isBetting: () => shell.interactive && state.legal().some((m) => m.kind === "bet"),
    isMoving: () => shell.interactive && state.legal().some((m) => m.kind === "move"),
    canMove: (id) => shell.interactive && Boolean(state.move("move", { horse: id })),
    betTokensFor: (id) =>
      state
        .legal()
        .filter((m) => m.kind === "bet" && m.args.horse === id)
        .map((m) => m.args.token),
    canRoll: () => shell.interactive && Boolean(shell.msg?.can_roll),

    /** The viewer's tokens in hand, or null (a spectator, another seat's hidden hand). */
    hand() {
      const o = shell.obs;
      if (!o || o.viewer === null || o.viewer === undefined) return null;
      const hand = o.hands?.[o.viewer];
      return Array.isArray(hand) ? hand : null;
    },
    distinctTokens: () => [...new Set(state.hand() || [])].sort((x, y) => x - y),
    playableTokens: () => new Set(state.legal().flatMap((m) => (m.kind === "bet" ? [m.args.token] : []))),

    /** Where `id` would land if moved now, as the engine previews it (`{start, end, rolled, moved,
     * place}`, `end` 0 across the line), or null. */
    landing: (id) => shell.obs?.landings?.[id] || null,

    /** The bets on the table, `{player, horse, token}` each (`token` null when hidden from this
     * seat): the slips of the engine's pool (`Pool.view()`, a token its stake) when the observation
     * carries them, else its `bets`. */
    bets() {
      const o = shell.obs;
      const slips = Array.isArray(o?.pool) ? o.pool : o?.pool?.slips;
      if (!Array.isArray(slips)) return o?.bets || [];
      return slips.map((slip) => ({ player: slip.player, horse: slip.horses?.[0] ?? null, token: slip.stake ?? null }));
    },

    /** The token a tap on a horse bets: the one chosen, else the smallest the seat may bet (a phone
     * bets in one tap; choosing another token first changes it). Null when not betting. */
    token() {
      const playable = state.playableTokens();
      if (!state.isBetting() || !playable.size) return null;
      const chosen = state.selected.token;
      return chosen !== null && playable.has(chosen) ? chosen : Math.min(...playable);
    },

    /** The legal action a tap on `id`'s card (or pawn) plays now, or null. */
    actionFor(id) {
      if (state.isMoving()) return state.move("move", { horse: id });
      const token = state.token();
      return token === null ? null : state.move("bet", { token, horse: id });
    },

    /** The legal action a tap on token `value` plays now (a horse chosen first, by its key), or null. */
    tokenAction(value) {
      const horse = state.selected.horse;
      return horse && state.isBetting() ? state.move("bet", { token: value, horse }) : null;
    },

    /** Play a legal action, the selection cleared. */
    act(move) {
      if (!shell.interactive || !move) return;
      state.clear();
      shell.act(move.notation);
    },

    clear() {
      state.selected.token = null;
      state.selected.horse = null;
      state.selected.preview = null;
    },

    clickHorse(id) {
      if (!shell.interactive) return;
      const move = state.actionFor(id);
      if (move) {
        state.act(move);
        return;
      }
      if (state.isBetting() && state.betTokensFor(id).length) {
        state.selected.horse = state.selected.horse === id ? null : id;
        state.onSelect();
      }
    },

    clickToken(value) {
      if (!state.isBetting()) return;
      const move = state.tokenAction(value);
      if (move) {
        state.act(move);
        return;
      }
      state.selected.token = value;
      state.onSelect();
    },

    setPreview(id) {
      if (state.selected.preview === id) return;
      state.selected.preview = id;
      if (state.isMoving()) state.onPreview();
    },

    /** A new decision: what was chosen for the last one and no longer fits is dropped. */
    refresh() {
      const sel = state.selected;
      if (!state.isBetting()) sel.token = null;
      if (sel.token !== null && !state.playableTokens().has(sel.token)) sel.token = null;
      if (!state.isBetting() && !state.isMoving()) sel.horse = null;
      if (sel.horse && state.isMoving() && !state.canMove(sel.horse)) sel.horse = null;
      if (sel.horse && state.isBetting() && !state.betTokensFor(sel.horse).length) sel.horse = null;
    },
  };
  return state;
}
