"""Rule tests for «El Plan: tú decides»: District 1, Events (EP-D1.*), and District 2,
Administration (EP-D2.*).

Checklist: ../shared/rules/elplan.md; rulings: docs/rules/elplan.md."""
from __future__ import annotations

import pytest
from ep_support import act, can, first, idle, kinds, legal, new, player, run, step, target

import ludoteca


# ===== District 1 — Events (D1) ================================================================
def test_ep_d1_1_top_event_is_revealed_and_applied_to_all():
    """EP-D1.1: at D1 the top face-down event is turned over and every player applies it."""
    g = new(3, seed=1)
    g.arrange(events=["S01", "S02"])                     # S01 «Préstamo blando»: +1 D each
    ev = run(g, (1, "d2-desactivar"), squares={0: "3A", 1: "3B", 2: "3C"})
    e = first(ev, "suceso")
    assert e.rule == "EP-D1.1" and e.data["event"] == "S01" and e.data["face_down"] == 11
    assert [idle(g, s)["d"] for s in range(3)] == [3, 3, 3]
    assert g.view(None)["events"]["current"] == "S01"
    assert g.state_dict()["hidden"]["events_face_down"][0] == "S02"   # next one still hidden


def test_ep_d1_2_same_effect_for_all_but_the_exempted():
    """EP-D1.2: the event hits every player alike except one exempted (here by the D1
    square)."""
    g = new(4, seed=1)
    g.arrange(events=["S02"])                            # S02 «Feria laboral»: +1 CH each
    run(g, (1, "d1-exencion"), squares={0: "3A", 1: "3B", 2: "D1-1", 3: "3C"})
    assert g.to_move == (2,)
    ev = act(g, 2, "ignorar-suceso")
    assert first(ev, "suceso-gana").data["players"] == [0, 1, 3]
    assert [idle(g, s)["ch"] for s in range(4)] == [3, 3, 2, 3]


def test_ep_d1_3_event_stays_face_up_until_summary_step_3():
    """EP-D1.3: the resolved event stays face up on the deck through the Period and goes to
    the bottom, face up, in Summary step 3."""
    g = new(3, seed=1)
    g.arrange(events=["S11", "S05"], hand={0: {"mp": 1, "bc": 1, "sv": 1}})
    run(g, (1, "d7-innovar"))
    assert step(g) == "d7-innovar"
    ev_view = g.view(None)["events"]
    assert ev_view["current"] == "S11" and ev_view["under"] == [] and ev_view["face_down"] == 11
    run(g, (2, "oportunidad"))
    ev_view = g.view(None)["events"]
    assert ev_view["current"] is None and ev_view["under"] == ["S11"]


def test_ep_d1_4_single_square_may_ignore_at_3_4():
    """EP-D1.4: «3-4»: the player on the single D1 square may ignore this Period's event
    (S09 = checklist E05, pay 1 idle E): they keep their E, the others pay."""
    g = new(3, seed=1)
    g.arrange(events=["S09"])
    ev = run(g, (1, "d1-exencion"), squares={0: "3A", 1: "D1-1", 2: "3B"})
    assert [s["id"] for s in g.view(None)["squares"]].count("D1-2") == 0
    assert g.to_move == (1,) and sorted(legal(g, 1)) == ["aceptar-suceso", "ignorar-suceso"]
    ev = act(g, 1, "ignorar-suceso")
    assert first(ev, "exencion").rule == "EP-D1.4"
    assert [idle(g, s)["e"] for s in range(3)] == [1, 2, 1]


def test_ep_d1_5_each_d1_square_decides_separately_at_5_6():
    """EP-D1.5: «5-6»: each player on a D1 square decides for themself."""
    g = new(5, seed=1)
    g.arrange(events=["S09"])
    run(g, (1, "d1-exencion"),
        squares={0: "3A", 1: "D1-1", 2: "3B", 3: "D1-2", 4: "3C"})
    assert g.to_move == (1,)
    ev = act(g, 1, "ignorar-suceso")
    assert g.to_move == (3,) and step(g) == "d1-exencion"
    ev += act(g, 3, "aceptar-suceso")
    assert [e.rule for e in ev if e.kind == "exencion"] == ["EP-D1.5", "EP-D1.5"]
    assert [idle(g, s)["e"] for s in range(5)] == [1, 2, 1, 1, 1]


