// Toques et Casques' course as drawn over the track: the river and the hurdles (cell by cell as the
// engine lists them), the start and finish plaques, their labels, and the infield's boxes (the arrival
// board, the eliminated box, the stakes), laid out to give the largest slots.

import { s } from "/static/js/dom.js";
import { formatMoney } from "/static/js/kit/money.js";
import { fmt, labelText, lineOf, mid, pathOf, stationLabel, stationPolygon, U } from "./track.js";
import { NS } from "./words.js";

const SLOT_MAX = 34; // the largest slot of the arrival board and the eliminated box, in user units

/** A box title in the infield, squeezed to the box's width when it would overflow it. */
function boxTitle(item, text) {
  const attrs = { class: "tc-box-title", x: fmt(item.x + item.w / 2), y: fmt(item.y + TITLE_H / 2 + 1) };
  if (text.length * 7.6 > item.w + 6) {
    attrs.textLength = fmt(item.w + 4);
    attrs.lengthAdjust = "spacingAndGlyphs";
  }
  return s("text", attrs, text);
}

/** The infield's rectangle (inside the rail, clear of the rounded ends), in user units. */
export function infieldRect(view) {
  const xs = view.rail.map((p) => p[0]);
  const ys = view.rail.map((p) => p[1]);
  let x = Math.min(...xs);
  let y = Math.min(...ys);
  let w = Math.max(...xs) - x;
  let hgt = Math.max(...ys) - y;
  const pad = 0.35 * U;
  const end = 0.6 * U; // the turns' inner arcs round the ends of the long side
  if (w >= hgt) {
    x += pad + end;
    w -= 2 * (pad + end);
    y += pad;
    hgt -= 2 * pad;
  } else {
    x += pad;
    w -= 2 * pad;
    y += pad + end;
    hgt -= 2 * (pad + end);
  }
  return { x, y, w, h: hgt };
}

/** Lay the arrival board, the eliminated box and the stakes out in the infield: the arrangement that
 * gives the largest slots wins. Each item is a grid of `cols` x `rows` slots under a title. */
const TITLE_H = 15;
const GAP = 4;
const ITEM_GAP = 14;
const ARRANGEMENTS = [
  [
    [
      ["arrival", 6, 1],
      ["eliminated", 6, 1],
      ["stakes", 4, 1],
    ],
  ],
  [
    [
      ["arrival", 6, 1],
      ["stakes", 4, 1],
    ],
    [["eliminated", 6, 1]],
  ],
  [[["arrival", 6, 1]], [["eliminated", 6, 1]], [["stakes", 6, 1]]],
  [
    [
      ["arrival", 3, 2],
      ["eliminated", 3, 2],
    ],
    [["stakes", 6, 1]],
  ],
  [[["arrival", 3, 2]], [["eliminated", 3, 2]], [["stakes", 3, 1]]],
  [[["arrival", 2, 3]], [["eliminated", 2, 3]], [["stakes", 2, 2]]],
];

