"""What the engine remembers to go faster (issues 18 and 20) stays true to the state: the seats
to move and each seat's legal actions are those the rules give at every step (also after a
clone or a determinize), a legal list handed out is the caller's own, every legal action is the
very instance of ``all_actions`` (so ``in`` hits identity), and ``own_view`` is ``view`` cut to
what the greedy bot reads."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.games.elplan.common import S_OVER, SIMULTANEOUS
from ludoteca.games.elplan.views import OWN_VIEW_LEFT_OUT


def _to_move_by_the_rules(g) -> tuple[int, ...]:
    if g.stage == S_OVER:
        return ()
    if g.stage in SIMULTANEOUS:
        return tuple(s for s in g.order if g.need[s] and not g.done[s])
    return (g.actor,)


def _fresh_legal(g, seat) -> list:
    """The legal actions computed from the state now, nothing remembered."""
    return g._sim_legal(seat) if g.stage in SIMULTANEOUS else g._seq_legal(seat)


def _games():
    for n in range(2, 7):
        yield ludoteca.new_game("elplan", players=n, seed=10 + n)
    yield ludoteca.new_game("elplan", players=3, seed=3, options={"tutorial": True})
    yield ludoteca.new_game("elplan", players=4, seed=4, options={"level": 2})


@pytest.mark.parametrize("g", list(_games()), ids=lambda g: f"{g.n}p-{g.options}")
def test_remembered_to_move_and_legal_actions_follow_the_state(g):
    rng = random.Random(g.seed)
    canonical = {id(a) for a in g.all_actions}
    while not g.is_over:
        assert g.to_move == _to_move_by_the_rules(g)
        seat = rng.choice(g.to_move)
        legal = g.legal_actions(seat)
        assert legal == _fresh_legal(g, seat)
        assert all(id(a) in canonical for a in legal)
        legal.clear()                                    # the caller's own list
        assert g.legal_actions(seat) == _fresh_legal(g, seat) != []
        if rng.random() < 0.05:
            for world in (g.clone(), g.determinize(seat, rng.getrandbits(32))):
                assert world.to_move == _to_move_by_the_rules(world)
                for s in world.to_move:
                    assert world.legal_actions(s) == _fresh_legal(world, s)
                before = [str(a) for a in g.legal_actions(seat)]
                s = world.to_move[0]
                world.apply(world.legal_actions(s)[-1], seat=s)
                assert [str(a) for a in g.legal_actions(seat)] == before
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    assert g.to_move == () and g.legal_actions(0) == [] and g.legal_actions() == []


@pytest.mark.parametrize("g", list(_games()), ids=lambda g: f"{g.n}p-{g.options}")
def test_own_view_is_the_view_cut_to_what_the_bot_reads(g):
    rng = random.Random(g.seed)
    checked = 0
    while not g.is_over:
        seat = rng.choice(g.to_move)
        if rng.random() < 0.2:
            for s in range(g.n):
                full = g.view(s)
                own = g.own_view(s)
                assert set(full) - set(own) == set(OWN_VIEW_LEFT_OUT)
                assert own["players"][s] == full["players"][s]
                assert all(p is None for i, p in enumerate(own["players"]) if i != s)
                assert {k: v for k, v in own.items() if k != "players"} == \
                    {k: v for k, v in full.items() if k not in OWN_VIEW_LEFT_OUT + ("players",)}
                checked += 1
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    assert checked > 20
    with pytest.raises(ludoteca.InvalidOption):
        g.own_view(g.n)
