// The ring board shared by Qytetet and Civitas: 20 squares around a square table, with
// names, prices, owners' colours, houses, hotels, mortgages and the pawns. Tapping a square
// shows its card in the middle of the board, with the legal actions on it (build, sell,
// mortgage, buy…) as the same buttons the action list has.
//
// The board scales with its box (font sizes in container units): on a phone the squares
// show short names that never break inside a word, on a desktop the full names; the board
// is as large as the window's height allows. Pawns walk to their new square and a bought
// square's owner band fades in (≤ 300 ms, never under prefers-reduced-motion: reduce).

import { translate, euros, addStrings } from "../i18n.js";
import { h, ensureStyle } from "./dom.js";

export const SEAT_COLOURS = ["#d7263d", "#1b6ec2", "#2e9e44", "#e09f00", "#8e44ad", "#16a2a2"];

addStrings({
  mono_board: { es: "Tablero de {title}", en: "{title} board" },
  mono_free: { es: "libre", en: "for sale" },
  mono_owner: { es: "de {name}", en: "owned by {name}" },
  mono_pawns_here: { es: "aquí: {names}", en: "here: {names}" },
  mono_n_actions: { es: "{n} acciones", en: "{n} actions" },
  mono_one_action: { es: "1 acción", en: "1 action" },
  mono_buildings: { es: "{houses} casas, {hotels} hoteles", en: "{houses} houses, {hotels} hotels" },
  mono_round_final: { es: "Partida terminada en la ronda {n}", en: "Game over in round {n}" },
  mono_game_over: { es: "Partida terminada", en: "Game over" },
  mono_no_actions_here: { es: "Ahora no hay jugadas en esta casilla.", en: "No moves on this square now." },
  mono_last_roll_none: { es: "Aún no se ha tirado el dado", en: "No roll yet" },
  mono_sale: { es: "Venta", en: "Sale" },
  mono_build_cost: { es: "Edificar", en: "Build" },
  mono_mortgage: { es: "Hipoteca", en: "Mortgage" },
});

// Short names of the special squares, for the compact (phone) layout.
const SPECIAL_SHORT = {
  SALIDA: ["Salida", "Start"], CARCEL: ["Cárcel", "Jail"], PARKING: ["Parking", "Parking"],
  JUEZ: ["Juez", "Judge"], SORPRESA: ["Sorpresa", "Surprise"], IMPUESTO: ["Impuesto", "Tax"],
};
const SPECIAL_MARK = {
  SALIDA: "➜", CARCEL: "▦", PARKING: "P", JUEZ: "⚖", SORPRESA: "?", IMPUESTO: "%",
};
// Words a short label leaves out: articles and the kind of street.
const GENERIC = new Set(["calle", "callejón", "plaza", "paseo", "avenida", "cuesta", "ronda",
  "de", "del", "la", "las", "los", "el", "street", "square", "avenue", "walk", "promenade",
  "alley", "hill", "road", "lane", "the", "of"]);

