// The account page: change the password, see and end log-in sessions, refill play money,
// and read the ledger a page at a time. Every text goes in as textContent (el's "text").
import { t, translatePage } from "./i18n.js";
import { api, el, errorText, loadMe, navigate, toast } from "./main.js";

/** Draw the account page into `view`; returns a function that closes it. */
export async function accountView(view) {
  const page = el("div", { class: "around-page account-page" },
    el("h1", { "data-i18n": "account.title" }),
    el("p", {}, el("a", { href: "/stats", "data-link": "", id: "stats-link", "data-i18n": "stats.link" })));
  const refill = el("section", { class: "card-panel", "aria-labelledby": "refill-title" });
  const password = passwordForm();
  const sessions = el("section", { class: "card-panel", "aria-labelledby": "sessions-title" });
  const ledger = el("section", { class: "card-panel", "aria-labelledby": "ledger-title" });
  const hands = el("section", { class: "card-panel", "aria-labelledby": "hands-title" });
  page.append(refill, hands, password, sessions, ledger);
  view.replaceChildren(page);
  await Promise.all([drawRefill(refill), drawHands(hands), drawSessions(sessions), drawLedger(ledger)]);
  translatePage(page);
  return () => {};
}

function passwordForm() {
  const form = el("form", { class: "card-panel around-form", id: "password-form",
    "aria-labelledby": "password-title" },
  el("h2", { id: "password-title", "data-i18n": "account.password" }),
  el("label", {}, el("span", { "data-i18n": "account.oldPassword" }),
    el("input", { name: "old", type: "password", autocomplete: "current-password", required: "" })),
  el("label", {}, el("span", { "data-i18n": "account.newPassword" }),
    el("input", { name: "new", type: "password", autocomplete: "new-password", required: "",
      minlength: "8", maxlength: "256" })),
  el("button", { type: "submit", class: "primary", "data-i18n": "account.change" }),
  el("p", { class: "hint", "data-i18n": "account.passwordHint" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(form));
    try {
      const done = await api("PUT", "/api/me/password", { old: data.old, new: data.new });
      form.reset();
      toast(t("account.changed", { count: done.ended }), "ok");
      const sessions = document.querySelector(".account-page section[aria-labelledby=sessions-title]");
      if (sessions) { await drawSessions(sessions); translatePage(sessions); }
    } catch (e) {
      toast(errorText(e));
    }
  });
  return form;
}

async function drawRefill(box) {
  const state = await api("GET", "/api/me/refill");
  const button = el("button", { type: "button", id: "refill", class: "primary",
    disabled: state.allowed ? false : "", "data-i18n": "account.refill" });
  button.addEventListener("click", async () => {
    try {
      const done = await api("POST", "/api/me/refill");
      toast(t("account.refilled", { chips: done.refilled }), "ok");
      await loadMe();
      await drawRefill(box);
      translatePage(box);
      const ledger = document.querySelector(".account-page section[aria-labelledby=ledger-title]");
      if (ledger) { await drawLedger(ledger); translatePage(ledger); }
    } catch (e) {
      toast(errorText(e));
    }
  });
  let status;
  if (state.allowed) status = t("account.refillNow", { chips: state.amount });
  else if (state.next_at) status = t("account.refillWait", { when: new Date(state.next_at).toLocaleString() });
  else status = t("account.refillEnough");
  box.replaceChildren(
    el("h2", { id: "refill-title", "data-i18n": "account.bankroll" }),
    el("p", { class: "big", id: "bankroll", text: t("account.holdings", {
      bankroll: state.bankroll, tables: state.on_tables }) }),
    el("p", { class: "hint", id: "refill-rule", text: t("account.refillRule", {
      below: state.below, to: state.to, hours: state.every / 3600 }) }),
    el("div", { class: "row" }, button, el("span", { id: "refill-status", text: status })));
}

async function drawHands(box) {
  const { hands } = await api("GET", "/api/hands?limit=20");
  box.replaceChildren(
    el("h2", { id: "hands-title", "data-i18n": "account.hands" }),
    hands.length ? el("ul", { class: "replay-list", id: "my-hands" }, ...hands.filter((h) => h.status === "done").map((h) =>
      el("li", {}, el("a", { href: `/replay/${h.id}`, "data-link": "", "data-hand": h.id,
        text: t("account.handLine", { number: h.number, table: h.table_id, net: h.net > 0 ? `+${h.net}` : String(h.net) }) }))))
      : el("p", { class: "hint", "data-i18n": "account.noHands" }),
    el("p", {}, el("a", { href: "/replay", "data-link": "", id: "replay-file-link", "data-i18n": "replay.fileLink" })));
}

async function drawSessions(box) {
  const { sessions } = await api("GET", "/api/me/sessions");
  const rows = sessions.map((s) => {
    const end = el("button", { type: "button", class: "small", "data-session": s.id,
      "data-i18n": s.current ? "account.logoutHere" : "account.end" });
    end.addEventListener("click", async () => {
      try {
        await api("DELETE", `/api/me/sessions/${s.id}`);
        if (s.current) { await loadMe(); navigate("/login"); return; }
        await drawSessions(box);
        translatePage(box);
      } catch (e) {
        toast(errorText(e));
      }
    });
    return el("tr", { "data-session": s.id },
      el("td", { text: s.browser || s.agent || "?", title: s.agent || "" }),
      el("td", { text: new Date(s.created_at).toLocaleString() }),
      el("td", { text: s.current ? t("account.thisSession") : "" }),
      el("td", {}, end));
  });
  box.replaceChildren(
    el("h2", { id: "sessions-title", "data-i18n": "account.sessions" }),
    el("table", { class: "around-table", id: "sessions" },
      el("thead", {}, el("tr", {}, ...["account.device", "account.since", "", ""].map(
        (k) => el("th", { scope: "col", "data-i18n": k || false })))),
      el("tbody", {}, ...rows)));
}

async function drawLedger(box, before = null, shown = []) {
  const query = before ? `?limit=25&before=${before}` : "?limit=25";
  const page = await api("GET", `/api/me/ledger${query}`);
  const rows = shown.concat(page.rows);
  const more = el("button", { type: "button", id: "ledger-more", "data-i18n": "account.older",
    hidden: page.next_before === null ? "" : false });
  more.addEventListener("click", async () => {
    await drawLedger(box, page.next_before, rows);
    translatePage(box);
  });
  box.replaceChildren(
    el("h2", { id: "ledger-title", "data-i18n": "account.ledger" }),
    el("table", { class: "around-table", id: "ledger" },
      el("thead", {}, el("tr", {}, ...["account.when", "account.kind", "account.amount",
        "account.where", "account.note"].map((k) => el("th", { scope: "col", "data-i18n": k })))),
      el("tbody", {}, ...rows.map((r) => el("tr", {},
        el("td", { text: new Date(r.at).toLocaleString() }),
        el("td", { text: t(`account.kind.${r.kind}`) }),
        el("td", { class: r.amount < 0 ? "num neg" : "num", text: r.amount > 0 ? `+${r.amount}` : String(r.amount) }),
        el("td", { text: r.hand_id ? t("account.hand", { table: r.table_id, hand: r.hand_id })
          : r.table_id ? t("account.table", { table: r.table_id }) : "" }),
        el("td", { text: r.note || "" }))))),
    more);
}
