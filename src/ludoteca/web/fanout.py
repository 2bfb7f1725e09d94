"""Several workers on one PostgreSQL database: every change of a table is announced with
``NOTIFY`` inside the transaction that stored it (``db.py``), and each worker listens here on
one connection of its own (psycopg 3's async connection), so a move accepted by any worker
reaches the sockets of every worker. No other server to run.

Channels: ``ludoteca_table`` (``table_id:version:kind:worker``, see ``db.TABLE_CHANNEL``) and
``ludoteca_chat`` (JSON: chat messages and presence, ``{"t", "w", "k": "chat"|"presence",
…}``). A lost connection is opened again; every table in memory then catches up from the
database (a notification sent meanwhile is never needed: the actions are in the tables).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy import make_url

from .db import CHAT_CHANNEL, TABLE_CHANNEL

log = logging.getLogger("ludoteca.web")

Handler = Callable[[str, str], None]


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL (``postgresql+psycopg://…``) as psycopg takes it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Fanout:
    """Listens to the workers' notifications and hands each to ``on_message(channel,
    payload)``; ``on_reconnect()`` runs after the connection was lost and opened again."""

    def __init__(self, url: str, on_message: Handler,
                 on_reconnect: Callable[[], Awaitable[None]] | None = None) -> None:
        self.url = libpq_url(url)
        self.on_message = on_message
        self.on_reconnect = on_reconnect
        self.connected = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._conn: object | None = None

    async def start(self, timeout: float = 10.0) -> None:
        """Start listening; returns once the first LISTEN is in place."""
        self._task = asyncio.create_task(self._run())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.connected.wait(), timeout)

    async def _run(self) -> None:
        import psycopg

        first = True
        delay = 0.2
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                self._conn = conn
                async with conn:
                    await conn.execute(f"LISTEN {TABLE_CHANNEL}")
                    await conn.execute(f"LISTEN {CHAT_CHANNEL}")
                    self.connected.set()
                    delay = 0.2
                    if not first and self.on_reconnect is not None:
                        await self.on_reconnect()
                    first = False
                    async for note in conn.notifies():
                        try:
                            self.on_message(note.channel, note.payload)
                        except Exception:
                            log.exception("notification %r failed", note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: listen again
                self.connected.clear()
                log.warning("fan-out connection lost (%s); again in %.1f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(5.0, delay * 2)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        self._task = None


__all__ = ["Fanout", "libpq_url"]