def test_ep_d1_6_ignoring_is_optional_and_personal():
    """EP-D1.6: the D1 holder may also accept the event; ignoring it covers only the one who
    chooses (the others are hit in any case)."""
    g = new(3, seed=1)
    g.arrange(events=["S01"])                           # +1 D: worth accepting
    run(g, (1, "d1-exencion"), squares={0: "D1-1", 1: "3A", 2: "3B"})
    act(g, 0, "aceptar-suceso")
    assert [idle(g, s)["d"] for s in range(3)] == [3, 3, 3]
    g = new(3, seed=1)
    g.arrange(events=["S01"])
    run(g, (1, "d1-exencion"), squares={0: "D1-1", 1: "3A", 2: "3B"})
    act(g, 0, "ignorar-suceso")
    assert [idle(g, s)["d"] for s in range(3)] == [2, 3, 3]


def test_ep_d1_7_later_parts_follow_the_exemption():
    """EP-D1.7 (R:G8): an event acting later in the Period (S03 «Capital semilla»: at the start
    of D7, +2 D to each player with no Idea) acts at D7, not D1, and not for a player who
    ignored it."""
    g = new(3, seed=1)
    g.arrange(events=["S03"], ideas={2: 1})
    ev = run(g, (1, "d2-desactivar"), squares={0: "D1-1", 1: "3A", 2: "3B"},
             script=[("d1-exencion", 0, "ignorar-suceso")])
    assert first(ev, "suceso-pendiente").rule == "EP-D1.7"
    assert [idle(g, s)["d"] for s in range(3)] == [2, 2, 2]           # nothing at D1
    ev = run(g, (2, "oportunidad"))
    got = first(ev, "suceso-gana")
    assert got.rule == "EP-D1.7" and got.data["players"] == [1]       # 0 ignored, 2 has an Idea
    ks = kinds(ev)
    assert ks.index("suceso-gana") > max(i for i, e in enumerate(ev)
                                         if e.kind == "distrito" and e.data["district"] == 7)
    assert [idle(g, s)["d"] for s in range(3)] == [2, 4, 2]


def test_ep_d1_7_period_modifier_skips_the_exempted():
    """EP-D1.7 (R:G8): a Period rule from the event (S13 «Inflación»: market purchases cost
    4 D this Period) does not bind a player who ignored the event."""
    g = new(3, seed=1)
    g.arrange(events=["S13"], market={"mp": 2}, resources={0: {"d": 5}, 1: {"d": 5}})
    run(g, (1, "d5-comprar"), squares={0: "D1-1", 1: "3A", 2: "3B"},
        script=[("d1-exencion", 0, "ignorar-suceso")])
    assert g.view(None)["modifiers"]["market_price"] == [3, 4, 4]
    act(g, 0, "comprar-mp")
    act(g, 0, "listo")
    act(g, 1, "comprar-mp")
    assert idle(g, 0)["d"] == 2 and idle(g, 1)["d"] == 1


# ===== District 2 — Administration (D2) ========================================================
def test_ep_d2_1_four_steps_each_by_all_players_in_order():
    """EP-D2.1 (R:G26): D2 runs deactivate, return, activate, exchange; every player acts in
    a step (from Momento Cero, here seat 1) before the next step starts."""
    g = new(3, seed=1, first_player=1)
    g.arrange(events=["S11"], investments={0: ["maquinaria"], 1: ["laboratorio"],
                                           2: ["bodega"]},
              active={0: ["proceso-1"], 1: ["proceso-1"], 2: ["proceso-1"]})
    rec = []
    run(g, (1, "d3-invertir"), record=rec, squares={1: "3B", 2: "3C", 0: "3A"})
    d2 = [(st, s) for _p, st, s in rec if st.startswith("d2-")]
    assert d2 == [(st, s) for st in ("d2-desactivar", "d2-devolver", "d2-activar", "d2-canjear")
                  for s in (1, 2, 0)]


