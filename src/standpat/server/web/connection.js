// A table page's connection: one WebSocket that watches the table, reconnects with a growing
// delay when it drops, and shows its status. The table pages (poker, pinochle) extend it and
// define receive(message) and this.status (the element that shows the connection's state).
import { t } from "./i18n.js";
import { toast } from "./main.js";

export class TableConnection {
  constructor(id) {
    this.id = id;
    this.socket = null;
    this.closed = false;
    this.retry = 0;
    // seat -> the latest name seen there, for the log after a player left; kept for the tab's
    // life, so that the page drawn again (a language switch, a reload) still names him
    this.names = new Map(JSON.parse(sessionStorage.getItem(this.namesKey()) || "[]"));
  }

  namesKey() {
    return `standpat.names.${this.id}`;
  }

  /** Note the names of a `table` message's seats. */
  noteNames(seats) {
    let named = false;
    for (const seat of seats) {
      if (this.names.get(seat.seat) !== seat.name) { this.names.set(seat.seat, seat.name); named = true; }
    }
    if (named) sessionStorage.setItem(this.namesKey(), JSON.stringify([...this.names]));
  }

  /** The name last seen in `seat` ("seat 2" if none was). */
  knownName(seat) {
    return this.names.has(seat) ? this.names.get(seat) : t("seat.number", { seat: seat + 1 });
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 0;
      this.setStatus("online");
      this.send({ type: "watch", table: this.id });
    });
    socket.addEventListener("message", (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      this.receive(message);
    });
    socket.addEventListener("close", () => {
      if (this.closed || this.socket !== socket) return;
      this.setStatus("reconnecting");
      const delay = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => { if (!this.closed) this.connect(); }, delay);
    });
  }

  /** Send `message`; false (with a toast) when the socket is not open and nothing went. */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      toast(t("error.offline"));
      return false;
    }
    this.socket.send(JSON.stringify({ v: 1, ...message }));
    return true;
  }

  setStatus(status) {
    this.status.textContent = t(`connection.${status}`);
    this.status.dataset.status = status;
  }
}
