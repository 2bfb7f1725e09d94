"""Qytetet §5 and §6: buying and selling titles, building houses and hotels."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from qy_helpers import (
    G1_TABLE,
    PARKING,
    START,
    STREETS,
    card,
    kinds,
    legal,
    managing,
    new,
    put_on_top,
    sale,
    snapshot,
)

import ludoteca


def illegal_changes_nothing(g, action, seat=None):
    before = snapshot(g)
    with pytest.raises(ludoteca.IllegalAction) as err:
        g.apply(action, seat=seat)
    assert snapshot(g) == before
    return err.value


# ----- §5 buying ------------------------------------------------------------------------------
def test_qy_5_1_buy_only_the_street_reached_this_turn():
    """QY-5.1 (G17): the purchase is for the street the move ended on, this turn, once; not
    another free street, not before the roll, not in the next turn."""
    g = new(2, dice=[2, 1, 1], positions={0: 4, 1: 9})
    illegal_changes_nothing(g, "comprar")              # before rolling
    g.apply("tirar")                                   # 4 → 6
    assert "comprar" in legal(g)
    g.apply("terminar")
    g.apply("tirar")                                   # seat 1 → PARKING
    assert "comprar" not in legal(g, 1)                # nothing to buy there
    g.apply("terminar")
    g.apply("tirar")                                   # seat 0: 6 → 7, may buy 7 only
    g.apply("comprar")
    assert g.owner[7] == 0 and g.owner[6] == -1
    err = illegal_changes_nothing(g, "comprar")        # at most once per turn
    assert "once" in err.reason


def test_qy_5_1_goto_card_target_can_be_bought():
    """QY-5.1 (G5): a movement by IrACasilla onto a free street gives the purchase option."""
    g = new(2, dice=[2], positions={0: 1})
    put_on_top(g, card(g, "GOTO", 19))
    g.apply("tirar")                                   # 1 → 3 SORPRESA → 19
    assert g.pos[0] == 19 and "comprar" in legal(g)
    g.apply("comprar")
    assert g.owner[19] == 0 and g.bal[0] == START - 1000


@pytest.mark.parametrize("balance, ok", [(599, False), (600, True), (601, True)])
def test_qy_5_2_buy_needs_no_owner_and_balance_at_least_price(balance, ok):
    """QY-5.2 (G9): balance >= purchasePrice (equal is enough) and no owner."""
    g = new(2, dice=[2], positions={0: 4}, balances={0: balance})
    g.apply("tirar")
    assert ("comprar" in legal(g)) == ok
    if ok:
        g.apply("comprar")
        assert g.owner[6] == 0
    g = new(2, dice=[2], positions={0: 4}, owners={6: 1}, mortgaged={6: True})
    g.apply("tirar")
    assert "comprar" not in legal(g)


def test_qy_5_3_purchase_effect():
    """QY-5.3: buying subtracts the price, makes the buyer owner, starts bare and unmortgaged;
    no other balance changes."""
    g = new(3, dice=[2], positions={0: 16})
    g.apply("tirar")
    ev = g.apply("comprar")
    assert ev[0].kind == "buy" and ev[0].rule == "QY-5.3"
    assert g.bal == [START - 920, START, START]
    assert g.owner[18] == 0
    assert g.houses[18] == g.hotels[18] == 0 and g.mortgage[18] is None


def test_qy_5_4_failed_purchase_changes_nothing():
    """QY-5.4: a purchase failing QY-5.2 (too poor, or street owned) is rejected untouched."""
    g = new(2, dice=[2], positions={0: 4}, balances={0: 599})
    g.apply("tirar")
    err = illegal_changes_nothing(g, "comprar")
    assert "600" in err.reason and "comprar" not in err.legal
    g = new(2, dice=[2], positions={0: 4}, owners={6: 1}, jailed={1: True})
    g.apply("tirar")                                   # owner jailed: no rent, no purchase
    illegal_changes_nothing(g, "comprar")
    assert g.owner[6] == 1


def test_qy_5_5_no_other_way_to_acquire_a_title():
    """QY-5.5: passing over a street, another player's turn, or another player's title: no
    way to buy. The only action that sets an owner is 'comprar' on one's landing square."""
    g = new(2, dice=[5, 1], positions={0: 0, 1: 9}, owners={4: 1})
    g.apply("tirar")                                   # 0 → 5 passes 1, 2, 4
    assert "comprar" not in legal(g)
    assert all(not a.startswith(("comprar", "vender 4")) for a in legal(g))
    g.apply("terminar")
    g.apply("tirar")                                   # seat 1 on PARKING
    assert legal(g, 0) == set()
    names = {str(a).split()[0] for a in g.legal_actions(1)}
    assert names <= {"terminar", "vender", "edificar-casa", "edificar-hotel", "hipotecar",
                     "cancelar-hipoteca"}
    assert g.owner[1] == g.owner[2] == -1


