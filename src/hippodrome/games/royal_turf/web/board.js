// Royal Turf's board, on the board kit (web/js/kit/): the oval track (track.js), the die, the roll
// button and the seat's tokens (controls.js), the horse cards that are also the betting board
// (cards.js), the bets in words (slips.js, the kit's betting slip) and the payout table (payout.js).
// Everything is drawn from the board data served by GET /api/games/royal_turf/board (the engine's
// own material), the seat's observation (`RoyalTurfState.observation`, whose `landings` say where
// each horse that may move would land, whose `pool` holds the bets) and the legal actions the server
// typed (`{kind, args, notation, label}`), read once in state.js: this module holds no rule.

import { h } from "/static/js/dom.js";
import { createBoardShell } from "/static/js/kit/shell.js";
import { createCards } from "./cards.js";
import { createControls, TOKEN_KEYS } from "./controls.js";
import { createPayout } from "./payout.js";
import { createSlips } from "./slips.js";
import { createState } from "./state.js";
import { createTrack } from "./track.js";

/** Narrower than this, the phone's layout: a rounder oval, the cards as the list of targets. */
const COMPACT_BELOW = 600;

/**
 * Mount Royal Turf's board in `container` (web/js/boards/index.js says what the pages call).
 * @param {Element} container
 * @param {import("/static/js/kit/shell.js").BoardOptions} options
 */
export function createBoard(container, options) {
  return createBoardShell(container, options, (shell) => {
    const state = createState(shell);
    const track = createTrack(state);
    const controls = createControls(state);
    const cards = createCards(state);
    const payout = createPayout(state);
    const slips = createSlips(state);
    const root = h(
      "div",
      { class: "rt" },
      track.svg,
      controls.box,
      h("div", { class: "rt-lower" }, cards.section, h("div", { class: "rt-aside" }, slips.box, payout.panel)),
    );

    state.onSelect = () => {
      cards.draw();
      controls.draw();
      track.retarget();
      track.drawPreview();
    };
    state.onPreview = () => track.drawPreview();

    return {
      root,
      layouts: [{ name: "compact", below: COMPACT_BELOW }],
      drawStatic() {
        track.drawStatic();
        cards.drawStatic();
        payout.drawStatic();
      },
      draw() {
        track.draw();
        cards.draw();
        controls.draw();
        slips.draw();
        payout.draw();
      },
      changed() {
        track.collect();
        controls.collect();
        state.refresh();
      },
      seatChanged() {
        // Hot-seat: another player holds the device; nothing chosen by the last one carries over.
        state.clear();
      },
      status: (_shell, message) => statusLine(shell, message),
      key: (_shell, event) => handleKey(state, cards, controls, event),
      destroy() {
        track.destroy();
        controls.destroy();
      },
    };
  });
}

/** "Race 2 of 3 · racing · round 4". */
function statusLine(shell, message) {
  const o = message?.observation;
  if (!o) return "";
  const t = shell.t;
  const bits = [t("web.royal_turf.race", { race: o.race, races: o.races })];
  if (o.phase !== "over") bits.push(t(`royal_turf.phase.${o.phase}`));
  if (o.phase === "racing") bits.push(t("web.royal_turf.round", { round: o.round }));
  return bits.join(" · ");
}

/** The keys (R rolls: the shell's, kit/shell.js): 1 to 7 choose a horse, A S D F a token, Enter plays the choice, Escape drops it.
 * True when the key was used. */
function handleKey(state, cards, controls, event) {
  const { shell, boardData } = state;
  if (!shell.msg || event.ctrlKey || event.metaKey || event.altKey) return false;
  const key = event.key;
  const sel = state.selected;
  if (/^[1-9]$/.test(key)) {
    const horse = boardData.horses[Number(key) - 1];
    if (!horse) return false;
    const usable =
      (state.isMoving() && state.canMove(horse.id)) || (state.isBetting() && state.betTokensFor(horse.id).length);
    if (!usable) return false;
    sel.horse = horse.id;
    state.onSelect();
    cards.focus(horse.id);
    return true;
  }
  const tokenIndex = TOKEN_KEYS.indexOf(key.toLowerCase());
  if (tokenIndex >= 0 && state.isBetting()) {
    const value = state.distinctTokens()[tokenIndex];
    if (value === undefined || !state.playableTokens().has(value)) return false;
    sel.token = value;
    state.onSelect();
    controls.focusToken(value);
    return true;
  }
  if (key === "Enter") {
    // A focused button takes Enter itself (it clicks); otherwise Enter plays the choice.
    const focused = document.activeElement;
    if (focused && (focused.tagName === "BUTTON" || focused.getAttribute("role") === "button")) return false;
    let move = null;
    if (state.isMoving() && sel.horse) move = state.move("move", { horse: sel.horse });
    else if (state.isBetting() && sel.horse && sel.token !== null)
      move = state.move("bet", { token: sel.token, horse: sel.horse });
    if (!move) return false;
    state.act(move);
    return true;
  }
  if (key === "Escape" && (sel.horse || sel.token !== null)) {
    state.clear();
    state.onSelect();
    return true;
  }
  return false;
}
