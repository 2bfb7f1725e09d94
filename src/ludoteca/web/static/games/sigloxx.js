// «Siglo XX»: every player's country as a grid of tiles (rails, cities and recycling sites,
// citizens, garbage, bridges, institutions), the land and technology offers, the technology
// cost track, the auction in progress, the catastrophe and its columns, the scoring cards, the
// Maintenance or Production step and each player's income, pollution, garbage and holdings
// (coins and science only for the seat itself: the view holds no one else's). Offer tiles,
// technologies, cells to place a tile on, sites, tiles and bridge edges are clickable when a
// legal action names them.

import { h, svg as s, ensureStyle, clickable } from "./dom.js";

const CSS = `
.sx{--ink:#22201c;--paper:#efece6;--line:#d3cdc2;font:14px/1.35 system-ui,sans-serif;
 color:var(--ink);background:var(--paper);border-radius:12px;padding:12px;display:flex;
 flex-direction:column;gap:10px;min-width:760px}
.sx *{box-sizing:border-box}
.sx-bar{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:baseline}
.sx-bar b.title{font-size:16px}
.sx-tag{background:#fff;border:1px solid var(--line);border-radius:999px;padding:1px 9px;font-size:12.5px}
.sx-now{background:#fff6d8;border:1px solid #e8cf7a;border-radius:8px;padding:5px 10px}
.sx-top{display:grid;grid-template-columns:1.05fr 1.25fr 1.6fr;gap:8px;align-items:start}
.sx-box{background:#fff;border:1px solid var(--line);border-radius:10px;padding:7px 9px}
.sx-box h4{margin:0 0 5px;font-size:12.5px;text-transform:uppercase;letter-spacing:.04em;color:#6a5d48}
.sx-small{font-size:12px;color:#6b6354}
.sx-row{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-start}
.sx-offer{display:flex;flex-direction:column;align-items:center;font-size:11px;border-radius:8px;padding:2px}
.sx-act{cursor:pointer;outline:3px solid #1f9d55;outline-offset:1px;border-radius:6px}
.sx-act:hover{outline-width:4px}
svg .sx-act,svg.sx-act{outline:none}
svg .sx-act .hit{stroke:#1f9d55;stroke-width:3}
svg text.halo{paint-order:stroke;stroke:#fffc;stroke-width:3px;stroke-linejoin:round}
.sx-tech{border:1px solid #cbbfe6;background:#f6f2fd;border-radius:7px;padding:3px 6px;font-size:11.5px;
 width:100%;margin-bottom:4px}
.sx-tech b{font-size:12px}
.sx-tech.inst{background:#efe9fb}
.sx-track{display:flex;gap:2px;margin-top:4px}
.sx-track span{min-width:22px;text-align:center;border:1px solid #d5cab5;border-radius:4px;font-size:12px;background:#faf7f0}
.sx-track span.on{background:#3a2f20;color:#fff;font-weight:800}
.sx-cat{border-left:6px solid #b3261e}
.sx-cols{display:flex;gap:4px;margin-top:4px}
.sx-col{flex:1;border:1px solid #e3c9c6;border-radius:6px;text-align:center;font-size:11.5px;padding:2px;background:#fdf6f5}
.sx-col b{font-size:13px}
.sx-countries{display:grid;grid-template-columns:repeat(auto-fill,minmax(380px,1fr));gap:8px;align-items:start}
.sx-country{background:#fff;border:1px solid var(--line);border-radius:10px;padding:6px 8px;border-top:6px solid var(--pc);
 min-width:0}
.sx-country svg[data-country]{display:block;margin:4px auto 0;max-width:100%;height:auto}
.sx-country.turn{box-shadow:0 0 0 2px var(--pc)}
.sx-chead{display:flex;justify-content:space-between;gap:10px;align-items:baseline}
.sx-chead b{font-size:15px}
.sx-badge{font-size:11px;border-radius:999px;padding:0 6px;background:#eee;margin-left:4px}
.sx-badge.sp{background:#ffd54f}.sx-badge.go{background:#c8f0d4}
.sx-stats{display:flex;flex-wrap:wrap;gap:2px 10px;font-size:12px;margin:3px 0}
.sx-stats b{font-size:12.5px}
.sx-secret{color:#999;font-style:italic}
.sx-techs{display:flex;flex-wrap:wrap;gap:3px;margin:3px 0}
.sx-chip{font-size:11px;border-radius:5px;padding:0 5px;background:#f1ecfa;border:1px solid #d6c8ef}
.sx-chip.used{opacity:.5;text-decoration:line-through}
.sx-pend{display:flex;gap:4px;align-items:center;flex-wrap:wrap;font-size:11.5px;margin:3px 0}
.sx-result{background:#2a1f14;color:#fff;border-radius:10px;padding:8px 12px}
.sx-result table{border-collapse:collapse;margin-top:4px;font-size:12.5px}
.sx-result td,.sx-result th{padding:1px 8px 1px 0;text-align:right}
.sx-result td:nth-child(2),.sx-result th:nth-child(2){text-align:left}
`;