def test_qy_5_6_sell_any_own_street_from_anywhere():
    """QY-5.6: during his turn a player may sell any street he owns, wherever he stands."""
    g = managing(2, owners={1: 0, 19: 0, 7: 1})
    acts = legal(g)
    assert {"vender 1", "vender 19"} <= acts and "vender 7" not in acts
    g.apply("vender 19")
    assert g.owner[19] == -1 and g.pos[0] == PARKING


@pytest.mark.parametrize("s", STREETS)
def test_qy_5_7_sale_price_of_every_default_street(s):
    """QY-5.7 (G7): purchasePrice + (houses × build + hotels × 5 × build) × factor; bare →
    purchasePrice."""
    price, build, factor, _, _ = G1_TABLE[s]
    for houses, hotels in ((0, 0), (1, 0), (4, 0), (2, 1), (3, 4), (4, 4)):
        g = managing(2, owners={s: 0}, houses={s: houses}, hotels={s: hotels})
        ev = g.apply(f"vender {s}")
        expected = sale(price, build, factor, houses, hotels)
        assert g.bal[0] == START + expected
        assert ev[0].data["amount"] == expected
    assert sale(price, build, factor, 0, 0) == price


@settings(max_examples=60, deadline=None)
@given(houses=st.integers(0, 4), hotels=st.integers(0, 4), s=st.sampled_from(STREETS),
       balance=st.integers(1, 20000))
def test_qy_5_7_qy_5_8_sale_formula_property(houses, hotels, s, balance):
    """QY-5.7, QY-5.8: for any buildings and balance, a sale adds exactly the formula's price
    and clears owner, houses and hotels; nothing is rounded."""
    g = managing(2, owners={s: 0}, houses={s: houses}, hotels={s: hotels},
                 balances={0: balance})
    price, build, factor, _, _ = G1_TABLE[s]
    g.apply(f"vender {s}")
    assert g.bal[0] == Decimal(balance) + sale(price, build, factor, houses, hotels)
    assert (g.owner[s], g.houses[s], g.hotels[s]) == (-1, 0, 0)


def test_qy_5_8_sale_effect():
    """QY-5.8: a sale adds the price, leaves the street ownerless, with no houses or hotels."""
    g = managing(2, owners={7: 0}, houses={7: 2}, hotels={7: 1})
    ev = g.apply("vender 7")
    assert ev[0].kind == "sell" and ev[0].rule == "QY-5.8"
    assert g.bal == [START + 640 + (2 * 350 + 5 * 350) * Decimal("1.20"), START]
    assert (g.owner[7], g.houses[7], g.hotels[7]) == (-1, 0, 0)


def test_qy_5_9_sold_street_can_be_bought_again_by_anyone():
    """QY-5.9: the seller or another player who stops on a sold street may buy it."""
    g = managing(2, dice=[3], owners={13: 0}, positions={1: 10})
    g.apply("vender 13")
    assert "comprar" not in legal(g)                   # no renewal: not his landing square
    g.apply("terminar")
    g.apply("tirar")                                   # seat 1: 10 → 13
    assert "comprar" in legal(g, 1)
    g.apply("comprar")
    assert g.owner[13] == 1
    g = managing(2, dice=[1, 3], owners={13: 0}, positions={1: 9})
    g.apply("vender 13")
    g.apply("terminar")
    g.apply("tirar")                                   # seat 1: 9 → 10
    g.apply("terminar")
    g.apply("tirar")                                   # seat 0 (the seller): 10 → 13
    g.apply("comprar")
    assert g.owner[13] == 0


def test_qy_5_10_cannot_sell_what_one_does_not_own_or_mortgaged():
    """QY-5.10 (G19): not owned by the seller, or mortgaged: rejected and nothing changes."""
    g = managing(2, owners={1: 1, 2: 0}, mortgaged={2: True})
    for act in ("vender 1", "vender 2", "vender 4", "vender 10"):
        illegal_changes_nothing(g, act)
    assert "vender 2" not in legal(g)
    g.apply("cancelar-hipoteca 2")
    assert "vender 2" in legal(g)


# ----- §6 building ----------------------------------------------------------------------------
def test_qy_6_1_build_on_own_streets_anywhere_only():
    """QY-6.1: on any own street wherever the token is; never on another player's or a free
    street."""
    g = managing(2, owners={19: 0, 18: 1})
    assert "edificar-casa 19" in legal(g)
    g.apply("edificar-casa 19")
    assert g.houses[19] == 1
    for act in ("edificar-casa 18", "edificar-casa 16", "edificar-hotel 18"):
        illegal_changes_nothing(g, act)


def test_qy_6_2_at_most_four_houses_and_four_hotels():
    """QY-6.2: a street never holds more than 4 houses and 4 hotels (8 buildings)."""
    g = managing(2, owners={1: 0}, balances={0: 100000})
    n = 0
    while True:
        acts = [a for a in legal(g) if a.endswith(" 1") and a.startswith("edificar")]
        if not acts:
            break
        g.apply(acts[0])
        n += 1
        assert g.houses[1] <= 4 and g.hotels[1] <= 4
    assert (g.houses[1], g.hotels[1]) == (4, 4) and n == 24


