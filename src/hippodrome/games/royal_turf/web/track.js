// Royal Turf's track: the oval in SVG with its 33 squares, the pace square, the line and the podium;
// the horses' pawns on it (sliding square by square along the way the events say they went, kit
// motion), and where the horse hovered would land. On a wide screen a horse that may move, or be bet
// on, is a target on the track; on a phone the pawns are too small for a finger and the horse cards
// under the track are the targets (cards.js).

import { coursePatterns, fill, s } from "/static/js/dom.js";
import { activate, preview } from "/static/js/kit/action.js";
import { inkOn } from "/static/js/kit/colour.js";
import { createSlides, loopSquares, movesFromEvents, placeOf } from "/static/js/kit/motion.js";
import { colourOf } from "./faces.js";
import { createOval, fmt } from "./oval.js";

/** A pawn's target radius on a wide screen, in the drawing's units: at least 40 CSS pixels across
 * down to the narrowest wide frame (600 pixels for 920 units). */
const HIT_RADIUS = 32;

/**
 * The track: `svg` to mount; `drawStatic()` at a change of layout or language, `draw()` at every
 * state, `collect()` when a new state arrives (the moves to slide), `drawPreview()` when the horse
 * previewed changes, `retarget()` when the seat chose another token.
 * @param {ReturnType<import("./state.js").createState>} state
 */
