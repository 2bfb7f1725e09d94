"""The «El Plan: tú decides» board in a real browser (``static/games/elplan.js``): a table with
one person and bots, created in the lobby and played by clicking the board and the buttons, at
a phone's 390×844 and a laptop's 1366×900, in Spanish and in English. Checked: no sideways
scroll, no action button labelled with its text form, one language at a time on the board and
the buttons, touch targets of 44 px on the phone, accessible names on every clickable part, and
no movement when the system asks for reduced motion (and some when it does not). The
screenshots ``docs/screens/elplan-phone.png`` and ``elplan-desktop.png`` come from here."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser_support import (
    chromium_path,
    create_in_lobby,
    docs_screenshot,
    table_state,
    version,
    wait_my_turn_or_over,
    wait_state,
    wait_version_above,
)
from .conftest import Pages

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="no Chromium: install Debian's chromium or set LUDOTECA_CHROMIUM to its path")

SLUG = re.compile(r"\b[a-z]{2,}-[a-z0-9]")
# words of the board and of its buttons that belong to one language only
SPANISH = ["Período", "Nivel", "Ahora", "Suceso", "Mercado", "Ofertas", "boca abajo", "Recursos",
           "Productos", "Procesos", "Distrito", "Resumen", "Oportunidad", "casilla", "Dinero",
           "Energía", "Capital humano", "Subsidio", "gratis", "nueva", "Toca", "Invertir",
           "Comprar", "Activar", "Terminar", "Fabricar", "Poner tu ficha", "No invertir",
           "Vender", "Canjear", "Desactivar", "Elegir", "deciden", "ya decidió"]
ENGLISH = ["Period", "Level", "Now", "Event", "Market", "offers", "face down", "Resources",
           "Products", "Processes", "District", "Summary", "Opportunity", "square", "Money",
           "Energy", "Human capital", "Subsidy", "free", "fresh", "Tap", "Invest", "Buy",
           "Activate", "Finish", "Secretly", "Place your token", "Sell", "Trade", "Deactivate",
           "to move", "has decided"]

# counts every Element.animate() call (the renderer's movements) before any script runs
COUNT_ANIMATIONS = """
  window.__epAnimations = 0;
  const original = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.__epAnimations += 1;
    return original.apply(this, args);
  };
