"""The end of a game in the browser: the results screen (ranking, breakdown, reason in words,
a chart) on a phone without sideways scroll, the rematch from two browsers, and the replay's
"show hidden information", arrow keys and #step=N links."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from .browser_support import (
    Pages,
    api,
    api_as,
    chromium_path,
    docs_screenshot,
    table_state,
    wait_state,
)

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="no Chromium: install Debian's chromium or set LUDOTECA_CHROMIUM to its path")



def bots_game(server: str, game: str, n: int, seed: int, **options: Any) -> str:
    made = api(server, "POST", "/api/tables", {
        "game": game, "options": options, "lang": "es", "seed": seed,
        "seats": [{"kind": "bot", "bot": "random", "name": f"Bot {i + 1}"} for i in range(n)]})
    tid = made["table_id"]
    deadline = time.monotonic() + 60
    while api(server, "GET", f"/api/tables/{tid}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return tid


def results_ready(page: Any) -> Any:
    page.wait_for_function("() => window.ludotecaTable && window.ludotecaTable.state"
                           " && window.ludotecaTable.state.over", timeout=30000)
    box = page.locator(".over-screen .results[data-results='ready']")
    box.wait_for()
    return box


def overflowing(page: Any, selector: str) -> list[str]:
    """Elements inside ``selector`` that reach past the viewport's right edge."""
    return page.evaluate("""sel => {
      const w = document.documentElement.clientWidth;
      return [...document.querySelectorAll(sel + ' *')]
        .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > w + 1)
        .map(e => e.tagName + '.' + e.className);
    }""", selector)


def test_results_screen_on_a_phone_and_a_desktop(server: str, pages: Pages) -> None:
    tid = bots_game(server, "sigloxx", 3, seed=3)
    page = pages.new(390, 844)
    page.goto(f"{server}/t/{tid}?lang=es")
    box = results_ready(page)
    result = table_state(page)["result"]
    # the ranking, in the server's order, with names
    cards = box.locator(".results-card")
    assert cards.count() == 3
    assert [int(cards.nth(i).get_attribute("data-seat")) for i in range(3)] == result["ranking"]
    assert "Bot" in cards.first.locator(".results-name").inner_text()
    # the breakdown as Siglo XX counts it, adding up to the score
    first = cards.first
    rows = first.locator(".results-score-parts tr:not(.total) td.num")
    values = [int(v.replace(".", "").replace("−", "-")) for v in rows.all_inner_texts()]
    assert sum(values) == result["scores"][result["ranking"][0]]
    assert first.locator("tr[data-key='clean_tiles']").inner_text().startswith("Losetas")
    # the reason in words, in Spanish; no raw code
    reason = box.locator(".results-reason").inner_text()
    assert "ronda VI" in reason and "fin)" not in reason and "limit" not in reason
    # what was hidden (coins) is shown
    assert first.locator(".results-revealed dt", has_text="Monedas").count() == 1
    # a chart, drawn, with a text alternative; switching series redraws it
    chart = box.locator(".results-chart canvas")
    chart.wait_for()
    label = box.locator(".results-chart").get_attribute("aria-label")
    assert label.startswith("Puntos de victoria")
    box.locator(".results-tabs button[data-series='coins']").click()
    page.wait_for_function("() => document.querySelector('.results-chart')?.dataset.series"
                           " === 'coins' && document.querySelector('.results-chart canvas')")
    assert "Monedas" in box.locator(".results-chart").get_attribute("aria-label")
    assert box.locator(".results-data table tbody tr").count() == 3
    # phone: nothing of the results reaches past the screen; buttons are big enough
    assert overflowing(page, ".over-screen") == []
    tab = box.locator(".results-tabs button").first.bounding_box()
    assert tab["height"] >= 44
    docs_screenshot(page, "results-phone.png", ".over-screen")

    desk = pages.new(1366, 900)
    desk.goto(f"{server}/t/{tid}?lang=en")
    box = results_ready(desk)
    box.locator(".results-chart canvas").wait_for()
    assert "final scoring after round VI" in box.locator(".results-reason").inner_text()
    assert box.locator(".results-card").first.locator("tr[data-key='clean_tiles']") \
        .inner_text().startswith("Garbage-free tiles")
    assert overflowing(desk, ".over-screen") == []
    docs_screenshot(desk, "results-desktop.png", ".over-screen")
    assert not pages.errors


