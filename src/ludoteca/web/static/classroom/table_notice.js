// A class's table as its students see it (imported by table.js): the teacher's messages
// ({"type": "notice"} on the table's socket) as dismissible banners, always as text, in a
// polite live region; and a clear "paused by the teacher" state while the class waits or is
// paused ({"type": "class", "status"} on the socket, GET /api/tables/{id}/class on each new
// connection): actions are disabled until the teacher resumes.
import { addStrings, translate } from "../i18n.js";
import { h, ensureStyle } from "../games/dom.js";

addStrings({
  classn_region: { es: "Avisos de la clase", en: "Class notices" },
  classn_from: { es: "Mensaje del docente:", en: "Message from the teacher:" },
  classn_dismiss: { es: "Cerrar el mensaje del docente", en: "Dismiss the teacher's message" },
  classn_paused: { es: "Partida en pausa: el docente la ha detenido. Espera a que la reanude.",
    en: "Game paused by the teacher. Wait until they resume it." },
  classn_waiting: { es: "La clase aún no ha empezado: espera a que el docente la empiece.",
    en: "The class has not started yet: wait for the teacher to start it." },
});

const KEEP = 3;          // messages on screen at most (the oldest go first)
const HELD = new Set(["waiting", "paused"]);

const CSS = `
.classn-area { max-width: 70rem; margin: 0 auto; padding: 0 0.75rem; }
.classn-held, .classn-msg { margin: 0.5rem 0; }
.classn-held { padding: 0.75rem 1rem; border: 2px solid #7a5a00; border-radius: 0.5rem;
  background: #fff1c7; color: #3b2a00; font-weight: 600; }
.classn-msg { display: flex; gap: 0.5rem; align-items: flex-start; padding: 0.5rem 0.5rem 0.5rem 1rem;
  border: 2px solid #1f4f99; border-radius: 0.5rem; background: #eaf1ff; color: #0e2448; }
.classn-msg p { margin: 0.6rem 0; flex: 1; min-width: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
.classn-close { min-width: 44px; min-height: 44px; font-size: 1.3rem; line-height: 1; }
.classn-dimmed { opacity: 0.55; }
@media (prefers-reduced-motion: no-preference) { .classn-msg, .classn-held { animation: classn-in 200ms ease-out; } }
@keyframes classn-in { from { opacity: 0; transform: translateY(-4px); } to { opacity: 1; transform: none; } }
`;

class TableNotice {
  constructor(page) {
    ensureStyle("classn-css", CSS);
    this.page = page;
    this.held = null;           // "waiting" | "paused" | null
    this.told = 0;              // statuses pushed on the socket so far
    this.area = h("div", { class: "classn-area", role: "region", "aria-live": "polite" });
    this.heldBox = h("p", { class: "classn-held", hidden: true });
    this.area.append(this.heldBox);
    (page.root?.parentNode ?? document.body).insertBefore(this.area, page.root ?? null);
    this.label();
    this.wrap();
    this.ask();
  }

  t(key) {
    return translate(this.page.lang, key);
  }

  label() {
    this.area.setAttribute("aria-label", this.t("classn_region"));
  }

  /** Hook into the page: its messages, its actions and its acting. */
  wrap() {
    const page = this.page;
    const onMessage = page.onMessage.bind(page);
    page.onMessage = (msg) => {
      if (msg && msg.type === "notice") { this.notice(msg); return; }
      if (msg && msg.type === "class") { this.told += 1; this.setHeld(msg.status); return; }
      onMessage(msg);
      if (msg && msg.type === "state" && msg.log_from === 0) this.ask();   // a new connection
    };
    const drawActions = page.drawActions.bind(page);
    page.drawActions = () => { drawActions(); this.apply(); };
    const act = page.act.bind(page);
    page.act = (text) => {
      if (this.held) { this.heldBox.focus(); return undefined; }
      return act(text);
    };
  }

  /** Ask the server whether this table's class stands still now. */
  async ask() {
    const told = this.told;     // a status pushed meanwhile is newer than this answer
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(this.page.tableId)}/class`, { credentials: "same-origin" });
      const held = r.ok ? (await r.json()).held : undefined;
      if (held !== undefined && told === this.told) this.setHeld(held);
    } catch { /* offline: the socket tells us when it is back */ }
  }

  setHeld(status) {
    const held = HELD.has(status) ? status : null;
    if (held === this.held) return;
    this.held = held;
    this.apply();
  }

  /** The banner and the disabled actions follow `held`. */
  apply() {
    const held = this.held;
    this.label();
    document.body.dataset.classHeld = held || "none";
    this.heldBox.hidden = !held;
    this.heldBox.textContent = held ? this.t(held === "paused" ? "classn_paused" : "classn_waiting") : "";
    if (held) this.heldBox.setAttribute("tabindex", "-1");
    const el = this.page.el || {};
    for (const box of [el.actions, el.typedForm]) {     // the board stays readable
      if (!box) continue;
      box.inert = Boolean(held);
      box.classList.toggle("classn-dimmed", Boolean(held));
      for (const b of box.querySelectorAll("button, input, select")) {
        if (held && !b.disabled) { b.dataset.classnDisabled = "1"; b.disabled = true; } else if (!held && b.dataset.classnDisabled) {
          delete b.dataset.classnDisabled; b.disabled = false;
        }
      }
    }
  }

  /** The teacher's message: plain text only (textContent), dismissible. */
  notice(msg) {
    const text = typeof msg.text === "string" ? msg.text : "";
    if (!text) return;
    const box = h("div", { class: "classn-msg", "data-from": "teacher" });
    const p = h("p", {});
    p.append(h("strong", {}, this.t("classn_from")), " ");
    p.append(document.createTextNode(text));
    const close = h("button", { type: "button", class: "classn-close", "aria-label": this.t("classn_dismiss"),
      onclick: () => { box.remove(); } }, "×");
    box.append(p, close);
    this.area.append(box);
    const all = this.area.querySelectorAll(".classn-msg");
    for (let i = 0; i < all.length - KEEP; i += 1) all[i].remove();
  }
}

/** table.js makes its page synchronously after the imports ran: attach on the next turn. */
function attach(tries = 0) {
  const page = window.ludotecaTable;
  if (page) { page.classNotice = new TableNotice(page); return; }
  if (tries < 400) setTimeout(() => attach(tries + 1), 25);
}

if (document.body?.dataset.page === "table") attach();
