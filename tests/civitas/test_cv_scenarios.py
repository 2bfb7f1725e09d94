"""The checklist's suggested scenarios S1-S12, on the default layout (SORPRESA 3/12/17,
CÁRCEL 5, IMPUESTO 8 with tax 500, PARKING 10, JUEZ 15). Expected numbers are computed
from the rulebook formulas, then compared with the scenario's stated figure."""

from __future__ import annotations

from decimal import Decimal

import pytest
from cv_support import (
    BONUS,
    JAIL,
    JUDGE,
    NOBODY,
    PARKING,
    PHASE_MANAGE,
    PHASE_ROLL,
    START,
    TAX,
    actions,
    assert_illegal,
    board_variant,
    card,
    event,
    kinds,
    managing,
    new,
)

import ludoteca

HALF, HOTEL_W = Decimal("0.5"), Decimal("2.5")
A, B, C = 0, 1, 2


def rent(base, houses, hotels):
    return Decimal(base) * (1 + HALF * houses + HOTEL_W * hotels)


def mortgage(base, houses, hotels):
    return Decimal(base) * (1 + HALF * houses + HOTEL_W * hotels)


def sale(price, build, factor, houses, hotels):
    return Decimal(price) + (houses + 5 * hotels) * Decimal(build) * Decimal(factor)


def test_s1_salida_laps():
    """S1 (CV-1.7, CV-4.2, CV-4.3): A 17+5 -> 2: 8500; B 18+2 -> 0: 8500; C 0+4 -> 4: 7500."""
    g = new(players=3, dice=[5, 2, 4], positions={A: 17, B: 18, C: 0}, current=A)
    g.apply("tirar")
    assert g.pos[A] == 2 and g.bal[A] == START + BONUS == 8500
    assert "comprar" in actions(g)
    g.apply("terminar")                         # A does not buy
    assert g.owner[2] == NOBODY
    g.apply("tirar")
    assert g.pos[B] == 0 and g.bal[B] == START + BONUS == 8500
    g.apply("terminar")
    g.apply("tirar")
    assert g.pos[C] == 4 and g.bal[C] == START == 7500


def test_s2_buying_at_the_limit():
    """S2 (CV-5.2-5.4, CV-2.1): street 6 costs 600; with 599 the purchase is rejected; with
    600 A buys, has 0, is not bankrupt, and play continues."""
    price = new().board.squares[6].price
    assert price == 600
    g = new(players=2, dice=[1], positions={A: 5}, balances={A: price - 1}, current=A)
    g.apply("tirar")
    assert_illegal(g, "comprar")
    assert g.bal[A] == 599 and g.owner[6] == NOBODY
    g = new(players=2, dice=[1], positions={A: 5}, balances={A: price}, current=A)
    g.apply("tirar")
    g.apply("comprar")
    assert g.bal[A] == 0 and g.owner[6] == A and not g.is_over
    g.apply("terminar")
    assert g.current == B and g.phase == PHASE_ROLL


@pytest.mark.parametrize("variant", ["plain", "mortgaged", "owner jailed"])
def test_s3_rent_and_exemptions(variant):
    """S3 (CV-7.1-7.5): street 19 (baseRent 100) with 2 houses, 1 hotel: rent 450; no rent
    if mortgaged or if B is in jail."""
    extra = {"mortgaged": {"mortgaged": {19: True}},
             "owner jailed": {"jailed": {B: True}}}.get(variant, {})
    g = new(players=2, dice=[3], positions={A: 16}, owners={19: B}, houses={19: 2},
            hotels={19: 1}, current=A, **extra)
    g.apply("tirar")
    due = rent(100, 2, 1) if variant == "plain" else 0
    if variant == "plain":
        assert due == 450
    assert g.bal == [START - due, START + due]


@pytest.mark.parametrize("hotels,expected", [(0, 180), (4, 780)])
def test_s3_rent_with_four_houses(hotels, expected):
    """S3 (CV-7.2): baseRent 60 (street 6) with 4 houses: 180; with 4 houses + 4 hotels: 780."""
    g = new(players=2, dice=[1], positions={A: 5}, owners={6: B}, houses={6: 4},
            hotels={6: hotels}, current=A)
    assert g.board.squares[6].rent == 60
    ev = g.apply("tirar")
    due = rent(60, 4, hotels)
    assert due == expected and Decimal(str(event(ev, "rent").data["amount"])) == due
    assert g.bal == [START - due, START + due]


