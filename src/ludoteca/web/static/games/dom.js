// Small DOM helpers shared by the board renderers (static/games/*.js) and the table page
// (table.js re-exports h for app.js and replay.js). Not a renderer: no render() here.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Append `children` (nested arrays flattened; null and false skipped; strings as text) to `el`. */
function appendAll(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Create an element: h("div", {class: "x", onclick: f}, child, "text", [more]). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "style") el.style.cssText = v;
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  return appendAll(el, children);
}

/** Create an SVG element: svg("rect", {x: 0, width: 10}, child…); every attribute set as is. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    el.setAttribute(k, v === true ? "" : v);
  }
  return appendAll(el, children);
}

/** Add a <style id=`id`> with `css` to the page, once. */
export function ensureStyle(id, css) {
  if (document.getElementById(id)) return;
  document.head.append(h("style", { id }, css));
}

/** Make `node` call ctx.act(text) when clicked (or Enter/Space), if `text` is legal now; it
 *  gets the class `cls` (the renderer's, e.g. "ep-act"), data-act, tabindex and role=button. */
export function clickable(node, text, ctx, legal, cls) {
  if (!text || !legal.has(text)) return false;
  node.classList.add(cls);
  node.dataset.act = text;
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  const go = (ev) => { ev.preventDefault(); ev.stopPropagation(); ctx.act(text); };
  node.addEventListener("click", go);
  node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev); });
  return true;
}

// ---------------------------------------------------------------- a table's own content

/** The board data of each custom content, by "<game>:<key>": {data} once it has come, {tries}
 *  while it is on its way, {failed, tries, timer} after a failed fetch. */
const contentData = new Map();
/** The last (view, ctx, render) each board element was asked to draw: what is redrawn when
 *  the data comes. */
const lastDraw = new WeakMap();
const RETRY_MS = 3000;
const MAX_TRIES = 5;

/** The table whose board this page draws: ctx.tableId, else the page's /t/ID or /replay/ID. */
function tableIdOf(ctx) {
  if (ctx && ctx.tableId) return String(ctx.tableId);
  const m = /^\/(?:t|replay)\/([^/?#]+)/.exec(location.pathname);
  return m ? decodeURIComponent(m[1]) : null;
}

/** The data a board draws `view` with: `shipped` (the renderer's embedded DATA) for a view
 *  without a `content` mark; for a view of a custom content (`view.content = {source, key}`),
 *  that content's data from GET /api/tables/{id}/board-data, fetched once per key. While it is
 *  on its way (or could not be had) this returns null and draws a short notice in `el` instead
 *  of the shipped names and numbers; when it comes, `render(el, view, ctx)` runs again with
 *  the latest view drawn in `el`. Used alike by som.js, elplan.js and sigloxx.js. */
export function boardData(game, el, view, ctx, shipped, render) {
  const mark = view && view.content;
  const key = mark && typeof mark === "object" && mark.key ? String(mark.key) : null;
  if (!key) return shipped;
  lastDraw.set(el, { view, ctx, render });
  const id = `${game}:${key}`;
  const got = contentData.get(id);
  if (got && got.data) return got.data;
  if (!got || (got.failed && !got.timer && got.tries < MAX_TRIES)) fetchContent(game, key, id, el, ctx, got ? got.tries : 0);
  const en = ctx && ctx.lang === "en";
  const now = contentData.get(id) || {};
  const again = now.tries < MAX_TRIES;
  const words = !now.failed ? (en ? "Loading the table's own content…" : "Cargando el contenido propio de la mesa…")
    : again ? (en ? "The table's own content could not be loaded; trying again…"
      : "No se pudo cargar el contenido propio de la mesa; se vuelve a intentar…")
      : (en ? "The table's own content could not be loaded; reload the page to try again."
        : "No se pudo cargar el contenido propio de la mesa; recarga la página para volver a intentarlo.");
  el.replaceChildren(h("p", { class: "muted board-loading", "data-board-loading": now.failed ? "failed" : "loading" }, words));
  return null;
}

function fetchContent(game, key, id, el, ctx, tries) {
  const table = tableIdOf(ctx);
  const entry = { tries: tries + 1 };
  contentData.set(id, entry);
  const redraw = () => {
    const last = lastDraw.get(el);
    if (!last || !el.isConnected) return;
    const mark = last.view && last.view.content;
    if (!mark || String(mark.key) !== key) return;
    try { last.render(el, last.view, last.ctx); } catch (err) { console.error("renderer failed", err); }
  };
  const fail = (why) => {
    console.error(`board data of ${game} content ${key}: ${why}`);
    entry.failed = true;
    if (entry.tries < MAX_TRIES) {
      entry.timer = setTimeout(() => { entry.timer = null; redraw(); }, RETRY_MS);
    }
    redraw();
  };
  if (!table) { fail("no table id"); return; }
  fetch(`/api/tables/${encodeURIComponent(table)}/board-data`, { credentials: "same-origin" })
    .then(async (r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      const body = await r.json();
      if (!body || body.game !== game || body.key !== key || !body.data) throw new Error("another content");
      contentData.set(id, { data: body.data });
      redraw();
    })
    .catch((err) => fail(err && err.message ? err.message : String(err)));
}
