// The bridge players' variants (« aux enchères », contract, with a dummy): the table with the
// partners facing each other, the dummy's open hand at its place, and the bidding box with the
// ladder of calls and the bidding so far. Every button is a legal move the server sent.

import { fill, h, seatColour } from "/static/js/dom.js";
import { tn } from "/static/js/i18n.js";

/** The bridge table of one board: `root` (the table) and `box` (the bidding box, mounted under the
 * controls) to mount, `draw()` (both hidden outside a rubber). */
export function createBridge(g) {
  const { shell, NS, GAME, DUMMY, cards } = g;
  const t = (key, params) => shell.t(key, params);
  const root = h("section", { class: "rsc-bridge panel", "data-testid": "rsc-bridge-table" });
  const box = h("div", { class: "rsc-bid-box-slot" });
  const placeColour = (p) => (p === DUMMY ? "#777" : seatColour(p));

  /** The places round the table from this seat's: itself south, its partner north (facing it), the
   * next to play west and the other east, in the rubber's seating (D80; the dummy named DUMMY). */
  function compass(o) {
    const seats = (o.chips || []).map((_, p) => p);
    const round = o.seating || (o.dummy ? [...seats, DUMMY] : seats);
    const mateOf = (p) => (p === DUMMY ? o.dummy.partner : o.partners?.[p]);
    const south = g.mySeat() ?? 0;
    const north = mateOf(south);
    const k = round.indexOf(south);
    const after = [...round.slice(k + 1), ...round.slice(0, k)].filter((p) => p !== north);
    return { south, north, west: after[0], east: after[1] };
  }

  function dummyItems(o) {
    const d = o.dummy;
    const items = [h("div", { class: "muted" }, t(`${NS}.dummy_played_by`, { name: g.seatName(d.partner) }))];
    if (!d.open) {
      items.push(h("div", { class: "muted" }, tn(`${NS}.dummy_closed`, d.hand_size, { count: d.hand_size })));
      return items;
    }
    const choices = g.forDummy() ? g.choices() : [];
    const byCard = new Map(
      choices.filter((x) => x.type === "play" || x.type === "eliminate").map((x) => [x.card, x.action]),
    );
    const hand = d.hand.map((card) =>
      cards.button(card, { action: byCard.get(card) || null, testid: "dummy-card", small: !byCard.has(card) }),
    );
    items.push(
      h(
        "div",
        { class: "rsc-cards rsc-dummy-hand", "data-testid": "rsc-dummy-hand" },
        hand.length ? hand : h("span", { class: "muted" }, t(`${NS}.no_cards`)),
      ),
    );
    return items;
  }

  function placeNode(o, p, where) {
    if (p === undefined || p === null) return null;
    const lane = (o.horses || []).findIndex((x) => x.owner === p);
    const acting = (o.active || []).includes(p) && !(o.dummy?.to_play && o.dummy.partner === p);
    const dummyTurn = p === DUMMY && o.dummy?.to_play;
    const dot = h(
      "span",
      { class: "seat-dot", style: `--seat:${placeColour(p)}`, "aria-hidden": "true" },
      p === DUMMY ? t(`${NS}.dummy_initial`) : String(p + 1),
    );
    const name = h(
      "div",
      { class: "rsc-place-name" },
      dot,
      " ",
      g.seatName(p),
      p === o.dealer
        ? h("span", { class: "rsc-dealer", title: t(`${NS}.dealer`) }, ` ${t(`${NS}.dealer_initial`)}`)
        : null,
      lane >= 0 ? [" ", cards.horseChip(lane)] : null,
    );
    const count = o.hand_sizes?.[p] ?? 0;
    const items =
      p === DUMMY ? dummyItems(o) : [h("div", { class: "muted" }, tn(`${NS}.cards_in_hand`, count, { count }))];
    return h(
      "div",
      {
        class: `rsc-place ${where}${acting || dummyTurn ? " acting" : ""}`,
        "data-testid": `rsc-place-${where}`,
        "data-place": String(p),
      },
      name,
      items,
    );
  }

  /** A call of the bidding as words: the colour asked for, the step of the ladder, or a pass. */
  function saidNode(said) {
    const parts = [];
    if (Number.isInteger(said.horse)) parts.push(cards.horseChip(said.horse));
    if (said.call === "passe") parts.push(t(`${NS}.said_pass`));
    else if (said.call) parts.push(t(`${GAME}.call.${said.call}`));
    return parts.map((x, i) => [i ? " " : "", x]);
  }

  function ladderRow(step, i, current, calls) {
    const mine = calls.filter((x) => x.bid === step);
    const plain = mine.find((x) => x.horse === null);
    const withColour = mine.filter((x) => x.horse !== null);
    const cls = `rsc-ladder-step${i === current ? " current" : i < current ? " below" : ""}`;
    return h(
      "tr",
      { class: cls, "data-testid": "bid-box-step", "data-step": step },
      h(
        "th",
        { scope: "row" },
        t(`${GAME}.call.${step}`),
        i === current ? h("span", { class: "rsc-tag" }, t(`${NS}.current_call`)) : null,
      ),
      h(
        "td",
        {},
        plain ? g.button(t(`${GAME}.call.${step}`), plain.action, { cls: "rsc-call", testid: "bid-box-call" }) : null,
        withColour.map((x) =>
          g.button([cards.horseChip(x.horse)], x.action, { cls: "rsc-call colour", testid: "bid-box-call" }),
        ),
      ),
    );
  }

  /** The bidding box: the ladder of calls, each step with the calls open to this seat (alone or with
   * a colour), the current call marked; the colours alone in the colour rounds; double, redouble and
   * pass; and the bidding so far. */
  function biddingBox(o) {
    const c = o.contract;
    if (!c || !["calls", "bidding"].includes(o.phase)) return null;
    const choices = g.choices();
    const calls = choices.filter((x) => x.type === "call");
    const ladder = g.boardData.ladder || [];
    const current = c.call ? ladder.indexOf(c.call) : -1;
    const colours = calls.filter((x) => x.horse !== null && !x.bid);
    const doubles = calls.filter((x) => x.bid === "contre" || x.bid === "surcontre");
    const pass = choices.find((x) => x.type === "passe");
    const history = (c.bidding || []).map((said) =>
      h("li", {}, h("strong", {}, g.seatName(said.seat)), " : ", saidNode(said)),
    );
    return h(
      "div",
      { class: "rsc-bid-box", "data-testid": "rsc-bid-box" },
      h("h3", {}, t(`${NS}.bid_box_title`)),
      colours.length
        ? h(
            "p",
            { class: "rsc-bid-colours" },
            t(`${NS}.ask_colour`),
            " ",
            colours.map((x) =>
              g.button([cards.horseChip(x.horse)], x.action, { cls: "rsc-call colour", testid: "bid-box-colour" }),
            ),
          )
        : null,
      h(
        "table",
        { class: "rsc-table rsc-ladder" },
        h(
          "tbody",
          {},
          ladder.map((step, i) => ladderRow(step, i, current, calls)),
        ),
      ),
      h(
        "p",
        { class: "rsc-bid-doubles" },
        doubles.map((x) =>
          g.button(t(`${GAME}.call.${x.bid}`), x.action, { cls: "rsc-call", testid: "bid-box-double" }),
        ),
        pass ? g.button(t(`${NS}.passe`), pass.action, { cls: "rsc-call", testid: "bid-box-pass" }) : null,
      ),
      h("h3", {}, t(`${NS}.bidding_title`)),
      history.length
        ? h("ol", { class: "rsc-bidding", "data-testid": "rsc-bidding" }, history)
        : h("p", { class: "muted", "data-testid": "rsc-bidding" }, t(`${NS}.no_bidding`)),
    );
  }

  return {
    root,
    box,
    draw() {
      const o = shell.obs;
      root.hidden = !o.rubber;
      fill(box, o.rubber ? biddingBox(o) : null);
      if (root.hidden) return fill(root);
      const where = compass(o);
      const middle = h(
        "div",
        { class: "rsc-compass-middle" },
        g.forDummy() ? h("strong", {}, t(`${NS}.you_play_dummy`)) : null,
      );
      fill(
        root,
        h("h2", {}, t(`${NS}.table_title`)),
        h(
          "div",
          { class: "rsc-compass" },
          placeNode(o, where.north, "north"),
          placeNode(o, where.west, "west"),
          middle,
          placeNode(o, where.east, "east"),
          placeNode(o, where.south, "south"),
        ),
      );
    },
  };
}
