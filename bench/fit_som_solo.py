#!/usr/bin/env python3
"""Fit the weights of the solo Som evaluation (``ludoteca.agents.som_solo``).

Plays seeded solo games with the greedy bot (a share ``--random`` of its moves random, so
that the positions a search wanders into are covered too), records the features of every
position and whether the game was won, and fits a logistic regression (Newton's method, a
little L2). Prints the weights in ``WEIGHTS``'s order and the log-loss on every tenth game,
held out, against always guessing the mean:

    python bench/fit_som_solo.py --games 20000 --workers 2

Needs numpy (it comes with the ``test``, ``lab`` and ``rl`` extras).
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import ludoteca
from ludoteca.agents.som_solo import FEATURE_NAMES, WEIGHTS, features
from ludoteca.games.som.bots import SomGreedyAgent


def play(args: tuple[int, float]) -> tuple[list[tuple[float, ...]], float]:
    """One solo game: the features of each position and 1.0 if the player won."""
    seed, share = args
    game = ludoteca.new_game("som", players=1, seed=seed)
    bot, rng = SomGreedyAgent(seed * 10), random.Random(seed)
    rows = []
    while not game.is_over:
        rows.append(features(game))
        legal = game.legal_actions(0)
        action = rng.choice(legal) if rng.random() < share else bot.choose(game, 0)
        game.apply(action, seat=0)
    return rows, float(0 in game.result.winners)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, rounds: int = 25) -> np.ndarray:
    """Logistic regression weights by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + l2 * np.eye(x.shape[1])
        w -= np.linalg.solve(hessian, x.T @ (p - y) + l2 * w)
    return w


def log_loss(y: np.ndarray, p: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=50000, help="first game's seed")
    ap.add_argument("--random", type=float, default=0.1, help="share of random moves")
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args()
    jobs = [(a.seed + k, a.random) for k in range(a.games)]
    with ProcessPoolExecutor(a.workers) as pool:
        games = list(pool.map(play, jobs, chunksize=50))
    x = np.array([row for rows, _ in games for row in rows])
    y = np.array([won for rows, won in games for _ in rows])
    held = np.array([k % 10 == 0 for k, (rows, _) in enumerate(games) for _ in rows])
    w = fit(x[~held], y[~held])
    p = 1.0 / (1.0 + np.exp(-x[held] @ w))
    print(f"{a.games} games, {sum(won for _, won in games) / a.games:.1%} won, "
          f"{len(y)} positions")
    in_use = log_loss(y[held], 1 / (1 + np.exp(-x[held] @ WEIGHTS))) \
        if len(WEIGHTS) == x.shape[1] else float("nan")
    print(f"held-out log-loss {log_loss(y[held], p):.4f} (the mean alone: "
          f"{log_loss(y[held], np.full(held.sum(), y[~held].mean())):.4f}; the weights in "
          f"use: {in_use:.4f})")
    for name, weight in zip(FEATURE_NAMES, w, strict=True):
        print(f"    {weight:7.3f},   # {name}")


if __name__ == "__main__":
    main()
