"""Classes: a teacher's set of tables of one game, a join code, students seated by the
server, bots in the seats nobody holds, and the teacher's controls (start, pause, resume,
end, a message to every table).

A class is made ``waiting``: its tables exist with every seat an unclaimed person seat
(access ``class``) and stand still (the hub's gate refuses every action; no bot plays).
Students who join take those seats. ``start`` gives every seat still empty to the class's
bot and lets the tables play; a student who joins later takes a bot's seat (the bot stops,
the student plays on), a student who leaves, or is gone longer than ``absent_seconds``,
hands the seat back to the bot. ``pause`` holds every table still again, ``resume`` lets
them go on, ``end`` closes every table that has not finished.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections import defaultdict
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.core.registry import info

from ..access import bind, check_unique, clean_name, without_seat
from ..chat import clean_text
from ..db import TableRow
from ..errors import WebError, bad, not_found
from ..hub import Hub
from ..setup import LANGS, check_bot, check_request
from ..table import LiveTable, make_entry, public_seat
from .lock import catch_up, class_lock
from .store import ClassRow, ClassStore, CodeTaken, StudentRow

log = logging.getLogger("ludoteca.web")

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"   # no I, L, O, 0, 1
CODE_LENGTH = 6
MAX_TABLES = 12
MAX_OPEN_CLASSES = 4               # open classes per teacher
ABSENT_DEFAULT = 120.0
ABSENT_RANGE = (5.0, 3600.0)
STATUSES = ("waiting", "playing", "paused", "ended")
SWEEP_SECONDS = 3.0


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(raw: Any) -> str | None:
    """A join code as typed (any case, spaces or dashes), or None when it cannot be one."""
    if not isinstance(raw, str) or len(raw) > 20:
        return None
    code = "".join(ch for ch in raw.upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def student_hash(class_id: str, key: str) -> str:
    """What a class stores of a student's device key (useless anywhere else)."""
    return hashlib.sha256(f"class:{class_id}:{key}".encode()).hexdigest()


def _int(body: dict[str, Any], name: str, default: int, lo: int, hi: int) -> int:
    value = body.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise bad(name, f"debe ser un número entero de {lo} a {hi}, no {value!r}",
                  f"must be a whole number from {lo} to {hi}, not {value!r}", [lo, hi])
    return value


def wrong_code() -> WebError:
    return WebError("not_found", "no hay ninguna clase abierta con ese código: revisa las "
                    "letras en la pantalla de la clase", "there is no open class with that "
                    "code: check the letters on the class screen")


