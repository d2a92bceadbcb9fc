// The seat's controls, right under the course: who acts, the card in play with its two coups, the
// auction or trade under way, the choices of the seat for its phase (each a legal action carrying
// `data-action`, amounts through the kit's one amount picker), the landing choices of a hurdle on a
// phone, and a hint. The offers of cards and points are offers.js's.

import { fill, h, legalMoves, moveLabel } from "/static/js/dom.js";
import { auctionControls, auctionStatus } from "/static/js/kit/auction.js";
import { formatNumber } from "/static/js/kit/money.js";
import { cardInPlay } from "./moves.js";
import { offerControls } from "./offers.js";
import { betChoices, slipsLine } from "./pirate.js";

/** The controls of one board: `root` to mount, `draw()`. */
export function createControls(g) {
  const { shell, NS, GAME, ui, cards } = g;
  const t = (key, params) => shell.t(key, params);
  const num = (n) => formatNumber(n, shell.lang);
  const turnBox = h("div", { class: "rsc-turn" });
  const playBox = h("div", { class: "rsc-play", "data-testid": "rsc-card-in-play" });
  const actionsBox = h("div", { class: "rsc-actions" });
  const hintBox = h("p", { class: "rsc-hint", "data-testid": "rsc-hint", "aria-live": "polite" });
  const root = h(
    "div",
    { class: "rsc-controls", "data-testid": "rsc-controls" },
    turnBox,
    playBox,
    actionsBox,
    hintBox,
  );

  const picker = g.picker;

  function whoText(o) {
    const acting = (o.active || []).map(g.seatName).join(", ");
    if (o.phase === "over") return t(`${NS}.over`);
    if (o.phase === "deal") return t(`${NS}.dealing`, { name: g.seatName(o.dealer) });
    if (o.phase === "auction" && o.auction) return t(`${NS}.auction_who`, { name: acting });
    return t(`${NS}.to_act`, { name: acting, phase: t(`${GAME}.phase.${o.phase}`) });
  }

  /** The card in play: its two coups, the one to play first chosen by a tap (sends nothing). */
  function drawPlay(o) {
    playBox.hidden = o.phase !== "halves" || !o.card;
    if (playBox.hidden) return fill(playBox);
    const card = cardInPlay(shell, GAME);
    const left = [...(o.card.halves || [])];
    const mine = g.choices().length > 0;
    const chosen = g.currentHalf();
    const remaining = [...left];
    const coups = (card ? cards.halvesOf(card) : left.map(cards.halfOf)).map((half) => {
      const k = remaining.indexOf(half.text);
      const played = k < 0;
      if (!played) remaining.splice(k, 1);
      const chip = cards.coup(half, { played });
      if (!mine || played) return h("span", { class: `rsc-coup${played ? " played" : ""}` }, chip);
      const attrs = { type: "button", class: `rsc-coup kit-target${chosen === half.text ? " selected" : ""}` };
      const choose = () => {
        ui.selectedHalf = half.text;
        g.redraw();
      };
      return h(
        "button",
        {
          ...attrs,
          "data-testid": "coup",
          "data-half": half.text,
          "aria-pressed": String(chosen === half.text),
          title: t(`${NS}.choose_coup`, { coup: cards.halfTitle(half) }),
          onclick: choose,
        },
        chip,
      );
    });
    fill(
      playBox,
      h("span", { class: "rsc-play-title" }, t(`${NS}.card_in_play`, { name: g.seatName(o.card.player) })),
      coups,
    );
  }

  /** The auction under way: the lot, then where the bidding stands as the kit's auction panel says
   * it (`kit/auction.js`), from the observation's auction in the engine's open-auction terms. */
  function auctionLine(o) {
    const a = o.auction;
    const seat = (p) => Number.isInteger(p) && p >= 0;
    const view = {
      stage: "open",
      high: a.high,
      leader: seat(a.leader) ? a.leader : null,
      floor: a.high,
      to_act: seat(a.bidder) ? [a.bidder] : [],
      active: (shell.msg?.seats || []).map((_, p) => (a.in || []).includes(p)),
    };
    const words = Object.fromEntries(
      ["high", "noBid", "turn", "yourTurn", "stillIn"].map((k) => [k, t(`${NS}.auction_words.${k}`)]),
    );
    return h(
      "div",
      { class: "rsc-auction", "data-testid": "rsc-auction" },
      h("strong", {}, t(a.card ? `${NS}.auction_card` : `${NS}.auction_horse`)),
      a.card ? cards.small(a.card) : cards.horseChip(a.horse),
      auctionStatus(view, { seatName: g.seatName, viewer: g.mySeat(), lang: shell.lang, words }),
    );
  }

  function tradeLine(o) {
    const tr = o.trade;
    if (!tr.offered) {
      // A named card asked for: who asked, who answers now.
      return h(
        "div",
        { class: "rsc-trade", "data-testid": "rsc-trade" },
        t(`${NS}.asks_for`, { asker: g.seatName(tr.proposer) }),
        cards.small(tr.asked),
        h("span", { class: "muted" }, t(`${NS}.to_answer`, { name: g.seatName(tr.target) })),
      );
    }
    const points = (n) => (n ? t(`${NS}.plus_points`, { points: num(n) }) : null);
    return h(
      "div",
      { class: "rsc-trade", "data-testid": "rsc-trade" },
      t(`${NS}.offer`, { proposer: g.seatName(tr.proposer), target: g.seatName(tr.target) }),
      cards.small(tr.offered),
      points(tr.given),
      tr.counter
        ? [t(`${NS}.counter_with`), cards.small(tr.counter), points(tr.points)]
        : h("span", { class: "muted" }, t(`${NS}.awaiting_counter`)),
    );
  }

  /** The horses asked for: free ones at once, a held one with a bid. */
  function horseChoices(choices) {
    const out = [];
    for (let lane = 0; lane < g.colours.length; lane++) {
      const free = choices.find((x) => x.type === "horse" && x.horse === lane && !x.bid);
      if (free)
        out.push(g.button([cards.horseChip(lane), " ", t(`${NS}.ask_horse`)], free.action, { testid: "ask-horse" }));
      const bids = choices.filter((x) => x.type === "horse" && x.horse === lane && x.bid);
      if (bids.length) {
        const label = (n) => t(`${NS}.bid_n`, { amount: num(n) });
        out.push(
          h(
            "div",
            { class: "rsc-contest" },
            cards.horseChip(lane),
            t(`${NS}.contest_horse`, { owner: g.ownerText(lane) }),
            picker(bids, (x) => x.bid, { label, testid: "contest-horse", key: `contest-${lane}` }),
          ),
        );
      }
    }
    return out;
  }

  /** The coup chosen: its options as buttons (the hurdles are the course's or the landing list's). */
  function coupChoices(choices) {
    const half = g.currentHalf();
    const out = [];
    for (const choice of choices) {
      if (choice.type === "void" && choice.half === half) {
        const coup = cards.halfTitle(cards.halfOf(half));
        out.push(
          g.button(t(`${NS}.opt_void`, { coup }), choice.action, { cls: "rsc-option void", testid: "coup-option" }),
        );
      }
      if (choice.type === "half" && choice.half === half && choice.use !== "H") {
        out.push(g.button(optionText(choice), choice.action, { cls: "rsc-option", testid: "coup-option" }));
      }
    }
    return out;
  }

  function optionText(choice) {
    const royal = cards.halfOf(choice.half).kind === "R";
    const [a, b] = choice.horses.map(g.horseName);
    let text;
    if (choice.use === "0") text = b ? t(`${NS}.opt_fall_two`, { a, b }) : t(`${NS}.opt_fall_one`, { horse: a });
    else text = t(`${NS}.opt_advance`, { kind: cards.kindWord(choice.use), horse: a });
    return royal ? t(`${NS}.opt_royal`, { option: text }) : text;
  }

  /** On a phone, the gaps a hurdle may go in as a list of buttons under the course (a gap on the
   * drawing is smaller than a finger), one lane at a time: the lanes to choose from first when the
   * gaps lie on several. */
  function gapList() {
    if (shell.layout !== "phone") return null;
    const all = g.gapChoices();
    if (!all.length) return null;
    const chosen = g.gapLane();
    const lanes = [...new Set(all.map((x) => x.lane))];
    const laneButton = (lane) =>
      h(
        "button",
        {
          type: "button",
          class: "rsc-gap-lane-choice kit-target",
          "data-testid": "gap-lane",
          "aria-pressed": String(lane === chosen),
          onclick: () => {
            ui.gapLane = lane;
            g.redraw();
          },
        },
        cards.horseChip(lane),
      );
    const gapButton = (choice) => {
      const { square, next } = g.between(choice.square);
      const attrs = { cls: `rsc-gap-choice${choice.remove ? " remove" : ""}`, testid: "gap-choice" };
      const button = g.button(`${square}–${next}`, choice.action, attrs);
      button.setAttribute("aria-label", g.gapLabel(choice));
      button.title = g.gapLabel(choice);
      return button;
    };
    return h(
      "div",
      { class: "rsc-gap-list", "data-testid": "rsc-gap-list" },
      lanes.length > 1
        ? h(
            "div",
            { class: "rsc-gap-lanes", role: "group", "aria-label": t(`${NS}.choose_lane`) },
            lanes.map(laneButton),
          )
        : null,
      h(
        "div",
        { class: "rsc-gap-lane" },
        lanes.length > 1 ? null : cards.horseChip(chosen),
        all.filter((x) => x.lane === chosen).map(gapButton),
      ),
    );
  }

  function ownHurdleToggle(o) {
    const left = o.hurdles_in_hand?.[g.mySeat()] ?? 0;
    return h(
      "button",
      {
        type: "button",
        class: `rsc-own-hurdle kit-target${ui.ownHurdle ? " selected" : ""}`,
        "aria-pressed": String(ui.ownHurdle),
        "data-testid": "own-hurdle",
        onclick: () => {
          ui.ownHurdle = !ui.ownHurdle;
          g.redraw();
        },
      },
      t(`${NS}.own_hurdle`, { count: left }),
    );
  }

  function phaseChoices(o, choices) {
    const out = [];
    const phase = o.phase;
    if (phase === "horses") out.push(...horseChoices(choices));
    if (phase === "auction") {
      const moves = legalMoves(shell.msg).filter((m) => m.kind === "bid" || m.kind === "pass");
      const memory = g.memory("auction");
      out.push(auctionControls(moves, { act: g.act, lang: shell.lang, testid: "bid", quick: 4, memory }));
    }
    out.push(...offerControls(g, o, choices));
    if (phase === "halves") out.push(...coupChoices(choices));
    if (phase === "race" && choices.some((x) => x.type === "own_hurdle")) out.push(ownHurdleToggle(o));
    if (phase === "bets") out.push(...betChoices(g, choices));
    if (phase === "incident") {
      for (const choice of choices.filter((x) => x.type === "incident" && x.square === null)) {
        out.push(
          g.button([cards.horseChip(choice.horse)], choice.action, { cls: "rsc-option", testid: "incident-option" }),
        );
      }
    }
    const contre = choices.find((x) => x.type === "contrer");
    if (contre) out.push(g.button(t(`${NS}.contrer`), contre.action, { cls: "rsc-contre", testid: "contrer" }));
    // The pass of the bidding is the bidding box's; the auction's is its panel's.
    const boxed = (Boolean(o.contract) && ["calls", "bidding"].includes(phase)) || phase === "auction";
    for (const type of ["accepte", "refuse", "passe"]) {
      const choice = !(boxed && type === "passe") && choices.find((x) => x.type === type);
      if (choice)
        out.push(
          g.button(t(`${NS}.${type}`), choice.action, { cls: type === "accepte" ? "primary" : "", testid: type }),
        );
    }
    return out;
  }

  /** Whatever this board does not draw stays playable: its label, its cards as chips. */
  function otherChoices() {
    const drawn = new Set(g.choices().map((x) => x.action));
    return legalMoves(shell.msg)
      .filter((m) => !drawn.has(m.notation))
      .map((m) =>
        g.button(cards.text(moveLabel(m, shell.lang), m.args), m.notation, {
          cls: "rsc-other",
          testid: "other-action",
        }),
      );
  }

  function hint(o) {
    if (o.phase === "over" || !g.choices().length) return "";
    const simple = {
      horses: "hint_horses",
      auction: "hint_auction",
      exchange: "hint_exchange",
      throw: "hint_throw",
      trade_counter: "hint_counter",
      trade_ask: "hint_trade_ask",
      trade_decide: "hint_decide",
      bets: "hint_bets",
      solo_hurdles: "hint_solo",
      own_hurdles: "hint_own_hurdles",
      calls: "hint_calls",
      bidding: "hint_bidding",
      discard: "hint_discard",
    };
    const gaps = g.gapChoices().length ? ` ${t(`${NS}.hint_gap`)}` : "";
    switch (o.phase) {
      case "trade":
        return t(ui.tradeCard ? `${NS}.hint_trade_seat` : `${NS}.hint_trade`);
      case "race":
        return t(ui.ownHurdle ? `${NS}.hint_own_hurdle` : `${NS}.hint_race`);
      case "halves": {
        const half = g.currentHalf();
        const others = (o.card?.halves || []).length > 1 ? ` ${t(`${NS}.hint_order`)}` : "";
        return t(`${NS}.hint_coup`, { coup: half ? cards.halfTitle(cards.halfOf(half)) : "" }) + gaps + others;
      }
      case "incident": {
        const kind = o.incidents?.current;
        return (kind ? t(`${GAME}.incident.${kind}`) : "") + gaps;
      }
      default:
        return simple[o.phase] ? t(`${NS}.${simple[o.phase]}`) : "";
    }
  }

  return {
    root,
    draw() {
      const o = shell.obs;
      const choices = g.choices();
      fill(turnBox, h("strong", { class: "rsc-who", "data-testid": "rsc-who" }, whoText(o)));
      drawPlay(o);
      const lines = [];
      if (o.phase === "auction" && o.auction) lines.push(auctionLine(o));
      if (o.trade) lines.push(tradeLine(o));
      if (o.pool) lines.push(slipsLine(g, o));
      if (o.phase === "throw" && o.taken)
        lines.push(h("div", { class: "rsc-taken" }, t(`${NS}.taken`), cards.small(o.taken)));
      const buttons = choices.length ? [...phaseChoices(o, choices), ...otherChoices()].filter(Boolean) : [];
      fill(actionsBox, lines, buttons.length ? h("div", { class: "rsc-buttons" }, buttons) : null, gapList());
      hintBox.textContent = hint(o);
    },
  };
}