def test_s4_fractional_amounts_are_exact(tmp_path):
    """S4 (CV-7.2, CV-7.3; G4): baseRent 75 with 1 house: 112.5; A = 7387.5, B = 7612.5."""
    path = board_variant(tmp_path, {19: {"baseRent": 75}})
    g = new(players=2, board=path, dice=[3], positions={A: 16}, owners={19: B},
            houses={19: 1}, current=A)
    g.apply("tirar")
    due = rent(75, 1, 0)
    assert due == Decimal("112.5")
    assert g.bal == [Decimal("7387.5"), Decimal("7612.5")]
    assert g.bal[A] == START - due and g.bal[B] == START + due


@pytest.mark.parametrize("balance", [450, 449])
def test_s5_bankruptcy_threshold(balance):
    """S5 (CV-7.6, CV-2.1, CV-2.2): rent 450; with 450 A ends at 0 and play goes on; with
    449 A is at -1, bankrupt, and the game ends at once; no sale or mortgage offered."""
    g = new(players=2, dice=[3], positions={A: 16}, balances={A: balance}, owners={19: B, 1: A},
            houses={19: 2}, hotels={19: 1}, current=A)
    ev = g.apply("tirar")
    due = rent(100, 2, 1)
    assert g.bal == [balance - due, START + due]
    assert kinds(ev)[:2] == ["roll", "rent"]
    if balance == 450:
        assert g.bal[A] == 0 and not g.is_over and g.phase == PHASE_MANAGE
    else:
        assert g.bal[A] == -1 and g.is_over and g.result.reason == "bankruptcy"
        assert g.legal_actions(A) == []


def test_s6_mortgage_and_cancel(tmp_path):
    """S6 (CV-8.2, 8.3, 8.6): baseMortgage 400, 3 houses, 1 hotel: receive 2000 (A 9500),
    cancel 2200 (A 7300). Bare street with baseMortgage 150: receive 150, cancel 165."""
    path = board_variant(tmp_path, {19: {"baseMortgage": 400}})
    g = managing(players=2, board=path, owners={19: A, 1: A}, houses={19: 3}, hotels={19: 1})
    got = mortgage(400, 3, 1)
    assert got == 2000
    g.apply("hipotecar 19")
    assert g.bal[A] == START + got == 9500 and g.mortgage[19] == got
    g.apply("cancelar-hipoteca 19")
    assert g.bal[A] == START + got - got * Decimal("1.10") == 7300
    assert g.board.squares[1].mortgage == 150
    g.apply("hipotecar 1")
    assert g.bal[A] == 7300 + 150
    g.apply("cancelar-hipoteca 1")
    assert g.bal[A] == 7300 + 150 - 165
    # the same street in Qytetet weighs a hotel 1, not 2.5: 1400
    assert Decimal(400) * (1 + HALF * 3 + 1) == 1400 != got


@pytest.mark.parametrize("factor,houses,hotels,expected", [
    ("1.2", 2, 1, 3120), ("0.5", 2, 1, 1650), ("1.2", 0, 0, 600), ("0.5", 0, 0, 600)])
def test_s7_sale(tmp_path, factor, houses, hotels, expected):
    """S7 (CV-5.7-5.9): price 600, build 300, 2 houses + 1 hotel: factor 1.2 -> 3120
    (A 10620), factor 0.5 -> 1650; without buildings 600 whatever the factor."""
    path = board_variant(tmp_path, {6: {"factor": factor}})
    g = managing(players=2, board=path, owners={6: A}, houses={6: houses}, hotels={6: hotels})
    price = sale(600, 300, factor, houses, hotels)
    assert price == expected
    g.apply("vender 6")
    assert g.bal[A] == START + price
    assert g.owner[6] == NOBODY and g.houses[6] == 0 and g.hotels[6] == 0
    if expected == 3120:
        assert g.bal[A] == 10620


