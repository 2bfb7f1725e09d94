"""Persistence with SQLAlchemy Core: the same code for SQLite and PostgreSQL.

Two tables: ``tables`` (one row per game table, ``version`` = accepted actions) and
``actions`` (one row per accepted action). An action is inserted in the same transaction that
moves its table's version from ``n - 1`` to ``n``; a version that moved meanwhile makes the
transaction fail, so no action is ever stored twice or lost.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    create_engine,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)

metadata = MetaData()

tables_t = Table(
    "ludoteca_tables", metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", JSON, nullable=False),      # [{seat, name, kind, bot, taken}]
    Column("tokens", JSON, nullable=False),     # [{hash, seats: [..], hotseat: bool}]
    Column("lang", String(8), nullable=False),
    Column("listed", Boolean, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    # playing | finished | closed (by its host or an admin) | abandoned (idle too long)
    Column("version", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("finished", Float, nullable=True),
    Column("result", JSON, nullable=True),
    Column("creator", String(64), nullable=True),   # the client address that created it
    Column("touched", Float, nullable=True),        # when it last changed
    Column("rematch", String(40), nullable=True),   # the table its rematch opened
    Column("clock", JSON, nullable=True),           # {mode, seconds} or null (web/clock.py)
)
#: columns added since the first version, with their SQL type (added to older databases)
ADDED_COLUMNS = {"creator": "VARCHAR(64)", "touched": "FLOAT", "rematch": "VARCHAR(40)",
                 "clock": "JSON"}

#: which worker runs a table's bots and clocks (several workers on PostgreSQL): the holder
#: renews its lease before ``expires``; a crashed worker's lease runs out and another takes it
leases_t = Table(
    "ludoteca_leases", metadata,
    Column("table_id", String(40), primary_key=True),
    Column("holder", String(80), nullable=False),
    Column("expires", Float, nullable=False),
)

actions_t = Table(
    "ludoteca_actions", metadata,
    Column("table_id", String(40), ForeignKey("ludoteca_tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),     # 1, 2, … (the version it made)
    Column("seat", Integer, nullable=False),
    Column("text", String(200), nullable=False),
    Column("at", Float, nullable=False),
)


# statements built once (SQLAlchemy then reuses their compiled form)
_BUMP = update(tables_t).where(
    tables_t.c.id == bindparam("tid"), tables_t.c.version == bindparam("prev"),
    tables_t.c.status == "playing").values(version=bindparam("n"), touched=bindparam("now"))
_FINISH = update(tables_t).where(
    tables_t.c.id == bindparam("tid"), tables_t.c.version == bindparam("prev"),
    tables_t.c.status == "playing").values(
    version=bindparam("n"), status="finished", finished=bindparam("now"),
    touched=bindparam("now"), result=bindparam("result", type_=JSON))
_INSERT = insert(actions_t)


#: the PostgreSQL channels: ``ludoteca_table`` carries ``table_id:version:kind:worker`` (kind
#: ``a`` actions, ``n`` new table, ``s`` seats or rematch, ``e`` ended), sent inside the
#: transaction that made the change (so it arrives only once committed);
#: ``ludoteca_chat`` carries JSON (chat messages, presence) from the worker that had them
TABLE_CHANNEL = "ludoteca_table"
CHAT_CHANNEL = "ludoteca_chat"
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")
#: PostgreSQL's group commit in one round trip: move every table of the batch from ``n - 1``
#: to ``n``, store the actions of the tables that moved, announce each; ``moved`` counts them
#: (fewer than the batch: a table moved meanwhile, and the transaction is rolled back)
_APPEND_PG = text(f"""
WITH v AS (
    SELECT * FROM unnest(CAST(:tids AS text[]), CAST(:ns AS integer[]),
                         CAST(:seats AS integer[]), CAST(:texts AS text[]))
        AS v(tid, n, seat, text)),
bumped AS (
    UPDATE {tables_t.name} AS t SET version = v.n, touched = :now FROM v
    WHERE t.id = v.tid AND t.version = v.n - 1 AND t.status = 'playing'
    RETURNING t.id, v.n),
stored AS (
    INSERT INTO {actions_t.name} (table_id, n, seat, text, at)
    SELECT v.tid, v.n, v.seat, v.text, :now FROM v JOIN bumped AS b ON b.id = v.tid
    RETURNING table_id, n)
