"""Qytetet §3 and §4: square types, titles, board validation and the effect of each square."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest
from qy_helpers import (
    G1_TABLE,
    JAIL,
    JUDGE,
    PARKING,
    SALIDA,
    SORPRESAS,
    START,
    STREETS,
    TAX,
    TAX_SQ,
    board_file,
    card,
    default_data,
    kinds,
    legal,
    new,
    put_on_top,
    rent,
    snapshot,
)

import ludoteca

TYPES = {"SALIDA", "CALLE", "SORPRESA", "JUEZ", "CARCEL", "IMPUESTO", "PARKING"}


# ----- §3 squares and titles -------------------------------------------------------------------
def test_qy_3_1_every_square_has_one_of_seven_types():
    """QY-3.1: the seven types, each square exactly one of them."""
    g = new()
    assert {sq.kind for sq in g.board.squares} == TYPES


def test_qy_3_2_only_calle_squares_have_a_title_and_can_be_owned():
    """QY-3.2: CALLE squares have titles (and sale/mortgage actions), no other square does."""
    g = new()
    for sq in g.board.squares:
        assert sq.is_street == (sq.kind == "CALLE")
        if not sq.is_street:
            assert sq.price == sq.build == sq.rent == sq.mortgage == 0
            with pytest.raises(ludoteca.InvalidOption):
                new(owners={sq.index: 0})
    assert g.board.streets == STREETS


def test_qy_3_3_title_fields():
    """QY-3.3: a title has name, purchasePrice, buildPrice, factor, baseRent, baseMortgage."""
    g = new()
    for s in STREETS:
        sq = g.board.squares[s]
        assert sq.name and sq.name_en
        for field in (sq.price, sq.build, sq.factor, sq.rent, sq.mortgage):
            assert isinstance(field, Decimal) and field > 0


def test_qy_3_4_one_owner_per_title_and_trades_act_on_titles():
    """QY-3.4: owning the square is owning its title; at most one owner; a sold title loses
    its owner and a new buyer replaces nobody."""
    g = new(2, dice=[2, 1], positions={0: 4, 1: 5}, owners={7: 0})
    g.apply("tirar")                      # 4 → 6, free
    g.apply("comprar")
    assert g.owner[6] == 0
    g.apply("terminar")
    g.apply("tirar")                      # seat 1: 5 → 6, owned by 0: rent, no purchase
    assert "comprar" not in legal(g, 1) and g.owner[6] == 0
    assert g.bal[1] == START - rent(60, 0, 0)


@pytest.mark.parametrize("change, field", [
    ("count", "squares"),
    ("first", "squares[0].type"),
    ("two_judges", "squares"),
    ("no_parking", "squares"),
    ("missing_rent", "squares[1]"),
    ("no_name", "squares[2]"),
    ("bad_type", "squares[4]"),
    ("tax_missing", "squares[8]"),
    ("title_on_parking", "squares[10]"),
    ("negative", "squares[6].purchasePrice"),
    ("negative_factor", "squares[7].factor"),
])
def test_qy_3_5_bad_boards_are_rejected_clearly(tmp_path, change, field):
    """QY-3.5 (G1): a board without 20 squares, SALIDA first, the per-type counts of
    QY-4.1, QY-4.6, QY-4.11, QY-4.15, QY-4.17, QY-4.19, QY-4.21 and complete titles fails
    with a ContentError naming the file and the field; no game is created."""
    data = default_data()
    sq = data["squares"]
    if change == "count":
        sq.pop()
    elif change == "first":
        sq[0], sq[10] = sq[10], sq[0]
    elif change == "two_judges":
        sq[10] = {"type": "JUEZ"}
    elif change == "no_parking":
        sq[10] = {"type": "SORPRESA"}
    elif change == "missing_rent":
        del sq[1]["baseRent"]
    elif change == "no_name":
        del sq[2]["name"]
    elif change == "bad_type":
        sq[4]["type"] = "ESTACION"
    elif change == "tax_missing":
        del sq[8]["tax"]
    elif change == "title_on_parking":
        sq[10]["purchasePrice"] = 100
    elif change == "negative":
        sq[6]["purchasePrice"] = -1
    elif change == "negative_factor":
        sq[7]["factor"] = "-0.5"
    path = board_file(tmp_path, data=data)
    with pytest.raises(ludoteca.ContentError) as err:
        ludoteca.new_game("qytetet", players=2, seed=1, options={"board": path})
    msg = str(err.value)
    assert path in msg and field in msg
    assert isinstance(err.value, ludoteca.InvalidOption)


def test_qy_3_5_counts_are_named_in_the_error(tmp_path):
    """QY-3.5: the message says what is allowed (the required counts)."""
    data = default_data()
    data["squares"][13] = {"type": "SORPRESA"}
    path = board_file(tmp_path, data=data)
    with pytest.raises(ludoteca.ContentError, match="12 CALLE"):
        ludoteca.new_game("qytetet", players=2, seed=1, options={"board": path})


def test_qy_3_5_missing_file_and_bad_toml(tmp_path):
    """QY-3.5: an unreadable board is a ContentError too."""
    with pytest.raises(ludoteca.ContentError, match="not found"):
        ludoteca.new_game("qytetet", players=2, seed=1,
                          options={"board": str(tmp_path / "nope.toml")})
    bad = tmp_path / "bad.toml"
    bad.write_text("squares = [", encoding="utf-8")
    with pytest.raises(ludoteca.ContentError, match="TOML"):
        ludoteca.new_game("qytetet", players=2, seed=1, options={"board": str(bad)})


def test_qy_3_5_a_valid_custom_board_loads_and_is_used(tmp_path):
    """QY-3.5: another valid layout (streets moved, tax 700) loads and its values are used."""
    data = default_data()
    sq = data["squares"]
    sq[8], sq[9] = sq[9], sq[8]           # IMPUESTO on 9, a street on 8
    sq[9]["tax"] = 700
    path = board_file(tmp_path, data=data)
    g = new(2, dice=[4], positions={0: 5}, options={"board": path})
    assert g.board.squares[9].kind == "IMPUESTO" and g.board.squares[8].is_street
    g.apply("tirar")
    assert g.bal[0] == START - 700


# ----- §4 SALIDA -------------------------------------------------------------------------------
def test_qy_4_1_one_salida_at_index_0():
    """QY-4.1: exactly one SALIDA, the first square."""
    g = new()
    assert [sq.index for sq in g.board.squares if sq.kind == "SALIDA"] == [0]


@pytest.mark.parametrize("start, roll", [(s, r) for s in range(20) for r in range(1, 7)])
def test_qy_4_2_passing_or_stopping_on_salida_pays_1000(start, roll):
    """QY-4.2: +1000 exactly when the move wraps past 19 (at most once per roll)."""
    g = new(2, dice=[roll], positions={0: start}, seed=start * 7 + roll)
    ev = g.apply("tirar")
    assert ev[0].data["to"] == (start + roll) % 20     # (then a card or JUEZ may move him)
    salida = [e for e in ev if e.kind == "salida"]
    if start + roll >= 20:
        assert len(salida) == 1 and salida[0].rule == "QY-4.2"
        assert salida[0].data["balance_changes"] == [[0, 1000]]
    else:
        assert not salida


def test_qy_4_2_examples():
    """QY-4.2: from 17 rolling 5 → 2 and +1000; from 18 rolling 2 → 0 and +1000."""
    g = new(2, dice=[5, 2], positions={0: 17, 1: 18})
    g.apply("tirar")
    assert g.pos[0] == 2 and g.bal[0] == START + SALIDA
    g.apply("terminar")
    ev = g.apply("tirar")
    assert g.pos[1] == 0 and g.bal[1] == START + SALIDA
    assert kinds(ev) == ["roll", "salida", "salida_stop"]


def test_qy_4_3_setup_and_leaving_salida_pay_nothing():
    """QY-4.3: starting on SALIDA and leaving it pay nothing."""
    g = ludoteca.new_game("qytetet", players=3, seed=5, dice=[4], options={"max_rounds": 0})
    assert g.bal == [START] * 3
    me = g.current
    ev = g.apply("tirar")
    assert g.pos[me] == 4 and g.bal == [START] * 3
    assert "salida" not in kinds(ev)


def test_qy_4_4_no_salida_money_on_the_way_to_jail():
    """QY-4.4: sent to jail from JUEZ (15 → 5) or by the jail card from 12 or 17: although 5 is
    behind, no 1000."""
    g = new(2, dice=[3], positions={0: 12})
    ev = g.apply("tirar")                         # 12 → 15 JUEZ → jail on 5
    assert g.pos[0] == JAIL and g.jailed[0] and g.bal[0] == START
    assert "salida" not in kinds(ev) and "salida_card" not in kinds(ev)
    for start in (12, 17):
        g = new(2, dice=[1], positions={0: start - 1})
        put_on_top(g, card(g, "GOTO", JAIL))
        ev = g.apply("tirar")
        assert g.pos[0] == JAIL and g.jailed[0] and g.bal[0] == START
        assert "salida_card" not in kinds(ev)


def test_qy_4_5_goto_card_pays_only_when_target_is_behind():
    """QY-4.5 (G5): IrACasilla → 10 from 12 or 17 pays 1000; → 10 from 3 and → 19 from 17 do
    not."""
    for start, target, paid in ((12, PARKING, True), (17, PARKING, True), (3, PARKING, False),
                                (17, 19, False), (3, 19, False)):
        g = new(2, dice=[1], positions={0: start - 1})
        put_on_top(g, card(g, "GOTO", target))
        ev = g.apply("tirar")
        assert g.pos[0] == target
        assert g.bal[0] == START + (SALIDA if paid else 0)
        assert ("salida_card" in kinds(ev)) == paid
        if paid:
            assert next(e for e in ev if e.kind == "salida_card").rule == "QY-4.5"


# ----- §4 CALLE --------------------------------------------------------------------------------
def test_qy_4_6_twelve_distinct_streets():
    """QY-4.6: 12 CALLE squares with distinct titles (names)."""
    g = new()
    streets = [sq for sq in g.board.squares if sq.kind == "CALLE"]
    assert len(streets) == 12
    assert len({sq.name for sq in streets}) == 12


def test_qy_4_7_cost_of_a_street_is_its_purchase_price():
    """QY-4.7: buying costs the title's purchasePrice (every street of the G1 table)."""
    for s in STREETS:
        g = new(2, dice=[1], positions={0: s - 1})
        g.apply("tirar")
        assert g.pos[0] == s
        ev = g.apply("comprar")
        assert g.bal[0] == START - G1_TABLE[s][0]
        assert ev[0].data["amount"] == G1_TABLE[s][0]


