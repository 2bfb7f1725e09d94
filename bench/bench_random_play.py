#!/usr/bin/env python3
"""Random play through the public API, one core: actions per second per game, and the cost
of a clone. With RLCard installed (``pip install .[bench]``), RLCard's UNO is measured the same
way in the same run, as a yardstick (issue 2's goal: at least twice UNO's actions/s).

    python bench/bench_random_play.py [--seconds 5] [--games qytetet civitas] [--no-uno]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import ludoteca


def bench_game(gid: str, seconds: float) -> dict[str, float]:
    lo, hi = ludoteca.info(gid).players
    actions = games = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        game = ludoteca.new_game(gid, players=lo + seed % (hi - lo + 1), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move[0] if len(game.to_move) == 1 else rng.choice(game.to_move)
            game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"actions_per_s": actions / elapsed, "games_per_s": games / elapsed,
            "actions_per_game": actions / games, "clone_us": clone_cost(gid)}


def clone_cost(gid: str, n: int = 20_000) -> float:
    """Microseconds per clone of a mid-game state."""
    game = ludoteca.new_game(gid, players=ludoteca.info(gid).players[1], seed=1)
    rng = random.Random(1)
    for _ in range(300):
        if game.is_over:
            break
        seat = game.to_move[0]
        game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
    start = time.perf_counter()
    for _ in range(n):
        game.clone()
    return (time.perf_counter() - start) / n * 1e6


def bench_uno(seconds: float) -> dict[str, float] | None:
    try:
        import rlcard
    except ImportError:
        return None
    actions = games = 0
    env = rlcard.make("uno", config={"seed": 1})  # made once: only play is timed
    rng = random.Random(1)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"actions_per_s": actions / elapsed, "games_per_s": games / elapsed,
            "actions_per_game": actions / games}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="time per game measured")
    ap.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    ap.add_argument("--no-uno", action="store_true", help="skip RLCard's UNO")
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, one core, "
          f"{args.seconds:g} s per game")
    uno = None if args.no_uno else bench_uno(args.seconds)
    if uno:
        print(f"{'rlcard uno':12s} {uno['actions_per_s']:>10,.0f} actions/s "
              f"{uno['actions_per_game']:>8,.0f} actions/game")
    elif not args.no_uno:
        print("rlcard uno   not installed (pip install '.[bench]')")
    for gid in args.games or ludoteca.games():
        r = bench_game(gid, args.seconds)
        ratio = f"  {r['actions_per_s'] / uno['actions_per_s']:.1f}× uno" if uno else ""
        print(f"{gid:12s} {r['actions_per_s']:>10,.0f} actions/s "
              f"{r['actions_per_game']:>8,.0f} actions/game  clone {r['clone_us']:.1f} µs{ratio}")


if __name__ == "__main__":
    main()