// The board's own styles, added to the page once (the renderer works on any page).
const CSS = `
.mono-wrap { width: 100%; }
.mono-board {
  container: mono / inline-size;
  display: grid; gap: 2px; aspect-ratio: 1 / 1; min-height: 0; margin: 0 auto; position: relative;
  width: min(100%, max(20rem, calc(100dvh - 8.5rem)));
  background: #2d4a3e; padding: 2px; border-radius: 10px; color: #1d1b16;
}
@media (max-width: 600px) { .mono-board { aspect-ratio: 5 / 6; width: 100%; } }
.mono-board.theme-civitas { background: #4a3a2d; }
.mono-square {
  background: #fbf8ef; border-radius: 4px; position: relative; overflow: hidden; min-width: 0; min-height: 0;
  display: flex; flex-direction: column; align-items: center; text-align: center; padding: 0 2px 2px;
  font-size: clamp(0.55rem, 1.85cqi, 1.1rem); cursor: pointer; line-height: 1.12;
}
.mono-square.corner { background: #efe6cf; }
.theme-civitas .mono-square.corner { background: #f0e2d0; }
.mono-square.type-sorpresa { background: #f3ecfb; }
.mono-square.type-impuesto { background: #fbeeee; }
.mono-band {
  align-self: stretch; flex: none; height: 1.45em; margin: 0 -2px 0.15em; background: #e4dccb; color: #1d1b16;
  font-weight: 700; font-size: 0.85em; line-height: 1.45em; overflow: hidden; white-space: nowrap;
  text-overflow: ellipsis; padding: 0 2px 0 1.9em; position: relative;
}
.mono-index { position: absolute; left: 3px; top: 0; font-size: 0.92em; font-weight: 700; }
.mono-mark { font-size: 1.7em; line-height: 1.1; color: #5e4a1e; }
.mono-name, .mono-short { font-weight: 700; overflow-wrap: normal; word-break: keep-all; hyphens: manual; }
.mono-short { display: none; }
.mono-price { color: #3d3a33; margin-top: 0.15em; font-variant-numeric: tabular-nums; white-space: nowrap; }
.mono-buildings { display: flex; flex-wrap: wrap; gap: 2px; justify-content: center; margin-top: 0.2em; }
.mono-house { width: 0.75em; height: 0.75em; background: #1f7a34; border-radius: 1px; clip-path: polygon(50% 0, 100% 45%, 100% 100%, 0 100%, 0 45%); }
.mono-hotel { width: 1.15em; height: 0.85em; background: #b3202f; border-radius: 1px; }
.mono-square.mortgaged { background: repeating-linear-gradient(135deg, #f7f3ea, #f7f3ea 6px, #ebe4d4 6px, #ebe4d4 12px); }
.mono-square.mortgaged .mono-price { text-decoration: line-through; color: #4f473a; }
.mono-mortgage { font-size: 0.8em; font-weight: 800; color: #fff; background: #6b4f24; border-radius: 3px; padding: 0 3px; margin-top: 0.2em; }
.mono-pawns { position: absolute; bottom: 2px; left: 0; right: 0; display: flex; gap: 1px; justify-content: center; pointer-events: none; }
.mono-pawn {
  width: 1.6em; height: 1.6em; border-radius: 50%; font-weight: 800; font-size: max(0.62rem, 0.85em);
  line-height: 1.6em; border: 2px solid #fff; box-shadow: 0 0 0 1px rgba(0,0,0,0.5); box-sizing: content-box;
  display: inline-block; text-align: center;
}
.mono-pawn.current { box-shadow: 0 0 0 2px #ffd400, 0 0 4px 2px rgba(0,0,0,0.45); }
.mono-pawn.jailed { outline: 2px dashed #333; }
.mono-square.actionable { box-shadow: inset 0 0 0 3px #b86e00; }
.mono-square:hover { background: #fff8dc; }
.mono-hit { position: absolute; inset: 0; z-index: 1; margin: 0; padding: 0; border: 0; border-radius: inherit;
  background: transparent; cursor: pointer; font: inherit; color: inherit; }
.mono-hit:focus-visible { outline: 3px solid #0b57d0; outline-offset: -3px; }
.mono-square:has(.mono-hit:focus-visible) { z-index: 2; }
.mono-square.selected { box-shadow: inset 0 0 0 3px #0b57d0; }
.mono-centre {
  background: #f4efe2; border-radius: 6px; display: flex; flex-direction: column; align-items: center;
  justify-content: center; gap: 0.35em; padding: 0.6em; min-height: 0; overflow: hidden;
  font-size: clamp(0.7rem, 2cqi, 1.15rem); text-align: center;
}
.theme-civitas .mono-centre { background: #f6ece0; }
.mono-title { font-size: 2.3em; font-weight: 800; letter-spacing: 0.06em; color: #2d4a3e; line-height: 1; }
.theme-civitas .mono-title { color: #6b3f16; }
.mono-boardname, .mono-stats, .mono-rolltext { color: #4f4a40; font-size: 0.9em; }
.mono-stats { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.2em 1em; }
.mono-stats .mono-over { font-weight: 700; color: #7a1d1d; }
.mono-diebox { width: 4em; height: 4em; flex: none; border-radius: 10px; }
.mono-diebox.actionable { cursor: pointer; box-shadow: 0 0 0 3px #b86e00; }
.mono-diebox.actionable:focus-visible { outline: 3px solid #0b57d0; outline-offset: 3px; }
.mono-die { width: 100%; height: 100%; display: block; }
.mono-die rect { fill: #fff; stroke: #333; stroke-width: 2; }
.mono-die circle { fill: #222; }
.mono-die.empty { border: 2px dashed #8a8378; border-radius: 10px; box-sizing: border-box; }
.mono-legend { list-style: none; padding: 0; margin: 0.2em 0 0; display: grid; gap: 0.2em; text-align: left; }
.mono-legend li { display: flex; gap: 0.4em; align-items: center; flex-wrap: wrap; }
.mono-legend li.current { font-weight: 700; }
.mono-swatch { width: 0.8em; height: 0.8em; border-radius: 50%; display: inline-block; flex: none; }
.mono-legend-money { font-variant-numeric: tabular-nums; }
.mono-legend-capital { color: #4f4a40; font-size: 0.88em; }
.mono-flag { font-size: 0.85em; background: #eee3c8; border-radius: 3px; padding: 0 3px; }
.mono-menu {
  position: absolute; z-index: 20; background: #fff; border: 1px solid #8a8378; border-radius: 8px;
  box-shadow: 0 4px 14px rgba(0,0,0,0.3); padding: 0.6rem; display: flex; flex-direction: column; gap: 0.35rem;
  font-size: 0.9rem; overflow: auto; box-sizing: border-box;
}
.mono-menu > * { flex: none; }
.mono-menu-band { margin: -0.6rem -0.6rem 0.2rem; padding: 0.35rem 0.6rem; border-radius: 8px 8px 0 0; font-weight: 700; background: #e4dccb; }
.mono-menu-title { font-weight: 700; font-size: 1.05rem; margin: 0; }
.mono-menu-facts { margin: 0; display: flex; flex-wrap: wrap; gap: 0.1rem 0.9rem; font-size: 0.85rem; }
.mono-menu-facts div { display: flex; gap: 0.3rem; }
.mono-menu-facts dt { color: #4f4a40; }
.mono-menu-facts dd { margin: 0; font-variant-numeric: tabular-nums; font-weight: 600; }
.mono-menu-action, .mono-menu-close { min-height: 44px; }
.mono-menu-action { display: flex; flex-direction: column; align-items: flex-start; justify-content: center; gap: 0.1rem; text-align: left; }
.mono-menu-label { font-weight: 600; }
.mono-menu-help { color: #4f4a40; font-size: 0.78rem; }
.mono-menu-none { color: #4f4a40; font-size: 0.85rem; margin: 0; }
@container mono (max-width: 34rem) {
  .mono-square { font-size: clamp(0.5rem, 2.6cqi, 0.8rem); padding: 0 1px 1px; }
  .mono-name, .mono-owner, .mono-mortgage, .mono-rentword { display: none; }
  .mono-short { display: block; font-size: min(1em, calc(27cqi / var(--len, 6))); line-height: 1.1; }
  .mono-mark { font-size: 1.4em; }
  .mono-price { font-size: 0.9em; }
  .mono-pawn { width: 1.35em; height: 1.35em; line-height: 1.35em; border-width: 1px; font-size: 0.62rem; }
  .mono-centre { font-size: clamp(0.62rem, 3.4cqi, 0.9rem); gap: 0.25em; padding: 0.3em; }
  .mono-title { font-size: 1.6em; }
  .mono-boardname { display: none; }
  .mono-diebox { width: 3em; height: 3em; }
}
@media (prefers-reduced-motion: no-preference) {
  .mono-band.fresh { animation: mono-own 260ms ease-out; }
  .mono-house.fresh, .mono-hotel.fresh { animation: mono-pop 240ms ease-out; }
  .mono-die.rolled { animation: mono-roll 260ms ease-out; }
  .mono-menu { animation: mono-fade 160ms ease-out; }
  @keyframes mono-own { from { opacity: 0; transform: scaleX(0.2); } to { opacity: 1; transform: none; } }
  @keyframes mono-pop { from { transform: scale(0.2); } to { transform: none; } }
  @keyframes mono-roll { from { transform: rotate(-90deg) scale(0.7); } to { transform: none; } }
  @keyframes mono-fade { from { opacity: 0; } to { opacity: 1; } }
}
`;

