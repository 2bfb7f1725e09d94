"""Civitas §0 and §1: board size, die, player count, setup, turn order and turn structure."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from cv_support import (
    BONUS,
    NOBODY,
    PARKING,
    PHASE_JAIL,
    PHASE_MANAGE,
    PHASE_OVER,
    PHASE_ROLL,
    START,
    STREETS,
    actions,
    assert_illegal,
    kinds,
    managing,
    new,
    random_playout,
)

import ludoteca
from ludoteca import IllegalAction, InvalidOption


def test_cv_0_1_board_has_20_squares():
    """CV-0.1: the board has exactly 20 squares, numbered 0..19."""
    g = new()
    assert len(g.board.squares) == 20
    assert [s.index for s in g.board.squares] == list(range(20))


def test_cv_0_2_one_six_sided_die():
    """CV-0.2: every movement roll is one integer 1..6 (seeded die, no doubles)."""
    seen = set()
    for seed in range(40):
        g = new(players=2, seed=seed)
        for _before, ev in random_playout(g, random.Random(seed), 60):
            for e in ev:
                if e.kind == "roll":
                    roll = e.data["roll"]
                    assert isinstance(roll, int) and 1 <= roll <= 6
                    assert (e.data["from"] + roll) % 20 == e.data["to"]
                    seen.add(roll)
    assert seen == {1, 2, 3, 4, 5, 6}
    for bad in (0, 7, 12):
        with pytest.raises(InvalidOption):
            ludoteca.new_game("civitas", players=2, seed=1, dice=[bad])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_cv_0_3_two_to_four_players(n):
    """CV-0.3: 2, 3 or 4 players are accepted."""
    g = ludoteca.new_game("civitas", players=n, seed=1)
    assert len(g.bal) == len(g.pos) == len(g.jailed) == n


@pytest.mark.parametrize("n", [0, 1, 5, 6])
def test_cv_0_3_other_player_counts_rejected(n):
    """CV-0.3: fewer than 2 or more than 4 players is rejected; no game is created."""
    with pytest.raises(InvalidOption):
        ludoteca.new_game("civitas", players=n, seed=1)


def test_cv_0_4_turns_go_on_until_a_bankruptcy():
    """CV-0.4 (with max_rounds=0): the game only ends at a bankruptcy, and while it runs
    nobody is bankrupt."""
    # expensive streets everywhere so that random play does go bankrupt
    owners = {s: i % 2 for i, s in enumerate(STREETS)}
    for seed in range(8):
        g = new(players=2, seed=seed, max_rounds=0, balances={0: 3000, 1: 3000},
                owners=owners, hotels={s: 2 for s in STREETS})
        rng = random.Random(100 + seed)
        for _ in range(5000):                     # spend, never raise money
            if g.is_over:
                break
            assert all(b >= 0 for b in g.bal)
            assert g.to_move == (g.current,)
            g.apply(rng.choice([a for a in actions(g)
                                if not a.startswith(("vender", "hipotecar"))]))
        assert g.is_over
        assert g.turns >= 1                       # several turns were played first
        assert g.result.reason == "bankruptcy"
        assert any(b < 0 for b in g.bal)


def test_cv_1_1_to_1_3_setup():
    """CV-1.1 all tokens on SALIDA (0); CV-1.2 balances exactly 7500; CV-1.3 no owner,
    buildings or mortgage, no card held, nobody in jail."""
    for n in (2, 3, 4):
        g = ludoteca.new_game("civitas", players=n, seed=n)
        assert g.pos == [0] * n
        assert g.board.squares[0].kind == "SALIDA"
        assert g.bal == [START] * n and all(isinstance(b, Decimal) for b in g.bal)
        assert g.owner == [NOBODY] * 20
        assert g.houses == [0] * 20 and g.hotels == [0] * 20
        assert g.mortgage == [None] * 20
        assert g.escape_holder == NOBODY
        assert sorted(g.deck) == list(range(len(g.board.cards)))   # every card in the deck
        assert g.jailed == [False] * n
        assert g.phase == PHASE_ROLL and not g.is_over


def test_cv_1_4_first_player_is_drawn_with_the_seed():
    """CV-1.4 (G15): the first player comes from the seeded generator: every seat can be
    drawn, and the same seed always gives the same first player."""
    firsts = {ludoteca.new_game("civitas", players=4, seed=s).current for s in range(60)}
    assert firsts == {0, 1, 2, 3}
    for s in range(10):
        a = ludoteca.new_game("civitas", players=3, seed=s)
        b = ludoteca.new_game("civitas", players=3, seed=s)
        assert a.current == b.current
        assert a.to_move == (a.current,)


def _play_turn(g):
    """Finish the current turn with the plainest actions; return the seat that played."""
    seat = g.current
    while g.current == seat and not g.is_over:
        legal = actions(g)
        g.apply("terminar" if "terminar" in legal else "tirar")
    return seat


def test_cv_1_5_cyclic_order():
    """CV-1.5: with N = 3 and first player 1 the turns go 1, 2, 0, 1, 2, 0, ..."""
    g = new(players=3, seed=3, current=1)
    order = [_play_turn(g) for _ in range(9)]
    assert order == [1, 2, 0] * 3
    g4 = new(players=4, seed=5, current=3)
    assert [_play_turn(g4) for _ in range(8)] == [3, 0, 1, 2] * 2


def test_cv_1_6_jailed_player_keeps_his_turns():
    """CV-1.6: a jailed player keeps his place and still receives his turns (to try to
    leave jail, CV-9.6); the order does not change."""
    # seat 1 is jailed and fails to leave twice (rolls 1 and 2)
    g = new(players=3, seed=1, current=0, jailed={1: True}, positions={0: 9, 2: 9},
            dice=[1, 1, 1, 1, 2, 1])
    seen = []
    for _ in range(6):
        seen.append((g.current, g.phase))
        _play_turn(g)
    assert [s for s, _ in seen] == [0, 1, 2, 0, 1, 2]
    assert [p for s, p in seen if s == 1] == [PHASE_JAIL, PHASE_JAIL]
    assert g.jailed[1]


def test_cv_1_7_roll_and_move_forward():
    """CV-1.7: a free player starts his turn by rolling once and moving forward
    (old + roll) mod 20."""
    for start, roll in [(0, 4), (9, 1), (13, 6), (18, 3), (19, 1)]:
        g = new(players=2, dice=[roll], positions={0: start}, current=0)
        assert actions(g) == ["tirar"]
        ev = g.apply("tirar")
        assert ev[0].kind == "roll" and ev[0].rule == "CV-1.7"
        assert ev[0].data == {"player": 0, "roll": roll, "from": start,
                              "to": (start + roll) % 20}
        assert g.pos[0] == (start + roll) % 20


def test_cv_1_8_squares_passed_over_have_no_effect():
    """CV-1.8: passing over JUEZ (15), IMPUESTO (8), SORPRESA (12, 17) or an owned street
    does nothing; only the square stopped on acts (here PARKING)."""
    g = new(players=2, dice=[6], positions={0: 4}, owners={6: 1, 7: 1, 9: 1}, current=0)
    deck = list(g.deck)
    ev = g.apply("tirar")                       # 4 -> 10, over 6, 7, 8 (tax), 9
    assert g.pos[0] == PARKING
    assert kinds(ev) == ["roll", "parking"]
    assert g.bal == [START, START] and g.deck == deck
    g = new(players=2, dice=[2], positions={0: 14}, current=0)
    ev = g.apply("tirar")                       # 14 -> 16 over JUEZ: no jail
    assert g.pos[0] == 16 and not g.jailed[0] and "judge" not in kinds(ev)
    # the single exception: passing SALIDA pays (CV-4.2)
    g = new(players=2, dice=[4], positions={0: 17}, current=0)
    g.apply("tirar")
    assert g.pos[0] == 1 and g.bal[0] == START + BONUS


def test_cv_1_9_one_movement_roll_per_turn():
    """CV-1.9: after the movement roll 'tirar' is no longer legal (no re-roll, no extra
    turn), and the next turn belongs to the next seat."""
    g = new(players=2, dice=[6, 6], positions={0: 0}, current=0)
    g.apply("tirar")
    assert "tirar" not in actions(g)
    err = assert_illegal(g, "tirar")
    assert "tirar" not in err.legal
    g.apply("terminar")
    assert g.current == 1


def test_cv_1_10_only_the_current_player_acts():
    """CV-1.10: every other seat has no legal action, and its attempts are rejected."""
    g = managing(players=3, seat=1, owners={2: 0, 4: 1, 6: 2})
    assert g.to_move == (1,)
    for other in (0, 2):
        assert g.legal_actions(other) == []
        for a in ("tirar", "terminar", "vender 2", "hipotecar 6", "edificar-casa 6"):
            assert_illegal(g, a, seat=other)
    assert "vender 4" in actions(g, 1)


def test_cv_1_11_turn_structure():
    """CV-1.11 (G16): roll and move -> SALIDA payment -> square effect -> any number of
    management actions and at most one purchase, in any order -> end the turn."""
    # A passes SALIDA and lands on B's street 1 (rent 50) with balance 0: the 1000
    # comes first, so A pays from it and is not bankrupt.
    g = new(players=2, dice=[4], positions={0: 17}, balances={0: 0}, owners={1: 1, 2: 0},
            current=0)
    ev = g.apply("tirar")
    assert kinds(ev) == ["roll", "salida", "rent"]
    assert g.bal == [Decimal(950), START + 50] and not g.is_over
    # management and one purchase in any order, then end
    g = new(players=2, dice=[1], positions={0: 5}, owners={2: 0, 4: 0}, current=0)
    g.apply("tirar")                            # lands on free street 6
    assert g.phase == PHASE_MANAGE and "comprar" in actions(g)
    g.apply("edificar-casa 2")
    g.apply("hipotecar 4")
    g.apply("comprar")
    g.apply("edificar-casa 6")
    assert "comprar" not in actions(g)          # at most one purchase
    g.apply("vender 2")
    ev = g.apply("terminar")
    assert ev[0].kind == "end_turn" and ev[0].rule == "CV-1.11"
    assert g.current == 1 and g.phase == PHASE_ROLL
    assert g.owner[6] == 0 and g.houses[6] == 1 and g.mortgage[4] is not None


def test_cv_1_11_nothing_after_the_game_ended():
    """CV-1.11 / CV-2.2: once the game is over no action at all is legal."""
    g = new(players=2, dice=[3], positions={0: 16}, balances={0: 50}, owners={19: 1},
            current=0)
    g.apply("tirar")
    assert g.phase == PHASE_OVER and g.to_move == ()
    with pytest.raises(IllegalAction):
        g.apply("terminar")
