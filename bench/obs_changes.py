#!/usr/bin/env python3
"""How much of a Gymnasium observation changes from one learner step to the next: the values
that differ and the values that are not zero, along seeded random episodes against
``bot:random`` (what an observation writer that rewrites only what changed has to find).

    python bench/obs_changes.py [--games elplan sigloxx] [--players 3 6] [--episodes 40]

A count a game does not allow is skipped, with a line that says so. Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse

import numpy as np

import ludoteca
import ludoteca.rl as rl


def changes(gid: str, players: int, episodes: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Per learner step: how many values changed since the last observation, and how many
    are not zero; and the vector's length."""
    env = rl.single_agent_env(gid, opponents=["bot:random"], players=players)
    rng = np.random.default_rng(0)
    changed, nonzero = [], []
    for seed in range(1, episodes + 1):
        obs, info = env.reset(seed=seed)
        before, done = obs["observation"], False
        while not done:
            legal = info["legal_ids"]
            obs, _, term, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
            done = term or trunc
            now = obs["observation"]
            changed.append(int(np.count_nonzero(now != before)))
            nonzero.append(int(np.count_nonzero(now)))
            before = now
    return np.array(changed), np.array(nonzero), before.size


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    ap.add_argument("--players", nargs="*", type=int, default=None,
                    help="player counts (default: every count a game allows)")
    ap.add_argument("--episodes", type=int, default=40, help="episodes per row")
    args = ap.parse_args()
    unknown = [g for g in args.games or () if g not in ludoteca.games()]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r}; games: {', '.join(ludoteca.games())}")
    if args.episodes < 1:
        ap.error(f"--episodes must be at least 1; got {args.episodes}")
    print(f"{'game':10s} {'size':>5s} {'changed mean':>12s} {'median':>6s} {'p90':>5s} "
          f"{'not zero mean':>13s}")
    for gid in args.games or ludoteca.games():
        lo, hi = ludoteca.info(gid).players
        for n in args.players or range(lo, hi + 1):
            if not lo <= n <= hi:
                print(f"{gid + '/' + str(n):10s} (skipped: {gid} is for {lo}–{hi} players)")
                continue
            changed, nonzero, size = changes(gid, n, args.episodes)
            print(f"{gid + '/' + str(n):10s} {size:>5d} {changed.mean():>12.1f} "
                  f"{np.median(changed):>6.0f} {np.percentile(changed, 90):>5.0f} "
                  f"{nonzero.mean():>13.0f}", flush=True)


if __name__ == "__main__":
    main()
