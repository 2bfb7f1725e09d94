#!/usr/bin/env python3
"""El Plan with greedy bots: per player count, the mean ideas per player, how often the trio
bonus decides the winner, the first seat's (Momento Cero's) win rate against a fair share
(plans rotate with the seed, so seat and plan are not confounded), and wins by plan type.

    python bench/elplan_stats.py [--games 1000] [--workers 2] [--level 1]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import ludoteca
from ludoteca.agents import make_agent

DEFAULT_PLANS = {1: ["MP-1", "BC-1", "SV-1", "MP-2", "BC-2", "SV-2"],
                 2: ["MP-1-N2", "BC-1-N2", "SV-1-N2", "MP-2-N2", "BC-2-N2", "SV-2-N2"]}


def play_one(args: tuple[int, int, int]) -> dict:
    players, level, seed = args
    # rotate the default plans with the seed, so that seat and plan are not confounded
    plans = DEFAULT_PLANS[level][:players]
    plans = plans[seed % players:] + plans[:seed % players]
    game = ludoteca.new_game("elplan", players=players, seed=seed,
                             options={"level": level, "plans": list(plans)})
    bots = [make_agent("greedy", "elplan", seed=seed * 10 + s) for s in range(players)]
    while not game.is_over:
        for seat in list(game.to_move):  # simultaneous steps: every seat to move answers
            if not game.is_over and seat in game.to_move:
                game.apply(bots[seat].choose(game, seat), seat=seat)
    r = game.result
    d = r.details
    ideas, trios = d["ideas"], d["trios"]
    # the ranking key is (points, resources, liquidation); drop the trio bonus and compare
    key = [(ideas[s], d["resources"][s], d["liquidation"][s]) for s in range(players)]
    top = max(key)
    winners_without = {s for s in range(players) if key[s] == top}
    trio_decides = any(trios) and winners_without != set(r.winners)
    first = game.options.get("first_player") or 0  # Momento Cero's seat
    return {"ideas": sum(ideas) / players, "trio_decides": trio_decides,
            "first_wins": first in r.winners, "shared": len(r.winners) > 1,
            "plan_of_winner": [plans[w] for w in r.winners]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--level", type=int, default=1)
    args = ap.parse_args()
    print(f"elplan level {args.level}, greedy bots, {args.games} seeded games per player count")
    print(f"{'players':>7s} {'ideas/player':>13s} {'trio decides':>13s} "
          f"{'seat 0 wins':>12s} {'fair share':>11s}")
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for n in range(2, 7):
            rows = list(pool.map(play_one, [(n, args.level, s) for s in range(args.games)],
                                 chunksize=10))
            k = len(rows)
            print(f"{n:7d} {sum(r['ideas'] for r in rows) / k:13.2f} "
                  f"{100 * sum(r['trio_decides'] for r in rows) / k:12.1f}% "
                  f"{100 * sum(r['first_wins'] for r in rows) / k:11.1f}% {100 / n:10.1f}%")
            wins = Counter(p.split("-")[0] for r in rows for p in r["plan_of_winner"])
            print(f"{'':7s} wins by plan type: " + ", ".join(f"{k} {v}" for k, v in
                                                           sorted(wins.items())))
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
