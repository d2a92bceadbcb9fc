// Win, Place & Show's board, built on the board kit (web/js/kit/): the course (course.js: the oval
// from the engine's lane-track geometry, GET /api/games/win_place_show/board, the horses and the
// squares the horse in turn may reach), the seat's controls (controls.js: the roll, the sheet, the
// tie auction, the betting slip, the landing choices, the claims), the seat's own sealed bids and
// slip (mine.js), the race's programme with its legend and the tote board (programme.js) and the
// standings (standings.js). Phone first: under 700 CSS pixels the oval zooms
// to the horse in turn and the landing choices are a list of buttons under it, the programme scrolls
// in its own box. Every choice is one of the legal actions the server typed: no rule here.

import { h } from "/static/js/dom.js";
import { createBoardShell } from "/static/js/kit/shell.js";
import { createControls } from "./controls.js";
import { courseOf, createCourse, landingTargets } from "./course.js";
import { mine } from "./mine.js";
import { programme, toteBoard } from "./programme.js";
import { createDice, standings } from "./standings.js";
import { NS, wordsOf } from "./words.js";

/**
 * Mount the board (web/js/boards/index.js describes the options and the interface returned).
 * @param {Element} container
 * @param {import("/static/js/kit/shell.js").BoardOptions} options
 */
export function createBoard(container, options) {
  return createBoardShell(container, options, (shell) => {
    const course = courseOf(shell.boardData);
    const track = createCourse(course);
    const controls = createControls();
    const dice = createDice();
    const yours = h("div", { class: "wps-yours" });
    const side = h("div", { class: "wps-side" });
    const root = h("div", { class: "wps-board" }, track.root, dice.root, controls.root, yours, side);
    const legend = { column: null, open: false };

    function draw(sh) {
      if (!sh.obs) return;
      const w = wordsOf(sh);
      const targets = sh.interactive ? landingTargets(course, sh.msg.legal || [], w) : [];
      track.draw(sh, targets);
      dice.draw(sh, w);
      // Another seat's move redraws the controls: a list the player was choosing in keeps the focus.
      const focused = controls.root.contains(document.activeElement) ? document.activeElement : null;
      const list = focused?.tagName === "SELECT" ? focused.dataset.testid : null;
      controls.draw(sh, w, targets);
      if (list) controls.root.querySelector(`select[data-testid="${list}"]`)?.focus();
      yours.replaceChildren(...[mine(sh, w)].filter(Boolean));
      side.replaceChildren(
        programme(sh, w, legend),
        h("div", { class: "wps-aside" }, toteBoard(sh, w), standings(sh, w)),
      );
    }

    return {
      root,
      draw,
      layouts: [{ name: "phone", below: 700 }],
      changed(sh) {
        track.changed(sh);
        dice.changed(sh);
        if (sh.before?.observation?.phase !== sh.obs?.phase) controls.reset();
      },
      seatChanged: () => controls.reset(),
      status(sh, message) {
        const obs = message.observation;
        if (!obs) return "";
        return sh.t(`${NS}.status`, { race: obs.race, races: obs.races, phase: sh.t(`${NS}.phase_${obs.phase}`) });
      },
      destroy() {
        track.destroy();
        dice.destroy();
      },
    };
  });
}
