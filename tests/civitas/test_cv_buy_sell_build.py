"""Civitas §5 (buying and selling titles) and §6 (building houses and hotels)."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest
from cv_support import (
    NOBODY,
    PARKING,
    PHASE_MANAGE,
    START,
    STREETS,
    actions,
    assert_illegal,
    board_variant,
    card,
    event,
    kinds,
    managing,
    new,
    random_playout,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca import IllegalAction


def _frac(d) -> Fraction:
    return Fraction(str(d))


# ----- §5 buying --------------------------------------------------------------------------
def test_cv_5_1_buy_only_where_this_turns_move_ended():
    """CV-5.1: only the street the current move ended on, only this turn, only once."""
    # standing on a free street at the start of the turn does not count
    g = new(players=2, dice=[4], positions={0: 6}, current=0)
    assert actions(g) == ["tirar"]
    assert_illegal(g, "comprar")
    g.apply("tirar")                            # -> PARKING
    assert "comprar" not in actions(g)
    assert_illegal(g, "comprar")
    # the move ends on a free street: one purchase, then no more
    g = new(players=2, dice=[1], positions={0: 5}, current=0)
    g.apply("tirar")
    assert "comprar" in actions(g) and g.legal_actions(1) == []
    assert_illegal(g, "comprar", seat=1)
    g.apply("comprar")
    assert "comprar" not in actions(g)
    assert_illegal(g, "comprar")


def test_cv_5_1_option_lasts_until_the_turn_ends_only():
    """CV-5.1: the option is not renewed on a later turn while the token stays there."""
    g = new(players=2, dice=[1, 4, 6], positions={0: 5, 1: 9}, current=0)
    g.apply("tirar")
    g.apply("terminar")                         # declines street 6
    g.apply("tirar")
    g.apply("terminar")                         # seat 1 moves away
    assert g.current == 0 and g.pos[0] == 6
    assert actions(g) == ["tirar"]              # no purchase before or without moving there


def test_cv_5_1_card_move_gives_the_option():
    """CV-5.1 (G6): a move by an IRCASILLA card onto a free street also gives the option."""
    g = new(players=2, dice=[3], positions={0: 14}, current=0)
    goto19 = card(g, "GOTO", 19)
    g.arrange(deck=[goto19] + [i for i in g.deck if i != goto19])
    g.apply("tirar")
    assert g.pos[0] == 19 and "comprar" in actions(g)
    g.apply("comprar")
    assert g.owner[19] == 0 and g.bal[0] == START - 1000


def test_cv_5_2_and_5_4_buy_needs_free_street_and_enough_money():
    """CV-5.2: free street and balance >= price (equal is enough, leaving 0, not bankrupt);
    CV-5.4: a failed attempt is rejected and changes nothing."""
    g = new(players=2, dice=[1], positions={0: 5}, balances={0: 599}, current=0)
    g.apply("tirar")
    assert "comprar" not in actions(g)
    err = assert_illegal(g, "comprar")
    assert "600" in err.reason and g.bal[0] == 599 and g.owner[6] == NOBODY
    g = new(players=2, dice=[1], positions={0: 5}, balances={0: 600}, current=0)
    g.apply("tirar")
    g.apply("comprar")
    assert g.bal[0] == 0 and g.owner[6] == 0 and not g.is_over
    g.apply("terminar")
    assert g.current == 1
    # an owned street cannot be bought (by its owner or anyone else)
    g = new(players=2, dice=[1], positions={0: 5}, owners={6: 1}, current=0)
    g.apply("tirar")
    assert_illegal(g, "comprar")


def test_cv_5_3_purchase_effect():
    """CV-5.3: the buyer pays purchasePrice and becomes owner; no other balance changes;
    the street starts with 0 houses, 0 hotels and no mortgage."""
    for s in STREETS:
        g = new(players=3, dice=[1], positions={0: s - 1}, current=0)
        g.apply("tirar")
        assert g.pos[0] == s and "comprar" in actions(g)
        ev = g.apply("comprar")
        price = g.board.squares[s].price
        e = event(ev, "buy")
        assert e.rule == "CV-5.3" and e.data["balance_changes"] == [[0, -price]]
        assert g.bal == [START - price, START, START]
        assert g.owner[s] == 0 and g.houses[s] == g.hotels[s] == 0 and g.mortgage[s] is None


def test_cv_5_5_no_other_way_to_acquire_a_title():
    """CV-5.5 / CV-11.4: passing over a free street, another player's turn, or another
    player's title never gives a title; owners change only by buy (nobody -> current) or
    sale (current -> nobody)."""
    g = new(players=2, dice=[6], positions={0: 0}, current=0)
    g.apply("tirar")                            # passes 1, 2, 4: lands on 6
    assert "comprar" in actions(g) and all(g.owner[s] == NOBODY for s in (1, 2, 4))
    for word in ("trade", "comerciar", "intercambiar 6", "transferir 6"):
        with pytest.raises(IllegalAction):
            g.apply(word)
    for seed in range(6):
        g = new(players=3, seed=seed, max_rounds=0)
        for before, ev in random_playout(g, random.Random(seed), 400):
            for s in STREETS:
                if before.owner[s] != g.owner[s]:
                    kind = [e.kind for e in ev if e.data.get("square") == s
                            and e.kind in ("buy", "sell")]
                    if before.owner[s] == NOBODY:
                        assert g.owner[s] == before.current and kind == ["buy"]
                    else:
                        assert before.owner[s] == before.current and g.owner[s] == NOBODY
                        assert kind == ["sell"]


# ----- §5 selling -------------------------------------------------------------------------
def test_cv_5_6_sell_any_owned_street_anywhere():
    """CV-5.6: on his turn a player may sell any street he owns, wherever he stands."""
    g = managing(players=2, owners={1: 0, 19: 0, 6: 1})
    assert g.pos[0] == PARKING
    legal = actions(g)
    assert "vender 1" in legal and "vender 19" in legal and "vender 6" not in legal
    g.apply("vender 19")
    assert g.owner[19] == NOBODY


@settings(max_examples=60, deadline=None)
@given(s=st.sampled_from(STREETS), houses=st.integers(0, 4), hotels=st.integers(0, 4))
def test_cv_5_7_sale_price_formula(s, houses, hotels):
    """CV-5.7: sale = purchasePrice + (houses + 5 hotels) x buildPrice x factor, exactly."""
    g = managing(players=2, owners={s: 0}, houses={s: houses}, hotels={s: hotels})
    sq = g.board.squares[s]
    want = _frac(sq.price) + (houses + 5 * hotels) * _frac(sq.build) * _frac(sq.factor)
    ev = g.apply(f"vender {s}")
    got = Decimal(str(event(ev, "sell").data["amount"]))
    assert _frac(got) == want
    assert _frac(g.bal[0]) == _frac(START) + want
    assert Fraction(g.view(None)["squares"][s]["sale_price"]) == _frac(sq.price)


def test_cv_5_7_bare_street_sells_for_its_price_whatever_the_factor():
    """CV-5.7: without buildings the sale price is purchasePrice, whatever the factor."""
    for s in STREETS:
        g = managing(players=2, owners={s: 0})
        g.apply(f"vender {s}")
        assert g.bal[0] == START + g.board.squares[s].price


@pytest.mark.parametrize("factor,expected", [("1.2", "3120"), ("0.5", "1650"),
                                             ("1", "2700"), ("0", "600"), ("0.85", "2385")])
def test_cv_5_8_factor_revalues_or_devalues(tmp_path, factor, expected):
    """CV-5.8: factor >= 1 revalues the buildings part, [0, 1[ devalues it (street 6:
    price 600, build 300, 2 houses + 1 hotel = 7 building units)."""
    path = board_variant(tmp_path, {6: {"factor": factor}})
    g = managing(players=2, board=path, owners={6: 0}, houses={6: 2}, hotels={6: 1})
    g.apply("vender 6")
    assert g.bal[0] == START + Decimal(expected)
    buildings_part = Decimal(expected) - 600
    assert (buildings_part >= 7 * 300) == (Decimal(factor) >= 1)


def test_cv_5_8_negative_factor_is_invalid(tmp_path):
    """CV-5.8: a negative factor is invalid board data."""
    with pytest.raises(ludoteca.ContentError, match="factor"):
        new(board=board_variant(tmp_path, {6: {"factor": "-0.5"}}))


def test_cv_5_9_sale_effect():
    """CV-5.9: the seller gets the price, the street has no owner and no buildings."""
    g = managing(players=2, owners={6: 0}, houses={6: 3}, hotels={6: 2})
    price = g.sale_price_of(6)
    ev = g.apply("vender 6")
    e = event(ev, "sell")
    assert e.rule == "CV-5.9" and e.data["balance_changes"] == [[0, price]]
    assert g.bal == [START + price, START]
    assert g.owner[6] == NOBODY and g.houses[6] == 0 and g.hotels[6] == 0


def test_cv_5_10_sold_street_can_be_bought_again():
    """CV-5.10 / CV-11.5: a sold street is open to purchase by another player who stops on
    it (under CV-5.1, CV-5.2)."""
    g = managing(players=2, owners={6: 0}, houses={6: 2}, positions={1: 5}, dice=[1])
    g.apply("vender 6")
    g.apply("terminar")
    g.apply("tirar")                            # seat 1: 5 -> 6
    assert g.pos[1] == 6 and "comprar" in actions(g)
    g.apply("comprar")
    assert g.owner[6] == 1 and g.houses[6] == 0 and g.bal[1] == START - 600


def test_cv_5_11_cannot_sell_others_or_mortgaged_titles():
    """CV-5.11 (G18): no sale of a title not owned, nor of a mortgaged one."""
    g = managing(players=2, owners={6: 1, 7: 0, 9: 0}, mortgaged={7: True})
    legal = actions(g)
    assert "vender 9" in legal and "vender 7" not in legal and "vender 6" not in legal
    assert_illegal(g, "vender 6")
    assert "hipotecada" in assert_illegal(g, "vender 7").reason_es
    assert_illegal(g, "vender 4")               # nobody's street


# ----- §6 building ------------------------------------------------------------------------
def test_cv_6_1_build_only_on_own_streets_anywhere():
    """CV-6.1: build on any street one owns, wherever the token is; never on others'."""
    g = managing(players=2, owners={19: 0, 1: 0, 6: 1})
    assert {"edificar-casa 19", "edificar-casa 1"} <= set(actions(g))
    assert_illegal(g, "edificar-casa 6")
    assert_illegal(g, "edificar-casa 4")
    g.apply("edificar-casa 19")
    assert g.houses[19] == 1


def test_cv_6_2_at_most_four_houses_and_four_hotels():
    """CV-6.2: never more than 4 houses and 4 hotels on a street."""
    g = managing(players=2, owners={6: 0}, houses={6: 4}, hotels={6: 4})
    assert not any(a.endswith(" 6") and a.startswith("edificar") for a in actions(g))
    assert_illegal(g, "edificar-casa 6")
    assert_illegal(g, "edificar-hotel 6")
    # building from nothing as far as possible stops at 4 hotels + 4 houses
    g = managing(players=2, owners={1: 0}, balances={0: 100000})
    while any(a.endswith(" 1") and a.startswith("edificar") for a in actions(g)):
        a = "edificar-casa 1" if "edificar-casa 1" in actions(g) else "edificar-hotel 1"
        g.apply(a)
        assert g.houses[1] <= 4 and g.hotels[1] <= 4
    assert (g.houses[1], g.hotels[1]) == (4, 4)
    with pytest.raises(ludoteca.InvalidOption):
        new().arrange(owners={6: 0}, houses={6: 5})


def test_cv_6_3_build_a_house():
    """CV-6.3: a house needs < 4 houses and balance >= buildPrice; it costs buildPrice and
    adds one house."""
    g = managing(players=2, owners={6: 0}, houses={6: 3}, balances={0: 1000})
    ev = g.apply("edificar-casa 6")
    e = event(ev, "house")
    assert e.rule == "CV-6.3" and e.data["balance_changes"] == [[0, -300]]
    assert g.bal[0] == 700 and g.houses[6] == 4 and g.hotels[6] == 0
    assert_illegal(g, "edificar-casa 6")        # 4 houses already
    g = managing(players=2, owners={6: 0}, balances={0: 299})
    assert "edificar-casa 6" not in actions(g)
    assert_illegal(g, "edificar-casa 6")
    g = managing(players=2, owners={6: 0}, balances={0: 300})
    g.apply("edificar-casa 6")
    assert g.bal[0] == 0 and not g.is_over


def test_cv_6_4_build_a_hotel():
    """CV-6.4: a hotel needs 4 houses, < 4 hotels and balance >= buildPrice; it costs
    buildPrice, the 4 houses go and one hotel is added."""
    g = managing(players=2, owners={6: 0}, houses={6: 4}, hotels={6: 1}, balances={0: 700})
    ev = g.apply("edificar-hotel 6")
    e = event(ev, "hotel")
    assert e.rule == "CV-6.4" and e.data["balance_changes"] == [[0, -300]]
    assert g.bal[0] == 400 and g.houses[6] == 0 and g.hotels[6] == 2
    g = managing(players=2, owners={6: 0}, houses={6: 3})
    assert_illegal(g, "edificar-hotel 6")       # only 3 houses
    g = managing(players=2, owners={6: 0}, houses={6: 4}, balances={0: 299})
    assert_illegal(g, "edificar-hotel 6")       # not enough money
    g = managing(players=2, owners={6: 0}, houses={6: 4}, balances={0: 300})
    g.apply("edificar-hotel 6")
    assert g.bal[0] == 0 and g.hotels[6] == 1 and not g.is_over


def test_cv_6_5_houses_stay_on_their_street_and_full_cost():
    """CV-6.5: houses of one street never make a hotel on another; after a hotel houses
    can be built again; 4 hotels + 4 houses cost 24 x buildPrice."""
    g = managing(players=2, owners={6: 0, 7: 0}, houses={6: 4})
    assert "edificar-hotel 6" in actions(g)
    assert_illegal(g, "edificar-hotel 7")
    g = managing(players=2, owners={19: 0}, balances={0: 24 * 750})
    steps = ["edificar-casa 19"] * 4 + ["edificar-hotel 19"]
    for _ in range(4):
        for a in steps:
            g.apply(a)
    for _ in range(4):
        g.apply("edificar-casa 19")
    assert (g.houses[19], g.hotels[19]) == (4, 4)
    assert g.bal[0] == 0 and not g.is_over


def test_cv_6_6_rejected_building_changes_nothing():
    """CV-6.6: every rejected building attempt leaves the whole state unchanged."""
    g = managing(players=2, owners={6: 0, 7: 1, 9: 0}, houses={6: 4, 9: 2},
                 hotels={6: 4}, mortgaged={9: True}, balances={0: 5000})
    for a in ("edificar-casa 6", "edificar-hotel 6", "edificar-casa 7", "edificar-hotel 9",
              "edificar-casa 9", "edificar-casa 3", "edificar-hotel 11"):
        assert_illegal(g, a)


def test_cv_6_7_no_building_on_mortgaged_street():
    """CV-6.7 (G18): no house or hotel on a mortgaged street."""
    g = managing(players=2, owners={6: 0, 7: 0}, houses={7: 4}, mortgaged={6: True, 7: True})
    for a in ("edificar-casa 6", "edificar-casa 7", "edificar-hotel 7"):
        assert a not in actions(g)
        assert_illegal(g, a)
    g.apply("cancelar-hipoteca 6")
    g.apply("edificar-casa 6")
    assert g.houses[6] == 1


def test_cv_6_8_building_is_independent_of_other_streets():
    """CV-6.8 / CV-11.3: no groups and no even building: a lone street can get houses and
    hotels while the owner's other streets stay bare."""
    g = managing(players=2, owners={19: 0, 18: 0, 1: 1})
    for _ in range(4):
        g.apply("edificar-casa 19")
    g.apply("edificar-hotel 19")
    g.apply("edificar-casa 19")
    assert (g.houses[19], g.hotels[19], g.houses[18], g.hotels[18]) == (1, 1, 0, 0)
    g = managing(players=2, owners={1: 0})
    g.apply("edificar-casa 1")
    assert g.houses[1] == 1 and g.phase == PHASE_MANAGE
    assert "edificar-casa 1" in actions(g)
    assert kinds(g.recent_events) == ["house"]
