"""Civitas §9 (going to and leaving jail) and §10 (surprise cards)."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal

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
    TAX,
    actions,
    assert_illegal,
    board_variant,
    card,
    default_data,
    event,
    kinds,
    new,
    random_playout,
)

from ludoteca import ContentError, InvalidOption


def _draw(kind, value=None, start=14, roll=3, players=3, **arrange):
    """Seat 0 moves from ``start`` by ``roll`` onto a SORPRESA with that card on top."""
    probe = new(players=players)
    c = card(probe, kind, value)
    g = new(players=players, dice=[roll], positions={0: start, **arrange.pop("positions", {})},
            current=0, top=[c], **arrange)
    return g, c, g.apply("tirar")


# ----- §9 going to jail -------------------------------------------------------------------
@pytest.mark.parametrize("how", ["judge", "IRCARCEL", "jail IRCASILLA"])
def test_cv_9_1_and_9_3_ways_to_jail(how):
    """CV-9.1: JUEZ, IRCARCEL and the IRCASILLA targeting CÁRCEL send to jail; CV-9.3: the
    token goes straight to CÁRCEL and the player is imprisoned."""
    if how == "judge":
        g = new(players=2, dice=[3], positions={0: 12}, current=0)
        ev = g.apply("tirar")
    elif how == "IRCARCEL":
        g, _, ev = _draw("JAIL", players=2)
    else:
        g, _, ev = _draw("GOTO", JAIL, players=2)
    e = event(ev, "jailed")
    assert e.rule == "CV-9.3" and e.data["square"] == JAIL
    assert g.jailed[0] and g.pos[0] == JAIL and g.bal[0] == START


@pytest.mark.parametrize("how", ["judge", "IRCARCEL", "jail IRCASILLA"])
def test_cv_9_2_escape_card_used_automatically(how):
    """CV-9.2 (G14, G15): a holder of SALIRCARCEL sent to jail is not imprisoned, keeps his
    square, and the card goes to the bottom of the deck (before the jail card)."""
    if how == "judge":
        g = new(players=2, dice=[3], positions={0: 12}, current=0, escape_holder=0)
        ev = g.apply("tirar")
        where, sender = JUDGE, None
    else:
        kind, value = ("JAIL", None) if how == "IRCARCEL" else ("GOTO", JAIL)
        g, sender, ev = _draw(kind, value, players=2, escape_holder=0)
        where = 17
    esc = card(g, "ESCAPE")
    assert event(ev, "escape_used").rule == "CV-9.2"
    assert not g.jailed[0] and g.pos[0] == where and g.escape_holder == NOBODY
    tail = [esc] if sender is None else [esc, sender]
    assert g.deck[-len(tail):] == tail and len(g.deck) == 11
    assert g.current == 0 and g.phase == PHASE_MANAGE and "terminar" in actions(g)


def test_cv_9_4_no_salida_on_the_way_to_jail():
    """CV-9.4: the trip to jail never pays the 1000 (from 15 or 17 to 5 would wrap)."""
    g = new(players=2, dice=[2], positions={0: 13}, current=0)
    g.apply("tirar")
    assert g.pos[0] == JAIL and g.bal[0] == START
    g, _, ev = _draw("GOTO", JAIL, players=2)
    assert g.bal[0] == START and "salida_card" not in kinds(ev)


def test_cv_9_5_imprisonment_ends_the_turn():
    """CV-9.5: being imprisoned ends the turn at once: no purchase or management."""
    g = new(players=3, dice=[3], positions={0: 12}, owners={1: 0}, current=0)
    ev = g.apply("tirar")
    assert kinds(ev)[-1] == "turn" and ev[-1].data["player"] == 1
    assert g.current == 1 and g.phase == PHASE_ROLL
    assert g.legal_actions(0) == []
    assert_illegal(g, "hipotecar 1", seat=0)
    assert_illegal(g, "terminar", seat=0)


def _jailed(balance=START, dice=(), players=2):
    """Seat 0 imprisoned and to move."""
    return new(players=players, dice=list(dice), jailed={0: True}, balances={0: balance},
               positions={1: 9}, current=0)


def test_cv_9_6_one_attempt_pay_or_roll():
    """CV-9.6 (G17): a jailed player's turn starts with one attempt: pay 200 or roll."""
    g = _jailed()
    assert g.phase == PHASE_JAIL and g.pos[0] == JAIL
    assert sorted(actions(g)) == ["pagar-libertad", "tirar"]
    for a in ("terminar", "comprar", "hipotecar 1"):
        assert_illegal(g, a)


