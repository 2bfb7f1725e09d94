// «Siglo XX»: every player's country as a grid of tiles (rails, cities and recycling sites,
// citizens, garbage, bridges, institutions), the land and technology offers, the technology
// cost track, the auction in progress, the catastrophe and its columns, the scoring cards, the
// Maintenance or Production step and each player's income, pollution, garbage and holdings
// (coins and science only for the seat itself: the view holds no one else's). Offer tiles,
// technologies, bid chips, catastrophe columns, cells to place a tile on, sites, tiles and
// bridge edges are clickable when a legal action names them (the same action as its button,
// with the button's words as the accessible name).
//
// Layout: at phone width the market, the auction and the players stack, each map is scaled to
// the width (a map you act on keeps its size and pans inside its box) and the other players'
// countries fold into a summary that opens on tap; wide screens get columns. Motion: the
// renderer redraws from scratch, so the previous drawing's values are kept per board element
// and what changed (a coin count, the pollution marker, a new tile or card) moves for under
// 300 ms — never under prefers-reduced-motion.

import { h, svg as s, ensureStyle, clickable, boardData } from "./dom.js";

const CSS = `
.sx{--ink:#22201c;--paper:#efece6;--line:#d3cdc2;--muted:#5f5748;font:14px/1.35 system-ui,sans-serif;
 color:var(--ink);background:var(--paper);border-radius:12px;padding:12px;display:flex;
 flex-direction:column;gap:10px;min-width:0;max-width:100%}
.sx *{box-sizing:border-box}
.sx-bar{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:center}
.sx-bar .title{font-size:17px;font-weight:800}
.sx-tag{background:#fff;border:1px solid var(--line);border-radius:999px;padding:2px 10px;font-size:13px}
.sx-tag.sp{background:#fff3c4}
.sx-now{background:#fff6d8;border:1px solid #e8cf7a;border-radius:8px;padding:6px 10px;overflow-wrap:anywhere}
.sx-top{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,260px),1fr));gap:8px;align-items:start}
.sx-box{background:#fff;border:1px solid var(--line);border-radius:10px;padding:8px 10px;min-width:0}
.sx-box h2{margin:0 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:#5a4d38}
.sx-small{font-size:12.5px;color:var(--muted)}
.sx-row{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-start}
.sx-offer{display:inline-flex;flex-direction:column;align-items:center;font-size:12px;font-weight:700;border-radius:8px;padding:3px;
 background:none;border:0;color:inherit;min-width:44px;min-height:44px}
.sx-up{background:#fff3c4;box-shadow:0 0 0 2px #e0b400}
.sx-up .sx-badge{margin:0;white-space:normal;text-align:center;line-height:1.15;padding:0 4px}
.sx-act{cursor:pointer;outline:3px solid #1f9d55;outline-offset:1px;border-radius:6px}
.sx-act:hover{outline-width:4px}
.sx-act:focus-visible{outline:4px solid #1a56db;outline-offset:2px}
svg .sx-act,svg.sx-act{outline:none}
svg .sx-act .hit{stroke:#1f9d55;stroke-width:3}
svg .sx-act:focus .hit,svg .sx-act:hover .hit{stroke:#1a56db;stroke-width:4}
svg .pad.sx-act{stroke:#1f9d55;stroke-width:3}
svg .pad.sx-act:focus,svg .pad.sx-act:hover{stroke:#1a56db;stroke-width:4}
.sx-icon{display:block}
svg text.halo{paint-order:stroke;stroke:#fffc;stroke-width:3px;stroke-linejoin:round}
.sx-techlist{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,210px),1fr));gap:5px}
.sx-cover{position:absolute;inset:0;border-radius:7px}
.sx-tech{position:relative;border:1px solid #cbbfe6;background:#f6f2fd;border-radius:7px;padding:5px 8px;font-size:12.5px;min-height:44px}
.sx-tech b{font-size:13px}
.sx-tech.inst{background:#efe9fb}
.sx-tech .eff{display:block;color:var(--muted);font-size:12px}
.sx-track{display:flex;flex-wrap:wrap;gap:2px;margin-top:4px}
.sx-track span{min-width:24px;text-align:center;border:1px solid #d5cab5;border-radius:4px;font-size:12.5px;background:#faf7f0}
.sx-track span.on{background:#3a2f20;color:#fff;font-weight:800}
.sx-cat{border-left:6px solid #b3261e}
.sx-cols{display:flex;gap:4px;margin-top:4px;flex-wrap:wrap}
.sx-col{flex:1 1 64px;border:1px solid #e3c9c6;border-radius:6px;text-align:center;font-size:12px;padding:3px;background:#fdf6f5;min-width:0}
.sx-col b{font-size:13px}
.sx-chip{display:inline-flex;align-items:center;justify-content:center;font-size:12px;border-radius:6px;padding:1px 6px;background:#f1ecfa;border:1px solid #d6c8ef}
.sx-chip.used{text-decoration:line-through;color:var(--muted)}
.sx-bidchip{font-size:13.5px;font-weight:700;min-width:44px;min-height:44px;background:#fff8e1;border-color:#d9b75a}
.sx-colbid{margin-top:4px;font-weight:700;min-height:44px;width:100%}
.sx-countries{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,380px),1fr));gap:8px;align-items:start}
.sx-country{background:#fff;border:1px solid var(--line);border-radius:10px;padding:0 8px 6px;border-top:6px solid var(--pc);min-width:0}
.sx-country.turn{box-shadow:0 0 0 2px var(--pc)}
.sx-country>summary{list-style:none;cursor:pointer;min-height:44px;padding:6px 0 4px;display:flex;flex-wrap:wrap;gap:2px 10px;
 align-items:center;justify-content:space-between;border-radius:6px}
.sx-country>summary::-webkit-details-marker{display:none}
.sx-country>summary:focus-visible{outline:3px solid #1a56db}
.sx-country>summary .fold::before{content:"▸";display:inline-block;margin-right:4px;color:var(--muted)}
.sx-country[open]>summary .fold::before{content:"▾"}
.sx-chead b.nm{font-size:15px}
.sx-badge{font-size:11.5px;border-radius:999px;padding:0 7px;background:#eee;margin-left:4px;white-space:nowrap}
.sx-badge.sp{background:#ffd54f}.sx-badge.go{background:#c8f0d4}
.sx-sum{font-size:12.5px;display:flex;gap:8px;align-items:baseline}
.sx-score{font-size:18px;font-weight:800}
.sx-stats{display:flex;flex-wrap:wrap;gap:2px 12px;font-size:12.5px;margin:3px 0}
.sx-stats b{font-size:13px}
.sx-secret{color:var(--muted);font-style:italic}
.sx-techs{display:flex;flex-wrap:wrap;gap:4px;margin:4px 0}
.sx-pend{display:flex;gap:6px;align-items:center;flex-wrap:wrap;font-size:12px;margin:4px 0}
.sx-map{overflow-x:auto;overflow-y:hidden;max-width:100%;-webkit-overflow-scrolling:touch}
.sx-map svg{display:block;margin:4px auto 0;width:100%;height:auto}
.sx-result{background:#2a1f14;color:#fff;border-radius:10px;padding:8px 12px;overflow-x:auto}
.sx-result table{border-collapse:collapse;margin-top:4px;font-size:12.5px}
.sx-result td,.sx-result th{padding:1px 8px 1px 0;text-align:right}
.sx-result td:nth-child(2),.sx-result th:nth-child(2){text-align:left}
.sx-result .win{color:#ffd54f}
.sx-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:700px){
 .sx{padding:8px;border-radius:8px;gap:8px}
 .sx-box{padding:7px 8px}
 .sx-map.live svg{min-width:var(--live-w)}
 .sx-chip.sx-act{min-height:44px;min-width:44px}
 .sx-offer>img{width:54px;height:54px}
 .sx-offer{max-width:66px}
}
@media (min-width:1800px){
 .sx{font-size:15px}
 .sx-countries{grid-template-columns:repeat(auto-fill,minmax(460px,1fr))}
}
`;

