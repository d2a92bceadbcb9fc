// Win, Place & Show's controls: what the seat decides now, built from the kit. The roll (kit/dice.js),
// the secret bid on the sheet (§9: kit/picker.js with its stepper, every legal amount from $0 to all
// one has, under the bid helper: the horse's chances, the purse it can expect, the suggested bid in
// one tap), the tie auction (kit/auction.js, from the engine's auction view), the betting slip (§10,
// §11: kit/slip.js, from the pool's view, each bet with what it brings back if it comes in), the squares the horse in turn may end on as a list of
// buttons named in words (kit/lanetrack.js), the claim window and the steward's ruling (claims.js),
// and the other choices by their labels. Every control carries `data-action`, the legal action's
// notation; what it says is words. This module holds no rule.

import { h, legalMoves, moveLabel } from "/static/js/dom.js";
import { actionButton } from "/static/js/kit/action.js";
import { auctionPanel } from "/static/js/kit/auction.js";
import { rollButton } from "/static/js/kit/dice.js";
import { landingList } from "/static/js/kit/lanetrack.js";
import { amountPicker } from "/static/js/kit/picker.js";
import { betChooser, betOf } from "/static/js/kit/slip.js";
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
    root.replaceChildren(...parts.filter(Boolean));
  }

  /** The controls of the decision in hand, by the kinds of its legal actions. */
  function decision(shell, w, moves, targets) {
    const obs = shell.obs;
    const act = (notation) => shell.act(notation);
    const out = [];
    const sheet = moves.filter((m) => m.kind === "sheet").sort((a, b) => a.args.amount - b.args.amount);
    if (sheet.length) out.push(bidHelper(sheet, w, act, obs), sheetPicker(sheet, w, act, memory.sheet));
    if (obs.auction) {
      out.push(
        worthLine(obs.auction.lot, w, obs),
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

/**
 * The bid helper (§9) for the horse on the sheet: its chances of paying a win, a place and a show
 * bet, the purse it can expect, and the suggested bid as one button, the largest legal amount up to
 * the suggestion (the board data's numbers, `worth.py`: no rule here), with where it comes from.
 */
function bidHelper(moves, w, act, obs) {
  const horse = w.data(moves[0].args.horse);
  if (!horse) return null;
  const pick = suggestedMove(moves, horse);
  const amount = pick.args.amount;
  const label = amount === 0 ? w.tx("helper_take_none") : w.tx("helper_take", { money: w.money(amount) });
  return h(
    "div",
    { class: "wps-helper", "data-testid": "wps-helper" },
    h("h4", {}, w.tx("helper_title", { horse: horse.name })),
    h("p", { class: "wps-chances" }, chancesText(horse, w), " ", worthText(horse, w, obs)),
    actionButton(label, pick.notation, { act, cls: "primary", testid: "wps-suggested" }),
    amount < horse.suggested ? h("p", {}, w.tx("helper_capped", { money: w.money(horse.suggested) })) : null,
    h(
      "p",
      { class: "wps-helper-why" },
      w.tx("helper_why", {
        unit: w.money(w.boardData.bid_unit),
        split: w.boardData.purse_split.map((n) => w.percent(n / 100)).join(w.tx("list_join")),
      }),
    ),
  );
}

/** The legal bid nearest the horse's suggested bid from below (the most the seat may, when it is less). */
function suggestedMove(moves, horse) {
  if (!horse) return null;
  const fits = moves.filter((m) => m.args.amount <= horse.suggested);
  return fits[fits.length - 1] ?? moves[0];
}

/** A horse's chances of paying a win, a place and a show bet, in words. */
function chancesText(horse, w) {
  const { win, place, show } = horse.chances;
  return w.tx("helper_chances", { win: w.percent(win), place: w.percent(place), show: w.percent(show) });
}

/** The purse a horse can expect of its race's, and the bid suggested for it, in words. */
function worthText(horse, w, obs) {
  const purse = w.boardData.races[obs.race - 1].purse;
  return w.tx("helper_worth", { purse: w.money(purse), worth: w.money(horse.worth), money: w.money(horse.suggested) });
}

/** The purse the horse under the hammer can expect, and the bid suggested for it (the tie auction). */
function worthLine(id, w, obs) {
  const horse = w.data(id);
  return horse ? h("p", { class: "wps-worth", "data-testid": "wps-worth" }, worthText(horse, w, obs)) : null;
}

/** §9: the secret bid for the horse on the sheet, any legal amount through the one picker. */
function sheetPicker(moves, w, act, memory) {
  const id = moves[0].args.horse;
  const horse = w.horse(id);
  if (memory.horse !== id) {
    // A new horse on the sheet: the list and its stepper start at the suggested bid.
    memory.horse = id;
    memory.amount = suggestedMove(moves, w.data(id))?.args.amount;
  }
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
