"""The checklist's suggested scenarios 1–13 (shared/rules/elplan.md, "Suggested scenario tests"),
one test each, with the expected numbers computed from the rules and the authored card data
(G4: Bodega D+E, Industria 2D+E, Cartel D+E, Técnico 2D, Comité 2D, Externalización 2D+CH,
Laboratorio 2E, Maquinaria D). Seats: A = 0, B = 1, C = 2, D = 3; A holds Momento Cero.
The checklist's event ids map to ours: E05 → S09, E01 → S06 (docs/rules/elplan.md, G7)."""

from __future__ import annotations

import pytest
from ep_support import arranged, do, names, new, place, play, player, refused
from ep_support import at_step as at
from ep_support import view_step as step

import ludoteca

A, B, C, D = 0, 1, 2, 3


def usable(g):
    return {q["id"] for q in g.view(None)["squares"] if q["usable"]}


# ----- 1 -----------------------------------------------------------------------------------------
def test_scenario_01_setup_validation():
    """Scenario 1 (EP-GEN.1, EP-SET.2–3, EP-SET.5, EP-SET.8–11, EP-SET.13): 4 players."""
    g = new(4, seed=2, first_player=3)
    v = g.view(None)
    assert [sum(1 for o in d["offers"] if o) for d in v["decks"]] == [2, 2, 2]
    assert v["events"]["face_down"] == 12 and v["events"]["set_aside"] == 8
    assert v["events"]["current"] is None
    assert all(p["idle"] == {"ch": 2, "d": 2, "e": 2} for p in v["players"])
    assert v["mc"] == 3 and g.to_move == (3,)
    with pytest.raises(ludoteca.InvalidOption, match="EP-SET.8"):
        new(4, plans=["MP-1", "MP-2", "BC-1", "BC-2"])
    with pytest.raises(ludoteca.InvalidOption, match="EP-SET.9"):
        new(4, plans=["MP-1", "BC-1", "SV-1", "MP-1-N2"])
    with pytest.raises(ludoteca.InvalidOption, match="2 to 6"):
        new(7)
    v5 = new(5).view(None)
    assert [sum(1 for o in d["offers"] if o) for d in v5["decks"]] == [3, 3, 3]


# ----- 2 -----------------------------------------------------------------------------------------
def test_scenario_02_d6_availability_and_placement():
    """Scenario 2 (EP-OPP.2, EP-OPP.5, EP-OPP.11–12)."""
    g = arranged(market={"mp": 3})
    assert {"D6-1"} == usable(g) & {"D6-1", "D6-2", "D6-3"}
    refused(g, A, "ubicar D6-2")
    g.apply("ubicar D6-1", seat=A)
    refused(g, B, "ubicar D6-1")                           # occupied
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("ubicar D7", seat=B)                       # D7 has no square
    g2 = arranged(market={"mp": 1, "sv": 1})
    assert usable(g2) & {"D6-1", "D6-2", "D6-3"} == {"D6-1", "D6-2"}
    g3 = arranged(market={"mp": 1, "bc": 1, "sv": 1})
    assert {"D6-1", "D6-2", "D6-3"} <= usable(g3)
    g3.apply("ubicar D6-3", seat=A)
    assert player(g3, A)["square"] == "D6-3"