def test_cv_9_7_paying_bail():
    """CV-9.7 (G8, G17): paying costs 200 and frees; only with balance >= 200."""
    g = _jailed(dice=[5])
    ev = g.apply("pagar-libertad")
    e = event(ev, "bail")
    assert e.rule == "CV-9.7" and e.data["balance_changes"] == [[0, -200]]
    assert not g.jailed[0] and g.bal[0] == START - 200
    g = _jailed(balance=200)
    g.apply("pagar-libertad")
    assert g.bal[0] == 0 and not g.jailed[0] and not g.is_over
    g = _jailed(balance=199)
    assert actions(g) == ["tirar"]
    err = assert_illegal(g, "pagar-libertad")
    assert err.legal == ["tirar"]


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_cv_9_8_roll_five_or_six_frees(roll):
    """CV-9.8: a roll of 5 or 6 frees at no cost; 1 to 4 keeps him imprisoned."""
    g = _jailed(dice=[roll])
    ev = g.apply("tirar")
    freed = roll >= 5
    assert g.jailed[0] == (not freed) and g.bal[0] == START
    assert (ev[0].kind, ev[0].rule) == (("jail_free_roll", "CV-9.8") if freed
                                        else ("jail_stay", "CV-9.9"))


def test_cv_9_9_failed_attempt_ends_the_turn():
    """CV-9.9 (G17): after a failed roll the turn ends: no movement, purchase or
    management."""
    g = _jailed(dice=[4])
    g.arrange(owners={1: 0})
    g.apply("tirar")
    assert g.pos[0] == JAIL and g.current == 1
    assert g.legal_actions(0) == []
    assert_illegal(g, "hipotecar 1", seat=0)


def test_cv_9_10_freed_player_moves_from_jail_this_turn():
    """CV-9.10 (G17): a freed player goes on with his turn: a new movement roll from
    CÁRCEL, then the usual landing effect."""
    g = _jailed(dice=[6, 3])
    g.apply("tirar")
    assert g.current == 0 and g.phase == PHASE_ROLL and actions(g) == ["tirar"]
    ev = g.apply("tirar")
    assert ev[0].data["from"] == JAIL and g.pos[0] == TAX
    assert g.bal[0] == START - 500 and g.phase == PHASE_MANAGE
    g = _jailed(dice=[5])
    g.apply("pagar-libertad")
    assert g.current == 0 and actions(g) == ["tirar"]
    g.apply("tirar")
    assert g.pos[0] == PARKING and g.bal[0] == START - 200


def test_cv_9_11_no_limit_on_jail_time():
    """CV-9.11: a player may stay jailed for any number of turns and is never forced to
    pay (both players jailed, every roll a 1, twelve rounds)."""
    g = new(players=2, dice=[1] * 24, jailed={0: True, 1: True}, current=0)
    for turn in range(24):
        assert g.current == turn % 2 and g.phase == PHASE_JAIL
        assert "pagar-libertad" in actions(g)
        ev = g.apply("tirar")
        assert kinds(ev)[0] == "jail_stay"
    assert g.jailed == [True, True] and g.bal == [START, START] and g.pos == [JAIL, JAIL]
    assert not g.is_over


