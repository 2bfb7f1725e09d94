"""The Qytetet and Civitas ring board (``static/games/monopoly.js``) in a real browser, on a
phone (390×844) and a desktop (1366×900): played by clicking the board (the die, a square's
card), no sideways scroll, squares big enough to tap, short names that fit their square,
buttons in words, English names on an English page in both board and log, the final round
shown right after the end, and no motion when the system asks for reduced motion.
Screenshots of each board go to ``docs/screens/<game>-<phone|desktop>.png``."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import (
    Pages,
    api_as,
    docs_screenshot,
    table_state,
    version,
    wait_my_turn_or_over,
    wait_state,
    wait_version_above,
)

SIZES = {"phone": (390, 844), "desktop": (1366, 900)}
# (game, size, language): each game on both sizes, each size in both languages
CASES = [("qytetet", "phone", "es"), ("qytetet", "desktop", "en"),
         ("civitas", "phone", "en"), ("civitas", "desktop", "es")]
COUNT_ANIMATIONS = """
window.__monoAnimations = 0;
const original = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (this.closest && this.closest('.mono-board')) window.__monoAnimations += 1;
  return original.apply(this, args);
};
"""


def new_table(page: Any, server: str, game: str, lang: str, seats: int = 3,
              **options: Any) -> None:
    """A table of this page's person (seat 0, Ana) and greedy bots, opened in ``lang``."""
    made = api_as(page, server, "POST", "/api/tables", {
        "game": game, "options": options, "lang": lang, "seed": 7, "listed": False,
        "seats": [{"kind": "person", "name": "Ana", "access": "host"},
                  {"kind": "bot", "name": "Bot", "bot": "greedy"},
                  {"kind": "bot", "name": "Robot", "bot": "greedy"}][:seats]})
    page.goto(f"{server}{made['url']}?lang={lang}")
    wait_state(page)


def legal_texts(page: Any) -> list[str]:
    return [a["text"] for a in table_state(page)["legal"]["0"]]


def play_by_clicking(page: Any) -> bool:
    """One action of seat 0 by clicking the board: the die to roll, a square's card to buy;
    else the «end the turn» button. False when the game is over."""
    if not wait_my_turn_or_over(page):
        return False
    legal = legal_texts(page)
    v = version(page)
    if "tirar" in legal:
        die = page.locator(".mono-diebox[role='button']")
        assert die.get_attribute("aria-label"), "the die has a name in words"
        die.click()
    elif "comprar" in legal:
        mine = table_state(page)["views"]["0"]["players"][0]["position"]
        square = page.locator(f".mono-square[data-square='{mine}']")
        assert "actionable" in (square.get_attribute("class") or "")
        square.click()
        button = page.locator(".mono-menu .mono-menu-action[data-action='comprar']")
        assert button.inner_text().strip() != "comprar"
        box = button.bounding_box()
        assert box and box["height"] >= 44
        button.click()
    else:
        page.locator(".action-button[data-action='terminar']").click()
    wait_version_above(page, v)
    return True


def no_sideways_scroll(page: Any) -> None:
    sw, w = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert sw <= w, f"the page scrolls sideways: {sw} > {w}"


