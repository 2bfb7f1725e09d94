// Table life, the time side: the clock chosen in the lobby (none / per move / per game, and
// what happens at timeout), each seat's clock ticking in its panel, who is connected ("away
// for 2 min"), and the optional sound when it becomes your turn (off by default; WebAudio,
// no audio file). chat.js puts these on the table page.

import { addStrings, translate } from "./i18n.js";
import { h, ensureStyle } from "./games/dom.js";

addStrings({
  clock_legend: { es: "Reloj", en: "Clock" },
  clock_mode: { es: "Tipo de reloj", en: "Kind of clock" },
  clock_none: { es: "Sin reloj", en: "No clock" },
  clock_move: { es: "Por jugada", en: "Per move" },
  clock_game: { es: "Por partida", en: "Per game" },
  clock_unit_move: { es: "segundos por decisión", en: "seconds per decision" },
  clock_unit_game: { es: "minutos por jugador", en: "minutes per player" },
  clock_help_none: {
    es: "Sin prisa: la mesa espera a cada jugador lo que haga falta.",
    en: "No hurry: the table waits for each player as long as it takes.",
  },
  clock_help_move: {
    es: "Cada decisión tiene {n} s. Si se acaba el tiempo, un bot juega por ti esa decisión (el bot «greedy»); el asiento sigue siendo tuyo y la siguiente decisión vuelve a ser tuya.",
    en: "Each decision has {n} s. If the time runs out, a bot plays that decision for you (the \"greedy\" bot); the seat stays yours and the next decision is yours again.",
  },
  clock_help_game: {
    es: "Cada jugador tiene {n} min para toda la partida, como en el ajedrez: el reloj solo corre en tu turno. Si se te acaba, un bot juega por ti esa decisión (el bot «greedy») y desde entonces tienes {g} s por decisión; el asiento sigue siendo tuyo.",
    en: "Each player has {n} min for the whole game, as in chess: the clock runs only on your turn. If yours runs out, a bot plays that decision for you (the \"greedy\" bot) and from then on you have {g} s per decision; the seat stays yours.",
  },
  clock_of: { es: "Reloj de {name}", en: "{name}'s clock" },
  clock_table: { es: "Reloj: {what}", en: "Clock: {what}" },
  clock_per_move: { es: "{n} s por jugada", en: "{n} s per move" },
  clock_per_game: { es: "{n} min por jugador", en: "{n} min per player" },
  clock_timeout_log: { es: "se acabó el tiempo: jugó el bot", en: "time ran out: the bot played" },
  presence_on: { es: "conectado", en: "connected" },
  presence_away: { es: "ausente desde hace {t}", en: "away for {t}" },
  presence_away_now: { es: "ausente", en: "away" },
  presence_minutes: { es: "{n} min", en: "{n} min" },
  presence_hours: { es: "{n} h", en: "{n} h" },
  sound_toggle: { es: "Sonido", en: "Sound" },
  sound_help: {
    es: "Un pitido corto cuando te toca (apagado al principio)",
    en: "A short beep when it is your turn (off at first)",
  },
});

const CSS = `
.seat-clock { grid-column: 3; font-variant-numeric: tabular-nums; font-weight: 700; font-size: 0.9rem;
  justify-self: end; padding: 0 0.3em; border-radius: 4px; border: 1px solid var(--line); background: #fff; }
.seat-clock.running { background: #123c35; color: #fff; border-color: #123c35; }
.seat-clock.low { background: #8f1d17; border-color: #8f1d17; color: #fff; }
.seat-presence { grid-column: 2; font-size: 0.78rem; color: var(--muted); }
.seat-presence.on { color: #1e6b2e; }
.sound-toggle { min-height: 44px; min-width: 44px; }
.sound-toggle[aria-pressed="true"] { background: var(--accent); color: var(--accent-ink); border-color: var(--accent); }
.clock-set .clock-row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.clock-set select, .clock-set input { min-height: 44px; }
.clock-set input { width: 6rem; }
.clock-help { margin: 0.4rem 0 0; font-size: 0.9rem; }
.life-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

/** "1:05", "12:00", "1:02:03" (never negative). */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hh ? `${hh}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/** "ausente desde hace 2 min" / "away for 2 min" (or just "away" under a minute). */
export function awayText(seconds, lang) {
  const t = (k, p) => translate(lang, k, p);
  if (seconds == null || seconds < 60) return t("presence_away_now");
  const min = Math.floor(seconds / 60);
  const span = min < 60 ? t("presence_minutes", { n: min }) : t("presence_hours", { n: Math.floor(min / 60) });
  return t("presence_away", { t: span });
}

// ---------------------------------------------------------------- the lobby's clock field

/**
 * The lobby's clock choice: kind (none / per move / per game), how much time, and what
 * happens at timeout, said under it. `value()` is the request's `clock` (or null).
 */
