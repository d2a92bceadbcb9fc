// Toy Race's board: one lane a horse, the ditch and the line, and the seat's choices as buttons. It
// draws what the engine says (the observation and the legal actions) and computes no rule.

import { fill, h, legalMoves, moveLabel, s } from "/static/js/dom.js";

const COLOURS = { red: "#c0392b", blue: "#2e6fb7", green: "#2f8f4e" };
const CELL = 40;
const LANE = 34;

export function createBoard(container, { boardData, t, lang = "en", send = null, readOnly = false }) {
  const root = h("div", { class: "toy-board" });
  const controls = h("div", { class: "toy-controls" });
  const status = h("p", { class: "toy-status" });
  fill(container, root);
  let msg = null;

  function track(observation) {
    const width = (boardData.squares + 1) * CELL;
    const height = observation.horses.length * LANE;
    const parts = [];
    observation.horses.forEach((horse, lane) => {
      for (let square = 1; square < boardData.squares; square += 1) {
        const ditch = square === boardData.ditch ? " ditch" : "";
        parts.push(
          s("rect", { class: `toy-cell${ditch}`, x: square * CELL, y: lane * LANE, width: CELL, height: LANE }),
        );
      }
      const x = horse.square * CELL + CELL / 2;
      parts.push(
        s("circle", {
          class: "toy-horse",
          cx: x,
          cy: lane * LANE + LANE / 2,
          r: LANE / 3,
          fill: COLOURS[horse.id] || "#888",
        }),
      );
    });
    const line = boardData.squares * CELL;
    parts.push(s("line", { class: "toy-line", x1: line, y1: 0, x2: line, y2: height }));
    const title = s("title", {}, t("web.toy_race.track_title", { ditch: boardData.ditch }));
    return s("svg", { class: "toy-track", viewBox: `0 0 ${width} ${height}`, role: "img" }, [title, ...parts]);
  }

  function draw() {
    if (!msg) return;
    const observation = msg.observation;
    const buttons = [];
    if (!readOnly && send && msg.can_roll) {
      buttons.push(
        h(
          "button",
          { type: "button", class: "primary", onclick: () => send({ type: "roll" }) },
          t("web.toy_race.roll"),
        ),
      );
    }
    if (!readOnly && send) {
      for (const move of legalMoves(msg)) {
        buttons.push(
          h(
            "button",
            {
              type: "button",
              "data-action": move.notation,
              onclick: () => send({ type: "act", action: move.notation }),
            },
            moveLabel(move, lang),
          ),
        );
      }
    }
    fill(controls, buttons);
    const said = [t("web.toy_race.purse", { purse: observation.purse })];
    if (observation.rolled !== null) said.push(t("web.toy_race.rolled", { points: observation.rolled }));
    if (observation.winner !== null) {
      const horse = observation.horses[observation.winner].id;
      said.push(t("web.toy_race.winner", { horse: t(`toy_race.horse.${horse}`) }));
    }
    status.textContent = said.join(" · ");
    fill(root, [track(observation), status, controls]);
  }

  return {
    update(stateMessage) {
      msg = stateMessage;
      draw();
    },
    setLang(newLang, newT) {
      lang = newLang;
      if (newT) t = newT;
      draw();
    },
  };
}
