// Table life on the table page: the chat (seated players write, everyone reads, each browser
// mutes whom it wants: kept in localStorage and told to the server, which then sends it
// nothing from them), the seats' clocks and presence (clock.js), and the turn sound.
// Every text from the server goes in as text (h() makes text nodes): never as markup.

import { addStrings, translate } from "./i18n.js";
import { h, ensureStyle } from "./games/dom.js";
import { SeatTimes, soundToggle, soundOn, beep } from "./clock.js";

addStrings({
  chat_title: { es: "Chat", en: "Chat" },
  chat_unread: { es: "{n} sin leer", en: "{n} unread" },
  chat_input: { es: "Escribe un mensaje", en: "Write a message" },
  chat_send: { es: "Enviar", en: "Send" },
  chat_as: { es: "Escribes como", en: "Writing as" },
  chat_empty: { es: "Nadie ha escrito todavía.", en: "Nobody has written yet." },
  chat_spectator: {
    es: "Quien mira puede leer el chat; solo escriben los jugadores sentados.",
    en: "Spectators can read the chat; only seated players write.",
  },
  chat_mute_title: { es: "Silenciar a alguien", en: "Mute someone" },
  chat_mute_help: {
    es: "No verás sus mensajes en este navegador (los demás sí).",
    en: "You will not see their messages in this browser (the others will).",
  },
  chat_mute: { es: "Silenciar a {name}", en: "Mute {name}" },
  chat_unmute: { es: "Dejar de silenciar a {name}", en: "Unmute {name}" },
  chat_offline: { es: "Sin conexión: el mensaje no se ha enviado.", en: "Offline: the message was not sent." },
  chat_count: { es: "{n}/{max}", en: "{n}/{max}" },
});

const MAX = 300;
const KEEP = 100;

const CSS = `
.chat-area { display: flex; flex-direction: column; gap: 0.4rem; }
.chat-toggle { display: flex; justify-content: space-between; align-items: center; width: 100%; min-height: 44px;
  font-weight: 700; font-size: 1.05rem; text-align: left; background: transparent; border: none; padding: 0.2rem 0; }
.chat-toggle .chat-badge { font-size: 0.8rem; font-weight: 700; background: var(--accent); color: var(--accent-ink);
  border-radius: 999px; padding: 0.05em 0.6em; }
.chat-log { max-height: 16rem; overflow-y: auto; overflow-wrap: anywhere; border: 1px solid var(--line);
  border-radius: 6px; background: #fff; }
.chat-list { list-style: none; margin: 0; padding: 0.2rem; }
.chat-msg { padding: 0.15rem 0.2rem; line-height: 1.35; }
.chat-msg + .chat-msg { border-top: 1px solid #eee7da; }
.chat-time { color: var(--muted); font-size: 0.75rem; margin-right: 0.3rem; font-variant-numeric: tabular-nums; }
.chat-name { margin-right: 0.3rem; }
.chat-form { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
.chat-form .chat-input { flex: 1 1 10rem; min-width: 0; min-height: 44px; }
.chat-form button, .chat-form select, .chat-mutes button { min-height: 44px; }
.chat-mutes summary { min-height: 44px; display: flex; align-items: center; cursor: pointer; }
.chat-mutes ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.4rem; }
.chat-mutes button[aria-pressed="true"] { background: #fbe3e1; border-color: var(--warn); }
.chat-error { color: var(--warn); margin: 0; }
.log-timeout { font-size: 0.8rem; font-style: italic; color: #8f1d17; }
`;

function muteKey(tableId) {
  return `ludoteca.mute.${tableId}`;
}

function loadMutes(tableId) {
  try {
    const list = JSON.parse(localStorage.getItem(muteKey(tableId)) || "[]");
    return new Set(Array.isArray(list) ? list.filter(Number.isInteger) : []);
  } catch {
    return new Set();
  }
}

/** The table page's life: chat panel, clocks and presence in the seat panels, turn sound. */
export class TableLife {
  /** `page`: the TablePage; `prev`: the life of the skeleton before (a language change). */
  constructor(page, prev = null) {
    ensureStyle("chat-css", CSS);
    this.page = page;
    this.lang = page.lang;
    this.t = (k, p) => translate(this.lang, k, p);
    this.messages = prev?.messages ?? [];
    this.muted = prev?.muted ?? loadMutes(page.tableId);
    this.open = prev?.open ?? !window.matchMedia("(max-width: 700px)").matches;
    this.unread = 0;
    this.wasMine = prev?.wasMine ?? null;
    this.chatError = null;
    this.n = 0;
    if (prev?.times) clearInterval(prev.times.timer);
    this.times = new SeatTimes(this.lang);
    if (prev?.times) Object.assign(this.times, { clock: prev.times.clock, at: prev.times.at, offset: prev.times.offset });
    this.build();
  }

