#!/usr/bin/env python3
"""How Som el que decidim! ends with greedy bots: for every mode × centralism, the share of
games ending in consulta, intervención, DUI (or the round limit) and the mean length in turns.

    python bench/som_endings.py [--games 1000] [--players 3] [--workers 2]
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import ludoteca
from ludoteca.agents import make_agent

MODES = ("A", "B", "C", "AC")
DEGREES = ("medio", "elevado", "intenso")


def play_one(args: tuple[int, str, str, int]) -> tuple[str, int, int]:
    """(reason, turns, actions) of one seeded game with greedy bots in every seat."""
    players, mode, degree, seed = args
    game = ludoteca.new_game("som", players=players, seed=seed,
                             options={"mode": mode, "centralism": degree})
    bots = [make_agent("greedy", "som", seed=seed * 10 + s) for s in range(players)]
    actions = 0
    while not game.is_over:
        for seat in game.to_move:  # simultaneous bids: every seat to move answers
            if game.is_over or seat not in game.to_move:
                continue
            game.apply(bots[seat].choose(game, seat), seat=seat)
            actions += 1
    return game.result.reason, game.result.details.get("turns", 0), actions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per setting")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    solo = args.players == 1
    settings = [(m, d) for m, d in itertools.product(MODES, DEGREES)
                if not (solo and (m in ("C", "AC") or d == "medio"))]
    print(f"som, {args.players} players, greedy bots, {args.games} seeded games per setting")
    print(f"{'mode':4s} {'centralism':10s} {'consulta':>9s} {'intervención':>13s} {'dui':>6s} "
          f"{'limit':>6s} {'turns':>7s} {'actions':>8s}")
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for mode, degree in settings:
            jobs = [(args.players, mode, degree, seed) for seed in range(args.games)]
            results = list(pool.map(play_one, jobs, chunksize=25))
            reasons = Counter(r for r, _, _ in results)
            turns = sum(t for _, t, _ in results) / len(results)
            acts = sum(a for _, _, a in results) / len(results)
            share = {k: 100 * reasons[k] / len(results)
                     for k in ("consulta", "intervencion", "dui", "limit")}
            print(f"{mode:4s} {degree:10s} {share['consulta']:8.1f}% {share['intervencion']:12.1f}%"
                  f" {share['dui']:5.1f}% {share['limit']:5.1f}% {turns:7.1f} {acts:8.0f}")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
