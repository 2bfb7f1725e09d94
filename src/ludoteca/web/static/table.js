// The table page: claims an invitation from the link's fragment (#claim=CODE), connects the
// WebSocket (the browser's seats come from its HttpOnly device cookie, never from the URL),
// draws the seats' panels, whose turn it is, the board (static/games/<game>.js, or a generic
// view), the legal actions as buttons, the event log with each event's rule, the hot-seat
// "pass the device" cover, the host's panel and the game-over screen.
// Its helpers (h, loadRenderer, renderLog, showRule, resultBox, postJSON) are shared with
// replay.js and app.js.

import { detectLang, translator, pick, urlWithLang, joinNames, euros } from "./i18n.js";
import { h } from "./games/dom.js";
import { actionGroups, botLabel, skipLink, trapFocus } from "./frame.js";
import { ResultsScreen } from "./results.js";
import { TableLife } from "./chat.js";
import "./classroom/table_notice.js";   // a class's table: the teacher's messages and pauses

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
  const key = `${game}/${rule}/${lang}`;
  if (!ruleCache.has(key)) {
    ruleCache.set(key, fetch(`/api/rules/${encodeURIComponent(game)}/${encodeURIComponent(rule)}?lang=${lang}`)
      .then(async (r) => (r.ok ? r.json() : { id: rule, text: errorText(await r.json().catch(() => null), lang, t) }))
      .catch(() => ({ id: rule, text: t("network_error") })));
  }
  const data = await ruleCache.get(key);
  document.querySelector("dialog.rule-dialog")?.remove();
  const dlg = h("dialog", { class: "rule-dialog", "aria-label": t("rule", { id: rule }) },
    h("h3", {}, t("rule", { id: data.id || rule })),
    // a rule without a text in the page's language shows the English one, marked as English
    h("p", { class: "rule-text", lang: data.lang || lang }, pick(data.text, data.lang || lang)),
    data.source === "rulebook" && lang === "es" ? h("p", { class: "rule-source muted" }, t("rule_from_rulebook")) : null,
    data.lang && data.lang !== lang ? h("p", { class: "rule-source muted" }, t("rule_english_only")) : null,
    h("form", { method: "dialog" }, h("button", { class: "rule-close" }, t("close"))));
  document.body.append(dlg);
  dlg.addEventListener("close", () => dlg.remove());
  dlg.showModal();
}

/**
 * POST a JSON body to the server (same origin: the device cookie goes with it). Returns the
 * answer's JSON; a refusal throws an Error with `body` (the server's error) and `status`.
 */
