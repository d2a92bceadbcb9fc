// The players and the score sheet, below the seat's cards: each player's horse, chips, cards in hand,
// own hurdles and the cards the others know of theirs; the sheet of the scoring in play (the bridge
// players' honours, game points and games, and for a rubber its camps and contract), the arrival.

import { fill, h, seatColour } from "/static/js/dom.js";
import { formatNumber } from "/static/js/kit/money.js";

const BRIDGE = ["bridge", "auction", "contract", "dummy"];

/** The players' table and the score sheet of one board: `seats` and `sheet` to mount, `draw()`. */
export function createScore(g) {
  const { shell, NS, GAME, DUMMY, cards } = g;
  const t = (key, params) => shell.t(key, params);
  const num = (n) => formatNumber(n ?? 0, shell.lang);
  const seats = h("section", { class: "rsc-seats panel", "data-testid": "rsc-seats" });
  const sheet = h("section", { class: "rsc-score panel", "data-testid": "rsc-score" });
  const th = (key) => h("th", { scope: "col" }, t(`${NS}.${key}`));
  const td = (value, cls = "num", attrs = {}) => h("td", { class: cls, ...attrs }, value);
  const table = (heads, rows, cls = "rsc-table", testid = null) =>
    h("table", { class: cls, "data-testid": testid }, h("thead", {}, h("tr", {}, heads)), h("tbody", {}, rows));
  const dealerMark = (o, p) =>
    p === o.dealer
      ? h("span", { class: "rsc-dealer", title: t(`${NS}.dealer`) }, ` ${t(`${NS}.dealer_initial`)}`)
      : null;

  function drawSeats(o) {
    const n = (o.chips || []).length;
    const active = new Set(o.active || []);
    const own = (o.hurdles_in_hand || []).some((x) => x > 0);
    const rows = [];
    for (let p = 0; p < n; p++) {
      const lane = (o.horses || []).findIndex((x) => x.owner === p);
      const cls = `rsc-seat-row${active.has(p) ? " acting" : ""}${p === g.mySeat() ? " mine" : ""}`;
      const dot = h(
        "span",
        { class: "seat-dot", style: `--seat:${seatColour(p)}`, "aria-hidden": "true" },
        String(p + 1),
      );
      rows.push(
        h(
          "tr",
          { class: cls, "data-testid": `rsc-seat-${p}` },
          td([dot, " ", g.seatName(p), dealerMark(o, p)], "rsc-seat-name"),
          td(lane >= 0 ? cards.horseChip(lane) : h("span", { class: "muted" }, "—"), ""),
          td(num(o.chips[p]), "num", { "data-testid": `rsc-chips-${p}` }),
          td(num(o.hand_sizes?.[p])),
          own ? td(num(o.hurdles_in_hand[p])) : null,
          td((o.known_cards?.[p] || []).map(cards.small), "rsc-known"),
        ),
      );
    }
    const heads = [
      th("col_player"),
      th("col_horse"),
      th("col_chips"),
      th("col_cards"),
      own ? th("col_own_hurdles") : null,
      th("col_known"),
    ];
    fill(seats, h("h2", {}, t(`${NS}.seats_title`)), h("div", { class: "rsc-scroll" }, table(heads, rows)));
  }

  /** The bridge sheet, one line per camp of the rubber under way: the honours above the line, the
   * game points toward the game below it, the games made (the camp's marks are on both partners'
   * lines, D64, so the first partner's are read). */
  function campSheet(o) {
    const score = o.score || {};
    const camps = (o.partners || [])
      .map((mate, p) => (mate === DUMMY || (Number.isInteger(mate) && p < mate) ? [p, mate] : null))
      .filter(Boolean);
    if (!camps.length) return null;
    const heads = [th("col_camp"), th("col_above"), th("col_below_line"), th("col_games")];
    const rows = camps.map(([p, mate]) =>
      h(
        "tr",
        { "data-testid": "rsc-camp" },
        td(`${g.seatName(p)} – ${g.seatName(mate)}`, ""),
        td(num(score.honours?.[p])),
        td(num(score.toward?.[p]), "num below-line"),
        td(num(score.games?.[p])),
      ),
    );
    return table(heads, rows, "rsc-table rsc-camps", "rsc-camps");
  }

  /** The bridge players' variants: the rubber and its camps, the contract under way. */
  function bridgeLines(o) {
    if (!o.rubber) return null;
    const pairs = (o.partners || [])
      .map((mate, p) => (mate === DUMMY || p < mate ? `${g.seatName(p)} – ${g.seatName(mate)}` : null))
      .filter(Boolean)
      .join(" · ");
    const lines = [
      h("p", { "data-testid": "rsc-rubber" }, t(`${NS}.rubber`, { rubber: o.rubber, pairs })),
      campSheet(o),
    ];
    const c = o.contract;
    if (c) {
      const text = c.call
        ? t(`${NS}.contract_line`, {
            call: t(`${GAME}.call.${c.call}`),
            declarer: g.seatName(c.declarer),
            doubled: c.doubled ? t(`${NS}.doubled.${c.doubled}`) : "",
          })
        : t(`${NS}.no_contract`);
      lines.push(h("p", { "data-testid": "rsc-contract" }, text));
    }
    return lines;
  }

  function drawSheet(o) {
    const score = o.score || {};
    const n = (o.chips || []).length;
    const scoring = score.scoring || "bridge";
    const bridge = BRIDGE.includes(scoring); // the bridge players' variants keep the same sheet
    const rows = [];
    for (let p = 0; p < n; p++) {
      const tags = [];
      if (o.winner === p) tags.push(h("span", { class: "rsc-tag winner" }, t(`${NS}.winner`)));
      if (o.placed === p) tags.push(h("span", { class: "rsc-tag placed" }, t(`${NS}.placed`)));
      const marks = bridge
        ? [score.honours, score.below, score.toward, score.games].map((list) => td(num(list?.[p])))
        : [];
      rows.push(
        h(
          "tr",
          { "data-testid": `rsc-score-${p}` },
          td([g.seatName(p), " ", tags], ""),
          marks,
          td(String(score.totals?.[p] ?? 0), "num total"),
        ),
      );
    }
    const last = scoring === "simple" ? "col_chips" : scoring === "race" ? "col_places" : "col_total";
    const heads = [
      th("col_player"),
      bridge ? ["col_honours", "col_below", "col_toward", "col_games"].map(th) : null,
      th(last),
    ];
    // The horses that have crossed the line, in order.
    const finished = (o.horses || [])
      .map((horse, lane) => ({ lane, place: horse.finished }))
      .filter((x) => x.place)
      .sort((a, b) => a.place - b.place);
    const arrival = finished.length
      ? finished.map((x, i) => [
          i ? " · " : "",
          t(`web.ordinal.${x.place}`),
          " ",
          cards.horseChip(x.lane),
          " ",
          g.ownerText(x.lane),
        ])
      : h("span", { class: "muted" }, t(`${NS}.nobody_arrived`));
    fill(
      sheet,
      h("h2", {}, t(`${NS}.score_title`)),
      h("p", { class: "muted" }, t(`${NS}.scoring.${scoring}`), " · ", t(`${NS}.races`, { count: score.races ?? 0 })),
      bridgeLines(o),
      h("div", { class: "rsc-scroll" }, table(heads, rows)),
      h("p", { class: "rsc-arrival", "data-testid": "rsc-arrival" }, h("strong", {}, t(`${NS}.arrival`)), " ", arrival),
    );
  }

  return {
    seats,
    sheet,
    draw() {
      drawSeats(shell.obs);
      drawSheet(shell.obs);
    },
  };
}
