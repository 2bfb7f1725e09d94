// The classroom pages' shared helpers: the page's language, words, JSON calls, elements.
export const lang = document.documentElement.lang === "en" ? "en" : "es";

export function t(words) {
  return words[lang];
}

/** A class's status in both languages (the server sends its code: waiting, playing...). */
export const STATUS = { waiting: { es: "esperando", en: "waiting" },
  playing: { es: "en juego", en: "playing" }, paused: { es: "en pausa", en: "paused" },
  ended: { es: "terminada", en: "ended" } };

/** A status code in the page's language (an unknown code as it came). */
export function statusWords(code) {
  return STATUS[code] ? t(STATUS[code]) : code;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

/** A JSON request; resolves to the answer, rejects with the server's message in this language. */
export async function call(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  const data = await r.json().catch(() => null);
  if (!r.ok) {
    const err = new Error((data && data.error && data.error.message[lang]) || `HTTP ${r.status}`);
    err.code = data && data.error && data.error.code;
    err.status = r.status;
    throw err;
  }
  return data;
}

export function langSwitch() {
  const other = lang === "es" ? "en" : "es";
  const url = new URL(location.href);
  url.searchParams.set("lang", other);
  return el("nav", { class: "lang-switch", "aria-label": t({ es: "Idioma", en: "Language" }) },
    el("a", { href: url.pathname + url.search, lang: other, hreflang: other },
      other === "en" ? "English" : "Español"));
}

export function header(title) {
  return el("header", { class: "page-header" },
    el("a", { href: `/?lang=${lang}`, class: "home-link" }, "ludoteca"), langSwitch(),
    el("h1", {}, title));
}