export function createTrack(state) {
  const { shell, boardData } = state;
  const squares = boardData.squares;
  const paceSquare = boardData.pace_square;
  const startSquares = new Set(boardData.start_squares || []);
  const slides = createSlides();
  let oval = createOval("wide", squares);
  let moves = []; // the horses moved in the last change, in order: {piece, from, to}
  let slid = true;
  let owed = false; // a redraw came while the horses slid
  let frame = 0;

  const svg = s("svg", { class: "rt-track", viewBox: `0 0 ${oval.w} ${oval.h}`, role: "group" });
  const title = s("title");
  const staticLayer = s("g", { class: "rt-static" });
  const highlightLayer = s("g", { class: "rt-highlight" });
  const pawnLayer = s("g", { class: "rt-pawns", "data-pieces": true });
  const ghostLayer = s("g", { class: "rt-ghost", "aria-hidden": "true" });
  svg.append(title, staticLayer, highlightLayer, pawnLayer, ghostLayer);

  const t = (key, params) => shell.t(key, params);
  const slots = () => oval.podiumSlots(t("web.royal_turf.last"));

  function drawStatic() {
    oval = createOval(shell.layout === "compact" ? "compact" : "wide", squares);
    svg.setAttribute("viewBox", `0 0 ${oval.w} ${oval.h}`);
    title.textContent = t("web.royal_turf.track_title");
    svg.setAttribute("aria-label", title.textContent);
    const { cx, cy, radius, half } = oval;
    const parts = [
      s("defs", {}, coursePatterns("rt")),
      s("path", { class: "rt-rail", d: oval.stadiumPath(radius + half + 3) }),
      s("path", { class: "rt-infield", d: oval.stadiumPath(radius - half - 3) }),
    ];
    for (let n = 1; n <= squares; n++) {
      const cls = ["rt-cell", n % 2 ? "odd" : "even"];
      if (n === paceSquare) cls.push("pace");
      if (startSquares.has(n)) cls.push("start");
      parts.push(s("path", { class: cls.join(" "), d: oval.cellPath(n), "data-square": n }));
      const [x, y] = oval.square(n, radius + half + oval.numGap);
      parts.push(s("text", { class: `rt-num${n === paceSquare ? " pace" : ""}`, x: fmt(x), y: fmt(y) }, String(n)));
    }
    const [px, py] = oval.square(paceSquare, radius - half - 12);
    parts.push(s("text", { class: "rt-pace-label", x: fmt(px), y: fmt(py) }, t("web.royal_turf.pace")));
    // The start and finishing line, between square 33 (behind it) and square 1 (past it).
    const inner = cy + radius - half;
    parts.push(
      s("rect", {
        class: "rt-line",
        x: cx - 5,
        y: inner - 2,
        width: 10,
        height: 2 * half + 4,
        fill: "url(#rt-checker)",
      }),
      s("text", { class: "rt-line-label", x: cx, y: inner - 12 }, t("web.royal_turf.line")),
      s("path", { class: "rt-direction", d: `M${cx + 80} ${inner - 16}h34l-6 -5M${cx + 114} ${inner - 16}l-6 5` }),
    );
    const at = oval.name === "compact" ? { x: cx, y: cy - 66 } : { x: cx - 175, y: cy - 12 };
    parts.push(s("text", { class: "rt-podium-title", ...at }, t("web.royal_turf.podium")));
    for (const { x, y, label } of slots()) {
      parts.push(
        s("rect", { class: "rt-slot", x: x - 25, y: y - 25, width: 50, height: 50, rx: 8 }),
        s("text", { class: "rt-slot-label", x, y: y - 33 }, label),
      );
    }
    fill(staticLayer, parts);
  }

  function paceToken(x, y, r) {
    return s("g", { class: "rt-pace-token", transform: `translate(${fmt(x)} ${fmt(y)})` }, [
      s("circle", { r }),
      s("text", { y: 0.5, style: `font-size:${r * 1.25}px` }, "P"),
    ]);
  }

  function pawnLabel(id, { moved, pace, place }) {
    const bits = [state.horseName(id)];
    if (place) bits.push(t("web.royal_turf.place_n", { place: state.ordinal(place) }));
    if (moved) bits.push(t("web.royal_turf.moved"));
    if (pace) bits.push(t("web.royal_turf.pace_holder"));
    return bits.join(", ");
  }

  /** A target on the track, to move the horse or bet the token chosen on it: a wide screen only (on
   * a phone the horse cards are the targets). */
  function makeTarget(g, id, move) {
    const words = move.kind === "move" ? "web.royal_turf.move_horse" : "web.royal_turf.bet_on";
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    g.setAttribute("aria-label", t(words, { horse: state.horseName(id) }));
    g.dataset.action = move.notation;
    activate(g, () => state.clickHorse(id));
  }

  function pawn(id, [x, y], { movable = false, moved = false, pace = false, place = null } = {}) {
    const colour = colourOf(state.horseInfo.get(id)?.colour);
    const sel = state.selected;
    const classes = ["rt-pawn"];
    if (movable) classes.push("movable");
    if (moved) classes.push("moved");
    if (sel.preview === id || sel.horse === id) classes.push("selected");
    const g = s("g", { class: classes.join(" "), transform: `translate(${fmt(x)} ${fmt(y)})`, "data-horse": id });
    const move = movable && oval.name === "wide" ? state.actionFor(id) : null;
    if (move) makeTarget(g, id, move);
    preview(g, (on) => state.setPreview(on ? id : null));
    const r = oval.pawn;
    g.append(
      s("title", {}, pawnLabel(id, { moved, pace, place })),
      move ? s("circle", { class: "rt-pawn-hit", r: HIT_RADIUS, fill: "transparent" }) : null,
      movable ? s("circle", { class: "rt-pawn-ring", r: r + 5 }) : null,
      s("circle", { class: "rt-pawn-body", r, fill: colour }),
      s("text", { class: "rt-pawn-initial", fill: inkOn(colour), y: 1 }, state.initial(id)),
      moved
        ? s("g", { class: "rt-moved-badge", transform: `translate(${-r + 2} ${-r + 2})` }, [
            s("circle", { r: 7 }),
            s("path", { d: "M-3.5 0l2.5 2.5 4.5-5" }),
          ])
        : null,
      pace ? paceToken(r - 2, -r + 2, 8) : null,
    );
    return g;
  }

  function draw() {
    const o = state.obs();
    if (!o) {
      fill(pawnLayer);
      return;
    }
    if (slid && pawnLayer.hasAttribute("data-sliding")) {
      // A redraw at the same version (a player connecting, the language, a hint) while the horses
      // slide: the slide goes on, the pawns are drawn again once they stand.
      owe();
      return;
    }
    const parts = [];
    // The pace token lies on its square until a horse takes it (§3 Case Pace).
    if (!o.pace?.horse) parts.push(paceToken(...oval.square(o.pace?.square || paceSquare), 11));
    const slot = (place) => slots().find((x) => x.place === place);
    for (const horse of o.horses) {
      const info = {
        movable: state.canMove(horse.id) || (state.isBetting() && state.betTokensFor(horse.id).length > 0),
        moved: horse.moved && o.phase === "racing" && !horse.place,
        pace: o.pace?.horse === horse.id,
        place: horse.place,
      };
      if (horse.place) {
        const at = slot(horse.place);
        if (at) parts.push(pawn(horse.id, [at.x, at.y], info));
      } else if (horse.square > 0) {
        parts.push(pawn(horse.id, oval.square(horse.square), info));
        if (o.last === horse.id)
          parts.push(pawn(horse.id, [slot("last").x, slot("last").y], { ...info, movable: false }));
      }
    }
    // The board is cleared for the next race, but the last race's result stays on its podium until
    // the next race is off (observation "result", D10).
    const result = o.podium?.length ? null : o.result;
    if (result) {
      const shown = [...result.podium.map((id, i) => [id, i + 1]), [result.last, "last"]];
      for (const [id, place] of shown) {
        const at = slot(place);
        const g = pawn(id, [at.x, at.y], { pace: result.pace === id, place: place === "last" ? null : place });
        g.removeAttribute("data-horse");
        g.classList.add("result");
        parts.push(g);
      }
    }
    fill(pawnLayer, parts, drawResults());
    drawPreview();
    slide();
  }

  /** The results of races already run: the board is cleared for the next race (D15, D17), so the
   * podiums of the races before live on here, read from the event log. */
  function drawResults() {
    const o = state.obs();
    const lines = shell.log.filter((e) => e.key === "royal_turf.race_finished" && o && e.params.race < o.race);
    return s(
      "g",
      { class: "rt-results" },
      lines.slice(-3).map((e, i) => {
        const p = e.params;
        const text = t("web.royal_turf.result_line", {
          race: p.race,
          first: state.horseName(p.first),
          second: state.horseName(p.second),
          third: state.horseName(p.third),
          last: state.horseName(p.last),
        });
        return s("text", { x: oval.cx, y: oval.cy + 34 + i * 16 }, text);
      }),
    );
  }

  /** A redraw came while the horses slid: draw them once they stand. */
  function owe() {
    if (owed) return;
    owed = true;
    const check = () => {
      if (pawnLayer.hasAttribute("data-sliding")) {
        frame = requestAnimationFrame(check);
        return;
      }
      owed = false;
      draw();
    };
    frame = requestAnimationFrame(check);
  }

  /** A new version arrived: the slides of the last one stop; the horses a later version's events
   * moved slide once drawn (none when the log came whole, or when the replay steps back:
   * `shell.forward`). */
  function collect() {
    slides.stop();
    cancelAnimationFrame(frame);
    owed = false;
    moves = shell.forward
      ? movesFromEvents(shell.msg, shell.before, {
          read: (e) =>
            e.key === "royal_turf.horse_moved"
              ? { piece: e.params.horse, from: e.params.start, to: e.params.end }
              : null,
        })
      : [];
    slid = false;
  }

  /** Slide each horse moved in the last change square by square round the oval, in the order they
   * moved (still under reduced motion, kit/motion.js); one across the line runs on to the podium. */
  function slide() {
    if (slid) return;
    slid = true;
    const runs = [];
    for (const { piece, from, to } of moves) {
      const element = pawnLayer.querySelector(`.rt-pawn[data-horse="${piece}"]`); // the track's come first
      const line = to === 0;
      const cells = line ? [...(loopSquares(from, squares, squares) || []), "line"] : loopSquares(from, to, squares);
      if (!element || !cells || cells.length < 2) continue;
      const points = cells.map((n) => (n === "line" ? oval.line() : oval.square(n)));
      if (line) points.push(placeOf(element));
      runs.push({ key: piece, element, points, cells: line ? [...cells, "podium"] : cells });
    }
    slides.play(pawnLayer, runs);
  }

  /** Where the horse hovered, focused or chosen would land: its square outlined, a ghost pawn, and
   * the move in words. */
  function drawPreview() {
    fill(ghostLayer);
    fill(highlightLayer);
    const sel = state.selected;
    const id = sel.preview ?? sel.horse;
    for (const g of pawnLayer.querySelectorAll(".rt-pawn[data-horse]")) {
      g.classList.toggle("selected", g.dataset.horse === sel.preview || g.dataset.horse === sel.horse);
    }
    if (!id || !state.canMove(id)) return;
    const land = state.landing(id);
    if (!land) return;
    const colour = colourOf(state.horseInfo.get(id)?.colour);
    let at;
    if (land.end === 0) {
      const slot = slots().find((p) => p.place === land.place) || slots()[0];
      at = [slot.x, slot.y];
    } else {
      highlightLayer.append(s("path", { class: "rt-cell-target", d: oval.cellPath(land.end) }));
      at = oval.square(land.end);
    }
    const labelY = oval.name === "compact" ? oval.cy - 86 : oval.cy - 64;
    ghostLayer.append(
      s("text", { class: "rt-preview-text", x: oval.cx, y: labelY }, previewText(state, id)),
      s("g", { class: "rt-ghost-pawn", transform: `translate(${fmt(at[0])} ${fmt(at[1])})` }, [
        s("circle", { r: oval.pawn, fill: colour }),
        s("text", { fill: inkOn(colour), y: 1 }, state.initial(id)),
      ]),
    );
  }

  /** The seat chose another token: each target on the track bets that one now. */
  function retarget() {
    for (const g of pawnLayer.querySelectorAll(".rt-pawn[data-action]")) {
      const move = state.actionFor(g.dataset.horse);
      if (move) g.dataset.action = move.notation;
    }
  }

  function destroy() {
    cancelAnimationFrame(frame);
    slides.stop();
  }

  return { svg, drawStatic, draw, collect, drawPreview, retarget, destroy };
}

/** Where horse `id` would go if moved now, in words ("Sahara: square 12 → 17 (5 squares)."). */
export function previewText(state, id) {
  const land = state.landing(id);
  if (!land) return "";
  const t = (key, params) => state.shell.t(key, params);
  const horse = state.horseName(id);
  const { start, end, rolled, moved } = land;
  if (end === 0) return t("web.royal_turf.preview_cross", { horse, start, place: state.ordinal(land.place) });
  if (moved < rolled) return t("web.royal_turf.preview_blocked", { horse, start, end, rolled, moved });
  return t("web.royal_turf.preview", { horse, start, end, rolled });
}
