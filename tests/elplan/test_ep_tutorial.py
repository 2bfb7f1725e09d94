"""The tutorial of «El Plan» (EP-TUT.1–27) and its walkthrough as an end-to-end acceptance test.

The walkthrough plays the guide's script move by move with A = seat 0 (MP-1, Momento Cero),
B = seat 1 (BC-1) and C = seat 2 (SV-1), and checks every checkpoint twice: the engine's own
``tutorial-control`` event must say ``ok``, and the numbers are read again from the view. Money
trace (fixture: S01 +1 D, S02 +1 CH, S03 +2 D at D7 to players without Ideas, S04 +1 E, S05 1 D
on subsidy square 1; every tutorial card costs 1 D and is activated with 1 E)."""

from __future__ import annotations

import pytest
from ep_support import idle
from ep_support import view_step as step

import ludoteca
from ludoteca.core.action import Action

A, B, C = 0, 1, 2


def new(**options):
    return ludoteca.new_game("elplan", players=3, seed=5, options={"tutorial": True, **options})


def hand(g, s):
    return g.view(None)["players"][s]["hand"]


def act(g, seat, text, log):
    """Apply ``text`` for ``seat``; the seat must be one of those to move."""
    assert seat in g.to_move, (seat, g.to_move, g.view(None)["step"])
    ev = g.apply(text, seat=seat)
    g._check_invariants()
    log += ev
    return ev


def done(g, seat, log):
    """End the seat's turn with 'listo' unless the engine has already passed it over (a seat
    whose only legal action is 'listo' in a step taken in order)."""
    if seat in g.to_move:
        act(g, seat, "listo", log)


def controls(events):
    return {e.data["id"]: e for e in events if e.kind == "tutorial-control"}


def avail(g, s):
    """Available processes after D2, without the D4 square (G3): what the guide calls 'fichas
    de Proceso'."""
    return sum(g._pool_of(s, square=False))


def pass_all(g, log, until):
    while not until(g):
        s = g.to_move[0]
        legal = g.legal_actions(s)
        assert Action("listo") in legal, (step(g), [str(a) for a in legal])
        act(g, s, "listo", log)


