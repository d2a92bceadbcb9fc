// Toques et Casques' controls under the track: the turn bar (the red dot, then the horses in the order
// they play), who plays, the die with the points still to play, the roll button, the single steps,
// « Bloqué ! », the steward's verdicts, the hurdle kept where it is, and a hint. Every button a finger
// presses is at least 40 CSS pixels (`kit-target`); every one that plays carries `data-action`.

import { fill, h } from "/static/js/dom.js";
import { tn } from "/static/js/i18n.js";
import { actionButton } from "/static/js/kit/action.js";
import { inkOn } from "/static/js/kit/colour.js";
import { animateRoll, drawDie, justRolled, rollButton, showRoll } from "/static/js/kit/dice.js";
import { stationWords } from "./track.js";
import { horseLabel, NS, stepLabel } from "./words.js";

const ROLLED = "toques_et_casques.dice_rolled";

/** The controls' elements, built once: `root` to mount, `draw(ctx)` after every change. */
export function createControls(ctx) {
  const turnBox = h("div", { class: "tc-turn" });
  const diceBox = h("div", { class: "tc-dice", "aria-live": "polite" });
  const rollBox = h("div", { class: "tc-roll-box" }); // the roll button, drawn anew when the seat rolls
  const actionsBox = h("div", { class: "tc-actions" });
  const landingBox = h("div", { class: "tc-landing-box", "data-testid": "tc-landings" });
  const hintBox = h("p", { class: "tc-hint", "data-testid": "tc-hint", "aria-live": "polite" });
  const confirmBox = h("div", {
    class: "tc-confirm",
    role: "alertdialog",
    "data-testid": "plan-confirm-box",
    hidden: true,
  });
  const root = h(
    "div",
    { class: "tc-controls" },
    turnBox,
    diceBox,
    rollBox,
    actionsBox,
    confirmBox,
    landingBox,
    hintBox,
  );
  let rolled = null; // the roll a state message just brought, to tumble once
  let tumbling = null; // the die tumbling now and how to stop it: a redraw of the same state keeps it

  function lastRoll() {
    const o = ctx.obs();
    if (!o || o.points === null || o.points === undefined) return null;
    if (o.rolled !== undefined && o.rolled !== null) return o.rolled;
    const log = ctx.shell.log;
    for (let i = log.length - 1; i >= 0; i--) {
      const e = log[i];
      if (e.key === ROLLED) return e.params?.horse === o.current ? e.params.points : null;
    }
    return null;
  }

  function who() {
    const { t } = ctx;
    const o = ctx.obs();
    if (o.phase === "draw") return t(`${NS}.drawing`);
    if (o.phase === "rolloff")
      return t(`${NS}.rolloff`, { horses: (o.rolloff || []).map((n) => t(`${NS}.horse_no`, { n })).join(", ") });
    if (o.phase === "over") return t(`${NS}.race_over`);
    if (o.phase === "relocate" && o.relocation) {
      const name = (o.active || []).map((p) => ctx.seatName(p)).join(", ");
      return t(`${NS}.relocate_who`, { station: stationWords(o.relocation.hurdle), name });
    }
    if (o.phase === "review" && o.current)
      return t(`${NS}.under_review`, { horse: o.current, owner: ctx.ownerName(o.current) });
    if (o.current) return t(`${NS}.to_play`, { horse: o.current, owner: ctx.ownerName(o.current) });
    return "";
  }

  /** The turn bar (« barre du bas », 06-01): the red dot, then the horses in the order they play. */
  function drawTurn() {
    const o = ctx.obs();
    const chips = [h("span", { class: "tc-red-dot", title: ctx.t(`${NS}.red_dot`), "aria-hidden": "true" })];
    for (const n of ctx.numbers) {
      const horse = ctx.horseOf(n);
      const colour = ctx.colourOf(n);
      const out = horse && (horse.eliminated || horse.status === "placed");
      const cls = `tc-chip${o.current === n ? " current" : ""}${out ? " out" : ""}`;
      chips.push(
        h(
          "span",
          { class: cls, style: `background:${colour};color:${inkOn(colour)}`, title: horseLabel(ctx, n) },
          String(n),
        ),
      );
    }
    fill(
      turnBox,
      h("div", { class: "tc-bar", "aria-hidden": "true" }, chips),
      h("strong", { class: "tc-who", "data-testid": "tc-who" }, who()),
    );
  }

  /** The die: what was scored (marquer), and the points still to play. */
  function drawDice() {
    const { t } = ctx;
    const o = ctx.obs();
    const score = lastRoll();
    const left = o.points;
    const known = score !== null && left !== null && left !== undefined;
    const pips = [];
    if (known)
      for (let i = 0; i < score; i++) pips.push(h("span", { class: `tc-pip${i < score - left ? " used" : ""}` }));
    const label = score === null ? t(`${NS}.no_roll`) : t(`${NS}.scored`, { points: score });
    let die = drawDie({ value: score, label }, { size: 44, testid: "tc-die" });
    if (tumbling?.die.dataset.rolling === "true") {
      tumbling.die.setAttribute("aria-label", label);
      tumbling.die.title = label;
      die = tumbling.die;
    }
    fill(
      diceBox,
      die,
      h(
        "span",
        { class: "tc-dice-text" },
        h("span", { class: "tc-dice-label" }, t(o.course.speed === 2 ? `${NS}.two_dice` : `${NS}.one_die`)),
        h("strong", { "data-testid": "tc-points" }, known ? tn(`${NS}.points_left`, left, { points: left }) : "—"),
        pips.length ? h("span", { class: "tc-pips", "aria-hidden": "true" }, pips) : null,
      ),
    );
    if (rolled !== null && score !== null) tumbling = { die, stop: animateRoll(die) };
    rolled = null;
  }

  function button(text, { class: cls, "data-testid": testid, ...attrs }, action) {
    return actionButton(text, action, { act: ctx.shell.act, cls, testid, attrs });
  }

  /** The single steps, « Bloqué ! », the steward's verdicts, the hurdle kept. */
  function actionButtons() {
    const { t, shell } = ctx;
    const o = ctx.obs();
    const buttons = [];
    if (!shell.interactive) return buttons;
    if (o.phase === "race") {
      for (const step of o.steps || []) {
        if (!ctx.isLegal(step.action)) continue;
        const c = ctx.view?.cells[step.cell];
        const text =
          step.action === "avant" ? t(`${NS}.avant`) : t(`${NS}.ecart`, { lane: ctx.argsOf(step.action).lane });
        const attrs = {
          class: "tc-step-button",
          "data-testid": `step-${step.action.replace(" ", "-")}`,
          title: c ? stepLabel(ctx, step.action, c) : text,
        };
        buttons.push(button([text, h("kbd", {}, keyFor(step.action))], attrs, step.action));
      }
      if (o.blocked && ctx.isLegal("bloque")) {
        const attrs = { class: "primary tc-blocked", "data-testid": "blocked-button", "aria-keyshortcuts": "B" };
        buttons.push(button([t(`${NS}.blocked`), h("kbd", {}, "B")], attrs, "bloque"));
      }
    }
    if (o.phase === "review") {
      for (const verdict of ["approve", "replace", "disqualify"]) {
        if (!ctx.isLegal(verdict)) continue;
        const attrs = { class: `tc-review ${verdict}`, "data-testid": `review-${verdict}` };
        buttons.push(button(t(`${NS}.review.${verdict}`), attrs, verdict));
      }
    }
    if (o.phase === "relocate" && ctx.isLegal("keep")) {
      const attrs = { class: "tc-keep", "data-testid": "keep-hurdle", "aria-keyshortcuts": "K" };
      buttons.push(button([t(`${NS}.keep`), h("kbd", {}, "K")], attrs, "keep"));
    }
    return buttons;
  }

  /** The key that plays a step: ↑ for the avant, ← towards the rail, → outwards. */
  function keyFor(action) {
    if (action === "avant") return "↑";
    const horse = ctx.horseOf(ctx.obs().current);
    return horse && ctx.argsOf(action).lane < horse.lane ? "←" : "→";
  }

  function hint() {
    const { t, shell } = ctx;
    const o = ctx.obs();
    const mine = shell.interactive && ctx.legal().length;
    if (o.phase === "over") return "";
    if (shell.interactive && shell.msg.can_roll) return t(o.phase === "draw" ? `${NS}.hint_draw` : `${NS}.hint_roll`);
    const params = { horse: o.current, points: o.points };
    if (mine && o.phase === "race") {
      if (o.blocked) return tn(`${NS}.hint_blocked`, o.points, params);
      if (ctx.plans().length) return tn(`${NS}.hint_plan`, o.points, params);
      return tn(`${NS}.hint_step`, o.points, params);
    }
    if (mine && o.phase === "review") return t(`${NS}.hint_review`, { horse: o.current });
    const station = o.relocation ? stationWords(o.relocation.hurdle) : "";
    if (mine && o.phase === "relocate") {
      const somewhere = ctx.legal().some((m) => m.kind === "move_hurdle");
      return t(somewhere ? `${NS}.hint_relocate` : `${NS}.hint_relocate_nowhere`, { station });
    }
    if (o.phase === "review") return t(`${NS}.reviewing`, { horse: o.current });
    if (o.phase === "relocate" && o.relocation) return t(`${NS}.relocating`, { station });
    return "";
  }

  return {
    root,
    confirmBox,
    landingBox,
    /** A new state message: the last tumble ends; a roll it brought, when it moved the game on
     * (`shell.forward`), tumbles at the next draw. */
    changed(shell) {
      tumbling?.stop();
      tumbling = null;
      rolled = shell.forward ? justRolled(shell.msg, (e) => (e.key === ROLLED ? e.params?.points : null)) : null;
    },
    /** The board leaves: a tumble under way stops. */
    destroy() {
      tumbling?.stop();
      tumbling = null;
    },
    draw() {
      const { t, shell } = ctx;
      const o = ctx.obs();
      drawTurn();
      drawDice();
      const label =
        o.phase === "draw" ? t(`${NS}.roll_draw`) : t(o.course.speed === 2 ? `${NS}.roll_dice` : `${NS}.roll_die`);
      const canRoll = shell.interactive && Boolean(shell.msg?.can_roll);
      const roll = canRoll ? rollButton({ label, onRoll: () => shell.roll(), className: "tc-roll" }) : null;
      if (roll) showRoll(roll, { canRoll, ariaLabel: `${label} (R)` });
      fill(rollBox, roll);
      fill(actionsBox, actionButtons());
      hintBox.textContent = hint();
    },
  };
}
