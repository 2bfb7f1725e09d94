"""One test (at least) per gap G1-G18 of the Civitas checklist, checking the recommended
ruling the engine follows (recorded in docs/rules/civitas.md)."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest
from cv_support import (
    BONUS,
    JAIL,
    JUDGE,
    NOBODY,
    PARKING,
    PHASE_JAIL,
    PHASE_MANAGE,
    PHASE_ROLL,
    START,
    STREETS,
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
    random_playout,
    write_board,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca import ContentError
from ludoteca.games.civitas import RULES

# ruling G1's suggested default table: index -> (type, price, build, factor, rent, mortgage)
G1_TABLE = {
    0: ("SALIDA",), 1: ("CALLE", 500, 250, "1.10", 50, 150),
    2: ("CALLE", 520, 250, "0.90", 52, 200), 3: ("SORPRESA",),
    4: ("CALLE", 560, 300, "1.15", 56, 250), 5: ("CARCEL",),
    6: ("CALLE", 600, 300, "0.85", 60, 300), 7: ("CALLE", 640, 350, "1.20", 64, 360),
    8: ("IMPUESTO",), 9: ("CALLE", 680, 400, "0.80", 68, 420), 10: ("PARKING",),
    11: ("CALLE", 720, 450, "1.10", 72, 480), 12: ("SORPRESA",),
    13: ("CALLE", 760, 500, "0.90", 76, 560), 14: ("CALLE", 800, 550, "1.15", 80, 640),
    15: ("JUEZ",), 16: ("CALLE", 860, 600, "0.85", 86, 740), 17: ("SORPRESA",),
    18: ("CALLE", 920, 650, "1.20", 92, 860), 19: ("CALLE", 1000, 750, "0.80", 100, 1000),
}


def _goto_deck(tmp_path, targets, name="deck.toml"):
    """The default board with the three IRCASILLA cards aimed at ``targets``."""
    cards = default_data()["cards"]
    gotos = [c for c in cards if c["type"] == "IRCASILLA"]
    for c, t in zip(gotos, targets, strict=True):
        c["value"] = t
    return board_variant(tmp_path, cards=cards, name=name)


def _draw_goto(path, target, start=14, roll=3, **arrange):
    probe = new(board=path)
    g = new(players=2, board=path, dice=[roll], positions={0: start}, current=0,
            top=[card(probe, "GOTO", target)], **arrange)
    return g, g.apply("tirar")


def test_g1_default_board_is_the_authored_table(tmp_path):
    """CV G1: the default board is authored (board.toml, authored = true) and is the
    checklist's suggested table, tax 500; custom boards load and only their structure and
    non-negative values are enforced."""
    g = new()
    assert g.board.authored is True and g.board.origin == "default"
    for i, row in G1_TABLE.items():
        sq = g.board.squares[i]
        assert sq.kind == row[0]
        if row[0] == "CALLE":
            assert (sq.price, sq.build, sq.factor, sq.rent, sq.mortgage) == (
                row[1], row[2], Decimal(row[3]), row[4], row[5])
            assert sq.name and sq.name_en and sq.name != sq.name_en
            assert 500 <= sq.price <= 1000 and 50 <= sq.rent <= 100
            assert 150 <= sq.mortgage <= 1000 and 250 <= sq.build <= 750
            assert Decimal("0.80") <= sq.factor <= Decimal("0.90") or \
                Decimal("1.10") <= sq.factor <= Decimal("1.20")
    assert g.board.squares[TAX].tax == 500
    path = board_variant(tmp_path, {19: {"purchasePrice": 5000, "factor": "3"},
                                    8: {"tax": 0}})
    custom = new(board=path)
    assert custom.board.squares[19].price == 5000 and custom.board.authored is True
    with pytest.raises(ContentError, match="greater than or equal to 0"):
        new(board=board_variant(tmp_path, {19: {"baseRent": -1}}, name="neg.toml"))


def test_g2_default_deck_values_and_targets():
    """CV G2: PAGARCOBRAR +-500, IRCASILLA -> 5 (jail), 10, 19; PORCASAHOTEL +-100;
    PORJUGADOR +-200; SALIRCARCEL; IRCARCEL. A board file without [[cards]] uses it."""
    g = new()
    got = Counter((c.type_name, c.value) for c in g.board.cards)
    d = Decimal
    assert got == Counter({("PAGARCOBRAR", d(500)): 1, ("PAGARCOBRAR", d(-500)): 1,
                           ("IRCASILLA", d(5)): 1, ("IRCASILLA", d(10)): 1,
                           ("IRCASILLA", d(19)): 1, ("PORCASAHOTEL", d(100)): 1,
                           ("PORCASAHOTEL", d(-100)): 1, ("PORJUGADOR", d(200)): 1,
                           ("PORJUGADOR", d(-200)): 1, ("SALIRCARCEL", None): 1,
                           ("IRCARCEL", None): 1})
    targets = {int(c.value) for c in g.board.cards if c.kind == "GOTO"}
    assert all(g.board.squares[t].kind not in ("SORPRESA", "JUEZ", "SALIDA") for t in targets)
    assert all(c.text and c.text_en for c in g.board.cards)


def test_g2_board_without_cards_uses_default_deck(tmp_path):
    """CV G2: a custom board without [[cards]] gets the default deck; with [[cards]] its
    own, validated."""
    data = default_data()
    del data["cards"]
    g = new(board=write_board(tmp_path, data))
    assert g.board.cards == new().board.cards
    cards = default_data()["cards"]
    cards[0]["value"] = 50
    cards[0]["text"] = "Cobras 50"
    g = new(board=board_variant(tmp_path, cards=cards, name="own.toml"))
    assert g.board.cards[0].value == 50 and g.board.cards[0].text == "Cobras 50"


def test_g3_eleven_cards_two_send_to_jail(tmp_path):
    """CV G3: the table's 11 cards; both the jail IRCASILLA and IRCARCEL imprison; the
    prose's 10-card deck (IRCARCEL replacing the jail IRCASILLA) is rejected."""
    g = new()
    assert len(g.board.cards) == 11
    senders = [i for i, c in enumerate(g.board.cards)
               if c.kind == "JAIL" or (c.kind == "GOTO" and c.value == JAIL)]
    assert len(senders) == 2
    for c in senders:
        h = new(players=2, dice=[3], positions={0: 14}, current=0, top=[c])
        h.apply("tirar")
        assert h.jailed[0] and h.pos[0] == JAIL
    cards = [c for c in default_data()["cards"]
             if not (c["type"] == "IRCASILLA" and c["value"] == JAIL)]
    with pytest.raises(ContentError, match="IRCASILLA"):
        new(board=board_variant(tmp_path, cards=cards))


