// Every string of the web table's pages, in Spanish and English.
// The language comes from ?lang=es|en, else the browser's language, else Spanish.

export const LANGS = ["es", "en"];

const STRINGS = {
  app_name: { es: "ludoteca", en: "ludoteca" },
  tagline: {
    es: "Cinco juegos de mesa sobre economía y vida cívica, en el navegador.",
    en: "Five board games about economy and civic life, in the browser.",
  },
  language: { es: "Idioma", en: "Language" },
  lang_es: { es: "Español", en: "Spanish" },
  lang_en: { es: "Inglés", en: "English" },
  games: { es: "Juegos", en: "Games" },
  rules_brief: { es: "Las reglas en breve", en: "The rules in brief" },
  players_range: { es: "{min}–{max} jugadores", en: "{min}–{max} players" },
  players_one: { es: "{min} jugador", en: "{min} player" },
  create_table: { es: "Crear una mesa", en: "Create a table" },
  game: { es: "Juego", en: "Game" },
  options: { es: "Opciones", en: "Options" },
  no_options: { es: "Este juego no tiene opciones.", en: "This game has no options." },
  default_value: { es: "por defecto", en: "default" },
  default_is: { es: "por defecto: {value}", en: "default: {value}" },
  seats: { es: "Asientos", en: "Seats" },
  seat_n: { es: "Asiento {n}", en: "Seat {n}" },
  add_seat: { es: "Añadir asiento", en: "Add seat" },
  remove_seat: { es: "Quitar", en: "Remove" },
  person: { es: "Persona", en: "Person" },
  bot: { es: "Bot", en: "Bot" },
  name: { es: "Nombre", en: "Name" },
  budget_seconds: { es: "segundos por jugada", en: "seconds per move" },
  table_language: { es: "Idioma de la mesa", en: "Table language" },
  listed: { es: "Mesa pública", en: "Public table" },
  listed_help: {
    es: "Una mesa pública aparece en la lista de mesas abiertas y cualquiera puede ocupar sus asientos abiertos.",
    en: "A public table appears in the lobby and anyone can take its open seats.",
  },
  access: { es: "Acceso", en: "Access" },
  access_host: { es: "Yo", en: "Me" },
  access_local: { es: "En este dispositivo", en: "On this device" },
  access_invite: { es: "Invitación", en: "Invite" },
  access_open: { es: "Abierto", en: "Open" },
  access_help: {
    es: "Yo: tu asiento. En este dispositivo: alguien que juega aquí contigo, por turnos. Invitación: un enlace para una persona. Abierto: cualquiera con la dirección de la mesa.",
    en: "Me: your seat. On this device: someone playing here with you, taking turns. Invite: a link for one person. Open: anyone with the table's address.",
  },
  seed: { es: "Semilla (opcional)", en: "Seed (optional)" },
  create: { es: "Crear mesa", en: "Create table" },
  creating: { es: "Creando…", en: "Creating…" },
  created: { es: "Mesa creada", en: "Table created" },
  created_help: {
    es: "Ya estás sentado en la mesa desde este navegador.",
    en: "You already have your seat at the table in this browser.",
  },
  go_to_table: { es: "Ir a mi mesa", en: "Go to my table" },
  invites_help: {
    es: "Envía a cada persona su enlace: cada enlace es para una sola persona y funciona una vez.",
    en: "Send each person their link: each link is for one person and works once.",
  },
  invite_for: { es: "Invitación para {name} (asiento {n})", en: "Invite for {name} (seat {n})" },
  open_seat_for: {
    es: "Asiento {n} ({name}) abierto: cualquiera con esta dirección puede sentarse",
    en: "Seat {n} ({name}) is open: anyone with this address can take it",
  },
  spectator_link: { es: "Enlace para espectadores", en: "Spectator link" },
  open_link: { es: "Abrir", en: "Open" },
  copy: { es: "Copiar", en: "Copy" },
  copied: { es: "Copiado", en: "Copied" },
  open_tables: { es: "Mesas abiertas", en: "Open tables" },
  playing_tables: { es: "Partidas en juego", en: "Games in progress" },
  finished_tables: { es: "Partidas terminadas", en: "Finished games" },
  no_tables: { es: "Ninguna por ahora.", en: "None for now." },
  join: { es: "Sentarse", en: "Join" },
  join_as: { es: "Tu nombre", en: "Your name" },
  free_seat: { es: "libre", en: "free" },
  taken_seat: { es: "ocupado", en: "taken" },
  invited_seat: { es: "reservado", en: "reserved" },
  watch: { es: "Mirar", en: "Watch" },
  replay: { es: "Repetición", en: "Replay" },
  download_record: { es: "Descargar la partida (JSON)", en: "Download the record (JSON)" },
  refresh: { es: "Actualizar", en: "Refresh" },
  error: { es: "Error", en: "Error" },
  allowed: { es: "Valores admitidos", en: "Allowed values" },
  network_error: { es: "No se pudo contactar con el servidor.", en: "Could not reach the server." },
  loading: { es: "Cargando…", en: "Loading…" },
  // table page
  table: { es: "Mesa", en: "Table" },
  back_to_lobby: { es: "Volver al inicio", en: "Back to the lobby" },
  spectator: { es: "Espectador", en: "Spectator" },
  you_play: { es: "Juegas como {names}", en: "You play as {names}" },
  hotseat: { es: "Todos en este dispositivo", en: "Hot-seat" },
  watching: { es: "Estás mirando la partida", en: "You are watching the game" },
  version: { es: "jugada {n}", en: "move {n}" },
  your_turn: { es: "Te toca, {name}", en: "Your turn, {name}" },
  turn_of: { es: "Turno de {names}", en: "{names} to move" },
  waiting_secret: { es: "Decisión secreta: esperando a {names}", en: "Secret choice: waiting for {names}" },
  and: { es: " y ", en: " and " },
  players: { es: "Jugadores", en: "Players" },
  money: { es: "Dinero", en: "Money" },
  coins: { es: "{n} monedas", en: "{n} coins" },
  connected: { es: "conectado", en: "connected" },
  not_connected: { es: "desconectado", en: "not connected" },
  bot_seat: { es: "bot {bot}", en: "bot {bot}" },
  person_seat: { es: "persona", en: "person" },
  to_move: { es: "le toca", en: "to move" },
  log: { es: "Lo que ha pasado", en: "What happened" },
  log_empty: { es: "Aún no ha pasado nada.", en: "Nothing has happened yet." },
  secret_action: { es: "(decisión secreta)", en: "(secret choice)" },
  actions: { es: "Tus jugadas", en: "Your moves" },
  actions_for: { es: "Jugadas de {name}", en: "{name}'s moves" },
  no_actions: { es: "No te toca.", en: "Not your turn." },
  type_action: { es: "o escribe la jugada (p. ej. vender 4)", en: "or type the move (e.g. vender 4)" },
  send: { es: "Enviar", en: "Send" },
  rule: { es: "Regla {id}", en: "Rule {id}" },
  rule_help: { es: "Pulsa para leer la regla", en: "Click to read the rule" },
  rule_from_rulebook: { es: "Texto del reglamento.", en: "Text of the rulebook." },
  rule_english_only: { es: "Esta regla aún no está traducida: se muestra en inglés.", en: "Shown in English: no translation yet." },
  close: { es: "Cerrar", en: "Close" },
  pass_device_to: { es: "Pasa el dispositivo a {name}", en: "Pass the device to {name}" },
  pass_device_help: {
    es: "Lo que ve cada jugador queda oculto hasta que {name} pulse el botón.",
    en: "Each player's view stays hidden until {name} presses the button.",
  },
  i_am: { es: "Soy {name}: mostrar", en: "I am {name}: show" },
  connecting: { es: "Conectando…", en: "Connecting…" },
  reconnecting: { es: "Conexión perdida: reconectando en {s} s…", en: "Connection lost: reconnecting in {s} s…" },
  online: { es: "En línea", en: "Online" },
  game_over: { es: "Partida terminada", en: "Game over" },
  winners: { es: "Ganan: {names}", en: "Winners: {names}" },
  winner: { es: "Gana: {names}", en: "Winner: {names}" },
  no_winner: { es: "Nadie gana.", en: "Nobody wins." },
  ranking: { es: "Clasificación", en: "Ranking" },
  score: { es: "Puntuación", en: "Score" },
  reason: { es: "Motivo", en: "Reason" },
  board: { es: "Tablero", en: "Board" },
  generic_view: {
    es: "Vista del juego (sin dibujo propio todavía)",
    en: "Game view (no drawing of its own yet)",
  },
  no_seat: { es: "no tienes asiento en esta mesa", en: "you have no seat at this table" },
  host_watching: { es: "eres quien abrió la mesa", en: "you opened this table" },
  claiming: { es: "Usando la invitación…", en: "Using the invitation…" },
  claim_refused: { es: "No se pudo usar la invitación", en: "The invitation could not be used" },
  claim_watch: { es: "Puedes mirar la partida.", en: "You can watch the game." },
  claim_already: {
    es: "Esta invitación ya no vale, pero ya tienes asiento en esta mesa desde este navegador.",
    en: "This invitation is no longer valid, but this browser already has a seat at this table.",
  },
  open_seats: { es: "Asientos libres", en: "Free seats" },
  open_seats_help: {
    es: "Estos asientos están abiertos: el primero que se siente se lo queda.",
    en: "These seats are open: the first to take one keeps it.",
  },
  take_seat: { es: "Sentarse en el asiento {n}", en: "Take seat {n}" },
  seat_free: { es: "libre", en: "free" },
  seat_open: { es: "abierto", en: "open" },
  seat_invited: { es: "invitación pendiente", en: "invitation pending" },
  host_panel: { es: "Mesa", en: "Table" },
  host_help: {
    es: "Abriste esta mesa: puedes invitar de nuevo, abrir un asiento, dárselo a un bot si su jugador no está, o cerrarla.",
    en: "You opened this table: you can invite again, open a seat, hand it to a bot when its player is away, or close it.",
  },
  new_invite: { es: "Nuevo enlace de invitación", en: "New invite link" },
  new_invite_help: {
    es: "Para una sola persona; funciona una vez. El enlace anterior ya no vale.",
    en: "For one person; it works once. The previous link no longer works.",
  },
  open_to_anyone: { es: "Abrir a cualquiera", en: "Open to anyone" },
  to_bot: { es: "Pasar a un bot", en: "Hand to a bot" },
  close_table: { es: "Cerrar la mesa", en: "Close the table" },
  close_confirm: {
    es: "¿Cerrar la mesa? La partida termina para todos y no se puede deshacer.",
    en: "Close the table? The game ends for everyone and this cannot be undone.",
  },
  table_closed: { es: "El anfitrión ha cerrado la mesa.", en: "The host closed this table." },
  table_abandoned: {
    es: "La mesa se cerró por inactividad.",
    en: "This table expired: nobody played for too long.",
  },
  table_ended: { es: "Mesa cerrada", en: "Table closed" },
  table_not_found: { es: "Esta mesa no existe.", en: "This table does not exist." },
  // board (Qytetet / Civitas)
  round: { es: "Ronda {n} de {max}", en: "Round {n} of {max}" },
  last_roll: { es: "Último dado: {n}", en: "Last roll: {n}" },
  deck: { es: "Cartas de sorpresa: {n}", en: "Surprise cards: {n}" },
  price: { es: "Precio", en: "Price" },
  rent: { es: "Alquiler", en: "Rent" },
  tax: { es: "Impuesto", en: "Tax" },
  houses: { es: "casas", en: "houses" },
  hotels: { es: "hoteles", en: "hotels" },
  mortgaged: { es: "HIPOTECADA", en: "MORTGAGED" },
  in_jail: { es: "en la cárcel", en: "in jail" },
  has_card: { es: "tiene «Salir de la cárcel»", en: "holds “Get out of jail”" },
  capital: { es: "Capital", en: "Capital" },
  square_actions: { es: "{name}: ¿qué quieres hacer?", en: "{name}: what do you want to do?" },
  phase: { es: "Fase", en: "Phase" },
  // replay
  replay_title: { es: "Repetición de la partida", en: "Game replay" },
  prev: { es: "◀ Anterior", en: "◀ Previous" },
  next: { es: "Siguiente ▶", en: "Next ▶" },
  play: { es: "▶ Reproducir", en: "▶ Play" },
  pause: { es: "❚❚ Pausa", en: "❚❚ Pause" },
  first: { es: "◀◀ Inicio", en: "◀◀ Start" },
  last: { es: "Final ▶▶", en: "End ▶▶" },
  step_of: { es: "Jugada {n} de {total}", en: "Move {n} of {total}" },
  start_position: { es: "Posición inicial", en: "Starting position" },
  replay_unavailable: {
    es: "El servidor no da las vistas de la repetición; se muestran solo las jugadas.",
    en: "The server does not give the replay's views; only the moves are shown.",
  },
  speed: { es: "Velocidad", en: "Speed" },
};