class Classroom:
    """Every class of one server process (the database is the truth; ``held`` mirrors which
    tables stand still, for the hub's gate)."""

    def __init__(self, hub: Hub, store: ClassStore) -> None:
        self.hub = hub
        self.store = store
        self.held: dict[str, str] = {}          # table id -> its class's status (not playing)
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._task: asyncio.Task[None] | None = None
        hub.gate = self.gate

    # ----- the gate and the background loop -----------------------------------------------
    def gate(self, table: LiveTable) -> WebError | None:
        status = self.held.get(table.id)
        if status == "waiting":
            return WebError("paused", "la clase aún no ha empezado: espera a que el docente "
                            "la empiece", "the class has not started yet: wait for the "
                            "teacher to start it", status=409)
        if status == "paused":
            return WebError("paused", "el docente ha pausado las partidas de la clase",
                            "the teacher has paused the class's games", status=409)
        return None

    def _hold(self, cls: ClassRow) -> None:
        for table_id in cls.tables:
            if cls.status in ("waiting", "paused"):
                self.held[table_id] = cls.status
            else:
                self.held.pop(table_id, None)

    def load(self) -> None:
        """Which tables stand still, from the database (at start, and now and then when
        several workers share it)."""
        held: dict[str, str] = {}
        for cls in self.store.open_classes():
            if cls.status in ("waiting", "paused"):
                held.update({t: cls.status for t in cls.tables})
        self.held = held

    async def start(self) -> None:
        await self.hub._read(self.load)
        self._task = asyncio.ensure_future(self._forever())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                if self.hub.shared:
                    before = dict(self.held)
                    await self.hub._read(self.load)
                    for table_id in set(before) - set(self.held):
                        table = self.hub.tables.get(table_id)
                        if table is not None:
                            self.hub.kick_bots(table)
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("classroom sweep failed")

    async def sweep(self, now: float | None = None) -> int:
        """Students gone longer than their class's ``absent_seconds``: a bot takes their
        seat. Returns how many seats changed."""
        now = time.time() if now is None else now
        changed = 0
        for cls in await self.hub._read(self.store.open_classes):
            if cls.status != "playing":
                continue
            for st in await self.hub._read(self.store.students, cls.id):
                if st.left is not None:
                    continue
                table = self.hub.tables.get(cls.tables[st.table_idx])
                if table is None or table.ended or not self.hub.holds(table):
                    continue
                if table.absent(st.seat, now, cls.absent_seconds):
                    async with self.locks[cls.id], class_lock(self.hub, cls.id):
                        await catch_up(self.hub, [table.id])
                        if not table.absent(st.seat, now, cls.absent_seconds):
                            continue
                        await self._to_bot(cls, st, now)
                    changed += 1
        return changed

    # ----- classes -------------------------------------------------------------------------
    async def create(self, teacher: str, body: Any, client: str) -> dict[str, Any]:
        """A new class from the teacher's request, ``waiting`` for its students."""
        hub = self.hub
        if not isinstance(body, dict):
            raise bad("body", "debe ser un objeto JSON", "must be a JSON object")
        game_id = body.get("game")
        n_tables = _int(body, "tables", 2, 1, MAX_TABLES)
        gi = info(game_id) if isinstance(game_id, str) and game_id in _games() else None
        if gi is None:
            raise bad("game", f"no existe el juego {game_id!r}",
                      f"there is no game {game_id!r}", _games())
        lo, hi = gi.players
        seats = _int(body, "seats", hi if hi <= 4 else max(lo, 4), 1, 100)
        pick = body.get("pick", False)
        if not isinstance(pick, bool):
            raise bad("pick", "debe ser true o false", "must be true or false", [True, False])
        absent = body.get("absent_seconds", ABSENT_DEFAULT)
        if not isinstance(absent, (int, float)) or isinstance(absent, bool) or \
                not ABSENT_RANGE[0] <= absent <= ABSENT_RANGE[1]:
            raise bad("absent_seconds", f"de {ABSENT_RANGE[0]:g} a {ABSENT_RANGE[1]:g} segundos",
                      f"{ABSENT_RANGE[0]:g} to {ABSENT_RANGE[1]:g} seconds", list(ABSENT_RANGE))
        lang = body.get("lang", "es")
        if lang not in LANGS:
            raise bad("lang", f"idioma {lang!r} desconocido", f"unknown language {lang!r}",
                      list(LANGS))
        bot = check_bot(body.get("bot", "greedy"), game_id, 0, hub.limits, field="bot")
        base = {"game": game_id, "options": body.get("options"), "lang": lang,
                "seats": [{"kind": "person", "name": f"J{i + 1}", "access": "open"}
                          for i in range(seats)]}
        requests = [check_request(base, hub.limits) for _ in range(n_tables)]  # each: a seed
        mine = [c for c in await hub._read(self.store.classes_of, teacher) if c.open]
        if len(mine) >= MAX_OPEN_CLASSES:
            raise WebError("too_many", f"ya tienes {len(mine)} clases abiertas (máximo "
                           f"{MAX_OPEN_CLASSES}); termina alguna", f"you already have "
                           f"{len(mine)} open classes (at most {MAX_OPEN_CLASSES}); end one",
                           [MAX_OPEN_CLASSES])
        playing = sum(1 for t in hub.tables.values() if t.state == "playing" and not t.over)
        if playing + n_tables > hub.limits.max_tables:
            raise WebError("too_many", "el servidor no tiene sitio para tantas mesas ahora",
                           "the server has no room for so many tables now",
                           [hub.limits.max_tables])
        class_id = secrets.token_urlsafe(8)
        table_ids = [secrets.token_urlsafe(8) for _ in range(n_tables)]
        now = time.time()
        for table_id, req in zip(table_ids, requests, strict=True):
            game = req.game_obj
            row = TableRow(
                id=table_id, game=game.game_id, options=game.record_options(), seed=game.seed,
                seats=[{"seat": i, "name": s.name, "kind": "person", "bot": None,
                        "access": "class", "claimed": False} for i, s in enumerate(req.seats)],
                tokens=[], lang=lang, listed=False, status="playing", version=0, created=now,
                finished=None, result=None, actions=[], creator=client, touched=now)
            await hub.writer.run(hub.store.create, row)
            table = LiveTable.from_row(row, game, [make_entry(game, 0, None, None, False,
                                                              game.opening_events)])
            self.held[table_id] = "waiting"
            hub.tables[table_id] = table
        options = requests[0].game_obj.record_options()
        for _ in range(20):
            cls = ClassRow(id=class_id, code=new_code(), teacher=teacher, game=game_id,
                           options=options, lang=lang, seats=seats, bot=bot, pick=pick,
                           absent_seconds=float(absent), tables=table_ids, status="waiting",
                           published=False, created=now, ended=None)
            try:
                await hub.writer.run(self.store.add_class, cls)
                break
            except CodeTaken:
                continue
        else:  # pragma: no cover - 31^6 codes
            raise WebError("server", "no se encontró un código libre", "no free code found")
        log.info("class %s created by a teacher (%s, %d tables of %d)", class_id, game_id,
                 n_tables, seats)
        return await self.summary(cls)

    async def get(self, class_id: str, teacher: str | None = None) -> ClassRow:
        """The class (only its own teacher's, when ``teacher`` is given)."""
        cls = await self.hub._read(self.store.get_class, class_id) \
            if 0 < len(class_id) <= 40 else None
        if cls is None:
            raise not_found(f"la clase {class_id!r}", f"class {class_id!r}")
        if teacher is not None and cls.teacher != teacher:
            raise WebError("forbidden", "esta clase es de otro docente",
                           "this class belongs to another teacher")
        return cls

    async def summary(self, cls: ClassRow) -> dict[str, Any]:
        """The class as its teacher sees it: tables, seats, who is where, whose turn."""
        students = await self.hub._read(self.store.students, cls.id)
        tables = []
        for i, table_id in enumerate(cls.tables):
            try:
                table = self.hub.get(table_id)
            except WebError:
                continue
            on = table.connected()
            here = {st.seat: st for st in students if st.table_idx == i and st.left is None}
            tables.append({
                "index": i, "table_id": table_id, "url": f"/t/{table_id}",
                "status": table.status(), "version": table.version,
                "to_move": [table.seats[s]["name"] for s in table.game.to_move
                            if not table.over],
                "over": table.over, "result": table.result_json(),
                "seats": [{**public_seat(s), "connected": s["seat"] in on,
                           "student": s["seat"] in here} for s in table.seats]})
        return {"class_id": cls.id, "code": cls.code, "join_url": join_path(cls.code),
                "game": cls.game, "title": info(cls.game).title, "options": cls.options,
                "lang": cls.lang, "seats": cls.seats, "bot": cls.bot, "pick": cls.pick,
                "absent_seconds": cls.absent_seconds, "status": cls.status,
                "published": cls.published, "tables": tables,
                "students": [{"name": st.name, "table": st.table_idx, "seat": st.seat,
                              "left": st.left is not None} for st in students]}

    async def classes(self, teacher: str) -> list[dict[str, Any]]:
        rows = await self.hub._read(self.store.classes_of, teacher)
        return [{"class_id": c.id, "code": c.code, "game": c.game, "status": c.status,
                 "tables": len(c.tables), "created": c.created} for c in rows]

    # ----- students ------------------------------------------------------------------------
    async def public(self, code: Any) -> dict[str, Any]:
        """What a student may know of a class before joining (by its code)."""
        cls = await self._by_code(code)
        return {"game": cls.game, "title": info(cls.game).title, "pick": cls.pick,
                "status": cls.status, "tables": len(cls.tables), "seats": cls.seats}

    async def _by_code(self, code: Any) -> ClassRow:
        clean = clean_code(code)
        cls = await self.hub._read(self.store.class_by_code, clean) if clean else None
        if cls is None or not cls.open:
            raise wrong_code()
        return cls

    async def join(self, code: Any, name: Any, choice: Any, key: str) -> dict[str, Any]:
        """Seat a student (this browser): the same seat again when it holds one, else the
        least-filled table (or the one chosen, when the class lets students pick)."""
        cls = await self._by_code(code)
        async with self.locks[cls.id], class_lock(self.hub, cls.id):   # every worker: lock.py
            await catch_up(self.hub, cls.tables)
            return await self._join(cls, name, choice, key)

    async def _join(self, cls: ClassRow, name: Any, choice: Any, key: str) -> dict[str, Any]:
        hub = self.hub
        digest = student_hash(cls.id, key)
        students = await hub._read(self.store.students, cls.id)
        mine = next((st for st in students if st.key_hash == digest), None)
        seated = [st for st in students if st.left is None and st.key_hash != digest]
        if mine is not None and mine.left is None:          # a reconnect: the same seat
            table = hub.get(cls.tables[mine.table_idx])
            if mine.seat in table.access_for(key).seats:
                return _answer(cls, table, mine.seat, mine.name)
            seated.append(mine)    # seat lost meanwhile (handed on): seat again below
            mine = None
        clean = clean_name(name, "name")
        if clean is None:
            raise bad("name", "escribe tu nombre", "write your name")
        taken = [st.name for st in seated]
        if clean.casefold() in {n.casefold() for n in taken}:
            raise WebError("taken", f"name: ya hay alguien llamado {clean!r} en esta clase; "
                           "añade la inicial de tu apellido", f"name: somebody in this class "
                           f"is already called {clean!r}; add your surname's initial")
        count = [0] * len(cls.tables)
        for st in seated:
            count[st.table_idx] += 1
        open_tables = [i for i, t in enumerate(cls.tables)
                       if count[i] < cls.seats and not hub.get(t).ended]
        if not open_tables:
            raise WebError("taken", "todas las mesas de la clase están llenas",
                           "every table of the class is full")
        if choice is not None:
            if not cls.pick:
                raise bad("table", "en esta clase el servidor reparte las mesas",
                          "in this class the server shares out the tables")
            if choice not in open_tables or isinstance(choice, bool):
                raise WebError("taken", f"table: la mesa {choice!r} no tiene sitio",
                               f"table: table {choice!r} has no room", open_tables)
            idx = choice
        else:
            idx = min(open_tables, key=lambda i: (count[i], i))
        table = hub.get(cls.tables[idx])
        held = {st.seat for st in seated if st.table_idx == idx}
        free = [s for s in range(len(table.seats)) if s not in held]
        seat = free[0]
        async with table.lock:
            if table.ended:
                raise WebError("closed", "esta mesa ya no está en juego",
                               "this table is no longer in play")
            seats = [dict(s) for s in table.seats]
            check_unique([s["name"] for s in seats if s["seat"] != seat], "name", clean)
            if seats[seat]["kind"] == "bot":           # a late student: the bot stops
                table.agents.pop(seat, None)
                task = table.bot_tasks.pop(seat, None)
                if task is not None:
                    task.cancel()
            seats[seat].update(kind="person", bot=None, access="class", claimed=True,
                               name=clean)
            credentials = bind(table.credentials, table.id, key, [seat])
            await hub.writer.run(hub.store.update_seats, table.id, seats, credentials)
            table.seats, table.credentials = seats, credentials
            table.last_seen[seat] = time.time()
            hub._refresh(table)       # the name is in the game
            hub.reauthorize(table)
        await hub.writer.run(self.store.put_student, StudentRow(
            class_id=cls.id, key_hash=digest, name=clean, table_idx=idx, seat=seat,
            joined=time.time(), left=None))
        hub.kick_bots(table)
        log.info("class %s: a student joined table %d", cls.id, idx)
        return _answer(cls, table, seat, clean)

    async def leave(self, class_id: str, key: str | None) -> dict[str, Any]:
        """A student leaves: their seat goes to the class's bot (back to empty before the
        class starts)."""
        cls = await self.get(class_id)
        if key is None or not cls.open:
            raise WebError("forbidden", "este navegador no tiene asiento en esta clase",
                           "this browser has no seat in this class")
        async with self.locks[cls.id], class_lock(self.hub, cls.id):
            await catch_up(self.hub, cls.tables)
            digest = student_hash(cls.id, key)
            st = next((s for s in await self.hub._read(self.store.students, cls.id)
                       if s.key_hash == digest and s.left is None), None)
            if st is None:
                raise WebError("forbidden", "este navegador no tiene asiento en esta clase",
                               "this browser has no seat in this class")
            await self._to_bot(cls, st, time.time())
        return {"ok": True, "class_id": cls.id}

    async def _to_bot(self, cls: ClassRow, st: StudentRow, now: float) -> None:
        """A student's seat to the class's bot (or empty again while the class waits)."""
        hub = self.hub
        table = hub.get(cls.tables[st.table_idx])
        async with table.lock:
            if not table.ended:
                seats = [dict(s) for s in table.seats]
                if cls.status == "waiting":
                    names = {s["name"].casefold() for s in seats}
                    name = f"J{st.seat + 1}"
                    if name.casefold() in names - {seats[st.seat]["name"].casefold()}:
                        name = f"J{st.seat + 1}·"
                    seats[st.seat].update(kind="person", bot=None, access="class",
                                          claimed=False, name=name)
                else:
                    seats[st.seat].update(kind="bot", bot=cls.bot, access=None, claimed=True)
                credentials = without_seat(table.credentials, st.seat)
                await hub.writer.run(hub.store.update_seats, table.id, seats, credentials)
                table.seats, table.credentials = seats, credentials
                if cls.status == "waiting":
                    hub._refresh(table)
                else:
                    table.agents[st.seat] = make_agent(cls.bot, table.game_id,
                                                       table.game.seed + st.seat)
                hub.reauthorize(table)
        await hub.writer.run(self.store.student_left, cls.id, st.key_hash, now)
        hub.kick_bots(table)
        log.info("class %s: a student's seat at table %d went to the bot", cls.id, st.table_idx)

    # ----- the teacher's controls ----------------------------------------------------------
    async def control(self, cls: ClassRow, what: str) -> dict[str, Any]:
        """start, pause, resume or end every table of the class."""
        allowed = {"start": ("waiting",), "pause": ("playing",), "resume": ("paused",),
                   "end": ("waiting", "playing", "paused")}[what]
        if cls.status not in allowed:
            raise WebError("closed" if cls.status == "ended" else "bad_request",
                           f"la clase está {_es_status(cls.status)}: no se puede {_es_verb(what)}",
                           f"the class is {cls.status}: it cannot {what}", list(allowed),
                           status=409)
        hub = self.hub
        new = {"start": "playing", "pause": "paused", "resume": "playing", "end": "ended"}[what]
        if what == "start":
            for table_id in cls.tables:
                await self._fill_with_bots(cls, hub.get(table_id))
        await hub.writer.run(self.store.set_status, cls.id, new)
        cls.status = new
        if new == "ended":
            cls.code = None
        self._hold(cls)
        for table_id in cls.tables:
            table = hub.get(table_id)
            if new == "ended":
                if not table.ended:
                    await hub.end_table(table, "closed")
            else:
                hub.kick_bots(table)
            self._tell(table, {"type": "class", "status": new})
        log.info("class %s: %s", cls.id, what)
        return await self.summary(cls)

    async def _fill_with_bots(self, cls: ClassRow, table: LiveTable) -> None:
        async with table.lock:
            seats = [dict(s) for s in table.seats]
            empty = [s for s in seats if s["kind"] == "person" and not s["claimed"]]
            if not empty:
                return
            names = {s["name"].casefold() for s in seats if s["claimed"]}
            for s in empty:
                name = f"Bot {s['seat'] + 1}"
                while name.casefold() in names:
                    name += "·"
                names.add(name.casefold())
                s.update(kind="bot", bot=cls.bot, access=None, claimed=True, name=name)
            await self.hub.writer.run(self.hub.store.update_seats, table.id, seats,
                                      table.credentials)
            table.seats = seats
            self.hub._refresh(table)
            self.hub._attach_agents(table, table.game.seed)
            self.hub.reauthorize(table)

    async def message(self, cls: ClassRow, text: Any) -> dict[str, Any]:
        """The teacher's message to every table (shown on every page of the class's
        tables, at every worker; ``sockets`` counts this worker's)."""
        if not cls.open:
            raise WebError("closed", "la clase ha terminado", "the class has ended")
        clean = clean_text(text)
        msg = {"type": "notice", "from": "teacher", "text": clean, "at": round(time.time(), 3)}
        told = 0
        for table_id in cls.tables:
            told += self._tell(self.hub.get(table_id), msg)
        return {"ok": True, "sockets": told}

    def _tell(self, table: LiveTable, msg: dict[str, Any]) -> int:
        """To every page of the table, at every worker (the sockets here are counted)."""
        return self.hub.push(table, msg)


def join_path(code: str | None) -> str | None:
    return f"/join?code={code}" if code else None


def _answer(cls: ClassRow, table: LiveTable, seat: int, name: str) -> dict[str, Any]:
    return {"class_id": cls.id, "table_id": table.id, "table": cls.tables.index(table.id),
            "seat": seat, "name": name, "you": [seat],
            "status": cls.status, "url": f"/t/{table.id}"}


def _games() -> list[str]:
    import ludoteca

    return list(ludoteca.games())


def _es_status(status: str) -> str:
    return {"waiting": "esperando", "playing": "en juego", "paused": "en pausa",
            "ended": "terminada"}.get(status, status)


def _es_verb(what: str) -> str:
    return {"start": "empezar", "pause": "pausar", "resume": "reanudar",
            "end": "terminar"}.get(what, what)
