// The hand replayer: a hand as its player saw it (GET /api/hands/{id}, or a shared link's
// GET /api/shared/{token}), or a hand of a history file the player uploads (POST
// /api/replays/phh: the cards as the file gives them), stepped event by event, forward and
// back, with the table drawn as it was: stacks, bets, the pot, the cards the viewer saw,
// draw counts, shown hands.
import { t, translatePage } from "./i18n.js";
import { api, el, errorText, gameTitle, toast } from "./main.js";
import { backs, cardText, faceUp } from "./cards.js";

/** Draw the replayer for `source` ({hand} or {token}) into `view`. */
export async function replayView(view, source) {
  const record = source.token
    ? await api("GET", `/api/shared/${source.token}`)
    : await api("GET", `/api/hands/${source.hand}`);
  return stepper(view, record, source);
}

/** The replayer of a file the player uploads: a file input, then the hand it holds. */
export async function fileReplayView(view) {
  const input = el("input", { type: "file", id: "replay-file", accept: ".phh,.phhs,.txt,text/plain",
    "aria-label": t("replay.fileLabel") });
  const which = el("select", { id: "replay-file-hand", hidden: "", "aria-label": t("replay.fileHand") });
  const box = el("div", { id: "replay-file-view" });
  const page = el("div", { class: "around-page replay-page" },
    el("h1", { "data-i18n": "replay.fileTitle" }),
    el("p", { class: "hint", "data-i18n": "replay.fileHint" }),
    el("div", { class: "row" }, input, which),
    box);
  view.replaceChildren(page);
  translatePage(page);
  let close = null;
  let text = "";
  let name = "";
  async function open(hand) {
    if (close) close();
    close = null;
    try {
      const record = await api("POST", "/api/replays/phh", { text, name, hand });
      which.replaceChildren(...Array.from({ length: record.hands }, (_, i) =>
        el("option", { value: String(i + 1), text: t("replay.fileHandNumber", { number: i + 1 }) })));
      which.value = String(hand);
      which.hidden = record.hands < 2;
      close = stepper(box, record, { file: name });
    } catch (e) {
      box.replaceChildren(el("p", { class: "card-panel", role: "alert", id: "replay-file-error",
        text: t("replay.fileRefused", { reason: errorText(e) }) }));
    }
  }
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    name = file.name;
    text = await file.text();
    await open(1);
  });
  which.addEventListener("change", () => open(Number(which.value)));
  return () => { if (close) close(); };
}

