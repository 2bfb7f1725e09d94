// /class/{id}/report: the class report after class (docs/classroom.md). Every table's results,
// its key figures over time (uPlot, vendored, with a data table as each chart's text
// alternative, as results.js does), the tables compared on one chart per figure, downloads
// (CSV of the figures, the tables' JSON records), the teacher's publish switch, and a print
// stylesheet (report.css) so the page prints or saves as PDF cleanly.
import { addStrings, translator, pick, joinNames } from "../i18n.js";
import { h } from "../games/dom.js";
import { seatColours, chartSummary } from "../results.js";
import { call, header, lang } from "./common.js";

addStrings({
  rep_title: { es: "Informe de la clase: {title}", en: "Class report: {title}" },
  rep_loading: { es: "Cargando el informe…", en: "Loading the report…" },
  rep_error: { es: "No se pudo cargar el informe: {msg}", en: "The report could not be loaded: {msg}" },
  rep_class_waiting: { es: "La clase aún no ha empezado.", en: "The class has not started yet." },
  rep_class_playing: { es: "La clase está en juego: el informe se completa al terminar cada mesa.", en: "The class is playing: the report fills in as each table finishes." },
  rep_class_paused: { es: "La clase está en pausa.", en: "The class is paused." },
  rep_class_ended: { es: "La clase ha terminado.", en: "The class has ended." },
  rep_published: { es: "Publicado: los alumnos de la clase pueden verlo.", en: "Published: the class's students can see it." },
  rep_unpublished: { es: "Sin publicar: solo lo ves tú.", en: "Not published: only you can see it." },
  rep_publish: { es: "Publicar para los alumnos", en: "Publish to the students" },
  rep_unpublish: { es: "Dejar de publicar", en: "Unpublish" },
  rep_csv: { es: "Descargar las cifras (CSV)", en: "Download the figures (CSV)" },
  rep_zip: { es: "Descargar los registros (JSON en un zip)", en: "Download the records (JSON in a zip)" },
  rep_print: { es: "Imprimir o guardar como PDF", en: "Print or save as PDF" },
  rep_back: { es: "Volver a la clase", en: "Back to the class" },
  rep_summary: { es: "Resumen", en: "Summary" },
  rep_summary_caption: { es: "Las mesas de la clase", en: "The class's tables" },
  rep_endings: { es: "Cómo terminaron las partidas", en: "How the games ended" },
  rep_ending: { es: "{text}: {n} {tables}", en: "{text}: {n} {tables}" },
  rep_tables_one: { es: "mesa", en: "table" },
  rep_tables_many: { es: "mesas", en: "tables" },
  rep_table_n: { es: "Mesa {n}", en: "Table {n}" },
  rep_col_table: { es: "Mesa", en: "Table" },
  rep_col_status: { es: "Estado", en: "Status" },
  rep_col_winner: { es: "Gana", en: "Winner" },
  rep_col_reason: { es: "Cómo terminó", en: "How it ended" },
  rep_col_moves: { es: "Jugadas", en: "Moves" },
  rep_col_final: { es: "{label}, al final ({agg})", en: "{label} at the end ({agg})" },
  rep_status_finished: { es: "terminada", en: "finished" },
  rep_status_playing: { es: "en juego", en: "playing" },
  rep_status_open: { es: "en juego", en: "playing" },
  rep_status_closed: { es: "cerrada antes del final", en: "closed before its end" },
  rep_status_abandoned: { es: "abandonada", en: "abandoned" },
  rep_nobody: { es: "nadie", en: "nobody" },
  rep_compare: { es: "Comparación entre mesas", en: "The tables compared" },
  rep_compare_of: { es: "{label} ({agg}) en cada mesa", en: "{label} ({agg}) at each table" },
  rep_no_figures: { es: "Aún no hay cifras: ninguna mesa ha terminado.", en: "No figures yet: no table has finished." },
  rep_live: { es: "Esta partida sigue en juego: sus resultados y sus cifras se verán cuando termine.", en: "This game is still being played: its results and figures will show once it ends." },
  rep_closed: { es: "Esta partida se cerró antes de terminar: sus cifras y su registro son solo para el docente.", en: "This game was closed before its end: its figures and record are for the teacher only." },
  rep_closed_teacher: { es: "Esta partida se cerró antes de terminar: no hay clasificación, solo sus cifras.", en: "This game was closed before its end: there is no ranking, only its figures." },
  rep_ranking: { es: "Clasificación de la mesa {n}", en: "Table {n}'s ranking" },
  rep_col_place: { es: "Puesto", en: "Place" },
  rep_col_player: { es: "Jugador", en: "Player" },
  rep_col_score: { es: "Puntuación", en: "Score" },
  rep_bot: { es: "(bot)", en: "(bot)" },
  rep_figures_of: { es: "Las cifras de la mesa {n} en el tiempo", en: "Table {n}'s figures over time" },
  rep_table_line: { es: "La mesa", en: "The table" },
  rep_record: { es: "Descargar el registro de la mesa {n} (JSON)", en: "Download table {n}'s record (JSON)" },
  rep_generated: { es: "Informe generado el {when}.", en: "Report made on {when}." },
});

