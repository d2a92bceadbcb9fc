// Toques et Casques' panels under the track: the horses (number, jockey, where each is) and the race
// (its course in words, the stakes and their split, the arrival order, and at the end the tiercé,
// quarté and quinté and the winnings). Names and words only: no station code, no notation.

import { h, seatColour } from "/static/js/dom.js";
import { tn } from "/static/js/i18n.js";
import { inkOn } from "/static/js/kit/colour.js";
import { formatMoney } from "/static/js/kit/money.js";
import { sharesText } from "./course.js";
import { inRunningOrder, stationWords } from "./track.js";
import { NS, whereText } from "./words.js";

/** The horses' table: each horse, its jockey, where it is. */
export function horseListParts(ctx) {
  const { t } = ctx;
  const o = ctx.obs();
  const rows = ctx.numbers.map((n) => {
    const horse = ctx.horseOf(n);
    const colour = ctx.colourOf(n);
    const owner = horse?.owner;
    return h(
      "tr",
      {
        class:
          "tc-horse-row" +
          (o.current === n && o.phase !== "over" ? " current" : "") +
          (horse?.eliminated ? " out" : ""),
        "data-testid": `tc-horse-${n}`,
      },
      h("td", {}, h("span", { class: "tc-chip", style: `background:${colour};color:${inkOn(colour)}` }, String(n))),
      h(
        "td",
        { class: "tc-jockey" },
        owner !== null && owner !== undefined
          ? [
              h(
                "span",
                { class: "seat-dot", style: `--seat:${seatColour(owner)}`, "aria-hidden": "true" },
                String(owner + 1),
              ),
              " ",
              ctx.seatName(owner),
            ]
          : h("span", { class: "muted" }, t(`${NS}.no_jockey`)),
      ),
      h("td", { class: "tc-where" }, whereText(ctx, horse)),
    );
  });
  return [
    h("h2", {}, t(`${NS}.horses_title`)),
    h(
      "table",
      { class: "tc-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t(`${NS}.col_horse`)),
          h("th", { scope: "col" }, t(`${NS}.col_jockey`)),
          h("th", { scope: "col" }, t(`${NS}.col_where`)),
        ),
      ),
      h("tbody", {}, rows),
    ),
  ];
}

/** The race panel: the course in words, the stakes, the arrival order, the result. */
export function coursePanelParts(ctx) {
  const { t } = ctx;
  const o = ctx.obs();
  const course = o.course;
  const none = t(`${NS}.none`);
  const order = o.order || [];
  const money = (v) => formatMoney(v, { lang: ctx.shell.lang });
  const items = [
    h("h2", {}, t(`${NS}.course_title`)),
    h(
      "p",
      {},
      tn(`${NS}.course_line`, course.laps, {
        category: t(`toques_et_casques.category.${course.category}`),
        speed: course.speed,
        track: t(`toques_et_casques.track.${course.track}`),
        laps: course.laps,
      }),
    ),
    h(
      "p",
      { class: "muted" },
      // The course in words, as the designer shows it (D31): no station code.
      [
        t(`${NS}.course.summary.finish`, { where: stationWords(course.finish) }),
        course.river?.length
          ? t(`${NS}.course.summary.river`, { where: stationWords(course.river[0]) })
          : t(`${NS}.course.summary.no_river`),
        t(`${NS}.course.summary.hurdles`, {
          where: (o.hurdles || []).length ? inRunningOrder(o.hurdles).map(stationWords).join(", ") : none,
        }),
      ].join(" · "),
      o.clockwise ? [" · ", t(`${NS}.clockwise`)] : null,
      o.steward !== null && o.steward !== undefined
        ? [" · ", t(`${NS}.steward_is`, { name: ctx.seatName(o.steward) })]
        : null,
    ),
    h("p", {}, h("strong", {}, `${t(`${NS}.stakes`)} ${money(course.stakes)}`), " — ", sharesText(ctx).join(" · ")),
  ];
  // The arrival order (23-01), and at the end the tiercé, quarté and quinté (23-03).
  const arrival = h("div", { class: "tc-arrival", "data-testid": "arrival-order" });
  arrival.append(h("h3", {}, t(`${NS}.arrival`)));
  if (!order.length) arrival.append(h("p", { class: "muted" }, t(`${NS}.nobody_arrived`)));
  else {
    arrival.append(
      h(
        "ol",
        { class: "tc-order" },
        order.map((n, i) =>
          h(
            "li",
            {},
            h("span", { class: "rank" }, t(`web.ordinal.${i + 1}`)),
            " ",
            h(
              "span",
              { class: "tc-chip", style: `background:${ctx.colourOf(n)};color:${inkOn(ctx.colourOf(n))}` },
              String(n),
            ),
            " ",
            ctx.ownerName(n),
          ),
        ),
      ),
    );
  }
  if (o.phase === "over") {
    const bets = [
      ["tierce", 3],
      ["quarte", 4],
      ["quinte", 5],
    ].filter(([, n]) => order.length >= n);
    arrival.append(
      h(
        "p",
        { class: "tc-bets", "data-testid": "tc-result" },
        bets.map(([name, n], i) => [
          i ? " — " : "",
          h("strong", {}, t(`${NS}.${name}`)),
          " ",
          order.slice(0, n).join(", "),
        ]),
      ),
    );
    const paid = (o.money || []).map((m, p) => [p, m]).filter(([, m]) => m > 0);
    arrival.append(
      h(
        "p",
        { class: "tc-winnings" },
        h("strong", {}, t(`${NS}.winnings`)),
        " ",
        paid.length ? paid.map(([p, m]) => `${ctx.seatName(p)} ${money(m)}`).join(" · ") : none,
      ),
    );
  }
  items.push(arrival);
  return items;
}