def play_people(server: str, players: list[Any], tid: str, seconds: float = 60) -> None:
    """Each page plays its own seat at random (through its browser's cookie) to the end."""
    rng = random.Random(5)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        moved = False
        for page in players:
            st = api_as(page, server, "GET", f"/api/tables/{tid}/state")
            if st["over"]:
                return
            for seat, legal in st["legal"].items():
                if legal:
                    try:
                        api_as(page, server, "POST", f"/api/tables/{tid}/act",
                               {"version": st["version"], "seat": int(seat),
                                "action": rng.choice(legal)["text"]})
                    except AssertionError:
                        pass        # a bot moved meanwhile (stale): look again
                    moved = True
        if not moved:
            time.sleep(0.05)
    raise AssertionError("the people's game did not finish")


def test_rematch_gives_both_people_their_seats(server: str, pages: Pages) -> None:
    ana = pages.new(390, 844)
    ana.goto(f"{server}/?lang=es")
    made = api_as(ana, server, "POST", "/api/tables", {
        "game": "qytetet", "options": {"max_rounds": 1}, "lang": "es", "seed": 8,
        "seats": [{"kind": "person", "name": "Ana", "access": "host"},
                  {"kind": "person", "name": "Bea", "access": "invite"},
                  {"kind": "bot", "bot": "random", "name": "Robo"}]})
    tid = made["table_id"]
    bea = pages.new(1366, 900)
    bea.goto(server + made["seats"][1]["invite"])
    wait_state(bea)
    assert table_state(bea)["you"] == [1]
    ana.goto(f"{server}/t/{tid}")
    wait_state(ana)
    play_people(server, [ana, bea], tid)
    results_ready(ana)
    results_ready(bea)
    # Ana asks for the rematch: a new table, where she holds seat 0
    ana.locator(".rematch-button").click()
    ana.wait_for_url(lambda url: f"/t/{tid}" not in url and "/t/" in url)
    wait_state(ana)
    new = table_state(ana)
    # a new game (the bot may already have played its first turn)
    assert new["table_id"] != tid and new["you"] == [0] and not new["over"]
    assert [s["name"] for s in new["seats"]] == ["Ana", "Bea", "Robo"]
    assert new["seats"][2]["kind"] == "bot" and new["seats"][2]["bot"] == "random"
    # Bea's page learns of it and she joins from her own browser: seat 1
    join = bea.locator(".rematch-join")
    join.wait_for(timeout=10000)
    join.click()
    bea.wait_for_url(f"**/t/{new['table_id']}**")
    wait_state(bea)
    assert table_state(bea)["you"] == [1]
    assert table_state(bea)["table_id"] == new["table_id"]
    assert not pages.errors


def test_replay_reveal_arrow_keys_and_step_links(server: str, pages: Pages) -> None:
    tid = bots_game(server, "sigloxx", 3, seed=6)
    page = pages.new(390, 844)
    page.goto(f"{server}/replay/{tid}?lang=es#step=12")
    page.wait_for_function("() => document.body.dataset.step === '12'")
    assert page.locator(".replay-slider").input_value() == "12"
    # the end reason in words on the replay page too
    page.wait_for_function("() => (document.querySelector('.result-reason')?.textContent || '')"
                           ".includes('ronda VI')")
    # the spectator does not see anyone's coins; revealing seat 1 shows that seat's
    assert page.locator(".replay-board [data-coins]").count() == 0
    page.check(".replay-reveal")
    page.select_option(".replay-seat", "1")
    page.wait_for_function("() => document.body.dataset.replaySeat === '1'")
    page.locator(".replay-board [data-coins]").first.wait_for()
    step12 = api(server, "GET", f"/api/tables/{tid}/replay/12")
    coins = step12["views"]["1"]["players"][1]["coins"]
    assert page.locator(".replay-board [data-coins]").first.get_attribute("data-coins") \
        == str(coins)
    assert page.evaluate("location.hash") == "#step=12&seat=1"
    # ArrowRight with the slider focused moves exactly one step, and the address follows
    page.focus(".replay-slider")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.body.dataset.step === '13'")
    page.wait_for_timeout(400)
    assert page.evaluate("document.body.dataset.step") == "13"
    assert page.evaluate("location.hash") == "#step=13&seat=1"
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.body.dataset.step === '12'")
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.dataset.step") == "12"
    # a link to a step opens that step
    other = pages.new(1366, 900)
    other.goto(f"{server}/replay/{tid}?lang=es#step=3")
    other.wait_for_function("() => document.body.dataset.step === '3'")
    total = api(server, "GET", f"/api/tables/{tid}/replay")["steps"]
    assert other.locator(".replay-counter").inner_text() == f"Jugada 3 de {total}"
    assert other.evaluate("document.body.dataset.replaySeat") == "spectator"
    assert not pages.errors

