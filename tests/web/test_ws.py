"""The WebSocket against the real application: states per seat, acks, live updates at every
seat, bots, presence, simultaneous secret choices, and bad input that changes nothing."""

from __future__ import annotations

import json
import random

import pytest
from starlette.testclient import WebSocketDenialResponse

import ludoteca

from .support import Socket, bot, create, drive, person, seat_tokens, ws


def connect(client, table_id: str, key: str | None = None):
    return ws(client, table_id, key)


def test_every_seat_sees_the_new_state_after_an_action(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea")], seed=4)
    tid, tokens = t["table_id"], seat_tokens(t)
    with connect(client, tid, tokens[0]) as w0, connect(client, tid, tokens[1]) as w1, \
            connect(client, tid) as ws:
        s0, s1, sp = Socket(w0), Socket(w1), Socket(ws)
        # the later sockets first: a pong shows the server has registered that socket, so
        # seat 0's own barrier comes after their presence (else a race: seat 1 not connected)
        for s in (s1, sp, s0):
            s.sync()
        assert s0.state["you"] == [0] and s1.state["you"] == [1] and sp.state["you"] == []
        assert s0.messages[0]["log_from"] == 0 and s0.messages[0]["log"][0]["n"] == 0
        assert [x["connected"] for x in s0.state["seats"]] == [True, True]
        mover = s0 if s0.state["to_move"] == [0] else s1
        seat = mover.state["you"][0]
        assert [a["text"] for a in mover.state["legal"][str(seat)]] == ["tirar"]
        assert mover.state["legal"][str(seat)][0]["label"] == {"es": "Tirar el dado",
                                                               "en": "Roll the die"}
        other = s1 if mover is s0 else s0
        assert other.state["legal"] == {}

        ack = mover.act("tirar")
        assert ack["type"] == "ack" and ack["version"] == 1
        for s in (s0, s1, sp):
            new = [m for m in s.sync() if m["type"] == "state"]
            assert new[-1]["version"] == 1
            assert new[-1]["log_from"] == 1 and [e["n"] for e in new[-1]["log"]] == [1]
            entry = new[-1]["log"][0]
            assert entry["seat"] == seat and entry["action"] == "tirar"
            assert entry["events"][0]["rule"] == "QY-1.7"
            assert set(entry["events"][0]["text"]) == {"es", "en"}
        assert list(sp.state["views"]) == ["spectator"]
        game = ludoteca.new_game("qytetet", players=["Ana", "Bea"], seed=4)
        game.apply("tirar")
        assert s0.state["views"]["0"] == json.loads(json.dumps(game.view(0)))
        assert sp.state["views"]["spectator"] == json.loads(json.dumps(game.view(None)))
    # a reload resumes where it was, with the whole log
    with connect(client, tid, tokens[0]) as w0:
        s0 = Socket(w0)
        s0.sync()
        assert s0.state["version"] == 1 and [e["n"] for e in s0.state["log"]] == [0, 1]


def test_bad_input_gets_an_error_and_the_socket_and_table_carry_on(client):
    t = create(client, "civitas", [person("Ana"), person("Bea")], seed=2)
    tid, tokens = t["table_id"], seat_tokens(t)
    with connect(client, tid, tokens[0]) as w0, connect(client, tid, tokens[1]) as w1:
        s0, s1 = Socket(w0), Socket(w1)
        s0.sync()
        s1.sync()
        mover, other = (s0, s1) if s0.state["to_move"] == [0] else (s1, s0)
        me, them = mover.state["you"][0], other.state["you"][0]

        def refused(sock: Socket, payload, code: str) -> dict:
            sock.send(payload)
            got = sock.sync()
            errors = [m for m in got if m["type"] == "error"]
            assert len(errors) == 1 and errors[0]["code"] == code, got
            assert errors[0]["message"]["es"] and errors[0]["message"]["en"]
            return errors[0]

        refused(mover, "{not json", "bad_message")
        refused(mover, "[1, 2, 3]", "bad_message")
        err = refused(mover, {"type": "dance"}, "bad_message")
        assert err["legal"] == ["act", "chat", "mute", "ping"]
        refused(mover, {"type": "act", "action": "x" * 20_000, "version": 0}, "too_large")
        mover.ws.send_bytes(b"\xff\xfe")
        assert [m["code"] for m in mover.sync() if m["type"] == "error"] == ["bad_message"]
        refused(mover, {"type": "act", "action": "tirar"}, "bad_message")       # no version
        refused(mover, {"type": "act", "version": 0, "action": 7}, "bad_message")
        err = refused(mover, {"type": "act", "version": 0, "action": "tirar", "seat": them},
                      "forbidden")
        assert err["legal"] == [me]
        err = refused(other, {"type": "act", "version": 0, "action": "tirar"}, "not_your_turn")
        assert err["legal"] == [me]
        err = refused(mover, {"type": "act", "version": 0, "action": "comprar"}, "illegal")
        assert err["legal"] == ["tirar"]
        assert "comprar" in err["message"]["en"] or err["message"]["en"] != err["message"]["es"]
        refused(mover, {"type": "act", "version": 5, "action": "tirar"}, "stale")
        assert all(m["version"] == 0 for m in mover.messages + other.messages
                   if m["type"] == "state")

        # the table carries on: a good action, then its repeats are harmless
        ack = mover.act("tirar", req="once")
        assert ack["version"] == 1
        assert mover.act("tirar", version=0, req="once") == {"type": "ack", "req": "once",
                                                             "version": 1}
        assert mover.act("roll", version=0, req="again")["version"] == 1
        mover.sync()
        after = mover.state["version"]
        err = mover.act("terminar", version=0)
        assert err["code"] == "stale" and err["legal"] == [after]
        assert client.get(f"/api/tables/{tid}").json()["version"] == after
    # a browser with a forged device key holds no seat: it watches
    with connect(client, tid, "forged-key-of-somebody-else-1234") as wf:
        sf = Socket(wf)
        sf.sync()
        assert sf.state["you"] == [] and "spectator" in sf.state["views"]
        err = sf.act("terminar")
        assert err["code"] == "forbidden"
    with pytest.raises(WebSocketDenialResponse) as denied:
        with connect(client, "no-such-table"):
            pass
    assert denied.value.status_code == 404
    assert json.loads(denied.value.content)["error"]["code"] == "not_found"


def test_bots_play_on_the_server_until_a_person_must_decide(client):
    t = create(client, "sigloxx", [bot(), person("Ana"), bot("random")], seed=3)
    tid, tokens = t["table_id"], seat_tokens(t)
    with connect(client, tid, tokens[1]) as w:
        s = Socket(w)
        for _ in range(30):
            s.sync()
            while s.state["to_move"] != [1] and not s.state["over"]:
                s.recv()
            legal = s.state["legal"]["1"]
            assert s.act(random.Random(len(s.messages)).choice(legal)["text"])["type"] == "ack"
        log = [e for m in s.messages if m["type"] == "state" for e in m["log"]]
        assert {e["seat"] for e in log if e["n"]} == {0, 1, 2}
        assert [e["n"] for e in log] == list(range(len(log)))   # each entry exactly once
        assert all(s_["connected"] for s_ in s.state["seats"])


def test_presence_follows_the_sockets(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea")])
    tid, tokens = t["table_id"], seat_tokens(t)
    with connect(client, tid, tokens[0]) as w0:
        s0 = Socket(w0)
        s0.sync()
        assert [x["connected"] for x in s0.state["seats"]] == [True, False]
        with connect(client, tid, tokens[1]) as w1:
            Socket(w1).sync()
            s0.sync()
            assert [x["connected"] for x in s0.state["seats"]] == [True, True]
        s0.sync()
        assert [x["connected"] for x in s0.state["seats"]] == [True, False]


def test_simultaneous_secret_choices_hide_the_action_and_need_not_wait(client):
    """El Plan's D4: every seat decides at once; an older version stays good while only other
    seats' secret choices came in; other seats see that a choice was made, not which."""
    t = create(client, "elplan", [person("Ana"), person("Bea"), person("Cris")], seed=1)
    tid, tokens = t["table_id"], seat_tokens(t)
    rng = random.Random(1)
    with connect(client, tid, tokens[0]) as w0, connect(client, tid, tokens[1]) as w1, \
            connect(client, tid, tokens[2]) as w2:
        socks = [Socket(w0), Socket(w1), Socket(w2)]
        for sock in socks:
            sock.sync()
        while len(socks[0].state["to_move"]) < 2:
            seat = socks[0].state["to_move"][0]
            socks[seat].sync()
            texts = [a["text"] for a in socks[seat].state["legal"][str(seat)]]
            assert socks[seat].act(drive(rng, texts), seat=seat)["type"] == "ack"
            socks[0].sync()
        v = socks[0].state["version"]
        first, second = socks[0].state["to_move"][:2]
        socks[first].sync()
        socks[second].sync()
        a1 = socks[first].state["legal"][str(first)][0]["text"]
        a2 = socks[second].state["legal"][str(second)][0]["text"]
    with connect(client, tid, tokens[first]) as w1, connect(client, tid, tokens[second]) as w2:
        s1, s2 = Socket(w1), Socket(w2)
        s1.sync()
        s2.sync()
        assert s1.act(a1, version=v)["version"] == v + 1
        ack = s2.act(a2, version=v)       # answers v, still good: only a secret choice since
        assert ack["type"] == "ack" and ack["version"] == v + 2
        s1.sync()
        s2.sync()
        log1 = {e["n"]: e for m in s1.messages if m["type"] == "state" for e in m["log"]}
        log2 = {e["n"]: e for m in s2.messages if m["type"] == "state" for e in m["log"]}
        assert log1[v + 1]["action"] == a1 and log2[v + 1]["action"] is None
        assert log2[v + 2]["action"] == a2 and log1[v + 2]["action"] is None
        # flagged for everyone, so a hot-seat page can keep them covered after a reload
        assert all(log[k].get("secret") is True for log in (log1, log2) for k in (v + 1, v + 2))
        assert log1[v + 1]["events"] == log2[v + 1]["events"]
