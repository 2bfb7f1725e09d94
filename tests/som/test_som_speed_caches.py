"""The engine's shortcuts for speed (issues 18 and 20) change nothing in play: the cheaper
chance draws exactly what ``random`` draws, the remembered legal actions and deal groups
follow every change of state, and a determinized world keeps what its view shows."""

from __future__ import annotations

import random

import ludoteca
from ludoteca.core.rng import GameRandom
from ludoteca.games.som import chance
from ludoteca.games.som.common import PH_BID, PH_MOVE
from ludoteca.games.som.views import _compute_deal_groups


def test_fast_shuffle_and_draws_are_the_library_ones():
    for seed in range(50):
        for size in (0, 1, 2, 7, 30, 37):
            a, b = list(range(size)), list(range(size))
            random.Random(seed).shuffle(a)
            chance.shuffle(random.Random(seed), b)
            assert a == b
            x, y = GameRandom(seed), GameRandom(seed)
            x.shuffle(a)
            chance.game_shuffle(y, b)
            assert a == b
        x, y = GameRandom(seed), GameRandom(seed)
        bounds = [1 + (seed * k) % 23 for k in range(40)]
        assert [x.randrange(n) for n in bounds] == [chance.randbelow(y, n) for n in bounds]
        assert x.fingerprint() == y.fingerprint()


def test_seed_later_random_is_the_seeded_generator():
    eager, lazy = GameRandom(99), chance.SeedLaterRandom(99)
    assert eager.fingerprint() == chance.SeedLaterRandom(99).fingerprint()
    twin = lazy.clone()                              # cloned before any draw
    assert [eager.die(6) for _ in range(20)] == [lazy.die(6) for _ in range(20)]
    assert twin.die(6) == GameRandom(99).die(6)
    later = lazy.clone()                             # cloned after draws: shares, then copies
    assert [later.randrange(50) for _ in range(5)] == [lazy.randrange(50) for _ in range(5)]


def _play(g, rng, steps):
    for _ in range(steps):
        if g.is_over:
            return
        seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)


def test_remembered_legal_actions_and_deals_follow_the_state():
    """At every step of random games (every mode), the remembered legal actions and deal
    groups equal freshly computed ones, and a returned list can be changed freely."""
    checked = 0
    for seed in range(12):
        mode = ("A", "B", "C", "AC")[seed % 4]
        g = ludoteca.new_game("som", players=2 + seed % 3, seed=seed, options={"mode": mode})
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
            legal = g.legal_actions(seat)
            if g.phase != PH_BID:                      # bids are per seat, never remembered
                assert legal == g._compute_legal()
            g.view(seat)                              # fills the deal groups
            assert g._down == _compute_deal_groups(g.cells, g.up, g.deal)
            legal.clear()                             # the caller's copy, not the game's
            assert g.legal_actions(seat)
            g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
            checked += 1
    assert checked > 200


def test_legal_actions_are_the_canonical_objects():
    g = ludoteca.new_game("som", players=3, seed=4)
    _play(g, random.Random(4), 30)
    legal = g.legal_actions()
    assert all(a is g.action_from_id(g.action_id(a)) for a in legal)
    assert all(any(a is b for b in g.legal_actions()) for a in legal)


def test_a_determinized_world_keeps_the_view_and_fresh_deal_groups():
    for seed in range(6):
        g = ludoteca.new_game("som", players=3, seed=seed)
        _play(g, random.Random(seed), 40 + 7 * seed)
        if g.is_over:
            continue
        seat = g.to_move[0]
        w = g.determinize(seat, seed=seed)
        assert w.view(seat) == g.view(seat)
        assert w._down == _compute_deal_groups(w.cells, w.up, w.deal)


def test_arrange_and_hand_edits_forget_the_remembered_deals():
    g = ludoteca.new_game("som", players=1, seed=0)
    g.view(0)                                         # remembers the setup's deal
    g.arrange(cells={15: "CN", 8: "U-4", 9: "C-01"}, pile=["U-1", "U-2", "U-3"],
              phase="accion", face=1)
    assert g._down is None and g._legal is None
    g.deal[8] = g.deal[9] = g.deals = 1              # a refill, by hand (as tests/test_mcts.py)
    deals = {d["deal"]: d for d in g.view(0)["deals"]}
    assert deals[1]["cells"] == [8, 9]
    assert deals[1]["flags"] == {"catalunya": 1, "mon": 0, "urna": 1, "espanya": 0}


def test_a_step_that_turns_a_card_updates_the_deals():
    """The cell turned (or emptied, an urna card) leaves its deal's group at once."""
    g = ludoteca.new_game("som", players=2, seed=3)
    rng = random.Random(3)
    turned = 0
    while not g.is_over and turned < 5:
        seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
        g.view(seat)                                  # remember the groups before the step
        legal = g.legal_actions(seat)
        hidden = [a for a in legal if g.phase == PH_MOVE and a.arg is not None
                  and not g.up[a.arg]]
        action = hidden[0] if hidden else rng.choice(legal)
        events = g.apply(action, seat=seat)
        if hidden and not any(e.kind == "espana" for e in events):
            turned += 1
            cells = {c for d in g.view(seat)["deals"] for c in d["cells"]}
            assert action.arg not in cells
    assert turned
