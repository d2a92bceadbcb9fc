// Toques et Casques' course designer, in the lobby's create form (served at
// /games/toques_et_casques/web/options.js, web/js/lobby.js `optionsEditor`). The player sees the
// chosen hippodrome drawn as the board draws it (track.js), clicks a length to put a hurdle there or
// take it away, or to move the river or the finish plaque there, and reads the engine's verdict at
// each click: POST /api/games/toques_et_casques/options/check answers the course as it will be raced,
// or the placement rule it breaks (`toques_et_casques.course.<rule>`, sections 10 to 14), told here
// with the lengths named in words. This module holds no placement rule: what a click means is D31
// (docs/rules/toques_et_casques.md), and whether the result is allowed is the engine's answer.
// The options it edits stay plain text fields too, folded under "keyboard entry".

import { gameFileUrl, loadBoardStyle } from "/static/js/boards/index.js";
import { ApiError, api, coursePatterns, fill, h, s } from "/static/js/dom.js";
import { has, pick, t } from "/static/js/i18n.js";
import {
  buildView,
  fmt,
  inRunningOrder,
  labelText,
  lineOf,
  mid,
  pathOf,
  stationLabel,
  stationPolygon,
  stationWords,
  trackParts,
} from "./track.js";

const GAME = "toques_et_casques";
const NS = `web.${GAME}`;
const C = `${NS}.course`;
const TOOLS = ["hurdle", "river", "finish"];

/** A station's code as the engine writes it (`<segment>.<rank>`, no leading zeros), or null. */
function canonical(text) {
  const m = /^\s*(\d{1,3})\.(\d{1,4})\s*$/.exec(String(text ?? ""));
  return m ? `${Number(m[1])}.${Number(m[2])}` : null;
}

