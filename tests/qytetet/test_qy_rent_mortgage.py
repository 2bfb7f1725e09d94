"""Qytetet §7 and §8: rent, its exemptions, bankruptcy by rent; mortgages and cancelling."""

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
    cancel,
    kinds,
    legal,
    managing,
    mortgage,
    new,
    rent,
    snapshot,
)

import ludoteca


def land(s, owner=1, players=2, **arrange):
    """Seat 0 rolls a 1 from s − 1 onto street s (owned by ``owner``)."""
    owners = dict(arrange.pop("owners", {}))
    owners.setdefault(s, owner)
    g = new(players, dice=[1], positions={0: s - 1}, owners=owners, **arrange)
    return g, g.apply("tirar")


# ----- §7 rent --------------------------------------------------------------------------------
def test_qy_7_1_rent_is_owed_on_another_players_street():
    """QY-7.1: the mover's movement ends on another player's street: rent, tagged QY-7.1."""
    g, ev = land(11)
    assert kinds(ev) == ["roll", "rent"]
    assert ev[1].rule == "QY-7.1" and ev[1].data["owner"] == 1 and ev[1].data["player"] == 0
    assert ev[1].data["amount"] == 72


@pytest.mark.parametrize("s", STREETS)
def test_qy_7_2_rent_formula_on_every_street(s):
    """QY-7.2 (G6): baseRent × (1 + 0.5·houses + 2.5·hotels)."""
    base = G1_TABLE[s][3]
    for houses, hotels in ((0, 0), (1, 0), (3, 0), (4, 0), (0, 1), (2, 1), (4, 4)):
        g, ev = land(s, houses={s: houses}, hotels={s: hotels})
        r = rent(base, houses, hotels)
        assert ev[-1].data["amount"] == r
        assert g.bal == [START - r, START + r]


@settings(max_examples=60, deadline=None)
@given(s=st.sampled_from(STREETS), houses=st.integers(0, 4), hotels=st.integers(0, 4),
       payer=st.integers(1, 30000), owner_bal=st.integers(1, 30000))
def test_qy_7_2_qy_7_3_rent_property(s, houses, hotels, payer, owner_bal):
    """QY-7.2, QY-7.3: for any buildings and balances, the payer loses exactly the rent and
    the owner gains it (full amount, even below zero)."""
    g, ev = land(s, houses={s: houses}, hotels={s: hotels},
                 balances={0: payer, 1: owner_bal})
    r = rent(G1_TABLE[s][3], houses, hotels)
    assert g.bal == [Decimal(payer) - r, Decimal(owner_bal) + r]
    assert g.is_over == (payer - r <= 0)


def test_qy_7_3_rent_moves_money_between_the_two_players_only():
    """QY-7.3: payer −rent, owner +rent, a third player untouched."""
    g, ev = land(19, owner=2, players=3, houses={19: 1})
    r = rent(100, 1, 0)
    assert g.bal == [START - r, START, START + r]
    assert ev[-1].data["balance_changes"] == [[0, -150], [2, 150]]


def test_qy_7_4_mortgaged_street_charges_no_rent():
    """QY-7.4: the street is mortgaged: neither balance changes."""
    g, ev = land(14, houses={14: 4}, mortgaged={14: True})
    assert kinds(ev) == ["roll", "rent_mortgaged"] and ev[1].rule == "QY-7.4"
    assert g.bal == [START, START]


def test_qy_7_5_jailed_owner_collects_no_rent():
    """QY-7.5: the owner is in jail: neither balance changes."""
    g, ev = land(14, houses={14: 4}, jailed={1: True})
    assert kinds(ev) == ["roll", "rent_jailed"] and ev[1].rule == "QY-7.5"
    assert g.bal == [START, START]
    assert "comprar" not in legal(g)


@pytest.mark.parametrize("balance", [239, 240])
def test_qy_7_6_rent_at_or_above_balance_bankrupts(balance):
    """QY-7.6: rent 240 with balance 240 or 239: paid in full, balance <= 0, game over."""
    g, ev = land(14, houses={14: 4}, balances={0: balance})
    assert g.bal == [Decimal(balance) - 240, START + 240]
    assert g.is_over and g.result.reason == "bankruptcy"
    assert kinds(ev)[-2:] == ["bankrupt", "game_over"]


def test_qy_7_7_no_rescue_before_paying_rent():
    """QY-7.7: the rent is charged right on landing; the player with sellable and mortgageable
    streets gets no management step before it, and none after."""
    g, ev = land(14, houses={14: 4}, balances={0: 100}, owners={1: 0, 19: 0})
    assert kinds(ev) == ["roll", "rent", "bankrupt", "game_over"]
    assert g.bal[0] == -140 and g.owner[1] == g.owner[19] == 0
    assert legal(g, 0) == set() and g.to_move == ()
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("vender 19", seat=0)


def test_qy_7_8_rent_ignores_the_owners_other_streets():
    """QY-7.8: owning (and building on) other streets changes nothing in a street's rent."""
    _, alone = land(11)
    _, many = land(11, owners={1: 1, 2: 1, 4: 1, 13: 1, 14: 1}, houses={13: 4, 14: 2})
    assert alone[-1].data["amount"] == many[-1].data["amount"] == 72


