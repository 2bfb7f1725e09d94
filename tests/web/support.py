"""Helpers for the web table's tests: tables, tokens, and sockets read up to a barrier."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient


def person(name: str | None = None) -> dict[str, Any]:
    return {"kind": "person", "name": name}


def bot(spec: str = "greedy") -> dict[str, Any]:
    return {"kind": "bot", "bot": spec}


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict:
    r = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def token(link: str) -> str:
    return link.split("token=", 1)[1]


def seat_tokens(table: dict) -> dict[int, str]:
    return {s["seat"]: token(s["invite"]) for s in table["seats"] if "invite" in s}


class Socket:
    """A WebSocket with the messages it received, read up to a barrier."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.messages: list[dict] = []
        self.raw: list[str] = []
        self.state: dict | None = None
        self._n = 0

    def send(self, msg: Any) -> None:
        self.ws.send_text(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self) -> dict:
        text = self.ws.receive_text()
        msg = json.loads(text)
        self.raw.append(text)
        self.messages.append(msg)
        if msg["type"] == "state":
            self.state = msg
        return msg

    def sync(self) -> list[dict]:
        """Everything the server queued for this socket before now (up to a pong)."""
        self.send({"type": "ping"})
        got = []
        while True:
            msg = self.recv()
            if msg["type"] == "pong":
                return got
            got.append(msg)

    def act(self, action: str, version: int | None = None, seat: int | None = None,
            req: str | None = None) -> dict:
        """Send an act and return its answer (ack or error); later messages stay unread."""
        self._n += 1
        req = req or f"r{self._n}"
        assert self.state is not None
        self.send({"type": "act", "version": self.state["version"] if version is None
                   else version, "action": action, "seat": seat, "req": req})
        while True:
            msg = self.recv()
            if msg["type"] in ("ack", "error") and msg.get("req") == req:
                return msg


def drive(rng: random.Random, legal: list[str]) -> str:
    """The test players: mostly random; calls votes in Som so secret bids happen."""
    votes = [t for t in legal if t.split()[0] in ("elecciones", "mocion", "apoyar")]
    if votes and rng.random() < 0.9:
        return votes[0]
    return rng.choice(legal)