export function layoutInfield(rect) {
  let best = null;
  for (const rows of ARRANGEMENTS) {
    let byWidth = Infinity;
    for (const row of rows) {
      const cols = row.reduce((n, [, c]) => n + c, 0);
      const fixed = row.reduce((n, [, c]) => n + (c - 1) * GAP, 0) + (row.length - 1) * ITEM_GAP;
      byWidth = Math.min(byWidth, (rect.w - fixed) / cols);
    }
    const slotRows = rows.reduce((n, row) => n + Math.max(...row.map(([, , r]) => r)), 0);
    const fixedH =
      rows.reduce((n, row) => n + TITLE_H + (Math.max(...row.map(([, , r]) => r)) - 1) * GAP, 0) +
      (rows.length - 1) * ITEM_GAP;
    const size = Math.min(SLOT_MAX, byWidth, (rect.h - fixedH) / slotRows);
    if (!best || size > best.size + 0.5) best = { rows, size };
  }
  const size = Math.max(8, best.size);
  const items = {};
  const heights = best.rows.map((row) => TITLE_H + Math.max(...row.map(([, , r]) => r * size + (r - 1) * GAP)));
  const total = heights.reduce((a, b) => a + b, 0) + (best.rows.length - 1) * ITEM_GAP;
  let y = rect.y + (rect.h - total) / 2;
  best.rows.forEach((row, i) => {
    const width = row.reduce((n, [, c]) => n + c * size + (c - 1) * GAP, 0) + (row.length - 1) * ITEM_GAP;
    let x = rect.x + (rect.w - width) / 2;
    for (const [kind, cols, rws] of row) {
      const w = cols * size + (cols - 1) * GAP;
      const slots = [];
      for (let k = 0; k < cols * rws; k++) {
        const cx = x + (k % cols) * (size + GAP) + size / 2;
        const cy = y + TITLE_H + Math.floor(k / cols) * (size + GAP) + size / 2;
        slots.push([cx, cy]);
      }
      items[kind] = { x, y, w, h: TITLE_H + rws * size + (rws - 1) * GAP, slots, size };
      x += w + ITEM_GAP;
    }
    y += heights[i] + ITEM_GAP;
  });
  return items;
}

/** The infield's boxes, titled, with their empty slots (the arrival board's places, the eliminated
 * box's horse numbers); sets `ctx.infield`. */
export function infieldBoxes(ctx) {
  const { t, view } = ctx;
  ctx.infield = layoutInfield(infieldRect(view));
  const parts = [];
  const titles = { arrival: t(`${NS}.arrival`), eliminated: t(`${NS}.eliminated`) };
  for (const [kind, item] of Object.entries(ctx.infield)) {
    const box = { x: fmt(item.x - 4), y: fmt(item.y - 2), width: fmt(item.w + 8), height: fmt(item.h + 6) };
    parts.push(s("rect", { class: `tc-box ${kind}`, ...box, rx: 5 }));
    if (kind === "stakes") continue; // titled with its amount, drawn with the course
    parts.push(boxTitle(item, titles[kind]));
    item.slots.forEach(([x, y], k) => {
      const size = item.size;
      const at = { x: fmt(x - size / 2), y: fmt(y - size / 2) };
      parts.push(
        s("rect", { class: "tc-slot", ...at, width: fmt(size), height: fmt(size), rx: 4 }),
        s(
          "text",
          { class: "tc-slot-label", x: fmt(x - size / 2 + 2.5), y: fmt(y - size / 2 + 6) },
          kind === "arrival" ? String(k + 1) : ctx.t(`${NS}.horse_no`, { n: ctx.numbers[k] }),
        ),
      );
    });
  }
  return parts;
}

/** The stakes as the players read them: the amount, and each place's share. */
export function sharesText(ctx) {
  const { course } = ctx.obs();
  const money = (v) => formatMoney(v, { lang: ctx.shell.lang });
  return (course.split || []).map((v, i) => `${ctx.t(`web.ordinal.${i + 1}`)} ${money(v)}`);
}

/** The stakes box (07-05): the amount in its title, then how it is shared, place by place. */
function stakesText(ctx, item) {
  const course = ctx.obs().course;
  const shares = sharesText(ctx);
  const fits = (text) => text.length * 5.6 <= item.w;
  let per = Math.max(1, shares.length);
  while (per > 1 && !fits(shares.slice(0, per).join(" · "))) per -= 1;
  const lines = [];
  for (let i = 0; i < shares.length; i += per) lines.push(shares.slice(i, i + per).join(" · "));
  const cx = fmt(item.x + item.w / 2);
  const g = s("g", { class: "tc-stakes", "data-testid": "tc-stakes" });
  g.append(boxTitle(item, `${ctx.t(`${NS}.stakes`)} ${formatMoney(course.stakes, { lang: ctx.shell.lang })}`));
  const step = Math.min(13, (item.h - TITLE_H) / Math.max(1, lines.length));
  lines.forEach((line, i) => {
    g.append(s("text", { class: "tc-stakes-split", x: cx, y: fmt(item.y + TITLE_H + step * (i + 0.5) + 1) }, line));
  });
  return g;
}

