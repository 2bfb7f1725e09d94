"""The Summary (EP-SUM.1–12), the decks (EP-DECK.1–5), the end of the game (EP-END.1–3) and
the scoring with its tie-breaks (EP-SCO.1–10).

Investment costs used below (G4, content.toml): Bodega D+E, Industria 2D+E, Cartel publicitario
D+E, Técnico en calidad 2D, Comité emprendedor 2D, Externalización 2D+CH, Maquinaria D,
Informática D+E, Laboratorio 2E. Liquidation value of a card = max(1, cost − 1)."""

from __future__ import annotations

import pytest
from ep_support import DONE as LISTO
from ep_support import arranged, kinds, new, place
from ep_support import view_step as step

from ludoteca.core.action import Action

NEUTRAL = ("3A", "3B", "3C", "D4", "D5", "D1-1")


def play(g, until=None, squares=None):
    """Pass everywhere ('listo', else the first legal action); place on ``squares`` (default
    the neutral 3A, 3B, 3C, …) in every Opportunity phase."""
    ev = []
    while not g.is_over and not (until and until(g)):
        if step(g) == "oportunidad":
            free = list(squares or NEUTRAL)
            for _ in range(g.n):
                s = g.to_move[0]
                q = next(x for x in free if g.parse(f"ubicar {x}") in g.legal_actions(s))
                free.remove(q)
                ev += g.apply(f"ubicar {q}", seat=s)
            continue
        s = g.to_move[0]
        legal = g.legal_actions(s)
        ev += g.apply(LISTO if LISTO in legal else legal[0], seat=s)
        g._check_invariants()
    return ev


def offers(g, d):
    return [(o["card"], o["age"]) if o else None for o in g.view(None)["decks"][d]["offers"]]


def hidden_deck(g, d):
    return g.state_dict()["hidden"]["decks_face_down"][d]


# ----- Summary -----------------------------------------------------------------------------------
def test_ep_sum_1_steps_in_order():
    """EP-SUM.1: the Summary follows D7 and runs its steps 1–8 in order, then step 9."""
    g = arranged(events=["S11", "S02"], subsidies=[0, 1, 0], hand={0: {"mp": 1, "bc": 1}})
    ev = place(g, "3A", "3B", "3C") + play(g, until=lambda x: x.period == 2)
    ks = [k for k in kinds(ev) if k in ("distrito", "merma", "retirar-emprendedores",
                                         "suceso-abajo", "ofertas-retiradas", "ofertas-rotadas",
                                         "ofertas", "subsidios-movidos", "momento-cero",
                                         "periodo")]
    assert ks[-10:] == ["distrito", "merma", "retirar-emprendedores", "suceso-abajo",
                        "ofertas-retiradas", "ofertas-rotadas", "ofertas", "subsidios-movidos",
                        "momento-cero", "periodo"]
    rules = [e.rule for e in ev if e.kind in ("merma", "retirar-emprendedores", "suceso-abajo",
                                              "ofertas-retiradas", "ofertas-rotadas",
                                              "subsidios-movidos", "momento-cero")]
    assert rules == ["EP-SUM.2", "EP-SUM.4", "EP-SUM.5", "EP-SUM.6", "EP-SUM.7", "EP-SUM.9",
                     "EP-SUM.10"]


def test_ep_sum_2_merma_keeps_one_product_of_choice():
    """EP-SUM.2: a seat with 2+ products keeps one of its choice, the rest go to the box; one
    type only is kept automatically; 0 or 1 product: nothing happens."""
    g = arranged(hand={0: {"mp": 1, "bc": 2}, 1: {"sv": 3}, 2: {"mp": 1}})
    place(g, "3A", "3B", "3C")
    play(g, until=lambda x: step(x) == "resumen-merma")
    assert g.to_move == (0,)                          # seat 1 has one type, seat 2 one product
    assert [str(a) for a in g.legal_actions(0)] == ["conservar-mp", "conservar-bc"]
    ev = g.apply("conservar-bc", seat=0)
    merma = next(e for e in ev if e.kind == "merma").data["players"]
    assert merma["0"] == {"kept": "bc", "lost": {"mp": 1, "bc": 1, "sv": 0}}
    assert merma["1"] == {"kept": "sv", "lost": {"mp": 0, "bc": 0, "sv": 2}}
    assert "2" not in merma
    hands = [p["hand"] for p in g.view(None)["players"]]
    assert hands == [{"mp": 0, "bc": 1, "sv": 0}, {"mp": 0, "bc": 0, "sv": 1},
                     {"mp": 1, "bc": 0, "sv": 0}]
    assert g.view(None)["market"] == {"mp": 0, "bc": 0, "sv": 0}    # to the box