SELECT count(*) AS moved FROM (
    SELECT pg_notify(:channel, stored.table_id || ':' || stored.n || ':a:' || :origin)
    FROM stored) AS announced
""")


class StaleWrite(RuntimeError):
    """The table's stored version is not the one the write started from, or the table was
    closed meanwhile."""


@dataclass
class TableRow:
    """One stored table (``actions`` filled by :meth:`Store.load`)."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    tokens: list[dict[str, Any]]
    lang: str
    listed: bool
    status: str
    version: int
    created: float
    finished: float | None
    result: dict[str, Any] | None
    actions: list[tuple[int, str]]
    creator: str | None = None
    touched: float | None = None
    rematch: str | None = None
    clock: dict[str, Any] | None = None


def normalize_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` use psycopg 3; a bare path means SQLite."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url[len("postgresql://"):]
    if "://" not in url:
        return "sqlite:///" + url
    return url


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


class Store:
    """The database behind the tables."""

    def __init__(self, url: str, origin: str = "") -> None:
        self.url = normalize_url(url)
        self.origin = origin          # this worker's id, in the notifications it sends
        #: PostgreSQL: several workers may share it (changes are announced with NOTIFY)
        self.shared = self.url.startswith("postgresql")
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        self._add_missing_columns()

    def _add_missing_columns(self) -> None:
        """Databases made by older versions lack the newer columns: add them."""
        have = {c["name"] for c in inspect(self.engine).get_columns(tables_t.name)}
        with self.engine.begin() as conn:
            for name, kind in ADDED_COLUMNS.items():
                if name not in have:
                    conn.execute(text(f"ALTER TABLE {tables_t.name} ADD COLUMN {name} {kind}"))

    def close(self) -> None:
        self.engine.dispose()

    def _announce(self, conn: Any, table_id: str, version: int, kind: str) -> None:
        """Tell every worker (PostgreSQL ``NOTIFY``, delivered at commit) that a table
        changed; nothing on SQLite (one process)."""
        if self.shared:
            conn.execute(_NOTIFY, {"channel": TABLE_CHANNEL,
                                   "payload": f"{table_id}:{version}:{kind}:{self.origin}"})

    def publish(self, channel: str, payload: str) -> None:
        """A notification of its own (chat, presence) to every worker."""
        if self.shared:
            with self.engine.begin() as conn:
                conn.execute(_NOTIFY, {"channel": channel, "payload": payload})

    def ping(self) -> bool:
        """The database answers (``/healthz``)."""
        with self.engine.connect() as conn:
            return conn.execute(text("SELECT 1")).scalar() == 1

    # ----- writing -----------------------------------------------------------------------------
    def create(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(
                id=row.id, game=row.game, options=row.options, seed=row.seed, seats=row.seats,
                tokens=row.tokens, lang=row.lang, listed=row.listed, status=row.status,
                version=row.version, created=row.created, finished=row.finished,
                result=row.result, creator=row.creator, touched=row.touched or row.created,
                clock=row.clock))
            self._announce(conn, row.id, row.version, "n")

    def append(self, table_id: str, n: int, seat: int, text: str,
               finished: dict[str, Any] | None = None) -> None:
        """Store action ``n`` and move the table to version ``n`` in one transaction;
        ``finished`` (the result) also closes the table. Raises StaleWrite if the stored
        version was not ``n - 1``."""
        self.append_many([(table_id, n, seat, text, finished)])

    def append_many(self, items: list[tuple[str, int, int, str, dict[str, Any] | None]]) -> None:
        """Several tables' actions in one transaction (group commit); all or none."""
        now = time.time()
        if self.shared and len({i[0] for i in items}) == len(items) \
                and all(i[4] is None for i in items):
            self._append_pg(items, now)
            return
        with self.engine.begin() as conn:
            for table_id, n, _seat, _text, finished in items:
                if finished is None:
                    moved = conn.execute(_BUMP, {"tid": table_id, "prev": n - 1, "n": n,
                                                 "now": now})
                else:
                    moved = conn.execute(_FINISH, {"tid": table_id, "prev": n - 1, "n": n,
                                                   "now": now, "result": finished})
                if moved.rowcount != 1:
                    raise StaleWrite(f"table {table_id} is not playing at version {n - 1}")
            conn.execute(_INSERT, [{"table_id": table_id, "n": n, "seat": seat, "text": text,
                                    "at": now} for table_id, n, seat, text, _ in items])
            for table_id, n, _seat, _text, _finished in items:
                self._announce(conn, table_id, n, "a")

    def _append_pg(self, items: list[tuple[str, int, int, str, dict[str, Any] | None]],
                   now: float) -> None:
        """:meth:`append_many` on PostgreSQL for a batch of different tables none of which
        ends: one statement (:data:`_APPEND_PG`) instead of three per action."""
        with self.engine.begin() as conn:
            moved = conn.execute(_APPEND_PG, {
                "tids": [i[0] for i in items], "ns": [i[1] for i in items],
                "seats": [i[2] for i in items], "texts": [i[3] for i in items], "now": now,
                "channel": TABLE_CHANNEL, "origin": self.origin}).scalar_one()
            if moved != len(items):
                raise StaleWrite(f"{len(items) - moved} of {len(items)} tables moved meanwhile")

    def update_seats(self, table_id: str, seats: list[dict[str, Any]],
                     tokens: list[dict[str, Any]] | None = None) -> None:
        values: dict[str, Any] = {"seats": seats}
        if tokens is not None:
            values["tokens"] = tokens
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))
            self._announce(conn, table_id, -1, "s")

    def set_rematch(self, table_id: str, rematch: str) -> None:
        """Record the table a finished table's rematch opened."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                         .values(rematch=rematch))
            self._announce(conn, table_id, -1, "s")

    def end(self, table_id: str, status: str) -> bool:
        """Close (``closed``) or abandon (``abandoned``) a table still playing; False when it
        was not playing."""
        now = time.time()
        with self.engine.begin() as conn:
            moved = conn.execute(update(tables_t).where(
                tables_t.c.id == table_id, tables_t.c.status == "playing").values(
                status=status, finished=now, touched=now))
            if moved.rowcount == 1:
                self._announce(conn, table_id, -1, "e")
        return moved.rowcount == 1

    def statuses(self, table_ids: list[str]) -> dict[str, str]:
        """The stored status of each of these tables."""
        if not table_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables_t.c.id, tables_t.c.status).where(
                tables_t.c.id.in_(table_ids)))
            return {r.id: r.status for r in rows}

    # ----- leases (several workers) --------------------------------------------------------
    def acquire(self, table_id: str, holder: str, seconds: float) -> bool:
        """Take (or renew) the lease of a table's bots and clocks when nobody holds it, it
        ran out, or ``holder`` has it already. True when ``holder`` holds it now."""
        now = time.time()
        if not self.shared:
            return True
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        stmt = pg_insert(leases_t).values(table_id=table_id, holder=holder,
                                          expires=now + seconds)
        stmt = stmt.on_conflict_do_update(
            index_elements=[leases_t.c.table_id],
            set_={"holder": holder, "expires": now + seconds},
            where=(leases_t.c.holder == holder) | (leases_t.c.expires < now),
        ).returning(leases_t.c.holder)
        with self.engine.begin() as conn:
            return conn.execute(stmt).first() is not None

    def renew(self, table_ids: list[str], holder: str, seconds: float) -> set[str]:
        """Renew the leases ``holder`` still holds; the ids it holds."""
        if not table_ids:
            return set()
        if not self.shared:
            return set(table_ids)
        with self.engine.begin() as conn:
            rows = conn.execute(update(leases_t).where(
                leases_t.c.table_id.in_(table_ids), leases_t.c.holder == holder)
                .values(expires=time.time() + seconds).returning(leases_t.c.table_id))
            return {r.table_id for r in rows}

    def release(self, table_ids: list[str], holder: str) -> None:
        """Give up leases (a worker that stops): another worker takes them at once."""
        if not table_ids or not self.shared:
            return
        with self.engine.begin() as conn:
            conn.execute(leases_t.delete().where(leases_t.c.table_id.in_(table_ids),
                                                 leases_t.c.holder == holder))

    def unled(self, limit: int = 50) -> list[str]:
        """Playing tables with bots or clocks whose lease nobody holds (never taken, ran
        out): a worker should take them."""
        now = time.time()
        query = (select(tables_t.c.id, tables_t.c.seats, tables_t.c.clock)
                 .select_from(tables_t.outerjoin(leases_t, leases_t.c.table_id == tables_t.c.id))
                 .where(tables_t.c.status == "playing",
                        (leases_t.c.table_id.is_(None)) | (leases_t.c.expires < now))
                 .order_by(tables_t.c.created).limit(limit))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [r.id for r in rows
                if any(s.get("kind") == "bot" for s in r.seats or [])
                or (r.clock or {}).get("mode") in ("move", "game")]

    def holder(self, table_id: str) -> tuple[str, float] | None:
        """Who holds a table's lease and until when (tests, ``/healthz``)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(leases_t.c.holder, leases_t.c.expires).where(
                leases_t.c.table_id == table_id)).first()
        return (row.holder, row.expires) if row is not None else None

    def actions_since(self, table_id: str, version: int) -> tuple[TableRow | None,
                                                                   list[tuple[int, int, str]]]:
        """A table's row (without actions) and its actions after ``version``: what a worker
        that holds the table in memory applies to catch up."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None, []
            acts = conn.execute(select(actions_t.c.n, actions_t.c.seat, actions_t.c.text).where(
                actions_t.c.table_id == table_id, actions_t.c.n > version)
                .order_by(actions_t.c.n)).all()
        return _row(row, []), [(a.n, a.seat, a.text) for a in acts]

    def listed_playing(self, limit: int = 500) -> list[TableRow]:
        """Listed unfinished tables, newest first, without their actions (a worker lists
        the tables other workers hold too)."""
        query = select(tables_t).where(tables_t.c.status == "playing",
                                       tables_t.c.listed.is_(True)) \
            .order_by(tables_t.c.created.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [_row(r, []) for r in conn.execute(query)]

    # ----- reading -----------------------------------------------------------------------------
    def load(self, table_id: str) -> TableRow | None:
        """One table with its actions, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            acts = conn.execute(select(actions_t.c.seat, actions_t.c.text).where(
                actions_t.c.table_id == table_id).order_by(actions_t.c.n)).all()
        return _row(row, [(a.seat, a.text) for a in acts])

    def ids(self, status: str | None = None) -> list[str]:
        """Table ids, oldest first (``status``: playing or finished)."""
        query = select(tables_t.c.id).order_by(tables_t.c.created)
        if status is not None:
            query = query.where(tables_t.c.status == status)
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def finished_rows(self, limit: int = 200) -> list[TableRow]:
        """Listed finished tables, newest first, without their actions."""
        query = select(tables_t).where(tables_t.c.status == "finished",
                                       tables_t.c.listed.is_(True)) \
            .order_by(tables_t.c.finished.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [_row(r, []) for r in conn.execute(query)]


def _row(row: Any, actions: list[tuple[int, str]]) -> TableRow:
    m = row._mapping
    return TableRow(id=m["id"], game=m["game"], options=dict(m["options"] or {}),
                    seed=int(m["seed"]), seats=list(m["seats"]), tokens=list(m["tokens"]),
                    lang=m["lang"], listed=bool(m["listed"]), status=m["status"],
                    version=int(m["version"]), created=float(m["created"]),
                    finished=m["finished"], result=m["result"], actions=actions,
                    creator=m.get("creator"), touched=m.get("touched"),
                    rematch=m.get("rematch"), clock=m.get("clock"))


class Writer:
    """Stores accepted actions from the event loop without blocking it: one database thread
    takes every action waiting and commits them together (group commit). A batch that fails
    is retried action by action, so one bad write fails only its own ``append``."""

    def __init__(self, store: Store, max_batch: int = 200) -> None:
        self.store = store
        self.max_batch = max_batch
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludoteca-db")
        self._queue: list[tuple[tuple[str, int, int, str, dict[str, Any] | None],
                                asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Any other database call, on the database thread."""
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    async def append(self, table_id: str, n: int, seat: int, text: str,
                     finished: dict[str, Any] | None = None) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(((table_id, n, seat, text, finished), fut))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain())
        await fut

    async def _drain(self) -> None:
        while self._queue:
            batch, self._queue = self._queue[:self.max_batch], self._queue[self.max_batch:]
            try:
                await self.run(self.store.append_many, [item for item, _ in batch])
                results: list[BaseException | None] = [None] * len(batch)
            except Exception:
                results = []
                for item, _ in batch:
                    try:
                        await self.run(self.store.append, *item)
                        results.append(None)
                    except Exception as exc:  # reported to the one who asked
                        results.append(exc)
            for (_, fut), exc in zip(batch, results, strict=True):
                if fut.done():
                    continue
                if exc is None:
                    fut.set_result(None)
                else:
                    fut.set_exception(exc)

    def close(self) -> None:
        self.executor.shutdown(wait=True)
