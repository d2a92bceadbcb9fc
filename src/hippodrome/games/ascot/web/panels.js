// Ascot's panels under the boards: the seat's own cards and reports (its cards to give or to run are
// buttons), the dead pile and the auctioneer, the totalisator's board, and each player's roles (the
// Banker, the Bookmaker... as the observation declares them; one's own said in full), money and cards
// (of the others' hands only how many, in words).

import { fill, h, seatColour } from "/static/js/dom.js";
import { has, tn } from "/static/js/i18n.js";
import { hiddenCard } from "/static/js/kit/cards.js";
import { roleTags } from "/static/js/seats.js";

/**
 * The panels' part of the board.
 * @param {object} ctx   the board's context (`words.js`)
 */
export function createPanels(ctx) {
  const hand = h("section", { class: "as-hand as-panel", "data-testid": "as-hand" });
  const market = h("section", { class: "as-market as-panel", "data-testid": "as-market" });
  const tote = h("section", { class: "as-tote as-panel", "data-testid": "as-tote" });
  const seats = h("section", { class: "as-seats as-panel", "data-testid": "as-seats" });
  const root = h("div", { class: "as-panels" }, hand, market, tote, seats);

  /** A card as a small card: a horse's number, colour and stable, or a business's name; its price. */
  function cardNode(id, { action = null, testid = "as-card" } = {}) {
    const info = ctx.cards.get(id);
    const horse = ctx.horses.get(id);
    const o = ctx.obs();
    const classes = ["as-card", horse ? `horse ${horse.colour}` : "business"];
    if (action) classes.push("playable", "kit-target");
    // The small cards lie on the horse's card during the training only; in the race they are the
    // owner's, for any of his horses (shown apart).
    const training = ctx.stageOf(o?.phase) !== "race";
    const small =
      horse && training ? ctx.smallCards(o?.advantages?.[id] || 0, o?.disadvantages?.[id] || 0, horse.colour) : [];
    const name = horse
      ? `${ctx.colourName(horse.colour)} · ${ctx.cardName(`ecurie_${horse.stable}`)}`
      : ctx.cardName(id);
    const body = [
      horse ? h("span", { class: "as-card-num" }, id.slice(1)) : null,
      h("span", { class: "as-card-name" }, name),
      h("span", { class: "as-card-price" }, id === "commissaire_priseur" ? ctx.tx("free") : ctx.francs(info.price)),
      small.length ? h("span", { class: "as-card-small" }, small) : null,
    ];
    const attrs = { class: classes.join(" "), "data-card": id, "data-testid": testid, title: ctx.cardName(id) };
    if (!action) return h("div", attrs, body);
    const click = () => ctx.shell.act(action.notation);
    return h(
      "button",
      { ...attrs, type: "button", "data-action": action.notation, "aria-label": ctx.label(action), onclick: click },
      body,
    );
  }

  function drawHand() {
    const o = ctx.obs();
    const me = ctx.viewer();
    if (me === null) {
      fill(hand, h("h3", {}, ctx.tx("hand_title")), h("p", { class: "muted" }, ctx.tx("spectator")));
      return;
    }
    const byCard = new Map();
    for (const m of ctx.moves()) {
      if ((m.kind === "exchange" || m.kind === "discard") && m.args.card) byCard.set(m.args.card, m);
      if (m.kind === "run" || (m.kind === "favourite" && m.args.horse)) byCard.set(m.args.horse, m);
    }
    const held = [...(Array.isArray(o.hands[me]) ? o.hands[me] : []), ...(o.bought[me] || [])];
    const order = (id) => (ctx.horses.has(id) ? Number(id.slice(1)) : 100 + ctx.bd.cards.findIndex((c) => c.id === id));
    held.sort((a, b) => order(a) - order(b));
    const reports = Array.isArray(o.reports?.[me]) ? o.reports[me] : [];
    const raceSmall = Object.entries(o.race?.advantages?.[me] || {}).filter(([, n]) => n > 0);
    const dis = o.race?.disadvantages?.[me] || 0;
    const reportNode = (item) => {
      const deck = item.split(":")[0];
      return h(
        "div",
        { class: `as-report ${deck}`, "data-report": item },
        h("small", {}, ctx.tx(`deck.${deck}`)),
        " ",
        ctx.itemName(item),
      );
    };
    fill(
      hand,
      h("h3", {}, ctx.tx("hand_title")),
      h(
        "div",
        { class: "as-cards" },
        held.length
          ? held.map((id) => cardNode(id, { action: byCard.get(id) || null }))
          : h("span", { class: "muted" }, ctx.tx("no_cards")),
      ),
      reports.length
        ? h(
            "div",
            { class: "as-reports", "data-testid": "as-reports" },
            h("h4", {}, ctx.tx("reports_title")),
            reports.map(reportNode),
          )
        : null,
      raceSmall.length || dis
        ? h(
            "div",
            { class: "as-race-small", "data-testid": "as-race-small" },
            h("h4", {}, ctx.tx("small_cards_title")),
            raceSmall.map(([colour, n]) => ctx.smallCards(n, 0, colour)),
            ctx.smallCards(0, dis),
          )
        : null,
    );
  }

  function drawMarket() {
    const o = ctx.obs();
    const shown = ctx.isMarketPhase(o.phase) || o.auction;
    market.hidden = !shown;
    if (!shown) return;
    const auctioneer = Number.isInteger(o.auctioneer) && o.auctioneer >= 0 ? o.auctioneer : null;
    fill(
      market,
      h("h3", {}, ctx.tx("market_title")),
      h(
        "p",
        {},
        tn("web.ascot.dead_pile", o.dead_pile, { n: o.dead_pile }),
        auctioneer !== null ? [" · ", ctx.tx("auctioneer", { name: ctx.seatName(auctioneer) })] : null,
      ),
      o.withdrawn?.length
        ? h("p", { class: "muted" }, ctx.tx("withdrawn", { cards: ctx.list(o.withdrawn.map(ctx.cardName)) }))
        : null,
    );
  }

  function drawTote() {
    const o = ctx.obs();
    const runners = (o.runners || []).flatMap((list, p) => list.map((n) => ({ id: `h${n}`, owner: p })));
    const slips = o.totalisator || [];
    const shown = runners.length > 0 || slips.length > 0;
    tote.hidden = !shown;
    if (!shown) return;
    runners.sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
    const tickets = ctx.bd.tickets_per_horse;
    const favourites = new Set((o.favourites || []).filter(Boolean));
    const total = slips.reduce((sum, x) => sum + (x.stake || 0), 0);
    const rows = runners.map(({ id, owner }) => {
      const on = slips.filter((x) => x.horses?.[0] === id);
      const cells = [];
      for (let i = 0; i < tickets; i += 1) {
        const slip = on[i];
        const who = slip ? ctx.seatName(slip.player) : "";
        const content = slip
          ? [
              h(
                "span",
                { class: "as-seat-dot", style: `background:${seatColour(slip.player)}`, title: who },
                String(slip.player + 1),
              ),
              h("span", { class: "as-stake" }, ctx.francs(slip.stake)),
            ]
          : "";
        cells.push(h("td", { class: `as-ticket${slip ? " taken" : ""}` }, content));
      }
      const sum = on.reduce((acc, x) => acc + (x.stake || 0), 0);
      const star = favourites.has(id) ? h("span", { class: "as-fav", title: ctx.tx("favourite") }, " ★") : null;
      return h(
        "tr",
        { class: o.called === id ? "called" : "", "data-horse": id },
        h(
          "th",
          { scope: "row" },
          ctx.chip(id, { small: true }),
          " ",
          ctx.horseName(id),
          star,
          h("small", { class: "as-tote-owner" }, ctx.seatName(owner)),
        ),
        cells,
        h("td", { class: "num" }, sum ? ctx.francs(sum) : "—"),
      );
    });
    const ticketHeads = Array.from({ length: tickets }, (_, i) =>
      h("th", { scope: "col" }, ctx.tx("ticket_n", { n: i + 1 })),
    );
    const head = h(
      "tr",
      {},
      h("th", { scope: "col" }, ctx.tx("tote_horse")),
      ticketHeads,
      h("th", { scope: "col" }, ctx.tx("tote_total")),
    );
    fill(
      tote,
      h("h3", {}, ctx.tx("tote_title")),
      h("table", { class: "as-tote-table" }, h("thead", {}, head), h("tbody", {}, rows)),
      h("p", { class: "as-pool", "data-testid": "as-pool" }, ctx.tx("pool", { money: ctx.francs(total) })),
      h("p", { class: "muted small" }, ctx.tx("tote_rule")),
    );
  }

  /** What the seat's own roles are for, in a sentence each: a player learns he is the Banker and what
   * the Banker does. */
  function ownRoles(o, p) {
    const keys = (o.roles?.[p] || []).filter((key) => has(`${key}.about`));
    if (!keys.length) return null;
    return h(
      "div",
      { class: "as-role-about", "data-testid": "as-role-about" },
      keys.map((key) => h("p", {}, h("strong", {}, ctx.t(key)), " — ", ctx.t(`${key}.about`))),
    );
  }

  function drawSeats() {
    const o = ctx.obs();
    const members = new Set(o.members || []);
    const c = ctx.shell.msg.context || {};
    const acting = new Set(c.over ? [] : c.chance ? [c.chance_roller] : c.to_act || []);
    const rows = o.money.map((money, p) => {
      const handOf = o.hands[p];
      const hidden = Array.isArray(handOf) ? 0 : handOf.cards;
      const open = Array.isArray(handOf) ? handOf : handOf.open || [];
      const owned = [...new Set([...open, ...(o.bought[p] || [])])];
      const reports = Array.isArray(o.reports?.[p]) ? o.reports[p].length : o.reports?.[p] || 0;
      const adv = Object.entries(o.race?.advantages?.[p] || {}).filter(([, n]) => n > 0);
      const dis = o.race?.disadvantages?.[p] || 0;
      const badge = members.has(p)
        ? h("span", { class: "as-badge", title: ctx.tx("member") }, ctx.tx("member_short"))
        : null;
      const item = (id) =>
        ctx.horses.has(id)
          ? [ctx.chip(id, { small: true }), h("span", { class: "visually-hidden" }, ctx.cardName(id))]
          : h("span", { class: "as-biz" }, ctx.cardName(id));
      return h(
        "li",
        {
          class: `as-seat${acting.has(p) ? " acting" : ""}${p === ctx.viewer() ? " mine" : ""}`,
          "data-testid": `as-seat-${p}`,
        },
        h(
          "div",
          { class: "as-seat-head" },
          h("span", { class: "as-seat-dot", style: `background:${seatColour(p)}` }, String(p + 1)),
          h("strong", {}, ctx.seatName(p)),
          roleTags(o, p),
          badge,
          h("span", { class: "num as-seat-money", "data-testid": `as-money-${p}` }, ctx.francs(money)),
        ),
        h(
          "div",
          { class: "as-owned" },
          owned.map(item),
          hidden
            ? h(
                "span",
                { class: "as-hidden muted" },
                Array.from({ length: hidden }, () => hiddenCard(ctx.tx("a_hidden_card"), { small: true })),
                ` ${tn("web.ascot.hidden_cards", hidden, { n: hidden })}`,
              )
            : null,
        ),
        p === ctx.viewer() ? ownRoles(o, p) : null,
        reports || adv.length || dis
          ? h(
              "div",
              { class: "as-seat-more" },
              reports ? tn("web.ascot.reports_n", reports, { n: reports }) : null,
              adv.map(([colour, n]) => ctx.smallCards(n, 0, colour)),
              ctx.smallCards(0, dis),
            )
          : null,
      );
    });
    fill(seats, h("h3", {}, ctx.tx("seats_title")), h("ul", { class: "as-seat-list" }, rows));
  }

  function draw() {
    drawHand();
    drawMarket();
    drawTote();
    drawSeats();
  }

  return { root, draw, cardNode };
}
