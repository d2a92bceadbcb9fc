// Board modules by game id. A new game adds one module here; the table and replay pages know no game.
//
// A board module exports `createBoard(container, options)` and returns a board:
//
//   options = {
//     boardData,   // GET /api/games/{game}/board: the game's static material
//     t,           // t(key, params): the message catalog of the current language
//     lang,        // "en" | "fr"
//     send,        // send({type: "act", action: "<notation>"}) or send({type: "roll"});
//                  // the page adds the state version. Absent (null) in read-only mode.
//     readOnly,    // true on the replay page: nothing is clickable
//   }
//
//   board.update(stateMessage, log)  // a `state` message (docs/web.md), and every event so far
//   board.setLang(lang, t)           // the language changed: redraw the texts with the new t
//   board.statusLine(stateMessage)   // optional: a short game-specific status ("Race 2 of 3 · betting")
//   board.handleKey(keyboardEvent)   // optional: true when the board used the key
//   board.destroy()                  // optional

const MODULES = {
  royal_turf: () => import("./royal_turf.js"),
  royal_steeple_chase: () => import("./royal_steeple_chase.js"),
  toques_et_casques: () => import("./toques_et_casques.js"),
};

export function hasBoard(gameId) {
  return Object.prototype.hasOwnProperty.call(MODULES, gameId);
}

/** The board module of `gameId`; the generic board (legal actions as buttons) when none is written. */
export async function loadBoardModule(gameId) {
  if (!hasBoard(gameId)) return import("./generic.js");
  return MODULES[gameId]();
}
