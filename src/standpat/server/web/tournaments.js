// The tournaments: the lobby's tab (GET /api/tournaments) and a tournament's page
// (GET /api/tournaments/{id}): its settings, blind structure, entrants and prizes,
// registering and unregistering, and, once the room deals it, the level's clock, the
// tables and the player's own table. Fields the live service adds (level, tables, an
// entry's table and chips) are shown when present; without them the page is complete.
import { has, language, t, translatePage } from "./i18n.js";
import { account, api, el, errorText, gameTitle, loadMe, lobbyTabs, toast } from "./main.js";

const REFRESH_MS = 5000;
const OPEN = new Set(["registering", "running"]);
const COLUMNS = ["tournament.name", "lobby.game", "tournament.buyIn", "tournament.entrants",
  "tournament.start", "tournament.status"];

/** A number of chips in the page's language ("1,500" in English, "1.500" in Spanish: grouped
 * from four digits in every language, so a column of blinds reads alike). */
export function chips(n) {
  return Number(n).toLocaleString(language(), { useGrouping: "always" });
}

/** A time (ISO) as a date and time in the viewer's language and time zone. */
export function startTime(iso) {
  return new Date(iso).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
}

/** Seconds as a clock, "3:32" or "1:02:05". */
export function clock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const two = (n) => String(n).padStart(2, "0");
  const hours = Math.floor(s / 3600), minutes = Math.floor((s % 3600) / 60);
  return hours ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${minutes}:${two(s % 60)}`;
}

/** A place as an ordinal in the page's language ("1st", "1.º"). */
export function ordinal(place) {
  const form = new Intl.PluralRules(language(), { type: "ordinal" }).select(place);
  return t(`tournament.ordinal.${["one", "two", "few"].includes(form) ? form : "other"}`, { n: place });
}

const startText = (line) => (line.sit_and_go ? t("tournament.sitAndGo") : startTime(line.starts_at));
const gameText = (line) => `${gameTitle(line.game)} · ${t(`structure.${line.betting}`)}`;
const buyInText = (line) => t("tournament.buyInFee", { buyIn: chips(line.buy_in), fee: chips(line.fee) });
const entrantsText = (line) => (line.max_entrants === null ? chips(line.entrants)
  : t("lobby.taken", { taken: chips(line.entrants), seats: chips(line.max_entrants) }));
const statusBadge = (status) => el("span", { class: "t-status", "data-status": status,
  text: t(`tournament.status.${status}`) });
const levelLength = (seconds) => (seconds % 60 ? t("tournament.seconds", { n: seconds })
  : t("tournament.minutes", { n: seconds / 60 }));

/** The lobby's tournaments tab, drawn into `view` and refreshed every few seconds; returns
 * the function that closes it. */
export async function tournamentsView(view) {
  const body = el("tbody");
  const table = el("table", { class: "lobby tournaments", id: "tournaments", "aria-labelledby": "tournaments-title" },
    el("caption", { id: "tournaments-title", "data-i18n": "tournament.listTitle" }),
    el("thead", {}, el("tr", {}, ...COLUMNS.map((k) => el("th", { scope: "col", "data-i18n": k })))),
    body);
  async function refresh() {
    let lines;
    try {
      lines = (await api("GET", "/api/tournaments")).tournaments;
    } catch (e) {
      toast(errorText(e));
      return;
    }
    body.replaceChildren(...lines.map((line) => {
      const cell = (key, ...children) => el("td", { "data-label": t(key) }, ...children);
      return el("tr", { "data-tournament": line.id },
        cell("tournament.name", el("a", { href: `/tournaments/${line.id}`, "data-link": "", text: line.name })),
        cell("lobby.game", gameText(line)),
        cell("tournament.buyIn", buyInText(line)),
        cell("tournament.entrants", entrantsText(line)),
        cell("tournament.start", startText(line)),
        cell("tournament.status", statusBadge(line.status)));
    }));
    if (!lines.length) {
      body.append(el("tr", {}, el("td", { colspan: String(COLUMNS.length), class: "empty",
        "data-i18n": "tournament.none" })));
    }
    translatePage(body);
  }
  await refresh();
  const timer = setInterval(refresh, REFRESH_MS);
  const page = el("div", { class: "lobby-page" }, lobbyTabs("tournaments"), table);
  translatePage(page);
  view.replaceChildren(page);
  return () => clearInterval(timer);
}

/** Tournament `id`'s page, drawn into `view`; its data is read again every few seconds
 * while it registers or runs, and the level's clock ticks between reads. Returns the
 * function that closes it. */
export async function tournamentView(view, id) {
  let closed = false, refreshTimer = null, shownAction = null, deadline = null, detail = null;
  const title = el("h1", { id: "tournament-title" });
  const facts = el("p", { class: "t-facts" });
  const mine = el("p", { class: "t-mine", id: "my-table", hidden: "" });
  const action = el("div", { class: "row t-action", id: "tournament-action" });
  const refusal = el("p", { class: "table-message", id: "tournament-refusal", role: "alert", hidden: "" });
  const live = el("section", { class: "card-panel t-live", id: "tournament-live", "aria-labelledby": "live-title", hidden: "" });
  const about = el("section", { class: "card-panel", id: "tournament-about", "aria-labelledby": "about-title" });
  const structure = el("section", { class: "card-panel t-structure", id: "tournament-structure", "aria-labelledby": "structure-title" });
  const entrants = el("section", { class: "card-panel", id: "tournament-entrants", "aria-labelledby": "entrants-title" });
  const prizes = el("section", { class: "card-panel", id: "tournament-prizes", "aria-labelledby": "prizes-title" });
  const page = el("div", { class: "around-page tournament-page" },
    el("p", { class: "t-back" }, el("a", { href: "/tournaments", "data-link": "", "data-i18n": "tournament.all" })),
    title, facts, mine, el("div", { class: "card-panel t-register" }, action, refusal), live, about,
    el("div", { class: "t-columns" }, el("div", { class: "t-side" }, entrants, prizes), structure));

  const myEntries = () => (account() ? detail.entries.filter((e) => e.name === account().name) : []);

  async function refresh() {
    clearTimeout(refreshTimer);
    detail = await api("GET", `/api/tournaments/${id}`);
    if (closed) return;
    draw();
    if (OPEN.has(detail.status)) {
      clearTimeout(refreshTimer); // one chain of reads, even when two were in flight
      refreshTimer = setTimeout(() => refresh().catch((e) => toast(errorText(e))), REFRESH_MS);
    }
  }

  function draw() {
    title.textContent = detail.name;
    facts.replaceChildren(gameText(detail), " · ", statusBadge(detail.status));
    const seat = myEntries().find((e) => e.table !== undefined && e.table !== null);
    mine.hidden = !seat;
    mine.replaceChildren(...(seat ? [el("a", { href: `/tables/${seat.table}`, "data-link": "",
      class: "button primary", id: "take-me", text: t("tournament.takeMe") })] : []));
    drawAction();
    drawLive();
    drawAbout();
    drawStructure();
    drawEntrants();
    drawPrizes();
    translatePage(page);
  }

  /** Register, unregister or log in; drawn anew only when what may be done changes (the
   * button keeps its focus across refreshes). */
  function drawAction() {
    const entries = myEntries();
    const registered = entries.some((e) => e.status === "live");
    const state = !account() ? (detail.registration_open ? "login" : "closed")
      : registered ? (detail.status === "registering" ? "registered" : "playing")
        : detail.registration_open ? (entries.length ? "reenter" : "register") : "closed";
    if (state === shownAction) return;
    shownAction = state;
    const cost = chips(detail.buy_in + detail.fee);
    const send = (what, key) => {
      const button = el("button", { type: "button", class: what === "register" ? "primary" : "",
        id: `tournament-${what}`, text: t(key, { chips: cost }) });
      button.addEventListener("click", () => act(what, button));
      return button;
    };
    const note = (key) => el("span", { class: "t-note", text: t(key, { chips: cost }) });
    action.replaceChildren(...{
      login: [el("a", { href: `/login?next=${encodeURIComponent(`/tournaments/${id}`)}`, "data-link": "",
        class: "button primary", id: "tournament-login", "data-i18n": "tournament.loginToRegister" })],
      closed: [note("tournament.closed")],
      register: [send("register", "tournament.register")],
      reenter: [send("register", "tournament.reenter")],
      registered: [note("tournament.youAreIn"), send("unregister", "tournament.unregister")],
      playing: [note("tournament.youPlay")],
    }[state]);
  }

  async function act(what, button) {
    button.disabled = true;
    refusal.hidden = true;
    try {
      const done = await api("POST", `/api/tournaments/${id}/${what}`, {});
      toast(t(`tournament.${what}ed`, { chips: chips(detail.buy_in + detail.fee), bankroll: chips(done.bankroll) }), "ok");
      await loadMe();
    } catch (e) {
      refusal.textContent = errorText(e);
      refusal.hidden = false;
    }
    button.disabled = false; // kept, with its focus, when the refusal left the state as it was
    await refresh();
  }

  function drawLive() {
    const level = detail.level;
    const tables = detail.tables || [];
    live.hidden = !level && !tables.length;
    deadline = level ? performance.now() + level.seconds_left * 1000 : null;
    const parts = [el("h2", { id: "live-title", "data-i18n": "tournament.now" })];
    if (level) {
      const blinds = t(level.ante ? "tournament.blindsAnte" : "tournament.blinds",
        { sb: chips(level.small_blind), bb: chips(level.big_blind), ante: chips(level.ante) });
      parts.push(el("p", { class: "big", id: "current-level", text: t(level.on_break ? "tournament.breakThen"
        : "tournament.levelNow", { number: level.number, blinds }) }),
      el("p", {}, el("span", { "data-i18n": level.on_break ? "tournament.playIn" : "tournament.nextIn" }), " ",
        el("span", { class: "t-clock", id: "level-clock", role: "timer" })));
    }
    if (tables.length) {
      parts.push(el("h3", { "data-i18n": "tournament.tables" }), el("ul", { class: "t-tables", id: "tournament-tables" },
        ...tables.map((table) => el("li", {}, el("a", { href: `/tables/${table.id}`, "data-link": "", "data-table": table.id,
          text: t("tournament.tableLine", { number: table.number, players: table.players }) })))));
    }
    live.replaceChildren(...parts);
    tick();
  }

  function tick() {
    const shown = live.querySelector("#level-clock");
    if (!shown || deadline === null) return;
    const left = Math.max(0, (deadline - performance.now()) / 1000);
    shown.textContent = clock(left);
    shown.dataset.seconds = String(Math.ceil(left));
  }

  function drawAbout() {
    const finished = detail.status === "finished";
    const pool = finished ? detail.entries.reduce((sum, e) => sum + (e.prize || 0), 0) : detail.pool;
    const figure = (key, value, name) => el("div", { class: "figure" },
      el("dt", { "data-i18n": key }), el("dd", { "data-figure": name, text: value }));
    about.replaceChildren(el("h2", { id: "about-title", "data-i18n": "tournament.about" }),
      el("dl", { class: "figures" },
        figure("tournament.buyIn", buyInText(detail), "buy-in"),
        figure("tournament.pool", chips(pool), "pool"),
        figure("tournament.entrants", entrantsText(detail), "entrants"),
        figure("tournament.start", startText(detail), "start"),
        figure("tournament.startingStack", chips(detail.starting_stack), "stack"),
        figure("tournament.seats", String(detail.seats), "seats"),
        ...(detail.late_levels ? [figure("tournament.lateLevels", String(detail.late_levels), "late")] : []),
        ...(detail.reentries ? [figure("tournament.reentries", String(detail.reentries), "reentries")] : [])));
  }

  function drawStructure() {
    const rows = [];
    const current = detail.level ? detail.level.number : null;
    detail.levels.forEach((level, i) => {
      rows.push(el("tr", { "data-level": i + 1, class: i + 1 === current ? "current" : false,
        "aria-current": i + 1 === current ? "step" : false },
      el("td", { class: "num", text: String(i + 1) }),
      el("td", { class: "num", text: `${chips(level.small_blind)}/${chips(level.big_blind)}` }),
      el("td", { class: "num", text: level.ante ? chips(level.ante) : "-" }),
      el("td", { class: "num", text: levelLength(detail.level_seconds) })));
      if (detail.break_every && (i + 1) % detail.break_every === 0 && i + 1 < detail.levels.length) {
        rows.push(el("tr", { class: "t-break" }, el("td", { colspan: "4",
          text: t("tournament.break", { length: levelLength(detail.break_seconds) }) })));
      }
    });
    structure.replaceChildren(el("h2", { id: "structure-title", "data-i18n": "tournament.structure" }),
      el("p", { class: "hint", text: t("tournament.structureNote", {
        name: has(`tournament.shape.${detail.structure}`) ? t(`tournament.shape.${detail.structure}`) : detail.structure }) }),
      el("div", { class: "t-scroll" }, el("table", { class: "around-table", id: "tournament-levels" },
        el("thead", {}, el("tr", {}, ...["tournament.level", "tournament.blindsHead", "tournament.ante",
          "tournament.length"].map((k) => el("th", { scope: "col", class: "num", "data-i18n": k })))),
        el("tbody", {}, ...rows))));
  }

  function drawEntrants() {
    const me = account() && account().name;
    const withChips = detail.entries.some((e) => e.chips !== undefined && e.chips !== null);
    const withTables = detail.entries.some((e) => e.table !== undefined && e.table !== null);
    // a column nobody has a value in yet (places before the first bust, prizes before the
    // payout) is left out: the table fits a phone
    const withPlaces = detail.entries.some((e) => e.place !== null);
    const withPrizes = detail.entries.some((e) => e.prize !== null);
    const heads = ["tournament.player", "tournament.status", ...(withPlaces ? ["tournament.place"] : []),
      ...(withPrizes ? ["tournament.prize"] : []), ...(withChips ? ["tournament.chips"] : []),
      ...(withTables ? ["tournament.table"] : [])];
    const rows = detail.entries.map((e) => el("tr", { "data-entry": e.id, class: e.name === me ? "my-entry" : false },
      el("td", {}, e.name, e.number > 1 ? ` (${t("tournament.entryNumber", { n: e.number })})` : "",
        e.name === me ? el("small", { text: ` · ${t("tournament.you")}` }) : ""),
      el("td", { text: t(`tournament.entry.${e.status === "live" && detail.status === "registering" ? "registered" : e.status}`) }),
      ...(withPlaces ? [el("td", { class: "num", text: e.place ? ordinal(e.place) : "-" })] : []),
      ...(withPrizes ? [el("td", { class: "num", text: e.prize === null ? "-" : chips(e.prize) })] : []),
      ...(withChips ? [el("td", { class: "num", text: e.chips === null || e.chips === undefined ? "-" : chips(e.chips) })] : []),
      ...(withTables ? [el("td", {}, e.table === null || e.table === undefined ? "-"
        : el("a", { href: `/tables/${e.table}`, "data-link": "", text: `#${e.table}` }))] : [])));
    entrants.replaceChildren(el("h2", { id: "entrants-title", text: t("tournament.entrantsCount", { count: detail.entries.length }) }),
      rows.length ? el("div", { class: "t-scroll" }, el("table", { class: "around-table", id: "tournament-entries" },
        el("thead", {}, el("tr", {}, ...heads.map((k, i) => el("th", { scope: "col",
          class: i >= 2 && k !== "tournament.table" ? "num" : false, "data-i18n": k })))),
        el("tbody", {}, ...rows)))
        : el("p", { class: "hint", "data-i18n": "tournament.noEntrants" }));
  }

  function drawPrizes() {
    const paid = detail.entries.filter((e) => e.prize).sort((a, b) => a.place - b.place);
    let body;
    if (detail.status === "finished") {
      body = el("ul", { class: "t-prizes", id: "prize-list" }, ...paid.map((e) => el("li", { "data-place": e.place },
        el("span", { text: ordinal(e.place) }), " ", el("strong", { text: e.name }), " ",
        el("span", { class: "num", text: t("tournament.chipsWon", { chips: chips(e.prize) }) }))));
    } else if (detail.status === "cancelled") {
      body = el("p", { "data-i18n": "tournament.cancelledNote" });
    } else {
      body = el("p", { id: "prize-pool", text: t("tournament.poolNote", { pool: chips(detail.pool) }) });
    }
    prizes.replaceChildren(el("h2", { id: "prizes-title", "data-i18n": "tournament.prizes" }), body);
  }

  await refresh();
  const ticker = setInterval(tick, 250);
  view.replaceChildren(page);
  return () => {
    closed = true;
    clearTimeout(refreshTimer);
    clearInterval(ticker);
  };
}