@pytest.mark.parametrize(("game", "size", "lang"), CASES)
def test_board_on_phone_and_desktop(server: str, pages: Pages, game: str, size: str,
                                    lang: str) -> None:
    width, height = SIZES[size]
    page = pages.new(width, height)
    new_table(page, server, game, lang)
    page.locator(".mono-square").first.wait_for()   # (the board's module may load after
    assert page.locator(".mono-square").count() == 20  # the state: it draws when loaded)
    turns = 0
    while turns < 8 and play_by_clicking(page):
        turns += 1
    assert turns >= 4
    wait_my_turn_or_over(page)
    no_sideways_scroll(page)
    board = page.locator(".mono-board")
    box = board.bounding_box()
    assert box is not None
    if size == "phone":
        assert box["width"] >= width - 40, "the ring fills the phone's width"
        sizes = page.locator(".mono-square").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); "
            "return [r.width, r.height]; })")
        assert min(min(s) for s in sizes) >= 44, f"squares too small to tap: {sizes}"
        # the short names fit their squares whole: nothing cut, no word broken
        cut = page.locator(".mono-short").evaluate_all(
            "els => els.filter(e => e.scrollWidth > e.clientWidth + 1 ||"
            " e.getBoundingClientRect().height > 2.6 * parseFloat(getComputedStyle(e).fontSize))"
            ".map(e => e.textContent)")
        assert cut == [], cut
    else:
        assert box["width"] >= 600, "the board uses the room"
        assert box["y"] + box["height"] <= height + 1, "the whole board fits the window"
    # every action button says what it does in words, not its text form
    buttons = page.locator(".action-button").evaluate_all(
        "els => els.map(e => [e.dataset.action,"
        " (e.querySelector('.action-label') || e).innerText.trim()])")
    assert buttons
    for text, label in buttons:
        assert label != text and not label.startswith(text), (text, label)
    # the squares have names in words; those with actions are reachable with the keyboard
    labels = page.locator(".mono-square .mono-hit").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(lbl and len(lbl) > 4 for lbl in labels)
    assert page.locator(".mono-hit[tabindex='0']").count() >= 1
    # the pawn's square has the same name on the board and in the log, in the page's language
    view = table_state(page)["views"]["0"]
    here = view["squares"][view["players"][0]["position"]]
    name = here["name_en"] if lang == "en" else here["name"]
    square = page.locator(f".mono-square[data-square='{here['index']}']")
    assert name in square.locator(".mono-hit").get_attribute("aria-label")
    if size == "desktop":
        assert square.locator(".mono-name").inner_text() == name
    log_text = page.locator(".log-entry").evaluate_all("els => els.map(e => e.innerText)")
    assert any(name.lower() in t.lower() for t in log_text), (name, log_text[:6])
    board_text = board.inner_text()
    if lang == "en":
        assert "Tablero" not in board_text and "Ronda" not in board_text
    shown, other = ("name_en", "name") if lang == "en" else ("name", "name_en")
    for sq in view["squares"]:
        if sq[other].lower() != sq[shown].lower():  # no name of the other language on the board
            assert sq[other] not in board_text, (sq[other], lang)
    page.evaluate("() => window.scrollTo(0, 0)")
    docs_screenshot(page, f"{game}-{size}.png")


@pytest.mark.parametrize("game", ["qytetet", "civitas"])
def test_pawns_move_only_when_motion_is_welcome(server: str, pages: Pages, game: str) -> None:
    """With motion the pawn walks (an animation on the board after a roll); under
    ``prefers-reduced-motion: reduce`` nothing on the board moves."""
    for motion, expect in (("reduce", False), ("no-preference", True)):
        page = pages.new(390, 844, reduced_motion=motion)
        page.add_init_script(COUNT_ANIMATIONS)
        new_table(page, server, game, "es")
        assert wait_my_turn_or_over(page)
        v = version(page)
        page.locator(".mono-diebox[role='button']").click()
        wait_version_above(page, v)
        counted = page.evaluate("() => window.__monoAnimations")
        running = page.evaluate(
            "() => document.getAnimations().filter(a => a.effect && a.effect.target &&"
            " a.effect.target.closest && a.effect.target.closest('.mono-board')).length")
        if expect:
            assert counted > 0, "the pawn walks to its square"
        else:
            assert counted == 0 and running == 0, (counted, running)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_final_round_is_shown_after_the_end(server: str, pages: Pages, lang: str) -> None:
    """A one-round game: once over, the board says the game ended in round 1 (never
    "round 2 of 1")."""
    page = pages.new(1366, 900)
    new_table(page, server, "qytetet", lang, seats=2, max_rounds=1)
    while play_by_clicking(page):
        pass
    page.wait_for_function("() => window.ludotecaTable.state.over")
    stats = page.locator(".mono-stats").inner_text()
    if lang == "es":
        assert "Partida terminada en la ronda 1" in stats and "Ronda 2" not in stats
    else:
        assert "Game over in round 1" in stats and "Round 2" not in stats
