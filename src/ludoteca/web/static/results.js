// The results screen of a finished game (in the table page, in place of the old small result
// box): the ranking, each seat's score broken down as its game's rules count it, the reason
// in words, what was hidden during play (each seat's final holdings), charts of the game over
// time (uPlot, vendored in static/vendor/uplot, MIT) with a table as their text alternative,
// and the rematch. Data from GET /api/tables/{id}/results and /history (only once over).

import { addStrings, pick, joinNames } from "./i18n.js";
import { h, ensureStyle } from "./games/dom.js";

addStrings({
  res_title: { es: "Resultados", en: "Results" },
  res_reason: { es: "Cómo terminó: {text}", en: "How it ended: {text}" },
  res_place: { es: "{n}.º", en: "#{n}" },
  res_winner_badge: { es: "gana", en: "wins" },
  res_bot: { es: "bot", en: "bot" },
  res_breakdown: { es: "Desglose de {name}", en: "{name}'s breakdown" },
  res_total: { es: "Total", en: "Total" },
  res_tiebreak: { es: "Desempates", en: "Tie-breaks" },
  res_revealed: { es: "Al final tenía (ya sin secretos)", en: "Held at the end (nothing hidden now)" },
  res_charts: { es: "La partida en el tiempo", en: "The game over time" },
  res_chart_of: { es: "Gráfico: {label}", en: "Chart: {label}" },
  res_chart_x: { es: "Jugada", en: "Move" },
  res_chart_summary: { es: "{label} por jugador, de la jugada 0 a la {n}: {parts}.", en: "{label} per player, from move 0 to {n}: {parts}." },
  res_chart_part: { es: "{name} de {from} a {to} (máx. {max})", en: "{name} from {from} to {to} (max {max})" },
  res_table_caption: { es: "{label}: valores por jugador", en: "{label}: values per player" },
  res_data: { es: "Ver los datos en una tabla", en: "Show the data as a table" },
  res_start: { es: "Inicio", en: "Start" },
  res_min: { es: "Mínimo", en: "Lowest" },
  res_max: { es: "Máximo", en: "Highest" },
  res_end: { es: "Final", en: "End" },
  res_loading: { es: "Cargando los resultados…", en: "Loading the results…" },
  res_no_history: { es: "No hay gráficos para esta partida.", en: "No charts for this game." },
  res_rematch: { es: "Revancha", en: "Rematch" },
  res_rematch_help: { es: "Abre una mesa nueva con el mismo juego, las mismas opciones y los mismos asientos.", en: "Opens a new table with the same game, options and seats." },
  res_rematch_join: { es: "Unirse a la revancha", en: "Join the rematch" },
  res_rematch_ready: { es: "Hay una revancha abierta.", en: "A rematch is open." },
  res_rematch_watch: { es: "Ver la revancha", en: "Watch the rematch" },
  res_rule: { es: "Regla {id}", en: "Rule {id}" },
});

