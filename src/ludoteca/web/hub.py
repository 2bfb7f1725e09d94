"""The tables a server runs: creating, joining, acting (people and bots), persisting every
accepted action, and telling every connected socket about each change."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.core.errors import IllegalAction, InvalidOption, LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.registry import info

from .db import Store, TableRow, Writer
from .errors import WebError, not_found
from .setup import TableRequest, check_name
from .table import LiveTable, LogEntry, Repeat, dumps, iso, make_entry, token_hash

log = logging.getLogger("ludoteca.web")


class Conn:
    """One WebSocket: who it acts for, what log it has seen, and what is waiting to be sent.
    One writer task sends the outbox in order; a ``None`` in it stands for "the newest
    state", built when it is sent (consecutive ones collapse), so a slow socket gets the
    newest state instead of a backlog, and an answer never overtakes an earlier change."""

    def __init__(self, table: LiveTable, you: tuple[int, ...]) -> None:
        self.table = table
        self.you = you
        self.log_sent = 0
        self.outbox: deque[str | None] = deque([None])
        self.wake = asyncio.Event()
        self.wake.set()

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
            msg = self.table.state_message(self.you, self.log_sent)
            self.log_sent = len(self.table.entries)
        return msg


class Hub:
    """Every table of one server process (the database is the truth; this is its cache)."""

    def __init__(self, store: Store, bot_delay: float = 0.6) -> None:
        self.store = store
        self.writer = Writer(store)
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self._closing = False

    # ----- start and stop ------------------------------------------------------------------
    def start(self) -> int:
        """Rebuild every unfinished table from its stored actions; start their bots."""
        n = 0
        for table_id in self.store.ids(status="playing"):
            try:
                table = self._load(table_id)
            except Exception:  # a table that no longer replays must not stop the server
                log.exception("table %s could not be rebuilt", table_id)
                continue
            if table is not None:
                n += 1
                self.kick_bots(table)
        return n

    async def stop(self) -> None:
        self._closing = True
        tasks = [t for table in self.tables.values() for t in table.bot_tasks.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.writer.close()

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
        table.seats, table.tokens = row.seats, row.tokens
        table.invalidate()
        for conn in table.conns:
            conn.log_sent = 0

    def _attach_agents(self, table: LiveTable, seed: int) -> None:
        for s in table.seats:
            if s["kind"] == "bot":
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

    # ----- creating and joining ------------------------------------------------------------
    async def create(self, req: TableRequest) -> dict[str, Any]:
        """A new table from a checked request: the invite links, spectator and hot-seat."""
        game = req.game_obj
        table_id = secrets.token_urlsafe(8)   # 64 random bits; the insert fails on a clash
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(8)
        seats = [{"seat": i, "name": s.name, "kind": s.kind, "bot": s.bot, "taken": False}
                 for i, s in enumerate(req.seats)]
        invites: dict[int, str] = {}
        tokens: list[dict[str, Any]] = []
        for s in seats:
            if s["kind"] == "person":
                tok = secrets.token_urlsafe(18)
                invites[s["seat"]] = tok
                tokens.append({"hash": token_hash(tok), "seats": [s["seat"]], "hotseat": False})
        people = [s["seat"] for s in seats if s["kind"] == "person"]
        hotseat = secrets.token_urlsafe(18) if people else None
        if hotseat:
            tokens.append({"hash": token_hash(hotseat), "seats": people, "hotseat": True})
        row = TableRow(id=table_id, game=game.game_id, options=game.record_options(),
                       seed=game.seed, seats=seats, tokens=tokens, lang=req.lang,
                       listed=req.listed, status="playing", version=0, created=time.time(),
                       finished=None, result=None, actions=[])
        await self.writer.run(self.store.create, row)
        table = LiveTable.from_row(row, game, [make_entry(game, 0, None, None, False,
                                                          game.opening_events)])
        self._attach_agents(table, game.seed)
        self.tables[table_id] = table
        self.kick_bots(table)
        link = f"/t/{table_id}"
        return {
            "table_id": table_id, "game": game.game_id,
            "seats": [{"seat": s["seat"], "name": s["name"], "kind": s["kind"], "bot": s["bot"],
                       **({"invite": f"{link}?token={invites[s['seat']]}"}
                          if s["seat"] in invites else {})} for s in seats],
            "spectator": link,
            "hotseat": f"{link}?token={hotseat}" if hotseat else None,
        }

    async def join(self, table: LiveTable, seat: Any, name: Any) -> dict[str, Any]:
        """Claim an unclaimed person seat of a listed table: a fresh token for it (any older
        token loses that seat)."""
        async with table.lock:          # not while an action is being stored
            if not table.listed:
                raise WebError("forbidden", "esta mesa no está abierta a nadie más",
                               "this table is not open to anyone else")
            if table.over:
                raise WebError("forbidden", "la partida ha terminado", "the game is over")
            free = [s["seat"] for s in table.seats if s["kind"] == "person" and not s["taken"]]
            if not (isinstance(seat, int) and not isinstance(seat, bool)) or \
                    not 0 <= seat < len(table.seats) or table.seats[seat]["kind"] != "person":
                raise WebError("bad_request", f"seat: {seat!r} no es un asiento de persona",
                               f"seat: {seat!r} is not a person's seat", free)
            if table.seats[seat]["taken"]:
                raise WebError("taken", f"el asiento {seat} ya está ocupado",
                               f"seat {seat} is already taken", free)
            name = check_name(name, seat)
            tok = secrets.token_urlsafe(18)
            tokens = [{**t, "seats": [s for s in t["seats"] if s != seat]} for t in table.tokens]
            tokens = [t for t in tokens if t["seats"]]
            tokens.append({"hash": token_hash(tok), "seats": [seat], "hotseat": False})
            seats = [dict(s) for s in table.seats]
            seats[seat].update(name=name, taken=True)
            await self.writer.run(self.store.update_seats, table.id, seats, tokens)
            table.tokens, table.seats = tokens, seats
            if name != table.game.names[seat]:
                self._refresh(table)  # names change no chance: the same game, renamed
            for conn in list(table.conns):  # sockets of the old token no longer act for it
                if seat in conn.you:
                    conn.you = tuple(s for s in conn.you if s != seat)
                    conn.log_sent = 0
            table.invalidate()
            self.notify(table, presence=True)
            return {"seat": seat, "token": tok, "invite": f"/t/{table.id}?token={tok}"}

    async def claim(self, table: LiveTable, you: tuple[int, ...]) -> None:
        """Mark the seats a token was used for as taken."""
        changed = False
        for s in you:
            if not table.seats[s]["taken"]:
                table.seats[s]["taken"] = True
                changed = True
        if changed:
            table.presence_changed()
            await self.writer.run(self.store.update_seats, table.id,
                                  [dict(x) for x in table.seats])

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
            raise WebError("forbidden", "sin token de asiento solo se puede mirar",
                           "without a seat's token you can only watch")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or seat not in you):
            raise WebError("forbidden", f"este token no puede actuar por el asiento {seat!r}",
                           f"this token may not act for seat {seat!r}", list(you))
        async with table.lock:           # one action of a table at a time, stored in order
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
        except Exception as exc:  # the database refused: nothing changed
            log.exception("could not store action %s of table %s", n, table.id)
            raise WebError("server", "no se pudo guardar la acción; inténtalo de nuevo",
                           "the action could not be stored; try again") from exc
        table.game = game
        table.add_entry(make_entry(game, n, seat, canonical, secret, events))
        if game.is_over:
            table.finished = time.time()
        table.remember(seat, Repeat(req, n - 1, canonical, text, n))
        if answer is not None:
            answer(n)
        self.notify(table)
        self.kick_bots(table)
        return n

    # ----- telling the sockets -------------------------------------------------------------
    def notify(self, table: LiveTable, presence: bool = False) -> None:
        if presence:
            table.presence_changed()
        for conn in table.conns:
            conn.touch()

    def connect(self, conn: Conn) -> None:
        conn.table.conns.add(conn)
        self.notify(conn.table, presence=True)

    def disconnect(self, conn: Conn) -> None:
        conn.table.conns.discard(conn)
        self.notify(conn.table, presence=True)

    # ----- bots --------------------------------------------------------------------------------
    def kick_bots(self, table: LiveTable) -> None:
        """Start a task for each bot seat that must decide now and has none running."""
        if self._closing or table.over:
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
            while not table.over and seat in table.game.to_move:
                version = table.version
                world: Game = table.game.clone()
                try:
                    action = await asyncio.to_thread(table.agents[seat].choose, world, seat)
                except Exception:
                    log.exception("bot of seat %s at table %s failed; it plays at random",
                                  seat, table.id)
                    action = random.choice(world.legal_actions(seat))
                if table.version != version and (seat not in table.game.to_move or action
                                                 not in table.game.legal_actions(seat)):
                    continue  # another seat moved meanwhile: think again
                table.bot_tasks.pop(seat, None)
                try:
                    async with table.lock:
                        if table.game.is_over or seat not in table.game.to_move:
                            return
                        await self._apply(table, seat, str(action), None)
                except WebError as exc:
                    log.error("bot action %s refused at table %s: %s", action, table.id,
                              exc.message["en"])
                return
        finally:
            if table.bot_tasks.get(seat) is asyncio.current_task():
                table.bot_tasks.pop(seat, None)

    # ----- listing -------------------------------------------------------------------------
    def listing(self, status: str | None) -> list[dict[str, Any]]:
        live = [t for t in self.tables.values() if t.listed]
        out = [t.summary() for t in live if status is None or t.status() == status]
        if status in (None, "finished"):
            seen = {t.id for t in live}
            for row in self.store.finished_rows():
                if row.id not in seen:
                    out.append(_row_summary(row))
        out.sort(key=lambda s: s["created"] or "", reverse=True)
        return out


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
            "seats": [{k: s.get(k) for k in ("seat", "name", "kind", "bot", "taken")}
                      for s in row.seats],
            "version": row.version, "created": iso(row.created), "finished": iso(row.finished),
            "result": row.result}


def _plausible_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 40 and all(c.isalnum() or c in "-_" for c in table_id)


__all__ = ["Conn", "Hub", "LogEntry"]