export async function postJSON(url, body) {
  const r = await fetch(url, {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json" }, body: JSON.stringify(body ?? {}),
  });
  const data = await r.json().catch(() => null);
  if (!r.ok) throw Object.assign(new Error("http"), { body: data, status: r.status });
  return data;
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
  if (entry.timeout) head.append(" ", h("span", { class: "log-timeout" }, t("clock_timeout_log")));
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

/**
 * The table id of /t/{id}, and an invitation's one-time code from the fragment (#claim=CODE;
 * links of older versions carried ?token=CODE, which the server takes as an invitation too).
 */
export function tableAddress(loc = location) {
  const m = /\/t\/([^/?#]+)/.exec(loc.pathname);
  const q = new URLSearchParams(loc.search);
  const frag = new URLSearchParams(loc.hash.replace(/^#/, ""));
  return {
    tableId: m ? decodeURIComponent(m[1]) : null,
    claim: frag.get("claim") || q.get("token") || frag.get("token") || null,
  };
}

/** The page's address without the invitation (fragment, old ?token=), keeping ?lang=. */
function withoutClaim(loc = location) {
  const u = new URL(loc.href);
  u.searchParams.delete("token");
  return u.pathname + u.search;
}

const HOST_BOTS = [["greedy", "greedy"], ["random", "random"], ["mcts", "mcts:seconds=1"]];

class TablePage {
  constructor(root) {
    this.root = root;
    const { tableId, claim } = tableAddress();
    this.tableId = tableId;
    this.claimCode = claim;     // an invitation to exchange for a seat before connecting
    this.claimError = null;     // the server's refusal of it (shown in a banner)
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
    this.games = {};            // game id -> its /api/games entry (bots)
    this.hostInvites = {};      // host: seat -> the new invite link just issued
    this.hostError = null;      // host: the server's refusal of the last host action
    this.hostBusy = false;
    this.botChoice = {};        // host: seat -> the bot chosen in its select
    this.joinError = null;      // spectator: the refusal of taking an open seat
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
      claim: h("div", { class: "claim-box" }),
      ended: h("div", { class: "table-ended", role: "status", hidden: true }),
      join: h("section", { class: "join-box", hidden: true }),
      host: h("section", { class: "host-panel", hidden: true, "aria-label": t("host_panel") }),
      over: h("section", { class: "over-screen", hidden: true }),
      panels: h("ul", { class: "seat-panels" }),
      board: h("div", { class: "board", id: "board" }),
      actionsTitle: h("h2", { id: "actions-title" }, t("actions")),
      actions: h("div", { class: "actions" }),
      log: h("ol", { class: "log", reversed: true }),
      cover: h("div", { class: "handoff-cover", hidden: true, role: "dialog", "aria-modal": "true" }),
    };
    this.el.langSwitch = h("nav", { class: "lang-switch", "aria-label": t("frame_language") });
    this.drawLangSwitch();
    this.typed = h("input", { type: "text", class: "typed-action", "aria-label": t("type_action"),
      placeholder: t("type_action"), autocomplete: "off", spellcheck: "false", "aria-describedby": "typed-help" });
    // the typed grammar stays for those who like it: the buttons say the same in words
    const typedForm = h("form", { class: "typed-form", onsubmit: (ev) => {
      ev.preventDefault();
      const text = this.typed.value.trim();
      if (text) { this.act(text); this.typed.value = ""; }
    } }, this.typed, h("button", { type: "submit" }, t("send")),
    h("small", { class: "muted typed-help", id: "typed-help" }, t("frame_typed_help")));
    this.el.typedForm = typedForm;
    trapFocus(this.el.cover);
    this.life = new TableLife(this, this.life);   // chat, clocks, presence, sound (chat.js)
    this.root.replaceChildren(
      skipLink(t),
      h("header", { class: "page-header table-header" },
        h("a", { href: `/?lang=${this.lang}`, class: "home-link" }, "ludoteca"),
        this.el.title, this.el.version, this.el.conn, this.life.soundButton, this.el.langSwitch),
      h("main", { class: "table-main", id: "main", tabindex: "-1" },
        h("div", { class: "table-status" },
          this.el.who, this.el.claim, this.el.ended, this.el.join, this.el.turn, this.el.over),
        h("div", { class: "table-layout" },
          // focusable: a board wider than the screen scrolls with the keyboard too
          h("section", { class: "board-area", "aria-label": t("board"), tabindex: "0" }, this.el.board),
          h("div", { class: "side" },
            h("div", { class: "side-play" },
              h("section", { class: "actions-area", "aria-labelledby": "actions-title" },
                this.el.actionsTitle, this.el.actions, typedForm),
              h("section", { class: "players-area", "aria-labelledby": "players-title" },
                h("h2", { id: "players-title" }, t("players")), this.el.panels)),
            h("div", { class: "side-more" },
              this.life.el,
              this.el.host,
              h("section", { class: "log-area", "aria-labelledby": "log-title" },
                h("h2", { id: "log-title" }, t("log")), this.el.log))))),
      this.el.errors,
      this.el.cover);
    this.hostSig = null;
    this.joinSig = null;
    this.drawClaim();
  }

  drawLangSwitch() {
    this.el.langSwitch.replaceChildren(...["es", "en"].map((l) =>
      h("a", { href: urlWithLang(l), class: l === this.lang ? "active" : "", lang: l, hreflang: l,
        "aria-current": l === this.lang ? "true" : null, title: this.t(`lang_${l}`) }, l.toUpperCase())));
  }

  async start() {
    if (!this.tableId) {
      this.showError(this.t("table_not_found"));
      return;
    }
    fetch("/api/games").then((r) => r.json()).then((games) => {
      for (const g of games) { this.titles[g.id] = g.title; this.games[g.id] = g; }
      if (this.state) this.draw();
    }).catch(() => {});
    if (this.claimCode) await this.claim(this.claimCode);
    // an invite link opened where this table already is changes only the fragment
    window.addEventListener("hashchange", async () => {
      const { claim } = tableAddress();
      if (!claim) return;
      this.claimError = null;
      if (await this.claim(claim)) this.reconnect();
    });
    this.connect();
  }

  /**
   * Exchange the invitation's one-time code for its seat (the server answers with this
   * browser's device cookie), then drop the code from the address bar and the history. A
   * refusal (used, replaced, table closed) is shown in a banner and the page watches.
   * True when the seat is this browser's now.
   */
  async claim(code) {
    if (!this.ws) this.setConn(this.t("claiming"), "connecting");
    try {
      await postJSON(`/api/tables/${encodeURIComponent(this.tableId)}/claim`, { code });
      return true;
    } catch (err) {
      this.claimError = { body: err.body ?? null };   // null: the network failed
      return false;
    } finally {
      this.claimCode = null;
      history.replaceState(history.state, "", withoutClaim());
      this.drawLangSwitch();
      this.drawClaim();
    }
  }

  drawClaim() {
    const box = this.el.claim;
    if (!this.claimError) { box.replaceChildren(); return; }
    const text = errorText(this.claimError.body, this.lang, this.t);
    const seated = (this.state?.you || []).length > 0;
    box.replaceChildren(seated
      // the link was used (by this very browser, most likely): it has its seat anyway
      ? h("p", { class: "claim-note", role: "status" }, `${text} — ${this.t("claim_already")}`)
      : h("p", { class: "claim-error", role: "alert" },
        h("strong", {}, `${this.t("claim_refused")}: `), text, " — ", this.t("claim_watch")));
  }

  // ------------------------------------------------------------ connection

  wsUrl() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws/${encodeURIComponent(this.tableId)}`;
  }

  /** A new socket (this browser's seats changed: the server reads the cookie on connect). */
  reconnect() {
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.retry = 0;
    this.connect();
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
    if (this.life.onMessage(msg)) return;
    if (msg.type === "state") this.onState(msg);
    else if (msg.type === "presence") this.onPresence(msg);
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

  /** Somebody came or went: only the seats' dots (and the host's panel) change. */
  onPresence(msg) {
    if (!this.state) return;
    const on = new Map((msg.seats || []).map((p) => [p.seat, Boolean(p.connected)]));
    for (const s of this.state.seats || []) if (on.has(s.seat)) s.connected = on.get(s.seat);
    this.drawPanels();
    this.drawHost();
  }

  /** Closed by its host or expired: nobody acts any more. */
  ended() {
    const status = this.state?.status;
    return status === "closed" || status === "abandoned";
  }

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
    if (st.over || this.ended()) { this.coverFor = null; if (this.shown == null) this.shown = you[0]; return; }
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
      act: (text) => this.act(text), t: this.t, game: this.state?.game, tableId: this.tableId,
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
    this.el.who.textContent = !you.length ? `${t("watching")} — ${st.host ? t("host_watching") : t("no_seat")}`
      : this.isHotseat() ? `${t("hotseat")}: ${joinNames(you.map((s) => names[s]), this.lang)}`
        : t("you_play", { names: names[you[0]] });
    this.el.typedForm.hidden = !you.length || Boolean(st.over) || this.ended();
    this.drawClaim();
    this.drawEnded();
    this.drawJoin();
    this.drawTurn();
    this.drawPanels();
    this.drawHost();
    this.drawCover();
    this.drawBoard();
    this.drawActions();
    this.drawLog();
    this.drawOver();
    this.life.draw();
  }

  drawTurn() {
    const st = this.state;
    const names = this.names();
    const toMove = st.to_move || [];
    const el = this.el.turn;
    el.className = "turn-banner";
    el.hidden = this.ended();     // the "closed" banner says it all
    if (st.over) { el.textContent = this.t("game_over"); el.classList.add("over"); return; }
    if (this.ended()) { el.textContent = this.t("table_ended"); el.classList.add("over"); return; }
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
      const moving = (st.to_move || []).includes(s.seat) && !st.over && !this.ended();
      return h("li", {
        class: `seat-panel seat-${s.seat}` + (moving ? " to-move" : "") + (this.shown === s.seat ? " shown" : ""),
        "data-seat": s.seat,
      },
      h("span", { class: "seat-swatch", style: colour ? `background:${colour}` : null }),
      h("span", { class: "seat-name" }, s.name ?? `J${s.seat + 1}`),
      h("span", { class: "seat-kind" }, s.kind === "bot" ? t("bot_seat", { bot: botLabel(s.bot, t) }) : t("person_seat")),
      s.kind === "bot" ? null : s.claimed === false
        ? h("span", { class: "seat-free", title: s.access === "open" ? t("seat_open") : t("seat_invited") }, t("seat_free"))
        : h("span", {
          class: "seat-conn " + (s.connected ? "on" : "off"), title: s.connected ? t("connected") : t("not_connected"),
        }, s.connected ? "●" : "○"),
      money != null ? h("span", { class: "seat-money" }, money) : null,
      moving ? h("span", { class: "seat-moving" }, t("to_move")) : null);
    }));
    this.life.panels();
  }

  /** Closed by the host or expired for inactivity: a banner, and no actions any more. */
  drawEnded() {
    const box = this.el.ended;
    const status = this.state?.status;
    if (!this.ended()) { box.hidden = true; box.replaceChildren(); return; }
    box.replaceChildren(h("strong", {}, status === "abandoned" ? this.t("table_abandoned") : this.t("table_closed")),
      " ", h("a", { href: `/?lang=${this.lang}` }, this.t("back_to_lobby")));
    box.dataset.status = status;
    box.hidden = false;
  }

  // ------------------------------------------------------------ open seats (a visitor)

  /** Seats open to anyone with the table's address, offered to a browser without a seat. */
  drawJoin() {
    const st = this.state;
    const box = this.el.join;
    const open = (st?.seats || []).filter((s) => s.kind === "person" && s.access === "open" && !s.claimed);
    const show = st && !(st.you || []).length && !st.over && !this.ended() && open.length > 0;
    const sig = JSON.stringify([show, this.lang, open.map((s) => [s.seat, s.name]), this.joinError]);
    if (sig === this.joinSig) return;
    this.joinSig = sig;
    if (!show) { box.hidden = true; box.replaceChildren(); return; }
    const t = this.t;
    box.replaceChildren(...[
      h("h2", {}, t("open_seats")),
      h("p", { class: "muted" }, t("open_seats_help")),
      ...open.map((s) => {
        const name = h("input", { type: "text", class: "join-name", value: s.name ?? "", maxlength: "24",
          placeholder: t("join_as"), "aria-label": `${t("join_as")} (${t("seat_n", { n: s.seat + 1 })})` });
        return h("form", { class: "join-form take-seat-form", "data-seat": s.seat, onsubmit: (ev) => {
          ev.preventDefault();
          this.takeSeat(s.seat, name.value.trim());
        } }, name, h("button", { type: "submit", class: "take-seat join-button" }, t("take_seat", { n: s.seat + 1 })));
      }),
      this.joinError ? h("p", { class: "form-error join-error", role: "alert" }, errorText(this.joinError.body, this.lang, t)) : null,
    ].filter(Boolean));
    box.hidden = false;
  }

  async takeSeat(seat, name) {
    this.joinError = null;
    try {
      await postJSON(`/api/tables/${encodeURIComponent(this.tableId)}/join`, name ? { seat, name } : { seat });
      this.reconnect();
    } catch (err) {
      this.joinError = { body: err.body ?? null };
    }
    if (this.state) this.drawJoin();
  }

  // ------------------------------------------------------------ the host's panel

  /**
   * The host (the browser that created the table): for each person seat not its own, a new
   * invite link or opening it to anyone (while unclaimed), handing it to a bot (while its
   * player is away), and closing the table. Redrawn only when something it shows changed.
   */
  drawHost() {
    const st = this.state;
    const box = this.el.host;
    if (!st || !st.host || st.over || this.ended()) {
      this.hostSig = null;
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const you = st.you || [];
    const others = (st.seats || []).filter((s) => s.kind === "person" && !you.includes(s.seat));
    for (const key of Object.keys(this.hostInvites)) {
      const s = others.find((x) => x.seat === Number(key));
      if (!s || s.claimed || s.access !== "invite") delete this.hostInvites[key];
    }
    const sig = JSON.stringify([this.lang, others.map((s) => [s.seat, s.name, s.access, s.claimed, s.connected]),
      this.hostInvites, this.hostError, this.hostBusy, Boolean(this.games[st.game])]);
    if (sig === this.hostSig) return;
    this.hostSig = sig;
    const t = this.t;
    const disabled = this.hostBusy ? true : null;
    const bots = this.games[st.game]?.bots;
    const choices = HOST_BOTS.filter(([name]) => !bots || bots.includes(name));
    box.replaceChildren(...[
      h("h2", {}, t("host_panel")),
      h("p", { class: "muted host-help" }, t("host_help")),
      h("ul", { class: "host-seats" }, others.map((s) => {
        const name = s.name ?? `J${s.seat + 1}`;
        const status = !s.claimed ? (s.access === "open" ? t("seat_open") : t("seat_invited"))
          : (s.connected ? t("connected") : t("not_connected"));
        const invite = this.hostInvites[s.seat];
        const botSel = h("select", { class: "host-bot-select", "data-seat": s.seat, "aria-label": `${t("bot")} (${name})`,
          onchange: () => { this.botChoice[s.seat] = botSel.value; } },
        choices.map(([label, spec]) => h("option", { value: spec, selected: spec === (this.botChoice[s.seat] ?? "greedy") ? true : null }, botLabel(label, t))));
        return h("li", { class: "host-seat", "data-seat": s.seat },
          h("div", { class: "host-seat-head" }, h("strong", {}, name), " ",
            h("span", { class: "muted host-seat-status" }, `(${t("seat_n", { n: s.seat + 1 })}, ${status})`)),
          !s.claimed ? h("div", { class: "host-seat-buttons" },
            h("button", { type: "button", class: "reinvite", "data-seat": s.seat, disabled,
              onclick: () => this.hostAction(`seats/${s.seat}/invite`, { access: "invite" }, s.seat) }, t("new_invite")),
            s.access !== "open" ? h("button", { type: "button", class: "open-seat", "data-seat": s.seat, disabled,
              onclick: () => this.hostAction(`seats/${s.seat}/invite`, { access: "open" }, s.seat) }, t("open_to_anyone")) : null) : null,
          invite ? this.inviteBox(invite) : null,
          !s.connected ? h("div", { class: "host-bot" }, botSel,
            h("button", { type: "button", class: "to-bot", "data-seat": s.seat, disabled,
              onclick: () => this.hostAction(`seats/${s.seat}/bot`, { bot: botSel.value }, s.seat) }, t("to_bot"))) : null);
      })),
      h("button", { type: "button", class: "close-table", disabled, onclick: () => {
        if (window.confirm(t("close_confirm"))) this.hostAction("close", {});
      } }, t("close_table")),
      this.hostError ? h("p", { class: "form-error host-error", role: "alert" }, errorText(this.hostError.body, this.lang, t)) : null,
    ].filter(Boolean));
    box.hidden = false;
  }

  inviteBox(path) {
    const href = new URL(path, location.origin).href;
    const copy = h("button", { type: "button", class: "copy-button", onclick: async () => {
      try { await navigator.clipboard.writeText(href); copy.textContent = this.t("copied"); } catch { /* no clipboard */ }
    } }, this.t("copy"));
    return h("div", { class: "new-invite" },
      h("a", { href, class: "new-invite-url", target: "_blank", rel: "noopener" }, href), " ", copy,
      h("small", { class: "muted" }, this.t("new_invite_help")));
  }

  /** POST a host action; a new invite link is kept on screen, a refusal next to the panel. */
  async hostAction(path, body, seat = null) {
    this.hostError = null;
    this.hostBusy = true;
    this.drawHost();
    try {
      const res = await postJSON(`/api/tables/${encodeURIComponent(this.tableId)}/${path}`, body);
      if (seat != null) {
        if (res?.invite) this.hostInvites[seat] = res.invite;
        else delete this.hostInvites[seat];
      }
    } catch (err) {
      this.hostError = { body: err.body ?? null };
    } finally {
      this.hostBusy = false;
      this.drawHost();
    }
  }

  drawCover() {
    const cover = this.el.cover;
    // while the cover is up the page behind it is inert (no focus, no screen reader)
    const behind = [...this.root.children].filter((x) => x !== cover);
    if (this.coverFor == null) {
      const wasUp = !cover.hidden;
      cover.hidden = true; cover.replaceChildren(); document.body.classList.remove("covered");
      for (const x of behind) x.inert = false;
      if (wasUp) document.getElementById("main")?.focus({ preventScroll: true });
      return;
    }
    const name = this.names()[this.coverFor];
    const seat = this.coverFor;
    if (!cover.hidden && cover.dataset.seat === String(seat)) return;   // already up for this seat
    cover.dataset.seat = seat;
    cover.setAttribute("aria-labelledby", "handoff-title");
    for (const x of behind) x.inert = true;
    cover.replaceChildren(h("div", { class: "handoff-box" },
      h("h2", { class: "handoff-title", id: "handoff-title" }, this.t("pass_device_to", { name })),
      h("p", {}, this.t("pass_device_help", { name })),
      h("button", { type: "button", class: "handoff-button", autofocus: true, onclick: () => {
        if (this.coverFor !== seat) return;
        this.shown = seat;
        this.coverFor = null;
        this.draw();
      } }, this.t("i_am", { name }))));
    cover.hidden = false;
    document.body.classList.add("covered");
    cover.querySelector(".handoff-button")?.focus();
  }

  drawBoard() {
    const view = this.shownView();
    const board = this.el.board;
    if (!view) { board.replaceChildren(); return; }
    drawView(this.render, board, view, this.ctx());
  }

  drawActions() {
    if (!this.state) return;
    const legal = this.coverFor != null || this.ended() ? [] : this.shownLegal();
    const names = this.names();
    this.el.actionsTitle.textContent = this.isHotseat() && this.shown != null
      ? this.t("actions_for", { name: names[this.shown] }) : this.t("actions");
    if (!legal.length) {
      this.el.actions.replaceChildren(h("p", { class: "muted no-actions" },
        this.state.over ? this.t("game_over") : this.ended() ? this.t("table_ended") : this.t("no_actions")));
      return;
    }
    // grouped by kind, each button in words (static/frame.js)
    this.el.actions.replaceChildren(...actionGroups(legal, {
      lang: this.lang, t: this.t, pending: this.pending, onAct: (text) => this.act(text) }));
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

  /** The results screen (static/results.js): ranking, breakdown, reason, charts, rematch. */
  drawOver() {
    const st = this.state;
    const box = this.el.over;
    if (!st.over) { box.hidden = true; return; }
    if (!this.results || this.results.lang !== this.lang || !box.contains(this.results.el)) {
      this.results = new ResultsScreen({ tableId: this.tableId, lang: this.lang, t: this.t });
      box.replaceChildren(this.results.el);
    }
    this.results.update(st);
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
    if (!st || this.coverFor != null || this.ended()) return;
    const req = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    this.pending = req;
    this.pendingVersion = st.version;
    this.drawActions();
    const msg = { type: "act", version: st.version, action: text, seat: this.shown, req };
    if (this.send(msg)) return;
    try {
      await postJSON(`/api/tables/${encodeURIComponent(this.tableId)}/act`,
        { version: st.version, action: text, seat: this.shown, req });
      const s = await fetch(`/api/tables/${encodeURIComponent(this.tableId)}/state`, { credentials: "same-origin" });
      if (s.ok) this.onState({ ...(await s.json()), log_from: null });
    } catch (err) {
      this.showError(errorText(err.body, this.lang, this.t));
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