const CSS = `
.results { display: grid; gap: 0.8rem; min-width: 0; }
.results h2, .results h3 { margin: 0.2rem 0; }
.results-reason { margin: 0; color: var(--muted, #555); }
.results-ranking { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); }
.results-card { border: 1px solid var(--line, #ccc); border-radius: 8px; padding: 0.5rem 0.7rem;
  background: var(--paper, #fff); min-width: 0; }
.results-card.winner { border: 2px solid var(--accent, #0f6b5c); }
.results-head { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: baseline; }
.results-place { font-weight: 700; font-size: 1.2rem; }
.results-name { font-weight: 700; overflow-wrap: anywhere; }
.results-badge { background: var(--accent, #0f6b5c); color: #fff; border-radius: 4px; padding: 0 0.35em; font-size: 0.85rem; }
.results-bot { color: var(--muted, #555); font-size: 0.85rem; }
.results-score { margin-left: auto; font-weight: 700; }
.results-how { color: var(--muted, #555); font-size: 0.9rem; margin: 0.3rem 0; }
.results-parts { width: 100%; border-collapse: collapse; font-size: 0.92rem; }
.results-parts td { padding: 0.15rem 0.2rem; border-top: 1px solid var(--line, #ddd); vertical-align: top; overflow-wrap: anywhere; }
.results-parts td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.results-parts tr.total td { font-weight: 700; border-top: 2px solid var(--ink, #222); }
.results-rule { font-size: 0.75rem; color: var(--muted, #555); }
.results-facts { display: grid; grid-template-columns: auto 1fr; gap: 0.1rem 0.6rem; margin: 0.3rem 0 0; font-size: 0.9rem; }
.results-facts dt { color: var(--muted, #555); }
.results-facts dd { margin: 0; overflow-wrap: anywhere; }
.results-card details summary { cursor: pointer; min-height: 44px; display: flex; align-items: center; }
.results details > summary::before { content: "▸"; display: inline-block; width: 1.1em; color: var(--accent, #0f6b5c); }
.results details[open] > summary::before { content: "▾"; }
.results-charts { min-width: 0; }
.results-tabs { display: flex; flex-wrap: wrap; gap: 0.3rem; margin: 0.3rem 0; }
.results-tabs button { min-height: 44px; }
.results-tabs button[aria-pressed="true"] { background: var(--accent, #0f6b5c); color: #fff; border-color: var(--accent, #0f6b5c); }
.results-chart { width: 100%; min-width: 0; overflow: hidden; }
.results-legend { display: flex; flex-wrap: wrap; gap: 0.3rem 0.9rem; list-style: none; padding: 0; margin: 0.3rem 0; font-size: 0.9rem; }
.results-legend span.swatch { display: inline-block; width: 1.4em; height: 0.3em; vertical-align: middle; margin-right: 0.3em; border-radius: 2px; }
.results-data { overflow-x: auto; max-width: 100%; }
.results-data summary { min-height: 44px; display: flex; align-items: center; cursor: pointer; }
.results-data table { border-collapse: collapse; font-size: 0.9rem; }
.results-data th, .results-data td { padding: 0.15rem 0.5rem; border-top: 1px solid var(--line, #ddd); text-align: right; }
.results-data th:first-child { text-align: left; }
.results-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.results-actions button, .results-actions a.button { min-height: 44px; }
.results-rematch { background: var(--accent, #0f6b5c); color: #fff; border-color: var(--accent, #0f6b5c); font-weight: 600; }
.results-links { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; }
.results-links a { display: inline-flex; align-items: center; min-height: 44px; }
.results .uplot, .results .u-wrap { max-width: 100%; }
`;

const COLOURS = {
  rojo: "#d7263d", red: "#d7263d", azul: "#1b6ec2", blue: "#1b6ec2", verde: "#2e9e44",
  green: "#2e9e44", amarillo: "#a88600", yellow: "#a88600", rosa: "#d6338a", pink: "#d6338a",
  lila: "#8a5cc7", purple: "#8e44ad", morado: "#8e44ad", naranja: "#d96c00", orange: "#d96c00",
  negro: "#333333", black: "#333333", blanco: "#777777", white: "#777777", gris: "#666666",
};
const PALETTE = ["#d7263d", "#1b6ec2", "#2e9e44", "#a87700", "#8e44ad", "#16a2a2"];

/** The colour of each seat: the game's own (Som, Siglo XX) or the table's palette. */
export function seatColours(views, n) {
  return Array.from({ length: n }, (_, s) => {
    const p = (views?.[String(s)]?.players || []).find((x) => x && x.seat === s);
    const name = typeof p?.colour === "string" ? p.colour.toLowerCase() : null;
    return (name && COLOURS[name]) || PALETTE[s % PALETTE.length];
  });
}

function fmt(x, lang) {
  return typeof x === "number" ? x.toLocaleString(lang === "es" ? "es-ES" : "en-GB") : String(x ?? "—");
}

