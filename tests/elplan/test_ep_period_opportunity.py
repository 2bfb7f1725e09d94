"""Rule tests for «El Plan: tú decides»: Period structure (EP-PER.*) and the Opportunity phase (EP-
OPP.*).

Checklist: ../shared/rules/elplan.md; rulings: docs/rules/elplan.md."""
from __future__ import annotations

import pytest
from ep_support import DONE, C, act, can, first, idle, kinds, new, player, run, step

import ludoteca


# ===== Period structure (PER) ==================================================================
def test_ep_per_1_a_game_lasts_twelve_periods():
    """EP-PER.1: a full game lasts exactly 12 Periods."""
    g = new(3, seed=6)
    ev = run(g, "end")
    assert [e.data["period"] for e in ev if e.kind == "periodo"] == list(range(2, 13))
    assert first(g.opening_events, "periodo").data["period"] == 1
    assert g.result.reason == "fin" and g.period == 12 and g.result.details["periods"] == 12
    assert sum(1 for e in ev if e.kind == "suceso") == 12


def test_ep_per_2_opportunity_route_summary():
    """EP-PER.2: each Period runs Opportunity, then the Route, then the Summary."""
    g = new(3, seed=6)
    g.arrange(events=["S11"], hand={0: {"mp": 1, "bc": 1}})
    phases = []
    ev = []
    while g.period == 1:
        phases.append(g.view(None)["phase"])
        s = g.to_move[0]
        legal_ = g.legal_actions(s)
        if step(g) == "oportunidad":
            ev += g.apply(legal_[-1], seat=s)
        else:
            ev += g.apply(DONE if DONE in legal_ else legal_[0], seat=s)
    seen = [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p]
    assert seen == ["oportunidad", "recorrido", "resumen"]
    ks = kinds(ev)
    assert ks.index("ubicar") < ks.index("distrito") < ks.index("merma") < \
        ks.index("momento-cero") < ks.index("periodo")
    assert max(i for i, k in enumerate(ks) if k == "ubicar") < ks.index("distrito")


def test_ep_per_3_districts_once_each_in_rising_order():
    """EP-PER.3: the route activates Districts 1 to 7 exactly once each, in rising order, even
    when nobody acts in some of them."""
    g = new(4, seed=2)
    ev = run(g, "end")
    route = [e.data["district"] for e in ev if e.kind == "distrito"]
    assert route == list(range(1, 8)) * 12


def test_ep_per_4_one_active_district_and_benefits_only_then():
    """EP-PER.4: exactly one District is active (the view names one, matching the step), and
    an Opportunity benefit (D2: +1 CH) applies only while its District is active."""
    g = new(3, seed=2)
    g.arrange(events=["S09"])
    run(g, (1, "d1-exencion"), squares={0: "D1-1", 1: "D2-1", 2: "3B"})
    v = g.view(None)
    assert v["district"] == 1 and v["step"] == "d1-exencion"
    assert v["players"][1]["idle"]["ch"] == 2                     # D2 not yet active
    act(g, 0, "ignorar-suceso")
    v = g.view(None)
    assert v["district"] == 2 and v["players"][1]["idle"]["ch"] == 3
    run(g, (1, "d3-invertir"))
    v = g.view(None)
    assert v["step"] == "d3-invertir" and v["district"] == 3
    assert v["players"][1]["idle"]["ch"] == 3                     # taken once, at D2 only


def test_ep_per_5_next_district_deactivates_the_last():
    """EP-PER.5: moving the route token on deactivates the District it leaves: D2 actions are
    refused in D3; the Momento Cero holder opens each District (acts first in it)."""
    g = new(3, seed=2, first_player=1)
    g.arrange(events=["S11"])
    rec = []
    run(g, (1, "d3-invertir"), record=rec, squares={1: "3B", 2: "3C", 0: "3A"})
    assert step(g) == "d3-invertir" and g.to_move == (1,)
    with pytest.raises(ludoteca.IllegalAction, match="not possible now"):
        act(g, 1, "canjear-d-d-e")
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 1, "activar proceso-1")
    firsts = {}
    for _p, st, s in rec:
        firsts.setdefault(st, s)
    assert all(s == 1 for st, s in firsts.items() if st.startswith("d2-"))


