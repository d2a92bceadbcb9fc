// Small helpers shared by the pages: element building, the JSON API, seat colours, the URL fragment.

import { t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function assign(node, attrs) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.setAttribute("class", value);
    else if (name === "text") node.textContent = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (value === true) node.setAttribute(name, "");
    else node.setAttribute(name, String(value));
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: `h("button", {class: "x", onclick: f}, "text", child)`. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  assign(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element, same calling convention as `h`. */
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  assign(node, attrs);
  append(node, children);
  return node;
}

/** Replace the children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/**
 * The SVG patterns the race courses share, with ids `<prefix>-checker` (the finish line),
 * `<prefix>-water` (a river) and `<prefix>-hedge` (a hurdle).
 */
export function coursePatterns(prefix, { checker = 8, hedge = 6, hedgeColours = ["#4f8a3a", "#2f5f22"] } = {}) {
  const half = checker / 2;
  const [light, dark] = hedgeColours;
  return [
    s("pattern", { id: `${prefix}-checker`, width: checker, height: checker, patternUnits: "userSpaceOnUse" }, [
      s("rect", { width: checker, height: checker, fill: "#fff" }),
      s("rect", { width: half, height: half, fill: "#111" }),
      s("rect", { x: half, y: half, width: half, height: half, fill: "#111" }),
    ]),
    s("pattern", { id: `${prefix}-water`, width: 12, height: 8, patternUnits: "userSpaceOnUse" }, [
      s("rect", { width: 12, height: 8, fill: "#3d8fd1" }),
      s("path", { d: "M0 4q3 -3 6 0t6 0", fill: "none", stroke: "#d7ecff", "stroke-width": 1.3 }),
    ]),
    s(
      "pattern",
      {
        id: `${prefix}-hedge`,
        width: hedge,
        height: hedge,
        patternUnits: "userSpaceOnUse",
        patternTransform: "rotate(45)",
      },
      [
        s("rect", { width: hedge, height: hedge, fill: light }),
        s("rect", { width: hedge / 2, height: hedge, fill: dark }),
      ],
    ),
  ];
}

/** An API failure, carrying the server's `{"key", "params", "message": {"en","fr"}}`. */
export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message?.en || `HTTP ${status}`);
    this.status = status;
    this.error = error || { key: "web.error.http", params: { status }, message: null };
  }
}

/** GET or POST JSON; a 4xx answer raises `ApiError` with the server's error object. A request that
 * changes something carries `X-Hippodrome`, which a page of another site cannot add (docs/web.md,
 * "Accounts"). */
export async function api(path, { method = "GET", body, headers = {} } = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (method !== "GET" && method !== "HEAD") init.headers["X-Hippodrome"] = "1";
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data?.error);
  return data;
}

/** Seat colours: the Okabe-Ito palette, told apart by most colour-blind eyes (names are shown too). */
export const SEAT_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00"];

export function seatColour(index) {
  return SEAT_COLOURS[index % SEAT_COLOURS.length];
}

const SEAT_KEYS = "hippodrome.seat-keys.";

/** The seat tokens of this page: `#token=T` or `#tokens=T1,T2` in the URL fragment (never sent to the
 * server). A page that reads them keeps them in the tab's storage for its table and takes them out of
 * the address bar (issue 35): a copied address then invites a spectator, never hands the seat over; a
 * reload of the tab still plays the seat. Without a fragment, the tab's kept tokens for the table. */
export function fragmentTokens() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const many = params.get("tokens");
  const one = params.get("token");
  const tokens = many
    ? many
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean)
    : one
      ? [one]
      : [];
  const table = tableIdFromPath();
  if (!table) return tokens;
  const key = SEAT_KEYS + table;
  if (!tokens.length) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(key));
      return Array.isArray(kept) ? kept.filter((x) => typeof x === "string" && x) : [];
    } catch {
      return [];
    }
  }
  try {
    sessionStorage.setItem(key, JSON.stringify(tokens));
  } catch {
    return tokens; // not kept (storage disabled): the key stays in the address, or a reload loses it
  }
  params.delete("token");
  params.delete("tokens");
  const rest = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${location.search}${rest ? `#${rest}` : ""}`);
  return tokens;
}

/** Forget the seat tokens this tab keeps for `table` (a logout, a table that is gone). */
export function forgetSeatKeys(table) {
  try {
    sessionStorage.removeItem(SEAT_KEYS + table);
  } catch {
    // storage disabled: nothing was kept
  }
}

/** The table id in `/table/{id}` or `/table/{id}/replay`. */
export function tableIdFromPath() {
  const match = location.pathname.match(/\/table\/([^/]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

/** A server timestamp (ISO text or epoch seconds/milliseconds) for people. */
export function formatTime(value, lang) {
  if (value === null || value === undefined || value === "") return "";
  let date;
  if (typeof value === "number") date = new Date(value < 1e12 ? value * 1000 : value);
  else date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", {
    dateStyle: "short",
    timeStyle: "short",
  });
}

/** Names of the seats, from the server's seat list. */
export function seatNames(seats) {
  // A deleted account's seat keeps its place in the game, named « former player » in the reader's words.
  return (seats || []).map((seat, i) => (seat?.former ? t("web.seat.former") : seat?.name || `#${i + 1}`));
}

/** The legal actions of a `state` message, typed by the engine (docs/web.md): `{kind, args, notation,
 * label: {en, fr}}` each. A board finds what to offer by `kind` and `args` and sends the `notation`. */
export function legalMoves(msg) {
  return Array.isArray(msg?.legal) ? msg.legal : [];
}

/** An action's label in `lang` (English if that language is missing). */
export function moveLabel(move, lang) {
  return move?.label?.[lang] || move?.label?.en || move?.notation || "";
}

/** The legal action of `kind` whose args include `args` (`findMove(msg, "bet", {token: 2, horse:
 * "othello"})`), or null. */
export function findMove(msg, kind, args = {}) {
  return (
    legalMoves(msg).find((m) => m.kind === kind && Object.entries(args).every(([k, v]) => m.args?.[k] === v)) || null
  );
}

/** A button copying `text` to the clipboard, which then says whether it could. */
export function copyButton(text) {
  return h(
    "button",
    {
      type: "button",
      class: "small",
      onclick: async (e) => {
        try {
          await navigator.clipboard.writeText(text);
          e.target.textContent = t("web.copied");
        } catch {
          e.target.textContent = t("web.copy_failed");
        }
      },
    },
    t("web.copy"),
  );
}