let uplotModule = null;
/** uPlot (vendored), with its stylesheet, loaded once on demand. */
function loadUplot() {
  if (!uplotModule) {
    if (!document.querySelector("link[data-uplot]")) {
      document.head.append(h("link", { rel: "stylesheet", href: "/static/vendor/uplot/uPlot.min.css", "data-uplot": "" }));
    }
    uplotModule = import("/static/vendor/uplot/uPlot.esm.js").then((m) => m.default);
  }
  return uplotModule;
}

/** The summary a screen reader hears for one chart. */
export function chartSummary(series, names, total, lang, t) {
  const parts = series.values.map((row, s) => {
    const nums = row.filter((v) => typeof v === "number");
    if (!nums.length) return null;
    return t("res_chart_part", { name: names[s], from: fmt(nums[0], lang), to: fmt(nums[nums.length - 1], lang), max: fmt(Math.max(...nums), lang) });
  }).filter(Boolean);
  return t("res_chart_summary", { label: pick(series.label, lang), n: total, parts: joinNames(parts, lang) });
}

export class ResultsScreen {
  /** `page`: {tableId, lang, t}; `update(state)` follows the table's state (rematch, seats). */
  constructor({ tableId, lang, t }) {
    ensureStyle("results-style", CSS);
    this.tableId = tableId;
    this.lang = lang;
    this.t = t;
    this.data = null;
    this.history = null;
    this.chosen = 0;
    this.plot = null;
    this.busy = false;
    this.error = null;
    this.state = null;
    this.el = h("div", { class: "results result-box", "data-results": "loading" }, h("p", { class: "muted" }, t("res_loading")));
    this.actions = h("div", { class: "results-actions" });
    this.load();
  }

  api(path) {
    return `/api/tables/${encodeURIComponent(this.tableId)}/${path}`;
  }

  async load() {
    try {
      const r = await fetch(this.api("results"), { credentials: "same-origin" });
      if (!r.ok) throw new Error(String(r.status));
      this.data = await r.json();
    } catch {
      this.el.replaceChildren(h("p", { class: "form-error" }, this.t("network_error")));
      return;
    }
    this.draw();
    fetch(this.api("history"), { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : null)).catch(() => null)
      .then((hist) => { this.history = hist; this.drawCharts(); });
  }

  update(state) {
    this.state = state;
    if (this.data) this.drawActions();
  }

  draw() {
    const { lang, t } = this;
    const d = this.data;
    const names = d.names;
    this.colours = seatColours(d.views, names.length);
    const winners = d.winners || [];
    const head = winners.length
      ? t(winners.length > 1 ? "winners" : "winner", { names: joinNames(winners.map((s) => names[s]), lang) })
      : t("no_winner");
    this.chartBox = h("section", { class: "results-charts", "aria-label": t("res_charts") }, h("h3", {}, t("res_charts")),
      h("p", { class: "muted" }, t("res_loading")));
    this.el.replaceChildren(
      h("h2", { class: "results-title" }, `${t("game_over")} — ${t("res_title")}`),
      h("p", { class: "result-winners results-winners" }, head),
      h("p", { class: "results-reason result-reason", "data-reason": d.reason }, t("res_reason", { text: pick(d.reason_text, lang) })),
      h("ol", { class: "results-ranking", "aria-label": t("res_title") }, d.ranking.map((r) => this.card(r))),
      this.actions,
      this.chartBox);
    this.el.dataset.results = "ready";
    this.drawActions();
  }

