// «Som el que decidim!»: the map of Catalonia as its 37-card grid (face-down cards, revealed
// cards with their flag and name, empty cells, the citizens), the urna pile, Hisenda's coins,
// Concentració nacional, the Generalitat, the die, the phase, the vote (who has bid, never an
// amount) and every player's disks and participation disks — all read from the seat's view,
// in the page's language (ctx.lang), with the names the log uses.
// Cells to move to, disks to pay with, bids, players and the die are clickable when a legal
// action names them; each has the action's words as its accessible name.
// Layout: the map scales with the width; below 640 px of board (a phone) it turns compact —
// short labels in the cells, the details of a cell on tap or focus, the side panels stacked.
// Motion: a citizen walks to its new cell and a turned card flips (≤ 300 ms), only when the
// system does not ask for reduced motion; the previous state is kept in this module.

import { h, ensureStyle, clickable, boardData } from "./dom.js";

const CSS = `
.som-wrap{container-type:inline-size;container-name:som}
.som{--ink:#2b2118;--paper:#f7f1e1;--line:#d8ccb0;--go:#167a41;font:14px/1.35 system-ui,sans-serif;
 color:var(--ink);background:var(--paper);border-radius:12px;padding:12px;display:flex;
 flex-direction:column;gap:10px;min-width:0}
.som *{box-sizing:border-box}
.som-sr{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);
 clip-path:inset(50%);white-space:nowrap}
.som [role=button]:focus-visible,.som-map:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.som-bar{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:baseline}
.som-bar b{font-size:16px}
.som-tag{background:#fff;border:1px solid var(--line);border-radius:999px;padding:1px 9px;
 font-size:12.5px}
.som-phase{background:#fff8e0;border:1px solid #e4c870;border-radius:8px;padding:6px 10px}
.som-main{display:flex;gap:12px;align-items:flex-start}
.som-mapcol{flex:1 1 auto;min-width:0;display:flex;flex-direction:column;gap:6px;
 max-width:calc((100vh - 150px) / .86)}
.som-map{position:relative;display:grid;grid-template-columns:repeat(7,minmax(0,1fr));gap:5px;
 padding:8px;border-radius:12px;background:radial-gradient(circle at 30% 30%,#e9dfc4,#d6c7a2);
 box-shadow:inset 0 0 0 2px #c8b68a}
.som-cell{position:relative;border-radius:7px;font-size:11.5px;aspect-ratio:6/5;min-height:44px;
 box-shadow:0 1px 2px #0003;container-type:inline-size}
.som-cell .n{position:absolute;right:0;top:0;font-size:clamp(9px,10cqi,13px);line-height:1.35;
 padding:0 4px;border-radius:0 7px 0 6px}
.som-up .n{background:#fffdf6}
.som-down{background:repeating-linear-gradient(45deg,#36506e 0 6px,#2d4560 6px 12px);color:#fff}
.som-down .back{position:absolute;inset:16% 20%;border:2px solid #ffffff55;border-radius:50%;
 display:flex;align-items:center;justify-content:center;font-weight:700;font-size:clamp(13px,20cqi,26px);
 color:#ffffffcc}
.som-down .back sub{font-size:11px;font-weight:600;margin-left:2px;vertical-align:-6px;color:#ffe9a8}
.som-down[data-deal]:not([data-deal="0"]){outline:2px solid #e8c35a;outline-offset:-4px}
.som-empty{background:transparent;border:2px dashed #9a8660;box-shadow:none;color:#5e4d2c}
.som-empty .lbl{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;
 font-style:italic}
.som-up{background:#fffdf6}
.som-flag{position:absolute;left:0;top:0;bottom:0;width:clamp(6px,8cqi,10px);
 border-radius:7px 0 0 7px;background:var(--flag-v)}
.som-f-catalunya{--flag-v:repeating-linear-gradient(180deg,#fcdd09 0 3px,#da121a 3px 6px);
 --flag-h:repeating-linear-gradient(90deg,#fcdd09 0 3px,#da121a 3px 6px)}
.som-f-mon{--flag-v:#1f6f96;--flag-h:#1f6f96}
.som-f-urna{--flag-v:#2b7a38;--flag-h:#2b7a38}
.som-f-espanya{--flag-v:linear-gradient(90deg,#c60b1e 0 25%,#ffc400 25% 75%,#c60b1e 75%);
 --flag-h:linear-gradient(180deg,#c60b1e 0 25%,#ffc400 25% 75%,#c60b1e 75%)}
.som-name{padding:4px 3px 0 calc(clamp(6px,8cqi,10px) + 4px);font-weight:600;line-height:1.15;
 max-height:calc(4.6em + 4px);overflow:hidden;font-size:clamp(10px,12cqi,16px);overflow-wrap:normal;
 word-break:normal;hyphens:manual}
.som-nsp{float:right;width:1.9em;height:1em}
.som-legend{display:flex;flex-wrap:wrap;gap:2px 12px;font-size:12px;color:#4a3d28}
.som-legend>span{display:inline-flex;align-items:center;gap:4px}
.som-legend i{display:inline-block;width:14px;height:10px;border-radius:2px;background:var(--flag-h)}
.som-short{display:none}
.som-sym{position:absolute;left:calc(clamp(6px,8cqi,10px) + 3px);bottom:2px;font-weight:800;font-size:clamp(11px,13cqi,18px);color:#7a4f00}
.som-cn{box-shadow:0 0 0 3px #fcdd09,0 1px 3px #0005}
.som-pawns{position:absolute;right:3px;bottom:2px;display:flex;gap:1px;z-index:2}
.som-target{box-shadow:0 0 0 3px var(--go),0 0 10px #1f9d55aa;cursor:pointer}
.som-target::after{content:"";position:absolute;inset:0;border-radius:inherit;background:#1f9d5526;
 pointer-events:none}
.som-target:hover{box-shadow:0 0 0 4px var(--go),0 0 14px #1f9d55}
.som-target .go{position:absolute;left:50%;bottom:3px;transform:translateX(-50%);
 background:var(--go);color:#fff;border-radius:999px;width:clamp(16px,20cqi,24px);
 height:clamp(16px,20cqi,24px);display:flex;align-items:center;justify-content:center;
 font-weight:800;font-size:clamp(10px,13cqi,15px);z-index:1}
.som-sel{outline:3px solid #0b57d0;outline-offset:1px}
.som-detail{background:#fff;border:1px solid var(--line);border-radius:8px;padding:5px 9px;
 font-size:13px;min-height:2.2em}
.som-side{display:grid;grid-template-columns:repeat(auto-fill,minmax(210px,1fr));gap:8px;
 flex:1 1 230px;min-width:230px;align-content:start}
.som-box{background:#fff;border:1px solid var(--line);border-radius:10px;padding:8px 10px}
.som-box h4{margin:0 0 5px;font-size:13px;text-transform:uppercase;letter-spacing:.04em;
 color:#6e5a38}
.som-coins{display:flex;flex-wrap:wrap;gap:3px;margin-top:4px}
.som-coin{width:22px;height:22px;border-radius:50%;display:inline-flex;align-items:center;
 justify-content:center;font-size:11px;font-weight:800;border:2px solid #0003}
.som-c2{background:radial-gradient(circle at 35% 35%,#ffe58a,#d4a017);color:#3d2900}
.som-c1{background:radial-gradient(circle at 35% 35%,#f2f2f2,#a9a9a9);color:#222;width:18px;
 height:18px}
.som-pd{display:inline-block;width:11px;height:11px;border-radius:50%;background:#fcdd09;
 border:1.5px solid #b08a00;margin-right:1px;vertical-align:middle}
.som-urna{display:grid;grid-template-columns:repeat(4,1fr);gap:4px}
.som-slot{min-height:46px;border-radius:6px;border:2px dashed #7fb089;font-size:10.5px;padding:2px;
 display:flex;align-items:center;justify-content:center;text-align:center;color:#3f6e47}
.som-slot.full{border:0;background:#2b7a38;color:#fff;font-weight:600}
.som-die{display:flex;gap:8px;align-items:center}
.som-dieface{flex:none;width:48px;height:48px;border-radius:9px;background:#fff;
 border:2px solid #333;display:flex;align-items:center;justify-content:center;font-weight:800;
 font-size:13px}
.som-dieface.roll{border-color:var(--go);box-shadow:0 0 0 3px #1f9d5566;cursor:pointer;
 background:#e5f6ea;color:#0f5a30}
.som-dieface.roll:hover{box-shadow:0 0 0 5px #1f9d5599}
.som-who.som-act{cursor:pointer;outline:2px solid var(--go);border-radius:6px;background:#e5f6ea;
 padding:0 4px}
.som-players{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:8px}
.som-player{background:#fff;border:1px solid var(--line);border-radius:10px;padding:7px 9px;
 border-top:6px solid var(--pc)}
.som-player.turn{box-shadow:0 0 0 2px var(--pc)}
.som-player.me{background:#fffdf3}
.som-phead{display:flex;justify-content:space-between;align-items:baseline;gap:6px}
.som-phead b{font-size:15px}
.som-money{font-weight:800;font-size:16px;white-space:nowrap}
.som-disks{display:flex;flex-wrap:wrap;gap:4px;margin:5px 0}
.som-disk{display:inline-flex;align-items:center;gap:4px;border-radius:999px;padding:1px 7px 1px 2px;
 background:#f3efe4;font-size:11.5px;border:1px solid #0001}
.som-disk i{width:18px;height:18px;border-radius:50%;display:inline-flex;align-items:center;
 justify-content:center;font-style:normal;font-weight:800;font-size:10px;color:#fff}
.som-disk.pay{outline:2px solid var(--go);cursor:pointer;background:#e5f6ea}
.som-small{font-size:12px;color:#5f4f35}
.som-badge{font-size:11px;border-radius:999px;padding:0 6px;background:#eee;margin-left:4px;
 white-space:nowrap}
.som-bids{display:flex;flex-wrap:wrap;gap:6px;margin-top:5px;align-items:center}
.som-bids .som-act{border:2px solid var(--go);background:#e5f6ea;border-radius:999px;min-width:34px;
 min-height:34px;display:inline-flex;align-items:center;justify-content:center;font-weight:800;
 padding:0 8px;cursor:pointer}
.som-badge.gh{background:#fcdd09}
.som-badge.bid{background:#dbe8ff}
.som-result{background:#1e3a2a;color:#fff;border-radius:10px;padding:8px 12px}
.som-result .som-small{color:#d8efe4}
.som-vote td{padding:1px 6px 1px 0}
.som-pawn{flex:none;display:block}
@container som (max-width: 640px){
 .som{padding:6px;gap:6px;font-size:13px;border-radius:8px}
 .som-bar b{font-size:15px}
 .som-tag{font-size:12px;padding:1px 7px}
 .som-phase{padding:5px 8px;font-size:13px}
 .som-main{flex-direction:column;gap:6px}
 .som-mapcol{max-width:none;width:100%}
 .som-map{gap:3px;padding:3px;border-radius:8px}
 .som-cell{aspect-ratio:auto;min-height:50px;border-radius:5px;font-size:9px}
 .som-cell .n{font-size:8.5px;line-height:10px;right:0;top:5px;padding:0 2px;background:none}
 .som-down .back{inset:22% 16%;font-size:13px;border-width:1.5px}
 .som-down .back sub{font-size:9px}
 .som-flag{right:0;bottom:auto;width:auto;height:5px;border-radius:5px 5px 0 0;background:var(--flag-h)}
 .som-name{display:none}
 .som-short{display:block;padding:16px 1px 0;font-weight:700;font-size:9px;line-height:1.15;
  letter-spacing:-.2px;text-align:center;white-space:nowrap;overflow:hidden}
 .som-sym{font-size:10px;left:2px;bottom:0}
 .som-pawns{right:1px;bottom:1px;flex-wrap:wrap;justify-content:flex-end;max-width:24px;gap:0}
 .som-pawns .som-pawn{width:11px;height:13px}
 .som-target .go{font-size:0;width:10px;height:10px;bottom:3px;left:4px;transform:none}
 .som-legend{font-size:11px;gap:2px 8px}
 .som-empty .lbl{font-size:8.5px}
 .som-side{grid-template-columns:1fr 1fr;min-width:0;width:100%;gap:6px}
 .som-box{padding:6px 8px}
 .som-box h4{font-size:11.5px}
 .som-side .som-wide{grid-column:1/-1}
 .som-players{grid-template-columns:1fr}
 .som-disk.pay,.som-who.som-act{min-height:44px;padding-top:4px;padding-bottom:4px}
 .som-who.som-act{display:inline-flex;align-items:center}
 .som-bids .som-act{min-width:44px;min-height:44px}
}
@container som (min-width: 1200px){
 .som{font-size:15.5px}
 .som-small,.som-disk{font-size:13.5px}
 .som-box h4{font-size:14px}
 .som-tag{font-size:14px}
 .som-detail{font-size:15px}
 .som-dieface{width:56px;height:56px}
}
@media (prefers-reduced-motion: no-preference){
 .som-target:hover{transform:translateY(-1px)}
}
`;

