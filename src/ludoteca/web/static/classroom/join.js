// /join: a student types the class code (or comes from the QR) and a name; the server seats
// them and the device cookie keeps the seat. Then the table page opens.
import { call, el, header, lang, t } from "./common.js";

const app = document.getElementById("app");
const params = new URLSearchParams(location.search);
const status = el("p", { class: "join-status", role: "status", "aria-live": "polite" });
const code = el("input", { id: "join-code", name: "code", autocomplete: "off", required: true,
  maxlength: "12", autocapitalize: "characters", value: params.get("code") || "" });
const name = el("input", { id: "join-name", name: "name", autocomplete: "nickname", required: true,
  maxlength: "24" });
const tablePick = el("p", { class: "join-pick", hidden: true });

async function lookUp() {
  tablePick.hidden = true;
  tablePick.replaceChildren();
  if (code.value.replace(/[\s-]/g, "").length !== 6) return;
  try {
    const info = await call("GET", `/api/join?code=${encodeURIComponent(code.value)}`);
    status.textContent = `${info.title} · ` + t({ es: `${info.tables} mesas`, en: `${info.tables} tables` });
    if (info.pick) {
      const select = el("select", { id: "join-table", name: "table" },
        el("option", { value: "" }, t({ es: "la que diga el servidor", en: "whichever the server says" })),
        Array.from({ length: info.tables }, (_, i) =>
          el("option", { value: String(i) }, t({ es: `Mesa ${i + 1}`, en: `Table ${i + 1}` }))));
      tablePick.append(el("label", { for: "join-table" }, t({ es: "Mesa", en: "Table" })), " ", select);
      tablePick.hidden = false;
    }
  } catch (err) {
    status.textContent = err.message;
  }
}

async function submit(event) {
  event.preventDefault();
  status.textContent = t({ es: "Buscando sitio…", en: "Finding a seat…" });
  const body = { code: code.value, name: name.value };
  const pick = document.getElementById("join-table");
  if (pick && pick.value !== "") body.table = Number(pick.value);
  try {
    const seat = await call("POST", "/api/join", body);
    status.textContent = t({ es: `Mesa ${seat.table + 1}, asiento ${seat.seat + 1}`,
      en: `Table ${seat.table + 1}, seat ${seat.seat + 1}` });
    location.assign(`${seat.url}?lang=${lang}`);
  } catch (err) {
    status.textContent = err.message;
  }
}

app.append(
  header(t({ es: "Entrar en una clase", en: "Join a class" })),
  el("form", { class: "join-form", onsubmit: submit },
    el("p", {}, el("label", { for: "join-code" }, t({ es: "Código de la clase", en: "Class code" })), " ", code),
    el("p", {}, el("label", { for: "join-name" }, t({ es: "Tu nombre", en: "Your name" })), " ", name),
    tablePick,
    el("p", {}, el("button", { type: "submit", class: "join-button" }, t({ es: "Entrar", en: "Join" })))),
  status);
code.addEventListener("change", lookUp);
if (code.value) lookUp();
(code.value ? name : code).focus();
