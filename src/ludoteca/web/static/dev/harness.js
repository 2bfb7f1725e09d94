// The renderer harness: render one view with one game's renderer, no server needed.
// window.harness.render({game, view, legal, seat, lang, names}) -> Promise; every ctx.act(text)
// is recorded in window.harness.acts, every error in window.harness.errors.

const errors = [];
const acts = [];
const $ = (id) => document.getElementById(id);

window.addEventListener("error", (ev) => {
  errors.push(String(ev.error && ev.error.stack ? ev.error.stack : ev.message));
  showErrors();
});
window.addEventListener("unhandledrejection", (ev) => {
  errors.push(String(ev.reason && ev.reason.stack ? ev.reason.stack : ev.reason));
  showErrors();
});

function showErrors() {
  $("errors").textContent = errors.join("\n");
}

/** Load /static/games/<game>.js (relative to this page) and draw `view` into #board. */
async function render({ game, view, legal = [], seat = null, lang = "es", names = null }) {
  if (!/^[a-z]+$/.test(game || "")) throw new Error(`game must be a lowercase id; got ${game}`);
  const mod = await import(`../games/${game}.js`);
  const board = $("board");
  $("acts").textContent = "";
  const ctx = {
    seat,
    lang,
    names: names || (view.players || []).map((p) => p.name),
    legal,
    act(text) {
      acts.push(text);
      $("acts").textContent = `act: ${acts.join(" | ")}`;
    },
    t(key) { return key; },
  };
  try {
    mod.render(board, view, ctx);
  } catch (err) {
    errors.push(String(err && err.stack ? err.stack : err));
    showErrors();
    throw err;
  }
  return board.childElementCount;
}

async function fetchJson(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.json();
}

/** A pasted or fetched document: a bare view, or {view, legal, seat, lang}. */
function unpack(doc, defaults) {
  if (doc && doc.view) return { ...defaults, ...doc };
  return { ...defaults, view: doc };
}

async function fromQuery() {
  const q = new URLSearchParams(location.search);
  if (q.get("bare")) $("controls").classList.add("hidden");
  if (q.get("game")) $("game").value = q.get("game");
  if (q.get("lang")) $("lang").value = q.get("lang");
  if (q.get("seat")) $("seat").value = q.get("seat");
  if (!q.get("view")) return;
  const doc = await fetchJson(q.get("view"));
  const legal = q.get("legal") ? await fetchJson(q.get("legal")) : undefined;
  const seat = q.get("seat") == null || q.get("seat") === "" ? null : Number(q.get("seat"));
  const opts = unpack(doc, { game: q.get("game"), lang: q.get("lang") || "es", seat });
  if (legal) opts.legal = legal;
  if (opts.view && opts.view.game) opts.game = opts.view.game;
  await render(opts);
}

$("go").addEventListener("click", () => {
  const seatText = $("seat").value.trim();
  let doc;
  try {
    doc = JSON.parse($("viewText").value);
  } catch (err) {
    errors.push(`view JSON: ${err.message}`);
    showErrors();
    return;
  }
  const opts = unpack(doc, {
    game: $("game").value, lang: $("lang").value, seat: seatText === "" ? null : Number(seatText),
  });
  if (opts.view && opts.view.game) opts.game = opts.view.game;
  render(opts).catch(() => {});
});

window.harness = { render, acts, errors, ready: fromQuery().then(() => true, (err) => {
  errors.push(String(err));
  showErrors();
  return false;
}) };
