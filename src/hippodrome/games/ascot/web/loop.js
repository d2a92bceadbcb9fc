// Ascot's training ground: the loop of forty squares (the header of the one who is paid, the text of
// the square), the two stables' boxes, the report decks, the horses and the last throw of the dice.
// On a phone the squares are too small to read: the loop is drawn with their numbers and colours only,
// and the squares the horses stand on are listed under it in words, each with its horses.

import { fill, h, s } from "/static/js/dom.js";
import { createSlides, fillPawns, placeOf } from "/static/js/kit/motion.js";
import { pawn } from "./words.js";

const LOOP_W = 76; // a training square's width and height in SVG user units
const LOOP_H = 72;

/** The training loop's squares (0 the boxes' square, then clockwise): 12 along the top and the
 * bottom, 8 down each side. */
function loopCorner(n) {
  if (n < 12) return [n * LOOP_W, 0];
  if (n < 20) return [11 * LOOP_W, (n - 11) * LOOP_H];
  if (n < 32) return [(31 - n) * LOOP_W, 9 * LOOP_H];
  return [0, (40 - n) * LOOP_H];
}

/** Words cut into lines of at most `width` characters, at most `most` lines. */
function wrap(text, width, most) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > most) {
    const kept = lines.slice(0, most);
    kept[most - 1] = `${kept[most - 1].replace(/\s*\S*$/, "")}…`;
    return kept;
  }
  return lines;
}

/**
 * The training ground's part of the board.
 * @param {object} ctx   the board's context (`words.js`)
 */
