#!/usr/bin/env python3
"""Load on the web table: many WebSocket clients on loopback playing random legal actions at
many tables, optionally while tables of bots think, with a pinger measuring how fast the
server answers a socket. Starts ``ludoteca serve`` (temporary SQLite, bots at 0 delay, limits
that do not throttle the benchmark), creates the tables (every seat a person with an
invitation), claims each invitation with its own device key (the ``ludoteca_device`` cookie),
opens one client per seat, and reports actions per second, the latency from a submission to
the new state arriving at EVERY seat of its table (p50, p99, max), errors, and the round trip
of a ``ping`` to its ``pong``. A finished game is replaced by a new table.

    python bench/bench_web.py [--tables 100] [--clients 4] [--seconds 30] [--think MS]
                              [--games qytetet,civitas,som,elplan,sigloxx]
                              [--bot-tables N] [--bot-spec mcts:seconds=5] [--url URL]

``--think MS``: each client waits that long before playing (people's pace); 0 = full speed.
``--bot-tables N``: N extra tables of bots only (``--bot-seats`` seats of ``--bot-spec`` at
``--bot-game``), created first and left thinking during the run (a finished one is replaced).
``--tables 0`` (or ``--clients 0``): no players, only the bot tables and the pinger.
The pinger is one more WebSocket (a spectator of a table nobody plays, in its own process so
the clients' work does not count in its figures) that sends ``{"type":"ping"}`` every
``--ping-ms`` (50) ms and times each ``{"type":"pong"}``.
A client that thinks keeps reading its socket meanwhile, so the latency of another seat's
action counts until it reaches this seat, not until this seat has finished thinking.
``--bot-workers N`` is passed to the server it starts (default: the server's, cores − 1).
``--workers N`` starts ``ludoteca serve --workers N`` (PostgreSQL: ``--db postgresql://…``,
an empty database of its own); the kernel hands each socket to any worker, so a table's
seats are spread over the workers and every move crosses PostgreSQL's NOTIFY.
``--route table`` instead starts N servers of one worker each (same database) and sends
every client of a table to the same one, as a proxy hashing the table's address does
(docs/deploy.md). CPU figures then add up every server process.
``--url``: measure a server already running instead of starting one. Its limits must not
throttle the benchmark (every client comes from one address); start it as the script prints,
e.g. ``ludoteca serve --bot-delay 0 --limit create_rate=100000/second --limit
join_rate=100000/second ...`` (``--print-server-command`` prints the whole command).

The last line sums it up: ``actions/s=… p50_ms=… p99_ms=… max_ms=… errors=…
ping_p50_ms=… ping_p99_ms=… ping_max_ms=…``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import secrets
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

try:   # parsing states is a good part of the clients' CPU, which the server's cores share
    from orjson import loads as json_loads  # (orjson: in the bench extra)
except ImportError:
    json_loads = json.loads
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

GOAL_P99_MS = 50.0        # a submission reaches every seat of its table
GOAL_PING_P99_MS = 50.0   # a ping is answered, even while bots think
VERSION = re.compile(r'"version":(\d+)')
COOKIE = "ludoteca_device"
MANY = "100000/second"


def device_key() -> str:
    """A fresh device key, as a browser's cookie would hold ([A-Za-z0-9_-]{20,100})."""
    return secrets.token_urlsafe(24)


def cookie(key: str) -> dict[str, str]:
    return {"Cookie": f"{COOKIE}={key}"}


def limit_pairs(args: argparse.Namespace) -> list[str]:
    """Limits under which the server never throttles this benchmark (every client of the
    benchmark comes from one address)."""
    pairs = [f"{kind}_rate={MANY}" for kind in ("create", "join", "act", "connect", "host")]
    pairs += ["max_tables_per_client=100000", "max_tables=100000", "max_bot_tables=100000",
              "max_sockets_per_client=100000", "max_sockets_per_table=100000"]
    m = re.search(r"seconds=([0-9.]+)", args.bot_spec)
    if args.bot_tables and m and float(m.group(1)) > 5:
        pairs.append(f"bot_max_seconds={m.group(1)}")
    return pairs