def test_ep_sum_3_merma_only_touches_products_in_hand():
    """EP-SUM.3: merma never touches resources, Ideas or Tienda virtual products."""
    g = arranged(hand={0: {"mp": 2, "sv": 1}}, ideas={0: 2}, tienda={0: {"bc": 3}},
                 investments={0: ["tienda-virtual"]}, active={0: ["tienda-virtual"]},
                 resources={0: {"ch": 4, "d": 5, "e": 6}})
    place(g, "3A", "3B", "3C")
    play(g, until=lambda x: step(x) == "resumen-merma")
    g.apply("conservar-sv", seat=0)
    p = g.view(None)["players"][0]
    assert p["hand"] == {"mp": 0, "bc": 0, "sv": 1} and p["tienda"] == {"mp": 0, "bc": 3, "sv": 0}
    assert p["ideas"] == 2 and p["idle"] == {"ch": 4, "d": 5, "e": 6}


def test_ep_sum_4_entrepreneur_tokens_come_off():
    """EP-SUM.4: step 2 takes every entrepreneur token back; the squares are free again."""
    g = arranged(events=["S11", "S02"])
    place(g, "D6-1", "D4", "3C")
    play(g, until=lambda x: x.period == 2)
    v = g.view(None)
    assert all(q["seat"] is None for q in v["squares"])
    assert all(p["square"] is None for p in v["players"])
    assert "ubicar 9" in [str(a) for a in g.legal_actions(g.to_move[0])]


def test_ep_sum_5_event_to_the_bottom_face_up():
    """EP-SUM.5: the face-up event goes to the bottom of the event deck, still face up; the
    next D1 turns the next face-down card."""
    g = arranged(events=["S11", "S02", "S04"])
    place(g, "3A", "3B", "3C")
    ev = play(g, until=lambda x: x.period == 2 and step(x) != "oportunidad")
    assert next(e for e in ev if e.kind == "suceso-abajo").data["event"] == "S11"
    v = g.view(None)
    assert v["events"]["under"] == ["S11"] and v["events"]["current"] == "S02"
    assert v["events"]["face_down"] == 10
    assert "S11" not in g.state_dict()["hidden"]["events_face_down"]


def test_ep_sum_6_and_7_rotate_then_retire():
    """EP-SUM.7: step 5 turns every fresh offer (age 0 -> 1); EP-SUM.6: step 4 of the next
    Summary puts the rotated ones face up under their deck."""
    g = arranged(events=["S11", "S02", "S04"],
                 decks={"infraestructura": ["bodega", "industria", "cartel-publicitario",
                                            "central-de-energia-limpia"]})
    assert offers(g, 0) == [("bodega", 0), ("industria", 0)]
    place(g, "3A", "3B", "3C")
    ev = play(g, until=lambda x: x.period == 2)
    assert offers(g, 0) == [("bodega", 1), ("industria", 1)]
    assert next(e for e in ev if e.kind == "ofertas-rotadas").data["slots"] == [0, 1, 3, 4, 6, 7]
    ev = play(g, until=lambda x: x.period == 3)
    retired = next(e for e in ev if e.kind == "ofertas-retiradas").data["retired"]
    assert [r["card"] for r in retired][:2] == ["bodega", "industria"]
    assert g.view(None)["decks"][0]["under"] == ["bodega", "industria"]
    assert offers(g, 0) == [("cartel-publicitario", 0), ("central-de-energia-limpia", 0)]


def test_ep_sum_8_refill_to_2_or_3():
    """EP-SUM.8: step 6 refills each type with fresh cards to 2 offers («3-4») or 3 («5-6»)."""
    for n, want in ((3, 2), (5, 3)):
        g = arranged(n=n, events=["S11", "S02"],
                     resources={s: {"ch": 2, "d": 9, "e": 9} for s in range(n)})
        place(g, *NEUTRAL[:n])
        play(g, until=lambda x: step(x) == "d3-invertir")
        s = g.to_move[0]
        buy = next(a for a in g.legal_actions(s) if a.arg == 0 and a.name.startswith(
            "invertir") and a.name != "invertir-credito")
        g.apply(buy, seat=s)                             # one Infraestructura bought
        assert sum(1 for o in offers(g, 0) if o) == want - 1
        top = hidden_deck(g, 0)[0]
        play(g, until=lambda x: x.period == 2)
        assert len(offers(g, 0)) == want and all(o for o in offers(g, 0))
        assert offers(g, 0)[0] == (top, 0)               # the new card, fresh, in the slot
        assert all(sum(1 for o in offers(g, d) if o) == want for d in range(3))


