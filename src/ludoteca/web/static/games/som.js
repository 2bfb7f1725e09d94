// «Som el que decidim!»: the map of Catalonia as its 37-card grid (face-down cards, revealed
// cards with their flag and name, empty cells, the citizens), the urna pile, Hisenda's coins,
// Concentració nacional, the Generalitat, the die, the phase, the vote (who has bid, never an
// amount) and every player's disks and participation disks — all read from the seat's view.
// Cells to move to, disks to pay with and the die are clickable when a legal action names them.

import { h, ensureStyle, clickable } from "./dom.js";

const CSS = `
.som{--ink:#2b2118;--paper:#f7f1e1;--line:#d8ccb0;font:14px/1.35 system-ui,sans-serif;
 color:var(--ink);background:var(--paper);border-radius:12px;padding:12px;display:flex;
 flex-direction:column;gap:10px;min-width:720px}
.som *{box-sizing:border-box}
.som-bar{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:baseline}
.som-bar b{font-size:16px}
.som-tag{background:#fff;border:1px solid var(--line);border-radius:999px;padding:1px 9px;
 font-size:12.5px}
.som-phase{background:#fff8e0;border:1px solid #e4c870;border-radius:8px;padding:6px 10px}
.som-main{display:flex;gap:12px;align-items:flex-start}
.som-map{display:grid;grid-template-columns:repeat(7,minmax(70px,96px));grid-auto-rows:78px;gap:5px;
 flex:0 1 auto;min-width:0;
 padding:10px;border-radius:12px;background:radial-gradient(circle at 30% 30%,#e9dfc4,#d6c7a2);
 box-shadow:inset 0 0 0 2px #c8b68a}
.som-cell{position:relative;border-radius:7px;overflow:hidden;font-size:11.5px;
 box-shadow:0 1px 2px #0003}
.som-cell .n{position:absolute;right:4px;top:2px;font-size:10px;opacity:.65}
.som-down{background:repeating-linear-gradient(45deg,#36506e 0 6px,#2d4560 6px 12px);color:#fff}
.som-down .back{position:absolute;inset:14px 18px;border:2px solid #ffffff55;border-radius:50%;
 display:flex;align-items:center;justify-content:center;font-weight:700;font-size:18px;
 color:#ffffffaa}
.som-down .back sub{font-size:11px;font-weight:600;margin-left:2px;vertical-align:-6px;color:#ffe9a8}
.som-down[data-deal]:not([data-deal="0"]){outline:2px solid #e8c35a;outline-offset:-4px}
.som-empty{background:transparent;border:2px dashed #b5a27a;box-shadow:none;color:#8a7650}
.som-empty .lbl{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;
 font-style:italic}
.som-up{background:#fffdf6}
.som-flag{height:17px;display:block;padding:1px 18px 0 5px;font-size:10.5px;font-weight:700;
 white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.som-f-catalunya{background:repeating-linear-gradient(180deg,#fcdd09 0 2px,#da121a 2px 4px);
 color:#fff;text-shadow:0 0 2px #000,0 0 2px #000}
.som-f-mon{background:#2a8fbd;color:#fff}
.som-f-urna{background:#3a9a4a;color:#fff}
.som-f-espanya{background:linear-gradient(180deg,#c60b1e 0 25%,#ffc400 25% 75%,#c60b1e 75%);
 color:#7a0010}
.som-name{padding:3px 5px 0;font-weight:600;line-height:1.15;display:-webkit-box;
 -webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden;overflow-wrap:anywhere;
 hyphens:auto;font-size:11px}
.som-up .n{color:#fff;opacity:1;text-shadow:0 0 2px #000,0 0 2px #000;top:1px}
.som-sym{position:absolute;left:4px;bottom:3px;font-weight:800;font-size:13px;color:#8a5a00}
.som-cn{box-shadow:0 0 0 3px #fcdd09,0 1px 3px #0005}
.som-pawns{position:absolute;right:3px;bottom:2px;display:flex;gap:1px}
.som-act{cursor:pointer}
.som-target{box-shadow:0 0 0 3px #1f9d55,0 0 10px #1f9d55aa;cursor:pointer}
.som-target:hover{transform:translateY(-1px);box-shadow:0 0 0 4px #1f9d55,0 0 14px #1f9d55}
.som-target .go{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);
 background:#1f9d55;color:#fff;border-radius:999px;padding:1px 8px;font-weight:700;
 font-size:12px;white-space:nowrap}
.som-side{display:flex;flex-direction:column;gap:8px;flex:1 1 210px;min-width:210px}
.som-box{background:#fff;border:1px solid var(--line);border-radius:10px;padding:8px 10px}
.som-box h4{margin:0 0 5px;font-size:13px;text-transform:uppercase;letter-spacing:.04em;
 color:#7a6440}
.som-coins{display:flex;flex-wrap:wrap;gap:3px;margin-top:4px}
.som-coin{width:22px;height:22px;border-radius:50%;display:inline-flex;align-items:center;
 justify-content:center;font-size:11px;font-weight:800;border:2px solid #0003}
.som-c2{background:radial-gradient(circle at 35% 35%,#ffe58a,#d4a017);color:#5a3d00}
.som-c1{background:radial-gradient(circle at 35% 35%,#f2f2f2,#a9a9a9);color:#333;width:18px;
 height:18px}
.som-pd{display:inline-block;width:11px;height:11px;border-radius:50%;background:#fcdd09;
 border:1.5px solid #b08a00;margin-right:1px;vertical-align:middle}
.som-urna{display:grid;grid-template-columns:repeat(4,1fr);gap:4px}
.som-slot{height:46px;border-radius:6px;border:2px dashed #9cc7a4;font-size:10.5px;padding:2px;
 display:flex;align-items:center;justify-content:center;text-align:center;color:#5b8a63}
.som-slot.full{border:0;background:#3a9a4a;color:#fff;font-weight:600}
.som-die{display:flex;gap:8px;align-items:center}
.som-dieface{flex:none;width:46px;height:46px;border-radius:9px;background:#fff;
 border:2px solid #333;display:flex;align-items:center;justify-content:center;font-weight:800;
 font-size:13px}
.som-dieface.roll{border-color:#1f9d55;box-shadow:0 0 0 3px #1f9d5566;cursor:pointer;
 background:#e5f6ea;color:#146b3a}
.som-dieface.roll:hover{box-shadow:0 0 0 5px #1f9d5599}
.som-who.som-act{cursor:pointer;outline:2px solid #1f9d55;border-radius:6px;background:#e5f6ea}
.som-players{display:grid;grid-template-columns:repeat(auto-fit,minmax(185px,1fr));gap:8px}
.som-player{background:#fff;border:1px solid var(--line);border-radius:10px;padding:7px 9px;
 border-top:6px solid var(--pc)}
.som-player.turn{box-shadow:0 0 0 2px var(--pc)}
.som-player.me{background:#fffdf3}
.som-phead{display:flex;justify-content:space-between;align-items:baseline;gap:6px}
.som-phead b{font-size:15px}
.som-money{font-weight:800;font-size:16px}
.som-disks{display:flex;flex-wrap:wrap;gap:4px;margin:5px 0}
.som-disk{display:inline-flex;align-items:center;gap:4px;border-radius:999px;padding:1px 7px 1px 2px;
 background:#f3efe4;font-size:11.5px;border:1px solid #0001}
.som-disk i{width:18px;height:18px;border-radius:50%;display:inline-flex;align-items:center;
 justify-content:center;font-style:normal;font-weight:800;font-size:10px;color:#fff}
.som-disk.pay{outline:2px solid #1f9d55;cursor:pointer;background:#e5f6ea}
.som-small{font-size:12px;color:#6b5a3e}
.som-badge{font-size:11px;border-radius:999px;padding:0 6px;background:#eee;margin-left:4px;
 white-space:nowrap}
.som-bids{display:flex;flex-wrap:wrap;gap:4px;margin-top:5px;align-items:center}
.som-bids .som-act{border:2px solid #1f9d55;background:#e5f6ea;border-radius:999px;min-width:26px;
 text-align:center;font-weight:800;padding:0 6px}
.som-badge.gh{background:#fcdd09}
.som-badge.bid{background:#dbe8ff}
.som-result{background:#1e3a2a;color:#fff;border-radius:10px;padding:8px 12px}
.som-vote td{padding:1px 6px 1px 0}
.som-pawn{flex:none}
`;

