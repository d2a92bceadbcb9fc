// Table clocks (docs/web.md, "Clocks"): the lobby's clock fields, each seat's time at the table, the
// hand-over countdown of an absent seat, and the banner of a seat a stand-in bot plays.
//
// The server keeps the time: every `state` message carries each seat's seconds left (`clock.seats`)
// and, for each absent seat, the seconds before it may be handed to a bot (`handover`). Between two
// messages this module counts down locally from the moment the message arrived; it decides nothing.

import { botLabel } from "./botlabels.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

// -- the lobby ---------------------------------------------------------------------------------------

const KINDS = ["none", "move", "bank", "slow"];
const DEFAULTS = { move: 30, bank: 10, increment: 5, slow: 24 };

/** The clock fields of the table form; `form.clock` holds what is chosen. */
export function clockFields(form, _levels, rerender) {
  form.clock ??= { kind: "none", ...DEFAULTS };
  const clock = form.clock;
  const number = (name, label, min, max) =>
    h(
      "div",
      { class: "field" },
      h("label", { for: `clock-${name}` }, label),
      h("input", {
        id: `clock-${name}`,
        type: "number",
        min,
        max,
        step: 1,
        value: clock[name],
        required: true,
        "data-testid": `clock-${name}`,
        onchange: (e) => {
          clock[name] = Number(e.target.value);
        },
      }),
    );
  const fields = [
    h(
      "div",
      { class: "field" },
      h("label", { for: "clock-kind" }, t("web.clock.label")),
      h(
        "select",
        {
          id: "clock-kind",
          "data-testid": "clock-kind",
          onchange: (e) => {
            clock.kind = e.target.value;
            rerender();
          },
        },
        KINDS.map((k) => h("option", { value: k, selected: clock.kind === k }, t(`web.clock.kind.${k}`))),
      ),
    ),
  ];
  if (clock.kind === "move") fields.push(number("move", t("web.clock.seconds_per_move"), 1, 3600));
  if (clock.kind === "bank") {
    fields.push(number("bank", t("web.clock.bank_minutes"), 1, 360));
    fields.push(number("increment", t("web.clock.increment"), 0, 600));
  }
  if (clock.kind === "slow") {
    // Turn-based (issue 35): a time per move in hours or days, up to the server's 14 days.
    clock.slowUnit ??= "hours";
    const days = clock.slowUnit === "days";
    fields.push(number("slow", t("web.turn.per_move"), 1, days ? 14 : 336));
    fields.push(
      h(
        "div",
        { class: "field" },
        h("label", { for: "clock-unit" }, t("web.turn.unit")),
        h(
          "select",
          {
            id: "clock-unit",
            "data-testid": "clock-unit",
            onchange: (e) => {
              clock.slowUnit = e.target.value;
              clock.slow = clock.slowUnit === "days" ? Math.max(1, Math.round(clock.slow / 24)) : clock.slow * 24;
              rerender();
            },
          },
          ["hours", "days"].map((u) =>
            h("option", { value: u, selected: clock.slowUnit === u }, t(`web.turn.unit.${u}`)),
          ),
        ),
      ),
    );
  }
  if (clock.kind !== "none") {
    // The stand-in is the server's (issue 35): idling never earns a strong bot's result.
    fields.push(
      h(
        "p",
        { class: "hint", "data-testid": "clock-stand-in" },
        t("web.clock.stand_in_fixed", { bot: botLabel(form.game, "heuristic") }),
      ),
    );
  }
  return fields;
}

/** The `clock` of a table's creation request, or null for none. */
export function clockRequest(form) {
  const clock = form.clock;
  if (!clock || clock.kind === "none") return null;
  if (clock.kind === "move") return { kind: "move", seconds: clock.move };
  if (clock.kind === "bank") return { kind: "bank", seconds: clock.bank * 60, increment: clock.increment };
  return { kind: "slow", hours: clock.slowUnit === "days" ? clock.slow * 24 : clock.slow };
}

// -- the table ---------------------------------------------------------------------------------------

const arrived = new WeakMap(); // message -> performance.now() when it was first drawn

