// Toques et Casques' choices on the track: where the roll can end (the server's whole moves, `plans`,
// played in one click, a fall confirmed first), the single steps left to a length no whole move ends
// on, and the stations a hurdle may be moved to. Drawn on their lengths (`kit/lanetrack.js`), and as a
// list of finger-sized buttons when the lengths are too small to tap (a phone).

import { fill, h, s } from "/static/js/dom.js";
import { activate } from "/static/js/kit/action.js";
import { cellsPath, cellTargets, fmt, landingList, stationCells, stationShape } from "/static/js/kit/lanetrack.js";
import { stationWords } from "./track.js";
import { NS, planLabel, planShort, stepLabel } from "./words.js";

/** A plan's actions as one `data-*` value (the notations, never shown): `;` between actions. */
const planData = (plan) => plan.actions.join(";");

/** The single steps worth drawing: those to a length no whole move ends on. */
function loneSteps(ctx) {
  const o = ctx.obs();
  if (!ctx.shell.interactive || o.phase !== "race") return [];
  const ends = new Set(ctx.plans().map((p) => p.end));
  return (o.steps || []).filter(
    (step) => ctx.isLegal(step.action) && !ends.has(step.cell) && ctx.view.cells[step.cell],
  );
}

/** The whole moves as targets (`kit/lanetrack.js` CellTarget). */
function planTargets(ctx, short = false) {
  return ctx
    .plans()
    .filter((plan) => ctx.view.cells[plan.end])
    .map((plan) => {
      const cell = ctx.view.cells[plan.end];
      return {
        cell: plan.end,
        action: plan.actions[0],
        label: short ? planShort(ctx, plan, cell) : planLabel(ctx, plan, cell),
        kind: plan.warning ? "fall" : "safe",
        plan,
        data: {
          "data-fall": String(Boolean(plan.warning)),
          "data-steps": plan.actions.length,
          "data-plan": planData(plan),
        },
      };
    });
}

/** The stations a hurdle may be moved to, with their legal action. */
function hurdleTargets(ctx) {
  const o = ctx.obs();
  if (!ctx.shell.interactive || o.phase !== "relocate" || !o.relocation) return [];
  return (o.relocation.targets || [])
    .map((station) => ({ station, action: ctx.legalNotation("move_hurdle", { station }) }))
    .filter((x) => x.action && stationShape(ctx.view, x.station))
    .map((x) => ({ ...x, label: ctx.t(`${NS}.move_hurdle_to`, { station: stationWords(x.station) }) }));
}

/** Every choice drawn on the track: the lone steps, the ends of the roll, the hurdle's stations. */
export function targetParts(ctx, { drawPath }) {
  const { view } = ctx;
  const parts = [];
  const o = ctx.obs();
  const from = view.cells[ctx.horseOf(o.current)?.cell];
  for (const step of loneSteps(ctx)) {
    const c = view.cells[step.cell];
    const angle = from ? (Math.atan2(c.at[1] - from.at[1], c.at[0] - from.at[0]) * 180) / Math.PI : c.angle;
    const label = stepLabel(ctx, step.action, c);
    const g = s("g", {
      class: "tc-step",
      role: "button",
      tabindex: "0",
      "aria-label": label,
      "data-testid": "step-cell",
      "data-action": step.action,
      "data-cell": step.cell,
    });
    const arrow = `translate(${fmt(c.at[0])} ${fmt(c.at[1])}) rotate(${fmt(angle)})`;
    g.append(
      s("title", {}, label),
      s("path", { class: "tc-step-cell", d: c.d }),
      s("path", { class: "tc-step-arrow", transform: arrow, d: "M-3 -5L3 0L-3 5" }),
    );
    activate(g, () => ctx.shell.act(step.action));
    parts.push(g);
  }
  const ends = cellTargets(view, planTargets(ctx), {
    act: (target) => choose(ctx, target.plan, drawPath),
    hover: (target) => drawPath(target ? target.plan : ctx.pending),
    testid: "plan-end",
  });
  for (const g of ends) g.classList.add("tc-end", ...(g.dataset.fall === "true" ? ["fall"] : []));
  parts.push(...ends);
  for (const x of hurdleTargets(ctx)) {
    const g = s("g", {
      class: "tc-target",
      role: "button",
      tabindex: "0",
      "aria-label": x.label,
      "data-testid": "hurdle-target",
      "data-station": x.station,
      "data-action": x.action,
    });
    g.append(s("title", {}, x.label), s("path", { d: stationShape(view, x.station) }));
    activate(g, () => ctx.shell.act(x.action));
    parts.push(g);
  }
  return parts;
}

