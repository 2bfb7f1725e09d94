"""The «Siglo XX» board in a real browser (``static/games/sigloxx.js``): a table with one person
and bots, played by clicking the board, at phone (390×844) and desktop (1366×900) sizes.

After a few turns: no sideways scroll, no action button labelled with its slug, the board's
words all in the page's language, every clickable part of the board named in words (the same
words as its button) and at least 44 px at phone width, clicking the board or pressing Enter on
it doing what the button does, and moves animated for at most 300 ms — never under
``prefers-reduced-motion: reduce``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser_support import (
    Pages,
    chromium_path,
    click_and_wait,
    create_in_lobby,
    docs_screenshot,
    table_state,
    version,
    wait_my_turn_or_over,
    wait_state,
    wait_version_above,
)

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="no Chromium")

# UI words of the board in one language that must not show on the other language's page
SPANISH = ["Subasta", "Tierras en oferta", "Tecnologías en oferta", "Ronda", "Fase", "Ahora:",
           "Ingresos", "Monedas", "Ciencia", "Contaminación", "Basura", "monedas", "de ciencia",
           "Tarjetas de puntuación", "Quedan", "Ciudadanos en reserva", "secreto", "decide",
           "Catástrofe", "Jugador inicial", "tablero"]
ENGLISH = ["Auction", "Land on offer", "Technologies on offer", "Round", "Phase", "Now:",
           "Income", "Coins", "Science", "Pollution", "Garbage", "coins", "science",
           "Scoring cards", "Left:", "Citizens in reserve", "secret", "to move", "Catastrophe",
           "Start player", "board track"]
BOARD_ACT = "#board .sx [data-act]"


def open_table(pages: Pages, server: str, width: int, height: int, lang: str,
               **context: Any) -> Any:
    page = pages.new(width, height, **context)
    links = create_in_lobby(page, server, "sigloxx", seed=5, lang=lang)
    page.goto(f"{links['url']}?lang={lang}")
    wait_state(page)
    page.wait_for_selector("#board .sx")
    return page


def board_click(page: Any) -> str | None:
    """Act by the board when it offers something (the lowest bid, else the first part); check
    the part's name is its button's words and the log records that very action."""
    parts = page.locator(BOARD_ACT)
    if not parts.count():
        return None
    texts = parts.evaluate_all("els => els.map(e => e.dataset.act)")
    bids = sorted((t for t in texts if t.startswith("pujar ")), key=lambda t: int(t.split()[1]))
    text = bids[0] if bids else texts[0]
    target = page.locator(f'{BOARD_ACT}[data-act="{text}"]').first
    button = page.locator(f'.action-button[data-action="{text}"]')
    assert button.count() == 1, f"{text!r} on the board but not among the buttons"
    label = button.locator(".action-label").inner_text().strip()
    assert target.get_attribute("aria-label") == label
    before = version(page)
    target.click()
    wait_version_above(page, before)
    entry = page.locator(f".log-entry[data-n='{before + 1}']")
    assert text in entry.inner_text(), (text, entry.inner_text())
    return text


def play(page: Any, moves: int) -> list[tuple[str, bool]]:
    """Play ``moves`` turns, by the board when it can, else by the first button: the actions
    and whether each was the board's."""
    done = []
    while len(done) < moves and wait_my_turn_or_over(page):
        text = board_click(page)
        if text is not None:
            done.append((text, True))
            continue
        text = page.locator(".action-button:not([disabled])").first.get_attribute("data-action")
        click_and_wait(page)
        done.append((text, False))
    return done


def check_page(page: Any, lang: str, phone: bool) -> None:
    width = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"sideways scroll: {width}"
    labels = page.locator(".action-button").evaluate_all(
        "els => els.map(e => [e.dataset.action, e.querySelector('.action-label').innerText])")
    assert labels, "no action buttons"
    for text, label in labels:
        assert label.strip() != text and "-" not in label.split()[0], (text, label)
    board = page.locator("#board .sx").inner_text()
    foreign = ENGLISH if lang == "es" else SPANISH
    shown = [w for w in foreign if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", board)]
    assert not shown, f"{lang} page shows {shown}"
    assert page.locator("#board .sx").get_attribute("lang") == lang
    # every clickable part has a name in words; HTML ones are big enough to touch
    parts = page.locator(BOARD_ACT).evaluate_all("""els => els.map(e => {
        const r = e.getBoundingClientRect();
        return {act: e.dataset.act, name: e.getAttribute('aria-label') || '',
                svg: e instanceof SVGElement, w: r.width, h: r.height,
                tab: e.getAttribute('tabindex')};
    })""")
    for p in parts:
        assert p["name"] and p["name"] != p["act"], p
        assert p["tab"] == "0", p
        if phone and not p["svg"]:
            assert p["w"] >= 44 and p["h"] >= 44, p


@pytest.mark.parametrize(("width", "height", "lang"), [(390, 844, "es"), (1366, 900, "en")])
def test_board_at_phone_and_desktop(server: str, pages: Pages, width: int, height: int,
                                    lang: str) -> None:
    page = open_table(pages, server, width, height, lang)
    done = play(page, 5)
    assert len(done) >= 3, done
    assert any(by_board for _text, by_board in done), f"nothing played on the board: {done}"
    if not table_state(page)["over"]:
        wait_my_turn_or_over(page)
    check_page(page, lang, phone=width < 700)
    tag = "phone" if width < 700 else "desktop"
    if lang == "es":
        docs_screenshot(page, f"sigloxx-{tag}.png")


def test_keyboard_acts_like_the_button(server: str, pages: Pages) -> None:
    """Tab to a part of the board and press Enter: the same action as its button."""
    page = open_table(pages, server, 1366, 900, "es")
    for _ in range(10):
        assert wait_my_turn_or_over(page)
        if page.locator(BOARD_ACT).count():
            break
        click_and_wait(page)
    part = page.locator(BOARD_ACT).first
    text = part.get_attribute("data-act")
    part.focus()
    before = version(page)
    page.keyboard.press("Enter")
    wait_version_above(page, before)
    assert text in page.locator(f".log-entry[data-n='{before + 1}']").inner_text()


def test_moves_animate_briefly_and_not_under_reduced_motion(server: str, pages: Pages) -> None:
    moving = open_table(pages, server, 1366, 900, "es")
    assert wait_my_turn_or_over(moving)
    moving.evaluate("""() => { window.sxAnims = []; const seen = new Set();
      const look = () => { for (const a of document.getAnimations()) {
          const t = a.effect && a.effect.target;
          if (t && t.closest && t.closest('.sx') && !seen.has(a)) {
            seen.add(a); window.sxAnims.push(a.effect.getTiming().duration); } }
        requestAnimationFrame(look); };
      look(); }""")
    play(moving, 3)
    moving.wait_for_function("() => window.sxAnims.length > 0", timeout=5000)
    assert all(d <= 300 for d in moving.evaluate("window.sxAnims")), "an animation over 300 ms"

    still = open_table(pages, server, 390, 844, "en", reduced_motion="reduce")
    assert wait_my_turn_or_over(still)
    play(still, 3)
    assert still.evaluate("document.getAnimations().length") == 0
    assert wait_my_turn_or_over(still)           # the bots have moved too: still nothing moves
    assert still.evaluate("document.getAnimations().length") == 0
    check_page(still, "en", phone=True)