function arrival(msg) {
  if (!arrived.has(msg)) arrived.set(msg, performance.now());
  return arrived.get(msg);
}

/** A time left as a player reads it: 0:42, 12:05, or 23 h 05 min. */
export function formatLeft(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 3600) {
    const hours = Math.floor(s / 3600);
    const minutes = Math.floor((s % 3600) / 60);
    return t("web.clock.hours_minutes", { hours, minutes: String(minutes).padStart(2, "0") });
  }
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** An element counting down to `deadline` (performance.now() milliseconds); `template` is the text
 * key with `{time}`; `enables` is a button to enable when the countdown reaches zero. */
function countdown(deadline, attrs, template = null) {
  const node = h("span", attrs);
  node.dataset.deadline = String(deadline);
  if (template) node.dataset.template = template;
  tickOne(node);
  return node;
}

function tickOne(node) {
  const left = (Number(node.dataset.deadline) - performance.now()) / 1000;
  const time = formatLeft(left);
  node.textContent = node.dataset.template ? t(node.dataset.template, { time }) : time;
  node.classList.toggle("low", left <= 10);
  if (left <= 0 && node.dataset.enables) {
    const button = document.querySelector(`[data-testid="${node.dataset.enables}"]`);
    if (button) button.disabled = false;
    node.hidden = true;
  }
}

let ticker = null;

function startTicking() {
  if (ticker) return;
  ticker = setInterval(() => {
    for (const node of document.querySelectorAll("[data-deadline]")) tickOne(node);
  }, 250);
}

/** Each seat's clock beside its name in the players panel (`clock-<seat>`), running down for the
 * seats to act; and, by an absent seat's hand-over button, the time before it may be pressed. */
export function decoratePlayers(container, msg) {
  const at = arrival(msg);
  const items = container.querySelectorAll("li.player");
  const running = msg?.status === "running";
  msg?.clock?.seats?.forEach((seat, i) => {
    const item = items[i];
    if (!item || msg.seats[i]?.kind !== "human") return;
    const attrs = {
      class: `seat-clock${seat.running && running ? " running" : ""}${seat.away ? " away" : ""}`,
      "data-testid": `clock-${i}`,
      title: t("web.clock.left"),
    };
    const node =
      seat.running && running ? countdown(at + seat.left * 1000, attrs) : h("span", attrs, formatLeft(seat.left));
    item.append(
      h(
        "span",
        { class: "seat-timer" },
        node,
        seat.away
          ? h("small", { class: "stand-in", "data-testid": `stand-in-${i}` }, t("web.clock.stand_in_plays"))
          : null,
      ),
    );
  });
  (msg?.handover || []).forEach((seconds, i) => {
    const button = container.querySelector(`[data-testid="takeover-${i}"]`);
    if (!button || seconds === null || seconds <= 0) return;
    button.disabled = true;
    const node = countdown(
      at + seconds * 1000,
      { class: "handover-countdown small", "data-testid": `handover-${i}` },
      "web.clock.handover_in",
    );
    node.dataset.enables = `takeover-${i}`;
    button.parentElement.prepend(node);
  });
  startTicking();
}

/** The banner of a seat whose time ran out: a bot plays it; a button takes it back. */
export function renderAway(container, msg, onBack) {
  const seat = msg?.seat;
  const away = Number.isInteger(seat) && msg?.status === "running" && msg?.clock?.seats?.[seat]?.away;
  container.hidden = !away;
  if (!away) {
    container.replaceChildren();
    return;
  }
  const text = t("web.clock.timed_out", { bot: botLabel(msg.game, msg.clock.bot) });
  // The stand-in moves several times a second: keep the button the player is reaching for, so a
  // click is never lost on a button replaced under the pointer; only its words are brought up to date.
  const button = container.querySelector('[data-testid="take-back"]');
  if (button) {
    button.onclick = onBack;
    button.textContent = t("web.clock.take_back");
    container.firstElementChild.textContent = text;
    return;
  }
  container.replaceChildren(
    h("span", {}, text),
    " ",
    h("button", { type: "button", "data-testid": "take-back", onclick: onBack }, t("web.clock.take_back")),
  );
}
