// The teacher's live dashboard on /class/{id}: one small card per table (seats, whose turn,
// round, the game's key figures, paused or over), pushed by the server on the teacher's
// WebSocket /ws/class/{id} (web/classroom/dashboard.py). Only the spectator's view reaches
// it; "watch" opens the table as a spectator.
import { addStrings, translate, pick } from "../i18n.js";
import { ensureStyle } from "../games/dom.js";
import { el, lang } from "./common.js";

addStrings({
  dash_title: { es: "Mesas en directo", en: "Tables live" },
  dash_table: { es: "Mesa {n}", en: "Table {n}" },
  dash_watch: { es: "Mirar la mesa {n}", en: "Watch table {n}" },
  dash_watch_short: { es: "mirar", en: "watch" },
  dash_yours: { es: "Este navegador tiene un asiento en esta mesa: mírala desde otro navegador para no ver la vista privada de ese asiento.",
    en: "This browser holds a seat at this table: watch it from another browser so you do not see that seat's private view." },
  dash_to_move: { es: "Turno de: {names}", en: "To move: {names}" },
  dash_students: { es: "{n} alumnos sentados", en: "{n} students seated" },
  dash_away: { es: "ausente", en: "away" },
  dash_bot: { es: "bot", en: "bot" },
  dash_empty: { es: "libre", en: "empty" },
  dash_live: { es: "En directo", en: "Live" },
  dash_connecting: { es: "Conectando…", en: "Connecting…" },
  dash_offline: { es: "Sin conexión; reintentando en {s} s", en: "Offline; retrying in {s} s" },
  dash_winners: { es: "Ganan: {names}", en: "Winners: {names}" },
  dash_nobody: { es: "Nadie gana", en: "Nobody wins" },
  dash_state_playing: { es: "en juego", en: "playing" },
  dash_state_waiting: { es: "esperando", en: "waiting" },
  dash_state_paused: { es: "en pausa", en: "paused" },
  dash_state_over: { es: "terminada", en: "over" },
  dash_state_closed: { es: "cerrada", en: "closed" },
});

const t = (key, params) => translate(lang, key, params);
const NUM = new Intl.NumberFormat(lang === "en" ? "en-GB" : "es-ES");

const STYLE = `
.dash { margin: 1rem 0; }
.dash-head { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: baseline; }
.dash-head h2 { margin: 0; }
.dash-conn { font-size: 0.9rem; }
.dash-card { min-width: 0; overflow-wrap: anywhere; }
.dash-card-head { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 0 0.5rem; }
.dash-card h3 { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; align-items: center; margin: 0.25rem 0; }
.dash-state { font-size: 0.85rem; font-weight: 600; padding: 0.1rem 0.5rem; border-radius: 1rem;
  border: 1px solid currentColor; }
.dash-card[data-state="paused"] .dash-state, .dash-card[data-state="waiting"] .dash-state { background: #fff1c7; color: #4a3500; }
.dash-card[data-state="over"] .dash-state, .dash-card[data-state="closed"] .dash-state { background: #e6e6e6; color: #222; }
.dash-card[data-state="playing"] .dash-state { background: #dff3e4; color: #0d4020; }
.dash-watch { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; padding: 0 0.5rem; }
.dash-seats { list-style: none; padding: 0; margin: 0.25rem 0; }
.dash-seats li { padding: 0.15rem 0; border-top: 1px solid #d8d2c4; }
.dash-seats li.moving .dash-name::before { content: "▶ "; }
.dash-figs { display: block; font-size: 0.9rem; font-weight: normal; }
.classroom .dash-cards { grid-template-columns: repeat(auto-fill, minmax(min(100%, 17rem), 1fr)); }
.dash-fig + .dash-fig::before { content: " · "; }
.dash-table-figs { margin: 0.25rem 0; font-weight: 600; }
.dash-note { font-size: 0.9rem; }
`;

function fmt(v) {
  return typeof v === "number" ? NUM.format(v) : v == null ? "–" : String(v);
}

function figureText(f, v) {
  const unit = f.unit ? ` ${f.unit}` : "";
  const of = f.of ? ` / ${fmt(f.of)}` : "";
  return `${pick(f.label, lang)}: ${fmt(v)}${of}${unit}`;
}

