// Toques et Casques' board, on the board kit (`kit/shell.js`): the six-lane hippodrome in SVG drawn
// from the engine's own lane-track geometry (GET /api/games/toques_et_casques/board, `kit/lanetrack.js`
// through ./track.js), the course and the infield's boxes (./course.js), the horses and their slides
// (./horses.js), the choices on the track or as a list of buttons (./targets.js), the controls
// (./controls.js) and the panels below (./panels.js). Everything that moves comes from the seat's
// observation (`ToquesState.observation`), whose `steps` name the cell each legal step leads to, and
// from the state message's `plans`: every end the roll can reach, with its path and its actions
// (`ToquesState.plans`), played in one click, a fall confirmed first. This module holds no rule.

import { coursePatterns, fill, h, s } from "/static/js/dom.js";
import { cellsAhead, cellsBox, focusBox, stationCells, tooSmallToTap } from "/static/js/kit/lanetrack.js";
import { fillPawns } from "/static/js/kit/motion.js";
import { createBoardShell } from "/static/js/kit/shell.js";
import { createControls } from "./controls.js";
import { courseParts, infieldBoxes } from "./course.js";
import { horseSlides, horsesParts, trailParts } from "./horses.js";
import { coursePanelParts, horseListParts } from "./panels.js";
import { confirmParts, landingChoices, pathParts, targetParts } from "./targets.js";
import { buildView, trackParts, U } from "./track.js";
import { boardContext, NS } from "./words.js";

const FINGER = 40; // CSS pixels: the least a finger taps (a phone, a touch screen)
const MOUSE = 24; // ... and a mouse clicks (WCAG 2.2's minimum target)
const FOCUS_HEIGHT = 0.48; // on a phone, the track zoomed on a decision takes this much of the screen's height
const FOCUS_LEAST = 0.3; // ... and at least this much, when a list of choices must fit under it
const FOCUS_ZOOM = 2.4; // CSS pixels per user unit at most (a length 48 pixels long)

export function createBoard(container, options) {
  return createBoardShell(container, options, (shell) => build(shell, options));
}