def test_ep_per_6_route_starts_after_every_placement():
    """EP-PER.6: the route token goes onto D1 only once every entrepreneur token is placed."""
    g = new(4, seed=2)
    g.arrange(events=["S11"])
    ev = []
    for s, q in ((0, "3A"), (1, "3B"), (2, "3C")):
        ev += act(g, s, f"ubicar {q}")
        assert "distrito" not in kinds(ev) and step(g) == "oportunidad"
        assert g.view(None)["events"]["current"] is None
    ev += act(g, 3, "ubicar D4")
    assert kinds(ev)[4:6] == ["distrito", "suceso"] and ev[4].data["district"] == 1


def test_ep_per_7_summary_after_district_7():
    """EP-PER.7: when D7 is done the route token leaves the board and the Summary begins: in
    the merma step no District is active."""
    g = new(3, seed=2)
    g.arrange(events=["S11"], hand={0: {"mp": 1, "bc": 1, "sv": 0}})
    ev = run(g, (1, "resumen-merma"))
    v = g.view(None)
    assert v["step"] == "resumen-merma" and v["phase"] == "resumen" and v["district"] is None
    assert [e.data["district"] for e in ev if e.kind == "distrito"][-1] == 7
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 0, "innovar")


def test_ep_per_8_everyone_every_period_in_order():
    """EP-PER.8: all players take part in each Period; "in order" Districts go one player at
    a time from the Momento Cero holder (here seat 2, then 3, 0, 1)."""
    g = new(4, seed=3, first_player=2)
    g.arrange(events=["S11", "S05"], decks={"tecnologia": ["maquinaria", "maquinaria"],
                                            "especialista": ["tecnico-en-calidad",
                                                             "comite-emprendedor"]})
    rec = []
    ev = run(g, (1, "d4-fabricar"), record=rec,
             script=[("d3-invertir", 2, "invertir tecnologia-1"),
                     ("d3-invertir", 3, "invertir tecnologia-2"),
                     ("d3-invertir", 0, "invertir especialista-1"),
                     ("d3-invertir", 1, "invertir especialista-2")])
    assert [e.data["player"] for e in ev if e.kind == "invertir"] == [2, 3, 0, 1]
    rec2 = []
    run(g, (2, "d2-desactivar"), record=rec2)
    assert [s for _p, st, s in rec2 if st == "oportunidad"] == [3, 0, 1, 2]   # MC passed


# ===== Opportunity (OPP) =======================================================================
def test_ep_opp_1_each_in_order_places_compulsorily():
    """EP-OPP.1 (R:G25): each player, in order from Momento Cero, places their token; no one
    may pass."""
    g = new(3, seed=1, first_player=1)
    assert g.to_move == (1,) and step(g) == "oportunidad"
    assert DONE not in g.legal_actions(1)
    with pytest.raises(ludoteca.IllegalAction) as err:
        act(g, 1, "listo")
    assert "compulsory" in err.value.reason
    order = []
    while step(g) == "oportunidad":
        s = g.to_move[0]
        order.append(s)
        act(g, s, str(g.legal_actions(s)[0]))
    assert order == [1, 2, 0]


def test_ep_opp_2_one_token_per_square():
    """EP-OPP.2: a square holds only one entrepreneur token."""
    g = new(3, seed=1)
    act(g, 0, "ubicar 3A")
    assert not can(g, 1, "ubicar 3A")
    with pytest.raises(ludoteca.IllegalAction, match="EP-OPP.2"):
        act(g, 1, "ubicar 3A")
    act(g, 1, "ubicar 3B")
    assert g.view(None)["squares"][3]["seat"] == 0                  # index 4 = 3A, 4th listed


