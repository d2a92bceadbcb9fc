// The board shell: what every board does the same way, written once (mount, redraw on each state,
// the language, the layout for the frame's width, keys, destroy). A game's board gives its root
// element and its drawing; the shell returns the board interface the table and replay pages call
// (web/js/boards/index.js).

import { setEventRenderer } from "/static/js/panels.js";

/**
 * @typedef {object} BoardOptions   what the page gives a board (web/js/boards/index.js)
 * @property {object} boardData     the game's static material (GET /api/games/{game}/board)
 * @property {(key: string, params?: object) => string} t   the current language's catalog
 * @property {string} lang          "en" | "fr"
 * @property {((message: object) => void)|null} send  null in read-only mode
 * @property {boolean} readOnly     true on the replay page
 */

/**
 * @typedef {object} Shell          what a board's drawing reads, always current
 * @property {object} boardData
 * @property {(key: string, params?: object) => string} t
 * @property {string} lang
 * @property {object|null} msg      the last `state` message
 * @property {object|null} obs      its observation
 * @property {object|null} before   the state message before it
 * @property {boolean} forward      the last update moved the game on (a later version): only then do
 *   its events slide pawns or roll dice. The first state of a page, a replay stepped back, or the
 *   same version drawn again (a player connecting, the language, a hint) is not forward.
 * @property {Array<object>} log    every event so far
 * @property {boolean} interactive  a seat can act here (not read-only, a sender given)
 * @property {string} layout        the layout's name for the frame's width
 * @property {(notation: string|null|undefined) => void} act   send a legal action's notation
 * @property {() => void} roll      ask the server to roll (a chance node the seat starts)
 * @property {() => void} redraw    draw everything again now
 * @property {(seat: number) => string} seatName   a seat's name as the table gives it, else
 *   "seat 2" in the player's words (`web.seat_n`); never an index alone
 * @property {(key: string, fallback: string) => string} textOr   the catalog's text for `key`, or
 *   `fallback` when the catalog has none (a horse's name the board data gives, not translated)
 */

/**
 * @typedef {object} BoardParts     what a game's board gives the shell
 * @property {Element} root         the board's element, mounted in the container
 * @property {(shell: Shell) => void} draw              draw the state (called after every change)
 * @property {(shell: Shell) => void} [drawStatic]      draw what only the language or layout changes
 * @property {(shell: Shell) => void} [changed]         a new version arrived: before `draw`
 *   (a new decision: clear selections, collect moves to slide)
 * @property {(shell: Shell) => void} [seatChanged]     hot-seat: another seat holds the device
 * @property {(shell: Shell, message: object) => string} [status]  a short status line
 * @property {(shell: Shell, event: KeyboardEvent) => boolean} [key]  true when the key was used;
 *   a key it leaves, R rolls when the seat may (the roll button's shortcut, kit/dice.js)
 * @property {Array<{name: string, below: number}>} [layouts]  narrowest first: the first whose
 *   `below` exceeds the frame's width is used, else "wide"
 * @property {(shell: Shell, event: object) => (Node|null)} [renderEvent]  an event of the log as
 *   this board draws it (its cards as chips, kit/cards.js), or null for its text: the log uses it
 *   while the board is mounted (panels.js `setEventRenderer`)
 * @property {() => void} [destroy]
 */

/**
 * Mount a board and return the interface the pages call: `update`, `setLang`, `statusLine`,
 * `handleKey`, `destroy`.
 *
 * @param {Element} container
 * @param {BoardOptions} options
 * @param {(shell: Shell) => BoardParts} build   builds the board's parts once, given the shell
 */
export function createBoardShell(container, options, build) {
  const { send = null, readOnly = false } = options;
  /** @type {Shell} */
  const shell = {
    boardData: options.boardData,
    t: options.t,
    lang: options.lang || "en",
    msg: null,
    obs: null,
    before: null,
    forward: false,
    log: [],
    interactive: !readOnly && typeof send === "function",
    layout: "wide",
    act(notation) {
      if (notation && shell.interactive) send({ type: "act", action: notation });
    },
    roll() {
      if (shell.interactive) send({ type: "roll" });
    },
    redraw() {
      parts.draw(shell);
    },
    seatName(seat) {
      return shell.msg?.seats?.[seat]?.name || shell.t("web.seat_n", { n: seat + 1 });
    },
    textOr(key, fallback) {
      const text = shell.t(key);
      return text === key ? fallback : text;
    },
  };
  const parts = build(shell);
  const renderEvent = parts.renderEvent ? (event) => parts.renderEvent(shell, event) : null;
  if (renderEvent) setEventRenderer(renderEvent);
  parts.root.classList.toggle("read-only", readOnly);
  container.replaceChildren(parts.root);

  function fit() {
    const width = container.clientWidth;
    const found = (parts.layouts || []).find((l) => width > 0 && width < l.below);
    const name = found ? found.name : "wide";
    if (name === shell.layout) return;
    parts.root.classList.remove(`layout-${shell.layout}`);
    shell.layout = name;
    parts.root.classList.add(`layout-${name}`);
    parts.drawStatic?.(shell);
    if (shell.msg) parts.draw(shell);
  }

  /** R (no modifier) rolls when the seat may roll. */
  function rollKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || !shell.msg?.can_roll) return false;
    if (event.key !== "r" && event.key !== "R") return false;
    shell.roll();
    return true;
  }

  parts.root.classList.add(`layout-${shell.layout}`);
  const observer = parts.layouts?.length && typeof ResizeObserver === "function" ? new ResizeObserver(fit) : null;
  observer?.observe(container);
  fit();
  parts.drawStatic?.(shell);

  return {
    update(stateMessage, events = []) {
      const before = shell.msg;
      shell.before = before;
      shell.msg = stateMessage;
      shell.obs = stateMessage?.observation ?? null;
      shell.log = events;
      const seatMoved = Boolean(before && before.seat !== stateMessage?.seat);
      shell.forward = Boolean(before && stateMessage?.version > before.version);
      if (seatMoved) parts.seatChanged?.(shell);
      if (!before || before.version !== stateMessage?.version) parts.changed?.(shell);
      parts.draw(shell);
    },
    setLang(lang, t) {
      shell.lang = lang;
      if (t) shell.t = t;
      parts.drawStatic?.(shell);
      if (shell.msg) parts.draw(shell);
    },
    statusLine(stateMessage = shell.msg) {
      return stateMessage && parts.status ? parts.status(shell, stateMessage) : "";
    },
    handleKey(event) {
      if (!shell.interactive) return false;
      if (parts.key?.(shell, event)) return true;
      return rollKey(event);
    },
    destroy() {
      observer?.disconnect();
      if (renderEvent) setEventRenderer(null);
      parts.destroy?.();
      container.replaceChildren();
    },
  };
}
