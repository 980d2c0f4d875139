// The table page: an oval table drawn from the server's `table` messages, and the player's controls.
import { t } from "./i18n.js";
import { api, account, el, errorText, gameTitle, loadMe, toast } from "./main.js";
import { backs, cardText, faceUp, handName } from "./cards.js";
import { mountChat } from "./chat.js";

/** Open table `id` in `root`; returns a function that closes it. */
export async function openTable(root, id) {
  const page = new TablePage(root, id);
  await page.start();
  return () => page.close();
}

class TablePage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.info = null; // the lobby line: game, structure, stakes, seats, buy-in
    this.state = null; // the latest `table` message
    this.events = []; // the current hand's events
    this.eventsHand = null;
    this.streets = new Set(); // the street numbers of the hand's log so far
    this.selected = new Set();
    this.selectKey = null;
    this.amount = null;
    this.socket = null;
    this.closed = false;
    this.retry = 0;
    this.deadline = null;
    this.lastHandOver = null;
    this.onKey = (event) => this.key(event);
  }

  async start() {
    this.info = await api("GET", `/api/tables/${this.id}`);
    this.build();
    document.addEventListener("keydown", this.onKey);
    this.timer = setInterval(() => this.tick(), 250);
    this.connect();
    this.loadHistory();
  }

  close() {
    this.closed = true;
    clearInterval(this.timer);
    document.removeEventListener("keydown", this.onKey);
    if (this.socket) this.socket.close();
  }

  // ---- connection -------------------------------------------------------------------------

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

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      toast(t("error.offline"));
      return;
    }
    this.socket.send(JSON.stringify({ v: 1, ...message }));
  }

  setStatus(status) {
    this.status.textContent = t(`connection.${status}`);
    this.status.dataset.status = status;
  }

  receive(message) {
    switch (message.type) {
      case "table":
        if (message.table === this.id) this.update(message);
        break;
      case "error":
        this.showMessage(errorText(message));
        break;
      case "timed-out":
        if (message.table === this.id) this.log(t("log.timedOut", { name: this.nameOf(message.seat) }));
        break;
      case "left":
        if (message.table === this.id) { this.log(t("log.youLeft")); loadMe(); }
        break;
      default:
        break;
    }
  }

  showMessage(text) {
    this.message.textContent = text;
    this.message.hidden = false;
    clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => { this.message.hidden = true; }, 6000);
  }

  // ---- layout -------------------------------------------------------------------------------

  build() {
    const info = this.info;
    this.status = el("span", { class: "status", role: "status" });
    this.felt = el("div", { class: "felt" });
    this.oval = el("div", { class: "oval", role: "region", "aria-label": t("table.label", { id: this.id }) }, this.felt);
    this.centre = el("div", { class: "centre" });
    this.felt.append(this.centre);
    this.seatEls = [];
    this.betEls = [];
    for (let s = 0; s < info.seats; s++) {
      const seat = el("section", { class: "seat", "data-seat": s });
      const bet = el("div", { class: "bet", "data-bet-seat": s, hidden: "" });
      this.seatEls.push(seat);
      this.betEls.push(bet);
      this.felt.append(bet, seat);
    }
    this.myHand = el("div", { class: "my-hand", "aria-label": t("hand.yours") });
    this.handNameEl = el("p", { class: "hand-name" });
    this.controls = el("div", { class: "controls" });
    this.sitBox = el("div", { class: "sit-box" }); // kept across renders, unlike the controls
    this.message = el("p", { class: "table-message", role: "alert", hidden: "" });
    this.logList = el("ul", { class: "log", "aria-live": "polite", "aria-label": t("log.title") });
    this.history = el("ol", { class: "history" });
    const head = el("div", { class: "table-head" },
      el("a", { href: "/", "data-link": "", class: "back", text: t("table.back") }),
      el("h1", { text: `${gameTitle(info.game)} · ${t(`structure.${info.structure}`)} · ${info.stakes}` }),
      this.status);
    this.root.replaceChildren(el("div", { class: "table-page" },
      head,
      this.message,
      this.oval,
      el("div", { class: "me" }, this.myHand, this.handNameEl, this.sitBox, this.controls),
      el("div", { class: "side" },
        el("section", { class: "panel" }, el("h2", { text: t("log.title") }), this.logList),
        el("section", { class: "panel" }, el("h2", { text: t("history.title") }), this.history),
        el("details", { class: "panel help" }, el("summary", { text: t("shortcuts.title") }),
          el("p", { text: t("shortcuts.text") })))));
    mountChat(this);
    this.root.focus();
    this.setStatus("connecting");
    this.render();
  }

  // ---- state --------------------------------------------------------------------------------

  update(message) {
    const hand = message.hand;
    this.state = message; // first: the log below names seats from it
    if (hand) {
      if (this.eventsHand !== hand.id) {
        this.events = [];
        this.streets = new Set();
        this.eventsHand = hand.id;
        this.log(t("log.newHand", { number: hand.number }), "hand");
      }
      // hand.events starts at index events_from of the hand's list; skip what we have.
      const fresh = hand.events.slice(Math.max(0, this.events.length - hand.events_from));
      for (const event of fresh) this.log(this.describe(event), event.kind);
      this.events = this.events.concat(fresh);
      if (hand.over && this.lastHandOver !== hand.id) {
        this.lastHandOver = hand.id;
        setTimeout(() => this.loadHistory(), 300);
        loadMe();
      }
    }
    const drawKey = hand ? `${hand.id}:${hand.street}:${hand.phase}` : null;
    if (drawKey !== this.selectKey) {
      this.selectKey = drawKey;
      this.selected.clear();
    }
    const legal = hand && hand.legal;
    const betKey = legal ? `${hand.id}:${legal.min_to}:${legal.max_to}` : null;
    if (betKey !== this.betKey) {
      this.betKey = betKey;
      this.amount = legal ? legal.min_to : null;
    }
    this.deadline = message.clock ? performance.now() + message.clock.remaining * 1000 : null;
    // What tests and assistive tools can read without parsing the drawing.
    const page = this.root.firstElementChild;
    if (page) {
      page.dataset.hand = hand ? String(hand.id) : "";
      page.dataset.events = String(this.events.length);
      page.dataset.phase = hand ? (hand.over ? "over" : hand.phase) : "";
      page.dataset.turn = this.myTurn() ? "yes" : "no";
    }
    this.render();
  }

  seatInfo(seat) {
    return this.state ? this.state.seats.find((s) => s.seat === seat) : undefined;
  }

  nameOf(seat) {
    const info = this.seatInfo(seat);
    return info ? info.name : t("seat.number", { seat: seat + 1 });
  }

  mySeat() {
    return this.state && this.state.you ? this.state.you.seat : null;
  }

  myTurn() {
    const hand = this.state && this.state.hand;
    return Boolean(hand && hand.legal && !hand.over && hand.to_act === this.mySeat());
  }

  // ---- drawing ------------------------------------------------------------------------------

  /** A selector that finds the focused control again after a redraw, or null. */
  focusSelector() {
    const active = document.activeElement;
    if (!active || !this.root.contains(active) || active === this.root) return null;
    for (const name of ["key", "action", "card", "choice", "preset"]) {
      if (active.dataset && active.dataset[name] !== undefined) {
        let selector = `[data-${name}="${active.dataset[name]}"]`;
        if (active.dataset.seat !== undefined) selector += `[data-seat="${active.dataset.seat}"]`;
        return selector;
      }
    }
    return null;
  }

  render() {
    const refocus = this.focusSelector();
    this.draw();
    if (refocus && (!document.activeElement || !this.root.contains(document.activeElement)
        || document.activeElement === document.body)) {
      const again = this.root.querySelector(refocus);
      if (again) again.focus();
    }
  }

  draw() {
    const state = this.state;
    const hand = state && state.hand;
    const count = this.info.seats;
    const mine = this.mySeat();
    const bottom = mine === null ? 0 : mine;
    for (let s = 0; s < count; s++) {
      const k = (s - bottom + count) % count;
      const angle = Math.PI / 2 + (2 * Math.PI * k) / count;
      const seatEl = this.seatEls[s];
      seatEl.style.left = `${50 + 41 * Math.cos(angle)}%`;
      seatEl.style.top = `${50 + 40 * Math.sin(angle)}%`;
      const betEl = this.betEls[s];
      betEl.style.left = `${50 + 24 * Math.cos(angle)}%`;
      betEl.style.top = `${50 + 21 * Math.sin(angle)}%`;
      this.renderSeat(s, seatEl, betEl, hand);
    }
    this.renderCentre(hand);
    this.renderMyHand(hand);
    this.renderControls(hand);
    this.tick();
  }

  renderSeat(s, seatEl, betEl, hand) {
    const state = this.state;
    const info = this.seatInfo(s);
    const player = hand ? hand.players.find((p) => p.seat === s) : undefined;
    seatEl.replaceChildren();
    seatEl.className = "seat";
    betEl.hidden = true;
    if (!info) {
      seatEl.classList.add("empty");
      seatEl.setAttribute("aria-label", t("seat.emptyLabel", { seat: s + 1 }));
      seatEl.append(el("span", { class: "name", text: t("seat.empty") }));
      if (account() && state && this.mySeat() === null) {
        seatEl.append(el("button", { type: "button", class: "small primary", "data-action": "sit", "data-seat": s,
          text: t("seat.sit"), "aria-label": t("seat.sitLabel", { seat: s + 1 }), onclick: () => this.sitForm(s) }));
      }
      if (account() && state) {
        seatEl.append(el("button", { type: "button", class: "small", "data-action": "bot", "data-seat": s,
          text: t("seat.addBot"), "aria-label": t("seat.addBotLabel", { seat: s + 1 }), onclick: () => this.addBot(s) }));
      }
      return;
    }
    const you = s === this.mySeat();
    if (you) seatEl.classList.add("you");
    if (hand && hand.to_act === s && !hand.over) seatEl.classList.add("acting");
    if (player && player.folded) seatEl.classList.add("folded");
    const badges = el("span", { class: "badges" });
    if (state.button === s) badges.append(el("span", { class: "badge dealer", title: t("seat.dealer"), text: "D" }));
    if (state.small_blind === s) badges.append(el("span", { class: "badge blind", title: t("seat.smallBlind"), text: t("seat.sb") }));
    if (state.big_blind === s) badges.append(el("span", { class: "badge blind", title: t("seat.bigBlind"), text: t("seat.bb") }));
    if (info.marker) {
      badges.append(el("span", { class: `badge marker ${info.marker.toLowerCase()}`,
        title: t(`seat.marker.${info.marker}`), text: info.marker }));
    }
    const status = [];
    if (info.bot) status.push(t("seat.bot"));
    if (info.sitting_out) status.push(t("seat.sittingOut"));
    else if (info.waiting) status.push(t("seat.waiting"));
    if (!info.connected) status.push(t("seat.disconnected"));
    if (player && player.folded) status.push(t("seat.folded"));
    if (player && player.all_in) status.push(t("seat.allIn"));
    const stack = player ? player.stack : info.stack;
    seatEl.append(
      el("span", { class: "name", text: info.name + (you ? ` (${t("seat.you")})` : "") }),
      el("span", { class: "stack", "data-stack": stack, text: t("seat.stack", { chips: stack }) }),
      badges);
    if (status.length) seatEl.append(el("span", { class: "seat-status", text: status.join(" · ") }));
    if (player && !you) {
      if (player.shown) {
        const row = el("span", { class: "cards shown" }, ...player.shown.map((c) => faceUp(c, { small: true })));
        seatEl.append(row);
        if (player.value) seatEl.append(el("span", { class: "seat-hand", text: handName(player.value, hand.ranking) }));
      } else if (!player.folded && player.cards) {
        seatEl.append(backs(player.cards));
      }
    }
    if (player && player.drew !== undefined && player.drew !== null) {
      seatEl.append(el("span", { class: "drew", "data-drew": player.drew,
        text: player.drew ? t("seat.drew", { count: player.drew }) : t("seat.pat") }));
    }
    if (player && hand.over && player.won > 0) {
      seatEl.append(el("span", { class: "won", text: t("seat.won", { chips: player.won }) }));
    }
    if (hand && hand.to_act === s && !hand.over && state.clock) {
      seatEl.append(el("span", { class: "clock", "data-clock": s, role: "timer" }));
    }
    if (player && player.bet > 0 && !hand.over) {
      betEl.hidden = false;
      betEl.textContent = String(player.bet);
      betEl.setAttribute("aria-label", t("seat.betLabel", { name: info.name, chips: player.bet }));
    }
    seatEl.setAttribute("aria-label", t("seat.label", { name: info.name, chips: stack }));
  }

  renderCentre(hand) {
    const parts = [];
    if (!hand) {
      parts.push(el("p", { class: "waiting-hand", text: t("table.waitingForPlayers") }));
      this.centre.replaceChildren(...parts);
      return;
    }
    parts.push(el("p", { class: "hand-number", text: t("table.handNumber", { number: hand.number }) }));
    if (hand.pot > 0) parts.push(el("p", { class: "pot", "data-pot": hand.pot, text: t("table.pot", { chips: hand.pot }) }));
    if (hand.pots.length > 1) {
      parts.push(el("p", { class: "pots", text: hand.pots.map((p, i) =>
        (i === 0 ? t("table.mainPot", { chips: p.amount }) : t("table.sidePot", { number: i, chips: p.amount }))).join(" · ") }));
    }
    let phase = t(`phase.${hand.phase}`);
    if (!hand.over && hand.draws_left >= 0) {
      phase += ` · ${t("table.drawsLeft", { count: hand.draws_left })}`;
    }
    parts.push(el("p", { class: "phase", text: phase }));
    if (hand.over) {
      const winners = hand.players.filter((p) => p.won > 0);
      for (const w of winners) {
        const name = this.nameOf(w.seat);
        const value = w.value || (w.seat === this.mySeat() && w.shown ? hand.value : null);
        const text = value
          ? t("table.winsWith", { name, chips: w.won, hand: handName(value, hand.ranking) })
          : t("table.wins", { name, chips: w.won });
        parts.push(el("p", { class: "winner", text }));
      }
    }
    this.centre.replaceChildren(...parts);
  }

  renderMyHand(hand) {
    const mine = this.mySeat();
    const player = hand && mine !== null ? hand.players.find((p) => p.seat === mine) : undefined;
    if (!hand || !player || !hand.hand.length) {
      this.myHand.replaceChildren();
      this.handNameEl.textContent = "";
      return;
    }
    const drawing = this.myTurn() && hand.legal.kinds.includes("discard");
    const cards = hand.hand.map((code, i) => {
      const card = faceUp(code, { clickable: true });
      const on = this.selected.has(code);
      card.classList.toggle("selected", on);
      card.setAttribute("aria-pressed", on ? "true" : "false");
      card.disabled = !drawing;
      card.dataset.index = String(i + 1);
      card.addEventListener("click", () => this.toggle(code));
      return card;
    });
    this.myHand.replaceChildren(...cards);
    this.myHand.classList.toggle("folded", Boolean(player.folded));
    this.handNameEl.textContent = hand.value ? handName(hand.value, hand.ranking) : "";
  }

  renderControls(hand) {
    const state = this.state;
    const parts = [];
    const you = state && state.you;
    if (!account()) {
      parts.push(el("p", {}, el("a", { href: `/login?next=/tables/${this.id}`, "data-link": "", text: t("table.loginToSit") })));
    }
    if (you && you.choices.some((choice) => choice !== "wait-for-bb")) {
      parts.push(el("p", { class: "choice-text", text: t("choice.prompt") }));
      parts.push(el("div", { class: "row choices" }, ...you.choices.map((choice) =>
        el("button", { type: "button", "data-choice": choice, text: t(`choice.${choice}`),
          onclick: () => this.send({ type: "choose", table: this.id, choice }) }))));
    }
    if (this.myTurn()) {
      const legal = hand.legal;
      if (legal.kinds.includes("discard")) parts.push(this.drawControls(legal));
      else parts.push(this.betControls(hand, legal));
    } else if (hand && !hand.over && hand.to_act !== null && you) {
      parts.push(el("p", { class: "turn", text: t("table.toAct", { name: this.nameOf(hand.to_act) }) }));
    }
    if (you) {
      const info = this.seatInfo(you.seat);
      const row = el("div", { class: "row seat-controls" });
      if (info && info.sitting_out) {
        row.append(el("button", { type: "button", "data-action": "sit-in", text: t("seat.sitIn"),
          onclick: () => this.send({ type: "sit-in", table: this.id }) }));
      } else {
        row.append(el("button", { type: "button", "data-action": "sit-out", text: t("seat.sitOut"),
          onclick: () => this.send({ type: "sit-out", table: this.id, when: "next-hand" }) }));
      }
      row.append(el("button", { type: "button", "data-action": "add-chips", text: t("seat.addChips"),
        onclick: () => this.addChips() }));
      row.append(el("button", { type: "button", "data-action": "leave", text: t("seat.leave"),
        onclick: () => this.send({ type: "leave", table: this.id }) }));
      parts.push(row);
    }
    this.controls.replaceChildren(...parts);
  }

  drawControls(legal) {
    const n = this.selected.size;
    return el("div", { class: "draw-controls" },
      el("p", { class: "draw-hint", text: t("draw.hint", { max: legal.max_discard }) }),
      el("div", { class: "row" },
        el("button", { type: "button", class: "primary", "data-key": "discard", "data-action": "discard",
          disabled: n === 0 ? "" : false, text: t("draw.discard", { count: n }), onclick: () => this.discard() }),
        el("button", { type: "button", "data-key": "pat", "data-action": "stand-pat", text: t("draw.standPat"),
          onclick: () => this.standPat() })));
  }

  betControls(hand, legal) {
    const kinds = legal.kinds;
    const row = el("div", { class: "row bet-buttons" });
    if (kinds.includes("fold")) {
      row.append(el("button", { type: "button", class: "danger", "data-key": "fold", "data-action": "fold",
        text: t("bet.fold"), onclick: () => this.act({ kind: "fold" }) }));
    }
    if (kinds.includes("check")) {
      row.append(el("button", { type: "button", "data-key": "check", "data-action": "check",
        text: t("bet.check"), onclick: () => this.act({ kind: "check" }) }));
    }
    if (kinds.includes("call")) {
      row.append(el("button", { type: "button", "data-key": "call", "data-action": "call",
        text: t("bet.call", { chips: legal.to_call }), onclick: () => this.act({ kind: "call" }) }));
    }
    const raising = kinds.includes("raise") ? "raise" : kinds.includes("bet") ? "bet" : null;
    const parts = [row];
    if (raising) {
      const amount = () => this.amount;
      const button = el("button", { type: "button", class: "primary", "data-key": "raise", "data-action": raising,
        text: t(`bet.${raising}`, { chips: this.amount }), onclick: () => this.act({ kind: raising, amount: amount() }) });
      row.append(button);
      if (legal.max_to > legal.min_to) {
        const slider = el("input", { type: "range", min: legal.min_to, max: legal.max_to, step: "1",
          value: this.amount, "data-key": "slider", "aria-label": t("bet.slider") });
        const box = el("input", { type: "number", min: legal.min_to, max: legal.max_to, step: "1",
          value: this.amount, "data-key": "amount", inputmode: "numeric", "aria-label": t("bet.amount") });
        const set = (value, from) => {
          let v = Math.round(Number(value));
          if (!Number.isFinite(v)) v = legal.min_to;
          v = Math.max(legal.min_to, Math.min(legal.max_to, v));
          this.amount = v;
          if (from !== slider) slider.value = String(v);
          if (from !== box) box.value = String(v);
          button.textContent = t(`bet.${raising}`, { chips: v });
        };
        slider.addEventListener("input", () => set(slider.value, slider));
        box.addEventListener("input", () => {
          const typed = Math.round(Number(box.value));
          if (Number.isFinite(typed) && typed >= legal.min_to && typed <= legal.max_to) set(typed, box);
        });
        box.addEventListener("change", () => set(box.value, null));
        box.addEventListener("keydown", (event) => { if (event.key === "Enter") { set(box.value, null); button.click(); } });
        const top = this.topBet(hand);
        const afterCall = hand.pot + legal.to_call;
        const presets = [
          ["min", legal.min_to],
          ["half", top + Math.floor(afterCall / 2)],
          ["pot", top + afterCall],
          ["allIn", legal.max_to],
        ];
        const presetRow = el("div", { class: "row presets" }, ...presets.map(([key, value]) =>
          el("button", { type: "button", class: "small", "data-preset": key, text: t(`bet.preset.${key}`),
            onclick: () => set(value, null) })));
        parts.push(el("div", { class: "row sizing" }, slider, box), presetRow);
      }
    }
    return el("div", { class: "bet-controls" }, ...parts);
  }

  topBet(hand) {
    return Math.max(0, ...hand.players.map((p) => p.bet));
  }

  tick() {
    const clocks = this.root.querySelectorAll("[data-clock]");
    if (!clocks.length || this.deadline === null) return;
    const left = Math.max(0, (this.deadline - performance.now()) / 1000);
    const bank = this.state && this.state.clock && this.state.clock.time_bank;
    for (const c of clocks) {
      c.textContent = t(bank ? "seat.timeBank" : "seat.clock", { seconds: Math.ceil(left) });
      c.classList.toggle("low", left < 10);
    }
  }

  // ---- actions ------------------------------------------------------------------------------

  act(action) {
    const hand = this.state && this.state.hand;
    if (!hand || !this.myTurn()) return;
    this.send({ type: "act", table: this.id, hand: hand.id, action });
  }

  toggle(code) {
    if (!this.myTurn() || !this.state.hand.legal.kinds.includes("discard")) return;
    const max = this.state.hand.legal.max_discard;
    if (this.selected.has(code)) this.selected.delete(code);
    else if (this.selected.size < max) this.selected.add(code);
    else {
      this.showMessage(t("draw.tooMany", { max }));
      return;
    }
    this.render();
    const again = this.myHand.querySelector(`[data-card="${code}"]`);
    if (again) again.focus();
  }

  discard() {
    if (!this.selected.size) return;
    const hand = this.state.hand;
    this.act({ kind: "discard", cards: hand.hand.filter((c) => this.selected.has(c)) });
  }

  standPat() {
    this.act({ kind: "discard", cards: [] });
  }

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    if (!this.myTurn()) return;
    const hand = this.state.hand;
    const legal = hand.legal;
    const k = event.key.toLowerCase();
    let done = true;
    if (legal.kinds.includes("discard")) {
      if (/^[1-7]$/.test(k) && Number(k) <= hand.hand.length) this.toggle(hand.hand[Number(k) - 1]);
      else if (k === "d") this.discard();
      else if (k === "p") this.standPat();
      else done = false;
    } else if (k === "f" && legal.kinds.includes("fold")) this.act({ kind: "fold" });
    else if (k === "c" && legal.kinds.includes("check")) this.act({ kind: "check" });
    else if (k === "c" && legal.kinds.includes("call")) this.act({ kind: "call" });
    else if (k === "r" && (legal.kinds.includes("raise") || legal.kinds.includes("bet"))) {
      this.act({ kind: legal.kinds.includes("raise") ? "raise" : "bet", amount: this.amount });
    } else done = false;
    if (done) event.preventDefault();
  }

  sitForm(seat) {
    const buyIn = this.info.buy_in;
    const amount = el("input", { type: "number", name: "buy_in", min: buyIn.min, max: buyIn.max,
      value: Math.min(buyIn.max, Math.max(buyIn.min, Math.round((buyIn.min + buyIn.max) / 2))), required: "" });
    const post = el("input", { type: "checkbox", name: "post", checked: "" });
    const dialog = el("form", { class: "sit-form card-panel", "aria-label": t("sit.title", { seat: seat + 1 }) },
      el("h2", { text: t("sit.title", { seat: seat + 1 }) }),
      el("label", {}, el("span", { text: t("sit.buyIn", { min: buyIn.min, max: buyIn.max }) }), amount),
      el("label", { class: "check" }, post, el("span", { text: t("sit.post") })),
      el("div", { class: "row" },
        el("button", { type: "submit", class: "primary", "data-action": "confirm-sit", text: t("sit.confirm") }),
        el("button", { type: "button", text: t("sit.cancel"), onclick: () => dialog.remove() })));
    dialog.addEventListener("submit", (event) => {
      event.preventDefault();
      this.send({ type: "sit", table: this.id, seat, buy_in: Number(amount.value), post: post.checked });
      dialog.remove();
      setTimeout(loadMe, 500);
    });
    this.sitBox.replaceChildren(dialog);
    amount.focus();
  }

  async addBot(seat) {
    try {
      await api("POST", `/api/tables/${this.id}/bots`, { level: "normal", seat });
    } catch (e) {
      this.showMessage(errorText(e));
    }
  }

  addChips() {
    const text = prompt(t("seat.addChipsPrompt", { max: this.info.buy_in.max }));
    if (text === null) return;
    const amount = Number(text);
    if (!Number.isInteger(amount) || amount <= 0) {
      this.showMessage(t("error.amount"));
      return;
    }
    this.send({ type: "add-chips", table: this.id, amount });
  }

  // ---- the log and the history panel -------------------------------------------------------

  log(text, kind = "note") {
    if (!text) return;
    this.logList.append(el("li", { class: `log-${kind}`, text }));
    while (this.logList.children.length > 60) this.logList.firstChild.remove();
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  describe(event) {
    const name = event.seat === undefined ? "" : this.nameOf(event.seat);
    const mine = event.seat === this.mySeat();
    switch (event.kind) {
      case "post": return t(`log.post.${event.post}`, { name, chips: event.amount });
      case "deal": return mine ? t("log.dealtYou", { cards: (event.cards || []).map(cardText).join(" ") }) : "";
      case "fold": return t("log.fold", { name });
      case "check": return t("log.check", { name });
      case "call": return t("log.call", { name, chips: event.amount });
      case "bet": return t("log.bet", { name, chips: event.amount });
      case "raise": return t("log.raise", { name, chips: event.amount });
      case "street": {
        // Draw k opens with a street event k, and the betting after it with another.
        const k = event.amount || 0;
        if (k === 0) return t("log.street", { number: 1 });
        const seen = this.streets.has(k);
        this.streets.add(k);
        return seen ? t("log.street", { number: k + 1 }) : t("log.draw", { number: k });
      }
      case "discard":
        if (mine && event.drawn) {
          return t("log.drewYou", { count: event.amount, cards: event.drawn.map(cardText).join(" ") });
        }
        return event.amount ? t("log.draws", { name, count: event.amount }) : t("log.pat", { name });
      case "reshuffle": return t("log.reshuffle");
      case "return": return t("log.return", { name, chips: event.amount });
      case "show": return t("log.show", { name, cards: (event.cards || []).map(cardText).join(" ") });
      case "muck": return t("log.muck", { name });
      case "win": return t("log.win", { name, chips: event.amount });
      default: return "";
    }
  }

  async loadHistory() {
    if (!account()) {
      this.history.replaceChildren(el("li", { text: t("history.login") }));
      return;
    }
    let lines;
    try {
      lines = (await api("GET", `/api/hands?table=${this.id}&limit=10`)).hands;
    } catch (e) {
      return;
    }
    if (!lines.length) {
      this.history.replaceChildren(el("li", { text: t("history.none") }));
      return;
    }
    this.history.replaceChildren(...lines.map((line) => {
      const net = line.net === null || line.net === undefined ? "" : (line.net > 0 ? `+${line.net}` : String(line.net));
      const winners = (line.winners || []).map((w) => t("history.winner", { name: w.name, chips: w.amount })).join(", ");
      const text = el("span", { class: "history-line", text: t("history.line", { number: line.number, net, winners }) });
      if (line.status !== "done") return el("li", {}, text, el("span", { text: t(`history.${line.status}`) }));
      return el("li", { "data-hand": line.id },
        text,
        el("a", { href: `/api/hands/${line.id}/phh`, download: `standpat-hand-${line.id}.phh`, class: "download",
          text: "PHH", "aria-label": t("history.downloadPhh", { number: line.number }) }),
        el("a", { href: `/api/hands/${line.id}/text`, download: `standpat-hand-${line.id}.txt`, class: "download",
          text: t("history.text"), "aria-label": t("history.downloadText", { number: line.number }) }));
    }));
  }
}
