// «El Plan: tú decides»: the route through the seven Districts (the one in play marked), the
// Opportunity squares and who is on them, the event of the Period, the market, the subsidies,
// the investment offers and every player's plan, resources, Ideas, products, shop, credit and
// investments — all read from the seat's view (a seat's secret choice appears only in its own
// view). Squares, offers, market piles, resources, products and investments are clickable when
// a legal action names them, with the action's words as their accessible name.
//
// Layout: a container query on the board's own width. Narrow (a phone): the route is a strip
// that scrolls in place (the District in play centred), and event, market, offers and players
// stack; every clickable part is at least 44 px. Wide: the route in one row, the market and the
// offers side by side, players in as many columns as fit.
// Motion: the previous view is kept in module scope; entrepreneur tokens fly to their square,
// changed counters pulse, a new event or offer turns over — each within 300 ms, and none of it
// when the system asks for reduced motion.

import { h, ensureStyle, clickable, boardData } from "./dom.js";

const CSS = `
.ep-host{container-type:inline-size;container-name:ep;min-width:0}
.ep{--ink:#1f2a33;--paper:#f3f5f7;--line:#c3cdd6;--muted:#4f5f6c;font:14px/1.4 system-ui,sans-serif;
 color:var(--ink);background:var(--paper);border-radius:12px;padding:12px;display:grid;
 grid-template-columns:repeat(auto-fill,minmax(min(100%,310px),1fr));gap:10px 8px;align-items:start;min-width:0}
.ep>:not(.ep-player){grid-column:1/-1}
.ep *{box-sizing:border-box}
.ep-bar{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:center}
.ep-bar .title{font-size:16px;font-weight:700;margin:0}
.ep-tag{background:#fff;border:1px solid var(--line);border-radius:999px;padding:1px 9px;font-size:13px}
.ep-tag.mc{background:#fff3c4}
.ep-now{background:#fff6d8;border:1px solid #d9b44a;border-radius:8px;padding:6px 10px}
.ep-tut{background:#e6f5f8;border:1px solid #7dbccb;border-radius:10px;padding:8px 10px}
.ep-tut .ok{color:#1b7f3b;font-weight:700}.ep-tut .ko{color:#b3261e;font-weight:700}
.ep-route{display:grid;grid-template-columns:auto repeat(7,minmax(0,1fr)) auto;gap:5px;padding-top:12px}
.ep-stop{background:#fff;border:1px solid var(--line);border-radius:9px;padding:5px 6px;
 min-height:88px;position:relative;display:flex;flex-direction:column;gap:3px;min-width:0}
.ep-stop .num{font-weight:800;font-size:18px;color:#4d6275;line-height:1}
.ep-stop .nm{font-size:12px;font-weight:700;color:#33475a;hyphens:manual}
.ep-stop.edge{align-items:center;padding:6px 3px}
.ep-stop.edge .nm{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap}
.ep-stop.active{background:#fff4c2;border:2px solid #b78900;box-shadow:0 0 8px #e0a80066}
.ep-stop.active::after{content:"▼";position:absolute;top:-14px;left:50%;transform:translateX(-50%);
 color:#9a7400;font-size:13px}
.ep-stop.off{background:repeating-linear-gradient(45deg,#fff 0 6px,#e9edf1 6px 12px);border-style:dashed}
.ep-stop.off .nm::after{content:attr(data-off);display:block;font-weight:400;color:var(--muted)}
.ep-sq{border:1px dashed #7f93a5;border-radius:6px;padding:2px 4px;font-size:11.5px;
 display:flex;align-items:center;gap:4px;background:#f8fafb;min-width:0;color:var(--ink)}
.ep-sq b{font-size:11.5px}
.ep-sq.taken{border-style:solid;background:#eef3f7}
.ep-sq.closed{background:#eceff2;color:var(--muted);text-decoration:line-through}
.ep-tok{width:14px;height:14px;border-radius:50%;flex:none;border:2px solid #fff;box-shadow:0 0 0 1.5px #0008;display:inline-block}
.ep-act{cursor:pointer;outline:2px solid #1b7f3b;outline-offset:1px;background:#e5f6ea!important}
.ep-act:hover{outline-width:3px}
.ep-act:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.ep-mid{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,2fr);gap:8px;align-items:start}
.ep-side{display:flex;flex-direction:column;gap:8px;min-width:0}
.ep-box{background:#fff;border:1px solid var(--line);border-radius:10px;padding:7px 9px;min-width:0}
.ep-box h3{margin:0 0 5px;font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:#44596c}
.ep-event{border-left:6px solid #888}
.ep-event.positive{border-left-color:#2e9e44}.ep-event.negative{border-left-color:#c62828}
.ep-event.neutral{border-left-color:#c99700}
.ep-small{font-size:12.5px;color:var(--muted)}
.ep-mods{color:#7a4f00;font-size:12.5px}
.ep-market{display:flex;gap:6px}
.ep-pile{flex:1;text-align:center;border-radius:8px;padding:4px 2px;color:#fff;font-weight:700;min-width:0}
.ep-pile .k{font-size:20px;line-height:1.1;display:inline-block}
.ep-pile small{display:block;font-size:11px;font-weight:600}
.ep-pile.ep-act{color:#123}
.ep-subs{display:flex;gap:4px;margin-top:6px}
.ep-sub{flex:1;border:1px solid #b9d8c0;background:#f2faf3;border-radius:6px;text-align:center;font-size:12.5px;padding:2px}
.ep-sub b{display:inline-block}
.ep-decks{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:6px}
.ep-deck h4{margin:0 0 4px;font-size:12.5px;color:#fff;border-radius:5px;padding:2px 6px}
.ep-offer{border:1px solid var(--line);border-radius:7px;padding:4px 6px;margin-bottom:5px;background:#fcfdfe;font-size:12px}
.ep-offer .cn{font-weight:700;font-size:13px}
.ep-offer.rot{background:#fff8e8;border-color:#d9b44a}
.ep-cost{display:inline-flex;gap:2px;vertical-align:middle;flex-wrap:wrap}
.ep-res{display:inline-flex;align-items:center;justify-content:center;min-width:18px;height:18px;padding:0 2px;
 border-radius:50%;font-size:10px;font-weight:800;color:#fff;border:1px solid #0003}
.ep-res.empty{background:#fff!important;border:2px dashed}
.ep-res.idea{background:#ffd54f!important;color:#5a3e00}
.ep-res.prod{border-radius:4px;padding:0 4px}
.ep-player{background:#fff;border:1px solid var(--line);border-radius:10px;padding:7px 9px;border-top:6px solid var(--pc);min-width:0}
.ep-player.turn{box-shadow:0 0 0 2px var(--pc)}
.ep-phead{display:flex;justify-content:space-between;gap:6px;align-items:center;flex-wrap:wrap}
.ep-phead .pn{font-size:15px;font-weight:700}
.ep-badge{font-size:12px;border-radius:999px;padding:0 6px;background:#eceff1;margin-left:4px;white-space:nowrap}
.ep-badge.mc{background:#ffd54f}.ep-badge.go{background:#c8f0d4}.ep-badge.credit{background:#ffd6d6}
.ep-plan{font-size:12.5px;background:#f3f6f9;border-radius:6px;padding:3px 6px;margin:4px 0}
.ep-stock{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center;margin:3px 0}
.ep-count{display:inline-flex;align-items:center;gap:3px;font-weight:700;border-radius:6px;padding:0 2px}
.ep-count .v{display:inline-block;min-width:1ch}
.ep-targets{display:flex;flex-direction:column;gap:3px;margin-top:4px}
.ep-target{display:flex;align-items:center;gap:6px;border:1px solid #d5dde4;border-radius:6px;padding:2px 5px;font-size:12.5px;flex-wrap:wrap}
.ep-target.on{background:#eefaf1;border-color:#9bd1a9}
.ep-target .lbl{flex:1 1 9em;min-width:0}
.ep-pending{background:#f6ecff;border:1px dashed #8a55c9;border-radius:6px;padding:2px 6px;font-size:12.5px;margin-top:4px}
.ep-result{background:#102a43;color:#fff;border-radius:10px;padding:8px 12px;overflow-x:auto}
.ep-result table{border-collapse:collapse;margin-top:4px;font-size:13px}
.ep-result td,.ep-result th{padding:1px 8px 1px 0;text-align:left}
.ep-info{min-height:1.4em;font-size:13px;background:#fff;border:1px solid var(--line);border-radius:8px;padding:4px 8px}
@container ep (max-width: 720px){
 .ep{padding:8px;gap:8px;border-radius:10px;display:flex;flex-direction:column;align-items:stretch}
 .ep-player.me{order:1}.ep-mid{order:2}.ep-player:not(.me){order:3}
 .ep-route{display:flex;overflow-x:auto;scroll-snap-type:x proximity;padding:16px 2px 6px;
  overscroll-behavior-x:contain;scrollbar-width:thin}
 .ep-route:focus-visible{outline:3px solid #0b57d0}
 .ep-stop{flex:0 0 auto;width:min(64%,200px);scroll-snap-align:center;min-height:0}
 .ep-stop.edge{width:auto;flex-direction:row;align-items:center;gap:6px;padding:6px 10px}
 .ep-stop.edge .nm{writing-mode:horizontal-tb;transform:none}
 .ep-stop .nm{font-size:13px}
 .ep-sq{font-size:13px;padding:4px 6px}.ep-sq b{font-size:13px}
 .ep-mid{grid-template-columns:minmax(0,1fr)}
 .ep-decks{grid-template-columns:minmax(0,1fr)}
 .ep-act{min-height:44px;min-width:44px}
 .ep-count.ep-act{padding:0 8px}
 .ep-target{font-size:13px}
 .ep-small{font-size:13px}
}
@container ep (min-width: 1300px){
 .ep{font-size:15px;padding:16px;gap:12px}
 .ep-stop{min-height:104px}
 .ep-stop .nm,.ep-sq,.ep-sq b{font-size:13px}
 .ep-offer,.ep-target,.ep-plan{font-size:13.5px}
 .ep{grid-template-columns:repeat(auto-fill,minmax(380px,1fr))}
 .ep-mid{grid-template-columns:minmax(0,1fr) minmax(0,1fr) minmax(0,2.2fr)}
 .ep-side{display:contents}
}
`;