# ----- the whole walkthrough -----------------------------------------------------------------
def test_tutorial_walkthrough_every_checkpoint():
    """EP-TUT.16: the guide's walkthrough with every [TEXT]/[DERIVED]/[FIXTURE] checkpoint
    (TC01–TC15 all ok, and the numbers read directly). Also EP-TUT.17–26, EP-TUT.5, EP-TUT.15,
    G42."""
    g = new()
    log = list(g.opening_events)
    v = g.view(None)
    # 0. setup (TC01) — then Period 1 runs with no decision at all
    tc = controls(log)
    assert tc["TC01"].data["ok"] and tc["TC02"].data["ok"] and tc["TC03"].data["ok"]
    assert [p["plan"] for p in v["players"]] == ["MP-1", "BC-1", "SV-1"]
    prep = next(e for e in log if e.kind == "preparacion")
    assert prep.data["resources"] == {"ch": 2, "d": 2, "e": 2} and prep.data["mc"] == A
    # 1. Period 1: event No. 1 (+1 D) then removed from the game; MC A -> B
    s01, s02 = [e for e in log if e.kind == "suceso"]
    assert s01.data["event"] == "S01" and s01.data["face_down"] == 4      # Nos. 2–5 left
    gain = next(e for e in log if e.kind == "suceso-gana")
    assert gain.data["players"] == [A, B, C] and gain.data["gain"] == {"ch": 0, "d": 1, "e": 0}
    assert s02.data["event"] == "S02" and s02.data["face_down"] == 3
    assert v["events"]["removed"] == ["S01"] and v["events"]["under"] == []
    # TC03 (4 face down after Period 1) has passed; Period 2 has already turned No. 2
    assert v["events"]["face_down"] == 3 and v["events"]["current"] == "S02"
    assert g.mc == B
    # 2. Period 2: event No. 2 (+1 CH): everyone 3 CH / 3 D / 2 E
    assert g.period == 2 and step(g) == "d2-activar"
    assert v["events"]["current"] == "S02"
    assert all(idle(g, s) == {"ch": 3, "d": 3, "e": 2} for s in (A, B, C))
    for s in (B, C, A):                                       # in order from MC = B
        act(g, s, "activar 0", log)
        act(g, s, "activar 1", log)
        done(g, s, log)
    assert idle(g, A) == {"ch": 2, "d": 3, "e": 1}            # MP-1: P-A 1 E, P-B 1 CH
    assert idle(g, B) == {"ch": 2, "d": 3, "e": 1}            # BC-1: P-B 1 CH, P-C 1 E
    assert idle(g, C) == {"ch": 2, "d": 2, "e": 2}            # SV-1: P-A 1 CH, P-C 1 D
    pass_all(g, log, lambda x: step(x) == "d4-fabricar")
    assert controls(log)["TC04"].data["ok"]                   # 2 process tokens each
    assert all(avail(g, s) == 2 for s in (A, B, C))
    for s, t in ((A, "mp"), (B, "bc"), (C, "sv")):
        assert [str(a) for a in g.legal_actions(s)] == [f"fabricar-{t}"]   # must make
        act(g, s, f"fabricar-{t}", log)
        done(g, s, log)
    assert controls(log)["TC05"].data["ok"]                   # 1 product each
    assert hand(g, A) == {"mp": 1, "bc": 0, "sv": 0}
    assert hand(g, B) == {"mp": 0, "bc": 1, "sv": 0}
    assert hand(g, C) == {"mp": 0, "bc": 0, "sv": 1}
    # D7 had nobody able to trade; summary 1,3,5,6 (+8): event No. 2 under, MC B -> C
    assert g.period == 3 and g.mc == C
    v = g.view(None)
    assert v["events"]["under"] == ["S02"] and v["events"]["current"] == "S03"
    assert all(p["ideas"] == 0 for p in v["players"])
    assert sum(1 for d in v["decks"] for o in d["offers"] if o) == 0   # no offers in P2
    # 3. Period 3: D2 keeps the Period 2 activations
    assert step(g) == "d2-canjear"        # the activation step had nothing to decide
    assert not any(a.name == "activar" for a in g.legal_actions(C))   # nothing to pay again
    pass_all(g, log, lambda x: step(x) == "d3-invertir")
    assert controls(log)["TC06"].data["ok"] and controls(log)["TC07"].data["ok"]
    assert all(avail(g, s) == 2 for s in (A, B, C))
    offers = [o["card"] for d in g.view(None)["decks"] for o in d["offers"]]
    assert offers == ["t-local-comercial", "t-galpon", "t-contadora", "t-ingeniero",
                      "maquinaria", "t-computador"]           # No. 1 and No. 2 of each deck
    assert all(o["age"] == 0 for d in g.view(None)["decks"] for o in d["offers"])
    assert g.to_move == (C,)                                  # order C, A, B
    assert Action("listo") not in g.legal_actions(C)          # each must buy one
    act(g, C, "invertir tecnologia-1", log)                   # Maquinaria: 1 D (erratum)
    act(g, A, "invertir infraestructura-1", log)
    act(g, B, "invertir especialista-1", log)
    assert controls(log)["TC08"].data["ok"]                   # 1 investment each, 3 offers
    assert idle(g, A) == {"ch": 2, "d": 2, "e": 1}
    assert idle(g, B) == {"ch": 2, "d": 2, "e": 1}
    assert idle(g, C) == {"ch": 2, "d": 1, "e": 2}
    assert step(g) == "d4-fabricar"
    for s, t in ((C, "sv"), (A, "mp"), (B, "bc")):
        act(g, s, f"fabricar-{t}", log)
        done(g, s, log)
    assert controls(log)["TC09"].data["ok"]                   # 2 identical products
    assert hand(g, A)["mp"] == 2 and hand(g, B)["bc"] == 2 and hand(g, C)["sv"] == 2
    assert step(g) == "d5-vender"                             # empty market: nobody can buy
    for s, t in ((C, "sv"), (A, "mp"), (B, "bc")):
        assert Action("listo") not in g.legal_actions(s)      # exactly one sale
        act(g, s, f"vender-{t}-d", log)
    assert controls(log)["TC10"].data["ok"]
    # D7: event No. 3 (+2 D to players without Ideas) before D7's rules; summary; MC C -> A
    s03 = next(e for e in log if e.kind == "suceso-gana" and e.data["event"] == "S03")
    assert s03.data["players"] == [C, A, B] and s03.data["gain"] == {"ch": 0, "d": 2, "e": 0}
    # Period 4 has begun and its event No. 4 (+1 E) is applied already
    assert g.period == 4 and g.mc == A
    assert idle(g, A) == {"ch": 2, "d": 5, "e": 2}
    assert idle(g, B) == {"ch": 2, "d": 5, "e": 2}
    assert idle(g, C) == {"ch": 2, "d": 4, "e": 3}
    v = g.view(None)
    assert v["market"] == {"mp": 1, "bc": 1, "sv": 1}
    assert v["events"]["under"] == ["S02", "S03"]
    decks = v["decks"]
    # step 5 rotated the unbought offers, step 6 refilled the bought slots with No. 3
    assert [(o["card"], o["age"]) for d in decks for o in d["offers"]] == [
        ("t-camioneta", 0), ("t-galpon", 1), ("t-disenadora", 0), ("t-ingeniero", 1),
        ("t-herramientas", 0), ("t-computador", 1)]
    # 4. Period 4: event No. 4 (+1 E), activate the investment: 3 processes each
    assert v["events"]["current"] == "S04"
    assert step(g) == "d2-activar"
    for s in (A, B, C):                                       # in order from MC = A
        assert g.to_move == (s,)
        n = next(t["n"] for t in g.view(None)["players"][s]["targets"] if t["n"] >= 2)
        assert [str(a) for a in g.legal_actions(s)] == [f"activar {n}"]   # must activate it
        act(g, s, f"activar {n}", log)
        done(g, s, log)
    pass_all(g, log, lambda x: step(x) == "d3-invertir")
    assert controls(log)["TC11"].data["ok"]
    assert all(avail(g, s) == 3 for s in (A, B, C))           # G42(a): 3, not 4
    for s in (A, B, C):                                        # D3: nobody buys (optional)
        done(g, s, log)
    assert step(g) == "d4-fabricar"
    for s, t in ((A, "bc"), (B, "sv"), (C, "mp")):
        assert [str(a) for a in g.legal_actions(s)] == [f"fabricar-{t}"]
        act(g, s, f"fabricar-{t}", log)
        done(g, s, log)
    assert controls(log)["TC12"].data["ok"]
    assert g.view(None)["market"] == {"mp": 1, "bc": 1, "sv": 1}
    assert all(sum(hand(g, s).values()) == 2 and max(hand(g, s).values()) == 1
               for s in (A, B, C))
    assert step(g) == "d5-comprar"
    for s, t in ((A, "sv"), (B, "mp"), (C, "bc")):
        assert [str(a) for a in g.legal_actions(s)] == [f"comprar-{t}"]
        act(g, s, f"comprar-{t}", log)
    assert controls(log)["TC13"].data["ok"]
    assert all(hand(g, s) == {"mp": 1, "bc": 1, "sv": 1} for s in (A, B, C))
    assert g.view(None)["market"] == {"mp": 0, "bc": 0, "sv": 0}
    assert idle(g, A)["d"] == 2 and idle(g, B)["d"] == 2 and idle(g, C)["d"] == 1
    assert step(g) == "d7-innovar"                            # buy only: no Sell step
    for s in (A, B, C):
        act(g, s, "innovar", log)
    assert controls(log)["TC14"].data["ok"]
    assert all(p["ideas"] == 1 and sum(p["hand"].values()) == 0
               for p in g.view(None)["players"])
    # summary: the offers rotated in P3 are retired, the P3 refills rotate, No. 4 comes in
    assert g.period == 5 and g.mc == B
    v = g.view(None)
    assert [d["under"] for d in v["decks"]] == [["t-galpon"], ["t-ingeniero"], ["t-computador"]]
    assert [(o["card"], o["age"]) for d in v["decks"] for o in d["offers"]] == [
        ("t-camioneta", 1), ("t-oficina", 0), ("t-disenadora", 1), ("t-vendedor", 0),
        ("t-herramientas", 1), ("t-telefono", 0)]
    # 5. Period 5: Opportunity in order B, C, A; empty market: only D6-1 of the D6 squares
    assert step(g) == "oportunidad" and g.to_move == (B,)
    usable = {q["id"] for q in v["squares"] if q["usable"]}
    assert usable == {"D1-1", "D2-1", "D2-2", "3A", "3B", "3C", "D4", "D5", "D6-1"}
    act(g, B, "ubicar D6-1", log)
    act(g, C, "ubicar D4", log)
    act(g, A, "ubicar 3B", log)
    assert controls(log)["TC15"].data["ok"]                   # last event; 1 D on square 1
    v = g.view(None)
    assert v["events"]["face_down"] == 0 and v["subsidies"] == [1, 0, 0]
    # D2: an Idea as a wildcard (EP-TUT.27): A's Idea replaces the E on P-A
    assert step(g) == "d2-desactivar"                 # full D2 now: steps 1 and 2 are open
    pass_all(g, log, lambda x: step(x) == "d2-activar")
    assert g.to_move == (B,)
    done(g, B, log)
    done(g, C, log)
    act(g, A, "sustituir-e 0", log)
    done(g, A, log)
    assert idle(g, A) == {"ch": 2, "d": 2, "e": 2}
    assert g.view(None)["players"][A]["ideas"] == 1           # a placed Idea still counts
    pass_all(g, log, lambda x: step(x) == "d3-invertir")
    done(g, B, log)
    done(g, C, log)
    ev = act(g, A, "invertir especialista-2", log)            # 3B: 1 D -> 0 D
    buy = next(e for e in ev if e.kind == "invertir")
    assert buy.data["paid"] == {"ch": 0, "d": 0, "e": 0} and buy.data["card"] == "t-vendedor"
    assert step(g) == "d4-fabricar"
    assert g.view(None)["players"][C]["processes"] == {"a": 1, "b": 0, "c": 1, "any": 2}
    for s, t in ((B, "bc"), (C, "sv"), (A, "mp")):
        act(g, s, f"fabricar-{t}", log)
        done(g, s, log)
    assert step(g) == "d5-vender"                             # nothing to buy, no imports
    act(g, B, "vender-bc-e", log)
    done(g, B, log)
    act(g, C, "vender-sv-d", log)
    done(g, C, log)
    act(g, A, "vender-mp-d", log)
    done(g, A, log)
    assert step(g) == "d6-credito-subsidio" and g.to_move == (B,)
    act(g, B, "elegir-ch", log)
    done(g, B, log)
    # D7: nobody holds 3 types; summary 1–6, then the tutorial ends (erratum 2)
    assert g.is_over and g.result.reason == "tutorial" and g.period == 5
    assert all(e.data["ok"] for e in controls(log).values())
    assert sorted(controls(log)) == [f"TC{i:02d}" for i in range(1, 16)]
    assert len([e for e in log if e.kind == "explain"]) == 36
    v = g.view(None)
    assert idle(g, B) == {"ch": 3, "d": 3, "e": 2} and v["subsidies"] == [0, 0, 0]
    assert g.mc == B                                          # step 8 is not in P5's list
    # result: Ideas only; all tied on 1 -> tie-break 1 (resources, idle + placed)
    r = g.result
    assert r.scores == (1, 1, 1)
    assert r.details["resources"] == [9, 11, 9]
    assert r.details["liquidation"] == [11, 12, 10]           # + 1 per tutorial card
    assert r.winners == (B,) and r.ranking == (B, A, C)