const SVG_NS = "http://www.w3.org/2000/svg";

/** Grid cell (row, col), 1-based, of square i on a ring of n squares (SALIDA bottom right). */
export function ringCell(i, n) {
  const k = Math.max(1, Math.ceil(n / 4));
  const size = k + 1;
  const side = Math.floor(i / k);
  const off = i % k;
  if (side === 0) return [size, size - off];          // bottom row, right to left
  if (side === 1) return [size - off, 1];             // left column, bottom to top
  if (side === 2) return [1, 1 + off];                // top row, left to right
  return [1 + off, size];                             // right column, top to bottom
}

export { euros };

/** Legal actions of ctx that name square `index` (e.g. "edificar-casa 4"), plus buying it. */
export function actionsOnSquare(view, ctx, index) {
  const out = [];
  const me = (view.players || []).find((p) => p.seat === ctx.seat);
  for (const a of ctx.legal || []) {
    const m = /^\S+ (\d+)$/.exec(a.text);
    if (m && Number(m[1]) === index) out.push(a);
    else if (a.text === "comprar" && me && me.position === index) out.push(a);
  }
  return out;
}

/** The square's name as the log names it: Spanish `name`, English `name_en`. */
export function squareName(sq, lang) {
  return lang === "en" && sq.name_en ? sq.name_en : sq.name;
}

