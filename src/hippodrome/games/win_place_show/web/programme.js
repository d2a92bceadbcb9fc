// Win, Place & Show's programme and tote board. The programme: the race's six horses in their
// colours with their odds, speed, class, squares a turn, bonus, jockey, owner and where they are; a
// column's name, tapped or hovered, says what it means, and the legend under the table says it for
// every column. The table scrolls sideways in its own box, the horse's number and name staying in
// view; the page never does. The tote board (D3): what $1,000 on each horse brings back if it wins,
// places or shows, stake included, lit like the track's.

import { h } from "/static/js/dom.js";
import { formatNumber } from "/static/js/kit/money.js";
import { HORSE_COLOURS } from "./course.js";

const COLUMNS = ["number", "horse", "odds", "speed", "klasse", "strengths", "bonus", "jockey", "owner", "where"];
/** The columns the legend explains (the horse's name needs no word). */
const EXPLAINED = COLUMNS.filter((k) => k !== "horse");
const KINDS = ["win", "place", "show"];

/** A horse's number in its colours (the programme's, the tote board's and the slip's). */
export function silk(horse) {
  return h("span", { class: "wps-silk", style: `--silk:${HORSE_COLOURS[horse.number - 1]}` }, String(horse.number));
}

/**
 * The programme of the race under way, as a `<section class="wps-program">`. `memory` (an object the
 * board keeps) holds the column whose meaning is shown and whether the legend is open, across redraws.
 * @param {import("/static/js/kit/shell.js").Shell} shell
 * @param {ReturnType<import("./words.js").wordsOf>} w
 * @param {{column?: string|null, open?: boolean}} memory
 */
export function programme(shell, w, memory) {
  const obs = shell.obs;
  const race = shell.boardData.races[obs.race - 1];
  const meaning = (k) => w.tx(`legend_${k}`);
  const note = h("p", { class: "wps-col-note", "data-testid": "wps-col-note", "aria-live": "polite" });
  const showNote = () => {
    const k = memory.column;
    note.textContent = k ? w.tx("col_note", { column: w.tx(`col_${k}`), meaning: meaning(k) }) : "";
    note.hidden = !memory.column;
    for (const b of head.querySelectorAll("button"))
      b.setAttribute("aria-pressed", String(b.dataset.col === memory.column));
  };
  const head = h(
    "tr",
    {},
    COLUMNS.map((k) =>
      h(
        "th",
        { scope: "col" },
        EXPLAINED.includes(k)
          ? h(
              "button",
              {
                type: "button",
                class: "wps-col",
                title: meaning(k),
                "data-col": k,
                "data-testid": "wps-col",
                "aria-pressed": "false",
                onclick: () => {
                  memory.column = memory.column === k ? null : k;
                  showNote();
                },
              },
              w.tx(`col_${k}`),
            )
          : w.tx(`col_${k}`),
      ),
    ),
  );
  const rows = race.horses.map((horse, i) => {
    const seen = obs.horses[i];
    const cells = {
      number: silk(horse),
      horse: horse.name,
      odds: w.tx("odds", { odds: horse.odds }),
      speed: String(horse.speed),
      klasse: String(horse.klasse),
      strengths: horse.strengths.join(" "),
      bonus: String(horse.bonus),
      jockey: w.tx(horse.jockey),
      owner: owner(seen, w),
      where: seen.home ? w.tx("home") : w.tx("where", { lane: seen.lane, square: seen.square }),
    };
    return h(
      "tr",
      {
        class: obs.moving === horse.id ? "wps-moving-row" : "",
        "data-horse": horse.id,
        style: `--silk:${HORSE_COLOURS[horse.number - 1]}`,
      },
      COLUMNS.map((k) => (k === "horse" ? h("th", { scope: "row" }, cells[k]) : h("td", {}, cells[k]))),
    );
  });
  const legend = h(
    "details",
    {
      class: "wps-legend",
      "data-testid": "wps-legend",
      open: memory.open || null,
      ontoggle: (event) => {
        memory.open = event.target.open;
      },
    },
    h("summary", { class: "kit-target" }, w.tx("legend_title")),
    h(
      "dl",
      {},
      EXPLAINED.flatMap((k) => [h("dt", {}, w.tx(`col_${k}`)), h("dd", {}, meaning(k))]),
    ),
  );
  showNote();
  return h(
    "section",
    { class: "wps-program" },
    h(
      "h3",
      {},
      w.tx("race", {
        race: race.number,
        miles: race.miles,
        purse: w.money(race.purse),
        races: formatNumber(obs.races, w.lang),
      }),
    ),
    h(
      "div",
      { class: "wps-program-box", tabindex: "0", role: "region", "aria-label": w.tx("program_title") },
      h("table", {}, h("thead", {}, head), h("tbody", {}, rows)),
    ),
    note,
    legend,
  );
}

/**
 * The tote board of the race under way (D3), as a `<section class="wps-tote">`: each horse's win,
 * place and show price, what $1,000 on it brings back if it comes in, stake included.
 * @param {import("/static/js/kit/shell.js").Shell} shell
 * @param {ReturnType<import("./words.js").wordsOf>} w
 */
export function toteBoard(shell, w) {
  const race = shell.boardData.races[shell.obs.race - 1];
  const per = w.money(shell.boardData.price_per);
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, w.tx("col_number")),
    h("th", { scope: "col" }, w.tx("col_horse")),
    KINDS.map((k) => h("th", { scope: "col", title: w.tx(`tote_${k}`) }, w.tx(`col_${k}`))),
  );
  const rows = race.horses.map((horse) =>
    h(
      "tr",
      { "data-horse": horse.id },
      h("td", {}, silk(horse)),
      h("th", { scope: "row" }, horse.name),
      KINDS.map((k) => h("td", { class: "wps-price" }, w.money(horse.prices[k]))),
    ),
  );
  return h(
    "section",
    { class: "wps-tote", "data-testid": "wps-tote" },
    h("h3", {}, w.tx("tote_title")),
    h("table", {}, h("thead", {}, head), h("tbody", {}, rows)),
    h("p", { class: "wps-tote-note" }, w.tx("tote_note", { money: per })),
  );
}

/** The horse's owner, and who rides it for him (§10). */
function owner(seen, w) {
  if (seen.owner === null) return w.tx("nobody");
  if (seen.jockey === null || seen.jockey === undefined) return w.seat(seen.owner);
  return `${w.seat(seen.owner)} (${w.tx("jockey", { name: w.seat(seen.jockey) })})`;
}
