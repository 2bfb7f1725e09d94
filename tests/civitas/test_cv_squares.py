"""Civitas §3 and §4: square types, titles, board loading, and what each square does."""

from __future__ import annotations

from collections import Counter
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
    STREETS,
    SURPRISES,
    TAX,
    actions,
    assert_illegal,
    board_variant,
    card,
    default_data,
    event,
    kinds,
    managing,
    new,
    write_board,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca import ContentError, InvalidOption

TYPES = {"SALIDA", "CALLE", "SORPRESA", "JUEZ", "CARCEL", "IMPUESTO", "PARKING"}


def _counts(g):
    return Counter(s.kind for s in g.board.squares)


# ----- §3 squares and titles -----------------------------------------------------------------
def test_cv_3_1_seven_square_types():
    """CV-3.1: every square has exactly one of the seven types."""
    g = new()
    assert {s.kind for s in g.board.squares} == TYPES
    assert all(s.kind in TYPES for s in g.board.squares)


def test_cv_3_2_only_streets_have_titles():
    """CV-3.2: each CALLE has its own title; no other square has one or can be owned."""
    g = new()
    for s in g.board.squares:
        assert s.is_street == (s.kind == "CALLE")
        if not s.is_street:
            assert s.price == s.build == s.rent == s.mortgage == 0
            with pytest.raises(InvalidOption):
                new().arrange(owners={s.index: 0})
    # landing on a non-street never offers a purchase, and no management names it
    g = managing(players=2, owners={1: 0})
    assert "comprar" not in actions(g)
    for a in ("vender 10", "hipotecar 3", "edificar-casa 8", "vender 0"):
        assert_illegal(g, a)
    assert all(a in ("terminar",) or int(a.split()[1]) in STREETS for a in actions(g))


def test_cv_3_3_title_fields():
    """CV-3.3: a title records name, purchasePrice, buildPrice, factor, baseRent and
    baseMortgage (the default board's street 19 as an example)."""
    g = new()
    for s in STREETS:
        sq = g.board.squares[s]
        assert sq.name and sq.price > 0 and sq.build > 0 and sq.factor > 0
        assert sq.rent > 0 and sq.mortgage > 0
    sq = g.board.squares[19]
    assert (sq.price, sq.build, sq.factor, sq.rent, sq.mortgage) == (
        1000, 750, Decimal("0.80"), 100, 1000)
    view = g.view(None)["squares"][19]
    assert view["purchase_price"] == 1000 and view["base_mortgage"] == 1000


def test_cv_3_4_a_title_has_one_owner():
    """CV-3.4: owning a square is owning its title, with at most one owner; buying and
    selling act on the title."""
    g = new(players=2, dice=[1, 1], positions={0: 5, 1: 5}, current=0)
    g.apply("tirar")
    g.apply("comprar")
    assert g.owner[6] == 0
    g.apply("terminar")
    ev = g.apply("tirar")                       # seat 1 lands on it: rent, no purchase
    assert g.pos[1] == 6 and "rent" in kinds(ev)
    assert "comprar" not in actions(g)
    assert g.owner[6] == 0
    assert_illegal(g, "vender 6")               # not his title
    g.apply("terminar")


def test_cv_3_5_default_board_loads():
    """CV-3.5: the default board satisfies every structural check."""
    g = new()
    assert len(g.board.squares) == 20 and g.board.squares[0].kind == "SALIDA"
    assert _counts(g) == {"SALIDA": 1, "CALLE": 12, "SORPRESA": 3, "JUEZ": 1, "CARCEL": 1,
                          "IMPUESTO": 1, "PARKING": 1}


def test_cv_3_5_custom_board_loads(tmp_path):
    """CV-3.5: a custom board with the right structure is accepted and used."""
    path = board_variant(tmp_path, {6: {"name": "Calle Nueva", "purchasePrice": 610}})
    g = new(board=path)
    assert g.board.squares[6].name == "Calle Nueva" and g.board.squares[6].price == 610


def _bad(tmp_path, data, *needles):
    path = write_board(tmp_path, data)
    with pytest.raises(ContentError) as info:
        ludoteca.new_game("civitas", players=2, seed=1, options={"board": path})
    msg = str(info.value)
    assert path in msg
    for n in needles:
        assert n in msg, msg
    assert isinstance(info.value, InvalidOption)