const COLOURS = { rosa: "#e0559a", lila: "#9270d0", naranja: "#ee8a1e", azul: "#2f7fd8" };
const COLOUR_EN = { rosa: "pink", lila: "lilac", naranja: "orange", azul: "blue" };
const GROUP_COLOURS = {
  Justicia: "#6b4aa5", Sanidad: "#cf3b3b", "Educación": "#a85f00", Interior: "#2c5aa0",
  "Obras públicas": "#5e5e5e", Bosques: "#22702f", Territorio: "#7a4f24",
};
const FLAG_NAMES = {
  catalunya: ["Catalunya", "Catalonia"], mon: ["Mundo", "World"], urna: ["Urna", "Urna"],
  espanya: ["España", "Spain"],
};
const SYMBOLS = { capacitat_economica: "€", capacitat_impositiva: "%", sufragi_universal: "V" };
const SYMBOL_NAMES = {
  capacitat_economica: ["capacidad económica", "economic capacity"],
  capacitat_impositiva: ["capacidad impositiva", "tax capacity"],
  sufragi_universal: ["sufragio universal", "universal suffrage"],
};
const MODES = {
  A: ["Balanzas fiscales", "Fiscal balances"], B: ["Gestión pública", "Public management"],
  C: ["Participación democrática", "Democratic participation"],
  AC: ["Participación democrática sobre A", "Democratic participation on A"],
};
const DEGREES = { medio: ["medio", "medium"], elevado: ["elevado", "high"], intenso: ["intenso", "intense"] };
const STAGES = {
  tributacion: [1, "Tributación", "Taxation"], transferencia: [2, "Transferencia", "Transfer"],
  cohesion: [3, "Cohesión social", "Social cohesion"], accion: [4, "Acción ciudadana", "Citizen action"],
};
const PHASES = {
  pago: ["pago", "payment"], cambio: ["cambio", "change"], transferencia: ["tirada", "roll"],
  cohesion: ["donaciones", "gifts"], movimiento: ["movimiento", "moving"], cobro: ["cobro", "levy"],
  proteccion: ["protección de la urna", "protecting the urna"],
  sufragio: ["Sufragi universal", "Sufragi universal"], declaracion: ["declaraciones", "declarations"],
  gobernador: ["gobernador", "governor"], votacion: ["votación secreta", "secret vote"],
  fin: ["fin", "end"],
};
const REASONS = {
  impuesto: ["impuestos", "taxes"], recepta: ["Euro per recepta", "Euro per recepta"],
  sucesiones: ["Impost de successions", "Impost de successions"],
  devolucion: ["devolución a Hisenda", "give-back to Hisenda"],
  elecciones: ["coste de las elecciones", "cost of the elections"],
};
// Catalan proper names the English log uses as is (ludoteca.games.som.text.PROPER_NAMES)
const PROPER = new Set(["CN", "C-ATC", "C-EPR", "C-IDS", "W-SU"]);
// short labels for the compact map (≤ 9 characters a line)
const SHORT = {
  CN: ["Concentr.", "Concentr."], "C-ATC": ["ATC", "ATC"], "C-EPR": ["Recepta", "Recepta"],
  "C-IDS": ["Success.", "Success."], "C-EC1": ["Industria", "Industry"],
  "C-EC2": ["Turismo", "Tourism"], "C-EC3": ["Agricult.", "Farming"],
  "C-01": ["Estatuto", "Statute"], "C-02": ["Parlament", "Parliam."], "C-03": ["Lengua", "Language"],
  "C-04": ["Escuela", "School"], "C-05": ["Asociac.", "Civic"], "C-06": ["Cooperat", "Co-ops"],
  "C-07": ["Cultura", "Folk"], "C-08": ["Medios", "Media"], "C-09": ["Investig.", "Research"],
  "C-10": ["Econ.soc.", "Soc.econ."], "C-11": ["Diada", "Diada"], "W-SU": ["Sufragi", "Sufragi"],
  "W-01": ["Derechos", "Rights"], "W-02": ["Expresión", "Speech"], "W-03": ["Igualdad", "Equality"],
  "W-04": ["Paz", "Peace"], "W-05": ["Educación", "Education"], "W-06": ["Salud", "Health"],
  "W-07": ["Ambiente", "Environ."], "W-08": ["Diversid.", "Diversity"],
  "W-09": ["Solidar.", "Solidar."], "W-10": ["Autodet.", "Self-det."],
  "U-1": ["Democr.", "Democr."], "U-2": ["Moviliz.", "Mobilis."], "U-3": ["Políticos", "Politics"],
  "U-4": ["Estrateg.", "Strategy"], "E-1": ["LOAPA", "LOAPA"], "E-2": ["Sentencia", "Ruling"],
  "E-3": ["Recentr.", "Recentr."], "E-4": ["Recurso", "Appeal"],
};

