// Where a game's board comes from. Every game keeps its board module and its stylesheet in its own
// package (hippodrome/games/<id>/web/board.js and board.css); the server serves them at
// /games/<id>/web/board.js and board.css, the generic board (generic.js here) and an empty stylesheet
// when the game has none (server/routes/assets.py). So this page, like the table and replay pages, names no game.
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

/** The address of a game's browser file (`board.js` or `board.css`). */
export function gameFileUrl(gameId, name) {
  return `/games/${encodeURIComponent(gameId)}/web/${name}`;
}

/** Adds the game's stylesheet to the page, once; resolves when it is loaded (or failed to load). */
export function loadBoardStyle(gameId) {
  const href = gameFileUrl(gameId, "board.css");
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const loaded = new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
  document.head.append(link);
  return loaded;
}

/** The board module of `gameId` (the generic board when the game has none), once its stylesheet is
 *  loaded, so the board is never drawn unstyled. */
export async function loadBoardModule(gameId) {
  const [module] = await Promise.all([import(gameFileUrl(gameId, "board.js")), loadBoardStyle(gameId)]);
  return module;
}
