// Win, Place & Show's programme: the race's six horses with their odds, the tote board's prices (D3:
// what $1,000 on the horse brings back, stake included), their speed, class, strengths, bonus,
// jockey, owner and where they are. The table scrolls sideways in its own box, the horse's number and
// name staying in view; the page never does.

import { h } from "/static/js/dom.js";
import { formatNumber } from "/static/js/kit/money.js";
import { HORSE_COLOURS } from "./course.js";

const COLUMNS = [
  "number",
  "horse",
  "odds",
  "win",
  "place",
  "show",
  "speed",
  "klasse",
  "strengths",
  "bonus",
  "jockey",
  "owner",
  "where",
];
const TOTE = new Set(["win", "place", "show"]);
/** The stake the tote board's prices are for (the price of a horse is what this stake brings back). */
const TOTE_STAKE = 1000;

/**
 * The programme of the race under way, as a `<section class="wps-program">`.
 * @param {import("/static/js/kit/shell.js").Shell} shell
 * @param {ReturnType<import("./words.js").wordsOf>} w
 */
export function programme(shell, w) {
  const obs = shell.obs;
  const race = shell.boardData.races[obs.race - 1];
  const head = h(
    "tr",
    {},
    COLUMNS.map((k) =>
      h(
        "th",
        { scope: "col", title: TOTE.has(k) ? w.tx("tote", { money: w.money(TOTE_STAKE) }) : null },
        w.tx(`col_${k}`),
      ),
    ),
  );
  const rows = race.horses.map((horse, i) => {
    const seen = obs.horses[i];
    const cells = {
      number: h(
        "span",
        { class: "wps-silk", style: `--silk:${HORSE_COLOURS[horse.number - 1]}` },
        String(horse.number),
      ),
      horse: horse.name,
      odds: w.tx("odds", { odds: horse.odds }),
      win: w.money(horse.prices.win),
      place: w.money(horse.prices.place),
      show: w.money(horse.prices.show),
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
      { class: obs.moving === horse.id ? "wps-moving-row" : "", "data-horse": horse.id },
      COLUMNS.map((k) =>
        k === "horse"
          ? h("th", { scope: "row" }, cells[k])
          : h("td", { class: TOTE.has(k) ? "wps-price" : null }, cells[k]),
      ),
    );
  });
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
  );
}

/** The horse's owner, and who rides it for him (§10). */
function owner(seen, w) {
  if (seen.owner === null) return w.tx("nobody");
  if (seen.jockey === null || seen.jockey === undefined) return w.seat(seen.owner);
  return `${w.seat(seen.owner)} (${w.tx("jockey", { name: w.seat(seen.jockey) })})`;
}