# ----- §8 mortgages ---------------------------------------------------------------------------
def test_qy_8_1_mortgage_any_own_unmortgaged_street_anywhere():
    """QY-8.1: during his turn, anywhere, even when he has plenty of money."""
    g = managing(2, owners={1: 0, 19: 0, 18: 1}, balances={0: 50000}, mortgaged={1: True})
    acts = legal(g)
    assert "hipotecar 19" in acts and "hipotecar 18" not in acts and "hipotecar 1" not in acts
    g.apply("hipotecar 19")
    assert g.mortgage[19] == 1000 and g.pos[0] == PARKING


@pytest.mark.parametrize("s", STREETS)
def test_qy_8_2_mortgage_amount_on_every_street(s):
    """QY-8.2: baseMortgage × (1 + 0.5·houses + 1·hotels)."""
    base = G1_TABLE[s][4]
    for houses, hotels in ((0, 0), (1, 0), (4, 0), (3, 1), (0, 4), (4, 4)):
        g = managing(2, owners={s: 0}, houses={s: houses}, hotels={s: hotels})
        g.apply(f"hipotecar {s}")
        m = mortgage(base, houses, hotels)
        assert g.mortgage[s] == m and g.bal[0] == START + m


@settings(max_examples=60, deadline=None)
@given(s=st.sampled_from(STREETS), houses=st.integers(0, 4), hotels=st.integers(0, 4),
       extra=st.integers(0, 3000))
def test_qy_8_2_qy_8_6_qy_8_7_mortgage_and_cancel_property(s, houses, hotels, extra):
    """QY-8.2, QY-8.6, QY-8.7: mortgage adds the formula's amount; cancelling costs exactly
    1.10 × that amount and is offered iff the balance covers it."""
    base = G1_TABLE[s][4]
    m = mortgage(base, houses, hotels)
    g = managing(2, owners={s: 0}, houses={s: houses}, hotels={s: hotels},
                 mortgaged={s: str(m)}, balances={0: 1 + extra})
    cost = cancel(m)
    can = Decimal(1 + extra) >= cost
    assert (f"cancelar-hipoteca {s}" in legal(g)) == can
    if can:
        g.apply(f"cancelar-hipoteca {s}")
        assert g.bal[0] == Decimal(1 + extra) - cost and g.mortgage[s] is None


def test_qy_8_3_mortgage_effect():
    """QY-8.3: balance + amount, street marked mortgaged; owner and buildings unchanged."""
    g = managing(2, owners={16: 0}, houses={16: 2}, hotels={16: 1})
    ev = g.apply("hipotecar 16")
    assert ev[0].rule == "QY-8.3"
    assert g.bal[0] == START + 740 * 3
    assert (g.owner[16], g.houses[16], g.hotels[16]) == (0, 2, 1)
    assert g.mortgage[16] == 740 * 3


def test_qy_8_4_no_double_mortgage_nor_on_others_streets():
    """QY-8.4 (G19): a mortgaged street or someone else's street cannot be mortgaged."""
    g = managing(2, owners={2: 0, 4: 1})
    g.apply("hipotecar 2")
    for act in ("hipotecar 2", "hipotecar 4", "hipotecar 6"):
        before = snapshot(g)
        with pytest.raises(ludoteca.IllegalAction):
            g.apply(act)
        assert snapshot(g) == before


def test_qy_8_5_cancel_any_own_mortgage_anywhere():
    """QY-8.5: the owner may cancel the mortgage of any of his mortgaged streets; not another
    player's."""
    g = managing(2, owners={1: 0, 19: 0, 2: 1}, mortgaged={1: True, 19: True, 2: True})
    acts = legal(g)
    assert {"cancelar-hipoteca 1", "cancelar-hipoteca 19"} <= acts
    assert "cancelar-hipoteca 2" not in acts
    g.apply("cancelar-hipoteca 19")
    assert g.mortgage[19] is None and g.pos[0] == PARKING


def test_qy_8_6_cancel_costs_received_plus_ten_percent():
    """QY-8.6: cost = 1.10 × amount received; balance − cost; mortgage cleared."""
    g = managing(2, owners={13: 0}, houses={13: 1})
    g.apply("hipotecar 13")
    received = mortgage(560, 1, 0)
    ev = g.apply("cancelar-hipoteca 13")
    assert ev[0].rule == "QY-8.6" and ev[0].data["amount"] == cancel(received) == 924
    assert g.bal[0] == START + received - cancel(received)
    assert g.mortgage[13] is None and g.houses[13] == 1


@pytest.mark.parametrize("balance, ok", [("164.99", False), (165, True), (166, True)])
def test_qy_8_7_cancel_needs_balance_at_least_cost(balance, ok):
    """QY-8.7 (G9): street 1 (baseMortgage 150): cancelling costs 165."""
    g = managing(2, owners={1: 0}, mortgaged={1: True}, balances={0: balance})
    assert ("cancelar-hipoteca 1" in legal(g)) == ok
    if not ok:
        before = snapshot(g)
        with pytest.raises(ludoteca.IllegalAction) as err:
            g.apply("cancelar-hipoteca 1")
        assert "165" in err.value.reason and snapshot(g) == before
    else:
        g.apply("cancelar-hipoteca 1")
        assert g.bal[0] == Decimal(str(balance)) - 165
        assert g.is_over == (g.bal[0] <= 0)