def test_s7_negative_factor_rejected(tmp_path):
    """S7 (CV-5.8): loading a board with factor -0.1 is rejected."""
    with pytest.raises(ludoteca.ContentError):
        new(board=board_variant(tmp_path, {6: {"factor": "-0.1"}}))


def test_s8_building():
    """S8 (CV-6.2-6.6): buildPrice 300, 3 houses, A with 1000: house -> 700 and 4 houses;
    hotel -> 400, 0 houses, 1 hotel; at 4 houses + 4 hotels both rejected; a house with
    exactly 300 leaves 0, not bankrupt."""
    g = managing(players=2, owners={6: A}, houses={6: 3}, balances={A: 1000})
    build = g.board.squares[6].build
    assert build == 300
    g.apply("edificar-casa 6")
    assert g.bal[A] == 1000 - build == 700 and g.houses[6] == 4
    g.apply("edificar-hotel 6")
    assert g.bal[A] == 1000 - 2 * build == 400
    assert (g.houses[6], g.hotels[6]) == (0, 1)
    g = managing(players=2, owners={6: A}, houses={6: 4}, hotels={6: 4})
    assert_illegal(g, "edificar-casa 6")
    assert_illegal(g, "edificar-hotel 6")
    g = managing(players=2, owners={6: A}, balances={A: 300})
    g.apply("edificar-casa 6")
    assert g.bal[A] == 0 and not g.is_over


def test_s9_going_to_jail():
    """S9 (CV-4.16, CV-4.4, CV-9.1-9.5, CV-10.7): A 12+3 -> JUEZ -> jail on 5, 7500, turn
    over; B 14+3 -> 17 draws IRCARCEL -> jail, 7500."""
    probe = new()
    jail_card = card(probe, "JAIL")
    g = new(players=3, dice=[3, 3], positions={A: 12, B: 14}, current=A, top=[jail_card])
    ev = g.apply("tirar")
    assert ev[0].data["to"] == JUDGE
    assert g.pos[A] == JAIL and g.jailed[A] and g.bal[A] == START
    assert g.current == B                       # A's turn is over
    g.apply("tirar")
    assert g.pos[B] == JAIL and g.jailed[B] and g.bal[B] == START
    assert g.current == C


def test_s9_escape_card_holder():
    """S9 (CV-9.2, G14, G15): C holds SALIRCARCEL and draws IRCARCEL on 3: C stays on 3,
    free; the bottom of the deck is SALIRCARCEL, IRCARCEL; C may still act."""
    probe = new()
    jail_card, esc = card(probe, "JAIL"), card(probe, "ESCAPE")
    g = new(players=3, dice=[3], positions={C: 0}, owners={1: C}, current=C,
            escape_holder=C, top=[jail_card])
    g.apply("tirar")
    assert g.pos[C] == 3 and not g.jailed[C] and g.escape_holder == NOBODY
    assert g.deck[-2:] == [esc, jail_card]
    assert g.current == C and "hipotecar 1" in actions(g) and "terminar" in actions(g)


def test_s10_leaving_jail_by_rolling():
    """S10 (CV-9.6-9.10): A jailed with 7500. Turn 1: rolls 4, stays. Turn 2: rolls 6,
    freed at no cost, rolls 3 -> 8 (IMPUESTO): 7000."""
    g = new(players=2, dice=[4, 1, 6, 3], jailed={A: True}, positions={B: 9}, current=A)
    g.apply("tirar")
    assert g.jailed[A] and g.current == B
    g.apply("tirar")
    g.apply("terminar")
    g.apply("tirar")
    assert not g.jailed[A] and g.bal[A] == START and g.current == A
    g.apply("tirar")
    assert g.pos[A] == TAX and g.bal[A] == START - 500 == 7000


