"""Table life in the browser: the lobby offers the clock and says what happens at timeout;
at 390×844 the table shows the seats' clocks and who is connected, the collapsible chat
shows a hostile message literally (no element made from it), and the sound toggle is off by
default and remembered."""

from __future__ import annotations

from typing import Any

from .browser_support import wait_state

HOSTILE = '<img src=x onerror="window.__xss=1"><b>hola</b>'


def create_with_clock(page: Any, base: str, lang: str = "es") -> str:
    """Create a Qytetet table (me and a greedy bot) with a 60 s clock per move, in the
    lobby; the table's address."""
    page.goto(f"{base}/?lang={lang}")
    page.wait_for_selector("#game-select option[value='qytetet']", state="attached")
    page.select_option("#game-select", "qytetet")
    page.select_option("#clock-mode", "move")
    page.fill("#clock-amount", "60")
    page.click(".create-button")
    page.wait_for_selector(".created .go-to-table")
    return page.locator(".created .go-to-table").evaluate("a => a.href")


def test_lobby_offers_the_clock_and_says_what_happens_at_timeout(server, pages):
    page = pages.new(390, 844)
    page.goto(f"{server}/?lang=es")
    page.wait_for_selector("#clock-mode")
    modes = page.locator("#clock-mode option").evaluate_all("os => os.map(o => o.value)")
    assert modes == ["none", "move", "game"]
    assert page.input_value("#clock-mode") == "none"            # no clock unless chosen
    assert page.locator("#clock-amount").is_hidden()
    page.select_option("#clock-mode", "move")
    help_es = page.text_content("#clock-help")
    assert "un bot juega por ti" in help_es and "el asiento sigue siendo tuyo" in help_es
    assert page.input_value("#clock-amount") == "60" and "60 s" in help_es
    page.select_option("#clock-mode", "game")
    assert "solo corre en tu turno" in page.text_content("#clock-help")
    assert page.input_value("#clock-amount") == "10"            # minutes
    box = page.locator(".clock-set").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("#clock-mode")
    page.select_option("#clock-mode", "move")
    assert "a bot plays that decision for you" in page.text_content("#clock-help")


def test_table_at_phone_width_shows_clock_presence_and_escaped_chat(server, pages):
    page = pages.new(390, 844)
    url = create_with_clock(page, server)
    page.goto(url)
    wait_state(page)
    st = page.evaluate("() => window.ludotecaTable.state")
    assert st["clock"]["mode"] == "move" and st["clock"]["seconds"] == 60
    me = st["you"][0]
    # my seat: a clock (a timer, not announced every second) and "conectado"
    clock = page.locator(f".seat-panel[data-seat='{me}'] .seat-clock")
    clock.wait_for()
    assert clock.get_attribute("role") == "timer"
    assert clock.text_content() in {f"0:{s:02d}" for s in range(40, 60)} | {"1:00"}
    assert page.text_content(f".seat-panel[data-seat='{me}'] .seat-presence") == "conectado"
    assert page.locator(".seat-panel[data-seat='1'] .seat-clock").count() == 0   # the bot
    # the chat starts folded on a phone; it opens from the keyboard
    toggle = page.locator(".chat-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.focus()
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.evaluate("() => document.activeElement.classList.contains('chat-input')")
    page.keyboard.type(HOSTILE)
    page.keyboard.press("Enter")
    text = page.locator(".chat-list .chat-text").first
    text.wait_for()
    assert text.text_content() == HOSTILE                        # shown literally
    assert page.locator(".chat-list img, .chat-list b").count() == 0
    assert page.evaluate("() => window.__xss") is None
    assert page.text_content(".chat-list .chat-name").startswith("Ana")
    for sel in (".chat-area", ".chat-input", ".chat-send"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, sel
    assert page.locator(".chat-send").bounding_box()["height"] >= 44
    # a reload keeps the chat (the server sends it on connecting)
    page.reload()
    wait_state(page)
    page.click(".chat-toggle")
    page.locator(".chat-list .chat-text").first.wait_for()
    assert page.locator(".chat-list .chat-text").first.text_content() == HOSTILE


def test_sound_is_off_by_default_and_remembered(server, pages):
    page = pages.new(390, 844)
    url = create_with_clock(page, server, lang="en")
    page.goto(url)
    wait_state(page)
    toggle = page.locator(".sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    box = toggle.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => localStorage.getItem('ludoteca.sound')") == "on"
    page.reload()
    wait_state(page)
    assert page.locator(".sound-toggle").get_attribute("aria-pressed") == "true"
