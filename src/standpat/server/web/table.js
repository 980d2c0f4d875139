// The table page: an oval table drawn from the server's `table` messages, and the player's controls.
import { t } from "./i18n.js";
import { TableConnection } from "./connection.js";
import { api, account, el, errorText, gameTitle, loadMe, navigate, tableGame, followTopBar } from "./main.js";
import { backs, cardText, faceUp, handName } from "./cards.js";
import { mountChat } from "./chat.js";
import { showdownLines } from "./showdown.js";
import { TurnAlert } from "./alerts.js";

/** Open table `id` in `root`; returns a function that closes it. */
export async function openTable(root, id) {
  const page = new TablePage(root, id);
  await page.start();
  return () => page.close();
}

/** "blinds 1/2 · ante 1 · 32-card deck (36 with 6 players)" from a lobby line. */
export function tableFacts(info) {
  const parts = [];
  const blinds = /blinds (\d+)\/(\d+)/.exec(info.blinds || "");
  if (blinds) parts.push(t("tw.blinds", { sb: blinds[1], bb: blinds[2] }));
  const ante = /ante (\d+)/.exec(info.blinds || "");
  if (ante) parts.push(t("tw.ante", { chips: ante[1] }));
  const deck = /(\d+) cards(?:; (\d+) with (\d+) players)?/.exec(info.deck || "");
  if (deck) {
    parts.push(deck[2] ? t("tw.deckGrows", { cards: deck[1], more: deck[2], players: deck[3] })
      : t("tw.deck", { cards: deck[1] }));
  }
  return parts.join(" · ");
}

