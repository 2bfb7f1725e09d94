#!/usr/bin/env python3
"""Siglo XX with greedy bots: per player count, the mean final points and the final-scoring
points by source, the spread between first and last, the start seat's win rate; and whether
a single strategy dominates (one seat that never buys land, or never buys technology,
against greedy opponents).

    python bench/sigloxx_stats.py [--games 1000] [--workers 2]
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.games.sigloxx import actions as A
from ludoteca.games.sigloxx.bots import SigloGreedyAgent as GreedyAgent


class NeverLand(GreedyAgent):
    """Greedy, except that it never bids for land: it withdraws at once."""

    name = "never-land"

    def _elegir(self, view, seat, legal):
        return A.A_WITHDRAW


class NeverTech(GreedyAgent):
    """Greedy, except that it never buys a technology."""

    name = "never-tech"

    def _tecnologia(self, view, seat, legal):
        return A.A_NO_BUY


VARIANTS = {"greedy": GreedyAgent, "never-land": NeverLand, "never-tech": NeverTech}


def play_one(args: tuple[int, int, str]) -> dict:
    players, seed, variant = args
    game = ludoteca.new_game("sigloxx", players=players, seed=seed,
                             options={"first_player": 0})
    bots = [make_agent("greedy", "sigloxx", seed=seed * 10 + s) for s in range(players)]
    test_seat = seed % players
    if variant != "greedy":
        bots[test_seat] = VARIANTS[variant](seed)
    while not game.is_over:
        seat = game.to_move[0]
        game.apply(bots[seat].choose(game, seat), seat=seat)
    r = game.result
    return {"scores": list(r.scores), "winners": list(r.winners), "test_seat": test_seat,
            "sources": r.details["points_by_source"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    start = time.perf_counter()
    print(f"sigloxx, greedy bots, {args.games} seeded games per player count (seat 0 starts)")
    with ProcessPoolExecutor(args.workers) as pool:
        for n in (3, 4, 5):
            rows = list(pool.map(play_one, [(n, s, "greedy") for s in range(args.games)],
                                 chunksize=20))
            k = len(rows) * n
            by_source = defaultdict(float)
            for r in rows:
                for parts in r["sources"]:
                    for src, v in parts.items():
                        if src not in ("total", "start"):
                            by_source[src] += v / k
            mean = sum(sum(r["scores"]) for r in rows) / k
            spread = sum(max(r["scores"]) - min(r["scores"]) for r in rows) / len(rows)
            seat0 = 100 * sum(0 in r["winners"] for r in rows) / len(rows)
            sources = ", ".join(f"{s} {v:+.1f}" for s, v in by_source.items())
            print(f"{n} players: mean points {mean:.1f}; points by source: {sources}; "
                  f"first−last {spread:.1f}; start seat wins {seat0:.1f}% (fair {100 / n:.1f}%)")
            for variant in ("never-land", "never-tech"):
                games = max(100, args.games // 5)
                rows = list(pool.map(play_one, [(n, s, variant) for s in range(games)],
                                     chunksize=20))
                wins = 100 * sum(r["test_seat"] in r["winners"] for r in rows) / len(rows)
                print(f"    one {variant} seat among greedy: wins {wins:.1f}% "
                      f"(fair {100 / n:.1f}%)")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
