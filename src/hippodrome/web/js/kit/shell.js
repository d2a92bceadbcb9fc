// The board shell: what every board does the same way, written once (mount, redraw on each state,
// the language, the layout for the frame's width, keys, destroy). A game's board gives its root
// element and its drawing; the shell returns the board interface the table and replay pages call
// (web/js/boards/index.js).

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
 * @property {Array<object>} log    every event so far
 * @property {boolean} interactive  a seat can act here (not read-only, a sender given)
 * @property {string} layout        the layout's name for the frame's width
 * @property {(notation: string|null|undefined) => void} act   send a legal action's notation
 * @property {() => void} roll      ask the server to roll (a chance node the seat starts)
 * @property {() => void} redraw    draw everything again now
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
 * @property {(shell: Shell, event: KeyboardEvent) => boolean} [key]  true when the key was used
 * @property {Array<{name: string, below: number}>} [layouts]  narrowest first: the first whose
 *   `below` exceeds the frame's width is used, else "wide"
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
  };
  const parts = build(shell);
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
      if (before && before.seat !== stateMessage?.seat) parts.seatChanged?.(shell);
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
      return Boolean(shell.interactive && parts.key?.(shell, event));
    },
    destroy() {
      observer?.disconnect();
      parts.destroy?.();
      container.replaceChildren();
    },
  };
}
