"""Shared by the quiet-mode tests: a loud and a quiet game dealt alike, played side by side."""

from __future__ import annotations

import random

import ludoteca


def quiet_pair(gid: str, n: int, seed: int, options: dict | None = None):
    """Two games of ``gid`` dealt alike, the second made quiet."""
    kw = {"options": options} if options else {}
    loud = ludoteca.new_game(gid, players=n, seed=seed, **kw)
    quiet = ludoteca.new_game(gid, players=n, seed=seed, **kw)
    quiet.quiet()
    return loud, quiet


def play_both(loud, quiet, seed: int, checked: bool = False) -> int:
    """Play the same random moves in both games to the end, comparing them after every action
    (movers, legal lists, the whole state; the quiet one makes no events, the loud one some);
    returns how many actions were played."""
    rng = random.Random(seed)
    steps = 0
    while not loud.is_over:
        assert quiet.to_move == loud.to_move
        for s in loud.to_move:
            assert quiet.legal_actions(s) == loud.legal_actions(s)
        s = loud.to_move[rng.randrange(len(loud.to_move))]
        action = rng.choice(loud.legal_actions(s))
        if checked:
            got, made = quiet.apply(str(action), s), loud.apply(str(action), s)
        else:
            got, made = quiet.apply_legal(action, s), loud.apply_legal(action, s)
        assert got == []
        assert made                                   # a loud action always tells something
        assert quiet.state_dict() == loud.state_dict()
        steps += 1
    assert quiet.is_over and quiet.result == loud.result
    assert quiet.actions_played == loud.actions_played
    assert quiet.record() == loud.record()
    return steps


def check_clones_and_worlds(loud, quiet, moves: int) -> None:
    """After ``moves`` random actions in both games: the quiet game's clones and sampled
    worlds are quiet (an action makes no events), the loud game's are not, and a clone of
    the quiet one plays on as a clone of the loud one."""
    rng = random.Random(7)
    for _ in range(moves):
        s = loud.to_move[0]
        a = rng.choice(loud.legal_actions(s))
        loud.apply_legal(a, s)
        quiet.apply_legal(a, s)
    for g in (quiet.clone(), quiet.determinize(0, 3)):
        assert g._quiet
        s = g.to_move[0]
        assert g.apply_legal(g.legal_actions(s)[0], s) == []
    assert not loud.clone()._quiet
    assert not loud.determinize(0, 3)._quiet
    play_both(loud.clone(), quiet.clone(), 8)
