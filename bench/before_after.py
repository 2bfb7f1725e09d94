#!/usr/bin/env python3
"""Today's engines beside an earlier version of them, in one run: random play through the
public API (actions/s) and ``bot:mcts`` iterations per second, each game measured in turn
by a process of each version, in alternating rounds, so a shared machine's changing load
hits both sides of every ratio alike.

    python bench/before_after.py                   # against BEFORE (the commit below)
    python bench/before_after.py --before HEAD~3 --rounds 5 --games som elplan

The earlier version is checked out with ``git worktree`` into a temporary folder (nothing in
this checkout changes) and imported from there. ``BEFORE`` is the last commit before the
speed work of issue 20 (the one that wrote the golden records).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "a24b407"

# one measurement, run in a child process with PYTHONPATH pointing at a version's src/
CHILD = r"""
import json, random, sys, time
import ludoteca
from ludoteca.agents import make_agent
gid, what, seconds, iterations = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
players = {"qytetet": 2, "civitas": 2, "som": 2, "elplan": 3, "sigloxx": 3}
if what == "random":
    lo, hi = ludoteca.info(gid).players
    n = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        game = ludoteca.new_game(gid, players=lo + seed % (hi - lo + 1), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move[0] if len(game.to_move) == 1 else rng.choice(game.to_move)
            game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
            n += 1
    print(json.dumps({"rate": n / (time.perf_counter() - start)}))
else:   # mcts iterations/s at positions of seeded random play (as mcts_strength --speed)
    agent = make_agent(f"mcts:iterations={iterations}", gid, 1)
    its = secs = 0.0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = ludoteca.new_game(gid, players=players[gid], seed=seed)
        rng = random.Random(seed)
        seed += 1
        for step in range(1, 201):
            if game.is_over or time.perf_counter() - start > seconds:
                break
            seat = rng.choice(game.to_move)
            legal = game.legal_actions(seat)
            if step % 5 == 0 and len(legal) > 1:
                action = agent.choose(game, seat)
                its += agent.last_search["iterations"]
                secs += agent.last_search["seconds"]
            else:
                action = rng.choice(legal)
            game.apply(action, seat=seat)
    print(json.dumps({"rate": its / secs if secs else 0.0}))
"""


def measure(src: Path, gid: str, what: str, seconds: float, iterations: int) -> float:
    env = {"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", CHILD, gid, what, str(seconds),
                          str(iterations)], capture_output=True, text=True, env=env,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])["rate"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", default=BEFORE, help="git revision to compare with")
    ap.add_argument("--games", nargs="*",
                    default=["qytetet", "civitas", "som", "elplan", "sigloxx"])
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds per figure")
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    ap.add_argument("--iterations", type=int, default=100, help="mcts budget per decision")
    ap.add_argument("--what", nargs="*", default=["random", "mcts"])
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q",
                        str(old), args.before], check=True)
        try:
            print(f"before = {args.before}, now = this checkout; medians of {args.rounds} "
                  f"alternating rounds of {args.seconds:g} s, one core each")
            print(f"{'game':9s} {'measure':22s} {'before':>10s} {'now':>10s} {'now÷before':>11s}")
            for what in args.what:
                label = ("random play actions/s" if what == "random"
                         else "mcts iterations/s")
                for gid in args.games:
                    a, b = [], []
                    for _ in range(args.rounds):
                        a.append(measure(old / "src", gid, what, args.seconds,
                                         args.iterations))
                        b.append(measure(ROOT / "src", gid, what, args.seconds,
                                         args.iterations))
                    ma, mb = statistics.median(a), statistics.median(b)
                    print(f"{gid:9s} {label:22s} {ma:>10,.0f} {mb:>10,.0f} {mb / ma:>10.2f}×",
                          flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(old)], check=False)
            subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], check=False)


if __name__ == "__main__":
    main()
