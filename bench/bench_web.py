#!/usr/bin/env python3
"""Load on the web table: many WebSocket clients on loopback playing random legal actions at
many tables. Starts ``ludoteca serve`` (temporary SQLite, bots at 0 delay), creates the tables
(every seat a person), opens one client per seat, and reports actions per second, the latency
from a submission to the new state arriving at EVERY seat of its table (p50, p99, max), and
errors. A finished game is replaced by a new table.

    python bench/bench_web.py [--tables 100] [--clients 4] [--seconds 30] [--think MS]
                              [--games qytetet,civitas,som,elplan,sigloxx] [--url URL]

``--think MS``: each client waits that long before playing (people's pace); 0 = full speed.
``--url``: measure a server already running instead of starting one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx
from websockets.asyncio.client import connect

GOAL_P99_MS = 50.0
VERSION = re.compile(r'"version":(\d+)')


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    actions: int = 0
    finished: int = 0
    tables: int = 0


@dataclass
class Pending:
    sent: float
    waiting: set[int]


class TableRun:
    """One table and its clients; latencies of its actions are measured over all seats."""

    def __init__(self, seats: int, stats: Stats, think: float, rng: random.Random) -> None:
        self.seats = seats
        self.stats = stats
        self.think = think
        self.rng = rng
        self.pending: dict[int, Pending] = {}
        self.measuring = False

    def arrived(self, seat: int, version: int) -> None:
        for v in [v for v in self.pending if v <= version]:
            p = self.pending[v]
            p.waiting.discard(seat)
            if not p.waiting:
                if self.measuring:
                    self.stats.latencies.append(time.perf_counter() - p.sent)
                del self.pending[v]

    async def client(self, base: str, table_id: str, seat: int, token: str,
                     stop: asyncio.Event) -> None:
        url = f"{base}/ws/{table_id}?token={token}"
        async with connect(url, max_size=None, compression=None) as ws:
            acted_at = -1
            n = 0
            inflight = False
            last: dict | None = None
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    continue
                if raw.startswith('{"type":"state"') and '"legal":{}' in raw \
                        and '"over":false' in raw:
                    # not this seat's turn: only the version matters (cheap for the client)
                    self.arrived(seat, int(VERSION.search(raw).group(1)))
                    continue
                msg = json.loads(raw)
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
                version = msg["version"]
                self.arrived(seat, version)
                if msg["over"]:
                    return
                legal = msg["legal"].get(str(seat))
                if not legal or version <= acted_at or inflight:
                    continue
                if self.think:
                    await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                acted_at = version
                inflight = True
                n += 1
                self.pending.setdefault(version + 1, Pending(time.perf_counter(),
                                                             set(range(self.seats))))
                await ws.send(json.dumps({"type": "act", "version": version, "seat": seat,
                                          "action": self.rng.choice(legal)["text"],
                                          "req": f"{seat}-{n}"}))
                if self.measuring:
                    self.stats.actions += 1


async def run_table(base: str, http: httpx.AsyncClient, game: str, seats: int, stats: Stats,
                    think: float, seed: int, stop: asyncio.Event, start: asyncio.Event,
                    runs: list[TableRun]) -> None:
    rng = random.Random(seed)
    while not stop.is_set():
        r = await http.post("/api/tables", json={
            "game": game, "seed": rng.randrange(2**31),
            "seats": [{"kind": "person", "name": f"P{i + 1}"} for i in range(seats)]})
        r.raise_for_status()
        t = r.json()
        stats.tables += 1
        run = TableRun(seats, stats, think, rng)
        run.measuring = start.is_set() and not stop.is_set()
        runs.append(run)
        tokens = [s["invite"].split("token=")[1] for s in t["seats"]]
        await asyncio.gather(*(run.client(base, t["table_id"], i, tok, stop)
                               for i, tok in enumerate(tokens)))
        if not stop.is_set():
            stats.finished += 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "ludoteca", "serve", "--port", str(port),
                             "--db", db, "--bot-delay", "0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
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


async def bench(url: str, args: argparse.Namespace, server_pid: int | None) -> Stats:
    stats = Stats()
    games = args.games.split(",")
    stop, start = asyncio.Event(), asyncio.Event()
    runs: list[TableRun] = []
    limits = httpx.Limits(max_connections=20)
    ws_base = url.replace("http", "ws", 1)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as http:
        tasks = [asyncio.create_task(run_table(
            ws_base, http, games[i % len(games)], args.clients, stats, args.think / 1000,
            args.seed + i, stop, start, runs)) for i in range(args.tables)]
        await asyncio.sleep(args.warmup)
        stats.latencies.clear()
        stats.errors.clear()
        stats.actions = 0
        start.set()
        for run in runs:
            run.measuring = True
        cpu0 = cpu_seconds(server_pid) if server_pid else 0.0
        own0 = time.process_time()
        t0 = time.perf_counter()
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - t0
        cpu1 = cpu_seconds(server_pid) if server_pid else 0.0
        own1 = time.process_time()
        for run in runs:
            run.measuring = False
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    stats.elapsed = elapsed                        # type: ignore[attr-defined]
    stats.server_cpu = (cpu1 - cpu0) / elapsed     # type: ignore[attr-defined]
    stats.client_cpu = (own1 - own0) / elapsed     # type: ignore[attr-defined]
    return stats


def report(stats: Stats, args: argparse.Namespace) -> bool:
    lat = sorted(stats.latencies)
    elapsed = stats.elapsed  # type: ignore[attr-defined]

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    errors = sum(stats.errors.values())
    print(f"tables {args.tables} x {args.clients} clients ({args.games}), think "
          f"{args.think:g} ms, {elapsed:.1f} s measured after {args.warmup:g} s warm-up")
    print(f"actions/s        {stats.actions / elapsed:10.1f}   ({stats.actions} actions, "
          f"{len(lat)} updates seen by every seat)")
    print(f"latency p50      {pct(0.50):10.2f} ms")
    print(f"latency p99      {pct(0.99):10.2f} ms   (goal ≤ {GOAL_P99_MS:g} ms)")
    print(f"latency max      {lat[-1] * 1000 if lat else float('nan'):10.2f} ms")
    if lat:
        print(f"latency mean     {statistics.fmean(lat) * 1000:10.2f} ms")
    print(f"errors           {errors:10d}   {dict(stats.errors) or ''}")
    print(f"games finished   {stats.finished:10d}   (tables created {stats.tables})")
    cpu = stats.server_cpu  # type: ignore[attr-defined]
    if cpu:
        print(f"server CPU       {cpu * 100:10.0f} %  of one core ({os.cpu_count()} cores here)")
    print(f"clients' CPU     {stats.client_cpu * 100:10.0f} %  of one core (this process)")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average     {load:10.2f}      (other work on the machine counts too)")
    ok = bool(lat) and pct(0.99) <= GOAL_P99_MS and errors == 0
    print("goal met" if ok else "goal NOT met")
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--clients", type=int, default=4, help="seats (clients) per table")
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--warmup", type=float, default=5,
                    help="seconds to create the tables and connect before measuring")
    ap.add_argument("--think", type=float, default=0, help="ms a client waits before acting")
    ap.add_argument("--games", default="qytetet", help="comma-separated, used in turn")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--url", help="a running server (default: start one)")
    args = ap.parse_args()
    proc = None
    with tempfile.TemporaryDirectory() as tmp:
        url = args.url
        if url is None:
            proc, url = start_server(f"sqlite:///{tmp}/bench.db")
        try:
            try:
                import uvloop
                runner = uvloop.run
            except ImportError:
                runner = asyncio.run
            stats = runner(bench(url, args, proc.pid if proc else None))
        finally:
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
    sys.exit(0 if report(stats, args) else 1)


if __name__ == "__main__":
    main()
