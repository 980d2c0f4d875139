// Your statistics: figures added up by the server (GET /api/me/stats), the results over time
// drawn as an SVG line (the net in chips, or the running big blinds won per 100 hands, both
// from the server's series), filters kept in the address, and a CSV download.
import { t, translatePage } from "./i18n.js";
import { api, el, gameTitle } from "./main.js";

const SVG = "http://www.w3.org/2000/svg";
const FIGURES = ["vpip", "pfr", "pat", "draw1", "draw2", "draw3", "showdown", "won_showdown"];

/** Draw the statistics page into `view`; returns a function that closes it. */
export async function statsView(view) {
  const games = await api("GET", "/api/games");
  const params = new URLSearchParams(location.search);
  const game = el("select", { name: "game", id: "stats-game" }, el("option", { value: "", text: t("lobby.any") }),
    ...games.games.map((g) => el("option", { value: g.name, text: gameTitle(g.name) })));
  const structure = el("select", { name: "structure", id: "stats-structure" }, el("option", { value: "", text: t("lobby.any") }),
    ...games.structures.map((s) => el("option", { value: s, text: t(`structure.${s}`) })));
  const unit = el("select", { name: "unit", id: "stats-unit", "aria-label": t("stats.plotUnit") },
    el("option", { value: "net", "data-i18n": "stats.plotChips" }),
    el("option", { value: "bb_per_100", "data-i18n": "stats.plotBb100" }));
  if (params.get("unit") === "bb_per_100") unit.value = "bb_per_100";
  const since = el("input", { type: "date", name: "since", id: "stats-since" });
  const until = el("input", { type: "date", name: "until", id: "stats-until" });
  const fields = { game, structure, since, until };
  for (const [name, field] of Object.entries(fields)) if (params.has(name)) field.value = params.get(name);
  const csv = el("a", { class: "button", id: "stats-csv", download: "standpat-stats.csv", "data-i18n": "stats.csv" });
  const form = el("form", { class: "card-panel filters", "aria-label": t("stats.filters") },
    el("label", {}, el("span", { "data-i18n": "lobby.game" }), game),
    el("label", {}, el("span", { "data-i18n": "lobby.structure" }), structure),
    el("label", {}, el("span", { "data-i18n": "stats.since" }), since),
    el("label", {}, el("span", { "data-i18n": "stats.until" }), until),
    csv);
  const summary = el("section", { class: "card-panel", id: "stats-summary" });
  const chart = el("section", { class: "card-panel", id: "stats-chart" });
  const byGame = el("section", { class: "card-panel", id: "stats-by" });
  const page = el("div", { class: "around-page stats-page" },
    el("h1", { "data-i18n": "stats.title" }), form, summary, chart, byGame);
  view.replaceChildren(page);

  function query() {
    const q = new URLSearchParams();
    for (const [name, field] of Object.entries(fields)) if (field.value) q.set(name, field.value);
    return q.toString();
  }

  function address() {
    const q = new URLSearchParams(query());
    if (unit.value !== "net") q.set("unit", unit.value);
    const text = q.toString();
    return text ? `/stats?${text}` : "/stats";
  }

  async function load() {
    const q = query();
    history.replaceState({}, "", address());
    csv.href = `/api/me/stats/csv${q ? `?${q}` : ""}`;
    const stats = await api("GET", `/api/me/stats${q ? `?${q}` : ""}`);
    summary.replaceChildren(
      el("h2", { "data-i18n": "stats.summary" }),
      el("dl", { class: "figures" },
        figure("hands", String(stats.hands)),
        figure("net", signed(stats.net)),
        figure("bb_per_100", stats.bb_per_100 === null ? "-" : String(stats.bb_per_100)),
        ...FIGURES.map((k) => figure(k, percent(stats[k])))));
    chart.replaceChildren(
      el("div", { class: "row" },
        el("h2", { "data-i18n": unit.value === "net" ? "stats.overTime" : "stats.bbPer100Plot" }),
        el("label", { class: "row" }, el("span", { "data-i18n": "stats.plotUnit" }), unit)),
      plot(stats.series, unit.value));
    byGame.replaceChildren(el("h2", { "data-i18n": "stats.byGame" }),
      el("table", { class: "around-table", id: "stats-table" },
        el("thead", {}, el("tr", {}, ...["lobby.game", "lobby.structure", "stats.hands", "stats.net",
          "stats.bb_per_100", "stats.vpip", "stats.pfr", "stats.showdown"].map((k) =>
          el("th", { scope: "col", "data-i18n": k })))),
        el("tbody", {}, ...stats.by.map((r) => el("tr", {},
          el("td", { text: gameTitle(r.game) }), el("td", { text: r.structure ? t(`structure.${r.structure}`) : "-" }),
          el("td", { class: "num", text: String(r.hands) }), el("td", { class: "num", text: signed(r.net) }),
          el("td", { class: "num", text: r.bb_per_100 === null ? "-" : String(r.bb_per_100) }),
          el("td", { class: "num", text: percent(r.vpip) }), el("td", { class: "num", text: percent(r.pfr) }),
          el("td", { class: "num", text: percent(r.showdown) }))))));
    translatePage(page);
  }
  form.addEventListener("change", () => load());
  unit.addEventListener("change", () => load());
  form.addEventListener("submit", (event) => event.preventDefault());
  await load();
  return () => {};
}

