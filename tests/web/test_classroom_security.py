"""The classroom's security (issue 23): "a student cannot open the dashboard, another table's
private view, or the report before the teacher publishes it".

Already covered elsewhere, not repeated here:

- ``test_classroom.py::test_students_and_strangers_cannot_teach``: a student, a stranger and
  another teacher are refused every teacher API and the projector page; a random login cookie
  is nobody; other sites' pages are refused; ``test_login_cookie_and_logout``: a logged-out
  cookie is nobody and only the session id's hash is stored.
- ``test_classroom_dashboard.py``: the dashboard and its WebSocket answer only the class's
  teacher and hold only the spectator's view (never a seat's), a teacher's browser never takes
  a seat.
- ``test_classroom_report.py``: the report, CSV and records only for the teacher, and for the
  class's students once published; a closed table's record for the teacher only.

Here: a student seated at one table who opens another table of her class (its page, its
WebSocket, every ``/api/tables/{id}`` endpoint, the replay and history) gets exactly what a
stranger gets, the spectator's view, never a seat's hidden cards or coins, and cannot act,
chat, take a seat or run the table there; teacher APIs refuse cookies forged from what a
student can get hold of (her own device key, the stored session hash, the join code) and a
teacher's cookie replayed after logout or on another teacher's class; the join code grants a
seat and nothing more.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.testclient import WebSocketDenialResponse

from ludoteca.web.access import COOKIE, new_secret
from ludoteca.web.classroom.teachers import COOKIE as TEACHER_COOKIE
from ludoteca.web.table import dumps

from .support import Socket, device, ws
from .test_classroom import app_client, error, join, login, new_class
from .test_classroom import teacher_db as teacher_db  # noqa: F401  (fixture)
from .test_classroom_dashboard import settle

__all__ = ["app_client"]

# games where a seat sees more than a spectator: Siglo XX coins and science, El Plan hands
HIDDEN = {"sigloxx": 3, "elplan": 2}


def state_of(client: TestClient, table_id: str, headers: dict[str, str]) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table_id}/state", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    """A state message without what changes with the clock."""
    return {k: v for k, v in state.items() if k not in ("now", "clock")}


def two_tables(client: TestClient, teacher: dict[str, str], game: str) -> tuple[
        dict[str, Any], dict[str, Any], str, dict[str, Any], str]:
    """A started class of two tables of ``game``: Ana at table 0, Bruno at table 1, bots in the
    other seats, both tables stopped at the students' turn (nobody finishes)."""
    c = new_class(client, teacher, game=game, tables=2, seats=HIDDEN[game], pick=True,
                  options={})
    ana, ana_key = join(client, c["code"], "Ana", table=0)
    bruno, bruno_key = join(client, c["code"], "Bruno", table=1)
    assert (ana["table"], bruno["table"]) == (0, 1)
    r = client.post(f"/api/classes/{c['class_id']}/start", json={}, headers=teacher)
    assert r.status_code == 200, r.text
    hub = client.app.state.hub
    for s in (ana, bruno):
        settle(hub.tables[s["table_id"]], s["seat"])
    return c, ana, ana_key, bruno, bruno_key