/** A short label that never breaks inside a word: "Calle de la Acequia" → "Acequia". */
export function shortName(sq, lang) {
  if (sq.type !== "CALLE" && SPECIAL_SHORT[sq.type]) return SPECIAL_SHORT[sq.type][lang === "en" ? 1 : 0];
  const full = squareName(sq, lang) || "";
  const words = full.split(/\s+/).filter(Boolean);
  const kept = words.filter((w) => !GENERIC.has(w.toLowerCase()));
  if (!kept.length) return full;
  const short = kept.length > 2 ? kept.slice(-2).join(" ") : kept.join(" ");
  return short.length < 6 && words.length <= 2 ? full : short;
}

/** Black or white, whichever reads better on the colour `hex` (WCAG contrast). */
export function textOn(hex) {
  const c = hex.replace("#", "");
  const lin = (i) => {
    const v = parseInt(c.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * lin(0) + 0.7152 * lin(2) + 0.0722 * lin(4);
  return (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) ? "#000" : "#fff";
}

const colourOf = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

// What the last drawing of each board element showed, to animate from there.
const memory = new WeakMap();

const eventsKey = (view) => JSON.stringify(view.last_events || []);

function motionAllowed() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: no-preference)").matches;
}

function buildingRow(sq, t, fresh) {
  const row = h("div", { class: "mono-buildings", "aria-hidden": "true" });
  for (let i = 0; i < (sq.houses || 0); i++) {
    row.append(h("span", { class: "mono-house" + (fresh && i === sq.houses - 1 ? " fresh" : ""), title: t("houses") }));
  }
  for (let i = 0; i < (sq.hotels || 0); i++) {
    row.append(h("span", { class: "mono-hotel" + (fresh && i === sq.hotels - 1 ? " fresh" : ""), title: t("hotels") }));
  }
  return row;
}

/** The square in words, for screen readers and the tooltip. */
function squareWords(sq, view, ctx, acts) {
  const { lang, t } = ctx;
  const names = ctx.names || [];
  const parts = [`${sq.index}. ${squareName(sq, lang)}`];
  if (sq.type === "CALLE") {
    if (sq.owner == null) parts.push(`${t("mono_free")}, ${euros(sq.purchase_price, lang)}`);
    else {
      parts.push(t("mono_owner", { name: names[sq.owner] ?? `J${sq.owner + 1}` }));
      parts.push(`${t("rent")} ${euros(sq.rent, lang)}`);
    }
    if (sq.houses || sq.hotels) parts.push(t("mono_buildings", { houses: sq.houses, hotels: sq.hotels }));
    if (sq.mortgaged) parts.push(t("mortgaged").toLowerCase());
  } else if (sq.type === "IMPUESTO" && sq.tax != null) {
    parts.push(`${t("tax")} ${euros(sq.tax, lang)}`);
  }
  const here = (view.players || []).filter((p) => p.position === sq.index).map((p) => names[p.seat] ?? p.name);
  if (here.length) parts.push(t("mono_pawns_here", { names: here.join(", ") }));
  if (acts.length) parts.push(acts.length === 1 ? t("mono_one_action") : t("mono_n_actions", { n: acts.length }));
  return parts.join(" · ");
}