const SEAT_COLOURS = ["#d7263d", "#1b6ec2", "#2e9e44", "#e09f00", "#8e44ad", "#16a2a2"];
const RES = ["ch", "d", "e"];
const PROD = ["mp", "bc", "sv"];
const PTYPE = ["a", "b", "c", "any"];
const RES_COLOURS = { ch: "#2f5fbf", d: "#22773a", e: "#a35800" };
const PROD_COLOURS = { mp: "#6d4c41", bc: "#6a45b0", sv: "#126e66" };
const DECK_COLOURS = ["#55708a", "#8e44ad", "#147a70"];
const STEP_WORDS = {
  oportunidad: ["Oportunidad: colocar la ficha de emprendedor", "Opportunity: place the entrepreneur token"],
  "d1-exencion": ["Distrito 1: ignorar o aceptar el suceso", "District 1: ignore or accept the event"],
  "d1-elecciones": ["Distrito 1: elecciones del suceso", "District 1: the event's choices"],
  "d2-desactivar": ["Distrito 2, paso 1: desactivar", "District 2, step 1: deactivate"],
  "d2-devolver": ["Distrito 2, paso 2: devolver una inversión", "District 2, step 2: return an investment"],
  "d2-activar": ["Distrito 2, paso 3: activar", "District 2, step 3: activate"],
  "d2-canjear": ["Distrito 2, paso 4: canjear", "District 2, step 4: exchange"],
  "d3-invertir": ["Distrito 3: invertir", "District 3: invest"],
  "d4-fabricar": ["Distrito 4: fabricar, en secreto y a la vez", "District 4: manufacture, secretly and at once"],
  "d5-comprar": ["Distrito 5, paso 1: comprar", "District 5, step 1: buy"],
  "d5-vender": ["Distrito 5, paso 2: vender", "District 5, step 2: sell"],
  "d6-credito-subsidio": ["Distrito 6: subsidio y crédito, en secreto y a la vez",
    "District 6: subsidy and credit, secretly and at once"],
  "d7-innovar": ["Distrito 7: innovar", "District 7: innovate"],
  "resumen-merma": ["Resumen, merma: qué Producto conservas, en secreto y a la vez",
    "Summary, shrinkage: which Product you keep, secretly and at once"],
  fin: ["fin de la partida", "game over"],
};
const CONSTRAINTS = {
  must_activate_plan: ["activar los Procesos de tu Plan", "activate your Plan's Processes"],
  keep_activations: ["dejar las fichas de los Procesos donde están", "leave the Process tokens where they are"],
  no_return: ["no devolver inversiones", "no returning investments"],
  must_buy_investment: ["comprar una inversión", "buy an investment"],
  must_make: ["fabricar un Producto", "make a Product"],
  must_make_second: ["fabricar tu segundo tipo", "make your second type"],
  buy_only: ["en el Mercado solo se compra", "the Market only buys"],
  must_buy_missing: ["comprar el tipo que tu Plan no fabrica", "buy the type your Plan cannot make"],
  sell_exactly_one: ["vender exactamente 1 Producto", "sell exactly 1 Product"],
  must_activate_investment: ["activar tu inversión", "activate your investment"],
};
const CATEGORY = { positive: ["positivo", "positive"], negative: ["negativo", "negative"],
  neutral: ["neutro", "neutral"] };
const REASONS = { tutorial: ["fin del tutorial", "end of the tutorial"],
  fin: ["se jugaron todos los Períodos", "every Period was played"],
  limit: ["se alcanzó el límite de turnos", "the turn limit was reached"] };
// the action a click on an investment or Process triggers, in order of preference
const TARGET_ACTIONS = ["desactivar", "devolver", "activar", "reforzar", "externalizar"];
const MS = 260;   // every movement lasts less than 300 ms

// the last view drawn (per board element): what changed is animated
let previous = null;

function motionOK() {
  return typeof window !== "undefined" && window.matchMedia &&
    window.matchMedia("(prefers-reduced-motion: no-preference)").matches;
}