# ----- another table of one's class: the spectator's view only ------------------------------
@pytest.mark.parametrize("game", list(HIDDEN))
def test_a_student_sees_another_table_as_a_stranger(app_client: TestClient, game: str) -> None:
    teacher = login(app_client)
    c, ana, ana_key, bruno, bruno_key = two_tables(app_client, teacher, game)
    own, other = ana["table_id"], bruno["table_id"]
    table = app_client.app.state.hub.tables[other]
    version = table.version
    assert not table.over and bruno["seat"] in table.game.to_move
    spectator_view = json.loads(dumps(table.game.view(None)))
    private = [json.loads(dumps(table.game.view(s))) for s in range(len(table.seats))]
    assert all(p != spectator_view for p in private)

    # at her own table Ana holds her seat; at the other she is nobody
    assert state_of(app_client, own, device(ana_key))["you"] == [ana["seat"]]
    hers = state_of(app_client, other, device(ana_key))
    stranger = state_of(app_client, other, device(None))
    assert comparable(hers) == comparable(stranger)
    assert hers["you"] == [] and hers["legal"] == {} and hers["host"] is False
    assert hers["views"] == {"spectator": spectator_view}
    assert state_of(app_client, other, device(bruno_key))["views"] == {
        str(bruno["seat"]): private[bruno["seat"]]}
    if game == "sigloxx":       # each seat sees its own coins and science; she sees none
        for seat, p in enumerate(private):
            assert isinstance(p["players"][seat]["coins"], int)
            assert isinstance(p["players"][seat]["science"], int)
            assert hers["views"]["spectator"]["players"][seat].get("coins") is None
            assert hers["views"]["spectator"]["players"][seat].get("science") is None
    else:                        # El Plan: a seat's own pending secret choice, never hers
        assert '"pending"' not in json.dumps(hers["views"])

    # the same over the table's WebSocket, and she can neither act nor chat there
    with ws(app_client, other, ana_key) as sock:
        s = Socket(sock)
        first = s.recv()
        assert first["type"] == "state"
        assert comparable(first) == comparable(stranger)
        assert first["you"] == [] and list(first["views"]) == ["spectator"]
        legal = [a["text"] for a in state_of(app_client, other, device(bruno_key))["legal"][
            str(bruno["seat"])]]
        for seat in (bruno["seat"], None):
            answer = s.act(legal[0], seat=seat)
            assert answer["type"] == "error" and answer["code"] == "forbidden", answer
        s.send({"type": "chat", "text": "hola", "seat": bruno["seat"]})
        got = s.sync()
        assert [m["code"] for m in got if m["type"] == "error"] == ["forbidden"]
        assert all(m["type"] != "chat" for m in got)
        assert all(m.get("you", []) == [] for m in got)
        for m in got:            # anything pushed meanwhile is still the spectator's
            assert set(m.get("views", {"spectator": 0})) == {"spectator"}
    r = app_client.post(f"/api/tables/{other}/act", headers=device(ana_key),
                        json={"version": version, "action": legal[0], "seat": bruno["seat"]})
    error(r, 403, "forbidden")
    assert table.version == version and bruno["seat"] in table.game.to_move

    # nor take a seat there, run it, or start a rematch
    for path, body in ((f"/api/tables/{other}/join", {"seat": bruno["seat"], "name": "Ana"}),
                       (f"/api/tables/{other}/claim", {"code": c["code"], "name": "Ana"}),
                       (f"/api/tables/{other}/seats/{bruno['seat']}/bot", {"bot": "random"}),
                       (f"/api/tables/{other}/seats/{bruno['seat']}/invite", {}),
                       (f"/api/tables/{other}/close", {}),
                       (f"/api/tables/{other}/rematch", {})):
        r = app_client.post(path, json=body, headers=device(ana_key))
        err = error(r, 403, "not_over" if path.endswith("rematch") else "forbidden")
        assert err["message"]["en"], path
    after = app_client.app.state.hub.tables[other]
    assert after.seats[bruno["seat"]]["name"] == "Bruno" and not after.ended
    assert after.access_for(ana_key).seats == ()
    # a second visit to /join never moves her to the other table
    again, _ = join(app_client, c["code"], "Ana", key=ana_key, table=1)
    assert (again["table_id"], again["seat"]) == (own, ana["seat"])

    # the summary, the page, the record, the replay, the results and the history
    summary = app_client.get(f"/api/tables/{other}", headers=device(ana_key))
    assert summary.json() == app_client.get(f"/api/tables/{other}").json()
    if game == "sigloxx":
        assert '"coins"' not in summary.text and '"science"' not in summary.text
    page = app_client.get(f"/t/{other}", headers={**device(ana_key), "accept": "text/html"})
    assert page.status_code == 200
    assert page.text == app_client.get(f"/t/{other}", headers={"accept": "text/html"}).text
    hidden_paths = ("record", "replay", "replay/0", "replay/1", "results", "history")
    for path in hidden_paths:     # the seed and every seat's view: only once it is over
        error(app_client.get(f"/api/tables/{other}/{path}", headers=device(ana_key)),
              403, "not_over")
    # ended by the teacher before the game's end: still nothing of the hidden parts
    r = app_client.post(f"/api/classes/{c['class_id']}/end", json={}, headers=teacher)
    assert r.status_code == 200, r.text
    assert not after.over
    for path in hidden_paths:
        error(app_client.get(f"/api/tables/{other}/{path}", headers=device(ana_key)),
              403, "not_over")
    ended = state_of(app_client, other, device(ana_key))
    assert ended["you"] == [] and list(ended["views"]) == ["spectator"]


