// standpat's browser client: log-in, the lobby and the table, on one page.
import { preferredLanguage, setLanguage, t, has, translatePage, language } from "./i18n.js";
import { openTable, tableFacts } from "./table.js";
import { openPinochle } from "./pinochle.js";
import { WaitList } from "./waitlist.js";

const view = document.getElementById("view");
const toastBox = document.getElementById("toast");
let me = null;
let closeView = null;
let toastTimer = null;

/** A short message at the top of the page; never a broken page. */
export function toast(text, kind = "error") {
  toastBox.textContent = text;
  toastBox.className = `toast ${kind}`;
  toastBox.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toastBox.hidden = true; }, 5000);
}

/**
 * A server's message as a sentence for a person: without the field's name in quotes
 * ("'stakes': ..."), without the echo of what was typed ("(got 'abc')": never a password
 * shown back), starting with a capital.
 */
export function readable(message) {
  let text = String(message).trim()
    .replace(/^'[\w.]+':\s*/, "")
    .replace(/;?\s*\(?got [^)]*\)?(?=\.?$)/, "")
    .replace(/^'([\w.]+)' (must|is)/, (m, name, verb) => `${name.replace(/[._]/g, " ")} ${verb}`);
  if (!/[.!?]$/.test(text)) text += ".";
  // a capital for a word, not for a file's name ("illegal.phh: hand 1, ...")
  return /^[a-z]+(?![\w./])/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** The text of a server error ({code, message}) in the player's language when we have it. */
export function errorText(error) {
  // The server explains in English; other languages get the catalogue's sentence for the code.
  const known = error && error.code && has(`error.${error.code}`);
  if (error && error.message && (language() === "en" || !known)) return readable(error.message);
  return known ? t(`error.${error.code}`) : t("error.network");
}

/** Call the REST API; throws {code, message, status} on an error answer. */
export async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (e) {
    throw { code: "network", message: t("error.network"), status: 0 };
  }
  let data;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const err = (data && data.error) || { code: "http", message: response.statusText };
    throw { ...err, status: response.status };
  }
  return data;
}

/** Go to a path of the client without reloading the page. */
export function navigate(path, replace = false) {
  if (replace) history.replaceState({}, "", path);
  else history.pushState({}, "", path);
  route();
}

export function account() {
  return me;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}
export { el };

async function loadMe() {
  // GET /api/session answers 200 with a null account when logged out (no 401 in the console).
  try {
    me = (await api("GET", "/api/session")).account;
  } catch (e) {
    // the room is out of reach (restarting): who is logged in has not changed
  }
  const who = document.getElementById("who");
  who.replaceChildren(me ? el("a", { href: "/account", "data-link": "", id: "account-link",
    text: t("top.who", { name: me.name, bankroll: me.bankroll }) }) : "");
  document.getElementById("logout").hidden = !me;
}

