"""The classroom (issue 23): teachers at the terminal and in the browser, classes, students
who join by code, balancing, reconnects, late joins, leaving, the teacher's controls, and
what students and strangers may not do."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from ludoteca.cli.main import app as cli
from ludoteca.web import create_app
from ludoteca.web.access import COOKIE, new_secret
from ludoteca.web.classroom.teachers import COOKIE as TEACHER_COOKIE
from ludoteca.web.limits import Limits

from .support import device

PASSWORD = "correct horse battery"
SOM = {"game": "som", "tables": 2, "seats": 4, "bot": "random",
       "options": {"max_turns": 3}}


def add_teacher(db_url: str, name: str, password: str = PASSWORD) -> Any:
    return CliRunner().invoke(cli, ["teacher", "add", name, "--password-stdin", "--db", db_url,
                                    "--lang", "en"], input=password + "\n")


@pytest.fixture
def teacher_db(db_url: str) -> str:
    assert add_teacher(db_url, "ana").exit_code == 0
    assert add_teacher(db_url, "berta").exit_code == 0
    return db_url


@pytest.fixture
def app_client(teacher_db: str) -> Iterator[TestClient]:
    with TestClient(create_app(teacher_db, bot_delay=0, limits=Limits.generous())) as c:
        yield c


def login(client: TestClient, name: str = "ana", password: str = PASSWORD) -> dict[str, str]:
    """Log in; the headers that carry this teacher's login cookie."""
    r = client.post("/api/teacher/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    session = r.cookies.get(TEACHER_COOKIE)
    client.cookies.clear()
    return {"cookie": f"{TEACHER_COOKIE}={session}"}


def new_class(client: TestClient, teacher: dict[str, str], **over: Any) -> dict[str, Any]:
    r = client.post("/api/classes", json={**SOM, **over}, headers=teacher)
    assert r.status_code == 200, r.text
    return r.json()


def join(client: TestClient, code: str, name: str, key: str | None = None,
         **extra: Any) -> tuple[dict[str, Any], str]:
    key = key or new_secret()
    r = client.post("/api/join", json={"code": code, "name": name, **extra},
                    headers=device(key))
    assert r.status_code == 200, r.text
    return r.json(), key


def error(r: Any, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code, err
    assert err["message"]["es"] and err["message"]["en"]
    return err


# ----- teachers at the terminal -------------------------------------------------------------
def test_teacher_cli(db_url: str) -> None:
    runner = CliRunner()
    r = add_teacher(db_url, "Ana.Garcia")
    assert r.exit_code == 0, r.output
    assert add_teacher(db_url, "ana.garcia").exit_code == 2          # names ignore case
    assert add_teacher(db_url, "bad name!").exit_code == 2
    short = add_teacher(db_url, "luis", "short")
    assert short.exit_code == 2 and "8" in short.output
    listed = runner.invoke(cli, ["teacher", "list", "--db", db_url, "--lang", "en"])
    assert listed.exit_code == 0 and "ana.garcia" in listed.output and "luis" not in listed.output
    engine = create_engine(db_url)
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT hash FROM ludoteca_teachers")).scalar()
    engine.dispose()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    gone = runner.invoke(cli, ["teacher", "remove", "ana.garcia", "--db", db_url, "--lang", "en"])
    assert gone.exit_code == 0
    again = runner.invoke(cli, ["teacher", "remove", "ana.garcia", "--db", db_url, "--lang", "en"])
    assert again.exit_code == 2


def test_teacher_add_asks_twice(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["a-good-password", "another-password"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    r = CliRunner().invoke(cli, ["teacher", "add", "eva", "--db", db_url, "--lang", "en"])
    assert r.exit_code == 2 and "differ" in r.output


# ----- login -----------------------------------------------------------------------------------
def test_login_cookie_and_logout(app_client: TestClient, teacher_db: str) -> None:
    err = error(app_client.post("/api/teacher/login", json={"name": "ana", "password": "nope"}),
                403, "forbidden")
    assert "password" in err["message"]["en"]
    error(app_client.post("/api/teacher/login", json={"name": "nadie", "password": PASSWORD}),
          403, "forbidden")
    r = app_client.post("/api/teacher/login", json={"name": "ANA", "password": PASSWORD})
    assert r.status_code == 200 and r.json() == {"teacher": "ana"}
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{TEACHER_COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict")
    assert "Path=/" in cookie and "Max-Age=" in cookie
    session = r.cookies.get(TEACHER_COOKIE)
    app_client.cookies.clear()
    headers = {"cookie": f"{TEACHER_COOKIE}={session}"}
    assert app_client.get("/api/teacher", headers=headers).json() == {"teacher": "ana"}
    engine = create_engine(teacher_db)             # only the session id's hash is stored
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT id_hash FROM ludoteca_teacher_sessions")).all()
    engine.dispose()
    assert rows and all(session not in r.id_hash for r in rows)
    assert app_client.post("/api/teacher/logout", json={}, headers=headers).status_code == 200
    error(app_client.get("/api/teacher", headers=headers), 401, "unauthorized")


def test_login_same_origin_and_json_only(app_client: TestClient) -> None:
    body = {"name": "ana", "password": PASSWORD}
    error(app_client.post("/api/teacher/login", json=body,
                          headers={"origin": "https://evil.example"}), 403, "bad_origin")
    error(app_client.post("/api/teacher/login", content="name=ana&password=x",
                          headers={"content-type": "application/x-www-form-urlencoded"}),
          415, "unsupported_media_type")


def test_login_rate_limited_per_name(teacher_db: str) -> None:
    with TestClient(create_app(teacher_db, bot_delay=0)) as c:
        for _ in range(5):
            error(c.post("/api/teacher/login", json={"name": "ana", "password": "wrong-one"}),
                  403, "forbidden")
        err = error(c.post("/api/teacher/login", json={"name": "ana", "password": PASSWORD}),
                    429, "rate_limited")
        assert err["retry_after"] >= 1
        # another name is not locked by ana's failures (the address allows 10 a minute)
        assert c.post("/api/teacher/login",
                      json={"name": "berta", "password": PASSWORD}).status_code == 200


# ----- classes ---------------------------------------------------------------------------------
def test_class_needs_a_teacher_and_good_options(app_client: TestClient) -> None:
    error(app_client.post("/api/classes", json=SOM), 401, "unauthorized")
    ana = login(app_client)
    err = error(app_client.post("/api/classes", json={**SOM, "options": {"mode": "Z"}},
                                headers=ana), 400, "invalid_option")
    assert "options.mode" in err["message"]["en"]
    err = error(app_client.post("/api/classes", json={**SOM, "options": {"max_turns": 0}},
                                headers=ana), 400, "invalid_option")
    err = error(app_client.post("/api/classes", json={**SOM, "seats": 7}, headers=ana),
                400, "bad_request")
    assert err["message"]["en"].startswith("seats:") and err["allowed"] == [1, 2, 3, 4]
    err = error(app_client.post("/api/classes", json={**SOM, "tables": 13}, headers=ana),
                400, "bad_request")
    assert err["allowed"] == [1, 12]
    err = error(app_client.post("/api/classes", json={**SOM, "bot": "genius"}, headers=ana),
                400, "bad_request")
    assert err["message"]["en"].startswith("bot:")
    error(app_client.post("/api/classes", json={**SOM, "game": "chess"}, headers=ana),
          400, "bad_request")


def test_class_code_qr_and_projector(app_client: TestClient) -> None:
    ana = login(app_client)
    c = new_class(app_client, ana)
    assert len(c["code"]) == 6 and not set(c["code"]) & set("IL0O1")
    assert c["join_url"] == f"/join?code={c['code']}" and c["status"] == "waiting"
    assert [len(t["seats"]) for t in c["tables"]] == [4, 4]
    for t in c["tables"]:                       # class tables are not in the lobby
        assert t["table_id"] not in {x["table_id"] for x in app_client.get("/api/tables").json()}
    qr = app_client.get(f"/api/classes/{c['class_id']}/qr.svg", headers=ana)
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")
    assert qr.text.lstrip().startswith("<svg") and f"/join?code={c['code']}" in qr.text
    page = app_client.get(f"/class/{c['class_id']}?lang=en", headers=ana)
    assert page.status_code == 200 and 'lang="en"' in page.text
    assert "classroom/class.js" in page.text
    assert app_client.get("/join?code=X").status_code == 200
    assert app_client.get("/teach").status_code == 200


# ----- students ---------------------------------------------------------------------------------
def test_wrong_code_is_a_clear_error(app_client: TestClient) -> None:
    ana = login(app_client)
    new_class(app_client, ana)
    err = error(app_client.post("/api/join", json={"code": "ZZZZZZ", "name": "Eva"}),
                404, "not_found")
    assert "code" in err["message"]["en"]
    err = error(app_client.post("/api/join", json={"code": "hola", "name": "Eva"}),
                400, "bad_request")
    assert err["message"]["en"].startswith("code:")
    error(app_client.get("/api/join?code=ZZZZZZ"), 404, "not_found")


def test_balancing_reconnect_and_full(app_client: TestClient) -> None:
    ana = login(app_client)
    c = new_class(app_client, ana)
    seats: dict[str, dict[str, Any]] = {}
    keys: dict[str, str] = {}
    for i in range(8):
        name = f"Alumno {i + 1}"
        seats[name], keys[name] = join(app_client, c["code"].lower(), name)
    assert Counter(s["table"] for s in seats.values()) == {0: 4, 1: 4}
    # every student's browser holds exactly its seat, seen through the device cookie
    for name, s in seats.items():
        state = app_client.get(f"/api/tables/{s['table_id']}/state",
                               headers=device(keys[name])).json()
        assert state["you"] == [s["seat"]]
        assert state["seats"][s["seat"]]["name"] == name
        assert list(state["views"]) == [str(s["seat"])]
    # reconnect: the same browser joining again gets the same seat, whatever name it types
    again, _ = join(app_client, c["code"], "Otro nombre", keys["Alumno 3"])
    assert (again["table_id"], again["seat"]) == (seats["Alumno 3"]["table_id"],
                                                  seats["Alumno 3"]["seat"])
    error(app_client.post("/api/join", json={"code": c["code"], "name": "Nueve"},
                          headers=device(new_secret())), 409, "taken")
    summary = app_client.get(f"/api/classes/{c['class_id']}", headers=ana).json()
    assert sorted(s["name"] for s in summary["students"]) == sorted(seats)


def test_duplicate_name_and_picking(app_client: TestClient) -> None:
    ana = login(app_client)
    c = new_class(app_client, ana, pick=True)
    join(app_client, c["code"], "Eva", table=1)
    err = error(app_client.post("/api/join", json={"code": c["code"], "name": "eva"},
                                headers=device(new_secret())), 409, "taken")
    assert "Eva" in err["message"]["en"] or "eva" in err["message"]["en"]
    s, _ = join(app_client, c["code"], "Leo", table=1)
    assert s["table"] == 1
    c2 = new_class(app_client, ana)
    error(app_client.post("/api/join", json={"code": c2["code"], "name": "Ona", "table": 1},
                          headers=device(new_secret())), 400, "bad_request")


def test_start_late_join_leave_and_absence(app_client: TestClient) -> None:
    ana = login(app_client)
    c = new_class(app_client, ana, tables=1, absent_seconds=30)
    first, k1 = join(app_client, c["code"], "Ana")
    second, k2 = join(app_client, c["code"], "Bruno")
    tid = first["table_id"]
    # before the start the table stands still: acting is refused
    state = app_client.get(f"/api/tables/{tid}/state", headers=device(k1)).json()
    mover = state["to_move"][0]
    mover_key = {first["seat"]: k1, second["seat"]: k2}.get(mover)
    if mover_key is not None:
        legal = app_client.get(f"/api/tables/{tid}/state", headers=device(mover_key)).json()
        act = app_client.post(f"/api/tables/{tid}/act", headers=device(mover_key), json={
            "version": 0, "action": legal["legal"][str(mover)][0]["text"]})
        error(act, 409, "paused")
    started = app_client.post(f"/api/classes/{c['class_id']}/start", json={}, headers=ana)
    assert started.status_code == 200 and started.json()["status"] == "playing"
    seats = started.json()["tables"][0]["seats"]
    assert [s["kind"] for s in seats] == ["person", "person", "bot", "bot"]
    assert all(s["bot"] == "random" for s in seats[2:])
    # a late student takes a bot's seat; the bot stops
    late, k3 = join(app_client, c["code"], "Carla")
    assert late["seat"] == 2
    table = app_client.app.state.hub.tables[tid]
    assert table.seats[2]["kind"] == "person" and 2 not in table.agents
    assert app_client.get(f"/api/tables/{tid}/state", headers=device(k3)).json()["you"] == [2]
    # leaving hands the seat to the class's bot, and the browser loses it
    r = app_client.post(f"/api/classes/{c['class_id']}/leave", json={}, headers=device(k2))
    assert r.status_code == 200
    assert table.seats[second["seat"]]["kind"] == "bot"
    assert table.seats[second["seat"]]["bot"] == "random" and second["seat"] in table.agents
    assert app_client.get(f"/api/tables/{tid}/state", headers=device(k2)).json()["you"] == []
    error(app_client.post(f"/api/classes/{c['class_id']}/leave", json={}, headers=device(k2)),
          403, "forbidden")
    # a student gone longer than absent_seconds: the sweep gives the seat to the bot
    room = app_client.app.state.classroom
    assert app_client.portal.call(room.sweep, time.time() + 5) == 0
    moved = app_client.portal.call(room.sweep, time.time() + 1000)
    assert moved == 2 and all(s["kind"] == "bot" for s in table.seats)
    students = app_client.get(f"/api/classes/{c['class_id']}", headers=ana).json()["students"]
    assert all(s["left"] for s in students)


def test_pause_resume_end_and_message(app_client: TestClient) -> None:
    ana = login(app_client)
    c = new_class(app_client, ana, tables=1, seats=2, options={"max_turns": 200})
    s, key = join(app_client, c["code"], "Eva")
    cid = c["class_id"]
    error(app_client.post(f"/api/classes/{cid}/resume", json={}, headers=ana), 409,
          "bad_request")
    assert app_client.post(f"/api/classes/{cid}/start", json={}, headers=ana).status_code == 200
    with app_client.websocket_connect(f"/ws/{s['table_id']}", headers=device(key)) as ws:
        assert ws.receive_json()["type"] == "state"
        r = app_client.post(f"/api/classes/{cid}/message", json={"text": " ¡Cinco minutos! "},
                            headers=ana)
        assert r.status_code == 200 and r.json()["sockets"] == 1
        while (msg := ws.receive_json())["type"] != "notice":
            pass
        assert msg["text"] == "¡Cinco minutos!" and msg["from"] == "teacher"
        paused = app_client.post(f"/api/classes/{cid}/pause", json={}, headers=ana)
        assert paused.json()["status"] == "paused"
        table = app_client.app.state.hub.tables[s["table_id"]]
        version = table.version
        time.sleep(0.3)
        assert table.version == version            # the bot waits while paused
        if s["seat"] in table.game.to_move:
            legal = [str(a) for a in table.game.legal_actions(s["seat"])]
            error(app_client.post(f"/api/tables/{s['table_id']}/act", headers=device(key),
                                  json={"version": table.version, "action": legal[0]}),
                  409, "paused")
        assert app_client.post(f"/api/classes/{cid}/resume", json={},
                               headers=ana).json()["status"] == "playing"
    ended = app_client.post(f"/api/classes/{cid}/end", json={}, headers=ana).json()
    assert ended["status"] == "ended" and ended["code"] is None
    assert ended["tables"][0]["status"] in ("closed", "finished")
    error(app_client.post("/api/join", json={"code": c["code"], "name": "Tarde"},
                          headers=device(new_secret())), 404, "not_found")


# ----- who may not ------------------------------------------------------------------------------
def test_students_and_strangers_cannot_teach(app_client: TestClient) -> None:
    ana = login(app_client)
    berta = login(app_client, "berta")
    c = new_class(app_client, ana)
    cid = c["class_id"]
    _, key = join(app_client, c["code"], "Eva")
    student = device(key)
    for who, status, code in ((student, 401, "unauthorized"), ({}, 401, "unauthorized"),
                              (berta, 403, "forbidden")):
        error(app_client.get(f"/api/classes/{cid}", headers=who), status, code)
        error(app_client.get(f"/api/classes/{cid}/qr.svg", headers=who), status, code)
        for what in ("start", "pause", "resume", "end"):
            error(app_client.post(f"/api/classes/{cid}/{what}", json={}, headers=who),
                  status, code)
        error(app_client.post(f"/api/classes/{cid}/message", json={"text": "hola"},
                              headers=who), status, code)
        page = app_client.get(f"/class/{cid}", headers={**who, "accept": "text/html"})
        assert page.status_code == status and c["code"] not in page.text
    assert [x["class_id"] for x in app_client.get("/api/classes", headers=berta).json()] == []
    # a forged or expired login cookie is nobody
    forged = {"cookie": f"{TEACHER_COOKIE}={new_secret()}{new_secret()}"}
    error(app_client.get(f"/api/classes/{cid}", headers=forged), 401, "unauthorized")
    # the teacher's controls refuse other sites' pages even with the login cookie
    error(app_client.post(f"/api/classes/{cid}/start", json={},
                          headers={**ana, "origin": "https://evil.example"}), 403, "bad_origin")
    # the student's device cookie opens only its own seat's view
    assert COOKIE in student["cookie"]