@settings(max_examples=150, deadline=None)
@given(base=st.decimals(min_value=0, max_value=10000, places=2, allow_nan=False),
       houses=st.integers(0, 4), hotels=st.integers(0, 4),
       factor=st.decimals(min_value=0, max_value=3, places=3, allow_nan=False))
def test_g4_formulas_are_exact(base, houses, hotels, factor):
    """CV G4: rent, mortgage, cancellation and sale amounts are exact decimals, never
    rounded (checked against exact fractions)."""
    fb, ff = Fraction(str(base)), Fraction(str(factor))
    mult = 1 + Fraction(1, 2) * houses + Fraction(5, 2) * hotels
    assert Fraction(str(RULES.rent(base, houses, hotels))) == fb * mult
    got = RULES.mortgage_amount(base, houses, hotels)
    assert Fraction(str(got)) == fb * mult
    assert Fraction(str(RULES.cancel_cost(got))) == fb * mult * Fraction(11, 10)
    sale = RULES.sale_price(base, base, factor, houses, hotels)
    assert Fraction(str(sale)) == fb + (houses + 5 * hotels) * fb * ff


def test_g4_game_money_is_exact_decimal():
    """CV G4: 150 x 1.10 is exactly 165 in play, and balances are Decimals that may hold
    fractions (street 1 with a house: mortgage 225, cancel 247.5)."""
    g = managing(players=2, owners={1: 0, 2: 0}, houses={2: 1})
    g.apply("hipotecar 1")
    g.apply("cancelar-hipoteca 1")
    assert g.bal[0] == START - 15 and isinstance(g.bal[0], Decimal)
    g.apply("vender 2")                         # 520 + 250 x 0.90 = 745
    assert g.bal[0] == START - 15 + 745
    g = managing(players=2, owners={1: 0}, houses={1: 1})
    g.apply("hipotecar 1")
    g.apply("cancelar-hipoteca 1")
    assert g.bal[0] == Decimal("7477.5")
    assert g.view(0)["players"][0]["balance"] == 7477.5
    g = managing(players=2, owners={13: 0}, houses={13: 1}, mortgaged={13: "840"})
    g.apply("cancelar-hipoteca 13")
    assert g.bal[0] == START - Decimal("924.0")


