// Royal Steeple Chase's legal actions as the board offers them, read from the engine's typed form
// (`{kind, args, notation}`, docs/web.md), and the choices of the coup under way. Nothing is read
// from the notation, which only goes back to the server.

import { legalMoves } from "/static/js/dom.js";

/** A legal action as this board offers it: the choice's `type` and its values; null for one this
 * board does not draw. */
export function readMove(move) {
  const a = move.args || {};
  switch (move.kind) {
    case "pass":
      return { type: "passe" };
    case "accept":
      return { type: "accepte" };
    case "refuse":
      return { type: "refuse" };
    case "contre":
      return { type: "contrer" };
    case "request_horse":
      return { type: "horse", horse: a.horse, bid: a.bid };
    case "request_card":
      return { type: "spread", card: a.card, bid: a.bid || 0 };
    case "bid":
      return { type: "bid", amount: a.amount };
    case "throw":
      return { type: "throw", card: a.card };
    case "propose":
      return { type: "propose", seat: a.target, card: a.card, points: a.points || 0 };
    case "ask_card":
      return { type: "ask", card: a.card };
    case "counter":
      return { type: "counter", card: a.card, points: a.points || 0 };
    case "play_card":
      return { type: "play", card: a.card };
    case "own_hurdle":
      return { type: "own_hurdle", lane: a.horse, square: a.gap };
    case "void_half":
      return { type: "void", half: a.half };
    case "place_bet":
      return { type: "bet", horses: a.horses, stake: a.stake };
    case "incident_choice":
      return { type: "incident", horse: a.horse, square: a.gap };
    case "call":
      return { type: "call", horse: Number.isInteger(a.horse) && a.horse >= 0 ? a.horse : null, bid: a.bid || null };
    case "eliminate":
      return { type: "eliminate", card: a.card };
    case "play_half":
      return { type: "half", half: a.half, use: a.use, horses: a.horses, remove: a.remove, square: a.gap };
    default:
      return null;
  }
}

/** Every legal action of this seat, read (`{action, type, ...}`); none when it cannot act here. */
export function choicesOf(shell) {
  if (!shell.interactive) return [];
  return legalMoves(shell.msg)
    .map((m) => ({ action: m.notation, ...readMove(m) }))
    .filter((x) => x.type);
}

/** The coup of the card in play acted on now: the one chosen first, else the first left. */
export function currentHalf(obs, ui) {
  const left = obs?.card?.halves || [];
  if (!left.length) return null;
  return ui.selectedHalf && left.includes(ui.selectedHalf) ? ui.selectedHalf : left[0];
}

/** The card being played: the last « plays » event of the log (the observation keeps only the
 * coups still to play). */
export function cardInPlay(shell, game) {
  const o = shell.obs;
  if (o?.phase !== "halves" || !o.card) return null;
  for (let i = shell.log.length - 1; i >= 0; i--) {
    if (shell.log[i].key === `${game}.card_played`) return shell.log[i].params?.card || null;
  }
  return null;
}

/** The gaps a tap can put a hurdle in (or take one off): those of the coup chosen, or of the
 * player's own mobile hurdles, or of an incident. Each is one legal action, with its `lane`. */
export function gapChoices(shell, ui) {
  const o = shell.obs;
  if (!shell.interactive || !o) return [];
  const choices = choicesOf(shell);
  let found = [];
  if (o.phase === "halves") {
    const half = currentHalf(o, ui);
    found = half
      ? choices.filter((x) => x.type === "half" && x.half === half && x.use === "H" && x.square !== null)
      : [];
  } else if ((o.phase === "race" && ui.ownHurdle) || o.phase === "solo_hurdles" || o.phase === "own_hurdles") {
    found = choices.filter((x) => x.type === "own_hurdle");
  } else if (o.phase === "incident") {
    found = choices.filter((x) => x.type === "incident" && x.square !== null);
  }
  const seen = new Set();
  return found
    .map((x) => ({ ...x, lane: x.type === "own_hurdle" ? x.lane : x.type === "incident" ? x.horse : x.horses[0] }))
    .filter((x) => {
      const key = `${x.lane}|${x.square}`; // the line names itself whether it lies ahead as start or finish
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
