"""The web table attacked as a stranger on the internet would: every attack of issue 16 and a
few more, against a live ``ludoteca serve`` with its default limits (and, for the caps that
need small numbers, the application in-process with those limits). Each refusal must be a
JSON error with a code; the table attacked stays playable; the server logs one line per
refusal, never a traceback and never a secret.

The live server trusts ``X-Forwarded-For`` from 127.0.0.1 (``--forwarded-allow-ips``), as it
would behind a reverse proxy, so each test plays from addresses of its own (TEST-NET-3,
203.0.113.0/24: only a header, no traffic goes there) and the per-address limits of one test
do not touch another's.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect as ws_connect

from ludoteca.web import create_app
from ludoteca.web.access import COOKIE, new_secret
from ludoteca.web.limits import Limits

from .support import Socket, bot, device, person

pytestmark = pytest.mark.skipif(os.name != "posix", reason="starts a server process")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Live:
    """``ludoteca serve`` with its default limits, in a subprocess, logging every request."""

    def __init__(self, tmp: Path, *extra: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp / "server.log"
        self._log = self.log_path.open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ludoteca", "serve", "--port", str(self.port), "--db",
             f"sqlite:///{tmp / 'live.db'}", "--bot-delay", "0", "--log-level", "info",
             "--forwarded-allow-ips", "127.0.0.1", *extra],
            stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise AssertionError("server exited: " + self.log())
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.1)

    def log(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text()

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._log.close()

    def browser(self, ip: str, key: str | None = None, origin: str | None = "own") -> httpx.Client:
        """A browser at address ``ip`` (its device key: a fresh one unless given)."""
        headers = {"x-forwarded-for": ip}
        if origin:
            headers["origin"] = self.base if origin == "own" else origin
        client = httpx.Client(base_url=self.base, headers=headers, timeout=10)
        client.cookies.set(COOKIE, key or new_secret(), domain="127.0.0.1")
        return client

    def ws(self, table_id: str, ip: str, key: str | None = None,
           origin: str | None = "own") -> Any:
        headers = {"x-forwarded-for": ip}
        if key:
            headers["cookie"] = f"{COOKIE}={key}"
        return ws_connect(f"ws://127.0.0.1:{self.port}/ws/{table_id}", proxy=None,
                          origin=(self.base if origin == "own" else origin),
                          additional_headers=headers, open_timeout=10)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    server = Live(tmp_path_factory.mktemp("security"))
    yield server
    server.stop()
    text = server.log()
    assert "Traceback" not in text, text[-3000:]


def key_of(client: httpx.Client) -> str:
    return client.cookies[COOKIE]


def refused(r: httpx.Response | Any, status: int, code: str) -> dict[str, Any]:
    """The answer is a JSON error with this status and code, in both languages."""
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/json")
    err = r.json()["error"]
    assert err["code"] == code, err
    assert err["message"]["es"] and err["message"]["en"]
    return err


def new_table(client: httpx.Client, game: str = "qytetet", seats: list[dict] | None = None,
              **extra: Any) -> dict[str, Any]:
    seats = seats or [person("Ana"), {**person("Bea"), "access": "local"}]   # a hot seat
    r = client.post("/api/tables", json={"game": game, "seed": 3, **extra, "seats": seats})
    assert r.status_code == 200, r.text
    return r.json()


def play_one(table_id: str, *clients: httpx.Client) -> int:
    """Act once for whichever of these browsers must move (its first legal action): the
    new version."""
    for client in clients:
        state = client.get(f"/api/tables/{table_id}/state").json()
        if set(state["to_move"]) & set(state["you"]):
            break
    else:
        raise AssertionError("none of these browsers is to move")
    seat = next(s for s in state["to_move"] if s in state["you"])
    text = state["legal"][str(seat)][0]["text"]
    r = client.post(f"/api/tables/{table_id}/act",
                    json={"version": state["version"], "action": text, "seat": seat})
    assert r.status_code == 200, r.text
    return r.json()["version"]


def code_of(invite: str) -> str:
    return invite.split("#claim=", 1)[1]


# ----- seats that stay yours -------------------------------------------------------------------
def test_a_stranger_cannot_take_a_seat_and_the_creator_cannot_take_a_claimed_one(live):
    ana = live.browser("203.0.113.1")
    t = new_table(ana, "qytetet", [person("Ana"), person("Bea"), {**person(), "access": "open"}],
                  listed=True)
    tid, invite = t["table_id"], t["seats"][1]["invite"]
    eve = live.browser("203.0.113.2")
    # the creator's own seat, an invitation and a bad code: none is the stranger's
    refused(eve.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Ana"}), 403,
            "forbidden")
    refused(eve.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "x"}), 403,
            "forbidden")
    refused(eve.post(f"/api/tables/{tid}/claim", json={"code": "A" * 32}), 403, "forbidden")
    assert eve.get(f"/api/tables/{tid}/state").json()["you"] == []
    # Bea claims her invitation; the same link is dead for anyone after her
    bea = live.browser("203.0.113.3")
    assert bea.post(f"/api/tables/{tid}/claim", json={"code": code_of(invite)}).json()[
        "you"] == [1]
    refused(eve.post(f"/api/tables/{tid}/claim", json={"code": code_of(invite)}), 403,
            "forbidden")
    refused(ana.post(f"/api/tables/{tid}/claim", json={"code": code_of(invite)}), 403,
            "forbidden")
    # the creator neither acts for nor watches Bea's seat
    mine = ana.get(f"/api/tables/{tid}/state").json()
    assert mine["you"] == [0] and "1" not in mine["views"]
    refused(ana.post(f"/api/tables/{tid}/act", json={"version": mine["version"],
                                                     "action": "tirar", "seat": 1}),
            403, "forbidden")
    # the open seat: a name already at the table is refused, then claimed once
    refused(eve.post(f"/api/tables/{tid}/join", json={"seat": 2, "name": " ana "}), 400,
            "bad_request")
    assert eve.post(f"/api/tables/{tid}/join", json={"seat": 2, "name": "Eve"}).json()[
        "you"] == [2]
    mallory = live.browser("203.0.113.4")
    refused(mallory.post(f"/api/tables/{tid}/join", json={"seat": 2, "name": "Mal"}), 409,
            "taken")
    # and the table plays on
    browsers = {0: ana, 1: bea, 2: eve}
    for _ in range(3):
        state = ana.get(f"/api/tables/{tid}/state").json()
        assert play_one(tid, browsers[state["to_move"][0]]) == state["version"] + 1


@pytest.mark.parametrize("raw, char", [("Ana\x00", "U+0000"), ("A\x07na", "U+0007"),
                                       ("\u202eanA", "U+202E"), ("An\u200ba", "U+200B"),
                                       ("Ana\nBea", "U+000A")])
def test_names_with_control_bidi_or_invisible_characters_are_refused(live, raw, char):
    client = live.browser(f"203.0.113.1{len(raw) + ord(raw[1]) % 7}")
    err = refused(client.post("/api/tables", json={"game": "qytetet", "seats": [
        person(raw), person("Bea")]}), 400, "bad_request")
    assert char in err["message"]["en"] and err["message"]["en"].startswith("seats[0].name")


def test_names_are_trimmed_normalised_short_and_unique(client):
    decomposed = unicodedata.normalize("NFD", "  Zoë   Ruiz ")
    r = client.post("/api/tables", json={"game": "qytetet", "seats": [
        person(decomposed), person("zoë ruiz")]})
    err = refused(r, 400, "bad_request")
    assert err["message"]["en"].startswith("seats[1].name") and err["allowed"] == ["Zoë Ruiz"]
    t = client.post("/api/tables", json={"game": "qytetet", "seats": [
        person(decomposed), person("B" * 24)]}).json()
    assert [s["name"] for s in t["seats"]] == ["Zoë Ruiz", "B" * 24]
    refused(client.post("/api/tables", json={"game": "qytetet", "seats": [
        person("B" * 25), person()]}), 400, "bad_request")


# ----- no secrets in URLs or logs ----------------------------------------------------------------
def test_no_secret_rides_in_a_url_and_none_reaches_the_log(live):
    ana = live.browser("203.0.113.20")
    t = new_table(ana, "qytetet", [person("Ana"), person("Bea")])
    tid, invite = t["table_id"], t["seats"][1]["invite"]
    assert invite == f"/t/{tid}#claim={code_of(invite)}"      # the fragment is never sent
    assert all("?" not in s.get("invite", "") for s in t["seats"])
    bea = live.browser("203.0.113.21")
    bea.post(f"/api/tables/{tid}/claim", json={"code": code_of(invite)})
    # a device key in a query string opens nothing (only the cookie does)
    stranger = live.browser("203.0.113.22")
    st = stranger.get(f"/api/tables/{tid}/state", params={"token": key_of(bea)}).json()
    assert st["you"] == []
    with live.ws(tid, "203.0.113.22", origin="own") as ws:
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "state" and first["you"] == []
    # the lobby and the table's summary show no secret
    listing = ana.get("/api/tables").text + ana.get(f"/api/tables/{tid}").text
    page = ana.get(f"/t/{tid}").text
    secrets_ = [key_of(ana), key_of(bea), code_of(invite)]
    for secret in secrets_:
        assert secret not in listing and secret not in page
    play_one(tid, ana, bea)
    log = live.log()
    assert f"/api/tables/{tid}/claim" in log           # requests are logged...
    for secret in secrets_:
        assert secret not in log                      # ...their secrets are not


# ----- same origin only -------------------------------------------------------------------------
def test_cross_site_requests_and_sockets_are_refused(live):
    ip = "203.0.113.30"
    owner = live.browser(ip)
    t = new_table(owner)
    tid = t["table_id"]
    before = owner.get(f"/api/tables/{tid}").json()["version"]
    evil = live.browser(ip, key=key_of(owner), origin="http://evil.example")
    body = json.dumps({"game": "qytetet", "seats": [person(), person()]})
    # a form-like post from another site, a JSON one, one that says only cross-site
    refused(evil.post("/api/tables", content=body, headers={"content-type": "text/plain"}),
            403, "bad_origin")
    refused(owner.post("/api/tables", content=body, headers={"content-type": "text/plain"}),
            415, "unsupported_media_type")
    refused(owner.post("/api/tables", content="seats=1",
                       headers={"content-type": "application/x-www-form-urlencoded"}),
            415, "unsupported_media_type")
    refused(evil.post(f"/api/tables/{tid}/act", json={"version": before, "action": "tirar"}),
            403, "bad_origin")
    refused(evil.post(f"/api/tables/{tid}/close", json={}), 403, "bad_origin")
    sneaky = live.browser(ip, key=key_of(owner), origin=None)
    refused(sneaky.post(f"/api/tables/{tid}/close", json={},
                        headers={"sec-fetch-site": "cross-site"}), 403, "bad_origin")
    # the WebSocket handshake checks Origin too, and answers JSON
    with pytest.raises(InvalidStatus) as denied:
        live.ws(tid, ip, key_of(owner), origin="http://evil.example")
    assert denied.value.response.status_code == 403
    assert json.loads(denied.value.response.body)["error"]["code"] == "bad_origin"
    # nothing changed, and the owner plays on
    assert owner.get(f"/api/tables/{tid}").json()["version"] == before
    assert play_one(tid, owner) == before + 1


def test_an_allowed_origin_may_use_the_server(db_url):
    app = create_app(db_url, bot_delay=0, limits=Limits.generous(),
                     allowed_origins=("https://club.example",))
    with TestClient(app) as c:
        ok = c.post("/api/tables", json={"game": "qytetet", "seats": [person(), person()]},
                    headers={"origin": "https://club.example"})
        assert ok.status_code == 200, ok.text
        refused(c.post("/api/tables", json={"game": "qytetet", "seats": [person(), person()]},
                       headers={"origin": "https://other.example"}), 403, "bad_origin")


# ----- limits on strangers ---------------------------------------------------------------------
def test_creating_tables_is_rate_limited_per_address(live):
    flood = live.browser("203.0.113.40")
    answers = [flood.post("/api/tables", json={"game": "qytetet", "seats": [
        person(), person()]}) for _ in range(12)]
    codes = [r.status_code for r in answers]
    assert codes[:6] == [200] * 6 and set(codes[6:]) == {429}, codes
    err = refused(answers[-1], 429, "rate_limited")
    assert 1 <= err["retry_after"] <= 60
    assert int(answers[-1].headers["retry-after"]) == err["retry_after"]
    # another address is not held back
    other = live.browser("203.0.113.41")
    assert play_one(new_table(other)["table_id"], other) == 1


def test_forwarded_addresses_count_only_from_trusted_proxies(db_url):
    limits = Limits(create_rate="2/minute")
    with TestClient(create_app(db_url, bot_delay=0, limits=limits)) as c:
        codes = [c.post("/api/tables", json={"game": "qytetet", "seats": [person(), person()]},
                        headers={"x-forwarded-for": f"198.51.100.{i}"}).status_code
                 for i in range(4)]
        assert codes == [200, 200, 429, 429]        # the header is not believed


def test_tables_are_capped_per_address_and_on_the_server(db_url):
    many = "100000/second"
    limits = Limits(create_rate=many, max_tables_per_client=2, max_tables=3, max_bot_tables=1)
    with TestClient(create_app(db_url, bot_delay=0, limits=limits)) as c:
        t1 = c.post("/api/tables", json={"game": "qytetet", "seats": [person(), person()]})
        c.post("/api/tables", json={"game": "qytetet", "seats": [person(), person()]})
        err = refused(c.post("/api/tables", json={"game": "qytetet", "seats": [
            person(), person()]}), 429, "too_many")
        assert err["allowed"] == [2]
        assert c.post(f"/api/tables/{t1.json()['table_id']}/close", json={}).status_code == 200
        assert c.post("/api/tables", json={"game": "qytetet", "seats": [
            person(), person()]}).status_code == 200
        # the server: at most three unfinished tables, whoever asks
        other = TestClient(c.app, client=("192.0.2.9", 1234))
        assert other.post("/api/tables", json={"game": "qytetet", "seats": [
            person(), person()]}).status_code == 200
        err = refused(other.post("/api/tables", json={"game": "qytetet", "seats": [
            person(), person()]}), 429, "too_many")
        assert err["allowed"] == [3]
        # bots only: at most one such table on the server
        c.app.state.hub.limits = Limits(create_rate=many, max_bot_tables=1)
        assert other.post("/api/tables", json={"game": "qytetet", "seats": [
            bot(), bot()]}).status_code == 200
        err = refused(other.post("/api/tables", json={"game": "qytetet", "seats": [
            bot(), bot()]}), 429, "too_many")
        assert err["allowed"] == [1]


def test_bots_are_bounded_and_every_web_game_ends(live):
    client = live.browser("203.0.113.50")
    err = refused(client.post("/api/tables", json={"game": "qytetet", "seats": [
        person(), bot("mcts:seconds=10")]}), 400, "bad_request")
    assert "5" in err["message"]["en"]
    err = refused(client.post("/api/tables", json={"game": "civitas", "seats": [
        bot(), bot()], "options": {"max_rounds": 0}}), 400, "invalid_option")
    assert err["allowed"] == [1, 200]
    refused(client.post("/api/tables", json={"game": "som", "seats": [person()],
                                             "options": {"max_turns": 10_000}}), 400,
            "invalid_option")
    t = new_table(client, "qytetet", [person(), bot("mcts:iterations=50")])
    assert t["seats"][1]["bot"] == "mcts:iterations=50,seconds=5"   # the cap is its limit


def test_bots_think_in_another_process(db_url):
    app = create_app(db_url, bot_delay=0, limits=Limits.generous(), bot_workers=1)
    with TestClient(app) as c:
        t = c.post("/api/tables", json={"game": "qytetet", "seed": 1, "seats": [
            bot("random"), bot("greedy")], "options": {"max_rounds": 2}}).json()
        deadline = time.monotonic() + 60
        while c.get(f"/api/tables/{t['table_id']}").json()["version"] < 3:
            assert time.monotonic() < deadline, "the bots did not play"
            time.sleep(0.05)
        pid = app.state.hub.bots.last_pid
        assert pid is not None and pid != os.getpid()


def test_sockets_are_capped_per_address_and_per_table(db_url):
    limits = Limits(connect_rate="1000/minute", max_sockets_per_client=3,
                    max_sockets_per_table=100)
    with TestClient(create_app(db_url, bot_delay=0, limits=limits)) as c:
        tid = c.post("/api/tables", json={"game": "qytetet", "seats": [
            person(), person()]}).json()["table_id"]
        opened = [c.websocket_connect(f"/ws/{tid}") for _ in range(3)]
        for w in opened:
            w.__enter__()
            w.receive_text()
        with pytest.raises(WebSocketDenialResponse) as denied:
            c.websocket_connect(f"/ws/{tid}").__enter__()
        assert denied.value.status_code == 429
        assert json.loads(denied.value.content)["error"]["code"] == "too_many"
        opened[0].__exit__(None, None, None)           # one closes: one more may come
        again = c.websocket_connect(f"/ws/{tid}")
        again.__enter__()
        assert json.loads(again.receive_text())["type"] == "state"
        for w in [*opened[1:], again]:
            w.__exit__(None, None, None)
    limits = Limits(connect_rate="1000/minute", max_sockets_per_client=100,
                    max_sockets_per_table=2)
    with TestClient(create_app(db_url, bot_delay=0, limits=limits)) as c:
        tid = c.post("/api/tables", json={"game": "qytetet", "seats": [
            person(), person()]}).json()["table_id"]
        with c.websocket_connect(f"/ws/{tid}"), c.websocket_connect(f"/ws/{tid}"):
            with pytest.raises(WebSocketDenialResponse) as denied:
                c.websocket_connect(f"/ws/{tid}").__enter__()
            assert denied.value.status_code == 429


def test_many_spectator_sockets_are_not_all_accepted(live):
    ip = "203.0.113.60"
    tid = new_table(live.browser(ip))["table_id"]
    accepted, statuses = [], []
    with contextlib.ExitStack() as stack:
        for _ in range(40):
            try:
                accepted.append(stack.enter_context(live.ws(tid, ip)))
            except InvalidStatus as exc:
                statuses.append(exc.response.status_code)
                code = json.loads(exc.response.body)["error"]["code"]
                assert code in ("rate_limited", "too_many")
    assert len(accepted) == 30 and statuses == [429] * 10    # connect_rate 30/minute


def test_acting_is_rate_limited_and_the_socket_stays_open(live):
    ip = "203.0.113.70"
    owner = live.browser(ip)
    t = new_table(owner)
    with live.ws(t["table_id"], ip, key_of(owner)) as ws:
        state = json.loads(ws.recv(timeout=10))
        for i in range(60):
            ws.send(json.dumps({"type": "act", "version": state["version"],
                                "action": "vender 99", "req": f"r{i}"}))
        answers = []
        while len(answers) < 60:
            msg = json.loads(ws.recv(timeout=10))
            if msg["type"] == "error":
                answers.append(msg)
        codes = [a["code"] for a in answers]
        assert "rate_limited" in codes and "illegal" in codes
        assert all(a["retry_after"] >= 1 for a in answers if a["code"] == "rate_limited")
        time.sleep(1.1)
        ws.send(json.dumps({"type": "ping"}))
        while json.loads(ws.recv(timeout=10))["type"] != "pong":
            pass
    assert play_one(t["table_id"], owner) == 1


# ----- presence, not re-sends --------------------------------------------------------------------
def test_connecting_and_leaving_send_presence_not_the_state(live):
    ip = "203.0.113.80"
    ana = live.browser(ip)
    t = new_table(ana, "qytetet", [person("Ana"), person("Bea")])
    tid = t["table_id"]
    bea = live.browser("203.0.113.81")
    bea.post(f"/api/tables/{tid}/claim", json={"code": code_of(t["seats"][1]["invite"])})
    with live.ws(tid, ip, key_of(ana)) as watcher:
        assert json.loads(watcher.recv(timeout=10))["type"] == "state"
        for _ in range(12):                           # Bea's page opens and closes
            with live.ws(tid, "203.0.113.81", key_of(bea)) as w:
                assert json.loads(w.recv(timeout=10))["type"] == "state"
        for _ in range(8):                            # spectators come and go: no message
            with live.ws(tid, "203.0.113.82") as w:
                w.recv(timeout=10)
        watcher.send(json.dumps({"type": "ping"}))
        got = []
        while (raw := watcher.recv(timeout=10)) and json.loads(raw)["type"] != "pong":
            got.append(raw)
    kinds = [json.loads(m)["type"] for m in got]
    assert kinds == ["presence"] * 24, kinds
    assert all(len(m) < 200 for m in got)
    last = json.loads(got[-1])
    assert last["seats"] == [{"seat": 0, "connected": True}, {"seat": 1, "connected": False}]


# ----- malformed input ---------------------------------------------------------------------------
def test_malformed_input_gets_a_json_error_never_a_500(live):
    ip = "203.0.113.90"
    client = live.browser(ip)
    t = new_table(client)
    tid = t["table_id"]
    deep = "[" * 16_000
    refused(client.post("/api/tables", content=deep,
                        headers={"content-type": "application/json"}), 400, "bad_request")
    refused(client.post(f"/api/tables/{tid}/act", content=deep,
                        headers={"content-type": "application/json"}), 400, "bad_request")
    refused(client.post("/api/tables", content=b"\xff\xfe{",
                        headers={"content-type": "application/json"}), 400, "bad_request")
    refused(client.post("/api/tables", json=[{"a": [1, 2]}] * 3), 400, "bad_request")
    refused(client.post("/api/tables", json={"game": "qytetet", "seats": "all"}), 400,
            "bad_request")
    refused(client.post("/api/tables", json={"game": "qytetet", "seed": 2**70, "seats": [
        person(), person()]}), 400, "bad_request")
    refused(client.get(f"/api/tables/{tid}/replay/abc"), 400, "bad_request")
    refused(client.post(f"/api/tables/{tid}/seats/x/bot", json={}), 400, "bad_request")
    refused(client.get("/api/nothing/here"), 404, "not_found")
    refused(client.delete(f"/api/tables/{tid}"), 405, "bad_request")
    refused(client.post(f"/api/tables/{tid}/join", json={"seat": True, "name": []}), 403,
            "forbidden")
    with live.ws(tid, ip, key_of(client)) as ws:
        ws.recv(timeout=10)
        for bad_msg, code in [(deep, "bad_message"), ("{", "bad_message"),
                              ('{"type": "act", "version": "x"}', "bad_message"),
                              ("x" * 20_000, "too_large"), (b"\xff\xfe", "bad_message"),
                              ('{"type": "teleport"}', "bad_message")]:
            ws.send(bad_msg)
            msg = json.loads(ws.recv(timeout=10))
            assert msg["type"] == "error" and msg["code"] == code, (bad_msg[:20], msg)
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"    # still connected
    assert play_one(tid, client) == 1
    log = live.log()
    assert "Traceback" not in log and "refused: bad_request" in log


def test_a_chunked_body_is_refused_while_it_streams(live):
    """A 5 MB chunked body: the server answers 413 after the limit, before the rest."""
    sock = socket.create_connection(("127.0.0.1", live.port), timeout=10)
    try:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"X-Forwarded-For: 203.0.113.95\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"[" + b" " * 65_534 + b"]"
        sent = 0
        answer = b""
        sock.settimeout(0.05)
        while sent < 5_000_000 and b"\r\n\r\n" not in answer:
            try:
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
            except OSError:
                break
            try:
                answer += sock.recv(65536)
            except TimeoutError:
                pass
        sock.settimeout(10)
        while b"\r\n\r\n" not in answer:
            answer += sock.recv(65536)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert sent < 1_000_000, sent                  # refused long before 5 MB
        assert b'"too_large"' in answer or b"too_large" in answer + sock.recv(65536)
    finally:
        sock.close()


# ----- the host -------------------------------------------------------------------------------
def test_the_host_hands_an_absent_seat_to_a_bot_reissues_invitations_and_closes(client):
    r = client.post("/api/tables", json={"game": "qytetet", "seed": 2, "seats": [
        person("Ana"), person("Bea"), person("Cris")]})
    t = r.json()
    tid = t["table_id"]
    bea_key, eve_key = new_secret(), new_secret()
    client.post(f"/api/tables/{tid}/claim", json={"code": code_of(t["seats"][1]["invite"])},
                headers=device(bea_key))
    # nobody but the host
    refused(client.post(f"/api/tables/{tid}/close", json={}, headers=device(bea_key)), 403,
            "forbidden")
    refused(client.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "greedy"},
                        headers=device(eve_key)), 403, "forbidden")
    # a new invitation for Cris's seat kills the old one
    old = code_of(t["seats"][2]["invite"])
    fresh = client.post(f"/api/tables/{tid}/seats/2/invite", json={"access": "invite"}).json()
    refused(client.post(f"/api/tables/{tid}/claim", json={"code": old},
                        headers=device(eve_key)), 403, "forbidden")
    refused(client.post(f"/api/tables/{tid}/seats/1/invite", json={"access": "open"}), 409,
            "taken")                                   # Bea's seat is hers
    assert client.post(f"/api/tables/{tid}/claim", json={"code": code_of(fresh["invite"])},
                       headers=device(eve_key)).json()["you"] == [2]
    # Bea is at the table: her seat is not handed over; gone, it is
    with client.websocket_connect(f"/ws/{tid}", headers=device(bea_key)) as w:
        Socket(w).sync()
        refused(client.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "greedy"}), 409,
                "present")
    summary = client.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"}).json()
    assert summary["seats"][1]["kind"] == "bot" and summary["seats"][1]["bot"] == "random"
    assert client.get(f"/api/tables/{tid}/state", headers=device(bea_key)).json()["you"] == []
    # the game goes on with the bot in seat 1
    keys = {0: None, 2: eve_key}
    deadline = time.monotonic() + 30
    while True:
        st = client.get(f"/api/tables/{tid}/state").json()
        if any(e["seat"] == 1 for e in st["log"][1:]):
            break
        assert time.monotonic() < deadline, "the bot never played seat 1"
        mover = st["to_move"][0]
        if mover in keys:
            headers = device(keys[mover]) if keys[mover] else {}
            mine = client.get(f"/api/tables/{tid}/state", headers=headers).json()
            if mover in mine["to_move"]:
                client.post(f"/api/tables/{tid}/act", headers=headers, json={
                    "version": mine["version"], "action": mine["legal"][str(mover)][0]["text"]})
        time.sleep(0.01)
    # closing: stored, told, and nobody acts any more
    with client.websocket_connect(f"/ws/{tid}", headers=device(eve_key)) as w:
        sock = Socket(w)
        sock.sync()
        closed = client.post(f"/api/tables/{tid}/close", json={}).json()
        assert closed["status"] == "closed"
        sock.sync()
        assert sock.state["status"] == "closed" and sock.state["legal"] == {}
        err = sock.act("tirar", seat=2)
        assert err["code"] == "closed"
    assert tid not in [x["table_id"] for x in client.get("/api/tables").json()]
    refused(client.post(f"/api/tables/{tid}/close", json={}), 409, "closed")


def test_idle_tables_are_kept_as_abandoned(db_url):
    limits = Limits.generous()
    with TestClient(create_app(db_url, bot_delay=0, limits=limits)) as c:
        t = c.post("/api/tables", json={"game": "qytetet", "listed": True, "seats": [
            person("Ana"), person("Bea")]}).json()
        tid = t["table_id"]
        hub = c.app.state.hub
        assert c.portal.call(hub.sweep, time.time() + 3600) == 0       # not idle yet
        assert c.portal.call(hub.sweep, time.time() + 49 * 3600) == 1  # 48 h by default
        assert c.get(f"/api/tables/{tid}").json()["status"] == "abandoned"
        err = refused(c.post(f"/api/tables/{tid}/act", json={"version": 0, "action": "tirar"}),
                      409, "closed")
        assert "idle" in err["message"]["en"]
        assert tid not in [x["table_id"] for x in c.get("/api/tables").json()]
        row = c.app.state.store.load(tid)
        assert row is not None and row.status == "abandoned"   # kept, not deleted
    with TestClient(create_app(db_url, bot_delay=0, limits=limits)) as c:   # after a restart
        assert c.get(f"/api/tables/{tid}").json()["status"] == "abandoned"
