"""Qytetet §2 and §11: bankruptcy, end of the game, ranking by capital; no bank, no groups,
no trading; the project's round limit (ruling X1); invariants over random play."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from qy_helpers import (
    G1_TABLE,
    STREETS,
    card,
    kinds,
    legal,
    managing,
    new,
    put_on_top,
    rent,
    snapshot,
    title_value,
)

import ludoteca


def capital(g, seat):
    """QY-2.4 written out: balance + title value of every owned street (mortgaged included)."""
    total = g.bal[seat]
    for s in STREETS:
        if g.owner[s] == seat:
            price, build, *_ = G1_TABLE[s]
            total += title_value(price, build, g.houses[s], g.hotels[s])
    return total


# ----- §2 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("after, bankrupt", [(1, False), (0, True), (-1, True)])
def test_qy_2_1_zero_or_less_is_bankrupt(after, bankrupt):
    """QY-2.1: balance <= 0 is bankrupt; exactly 0 counts; 1 does not (tax 500)."""
    g = new(2, dice=[1], positions={0: 7}, balances={0: 500 + after})
    ev = g.apply("tirar")
    assert g.bal[0] == after
    assert g.is_over == bankrupt
    if bankrupt:
        assert ev[2].kind == "bankrupt" and ev[2].rule == "QY-2.1"
        assert g.result.reason == "bankruptcy"


def test_qy_2_2_game_ends_at_once_for_any_player():
    """QY-2.2 (G11): the bankrupt player need not be the current one; after the end no action
    is legal for anybody and nothing else is processed."""
    g = new(3, dice=[1, 6], positions={0: 2}, balances={1: 100})
    put_on_top(g, card(g, "PER_PLAYER", 200))
    ev = g.apply("tirar")
    assert g.is_over and g.result.details == {"bankrupt": [1]}
    assert kinds(ev)[-2:] == ["bankrupt", "game_over"]
    assert g.to_move == () and all(legal(g, s) == set() for s in range(3))
    before = snapshot(g)
    for act in ("terminar", "tirar", "comprar"):
        with pytest.raises(ludoteca.IllegalAction):
            g.apply(act, seat=0)
    assert snapshot(g) == before


def test_qy_2_3_everybody_ranked_by_capital():
    """QY-2.3: all players, the bankrupt one included, ranked by capital, highest first."""
    g = new(3, dice=[1], positions={0: 13}, balances={0: 100, 1: 3000, 2: 5000},
            owners={14: 1, 19: 0, 1: 2}, houses={14: 4, 19: 1})
    ev = g.apply("tirar")
    caps = [capital(g, s) for s in range(3)]
    assert g.bal[0] == 100 - rent(80, 4, 0)
    assert list(g.result.ranking) == sorted(range(3), key=lambda s: -caps[s])
    assert [Decimal(str(x)) for x in g.result.scores] == caps
    assert ev[-1].kind == "game_over" and ev[-1].rule == "QY-2.3"
    assert set(g.result.ranking) == {0, 1, 2}


def test_qy_2_4_capital_is_balance_plus_title_values_only():
    """QY-2.4: the SalirCárcel card adds nothing; other players' titles add nothing."""
    g = new(2, dice=[1], positions={0: 7}, balances={0: 500, 1: 4000}, escape_holder=0,
            owners={1: 0, 2: 1})
    g.apply("tirar")
    assert g.is_over
    assert [Decimal(str(x)) for x in g.result.scores] == [Decimal(500), Decimal(4520)]
    assert list(g.result.ranking) == [1, 0]


@pytest.mark.parametrize("s", STREETS)
def test_qy_2_5_title_value_no_factor_mortgage_counts_full(s):
    """QY-2.5 (G8): purchasePrice + houses × build + hotels × 5 × build; no factor; a
    mortgaged title counts in full."""
    price, build, *_ = G1_TABLE[s]
    g = new(2, dice=[1], positions={0: 7}, balances={0: 500}, owners={s: 0},
            houses={s: 2}, hotels={s: 3}, mortgaged={s: True})
    g.apply("tirar")
    expected = Decimal(0) + price + 2 * build + 3 * 5 * build
    assert Decimal(str(g.result.scores[0])) == expected
    assert g.view(None)["players"][0]["capital"] == expected


