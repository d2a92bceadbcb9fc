// Ascot's trading, as one offer written the way players make it across the table: to whom, what you
// give, what you ask for, and the price when money changes hands. Hundreds of legal offers (to sell or
// to buy a card or a report, at each price) and dozens of exchanges of horses become four small lists,
// each offering only what the choices before it leave legal, a sentence saying the offer in full, and
// one button that sends the one legal action they make. Nothing here is a rule: every action sent is
// one the server typed; the form only reads their `args`.
//
// The rescue (D43: a report offered to save a horse in danger) is asked as a question with its cost:
// the holder names his price or keeps his report, the owner pays it or not.

import { h } from "/static/js/dom.js";
import { amountPicker } from "/static/js/kit/picker.js";

/** The side of a trade that is money: the price (never an item's id, which are `h4`, `bookmaker`,
 * `walroy:6`). */
export const MONEY = "money";

/**
 * Each legal trade as what the seat gives and what it asks for: `offer TO sell ITEM PRICE` gives the
 * item for money, `offer TO buy ITEM PRICE` gives money for his item, `swap TO GIVE TAKE` gives a
 * horse for one of his (no money).
 * @param {Array<object>} moves   the seat's legal moves
 * @returns {Array<{to: number, give: string, ask: string, price: number|null, move: object}>}
 */
export function tradesOf(moves) {
  const found = [];
  for (const m of moves) {
    const a = m.args || {};
    if (m.kind === "offer" && a.deal === "sell")
      found.push({ to: a.to, give: a.item, ask: MONEY, price: a.price, move: m });
    else if (m.kind === "offer" && a.deal === "buy")
      found.push({ to: a.to, give: MONEY, ask: a.item, price: a.price, move: m });
    else if (m.kind === "swap") found.push({ to: a.to, give: a.give, ask: a.take, price: null, move: m });
  }
  return found;
}

/** The distinct values of `key` among `trades`, in the order met (money last: an item is the usual
 * thing to give or to ask for). */
function values(trades, key) {
  const seen = [...new Set(trades.map((x) => x[key]))];
  return [...seen.filter((v) => v !== MONEY), ...seen.filter((v) => v === MONEY)];
}

/** `current` if it is still among `list`, else the first. */
function kept(list, current) {
  return list.includes(current) ? current : list[0];
}