def test_class_tables_are_not_in_the_lobby(app_client: TestClient) -> None:
    teacher = login(app_client)
    c = new_class(app_client, teacher, tables=2, seats=2)
    ids = {t["table_id"] for t in c["tables"]}
    for status in ("open", "playing", "finished"):
        listed = {t["table_id"] for t in app_client.get(f"/api/tables?status={status}").json()}
        assert not listed & ids, status
    assert not {t["table_id"] for t in app_client.get("/api/tables").json()} & ids


# ----- teacher APIs: forged and replayed cookies ----------------------------------------------
def test_forged_and_replayed_cookies_are_nobody(app_client: TestClient, teacher_db: str) -> None:
    ana = login(app_client)
    berta = login(app_client, "berta")
    mine = new_class(app_client, ana, tables=1, seats=2)
    theirs = new_class(app_client, berta, tables=1, seats=2)
    cid = mine["class_id"]
    s, key = join(app_client, mine["code"], "Eva")
    o, other_key = join(app_client, theirs["code"], "Olga")
    engine = create_engine(teacher_db)         # what a leaked database would give
    with engine.connect() as conn:
        stored = [r.id_hash for r in conn.execute(text(
            "SELECT id_hash FROM ludoteca_teacher_sessions")).all()]
    engine.dispose()
    assert len(stored) == 2
    ana_session = ana["cookie"].split("=", 1)[1]
    forged = [key, other_key, mine["code"], cid, "ana", *stored,
              ana_session[:-1] + ("A" if ana_session[-1] != "A" else "B")]
    paths = ("", "/dashboard", "/qr.svg")
    for value in forged:
        who = {"cookie": f"{TEACHER_COOKIE}={value}"}
        error(app_client.get("/api/teacher", headers=who), 401, "unauthorized")
        for path in paths:
            error(app_client.get(f"/api/classes/{cid}{path}", headers=who), 401, "unauthorized")
        error(app_client.post(f"/api/classes/{cid}/end", json={}, headers=who), 401,
              "unauthorized")
        error(app_client.post("/api/classes", json={"game": "som"}, headers=who), 401,
              "unauthorized")
        with pytest.raises(WebSocketDenialResponse) as denied:
            app_client.websocket_connect(f"/ws/class/{cid}", headers=who).__enter__()
        assert denied.value.status_code == 401
    # a student of another class: her device cookie, and as a teacher cookie, is nobody here
    both = {"cookie": f"{COOKIE}={other_key}; {TEACHER_COOKIE}={other_key}"}
    for who in (device(other_key), both):
        error(app_client.get(f"/api/classes/{cid}", headers=who), 401, "unauthorized")
        error(app_client.post(f"/api/classes/{cid}/pause", json={}, headers=who), 401,
              "unauthorized")
        error(app_client.post(f"/api/classes/{cid}/leave", json={}, headers=who), 403,
              "forbidden")
        error(app_client.get(f"/api/classes/{cid}/report", headers=who), 403, "forbidden")
        assert state_of(app_client, s["table_id"], who)["you"] == []
    # the teacher's session id sent as a device cookie holds no seat anywhere
    for table_id in (s["table_id"], o["table_id"]):
        assert state_of(app_client, table_id, device(ana_session))["you"] == []
    # Berta's valid cookie on Ana's class: refused; replayed after her logout: nobody
    error(app_client.post(f"/api/classes/{cid}/end", json={}, headers=berta), 403, "forbidden")
    assert app_client.post("/api/teacher/logout", json={}, headers=berta).status_code == 200
    error(app_client.get(f"/api/classes/{theirs['class_id']}", headers=berta), 401,
          "unauthorized")
    error(app_client.post(f"/api/classes/{theirs['class_id']}/end", json={}, headers=berta),
          401, "unauthorized")
    # nothing happened to either class
    assert app_client.get(f"/api/classes/{cid}", headers=ana).json()["status"] == "waiting"
    assert app_client.app.state.hub.tables[o["table_id"]].seats[o["seat"]]["name"] == "Olga"