def test_g5_zero_based_numbering_and_jail_goto():
    """CV G5: squares are 0-based with SALIDA = 0, the card value 5 is CÁRCEL, and the
    IRCASILLA to CÁRCEL imprisons (it is not a visit)."""
    g = new()
    assert g.board.squares[0].kind == "SALIDA" and g.board.squares[JAIL].kind == "CARCEL"
    jail_goto = card(g, "GOTO", JAIL)
    g = new(players=2, dice=[3], positions={0: 14}, current=0, top=[jail_goto])
    ev = g.apply("tirar")
    assert "card_goto_jail" in kinds(ev) and "jail_visit" not in kinds(ev)
    assert g.jailed[0] and g.current == 1
    with pytest.raises(ludoteca.InvalidOption):
        new().arrange(positions={0: 20})


def test_g6_card_moves_pay_salida_and_the_target_acts(tmp_path):
    """CV G6: a card move pays 1000 when the target is behind (SALIDA itself included), the
    target acts as if reached by the die (JUEZ jails, SORPRESA draws again), and a card
    naming the current square does nothing."""
    path = _goto_deck(tmp_path, [JAIL, 0, JUDGE], "a.toml")
    g, ev = _draw_goto(path, 0)                 # 17 -> SALIDA: a lap, +1000, nothing else
    assert g.pos[0] == 0 and g.bal[0] == START + BONUS
    assert kinds(ev)[-2:] == ["salida_card", "salida_stop"]
    g, ev = _draw_goto(path, JUDGE)             # 17 -> 15: wraps? no, 15 < 17: +1000 ...
    assert g.jailed[0] and g.pos[0] == JAIL     # ... then JUEZ sends him to jail
    assert g.bal[0] == START + BONUS and "judge" in kinds(ev)
    path = _goto_deck(tmp_path, [JAIL, 17, 12], "b.toml")
    g, ev = _draw_goto(path, 17)                # the card names 17, where he stands
    assert g.pos[0] == 17 and g.bal[0] == START and kinds(ev).count("card") == 1
    assert g.phase == PHASE_MANAGE and g.current == 0
    probe = new(board=path)
    pay = card(probe, "PAY", 500)
    g = new(players=2, board=path, dice=[3], positions={0: 14}, current=0,
            top=[card(probe, "GOTO", 12), pay])
    goto12 = card(probe, "GOTO", 12)
    ev = g.apply("tirar")                       # 17 -> 12 (lap), draws again: +500
    assert kinds(ev).count("card") == 2 and g.pos[0] == 12
    assert g.bal[0] == START + BONUS + 500
    assert g.deck[-2:] == [goto12, pay]         # the move card went back before the draw


def test_g7_ranking_by_balance_only():
    """CV G7: the ranking uses balance only, never capital: a rich landowner with less
    money ranks below a player with more money and no streets."""
    g = new(players=3, dice=[1], positions={0: 7}, balances={0: 499, 1: 3000, 2: 2999},
            owners={s: 2 for s in STREETS}, hotels={s: 4 for s in STREETS}, current=0)
    g.apply("tirar")
    assert g.is_over and g.result.ranking == (1, 2, 0) and g.result.winners == (1,)
    assert g.view(0)["ranked_by"] == "balance"
    assert g.view(0)["players"][2]["capital"] is None


