// The lobby's waiting lists: a WebSocket of its own that joins a full table's list, shows
// the place in line, and offers the seat that frees (with the time left to take it).
import { t } from "./i18n.js";
import { el, errorText, navigate, toast } from "./main.js";

/** The lobby's waiting-list connection; `box` shows its state. */
export class WaitList {
  constructor(box, changed = () => {}) {
    this.box = box;
    this.changed = changed;
    this.socket = null;
    this.waiting = new Map(); // table id -> place in line (null: offered)
    this.offer = null; // {table, seat, until}
    this.timer = setInterval(() => this.render(), 500);
  }

  close() {
    clearInterval(this.timer);
    if (this.socket) this.socket.close();
  }

  async open() {
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket.addEventListener("message", (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      this.receive(message);
    });
    await new Promise((resolve, reject) => {
      this.socket.addEventListener("open", resolve, { once: true });
      this.socket.addEventListener("error", reject, { once: true });
    });
  }

  send(message) {
    this.socket.send(JSON.stringify({ v: 1, ...message }));
  }

  async join(table) {
    await this.open();
    this.send({ type: "wait", table });
  }

  leave(table) {
    this.send({ type: "unwait", table });
  }

  receive(message) {
    switch (message.type) {
      case "waiting":
        if (message.position === null) this.waiting.delete(message.table);
        else this.waiting.set(message.table, message.position);
        this.changed();
        break;
      case "seat-offered":
        this.waiting.set(message.table, null);
        this.offer = { table: message.table, seat: message.seat, until: Date.now() + message.accept * 1000 };
        this.changed();
        break;
      case "seat-offer-expired":
        this.waiting.delete(message.table);
        if (this.offer && this.offer.table === message.table) this.offer = null;
        toast(t("lobby.offerExpired", { id: message.table }));
        this.changed();
        break;
      case "table":
        if (message.you && this.offer && message.table === this.offer.table) {
          const table = this.offer.table;
          this.offer = null;
          this.waiting.delete(table);
          navigate(`/tables/${table}`);
          return;
        }
        break;
      case "error":
        toast(errorText(message));
        break;
      default:
        break;
    }
    this.render();
  }

  render() {
    const parts = [];
    for (const [table, place] of this.waiting) {
      if (place === null) continue;
      const leave = el("button", { type: "button", class: "small", text: t("lobby.leaveList") });
      leave.addEventListener("click", () => this.leave(table));
      parts.push(el("p", { class: "row waiting-line", "data-waiting": table },
        el("span", { text: t("lobby.inLine", { id: table, place }) }), leave));
    }
    if (this.offer) {
      const left = Math.max(0, Math.round((this.offer.until - Date.now()) / 1000));
      const { table, seat } = this.offer;
      const take = el("button", { type: "button", class: "primary", id: "take-seat", text: t("lobby.takeSeat") });
      take.addEventListener("click", () => this.send({ type: "sit", table, seat }));
      parts.push(el("p", { class: "row seat-offer", role: "alert" },
        el("span", { text: t("lobby.seatOffered", { id: table, seat: seat + 1, seconds: left }) }), take));
    }
    this.box.replaceChildren(...parts);
    this.box.hidden = parts.length === 0;
  }
}