const COLOURS = { rojo: "#d32f2f", amarillo: "#e6b800", verde: "#2e7d32", azul: "#1e63c8", morado: "#7b3fa0" };
const SEAT_COLOURS = Object.values(COLOURS);   // the shipped colours in seat order
/** Phases of a round in words: [number, Spanish, English]. */
const PHASES = {
  subasta: [2, "Subasta de tierras", "Land auction"], catastrofe: [3, "Prevenir catástrofes", "Catastrophe prevention"],
  mantenimiento: [4, "Mantenimiento", "Maintenance"], produccion: [5, "Producción", "Production"],
};
const STEPS = {
  elegir: ["el jugador inicial elige la tierra que se subasta", "the start player picks the land to auction"],
  abrir: ["abrir la puja", "opening the bidding"], puja: ["pujas por la tierra", "bidding for the land"],
  tecnologia: ["compra de tecnología", "buying a technology"], solo: ["queda un único jugador en la subasta", "one player left in the auction"],
  columna: ["pujas por las columnas de la catástrofe", "bidding for the catastrophe's columns"],
  basura: ["paso A: colocar la basura", "step A: placing garbage"],
  elegir_pendiente: ["paso B: elegir la ficha que se coloca", "step B: choosing the tile to place"],
  colocar: ["paso B: colocar la ficha", "step B: placing the tile"],
  puente: ["paso B: poner el puente", "step B: placing the bridge"], ciudadano: ["paso B: situar el ciudadano", "step B: placing the citizen"],
  basura_extra: ["paso B: basura que no cabe", "step B: garbage that does not fit"],
  tecnologias: ["paso C: usar tecnologías", "step C: using technologies"], quitar: ["paso C: quitar basura", "step C: removing garbage"],
  recoger: ["paso C: levantar un ciudadano", "step C: lifting a citizen"], situar: ["paso C: situar el ciudadano", "step C: placing the citizen"],
  nuevos_ciudadanos: ["paso C: ciudadanos nuevos", "step C: new citizens"], reciclar: ["reciclaje", "recycling"],
  fin: ["fin de la partida", "game over"],
};
const TRACKS = { tablero: ["tablero", "board track"], "loseta-3": ["loseta de 3 jugadores", "3-player tile"],
  "loseta-4": ["loseta de 4 jugadores", "4-player tile"] };
const YIELD = { coins: "#7a5500", science: "#1a56b0", vp: "#24692a" };
const TILE = 80;                       // a tile's side in a country, px
const LETTERS = ["a", "b", "c"];
const MOTION_MS = 280;

let LAND_INDEX = null;                 // tile id -> index (made from DATA when it changes)
let TECH_INDEX = null;                 // technology id -> index
let INDEXED = null;                    // the DATA the two indexes were made from

/** What the previous drawing of each board element showed (for motion), and which country
 *  panels a person opened or closed (kept across redraws). */
const memory = new WeakMap();
const folded = new Map();

/** Rails of a tile turned r quarter turns clockwise (bit d = edge d: N 0, E 1, S 2, W 3). */
function rotate(mask, r) {
  return r ? ((mask << r) | (mask >> (4 - r))) & 15 : mask;
}

function reducedMotion() {
  return typeof matchMedia !== "function" || !matchMedia("(prefers-reduced-motion: no-preference)").matches;
}

function narrow() {
  return typeof matchMedia === "function" && matchMedia("(max-width: 700px)").matches;
}