/** Draw `record` in `view` with the controls that step it; returns what to call on leaving. */
function stepper(view, record, source) {
  const states = replayStates(record);
  let step = 0;
  const table = el("div", { class: "replay-table", id: "replay-table" });
  const caption = el("p", { class: "replay-step", id: "replay-step", "aria-live": "polite" });
  const buttons = {
    start: el("button", { type: "button", id: "replay-start", "aria-label": t("replay.start"), text: "«" }),
    back: el("button", { type: "button", id: "replay-back", "aria-label": t("replay.back"), text: "‹" }),
    next: el("button", { type: "button", id: "replay-next", "aria-label": t("replay.next"), text: "›" }),
    end: el("button", { type: "button", id: "replay-end", "aria-label": t("replay.end"), text: "»" }),
  };
  const counter = el("span", { id: "replay-counter" });
  const share = el("button", { type: "button", id: "replay-share", "data-i18n": "replay.share" });
  const link = el("input", { id: "replay-link", readonly: "", hidden: "", size: "48", "aria-label": t("replay.link") });
  share.addEventListener("click", async () => {
    try {
      const made = await api("POST", `/api/hands/${record.hand}/share`);
      link.value = `${location.origin}${made.path}`;
      link.hidden = false;
      link.select();
    } catch (e) {
      toast(e.message || String(e));
    }
  });
  let title;
  if (source.file) title = t("replay.fileHandTitle", { file: source.file, number: record.hand });
  else if (source.token) title = t("replay.sharedTitle", { name: record.names[record.you] });
  else title = t("replay.title", { number: record.number, table: record.table });
  let footer;
  if (source.file) footer = el("p", { class: "hint", "data-i18n": "replay.fileSeen" });
  else if (source.token) footer = el("p", { class: "hint", "data-i18n": "replay.sharedHint" });
  else footer = el("div", { class: "row" }, share, link);
  const page = el("div", { class: "around-page replay-page" },
    el(source.file ? "h2" : "h1", { id: "replay-title", text: title }),
    el("p", { class: "hint", text: `${gameTitle(record.game)} · ${record.structure ? t(`structure.${record.structure}`) : ""} · ${record.stakes}` }),
    table, caption,
    el("div", { class: "row replay-controls" }, buttons.start, buttons.back, counter, buttons.next, buttons.end),
    footer);
  view.replaceChildren(page);
  translatePage(page);

  function go(to) {
    step = Math.max(0, Math.min(states.length - 1, to));
    draw(table, record, states[step]);
    caption.textContent = states[step].text;
    counter.textContent = t("replay.counter", { step, steps: states.length - 1 });
    buttons.start.disabled = buttons.back.disabled = step === 0;
    buttons.next.disabled = buttons.end.disabled = step === states.length - 1;
  }
  buttons.start.addEventListener("click", () => go(0));
  buttons.back.addEventListener("click", () => go(step - 1));
  buttons.next.addEventListener("click", () => go(step + 1));
  buttons.end.addEventListener("click", () => go(states.length - 1));
  const onKey = (event) => {
    if (event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
    if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "ArrowLeft") go(step - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(states.length - 1);
  };
  document.addEventListener("keydown", onKey);
  go(0);
  return () => document.removeEventListener("keydown", onKey);
}

/** Every state of the hand: the start, then one after each event (pure; no DOM). */
export function replayStates(record) {
  const n = record.names.length;
  let state = {
    pot: 0, round: t("replay.dealing"), text: t("replay.begin"),
    seats: record.names.map((name, i) => ({
      name, stack: record.stacks[i], bet: 0, cards: [], hidden: 0, shown: false,
      folded: false, drew: null, won: 0,
    })),
  };
  const states = [state];
  for (const event of record.events) {
    state = structuredClone(state);
    const i = event.seat;
    const seat = i !== undefined && i !== null && i < n ? state.seats[i] : null;
    const name = seat ? seat.name : "";
    // each kind's fields by name (standpat.engine.codec): chips for posts, returns and wins,
    // what a call added, the total a bet or raise makes, the number of a round or draw
    const chips = event.amount || 0;
    let text;
    switch (event.kind) {
      case "post": // antes and dead blinds go to the pot; blinds are bets of the first round
        seat.stack -= chips;
        if (event.post === "ante" || event.post === "dead") state.pot += chips;
        else seat.bet += chips;
        text = t(`log.post.${event.post}`, { name, chips });
        break;
      case "deal":
        seat.cards = seat.cards.concat(event.cards);
        seat.hidden += event.hidden;
        text = event.cards.length ? t("log.dealtYou", { cards: event.cards.map(cardText).join(" ") })
          : t("replay.dealt", { name, count: event.hidden });
        break;
      case "fold": seat.folded = true; text = t("log.fold", { name }); break;
      case "check": text = t("log.check", { name }); break;
      case "call":
        seat.stack -= event.added; seat.bet += event.added;
        text = t("log.call", { name, chips: event.added });
        break;
      case "bet":
      case "raise":
        seat.stack -= event.to - seat.bet; seat.bet = event.to;
        text = t(`log.${event.kind}`, { name, chips: event.to });
        break;
      case "street": // a betting round opens (0: the first, where the blinds stay bets)
      case "draw": // a draw opens (1: the first)
        if (event.kind === "draw" || event.number) for (const s of state.seats) { state.pot += s.bet; s.bet = 0; }
        state.round = event.kind === "draw" ? t("log.draw", { number: event.number })
          : t("log.street", { number: event.number + 1 });
        text = state.round;
        break;
      case "discard":
        seat.drew = event.count;
        seat.cards = seat.cards.filter((c) => !event.cards.includes(c)).concat(event.drawn);
        text = event.count ? t("log.draws", { name, count: event.count }) : t("log.pat", { name });
        break;
      case "show":
        seat.cards = event.cards; seat.hidden = 0; seat.shown = true;
        text = t("log.show", { name, cards: seat.cards.map(cardText).join(" ") });
        break;
      case "muck": text = t("log.muck", { name }); break;
      case "return": seat.stack += chips; seat.bet = Math.max(0, seat.bet - chips); text = t("log.return", { name, chips }); break;
      case "win":
        for (const s of state.seats) { state.pot += s.bet; s.bet = 0; }
        seat.stack += chips; seat.won += chips; state.pot = Math.max(0, state.pot - chips);
        text = t("log.win", { name, chips });
        break;
      case "reshuffle": text = t("log.reshuffle"); break;
      case "burn": text = t("replay.burn", { count: event.cards.length + event.hidden }); break;
      default: text = event.kind;
    }
    state.text = text;
    states.push(state);
  }
  return states;
}

function draw(box, record, state) {
  box.replaceChildren(
    el("p", { class: "replay-pot", id: "replay-pot", text: `${state.round} · ${t("table.pot", { chips: state.pot })}` }),
    el("div", { class: "replay-seats" }, ...state.seats.map((s, i) => {
      const cards = el("div", { class: "cards replay-cards", "data-seat-cards": i });
      for (const c of s.cards) cards.append(faceUp(c, { small: true }));
      if (s.hidden && !s.shown) cards.append(backs(s.hidden));
      return el("section", { class: `replay-seat${s.folded ? " folded" : ""}${i === record.you ? " me" : ""}`, "data-replay-seat": i },
        el("strong", { text: s.name + (i === record.button ? " (D)" : "") }),
        el("span", { text: t("replay.stack", { chips: s.stack }) }),
        cards,
        el("span", { class: "replay-bet", text: s.bet ? t("replay.bet", { chips: s.bet }) : "" }),
        el("span", { class: "replay-drew", text: s.drew === null ? "" : s.drew ? t("replay.drew", { count: s.drew }) : t("replay.pat") }),
        el("span", { class: "replay-won", text: s.won ? t("replay.won", { chips: s.won }) : "" }),
        s.folded ? el("span", { class: "hint", text: t("replay.folded") }) : "");
    })));
}
