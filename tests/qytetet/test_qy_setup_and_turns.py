"""Qytetet §0 and §1: board size, die, player count, setup and the turn cycle."""

from __future__ import annotations

import pytest
from qy_helpers import (
    JAIL,
    SALIDA,
    START,
    kinds,
    legal,
    managing,
    new,
    snapshot,
)

import ludoteca


def test_qy_0_1_board_has_exactly_20_squares():
    """QY-0.1: 20 squares, numbered 0–19."""
    g = new()
    assert len(g.board.squares) == 20
    assert [sq.index for sq in g.board.squares] == list(range(20))


def test_qy_0_2_one_six_sided_die():
    """QY-0.2: every movement roll is one integer 1–6 (seeded rolls, no forced dice), and the
    move is exactly that roll (no second die, no doubles)."""
    seen = set()
    for seed in range(40):
        g = ludoteca.new_game("qytetet", players=2, seed=seed, options={"max_rounds": 0})
        for _ in range(6):
            if g.is_over:
                break
            seat = g.current
            if g.phase == 1:
                ev = g.apply("tirar")
                roll = ev[0].data["roll"]
            else:
                old = g.pos[seat]
                ev = g.apply("tirar")
                roll = ev[0].data["roll"]
                assert ev[0].kind == "roll" and ev[0].rule == "QY-1.7"
                assert ev[0].data["to"] == (old + roll) % 20
            assert isinstance(roll, int) and 1 <= roll <= 6
            seen.add(roll)
            if not g.is_over and g.current == seat and g.phase == 2:
                g.apply("terminar")
    assert seen == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_qy_0_3_two_to_four_players_accepted(n):
    """QY-0.3: 2, 3 and 4 players make a game with that many seats."""
    g = ludoteca.new_game("qytetet", players=n, seed=1)
    assert g.n_players == n and len(g.bal) == n and len(g.pos) == n


@pytest.mark.parametrize("n", [0, 1, 5, 6])
def test_qy_0_3_other_player_counts_rejected(n):
    """QY-0.3: fewer than 2 or more than 4 players is rejected; no game is created."""
    with pytest.raises(ludoteca.InvalidOption):
        ludoteca.new_game("qytetet", players=n, seed=1)
    with pytest.raises(ludoteca.InvalidOption):
        ludoteca.new_game("qytetet", players=[f"P{i}" for i in range(n)], seed=1)


def test_qy_0_4_turns_go_on_until_a_bankruptcy():
    """QY-0.4: with no round limit, play continues turn after turn while nobody is bankrupt,
    and the game ends exactly when someone is (reason "bankruptcy")."""
    g = ludoteca.new_game("qytetet", players=2, seed=3, options={"max_rounds": 0})
    steps = 0
    while not g.is_over:
        assert all(b > 0 for b in g.bal)
        acts = sorted(legal(g))
        # players who buy and build while they keep 2000: rents grow until one cannot pay
        builds = [a for a in acts if a.startswith("edificar")
                  and g.bal[g.current] - g.board.squares[int(a.split()[1])].build > 2000]
        g.apply("comprar" if "comprar" in acts else builds[0] if builds
                else "tirar" if "tirar" in acts else "terminar")
        steps += 1
        assert steps < 20000
    assert g.result.reason == "bankruptcy"
    assert any(b <= 0 for b in g.bal)


def test_qy_1_1_qy_1_2_qy_1_3_initial_state():
    """QY-1.1: everybody on SALIDA (0); QY-1.2: balances exactly 7500;
    QY-1.3: no owners, buildings, mortgages, held card or prisoners."""
    for n in (2, 3, 4):
        g = ludoteca.new_game("qytetet", players=n, seed=n)
        assert g.pos == [0] * n
        assert g.bal == [START] * n
        assert g.owner == [-1] * 20
        assert g.houses == [0] * 20 and g.hotels == [0] * 20
        assert g.mortgage == [None] * 20
        assert g.escape_holder == -1 and len(g.deck) == 10
        assert g.jailed == [False] * n
        assert g.phase == 0 and g.turns == 0


def test_qy_1_4_first_player_drawn_with_the_seeded_generator():
    """QY-1.4 (G16): every seat can be drawn first, and one seed always gives the same one."""
    firsts = {ludoteca.new_game("qytetet", players=4, seed=s).current for s in range(60)}
    assert firsts == {0, 1, 2, 3}
    for s in range(10):
        a = ludoteca.new_game("qytetet", players=3, seed=s)
        b = ludoteca.new_game("qytetet", players=3, seed=s)
        assert a.current == b.current and a.to_move == (a.current,)


def test_qy_1_5_cyclic_turn_order():
    """QY-1.5: N = 3, first player seat 1: turns go 1, 2, 0, 1, 2, 0 (everybody rolls 1 from
    square 9: PARKING, then the free street 11)."""
    g = new(3, dice=[1] * 6, current=1, positions={0: 9, 1: 9, 2: 9})
    order = []
    for _ in range(6):
        order.append(g.current)
        g.apply("tirar")
        assert g.current == order[-1]
        g.apply("terminar")
    assert order == [1, 2, 0, 1, 2, 0]