# ----- single rules ---------------------------------------------------------------------------
def test_ep_tut_1_three_players_only():
    """EP-TUT.1: the tutorial is for exactly 3 players (or 3 teams, EP-GEN.11)."""
    for n in (2, 4, 5):
        with pytest.raises(ludoteca.InvalidOption, match="3 players"):
            ludoteca.new_game("elplan", players=n, seed=1, options={"tutorial": True})
    assert new().n == 3


def test_ep_tut_2_setup():
    """EP-TUT.2: the 3 tutorial plans, 2 of each resource, MC to the configured seat, no
    entrepreneur tokens before Period 5 (no Opportunity phase, every square empty)."""
    g = new(first_player=2)
    first = next(e for e in g.opening_events if e.kind == "preparacion")
    assert first.rule == "EP-TUT.2"
    assert sorted(first.data["plans"]) == ["BC-1", "MP-1", "SV-1"]
    assert first.data["resources"] == {"ch": 2, "d": 2, "e": 2} and first.data["mc"] == 2
    assert controls(g.opening_events)["TC01"].data["ok"]
    assert not any(e.kind == "ubicar" for e in g.opening_events)
    assert all(q["seat"] is None for q in g.view(None)["squares"])
    with pytest.raises(ludoteca.InvalidOption, match="permutation"):
        new(plans=["MP-1", "BC-1", "SV-2"])
    g2 = new(plans=["SV-1", "MP-1", "BC-1"])
    assert [p["plan"] for p in g2.view(None)["players"]] == ["SV-1", "MP-1", "BC-1"]