function pawn(p, names, current) {
  const name = names[p.seat] ?? p.name ?? `J${p.seat + 1}`;
  const bg = colourOf(p.seat);
  return h("span", {
    class: "mono-pawn" + (p.seat === current ? " current" : "") + (p.in_jail ? " jailed" : ""),
    style: `background:${bg};color:${textOn(bg)}`, title: name, "data-seat": p.seat, "aria-hidden": "true",
  }, name.slice(0, 1).toUpperCase());
}

function squareEl(sq, view, ctx, n, prev, select) {
  const { lang, t } = ctx;
  const names = ctx.names || [];
  const [row, col] = ringCell(sq.index, n);
  const acts = actionsOnSquare(view, ctx, sq.index);
  const owner = sq.owner;
  const isCorner = sq.index % Math.ceil(n / 4) === 0;
  const cls = ["mono-square", `type-${sq.type.toLowerCase()}`];
  if (isCorner) cls.push("corner");
  if (owner != null) cls.push("owned");
  if (sq.mortgaged) cls.push("mortgaged");
  if (acts.length) cls.push("actionable");
  const words = squareWords(sq, view, ctx, acts);
  const el = h("div", {
    class: cls.join(" "), style: `grid-row:${row};grid-column:${col}`,
    "data-square": sq.index, title: words,
  });
  // a real button over the whole square carries its name; what the square shows is drawn
  // beside it (aria-hidden), so the spoken name is the full sentence
  const hit = h("button", {
    type: "button", class: "mono-hit", "data-square": sq.index, "aria-label": words,
    "aria-haspopup": "dialog", tabindex: "-1",
  });
  el.append(hit);
  const band = h("div", { class: "mono-band", "aria-hidden": "true" }, h("span", { class: "mono-index" }, sq.index));
  if (owner != null) {
    const bg = colourOf(owner);
    band.style.background = bg;
    band.style.color = textOn(bg);
    band.append(h("span", { class: "mono-owner" }, names[owner] ?? `J${owner + 1}`));
    if (prev && prev.owners[sq.index] !== owner) band.classList.add("fresh");
  }
  el.append(band);
  if (sq.type !== "CALLE" && SPECIAL_MARK[sq.type]) el.append(h("div", { class: "mono-mark", "aria-hidden": "true" }, SPECIAL_MARK[sq.type]));
  const short = shortName(sq, lang);
  const longest = Math.max(4, ...short.split(/\s+/).map((w) => w.length));
  el.append(h("div", { class: "mono-name", "aria-hidden": "true" }, squareName(sq, lang)));
  el.append(h("div", { class: "mono-short", "aria-hidden": "true", style: `--len:${longest}` }, short));
  if (sq.type === "CALLE") {
    el.append(h("div", { class: "mono-price", "aria-hidden": "true" },
      owner == null ? euros(sq.purchase_price, lang)
        : [h("span", { class: "mono-rentword" }, `${t("rent")} `), euros(sq.rent, lang)]));
    const built = (sq.houses || 0) + 5 * (sq.hotels || 0);
    el.append(buildingRow(sq, t, prev && prev.built[sq.index] != null && built > prev.built[sq.index]));
  } else if (sq.type === "IMPUESTO" && sq.tax != null) {
    el.append(h("div", { class: "mono-price", "aria-hidden": "true" }, euros(sq.tax, lang)));
  }
  if (sq.mortgaged) el.append(h("div", { class: "mono-mortgage", "aria-hidden": "true" }, t("mortgaged")));
  const pawns = (view.players || []).filter((p) => p.position === sq.index);
  if (pawns.length) el.append(h("div", { class: "mono-pawns" }, pawns.map((p) => pawn(p, names, view.current))));
  const open = (ev) => { ev.preventDefault(); ev.stopPropagation(); select(el, sq, acts); };
  el.addEventListener("click", open);
  hit.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") open(ev);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
    if (step) {
      ev.preventDefault();
      const next = el.parentElement.querySelector(`.mono-hit[data-square='${(sq.index + step + n) % n}']`);
      if (next) { hit.tabIndex = -1; next.tabIndex = 0; next.focus(); }
    }
  });
  return el;
}

