// Toques et Casques' horses as drawn: each on its length of the track (a saddle cloth in its colour,
// its number, the jockey's cap or the driver and sulky), off the track on the arrival board or in the
// eliminated box, sliding along the lengths it went through (`kit/motion.js`), and the trail of the
// horse to move this turn.

import { s, seatColour } from "/static/js/dom.js";
import { inkOn } from "/static/js/kit/colour.js";
import { cellsPath, fmt, pawnOn } from "/static/js/kit/lanetrack.js";
import { createSlides, movesFromEvents } from "/static/js/kit/motion.js";
import { U } from "./track.js";
import { horseLabel } from "./words.js";

const STEPPED = "toques_et_casques.stepped";
const ROLLED = "toques_et_casques.dice_rolled";

/** One horse's drawing around 0 0: its head towards `angle` (degrees), its jockey's cap (ridden) or
 * the driver and sulky behind (harness trot) in the owner's seat colour, its number upright. */
function horseParts(ctx, number, { angle = 0, size, bare = false, current = false, arrived = false }) {
  const horse = ctx.horseOf(number);
  const colour = ctx.colourOf(number);
  const k = size / 2;
  const rider = horse && horse.owner !== null && horse.owner !== undefined ? seatColour(horse.owner) : "#ddd";
  const harness = ctx.harness();
  const parts = [s("title", {}, horseLabel(ctx, number))];
  if (current) parts.push(s("circle", { class: "tc-current-ring", r: fmt(k * 1.75) }));
  const body = s("g", { transform: `rotate(${fmt(angle)})` });
  const f = (n) => fmt(k * n);
  if (!bare && harness) {
    // The sulky: two shafts, the axle with its wheels, the driver's helmet (casque).
    body.append(
      s("path", {
        class: "tc-sulky",
        d: `M${f(-1)} ${f(-0.45)}H${f(-1.3)}M${f(-1)} ${f(0.45)}H${f(-1.3)}M${f(-1.3)} ${f(-0.95)}V${f(0.95)}`,
      }),
      s("rect", { class: "tc-wheel", x: f(-1.55), y: f(-1.12), width: f(0.5), height: f(0.24), rx: 1 }),
      s("rect", { class: "tc-wheel", x: f(-1.55), y: f(0.88), width: f(0.5), height: f(0.24), rx: 1 }),
      s("circle", { class: "tc-rider", cx: f(-1.3), cy: 0, r: f(0.38), fill: rider }),
    );
  }
  if (!bare) {
    body.append(
      s("path", {
        class: "tc-head",
        d: `M${f(0.8)} ${f(-0.32)}Q${f(1.65)} ${f(-0.3)} ${f(1.62)} 0Q${f(1.65)} ${f(0.3)} ${f(0.8)} ${f(0.32)}Z`,
      }),
      s("path", {
        class: "tc-ears",
        d: `M${f(1.05)} ${f(-0.3)}l${f(0.12)} ${f(-0.22)}M${f(1.05)} ${f(0.3)}l${f(0.12)} ${f(0.22)}`,
      }),
    );
  }
  body.append(
    s("rect", { class: "tc-cloth", x: f(-1), y: f(-1), width: f(2), height: f(2), rx: f(0.35), fill: colour }),
  );
  if (bare || !harness) {
    // The jockey's cap (toque) on the horse's back, in the owner's seat colour.
    body.append(s("circle", { class: "tc-rider", cx: f(-1.02), cy: 0, r: f(0.34), fill: rider }));
  }
  parts.push(
    body,
    s("text", { class: "tc-horse-num", fill: inkOn(colour), "font-size": f(1.5), y: f(0.06) }, String(number)),
  );
  if (arrived) {
    parts.push(
      s("rect", {
        class: "tc-arrived-flag",
        x: f(0.3),
        y: f(-1.5),
        width: f(0.9),
        height: f(0.7),
        fill: "url(#tc-checker)",
      }),
    );
  }
  return parts;
}

const horseAttrs = (number, { current = false, arrived = false } = {}) => ({
  class: `tc-horse${current ? " current" : ""}${arrived ? " arrived" : ""}`,
  "data-horse": number,
  "data-testid": `horse-token-${number}`,
});

/** A horse in a slot off the track (the arrival board, the eliminated box). */
function horseInSlot(ctx, number, [x, y], size) {
  const attrs = { ...horseAttrs(number), transform: `translate(${fmt(x)} ${fmt(y)})` };
  return s("g", attrs, horseParts(ctx, number, { size, bare: true }));
}

