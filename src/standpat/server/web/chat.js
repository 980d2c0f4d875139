// The chat panel of a table page: the table's chat lines and the dealer's lines, in order.
// Every line goes in as textContent: a line is text, never HTML. Muting is this browser's
// own choice (remembered); the table's owner (or an operator) sets who may chat.
import { language, t } from "./i18n.js";
import { account, el } from "./main.js";
import { handName } from "./cards.js";

const MAX_LINES = 200;

/** A hand's whole name ("Two pair, kings and nines"): the server words it in English;
 * other languages name its category. */
function fullName(value, ranking) {
  return language() === "en" && value.name ? value.name : handName(value, ranking);
}
const MUTED_KEY = "standpat.muted";

/** Add a chat panel to table page `page` and listen to its messages. */
export function mountChat(page) {
  const me = account();
  let mode = page.info.chat || "players";
  let lastDealt = null;
  const muted = new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]"));
  const list = el("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite",
    "aria-label": t("chat.title"), tabindex: "0" });
  const input = el("input", { id: "chat-input", name: "text", maxlength: "200", autocomplete: "off",
    "aria-label": t("chat.say"), placeholder: t("chat.say") });
  const send = el("button", { type: "submit", class: "small", text: t("chat.send") });
  const form = el("form", { class: "chat-form row" }, input, send);
  const note = el("p", { class: "hint chat-note", id: "chat-note" });
  const mutedBox = el("p", { class: "hint chat-muted", id: "chat-muted" });
  const panel = el("section", { class: "panel chat", id: "chat" },
    el("h2", { text: t("chat.title") }), list, form, note, mutedBox);
  if (me && (me.operator || (page.info.owner && page.info.owner === me.name))) {
    const select = el("select", { id: "chat-mode", "aria-label": t("chat.mode") },
      ...["players", "everyone", "off"].map((m) => el("option", { value: m, text: t(`chat.mode.${m}`) })));
    select.value = mode;
    select.addEventListener("change", () => {
      // Not sent (the socket is not open yet, or dropped): the choice shows the mode in force.
      if (!page.send({ type: "chat-mode", table: page.id, mode: select.value })) select.value = mode;
    });
    panel.append(el("label", { class: "row chat-mode" }, el("span", { text: t("chat.mode") }), select));
  }
  const side = page.root.querySelector(".side");
  if (side) side.prepend(panel);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    page.send({ type: "chat", table: page.id, text });
    input.value = "";
  });

  function add(line) {
    list.append(line);
    while (list.children.length > MAX_LINES) list.firstElementChild.remove();
    list.scrollTop = list.scrollHeight;
  }

  // The lines shown, by epoch and id: a reconnect is sent the recent lines again, and a
  // table that started again (a restart, a move to another node) numbers its lines from 1
  // in a new epoch.
  const heard = new Set();

  function say(message) {
    if (message.id !== undefined) {
      const key = `${message.epoch}/${message.id}`;
      if (heard.has(key)) return;
      heard.add(key);
    }
    if (muted.has(message.name)) return;
    const mute = el("button", { type: "button", class: "link chat-mute", text: t("chat.mute"),
      "aria-label": t("chat.muteName", { name: message.name }) });
    mute.addEventListener("click", () => { muted.add(message.name); remember(); });
    add(el("li", { class: "chat-line", "data-name": message.name },
      el("span", { class: "chat-name", text: `${message.name}: ` }),
      el("span", { class: "chat-text", text: message.text }), " ", mute));
  }

  function dealer(text) {
    add(el("li", { class: "chat-line dealer", text: t("chat.dealer", { text }) }));
  }

  function remember() {
    localStorage.setItem(MUTED_KEY, JSON.stringify([...muted]));
    for (const line of list.querySelectorAll(".chat-line[data-name]")) {
      if (muted.has(line.dataset.name)) line.remove();
    }
    mutedBox.replaceChildren(...[...muted].map((name) => {
      const unmute = el("button", { type: "button", class: "link", text: t("chat.unmute", { name }) });
      unmute.addEventListener("click", () => { muted.delete(name); remember(); });
      return unmute;
    }));
  }

  function refresh() {
    const seated = page.mySeat() !== null;
    let reason = null;
    if (!account()) reason = "chat.loginToChat";
    else if (mode === "off") reason = "chat.off";
    else if (mode === "players" && !seated) reason = "chat.playersOnly";
    input.disabled = send.disabled = reason !== null;
    note.textContent = reason ? t(reason) : "";
  }

  function dealOut(message) {
    const hand = message.hand;
    if (!hand || !hand.over || hand.id === lastDealt) return;
    lastDealt = hand.id;
    for (const w of hand.players.filter((p) => p.won > 0)) {
      const name = page.nameOf(w.seat);
      const value = w.value || (w.seat === page.mySeat() && w.shown ? hand.value : null);
      dealer(value
        ? t("chat.winsWith", { name, chips: w.won, hand: fullName(value, hand.ranking) })
        : t("chat.wins", { name, chips: w.won }));
    }
  }

  const inner = page.receive.bind(page);
  page.receive = (message) => {
    inner(message);
    if (message.table !== page.id) return;
    if (message.type === "chat") say(message);
    else if (message.type === "chat-mode") {
      mode = message.mode;
      dealer(t(`chat.modeNow.${mode}`));
      const select = panel.querySelector("#chat-mode");
      if (select) select.value = mode;
    } else if (message.type === "table") dealOut(message);
    refresh();
  };
  remember();
  refresh();
}