def server_command(args: argparse.Namespace, port: int | str = 8000,
                   db: str = "bench.db", workers: int | None = None) -> list[str]:
    cmd = ["ludoteca", "serve", "--port", str(port), "--db", db, "--bot-delay", "0"]
    workers = args.workers if workers is None else workers
    if workers > 1:
        cmd += ["--workers", str(workers)]
    if args.bot_workers is not None:
        cmd += ["--bot-workers", str(args.bot_workers)]
    for pair in limit_pairs(args):
        cmd += ["--limit", pair]
    return cmd


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    setup_errors: Counter = field(default_factory=Counter)
    actions: int = 0
    finished: int = 0
    tables: int = 0
    bot_moves: int = 0
    bot_tables: int = 0
    measuring: bool = False
    created: list[tuple[str, str]] = field(default_factory=list)   # (table id, host key)


@dataclass
class Pending:
    sent: float
    waiting: set[int]


class SetupError(Exception):
    """The server refused to create a table or seat a client."""


async def post(http: httpx.AsyncClient, path: str, body: dict, key: str,
               stats: Stats) -> dict:
    """A JSON POST with this device's cookie; a refusal is counted and raised."""
    try:
        r = await http.post(path, json=body, headers=cookie(key))
    except httpx.HTTPError as exc:
        stats.setup_errors[type(exc).__name__] += 1
        raise SetupError(str(exc)) from exc
    if r.status_code != 200:
        try:
            code = r.json()["error"]["code"]
        except (ValueError, KeyError, TypeError):
            code = str(r.status_code)
        stats.setup_errors[f"{path.rsplit('/', 1)[-1]}:{code}"] += 1
        raise SetupError(f"{path}: {r.status_code} {r.text[:300]}")
    return r.json()


async def create_table(http: httpx.AsyncClient, body: dict, stats: Stats) -> tuple[dict, str]:
    host = device_key()
    t = await post(http, "/api/tables", body, host, stats)
    stats.created.append((t["table_id"], host))
    return t, host


class TableRun:
    """One table and its clients; latencies of its actions are measured over all seats."""

    def __init__(self, seats: int, stats: Stats, think: float, rng: random.Random,
                 on_ready=None) -> None:
        self.seats = seats
        self.stats = stats
        self.think = think
        self.rng = rng
        self.pending: dict[int, Pending] = {}
        self.measuring = False
        self.connected = 0
        self.on_ready = on_ready

    def arrived(self, seat: int, version: int) -> None:
        for v in [v for v in self.pending if v <= version]:
            p = self.pending[v]
            p.waiting.discard(seat)
            if not p.waiting:
                if self.measuring:
                    self.stats.latencies.append(time.perf_counter() - p.sent)
                del self.pending[v]

    async def client(self, base: str, table_id: str, seat: int, key: str,
                     stop: asyncio.Event) -> None:
        try:
            await self._client(base, table_id, seat, key, stop)
        except (ConnectionClosed, InvalidStatus, OSError, TimeoutError) as exc:
            if not stop.is_set():
                code = (f"ws_refused_{exc.response.status_code}"
                        if isinstance(exc, InvalidStatus) else "ws_closed")
                (self.stats.errors if self.measuring else self.stats.setup_errors)[code] += 1

    async def _client(self, base: str, table_id: str, seat: int, key: str,
                      stop: asyncio.Event) -> None:
        """One seat's browser. It reads every message as it arrives, also while its person
        thinks (a timer), so the latency of another seat's action counts until it reaches
        this seat, not until this seat has finished thinking."""
        loop = asyncio.get_running_loop()
        async with connect(f"{base}/ws/{table_id}", additional_headers=cookie(key),
                           max_size=None, compression=None) as ws:
            self.connected += 1
            if self.connected == self.seats and self.on_ready is not None:
                self.on_ready()
            acted_at = -1
            n = 0
            inflight = False
            last: dict | None = None
            timer: asyncio.TimerHandle | None = None
            sends: set[asyncio.Task] = set()

            def decide(msg: dict | None) -> str | None:
                """The act message for this state, if this seat should act on it now."""
                nonlocal acted_at, inflight, n
                if msg is None:
                    return None
                version = msg["version"]
                legal = msg["legal"].get(str(seat))
                if not legal or version <= acted_at or inflight:
                    return None
                acted_at = version
                inflight = True
                n += 1
                self.pending.setdefault(version + 1, Pending(time.perf_counter(),
                                                             set(range(self.seats))))
                if self.measuring:
                    self.stats.actions += 1
                return json.dumps({"type": "act", "version": version, "seat": seat,
                                   "action": self.rng.choice(legal)["text"],
                                   "req": f"{seat}-{n}"})

            def thought() -> None:
                """Done thinking: act on the newest state."""
                nonlocal timer
                timer = None
                payload = decide(last)
                if payload is not None:
                    task = asyncio.ensure_future(ws.send(payload))
                    sends.add(task)
                    task.add_done_callback(sends.discard)
                    task.add_done_callback(lambda t: t.cancelled() or t.exception())

            async def close_on_stop() -> None:
                await stop.wait()
                await ws.close()

            stopper = asyncio.ensure_future(close_on_stop())
            try:
                async for raw in ws:
                    if raw.startswith('{"type":"state"') and '"legal":{}' in raw \
                            and '"over":false' in raw:
                        # not this seat's turn: only the version matters (cheap for the
                        # client); a seat that was thinking has nothing to do any more
                        self.arrived(seat, int(VERSION.search(raw).group(1)))
                        if timer is not None:
                            timer.cancel()
                            timer = None
                        continue
                    if raw.startswith('{"type":"presence"'):
                        continue
                    msg = json_loads(raw)
                    kind = msg["type"]
                    if kind == "error":
                        if self.measuring:
                            self.stats.errors[msg["code"]] += 1
                        inflight = False
                        acted_at = -1                # choose again on the newest state
                        msg = last
                    elif kind == "ack":
                        inflight = False             # like a person: one move at a time,
                        acted_at = max(acted_at, msg["version"] - 1)   # then on its result
                        msg = last
                    elif kind != "state":
                        continue
                    if msg is None:
                        continue
                    last = msg
                    self.arrived(seat, msg["version"])
                    if msg["over"] or msg.get("status", "playing") != "playing":
                        return
                    if not self.think:
                        payload = decide(msg)
                        if payload is not None:
                            await ws.send(payload)
                    elif timer is None and msg["legal"].get(str(seat)) \
                            and msg["version"] > acted_at and not inflight:
                        timer = loop.call_later(self.think * self.rng.uniform(0.5, 1.5),
                                                thought)
            finally:
                if timer is not None:
                    timer.cancel()
                stopper.cancel()


