// /teach: a teacher logs in (login cookie, HttpOnly), sees their classes and makes new ones.
import { call, el, header, lang, t } from "./common.js";

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
  const game = el("select", { id: "class-game" }, games.map((g) => el("option", { value: g.id }, g.title)));
  const tables = el("input", { id: "class-tables", type: "number", min: "1", max: "12", value: "2" });
  const seats = el("input", { id: "class-seats", type: "number", min: "1", max: "12", value: "4" });
  const bot = el("input", { id: "class-bot", value: "greedy", list: "class-bots" });
  const bots = el("datalist", { id: "class-bots" });
  const pick = el("input", { id: "class-pick", type: "checkbox" });
  const tableLang = el("select", { id: "class-lang" },
    el("option", { value: "es", selected: lang === "es" }, "Español"),
    el("option", { value: "en", selected: lang === "en" }, "English"));
  const options = el("textarea", { id: "class-options", rows: "2", placeholder: "{}" });
  const fillBots = () => {
    const g = games.find((x) => x.id === game.value);
    bots.replaceChildren(...g.bots.map((b) => el("option", { value: b })));
    seats.min = String(g.players[0]);
    seats.max = String(g.players[1]);
  };
  game.addEventListener("change", fillBots);
  fillBots();
  const row = (id, words, input) => el("p", {}, el("label", { for: id }, t(words)), " ", input);
  return el("form", { class: "class-form", onsubmit: async (e) => {
    e.preventDefault();
    let opts = {};
    try {
      opts = options.value.trim() ? JSON.parse(options.value) : {};
    } catch {
      status.textContent = t({ es: "Las opciones deben ser JSON", en: "The options must be JSON" });
      return;
    }
    try {
      const made = await call("POST", "/api/classes", { game: game.value, options: opts,
        tables: Number(tables.value), seats: Number(seats.value), bot: bot.value,
        pick: pick.checked, lang: tableLang.value });
      location.assign(`/class/${made.class_id}?lang=${lang}`);
    } catch (err) {
      status.textContent = err.message;
    }
  } },
  el("h2", {}, t({ es: "Nueva clase", en: "New class" })),
  row("class-game", { es: "Juego", en: "Game" }, game),
  row("class-tables", { es: "Mesas", en: "Tables" }, tables),
  row("class-seats", { es: "Asientos por mesa", en: "Seats per table" }, seats),
  row("class-bot", { es: "Bot en los asientos vacíos", en: "Bot in empty seats" }, el("span", {}, bot, bots)),
  row("class-pick", { es: "Los alumnos eligen mesa", en: "Students pick their table" }, pick),
  row("class-lang", { es: "Idioma de las mesas", en: "Tables' language" }, tableLang),
  row("class-options", { es: "Opciones (JSON)", en: "Options (JSON)" }, options),
  el("p", {}, el("button", { type: "submit", class: "create-class" }, t({ es: "Crear la clase", en: "Create the class" }))));
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
  const classes = await call("GET", "/api/classes");
  const list = el("ul", { class: "class-list" }, classes.map((c) => el("li", {},
    el("a", { href: `/class/${c.class_id}?lang=${lang}` }, `${c.game} · ${c.code || "—"}`),
    ` (${c.status}, ${c.tables}) · `,
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
