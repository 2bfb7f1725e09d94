"""Civitas §7 (paying rent) and §8 (mortgaging and cancelling a mortgage)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from cv_support import (
    NOBODY,
    PHASE_OVER,
    START,
    STREETS,
    actions,
    assert_illegal,
    card,
    event,
    kinds,
    managing,
    new,
)
from hypothesis import given, settings
from hypothesis import strategies as st


def _frac(d) -> Fraction:
    return Fraction(str(d))


def _land(s, payer_balance=START, players=2, **arrange):
    """Seat 0 rolls 1 from s - 1 onto street s (arranged owners etc.); return game, events."""
    g = new(players=players, dice=[1], positions={0: s - 1}, balances={0: payer_balance},
            current=0, **arrange)
    return g, g.apply("tirar")


# ----- §7 rent ----------------------------------------------------------------------------
def test_cv_7_1_rent_when_move_ends_on_anothers_street():
    """CV-7.1: rent is owed when the current player's move ends on another's street, by
    die or by an IRCASILLA card; passing over it costs nothing."""
    g, ev = _land(19, owners={19: 1})
    e = event(ev, "rent")
    assert e.rule == "CV-7.1" and e.data["owner"] == 1 and e.data["square"] == 19
    g = new(players=2, dice=[3], positions={0: 14}, owners={19: 1}, current=0)
    goto = card(g, "GOTO", 19)
    g.arrange(deck=[goto] + [i for i in g.deck if i != goto])
    ev = g.apply("tirar")
    assert g.pos[0] == 19 and event(ev, "rent").data["amount"] == 100
    g = new(players=2, dice=[4], positions={0: 5}, owners={6: 1, 7: 1, 9: 1}, current=0)
    g.apply("tirar")                            # passes owned 6 and 7, stops on 9
    assert g.pos[0] == 9 and g.bal == [START - 68, START + 68]


@settings(max_examples=80, deadline=None)
@given(s=st.sampled_from(STREETS), houses=st.integers(0, 4), hotels=st.integers(0, 4))
def test_cv_7_2_rent_formula(s, houses, hotels):
    """CV-7.2 / CV-7.3: rent = baseRent x (1 + 0.5 houses + 2.5 hotels), moved exactly from
    payer to owner."""
    g, ev = _land(s, owners={s: 1}, houses={s: houses}, hotels={s: hotels})
    base = _frac(g.board.squares[s].rent)
    want = base * (1 + Fraction(1, 2) * houses + Fraction(5, 2) * hotels)
    e = event(ev, "rent")
    assert _frac(e.data["amount"]) == want
    assert _frac(g.bal[0]) == _frac(START) - want and _frac(g.bal[1]) == _frac(START) + want
    assert _frac(g.rent_of(s)) == want


def test_cv_7_3_rent_paid_even_into_debt():
    """CV-7.3 (G9): payer loses and owner gains the full rent even below zero."""
    g, ev = _land(19, payer_balance=10, owners={19: 1}, houses={19: 2}, hotels={19: 1})
    assert g.bal == [Decimal(10 - 450), START + 450]
    assert event(ev, "rent").data["balance_changes"] == [[0, -450], [1, 450]]


def test_cv_7_4_mortgaged_street_charges_no_rent():
    """CV-7.4: no rent on a mortgaged street; neither balance changes."""
    g, ev = _land(19, owners={19: 1}, houses={19: 2}, mortgaged={19: True})
    assert event(ev, "rent_mortgaged").rule == "CV-7.4"
    assert "rent" not in kinds(ev) and g.bal == [START, START]


def test_cv_7_5_jailed_owner_collects_no_rent():
    """CV-7.5: no rent while the owner is in jail; neither balance changes."""
    g, ev = _land(19, owners={19: 1}, hotels={19: 1}, jailed={1: True})
    assert event(ev, "rent_jailed").rule == "CV-7.5"
    assert g.bal == [START, START]


def test_cv_7_6_rent_larger_than_balance_bankrupts():
    """CV-7.6: rent equal to the balance leaves 0 and play goes on; larger bankrupts and
    ends the game at once, with the full amount paid."""
    g, ev = _land(19, payer_balance=450, owners={19: 1}, houses={19: 2}, hotels={19: 1})
    assert g.bal == [0, START + 450] and not g.is_over
    assert "terminar" in actions(g)
    g, ev = _land(19, payer_balance=449, owners={19: 1}, houses={19: 2}, hotels={19: 1})
    assert g.bal == [-1, START + 450]
    assert g.is_over and g.phase == PHASE_OVER and g.result.reason == "bankruptcy"
    assert kinds(ev)[-2:] == ["bankrupt", "game_over"]


def test_cv_7_7_no_rescue_before_paying_rent():
    """CV-7.7: the rent is applied in the same step as the landing: the payer never gets to
    sell or mortgage first, even owning plenty."""
    g, ev = _land(19, payer_balance=449, owners={19: 1, 1: 0, 2: 0, 4: 0},
                  houses={19: 2}, hotels={19: 1, 1: 4, 2: 4, 4: 4})
    assert kinds(ev)[:2] == ["roll", "rent"]
    assert g.is_over and g.legal_actions(0) == [] and g.to_move == ()
    assert g.bal[0] == -1
    assert g.owner[1] == g.owner[2] == g.owner[4] == 0   # nothing was sold or mortgaged
    assert all(g.mortgage[s] is None for s in (1, 2, 4))


def test_cv_7_8_rent_depends_on_that_street_only():
    """CV-7.8 / CV-11.3: owning more streets (even all of them, with buildings) does not
    change a street's rent."""
    _, alone = _land(19, owners={19: 1}, houses={19: 1})
    others = {s: 1 for s in STREETS}
    _, many = _land(19, owners=others, houses={19: 1, 18: 4, 16: 3}, hotels={18: 2})
    assert event(alone, "rent").data["amount"] == event(many, "rent").data["amount"] == 150