@pytest.mark.parametrize("before, after", [
    ([0, 1, 1], [1, 1, 0]),
    ([0, 0, 2], [2, 0, 0]),
    ([1, 0, 1], [1, 0, 1]),
    ([0, 3, 0], [3, 0, 0]),
    ([2, 1, 0], [2, 1, 0]),
])
def test_ep_sum_9_subsidies_shift_left(before, after):
    """EP-SUM.9 (G33): while square 1 is empty and 2 or 3 holds Dinero, the row shifts left."""
    g = arranged(events=["S11", "S02"], subsidies=before)
    place(g, "3A", "3B", "3C")
    play(g, until=lambda x: x.period == 2)
    assert g.view(None)["subsidies"] == after


def test_ep_sum_10_momento_cero_passes_left():
    """EP-SUM.10: step 8 passes Momento Cero to the left (seat + 1, wrapping round)."""
    g = arranged(events=["S11", "S02", "S04"], mc=2)
    place(g, "3A", "3B", "3C")
    play(g, until=lambda x: x.period == 2)
    assert g.mc == 0 and g.to_move == (0,)
    play(g, until=lambda x: x.period == 3)
    assert g.mc == 1 and g.view(None)["players"][1]["mc"]


def test_ep_sum_11_a_new_period_with_its_opportunity():
    """EP-SUM.11: step 9 starts the next Period with its Opportunity phase."""
    g = arranged(events=["S11", "S02"])
    place(g, "3A", "3B", "3C")
    ev = play(g, until=lambda x: x.period == 2)
    assert ev[-1].kind == "periodo" and ev[-1].data["period"] == 2
    assert step(g) == "oportunidad" and g.view(None)["phase"] == "oportunidad"


def test_ep_sum_12_an_offer_is_on_sale_for_two_periods():
    """EP-SUM.12: an unbought offer can be bought in the D3 of the Period it was placed and of
    the next, and leaves at the second Summary."""
    g = arranged(events=["S11", "S02", "S04"], decks={"tecnologia": ["maquinaria"]},
                 resources={s: {"ch": 2, "d": 5, "e": 5} for s in range(3)})
    place(g, "3A", "3B", "3C")
    play(g, until=lambda x: step(x) == "d3-invertir")
    assert Action("invertir", 6) in g.legal_actions(g.to_move[0])
    play(g, until=lambda x: x.period == 2 and step(x) == "d3-invertir")
    assert offers(g, 2)[0] == ("maquinaria", 1)
    assert Action("invertir", 6) in g.legal_actions(g.to_move[0])
    play(g, until=lambda x: x.period == 3)
    assert "maquinaria" not in [o[0] for o in offers(g, 2)]
    assert g.view(None)["decks"][2]["under"][0] == "maquinaria"


# ----- decks -------------------------------------------------------------------------------------
def test_ep_deck_1_offers_from_the_top():
    """EP-DECK.1: offers come from the top face-down cards, at setup and at refill."""
    g = arranged(events=["S11", "S02"],
                 decks={"especialista": ["comite-emprendedor", "estrategia-rse",
                                         "analista-de-riesgos"]})
    assert offers(g, 1) == [("comite-emprendedor", 0), ("estrategia-rse", 0)]
    assert hidden_deck(g, 1)[0] == "analista-de-riesgos"
    assert g.view(None)["decks"][1]["face_down"] == 10
    place(g, "3A", "3B", "3C")
    play(g, until=lambda x: step(x) == "d3-invertir")
    g.apply("invertir 3", seat=0)
    play(g, until=lambda x: x.period == 2)
    assert offers(g, 1) == [("analista-de-riesgos", 0), ("estrategia-rse", 1)]


