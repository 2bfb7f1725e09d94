// /class/{id}: the projector page (teacher only): the code in big letters, the QR, the join
// address, who sits where; start, pause, resume, end and a message to every table.
import { call, el, header, statusWords, t } from "./common.js";
import { Dashboard } from "./dashboard.js";

const app = document.getElementById("app");
const classId = location.pathname.split("/").pop();
// the tables in small, live (pushed by the server; dashboard.js): a new status redraws the rest
const dashboard = new Dashboard(classId, () => refresh());
const status = el("p", { class: "class-status", role: "status", "aria-live": "polite" });

function control(what, words) {
  return el("button", { type: "button", class: `class-${what}`, "data-action": what, onclick: async () => {
    try {
      render(await call("POST", `/api/classes/${classId}/${what}`, {}));
    } catch (err) {
      status.textContent = err.message;
    }
  } }, t(words));
}

function render(c) {
  const url = c.join_url ? new URL(c.join_url, location.origin).href : "";
  const message = el("input", { id: "class-message", maxlength: "300" });
  app.replaceChildren(
    header(`${c.title} · ${statusWords(c.status)}`),
    c.code ? el("p", { class: "class-code", "aria-label": t({ es: "Código", en: "Code" }) }, c.code) : null,
    c.code ? el("img", { class: "class-qr", src: `/api/classes/${classId}/qr.svg`, alt: url, width: "240", height: "240" }) : null,
    url ? el("p", { class: "class-url" }, url) : null,
    el("p", { class: "class-controls" },
      control("start", { es: "Empezar", en: "Start" }), " ",
      control("pause", { es: "Pausar", en: "Pause" }), " ",
      control("resume", { es: "Reanudar", en: "Resume" }), " ",
      control("end", { es: "Terminar", en: "End" })),
    el("form", { class: "class-message-form", onsubmit: async (e) => {
      e.preventDefault();
      try {
        await call("POST", `/api/classes/${classId}/message`, { text: message.value });
        message.value = "";
      } catch (err) {
        status.textContent = err.message;
      }
    } }, el("label", { for: "class-message" }, t({ es: "Mensaje a todas las mesas", en: "Message to every table" })),
    " ", message, " ", el("button", { type: "submit" }, t({ es: "Enviar", en: "Send" }))),
    dashboard.el,
    el("p", { class: "class-report-link" }, el("a", {
      href: `/class/${classId}/report?lang=${document.documentElement.lang}` },
    t({ es: "Informe de la clase (resultados, gráficas, descargas)",
      en: "Class report (results, charts, downloads)" }))),
    status);
  document.body.dataset.status = c.status;
}

async function refresh() {
  if (document.activeElement && document.activeElement.id === "class-message") return;
  try {
    render(await call("GET", `/api/classes/${classId}`));
  } catch (err) {
    status.textContent = err.message;
  }
}

refresh();
setInterval(refresh, 30000);