function dieFace(n, rolled) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 60");
  svg.setAttribute("class", "mono-die" + (rolled ? " rolled" : ""));
  svg.setAttribute("aria-hidden", "true");
  const rect = document.createElementNS(SVG_NS, "rect");
  for (const [k, v] of Object.entries({ x: 3, y: 3, width: 54, height: 54, rx: 9 })) rect.setAttribute(k, v);
  svg.append(rect);
  const pips = { 1: [[30, 30]], 2: [[18, 18], [42, 42]], 3: [[16, 16], [30, 30], [44, 44]],
    4: [[18, 18], [42, 18], [18, 42], [42, 42]], 5: [[16, 16], [44, 16], [30, 30], [16, 44], [44, 44]],
    6: [[18, 15], [42, 15], [18, 30], [42, 30], [18, 45], [42, 45]] }[n] || [];
  for (const [cx, cy] of pips) {
    const c = document.createElementNS(SVG_NS, "circle");
    c.setAttribute("cx", cx); c.setAttribute("cy", cy); c.setAttribute("r", 5);
    svg.append(c);
  }
  return svg;
}

/** The board's name: the default boards' Spanish names said in English on an English page. */
function boardName(name, lang) {
  const m = /^Tablero por defecto de (\S+)$/.exec(name);
  return lang === "en" && m ? `Default ${m[1]} board` : name;
}

/** "Ronda 3 de 100" while playing; "Partida terminada en la ronda 2" once over. */
function roundText(view, t) {
  if (view.round == null) return null;
  const max = view.max_rounds || null;
  if (view.result) {
    const n = max ? Math.min(view.round, max) : view.round;
    return h("span", { class: "mono-over" }, t("mono_round_final", { n }));
  }
  return h("span", {}, t("round", { n: view.round, max: max ?? "∞" }));
}

function centre(view, ctx, opts, prev) {
  const { lang, t } = ctx;
  const names = ctx.names || [];
  const roll = (ctx.legal || []).find((a) => a.text === "tirar");
  const rolled = Boolean(prev && view.last_roll != null && prev.events !== eventsKey(view)
    && (view.last_events || []).some((e) => /roll|jail_free|jail_stay/.test(e.kind || "")));
  const rollText = view.last_roll != null ? t("last_roll", { n: view.last_roll }) : t("mono_last_roll_none");
  const dieBox = h("div", { class: "mono-diebox" + (roll ? " actionable" : "") },
    view.last_roll != null ? dieFace(view.last_roll, rolled) : h("div", { class: "mono-die empty" }));
  if (roll) {
    const label = roll.label ? (roll.label[lang] ?? roll.label.es ?? roll.text) : roll.text;
    dieBox.setAttribute("role", "button");
    dieBox.tabIndex = 0;
    dieBox.title = label;
    dieBox.setAttribute("aria-label", label);
    dieBox.dataset.act = roll.text;
    const go = (ev) => { ev.preventDefault(); ev.stopPropagation(); ctx.act(roll.text); };
    dieBox.addEventListener("click", go);
    dieBox.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev); });
  } else {
    dieBox.setAttribute("role", "img");
    dieBox.setAttribute("aria-label", rollText);
  }
  const legend = h("ul", { class: "mono-legend" }, (view.players || []).map((p) => h("li",
    { class: p.seat === view.current && !view.result ? "current" : "" },
    h("span", { class: "mono-swatch", style: `background:${colourOf(p.seat)}`, "aria-hidden": "true" }),
    h("span", { class: "mono-legend-name" }, names[p.seat] ?? p.name),
    h("span", { class: "mono-legend-money" }, euros(p.balance, lang)),
    p.capital != null ? h("span", { class: "mono-legend-capital" }, `${t("capital")} ${euros(p.capital, lang)}`) : null,
    p.in_jail ? h("span", { class: "mono-flag" }, t("in_jail")) : null,
    p.holds_salir_carcel ? h("span", { class: "mono-flag" }, t("has_card")) : null,
  )));
  return h("div", { class: "mono-centre" },
    h("div", { class: "mono-title" }, opts.title),
    view.board ? h("div", { class: "mono-boardname" }, boardName(view.board, lang)) : null,
    h("div", { class: "mono-stats" },
      roundText(view, t),
      view.deck_size != null ? h("span", {}, t("deck", { n: view.deck_size })) : null),
    dieBox,
    h("div", { class: "mono-rolltext", "aria-hidden": "true" }, rollText),
    legend);
}

/** A menu entry: the action's label in the language and its help. */
function menuParts(a, lang) {
  const label = (a.label && (a.label[lang] ?? a.label.es)) || a.text;
  const help = a.help ? (a.help[lang] ?? a.help.es) : "";
  return [h("span", { class: "mono-menu-label" }, label),
    help ? h("small", { class: "mono-menu-help" }, help) : null];
}