def test_ep_d2_2_deactivate_returns_the_tokens():
    """EP-D2.2: in step 1 a player may deactivate active processes and investments: tokens
    back to the player, the target inactive."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], investments={0: ["externalizacion"]},
              active={0: ["proceso-2", "externalizacion"]},
              resources={0: {"ch": 0, "d": 0, "e": 0}})
    run(g, (1, "d2-desactivar"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert sorted(legal(g, 0)) == ["desactivar 1", "desactivar 10", "listo"]
    ev = act(g, 0, "desactivar externalizacion")
    assert first(ev, "desactivar").rule == "EP-D2.2"
    ev = act(g, 0, "desactivar proceso-2")
    assert idle(g, 0) == {"ch": 2, "d": 1, "e": 0}
    assert not target(g, 0, "proceso-2")["active"]
    assert not target(g, 0, "externalizacion")["active"]
    assert target(g, 0, "externalizacion")["tokens"] == 0


def test_ep_d2_3_return_refund_cost_minus_one():
    """EP-D2.3 (R:G27): returning an investment refunds max(1, cost − 1) resources of types
    from its cost, picked by the player; at most one card per Period."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], investments={0: ["externalizacion", "maquinaria"]},
              resources={0: {"ch": 0, "d": 0, "e": 0}})
    run(g, (1, "d2-devolver"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert g.to_move == (0,)
    ev = act(g, 0, "devolver externalizacion")          # cost 2 D + 1 CH → refund 2
    assert first(ev, "devolver").data["refund"] == 2
    assert sorted(legal(g, 0)) == ["elegir-ch", "elegir-d"]  # E is not in the cost
    with pytest.raises(ludoteca.IllegalAction, match="G27"):
        act(g, 0, "elegir-e")
    act(g, 0, "elegir-ch")
    act(g, 0, "elegir-ch")
    assert idle(g, 0) == {"ch": 2, "d": 0, "e": 0}
    # one card per Period: seat 0 gets no second return turn
    assert not (0 in g.to_move and step(g) == "d2-devolver")
    assert [t["id"] for t in player(g, 0)["targets"]][2:] == ["maquinaria"]


def test_ep_d2_3_refund_is_at_least_one():
    """EP-D2.3: a card costing 1 (Maquinaria, 1 D) still refunds 1 — a single-type cost is
    refunded in that type at once; a 2-resource card (Bodega, D + E) refunds 1."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], investments={0: ["maquinaria"], 1: ["bodega"]},
              resources={0: {"ch": 0, "d": 0, "e": 0}, 1: {"ch": 0, "d": 0, "e": 0}})
    run(g, (1, "d2-devolver"), squares={0: "3A", 1: "3B", 2: "3C"})
    ev = act(g, 0, "devolver maquinaria")
    assert first(ev, "devolver").data["gain"] == {"ch": 0, "d": 1, "e": 0}
    assert idle(g, 0) == {"ch": 0, "d": 1, "e": 0}
    assert g.to_move == (1,)
    act(g, 1, "devolver bodega")
    assert sorted(legal(g, 1)) == ["elegir-d", "elegir-e"]
    act(g, 1, "elegir-e")
    assert idle(g, 1) == {"ch": 0, "d": 0, "e": 1}


def test_ep_d2_4_returned_card_leaves_the_game_tokens_back():
    """EP-D2.4 (R:G27): a returned card goes to the box (out of the game, not under its
    deck); tokens on it go back to the owner."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], investments={0: ["externalizacion"]},
              active={0: ["externalizacion"]}, resources={0: {"ch": 0, "d": 0, "e": 0}})
    run(g, (1, "d2-devolver"), squares={0: "3A", 1: "3B", 2: "3C"})
    ev = act(g, 0, "devolver externalizacion")
    assert first(ev, "devolver").data["back"] == {"ch": 1, "d": 1, "e": 0, "ideas": 0}
    act(g, 0, "elegir-d")
    act(g, 0, "elegir-d")
    assert idle(g, 0) == {"ch": 1, "d": 3, "e": 0}
    deck = g.view(None)["decks"][1]
    assert deck["boxed"] == ["externalizacion"] and "externalizacion" not in deck["under"]
    hidden = g.state_dict()["hidden"]["decks_face_down"][1]
    assert hidden.count("externalizacion") + sum(
        1 for o in deck["offers"] if o and o["card"] == "externalizacion") == 1
    g._check_invariants()


def test_ep_d2_5_plan_process_needs_its_exact_resource():
    """EP-D2.5: a plan process is activated only with the resource type of its coloured space
    (MP-1: P-A takes E, P-B takes CH)."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], resources={0: {"ch": 3, "d": 3, "e": 0}})
    run(g, (1, "d2-activar"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert not can(g, 0, "activar proceso-1")           # no idle E
    ev = act(g, 0, "activar proceso-2")
    assert first(ev, "activar").rule == "EP-D2.5"
    assert first(ev, "activar").data["tokens"] == {"ch": 1, "d": 0, "e": 0}
    assert idle(g, 0) == {"ch": 2, "d": 3, "e": 0}
    assert target(g, 0, "proceso-2")["spaces"][0]["token"] == "ch"


def test_ep_d2_6_investment_needs_its_printed_tokens():
    """EP-D2.6: an investment is activated with the number and types printed
    (Externalización: 1 D + 1 CH)."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], investments={0: ["externalizacion"], 1: ["externalizacion"]},
              resources={0: {"ch": 0, "d": 3, "e": 3}, 1: {"ch": 1, "d": 1, "e": 0}})
    run(g, (1, "d2-activar"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert not can(g, 0, "activar externalizacion")
    act(g, 0, "listo")
    ev = act(g, 1, "activar externalizacion")
    assert first(ev, "activar").rule == "EP-D2.6"
    assert first(ev, "activar").data["tokens"] == {"ch": 1, "d": 1, "e": 0}
    assert idle(g, 1) == {"ch": 0, "d": 0, "e": 0}
    assert target(g, 1, "externalizacion")["active"]


def test_ep_d2_7_tokens_stay_until_next_d2_step_1():
    """EP-D2.7: placed tokens cannot be taken off before D2 step 1 of the next Period: a
    removal is refused later in D2 and in other Districts; it is allowed next Period."""
    g = new(3, seed=1)
    g.arrange(events=["S11", "S05"])
    run(g, (1, "d2-activar"), squares={0: "3A", 1: "3B", 2: "3C"})
    act(g, 0, "activar proceso-1")
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 0, "desactivar proceso-1")
    act(g, 0, "listo")
    run(g, (1, "d2-canjear"))
    assert g.to_move == (0,)
    with pytest.raises(ludoteca.IllegalAction, match="not possible now"):
        act(g, 0, "desactivar proceso-1")
    run(g, (1, "d3-invertir"))
    assert g.to_move == (0,)
    with pytest.raises(ludoteca.IllegalAction, match="not possible now"):
        act(g, 0, "desactivar proceso-1")
    run(g, (2, "d2-desactivar"))
    assert step(g) == "d2-desactivar" and can(g, 0, "desactivar proceso-1")


def test_ep_d2_8_activations_carry_over():
    """EP-D2.8: an activation keeps working in later Periods with no new payment."""
    g = new(3, seed=1)
    g.arrange(events=["S11", "S05", "S07"])
    run(g, (1, "d2-activar"), squares={0: "3A", 1: "3B", 2: "3C"})
    act(g, 0, "activar proceso-1")
    act(g, 0, "activar proceso-2")
    before = idle(g, 0)
    pools = []
    for p in (2, 3):
        ev = run(g, (p, "d4-fabricar"),
                 script=[("oportunidad", s, f"ubicar {q}") for s, q in
                         ((0, "3A"), (1, "3B"), (2, "3C"))])
        pools.append(first(ev, "procesos").data["pools"]["0"])
        assert idle(g, 0) == before
        act(g, 0, "listo")
    assert pools == [{"a": 1, "b": 1, "c": 0, "any": 0}] * 2
    assert target(g, 0, "proceso-1")["active_since"] == 1


def test_ep_d2_9_exchange_two_for_one_different():
    """EP-D2.9 (R:G26): pay 2 resources, take 1 of a type different from both; repeatable;
    2 D for 1 D (or D + E for D) does not exist."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], resources={0: {"ch": 0, "d": 4, "e": 0}})
    run(g, (1, "d2-canjear"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert sorted(legal(g, 0)) == ["canjear-d-d-ch", "canjear-d-d-e", "listo"]
    for bad in ("canjear-d-d-d", "canjear-d-e-d", "canjear-ch-d-ch"):
        with pytest.raises(ludoteca.IllegalAction):
            act(g, 0, bad)
    ev = act(g, 0, "canjear-d-d-e")
    assert first(ev, "canjear").rule == "EP-D2.9"
    act(g, 0, "canjear-d-d-e")
    assert idle(g, 0) == {"ch": 0, "d": 0, "e": 2}
    act(g, 0, "canjear-e-e-ch")
    assert idle(g, 0) == {"ch": 1, "d": 0, "e": 0}
    assert not can(g, 0, "canjear-e-e-ch")


def test_ep_d2_10_idea_stands_in_for_one_token():
    """EP-D2.10: in D2 an Idea may fill a plan process space or an investment activation
    space in place of a resource."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], ideas={0: 2}, investments={0: ["maquinaria"]},
              resources={0: {"ch": 0, "d": 0, "e": 0}})
    run(g, (1, "d2-activar"), squares={0: "3A", 1: "3B", 2: "3C"})
    assert not can(g, 0, "activar proceso-1")
    ev = act(g, 0, "idea-e proceso-1")
    assert first(ev, "idea").rule == "EP-D2.10" and first(ev, "idea").data["active"]
    act(g, 0, "idea-e maquinaria")
    assert target(g, 0, "proceso-1")["spaces"][0]["token"] == "idea"
    assert target(g, 0, "maquinaria")["active"]
    p = player(g, 0)
    assert p["ideas_idle"] == 0 and p["ideas"] == 2
    assert not can(g, 0, "idea-ch proceso-2")               # no Idea left