async def run_table(base: str, http: httpx.AsyncClient, game: str, seats: int, stats: Stats,
                    think: float, seed: int, stop: asyncio.Event, start: asyncio.Event,
                    runs: list[TableRun], ready) -> None:
    """Tables of ``game`` one after another: create (every seat an invitation), claim each
    invitation with its own device key, play to the end with one socket per seat."""
    rng = random.Random(seed)
    first = True
    while not stop.is_set():
        try:
            t, _host = await create_table(http, {
                "game": game, "seed": rng.randrange(2**31),
                "seats": [{"kind": "person", "name": f"P{i + 1}", "access": "invite"}
                          for i in range(seats)]}, stats)
            stats.tables += 1
            keys = [device_key() for _ in range(seats)]
            for s, key in zip(t["seats"], keys, strict=True):
                code = s["invite"].split("#claim=", 1)[1]
                got = await post(http, f"/api/tables/{t['table_id']}/claim", {"code": code},
                                 key, stats)
                assert got["seat"] == s["seat"], got
        except SetupError:
            if first:
                ready()
            return
        run = TableRun(seats, stats, think, rng, on_ready=ready if first else None)
        first = False
        run.measuring = start.is_set() and not stop.is_set()
        runs.append(run)
        await asyncio.gather(*(run.client(base, t["table_id"], i, key, stop)
                               for i, key in enumerate(keys)))
        if run.connected < seats and run.on_ready is not None:
            ready()                                  # it failed: do not wait for it
        if not stop.is_set():
            stats.finished += 1