const COLOURS = { rosa: "#e0559a", lila: "#9270d0", naranja: "#ee8a1e", azul: "#2f7fd8" };
const COLOUR_EN = { rosa: "pink", lila: "lilac", naranja: "orange", azul: "blue" };
const GROUP_COLOURS = {
  Justicia: "#6b4aa5", Sanidad: "#cf3b3b", "Educación": "#e08a00", Interior: "#2c5aa0",
  "Obras públicas": "#6d6d6d", Bosques: "#2e8b3e", Territorio: "#8a5a2b",
};
const FLAG_NAMES = {
  catalunya: ["Catalunya", "Catalonia"], mon: ["Món", "World"], urna: ["Urna", "Urna"],
  espanya: ["España", "Spain"],
};
const SYMBOLS = { capacitat_economica: "€", capacitat_impositiva: "%", sufragi_universal: "V" };
const SYMBOL_NAMES = {
  capacitat_economica: ["capacitat econòmica", "economic capacity"],
  capacitat_impositiva: ["capacitat impositiva", "tax capacity"],
  sufragi_universal: ["sufragi universal", "universal suffrage"],
};
const STAGES = {
  tributacion: ["1 Tributación", "1 Taxation"], transferencia: ["2 Transferencia", "2 Transfer"],
  cohesion: ["3 Cohesión social", "3 Social cohesion"],
  accion: ["4 Acción ciudadana", "4 Citizen action"],
};
const REASONS = {
  impuesto: ["impuestos", "taxes"], recepta: ["Euro per recepta", "Euro per recepta"],
  sucesiones: ["Impost de successions", "Impost de successions"],
  devolucion: ["devolución del cambio", "give-back"],
  elecciones: ["coste de las elecciones", "cost of the elections"],
};

