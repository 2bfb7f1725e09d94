"""Civitas §2 (end of the game, ranking), §11 (no bank, no groups, no trading) and the
project's ruling X1 (round limit)."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from cv_support import (
    NOBODY,
    PHASE_OVER,
    START,
    STREETS,
    actions,
    event,
    kinds,
    managing,
    money_by_seat,
    new,
    random_playout,
)

import ludoteca
from ludoteca import IllegalAction, InvalidOption
from ludoteca.games.monopoly import actions as A

SOLO_KINDS = {"salida", "salida_card", "buy", "sell", "house", "hotel", "mortgage", "cancel",
              "tax", "bail", "card_pay", "card_per_building"}
TRANSFER_KINDS = {"rent", "card_per_player"}


def _rent_bankruptcy(balances, owners=None, **arrange):
    """Seat 0 lands on seat 1's street 19 (2 houses + 1 hotel: rent 450)."""
    own = {19: 1, **(owners or {})}
    g = new(players=len(balances), dice=[3], positions={0: 16}, current=0,
            balances=dict(enumerate(balances)), owners=own,
            houses={19: 2, **arrange.pop("houses", {})}, hotels={19: 1, **arrange.pop(
                "hotels", {})}, **arrange)
    return g, g.apply("tirar")


# ----- §2 -------------------------------------------------------------------------------------
def test_cv_2_1_bankrupt_means_negative():
    """CV-2.1 (G10): balance < 0 is bankrupt, exactly 0 is not; fractions count."""
    g, _ = _rent_bankruptcy([450, 7500])
    assert g.bal[0] == 0 and not g.is_over
    g, ev = _rent_bankruptcy([449, 7500])
    assert g.bal[0] == -1 and g.is_over
    e = event(ev, "bankrupt")
    assert e.rule == "CV-2.1" and e.data == {"player": 0, "balance": -1}
    g = new(players=2, dice=[1], positions={0: 7}, balances={0: "499.5"}, current=0)
    g.apply("tirar")                            # tax 500
    assert g.bal[0] == Decimal("-0.5") and g.is_over


def test_cv_2_2_game_ends_at_once():
    """CV-2.2 (G10): the game ends as soon as any player is bankrupt; no further action,
    card or turn follows."""
    g, ev = _rent_bankruptcy([449, 7500, 7500])
    assert kinds(ev) == ["roll", "rent", "bankrupt", "game_over"]
    assert "turn" not in kinds(ev)
    assert g.phase == PHASE_OVER and g.to_move == () and g.legal_actions(0) == []
    for seat in range(3):
        assert g.legal_actions(seat) == []
    before = g.state_dict()
    for a in ("terminar", "tirar", "vender 19"):
        with pytest.raises(IllegalAction):
            g.apply(a)
    assert g.state_dict() == before
    # a bankruptcy of a player who is not the current one ends it too (PORJUGADOR)
    probe = new()
    pj = next(i for i, c in enumerate(probe.board.cards)
              if c.kind == "PER_PLAYER" and c.value > 0)
    g = new(players=3, dice=[3], positions={0: 14}, balances={1: 199}, current=0, top=[pj])
    ev = g.apply("tirar")
    assert g.is_over and event(ev, "bankrupt").data["player"] == 1
    assert g.result.details == {"bankrupt": [1]}


def test_cv_2_3_ranking_by_balance_including_the_bankrupt():
    """CV-2.3: everyone, the bankrupt included, is ranked by balance, highest first."""
    g, _ = _rent_bankruptcy([100, 300, 9000, 50])
    assert g.is_over
    r = g.result
    assert r.reason == "bankruptcy"
    assert r.ranking == (2, 1, 3, 0)
    assert [Decimal(str(x)) for x in r.scores] == [Decimal(100 - 450), Decimal(750),
                                                   Decimal(9000), Decimal(50)]
    assert event(g.recent_events, "game_over").rule == "CV-2.3"


