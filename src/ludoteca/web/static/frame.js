// The page frame shared by the lobby and the table page: its strings, the skip link, the
// bots' names in words, the legal actions drawn as buttons grouped by kind, and keeping the
// keyboard's focus inside a modal cover.

import { addStrings, pick } from "./i18n.js";
import { h } from "./games/dom.js";

addStrings({
  frame_skip: { es: "Saltar al contenido", en: "Skip to content" },
  frame_other_actions: { es: "Otras jugadas", en: "Other moves" },
  frame_typed_help: {
    es: "Escribe la jugada como en la consola (p. ej. «tirar»); cada botón muestra la suya en pequeño.",
    en: "Type the move as in the console (e.g. “roll”); each button shows its own in small print.",
  },
  frame_typed_summary: { es: "Escribir la jugada", en: "Type the move" },
  frame_main_nav: { es: "Navegación", en: "Navigation" },
  frame_language: { es: "Idioma de la página", en: "Page language" },
  frame_bot_random: { es: "al azar", en: "random" },
  frame_bot_greedy: { es: "codicioso", en: "greedy" },
  frame_bot_mcts: { es: "MCTS (piensa más)", en: "MCTS (thinks ahead)" },
  lobby_board_file: { es: "Fichero TOML del tablero", en: "Board TOML file" },
  lobby_board_help: {
    es: "Sube un fichero .toml con las 20 casillas ([[squares]]) y, si quieres, las cartas de sorpresa ([[cards]]). Sin fichero se juega el tablero del juego.",
    en: "Upload a .toml file with the 20 squares ([[squares]]) and, if you like, the surprise cards ([[cards]]). Without a file the game's own board is played.",
  },
  lobby_content_help: {
    es: "Sube un fichero .toml de contenido del juego (compruébalo antes con «ludoteca content check FICHERO --game JUEGO»). Sin fichero se juega el contenido del juego.",
    en: "Upload a .toml content file for the game (check it first with “ludoteca content check FILE --game GAME”). Without a file the game's own content is played.",
  },
  lobby_board_chosen: { es: "Elegido: {name} ({size} bytes)", en: "Chosen: {name} ({size} bytes)" },
  lobby_board_choose: { es: "Elegir un fichero .toml…", en: "Choose a .toml file…" },
  lobby_board_clear: { es: "Quitar el fichero", en: "Remove the file" },
  lobby_board_unreadable: { es: "No se pudo leer el fichero.", en: "The file could not be read." },
  lobby_yes: { es: "Sí", en: "Yes" },
  lobby_no: { es: "No", en: "No" },
  lobby_none: { es: "ninguno", en: "none" },
  lobby_see_field: { es: "Revisa el campo marcado: {name}", en: "Check the marked field: {name}" },
  lobby_tables: { es: "Mesas", en: "Tables" },
  lobby_seat_name: { es: "Nombre (asiento {n})", en: "Name (seat {n})" },
  lobby_seat_bot: { es: "Bot (asiento {n})", en: "Bot (seat {n})" },
  lobby_seat_kind: { es: "Quién juega (asiento {n})", en: "Who plays (seat {n})" },
  lobby_seconds_n: { es: "Segundos por jugada (asiento {n})", en: "Seconds per move (seat {n})" },
  lobby_join_seat: { es: "Asiento de {game}", en: "Seat at {game}" },
  lobby_join_name: { es: "Tu nombre en {game}", en: "Your name at {game}" },
});

/** A bot's name in words ("greedy" -> "codicioso"; "mcts:seconds=1" -> "MCTS (piensa más)"). */
export function botLabel(spec, t) {
  const base = String(spec || "").split(":")[0];
  const key = `frame_bot_${base}`;
  const text = t(key);
  return text === key ? base : text;
}

/** The "skip to content" link, first in the page, for keyboard users. */
export function skipLink(t, target = "main") {
  return h("a", { class: "skip-link", href: `#${target}` }, t("frame_skip"));
}

let uid = 0;

/**
 * The legal actions as buttons grouped by kind (`a.group`, {es, en}; the rest under
 * "Other moves"), in the order the groups first appear. Each button's text is the action's
 * label; its help describes it (aria-describedby); the typed form (the slug) is shown small,
 * hidden from screen readers (the label says it). `data-action` keeps the typed form.
 */
export function actionGroups(legal, { lang, t, pending, onAct }) {
  const groups = new Map();
  for (const a of legal) {
    const name = pick(a.group, lang) || t("frame_other_actions");
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(a);
  }
  // the unnamed group goes last
  const other = t("frame_other_actions");
  const names = [...groups.keys()].sort((x, y) => (x === other) - (y === other));
  const single = names.length === 1;
  return names.map((name) => {
    const id = `action-group-${++uid}`;
    return h("div", { class: "action-group", role: "group", "aria-labelledby": single ? null : id,
      "data-group": name },
    single ? null : h("h3", { class: "action-group-title", id }, name),
    h("div", { class: "action-group-buttons" }, groups.get(name).map((a) => actionButton(a, lang, pending, onAct))));
  });
}

function actionButton(a, lang, pending, onAct) {
  const label = pick(a.label, lang) || a.text;
  const help = pick(a.help, lang);
  const helpId = help ? `action-help-${++uid}` : null;
  return h("button", {
    type: "button", class: "action-button", "data-action": a.text, disabled: pending ? true : null,
    "aria-describedby": helpId, title: help || null, onclick: () => onAct(a.text),
  },
  h("span", { class: "action-label" }, label),
  help ? h("span", { class: "action-help", id: helpId, "aria-hidden": "true" }, help) : null,
  label !== a.text ? h("code", { class: "action-text", "aria-hidden": "true", translate: "no" }, a.typed || a.text) : null);
}

/** Keep Tab and Shift+Tab inside `box` (a modal cover) while it is shown. */
export function trapFocus(box) {
  if (box.dataset.trapped) return;
  box.dataset.trapped = "1";
  box.addEventListener("keydown", (ev) => {
    if (ev.key !== "Tab" || box.hidden) return;
    const items = [...box.querySelectorAll("button, a[href], input, select, textarea, [tabindex]:not([tabindex='-1'])")]
      .filter((x) => !x.disabled && x.offsetParent !== null);
    if (!items.length) { ev.preventDefault(); return; }
    const first = items[0];
    const last = items[items.length - 1];
    if (ev.shiftKey && document.activeElement === first) { ev.preventDefault(); last.focus(); }
    else if (!ev.shiftKey && document.activeElement === last) { ev.preventDefault(); first.focus(); }
  });
}