def test_cv_3_5_wrong_square_count_rejected(tmp_path):
    """CV-3.5 / CV-0.1: a board without exactly 20 squares is rejected."""
    d = default_data()
    d["squares"].pop()
    _bad(tmp_path, d, "squares", "20")
    d = default_data()
    d["squares"].append({"type": "PARKING"})
    _bad(tmp_path, d, "squares", "20")


def test_cv_3_5_salida_must_be_first(tmp_path):
    """CV-3.5 / CV-4.1: SALIDA must be square 0."""
    d = default_data()
    d["squares"][0], d["squares"][1] = d["squares"][1], d["squares"][0]
    _bad(tmp_path, d, "squares[0]", "SALIDA")


@pytest.mark.parametrize("index,new_type,expect", [
    (1, "PARKING", "exactly 12 CALLE square(s); it has 11"),        # CV-4.6
    (3, "CALLE", "exactly 12 CALLE square(s); it has 13"),          # CV-4.6
    (10, "SORPRESA", "exactly 3 SORPRESA square(s); it has 4"),     # CV-4.11
    (10, "JUEZ", "exactly 1 JUEZ square(s); it has 2"),             # CV-4.15
    (10, "CÁRCEL", "exactly 1 CÁRCEL square(s); it has 2"),         # CV-4.17
    (5, "PARKING", "exactly 1 CÁRCEL square(s); it has 0"),         # CV-4.17
    (10, "IMPUESTO", "exactly 1 IMPUESTO square(s); it has 2"),     # CV-4.19
    (8, "SORPRESA", "exactly 3 SORPRESA square(s); it has 4"),      # CV-4.19 (none left)
    (1, "SALIDA", "exactly 1 SALIDA square(s); it has 2"),          # CV-4.1
])
def test_cv_3_5_per_type_counts_enforced(tmp_path, index, new_type, expect):
    """CV-3.5 with CV-4.1, 4.6, 4.11, 4.15, 4.17, 4.19, 4.21: exact counts per type."""
    d = default_data()
    sq = {"type": new_type}
    if new_type == "CALLE":
        sq.update(name="Calle Extra", purchasePrice=500, buildPrice=250, factor="1.1",
                  baseRent=50, baseMortgage=150)
    if new_type == "IMPUESTO":
        sq["tax"] = 100
    d["squares"][index] = sq
    _bad(tmp_path, d, "squares", expect)


def test_cv_3_5_parking_count_enforced(tmp_path):
    """CV-3.5 / CV-4.21: a board whose PARKING became another type is rejected (the total
    is 20, so another type's count is off too); moving PARKING elsewhere is fine."""
    for other in ("SORPRESA", "JUEZ", "CÁRCEL"):
        d = default_data()
        d["squares"][10] = {"type": other}
        _bad(tmp_path, d, "squares", "1 each of JUEZ, CÁRCEL, IMPUESTO, PARKING")
    d = default_data()
    d["squares"][10], d["squares"][3] = d["squares"][3], d["squares"][10]
    g = new(board=write_board(tmp_path, d, "moved.toml"))
    assert g.board.squares[3].kind == "PARKING" and g.board.squares[10].kind == "SORPRESA"


@pytest.mark.parametrize("field", ["purchasePrice", "buildPrice", "factor", "baseRent",
                                   "baseMortgage", "name"])
def test_cv_3_5_street_needs_complete_title(tmp_path, field):
    """CV-3.5: every CALLE has a complete title."""
    d = default_data()
    del d["squares"][6][field]
    _bad(tmp_path, d, "squares[6]", field)


def test_cv_3_5_negative_factor_rejected(tmp_path):
    """CV-3.5 / CV-5.8: a factor below 0 is invalid board data."""
    path = board_variant(tmp_path, {6: {"factor": "-0.1"}})
    with pytest.raises(ContentError) as info:
        new(board=path)
    assert "squares[6].factor" in str(info.value) and path in str(info.value)
    assert new(board=board_variant(tmp_path, {6: {"factor": "0"}}, name="zero.toml"))


