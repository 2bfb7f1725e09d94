// The ring board shared by Qytetet and Civitas: 20 squares around a square table, with
// names, prices, owners' colours, houses, hotels, mortgages and the pawns. Clicking a square
// that some legal action names (build, sell, mortgage, buy…) opens a menu of those actions.

export const SEAT_COLOURS = ["#d7263d", "#1b6ec2", "#2e9e44", "#e09f00", "#8e44ad", "#16a2a2"];

const SVG_NS = "http://www.w3.org/2000/svg";

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "style") el.style.cssText = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

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

/** Money as the rulebooks write it: 1.500 € / €1,500. */
export function euros(x, lang) {
  if (x == null) return "";
  const n = Number(x);
  const s = n.toLocaleString(lang === "en" ? "en-GB" : "es-ES", { maximumFractionDigits: 2 });
  return lang === "en" ? `€${s}` : `${s} €`;
}

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

function closeMenus(root) {
  for (const m of root.querySelectorAll(".mono-menu")) m.remove();
}

/** Draw the ring board of `view` inside `el`; opts = {title, theme}. */
export function renderRing(el, view, ctx, opts = {}) {
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
      }, a.label ? (a.label[ctx.lang] ?? a.text) : a.text, h("code", {}, a.text))),
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