/** The facts of a square's card, as term/value pairs. */
function facts(sq, ctx) {
  const { lang, t } = ctx;
  const names = ctx.names || [];
  const out = [];
  if (sq.type === "CALLE") {
    out.push([t("price"), euros(sq.purchase_price, lang)]);
    out.push([t("rent"), euros(sq.rent, lang)]);
    out.push([t("mono_build_cost"), euros(sq.build_price, lang)]);
    if (sq.owner != null) out.push([t("mono_sale"), euros(sq.sale_price, lang)]);
    if (sq.houses || sq.hotels) out.push([t("houses"), `${sq.houses}`], [t("hotels"), `${sq.hotels}`]);
    if (sq.mortgaged) out.push([t("mono_mortgage"), euros(sq.mortgage_received, lang)]);
  } else if (sq.type === "IMPUESTO" && sq.tax != null) {
    out.push([t("tax"), euros(sq.tax, lang)]);
  }
  return out;
}

function closeMenus(root) {
  for (const m of root.querySelectorAll(".mono-menu")) m.remove();
  for (const s of root.querySelectorAll(".mono-square.selected")) s.classList.remove("selected");
}

/** Move each pawn that changed square from where it was, square by square (≤ 300 ms). */
function walkPawns(board, prev, n) {
  if (!prev || !motionAllowed()) return;
  const centreOf = (i) => {
    const sq = board.querySelector(`.mono-square[data-square='${i}']`);
    if (!sq) return null;
    const r = sq.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  for (const el of board.querySelectorAll(".mono-pawn")) {
    const seat = Number(el.dataset.seat);
    const from = prev.pos[seat];
    const to = Number(el.closest(".mono-square").dataset.square);
    if (from == null || from === to) continue;
    const ahead = (to - from + n) % n;
    const path = ahead > 0 && ahead <= 6
      ? Array.from({ length: ahead }, (_, k) => (from + k) % n) : [from];
    const end = el.getBoundingClientRect();
    const [ex, ey] = [end.left + end.width / 2, end.top + end.height / 2];
    const [tx, ty] = centreOf(to) || [ex, ey];
    const frames = path.map((i) => {
      const c = centreOf(i);
      if (!c) return { transform: "none" };
      // keep the pawn's offset inside its square
      return { transform: `translate(${c[0] - tx}px, ${c[1] - ty}px)` };
    });
    frames.push({ transform: "none" });
    el.animate(frames, { duration: Math.min(300, 90 + 35 * path.length), easing: "ease-in-out" });
  }
}

/** On a wide screen the square board is as tall as the window below its top allows. */
function fitHeight(board) {
  if (typeof matchMedia !== "function" || matchMedia("(max-width: 600px)").matches) return;
  const top = board.getBoundingClientRect().top + window.scrollY;
  const avail = Math.floor(window.innerHeight - Math.min(top, window.innerHeight * 0.4) - 12);
  board.style.width = `min(100%, max(20rem, ${avail}px))`;
}

if (typeof window !== "undefined") {
  window.addEventListener("resize", () => { for (const b of document.querySelectorAll(".mono-board")) fitHeight(b); });
}

/** Draw the ring board of `view` inside `el`; opts = {title, theme}. */
export function renderRing(el, view, ctxIn, opts = {}) {
  ensureStyle("mono-style", CSS);
  const lang = ctxIn.lang === "en" ? "en" : "es";
  const ctx = { ...ctxIn, lang, t: (key, params) => translate(lang, key, params) };
  const squares = view.squares || [];
  const n = squares.length || 20;
  const k = Math.max(1, Math.ceil(n / 4));
  const remembered = memory.get(el);
  const prev = remembered && remembered.game === view.game && remembered.n === n ? remembered : null;
  const hadFocus = el.contains(document.activeElement) ? document.activeElement : null;
  const focusSquare = hadFocus?.dataset?.square;
  const focusDie = hadFocus?.classList?.contains("mono-diebox");
  el.replaceChildren();
  const board = h("div", {
    class: `mono-board theme-${opts.theme || "qytetet"}`, role: "group",
    "aria-label": ctx.t("mono_board", { title: opts.title || view.game || "" }),
    style: `grid-template-columns:repeat(${k + 1},minmax(0,1fr));grid-template-rows:repeat(${k + 1},minmax(0,1fr))`,
    "data-game": view.game || "",
  });
  const mid = centre(view, ctx, opts, prev);
  mid.style.gridRow = `2 / ${k + 1}`;
  mid.style.gridColumn = `2 / ${k + 1}`;
  const select = (sqEl, sq, acts) => {
    const wasOpen = sqEl.classList.contains("selected");
    closeMenus(board);
    if (wasOpen) return;
    sqEl.classList.add("selected");
    const close = () => { closeMenus(board); sqEl.querySelector(".mono-hit")?.focus(); };
    const title = squareName(sq, ctx.lang);
    const ownerName = sq.owner != null ? (ctx.names || [])[sq.owner] ?? `J${sq.owner + 1}` : null;
    const band = h("div", { class: "mono-menu-band" }, `${sq.index}`,
      sq.type === "CALLE" ? ` · ${ownerName ? ctx.t("mono_owner", { name: ownerName }) : ctx.t("mono_free")}` : "");
    if (sq.owner != null) { band.style.background = colourOf(sq.owner); band.style.color = textOn(colourOf(sq.owner)); }
    const menu = h("div", { class: "mono-menu", role: "dialog", "aria-label": title },
      band,
      h("h3", { class: "mono-menu-title" }, acts.length ? ctx.t("square_actions", { name: title }) : title),
      h("dl", { class: "mono-menu-facts" }, facts(sq, ctx).map(([k2, v]) => h("div", {}, h("dt", {}, k2), h("dd", {}, v)))),
      acts.length ? acts.map((a) => h("button", {
        type: "button", class: "mono-menu-action", "data-action": a.text,
        onclick: (ev) => { ev.stopPropagation(); closeMenus(board); ctx.act(a.text); },
      }, ...menuParts(a, ctx.lang))) : h("p", { class: "mono-menu-none" }, ctx.t("mono_no_actions_here")),
      h("button", { type: "button", class: "mono-menu-close", onclick: (ev) => { ev.stopPropagation(); close(); } },
        ctx.t("close")));
    menu.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { ev.stopPropagation(); close(); } });
    menu.addEventListener("click", (ev) => ev.stopPropagation());
    board.append(menu);
    // the square's card lies over the middle of the board (a small board: over all of it)
    const small = board.clientWidth < 544;
    const box = small ? { left: 6, top: 6, width: board.clientWidth - 12, height: board.clientHeight - 12 }
      : { left: mid.offsetLeft, top: mid.offsetTop, width: mid.offsetWidth, height: mid.offsetHeight };
    menu.style.left = `${box.left}px`;
    menu.style.top = `${box.top}px`;
    menu.style.width = `${box.width}px`;
    menu.style.maxHeight = `${box.height}px`;
    menu.querySelector("button")?.focus();
  };
  const sqEls = squares.map((sq) => squareEl(sq, view, ctx, n, prev, select));
  board.append(...sqEls);
  // keyboard: Tab reaches the squares with actions and the seat's own square; arrows go round
  const me = (view.players || []).find((p) => p.seat === ctx.seat);
  let reachable = sqEls.filter((s) => s.classList.contains("actionable"));
  const mine = me ? sqEls[me.position] : null;
  if (mine && !reachable.includes(mine)) reachable.push(mine);
  if (!reachable.length && sqEls.length) reachable = [sqEls[0]];
  for (const s of reachable) s.querySelector(".mono-hit").tabIndex = 0;
  board.append(mid);
  board.addEventListener("click", () => closeMenus(board));
  el.append(h("div", { class: "mono-wrap" }, board));
  fitHeight(board);
  walkPawns(board, prev, n);
  memory.set(el, {
    game: view.game, n, events: eventsKey(view),
    pos: Object.fromEntries((view.players || []).map((p) => [p.seat, p.position])),
    owners: squares.map((s) => s.owner ?? null),
    built: squares.map((s) => (s.type === "CALLE" ? (s.houses || 0) + 5 * (s.hotels || 0) : null)),
  });
  if (focusSquare != null) board.querySelector(`.mono-hit[data-square='${focusSquare}']`)?.focus();
  else if (focusDie) board.querySelector(".mono-diebox[role='button']")?.focus();
}
