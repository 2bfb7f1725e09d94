"""The tables a server runs: creating, joining, acting (people and bots), persisting every
accepted action, and telling every connected socket about each change."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import secrets
import socket
import time
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.core.errors import IllegalAction, InvalidOption, LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.registry import info

from .access import Access, normalize_seat
from .bots import BotRunner
from .db import CHAT_CHANNEL, TABLE_CHANNEL, StaleWrite, Store, TableRow, Writer
from .errors import WebError, not_found
from .limits import Limits, RateLimiter
from .table import LiveTable, LogEntry, Repeat, dumps, iso, make_entry, public_seat

log = logging.getLogger("ludoteca.web")


class Conn:
    """One WebSocket: who it acts for, what log it has seen, and what is waiting to be sent.
    One writer task sends the outbox in order; a ``None`` in it stands for "the newest
    state", built when it is sent (consecutive ones collapse), so a slow socket gets the
    newest state instead of a backlog, and an answer never overtakes an earlier change."""

    def __init__(self, table: LiveTable, access: Access, key: str | None = None,
                 client: str = "") -> None:
        self.table = table
        self.access = access
        self.key = key          # the browser's device key (in memory only: re-checks access)
        self.client = client    # the client's address (socket caps)
        self.log_sent = 0
        self.outbox: deque[str | None] = deque([None])
        self.wake = asyncio.Event()
        self.wake.set()

    @property
    def you(self) -> tuple[int, ...]:
        return self.access.seats

    def push(self, message: str) -> None:
        self.outbox.append(message)
        self.wake.set()

    def touch(self) -> None:
        if not self.outbox or self.outbox[-1] is not None:
            self.outbox.append(None)
        self.wake.set()

    def next_message(self) -> str | None:
        if not self.outbox:
            return None
        msg = self.outbox.popleft()
        if msg is None:
            msg = self.table.state_message(self.access, self.log_sent)
            self.log_sent = len(self.table.entries)
        return msg


class Hub:
    """Every table of one server process (the database is the truth; this is its cache)."""

    def __init__(self, store: Store, bot_delay: float = 0.6, limits: Limits | None = None,
                 bot_workers: int = 0, worker_id: str | None = None,
                 lease_seconds: float = 6.0) -> None:
        self.store = store
        #: this worker's name (in notifications, leases and ``/healthz``)
        self.worker = worker_id or default_worker_id()
        store.origin = self.worker
        #: several workers share the database (PostgreSQL): changes come by NOTIFY, a lease
        #: says which worker runs a table's bots and clocks
        self.shared = store.shared
        self.lease_seconds = lease_seconds
        self.leased: dict[str, float] = {}      # table id -> lease valid until (monotonic)
        self.fanout: Any = None
        self._reader = ThreadPoolExecutor(max_workers=2, thread_name_prefix="ludoteca-read")
        self._syncing: dict[str, asyncio.Task[None]] = {}
        self._sync_again: set[str] = set()
        self._leaser: asyncio.Task[None] | None = None
        self._bg: set[asyncio.Task[Any]] = set()
        self._lease_tried: dict[str, float] = {}
        self._rounds = 0
        self.writer = Writer(store)
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.rates = RateLimiter(self.limits)
        self.bots = BotRunner(bot_workers)
        self.tables: dict[str, LiveTable] = {}
        self.sockets_by_client: Counter[str] = Counter()
        self._closing = False
        self._sweeper: asyncio.Task[None] | None = None
        #: a table held still (a class not started or paused, web/classroom): the refusal
        #: people get when they act, None when the table plays; bots wait while it is held
        self.gate: Callable[[LiveTable], WebError | None] | None = None

    # ----- start and stop ------------------------------------------------------------------
    def start(self) -> int:
        """Rebuild every unfinished table from its stored actions; start their bots and the
        sweeper that retires idle tables. (Called with the event loop running.) Several
        workers (PostgreSQL): tables load when asked for, and the lease loop
        (:meth:`start_shared`) takes the tables of bots and clocks nobody runs."""
        n = 0
        for table_id in ([] if self.shared else self.store.ids(status="playing")):
            try:
                table = self._load(table_id)
            except Exception:  # a table that no longer replays must not stop the server
                log.exception("table %s could not be rebuilt", table_id)
                continue
            if table is not None:
                n += 1
                self.kick_bots(table)
        self._sweeper = asyncio.ensure_future(self._sweep_forever())
        return n

    async def start_shared(self) -> None:
        """Several workers: listen to the others' changes (``fanout.py``) and run the lease
        loop. Nothing on SQLite."""
        if not self.shared:
            return
        from .fanout import Fanout

        self.fanout = Fanout(self.store.url, self._on_notice, self._resync_all)
        await self.fanout.start()
        self._leaser = asyncio.ensure_future(self._lease_forever())

    async def stop(self) -> None:
        self._closing = True
        tasks = [t for table in self.tables.values() for t in table.bot_tasks.values()]
        tasks.extend(self._syncing.values())
        tasks.extend(self._bg)
        if self._leaser is not None:
            tasks.append(self._leaser)
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for table in self.tables.values():
            if table.clock is not None:
                tasks.extend(table.clock.cancel())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.fanout is not None:
            await self.fanout.close()
        if self.leased:   # another worker takes them at once, not when they run out
            try:
                await self.writer.run(self.store.release, list(self.leased), self.worker)
            except Exception:
                log.exception("releasing leases failed")
            self.leased.clear()
        self.bots.close()
        self.writer.close()
        self._reader.shutdown(wait=False, cancel_futures=True)

    def _load(self, table_id: str) -> LiveTable | None:
        row = self.store.load(table_id)
        if row is None:
            return None
        game, entries = _replay_row(row)
        table = LiveTable.from_row(row, game, entries)
        self._attach_agents(table, row.seed)
        self.tables[table_id] = table
        return table

    def _refresh(self, table: LiveTable) -> None:
        """Rebuild a table's game and log from the database (after a rename, or when a
        write failed), keeping its sockets and bots."""
        row = self.store.load(table.id)
        if row is None:
            return
        table.game, table.entries = _replay_row(row)
        table.invalidate()
        for conn in table.conns:
            conn.log_sent = 0

    def _attach_agents(self, table: LiveTable, seed: int) -> None:
        for s in table.seats:
            if s["kind"] == "bot" and s["seat"] not in table.agents:
                table.agents[s["seat"]] = make_agent(s["bot"], table.game_id, seed + s["seat"])

    def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            try:
                table = self._load(table_id) if _plausible_id(table_id) else None
            except LudotecaError:
                log.exception("table %s could not be rebuilt", table_id)
                table = None
            if table is None:
                raise not_found(f"la mesa {table_id!r}", f"table {table_id!r}")
        return table

    # ----- acting ------------------------------------------------------------------------------
    async def act(self, table: LiveTable, you: tuple[int, ...], version: Any, text: Any,
                  seat: Any = None, req: Any = None,
                  answer: Callable[[int], None] | None = None) -> int:
        """Play ``text`` for one of ``you`` at ``version``; return the new version. Raises
        WebError (stale, not_your_turn, illegal, forbidden, bad_message); nothing changes.
        ``answer(version)`` is called once the action is stored, before anyone is told."""
        if not isinstance(version, int) or isinstance(version, bool):
            raise WebError("bad_message", "version: falta el número de versión al que responde "
                           "la acción", "version: missing the state version the action answers")
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise WebError("bad_message", "action: debe ser el texto de una acción (máx. 200)",
                           "action: must be an action's text (at most 200 characters)")
        if req is not None and (not isinstance(req, str) or len(req) > 100):
            raise WebError("bad_message", "req: debe ser un texto corto",
                           "req: must be a short text")
        if not you:
            raise WebError("forbidden", "este navegador no tiene asiento en esta mesa: solo "
                           "puede mirar", "this browser has no seat at this table: it can "
                           "only watch")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or seat not in you):
            raise WebError("forbidden", f"este navegador no puede actuar por el asiento {seat!r}",
                           f"this browser may not act for seat {seat!r}", list(you))
        async with table.lock:           # one action of a table at a time, stored in order
            if table.state != "playing":
                raise closed_error(table.state)
            if self.gate is not None and (held := self.gate(table)) is not None:
                raise held
            game = table.game
            if seat is None:
                mine = [s for s in you if s in game.to_move]
                seat = mine[0] if len(mine) == 1 else you[0] if len(you) == 1 else None
                if seat is None:
                    raise WebError("bad_message", "seat: di para qué asiento actúas",
                                   "seat: say which seat you act for", list(you))
            # a repeat of what this seat just did is harmless
            rep = table.last.get(seat)
            if req is not None and (seat, req) in table.reqs:
                return table.reqs[(seat, req)]
            if rep is not None and version == rep.version_before and (
                    text in (rep.text, rep.sent) or _canonical(game, text) == rep.text):
                return rep.version_after
            if self.shared and version > table.version:   # another worker moved it on
                await self._catch_up(table)
            if version != table.version and not self._fresh_enough(table, seat, version):
                raise WebError("stale", f"la acción responde a la versión {version}, pero la "
                               f"mesa va por la {table.version}; mira el estado nuevo",
                               f"the action answers version {version}, but the table is at "
                               f"{table.version}; look at the new state", [table.version])
            if game.is_over:
                raise WebError("not_your_turn", "la partida ha terminado", "the game is over")
            if seat not in game.to_move:
                names = ", ".join(table.seats[s]["name"] for s in game.to_move)
                raise WebError("not_your_turn", f"no es tu turno; le toca a: {names}",
                               f"it is not your turn; to move: {names}", list(game.to_move))
            return await self._apply(table, seat, text, req, answer)

    def _fresh_enough(self, table: LiveTable, seat: int, version: int) -> bool:
        """An older version is still good when everything since was another seat's secret
        choice (simultaneous steps): those change nothing this seat may see or do."""
        if not 0 <= version < table.version:
            return False
        return all(e.secret and e.seat != seat for e in table.entries[version + 1:])

    async def _apply(self, table: LiveTable, seat: int, text: str, req: str | None,
                     answer: Callable[[int], None] | None = None) -> int:
        """Apply on a copy, store it, then make the copy the table's game: until the action
        is stored, everyone keeps seeing the version before it. (Holds ``table.lock``.)"""
        game = table.game.clone()
        secret = game.is_secret_choice(seat)
        try:
            action = game.parse(text)
            events = game.apply(action, seat=seat)
        except IllegalAction as exc:
            legal = exc.legal or [str(a) for a in game.legal_actions(seat)]
            raise WebError("illegal", exc.text("es"), exc.text("en"), legal) from None
        canonical = str(action)
        n = table.version + 1
        try:
            await self.writer.append(table.id, n, seat, canonical,
                                     table_result(game) if game.is_over else None)
        except StaleWrite as exc:  # closed (by an admin) or moved meanwhile: look again
            if self.shared:        # another worker stored version n first: catch up
                await self._catch_up(table)
                self.notify(table)
                self.kick_bots(table)
            else:
                await self._refresh_status(table)
            raise closed_error(table.state) if table.state != "playing" else WebError(
                "stale", "la mesa cambió mientras tanto; mira el estado nuevo",
                "the table changed meanwhile; look at the new state", [table.version]) from exc
        except Exception as exc:  # the database refused: nothing changed
            log.exception("could not store action %s of table %s", n, table.id)
            raise WebError("server", "no se pudo guardar la acción; inténtalo de nuevo",
                           "the action could not be stored; try again") from exc
        table.game = game
        table.add_entry(make_entry(game, n, seat, canonical, secret, events))
        table.touched = time.time()
        if game.is_over:
            table.finished = table.touched
            table.state = "finished"
        table.remember(seat, Repeat(req, n - 1, canonical, text, n))
        if answer is not None:
            answer(n)
        self.notify(table)
        self.kick_bots(table)
        return n

    # ----- several workers: catching up, notifications, leases ------------------------------
    async def _read(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A database read off the event loop (not on the writer's thread: a catch-up never
        waits behind a group commit)."""
        return await asyncio.get_running_loop().run_in_executor(self._reader, fn, *args)

    async def _catch_up(self, table: LiveTable) -> bool:
        """Apply what other workers stored since this worker's version, and follow the
        stored seats, status and rematch. (Holds ``table.lock``.) True if anything changed."""
        row, actions = await self._read(self.store.actions_since, table.id, table.version)
        if row is None:
            return False
        changed = False
        if actions and actions[0][0] == table.version + 1:
            game = table.game.clone()
            for n, seat, text in actions:
                if n != table.version + 1:
                    break
                secret = game.is_secret_choice(seat)
                events = game.apply(text, seat=seat)
                table.game = game
                table.add_entry(make_entry(game, n, seat, text, secret, events))
                game = game.clone()
            table.touched = row.touched or time.time()
            changed = True
        seats = [normalize_seat(s) for s in row.seats]
        if seats != table.seats or row.tokens != table.credentials:
            renamed = [s["name"] for s in seats] != [s["name"] for s in table.seats]
            table.seats, table.credentials = seats, row.tokens
            for s in seats:
                if s["kind"] == "bot" and s["seat"] not in table.agents:
                    table.agents[s["seat"]] = make_agent(s["bot"], table.game_id,
                                                         table.game.seed + s["seat"])
            if renamed:
                self._refresh_names(table, row)
            for conn in table.conns:
                conn.access = table.access_for(conn.key)
                conn.log_sent = 0
            table.invalidate()
            changed = True
        if row.rematch != table.rematch:
            table.rematch = row.rematch
            table.invalidate()
            changed = True
        if table.game.is_over and table.state == "playing":
            table.state = "finished"
            table.finished = row.finished or time.time()
            changed = True
        elif row.status in ("closed", "abandoned") and table.state == "playing":
            self._ended(table, row.status)
            changed = True
        return changed

    def _refresh_names(self, table: LiveTable, row: TableRow) -> None:
        """Seat names changed (a claim with a name): the game's log names them anew."""
        full = self.store.load(table.id)
        if full is not None:
            table.game, table.entries = _replay_row(full)

    async def sync(self, table: LiveTable) -> None:
        """Catch a table up with the database and tell its sockets (coalesced: one catch-up
        of a table at a time, again if a notification came meanwhile)."""
        async with table.lock:
            changed = await self._catch_up(table)
        if changed:
            self.notify(table)
            self.kick_bots(table)

    def _schedule_sync(self, table: LiveTable) -> None:
        task = self._syncing.get(table.id)
        if task is not None and not task.done():
            self._sync_again.add(table.id)
            return
        self._syncing[table.id] = asyncio.ensure_future(self._sync_loop(table))

    async def _sync_loop(self, table: LiveTable) -> None:
        try:
            while True:
                self._sync_again.discard(table.id)
                try:
                    await self.sync(table)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("table %s could not catch up", table.id)
                if table.id not in self._sync_again:
                    return
        finally:
            if self._syncing.get(table.id) is asyncio.current_task():
                del self._syncing[table.id]

    def _needed(self, table: LiveTable) -> bool:
        """A table this worker must keep following: sockets here, or its bots and clocks."""
        return bool(table.conns) or table.id in self.leased or bool(table.bot_tasks)

    def _on_notice(self, channel: str, payload: str) -> None:
        """A notification from a worker (this one's own are skipped)."""
        if channel == TABLE_CHANNEL:
            table_id, _version, kind, origin = payload.split(":", 3)
            if origin == self.worker:
                return
            table = self.tables.get(table_id)
            if table is None:
                return                  # loaded from the database when somebody asks
            if not self._needed(table):
                del self.tables[table_id]   # nobody here follows it: reloaded when asked
                return
            if kind in ("a", "s", "e"):
                self._schedule_sync(table)
        elif channel == CHAT_CHANNEL:
            msg = json.loads(payload)
            if msg.get("w") == self.worker:
                return
            table = self.tables.get(msg.get("t", ""))
            if table is None or not table.conns:
                return
            if msg.get("k") == "chat":
                self._deliver_chat(table, msg["m"])
            elif msg.get("k") == "push":          # the classroom's word to every page
                self.push(table, msg["m"], share=False)
            elif msg.get("k") == "presence":
                before = table.connected()
                seats = frozenset(int(x) for x in msg.get("s", []))
                if seats:
                    table.remote[msg["w"]] = (seats, time.monotonic())
                else:
                    table.remote.pop(msg["w"], None)
                if table.connected() != before:
                    self._presence(table, but=None)

    async def _resync_all(self) -> None:
        """The notifications' connection was lost: whatever came meanwhile is in the
        database; catch every followed table up, forget the others."""
        for table_id, table in list(self.tables.items()):
            if self._needed(table):
                self._schedule_sync(table)
            else:
                del self.tables[table_id]

    def _publish(self, payload: dict[str, Any]) -> None:
        """A chat message or presence to the other workers (in the background)."""
        if not self.shared or self._closing:
            return
        payload["w"] = self.worker
        task = asyncio.ensure_future(self._read(self.store.publish, CHAT_CHANNEL,
                                                dumps(payload)))
        self._bg.add(task)
        task.add_done_callback(self._bg.discard)
        task.add_done_callback(lambda t: t.cancelled() or t.exception() is None
                               or log.warning("publish failed: %s", t.exception()))

    def share_chat(self, table: LiveTable, msg: dict[str, Any]) -> None:
        """A chat message posted at this worker reaches the table's sockets elsewhere."""
        self._publish({"t": table.id, "k": "chat", "m": msg})

    def push(self, table: LiveTable, msg: dict[str, Any], share: bool = True) -> int:
        """A message to every page of the table, at this worker and (``share``) the others
        (the classroom's notices and pauses); how many sockets here got it."""
        data = dumps(msg)
        for conn in table.conns:
            conn.push(data)
        if share:
            self._publish({"t": table.id, "k": "push", "m": msg})
        return len(table.conns)

    def _deliver_chat(self, table: LiveTable, msg: dict[str, Any]) -> None:
        room = table.chat
        room.messages.append(msg)
        data = dumps(msg)
        for conn in list(table.conns):
            if msg.get("seat") not in room.mutes(conn):
                conn.push(data)

    def _share_presence(self, table: LiveTable) -> None:
        seats: set[int] = set()
        for conn in table.conns:
            seats.update(conn.you)
        self._publish({"t": table.id, "k": "presence", "s": sorted(seats)})

    def holds(self, table: LiveTable) -> bool:
        """This worker runs the table's bots and clocks (always, with one process)."""
        if not self.shared:
            return True
        return self.leased.get(table.id, 0.0) > time.monotonic()

    def _wants_lease(self, table: LiveTable) -> bool:
        return not table.ended and (bool(table.agents) or table.clock is not None)

    async def _take(self, table_id: str) -> bool:
        """Try to take a table's lease; True when this worker holds it now."""
        start = time.monotonic()
        got = await self._read(self.store.acquire, table_id, self.worker, self.lease_seconds)
        if got:
            self.leased[table_id] = start + self.lease_seconds * 0.8
        else:
            self.leased.pop(table_id, None)
        return got

    def _drop_lease(self, table_id: str) -> None:
        """Another worker runs this table now: stop its bots and timers here."""
        self.leased.pop(table_id, None)
        table = self.tables.get(table_id)
        if table is None:
            return
        for task in table.bot_tasks.values():
            task.cancel()
        table.bot_tasks.clear()
        if table.clock is not None:
            table.clock.cancel()

    async def lease_round(self, new: int = 4) -> None:
        """Renew this worker's leases, take the ones of tables in memory that need a
        driver, and up to ``new`` tables nobody runs (a crashed worker's). Every tenth
        round, say again who is connected here (a crashed worker's word runs out)."""
        self._rounds += 1
        if self._rounds % 10 == 0:
            for table in self.tables.values():
                if any(conn.you for conn in table.conns):
                    self._share_presence(table)
        for table_id in [t for t in self._lease_tried if t not in self.tables]:
            del self._lease_tried[table_id]
        held = [t for t in self.leased if t in self.tables and self._wants_lease(self.tables[t])]
        for table_id in [t for t in self.leased if t not in held]:
            self.leased.pop(table_id, None)
        if held:
            start = time.monotonic()
            kept = await self._read(self.store.renew, held, self.worker, self.lease_seconds)
            for table_id in held:
                if table_id in kept:
                    self.leased[table_id] = start + self.lease_seconds * 0.8
                else:
                    self._drop_lease(table_id)
        for table in list(self.tables.values()):
            if self._wants_lease(table) and not self.holds(table) and await self._take(table.id):
                await self.sync(table)
                self.kick_bots(table)
        taken = 0
        for table_id in await self._read(self.store.unled):
            if taken >= new or self._closing:
                break
            if table_id in self.tables or not await self._take(table_id):
                continue
            taken += 1
            try:
                row = await self._read(self.store.load, table_id)
                if row is None:
                    continue
                game, entries = await self._read(_replay_row, row)
            except Exception:
                log.exception("table %s could not be rebuilt", table_id)
                continue
            table = self.tables.get(table_id)
            if table is None:
                table = LiveTable.from_row(row, game, entries)
                self._attach_agents(table, row.seed)
                self.tables[table_id] = table
            log.info("worker %s runs the bots of table %s", self.worker, table_id)
            self.kick_bots(table)

    async def _lease_forever(self) -> None:
        period = self.lease_seconds / 3
        while True:
            try:
                await self.lease_round()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lease round failed")
            await asyncio.sleep(period * random.uniform(0.8, 1.2))

    def _lease_soon(self, table: LiveTable) -> None:
        """A table needs its bots or clocks run and this worker may take it: try now
        rather than at the next lease round (at most once per lease period / 3)."""
        now = time.monotonic()
        if self._closing or now - self._lease_tried.get(table.id, -1e9) < self.lease_seconds / 3:
            return
        self._lease_tried[table.id] = now

        async def take() -> None:
            if await self._take(table.id):
                await self.sync(table)
                self.kick_bots(table)

        task = asyncio.ensure_future(take())
        self._bg.add(task)
        task.add_done_callback(self._bg.discard)

    # ----- telling the sockets -------------------------------------------------------------
    def notify(self, table: LiveTable) -> None:
        """Every socket of the table gets the newest state."""
        table.presence_changed()
        for conn in table.conns:
            conn.touch()

    def _presence(self, table: LiveTable, but: Conn | None) -> None:
        """Who is connected changed: a small message to the other sockets, never a state."""
        table.presence_changed()
        message = table.presence_message()
        for conn in table.conns:
            if conn is not but:
                conn.push(message)

    def connect(self, conn: Conn) -> None:
        """Admit a socket within the caps (raises ``too_many``); it gets the whole state."""
        table, client = conn.table, conn.client
        if len(table.conns) >= self.limits.max_sockets_per_table:
            raise WebError("too_many", f"esta mesa ya tiene {len(table.conns)} conexiones "
                           f"(máximo {self.limits.max_sockets_per_table})",
                           f"this table already has {len(table.conns)} connections (at most "
                           f"{self.limits.max_sockets_per_table})",
                           [self.limits.max_sockets_per_table])
        if self.sockets_by_client[client] >= self.limits.max_sockets_per_client:
            raise WebError("too_many", f"tu dirección ya tiene {self.sockets_by_client[client]} "
                           f"conexiones abiertas (máximo {self.limits.max_sockets_per_client})",
                           f"your address already has {self.sockets_by_client[client]} open "
                           f"connections (at most {self.limits.max_sockets_per_client})",
                           [self.limits.max_sockets_per_client])
        before = table.connected()
        table.conns.add(conn)
        self.sockets_by_client[client] += 1
        if table.connected() != before:
            self._presence(table, but=conn)
        else:
            table.presence_changed()
        if self.shared and conn.you:
            self._share_presence(table)

    def disconnect(self, conn: Conn) -> None:
        table = conn.table
        if conn not in table.conns:
            return
        before = table.connected()
        table.conns.discard(conn)
        self.sockets_by_client[conn.client] -= 1
        if self.sockets_by_client[conn.client] <= 0:
            del self.sockets_by_client[conn.client]
        now = time.time()
        for seat in conn.you:
            table.last_seen[seat] = now
        if table.connected() != before:
            self._presence(table, but=conn)
        if self.shared and conn.you:
            self._share_presence(table)

    def reauthorize(self, table: LiveTable, key: str | None = None) -> None:
        """Seats changed hands: every socket (or only those of ``key``) acts for what its
        browser holds now, and gets a fresh state."""
        for conn in table.conns:
            if key is None or conn.key == key:
                conn.access = table.access_for(conn.key)
                conn.log_sent = 0
        table.invalidate()
        self.notify(table)

    # ----- ending --------------------------------------------------------------------------
    async def end_table(self, table: LiveTable, status: str) -> None:
        """Close or abandon a playing table: stored first, then its bots stop and every
        socket is told."""
        async with table.lock:
            if table.state != "playing":
                return
            await self.writer.run(self.store.end, table.id, status)
            self._ended(table, status)

    def _ended(self, table: LiveTable, status: str) -> None:
        table.state = status
        table.finished = table.touched = time.time()
        for task in table.bot_tasks.values():
            task.cancel()
        table.bot_tasks.clear()
        table.invalidate()
        self.notify(table)

    async def _refresh_status(self, table: LiveTable) -> None:
        stored = await self.writer.run(self.store.statuses, [table.id])
        status = stored.get(table.id)
        if status in ("closed", "abandoned") and table.state == "playing":
            self._ended(table, status)

    async def sweep(self, now: float | None = None) -> int:
        """Retire idle tables (no action for ``idle_hours``) as abandoned, pick up tables an
        admin closed, and forget ended tables nobody watches. Returns how many retired."""
        now = time.time() if now is None else now
        idle = self.limits.idle_hours * 3600
        playing = [t for t in self.tables.values() if t.state == "playing"]
        stored = await self.writer.run(self.store.statuses, [t.id for t in playing])
        retired = 0
        for table in playing:
            status = stored.get(table.id, "playing")
            if status in ("closed", "abandoned"):
                self._ended(table, status)
            elif idle > 0 and now - table.touched >= idle and not table.over:
                log.info("table %s idle since %s: abandoned", table.id, iso(table.touched))
                await self.end_table(table, "abandoned")
                retired += 1
        for table_id, table in list(self.tables.items()):
            if table.ended and not table.conns and not table.bot_tasks:
                del self.tables[table_id]
        return retired

    async def _sweep_forever(self) -> None:
        period = max(1.0, min(60.0, self.limits.idle_hours * 360))
        while True:
            await asyncio.sleep(period)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping idle tables failed")

    # ----- bots --------------------------------------------------------------------------------
    def kick_bots(self, table: LiveTable) -> None:
        """Start a task for each bot seat that must decide now and has none running (and
        follow the table's clocks)."""
        holder = self.holds(table)
        if table.clock is not None and not self._closing:
            if holder:
                table.clock.update(table, self)
            else:                        # the lease holder runs the timers; shown here
                table.clock.sync(table)
        if self._closing or table.ended or (self.gate is not None
                                            and self.gate(table) is not None):
            return
        if not holder:
            if self._wants_lease(table) and any(s in table.agents or table.clock is not None
                                                for s in table.game.to_move):
                self._lease_soon(table)
            return
        for seat in table.game.to_move:
            if seat in table.agents and seat not in table.bot_tasks:
                table.bot_tasks[seat] = asyncio.ensure_future(self._bot_turn(table, seat))

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        try:
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            else:
                await asyncio.sleep(0)
            while not table.ended and seat in table.game.to_move and seat in table.agents:
                version = table.version
                world: Game = table.game.clone()
                try:
                    action, agent = await self.bots.decide(table.agents[seat], world, seat)
                    if seat in table.agents:
                        table.agents[seat] = agent
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("bot of seat %s at table %s failed; it plays at random",
                                  seat, table.id)
                    action = str(random.choice(world.legal_actions(seat)))
                if table.version != version and (seat not in table.game.to_move or action
                                                 not in map(str, table.game.legal_actions(seat))):
                    continue  # another seat moved meanwhile: think again
                table.bot_tasks.pop(seat, None)
                try:
                    async with table.lock:
                        if table.ended or seat not in table.game.to_move \
                                or seat not in table.agents or not self.holds(table) \
                                or (self.gate is not None and self.gate(table) is not None):
                            return
                        await self._apply(table, seat, action, None)
                except WebError as exc:
                    log.error("bot action %s refused at table %s: %s", action, table.id,
                              exc.message["en"])
                return
        finally:
            if table.bot_tasks.get(seat) is asyncio.current_task():
                table.bot_tasks.pop(seat, None)

    # ----- listing -------------------------------------------------------------------------
    def listing(self, status: str | None) -> list[dict[str, Any]]:
        """Listed tables (open, playing or finished; newest first)."""
        live = [t for t in self.tables.values() if t.listed]
        out = [t.summary() for t in live if t.status() in ("open", "playing", "finished")
               and (status is None or t.status() == status)]
        if self.shared and status in (None, "open", "playing"):   # other workers' tables
            seen = {t.id for t in live}
            for row in self.store.listed_playing():
                if row.id not in seen:
                    summary = _row_summary(row)
                    summary["status"] = "open" if any(
                        s.get("access") == "open" and not s.get("claimed")
                        for s in row.seats) else "playing"
                    summary["result"] = None
                    if status is None or summary["status"] == status:
                        out.append(summary)
        if status in (None, "finished"):
            seen = {t.id for t in live}
            for row in self.store.finished_rows():
                if row.id not in seen:
                    out.append(_row_summary(row))
        out.sort(key=lambda s: s["created"] or "", reverse=True)
        return out