const COLOURS = { rojo: "#d32f2f", amarillo: "#e6b800", verde: "#2e7d32", azul: "#1e63c8", morado: "#7b3fa0" };
const PHASES = {
  subasta: ["2 Subasta de tierras", "2 Land auction"], catastrofe: ["3 Prevenir catástrofes", "3 Catastrophe prevention"],
  mantenimiento: ["4 Mantenimiento", "4 Maintenance"], produccion: ["5 Producción", "5 Production"],
  fin: ["fin de la partida", "game over"],
};
const STEPS = {
  elegir: ["elegir tierra", "choosing a tile"], abrir: ["abrir la puja", "opening bid"], puja: ["pujas", "bidding"],
  tecnologia: ["compra de tecnología", "buying technology"], solo: ["único en la subasta", "only one left"],
  columna: ["pujas por las columnas", "bidding for columns"], basura: ["paso A: basura", "step A: garbage"],
  elegir_pendiente: ["paso B: elegir ficha", "step B: choose a tile"], colocar: ["paso B: colocar", "step B: place"],
  puente: ["paso B: puente", "step B: bridge"], ciudadano: ["paso B: ciudadano", "step B: citizen"],
  basura_extra: ["paso B: basura sobrante", "step B: extra garbage"],
  tecnologias: ["paso C: tecnologías", "step C: technologies"], quitar: ["paso C: quitar basura", "step C: removing garbage"],
  recoger: ["paso C: levantar ciudadano", "step C: lift a citizen"], situar: ["paso C: situar ciudadano", "step C: put the citizen"],
  nuevos_ciudadanos: ["paso C: ciudadanos nuevos", "step C: new citizens"], reciclar: ["reciclaje", "recycling"],
  fin: ["fin de la partida", "game over"],
};
const YIELD = { coins: "#b8860b", science: "#1e63c8", vp: "#2e7d32" };
const TILE = 80;                       // a tile's side in a country, px
const LETTERS = ["a", "b", "c"];

const LAND_INDEX = () => Object.fromEntries(DATA.land.map((t, i) => [t[0], i]));
const TECH_INDEX = () => Object.fromEntries(DATA.tech.map((t, i) => [t.id, i]));

/** Rails of a tile turned r quarter turns clockwise (bit d = edge d: N 0, E 1, S 2, W 3). */
function rotate(mask, r) {
  return r ? ((mask << r) | (mask >> (4 - r))) & 15 : mask;
}