/** The page's language: ?lang=, else the one the server chose, else the browser's, else es. */
export function detectLang() {
  const q = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(q)) return q;
  // the server writes the request's language (Accept-Language) into <html lang>
  const served = document.documentElement.lang;
  if (LANGS.includes(served)) return served;
  for (const l of navigator.languages || [navigator.language || ""]) {
    const code = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return "es";
}

/** The string `key` in `lang`, with {placeholders} filled from `params`. */
export function translate(lang, key, params = {}) {
  const entry = STRINGS[key];
  let text = entry ? (entry[lang] ?? entry.es) : key;
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** A translator bound to one language: t("key", {params}). */
export function translator(lang) {
  return (key, params) => translate(lang, key, params);
}

/** Pick the right language out of a {es, en} object (or pass a plain string through). */
export function pick(text, lang) {
  if (text == null) return "";
  if (typeof text === "string") return text;
  return text[lang] ?? text.es ?? text.en ?? "";
}

/** The current URL with ?lang= changed, keeping path, other params and fragment. */
export function urlWithLang(lang) {
  const u = new URL(location.href);
  u.searchParams.set("lang", lang);
  return u.pathname + u.search + u.hash;
}

/** Money as the rulebooks write it: 7.500 € (es), €7,500 (en). */
export function euros(x, lang) {
  if (x == null) return "";
  const n = Number(x);
  const [int, frac] = Math.abs(n).toFixed(2).split(".");
  const sep = lang === "en" ? "," : ".";
  let s = int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  if (frac !== "00") s += (lang === "en" ? "." : ",") + frac;
  const sign = n < 0 ? "−" : "";
  return lang === "en" ? `${sign}€${s}` : `${sign}${s} €`;
}

/** Format a list of names as "A, B y C" / "A, B and C". */
export function joinNames(names, lang) {
  if (names.length <= 1) return names.join("");
  return names.slice(0, -1).join(", ") + translate(lang, "and") + names[names.length - 1];
}

/** Add a module's own strings ({key: {es, en}}) to the catalogue; a key already there is an
 *  error (two modules must not fight over one key). */
export function addStrings(more) {
  for (const [k, v] of Object.entries(more)) {
    if (k in STRINGS && STRINGS[k] !== v) throw new Error(`i18n key defined twice: ${k}`);
    STRINGS[k] = v;
  }
}

export const KEYS = Object.keys(STRINGS);
export { STRINGS };
