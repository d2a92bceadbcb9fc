// The offers of cards and points, under the course with the other controls: a spread card asked for
// with an opening bid, a card of the hand offered to a player (with points), a card asked of the
// others by name, the card asked for offered, a counter-offer. A card is chosen first by a tap on it
// (hand.js: it sends nothing); the amounts are then the kit's amount picker, each a legal action.

import { h } from "/static/js/dom.js";
import { actionList } from "/static/js/kit/action.js";
import { formatNumber } from "/static/js/kit/money.js";

/**
 * The controls of the offers for the phase under way (none outside the exchange and the trades).
 * Test ids: `spread-bid` (a spread card's request with its bid), `offer-to` (an offer to a player),
 * `ask-card` and `ask-card-select`, `offer-asked`, `counter` (the answer with its points).
 * @param {object} g   the board's context (board.js)
 * @param {object} o   the observation
 * @param {Array<object>} choices   the seat's legal actions, read (moves.js)
 * @returns {Array<HTMLElement>}
 */
export function offerControls(g, o, choices) {
  const { shell, NS, ui, cards } = g;
  const t = (key, params) => shell.t(key, params);
  const num = (n) => formatNumber(n, shell.lang);
  const option = (n) => (n ? t(`${NS}.points_n`, { points: num(n) }) : t(`${NS}.no_points`));
  const pick = (list, amountOf, how) => g.picker(list, amountOf, { ...how, option, quick: 3 });
  const out = [];

  if (o.phase === "exchange" && ui.spreadCard) {
    const requests = choices.filter((x) => x.type === "spread" && x.card === ui.spreadCard);
    const label = (n) => (n ? t(`${NS}.bid_n`, { amount: num(n) }) : t(`${NS}.ask_free`));
    out.push(
      h(
        "div",
        { class: "rsc-offer-row" },
        t(`${NS}.ask_spread_card`),
        cards.small(ui.spreadCard),
        pick(requests, (x) => x.bid, { label, testid: "spread-bid", key: "spread", other: t(`${NS}.ask`) }),
      ),
    );
  }

  if (o.phase === "trade" && ui.tradeCard) {
    const offers = choices.filter((x) => x.type === "propose" && x.card === ui.tradeCard);
    const seats = [...new Set(offers.map((x) => x.seat))];
    out.push(h("div", { class: "rsc-offer-row" }, t(`${NS}.offer_card_to`), cards.small(ui.tradeCard)));
    for (const seat of seats) {
      const name = g.seatName(seat);
      const label = (n) => (n ? t(`${NS}.offer_to_points`, { name, points: num(n) }) : t(`${NS}.offer_to`, { name }));
      const mine = offers.filter((x) => x.seat === seat);
      out.push(
        pick(mine, (x) => x.points, {
          label,
          testid: "offer-to",
          key: `offer-${seat}`,
          other: t(`${NS}.offer_to`, { name }),
        }),
      );
    }
  }

  if (o.phase === "trade") {
    // Asking the others for a named card: one list of the cards that may be asked for.
    const asks = choices.filter((x) => x.type === "ask");
    if (asks.length) {
      const list = actionList(
        asks.map((x) => ({ notation: x.action, card: x.card })),
        {
          option: (m) => cards.cardLabel(m.card),
          button: t(`${NS}.ask`),
          label: t(`${NS}.ask_card`),
          act: g.act,
          testid: "ask-card",
          cls: "rsc-choice",
        },
      );
      out.push(h("div", { class: "rsc-offer-row" }, t(`${NS}.ask_card`), list));
    }
  }

  if (o.phase === "trade_ask") {
    // The card asked for, offered to the player who asked (with points if one likes), or silence.
    for (const offer of choices.filter((x) => x.type === "propose")) {
      const label = offer.points ? t(`${NS}.offer_it_points`, { points: num(offer.points) }) : t(`${NS}.offer_it`);
      out.push(
        g.button([label, " ", cards.small(offer.card)], offer.action, { cls: "rsc-offer", testid: "offer-asked" }),
      );
    }
  }

  if (o.phase === "trade_counter" && ui.counterCard) {
    const counters = choices.filter((x) => x.type === "counter" && x.card === ui.counterCard);
    const label = (n) => (n ? t(`${NS}.give_it_points`, { points: num(n) }) : t(`${NS}.give_it`));
    out.push(
      h(
        "div",
        { class: "rsc-offer-row" },
        t(`${NS}.counter_with_card`),
        cards.small(ui.counterCard),
        pick(counters, (x) => x.points, { label, testid: "counter", key: "counter", other: t(`${NS}.give_it`) }),
      ),
    );
  }
  return out;
}