def test_cv_2_4_properties_ignored():
    """CV-2.4 (G7): titles, buildings, mortgages and held cards affect neither bankruptcy
    nor ranking."""
    many = {s: 0 for s in STREETS if s != 19}
    g, _ = _rent_bankruptcy([449, 7500, 7500], owners=many, hotels={s: 4 for s in many},
                            escape_holder=0)
    assert g.bal[0] == -1 and g.is_over and g.result.ranking[-1] == 0
    # equal balances rank equal whatever they own (seat order among equals)
    for rich in (1, 2):
        g, _ = _rent_bankruptcy([449, 2000, 2450], owners={1: rich, 2: rich, 4: rich},
                                hotels={1: 4, 2: 4}, mortgaged={4: True})
        assert g.bal == [-1, 2450, 2450] and g.is_over
        assert g.result.winners == (1, 2) and g.result.ranking == (1, 2, 0)
        assert g.result.scores[1] == g.result.scores[2] == 2450


def test_cv_2_5_winners_and_ties():
    """CV-2.5 (G11): the highest balance wins; tied top balances are all winners and the
    ranking keeps seat order among equals."""
    g, _ = _rent_bankruptcy([449, 7000, 7000, 6999])
    assert g.bal[1] == 7450 and g.bal[2] == 7000
    assert g.result.winners == (1,)
    g, _ = _rent_bankruptcy([449, 6550, 7000, 7000])
    assert g.bal[1:] == [7000, 7000, 7000]
    assert g.result.winners == (1, 2, 3) and g.result.ranking == (1, 2, 3, 0)


# ----- §11 ------------------------------------------------------------------------------------
def test_cv_11_1_no_bank():
    """CV-11.1: money gained or spent changes only the acting player's balance; there is
    no bank balance and no money limit."""
    view = new().view(None)
    assert "bank" not in view and all("bank" not in p for p in view["players"])
    g = managing(players=3, owners={19: 0}, balances={0: 10 ** 12}, hotels={19: 4})
    g.apply("hipotecar 19")
    assert g.bal == [10 ** 12 + 11000, START, START]
    checked = 0
    for seed in range(10):
        g = new(players=3, seed=seed)
        for before, ev in random_playout(g, random.Random(seed), 300):
            for e in ev:
                if e.kind in SOLO_KINDS:
                    changes = e.data["balance_changes"]
                    assert len(changes) == 1 and changes[0][0] == before.current
                    checked += 1
    assert checked > 200


def test_cv_11_2_money_between_players_only_by_rent_and_porjugador():
    """CV-11.2: only rent and PORJUGADOR move money between players, always zero-sum, and
    every balance change is reported by an event."""
    transfers = 0
    for seed in range(10):
        g = new(players=4, seed=seed)
        for before, ev in random_playout(g, random.Random(50 + seed), 300):
            for e in ev:
                changes = e.data.get("balance_changes", [])
                if len(changes) > 1 or e.kind in TRANSFER_KINDS:
                    assert e.kind in TRANSFER_KINDS
                    assert sum(Decimal(str(a)) for _, a in changes) == 0
                    transfers += 1
            delta = money_by_seat(ev)
            for s in range(4):
                assert g.bal[s] - before.bal[s] == delta.get(s, 0)
    assert transfers > 10


def test_cv_11_3_no_groups():
    """CV-11.3: owning every street changes no street's price, rent, building or
    mortgage rule."""
    alone = managing(players=2, owners={19: 0}, houses={19: 3})
    everything = managing(players=2, owners={s: 0 for s in STREETS}, houses={19: 3})
    for g in (alone, everything):
        assert g.rent_of(19) == 250 and g.mortgage_amount_of(19) == 2500
        assert g.sale_price_of(19) == 1000 + 3 * 750 * Decimal("0.80")
        assert "edificar-casa 19" in actions(g)
    assert {a for a in actions(alone) if a.endswith(" 19")} == {
        a for a in actions(everything) if a.endswith(" 19")}


