// The websocket client of one seat (or of a spectator) at a table.
//
// Protocol (docs/web.md): the first message says who is connecting, `join` with the seat's token
// (null for a spectator): the token never goes in the URL, which servers and proxies log. The server sends `state` on connect (with the whole event log) and after
// every change (with the new events only), `error` when the last message was refused, `stale` before
// a fresh `state` when an action was sent against an old version, `presence` when a seat's player comes or goes, and `pong`. Resync after a lost
// connection needs nothing special: the server sends a full `state` on every connect, so the first
// `state` after each (re)connection is marked `fullLog: true` and replaces what the page held.

const PING_EVERY_MS = 25000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 8000;

export class TableConnection {
  /**
   * @param {object} o
   * @param {string} o.tableId
   * @param {string|null} o.token  the seat's secret token; null for a spectator
   * @param {(msg: object, conn: TableConnection) => void} o.onMessage
   * @param {(status: "connecting"|"open"|"closed", conn: TableConnection) => void} [o.onStatus]
   */
  constructor({ tableId, token = null, onMessage, onStatus = () => {} }) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.socket = null;
    this.status = "closed";
    this.retryMs = RETRY_FIRST_MS;
    this.retryTimer = null;
    this.pingTimer = null;
    this.awaitingFullState = true;
    this.stopped = false;
    this.gone = false; // the server refused the table or the token: retrying would not help
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  open() {
    this.stopped = false;
    this.setStatus("connecting");
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.awaitingFullState = true;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      socket.send(JSON.stringify({ type: "join", token: this.token }));
      this.retryMs = RETRY_FIRST_MS;
      this.setStatus("open");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_EVERY_MS);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (msg.type === "state") {
        // A move taken back: the server sends the whole log again (`full_log`).
        msg.fullLog = this.awaitingFullState || msg.full_log === true;
        this.awaitingFullState = false;
      }
      this.onMessage(msg, this);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      clearInterval(this.pingTimer);
      this.socket = null;
      // 1008 (policy violation) and 4xxx codes: the server will not take this connection again.
      if (event.code === 1008 || (event.code >= 4000 && event.code < 5000)) {
        this.gone = true;
        this.setStatus("closed", event);
        return;
      }
      this.setStatus("connecting");
      this.scheduleRetry();
    });
  }

  scheduleRetry() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => this.open(), wait);
  }

  setStatus(status, detail) {
    this.status = status;
    this.onStatus(status, this, detail);
  }

  /** Send one message; false when the connection is down (the caller shows it). */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
    this.setStatus("closed");
  }
}
