"""Several workers on one PostgreSQL database (``LUDOTECA_TEST_PG``; skipped without it): two
real ``ludoteca serve --workers 1`` processes on two ports share one database, as two hosts
behind a proxy would. A move at one reaches the sockets at the other, racing writes never
both land, a bot seat's move is made once, and killing a worker loses nothing."""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ludoteca.web.access import COOKIE, new_secret
from ludoteca.web.db import normalize_url
from ludoteca.web.limits import Limits

PG = os.environ.get("LUDOTECA_TEST_PG")
LEASE = 2.0    # seconds: a crashed worker's bots are taken over quickly


@pytest.fixture(scope="module")
def pg_db() -> Iterator[str]:
    if not PG:
        pytest.skip("LUDOTECA_TEST_PG is not set (no PostgreSQL server)")
    name = f"ludoteca_workers_{secrets.token_hex(4)}"
    admin = sa.create_engine(normalize_url(PG), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    url = sa.make_url(normalize_url(PG)).set(database=name)
    try:
        yield url.render_as_string(hide_password=False).replace("postgresql+psycopg://",
                                                                "postgresql://")
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Worker:
    """One ``ludoteca serve --workers 1`` process on a port of its own."""

    def __init__(self, db: str, log: Path) -> None:
        self.db, self.log = db, log
        self.port = _port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Worker:
        cmd = [sys.executable, "-m", "ludoteca", "serve", "--port", str(self.port),
               "--db", self.db, "--bot-delay", "0", "--bot-workers", "0", "--workers", "1",
               "--lease-seconds", str(LEASE), "--log-level", "info"]
        for name, value in dataclasses.asdict(Limits.generous()).items():
            cmd += ["--limit", f"{name}={value}"]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log.read_text(errors="replace")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).json()["ok"]:
                    return self
            except (httpx.HTTPError, ValueError):
                pass
            time.sleep(0.1)
        raise AssertionError("the worker did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def http(self, key: str | None = None) -> httpx.Client:
        cookies = {COOKIE: key} if key else {}
        return httpx.Client(base_url=self.url, cookies=cookies, timeout=30)


@pytest.fixture
def workers(pg_db: str, tmp_path: Path) -> Iterator[tuple[Worker, Worker]]:
    a = Worker(pg_db, tmp_path / "a.log").start()
    b = Worker(pg_db, tmp_path / "b.log").start()
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()


class Sock:
    """A WebSocket to one worker, with the newest state it received."""

    def __init__(self, worker: Worker, table_id: str, key: str | None = None) -> None:
        headers = {"Cookie": f"{COOKIE}={key}"} if key else {}
        self.ws = connect(f"ws://127.0.0.1:{worker.port}/ws/{table_id}",
                          additional_headers=headers, max_size=None)
        self.state: dict[str, Any] | None = None
        self.messages: list[dict[str, Any]] = []
        self._n = 0

    def recv(self, timeout: float = 20) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(msg)
        if msg["type"] == "state":
            self.state = msg
        return msg

    def until(self, pred: Any, timeout: float = 30) -> dict[str, Any]:
        """Read until a message satisfies ``pred``."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"timed out; last state version {self.state and self.state['version']}"
            msg = self.recv(timeout=left)
            if pred(msg):
                return msg

    def state_where(self, pred: Any, timeout: float = 30) -> dict[str, Any]:
        """The newest state if it satisfies ``pred``, else the next one that does."""
        if self.state is not None and pred(self.state):
            return self.state
        return self.until(lambda m: m["type"] == "state" and pred(m), timeout)

    def version_at_least(self, v: int, timeout: float = 30) -> dict[str, Any]:
        if self.state is not None and self.state["version"] >= v:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["version"] >= v, timeout)

    def act(self, text: str, seat: int | None = None) -> dict[str, Any]:
        assert self.state is not None
        self._n += 1
        req = f"r{self._n}-{secrets.token_hex(2)}"
        self.ws.send(json.dumps({"type": "act", "version": self.state["version"],
                                 "action": text, "seat": seat, "req": req}))
        return self.until(lambda m: m["type"] in ("ack", "error") and m.get("req") == req)

    def close(self) -> None:
        self.ws.close()


def create(worker: Worker, body: dict[str, Any]) -> tuple[dict[str, Any], str]:
    host = new_secret()
    with worker.http(host) as c:
        r = c.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json(), host


def claim(worker: Worker, table: dict[str, Any], seat: int) -> str:
    key = new_secret()
    code = table["seats"][seat]["invite"].split("#claim=")[1]
    with worker.http(key) as c:
        r = c.post(f"/api/tables/{table['table_id']}/claim", json={"code": code})
    assert r.status_code == 200, r.text
    return key


def stored_actions(db: str, table_id: str) -> list[tuple[int, int, str]]:
    engine = sa.create_engine(normalize_url(db))
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT n, seat, text FROM ludoteca_actions WHERE "
                                        "table_id = :t ORDER BY n"), {"t": table_id}).all()
            return [tuple(r) for r in rows]
    finally:
        engine.dispose()


def lease_holder(db: str, table_id: str) -> str | None:
    engine = sa.create_engine(normalize_url(db))
    try:
        with engine.connect() as conn:
            return conn.execute(sa.text("SELECT holder FROM ludoteca_leases WHERE table_id = :t"),
                                {"t": table_id}).scalar()
    finally:
        engine.dispose()


def people(n: int) -> list[dict[str, Any]]:
    return [{"kind": "person", "name": f"P{i + 1}", "access": "invite"} for i in range(n)]


# ----- tests -----------------------------------------------------------------------------------
def test_an_action_at_one_worker_reaches_a_socket_at_the_other(workers):
    a, b = workers
    t, _ = create(a, {"game": "qytetet", "seed": 3, "seats": people(2)})
    tid = t["table_id"]
    k0, k1 = claim(a, t, 0), claim(b, t, 1)
    s0, s1 = Sock(a, tid, k0), Sock(b, tid, k1)
    try:
        s0.recv()
        s1.recv()
        # presence crosses workers: seat 0 (at A) is seen connected at B
        s1.until(lambda m: m["type"] in ("presence", "state") and any(
            x["seat"] == 0 and x["connected"] for x in m["seats"]))
        for _ in range(8):
            mover = s0 if 0 in s0.state["to_move"] else s1
            other = s1 if mover is s0 else s0
            seat = 0 if mover is s0 else 1
            text = mover.state["legal"][str(seat)][0]["text"]
            ack = mover.act(text, seat)
            assert ack["type"] == "ack", ack
            st = other.version_at_least(ack["version"])
            mover.version_at_least(ack["version"])
            assert st["version"] == ack["version"]
            # the other worker's socket got the log entry the acting worker stored
            assert any(e["n"] == ack["version"] and e["action"] == text
                       for m in other.messages if m["type"] == "state" for e in m["log"])
        # chat goes across too
        s1.ws.send(json.dumps({"type": "chat", "text": "hola desde B", "seat": 1}))
        got = s0.until(lambda m: m["type"] == "chat")
        assert got["text"] == "hola desde B" and got["seat"] == 1
        stored = stored_actions(a.db, tid)
        assert [n for n, _, _ in stored] == list(range(1, s0.state["version"] + 1))
    finally:
        s0.close()
        s1.close()


def test_racing_writes_at_two_workers_never_both_land(workers):
    a, b = workers
    # a hot-seat table: the creator's browser holds both seats, at both workers
    t, host = create(a, {"game": "qytetet", "seed": 5, "seats": [
        {"kind": "person", "name": "A", "access": "host"},
        {"kind": "person", "name": "B", "access": "local"}]})
    tid = t["table_id"]
    outcomes: list[tuple[int, int]] = []
    for _round in range(6):
        with a.http(host) as c:
            st = c.get(f"/api/tables/{tid}/state").json()
        if st["over"]:
            break
        seat = st["to_move"][0]
        text = st["legal"][str(seat)][0]["text"]
        answers: list[httpx.Response] = []
        go = threading.Barrier(2)

        def post(worker: Worker, req: str, seat=seat, text=text, st=st, go=go,
                 answers=answers) -> None:
            with worker.http(host) as c:
                go.wait()
                answers.append(c.post(f"/api/tables/{tid}/act", json={
                    "version": st["version"], "action": text, "seat": seat, "req": req}))

        threads = [threading.Thread(target=post, args=(w, f"{w.port}-{_round}"))
                   for w in (a, b)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        codes = sorted(r.status_code for r in answers)
        outcomes.append(tuple(codes))
        ok = [r for r in answers if r.status_code == 200]
        assert len(ok) >= 1, [r.text for r in answers]
        for r in answers:
            if r.status_code != 200:     # the loser: the usual stale error, with the version
                err = r.json()["error"]
                assert err["code"] == "stale", err
                assert err["allowed"] == [st["version"] + 1], err
        # one stored action for that version, whoever won
        stored = stored_actions(a.db, tid)
        assert [n for n, _, _ in stored] == list(range(1, st["version"] + 2))
    # at least one round really raced (both answered; one of them stale)
    assert any(c == (200, 409) for c in outcomes), outcomes


def test_a_bot_seat_moves_exactly_once_with_two_workers(workers):
    a, b = workers
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
    t, _ = create(a, {"game": "qytetet", "seed": 11, "options": {"max_rounds": 3},
                      "seats": bots})
    tid = t["table_id"]
    wa, wb = Sock(a, tid), Sock(b, tid)     # spectators at both workers: both hold the table
    try:
        end_a = wa.until(lambda m: m["type"] == "state" and m["over"], 90)
        end_b = wb.until(lambda m: m["type"] == "state" and m["over"], 90)
        assert end_a["version"] == end_b["version"] and end_a["views"] == end_b["views"]
        stored = stored_actions(a.db, tid)
        assert [n for n, _, _ in stored] == list(range(1, end_a["version"] + 1))
        # every state each spectator saw went up one version at a time, each entry once
        for sock in (wa, wb):
            seen = [e["n"] for m in sock.messages if m["type"] == "state" for e in m["log"]]
            assert seen == list(range(0, end_a["version"] + 1))
        # the moves were made by one worker (the lease holder): no worker lost a race
        for w in (a, b):
            assert "refused at table" not in w.log.read_text(errors="replace")
    finally:
        wa.close()
        wb.close()


def test_killing_a_worker_loses_nothing(workers):
    a, b = workers
    t, _ = create(a, {"game": "qytetet", "seed": 7, "seats": [
        *people(1), {"kind": "bot", "bot": "greedy"}]})
    tid = t["table_id"]
    key = claim(a, t, 0)
    # the worker that runs the bot (holds the lease) is the one that dies
    deadline = time.monotonic() + 10
    while (held := lease_holder(a.db, tid)) is None:
        assert time.monotonic() < deadline, "nobody took the bot's lease"
        time.sleep(0.1)
    names = {w: httpx.get(f"{w.url}/healthz").json()["worker"] for w in (a, b)}
    if names[b] == held:
        a, b = b, a
    assert names[a] == held
    s = Sock(a, tid, key)
    s.recv()
    acked = 0
    for _ in range(6):
        s.state_where(lambda m: 0 in m["to_move"] or m["over"])
        if s.state["over"]:
            break
        ack = s.act(s.state["legal"]["0"][0]["text"], 0)
        assert ack["type"] == "ack", ack
        acked = ack["version"]
    a.kill()                                  # kill -9 in the middle of the game
    with pytest.raises((ConnectionClosed, EOFError, TimeoutError)):
        while True:                           # whatever A had sent, then the end
            s.recv(timeout=5)
    t0 = time.monotonic()
    s2 = Sock(b, tid, key)                    # the browser reconnects, to the other worker
    st = s2.recv()
    assert time.monotonic() - t0 < 5
    assert st["version"] >= acked             # nothing accepted is lost
    assert [n for n, _, _ in stored_actions(b.db, tid)] == list(range(1, st["version"] + 1))
    # the game goes on at B: the person acts, and the bot (its lease taken over) answers
    for _ in range(3):
        st = s2.state_where(lambda m: 0 in m["to_move"] or m["over"], timeout=LEASE * 4 + 10)
        if st["over"]:
            break
        v = st["version"]
        ack = s2.act(st["legal"]["0"][0]["text"], 0)
        assert ack["type"] == "ack" and ack["version"] == v + 1, ack
    assert s2.state["version"] > acked
    if not s2.state["over"]:    # the bot moved at B: its lease was taken over
        assert any(e["seat"] == 1 and e["n"] > acked for m in s2.messages
                   if m["type"] == "state" for e in m["log"])
        assert lease_holder(b.db, tid) == names[b]
    s2.close()