  card(r) {
    const { lang, t } = this;
    const b = r.breakdown || {};
    const rows = (parts) => parts.map((p) => h("tr", { "data-key": p.key },
      h("td", {}, pick(p.label, lang), p.rule ? h("span", { class: "results-rule" }, ` (${p.rule})`) : null),
      h("td", { class: "num" }, fmt(p.value, lang))));
    const parts = h("table", { class: "results-parts results-score-parts" },
      h("tbody", {}, rows(b.parts || []),
        h("tr", { class: "total" }, h("td", {}, `${t("res_total")}: ${pick(b.total_label, lang)}`), h("td", { class: "num" }, fmt(r.score, lang)))));
    const tie = (b.tiebreak || []).length
      ? [h("h4", {}, t("res_tiebreak")), h("table", { class: "results-parts results-tie-parts" }, h("tbody", {}, rows(b.tiebreak)))] : [];
    const facts = (r.revealed || []).length
      ? h("dl", { class: "results-facts" }, r.revealed.map((f) => [h("dt", {}, pick(f.label, lang)), h("dd", {}, fmt(f.value, lang))]))
      : null;
    return h("li", { class: "results-card" + (r.winner ? " winner" : ""), "data-seat": r.seat, style: `border-left: 6px solid ${this.colours[r.seat]}` },
      h("div", { class: "results-head" },
        h("span", { class: "results-place" }, t("res_place", { n: r.place })),
        h("span", { class: "results-name" }, r.name),
        r.winner ? h("span", { class: "results-badge" }, t("res_winner_badge")) : null,
        r.kind === "bot" ? h("span", { class: "results-bot" }, t("res_bot")) : null,
        h("span", { class: "results-score" }, `${fmt(r.score, lang)} ${pick(b.total_label, lang) || ""}`)),
      b.how ? h("p", { class: "results-how" }, pick(b.how, lang)) : null,
      h("details", { class: "results-breakdown", open: r === this.data.ranking[0] || window.innerWidth >= 600 || null },
        h("summary", {}, t("res_breakdown", { name: r.name })), parts, ...tie),
      facts ? h("details", { class: "results-revealed", open: r === this.data.ranking[0] || window.innerWidth >= 600 || null }, h("summary", {}, t("res_revealed")), facts) : null);
  }

  // ------------------------------------------------------------ rematch

  drawActions() {
    const { t } = this;
    const st = this.state;
    const you = st?.you || [];
    const rematch = st?.rematch ?? this.data?.rematch ?? null;
    const items = [];
    if (rematch && !you.length) {
      items.push(h("a", { class: "button results-watch", href: `/t/${encodeURIComponent(rematch)}?lang=${this.lang}` }, t("res_rematch_watch")));
    } else if (rematch) {
      items.push(h("span", { role: "status" }, t("res_rematch_ready")),
        h("button", { type: "button", class: "results-rematch rematch-join", disabled: this.busy || null,
          onclick: () => this.rematch("rematch/join", rematch) }, t("res_rematch_join")));
    } else if (you.length) {
      items.push(h("button", { type: "button", class: "results-rematch rematch-button", disabled: this.busy || null,
        "aria-describedby": "rematch-help", onclick: () => this.rematch("rematch", null) }, t("res_rematch")),
      h("span", { class: "muted", id: "rematch-help" }, t("res_rematch_help")));
    }
    if (this.error) items.push(h("p", { class: "form-error", role: "alert" }, this.error));
    const id = encodeURIComponent(this.tableId);
    const game = this.data?.game ?? "";
    items.push(h("p", { class: "results-links over-links" },
      h("a", { href: `/replay/${id}?lang=${this.lang}`, class: "replay-link" }, t("replay")),
      h("a", { href: `/api/tables/${id}/record`, download: `${game}-${this.tableId}.json`, class: "record-link" }, t("download_record")),
      h("a", { href: `/?lang=${this.lang}` }, t("back_to_lobby"))));
    this.actions.replaceChildren(...items);
  }

  async rematch(path, known) {
    this.busy = true;
    this.error = null;
    this.drawActions();
    try {
      const r = await fetch(this.api(path), {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json" }, body: "{}",
      });
      const body = await r.json().catch(() => null);
      if (!r.ok) {
        if (known && body?.error?.code === "taken") {
          location.href = `/t/${encodeURIComponent(known)}?lang=${this.lang}`;
          return;
        }
        throw Object.assign(new Error("http"), { body });
      }
      location.href = `/t/${encodeURIComponent(body.table_id)}?lang=${this.lang}`;
    } catch (err) {
      this.error = pick(err.body?.error?.message, this.lang) || this.t("network_error");
      this.busy = false;
      this.drawActions();
    }
  }