def test_qy_2_6_bankrupt_player_can_win_and_ties_share():
    """QY-2.6 (G12): a bankrupt player with the largest capital wins; tied players are all
    winners and keep seat order."""
    g = new(3, dice=[1], positions={0: 7}, balances={0: 400, 1: 5000, 2: 5000},
            owners={19: 0})
    g.apply("tirar")                       # tax 500 → −100, capital −100 + 1000 = 900 …
    assert g.result.winners == (1, 2) and g.result.ranking == (1, 2, 0)
    g = new(3, dice=[1], positions={0: 7}, balances={0: 400, 1: 1000, 2: 1000},
            owners={19: 0}, houses={19: 4})
    g.apply("tirar")                       # … 3900 here: the bankrupt one wins
    assert g.bal[0] == -100
    assert g.result.winners == (0,) and g.result.ranking == (0, 1, 2)


# ----- §11 ------------------------------------------------------------------------------------
def test_qy_11_1_no_bank():
    """QY-11.1: gains and payments change only the player's balance; no bank balance or
    money limit exists in the state."""
    g = managing(3, owners={1: 0, 2: 0}, balances={0: 10 ** 9})
    for act in ("edificar-casa 1", "hipotecar 2", "vender 1", "cancelar-hipoteca 2"):
        before = list(g.bal)
        ev = g.apply(act)
        assert g.bal[1:] == before[1:]
        (seat, amount), = ev[0].data["balance_changes"]
        assert seat == 0 and g.bal[0] == before[0] + Decimal(str(amount))
    assert g.bal[0] > 10 ** 9 - 5000
    state = g.state_dict()
    assert not any("bank" in k for k in state)


def test_qy_11_2_money_between_players_only_by_rent_and_por_jugador():
    """QY-11.2: over many random games, every event touching two or more players is a rent
    or a PorJugador card."""
    for seed in range(8):
        g = ludoteca.new_game("qytetet", players=3, seed=seed, options={"max_rounds": 40})
        rng = random.Random(seed)
        while not g.is_over:
            for e in g.apply(rng.choice(g.legal_actions())):
                changes = e.data.get("balance_changes", [])
                if len({s for s, _ in changes}) > 1:
                    assert e.kind in ("rent", "card_per_player")
                    assert sum(Decimal(str(a)) for _, a in changes) == 0


def test_qy_11_3_no_groups():
    """QY-11.3: owning every street changes neither rent, building nor mortgage of one."""
    _, ev1 = _rent_on_6({6: 1})
    _, ev2 = _rent_on_6({s: 1 for s in STREETS})
    assert ev1[-1].data["amount"] == ev2[-1].data["amount"] == rent(60, 0, 0)
    g1 = managing(2, owners={6: 0})
    g2 = managing(2, owners={s: 0 for s in STREETS})
    assert {a for a in legal(g1) if a.endswith(" 6")} == {a for a in legal(g2)
                                                          if a.endswith(" 6")}
    g1.apply("hipotecar 6")
    g2.apply("hipotecar 6")
    assert g1.mortgage[6] == g2.mortgage[6] == 300


def _rent_on_6(owners):
    g = new(2, dice=[2], positions={0: 4}, owners=owners)
    return g, g.apply("tirar")


def test_qy_11_4_no_trading():
    """QY-11.4: no action ever names another player or transfers a title or building: the
    action set is roll, pay bail, buy, end, and sell/build/mortgage/cancel of one square."""
    g = managing(2, owners={1: 0, 2: 1})
    names = {str(a).split()[0] for a in g.legal_actions()}
    assert names <= {"terminar", "vender", "edificar-casa", "edificar-hotel", "hipotecar",
                     "cancelar-hipoteca"}
    g.apply("vender 1")
    assert g.owner[1] == -1 and g.owner[2] == 1
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("trade 2")


def test_qy_11_5_sold_title_is_unowned_and_buildings_not_sold_alone():
    """QY-11.5: a sale always frees the street; there is no action removing a house or
    hotel; buildings vanish only by sale or by 4 houses → hotel."""
    g = managing(2, owners={4: 0}, houses={4: 4}, hotels={4: 1})
    acts = legal(g)
    assert not any(a.startswith(("vender-casa", "vender-hotel", "demoler")) for a in acts)
    g.apply("edificar-hotel 4")
    assert (g.houses[4], g.hotels[4]) == (0, 2)
    g.apply("vender 4")
    assert (g.owner[4], g.houses[4], g.hotels[4]) == (-1, 0, 0)


# ----- ruling X1: the round limit ---------------------------------------------------------------
def test_x1_default_round_limit_is_100():
    """Ruling X1: option max_rounds defaults to 100."""
    assert ludoteca.info("qytetet").options["max_rounds"].default == 100
    g = ludoteca.new_game("qytetet", players=2, seed=1)
    assert g.max_rounds == 100 and g.view(0)["max_rounds"] == 100


