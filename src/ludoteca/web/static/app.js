// The lobby: the five games, the form that creates a table (game, options, seats and who
// sits in each, language), the links it hands out, and the lists of open, playing and
// finished tables. The creator's browser is seated by the server's cookie: no secret ever
// rides in a URL except an invitation's one-time code, in the link's fragment.

import { detectLang, translator, pick, urlWithLang, joinNames } from "./i18n.js";
import { h, errorText, resultBox, postJSON } from "./table.js";
import { botLabel, skipLink } from "./frame.js";
import { clockFieldset } from "./clock.js";

const lang = detectLang();
const t = translator(lang);
const DEFAULT_NAMES = ["Ana", "Bea", "Cris", "Dani", "Eva", "Fede"];
const BOT_KINDS_FALLBACK = ["random", "greedy", "mcts"];
const ACCESS = ["host", "local", "invite", "open"];   // who takes a person's seat

let games = [];
const el = {};

async function getJSON(url, init) {
  const r = await fetch(url, init);
  const body = await r.json().catch(() => null);
  if (!r.ok) throw Object.assign(new Error("http"), { body });
  return body;
}

function absolute(path) {
  return new URL(path, location.origin).href;
}

function playersText(g) {
  const [min, max] = g.players;
  return min === max ? t("players_one", { min }) : t("players_range", { min, max });
}

/** One line about a game: the summary's first sentence after "Title (n–m players)." */
function firstLine(text) {
  const s = pick(text, lang).split("\n")[0].replace(/^[^(]*\([^)]*\)\.\s*/, "");
  const m = /^.*?[.!?](?=\s|$)/.exec(s);
  const line = m ? m[0] : s;
  return line.length > 240 ? `${line.slice(0, 237)}…` : line;
}