# ----- 3 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("red", [False, True])
def test_scenario_03_export_cascade_and_subsidy(red):
    """Scenario 3 (EP-D5.12–13, EP-D6.2–4, EP-CARD.19): market {BC×5, MP×1}; C on square 1,
    D on square 2; A sells 1 BC: export, subsidies (1,0,0); at D6 C takes a resource + 1 D, D
    a resource + 0. Variant: C owns Red de transporte limpio and the 1 D stays."""
    arr = {"market": {"bc": 5, "mp": 1}, "hand": {A: {"bc": 1}}}
    if red:
        arr["investments"] = {C: ["red-de-transporte-limpio"]}
    g = arranged(n=4, **arr)
    assert usable(g) & {"D6-1", "D6-2", "D6-3"} == {"D6-1", "D6-2"}
    place(g, "3A", "3B", "D6-1", "D6-2")
    assert g.view(None)["subsidies"] == [0, 0, 0]
    play(g, at("d5-vender", A))
    ev = do(g, A, "vender-bc-e")
    assert any(e.kind == "exportar" for e in ev)
    assert g.view(None)["market"] == {"mp": 1, "bc": 0, "sv": 0}
    assert g.view(None)["subsidies"] == [1, 0, 0]
    assert player(g, A)["idle"]["e"] == 3
    play(g, at("d6-credito-subsidio"))
    assert set(g.to_move) == {C, D}
    do(g, C, "elegir-ch")
    do(g, C, "listo")
    do(g, D, "elegir-e")
    ev = do(g, D, "listo")
    got = next(e for e in ev if e.kind == "subsidios").data
    if red:
        assert got["choices"][str(C)] == {"resource": "ch", "blocked": 1}
        assert player(g, C)["idle"] == {"ch": 3, "d": 2, "e": 2}
        assert got["subsidies"] == [1, 0, 0]
    else:
        assert got["choices"][str(C)] == {"resource": "ch", "dinero": 1}
        assert player(g, C)["idle"] == {"ch": 3, "d": 3, "e": 2}
        assert got["subsidies"] == [0, 0, 0]
    assert got["choices"][str(D)] == {"resource": "e", "dinero": 0}
    assert player(g, D)["idle"] == {"ch": 2, "d": 2, "e": 3}


def test_scenario_03_further_exports_fill_the_squares_in_turn():
    """Scenario 3 (EP-D5.13): further exports from (0,0,0): (1,0,0), (1,1,0), (1,1,1),
    (2,1,1)."""
    g = arranged(n=4, market={"mp": 5, "bc": 5, "sv": 5},
                 hand={A: {"mp": 1}, B: {"bc": 1}, C: {"sv": 1}, D: {"mp": 6}})
    place(g, "3A", "3B", "3C", "D4")
    play(g, at("d5-vender"))
    seen = []
    for s, t, k in ((A, "mp", 1), (B, "bc", 1), (C, "sv", 1), (D, "mp", 6)):
        for _ in range(k):
            seen += [tuple(e.data["subsidies"]) for e in do(g, s, f"vender-{t}-d")
                     if e.kind == "subsidio"]
    assert seen == [(1, 0, 0), (1, 1, 0), (1, 1, 1), (2, 1, 1)]


# ----- 4 -----------------------------------------------------------------------------------------
def test_scenario_04_buying_rules():
    """Scenario 4 (EP-D5.2–11): market {MP×2, SV×1}, no BC; A on D5 with 10 D."""
    g = arranged(market={"mp": 2, "sv": 1}, credit=[C],
                 resources={A: {"ch": 2, "d": 10, "e": 2}, B: {"ch": 2, "d": 5, "e": 2},
                            C: {"ch": 2, "d": 3, "e": 2}},
                 hand={A: {"sv": 1}})
    place(g, "D5", "3A", "3B")
    play(g, at("d5-comprar", A))
    paid = [next(e for e in do(g, A, "comprar-mp") if e.kind == "comprar").data["paid"]
            for _ in range(2)]
    assert paid == [2, 3] and player(g, A)["idle"]["d"] == 5
    do(g, A, "listo")
    refused(g, B, "importar-sv")                            # an SV is in the market
    refused(g, B, "comprar-credito-bc")                     # no credit import
    ev = do(g, B, "importar-bc")
    assert next(e for e in ev if e.kind == "importar").data["paid"] == 5
    assert player(g, B)["idle"]["d"] == 0
    refused(g, C, "comprar-credito-sv")                     # C already holds a card
    assert g.to_move == (C,)
    do(g, C, "listo")
    assert step(g) == "d5-vender" and g.to_move == (A,)
    refused(g, A, "comprar-mp")
    do(g, A, "vender-mp-e")
    refused(g, A, "vender-sv-d")                           # one type per batch
    assert player(g, A)["idle"]["e"] == 3
    assert player(g, A)["hand"] == {"mp": 1, "bc": 0, "sv": 1}