def test_s10_leaving_jail_by_paying():
    """S10 (CV-9.7, CV-9.10): A pays 200 (7300) then rolls 5 -> 10 (PARKING): 7300; with
    199 only rolling is offered."""
    g = new(players=2, dice=[5], jailed={A: True}, current=A)
    assert sorted(actions(g)) == ["pagar-libertad", "tirar"]
    g.apply("pagar-libertad")
    assert g.bal[A] == 7300
    g.apply("tirar")
    assert g.pos[A] == PARKING and g.bal[A] == 7300
    g = new(players=2, jailed={A: True}, balances={A: 199}, current=A)
    assert actions(g) == ["tirar"]


@pytest.mark.parametrize("value", [-200, 200])
def test_s11_porjugador(value):
    """S11 (CV-10.9; G12): 3 players; PORJUGADOR -200: A 7100, B and C 7700; +200: A 7900,
    the others 7300."""
    pj = card(new(), "PER_PLAYER", value)
    g = new(players=3, dice=[3], positions={A: 14}, current=A, top=[pj])
    g.apply("tirar")
    assert g.bal[A] == START + 2 * value
    assert g.bal[B] == g.bal[C] == START - value
    assert g.bal == ([7100, 7700, 7700] if value < 0 else [7900, 7300, 7300])


def test_s11_porcasahotel():
    """S11 (CV-10.8): A with 4 houses and 2 hotels draws PORCASAHOTEL +100: 8100."""
    ph = card(new(), "PER_BUILDING", 100)
    g = new(players=3, dice=[3], positions={A: 14}, owners={1: A, 2: A}, houses={1: 4},
            hotels={2: 2}, current=A, top=[ph])
    g.apply("tirar")
    assert g.bal[A] == START + 100 * (4 + 2) == 8100


@pytest.mark.parametrize("start,paid", [(17, True), (3, False)])
def test_s11_ircasilla_to_parking(start, paid):
    """S11 (CV-10.5; G6): IRCASILLA -> 10 drawn on 17: 8500 on PARKING; on 3: 7500."""
    goto = card(new(), "GOTO", PARKING)
    g = new(players=3, dice=[3], positions={A: start - 3}, current=A, top=[goto])
    g.apply("tirar")
    assert g.pos[A] == PARKING
    assert g.bal[A] == (8500 if paid else 7500) == START + (BONUS if paid else 0)


def test_s11_ircasilla_to_a_free_street():
    """S11 (CV-10.5, CV-5.1; G6): IRCASILLA -> 19 drawn on 17: no 1000, and A may buy 19."""
    goto = card(new(), "GOTO", 19)
    g = new(players=3, dice=[3], positions={A: 14}, current=A, top=[goto])
    g.apply("tirar")
    assert g.pos[A] == 19 and g.bal[A] == START
    assert "comprar" in actions(g)
    g.apply("comprar")
    assert g.owner[19] == A and g.bal[A] == START - g.board.squares[19].price


@pytest.mark.parametrize("c_balance,winners,ranking", [(1599, (B,), (B, C, A)),
                                                       (2099, (B, C), (B, C, A))])
def test_s12_final_ranking(tmp_path, c_balance, winners, ranking):
    """S12 (CV-2.3-2.5; G7, G11): A with 400 pays a rent of 401 to C: A = -1, bankrupt, game
    over, although A owns 3 streets with hotels; B 2500 without streets; C owns 5 streets
    with houses. Ranking B, C, A and winner B; if B and C both have 2500, both win, listed
    B then C."""
    # street 19 with baseRent 200.5 and 2 houses: 200.5 x 2 = 401
    path = board_variant(tmp_path, {19: {"baseRent": "200.5"}})
    due = rent("200.5", 2, 0)
    assert due == 401
    g = new(players=3, board=path, dice=[3], positions={A: 16}, current=A,
            balances={A: 400, B: 2500, C: c_balance},
            owners={1: A, 2: A, 4: A, 19: C, 6: C, 7: C, 9: C, 11: C},
            hotels={1: 1, 2: 2, 4: 3}, houses={19: 2, 6: 1, 7: 2, 9: 3, 11: 4})
    g.apply("tirar")
    assert g.bal[A] == 400 - due == -1
    assert g.bal[B] == 2500 and g.bal[C] == c_balance + due
    assert g.is_over and g.result.reason == "bankruptcy"
    assert g.result.ranking == ranking and g.result.winners == winners
