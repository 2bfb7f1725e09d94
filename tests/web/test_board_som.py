"""The «Som el que decidim!» board in a real browser (``static/games/som.js``): a table with one
person and a bot, created in the lobby and played by clicking the board (cells, the die, disks)
and the buttons, at a phone's 390×844 and a laptop's 1366×900, in Spanish and in English.
Checked: no sideways scroll, the board using the room on the laptop, no action button labelled
with its text form, one language at a time on the board and the buttons, touch targets of
44 px and accessible names on every clickable part, the details of a cell on tap, and no
movement when the system asks for reduced motion (and a citizen walking when it does not).
The screenshots ``docs/screens/som-phone.png`` and ``som-desktop.png`` come from here."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ludoteca.games.som import actions as A

from .browser_support import (
    chromium_path,
    create_in_lobby,
    docs_screenshot,
    version,
    wait_my_turn_or_over,
    wait_state,
    wait_version_above,
)
from .conftest import Pages

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="no Chromium: install Debian's chromium or set LUDOTECA_CHROMIUM to its path")

#: every hyphenated word of the action grammar (names and aliases: "pagar-sanidad", "no-cobrar")
SLUG = re.compile(r"(?<![\w-])(" + "|".join(sorted(
    (re.escape(k) for k in {*A.ALIASES, *A.ALIASES.values()} if "-" in k),
    key=len, reverse=True)) + r")(?![\w-])")
# words of the board and of its buttons that belong to one language only (Catalan proper
# names — Hisenda espanyola, Concentració nacional, Generalitat, Urna — are the same in both)
SPANISH = ["Turno", "Modo", "Fase", "Dado", "Casilla", "casilla", "vacía", "boca abajo",
           "discos", "Ciudadano", "Centralismo", "límite", "sigue avanzando", "detiene",
           "Moverse", "Pagar", "Tirar el dado", "Terminar", "Dar un disco", "de participación",
           "Señala", "sin tirar", "todos", "tú", "decide", "Cohesión social", "Tributación",
           "Acción ciudadana", "Balanzas fiscales", "medio", "inactiva", "rosa", "lila"]
ENGLISH = ["Turn", "Mode", "Phase", "Die", "Cell", "cell", "empty", "face-down", "disks",
           "Citizen", "Centralism", "limit", "keep going", "stops", "Move to", "Pay with",
           "Roll the die", "End social", "Give a", "participation", "Point at", "not rolled",
           "everyone", "you", "to move", "Social cohesion", "Taxation", "Citizen action",
           "Fiscal balances", "medium", "inactive", "pink", "lilac"]


# records what Element.animate() moves (the renderer's motion), before any script runs
COUNT_ANIMATIONS = """
  window.__somMoves = [];
  const original = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.__somMoves.push(this.tagName.toLowerCase());
    return original.apply(this, args);
  };