def test_cv_11_4_no_trading():
    """CV-11.4: no action transfers a title or a building between players."""
    names = {a.name for a in A.ALL_ACTIONS}
    assert names == {"tirar", "pagar-libertad", "comprar", "terminar", "vender",
                     "edificar-casa", "edificar-hotel", "hipotecar", "cancelar-hipoteca"}
    g = managing(players=2, owners={6: 0, 7: 1})
    for text in ("vender 7", "comprar 7", "trade 6", "dar 6"):
        with pytest.raises(IllegalAction):
            g.apply(text)
    for seed in range(5):
        g = new(players=3, seed=seed)
        for before, _ev in random_playout(g, random.Random(seed), 300):
            for s in STREETS:
                a, b = before.owner[s], g.owner[s]
                assert a == b or NOBODY in (a, b)   # never player -> player


def test_cv_11_5_buildings_only_leave_with_the_title():
    """CV-11.5: a sold title becomes unowned; houses and hotels are never removed on their
    own (only by the sale, or 4 houses becoming a hotel)."""
    g = managing(players=2, owners={6: 0}, houses={6: 2}, hotels={6: 1})
    assert not any(a.startswith(("vender-casa", "vender-hotel")) for a in actions(g))
    g.apply("vender 6")
    assert g.owner[6] == NOBODY and (g.houses[6], g.hotels[6]) == (0, 0)
    for seed in range(8):
        g = new(players=3, seed=seed)
        for before, ev in random_playout(g, random.Random(seed), 300):
            for s in STREETS:
                if g.houses[s] < before.houses[s]:
                    k = kinds(ev)
                    assert ("sell" in k and g.owner[s] == NOBODY) or (
                        "hotel" in k and before.houses[s] == 4 and g.houses[s] == 0)
                if g.hotels[s] < before.hotels[s]:
                    assert "sell" in kinds(ev) and g.owner[s] == NOBODY


# ----- ruling X1: the round limit -------------------------------------------------------------
def test_x1_default_round_limit_is_100():
    """CV X1: max_rounds defaults to 100; bad values are rejected."""
    g = ludoteca.new_game("civitas", players=2, seed=1)
    assert g.max_rounds == 100 and g.view(0)["max_rounds"] == 100
    for bad in (-1, "x", True, 2.5):
        with pytest.raises(InvalidOption):
            ludoteca.new_game("civitas", players=2, seed=1, options={"max_rounds": bad})


def test_x1_game_ends_after_max_rounds_ranked_by_balance():
    """CV X1: after max_rounds rounds (N turns each) the game ends with reason 'limit',
    ranked by balance as at a bankruptcy."""
    g = new(players=3, max_rounds=2, dice=[6, 1, 2, 3, 1, 1], current=1,
            positions={0: 0, 1: 0, 2: 0})
    ended = 0
    while not g.is_over:
        legal = actions(g)
        ev = g.apply("terminar" if "terminar" in legal else "tirar")
        ended += kinds(ev).count("end_turn") + kinds(ev).count("jailed") + kinds(ev).count(
            "jail_stay")
    assert ended == 6 and g.turns == 6
    assert kinds(ev)[-2:] == ["round_limit", "game_over"]
    assert g.result.reason == "limit" and g.result.details == {"rounds": 2}
    scores = [Decimal(str(x)) for x in g.result.scores]
    assert scores == g.bal
    assert list(g.result.ranking) == sorted(range(3), key=lambda s: -g.bal[s])


def test_x1_zero_means_no_limit():
    """CV X1: max_rounds=0 restores the literal rule: hundreds of rounds, no end."""
    g = new(players=2, max_rounds=0, seed=11)
    for _ in range(2 * 150):
        seat = g.current
        while g.current == seat and not g.is_over:
            legal = actions(g)
            g.apply("terminar" if "terminar" in legal else "tirar")
    assert g.turns >= 300
    assert not g.is_over or g.result.reason == "bankruptcy"
    g = new(players=2, max_rounds=1, seed=11)
    seat = g.current
    while g.current == seat:
        legal = actions(g)
        g.apply("terminar" if "terminar" in legal else "tirar")
    assert not g.is_over
