// The replay viewer: steps through a finished game (previous / next / play), drawing the
// spectator view after each action with the game's renderer, and the log entry of that action.
// The server gives the log (GET /api/tables/{id}/replay) and the views after each action
// (GET /api/tables/{id}/replay/{k}); nothing is computed here.

import { detectLang, translator, urlWithLang } from "./i18n.js";
import { h, loadRenderer, drawView, logEntryEl, resultBox, errorText } from "./table.js";

const lang = detectLang();
const t = translator(lang);

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
  }

  async start() {
    const id = encodeURIComponent(this.tableId);
    this.board = h("div", { class: "board replay-board" });
    this.entry = h("ol", { class: "log replay-entry" });
    this.counter = h("span", { class: "replay-counter", role: "status" });
    this.slider = h("input", { type: "range", class: "replay-slider", min: "0", value: "0", "aria-label": t("step_of", { n: "", total: "" }),
      oninput: () => this.go(Number(this.slider.value)) });
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
      this.note,
      h("main", { class: "table-layout" },
        h("section", { class: "board-area" }, this.board),
        h("aside", { class: "side" }, h("section", { class: "log-area" }, h("h2", {}, t("log")), this.entry), this.extra)));
    document.addEventListener("keydown", (ev) => {
      if (ev.key === "ArrowRight") this.go(this.i + 1);
      if (ev.key === "ArrowLeft") this.go(this.i - 1);
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
    if (data.result) this.extra.replaceChildren(h("h2", {}, t("game_over")), resultBox(data.result, { lang, t, names: data.names }));
    this.go(0);
  }

  /** The spectator view after k actions (GET /api/tables/{id}/replay/{k}, cached). */
  view(k) {
    if (!this.views.has(k)) {
      this.views.set(k, fetch(`/api/tables/${encodeURIComponent(this.tableId)}/replay/${k}`)
        .then((r) => (r.ok ? r.json() : null))
        .then((d) => d?.views?.spectator ?? null)
        .catch(() => null));
    }
    return this.views.get(k);
  }

  async go(i) {
    if (!this.data) return;
    const steps = this.data.steps;
    this.i = Math.max(0, Math.min(steps, i));
    const k = this.i;
    if (k === steps) this.stop();
    this.counter.textContent = k === 0 ? `${t("start_position")} (0/${steps})` : t("step_of", { n: k, total: steps });
    this.slider.value = String(k);
    const opts = { lang, t, names: this.data.names, game: this.data.game };
    const entry = this.data.log.find((e) => e.n === k);
    this.entry.replaceChildren(...(entry ? [logEntryEl(entry, opts)] : [h("li", { class: "muted" }, t("start_position"))]));
    const view = await this.view(k);
    if (this.i !== k) return;   // moved on meanwhile
    const ctx = { seat: null, lang, names: this.data.names, legal: [], act: () => {}, t, game: this.data.game };
    if (view) drawView(this.render, this.board, view, ctx);
    else this.board.replaceChildren();
    this.view(k + 1 <= steps ? k + 1 : k);   // fetch ahead
    document.body.dataset.step = String(k);
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