def test_qy_6_3_house_needs_fewer_than_4_and_balance():
    """QY-6.3 (G9): a house needs houses < 4 and balance >= buildPrice; costs buildPrice."""
    g = managing(2, owners={6: 0}, houses={6: 3}, balances={0: 300})
    ev = g.apply("edificar-casa 6")             # exactly the price: allowed (and bankrupts)
    assert ev[0].rule == "QY-6.3" and g.houses[6] == 4 and g.bal[0] == 0 and g.is_over
    g = managing(2, owners={6: 0}, houses={6: 2}, balances={0: 299})
    illegal_changes_nothing(g, "edificar-casa 6")
    g = managing(2, owners={6: 0}, houses={6: 4}, hotels={6: 1})
    illegal_changes_nothing(g, "edificar-casa 6")
    g = managing(2, owners={6: 0}, houses={6: 1}, hotels={6: 4})
    g.apply("edificar-casa 6")
    assert (g.houses[6], g.hotels[6], g.bal[0]) == (2, 4, START - 300)


def test_qy_6_4_hotel_trades_four_houses_and_build_price():
    """QY-6.4 (G9): a hotel needs 4 houses, hotels < 4 and balance >= buildPrice; houses
    become 0, one hotel more, buildPrice paid."""
    g = managing(2, owners={9: 0}, houses={9: 4}, hotels={9: 2})
    ev = g.apply("edificar-hotel 9")
    assert ev[0].kind == "hotel" and ev[0].rule == "QY-6.4"
    assert (g.houses[9], g.hotels[9], g.bal[0]) == (0, 3, START - 400)
    for houses, hotels, balance in ((3, 0, 5000), (4, 4, 5000), (4, 0, 399)):
        g = managing(2, owners={9: 0}, houses={9: houses}, hotels={9: hotels},
                     balances={0: balance})
        illegal_changes_nothing(g, "edificar-hotel 9")


def test_qy_6_5_houses_stay_on_their_street_and_full_cost_is_24_builds():
    """QY-6.5: 4 houses on one street never make a hotel on another; going from bare to 4
    hotels and 4 houses costs 24 × buildPrice."""
    g = managing(2, owners={1: 0, 2: 0}, houses={1: 4})
    illegal_changes_nothing(g, "edificar-hotel 2")
    g = managing(2, owners={11: 0}, balances={0: 30000})
    while any(a.endswith(" 11") and a.startswith("edificar") for a in legal(g)):
        g.apply(next(a for a in sorted(legal(g)) if a.endswith(" 11")
                     and a.startswith("edificar")))
    assert g.bal[0] == 30000 - 24 * 450


def test_qy_6_6_rejected_building_changes_nothing():
    """QY-6.6: every rejected building attempt leaves the state as it was."""
    g = managing(2, owners={4: 0, 6: 1}, houses={4: 2}, balances={0: 299})
    for act in ("edificar-casa 4", "edificar-hotel 4", "edificar-casa 6", "edificar-casa 5"):
        err = illegal_changes_nothing(g, act)
        assert err.reason and err.reason_es


def test_qy_6_7_no_building_on_a_mortgaged_street():
    """QY-6.7 (G19): a mortgaged street takes neither house nor hotel."""
    g = managing(2, owners={4: 0, 6: 0}, houses={6: 4}, mortgaged={4: True, 6: True})
    for act in ("edificar-casa 4", "edificar-hotel 6"):
        illegal_changes_nothing(g, act)
    g.apply("cancelar-hipoteca 4")
    assert "edificar-casa 4" in legal(g)


def test_qy_6_8_building_ignores_other_streets():
    """QY-6.8: one street alone, with every other street unowned or bare, can be built up;
    building on one never requires building evenly on others."""
    g = managing(2, owners={14: 0, 16: 0})
    for _ in range(4):
        g.apply("edificar-casa 14")
    g.apply("edificar-hotel 14")
    assert (g.houses[14], g.hotels[14], g.houses[16]) == (0, 1, 0)
    assert "edificar-casa 16" in legal(g) and "edificar-casa 14" in legal(g)


def test_event_kinds_of_management():
    """QY-5.3, QY-5.8, QY-6.3, QY-6.4, QY-8.3, QY-8.6: management events carry their rule."""
    g = new(2, dice=[2], positions={0: 4}, owners={1: 0}, houses={1: 4})
    g.apply("tirar")
    rules = []
    for act in ("comprar", "edificar-casa 6", "edificar-hotel 1", "hipotecar 6",
                "cancelar-hipoteca 6", "vender 6"):
        ev = g.apply(act)
        rules.append(ev[0].rule)
        assert kinds(ev)[0] in ("buy", "house", "hotel", "mortgage", "cancel", "sell")
    assert rules == ["QY-5.3", "QY-6.3", "QY-6.4", "QY-8.3", "QY-8.6", "QY-5.8"]
