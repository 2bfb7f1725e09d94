// «El Plan: tú decides»: the route through the seven Districts (the one in play marked), the
// Opportunity squares and who is on them, the event of the Period, the market, the subsidies,
// the investment offers and every player's plan, resources, Ideas, products, shop, credit and
// investments — all read from the seat's view (a seat's secret choice appears only in its own
// view). Squares, offers and investments are clickable when a legal action names them.

import { h, ensureStyle, clickable } from "./dom.js";

const CSS = `
.ep{--ink:#1f2a33;--paper:#f3f5f7;--line:#cfd8e0;font:14px/1.35 system-ui,sans-serif;
 color:var(--ink);background:var(--paper);border-radius:12px;padding:12px;display:flex;
 flex-direction:column;gap:10px;min-width:760px}
.ep *{box-sizing:border-box}
.ep-bar{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:baseline}
.ep-bar b.title{font-size:16px}
.ep-tag{background:#fff;border:1px solid var(--line);border-radius:999px;padding:1px 9px;font-size:12.5px}
.ep-now{background:#fff6d8;border:1px solid #e8cf7a;border-radius:8px;padding:5px 10px}
.ep-tut{background:#e6f5f8;border:1px solid #8cc9d6;border-radius:10px;padding:8px 10px}
.ep-tut .ok{color:#1b7f3b;font-weight:700}.ep-tut .ko{color:#b3261e;font-weight:700}
.ep-route{display:grid;grid-template-columns:minmax(82px,.8fr) repeat(7,minmax(0,1fr)) minmax(70px,.7fr);
 gap:5px}
.ep-stop{background:#fff;border:1px solid var(--line);border-radius:9px;padding:5px 6px;
 min-height:88px;position:relative;display:flex;flex-direction:column;gap:3px}
.ep-stop .num{font-weight:800;font-size:18px;color:#5b7083;line-height:1}
.ep-stop .nm{font-size:11px;font-weight:700;color:#41566a;
 overflow-wrap:anywhere;hyphens:auto}
.ep-stop.active{background:#fff4c2;border:2px solid #e0a800;box-shadow:0 0 8px #e0a80066}
.ep-stop.active::after{content:"▼";position:absolute;top:-13px;left:50%;transform:translateX(-50%);
 color:#e0a800;font-size:13px}
.ep-stop.off{opacity:.4;background:repeating-linear-gradient(45deg,#fff 0 6px,#eef1f4 6px 12px)}
.ep-sq{border:1px dashed #9fb0bf;border-radius:6px;padding:2px 4px;font-size:10.5px;
 display:flex;align-items:center;gap:4px;background:#f8fafb;overflow-wrap:anywhere;min-width:0}
.ep-sq b{font-size:10.5px}
.ep-sq.taken{border-style:solid;background:#eef3f7}
.ep-sq.closed{opacity:.55;text-decoration:line-through}
.ep-sq .tok{width:12px;height:12px;border-radius:50%;flex:none;border:1.5px solid #0006}
.ep-act{cursor:pointer;outline:2px solid #1f9d55;outline-offset:1px;background:#e5f6ea!important}
.ep-act:hover{outline-width:3px}
.ep-mid{display:grid;grid-template-columns:1fr 1fr 2.1fr;gap:8px;align-items:start}
.ep-box{background:#fff;border:1px solid var(--line);border-radius:10px;padding:7px 9px}
.ep-box h4{margin:0 0 5px;font-size:12.5px;text-transform:uppercase;letter-spacing:.04em;color:#52687c}
.ep-event{border-left:6px solid #999}
.ep-event.positive{border-left-color:#2e9e44}.ep-event.negative{border-left-color:#c62828}
.ep-event.neutral{border-left-color:#e0a800}
.ep-small{font-size:12px;color:#5b6b78}
.ep-mods{color:#8a5a00;font-size:12px}
.ep-market{display:flex;gap:6px}
.ep-pile{flex:1;text-align:center;border-radius:8px;padding:4px 2px;color:#fff;font-weight:700}
.ep-pile .k{font-size:20px;line-height:1.1}
.ep-pile small{display:block;font-size:10px;font-weight:600;opacity:.95}
.ep-subs{display:flex;gap:4px;margin-top:6px}
.ep-sub{flex:1;border:1px solid #cfe3d3;background:#f2faf3;border-radius:6px;text-align:center;
 font-size:12px;padding:2px}
.ep-decks{display:grid;grid-template-columns:repeat(3,1fr);gap:6px}
.ep-deck h5{margin:0 0 4px;font-size:12px;color:#fff;border-radius:5px;padding:2px 6px}
.ep-offer{border:1px solid var(--line);border-radius:7px;padding:4px 6px;margin-bottom:5px;
 background:#fcfdfe;font-size:11.5px}
.ep-offer .cn{font-weight:700;font-size:12.5px}
.ep-offer.rot{background:#fff8e8;border-color:#e8cf7a}
.ep-cost{display:inline-flex;gap:2px;vertical-align:middle}
.ep-res{display:inline-flex;align-items:center;justify-content:center;width:17px;height:17px;
 border-radius:50%;font-size:9.5px;font-weight:800;color:#fff;border:1px solid #0003}
.ep-res.empty{background:#fff!important;border:2px dashed;color:#555}
.ep-res.idea{background:#ffd54f!important;color:#6d4c00}
.ep-players{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:8px}
.ep-player{background:#fff;border:1px solid var(--line);border-radius:10px;padding:7px 9px;
 border-top:6px solid var(--pc)}
.ep-player.turn{box-shadow:0 0 0 2px var(--pc)}
.ep-phead{display:flex;justify-content:space-between;gap:6px;align-items:baseline}
.ep-phead b{font-size:15px}
.ep-badge{font-size:11px;border-radius:999px;padding:0 6px;background:#eee;margin-left:4px}
.ep-badge.mc{background:#ffd54f}.ep-badge.go{background:#c8f0d4}.ep-badge.credit{background:#ffd6d6}
.ep-plan{font-size:12px;background:#f3f6f9;border-radius:6px;padding:3px 6px;margin:4px 0}
.ep-stock{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center;margin:3px 0}
.ep-count{display:inline-flex;align-items:center;gap:3px;font-weight:700}
.ep-targets{display:flex;flex-direction:column;gap:3px;margin-top:4px}
.ep-target{display:flex;align-items:center;gap:6px;border:1px solid #e0e6ec;border-radius:6px;
 padding:2px 5px;font-size:12px}
.ep-target.on{background:#eefaf1;border-color:#a9dcb6}
.ep-target .lbl{flex:1}
.ep-pending{background:#f6ecff;border:1px dashed #9c6ad6;border-radius:6px;padding:2px 6px;
 font-size:12px;margin-top:4px}
.ep-result{background:#102a43;color:#fff;border-radius:10px;padding:8px 12px}
.ep-result table{border-collapse:collapse;margin-top:4px;font-size:12.5px}
.ep-result td,.ep-result th{padding:1px 8px 1px 0;text-align:left}
`;

