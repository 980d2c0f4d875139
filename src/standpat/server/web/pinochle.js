// The pinochle table page: Bruce's Pinochle from the server's `table` messages (the view of
// HostedPinochle), drawn as the poker page is: the players around an oval table, bids, melds
// and the trick's cards on the felt in front of each, the player's cards and controls below,
// chat, the game's log and the keys beside. He bids or passes, names trump, discards and
// draws, and plays, by clicks or keys; his turn shows in the tab's title (and a tone).
import { t } from "./i18n.js";
import { TableConnection } from "./connection.js";
import { api, el, errorText, followTopBar, gameTitle, loadMe, toast } from "./main.js";
import { cardName, faceUp } from "./cards.js";
import { mountChat } from "./chat.js";
import { TurnAlert } from "./alerts.js";

const SUIT_LETTER = { clubs: "c", diamonds: "d", hearts: "h", spades: "s" };
const SUIT_SYMBOL = { clubs: "\u2663", diamonds: "\u2666", hearts: "\u2665", spades: "\u2660" };

/** The face of a physical card ("Qs.1" -> "Qs"). */
function face(id) {
  return id.split(".")[0];
}

/** Open pinochle table `id` (its lobby line `info`) in `root`; returns a function that closes it. */
export async function openPinochle(root, id, info) {
  const page = new PinochlePage(root, id, info);
  page.start();
  return () => page.close();
}

class PinochlePage extends TableConnection {
  constructor(root, id, info) {
    super(id);
    this.root = root;
    this.info = info;
    this.state = null;
    this.events = [];
    this.eventsGame = null;
    this.selected = new Set();
    this.selectKey = null;
    this.deadline = null;
    this.onKey = (event) => this.key(event);
  }

  start() {
    this.build();
    this.timer = setInterval(() => this.tick(), 250);
    document.addEventListener("keydown", this.onKey);
    this.connect();
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
    if (message.type === "table" && message.table === this.id) this.update(message);
    else if (message.type === "error") this.say(errorText(message));
    else if (message.type === "timed-out" && message.table === this.id) {
      this.log(t("pinochle.log.timedOut", { name: this.nameOf(message.seat) }));
    } else if (message.type === "left" && message.table === this.id) {
      this.log(t("pinochle.log.youLeft"));
      loadMe();
    } else if (message.type === "table-restarted" && message.table === this.id) {
      const text = t(message.reason === "moved" ? "pinochle.restarted.moved" : "pinochle.restarted.restart");
      this.log(text);
      this.say(text);
    }
  }