# ----- §10 the deck -----------------------------------------------------------------------
def test_cv_10_1_deck_composition():
    """CV-10.1 (G3): 11 cards of 6 types: PAGARCOBRAR 2, IRCASILLA 3, PORCASAHOTEL 2,
    PORJUGADOR 2, SALIRCARCEL 1, IRCARCEL 1."""
    g = new()
    assert len(g.board.cards) == 11 and len(g.deck) == 11
    assert Counter(c.type_name for c in g.board.cards) == {
        "PAGARCOBRAR": 2, "IRCASILLA": 3, "PORCASAHOTEL": 2, "PORJUGADOR": 2,
        "SALIRCARCEL": 1, "IRCARCEL": 1}


def _cards():
    return default_data()["cards"]


def test_cv_10_1_custom_deck_counts_enforced(tmp_path):
    """CV-10.1: a custom deck with other counts (e.g. the prose's 10 cards) is rejected."""
    cards = [c for c in _cards() if c["type"] != "IRCARCEL"]
    with pytest.raises(ContentError, match="IRCARCEL"):
        new(board=board_variant(tmp_path, cards=cards))
    cards = _cards() + [{"type": "PAGARCOBRAR", "value": 10}]
    with pytest.raises(ContentError, match="PAGARCOBRAR"):
        new(board=board_variant(tmp_path, cards=cards, name="b2.toml"))
    cards = _cards()
    cards[0]["type"] = "LOTERIA"
    with pytest.raises(ContentError, match=r"cards\[0\]\.type"):
        new(board=board_variant(tmp_path, cards=cards, name="b3.toml"))


def test_cv_10_2_pairs_have_opposite_signs(tmp_path):
    """CV-10.2: each valued pair has one positive and one negative value; SALIRCARCEL and
    IRCARCEL have none."""
    g = new()
    for kind in ("PAY", "PER_BUILDING", "PER_PLAYER"):
        values = sorted(c.value for c in g.board.cards if c.kind == kind)
        assert len(values) == 2 and values[0] < 0 < values[1]
    assert all(c.value is None for c in g.board.cards if c.kind in ("ESCAPE", "JAIL"))
    cards = _cards()
    pj = [c for c in cards if c["type"] == "PORJUGADOR"]
    pj[1]["value"] = 50
    with pytest.raises(ContentError, match="PORJUGADOR"):
        new(board=board_variant(tmp_path, cards=cards))
    cards = _cards()
    next(c for c in cards if c["type"] == "IRCARCEL")["value"] = 3
    with pytest.raises(ContentError, match="no value"):
        new(board=board_variant(tmp_path, cards=cards, name="b2.toml"))


def test_cv_10_3_exactly_one_goto_card_targets_jail(tmp_path):
    """CV-10.3 (G3, G5): one IRCASILLA targets CÁRCEL (5); the other two name other squares."""
    g = new()
    targets = sorted(int(c.value) for c in g.board.cards if c.kind == "GOTO")
    assert targets.count(JAIL) == 1 and len(targets) == 3
    cards = _cards()                            # none targets CÁRCEL
    next(c for c in cards if c["type"] == "IRCASILLA" and c["value"] == JAIL)["value"] = 12
    with pytest.raises(ContentError, match="CÁRCEL"):
        new(board=board_variant(tmp_path, cards=cards, name="none.toml"))
    cards = _cards()                            # two target CÁRCEL
    next(c for c in cards if c["type"] == "IRCASILLA" and c["value"] == 10)["value"] = JAIL
    with pytest.raises(ContentError, match="CÁRCEL"):
        new(board=board_variant(tmp_path, cards=cards, name="two.toml"))
    cards = _cards()
    next(c for c in cards if c["type"] == "IRCASILLA")["value"] = 20
    with pytest.raises(ContentError, match="0 to 19"):
        new(board=board_variant(tmp_path, cards=cards, name="b20.toml"))