def test_ep_tut_3_event_deck_in_order():
    """EP-TUT.3: 5 event cards, No. 1 on top, never shuffled (any seed gives S01…S05)."""
    for seed in (1, 2, 3):
        g = ludoteca.new_game("elplan", players=3, seed=seed, options={"tutorial": True})
        assert g.state_dict()["hidden"]["events_face_down"] == ["S03", "S04", "S05"]
        assert g.view(None)["events"]["current"] == "S02"
        assert g.view(None)["events"]["removed"] == ["S01"]
        assert g.view(None)["events"]["set_aside"] == 0
    with pytest.raises(ludoteca.InvalidOption, match="EP-TUT"):
        new().arrange(events=["S09"])


def test_ep_tut_4_investment_decks_from_period_3():
    """EP-TUT.4: the tutorial decks (5 cards each, No. 1 on top, not shuffled) come into play
    in Period 3; before that there are no offers."""
    g = new()
    hidden = g.state_dict()["hidden"]["decks_face_down"]
    assert hidden[0] == ["t-local-comercial", "t-galpon", "t-camioneta", "t-oficina",
                         "t-bodega-de-barrio"]
    assert hidden[2][0] == "maquinaria" and all(len(d) == 5 for d in hidden)
    assert not g.view(None)["decks_live"]
    assert all(o is None for d in g.view(None)["decks"] for o in d["offers"])