def test_ep_opp_3_tokens_stay_until_summary_step_2():
    """EP-OPP.3: entrepreneur tokens stay on their squares through the whole route and are
    taken back in Summary step 2."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], hand={2: {"mp": 1, "bc": 1, "sv": 1}})
    run(g, (1, "d7-innovar"), squares={0: "D4", 1: "D5", 2: "3C"})
    assert step(g) == "d7-innovar" and g.to_move == (2,)
    sq = {q["id"]: q["seat"] for q in g.view(None)["squares"]}
    assert (sq["D4"], sq["D5"], sq["3C"]) == (0, 1, 2)
    ev = run(g, (2, "oportunidad"))
    assert "retirar-emprendedores" in kinds(ev)
    assert all(q["seat"] is None for q in g.view(None)["squares"])
    assert all(p["square"] is None for p in g.view(None)["players"])


def test_ep_opp_4_benefit_when_the_district_activates():
    """EP-OPP.4: placing gives nothing; the benefit comes when the District activates (D2:
    +1 CH at D2, D4: an extra process at D4)."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], active={0: ["proceso-1", "proceso-2"]})
    ev = act(g, 0, "ubicar D4")
    ev += act(g, 1, "ubicar D2-1")
    assert idle(g, 1) == {"ch": 2, "d": 2, "e": 2}
    ev += act(g, 2, "ubicar 3B")
    ks = kinds(ev)
    assert ks.index("suceso") < ks.index("oportunidad-d2")
    assert idle(g, 1)["ch"] == 3
    ev = run(g, (1, "d4-fabricar"))
    assert first(ev, "procesos").data["pools"]["0"] == {"a": 1, "b": 1, "c": 0, "any": 1}


def test_ep_opp_5_no_square_on_district_7():
    """EP-OPP.5: District 7 has no Opportunity square: no square belongs to D7 and no
    placement text reaches one."""
    assert all(q.district != 7 for q in C.squares)
    assert len(C.squares) == 12
    g = new(6, seed=1)
    for text in ("ubicar D7", "ubicar D7-1", "ubicar 12"):
        with pytest.raises(ludoteca.IllegalAction):
            g.parse(text)


@pytest.mark.parametrize("n, count", [(2, 1), (3, 1), (4, 1), (5, 2), (6, 2)])
def test_ep_opp_6_district_1_squares(n, count):
    """EP-OPP.6 (R:G24): D1 has 1 square at «3-4» (and 2 players), 2 at «5-6»."""
    g = new(n, seed=1)
    d1 = [q["id"] for q in g.view(None)["squares"] if q["id"].startswith("D1-")]
    assert len(d1) == count
    if count == 1:
        with pytest.raises(ludoteca.IllegalAction, match="EP-OPP.6"):
            act(g, 0, "ubicar D1-2")
    else:
        act(g, 0, "ubicar D1-2")
        assert player(g, 0)["square"] == "D1-2"


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_ep_opp_7_district_2_has_two_squares(n):
    """EP-OPP.7 (R:G24): D2 has 2 squares at every player count; both give the D2 benefit."""
    g = new(n, seed=1)
    g.arrange(events=["S11"])
    d2 = [q["id"] for q in g.view(None)["squares"] if q["id"].startswith("D2-")]
    assert d2 == ["D2-1", "D2-2"]
    ev = run(g, (1, "d2-desactivar"), squares={0: "D2-1", 1: "D2-2"})
    assert [e.data["player"] for e in ev if e.kind == "oportunidad-d2"] == [0, 1]


def test_ep_opp_8_district_3_has_3a_3b_3c():
    """EP-OPP.8: D3 has exactly 3 squares, one each in 3A, 3B, 3C (one per deck)."""
    d3 = [q for q in C.squares if q.district == 3]
    assert [q.id for q in d3] == ["3A", "3B", "3C"]
    assert [q.deck for q in d3] == [0, 1, 2]


def test_ep_opp_9_districts_4_and_5_have_one_square_each():
    """EP-OPP.9: D4 and D5 have exactly one square each."""
    assert [q.id for q in C.squares if q.district == 4] == ["D4"]
    assert [q.id for q in C.squares if q.district == 5] == ["D5"]
    g = new(3, seed=1)
    act(g, 0, "ubicar D4")
    assert not can(g, 1, "ubicar D4")