// ----- what the previous drawing showed (for the motion) and the cell whose details are shown
let before = null;
let selected = null;

const VOWELS = "aeiouáéíóúàèòïüy";

/** Soft hyphens in long words at syllable-like seams (V|CV, VC|CV but never inside bl, tr,
 *  ch, ll…), so a narrow cell breaks a word with a hyphen and never in a random place. */
const CLUSTERS = ["bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "tr", "ch", "ll", "rr", "qu", "ny", "th", "sh", "ph"];
function softHyphens(text) {
  const vowel = (ch) => Boolean(ch) && VOWELS.includes(ch.toLowerCase());
  const letter = (ch) => Boolean(ch) && /[a-zçñ]/i.test(ch);
  return text.split(" ").map((w) => {
    if (w.length < 10) return w;
    let out = "";
    let since = 0;
    for (let i = 0; i < w.length; i++) {
      const [p, a, b, c] = [w[i - 2], w[i - 1], w[i], w[i + 1]];
      const vcv = vowel(a) && letter(b) && !vowel(b) && vowel(c);
      const vccv = vowel(p) && letter(a) && !vowel(a) && letter(b) && !vowel(b) && vowel(c)
        && !CLUSTERS.includes((a + b).toLowerCase());
      if (i >= 3 && w.length - i >= 3 && since >= 3 && (vcv || vccv)) {
        out += "\u00ad";
        since = 0;
      }
      out += b;
      since++;
    }
    return out;
  }).join(" ");
}

function motionAllowed() {
  return typeof matchMedia === "function"
    && matchMedia("(prefers-reduced-motion: no-preference)").matches;
}

/** A die face with `n` pips (1–6) as SVG. */
function pips(n) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", 36);
  svg.setAttribute("height", 36);
  svg.setAttribute("viewBox", "0 0 30 30");
  svg.setAttribute("aria-hidden", "true");
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

/** A citizen pawn in a seat colour (decorative: the words around it name the player). */
function pawn(colour, size = 16) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size * 1.2);
  svg.setAttribute("viewBox", "0 0 20 24");
  svg.setAttribute("class", "som-pawn");
  svg.setAttribute("aria-hidden", "true");
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
  return svg;
}