def _script(g, until=None):
    """The guide's script as a policy (buy the first offer, make, sell for Dinero, buy the
    missing type, innovate, place on the first usable square)."""
    log = list(g.opening_events) if not g.actions_played else []
    while not g.is_over and not (until and until(g)):
        s = g.to_move[0]
        acts = g.legal_actions(s)
        choice = None
        for pref in ("innovar", "fabricar", "activar", "invertir", "comprar", "vender",
                     "ubicar", "elegir", "conservar"):
            choice = next((a for a in acts if a.name.startswith(pref) and "credito" not in
                           a.name and not a.name.endswith("-e")), None)
            if choice:
                break
        if choice is None:
            choice = Action("listo") if Action("listo") in acts else acts[0]
        log += g.apply(choice, seat=s)
    return log


def test_ep_tut_5_districts_per_period():
    """EP-TUT.5: Districts {1}, {1,2,4,7}, {1,2,3,4,5,7} twice, then all 7, in rising order."""
    g = new()
    log = _script(g)
    per = {}
    for e in log:
        if e.kind == "distrito":
            per.setdefault(e.data["period"], []).append(e.data["district"])
    assert per == {1: [1], 2: [1, 2, 4, 7], 3: [1, 2, 3, 4, 5, 7], 4: [1, 2, 3, 4, 5, 7],
                   5: [1, 2, 3, 4, 5, 6, 7]}
    periods = [e.data["districts"] for e in log if e.kind == "periodo"]
    assert periods == [[1], [1, 2, 4, 7], [1, 2, 3, 4, 5, 7], [1, 2, 3, 4, 5, 7],
                       [1, 2, 3, 4, 5, 6, 7]]