function loginView() {
  const form = el("form", { class: "card-panel login", "aria-labelledby": "login-title" },
    el("h1", { id: "login-title", "data-i18n": "login.title" }),
    el("label", {}, el("span", { "data-i18n": "login.name" }),
      el("input", { name: "name", autocomplete: "username", required: "", maxlength: "24" })),
    el("label", {}, el("span", { "data-i18n": "login.password" }),
      el("input", { name: "password", type: "password", autocomplete: "current-password", required: "" })),
    el("div", { class: "row" },
      el("button", { type: "submit", value: "login", class: "primary", "data-i18n": "login.submit" }),
      el("button", { type: "submit", value: "register", "data-i18n": "login.register" })),
    el("p", { class: "hint", "data-i18n": "login.hint" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const which = event.submitter ? event.submitter.value : "login";
    const data = Object.fromEntries(new FormData(form));
    // the room's rules for a new account, said before asking it (and never the password back)
    if (which === "register" && !/^[A-Za-z0-9][A-Za-z0-9._-]{2,23}$/.test(data.name.trim())) {
      toast(t("login.nameRule"));
      return;
    }
    if (which === "register" && data.password.length < 8) {
      toast(t("login.passwordRule"));
      return;
    }
    try {
      await api("POST", which === "register" ? "/api/accounts" : "/api/session", data);
      await loadMe();
      const next = new URLSearchParams(location.search).get("next");
      navigate(next && next.startsWith("/") ? next : "/", true);
    } catch (e) {
      toast(errorText(e));
    }
  });
  return form;
}

const STAKES = { "fixed-limit": "2/4", "pot-limit": "2/4", "no-limit": "2/4" };

async function lobbyView() {
  const tableBody = el("tbody");
  const games = await api("GET", "/api/games");
  const gameSelect = el("select", { name: "game", id: "new-game" });
  for (const g of games.games) gameSelect.append(el("option", { value: g.name, text: gameTitle(g.name) }));
  // a mixed table: the poker games it deals in turn, so many hands each
  const poker = games.games.filter((g) => g.kind === "poker");
  gameSelect.append(el("option", { value: "mixed", text: t("lobby.mixedGames") }));
  const mixBoxes = poker.map((g, i) => el("input", { type: "checkbox", name: "rotation", value: g.name,
    ...(i < 3 ? { checked: "" } : {}) }));
  const mixHands = el("input", { name: "rotation_hands", id: "new-rotation-hands", type: "number", min: "1", max: "100",
    value: "8", required: "" });
  const mixBox = el("fieldset", { class: "mix", hidden: "" },
    el("legend", { "data-i18n": "lobby.mixGames" }),
    ...mixBoxes.map((box, i) => el("label", { class: "check" }, box, gameTitle(poker[i].name))),
    el("label", {}, el("span", { "data-i18n": "lobby.mixHands" }), mixHands));
  const mixed = () => gameSelect.value === "mixed";
  const mixGames = () => mixBoxes.filter((box) => box.checked).map((box) => box.value);
  const structureSelect = el("select", { name: "structure", id: "new-structure" });
  for (const s of games.structures) structureSelect.append(el("option", { value: s, text: t(`structure.${s}`) }));
  const stakes = el("input", { name: "stakes", id: "new-stakes", value: "2/4", pattern: "\\d+/\\d+", required: "", size: "6" });
  structureSelect.addEventListener("change", () => { stakes.value = STAKES[structureSelect.value]; });
  const seats = el("input", { name: "seats", id: "new-seats", type: "number", min: "2", max: "6", value: "6", required: "" });
  const structureLabel = el("label", {}, el("span", { "data-i18n": "lobby.structure" }), structureSelect);
  const create = el("form", { class: "card-panel create", "aria-labelledby": "create-title" },
    el("h2", { id: "create-title", "data-i18n": "lobby.create" }),
    el("label", {}, el("span", { "data-i18n": "lobby.game" }), gameSelect),
    mixBox,
    structureLabel,
    el("label", {}, el("span", { "data-i18n": "lobby.stakesLong" }), stakes),
    el("label", {}, el("span", { "data-i18n": "lobby.seats" }), seats),
    el("button", { type: "submit", class: "primary", "data-i18n": "lobby.open" }));
  const isPinochle = () => (games.games.find((g) => g.name === gameSelect.value) || {}).kind === "pinochle";
  const fitForm = () => { // the default form is valid: no more seats than the game deals
    const game = games.games.find((g) => g.name === gameSelect.value);
    if (game) seats.max = String(game.max || 6);
    mixBox.hidden = !mixed();
    if (mixed()) { // no more seats than every game of the mix deals
      const chosen = poker.filter((g) => mixBoxes.some((box) => box.checked && box.value === g.name));
      seats.max = String(Math.min(6, ...chosen.map((g) => g.max || 6)));
    }
    if (Number(seats.value) > Number(seats.max)) seats.value = seats.max;
    // pinochle: no structure, the stake is an entry fee per game (pinochle.js)
    structureLabel.style.display = isPinochle() ? "none" : "";
    stakes.pattern = isPinochle() ? "(entry )?\\d+" : "\\d+/\\d+";
    stakes.value = isPinochle() ? "entry 10" : STAKES[structureSelect.value];
  };
  gameSelect.addEventListener("change", fitForm);
  for (const box of mixBoxes) box.addEventListener("change", fitForm);
  fitForm();
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    const bets = /^\s*(\d+)\s*\/\s*(\d+)/.exec(stakes.value);
    if (!isPinochle() && bets && Number(bets[1]) > Number(bets[2])) {
      toast(t("lobby.stakesRule", { small: bets[1], big: bets[2] }));
      return;
    }
    if (mixed() && mixGames().length < 2) {
      toast(t("lobby.mixTwo"));
      return;
    }
    try {
      const made = await api("POST", "/api/tables", mixed() ? {
        rotation: mixGames(), rotation_hands: Number(mixHands.value), structure: structureSelect.value,
        stakes: stakes.value, seats: Number(seats.value),
      } : {
        game: gameSelect.value, structure: isPinochle() ? undefined : structureSelect.value,
        stakes: stakes.value, seats: Number(seats.value),
      });
      navigate(`/tables/${made.id}`);
    } catch (e) {
      toast(errorText(e));
    }
  });

  const filters = lobbyFilters(games, () => refresh());
  const waitBox = el("div", { class: "card-panel waiting", id: "waiting", hidden: "" });
  const waitList = me ? new WaitList(waitBox, () => refresh()) : null;
  const table = el("table", { class: "lobby", "aria-labelledby": "lobby-title" },
    el("caption", { id: "lobby-title", "data-i18n": "lobby.title" }),
    el("thead", {}, el("tr", {},
      ...["lobby.table", "lobby.game", "lobby.structure", "lobby.stakes", "lobby.players",
        "lobby.averagePot", "lobby.handsPerHour", ""].map((k) => el("th", { scope: "col", "data-i18n": k || false })))),
    tableBody);

  async function refresh() {
    let lines;
    try {
      // a tournament's tables are on its page (the tournament seats their players)
      lines = (await api("GET", `/api/tables?${filters.query()}`)).tables.filter((l) => !l.tournament);
    } catch (e) {
      toast(errorText(e));
      return;
    }
    tableBody.replaceChildren(...lines.map((line) => {
      const full = line.taken >= line.seats;
      const actions = el("td", { class: "row" },
        el("a", { href: `/tables/${line.id}`, class: "button primary", "data-link": "",
          text: full ? t("lobby.watch") : t("lobby.join"),
          "aria-label": t(full ? "lobby.watchTable" : "lobby.joinTable", { id: line.id }) }));
      if (full && waitList && !waitList.waiting.has(line.id)) {
        const wait = el("button", { type: "button", class: "wait", "data-wait": line.id,
          text: t("lobby.wait"), "aria-label": t("lobby.waitTable", { id: line.id }) });
        wait.addEventListener("click", async () => {
          try { await waitList.join(line.id); } catch (e) { toast(t("error.network")); }
        });
        actions.append(wait);
      }
      // each cell carries its column's name: a phone, which hides the head row, shows it
      const label = (key) => t(key);
      return el("tr", { "data-table": line.id, "data-game": line.game },
        el("td", { "data-label": label("lobby.table"), text: `#${line.id}` }),
        el("td", { "data-label": label("lobby.game") }, tableGame(line), ...(line.rotation ? [el("br"),
          el("small", { class: "facts rotation", text: t("table.rotation", { count: line.rotation.left,
            game: gameTitle(line.rotation.next), then: gameTitle(line.rotation.then) }) })] : [])),
        el("td", { "data-label": label("lobby.structure"), text: line.structure ? t(`structure.${line.structure}`) : "-" }),
        el("td", { class: "stakes", "data-label": label("lobby.stakes") }, line.stakes,
          el("small", { class: "facts", text: ` · ${tableFacts(line)}` })),
        el("td", { class: "players", "data-label": label("lobby.players"), text: t("lobby.taken", { taken: line.taken, seats: line.seats })
          + (line.waiting ? ` · ${t("lobby.waitingCount", { count: line.waiting })}` : "") }),
        el("td", { class: "average-pot", "data-label": label("lobby.averagePot"),
          text: line.average_pot === null ? "-" : String(line.average_pot) }),
        el("td", { class: "hands-per-hour", "data-label": label("lobby.handsPerHour"), text: String(line.hands_per_hour ?? "-") }),
        actions);
    }));
    if (!lines.length) {
      // no table at all, or none that the filters let through
      tableBody.append(el("tr", {}, el("td", { colspan: "8", class: "empty",
        "data-i18n": filters.query() ? "lobby.noMatch" : "lobby.empty" })));
    }
    translatePage(tableBody);
  }
  await refresh();
  const timer = setInterval(refresh, 5000);
  const page = el("div", { class: "lobby-page" }, lobbyTabs("ring"), waitBox, filters.form, table, me ? create : el("p", { class: "card-panel" },
    el("a", { href: "/login", "data-link": "", "data-i18n": "lobby.loginToPlay" })));
  translatePage(page);
  view.replaceChildren(page);
  return () => { clearInterval(timer); if (waitList) waitList.close(); };
}