/** A die face with `n` pips (1–6) as SVG. */
function pips(n) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", 36);
  svg.setAttribute("height", 36);
  svg.setAttribute("viewBox", "0 0 30 30");
  const spots = { 1: [[15, 15]], 2: [[8, 8], [22, 22]], 3: [[8, 8], [15, 15], [22, 22]],
    4: [[8, 8], [22, 8], [8, 22], [22, 22]], 5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]],
    6: [[8, 7], [22, 7], [8, 15], [22, 15], [8, 23], [22, 23]] }[n] || [];
  for (const [cx, cy] of spots) {
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", cx);
    c.setAttribute("cy", cy);
    c.setAttribute("r", 3);
    c.setAttribute("fill", "#222");
    svg.append(c);
  }
  return svg;
}

function pawn(colour, size = 16) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size * 1.2);
  svg.setAttribute("viewBox", "0 0 20 24");
  svg.setAttribute("class", "som-pawn");
  const fill = COLOURS[colour] || "#888";
  for (const [tag, a] of [["circle", { cx: 10, cy: 6, r: 5 }],
                          ["path", { d: "M3 23 Q3 12 10 11 Q17 12 17 23 Z" }]]) {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(a)) e.setAttribute(k, v);
    e.setAttribute("fill", fill);
    e.setAttribute("stroke", "#0008");
    e.setAttribute("stroke-width", "1.3");
    svg.append(e);
  }
  const t = document.createElementNS(ns, "title");
  t.textContent = colour;
  svg.append(t);
  return svg;
}

