"""One live table: the game, its seats and tokens, the event log, and the ``state`` messages
each viewer receives (computed once per version and viewer, then reused)."""

from __future__ import annotations

import asyncio
import hashlib
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

from .db import TableRow
from .labels import label

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


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


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
    seats: list[dict[str, Any]]          # {seat, name, kind, bot, taken}
    tokens: list[dict[str, Any]]         # {hash, seats, hotseat}
    lang: str
    listed: bool
    created: float
    finished: float | None = None
    entries: list[LogEntry] = field(default_factory=list)
    last: dict[int, Repeat] = field(default_factory=dict)
    reqs: OrderedDict[tuple[int, str], int] = field(default_factory=OrderedDict)
    conns: set[Any] = field(default_factory=set)
    bot_tasks: dict[int, Any] = field(default_factory=dict)
    agents: dict[int, Any] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _frag: dict[tuple[int, ...], str] = field(default_factory=dict)
    _frag_version: int = -1
    _seats_json: str | None = None

    # ----- building ------------------------------------------------------------------------
    @classmethod
    def from_row(cls, row: TableRow, game: Game, entries: list[LogEntry]) -> LiveTable:
        return cls(id=row.id, game=game, seats=row.seats, tokens=row.tokens, lang=row.lang,
                   listed=row.listed, created=row.created, finished=row.finished,
                   entries=entries)

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
    def person_seats(self) -> tuple[int, ...]:
        return tuple(s["seat"] for s in self.seats if s["kind"] == "person")

    def status(self) -> str:
        if self.over:
            return "finished"
        if self.listed and any(s["kind"] == "person" and not s["taken"] for s in self.seats):
            return "open"
        return "playing"

    def seats_for(self, token: str | None) -> tuple[int, ...] | None:
        """The seats a token may act for; () without a token; None for an unknown token."""
        if not token:
            return ()
        digest = token_hash(token)
        for entry in self.tokens:
            if entry["hash"] == digest:
                return tuple(entry["seats"])
        return None

    def result_json(self) -> dict[str, Any] | None:
        result = self.game.result
        return json.loads(dumps(result.to_json())) if result is not None else None

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        return {"table_id": self.id, "game": self.game_id, "title": info(self.game_id).title,
                "status": self.status(), "listed": self.listed,
                "seats": [{k: s[k] for k in ("seat", "name", "kind", "bot", "taken")}
                          for s in self.seats],
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
        return seats

    # ----- messages --------------------------------------------------------------------------
    def _seats(self) -> str:
        if self._seats_json is None:
            on = self.connected()
            self._seats_json = dumps([
                {"seat": s["seat"], "name": s["name"], "kind": s["kind"], "bot": s["bot"],
                 "connected": s["seat"] in on} for s in self.seats])
        return self._seats_json

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
                if s in to_move:
                    legal[str(s)] = [{"id": g.action_id(a), "text": str(a),
                                      **label(g.game_id, str(a))}
                                     for a in g.legal_actions(s)]
            frag = dumps({"table_id": self.id, "game": g.game_id, "version": self.version,
                          "you": list(you), "to_move": to_move, "views": views,
                          "legal": legal, "over": g.is_over, "result": self.result_json(),
                          "lang": self.lang})
            self._frag[you] = frag
        return frag

    def state_message(self, you: tuple[int, ...], log_from: int = 0) -> str:
        """The ``state`` message for a viewer acting for ``you``, with the log entries from
        ``log_from`` on."""
        log = ",".join(e.for_viewer(you) for e in self.entries[log_from:])
        return ('{"type":"state",' + self._fragment(you)[1:-1] + ',"seats":' + self._seats()
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


def iso(stamp: float | None) -> str | None:
    if stamp is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp))