/** A list of the legal values of one choice; changing it redraws the board (the lists after it follow). */
function select(ctx, { key, list, text, testid, label }) {
  const memory = ctx.state.trade;
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

/** An item in a sentence, with its article where the language wants one (« le cheval n° 4 (bleu) »). */
function itemWords(ctx, item) {
  const key = `ascot.item.${item}`;
  const said = ctx.t(key);
  return said === key ? ctx.itemName(item) : said;
}

/** The offer in full, in a sentence: what goes each way. */
function summary(ctx, chosen) {
  const params = { name: ctx.seatName(chosen.to), money: ctx.francs(chosen.price ?? 0) };
  if (chosen.ask === MONEY) return ctx.tx("trade.says_sell", { ...params, item: itemWords(ctx, chosen.give) });
  if (chosen.give === MONEY) return ctx.tx("trade.says_buy", { ...params, item: itemWords(ctx, chosen.ask) });
  return ctx.tx("trade.says_swap", { ...params, give: itemWords(ctx, chosen.give), take: itemWords(ctx, chosen.ask) });
}

/**
 * The offer form for the legal `offer` and `swap` moves among `moves` (null when there is none).
 * Test ids: `as-trade` (the form), `as-offer-to`, `as-offer-give`, `as-offer-ask`, `as-offer-price`
 * (the lists; the price only when money changes hands), `as-offer-says` (the sentence) and `as-offer`
 * (the button, its `data-action` the notation of the one legal action the lists make).
 * @param {object} ctx   the board's context (`words.js`)
 * @param {Array<object>} moves
 * @returns {HTMLElement|null}
 */
export function tradeForm(ctx, moves) {
  const trades = tradesOf(moves);
  if (!trades.length) return null;
  const memory = ctx.state.trade;
  memory.to = kept(values(trades, "to"), memory.to);
  const forTo = trades.filter((x) => x.to === memory.to);
  memory.give = kept(values(forTo, "give"), memory.give);
  const forGive = forTo.filter((x) => x.give === memory.give);
  memory.ask = kept(values(forGive, "ask"), memory.ask);
  const forAsk = forGive.filter((x) => x.ask === memory.ask);
  const prices = values(forAsk, "price").filter((p) => p !== null);
  memory.price = prices.length ? kept(prices, memory.price) : null;
  const chosen = forAsk.find((x) => x.price === memory.price) || forAsk[0];
  const mine = (item) => (item === MONEY ? ctx.tx("trade.money") : ctx.itemName(item));
  const theirs = (item) =>
    item === MONEY
      ? ctx.tx("trade.money")
      : ctx.tx("their_item", { item: ctx.itemName(item), name: ctx.seatName(memory.to) });
  return h(
    "fieldset",
    { class: "as-trade as-offer-form", "data-testid": "as-trade" },
    h("legend", {}, ctx.tx("trade.legend")),
    h(
      "div",
      { class: "as-fields" },
      select(ctx, {
        key: "to",
        list: values(trades, "to"),
        text: ctx.seatName,
        testid: "as-offer-to",
        label: ctx.tx("trade.to"),
      }),
      select(ctx, {
        key: "give",
        list: values(forTo, "give"),
        text: mine,
        testid: "as-offer-give",
        label: ctx.tx("trade.give"),
      }),
      select(ctx, {
        key: "ask",
        list: values(forGive, "ask"),
        text: theirs,
        testid: "as-offer-ask",
        label: ctx.tx("trade.ask"),
      }),
      prices.length
        ? select(ctx, {
            key: "price",
            list: prices,
            text: ctx.francs,
            testid: "as-offer-price",
            label: ctx.tx("trade.price"),
          })
        : null,
    ),
    h("p", { class: "as-offer-says", "data-testid": "as-offer-says" }, summary(ctx, chosen)),
    ctx.choice(ctx.tx("trade.send"), chosen.move.notation, { testid: "as-offer", cls: "primary" }),
  );
}

/** Why a horse in danger needs a report (D43), in a sentence: where it stopped and what comes to it
 * without one; `whose` words the horse (« Your horse no. 3 », "Bruno's horse no. 3"). */
function dangerWords(ctx, danger, whose) {
  const effect = ctx.bd.inscriptions?.[danger.inscription]?.effect;
  const fate = effect === "fall" ? "falls" : "out";
  return ctx.tx(`rescue.why_${whose.kind}.${fate}`, {
    horse: ctx.cardName(danger.horse),
    name: whose.name,
    square: ctx.t(`ascot.inscription.${danger.inscription}`),
  });
}

/**
 * The holder of a report that saves a horse in danger (phase `rescue`): why the owner needs it, the
 * question, a price for each legal offer of it (the kit's amount picker) and "No" (`done`).
 * Test ids: `as-rescue` (the box), `as-rescue-why`, `as-rescue-offer` (the prices), `as-rescue-no`.
 * @param {object} ctx
 * @param {Array<object>} moves   the seat's legal moves
 * @returns {HTMLElement|null}
 */
export function rescueOffer(ctx, moves) {
  const o = ctx.obs();
  if (!o.danger) return null;
  const owner = ctx.ownerOf(o.danger.horse);
  const offers = moves.filter((m) => m.kind === "offer" && m.args.deal === "sell");
  const done = moves.find((m) => m.kind === "done");
  const items = [...new Set(offers.map((m) => m.args.item))];
  const name = owner === null ? "" : ctx.seatName(owner);
  return h(
    "div",
    { class: "as-rescue", "data-testid": "as-rescue" },
    h(
      "p",
      { class: "as-rescue-why", "data-testid": "as-rescue-why" },
      dangerWords(ctx, o.danger, { kind: "theirs", name }),
    ),
    items.map((item) => [
      h("p", { class: "as-rescue-question" }, ctx.tx("rescue.sell_question", { name, item: itemWords(ctx, item) })),
      amountPicker(
        offers.filter((m) => m.args.item === item).map((m) => ({ notation: m.notation, amount: m.args.price })),
        {
          label: (amount) => ctx.tx("rescue.sell_for", { money: ctx.francs(amount) }),
          option: ctx.francs,
          other: ctx.tx("rescue.sell_other"),
          otherLabel: ctx.tx("other_amount"),
          act: ctx.shell.act,
          testid: "as-rescue-offer",
          quick: 3,
          memory: ctx.state.bidMemory,
        },
      ),
    ]),
    done ? ctx.choice(ctx.tx("rescue.keep"), done.notation, { testid: "as-rescue-no" }) : null,
  );
}

/**
 * The owner of a horse in danger offered a report that saves it (phase `answer` with `danger`): "Pay
 * Frs 20,000 to save no. 3?" with why, and Yes (`accept`, when he can pay) and No (`refuse`).
 * The price and the seller are the offer's, as its event told them (`ascot.trade_offered`).
 * Test ids: `as-rescue` (the box), `as-rescue-why`, `as-rescue-question`, `as-rescue-yes`, `as-rescue-no`.
 * @param {object} ctx
 * @param {Array<object>} moves
 * @returns {HTMLElement|null}
 */
export function rescueAnswer(ctx, moves) {
  const o = ctx.obs();
  const offered = ctx.lastEvent("ascot.trade_offered")?.params;
  if (!o.danger || !offered) return null;
  const accept = moves.find((m) => m.kind === "answer" && m.args.accepted === true);
  const refuse = moves.find((m) => m.kind === "answer" && m.args.accepted === false);
  const money = ctx.francs(offered.price);
  const params = { money, horse: ctx.horseName(o.danger.horse), name: ctx.seatName(offered.player) };
  return h(
    "div",
    { class: "as-rescue", "data-testid": "as-rescue" },
    h("p", { class: "as-rescue-why", "data-testid": "as-rescue-why" }, [
      dangerWords(ctx, o.danger, { kind: "mine", name: "" }),
      " ",
      ctx.tx("rescue.offered", { ...params, item: itemWords(ctx, offered.item) }),
    ]),
    h(
      "p",
      { class: "as-rescue-question", "data-testid": "as-rescue-question" },
      accept ? ctx.tx("rescue.pay_question", params) : ctx.tx("rescue.cannot_pay", params),
    ),
    h(
      "div",
      { class: "as-answers" },
      accept
        ? ctx.choice(ctx.tx("rescue.yes", params), accept.notation, { testid: "as-rescue-yes", cls: "primary" })
        : null,
      refuse ? ctx.choice(ctx.tx("rescue.no"), refuse.notation, { testid: "as-rescue-no" }) : null,
    ),
  );
}