/** The river, the hurdles, the plaques and their labels, and the stakes, as SVG elements. */
export function courseParts(ctx) {
  const { t, view } = ctx;
  const o = ctx.obs();
  const parts = [];
  const course = o.course;
  const label = (station, side, text, cls) => {
    const at = stationLabel(view, station, side, { along: true });
    return at ? labelText(at, `tc-plaque-label ${cls}`, text) : null;
  };
  // The river and the hurdles, cell by cell as the engine lists them (14-04: they span all lanes).
  for (const [cell, kind] of o.obstacles || []) {
    const c = view.cells[cell];
    if (!c) continue;
    parts.push(s("path", { class: `tc-obstacle ${kind}`, d: c.d, "data-obstacle": kind }));
    if (kind === "hurdle") {
      // A rail across the middle of the length: the hurdle's bar.
      const n = c.pts.length;
      const a = mid(c.pts[0], c.pts[n / 2 - 1]);
      const b = mid(c.pts[n - 1], c.pts[n / 2]);
      parts.push(s("path", { class: "tc-hurdle-bar", d: lineOf([a, b]) }));
    }
  }
  if (course.river?.length) {
    const at = stationLabel(view, course.river[0], 1);
    const at2 = stationLabel(view, course.river[course.river.length - 1], 1);
    if (at && at2) {
      parts.push(
        labelText({ ...at, x: (at.x + at2.x) / 2, y: (at.y + at2.y) / 2 }, "tc-plaque-label river", t(`${NS}.river`)),
      );
    }
  }
  // The hurdles as the engine groups them (13-01: two one after the other are a double hurdle),
  // each labelled once.
  for (const run of o.hurdle_runs || []) {
    const stations = run.stations || [];
    if (!stations.length) continue;
    const a = stationLabel(view, stations[0], 1);
    const b = stationLabel(view, stations[stations.length - 1], 1);
    if (a && b) {
      const text = t(run.double ? `${NS}.double_hurdle` : `${NS}.hurdle`);
      parts.push(labelText({ ...a, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, "tc-plaque-label hurdle", text));
    }
  }
  // The start plaque (rank 0 of the start straight) until it is lifted after the first round (09-05),
  // and the finish plaque: announced before the start, laid only for the last lap (10-03).
  const start = course.start;
  const placed = Boolean(o.finish_placed);
  const finishText = t(placed ? `${NS}.finish` : `${NS}.finish_announced`);
  if (o.start_plaque) {
    const poly = stationPolygon(view, start);
    if (poly) parts.push(s("path", { class: "tc-start", d: pathOf(poly), "data-testid": "start-plaque" }));
    // The places on the plaque, N°1 first, on the cells the engine puts them (06-02).
    (o.start_places || []).forEach((cell, k) => {
      const c = view.cells[cell];
      if (c) parts.push(s("text", { class: "tc-place-num", x: fmt(c.at[0]), y: fmt(c.at[1]) }, String(k + 1)));
    });
  }
  const finish = stationPolygon(view, course.finish);
  if (finish) {
    parts.push(
      s("path", {
        class: `tc-finish${placed ? " placed" : " announced"}`,
        d: pathOf(finish),
        "data-testid": "finish-plaque",
      }),
    );
  }
  if (o.start_plaque && course.finish === start) {
    parts.push(label(start, 1, `${t(`${NS}.start`)} · ${finishText}`, "start"));
  } else {
    if (o.start_plaque) parts.push(label(start, 1, t(`${NS}.start`), "start"));
    if (finish) parts.push(label(course.finish, 1, finishText, "finish"));
  }
  // The hurdle every horse has passed, while its fate is decided (13-02).
  if (o.relocation) {
    const poly = stationPolygon(view, o.relocation.hurdle);
    if (poly) parts.push(s("path", { class: "tc-relocating", d: pathOf(poly) }));
  }
  if (ctx.infield?.stakes) parts.push(stakesText(ctx, ctx.infield.stakes));
  return parts.filter(Boolean);
}