def test_ep_tut_6_no_opportunity_before_period_5():
    """EP-TUT.6: Periods 1–4 have no Opportunity phase (no placement, no benefits)."""
    g = new()
    log = _script(g, until=lambda x: x.period == 5)
    assert not any(e.kind in ("ubicar", "oportunidad-d2") for e in log)
    assert g.view(None)["step"] == "oportunidad"


def test_ep_tut_7_period_1_summary():
    """EP-TUT.7: Period 1's event leaves the game (not under the deck) and MC passes left;
    nothing else happens."""
    g = new()
    kinds = [e.kind for e in g.opening_events]
    i = kinds.index("suceso-retirado")
    assert kinds[i:i + 2] == ["suceso-retirado", "momento-cero"]
    assert "merma" not in kinds and "ofertas-rotadas" not in kinds and "suceso-abajo" not in kinds
    assert g.view(None)["events"]["removed"] == ["S01"] and g.mc == 1


def _summary_kinds(log, period):
    out, on = [], False
    for e in log:
        if e.kind == "periodo":
            on = False
        if e.kind == "explain" and e.data["at"] == "start:summary" and e.data["period"] == period:
            on = True
        if on and e.kind in ("merma", "retirar-emprendedores", "suceso-abajo",
                             "suceso-retirado", "ofertas-retiradas", "ofertas-rotadas",
                             "ofertas", "subsidios-movidos", "momento-cero"):
            out.append(e.kind)
    return out


def test_ep_tut_8_period_2_summary_steps():
    """EP-TUT.8: Period 2's Summary applies steps 1, 3, 5, 6 (5 and 6 do nothing: no offers)
    plus the MC pass (G42 b)."""
    g = new()
    log = _script(g)
    assert _summary_kinds(log, 2) == ["merma", "suceso-abajo", "ofertas-rotadas",
                                      "momento-cero"]
    rot = next(e for e in log if e.kind == "ofertas-rotadas")
    assert rot.data["slots"] == []


def test_ep_tut_9_offers_after_d2_before_d3():
    """EP-TUT.9: in Period 3 the top 2 cards of each deck become fresh offers after D2 and
    before D3."""
    g = new()
    log = _script(g, until=lambda x: x.view(None)["step"] == "d3-invertir")
    kinds = [(e.kind, e.data.get("district")) for e in log if e.kind in ("distrito", "ofertas")]
    assert kinds[-3:] == [("distrito", 2), ("ofertas", None), ("distrito", 3)]
    deal = [e for e in log if e.kind == "ofertas"][-1]
    assert deal.rule == "EP-TUT.9" and len(deal.data["dealt"]) == 6
    assert all(o["age"] == 0 for d in g.view(None)["decks"] for o in d["offers"])


def test_ep_tut_10_periods_3_4_summary_steps():
    """EP-TUT.10: the Summaries of Periods 3 and 4 apply steps 1, 3, 4, 5, 6 (+ MC pass)."""
    g = new()
    log = _script(g)
    want = ["merma", "suceso-abajo", "ofertas-retiradas", "ofertas-rotadas", "ofertas",
            "momento-cero"]
    assert _summary_kinds(log, 3) == want and _summary_kinds(log, 4) == want


def test_ep_tut_11_period_4_buy_only():
    """EP-TUT.11: Period 4's D5 runs the Buy step only; the players keep their 3 products."""
    g = new()
    _script(g, until=lambda x: x.period == 4 and x.view(None)["step"] == "d5-comprar")
    assert g.view(None)["constraints"].count("buy_only") == 1
    log = _script(g, until=lambda x: x.view(None)["step"] == "d7-innovar")
    assert not any(e.kind == "vender" for e in log)
    assert all(p["hand"] == {"mp": 1, "bc": 1, "sv": 1} for p in g.view(None)["players"])


def test_ep_tut_12_period_5_opportunity():
    """EP-TUT.12: in Period 5 the entrepreneur tokens are handed out and placed in order from
    MC; their benefits apply (here the D2 square's +1 CH and the D5 square's discount is
    available)."""
    g = new()
    log = _script(g, until=lambda x: x.period == 5)
    assert log[-1].kind != "fin"
    assert any(e.kind == "emprendedores" for e in log)
    assert g.view(None)["step"] == "oportunidad" and g.to_move == (g.mc,)
    order = []
    for q in ("D2-1", "D5", "D6-1"):
        order.append(g.to_move[0])
        g.apply(f"ubicar {q}", seat=g.to_move[0])
    assert order == [g.mc, (g.mc + 1) % 3, (g.mc + 2) % 3]
    d2 = order[0]
    assert g.view(None)["players"][d2]["idle"]["ch"] == 3     # 2 idle CH + 1 from the square


