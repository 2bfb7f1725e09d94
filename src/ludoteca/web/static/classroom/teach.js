// /teach: a teacher logs in (login cookie, HttpOnly), sees their classes and makes new ones.
import { call, el, header, lang, statusWords, t } from "./common.js";
import { gameFields } from "./options_form.js";
import { postJSON } from "../table.js";

const app = document.getElementById("app");
const status = el("p", { class: "teach-status", role: "status", "aria-live": "polite" });

function loginForm() {
  const name = el("input", { id: "teacher-name", autocomplete: "username", required: true });
  const password = el("input", { id: "teacher-password", type: "password",
    autocomplete: "current-password", required: true });
  return el("form", { class: "login-form", onsubmit: async (e) => {
    e.preventDefault();
    try {
      await call("POST", "/api/teacher/login", { name: name.value, password: password.value });
      show();
    } catch (err) {
      status.textContent = err.message;
      password.select();
    }
  } },
  el("p", {}, el("label", { for: "teacher-name" }, t({ es: "Nombre", en: "Name" })), " ", name),
  el("p", {}, el("label", { for: "teacher-password" }, t({ es: "Contraseña", en: "Password" })), " ", password),
  el("p", {}, el("button", { type: "submit", class: "login-button" }, t({ es: "Entrar", en: "Log in" }))));
}

async function classForm() {
  const games = await call("GET", "/api/games");
  const fields = gameFields(games);      // game, its options as the lobby's, seats, bot
  const tables = el("input", { id: "class-tables", type: "number", min: "1", max: "12", value: "2",
    inputmode: "numeric" });
  const pick = el("input", { id: "class-pick", type: "checkbox" });
  const tableLang = el("select", { id: "class-lang" },
    el("option", { value: "es", selected: lang === "es" }, "Español"),
    el("option", { value: "en", selected: lang === "en" }, "English"));
  const create = el("button", { type: "submit", class: "create-class create-button" },
    t({ es: "Crear la clase", en: "Create the class" }));
  const row = (id, words, input) => el("div", { class: "option-row" }, el("label", { for: id }, t(words)), input);
  return el("form", { class: "class-form create-form", onsubmit: async (e) => {
    e.preventDefault();
    fields.clear();
    status.textContent = "";
    create.disabled = true;
    try {
      const made = await postJSON("/api/classes", { ...fields.values(),
        tables: Number(tables.value), pick: pick.checked, lang: tableLang.value });
      location.assign(`/class/${made.class_id}?lang=${lang}`);
    } catch (err) {
      fields.showError(err.body);
    } finally {
      create.disabled = false;
    }
  } },
  el("h2", {}, t({ es: "Nueva clase", en: "New class" })),
  fields.el,
  row("class-tables", { es: "Mesas", en: "Tables" }, tables),
  el("div", { class: "form-row listed-row" }, pick,
    el("label", { for: "class-pick" }, t({ es: "Los alumnos eligen mesa", en: "Students pick their table" }))),
  row("class-lang", { es: "Idioma de las mesas", en: "Tables' language" }, tableLang),
  create, fields.errors);
}

async function show() {
  status.textContent = "";
  let me = null;
  try {
    me = await call("GET", "/api/teacher");
  } catch {
    app.replaceChildren(header(t({ es: "Docentes", en: "Teachers" })), loginForm(), status);
    return;
  }
  const [classes, games] = await Promise.all([call("GET", "/api/classes"), call("GET", "/api/games")]);
  const titles = Object.fromEntries(games.map((g) => [g.id, g.title]));
  const tablesWords = (n) => t(n === 1 ? { es: "1 mesa", en: "1 table" } : { es: `${n} mesas`, en: `${n} tables` });
  const list = el("ul", { class: "class-list" }, classes.map((c) => el("li", {},
    el("a", { href: `/class/${c.class_id}?lang=${lang}` }, `${titles[c.game] || c.game} · ${c.code || "—"}`),
    ` (${statusWords(c.status)}, ${tablesWords(c.tables)}) · `,
    el("a", { href: `/class/${c.class_id}/report?lang=${lang}`, class: "class-report-link" },
      t({ es: "informe", en: "report" })))));
  const logout = el("button", { type: "button", class: "logout", onclick: async () => {
    await call("POST", "/api/teacher/logout", {});
    show();
  } }, t({ es: "Salir", en: "Log out" }));
  app.replaceChildren(header(t({ es: `Docente: ${me.teacher}`, en: `Teacher: ${me.teacher}` })),
    el("p", {}, logout), el("h2", {}, t({ es: "Tus clases", en: "Your classes" })), list,
    await classForm(), status);
}

show();
