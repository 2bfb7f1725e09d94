#!/usr/bin/env python3
"""Fit the holdings model of Siglo XX's ``determinize`` (ruling X10, ``HOLDINGS`` in
``ludoteca.games.sigloxx.state``).

Plays seeded three-player games of greedy bots and, at every decision with a choice, records
for every seat not on turn what its view shows (round, decision point, its income of coins and
of science, tiles won this round, technologies owned, withdrawn this round) and what it truly
holds. Fits, per round and group of decision points, a least-squares line for coins and for
science and their residual spread, and prints ``HOLDINGS`` (each entry with the number of
positions it was fitted on):

    python bench/fit_sigloxx_holdings.py --games 1000 --workers 2

Needs numpy (it comes with the ``test``, ``lab`` and ``rl`` extras).
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.games.sigloxx.state import HOLDINGS_GROUP, holdings_features

FIRST_SEED = 5000


def play(seed: int) -> list[tuple]:
    """One game: (round, group, coin features, science features, coins, science) of every
    seat not on turn at every decision with a choice."""
    game = ludoteca.new_game("sigloxx", players=3, seed=seed)
    bots = [make_agent("greedy", "sigloxx", seed * 10 + s) for s in range(3)]
    rows = []
    while not game.is_over:
        actor = game.to_move[0]
        if len(game.legal_actions(actor)) > 1:
            group = HOLDINGS_GROUP[game.phase]
            for s in range(game.n):
                if s != actor:
                    fc, fs = holdings_features(game, s)
                    rows.append((game.round, group, fc, fs, game.coins[s], game.science[s]))
        game.apply(bots[actor].choose(game, actor), seat=actor)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    with ProcessPoolExecutor(a.workers) as pool:
        rows = [r for game in pool.map(play, range(FIRST_SEED, FIRST_SEED + a.games),
                                       chunksize=20) for r in game]
    keys = sorted({(r[0], r[1]) for r in rows})
    print("HOLDINGS = {")
    for key in keys:
        sub = [r for r in rows if (r[0], r[1]) == key]
        fits = []
        for i in (0, 1):
            X = np.array([r[2 + i] for r in sub], dtype=float)
            y = np.array([r[4 + i] for r in sub], dtype=float)
            b, *_ = np.linalg.lstsq(X, y, rcond=None)
            spread = float((y - X @ b).std())
            fits.append("(" + ", ".join(f"{round(x, 2) + 0.0:.2f}" for x in (*b, spread)) + ")")
        print(f"    {key}: ({fits[0]},\n{' ' * 13}{fits[1]}),  # {len(sub)} positions")
    print("}")


if __name__ == "__main__":
    main()
