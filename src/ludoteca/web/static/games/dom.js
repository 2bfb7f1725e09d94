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
