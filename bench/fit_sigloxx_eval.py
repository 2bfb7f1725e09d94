#!/usr/bin/env python3
"""Fit the weights of the Siglo XX evaluation (``ludoteca.agents.eval_sigloxx``).

Plays seeded three-player games of greedy bots (a share ``--random`` of the moves with a
choice random, so that the positions a search wanders into are covered too), records every
third position's features of every seat and that seat's final VP, and fits one least-squares
projection per round (a little ridge, not on the constant). Prints ``WEIGHTS`` and, per round,
the error on every tenth game (held out) against the error of the old hand-made sum:

    python bench/fit_sigloxx_eval.py --games 2000 --random 0.05 --workers 2

Needs numpy (it comes with the ``test``, ``lab`` and ``rl`` extras).
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.agents.eval_sigloxx import FEATURE_NAMES, features

EVERY = 3           # every third position
FIRST_SEED = 100_000
RIDGE = 1.0
HELD_OUT = 10       # every tenth game


def play(args: tuple[int, float]) -> tuple[list[tuple[int, list]], list[float]]:
    """One game: (round, every seat's features) of every third position, and the final VP."""
    seed, share = args
    game = ludoteca.new_game("sigloxx", players=3, seed=seed)
    bots = [make_agent("greedy", "sigloxx", seed * 10 + s) for s in range(3)]
    rng = random.Random(seed)
    rows, step = [], 0
    while not game.is_over:
        seat = game.to_move[0]
        legal = game.legal_actions(seat)
        step += 1
        if step % EVERY == 0:
            rows.append((game.round, features(game)))
        if len(legal) > 1 and rng.random() < share:
            action = rng.choice(legal)
        else:
            action = bots[seat].choose(game, seat)
        game.apply(action, seat=seat)
    return rows, [float(x) for x in game.result.scores]


def old_sum(X: np.ndarray) -> np.ndarray:
    """The evaluation's earlier hand-made projection, from the same features."""
    f = {name: X[:, i] for i, name in enumerate(FEATURE_NAMES)}
    return (f["score"] - f["garbage"] + f["clean"] + f["environment"] + f["majority"] +
            0.6 * f["coin_income"] + 0.5 * f["science_income"] + f["vp_income"] +
            0.25 * f["coins"] + 0.2 * f["science"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--random", type=float, default=0.05, help="share of random moves")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    jobs = [(FIRST_SEED + k, a.random) for k in range(a.games)]
    with ProcessPoolExecutor(a.workers) as pool:
        games = list(pool.map(play, jobs, chunksize=20))
    X, Y, R, G = [], [], [], []
    for gi, (rows, scores) in enumerate(games):
        for rd, feats in rows:
            for s, f in enumerate(feats):
                X.append(f)
                Y.append(scores[s])
                R.append(rd)
                G.append(gi)
    X, Y, R, G = map(np.array, (X, Y, R, G))
    test = G % HELD_OUT == 0
    print("WEIGHTS = (")
    report = []
    for rd in range(1, 7):
        m = R == rd
        A = np.column_stack([np.ones(m.sum()), X[m]])
        train = ~test[m]
        gram = A[train].T @ A[train] + RIDGE * np.eye(A.shape[1])
        gram[0, 0] -= RIDGE
        w = np.linalg.solve(gram, A[train].T @ Y[m][train])
        print("    (" + ", ".join(f"{x:.3f}" for x in w) + "),")
        yt = Y[m][test[m]]
        fit = A[test[m]] @ w
        old = old_sum(X[m][test[m]])
        old = np.polyval(np.polyfit(old, yt, 1), old)     # the old sum at its best scale
        report.append(f"round {rd}: held-out error {np.sqrt(((yt - fit) ** 2).mean()):.2f} VP, "
                      f"old sum {np.sqrt(((yt - old) ** 2).mean()):.2f}, "
                      f"final VP vary by {yt.std():.2f}")
    print(")")
    print("\n".join(report))


if __name__ == "__main__":
    main()