# ----- 5 -----------------------------------------------------------------------------------------
def test_scenario_05_d3_purchases():
    """Scenario 5 (EP-D3.3–6, EP-D3.9–14): A on 3B, B on 3A, C owns Bodega, D holds a card."""
    g = arranged(n=4, investments={C: ["bodega"]}, credit=[D],
                 decks={"infraestructura": ["bodega", "cartel-publicitario"],
                        "especialista": ["tecnico-en-calidad", "comite-emprendedor"],
                        "tecnologia": ["etiquetas-rfid", "maquinaria"]},
                 market={"mp": 5}, hand={D: {"mp": 1}})
    place(g, "3B", "3A", "3C", "D4")
    play(g, at("d3-invertir"))
    ev = do(g, A, "invertir especialista-1")               # Técnico 2 D -> 1 D
    assert next(e for e in ev if e.kind == "invertir").data["paid"] == {"ch": 0, "d": 1, "e": 0}
    refused(g, A, "invertir especialista-2")               # one card per Period
    refused(g, B, "invertir infraestructura-2")            # 3A: D or E must be chosen
    ev = do(g, B, "invertir-dto-e infraestructura-2")      # Cartel D+E -> D
    assert next(e for e in ev if e.kind == "invertir").data["paid"] == {"ch": 0, "d": 1, "e": 0}
    refused(g, C, "invertir infraestructura-1")            # owns a Bodega already
    do(g, C, "invertir tecnologia-1")                      # RFID ▶, 3C: D+E -> D
    assert player(g, C)["idle"] == {"ch": 2, "d": 1, "e": 2}
    do(g, C, "activar etiquetas-rfid")
    refused(g, D, "invertir-credito tecnologia-2")         # already holds a card
    do(g, D, "invertir tecnologia-2")                      # Maquinaria, no ▶
    assert D not in g.to_move or "activar 13" not in names(g, D)
    play(g, lambda x: step(x) != "d3-invertir")
    rfid = next(t for t in player(g, C)["targets"] if t["id"] == "etiquetas-rfid")
    maq = next(t for t in player(g, D)["targets"] if t["id"] == "maquinaria")
    assert rfid["active"] and not maq["active"]
    play(g, at("d5-vender", D))
    ev = do(g, D, "vender-mp-d")
    assert any(e.kind == "rfid" and e.data["player"] == C for e in ev)   # works this Period
    assert player(g, C)["idle"]["d"] == 2


# ----- 6 -----------------------------------------------------------------------------------------
def test_scenario_06_offer_lifecycle_and_reshuffle():
    """Scenario 6 (EP-SUM.6–8, EP-SUM.12, EP-DECK.2–3): Infraestructura c1…c4 face down (the
    other six cards owned); A buys c1 in Period 1 (here seat C, who owns no Infraestructura)."""
    c = ["central-de-energia-limpia", "red-de-transporte-limpio"]
    g = arranged(events=["S11", "S02", "S04"],
                 investments={A: ["bodega", "industria", "cartel-publicitario"],
                              B: ["bodega", "industria", "cartel-publicitario"]},
                 decks={"infraestructura": [c[0], c[1], c[0], c[1]]})

    def offers():
        return [(o["card"], o["age"]) for o in g.view(None)["decks"][0]["offers"] if o]

    assert offers() == [(c[0], 0), (c[1], 0)]
    place(g, "3A", "3B", "3C")
    play(g, at("d3-invertir", C))
    do(g, C, "invertir infraestructura-1")
    play(g, lambda x: x.period == 2)
    assert offers() == [(c[0], 0), (c[1], 1)]              # c3 fresh, c2 rotated
    place(g, "3A", "3B", "3C")
    play(g, lambda x: x.period == 3)
    assert offers() == [(c[0], 1), (c[1], 0)]              # c3 rotated, c4 fresh
    assert g.view(None)["decks"][0]["under"] == [c[1]] and g.view(None)["decks"][0][
        "face_down"] == 0
    place(g, "3A", "3B", "3C")
    ev = play(g, lambda x: x.period == 4)
    assert [r["card"] for r in next(e for e in ev if e.kind == "ofertas-retiradas").data[
        "retired"]] == [c[0]]
    assert any(e.kind == "mazo-rebarajado" and e.data["cards"] == 2 for e in ev)
    d = g.view(None)["decks"][0]
    assert d["under"] == [] and d["face_down"] == 1
    assert offers()[0][1] == 0 and offers()[1] == (c[1], 1)