def test_qy_4_8_unowned_street_is_an_option_not_a_duty():
    """QY-4.8: landing on a free street offers the purchase; ending the turn leaves it free,
    with no auction and no purchase offered to anybody else."""
    g = new(3, dice=[2, 1, 1], positions={0: 4, 1: 5, 2: 9})
    ev = g.apply("tirar")
    assert ev[-1].kind == "street_free" and ev[-1].rule == "QY-4.8"
    assert "comprar" in legal(g) and "terminar" in legal(g)
    g.apply("terminar")
    assert g.owner[6] == -1 and g.bal == [START] * 3
    assert "comprar" not in legal(g, 1)
    g.apply("tirar")                                  # seat 1: 5 → 6, may buy now
    assert "comprar" in legal(g, 1)


def test_qy_4_9_street_of_another_player_charges_rent():
    """QY-4.9: landing on another player's street makes the mover pay that owner."""
    g = new(2, dice=[2], positions={0: 4}, owners={6: 1}, houses={6: 1})
    ev = g.apply("tirar")
    r = rent(60, 1, 0)
    assert g.bal == [START - r, START + r]
    assert kinds(ev) == ["roll", "rent"]


def test_qy_4_10_own_street_has_no_effect():
    """QY-4.10: landing on one's own street: no rent, no purchase."""
    g = new(2, dice=[2], positions={0: 4}, owners={6: 0}, houses={6: 3})
    ev = g.apply("tirar")
    assert kinds(ev) == ["roll", "street_own"] and ev[-1].rule == "QY-4.10"
    assert g.bal == [START, START] and "comprar" not in legal(g)


