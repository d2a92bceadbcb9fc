// The table's chat (docs/web.md, "Chat"): players talk in the players' channel, spectators in
// theirs (and read the players'); the server sends a page its channels' recent lines when it
// (re)connects and every new line as it is said (`chat` messages). The game's events are set
// between the lines for context: this page's own log, as its seat may see it, never more (a line
// carries only `at_event`, how many events had happened when it was said).
//
// Every text a person typed is shown with textContent (the `h` helper), never as HTML. Muting is
// this browser's own business: the muted authors are kept in localStorage, and the server never
// knows.

import { fill, h, seatColour } from "./dom.js";
import { pick, t } from "./i18n.js";

const MUTED_KEY = "hippodrome.chat.muted";
const NAME_KEY = "hippodrome.chat.name";
const MAX_LENGTH = 500; // the server's default `chat_max_length`; the server judges
const CONTEXT_EVENTS = 4; // events shown before each line (and after the last one)

function stored(key, fallback) {
  try {
    const value = localStorage.getItem(key);
    return value === null ? fallback : JSON.parse(value);
  } catch {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered beyond this page.
  }
}

/**
 * The chat panel in `container`.
 * @param {HTMLElement} container
 * @param {{tableId: string, send: (message: object) => boolean}} o  `send` says the line through
 *   the page's chatting connection; false when it is down.
 */