  build() {
    const t = this.t;
    this.soundButton = soundToggle(this.lang);
    this.badge = h("span", { class: "chat-badge", hidden: true });
    this.toggle = h("button", { type: "button", class: "chat-toggle", id: "chat-toggle", "aria-controls": "chat-body",
      "aria-expanded": this.open ? "true" : "false", onclick: () => this.setOpen(!this.open) },
    h("span", {}, t("chat_title")), this.badge);
    this.list = h("ol", { class: "chat-list" });
    // the log region scrolls (focusable, so the keyboard scrolls it too) and holds the list
    this.scroller = h("div", { class: "chat-log", role: "log", "aria-live": "polite", "aria-labelledby": "chat-toggle", tabindex: "0" },
      this.list);
    this.input = h("input", { type: "text", class: "chat-input", maxlength: String(MAX), autocomplete: "off",
      "aria-label": t("chat_input"), placeholder: t("chat_input") });
    this.asSelect = h("select", { class: "chat-as", "aria-label": t("chat_as") });
    this.asLabel = h("label", { class: "chat-as-box" }, h("span", { class: "life-sr" }, t("chat_as")), this.asSelect);
    this.error = h("p", { class: "chat-error", role: "alert" });
    this.form = h("form", { class: "chat-form", onsubmit: (ev) => { ev.preventDefault(); this.sendChat(); } },
      this.asLabel, this.input, h("button", { type: "submit", class: "chat-send" }, t("chat_send")));
    this.note = h("p", { class: "muted chat-note" }, t("chat_spectator"));
    this.mutes = h("details", { class: "chat-mutes" }, h("summary", {}, t("chat_mute_title")));
    this.mutes.addEventListener("toggle", () => { this.mutesOpen = this.mutes.open; });
    this.body = h("div", { class: "chat-body", id: "chat-body", hidden: !this.open },
      this.scroller, this.error, this.form, this.note, this.mutes);
    this.el = h("section", { class: "chat-area", "aria-labelledby": "chat-toggle" },
      h("h2", { class: "chat-heading" }, this.toggle), this.body);
    this.muteSig = null;
    this.drawList();
  }

  setOpen(open) {
    this.open = open;
    this.toggle.setAttribute("aria-expanded", open ? "true" : "false");
    this.body.hidden = !open;
    if (open) {
      this.unread = 0;
      this.drawBadge();
      this.scroller.scrollTop = this.scroller.scrollHeight;
      this.input.focus();
    }
  }

  drawBadge() {
    this.badge.hidden = !this.unread;
    this.badge.textContent = this.unread ? this.t("chat_unread", { n: this.unread }) : "";
  }

  // ------------------------------------------------------------ messages

  /** Handle chat/clock messages; true when the message was this module's. */
  onMessage(msg) {
    if (msg.type === "state" || msg.type === "presence") {
      this.times.update(msg);
      if (msg.type === "presence") {       // somebody who just left is away from now on
        const on = new Map((msg.seats || []).map((p) => [p.seat, Boolean(p.connected)]));
        const now = (Date.now() + this.times.offset) / 1000;
        for (const s of this.page.state?.seats || []) {
          if (s.connected && on.get(s.seat) === false) s.left = now;
        }
      } else if (msg.log_from === 0 && this.muted.size) {
        // a new connection (or new seats): the server forgets mutes, so tell it again
        const you = msg.you || [];
        this.page.send({ type: "mute", seats: [...this.muted].filter((s) => !you.includes(s)) });
      }
      return false;                        // the page draws them as well
    }
    if (msg.type === "chat") {
      this.messages.push(msg);
      if (this.messages.length > KEEP) this.messages.splice(0, this.messages.length - KEEP);
      if (!this.muted.has(msg.seat)) {
        this.list.querySelector(".chat-none")?.remove();
        this.list.append(this.messageEl(msg));
        this.scroller.scrollTop = this.scroller.scrollHeight;
        if (!this.open) { this.unread += 1; this.drawBadge(); }
      }
      return true;
    }
    if (msg.type === "chat_history") {
      this.messages = (msg.messages || []).slice(-KEEP);
      this.drawList();
      return true;
    }
    if (msg.type === "error" && typeof msg.req === "string" && msg.req.startsWith("chat-")) {
      this.showError(msg);
      return true;
    }
    return false;
  }

