"""Every page held to the same bar, at 390×844 and 1366×900, in Spanish and in English: the
lobby, the table page of each game (one person and bots, a few moves in), the results screen
(with its chart) and the replay of a finished game, and the not-found page.

For each page: (a) nothing scrolls sideways; (b) axe-core (vendored in ``tests/web/vendor``)
finds no serious or critical violation; (c) no action button's visible label is its typed
slug; (d) no visible text is in the other language (a text node whose words are mostly the
other language's stop words), leaving out proper names (the games' titles), numbers, code and
elements marked with their own ``lang``. Every failing check of a page is reported together.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from .browser_support import Pages, api, api_as, chromium_path, docs_screenshot, wait_state

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="no Chromium: install Debian's chromium or set LUDOTECA_CHROMIUM to its path")

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
GAMES = ["qytetet", "civitas", "som", "elplan", "sigloxx"]
VIEWPORTS = {"phone": (390, 844), "desktop": (1366, 900)}
LANGS = ["es", "en"]
PAGES = ["lobby", *GAMES, "results", "replay", "notfound"]

#: words that only one of the two languages uses (none that both share: "a", "no", "me"…)
ENGLISH_WORDS = frozenset("""
the and of your yours you to with is are was were be been has have had this that these those
for from on by at or not it its into than then there their they them which what who whose
will would can could should when where while after before about also only just all any each
every turn turns buy sell roll pay end move moves round rounds player players game games table
tables seat seats card cards money points build house houses take pass none yes waiting
happened wins won winner score send close open join watch replay back lobby free taken
""".split())
SPANISH_WORDS = frozenset("""
el la los las de del que y con tu tus su sus por para es un una unos unas al se lo le les
está están hay más pero como cuando donde quien quién también muy sin sobre entre hasta desde
turno turnos comprar compra vender tirar pagar paga jugada jugadas jugador jugadores partida
partidas mesa mesas asiento asientos ronda rondas carta cartas dinero puntos casa casas
ninguno ninguna sí esperando pasado gana ganador ganadores enviar cerrar abrir sentarse
mirar repetición volver libre ocupado
""".split())

#: JavaScript: the visible texts of the page, one per text node (and each shown option and
#: placeholder), leaving out code, ``translate=no`` and what is marked with another language
VISIBLE_TEXTS = """
() => {
  const pageLang = document.documentElement.lang;
  const skip = (el) => !el
    || el.closest("script, style, noscript, code, kbd, samp, pre, [translate='no']")
    || (el.closest("[lang]") && el.closest("[lang]").lang !== pageLang);
  const visible = (el) => {
    if (!el.getClientRects().length) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== "hidden" && cs.display !== "none" && Number(cs.opacity) > 0;
  };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    const el = n.parentElement;
    if (!text || skip(el) || !visible(el)) continue;
    out.push({ text, where: el.outerHTML.slice(0, 120) });
  }
  for (const el of document.querySelectorAll("input[placeholder], textarea[placeholder]")) {
    if (skip(el) || !visible(el)) continue;
    out.push({ text: el.placeholder, where: el.outerHTML.slice(0, 120) });
  }
  for (const sel of document.querySelectorAll("select")) {
    if (skip(sel) || !visible(sel)) continue;
    for (const o of sel.options) {
      if (!skip(o)) out.push({ text: o.text, where: sel.outerHTML.slice(0, 120) });
    }
  }
  return out;
}
"""

SLUG_BUTTONS = """
() => [...document.querySelectorAll(".action-button")].map((b) => ({
  slug: b.dataset.action,
  label: (b.querySelector(".action-label") || b).innerText.trim(),
}))
"""


def foreign_words(text: str, lang: str, titles: list[str]) -> list[str] | None:
    """The other language's words of ``text`` when it is mostly in the other language."""
    for title in titles:                      # proper names: the games' titles
        text = text.replace(title, " ")
    words = ["".join(c for c in w if c.isalpha()).lower() for w in text.split()]
    words = [w for w in words if w]
    if not words:
        return None
    foreign_set, own_set = ((ENGLISH_WORDS, SPANISH_WORDS) if lang == "es"
                            else (SPANISH_WORDS, ENGLISH_WORDS))
    foreign = [w for w in words if w in foreign_set]
    own = [w for w in words if w in own_set]
    # one foreign word is enough in a short text ("Turn", "Buy house"), two in a longer one
    enough = 1 if len(words) <= 3 else 2
    if len(foreign) >= enough and len(foreign) > len(own) and len(foreign) / len(words) >= 0.25:
        return foreign
    return None


# ---------------------------------------------------------------------------- the pages
def seats_for(game: str, players: list[int]) -> list[dict[str, Any]]:
    n = max(players[0], 2)
    return [{"kind": "person", "name": "Ana", "access": "host"}] + [
        {"kind": "bot", "bot": "greedy", "name": None} for _ in range(n - 1)]


def state_of(page: Any, base: str, tid: str) -> dict[str, Any]:
    return api_as(page, base, "GET", f"/api/tables/{tid}/state")


def wait_for_seat(page: Any, base: str, tid: str, timeout: float = 30) -> dict[str, Any]:
    """The state once seat 0 may act, or the game is over."""
    deadline = time.monotonic() + timeout
    while True:
        st = state_of(page, base, tid)
        if st["over"] or (0 in st["to_move"] and st["legal"].get("0")):
            return st
        if time.monotonic() > deadline:
            raise AssertionError(f"seat 0 never came to move at {tid}")
        time.sleep(0.1)


