// Win, Place & Show's controls: what the seat decides now, built from the kit. The roll (kit/dice.js),
// the secret bid on the sheet (§9: kit/picker.js with its stepper, every legal amount from $0 to all
// one has), the tie auction (kit/auction.js, from the engine's auction view), the betting slip (§10,
// §11: kit/slip.js, from the pool's view), the squares the horse in turn may end on as a list of
// buttons named in words (kit/lanetrack.js), the claim window and the steward's ruling (claims.js),
// and the other choices by their labels. Every control carries `data-action`, the legal action's
// notation; what it says is words. This module holds no rule.

import { h, legalMoves, moveLabel } from "/static/js/dom.js";
import { actionButton } from "/static/js/kit/action.js";
import { auctionPanel } from "/static/js/kit/auction.js";
import { rollButton } from "/static/js/kit/dice.js";
import { landingList } from "/static/js/kit/lanetrack.js";
import { amountPicker } from "/static/js/kit/picker.js";
import { betChooser, betOf, slipList } from "/static/js/kit/slip.js";
import { claimWindow, ruling } from "./claims.js";
import { slipWords } from "./words.js";

/** The kinds of legal action another area draws or a kit piece offers (not plain choice buttons). */
const DRAWN = new Set(["ride", "sheet", "bid", "pass", "line", "place_bet"]);
/** The phases whose roll has words of its own (the stable §12, the die between tied bidders §9, the
 * dice of a turn §6). */
const ROLLS = new Set(["stable", "lot", "dice"]);

/**
 * The controls area: `draw(shell, w, targets)` fills `root` (`.wps-actions`) with the decision in
 * hand; `reset()` forgets the choices kept for the last decision.
 */
export function createControls() {
  const root = h("section", { class: "wps-actions" });
  let memory = fresh();

  function draw(shell, w, targets) {
    const obs = shell.obs;
    const moves = shell.interactive ? legalMoves(shell.msg) : [];
    const parts = [];
    if (shell.interactive && shell.msg.can_roll) {
      parts.push(
        h("h3", {}, w.tx(`phase_${obs.phase}`)),
        rollButton({
          label: w.tx(ROLLS.has(obs.phase) ? `roll_${obs.phase}` : "roll"),
          onRoll: () => shell.roll(),
          testid: "roll-button",
        }),
      );
    } else {
      parts.push(h("h3", {}, title(obs, w, moves)));
      parts.push(claimWindow(obs, w), ruling(obs, w));
      parts.push(...decision(shell, w, moves, targets));
    }
    parts.push(...slips(shell, w, moves));
    root.replaceChildren(...parts.filter(Boolean));
  }

  /** The controls of the decision in hand, by the kinds of its legal actions. */
  function decision(shell, w, moves, targets) {
    const obs = shell.obs;
    const act = (notation) => shell.act(notation);
    const out = [];
    const sheet = moves.filter((m) => m.kind === "sheet").sort((a, b) => a.args.amount - b.args.amount);
    if (sheet.length) out.push(sheetPicker(sheet, w, act, memory.sheet), written(obs, w, shell.msg.seat));
    if (obs.auction) {
      out.push(
        auctionPanel(obs.auction, {
          lot: w.horse(obs.auction.lot),
          seatName: w.seat,
          moves,
          act,
          viewer: shell.msg.seat,
          lang: w.lang,
          currency: "dollar",
          testid: "wps-auction",
          memory: memory.auction,
        }),
      );
    }
    const rides = targets.length
      ? landingList(targets, { act: (x) => act(x.action), testid: "wps-landing", title: w.tx("landings") })
      : null;
    const bets = betChooser(moves, {
      words: slipWords(w, obs),
      act,
      testid: "wps-bet",
      memory: memory.slip,
      kinds: { win: 1, place: 1, show: 1, double: 2 },
      quick: 4,
      stepper: true,
    });
    const others = moves
      .filter((m) => !DRAWN.has(m.kind) && !betOf(m))
      .map((m) =>
        actionButton(moveLabel(m, w.lang), m.notation, {
          act,
          cls: `wps-choice${m.kind === "done" ? " primary" : ""}`,
          testid: "wps-choice",
        }),
      );
    out.push(rides, bets, others.length ? h("div", { class: "wps-choices kit-picker" }, others) : null);
    return out;
  }

  return {
    root,
    draw,
    reset() {
      memory = fresh();
    },
  };
}

const fresh = () => ({ sheet: {}, auction: {}, slip: {} });

/** The area's heading: the horse in turn and its total while riding, else the phase. */
function title(obs, w, moves) {
  if (obs.total !== null && obs.moving && moves.some((m) => m.kind === "ride")) {
    return w.tx("to_move", { horse: w.horse(obs.moving), total: obs.total });
  }
  if (obs.total !== null && obs.moving) return w.tx("moving", { horse: w.horse(obs.moving), total: obs.total });
  return w.tx(`phase_${obs.phase}`);
}

/** §9: the secret bid for the horse on the sheet, any legal amount through the one picker. */
function sheetPicker(moves, w, act, memory) {
  const horse = w.horse(moves[0].args.horse);
  return h(
    "div",
    { class: "wps-sheet" },
    h("p", {}, w.tx("sheet_for", { horse })),
    amountPicker(
      moves.map((m) => ({ notation: m.notation, amount: m.args.amount })),
      {
        label: (n) => (n === 0 ? w.tx("sheet_none") : w.tx("sheet_n", { money: w.money(n) })),
        option: w.money,
        other: w.tx("sheet_other"),
        otherLabel: w.tx("amount"),
        act,
        testid: "wps-amount",
        quick: 3,
        memory,
        stepper: true,
        less: w.tx("less"),
        more: w.tx("more"),
      },
    ),
  );
}

/** §9: the bids the seat has written on its sheet so far, horse by horse in the order of the sale. */
function written(obs, w, seat) {
  const bids = obs.sheets?.[seat] || [];
  if (!bids.length) return null;
  const lines = bids.map((n, i) => h("li", {}, `${w.horse(obs.sale[i])} · ${n ? w.money(n) : w.tx("sheet_zero")}`));
  return h("div", { class: "wps-sheet-written" }, h("h4", {}, w.tx("sheet_title")), h("ul", {}, lines));
}

/** The seat's own slips of the race (and its daily doubles), in words, once it has any or bets now. */
function slips(shell, w, moves) {
  const obs = shell.obs;
  const seat = shell.msg.seat;
  if (seat === null || seat === undefined) return [];
  const mine = [...obs.slips, ...obs.doubles].filter((x) => x.player === seat);
  const betting = moves.some((m) => betOf(m));
  if (!mine.length && !betting) return [];
  return [
    h(
      "div",
      { class: "wps-slip" },
      h("h4", {}, w.tx("slip_title")),
      slipList(mine, { player: seat, words: slipWords(w, obs), testid: "wps-slip" }),
    ),
  ];
}
