"""Bot decisions away from the server's event loop.

A bot's search is pure Python: in a thread it would hold the interpreter lock and delay every
socket of the server. So a server thinks in a pool of worker processes (``workers ≥ 1``, the
default of ``ludoteca serve``): the agent and a copy of the game go to a worker, the action
and the agent (its random state moved on) come back. ``workers = 0`` thinks in threads, for
tests and tiny machines.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any


def decide(agent: Any, game: Any, seat: int) -> tuple[str, Any, int]:
    """One decision: the action's text, the agent after it, and the process that thought."""
    return str(agent.choose(game, seat)), agent, os.getpid()


def _lower_priority() -> None:
    """A worker yields the processor to the server: the event loop answers first. Linux's
    idle scheduling class (a worker runs only on a core nobody else wants), else nice 19."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        try:
            os.nice(19)
        except OSError:   # not allowed here: think at the same priority
            pass


def default_workers() -> int:
    """One process per core but one (the event loop keeps a core), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


class BotRunner:
    """Runs :func:`decide` in worker processes (or threads when ``workers == 0``)."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self.last_pid: int | None = None   # the process of the last decision (tests)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: the server process has threads, which a fork would copy half-way
            self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_lower_priority)
        return self._pool

    async def decide(self, agent: Any, game: Any, seat: int) -> tuple[str, Any]:
        """The bot's action (text) for ``seat`` and the agent to keep using."""
        if self.workers <= 0:
            text, agent, pid = await asyncio.to_thread(decide, agent, game, seat)
        else:
            loop = asyncio.get_running_loop()
            try:
                text, agent, pid = await loop.run_in_executor(self._executor(), decide,
                                                              agent, game, seat)
            except BrokenProcessPool:      # a worker died: a new pool, and think again
                self._pool = None
                text, agent, pid = await loop.run_in_executor(self._executor(), decide,
                                                              agent, game, seat)
        self.last_pid = pid
        return text, agent

    def close(self) -> None:
        """Stop the workers at once (a decision under way is dropped)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            if proc.is_alive():
                proc.terminate()
        for proc in processes:
            proc.join(timeout=5)
