// The game review on the replay page (docs/web.md, "Game review"; issue 36): a finished game's
// decisions of one seat, judged by the server (`POST /api/tables/{id}/reviews/{seat}`, computed once
// in its review workers and kept with the table; `GET` follows the computation), drawn as a chart of
// the seat's standing over the game (its chance of winning, or the money expected), the turning
// points (the decisions labelled a blunder, a mistake or an inaccuracy) marked. A tap on the chart or
// on a turning point opens that decision: the replay goes to the position before it, the move played
// and the best move found are told in words with their values and intervals, and circled on the
// board where the board marks the pieces they name (`data-horse`, `data-card`...).
//
// Nothing here judges a move: every figure is the server's (analysis/review.py). No notation is
// shown: the moves are the server's words, the amounts money, points or percentages.

import { ApiError, api, fill, h, s, seatColour } from "./dom.js";
import { has, lang, pick, t, tn } from "./i18n.js";
import { formatNumber } from "./kit/money.js";

const POLL_MS = 1000;
const LABELS = ["blunder", "mistake", "inaccuracy"];
/** The chart's drawing box (SVG units; drawn at the panel's width, about one unit a CSS pixel on a phone). */
const W = 360;
const H = 190;
const PAD = { left: 44, right: 10, top: 12, bottom: 26 };
/** A move's arguments a board marks its pieces by (`data-<name>`), as its typed moves name them. */
const MARKED = { horse: "horse", horses: "horse", card: "card", cell: "cell", lane: "lane" };

/** A chance in [0, 1] as a player reads it: "53%", « 53 % ». */
function percent(p) {
  const n = Math.round(p * 100);
  return lang() === "fr" ? `${n}\u202f%` : `${n}%`;
}

/**
 * The review panel.
 * @param {Element} container
 * @param {object} o
 * @param {string} o.tableId
 * @param {string|null} o.token      the viewer's seat token (the review is read as the replay is)
 * @param {string} o.game
 * @param {Array<object>} o.seats    the table's seats (names)
 * @param {number} o.seat            the seat reviewed first
 * @param {number} o.steps           the replay's last step (the chart's width in moves)
 * @param {boolean} [o.start]        ask for the review at once (the result screen's link)
 * @param {(decision: object|null) => void} o.onOpen   a decision opened (null: closed)
 */
