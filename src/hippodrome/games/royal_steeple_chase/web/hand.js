// The seat's cards, right under the controls: its hand and the spread cards (with the pot and the
// hurdles left in the box), each card a kit card chip. A card that is one legal action sends it; a
// card that opens a choice (offered in a trade, asked for from the spread with a bid, given in answer
// to an offer) is chosen by a tap and the amounts come in the controls (offers.js).

import { fill, h } from "/static/js/dom.js";
import { tn } from "/static/js/i18n.js";
import { formatNumber } from "/static/js/kit/money.js";

/** The hand and the spread of one board: `root` to mount, `draw()`. */
export function createHand(g) {
  const { shell, NS, ui, cards } = g;
  const t = (key, params) => shell.t(key, params);
  const handSection = h("section", { class: "rsc-hand", "data-testid": "rsc-hand" });
  const spreadSection = h("section", { class: "rsc-spread", "data-testid": "rsc-spread" });
  const root = h("div", { class: "rsc-tableau" }, handSection, spreadSection);

  /** A card the seat chooses before the amounts: chosen again, it is let go. */
  const chooser = (field, card) => ({
    selected: ui[field] === card,
    onSelect: () => {
      ui[field] = ui[field] === card ? null : card;
      g.redraw();
    },
  });

  /** What a tap on `card` of the hand does now: one action, a choice, or nothing. */
  function handCard(card, choices) {
    const phase = shell.obs.phase;
    const one = (type) => choices.filter((x) => x.type === type && x.card === card);
    // Taking the dummy's turn, the cards to play are the dummy's, drawn at its place.
    const plays = g.forDummy() || ui.ownHurdle ? [] : [...one("play"), ...one("eliminate")];
    const direct = plays[0] || one("throw")[0];
    if (direct) return cards.button(card, { action: direct.action, testid: "hand-card" });
    const counters = one("counter");
    if (phase === "trade_counter" && counters.length === 1)
      return cards.button(card, { action: counters[0].action, testid: "hand-card" });
    if (counters.length) return cards.button(card, { testid: "hand-card", ...chooser("counterCard", card) });
    if (one("propose").length && phase === "trade")
      return cards.button(card, { testid: "hand-card", ...chooser("tradeCard", card) });
    return cards.button(card, { testid: "hand-card" });
  }

  function drawHand(o, choices) {
    handSection.hidden = !Array.isArray(o.hand);
    if (handSection.hidden) return fill(handSection);
    if (ui.tradeCard && !o.hand.includes(ui.tradeCard)) ui.tradeCard = null;
    const list = o.hand.map((card) => handCard(card, choices));
    fill(
      handSection,
      h("h2", {}, tn(`${NS}.hand_title`, o.hand.length, { count: o.hand.length })),
      h("div", { class: "rsc-cards" }, list.length ? list : h("span", { class: "muted" }, t(`${NS}.no_cards`))),
    );
  }

  function drawSpread(o, choices) {
    const list = (o.spread || []).map((card) => {
      const requests = choices.filter((x) => x.type === "spread" && x.card === card);
      if (requests.length === 1) return cards.button(card, { action: requests[0].action, testid: "spread-card" });
      if (requests.length) return cards.button(card, { testid: "spread-card", ...chooser("spreadCard", card) });
      return cards.button(card, { testid: "spread-card" });
    });
    fill(
      spreadSection,
      h("h2", {}, t(`${NS}.spread_title`)),
      h("div", { class: "rsc-cards" }, list.length ? list : h("span", { class: "muted" }, t(`${NS}.no_cards`))),
      h(
        "p",
        { class: "rsc-pot" },
        h("strong", { "data-testid": "rsc-pot" }, t(`${NS}.pot`, { amount: formatNumber(o.pot ?? 0, shell.lang) })),
        " · ",
        t(`${NS}.supply`, { count: Math.max(0, o.hurdle_supply ?? 0) }),
      ),
    );
  }

  return {
    root,
    draw() {
      const choices = g.choices();
      drawHand(shell.obs, choices);
      drawSpread(shell.obs, choices);
      // Asking for a spread card, the spread comes first, right under the controls.
      root.classList.toggle(
        "spread-first",
        choices.some((x) => x.type === "spread"),
      );
    },
  };
}