@pytest.mark.parametrize("what", ["buy", "house", "hotel", "cancel", "bail"])
def test_g8_voluntary_payments_need_balance_at_least_cost(what):
    """CV G8: every voluntary payment needs balance >= cost; an exact balance is enough
    and leaves 0 (not bankrupt); one cent less is rejected."""
    cost = {"buy": Decimal(600), "house": Decimal(300), "hotel": Decimal(300),
            "cancel": Decimal("330.0"), "bail": Decimal(200)}[what]
    for balance, ok in ((cost, True), (cost - Decimal("0.01"), False)):
        if what == "buy":
            g = new(players=2, dice=[1], positions={0: 5}, balances={0: balance}, current=0)
            g.apply("tirar")
            text = "comprar"
        elif what == "bail":
            g = new(players=2, jailed={0: True}, balances={0: balance}, current=0)
            text = "pagar-libertad"
        else:
            g = managing(players=2, owners={6: 0}, balances={0: balance},
                         houses={6: 4 if what == "hotel" else 0},
                         mortgaged={6: 300} if what == "cancel" else {})
            text = {"house": "edificar-casa 6", "hotel": "edificar-hotel 6",
                    "cancel": "cancelar-hipoteca 6"}[what]
        if ok:
            g.apply(text)
            assert g.bal[0] == 0 and not g.is_over
        else:
            assert text not in actions(g)
            assert_illegal(g, text)


def test_g9_compulsory_payments_in_full():
    """CV G9: tax, negative PAGARCOBRAR, negative PORCASAHOTEL and PORJUGADOR are applied
    in full into debt, and the creditor gets the full amount."""
    g = new(players=2, dice=[1], positions={0: 7}, balances={0: 100}, current=0)
    g.apply("tirar")
    assert g.bal[0] == -400
    probe = new()
    for kind, value, arrange, want0 in [
            ("PAY", -500, {}, Decimal(-400)),
            ("PER_BUILDING", -100, {"owners": {1: 0}, "houses": {1: 4}}, Decimal(-300)),
            ("PER_PLAYER", -200, {}, Decimal(-300))]:
        g = new(players=3, dice=[3], positions={0: 14}, balances={0: 100}, current=0,
                top=[card(probe, kind, value)], **arrange)
        g.apply("tirar")
        assert g.bal[0] == want0 and g.is_over
        if kind == "PER_PLAYER":
            assert g.bal[1] == g.bal[2] == START + 200       # creditors paid in full


def test_g10_threshold_and_timing():
    """CV G10: bankrupt is < 0, checked after each money step for every player; the game
    ends at once, the rest of the turn is not played, ranked on that state."""
    # A on 7 with 500 pays the 500 tax: 0, fine; with 499: -1, over before any management
    for bal, over in ((500, False), (499, True)):
        g = new(players=2, dice=[1], positions={0: 7}, balances={0: bal}, owners={19: 0},
                current=0)
        ev = g.apply("tirar")
        assert g.is_over == over
        if over:
            assert kinds(ev)[-2:] == ["bankrupt", "game_over"]
            assert g.result.scores[0] == -1
    # a whole PORJUGADOR card is one step: two players can go bankrupt together
    pj = card(new(), "PER_PLAYER", 200)
    g = new(players=3, dice=[3], positions={0: 14}, balances={1: 100, 2: 150}, current=0,
            top=[pj])
    ev = g.apply("tirar")
    assert [e.data["player"] for e in ev if e.kind == "bankrupt"] == [1, 2]
    assert g.result.details == {"bankrupt": [1, 2]} and g.result.ranking == (0, 2, 1)


