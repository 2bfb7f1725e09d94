"""Clocks at a table, chosen when it is created: none, per move (N seconds for each decision)
or per game (N seconds in all per seat, like chess). The server keeps the deadlines on the
monotonic clock; when a person's time runs out the ``greedy`` bot makes that one decision for
the seat, which stays the person's (repeated timeouts never hand it over for good). Once a
per-game clock is spent, each later decision of that seat has ``GRACE`` seconds.

Only person seats have clocks; every person seat that must decide runs its own (simultaneous
steps: each seat that still has to choose). The times live in memory: after a restart every
clock starts again (per move: a fresh period; per game: the full time again)."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import time
from typing import Any

import orjson

from ludoteca.agents import make_agent

from .errors import bad

log = logging.getLogger("ludoteca.web")

MODES = ("none", "move", "game")
#: seconds allowed, by mode
BOUNDS = {"move": (1, 3600), "game": (10, 86400)}
GRACE = 10.0          # seconds per decision once a per-game clock is spent
TIMEOUT_BOT = "greedy"


def check_clock(raw: Any) -> dict[str, Any] | None:
    """The clock of a new table: ``{"mode": "none"|"move"|"game", "seconds": N}`` (None: no
    clock). Refusals name the field and what is allowed."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise bad("clock", 'debe ser {"mode": "none" | "move" | "game", "seconds": N}',
                  'must be {"mode": "none" | "move" | "game", "seconds": N}', list(MODES),
                  "invalid_option")
    extra = sorted(set(raw) - {"mode", "seconds"})
    if extra:
        raise bad("clock", f"campos desconocidos: {', '.join(extra)}",
                  f"unknown fields: {', '.join(extra)}", ["mode", "seconds"], "invalid_option")
    mode = raw.get("mode", "none")
    if mode not in MODES:
        raise bad("clock.mode", f"modo {mode!r} desconocido: none (sin reloj), move (por "
                  "jugada) o game (por partida)", f"unknown mode {mode!r}: none (no clock), "
                  "move (per move) or game (per game)", list(MODES), "invalid_option")
    if mode == "none":
        return None
    seconds = raw.get("seconds")
    lo, hi = BOUNDS[mode]
    if not (isinstance(seconds, int) and not isinstance(seconds, bool) and lo <= seconds <= hi):
        what_es = "cada jugada" if mode == "move" else "toda la partida, por asiento"
        what_en = "each move" if mode == "move" else "the whole game, per seat"
        raise bad("clock.seconds", f"segundos para {what_es}: un entero de {lo} a {hi}, no "
                  f"{seconds!r}", f"seconds for {what_en}: a whole number from {lo} to {hi}, "
                  f"not {seconds!r}", [lo, hi], "invalid_option")
    return {"mode": mode, "seconds": seconds}