export function render(el, view, ctx) {
  ensureStyle("sx-renderer-css", CSS);
  // the content this table plays: the shipped one (embedded below) or its own (fetched once)
  const data = boardData("sigloxx", el, view, ctx, SHIPPED_DATA, render);
  if (!data) return;
  DATA = data;
  const lang = ctx.lang === "en" ? "en" : "es";
  const T = (es, en) => (lang === "en" ? en : es);
  const L = (pair) => (pair ? pair[lang === "en" ? 1 : 0] : "");
  const legalList = ctx.legal || [];
  const legal = new Set(legalList.map((a) => a.text));
  const words = new Map(legalList.map((a) => [a.text, a.label && typeof a.label === "object" ? a.label[lang] : null]));
  const only = (texts) => { const ok = texts.filter((x) => legal.has(x)); return ok.length === 1 ? ok[0] : null; };
  const players = view.players || [];
  if (INDEXED !== DATA) {
    LAND_INDEX = Object.fromEntries(DATA.land.map((t, i) => [t[0], i]));
    TECH_INDEX = Object.fromEntries(DATA.tech.map((t, i) => [t.id, i]));
    INDEXED = DATA;
  }
  const landIndex = LAND_INDEX;
  const techIndex = TECH_INDEX;
  const size = DATA.grid;
  const ox = DATA.origin % size;
  const oy = Math.floor(DATA.origin / size);
  const cellXY = (c) => [(c % size) - ox, Math.floor(c / size) - oy];
  const toMove = new Set(view.to_move || []);
  // a seat's colour: by its shipped name, else (a custom content's own names) by seat
  const colourOf = (seat) => COLOURS[(players[seat] || {}).colour] || SEAT_COLOURS[seat] || "#777";
  const who = (seat) => {
    const p = players[seat];
    return p ? `${p.name} (${lang === "en" ? p.colour_en : p.colour})` : "—";
  };
  const techName = (id) => {
    const t = DATA.tech[techIndex[id]];
    return t ? (lang === "en" ? t.name_en : t.name) : id;
  };
  const coinsW = (n) => T(`${n} ${n === 1 ? "moneda" : "monedas"}`, `${n} ${n === 1 ? "coin" : "coins"}`);
  const sciW = (n) => T(`${n} de ciencia`, `${n} science`);
  const m = view.maintenance || {};
  const lc = T("m", "c");
  const ls = T("c", "s");
  const vpW = T("PV", "VP");

  /** Make `node` do `text` when clicked (as its button does), named by the button's words. */
  function act(node, text, fallback) {
    if (!clickable(node, text, ctx, legal, "sx-act")) return false;
    const said = words.get(text);
    node.setAttribute("aria-label", said && said !== text ? said : (fallback || text));
    return true;
  }

  // keep the keyboard where it was across the redraw
  const focused = el.contains(document.activeElement) ? document.activeElement : null;
  const focusKey = focused ? (focused.dataset.act ? `act:${focused.dataset.act}` : focused.dataset.focus ? `f:${focused.dataset.focus}` : null) : null;

  // ----- header ----------------------------------------------------------------------------
  const ph = PHASES[view.phase];
  const bar = h("div", { class: "sx-bar" },
    h("span", { class: "title" }, "Siglo XX"),
    h("span", { class: "sx-tag", "data-round": view.round }, T(`Ronda ${view.roman} de VI`, `Round ${view.roman} of VI`)),
    ph ? h("span", { class: "sx-tag", "data-phase": view.phase }, T(`Fase ${ph[0]} de 5: ${ph[1]}`, `Phase ${ph[0]} of 5: ${ph[2]}`))
      : view.phase === "fin" ? h("span", { class: "sx-tag", "data-phase": view.phase }, T("Fin de la partida", "Game over")) : null,
    view.sp != null && players[view.sp] ? h("span", { class: "sx-tag sp" }, T("Jugador inicial: ", "Start player: "), players[view.sp].name) : null);
  const now = h("div", { class: "sx-now", "data-step": view.step, role: "status" },
    h("b", {}, T("Ahora: ", "Now: ")), L(STEPS[view.step]) || "",
    toMove.size ? T(` — decide ${[...toMove].map(who).join(", ")}`, ` — to move: ${[...toMove].map(who).join(", ")}`) : "",
    stepDetail());

  // ----- offers, auction, track, catastrophe -------------------------------------------------
  const top = h("div", { class: "sx-top" }, auctionBox(), offersBox(), h("div", { style: "display:flex;flex-direction:column;gap:8px;min-width:0" }, techBox(), catastropheBox()));
  const general = generalBox();

  // ----- countries (the viewer's first) -----------------------------------------------------
  const order = players.map((p) => p.seat);
  const n = players.length;
  if (ctx.seat != null && players[ctx.seat]) order.sort((a, b) => ((a - ctx.seat + n) % n) - ((b - ctx.seat + n) % n));
  const countries = h("div", { class: "sx-countries" });
  for (const seat of order) countries.append(countryPanel(players[seat]));

  const parts = [];
  if (view.result) parts.push(resultBox());
  parts.push(bar, now, top, general, countries);
  const root = h("div", { class: "sx", "data-game": "sigloxx", lang }, ...parts);
  el.replaceChildren(root);
  if (focusKey) {
    const [kind, key] = [focusKey.slice(0, focusKey.indexOf(":")), focusKey.slice(focusKey.indexOf(":") + 1)];
    const again = [...root.querySelectorAll(kind === "act" ? "[data-act]" : "[data-focus]")]
      .find((x) => (kind === "act" ? x.dataset.act : x.dataset.focus) === key);
    if (again) again.focus({ preventScroll: true });
  }
  animate(el, root, view);

  // ----- tiles as SVG ------------------------------------------------------------------------
  function yieldsText(site, x, y, fs) {
    const t = s("text", { x, y, "text-anchor": "middle", "font-size": fs, "font-weight": 700 });
    const bits = [[site[1], lc, YIELD.coins], [site[2], ls, YIELD.science], [site[3], T("p", "v"), YIELD.vp]];
    for (const [k, letter, fill] of bits) if (k) t.append(s("tspan", { fill }, `${k}${letter}`));
    if (!t.childNodes.length) t.append("0");
    return t;
  }

  function siteWords(site) {
    if (site[0] === 1) return T(`reciclaje ${site[4]}`, `recycling ${site[4]}`);
    const out = [];
    if (site[1]) out.push(coinsW(site[1]));
    if (site[2]) out.push(sciW(site[2]));
    if (site[3]) out.push(`${site[3]} ${vpW}`);
    return out.join(", ") || T("nada", "nothing");
  }

  /** One tile drawn in a TILE×TILE box: item = {tile|tech, rotation, garbage, citizens}. */
  function tileSvg(item, colour, opts = {}) {
    const g = s("g", { class: "sx-tileface" });
    const k = TILE;
    const isTech = item.tech != null;
    const spec = isTech ? DATA.tech[techIndex[item.tech]] : DATA.land[landIndex[item.tile]];
    if (!spec) return g;
    const start = !isTech && item.tile.startsWith("S");
    g.append(s("rect", { x: 1.5, y: 1.5, width: k - 3, height: k - 3, rx: 7,
      fill: isTech ? "#e7def7" : start ? "#f4e2ad" : "#d9eac4", stroke: opts.mark ? "#b07d00" : "#8b7d62",
      "stroke-width": opts.mark ? 3 : 1.2, class: "hit", opacity: opts.ghost ? 0.55 : 1 }));
    const rails = rotate(isTech ? spec.rails : spec[1], (item.rotation || 0) / 90);
    const ends = [[k / 2, 2], [k - 2, k / 2], [k / 2, k - 2], [2, k / 2]];
    for (let d = 0; d < 4; d++) {
      if (!(rails >> d & 1)) continue;
      g.append(s("line", { x1: k / 2, y1: k / 2, x2: ends[d][0], y2: ends[d][1], stroke: "#6b4f3a", "stroke-width": 7, "stroke-linecap": "butt" }),
        s("line", { x1: k / 2, y1: k / 2, x2: ends[d][0], y2: ends[d][1], stroke: "#d8c7a8", "stroke-width": 2, "stroke-dasharray": "3 3" }));
    }
    if (rails) g.append(s("circle", { cx: k / 2, cy: k / 2, r: 4.5, fill: "#6b4f3a" }));
    if (isTech) {
      g.append(s("text", { x: k / 2, y: 15, "text-anchor": "middle", "font-size": 10, "font-weight": 800, fill: "#4a2d7a", class: "halo" }, item.tech));
      const name = techName(item.tech);
      const cut = name.length > 14 ? (name.lastIndexOf(" ", 14) > 0 ? name.lastIndexOf(" ", 14) : 14) : -1;
      const lines = cut < 0 ? [name] : [name.slice(0, cut), name.slice(name[cut] === " " ? cut + 1 : cut)];
      lines.slice(0, 2).forEach((w, i) => g.append(s("text", { x: k / 2, y: k - 18 + i * 10, "text-anchor": "middle", "font-size": 8.5, fill: "#3b2a5a", class: "halo" }, w.slice(0, 16))));
      return g;
    }
    const staffed = new Set(item.citizens || []);
    const spots = [[k * 0.25, k * 0.24], [k * 0.75, k * 0.24], [k * 0.25, k * 0.7]];
    spec[2].forEach((site, i) => {
      const [cx, cy] = spots[i];
      const letter = LETTERS[i];
      const on = staffed.has(letter);
      const sg = s("g", { "data-site": `${item.tile}${letter}`, "data-staffed": on ? "1" : null });
      if (site[0] === 1) {                       // recycling site
        sg.append(s("rect", { x: cx - 11, y: cy - 9, width: 22, height: 18, rx: 4,
          fill: on ? colour : "#e3f3e3", stroke: on ? "#0008" : "#3a8a3a", "stroke-width": 1.5, class: "hit" }),
        s("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 800,
          fill: on ? "#fff" : "#1f5a1f" }, `R${site[4]}`));
      } else {
        sg.append(s("circle", { cx, cy: cy - 3, r: 9, fill: on ? colour : "#fff",
          stroke: on ? "#000a" : "#7a6a50", "stroke-width": 1.5, class: "hit" }));
        if (on) sg.append(s("circle", { cx, cy: cy - 6, r: 2.6, fill: "#fff" }));
        sg.append(yieldsText(site, cx, cy + 14, 9.5));
      }
      sg.append(s("title", {}, `${item.tile}${letter}: ${siteWords(site)}${on ? T(" · con ciudadano", " · staffed") : ""}`));
      if (opts.clickSites) {
        const idx = landIndex[item.tile] * 3 + i;
        const text = only([`situar ${idx}`, `recoger ${idx}`]);
        const pad = s("rect", { x: cx - 19, y: cy - 18, width: 38, height: 36, rx: 6, class: "pad", fill: "transparent" });
        if (text) sg.append(pad);
        if (text) act(pad, text, text.startsWith("situar") ? T(`Situar un ciudadano en ${item.tile}${letter}`, `Put a citizen on ${item.tile}${letter}`)
          : T(`Levantar el ciudadano de ${item.tile}${letter}`, `Lift the citizen from ${item.tile}${letter}`));
      }
      g.append(sg);
    });
    if (item.garbage != null) {
      for (let i = 0; i < DATA.capacity; i++) {
        g.append(s("rect", { x: k * 0.58 + i * 10, y: k * 0.8, width: 8, height: 8, rx: 1.5, "data-garbage": i < item.garbage ? "1" : null,
          fill: i < item.garbage ? "#3b3026" : "none", stroke: "#3b3026", "stroke-width": 1 }));
      }
    }
    g.append(s("text", { x: k * 0.73, y: k * 0.72, "text-anchor": "middle", "font-size": 9.5, "font-weight": 700, fill: "#4a3b28", class: "halo" }, item.tile));
    return g;
  }

  /** A standalone tile (offers, auction, pending): an image of `px` pixels (alt: none, the
   *  words are beside it or in the control's name). */
  function tileIcon(item, px, colour = "#999") {
    const pic = s("svg", { xmlns: "http://www.w3.org/2000/svg", width: px, height: px, viewBox: `0 0 ${TILE} ${TILE}`,
      "font-family": "DejaVu Sans, Verdana, sans-serif" }, tileSvg(item, colour));
    const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(pic))}`;
    return h("img", { src, width: px, height: px, alt: "", "data-tile-icon": item.tile || item.tech, class: "sx-icon" });
  }

  function tileWords(id) {
    const spec = DATA.land[landIndex[id]];
    return spec ? spec[2].map(siteWords).join(" · ") : "";
  }

  // ----- a country -------------------------------------------------------------------------
  function placeOptions() {
    const out = {};
    for (const text of legal) {
      const mm = /^colocar-(puente-)?(\d+) (\d+)$/.exec(text);
      if (!mm) continue;
      (out[mm[3]] = out[mm[3]] || []).push({ text, rot: Number(mm[2]), bridged: !!mm[1] });
    }
    return out;
  }

  function countrySvg(p) {
    const own = p.seat === ctx.seat;
    const items = p.country || [];
    const targets = own ? placeOptions() : {};
    const cells = items.map((it) => [it.x, it.y]).concat(Object.keys(targets).map((c) => cellXY(Number(c))));
    const bridgeEdges = own ? [...legal].map((t) => /^puente-(e|s) (\d+)$/.exec(t)).filter(Boolean) : [];
    const xs = cells.map((c) => c[0]);
    const ys = cells.map((c) => c[1]);
    const x0 = Math.min(...xs);
    const y0 = Math.min(...ys);
    const w = Math.max(...xs) - x0 + 1;
    const hgt = Math.max(...ys) - y0 + 1;
    const pad = 6;
    const W = w * TILE + 2 * pad;
    const H = hgt * TILE + 2 * pad;
    const svg = s("svg", { width: W, height: H, viewBox: `${-pad} ${-pad} ${W} ${H}`, "data-country": p.seat,
      role: "group", "aria-label": T(`País de ${p.name}: ${items.length} fichas`, `${p.name}'s country: ${items.length} tiles`),
      style: `max-width:${Math.round(W * 1.35)}px` });
    const at = (x, y) => [(x - x0) * TILE, (y - y0) * TILE];
    const colour = colourOf(p.seat);
    const networks = p.networks || [];
    for (const it of items) {
      const [px, py] = at(it.x, it.y);
      const g = s("g", { transform: `translate(${px},${py})`, "data-tile": it.tile || it.tech, "data-cell": it.cell });
      g.append(tileSvg(it, colour, { clickSites: own, mark: m.cell === it.cell && m.player === p.seat }));
      if (own && it.tile != null) {
        const idx = landIndex[it.tile];
        const text = only([`basura ${idx}`, `quitar ${idx}`, `reciclar ${idx}`]);
        if (text) {
          const verb = text.split(" ")[0];
          const cover = s("rect", { x: 1.5, y: 1.5, width: TILE - 3, height: TILE - 3, rx: 7, class: "pad", fill: "transparent" });
          g.append(cover);
          act(cover, text, verb === "basura" ? T(`Poner basura en ${it.tile}`, `Put garbage on ${it.tile}`)
            : verb === "quitar" ? T(`Quitar basura de ${it.tile}`, `Remove garbage from ${it.tile}`)
              : T(`Reciclar basura de ${it.tile}`, `Recycle garbage from ${it.tile}`));
        }
      }
      g.append(s("title", {}, it.tile ? `${it.tile} (${it.x},${it.y}) · ${tileWords(it.tile)} · ${T("basura", "garbage")} ${it.garbage}/${DATA.capacity}`
        : `${it.tech} ${techName(it.tech)} (${it.x},${it.y})`));
      svg.append(g);
    }
    // bridges on edges
    for (const e of p.bridges || []) svg.append(bridgeMark(e, at, false));
    for (const mm of bridgeEdges) {
      const c = Number(mm[2]);
      const e = mm[1] === "e" ? 2 * c : 2 * c + 1;
      const mark = bridgeMark(e, at, true);
      const [x, y] = cellXY(c);
      const other = mm[1] === "e" ? `${x + 1},${y}` : `${x},${y + 1}`;
      act(mark, mm[0], T(`Puente entre ${x},${y} y ${other}`, `Bridge between ${x},${y} and ${other}`));
      svg.append(mark);
    }
    // cells where the tile in hand may go
    const sel = m.selected || {};
    const what = sel.tile ? sel.tile : sel.tech ? `${sel.tech} ${techName(sel.tech)}` : T("la ficha", "the tile");
    for (const [cell, opts] of Object.entries(targets)) {
      const [x, y] = cellXY(Number(cell));
      const [px, py] = at(x, y);
      const g = s("g", { transform: `translate(${px},${py})`, "data-target-cell": cell });
      g.append(s("rect", { x: 3, y: 3, width: TILE - 6, height: TILE - 6, rx: 7, fill: "#eaf7ee", stroke: "#1f9d55", "stroke-width": 2, "stroke-dasharray": "5 3" }));
      g.append(s("text", { x: TILE / 2, y: 13, "text-anchor": "middle", "font-size": 9.5, "font-weight": 700, fill: "#146b3a" }, `${x},${y}`));
      const k = opts.length;
      const per = k <= 4 ? 2 : 4;
      const bs = k <= 4 ? 27 : 16;
      opts.sort((a, b) => a.rot - b.rot || a.bridged - b.bridged).forEach((o, i) => {
        const bx = TILE / 2 - (per * (bs + 3)) / 2 + (i % per) * (bs + 3) + 1.5;
        const by = 17 + Math.floor(i / per) * (bs + 3);
        const b = s("g", { transform: `translate(${bx},${by})` });
        b.append(s("rect", { width: bs, height: bs, rx: 4, fill: "#fff", stroke: "#1f9d55", "stroke-width": 1.5, class: "hit" }));
        const spec = sel.tile ? DATA.land[landIndex[sel.tile]] : sel.tech ? DATA.tech[techIndex[sel.tech]] : null;
        const base = spec ? (sel.tile ? spec[1] : spec.rails) : 0;
        const rails = rotate(base, o.rot / 90);
        const c = bs / 2;
        const ends = [[c, 1], [bs - 1, c], [c, bs - 1], [1, c]];
        for (let d = 0; d < 4; d++) if (rails >> d & 1) b.append(s("line", { x1: c, y1: c, x2: ends[d][0], y2: ends[d][1], stroke: "#6b4f3a", "stroke-width": bs > 20 ? 4 : 3 }));
        if (o.bridged) b.append(s("path", { d: `M${bs - 7} 1 L${bs - 1} 7 L${bs - 7} 13 L${bs - 13} 7 Z`, fill: "#f2c200", stroke: "#7a5c00", "stroke-width": 0.8 }));
        const said = T(`Colocar ${what} en ${x},${y}, ${o.rot ? `girada ${o.rot}°` : "sin girar"}${o.bridged ? " con puentes" : ""}`,
          `Place ${what} at ${x},${y}, ${o.rot ? `turned ${o.rot}°` : "not turned"}${o.bridged ? " with bridges" : ""}`);
        b.append(s("title", {}, said));
        act(b, o.text, said);
        g.append(b);
      });
      svg.append(g);
    }
    if (networks.length > 1) svg.setAttribute("data-networks", networks.length);
    const live = svg.querySelector(".sx-act") != null;
    const box = h("div", { class: "sx-map" + (live ? " live" : ""), style: `--live-w:${Math.round(W * 1.1)}px` }, svg);
    return box;
  }

  function bridgeMark(e, at, offer) {
    const c = Math.floor(e / 2);
    const [x, y] = cellXY(c);
    const [px, py] = at(x, y);
    const [mx, my] = e % 2 ? [px + TILE / 2, py + TILE] : [px + TILE, py + TILE / 2];
    const r = offer ? 12 : 8;
    const g = s("g", { "data-bridge": e });
    if (offer) g.append(s("rect", { x: mx - 20, y: my - 20, width: 40, height: 40, class: "pad", fill: "transparent" }));
    g.append(s("path", { d: `M${mx} ${my - r} L${mx + r} ${my} L${mx} ${my + r} L${mx - r} ${my} Z`,
      fill: offer ? "#fff7cc" : "#f2c200", stroke: offer ? "#1f9d55" : "#7a5c00", "stroke-width": offer ? 2 : 1.2, class: "hit" }));
    g.append(s("title", {}, offer ? T("poner un puente aquí", "put a bridge here") : T("puente", "bridge")));
    return g;
  }

  function gauge(p, seat) {
    const [lo, hi] = DATA.pollution;
    const k = hi - lo + 1;
    const w = 9;
    const svg = s("svg", { width: k * w + 2, height: 14, "data-pollution": p, role: "img",
      "aria-label": T(`contaminación ${p} (de ${lo} a +${hi})`, `pollution ${p} (from ${lo} to +${hi})`) });
    for (let v = lo; v <= hi; v++) {
      const x = (v - lo) * w + 1;
      const fill = v < 0 ? `hsl(0,60%,${88 + v * 4}%)` : v > 0 ? `hsl(120,45%,${88 - v * 5}%)` : "#eee";
      svg.append(s("rect", { x, y: 2, width: w - 1, height: 10, fill, stroke: "#bbb", "stroke-width": 0.5 }));
    }
    const x = (p - lo) * w + 1 + (w - 1) / 2;
    svg.append(s("circle", { cx: x, cy: 7, r: 4.5, fill: "#222", stroke: "#fff", "stroke-width": 1,
      "data-anim": `pollution-${seat}`, "data-anim-x": x }));
    return svg;
  }

  function countryPanel(p) {
    const own = p.seat === ctx.seat;
    const colour = colourOf(p.seat);
    const wide = !narrow();
    const open = folded.has(p.seat) ? folded.get(p.seat) : (wide || own || toMove.has(p.seat) || ctx.seat == null);
    const panel = h("details", { class: "sx-country" + (toMove.has(p.seat) ? " turn" : ""), style: `--pc:${colour}`, "data-seat": p.seat, open });
    const inc = p.income || {};
    const summary = h("summary", { class: "sx-chead", "data-focus": `country-${p.seat}` },
      h("span", {}, h("span", { class: "fold", "aria-hidden": "true" }), h("b", { class: "nm" }, p.name),
        h("span", { class: "sx-small" }, ` ${lang === "en" ? p.colour_en : p.colour}`),
        p.seat === view.sp ? h("span", { class: "sx-badge sp" }, T("inicial", "start")) : null,
        own ? h("span", { class: "sx-badge" }, T("tú", "you")) : null,
        toMove.has(p.seat) ? h("span", { class: "sx-badge go" }, T("decide", "to move")) : null),
      h("span", { class: "sx-sum" },
        h("span", { class: "sx-small" }, T("contam. ", "poll. "), h("b", {}, p.pollution > 0 ? `+${p.pollution}` : p.pollution)),
        h("span", { class: "sx-small" }, T("basura ", "garbage "), h("b", {}, p.garbage)),
        h("span", {}, h("span", { class: "sx-score", "data-anim": `score-${p.seat}`, "data-anim-val": p.score }, p.score), ` ${vpW}`)));
    summary.addEventListener("click", () => { folded.set(p.seat, !panel.open); });
    panel.append(summary);
    const hidden = () => h("span", { class: "sx-secret" }, T("secreto", "secret"));
    panel.append(h("div", { class: "sx-stats" },
      h("span", {}, T("Ingresos ", "Income "), h("b", { style: `color:${YIELD.coins}` }, `${inc.coins}${lc}`), " ",
        h("b", { style: `color:${YIELD.science}` }, `${inc.science}${ls}`), " ", h("b", { style: `color:${YIELD.vp}` }, `${inc.vp} ${vpW}`)),
      h("span", {}, T("Monedas ", "Coins "), "coins" in p ? h("b", { "data-coins": p.coins, "data-anim": `coins-${p.seat}`, "data-anim-val": p.coins }, p.coins) : hidden()),
      h("span", {}, T("Ciencia ", "Science "), "science" in p ? h("b", { "data-science": p.science, "data-anim": `science-${p.seat}`, "data-anim-val": p.science }, p.science) : hidden()),
      h("span", {}, T("Contaminación ", "Pollution "), h("b", {}, p.pollution > 0 ? `+${p.pollution}` : p.pollution), " ", gauge(p.pollution, p.seat)),
      h("span", {}, T("Basura ", "Garbage "), h("b", { "data-anim": `garbage-${p.seat}`, "data-anim-val": p.garbage }, p.garbage)),
      h("span", {}, T("Tierras limpias ", "Clean tiles "), h("b", {}, p.clean_tiles)),
      h("span", {}, T("Ciudadanos en reserva ", "Citizens in reserve "), h("b", {}, p.citizens_supply)),
      p.bridges_held ? h("span", {}, T("Puentes ", "Bridges "), h("b", {}, p.bridges_held)) : null,
      p.set_aside_garbage ? h("span", {}, T("Basura apartada ", "Garbage set aside "), h("b", {}, p.set_aside_garbage)) : null,
      p.catastrophe_column ? h("span", {}, T("Columna ", "Column "), h("b", {}, p.catastrophe_column)) : null));
    const techs = h("div", { class: "sx-techs" });
    for (const t of p.technologies || []) {
      const spec = DATA.tech[techIndex[t.id]] || {};
      const used = t.used && spec.use === "once";
      const chip = h("span", { class: "sx-chip" + (used ? " used" : ""), title: L(spec.effect), "data-tech-owned": t.id,
        "data-anim": `owned-${p.seat}-${t.id}`, "data-anim-new": "flip" },
        h("b", {}, t.id), "\u00a0", techName(t.id), used ? h("span", { class: "sx-sr" }, T(" (usada)", " (used)")) : null);
      if (own) act(chip, `usar-tecnologia ${techIndex[t.id]}`, T(`Usar ${t.id} ${techName(t.id)}`, `Use ${t.id} ${techName(t.id)}`));
      techs.append(chip);
    }
    if (!(p.technologies || []).length) techs.append(h("span", { class: "sx-small" }, T("sin tecnologías", "no technologies")));
    panel.append(techs);
    const pend = (p.pending_land || []).length + (p.pending_institutions || []).length;
    if (pend) {
      const row = h("div", { class: "sx-pend" }, h("span", { class: "sx-small" }, T("Por colocar:", "To place:")));
      for (const q of p.pending_land) {
        const about = `${q.tile}: ${q.citizen ? T("con ciudadano", "with a citizen") : T("sin ciudadano", "no citizen")}, ${q.garbage} ${T("basura", "garbage")}`;
        const box = h("span", { class: "sx-offer", title: about, "data-anim": `pending-${q.tile}`, "data-anim-new": "pop" },
          tileIcon({ tile: q.tile, rotation: 0, garbage: q.garbage, citizens: [] }, 58, colour),
          `${q.tile}${q.citizen ? " ●" : ""}`);
        if (own) act(box, `elegir-tierra ${landIndex[q.tile]}`, T(`Colocar ahora la tierra ${q.tile}`, `Place land ${q.tile} now`));
        row.append(box);
      }
      for (const t of p.pending_institutions) {
        const box = h("span", { class: "sx-offer", title: `${t} ${techName(t)}` }, tileIcon({ tech: t, rotation: 0 }, 58), t);
        if (own) act(box, `elegir-institucion ${techIndex[t]}`, T(`Colocar ahora la institución ${t} ${techName(t)}`, `Place institution ${t} ${techName(t)} now`));
        row.append(box);
      }
      panel.append(row);
    }
    panel.append(countrySvg(p));
    return panel;
  }

  // ----- the table's middle ------------------------------------------------------------------
  function auctionBox() {
    const box = h("section", { class: "sx-box", "data-part": "auction", "aria-label": T("Subasta", "Auction") }, h("h2", {}, T("Subasta", "Auction")));
    const a = view.auction;
    if (!a) {
      box.append(h("div", { class: "sx-small" }, view.cost_track ? T("No hay subasta ahora.", "No auction now.")
        : T("Ronda sin subasta.", "A round without an auction.")));
      return box;
    }
    if (a.lone) {
      box.append(h("div", {}, T(`${who(view.sp)} es el único que queda: compra tierras a ${coinsW(view.min_bid)}`,
        `${who(view.sp)} is the only one left: buys land at ${coinsW(view.min_bid)}`)));
    } else if (a.tile) {
      box.append(h("div", { class: "sx-row", "data-auction-tile": a.tile },
        tileIcon({ tile: a.tile, rotation: 0, garbage: null, citizens: [] }, 84),
        h("div", {}, h("b", { style: "font-size:15px" }, T(`Tierra ${a.tile}`, `Land ${a.tile}`)), h("br"),
          h("span", { class: "sx-small" }, tileWords(a.tile)), h("br"),
          a.high != null ? [T("Puja más alta: ", "High bid: "), h("b", { style: "font-size:18px", "data-anim": "high", "data-anim-val": a.high }, a.high), T(" monedas", " coins"), h("br"), who(a.high_seat)]
            : T("Sin pujas aún", "No bid yet"),
          h("br"), h("span", { class: "sx-small" }, T(`puja mínima ${coinsW(view.min_bid)}`, `minimum bid ${coinsW(view.min_bid)}`)))));
      box.append(h("div", { class: "sx-small" }, T("Pasan: ", "Passed: "), a.passed.length ? a.passed.map(who).join(", ") : "—"));
    } else {
      box.append(h("div", {}, T("El jugador inicial elige la próxima tierra.", "The start player picks the next tile.")));
    }
    const bids = [...legal].map((t) => /^pujar (\d+)$/.exec(t)).filter(Boolean).map((mm) => Number(mm[1])).sort((x, y) => x - y);
    if (bids.length) {
      const row = h("div", { class: "sx-row", style: "margin:6px 0;align-items:center", "data-part": "bids" }, h("span", { class: "sx-small" }, T("Pujar:", "Bid:")));
      for (const b of bids.slice(0, 6)) {
        const chip = h("span", { class: "sx-chip sx-bidchip" }, b);
        act(chip, `pujar ${b}`, T(`Pujar ${coinsW(b)} por la tierra ${a.tile || ""}`, `Bid ${coinsW(b)} for land ${a.tile || ""}`));
        row.append(chip);
      }
      if (bids.length > 6) row.append(h("span", { class: "sx-small" }, T(`… hasta ${bids[bids.length - 1]} (en la lista de jugadas)`, `… up to ${bids[bids.length - 1]} (in the list of moves)`)));
      box.append(row);
    }
    if (a.buying_tech != null) {
      box.append(h("div", {}, T(`${who(a.buying_tech)} puede comprar una tecnología a ${sciW(view.price)}`,
        `${who(a.buying_tech)} may buy a technology at ${sciW(view.price)}`)));
    }
    box.append(h("div", { class: "sx-small" }, T("Retirados (en orden): ", "Withdrawn (in order): "),
      a.withdrawn.length ? a.withdrawn.map(who).join(", ") : "—"));
    return box;
  }

  function offersBox() {
    const box = h("section", { class: "sx-box", "data-part": "land", "aria-label": T("Tierras en oferta", "Land on offer") }, h("h2", {}, T("Tierras en oferta", "Land on offer")));
    if (!view.cost_track) {
      box.append(h("div", { class: "sx-small" }, T("Ronda VI: sin ofertas.", "Round VI: no offers.")));
      return box;
    }
    const row = h("div", { class: "sx-row" });
    for (const id of view.land_display || []) {
      const idx = landIndex[id];
      const up = view.auction && view.auction.tile === id;
      const node = h("div", { class: "sx-offer" + (up ? " sx-up" : ""), "data-land": id, title: `${id}: ${tileWords(id)}`, "data-anim": `land-${id}`, "data-anim-new": "flip" },
        tileIcon({ tile: id, rotation: 0, garbage: null, citizens: [] }, 66), id,
        up ? h("span", { class: "sx-badge sp" }, T("en subasta", "up for auction")) : null);
      const text = only([`subastar ${idx}`, `comprar-tierra ${idx}`]);
      if (text) act(node, text, text.startsWith("subastar") ? T(`Subastar la tierra ${id}`, `Auction land ${id}`)
        : T(`Comprar la tierra ${id} · ${coinsW(view.min_bid)}`, `Buy land ${id} · ${coinsW(view.min_bid)}`));
      row.append(node);
    }
    if (!(view.land_display || []).length) row.append(h("span", { class: "sx-small" }, "—"));
    box.append(row);
    const prices = DATA.tracks[view.cost_track] || [];
    const track = h("div", { class: "sx-track", "data-part": "track", role: "img",
      "aria-label": T(`Coste de tecnología: ${view.price} de ciencia`, `Technology cost: ${view.price} science`) });
    prices.forEach((v, i) => track.append(h("span", { class: i === view.marker ? "on" : "", "data-anim": i === view.marker ? "marker" : null,
      "data-anim-val": i === view.marker ? i : null }, v)));
    box.append(h("div", { class: "sx-small", style: "margin-top:6px" },
      T(`Coste de tecnología (${L(TRACKS[view.cost_track]) || view.cost_track}): ahora ${sciW(view.price)} · puja mínima ${coinsW(view.min_bid)}`,
        `Technology cost (${L(TRACKS[view.cost_track]) || view.cost_track}): now ${sciW(view.price)} · minimum bid ${coinsW(view.min_bid)}`)), track);
    return box;
  }

  function techBox() {
    const box = h("section", { class: "sx-box", "data-part": "tech", "aria-label": T("Tecnologías en oferta", "Technologies on offer") },
      h("h2", {}, T("Tecnologías en oferta", "Technologies on offer")));
    const list = h("div", { class: "sx-techlist" });
    for (const id of view.tech_display || []) {
      const spec = DATA.tech[techIndex[id]] || {};
      const node = h("div", { class: "sx-tech" + (spec.kind === "institution" ? " inst" : ""), "data-tech": id,
        "data-anim": `tech-${id}`, "data-anim-new": "flip" },
        h("b", {}, `${id} ${techName(id)}`), h("span", { class: "eff" }, L(spec.effect)));
      // the card's words stay plain text; a cover over the card is the control (named in words)
      const cover = h("span", { class: "sx-cover" });
      if (legal.has(`comprar-tecnologia ${techIndex[id]}`)) node.append(cover);
      act(cover, `comprar-tecnologia ${techIndex[id]}`, T(`Comprar ${id} ${techName(id)} · ${sciW(view.price)}`, `Buy ${id} ${techName(id)} · ${sciW(view.price)}`));
      list.append(node);
    }
    box.append(list);
    if (!(view.tech_display || []).length) box.append(h("span", { class: "sx-small" }, "—"));
    return box;
  }

  function catastropheBox() {
    const cat = view.catastrophe;
    if (!cat) return null;
    const box = h("section", { class: "sx-box sx-cat", "data-part": "catastrophe", "aria-label": T("Catástrofe", "Catastrophe") },
      h("h2", {}, T("Catástrofe", "Catastrophe")),
      h("div", {}, h("b", { style: "color:#a3221b" }, lang === "en" ? cat.name_en : cat.name),
        h("span", { class: "sx-small" }, T(` (${cat.id}, rondas ${cat.label})`, ` (${cat.id}, rounds ${cat.label})`))));
    const cols = h("div", { class: "sx-cols" });
    cat.columns.forEach((c, i) => {
      const eff = [];
      if (c.garbage) eff.push(T(`${c.garbage} basura`, `${c.garbage} garbage`));
      if (c.pollution) eff.push(T(`más contaminación (−${c.pollution})`, `more pollution (−${c.pollution})`));
      cols.append(h("div", { class: "sx-col", "data-column": c.column, style: c.occupant != null ? `border-color:${colourOf(c.occupant)};border-width:2px` : "" },
        h("b", {}, c.column), h("br"), eff.join(", ") || T("nada", "nothing"),
        i === 0 ? h("div", { class: "sx-small" }, T("da el inicial", "gives start")) : null,
        c.occupant != null ? h("div", { "data-anim": `col-${c.column}`, "data-anim-val": `${c.occupant}:${c.bid}` },
          h("span", { style: `color:${colourOf(c.occupant)}`, "aria-hidden": "true" }, "● "), h("b", {}, players[c.occupant].name), ` ${c.bid}${ls}`) : null,
        columnBid(c)));
    });
    box.append(cols);
    if (cat.bidding) box.append(h("div", { class: "sx-small" }, T("Se puja en ciencia; desplazar exige superar la puja.", "Bids in science; displacing needs a higher bid.")));
    return box;
  }

  /** The cheapest legal bid for a catastrophe column, as a clickable chip. */
  function columnBid(c) {
    const letter = c.column;
    const amounts = [...legal].map((t) => new RegExp(`^columna-${letter} (\\d+)$`).exec(t)).filter(Boolean).map((mm) => Number(mm[1]));
    if (!amounts.length) return null;
    const low = Math.min(...amounts);
    const chip = h("div", { class: "sx-chip sx-colbid" }, sciW(low));
    act(chip, `columna-${letter} ${low}`, T(`Columna ${letter} de la catástrofe · ${sciW(low)}`, `Catastrophe column ${letter} · ${sciW(low)}`));
    return chip;
  }

  function generalBox() {
    const cards = Object.entries(view.scoring_cards || {}).filter(([, c]) => c);
    const piles = view.piles || { land: {}, tech: {} };
    return h("section", { class: "sx-box", "data-part": "general", "aria-label": T("Tarjetas y montones", "Cards and piles") },
      h("div", {}, h("b", {}, T("Tarjetas de puntuación: ", "Scoring cards: ")),
        cards.length ? cards.map(([, id]) => (DATA.cards[id] ? (lang === "en" ? DATA.cards[id][3] : DATA.cards[id][2]) : id)).join(" · ")
          : T("ninguna", "none")),
      h("div", { class: "sx-small" },
        T("Quedan: tierras ", "Left: land ") + Object.entries(piles.land).map(([k, v]) => `${k} ${v}`).join(", ") +
        T(" · tecnologías ", " · technologies ") + Object.entries(piles.tech).map(([k, v]) => `${k} ${v}`).join(", ") +
        T(` · catástrofes ${piles.catastrophes} · puentes ${view.bridges_supply}`, ` · catastrophes ${piles.catastrophes} · bridges ${view.bridges_supply}`)));
  }

  function stepDetail() {
    const bits = [];
    if (view.maintenance) {
      bits.push(T(` · mantenimiento de ${who(m.player)}, paso ${m.step}`, ` · maintenance of ${who(m.player)}, step ${m.step}`));
      const sel = m.selected;
      if (sel && sel.tile) {
        bits.push(T(` · en mano ${sel.tile} (${sel.citizen ? "con" : "sin"} ciudadano, ${sel.garbage} basura)`,
          ` · in hand ${sel.tile} (${sel.citizen ? "with a" : "no"} citizen, ${sel.garbage} garbage)`));
      } else if (sel && sel.tech) bits.push(T(` · en mano ${sel.tech} ${techName(sel.tech)}`, ` · in hand ${sel.tech} ${techName(sel.tech)}`));
      if (m.cell != null) bits.push(T(` · colocada en ${cellXY(m.cell).join(",")}`, ` · placed at ${cellXY(m.cell).join(",")}`));
      if (m.extra_garbage) bits.push(T(` · basura sobrante ${m.extra_garbage}`, ` · extra garbage ${m.extra_garbage}`));
      if (m.tech) bits.push(T(` · usando ${m.tech} ${techName(m.tech)} (quedan ${m.left})`, ` · using ${m.tech} ${techName(m.tech)} (${m.left} left)`));
      if (m.lifted) bits.push(T(` · ciudadano levantado de ${m.lifted}`, ` · citizen lifted from ${m.lifted}`));
    }
    const pr = view.production;
    if (pr) {
      bits.push(T(` · reciclaje de ${who(pr.player)} en ${pr.tiles.join(", ")}, capacidad ${pr.capacity_left}`,
        ` · recycling of ${who(pr.player)} in ${pr.tiles.join(", ")}, capacity ${pr.capacity_left}`));
    }
    return bits.join("");
  }

  function resultBox() {
    const r = view.result;
    const d = r.details || {};
    const src = d.points_by_source || [];
    const heads = [T("puesto", "place"), T("jugador", "player"), T("inicio", "start"), T("ingresos", "income"), T("tarjetas", "cards"),
      T("monedas", "coins"), T("ciencia", "science"), T("entorno", "environment"), T("limpias", "clean"), T("basura", "garbage"), vpW];
    const table = h("table", {}, h("tr", {}, heads.map((x) => h("th", { scope: "col" }, x))));
    (r.ranking || []).forEach((seat, i) => {
      const b = src[seat] || {};
      table.append(h("tr", {}, h("td", {}, `${(d.places || [])[seat] || i + 1}.`),
        h("td", {}, h("b", {}, (players[seat] || {}).name), (r.winners || []).includes(seat) ? h("span", { class: "win" }, " ★") : ""),
        ["start", "income", "bonus_cards", "coins", "science", "environment", "clean_tiles", "garbage"].map((k) => h("td", {}, b[k] ?? "")),
        h("td", {}, h("b", {}, r.scores[seat]))));
    });
    const winners = (r.winners || []).map((x) => (players[x] || {}).name).join(T(" y ", " and "));
    return h("div", { class: "sx-result", "data-part": "result" }, h("b", {}, T("Fin de la partida", "Game over")),
      winners ? T(` · gana ${winners}`, ` · winner: ${winners}`) : "", table);
  }
}