const SEAT_COLOURS = ["#d7263d", "#1b6ec2", "#2e9e44", "#e09f00", "#8e44ad", "#16a2a2"];
const RES = ["ch", "d", "e"];
const PROD = ["mp", "bc", "sv"];
const PTYPE = ["a", "b", "c", "any"];
const RES_COLOURS = { ch: "#3b6fd0", d: "#2e8b3e", e: "#e08a00" };
const PROD_COLOURS = { mp: "#8d6e63", bc: "#7e57c2", sv: "#1f9a8e" };
const DECK_COLOURS = ["#55708a", "#8e44ad", "#16877d"];
const STEP_WORDS = {
  oportunidad: ["colocar la ficha de emprendedor", "place the entrepreneur token"],
  "d1-exencion": ["ignorar o aceptar el suceso", "ignore or accept the event"],
  "d1-elecciones": ["elecciones del suceso", "the event's choices"],
  "d2-desactivar": ["paso 1: desactivar", "step 1: deactivate"],
  "d2-devolver": ["paso 2: devolver una inversión", "step 2: return an investment"],
  "d2-activar": ["paso 3: activar", "step 3: activate"],
  "d2-canjear": ["paso 4: canjear", "step 4: exchange"],
  "d3-invertir": ["invertir", "invest"],
  "d4-fabricar": ["fabricar, en secreto y a la vez", "manufacture, secretly and at once"],
  "d5-comprar": ["paso 1: comprar", "step 1: buy"],
  "d5-vender": ["paso 2: vender", "step 2: sell"],
  "d6-credito-subsidio": ["subsidio y crédito, en secreto y a la vez",
    "subsidy and credit, secretly and at once"],
  "d7-innovar": ["innovar", "innovate"],
  "resumen-merma": ["merma: qué Producto conservas, en secreto y a la vez",
    "shrinkage: which Product you keep, secretly and at once"],
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
// the action a click on an investment or Process triggers, in order of preference
const TARGET_ACTIONS = ["desactivar", "devolver", "activar", "reforzar", "externalizar"];

export function render(el, view, ctx) {
  ensureStyle("ep-renderer-css", CSS);
  const lang = ctx.lang === "en" ? "en" : "es";
  const T = (es, en) => (lang === "en" ? en : es);
  const L = (pair) => (pair ? pair[lang === "en" ? 1 : 0] : "");
  const legal = new Set((ctx.legal || []).map((a) => a.text));
  const players = view.players || [];
  const cards = view.tutorial ? { ...DATA.cards, ...DATA.tut_cards } : { ...DATA.tut_cards, ...DATA.cards };
  const toMove = new Set(view.to_move || []);
  const colour = (s) => SEAT_COLOURS[s % SEAT_COLOURS.length];
  // the one legal action among `texts`, or null when none or several are legal
  const only = (texts) => { const ok = texts.filter((x) => legal.has(x)); return ok.length === 1 ? ok[0] : null; };

  const resAbbr = (r) => ({ ch: T("CH", "HC"), d: T("D", "M"), e: "E" })[r];
  const resName = (r) => L(DATA.resources[RES.indexOf(r)]);
  const prodAbbr = (t) => (lang === "en" ? ({ mp: "RAW", bc: "GDS", sv: "SRV" })[t] : t.toUpperCase());
  const prodName = (t) => L(DATA.products[PROD.indexOf(t)]);
  const ptype = (x) => (x === "any" || x === 3 ? "*" : String(typeof x === "number" ? PTYPE[x] : x).toUpperCase());
  const cardName = (id) => { const c = cards[id]; return c ? (lang === "en" ? c.name_en : c.name) : id; };
  const token = (r, cls = "") => h("span", {
    class: `ep-res ${cls}`, style: `background:${RES_COLOURS[r]};border-color:${RES_COLOURS[r]};color:${cls ? RES_COLOURS[r] : "#fff"}`,
    title: resName(r),
  }, resAbbr(r));
  const costIcons = (cost) => {
    const out = h("span", { class: "ep-cost" });
    cost.forEach((k, i) => { for (let j = 0; j < k; j++) out.append(token(RES[i])); });
    if (!out.childNodes.length) out.append(T("gratis", "free"));
    return out;
  };

  // ----- header, tutorial ----------------------------------------------------------------------
  const mc = players[view.mc];
  const bar = h("div", { class: "ep-bar" },
    h("b", { class: "title" }, "El Plan: tú decides"),
    h("span", { class: "ep-tag" }, T(`Período ${view.period} de ${view.periods}`,
      `Period ${view.period} of ${view.periods}`)),
    h("span", { class: "ep-tag" }, T(`Nivel ${view.level}`, `Level ${view.level}`)),
    view.tutorial ? h("span", { class: "ep-tag" }, T("tutorial", "tutorial")) : null,
    mc ? h("span", { class: "ep-tag", style: "background:#fff3c4" }, "★ Momento Cero: ", mc.name) : null);
  const now = h("div", { class: "ep-now", "data-step": view.step },
    h("b", {}, T("Ahora: ", "Now: ")), L(STEP_WORDS[view.step]) || view.step,
    view.actor != null && players[view.actor] ? T(` — decide ${players[view.actor].name}`,
      ` — ${players[view.actor].name} to move`) : "",
    view.actor == null && toMove.size ? T(` — deciden ${[...toMove].map((s) => players[s].name).join(", ")}`,
      ` — to move: ${[...toMove].map((s) => players[s].name).join(", ")}`) : "",
    extraNow());

  // ----- the route through the Districts ------------------------------------------------------
  const tp = view.tutorial ? DATA.tut_periods[String(view.period)] : null;
  const inPlay = new Set(tp ? tp.districts : [1, 2, 3, 4, 5, 6, 7]);
  const oppInPlay = tp ? tp.opportunity : true;
  const route = h("div", { class: "ep-route", "data-part": "route" });
  const stop = (cls, num, name) => h("div", { class: `ep-stop ${cls}` },
    h("span", { class: "num" }, num), h("span", { class: "nm" }, name));
  route.append(stop((view.phase === "oportunidad" ? "active" : "") + (oppInPlay ? "" : " off"),
    "◎", T("Oportunidad", "Opportunity")));
  const bySquare = {};
  for (const sq of view.squares || []) {
    const d = (DATA.squares[sq.id] || {}).district;
    (bySquare[d] = bySquare[d] || []).push(sq);
  }
  for (let d = 1; d <= 7; d++) {
    const active = view.phase === "recorrido" && view.district === d;
    const node = stop((active ? "active" : "") + (inPlay.has(d) ? "" : " off"), d, L(DATA.districts[d - 1]));
    node.dataset.district = d;
    if (active) node.classList.add("active");
    for (const sq of bySquare[d] || []) node.append(squareChip(sq));
    route.append(node);
  }
  route.append(stop(view.phase === "resumen" ? "active" : "", "Σ", T("Resumen", "Summary")));

  // ----- event, market, offers ----------------------------------------------------------------
  const mid = h("div", { class: "ep-mid" }, eventBox(), marketBox(), offersBox());

  // ----- players -------------------------------------------------------------------------------
  const grid = h("div", { class: "ep-players" });
  for (const p of players) grid.append(playerPanel(p));

  const parts = [];
  if (view.result) parts.push(resultBox());
  parts.push(bar, now);
  if (view.tutorial) parts.push(tutorialBox());
  parts.push(route, mid, grid);
  el.replaceChildren(h("div", { class: "ep", "data-game": "elplan", lang }, ...parts));

  // ----- pieces ------------------------------------------------------------------------------
  function extraNow() {
    const bits = [];
    if (view.refund) {
      bits.push(T(` · reembolso: quedan ${view.refund.left} (${view.refund.types.map(resAbbr).join("/")})`,
        ` · refund: ${view.refund.left} left (${view.refund.types.map(resAbbr).join("/")})`));
    }
    if (view.play) bits.push(T(` · activando ${cardName(view.play)}`, ` · activating ${cardName(view.play)}`));
    return bits.join("");
  }

  function squareChip(sq) {
    const spec = DATA.squares[sq.id] || {};
    let benefit = L(spec.benefit);
    if (spec.subsidy >= 0) {
      const money = (view.subsidies || [])[spec.subsidy] || 0;
      benefit = T(`1 recurso + ${money} D`, `1 resource + ${money} M`);
    }
    const chip = h("div", {
      class: "ep-sq" + (sq.seat != null ? " taken" : "") + (sq.usable ? "" : " closed"),
      "data-square": sq.index, title: `${sq.id}: ${L(spec.benefit)}`,
    });
    if (sq.seat != null) {
      chip.append(h("span", { class: "tok", style: `background:${colour(sq.seat)}`,
        title: (players[sq.seat] || {}).name }));
    }
    chip.append(h("span", {}, h("b", {}, sq.id), " ", benefit));
    clickable(chip, `ubicar ${sq.index}`, ctx, legal, "ep-act");
    return chip;
  }

  function eventBox() {
    const ev = view.events || {};
    const e = ev.current ? DATA.events[ev.current] : null;
    const box = h("div", { class: `ep-box ep-event ${e ? e.category : ""}`, "data-part": "event" },
      h("h4", {}, T("Suceso del Período", "Event of the Period")));
    if (e) {
      box.append(h("div", {}, h("b", {}, `${e.number}. ${lang === "en" ? e.name_en : e.name}`),
        h("span", { class: "ep-small" }, ` (${L(CATEGORY[e.category])})`)),
        h("div", { style: "font-size:12.5px" }, lang === "en" ? e.text_en : e.text));
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
        if (v !== normal) { if (!g.has(v)) g.set(v, []); g.get(v).push(players[s].name); }
      });
      return g;
    };
    for (const [v, w] of groups(m.market_price, DATA.prices.buy)) {
      out.push(T(`mercado a ${v} D para ${w.join(", ")}`, `market at ${v} M for ${w.join(", ")}`));
    }
    for (const [v, w] of groups(m.import_price, DATA.prices.import)) {
      out.push(T(`importar a ${v} D para ${w.join(", ")}`, `imports at ${v} M for ${w.join(", ")}`));
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
    const box = h("div", { class: "ep-box", "data-part": "market" }, h("h4", {}, T("Mercado", "Market")));
    const row = h("div", { class: "ep-market" });
    for (const t of PROD) {
      const pile = h("div", { class: "ep-pile", style: `background:${PROD_COLOURS[t]}`, "data-product": t },
        h("div", { class: "k" }, (view.market || {})[t] || 0), h("small", {}, prodName(t)));
      clickable(pile, only([`comprar-${t}`, `importar-${t}`]), ctx, legal, "ep-act");
      row.append(pile);
    }
    box.append(row, h("div", { class: "ep-small", style: "margin-top:3px" },
      T(`compra ${DATA.prices.buy} D · importación ${DATA.prices.import} D · ${DATA.prices.export_at} iguales se exportan`,
        `buy ${DATA.prices.buy} M · import ${DATA.prices.import} M · ${DATA.prices.export_at} alike are exported`)));
    const subs = h("div", { class: "ep-subs" });
    (view.subsidies || []).forEach((v, i) => subs.append(h("div", { class: "ep-sub" },
      T(`Subsidio ${i + 1}`, `Subsidy ${i + 1}`), h("br"), h("b", {}, `${v} ${T("D", "M")}`))));
    box.append(subs, h("div", { class: "ep-small", style: "margin-top:4px" },
      T(`Cartas de crédito en reserva: ${view.credit_supply}`, `Credit cards left: ${view.credit_supply}`)));
    return box;
  }

  function offersBox() {
    const box = h("div", { class: "ep-box", "data-part": "offers" },
      h("h4", {}, T("Ofertas de inversión", "Investment offers")));
    if (!view.decks_live) {
      box.append(h("div", { class: "ep-small" }, T("Los mazos aún no están en juego.", "The decks are not in play yet.")));
      return box;
    }
    const decks = h("div", { class: "ep-decks" });
    for (const deck of view.decks || []) {
      const col = h("div", { class: "ep-deck" },
        h("h5", { style: `background:${DECK_COLOURS[deck.deck]}` }, L(DATA.decks[deck.deck]),
          h("span", { style: "font-weight:400" }, T(` · ${deck.face_down} boca abajo`, ` · ${deck.face_down} face down`))));
      const offers = (deck.offers || []).filter((o) => o);
      if (!offers.length) col.append(h("div", { class: "ep-small" }, T("(sin ofertas)", "(no offers)")));
      for (const o of offers) {
        const c = cards[o.card] || { cost: [0, 0, 0], effect: ["", ""] };
        const node = h("div", { class: "ep-offer" + (o.age ? " rot" : ""), "data-offer": o.slot, title: L(c.effect) },
          h("div", { class: "cn" }, c.play ? "▶ " : "", cardName(o.card)),
          h("div", {}, costIcons(c.cost), " ", h("span", { class: "ep-small" },
            o.age ? T("girada: se va en el Resumen", "rotated: leaves at the Summary") : T("nueva", "fresh"))),
          h("div", { class: "ep-small" }, (c.active ? T("viene activa; ", "comes active; ") : "") + L(c.effect)));
        const options = ["invertir", "invertir-dto-d", "invertir-dto-e", "invertir-credito"]
          .map((n) => `${n} ${o.slot}`).filter((t) => legal.has(t));
        clickable(node, legal.has(`invertir ${o.slot}`) ? `invertir ${o.slot}` : options.length === 1 ? options[0] : null, ctx, legal, "ep-act");
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
      T(` · sin ${prodAbbr(p.cannot_make)}`, ` · no ${prodAbbr(p.cannot_make)}`)];
  }

  function targetRow(p, t) {
    const label = t.kind === "proceso"
      ? T(`Proceso ${t.n + 1} del Plan`, `Plan process ${t.n + 1}`) : cardName(t.id);
    const spaces = h("span", { class: "ep-cost" });
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
    const row = h("div", { class: "ep-target" + (t.active ? " on" : ""), "data-target": t.n,
      title: t.kind === "inversion" ? L((cards[t.id] || {}).effect) : "" },
      h("span", { class: "lbl" }, h("b", {}, label),
        t.kind === "inversion" ? h("span", { class: "ep-small" }, ` · ${L(DATA.decks[t.deck])}`) : "",
        t.pick ? T(` (elige ${ptype(t.pick)})`, ` (picks ${ptype(t.pick)})`) : "",
        t.named ? T(" (externalizada)", " (outsourced)") : ""),
      spaces, h("span", { class: "ep-small" }, state));
    if (p.seat === ctx.seat) {
      const options = TARGET_ACTIONS.map((n) => `${n} ${t.n}`).filter((x) => legal.has(x));
      clickable(row, options[0], ctx, legal, "ep-act");
    }
    return row;
  }

  function pendingText(pd) {
    if ("made" in pd) {
      const made = PROD.filter((t) => pd.made[t]).map((t) => `${pd.made[t]} ${prodAbbr(t)}`).join(", ") || "—";
      const left = Object.entries(pd.left).filter(([, v]) => v).map(([x, v]) => `${v}×${ptype(x)}`).join(", ") || "—";
      return T(`fabricado ${made}; te quedan ${left}`, `made ${made}; left ${left}`);
    }
    if ("resource" in pd) {
      return T(`recurso ${pd.resource ? resName(pd.resource) : "—"}`, `resource ${pd.resource ? resName(pd.resource) : "—"}`) +
        (pd.repay ? T("; devuelves el crédito", "; you repay the credit") : "");
    }
    return T(`conservas ${pd.keep ? prodName(pd.keep) : "—"}`, `you keep ${pd.keep ? prodName(pd.keep) : "—"}`);
  }

  function playerPanel(p) {
    const panel = h("div", {
      class: "ep-player" + (toMove.has(p.seat) ? " turn" : ""), style: `--pc:${colour(p.seat)}`,
      "data-seat": p.seat,
    });
    panel.append(h("div", { class: "ep-phead" },
      h("span", {}, h("b", {}, p.name),
        p.mc ? h("span", { class: "ep-badge mc" }, "★ Momento Cero") : null,
        p.seat === ctx.seat ? h("span", { class: "ep-badge" }, T("tú", "you")) : null,
        toMove.has(p.seat) ? h("span", { class: "ep-badge go" }, T("decide", "to move")) : null,
        p.decides && p.done ? h("span", { class: "ep-badge" }, T("ya decidió", "has decided")) : null),
      h("span", { title: "Ideas" }, "★ ", h("b", {}, p.ideas), p.trios ? T(` + ${p.trios} trío(s)`, ` + ${p.trios} trio(s)`) : "")));
    panel.append(h("div", { class: "ep-plan" }, planText(p)));
    const stock = h("div", { class: "ep-stock" }, h("span", { class: "ep-small" }, T("Recursos", "Resources")));
    for (const r of RES) {
      const chip = h("span", { class: "ep-count", "data-res": r }, token(r), p.idle[r]);
      if (p.seat === ctx.seat) clickable(chip, only([`elegir-${r}`]), ctx, legal, "ep-act");
      stock.append(chip);
    }
    if (p.ideas_idle) stock.append(h("span", { class: "ep-small" }, T(`${p.ideas_idle} Idea(s) libre(s)`, `${p.ideas_idle} idle Idea(s)`)));
    if (p.credit) stock.append(h("span", { class: "ep-badge credit" }, T("carta de crédito", "credit card")));
    if (p.square) stock.append(h("span", { class: "ep-small" }, T("casilla ", "square "), h("b", {}, p.square)));
    panel.append(stock);
    const goods = h("div", { class: "ep-stock" }, h("span", { class: "ep-small" }, T("Productos", "Products")));
    for (const t of PROD) {
      const chip = h("span", { class: "ep-count", title: prodName(t), "data-hand": t },
        h("span", { class: "ep-res", style: `background:${PROD_COLOURS[t]};width:auto;padding:0 4px;border-radius:4px` }, prodAbbr(t)),
        p.hand[t]);
      if (p.seat === ctx.seat) {
        clickable(chip, only([`fabricar-${t}`, `conservar-${t}`, `descartar-${t}`]), ctx, legal, "ep-act");
      }
      goods.append(chip);
    }
    const shop = PROD.filter((t) => p.tienda[t]).map((t) => `${p.tienda[t]} ${prodAbbr(t)}`).join(", ");
    if (shop) goods.append(h("span", { class: "ep-small" }, T(`Tienda: ${shop}`, `Shop: ${shop}`)));
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
    const box = h("div", { class: "ep-tut", "data-part": "tutorial" },
      h("b", {}, T(`Tutorial · Período ${view.period} de ${view.periods}`, `Tutorial · Period ${view.period} of ${view.periods}`),
        view.tutorial_step ? ` · ${view.tutorial_step}` : ""),
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
    const table = h("table", {}, h("tr", {},
      ...[T("puesto", "place"), T("jugador", "player"), T("puntos", "points"), "Ideas", T("tríos", "trios"),
        T("crédito", "credit"), T("recursos", "resources"), T("liquidación", "liquidation")].map((x) => h("th", {}, x))));
    (r.ranking || []).forEach((s, i) => {
      table.append(h("tr", {}, h("td", {}, `${(d.places || [])[s] || i + 1}.`),
        h("td", {}, h("b", {}, (players[s] || {}).name), (r.winners || []).includes(s) ? " ★" : ""),
        h("td", {}, r.scores[s]), h("td", {}, (d.ideas || [])[s] ?? ""), h("td", {}, (d.trios || [])[s] ?? ""),
        h("td", {}, (d.penalty || [])[s] ? T("−1 Idea", "−1 Idea") : "—"),
        h("td", {}, (d.resources || [])[s] ?? ""), h("td", {}, (d.liquidation || [])[s] ?? "")));
    });
    const winners = (r.winners || []).map((s) => (players[s] || {}).name).join(T(" y ", " and "));
    return h("div", { class: "ep-result", "data-part": "result" },
      h("b", {}, r.reason === "tutorial" ? T("Fin del tutorial", "End of the tutorial") : T("Fin de la partida", "Game over")),
      winners ? T(` · gana ${winners}`, ` · winner: ${winners}`) : "", table);
  }
}

// The public content of the game (generated from content.toml: see tests/web/test_renderers.py).
const DATA = /* DATA:BEGIN */ {
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
