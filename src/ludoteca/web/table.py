"""One live table: the game, its seats and tokens, the event log, and the ``state`` messages
each viewer receives (computed once per version and viewer, then reused)."""

from __future__ import annotations

import asyncio
import json
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import orjson

from ludoteca.core.events import Event
from ludoteca.core.game import Game
from ludoteca.core.registry import info

from .access import Access, access_of, normalize_seat
from .chat import ChatRoom
from .clock import Clock
from .db import TableRow
from .labels import label
from .words import describer

REMOTE_FRESH = 60.0  # seconds a worker's word on who is connected there counts
MAX_REQS = 64  # recent request ids remembered per table (repeats are answered with an ack)


def _default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


def dumps(value: Any) -> str:
    """Compact JSON (Decimals as numbers, text kept as UTF-8), by orjson: a state message is
    encoded for every seat after every action, and the standard library's encoder was a
    quarter of the server's time at full load."""
    return orjson.dumps(value, default=_default, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass
class LogEntry:
    """One log entry as JSON twice: with its action text and with ``action: null`` (shown to
    other seats when it was a secret choice)."""

    n: int
    seat: int | None
    secret: bool
    full: str
    masked: str

    def for_viewer(self, you: tuple[int, ...]) -> str:
        if self.secret and self.seat not in you:
            return self.masked
        return self.full


def make_entry(game: Game, n: int, seat: int | None, text: str | None, secret: bool,
               events: list[Event] | tuple[Event, ...]) -> LogEntry:
    evs = [{"kind": e.kind, "rule": e.rule,
            "text": {"es": game.describe(e, "es"), "en": game.describe(e, "en")}}
           for e in events]
    if secret:  # flagged, so a hot-seat page can hide it again after a reload
        full = dumps({"n": n, "seat": seat, "action": text, "events": evs, "secret": True})
        masked = dumps({"n": n, "seat": seat, "action": None, "events": evs, "secret": True})
    else:
        full = masked = dumps({"n": n, "seat": seat, "action": text, "events": evs})
    return LogEntry(n, seat, secret, full, masked)


@dataclass
class Repeat:
    """The last accepted action of a seat: a repeat of it is acknowledged, not applied."""

    req: str | None
    version_before: int
    text: str
    sent: str  # the text as the client sent it
    version_after: int


@dataclass
class LiveTable:
    """A table in memory. ``version`` is the number of accepted actions."""

    id: str
    game: Game
    seats: list[dict[str, Any]]          # {seat, name, kind, bot, access, claimed}
    credentials: list[dict[str, Any]]    # {hash, kind: device|invite, seats, host} (access.py)
    lang: str
    listed: bool
    created: float
    finished: float | None = None
    state: str = "playing"               # playing | finished | closed | abandoned
    creator: str | None = None           # the client address that created it
    touched: float = 0.0                 # when it last changed (idle tables expire)
    rematch: str | None = None           # the table its rematch opened (once over)
    clock: Clock | None = None           # per move / per game clocks (web/clock.py)
    chat: ChatRoom = field(default_factory=ChatRoom)   # in memory only (web/chat.py)
    last_seen: dict[int, float] = field(default_factory=dict)  # seat -> when it left
    entries: list[LogEntry] = field(default_factory=list)
    last: dict[int, Repeat] = field(default_factory=dict)
    reqs: OrderedDict[tuple[int, str], int] = field(default_factory=OrderedDict)
    conns: set[Any] = field(default_factory=set)
    #: seats connected at other workers (several workers): worker -> (seats, when heard)
    remote: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)
    bot_tasks: dict[int, Any] = field(default_factory=dict)
    agents: dict[int, Any] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _frag: dict[tuple[int, ...], str] = field(default_factory=dict)
    _frag_version: int = -1
    _seats_json: str | None = None

    # ----- building ------------------------------------------------------------------------
    @classmethod
    def from_row(cls, row: TableRow, game: Game, entries: list[LogEntry]) -> LiveTable:
        now = time.time()
        seats = [normalize_seat(s) for s in row.seats]
        return cls(id=row.id, game=game, seats=seats, credentials=row.tokens, lang=row.lang,
                   listed=row.listed, created=row.created, finished=row.finished,
                   state=row.status, creator=row.creator,
                   touched=row.touched or row.created, entries=entries,
                   rematch=getattr(row, "rematch", None),
                   clock=Clock.from_spec(getattr(row, "clock", None)),
                   last_seen={s["seat"]: now for s in seats if s.get("claimed")})

    # ----- facts -----------------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.entries) - 1

    @property
    def game_id(self) -> str:
        return self.game.game_id

    @property
    def over(self) -> bool:
        return self.game.is_over

    @property
    def ended(self) -> bool:
        """Over, closed by its host or an admin, or abandoned: nobody acts any more."""
        return self.state != "playing" or self.game.is_over

    @property
    def bots_only(self) -> bool:
        return all(s["kind"] == "bot" for s in self.seats)

    @property
    def person_seats(self) -> tuple[int, ...]:
        return tuple(s["seat"] for s in self.seats if s["kind"] == "person")

    def status(self) -> str:
        """As the lobby lists it: open (an open seat nobody has claimed), playing, finished,
        closed or abandoned."""
        if self.over:
            return "finished"
        if self.state != "playing":
            return self.state
        if any(s["access"] == "open" and not s["claimed"] for s in self.seats):
            return "open"
        return "playing"

    def access_for(self, key: str | None) -> Access:
        """What the browser with this device key may do here."""
        return access_of(self.credentials, self.id, key)

    def absent(self, seat: int, now: float, grace: float) -> bool:
        """Nobody is at ``seat`` now, and nobody has been for ``grace`` seconds."""
        if any(seat in conn.you for conn in self.conns) or seat in self.remote_seats():
            return False
        left = self.last_seen.get(seat)
        return left is None or now - left >= grace

    def result_json(self) -> dict[str, Any] | None:
        result = self.game.result
        return json.loads(dumps(result.to_json())) if result is not None else None

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        return {"table_id": self.id, "game": self.game_id, "title": info(self.game_id).title,
                "status": self.status(), "listed": self.listed,
                "seats": [public_seat(s) for s in self.seats],
                "version": self.version, "created": iso(self.created),
                "finished": iso(self.finished), "result": self.result_json()}

    # ----- changes ---------------------------------------------------------------------------
    def add_entry(self, entry: LogEntry) -> None:
        self.entries.append(entry)

    def remember(self, seat: int, rep: Repeat) -> None:
        self.last[seat] = rep
        if rep.req:
            self.reqs[(seat, rep.req)] = rep.version_after
            while len(self.reqs) > MAX_REQS:
                self.reqs.popitem(last=False)

    def presence_changed(self) -> None:
        self._seats_json = None

    def invalidate(self) -> None:
        """Forget every cached message part (names, tokens or the game were rebuilt)."""
        self._frag.clear()
        self._frag_version = -1
        self._seats_json = None

    def connected(self) -> set[int]:
        seats: set[int] = {s["seat"] for s in self.seats if s["kind"] == "bot"}
        for conn in self.conns:
            seats.update(conn.you)
        return seats | self.remote_seats()

    def remote_seats(self) -> set[int]:
        """Seats connected at other workers (heard within ``REMOTE_FRESH`` seconds: a
        crashed worker's sockets stop counting)."""
        if not self.remote:
            return set()
        now = time.monotonic()
        out: set[int] = set()
        for seats, when in self.remote.values():
            if now - when < REMOTE_FRESH:
                out |= seats
        return out

    # ----- messages --------------------------------------------------------------------------
    def _seats(self) -> str:
        if self._seats_json is None:
            on = self.connected()
            self._seats_json = dumps([{**public_seat(s), "connected": s["seat"] in on,
                                       "left": self._left(s["seat"], on)}
                                      for s in self.seats])
        return self._seats_json

    def presence_message(self) -> str:
        """Who is connected, for every socket but the one that just came or went."""
        on = self.connected()
        return dumps({"type": "presence",
                      "seats": [{"seat": s["seat"], "connected": s["seat"] in on}
                                for s in self.seats]})

    def _left(self, seat: int, on: set[int]) -> float | None:
        """When a person who is not connected left (server time), for "away for 2 min"."""
        if seat in on or self.seats[seat]["kind"] != "person":
            return None
        left = self.last_seen.get(seat)
        return round(left, 3) if left is not None else None

    def _fragment(self, you: tuple[int, ...]) -> str:
        """Everything of a state message that depends on the version and the viewer only."""
        if self._frag_version != self.version:
            self._frag.clear()
            self._frag_version = self.version
        frag = self._frag.get(you)
        if frag is None:
            g = self.game
            to_move = list(g.to_move)
            if you:
                views = {str(s): g.view(s) for s in you}
            else:
                views = {"spectator": g.view(None)}
            legal = {}
            for s in you:
                if s in to_move and self.state == "playing":
                    legal[str(s)] = action_buttons(g, s, views.get(str(s)))
            frag = dumps({"table_id": self.id, "game": g.game_id, "version": self.version,
                          "you": list(you), "to_move": to_move, "views": views,
                          "legal": legal, "over": g.is_over, "result": self.result_json(),
                          "lang": self.lang})
            self._frag[you] = frag
        return frag

    def state_message(self, access: Access, log_from: int = 0) -> str:
        """The ``state`` message for a viewer with ``access``, with the log entries from
        ``log_from`` on."""
        you = access.seats
        log = ",".join(e.for_viewer(you) for e in self.entries[log_from:])
        return ('{"type":"state",' + self._fragment(you)[1:-1] + ',"seats":' + self._seats()
                + ',"host":' + ("true" if access.host else "false")
                + ',"status":"' + self.status() + '"'
                + ',"rematch":' + dumps(self.rematch)
                + ',"now":' + str(round(time.time(), 3))
                + (',"clock":' + dumps(self.clock.snapshot(self)) if self.clock else "")
                + ',"log_from":' + str(log_from) + ',"log":[' + log + "]}")

    def record(self) -> dict[str, Any]:
        """The game's record plus the table (seat kinds and bots), as ``ludoteca play --load``
        and ``ludoteca replay`` read it."""
        rec = self.game.record()
        rec["table"] = {"table_id": self.id, "lang": self.lang, "created": iso(self.created),
                        "finished": iso(self.finished),
                        "seats": [{"name": s["name"], "kind": s["kind"], "bot": s["bot"]}
                                  for s in self.seats]}
        return json.loads(dumps(rec))


def action_buttons(game: Game, seat: int, view: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The seat's legal actions as buttons: id, text form, label (in words where the game has
    a describer, else the generic label), help and group."""
    describe = describer(game.game_id)
    if view is None:
        view = game.view(seat)
    out = []
    for action in game.legal_actions(seat):
        text = str(action)
        button: dict[str, Any] = {"id": game.action_id(action), "text": text,
                                  **label(game.game_id, text)}
        words = describe(view, text) if describe is not None else None
        if words:
            button.update({k: v for k, v in words.items() if v})
        out.append(button)
    return out


def public_seat(seat: dict[str, Any]) -> dict[str, Any]:
    """A seat as anyone may see it (never a credential)."""
    return {k: seat.get(k) for k in ("seat", "name", "kind", "bot", "access", "claimed")}


def iso(stamp: float | None) -> str | None:
    if stamp is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp))
