// Win, Place & Show's standings: the dice of the turn (kit/dice.js: the white die and the other), the
// steward, each seat's money (kit/money.js), out or not, and the races run so far in order of finish.

import { h, seatColour } from "/static/js/dom.js";
import { animateRoll, drawDice, justRolled } from "/static/js/kit/dice.js";

/**
 * The turn's dice as faces (kit/dice.js `DieFace`): the white one, then the other; null before the
 * first roll of a race.
 * @param {number[]|null} dice
 * @param {ReturnType<import("./words.js").wordsOf>} w
 */
export function diceFaces(dice, w) {
  if (!dice) return null;
  const [white, other] = dice;
  return [
    { value: white, label: w.tx("die_white", { value: white }), colour: "white" },
    { value: other, label: w.tx("die_other", { value: other }), colour: "#c62828" },
  ];
}

/** The faces a die of the pair tumbles through, in its own colour. */
function tumbleFaces(face) {
  return [1, 2, 3, 4, 5, 6].map((value) => ({ value, label: "", colour: face.colour }));
}

/**
 * The dice line (`root`, a `.wps-dice-box`): the turn and both dice drawn. `changed(shell)` at a new
 * version stops a tumble under way and, when the version is a later one that rolled the dice, has the
 * next drawing tumble them, each die through faces of its own colour; `draw(shell, w)` at every
 * drawing keeps the dice drawn while the same faces show (a redraw at the same version, the language,
 * leaves a tumble alone: only the words change); `destroy()` stops a tumble.
 */
export function createDice() {
  const root = h("div", { class: "wps-dice-box" });
  let shown = ""; // the faces drawn, as "white other"
  let fresh = false; // the last change rolled the dice: tumble them once drawn
  let stops = [];
  const stop = () => {
    for (const s of stops) s();
    stops = [];
  };

  function draw(shell, w) {
    const obs = shell.obs;
    const faces = diceFaces(obs.dice, w);
    if (!faces) {
      shown = "";
      root.replaceChildren();
      return;
    }
    const key = faces.map((f) => f.value).join(" ");
    const line = root.firstElementChild;
    if (key === shown && line && !fresh) {
      // The same dice: the words again, the dice (and a tumble under way) left as they are.
      line.firstElementChild.textContent = w.tx("turn", { turn: obs.turn });
      line.querySelectorAll(".kit-die").forEach((die, i) => {
        die.setAttribute("aria-label", faces[i].label);
        die.setAttribute("title", faces[i].label);
      });
      return;
    }
    shown = key;
    const dice = drawDice(faces, { size: 32, testid: "wps-dice" });
    root.replaceChildren(h("p", { class: "wps-dice" }, h("span", {}, w.tx("turn", { turn: obs.turn })), dice));
    if (!fresh) return;
    fresh = false;
    stops = [...dice.querySelectorAll(".kit-die")].map((die, i) =>
      animateRoll(die, { faces: tumbleFaces(faces[i]), size: 32 }),
    );
  }

  function changed(shell) {
    stop();
    fresh = shell.forward && diceRolled(shell.msg);
  }

  return { root, draw, changed, destroy: stop };
}

/**
 * Whether the new state message rolled the dice of a turn (kit/dice.js `justRolled`).
 * @param {object} stateMessage
 */
export function diceRolled(stateMessage) {
  return Boolean(justRolled(stateMessage, (e) => (e.key === "win_place_show.dice_rolled" ? true : null)));
}

/**
 * The standings area: the steward, each seat's money, the results so far.
 * @param {import("/static/js/kit/shell.js").Shell} shell
 * @param {ReturnType<import("./words.js").wordsOf>} w
 */
export function standings(shell, w) {
  const obs = shell.obs;
  const races = shell.boardData.races;
  const steward =
    obs.steward === null || obs.steward === undefined
      ? null
      : h("p", { class: "wps-steward" }, w.tx("steward", { name: w.seat(obs.steward) }));
  const money = obs.money.map((m, p) =>
    h(
      "li",
      { style: `border-color:${seatColour(p)}`, "data-seat": String(p) },
      h("span", {}, w.seat(p)),
      " ",
      h("strong", {}, w.money(m)),
      obs.out[p] ? ` (${w.tx("out")})` : "",
    ),
  );
  const results = obs.results.map((order, r) =>
    h(
      "li",
      {},
      w.tx("result", {
        race: r + 1,
        order: order.map((id) => races[r].horses.find((x) => x.id === id)?.name ?? w.horse(id)).join(w.tx("list_join")),
      }),
    ),
  );
  return h(
    "section",
    { class: "wps-standings" },
    steward,
    h("ul", { class: "wps-money" }, money),
    results.length ? h("ol", { class: "wps-results" }, results) : null,
  );
}
