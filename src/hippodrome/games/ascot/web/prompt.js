// Ascot's prompt: the phase, the die, the Bank, what is asked of the seat in words, and its controls,
// each a legal action sent by its notation (`data-action`), at a finger's size: the throw, the sale's
// bids (`kit/auction.js`), the bets (`kit/picker.js`), the offer form and the rescue's question
// (`trade.js`), the runners, the favourite, the colour of a square, the lane, the horse the die goes to.

import { fill, h } from "/static/js/dom.js";
import { actionList } from "/static/js/kit/action.js";
import { auctionPanel } from "/static/js/kit/auction.js";
import { drawDie, rollButton } from "/static/js/kit/dice.js";
import { betChooser } from "/static/js/kit/slip.js";
import { rescueAnswer, rescueOffer, tradeForm } from "./trade.js";
import { CODE_COLOUR } from "./words.js";

const ANSWERS = ["keep", "join", "decline", "enough", "accept", "refuse", "done"];

/**
 * The prompt's part of the board.
 * @param {object} ctx     the board's context (`words.js`)
 * @param {{race: object, lotName: (lot: string) => (string|Node)}} how   the race course's part
 *   (which horses the die may go to), and the lot's name for the auction panel
 */
export function createPrompt(ctx, { race, lotName }) {
  const shell = ctx.shell;
  const root = h("section", { class: "as-prompt", "data-testid": "as-prompt", "aria-live": "polite" });

  const horseList = (ids) => ctx.list(ids.map(ctx.horseName));

  /** The horse that has just run (the colour and the lane it stopped on are asked about). */
  function movingHorse() {
    const log = shell.log || [];
    for (let i = log.length - 1; i >= 0; i -= 1) {
      const key = log[i].key;
      if (key === "ascot.horse_ran" || key === "ascot.horse_placed_at") return log[i].params.horse;
      if (key === "ascot.die_thrown") return null;
    }
    return null;
  }

  /** The offer waiting for the seat's answer: the last one told, of a card, a report or a horse. */
  function lastOffer() {
    const log = shell.log || [];
    for (let i = log.length - 1; i >= 0; i -= 1)
      if (log[i].key === "ascot.trade_offered" || log[i].key === "ascot.swap_offered") return log[i];
    return null;
  }

  function squareColour(where) {
    if (!where || !where.includes(".")) return null;
    const [lane, square] = where.split(".").map(Number);
    const codes = ctx.bd.lanes[lane - 1] || "";
    return CODE_COLOUR[codes[square - 1]] || "white";
  }

  function ask() {
    const o = ctx.obs();
    const r = o.race || {};
    const tx = ctx.tx;
    if (shell.msg.can_roll)
      return o.phase === "roll" ? tx("ask.roll_die", { horses: horseList(r.to_move || []) }) : tx("ask.roll_dice");
    switch (o.phase) {
      case "exchange":
      case "discard":
      case "sale":
      case "trading":
      case "favourite":
        return tx(`ask.${o.phase}`);
      case "auction":
        return tx("ask.auction_short");
      case "training":
        return ctx.movesOf("club_report").length ? tx("ask.training_member") : tx("ask.training");
      case "club":
        return tx("ask.club", { fee: ctx.francs(ctx.bd.club_fee) });
      case "answer":
        // A report offered to save a horse (D43) is asked as a question of its own (`trade.js`).
        return o.danger ? tx("ask.rescue_answer") : tx("ask.answer", { offer: ctx.eventText(lastOffer()) });
      case "rescue":
        return tx("ask.rescue");
      case "runners":
        return tx(ctx.movesOf("enough").length ? "ask.enough" : "ask.runners", { fee: ctx.francs(ctx.bd.entry_fee) });
      case "betting":
        return tx("ask.betting", { horse: ctx.horseName(o.called) });
      case "move": {
        const byHorse = race.choices();
        const horse = race.current(byHorse);
        if (!horse) return "";
        const params = { die: r.die, horse: ctx.horseName(horse) };
        if (byHorse.get(horse).every((m) => m.args.lane === 0 && m.args.square === 0))
          return tx("ask.move_stay", params);
        return tx(byHorse.size > 1 ? "ask.move_choose" : "ask.move", params);
      }
      case "colour": {
        const moving = movingHorse();
        const colour = moving ? squareColour(r.at?.[moving]) : null;
        return moving && colour
          ? tx("ask.colour_horse", { horse: ctx.horseName(moving), colour: ctx.colourName(colour) })
          : tx("ask.colour");
      }
      case "lane": {
        const moving = movingHorse();
        return moving ? tx("ask.lane_horse", { horse: ctx.horseName(moving) }) : tx("ask.lane");
      }
      default:
        return "";
    }
  }

  function waiting() {
    const o = ctx.obs();
    const c = shell.msg.context || {};
    if (o.phase === "over" || c.over) return ctx.tx("wait.over");
    const acting = c.chance ? (Number.isInteger(c.chance_roller) ? [c.chance_roller] : []) : c.to_act || [];
    if (!acting.length) return "";
    return ctx.tx("wait.for", { names: ctx.list(acting.map(ctx.seatName)), phase: ctx.t(`ascot.phase.${o.phase}`) });
  }

  /** The betting slip's words (`kit/slip.js`): Ascot's horses, its one kind of bet, its francs. */
  function slipWords() {
    const ask = (step) => ctx.tx(`bet_ask.${step}`);
    return {
      horse: ctx.horseName,
      kind: (kind) => ctx.tx(`bet_kind.${kind}`),
      money: ctx.francs,
      sealed: ctx.tx("bet_sealed"),
      secret: ctx.tx("bet_secret"),
      ask: { horse: ask("horse"), kind: ask("kind"), partner: ask("partner"), stake: ask("stake") },
      write: (bet) => ctx.tx("bet_write", { horse: ctx.horseName(bet.horses[0]) }),
      bet: (n) => ctx.tx("bet_n", { money: ctx.francs(n) }),
      other: ctx.tx("bet_other"),
      otherLabel: ctx.tx("other_amount"),
    };
  }

  function roll() {
    shell.roll();
  }

  /** The seat's controls, each group in the order a player reads them. */
  function controls() {
    const o = ctx.obs();
    const all = ctx.moves();
    const drawn = new Set();
    const of = (kind) => {
      const found = all.filter((m) => m.kind === kind);
      for (const m of found) drawn.add(m.notation);
      return found;
    };
    const nodes = [];
    // A horse in danger (D43): the holder of a saving report is asked his price, the owner whether he
    // pays it, each as a question of its own.
    const rescue =
      o.danger && o.phase === "answer"
        ? rescueAnswer(ctx, of("answer"))
        : o.danger && o.phase === "rescue"
          ? rescueOffer(ctx, [...of("offer"), ...of("done")])
          : null;
    if (rescue) {
      nodes.push(rescue);
      for (const m of all)
        if (!drawn.has(m.notation)) nodes.push(ctx.choice(ctx.label(m), m.notation, { testid: "as-other" }));
      return nodes;
    }
    if (shell.msg.can_roll) {
      nodes.push(
        rollButton({
          label: ctx.tx(o.phase === "roll" ? "throw_die" : "throw_dice"),
          onRoll: roll,
          className: "as-roll",
        }),
      );
    }
    // Training: the throw (with the dice, one click), and a member's report first if he wants one.
    const reports = of("club_report");
    if (reports.length) {
      const list = actionList(reports, {
        option: (m) =>
          ctx.tx("club_report", { deck: ctx.tx(`deck.${m.args.deck}`), horse: ctx.horseName(m.args.horse) }),
        button: ctx.tx("club_report_take"),
        label: ctx.tx("club_report_which"),
        act: shell.act,
        testid: "as-report",
        cls: "as-choice",
        listCls: "as-select",
      });
      nodes.push(h("span", { class: "as-more" }, list));
    }
    for (const m of of("roll")) {
      const button = ctx.choice(ctx.tx("throw_dice"), m.notation, { cls: "primary" });
      button.addEventListener("click", () => {
        ctx.state.rollFollows = shell.msg.seat;
      });
      nodes.push(button);
    }
    // The sale: drawn with its lot in the auction panel (below); its moves are taken there.
    of("bid");
    // The totalisator: the stakes on the horse the Bookmaker calls (`kit/slip.js`).
    const bets = betChooser(of("place_bet"), {
      words: slipWords(),
      act: shell.act,
      testid: "as-bet",
      memory: ctx.state.betMemory,
      quick: 3,
    });
    if (bets) nodes.push(bets);
    if (o.phase === "auction") of("pass");
    else {
      for (const m of of("pass"))
        nodes.push(
          ctx.choice(o.phase === "betting" ? ctx.tx("no_bet") : ctx.tx("pass"), m.notation, { cls: "as-pass" }),
        );
    }
    for (const kind of ANSWERS) {
      for (const m of of(kind))
        nodes.push(
          ctx.choice(ctx.label(m), m.notation, { cls: kind === "accept" || kind === "join" ? "primary" : "" }),
        );
    }
    for (const m of of("run")) {
      nodes.push(
        ctx.choice(
          [
            ctx.chip(m.args.horse),
            " ",
            ctx.tx("run", { horse: ctx.horseName(m.args.horse), fee: ctx.francs(ctx.bd.entry_fee) }),
          ],
          m.notation,
        ),
      );
    }
    for (const m of of("favourite")) {
      const text = m.args.horse
        ? [ctx.chip(m.args.horse), " ", ctx.tx("favourite_pick", { horse: ctx.horseName(m.args.horse) })]
        : ctx.tx("no_favourite");
      nodes.push(ctx.choice(text, m.notation));
    }
    for (const m of of("sell")) nodes.push(ctx.choice(ctx.tx("sell", { item: ctx.itemName(m.args.item) }), m.notation));
    for (const m of of("colour")) {
      const primary = m.args.use === "extra" || m.args.use === "advantage";
      nodes.push(ctx.choice(ctx.tx(`use.${m.args.use}`), m.notation, { cls: primary ? "primary" : "" }));
    }
    for (const m of of("lane_choice")) nodes.push(ctx.choice(ctx.tx("lane_n", { lane: m.args.lane }), m.notation));
    nodes.push(...raceControls(of));
    const trade = tradeForm(ctx, [...of("offer"), ...of("swap")]);
    if (trade) nodes.push(trade);
    // Anything else the rules allow, as the engine words it.
    for (const m of all)
      if (!drawn.has(m.notation)) nodes.push(ctx.choice(ctx.label(m), m.notation, { testid: "as-other" }));
    return nodes;
  }

  /** The race: the horse the die goes to (when it may be two), past the post, or no move. */
  function raceControls(of) {
    of("move");
    const byHorse = race.choices();
    if (!byHorse.size) return [];
    const shown = race.current(byHorse);
    const nodes = [];
    if (byHorse.size > 1) {
      for (const id of byHorse.keys()) {
        const attrs = {
          type: "button",
          class: `as-horse-choice kit-target${id === shown ? " selected" : ""}`,
          "data-testid": "as-horse-choice",
          "data-horse": id,
          "aria-pressed": String(id === shown),
          onclick: () => {
            ctx.state.selectedHorse = id;
            shell.redraw();
          },
        };
        nodes.push(h("button", attrs, ctx.chip(id), " ", ctx.horseName(id)));
      }
    }
    for (const m of byHorse.get(shown) || []) {
      if (m.args.lane === 0 && m.args.square === 0)
        nodes.push(ctx.choice(ctx.tx("stay", { horse: ctx.horseName(shown) }), m.notation));
    }
    return nodes;
  }

  function auction() {
    const a = ctx.obs().auction;
    if (!a) return null;
    return auctionPanel(a, {
      lot: lotName(a.lot),
      seatName: ctx.seatName,
      moves: ctx.moves(),
      act: shell.act,
      viewer: ctx.viewer(),
      lang: ctx.lang,
      currency: "franc",
      title: "",
      testid: "as-lot",
      bidTestid: "as-bid",
      memory: ctx.state.bidMemory,
    });
  }

  function draw() {
    const o = ctx.obs();
    if (!o) return;
    const mine = shell.interactive && (shell.msg.can_roll || ctx.moves().length > 0);
    const die = o.race?.die && ctx.isRacePhase(o.phase) && o.phase !== "over" ? o.race.die : null;
    const dieFace = die
      ? drawDie({ value: die, label: ctx.tx("die_shows", { face: die }) }, { size: 34, testid: "as-die" })
      : null;
    const title = [ctx.t(`ascot.phase.${o.phase}`), die ? ctx.tx("die_shows", { face: die }) : null]
      .filter(Boolean)
      .join(" · ");
    fill(
      root,
      h(
        "div",
        { class: "as-prompt-head" },
        dieFace,
        h("strong", { class: "as-phase", "data-testid": "as-phase" }, title),
        h("span", { class: "as-bank" }, ctx.tx("bank", { money: ctx.francs(o.bank) })),
      ),
      h("p", { class: `as-ask${mine ? " mine" : ""}`, "data-testid": "as-ask" }, mine ? ask() : waiting()),
      auction(),
      mine ? h("div", { class: "as-controls" }, controls()) : null,
    );
  }

  return { root, draw };
}