export function createChat(container, { tableId, send }) {
  let lines = [];
  let msg = null; // the chatting connection's last state (its seat, the seats' names)
  let log = []; // its event log, as its seat sees it
  let problem = null; // a line that could not be sent
  const muted = new Set(stored(MUTED_KEY, []));

  const title = h("h2", {});
  const list = h("ol", { class: "chat-lines", "data-testid": "chat-lines", "aria-live": "polite", tabindex: "0" });
  const mutedRow = h("p", { class: "chat-muted small", "data-testid": "chat-muted", hidden: true });
  const nameInput = h("input", {
    id: "chat-name",
    type: "text",
    class: "chat-name",
    maxlength: 40,
    "data-testid": "chat-name",
    value: stored(NAME_KEY, ""),
  });
  const nameLabel = h("label", { class: "visually-hidden", for: "chat-name" });
  const textInput = h("input", {
    id: "chat-text",
    type: "text",
    class: "chat-text",
    maxlength: MAX_LENGTH,
    autocomplete: "off",
    "data-testid": "chat-input",
  });
  const textLabel = h("label", { class: "visually-hidden", for: "chat-text" });
  const sendButton = h("button", { type: "submit", class: "small", "data-testid": "chat-send" });
  const error = h("p", { class: "chat-error small", role: "alert", hidden: true });
  const form = h(
    "form",
    { class: "chat-form", "data-testid": "chat-form" },
    nameLabel,
    nameInput,
    textLabel,
    textInput,
    sendButton,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = textInput.value.trim();
    if (!text) return;
    const message = { type: "say", text };
    if (spectating()) {
      const name = nameInput.value.trim();
      store(NAME_KEY, name);
      if (name) message.name = name;
    }
    if (send(message)) {
      textInput.value = "";
      problem = null;
    } else {
      problem = t("web.chat.not_sent");
    }
    render();
  });
  fill(container, title, list, mutedRow, error, form);

  const spectating = () => !msg || !Number.isInteger(msg.seat);

  /**
   * Who wrote a line, as this browser mutes him: a seat of this table, or a spectator by the
   * server's mark of who he is (`author`), which stays the same when he changes his name.
   */
  function author(line) {
    if (Number.isInteger(line.seat)) return `${tableId}:seat:${line.seat}`;
    return line.author ? `${tableId}:author:${line.author}` : `${tableId}:spectator:${line.name}`;
  }

  function authorName(line) {
    if (Number.isInteger(line.seat)) return msg?.seats?.[line.seat]?.name || line.name;
    return line.name || t("web.chat.spectator");
  }

  function toggleMute(line) {
    const key = author(line);
    if (muted.has(key)) muted.delete(key);
    else muted.add(key);
    store(MUTED_KEY, [...muted]);
    render();
  }

  function mine(line) {
    if (!msg) return false;
    if (Number.isInteger(msg.seat)) return line.seat === msg.seat;
    // A spectator is known by the name he gives; nameless spectators cannot be told apart.
    const name = nameInput.value.trim();
    return Boolean(name) && line.seat === null && line.name === name;
  }

  function lineItem(line) {
    const seat = Number.isInteger(line.seat);
    const own = mine(line);
    return h(
      "li",
      {
        class: `chat-line channel-${line.channel}${own ? " own" : ""}`,
        "data-testid": "chat-line",
        "data-channel": line.channel,
        style: seat ? `--seat:${seatColour(line.seat)}` : null,
      },
      seat ? h("span", { class: "seat-dot", "aria-hidden": "true" }, String(line.seat + 1)) : null,
      h("strong", { class: "chat-author" }, authorName(line)),
      line.channel === "spectators" ? h("small", { class: "chat-gallery" }, t("web.chat.gallery")) : null,
      " ",
      h("span", { class: "chat-said" }, line.text),
      own
        ? null
        : h(
            "button",
            {
              type: "button",
              class: "chat-mute small",
              "data-testid": "chat-mute",
              title: t("web.chat.mute_hint", { name: authorName(line) }),
              onclick: () => toggleMute(line),
            },
            t("web.chat.mute"),
          ),
    );
  }

  function eventItem(event) {
    return h("li", { class: "chat-event", "data-testid": "chat-event" }, pick(event.text) || event.key);
  }

  /** The lines, each after the few events that came just before it (this seat's own log). */
  function items() {
    const shown = log.map((event, index) => ({ event, index })).filter((e) => !e.event.quiet);
    const out = [];
    let next = 0; // the first event not yet placed
    const eventsBefore = (at) => {
      const due = shown.filter((e) => e.index >= next && e.index < at);
      if (due.length > CONTEXT_EVENTS) out.push(h("li", { class: "chat-event skipped", "aria-hidden": "true" }, "…"));
      for (const e of due.slice(-CONTEXT_EVENTS)) out.push(eventItem(e.event));
      next = Math.max(next, at);
    };
    for (const line of lines) {
      if (muted.has(author(line))) continue;
      eventsBefore(line.at_event);
      out.push(lineItem(line));
    }
    if (lines.length) eventsBefore(log.length);
    return out;
  }

  function renderMuted() {
    const here = [...muted].filter((key) => key.startsWith(`${tableId}:`));
    mutedRow.hidden = !here.length;
    fill(
      mutedRow,
      here.length ? `${t("web.chat.muted")} ` : null,
      here.map((key) => {
        const [, kind, ...rest] = key.split(":");
        const who = rest.join(":");
        const name = kind === "seat" ? msg?.seats?.[Number(who)]?.name || who : who || t("web.chat.spectator");
        return h(
          "button",
          {
            type: "button",
            class: "small chat-unmute",
            "data-testid": "chat-unmute",
            title: t("web.chat.unmute_hint", { name }),
            onclick: () => {
              muted.delete(key);
              store(MUTED_KEY, [...muted]);
              render();
            },
          },
          `${name} ×`,
        );
      }),
    );
  }

  function render() {
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const spectator = spectating();
    title.textContent = spectator ? t("web.chat.title_spectators") : t("web.chat.title_players");
    nameInput.hidden = !spectator;
    nameInput.placeholder = t("web.chat.name_placeholder");
    nameLabel.textContent = t("web.chat.name_label");
    textInput.placeholder = spectator ? t("web.chat.placeholder_spectators") : t("web.chat.placeholder_players");
    textLabel.textContent = t("web.chat.text_label");
    sendButton.textContent = t("web.chat.send");
    const closed = msg?.status === "expired";
    textInput.disabled = sendButton.disabled = closed;
    const out = items();
    fill(list, out.length ? out : h("li", { class: "muted chat-empty" }, t("web.chat.empty")));
    renderMuted();
    error.hidden = !problem;
    error.textContent = problem || "";
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  return {
    /** A `chat` message of the chatting connection. */
    receive(message) {
      const incoming = Array.isArray(message.lines) ? message.lines : [];
      if (message.history) lines = incoming;
      else {
        const known = new Set(lines.map((l) => l.id));
        lines.push(...incoming.filter((l) => !known.has(l.id)));
      }
      render();
    },
    /** A fresh connection: what the page held is replaced by the history that follows (if any). */
    reset() {
      lines = [];
    },
    /** The chatting connection's state and log changed (or the language). */
    update(state, events) {
      msg = state;
      log = events || [];
      render();
    },
  };
}