/** Move what changed since the previous drawing of this board (≤ 300 ms; none under reduced
 *  motion): numbers bump, the pollution marker slides, new tiles and cards turn over. */
function animate(el, root, view) {
  const now = new Map();
  for (const node of root.querySelectorAll("[data-anim]")) {
    now.set(node.dataset.anim, { val: node.dataset.animVal ?? null, x: node.dataset.animX ?? null, node });
  }
  for (const node of root.querySelectorAll("[data-country] [data-tile], [data-staffed]")) {
    const key = node.dataset.tile ? `tile-${node.closest("[data-country]").dataset.country}-${node.dataset.tile}` : `cit-${node.dataset.site}`;
    now.set(key, { val: null, x: null, node, isNew: node.dataset.tile ? "pop" : "pop" });
  }
  const before = memory.get(el);
  const sameGame = before && before.game === view.game && before.seat === view.seat && view.round >= before.round;
  memory.set(el, { game: view.game, seat: view.seat, round: view.round,
    items: new Map([...now].map(([k, v]) => [k, { val: v.val, x: v.x }])) });
  if (!sameGame || reducedMotion()) return;
  const opts = { duration: MOTION_MS, easing: "ease-out" };
  for (const [key, cur] of now) {
    const old = before.items.get(key);
    const node = cur.node;
    if (!old) {
      const kind = cur.isNew || node.dataset.animNew;
      if (!kind) continue;
      if (node instanceof SVGElement) {
        const face = node.querySelector(".sx-tileface") || node;
        face.style.transformBox = "fill-box";
        face.style.transformOrigin = "center";
        face.animate([{ transform: "scale(0.4)", opacity: 0 }, { transform: "scale(1)", opacity: 1 }], opts);
      } else if (kind === "flip") {
        node.animate([{ transform: "perspective(400px) rotateY(90deg)" }, { transform: "perspective(400px) rotateY(0deg)" }], opts);
      } else {
        node.animate([{ transform: "scale(0.6)", opacity: 0 }, { transform: "scale(1)", opacity: 1 }], opts);
      }
    } else if (cur.x != null && old.x != null && cur.x !== old.x) {
      const dx = Number(old.x) - Number(cur.x);
      node.style.transformBox = "fill-box";
      node.animate([{ transform: `translateX(${dx}px)` }, { transform: "translateX(0)" }], opts);
    } else if (cur.val != null && old.val != null && cur.val !== old.val) {
      node.style.display = node.style.display || "inline-block";
      node.animate([{ transform: "scale(1.45)", backgroundColor: "#ffe58a" }, { transform: "scale(1)", backgroundColor: "transparent" }], opts);
    }
  }
}