function figure(key, value) {
  return el("div", { class: "figure" },
    el("dt", { "data-i18n": `stats.${key}` }), el("dd", { "data-figure": key, text: value }));
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function percent(value) {
  return value === null || value === undefined ? "-" : `${Number(value).toFixed(1)}%`;
}

/** The results after each round as an SVG line (`key`: "net", chips, or "bb_per_100"), with
 * its zero line and end labels. */
function plot(series, key = "net") {
  if (!series.length) return el("p", { class: "hint", id: "stats-plot-empty", "data-i18n": "stats.noHands" });
  const width = 640, height = 220, pad = 44;
  const start = key === "net" ? [0] : [];
  const values = [0, ...series.map((p) => p[key])];
  const low = Math.min(...values), high = Math.max(...values);
  const span = high - low || 1;
  const x = (i) => pad + (i * (width - 2 * pad)) / Math.max(1, series.length);
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / span;
  const last = series[series.length - 1][key];
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("id", "stats-plot");
  svg.setAttribute("role", "img");
  svg.setAttribute("data-unit", key);
  svg.setAttribute("aria-label", key === "net"
    ? t("stats.plotLabel", { hands: series.length, net: signed(last) })
    : `${t("stats.bbPer100Plot")}: ${signed(last)}`);
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  add("rect", { x: 0, y: 0, width, height, fill: "#fffdf7" });
  add("line", { x1: pad, x2: width - pad, y1: y(0), y2: y(0), stroke: "#999", "stroke-dasharray": "4 3" });
  add("text", { x: 4, y: y(0) + 4, "font-size": 11, fill: "#555" }, "0");
  add("text", { x: 4, y: y(high) + 4, "font-size": 11, fill: "#555" }, signed(high));
  if (low < 0) add("text", { x: 4, y: y(low) + 4, "font-size": 11, fill: "#555" }, signed(low));
  // the net starts from 0 before the first round; bb/100 has no value before it
  const points = [...start.map(() => [x(0), y(0)]), ...series.map((p, i) => [x(i + 1), y(p[key])])];
  add("polyline", { points: points.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" "),
    fill: "none", stroke: key === "net" ? "#1d4ed8" : "#b45309", "stroke-width": 2,
    "data-points": series.length, "data-last": last });
  add("text", { x: width - pad, y: height - 8, "font-size": 11, fill: "#555", "text-anchor": "end" },
    t("stats.handsAxis", { hands: series.length }));
  return svg;
}