export function render(el, view, ctx) {
  ensureStyle("som-renderer-css", CSS);
  // the content this table plays: the shipped one (embedded below) or its own (fetched once)
  const data = boardData("som", el, view, ctx, SHIPPED_DATA, render);
  if (!data) return;
  DATA = data;
  const lang = ctx.lang === "en" ? "en" : "es";
  const T = (es, en) => (lang === "en" ? en : es);
  const L = (pair) => (pair ? pair[lang === "en" ? 1 : 0] : "");
  const legalItems = ctx.legal || [];
  const legal = new Set(legalItems.map((a) => a.text));
  // the words of each legal action (the server's describer), for accessible names
  const words = new Map(legalItems.map((a) => {
    const label = a.label && typeof a.label === "object" ? a.label[lang] || a.label.es : a.label;
    return [a.text, label && label !== a.text ? label : null];
  }));
  const players = view.players || [];
  const colourWord = (c) => (lang === "en" ? COLOUR_EN[c] || c : c);

  /** Make `node` do the legal action `text`, named by its words (or `name`). */
  const act = (node, text, cls, name) => {
    if (!clickable(node, text, ctx, legal, cls)) return false;
    const label = words.get(text) || name || text;
    node.setAttribute("aria-label", label);
    node.title = label;
    return true;
  };

  const who = (seat) => {
    if (seat == null) return "Hisenda espanyola";
    const p = players[seat];
    if (!p) return "?";
    return `${p.name} (${colourWord(p.colour)})`;
  };
  const cardName = (id) => {
    const c = DATA.cards[id];
    if (!c) return id;
    return PROPER.has(id) ? c[0] : L(c);
  };
  // the compact map's label: SHORT's only while the card has its shipped names (a custom
  // content's renamed card shows its own name)
  const shortName = (id, name) => {
    const mine = DATA.cards[id];
    const shipped = SHIPPED_DATA.cards[id];
    const same = mine && shipped && mine[0] === shipped[0] && mine[1] === shipped[1];
    return (same && L(SHORT[id])) || name;
  };
  const typeName = (code) => {
    const t = DATA.types[code];
    return t ? L(t) : code;
  };
  const pds = (n) => T(`${n} disco${n === 1 ? "" : "s"} de participación`,
                       `${n} participation disk${n === 1 ? "" : "s"}`);

  // ----- the header: turn, mode, centralism, ATC ------------------------------------------
  const mode = MODES[view.mode];
  const bar = h("div", { class: "som-bar" },
    h("b", {}, "Som el que decidim!"),
    h("span", { class: "som-tag", "data-tag": "turn" }, T(`Turno ${view.turn}`, `Turn ${view.turn}`)),
    h("span", { class: "som-tag", "data-tag": "mode" }, T(`Modo ${view.mode}`, `Mode ${view.mode}`),
      mode ? ` · ${L(mode)}` : "", view.players_n === 1 ? T(" · en solitario", " · solo") : ""),
    h("span", { class: "som-tag", "data-tag": "centralism" }, T("Centralismo ", "Centralism "),
      L(DEGREES[view.centralism]) || view.centralism,
      view.centralism_roll ? T(" (por dado)", " (rolled)") : ""),
    h("span", { class: "som-tag", "data-tag": "atc", title: "Agència Tributària Catalana" }, "ATC ",
      view.atc_active ? T("activa", "active") : T("inactiva", "inactive")),
    view.max_turns ? h("span", { class: "som-small" },
      T(`límite: ${view.max_turns} turnos`, `limit: ${view.max_turns} turns`)) : null);

  const stage = STAGES[view.stage];
  const sub = PHASES[view.phase];
  const phase = h("div", { class: "som-phase", "data-phase": view.phase },
    h("b", {}, stage ? T(`Fase ${stage[0]} de 4 · ${stage[1]}`, `Phase ${stage[0]} of 4 · ${stage[2]}`)
      : T("Fase: ", "Phase: ") + (L(sub) || "—")),
    stage && sub && !["transferencia", "cohesion", "movimiento"].includes(view.phase) ? ` (${L(sub)})` : "",
    " — ", phaseDetail());

  // ----- the map -----------------------------------------------------------------------------
  const map = h("div", { class: "som-map", "data-board": "som", role: "group",
    "aria-label": T("Mapa de Catalunya: 37 casillas", "Map of Catalonia: 37 cells") });
  const detail = h("div", { class: "som-detail", "data-part": "detail", "aria-live": "polite" });
  // the map is one tab stop: arrow keys walk the cells and show each one's details
  map.setAttribute("tabindex", "0");
  map.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight ArrowUp ArrowDown");
  map.addEventListener("keydown", (ev) => {
    if (ev.target !== map) return;
    const cells = view.cells || [];
    const at = cells.find((c) => c.cell === selected) || cells[0];
    if (!at) return;
    let next = null;
    if (ev.key === "ArrowRight") next = cells.find((c) => c.cell === at.cell + 1);
    else if (ev.key === "ArrowLeft") next = cells.find((c) => c.cell === at.cell - 1);
    else if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      const row = at.r + (ev.key === "ArrowDown" ? 1 : -1);
      const inRow = cells.filter((c) => c.r === row);
      next = inRow.sort((x, y) => Math.abs(x.c - at.c) - Math.abs(y.c - at.c))[0] || null;
    } else if ((ev.key === "Enter" || ev.key === " ") && cellNodes[at.cell]?.dataset.act) {
      ev.preventDefault();
      ctx.act(cellNodes[at.cell].dataset.act);
      return;
    } else return;
    ev.preventDefault();
    showDetail((next || at).cell);
  });
  // face-down cells by the deal that filled them (public: a refill names its cards, SOM-12.8)
  const deals = view.deals || [];
  const dealOf = {};
  for (const d of deals) for (const c of d.cells) dealOf[c] = d.deal;
  const here = {};
  (view.citizens || []).forEach((cell, s) => { (here[cell] = here[cell] || []).push(s); });
  const describeCell = {};
  const cellNodes = {};
  for (const cell of view.cells || []) {
    const node = h("div", {
      class: "som-cell", "data-cell": cell.cell, "data-state": cell.estado,
      style: `grid-row:${cell.r + 1};grid-column:${cell.c + 1}`,
    });
    let text;
    const n = h("span", { class: "n", "aria-hidden": "true" }, cell.cell);
    if (cell.estado === "oculta") {
      const deal = dealOf[cell.cell] || 0;
      node.classList.add("som-down");
      node.dataset.deal = deal;
      text = deal
        ? T(`Casilla ${cell.cell}: carta boca abajo del reparto ${deal} tras España`,
            `Cell ${cell.cell}: face-down card from refill ${deal} after Spain`)
        : T(`Casilla ${cell.cell}: carta boca abajo`, `Cell ${cell.cell}: face-down card`);
      node.append(h("div", { class: "back", "aria-hidden": "true" }, "?", deal ? h("sub", {}, deal) : ""), n);
    } else if (cell.estado === "vacia") {
      node.classList.add("som-empty");
      text = T(`Casilla ${cell.cell}: vacía`, `Cell ${cell.cell}: empty`);
      node.append(h("div", { class: "lbl", "aria-hidden": "true" }, T("vacía", "empty")), n);
    } else {
      const card = cell.card || {};
      const name = cardName(card.id);
      const gloss = PROPER.has(card.id) && lang === "en" && DATA.cards[card.id]
        ? ` (${DATA.cards[card.id][1]})` : "";
      node.classList.add("som-up");
      node.dataset.card = card.id;
      if (card.id === "CN") node.classList.add("som-cn");
      const flag = FLAG_NAMES[card.flag] || [card.flag, card.flag];
      text = T(`Casilla ${cell.cell}: «${name}»`, `Cell ${cell.cell}: “${name}”${gloss}`)
        + ` · ${L(flag)}`
        + (card.symbol ? ` · ${L(SYMBOL_NAMES[card.symbol]) || card.symbol}` : "");
      node.append(h("div", { class: `som-flag som-f-${card.flag}`, "aria-hidden": "true" }),
        h("div", { class: "som-name", "aria-hidden": "true" }, h("span", { class: "som-nsp" }), softHyphens(name)),
        h("div", { class: "som-short", "aria-hidden": "true" }, shortName(card.id, name)), n);
      if (card.symbol) {
        node.append(h("span", { class: "som-sym", "aria-hidden": "true" }, SYMBOLS[card.symbol] || "*"));
      }
    }
    const people = here[cell.cell] || [];
    if (people.length) {
      const row = h("div", { class: "som-pawns" });
      for (const s of people) {
        const pw = pawn(players[s] && players[s].colour);
        pw.dataset.pawn = s;
        row.append(pw);
      }
      node.append(row);
      text += T(" · aquí: ", " · here: ") + people.map(who).join(", ");
    }
    describeCell[cell.cell] = text;
    node.append(h("span", { class: "som-sr" }, text));
    if (act(node, `mover ${cell.cell}`, "som-target",
        T(`Moverse a la casilla ${cell.cell}`, `Move to cell ${cell.cell}`))) {
      node.setAttribute("aria-label", `${node.getAttribute("aria-label")}. ${text}`);
      node.append(h("span", { class: "go", "aria-hidden": "true" }, "➜"));
    }
    const show = () => showDetail(cell.cell);
    node.addEventListener("focus", show);
    node.addEventListener("mouseenter", show);
    if (!node.dataset.act) node.addEventListener("click", show);
    cellNodes[cell.cell] = node;
    map.append(node);
  }
  function showDetail(c) {
    if (selected != null && cellNodes[selected]) cellNodes[selected].classList.remove("som-sel");
    selected = c;
    if (c == null || !(c in describeCell)) {
      detail.textContent = T("Señala o toca una casilla (o usa las flechas en el mapa) para ver su carta.",
                             "Point at or tap a cell (or use the arrow keys on the map) to see its card.");
      return;
    }
    cellNodes[c].classList.add("som-sel");
    const go = cellNodes[c].dataset.act ? words.get(cellNodes[c].dataset.act) : null;
    detail.textContent = describeCell[c] + (go ? ` — ${go}` : "");
  }
  showDetail(selected);

  // ----- the side: Generalitat, die, Hisenda, Concentració, urna, vote -----------------------
  const side = h("div", { class: "som-side" });
  const gh = players[view.gh];
  side.append(h("div", { class: "som-box", "data-part": "generalitat" },
    h("h4", {}, "Generalitat"),
    h("div", {}, "★ ", h("b", {}, gh ? who(view.gh) : "—"))));

  const dieBox = h("div", { class: "som-box", "data-part": "die" }, h("h4", {}, T("Dado", "Die")));
  const face = h("div", { class: "som-dieface", "data-face": view.die ? view.die.face : 0 });
  const d = view.die;
  face.append(d ? pips(d.face) : "·");
  if (d) {
    face.setAttribute("role", "img");
    face.setAttribute("aria-label", T(`Dado: ${d.number} € y ${pictureWords(d.picture)}`,
      `Die: ${d.number} € and ${pictureWords(d.picture)}`));
  }
  const dieRow = h("div", { class: "som-die" }, face,
    h("div", {}, d
      ? [h("b", {}, `${d.number} € `), T("de Hisenda · se mueve: ", "from Hisenda · moving: "),
        h("b", {}, pictureWords(d.picture))]
      : h("span", { class: "som-small" }, T("sin tirar este turno", "not rolled yet this turn"))));
  if (act(face, "tirar", "roll", T("Tirar el dado", "Roll the die"))) {
    face.replaceChildren(T("tirar", "roll"));
  }
  dieBox.append(dieRow);
  side.append(dieBox);

  const hz = view.hisenda || {};
  const coins = h("div", { class: "som-coins", "aria-hidden": "true" });
  for (let i = 0; i < (hz.twos || 0); i++) coins.append(h("span", { class: "som-coin som-c2" }, "2"));
  for (let i = 0; i < (hz.ones || 0); i++) coins.append(h("span", { class: "som-coin som-c1" }, "1"));
  side.append(h("div", { class: "som-box", "data-part": "hisenda" },
    h("h4", {}, "Hisenda espanyola"),
    h("div", {}, h("b", {}, `${hz.value} €`),
      T(` (${hz.ones} de 1 €, ${hz.twos} de 2 €)`, ` (${hz.ones} × 1 €, ${hz.twos} × 2 €)`),
      hz.flipped ? h("b", { style: "color:#a00" }, T(" · girada (DUI)", " · flipped (DUI)")) : ""),
    coins));

  const cn = view.cn || {};
  // the card at Concentració's cell names the box (a custom content may rename it)
  const cnCard = ((view.cells || []).find((c) => c.cell === cn.cell) || {}).card;
  const dots = h("span", { "aria-hidden": "true" });
  for (let i = 0; i < Math.min(cn.pd || 0, 20); i++) dots.append(h("span", { class: "som-pd" }));
  side.append(h("div", { class: "som-box", "data-part": "concentracio" },
    h("h4", {}, cnCard && cnCard.id ? cardName(cnCard.id) : "Concentració nacional"),
    h("div", {}, h("b", {}, pds(cn.pd || 0)), T(` · casilla ${cn.cell}`, ` · cell ${cn.cell}`),
      cn.flipped ? h("b", { style: "color:#a00" },
        T(" · girada (intervención)", " · flipped (intervention)")) : ""),
    dots));

  const urna = h("div", { class: "som-urna" });
  const pile = view.urna || [];
  for (let i = 0; i < DATA.urna; i++) {
    urna.append(i < pile.length
      ? h("div", { class: "som-slot full", "data-card": pile[i] }, cardName(pile[i]))
      : h("div", { class: "som-slot", "aria-label": T(`hueco ${i + 1} libre`, `slot ${i + 1} free`),
        role: "img" }, i + 1));
  }
  side.append(h("div", { class: "som-box som-wide", "data-part": "urna" },
    h("h4", {}, T(`Urna: ${pile.length} de ${DATA.urna}`, `Urna: ${pile.length} of ${DATA.urna}`)), urna));
  if (deals.some((x) => x.deal)) {
    const list = h("div", { class: "som-small" });
    for (const x of deals) {
      const flags = Object.entries(x.flags).filter(([, k]) => k)
        .map(([f, k]) => `${k} ${L(FLAG_NAMES[f]) || f}`).join(", ");
      list.append(h("div", { "data-deal-count": x.deal },
        x.deal ? T(`Reparto ${x.deal}: `, `Refill ${x.deal}: `) : T("Reparto inicial: ", "Setup: "),
        `${x.cells.length} (${flags})`));
    }
    side.append(h("div", { class: "som-box som-wide", "data-part": "deals" },
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
    const where = cellInfo.card ? cardName(cellInfo.card.id) : "";
    const whoNode = h("span", { class: "som-who" }, pawn(p.colour, 14), " ", h("b", {}, p.name));
    const named = ["apoyar", "gobernador", "recepta", "sucesiones"]
      .map((x) => `${x} ${p.seat}`).filter((t) => legal.has(t));
    if (named.length === 1) act(whoNode, named[0], "som-act", who(p.seat));
    card.append(h("div", { class: "som-phead" },
      h("span", {}, whoNode,
        h("span", { class: "som-small" }, ` ${colourWord(p.colour)}`),
        p.gh ? h("span", { class: "som-badge gh" }, "★ Generalitat") : null,
        p.seat === view.seat ? h("span", { class: "som-badge" }, T("tú", "you")) : null),
      h("span", { class: "som-money" }, `${p.value} €`)));
    const disks = h("div", { class: "som-disks" });
    for (const [code, k] of Object.entries(p.disks || {})) {
      const t = DATA.types[code] || [code, code, 1, ""];
      for (let i = 0; i < k; i++) {
        const chip = h("span", { class: "som-disk", "data-disk": code, title: `${typeName(code)} · ${t[2]} €` },
          h("i", { style: `background:${GROUP_COLOURS[t[3]] || "#666"}`, "aria-hidden": "true" }, `${t[2]}`),
          typeName(code));
        if (p.seat === ctx.seat && i === 0) {
          act(chip, `pagar-${code}`, "pay", T(`Pagar con ${typeName(code)}`, `Pay with ${typeName(code)}`)) ||
            act(chip, `cambio-${code}`, "pay", T(`Dar cambio con ${typeName(code)}`, `Give change with ${typeName(code)}`));
        }
        if (i === 0) {
          act(chip, `proteger-${code} ${p.seat}`, "pay",
            T(`Proteger con ${typeName(code)} de ${who(p.seat)}`, `Protect with ${who(p.seat)}'s ${typeName(code)}`));
        }
        disks.append(chip);
      }
    }
    if (!disks.childNodes.length) disks.append(h("span", { class: "som-small" }, T("sin discos", "no disks")));
    card.append(disks);
    const pdRow = h("div", { class: "som-small", "data-pd": p.pd });
    const pdDots = h("span", { "aria-hidden": "true" });
    for (let i = 0; i < Math.min(p.pd, 12); i++) pdDots.append(h("span", { class: "som-pd" }));
    pdRow.append(pdDots, ` ${pds(p.pd)}`);
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
  parts.push(bar, phase, h("div", { class: "som-main" }, h("div", { class: "som-mapcol" }, map, detail, legend()), side), row);
  el.replaceChildren(h("div", { class: "som-wrap" }, h("div", { class: "som", "data-game": "som", lang }, ...parts)));
  animate();

  function legend() {
    const what = { catalunya: ["sigue avanzando", "keep going"], mon: ["detiene", "stops"],
      urna: ["va a la urna", "goes to the urna"], espanya: ["retroceso", "setback"] };
    return h("div", { class: "som-legend", "data-part": "legend" },
      Object.entries(what).map(([f, w]) => h("span", {},
        h("i", { class: `som-f-${f}`, "aria-hidden": "true" }),
        h("span", {}, h("b", {}, L(FLAG_NAMES[f])), `: ${L(w)}`))));
  }

  // ----- motion ------------------------------------------------------------------------------
  function animate() {
    const key = players.map((p) => `${p.seat}:${p.name}`).join("|");
    const now = { key, citizens: (view.citizens || []).slice(),
      states: (view.cells || []).map((c) => c.estado), face: d ? d.face : 0, turn: view.turn };
    const was = before;
    before = now;
    if (!was || was.key !== key || !motionAllowed() || typeof Element.prototype.animate !== "function") return;
    const ease = "cubic-bezier(.3,.7,.4,1)";
    now.citizens.forEach((cell, s) => {
      const from = was.citizens[s];
      if (from == null || from === cell || !cellNodes[from] || !cellNodes[cell]) return;
      const pw = cellNodes[cell].querySelector(`[data-pawn="${s}"]`);
      if (!pw) return;
      const a = cellNodes[from].getBoundingClientRect();
      const b = cellNodes[cell].getBoundingClientRect();
      const dx = a.left - b.left;
      const dy = a.top - b.top;
      pw.animate([{ transform: `translate(${dx}px,${dy}px)` }, { transform: "none" }],
        { duration: 280, easing: ease });
    });
    now.states.forEach((st, c) => {
      if (st === "visible" && was.states[c] === "oculta" && cellNodes[c]) {
        cellNodes[c].animate([{ transform: "perspective(300px) rotateY(90deg)" },
          { transform: "none" }], { duration: 260, easing: ease });
      }
    });
    if (now.face && (now.face !== was.face || now.turn !== was.turn)) {
      face.animate([{ transform: "rotate(-200deg) scale(.6)" }, { transform: "none" }],
        { duration: 260, easing: ease });
    }
  }

  // ----- words -------------------------------------------------------------------------------
  function pictureWords(pic) {
    if (pic === "generalitat") return "★ Generalitat";
    if (pic === "todos") return T("todos", "everyone");
    const p = players.find((x) => x.colour === pic);
    const word = colourWord(pic);
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
      return T(`${who(c.giver)} da cambio a ${who(c.payer)}: dos discos de 1 € por su disco de ${typeName(c.disk)} de 2 €`,
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
    const box = h("div", { class: "som-box som-vote som-wide", "data-part": "vote" });
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
      const line = h("div", { class: "som-bids" }, h("b", {}, T("Vota en secreto:", "Bid in secret:")));
      for (const t of bidTexts) {
        const k = Number(t.split(" ")[1]);
        const chip = h("span", {}, k);
        act(chip, t, "som-act", T(`Votar con ${pds(k)}`, `Bid ${pds(k)}`));
        line.append(chip);
      }
      box.append(line);
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
      limit: T("Límite de turnos: la partida se corta (no es un final del reglamento).",
               "Turn limit: the game is cut off (not an ending of the rulebook)."),
    }[r.reason] || T("Fin de la partida.", "Game over.");
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
      h("div", { class: "som-small" },
        T("Discos de participación: ", "Participation disks: "), ranking));
  }
}

// The public content of the shipped content.toml (made by ludoteca.web.board_data; checked by
// tests/web/test_renderers.py). A table on a custom content draws with its own (boardData).
const SHIPPED_DATA = /* DATA:BEGIN */ {
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

/** What the drawing reads: SHIPPED_DATA, or the table's own content (set by render). */
let DATA = SHIPPED_DATA;