"""




def words_of(page: Any) -> str:
    """What a player reads on the board and on the action buttons (not the typed forms)."""
    return page.evaluate("""() => {
      const board = document.querySelector('#board').innerText;
      const labels = Array.from(document.querySelectorAll('.action-button .action-label, '
        + '.action-button .action-help')).map((e) => e.innerText);
      const names = Array.from(document.querySelectorAll('#board [aria-label]'))
        .map((e) => e.getAttribute('aria-label'));
      return [board, ...labels, ...names].join('\\n');
    }""")


def foreign_words(text: str, lang: str) -> list[str]:
    other = ENGLISH if lang == "es" else SPANISH
    return [w for w in other if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def no_sideways_scroll(page: Any) -> None:
    sizes = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], f"the page scrolls sideways: {sizes}"


def check_buttons(page: Any) -> None:
    """No action button is labelled with its text form or an engine slug."""
    for text, label in page.evaluate("""() => Array.from(
        document.querySelectorAll('.action-button')).map((b) => [b.dataset.action,
        (b.querySelector('.action-label') || b).innerText])"""):
        assert label.strip() and label.strip() != text, f"{text!r} labelled {label!r}"
        assert not SLUG.search(label), f"{text!r}: slug in its label {label!r}"


def check_board_parts(page: Any, phone: bool) -> None:
    """Each clickable part of the board names a legal action (a button with the same text), has
    an accessible name in words, is reachable with the keyboard and, on a phone, is at least
    44 px each way."""
    parts = page.evaluate("""() => Array.from(document.querySelectorAll('#board [data-act]'))
      .map((e) => { const r = e.getBoundingClientRect();
        return {act: e.dataset.act, name: e.getAttribute('aria-label') || '',
                tab: e.tabIndex, role: e.getAttribute('role'), w: r.width, h: r.height}; })""")
    buttons = set(page.evaluate("""() => Array.from(document.querySelectorAll(
      '.action-button')).map((b) => b.dataset.action)"""))
    for p in parts:
        assert p["act"] in buttons, f"board part {p['act']!r} has no button"
        assert p["name"] and p["name"] != p["act"] and not SLUG.search(p["name"]), p
        assert p["tab"] == 0 and p["role"] == "button", p
        if phone:
            assert p["w"] >= 44 and p["h"] >= 44, f"touch target too small: {p}"


def play(page: Any, clicks: int) -> int:
    """Play ``clicks`` of this page's actions: a board part when there is one (it must do what
    its button does), else the first button. Returns how many went through the board."""
    on_board = 0
    for i in range(clicks):
        if not wait_my_turn_or_over(page, timeout=30000):
            break
        parts = page.locator("#board [data-act]")
        v = version(page)
        if parts.count() and i % 2 == 0:
            text = parts.first.get_attribute("data-act")
            parts.first.click()
            on_board += 1
        else:
            button = page.locator(".action-button:not([disabled])").first
            text = button.get_attribute("data-action")
            button.click()
        wait_version_above(page, v)
        log = page.locator(".log-entry").all_inner_texts()
        assert log, f"{text!r} left nothing in the log"
    return on_board


CASES = [(390, 844, "es"), (390, 844, "en"), (1366, 900, "en"), (1366, 900, "es")]


@pytest.mark.parametrize(("width", "height", "lang"), CASES,
                         ids=[f"{w}x{h}-{lang}" for w, h, lang in CASES])
def test_board_fits_speaks_one_language_and_plays_by_clicking(
        server: str, pages: Pages, width: int, height: int, lang: str) -> None:
    page = pages.new(width, height)
    links = create_in_lobby(page, server, "elplan", seed=3, lang=lang, persons=1)
    page.goto(links["url"])
    wait_state(page)
    page.wait_for_selector("#board .ep [data-district]")
    assert table_state(page)["you"] == [0]
    phone = width < 500
    no_sideways_scroll(page)
    through_board = play(page, 8)
    assert through_board >= 1, "no board part was ever clicked"
    assert wait_my_turn_or_over(page, timeout=30000)
    no_sideways_scroll(page)
    check_buttons(page)
    check_board_parts(page, phone)
    text = words_of(page)
    assert not foreign_words(text, lang), f"{lang} page shows {foreign_words(text, lang)}"
    assert page.locator("#board .ep").get_attribute("lang") == lang
    # the seven Districts are all on the page; on a phone the route scrolls in place
    assert page.locator("#board [data-district]").count() == 7
    box = page.evaluate("""() => { const r = document.querySelector('#board .ep-route');
      return [r.scrollWidth, r.clientWidth, getComputedStyle(r).overflowX,
              document.querySelector('#board .ep').getBoundingClientRect().width]; }""")
    if phone:
        assert box[2] == "auto" and box[0] > box[1], box
        assert box[3] <= width
    else:
        assert box[0] <= box[1] + 1, box
        assert box[3] >= 800, f"the board does not use the room: {box}"
    if lang == "es":
        name = "elplan-phone.png" if phone else "elplan-desktop.png"
        page.evaluate("() => window.scrollTo(0, document.querySelector('#board').offsetTop - 8)")
        docs_screenshot(page, name)


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_moves_animate_only_without_reduced_motion(server: str, pages: Pages,
                                                   motion: str) -> None:
    page = pages.new(390, 844, reduced_motion=motion)
    page.add_init_script(COUNT_ANIMATIONS)
    links = create_in_lobby(page, server, "elplan", seed=4, lang="es", persons=1)
    page.goto(links["url"])
    wait_state(page)
    page.wait_for_selector("#board .ep [data-district]")
    play(page, 4)
    if motion == "reduce":
        assert page.evaluate("document.getAnimations().length") == 0
        assert page.evaluate("window.__epAnimations") == 0
    else:
        assert page.evaluate("window.__epAnimations") > 0, "nothing moved"
        durations = page.evaluate("""() => document.getAnimations().map(
          (a) => a.effect && a.effect.getTiming().duration)""")
        assert all(d is None or d == "auto" or d <= 300 for d in durations), durations