# ----- §4 SORPRESA -----------------------------------------------------------------------------
def test_qy_4_11_three_sorpresa_squares():
    """QY-4.11: exactly 3 SORPRESA squares."""
    g = new()
    assert tuple(sq.index for sq in g.board.squares if sq.kind == "SORPRESA") == SORPRESAS


@pytest.mark.parametrize("square", SORPRESAS)
def test_qy_4_12_sorpresa_draws_the_top_card_at_once(square):
    """QY-4.12: stopping on SORPRESA draws the top card and applies it at once."""
    g = new(2, dice=[1], positions={0: square - 1})
    top = card(g, "PAY", 500)
    put_on_top(g, top)
    ev = g.apply("tirar")
    assert kinds(ev) == ["roll", "card", "card_pay"]
    assert ev[1].rule == "QY-4.12" and ev[1].data["card"] == top
    assert g.bal[0] == START + 500


def test_qy_4_13_salir_carcel_stays_with_the_drawer():
    """QY-4.13 (G15): the drawn SalirCárcel leaves the deck and stays with the player."""
    g = new(2, dice=[3], positions={0: 0})
    esc = card(g, "ESCAPE")
    put_on_top(g, esc)
    g.apply("tirar")
    assert g.escape_holder == 0 and esc not in g.deck and len(g.deck) == 9
    g.apply("terminar")
    assert g.escape_holder == 0


def test_qy_4_14_other_cards_go_back_to_the_bottom():
    """QY-4.14 (G16): every other card returns to the bottom once applied."""
    for kind, value in (("PAY", 500), ("PAY", -500), ("PER_BUILDING", 100),
                        ("PER_PLAYER", -200), ("GOTO", PARKING), ("GOTO", 19)):
        g = new(2, dice=[3], positions={0: 0})
        c = card(g, kind, value)
        put_on_top(g, c)
        rest = g.deck[1:]
        g.apply("tirar")
        assert g.deck == rest + [c]


