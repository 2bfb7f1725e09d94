"""One class's seating at a time across every worker: with several workers on one
PostgreSQL database, a join (or a leave) holds a transaction with a row lock on the class
(``SELECT … FOR UPDATE``) while it reads who sits where and writes the new seat, so two
students joining at once through two workers never get the same seat. With one process
(SQLite) the classroom's per-class ``asyncio.Lock`` is enough and nothing is taken here."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import Connection, Engine, select, text

from ..errors import WebError
from ..hub import Hub
from .store import classes_t

LOCK_TIMEOUT = "15s"      # a worker that hangs holding the lock cannot stop joins for long


def _take(engine: Engine, class_id: str) -> Connection:
    conn = engine.connect()
    try:
        conn.begin()
        conn.execute(text(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'"))
        conn.execute(select(classes_t.c.id).where(classes_t.c.id == class_id)
                     .with_for_update())
        return conn
    except Exception:
        conn.close()
        raise


def _give_back(conn: Connection) -> None:
    try:
        conn.rollback()            # nothing was written on this connection
    finally:
        conn.close()


@asynccontextmanager
async def class_lock(hub: Hub, class_id: str) -> AsyncIterator[None]:
    """Hold the class's row lock (several workers) and catch its tables up meanwhile."""
    if not hub.shared:
        yield
        return
    loop = asyncio.get_running_loop()
    fut = loop.run_in_executor(None, _take, hub.store.engine, class_id)
    try:
        conn = await asyncio.shield(fut)
    except asyncio.CancelledError:          # taken later all the same: give it back then
        def later(f: Any) -> None:
            if not f.cancelled() and f.exception() is None:
                loop.run_in_executor(None, _give_back, f.result())
        fut.add_done_callback(later)
        raise
    except Exception as exc:
        raise WebError("busy", "la clase está ocupada; vuelve a intentarlo",
                       "the class is busy; try again", status=503) from exc
    try:
        yield
    finally:
        await loop.run_in_executor(None, _give_back, conn)


async def catch_up(hub: Hub, table_ids: list[str]) -> None:
    """Bring the class's tables in this worker's memory up to what the database holds
    (another worker may have seated somebody a moment ago)."""
    if not hub.shared:
        return
    for table_id in table_ids:
        table = hub.tables.get(table_id)
        if table is not None:
            await hub.sync(table)
