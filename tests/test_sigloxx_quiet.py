"""Siglo XX's quiet mode (issue 18): a quiet game makes no events and plays exactly as a loud
one (legal lists, state, result), in its clones and worlds too; a loud game is unaffected."""

from __future__ import annotations

import random

import pytest
from quiet_support import check_clones_and_worlds, quiet_pair
from quiet_support import play_both as _play_both

import ludoteca


def _pair(n: int, seed: int, options: dict | None = None):
    return quiet_pair("sigloxx", n, seed, options)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_quiet_plays_the_same(n):
    for seed in (1, 2):
        loud, quiet = _pair(n, seed)
        assert quiet.opening_events == loud.opening_events    # set up before quiet()
        assert quiet.state_dict() == loud.state_dict()
        assert _play_both(loud, quiet, seed) > 50


def test_quiet_plays_the_same_checked_apply_and_options():
    loud, quiet = _pair(3, 5, {"scoring_cards": False, "first_player": 2})
    _play_both(loud, quiet, 5, checked=True)


def test_quiet_is_kept_by_clones_and_worlds():
    check_clones_and_worlds(*_pair(3, 7), moves=60)


def test_loud_game_unaffected_by_a_quiet_clone():
    """Quieting a clone leaves the game it came from (and its other clones) loud."""
    g = ludoteca.new_game("sigloxx", players=3, seed=11)
    c = g.clone()
    c.quiet()
    assert not g._quiet
    rng = random.Random(11)
    while not g.is_over:
        s = g.to_move[0]
        a = rng.choice(g.legal_actions(s))
        assert c.apply_legal(a, s) == []
        assert g.apply_legal(a, s)
    assert g.result == c.result


def test_search_in_quiet_worlds_chooses_the_same():
    """``mcts`` in quiet worlds (a world setup that calls ``quiet()``) chooses what it chooses in
    worlds that build their events."""
    from ludoteca.agents import make_agent
    from ludoteca.agents import mcts as mcts_module

    positions = []
    for seed in range(4):
        g = ludoteca.new_game("sigloxx", players=3 + seed % 2, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 80)):
            if g.is_over:
                break
            s = g.to_move[0]
            g.apply(rng.choice(g.legal_actions(s)), seat=s)
        if not g.is_over:
            positions.append(g)
    assert len(positions) >= 3

    def choices():
        return [str(make_agent("mcts:iterations=30", "sigloxx", seed=i).choose(g, g.to_move[0]))
                for i, g in enumerate(positions)]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(mcts_module, "world_setup_for", lambda gid: None)
        loud = choices()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(mcts_module, "world_setup_for", lambda gid: lambda world: world.quiet())
        quiet = choices()
    assert quiet == loud


def test_greedy_bots_play_the_same_quiet():
    """The greedy bots read views, never events: quiet or not, they choose the same."""
    from ludoteca.agents import make_agent

    loud, quiet = _pair(3, 4)
    bots = [make_agent("greedy", "sigloxx", seed=s) for s in range(3)]
    twins = [make_agent("greedy", "sigloxx", seed=s) for s in range(3)]
    while not loud.is_over:
        s = loud.to_move[0]
        a, b = bots[s].choose(loud, s), twins[s].choose(quiet, s)
        assert str(a) == str(b)
        assert loud.apply_legal(a, s)
        assert quiet.apply_legal(b, s) == []
    assert quiet.state_dict() == loud.state_dict()
    assert quiet.result == loud.result