const t = translator(lang);
const app = document.getElementById("app");
const classId = decodeURIComponent(location.pathname.split("/")[2] || "");
const api = (path) => `/api/classes/${encodeURIComponent(classId)}/${path}`;
const CHART_MAX = 660;              // fits an A4 page's width when printed
const TABLE_COLOURS = ["#0f6b5c", "#d7263d", "#1b6ec2", "#a87700", "#8e44ad", "#16a2a2",
  "#d96c00", "#2e9e44", "#d6338a", "#555555", "#6b4f2a", "#3949ab"];
const plots = [];
let data = null;
let status = null;

function fmt(x) {
  return typeof x === "number" ? x.toLocaleString(lang === "es" ? "es-ES" : "en-GB") : String(x ?? "—");
}

let uplotModule = null;
function loadUplot() {
  uplotModule ??= import("/static/vendor/uplot/uPlot.esm.js").then((m) => m.default);
  return uplotModule;
}

function figLabel(f) {
  return pick(f.label, lang) + (f.unit ? ` (${f.unit})` : "");
}

function tableName(i) {
  return t("rep_table_n", { n: i + 1 });
}

function winners(tb) {
  const w = tb.result?.winners || [];
  return w.length ? joinNames(w.map((s) => tb.names[s]), lang) : t("rep_nobody");
}

function reasonOf(tb) {
  if (tb.result) return pick(tb.result.reason_text, lang);
  if (tb.reason_text) return pick(tb.reason_text, lang);
  return "—";
}

/** The value of a figure at the table's last sampled step (the table's line). */
function finalOf(tb, key) {
  const s = tb.figures?.series.find((x) => x.key === key);
  const row = s?.table || [];
  for (let i = row.length - 1; i >= 0; i--) if (typeof row[i] === "number") return row[i];
  return null;
}

// ------------------------------------------------------------------ charts

/** A chart: a figure with its caption, the chart (role=img, summary for screen readers), a
 *  legend and the data as a table. `lines`: [{name, colour, values}] on `steps`. */
function chart(caption, steps, total, lines, unitLabel) {
  const names = lines.map((l) => l.name);
  const summary = chartSummary({ label: unitLabel, values: lines.map((l) => l.values) }, names, total, lang, t);
  const box = h("div", { class: "report-chart", role: "img", "aria-label": summary });
  const fig = h("figure", { class: "report-figure" },
    h("figcaption", {}, caption), box,
    h("ul", { class: "report-legend", "aria-hidden": "true" }, lines.map((l) =>
      h("li", {}, h("span", { class: "swatch", style: `background:${l.colour}` }), l.name))),
    dataTable(unitLabel, lines));
  plots.push({ box, steps, lines });
  return fig;
}

function dataTable(label, lines) {
  const stats = lines.map((l) => {
    const nums = l.values.filter((v) => typeof v === "number");
    return nums.length ? [nums[0], Math.min(...nums), Math.max(...nums), nums[nums.length - 1]] : [null, null, null, null];
  });
  return h("details", { class: "report-data" }, h("summary", {}, t("res_data")),
    h("table", {}, h("caption", {}, t("res_table_caption", { label })),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), ["res_start", "res_min", "res_max", "res_end"].map((k) => h("th", { scope: "col" }, t(k))))),
      h("tbody", {}, lines.map((l, i) => h("tr", {}, h("th", { scope: "row" }, l.name), stats[i].map((v) => h("td", {}, fmt(v))))))));
}

