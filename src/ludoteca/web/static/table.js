// The table page: connects the WebSocket, draws the seats' panels, whose turn it is, the
// board (static/games/<game>.js, or a generic view), the legal actions as buttons, the event
// log with each event's rule, the hot-seat "pass the device" cover and the game-over screen.
// Its helpers (h, loadRenderer, renderLog, showRule, resultBox) are shared with replay.js.

import { detectLang, translator, pick, urlWithLang, joinNames, euros } from "./i18n.js";
import { h } from "./games/dom.js";

export { h };   // h("div", {class: "x", onclick: f}, child, "text", [more]): also app.js's and replay.js's

// ---------------------------------------------------------------- renderers

/** A view as a tree of nested lists: the fallback for a game without its own drawing. */
export function genericRender(el, view, ctx) {
  const tree = (value, depth) => {
    if (value === null || typeof value !== "object") {
      return h("span", { class: "json-" + (value === null ? "null" : typeof value) }, JSON.stringify(value));
    }
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    if (!entries.length) return h("span", { class: "json-empty" }, Array.isArray(value) ? "[]" : "{}");
    const list = h("ul", { class: "json-list" }, entries.map(([k, v]) =>
      h("li", {}, h("span", { class: "json-key" }, `${k}: `), tree(v, depth + 1))));
    if (depth < 2) return list;
    return h("details", {}, h("summary", {}, Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`), list);
  };
  el.replaceChildren(h("div", { class: "generic-view" },
    h("p", { class: "muted" }, ctx.t("generic_view")), tree(view, 0)));
}

const rendererCache = new Map();

/** The game's render(el, view, ctx) from /static/games/<game>.js, or the generic one. */
export async function loadRenderer(game) {
  if (!rendererCache.has(game)) {
    rendererCache.set(game, import(`/static/games/${encodeURIComponent(game)}.js`)
      .then((mod) => (typeof mod.render === "function" ? mod.render : genericRender))
      .catch(() => genericRender));
  }
  return rendererCache.get(game);
}

/** Draw a view with a renderer; if the renderer throws, fall back to the generic view. */
export function drawView(render, el, view, ctx) {
  try {
    render(el, view, ctx);
  } catch (err) {
    console.error("renderer failed", err);
    genericRender(el, view, ctx);
  }
}

// ---------------------------------------------------------------- rules popup and log

const ruleCache = new Map();

/** Fetch a rule's text and show it in a dialog. */
export async function showRule(game, rule, lang, t) {
  const key = `${game}/${rule}`;
  if (!ruleCache.has(key)) {
    ruleCache.set(key, fetch(`/api/rules/${encodeURIComponent(game)}/${encodeURIComponent(rule)}?lang=${lang}`)
      .then(async (r) => (r.ok ? r.json() : { id: rule, text: errorText(await r.json().catch(() => null), lang, t) }))
      .catch(() => ({ id: rule, text: t("network_error") })));
  }
  const data = await ruleCache.get(key);
  document.querySelector("dialog.rule-dialog")?.remove();
  const dlg = h("dialog", { class: "rule-dialog", "aria-label": t("rule", { id: rule }) },
    h("h3", {}, t("rule", { id: data.id || rule })),
    h("p", { class: "rule-text" }, pick(data.text, lang)),
    h("form", { method: "dialog" }, h("button", { class: "rule-close" }, t("close"))));
  document.body.append(dlg);
  dlg.addEventListener("close", () => dlg.remove());
  dlg.showModal();
}

/** The text of an error answer ({error: {message, allowed}} or a WebSocket error). */
export function errorText(body, lang, t) {
  const err = body?.error ?? body;
  if (!err) return t("network_error");
  let text = pick(err.message, lang) || err.code || t("error");
  const allowed = err.allowed ?? err.legal;
  if (Array.isArray(allowed) && allowed.length) {
    const shown = allowed.slice(0, 12).map((a) => (typeof a === "object" && a ? (a.text ?? JSON.stringify(a)) : String(a)));
    text += ` — ${t("allowed")}: ${shown.join(", ")}${allowed.length > 12 ? ", …" : ""}`;
  }
  return text;
}

/**
 * One log entry as a list item: who did what, then each event in words with its rule.
 * `hideAction(entry)` says whether to hide the action text (a secret choice at hot-seat).
 */
export function logEntryEl(entry, { lang, t, names, game, hideAction }) {
  const who = entry.seat != null ? (names[entry.seat] ?? `J${entry.seat + 1}`) : "";
  const secret = entry.action == null || (hideAction && hideAction(entry));
  const head = h("div", { class: "log-head" },
    h("span", { class: "log-n" }, `#${entry.n}`),
    who ? h("span", { class: "log-who" }, who) : null,
    entry.seat != null || entry.action != null
      ? (secret ? h("span", { class: "log-secret" }, t("secret_action")) : h("code", { class: "log-action" }, entry.action))
      : null);
  const events = h("ul", { class: "log-events" }, (entry.events || []).map((ev) => h("li", { class: "log-event" },
    h("span", { class: "log-text" }, pick(ev.text, lang) || ev.kind),
    ev.rule ? h("button", {
      type: "button", class: "rule-chip", title: t("rule_help"), "data-rule": ev.rule,
      onclick: () => showRule(game, ev.rule, lang, t),
    }, ev.rule) : null)));
  return h("li", { class: "log-entry", "data-n": entry.n }, head, events);
}

/** The result of a finished game: winners, ranking with scores, reason. */
export function resultBox(result, { lang, t, names }) {
  if (!result) return h("div");
  const name = (s) => names[s] ?? `J${s + 1}`;
  const winners = result.winners || [];
  const head = winners.length
    ? t(winners.length > 1 ? "winners" : "winner", { names: joinNames(winners.map(name), lang) })
    : t("no_winner");
  const scores = result.scores || [];
  return h("div", { class: "result-box" },
    h("p", { class: "result-winners" }, head),
    h("ol", { class: "result-ranking" }, (result.ranking || []).map((s) => h("li", {},
      h("span", { class: "result-name" }, name(s)),
      scores[s] != null ? h("span", { class: "result-score" }, ` — ${t("score")}: ${scores[s]}`) : null))),
    result.reason ? h("p", { class: "result-reason" }, `${t("reason")}: ${pick(result.reason_text, lang) || result.reason}`) : null);
}

/** The inside of an action button: its label in the language, its help, its text form. */
export function actionButtonParts(a, lang) {
  const label = pick(a.label, lang) || a.text;
  const help = pick(a.help, lang);
  return [
    h("span", { class: "action-label" }, label),
    help ? h("span", { class: "action-help" }, help) : null,
    label !== a.text ? h("code", { class: "action-text" }, a.text) : null,
  ];
}

/** A seat's money in a view, in words ("1.500 €", "5 monedas"), or null. */
function moneyText(view, seat, lang, t) {
  const p = (view?.players || []).find((x) => x && x.seat === seat);
  if (!p) return null;
  for (const k of ["balance", "money"]) if (typeof p[k] === "number") return euros(p[k], lang);
  if (typeof p.coins === "number") return t("coins", { n: p.coins });
  return null;
}

const COLOUR_NAMES = {
  rojo: "#d7263d", red: "#d7263d", azul: "#1b6ec2", blue: "#1b6ec2", verde: "#2e9e44",
  green: "#2e9e44", amarillo: "#e0b400", yellow: "#e0b400", rosa: "#e2559a", pink: "#e2559a",
  lila: "#9b6fd1", purple: "#8e44ad", morado: "#8e44ad", naranja: "#ef7d00", orange: "#ef7d00",
  negro: "#333333", black: "#333333", blanco: "#f4f4f4", white: "#f4f4f4", gris: "#888888",
};

/** The colour a game gives a seat in its view (Som, Siglo XX), as CSS, or null. */
function seatColour(view, seat) {
  const p = (view?.players || []).find((x) => x && x.seat === seat);
  const name = typeof p?.colour === "string" ? p.colour.toLowerCase() : null;
  return name ? (COLOUR_NAMES[name] ?? null) : null;
}


// ---------------------------------------------------------------- the table page

/** Table id and token from /t/{id}?token=… or /t/{id}#token=…. */
export function tableAddress(loc = location) {
  const m = /\/t\/([^/?#]+)/.exec(loc.pathname);
  const q = new URLSearchParams(loc.search);
  const frag = new URLSearchParams(loc.hash.replace(/^#/, ""));
  return { tableId: m ? decodeURIComponent(m[1]) : null, token: q.get("token") || frag.get("token") || null };
}

class TablePage {
  constructor(root) {
    this.root = root;
    const { tableId, token } = tableAddress();
    this.tableId = tableId;
    this.token = token;
    this.langFromUrl = new URLSearchParams(location.search).has("lang");
    this.lang = detectLang();
    this.t = translator(this.lang);
    this.state = null;          // last state message (views, legal, seats…)
    this.log = [];              // every log entry, by n
    this.shown = null;          // seat whose view is on screen (hot-seat: one at a time)
    this.coverFor = null;       // hot-seat: seat waiting behind the "pass the device" cover
    this.pending = null;        // req of the action in flight
    this.ws = null;
    this.retry = 0;
    this.render = genericRender;
    this.titles = {};
    this.secretN = new Set();   // log entries known to be secret choices (hot-seat hides them)
    this.buildSkeleton();
  }

  buildSkeleton() {
    const t = this.t;
    this.el = {
      title: h("h1", { class: "table-title" }, t("table")),
      who: h("p", { class: "table-who" }),
      conn: h("span", { class: "conn-status", role: "status" }, t("connecting")),
      version: h("span", { class: "table-version" }),
      turn: h("p", { class: "turn-banner", "aria-live": "polite" }),
      errors: this.el?.errors ?? h("div", { class: "errors", role: "alert", "aria-live": "assertive" }),
      over: h("section", { class: "over-screen", hidden: true }),
      panels: h("ul", { class: "seat-panels" }),
      board: h("div", { class: "board", id: "board" }),
      actionsTitle: h("h2", {}, t("actions")),
      actions: h("div", { class: "actions" }),
      log: h("ol", { class: "log", reversed: true }),
      cover: h("div", { class: "handoff-cover", hidden: true, role: "dialog", "aria-modal": "true" }),
    };
    const langSwitch = h("nav", { class: "lang-switch" },
      ["es", "en"].map((l) => h("a", { href: urlWithLang(l), class: l === this.lang ? "active" : "", lang: l }, l.toUpperCase())));
    this.typed = h("input", { type: "text", class: "typed-action", "aria-label": t("type_action"), placeholder: t("type_action") });
    const typedForm = h("form", { class: "typed-form", onsubmit: (ev) => {
      ev.preventDefault();
      const text = this.typed.value.trim();
      if (text) { this.act(text); this.typed.value = ""; }
    } }, this.typed, h("button", { type: "submit" }, t("send")));
    this.root.replaceChildren(
      h("header", { class: "page-header" },
        h("a", { href: `/?lang=${this.lang}`, class: "home-link" }, "ludoteca"),
        this.el.title, this.el.version, this.el.conn, langSwitch),
      this.el.who, this.el.turn, this.el.errors, this.el.over,
      h("main", { class: "table-layout" },
        h("section", { class: "board-area", "aria-label": t("board") }, this.el.board),
        h("aside", { class: "side" },
          h("section", { class: "players-area" }, h("h2", {}, t("players")), this.el.panels),
          h("section", { class: "actions-area" }, this.el.actionsTitle, this.el.actions, typedForm),
          h("section", { class: "log-area" }, h("h2", {}, t("log")), this.el.log))),
      this.el.cover);
  }

  async start() {
    if (!this.tableId) {
      this.showError(this.t("table_not_found"));
      return;
    }
    fetch("/api/games").then((r) => r.json()).then((games) => {
      for (const g of games) this.titles[g.id] = g.title;
      if (this.state) this.draw();
    }).catch(() => {});
    this.connect();
  }

  // ------------------------------------------------------------ connection

  wsUrl() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${proto}//${location.host}/ws/${encodeURIComponent(this.tableId)}${q}`;
  }

  connect() {
    this.setConn(this.t("connecting"), "connecting");
    const ws = new WebSocket(this.wsUrl());
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      this.setConn(this.t("online"), "online");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 20000);
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      this.onMessage(msg);
    });
    ws.addEventListener("close", (ev) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.ws = null;
      if (ev.code === 4404 || ev.code === 4403) {
        this.setConn(pick(ev.reason, this.lang) || this.t("table_not_found"), "offline");
        return;
      }
      const delay = Math.min(10, 0.5 * 2 ** this.retry);
      this.retry += 1;
      this.setConn(this.t("reconnecting", { s: delay }), "offline");
      setTimeout(() => this.connect(), delay * 1000);
    });
  }

  setConn(text, cls) {
    this.connText = [text, cls];
    this.el.conn.textContent = text;
    this.el.conn.className = `conn-status ${cls}`;
    document.body.dataset.conn = cls;
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  onMessage(msg) {
    if (msg.type === "state") this.onState(msg);
    else if (msg.type === "error") {
      if (msg.req && msg.req === this.pending) this.pending = null;
      this.showError(errorText(msg, this.lang, this.t));
      this.drawActions();
    } else if (msg.type === "ack") {
      if (msg.req === this.pending) this.pending = null;
      if (this.state && msg.version <= this.state.version) this.drawActions();
    }
  }

  // ------------------------------------------------------------ state

  async onState(msg) {
    const first = !this.state;
    const from = msg.log_from ?? 0;
    const prev = this.state;
    const fresh = (msg.log || []).filter((e) => !this.log.some((x) => x.n === e.n));
    this.log = this.log.filter((e) => e.n < from).concat(msg.log || []);
    this.log.sort((a, b) => a.n - b.n);
    // Live entries that answered a simultaneous step are secret choices of their seat.
    if (prev && (prev.to_move || []).length > 1) {
      for (const e of fresh) if ((prev.to_move || []).includes(e.seat)) this.secretN.add(e.n);
    }
    this.state = msg;
    if (first) {
      if (!this.langFromUrl && (msg.lang === "es" || msg.lang === "en") && msg.lang !== this.lang) {
        this.lang = msg.lang;
        this.t = translator(this.lang);
        this.buildSkeleton();
        if (this.connText) this.setConn(...this.connText);
        if (this.ws?.readyState === WebSocket.OPEN) this.setConn(this.t("online"), "online");
      }
      this.rendererReady = loadRenderer(msg.game).then((r) => { this.render = r; });
    }
    if (this.pending && msg.version !== this.pendingVersion) this.pending = null;
    this.chooseSeat();
    await this.rendererReady;
    if (this.state === msg) this.draw();
  }

  /** The seats this page acts for that must decide now (they have legal actions). */
  deciding() {
    const st = this.state;
    return (st.you || []).filter((s) => (st.to_move || []).includes(s) && (st.legal?.[String(s)] || []).length);
  }

  /** People in `you`; more than one means hot-seat. */
  isHotseat() {
    return (this.state.you || []).length > 1;
  }

  /** Pick the seat shown; at hot-seat a change of seat puts up the "pass the device" cover. */
  chooseSeat() {
    const st = this.state;
    const you = st.you || [];
    if (!you.length) { this.shown = null; return; }
    if (!this.isHotseat()) { this.shown = you[0]; return; }
    if (st.over) { this.coverFor = null; if (this.shown == null) this.shown = you[0]; return; }
    const deciding = this.deciding();
    const current = this.coverFor ?? this.shown;
    if (deciding.includes(current)) return;
    if (deciding.length) {
      const next = deciding[0];
      if (this.shown == null || next !== this.shown) {
        this.coverFor = next;
        this.shown = null;
      } else {
        this.coverFor = null;
      }
      return;
    }
    if (this.shown == null && this.coverFor == null) this.coverFor = you[0];
  }

  names() {
    return (this.state?.seats || []).map((s) => s.name ?? `J${s.seat + 1}`);
  }

  shownView() {
    const st = this.state;
    if (!st) return null;
    if (!(st.you || []).length) return st.views?.spectator ?? null;
    if (this.shown == null) return null;
    return st.views?.[String(this.shown)] ?? null;
  }

  shownLegal() {
    if (this.shown == null || !this.state) return [];
    return this.state.legal?.[String(this.shown)] || [];
  }

  ctx() {
    return {
      seat: this.shown, lang: this.lang, names: this.names(), legal: this.shownLegal(),
      act: (text) => this.act(text), t: this.t, game: this.state?.game,
    };
  }

  // ------------------------------------------------------------ drawing

  draw() {
    const st = this.state;
    const t = this.t;
    const names = this.names();
    const title = this.titles[st.game] || st.game;
    document.title = `${title} — ludoteca`;
    this.el.title.textContent = title;
    this.el.version.textContent = t("version", { n: st.version });
    this.el.version.dataset.version = st.version;
    document.body.dataset.version = st.version;
    document.body.dataset.game = st.game;
    const you = st.you || [];
    this.el.who.textContent = !you.length ? `${t("watching")}${this.token ? "" : " — " + t("no_token")}`
      : this.isHotseat() ? `${t("hotseat")}: ${joinNames(you.map((s) => names[s]), this.lang)}`
        : t("you_play", { names: names[you[0]] });
    this.drawTurn();
    this.drawPanels();
    this.drawCover();
    this.drawBoard();
    this.drawActions();
    this.drawLog();
    this.drawOver();
  }

  drawTurn() {
    const st = this.state;
    const names = this.names();
    const toMove = st.to_move || [];
    const el = this.el.turn;
    el.className = "turn-banner";
    if (st.over) { el.textContent = this.t("game_over"); el.classList.add("over"); return; }
    if (this.shown != null && toMove.includes(this.shown) && this.shownLegal().length) {
      el.textContent = this.t("your_turn", { name: names[this.shown] });
      el.classList.add("mine");
    } else if (toMove.length > 1) {
      el.textContent = this.t("waiting_secret", { names: joinNames(toMove.map((s) => names[s]), this.lang) });
    } else {
      el.textContent = this.t("turn_of", { names: joinNames(toMove.map((s) => names[s]), this.lang) });
    }
  }

  drawPanels() {
    const st = this.state;
    const t = this.t;
    const view = this.shownView() ?? st.views?.spectator ?? null;
    this.el.panels.replaceChildren(...(st.seats || []).map((s) => {
      const money = moneyText(view, s.seat, this.lang, t);
      const colour = seatColour(view, s.seat);
      const moving = (st.to_move || []).includes(s.seat);
      return h("li", {
        class: `seat-panel seat-${s.seat}` + (moving ? " to-move" : "") + (this.shown === s.seat ? " shown" : ""),
        "data-seat": s.seat,
      },
      h("span", { class: "seat-swatch", style: colour ? `background:${colour}` : null }),
      h("span", { class: "seat-name" }, s.name ?? `J${s.seat + 1}`),
      h("span", { class: "seat-kind" }, s.kind === "bot" ? t("bot_seat", { bot: s.bot || "" }) : t("person_seat")),
      s.kind === "bot" ? null : h("span", {
        class: "seat-conn " + (s.connected ? "on" : "off"), title: s.connected ? t("connected") : t("not_connected"),
      }, s.connected ? "●" : "○"),
      money != null ? h("span", { class: "seat-money" }, money) : null,
      moving && !st.over ? h("span", { class: "seat-moving" }, t("to_move")) : null);
    }));
  }

  drawCover() {
    const cover = this.el.cover;
    if (this.coverFor == null) { cover.hidden = true; cover.replaceChildren(); document.body.classList.remove("covered"); return; }
    const name = this.names()[this.coverFor];
    const seat = this.coverFor;
    cover.replaceChildren(h("div", { class: "handoff-box" },
      h("h2", { class: "handoff-title" }, this.t("pass_device_to", { name })),
      h("p", {}, this.t("pass_device_help", { name })),
      h("button", { type: "button", class: "handoff-button", autofocus: true, onclick: () => {
        if (this.coverFor !== seat) return;
        this.shown = seat;
        this.coverFor = null;
        this.draw();
      } }, this.t("i_am", { name }))));
    cover.hidden = false;
    document.body.classList.add("covered");
  }

  drawBoard() {
    const view = this.shownView();
    const board = this.el.board;
    if (!view) { board.replaceChildren(); return; }
    drawView(this.render, board, view, this.ctx());
  }

  drawActions() {
    if (!this.state) return;
    const legal = this.coverFor != null ? [] : this.shownLegal();
    const names = this.names();
    this.el.actionsTitle.textContent = this.isHotseat() && this.shown != null
      ? this.t("actions_for", { name: names[this.shown] }) : this.t("actions");
    if (!legal.length) {
      this.el.actions.replaceChildren(h("p", { class: "muted no-actions" }, this.state.over ? this.t("game_over") : this.t("no_actions")));
      return;
    }
    this.el.actions.replaceChildren(...legal.map((a) => h("button", {
      type: "button", class: "action-button", "data-action": a.text, disabled: this.pending ? true : null,
      onclick: () => this.act(a.text),
    }, ...actionButtonParts(a, this.lang))));
  }

  /** At hot-seat, a secret choice of a seat not on screen stays hidden in the log. */
  hideAction(entry) {
    if (!this.isHotseat()) return false;
    return (Boolean(entry.secret) || this.secretN.has(entry.n)) && entry.seat !== this.shown && !this.state.over;
  }

  drawLog() {
    const opts = { lang: this.lang, t: this.t, names: this.names(), game: this.state.game,
      hideAction: (e) => this.hideAction(e) };
    if (!this.log.length) {
      this.el.log.replaceChildren(h("li", { class: "muted" }, this.t("log_empty")));
      return;
    }
    this.el.log.replaceChildren(...this.log.slice().reverse().map((e) => logEntryEl(e, opts)));
  }

  drawOver() {
    const st = this.state;
    const box = this.el.over;
    if (!st.over) { box.hidden = true; return; }
    const lang = this.lang;
    box.replaceChildren(
      h("h2", {}, this.t("game_over")),
      resultBox(st.result, { lang, t: this.t, names: this.names() }),
      h("p", { class: "over-links" },
        h("a", { href: `/api/tables/${encodeURIComponent(this.tableId)}/record`, download: `${st.game}-${this.tableId}.json`, class: "record-link" },
          this.t("download_record")),
        " · ",
        h("a", { href: `/replay/${encodeURIComponent(this.tableId)}?lang=${lang}`, class: "replay-link" }, this.t("replay")),
        " · ",
        h("a", { href: `/?lang=${lang}` }, this.t("back_to_lobby"))));
    box.hidden = false;
  }

  showError(text) {
    const item = h("div", { class: "error-toast" }, h("strong", {}, `${this.t("error")}: `), text,
      h("button", { type: "button", class: "error-close", "aria-label": this.t("close"), onclick: () => item.remove() }, "×"));
    this.el.errors.append(item);
    while (this.el.errors.children.length > 3) this.el.errors.firstChild.remove();
    setTimeout(() => item.remove(), 12000);
  }

  // ------------------------------------------------------------ acting

  /** Submit an action for the seat on screen, naming the version it answers. */
  async act(text) {
    const st = this.state;
    if (!st || this.coverFor != null) return;
    const req = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    this.pending = req;
    this.pendingVersion = st.version;
    this.drawActions();
    const msg = { type: "act", version: st.version, action: text, seat: this.shown, req };
    if (this.send(msg)) return;
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(this.tableId)}/act`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: this.token, version: st.version, action: text, seat: this.shown }),
      });
      if (!r.ok) this.showError(errorText(await r.json().catch(() => null), this.lang, this.t));
      else {
        const s = await fetch(`/api/tables/${encodeURIComponent(this.tableId)}/state?token=${encodeURIComponent(this.token || "")}`);
        if (s.ok) this.onState({ ...(await s.json()), log_from: null });
      }
    } catch {
      this.showError(this.t("network_error"));
    } finally {
      if (this.pending === req) this.pending = null;
      this.drawActions();
    }
  }
}

if (document.body?.dataset.page === "table") {
  const page = new TablePage(document.getElementById("app"));
  window.ludotecaTable = page;
  page.start();
}