async def run_bot_table(base: str, http: httpx.AsyncClient, args: argparse.Namespace,
                        seed: int, stats: Stats, stop: asyncio.Event) -> None:
    """A table of bots only, watched by a spectator socket that counts its moves; a finished
    one is replaced, so the bots think for the whole run."""
    rng = random.Random(seed)
    while not stop.is_set():
        try:
            t, _host = await create_table(http, {
                "game": args.bot_game, "seed": rng.randrange(2**31),
                "seats": [{"kind": "bot", "bot": args.bot_spec}
                          for _ in range(args.bot_seats)]}, stats)
        except SetupError:
            return
        stats.bot_tables += 1
        seen = 0
        try:
            async with connect(f"{base}/ws/{t['table_id']}", max_size=None,
                               compression=None) as ws:
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                    except TimeoutError:
                        continue
                    if not raw.startswith('{"type":"state"'):
                        continue
                    version = int(VERSION.search(raw).group(1))
                    if stats.measuring and version > seen and seen:
                        stats.bot_moves += version - seen
                    seen = max(seen, version)
                    if '"over":true' in raw or '"status":"playing"' not in raw:
                        break
        except (ConnectionClosed, InvalidStatus, OSError) as exc:
            stats.setup_errors[f"bot_table_ws:{type(exc).__name__}"] += 1
            return


# ----- the pinger (its own process) ----------------------------------------------------------
def pinger_main(ws_url: str, period: float, ready, stop, out) -> None:
    """Send a ping every ``period`` s on one spectator socket, on a fixed schedule (a late
    pong never delays the next ping), until ``stop``; send back [(sent, rtt or None)]."""
    try:
        import uvloop
        runner = uvloop.run
    except ImportError:
        runner = asyncio.run
    try:
        out.send(runner(_pinger(ws_url, period, ready, stop)))
    except Exception as exc:  # noqa: BLE001 - reported by the parent
        ready.set()
        out.send(f"pinger failed: {exc!r}")


async def _pinger(ws_url: str, period: float, ready, stop) -> list[tuple[float, float | None]]:
    samples: list[tuple[float, float | None]] = []
    sent: list[float] = []          # send times of the pings not answered yet, in order
    async with connect(ws_url, max_size=None, compression=None) as ws:

        async def receive() -> None:
            async for raw in ws:
                if raw == '{"type":"pong"}' or raw.startswith('{"type":"pong"'):
                    now = time.perf_counter()
                    t = sent.pop(0)
                    samples.append((t, now - t))

        reader = asyncio.create_task(receive())
        ready.set()
        nxt = time.perf_counter()
        while not stop.is_set() and not reader.done():
            now = time.perf_counter()
            if now < nxt:
                await asyncio.sleep(nxt - now)
            sent.append(time.perf_counter())
            await ws.send('{"type":"ping"}')
            nxt += period
            if time.perf_counter() - nxt > period:     # far behind: do not burst
                nxt = time.perf_counter()
        await asyncio.sleep(min(1.0, 20 * period))    # the last pongs
        reader.cancel()
    return samples + [(t, None) for t in sent]


# ----- running it --------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, args: argparse.Namespace, log: Path,
                 workers: int | None = None) -> tuple[subprocess.Popen, str]:
    """``ludoteca serve`` on a free port with the benchmark's limits; its output goes to
    ``log`` (a pipe nobody reads could fill up and stall it)."""
    port = free_port()
    cmd = [sys.executable, "-m", "ludoteca", *server_command(args, port, db, workers)[1:]]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the server did not start:\n" + log.read_text(errors="replace"))
        try:
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), 0 elsewhere."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            parts = f.read().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def runqueue_seconds(pid: int) -> float:
    """Seconds the main thread of ``pid`` (the server's event loop) spent runnable but waiting
    for a CPU (Linux schedstat): time the loop lost to other work on the machine."""
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def tree_cpu(pids: list[int]) -> float:
    """CPU seconds of these processes and all their descendants (several workers)."""
    total = 0.0
    todo = list(pids)
    while todo:
        pid = todo.pop()
        total += cpu_seconds(pid)
        for task in Path(f"/proc/{pid}/task").glob("*/children"):
            try:
                todo.extend(int(k) for k in task.read_text().split())
            except (OSError, ValueError):
                pass
    return total


def children_cpu(pid: int) -> dict[int, float]:
    """CPU seconds of each child process of ``pid`` (the bot workers), Linux only."""
    kids: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            kids.update(int(k) for k in task.read_text().split())
        except (OSError, ValueError):
            pass
    return {k: cpu_seconds(k) for k in kids}


