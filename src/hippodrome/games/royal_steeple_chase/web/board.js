// Royal Steeple Chase's board, built on the board kit (web/js/kit/): the course (course.js), the card
// in play and the choices of the seat (controls.js), the hand and the spread (hand.js), the bridge
// players' table and bidding box (bridge.js), the players and the score sheet (score.js). Everything
// that changes comes from the seat's observation (`SteepleState.observation`), and every choice
// offered is one of the legal actions the server sent, typed (`{kind, args, notation, label}`). This
// module holds no rule: it keeps the choices in progress and draws the parts in order.

import { h, legalMoves } from "/static/js/dom.js";
import { actionButton } from "/static/js/kit/action.js";
import { formatNumber } from "/static/js/kit/money.js";
import { movesFromEvents } from "/static/js/kit/motion.js";
import { amountPicker } from "/static/js/kit/picker.js";
import { createBoardShell } from "/static/js/kit/shell.js";
import { createBridge } from "./bridge.js";
import { cardKit, GAME, NS } from "./cards.js";
import { createControls } from "./controls.js";
import { createCourse } from "./course.js";
import { createHand } from "./hand.js";
import { choicesOf, currentHalf, gapChoices } from "./moves.js";
import { createScore } from "./score.js";

// « avec un mort »: the observation names the dummy "dummy" where it names a seat; it is no seat.
const DUMMY = "dummy";
const STEPS = { [`${GAME}.horse_moved`]: 1, [`${GAME}.horse_fell_back`]: -1 };

/** A horse moved by an event (`horse_moved`, `horse_fell_back`): its lane, its way, its direction. */
function readMoved(event) {
  const step = STEPS[event.key];
  const p = event.params || {};
  return step && Number.isInteger(p.horse) ? { piece: p.horse, from: p.frm, to: p.to, step } : null;
}