export function render(el, view, ctx) {
  ensureStyle("ep-renderer-css", CSS);
  // the content this table plays: the shipped one (embedded below) or its own (fetched once)
  const data = boardData("elplan", el, view, ctx, SHIPPED_DATA, render);
  if (!data) return;
  DATA = data;
  const lang = ctx.lang === "en" ? "en" : "es";
  const T = (es, en) => (lang === "en" ? en : es);
  const L = (pair) => (pair ? pair[lang === "en" ? 1 : 0] : "");
  const legalItems = ctx.legal || [];
  const legal = new Set(legalItems.map((a) => a.text));
  const words = new Map(legalItems.map((a) => [a.text, a]));
  const players = view.players || [];
  const cards = view.tutorial ? { ...DATA.cards, ...DATA.tut_cards } : { ...DATA.tut_cards, ...DATA.cards };
  const toMove = new Set(view.to_move || []);
  const colour = (s) => SEAT_COLOURS[s % SEAT_COLOURS.length];
  const only = (texts) => { const ok = texts.filter((x) => legal.has(x)); return ok.length === 1 ? ok[0] : null; };
  const nameOf = (s) => (players[s] || {}).name || (ctx.names || [])[s] || String(s);

  const resAbbr = (r) => ({ ch: T("CH", "HC"), d: T("D", "M"), e: "E" })[r];
  const resName = (r) => L(DATA.resources[RES.indexOf(r)]);
  const prodAbbr = (t) => (lang === "en" ? ({ mp: "RAW", bc: "GDS", sv: "SRV" })[t] : t.toUpperCase());
  const prodName = (t) => L(DATA.products[PROD.indexOf(t)]);
  const ptype = (x) => (x === "any" || x === 3 ? "*" : String(typeof x === "number" ? PTYPE[x] : x).toUpperCase());
  const cardName = (id) => { const c = cards[id]; return c ? (lang === "en" ? c.name_en : c.name) : id; };
  const targetName = (t) => (t.kind === "proceso" ? T(`Proceso ${t.n + 1} del Plan`, `Plan process ${t.n + 1}`) : cardName(t.id));
  const amounts = (cost) => RES.map((r, i) => (cost[i] ? `${cost[i]} ${resName(r)}` : null)).filter(Boolean).join(" + ") || T("gratis", "free");
  const token = (r, cls = "") => h("span", {
    class: `ep-res ${cls}`, style: `background:${RES_COLOURS[r]};border-color:${RES_COLOURS[r]};color:${cls ? RES_COLOURS[r] : "#fff"}`,
    title: resName(r), "aria-hidden": "true",
  }, resAbbr(r));
  const costIcons = (cost) => {
    const out = h("span", { class: "ep-cost", role: "img", "aria-label": amounts(cost) });
    cost.forEach((k, i) => { for (let j = 0; j < k; j++) out.append(token(RES[i])); });
    if (!out.childNodes.length) out.append(T("gratis", "free"));
    return out;
  };
  // the legal action `text` on `node`: clickable, named by the action's own words
  const act = (node, text, fallbackName) => {
    if (!clickable(node, text, ctx, legal, "ep-act")) return false;
    const w = words.get(text);
    const label = (w && w.label && (w.label[lang] || w.label.es)) || fallbackName || text;
    node.setAttribute("aria-label", label);
    node.title = label;
    return true;
  };

  // ----- header, tutorial ----------------------------------------------------------------------
  const mc = players[view.mc];
  const bar = h("div", { class: "ep-bar" },
    h("h2", { class: "title" }, "El Plan: tú decides"),
    h("span", { class: "ep-tag", "data-period": view.period }, T(`Período ${view.period} de ${view.periods}`,
      `Period ${view.period} of ${view.periods}`)),
    h("span", { class: "ep-tag" }, T(`Nivel ${view.level}`, `Level ${view.level}`)),
    view.tutorial ? h("span", { class: "ep-tag" }, T("tutorial guiado", "guided tutorial")) : null,
    mc ? h("span", { class: "ep-tag mc" }, "★ ", T("Momento Cero: ", "Momento Cero: "), mc.name) : null);
  const now = h("div", { class: "ep-now", "data-step": view.step, role: "status" },
    h("b", {}, T("Ahora: ", "Now: ")), L(STEP_WORDS[view.step]) || T("en juego", "in play"),
    view.actor != null && players[view.actor] ? T(` — decide ${nameOf(view.actor)}`,
      ` — ${nameOf(view.actor)} to move`) : "",
    view.actor == null && toMove.size ? T(` — deciden ${[...toMove].map(nameOf).join(", ")}`,
      ` — to move: ${[...toMove].map(nameOf).join(", ")}`) : "",
    extraNow());

  // ----- the route through the Districts ------------------------------------------------------
  const tp = view.tutorial ? DATA.tut_periods[String(view.period)] : null;
  const inPlay = new Set(tp ? tp.districts : [1, 2, 3, 4, 5, 6, 7]);
  const oppInPlay = tp ? tp.opportunity : true;
  const route = h("div", { class: "ep-route", "data-part": "route", role: "region", tabindex: "0",
    "aria-label": T("Recorrido: Oportunidad, los 7 Distritos y el Resumen", "Route: Opportunity, the 7 Districts and the Summary") });
  const offWord = T("no se juega este Período", "not played this Period");
  const stop = (cls, num, name, extra = {}) => h("div", { class: `ep-stop ${cls}`, ...extra },
    h("span", { class: "num", "aria-hidden": "true" }, num), h("span", { class: "nm", "data-off": offWord }, name));
  route.append(stop((view.phase === "oportunidad" ? "active" : "") + (oppInPlay ? "" : " off") + " edge",
    "◎", T("Oportunidad", "Opportunity")));
  const bySquare = {};
  for (const sq of view.squares || []) {
    const d = (DATA.squares[sq.id] || {}).district;
    (bySquare[d] = bySquare[d] || []).push(sq);
  }
  for (let d = 1; d <= 7; d++) {
    const active = view.phase === "recorrido" && view.district === d;
    const name = L(DATA.districts[d - 1]);
    const node = stop((active ? "active" : "") + (inPlay.has(d) ? "" : " off"), d, name, {
      "data-district": d, role: "group",
      "aria-label": T(`Distrito ${d}: ${name}`, `District ${d}: ${name}`) + (active ? T(" (en juego)", " (in play)") : ""),
      "aria-current": active ? "step" : null,
    });
    for (const sq of bySquare[d] || []) node.append(squareChip(sq));
    route.append(node);
  }
  route.append(stop((view.phase === "resumen" ? "active" : "") + " edge", "Σ", T("Resumen", "Summary")));

  // ----- event, market, offers ----------------------------------------------------------------
  const mid = h("div", { class: "ep-mid" }, h("div", { class: "ep-side" }, eventBox(), marketBox()), offersBox());

  // ----- players -------------------------------------------------------------------------------
  // (direct children of the board: a grid of as many columns as fit; on a phone your own
  // panel comes right after the route)
  const order = players.map((p) => p.seat);
  if (ctx.seat != null && order.includes(ctx.seat)) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : 0));
  const panels = order.map((s) => playerPanel(players[s]));

  const info = h("div", { class: "ep-info", "aria-live": "polite", "data-part": "info" },
    h("span", { class: "ep-small" }, T("Toca o enfoca una casilla, una carta o un recurso para ver sus detalles.",
      "Tap or focus a square, a card or a resource to see its details.")));
  const parts = [];
  if (view.result) parts.push(resultBox());
  parts.push(bar, now);
  if (view.tutorial) parts.push(tutorialBox());
  parts.push(route, info, mid, ...panels);
  const board = h("div", { class: "ep", "data-game": "elplan", lang }, ...parts);
  // details on tap or focus (a title is no use on a touch screen)
  // (keyboard focus only: a pointer's focus on press must not move the board under it)
  const showInfo = (ev) => {
    if (ev.type === "focusin" && !(ev.target.matches && ev.target.matches(":focus-visible"))) return;
    const node = ev.target.closest && ev.target.closest("[data-info]");
    if (node && board.contains(node)) info.textContent = node.dataset.info;
  };
  board.addEventListener("focusin", showInfo);
  board.addEventListener("click", showInfo);

  // what was on the page before, for the movement
  const before = new Map();
  const prevRoute = el.querySelector(".ep-route");
  const keepScroll = prevRoute ? prevRoute.scrollLeft : null;
  for (const node of el.querySelectorAll("[data-fly]")) before.set(node.dataset.fly, node.getBoundingClientRect());
  const host = h("div", { class: "ep-host" }, board);
  el.replaceChildren(host);

  // the route strip (phone): keep where the player scrolled, centre a District that starts
  const activeStop = route.querySelector(".ep-stop.active");
  const samePlace = previous && previous.phase === view.phase && previous.district === view.district;
  if (route.scrollWidth > route.clientWidth + 1) {
    if (samePlace && keepScroll != null) route.scrollLeft = keepScroll;
    else if (activeStop) route.scrollLeft = activeStop.offsetLeft - (route.clientWidth - activeStop.offsetWidth) / 2;
  }
  animate(board, before);
  previous = { game: "elplan", seat: ctx.seat, n: players.length, phase: view.phase, district: view.district,
    period: view.period, view };

  // ----- movement ------------------------------------------------------------------------------
  function animate(root, old) {
    const prev = previous && previous.n === players.length && previous.seat === ctx.seat ? previous.view : null;
    if (!prev || !motionOK() || typeof root.animate !== "function") return;
    const ease = { duration: MS, easing: "cubic-bezier(.2,.7,.3,1)" };
    // tokens and pieces that moved: from where they were to where they are
    for (const node of root.querySelectorAll("[data-fly]")) {
      const was = old.get(node.dataset.fly);
      if (!was) continue;
      const now = node.getBoundingClientRect();
      const dx = was.left - now.left;
      const dy = was.top - now.top;
      if (Math.abs(dx) > 2 || Math.abs(dy) > 2) {
        node.animate([{ transform: `translate(${dx}px,${dy}px)` }, { transform: "none" }], ease);
      }
    }
    // counters that changed pulse
    const pulse = (node) => node && node.animate(
      [{ transform: "scale(1.45)", backgroundColor: "#ffe08a" }, { transform: "none" }], ease);
    for (const p of players) {
      const q = (prev.players || [])[p.seat];
      if (!q) continue;
      const panel = root.querySelector(`.ep-player[data-seat="${p.seat}"]`);
      if (!panel) continue;
      for (const r of RES) if ((q.idle || {})[r] !== (p.idle || {})[r]) pulse(panel.querySelector(`[data-res="${r}"] .v`));
      for (const t of PROD) if ((q.hand || {})[t] !== (p.hand || {})[t]) pulse(panel.querySelector(`[data-hand="${t}"] .v`));
      if (q.ideas !== p.ideas) pulse(panel.querySelector("[data-ideas] .v"));
    }
    for (const t of PROD) {
      if ((prev.market || {})[t] !== (view.market || {})[t]) pulse(root.querySelector(`[data-product="${t}"] .k`));
    }
    (view.subsidies || []).forEach((v, i) => {
      if ((prev.subsidies || [])[i] !== v) pulse(root.querySelector(`[data-subsidy="${i}"] b`));
    });
    // a card turned over: the event, new offers
    const turn = (node) => node && node.animate(
      [{ transform: "perspective(600px) rotateY(90deg)", opacity: 0.4 }, { transform: "none", opacity: 1 }], ease);
    if ((prev.events || {}).current !== (view.events || {}).current && (view.events || {}).current) {
      turn(root.querySelector("[data-part=event]"));
    }
    const had = new Map();
    for (const d of prev.decks || []) for (const o of d.offers || []) if (o) had.set(o.slot, o.card);
    for (const d of view.decks || []) {
      for (const o of d.offers || []) {
        if (o && had.get(o.slot) !== o.card) turn(root.querySelector(`[data-offer="${o.slot}"]`));
      }
    }
    if (prev.district !== view.district || prev.phase !== view.phase) pulse(root.querySelector(".ep-stop.active"));
  }

  // ----- pieces ------------------------------------------------------------------------------
  function extraNow() {
    const bits = [];
    if (view.refund) {
      bits.push(T(` · reembolso: quedan ${view.refund.left} (${view.refund.types.map(resName).join(" o ")})`,
        ` · refund: ${view.refund.left} left (${view.refund.types.map(resName).join(" or ")})`));
    }
    if (view.play) bits.push(T(` · activando ${cardName(view.play)}`, ` · activating ${cardName(view.play)}`));
    return bits.join("");
  }

  function squareBenefit(sq, spec) {
    if (spec.subsidy >= 0) {
      const money = (view.subsidies || [])[spec.subsidy] || 0;
      return T(`1 recurso + ${money} D`, `1 resource + ${money} M`);
    }
    return L(spec.benefit);
  }

  function squareChip(sq) {
    const spec = DATA.squares[sq.id] || {};
    const benefit = squareBenefit(sq, spec);
    const who = sq.seat != null ? nameOf(sq.seat) : null;
    const infoText = `${T("Casilla", "Square")} ${sq.id}: ${L(spec.benefit)}` +
      (spec.subsidy >= 0 ? T(` (ahora ${(view.subsidies || [])[spec.subsidy] || 0} Dinero)`, ` (now ${(view.subsidies || [])[spec.subsidy] || 0} Money)`) : "") +
      (who ? T(` · ocupada por ${who}`, ` · taken by ${who}`) : sq.usable ? T(" · libre", " · free") : T(" · cerrada", " · closed"));
    const chip = h("div", {
      class: "ep-sq" + (sq.seat != null ? " taken" : "") + (sq.usable ? "" : " closed"),
      "data-square": sq.index, "data-info": infoText,
    });
    if (sq.seat != null) {
      chip.append(h("span", { class: "ep-tok", style: `background:${colour(sq.seat)}`, "data-fly": `tok-${sq.seat}`,
        role: "img", "aria-label": T(`ficha de ${who}`, `${who}'s token`) }));
    }
    chip.append(h("span", {}, h("b", {}, sq.id), " ", benefit));
    if (!act(chip, `ubicar ${sq.index}`, infoText)) chip.setAttribute("aria-label", infoText);
    return chip;
  }

  function eventBox() {
    const ev = view.events || {};
    const e = ev.current ? DATA.events[ev.current] : null;
    const box = h("section", { class: `ep-box ep-event ${e ? e.category : ""}`, "data-part": "event",
      "aria-label": T("Suceso del Período", "Event of the Period") },
      h("h3", {}, T("Suceso del Período", "Event of the Period")));
    if (e) {
      box.append(h("div", {}, h("b", {}, `${e.number}. ${lang === "en" ? e.name_en : e.name}`),
        h("span", { class: "ep-small" }, ` (${L(CATEGORY[e.category])})`)),
        h("div", { style: "font-size:13px" }, lang === "en" ? e.text_en : e.text));
    } else {
      box.append(h("div", { class: "ep-small" }, T("aún no se ha volteado", "not turned over yet")));
    }
    const used = (ev.under || []).length + (ev.removed || []).length;
    box.append(h("div", { class: "ep-small", style: "margin-top:4px" },
      T(`${ev.face_down} boca abajo · ${ev.set_aside || 0} apartados · ${used} usados`,
        `${ev.face_down} face down · ${ev.set_aside || 0} set aside · ${used} used`)));
    const mods = modifiers();
    if (mods.length) box.append(h("div", { class: "ep-mods" }, mods.join(" · ")));
    return box;
  }

  function modifiers() {
    const m = view.modifiers || {};
    const out = [];
    const groups = (values, normal) => {
      const g = new Map();
      (values || []).forEach((v, s) => {
        if (v !== normal) { if (!g.has(v)) g.set(v, []); g.get(v).push(nameOf(s)); }
      });
      return g;
    };
    for (const [v, w] of groups(m.market_price, DATA.prices.buy)) {
      out.push(T(`mercado a ${v} Dinero para ${w.join(", ")}`, `market at ${v} Money for ${w.join(", ")}`));
    }
    for (const [v, w] of groups(m.import_price, DATA.prices.import)) {
      out.push(T(`importar a ${v} Dinero para ${w.join(", ")}`, `imports at ${v} Money for ${w.join(", ")}`));
    }
    for (const [, w] of groups(m.no_imports, false)) {
      out.push(T(`sin importar: ${w.join(", ")}`, `no imports: ${w.join(", ")}`));
    }
    for (const [v, w] of groups(m.sale_bonus, 0)) {
      out.push(T(`+${v} por venta para ${w.join(", ")}`, `+${v} per sale for ${w.join(", ")}`));
    }
    return out;
  }

  function marketBox() {
    const box = h("section", { class: "ep-box", "data-part": "market", "aria-label": T("Mercado", "Market") },
      h("h3", {}, T("Mercado", "Market")));
    const row = h("div", { class: "ep-market" });
    for (const t of PROD) {
      const k = (view.market || {})[t] || 0;
      const pile = h("div", { class: "ep-pile", style: `background:${PROD_COLOURS[t]}`, "data-product": t,
        "data-info": T(`${k} ${prodName(t)} en el mercado`, `${k} ${prodName(t)} in the market`) },
        h("div", { class: "k" }, k), h("small", {}, prodName(t)));
      if (!act(pile, only([`comprar-${t}`, `importar-${t}`]))) {
        pile.setAttribute("role", "img");
        pile.setAttribute("aria-label", pile.dataset.info);
      }
      row.append(pile);
    }
    box.append(row, h("div", { class: "ep-small", style: "margin-top:3px" },
      T(`compra ${DATA.prices.buy} Dinero · importación ${DATA.prices.import} Dinero · con ${DATA.prices.export_at} iguales se exportan`,
        `buy ${DATA.prices.buy} Money · import ${DATA.prices.import} Money · ${DATA.prices.export_at} alike are exported`)));
    const subs = h("div", { class: "ep-subs" });
    (view.subsidies || []).forEach((v, i) => subs.append(h("div", { class: "ep-sub", "data-subsidy": i },
      T(`Subsidio ${i + 1}`, `Subsidy ${i + 1}`), h("br"), h("b", {}, `${v} ${T("Dinero", "Money")}`))));
    box.append(subs, h("div", { class: "ep-small", style: "margin-top:4px" },
      T(`Cartas de crédito en reserva: ${view.credit_supply}`, `Credit cards left: ${view.credit_supply}`)));
    return box;
  }

  function offersBox() {
    const box = h("section", { class: "ep-box", "data-part": "offers", "aria-label": T("Ofertas de inversión", "Investment offers") },
      h("h3", {}, T("Ofertas de inversión", "Investment offers")));
    if (!view.decks_live) {
      box.append(h("div", { class: "ep-small" }, T("Los mazos aún no están en juego.", "The decks are not in play yet.")));
      return box;
    }
    const decks = h("div", { class: "ep-decks" });
    for (const deck of view.decks || []) {
      const col = h("div", { class: "ep-deck" },
        h("h4", { style: `background:${DECK_COLOURS[deck.deck]}` }, L(DATA.decks[deck.deck]),
          h("span", { style: "font-weight:400" }, T(` · ${deck.face_down} boca abajo`, ` · ${deck.face_down} face down`))));
      const offers = (deck.offers || []).filter((o) => o);
      if (!offers.length) col.append(h("div", { class: "ep-small" }, T("(sin ofertas)", "(no offers)")));
      for (const o of offers) {
        const c = cards[o.card] || { cost: [0, 0, 0], effect: ["", ""] };
        const infoText = `${cardName(o.card)} (${L(DATA.decks[deck.deck])}): ${T("cuesta", "costs")} ${amounts(c.cost)} · ${L(c.effect)}`;
        const node = h("div", { class: "ep-offer" + (o.age ? " rot" : ""), "data-offer": o.slot, "data-info": infoText },
          h("div", { class: "cn" }, c.play ? "▶ " : "", cardName(o.card)),
          h("div", {}, costIcons(c.cost), " ", h("span", { class: "ep-small" },
            o.age ? T("girada: se va en el Resumen", "rotated: leaves at the Summary") : T("nueva", "fresh"))),
          h("div", { class: "ep-small" }, (c.active ? T("viene activa; ", "comes active; ") : "") + L(c.effect)));
        const options = ["invertir", "invertir-dto-d", "invertir-dto-e", "invertir-credito"]
          .map((n) => `${n} ${o.slot}`).filter((t) => legal.has(t));
        act(node, legal.has(`invertir ${o.slot}`) ? `invertir ${o.slot}` : options.length === 1 ? options[0] : null, infoText);
        col.append(node);
      }
      decks.append(col);
    }
    box.append(decks);
    return box;
  }

  function processesNow(p) {
    const counts = [0, 0, 0, 0];
    if (p.processes && !Array.isArray(p.processes)) {
      PTYPE.forEach((x, i) => { counts[i] = p.processes[x] || 0; });
    } else {
      for (const t of p.targets || []) {
        if (t.active) for (const x of t.processes || []) counts[PTYPE.indexOf(x)] += 1;
      }
    }
    const parts = counts.map((k, i) => (k ? (k > 1 ? `${k}×${ptype(i)}` : ptype(i)) : null)).filter(Boolean);
    return parts.join(", ") || "—";
  }

  function planText(p) {
    const plan = DATA.plans[p.plan];
    if (!plan) return p.plan;
    const recipes = plan.recipes.map(([t, procs]) =>
      `${prodAbbr(PROD[t])} ← ${procs.map(ptype).join("+")}`).join(" · ");
    return [h("b", {}, `Plan ${p.plan} `), lang === "en" ? plan.name_en : plan.name, ": ", recipes,
      T(` · no fabrica ${prodName(p.cannot_make)}`, ` · cannot make ${prodName(p.cannot_make)}`)];
  }

  function targetRow(p, t) {
    const label = targetName(t);
    const spaces = h("span", { class: "ep-cost", "aria-hidden": "true" });
    for (const sp of t.spaces || []) {
      if (sp.token == null) spaces.append(token(sp.type, "empty"));
      else if (sp.token === "idea") spaces.append(h("span", { class: "ep-res idea", title: "Idea" }, "★"));
      else spaces.append(token(sp.token));
    }
    let state;
    if (t.active) {
      state = T("activ" + (t.kind === "proceso" ? "o" : "a"), "active");
      if ((t.processes || []).length) state += ` → ${t.processes.map(ptype).join("+")}`;
    } else {
      state = T("inactiv" + (t.kind === "proceso" ? "o" : "a"), "inactive");
      if (t.kind === "proceso") state += ` (${ptype(t.process)})`;
    }
    const filled = (t.spaces || []).map((sp) => (sp.token == null ? T("vacía", "empty") + ` (${resName(sp.type)})`
      : sp.token === "idea" ? "Idea" : resName(sp.token))).join(", ");
    const infoText = `${label}${t.kind === "inversion" ? ` (${L(DATA.decks[t.deck])}): ${L((cards[t.id] || {}).effect)}` : ""} · ${T("casillas", "spaces")}: ${filled || "—"} · ${state}`;
    const row = h("div", { class: "ep-target" + (t.active ? " on" : ""), "data-target": t.n, "data-info": infoText },
      h("span", { class: "lbl" }, h("b", {}, label),
        t.kind === "inversion" ? h("span", { class: "ep-small" }, ` · ${L(DATA.decks[t.deck])}`) : "",
        t.pick ? T(` (elige ${ptype(t.pick)})`, ` (picks ${ptype(t.pick)})`) : "",
        t.named ? T(" (externalizada)", " (outsourced)") : ""),
      spaces, h("span", { class: "ep-small" }, state));
    if (p.seat === ctx.seat) {
      const options = TARGET_ACTIONS.map((n) => `${n} ${t.n}`).filter((x) => legal.has(x));
      act(row, options[0], infoText);
    }
    return row;
  }

  function pendingText(pd) {
    if ("made" in pd) {
      const made = PROD.filter((t) => pd.made[t]).map((t) => `${pd.made[t]} ${prodName(t)}`).join(", ") || "—";
      const left = Object.entries(pd.left).filter(([, v]) => v).map(([x, v]) => `${v}×${ptype(x)}`).join(", ") || "—";
      return T(`fabricas ${made}; te quedan los Procesos ${left}`, `you make ${made}; processes left: ${left}`);
    }
    if ("resource" in pd) {
      return T(`recurso ${pd.resource ? resName(pd.resource) : "—"}`, `resource ${pd.resource ? resName(pd.resource) : "—"}`) +
        (pd.repay ? T("; devuelves el crédito", "; you repay the credit") : "");
    }
    return T(`conservas ${pd.keep ? prodName(pd.keep) : "—"}`, `you keep ${pd.keep ? prodName(pd.keep) : "—"}`);
  }

  function playerPanel(p) {
    const mine = p.seat === ctx.seat;
    const panel = h("section", {
      class: "ep-player" + (toMove.has(p.seat) ? " turn" : "") + (mine ? " me" : ""), style: `--pc:${colour(p.seat)}`,
      "data-seat": p.seat, "aria-label": mine ? T(`${p.name} (tú)`, `${p.name} (you)`) : p.name,
    });
    // the entrepreneur token, while it is not on a square
    const tokenHome = !p.square && (view.phase === "oportunidad" || view.phase === "recorrido")
      ? h("span", { class: "ep-tok", style: `background:${colour(p.seat)}`, "data-fly": `tok-${p.seat}`, role: "img",
        "aria-label": T("ficha de emprendedor sin colocar", "entrepreneur token not placed") }) : null;
    panel.append(h("div", { class: "ep-phead" },
      h("span", {}, tokenHome, tokenHome ? " " : "", h("span", { class: "pn" }, p.name),
        p.mc ? h("span", { class: "ep-badge mc" }, "★ Momento Cero") : null,
        mine ? h("span", { class: "ep-badge" }, T("tú", "you")) : null,
        toMove.has(p.seat) ? h("span", { class: "ep-badge go" }, T("decide", "to move")) : null,
        p.decides && p.done ? h("span", { class: "ep-badge" }, T("ya decidió", "has decided")) : null),
      h("span", { "data-ideas": p.ideas, "aria-label": T(`${p.ideas} Ideas`, `${p.ideas} Ideas`) }, "★ ",
        h("b", { class: "v" }, p.ideas), " Ideas",
        p.trios ? T(` + ${p.trios} trío(s)`, ` + ${p.trios} trio(s)`) : "")));
    panel.append(h("div", { class: "ep-plan" }, planText(p)));
    const stock = h("div", { class: "ep-stock" }, h("span", { class: "ep-small" }, T("Recursos", "Resources")));
    for (const r of RES) {
      const v = (p.idle || {})[r] ?? 0;
      const chip = h("span", { class: "ep-count", "data-res": r, "data-info": `${v} ${resName(r)}` }, token(r), h("span", { class: "v" }, v));
      if (!(mine && act(chip, only([`elegir-${r}`])))) {
        chip.setAttribute("role", "img");
        chip.setAttribute("aria-label", `${v} ${resName(r)}`);
      }
      stock.append(chip);
    }
    if (p.ideas_idle) stock.append(h("span", { class: "ep-small" }, T(`${p.ideas_idle} Idea(s) libre(s)`, `${p.ideas_idle} idle Idea(s)`)));
    if (p.credit) stock.append(h("span", { class: "ep-badge credit" }, T("carta de crédito", "credit card")));
    if (p.square) stock.append(h("span", { class: "ep-small" }, T("casilla ", "square "), h("b", {}, p.square)));
    panel.append(stock);
    const goods = h("div", { class: "ep-stock" }, h("span", { class: "ep-small" }, T("Productos", "Products")));
    for (const t of PROD) {
      const v = (p.hand || {})[t] ?? 0;
      const chip = h("span", { class: "ep-count", "data-hand": t, "data-info": `${v} ${prodName(t)}` },
        h("span", { class: "ep-res prod", style: `background:${PROD_COLOURS[t]}`, "aria-hidden": "true", title: prodName(t) }, prodAbbr(t)),
        h("span", { class: "v" }, v));
      if (!(mine && act(chip, only([`fabricar-${t}`, `conservar-${t}`, `descartar-${t}`])))) {
        chip.setAttribute("role", "img");
        chip.setAttribute("aria-label", `${v} ${prodName(t)}`);
      }
      goods.append(chip);
    }
    const shop = PROD.filter((t) => p.tienda[t]).map((t) => `${p.tienda[t]} ${prodName(t)}`).join(", ");
    if (shop) goods.append(h("span", { class: "ep-small" }, T(`Tienda virtual: ${shop}`, `Online shop: ${shop}`)));
    goods.append(h("span", { class: "ep-small" }, T(`Procesos: ${processesNow(p)}`, `Processes: ${processesNow(p)}`)));
    panel.append(goods);
    const targets = h("div", { class: "ep-targets" });
    for (const t of p.targets || []) targets.append(targetRow(p, t));
    panel.append(targets);
    if (p.pending) {
      panel.append(h("div", { class: "ep-pending", "data-pending": p.seat },
        h("b", {}, T("Tu elección secreta: ", "Your secret choice: ")), pendingText(p.pending)));
    }
    return panel;
  }

  function tutorialBox() {
    const m = /^P(\d+)\.D(\d+)$/.exec(view.tutorial_step || "");
    const where = m ? T(` · Distrito ${m[2]}`, ` · District ${m[2]}`) : "";
    const box = h("div", { class: "ep-tut", "data-part": "tutorial" },
      h("b", {}, T(`Tutorial · Período ${view.period} de ${view.periods}`, `Tutorial · Period ${view.period} of ${view.periods}`), where),
      h("div", {}, (view.explanation || {})[lang] || ""));
    const cons = (view.constraints || []).filter((c) => CONSTRAINTS[c]);
    if (cons.length) box.append(h("div", {}, h("b", {}, T("El tutorial pide: ", "The tutorial asks: ")), cons.map((c) => L(CONSTRAINTS[c])).join("; ")));
    const checks = view.checkpoints || [];
    if (checks.length) {
      box.append(h("div", {}, h("b", {}, T("Controles: ", "Checks: ")),
        checks.map(([id, ok]) => h("span", { class: ok ? "ok" : "ko" }, `${id} ${ok ? "✔" : "✘"} `))));
    }
    return box;
  }

  function resultBox() {
    const r = view.result;
    const d = r.details || {};
    const head = h("tr", {}, ...[T("puesto", "place"), T("jugador", "player"), T("puntos", "points"), "Ideas", T("tríos", "trios"),
      T("crédito", "credit"), T("recursos", "resources"), T("liquidación", "liquidation")].map((x) => h("th", { scope: "col" }, x)));
    const table = h("table", {}, head);
    (r.ranking || []).forEach((s, i) => {
      table.append(h("tr", {}, h("td", {}, `${(d.places || [])[s] || i + 1}.`),
        h("td", {}, h("b", {}, nameOf(s)), (r.winners || []).includes(s) ? " ★" : ""),
        h("td", {}, r.scores[s]), h("td", {}, (d.ideas || [])[s] ?? ""), h("td", {}, (d.trios || [])[s] ?? ""),
        h("td", {}, (d.penalty || [])[s] ? T("−1 Idea", "−1 Idea") : "—"),
        h("td", {}, (d.resources || [])[s] ?? ""), h("td", {}, (d.liquidation || [])[s] ?? "")));
    });
    const winners = (r.winners || []).map(nameOf).join(T(" y ", " and "));
    const reason = REASONS[r.reason] ? ` (${L(REASONS[r.reason])})` : "";
    return h("div", { class: "ep-result", "data-part": "result" },
      h("b", {}, r.reason === "tutorial" ? T("Fin del tutorial", "End of the tutorial") : T("Fin de la partida", "Game over")),
      reason, winners ? T(` · gana ${winners}`, ` · winner: ${winners}`) : "", table);
  }
}