# ----- §10 card effects -------------------------------------------------------------------
@pytest.mark.parametrize("value", [500, -500])
def test_cv_10_4_pagarcobrar(value):
    """CV-10.4: the balance changes by the card's value."""
    g, _, ev = _draw("PAY", value)
    assert event(ev, "card_pay").rule == "CV-10.4"
    assert g.bal == [START + value, START, START]


def test_cv_10_5_goto_card_moves_and_target_acts(tmp_path):
    """CV-10.5 (G6): the token moves to the card's square, SALIDA applies (CV-4.5), then
    the target square acts as if reached by the die."""
    g, _, ev = _draw("GOTO", PARKING)           # from 17, wraps: +1000, PARKING does nothing
    assert event(ev, "card_goto").rule == "CV-10.5"
    assert g.pos[0] == PARKING and g.bal[0] == START + BONUS and kinds(ev)[-1] == "parking"
    g, _, ev = _draw("GOTO", 19, owners={19: 1}, hotels={19: 1})
    assert event(ev, "rent").data["amount"] == 350 and g.bal[0] == START - 350
    # a custom deck whose IRCASILLA goes to IMPUESTO: the tax is charged
    cards = _cards()
    next(c for c in cards if c["type"] == "IRCASILLA" and c["value"] == 19)["value"] = TAX
    path = board_variant(tmp_path, cards=cards)
    probe = new(board=path)
    g = new(board=path, dice=[3], positions={0: 14}, current=0, top=[card(probe, "GOTO", TAX)])
    ev = g.apply("tirar")
    assert g.pos[0] == TAX and g.bal[0] == START + BONUS - 500 and "tax" in kinds(ev)


def test_cv_10_6_jail_goto_card():
    """CV-10.6 (G5): the IRCASILLA to CÁRCEL imprisons, pays no SALIDA, ends the turn."""
    g, c, ev = _draw("GOTO", JAIL)
    assert event(ev, "card_goto_jail").rule == "CV-10.6"
    assert g.jailed[0] and g.pos[0] == JAIL and g.bal[0] == START
    assert g.current == 1 and g.deck[-1] == c


def test_cv_10_7_ircarcel():
    """CV-10.7: IRCARCEL imprisons under §9: no SALIDA money, turn over, card to bottom."""
    g, c, ev = _draw("JAIL")
    assert event(ev, "card_jail").rule == "CV-10.7"
    assert g.jailed[0] and g.pos[0] == JAIL and g.bal[0] == START and g.current == 1
    assert g.deck[-1] == c
    g, c, ev = _draw("JAIL", escape_holder=0)
    assert not g.jailed[0] and g.pos[0] == 17 and g.current == 0


@pytest.mark.parametrize("value", [100, -100])
def test_cv_10_8_porcasahotel(value):
    """CV-10.8 (G13): value x (houses + hotels on the drawer's streets); a hotel counts as
    one building; mortgaged streets count; others' buildings do not."""
    g, _, ev = _draw("PER_BUILDING", value, owners={1: 0, 2: 0, 4: 0, 6: 1},
                     houses={1: 4, 6: 4}, hotels={2: 2, 4: 1, 6: 3}, mortgaged={4: True})
    e = event(ev, "card_per_building")
    assert e.rule == "CV-10.8" and e.data["buildings"] == 7
    assert g.bal == [START + 7 * value, START, START]
    g, _, ev = _draw("PER_BUILDING", value, owners={1: 0})
    assert g.bal == [START] * 3


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("value", [200, -200])
def test_cv_10_9_porjugador(players, value):
    """CV-10.9 (G12, G13): each other player changes by -value, the drawer by
    +value x (N - 1); jailed players take part too; the sum is zero."""
    g, _, ev = _draw("PER_PLAYER", value, players=players, jailed={1: True})
    e = event(ev, "card_per_player")
    assert e.rule == "CV-10.9"
    assert g.bal[0] == START + value * (players - 1)
    assert all(g.bal[s] == START - value for s in range(1, players))
    assert sum(g.bal) == START * players