/** The same choices as a list of buttons, each at least 40 CSS pixels, for a screen where the
 * lengths are too small to tap; null when there is no choice to list. */
export function landingChoices(ctx, { drawPath, quick = 2 }) {
  // The safe ends first, the farthest first: the likeliest choices are the buttons.
  const order = (a, b) =>
    Number(Boolean(a.plan.warning)) - Number(Boolean(b.plan.warning)) || b.plan.path.length - a.plan.path.length;
  const ends = planTargets(ctx, true).sort(order);
  const hurdles = hurdleTargets(ctx).map((x) => ({
    cell: stationCells(ctx.view, x.station)[0]?.id,
    action: x.action,
    label: x.label,
    data: { "data-station": x.station },
  }));
  if (!ends.length && !hurdles.length) return null;
  const other = ctx.t(`${NS}.landing_go`);
  const list = ends.length
    ? landingList(ends, {
        act: (target) => choose(ctx, target.plan, drawPath),
        hover: (target) => drawPath(target ? target.plan : ctx.pending),
        testid: "plan-choice",
        title: ctx.t(`${NS}.landings`),
        quick,
        other,
      })
    : landingList(hurdles, {
        act: (target) => ctx.shell.act(target.action),
        testid: "hurdle-choice",
        title: ctx.t(`${NS}.landings_hurdle`),
        quick,
        other,
      });
  list.classList.add("tc-landings");
  return list;
}

/** The path of `plan` from the horse to its end, on `layer` (none: nothing drawn). */
export function pathParts(ctx, plan, layer) {
  fill(layer);
  if (!plan || !ctx.view) return;
  const points = plan.path.map((c) => ctx.view.cells[c]?.at).filter(Boolean);
  if (!points.length) return;
  const fall = plan.warning ? " fall" : "";
  layer.dataset.end = String(plan.end);
  layer.append(
    s("path", { class: `tc-plan-line${fall}`, d: cellsPath(ctx.view, plan.path), "data-testid": "plan-path" }),
    points.slice(1).map(([x, y]) => s("circle", { class: `tc-plan-dot${fall}`, cx: fmt(x), cy: fmt(y), r: 2.6 })),
  );
}

/** Play `plan`, after the player confirms it when it ends in a fall (04-01). */
export function choose(ctx, plan, drawPath) {
  if (plan.warning && ctx.pending !== plan) {
    ctx.pending = plan;
    ctx.pendingVersion = ctx.shell.msg?.version ?? null;
    ctx.drawConfirm();
    drawPath(plan);
    ctx.confirmBox.querySelector('[data-testid="plan-cancel"]')?.focus(); // the safe answer first
    return;
  }
  ctx.pending = null;
  ctx.drawConfirm();
  if (ctx.shell.interactive && ctx.send) ctx.send({ type: "plan", actions: plan.actions });
}

/** The fall's warning with its two answers, in `box` (hidden when no fall waits for an answer). */
export function confirmParts(ctx, box, { drawPath, cancel }) {
  const plan = ctx.pending;
  box.hidden = !plan;
  if (!plan) {
    fill(box);
    return;
  }
  const lang = ctx.shell.lang;
  const text = plan.warning.text?.[lang] || plan.warning.text?.en || "";
  const button = (cls, testid, key, fn, data = {}) =>
    h(
      "button",
      { type: "button", class: `kit-target ${cls}`, "data-testid": testid, onclick: fn, ...data },
      ctx.t(`${NS}.${key}`),
    );
  fill(
    box,
    h("p", { class: "tc-confirm-text", "data-testid": "plan-warning" }, text),
    button("danger", "plan-confirm", "confirm_fall", () => choose(ctx, plan, drawPath), {
      "data-action": plan.actions[0],
      "data-plan": planData(plan),
    }),
    button("", "plan-cancel", "cancel_fall", cancel),
  );
}