async def close_tables(http: httpx.AsyncClient, stats: Stats) -> None:
    """Close every table the benchmark left unfinished (a server it did not start keeps no
    bot tables thinking and no tables counting against its caps)."""
    sem = asyncio.Semaphore(10)

    async def close(table_id: str, host: str) -> None:
        async with sem:
            try:
                await http.post(f"/api/tables/{table_id}/close", json={},
                                headers=cookie(host))
            except httpx.HTTPError:
                pass

    await asyncio.gather(*(close(t, h) for t, h in stats.created))


async def bench(urls: list[str], args: argparse.Namespace, server_pid: int | None,
                pids: list[int] | None = None) -> Stats:
    """``urls``: the servers; each table and all its clients use one (in turn)."""
    stats = Stats()
    url = urls[0]
    many = len(pids or []) > 1 or args.workers > 1     # CPU: add up every server process
    games = args.games.split(",")
    stop, start = asyncio.Event(), asyncio.Event()
    runs: list[TableRun] = []
    limits = httpx.Limits(max_connections=20)
    ws_base = url.replace("http", "ws", 1)
    players = args.tables if args.clients > 0 else 0
    mp = multiprocessing.get_context("spawn")
    ping_ready, ping_stop = mp.Event(), mp.Event()
    ping_out, ping_in = mp.Pipe(duplex=False)
    pinger: multiprocessing.Process | None = None
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        # a table nobody plays, for the pinger to watch
        try:
            quiet, _ = await create_table(http, {
                "game": "qytetet", "seats": [{"kind": "person", "name": f"P{i + 1}",
                                              "access": "invite"} for i in range(2)]}, stats)
        except SetupError as exc:
            raise SystemExit(f"the server refused the first table: {exc}\nstart it with: "
                             + shlex.join(server_command(args))) from None
        pinger = mp.Process(target=pinger_main, daemon=True,
                            args=(f"{ws_base}/ws/{quiet['table_id']}", args.ping_ms / 1000,
                                  ping_ready, ping_stop, ping_in))
        pinger.start()
        bot_tasks = [asyncio.create_task(run_bot_table(ws_base, http, args, args.seed + 10**6 + i,
                                                       stats, stop))
                     for i in range(args.bot_tables)]
        waiting = players
        all_ready = asyncio.Event()

        def ready() -> None:
            nonlocal waiting
            waiting -= 1
            if waiting <= 0:
                all_ready.set()

        if waiting <= 0:
            all_ready.set()
        https = [http] + [httpx.AsyncClient(base_url=u, timeout=60, limits=limits)
                          for u in urls[1:]]
        tasks = [asyncio.create_task(run_table(
            urls[i % len(urls)].replace("http", "ws", 1), https[i % len(urls)],
            games[i % len(games)], args.clients, stats, args.think / 1000,
            args.seed + i, stop, start, runs, ready)) for i in range(players)]
        t_setup = time.perf_counter()
        try:
            await asyncio.wait_for(all_ready.wait(), timeout=args.setup_timeout)
        except TimeoutError:
            print(f"warning: {waiting} tables still not seated after {args.setup_timeout:g} s",
                  file=sys.stderr)
        await asyncio.get_running_loop().run_in_executor(None, ping_ready.wait, 30)
        stats.setup_seconds = time.perf_counter() - t_setup  # type: ignore[attr-defined]
        await asyncio.sleep(args.warmup)
        stats.latencies.clear()
        stats.errors.clear()
        stats.actions = 0
        start.set()
        stats.measuring = True
        for run in runs:
            run.measuring = True
        tree0 = tree_cpu(pids or []) if many else 0.0
        cpu0 = cpu_seconds(server_pid) if server_pid else 0.0
        wait0 = runqueue_seconds(server_pid) if server_pid else 0.0
        kids0 = children_cpu(server_pid) if server_pid else {}
        own0 = time.process_time()
        t0 = time.perf_counter()
        await asyncio.sleep(args.seconds)
        t1 = time.perf_counter()
        elapsed = t1 - t0
        cpu1 = cpu_seconds(server_pid) if server_pid else 0.0
        wait1 = runqueue_seconds(server_pid) if server_pid else 0.0
        kids1 = children_cpu(server_pid) if server_pid else {}
        own1 = time.process_time()
        tree1 = tree_cpu(pids or []) if many else 0.0
        stats.measuring = False
        for run in runs:
            run.measuring = False
        stop.set()
        ping_stop.set()
        await asyncio.gather(*tasks, *bot_tasks, return_exceptions=True)
        got = await asyncio.get_running_loop().run_in_executor(
            None, lambda: ping_out.recv() if ping_out.poll(30) else "pinger: no answer")
        pinger.join(timeout=10)
        if args.url:
            await close_tables(http, stats)
        for extra in https[1:]:
            await extra.aclose()
    if isinstance(got, str):
        print(got, file=sys.stderr)
        got = []
    stats.ping = [rtt for sent, rtt in got if t0 <= sent <= t1]  # type: ignore[attr-defined]
    stats.elapsed = elapsed                        # type: ignore[attr-defined]
    stats.server_cpu = ((tree1 - tree0) if many  # type: ignore[attr-defined]
                        else (cpu1 - cpu0)) / elapsed
    stats.server_wait = (wait1 - wait0) / elapsed  # type: ignore[attr-defined]
    stats.workers_cpu = sum(c - kids0.get(k, 0.0)  # type: ignore[attr-defined]
                            for k, c in kids1.items()) / elapsed
    stats.client_cpu = (own1 - own0) / elapsed     # type: ignore[attr-defined]
    return stats