def test_ep_d2_11_idea_replaces_a_placed_resource():
    """EP-D2.11: in D2 an Idea may replace a resource on an activation space; the resource
    goes back idle and the target stays active."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], ideas={0: 1}, active={0: ["proceso-2"]},
              resources={0: {"ch": 0, "d": 0, "e": 0}})
    run(g, (1, "d2-activar"), squares={0: "3A", 1: "3B", 2: "3C"})
    ev = act(g, 0, "sustituir-ch proceso-2")
    assert first(ev, "sustituir").rule == "EP-D2.11"
    assert idle(g, 0) == {"ch": 1, "d": 0, "e": 0}
    t = target(g, 0, "proceso-2")
    assert t["active"] and t["spaces"][0]["token"] == "idea"


def test_ep_d2_12_placed_idea_still_scores():
    """EP-D2.12 (R:G43): an Idea used as a wildcard still belongs to the player and scores."""
    g = new(3, seed=1)
    g.arrange(period=12, events=["S11"], ideas={0: 2, 1: 1},
              resources={0: {"ch": 0, "d": 0, "e": 0}})
    run(g, "end", squares={0: "3A", 1: "3B", 2: "3C"},
        script=[("d2-activar", 0, "idea-e proceso-1"), ("d2-activar", 0, "idea-ch proceso-2")])
    assert target(g, 0, "proceso-2")["spaces"][0]["token"] == "idea"
    assert g.result.scores == (2, 1, 0) and g.result.details["ideas"][0] == 2
    assert g.result.details["resources"][0] == 0          # Ideas are not resources


def test_ep_d2_13_bought_card_first_activated_in_next_d2():
    """EP-D2.13: a non-▶ card bought in D3 is first activated in the next Period's D2."""
    g = new(3, seed=1)
    g.arrange(events=["S11", "S05"], decks={"tecnologia": ["maquinaria", "laboratorio"]})
    ev = run(g, (2, "d2-activar"), squares={0: "3A", 1: "3B", 2: "3C"},
             script=[("d3-invertir", 0, "invertir tecnologia-1")])
    assert first(ev, "invertir").data["card"] == "maquinaria"
    assert not [e for e in ev if e.kind == "activar" and e.data["id"] == "maquinaria"]
    while 0 not in g.to_move:
        act(g, g.to_move[0], "listo")
    assert step(g) == "d2-activar" and can(g, 0, "activar maquinaria")
    act(g, 0, "activar maquinaria")
    assert target(g, 0, "maquinaria")["active"]