# ----- 7 -----------------------------------------------------------------------------------------
def test_scenario_07_d2_lifecycle():
    """Scenario 7 (EP-D2.2–3, EP-D2.7–11): MP-1's P-A (1 E) activated in Period 1 stays active
    into Period 2 without paying again, then is deactivated; returns (cost 3 → 2, cost 1 → 1);
    exchanges; an Idea replaces the CH on P-B."""
    g = arranged(events=["S11", "S16"], investments={A: ["industria"], B: ["maquinaria"]},
                 active={A: ["proceso-2"]}, ideas={A: 1})
    place(g, "3A", "3B", "3C")
    play(g, at("d2-activar", A))
    do(g, A, "activar proceso-1")
    assert player(g, A)["idle"] == {"ch": 2, "d": 2, "e": 1}
    do(g, A, "listo")
    play(g, at("d3-invertir"))
    refused(g, g.to_move[0], "desactivar 0")
    play(g, lambda x: x.period == 2)
    p1 = player(g, A)["targets"][0]
    assert p1["active"] and p1["active_since"] == 1
    place(g, "3A", "3B", "3C")
    play(g, at("d2-desactivar", A))
    do(g, A, "desactivar proceso-1")
    assert player(g, A)["idle"]["e"] == 2 and not player(g, A)["targets"][0]["active"]
    play(g, at("d2-devolver", B))                          # MC is B in Period 2
    ev = do(g, B, "devolver maquinaria")                   # D: 1 − 1 → minimum 1
    assert next(e for e in ev if e.kind == "devolver").data["gain"] == {"ch": 0, "d": 1, "e": 0}
    assert player(g, B)["idle"]["d"] == 3
    play(g, at("d2-devolver", A))
    do(g, A, "devolver industria")                         # 2D+E: 3 − 1 = 2 of D/E
    assert names(g, A) == ["elegir-d", "elegir-e"]
    do(g, A, "elegir-d")
    do(g, A, "elegir-e")
    assert player(g, A)["idle"] == {"ch": 2, "d": 3, "e": 3}
    assert g.view(None)["decks"][0]["boxed"] == ["industria"]
    play(g, at("d2-activar", A))
    do(g, A, "sustituir-ch proceso-2")
    p2 = player(g, A)["targets"][1]
    assert p2["spaces"][0]["token"] == "idea" and p2["active"]
    assert player(g, A)["idle"]["ch"] == 3 and player(g, A)["ideas"] == 1
    do(g, A, "listo")
    play(g, at("d2-canjear", A))
    do(g, A, "canjear-d-d-e")
    assert player(g, A)["idle"] == {"ch": 3, "d": 1, "e": 4}
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("canjear-d-d-d", seat=A)


# ----- 8 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("plan", ["mp-mp", "bc"])
def test_scenario_08_d4_manufacturing(plan):
    """Scenario 8 (EP-D4.1–8): MP-1 with P-A, P-B and Maquinaria active, on the D4 square: 4
    processes (a, b, any, any); 2 MP, or 1 BC + 1 leftover; never SV; nothing is reused; the
    leftover is lost after D4."""
    g = arranged(investments={A: ["maquinaria"]},
                 active={A: ["proceso-1", "proceso-2", "maquinaria"]})
    place(g, "D4", "3A", "3B")
    play(g, at("d4-fabricar", A))
    assert player(g, A)["processes"] == {"a": 1, "b": 1, "c": 0, "any": 2}
    assert names(g, A) == ["fabricar-mp", "fabricar-bc", "listo"]
    refused(g, A, "fabricar-sv")
    if plan == "mp-mp":
        do(g, A, "fabricar-mp")
        do(g, A, "fabricar-mp")
        assert names(g, A) == ["listo"]                    # all 4 used: no reuse
    else:
        do(g, A, "fabricar-bc")
        assert g.view(A)["players"][A]["pending"]["left"] == {"a": 0, "b": 0, "c": 0, "any": 1}
        refused(g, A, "fabricar-mp")
    ev = do(g, A, "listo")
    made = next(e for e in ev if e.kind == "fabricacion").data["made"][str(A)]
    assert made == ({"mp": 2, "bc": 0, "sv": 0} if plan == "mp-mp" else
                    {"mp": 0, "bc": 1, "sv": 0})
    assert g.state_dict()["hidden"]["pending"]["rem"][:4] == [0, 0, 0, 0]