  /** A message over the table (an error, a refused card), for a few seconds. */
  say(text) {
    this.message.textContent = text;
    this.message.hidden = false;
    clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => { this.message.hidden = true; }, 6000);
  }

  /** The message over the table is put away: he has acted, so what it said is past. */
  hush() {
    clearTimeout(this.messageTimer);
    this.message.hidden = true;
  }

  // ---- layout -------------------------------------------------------------------------------

  build() {
    this.status = el("span", { class: "status", role: "status" });
    this.alert = new TurnAlert();
    this.message = el("p", { class: "table-message", role: "alert", hidden: "" });
    this.felt = el("div", { class: "felt" });
    this.centre = el("section", { class: "pn-centre", "aria-live": "polite" });
    this.trickEl = el("div", { class: "pn-trick", "data-trick": "current", role: "list",
      "aria-label": t("pinochle.trick") });
    this.table = el("div", { class: "pn-table oval", role: "region", "aria-label": t("table.label", { id: this.id }) },
      this.felt, this.centre, this.trickEl);
    this.rowEls = null; // one seat box a seat, made by renderPlayers
    this.spotEls = null; // one place on the felt a seat: his bid, then his meld
    this.handEl = el("div", { class: "pn-hand", "aria-label": t("pinochle.yourHand") });
    this.prompt = el("p", { class: "pn-prompt", "aria-live": "polite" });
    this.controls = el("div", { class: "pn-controls row" });
    this.seatRow = el("div", { class: "pn-seat row" });
    this.logList = el("ul", { class: "pn-log log", "aria-label": t("pinochle.log.title"), tabindex: "0" });
    const title = `${gameTitle(this.info.game)} · ${t("pinochle.entry", { fee: this.info.stakes.replace(/\D+/g, "") })}`;
    this.root.replaceChildren(el("div", { class: "pn-page table-page", "data-kind": "pinochle" },
      el("div", { class: "play" },
        el("div", { class: "pn-head table-head" },
          el("a", { href: "/", "data-link": "", class: "back", text: t("table.back") }),
          el("h1", { text: title, title: t("pinochle.stakeRule") }),
          this.status,
          this.alert.toggle,
          this.seatRow),
        el("div", { class: "table-banners" },
          this.factsLine = el("p", { class: "pn-facts-line" }), this.message),
        this.table,
        el("div", { class: "pn-me" }, this.prompt, this.handEl, this.controls)),
      el("div", { class: "side" },
        el("section", { class: "panel" }, el("h2", { text: t("pinochle.log.title") }), this.logList),
        el("details", { class: "panel help" }, el("summary", { text: t("shortcuts.title") }),
          el("p", { text: t("pinochle.shortcuts") })))));
    document.body.classList.add("at-table");
    this.unfollowTopBar = followTopBar();
    window.scrollTo({ top: 0 });
    mountChat(this);
    this.root.focus({ preventScroll: true });
    this.setStatus("connecting");
    this.render();
  }

  // ---- state --------------------------------------------------------------------------------

  update(message) {
    this.state = message;
    this.noteNames(message.seats);
    const game = message.hand;
    if (game) {
      if (this.eventsGame !== game.id) {
        this.events = [];
        this.eventsGame = game.id;
      }
      const fresh = game.events.slice(Math.max(0, this.events.length - game.events_from));
      for (const event of fresh) {
        const line = this.describe(event, game);
        if (line) this.log(line, event.kind === "new-hand" || event.kind === "game-over" ? "hand" : "note");
      }
      this.events = this.events.concat(fresh);
      if (game.over && this.overSeen !== game.id) {
        this.overSeen = game.id;
        loadMe();
      }
    }
    const key = game ? `${game.id}:${game.deal}:${game.phase}` : null;
    if (key !== this.selectKey) {
      this.selectKey = key;
      this.selected.clear();
    }
    this.deadline = message.clock ? performance.now() + message.clock.remaining * 1000 : null;
    const page = this.root.firstElementChild;
    if (page) {
      page.dataset.game = game ? String(game.id) : "";
      page.dataset.deal = game ? String(game.deal) : "";
      page.dataset.phase = game ? (game.over ? "over" : game.phase) : "";
      page.dataset.turn = this.myTurn() ? "yes" : "no";
      page.dataset.events = String(this.events.length);
    }
    this.render();
    this.alert.update(this.myTurn(), game ? `${game.id}:${game.events_from + game.events.length}` : null);
    if (page) page.dataset.updates = String(Number(page.dataset.updates || 0) + 1); // drawn
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
    const game = this.state && this.state.hand;
    return Boolean(game && game.legal && !game.over && game.to_act === this.mySeat());
  }

  tick() {
    if (this.deadline === null || !this.clockEl) return;
    const left = Math.max(0, Math.ceil((this.deadline - performance.now()) / 1000));
    this.clockEl.textContent = t("pinochle.clock", { seconds: left });
  }

  /** A line of the game's log, oldest first (as the poker page's). */
  log(text, kind = "note") {
    this.logList.append(el("li", { class: `log-${kind}`, text }));
    while (this.logList.children.length > 80) this.logList.firstElementChild.remove();
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  /** One event of the game in words (null: not worth a line). */
  describe(event, game) {
    const name = event.seat === undefined ? "" : this.nameOf(event.seat);
    switch (event.kind) {
      case "new-hand":
        return t("pinochle.log.deal", { number: event.hand, dealer: this.nameOf(event.dealer) });
      case "bid":
        return t("pinochle.log.bid", { name, amount: event.amount });
      case "pass":
        return event.forced ? t("pinochle.log.forced", { name }) : t("pinochle.log.pass", { name });
      case "trump":
        return t("pinochle.log.trump", { name, suit: this.suitName(event.suit) });
      case "draw":
        return t(event.count ? "pinochle.log.draw" : "pinochle.log.keep", { name, count: event.count });
      case "meld":
        return t("pinochle.log.meld", { name, points: event.total });
      case "trick":
        return t("pinochle.log.trick", { name, points: event.points });
      case "renege":
        return t("pinochle.log.renege", { name });
      case "score":
        return t(event.made ? "pinochle.log.made" : "pinochle.log.set",
          { name: this.nameOf(event.bidder), bid: event.bid });
      case "play-off":
        return t("pinochle.log.playOff", { names: event.seats.map((s) => this.nameOf(s)).join(", ") });
      case "game-over":
        return t("pinochle.log.gameOver", { name, pot: game.pot });
      default:
        return null;
    }
  }

  suitName(suit) {
    return `${SUIT_SYMBOL[suit]} ${t(`suit.${suit}`)}`;
  }

  // ---- drawing ------------------------------------------------------------------------------

  render() {
    const state = this.state;
    const game = state && state.hand;
    this.renderPlayers(game);
    this.renderCentre(game);
    this.renderTrick(game);
    this.renderMe(game);
  }

  /** Where seat `s` sits: the angle of his place round the table, his own seat at the bottom. */
  place(s) {
    const count = this.info.seats;
    const mine = this.mySeat();
    const k = (s - (mine === null ? 0 : mine) + count) % count;
    const angle = Math.PI / 2 + (2 * Math.PI * k) / count;
    return { cos: Math.cos(angle).toFixed(4), sin: Math.sin(angle).toFixed(4) };
  }

  renderPlayers(game) {
    const count = this.info.seats;
    if (!this.rowEls || this.rowEls.length !== count) {
      this.rowEls = Array.from({ length: count },
        (_, s) => el("section", { class: "pn-player seat", "data-seat": s }));
      this.spotEls = Array.from({ length: count },
        (_, s) => el("div", { class: "pn-spot", "data-spot-seat": s }));
      this.table.append(...this.spotEls, ...this.rowEls);
    }
    for (let s = 0; s < count; s++) {
      const { cos, sin } = this.place(s);
      const box = this.rowEls[s];
      box.style.left = `calc(50% + (50% - var(--seat-half-w)) * ${cos})`;
      box.style.top = `calc(50% + (50% - var(--seat-half-h)) * ${sin})`;
      const spot = this.spotEls[s];
      // his place on the felt: on the way from his seat to the middle (the trick's card nearer)
      spot.style.left = `calc(50% + (50% - var(--seat-half-w)) * ${cos} * .62)`;
      spot.style.top = `calc(50% + (50% - var(--seat-half-h)) * ${sin} * .62)`;
      this.renderPlayer(s, box, game);
      this.renderSpot(s, spot, game);
    }
    this.clockEl = this.table.querySelector(".pn-clock");
    this.tick();
  }

  /**
   * One seat's box. While what it shows is unchanged it stays the same elements: a table
   * message between the press and the release of a click on its Sit button would otherwise
   * swap the button under the pointer, and the click would be lost.
   */
  renderPlayer(s, box, game) {
    const target = game ? game.target : 50;
    const info = this.seatInfo(s);
    const mine = this.mySeat() === s;
    const player = game ? game.players.find((p) => p.seat === s) : undefined;
    const shown = player ? { ...player, meld: player.meld && player.meld.total } : undefined;
    const key = JSON.stringify([document.documentElement.lang, Boolean(this.state), info, shown, target, mine,
      this.mySeat() === null, Boolean(game && game.to_act === s && !game.over),
      Boolean(game && game.dealer === s), stateClock(this.state, s)]);
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    box.replaceChildren();
    box.className = "pn-player seat";
    if (!info) {
      box.classList.add("empty");
      box.setAttribute("aria-label", t("seat.emptyLabel", { seat: s + 1 }));
      box.append(el("span", { class: "pn-name name", text: t("seat.number", { seat: s + 1 }) }));
      // the buttons wait for the table's first message: before it every seat looks empty
      if (!this.state) return;
      const buttons = el("div", { class: "row" });
      if (this.mySeat() === null) {
        buttons.append(el("button", { type: "button", class: "small primary", "data-action": "sit", "data-seat": s,
          text: t("pinochle.sit"), "aria-label": t("seat.sitLabel", { seat: s + 1 }), onclick: () => this.sit(s) }));
      }
      buttons.append(el("button", { type: "button", class: "small", "data-action": "bot", "data-seat": s,
        text: t("pinochle.addBot"), "aria-label": t("seat.addBotLabel", { seat: s + 1 }), onclick: () => this.addBot() }));
      box.append(buttons);
      return;
    }
    if (mine) box.classList.add("mine", "you");
    if (game && game.to_act === s && !game.over) box.classList.add("to-act", "acting");
    const marks = [];
    if (game && game.dealer === s) marks.push(el("span", { class: "pn-mark badge dealer", title: t("pinochle.dealer"), text: "D" }));
    if (info.bot) marks.push(el("span", { class: "pn-mark bot bot-tag", title: t("seat.botTitle"), text: t("pinochle.bot") }));
    box.append(el("div", { class: "pn-name name-line" }, el("strong", { class: "name", text: info.name }), ...marks));
    const score = player ? player.score : 0;
    const bar = el("span", { class: "pn-bar", "aria-hidden": "true" },
      el("span", { style: `width:${Math.max(0, Math.min(100, (100 * score) / target))}%` }));
    box.append(el("div", { class: "pn-score", "data-score": String(score) },
      el("span", { text: t("pinochle.score", { score, target }) }), bar));
    const facts = [t("pinochle.chips", { chips: info.stack })];
    if (player && player.in_hand) {
      if (!mine && player.cards) facts.push(t("pinochle.cards", { count: player.cards }));
      if (player.drew !== undefined && game.phase !== "bidding") facts.push(t("pinochle.drew", { count: player.drew }));
      if (player.points !== undefined) facts.push(t("pinochle.points", { points: player.points }));
    } else if (game && player && !player.in_hand) {
      facts.push(t("pinochle.outOfPlayOff"));
    }
    if (info.sitting_out) facts.push(t("seat.sittingOut"));
    if (!info.connected) facts.push(t("pinochle.away"));
    box.append(el("div", { class: "pn-facts", text: facts.join(" · ") }));
    // a phone has no room on the felt for his bid and meld: they are said in his seat
    const spot = [];
    const bidding = game && !game.over && (game.phase === "bidding" || game.phase === "trump");
    if (bidding && player && player.bid !== undefined) spot.push(player.bid ? t("pinochle.bidShort", { amount: player.bid }) : t("pinochle.passed"));
    else if (player && player.meld) spot.push(player.meld.melds.length ? t("pinochle.meldTotal", { points: player.meld.total }) : t("pinochle.noMeld"));
    if (spot.length) box.append(el("div", { class: "pn-seat-spot", "aria-hidden": "true", text: spot.join(" · ") }));
    if (game && game.to_act === s && !game.over && stateClock(this.state, s)) {
      box.append(el("div", { class: "pn-clock", role: "timer" }));
    }
    box.setAttribute("aria-label", t(info.bot ? "seat.botLabel" : "seat.label", { name: info.name, chips: info.stack }));
  }

  /** His place on the felt: his bid while the bidding runs (as a poker bet), then his meld. */
  renderSpot(s, spot, game) {
    const player = game ? game.players.find((p) => p.seat === s) : undefined;
    const bidding = game && !game.over && (game.phase === "bidding" || game.phase === "trump");
    const key = JSON.stringify([document.documentElement.lang, bidding, player && ("bid" in player ? player.bid : "-"),
      player && player.meld, game && game.bidder === s]);
    if (spot.dataset.key === key) return;
    spot.dataset.key = key;
    spot.replaceChildren();
    spot.className = "pn-spot";
    if (!player) return;
    if (bidding && player.bid !== undefined) {
      spot.classList.add("bid");
      spot.append(el("span", { class: "pn-bid bet", text: player.bid ? t("pinochle.bidShort", { amount: player.bid }) : t("pinochle.passed") }));
    } else if (player.meld) {
      const melds = el("div", { class: "pn-melds", "data-meld-seat": s });
      if (player.meld.melds.length) {
        for (const meld of player.meld.melds) {
          melds.append(el("div", { class: "pn-meld", title: t("pinochle.meldLine", { name: this.meldName(meld), points: meld.points }) },
            el("span", { class: "cards" }, ...meld.cards.map((c) => faceUp(c, { small: true })))));
        }
        melds.append(el("div", { class: "pn-meld-total", text: t("pinochle.meldTotal", { points: player.meld.total }) }));
      } else {
        melds.append(el("div", { class: "pn-meld-total", text: t("pinochle.noMeld") }));
      }
      spot.append(melds);
    }
  }

  meldName(meld) {
    const key = `pinochle.meld.${meld.kind}`;
    const text = t(key);
    return text === key ? meld.name : text;
  }

  /** The trick's cards on the felt, each played from its player's place toward the middle. */
  renderTrick(game) {
    const trick = game && game.trick && game.trick.plays.length ? game.trick : null;
    const key = JSON.stringify([trick, this.mySeat()]);
    if (this.trickEl.dataset.key === key) return;
    this.trickEl.dataset.key = key;
    this.trickEl.replaceChildren(...(trick ? trick.plays.map((p) => {
      const { cos, sin } = this.place(p.seat);
      const card = faceUp(face(p.card), { small: true });
      card.dataset.card = p.card;
      card.setAttribute("aria-label", t("pinochle.played", { name: this.nameOf(p.seat), card: cardName(face(p.card)) }));
      const play = el("span", { class: "pn-play", role: "listitem", "data-play-seat": p.seat }, card);
      play.style.left = `calc(50% + (50% - var(--seat-half-w)) * ${cos} * .25)`;
      play.style.top = `calc(50% + (50% - var(--seat-half-h)) * ${sin} * .25)`;
      return play;
    }) : []));
  }

  renderCentre(game) {
    const box = this.centre;
    // while a trick is played its cards lie round the middle: the words keep to a narrow column
    box.classList.toggle("playing", Boolean(game && !game.over && game.phase === "play"));
    if (!game) {
      this.factsLine.textContent = "";
      box.replaceChildren(el("p", { class: "pn-wait", text: t("pinochle.waiting") }));
      return;
    }
    const parts = [];
    // the hand's facts above the table: the felt's middle is the trick's
    const facts = [t("pinochle.deal", { number: game.deal }), t("pinochle.pot", { pot: game.pot })];
    if (game.trump) facts.push(t("pinochle.trumpIs", { suit: this.suitName(game.trump) }));
    if (game.bidder !== null) facts.push(t("pinochle.contract", { name: this.nameOf(game.bidder), bid: game.bid }));
    const line = facts.join(" · ");
    if (this.factsLine.textContent !== line) this.factsLine.textContent = line;
    const last = game.results.length ? game.results[game.results.length - 1] : null;
    if (game.phase === "bidding" && !game.over) {
      // the bidding on the felt: the high bid so far, what he must beat, the rule
      const high = game.bids.filter((b) => b.amount).sort((a, b) => b.amount - a.amount)[0];
      parts.push(el("p", { class: "pn-bidding", text: high
        ? t("pinochle.highBid", { name: this.nameOf(high.seat), amount: high.amount })
        : t("pinochle.noBidYet") }));
      parts.push(el("p", { class: "pn-rule", text: t("pinochle.biddingRule") }));
    } else if (!game.over && (game.phase === "draw" || game.phase === "trump")) {
      const stock = [t("pinochle.stock", { count: game.stock })];
      stock.push(game.draw_cap !== null && game.draw_cap !== undefined ? t("pinochle.cap", { cap: game.draw_cap }) : t("pinochle.noCap"));
      parts.push(el("p", { class: "pn-rule", text: stock.join(" · ") }));
    }
    const trick = game.trick && game.trick.plays.length ? game.trick : null;
    if (!trick && game.last_trick && !game.over && game.phase === "play") {
      const shown = game.last_trick;
      parts.push(el("div", { class: "pn-trick pn-last", "data-trick": "last" },
        el("span", { class: "pn-label", text: t("pinochle.lastTrick", { name: this.nameOf(shown.taker) }) }),
        el("span", { class: "cards" }, ...shown.plays.map((p) => {
          const card = faceUp(face(p.card), { small: true });
          card.dataset.card = p.card;
          return card;
        }))));
    }
    if (last && (game.phase === "bidding" || game.over)) parts.push(this.scoreTable(last));
    if (game.over && game.winner !== null) {
      parts.push(el("p", { class: "pn-winner", text: t("pinochle.winner", { name: this.nameOf(game.winner), pot: game.pot }) }));
    }
    box.replaceChildren(...parts);
  }

  /** The last hand's scores: meld, 9s of trump, tricks, change, total; the contract and a renege. */
  scoreTable(result) {
    const head = el("tr", {}, ...["player", "meld", "nines", "tricks", "change", "total"]
      .map((k) => el("th", { scope: "col", class: `col-${k}`, text: t(`pinochle.col.${k}`) })));
    const body = result.scores.map((s) => el("tr", { "data-seat": s.seat },
      el("th", { scope: "row", text: this.nameOf(s.seat) }),
      el("td", { text: String(s.meld) }), el("td", { class: "col-nines", text: String(s.nines) }),
      el("td", { class: "col-tricks", text: String(s.tricks) }),
      el("td", { text: (s.change > 0 ? "+" : "") + s.change }), el("td", { text: `${s.total}/50` })));
    const lines = [t(result.made ? "pinochle.made" : "pinochle.set",
      { name: this.nameOf(result.bidder), bid: result.bid, number: result.hand })];
    if (result.renege !== null) lines.push(t("pinochle.renegeRule", { name: this.nameOf(result.renege), bid: result.bid }));
    return el("div", { class: "pn-result" },
      el("p", { class: "pn-result-title", text: lines.join(" ") }),
      el("table", { class: "pn-scores" }, el("thead", {}, head), el("tbody", {}, ...body)));
  }

  renderMe(game) {
    const mine = this.mySeat();
    const me = game && mine !== null ? game.players.find((p) => p.seat === mine) : undefined;
    const turn = this.myTurn();
    const legal = turn ? game.legal : null;
    const cards = game && me ? game.hand : [];
    const playable = legal && legal.kinds.includes("play") ? new Set(legal.cards) : null;
    const drawing = legal && legal.kinds.includes("discard");
    // His cards, the controls and his seat's buttons stay the same elements while what they
    // show is unchanged: a table message in the middle of a click or of a typed bid leaves
    // them be (the click lands, the bid box keeps its focus and what he typed).
    const lang = document.documentElement.lang;
    const handKey = JSON.stringify([lang, cards, legal, drawing ? [...this.selected] : null]);
    if (handKey !== this.handEl.dataset.key) {
      this.handEl.dataset.key = handKey;
      this.renderCards(cards, playable, drawing);
    }
    this.renderPrompt(game, me, mine, turn);
    const controlsKey = JSON.stringify([lang, legal, drawing ? this.selected.size : null]);
    if (controlsKey !== this.controls.dataset.key) {
      this.controls.dataset.key = controlsKey;
      this.controls.replaceChildren(...this.controlParts(legal, drawing));
    }
    const info = mine === null ? null : this.seatInfo(mine);
    const seatKey = JSON.stringify([lang, mine, Boolean(info && info.sitting_out)]);
    if (seatKey !== this.seatRow.dataset.key) {
      this.seatRow.dataset.key = seatKey;
      this.seatRow.replaceChildren(...this.seatButtons(mine, info));
    }
  }

  renderCards(cards, playable, drawing) {
    this.handEl.replaceChildren(...cards.map((id, i) => {
      const card = faceUp(face(id), { clickable: true });
      card.dataset.card = id;
      card.dataset.index = String(i + 1);
      card.setAttribute("aria-label", cardName(face(id)));
      if (playable) {
        card.classList.add(playable.has(id) ? "legal" : "illegal");
        if (!playable.has(id)) card.setAttribute("aria-label", t("pinochle.notPlayable", { card: cardName(face(id)) }));
      }
      if (drawing) {
        const on = this.selected.has(id);
        card.classList.toggle("selected", on);
        card.setAttribute("aria-pressed", on ? "true" : "false");
      }
      card.addEventListener("click", () => this.clickCard(id));
      return card;
    }));
  }

  renderPrompt(game, me, mine, turn) {
    let text;
    if (mine === null) text = game ? t("pinochle.watching") : "";
    else if (!game || game.over || !me || !me.in_hand) text = game && game.over ? t("pinochle.nextGame") : t("pinochle.waiting");
    else if (!turn) text = game.to_act === null ? "" : t("pinochle.waitFor", { name: this.nameOf(game.to_act) });
    else text = this.promptFor(game);
    if (this.prompt.textContent !== text) this.prompt.textContent = text;
  }

  /** His turn's controls: bid or pass, the trump suits, discard or keep. */
  controlParts(legal, drawing) {
    const row = [];
    if (legal && legal.kinds.includes("bid")) {
      const amount = el("input", { type: "number", min: legal.min_bid, step: "1", value: legal.min_bid,
        "aria-label": t("pinochle.bidAmount"), class: "pn-amount", "data-action": "bid-amount", inputmode: "numeric" });
      amount.addEventListener("keydown", (event) => { if (event.key === "Enter") this.bid(amount, legal); });
      row.push(amount,
        el("button", { type: "button", class: "primary", "data-action": "bid", "data-key": "b",
          text: t("pinochle.bid"), onclick: () => this.bid(amount, legal) }),
        el("button", { type: "button", "data-action": "pass", "data-key": "p", text: t("pinochle.pass"),
          onclick: () => this.act({ kind: "pass" }) }));
    } else if (legal && legal.kinds.includes("trump")) {
      for (const suit of legal.suits) {
        row.push(el("button", { type: "button", class: `pn-suit suit-${SUIT_LETTER[suit]}`, "data-action": `trump-${suit}`,
          text: this.suitName(suit), onclick: () => this.act({ kind: "trump", suit }) }));
      }
    } else if (drawing) {
      const n = this.selected.size;
      row.push(
        el("button", { type: "button", class: "primary", "data-action": "discard", disabled: n ? false : "",
          text: t("pinochle.discard", { count: n }), onclick: () => this.discard() }),
        el("button", { type: "button", "data-action": "keep", text: t("pinochle.keep"),
          onclick: () => this.act({ kind: "discard", cards: [] }) }));
    }
    return row;
  }

  bid(amount, legal) {
    const value = Number(amount.value);
    if (!Number.isInteger(value) || value < legal.min_bid) {
      this.say(t("pinochle.bidTooLow", { min: legal.min_bid }));
      return;
    }
    this.act({ kind: "bid", amount: value });
  }

  discard() {
    if (this.selected.size) this.act({ kind: "discard", cards: [...this.selected] });
  }

  /** Sit in or out, and leave. */
  seatButtons(mine, info) {
    const seat = [];
    if (mine !== null) {
      if (info && info.sitting_out) {
        seat.push(el("button", { type: "button", class: "small", "data-action": "sit-in", text: t("seat.sitIn"),
          onclick: () => this.send({ type: "sit-in", table: this.id }) }));
      } else {
        seat.push(el("button", { type: "button", class: "small", "data-action": "sit-out", text: t("pinochle.sitOut"),
          onclick: () => this.send({ type: "sit-out", table: this.id, when: "next-hand" }) }));
      }
      seat.push(el("button", { type: "button", class: "small", "data-action": "leave", text: t("seat.leave"),
        onclick: () => this.send({ type: "leave", table: this.id }) }));
    }
    return seat;
  }

  promptFor(game) {
    const legal = game.legal;
    if (legal.kinds.includes("bid")) {
      return t(game.dealer === game.you && game.bids.length === game.players.filter((p) => p.in_hand).length - 1
        && game.bids.every((b) => !b.amount) ? "pinochle.promptBidDealer" : "pinochle.promptBid", { min: legal.min_bid });
    }
    if (legal.kinds.includes("trump")) return t("pinochle.promptTrump");
    if (legal.kinds.includes("discard")) return t("pinochle.promptDraw", { max: legal.max_discard });
    return this.ruleText(legal);
  }

  /** Why only the marked cards may be played, in words. */
  ruleText(legal) {
    const params = {
      led: legal.led ? this.suitName(legal.led) : "",
      beat: legal.beat ? cardName(legal.beat) : "",
      trump: this.state.hand.trump ? this.suitName(this.state.hand.trump) : "",
    };
    return t(`pinochle.rule.${legal.rule}`, params);
  }

  clickCard(id) {
    const game = this.state && this.state.hand;
    if (!this.myTurn()) {
      this.say(t("pinochle.notYourTurn"));
      return;
    }
    const legal = game.legal;
    if (legal.kinds.includes("play")) {
      if (!legal.cards.includes(id)) {
        this.say(t("pinochle.refused", { card: cardName(face(id)), why: this.ruleText(legal) }));
        return;
      }
      this.act({ kind: "play", card: id });
    } else if (legal.kinds.includes("discard")) {
      if (this.selected.has(id)) this.selected.delete(id);
      else if (this.selected.size >= legal.max_discard) {
        this.say(t("pinochle.capReached", { max: legal.max_discard }));
        return;
      } else this.selected.add(id);
      this.render();
      const again = this.handEl.querySelector(`[data-card="${id}"]`);
      if (again) again.focus();
    } else {
      this.say(t("pinochle.notNow"));
    }
  }

  /** The keys: 1-9 play (or select) his first to ninth card, b bid, p pass, d discard, k keep,
   * c/d/h/s name trump; not while he types in a box. */
  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const typing = target && (["SELECT", "TEXTAREA"].includes(target.tagName)
      || (target.tagName === "INPUT" && !["range", "checkbox", "radio", "button"].includes(target.type)));
    if (typing || !this.myTurn()) return;
    const game = this.state.hand;
    const legal = game.legal;
    const k = event.key.toLowerCase();
    let done = true;
    if (/^[1-9]$/.test(k) && (legal.kinds.includes("play") || legal.kinds.includes("discard"))) {
      const id = game.hand[Number(k) - 1];
      if (id) this.clickCard(id);
    } else if (legal.kinds.includes("bid") && k === "b") {
      const box = this.controls.querySelector("[data-action=bid-amount]");
      if (box) this.bid(box, legal);
    } else if (legal.kinds.includes("bid") && k === "p") this.act({ kind: "pass" });
    else if (legal.kinds.includes("trump") && "cdhs".includes(k) && k.length === 1) {
      const suit = Object.keys(SUIT_LETTER).find((s) => SUIT_LETTER[s] === k);
      if (legal.suits.includes(suit)) this.act({ kind: "trump", suit });
    } else if (legal.kinds.includes("discard") && k === "d") this.discard();
    else if (legal.kinds.includes("discard") && k === "k") this.act({ kind: "discard", cards: [] });
    else done = false;
    if (done) event.preventDefault();
  }

  act(action) {
    const game = this.state && this.state.hand;
    if (!game) return;
    if (this.send({ type: "act", table: this.id, hand: game.id, action })) this.hush();
  }

  sit(seat) {
    const buyIn = this.info.buy_in || { min: 10, max: 500 };
    const fee = Number(this.info.stakes.replace(/\D+/g, "")) || buyIn.min;
    this.send({ type: "sit", table: this.id, seat, buy_in: Math.min(buyIn.max, Math.max(buyIn.min, 10 * fee)) });
  }

  async addBot() {
    try {
      await api("POST", `/api/tables/${this.id}/bots`, { level: "normal" });
    } catch (e) {
      toast(errorText(e));
    }
  }
}

function stateClock(state, seat) {
  return Boolean(state && state.clock && state.clock.seat === seat);
}
