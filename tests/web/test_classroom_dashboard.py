"""The teacher's live dashboard (issue 23, second part): every table in small from the
spectator's view only (never a student's hidden cards), the teacher's WebSocket and its
refusals, what students see of the class at their table (the teacher's message as text,
"paused by the teacher" with actions blocked, in Chromium), and several workers on one
PostgreSQL (a message reaches every worker's sockets; racing joins never share a seat)."""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from websockets.sync.client import connect

from ludoteca.core.registry import info
from ludoteca.web.access import COOKIE, new_secret
from ludoteca.web.classroom import dashboard
from ludoteca.web.classroom.teachers import COOKIE as TEACHER_COOKIE
from ludoteca.web.table import dumps

from .browser_support import (
    Pages,
    api_as,
    docs_screenshot,
    running_server,
    screenshot,
    wait_state,
)
from .support import device
from .test_classroom import PASSWORD, add_teacher, app_client, error, join, login, new_class
from .test_classroom import teacher_db as teacher_db  # noqa: F401  (fixture)
from .test_pages_quality import problems
from .test_workers import Worker
from .test_workers import pg_db as pg_db  # noqa: F401  (fixture)

__all__ = ["app_client"]

GAMES = {"som": {"max_turns": 200}, "elplan": {}, "sigloxx": {}, "qytetet": {}, "civitas": {}}


def settle(table: Any, seat: int, timeout: float = 20.0) -> None:
    """Wait until the bots stopped: the student's turn, or the game over."""
    deadline = time.monotonic() + timeout
    last = -1
    while time.monotonic() < deadline:
        if table.version == last and (table.over or seat in table.game.to_move):
            return
        last = table.version
        time.sleep(0.25)
    raise AssertionError("the bots did not stop")


def spectator(table: Any) -> dict[str, Any]:
    return json.loads(dumps(table.game.view(None)))


# ----- the dashboard's data: the spectator's view only ---------------------------------------
@pytest.mark.parametrize("game", list(GAMES))
def test_dashboard_shows_only_the_spectators_view(app_client: TestClient, game: str) -> None:
    ana = login(app_client)
    seats = max(2, info(game).players[0])
    c = new_class(app_client, ana, game=game, tables=1, seats=seats, options=GAMES[game])
    s, key = join(app_client, c["code"], "Eva")
    cid = c["class_id"]
    assert app_client.post(f"/api/classes/{cid}/start", json={}, headers=ana).status_code == 200
    table = app_client.app.state.hub.tables[s["table_id"]]
    settle(table, s["seat"])
    asked: list[Any] = []
    real = table.game.view

    def spy(seat: Any = None) -> Any:
        asked.append(seat)
        return real(seat)

    table.game.view = spy                 # the instance only: this table's game
    dashboard._cache.clear()
    r = app_client.get(f"/api/classes/{cid}/dashboard", headers=ana)
    del table.game.view
    assert r.status_code == 200, r.text
    assert asked and set(asked) == {None}, asked     # never a seat's view
    d = r.json()
    assert d["status"] == "playing" and d["students"] == 1
    card = d["tables"][0]
    assert card["table_id"] == s["table_id"] and card["state"] in ("playing", "over")
    assert card["seats"][s["seat"]]["student"] and card["seats"][s["seat"]]["name"] == "Eva"
    view = spectator(table)
    assert card["figures"] == json.loads(dumps(dashboard.FIGURES[game](view)))
    assert card["figures"], "every game has key figures"
    for f in card["figures"]:
        assert f["label"]["es"] and f["label"]["en"]
        if "seats" in f:
            assert len(f["seats"]) == seats
    names = [x["name"] for x in card["seats"]]
    assert card["to_move"] == ([] if table.ended else [names[i] for i in table.game.to_move])
    players = view["players"]
    if game == "som":
        assert card["figures"][0]["value"] == view["hisenda"]["value"]
        assert card["figures"][1]["value"] == len(view["urna"])
    elif game == "qytetet":
        assert card["figures"][0]["seats"] == [p["capital"] for p in players]
    elif game == "civitas":
        assert card["figures"][0]["seats"] == [p["balance"] for p in players]
    elif game == "elplan":
        assert card["figures"][0]["seats"] == [p["ideas"] for p in players]
    elif game == "sigloxx":
        assert [f["key"] for f in card["figures"]] == ["vp", "pollution"]
        assert card["figures"][1]["seats"] == [p["pollution"] for p in players]
        # the student's coins and science are hidden from the others: never on the dashboard
        mine = table.game.view(s["seat"])["players"][s["seat"]]
        assert mine["coins"] is not None and view["players"][s["seat"]].get("coins") is None
        text = r.text
        assert '"coins"' not in text and '"science"' not in text
    app_client.post(f"/api/classes/{cid}/end", json={}, headers=ana)