export class Dashboard {
  /** `onStatus(status)`: the class's status changed (the page redraws its controls). */
  constructor(classId, onStatus = () => {}) {
    ensureStyle("dash-css", STYLE);
    this.classId = classId;
    this.onStatus = onStatus;
    this.status = null;
    this.data = null;
    this.retry = 0;
    this.conn = el("span", { class: "dash-conn", role: "status" }, t("dash_connecting"));
    this.count = el("span", { class: "dash-count" });
    this.cards = el("div", { class: "class-tables dash-cards" });
    this.el = el("section", { class: "dash", "aria-labelledby": "dash-title" },
      el("div", { class: "dash-head" }, el("h2", { id: "dash-title" }, t("dash_title")), this.count, this.conn),
      this.cards);
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws/class/${encodeURIComponent(this.classId)}`);
    this.ws = ws;
    ws.addEventListener("open", () => { this.retry = 0; this.setConn(t("dash_live"), "online"); });
    ws.addEventListener("message", (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "dashboard") this.draw(msg);
      else if (msg.type === "error") this.setConn(pick(msg.message, lang), "offline");
    });
    ws.addEventListener("close", (ev) => {
      if (this.ws !== ws) return;
      if (ev.code === 4401 || ev.code === 4403 || ev.code === 4404) {
        this.setConn(ev.reason || this.conn.textContent, "offline");
        return;
      }
      const delay = Math.min(10, 0.5 * 2 ** this.retry);
      this.retry += 1;
      this.setConn(t("dash_offline", { s: delay }), "offline");
      setTimeout(() => this.connect(), delay * 1000);
    });
  }

  setConn(text, cls) {
    this.conn.textContent = text;
    this.conn.className = `dash-conn ${cls}`;
    document.body.dataset.dash = cls;
  }

  draw(d) {
    this.data = d;
    this.count.textContent = t("dash_students", { n: d.students });
    // the cards are redrawn; keep the keyboard where it was (a "watch" link)
    const focused = document.activeElement?.dataset?.watch;
    this.cards.replaceChildren(...d.tables.map((tb) => this.card(tb)));
    if (focused) this.cards.querySelector(`[data-watch="${CSS.escape(focused)}"]`)?.focus();
    document.body.dataset.dashTables = String(d.tables.length);
    if (d.status !== this.status) {
      const first = this.status === null;
      this.status = d.status;
      if (!first) this.onStatus(d.status);
    }
  }

  card(tb) {
    const n = tb.index + 1;
    const perSeat = tb.figures.filter((f) => Array.isArray(f.seats));
    const whole = tb.figures.filter((f) => !Array.isArray(f.seats));
    const moving = new Set(tb.to_move);
    const head = el("div", { class: "dash-card-head" },
      el("h3", { id: `dash-t${n}` }, t("dash_table", { n }), " ",
        el("span", { class: "dash-state" }, t(`dash_state_${tb.state}`))),
      tb.yours ? null : el("a", { class: "dash-watch", href: `${tb.url}?lang=${lang}`, target: "_blank", rel: "noopener",
        "data-watch": tb.table_id, "aria-label": t("dash_watch", { n }) }, t("dash_watch_short")));
    const seats = el("ul", { class: "dash-seats" }, tb.seats.map((s) => {
      const cls = [s.student ? "student" : s.kind, moving.has(s.name) ? "moving" : ""].join(" ").trim();
      const tag = s.kind === "bot" ? ` (${t("dash_bot")})` : !s.claimed ? ` (${t("dash_empty")})`
        : s.student && !s.connected ? ` (${t("dash_away")})` : "";
      return el("li", { class: cls, "data-seat": s.seat },
        el("span", { class: "dash-name" }, s.name), tag,
        perSeat.length ? el("span", { class: "dash-figs" },
          perSeat.map((f) => el("span", { class: "dash-fig", "data-fig": f.key }, figureText(f, f.seats[s.seat])))) : null);
    }));
    let end = null;
    if (tb.result) {
      const names = tb.result.winners.map((s) => tb.seats[s]?.name).filter(Boolean);
      end = el("p", { class: "dash-result" }, pick(tb.result.reason, lang), ". ",
        names.length ? t("dash_winners", { names: names.join(", ") }) : t("dash_nobody"));
    }
    const where = [];
    if (tb.round) where.push(`${pick(tb.round.label, lang)} ${fmt(tb.round.value)}${tb.round.of ? ` / ${fmt(tb.round.of)}` : ""}`);
    if (tb.to_move.length && !tb.result) where.push(t("dash_to_move", { names: tb.to_move.join(", ") }));
    return el("section", { class: "class-table dash-card", "data-table": tb.table_id, "data-state": tb.state,
      "aria-labelledby": `dash-t${n}` },
    head,
    where.length ? el("p", { class: "dash-round" }, where.join(" · ")) : null,
    whole.length ? el("p", { class: "dash-table-figs" },
      whole.map((f) => el("span", { class: "dash-fig", "data-fig": f.key }, figureText(f, f.value)))) : null,
    seats, end,
    tb.yours ? el("p", { class: "dash-note", role: "note" }, t("dash_yours")) : null);
  }
}