# ----- the join code: a seat, nothing more ---------------------------------------------------
def test_the_join_code_grants_only_a_seat(app_client: TestClient) -> None:
    ana = login(app_client)
    c = new_class(app_client, ana, tables=2, seats=2)
    cid, code = c["class_id"], c["code"]
    ids = [t["table_id"] for t in c["tables"]]
    eva, eva_key = join(app_client, code, "Eva")
    # what the code tells anyone: the game and the room, no ids, no names
    info = app_client.get(f"/api/join?code={code}")
    assert set(info.json()) == {"game", "title", "pick", "status", "tables", "seats"}
    assert cid not in info.text and not any(t in info.text for t in ids)
    assert "Eva" not in info.text
    # what joining gives: her own table, never the others' ids
    pia, pia_key = join(app_client, code, "Pia")
    assert pia["table_id"] != eva["table_id"]
    answer = json.dumps(pia)
    assert eva["table_id"] not in answer and "Eva" not in answer
    # the code is not a key: not as a path, a teacher cookie, a device cookie, an invitation
    for path, status in (("", 401), ("/dashboard", 401), ("/report", 404)):
        r = app_client.get(f"/api/classes/{code}{path}", headers=device(pia_key))
        assert r.status_code == status and "Eva" not in r.text, path
    page = app_client.get(f"/class/{code}", headers={**device(pia_key), "accept": "text/html"})
    assert page.status_code == 401 and 'data-page="refused"' in page.text
    for who in (device(code), {"cookie": f"{TEACHER_COOKIE}={code}"}):
        error(app_client.get(f"/api/classes/{cid}", headers=who), 401, "unauthorized")
        for table_id in ids:
            assert state_of(app_client, table_id, who)["you"] == []
    r = app_client.post(f"/api/tables/{eva['table_id']}/claim", json={"code": code},
                        headers=device(pia_key))
    error(r, 403, "forbidden")
    # a joined student has no teacher's controls, and the server shares out the tables
    for what in ("start", "pause", "end"):
        error(app_client.post(f"/api/classes/{cid}/{what}", json={}, headers=device(pia_key)),
              401, "unauthorized")
    error(app_client.post("/api/join", json={"code": code, "name": "Zoe", "table": 0},
                          headers=device(new_secret())), 400, "bad_request")
    # her second visit, by another name, gives the same seat back: one browser, one seat
    again, _ = join(app_client, code, "Otra", key=pia_key)
    assert (again["table_id"], again["seat"], again["name"]) == (
        pia["table_id"], pia["seat"], "Pia")
    summary = app_client.get(f"/api/classes/{cid}", headers=ana).json()
    assert sorted(st["name"] for st in summary["students"]) == ["Eva", "Pia"]
    assert summary["status"] == "waiting"
    assert state_of(app_client, eva["table_id"], device(eva_key))["you"] == [eva["seat"]]