"""


def words_of(page: Any) -> str:
    """What a player reads on the board and its action buttons, and the board's names."""
    return page.evaluate("""() => {
      const board = document.querySelector('#board').innerText;
      const labels = Array.from(document.querySelectorAll('.action-button .action-label, '
        + '.action-button .action-help')).map((e) => e.innerText);
      const names = Array.from(document.querySelectorAll('#board [aria-label], #board [title]'))
        .map((e) => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
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
    buttons = page.locator(".action-button").evaluate_all(
        "els => els.map(b => [b.dataset.action, b.querySelector('.action-label').innerText])")
    for text, label in buttons:
        assert label.strip() != text, f"button labelled with its text form: {text!r}"
        assert not SLUG.search(label), f"a slug in the button {label!r} ({text})"


def check_clickables(page: Any, phone: bool) -> int:
    """Every clickable board part has an accessible name in words, is keyboard-reachable and,
    on a phone, at least 44×44 px. Returns how many there are."""
    parts = page.locator("#board [data-act]").evaluate_all("""els => els.map(e => {
      const r = e.getBoundingClientRect();
      return {act: e.dataset.act, name: e.getAttribute('aria-label') || '', tab: e.tabIndex,
              role: e.getAttribute('role'), w: r.width, h: r.height}; })""")
    for p in parts:
        assert p["name"] and p["name"] != p["act"] and not SLUG.search(p["name"]), p
        assert p["tab"] == 0 and p["role"] == "button", p
        if phone:
            assert p["w"] >= 44 and p["h"] >= 44, f"touch target too small: {p}"
    return len(parts)




def choose(page: Any) -> str:
    """The selector of what to click now: a cell to move to, the die, a disk to pay with,
    "terminar" (ending social cohesion quickly), else the first button."""
    for sel in ("#board .som-target[data-act]", "#board .roll[data-act]",
                "#board .som-disk[data-act^='pagar-']",
                ".action-button[data-action='terminar']:not([disabled])",
                ".action-button:not([disabled])"):
        if page.locator(sel).count():
            return sel
    return ".action-button:not([disabled])"


def play(page: Any, clicks: int, phone: bool, until_cells: int = 0) -> dict[str, int]:
    """Click ``clicks`` times (board parts first), checking the page after each state; with
    ``until_cells``, stop after that many clicks on cells. Returns what was clicked."""
    done = {"board": 0, "buttons": 0, "cells": 0}
    for _ in range(clicks):
        if not wait_my_turn_or_over(page):
            break
        check_buttons(page)
        check_clickables(page, phone)
        sel = choose(page)
        v = version(page)
        page.locator(sel).first.click()
        wait_version_above(page, v)
        done["buttons" if sel.startswith(".action-button") else "board"] += 1
        if "som-target" in sel:
            done["cells"] += 1
            if until_cells and done["cells"] >= until_cells:
                break
        no_sideways_scroll(page)
    return done


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 900)])
def test_board_on_phone_and_laptop_in_both_languages(server: str, pages: Pages, width: int,
                                                     height: int) -> None:
    phone = width < 600
    page = pages.new(width, height)
    info = create_in_lobby(page, server, "som", seed=5, lang="es", persons=1, bot="random")
    page.goto(info["url"])
    wait_state(page)
    assert page.locator("#board [data-cell]").count() == 37
    done = play(page, 14, phone)
    assert done["board"] >= 3, done
    assert done["cells"] >= 1, done
    for lang in ("es", "en"):
        page.goto(info["url"].split("#")[0].split("?")[0] + f"?lang={lang}")
        wait_state(page)
        page.wait_for_selector(f"#board .som[lang={lang}]")
        no_sideways_scroll(page)
        check_buttons(page)
        text = words_of(page)
        assert not foreign_words(text, lang), f"{lang} page shows {foreign_words(text, lang)}"
        board = page.evaluate("""() => { const m = document.querySelector('#board .som-map')
          .getBoundingClientRect(); const c = document.querySelector('#board [data-cell]')
          .getBoundingClientRect(); return [m.width, c.width, c.height]; }""")
        if phone:
            assert board[0] <= width and board[1] >= 44 and board[2] >= 44, board
        else:
            assert board[0] >= 560 and board[1] >= 70, f"the map does not use the room: {board}"
        # a cell's details on tap (and focus): its number and what lies on it, in words
        cell = page.locator("#board [data-cell]:not([data-act])").first
        n = cell.get_attribute("data-cell")
        cell.click()
        detail = page.locator("#board [data-part=detail]").inner_text()
        assert re.search(rf"\b{n}\b", detail) and ("Casilla" if lang == "es" else "Cell") in detail
        # … and from the keyboard: the map is one tab stop whose arrow keys walk the cells
        page.focus("#board .som-map")
        page.keyboard.press("ArrowDown")
        walked = page.locator("#board [data-part=detail]").inner_text()
        assert walked != detail and re.search(r"\b\d+\b", walked), (detail, walked)
        if lang == "es":
            name = "som-phone.png" if phone else "som-desktop.png"
            if phone:
                page.evaluate("() => window.scrollTo(0, document.querySelector('#board')"
                              ".getBoundingClientRect().top + window.scrollY - 4)")
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            docs_screenshot(page, name)


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_moves_animate_only_without_reduced_motion(server: str, pages: Pages,
                                                   motion: str) -> None:
    page = pages.new(390, 844, reduced_motion=motion)
    page.add_init_script(COUNT_ANIMATIONS)
    info = create_in_lobby(page, server, "som", seed=5, lang="en", persons=1, bot="random")
    page.goto(info["url"])
    wait_state(page)
    done = play(page, 40, phone=True, until_cells=3)
    assert done["cells"] == 3, f"fewer cells clicked to move to than wanted: {done}"
    moved = page.evaluate("() => window.__somMoves")
    if motion == "reduce":
        assert page.evaluate("() => document.getAnimations().length") == 0
        assert moved == [], moved
    else:   # the citizen (an SVG pawn) walks to its new cell
        assert "svg" in moved, moved