/** The lobby's two tabs, ring games (/) and tournaments (/tournaments): links, so the
 * address says the tab, a tab can be shared and Back returns to the other. `current` is
 * "ring" or "tournaments". */
export function lobbyTabs(current) {
  const tab = (name, href, key) => el("a", { href, "data-link": "", class: "lobby-tab",
    "aria-current": name === current ? "page" : false, "data-tab": name, "data-i18n": key });
  return el("nav", { class: "lobby-tabs", "aria-label": t("lobby.tabs") },
    tab("ring", "/", "lobby.ringGames"), tab("tournaments", "/tournaments", "lobby.tournaments"));
}

/** The lobby's filters and order, kept in the address (?game=...) so a view can be shared. */
function lobbyFilters(games, changed) {
  const params = new URLSearchParams(location.search);
  const game = el("select", { name: "game", id: "filter-game" }, el("option", { value: "", text: t("lobby.any") }),
    ...games.games.map((g) => el("option", { value: g.name, text: gameTitle(g.name) })));
  const structure = el("select", { name: "structure", id: "filter-structure" }, el("option", { value: "", text: t("lobby.any") }),
    ...games.structures.map((s) => el("option", { value: s, text: t(`structure.${s}`) })));
  const minStakes = el("input", { name: "min_stakes", id: "filter-min", type: "number", min: "0", size: "4" });
  const maxStakes = el("input", { name: "max_stakes", id: "filter-max", type: "number", min: "0", size: "4" });
  const seats = el("select", { name: "seats", id: "filter-seats" }, el("option", { value: "", text: t("lobby.any") }),
    ...[2, 3, 4, 5, 6, 7, 8].map((n) => el("option", { value: String(n), text: String(n) })));
  const hideFull = el("input", { type: "checkbox", name: "hide_full", id: "filter-hide-full" });
  const hideEmpty = el("input", { type: "checkbox", name: "hide_empty", id: "filter-hide-empty" });
  const sort = el("select", { name: "sort", id: "filter-sort" },
    ...["id", "stakes", "players", "average_pot", "hands_per_hour"].map((k) =>
      el("option", { value: k, text: t(`lobby.sort.${k}`) })));
  const order = el("select", { name: "order", id: "filter-order" },
    el("option", { value: "asc", text: t("lobby.ascending") }), el("option", { value: "desc", text: t("lobby.descending") }));
  const fields = { game, structure, min_stakes: minStakes, max_stakes: maxStakes, seats, sort, order };
  for (const [name, field] of Object.entries(fields)) if (params.has(name)) field.value = params.get(name);
  hideFull.checked = params.get("hide_full") === "true";
  hideEmpty.checked = params.get("hide_empty") === "true";
  const form = el("form", { class: "card-panel filters", "aria-label": t("lobby.filters") },
    el("label", {}, el("span", { "data-i18n": "lobby.game" }), game),
    el("label", {}, el("span", { "data-i18n": "lobby.structure" }), structure),
    el("label", {}, el("span", { "data-i18n": "lobby.minStakes" }), minStakes),
    el("label", {}, el("span", { "data-i18n": "lobby.maxStakes" }), maxStakes),
    el("label", {}, el("span", { "data-i18n": "lobby.seats" }), seats),
    el("label", {}, el("span", { "data-i18n": "lobby.sortBy" }), sort),
    el("label", {}, el("span", { "data-i18n": "lobby.order" }), order),
    el("label", { class: "check" }, hideFull, el("span", { "data-i18n": "lobby.hideFull" })),
    el("label", { class: "check" }, hideEmpty, el("span", { "data-i18n": "lobby.hideEmpty" })));
  function query() {
    const q = new URLSearchParams();
    for (const [name, field] of Object.entries(fields)) {
      if (field.value !== "" && !(name === "sort" && field.value === "id") && !(name === "order" && field.value === "asc")) {
        q.set(name, field.value);
      }
    }
    if (hideFull.checked) q.set("hide_full", "true");
    if (hideEmpty.checked) q.set("hide_empty", "true");
    return q.toString();
  }
  form.addEventListener("change", () => {
    const q = query();
    history.replaceState({}, "", q ? `/?${q}` : "/");
    changed();
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  return { form, query };
}

/** Keep the play area's offset (--top-h) equal to the top bar's height while a table page is
 * open: the bar's height changes with the language, the player's name and balance, and the
 * window. Returns the function that stops following it. */
export function followTopBar() {
  const top = document.querySelector("header.top");
  const fit = () => {
    const height = top ? top.getBoundingClientRect().height : 0;
    document.documentElement.style.setProperty("--top-h", `${Math.ceil(height)}px`);
  };
  fit();
  window.addEventListener("resize", fit);
  const observer = top && typeof ResizeObserver !== "undefined" ? new ResizeObserver(fit) : null;
  if (observer) observer.observe(top);
  return () => {
    window.removeEventListener("resize", fit);
    if (observer) observer.disconnect();
  };
}

/** A game's title in the player's language. */
export function gameTitle(name) {
  return t(`game.${name}`);
}

/** A table's game as its lobby line (or table info) says: a mixed table's games in turn. */
export function tableGame(line) {
  if (!line.rotation) return gameTitle(line.game);
  return t("game.mixed", { games: line.rotation.games.map(gameTitle).join(" / ") });
}

/** The views around the table, each in its own module, loaded when first opened. */
const PAGES = {
  "/account": { module: "./account.js", view: "accountView" },
  "/stats": { module: "./stats.js", view: "statsView" },
  "/replay": { module: "./replay.js", view: "fileReplayView" },
};

async function route() {
  if (closeView) closeView();
  closeView = null;
  const path = location.pathname;
  const match = path.match(/^\/tables\/(\d+)$/);
  const tournament = path.match(/^\/tournaments(?:\/(\d+))?$/);
  try {
    const page = PAGES[path];
    const replay = path.match(/^\/replay\/(\d+)$/);
    const shared = path.match(/^\/shared\/([A-Za-z0-9_-]+)$/);
    if (shared) {
      closeView = await (await import("./replay.js")).replayView(view, { token: shared[1] });
    } else if (replay) {
      if (!me) { navigate(`/login?next=${encodeURIComponent(path)}`, true); return; }
      closeView = await (await import("./replay.js")).replayView(view, { hand: Number(replay[1]) });
    } else if (tournament) { // anyone may look at the tournaments; registering needs a log-in
      const pages = await import("./tournaments.js");
      closeView = tournament[1] ? await pages.tournamentView(view, Number(tournament[1]))
        : await pages.tournamentsView(view);
    } else if (path === "/login") {
      view.replaceChildren(loginView());
      translatePage(view);
    } else if (page) {
      if (!me) { navigate(`/login?next=${encodeURIComponent(path)}`, true); return; }
      const module = await import(page.module);
      closeView = await module[page.view](view);
    } else if (path !== "/" && !match) {
      view.replaceChildren(el("section", { class: "card-panel not-found" },
        el("h1", { text: t("app.notFound") }),
        el("p", { text: t("app.notFoundText", { path }) }),
        el("a", { href: "/", "data-link": "", class: "button primary", text: t("app.toLobby") })));
    } else if (match) {
      const info = await api("GET", `/api/tables/${match[1]}`);
      closeView = info.kind === "pinochle" ? await openPinochle(view, Number(match[1]), info)
        : await openTable(view, Number(match[1]));
    } else {
      closeView = await lobbyView();
    }
  } catch (e) {
    view.replaceChildren(el("p", { class: "card-panel", role: "alert", text: errorText(e) }));
  } finally {
    // the table pages' look (no margin, no width limit) goes with whatever page is in now: a
    // table page closed keeps it until the next page replaces it, so nothing jumps meanwhile
    document.body.classList.toggle("at-table", Boolean(view.querySelector(".table-page")));
  }
  document.title = `standpat`;
}

async function start() {
  document.head.append(el("link", { rel: "stylesheet", href: "/static/pages.css" }));
  await setLanguage(preferredLanguage());
  const picker = document.getElementById("language");
  picker.value = language();
  picker.addEventListener("change", async () => {
    await setLanguage(picker.value, true);
    await loadMe();
    route();
  });
  const four = document.getElementById("four-colour");
  four.checked = localStorage.getItem("standpat.fourColour") === "1";
  document.body.classList.toggle("four-colour", four.checked);
  four.addEventListener("change", () => {
    localStorage.setItem("standpat.fourColour", four.checked ? "1" : "0");
    document.body.classList.toggle("four-colour", four.checked);
  });
  document.getElementById("logout").addEventListener("click", async () => {
    try { await api("DELETE", "/api/session"); } catch (e) { /* logged out anyway */ }
    await loadMe();
    navigate("/login");
  });
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-link]");
    if (link && link.origin === location.origin && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      navigate(link.pathname + link.search); // a log-in link keeps its ?next=
    }
  });
  window.addEventListener("popstate", route);
  window.addEventListener("unhandledrejection", (event) => toast(errorText(event.reason)));
  await loadMe();
  if (!me && location.pathname === "/") navigate("/login", true);
  else route();
}

export { loadMe };
start();