def test_qy_1_6_jailed_player_keeps_his_turn():
    """QY-1.6: a prisoner keeps his place in the order and gets his turns (to try to leave)."""
    g = new(3, dice=[1, 1, 2, 1], jailed={1: True}, positions={0: 9, 2: 9})
    g.apply("tirar")                     # seat 0 → PARKING
    g.apply("terminar")
    assert g.current == 1 and g.phase == 1          # the prisoner's turn, jail phase
    assert legal(g) == {"tirar", "pagar-libertad"}
    ev = g.apply("tirar")                # rolls 1: stays, turn passes on
    assert "jail_stay" in kinds(ev) and g.jailed[1] and g.current == 2
    g.apply("tirar")                     # seat 2 rolls 2 → 11
    g.apply("terminar")
    assert g.current == 0
    g.apply("tirar")
    g.apply("terminar")
    assert g.current == 1 and g.phase == 1 and g.pos[1] == JAIL


def test_qy_1_7_roll_then_move_forward_mod_20():
    """QY-1.7: a free player's turn starts with one roll; nothing else is legal; the token goes
    to (old + roll) mod 20."""
    g = new(2, dice=[6], positions={0: 16})
    assert legal(g) == {"tirar"}
    before = snapshot(g)
    for act in ("terminar", "comprar", "vender 1", "hipotecar 1"):
        with pytest.raises(ludoteca.IllegalAction):
            g.apply(act)
    assert snapshot(g) == before
    ev = g.apply("tirar")
    assert g.pos[0] == (16 + 6) % 20 == 2
    assert ev[0].data == {"player": 0, "roll": 6, "from": 16, "to": 2}


def test_qy_1_8_squares_passed_over_have_no_effect():
    """QY-1.8: from 14, a 4 passes JUEZ (15), an owned street (16) and SORPRESA (17) and
    stops on 18: only 18 acts (free street) — no jail, no rent, no card."""
    g = new(2, dice=[4], positions={0: 14}, owners={16: 1}, houses={16: 4})
    deck = list(g.deck)
    ev = g.apply("tirar")
    assert kinds(ev) == ["roll", "street_free"]
    assert g.pos[0] == 18 and not g.jailed[0]
    assert g.bal == [START, START] and g.deck == deck
    assert g.can_buy


def test_qy_1_8_passing_salida_is_the_only_pass_over_effect():
    """QY-1.8 with QY-4.2: passing over SALIDA is the one pass-over effect."""
    g = new(2, dice=[4], positions={0: 18})
    ev = g.apply("tirar")
    assert kinds(ev) == ["roll", "salida", "street_free"]
    assert g.pos[0] == 2 and g.bal[0] == START + SALIDA


def test_qy_1_9_one_movement_roll_per_turn():
    """QY-1.9: after the move, rolling again is illegal; the next roll belongs to the next
    player (no extra turns, no doubles)."""
    g = managing(2, dice=[3])
    assert "tirar" not in legal(g)
    with pytest.raises(ludoteca.IllegalAction) as err:
        g.apply("tirar")
    assert "terminar" in err.value.legal
    ev = g.apply("terminar")
    assert g.current == 1 and kinds(ev) == ["end_turn", "turn"]
    assert legal(g, 1) == {"tirar"}


def test_qy_1_10_only_the_current_player_acts():
    """QY-1.10: other seats have no legal action, and trying one raises and changes nothing."""
    g = managing(3, owners={1: 1, 2: 2})
    assert legal(g, 1) == set() and legal(g, 2) == set()
    before = snapshot(g)
    for seat, act in ((1, "vender 1"), (2, "hipotecar 2"), (1, "tirar"), (2, "terminar")):
        with pytest.raises(ludoteca.IllegalAction):
            g.apply(act, seat=seat)
    assert snapshot(g) == before
    assert g.to_move == (0,)


def test_qy_1_11_turn_sequence():
    """QY-1.11 (G17): roll and move → SALIDA money → square effect → buy and manage in any
    order, any number of management actions → end the turn."""
    g = new(2, dice=[3], positions={0: 18}, owners={4: 0})
    ev = g.apply("tirar")                           # 18 → 1, passing SALIDA
    assert kinds(ev) == ["roll", "salida", "street_free"]
    assert [e.rule for e in ev] == ["QY-1.7", "QY-4.2", "QY-4.8"]
    g.apply("edificar-casa 4")                      # manage before buying
    g.apply("edificar-casa 4")
    g.apply("hipotecar 4")
    g.apply("comprar")                              # then buy
    g.apply("vender 1")                             # then manage again
    assert g.owner[1] == -1 and g.owner[4] == 0 and g.houses[4] == 2
    assert "comprar" not in legal(g)                # the one purchase is spent
    ev = g.apply("terminar")
    assert ev[0].rule == "QY-1.11" and g.current == 1
