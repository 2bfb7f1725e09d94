"""Som's direct writer keeps its parts per game object, configuration and seat (the board
template, the players' blocks, a new game's record, the purses, the last vote): one writer
asked about games of several configurations (player counts, modes, the rolled centralism, a
first player), every seat in a shuffled order, a clone and a game changed by hand between
them, gives every time the bytes of the view's encoding (from a buffer full of stale
values), with every memo warm."""

from __future__ import annotations

import random

from test_rl_direct_som import direct_bytes, view_bytes  # the writer against the view's encoding

import ludoteca
from ludoteca.observation.direct.som import writer


def test_memos_answer_for_every_configuration_and_seat():
    write = writer("som")
    specs = [(4, {"mode": "B"}), (3, {"mode": "C"}), (2, {"centralism": "dado"}),
             (4, {"mode": "AC", "first_player": 2})]
    rng = random.Random(7)
    games = [ludoteca.new_game("som", players=n, seed=i, options=dict(o))
             for i, (n, o) in enumerate(specs)]
    checked = 0
    for step in range(240):
        for i, g in enumerate(games):
            if g.is_over:
                n, options = specs[i]
                games[i] = g = ludoteca.new_game("som", players=n, seed=100 + step,
                                                 options=dict(options))
            seats = list(range(g.n))
            rng.shuffle(seats)                  # the seats in another order every time
            for seat in seats:
                assert direct_bytes(write, g, seat) == view_bytes(g, seat), (i, step, seat)
                checked += 1
            s = g.to_move[0]
            g.apply(rng.choice(g.legal_actions(s)), seat=s)
        if step == 60:                          # a clone, played on beside its original
            h = games[0].clone()
            for _ in range(10):
                if h.is_over:
                    break
                for seat in range(h.n):
                    assert direct_bytes(write, h, seat) == view_bytes(h, seat)
                s = h.to_move[0]
                h.apply(rng.choice(h.legal_actions(s)), seat=s)
        if step == 120 and not games[1].is_over:    # by hand: another GH, a face-down card up
            g = games[1]
            g.gh = (g.gh + 1) % g.n
            c = next((c for c in range(37) if g.cells[c] >= 0 and not g.up[c]), None)
            if c is not None:
                g.up[c] = True
            g._legal = g._down = None
            for seat in range(g.n):
                assert direct_bytes(write, g, seat) == view_bytes(g, seat)
    assert checked > 2000


def test_records_of_games_let_go_are_forgotten_and_those_held_kept():
    """A game nothing else holds any more (let go for the next one, as an environment deals
    game after game) loses its record when another's is made: it can never be written again.
    A game still held keeps its record, and is written right, played on between the others."""
    import ludoteca.observation.direct.som as direct_som

    write = writer("som")
    cells = dict(zip(write.__code__.co_freevars, write.__closure__, strict=True))
    games = cells["games"].cell_contents        # the writer's records, by game
    kept = ludoteca.new_game("som", players=3, seed=1)
    rng = random.Random(3)
    for k in range(40):
        g = ludoteca.new_game("som", players=3, seed=100 + k)     # the last one let go
        for _ in range(rng.randrange(8)):
            if g.is_over:
                break
            s = g.to_move[0]
            g.apply(rng.choice(g.legal_actions(s)), seat=s)
        for seat in range(3):
            assert direct_bytes(write, g, seat) == view_bytes(g, seat), (k, seat)
        if k % 5 == 0 and not kept.is_over:
            s = kept.to_move[0]
            kept.apply(rng.choice(kept.legal_actions(s)), seat=s)
            for seat in range(3):
                assert direct_bytes(write, kept, seat) == view_bytes(kept, seat), (k, seat)
        assert any(r.game is kept for r in games.values())
    if direct_som.ALONE is not None:            # (where Python counts references)
        assert len(games) <= 3