/** The stations a list option names (`"4.5,4.14"`; `auto` and `none` name none). */
function stationList(text) {
  if (text === "auto" || text === "none") return [];
  return String(text || "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => canonical(x) ?? x);
}

export function createOptionsEditor({ options, setOption, changed }) {
  let boardData = null;
  let accepted = null; // the start of the last options the engine accepted (`start` of options/check)
  let refusal = null; // the engine's refusal of the options as they stand, or null
  let asked = 0; // the number of the last check sent: an older answer is dropped
  let answered = 0; // the number of the check whose answer is shown
  let tool = "hurdle";
  let view = null; // the hippodrome as drawn now
  let cursor = null; // the station the keyboard points at on the drawing, or null
  let upright = false; // the oval turned upright (a narrow screen): the long straights run down the page

  const root = h("div", { class: "tcd", "data-testid": "course-designer" });
  const svg = s("svg", {
    class: "tc-track tcd-track",
    role: "application",
    tabindex: 0,
    "data-testid": "course-track",
  });
  const defs = s("defs");
  const trackLayer = s("g", { class: "tc-static" });
  const courseLayer = s("g", { class: "tc-course" });
  const targetLayer = s("g", { class: "tcd-targets" });
  const cursorLayer = s("g", { class: "tcd-cursor-layer", "aria-hidden": "true" });
  svg.append(defs, trackLayer, courseLayer, targetLayer, cursorLayer);
  const pointed = h("p", { class: "tcd-pointed small", "aria-live": "polite", "data-testid": "course-pointed" });
  const verdict = h("p", {
    class: "tcd-verdict",
    role: "status",
    "aria-live": "polite",
    "data-testid": "course-verdict",
  });
  const summary = h("ul", { class: "tcd-summary", "data-testid": "course-summary" });

  const styles = loadBoardStyle(GAME); // the track's colours are the board's
  const sheet = gameFileUrl(GAME, "options.css");
  if (!document.querySelector(`link[href="${sheet}"]`))
    document.head.append(h("link", { rel: "stylesheet", href: sheet }));
  api(`/api/games/${GAME}/board`).then(
    (data) => {
      boardData = data;
      styles.then(draw);
    },
    () => {
      boardData = null;
    },
  );

  // -- words ------------------------------------------------------------------------------------------

  /** The engine's refusal in the page's language, its stations in words and its ids as terms. */
  function refusalText(error) {
    const key = error?.key;
    if (!key || !has(key)) return pick(error?.message) || t(key || "web.error.unknown", error?.params || {});
    const params = {};
    for (const [name, value] of Object.entries(error.params || {})) {
      if (name === "station" && key !== `${GAME}.course.station`) params[name] = stationWords(value);
      else if (has(`${GAME}.${name}.${value}`)) params[name] = t(`${GAME}.${name}.${value}`);
      else params[name] = value;
    }
    const text = t(key, params);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  // -- the course being designed ------------------------------------------------------------------------

  /** The plaques as the options place them; `auto` as the engine last resolved it. */
  function draft() {
    const o = options();
    const course = accepted?.course;
    const hurdles = o.hurdles === "auto" ? [...(course?.hurdles || [])] : stationList(o.hurdles);
    let river = null;
    if (o.river === "auto") river = course?.river?.[0] ?? null;
    else if (o.river !== "none") river = canonical(o.river) ?? o.river;
    const finish = o.finish === "auto" ? (course?.finish ?? "0.0") : (canonical(o.finish) ?? o.finish);
    return { hurdles, river, finish };
  }

  /** The lengths the river covers from its first (the plaque's size is material, not a rule). */
  function riverStations(first) {
    const m = /^(\d+)\.(\d+)$/.exec(String(first ?? ""));
    if (!m) return [];
    const n = boardData?.river_lengths || 2;
    return Array.from({ length: n }, (_, k) => `${m[1]}.${Number(m[2]) + k}`);
  }

  /** D31: a click on a length names its station (its rank, across the six lanes); the tool says what
   *  goes there. A hurdle clicked again is taken away; the river clicked on is taken away. */
  function place(code) {
    const d = draft();
    if (tool === "hurdle") {
      const hurdles = d.hurdles.includes(code) ? d.hurdles.filter((x) => x !== code) : [...d.hurdles, code];
      setOption("hurdles", hurdles.length ? hurdles.join(",") : "none");
    } else if (tool === "river") {
      setOption("river", riverStations(d.river).includes(code) ? "none" : code);
    } else {
      setOption("finish", code);
    }
    check();
  }

  async function check() {
    const mine = ++asked;
    changed(); // no table while the verdict is awaited
    let answer = null;
    let error = null;
    try {
      answer = await api(`/api/games/${GAME}/options/check`, { method: "POST", body: { options: { ...options() } } });
    } catch (err) {
      error = err instanceof ApiError ? err.error : { key: "web.error.network", params: {} };
    }
    if (mine !== asked) return; // a later change was sent since
    answered = mine;
    if (answer) accepted = answer.start;
    refusal = error;
    draw();
    changed();
  }

  // -- drawing ----------------------------------------------------------------------------------------

  /** The hippodrome the engine resolved; while it refuses the options, the one chosen or the last. */
  function trackSize() {
    const chosen = options().track;
    if (accepted && !refusal) return accepted.course.track;
    return chosen && chosen !== "auto" ? chosen : accepted?.course?.track || "small";
  }

  function draw() {
    renderControls();
    const geometry = boardData?.tracks?.[trackSize()];
    if (!geometry) return;
    view = buildView(geometry, { mirror: Boolean(options().clockwise), rotate: upright });
    root.classList.toggle("upright", upright);
    svg.setAttribute("viewBox", `0 0 ${fmt(view.width)} ${fmt(view.height)}`);
    fill(defs, coursePatterns("tc"));
    fill(trackLayer, trackParts(view));
    drawCourse(view);
    drawTargets(view);
    drawCursor();
  }

  // -- the keyboard's way on the drawing: the arrows walk the straights' lengths, Enter places --------

  /** The length the keyboard points at, shown while the drawing has the keyboard's focus. */
  function drawCursor() {
    const shown = cursor && document.activeElement === svg && svg.matches(":focus-visible");
    const poly = view && shown ? stationPolygon(view, cursor) : null;
    fill(cursorLayer, poly ? s("path", { class: "tcd-cursor", d: pathOf(poly) }) : null);
    pointed.textContent = shown ? t(`${C}.pointed`, { where: stationWords(cursor) }) : "";
  }

  svg.addEventListener("keydown", (e) => {
    if (!view) return;
    const codes = [...view.stations.keys()]; // running order, from the start line
    const at = codes.indexOf(cursor);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, PageDown: 5, PageUp: -5 }[e.key];
    if (step !== undefined) cursor = codes[(Math.max(at, 0) + step + codes.length) % codes.length];
    else if (e.key === "Home") cursor = codes[0];
    else if (e.key === "End") cursor = codes[codes.length - 1];
    else if ((e.key === "Enter" || e.key === " ") && cursor) place(cursor);
    else return;
    e.preventDefault();
    drawCursor();
  });
  svg.addEventListener("focus", () => {
    if (!cursor && view) cursor = [...view.stations.keys()][0];
    drawCursor();
  });
  svg.addEventListener("blur", drawCursor);

  /** The cells of a station: across the track on a straight; in a turn, the rank in every lane. */
  function cellsOf(view, code) {
    const row = view.stations.get(code);
    if (row) return row.filter(Boolean);
    const m = /^(\d+)\.(\d+)$/.exec(String(code));
    if (!m) return [];
    return view.cells.filter((c) => c.segment === Number(m[1]) && c.offset === Number(m[2]));
  }

  function drawCourse(view) {
    const d = draft();
    const wrong = refusal?.params?.station !== undefined ? canonical(refusal.params.station) : null;
    const parts = [];
    // Labels outside the track, the hurdles' inside the rail (the infield is empty here), so a hurdle
    // next to the river keeps both readable.
    const label = (codes, text, cls, side = 1) => {
      const a = stationLabel(view, codes[0], side);
      const b = stationLabel(view, codes[codes.length - 1], side);
      if (a && b)
        parts.push(labelText({ ...a, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, `tc-plaque-label ${cls}`, text));
    };
    const obstacle = (code, kind) => {
      for (const c of cellsOf(view, code)) {
        parts.push(
          s("path", {
            class: `tc-obstacle ${kind}${code === wrong ? " tcd-wrong" : ""}`,
            d: c.d,
            "data-obstacle": kind,
            "data-station": code,
          }),
        );
        if (kind === "hurdle") {
          const n = c.pts.length;
          parts.push(
            s("path", {
              class: "tc-hurdle-bar",
              d: lineOf([mid(c.pts[0], c.pts[n / 2 - 1]), mid(c.pts[n - 1], c.pts[n / 2])]),
            }),
          );
        }
      }
    };
    const river = riverStations(d.river);
    for (const code of river) obstacle(code, "river");
    if (river.length) label(river, t(`${NS}.river`), "river");
    for (const code of d.hurdles) obstacle(code, "hurdle");
    // The hurdles as the engine groups them (13-01: two one after the other are a double hurdle).
    const runs =
      !refusal && accepted?.hurdle_runs
        ? accepted.hurdle_runs
        : d.hurdles.map((x) => ({ stations: [x], double: false }));
    for (const run of runs) label(run.stations, t(run.double ? `${NS}.double_hurdle` : `${NS}.hurdle`), "hurdle", -1);
    const start = accepted?.course?.start || "0.0";
    const startPoly = stationPolygon(view, start);
    if (startPoly) parts.push(s("path", { class: "tc-start", d: pathOf(startPoly) }));
    const finishPoly = stationPolygon(view, d.finish);
    if (finishPoly) {
      parts.push(
        s("path", {
          class: `tc-finish announced${d.finish === wrong ? " tcd-wrong" : ""}`,
          d: pathOf(finishPoly),
          "data-testid": "course-finish",
        }),
      );
    }
    if (d.finish === start) label([start], `${t(`${NS}.start`)} · ${t(`${NS}.finish`)}`, "start");
    else {
      label([start], t(`${NS}.start`), "start");
      if (finishPoly) label([d.finish], t(`${NS}.finish`), "finish");
    }
    fill(courseLayer, parts);
  }

  /** Every length is a target: a straight's rank across the track, a turn's length in its lane. */
  function drawTargets(view) {
    const parts = [];
    const target = (code, d, words) => {
      const el = s("path", { class: "tcd-target", d, "data-station": code }, s("title", {}, words));
      el.addEventListener("click", () => place(code));
      return el;
    };
    for (const code of view.stations.keys()) {
      const poly = stationPolygon(view, code);
      if (poly) parts.push(target(code, pathOf(poly), stationWords(code)));
    }
    for (const c of view.cells) {
      if (c.station !== null && c.station !== undefined) continue;
      const code = `${c.segment}.${c.offset}`;
      parts.push(target(code, c.d, t(`${C}.in_lane`, { where: stationWords(code), lane: c.lane + 1 })));
    }
    fill(targetLayer, parts);
  }

  // -- controls, verdict and summary ----------------------------------------------------------------

  const toolBox = h("div", { class: "tcd-tools", role: "radiogroup" });
  // Made once, so the radio the player is on keeps the focus when the texts are redrawn.
  const toolItems = Object.fromEntries(
    TOOLS.map((name) => {
      const input = h("input", {
        type: "radio",
        name: "tcd-tool",
        value: name,
        checked: name === tool,
        "data-testid": `course-tool-${name}`,
        onchange: (e) => {
          e.stopPropagation(); // a tool is no option of the table
          tool = name;
          renderControls();
        },
      });
      const text = h("span");
      const label = h("label", { class: "tcd-tool" }, input, text);
      toolBox.append(label);
      return [name, { input, text, label }];
    }),
  );
  const hint = h("p", { class: "tcd-hint muted small" });
  const defaultButton = h("button", { type: "button", "data-testid": "course-default", onclick: () => reset("auto") });
  const clearButton = h("button", { type: "button", "data-testid": "course-clear", onclick: () => reset("none") });
  const buttons = h("div", { class: "tcd-buttons" }, defaultButton, clearButton);
  const keyboard = h("details", { class: "tcd-keyboard", "data-testid": "course-keyboard" });

  function renderControls() {
    toolBox.setAttribute("aria-label", t(`${C}.tool`));
    svg.setAttribute("aria-label", t(`${C}.track_label`));
    for (const [name, item] of Object.entries(toolItems)) {
      item.label.classList.toggle("chosen", name === tool);
      item.input.checked = name === tool;
      item.text.textContent = t(`${C}.tool.${name}`);
    }
    hint.textContent = t(`${C}.hint.${tool}`);
    defaultButton.textContent = t(`${C}.default`);
    defaultButton.title = t(`${C}.default_title`);
    clearButton.textContent = t(`${C}.clear`);
    if (refusal) {
      verdict.className = "tcd-verdict error";
      fill(verdict, h("span", { "data-testid": "course-refusal" }, refusalText(refusal)));
    } else {
      verdict.className = "tcd-verdict ok";
      verdict.textContent = accepted ? t(`${C}.ok`) : "";
    }
    const d = draft();
    const none = t(`${C}.none`);
    fill(
      summary,
      h("li", {}, t(`${C}.summary.finish`, { where: stationWords(d.finish) })),
      h("li", {}, d.river ? t(`${C}.summary.river`, { where: stationWords(d.river) }) : t(`${C}.summary.no_river`)),
      h(
        "li",
        {},
        t(`${C}.summary.hurdles`, {
          where: d.hurdles.length ? inRunningOrder(d.hurdles).map(stationWords).join(", ") : none,
        }),
      ),
    );
  }

  /** The rules' course (`auto`, D5) or a bare track (`none`); the finish back at the start line. */
  function reset(value) {
    setOption("hurdles", value);
    setOption("river", value);
    setOption("finish", "auto");
    check();
  }

  const title = h("p", { class: "tcd-title" });
  root.append(title, toolBox, hint, svg, pointed, verdict, summary, buttons, keyboard);
  check(); // the course of the options as they stand
  /** Turn the oval upright when the form is narrow (a phone), as the board does. */
  const fit = () => {
    const want = root.clientWidth > 0 && root.clientWidth < 560;
    if (want === upright) return;
    upright = want;
    draw();
  };
  if (typeof ResizeObserver === "function") new ResizeObserver(fit).observe(root);

  return {
    owns: ["finish", "river", "hurdles"],
    /** The designer, holding `fields` (the plain fields of the options it edits), in the page's language. */
    element(fields) {
      title.textContent = t(`${C}.title`);
      fill(keyboard, h("summary", {}, t(`${C}.keyboard`)), fields);
      draw();
      return root;
    },
    /** An option changed in the form (category, hippodrome, a field typed by hand...). */
    update: check,
    /** The engine's refusal of the options as they stand: no table is created while there is one. */
    refusal: () => (refusal && refusal.key !== "web.error.network" ? refusal : null),
    /** Whether the engine's verdict on the latest change is still awaited. */
    pending: () => answered !== asked,
  };
}