@pytest.fixture(scope="module")
def site(server: str, browser: Any) -> dict[str, Any]:
    """One table per game with a person (this context's cookie) three moves in, a finished
    game of bots, and the games' titles."""
    ctx = browser.new_context()
    page = ctx.new_page()
    games = {g["id"]: g for g in api(server, "GET", "/api/games")}
    tables = {}
    for game in GAMES:
        made = api_as(page, server, "POST", "/api/tables", {
            "game": game, "options": {}, "lang": "es", "seed": 5,
            "seats": seats_for(game, games[game]["players"])})
        tid = made["table_id"]
        for _ in range(3):
            st = wait_for_seat(page, server, tid)
            if st["over"]:
                break
            action = st["legal"]["0"][0]
            api_as(page, server, "POST", f"/api/tables/{tid}/act",
                   {"version": st["version"], "action": action["text"], "seat": 0})
        wait_for_seat(page, server, tid)
        tables[game] = made["url"]
    done = api(server, "POST", "/api/tables", {
        "game": "som", "options": {}, "lang": "es", "seed": 1,
        "seats": [{"kind": "bot", "bot": "random", "name": None},
                  {"kind": "bot", "bot": "random", "name": None}]})
    deadline = time.monotonic() + 60
    while not api(server, "GET", f"/api/tables/{done['table_id']}/state")["over"]:
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)
    cookies = ctx.storage_state()
    ctx.close()
    return {"tables": tables, "replay": f"/replay/{done['table_id']}", "state": cookies,
            "results": f"/t/{done['table_id']}",
            "titles": sorted((g["title"] for g in games.values()), key=len, reverse=True)}


def open_page(pages: Pages, server: str, site: dict[str, Any], which: str, size: str,
              lang: str) -> Any:
    width, height = VIEWPORTS[size]
    page = pages.new(width, height, storage_state=site["state"])
    if which == "lobby":
        page.goto(f"{server}/?lang={lang}")
        page.wait_for_selector(".game-card")
        page.wait_for_selector(".option-row, .options p")
        page.wait_for_function("() => !document.querySelector('.tables .muted')"
                               " || document.querySelectorAll('.tables li').length >= 3")
    elif which in GAMES:
        page.goto(f"{server}{site['tables'][which]}?lang={lang}")
        wait_state(page)
        page.wait_for_function("() => document.querySelector('.action-button')"
                               " || window.ludotecaTable.state.over")
    elif which == "results":
        page.goto(f"{server}{site['results']}?lang={lang}")
        page.wait_for_selector(".over-screen:not([hidden]) .results-chart canvas")
    elif which == "replay":
        page.goto(f"{server}{site['replay']}?lang={lang}")
        page.wait_for_function("() => document.body.dataset.step !== undefined")
    else:
        page.goto(f"{server}/t/no-such-table?lang={lang}")
        page.wait_for_selector(".gone-box")
    page.wait_for_timeout(300)       # fonts and late drawing
    return page


def problems(page: Any, lang: str, titles: list[str]) -> dict[str, Any]:
    """Every failing check of the page on screen, by check."""
    found: dict[str, Any] = {}
    wide = page.evaluate("() => [document.scrollingElement.scrollWidth,"
                         " document.documentElement.clientWidth]")
    if wide[0] > wide[1]:
        found["horizontal scroll"] = f"scrollWidth {wide[0]} > {wide[1]}"
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({ id: v.id, impact: v.impact,
                         nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
    }""")
    if violations:
        found["axe"] = violations
    slugs = [b for b in page.evaluate(SLUG_BUTTONS) if b["label"] == b["slug"]]
    if slugs:
        found["slug buttons"] = [b["slug"] for b in slugs][:10]
    other = []
    for item in page.evaluate(VISIBLE_TEXTS):
        words = foreign_words(item["text"], lang, titles)
        if words:
            other.append(f"{item['text'][:80]!r} ({', '.join(words)})")
    if other:
        found["other language"] = sorted(set(other))[:15]
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", list(VIEWPORTS))
@pytest.mark.parametrize("which", PAGES)
def test_page_quality(server: str, pages: Pages, site: dict[str, Any], which: str, size: str,
                      lang: str) -> None:
    page = open_page(pages, server, site, which, size, lang)
    assert page.evaluate("document.documentElement.lang") == lang
    found = problems(page, lang, site["titles"])
    assert not found, f"{which} at {size} in {lang}: {found}"
    if which in ("lobby", "notfound") and lang == "es":
        docs_screenshot(page, f"{which}-{size}.png")


# ---------------------------------------------------------------------------- the checker
def test_the_language_check_tells_the_languages_apart() -> None:
    titles = ["El Plan: tú decides", "Som el que decidim!"]
    assert foreign_words("Calle de la Imprenta", "en", titles) == ["de", "la"]
    assert foreign_words("Turn", "es", titles) == ["turn"]
    assert foreign_words("Buy the house", "es", titles) == ["buy", "the", "house"]
    assert foreign_words("Printing Press Street", "en", titles) is None
    assert foreign_words("Comprar Calle del Olivo · 520 €", "es", titles) is None
    assert foreign_words("El Plan: tú decides (2–6 players)", "en", titles) is None
    assert foreign_words("Bot 2", "es", titles) is None
    assert foreign_words("It is your turn, Ana", "en", titles) is None
    assert foreign_words("Te toca, Ana: es tu turno", "en", titles) == ["es", "tu", "turno"]