def test_x1_game_ends_after_max_rounds_ranked_by_capital():
    """Ruling X1: after max_rounds × N turns the game ends with reason "limit", ranked by
    capital as at a bankruptcy."""
    g = ludoteca.new_game("qytetet", players=3, seed=4, options={"max_rounds": 2},
                          dice=[1] * 6)
    g.arrange(positions={0: 9, 1: 9, 2: 9}, owners={19: 2}, current=0)
    turns = 0
    while not g.is_over:
        ev = g.apply("tirar")
        ev = g.apply("terminar")
        turns += 1
    assert turns == 6 and g.result.reason == "limit"
    assert kinds(ev)[-2:] == ["round_limit", "game_over"] and ev[-2].rule == "QY-X1"
    assert g.result.ranking[0] == 2 and g.result.winners == (2,)
    assert all(b > 0 for b in g.bal)


def _roll_and_end(max_rounds, turns):
    """Two rich players who only roll and end their turns (nobody can go bankrupt)."""
    g = ludoteca.new_game("qytetet", players=2, seed=11, options={"max_rounds": max_rounds})
    g.arrange(balances={0: 10 ** 6, 1: 10 ** 6})
    while not g.is_over and g.turns < turns:
        g.apply("tirar" if "tirar" in legal(g) else "terminar")
    return g


def test_x1_zero_means_no_limit():
    """Ruling X1: with max_rounds = 0 the game goes past 100 rounds while nobody is bankrupt;
    the same play with the default limit stops after exactly 100 rounds."""
    g = _roll_and_end(0, 2 * 120)
    assert not g.is_over and g.turns == 2 * 120
    g = _roll_and_end(100, 2 * 120)
    assert g.is_over and g.result.reason == "limit" and g.turns == 2 * 100
    assert g.result.details == {"rounds": 100}


@pytest.mark.parametrize("bad", [-1, "x", 1.5, True])
def test_x1_bad_max_rounds_rejected(bad):
    """Ruling X1: max_rounds must be a whole number >= 0."""
    with pytest.raises(ludoteca.InvalidOption):
        ludoteca.new_game("qytetet", players=2, seed=1, options={"max_rounds": bad})


# ----- invariants over random play (hypothesis) ------------------------------------------------
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 4),
       choices=st.lists(st.integers(0, 10 ** 6), min_size=50, max_size=250))
def test_random_play_keeps_the_rules_invariants(seed, players, choices):
    """QY-1.10, QY-2.2, QY-6.2, QY-8.4, QY-10.9, QY-10.10, QY-11.1 over random legal actions:
    limits on buildings, mortgages only on owned streets, one SalirCárcel holder, deck of 9
    or 10, game over iff someone is bankrupt (no round limit), every balance change is an
    event, and replaying the record gives the same state."""
    g = ludoteca.new_game("qytetet", players=players, seed=seed, options={"max_rounds": 0})
    for c in choices:
        if g.is_over:
            break
        acts = g.legal_actions()
        assert acts and all(g.legal_actions(s) == [] for s in range(players) if s != g.current)
        total = sum(g.bal)
        ev = g.apply(acts[c % len(acts)])
        moved = sum((Decimal(str(a)) for e in ev for _, a in e.data.get("balance_changes", [])),
                    Decimal(0))
        assert sum(g.bal) == total + moved
        for s in range(20):
            assert 0 <= g.houses[s] <= 4 and 0 <= g.hotels[s] <= 4
            if g.owner[s] == -1:
                assert g.mortgage[s] is None and g.houses[s] == g.hotels[s] == 0
            else:
                assert g.board.squares[s].is_street
        assert len(g.deck) == (9 if g.escape_holder >= 0 else 10)
        assert len(set(g.deck)) == len(g.deck)
        assert g.is_over == any(b <= 0 for b in g.bal)
        for s in range(players):
            if g.jailed[s]:
                assert g.pos[s] == g.board.jail
    twin = ludoteca.replay(g.record())
    assert snapshot(twin) == snapshot(g)


def test_illegal_actions_never_change_the_state():
    """QY-1.10, QY-5.4, QY-6.6: any action not in legal_actions raises and changes nothing."""
    g = ludoteca.new_game("qytetet", players=3, seed=21, options={"max_rounds": 0})
    rng = random.Random(21)
    every = [g.action_from_id(i) for i in range(g.num_distinct_actions)]
    for _ in range(150):
        if g.is_over:
            break
        acts = g.legal_actions()
        before = snapshot(g)
        for a in rng.sample(every, 12):
            if a in acts:
                continue
            with pytest.raises(ludoteca.IllegalAction):
                g.apply(a)
            assert snapshot(g) == before
        g.apply(rng.choice(acts))
