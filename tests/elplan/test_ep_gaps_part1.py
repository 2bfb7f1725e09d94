"""Gap tests for «El Plan: tú decides», part 1: the gaps whose subject lies in GEN, SET, PER, OPP
and Districts 1–4 (G1–G3, G6–G9, G12, G13, G18, G24–G28, G34, G36, G41, G43, G44, G46–G48).

Checklist: ../shared/rules/elplan.md; rulings: docs/rules/elplan.md."""
from __future__ import annotations

import pytest
from ep_support import DONE, C, act, can, first, idle, legal, new, offers, player, run, step, target

import ludoteca

QUIET = ["S11", "S05", "S07"]          # no effect on players: nothing, subsidies only


# ===== Gaps of GEN, SET, PER, OPP, D1–D4 =======================================================
def test_gap_g1_plan_cards_are_data():
    """EP G1: plans are data: 6 level-1 plans, 2 per type; each has 2 processes with one
    coloured space each, a 2-process recipe of its own type from its own process types and a
    P-A + P-B + P-C recipe for a second type; the third type is never makeable; the three
    tutorial plans miss three different process types."""
    level1 = [p for p in C.plans if p.level == 1]
    assert sorted(p.id for p in level1) == ["BC-1", "BC-2", "MP-1", "MP-2", "SV-1", "SV-2"]
    missing_types = {}
    for p in level1:
        assert len(p.processes) == 2 and all(len(sp) == 1 for _x, sp in p.processes)
        own = tuple(x for x, _sp in p.processes)
        assert dict(p.recipes)[p.type] == own
        second = next(t for t, _pr in p.recipes if t != p.type)
        assert dict(p.recipes)[second] == (0, 1, 2)
        assert len({p.type, second}) == 2
        missing_types[p.id] = ({0, 1, 2} - set(own)).pop()
    assert {missing_types[x] for x in ("MP-1", "BC-1", "SV-1")} == {0, 1, 2}
    mp1 = C.plans[C.plan_index["MP-1"]]
    assert mp1.processes == ((0, (2,)), (1, (0,)))           # P-A 1 E, P-B 1 CH (G1 table)
    g = new(3)
    v = g.view(None)["players"]
    assert [(p["plan_type"], p["second_product"], p["cannot_make"]) for p in v] == [
        ("mp", "bc", "sv"), ("bc", "sv", "mp"), ("sv", "mp", "bc")]


def test_gap_g2_three_process_types():
    """EP G2: 3 global process types P-A, P-B, P-C; every 3-process recipe is all three; D4
    pools count a, b, c and "any" (the owner's pick)."""
    assert [code for code, _es, _en in C.ptype_names] == ["P-A", "P-B", "P-C"]
    assert all(sorted(p) == [0, 1, 2] for plan in C.plans for _t, p in plan.recipes
               if len(p) == 3)
    g = new(3, seed=1)
    g.arrange(events=["S11"])
    ev = run(g, (1, "d4-fabricar"), squares={0: "D4", 1: "3A", 2: "3B"})
    assert set(first(ev, "procesos").data["pools"]["0"]) == {"a", "b", "c", "any"}


