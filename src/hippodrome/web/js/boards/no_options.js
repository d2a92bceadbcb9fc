// The options editor of a game that has none (served at /games/<id>/web/options.js): the lobby's
// create form then offers the game's options as plain fields, generated from its schema.
// A game's own `web/options.js` exports `createOptionsEditor(options)` returning an editor, as
// described in web/js/lobby.js (`optionsEditor`).

export function createOptionsEditor() {
  return null;
}