def test_students_and_other_teachers_cannot_open_the_dashboard(app_client: TestClient) -> None:
    ana = login(app_client)
    berta = login(app_client, "berta")
    c = new_class(app_client, ana, tables=1, seats=2)
    cid = c["class_id"]
    s, key = join(app_client, c["code"], "Eva")
    student = device(key)
    for who, status, code in ((student, 401, "unauthorized"), ({}, 401, "unauthorized"),
                              (berta, 403, "forbidden")):
        error(app_client.get(f"/api/classes/{cid}/dashboard", headers=who), status, code)
        with pytest.raises(WebSocketDenialResponse) as denied:
            app_client.websocket_connect(f"/ws/class/{cid}", headers=who).__enter__()
        assert denied.value.status_code == status
        assert json.loads(denied.value.content)["error"]["code"] == code
    # another site's page, even with the teacher's cookie
    with pytest.raises(WebSocketDenialResponse) as denied:
        app_client.websocket_connect(f"/ws/class/{cid}", headers={
            **ana, "origin": "https://evil.example"}).__enter__()
    assert denied.value.status_code == 403
    # a browser logged in as a teacher never takes a student's seat
    error(app_client.post("/api/join", json={"code": c["code"], "name": "Profe"},
                          headers={"cookie": f"{ana['cookie']}; {COOKIE}={new_secret()}"}),
          403, "forbidden")
    # a browser that joined before its teacher logged in: its card says so, with no watch link
    both = {"cookie": f"{ana['cookie']}; {COOKIE}={key}"}
    cards = app_client.get(f"/api/classes/{cid}/dashboard", headers=both).json()["tables"]
    assert [t["yours"] for t in cards] == [t["index"] == s["table"] for t in cards]
    cards = app_client.get(f"/api/classes/{cid}/dashboard", headers=ana).json()["tables"]
    assert not any(t["yours"] for t in cards)
    # the students' question about their class says only whether it stands still
    r = app_client.get(f"/api/tables/{s['table_id']}/class")
    assert r.json() == {"held": "waiting"}


def test_the_teachers_socket_pushes_changes(app_client: TestClient) -> None:
    ana = login(app_client)
    c = new_class(app_client, ana, tables=2, seats=4, options={"max_turns": 200})
    cid = c["class_id"]
    with app_client.websocket_connect(f"/ws/class/{cid}", headers=ana) as ws:
        first = ws.receive_json()
        assert first["type"] == "dashboard" and first["status"] == "waiting"
        assert [t["state"] for t in first["tables"]] == ["waiting", "waiting"]
        s, _ = join(app_client, c["code"], "Eva")
        while not (msg := ws.receive_json())["students"]:
            pass
        card = msg["tables"][s["table"]]
        assert card["seats"][s["seat"]] == {"seat": s["seat"], "name": "Eva", "kind": "person",
                                            "claimed": True, "student": True,
                                            "connected": False}
        app_client.post(f"/api/classes/{cid}/start", json={}, headers=ana)
        app_client.post(f"/api/classes/{cid}/pause", json={}, headers=ana)
        while (msg := ws.receive_json())["status"] != "paused":
            pass
        assert {t["state"] for t in msg["tables"]} <= {"paused", "over"}
        assert all(t["round"] and t["round"]["label"]["en"] == "Turn" for t in msg["tables"])
        app_client.post(f"/api/classes/{cid}/end", json={}, headers=ana)
        while (msg := ws.receive_json())["status"] != "ended":
            pass
        assert {t["state"] for t in msg["tables"]} <= {"closed", "over"}


def test_pause_and_message_reach_the_tables_sockets(app_client: TestClient) -> None:
    ana = login(app_client)
    c = new_class(app_client, ana, tables=1, seats=2, options={"max_turns": 200})
    s, key = join(app_client, c["code"], "Eva")
    cid = c["class_id"]
    app_client.post(f"/api/classes/{cid}/start", json={}, headers=ana)
    with app_client.websocket_connect(f"/ws/{s['table_id']}", headers=device(key)) as ws:
        app_client.post(f"/api/classes/{cid}/pause", json={}, headers=ana)
        while (msg := ws.receive_json())["type"] != "class":
            pass
        assert msg == {"type": "class", "status": "paused"}
        assert app_client.get(f"/api/tables/{s['table_id']}/class").json() == {"held": "paused"}
        app_client.post(f"/api/classes/{cid}/resume", json={}, headers=ana)
        while (msg := ws.receive_json())["type"] != "class":
            pass
        assert msg["status"] == "playing"
        assert app_client.get(f"/api/tables/{s['table_id']}/class").json() == {"held": None}


