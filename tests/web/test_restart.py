"""Killing the server (SIGKILL) in the middle of games and starting it again resumes every
table at its last accepted action: version, views, legal actions and log; the same browsers
(device keys) keep acting, and bots carry on."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect as ws_connect

from ludoteca.web.access import new_secret

from .support import bot, device, person

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``ludoteca serve`` in a subprocess."""

    def __init__(self, db: str, port: int, bot_delay: float) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ludoteca", "serve", "--port", str(port), "--db", db,
             "--bot-delay", str(bot_delay), "--limit", "act_rate=1000/second"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise AssertionError(f"server exited: {self.proc.stdout.read()}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise AssertionError("server did not start")
            time.sleep(0.1)
        self.http = httpx.Client(base_url=self.url, timeout=10)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        if self.proc.stdout:
            self.proc.stdout.close()

    def state(self, tid: str, key: str | None = None) -> dict[str, Any]:
        r = self.http.get(f"/api/tables/{tid}/state", headers=device(key))
        assert r.status_code == 200, r.text
        return r.json()

    def create(self, game: str, seats: list[dict], options: dict) -> tuple[str, dict[int, str]]:
        """A table whose person seats are invitations, each claimed by a browser of its
        own: the table and each seat's device key."""
        seats = [{**s, "access": "invite"} if s["kind"] == "person" else s for s in seats]
        r = self.http.post("/api/tables", json={"game": game, "seats": seats,
                                                 "options": options, "seed": 21})
        assert r.status_code == 200, r.text
        t = r.json()
        keys = {}
        for s in t["seats"]:
            if "invite" in s:
                keys[s["seat"]] = new_secret()
                code = s["invite"].split("#claim=")[1]
                r = self.http.post(f"/api/tables/{t['table_id']}/claim", json={"code": code},
                                   headers=device(keys[s["seat"]]))
                assert r.status_code == 200, r.text
        return t["table_id"], keys

    def play(self, tid: str, tokens: dict[int, str], n: int, rng: random.Random) -> None:
        """``n`` random legal actions by the table's people over HTTP."""
        for _ in range(n):
            st = self.state(tid)
            movers = [s for s in st["to_move"] if s in tokens]
            if st["over"] or not movers:
                return
            seat = rng.choice(movers)
            mine = self.state(tid, tokens[seat])
            text = rng.choice(mine["legal"][str(seat)])["text"]
            r = self.http.post(f"/api/tables/{tid}/act", headers=device(tokens[seat]), json={
                "version": mine["version"], "action": text})
            assert r.status_code == 200, r.text


    def wait_for_people(self, tid: str, tokens: dict[int, str]) -> None:
        """Until the table's bots are done and a person must decide (or the game is over)."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            st = self.state(tid)
            if st["over"] or set(st["to_move"]) & set(tokens):
                return
            time.sleep(0.02)
        raise AssertionError(f"table {tid}: the bots did not finish their turn")


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in state.items() if k != "now"}       # the server's clock
    out["seats"] = [{k: v for k, v in s.items() if k not in ("connected", "left")}
                    for s in state["seats"]]
    return out


def test_sigkill_mid_game_resumes_every_table(tmp_path):
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    port = free_port()
    rng = random.Random(7)
    server = Server(db, port, bot_delay=0.01)
    try:
        specs = [
            ("qytetet", [person("Ana"), bot(), person("Bea")], {}),
            ("som", [person(), person(), person()], {"mode": "B"}),
            ("elplan", [person("Ana"), person("Bea"), bot()], {}),
            ("sigloxx", [person(), bot("random"), person()], {}),
            ("civitas", [bot(), bot(), bot(), bot()], {"max_rounds": 200}),  # bots only
        ]
        tables = [server.create(game, seats, options) for game, seats, options in specs]
        for tid, tokens in tables:
            if tokens:
                server.play(tid, tokens, 12, rng)
        # one more action over a socket, acknowledged just before the kill
        tid, tokens = tables[1]
        st = server.state(tid)
        seat = st["to_move"][0]
        with ws_connect(f"{server.ws}/ws/{tid}",
                        additional_headers=device(tokens[seat])) as ws:
            mine = json.loads(ws.recv(timeout=10))
            text = mine["legal"][str(seat)][0]["text"]
            ws.send(json.dumps({"type": "act", "version": mine["version"], "action": text,
                                "req": "last"}))
            while (msg := json.loads(ws.recv(timeout=10)))["type"] != "ack":
                pass
            acked = msg["version"]
        time.sleep(0.3)                     # bots keep playing the bots-only table
        before = {}
        for tid, tokens in tables:
            if tokens:
                server.wait_for_people(tid, tokens)
            before[tid] = {s: server.state(tid, tok) for s, tok in tokens.items()}
            before[tid][None] = server.state(tid)
        server.kill()                          # mid-game: the bots-only table is moving
    except BaseException:
        server.kill()
        raise

    server = Server(db, port, bot_delay=0.01)
    try:
        assert server.state(tables[1][0])["version"] >= acked
        for tid, tokens in tables:
            after = server.state(tid)
            if tokens:                                        # people's tables wait for them
                for seat, tok in tokens.items():
                    now = server.state(tid, tok)
                    assert comparable(now) == comparable(before[tid][seat])
                assert comparable(after) == comparable(before[tid][None])
            else:                                             # bots' table: nothing lost
                old = before[tid][None]
                assert after["version"] >= old["version"] > 0
                assert after["log"][:len(old["log"])] == old["log"]
        # the same tokens go on playing, and so do the bots
        for tid, tokens in tables:
            if tokens:
                v = server.state(tid)["version"]
                server.wait_for_people(tid, tokens)
                server.play(tid, tokens, 3, rng)
                assert server.state(tid)["version"] > v
        tid = tables[-1][0]
        v = server.state(tid)["version"]
        deadline = time.monotonic() + 10
        while server.state(tid)["version"] == v and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.state(tid)["version"] > v
    finally:
        server.kill()