def test_cv_3_5_other_bad_files(tmp_path):
    """CV-3.5: a missing file, bad TOML, or a title on a non-street are clear errors."""
    with pytest.raises(ContentError, match="not found"):
        new(board=str(tmp_path / "nope.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text("[[squares]\n", encoding="utf-8")
    with pytest.raises(ContentError, match="TOML"):
        new(board=str(bad))
    d = default_data()
    d["squares"][10]["purchasePrice"] = 100
    _bad(tmp_path, d, "squares[10]", "purchasePrice")
    d = default_data()
    d["squares"][6]["purchasePrice"] = -5
    _bad(tmp_path, d, "squares[6].purchasePrice")


# ----- §4 SALIDA ------------------------------------------------------------------------------
def test_cv_4_1_one_salida_first():
    """CV-4.1: exactly one SALIDA, at index 0, where everyone starts."""
    g = new(players=4)
    assert [s.index for s in g.board.squares if s.kind == "SALIDA"] == [0]
    assert g.pos == [0, 0, 0, 0]


@pytest.mark.parametrize("start,roll", [(17, 5), (18, 2), (19, 1), (14, 6), (16, 4)])
def test_cv_4_2_completed_lap_pays_1000(start, roll):
    """CV-4.2: passing over or stopping on SALIDA pays 1000 (17+5 -> 2, 18+2 -> 0, ...)."""
    g = new(players=2, dice=[roll], positions={0: start}, current=0)
    ev = g.apply("tirar")
    assert g.pos[0] == (start + roll) % 20
    e = event(ev, "salida")
    assert e.rule == "CV-4.2" and e.data["balance_changes"] == [[0, 1000]]
    assert g.bal[0] == START + BONUS            # lands on SALIDA or a free street


@settings(max_examples=120, deadline=None)
@given(start=st.integers(0, 19), roll=st.integers(1, 6))
def test_cv_4_2_pays_exactly_when_index_wraps(start, roll):
    """CV-4.2 / CV-4.3: the 1000 is paid iff the move wraps past 19, at most once a roll."""
    g = new(players=2, dice=[roll], positions={0: start}, current=0)
    ev = g.apply("tirar")
    paid = [e for e in ev if e.kind == "salida"]
    assert len(paid) == (1 if start + roll >= 20 else 0)


def test_cv_4_3_starting_or_leaving_salida_pays_nothing():
    """CV-4.3: starting on SALIDA and leaving it pay nothing (C on 0 rolls 4 -> 7500)."""
    g = new(players=2, dice=[4], current=0)
    assert g.bal == [START, START]              # placed on SALIDA: nothing
    ev = g.apply("tirar")
    assert g.pos[0] == 4 and g.bal[0] == START and "salida" not in kinds(ev)


def test_cv_4_4_no_salida_money_on_the_way_to_jail():
    """CV-4.4 / CV-9.4: JUEZ (15) to CÁRCEL (5) would wrap, but pays nothing."""
    g = new(players=2, dice=[3], positions={0: 12}, current=0)
    ev = g.apply("tirar")
    assert g.pos[0] == JAIL and g.jailed[0] and g.bal[0] == START
    assert "salida" not in kinds(ev) and "salida_card" not in kinds(ev)
    # the same from a surprise card sending him to jail from 17
    g = new(players=2, dice=[3], positions={0: 14}, current=0, top=[10])
    assert g.board.cards[10].kind == "JAIL"
    ev = g.apply("tirar")
    assert g.jailed[0] and g.pos[0] == JAIL and g.bal[0] == START


@pytest.mark.parametrize("start,target,paid", [(17, 10, True), (12, 10, True), (3, 10, False),
                                               (3, 19, False), (17, 19, False)])
def test_cv_4_5_card_move_pays_when_target_is_behind(start, target, paid):
    """CV-4.5 (G6): an IRCASILLA move pays 1000 iff the target index is lower."""
    g = new(players=2, dice=[3], positions={0: start - 3}, current=0)
    g.arrange(deck=[card(g, "GOTO", target)] + [i for i in g.deck
                                                 if i != card(g, "GOTO", target)])
    ev = g.apply("tirar")
    assert g.pos[0] == target
    assert ("salida_card" in kinds(ev)) == paid
    if paid:
        assert event(ev, "salida_card").rule == "CV-4.5"
    assert g.bal[0] == START + (BONUS if paid else 0)


# ----- §4 CALLE -------------------------------------------------------------------------------
def test_cv_4_6_twelve_distinct_streets():
    """CV-4.6: exactly 12 CALLE squares, each with its own distinct title."""
    g = new()
    streets = [s for s in g.board.squares if s.kind == "CALLE"]
    assert len(streets) == 12 and tuple(s.index for s in streets) == STREETS
    assert len({s.name for s in streets}) == 12


def test_cv_4_6_duplicate_street_name_rejected(tmp_path):
    """CV-4.6 / CV-3.5: two streets with the same title are rejected."""
    d = default_data()
    d["squares"][2]["name"] = d["squares"][1]["name"]
    _bad(tmp_path, d, "squares", d["squares"][1]["name"])


def test_cv_4_7_cost_is_purchase_price():
    """CV-4.7: the cost of a CALLE is its purchasePrice."""
    for s in (1, 9, 19):
        g = new(players=2, dice=[1], positions={0: s - 1}, current=0)
        g.apply("tirar")
        e = event(g.apply("comprar"), "buy")
        price = g.board.squares[s].price
        assert e.data["amount"] == price and g.bal[0] == START - price


def test_cv_4_8_free_street_is_an_option():
    """CV-4.8: stopping on a free street offers the purchase; declining leaves it unowned,
    with no auction and no purchase by anyone else."""
    g = new(players=3, dice=[2, 1], positions={0: 4, 1: 9, 2: 9}, current=0)
    ev = g.apply("tirar")
    e = event(ev, "street_free")
    assert e.rule == "CV-4.8" and e.data["square"] == 6
    assert set(actions(g)) >= {"comprar", "terminar"}
    assert g.legal_actions(1) == [] and g.legal_actions(2) == []
    g.apply("terminar")
    assert g.owner[6] == NOBODY and g.bal == [START] * 3
    assert g.current == 1 and g.phase == PHASE_ROLL
    g.apply("tirar")                            # seat 1 goes to PARKING: cannot buy 6
    assert g.pos[1] == PARKING and "comprar" not in actions(g)
    assert g.owner[6] == NOBODY


def test_cv_4_9_other_owner_means_rent():
    """CV-4.9: stopping on another player's street obliges the rent."""
    g = new(players=2, dice=[1], positions={0: 5}, owners={6: 1}, current=0)
    ev = g.apply("tirar")
    e = event(ev, "rent")
    assert e.data["amount"] == 60 and g.bal == [START - 60, START + 60]


def test_cv_4_10_own_street_has_no_effect():
    """CV-4.10: stopping on one's own street: no rent and no purchase."""
    g = new(players=2, dice=[1], positions={0: 5}, owners={6: 0}, houses={6: 3}, current=0)
    ev = g.apply("tirar")
    assert event(ev, "street_own").rule == "CV-4.10"
    assert g.bal == [START, START] and "comprar" not in actions(g)


# ----- §4 SORPRESA ----------------------------------------------------------------------------
def test_cv_4_11_three_surprise_squares():
    """CV-4.11: exactly 3 SORPRESA squares (3, 12, 17 on the default board)."""
    g = new()
    assert tuple(s.index for s in g.board.squares if s.kind == "SORPRESA") == SURPRISES


@pytest.mark.parametrize("square", SURPRISES)
def test_cv_4_12_surprise_draws_top_card_at_once(square):
    """CV-4.12: stopping on SORPRESA takes the top card and applies it at once."""
    g = new(players=2, dice=[1], positions={0: square - 1}, current=0)
    g.arrange(deck=[card(g, "PAY", 500)] + [i for i in g.deck if i != card(g, "PAY", 500)])
    top = g.deck[0]
    ev = g.apply("tirar")
    e = event(ev, "card")
    assert e.rule == "CV-4.12" and e.data["card"] == top
    assert g.bal[0] == START + 500              # applied within the same action
    assert g.phase == PHASE_MANAGE


def test_cv_4_13_escape_card_stays_with_drawer():
    """CV-4.13 (G14): a drawn SALIRCARCEL leaves the deck and stays with the drawer."""
    g = new(players=2, dice=[3], current=0)
    esc = card(g, "ESCAPE")
    g.arrange(deck=[esc] + [i for i in g.deck if i != esc])
    ev = g.apply("tirar")
    assert event(ev, "card_escape").rule == "CV-10.10"
    assert g.escape_holder == 0 and esc not in g.deck and len(g.deck) == 10


def test_cv_4_14_other_cards_return_to_bottom():
    """CV-4.14 (G15): every other drawn card goes back to the bottom after its effect."""
    g = new(players=2, dice=[3], current=0)
    c = card(g, "PER_PLAYER", 200)
    g.arrange(deck=[c] + [i for i in g.deck if i != c])
    rest = g.deck[1:]
    g.apply("tirar")
    assert g.deck == rest + [c]


# ----- §4 JUEZ, CÁRCEL ------------------------------------------------------------------------
def test_cv_4_15_and_4_17_one_judge_one_jail():
    """CV-4.15: exactly one JUEZ (15); CV-4.17: exactly one CÁRCEL (5)."""
    g = new()
    assert [s.index for s in g.board.squares if s.kind == "JUEZ"] == [JUDGE]
    assert [s.index for s in g.board.squares if s.kind == "CARCEL"] == [JAIL]
    assert g.board.jail == JAIL


def test_cv_4_16_judge_sends_to_jail():
    """CV-4.16: stopping on JUEZ sends the current player to jail."""
    g = new(players=2, dice=[2], positions={0: 13}, current=0)
    ev = g.apply("tirar")
    assert event(ev, "judge").rule == "CV-4.16"
    assert g.jailed[0] and g.pos[0] == JAIL and g.current == 1


def test_cv_4_18_visiting_jail_imprisons_nobody():
    """CV-4.18: stopping on CÁRCEL with the die, or passing over it, has no effect."""
    g = new(players=2, dice=[1], positions={0: 4}, current=0)
    ev = g.apply("tirar")
    assert event(ev, "jail_visit").rule == "CV-4.18"
    assert g.pos[0] == JAIL and not g.jailed[0] and g.phase == PHASE_MANAGE
    assert g.bal == [START, START]
    g = new(players=2, dice=[3], positions={0: 4}, current=0)
    g.apply("tirar")                            # passes over 5 to 7
    assert g.pos[0] == 7 and not g.jailed[0]


# ----- §4 IMPUESTO, PARKING -------------------------------------------------------------------
def test_cv_4_19_one_tax_square_with_board_amount(tmp_path):
    """CV-4.19 (G1): one IMPUESTO, whose cost is the board's tax (500 by default)."""
    g = new()
    taxes = [s for s in g.board.squares if s.kind == "IMPUESTO"]
    assert len(taxes) == 1 and taxes[0].index == TAX and taxes[0].tax == 500
    g = new(players=2, dice=[1], positions={0: 7}, current=0,
            board=board_variant(tmp_path, {8: {"tax": "123.45"}}))
    g.apply("tirar")
    assert g.bal[0] == START - Decimal("123.45")
    d = default_data()
    del d["squares"][8]["tax"]
    _bad(tmp_path, d, "squares[8]", "tax")


def test_cv_4_20_tax_is_compulsory_even_into_debt():
    """CV-4.20 (G9): the tax is paid every time, even if the balance goes negative."""
    g = new(players=2, dice=[1], positions={0: 7}, current=0)
    ev = g.apply("tirar")
    assert event(ev, "tax").rule == "CV-4.20" and g.bal[0] == START - 500
    g = new(players=2, dice=[1], positions={0: 7}, balances={0: 100}, owners={19: 0},
            current=0)
    g.apply("tirar")
    assert g.bal[0] == -400 and g.is_over and g.result.reason == "bankruptcy"


def test_cv_4_21_and_4_22_parking_does_nothing():
    """CV-4.21: exactly one PARKING; CV-4.22: stopping there moves no money."""
    g = new(players=2, dice=[1], positions={0: 9}, current=0)
    assert [s.index for s in g.board.squares if s.kind == "PARKING"] == [PARKING]
    ev = g.apply("tirar")
    assert kinds(ev) == ["roll", "parking"] and ev[1].rule == "CV-4.22"
    assert g.bal == [START, START] and g.phase == PHASE_MANAGE