def test_ep_deck_2_retired_offers_under_the_deck():
    """EP-DECK.2: retired offers go face up under their deck, beneath the face-down cards: the
    next draws still come from the face-down cards."""
    g = arranged(events=["S11", "S02", "S04", "S01"],
                 decks={"tecnologia": ["maquinaria", "informatica", "laboratorio",
                                       "etiquetas-rfid", "tienda-virtual", "maquinaria"]})
    place(g, "3A", "3B", "3C")
    play(g, until=lambda x: x.period == 3)
    v = g.view(None)["decks"][2]
    assert v["under"] == ["maquinaria", "informatica"] and v["face_down"] == 6
    assert offers(g, 2) == [("laboratorio", 0), ("etiquetas-rfid", 0)]
    play(g, until=lambda x: x.period == 5)
    assert offers(g, 2) == [("tienda-virtual", 0), ("maquinaria", 0)]
    assert g.view(None)["decks"][2]["under"] == ["maquinaria", "informatica", "laboratorio",
                                                 "etiquetas-rfid"]
    assert g.view(None)["decks"][2]["face_down"] == 4


INFRA_OWNED = {0: ["bodega", "industria", "cartel-publicitario"],
               1: ["bodega", "industria", "cartel-publicitario"]}


def test_ep_deck_3_reshuffle_when_no_face_down_card_is_left():
    """EP-DECK.3 (checklist scenario 6): c1…c4 = Central, Red, Central, Red; seat 2 buys c1 in
    Period 1; c2 and c3 retire in Periods 2 and 3; the Period 3 refill finds no face-down card
    and shuffles {c2, c3} face down to draw one."""
    g = arranged(events=["S11", "S02", "S04"], investments=INFRA_OWNED,
                 decks={"infraestructura": ["central-de-energia-limpia",
                                            "red-de-transporte-limpio",
                                            "central-de-energia-limpia",
                                            "red-de-transporte-limpio"]})
    assert g.view(None)["decks"][0]["face_down"] == 2
    place(g, "3A", "3B", "3C")
    play(g, until=lambda x: step(x) == "d3-invertir")
    play(g, until=lambda x: x.to_move == (2,))
    g.apply("invertir 0", seat=2)                       # c1
    play(g, until=lambda x: x.period == 2)
    assert offers(g, 0) == [("central-de-energia-limpia", 0), ("red-de-transporte-limpio", 1)]
    play(g, until=lambda x: x.period == 3)
    assert offers(g, 0) == [("central-de-energia-limpia", 1), ("red-de-transporte-limpio", 0)]
    assert g.view(None)["decks"][0]["under"] == ["red-de-transporte-limpio"]
    assert g.view(None)["decks"][0]["face_down"] == 0
    ev = play(g, until=lambda x: x.period == 4 or x.is_over)
    shuffle = next(e for e in ev if e.kind == "mazo-rebarajado")
    assert shuffle.rule == "EP-DECK.3" and shuffle.data == {"deck": 0, "cards": 2}
    d = g.view(None)["decks"][0]
    assert d["under"] == [] and d["face_down"] == 1
    assert offers(g, 0)[0][1] == 0 and offers(g, 0)[1] == ("red-de-transporte-limpio", 1)
    assert sorted([offers(g, 0)[0][0]] + hidden_deck(g, 0)) == [
        "central-de-energia-limpia", "red-de-transporte-limpio"]


def test_ep_deck_4_an_empty_deck_shows_fewer_offers():
    """EP-DECK.4 (G45): with no card left in a deck at all, that type shows fewer offers."""
    owned = {0: ["bodega", "industria", "cartel-publicitario", "central-de-energia-limpia"],
             1: ["bodega", "industria", "cartel-publicitario", "central-de-energia-limpia"]}
    g = arranged(events=["S11", "S02"], investments=owned)
    assert offers(g, 0) == [("red-de-transporte-limpio", 0), ("red-de-transporte-limpio", 0)]
    place(g, "3A", "3B", "3C")
    play(g, until=lambda x: x.to_move == (2,) and step(x) == "d3-invertir")
    g.apply("invertir 0", seat=2)
    if 2 in g.to_move:                                  # ▶: may activate at once
        g.apply("listo", seat=2)
    play(g, until=lambda x: x.period == 2)
    assert offers(g, 0) == [None, ("red-de-transporte-limpio", 1)]
    assert g.view(None)["decks"][0]["face_down"] == 0 and g.view(None)["decks"][0]["under"] == []
    assert [len([o for o in offers(g, d) if o]) for d in (1, 2)] == [2, 2]


