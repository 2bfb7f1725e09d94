#!/usr/bin/env python3
"""The cost of the learning environments: steps per second of ``ludoteca.rl``'s PettingZoo AEC
environment and Gymnasium environment with uniformly random legal actions, beside the engine's
own random play measured as ``bench/bench_random_play.py`` does (public API, one core).

    python bench/bench_rl.py [--seconds 5] [--games qytetet som]

Columns: ``engine`` game actions/s; ``aec`` agent steps/s (every step observes the next agent:
its view, the encoding and the mask); ``gym`` learner steps/s against ``bot:random`` and, in
brackets, all game actions/s inside it (the learner's and the bots'); ``obs µs`` one
observation (view + encoding + mask) of a mid-game position; ``size`` its length.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

import numpy as np

import ludoteca
import ludoteca.rl as rl
from ludoteca.rl.common import observe
from ludoteca.rl.encoders import encoder_for

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_random_play import bench_game  # noqa: E402  (the engine's own figure, same method)


def _counts(gid: str) -> list[int]:
    lo, hi = ludoteca.info(gid).players
    return list(range(lo, hi + 1))


def bench_aec(gid: str, seconds: float) -> float:
    envs = {n: rl.env(gid, players=n) for n in _counts(gid)}
    counts = list(envs)
    rng = np.random.default_rng(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        env = envs[counts[seed % len(counts)]]
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - start)


def bench_gym(gid: str, seconds: float) -> tuple[float, float]:
    envs = {n: rl.single_agent_env(gid, opponents=["bot:random"], players=n)
            for n in _counts(gid)}
    counts = list(envs)
    rng = np.random.default_rng(0)
    steps, actions, seed = 0, 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        env = envs[counts[seed % len(counts)]]
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            done = term or trunc
        actions += len(env.game.actions_played)
    elapsed = time.perf_counter() - start
    return steps / elapsed, actions / elapsed


def observation_cost(gid: str, n: int = 300) -> float:
    """Microseconds per observation (view + encoding + mask) of a mid-game position."""
    lo, hi = ludoteca.info(gid).players
    game = ludoteca.new_game(gid, players=hi, seed=1)
    rng = random.Random(1)
    for _ in range(120):
        if game.is_over:
            break
        seat = game.to_move[0]
        game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
    enc = encoder_for(gid)
    seat = game.to_move[0] if game.to_move else 0
    start = time.perf_counter()
    for _ in range(n):
        observe(game, enc, seat)
    return (time.perf_counter() - start) / n * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    ap.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, one core, "
          f"{args.seconds:g} s per measurement, random legal actions, every player count")
    print(f"{'game':10s} {'engine/s':>10s} {'aec/s':>9s} {'aec÷eng':>8s} "
          f"{'gym/s':>9s} {'(actions/s)':>12s} {'obs µs':>8s} {'size':>6s}")
    for gid in args.games or ludoteca.games():
        eng = bench_game(gid, args.seconds)["actions_per_s"]
        aec = bench_aec(gid, args.seconds)
        gym, gym_actions = bench_gym(gid, args.seconds)
        print(f"{gid:10s} {eng:>10,.0f} {aec:>9,.0f} {aec / eng:>8.2f} {gym:>9,.0f} "
              f"{f'({gym_actions:,.0f})':>12s} {observation_cost(gid):>8,.0f} "
              f"{encoder_for(gid).size:>6d}", flush=True)


if __name__ == "__main__":
    main()
