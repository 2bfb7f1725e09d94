"""El Plan's quiet mode (issue 18): a quiet game makes no events and plays exactly as a loud one
(legal lists, state, result), in its clones and worlds too."""

from __future__ import annotations

import random

import pytest
from quiet_support import check_clones_and_worlds, quiet_pair
from quiet_support import play_both as _play_both

import ludoteca


def _pair(n: int, seed: int, options: dict | None = None):
    return quiet_pair("elplan", n, seed, options)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_quiet_plays_the_same(n):
    for seed in (1, 2):
        loud, quiet = _pair(n, seed)
        assert quiet.state_dict() == loud.state_dict()
        assert _play_both(loud, quiet, seed) > 100


def test_quiet_plays_the_same_level_2_and_checked_apply():
    loud, quiet = _pair(3, 5, {"level": 2})
    _play_both(loud, quiet, 5, checked=True)


def test_quiet_tutorial_plays_the_same():
    loud, quiet = _pair(3, 1, {"tutorial": True})
    _play_both(loud, quiet, 1)
    assert quiet.checks == loud.checks            # the checkpoints are kept, quiet or not


def test_quiet_is_kept_by_clones_and_worlds():
    check_clones_and_worlds(*_pair(2, 7), moves=40)


def test_search_in_quiet_worlds_chooses_the_same():
    """``mcts`` plays El Plan's sampled worlds quiet (``world_setup_for("elplan")``): its
    choices are the ones it makes in worlds that build their events."""
    from ludoteca.agents import make_agent
    from ludoteca.agents import mcts as mcts_module
    from ludoteca.agents.heuristics import world_setup_for

    assert world_setup_for("elplan") is not None
    positions = []
    for seed in range(6):
        g = ludoteca.new_game("elplan", players=2 + seed % 2, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 90)):
            s = g.to_move[0]
            g.apply(rng.choice(g.legal_actions(s)), seat=s)
        positions.append(g)

    def choices():
        return [str(make_agent("mcts:iterations=60", "elplan", seed=i).choose(g, g.to_move[0]))
                for i, g in enumerate(positions)]

    quiet = choices()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(mcts_module, "world_setup_for", lambda gid: None)
        loud = choices()
    assert quiet == loud