# ----- §8 mortgage ------------------------------------------------------------------------
def test_cv_8_1_mortgage_any_unmortgaged_owned_street():
    """CV-8.1: mortgage any unmortgaged street one owns, anywhere, money needed or not."""
    g = managing(players=2, owners={1: 0, 19: 0, 6: 1}, balances={0: 100000})
    legal = actions(g)
    assert "hipotecar 1" in legal and "hipotecar 19" in legal and "hipotecar 6" not in legal
    g.apply("hipotecar 19")
    assert g.mortgage[19] == 1000 and g.bal[0] == 101000


@settings(max_examples=60, deadline=None)
@given(s=st.sampled_from(STREETS), houses=st.integers(0, 4), hotels=st.integers(0, 4))
def test_cv_8_2_and_8_3_mortgage_amount(s, houses, hotels):
    """CV-8.2: amount = baseMortgage x (1 + 0.5 houses + 2.5 hotels); CV-8.3: it is added
    to the balance and the street is marked mortgaged, owner and buildings unchanged."""
    g = managing(players=2, owners={s: 0}, houses={s: houses}, hotels={s: hotels})
    base = _frac(g.board.squares[s].mortgage)
    want = base * (1 + Fraction(1, 2) * houses + Fraction(5, 2) * hotels)
    ev = g.apply(f"hipotecar {s}")
    e = event(ev, "mortgage")
    assert e.rule == "CV-8.3" and _frac(e.data["amount"]) == want
    assert _frac(g.bal[0]) == _frac(START) + want and g.bal[1] == START
    assert _frac(g.mortgage[s]) == want
    assert (g.owner[s], g.houses[s], g.hotels[s]) == (0, houses, hotels)


def test_cv_8_4_no_double_or_foreign_mortgage():
    """CV-8.4 (G18): an already mortgaged street, or one not owned, cannot be mortgaged."""
    g = managing(players=2, owners={1: 0, 6: 1}, mortgaged={1: True})
    for a in ("hipotecar 1", "hipotecar 6", "hipotecar 4", "hipotecar 10"):
        assert a not in actions(g)
        assert_illegal(g, a)


def test_cv_8_5_cancel_any_mortgaged_owned_street_anywhere():
    """CV-8.5: cancel the mortgage of any mortgaged street one owns, wherever one stands."""
    g = managing(players=2, owners={1: 0, 19: 0, 6: 1}, mortgaged={1: True, 19: True, 6: True})
    legal = actions(g)
    assert "cancelar-hipoteca 1" in legal and "cancelar-hipoteca 19" in legal
    assert "cancelar-hipoteca 6" not in legal
    assert_illegal(g, "cancelar-hipoteca 6")
    assert_illegal(g, "cancelar-hipoteca 4")    # nobody's and not mortgaged


def test_cv_8_6_cancel_costs_received_plus_ten_percent():
    """CV-8.6: cancelling costs 1.10 x the amount received and clears the mortgage."""
    g = managing(players=2, owners={1: 0, 13: 0}, houses={13: 1})
    g.apply("hipotecar 1")
    g.apply("hipotecar 13")
    assert g.mortgage[1] == 150 and g.mortgage[13] == 840
    ev = g.apply("cancelar-hipoteca 1")
    e = event(ev, "cancel")
    assert e.rule == "CV-8.6" and Decimal(str(e.data["amount"])) == Decimal("165")
    g.apply("cancelar-hipoteca 13")
    assert g.bal[0] == START + 150 + 840 - 165 - Decimal("924")
    assert g.mortgage[1] is None and g.mortgage[13] is None and g.owner[1] == 0


def test_cv_8_7_cancel_needs_enough_money():
    """CV-8.7 (G8): cancelling needs balance >= 1.10 x amount received (equal is enough)."""
    g = managing(players=2, owners={1: 0}, mortgaged={1: 150}, balances={0: "164.99"})
    assert "cancelar-hipoteca 1" not in actions(g)
    err = assert_illegal(g, "cancelar-hipoteca 1")
    assert "165" in err.reason
    g = managing(players=2, owners={1: 0}, mortgaged={1: 150}, balances={0: 165})
    g.apply("cancelar-hipoteca 1")
    assert g.bal[0] == 0 and g.mortgage[1] is None and not g.is_over
    assert g.owner[1] == 0 and g.owner[2] == NOBODY