  showError(msg) {
    const err = msg?.message;
    this.error.textContent = err ? (err[this.lang] ?? err.es ?? "") : this.t("chat_offline");
  }

  messageEl(m) {
    const d = new Date((m.at || 0) * 1000);
    const time = `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
    // every part is a text node: a message is never read as markup
    return h("li", { class: `chat-msg seat-${m.seat}`, "data-seat": m.seat },
      h("span", { class: "chat-time" }, time),
      h("strong", { class: "chat-name" }, `${m.name ?? `J${m.seat + 1}`}:`),
      h("span", { class: "chat-text" }, m.text));
  }

  drawList() {
    const shown = this.messages.filter((m) => !this.muted.has(m.seat));
    this.list.replaceChildren(...(shown.length ? shown.map((m) => this.messageEl(m))
      : [h("li", { class: "muted chat-none" }, this.t("chat_empty"))]));
    this.scroller.scrollTop = this.scroller.scrollHeight;
  }

  sendChat() {
    const text = this.input.value.trim();
    if (!text) return;
    this.error.textContent = "";
    const st = this.page.state;
    const you = st?.you || [];
    const seat = you.length > 1 ? Number(this.asSelect.value) : (you[0] ?? null);
    this.n += 1;
    if (this.page.send({ type: "chat", text, seat, req: `chat-${this.n}` })) this.input.value = "";
    else this.showError(null);
    this.input.focus();
  }

  setMuted(seat, on) {
    if (on) this.muted.add(seat); else this.muted.delete(seat);
    try { localStorage.setItem(muteKey(this.page.tableId), JSON.stringify([...this.muted])); } catch { /* private mode */ }
    this.page.send({ type: "mute", seats: [...this.muted] });
    this.muteSig = null;
    this.draw();
    this.drawList();
  }

  // ------------------------------------------------------------ drawing with the page

  /** After the page drew a state: the form (seated or not), the mute list, the sound. */
  draw() {
    const page = this.page;
    const st = page.state;
    if (!st) return;
    const you = st.you || [];
    const names = page.names();
    this.form.hidden = !you.length;
    this.note.hidden = you.length > 0;
    // hot-seat: the message goes under the seat chosen here, which follows the seat on screen
    this.asLabel.hidden = you.length < 2;
    if (you.length > 1) {
      const want = page.shown ?? page.coverFor ?? Number(this.asSelect.value || you[0]);
      const sig = JSON.stringify([you, names]);
      if (this.asSelect.dataset.sig !== sig) {
        this.asSelect.replaceChildren(...you.map((s) => h("option", { value: s }, names[s])));
        this.asSelect.dataset.sig = sig;
      }
      if (want !== this.lastShown) { this.asSelect.value = String(want); this.lastShown = want; }
    }
    const others = (st.seats || []).filter((s) => s.kind === "person" && !you.includes(s.seat));
    const sig = JSON.stringify([others.map((s) => [s.seat, names[s.seat]]), [...this.muted]]);
    if (sig !== this.muteSig) {
      this.muteSig = sig;
      const t = this.t;
      this.mutes.hidden = !others.length;
      this.mutes.replaceChildren(h("summary", {}, t("chat_mute_title")),
        h("p", { class: "muted" }, t("chat_mute_help")),
        h("ul", {}, others.map((s) => {
          const on = this.muted.has(s.seat);
          return h("li", {}, h("button", { type: "button", class: "chat-mute", "data-seat": s.seat,
            "aria-pressed": on ? "true" : "false", onclick: () => this.setMuted(s.seat, !on) },
          on ? t("chat_unmute", { name: names[s.seat] }) : t("chat_mute", { name: names[s.seat] })));
        })));
      if (this.mutesOpen) this.mutes.open = true;
    }
    // the turn sound: when this browser comes to have a decision to make
    const mine = !st.over && !page.ended() && page.deciding().length > 0;
    if (mine && this.wasMine === false && soundOn()) beep();
    this.wasMine = mine;
  }

  /** After the page drew the seat panels: each seat's clock and presence. */
  panels() {
    const st = this.page.state;
    if (!st) return;
    this.times.decorate(this.page.el.panels, st.seats || [], this.page.names(), st.over || this.page.ended());
  }
}