export function createBoard(container, options) {
  return createBoardShell(container, options, (shell) => {
    const { boardData } = shell;
    const t = (key, params) => shell.t(key, params);
    const colours = boardData.colours || ["r", "b", "j", "v"];
    // Choices in progress (never sent until they make one legal action).
    const ui = {
      selectedHalf: null, // the coup of the card in play the player acts on first
      tradeCard: null, // the card of the hand chosen to offer
      spreadCard: null, // the spread card chosen to ask for, with an opening bid
      counterCard: null, // the card of the hand chosen to answer an offer with
      ownHurdle: false, // 2 and 3 players: placing one of one's own mobile hurdles
      gapLane: null, // on a phone, the lane whose gaps are listed
      memory: {}, // the amount pickers' lists, kept across redraws
    };
    let moves = []; // the horses the last change moved, slid once

    const horseName = (i) =>
      shell.textOr(`${GAME}.horse.${i}`, boardData.names?.[shell.lang]?.[i] || t(`${NS}.horse_n`, { n: i + 1 }));
    const mySeat = () => (Number.isInteger(shell.msg?.seat) ? shell.msg.seat : null);
    const isPlace = (p) => p === DUMMY || (Number.isInteger(p) && p >= 0);
    const seatName = (p) => (p === DUMMY ? t(`${NS}.dummy`) : shell.seatName(p));
    const ownerText = (lane) => {
      const owner = shell.obs?.horses?.[lane]?.owner;
      return isPlace(owner) ? seatName(owner) : t(`${NS}.no_owner`);
    };
    const whereText = (lane) => {
      const horse = shell.obs?.horses?.[lane];
      if (!horse) return "";
      if (horse.finished) return t(`${NS}.finished_place`, { place: t(`web.ordinal.${horse.finished}`) });
      return horse.progress ? t(`${NS}.on_square`, { square: horse.square }) : t(`${NS}.at_start`);
    };
    const between = (square) => ({ square, next: (square % (boardData.squares || 21)) + 1 });

    /** The board's context, shared by its parts. */
    const g = {
      shell,
      boardData,
      colours,
      NS,
      GAME,
      DUMMY,
      ui,
      cards: cardKit(shell, horseName),
      horseName,
      seatName,
      ownerText,
      isPlace,
      mySeat,
      between,
      horseLabel: (lane) =>
        t(`${NS}.horse_label`, { horse: horseName(lane), owner: ownerText(lane), where: whereText(lane) }),
      myHorse: () => {
        const i = (shell.obs?.horses || []).findIndex((x) => x.owner === mySeat());
        return mySeat() === null || i < 0 ? null : i;
      },
      /** Whether this seat is taking the dummy's turn now: the legal moves are then the dummy's. */
      forDummy: () => Boolean(shell.obs?.dummy?.to_play) && shell.obs.dummy.partner === mySeat(),
      choices: () => choicesOf(shell),
      currentHalf: () => currentHalf(shell.obs, ui),
      gapChoices: () => gapChoices(shell, ui),
      /** On a phone, the lane whose gaps are listed (one lane at a time): the one chosen, else the
       * first with a gap to offer; null when none has. */
      gapLane() {
        const lanes = [...new Set(gapChoices(shell, ui).map((x) => x.lane))];
        return lanes.includes(ui.gapLane) ? ui.gapLane : (lanes[0] ?? null);
      },
      gapLabel: (choice) =>
        t(choice.remove ? `${NS}.remove_hurdle_at` : `${NS}.put_hurdle_at`, {
          horse: horseName(choice.lane),
          ...between(choice.square),
        }),
      /** Send a legal action; the choices in progress end with it. */
      act(action) {
        if (!action || !shell.interactive || !legalMoves(shell.msg).some((m) => m.notation === action)) return;
        Object.assign(ui, { tradeCard: null, spreadCard: null, counterCard: null, ownHurdle: false });
        shell.act(action);
      },
      /** A labelled button that sends `action` (`data-action`), a finger's size. */
      button: (text, action, { cls = "", testid } = {}) =>
        actionButton(text, action, { act: g.act, cls: `rsc-choice ${cls}`, testid }),
      redraw: () => shell.redraw(),
      /** The memory of an amount picker's list (`key`: which picker), kept across redraws. */
      memory(key) {
        if (!ui.memory[key]) ui.memory[key] = {};
        return ui.memory[key];
      },
      /** The amount picker (kit/picker.js) over `choices`, each one's amount read by `amountOf`, the
       * lowest first; the list's choice kept under `key`. */
      picker(choices, amountOf, { label, testid, other = t(`${NS}.bid_other`), option, quick = 4, key = testid }) {
        return amountPicker(
          choices.map((x) => ({ notation: x.action, amount: amountOf(x) })).sort((a, b) => a.amount - b.amount),
          {
            label,
            option: option || ((n) => formatNumber(n, shell.lang)),
            other,
            otherLabel: t(`${NS}.other_amount`),
            act: g.act,
            testid,
            quick,
            memory: g.memory(key),
          },
        );
      },
    };

    /** Every choice in progress dropped (Escape). */
    const clearChoices = () =>
      Object.assign(ui, { selectedHalf: null, tradeCard: null, spreadCard: null, counterCard: null, ownHurdle: false });
    /** Another seat holds the device (hot-seat): nothing the last seat chose or looked at carries over,
     * not even the amount its pickers' lists remembered (a secret bet's stake). */
    const forgetSeat = () => {
      clearChoices();
      Object.assign(ui, { gapLane: null, memory: {} });
    };

    const course = createCourse(g);
    const controls = createControls(g);
    const hand = createHand(g);
    const bridge = createBridge(g);
    const score = createScore(g);
    const root = h(
      "div",
      { class: "rsc" },
      h("div", { class: "rsc-course" }, course.svg),
      controls.root,
      bridge.box,
      hand.root,
      course.legend,
      bridge.root,
      h("div", { class: "rsc-lower" }, score.seats, score.sheet),
    );

    return {
      root,
      layouts: [{ name: "phone", below: 640 }],
      drawStatic: () => course.drawStatic(),
      changed(s) {
        // A new state: the last one's slides end; its own moves slide only when it moved the game on.
        course.stop();
        moves = s.forward ? movesFromEvents(s.msg, s.before, { read: readMoved }) : [];
        // A choice made for one decision does not carry over to the next.
        const o = s.obs;
        if (o?.phase !== "halves" || !(o.card?.halves || []).includes(ui.selectedHalf)) ui.selectedHalf = null;
        Object.assign(ui, { tradeCard: null, spreadCard: null, counterCard: null });
      },
      seatChanged: forgetSeat,
      draw(s) {
        if (!s.obs) return;
        if (s.obs.phase !== "race" || !g.choices().some((x) => x.type === "own_hurdle")) ui.ownHurdle = false;
        course.draw(moves);
        moves = [];
        controls.draw();
        hand.draw();
        bridge.draw();
        score.draw();
      },
      status(_s, message) {
        const o = message.observation;
        if (!o) return "";
        const bits = [t(`${NS}.deal_n`, { deal: o.deal })];
        if (o.phase !== "over") bits.push(t(`${GAME}.phase.${o.phase}`));
        return bits.join(" · ");
      },
      key(s, event) {
        if (
          event.key !== "Escape" ||
          !(ui.tradeCard || ui.ownHurdle || ui.selectedHalf || ui.spreadCard || ui.counterCard)
        ) {
          return false;
        }
        clearChoices();
        s.redraw();
        return true;
      },
      renderEvent: (_s, event) => g.cards.event(event),
      destroy: () => course.destroy(),
    };
  });
}