# ----- in Chromium: the dashboard, a paused class at a student's table, the message ----------
@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp: Path = tmp_path_factory.mktemp("dashboard")
    with running_server(tmp) as base:
        r = subprocess.run([sys.executable, "-m", "ludoteca", "teacher", "add", "profe",
                            "--password-stdin", "--db", f"sqlite:///{tmp / 'web.db'}",
                            "--lang", "en"], input=PASSWORD + "\n", capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        yield base


HOSTILE = "<img src=x onerror=alert(1)> ¡Cinco minutos!"


def test_dashboard_pause_and_message_in_the_browser(class_server: str, pages: Pages) -> None:
    base = class_server
    teacher = pages.new(width=1280, height=900)
    teacher.goto(f"{base}/teach?lang=es")
    teacher.wait_for_selector("#teacher-name")
    api_as(teacher, base, "POST", "/api/teacher/login", {"name": "profe", "password": PASSWORD})
    c = api_as(teacher, base, "POST", "/api/classes", {
        "game": "qytetet", "tables": 3, "seats": 2, "bot": "random", "lang": "es"})
    cid = c["class_id"]
    dialogs: list[str] = []
    students = []
    for i in range(3):
        page = pages.new(width=390, height=800)
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(f"{base}/join?code={c['code']}&lang=es")
        page.fill("#join-name", f"Alumna {i + 1}")
        page.click(".join-button")
        page.wait_for_url("**/t/*")
        wait_state(page)
        students.append(page)
    student = students[0]
    # waiting: the class has not started, the student's page says so and blocks acting
    student.wait_for_selector("body[data-class-held='waiting'] .classn-held:not([hidden])")
    teacher.goto(f"{base}/class/{cid}?lang=es")
    teacher.wait_for_function("() => document.querySelectorAll('.dash-card').length === 3")
    teacher.click(".class-start")
    teacher.wait_for_selector("body[data-status='playing']")
    student.wait_for_selector("body[data-class-held='none']")
    teacher.wait_for_function("() => document.querySelectorAll('.dash-card .dash-fig').length >= 6")
    card = teacher.locator(".dash-card").first
    assert "Capital" in card.inner_text()
    assert card.locator("a.dash-watch").get_attribute("href").startswith("/t/")
    # pause: every student's page shows it and nothing can be played
    teacher.click(".class-pause")
    teacher.wait_for_selector("body[data-status='paused']")
    teacher.wait_for_function("() => [...document.querySelectorAll('.dash-card')]"
                              ".every(c => ['paused', 'over'].includes(c.dataset.state))")
    for page in students:
        page.wait_for_selector("body[data-class-held='paused']")
        held = page.locator(".classn-held")
        assert held.is_visible() and "pausa" in held.inner_text()
        assert page.locator(".actions").evaluate("el => el.inert") is True
        assert page.locator(".action-button:not([disabled])").count() == 0
    version = student.evaluate("() => window.ludotecaTable.state.version")
    student.evaluate("() => window.ludotecaTable.act('tirar')")      # blocked on the page
    time.sleep(0.5)
    assert student.evaluate("() => window.ludotecaTable.state.version") == version
    # the teacher's message: shown as text, never as HTML
    teacher.fill("#class-message", HOSTILE)
    teacher.click(".class-message-form button[type='submit']")
    for page in students:
        msg = page.wait_for_selector(".classn-msg")
        assert HOSTILE in msg.inner_text()
        assert page.locator(".classn-msg img").count() == 0
        assert page.locator(".classn-area").get_attribute("aria-live") == "polite"
    assert not dialogs
    screenshot(student, "classroom-student-paused")
    # both pages held to the bar of every page (axe, no sideways scroll, one language)
    assert not problems(student, "es", ["Qytetet"])
    assert not problems(teacher, "es", ["Qytetet"])
    docs_screenshot(teacher, "classroom-dashboard.png", ".dash")
    student.click(".classn-close")
    assert student.locator(".classn-msg").count() == 0
    # resume: the banner goes, acting works again
    teacher.click(".class-resume")
    teacher.wait_for_selector("body[data-status='playing']")
    for page in students:
        page.wait_for_selector("body[data-class-held='none']")
        assert page.locator(".classn-held").is_hidden()
        assert page.locator(".actions").evaluate("el => el.inert") is False
    # the teacher's browser holds no seat: "watch" shows the spectator's view
    watch = teacher.locator("a.dash-watch").first.get_attribute("href")
    teacher.goto(f"{base}{watch}")
    wait_state(teacher)
    assert teacher.evaluate("() => window.ludotecaTable.state.you") == []
    teacher.set_viewport_size({"width": 390, "height": 844})
    teacher.goto(f"{base}/class/{cid}?lang=en")
    teacher.wait_for_function("() => document.querySelectorAll('.dash-card').length === 3")
    assert not problems(teacher, "en", ["Qytetet"])      # a phone: no sideways scroll either


# ----- several workers on one PostgreSQL -----------------------------------------------------
def _login(worker: Any) -> dict[str, str]:
    r = httpx.post(f"{worker.url}/api/teacher/login", json={"name": worker.teacher,
                                                           "password": PASSWORD})
    assert r.status_code == 200, r.text
    return {"cookie": f"{TEACHER_COOKIE}={r.cookies[TEACHER_COOKIE]}"}


@pytest.fixture
def two_workers(pg_db: str, tmp_path: Path) -> Iterator[tuple[Any, Any]]:
    name = f"profe{secrets.token_hex(3)}"         # one database for the module
    assert add_teacher(pg_db, name).exit_code == 0
    a = Worker(pg_db, tmp_path / "a.log").start()
    b = Worker(pg_db, tmp_path / "b.log").start()
    a.teacher = b.teacher = name
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()


def test_message_reaches_every_workers_sockets(two_workers: tuple[Any, Any]) -> None:
    a, b = two_workers
    ana = _login(a)
    c = httpx.post(f"{a.url}/api/classes", json={"game": "qytetet", "tables": 1, "seats": 2,
                                                  "bot": "random"}, headers=ana).json()
    key = new_secret()
    s = httpx.post(f"{b.url}/api/join", json={"code": c["code"], "name": "Eva"},
                   cookies={COOKIE: key}).json()
    ws_url = b.url.replace("http://", "ws://") + f"/ws/{s['table_id']}"
    with connect(ws_url, additional_headers={"cookie": f"{COOKIE}={key}"}) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        r = httpx.post(f"{a.url}/api/classes/{c['class_id']}/message",
                       json={"text": "Hola, mesa"}, headers=ana)
        assert r.status_code == 200 and r.json()["sockets"] == 0     # none at worker a
        httpx.post(f"{a.url}/api/classes/{c['class_id']}/start", json={}, headers=ana)
        got: list[dict[str, Any]] = []
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not {"notice", "class"} <= {m["type"]
                                                                          for m in got}:
            got.append(json.loads(ws.recv(timeout=10)))
        notice = next(m for m in got if m["type"] == "notice")
        assert notice["text"] == "Hola, mesa" and notice["from"] == "teacher"
        assert next(m for m in got if m["type"] == "class")["status"] == "playing"


def test_racing_joins_at_two_workers_never_share_a_seat(two_workers: tuple[Any, Any]) -> None:
    a, b = two_workers
    ana = _login(a)
    c = httpx.post(f"{a.url}/api/classes", json={"game": "som", "tables": 3, "seats": 4,
                                                  "bot": "random"}, headers=ana).json()
    answers: list[httpx.Response] = []
    lock = threading.Lock()

    def go(i: int) -> None:
        worker = (a, b)[i % 2]
        r = httpx.post(f"{worker.url}/api/join", json={"code": c["code"], "name": f"A{i}"},
                       cookies={COOKIE: new_secret()}, timeout=60)
        with lock:
            answers.append(r)

    threads = [threading.Thread(target=go, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r.status_code == 200 for r in answers), [r.text for r in answers]
    places = Counter((r.json()["table"], r.json()["seat"]) for r in answers)
    assert len(places) == 12 and max(places.values()) == 1, places
    summary = httpx.get(f"{a.url}/api/classes/{c['class_id']}", headers=ana).json()
    assert sorted((s["table"], s["seat"]) for s in summary["students"]) == sorted(places)
    for tb in summary["tables"]:       # every seat the students got is held at the table
        assert all(s["claimed"] and s["student"] for s in tb["seats"]), tb["seats"]
        names = {s["name"] for s in tb["seats"]}
        assert names == {r.json()["name"] for r in answers if r.json()["table"] == tb["index"]}
