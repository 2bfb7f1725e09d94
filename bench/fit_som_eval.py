#!/usr/bin/env python3
"""Fit the weights of the four-player Som evaluation (``ludoteca.agents.eval_som_fit``).

Plays seeded four-player games of greedy bots (a share ``--random`` of the moves random, so
that the positions a search wanders into are covered too), records about a third of the
positions with a choice (their features, written out here as the module computes them in its
fast path) with the game's outcome, and fits two logistic regressions by Newton's method
(a little L2): P(the game ends with a winner) on the position's features, and P(seat ``i``
wins | the game has a winner) on each seat's features (the target is the seat's terminal value,
a share of the win). Prints ``WIN_WEIGHTS`` and ``SEAT_WEIGHTS`` rounded as the module keeps
them, and the log-loss on every tenth game (held out) against a constant:

    python bench/fit_som_eval.py --games 8000 --workers 2

With the defaults this reproduces the module's weights. ``PD_LATE`` (a disk counts 0.2 more
once two urna cards are found) and ``STEP_COST`` are set by hand on top of the fit. Needs numpy
(the ``test``, ``lab`` and ``rl`` extras).
"""

from __future__ import annotations

import argparse
import math
import random
from concurrent.futures import ProcessPoolExecutor

import numpy as np
from fit_som_solo import fit, log_loss  # (bench/: the solo fit's Newton logistic regression)

import ludoteca
from ludoteca.agents import eval_som, make_agent
from ludoteca.agents.heuristics import terminal_values

PLAYERS = 4
FIRST_SEED = 70_000
SAMPLE = 0.35        # the share of positions with a choice recorded
HELD_OUT = 10        # every tenth game
L2 = 1e-3


def board(g) -> tuple[int, int, int, int, int]:
    """Face-down cards, face-up Spain, economic-capacity and Catalonia cards (CN left out),
    and whether ATC is face up."""
    from ludoteca.games.som.common import NC
    from ludoteca.games.som.content import EF_ECO, FLAG_CAT, FLAG_ESP

    K = g.K
    down = spain = eco = cat = atc = 0
    for c in range(NC):
        card = g.cells[c]
        if card < 0:
            continue
        if not g.up[c]:
            down += 1
            continue
        if K.FLAG[card] == FLAG_ESP:
            spain += 1
        elif K.FLAG[card] == FLAG_CAT and card != K.CN_CARD:
            cat += 1
        eco += K.EFFECT[card] == EF_ECO
        atc |= card == K.ATC_CARD
    return down, spain, eco, cat, int(atc)


def win_features(g) -> tuple[float, ...]:
    """The features of P(the game ends with a winner), in WIN_WEIGHTS' order."""
    from ludoteca.games.som.common import URNA_FOR_CONSULTA

    n = g.n
    d1, d2 = eval_som._som_taxes_ahead(g)
    down, spain_up, eco_up, cat_up, atc_up = board(g)
    money = [g.value(s) for s in range(n)]
    t1 = min(3, max(-1, min(money[s] - d1[s] for s in range(n))))
    t2 = min(4, max(-3, min(money[s] - d1[s] - d2[s] for s in range(n))))
    tot = min(30, max(0, sum(money) - sum(d1)))
    urna = len(g.pile)
    spain_down = 4 - spain_up
    clean = 1.0 / math.comb(max(0, URNA_FOR_CONSULTA - urna) + spain_down, spain_down)
    atca = 1 if g.atc_active else 0
    atc = max(atca, atc_up)
    return (1.0, urna, clean, t1, t2, tot, g.value(g.H), atc, atca, down, spain_down,
            3 - eco_up, cat_up, t1 * atc, urna * atc, tot * atc)


def seat_features(g, i: int) -> tuple[float, ...]:
    """The features of P(seat ``i`` wins | a winner), in SEAT_WEIGHTS' order."""
    n, pd = g.n, g.pd
    lead = min(6, max(-6, pd[i] - max(pd[j] for j in range(n) if j != i)))
    dist = (i - g.gh) % n
    pre = 1 if dist == 0 and g.stage <= 3 else 0
    post = 1 if dist == 0 and g.stage == 4 else 0
    nxt = 1 if dist == 1 else 0
    urna = len(g.pile)
    u3, u2, s4 = int(urna == 3), int(urna == 2), int(g.stage == 4)
    others = sum(g.value(j) for j in range(n) if j != i) / (n - 1)
    mrel = min(6.0, max(-6.0, g.value(i) - others))
    return (1.0, lead, lead * u3, lead * u3 * s4, pre * u3, post * u3, nxt * u3, pre, post,
            nxt, mrel, pd[i], pd[n], lead * u2)


def play(args: tuple[int, float]) -> tuple[list, list[float], bool]:
    """One seeded game: its recorded positions' features, each seat's terminal value, and
    whether anybody won."""
    seed, share = args
    g = ludoteca.new_game("som", players=PLAYERS, seed=seed)
    bots = [make_agent("greedy", "som", seed * 10 + s) for s in range(PLAYERS)]
    rng = random.Random(seed)
    rows = []
    while not g.is_over:
        seat = g.to_move[0]
        legal = g.legal_actions(seat)
        if len(legal) > 1 and rng.random() < SAMPLE:
            rows.append((win_features(g), [seat_features(g, i) for i in range(PLAYERS)]))
        action = rng.choice(legal) if rng.random() < share else bots[seat].choose(g, seat)
        g.apply(action, seat=seat)
    return rows, terminal_values(g.result, PLAYERS), bool(g.result.winners)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=8000)
    ap.add_argument("--random", type=float, default=0.1, help="share of random moves")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    jobs = [(FIRST_SEED + k, a.random) for k in range(a.games)]
    with ProcessPoolExecutor(a.workers) as pool:
        games = list(pool.map(play, jobs, chunksize=20))
    xw, yw, hw, xs, ys, hs = [], [], [], [], [], []
    for k, (rows, values, has_winner) in enumerate(games):
        held = k % HELD_OUT == 0
        for wf, sf in rows:
            xw.append(wf)
            yw.append(float(has_winner))
            hw.append(held)
            if has_winner:
                for i in range(PLAYERS):
                    xs.append(sf[i])
                    ys.append(values[i])
                    hs.append(held)
    report = {}
    for name, x, y, held in (("WIN", xw, yw, hw), ("SEAT", xs, ys, hs)):
        x, y, held = np.array(x), np.array(y), np.array(held)
        w = fit(x[~held], y[~held], L2, rounds=30)
        p = 1 / (1 + np.exp(-x[held] @ w))
        print(f"# {name}: held-out log-loss {log_loss(y[held], p):.4f} "
              f"(a constant: {log_loss(y[held], np.full(held.sum(), y[~held].mean())):.4f}; "
              f"{len(y)} rows)")
        report[name] = tuple(round(float(v), 4) for v in w)
    print(f"WIN_WEIGHTS = {{{PLAYERS}: {report['WIN']}}}")
    print(f"SEAT_WEIGHTS = {{{PLAYERS}: {report['SEAT']}}}")


if __name__ == "__main__":
    main()