def test_ep_deck_5_event_deck_never_reshuffled():
    """EP-DECK.5: D1 always turns the top face-down event; used events stay under the deck,
    and at the end of Period 12 none is left face down."""
    top = ["S11", "S02", "S04", "S01"]
    g = arranged(events=top)
    ev = place(g, "3A", "3B", "3C")
    ev += play(g, until=lambda x: x.period == 4 and step(x) != "oportunidad")
    assert [e.data["event"] for e in ev if e.kind == "suceso"] == ["S11", "S02", "S04", "S01"]
    assert g.view(None)["events"]["under"] == ["S11", "S02", "S04"]
    assert not any(e.kind == "mazo-rebarajado" for e in ev)
    ev = play(g)
    seen = top + [e.data["event"] for e in ev if e.kind == "suceso"]
    assert len(seen) == 12 and len(set(seen)) == 12


# ----- end of the game ---------------------------------------------------------------------------
def test_ep_end_1_no_summary_in_period_12():
    """EP-END.1: the game ends when D7 of Period 12 is deactivated: no merma, no MC pass, the
    event stays face up."""
    g = arranged(period=12, mc=1, hand={0: {"mp": 2, "bc": 1}})
    place(g, "3A", "3B", "3C")
    ev = play(g)
    assert g.is_over and g.result.reason == "fin" and g.period == 12
    assert not {"merma", "momento-cero", "suceso-abajo", "periodo"} & set(kinds(ev))
    assert g.mc == 1 and g.view(None)["players"][0]["hand"] == {"mp": 2, "bc": 1, "sv": 0}
    assert g.view(None)["events"]["current"] == "S11"
    assert [e.data["district"] for e in ev if e.kind == "distrito"][-1] == 7


def test_ep_end_1_full_game_lasts_12_periods():
    """EP-END.1: a whole game of passing players stops after Period 12."""
    g = new(3, seed=4)
    ev = list(g.opening_events) + play(g)
    assert [e.data["period"] for e in ev if e.kind == "periodo"] == list(range(1, 13))
    assert g.result.details["periods"] == 12


def test_ep_end_2_all_twelve_events_revealed():
    """EP-END.2: at the end every one of the 12 events in play has been turned; none is face
    down; the 8 set aside were never seen."""
    g = new(4, seed=9)
    ev = list(g.opening_events) + play(g)
    turned = [e.data["event"] for e in ev if e.kind == "suceso"]
    v = g.view(None)["events"]
    assert len(turned) == 12 == len(set(turned))
    assert v["face_down"] == 0 and len(v["under"]) == 11 and v["current"] == turned[-1]
    assert v["set_aside"] == 8
    assert not set(turned) & set(g.state_dict()["hidden"]["events_set_aside"])


def test_ep_end_3_winner_worked_out_at_once():
    """EP-END.3: the result is computed as soon as the game ends; the last event is 'fin'."""
    g = arranged(period=12, ideas={1: 2})
    place(g, "3A", "3B", "3C")
    ev = play(g)
    assert ev[-1].kind == "fin" and ev[-1].rule == "EP-END.1"
    assert g.result.winners == (1,) and ev[-1].data["winners"] == [1]
    assert g.legal_actions(0) == [] and g.to_move == ()


# ----- scoring -----------------------------------------------------------------------------------
def final(**arr):
    g = arranged(period=12, **arr)
    place(g, "3A", "3B", "3C")
    play(g)
    return g.result


def test_ep_sco_1_each_idea_one_point():
    """EP-SCO.1: every Idea token scores 1 point."""
    r = final(ideas={0: 3, 1: 1})
    assert r.scores == (3, 1, 0) and r.details["ideas"] == [3, 1, 0]


def test_ep_sco_2_a_trio_scores_one_point():
    """EP-SCO.2: one active Infraestructura + Especialista + Tecnología = 1 point."""
    r = final(ideas={0: 1}, investments={0: ["bodega", "tecnico-en-calidad", "maquinaria"]},
              active={0: ["bodega", "tecnico-en-calidad", "maquinaria"]})
    assert r.details["trios"] == [1, 0, 0] and r.scores[0] == 2


def test_ep_sco_3_trios_are_the_minimum_per_deck():
    """EP-SCO.3 (G39): trios = min(I, E, T); no card counts twice."""
    inv = {0: ["bodega", "cartel-publicitario", "tecnico-en-calidad", "analista-de-riesgos",
               "maquinaria", "informatica"],
           1: ["bodega", "cartel-publicitario", "tecnico-en-calidad", "maquinaria"],
           2: ["industria", "central-de-energia-limpia", "informatica"]}
    act = {0: ["bodega", "tecnico-en-calidad", "analista-de-riesgos", "maquinaria"],
           1: ["bodega", "tecnico-en-calidad", "maquinaria"],
           2: ["central-de-energia-limpia"]}
    r = final(investments=inv, active=act)
    assert r.details["trios"] == [2, 1, 0]             # (2,2,2), (2,1,1), (2,0,1)


