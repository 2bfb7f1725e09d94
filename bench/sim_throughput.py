#!/usr/bin/env python3
"""Games per second of the simulation lab with 1 job against N jobs (same games, same rows).

Runs alternate (1, N, 1, N, …) so that a passing load hits both alike; prints each run and
the best of each, their ratio, and the CPU seconds per game (which shows the overhead of the
worker processes: on an idle machine N jobs should give close to N times the games/s).

    python bench/sim_throughput.py [--game som] [--players bot:greedy,bot:random,bot:greedy]
                                   [--games 3000] [--jobs 2] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from ludoteca.sim import SimSpec, parse_players, run


def cpu_seconds() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="som")
    ap.add_argument("--players", default="bot:greedy,bot:random,bot:greedy")
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    spec = SimSpec(args.game, parse_players(args.players), games=args.games, seed=1)
    print(f"{args.game}, {args.players}, {args.games} games; {os.cpu_count()} CPUs; "
          f"load average {os.getloadavg()[0]:.2f}")
    best: dict[int, float] = {}
    reference = None
    for _ in range(args.repeat):
        for jobs in (1, args.jobs):
            cpu, start = cpu_seconds(), time.perf_counter()
            rows = run(spec, jobs=jobs)
            wall = time.perf_counter() - start
            cpu = cpu_seconds() - cpu
            if reference is None:
                reference = rows
            assert rows == reference, "rows differ between runs"
            rate = len(rows) / wall
            best[jobs] = max(best.get(jobs, 0.0), rate)
            print(f"jobs {jobs}: {wall:6.2f} s  {rate:7.1f} games/s  "
                  f"cpu {1000 * cpu / len(rows):.2f} ms/game")
    print(f"best: jobs 1 {best[1]:.1f} games/s, jobs {args.jobs} {best[args.jobs]:.1f} games/s, "
          f"ratio {best[args.jobs] / best[1]:.2f}x (rows identical)")


if __name__ == "__main__":
    main()