  // ------------------------------------------------------------ charts

  drawCharts() {
    const { t, lang } = this;
    const box = this.chartBox;
    const hist = this.history;
    if (!box) return;
    if (!hist || !(hist.series || []).length) {
      box.replaceChildren(h("h3", {}, t("res_charts")), h("p", { class: "muted" }, t("res_no_history")));
      return;
    }
    const tabs = h("div", { class: "results-tabs", role: "group", "aria-label": t("res_charts") },
      hist.series.map((s, i) => h("button", {
        type: "button", "aria-pressed": i === this.chosen ? "true" : "false", "data-series": s.key,
        onclick: () => { this.chosen = i; this.drawCharts(); },
      }, pick(s.label, lang))));
    const series = hist.series[this.chosen];
    const names = hist.names;
    const summary = chartSummary(series, names, hist.total, lang, t);
    this.chartEl = h("div", { class: "results-chart", role: "img", "aria-label": summary, "data-series": series.key });
    const legend = h("ul", { class: "results-legend", "aria-hidden": "true" }, names.map((n, s) =>
      h("li", {}, h("span", { class: "swatch", style: `background:${this.colours[s]}` }), n)));
    box.replaceChildren(h("h3", {}, t("res_charts")), tabs,
      h("p", { class: "results-chart-title" }, t("res_chart_of", { label: pick(series.label, lang) + (series.unit ? ` (${series.unit})` : "") })),
      this.chartEl, legend, this.dataTable(series, names));
    this.plotChart(series, hist);
  }

  dataTable(series, names) {
    const { t, lang } = this;
    const label = pick(series.label, lang);
    const stats = series.values.map((row) => {
      const nums = row.filter((v) => typeof v === "number");
      return nums.length ? [nums[0], Math.min(...nums), Math.max(...nums), nums[nums.length - 1]] : [null, null, null, null];
    });
    return h("details", { class: "results-data" }, h("summary", {}, t("res_data")),
      h("table", {}, h("caption", {}, t("res_table_caption", { label })),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), ...["res_start", "res_min", "res_max", "res_end"].map((k) => h("th", { scope: "col" }, t(k))))),
        h("tbody", {}, names.map((n, s) => h("tr", {}, h("th", { scope: "row" }, n), stats[s].map((v) => h("td", {}, fmt(v, lang))))))));
  }

  async plotChart(series, hist) {
    const uPlot = await loadUplot().catch(() => null);
    const el = this.chartEl;
    if (!uPlot || !el?.isConnected) return;
    if (this.plot) { this.plot.destroy(); this.plot = null; }
    this.resizer?.disconnect();
    const width = () => Math.max(200, Math.floor(el.getBoundingClientRect().width || 320));
    const height = () => (window.innerWidth < 600 ? 200 : 260);
    const num = (v) => fmt(v, this.lang);
    const opts = {
      width: width(), height: height(),
      legend: { show: false },
      scales: { x: { time: false } },
      axes: [
        { label: this.t("res_chart_x"), values: (u, vals) => vals.map(num), stroke: "#23201b", grid: { stroke: "#e4ddcf" } },
        { values: (u, vals) => vals.map(num), stroke: "#23201b", grid: { stroke: "#e4ddcf" }, size: 56 },
      ],
      series: [{ label: this.t("res_chart_x") },
        ...hist.names.map((n, s) => ({ label: n, stroke: this.colours[s], width: 2, points: { show: false } }))],
    };
    const data = [hist.steps, ...series.values];
    this.plot = new uPlot(opts, data, el);
    this.resizer = new ResizeObserver(() => {
      if (this.plot && el.isConnected) this.plot.setSize({ width: width(), height: height() });
    });
    this.resizer.observe(el);
  }
}
