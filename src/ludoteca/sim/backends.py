"""Where the games of a run are played: in this process, in local worker processes, or on Ray.

Every backend plays the same chunks (:class:`~ludoteca.sim.runner.Task`) and every game is
fixed by its seed, so the rows are the same whatever the backend or the number of jobs;
:func:`run` orders them by game index. :func:`run_iter` yields the rows of each chunk as it
finishes (for a progress bar); closing it early (Ctrl-C) stops the workers.

    local, jobs=1   games in this process, one by one (no process overhead at all)
    local, jobs=N   concurrent.futures.ProcessPoolExecutor with N workers, games in chunks
    ray,   jobs=N   Ray tasks, one per chunk; a local Ray with N CPUs unless ``address`` (or
                    RAY_ADDRESS) names a cluster, e.g. ``ray://head:10001`` or ``auto``
                    (``pip install 'ludoteca[ray]'``, which is ``ray[client]``: a ``ray://``
                    address needs the Ray client's grpcio)
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from .runner import SimError, SimSpec, Task, play_task

BACKENDS = ("local", "ray")
Row = dict[str, Any]

#: at most this many games per chunk: small enough that Ctrl-C loses little and the last
#: chunks balance across workers, large enough that process overhead does not show
MAX_CHUNK = 20


def ray_available() -> bool:
    return importlib.util.find_spec("ray") is not None


def ray_client_available() -> bool:
    """Whether ``ray://`` addresses can be reached: the Ray client needs grpcio (what the
    ``ray[client]`` extra adds)."""
    return importlib.util.find_spec("grpc") is not None


def default_chunk(total: int, jobs: int) -> int:
    """About eight chunks per worker, at most MAX_CHUNK games each."""
    return max(1, min(MAX_CHUNK, total // (max(1, jobs) * 8)))


def check(jobs: int, backend: str, address: str | None = None) -> None:
    """SimError unless ``jobs``, ``backend`` and ``address`` can run."""
    if address is not None and backend != "ray":
        raise SimError(f"--address names a Ray cluster; it goes with --backend ray, not "
                       f"--backend {backend}")
    if address is not None and not address.strip():
        raise SimError("--address is empty; give the cluster's address, e.g. "
                       "ray://head:10001 or auto")
    if jobs < 1:
        raise SimError(f"--jobs must be at least 1; got {jobs}")
    if backend not in BACKENDS:
        raise SimError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if backend == "ray" and not ray_available():
        raise SimError("the ray backend needs the package ray, which is not installed: "
                       "python -m pip install 'ludoteca[ray]' (or pip install 'ray[client]'); "
                       "or use --backend local")
    target = address or (os.environ.get("RAY_ADDRESS") if backend == "ray" else None)
    if backend == "ray" and target and target.strip().startswith("ray://") \
            and not ray_client_available():
        raise SimError(f"--address {target.strip()} uses the Ray client, which needs the "
                       "package grpcio, which is not installed: python -m pip install "
                       "'ludoteca[ray]' (or pip install 'ray[client]')")


def run_iter(spec: SimSpec, jobs: int = 1, backend: str = "local",
             chunk: int | None = None, address: str | None = None) -> Iterator[list[Row]]:
    """The rows of ``spec``'s games, a finished chunk at a time (in any order). ``address``:
    the Ray cluster to run on (backend ray; default a local Ray, or RAY_ADDRESS)."""
    check(jobs, backend, address)
    tasks = spec.tasks(chunk or default_chunk(spec.total, jobs))
    if backend == "ray":
        return _ray(tasks, jobs, address)
    if jobs == 1:
        return _in_process(tasks)
    return _process_pool(tasks, jobs)


def run(spec: SimSpec, jobs: int = 1, backend: str = "local", chunk: int | None = None,
        on_rows: Callable[[list[Row]], None] | None = None,
        address: str | None = None) -> list[Row]:
    """All the rows of ``spec``, ordered by game index."""
    rows: list[Row] = []
    with contextlib.closing(run_iter(spec, jobs, backend, chunk, address)) as chunks:
        for done in chunks:
            rows.extend(done)
            if on_rows is not None:
                on_rows(done)
    return sorted(rows, key=lambda r: r["index"])


# ----- local ----------------------------------------------------------------------------------
def _in_process(tasks: list[Task]) -> Iterator[list[Row]]:
    for task in tasks:
        for row in task.rows():
            yield [row]


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the main process, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _process_pool(tasks: list[Task], jobs: int) -> Iterator[list[Row]]:
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)
    finished = False
    try:
        pending = {pool.submit(play_task, task) for task in tasks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
        finished = True
    finally:
        if finished:
            pool.shutdown()
        else:
            _stop_pool(pool)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Drop the queued chunks and end the workers now (not after their current chunk)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        with contextlib.suppress(Exception):
            terminate()
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    # the pool's manager thread sees the workers gone and ends; waited for at most 5 s, so a
    # pool left in a bad state by the interruption never holds the command (it exits anyway)
    closer = threading.Thread(target=pool.shutdown, kwargs={"wait": True}, daemon=True)
    closer.start()
    closer.join(timeout=5)
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None and manager.is_alive():   # still stuck: do not wait for it at exit
        with contextlib.suppress(Exception):
            import concurrent.futures.process as cfp
            cfp._threads_wakeups.pop(manager, None)
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(timeout=5)


# ----- ray ------------------------------------------------------------------------------------
def _ray(tasks: list[Task], jobs: int, address: str | None) -> Iterator[list[Row]]:
    import ray

    started = False
    if not ray.is_initialized():
        if address or os.environ.get("RAY_ADDRESS"):
            try:
                ray.init(address=address or None, logging_level=logging.ERROR,
                         log_to_driver=False)
            except Exception as exc:             # unreachable cluster, bad address
                raise SimError(f"cannot reach the Ray cluster at "
                               f"{address or os.environ.get('RAY_ADDRESS')!r}: {exc}") from exc
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, logging_level=logging.ERROR,
                     log_to_driver=False)
        started = True
    remote = ray.remote(play_task)
    pending = [remote.remote(task) for task in tasks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
