"""Som's direct writer starts a new game's record from a kept new game's (same configuration
and CN cell, the same board as shown): every seat's vector equals the view's encoding for many
new games (so the memo answers), of several configurations, also when a new game was edited
by hand before it was first observed (a face-down card swapped: the memo still answers; a card
turned, a disk moved: it must not, or must bring the players up to date)."""

from __future__ import annotations

import random
from array import array

import pytest
from test_rl_direct_som import direct_bytes, view_bytes  # the writer against the view's encoding

import ludoteca
from ludoteca.games.som.common import T
from ludoteca.observation.direct.som import writer
from ludoteca.observation.encoders import encoder_for

ENC = encoder_for("som")


def counted(write):
    """``write``'s ``from_dealt`` wrapped to count the new games the memo answered."""
    cells = dict(zip(write.__code__.co_freevars, write.__closure__, strict=True))
    seen = cells["seen"].cell_contents
    inner = dict(zip(seen.__code__.co_freevars, seen.__closure__, strict=True))
    cell = inner["from_dealt"]
    original, hits = cell.cell_contents, [0]

    def from_dealt(m, g):
        hits[0] += 1
        return original(m, g)

    cell.cell_contents = from_dealt
    return hits


@pytest.mark.parametrize(("n", "options"), [(4, {}), (3, {}), (2, {"mode": "C"}),
                                           (3, {"concentracio_cell": "r2c3"}),
                                           (4, {"mode": "B", "centralism": "dado"})])
def test_new_games_from_the_memo_equal_the_view_encoding(n, options):
    write = writer("som")
    hits = counted(write)
    rng = random.Random(n)
    for seed in range(160):
        g = ludoteca.new_game("som", players=n, seed=seed, options=dict(options))
        edit = seed % 5
        if edit == 1:                          # face-down cards swapped: the same board shown
            down = [c for c in range(37) if g.cells[c] >= 0 and not g.up[c]]
            a, b = rng.sample(down, 2)
            g.cells[a], g.cells[b] = g.cells[b], g.cells[a]
        elif edit == 2:                        # a card turned by hand: another board
            c = next(c for c in range(37) if not g.up[c])
            g.up[c] = True
            g._legal = g._down = None
        elif edit == 3:                        # a disk moved by hand: other purses
            bank = g.n * T
            t = next(t for t in range(T) if g.hold[bank + t] > 0)
            g.hold[bank + t] -= 1
            g.hold[t] += 1
            g._legal = g._down = None
        for seat in range(n):
            assert direct_bytes(write, g, seat) == view_bytes(g, seat), (seed, seat)
        if not g.is_over:                      # and on, from the memo's record
            s = g.to_move[0]
            g.apply(rng.choice(g.legal_actions(s)), seat=s)
            for seat in range(n):
                assert direct_bytes(write, g, seat) == view_bytes(g, seat), (seed, seat)
    assert hits[0] > 20                        # (the memo answered)


def test_float32_writer_equals_the_float64_one_cast():
    """Som's ``float32`` writer (the Observer's) gives the bytes of the float64 writer's
    buffer cast, every seat at every step of random episodes (new games from the memo among
    them), into one buffer full of stale values and a new one."""
    from ludoteca.observation.direct import DIRECT
    from ludoteca.observation.observer import Observer

    write = DIRECT["som"]
    write32 = write.float32
    assert write32.float32 is write32 and write32.bounded
    ob = Observer("som", ludoteca.new_game("som", players=2, seed=0).num_distinct_actions)
    assert ob._write32 is write32
    kept = array("f", [7.0] * ENC.size)
    checked = 0
    for n, options in ((4, {}), (3, {"mode": "C"}), (2, {"mode": "B"}), (1, {})):
        for seed in range(12):
            g = ludoteca.new_game("som", players=n, seed=seed, options=dict(options))
            rng = random.Random(seed)
            steps = 0
            while not g.is_over and steps < 60:
                for seat in range(n):
                    ref = direct_bytes(write, g, seat)
                    write32(g, seat, kept)
                    assert kept.tobytes() == ref, (n, seed, seat)
                    new = array("f", [7.0] * ENC.size)
                    write32(g, seat, new)
                    assert new.tobytes() == ref
                    assert ob.observe(g, seat)["observation"].tobytes() == view_bytes(g, seat)
                    checked += 1
                s = g.to_move[0]
                g.apply(rng.choice(g.legal_actions(s)), seat=s)
                steps += 1
    assert checked > 1000