export function render(el, view, ctx) {
  ensureStyle("som-renderer-css", CSS);
  const lang = ctx.lang === "en" ? "en" : "es";
  const T = (es, en) => (lang === "en" ? en : es);
  const legal = new Set((ctx.legal || []).map((a) => a.text));
  const players = view.players || [];

  const who = (seat) => {
    if (seat == null) return "Hisenda espanyola";
    const p = players[seat];
    if (!p) return "?";
    return `${p.name} (${lang === "en" ? COLOUR_EN[p.colour] || p.colour : p.colour})`;
  };
  const cardName = (id) => {
    const c = DATA.cards[id];
    return c ? (lang === "en" ? c[1] : c[0]) : id;
  };
  const typeName = (code) => {
    const t = DATA.types[code];
    return t ? (lang === "en" ? t[1] : t[0]) : code;
  };
  const pds = (n) => T(`${n} disco${n === 1 ? "" : "s"} de participación`,
                       `${n} participation disk${n === 1 ? "" : "s"}`);

  // ----- the header: turn, mode, centralism, phase ------------------------------------------
  const bar = h("div", { class: "som-bar" },
    h("b", {}, "Som el que decidim!"),
    h("span", { class: "som-tag" }, T(`Turno ${view.turn}`, `Turn ${view.turn}`)),
    h("span", { class: "som-tag" }, T(`Modo ${view.mode}`, `Mode ${view.mode}`),
      view.players_n === 1 ? T(" · en solitario", " · solo") : ""),
    h("span", { class: "som-tag" }, T("Centralismo ", "Centralism "), view.centralism,
      view.centralism_roll ? T(" (por dado)", " (rolled)") : ""),
    h("span", { class: "som-tag" }, "ATC ",
      view.atc_active ? T("activa", "active") : T("inactiva", "inactive")),
    view.max_turns ? h("span", { class: "som-small" },
      T(`límite ${view.max_turns} turnos`, `limit ${view.max_turns} turns`)) : null);

  const stage = STAGES[view.stage];
  const phase = h("div", { class: "som-phase", "data-phase": view.phase },
    h("b", {}, T("Fase: ", "Phase: "), stage ? T(stage[0], stage[1]) : (view.stage || "—")),
    " — ", phaseDetail());

  // ----- the map -----------------------------------------------------------------------------
  const map = h("div", { class: "som-map", "data-board": "som" });
  // face-down cells by the deal that filled them (public: a refill names its cards, SOM-12.8)
  const deals = view.deals || [];
  const dealOf = {};
  for (const d of deals) for (const c of d.cells) dealOf[c] = d.deal;
  const here = {};
  (view.citizens || []).forEach((cell, s) => { (here[cell] = here[cell] || []).push(s); });
  for (const cell of view.cells || []) {
    const node = h("div", {
      class: "som-cell", "data-cell": cell.cell, "data-state": cell.estado,
      style: `grid-row:${cell.r + 1};grid-column:${cell.c + 1}`,
    });
    const n = h("span", { class: "n" }, cell.cell);
    if (cell.estado === "oculta") {
      const deal = dealOf[cell.cell] || 0;
      node.classList.add("som-down");
      node.dataset.deal = deal;
      node.title = deal
        ? T(`Casilla ${cell.cell}: carta boca abajo del reparto ${deal} tras España`,
            `Cell ${cell.cell}: face-down card from refill ${deal} after Spain`)
        : T(`Casilla ${cell.cell}: carta boca abajo`, `Cell ${cell.cell}: face-down card`);
      node.append(h("div", { class: "back" }, "?", deal ? h("sub", {}, deal) : ""), n);
    } else if (cell.estado === "vacia") {
      node.classList.add("som-empty");
      node.title = T(`Casilla ${cell.cell}: vacía`, `Cell ${cell.cell}: empty`);
      node.append(h("div", { class: "lbl" }, T("vacía", "empty")), n);
    } else {
      const card = cell.card || {};
      const name = lang === "en" ? card.name_en || card.name : card.name;
      node.classList.add("som-up");
      node.dataset.card = card.id;
      if (card.id === "CN") node.classList.add("som-cn");
      const flag = FLAG_NAMES[card.flag] || [card.flag, card.flag];
      node.title = `${cell.cell} · ${name} (${T(flag[0], flag[1])})` +
        (card.symbol ? ` · ${T(...SYMBOL_NAMES[card.symbol] || [card.symbol, card.symbol])}` : "");
      node.append(h("div", { class: `som-flag som-f-${card.flag}` }, T(flag[0], flag[1])),
        h("div", { class: "som-name" }, name), n);
      if (card.symbol) node.append(h("span", { class: "som-sym" }, SYMBOLS[card.symbol] || "*"));
    }
    const people = here[cell.cell] || [];
    if (people.length) {
      const row = h("div", { class: "som-pawns" });
      for (const s of people) row.append(pawn(players[s] && players[s].colour));
      node.append(row);
    }
    if (clickable(node, `mover ${cell.cell}`, ctx, legal, "som-target")) {
      node.append(h("span", { class: "go" }, T("ir aquí", "go here")));
    }
    map.append(node);
  }

  // ----- the side: Generalitat, die, Hisenda, Concentració, urna, vote -----------------------
  const side = h("div", { class: "som-side" });
  const gh = players[view.gh];
  side.append(h("div", { class: "som-box", "data-part": "generalitat" },
    h("h4", {}, "Generalitat"),
    h("div", {}, "★ ", h("b", {}, gh ? who(view.gh) : "—"))));

  const dieBox = h("div", { class: "som-box", "data-part": "die" }, h("h4", {}, T("Dado", "Die")));
  const face = h("div", { class: "som-dieface" });
  const d = view.die;
  face.append(d ? pips(d.face) : "·");
  const dieRow = h("div", { class: "som-die" }, face,
    h("div", {}, d
      ? [h("b", {}, `${d.number} € `), T(`de Hisenda · se mueve: `, `from Hisenda · moving: `),
        h("b", {}, pictureWords(d.picture))]
      : h("span", { class: "som-small" }, T("sin tirar este turno", "not rolled yet this turn"))));
  if (clickable(face, "tirar", ctx, legal, "roll")) {
    face.replaceChildren(T("tirar", "roll"));
  }
  dieBox.append(dieRow);
  side.append(dieBox);

  const hz = view.hisenda || {};
  const coins = h("div", { class: "som-coins" });
  for (let i = 0; i < (hz.twos || 0); i++) coins.append(h("span", { class: "som-coin som-c2" }, "2"));
  for (let i = 0; i < (hz.ones || 0); i++) coins.append(h("span", { class: "som-coin som-c1" }, "1"));
  side.append(h("div", { class: "som-box", "data-part": "hisenda" },
    h("h4", {}, "Hisenda espanyola"),
    h("div", {}, h("b", {}, `${hz.value} €`),
      T(` (${hz.ones} de 1 €, ${hz.twos} de 2 €)`, ` (${hz.ones} × 1 €, ${hz.twos} × 2 €)`),
      hz.flipped ? h("b", { style: "color:#b00" }, T(" · girada (DUI)", " · flipped (DUI)")) : ""),
    coins));

  const cn = view.cn || {};
  const dots = h("span", {});
  for (let i = 0; i < Math.min(cn.pd || 0, 20); i++) dots.append(h("span", { class: "som-pd" }));
  side.append(h("div", { class: "som-box", "data-part": "concentracio" },
    h("h4", {}, "Concentració nacional"),
    h("div", {}, h("b", {}, pds(cn.pd || 0)), T(` · casilla ${cn.cell}`, ` · cell ${cn.cell}`),
      cn.flipped ? h("b", { style: "color:#b00" },
        T(" · girada (intervención)", " · flipped (intervention)")) : ""),
    dots));

  const urna = h("div", { class: "som-urna" });
  const pile = view.urna || [];
  for (let i = 0; i < DATA.urna; i++) {
    urna.append(i < pile.length
      ? h("div", { class: "som-slot full", "data-card": pile[i] }, cardName(pile[i]))
      : h("div", { class: "som-slot" }, i + 1));
  }
  side.append(h("div", { class: "som-box", "data-part": "urna" },
    h("h4", {}, T(`Urna ${pile.length}/${DATA.urna}`, `Urna ${pile.length}/${DATA.urna}`)), urna));
  if (deals.some((d) => d.deal)) {
    const list = h("div", { class: "som-small" });
    for (const d of deals) {
      const flags = Object.entries(d.flags).filter(([, k]) => k)
        .map(([f, k]) => `${k} ${T(...(FLAG_NAMES[f] || [f, f]))}`).join(", ");
      list.append(h("div", { "data-deal-count": d.deal },
        d.deal ? T(`Reparto ${d.deal}: `, `Refill ${d.deal}: `) : T("Reparto inicial: ", "Setup: "),
        `${d.cells.length} (${flags})`));
    }
    side.append(h("div", { class: "som-box", "data-part": "deals" },
      h("h4", {}, T("Boca abajo", "Face down")), list));
  }

  const vote = voteBox();
  if (vote) side.append(vote);

  // ----- the players -------------------------------------------------------------------------
  const toMove = new Set(view.to_move || []);
  const bidsIn = new Set((view.vote && view.vote.bids_in) || []);
  const row = h("div", { class: "som-players" });
  for (const p of players) {
    const colour = COLOURS[p.colour] || "#888";
    const card = h("div", {
      class: "som-player" + (toMove.has(p.seat) ? " turn" : "") + (p.seat === view.seat ? " me" : ""),
      style: `--pc:${colour}`, "data-seat": p.seat,
    });
    const cellInfo = (view.cells || [])[p.citizen] || {};
    const where = cellInfo.card ? (lang === "en" ? cellInfo.card.name_en : cellInfo.card.name) : "";
    const whoNode = h("span", { class: "som-who" }, pawn(p.colour, 14), " ", h("b", {}, p.name));
    const named = ["apoyar", "gobernador", "recepta", "sucesiones"]
      .map((n) => `${n} ${p.seat}`).filter((t) => legal.has(t));
    if (named.length === 1) clickable(whoNode, named[0], ctx, legal, "som-act");
    card.append(h("div", { class: "som-phead" },
      h("span", {}, whoNode,
        h("span", { class: "som-small" }, ` ${lang === "en" ? COLOUR_EN[p.colour] : p.colour}`),
        p.gh ? h("span", { class: "som-badge gh", title: "Generalitat" }, "★ Generalitat") : null,
        p.seat === view.seat ? h("span", { class: "som-badge" }, T("tú", "you")) : null),
      h("span", { class: "som-money" }, `${p.value} €`)));
    const disks = h("div", { class: "som-disks" });
    for (const [code, k] of Object.entries(p.disks || {})) {
      const t = DATA.types[code] || [code, code, 1, ""];
      for (let i = 0; i < k; i++) {
        const chip = h("span", { class: "som-disk", "data-disk": code, title: `${typeName(code)} · ${t[2]} €` },
          h("i", { style: `background:${GROUP_COLOURS[t[3]] || "#777"}` }, `${t[2]}`), typeName(code));
        if (p.seat === ctx.seat && i === 0) {
          clickable(chip, `pagar-${code}`, ctx, legal, "pay") ||
            clickable(chip, `cambio-${code}`, ctx, legal, "pay");
        }
        if (i === 0) clickable(chip, `proteger-${code} ${p.seat}`, ctx, legal, "pay");
        disks.append(chip);
      }
    }
    if (!disks.childNodes.length) disks.append(h("span", { class: "som-small" }, T("sin discos", "no disks")));
    card.append(disks);
    const pdRow = h("div", { class: "som-small", "data-pd": p.pd });
    for (let i = 0; i < Math.min(p.pd, 12); i++) pdRow.append(h("span", { class: "som-pd" }));
    pdRow.append(` ${pds(p.pd)}`);
    card.append(pdRow);
    card.append(h("div", { class: "som-small" },
      T(`Ciudadano en la casilla ${p.citizen}`, `Citizen on cell ${p.citizen}`),
      where ? ` · ${where}` : "",
      bidsIn.has(p.seat) ? h("span", { class: "som-badge bid" }, T("ha votado", "has bid")) : null,
      toMove.has(p.seat) ? h("span", { class: "som-badge", style: "background:#c8f0d4" },
        T("decide", "to move")) : null));
    row.append(card);
  }

  const parts = [];
  if (view.result) parts.push(resultBox());
  parts.push(bar, phase, h("div", { class: "som-main" }, map, side), row);
  el.replaceChildren(h("div", { class: "som", "data-game": "som", lang }, ...parts));

  // ----- words -------------------------------------------------------------------------------
  function pictureWords(pic) {
    if (pic === "generalitat") return "★ Generalitat";
    if (pic === "todos") return T("todos", "everyone");
    const p = players.find((x) => x.colour === pic);
    const word = lang === "en" ? COLOUR_EN[pic] || pic : pic;
    return p ? `${word} (${p.name})` : `${word} ${T("(no juega)", "(not in play)")}`;
  }

  function phaseDetail() {
    const ph = view.phase;
    if (ph === "pago" && view.payment) {
      const p = view.payment;
      const r = REASONS[p.reason] || [p.reason, p.reason];
      return T(`${who(p.payer)} debe pagar ${p.due} € a ${who(p.payee)} (${r[0]})`,
               `${who(p.payer)} owes ${p.due} € to ${who(p.payee)} (${r[1]})`);
    }
    if (ph === "cambio" && view.change) {
      const c = view.change;
      return T(`${who(c.giver)} da cambio a ${who(c.payer)}: dos discos de 1 € por su ${typeName(c.disk)} de 2 €`,
               `${who(c.giver)} gives change to ${who(c.payer)}: two 1 € disks for the 2 € ${typeName(c.disk)} disk`);
    }
    if (ph === "transferencia") {
      return T("la Generalitat tira el dado y recibe 4, 2 o 0 € de Hisenda",
               "the Generalitat rolls the die and receives 4, 2 or 0 € from Hisenda");
    }
    if (ph === "cohesion") {
      return T("la Generalitat puede dar discos: 1 disco de participación por €",
               "the Generalitat may give disks: 1 participation disk per €");
    }
    if (ph === "movimiento" && view.mover != null) {
      const steps = view.steps || 0;
      let s = T(`se mueve ${who(view.mover)} (casilla ${view.citizens[view.mover]}`,
                `moving: ${who(view.mover)} (cell ${view.citizens[view.mover]}`);
      if (steps) s += T(`, ${steps} paso${steps > 1 ? "s" : ""}`, `, ${steps} step${steps > 1 ? "s" : ""}`);
      s += ")";
      if ((view.movers_left || []).length) {
        s += T("; después: ", "; then: ") + view.movers_left.map(who).join(", ");
      }
      return s;
    }
    if (ph === "cobro" && view.levy) {
      const lv = view.levy;
      if (lv.kind === "recepta") {
        return T(`Euro per recepta: hasta ${lv.k} ciudadanos pagan 1 €`,
                 `Euro per recepta: up to ${lv.k} citizens pay 1 €`) +
          (lv.chosen.length ? T("; ya: ", "; so far: ") + lv.chosen.map(who).join(", ") : "");
      }
      return "Impost de successions" + (lv.target != null ? T(" a ", " on ") + who(lv.target) : "");
    }
    if (ph === "proteccion" && view.protection) {
      const pr = view.protection;
      return T(`carta de España en la casilla ${pr.spain_cell}: ${pr.protected} de ${pr.pile} cartas de urna protegidas`,
               `Spain card on cell ${pr.spain_cell}: ${pr.protected} of ${pr.pile} urna cards protected`);
    }
    if (ph === "sufragio") {
      return T(`${who((view.to_move || [])[0])} está en Sufragi universal`,
               `${who((view.to_move || [])[0])} is on Sufragi universal`);
    }
    if (ph === "declaracion" || ph === "gobernador" || ph === "votacion") {
      return T("votación en curso", "vote in progress");
    }
    if (ph === "fin") return T("la partida ha terminado", "the game is over");
    return "";
  }

  function voteBox() {
    const v = view.vote;
    if (!v) return null;
    const box = h("div", { class: "som-box som-vote", "data-part": "vote" });
    box.append(h("h4", {}, v.kind === "elecciones"
      ? T("Elecciones anticipadas", "Early elections") : T("Moción de censura", "Motion of censure")));
    box.append(h("div", {}, v.kind === "elecciones"
      ? T(`Convocadas por ${who(v.caller)}`, `Called by ${who(v.caller)}`)
      : T(`De ${who(v.caller)} contra ${who(view.gh)}`, `By ${who(v.caller)} against ${who(view.gh)}`),
      v.governor != null ? T(`; si gana, gobierna ${who(v.governor)}`,
        `; if it wins, governing: ${who(v.governor)}`) : ""));
    const table = h("table", {});
    const bids = new Set(v.bids_in || []);
    for (const p of players) {
      const dcl = (v.declarations || {})[String(p.seat)];
      let word;
      if (dcl == null) word = T("aún no ha declarado", "not declared yet");
      else if (dcl === "abstiene") word = T("se abstiene", "abstains");
      else if (dcl === p.seat) word = v.kind === "elecciones" ? T("se presenta", "runs")
        : (p.seat === view.gh ? T("defiende el gobierno", "defends the government")
          : T("presenta la moción", "brings the motion"));
      else word = T(`apoya a ${who(dcl)}`, `supports ${who(dcl)}`);
      let bid = "";
      if (bids.has(p.seat)) bid = T("✔ ha votado", "✔ has bid");
      else if (view.phase === "votacion" && (view.to_move || []).includes(p.seat)) {
        bid = T("… votando", "… bidding");
      }
      table.append(h("tr", { "data-vote-seat": p.seat }, h("td", {}, h("b", {}, p.name)),
        h("td", {}, word), h("td", { class: "som-small", "data-bid-status": p.seat }, bid)));
    }
    box.append(table);
    const bidTexts = [...legal].filter((t) => /^pujar \d+$/.test(t))
      .sort((x, y) => Number(x.split(" ")[1]) - Number(y.split(" ")[1]));
    if (bidTexts.length) {
      const row = h("div", { class: "som-bids" }, h("b", {}, T("Vota en secreto:", "Bid in secret:")));
      for (const t of bidTexts) {
        const chip = h("span", {}, t.split(" ")[1]);
        clickable(chip, t, ctx, legal, "som-act");
        row.append(chip);
      }
      box.append(row);
    }
    if ("my_bid" in v) {
      box.append(h("div", { "data-my-bid": v.my_bid },
        T(`Tu voto secreto: ${pds(v.my_bid)}`, `Your secret bid: ${pds(v.my_bid)}`)));
    }
    if (view.phase === "votacion" || (v.bids_in || []).length) {
      box.append(h("div", { class: "som-small" },
        T("Los votos se ven al abrir los puños.", "Bids are shown when the fists open.")));
    }
    return box;
  }

  function resultBox() {
    const r = view.result;
    const names = (r.winners || []).map((s) => (players[s] || {}).name).join(T(" y ", " and "));
    const reason = {
      consulta: T("Consulta: la urna reúne sus cartas.", "Consulta: the urna holds its cards."),
      intervencion: T("Intervención: la Generalitat es intervenida.", "Intervention: the Generalitat is taken over."),
      dui: T("DUI: Hisenda espanyola no pudo pagar.", "DUI: Hisenda espanyola could not pay."),
    }[r.reason] || T(`Fin: ${r.reason}`, `End: ${r.reason}`);
    let place = 0;
    let last = null;
    const ranking = (r.ranking || []).map((s, i) => {
      const score = (r.scores || [])[s];
      if (score !== last) { place = i + 1; last = score; }
      return `${place}. ${(players[s] || {}).name} (${score})`;
    }).join(" · ");
    return h("div", { class: "som-result", "data-part": "result" },
      h("b", {}, reason), " ",
      names ? T(`Gana ${names}.`, `${names} win${(r.winners || []).length > 1 ? "" : "s"}.`)
        : T("Nadie gana.", "Nobody wins."),
      h("div", { class: "som-small", style: "color:#cfe" },
        T("Discos de participación: ", "Participation disks: "), ranking));
  }
}

