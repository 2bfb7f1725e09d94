"""``Game.is_secret_choice``: true exactly for Som's bids in the fist and El Plan's simultaneous
steps; and a secret choice that is not the last one changes nothing another seat can see
(events, their words, views) whatever was chosen, besides whether the seat is done."""

from __future__ import annotations

import json
import random

import pytest

import ludoteca
from ludoteca.games.elplan.common import SIMULTANEOUS

from .support import drive

PUBLIC_ONLY = [("qytetet", 3, {}), ("civitas", 2, {}), ("sigloxx", 3, {}), ("sigloxx", 5, {})]
SECRET = [("som", 2, {"mode": "C", "max_turns": 60}), ("som", 3, {"mode": "C"}),
          ("som", 4, {"mode": "C"}), ("som", 3, {"mode": "AC"}), ("elplan", 3, {"tutorial": True}),
          ("elplan", 2, {}),
          ("elplan", 4, {"level": 2})]


def seen_by_others(game, seat: int, events) -> str:
    others = [s for s in range(game.n_players) if s != seat]
    return json.dumps({
        "events": [e.to_json() for e in events],
        "words": [[game.describe(e, lang) for lang in ("es", "en")] for e in events],
        "views": {s: game.view(s) for s in others}, "spectator": game.view(None),
        "to_move": [s for s in game.to_move if s != seat]}, sort_keys=True, default=str)


def play(gid: str, n: int, opts: dict, seed: int, check) -> int:
    """A random game (votes preferred); ``check(game, seat)`` before every action; returns
    how many secret choices it met."""
    g = ludoteca.new_game(gid, players=n, seed=seed, options=opts)
    rng = random.Random(seed)
    met = 0
    while not g.is_over and g._n_actions < 1500:
        seat = rng.choice(g.to_move)
        met += check(g, seat)
        legal = [str(a) for a in g.legal_actions(seat)]
        g.apply(drive(rng, legal), seat=seat)
    return met


@pytest.mark.parametrize("gid, n, opts", PUBLIC_ONLY)
def test_games_without_secret_choices_never_have_one(gid, n, opts):
    def check(g, seat):
        assert g.is_secret_choice(seat) is False
        return 0
    for seed in range(3):
        play(gid, n, opts, seed, check)


@pytest.mark.parametrize("gid, n, opts", SECRET, ids=lambda v: str(v))
def test_secret_choices_are_exactly_the_simultaneous_ones_and_reveal_nothing(gid, n, opts):
    def check(g, seat):
        secret = g.is_secret_choice(seat)
        if gid == "som":
            assert secret == (len(g.to_move) > 1 or all(
                a.name == "pujar" for a in g.legal_actions(seat)))
            if secret:
                assert {a.name for a in g.legal_actions(seat)} == {"pujar"}
        else:
            assert secret == (g.stage in SIMULTANEOUS)
        if secret and len(g.to_move) > 1:           # not the last: nothing may show
            # (only whether the seat is done deciding: El Plan's D4 takes several steps)
            seen: dict[bool, set[str]] = {}
            for action in g.legal_actions(seat):
                twin = g.clone()
                events = twin.apply(action, seat=seat)
                seen.setdefault(seat in twin.to_move, set()).add(
                    seen_by_others(twin, seat, events))
            assert all(len(v) == 1 for v in seen.values()), \
                f"{gid}: seat {seat}'s secret choice shows"
        return int(secret)

    met = sum(play(gid, n, opts, seed, check) for seed in range(8))
    assert met > 0, "no secret choice met: pick other seeds"