def test_gap_g3_processes_are_worked_out_at_d4():
    """EP G3: available processes are worked out when D4 activates: a card activated in D2 and
    a card that comes active bought in D3 of the same Period both count."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], investments={0: ["maquinaria"]},
              decks={"infraestructura": ["cartel-publicitario", "bodega"]})
    ev = run(g, (1, "d4-fabricar"), squares={0: "3B", 1: "3A", 2: "3C"},
             script=[("d2-activar", 0, "activar maquinaria"),
                     ("d3-invertir", 0, "invertir infraestructura-1")])
    assert first(ev, "procesos").data["pools"]["0"] == {"a": 1, "b": 0, "c": 0, "any": 1}


def test_gap_g6_cierre_de_ano_fiscal_is_a_neutral_event():
    """EP G6: «Cierre de año fiscal» is event S06 (checklist E01), neutral: each affected
    player returns every idle resource and takes 2 of each; with no idle resources a player
    still takes 2 of each; placed tokens are not idle and stay."""
    e = C.events[C.event_index["S06"]]
    assert e.category == "neutral" and e.checklist == ("E01",)
    g = new(3, seed=1)
    g.arrange(events=["S06"], resources={0: {"ch": 0, "d": 0, "e": 0},
                                         1: {"ch": 5, "d": 0, "e": 1}},
              active={1: ["proceso-1"]})
    ev = run(g, (1, "d2-desactivar"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert first(ev, "suceso-cierre").data["returned"]["1"] == {"ch": 5, "d": 0, "e": 1}
    assert [idle(g, s) for s in range(3)] == [{"ch": 2, "d": 2, "e": 2}] * 3
    assert target(g, 1, "proceso-1")["active"]


def test_gap_g7_twenty_events_as_data():
    """EP G7: 20 events with a category and a hook; cards 1–5 are the tutorial's (T1–T5);
    checklist E05 is our S09 and E01 our S06; E17 is not used."""
    assert [e.id for e in C.events] == [f"S{i:02d}" for i in range(1, 21)]
    cats = [e.category for e in C.events]
    assert (cats.count("positive"), cats.count("negative"), cats.count("neutral")) == (8, 6, 6)
    assert {e.hook for e in C.events} <= {"D1", "period", "D5_sell", "D7_start"}
    tags = {x: e.id for e in C.events for x in e.checklist}
    assert [tags[f"T{i}"] for i in range(1, 6)] == ["S01", "S02", "S03", "S04", "S05"]
    assert tags["E05"] == "S09" and tags["E01"] == "S06" and "E17" not in tags
    assert any(op.op == "subsidy" for e in C.events for op in e.effects)   # D on subsidies


def test_gap_g8_exemption_covers_the_whole_event_board_parts_act():
    """EP G8: an exemption covers every part of the event for the Period (S15: no imports for
    the affected only), while its board part (2 D per export) acts whatever the exemptions."""
    g = new(3, seed=1)
    g.arrange(events=["S15"], resources={0: {"d": 6}, 1: {"d": 6}}, market={"mp": 1})
    run(g, (1, "d5-comprar"), squares={0: "D1-1", 1: "3A", 2: "3B"},
        script=[("d1-exencion", 0, "ignorar-suceso")])
    mods = g.view(None)["modifiers"]
    assert mods["no_imports"] == [False, True, True] and mods["export_subsidy"] == 2
    assert can(g, 0, "importar-sv")
    act(g, 0, "listo")
    assert not can(g, 1, "importar-sv") and can(g, 1, "comprar-mp")


def test_gap_g8_board_event_cannot_be_ignored():
    """EP G8: an event with only a board effect (S05: 1 D onto the subsidy squares) asks no
    one, not even the D1 square holder."""
    g = new(3, seed=1)
    g.arrange(events=["S05"])
    rec = []
    run(g, (1, "d2-desactivar"), squares={0: "D1-1", 1: "3A", 2: "3B"}, record=rec)
    assert not [1 for _p, st, _s in rec if st == "d1-exencion"]
    assert g.view(None)["subsidies"] == [1, 0, 0]


def test_gap_g9_full_game_shuffles_tutorial_never():
    """EP G9: the full game shuffles (seeded), the tutorial keeps its numbered order whatever
    the seed; tests can set an explicit order with arrange."""
    tut = [new(3, seed=s, tutorial=True).state_dict()["hidden"]["events_face_down"]
           for s in (1, 2, 3)]
    assert tut[0] == tut[1] == tut[2] == ["S03", "S04", "S05"]   # P1 played, S02 turned up
    v = new(3, seed=4, tutorial=True).view(None)["events"]
    assert v["removed"] == ["S01"] and v["current"] == "S02"
    full = {tuple(new(3, seed=s).state_dict()["hidden"]["events_face_down"]) for s in (1, 2, 3)}
    assert len(full) == 3
    g = new(3, seed=5)
    g.arrange(events=["S07", "S02"])
    assert g.state_dict()["hidden"]["events_face_down"][:2] == ["S07", "S02"]


def test_gap_g12_offer_age_fresh_then_rotated_then_retired():
    """EP G12: a new offer is fresh (age 0); the first Summary rotates it (age 1); the second
    retires it face up under its deck."""
    g = new(3, seed=1)
    g.arrange(events=QUIET, decks={"tecnologia": ["maquinaria", "laboratorio"]})
    assert offers(g)[6] == ("maquinaria", 0)
    run(g, (2, "oportunidad"))
    assert offers(g)[6] == ("maquinaria", 1) and offers(g)[7] == ("laboratorio", 1)
    run(g, (3, "oportunidad"))
    deck = g.view(None)["decks"][2]
    assert deck["under"] == ["maquinaria", "laboratorio"]
    assert offers(g)[6][1] == 0 and offers(g)[7][1] == 0


def test_gap_g13_level_two_doubles_activations_same_rules():
    """EP G13: level-2 plans are the level-1 plans with each activation doubled (the added
    token: E → D, CH → E, D → CH); the rules do not change."""
    partner = {2: 1, 0: 2, 1: 0}
    for p1 in (p for p in C.plans if p.level == 1):
        p2 = C.plans[C.plan_index[p1.id + "-N2"]]
        assert p2.level == 2 and p2.type == p1.type and p2.recipes == p1.recipes
        for (x1, sp1), (x2, sp2) in zip(p1.processes, p2.processes, strict=True):
            assert x1 == x2 and sp2 == (sp1[0], partner[sp1[0]])
    g = new(3, seed=1, level=2)
    g.arrange(events=["S11"], resources={0: {"ch": 0, "d": 1, "e": 1}})
    run(g, (1, "d2-activar"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert can(g, 0, "activar proceso-1")                    # MP-1-N2 P-A: E + D
    act(g, 0, "activar proceso-1")
    assert idle(g, 0) == {"ch": 0, "d": 0, "e": 0}
    assert target(g, 0, "proceso-1")["tokens"] == 2 and target(g, 0, "proceso-1")["active"]


def test_gap_g18_producers_pay_from_the_next_period():
    """EP G18: Central +1 E, Comité +1 CH, RSE +1 D at the start of D2 when active since an
    earlier Period; a producer activated in this D2 first pays next Period."""
    g = new(3, seed=1)
    cards = ["central-de-energia-limpia", "comite-emprendedor", "estrategia-rse"]
    g.arrange(events=["S11", "S05"], investments={0: cards, 1: ["comite-emprendedor"]},
              active={0: cards}, resources={0: {}, 1: {"ch": 0, "d": 0, "e": 1}})
    ev = run(g, (1, "d2-desactivar"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert idle(g, 0) == {"ch": 1, "d": 1, "e": 1}
    assert [e.data["player"] for e in ev if e.kind == "produce"] == [0, 0, 0]
    assert idle(g, 1) == {"ch": 0, "d": 0, "e": 1}          # seat 1's Comité not active yet
    ev = run(g, (1, "d3-invertir"), script=[("d2-activar", 1, "activar comite-emprendedor")])
    assert target(g, 1, "comite-emprendedor")["active_since"] == 1
    assert not [e for e in ev if e.kind == "produce"]       # nothing more in Period 1
    ev = run(g, (2, "d2-desactivar"))
    produced = [(e.data["player"], e.data["card"]) for e in ev if e.kind == "produce"]
    assert produced == [(1, "comite-emprendedor"), (0, "central-de-energia-limpia"),
                        (0, "comite-emprendedor"), (0, "estrategia-rse")]   # MC = seat 1 now
    assert idle(g, 1)["ch"] == 1


def test_gap_g24_square_counts():
    """EP G24: 12 squares in all; D1 1 (2–4 players) or 2 (5–6); D2 2 at every count; at
    least as many usable squares as players (6 players, empty market: 10)."""
    assert len(C.squares) == 12
    for n in range(2, 7):
        v = new(n, seed=1).view(None)
        ids = [q["id"] for q in v["squares"]]
        assert sum(x.startswith("D1") for x in ids) == (2 if n >= 5 else 1)
        assert sum(x.startswith("D2") for x in ids) == 2
        assert sum(q["usable"] for q in v["squares"]) >= n
    assert sum(q["usable"] for q in new(6).view(None)["squares"]) == 10


def test_gap_g25_placement_compulsory_checked_at_placement():
    """EP G25: placing is compulsory (no pass), and D6 availability is judged when the token
    is placed only (see EP-OPP.13)."""
    g = new(6, seed=1)
    for _ in range(6):
        s = g.to_move[0]
        assert DONE not in g.legal_actions(s) and g.legal_actions(s)
        act(g, s, str(g.legal_actions(s)[0]))
    assert step(g) != "oportunidad"
    g = new(3, seed=1)
    g.arrange(events=["S16"], market={"mp": 1, "bc": 1}, subsidies=[0, 1, 0])
    run(g, (1, "d6-credito-subsidio"), squares={0: "D6-2", 1: "3A", 2: "3B"})
    assert g.view(None)["market"] == {"mp": 0, "bc": 0, "sv": 0}   # S16 emptied it in D1
    assert g.to_move == (0,)
    act(g, 0, "elegir-d")
    run(g, (2, "oportunidad"))
    assert idle(g, 0)["d"] == 4


def test_gap_g26_step_major_exchange_rules():
    """EP G26: D2 steps strictly ordered (all seats in a step before the next), resources got
    by exchange (step 4) come too late to activate, the received type differs from both paid,
    the exchange repeats, and Ideas never take part."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], ideas={0: 4}, resources={0: {"ch": 0, "d": 2, "e": 2}})
    run(g, (1, "d2-canjear"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert not target(g, 0, "proceso-2")["active"]
    act(g, 0, "canjear-d-e-ch")                               # CH now, but step 3 is over
    assert idle(g, 0) == {"ch": 1, "d": 1, "e": 1}
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 0, "activar proceso-2")
    act(g, 0, "canjear-d-e-ch")
    assert idle(g, 0) == {"ch": 2, "d": 0, "e": 0} and player(g, 0)["ideas"] == 4
    assert sorted(legal(g, 0)) == ["canjear-ch-ch-d", "canjear-ch-ch-e", "listo"]


def test_gap_g27_return_details():
    """EP G27: one return per Period; refund types from the card's cost, chosen by the
    player; tokens (Ideas too) back to the owner; the card to the box."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], investments={0: ["industria", "bodega"]}, ideas={0: 1},
              resources={0: {"ch": 0, "d": 0, "e": 0}})
    run(g, (1, "d2-devolver"), squares={0: "3A", 1: "3B", 2: "3C"})
    ev = act(g, 0, "devolver industria")                      # 2 D + 1 E → 2
    assert g.view(None)["refund"] == {"left": 2, "types": ["d", "e"]}
    act(g, 0, "elegir-e")
    act(g, 0, "elegir-e")
    assert idle(g, 0) == {"ch": 0, "d": 0, "e": 2}
    assert g.view(None)["decks"][0]["boxed"] == ["industria"]
    assert not (step(g) == "d2-devolver" and 0 in g.to_move)  # no second card
    # tokens, an Idea included, come back
    g = new(3, seed=1)
    g.arrange(events=["S11", "S05"], investments={0: ["bodega"]}, ideas={0: 1},
              resources={0: {"ch": 0, "d": 0, "e": 1}})
    run(g, (2, "d2-devolver"), squares={0: "3A", 1: "3B", 2: "3C"},
        script=[("d2-activar", 0, "idea-e bodega"), ("d2-activar", 0, "reforzar bodega")])
    while 0 not in g.to_move:
        act(g, g.to_move[0], "listo")
    assert step(g) == "d2-devolver" and target(g, 0, "bodega")["tokens"] == 2
    ev = act(g, 0, "devolver bodega")
    assert first(ev, "devolver").data["back"] == {"ch": 0, "d": 0, "e": 1, "ideas": 1}
    act(g, 0, "elegir-d")
    assert player(g, 0)["ideas_idle"] == 1 and idle(g, 0) == {"ch": 0, "d": 1, "e": 1}


def test_gap_g28_d2_square_ch_usable_in_that_d2():
    """EP G28: the D2 Opportunity's CH arrives at D2 activation, before step 1, and can
    activate a process in the same D2."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], resources={1: {"ch": 0, "d": 0, "e": 1}})
    ev = run(g, (1, "d2-activar"), squares={0: "3A", 1: "D2-1", 2: "3B"})
    assert first(ev, "oportunidad-d2").data == {"player": 1,
                                                "gain": {"ch": 1, "d": 0, "e": 0}}
    while 1 not in g.to_move:
        act(g, g.to_move[0], "listo")
    act(g, 1, "activar proceso-1")                          # BC-1 P-B takes the CH
    act(g, 1, "activar proceso-2")                          # P-C takes the E
    assert target(g, 1, "proceso-1")["active"] and idle(g, 1) == {"ch": 0, "d": 0, "e": 0}


def test_gap_g34_production_optional_partial_leftovers_lost():
    """EP G34: a player may make fewer products than the processes allow; the rest is lost."""
    g = new(3, seed=1)
    g.arrange(events=["S11", "S05"], investments={0: ["cartel-publicitario",
                                                      "prevencion-de-riesgos"]},
              active={0: ["proceso-1", "proceso-2", "prevencion-de-riesgos"]})
    ev = run(g, (1, "d4-fabricar"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert first(ev, "procesos").data["pools"]["0"] == {"a": 2, "b": 2, "c": 0, "any": 0}
    act(g, 0, "fabricar-mp")
    assert can(g, 0, "fabricar-mp")
    act(g, 0, "listo")
    assert player(g, 0)["hand"]["mp"] == 1
    ev = run(g, (2, "d4-fabricar"))
    assert first(ev, "procesos").data["pools"]["0"] == {"a": 2, "b": 2, "c": 0, "any": 0}


def test_gap_g36_supply_never_runs_out():
    """EP G36: resources, products and Ideas never run out: a player holding many still
    receives more."""
    g = new(3, seed=1)
    g.arrange(events=["S01"], resources={0: {"ch": 99, "d": 99, "e": 99}},
              hand={0: {"mp": 1, "bc": 1, "sv": 1}}, ideas={0: 60},
              market={"mp": 0}, active={0: ["proceso-1", "proceso-2"]})
    run(g, (1, "d7-innovar"), squares={0: "3A", 1: "3B", 2: "3C"},
        script=[("d4-fabricar", 0, "fabricar-mp")])
    assert idle(g, 0)["d"] == 100
    assert player(g, 0)["hand"]["mp"] == 2
    act(g, 0, "innovar")
    assert player(g, 0)["ideas"] == 61


def test_gap_g41_plans_configured_before_momento_cero():
    """EP G41: the missing setup step 4 is read as the shuffle, done first; plans are assigned
    by configuration (only checked), before Momento Cero is handed out."""
    order = C.raw["setup"]["order"]
    assert order[0] == "barajar" and order.index("planes") < order.index("momento_cero")
    g = new(4, seed=2, first_player=3, plans=["BC-2", "SV-1", "MP-2", "MP-1"])
    prep = first(g.opening_events, "preparacion")
    assert prep.data["plans"] == ["BC-2", "SV-1", "MP-2", "MP-1"] and prep.data["mc"] == 3
    assert step(g) == "oportunidad"                        # no in-game plan choice


def test_gap_g43_ideas_as_wildcards_limits():
    """EP G43: Ideas work only on activation spaces, one Idea per token (a 2-token card takes
    an Idea and a resource); they never pay, nor activate a ▶ card in D3; placed they still
    score; the credit penalty takes an idle Idea first."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], investments={0: ["externalizacion"]}, ideas={0: 1},
              resources={0: {"ch": 0, "d": 1, "e": 0}})
    run(g, (1, "d2-activar"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert not can(g, 0, "activar externalizacion")
    act(g, 0, "idea-ch externalizacion")
    assert not target(g, 0, "externalizacion")["active"]   # one Idea = one token only
    act(g, 0, "activar externalizacion")                   # the D from idle
    t = target(g, 0, "externalizacion")
    assert t["active"] and [x["token"] for x in t["spaces"]] == ["d", "idea"]
    # penalty: idle Idea first, the placed one stays
    g = new(3, seed=1)
    g.arrange(period=12, events=["S11"], ideas={0: 2}, credit=[0],
              resources={0: {"ch": 0, "d": 2, "e": 0}})
    run(g, "end", squares={0: "3A", 1: "3B", 2: "3C"},
        script=[("d2-activar", 0, "idea-e proceso-1")])
    assert g.result.details["penalty_idea"][0] == "idle"
    assert g.result.details["ideas"][0] == 1 and target(g, 0, "proceso-1")["active"]


def test_gap_g44_discounts():
    """EP G44: the 3A holder picks D or E only when the cost has both; otherwise the discount
    applies by itself; never on another deck, never below 0, never with credit."""
    decks = {"infraestructura": ["red-de-transporte-limpio", "central-de-energia-limpia"]}
    g = new(3, seed=1)
    g.arrange(events=["S11"], decks=decks)
    run(g, (1, "d3-invertir"), squares={0: "3A", 1: "3B", 2: "3C"})
    names = {(a.name, a.arg) for a in g.legal_actions(0)}
    assert ("invertir", 0) in names and ("invertir-dto-d", 0) not in names   # Red: 2 E
    assert ("invertir-dto-d", 1) in names and ("invertir", 1) not in names   # Central: D + E
    ev = act(g, 0, "invertir infraestructura-1")
    assert first(ev, "invertir").data["paid"] == {"ch": 0, "d": 0, "e": 1}
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 1, "invertir-dto-d infraestructura-2")      # 3B holder: not their deck


def test_gap_g46_two_copies_rebuy_after_return():
    """EP G46: 2 copies of every card; a player may buy a card another player owns, and may
    buy a name again after returning it."""
    assert all(c.copies == 2 for c in C.cards) and C.deck_sizes == (10, 12, 10)
    g = new(3, seed=1)
    g.arrange(events=["S11"], investments={0: ["maquinaria"], 1: ["maquinaria"]})
    assert all(o[0] != "maquinaria" for o in offers(g).values())   # both copies owned
    g = new(3, seed=1)
    g.arrange(events=["S11"], investments={0: ["maquinaria"]},
              decks={"tecnologia": ["maquinaria", "laboratorio"]})
    run(g, (1, "d2-devolver"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert not can(g, 0, "invertir tecnologia-1")
    act(g, 0, "devolver maquinaria")
    run(g, (1, "d3-invertir"))
    assert g.to_move == (0,) and can(g, 0, "invertir tecnologia-1")
    act(g, 0, "invertir tecnologia-1")
    assert [t["id"] for t in player(g, 0)["targets"]][2:] == ["maquinaria"]


def test_gap_g47_play_cards_activate_in_d3_with_idle_resources():
    """EP G47: the ▶ cards are Red de transporte limpio, Analista de riesgos and Etiquetas
    RFID; right after buying one the buyer may place its tokens from idle resources (not
    Ideas); those tokens then stay until the next D2 step 1."""
    assert sorted(c.id for c in C.cards if c.play) == [
        "analista-de-riesgos", "etiquetas-rfid", "red-de-transporte-limpio"]
    g = new(3, seed=1)
    g.arrange(events=["S11", "S05"], decks={"especialista": ["analista-de-riesgos",
                                                             "tecnico-en-calidad"]},
              resources={0: {"ch": 2, "d": 1, "e": 0}, 1: {"ch": 1, "d": 1, "e": 0}},
              ideas={1: 3})
    run(g, (1, "d3-invertir"), squares={0: "3A", 1: "3C", 2: "D4"})
    act(g, 0, "invertir especialista-1")                   # D + CH
    ev = act(g, 0, "activar analista-de-riesgos")          # CH from idle
    assert first(ev, "activar").rule == "EP-D3.10"
    assert idle(g, 0) == {"ch": 0, "d": 0, "e": 0} and target(g, 0, "analista-de-riesgos")["active"]
    assert g.to_move != (0,)                               # turn over: one card a Period
    run(g, (2, "d2-desactivar"))
    t = target(g, 0, "analista-de-riesgos")
    assert t["active"] and t["spaces"][0]["token"] == "ch"  # stayed on all Period
    assert step(g) == "d2-desactivar" and can(g, 0, "desactivar analista-de-riesgos")


def test_gap_g47_play_card_activation_refuses_ideas():
    """EP G47: a ▶ card's D3 activation cannot use Ideas."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], decks={"especialista": ["analista-de-riesgos",
                                                      "tecnico-en-calidad"]},
              resources={0: {"ch": 1, "d": 1, "e": 0}}, ideas={0: 3})
    run(g, (1, "d3-invertir"), squares={0: "3A", 1: "3C", 2: "D4"})
    act(g, 0, "invertir especialista-1")                   # pays D + CH: no CH left
    assert g.to_move != (0,)                               # nothing but 'listo': passed over
    assert not target(g, 0, "analista-de-riesgos")["active"] and player(g, 0)["ideas"] == 3


def test_gap_g48_edition_and_names():
    """EP G48: we follow this booklet: «El Plan: tú decides» and «Bien de consumo»."""
    from ludoteca.core.registry import info
    assert info("elplan").title == "El Plan: tú decides" == C.raw["title"]
    assert [es for es, _en in C.product_names] == ["Materia prima", "Bien de consumo",
                                                   "Servicio"]