def test_g11_ties_share_the_win():
    """CV G11: all top balances are winners; the ranking keeps seat order among equals."""
    g = new(players=4, dice=[1], positions={1: 7}, current=1,
            balances={0: 3000, 1: 499, 2: 3000, 3: 3000})
    g.apply("tirar")
    assert g.result.winners == (0, 2, 3) and g.result.ranking == (0, 2, 3, 1)


def test_g12_porjugador_sign():
    """CV G12: positive PORJUGADOR: the drawer collects from each other player; negative:
    he pays each; drawer changes by value x (N - 1), zero-sum."""
    probe = new()
    for value in (200, -200):
        g = new(players=4, dice=[3], positions={0: 14}, current=0,
                top=[card(probe, "PER_PLAYER", value)])
        ev = g.apply("tirar")
        changes = dict(event(ev, "card_per_player").data["balance_changes"])
        assert changes == {0: value * 3, 1: -value, 2: -value, 3: -value}
        assert sum(g.bal) == 4 * START


def test_g13_everyone_and_every_building_counts():
    """CV G13: buildings on mortgaged streets count for PORCASAHOTEL; jailed players pay and
    receive under PORJUGADOR."""
    probe = new()
    g = new(players=2, dice=[3], positions={0: 14}, current=0, owners={6: 0, 7: 0},
            houses={6: 2}, hotels={7: 1}, mortgaged={6: True, 7: True},
            top=[card(probe, "PER_BUILDING", 100)])
    g.apply("tirar")
    assert g.bal[0] == START + 300
    g = new(players=3, dice=[3], positions={0: 14}, current=0, jailed={1: True, 2: True},
            top=[card(probe, "PER_PLAYER", -200)])
    g.apply("tirar")
    assert g.bal == [START - 400, START + 200, START + 200]


def test_g14_escape_card_automatic_and_turn_goes_on():
    """CV G14: the drawn SALIRCARCEL is kept; at the first sending to jail it is used
    automatically; the token stays (on JUEZ) and the turn goes on with management."""
    g = new(players=2, dice=[3], positions={0: 12}, current=0, escape_holder=0,
            owners={1: 0})
    ev = g.apply("tirar")
    assert "escape_used" in kinds(ev) and "jailed" not in kinds(ev)
    assert g.pos[0] == JUDGE and not g.jailed[0] and g.escape_holder == NOBODY
    assert g.current == 0 and g.phase == PHASE_MANAGE
    g.apply("hipotecar 1")
    assert g.mortgage[1] == 150
    g.apply("terminar")
    assert g.current == 1
    # the card is never spent to leave jail: a jailed holder only pays or rolls
    g = new(players=2, dice=[1], jailed={0: True}, escape_holder=0, current=0)
    assert sorted(actions(g)) == ["pagar-libertad", "tirar"]
    g.apply("tirar")
    assert g.jailed[0] and g.escape_holder == 0 and g.current == 1


def test_g15_one_seeded_generator_and_deck_cycle():
    """CV G15: the deck is shuffled once at setup by the seed (same seed, same deck and
    first player), returned cards go to the bottom, a game replays exactly from its
    record, and forced dice come first."""
    decks = {tuple(new(seed=s).deck) for s in range(20)}
    assert len(decks) > 10
    assert new(seed=4).deck == new(seed=4).deck
    assert sorted(new(seed=4).deck) == list(range(11))
    g = new(players=3, seed=9, dice=[6, 6, 6])
    for _ in random_playout(g, random.Random(1), 200):
        pass
    rec = g.record()
    again = ludoteca.replay(rec)
    assert again.state_dict() == g.state_dict()
    assert g.actions_played == again.actions_played


def test_g15_replay_with_custom_board_and_arrangement(tmp_path):
    """CV G15 (with G1): a record embeds the custom board and the arrangement, and replays
    to the identical state, deck order and generator state included."""
    path = board_variant(tmp_path, {19: {"baseRent": 75}})
    g = new(players=3, seed=21, board=path, dice=[3, 1], positions={0: 16},
            owners={19: 1}, houses={19: 1}, current=0)
    for _ in random_playout(g, random.Random(5), 150):
        pass
    assert g.bal[0] != START or g.bal[1] != START
    again = ludoteca.replay(g.record())
    assert again.state_dict() == g.state_dict()
    assert again.board.squares[19].rent == 75
    h = new(players=2, dice=[2, 5], positions={0: 0, 1: 0}, current=0)
    h.apply("tirar")
    h.apply("terminar")
    h.apply("tirar")
    assert h.pos == [2, 5]