def test_ep_tut_13_ends_after_period_5_summary():
    """EP-TUT.13: Period 5's Summary applies steps 1–6 and the tutorial ends (erratum 2): no
    Period 6 and no MC pass."""
    g = new()
    log = _script(g)
    assert _summary_kinds(log, 5) == ["merma", "retirar-emprendedores", "suceso-abajo",
                                      "ofertas-retiradas", "ofertas-rotadas", "ofertas"]
    assert log[-1].kind == "fin" and log[-1].rule == "EP-TUT.13"
    assert g.period == 5 and g.is_over and g.result.reason == "tutorial"
    assert max(e.data["period"] for e in log if e.kind == "periodo") == 5


def test_ep_tut_14_ideas_only_scoring():
    """EP-TUT.14: the tutorial ends with the Period of the last event; the winner has the most
    Ideas; no trio points and no credit penalty."""
    g = new()
    log = _script(g)
    r = g.result
    assert r.details["trios"] == [0, 0, 0]
    assert list(r.scores) == r.details["ideas"]
    assert not any(e.kind == "penalizacion-credito" for e in log)
    assert g.view(None)["events"]["face_down"] == 0


def test_ep_tut_14_most_ideas_wins_over_resources():
    """EP-TUT.14: Ideas decide the tutorial before any tie-break (seat 2 with 2 Ideas beats
    richer players with 1)."""
    g = new()
    g.arrange(ideas={2: 2}, resources={0: {"ch": 9, "d": 9, "e": 9}})
    _script(g)
    r = g.result
    assert r.scores[2] == 2 and r.scores[0] == 1
    assert r.details["resources"][0] > r.details["resources"][2]
    assert r.winners == (2,)


def test_ep_tut_15_mc_passes_every_period():
    """EP-TUT.15: Momento Cero passes left at the end of every tutorial Period 1–4 (G42 b)."""
    g = new()
    log = _script(g)
    mcs = [e.data["mc"] for e in log if e.kind == "periodo"]
    assert mcs == [0, 1, 2, 0, 1]


def test_ep_tut_16_to_26_checkpoints_on_the_script():
    """EP-TUT.16–26: on the guide's script every checkpoint holds — TC04 (EP-TUT.17),
    TC05 (EP-TUT.18), TC06 (EP-TUT.19), TC08 (EP-TUT.20), TC09 (EP-TUT.21), TC10 (EP-TUT.22),
    TC11 (EP-TUT.23), TC12 (EP-TUT.24), TC13 (EP-TUT.25), TC14 (EP-TUT.26)."""
    g = new()
    log = _script(g)
    tc = controls(log)
    rules = {k: e.rule for k, e in tc.items()}
    assert rules["TC04"] == "EP-TUT.17" and rules["TC05"] == "EP-TUT.18"
    assert rules["TC06"] == "EP-TUT.19" and rules["TC08"] == "EP-TUT.20"
    assert rules["TC09"] == "EP-TUT.21" and rules["TC10"] == "EP-TUT.22"
    assert rules["TC11"] == "EP-TUT.23" and rules["TC12"] == "EP-TUT.24"
    assert rules["TC13"] == "EP-TUT.25" and rules["TC14"] == "EP-TUT.26"
    assert all(e.data["ok"] for e in tc.values()) and len(tc) == 15


def test_ep_tut_16_a_failed_checkpoint_is_reported():
    """EP-TUT.16: a checkpoint that does not hold is reported ok = false, never raised: a seat
    arranged with 5 CH breaks TC01 (2/2/2 each) and TC02, and the game goes on."""
    g = new()
    g.arrange(resources={0: {"ch": 5, "d": 2, "e": 2}})
    tc = controls(g.opening_events)
    assert tc["TC01"].data["ok"] is False and tc["TC01"].data["failed"] == [0]
    assert tc["TC02"].data["ok"] is False
    assert g.period == 2 and not g.is_over