export function createReview(container, { tableId, token, game, seats, seat, steps, start = false, onOpen }) {
  let current = Number.isInteger(seat) && seat >= 0 && seat < seats.length ? seat : 0;
  let answer = null;
  let error = null;
  let open = null;
  let measure = "win";
  let timer = null;
  let asking = false;
  const headers = token ? { "X-Seat-Token": token } : {};
  const path = () => `/api/tables/${encodeURIComponent(tableId)}/reviews/${current}`;
  const name = (i) => seats[i]?.name || t("web.seat_n", { n: i + 1 });

  async function call(method) {
    clearTimeout(timer);
    const asked = current;
    try {
      const body = await api(path(), { method, headers });
      if (asked !== current) return;
      answer = body;
      error = null;
    } catch (err) {
      if (asked !== current) return;
      error = err instanceof ApiError ? err.error : { key: "web.error.network", params: {} };
    }
    if (answer?.status === "computing" && !error) timer = setTimeout(() => call("GET"), POLL_MS);
    render();
  }

  async function ask() {
    if (asking) return;
    asking = true;
    render();
    await call("POST");
    asking = false;
    render();
  }

  function decisions() {
    return (answer?.review?.decisions || []).filter((d) => d.seat === current);
  }

  function choose(i) {
    if (i === current) return;
    current = i;
    answer = null;
    error = null;
    close();
    call("GET");
  }

  function openDecision(decision) {
    open = decision;
    render();
    onOpen(decision); // the replay goes to the position, and the board is marked (`mark`)
    container.querySelector('[data-testid="review-decision"]')?.scrollIntoView({ block: "start" });
  }

  function close() {
    if (!open) return;
    open = null;
    onOpen(null);
    render();
  }

  // -- what it says ---------------------------------------------------------------------------------

  function amount(value, signed = true) {
    const whole = Math.round(value);
    const sign = !signed || whole === 0 ? "" : whole > 0 ? "+" : "\u2212";
    const params = { sign, amount: Math.abs(whole) };
    if (answer?.review?.currency === "points") return t("review.points", params);
    const key = `${game}.guide.money`;
    return has(key) ? t(key, params) : `${sign}${formatNumber(Math.abs(whole), lang())}`;
  }

  function half(stat) {
    const [low, high] = stat?.interval || [0, 0];
    return (high - low) / 2;
  }

  function valueLine(move) {
    const money = move.money;
    const win = move.win;
    return t("web.review.value", {
      money: amount(money.mean),
      spread: amount(half(money), false),
      win: percent(win.mean),
      low: percent(Math.max(0, win.interval[0])),
      high: percent(Math.min(1, win.interval[1])),
    });
  }

  function labelBadge(label) {
    return label ? h("span", { class: `review-badge review-${label}` }, t(`web.review.label.${label}`)) : null;
  }

  // -- drawing --------------------------------------------------------------------------------------

  function render() {
    const title = h("h2", {}, t("web.review.title"));
    const picker = h(
      "label",
      { class: "review-seat" },
      t("web.review.seat"),
      " ",
      h(
        "select",
        {
          class: "kit-target",
          "data-testid": "review-seat",
          onchange: (e) => choose(Number(e.target.value)),
        },
        seats.map((_, i) => h("option", { value: String(i), selected: i === current }, name(i))),
      ),
    );
    const parts = [title, picker];
    if (error) parts.push(h("p", { class: "error", role: "alert", "data-testid": "review-error" }, errorText(error)));
    const status = answer?.status;
    if (!answer || status === "none" || status === "failed") {
      parts.push(
        h("p", { class: "muted small" }, t("web.review.about", { name: name(current) })),
        status === "failed" ? h("p", { class: "error", role: "alert" }, t("web.review.failed")) : null,
        answer || error
          ? h(
              "button",
              { type: "button", class: "review-ask", "data-testid": "review-ask", disabled: asking, onclick: ask },
              status === "failed" ? t("web.review.again") : t("web.review.ask"),
            )
          : null,
      );
    } else if (status === "computing") {
      const total = answer.total || 0;
      parts.push(
        h(
          "div",
          { class: "review-progress", "data-testid": "review-progress", role: "status" },
          h("progress", { max: String(total || 1), value: total ? String(answer.done) : null }),
          h(
            "p",
            { class: "small" },
            total
              ? tn("web.review.computing", total, { name: name(current), done: answer.done, total })
              : t("web.review.counting", { name: name(current) }),
          ),
        ),
      );
    } else if (status === "done") {
      parts.push(...reviewParts());
    }
    fill(container, ...parts);
  }

  function reviewParts() {
    const review = answer.review;
    const mine = decisions();
    const points = review.currency === "points";
    const toggle = h(
      "div",
      { class: "review-measure", role: "group", "aria-label": t("web.review.measure") },
      ["win", "money"].map((m) =>
        h(
          "button",
          {
            type: "button",
            class: "small",
            "aria-pressed": String(measure === m),
            "data-testid": `review-measure-${m}`,
            onclick: () => {
              measure = m;
              render();
            },
          },
          t(m === "win" ? "web.review.measure_win" : points ? "web.review.measure_points" : "web.review.measure_money"),
        ),
      ),
    );
    const turns = mine.filter((d) => d.label);
    const bySeat = review.by_seat?.[String(current)];
    return [
      summaryLine(bySeat, mine.length),
      toggle,
      h(
        "p",
        { class: "small review-chart-title" },
        t(measure === "win" ? "web.review.chart_win" : "web.review.chart_money", { name: name(current) }),
      ),
      chart(mine),
      h("h3", {}, t("web.review.turns")),
      turns.length
        ? h(
            "ol",
            { class: "review-turns" },
            turns.map((d) =>
              h(
                "li",
                {},
                h(
                  "button",
                  {
                    type: "button",
                    class: `review-turn${open === d ? " open" : ""}`,
                    "data-testid": "review-turn",
                    "data-index": String(d.index),
                    onclick: () => openDecision(d),
                  },
                  labelBadge(d.label),
                  " ",
                  pick(d.played?.text),
                  h("span", { class: "muted small" }, ` ${t("web.review.lost", { win: lostPoints(d) })}`),
                ),
              ),
            ),
          )
        : h(
            "p",
            { class: "muted small", "data-testid": "review-no-turns" },
            t("web.review.no_turns", { name: name(current) }),
          ),
      open ? decisionCard(open, mine) : null,
      h(
        "p",
        { class: "muted small" },
        tn("web.review.basis", review.budget?.rounds || 0, {
          n: review.budget?.rounds || 0,
          name: name(current),
        }),
      ),
    ];
  }

  function lostPoints(d) {
    return Math.max(0, Math.round(100 * (d.loss?.win?.mean || 0)));
  }

  function summaryLine(bySeat, count) {
    if (!bySeat) return null;
    const labels = bySeat.labels || {};
    const counted = LABELS.map((l) => tn(`web.review.count.${l}`, labels[l] || 0, { n: labels[l] || 0 })).join(", ");
    return h(
      "div",
      { class: "review-summary", "data-testid": "review-summary" },
      h("p", {}, tn("web.review.judged", count, { n: count, labels: counted })),
      h(
        "p",
        { class: "small" },
        t("web.review.luck", {
          name: name(current),
          result: amount(bySeat.result - bySeat.table_mean),
          luck: amount(bySeat.luck || 0),
          play: amount(bySeat.play || 0),
        }),
      ),
    );
  }

  /** The chart: the seat's chance of winning (or money expected) at each decision, its interval as
   * a band, the turning points marked; a tap anywhere opens the nearest decision. */
  function chart(mine) {
    const inner = { w: W - PAD.left - PAD.right, h: H - PAD.top - PAD.bottom };
    const last = Math.max(steps, ...mine.map((d) => d.index + 1), 1);
    const x = (index) => PAD.left + (index / last) * inner.w;
    const stat = (d) => (measure === "win" ? d.standing?.win : d.standing?.money);
    const known = mine.filter((d) => stat(d)?.mean !== null && stat(d)?.mean !== undefined);
    let lo = 0;
    let hi = 1;
    if (measure === "money") {
      const values = known.flatMap((d) => [stat(d).mean, ...(stat(d).interval || [])]);
      lo = Math.min(0, ...values);
      hi = Math.max(1, ...values);
    }
    const y = (v) => PAD.top + (1 - (v - lo) / (hi - lo || 1)) * inner.h;
    const clampY = (v) => y(Math.max(lo, Math.min(hi, v)));
    const tick = (v) => (measure === "win" ? percent(v) : amount(v, false));
    const ticks = measure === "win" ? [0, 0.5, 1] : [lo, (lo + hi) / 2, hi];
    const grid = ticks.map((v) => [
      s("line", { class: "review-grid", x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
      s("text", { class: "review-tick", x: PAD.left - 4, y: y(v) + 4, "text-anchor": "end" }, tick(v)),
    ]);
    const upper = known.map(
      (d) => `${x(d.index).toFixed(1)},${clampY(stat(d).interval?.[1] ?? stat(d).mean).toFixed(1)}`,
    );
    const lower = known
      .map((d) => `${x(d.index).toFixed(1)},${clampY(stat(d).interval?.[0] ?? stat(d).mean).toFixed(1)}`)
      .reverse();
    const line = known.map((d, i) => `${i ? "L" : "M"}${x(d.index).toFixed(1)} ${clampY(stat(d).mean).toFixed(1)}`);
    const colour = seatColour(current);
    const nearest = (event) => {
      const svg = event.currentTarget.ownerSVGElement || event.currentTarget;
      const box = svg.getBoundingClientRect();
      const at = ((event.clientX - box.left) / box.width) * W;
      let best = null;
      for (const d of mine) if (!best || Math.abs(x(d.index) - at) < Math.abs(x(best.index) - at)) best = d;
      if (best) openDecision(best);
    };
    const marks = known
      .filter((d) => d.label)
      .map((d) =>
        s(
          "g",
          {
            class: `review-point review-${d.label}${open === d ? " open" : ""}`,
            role: "button",
            tabindex: "0",
            "data-testid": "review-point",
            "data-index": String(d.index),
            "aria-label": `${t(`web.review.label.${d.label}`)}: ${pick(d.played?.text)}`,
            onclick: (event) => {
              event.stopPropagation();
              openDecision(d);
            },
            onkeydown: (event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                openDecision(d);
              }
            },
          },
          // A finger's target (40 CSS pixels across), drawn clear around the mark.
          s("circle", { class: "review-hit", cx: x(d.index), cy: clampY(stat(d).mean), r: 20 }),
          s("circle", { class: "review-mark", cx: x(d.index), cy: clampY(stat(d).mean), r: 6 }),
        ),
      );
    return s(
      "svg",
      {
        class: "review-chart",
        viewBox: `0 0 ${W} ${H}`,
        role: "img",
        "aria-label": t(measure === "win" ? "web.review.chart_win" : "web.review.chart_money", { name: name(current) }),
        "data-testid": "review-chart",
        style: `--seat:${colour}`,
      },
      s("rect", {
        class: "review-area",
        x: PAD.left,
        y: PAD.top,
        width: inner.w,
        height: inner.h,
        onclick: nearest,
      }),
      grid,
      measure === "win"
        ? s("line", {
            class: "review-even",
            x1: PAD.left,
            x2: W - PAD.right,
            y1: y(1 / seats.length),
            y2: y(1 / seats.length),
          })
        : null,
      upper.length ? s("polygon", { class: "review-band", points: [...upper, ...lower].join(" ") }) : null,
      line.length ? s("path", { class: "review-line", d: line.join(" ") }) : null,
      known.map((d) => s("circle", { class: "review-dot", cx: x(d.index), cy: clampY(stat(d).mean), r: 2.5 })),
      open
        ? s("line", { class: "review-open", x1: x(open.index), x2: x(open.index), y1: PAD.top, y2: H - PAD.bottom })
        : null,
      marks,
      s("text", { class: "review-tick", x: W - PAD.right, y: H - 6, "text-anchor": "end" }, t("web.review.axis")),
    );
  }

  function decisionCard(d, mine) {
    const at = mine.indexOf(d);
    const phaseKey = `${game}.phase.${d.phase}`;
    const step = (by) =>
      h(
        "button",
        {
          type: "button",
          "data-testid": by < 0 ? "review-previous" : "review-next",
          disabled: !mine[at + by],
          onclick: () => openDecision(mine[at + by]),
        },
        t(by < 0 ? "web.review.previous" : "web.review.next"),
      );
    const played = d.played;
    const best = d.best;
    const rows = [
      h(
        "div",
        { class: "review-move review-move-played", "data-testid": "review-played" },
        h("p", { class: "small muted" }, t("web.review.played", { name: name(current) })),
        h("p", { class: "review-words" }, pick(played?.text)),
        played ? h("p", { class: "small" }, valueLine(played)) : null,
      ),
    ];
    if (!d.best_is_played && best) {
      rows.push(
        h(
          "div",
          { class: "review-move review-move-best", "data-testid": "review-best" },
          h("p", { class: "small muted" }, t("web.review.best")),
          h("p", { class: "review-words" }, pick(best.text)),
          h("p", { class: "small" }, valueLine(best)),
        ),
      );
    }
    const loss = d.loss?.win;
    return h(
      "section",
      {
        class: "review-decision",
        "data-testid": "review-decision",
        "data-index": String(d.index),
        "aria-live": "polite",
      },
      h(
        "p",
        { class: "review-decision-head" },
        labelBadge(d.label),
        " ",
        t("web.review.decision", { n: at + 1, total: mine.length }),
        has(phaseKey) ? ` · ${t(phaseKey)}` : "",
      ),
      h("div", { class: "review-moves" }, rows),
      d.best_is_played
        ? h(
            "p",
            { class: "small", "data-testid": "review-best-played" },
            t("web.review.best_played", { name: name(current) }),
          )
        : loss && loss.mean !== null
          ? h(
              "p",
              { class: "small", "data-testid": "review-loss" },
              t("web.review.loss", {
                win: lostPoints(d),
                low: Math.round(100 * loss.interval[0]),
                high: Math.round(100 * loss.interval[1]),
                money: amount(-(d.loss.money?.mean || 0)),
              }),
            )
          : null,
      pick(d.explanation?.text) ? h("p", { class: "small review-explain" }, pick(d.explanation.text)) : null,
      h(
        "p",
        { class: "small muted", "data-testid": "review-board-note", hidden: true },
        t(d.best_is_played ? "web.review.on_board_best" : "web.review.on_board"),
      ),
      h(
        "p",
        { class: "review-steps" },
        step(-1),
        step(1),
        h("button", { type: "button", "data-testid": "review-close", onclick: close }, t("web.review.close")),
      ),
    );
  }

  function errorText(e) {
    if (e?.message) return pick(e.message);
    return t(e?.key || "web.error.unknown", e?.params || {});
  }

  render();
  if (start) ask();
  else call("GET");

  return {
    render,
    /** The decision open, if the replay shows its position. */
    openAt(index) {
      return open && open.index === index ? open : null;
    },
    /** Circle on the board the pieces the open decision's two moves name; true if any was found. */
    mark(board, index) {
      for (const el of board.querySelectorAll(".review-played, .review-best")) {
        el.classList.remove("review-played", "review-best");
      }
      const note = container.querySelector('[data-testid="review-board-note"]');
      if (!open || open.index !== index) {
        if (note) note.hidden = true;
        return false;
      }
      let found = false;
      for (const [which, move] of Object.entries(open.board || {})) {
        if (which === "played" && open.best_is_played) continue;
        for (const [arg, value] of Object.entries(move?.args || {})) {
          const attr = MARKED[arg];
          if (!attr) continue;
          for (const one of Array.isArray(value) ? value : [value]) {
            for (const el of board.querySelectorAll(`[data-${attr}="${CSS.escape(String(one))}"]`)) {
              el.classList.add(`review-${which}`);
              found = true;
            }
          }
        }
      }
      if (note) note.hidden = !found;
      return found;
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