export function render(el, view, ctx) {
  ensureStyle("sx-renderer-css", CSS);
  const lang = ctx.lang === "en" ? "en" : "es";
  const T = (es, en) => (lang === "en" ? en : es);
  const L = (pair) => (pair ? pair[lang === "en" ? 1 : 0] : "");
  const legal = new Set((ctx.legal || []).map((a) => a.text));
  const only = (texts) => { const ok = texts.filter((x) => legal.has(x)); return ok.length === 1 ? ok[0] : null; };
  const players = view.players || [];
  const landIndex = LAND_INDEX();
  const techIndex = TECH_INDEX();
  const size = DATA.grid;
  const ox = DATA.origin % size;
  const oy = Math.floor(DATA.origin / size);
  const cellXY = (c) => [(c % size) - ox, Math.floor(c / size) - oy];
  const cellOf = (x, y) => (y + oy) * size + x + ox;
  const toMove = new Set(view.to_move || []);
  const colourOf = (seat) => COLOURS[(players[seat] || {}).colour] || "#777";
  const who = (seat) => {
    const p = players[seat];
    return p ? `${p.name} (${lang === "en" ? p.colour_en : p.colour})` : "—";
  };
  const techName = (id) => {
    const t = DATA.tech[techIndex[id]];
    return t ? (lang === "en" ? t.name_en : t.name) : id;
  };
  const m = view.maintenance || {};
  const lc = T("m", "c");
  const ls = T("c", "s");

  // ----- header ----------------------------------------------------------------------------
  const bar = h("div", { class: "sx-bar" },
    h("b", { class: "title" }, "Siglo XX"),
    h("span", { class: "sx-tag" }, T(`Ronda ${view.roman}`, `Round ${view.roman}`)),
    h("span", { class: "sx-tag" }, L(PHASES[view.phase]) || view.phase),
    view.sp != null ? h("span", { class: "sx-tag", style: "background:#fff3c4" },
      T("Jugador inicial: ", "Start player: "), (players[view.sp] || {}).name) : null);
  const now = h("div", { class: "sx-now", "data-step": view.step },
    h("b", {}, T("Ahora: ", "Now: ")), L(STEPS[view.step]) || view.step,
    toMove.size ? T(` — decide ${[...toMove].map(who).join(", ")}`, ` — to move: ${[...toMove].map(who).join(", ")}`) : "",
    stepDetail());

  // ----- offers, auction, track, catastrophe -------------------------------------------------
  const top = h("div", { class: "sx-top" }, auctionBox(), offersBox(), h("div", {}, techBox(), catastropheBox()));
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
  el.replaceChildren(h("div", { class: "sx", "data-game": "sigloxx", lang }, ...parts));

  // ----- tiles as SVG ------------------------------------------------------------------------
  function yieldsText(site, x, y, fs) {
    const t = s("text", { x, y, "text-anchor": "middle", "font-size": fs, "font-weight": 700 });
    const parts = [[site[1], lc, YIELD.coins], [site[2], ls, YIELD.science], [site[3], "v", YIELD.vp]];
    for (const [n, letter, fill] of parts) if (n) t.append(s("tspan", { fill }, `${n}${letter}`));
    if (!t.childNodes.length) t.append("0");
    return t;
  }

  /** One tile drawn in a TILE×TILE box: item = {tile|tech, rotation, garbage, citizens}. */
  function tileSvg(item, colour, opts = {}) {
    const g = s("g", {});
    const k = TILE;
    const isTech = item.tech != null;
    const spec = isTech ? DATA.tech[techIndex[item.tech]] : DATA.land[landIndex[item.tile]];
    if (!spec) return g;
    const start = !isTech && item.tile.startsWith("S");
    g.append(s("rect", { x: 1.5, y: 1.5, width: k - 3, height: k - 3, rx: 7,
      fill: isTech ? "#e7def7" : start ? "#f4e2ad" : "#d9eac4", stroke: opts.mark ? "#e0a800" : "#8b7d62",
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
      const words = name.length > 14 ? [name.slice(0, name.lastIndexOf(" ", 14) > 0 ? name.lastIndexOf(" ", 14) : 14), name.slice(name.lastIndexOf(" ", 14) > 0 ? name.lastIndexOf(" ", 14) + 1 : 14)] : [name];
      words.slice(0, 2).forEach((w, i) => g.append(s("text", { x: k / 2, y: k - 18 + i * 10, "text-anchor": "middle", "font-size": 8.5, fill: "#3b2a5a", class: "halo" }, w.slice(0, 16))));
      return g;
    }
    const staffed = new Set(item.citizens || []);
    const spots = [[k * 0.25, k * 0.24], [k * 0.75, k * 0.24], [k * 0.25, k * 0.7]];
    spec[2].forEach((site, i) => {
      const [cx, cy] = spots[i];
      const letter = LETTERS[i];
      const sg = s("g", { "data-site": `${item.tile}${letter}` });
      if (site[0] === 1) {                       // recycling site
        sg.append(s("rect", { x: cx - 11, y: cy - 9, width: 22, height: 18, rx: 4,
          fill: staffed.has(letter) ? colour : "#e3f3e3", stroke: staffed.has(letter) ? "#0008" : "#3a8a3a", "stroke-width": 1.5, class: "hit" }),
        s("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 800,
          fill: staffed.has(letter) ? "#fff" : "#2a6a2a" }, `R${site[4]}`));
      } else {
        sg.append(s("circle", { cx, cy: cy - 3, r: 9, fill: staffed.has(letter) ? colour : "#fff",
          stroke: staffed.has(letter) ? "#000a" : "#7a6a50", "stroke-width": 1.5, class: "hit" }));
        if (staffed.has(letter)) sg.append(s("circle", { cx, cy: cy - 6, r: 2.6, fill: "#fff" }));
        sg.append(yieldsText(site, cx, cy + 14, 9.5));
      }
      if (opts.clickSites) {
        const idx = landIndex[item.tile] * 3 + i;
        clickable(sg, only([`situar ${idx}`, `recoger ${idx}`]), ctx, legal, "sx-act");
      }
      g.append(sg);
    });
    if (item.garbage != null) {
      for (let i = 0; i < DATA.capacity; i++) {
        g.append(s("rect", { x: k * 0.58 + i * 10, y: k * 0.8, width: 8, height: 8, rx: 1.5,
          fill: i < item.garbage ? "#3b3026" : "none", stroke: "#3b3026", "stroke-width": 1 }));
      }
    }
    g.append(s("text", { x: k * 0.73, y: k * 0.72, "text-anchor": "middle", "font-size": 9.5, "font-weight": 700, fill: "#5a4a35", class: "halo" }, item.tile));
    return g;
  }

  /** A standalone tile (offers, auction, pending): an <svg> of `px` pixels. */
  function tileIcon(item, px, colour = "#999") {
    return s("svg", { width: px, height: px, viewBox: `0 0 ${TILE} ${TILE}`, "data-tile-icon": item.tile || item.tech }, tileSvg(item, colour));
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
    const svg = s("svg", { width: w * TILE + 2 * pad, height: hgt * TILE + 2 * pad,
      viewBox: `${-pad} ${-pad} ${w * TILE + 2 * pad} ${hgt * TILE + 2 * pad}`, "data-country": p.seat });
    const at = (x, y) => [(x - x0) * TILE, (y - y0) * TILE];
    const colour = COLOURS[p.colour] || "#777";
    const networks = p.networks || [];
    for (const it of items) {
      const [px, py] = at(it.x, it.y);
      const g = s("g", { transform: `translate(${px},${py})`, "data-tile": it.tile || it.tech, "data-cell": it.cell });
      g.append(tileSvg(it, colour, { clickSites: own, mark: m.cell === it.cell && m.player === p.seat }));
      if (own && it.tile != null) {
        const idx = landIndex[it.tile];
        clickable(g, only([`basura ${idx}`, `quitar ${idx}`, `reciclar ${idx}`]), ctx, legal, "sx-act");
      }
      const title = s("title", {}, it.tile ? `${it.tile} (${it.x},${it.y}) · ${T("basura", "garbage")} ${it.garbage}/${DATA.capacity}`
        : `${it.tech} ${techName(it.tech)} (${it.x},${it.y})`);
      g.append(title);
      svg.append(g);
    }
    // bridges on edges
    for (const e of p.bridges || []) svg.append(bridgeMark(e, at, false));
    for (const mm of bridgeEdges) {
      const c = Number(mm[2]);
      const e = mm[1] === "e" ? 2 * c : 2 * c + 1;
      const mark = bridgeMark(e, at, true);
      clickable(mark, mm[0], ctx, legal, "sx-act");
      svg.append(mark);
    }
    // cells where the tile in hand may go
    const sel = m.selected || {};
    for (const [cell, opts] of Object.entries(targets)) {
      const [x, y] = cellXY(Number(cell));
      const [px, py] = at(x, y);
      const g = s("g", { transform: `translate(${px},${py})`, "data-target-cell": cell });
      g.append(s("rect", { x: 3, y: 3, width: TILE - 6, height: TILE - 6, rx: 7, fill: "#eaf7ee", stroke: "#1f9d55", "stroke-width": 2, "stroke-dasharray": "5 3" }));
      g.append(s("text", { x: TILE / 2, y: 13, "text-anchor": "middle", "font-size": 9.5, "font-weight": 700, fill: "#146b3a" }, `${x},${y}`));
      const n = opts.length;
      const per = n <= 4 ? 2 : 4;
      const bs = n <= 4 ? 26 : 16;
      opts.sort((a, b) => a.rot - b.rot || a.bridged - b.bridged).forEach((o, i) => {
        const bx = TILE / 2 - (per * (bs + 3)) / 2 + (i % per) * (bs + 3) + 1.5;
        const by = 18 + Math.floor(i / per) * (bs + 3);
        const b = s("g", { transform: `translate(${bx},${by})` });
        b.append(s("rect", { width: bs, height: bs, rx: 4, fill: "#fff", stroke: "#1f9d55", "stroke-width": 1.5, class: "hit" }));
        const spec = sel.tile ? DATA.land[landIndex[sel.tile]] : sel.tech ? DATA.tech[techIndex[sel.tech]] : null;
        const base = spec ? (sel.tile ? spec[1] : spec.rails) : 0;
        const rails = rotate(base, o.rot / 90);
        const c = bs / 2;
        const ends = [[c, 1], [bs - 1, c], [c, bs - 1], [1, c]];
        for (let d = 0; d < 4; d++) if (rails >> d & 1) b.append(s("line", { x1: c, y1: c, x2: ends[d][0], y2: ends[d][1], stroke: "#6b4f3a", "stroke-width": bs > 20 ? 4 : 3 }));
        if (o.bridged) b.append(s("path", { d: `M${bs - 7} 1 L${bs - 1} 7 L${bs - 7} 13 L${bs - 13} 7 Z`, fill: "#f2c200", stroke: "#7a5c00", "stroke-width": 0.8 }));
        b.append(s("title", {}, `${o.text} · ${o.rot}°${o.bridged ? T(" con puente", " with a bridge") : ""}`));
        clickable(b, o.text, ctx, legal, "sx-act");
        g.append(b);
      });
      svg.append(g);
    }
    if (networks.length > 1) svg.setAttribute("data-networks", networks.length);
    return svg;
  }

  function bridgeMark(e, at, offer) {
    const c = Math.floor(e / 2);
    const [x, y] = cellXY(c);
    const [px, py] = at(x, y);
    const [mx, my] = e % 2 ? [px + TILE / 2, py + TILE] : [px + TILE, py + TILE / 2];
    const r = offer ? 11 : 8;
    const g = s("g", { "data-bridge": e });
    g.append(s("path", { d: `M${mx} ${my - r} L${mx + r} ${my} L${mx} ${my + r} L${mx - r} ${my} Z`,
      fill: offer ? "#fff7cc" : "#f2c200", stroke: offer ? "#1f9d55" : "#7a5c00", "stroke-width": offer ? 2 : 1.2, class: "hit" }));
    g.append(s("title", {}, offer ? T("poner un puente aquí", "put a bridge here") : T("puente", "bridge")));
    return g;
  }

  function gauge(p) {
    const [lo, hi] = DATA.pollution;
    const n = hi - lo + 1;
    const w = 9;
    const svg = s("svg", { width: n * w + 2, height: 14, "data-pollution": p });
    for (let v = lo; v <= hi; v++) {
      const x = (v - lo) * w + 1;
      const fill = v < 0 ? `hsl(0,60%,${88 + v * 4}%)` : v > 0 ? `hsl(120,45%,${88 - v * 5}%)` : "#eee";
      svg.append(s("rect", { x, y: 2, width: w - 1, height: 10, fill, stroke: "#bbb", "stroke-width": 0.5 }));
    }
    const x = (p - lo) * w + 1 + (w - 1) / 2;
    svg.append(s("circle", { cx: x, cy: 7, r: 4.5, fill: "#222", stroke: "#fff", "stroke-width": 1 }));
    return svg;
  }

  function countryPanel(p) {
    const own = p.seat === ctx.seat;
    const colour = COLOURS[p.colour] || "#777";
    const panel = h("div", { class: "sx-country" + (toMove.has(p.seat) ? " turn" : ""), style: `--pc:${colour}`, "data-seat": p.seat });
    panel.append(h("div", { class: "sx-chead" },
      h("span", {}, h("b", {}, p.name), h("span", { class: "sx-small" }, ` ${lang === "en" ? p.colour_en : p.colour}`),
        p.seat === view.sp ? h("span", { class: "sx-badge sp" }, T("inicial", "start")) : null,
        own ? h("span", { class: "sx-badge" }, T("tú", "you")) : null,
        toMove.has(p.seat) ? h("span", { class: "sx-badge go" }, T("decide", "to move")) : null),
      h("span", {}, h("b", { style: "font-size:17px" }, p.score), T(" PV", " VP"))));
    const inc = p.income || {};
    const hidden = h("span", { class: "sx-secret" }, T("secreto", "secret"));
    panel.append(h("div", { class: "sx-stats" },
      h("span", {}, T("Ingresos ", "Income "), h("b", { style: `color:${YIELD.coins}` }, `${inc.coins}${lc}`), " ",
        h("b", { style: `color:${YIELD.science}` }, `${inc.science}${ls}`), " ", h("b", { style: `color:${YIELD.vp}` }, `${inc.vp}v`)),
      h("span", {}, T("Monedas ", "Coins "), "coins" in p ? h("b", { "data-coins": p.coins }, p.coins) : hidden.cloneNode(true)),
      h("span", {}, T("Ciencia ", "Science "), "science" in p ? h("b", { "data-science": p.science }, p.science) : hidden.cloneNode(true)),
      h("span", {}, T("Contaminación ", "Pollution "), h("b", {}, p.pollution > 0 ? `+${p.pollution}` : p.pollution), " ", gauge(p.pollution)),
      h("span", {}, T("Basura ", "Garbage "), h("b", {}, p.garbage)),
      h("span", {}, T("Limpias ", "Clean "), h("b", {}, p.clean_tiles)),
      h("span", {}, T("Ciudadanos en reserva ", "Citizens in reserve "), h("b", {}, p.citizens_supply)),
      p.bridges_held ? h("span", {}, T("Puentes ", "Bridges "), h("b", {}, p.bridges_held)) : null,
      p.set_aside_garbage ? h("span", {}, T("Basura apartada ", "Garbage set aside "), h("b", {}, p.set_aside_garbage)) : null,
      p.catastrophe_column ? h("span", {}, T("Columna ", "Column "), h("b", {}, p.catastrophe_column)) : null));
    const techs = h("div", { class: "sx-techs" });
    for (const t of p.technologies || []) {
      const spec = DATA.tech[techIndex[t.id]] || {};
      const chip = h("span", { class: "sx-chip" + (t.used && spec.use === "once" ? " used" : ""), title: L(spec.effect), "data-tech-owned": t.id },
        h("b", {}, t.id), " ", techName(t.id));
      if (own) clickable(chip, `usar-tecnologia ${techIndex[t.id]}`, ctx, legal, "sx-act");
      techs.append(chip);
    }
    if (!(p.technologies || []).length) techs.append(h("span", { class: "sx-small" }, T("sin tecnologías", "no technologies")));
    panel.append(techs);
    const pend = (p.pending_land || []).length + (p.pending_institutions || []).length;
    if (pend) {
      const row = h("div", { class: "sx-pend" }, h("span", { class: "sx-small" }, T("Por colocar:", "To place:")));
      for (const q of p.pending_land) {
        const box = h("span", { class: "sx-offer", title: `${q.tile}: ${q.citizen ? T("con ciudadano", "with a citizen") : T("sin ciudadano", "no citizen")}, ${q.garbage} ${T("basura", "garbage")}` },
          tileIcon({ tile: q.tile, rotation: 0, garbage: q.garbage, citizens: [] }, 58, colour),
          `${q.tile}${q.citizen ? " ●" : ""}`);
        if (own) clickable(box, `elegir-tierra ${landIndex[q.tile]}`, ctx, legal, "sx-act");
        row.append(box);
      }
      for (const t of p.pending_institutions) {
        const box = h("span", { class: "sx-offer" }, tileIcon({ tech: t, rotation: 0 }, 58), t);
        if (own) clickable(box, `elegir-institucion ${techIndex[t]}`, ctx, legal, "sx-act");
        row.append(box);
      }
      panel.append(row);
    }
    panel.append(countrySvg(p));
    return panel;
  }

  // ----- the table's middle ------------------------------------------------------------------
  function auctionBox() {
    const box = h("div", { class: "sx-box", "data-part": "auction" }, h("h4", {}, T("Subasta", "Auction")));
    const a = view.auction;
    if (!a) {
      box.append(h("div", { class: "sx-small" }, view.cost_track ? T("No hay subasta ahora.", "No auction now.")
        : T("Ronda sin subasta.", "A round without an auction.")));
      return box;
    }
    if (a.lone) {
      box.append(h("div", {}, T(`${who(view.sp)} es el único que queda: compra tierras a ${view.min_bid} monedas`,
        `${who(view.sp)} is the only one left: buys land at ${view.min_bid} coins`)));
    } else if (a.tile) {
      box.append(h("div", { class: "sx-row", "data-auction-tile": a.tile },
        tileIcon({ tile: a.tile, rotation: 0, garbage: null, citizens: [] }, 84),
        h("div", {}, h("b", { style: "font-size:15px" }, a.tile), h("br"),
          a.high != null ? [T("Puja más alta: ", "High bid: "), h("b", { style: "font-size:18px" }, a.high), T(" monedas", " coins"), h("br"), who(a.high_seat)]
            : T("Sin pujas aún", "No bid yet"),
          h("br"), h("span", { class: "sx-small" }, T(`puja mínima ${view.min_bid}`, `minimum bid ${view.min_bid}`)))));
      box.append(h("div", { class: "sx-small" }, T("Pasan: ", "Passed: "), a.passed.length ? a.passed.map(who).join(", ") : "—"));
    } else {
      box.append(h("div", {}, T("El jugador inicial elige la próxima tierra.", "The start player picks the next tile.")));
    }
    const bids = [...legal].map((t) => /^pujar (\d+)$/.exec(t)).filter(Boolean).map((mm) => Number(mm[1])).sort((x, y) => x - y);
    if (bids.length) {
      const row = h("div", { class: "sx-row", style: "margin:4px 0", "data-part": "bids" }, h("span", { class: "sx-small" }, T("Pujar:", "Bid:")));
      for (const b of bids.slice(0, 6)) {
        const chip = h("span", { class: "sx-chip", style: "font-size:12.5px;font-weight:700" }, b);
        clickable(chip, `pujar ${b}`, ctx, legal, "sx-act");
        row.append(chip);
      }
      if (bids.length > 6) row.append(h("span", { class: "sx-small" }, T(`… hasta ${bids[bids.length - 1]}`, `… up to ${bids[bids.length - 1]}`)));
      box.append(row);
    }
    if (a.buying_tech != null) {
      box.append(h("div", {}, T(`${who(a.buying_tech)} puede comprar una tecnología a ${view.price} de ciencia`,
        `${who(a.buying_tech)} may buy a technology at ${view.price} science`)));
    }
    box.append(h("div", { class: "sx-small" }, T("Retirados (en orden): ", "Withdrawn (in order): "),
      a.withdrawn.length ? a.withdrawn.map(who).join(", ") : "—"));
    return box;
  }

  function offersBox() {
    const box = h("div", { class: "sx-box", "data-part": "land" }, h("h4", {}, T("Tierras en oferta", "Land on offer")));
    if (!view.cost_track) {
      box.append(h("div", { class: "sx-small" }, T("Ronda VI: sin ofertas.", "Round VI: no offers.")));
      return box;
    }
    const row = h("div", { class: "sx-row" });
    for (const id of view.land_display || []) {
      const idx = landIndex[id];
      const node = h("div", { class: "sx-offer", "data-land": id }, tileIcon({ tile: id, rotation: 0, garbage: null, citizens: [] }, 66), id);
      clickable(node, only([`subastar ${idx}`, `comprar-tierra ${idx}`]), ctx, legal, "sx-act");
      row.append(node);
    }
    if (!(view.land_display || []).length) row.append(h("span", { class: "sx-small" }, "—"));
    box.append(row);
    const prices = DATA.tracks[view.cost_track] || [];
    const track = h("div", { class: "sx-track", "data-part": "track" });
    prices.forEach((v, i) => track.append(h("span", { class: i === view.marker ? "on" : "" }, v)));
    box.append(h("div", { class: "sx-small", style: "margin-top:6px" },
      T(`Coste de tecnología (${view.cost_track}): ahora ${view.price} de ciencia · puja mínima ${view.min_bid} monedas`,
        `Technology cost (${view.cost_track}): now ${view.price} science · minimum bid ${view.min_bid} coins`)), track);
    return box;
  }

  function techBox() {
    const box = h("div", { class: "sx-box", "data-part": "tech" }, h("h4", {}, T("Tecnologías en oferta", "Technologies on offer")));
    for (const id of view.tech_display || []) {
      const spec = DATA.tech[techIndex[id]] || {};
      const node = h("div", { class: "sx-tech" + (spec.kind === "institution" ? " inst" : ""), "data-tech": id },
        h("b", {}, `${id} ${techName(id)}`), " ", h("span", { class: "sx-small" }, L(spec.effect)));
      clickable(node, `comprar-tecnologia ${techIndex[id]}`, ctx, legal, "sx-act");
      box.append(node);
    }
    if (!(view.tech_display || []).length) box.append(h("span", { class: "sx-small" }, "—"));
    return box;
  }

  function catastropheBox() {
    const cat = view.catastrophe;
    if (!cat) return null;
    const box = h("div", { class: "sx-box sx-cat", "data-part": "catastrophe", style: "margin-top:8px" },
      h("h4", {}, T("Catástrofe", "Catastrophe")),
      h("div", {}, h("b", { style: "color:#b3261e" }, lang === "en" ? cat.name_en : cat.name), h("span", { class: "sx-small" }, ` (${cat.id}, ${cat.label})`)));
    const cols = h("div", { class: "sx-cols" });
    cat.columns.forEach((c, i) => {
      const eff = [];
      if (c.garbage) eff.push(T(`${c.garbage} basura`, `${c.garbage} garbage`));
      if (c.pollution) eff.push(T(`contam. −${c.pollution}`, `pollution −${c.pollution}`));
      cols.append(h("div", { class: "sx-col", "data-column": c.column, style: c.occupant != null ? `border-color:${colourOf(c.occupant)};border-width:2px` : "" },
        h("b", {}, c.column), h("br"), eff.join(", ") || T("nada", "nothing"),
        i === 0 ? h("div", { class: "sx-small" }, T("da el inicial", "gives start")) : null,
        c.occupant != null ? h("div", {}, h("b", { style: `color:${colourOf(c.occupant)}` }, players[c.occupant].name), ` ${c.bid}${ls}`) : null,
        columnBid(c.column)));
    });
    box.append(cols);
    if (cat.bidding) box.append(h("div", { class: "sx-small" }, T("Se puja en ciencia; desplazar exige superar la puja.", "Bids in science; displacing needs a higher bid.")));
    return box;
  }

  /** The cheapest legal bid for a catastrophe column, as a clickable chip. */
  function columnBid(letter) {
    const amounts = [...legal].map((t) => new RegExp(`^columna-${letter} (\\d+)$`).exec(t)).filter(Boolean).map((mm) => Number(mm[1]));
    if (!amounts.length) return null;
    const low = Math.min(...amounts);
    const chip = h("div", { class: "sx-chip", style: "margin-top:3px;font-weight:700" }, T(`pujar ${low}${ls}`, `bid ${low}${ls}`));
    clickable(chip, `columna-${letter} ${low}`, ctx, legal, "sx-act");
    return chip;
  }

  function generalBox() {
    const cards = Object.entries(view.scoring_cards || {}).filter(([, c]) => c);
    const piles = view.piles || { land: {}, tech: {} };
    return h("div", { class: "sx-box", "data-part": "general" },
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
          ` · in hand ${sel.tile} (${sel.citizen ? "with" : "no"} citizen, ${sel.garbage} garbage)`));
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
      T("monedas", "coins"), T("ciencia", "science"), T("entorno", "environment"), T("limpias", "clean"), T("basura", "garbage"), "PV"];
    const table = h("table", {}, h("tr", {}, heads.map((x) => h("th", {}, x))));
    (r.ranking || []).forEach((seat, i) => {
      const b = src[seat] || {};
      table.append(h("tr", {}, h("td", {}, `${(d.places || [])[seat] || i + 1}.`),
        h("td", {}, h("b", { style: `color:${colourOf(seat)}` }, (players[seat] || {}).name), (r.winners || []).includes(seat) ? " ★" : ""),
        ["start", "income", "bonus_cards", "coins", "science", "environment", "clean_tiles", "garbage"].map((k) => h("td", {}, b[k] ?? "")),
        h("td", {}, h("b", {}, r.scores[seat]))));
    });
    const winners = (r.winners || []).map((x) => (players[x] || {}).name).join(T(" y ", " and "));
    return h("div", { class: "sx-result", "data-part": "result" }, h("b", {}, T("Fin de la partida", "Game over")),
      winners ? T(` · gana ${winners}`, ` · winner: ${winners}`) : "", table);
  }
}