def test_g16_turn_structure():
    """CV G16: nothing before the movement roll; after it, buying and managing in any
    order (mortgage first, then buy); one purchase; selling the bought street does not
    renew the option."""
    g = new(players=2, dice=[1], positions={0: 5}, owners={19: 0}, balances={0: 100},
            current=0)
    assert actions(g) == ["tirar"]
    for a in ("hipotecar 19", "vender 19", "edificar-casa 19", "comprar", "terminar"):
        assert_illegal(g, a)
    g.apply("tirar")                            # lands on free 6 (600) with only 100
    assert "comprar" not in actions(g)
    g.apply("hipotecar 19")                     # +1000
    g.apply("comprar")                          # now affordable
    assert g.owner[6] == 0 and g.bal[0] == 500
    g.apply("vender 6")
    assert g.owner[6] == NOBODY and "comprar" not in actions(g)
    assert_illegal(g, "comprar")


def test_g17_leaving_jail_details():
    """CV G17: one attempt per turn; failure ends the turn with no management; success
    (roll or bail) is followed by a movement roll in the same turn; bail needs >= 200."""
    g = new(players=2, dice=[2, 1, 5, 4], jailed={0: True}, owners={1: 0},
            positions={1: 9}, current=0)
    assert g.phase == PHASE_JAIL and "hipotecar 1" not in actions(g)
    g.apply("tirar")                            # 2: fails, turn over
    assert g.current == 1 and g.jailed[0]
    g.apply("tirar")
    g.apply("terminar")
    ev = g.apply("tirar")                       # 5: free
    assert kinds(ev) == ["jail_free_roll"] and g.phase == PHASE_ROLL and g.current == 0
    ev = g.apply("tirar")                       # 4: moves 5 -> 9
    assert ev[0].kind == "roll" and g.pos[0] == 9
    g = new(players=2, jailed={0: True}, balances={0: "199.99"}, current=0)
    assert actions(g) == ["tirar"]


def test_g18_mortgaged_streets():
    """CV G18: a mortgaged street cannot be sold, built on or mortgaged again; the cancel
    cost is 1.10 x the amount actually received, stored when mortgaging."""
    g = managing(players=2, owners={19: 0}, houses={19: 2})
    g.apply("hipotecar 19")
    received = g.mortgage[19]
    assert received == 1000 * 2
    for a in ("vender 19", "edificar-casa 19", "hipotecar 19"):
        assert_illegal(g, a)
    assert [a for a in actions(g) if a.endswith(" 19")] == ["cancelar-hipoteca 19"]
    g.apply("cancelar-hipoteca 19")
    assert g.bal[0] == START + received - received * Decimal("1.10")
    # an arranged amount is what the cancellation is based on, not the current buildings
    g = managing(players=2, owners={19: 0}, houses={19: 4}, mortgaged={19: 1000})
    g.apply("cancelar-hipoteca 19")
    assert g.bal[0] == START - 1100


def test_x1_round_limit_ruling():
    """CV X1: with max_rounds the game ends with reason 'limit' after that many rounds and
    is ranked by balance; max_rounds=0 never ends it that way."""
    g = new(players=2, max_rounds=1, dice=[1, 2], positions={0: 9, 1: 9}, current=0,
            balances={1: 9000})
    g.apply("tirar")
    g.apply("terminar")
    assert not g.is_over
    g.apply("tirar")
    ev = g.apply("terminar")
    assert event(ev, "round_limit").data == {"rounds": 1}
    assert g.is_over and g.result.reason == "limit" and g.result.ranking == (1, 0)
    assert PARKING in g.pos
