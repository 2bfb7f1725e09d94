"""«Siglo XX» hidden information and the bank: XX-S.9, XX-S.18, XX-S.19 and gap G21 (XX-G21.1,
XX-G21.2; ruling X9 in docs/rules/sigloxx.md). Another seat's view shows neither coins nor science;
``determinize(seat, seed)`` redraws only what ``seat`` cannot see, so its ``view(seat)`` is
identical."""

from __future__ import annotations

import json
import random
import re

import pytest
from xx_support import C, new, play

import ludoteca

PUBLIC_KEYS = ("country", "technologies", "income", "pollution", "score", "garbage",
               "pending_land", "pending_institutions", "set_aside_garbage", "won")


def positions(n, seed, every=3):
    """Yield (game, events so far) along a random game, every ``every`` actions."""
    g = new(n, seed=seed)
    rng = random.Random(seed)
    events = list(g.opening_events)
    k = 0
    while not g.is_over:
        if k % every == 0:
            yield g, events
        s = g.to_move[0]
        events = events + g.apply(rng.choice(g.legal_actions(s)), seat=s)
        k += 1


def hidden_ids(g):
    st = g.state_dict()["hidden"]
    land = {t for pile in st["land_piles"].values() for t in pile}
    tech = {t for pile in st["tech_piles"].values() for t in pile}
    return land, tech, set(st["catastrophe_stack"]), set(st["catastrophes_out"])


def mentioned(text):
    return set(re.findall(r'"([LTK]\d{1,2}|S\d)"', text))


# ----- XX-S.9: the catastrophe stack and the face-down piles --------------------------------------
def test_xx_s_9_stack_removed_cards_and_piles_never_shown():
    """XX-S.9 (and XX-G21.2, secret to everyone): no view and no event ever names a catastrophe
    of the stack, a removed catastrophe, or a tile still face down in a pile."""
    for n, seed in ((3, 1), (5, 2)):
        seen_events = 0
        for g, events in positions(n, seed):
            land, tech, stack, out = hidden_ids(g)
            secret = land | tech | stack | out
            for seat in [None, *range(n)]:
                assert not mentioned(json.dumps(g.view(seat))) & secret
            new_events = events[seen_events:]
            seen_events = len(events)
            assert not mentioned(json.dumps([e.data for e in new_events])) & secret
            for e in new_events:
                for lang in ("es", "en"):
                    text = g.describe(e, lang)
                    assert not set(re.findall(r"\b(K\d)\b", text)) & (stack | out)
            counts = g.view(None)["piles"]
            assert counts["catastrophes"] == len(stack)
            assert sum(counts["land"].values()) == len(land)


def test_xx_s_9_removed_catastrophes_stay_unknown_at_the_end():
    """XX-S.9: even after the game the four removed cards were never revealed."""
    g = new(4, seed=6)
    out = set(g.state_dict()["hidden"]["catastrophes_out"])
    rng = random.Random(6)
    events = list(g.opening_events)
    while not g.is_over:
        s = g.to_move[0]
        events += g.apply(rng.choice(g.legal_actions(s)), seat=s)
    revealed = {e.data["card"] for e in events if e.kind == "catastrofe"}
    assert len(revealed) == 5 and not revealed & out
    assert not mentioned(json.dumps(g.view(None))) & out


# ----- XX-S.18 and XX-G21.2: holdings secret to the owner ---------------------------------------
def test_xx_s_18_only_the_owner_sees_coins_and_science():
    """XX-S.18, XX-G21.2: coins and science held are in their owner's view only; every public
    part of a seat is the same in all views."""
    for g, _ in positions(4, 3, every=5):
        views = {seat: g.view(seat) for seat in (None, 0, 1, 2, 3)}
        for seat, v in views.items():
            for s, p in enumerate(v["players"]):
                assert ("coins" in p) == ("science" in p) == (seat == s)
                for key in PUBLIC_KEYS:
                    assert p[key] == views[None]["players"][s][key]
            for key in ("land_display", "tech_display", "auction", "catastrophe", "price",
                        "marker", "min_bid", "sp", "scoring_cards"):
                assert v[key] == views[None][key]
        for s in range(4):
            if s not in g.to_move:
                assert g.legal_actions(s) == []              # actions depend on holdings


def test_xx_g21_2_events_carry_only_public_amounts():
    """XX G21 — XX-G21.2 with ruling X9: events report payments made at the table (bids,
    prices, consolation, incomes) but never what a seat holds, until the final scoring."""
    g = new(3, seed=8)
    rng = random.Random(8)
    events = list(g.opening_events)
    while not g.is_over:
        s = g.to_move[0]
        events += g.apply(rng.choice(g.legal_actions(s)), seat=s)
    for e in events:
        if e.kind != "puntuacion_final":
            assert "held" not in e.data, e
    held = [e.data["held"] for e in events if e.kind == "puntuacion_final" and "held" in e.data]
    assert held                                            # revealed at the end only