function build(shell, options) {
  const ctx = boardContext(shell, { send: options.send || null });
  const { boardData } = shell;
  let viewKey = null;

  const svg = s("svg", { class: "tc-track", role: "group", "data-testid": "tc-track" });
  const trackTitle = s("title");
  const defs = s("defs");
  const staticLayer = s("g", { class: "tc-static" });
  const boardsLayer = s("g", { class: "tc-boards" });
  const courseLayer = s("g", { class: "tc-course" });
  const trailLayer = s("g", { class: "tc-trail", "aria-hidden": "true" });
  const planLayer = s("g", { class: "tc-plan", "aria-hidden": "true" });
  const horseLayer = s("g", { class: "tc-horses", "data-pieces": true });
  const targetLayer = s("g", { class: "tc-targets" });
  svg.append(trackTitle, defs, staticLayer, boardsLayer, courseLayer, trailLayer, planLayer, horseLayer, targetLayer);

  const controls = createControls(ctx);
  ctx.confirmBox = controls.confirmBox;
  const horsesSection = h("section", { class: "tc-horse-list panel" });
  const courseSection = h("section", { class: "tc-course-panel panel" });
  const lower = h("div", { class: "tc-lower" }, horsesSection, courseSection);
  const root = h("div", { class: "tc" }, svg, controls.root, lower);
  const slides = horseSlides();

  const drawPath = (plan) => pathParts(ctx, plan, planLayer);
  const cancelPlan = () => {
    ctx.pending = null;
    ctx.drawConfirm();
    drawPath(null);
  };
  ctx.drawConfirm = () => confirmParts(ctx, controls.confirmBox, { drawPath, cancel: cancelPlan });

  /** Rebuild the drawing when the hippodrome, the direction or the screen's shape changes. */
  function ensureView() {
    const o = shell.obs;
    const size = o?.course?.track;
    const geometry = size ? boardData.tracks?.[size] : null;
    if (!geometry) return false;
    const compact = shell.layout === "compact";
    const key = `${size}|${Boolean(o.clockwise)}|${compact}`;
    if (key === viewKey) return true;
    slides.stop(); // its ways are drawn for the view left
    ctx.view = buildView(geometry, { mirror: Boolean(o.clockwise), rotate: compact });
    viewKey = key;
    root.classList.toggle("compact", compact);
    drawTrack();
    return true;
  }

  /** The track of this course, and the infield's boxes: what only the view or the language changes. */
  function drawTrack() {
    if (!ctx.view) return;
    svg.setAttribute("viewBox", ctx.view.viewBox);
    fill(staticLayer, trackParts(ctx.view));
    fill(boardsLayer, infieldBoxes(ctx));
  }

  /** The lengths that matter for the seat's decision: the horse to roll for and the lengths ahead of
   * it (the start line at the draw), the horse to move and where its roll may end, the hurdle to move
   * and where it may go, the horse under review. Empty when the seat has no decision. */
  function focusCells() {
    const o = shell.obs;
    if (!shell.interactive || !(ctx.legal().length || shell.msg?.can_roll)) return [];
    const horse = ctx.horseOf(o.current);
    const here = horse?.cell ?? null;
    if (shell.msg.can_roll) {
      const reach = 6 * (o.course?.speed || 1);
      return here === null ? o.start_places || [] : cellsAhead(ctx.view, here, reach);
    }
    if (o.phase === "race") {
      const ends = ctx.plans().map((p) => p.end);
      const steps = (o.steps || []).map((step) => step.cell);
      return [here, ...ends, ...steps].filter((c) => c !== null && c !== undefined);
    }
    if (o.phase === "relocate" && o.relocation) {
      const stations = [o.relocation.hurdle, ...(o.relocation.targets || [])];
      return stations.flatMap((station) => stationCells(ctx.view, station).map((c) => c.id));
    }
    return [here, o.turn_start, ctx.turnStart?.cell].filter((c) => c !== null && c !== undefined);
  }

  /** On a phone, the track zoomed on the seat's decision (its horse and where it may land), short
   * enough that the controls are on the same screen; the whole track otherwise. */
  function frameView(height = FOCUS_HEIGHT * window.innerHeight) {
    const cells = shell.layout === "compact" ? focusCells() : [];
    const box = cells.length ? cellsBox(ctx.view, cells, 0.8 * U) : null;
    const width = svg.getBoundingClientRect().width || root.clientWidth;
    if (!box || !width) {
      svg.setAttribute("viewBox", ctx.view.viewBox);
      svg.classList.remove("focus");
      return;
    }
    const focus = focusBox(ctx.view, box, { aspect: width / height, minWidth: width / FOCUS_ZOOM });
    svg.setAttribute("viewBox", focus.viewBox);
    svg.classList.add("focus");
  }

  /** The choices as a list of buttons when the lengths they land on are too small to tap (or, with a
   * mouse, to click) here; the lengths then stay drawn (a mouse may still click them) but are no
   * finger's target: their `data-action` goes to the list. */
  function drawLandings() {
    const list = landingChoices(ctx, { drawPath });
    const drawn = [...targetLayer.querySelectorAll("[data-action]")];
    const cells = drawn.filter((g) => g.dataset.cell !== undefined).map((g) => Number(g.dataset.cell));
    const min = shell.layout === "compact" || window.matchMedia?.("(pointer: coarse)").matches ? FINGER : MOUSE;
    const small = list && tooSmallToTap(ctx.view, svg, { min, cells: cells.length ? cells : null });
    fill(controls.landingBox, small ? list : null);
    controls.landingBox.hidden = !small;
    if (!small) return;
    for (const g of drawn) {
      g.dataset.listed = g.dataset.action;
      g.removeAttribute("data-action");
    }
  }

  /** On a phone, a list of choices under the zoomed track that would end below the first screen: the
   * track drawn shorter (its lengths are too small to tap already, the list is how one chooses). */
  function fitLandings() {
    if (!svg.classList.contains("focus") || controls.landingBox.hidden) return;
    const over = controls.landingBox.getBoundingClientRect().bottom + window.scrollY - window.innerHeight;
    if (over <= 0) return;
    const height = svg.getBoundingClientRect().height - over - 8;
    frameView(Math.max(FOCUS_LEAST * window.innerHeight, height));
  }

  function draw() {
    trackTitle.textContent = ctx.t(`${NS}.track_title`);
    svg.setAttribute("aria-label", trackTitle.textContent);
    const o = shell.obs;
    if (!o || !ensureView()) return;
    // Where the horse to move stood before its roll: the start of its trail. Seen while the roll waits.
    if (o.current && (o.points === null || o.points === undefined)) {
      const horse = ctx.horseOf(o.current);
      if (horse && horse.cell !== null) ctx.turnStart = { horse: o.current, cell: horse.cell };
    }
    fill(courseLayer, courseParts(ctx));
    fill(trailLayer, trailParts(ctx));
    fillPawns(horseLayer, horsesParts(ctx), (el) => (el.classList.contains("tc-horse") ? el.dataset.horse : null));
    slides.play(ctx, horseLayer); // once, after a change that moved the game on
    fill(targetLayer, targetParts(ctx, { drawPath }));
    frameView();
    controls.draw();
    ctx.drawConfirm();
    drawPath(ctx.pending);
    drawLandings();
    fitLandings();
    fill(horsesSection, horseListParts(ctx));
    fill(courseSection, coursePanelParts(ctx));
  }

  /** The écart towards the rail (`inward`) or the outside, if it is legal now. */
  function ecart(inward) {
    const horse = ctx.horseOf(shell.obs?.current);
    if (!horse || !horse.lane) return null;
    return ctx.legalNotation("ecart", { lane: horse.lane + (inward ? -1 : 1) });
  }

  function key(_shell, event) {
    if (!shell.msg || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (event.key === "Escape" && ctx.pending) {
      cancelPlan();
      return true;
    }
    const pressed = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const legal = (a) => (ctx.isLegal(a) ? a : null);
    const actions = { ArrowUp: "avant", w: "avant", b: "bloque", k: "keep" };
    let action = actions[pressed] ? legal(actions[pressed]) : null;
    if (pressed === "ArrowLeft" || pressed === "a") action = ecart(true);
    if (pressed === "ArrowRight" || pressed === "d") action = ecart(false);
    if (!action) return false;
    shell.act(action);
    return true;
  }

  return {
    root,
    layouts: [{ name: "compact", below: 640 }],
    drawStatic() {
      fill(defs, coursePatterns("tc"));
      drawTrack();
    },
    changed() {
      slides.stop(); // a new state: the last one's slides end
      slides.collect(shell);
      controls.changed(shell);
      if (ctx.pending && shell.msg?.version !== ctx.pendingVersion) ctx.pending = null; // the decision has passed
    },
    draw,
    key,
    status(_shell, message) {
      const o = message?.observation;
      if (!o?.course) return "";
      const bits = [ctx.t(`${NS}.category_short`, { category: o.course.category, speed: o.course.speed })];
      if (o.phase !== "draw" && o.phase !== "over") bits.push(ctx.t(`${NS}.round`, { round: o.round }));
      if (o.phase !== "over") bits.push(ctx.t(`${NS}.phase.${o.phase}`));
      return bits.join(" · ");
    },
    destroy() {
      slides.stop();
      controls.destroy();
    },
  };
}