// The public content of the game (generated from content.toml: see tests/web/test_renderers.py).
const DATA = /* DATA:BEGIN */ {
  "cards": {
    "CN": ["Concentració nacional", "National rally", "catalunya", ""],
    "C-ATC": ["Agència Tributària Catalana", "Catalan Tax Agency", "catalunya", "capacitat_impositiva"],
    "C-EPR": ["Euro per recepta", "One euro per prescription", "catalunya", "capacitat_impositiva"],
    "C-IDS": ["Impost de successions", "Inheritance tax", "catalunya", "capacitat_impositiva"],
    "C-EC1": ["Industria", "Industry", "catalunya", "capacitat_economica"],
    "C-EC2": ["Turismo y comercio", "Tourism and trade", "catalunya", "capacitat_economica"],
    "C-EC3": ["Agricultura y alimentación", "Agriculture and food", "catalunya", "capacitat_economica"],
    "C-01": ["Estatuto de Autonomía", "Statute of Autonomy", "catalunya", ""],
    "C-02": ["Parlamento de Cataluña", "Parliament of Catalonia", "catalunya", ""],
    "C-03": ["Ley de política lingüística", "Language Policy Act", "catalunya", ""],
    "C-04": ["Escuela catalana", "Catalan school", "catalunya", ""],
    "C-05": ["Tejido asociativo", "Civic associations", "catalunya", ""],
    "C-06": ["Cooperativismo", "Cooperative movement", "catalunya", ""],
    "C-07": ["Cultura popular", "Folk culture", "catalunya", ""],
    "C-08": ["Medios de comunicación en catalán", "Catalan-language media", "catalunya", ""],
    "C-09": ["Investigación y universidades", "Research and universities", "catalunya", ""],
    "C-10": ["Economía social", "Social economy", "catalunya", ""],
    "C-11": ["Diada del Once de Septiembre", "Catalan National Day, 11 September", "catalunya", ""],
    "W-SU": ["Sufragi universal", "Universal suffrage", "mon", "sufragi_universal"],
    "W-01": ["Derechos humanos", "Human rights", "mon", ""],
    "W-02": ["Libertad de expresión", "Freedom of expression", "mon", ""],
    "W-03": ["Igualdad", "Equality", "mon", ""],
    "W-04": ["Paz", "Peace", "mon", ""],
    "W-05": ["Derecho a la educación", "Right to education", "mon", ""],
    "W-06": ["Derecho a la salud", "Right to health", "mon", ""],
    "W-07": ["Medio ambiente", "Environment", "mon", ""],
    "W-08": ["Diversidad cultural", "Cultural diversity", "mon", ""],
    "W-09": ["Solidaridad internacional", "International solidarity", "mon", ""],
    "W-10": ["Derecho a la autodeterminación", "Right to self-determination", "mon", ""],
    "U-1": ["Cultura democrática", "Democratic culture", "urna", ""],
    "U-2": ["Movilización ciudadana", "Citizen mobilisation", "urna", ""],
    "U-3": ["Políticos comprometidos", "Committed politicians", "urna", ""],
    "U-4": ["Estrategia internacional", "International strategy", "urna", ""],
    "E-1": ["LOAPA", "LOAPA (1982 law to 'harmonise' the autonomy process)", "espanya", ""],
    "E-2": ["Sentencia del Tribunal Constitucional", "Constitutional Court ruling", "espanya", ""],
    "E-3": ["Recentralización educativa", "Recentralisation of education", "espanya", ""],
    "E-4": ["Recurso de inconstitucionalidad", "Appeal of unconstitutionality", "espanya", ""]
  },
  "types": {
    "justicia": ["justicia", "justice", 2, "Justicia"],
    "sanidad": ["sanidad", "health care", 2, "Sanidad"],
    "educacion": ["educación", "education", 2, "Educación"],
    "mossos": ["mossos d'esquadra", "Catalan police", 2, "Interior"],
    "bomberos": ["bomberos", "firefighters", 2, "Interior"],
    "vias": ["vías férreas", "railways", 1, "Obras públicas"],
    "carreteras": ["carreteras", "roads", 1, "Obras públicas"],
    "bosques": ["bosques", "forests", 1, "Bosques"],
    "energias": ["energías", "energy", 1, "Territorio"],
    "vivienda": ["vivienda pública", "public housing", 1, "Territorio"]
  },
  "faces": [
    [4, "generalitat"],
    [2, "rosa"],
    [2, "lila"],
    [2, "naranja"],
    [2, "azul"],
    [0, "todos"]
  ],
  "urna": 4
} /* DATA:END */;
