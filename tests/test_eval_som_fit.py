"""The fitted four-player Som evaluation (agents/eval_som_fit.py, issue 20 item 3): what the
search reads with four players, a chance for each seat that the game ends with it winning."""

from __future__ import annotations

import random

import ludoteca
from ludoteca.agents import eval_som, eval_som_fit


def _positions(players: int, seed: int, every: int = 3) -> list:
    g = ludoteca.new_game("som", players=players, seed=seed)
    rng, out, step = random.Random(seed), [], 0
    while not g.is_over:
        step += 1
        seat = g.to_move[0]
        if step % every == 0:
            out.append(g.clone())
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    return out


def test_four_players_take_the_fitted_evaluation_and_it_is_a_chance_per_seat():
    for seed in (1, 2, 3):
        for g in _positions(4, seed):
            values = eval_som._som(g)
            assert values == eval_som_fit.value(g) == eval_som._som_plain(g)
            assert len(values) == 4 and all(0.0 <= v <= 1.0 for v in values)
            # P(a winner) × P(seat i wins | a winner): the seats share at most one win
            assert sum(values) <= 1.0 + 1e-9


def test_the_leader_in_disks_is_valued_most_other_things_equal():
    g = _positions(4, 7)[5]
    before = eval_som_fit.value(g)
    g.pd[1] += 3                       # seat 1 takes a clear lead in participation disks
    after = eval_som_fit.value(g)
    assert after[1] > before[1]
    assert all(after[s] <= before[s] for s in (0, 2, 3))