def percentile(values: list[float], p: float) -> float:
    return values[min(len(values) - 1, int(p * len(values)))] * 1000 if values else float("nan")


def report(stats: Stats, args: argparse.Namespace) -> bool:
    lat = sorted(stats.latencies)
    answered = sorted(r for r in stats.ping if r is not None)  # type: ignore[attr-defined]
    lost = len(stats.ping) - len(answered)                      # type: ignore[attr-defined]
    elapsed = stats.elapsed  # type: ignore[attr-defined]
    players = args.tables if args.clients > 0 else 0
    errors = sum(stats.errors.values())
    print(f"tables {players} x {args.clients} clients ({args.games}), think "
          f"{args.think:g} ms, {elapsed:.1f} s measured after {args.warmup:g} s warm-up "
          f"(seating took {stats.setup_seconds:.1f} s)")  # type: ignore[attr-defined]
    if args.bot_tables:
        print(f"bot tables       {args.bot_tables:10d}   ({args.bot_seats} x {args.bot_spec} at "
              f"{args.bot_game}; {stats.bot_moves} bot moves measured, {stats.bot_tables} "
              "tables created)")
    print(f"actions/s        {stats.actions / elapsed:10.1f}   ({stats.actions} actions, "
          f"{len(lat)} updates seen by every seat)")
    print(f"latency p50      {percentile(lat, 0.50):10.2f} ms")
    print(f"latency p99      {percentile(lat, 0.99):10.2f} ms   (goal ≤ {GOAL_P99_MS:g} ms)")
    print(f"latency max      {lat[-1] * 1000 if lat else float('nan'):10.2f} ms")
    if lat:
        print(f"latency mean     {statistics.fmean(lat) * 1000:10.2f} ms")
    print(f"errors           {errors:10d}   {dict(stats.errors) or ''}")
    if stats.setup_errors:
        print(f"setup refusals   {sum(stats.setup_errors.values()):10d}   "
              f"{dict(stats.setup_errors)}")
    print(f"games finished   {stats.finished:10d}   (tables created {stats.tables})")
    print(f"ping every       {args.ping_ms:10g} ms   ({len(answered)} answered, {lost} lost)")
    print(f"ping p50         {percentile(answered, 0.50):10.2f} ms")
    print(f"ping p99         {percentile(answered, 0.99):10.2f} ms   "
          f"(goal ≤ {GOAL_PING_P99_MS:g} ms)")
    print(f"ping max         {answered[-1] * 1000 if answered else float('nan'):10.2f} ms")
    cpu = stats.server_cpu  # type: ignore[attr-defined]
    if args.workers > 1:
        print(f"workers          {args.workers:10d}   (route: {args.route}; server CPU below "
              "adds up every server process)")
    if cpu:
        print(f"server CPU       {cpu * 100:10.0f} %  of one core ({os.cpu_count()} cores here)")
        print(f"loop waited      {stats.server_wait * 1000:10.0f} ms/s for a CPU "  # type: ignore[attr-defined]
              "(run queue: the machine was busy)")
        print(f"bot workers' CPU {stats.workers_cpu * 100:10.0f} %  "  # type: ignore[attr-defined]
              "of one core (the server's child processes)")
    print(f"clients' CPU     {stats.client_cpu * 100:10.0f} %  of one core (this process)")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average     {load:10.2f}      (other work on the machine counts too)")
    ok = errors == 0 and not stats.setup_errors
    if players:
        ok = ok and bool(lat) and percentile(lat, 0.99) <= GOAL_P99_MS
    ok = ok and bool(answered) and lost == 0 and percentile(answered, 0.99) <= GOAL_PING_P99_MS
    print("goal met" if ok else "goal NOT met")
    print(f"actions/s={stats.actions / elapsed:.1f} p50_ms={percentile(lat, 0.50):.2f} "
          f"p99_ms={percentile(lat, 0.99):.2f} "
          f"max_ms={lat[-1] * 1000 if lat else float('nan'):.2f} errors={errors} "
          f"ping_p50_ms={percentile(answered, 0.50):.2f} "
          f"ping_p99_ms={percentile(answered, 0.99):.2f} "
          f"ping_max_ms={answered[-1] * 1000 if answered else float('nan'):.2f}")
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--clients", type=int, default=4, help="seats (clients) per table")
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--warmup", type=float, default=5,
                    help="seconds of play, once every table is seated, before measuring")
    ap.add_argument("--setup-timeout", type=float, default=120,
                    help="seconds to wait for every table to be created, claimed, connected")
    ap.add_argument("--think", type=float, default=0, help="ms a client waits before acting")
    ap.add_argument("--games", default="qytetet", help="comma-separated, used in turn")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot-tables", type=int, default=0,
                    help="extra tables of bots only, thinking during the run")
    ap.add_argument("--bot-spec", default="mcts:seconds=5", help="the bots of those tables")
    ap.add_argument("--bot-game", default="qytetet")
    ap.add_argument("--bot-seats", type=int, default=4)
    ap.add_argument("--bot-workers", type=int, default=None,
                    help="the server's --bot-workers (default: the server's, cores − 1)")
    ap.add_argument("--ping-ms", type=float, default=50, help="the pinger's period")
    ap.add_argument("--workers", type=int, default=1,
                    help="server processes (above 1: --db must be PostgreSQL)")
    ap.add_argument("--route", choices=("socket", "table"), default="socket",
                    help="socket: one `serve --workers N`, each socket to any worker; table: N "
                    "servers, every client of a table at the same one")
    ap.add_argument("--db", help="the database of the server it starts (default: a temporary "
                    "SQLite file; PostgreSQL for --workers above 1)")
    ap.add_argument("--url", help="a running server (default: start one); its limits must "
                    "not throttle the benchmark: see --print-server-command")
    ap.add_argument("--print-server-command", action="store_true",
                    help="print the command that starts a server fit for --url, and exit")
    args = ap.parse_args()
    command = shlex.join(server_command(args))
    if args.print_server_command:
        print(command)
        return
    if args.url:
        print("the server must run with limits that do not throttle this benchmark, e.g.:\n"
              f"  {command}", file=sys.stderr)
    if args.workers > 1 and not args.url and not (args.db or "").startswith(
            ("postgresql://", "postgres://", "postgresql+psycopg://")):
        raise SystemExit("--workers above 1 needs --db postgresql://… (SQLite is one process)")
    procs: list[subprocess.Popen] = []
    with tempfile.TemporaryDirectory() as tmp:
        urls = [args.url] if args.url else []
        db = args.db or f"sqlite:///{tmp}/bench.db"
        try:
            if not args.url and args.route == "table" and args.workers > 1:
                for i in range(args.workers):
                    proc, url = start_server(db, args, Path(tmp, f"server{i}.log"), workers=1)
                    procs.append(proc)
                    urls.append(url)
            elif not args.url:
                proc, url = start_server(db, args, Path(tmp, "server.log"))
                procs.append(proc)
                urls.append(url)
            try:
                import uvloop
                runner = uvloop.run
            except ImportError:
                runner = asyncio.run
            stats = runner(bench([u.rstrip("/") for u in urls], args,
                                 procs[0].pid if procs else None, [p.pid for p in procs]))
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
    if stats.setup_errors and any(k.endswith(("rate_limited", "too_many"))
                                  for k in stats.setup_errors):
        print("the server refused tables or seats by its limits; start it with:\n"
              f"  {command}", file=sys.stderr)
    sys.exit(0 if report(stats, args) else 1)


if __name__ == "__main__":
    main()