def test_ep_tut_19_activations_stay():
    """EP-TUT.19: in Period 3 the Period 2 tokens are still on the same process spaces and the
    plan processes cannot be deactivated (the guide: "déjenla en su lugar")."""
    g = new()
    _script(g, until=lambda x: x.period == 3 and x.view(None)["step"] == "d2-activar")
    for p in g.view(None)["players"]:
        assert all(t["active"] and t["active_since"] == 2 for t in p["targets"][:2])
    assert not any(a.name == "desactivar" for s in range(3) for a in g.legal_actions(s))


def test_ep_tut_20_everyone_buys_before_d4():
    """EP-TUT.20: in Period 3 D3 each player must buy (no 'listo' while a purchase is
    possible); D4 starts only when everyone owns 1 investment."""
    g = new()
    _script(g, until=lambda x: x.view(None)["step"] == "d3-invertir")
    for _ in range(3):
        s = g.to_move[0]
        assert Action("listo") not in g.legal_actions(s)
        assert not any(a.name == "invertir-credito" for a in g.legal_actions(s))  # no credit
        g.apply(next(a for a in g.legal_actions(s) if a.name == "invertir"), seat=s)
    assert g.view(None)["step"] == "d4-fabricar"
    assert all(len(p["targets"]) == 3 for p in g.view(None)["players"])


def test_ep_tut_22_sell_exactly_one():
    """EP-TUT.22: in Period 3 D5 each sells exactly 1 product (a second sale is refused);
    afterwards the market holds one of each type."""
    g = new()
    _script(g, until=lambda x: x.view(None)["step"] == "d5-vender")
    s = g.to_move[0]
    t = next(k for k, v in g.view(None)["players"][s]["hand"].items() if v)
    assert Action("listo") not in g.legal_actions(s)
    g.apply(f"vender-{t}-e", seat=s)
    assert g.to_move != (s,)                                  # passed on after one sale
    _script(g, until=lambda x: x.view(None)["step"] == "d7-innovar" or x.period == 4)
    assert g.view(None)["market"] == {"mp": 1, "bc": 1, "sv": 1}


def test_ep_tut_23_p4_must_activate_investment_and_make_second():
    """EP-TUT.23–24: Period 4 D2 requires activating the investment (3 processes), and D4
    allows only the plan's 3-process recipe."""
    g = new()
    _script(g, until=lambda x: x.period == 4 and x.view(None)["step"] == "d2-activar")
    s = g.to_move[0]
    assert Action("listo") not in g.legal_actions(s)
    assert [a.name for a in g.legal_actions(s)] == ["activar"]
    _script(g, until=lambda x: x.view(None)["step"] == "d4-fabricar")
    for s in range(3):
        plan = g.view(None)["players"][s]
        assert [str(a) for a in g.legal_actions(s)] == [f"fabricar-{plan['second_product']}"]


def test_ep_tut_25_buy_missing_type_only():
    """EP-TUT.25: in Period 4 D5 each may buy only the type their plan cannot make."""
    g = new()
    _script(g, until=lambda x: x.period == 4 and x.view(None)["step"] == "d5-comprar")
    s = g.to_move[0]
    miss = g.view(None)["players"][s]["cannot_make"]
    assert [str(a) for a in g.legal_actions(s)] == [f"comprar-{miss}"]
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("listo", seat=s)


def test_ep_tut_27_ideas_as_wildcards_only_from_period_5():
    """EP-TUT.27: an Idea may replace a resource in D2 from Period 5 on, not before."""
    g = new()
    g.arrange(ideas={0: 1, 1: 1, 2: 1})
    _script(g, until=lambda x: x.period == 4 and x.view(None)["step"] == "d2-activar")
    for s in range(3):
        assert not any(a.name.startswith(("idea-", "sustituir-")) for a in g.legal_actions(s))
    _script(g, until=lambda x: x.period == 5 and x.view(None)["step"] == "d2-activar")
    s = g.to_move[0]
    assert any(a.name.startswith("sustituir-") for a in g.legal_actions(s))