def test_ep_sco_4_inactive_cards_add_nothing():
    """EP-SCO.4: owned cards that are not active add nothing to trios."""
    r = final(investments={0: ["bodega", "tecnico-en-calidad", "maquinaria"]},
              active={0: ["bodega", "tecnico-en-calidad"]})
    assert r.details["trios"] == [0, 0, 0] and r.scores == (0, 0, 0)


def test_ep_sco_5_four_ways_to_be_active():
    """EP-SCO.5: active = all tokens (Técnico), Bodega with 1 token, comes active (Cartel,
    Informática), or named by an active Externalización (Laboratorio with no tokens)."""
    g = arranged(period=12,
                 investments={0: ["bodega", "tecnico-en-calidad", "informatica"],
                              1: ["cartel-publicitario", "externalizacion", "comite-emprendedor",
                                  "laboratorio"]},
                 active={0: ["bodega", "tecnico-en-calidad"],
                         1: ["externalizacion", "comite-emprendedor"]})
    place(g, "3A", "3B", "3C")
    play(g, until=lambda x: step(x) == "d2-activar" and x.to_move == (1,))
    g.apply("externalizar laboratorio", seat=1)
    g.apply("laboratorio-a", seat=1)
    targets = {t["id"]: t for t in g.view(None)["players"][1]["targets"]}
    assert targets["laboratorio"]["active"] and targets["laboratorio"]["tokens"] == 0
    play(g)
    assert g.result.details["trios"] == [1, 1, 0]


def test_ep_sco_6_credit_penalty_one_idea_none_without():
    """EP-SCO.6 (G11): a credit card held at the end costs 1 Idea; with no Idea, nothing."""
    g = arranged(period=12, ideas={0: 3}, credit=[0, 1])
    place(g, "3A", "3B", "3C")
    ev = play(g)
    pen = [e for e in ev if e.kind == "penalizacion-credito"]
    assert [(e.data["player"], e.data["idea"]) for e in pen] == [(0, "idle"), (1, "none")]
    r = g.result
    assert r.details["ideas"] == [2, 0, 0] and r.scores == (2, 0, 0)
    assert r.details["penalty"] == [True, False, False]


def test_ep_sco_7_most_points_wins():
    """EP-SCO.7: the player with the most points wins, whatever their resources."""
    r = final(ideas={0: 1, 2: 2}, resources={0: {"ch": 9, "d": 9, "e": 9}})
    assert r.winners == (2,) and r.ranking[0] == 2 and r.ranking[1] == 0


def test_ep_sco_8_tie_break_resources_idle_and_placed():
    """EP-SCO.8 (G38): on equal points the most resource tokens wins, placed ones included,
    Ideas never counted: A (2 Ideas, 6 idle) vs B (1 Idea + a trio, 6 idle + 1 placed)."""
    r = final(ideas={0: 2, 1: 1},
              investments={1: ["cartel-publicitario", "tecnico-en-calidad", "informatica"]},
              active={1: ["tecnico-en-calidad"]})
    assert r.scores[:2] == (2, 2)
    assert r.details["resources"][:2] == [6, 7]
    assert r.winners == (1,) and r.ranking[:2] == (1, 0)


def test_ep_sco_9_tie_break_liquidation():
    """EP-SCO.9: still tied, each adds resources + 1 per product + max(1, cost − 1) per card:
    A 6 + 1 product + Bodega 1 = 8 beats B 6 + Maquinaria 1 = 7."""
    r = final(ideas={0: 1, 1: 1}, hand={0: {"sv": 1}},
              investments={0: ["bodega"], 1: ["maquinaria"]})
    assert r.details["resources"][:2] == [6, 6]
    assert r.details["liquidation"][:2] == [8, 7]
    assert r.winners == (0,)


def test_ep_sco_10_still_tied_share_the_win():
    """EP-SCO.10: equal after both tie-breaks: a shared win (and a shared place)."""
    r = final(ideas={0: 1, 1: 1}, investments={0: ["bodega"], 1: ["industria"]},
              hand={0: {"mp": 1}})
    assert r.details["liquidation"][:2] == [8, 8]            # 6+1+1 and 6+2
    assert set(r.winners) == {0, 1} and r.details["places"] == [1, 1, 3]