export function createLoop(ctx) {
  const bd = ctx.bd;
  const length = bd.training.length;
  const named = new Map(bd.training.squares.map((q) => [q.n, q]));
  const slides = createSlides();
  const boxCentre = new Map();

  const box = h("details", { class: "as-board-box as-loop-box", "data-testid": "as-loop-box" });
  const title = h("summary");
  const svg = s("svg", { class: "as-loop", "data-testid": "as-loop", role: "group" });
  svg.setAttribute("viewBox", `-4 -4 ${12 * LOOP_W + 8} ${10 * LOOP_H + 8}`);
  const staticLayer = s("g", { class: "as-static" });
  const pawnLayer = s("g", { class: "as-pawns", "data-pieces": true });
  svg.append(staticLayer, pawnLayer);
  const standing = h("ul", { class: "as-standing", "data-testid": "as-standing" });
  box.append(title, svg, standing);

  const squareText = (sq) => sq[ctx.lang] || sq.en;
  function header(n) {
    const sq = named.get(n);
    if (n === 0) return ctx.tx("boxes");
    if (!sq || sq.header === "none") return "";
    return sq.header === "stable" ? ctx.tx("header_stable") : ctx.cardName(sq.header);
  }
  function body(n) {
    const sq = named.get(n);
    if (n === 0) return ctx.tx("start_here");
    if (!sq) return "";
    let text = squareText(sq);
    const cut = text.indexOf(":");
    if (sq.header === "stable" && cut > 0) text = text.slice(cut + 1).trim();
    return text;
  }
  /** A square in words: its header and what it says (a plain square by its number). */
  function squareWords(n) {
    const sq = named.get(n);
    if (n === 0) return ctx.tx("boxes_title");
    return sq ? [header(n), body(n)].filter(Boolean).join(" — ") : ctx.tx("plain_square", { n });
  }

  function drawStatic() {
    title.textContent = ctx.tx("loop_title");
    svg.setAttribute("aria-label", ctx.tx("loop_title"));
    const phone = ctx.shell.layout === "phone";
    const parts = [
      s("rect", { class: "as-loop-ground", x: -4, y: -4, width: 12 * LOOP_W + 8, height: 10 * LOOP_H + 8, rx: 10 }),
    ];
    for (let n = 0; n < length; n += 1) {
      const [x, y] = loopCorner(n);
      const kind = n === 0 ? "boxes" : named.get(n)?.kind || "plain";
      const head = header(n);
      const g = s(
        "g",
        { class: `as-sq ${kind}`, transform: `translate(${x} ${y})`, "data-square": n },
        s("title", {}, squareWords(n)),
      );
      g.append(s("rect", { class: "as-sq-body", width: LOOP_W, height: LOOP_H }));
      if (head) g.append(s("rect", { class: "as-sq-head", width: LOOP_W, height: phone ? 20 : 13 }));
      if (phone) {
        // Too small to read on a phone: the number, large; the words are listed under the loop.
        g.append(s("text", { class: "as-sq-big", x: LOOP_W / 2, y: LOOP_H / 2 + 12 }, String(n)));
      } else {
        if (head) {
          // A long name is pressed to the square's width rather than cut.
          const fit = head.length > 13 ? { textLength: LOOP_W - 6, lengthAdjust: "spacingAndGlyphs" } : {};
          g.append(s("text", { class: "as-sq-header", x: LOOP_W / 2, y: 9.5, ...fit }, head));
        }
        g.append(s("text", { class: "as-sq-num", x: 3, y: LOOP_H - 3 }, String(n)));
        wrap(body(n), 16, 5).forEach((line, i) => {
          g.append(s("text", { class: "as-sq-text", x: LOOP_W / 2, y: (head ? 22 : 12) + i * 9 }, line));
        });
      }
      parts.push(g);
    }
    const arrows = [
      [LOOP_W * 6, LOOP_H + 12, 0],
      [LOOP_W * 11 - 14, LOOP_H * 5, 90],
      [LOOP_W * 6, LOOP_H * 9 - 12, 180],
      [LOOP_W + 14, LOOP_H * 5, 270],
    ];
    for (const [x, y, angle] of arrows) {
      parts.push(
        s("path", {
          class: "as-arrow",
          d: "M-12 0h20m-7 -6l7 6l-7 6",
          transform: `translate(${x} ${y}) rotate(${angle})`,
        }),
      );
    }
    // The two stables' boxes, six horses each, in number order.
    boxCentre.clear();
    ["walroy", "stevens"].forEach((stable, k) => {
      const ids = bd.horses.filter((x) => x.stable === stable).map((x) => x.id);
      const x0 = LOOP_W + 40 + k * 380;
      const y0 = LOOP_H + 40;
      parts.push(s("text", { class: "as-stable-title", x: x0 + 150, y: y0 - 8 }, ctx.cardName(`ecurie_${stable}`)));
      ids.forEach((id, i) => {
        const bx = x0 + (i % 3) * 104;
        const by = y0 + Math.floor(i / 3) * 112;
        boxCentre.set(id, [bx + 48, by + 44]);
        parts.push(
          s(
            "rect",
            { class: `as-box ${stable}`, x: bx, y: by, width: 96, height: 96, rx: 6 },
            s("title", {}, ctx.tx("box_of", { horse: ctx.cardName(id) })),
          ),
          s("text", { class: "as-box-num", x: bx + 6, y: by + 14 }, id.slice(1)),
        );
      });
    });
    const decks = [
      ["walroy", "#c62828"],
      ["stevens", "#1e5bc6"],
      ["veterinary", "#f7f7f2"],
    ];
    decks.forEach(([deck, colour], i) => {
      const x = LOOP_W + 220 + i * 130;
      const y = LOOP_H + 300;
      parts.push(
        s(
          "rect",
          { class: "as-deck", x, y, width: 90, height: 56, rx: 5, fill: colour },
          s("title", {}, ctx.tx(`deck_title.${deck}`)),
        ),
        s(
          "text",
          { class: `as-deck-label${deck === "veterinary" ? " dark" : ""}`, x: x + 45, y: y + 32 },
          ctx.tx(`deck.${deck}`),
        ),
      );
    });
    fill(staticLayer, parts);
  }

  function draw() {
    const o = ctx.obs();
    const squares = o?.squares || {};
    const me = ctx.viewer();
    const phone = ctx.shell.layout === "phone";
    const mine = (id) => me !== null && ctx.ownerOf(id) === me;
    const bySquare = new Map();
    const parts = [];
    for (const [id, n] of Object.entries(squares)) {
      if (n <= 0 || n >= length) {
        const [cx, cy] = boxCentre.get(id);
        const g = pawn(ctx, id, cx, cy, 17, { mine: mine(id) });
        if (n >= length) g.classList.add("home");
        parts.push(g);
        if (n >= length) parts.push(s("text", { class: "as-home-mark", x: cx + 30, y: cy - 24 }, "✓"));
        continue;
      }
      if (!bySquare.has(n)) bySquare.set(n, []);
      bySquare.get(n).push(id);
    }
    // On a phone the horses are larger: two a row, filling the square.
    const [per, step, r] = phone ? [2, 34, 16] : [4, 18, 8.5];
    for (const [n, ids] of bySquare) {
      const [x, y] = loopCorner(n);
      ids.forEach((id, i) => {
        const px = x + (phone ? 21 : 11) + (i % per) * step;
        const py = y + LOOP_H - (phone ? 19 : 12) - Math.floor(i / per) * step;
        parts.push(pawn(ctx, id, px, py, r, { mine: mine(id) }));
      });
    }
    for (const horse of bd.horses) {
      const [cx, cy] = boxCentre.get(horse.id);
      const adv = o?.advantages?.[horse.id] || 0;
      const dis = o?.disadvantages?.[horse.id] || 0;
      const advTitle = ctx.tx("advantages_n", { n: adv, colour: ctx.colourName(horse.colour) });
      if (adv)
        parts.push(
          s(
            "text",
            { class: `as-box-adv ${horse.colour}`, x: cx - 30, y: cy + 44 },
            s("title", {}, advTitle),
            `+${adv}`,
          ),
        );
      const disTitle = ctx.tx("disadvantages_n", { n: dis });
      if (dis)
        parts.push(s("text", { class: "as-box-dis", x: cx + 30, y: cy + 44 }, s("title", {}, disTitle), `−${dis}`));
    }
    const dice = ctx.lastEvent("ascot.dice_thrown");
    if (dice && ctx.stageOf(o?.phase) === "training") {
      const x = LOOP_W * 6;
      const y = LOOP_H * 7 + 36;
      parts.push(
        s(
          "rect",
          { class: "as-dice", x: x - 34, y: y - 24, width: 68, height: 44, rx: 8 },
          s("title", {}, ctx.eventText(dice)),
        ),
        s("text", { class: "as-dice-total", x, y: y + 6 }, String(dice.params.total)),
      );
    }
    fillPawns(pawnLayer, parts, (el) => el.dataset.horse);
    drawStanding(bySquare, phone);
  }

  /** The squares the horses stand on, in words (a phone's reading of the loop). */
  function drawStanding(bySquare, phone) {
    standing.hidden = !phone;
    if (!phone) return;
    const rows = [...bySquare.entries()].sort((a, b) => a[0] - b[0]);
    fill(
      standing,
      rows.map(([n, ids]) =>
        h(
          "li",
          { class: `as-standing-row ${named.get(n)?.kind || "plain"}`, "data-square": n },
          h("span", { class: "as-standing-num" }, String(n)),
          h(
            "span",
            { class: "as-standing-horses" },
            ids.map((id) => ctx.chip(id)),
          ),
          h("span", { class: "as-standing-text" }, squareWords(n)),
        ),
      ),
    );
  }

  /** Slide each horse moved on the loop square by square, one after another (issue 16). */
  function slide(moved) {
    const [dx, dy] = ctx.shell.layout === "phone" ? [21, 19] : [11, 12];
    const spot = (n) => {
      if (n <= 0 || n >= length) return null; // its box
      const [x, y] = loopCorner(n);
      return [x + dx, y + LOOP_H - dy];
    };
    const runs = [];
    for (const { piece: horse, from, to } of moved) {
      const element = pawnLayer.querySelector(`[data-horse="${horse}"]`);
      if (!element || !Number.isInteger(from) || !Number.isInteger(to)) continue;
      const step = to > from ? 1 : -1;
      const cells = [];
      for (let n = from; n !== to + step; n += step) cells.push(n);
      const points = cells.map((n) => spot(n) || boxCentre.get(horse));
      points[points.length - 1] = placeOf(element); // its place among those on the square
      runs.push({ key: horse, element, points, cells: cells.map((n) => (n <= 0 || n >= length ? "box" : n)) });
    }
    slides.play(pawnLayer, runs);
  }

  /** What a training event moved, for `movesFromEvents`. */
  function read(event) {
    const p = event.params || {};
    if (event.key === "ascot.horse_trained") return { piece: p.horse, from: p.start, to: p.end };
    if (event.key === "ascot.horse_shifted") return { piece: p.horse, to: p.end };
    return null;
  }

  const startOf = (before, horse) => before?.observation?.squares?.[horse] ?? null;

  return { box, svg, drawStatic, draw, slide, read, startOf, stop: () => slides.stop() };
}
