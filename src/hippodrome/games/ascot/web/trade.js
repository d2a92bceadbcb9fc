// Ascot's trading before the race, grouped for a phone: hundreds of legal offers (to whom, to sell or
// to buy, what, for how much) and dozens of exchanges of horses become two small forms of lists, each
// list offering only what the choices before it leave legal, and one button that sends the one legal
// action they make. Nothing here is a rule: every action sent is one the server typed.

import { h } from "/static/js/dom.js";

const values = (list, key) => [...new Set(list.map((m) => m.args[key]))];
const pick = (list, key, current) => {
  const found = values(list, key);
  return found.includes(current) ? current : found[0];
};

/**
 * The trade forms for the legal `offer` and `swap` moves among `moves` (null when there is none).
 * @param {object} ctx   the board's context (`words.js`)
 * @param {Array<object>} moves
 * @returns {HTMLElement|null}
 */
export function tradeForms(ctx, moves) {
  const offers = moves.filter((m) => m.kind === "offer");
  const swaps = moves.filter((m) => m.kind === "swap");
  if (!offers.length && !swaps.length) return null;
  return h(
    "div",
    { class: "as-trade", "data-testid": "as-trade" },
    offers.length ? offerForm(ctx, offers) : null,
    swaps.length ? swapForm(ctx, swaps) : null,
  );
}

/** A card or a report by its name (a horse's names its number and colour). */
const itemWords = (ctx, item) => ctx.itemName(item);

/** A list of the legal values of one choice; changing it redraws the board. */
function select(ctx, { key, values: list, text, testid, memory, label }) {
  return h(
    "label",
    { class: "as-field" },
    h("span", { class: "as-field-label" }, label),
    h(
      "select",
      {
        class: "as-select kit-target",
        "data-testid": testid,
        onchange: (event) => {
          const raw = event.target.value;
          memory[key] = typeof list[0] === "number" ? Number(raw) : raw;
          ctx.shell.redraw();
        },
      },
      list.map((v) => h("option", { value: String(v), selected: v === memory[key] }, text(v))),
    ),
  );
}

/** To sell or to buy a card or a report: to whom, which way, what, the price. */
function offerForm(ctx, offers) {
  const trade = ctx.state.trade;
  trade.to = pick(offers, "to", trade.to);
  const forTo = offers.filter((m) => m.args.to === trade.to);
  trade.deal = pick(forTo, "deal", trade.deal);
  const forDeal = forTo.filter((m) => m.args.deal === trade.deal);
  trade.item = pick(forDeal, "item", trade.item);
  const forItem = forDeal.filter((m) => m.args.item === trade.item);
  trade.price = pick(forItem, "price", trade.price);
  const chosen = forItem.find((m) => m.args.price === trade.price);
  return h(
    "fieldset",
    { class: "as-offer-form", "data-testid": "as-offer-form" },
    h("legend", {}, ctx.tx("offer_legend")),
    select(ctx, {
      key: "to",
      values: values(offers, "to"),
      text: ctx.seatName,
      testid: "as-offer-to",
      memory: trade,
      label: ctx.tx("offer_to"),
    }),
    select(ctx, {
      key: "deal",
      values: values(forTo, "deal"),
      text: (d) => ctx.tx(`offer_deal.${d}`),
      testid: "as-offer-deal",
      memory: trade,
      label: ctx.tx("offer_deal"),
    }),
    select(ctx, {
      key: "item",
      values: values(forDeal, "item"),
      text: (item) => itemWords(ctx, item),
      testid: "as-offer-item",
      memory: trade,
      label: ctx.tx("offer_item"),
    }),
    select(ctx, {
      key: "price",
      values: values(forItem, "price"),
      text: ctx.francs,
      testid: "as-offer-price",
      memory: trade,
      label: ctx.tx("offer_price"),
    }),
    ctx.choice(ctx.tx("offer_send"), chosen?.notation, { testid: "as-offer" }),
  );
}

/** An exchange of horses: which of the seat's horses, for which of another's (named with its owner). */
function swapForm(ctx, swaps) {
  const swap = ctx.state.swap;
  swap.give = pick(swaps, "give", swap.give);
  const forGive = swaps.filter((m) => m.args.give === swap.give);
  const takes = forGive.map((m) => `${m.args.to}:${m.args.take}`);
  swap.take = takes.includes(swap.take) ? swap.take : takes[0];
  const chosen = forGive.find((m) => `${m.args.to}:${m.args.take}` === swap.take);
  const takeWords = (key) => {
    const [to, item] = key.split(":");
    return ctx.tx("their_horse", { horse: itemWords(ctx, item), name: ctx.seatName(Number(to)) });
  };
  return h(
    "fieldset",
    { class: "as-swap-form", "data-testid": "as-swap-form" },
    h("legend", {}, ctx.tx("swap_legend")),
    select(ctx, {
      key: "give",
      values: values(swaps, "give"),
      text: (item) => itemWords(ctx, item),
      testid: "as-swap-give",
      memory: swap,
      label: ctx.tx("swap_give"),
    }),
    select(ctx, {
      key: "take",
      values: takes,
      text: takeWords,
      testid: "as-swap-take",
      memory: swap,
      label: ctx.tx("swap_take"),
    }),
    ctx.choice(ctx.tx("swap_send"), chosen?.notation, { testid: "as-swap" }),
  );
}