# ----- determinize --------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5])
def test_xx_g21_2_determinize_keeps_the_seats_view(n):
    """XX G21 — XX-G21.2: determinize(seat, seed) redraws only hidden things: view(seat) and the
    seat's legal actions are identical, and the redrawn world is a legal position."""
    changed = 0
    for g, _ in positions(n, 20 + n, every=4):
        for seat in [None, *range(n)]:
            for seed in (1, 2):
                d = g.determinize(seat, seed)
                assert d.view(seat) == g.view(seat)
                d._check_invariants()
                if seat is not None:
                    assert d.legal_actions(seat) == g.legal_actions(seat)
                if hidden_ids(d) == hidden_ids(g):
                    dh, gh = d.state_dict()["hidden"], g.state_dict()["hidden"]
                    changed += dh["land_piles"] != gh["land_piles"] or \
                        dh["catastrophe_stack"] != gh["catastrophe_stack"]
                else:
                    changed += 1
        if g.round >= 3:
            break
    assert changed > 0                                     # something hidden was redrawn


def test_xx_g21_2_determinize_redraws_the_stack_by_label():
    """XX G21 — XX-G21.2: the redrawn catastrophe stack keeps 2/2/1 cards in label order, drawn
    from the cards not yet seen; the revealed card and used cards stay."""
    g = new(4, seed=5)
    st = g.state_dict()
    stacks = set()
    for seed in range(30):
        d = g.determinize(0, seed).state_dict()
        assert d["catastrophe"]["id"] == st["catastrophe"]["id"]
        stack = d["hidden"]["catastrophe_stack"]
        labels = [next(c.label for c in C.catastrophes if c.id == k) for k in stack]
        assert labels == ["I-II", "III-IV", "III-IV", "V"]
        assert st["catastrophe"]["id"] not in stack + d["hidden"]["catastrophes_out"]
        stacks.add(tuple(stack))
    assert len(stacks) > 1


def test_xx_g21_2_determinize_then_play_on():
    """XX G21 — XX-G21.2: a determinized copy plays on to the end without touching the
    original."""
    g = new(3, seed=9)
    before = g.state_dict()
    d = g.determinize(1, 3)
    rng = random.Random(3)
    while not d.is_over:
        s = d.to_move[0]
        d.apply(rng.choice(d.legal_actions(s)), seat=s)
    assert g.state_dict() == before


# ----- XX-S.19 and XX-G21.1: the bank and limits -----------------------------------------------
def test_xx_s_19_and_g21_1_bank_unlimited_holdings_plain_numbers():
    """XX-S.19: making change has no effect: holdings are plain whole numbers. XX G21 —
    XX-G21.1: the bank never runs out (coins far above the 94 cards are paid out)."""
    g = new(3, sp=0, coins={0: 500, 1: 500, 2: 500}, science={1: 300})
    for s in (0, 1, 2):
        play(g, (s, "retirarse"), (s, "no-comprar"))
    for s in (0, 1, 2):
        assert g.view(s)["players"][s]["coins"] == 504                   # consolation paid
    assert g.view(1)["players"][1]["science"] == 300
    assert "bank" not in json.dumps(g.view(None))


def test_xx_g21_1_holdings_never_go_negative():
    """XX G21 — XX-G21.1: no action can make holdings negative: no opening without the minimum,
    no technology without the price, no catastrophe bid above the science held."""
    g = new(3, sp=0, coins={0: 1}, science={0: 6})
    ev = list(g.opening_events)
    assert [e.data["action"] for e in ev if e.kind == "forzada"] == ["retirarse"]
    assert g.to_move == (0,) and g.view(None)["step"] == "tecnologia"
    tech = g.view(None)["tech_display"][0]
    play(g, (0, f"comprar-tecnologia {tech}"))                           # price 6, holds 6
    assert g.view(0)["players"][0]["science"] == 0
    g = new(3, sp=0, science={0: 5})
    play(g, (0, "retirarse"))
    # price 6 with 3 players, 5 science: the purchase is impossible, so it is skipped (X7)
    assert g.view(None)["auction"]["withdrawn"] == [0] and g.to_move == (1,)
    assert g.view(0)["players"][0]["science"] == 5
    g = new(3, sp=0, phase="catastrofe", science={0: 0},
            pending={0: [{"tile": "L05", "citizen": True, "garbage": 1}]})
    assert {a.arg for a in g.legal_actions(0)} == {0}
    with pytest.raises(ludoteca.IllegalAction, match="exceed the science"):
        g.apply("columna-E 1", seat=0)
    rng = random.Random(1)
    g = new(5, seed=1)
    while not g.is_over:
        s = g.to_move[0]
        g.apply(rng.choice(g.legal_actions(s)), seat=s)
        assert min(g.state_dict()["hidden"]["coins"]) >= 0
        assert min(g.state_dict()["hidden"]["science"]) >= 0
