"""Chat at a table over the WebSocket: a message reaches everyone at the table as plain text,
is cleaned (NFC, no control or bidi characters), limited in length and rate (clear errors in
Spanish and English), a seat can mute another, spectators read but may not write, and a
socket that connects gets the chat so far."""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from ludoteca.web import create_app
from ludoteca.web.chat import KEEP, MAX_CHAT, clean_text
from ludoteca.web.errors import WebError
from ludoteca.web.limits import Limits

from .support import Socket, create, host_key, person, seat_tokens, ws


def chats(sock: Socket) -> list[dict]:
    return [m for m in sock.sync() if m["type"] == "chat"]


def errors(sock: Socket) -> list[dict]:
    return [m for m in sock.sync() if m["type"] == "error"]


@pytest.fixture
def chatty(db_url: str) -> Iterator[TestClient]:
    """Generous limits except chat: 3 messages a minute per address."""
    limits = dataclasses.replace(Limits.generous(), chat_rate="3/minute")
    with TestClient(create_app(db_url, bot_delay=0, limits=limits)) as c:
        yield c


def test_a_message_reaches_everyone_at_the_table_as_text(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea")], seed=4)
    tid, keys = t["table_id"], seat_tokens(t)
    with ws(client, tid, keys[0]) as w0, ws(client, tid, keys[1]) as w1, ws(client, tid) as wsp:
        s0, s1, sp = Socket(w0), Socket(w1), Socket(wsp)
        for s in (s1, sp, s0):
            s.sync()
        hostile = '<img src=x onerror="alert(1)"> hola'
        s0.send({"type": "chat", "text": f"  {hostile}\n  "})
        for s in (s0, s1, sp):
            got = chats(s)
            assert len(got) == 1, got
            msg = got[0]
            assert msg["seat"] == 0 and msg["name"] == "Ana"
            assert msg["text"] == hostile            # trimmed, otherwise exactly as written
            assert isinstance(msg["at"], float)
        # the server never turns it into markup: the raw frame holds the same characters
        assert any('"text":"<img src=x onerror=\\"alert(1)\\"> hola"' in raw for raw in sp.raw)
    # whoever connects later gets the chat so far, after the state
    with ws(client, tid) as wsp:
        sp = Socket(wsp)
        got = sp.sync()
        assert got[0]["type"] == "state"
        history = [m for m in got if m["type"] == "chat_history"]
        assert len(history) == 1 and [m["text"] for m in history[0]["messages"]] == [hostile]


def test_text_is_cleaned_nfc_without_controls_or_bidi():
    assert clean_text("Cafe\u0301") == unicodedata.normalize("NFC", "Café")
    assert clean_text("a\u202eb\u200bc\x07d") == "abcd"          # bidi override, ZWSP, BEL
    assert clean_text("uno\tdos\n\ntres   cuatro") == "uno dos tres cuatro"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"         # emoji joined by ZWJ
    assert clean_text(family) == family
    for empty in ("", "   ", "\u202e\u200b"):
        with pytest.raises(WebError) as exc:
            clean_text(empty)
        assert exc.value.code == "bad_message"
    with pytest.raises(WebError) as exc:
        clean_text(7)
    assert exc.value.code == "bad_message"


def test_too_long_and_empty_messages_are_refused_in_both_languages(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea")])
    tid, keys = t["table_id"], seat_tokens(t)
    with ws(client, tid, keys[0]) as w0, ws(client, tid, keys[1]) as w1:
        s0, s1 = Socket(w0), Socket(w1)
        s1.sync()
        s0.sync()
        s0.send({"type": "chat", "text": "x" * (MAX_CHAT + 1), "req": "long"})
        err = errors(s0)
        assert len(err) == 1 and err[0]["code"] == "too_large" and err[0]["req"] == "long"
        assert f"{MAX_CHAT}" in err[0]["message"]["es"] and "caracteres" in err[0]["message"]["es"]
        assert "at most 300 characters" in err[0]["message"]["en"]
        assert err[0]["legal"] == [1, MAX_CHAT]
        s0.send({"type": "chat", "text": " \u200b "})
        err = errors(s0)
        assert [e["code"] for e in err] == ["bad_message"]
        assert "vacío" in err[0]["message"]["es"] and "empty" in err[0]["message"]["en"]
        s0.send({"type": "chat", "text": "y" * MAX_CHAT})          # exactly the limit is fine
        assert [len(m["text"]) for m in chats(s0)] == [MAX_CHAT]
        # nothing refused reached the other seat
        assert [len(m["text"]) for m in chats(s1)] == [MAX_CHAT]


def test_chat_rate_is_limited_per_address(chatty):
    t = create(chatty, "qytetet", [person("Ana"), person("Bea")])
    tid, keys = t["table_id"], seat_tokens(t)
    with ws(chatty, tid, keys[0]) as w0:
        s0 = Socket(w0)
        s0.sync()
        for i in range(3):
            s0.send({"type": "chat", "text": f"mensaje {i}"})
        assert len(chats(s0)) == 3
        s0.send({"type": "chat", "text": "uno más", "req": "r4"})
        err = errors(s0)
        assert len(err) == 1 and err[0]["code"] == "rate_limited" and err[0]["req"] == "r4"
        assert err[0]["retry_after"] >= 1
        assert "chat" in err[0]["message"]["es"] and "chat messages" in err[0]["message"]["en"]
        # the socket and the table carry on
        s0.send({"type": "ping"})
        assert s0.recv()["type"] == "pong"


def test_chat_rate_is_a_limit_of_the_server():
    limits = Limits().with_pairs(["chat_rate=2/minute"])
    assert limits.chat_rate == "2/minute"
    assert Limits().chat_rate == "5/10second;30/minute"
    with pytest.raises(ValueError, match="chat_rate"):
        Limits().with_pairs(["chat_rate=lots"])


def test_a_seat_can_mute_another(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea"), person("Cris")])
    tid, keys = t["table_id"], seat_tokens(t)
    with ws(client, tid, keys[0]) as w0, ws(client, tid, keys[1]) as w1, \
            ws(client, tid, keys[2]) as w2:
        s0, s1, s2 = Socket(w0), Socket(w1), Socket(w2)
        for s in (s2, s1, s0):
            s.sync()
        s1.send({"type": "chat", "text": "antes"})
        assert [m["text"] for m in chats(s0)] == ["antes"]
        assert [m["text"] for m in chats(s2)] == ["antes"]
        s0.send({"type": "mute", "seats": [1]})
        history = [m for m in s0.sync() if m["type"] == "chat_history"]
        assert history[-1]["muted"] == [1] and history[-1]["messages"] == []
        s1.send({"type": "chat", "text": "spam"})
        assert [m["text"] for m in chats(s1)] == ["antes", "spam"]
        s2.send({"type": "chat", "text": "hola"})
        assert [m["text"] for m in chats(s2)] == ["spam", "hola"]     # others still see it
        assert [(m["seat"], m["text"]) for m in chats(s0)] == [(2, "hola")]
        # unmuting shows everything again
        s0.send({"type": "mute", "seats": []})
        history = [m for m in s0.sync() if m["type"] == "chat_history"]
        assert [m["text"] for m in history[-1]["messages"]] == ["antes", "spam", "hola"]
        # one cannot mute oneself, nor name a seat that does not exist
        s0.send({"type": "mute", "seats": [0]})
        assert [m for m in s0.sync() if m["type"] == "chat_history"][-1]["muted"] == []
        s0.send({"type": "mute", "seats": [9]})
        assert [e["code"] for e in errors(s0)] == ["bad_message"]


def test_spectators_read_but_may_not_write(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea")])
    tid, keys = t["table_id"], seat_tokens(t)
    with ws(client, tid, keys[0]) as w0, ws(client, tid) as wsp:
        s0, sp = Socket(w0), Socket(wsp)
        sp.sync()
        s0.sync()
        sp.send({"type": "chat", "text": "soy un mirón"})
        err = errors(sp)
        assert [e["code"] for e in err] == ["forbidden"]
        assert "espectador" in err[0]["message"]["es"] or "mira" in err[0]["message"]["es"]
        assert "spectators may read" in err[0]["message"]["en"]
        assert chats(s0) == []
        s0.send({"type": "chat", "text": "hola a todos"})
        assert [m["text"] for m in chats(sp)] == ["hola a todos"]


def test_hot_seat_writes_under_the_seat_it_names(client):
    r = client.post("/api/tables", json={"game": "qytetet", "seats": [
        {"kind": "person", "name": "Ana", "access": "host"},
        {"kind": "person", "name": "Bea", "access": "local"}]})
    assert r.status_code == 200, r.text
    tid = r.json()["table_id"]
    with ws(client, tid, host_key(client)) as w:
        s = Socket(w)
        s.sync()
        assert s.state["you"] == [0, 1]
        s.send({"type": "chat", "text": "soy Bea", "seat": 1})
        s.send({"type": "chat", "text": "soy Ana"})                   # no seat: the first
        assert [(m["name"], m["text"]) for m in chats(s)] == [("Bea", "soy Bea"),
                                                              ("Ana", "soy Ana")]
        s.send({"type": "chat", "text": "x", "seat": 5})
        assert [e["code"] for e in errors(s)] == ["forbidden"]


def test_only_the_last_messages_are_kept(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea")])
    tid, keys = t["table_id"], seat_tokens(t)
    with ws(client, tid, keys[0]) as w0:
        s0 = Socket(w0)
        s0.sync()
        for i in range(KEEP + 5):
            s0.send({"type": "chat", "text": str(i)})
        assert len(chats(s0)) == KEEP + 5
    with ws(client, tid, keys[1]) as w1:
        history = [m for m in Socket(w1).sync() if m["type"] == "chat_history"][0]
        assert [m["text"] for m in history["messages"]] == [str(i) for i in range(5, KEEP + 5)]