class Clock:
    """The clocks of one table (see the module's docstring)."""

    def __init__(self, mode: str, seconds: float) -> None:
        self.mode = mode
        self.seconds = float(seconds)
        self.bank: dict[int, float] = {}      # per game: seconds each seat has left
        self.started: dict[int, float] = {}   # seat -> when its current decision started
        self.turn: dict[int, int] = {}        # seat -> which decision (a timeout checks it)
        self.expiring: set[int] = set()       # seats whose timeout move is being made
        self.version = -1
        self.timer: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self._n = 0

    @classmethod
    def from_spec(cls, spec: dict[str, Any] | None) -> Clock | None:
        if not spec or spec.get("mode") not in ("move", "game"):
            return None
        return cls(spec["mode"], spec["seconds"])

    def spec(self) -> dict[str, Any]:
        return {"mode": self.mode, "seconds": int(self.seconds)}

    # ----- time ------------------------------------------------------------------------------
    def allowed(self, seat: int) -> float:
        """Seconds for the seat's current decision, counted from its start."""
        if self.mode == "move":
            return self.seconds
        bank = self.bank.get(seat, self.seconds)
        return bank if bank > 0 else GRACE

    def left(self, seat: int, now: float) -> float:
        if seat in self.started:
            return max(0.0, self.allowed(seat) - (now - self.started[seat]))
        return self.seconds if self.mode == "move" else self.bank.get(seat, self.seconds)

    def _start(self, seat: int, now: float) -> None:
        self._n += 1
        self.turn[seat] = self._n
        self.started[seat] = now

    def _stop(self, seat: int, now: float) -> None:
        start = self.started.pop(seat)
        if self.mode == "game":
            bank = self.bank.get(seat, self.seconds)
            if bank > 0:
                self.bank[seat] = max(0.0, bank - (now - start))

    def sync(self, table: Any, now: float | None = None) -> None:
        """Follow the table: stop the clocks of seats that acted or no longer decide, start
        those of person seats that must decide now."""
        now = time.monotonic() if now is None else now
        people = {s["seat"] for s in table.seats if s["kind"] == "person"}
        movers = set() if table.ended else {s for s in table.game.to_move if s in people}
        if 0 <= self.version <= table.version:
            acted = {e.seat for e in table.entries[self.version + 1:]}
        else:
            acted = set(self.started)
        for seat in list(self.started):
            if seat not in movers or seat in acted:
                self._stop(seat, now)
        for seat in sorted(movers):
            if seat not in self.started:
                self._start(seat, now)
        self.version = table.version

    def snapshot(self, table: Any) -> dict[str, Any]:
        """What the state message says: each person seat's seconds left and whether its
        clock runs (the browser counts down from there)."""
        now = time.monotonic()
        seats = {}
        for s in table.seats:
            if s["kind"] != "person":
                continue
            seat = s["seat"]
            seats[str(seat)] = {"left": round(self.left(seat, now), 1),
                                "running": seat in self.started and not table.ended}
        return {"mode": self.mode, "seconds": int(self.seconds), "grace": GRACE,
                "seats": seats}

    # ----- deadlines -------------------------------------------------------------------------
    def update(self, table: Any, hub: Any) -> None:
        """After any change of the table: follow it and wait for the next deadline."""
        self.sync(table)
        self.schedule(table, hub)

    def schedule(self, table: Any, hub: Any) -> None:
        if self.timer is not None and self.timer is not asyncio.current_task():
            self.timer.cancel()
        self.timer = None
        if table.ended or getattr(hub, "_closing", False):
            return
        waiting = [self.started[s] + self.allowed(s) for s in self.started
                   if s not in self.expiring]
        if waiting:
            self.timer = asyncio.ensure_future(self._wait(table, hub, min(waiting)))

    async def _wait(self, table: Any, hub: Any, when: float) -> None:
        await asyncio.sleep(max(0.0, when - time.monotonic()))
        now = time.monotonic()
        for seat in list(self.started):
            if seat not in self.expiring and self.started[seat] + self.allowed(seat) <= now:
                self.expiring.add(seat)
                task = asyncio.ensure_future(self._expire(table, hub, seat, self.turn[seat]))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)
        self.schedule(table, hub)

    async def _expire(self, table: Any, hub: Any, seat: int, turn: int) -> None:
        """The seat's time is up: the greedy bot makes this decision for it (if the person
        has not acted meanwhile). The log entry says so."""
        try:
            world = table.game.clone()
            agent = make_agent(TIMEOUT_BOT, table.game_id, table.game.seed + seat)
            try:
                action, _ = await hub.bots.decide(agent, world, seat)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("timeout bot of seat %s at table %s failed", seat, table.id)
                action = str(random.choice(world.legal_actions(seat)))
            async with table.lock:
                if table.ended or self.turn.get(seat) != turn or seat not in self.started \
                        or seat not in table.game.to_move:
                    return
                legal = [str(a) for a in table.game.legal_actions(seat)]
                if action not in legal:      # another seat moved meanwhile
                    action = random.choice(legal)
                log.info("table %s: seat %d timed out; %s plays for it", table.id, seat,
                         TIMEOUT_BOT)
                await hub._apply(table, seat, action, None,
                                 answer=lambda n: mark_timeout(table, n))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("timeout of seat %s at table %s failed", seat, table.id)
        finally:
            self.expiring.discard(seat)
            self.schedule(table, hub)

    def cancel(self) -> list[asyncio.Task[None]]:
        """Stop waiting (the server stops); the tasks to await."""
        tasks = [*self.tasks, *([self.timer] if self.timer is not None else [])]
        for task in tasks:
            task.cancel()
        self.timer = None
        return tasks


def mark_timeout(table: Any, n: int) -> None:
    """Flag log entry ``n`` as made by the bot because its seat's time ran out."""
    entry = table.entries[n]

    def flag(text: str) -> str:
        data = orjson.loads(text)
        data["timeout"] = True
        return orjson.dumps(data).decode()

    table.entries[n] = dataclasses.replace(entry, full=flag(entry.full),
                                           masked=flag(entry.masked))


__all__ = ["BOUNDS", "GRACE", "MODES", "Clock", "check_clock", "mark_timeout"]
