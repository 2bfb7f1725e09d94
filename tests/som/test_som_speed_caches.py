"""The engine's shortcuts for speed (issues 18 and 20) change nothing in play: the cheaper
chance draws exactly what ``random`` draws, the remembered legal actions and deal groups
follow every change of state, a determinized world keeps what its view shows, a quiet game
(a search's world) plays alike without events, the greedy bot's ``own_view`` is its view cut
short, and the search's evaluation by tables is its plain formula."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.agents.eval_som import _som, _som_plain
from ludoteca.core.rng import GameRandom
from ludoteca.games.som import chance
from ludoteca.games.som.common import PH_BID, PH_MOVE
from ludoteca.games.som.views import OWN_VIEW_LEFT_OUT, _compute_deal_groups


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


def test_seeded_is_the_library_generator():
    for seed in (0, 1, 7, 2 ** 31, 2 ** 32 - 1):
        assert chance.seeded(seed).getstate() == random.Random(seed).getstate()
    fast, slow = chance.seeded(5), random.Random(5)
    assert [fast.getrandbits(k) for k in (1, 7, 32, 3)] == \
        [slow.getrandbits(k) for k in (1, 7, 32, 3)]


def _positions(count: int):
    """Games of every size and mode, at every step of seeded random play."""
    for seed in range(count):
        n = 1 + seed % 4
        modes = ("A", "B") if n == 1 else ("A", "B", "C", "AC")
        options = {"mode": modes[seed % len(modes)]}
        if seed % 5 == 0:
            options["centralism"] = "elevado"
        g = ludoteca.new_game("som", players=n, seed=seed, options=options)
        rng = random.Random(seed)
        while not g.is_over:
            yield g, rng
            seat = rng.choice(g.to_move)
            g.apply(rng.choice(g.legal_actions(seat)), seat=seat)


def test_own_view_is_the_view_cut_to_what_the_bot_reads():
    checked = 0
    for g, rng in _positions(12):
        if rng.random() < 0.2:
            for s in range(g.n):
                full, own = g.view(s), g.own_view(s)
                assert set(full) - set(own) == set(OWN_VIEW_LEFT_OUT)
                assert own == {k: v for k, v in full.items() if k not in OWN_VIEW_LEFT_OUT}
                checked += 1
    assert checked > 100
    with pytest.raises(ludoteca.InvalidOption):
        g.own_view(g.n)


class _ViewOnly:
    """A game seen through view and legal actions only (no ``own_view``)."""

    def __init__(self, game):
        self._game = game

    def view(self, seat):
        return self._game.view(seat)

    def legal_actions(self, seat):
        return self._game.legal_actions(seat)

    @property
    def K(self):
        return self._game.K


def test_the_greedy_bot_decides_alike_through_view_and_own_view():
    """The bot reads ``own_view`` from a game that has one and ``view`` otherwise (a game
    seen through a guard): the same choices, draw for draw."""
    fast, slow = make_agent("greedy", "som", seed=3), make_agent("greedy", "som", seed=3)
    checked = 0
    for g, _ in _positions(16):
        for seat in g.to_move:
            assert str(fast.choose(g, seat)) == str(slow.choose(_ViewOnly(g), seat))
            checked += 1
    assert checked > 1000


def test_a_quiet_game_plays_alike_without_events():
    """``quiet()``: the same play to the last draw, no events, and its clones stay quiet."""
    for seed in range(12):
        n = 1 + seed % 4
        mode = ("A", "B")[seed % 2] if n == 1 else ("A", "B", "C", "AC")[seed % 4]
        loud = ludoteca.new_game("som", players=n, seed=seed, options={"mode": mode})
        rng = random.Random(seed)
        _play(loud, rng, 15)
        quiet = loud.clone()
        quiet.quiet()
        while not loud.is_over:
            seat = rng.choice(loud.to_move)
            action = rng.choice(loud.legal_actions(seat))
            assert loud.apply(action, seat=seat)
            assert quiet.apply(action, seat=seat) == []
            assert quiet.state_dict() == loud.state_dict()
        assert quiet.clone()._quiet
        assert not loud._quiet and loud.result == quiet.result


def test_the_search_evaluation_is_its_plain_definition():
    """``eval_som._som`` (tables) gives the very numbers of ``_som_plain`` (the formula)."""
    checked = 0
    for g, _ in _positions(24):
        assert _som(g) == _som_plain(g)
        checked += 1
    assert checked > 2000
