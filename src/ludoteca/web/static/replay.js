// The replay viewer: steps through a finished game (previous / next / play), drawing the
// spectator view after each action with the game's renderer, and the log entry of that action.
// The server gives the log (GET /api/tables/{id}/replay) and every seat's view after each
// action (GET /api/tables/{id}/replay/{k}; the game is over, so nothing is secret any more):
// "show hidden information" draws a chosen seat's view instead of the spectator's. The
// address keeps the step (#step=N, and &seat=S while revealing): a link to a given step.
// Arrow keys step exactly once, also when the slider has the focus.

import { detectLang, translator, urlWithLang, addStrings } from "./i18n.js";
import { h, loadRenderer, drawView, logEntryEl, resultBox, errorText } from "./table.js";
import { ensureStyle } from "./games/dom.js";

addStrings({
  replay_reveal: { es: "Mostrar la información oculta", en: "Show hidden information" },
  replay_reveal_help: {
    es: "La partida ha terminado: puedes ver lo que veía cada asiento (manos, pujas, monedas).",
    en: "The game is over: you can see what each seat saw (hands, bids, coins).",
  },
  replay_seat: { es: "Asiento", en: "Seat" },
  replay_slider: { es: "Jugada", en: "Move" },
  replay_spectator: { es: "Vista de espectador", en: "Spectator view" },
  replay_seat_view: { es: "Vista de {name}", en: "{name}'s view" },
});

const lang = detectLang();
const t = translator(lang);

ensureStyle("replay-reveal-style", `
.replay-reveal-row { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; margin-bottom: 0.4rem; }
.replay-reveal-row label { display: inline-flex; align-items: center; gap: 0.3rem; min-height: 44px; }
.replay-reveal { width: 1.3rem; height: 1.3rem; }
.replay-seat { min-height: 44px; }
.replay-controls button { min-height: 44px; }
.replay-view-note { margin: 0 0 0.4rem; }
`);