# ----- 9 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("before, after", [([0, 1, 1], [1, 1, 0]), ([0, 0, 2], [2, 0, 0]),
                                           ([1, 0, 1], [1, 0, 1])])
def test_scenario_09_summary_upkeep(before, after):
    """Scenario 9 (EP-SUM.2–5, EP-SUM.9–10, EP-CARD.18): A holds MP, BC, BC and 2 SV on a
    Tienda virtual; keeps 1 product of choice; the Tienda is untouched; subsidies shift; the
    event goes under face up; MC moves to the left neighbour."""
    g = arranged(events=["S11", "S02"], hand={A: {"mp": 1, "bc": 2}}, tienda={A: {"sv": 2}},
                 investments={A: ["tienda-virtual"]}, active={A: ["tienda-virtual"]},
                 subsidies=before)
    place(g, "3A", "3B", "3C")
    play(g, at("resumen-merma"))
    do(g, A, "conservar-mp")
    p = player(g, A)
    assert p["hand"] == {"mp": 1, "bc": 0, "sv": 0} and p["tienda"]["sv"] == 2
    v = g.view(None)
    assert v["subsidies"] == after
    assert v["events"]["under"] == ["S11"] and g.mc == B


# ----- 10 ----------------------------------------------------------------------------------------
def test_scenario_10_final_scoring():
    """Scenario 10 (EP-END.1, EP-SCO.1–6, EP-CARD.4, 9, 21–22): A: 3 Ideas, Bodega (1 token) +
    Industria + Técnico + Laboratorio active, Maquinaria inactive → 1 trio, credit → 2 Ideas:
    3. B: 2 Ideas, Externalización naming Laboratorio, Comité, Cartel → 1 trio: 3. Tied."""
    g = arranged(period=12, ideas={A: 3, B: 2}, credit=[A],
                 investments={A: ["bodega", "industria", "tecnico-en-calidad", "laboratorio",
                                  "maquinaria"],
                              B: ["externalizacion", "laboratorio", "comite-emprendedor",
                                  "cartel-publicitario"]},
                 active={A: ["bodega", "tecnico-en-calidad", "laboratorio"],
                         B: ["externalizacion", "comite-emprendedor"]},
                 hand={A: {"mp": 2}})
    place(g, "3A", "3B", "3C")
    play(g, at("d2-activar", A))
    do(g, A, "laboratorio-a")
    do(g, A, "listo")
    do(g, B, "externalizar laboratorio")
    do(g, B, "laboratorio-b")
    do(g, B, "listo")
    ev = play(g, lambda x: x.is_over)
    assert not any(e.kind in ("merma", "momento-cero") for e in ev)    # no Summary
    r = g.result
    assert r.details["trios"][:2] == [1, 1]
    assert r.details["ideas"][:2] == [2, 2] and r.details["penalty"][:2] == [True, False]
    assert r.scores[:2] == (3, 3)
    # tie-break 1: A 6 idle + 3 placed = 9; B 6 idle + 1 CH (Comité) + 3 placed = 10
    assert r.details["resources"][:2] == [9, 10]
    assert r.winners == (B,)