def test_cv_10_10_escape_card_is_kept():
    """CV-10.10: SALIRCARCEL has no immediate effect; the holder keeps it, and no one else
    can hold it meanwhile (it is out of the deck)."""
    g, c, ev = _draw("ESCAPE")
    assert g.escape_holder == 0 and c not in g.deck and g.bal == [START] * 3
    assert g.pos[0] == 17 and not g.jailed[0] and g.phase == PHASE_MANAGE
    assert g.view(None)["players"][0]["holds_salir_carcel"] is True
    with pytest.raises(InvalidOption):          # it cannot be in the deck and held
        new(players=3).arrange(escape_holder=1, deck=list(range(11)))
    g2 = new(players=3, escape_holder=2)
    assert card(g2, "ESCAPE") not in g2.deck and len(g2.deck) == 10


def test_cv_10_11_top_and_bottom():
    """CV-10.11 (G15): draw from the top, return to the bottom, one card fewer while
    SALIRCARCEL is held."""
    g = new(players=2, dice=[3], current=0)
    pay = card(g, "PAY", 500)
    g.arrange(deck=[pay] + [i for i in g.deck if i != pay])
    order = list(g.deck)
    g.apply("tirar")
    assert g.deck == order[1:] + [pay]
    g = new(players=2, dice=[3], current=0)
    esc = card(g, "ESCAPE")
    g.arrange(deck=[esc] + [i for i in g.deck if i != esc])
    order = list(g.deck)
    g.apply("tirar")
    assert g.deck == order[1:] and len(g.deck) == 10


def _deck_model_check(g, ev, model):
    """Replay the deck rules of CV-4.13, CV-4.14, CV-9.2, CV-10.11 and G15 on a model."""
    esc = card(g, "ESCAPE")
    pending = None
    for e in ev:
        if e.kind == "card":
            idx = model.pop(0)                  # drawn from the top
            assert e.data["card"] == idx
            kind = g.board.cards[idx].kind
            if kind in ("PAY", "PER_BUILDING", "PER_PLAYER") or (
                    kind == "GOTO" and g.board.cards[idx].value != JAIL):
                model.append(idx)               # back to the bottom once applied
            elif kind in ("JAIL", "GOTO"):
                pending = idx                   # returns when the jail trip is settled
        elif e.kind == "escape_used":
            model.append(esc)
            if pending is not None:
                model.append(pending)
                pending = None
        elif e.kind == "jailed" and pending is not None:
            model.append(pending)
            pending = None
    assert pending is None
    assert g.deck == model


def test_cv_10_11_deck_follows_the_rules_in_random_games():
    """CV-10.11 / CV-4.13 / CV-4.14 (G15): in random games the deck always equals a model
    that draws from the top, returns cards to the bottom and never reshuffles; it holds
    one card fewer exactly while SALIRCARCEL is held."""
    draws = 0
    for seed in range(12):
        g = new(players=3, seed=seed)
        model = list(g.deck)
        for _before, ev in random_playout(g, random.Random(seed), 300):
            _deck_model_check(g, ev, model)
            draws += kinds(ev).count("card")
            assert len(g.deck) == (10 if g.escape_holder != NOBODY else 11)
    assert draws > 50


def test_cv_10_12_any_player_bankrupted_by_a_card():
    """CV-10.12 (G10): after a card every balance is checked: PORJUGADOR can bankrupt a
    player other than the drawer, and the game ends at once."""
    g, _, ev = _draw("PER_PLAYER", 200, balances={2: 100})
    assert g.bal == [START + 400, START - 200, Decimal(-100)]
    assert g.is_over and g.result.reason == "bankruptcy"
    assert event(ev, "bankrupt").data["player"] == 2
    assert g.result.ranking == (0, 1, 2)