export function clockFieldset(lang) {
  ensureStyle("clock-css", CSS);
  const t = (k, p) => translate(lang, k, p);
  const mode = h("select", { id: "clock-mode", name: "clock-mode" },
    ["none", "move", "game"].map((m) => h("option", { value: m }, t(`clock_${m}`))));
  const amount = h("input", { id: "clock-amount", type: "number", min: "1", step: "1", inputmode: "numeric" });
  const unit = h("label", { for: "clock-amount", class: "clock-unit" });
  const help = h("p", { id: "clock-help", class: "clock-help muted", "aria-live": "polite" });
  const defaults = { move: 60, game: 10 };
  let last = "none";
  const sync = () => {
    const m = mode.value;
    if (m !== last && m !== "none") amount.value = String(defaults[m]);
    last = m;
    amount.hidden = unit.hidden = m === "none";
    amount.max = m === "move" ? "3600" : "1440";
    unit.textContent = m === "move" ? t("clock_unit_move") : t("clock_unit_game");
    const n = Number(amount.value) || defaults[m] || 0;
    help.textContent = t(`clock_help_${m}`, { n, g: 10 });
  };
  mode.addEventListener("change", sync);
  amount.addEventListener("input", sync);
  sync();
  const el = h("fieldset", { class: "clock-set", "aria-describedby": "clock-help" },
    h("legend", {}, t("clock_legend")),
    h("div", { class: "clock-row" }, h("label", { for: "clock-mode", class: "life-sr" }, t("clock_mode")),
      mode, amount, unit),
    help);
  return {
    el,
    value() {
      const m = mode.value;
      if (m === "none") return null;
      const n = Number(amount.value);
      // per game the lobby asks for minutes; the server counts seconds
      return { mode: m, seconds: m === "game" ? Math.round(n * 60) : Math.round(n) };
    },
  };
}

// ---------------------------------------------------------------- clocks and presence at a table

/** The clocks and presence of a table page: fed by state/presence messages, ticked locally. */
export class SeatTimes {
  constructor(lang) {
    ensureStyle("clock-css", CSS);
    this.lang = lang;
    this.clock = null;       // the last state's clock snapshot
    this.at = 0;             // performance.now() when it came
    this.offset = 0;         // server time − this device's time (ms)
    this.timer = setInterval(() => this.tick(), 500);
  }

  /** A state or presence message came: remember the clock and the server's time. */
  update(msg) {
    if (typeof msg.now === "number") this.offset = msg.now * 1000 - Date.now();
    if (msg.type === "state") {
      this.clock = msg.clock ?? null;
      this.at = performance.now();
    }
  }

  /** Seconds a seat has left now (null: no clock for it). */
  left(seat) {
    const c = this.clock?.seats?.[String(seat)];
    if (!c) return null;
    const spent = c.running ? (performance.now() - this.at) / 1000 : 0;
    return Math.max(0, c.left - spent);
  }

  /** Add each seat's clock and presence text to the panels (`seats`: the state's). */
  decorate(panels, seats, names, over) {
    const t = (k, p) => translate(this.lang, k, p);
    for (const li of panels.querySelectorAll(".seat-panel[data-seat]")) {
      const seat = Number(li.dataset.seat);
      const s = seats.find((x) => x.seat === seat);
      if (!s) continue;
      if (s.kind === "person" && s.claimed !== false) {
        const on = Boolean(s.connected);
        li.append(h("span", { class: `seat-presence ${on ? "on" : "off"}`, "data-left": on ? null : (s.left ?? "") },
          on ? t("presence_on") : this.awayOf(s.left)));
      }
      const c = this.clock?.seats?.[String(seat)];
      if (c && !over) {
        li.append(h("span", { class: "seat-clock", role: "timer", "data-seat": seat,
          "aria-label": t("clock_of", { name: names[seat] ?? `J${seat + 1}` }) }, clockText(this.left(seat))));
      }
    }
    this.tick();
  }

  awayOf(left) {
    if (left == null || left === "") return translate(this.lang, "presence_away_now");
    return awayText((Date.now() + this.offset) / 1000 - Number(left), this.lang);
  }

  /** Every half second: the running clocks and the "away for" texts. */
  tick() {
    for (const el of document.querySelectorAll(".seat-clock[data-seat]")) {
      const seat = el.dataset.seat;
      const c = this.clock?.seats?.[seat];
      if (!c) continue;
      const left = this.left(seat);
      const text = clockText(left);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("running", Boolean(c.running));
      el.classList.toggle("low", Boolean(c.running) && left <= 10);
    }
    for (const el of document.querySelectorAll(".seat-presence[data-left]")) {
      const text = this.awayOf(el.dataset.left);
      if (el.textContent !== text) el.textContent = text;
    }
  }

  /** "Reloj: 30 s por jugada" for the table's header, or null. */
  summary() {
    const c = this.clock;
    if (!c) return null;
    const t = (k, p) => translate(this.lang, k, p);
    const what = c.mode === "move" ? t("clock_per_move", { n: c.seconds }) : t("clock_per_game", { n: Math.round(c.seconds / 60) });
    return t("clock_table", { what });
  }
}

// ---------------------------------------------------------------- the turn sound

const SOUND_KEY = "ludoteca.sound";
let audio = null;

export function soundOn() {
  try { return localStorage.getItem(SOUND_KEY) === "on"; } catch { return false; }
}

/** A short two-note beep (WebAudio oscillator; nothing to download). */
export function beep() {
  try {
    audio = audio ?? new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
    const now = audio.currentTime;
    for (const [i, freq] of [[0, 660], [1, 880]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.11);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.12);
    }
    return true;
  } catch {
    return false;
  }
}

/** The header's sound toggle (aria-pressed; remembered in localStorage). */
export function soundToggle(lang) {
  const t = (k) => translate(lang, k);
  const button = h("button", { type: "button", class: "sound-toggle", "aria-pressed": soundOn() ? "true" : "false",
    title: t("sound_help"), "aria-label": `${t("sound_toggle")}: ${t("sound_help")}` },
  h("span", { "aria-hidden": "true" }, "♪ "), t("sound_toggle"));
  button.addEventListener("click", () => {
    const on = !soundOn();
    try { localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch { /* private mode */ }
    button.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) beep();      // a click is the gesture browsers want before any sound
  });
  return button;
}