/** A value in words: a choice's label, yes/no for true/false, "none" for null. */
function shown(value, opt) {
  const i = (opt?.choices || []).findIndex((c) => c === value);
  if (i >= 0 && opt.choice_labels?.[i]) return pick(opt.choice_labels[i], lang);
  if (value == null) return t("lobby_none");
  if (typeof value === "boolean") return t(value ? "lobby_yes" : "lobby_no");
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Options given as a file in the lobby: their TOML text goes to the server as {toml}. */
const FILE_OPTIONS = new Set(["board", "content"]);
const boardFiles = {};   // option name -> {name, size, text} of the chosen file

// ---------------------------------------------------------------- games list

function drawGames() {
  el.games.replaceChildren(...games.map((g) => h("li", { class: "game-card", "data-game": g.id },
    h("h3", {}, g.title),
    h("p", { class: "game-players" }, playersText(g)),
    h("p", { class: "game-line" }, firstLine(g.summary)),
    h("details", { class: "game-summary" }, h("summary", {}, t("rules_brief")),
      pick(g.summary, lang).split("\n").map((para) => h("p", {}, para))),
    h("button", { type: "button", class: "game-choose", onclick: () => {
      el.gameSelect.value = g.id;
      drawGameForm();
      el.form.scrollIntoView({ behavior: "smooth" });
    } }, t("create_table")))));
}

// ---------------------------------------------------------------- create form

function currentGame() {
  return games.find((g) => g.id === el.gameSelect.value) || games[0];
}

function encode(value) {
  return JSON.stringify(value);
}

/** One option's field: a select for choices, a checkbox for a yes/no, a number input for a
 *  number, a file for a board, else free text (JSON when it parses); its help in words.
 *  Shared with the classroom's class form (static/classroom/options_form.js). */
export function optionField(opt) {
  const id = `opt-${opt.name}`;
  const help = pick(opt.help, lang);
  const title = pick(opt.title, lang) || opt.name;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  if (FILE_OPTIONS.has(opt.name) && opt.choices == null) return fileOptionField(opt, id, title, helpId, errorId);
  let input;
  if (Array.isArray(opt.choices) && opt.choices.length) {
    input = h("select", { id, name: opt.name, class: "option-input", "data-kind": "choice" });
    if (opt.default == null) input.append(h("option", { value: "" }, `— ${t("default_value")} —`));
    opt.choices.forEach((c) => {
      input.append(h("option", { value: encode(c), selected: c === opt.default ? true : null }, shown(c, opt)));
    });
  } else if (typeof opt.default === "boolean") {
    input = h("input", { id, name: opt.name, class: "option-input", "data-kind": "bool", type: "checkbox",
      checked: opt.default ? true : null });
  } else if (Number.isInteger(opt.default)) {
    input = h("input", { id, name: opt.name, class: "option-input", "data-kind": "number", type: "number",
      step: "1", inputmode: "numeric", value: String(opt.default) });
  } else {
    input = h("input", {
      id, name: opt.name, class: "option-input", "data-kind": "free", type: "text",
      value: opt.default == null ? "" : (typeof opt.default === "object" ? JSON.stringify(opt.default) : String(opt.default)),
      placeholder: opt.default == null ? t("default_value") : null,
    });
  }
  input.setAttribute("aria-describedby", `${helpId} ${errorId}`);
  return h("div", { class: "option-row", "data-option": opt.name },
    h("label", { for: id }, title, " ", h("code", { class: "option-name", translate: "no" }, opt.name)),
    input,
    h("small", { class: "option-help", id: helpId },
      help, help ? " · " : "", t("default_is", { value: shown(opt.default, opt) })),
    h("p", { class: "option-error", id: errorId, role: "alert", hidden: true }));
}

/** A board given as a file: read in the browser, its text sent as {"toml": "…"}. */
function fileOptionField(opt, id, title, helpId, errorId) {
  const note = h("small", { class: "option-file-chosen muted", "aria-live": "polite" });
  const clear = h("button", { type: "button", class: "option-file-clear", hidden: true, onclick: () => {
    delete boardFiles[opt.name];
    input.value = "";
    note.textContent = "";
    clear.hidden = true;
    showFieldError(opt.name, null);
  } }, t("lobby_board_clear"));
  const input = h("input", {
    id, name: opt.name, class: "option-input option-file visually-hidden", "data-kind": "file", type: "file",
    accept: ".toml,text/plain,application/toml", "aria-describedby": `${helpId} ${errorId}`,
    onchange: async () => {
      showFieldError(opt.name, null);
      const file = input.files?.[0];
      if (!file) { delete boardFiles[opt.name]; note.textContent = ""; clear.hidden = true; return; }
      try {
        boardFiles[opt.name] = { name: file.name, size: file.size, text: await file.text() };
        note.textContent = t("lobby_board_chosen", { name: file.name, size: file.size });
        clear.hidden = false;
      } catch {
        delete boardFiles[opt.name];
        showFieldError(opt.name, t("lobby_board_unreadable"));
      }
    },
  });
  return h("div", { class: "option-row option-file-row", "data-option": opt.name },
    h("label", { for: id }, title, " ", h("code", { class: "option-name", translate: "no" }, opt.name)),
    // the browser's own file button speaks the browser's language: ours speaks the page's
    h("div", { class: "option-file-box" }, input,
      h("label", { for: id, class: "option-file-button" }, t("lobby_board_choose")), note, clear),
    h("small", { class: "option-help", id: helpId }, t(opt.name === "content" ? "lobby_content_help" : "lobby_board_help")),
    h("p", { class: "option-error", id: errorId, role: "alert", hidden: true }));
}

/** Show (or clear, with null) an error next to an option's field; false when there is none. */
export function showFieldError(name, text) {
  const box = document.getElementById(`opt-${name}-error`);
  if (!box) return false;
  box.textContent = text ?? "";
  box.hidden = !text;
  box.classList.toggle("form-error", Boolean(text));
  const input = document.getElementById(`opt-${name}`);
  if (input) {
    if (text) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }
  return true;
}

/** The option an error answer is about ("options.max_rounds: …" or its `field`), or null. */
export function errorOption(body) {
  const err = body?.error;
  if (!err) return null;
  const field = err.field ?? /^options\.(\w+):/.exec(err.message?.en ?? "")?.[0]?.slice(0, -1);
  const m = /^options\.(\w+)$/.exec(field || "");
  if (m) return m[1];
  // the game's own check names it in its words: "…: elplan: option first_player=9 is not allowed"
  return /\boption (\w+)=/.exec(err.message?.en ?? "")?.[1] ?? null;
}

/** The value of a free-text option: JSON when it parses (numbers, true, lists), else the text. */
function parseFree(text) {
  const s = text.trim();
  if (!s) return undefined;
  try { return JSON.parse(s); } catch { return s; }
}

function seatRow(i, g, kind, access = "invite") {
  const bots = g.bots?.length ? g.bots : BOT_KINDS_FALLBACK;
  const kindSel = h("select", { class: "seat-kind-select", "aria-label": t("lobby_seat_kind", { n: i + 1 }) },
    h("option", { value: "person", selected: kind === "person" ? true : null }, t("person")),
    h("option", { value: "bot", selected: kind === "bot" ? true : null }, t("bot")));
  const name = h("input", { type: "text", class: "seat-name-input", "aria-label": t("lobby_seat_name", { n: i + 1 }),
    value: kind === "person" ? DEFAULT_NAMES[i % DEFAULT_NAMES.length] : "", placeholder: t("name") });
  const accessSel = h("select", { class: "seat-access-select", "aria-label": `${t("access")} (${t("seat_n", { n: i + 1 })})`,
    title: t("access_help") },
  ACCESS.map((a) => h("option", { value: a, selected: a === access ? true : null }, t(`access_${a}`))));
  const botSel = h("select", { class: "seat-bot-select", "aria-label": t("lobby_seat_bot", { n: i + 1 }) },
    bots.map((b) => h("option", { value: b, selected: b === "greedy" ? true : null }, botLabel(b, t))));
  const seconds = h("input", { type: "number", class: "seat-seconds", min: "0.05", max: "30", step: "0.05",
    value: "0.5", "aria-label": t("lobby_seconds_n", { n: i + 1 }), title: t("budget_seconds") });
  const secondsBox = h("label", { class: "seat-seconds-box" }, seconds, " ", t("budget_seconds"));
  const row = h("li", { class: "seat-row", "data-seat": i },
    h("span", { class: "seat-label" }, t("seat_n", { n: i + 1 })), kindSel, name, accessSel, botSel, secondsBox);
  const sync = () => {
    const bot = kindSel.value === "bot";
    botSel.hidden = !bot;
    accessSel.hidden = bot;
    secondsBox.hidden = !(bot && botSel.value.startsWith("mcts"));
    if (bot && name.value === DEFAULT_NAMES[i % DEFAULT_NAMES.length]) name.value = "";
    if (!bot && !name.value) name.value = DEFAULT_NAMES[i % DEFAULT_NAMES.length];
  };
  kindSel.addEventListener("change", () => {
    sync();
    if (kindSel.value === "person" && accessSel.value === "host") accessSel.value = "invite";
    fixHost(kindSel.value === "person" ? row : null);
  });
  accessSel.addEventListener("change", () => fixHost(row));
  botSel.addEventListener("change", sync);
  sync();
  return row;
}

/** The person rows of the form, in order. */
function personRows() {
  return [...el.seats.children].filter((row) => row.querySelector(".seat-kind-select").value === "person");
}

/**
 * Exactly one person seat is the creator's own ("Me"), when there is any person seat:
 * `changed` (the row the user just touched) wins when it says "Me"; when no row says so any
 * more, the first other person seat becomes the creator's (or `changed` again, if alone).
 */
function fixHost(changed) {
  const rows = personRows();
  if (!rows.length) return;
  const sel = (row) => row.querySelector(".seat-access-select");
  const hosts = rows.filter((row) => sel(row).value === "host");
  if (hosts.length > 1) {
    const keep = hosts.includes(changed) ? changed : hosts[0];
    for (const row of hosts) if (row !== keep) sel(row).value = "invite";
  } else if (!hosts.length) {
    const next = rows.find((row) => row !== changed) ?? rows[0];
    sel(next).value = "host";
  }
}

function drawSeats(count) {
  const g = currentGame();
  const rows = [];
  for (let i = 0; i < count; i++) rows.push(seatRow(i, g, i === 0 ? "person" : "bot", i === 0 ? "host" : "invite"));
  el.seats.replaceChildren(...rows);
  fixHost(null);
  updateSeatButtons();
}

function updateSeatButtons() {
  const g = currentGame();
  const n = el.seats.children.length;
  el.addSeat.disabled = n >= g.players[1];
  el.removeSeat.disabled = n <= g.players[0];
}

/** Forget the files chosen for file options (the game changed). */
export function forgetOptionFiles() {
  for (const k of Object.keys(boardFiles)) delete boardFiles[k];
}

function drawGameForm() {
  const g = currentGame();
  forgetOptionFiles();
  el.options.replaceChildren(...(g.options.length ? g.options.map(optionField)
    : [h("p", { class: "muted" }, t("no_options"))]));
  el.gameLine.textContent = `${playersText(g)} — ${firstLine(g.summary)}`;
  drawSeats(Math.max(g.players[0], Math.min(2, g.players[1])));
  el.formError.replaceChildren();
}

/** The options of the fields made by optionField inside `box`, as the server takes them. */
export function optionValues(box) {
  const options = {};
  for (const input of box.querySelectorAll(".option-input")) {
    if (input.dataset.kind === "file") {
      if (boardFiles[input.name]) options[input.name] = { toml: boardFiles[input.name].text };
    } else if (input.dataset.kind === "choice") {
      if (input.value !== "") options[input.name] = JSON.parse(input.value);
    } else if (input.dataset.kind === "bool") {
      options[input.name] = input.checked;
    } else if (input.dataset.kind === "number") {
      if (input.value.trim() !== "") options[input.name] = Number(input.value);
    } else {
      const v = parseFree(input.value);
      if (v !== undefined) options[input.name] = v;
    }
  }
  return options;
}

/** Clear the errors shown next to the option fields inside `box`. */
export function clearOptionErrors(box) {
  for (const e of box.querySelectorAll(".option-error")) {
    e.hidden = true; e.textContent = ""; e.classList.remove("form-error");
  }
  for (const input of box.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
}

/**
 * A refusal shown as the lobby shows it: an option's error next to its field (focused, with a
 * pointer to it in `box`), any other in `box`. `g` is the game (its options' titles).
 */
export function showFormError(body, box, g) {
  const name = errorOption(body);
  const text = errorText(body, lang, t);
  if (name && showFieldError(name, `${t("error")}: ${text}`)) {
    // the message stands next to its field; here only a pointer to it
    const opt = g?.options.find((o) => o.name === name);
    box.replaceChildren(h("p", { class: "form-note", role: "status" },
      h("a", { href: `#opt-${name}` }, t("lobby_see_field", { name: pick(opt?.title, lang) || name }))));
    document.getElementById(`opt-${name}`)?.focus();
  } else {
    box.replaceChildren(h("p", { class: "form-error", role: "alert" }, `${t("error")}: `, text));
  }
}

function collectBody() {
  const g = currentGame();
  const options = optionValues(el.options);
  const seats = [...el.seats.children].map((row) => {
    const kind = row.querySelector(".seat-kind-select").value;
    const name = row.querySelector(".seat-name-input").value.trim() || null;
    if (kind === "person") return { kind, name, access: row.querySelector(".seat-access-select").value };
    let bot = row.querySelector(".seat-bot-select").value;
    if (bot.startsWith("mcts") && !bot.includes(":")) {
      const s = row.querySelector(".seat-seconds").value.trim();
      if (s) bot = `mcts:seconds=${s}`;
    }
    return { kind, bot, name };
  });
  const seedText = el.seed.value.trim();
  return {
    game: g.id, options, lang: el.lang.value, listed: el.listed.checked,
    seed: seedText === "" ? null : Number(seedText), seats,
    clock: el.clock.value(),      // none / per move / per game (clock.js)
  };
}

function linkRow(label, path, cls) {
  const href = absolute(path);
  const copy = h("button", { type: "button", class: "copy-button", onclick: async () => {
    try { await navigator.clipboard.writeText(href); copy.textContent = t("copied"); } catch { /* no clipboard */ }
  } }, t("copy"));
  return h("li", { class: `link-row ${cls}` },
    h("span", { class: "link-label" }, label),
    h("a", { href, class: "link-url", target: "_blank", rel: "noopener" }, href),
    copy);
}

function drawCreated(res) {
  const invites = res.seats.filter((s) => s.invite)
    .map((s) => linkRow(t("invite_for", { name: s.name, n: s.seat + 1 }), s.invite, "invite-link"));
  const open = res.seats.filter((s) => s.kind === "person" && s.access === "open" && !s.claimed)
    .map((s) => linkRow(t("open_seat_for", { name: s.name, n: s.seat + 1 }), res.url, "open-seat-link"));
  const seated = (res.you || []).length > 0;
  el.created.replaceChildren(...[
    h("h3", {}, t("created")),
    seated ? h("p", { class: "muted" }, t("created_help")) : null,
    h("p", { class: "go-row" }, h("a", { href: res.url, class: "go-to-table" }, t("go_to_table"))),
    invites.length ? h("p", { class: "invites-help" }, t("invites_help")) : null,
    invites.length ? h("ul", { class: "links invite-links" }, invites) : null,
    open.length ? h("ul", { class: "links open-links" }, open) : null,
    h("ul", { class: "links" }, linkRow(t("spectator_link"), res.spectator, "spectator-link")),
  ].filter(Boolean));
  el.created.hidden = false;
  el.created.dataset.table = res.table_id;
}

async function submit(ev) {
  ev.preventDefault();
  el.formError.replaceChildren();
  clearOptionErrors(el.options);
  el.create.disabled = true;
  el.create.textContent = t("creating");
  try {
    const res = await postJSON("/api/tables", collectBody());
    drawCreated(res);
    refreshTables();
  } catch (err) {
    showFormError(err.body, el.formError, currentGame());
  } finally {
    el.create.disabled = false;
    el.create.textContent = t("create");
  }
}

// ---------------------------------------------------------------- table lists

function titleOf(id) {
  return games.find((g) => g.id === id)?.title ?? id;
}

function seatNames(tb) {
  return tb.seats.map((s) => s.name ?? `J${s.seat + 1}`);
}

function seatStatus(s) {
  if (s.kind === "bot") return `${t("bot")} ${botLabel(s.bot, t)}`;
  if (s.claimed) return t("taken_seat");
  return s.access === "open" ? t("free_seat") : t("invited_seat");
}

function openTableEl(tb) {
  const free = tb.seats.filter((s) => s.kind === "person" && s.access === "open" && !s.claimed);
  const seatSel = h("select", { class: "join-seat", "aria-label": t("lobby_join_seat", { game: titleOf(tb.game) }) },
    free.map((s) => h("option", { value: s.seat }, `${t("seat_n", { n: s.seat + 1 })}${s.name ? ` (${s.name})` : ""}`)));
  const name = h("input", { type: "text", class: "join-name", placeholder: t("join_as"),
    "aria-label": t("lobby_join_name", { game: titleOf(tb.game) }),
    value: free[0]?.name || "" });
  const err = h("span", { class: "form-error", role: "alert" });
  const form = h("form", { class: "join-form", onsubmit: async (ev) => {
    ev.preventDefault();
    err.textContent = "";
    try {
      const typed = name.value.trim();
      await postJSON(`/api/tables/${encodeURIComponent(tb.table_id)}/join`,
        typed ? { seat: Number(seatSel.value), name: typed } : { seat: Number(seatSel.value) });
      location.href = `/t/${encodeURIComponent(tb.table_id)}?lang=${lang}`;
    } catch (e) {
      err.textContent = errorText(e.body, lang, t);
    }
  } }, seatSel, name, h("button", { type: "submit", class: "join-button" }, t("join")), err);
  return h("li", { class: "table-item open", "data-table": tb.table_id },
    h("strong", {}, titleOf(tb.game)), " ",
    h("span", { class: "table-seats" }, tb.seats.map((s) => `${s.name ?? "—"} (${seatStatus(s)})`).join(", ")),
    form);
}

function playingTableEl(tb) {
  return h("li", { class: "table-item playing", "data-table": tb.table_id },
    h("strong", {}, titleOf(tb.game)), " ",
    h("span", { class: "table-seats" }, joinNames(seatNames(tb), lang)), " · ",
    h("span", { class: "muted" }, t("version", { n: tb.version })), " · ",
    h("a", { href: `/t/${encodeURIComponent(tb.table_id)}?lang=${lang}` }, t("watch")));
}

function finishedTableEl(tb) {
  return h("li", { class: "table-item finished", "data-table": tb.table_id },
    h("strong", {}, titleOf(tb.game)), " ",
    h("span", { class: "table-seats" }, joinNames(seatNames(tb), lang)),
    resultBox(tb.result, { lang, t, names: seatNames(tb) }),
    h("a", { href: `/api/tables/${encodeURIComponent(tb.table_id)}/record`, download: `${tb.game}-${tb.table_id}.json`,
      class: "record-link" }, t("download_record")), " · ",
    h("a", { href: `/replay/${encodeURIComponent(tb.table_id)}?lang=${lang}`, class: "replay-link" }, t("replay")));
}

async function refreshTables() {
  const lists = [["open", el.open, openTableEl], ["playing", el.playing, playingTableEl],
    ["finished", el.finished, finishedTableEl]];
  await Promise.all(lists.map(async ([status, box, make]) => {
    try {
      const tables = await getJSON(`/api/tables?status=${status}`);
      box.replaceChildren(...(tables.length ? tables.map(make) : [h("li", { class: "muted" }, t("no_tables"))]));
    } catch {
      box.replaceChildren(h("li", { class: "form-error" }, t("network_error")));
    }
  }));
}

// ---------------------------------------------------------------- page

function build(root) {
  el.games = h("ul", { class: "game-cards" }, h("li", { class: "muted" }, t("loading")));
  el.gameSelect = h("select", { id: "game-select", name: "game", onchange: () => drawGameForm() });
  el.gameLine = h("p", { class: "muted game-line-form" });
  el.options = h("div", { class: "options" });
  el.seats = h("ol", { class: "seats" });
  el.addSeat = h("button", { type: "button", class: "add-seat", onclick: () => {
    const n = el.seats.children.length;
    if (n < currentGame().players[1]) el.seats.append(seatRow(n, currentGame(), "bot"));
    fixHost(null);
    updateSeatButtons();
  } }, t("add_seat"));
  el.removeSeat = h("button", { type: "button", class: "remove-seat", onclick: () => {
    if (el.seats.children.length > currentGame().players[0]) el.seats.lastElementChild.remove();
    fixHost(null);
    updateSeatButtons();
  } }, t("remove_seat"));
  el.lang = h("select", { id: "table-lang", name: "lang" },
    ["es", "en"].map((l) => h("option", { value: l, selected: l === lang ? true : null }, t(`lang_${l}`))));
  el.listed = h("input", { type: "checkbox", id: "table-listed", name: "listed", "aria-describedby": "table-listed-help" });
  el.seed = h("input", { type: "number", id: "table-seed", name: "seed", step: "1", min: "0" });
  el.create = h("button", { type: "submit", class: "create-button" }, t("create"));
  el.formError = h("div", { class: "form-errors" });
  el.created = h("section", { class: "created", hidden: true, "aria-live": "polite" });
  el.clock = clockFieldset(lang);
  el.form = h("form", { class: "create-form", onsubmit: submit },
    h("h2", {}, t("create_table")),
    h("div", { class: "form-row" }, h("label", { for: "game-select" }, t("game")), el.gameSelect),
    el.gameLine,
    h("fieldset", { class: "options-set" }, h("legend", {}, t("options")), el.options),
    h("fieldset", { class: "seats-set" }, h("legend", {}, t("seats")), el.seats,
      h("div", { class: "seat-buttons" }, el.addSeat, el.removeSeat)),
    el.clock.el,
    h("div", { class: "form-row" }, h("label", { for: "table-lang" }, t("table_language")), el.lang),
    h("div", { class: "form-row listed-row" }, el.listed, h("label", { for: "table-listed" }, t("listed")),
      h("small", { id: "table-listed-help", class: "listed-help muted" }, t("listed_help"))),
    h("div", { class: "form-row" }, h("label", { for: "table-seed" }, t("seed")), el.seed),
    el.create, el.formError);
  el.open = h("ul", { class: "tables open-tables" });
  el.playing = h("ul", { class: "tables playing-tables" });
  el.finished = h("ul", { class: "tables finished-tables" });
  root.replaceChildren(
    skipLink(t),
    h("header", { class: "page-header" },
      h("h1", {}, t("app_name")),
      h("p", { class: "tagline" }, t("tagline")),
      h("nav", { class: "lang-switch", "aria-label": t("frame_language") }, ["es", "en"].map((l) =>
        h("a", { href: urlWithLang(l), class: l === lang ? "active" : "", lang: l, hreflang: l,
          "aria-current": l === lang ? "true" : null, title: t(`lang_${l}`) }, l.toUpperCase())))),
    h("main", { class: "lobby-layout", id: "main", tabindex: "-1" },
      h("section", { class: "games-area", "aria-labelledby": "games-title" }, h("h2", { id: "games-title" }, t("games")), el.games),
      h("section", { class: "create-area", "aria-label": t("create_table") }, el.form, el.created),
      h("section", { class: "tables-area", "aria-label": t("lobby_tables") },
        h("div", { class: "tables-head" }, h("h2", {}, t("open_tables")),
          h("button", { type: "button", class: "refresh", onclick: refreshTables }, t("refresh"))),
        el.open,
        h("h2", {}, t("playing_tables")), el.playing,
        h("h2", {}, t("finished_tables")), el.finished)));
}

async function main() {
  document.documentElement.lang = lang;
  document.title = `ludoteca — ${t("games")}`;
  build(document.getElementById("app"));
  try {
    games = await getJSON("/api/games");
  } catch (err) {
    el.games.replaceChildren(h("li", { class: "form-error" }, errorText(err.body, lang, t)));
    return;
  }
  el.gameSelect.replaceChildren(...games.map((g) => h("option", { value: g.id }, `${g.title} (${playersText(g)})`)));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) el.gameSelect.value = wanted;
  drawGames();
  drawGameForm();
  refreshTables();
  setInterval(refreshTables, 15000);
}

// the option fields above are shared with the classroom's class form, which imports this module
if (document.body?.dataset.page === "lobby") main();