/** The step and seat a replay's address asks for (#step=N&seat=S), or nulls. */
export function replayHash(hash = location.hash) {
  const q = new URLSearchParams(String(hash).replace(/^#/, ""));
  const num = (k) => (q.has(k) && /^\d+$/.test(q.get(k)) ? Number(q.get(k)) : null);
  return { step: num("step"), seat: num("seat") };
}

/** The replay's facts: {game, names, result, steps, log}; views come step by step. */
export function normaliseReplay(data) {
  const names = (data.seats || []).map((s) => s.name ?? `J${s.seat + 1}`);
  const log = data.log || [];
  const steps = Number.isInteger(data.steps) ? data.steps : Math.max(0, log.length - 1);
  return { game: data.game, names, result: data.result ?? null, steps, log, lang: data.lang };
}

function tableIdFromPath() {
  const m = /\/replay\/([^/?#]+)/.exec(location.pathname);
  return m ? decodeURIComponent(m[1]) : null;
}

class Replay {
  constructor(root, tableId) {
    this.root = root;
    this.tableId = tableId;
    this.i = 0;
    this.timer = null;
    this.reveal = false;     // show a seat's view (its hidden information) instead of the spectator's
    this.seat = 0;
  }

  async start() {
    const id = encodeURIComponent(this.tableId);
    this.board = h("div", { class: "board replay-board" });
    this.entry = h("ol", { class: "log replay-entry" });
    this.counter = h("span", { class: "replay-counter", role: "status" });
    this.slider = h("input", { type: "range", class: "replay-slider", min: "0", value: "0", "aria-label": t("replay_slider"),
      oninput: () => this.go(Number(this.slider.value)) });
    this.revealBox = h("input", { type: "checkbox", class: "replay-reveal", id: "replay-reveal",
      onchange: () => { this.reveal = this.revealBox.checked; this.seatSel.disabled = !this.reveal; this.go(this.i); } });
    this.seatSel = h("select", { class: "replay-seat", id: "replay-seat", disabled: true,
      onchange: () => { this.seat = Number(this.seatSel.value); this.go(this.i); } });
    this.viewNote = h("p", { class: "replay-view-note muted", "aria-live": "polite" });
    this.playBtn = h("button", { type: "button", class: "replay-play", onclick: () => this.toggle() }, t("play"));
    this.note = h("p", { class: "muted" });
    this.extra = h("div", { class: "replay-extra" });
    this.title = h("h1", {}, t("replay_title"));
    this.root.replaceChildren(
      h("header", { class: "page-header" },
        h("a", { href: `/?lang=${lang}`, class: "home-link" }, "ludoteca"), this.title,
        h("nav", { class: "lang-switch" }, ["es", "en"].map((l) =>
          h("a", { href: urlWithLang(l), class: l === lang ? "active" : "", lang: l }, l.toUpperCase())))),
      h("div", { class: "replay-controls" },
        h("button", { type: "button", class: "replay-first", onclick: () => this.go(0) }, t("first")),
        h("button", { type: "button", class: "replay-prev", onclick: () => this.go(this.i - 1) }, t("prev")),
        this.playBtn,
        h("button", { type: "button", class: "replay-next", onclick: () => this.go(this.i + 1) }, t("next")),
        h("button", { type: "button", class: "replay-last", onclick: () => this.go(this.data ? this.data.steps : 0) }, t("last")),
        this.slider, this.counter),
      h("div", { class: "replay-reveal-row", title: t("replay_reveal_help") },
        h("label", { for: "replay-reveal", class: "replay-reveal-label" }, this.revealBox, " ", t("replay_reveal")),
        h("label", { for: "replay-seat" }, t("replay_seat"), " ", this.seatSel)),
      this.note, this.viewNote,
      h("main", { class: "table-layout" },
        h("section", { class: "board-area" }, this.board),
        h("aside", { class: "side" }, h("section", { class: "log-area" }, h("h2", {}, t("log")), this.entry), this.extra)));
    document.addEventListener("keydown", (ev) => this.onKey(ev));
    window.addEventListener("hashchange", () => {
      const want = replayHash();
      if (want.step != null && want.step !== this.i) this.go(want.step);
    });
    const r = await fetch(`/api/tables/${id}/replay`).catch(() => null);
    if (!r || !r.ok) {
      this.note.textContent = errorText(r ? await r.json().catch(() => null) : null, lang, t);
      this.note.className = "form-error";
      return;
    }
    const data = normaliseReplay(await r.json());
    this.data = data;
    this.views = new Map();     // step -> spectator view (fetched once)
    this.render = await loadRenderer(data.game);
    const gamesList = await fetch("/api/games").then((x) => x.json()).catch(() => []);
    const title = gamesList.find?.((g) => g.id === data.game)?.title || data.game;
    this.title.textContent = `${t("replay_title")}: ${title}`;
    document.title = `${title} — ${t("replay")} — ludoteca`;
    document.body.dataset.game = data.game;
    this.slider.max = String(data.steps);
    if (data.result) {
      // the reason in words (GET …/results), never the engine's code
      const words = await fetch(`/api/tables/${id}/results`).then((x) => (x.ok ? x.json() : null)).catch(() => null);
      const result = { ...data.result, reason_text: words?.reason_text ?? data.result.reason_text };
      this.extra.replaceChildren(h("h2", {}, t("game_over")), resultBox(result, { lang, t, names: data.names }));
    }
    this.seatSel.replaceChildren(...data.names.map((n, s) => h("option", { value: String(s) }, n)));
    const want = replayHash();
    if (want.seat != null && want.seat < data.names.length) {
      this.reveal = true;
      this.seat = want.seat;
      this.revealBox.checked = true;
      this.seatSel.disabled = false;
      this.seatSel.value = String(want.seat);
    }
    this.go(want.step ?? 0);
  }

  /** Arrow keys step exactly once: the slider's own arrow handling is replaced, not added to. */
  onKey(ev) {
    if (ev.key !== "ArrowRight" && ev.key !== "ArrowLeft") return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    const tag = ev.target?.tagName;
    if ((tag === "INPUT" && ev.target !== this.slider) || tag === "SELECT" || tag === "TEXTAREA") return;
    ev.preventDefault();
    this.go(this.i + (ev.key === "ArrowRight" ? 1 : -1));
  }

  /** Every view after k actions, by "spectator" and seat (GET /api/tables/{id}/replay/{k}, cached). */
  view(k) {
    if (!this.views.has(k)) {
      this.views.set(k, fetch(`/api/tables/${encodeURIComponent(this.tableId)}/replay/${k}`)
        .then((r) => (r.ok ? r.json() : null))
        .then((d) => d?.views ?? null)
        .catch(() => null));
    }
    return this.views.get(k);
  }

  /** Keep the step (and the revealed seat) in the address, without a new history entry. */
  remember(k) {
    const hash = `#step=${k}` + (this.reveal ? `&seat=${this.seat}` : "");
    if (location.hash !== hash) history.replaceState(history.state, "", location.pathname + location.search + hash);
  }

  async go(i) {
    if (!this.data) return;
    const steps = this.data.steps;
    this.i = Math.max(0, Math.min(steps, i));
    const k = this.i;
    if (k === steps) this.stop();
    this.counter.textContent = k === 0 ? `${t("start_position")} (0/${steps})` : t("step_of", { n: k, total: steps });
    this.slider.value = String(k);
    this.slider.setAttribute("aria-valuetext", this.counter.textContent);
    this.remember(k);
    const opts = { lang, t, names: this.data.names, game: this.data.game };
    const entry = this.data.log.find((e) => e.n === k);
    this.entry.replaceChildren(...(entry ? [logEntryEl(entry, opts)] : [h("li", { class: "muted" }, t("start_position"))]));
    const views = await this.view(k);
    if (this.i !== k) return;   // moved on meanwhile
    const seat = this.reveal ? this.seat : null;
    const view = views ? (seat == null ? views.spectator : views[String(seat)]) ?? null : null;
    this.viewNote.textContent = seat == null ? t("replay_spectator") : t("replay_seat_view", { name: this.data.names[seat] });
    const ctx = { seat, lang, names: this.data.names, legal: [], act: () => {}, t, game: this.data.game };
    if (view) drawView(this.render, this.board, view, ctx);
    else this.board.replaceChildren();
    this.view(k + 1 <= steps ? k + 1 : k);   // fetch ahead
    document.body.dataset.step = String(k);
    document.body.dataset.replaySeat = seat == null ? "spectator" : String(seat);
  }

  toggle() {
    if (this.timer) this.stop();
    else {
      if (this.i >= this.data.steps) this.go(0);
      this.timer = setInterval(() => this.go(this.i + 1), 700);
      this.playBtn.textContent = t("pause");
    }
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.playBtn.textContent = t("play");
  }
}

if (document.body?.dataset.page === "replay") {
  const id = tableIdFromPath();
  const root = document.getElementById("app");
  if (!id) root.textContent = t("table_not_found");
  else new Replay(root, id).start();
}