def default_worker_id() -> str:
    """``host:pid:random`` (unique even when a pid is reused after a crash)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(2)}"


def table_result(game: Game) -> dict[str, Any] | None:
    result = game.result
    return json.loads(dumps(result.to_json())) if result is not None else None


def _replay_row(row: TableRow) -> tuple[Game, list[LogEntry]]:
    """The game a stored table describes, with its log (every action replayed)."""
    rec = {"game": row.game, "names": [s["name"] for s in row.seats], "seed": row.seed,
           "options": row.options, "actions": []}
    game = ludoteca.replay(rec)
    entries = [make_entry(game, 0, None, None, False, game.opening_events)]
    for n, (seat, text) in enumerate(row.actions, 1):
        secret = game.is_secret_choice(seat)
        events = game.apply(text, seat=seat)
        entries.append(make_entry(game, n, seat, text, secret, events))
    return game, entries


def _canonical(game: Game, text: str) -> str | None:
    try:
        return str(game.parse(text))
    except IllegalAction:
        return None


def _row_summary(row: TableRow) -> dict[str, Any]:
    try:
        title = info(row.game).title
    except InvalidOption:
        title = row.game
    return {"table_id": row.id, "game": row.game, "title": title, "status": "finished",
            "listed": row.listed,
            "seats": [public_seat(normalize_seat(s)) for s in row.seats],
            "version": row.version, "created": iso(row.created), "finished": iso(row.finished),
            "result": row.result}


def closed_error(state: str) -> WebError:
    if state == "abandoned":
        return WebError("closed", "la mesa se cerró por inactividad", "the table expired: it "
                        "was idle too long")
    if state == "finished":
        return WebError("not_your_turn", "la partida ha terminado", "the game is over")
    return WebError("closed", "el anfitrión ha cerrado la mesa", "the host closed the table")


def _plausible_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 40 and all(c.isalnum() or c in "-_" for c in table_id)


__all__ = ["Conn", "Hub", "LogEntry"]