class TablePage extends TableConnection {
  constructor(root, id) {
    super(id);
    this.root = root;
    this.info = null; // the lobby line: game, structure, stakes, seats, buy-in
    this.state = null; // the latest `table` message
    this.events = []; // the current hand's events
    this.eventsHand = null;
    this.selected = new Set();
    this.selectKey = null;
    this.amount = null;
    this.deadline = null;
    this.lastHandOver = null;
    this.preAction = null; // {kind, top, key}: what to do when the turn comes
    this.lastResult = null; // {text, until}: the last hand's result, kept readable into the next
    this.hint = null; // the latest `hint` message for this seat
    this.rebuyOpen = false;
    this.postWanted = false;
    this.shownCards = new Set(); // my cards already drawn on screen (new ones are dealt in)
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
    if (this.unfollowTopBar) this.unfollowTopBar();
    // (the router takes the at-table look off once the next page is in: the old table stays
    // drawn as it was while the next one loads)
    this.alert.close();
    if (this.socket) this.socket.close();
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
        if (message.table === this.id) {
          const why = message.reason && message.reason !== "left" ? message.reason : null;
          this.log(why ? t(`tw.left.${why}`) : t("log.youLeft"));
          if (why) this.showMessage(t(`tw.left.${why}`));
          this.rebuyOpen = false;
          loadMe();
          // a tournament moves him: he follows to his new table without a click
          if (why === "moved" && message.to) navigate(`/tables/${message.to}`);
          else if (why === "out") this.tournamentLink();
        }
        break;
      case "closed":
        if (message.table === this.id && message.reason === "tournament") {
          this.showMessage(t("tw.closed.tournament"));
          this.tournamentLink();
        }
        break;
      case "hint":
        if (message.table === this.id) { this.hint = message; this.render(); }
        break;
      case "table-restarted":
        if (message.table === this.id) this.restarted(message);
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

  /** The room restarted the table (or moved it to another node): the hand in play was void
   * and its chips went back; he is told so, instead of finding the hand gone. */
  restarted(message) {
    const voided = (message.voided || []).map((id) => `#${id}`).join(", ");
    const why = message.reason === "moved" ? "moved" : "restart";
    const text = voided
      ? t(`tw.restarted.${why}`, { hands: voided, count: message.voided.length })
      : t(`tw.restarted.${why}None`);
    this.log(text, "notice");
    this.noticeText.textContent = text;
    this.notice.hidden = false;
  }

  // ---- layout -------------------------------------------------------------------------------

  build() {
    const info = this.info;
    this.status = el("span", { class: "status", role: "status" });
    this.felt = el("div", { class: "felt" });
    this.oval = el("div", { class: "oval", role: "region", "aria-label": t("table.label", { id: this.id }) }, this.felt);
    this.centre = el("div", { class: "centre" });
    this.oval.append(this.centre);
    this.seatEls = [];
    this.betEls = [];
    for (let s = 0; s < info.seats; s++) {
      const seat = el("section", { class: "seat", "data-seat": s });
      const bet = el("div", { class: "bet", "data-bet-seat": s, hidden: "" });
      this.seatEls.push(seat);
      this.betEls.push(bet);
      this.oval.append(bet, seat);
    }
    this.myHand = el("div", { class: "my-hand", "aria-label": t("hand.yours") });
    this.handNameEl = el("p", { class: "hand-name", "aria-live": "polite" });
    this.hintEl = el("div", { class: "hint-box", hidden: "" });
    this.controls = el("div", { class: "controls" });
    // the add-chips dialog apart from the turn's controls: a new turn does not rebuild it
    this.rebuyBox = el("div", { class: "rebuy-box", hidden: "" });
    this.sitBox = el("div", { class: "sit-box" }); // kept across renders, unlike the controls
    this.tools = el("div", { class: "row seat-tools" });
    this.message = el("p", { class: "table-message", role: "alert", hidden: "" });
    this.noticeText = el("span", {});
    this.notice = el("p", { class: "table-notice", role: "status", hidden: "" }, this.noticeText,
      el("button", { type: "button", class: "link small", "data-action": "dismiss-notice", text: t("tw.dismiss"),
        onclick: () => { this.notice.hidden = true; } }));
    // the log scrolls: it takes the focus, so that the keyboard can scroll it too
    this.logList = el("ul", { class: "log", "aria-live": "polite", "aria-label": t("log.title"), tabindex: "0" });
    this.history = el("ol", { class: "history" });
    this.alert = new TurnAlert();
    const head = el("div", { class: "table-head" },
      el("a", { href: "/", "data-link": "", class: "back", text: t("table.back") }),
      // a tournament's stakes are its level's: its line says them
      el("h1", { text: `${tableGame(info)} · ${t(`structure.${info.structure}`)}${info.tournament ? "" : ` · ${info.stakes}`}` }),
      this.factsEl = el("span", { class: "table-facts", text: this.facts() }),
      this.mixEl = el("span", { class: "table-facts rotation", hidden: "" }),
      this.tourEl = el("span", { class: "table-facts tournament-line", hidden: "", "data-tournament": "" }),
      this.status,
      this.alert.toggle,
      this.tools);
    this.root.replaceChildren(el("div", { class: "table-page" },
      el("div", { class: "play" },
        head,
        el("div", { class: "table-banners" }, this.message, this.notice,
          this.lastLine = el("p", { class: "last-hand", hidden: "" })),
        this.oval,
        el("div", { class: "me" },
          el("div", { class: "mine" }, this.myHand, this.handNameEl, this.hintEl),
          el("div", { class: "act" }, this.sitBox, this.rebuyBox, this.controls))),
      el("div", { class: "side" },
        el("section", { class: "panel" }, el("h2", { text: t("log.title") }), this.logList),
        el("section", { class: "panel" }, el("h2", { text: t("history.title") }), this.history),
        el("details", { class: "panel help" }, el("summary", { text: t("shortcuts.title") }),
          el("p", { text: t("shortcuts.text") })))));
    document.body.classList.add("at-table");
    this.unfollowTopBar = followTopBar();
    window.scrollTo({ top: 0 }); // the lobby may have been scrolled: the table starts at the top
    mountChat(this);
    this.root.focus({ preventScroll: true });
    this.setStatus("connecting");
    this.render();
  }

  facts() {
    const tour = this.state && this.state.tournament;
    if (!tour) return tableFacts(this.info);
    // a tournament's blinds are its level's (the line below says them): the deck only
    return tableFacts({ ...this.info, blinds: "" });
  }

  /** A tournament's table: its name (a link to its page), the level and blinds, the time
   * to the next level, the players left. */
  renderTournament() {
    const tour = this.state && this.state.tournament;
    this.tourEl.hidden = !tour;
    if (!tour) { this.levelEnds = null; return; }
    this.levelEnds = performance.now() + tour.seconds_left * 1000;
    const blinds = t("tw.blinds", { sb: tour.small_blind, bb: tour.big_blind })
      + (tour.ante ? ` · ${t("tw.ante", { chips: tour.ante })}` : "");
    const mine = this.mySeat();
    const place = mine !== null && tour.places ? tour.places[mine] : undefined;
    const key = JSON.stringify([document.documentElement.lang, tour.id, tour.level, blinds,
      tour.players_left, tour.on_break, tour.paused, place]);
    if (this.tourEl.dataset.key !== key) {
      this.tourEl.dataset.key = key;
      this.tourEl.replaceChildren(
        el("a", { href: `/tournaments/${tour.id}`, "data-link": "", text: tour.name }),
        ` · ${t("tw.tournament.level", { level: tour.level })} · ${blinds} · `,
        this.levelClock = el("span", { role: "timer", "data-level-clock": "" }),
        ` · ${t("tw.tournament.left", { left: tour.players_left, entrants: tour.entrants })}`,
        place === undefined ? "" : el("span", { "data-place": place },
          ` · ${t("tw.tournament.place", { place, left: tour.players_left })}`));
    }
    this.tickLevel();
  }

  tickLevel() {
    const tour = this.state && this.state.tournament;
    if (!tour || !this.levelClock || this.levelEnds === null) return;
    const seconds = Math.max(0, Math.round((this.levelEnds - performance.now()) / 1000));
    const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    const key = tour.paused ? "tw.tournament.paused" : tour.on_break ? "tw.tournament.break" : "tw.tournament.next";
    const text = t(key, { time });
    if (this.levelClock.textContent !== text) this.levelClock.textContent = text;
  }

  /** Out of a tournament, or its table closed: the way to its page. */
  tournamentLink() {
    const tour = this.state && this.state.tournament;
    if (!tour) return;
    this.message.append(" ", el("a", { href: `/tournaments/${tour.id}`, "data-link": "",
      text: t("tw.tournament.page") }));
  }

  // ---- state --------------------------------------------------------------------------------

  update(message) {
    const hand = message.hand;
    this.state = message; // first: the log below names seats from it
    this.noteNames(message.seats);
    if (hand) {
      if (this.eventsHand !== hand.id) {
        if (this.eventsHand !== null && this.resultText) {
          this.lastResult = { text: this.resultText, until: performance.now() + 6000 };
        }
        this.resultText = null;
        this.events = [];
        this.eventsHand = hand.id;
        this.preAction = null;
        this.log(t("tw.log.newHand", { id: hand.id, number: hand.number }), "hand");
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
    const you = message.you;
    if (you && you.rebuy_in !== null && you.rebuy_in !== undefined && !this.rebuyShown) {
      this.rebuyShown = true; // opened once each time he busts; he may close it
      this.rebuyOpen = true;
    }
    if (!you || you.rebuy_in === null || you.rebuy_in === undefined) this.rebuyShown = false;
    // One countdown for his seat: the room may free it for two reasons (away too long, busted
    // and not bought in again); the page counts down to whichever comes first.
    const due = you ? [you.rebuy_in, you.freed_in].filter((s) => s !== null && s !== undefined) : [];
    this.seatDeadline = due.length ? performance.now() + Math.min(...due) * 1000 : null;
    if (you && this.postWanted && you.choices.includes("post-bb")) {
      // he ticked "post a big blind" when he sat down: he is not asked again
      this.postWanted = false;
      this.send({ type: "choose", table: this.id, choice: "post-bb" });
    }
    this.clearStalePreAction(hand);
    // What tests and assistive tools can read without parsing the drawing.
    const page = this.root.firstElementChild;
    if (page) {
      page.dataset.hand = hand ? String(hand.id) : "";
      page.dataset.events = String(this.events.length);
      page.dataset.phase = hand ? (hand.over ? "over" : hand.phase) : "";
      page.dataset.turn = this.myTurn() ? "yes" : "no";
      page.dataset.updates = String(Number(page.dataset.updates || 0) + 1); // table messages drawn
    }
    this.render();
    if (hand && hand.over && this.potFlown !== hand.id) {
      this.potFlown = hand.id;
      this.flyPot(hand);
    }
    this.turnAlert(hand);
    if (this.myTurn() && this.preAction) this.playPreAction(hand);
  }

  /** The pot slides from the middle to each winner's seat (none under reduced motion). */
  flyPot(hand) {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    for (const w of hand.players.filter((p) => p.won > 0)) {
      const seat = this.seatEls[w.seat];
      if (!seat) continue;
      const chip = el("div", { class: "bet flying", "aria-hidden": "true", text: String(w.won) });
      chip.style.left = "50%";
      chip.style.top = "50%";
      this.oval.append(chip);
      requestAnimationFrame(() => requestAnimationFrame(() => {
        chip.style.left = seat.style.left;
        chip.style.top = seat.style.top;
        chip.style.opacity = "0";
      }));
      setTimeout(() => chip.remove(), 900);
    }
  }

  /** The tab title says when it is his turn; a short tone too if he turned the sound on. */
  turnAlert(hand) {
    const mine = this.myTurn();
    const key = mine ? `${hand.id}:${hand.events_from + hand.events.length}` : null;
    // the play area fits the window: bring it back if he scrolled down to the log
    if (this.alert.update(mine, key, Boolean(this.preAction)) && window.scrollY > 0) window.scrollTo({ top: 0 });
  }

  /** The bet he faces: the highest bet of the round less his own. */
  facing(hand) {
    const me = hand.players.find((p) => p.seat === this.mySeat());
    return Math.max(0, this.topBet(hand) - (me ? me.bet : 0));
  }

  /** A pre-action that depended on the bet goes when the bet changes (or the round does). */
  clearStalePreAction(hand) {
    const pre = this.preAction;
    if (!pre) return;
    if (!hand || hand.over || hand.id !== pre.hand || hand.street !== pre.street || hand.phase !== "betting") {
      this.preAction = null;
      return;
    }
    if ((pre.kind === "check" || pre.kind === "call") && this.topBet(hand) !== pre.top) this.preAction = null;
  }

  playPreAction(hand) {
    const pre = this.preAction;
    const kinds = hand.legal.kinds;
    this.preAction = null;
    let action = null;
    if (pre.kind === "check-fold") action = kinds.includes("check") ? "check" : "fold";
    else if (pre.kind === "check" && kinds.includes("check")) action = "check";
    else if (pre.kind === "call-any") action = kinds.includes("check") ? "check" : kinds.includes("call") ? "call" : null;
    else if (pre.kind === "call" && kinds.includes("call") && hand.legal.to_call === pre.toCall) action = "call";
    else if (pre.kind === "fold") action = kinds.includes("check") ? "check" : "fold";
    if (action && kinds.includes(action)) this.act({ kind: action });
    else this.render();
  }

  seatInfo(seat) {
    return this.state ? this.state.seats.find((s) => s.seat === seat) : undefined;
  }

  nameOf(seat) {
    const info = this.seatInfo(seat);
    return info ? info.name : this.knownName(seat);
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
    for (const name of ["key", "action", "card", "choice", "preset", "pre", "hold"]) {
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
      const cos = Math.cos(angle).toFixed(4);
      const sin = Math.sin(angle).toFixed(4);
      // Seat centres on an ellipse inset by half a seat box, so that every box stays inside the
      // table's area whatever its size; bets sit on the way to the pot.
      const seatEl = this.seatEls[s];
      seatEl.style.left = `calc(50% + (50% - var(--seat-half-w)) * ${cos})`;
      seatEl.style.top = `calc(50% + (50% - var(--seat-half-h)) * ${sin})`;
      const betEl = this.betEls[s];
      betEl.style.left = `calc(50% + (50% - var(--seat-half-w) * 2.6) * ${cos})`;
      betEl.style.top = `calc(50% + (50% - var(--seat-half-h) * 2.6) * ${sin})`;
      this.renderSeat(s, seatEl, betEl, hand);
    }
    // the header says which deck this hand uses (7-A: 36 cards with five players, else 32)
    const grows = /with/.test(this.info.deck || "");
    const facts = grows && hand && hand.deck ? `${this.facts()} · ${t("tw.deckNow", { cards: hand.deck })}` : this.facts();
    if (this.factsEl.textContent !== facts) this.factsEl.textContent = facts;
    this.renderRotation();
    this.renderTournament();
    this.renderCentre(hand);
    this.renderMyHand(hand);
    this.renderControls(hand);
    this.tick();
  }

  renderSeat(s, seatEl, betEl, hand) {
    const state = this.state;
    const info = this.seatInfo(s);
    const player = hand ? hand.players.find((p) => p.seat === s) : undefined;
    betEl.hidden = true;
    // An empty seat's buttons stay the same elements while nothing about them changes: a table
    // update between the press and the release of a click would otherwise swap the button under
    // the pointer, and the click would be lost.
    const seating = Boolean(state) && !state.tournament; // a tournament seats its players
    const emptyKey = info ? "" : `${Boolean(account())}:${seating}:${this.mySeat()}`;
    if (emptyKey && seatEl.dataset.empty === emptyKey) return;
    seatEl.dataset.empty = emptyKey;
    seatEl.replaceChildren();
    seatEl.className = "seat";
    if (!info) {
      seatEl.classList.add("empty");
      seatEl.setAttribute("aria-label", t("seat.emptyLabel", { seat: s + 1 }));
      seatEl.append(el("span", { class: "name", text: t("seat.empty") }));
      if (account() && seating && this.mySeat() === null) {
        seatEl.append(el("button", { type: "button", class: "small primary", "data-action": "sit", "data-seat": s,
          text: t("seat.sit"), "aria-label": t("seat.sitLabel", { seat: s + 1 }), onclick: () => this.sitForm(s) }));
      }
      if (account() && seating) {
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
    if (state.small_blind === s) {
      // a dead small blind (nobody posts it) is not a live SB
      badges.append(state.dead_small_blind
        ? el("span", { class: "badge blind dead", title: t("tw.deadSmallBlind"), text: t("tw.deadSb") })
        : el("span", { class: "badge blind", title: t("seat.smallBlind"), text: t("seat.sb") }));
    }
    if (state.big_blind === s) badges.append(el("span", { class: "badge blind", title: t("seat.bigBlind"), text: t("seat.bb") }));
    const tour = state.tournament;
    if (tour && tour.icm && tour.icm[s] !== undefined) { // the final table's ICM: information
      badges.append(el("span", { class: "badge icm", "data-icm": tour.icm[s],
        title: t("seat.icmTitle"), text: t("seat.icm", { chips: tour.icm[s] }) }));
    }
    if (info.marker) {
      badges.append(el("span", { class: `badge marker ${info.marker.toLowerCase()}`,
        title: t(`seat.marker.${info.marker}`), text: info.marker }));
    }
    const status = [];
    if (info.sitting_out) status.push(t("seat.sittingOut"));
    // "waiting" is only "not dealt in yet": he may have posted and wait for the next hand
    else if (info.waiting) status.push(t("tw.waitingShort"));
    if (!info.connected) status.push(t("seat.disconnected"));
    if (player && player.folded) status.push(t("seat.folded"));
    if (player && player.all_in) status.push(t("seat.allIn"));
    const stack = player ? player.stack : info.stack;
    // Four short lines: name; stack and badges; cards; what happened (status, draw, win, clock).
    seatEl.append(
      el("span", { class: "name-line" },
        el("span", { class: "name", title: info.name }, info.name,
          you ? el("span", { class: "you-tag", text: ` (${t("seat.you")})` }) : ""),
        info.bot ? el("span", { class: "bot-tag", title: t("seat.botTitle"), text: t("seat.bot") }) : ""),
      el("span", { class: "line" },
        el("span", { class: "stack", "data-stack": stack, text: t("seat.stack", { chips: stack }) }), badges));
    if (info.missed) status.push(t("tw.missed", { count: info.missed }));
    const tail = el("span", { class: "line tail" });
    if (player && !you) {
      if (player.shown) {
        const best = new Set(player.value && player.shown.length > 5 ? player.value.best : []);
        const row = el("span", { class: `cards shown${player.shown.length > 5 ? " seven" : ""}` }, ...player.shown.map((c) => {
          const card = faceUp(c, { small: true });
          if (best.size) card.classList.add(best.has(c) ? "best" : "unused");
          return card;
        }));
        seatEl.append(row);
        if (player.value && !(hand.over && player.won > 0)) {
          tail.append(el("span", { class: "seat-hand", text: handName(player.value, hand.ranking) }));
        }
      } else if (!player.folded && player.cards) {
        seatEl.append(backs(player.cards));
      }
    }
    if (status.length) {
      tail.append(el("span", { class: "seat-status", text: status.join(" · "),
        title: info.waiting && !info.sitting_out ? t("tw.waiting") : "" }));
    }
    if (player && player.drew !== undefined && player.drew !== null && !hand.over) {
      tail.append(el("span", { class: "drew", "data-drew": player.drew,
        text: player.drew ? t("seat.drew", { count: player.drew }) : t("seat.pat") }));
    }
    // a phone has no room on the felt between the seats and the middle: the bet is in the seat
    if (player && player.bet > 0 && !hand.over) {
      tail.append(el("span", { class: "seat-bet", "aria-hidden": "true", text: t("tw.bet", { chips: player.bet }) }));
    }
    if (player && hand.over && player.won > 0) {
      seatEl.classList.add("winning");
      tail.append(el("span", { class: "won", text: t("seat.won", { chips: player.won }) }));
    }
    // a bot's clock is not shown: it acts at once, and a clock flashing red is only noise
    if (hand && hand.to_act === s && !hand.over && state.clock && !info.bot) {
      tail.append(el("span", { class: "clock", "data-clock": s, role: "timer" }));
    }
    if (tail.childNodes.length) seatEl.append(tail);
    if (player && player.bet > 0 && !hand.over) {
      if (betEl.textContent !== String(player.bet) || betEl.hidden) {
        betEl.classList.remove("moved");
        void betEl.offsetWidth; // restart the chips' motion
        betEl.classList.add("moved");
      }
      betEl.hidden = false;
      betEl.textContent = String(player.bet);
      betEl.setAttribute("aria-label", t("seat.betLabel", { name: info.name, chips: player.bet }));
    }
    seatEl.setAttribute("aria-label", t(info.bot ? "seat.botLabel" : "seat.label", { name: info.name, chips: stack }));
  }

  /** A mixed table: the games of the next hands, and the game after them. */
  renderRotation() {
    const mix = this.state && this.state.rotation;
    this.mixEl.hidden = !mix;
    if (!mix) return;
    const text = t("table.rotation", { count: mix.left, game: gameTitle(mix.next), then: gameTitle(mix.then) });
    if (this.mixEl.textContent !== text) this.mixEl.textContent = text;
  }

  renderCentre(hand) {
    const parts = [];
    const now = performance.now();
    const last = this.lastResult && this.lastResult.until > now && hand && !hand.over ? this.lastResult : null;
    if (!hand) {
      parts.push(el("p", { class: "waiting-hand", text: t("table.waitingForPlayers") }));
      this.centre.replaceChildren(...parts);
      return;
    }
    // a mixed table's hand says its game
    const game = this.state && this.state.rotation && hand.game ? ` · ${gameTitle(hand.game)}` : "";
    parts.push(el("p", { class: "hand-number", title: t("tw.handHere", { number: hand.number }),
      text: t("table.handNumber", { number: hand.id }) + game }));
    if (hand.pot > 0) parts.push(el("p", { class: "pot", "data-pot": hand.pot, text: t("table.pot", { chips: hand.pot }) }));
    if (hand.pots.length > 1) {
      parts.push(el("p", { class: "pots", text: hand.pots.map((p, i) =>
        (i === 0 ? t("table.mainPot", { chips: p.amount }) : t("table.sidePot", { number: i, chips: p.amount }))).join(" · ") }));
    }
    let phase = t(`phase.${hand.phase}`);
    if (!hand.over && hand.draws_left >= 0) {
      phase += ` · ${t("table.drawsLeft", { count: hand.draws_left })}`;
    }
    parts.push(el("p", { class: "phase street", text: phase }));
    if (hand.over) {
      const lines = this.resultLines(hand);
      this.resultText = lines.join(" ");
      for (const text of lines) parts.push(el("p", { class: "winner", text }));
    } else if (last) {
      parts.push(el("p", { class: "winner last", text: t("tw.lastHand", { text: last.text }) }));
    }
    this.centre.replaceChildren(...parts);
    // a phone's table has no room in the middle for it: the line goes above the table there
    const lastText = last ? t("tw.lastHand", { text: last.text }) : "";
    if (this.lastLine.textContent !== lastText) this.lastLine.textContent = lastText;
    this.lastLine.hidden = !last;
  }

  /** Who won what, with which hand, over the best hand shown against it, pot by pot
   * (showdown.js): "alice wins 12 with Three of a kind, aces, over cy's Two pair, kings and
   * queens". */
  resultLines(hand) {
    const valueOf = (seat) => {
      const p = hand.players.find((q) => q.seat === seat);
      if (!p) return null;
      return p.value || (p.seat === this.mySeat() && p.shown ? hand.value : null);
    };
    return showdownLines(hand, this.events, (seat) => this.nameOf(seat), valueOf);
  }

  renderMyHand(hand) {
    const mine = this.mySeat();
    const player = hand && mine !== null ? hand.players.find((p) => p.seat === mine) : undefined;
    if (!hand || !player || !hand.hand.length) {
      delete this.myHand.dataset.key;
      this.myHand.replaceChildren();
      this.handNameEl.textContent = "";
      this.shownCards = new Set();
      this.renderHint(null);
      return;
    }
    const drawing = this.myTurn() && hand.legal.kinds.includes("discard");
    this.renderHint(drawing ? hand : null);
    const key = JSON.stringify([hand.id, hand.hand, [...this.selected], drawing, hand.value,
      Boolean(player.folded), document.documentElement.lang]);
    if (key === this.myHand.dataset.key) return; // the same cards: a click in flight lands
    this.myHand.dataset.key = key;
    const best = new Set(hand.value && hand.hand.length > 5 ? hand.value.best : []);
    const seen = this.shownCards;
    const cards = hand.hand.map((code, i) => {
      const card = faceUp(code, { clickable: true });
      const on = this.selected.has(code);
      card.classList.toggle("selected", on);
      if (!seen.has(code)) {
        card.classList.add("dealt"); // a card dealt or drawn comes in
        card.style.animationDelay = `${Math.min(i, 6) * 40}ms`;
      }
      if (best.size) card.classList.add(best.has(code) ? "best" : "unused");
      card.setAttribute("aria-pressed", on ? "true" : "false");
      card.disabled = !drawing;
      card.dataset.index = String(i + 1);
      card.addEventListener("click", () => this.toggle(code));
      return card;
    });
    this.shownCards = new Set(hand.hand);
    this.myHand.replaceChildren(...cards);
    this.myHand.classList.toggle("folded", Boolean(player.folded));
    this.myHand.classList.toggle("seven", hand.hand.length > 5);
    this.handNameEl.textContent = hand.value ? handName(hand.value, hand.ranking) : "";
  }

  /** At his draw at a table with hints: the best holds and their chances. */
  renderHint(hand) {
    const hint = this.hint && hand && this.hint.hand === hand.id ? this.hint.hint : null;
    if (!hint || hint.hand.join(" ") !== hand.hand.join(" ")) {
      this.hintShown = null;
      this.hintEl.hidden = true;
      this.hintEl.replaceChildren();
      return;
    }
    if (this.hintShown === hint && this.hintLang === document.documentElement.lang) return;
    this.hintShown = hint; // the same hint stays the same buttons: a click in flight lands
    this.hintLang = document.documentElement.lang;
    // no chance at all is "-", as the terminal's odds say it (not "0.0%")
    const pct = (p) => (p > 0 ? `${(100 * p).toFixed(1)}%` : "-");
    const lows = (probabilities) => Object.entries(probabilities).slice(0, 3)
      .map(([name, p]) => `${lowName(name)} ${pct(p)}`).join(", ");
    // "7-low", "8-badugi" (the odds' outcome names) in the player's language
    const lowName = (name) => (/^[2-9TJQKA]-low$/.test(name) ? t("tw.hint.low", { rank: name[0] })
      : /^[2-9TJQKA]-badugi$/.test(name) ? t("tw.hint.badugi", { rank: name[0] }) : name);
    const items = hint.holds.map((hold, i) => {
      const what = hold.discard.length
        ? t("tw.hint.keep", { cards: hold.keep.map(cardText).join(" ") || t("tw.hint.nothing"), count: hold.discard.length })
        : t("tw.hint.pat");
      let chance = hold.improve === null || hold.improve === undefined
        ? lows(hold.probabilities)
        : t("tw.hint.improves", { chance: pct(hold.improve) });
      // ranked by the mean strength: each line shows the figure it is ranked by, first
      if (hint.aim === "strength") chance = `${t("tw.hint.beats", { share: pct(hold.chance) })}; ${chance}`;
      return el("li", { "data-hold": i, title: hold.discard.join(" ") },
        el("button", { type: "button", class: "link small", "data-action": "use-hint", "data-hold": i,
          text: what, onclick: () => this.useHint(hold) }),
        el("span", { text: `: ${chance}` }));
    });
    // what the holds are ranked by, said plainly: the chance to improve, the share of all hands
    // the final hand beats on average (aim "strength"), or the chance of a low
    const title = t(hint.aim === "strength" ? "tw.hint.byStrength"
      : hint.aim === "improve" ? "tw.hint.byImprove"
        : /-badugi$/.test(hint.aim) ? "tw.hint.byBadugi" : "tw.hint.byLow", { low: lowName(hint.aim) });
    this.hintEl.replaceChildren(el("span", { class: "hint-title", text: title }),
      el("ol", {}, ...items));
    this.hintEl.hidden = false;
  }

  /** Select the discards of a hinted hold (he still presses Discard). */
  useHint(hold) {
    this.selected = new Set(hold.discard);
    this.render();
  }

  /**
   * What the controls show, as a string: while it stays the same they stay the same elements,
   * so that a table message between the press and the release of a click (or while he types an
   * amount) does not swap a button or the box under him.
   */
  controlsKey(hand) {
    const you = this.state && this.state.you;
    const waiting = hand && !hand.over && hand.to_act !== null && you && !this.myTurn();
    const mine = hand && hand.players.find((p) => p.seat === this.mySeat());
    return JSON.stringify([
      document.documentElement.lang, Boolean(account()), you ? you.choices : null,
      this.myTurn()
        ? [hand.id, hand.street, hand.phase, hand.pot, this.topBet(hand), hand.legal, [...this.selected]]
        : null,
      waiting
        ? [hand.id, hand.street, hand.phase, this.nameOf(hand.to_act), this.facing(hand),
          mine ? [mine.folded, mine.all_in] : null, this.preAction && this.preAction.kind]
        : null,
    ]);
  }

  renderControls(hand) {
    const state = this.state;
    const you = state && state.you;
    this.renderRebuy(you);
    const key = this.controlsKey(hand);
    if (key !== this.controls.dataset.key) {
      this.controls.dataset.key = key;
      this.controls.replaceChildren(...this.controlParts(hand, you));
    }
    this.renderTools(you);
  }

  /** The controls' elements: log-in link, rebuy dialog, blind choices, his turn's buttons. */
  controlParts(hand, you) {
    const parts = [];
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
      const pre = this.preActions(hand);
      if (pre) parts.push(pre);
    }
    return parts;
  }

  /** Check/fold, check, call any, fold to any bet: chosen before his turn, played at it. */
  preActions(hand) {
    const mine = hand.players.find((p) => p.seat === this.mySeat());
    if (!mine || mine.folded || mine.all_in || hand.phase !== "betting") return null;
    const facing = this.facing(hand);
    const options = facing > 0
      ? [["fold", t("tw.pre.fold")], ["call", t("tw.pre.call", { chips: facing })], ["call-any", t("tw.pre.callAny")]]
      : [["check-fold", t("tw.pre.checkFold")], ["check", t("tw.pre.check")], ["call-any", t("tw.pre.callAny")]];
    const box = el("div", { class: "row pre-actions", role: "group", "aria-label": t("tw.pre.label") });
    for (const [kind, label] of options) {
      const input = el("input", { type: "checkbox", "data-pre": kind });
      input.checked = Boolean(this.preAction && this.preAction.kind === kind);
      input.addEventListener("change", () => {
        this.preAction = input.checked
          ? { kind, hand: hand.id, street: hand.street, top: this.topBet(hand), toCall: facing }
          : null;
        input.blur(); // the shortcut keys go on working after ticking a box
        this.render();
      });
      box.append(el("label", { class: "pre" }, input, el("span", { text: label })));
    }
    return box;
  }

  /** Sit out, add chips, leave: small buttons by the table's name. */
  renderTools(you) {
    const info = you ? this.seatInfo(you.seat) : null;
    const hand = this.state && this.state.hand;
    const inHand = Boolean(you && hand && !hand.over
      && hand.players.some((p) => p.seat === you.seat && !p.folded));
    // the seat's countdown is here only while the rebuy dialog (which shows it) is closed
    const countdown = this.seatDeadline !== null
      && (this.rebuyBox.hidden || !this.rebuyBox.querySelector("[data-rebuy-clock]"));
    const key = JSON.stringify([document.documentElement.lang, you && [you.seat,
      info && info.sitting_out, info && info.stack === 0, you.sit_out_next_big_blind,
      you.leaving_after_hand, inHand, countdown]]);
    if (key === this.tools.dataset.key) return; // the same buttons: a click in flight lands
    this.tools.dataset.key = key;
    const row = [];
    if (you && !(this.state && this.state.tournament)) { // a tournament's seat is not his to leave
      const busted = info && info.stack === 0;
      if (info && info.sitting_out) {
        row.push(el("button", { type: "button", class: "small", "data-action": "sit-in", text: t("seat.sitIn"),
          onclick: () => (busted ? this.openRebuy() : this.send({ type: "sit-in", table: this.id })) }));
      } else {
        row.push(el("button", { type: "button", class: "small", "data-action": "sit-out", text: t("seat.sitOut"),
          onclick: () => this.send({ type: "sit-out", table: this.id, when: "next-hand" }) }));
        if (!you.sit_out_next_big_blind) {
          row.push(el("button", { type: "button", class: "small", "data-action": "sit-out-bb", text: t("tw.sitOutBb"),
            onclick: () => this.send({ type: "sit-out", table: this.id, when: "next-big-blind" }) }));
        } else {
          row.push(el("span", { class: "note", text: t("tw.outAtBb") }));
        }
      }
      row.push(el("button", { type: "button", class: "small", "data-action": "add-chips", text: t("seat.addChips"),
        onclick: () => this.openRebuy() }));
      if (you.leaving_after_hand) {
        row.push(el("span", { class: "note", "data-leaving": "", text: t("tw.leavingAfterHand") }));
      } else if (inHand) {
        row.push(el("button", { type: "button", class: "small", "data-action": "leave-after-hand", text: t("tw.leaveAfterHand"),
          onclick: () => this.send({ type: "leave", table: this.id, when: "after-hand" }) }));
      }
      row.push(el("button", { type: "button", class: "small", "data-action": "leave", text: t("seat.leave"),
        onclick: () => this.send({ type: "leave", table: this.id, when: "now" }) }));
      if (countdown) row.push(el("span", { class: "note warn", "data-seat-clock": "", role: "timer" }));
    }
    this.tools.replaceChildren(...row);
  }

  /** The add-chips dialog: the same element while it is open (only what he may add changes). */
  renderRebuy(you) {
    const open = Boolean(you && this.rebuyOpen);
    const key = JSON.stringify(open
      ? [document.documentElement.lang, you.rebuy_in !== null && you.rebuy_in !== undefined]
      : null);
    if (key !== this.rebuyBox.dataset.key) {
      this.rebuyBox.dataset.key = key;
      this.rebuyBox.hidden = !open;
      this.rebuyBox.replaceChildren(...(open ? [this.rebuyDialog(you)] : []));
    } else if (open) {
      this.rebuyLabel.textContent = t("tw.rebuy.label", { most: this.rebuyMost(you) });
    }
  }

  /** The most chips he may add now (the table's largest buy-in less his stack). */
  rebuyMost(you) {
    const info = this.seatInfo(you.seat);
    return Math.max(0, this.info.buy_in.max - (info ? info.stack : 0));
  }

  openRebuy() {
    this.rebuyOpen = true;
    this.render();
    const input = this.root.querySelector(".rebuy input");
    if (input) input.focus();
  }

  /** Add chips (or rebuy when busted, against the clock): replaces window.prompt. */
  rebuyDialog(you) {
    const buyIn = this.info.buy_in;
    const most = this.rebuyMost(you);
    const busted = you.rebuy_in !== null && you.rebuy_in !== undefined;
    if (!this.rebuyInput) {
      this.rebuyInput = el("input", { type: "number", name: "chips", min: "1", step: "1", inputmode: "numeric",
        "aria-label": t("tw.rebuy.amount") });
    }
    const input = this.rebuyInput; // no max: the table says why it refuses too many
    if (!input.value) input.value = String(busted ? Math.min(most, Math.round((buyIn.min + buyIn.max) / 2)) : most);
    const form = el("form", { class: "rebuy card-panel", role: "dialog", "aria-label": t("tw.rebuy.title") },
      el("h2", { text: busted ? t("tw.rebuy.busted") : t("tw.rebuy.title") }),
      busted ? el("p", { class: "rebuy-clock", "data-rebuy-clock": "", role: "timer" }) : "",
      el("label", {}, this.rebuyLabel = el("span", { text: t("tw.rebuy.label", { most }) }), input),
      el("div", { class: "row" },
        el("button", { type: "submit", class: "primary", "data-action": "confirm-chips", text: t("tw.rebuy.confirm") }),
        busted
          ? el("button", { type: "button", "data-action": "rebuy-leave", text: t("seat.leave"),
            onclick: () => { this.rebuyOpen = false; this.send({ type: "leave", table: this.id, when: "now" }); } })
          : el("button", { type: "button", "data-action": "cancel-chips", text: t("sit.cancel"),
            onclick: () => { this.rebuyOpen = false; this.render(); } })));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const amount = Number(input.value);
      if (!Number.isInteger(amount) || amount <= 0) {
        this.showMessage(t("error.amount"));
        return;
      }
      this.rebuyOpen = false;
      input.value = "";
      this.send({ type: "add-chips", table: this.id, amount });
      this.render();
      setTimeout(loadMe, 500);
    });
    return form;
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
    this.tickLevel();
    if (this.seatDeadline !== null) {
      const seconds = Math.ceil(Math.max(0, (this.seatDeadline - performance.now()) / 1000));
      const rebuy = this.root.querySelector("[data-rebuy-clock]");
      if (rebuy) rebuy.textContent = t("tw.rebuy.clock", { seconds });
      const freed = this.root.querySelector("[data-seat-clock]");
      if (freed) freed.textContent = t("tw.freedIn", { seconds });
    }
    if (this.lastResult && this.lastResult.until <= performance.now()) {
      this.lastResult = null;
      const stale = this.centre.querySelector(".winner.last");
      if (stale) stale.remove();
      this.lastLine.hidden = true;
    }
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
    // Typing goes to the fields; a slider or a checkbox keeps the shortcut keys.
    const typing = target && (["SELECT", "TEXTAREA"].includes(target.tagName)
      || (target.tagName === "INPUT" && !["range", "checkbox", "radio", "button"].includes(target.type)));
    if (typing) return;
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
      this.postWanted = post.checked;
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
      case "deal": return mine && event.cards.length ? t("log.dealtYou", { cards: event.cards.map(cardText).join(" ") }) : "";
      case "fold": return t("log.fold", { name });
      case "check": return t("log.check", { name });
      case "call": return t("log.call", { name, chips: event.added });
      case "bet": return t("log.bet", { name, chips: event.to });
      case "raise": return t("log.raise", { name, chips: event.to });
      case "street": return t("log.street", { number: event.number + 1 });
      case "draw": return t("log.draw", { number: event.number });
      case "discard":
        if (mine && event.drawn.length) {
          return t("log.drewYou", { count: event.count, cards: event.drawn.map(cardText).join(" ") });
        }
        return event.count ? t("log.draws", { name, count: event.count }) : t("log.pat", { name });
      case "reshuffle": return t("log.reshuffle");
      case "return": return t("log.return", { name, chips: event.amount });
      case "show": return t("log.show", { name, cards: event.cards.map(cardText).join(" ") });
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
      const text = el("span", { class: "history-line", title: t("tw.handHere", { number: line.number }),
        text: t("history.line", { number: line.id, net, winners }) });
      if (line.status !== "done") return el("li", {}, text, el("span", { text: t(`history.${line.status}`) }));
      return el("li", { "data-hand": line.id },
        text,
        el("a", { href: `/replay/${line.id}`, "data-link": "", class: "replay-link",
          text: t("history.replay"), "aria-label": t("history.replayLabel", { number: line.id }) }),
        el("a", { href: `/api/hands/${line.id}/phh`, download: `standpat-hand-${line.id}.phh`, class: "download",
          text: "PHH", "aria-label": t("history.downloadPhh", { number: line.id }) }),
        el("a", { href: `/api/hands/${line.id}/text`, download: `standpat-hand-${line.id}.txt`, class: "download",
          text: t("history.text"), "aria-label": t("history.downloadText", { number: line.id }) }));
    }));
  }
}