def test_ep_d2_14_d2_square_gives_one_ch_before_step_1():
    """EP-D2.14 (R:G28): each player on a D2 square takes 1 CH at D2 activation, before
    step 1, and may use it in the same D2."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], resources={0: {"ch": 0, "d": 2, "e": 2},
                                         1: {"ch": 0, "d": 2, "e": 2}})
    ev = run(g, (1, "d2-activar"), squares={0: "D2-2", 1: "D2-1", 2: "3C"})
    got = [e for e in ev if e.kind == "oportunidad-d2"]
    assert [e.data["player"] for e in got] == [0, 1] and got[0].rule == "EP-D2.14"
    d2 = next(i for i, e in enumerate(ev) if e.kind == "distrito" and e.data["district"] == 2)
    assert kinds(ev)[d2 + 1:d2 + 3] == ["oportunidad-d2", "oportunidad-d2"]   # before step 1
    assert idle(g, 0)["ch"] == 1
    act(g, 0, "activar proceso-2")                      # MP-1 P-B takes the new CH
    assert target(g, 0, "proceso-2")["active"]


def test_ep_d2_15_producers_pay_at_the_start_of_d2():
    """EP-D2.15 (R:G18): an active producer (Central de energía limpia: +1 E) pays at the
    start of D2, before step 1; the E can be used in that D2."""
    g = new(3, seed=1)
    g.arrange(events=["S11"], investments={0: ["central-de-energia-limpia"]},
              active={0: ["central-de-energia-limpia"]},
              resources={0: {"ch": 2, "d": 2, "e": 0}})
    ev = run(g, (1, "d2-desactivar"), squares={0: "3A", 1: "3B", 2: "3C"})
    prod = first(ev, "produce")
    assert prod.data == {"player": 0, "card": "central-de-energia-limpia",
                         "gain": {"ch": 0, "d": 0, "e": 1}}
    assert step(g) == "d2-desactivar"                   # before step 1 is played
    assert idle(g, 0)["e"] == 1
    run(g, (1, "d2-activar"))
    act(g, 0, "activar proceso-1")                      # MP-1 P-A takes the new E