# ----- §4 JUEZ and CÁRCEL ----------------------------------------------------------------------
def test_qy_4_15_one_juez():
    """QY-4.15: exactly one JUEZ."""
    g = new()
    assert [sq.index for sq in g.board.squares if sq.kind == "JUEZ"] == [JUDGE]


def test_qy_4_16_juez_sends_to_jail():
    """QY-4.16: stopping on JUEZ sends the player to jail."""
    g = new(2, dice=[1], positions={0: 14})
    ev = g.apply("tirar")
    assert kinds(ev)[:3] == ["roll", "judge", "jailed"]
    assert ev[1].rule == "QY-4.16"
    assert g.jailed[0] and g.pos[0] == JAIL


def test_qy_4_17_one_carcel():
    """QY-4.17: exactly one CÁRCEL."""
    g = new()
    assert [sq.index for sq in g.board.squares if sq.kind == "CARCEL"] == [JAIL]
    assert g.board.jail == JAIL


def test_qy_4_18_landing_on_or_passing_carcel_is_a_visit():
    """QY-4.18: stopping on CÁRCEL by the die, or passing over it, imprisons nobody."""
    g = new(2, dice=[2, 4], positions={0: 3, 1: 3})
    ev = g.apply("tirar")                       # 3 → 5
    assert kinds(ev) == ["roll", "jail_visit"] and ev[1].rule == "QY-4.18"
    assert not g.jailed[0] and g.bal[0] == START and "terminar" in legal(g)
    g.apply("terminar")
    g.apply("tirar")                            # 3 → 7 passing 5
    assert not g.jailed[1]
    g.apply("terminar")
    assert g.phase == 0 and legal(g) == {"tirar"}


# ----- §4 IMPUESTO and PARKING -----------------------------------------------------------------
def test_qy_4_19_one_impuesto_with_the_boards_tax():
    """QY-4.19 (G1): one IMPUESTO; its cost is the board's tax (500 by default)."""
    g = new()
    taxes = [sq for sq in g.board.squares if sq.kind == "IMPUESTO"]
    assert len(taxes) == 1 and taxes[0].index == TAX_SQ and taxes[0].tax == TAX


def test_qy_4_20_tax_is_compulsory_even_into_bankruptcy():
    """QY-4.20 (G10): with 300 the balance goes to −200 and the game ends."""
    g = new(2, dice=[1], positions={0: 7}, balances={0: 300})
    ev = g.apply("tirar")
    assert g.bal[0] == Decimal(-200) and g.is_over
    assert kinds(ev) == ["roll", "tax", "bankrupt", "game_over"]
    assert ev[1].rule == "QY-4.20"


def test_qy_4_20_tax_every_time():
    """QY-4.20: each stop on IMPUESTO charges the tax again (seat 0: 7 → 8, then a lap round
    via 14, 0 and 6 back to 8; seat 1 walks the streets 1, 2, 4, 6 meanwhile)."""
    g = new(2, dice=[1, 1, 6, 1, 6, 2, 6, 2, 2], positions={0: 7, 1: 0})
    taxes = 0
    for _ in range(9):
        me = g.current
        ev = g.apply("tirar")
        taxes += kinds(ev).count("tax")
        if g.current == me:
            g.apply("terminar")
    assert g.pos[0] == TAX_SQ and taxes == 2
    assert g.bal[0] == START - 2 * TAX + SALIDA


def test_qy_4_21_one_parking():
    """QY-4.21: exactly one PARKING."""
    g = new()
    assert [sq.index for sq in g.board.squares if sq.kind == "PARKING"] == [PARKING]


def test_qy_4_22_parking_does_nothing():
    """QY-4.22: stopping on PARKING moves no money."""
    g = new(2, dice=[1], positions={0: 9}, owners={1: 0})
    before = list(g.bal)
    ev = g.apply("tirar")
    assert kinds(ev) == ["roll", "parking"] and ev[1].rule == "QY-4.22"
    assert g.bal == before and not g.can_buy


def test_counts_of_the_default_board():
    """QY-4.1, QY-4.6, QY-4.11, QY-4.15, QY-4.17, QY-4.19, QY-4.21 together."""
    g = new()
    assert Counter(sq.kind for sq in g.board.squares) == {
        "SALIDA": 1, "CALLE": 12, "SORPRESA": 3, "JUEZ": 1, "CARCEL": 1, "IMPUESTO": 1,
        "PARKING": 1}
    assert snapshot(g) == snapshot(g.clone())