// The public content of the shipped content.toml (made by ludoteca.web.board_data; checked by
// tests/web/test_renderers.py). A table on a custom content draws with its own (boardData).
const SHIPPED_DATA = /* DATA:BEGIN */ {
  "cards": {
    "bodega": {"name": "Bodega", "name_en": "Warehouse", "deck": 0, "cost": [0, 1, 1], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: A; 2 fichas: A+B; 3 fichas: A+B+C", "gives processes: 1 token: A; 2 tokens: A+B; 3 tokens: A+B+C"]},
    "industria": {"name": "Industria", "name_en": "Industry", "deck": 0, "cost": [0, 2, 1], "play": false, "active": true, "effect": ["da Procesos: activa: B; +1 ficha: B+C", "gives processes: active: B; +1 token: B+C"]},
    "cartel-publicitario": {"name": "Cartel publicitario", "name_en": "Advertising billboard", "deck": 0, "cost": [0, 1, 1], "play": false, "active": true, "effect": ["da Procesos: activa: A; +1 ficha: A+B", "gives processes: active: A; +1 token: A+B"]},
    "central-de-energia-limpia": {"name": "Central de energía limpia", "name_en": "Clean energy plant", "deck": 0, "cost": [0, 1, 1], "play": false, "active": false, "effect": ["produce 1 E al inicio del Distrito 2", "yields 1 E at the start of District 2"]},
    "red-de-transporte-limpio": {"name": "Red de transporte limpio", "name_en": "Clean transport network", "deck": 0, "cost": [0, 0, 2], "play": true, "active": false, "effect": ["+1 E por cada exportación; no cobra el Dinero del subsidio", "+1 E per export; takes no subsidy Money"]},
    "tecnico-en-calidad": {"name": "Técnico en calidad", "name_en": "Quality technician", "deck": 1, "cost": [0, 2, 0], "play": false, "active": false, "effect": ["+1 D por cada venta", "+1 M per sale"]},
    "analista-de-riesgos": {"name": "Analista de riesgos", "name_en": "Risk analyst", "deck": 1, "cost": [1, 1, 0], "play": true, "active": false, "effect": ["te libra de los sucesos negativos; ante uno neutro eliges", "shields you from negative events; you choose on neutral ones"]},
    "comite-emprendedor": {"name": "Comité emprendedor", "name_en": "Entrepreneurs' committee", "deck": 1, "cost": [0, 2, 0], "play": false, "active": false, "effect": ["produce 1 CH al inicio del Distrito 2", "yields 1 HC at the start of District 2"]},
    "externalizacion": {"name": "Externalización", "name_en": "Outsourcing", "deck": 1, "cost": [1, 2, 0], "play": false, "active": false, "effect": ["activa otra inversión tuya sin fichas (no cuenta para tríos)", "activates another investment of yours without tokens (no trios)"]},
    "prevencion-de-riesgos": {"name": "Prevención de riesgos", "name_en": "Risk prevention", "deck": 1, "cost": [0, 2, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: B; 2 fichas: B+C; 3 fichas: B+C+A", "gives processes: 1 token: B; 2 tokens: B+C; 3 tokens: B+C+A"]},
    "estrategia-rse": {"name": "Estrategia RSE", "name_en": "CSR strategy", "deck": 1, "cost": [1, 1, 0], "play": false, "active": false, "effect": ["produce 1 D al inicio del Distrito 2", "yields 1 M at the start of District 2"]},
    "maquinaria": {"name": "Maquinaria", "name_en": "Machinery", "deck": 2, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "informatica": {"name": "Informática", "name_en": "IT", "deck": 2, "cost": [0, 1, 1], "play": false, "active": true, "effect": ["da Procesos: activa: C; +1 ficha: C+A", "gives processes: active: C; +1 token: C+A"]},
    "laboratorio": {"name": "Laboratorio", "name_en": "Laboratory", "deck": 2, "cost": [0, 0, 2], "play": false, "active": false, "effect": ["1 Proceso a elegir cada Período (A, B o C)", "1 Process picked each Period (A, B or C)"]},
    "etiquetas-rfid": {"name": "Etiquetas RFID", "name_en": "RFID tags", "deck": 2, "cost": [0, 1, 1], "play": true, "active": false, "effect": ["+1 D con la 1.ª exportación del Período", "+1 M on the Period's first export"]},
    "tienda-virtual": {"name": "Tienda virtual", "name_en": "Online shop", "deck": 2, "cost": [0, 1, 2], "play": false, "active": false, "effect": ["Tienda virtual: otros te compran a 3 D", "Online shop: others buy from you for 3 M"]}
  },
  "tut_cards": {
    "t-local-comercial": {"name": "Local comercial", "name_en": "Shop premises", "deck": 0, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-galpon": {"name": "Galpón", "name_en": "Shed", "deck": 0, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-camioneta": {"name": "Camioneta", "name_en": "Van", "deck": 0, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-oficina": {"name": "Oficina", "name_en": "Office", "deck": 0, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-bodega-de-barrio": {"name": "Bodega de barrio", "name_en": "Corner storeroom", "deck": 0, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-contadora": {"name": "Contadora", "name_en": "Accountant", "deck": 1, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-ingeniero": {"name": "Ingeniero", "name_en": "Engineer", "deck": 1, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-disenadora": {"name": "Diseñadora", "name_en": "Designer", "deck": 1, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-vendedor": {"name": "Vendedor", "name_en": "Salesman", "deck": 1, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-asesora-legal": {"name": "Asesora legal", "name_en": "Legal adviser", "deck": 1, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "maquinaria": {"name": "Maquinaria", "name_en": "Machinery", "deck": 2, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-computador": {"name": "Computador", "name_en": "Computer", "deck": 2, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-herramientas": {"name": "Herramientas", "name_en": "Tools", "deck": 2, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-telefono": {"name": "Teléfono", "name_en": "Telephone", "deck": 2, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]},
    "t-impresora": {"name": "Impresora", "name_en": "Printer", "deck": 2, "cost": [0, 1, 0], "play": false, "active": false, "effect": ["da Procesos: 1 ficha: 1 a elegir", "gives processes: 1 token: 1 of any type"]}
  },
  "plans": {
    "MP-1": {"name": "Huerta orgánica", "name_en": "Organic market garden", "recipes": [[0, [0, 1]], [1, [0, 1, 2]]]},
    "MP-2": {"name": "Aserradero", "name_en": "Sawmill", "recipes": [[0, [0, 1]], [1, [0, 1, 2]]]},
    "BC-1": {"name": "Panadería", "name_en": "Bakery", "recipes": [[1, [1, 2]], [2, [0, 1, 2]]]},
    "BC-2": {"name": "Taller textil", "name_en": "Textile workshop", "recipes": [[1, [1, 2]], [2, [0, 1, 2]]]},
    "SV-1": {"name": "Servicio de reciclaje", "name_en": "Recycling service", "recipes": [[2, [0, 2]], [0, [0, 1, 2]]]},
    "SV-2": {"name": "Asesoría agrícola", "name_en": "Farming consultancy", "recipes": [[2, [0, 2]], [0, [0, 1, 2]]]},
    "MP-1-N2": {"name": "Huerta orgánica", "name_en": "Organic market garden", "recipes": [[0, [0, 1]], [1, [0, 1, 2]]]},
    "MP-2-N2": {"name": "Aserradero", "name_en": "Sawmill", "recipes": [[0, [0, 1]], [1, [0, 1, 2]]]},
    "BC-1-N2": {"name": "Panadería", "name_en": "Bakery", "recipes": [[1, [1, 2]], [2, [0, 1, 2]]]},
    "BC-2-N2": {"name": "Taller textil", "name_en": "Textile workshop", "recipes": [[1, [1, 2]], [2, [0, 1, 2]]]},
    "SV-1-N2": {"name": "Servicio de reciclaje", "name_en": "Recycling service", "recipes": [[2, [0, 2]], [0, [0, 1, 2]]]},
    "SV-2-N2": {"name": "Asesoría agrícola", "name_en": "Farming consultancy", "recipes": [[2, [0, 2]], [0, [0, 1, 2]]]}
  },
  "squares": {
    "D1-1": {"district": 1, "subsidy": -1, "benefit": ["puede ignorar el suceso", "may ignore the event"], "min_types": 0},
    "D1-2": {"district": 1, "subsidy": -1, "benefit": ["puede ignorar el suceso", "may ignore the event"], "min_types": 0},
    "D2-1": {"district": 2, "subsidy": -1, "benefit": ["+1 CH", "+1 HC"], "min_types": 0},
    "D2-2": {"district": 2, "subsidy": -1, "benefit": ["+1 CH", "+1 HC"], "min_types": 0},
    "3A": {"district": 3, "subsidy": -1, "benefit": ["−1 D o −1 E en Infraestructura", "−1 M or −1 E on Infrastructure"], "min_types": 0},
    "3B": {"district": 3, "subsidy": -1, "benefit": ["−1 D en Especialista", "−1 M on Specialist"], "min_types": 0},
    "3C": {"district": 3, "subsidy": -1, "benefit": ["−1 E en Tecnología", "−1 E on Technology"], "min_types": 0},
    "D4": {"district": 4, "subsidy": -1, "benefit": ["+1 Proceso a elegir", "+1 Process of any type"], "min_types": 0},
    "D5": {"district": 5, "subsidy": -1, "benefit": ["−1 D en la 1.ª compra", "−1 M on the 1st purchase"], "min_types": 0},
    "D6-1": {"district": 6, "subsidy": 0, "benefit": ["subsidio: 1 recurso + su Dinero", "subsidy: 1 resource + its Money"], "min_types": 0},
    "D6-2": {"district": 6, "subsidy": 1, "benefit": ["subsidio: 1 recurso + su Dinero", "subsidy: 1 resource + its Money"], "min_types": 2},
    "D6-3": {"district": 6, "subsidy": 2, "benefit": ["subsidio: 1 recurso + su Dinero", "subsidy: 1 resource + its Money"], "min_types": 3}
  },
  "events": {
    "S01": {"number": 1, "name": "Préstamo blando", "name_en": "Soft loan", "category": "positive", "text": "Cada jugador recibe 1 Dinero de la caja.", "text_en": "Each player takes 1 Money from the box."},
    "S02": {"number": 2, "name": "Feria laboral", "name_en": "Job fair", "category": "positive", "text": "Cada jugador recibe 1 Capital humano de la caja.", "text_en": "Each player takes 1 Human capital from the box."},
    "S03": {"number": 3, "name": "Capital semilla", "name_en": "Seed capital", "category": "positive", "text": "Al activarse el Distrito 7, antes de sus reglas: cada jugador sin fichas de Idea Innovadora recibe 2 Dinero.", "text_en": "When District 7 activates, before its rules: each player with no Innovative Idea takes 2 Money."},
    "S04": {"number": 4, "name": "Buena racha", "name_en": "Lucky streak", "category": "positive", "text": "Cada jugador recibe 1 Energía de la caja.", "text_en": "Each player takes 1 Energy from the box."},
    "S05": {"number": 5, "name": "Aporte municipal", "name_en": "Town council grant", "category": "positive", "text": "Se pone 1 Dinero de la caja en las casillas de subsidio (en la que tenga menos; la primera si están vacías).", "text_en": "1 Money from the box goes on the subsidy squares (the one with fewest; the first when all are empty)."},
    "S06": {"number": 6, "name": "Cierre de año fiscal", "name_en": "Fiscal year close", "category": "neutral", "text": "Cada jugador devuelve a la caja sus recursos ociosos y recibe 2 recursos de cada tipo (aunque no tenga ociosos).", "text_en": "Each player returns their idle resources to the box and takes 2 of each type (even with none idle)."},
    "S07": {"number": 7, "name": "Fondo de fomento", "name_en": "Development fund", "category": "positive", "text": "Se ponen 2 Dinero de la caja en las casillas de subsidio, de uno en uno.", "text_en": "2 Money from the box go on the subsidy squares, one at a time."},
    "S08": {"number": 8, "name": "Crisis económica", "name_en": "Economic crisis", "category": "negative", "text": "Cada jugador paga 1 Dinero ocioso a la caja, si lo tiene.", "text_en": "Each player pays 1 idle Money to the box, if they have one."},
    "S09": {"number": 9, "name": "Corte de energía", "name_en": "Power cut", "category": "negative", "text": "Cada jugador paga 1 Energía ociosa a la caja, si la tiene.", "text_en": "Each player pays 1 idle Energy to the box, if they have one."},
    "S10": {"number": 10, "name": "Paro", "name_en": "Strike", "category": "negative", "text": "Cada jugador paga 1 Capital humano ocioso a la caja, si lo tiene.", "text_en": "Each player pays 1 idle Human capital to the box, if they have one."},
    "S11": {"number": 11, "name": "Mes tranquilo", "name_en": "Quiet month", "category": "neutral", "text": "No pasa nada este mes.", "text_en": "Nothing happens this month."},
    "S12": {"number": 12, "name": "Redistribución", "name_en": "Redistribution", "category": "neutral", "text": "Quien tenga más recursos ociosos devuelve 1 a elección; quien tenga menos recibe 1 a elección (empates: todos los empatados; si todos tienen igual, nada).", "text_en": "Whoever has most idle resources returns 1 of their choice; whoever has fewest takes 1 of their choice (ties: all tied players; all equal: nothing)."},
    "S13": {"number": 13, "name": "Inflación", "name_en": "Inflation", "category": "negative", "text": "Este Período, comprar un Producto del mercado cuesta 4 Dinero.", "text_en": "This Period, buying a Product from the market costs 4 Money."},
    "S14": {"number": 14, "name": "Apertura comercial", "name_en": "Trade opening", "category": "positive", "text": "Este Período, importar un Producto cuesta 4 Dinero.", "text_en": "This Period, importing a Product costs 4 Money."},
    "S15": {"number": 15, "name": "Fronteras cerradas", "name_en": "Closed borders", "category": "neutral", "text": "Este Período no se puede importar, y cada exportación pone 2 Dinero en las casillas de subsidio.", "text_en": "This Period nobody may import, and each export puts 2 Money on the subsidy squares."},
    "S16": {"number": 16, "name": "Sobreoferta", "name_en": "Glut", "category": "neutral", "text": "Se devuelve a la caja 1 Producto de cada tipo presente en el mercado.", "text_en": "1 Product of each type present in the market goes back to the box."},
    "S17": {"number": 17, "name": "Mantenimiento", "name_en": "Maintenance", "category": "negative", "text": "Cada jugador con al menos 1 inversión activa paga 1 recurso ocioso a elección, si lo tiene.", "text_en": "Each player with at least 1 active investment pays 1 idle resource of their choice, if they have one."},
    "S18": {"number": 18, "name": "Temporada alta", "name_en": "High season", "category": "positive", "text": "Este Período, cada Producto vendido da 1 recurso más del mismo tipo elegido (Dinero o Energía).", "text_en": "This Period, each Product sold earns 1 more of the kind chosen for it (Money or Energy)."},
    "S19": {"number": 19, "name": "Pérdida de inventario", "name_en": "Stock loss", "category": "negative", "text": "Cada jugador con 2 o más Productos en la mano devuelve 1 a elección a la caja.", "text_en": "Each player holding 2 or more Products returns 1 of their choice to the box."},
    "S20": {"number": 20, "name": "Impuesto a la riqueza", "name_en": "Wealth tax", "category": "neutral", "text": "Cada jugador con 4 o más Dinero ocioso pone 1 Dinero en las casillas de subsidio.", "text_en": "Each player with 4 or more idle Money puts 1 Money on the subsidy squares."}
  },
  "districts": [
    ["Sucesos", "Events"],
    ["Administración", "Administration"],
    ["Inversión", "Investment"],
    ["Manufactura", "Manufacturing"],
    ["Mercado", "Market"],
    ["Crédito y subsidio", "Credit and subsidy"],
    ["Innovación", "Innovation"]
  ],
  "decks": [
    ["Infraestructura", "Infrastructure"],
    ["Especialista", "Specialist"],
    ["Tecnología", "Technology"]
  ],
  "resources": [
    ["Capital humano", "Human capital"],
    ["Dinero", "Money"],
    ["Energía", "Energy"]
  ],
  "products": [
    ["Materia prima", "Raw material"],
    ["Bien de consumo", "Consumer good"],
    ["Servicio", "Service"]
  ],
  "ptypes": [
    ["P-A", "Operación", "Operations"],
    ["P-B", "Logística", "Logistics"],
    ["P-C", "Comercialización", "Marketing"]
  ],
  "tut_periods": {
    "1": {"districts": [1], "opportunity": false},
    "2": {"districts": [1, 2, 4, 7], "opportunity": false},
    "3": {"districts": [1, 2, 3, 4, 5, 7], "opportunity": false},
    "4": {"districts": [1, 2, 3, 4, 5, 7], "opportunity": false},
    "5": {"districts": [1, 2, 3, 4, 5, 6, 7], "opportunity": true}
  },
  "prices": {
    "buy": 3,
    "import": 5,
    "export_at": 6,
    "repay": 3
  }
} /* DATA:END */;

/** What the drawing reads: SHIPPED_DATA, or the table's own content (set by render). */
let DATA = SHIPPED_DATA;