// The public content of the shipped content.toml (made by ludoteca.web.board_data; checked by
// tests/web/test_renderers.py). A table on a custom content draws with its own (boardData).
const SHIPPED_DATA = /* DATA:BEGIN */ {
  "land": [
    ["S1", 15, [[0, 1, 1, 0, 0], [0, 2, 1, 0, 0], [1, 0, 0, 0, 1]]],
    ["S2", 15, [[0, 1, 1, 0, 0], [0, 2, 1, 0, 0], [1, 0, 0, 0, 1]]],
    ["S3", 15, [[0, 1, 1, 0, 0], [0, 2, 1, 0, 0], [1, 0, 0, 0, 1]]],
    ["S4", 15, [[0, 1, 1, 0, 0], [0, 2, 1, 0, 0], [1, 0, 0, 0, 1]]],
    ["S5", 15, [[0, 1, 1, 0, 0], [0, 2, 1, 0, 0], [1, 0, 0, 0, 1]]],
    ["L01", 5, [[0, 2, 0, 0, 0], [0, 0, 1, 0, 0]]],
    ["L02", 3, [[0, 1, 1, 0, 0], [0, 0, 0, 1, 0]]],
    ["L03", 7, [[0, 0, 3, 0, 0], [1, 0, 0, 0, 1]]],
    ["L04", 10, [[0, 3, 0, 0, 0]]],
    ["L05", 15, [[0, 0, 2, 0, 0], [0, 1, 0, 0, 0]]],
    ["L06", 5, [[0, 2, 1, 0, 0]]],
    ["L07", 6, [[0, 0, 0, 2, 0], [0, 1, 0, 0, 0]]],
    ["L08", 15, [[1, 0, 0, 0, 2]]],
    ["L09", 9, [[0, 1, 1, 0, 0], [0, 2, 0, 0, 0]]],
    ["L10", 14, [[0, 0, 2, 0, 0], [0, 0, 0, 1, 0]]],
    ["L11", 5, [[0, 2, 0, 0, 0], [1, 0, 0, 0, 1]]],
    ["L12", 3, [[0, 0, 1, 1, 0], [0, 1, 0, 0, 0]]],
    ["L13", 10, [[0, 3, 0, 0, 0], [0, 0, 1, 0, 0]]],
    ["L14", 13, [[0, 1, 0, 1, 0], [0, 0, 1, 0, 0]]],
    ["L15", 15, [[0, 1, 2, 0, 0]]],
    ["L16", 3, [[0, 0, 0, 1, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0]]],
    ["L17", 5, [[0, 3, 0, 0, 0], [0, 0, 2, 0, 0]]],
    ["L18", 7, [[0, 0, 0, 3, 0], [0, 1, 0, 0, 0]]],
    ["L19", 10, [[0, 0, 2, 1, 0], [1, 0, 0, 0, 2]]],
    ["L20", 15, [[0, 2, 2, 0, 0]]],
    ["L21", 3, [[0, 0, 0, 2, 0], [0, 0, 2, 0, 0]]],
    ["L22", 13, [[1, 0, 0, 0, 2], [0, 2, 0, 0, 0]]],
    ["L23", 10, [[0, 4, 0, 0, 0]]],
    ["L24", 15, [[0, 0, 3, 0, 0], [0, 0, 0, 1, 0]]],
    ["L25", 5, [[0, 2, 0, 1, 0], [1, 0, 0, 0, 1]]],
    ["L26", 6, [[0, 0, 1, 2, 0], [0, 2, 0, 0, 0]]],
    ["L27", 15, [[1, 0, 0, 0, 3]]],
    ["L28", 5, [[0, 0, 4, 0, 0]]],
    ["L29", 11, [[0, 1, 1, 1, 0], [1, 0, 0, 0, 1]]],
    ["L30", 14, [[0, 0, 0, 3, 0], [0, 0, 1, 0, 0]]],
    ["L31", 3, [[0, 3, 0, 1, 0]]],
    ["L32", 5, [[0, 0, 2, 0, 0], [0, 2, 0, 0, 0], [1, 0, 0, 0, 1]]],
    ["L33", 5, [[0, 0, 0, 4, 0], [0, 1, 0, 0, 0]]],
    ["L34", 15, [[0, 0, 0, 3, 0], [1, 0, 0, 0, 2]]],
    ["L35", 10, [[1, 0, 0, 0, 3], [0, 0, 0, 1, 0]]],
    ["L36", 7, [[0, 3, 2, 0, 0]]],
    ["L37", 3, [[0, 0, 2, 2, 0]]],
    ["L38", 5, [[0, 0, 0, 5, 0]]],
    ["L39", 15, [[1, 0, 0, 0, 2], [0, 2, 0, 0, 0], [0, 0, 1, 0, 0]]],
    ["L40", 14, [[0, 1, 0, 3, 0], [1, 0, 0, 0, 1]]]
  ],
  "tech": [
    {"id": "T01", "name": "Ferrocarril de vapor", "name_en": "Steam Railway", "kind": "permanent", "rails": 0, "use": "each_maintenance", "effect": ["cada mantenimiento: mover 1 ciudadano(s) dentro de su red; al comprarla: 1 basura", "each Maintenance: move 1 citizen(s) within its network; on purchase: 1 garbage"]},
    {"id": "T02", "name": "Banco", "name_en": "Bank", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +1 moneda", "income +1 coin"]},
    {"id": "T03", "name": "Biblioteca pública", "name_en": "Public Library", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +1 de ciencia", "income +1 science"]},
    {"id": "T04", "name": "Central térmica de carbón", "name_en": "Coal Power Station", "kind": "institution", "rails": 5, "use": "passive", "effect": ["institución (vías │): ingresos +2 monedas si su red tiene un ciudadano; al comprarla: 2 basura, más contaminación (1 paso a la izquierda)", "institution (rails │): income +2 coins if its network has a citizen; on purchase: 2 garbage, more pollution (1 step left)"]},
    {"id": "T05", "name": "Parque urbano", "name_en": "City Park", "kind": "institution", "rails": 15, "use": "passive", "effect": ["institución (vías ┼): ingresos +1 PV si su red tiene un ciudadano; al comprarla: menos contaminación (1 paso a la derecha)", "institution (rails ┼): income +1 VP if its network has a citizen; on purchase: less pollution (1 step right)"]},
    {"id": "T06", "name": "Limpieza viaria", "name_en": "Street Cleaning", "kind": "one_time", "rails": 0, "use": "once", "effect": ["una vez: quitar hasta 3 basura", "once: remove up to 3 garbage"]},
    {"id": "T07", "name": "Inmigración", "name_en": "Immigration", "kind": "one_time", "rails": 0, "use": "once", "effect": ["una vez: 1 ciudadano(s) nuevo(s); al comprarla: 1 basura", "once: 1 new citizen(s); on purchase: 1 garbage"]},
    {"id": "T08", "name": "Construcción de puentes", "name_en": "Bridge Building", "kind": "one_time", "rails": 0, "use": "on_purchase", "effect": ["al comprarla: 2 puentes", "on purchase: 2 bridges"]},
    {"id": "T09", "name": "Alcantarillado", "name_en": "Sewage System", "kind": "permanent", "rails": 0, "use": "each_maintenance", "effect": ["cada mantenimiento: quitar hasta 1 basura pagando 2 monedas", "each Maintenance: remove up to 1 garbage paying 2 coins"]},
    {"id": "T10", "name": "Fábrica", "name_en": "Factory", "kind": "institution", "rails": 3, "use": "passive", "effect": ["institución (vías └): ingresos +3 monedas si su red tiene un ciudadano; al comprarla: 2 basura, más contaminación (1 paso a la izquierda)", "institution (rails └): income +3 coins if its network has a citizen; on purchase: 2 garbage, more pollution (1 step left)"]},
    {"id": "T11", "name": "Universidad", "name_en": "University", "kind": "institution", "rails": 5, "use": "passive", "effect": ["institución (vías │): ingresos +2 de ciencia si su red tiene un ciudadano; al comprarla: 1 basura", "institution (rails │): income +2 science if its network has a citizen; on purchase: 1 garbage"]},
    {"id": "T12", "name": "Reforestación", "name_en": "Reforestation", "kind": "one_time", "rails": 0, "use": "on_purchase", "effect": ["al comprarla: menos contaminación (2 pasos a la derecha)", "on purchase: less pollution (2 steps right)"]},
    {"id": "T13", "name": "Ferrocarril eléctrico", "name_en": "Electric Railway", "kind": "permanent", "rails": 0, "use": "each_maintenance", "effect": ["cada mantenimiento: mover 2 ciudadano(s) dentro de su red; al comprarla: 1 basura", "each Maintenance: move 2 citizen(s) within its network; on purchase: 1 garbage"]},
    {"id": "T14", "name": "Tecnología de reciclaje", "name_en": "Recycling Technology", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["cada sitio de reciclaje con ciudadano recicla 1 más", "each staffed recycling site recycles 1 more"]},
    {"id": "T15", "name": "Planta química", "name_en": "Chemical Works", "kind": "institution", "rails": 15, "use": "passive", "effect": ["institución (vías ┼): ingresos +3 monedas +1 de ciencia si su red tiene un ciudadano; al comprarla: 3 basura, más contaminación (1 paso a la izquierda)", "institution (rails ┼): income +3 coins +1 science if its network has a citizen; on purchase: 3 garbage, more pollution (1 step left)"]},
    {"id": "T16", "name": "Instituto de investigación", "name_en": "Research Institute", "kind": "institution", "rails": 5, "use": "passive", "effect": ["institución (vías │): ingresos +3 de ciencia si su red tiene un ciudadano; al comprarla: 1 basura", "institution (rails │): income +3 science if its network has a citizen; on purchase: 1 garbage"]},
    {"id": "T17", "name": "Transporte público", "name_en": "Public Transport", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +1 PV; al comprarla: menos contaminación (1 paso a la derecha)", "income +1 VP; on purchase: less pollution (1 step right)"]},
    {"id": "T18", "name": "Incineradora", "name_en": "Incinerator", "kind": "permanent", "rails": 0, "use": "each_maintenance", "effect": ["cada mantenimiento: quitar hasta 2 basura (más contaminación (1 paso a la izquierda))", "each Maintenance: remove up to 2 garbage (more pollution (1 step left))"]},
    {"id": "T19", "name": "Urbanización", "name_en": "Urbanisation", "kind": "one_time", "rails": 0, "use": "once", "effect": ["una vez: 2 ciudadano(s) nuevo(s); al comprarla: 2 basura", "once: 2 new citizen(s); on purchase: 2 garbage"]},
    {"id": "T20", "name": "Ingeniería de puentes", "name_en": "Bridge Engineering", "kind": "one_time", "rails": 0, "use": "on_purchase", "effect": ["al comprarla: 2 puentes", "on purchase: 2 bridges"]},
    {"id": "T21", "name": "Televisión", "name_en": "Television", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +2 PV; al comprarla: 1 basura", "income +2 VP; on purchase: 1 garbage"]},
    {"id": "T22", "name": "Depuradora de aguas", "name_en": "Water Treatment", "kind": "one_time", "rails": 0, "use": "once", "effect": ["una vez: quitar hasta 4 basura; al comprarla: menos contaminación (1 paso a la derecha)", "once: remove up to 4 garbage; on purchase: less pollution (1 step right)"]},
    {"id": "T23", "name": "Autopistas", "name_en": "Motorways", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +2 monedas +1 PV; al comprarla: 2 basura, más contaminación (1 paso a la izquierda)", "income +2 coins +1 VP; on purchase: 2 garbage, more pollution (1 step left)"]},
    {"id": "T24", "name": "Bolsa de valores", "name_en": "Stock Exchange", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +3 monedas; al comprarla: 1 basura", "income +3 coins; on purchase: 1 garbage"]},
    {"id": "T25", "name": "Central nuclear", "name_en": "Nuclear Power Plant", "kind": "institution", "rails": 7, "use": "passive", "effect": ["institución (vías ├): ingresos +4 monedas +2 de ciencia si su red tiene un ciudadano; al comprarla: más contaminación (2 pasos a la izquierda)", "institution (rails ├): income +4 coins +2 science if its network has a citizen; on purchase: more pollution (2 steps left)"]},
    {"id": "T26", "name": "Internet", "name_en": "Internet", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +2 de ciencia +2 PV; al comprarla: 1 basura", "income +2 science +2 VP; on purchase: 1 garbage"]},
    {"id": "T27", "name": "Parque eólico", "name_en": "Wind Farm", "kind": "institution", "rails": 5, "use": "passive", "effect": ["institución (vías │): ingresos +2 PV si su red tiene un ciudadano; al comprarla: menos contaminación (2 pasos a la derecha)", "institution (rails │): income +2 VP if its network has a citizen; on purchase: less pollution (2 steps right)"]},
    {"id": "T28", "name": "Programa residuo cero", "name_en": "Zero-Waste Programme", "kind": "one_time", "rails": 0, "use": "once", "effect": ["una vez: quitar hasta 6 basura", "once: remove up to 6 garbage"]},
    {"id": "T29", "name": "Alta velocidad", "name_en": "High-Speed Rail", "kind": "permanent", "rails": 0, "use": "each_maintenance", "effect": ["cada mantenimiento: mover 3 ciudadano(s) a cualquier sitio del país; al comprarla: 1 basura", "each Maintenance: move 3 citizen(s) anywhere in the country; on purchase: 1 garbage"]},
    {"id": "T30", "name": "Agencia de medio ambiente", "name_en": "Environmental Agency", "kind": "permanent", "rails": 0, "use": "auto_each_maintenance", "effect": ["cada mantenimiento: menos contaminación (1 paso a la derecha)", "each Maintenance: less pollution (1 step right)"]}
  ],
  "cards": {
    "II-A": ["Comercio", "Commerce", "II «Comercio»: 1 PV por cada punto de ingresos de monedas", "II “Commerce”: 1 VP for each point of coin income"],
    "II-B": ["Investigación", "Research", "II «Investigación»: 3 PV por cada 2 puntos de ingresos de ciencia", "II “Research”: 3 VP for each 2 points of science income"],
    "II-C": ["Tierra limpia", "Clean Land", "II «Tierra limpia»: 2 PV por tierra sin basura", "II “Clean Land”: 2 VP per land tile without garbage"],
    "IV-A": ["Ferrocarriles", "Railways", "IV «Ferrocarriles»: 1 PV por tierra de tu mayor red de vías", "IV “Railways”: 1 VP per land tile in your largest rail network"],
    "IV-B": ["Nación verde", "Green Nation", "IV «Nación verde»: 2 PV por paso de contaminación a la derecha del 0", "IV “Green Nation”: 2 VP per pollution step right of 0"],
    "IV-C": ["Innovación", "Innovation", "IV «Innovación»: 2 PV por tecnología", "IV “Innovation”: 2 VP per technology"]
  },
  "tracks": {
    "tablero": [7, 6, 5, 5, 4, 4, 3, 3, 2],
    "loseta-3": [9, 8, 7, 7, 6, 5, 5, 4, 3],
    "loseta-4": [11, 10, 9, 8, 7, 7, 6, 5, 4]
  },
  "grid": 15,
  "origin": 112,
  "capacity": 3,
  "pollution": [-6, 6]
} /* DATA:END */;

/** What the drawing reads: SHIPPED_DATA, or the table's own content (set by render). */
let DATA = SHIPPED_DATA;