# ----- 11 ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("extra, winners", [(0, (B,)), (1, (A, B))])
def test_scenario_11_tie_break_chain(extra, winners):
    """Scenario 11 (EP-SCO.8–10): A and B on 3 points with 7 resources each; A: 1 product,
    Bodega (→1), Industria (→2) = 11; B: Externalización (→2), Laboratorio, Comité, Cartel (→1
    each) = 12: B wins; with one more product for A (12 = 12) both win."""
    g = arranged(period=12, ideas={A: 3, B: 3},
                 resources={A: {"ch": 2, "d": 2, "e": 3}, B: {"ch": 3, "d": 2, "e": 2}},
                 hand={A: {"sv": 1 + extra}},
                 investments={A: ["bodega", "industria"],
                              B: ["externalizacion", "laboratorio", "comite-emprendedor",
                                  "cartel-publicitario"]})
    place(g, "3A", "3B", "3C")
    play(g, lambda x: x.is_over)
    r = g.result
    assert r.scores[:2] == (3, 3) and r.details["resources"][:2] == [7, 7]
    assert r.details["liquidation"][:2] == [11 + extra, 12]
    assert r.winners == winners


# ----- 12 ----------------------------------------------------------------------------------------
def test_scenario_12_two_players():
    """Scenario 12 (EP-TWO.1–3): MP-1 and BC-1; 1 SV added at each D5; after 3 Periods with no
    SV bought the market holds 3 SV and nothing was exported; MP-1 + MP-2 is refused."""
    g = arranged(n=2, events=["S11", "S02", "S04", "S01"])
    assert [len(d["offers"]) for d in g.view(None)["decks"]] == [2, 2, 2]
    ev = []
    for p in (1, 2, 3):
        assert g.period == p
        ev += place(g, "3A", "3B")
        ev += play(g, lambda x, p=p: x.period == p + 1)
    feeds = [e for e in ev if e.kind == "alimentar"]
    assert len(feeds) == 3 and all(e.data["product"] == "sv" for e in feeds)
    assert not any(e.kind == "exportar" for e in ev)
    assert g.view(None)["market"] == {"mp": 0, "bc": 0, "sv": 3}
    with pytest.raises(ludoteca.InvalidOption, match="EP-TWO.2"):
        new(2, plans=["MP-1", "MP-2"])


# ----- 13 ----------------------------------------------------------------------------------------
def test_scenario_13_d1_exemption_at_5_players():
    """Scenario 13 (EP-D1.4–6): 5 players, two D1 squares, event E05 (our S09, pay 1 idle E):
    square 1 ignores and keeps its E, square 2 chooses to be affected and pays, everyone else
    pays."""
    g = arranged(n=5, events=["S09"])
    place(g, "D1-1", "D1-2", "3A", "3B", "3C")
    assert g.to_move == (A,)
    do(g, A, "ignorar-suceso")
    assert g.to_move == (B,)
    do(g, B, "aceptar-suceso")
    assert [p["idle"]["e"] for p in g.view(None)["players"]] == [2, 1, 1, 1, 1]


def test_scenario_13_variant_cierre_de_ano_fiscal():
    """Scenario 13 variant (EP-CARD.3, EP-CARD.15): event E01 (our S06, Cierre de año fiscal):
    a player with no idle resources takes 2 of each; an Analista de riesgos owner may opt in."""
    g = arranged(n=5, events=["S06"], investments={D: ["analista-de-riesgos"]},
                 active={D: ["analista-de-riesgos"]},
                 resources={A: {"ch": 0, "d": 5, "e": 0}, C: {"ch": 0, "d": 0, "e": 0},
                            D: {"ch": 0, "d": 0, "e": 1}})
    place(g, "D1-1", "3A", "3B", "3C", "D4")
    assert g.to_move == (A,)
    do(g, A, "ignorar-suceso")                             # keeps its 5 D
    assert g.to_move == (D,)
    do(g, D, "aceptar-suceso")
    idle = [p["idle"] for p in g.view(None)["players"]]
    assert idle[A] == {"ch": 0, "d": 5, "e": 0}
    assert idle[C] == {"ch": 2, "d": 2, "e": 2} and idle[D] == {"ch": 2, "d": 2, "e": 2}
    assert idle[B] == idle[4] == {"ch": 2, "d": 2, "e": 2}