async function drawPlots() {
  const uPlot = await loadUplot().catch(() => null);
  if (!uPlot) return;
  const axis = { values: (u, vals) => vals.map(fmt), stroke: "#23201b", grid: { stroke: "#e4ddcf" } };
  for (const p of plots) {
    const width = () => Math.max(200, Math.min(CHART_MAX, Math.floor(p.box.getBoundingClientRect().width || 320)));
    const height = () => (window.innerWidth < 600 ? 180 : 220);
    const opts = {
      width: width(), height: height(), legend: { show: false }, cursor: { show: false },
      scales: { x: { time: false }, y: { range: (u, min, max) => {
        const lo = Math.min(0, min ?? 0);
        const hi = Math.max(max ?? 1, lo + 1);
        return [lo, hi + (hi - lo) * 0.05];
      } } },
      axes: [{ ...axis, label: t("res_chart_x") }, { ...axis, size: 56 }],
      series: [{ label: t("res_chart_x") },
        ...p.lines.map((l) => ({ label: l.name, stroke: l.colour, width: 2, spanGaps: true, points: { show: false } }))],
    };
    p.plot = new uPlot(opts, [p.steps, ...p.lines.map((l) => l.values)], p.box);
    new ResizeObserver(() => p.plot.setSize({ width: width(), height: height() })).observe(p.box);
  }
  app.dataset.charts = String(plots.length);
}

// ------------------------------------------------------------------ the page

function actions() {
  const items = [];
  if (data.teacher) {
    items.push(h("button", { type: "button", class: "report-publish", "aria-pressed": data.published ? "true" : "false",
      onclick: publish }, t(data.published ? "rep_unpublish" : "rep_publish")));
  }
  items.push(
    h("a", { class: "button report-csv", href: api("figures.csv"), download: "" }, t("rep_csv")),
    h("a", { class: "button report-zip", href: api("records.zip"), download: "" }, t("rep_zip")),
    h("button", { type: "button", class: "report-print", onclick: () => window.print() }, t("rep_print")));
  if (data.teacher) items.push(h("a", { class: "button report-back", href: `/class/${encodeURIComponent(classId)}?lang=${lang}` }, t("rep_back")));
  return h("div", { class: "report-actions" }, items);
}

async function publish() {
  try {
    const r = await call("POST", api("publish"), { published: !data.published });
    data.published = r.published;
    render();
  } catch (err) {
    status.textContent = err.message;
  }
}

function summary() {
  const figs = data.figures;
  const rows = data.tables.map((tb) => h("tr", { "data-table": tb.index },
    h("th", { scope: "row" }, h("a", { href: `#table-${tb.index + 1}` }, tableName(tb.index))),
    h("td", {}, t(`rep_status_${tb.status}`)),
    h("td", { class: tb.result?.winners?.length ? "report-winner" : "" }, tb.result ? winners(tb) : "—"),
    h("td", {}, reasonOf(tb)),
    h("td", { class: "num" }, fmt(tb.steps)),
    figs.map((f) => h("td", { class: "num", "data-figure": f.key }, fmt(finalOf(tb, f.key))))));
  const endings = data.endings.length
    ? [h("h3", {}, t("rep_endings")), h("ul", { class: "report-endings" }, data.endings.map((e) =>
      h("li", { "data-reason": e.reason }, t("rep_ending", { text: pick(e.text, lang), n: e.count, tables: t(e.count === 1 ? "rep_tables_one" : "rep_tables_many") }))))]
    : [];
  return h("section", { class: "report-summary-box", "aria-labelledby": "rep-summary" },
    h("h2", { id: "rep-summary" }, t("rep_summary")), ...endings,
    h("div", { class: "report-wide" }, h("table", { class: "report-summary" },
      h("caption", {}, t("rep_summary_caption")),
      h("thead", {}, h("tr", {}, ["rep_col_table", "rep_col_status", "rep_col_winner", "rep_col_reason", "rep_col_moves"].map((k) => h("th", { scope: "col" }, t(k))),
        figs.map((f) => h("th", { scope: "col" }, t("rep_col_final", { label: figLabel(f), agg: pick(f.agg_label, lang) }))))),
      h("tbody", {}, rows))));
}

