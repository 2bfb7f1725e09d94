#!/usr/bin/env python3
"""Random play through the public API, one core: actions per second per game, and the cost
of a clone. With RLCard installed (``pip install .[bench]``), RLCard's UNO ``env.step`` is
measured the same way in the same run, as a yardstick (issue 20's goal: at least 2× UNO for
every game, 4× for Qytetet and Civitas). Each game and UNO are measured in turn, in slices of
50 ms, until each has had ``--seconds`` (as ``bench/bench_rl.py`` does), so a shared machine's
changing load hits both sides of each ratio alike.

    python bench/bench_random_play.py [--seconds 5] [--games qytetet civitas] [--no-uno]
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Iterator

import ludoteca


def game_steps(gid: str, games: list[int]) -> Iterator[int]:
    """Random play, every player count in turn; ``games[0]`` counts finished games."""
    lo, hi = ludoteca.info(gid).players
    seed = 0
    while True:
        seed += 1
        game = ludoteca.new_game(gid, players=lo + seed % (hi - lo + 1), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move[0] if len(game.to_move) == 1 else rng.choice(game.to_move)
            game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
            yield 1
        games[0] += 1


def interleave(runners: dict[str, Iterator[int]], seconds: float,
               slice_s: float = 0.05) -> dict[str, tuple[int, float]]:
    """Run each generator in turn for ``slice_s`` until each has had ``seconds``."""
    totals = {name: [0, 0.0] for name in runners}
    clock = time.perf_counter
    while min(t for _, t in totals.values()) < seconds:
        for name, gen in runners.items():
            start = clock()
            n = 0
            while clock() - start < slice_s:
                n += next(gen)
            totals[name][0] += n
            totals[name][1] += clock() - start
    return {name: (n, t) for name, (n, t) in totals.items()}


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


def uno_steps() -> Iterator[int]:
    """RLCard UNO ``env.step`` with random legal actions (the env made once)."""
    import rlcard

    env = rlcard.make("uno", config={"seed": 1})
    rng = random.Random(1)
    while True:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            yield 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="time per game measured")
    ap.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    ap.add_argument("--no-uno", action="store_true", help="skip RLCard's UNO")
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, one core, "
          f"{args.seconds:g} s per game")
    try:
        import rlcard  # noqa: F401
        have_uno = not args.no_uno
    except ImportError:
        have_uno = False
        if not args.no_uno:
            print("rlcard uno   not installed (pip install '.[bench]')")
    for gid in args.games or ludoteca.games():
        games = [0]
        runners = {"game": game_steps(gid, games)}
        if have_uno:
            runners["uno"] = uno_steps()
        got = interleave(runners, args.seconds)
        n, t = got["game"]
        line = (f"{gid:12s} {n / t:>10,.0f} actions/s {n / max(games[0], 1):>8,.0f} "
                f"actions/game  clone {clone_cost(gid):5.1f} µs")
        if have_uno:
            uno = got["uno"][0] / got["uno"][1]
            line += f"  uno {uno:>8,.0f} actions/s  {n / t / uno:.2f}× uno"
        print(line, flush=True)


if __name__ == "__main__":
    main()