/** Every horse: those on the track, on their lengths (the first children), then the arrival board
 * (place by place) and the eliminated box (by horse number, 07-03). */
export function horsesParts(ctx) {
  const { view, infield, numbers } = ctx;
  const o = ctx.obs();
  const parts = [];
  for (const horse of o.horses) {
    const c = horse.cell === null || horse.cell === undefined ? null : view.cells[horse.cell];
    if (!c) continue;
    const current = o.current === horse.number && ["race", "review"].includes(o.phase);
    const arrived = horse.status === "arrived";
    const content = horseParts(ctx, horse.number, { angle: c.angle, size: 0.9 * U, current, arrived });
    parts.push(pawnOn(view, horse.cell, content, { attrs: horseAttrs(horse.number, { current, arrived }) }));
  }
  if (!infield) return parts;
  (o.order || []).forEach((number, k) => {
    const slot = infield.arrival?.slots[k];
    if (slot) parts.push(horseInSlot(ctx, number, [slot[0], slot[1] + 3.5], infield.arrival.size * 0.55));
  });
  for (const horse of o.horses) {
    const slot = horse.eliminated ? infield.eliminated?.slots[numbers.indexOf(horse.number)] : null;
    if (!slot) continue;
    const g = horseInSlot(ctx, horse.number, [slot[0], slot[1] + 3.5], infield.eliminated.size * 0.55);
    g.classList.add("out", horse.status);
    parts.push(g);
  }
  return parts;
}

/**
 * The horses' slides (issue 16: pawns move along their path; still under reduced motion): `collect`
 * the lengths each horse went through in the change a state message tells (its `stepped` events, from
 * where the last state had it; nothing when the log came whole), `play` them once on the horses'
 * layer, which keeps each way as `data-path-<horse>` and `data-animated-<horse>`.
 */
export function horseSlides() {
  const slides = createSlides();
  let ways = new Map();
  return {
    /** The ways of the state just come, when it moved the game on (`shell.forward`); none else. */
    collect(shell) {
      const moves = !shell.forward
        ? []
        : movesFromEvents(shell.msg, shell.before, {
            read: (e) => (e.key === STEPPED ? { piece: e.params?.horse, to: e.params?.cell } : null),
            startOf: (before, n) => before?.observation?.horses?.find((x) => x.number === n)?.cell ?? null,
          });
      ways = new Map();
      for (const m of moves) {
        if (!ways.has(m.piece)) ways.set(m.piece, [m.from]);
        ways.get(m.piece).push(m.to);
      }
    },
    play(ctx, layer) {
      const runs = [];
      for (const [n, cells] of ways) {
        const onTrack = ctx.horseOf(n)?.cell;
        if (onTrack === null || onTrack === undefined) continue; // it fell, or left for the arrival board
        const element = layer.querySelector(`.tc-horse[data-horse="${n}"]`); // the track's come first
        const points = cells.map((c) => ctx.view.cells[c]?.at);
        if (element && points.every(Boolean)) runs.push({ key: n, element, points, cells });
      }
      ways = new Map();
      if (runs.length) slides.play(layer, runs);
    },
    stop: () => slides.stop(),
  };
}

/** The way the horse to move has come this move: from its length before the roll, step by step. */
export function trailParts(ctx) {
  const o = ctx.obs();
  const log = ctx.shell.log;
  if (!o.current || !["race", "review"].includes(o.phase)) return [];
  let last = -1;
  for (let i = log.length - 1; i >= 0 && last < 0; i--) if (log[i].key === ROLLED) last = i;
  if (last < 0 || log[last].params?.horse !== o.current) return [];
  const cells = log
    .slice(last + 1)
    .filter((e) => e.key === STEPPED && e.params?.horse === o.current)
    .map((e) => e.params.cell);
  if (o.turn_start !== undefined && o.turn_start !== null) cells.unshift(o.turn_start);
  else if (ctx.turnStart && ctx.turnStart.horse === o.current) cells.unshift(ctx.turnStart.cell);
  const points = cells.map((c) => ctx.view.cells[c]?.at).filter(Boolean);
  if (points.length < 2) return [];
  return [
    s("path", { class: "tc-trail-line", d: cellsPath(ctx.view, cells) }),
    points.slice(0, -1).map(([x, y]) => s("circle", { class: "tc-trail-dot", cx: fmt(x), cy: fmt(y), r: 3 })),
  ];
}
