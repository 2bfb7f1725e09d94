"""Clocks chosen when a table is created: per move, a person who never acts gets the move
made by the greedy bot (the log says so, the seat stays the person's); per game, a seat's
time runs only while it must decide; simultaneous steps run every deciding seat's clock and
a timeout there stays secret; bad clock options are refused with a clear message."""

from __future__ import annotations

import random
import time

import pytest
from fastapi.testclient import TestClient

from ludoteca.web import create_app
from ludoteca.web.clock import GRACE, check_clock
from ludoteca.web.errors import WebError
from ludoteca.web.limits import Limits

from .support import Socket, create, drive, person, seat_tokens, ws


def until(sock: Socket, ok, seconds: float = 30.0) -> dict:
    """Read messages until a state satisfies ``ok``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        msg = sock.recv()
        if msg["type"] == "state" and ok(msg):
            return msg
    raise AssertionError("no such state in time")


def entries(sock: Socket) -> dict[int, dict]:
    return {e["n"]: e for m in sock.messages if m["type"] == "state" for e in m["log"]}


def test_per_move_timeout_lets_the_bot_play_and_the_seat_stays_the_persons(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea")], seed=4,
               clock={"mode": "move", "seconds": 1})
    tid, keys = t["table_id"], seat_tokens(t)
    with ws(client, tid, keys[0]) as w0, ws(client, tid, keys[1]) as w1:
        s0, s1 = Socket(w0), Socket(w1)
        s1.sync()
        s0.sync()
        st = s0.state
        assert st["version"] == 0
        mover = st["to_move"][0]
        clock = st["clock"]
        assert clock["mode"] == "move" and clock["seconds"] == 1
        assert clock["seats"][str(mover)]["running"] is True
        assert 0 < clock["seats"][str(mover)]["left"] <= 1
        started = time.monotonic()
        new = until(s0, lambda m: m["version"] >= 1)      # nobody acts
        assert time.monotonic() - started >= 0.5
        entry = entries(s0)[1]
        assert entry["seat"] == mover and entry["timeout"] is True
        assert entry["action"] == "tirar"                  # the bot's move is in the log
        seat = new["seats"][mover]
        assert seat["kind"] == "person" and seat["bot"] is None and seat["name"] in ("Ana", "Bea")
        # the other browser saw the same flagged entry
        until(s1, lambda m: m["version"] >= 1)
        assert entries(s1)[1]["timeout"] is True
    # the person keeps the seat: it may act for it (when it is its turn) after the timeout
    state = client.get(f"/api/tables/{tid}/state",
                       headers={"cookie": f"ludoteca_device={keys[mover]}"}).json()
    assert state["you"] == [mover]
    assert state["seats"][mover]["kind"] == "person"


def test_acting_in_time_is_never_overridden(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea")], seed=4,
               clock={"mode": "move", "seconds": 2})
    tid, keys = t["table_id"], seat_tokens(t)
    with ws(client, tid, keys[0]) as w0, ws(client, tid, keys[1]) as w1:
        socks = [Socket(w0), Socket(w1)]
        socks[1].sync()
        socks[0].sync()
        mover = socks[0].state["to_move"][0]
        socks[mover].sync()
        assert socks[mover].act("tirar")["type"] == "ack"
        socks[mover].sync()
        assert all(not e.get("timeout") for e in entries(socks[mover]).values())


def test_per_game_clock_runs_only_on_that_seats_turns(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea")], seed=4,
               clock={"mode": "game", "seconds": 600})
    tid, keys = t["table_id"], seat_tokens(t)
    rng = random.Random(3)
    with ws(client, tid, keys[0]) as w0, ws(client, tid, keys[1]) as w1:
        socks = [Socket(w0), Socket(w1)]
        socks[1].sync()
        socks[0].sync()
        first = socks[0].state["to_move"][0]
        other = 1 - first
        time.sleep(1.2)
        clock = client.get(f"/api/tables/{tid}/state").json()["clock"]
        assert clock["mode"] == "game"
        assert clock["seats"][str(first)]["running"] is True
        assert 596 < clock["seats"][str(first)]["left"] <= 598.9
        assert clock["seats"][str(other)] == {"left": 600, "running": False}
        # the first seat plays until the turn passes
        while socks[first].state["to_move"] == [first]:
            legal = [a["text"] for a in socks[first].state["legal"][str(first)]]
            assert socks[first].act(drive(rng, legal))["type"] == "ack"
            socks[first].sync()
        assert socks[first].state["to_move"] == [other]
        spent = client.get(f"/api/tables/{tid}/state").json()["clock"]["seats"][str(first)]
        assert spent["running"] is False and spent["left"] < 598.9
        time.sleep(1.2)
        clock = client.get(f"/api/tables/{tid}/state").json()["clock"]
        assert clock["seats"][str(first)] == spent          # stopped while the other decides
        assert clock["seats"][str(other)]["running"] is True
        assert clock["seats"][str(other)]["left"] <= 598.9


def test_simultaneous_steps_run_every_deciding_seats_clock_and_timeouts_stay_secret(client):
    t = create(client, "elplan", [person("Ana"), person("Bea"), person("Cris")], seed=1,
               clock={"mode": "move", "seconds": 2})
    tid, keys = t["table_id"], seat_tokens(t)
    rng = random.Random(1)
    with ws(client, tid, keys[0]) as w0, ws(client, tid, keys[1]) as w1, \
            ws(client, tid, keys[2]) as w2:
        socks = [Socket(w0), Socket(w1), Socket(w2)]
        for sock in reversed(socks):
            sock.sync()
        while len(socks[0].state["to_move"]) < 2:     # drive to a secret choice of all
            seat = socks[0].state["to_move"][0]
            socks[seat].sync()
            texts = [a["text"] for a in socks[seat].state["legal"][str(seat)]]
            socks[seat].act(drive(rng, texts), seat=seat)   # (a timeout may come first)
            socks[0].sync()
        v = socks[0].state["version"]
        deciding = socks[0].state["to_move"]
        running = {s for s, c in socks[0].state["clock"]["seats"].items() if c["running"]}
        assert running == {str(s) for s in deciding}
        # nobody decides: each seat's choice is made for it, and stays secret from the others
        until(socks[0], lambda m: m["version"] >= v + len(deciding), seconds=60)
        for sock in socks:
            sock.sync()
        for k in range(v + 1, v + len(deciding) + 1):
            seat = entries(socks[0])[k]["seat"]
            assert entries(socks[seat])[k]["timeout"] is True
            assert entries(socks[seat])[k]["action"] is not None
            for other in range(3):
                if other != seat:
                    seen = entries(socks[other])[k]
                    assert seen["action"] is None and seen["secret"] is True
                    assert seen["timeout"] is True


@pytest.mark.parametrize(("clock", "field"), [
    ({"mode": "blitz", "seconds": 30}, "clock.mode"),
    ({"mode": "move", "seconds": 0}, "clock.seconds"),
    ({"mode": "move", "seconds": "30"}, "clock.seconds"),
    ({"mode": "move", "seconds": 1.5}, "clock.seconds"),
    ({"mode": "move"}, "clock.seconds"),
    ({"mode": "game", "seconds": 5}, "clock.seconds"),
    ({"mode": "game", "seconds": 10**7}, "clock.seconds"),
    ({"mode": "move", "seconds": 30, "bot": "mcts"}, "clock"),
    ("30s", "clock"),
])
def test_bad_clock_options_are_refused_with_a_clear_message(client, clock, field):
    r = client.post("/api/tables", json={"game": "qytetet", "clock": clock,
                                         "seats": [{"kind": "person"}, {"kind": "bot",
                                                                        "bot": "greedy"}]})
    assert r.status_code == 400
    err = r.json()["error"]
    assert err["code"] == "invalid_option"
    assert err["message"]["es"].startswith(field + ":")
    assert err["message"]["en"].startswith(field + ":")
    assert err["allowed"]


def test_clock_options_accepted():
    assert check_clock(None) is None
    assert check_clock({"mode": "none"}) is None
    assert check_clock({"mode": "move", "seconds": 30}) == {"mode": "move", "seconds": 30}
    assert check_clock({"mode": "game", "seconds": 900}) == {"mode": "game", "seconds": 900}
    with pytest.raises(WebError):
        check_clock({"mode": "game", "seconds": True})
    assert GRACE > 0


def test_the_clock_is_stored_with_the_table(db_url):
    with TestClient(create_app(db_url, bot_delay=0, limits=Limits.generous())) as c:
        t = create(c, "qytetet", [person("Ana"), person("Bea")],
                   clock={"mode": "game", "seconds": 300})
        tid = t["table_id"]
    with TestClient(create_app(db_url, bot_delay=0, limits=Limits.generous())) as c:
        clock = c.get(f"/api/tables/{tid}/state").json()["clock"]
        assert clock["mode"] == "game" and clock["seconds"] == 300
        assert sorted(clock["seats"]) == ["0", "1"]


def test_a_table_without_clock_says_nothing_of_one(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea")])
    assert "clock" not in client.get(f"/api/tables/{t['table_id']}/state").json()
