// Ascot's board: its two boards (the training ground and the six-lane race course, drawn from the
// engine's lane-track geometry served by GET /api/games/ascot/board), the prompt with the seat's
// controls, its cards, the sale, the totalisator and the players, built on the board kit
// (`kit/shell.js`, `kit/motion.js`, `kit/lanetrack.js`, `kit/auction.js`, `kit/picker.js`,
// `kit/money.js`, `kit/dice.js`). Each screen area is its own module: `race.js` (its choices in
// `targets.js`), `loop.js`, `prompt.js` (with `trade.js`), `panels.js`; `words.js` names everything
// in the player's words.
// Every choice offered is one of the legal actions the server typed, sent back by its notation: this
// module holds no rule.

import { fill, h } from "/static/js/dom.js";
import { movesFromEvents } from "/static/js/kit/motion.js";
import { createBoardShell } from "/static/js/kit/shell.js";
import { createLoop } from "./loop.js";
import { createPanels } from "./panels.js";
import { createPrompt } from "./prompt.js";
import { createRace } from "./race.js";
import { createContext, freshChoices } from "./words.js";

/** Below this width of the board's frame the board is laid out for a phone. */
const PHONE_BELOW = 640;

export function createBoard(container, options) {
  return createBoardShell(container, options, (shell) => {
    const ctx = createContext(shell);
    const race = createRace(ctx, {
      selectHorse: (id) => {
        ctx.state.selectedHorse = id;
        shell.redraw();
      },
    });
    const loop = createLoop(ctx);
    const panels = createPanels(ctx);
    const lotName = (lot) =>
      ctx.cards.has(lot) ? panels.cardNode(lot, { testid: "as-lot-card" }) : h("strong", {}, ctx.itemName(lot));
    const prompt = createPrompt(ctx, { race, lotName });
    const boards = h("div", { class: "as-boards" });
    const root = h("div", { class: "as" }, prompt.root, boards, panels.root);

    let stage = null; // "market", "training" or "race" and the layout: which board is unfolded
    let moved = { race: [], loop: [] }; // the horses the last change moved, not slid yet
    let drawnFor = null; // the layout the boards are drawn for

    function arrangeBoards() {
      const now = ctx.stageOf(ctx.obs()?.phase);
      const key = `${now} ${shell.layout}`;
      if (key === stage) return;
      stage = key;
      // The board of the moment first and unfolded; the other folded below it. On a phone the deal
      // folds both: the cards to give are in the hand, under them, and must be on the first screen.
      const onRace = now === "race";
      const dealing = now === "market" && shell.layout === "phone";
      race.box.open = onRace;
      loop.box.open = !onRace && !dealing;
      fill(boards, onRace ? [race.box, loop.box] : [loop.box, race.box]);
    }

    /** The throw chosen in training is made at once: one click for the player's gesture. */
    function rollIfChosen() {
      const follows = ctx.state.rollFollows;
      if (follows === null) return;
      const msg = shell.msg;
      if (follows === msg.seat && shell.interactive && msg.can_roll && ctx.obs()?.phase === "dice") {
        ctx.state.rollFollows = null;
        shell.roll();
      } else if (follows !== msg.seat || (!msg.can_roll && ctx.moves().length)) ctx.state.rollFollows = null;
    }

    return {
      root,
      layouts: [{ name: "phone", below: PHONE_BELOW }],
      drawStatic() {
        // Another layout draws the boards anew: the slides' ways were drawn for the one left. The
        // language alone cuts no slide.
        if (shell.layout !== drawnFor) {
          race.stop();
          loop.stop();
          drawnFor = shell.layout;
        }
        race.drawStatic();
        loop.drawStatic();
      },
      changed() {
        // A new state: the last one's slides end; its own moves slide only when it moved the game on.
        race.stop();
        loop.stop();
        const before = shell.before;
        const forward = shell.forward;
        moved = {
          race: forward ? movesFromEvents(shell.msg, before, { read: race.read, startOf: race.startOf }) : [],
          loop: forward ? movesFromEvents(shell.msg, before, { read: loop.read, startOf: loop.startOf }) : [],
        };
        if (!race.choices().has(ctx.state.selectedHorse)) ctx.state.selectedHorse = null;
        if (before?.observation?.phase !== ctx.obs()?.phase) {
          ctx.state.bidMemory = {};
          ctx.state.betMemory = {};
          ctx.state.wholeCourse = false;
        }
      },
      seatChanged() {
        // Another seat holds the device: its choices start afresh (its bids and bets are secret).
        Object.assign(ctx.state, freshChoices(), { rollFollows: null });
      },
      draw() {
        if (!shell.obs) return;
        arrangeBoards();
        prompt.draw();
        race.draw();
        loop.draw();
        panels.draw();
        // Once, after a change that moved the game on: a slide under way goes on through a redraw.
        if (moved.race.length) race.slide(moved.race);
        if (moved.loop.length) loop.slide(moved.loop);
        moved = { race: [], loop: [] };
        rollIfChosen();
      },
      status(_shell, message) {
        const o = message?.observation;
        return o ? ctx.tx("status", { phase: ctx.t(`ascot.phase.${o.phase}`) }) : "";
      },
      destroy() {
        race.destroy();
        loop.stop();
      },
    };
  });
}