function comparison() {
  const shown = data.tables.filter((tb) => tb.figures);
  const box = h("section", { class: "report-compare", "aria-labelledby": "rep-compare" }, h("h2", { id: "rep-compare" }, t("rep_compare")));
  if (!shown.length) {
    box.append(h("p", { class: "muted" }, t("rep_no_figures")));
    return box;
  }
  const steps = [...new Set(shown.flatMap((tb) => tb.figures.steps))].sort((a, b) => a - b);
  const total = Math.max(...shown.map((tb) => tb.figures.total));
  const charts = data.figures.map((f) => {
    const lines = shown.map((tb) => {
      const s = tb.figures.series.find((x) => x.key === f.key);
      const at = new Map(tb.figures.steps.map((st, i) => [st, s ? s.table[i] : null]));
      return { name: tableName(tb.index), colour: TABLE_COLOURS[tb.index % TABLE_COLOURS.length], values: steps.map((st) => at.get(st) ?? null) };
    });
    const label = `${figLabel(f)} (${pick(f.agg_label, lang)})`;
    return chart(t("rep_compare_of", { label: figLabel(f), agg: pick(f.agg_label, lang) }), steps, total, lines, label);
  });
  box.append(h("div", { class: "report-charts" }, charts));
  return box;
}

function tableSection(tb) {
  const n = tb.index + 1;
  const items = [h("h2", { id: `table-${n}` }, `${tableName(tb.index)} · ${t(`rep_status_${tb.status}`)}`)];
  if (tb.result) {
    items.push(h("p", { class: "report-meta" }, `${t("rep_col_winner")}: `, h("strong", {}, winners(tb))),
      h("p", { class: "report-meta" }, `${t("rep_col_reason")}: ${reasonOf(tb)}`),
      h("div", { class: "report-wide" }, h("table", { class: "report-ranking" },
        h("caption", {}, t("rep_ranking", { n })),
        h("thead", {}, h("tr", {}, ["rep_col_place", "rep_col_player", "rep_col_score"].map((k) => h("th", { scope: "col" }, t(k))))),
        h("tbody", {}, tb.result.ranking.map((r) => h("tr", { class: r.winner ? "report-winner" : "" },
          h("td", { class: "num" }, t("res_place", { n: r.place })),
          h("th", { scope: "row" }, r.name, r.kind === "bot" ? ` ${t("rep_bot")}` : "", r.winner ? ` — ${t("res_winner_badge")}` : ""),
          h("td", { class: "num" }, `${fmt(r.score)} ${pick(r.breakdown?.total_label, lang)}`)))))));
  } else if (tb.status === "closed" || tb.status === "abandoned") {
    items.push(h("p", { class: "report-meta" }, t(tb.visible ? "rep_closed_teacher" : "rep_closed")));
  } else {
    items.push(h("p", { class: "report-meta" }, t("rep_live")));
  }
  if (tb.figures) {
    const f = tb.figures;
    const views = Object.fromEntries(tb.colours.map((c, s) => [String(s), { players: [{ seat: s, colour: c }] }]));
    const colours = seatColours(views, tb.names.length);
    items.push(h("h3", {}, t("rep_figures_of", { n })), h("div", { class: "report-charts" }, f.series.map((s) => {
      const lines = s.scope === "seat"
        ? s.values.map((values, seat) => ({ name: tb.names[seat], colour: colours[seat], values }))
        : [{ name: t("rep_table_line"), colour: TABLE_COLOURS[0], values: s.values[0] }];
      return chart(figLabel(s), f.steps, f.total, lines, figLabel(s));
    })));
    items.push(h("p", {}, h("a", { class: "record-link", href: api(`tables/${tb.index}/record.json`), download: "" }, t("rep_record", { n }))));
  }
  return h("section", { class: "report-table", "data-table": tb.index, "aria-labelledby": `table-${n}` }, items);
}

function render() {
  plots.length = 0;
  status = h("p", { class: "report-status", role: "status", "aria-live": "polite" });
  const when = new Date().toLocaleString(lang === "es" ? "es-ES" : "en-GB");
  app.replaceChildren(
    header(t("rep_title", { title: data.title })),
    h("p", { class: "report-meta" }, t(`rep_class_${data.status}`), " ",
      data.teacher ? t(data.published ? "rep_published" : "rep_unpublished") : "", " ",
      t("rep_generated", { when })),
    actions(), status, summary(), comparison(), ...data.tables.map(tableSection));
  document.title = `${t("rep_title", { title: data.title })} — ludoteca`;
  app.dataset.report = "ready";
  document.body.dataset.published = String(data.published);
  drawPlots();
}

async function load() {
  app.replaceChildren(h("p", { class: "muted" }, t("rep_loading")));
  try {
    data = await call("GET", api("report"));
  } catch (err) {
    app.replaceChildren(h("p", { class: "form-error", role: "alert" }, t("rep_error", { msg: err.message })));
    app.dataset.report = "error";
    return;
  }
  window.ludotecaReport = data;
  render();
}

load();
