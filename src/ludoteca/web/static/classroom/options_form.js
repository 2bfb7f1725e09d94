// The game part of the class form (/teach): the game, its options as the lobby draws them
// (the lobby's own field builder, app.js's optionField: choices as selects with their labels,
// yes/no as checkboxes, numbers as number inputs, a board as a file, help in the page's
// language), the seats per table within the game's players, and the bot for empty seats as a
// level in words (MCTS with its thinking time). A refusal is shown as the lobby shows it.

import { addStrings, detectLang, translator } from "../i18n.js";
import { h } from "../games/dom.js";
import { botLabel } from "../frame.js";
import { clearOptionErrors, forgetOptionFiles, optionField, optionValues, showFormError } from "../app.js";

addStrings({
  classroom_form_game: { es: "Juego", en: "Game" },
  classroom_form_options: { es: "Opciones del juego", en: "Game options" },
  classroom_form_seats: { es: "Asientos por mesa", en: "Seats per table" },
  classroom_form_seats_help: {
    es: "Entre {min} y {max} en este juego.", en: "Between {min} and {max} in this game.",
  },
  classroom_form_bot: { es: "Bot en los asientos vacíos", en: "Bot in empty seats" },
  classroom_form_bot_help: {
    es: "Juega en los asientos que nadie ocupa al empezar y en los de quien se va.",
    en: "Plays the seats nobody holds at the start and those of anyone who leaves.",
  },
  classroom_form_seconds: { es: "Segundos para pensar cada jugada", en: "Seconds to think per move" },
  classroom_level_random: { es: "Fácil: juega al azar", en: "Easy: plays at random" },
  classroom_level_greedy: {
    es: "Medio: codicioso (la mejor jugada inmediata)", en: "Medium: greedy (the best move right now)",
  },
  classroom_level_mcts: {
    es: "Difícil: MCTS (piensa antes de jugar)", en: "Hard: MCTS (thinks ahead)",
  },
  classroom_level_learned: {
    es: "Aprendido: red entrenada jugando", en: "Learned: a network trained by play",
  },
});

const lang = detectLang();
const t = translator(lang);

/** A bot's level in words ("Medio: codicioso…"); an unknown bot by the lobby's name for it. */
export function botLevel(name) {
  const key = `classroom_level_${name}`;
  const text = t(key);
  return text === key ? botLabel(name, t) : text;
}

function row(id, label, input, helpText) {
  const help = helpText != null ? h("small", { class: "option-help", id: `${id}-help` }, helpText) : null;
  if (help) input.setAttribute("aria-describedby", `${id}-help`);
  return h("div", { class: "option-row", "data-field": id }, h("label", { for: id }, label), input, help);
}

/**
 * The game fields of the class form for `games` (GET /api/games). Returns `{el, game(),
 * values(), showError(body), clear()}`: `values()` gives `{game, options, seats, bot}` as
 * POST /api/classes takes them; `showError` puts a refusal next to its field or in the box.
 */
export function gameFields(games) {
  const game = h("select", { id: "class-game", name: "game" },
    games.map((g) => h("option", { value: g.id }, `${g.title} (${g.players[0] === g.players[1]
      ? t("players_one", { min: g.players[0] }) : t("players_range", { min: g.players[0], max: g.players[1] })})`)));
  const seats = h("select", { id: "class-seats", name: "seats" });
  const bot = h("select", { id: "class-bot", name: "bot" });
  const seconds = h("input", { id: "class-bot-seconds", type: "number", min: "0.1", max: "30", step: "0.1",
    value: "1", inputmode: "decimal", class: "class-bot-seconds" });
  const secondsRow = row("class-bot-seconds", t("classroom_form_seconds"), seconds);
  const options = h("div", { class: "options class-options" });
  const errors = h("div", { class: "form-errors class-form-errors" });
  const seatsRow = row("class-seats", t("classroom_form_seats"), seats, "");

  const current = () => games.find((g) => g.id === game.value) || games[0];
  const syncBot = () => { secondsRow.hidden = !bot.value.startsWith("mcts"); };
  const draw = () => {
    const g = current();
    const [lo, hi] = g.players;
    const wanted = hi <= 4 ? hi : Math.max(lo, 4);   // the server's own default
    const seatChoices = [];
    for (let n = lo; n <= hi; n++) seatChoices.push(h("option", { value: String(n), selected: n === wanted ? true : null }, String(n)));
    seats.replaceChildren(...seatChoices);
    seatsRow.querySelector(".option-help").textContent = t("classroom_form_seats_help", { min: lo, max: hi });
    const names = g.bots?.length ? g.bots : ["greedy", "random", "mcts"];
    bot.replaceChildren(...names.map((b) => h("option", { value: b, selected: b === "greedy" ? true : null }, botLevel(b))));
    syncBot();
    forgetOptionFiles();
    options.replaceChildren(...(g.options.length ? g.options.map(optionField)
      : [h("p", { class: "muted" }, t("no_options"))]));
    errors.replaceChildren();
  };
  game.addEventListener("change", draw);
  bot.addEventListener("change", syncBot);
  draw();

  const el = h("div", { class: "class-game-fields" },
    row("class-game", t("classroom_form_game"), game),
    h("fieldset", { class: "options-set" }, h("legend", {}, t("classroom_form_options")), options),
    seatsRow,
    row("class-bot", t("classroom_form_bot"), bot, t("classroom_form_bot_help")),
    secondsRow);
  return {
    el,
    errors,
    game: current,
    values() {
      let spec = bot.value;
      if (spec === "mcts" && seconds.value.trim()) spec = `mcts:seconds=${Number(seconds.value)}`;
      return { game: current().id, options: optionValues(options), seats: Number(seats.value), bot: spec };
    },
    clear() {
      errors.replaceChildren();
      clearOptionErrors(options);
    },
    showError(body) {
      showFormError(body, errors, current());
    },
  };
}