// The public content of the game (generated from content.toml: see tests/web/test_renderers.py).
const DATA = /* DATA:BEGIN */ {
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
    {"id": "T04", "name": "Central térmica de carbón", "name_en": "Coal Power Station", "kind": "institution", "rails": 5, "use": "passive", "effect": ["institución (vías │): ingresos +2 monedas si su red tiene un ciudadano; al comprarla: 2 basura, contaminación −1", "institution (rails │): income +2 coins if its network has a citizen; on purchase: 2 garbage, pollution −1"]},
    {"id": "T05", "name": "Parque urbano", "name_en": "City Park", "kind": "institution", "rails": 15, "use": "passive", "effect": ["institución (vías ┼): ingresos +1 PV si su red tiene un ciudadano; al comprarla: contaminación +1", "institution (rails ┼): income +1 VP if its network has a citizen; on purchase: pollution +1"]},
    {"id": "T06", "name": "Limpieza viaria", "name_en": "Street Cleaning", "kind": "one_time", "rails": 0, "use": "once", "effect": ["una vez: quitar hasta 3 basura", "once: remove up to 3 garbage"]},
    {"id": "T07", "name": "Inmigración", "name_en": "Immigration", "kind": "one_time", "rails": 0, "use": "once", "effect": ["una vez: 1 ciudadano(s) nuevo(s); al comprarla: 1 basura", "once: 1 new citizen(s); on purchase: 1 garbage"]},
    {"id": "T08", "name": "Construcción de puentes", "name_en": "Bridge Building", "kind": "one_time", "rails": 0, "use": "on_purchase", "effect": ["al comprarla: 2 puentes", "on purchase: 2 bridges"]},
    {"id": "T09", "name": "Alcantarillado", "name_en": "Sewage System", "kind": "permanent", "rails": 0, "use": "each_maintenance", "effect": ["cada mantenimiento: quitar hasta 1 basura pagando 2 monedas", "each Maintenance: remove up to 1 garbage paying 2 coins"]},
    {"id": "T10", "name": "Fábrica", "name_en": "Factory", "kind": "institution", "rails": 3, "use": "passive", "effect": ["institución (vías └): ingresos +3 monedas si su red tiene un ciudadano; al comprarla: 2 basura, contaminación −1", "institution (rails └): income +3 coins if its network has a citizen; on purchase: 2 garbage, pollution −1"]},
    {"id": "T11", "name": "Universidad", "name_en": "University", "kind": "institution", "rails": 5, "use": "passive", "effect": ["institución (vías │): ingresos +2 de ciencia si su red tiene un ciudadano; al comprarla: 1 basura", "institution (rails │): income +2 science if its network has a citizen; on purchase: 1 garbage"]},
    {"id": "T12", "name": "Reforestación", "name_en": "Reforestation", "kind": "one_time", "rails": 0, "use": "on_purchase", "effect": ["al comprarla: contaminación +2", "on purchase: pollution +2"]},
    {"id": "T13", "name": "Ferrocarril eléctrico", "name_en": "Electric Railway", "kind": "permanent", "rails": 0, "use": "each_maintenance", "effect": ["cada mantenimiento: mover 2 ciudadano(s) dentro de su red; al comprarla: 1 basura", "each Maintenance: move 2 citizen(s) within its network; on purchase: 1 garbage"]},
    {"id": "T14", "name": "Tecnología de reciclaje", "name_en": "Recycling Technology", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["cada sitio de reciclaje con ciudadano recicla 1 más", "each staffed recycling site recycles 1 more"]},
    {"id": "T15", "name": "Planta química", "name_en": "Chemical Works", "kind": "institution", "rails": 15, "use": "passive", "effect": ["institución (vías ┼): ingresos +3 monedas +1 de ciencia si su red tiene un ciudadano; al comprarla: 3 basura, contaminación −1", "institution (rails ┼): income +3 coins +1 science if its network has a citizen; on purchase: 3 garbage, pollution −1"]},
    {"id": "T16", "name": "Instituto de investigación", "name_en": "Research Institute", "kind": "institution", "rails": 5, "use": "passive", "effect": ["institución (vías │): ingresos +3 de ciencia si su red tiene un ciudadano; al comprarla: 1 basura", "institution (rails │): income +3 science if its network has a citizen; on purchase: 1 garbage"]},
    {"id": "T17", "name": "Transporte público", "name_en": "Public Transport", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +1 PV; al comprarla: contaminación +1", "income +1 VP; on purchase: pollution +1"]},
    {"id": "T18", "name": "Incineradora", "name_en": "Incinerator", "kind": "permanent", "rails": 0, "use": "each_maintenance", "effect": ["cada mantenimiento: quitar hasta 2 basura (contaminación −1)", "each Maintenance: remove up to 2 garbage (pollution −1)"]},
    {"id": "T19", "name": "Urbanización", "name_en": "Urbanisation", "kind": "one_time", "rails": 0, "use": "once", "effect": ["una vez: 2 ciudadano(s) nuevo(s); al comprarla: 2 basura", "once: 2 new citizen(s); on purchase: 2 garbage"]},
    {"id": "T20", "name": "Ingeniería de puentes", "name_en": "Bridge Engineering", "kind": "one_time", "rails": 0, "use": "on_purchase", "effect": ["al comprarla: 2 puentes", "on purchase: 2 bridges"]},
    {"id": "T21", "name": "Televisión", "name_en": "Television", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +2 PV; al comprarla: 1 basura", "income +2 VP; on purchase: 1 garbage"]},
    {"id": "T22", "name": "Depuradora de aguas", "name_en": "Water Treatment", "kind": "one_time", "rails": 0, "use": "once", "effect": ["una vez: quitar hasta 4 basura; al comprarla: contaminación +1", "once: remove up to 4 garbage; on purchase: pollution +1"]},
    {"id": "T23", "name": "Autopistas", "name_en": "Motorways", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +2 monedas +1 PV; al comprarla: 2 basura, contaminación −1", "income +2 coins +1 VP; on purchase: 2 garbage, pollution −1"]},
    {"id": "T24", "name": "Bolsa de valores", "name_en": "Stock Exchange", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +3 monedas; al comprarla: 1 basura", "income +3 coins; on purchase: 1 garbage"]},
    {"id": "T25", "name": "Central nuclear", "name_en": "Nuclear Power Plant", "kind": "institution", "rails": 7, "use": "passive", "effect": ["institución (vías ├): ingresos +4 monedas +2 de ciencia si su red tiene un ciudadano; al comprarla: contaminación −2", "institution (rails ├): income +4 coins +2 science if its network has a citizen; on purchase: pollution −2"]},
    {"id": "T26", "name": "Internet", "name_en": "Internet", "kind": "permanent", "rails": 0, "use": "passive", "effect": ["ingresos +2 de ciencia +2 PV; al comprarla: 1 basura", "income +2 science +2 VP; on purchase: 1 garbage"]},
    {"id": "T27", "name": "Parque eólico", "name_en": "Wind Farm", "kind": "institution", "rails": 5, "use": "passive", "effect": ["institución (vías │): ingresos +2 PV si su red tiene un ciudadano; al comprarla: contaminación +2", "institution (rails │): income +2 VP if its network has a citizen; on purchase: pollution +2"]},
    {"id": "T28", "name": "Programa residuo cero", "name_en": "Zero-Waste Programme", "kind": "one_time", "rails": 0, "use": "once", "effect": ["una vez: quitar hasta 6 basura", "once: remove up to 6 garbage"]},
    {"id": "T29", "name": "Alta velocidad", "name_en": "High-Speed Rail", "kind": "permanent", "rails": 0, "use": "each_maintenance", "effect": ["cada mantenimiento: mover 3 ciudadano(s) a cualquier sitio del país; al comprarla: 1 basura", "each Maintenance: move 3 citizen(s) anywhere in the country; on purchase: 1 garbage"]},
    {"id": "T30", "name": "Agencia de medio ambiente", "name_en": "Environmental Agency", "kind": "permanent", "rails": 0, "use": "auto_each_maintenance", "effect": ["cada mantenimiento: contaminación +1", "each Maintenance: pollution +1"]}
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