def test_ep_opp_10_district_6_squares_are_the_subsidy_squares():
    """EP-OPP.10: D6's squares are its 3 subsidy squares, numbered 1–3; each collects the
    Dinero lying on the subsidy square of the same number."""
    d6 = [q for q in C.squares if q.district == 6]
    assert [q.id for q in d6] == ["D6-1", "D6-2", "D6-3"]
    assert [q.subsidy for q in d6] == [0, 1, 2]
    g = new(3, seed=1)
    g.arrange(events=["S11"], market={"mp": 1, "bc": 1, "sv": 1}, subsidies=[1, 2, 3])
    run(g, (1, "d6-credito-subsidio"), squares={0: "D6-3", 1: "D6-2", 2: "D6-1"})
    for s in (0, 1, 2):
        act(g, s, "elegir-ch")
    run(g, (1, "d7-innovar"))
    assert [idle(g, s)["d"] for s in range(3)] == [2 + 3, 2 + 2, 2 + 1]
    assert g.view(None)["subsidies"] == [0, 0, 0]


@pytest.mark.parametrize("market, usable", [
    ({}, ["D6-1"]),
    ({"mp": 3}, ["D6-1"]),
    ({"mp": 1, "sv": 2}, ["D6-1", "D6-2"]),
    ({"mp": 1, "bc": 1, "sv": 1}, ["D6-1", "D6-2", "D6-3"]),
])
def test_ep_opp_11_d6_squares_by_distinct_market_types(market, usable):
    """EP-OPP.11: usable D6 squares: 0–1 product types in the market → square 1; 2 types →
    1 and 2; 3 types → all three."""
    g = new(3, seed=1)
    g.arrange(market=market)
    v = g.view(None)
    assert [q["id"] for q in v["squares"] if q["id"].startswith("D6") and q["usable"]] == usable
    for q in ("D6-1", "D6-2", "D6-3"):
        assert can(g, 0, f"ubicar {q}") == (q in usable)


def test_ep_opp_12_unavailable_d6_square_is_refused():
    """EP-OPP.12: placing on an unavailable D6 square is refused."""
    g = new(3, seed=1)
    g.arrange(market={"mp": 3})
    with pytest.raises(ludoteca.IllegalAction, match="EP-OPP.11"):
        act(g, 0, "ubicar D6-2")
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 0, "ubicar D6-3")
    assert player(g, 0)["square"] is None and g.to_move == (0,)


def test_ep_opp_13_availability_checked_only_at_placement():
    """EP-OPP.13 (R:G25): D6 availability is checked at placement; a seat on D6-2 still takes
    its benefit after the market lost a type in D5."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], market={"mp": 1, "sv": 1}, subsidies=[0, 2, 0],
              resources={0: {"ch": 2, "d": 5, "e": 2}})
    run(g, (1, "d6-credito-subsidio"), squares={0: "3B", 1: "3C", 2: "D6-2"},
        script=[("d5-comprar", 0, "comprar-sv")])
    assert g.view(None)["market"] == {"mp": 1, "bc": 0, "sv": 0}   # only 1 type now
    assert g.to_move == (2,)
    act(g, 2, "elegir-e")
    run(g, (1, "d7-innovar"))
    assert idle(g, 2) == {"ch": 2, "d": 4, "e": 3}
    assert g.view(None)["subsidies"] == [0, 0, 0]


def test_ep_opp_14_only_the_market_area_counts():
    """EP-OPP.14 (R:G14): products in hands or on a Tienda virtual do not count for D6
    availability; only the D5 market area does."""
    g = new(3, seed=1)
    g.arrange(market={"mp": 2}, hand={1: {"bc": 2, "sv": 1}}, tienda={2: {"bc": 1, "sv": 3}},
              investments={2: ["tienda-virtual"]})
    usable = [q["id"] for q in g.view(None)["squares"] if q["id"].startswith("D6") and
              q["usable"]]
    assert usable == ["D6-1"]
    assert not can(g, 0, "ubicar D6-2")
