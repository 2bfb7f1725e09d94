"""The classroom in Chromium: a teacher logs in and makes a class of two Som tables, eight
students join by code in their own browsers (4 and 4), the class starts, a student leaves and
a bot takes the seat; a student's browser cannot open the projector page. The class form
draws the chosen game's options as the lobby does, in the page's language."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser_support import Pages, api_as, running_server, table_state, wait_state
from .test_lobby import SMALL_TARGETS
from .test_pages_quality import problems

PASSWORD = "a long teacher password"


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp: Path = tmp_path_factory.mktemp("classroom")
    with running_server(tmp) as base:
        r = subprocess.run([sys.executable, "-m", "ludoteca", "teacher", "add", "profe",
                            "--password-stdin", "--db", f"sqlite:///{tmp / 'web.db'}",
                            "--lang", "en"], input=PASSWORD + "\n", capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        yield base


def test_class_of_two_som_tables(class_server: str, pages: Pages) -> None:
    base = class_server
    teacher = pages.new()
    teacher.goto(f"{base}/teach?lang=en")
    teacher.fill("#teacher-name", "profe")
    teacher.fill("#teacher-password", "wrong password")
    teacher.click(".login-button")
    teacher.wait_for_selector(".teach-status:has-text('wrong name or password')")
    teacher.fill("#teacher-password", PASSWORD)
    teacher.click(".login-button")
    teacher.wait_for_selector("#class-game option[value='som']", state="attached")
    teacher.select_option("#class-game", "som")
    teacher.fill("#class-tables", "2")
    teacher.select_option("#class-seats", "4")
    teacher.select_option("#class-bot", "random")
    teacher.fill("#opt-max_turns", "20")
    teacher.click(".create-class")
    teacher.wait_for_url("**/class/*")
    code = teacher.locator(".class-code").inner_text().strip()
    assert len(code) == 6
    class_id = teacher.url.split("/class/")[1].split("?")[0]
    # the QR is drawn once its SVG has loaded (the page sets its address after the class came)
    teacher.wait_for_function("() => { const img = document.querySelector('.class-qr');"
                              " return img && img.complete && img.naturalWidth > 0; }")

    students: list[Any] = []
    for i in range(8):
        page = pages.new(width=800, height=700)
        page.goto(f"{base}/join?code={code}&lang=es")
        page.fill("#join-name", f"Alumna {i + 1}")
        page.click(".join-button")
        page.wait_for_url("**/t/*")
        wait_state(page)
        state = table_state(page)
        assert state is not None and len(state["you"]) == 1
        students.append(page)
    summary = api_as(teacher, base, "GET", f"/api/classes/{class_id}")
    assert Counter(s["table"] for s in summary["students"]) == {0: 4, 1: 4}
    teacher.wait_for_function("() => document.querySelectorAll('.class-table li.student').length"
                              " === 8")

    # a student's browser may not open the projector page nor call the teacher's API
    denied = students[0].request.get(f"{base}/api/classes/{class_id}")
    assert denied.status == 401
    students[0].goto(f"{base}/class/{class_id}")
    assert students[0].locator("body[data-page='refused']").count() == 1
    students[0].go_back()
    wait_state(students[0])

    # reconnect: reloading keeps the seat
    before = table_state(students[1])["you"]
    students[1].reload()
    wait_state(students[1])
    assert table_state(students[1])["you"] == before

    teacher.click(".class-start")
    teacher.wait_for_selector("body[data-status='playing']")
    # a student leaves: the class's bot takes the seat, her browser only watches
    leaving = students[2]
    state = table_state(leaving)
    seat, table_id = state["you"][0], state["table_id"]
    api_as(leaving, base, "POST", f"/api/classes/{class_id}/leave", {})
    leaving.wait_for_function("() => window.ludotecaTable.state.you.length === 0")
    after = api_as(teacher, base, "GET", f"/api/tables/{table_id}")
    assert after["seats"][seat]["kind"] == "bot" and after["seats"][seat]["bot"] == "random"

    teacher.click(".class-pause")
    teacher.wait_for_selector("body[data-status='paused']")
    teacher.click(".class-resume")
    teacher.wait_for_selector("body[data-status='playing']")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_class_form_shows_the_games_options_in_the_page_language(class_server: str,
                                                                  pages: Pages,
                                                                  lang: str) -> None:
    base = class_server
    page = pages.new(390, 844)
    page.goto(f"{base}/teach?lang={lang}")
    page.fill("#teacher-name", "profe")
    page.fill("#teacher-password", PASSWORD)
    page.click(".login-button")
    page.wait_for_selector("#class-game option[value='som']", state="attached")
    # the teacher's list of classes in the page's language too (a class waiting, of 2 tables)
    api_as(page, base, "POST", "/api/classes", {"game": "som", "tables": 2, "seats": 4,
                                               "bot": "random", "options": {"max_turns": 3}})
    page.reload()
    page.wait_for_selector(".class-list li", state="attached")
    listed = page.locator(".class-list li").first.inner_text()   # newest first
    words = "(esperando, 2 mesas)" if lang == "es" else "(waiting, 2 tables)"
    assert "Som el que decidim! · " in listed and words in listed, listed
    page.wait_for_selector("#class-game option[value='som']", state="attached")
    assert page.locator("#class-options").count() == 0          # no raw JSON any more
    page.select_option("#class-game", "som")
    mode = page.locator(".option-row[data-option='mode']")
    label, help_text = mode.locator("label").inner_text(), mode.locator(".option-help").inner_text()
    choices = page.locator("#opt-mode option").all_inner_texts()
    central = page.locator(".option-row[data-option='centralism']")
    bots = page.locator("#class-bot option").all_inner_texts()
    if lang == "es":
        assert "Modo de juego" in label and "poderes de los discos" in help_text
        assert choices[0] == "A: Balanzas fiscales"
        assert "Centralismo" in central.locator("label").inner_text()
        assert any(b.startswith("Difícil: MCTS") for b in bots), bots
    else:
        assert "Game mode" in label and "disk powers" in help_text
        assert choices[0] == "A: Fiscal balances"
        assert "Centralism" in central.locator("label").inner_text()
        assert any(b.startswith("Hard: MCTS") for b in bots), bots
    assert page.locator("#opt-mode").input_value() == '"A"'
    assert page.locator("#opt-max_turns").get_attribute("type") == "number"
    titles = [g["title"] for g in api_as(page, base, "GET", "/api/games")]
    assert not problems(page, lang, titles)   # axe, no sideways scroll at 390 px, one language
    assert not page.evaluate(SMALL_TARGETS)    # every control a 44 px target on a phone
    # seats within the game's players (Som: 1 to 4); the bot's thinking time only for MCTS
    assert page.locator("#class-seats option").all_inner_texts() == ["1", "2", "3", "4"]
    assert page.locator("#class-bot").input_value() == "greedy"
    assert not page.locator("#class-bot-seconds").is_visible()
    page.select_option("#class-bot", "mcts")
    assert page.locator("#class-bot-seconds").is_visible()
    # the form follows the game: El Plan's options, 2 to 6 seats, its yes/no as a checkbox
    page.select_option("#class-game", "elplan")
    assert page.locator(".option-row[data-option='mode']").count() == 0
    assert page.locator("#opt-tutorial option").all_inner_texts() == (
        ["No", "Sí"] if lang == "es" else ["No", "Yes"])
    assert page.locator("#opt-credit_repayment").get_attribute("type") == "checkbox"
    assert page.locator("#class-seats option").all_inner_texts() == [str(n) for n in range(2, 7)]
    assert not page.evaluate(SMALL_TARGETS)
    # a refused option: the server's words next to its field, which gets the focus
    page.select_option("#class-game", "som")
    page.fill("#opt-max_turns", "-3")
    page.click(".create-class")
    error = page.locator("#opt-max_turns-error")
    error.wait_for()
    assert ("termina" if lang == "es" else "always ends") in error.inner_text()
    assert page.locator("#opt-max_turns").get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.activeElement.id") == "opt-max_turns"
    assert "/teach" in page.url                                   # nothing was created
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
