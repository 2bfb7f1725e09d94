"""Helpers for the web table's tests: tables, tokens, and sockets read up to a barrier."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient

from ludoteca.web.access import COOKIE, new_secret


def person(name: str | None = None) -> dict[str, Any]:
    return {"kind": "person", "name": name}


def bot(spec: str = "greedy") -> dict[str, Any]:
    return {"kind": "bot", "bot": spec}


def device(key: str | None) -> dict[str, str]:
    """The headers of a browser whose device key is ``key`` (none: a stranger)."""
    return {"cookie": f"{COOKIE}={key}"} if key else {"cookie": ""}


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict:
    """A table whose person seats (unless they say otherwise) are invitations, each claimed
    at once by a browser of its own: ``seat_tokens(t)`` gives each seat's device key. The
    client's own cookie is the host's (it holds the seats of access host/local)."""
    seats = [{**s, "access": s.get("access", "invite")} if s["kind"] == "person" else s
             for s in seats]
    r = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 200, r.text
    t = r.json()
    t["keys"] = {}
    for s in t["seats"]:
        if "invite" in s:
            t["keys"][s["seat"]] = claim(client, s["invite"])
    return t


def claim(client: TestClient, invite: str, name: str | None = None) -> str:
    """Claim an invitation in a new browser; its device key."""
    tid, code = invite.split("/t/", 1)[1].split("#claim=")
    key = new_secret()
    body = {"code": code} if name is None else {"code": code, "name": name}
    r = client.post(f"/api/tables/{tid}/claim", json=body, headers=device(key))
    assert r.status_code == 200, r.text
    return key


def seat_tokens(table: dict) -> dict[int, str]:
    """Each claimed invitation's device key, by seat."""
    return dict(table["keys"])


def host_key(client: TestClient) -> str:
    """The device key of the client's own browser (the creator's)."""
    return client.cookies[COOKIE]


def ws(client: TestClient, table_id: str, key: str | None = None) -> Any:
    """A WebSocket to a table from the browser with device ``key`` (none: a spectator)."""
    return client.websocket_connect(f"/ws/{table_id}", headers=device(key))


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
        elif msg["type"] == "presence" and self.state is not None:
            on = {p["seat"]: p["connected"] for p in msg["seats"]}
            for seat in self.state["seats"]:
                seat["connected"] = on[seat["seat"]]
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
