// The ring board shared by Qytetet and Civitas: 20 squares around a square table, with
// names, prices, owners' colours, houses, hotels, mortgages and the pawns. Clicking a square
// that some legal action names (build, sell, mortgage, buy…) opens a menu of those actions.

import { translate, euros } from "../i18n.js";
import { h, ensureStyle } from "./dom.js";

export const SEAT_COLOURS = ["#d7263d", "#1b6ec2", "#2e9e44", "#e09f00", "#8e44ad", "#16a2a2"];

// The board's own styles, added to the page once (the renderer works on any page).
const CSS = `
.mono-board {
  display: grid; gap: 3px; aspect-ratio: 1 / 1; width: 100%; max-width: 54rem; margin: 0 auto;
  background: #2d4a3e; padding: 3px; border-radius: 10px; position: relative; font-size: 0.72rem;
}
.mono-board.theme-civitas { background: #4a3a2d; }
.mono-square {
  background: #fbf8ef; border-radius: 4px; position: relative; overflow: hidden; min-width: 0; min-height: 0;
  display: flex; flex-direction: column; align-items: center; text-align: center; padding: 0 2px 2px;
}
.mono-square.corner { background: #efe6cf; }
.theme-civitas .mono-square.corner { background: #f0e2d0; }
.mono-square.type-sorpresa { background: #f3ecfb; }
.mono-square.type-impuesto { background: #fbeeee; }
.mono-band { align-self: stretch; height: 1.15rem; margin: 0 -2px 1px; background: #e4dccb; color: #fff; font-weight: 700; font-size: 0.68rem; line-height: 1.15rem; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; padding: 0 2px 0 1.3rem; position: relative; }
.mono-index { position: absolute; left: 3px; top: 0; color: #6d665a; font-size: 0.62rem; font-weight: 600; }
.mono-square.owned .mono-index { color: rgba(255,255,255,0.85); }
.mono-mark { font-size: 1.3rem; line-height: 1.2; color: #6d5a2e; }
.mono-name { font-weight: 700; line-height: 1.1; margin-top: 0.1rem; overflow-wrap: anywhere; }
.mono-price { color: #3d3a33; margin-top: 0.1rem; font-variant-numeric: tabular-nums; }
.mono-buildings { display: flex; flex-wrap: wrap; gap: 2px; justify-content: center; margin-top: 2px; }
.mono-house { width: 0.6rem; height: 0.6rem; background: #2e9e44; border-radius: 1px; clip-path: polygon(50% 0, 100% 45%, 100% 100%, 0 100%, 0 45%); }
.mono-hotel { width: 0.95rem; height: 0.7rem; background: #c62828; border-radius: 1px; }
.mono-square.mortgaged { background: repeating-linear-gradient(135deg, #f4efe4, #f4efe4 6px, #e4dccb 6px, #e4dccb 12px); }
.mono-mortgage { font-size: 0.6rem; font-weight: 800; color: #fff; background: #7a5c2e; border-radius: 3px; padding: 0 3px; margin-top: 2px; }
.mono-pawns { position: absolute; bottom: 2px; left: 0; right: 0; display: flex; gap: 2px; justify-content: center; }
.mono-pawn { width: 1.15rem; height: 1.15rem; border-radius: 50%; color: #fff; font-weight: 800; font-size: 0.68rem; line-height: 1.15rem; border: 2px solid #fff; box-shadow: 0 0 0 1px rgba(0,0,0,0.45); }
.mono-pawn.current { box-shadow: 0 0 0 2px #ffd400, 0 0 4px 2px rgba(0,0,0,0.4); }
.mono-pawn.jailed { outline: 2px dashed #333; }
.mono-square.actionable { cursor: pointer; box-shadow: inset 0 0 0 3px #ffb300; }
.mono-square.actionable:hover, .mono-square.actionable:focus { background: #fff4cc; outline: none; }
.mono-centre {
  background: #f4efe2; border-radius: 6px; display: flex; flex-direction: column; align-items: center;
  justify-content: center; gap: 0.3rem; padding: 0.6rem; font-size: 0.9rem; min-height: 0; overflow: hidden;
}
.theme-civitas .mono-centre { background: #f6ece0; }
.mono-title { font-size: 2rem; font-weight: 800; letter-spacing: 0.06em; color: #2d4a3e; }
.theme-civitas .mono-title { color: #6b3f16; }
.mono-boardname { color: #6d665a; font-size: 0.85rem; }
.mono-stats { display: flex; gap: 1rem; color: #6d665a; font-size: 0.85rem; }
.mono-diebox { width: 3.6rem; height: 3.6rem; }
.mono-diebox.actionable { cursor: pointer; animation: pulse 1.4s ease-in-out infinite; border-radius: 10px; }
@keyframes pulse { 50% { transform: scale(1.08); } }
.mono-die { width: 100%; height: 100%; }
.mono-die rect { fill: #fff; stroke: #333; stroke-width: 2; }
.mono-die circle { fill: #222; }
.mono-die.empty { border: 2px dashed #aaa; border-radius: 10px; }
.mono-rolltext { font-size: 0.8rem; color: #6d665a; }
.mono-legend { list-style: none; padding: 0; margin: 0.2rem 0 0; display: grid; gap: 0.15rem; font-size: 0.85rem; }
.mono-legend li { display: flex; gap: 0.4rem; align-items: center; flex-wrap: wrap; }
.mono-legend li.current { font-weight: 700; }
.mono-swatch { width: 0.8rem; height: 0.8rem; border-radius: 50%; display: inline-block; }
.mono-legend-money { font-variant-numeric: tabular-nums; }
.mono-legend-capital { color: #6d665a; font-size: 0.78rem; }
.mono-flag { font-size: 0.72rem; background: #eee3c8; border-radius: 3px; padding: 0 3px; }
.mono-menu {
  position: absolute; z-index: 20; background: #fff; border: 1px solid #999; border-radius: 6px;
  box-shadow: 0 4px 14px rgba(0,0,0,0.25); padding: 0.4rem; display: flex; flex-direction: column; gap: 0.25rem;
  min-width: 12rem; max-width: 20rem; font-size: 0.85rem;
}
.mono-menu-title { font-weight: 700; }
.mono-menu-action { display: flex; flex-direction: column; align-items: flex-start; gap: 0.1rem; text-align: left; }
.mono-menu-label { font-weight: 600; }
.mono-menu-help { color: #6d665a; font-size: 0.75rem; }
.mono-square.mortgaged .mono-price { text-decoration: line-through; color: #8a8070; }
.mono-menu-action code { color: #6d665a; }
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

function squareName(sq, lang) {
  return lang === "en" && sq.name_en ? sq.name_en : sq.name;
}

const SPECIAL_MARK = {
  SALIDA: "➜", CARCEL: "▦", PARKING: "P", JUEZ: "⚖", SORPRESA: "?", IMPUESTO: "%",
};

function buildingRow(sq, t) {
  const row = h("div", { class: "mono-buildings" });
  for (let i = 0; i < (sq.houses || 0); i++) row.append(h("span", { class: "mono-house", title: t("houses") }));
  for (let i = 0; i < (sq.hotels || 0); i++) row.append(h("span", { class: "mono-hotel", title: t("hotels") }));
  return row;
}

function squareTitle(sq, lang, t, names) {
  const lines = [`${sq.index}. ${squareName(sq, lang)}`];
  if (sq.type === "CALLE") {
    lines.push(`${t("price")}: ${euros(sq.purchase_price, lang)}`);
    lines.push(`${t("rent")}: ${euros(sq.rent, lang)}`);
    if (sq.owner != null) lines.push(`→ ${names[sq.owner] ?? sq.owner}`);
    if (sq.houses || sq.hotels) lines.push(`${sq.houses} ${t("houses")}, ${sq.hotels} ${t("hotels")}`);
    if (sq.mortgaged) lines.push(t("mortgaged"));
  } else if (sq.type === "IMPUESTO" && sq.tax != null) {
    lines.push(`${t("tax")}: ${euros(sq.tax, lang)}`);
  }
  return lines.join("\n");
}

function pawn(p, names, current) {
  const name = names[p.seat] ?? p.name ?? `J${p.seat + 1}`;
  return h("span", {
    class: "mono-pawn" + (p.seat === current ? " current" : "") + (p.in_jail ? " jailed" : ""),
    style: `background:${SEAT_COLOURS[p.seat % SEAT_COLOURS.length]}`,
    title: name, "data-seat": p.seat,
  }, name.slice(0, 1).toUpperCase());
}

function squareEl(sq, view, ctx, n, openMenu) {
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
  const el = h("div", {
    class: cls.join(" "), style: `grid-row:${row};grid-column:${col}`,
    "data-square": sq.index, title: squareTitle(sq, lang, t, names),
  });
  const band = h("div", { class: "mono-band" }, h("span", { class: "mono-index" }, sq.index));
  if (owner != null) {
    band.style.background = SEAT_COLOURS[owner % SEAT_COLOURS.length];
    band.append(h("span", { class: "mono-owner" }, names[owner] ?? `J${owner + 1}`));
  }
  el.append(band);
  if (sq.type !== "CALLE" && SPECIAL_MARK[sq.type]) el.append(h("div", { class: "mono-mark" }, SPECIAL_MARK[sq.type]));
  el.append(h("div", { class: "mono-name" }, squareName(sq, lang)));
  if (sq.type === "CALLE") {
    el.append(h("div", { class: "mono-price" },
      owner == null ? euros(sq.purchase_price, lang) : `${t("rent")} ${euros(sq.rent, lang)}`));
    el.append(buildingRow(sq, t));
  } else if (sq.type === "IMPUESTO" && sq.tax != null) {
    el.append(h("div", { class: "mono-price" }, euros(sq.tax, lang)));
  }
  if (sq.mortgaged) el.append(h("div", { class: "mono-mortgage" }, t("mortgaged")));
  const pawns = (view.players || []).filter((p) => p.position === sq.index);
  if (pawns.length) el.append(h("div", { class: "mono-pawns" }, pawns.map((p) => pawn(p, names, view.current))));
  if (acts.length) {
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    const open = (ev) => { ev.stopPropagation(); openMenu(el, sq, acts); };
    el.addEventListener("click", open);
    el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") open(ev); });
  }
  return el;
}

function dieFace(n) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 60");
  svg.setAttribute("class", "mono-die");
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

function centre(view, ctx, opts) {
  const { lang, t } = ctx;
  const names = ctx.names || [];
  const roll = (ctx.legal || []).find((a) => a.text === "tirar");
  const dieBox = h("div", { class: "mono-diebox" + (roll ? " actionable" : "") },
    view.last_roll != null ? dieFace(view.last_roll) : h("div", { class: "mono-die empty" }));
  if (roll) {
    dieBox.setAttribute("role", "button");
    dieBox.tabIndex = 0;
    dieBox.title = roll.label ? (roll.label[lang] ?? roll.text) : roll.text;
    dieBox.addEventListener("click", () => ctx.act(roll.text));
  }
  const legend = h("ul", { class: "mono-legend" }, (view.players || []).map((p) => h("li",
    { class: p.seat === view.current ? "current" : "" },
    h("span", { class: "mono-swatch", style: `background:${SEAT_COLOURS[p.seat % SEAT_COLOURS.length]}` }),
    h("span", { class: "mono-legend-name" }, names[p.seat] ?? p.name),
    h("span", { class: "mono-legend-money" }, euros(p.balance, lang)),
    p.capital != null ? h("span", { class: "mono-legend-capital" }, `${t("capital")} ${euros(p.capital, lang)}`) : null,
    p.in_jail ? h("span", { class: "mono-flag" }, t("in_jail")) : null,
    p.holds_salir_carcel ? h("span", { class: "mono-flag" }, t("has_card")) : null,
  )));
  return h("div", { class: "mono-centre" },
    h("div", { class: "mono-title" }, opts.title),
    view.board ? h("div", { class: "mono-boardname" }, view.board) : null,
    h("div", { class: "mono-stats" },
      view.round != null ? h("span", {}, t("round", { n: view.round, max: view.max_rounds ?? "∞" })) : null,
      view.deck_size != null ? h("span", {}, t("deck", { n: view.deck_size })) : null),
    dieBox,
    view.last_roll != null ? h("div", { class: "mono-rolltext" }, t("last_roll", { n: view.last_roll })) : null,
    legend);
}

/** A menu entry: the action's label in the language, its help, and its text if different. */
function menuParts(a, lang) {
  const label = (a.label && (a.label[lang] ?? a.label.es)) || a.text;
  const help = a.help ? (a.help[lang] ?? a.help.es) : "";
  return [h("span", { class: "mono-menu-label" }, label),
    help ? h("small", { class: "mono-menu-help" }, help) : null,
    label !== a.text ? h("code", {}, a.text) : null];
}

function closeMenus(root) {
  for (const m of root.querySelectorAll(".mono-menu")) m.remove();
}

/** Draw the ring board of `view` inside `el`; opts = {title, theme}. */
export function renderRing(el, view, ctxIn, opts = {}) {
  ensureStyle("mono-style", CSS);
  const lang = ctxIn.lang === "en" ? "en" : "es";
  const ctx = { ...ctxIn, lang, t: (key, params) => translate(lang, key, params) };
  const squares = view.squares || [];
  const n = squares.length || 20;
  const k = Math.max(1, Math.ceil(n / 4));
  el.replaceChildren();
  const board = h("div", {
    class: `mono-board theme-${opts.theme || "qytetet"}`,
    style: `grid-template-columns:repeat(${k + 1},1fr);grid-template-rows:repeat(${k + 1},1fr)`,
    "data-game": view.game || "",
  });
  const openMenu = (sqEl, sq, acts) => {
    closeMenus(board);
    const menu = h("div", { class: "mono-menu", role: "menu" },
      h("div", { class: "mono-menu-title" }, ctx.t("square_actions", { name: squareName(sq, ctx.lang) })),
      acts.map((a) => h("button", {
        type: "button", class: "mono-menu-action", "data-action": a.text,
        onclick: (ev) => { ev.stopPropagation(); closeMenus(board); ctx.act(a.text); },
      }, ...menuParts(a, ctx.lang))),
      h("button", { type: "button", class: "mono-menu-close", onclick: (ev) => { ev.stopPropagation(); closeMenus(board); } },
        ctx.t("close")));
    board.append(menu);
    const maxLeft = Math.max(0, board.clientWidth - menu.offsetWidth - 4);
    const below = sqEl.offsetTop + sqEl.offsetHeight + 2;
    const top = below + menu.offsetHeight > board.clientHeight ? sqEl.offsetTop - menu.offsetHeight - 2 : below;
    menu.style.left = `${Math.min(sqEl.offsetLeft, maxLeft)}px`;
    menu.style.top = `${Math.max(0, top)}px`;
    menu.querySelector("button")?.focus();
  };
  for (const sq of squares) board.append(squareEl(sq, view, ctx, n, openMenu));
  const mid = centre(view, ctx, opts);
  mid.style.gridRow = `2 / ${k + 1}`;
  mid.style.gridColumn = `2 / ${k + 1}`;
  board.append(mid);
  board.addEventListener("click", () => closeMenus(board));
  el.append(board);
}
