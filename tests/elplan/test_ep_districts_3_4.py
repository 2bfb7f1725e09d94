"""Rule tests for «El Plan: tú decides»: District 3, Investment (EP-D3.*), and District 4,
Manufacturing (EP-D4.*).

Checklist: ../shared/rules/elplan.md; rulings: docs/rules/elplan.md."""
from __future__ import annotations

import pytest
from ep_support import (
    DONE,
    C,
    act,
    can,
    first,
    idle,
    kinds,
    legal,
    new,
    offers,
    player,
    run,
    step,
    target,
)

import ludoteca

DECKS = {"infraestructura": ["bodega", "red-de-transporte-limpio"],
         "especialista": ["tecnico-en-calidad", "analista-de-riesgos"],
         "tecnologia": ["maquinaria", "laboratorio"]}
# slots: 0 bodega, 1 red (▶), 3 técnico, 4 analista (▶), 6 maquinaria, 7 laboratorio


def to_d3(g, squares=None, **arr):
    arr.setdefault("events", ["S11", "S05"])
    arr.setdefault("decks", DECKS)
    g.arrange(**arr)
    run(g, (1, "d3-invertir"), squares=squares or {0: "D4", 1: "D5", 2: "D2-1"})
    assert step(g) == "d3-invertir"


# ===== District 3 — Investment (D3) ============================================================
def test_ep_d3_1_only_face_up_offers_can_be_bought():
    """EP-D3.1: only the face-up offers can be bought: the legal purchases are exactly the
    filled offer slots; an empty slot or a face-down card cannot be bought."""
    g = new(3, seed=1)
    to_d3(g)
    slots = sorted(a.arg for a in g.legal_actions(0) if a.name == "invertir")
    assert slots == sorted(offers(g)) == [0, 1, 3, 4, 6, 7]
    for bad in ("invertir 2", "invertir 5", "invertir 8", "invertir industria"):
        with pytest.raises(ludoteca.IllegalAction):
            act(g, 0, bad)


def test_ep_d3_2_each_in_order_may_buy_one():
    """EP-D3.2: at D3 each player in order (from Momento Cero, here seat 2) may buy one."""
    g = new(3, seed=1, first_player=2)
    ev = []
    to_d3(g, squares={2: "D4", 0: "D5", 1: "D2-1"})
    assert g.to_move == (2,)
    ev += act(g, 2, "invertir tecnologia-1")
    assert g.to_move == (0,)
    ev += act(g, 0, "invertir especialista-1")
    assert g.to_move == (1,)
    ev += act(g, 1, "invertir tecnologia-2")
    assert [(e.data["player"], e.data["card"]) for e in ev if e.kind == "invertir"] == [
        (2, "maquinaria"), (0, "tecnico-en-calidad"), (1, "laboratorio")]
    assert step(g) != "d3-invertir"


def test_ep_d3_3_one_investment_per_period():
    """EP-D3.3: a player buys at most one investment per Period, ▶ cards included."""
    g = new(3, seed=1)
    to_d3(g, resources={0: {"ch": 5, "d": 5, "e": 5}})
    act(g, 0, "invertir especialista-2")                # Analista de riesgos, ▶
    assert g.to_move == (0,)
    assert sorted(legal(g, 0)) == ["activar 8", "listo"]
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 0, "invertir tecnologia-1")
    act(g, 0, "listo")
    assert g.to_move == (1,)
    act(g, 1, "invertir tecnologia-1")                  # not ▶: the turn ends at once
    assert g.to_move == (2,)


def test_ep_d3_4_pay_the_whole_cost_or_take_credit():
    """EP-D3.4: the buyer pays the card's whole cost to the box, or takes a credit card and
    pays nothing."""
    g = new(3, seed=1)
    to_d3(g)
    ev = act(g, 0, "invertir especialista-1")           # Técnico en calidad, 2 D
    assert first(ev, "invertir").data["paid"] == {"ch": 0, "d": 2, "e": 0}
    assert idle(g, 0) == {"ch": 2, "d": 0, "e": 2}
    ev = act(g, 1, "invertir-credito infraestructura-1")   # Bodega, D + E
    assert first(ev, "invertir").rule == "EP-D3.4" and first(ev, "invertir").data["credit"]
    assert idle(g, 1) == {"ch": 2, "d": 2, "e": 2}
    assert player(g, 1)["credit"] is True and g.view(None)["credit_supply"] == C.credit_supply - 1
    assert [t["id"] for t in player(g, 1)["targets"]][2:] == ["bodega"]


def test_ep_d3_5_at_most_one_credit_card():
    """EP-D3.5: a player already holding a credit card cannot take another."""
    g = new(3, seed=1)
    to_d3(g, credit=[0])
    assert player(g, 0)["credit"] is True
    assert not any(a.name == "invertir-credito" for a in g.legal_actions(0))
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 0, "invertir-credito tecnologia-1")
    act(g, 0, "listo")
    assert any(a.name == "invertir-credito" for a in g.legal_actions(1))   # seat 1 may


def test_ep_d3_6_no_two_copies_of_a_name():
    """EP-D3.6 (G46): a player cannot buy a card whose name they own; another player can."""
    g = new(3, seed=1)
    to_d3(g, investments={0: ["bodega"]})
    assert offers(g)[0] == ("bodega", 0)
    assert not can(g, 0, "invertir infraestructura-1")
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 0, "invertir infraestructura-1")
    act(g, 0, "listo")
    assert can(g, 1, "invertir infraestructura-1")
    act(g, 1, "invertir infraestructura-1")
    assert [t["id"] for t in player(g, 1)["targets"]][2:] == ["bodega"]


def test_ep_d3_7_rotated_offers_can_be_bought():
    """EP-D3.7: an offer rotated in the last Summary is bought like a fresh one."""
    g = new(3, seed=1)
    g.arrange(events=["S11", "S05"], decks=DECKS)
    run(g, (2, "d3-invertir"))
    assert step(g) == "d3-invertir" and g.period == 2
    assert offers(g)[6] == ("maquinaria", 1)            # rotated (age 1)
    s = g.to_move[0]
    act(g, s, "invertir tecnologia-1")
    assert [t["id"] for t in player(g, s)["targets"]][2:] == ["maquinaria"]


def test_ep_d3_8_bought_slot_stays_empty_until_refill():
    """EP-D3.8: a bought card joins the buyer's plan and leaves the offers; its slot stays
    empty until the refill of Summary step 6."""
    g = new(3, seed=1)
    to_d3(g, hand={0: {"mp": 1, "bc": 1, "sv": 1}})
    act(g, 0, "invertir tecnologia-1")
    assert 6 not in offers(g)
    run(g, (1, "d7-innovar"))
    assert step(g) == "d7-innovar" and 6 not in offers(g)
    ev = run(g, (2, "oportunidad"))
    dealt = [d["slot"] for e in ev if e.kind == "ofertas" for d in e.data["dealt"]]
    assert dealt == [6]
    assert offers(g)[6][1] == 0 and offers(g)[7] == ("laboratorio", 1)


def test_ep_d3_9_card_without_play_waits_for_next_d2():
    """EP-D3.9: a card without ▶ cannot be activated in the D3 where it is bought (the turn
    ends), and gives nothing in that Period's D4."""
    g = new(3, seed=1)
    to_d3(g, active={0: ["proceso-1", "proceso-2"]})
    act(g, 0, "invertir tecnologia-1")                  # Maquinaria (no ▶)
    assert g.to_move != (0,)
    ev = run(g, (1, "d4-fabricar"))
    assert first(ev, "procesos").data["pools"]["0"] == {"a": 1, "b": 1, "c": 0, "any": 1}
    assert not target(g, 0, "maquinaria")["active"]      # the "any" is the D4 square's


def test_ep_d3_10_play_card_activated_at_once_works_this_period():
    """EP-D3.10 (R:G47): a ▶ card may be activated right after buying, from idle resources,
    and works from D4 of the same Period (Etiquetas RFID pays +1 D on this Period's export)."""
    g = new(3, seed=1)
    decks = dict(DECKS, tecnologia=["etiquetas-rfid", "maquinaria"])
    to_d3(g, decks=decks, market={"bc": 5}, hand={1: {"bc": 1}})
    act(g, 0, "invertir tecnologia-1")                  # D + E
    assert sorted(legal(g, 0)) == ["activar 16", "listo"]
    ev = act(g, 0, "activar etiquetas-rfid")            # 1 E from idle
    assert first(ev, "activar").rule == "EP-D3.10"
    assert idle(g, 0) == {"ch": 2, "d": 1, "e": 0} and target(g, 0, "etiquetas-rfid")["active"]
    run(g, (1, "d5-vender"))
    while g.to_move != (1,):
        act(g, g.to_move[0], "listo")
    ev = act(g, 1, "vender-bc-e")
    assert "exportar" in kinds(ev) and first(ev, "rfid").data["player"] == 0
    assert idle(g, 0)["d"] == 2


def test_ep_d3_10_play_card_needs_idle_resources():
    """EP-D3.10: the ▶ activation tokens come from idle resources; without them the card
    stays inactive."""
    g = new(3, seed=1)
    decks = dict(DECKS, tecnologia=["etiquetas-rfid", "maquinaria"])
    to_d3(g, decks=decks, resources={0: {"ch": 0, "d": 1, "e": 1}}, ideas={0: 2})
    act(g, 0, "invertir tecnologia-1")
    assert g.to_move != (0,)                             # only 'listo' left: passed over
    assert not target(g, 0, "etiquetas-rfid")["active"]


def test_ep_d3_11_3a_one_d_or_one_e_less_on_infraestructura():
    """EP-D3.11: the 3A player pays 1 D or 1 E less, their choice, for an Infraestructura."""
    g = new(3, seed=1)
    to_d3(g, squares={0: "3A", 1: "3B", 2: "3C"})
    assert not can(g, 0, "invertir infraestructura-1")   # Bodega D + E: a choice is needed
    assert can(g, 0, "invertir-dto-d infraestructura-1")
    assert can(g, 0, "invertir-dto-e infraestructura-1")
    ev = act(g, 0, "invertir-dto-e infraestructura-1")
    e = first(ev, "invertir")
    assert e.rule == "EP-D3.11" and e.data["paid"] == {"ch": 0, "d": 1, "e": 0}
    assert idle(g, 0) == {"ch": 2, "d": 1, "e": 2}


def test_ep_d3_11_3a_discount_d_variant():
    """EP-D3.11: choosing the Dinero discount leaves the E to pay."""
    g = new(3, seed=1)
    to_d3(g, squares={0: "3A", 1: "3B", 2: "3C"})
    act(g, 0, "invertir-dto-d infraestructura-1")
    assert idle(g, 0) == {"ch": 2, "d": 2, "e": 1}


def test_ep_d3_12_3b_one_d_less_on_especialista():
    """EP-D3.12: the 3B player pays 1 D less for an Especialista (Técnico, 2 D → 1 D)."""
    g = new(3, seed=1)
    to_d3(g, squares={0: "3B", 1: "3A", 2: "3C"})
    ev = act(g, 0, "invertir especialista-1")
    e = first(ev, "invertir")
    assert e.rule == "EP-D3.12" and e.data["paid"] == {"ch": 0, "d": 1, "e": 0}
    assert idle(g, 0) == {"ch": 2, "d": 1, "e": 2}


def test_ep_d3_13_3c_one_e_less_on_tecnologia():
    """EP-D3.13: the 3C player pays 1 E less for a Tecnología (Laboratorio, 2 E → 1 E)."""
    g = new(3, seed=1)
    to_d3(g, squares={0: "3C", 1: "3A", 2: "3B"})
    ev = act(g, 0, "invertir tecnologia-2")
    e = first(ev, "invertir")
    assert e.rule == "EP-D3.13" and e.data["paid"] == {"ch": 0, "d": 0, "e": 1}
    assert idle(g, 0) == {"ch": 2, "d": 2, "e": 1}


@pytest.mark.parametrize("square, offer, paid", [
    ("3B", "tecnologia-1", {"ch": 0, "d": 1, "e": 0}),       # other deck: no discount
    ("3C", "tecnologia-1", {"ch": 0, "d": 1, "e": 0}),       # Maquinaria has no E to lower
    ("3A", "especialista-1", {"ch": 0, "d": 2, "e": 0}),     # other deck
    ("3A", "infraestructura-2", {"ch": 0, "d": 0, "e": 1}),  # Red (2 E): only E can drop
    ("3B", "especialista-2", {"ch": 1, "d": 0, "e": 0}),     # Analista D + CH → CH
])
def test_ep_d3_14_discount_only_own_section_and_type(square, offer, paid):
    """EP-D3.14 (R:G44): a 3A/3B/3C discount works only on its own deck, lowers only a cost
    component of its type (never below 0) and does nothing where that type is absent."""
    g = new(3, seed=1)
    to_d3(g, squares={0: square, 1: "D4", 2: "D5"})
    ev = act(g, 0, f"invertir {offer}")
    assert first(ev, "invertir").data["paid"] == paid
    assert all(v >= 0 for v in idle(g, 0).values())


def test_ep_d3_14_no_discount_with_credit():
    """EP-D3.14: on credit the discount has no effect: nothing is paid either way and no
    discount is recorded."""
    g = new(3, seed=1)
    to_d3(g, squares={0: "3B", 1: "D4", 2: "D5"})
    ev = act(g, 0, "invertir-credito especialista-1")
    e = first(ev, "invertir")
    assert e.rule == "EP-D3.4" and "discount" not in e.data
    assert idle(g, 0) == {"ch": 2, "d": 2, "e": 2}


def test_ep_d3_15_buying_is_optional():
    """EP-D3.15: a player may pass in D3; the offers stay."""
    g = new(3, seed=1)
    to_d3(g)
    before = offers(g)
    for s in (0, 1, 2):
        assert DONE in g.legal_actions(s)
        act(g, s, "listo")
    assert step(g) != "d3-invertir"
    assert {k: c for k, (c, _age) in offers(g).items()} == {k: c for k, (c, _a) in before.items()}
    assert all(len(p["targets"]) == 2 for p in g.view(None)["players"])


def test_ep_d3_16_ideas_cannot_pay_an_investment():
    """EP-D3.16 (R:G43): Ideas never pay any part of an investment's cost."""
    g = new(3, seed=1)
    to_d3(g, ideas={0: 6}, resources={0: {"ch": 0, "d": 0, "e": 1}})
    assert {a.name for a in g.legal_actions(0)} == {"invertir-credito", "listo"}
    g = new(3, seed=1)
    to_d3(g, ideas={0: 6}, resources={0: {"ch": 0, "d": 1, "e": 0}}, credit=[0])
    # only Maquinaria (1 D) is affordable; D + E cards are not, Ideas notwithstanding
    assert sorted(legal(g, 0)) == ["invertir 6", "listo"]


# ===== District 4 — Manufacturing (D4) =========================================================
def to_d4(g, squares=None, **arr):
    arr.setdefault("events", ["S11", "S05"])
    g.arrange(**arr)
    return run(g, (1, "d4-fabricar"), squares=squares or {0: "D4", 1: "3A", 2: "3B"})


def test_ep_d4_1_available_processes():
    """EP-D4.1 (R:G3): available processes = one per active plan process + those of active
    investments + the D4 Opportunity's."""
    g = new(3, seed=1)
    ev = to_d4(g, investments={0: ["maquinaria", "laboratorio"], 1: ["informatica"]},
               active={0: ["proceso-1", "proceso-2", "maquinaria"], 1: ["proceso-2"]})
    pools = first(ev, "procesos").data["pools"]
    assert pools["0"] == {"a": 1, "b": 1, "c": 0, "any": 2}     # Laboratorio inactive
    assert pools["1"] == {"a": 0, "b": 0, "c": 2, "any": 0}     # BC-1 P-C + Informática
    assert pools["2"] == {"a": 0, "b": 0, "c": 0, "any": 0}


def test_ep_d4_2_each_process_once():
    """EP-D4.2: each available process is used at most once per Period."""
    g = new(3, seed=1)
    to_d4(g, squares={0: "3C", 1: "3A", 2: "3B"}, active={0: ["proceso-1", "proceso-2"]})
    assert g.to_move == (0,)
    act(g, 0, "fabricar-mp")
    assert legal(g, 0) == ["listo"]
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 0, "fabricar-mp")
    act(g, 0, "listo")
    assert player(g, 0)["hand"] == {"mp": 1, "bc": 0, "sv": 0}


def test_ep_d4_3_a_recipe_makes_a_product_from_the_box():
    """EP-D4.3: a set of processes fitting a recipe exactly makes one product from the box
    (MP-1: P-A + P-B → MP); not fitting, nothing."""
    g = new(3, seed=1)
    ev = to_d4(g, squares={0: "3C", 1: "3A", 2: "3B"},
               active={0: ["proceso-1", "proceso-2"], 1: ["proceso-1"]})
    assert g.to_move == (0,)                              # seat 1 (P-B alone) cannot make
    ev = act(g, 0, "fabricar-mp") + act(g, 0, "listo")
    assert first(ev, "fabricacion").data["made"]["0"] == {"mp": 1, "bc": 0, "sv": 0}
    assert player(g, 0)["hand"]["mp"] == 1 and player(g, 1)["hand"]["bc"] == 0


def test_ep_d4_4_third_type_cannot_be_made():
    """EP-D4.4: only the 2 types of the plan's table: MP-1 never makes SV."""
    g = new(3, seed=1)
    to_d4(g, investments={0: ["cartel-publicitario", "informatica"]},
          active={0: ["proceso-1", "proceso-2"]})
    assert sorted(legal(g, 0)) == ["fabricar-bc", "fabricar-mp", "listo"]
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 0, "fabricar-sv")
    assert C.plans[C.plan_index["MP-1"]].recipes == ((0, (0, 1)), (1, (0, 1, 2)))


def test_ep_d4_5_two_and_three_different_processes():
    """EP-D4.5: every plan has one recipe of 2 processes and one of 3 *different* processes;
    MP-1 with only P-A and P-B cannot make its BC, with the D4 process it can."""
    for plan in C.plans:
        sizes = sorted(len(p) for _t, p in plan.recipes)
        assert sizes == [2, 3]
        three = next(p for _t, p in plan.recipes if len(p) == 3)
        assert len(set(three)) == 3
    g = new(3, seed=1)
    to_d4(g, squares={0: "3C", 1: "3A", 2: "3B"}, active={0: ["proceso-1", "proceso-2"]})
    assert not can(g, 0, "fabricar-bc")
    g = new(3, seed=1)
    to_d4(g, active={0: ["proceso-1", "proceso-2"]})       # seat 0 on D4: + any
    act(g, 0, "fabricar-bc")
    assert not can(g, 0, "fabricar-mp")                     # all three used


def test_ep_d4_6_several_products_same_type():
    """EP-D4.6: several products, also of one type, as processes allow (P-A ×2, P-B ×2 →
    2 MP)."""
    g = new(3, seed=1)
    to_d4(g, squares={0: "3C", 1: "3A", 2: "3B"},
          investments={0: ["cartel-publicitario", "prevencion-de-riesgos"]},
          active={0: ["proceso-1", "proceso-2", "prevencion-de-riesgos"]})
    act(g, 0, "fabricar-mp")
    act(g, 0, "fabricar-mp")
    act(g, 0, "listo")
    assert player(g, 0)["hand"]["mp"] == 2


def test_ep_d4_7_d4_square_extra_process_this_period_only():
    """EP-D4.7: the D4 square gives 1 extra process of a type the player picks (it fills
    P-C here), for this Period only."""
    g = new(3, seed=1)
    ev = to_d4(g, active={0: ["proceso-1", "proceso-2"]})
    assert first(ev, "procesos").data["pools"]["0"]["any"] == 1
    act(g, 0, "fabricar-bc")                              # P-A + P-B + any as P-C
    act(g, 0, "listo")
    ev = run(g, (2, "d4-fabricar"),
             script=[("oportunidad", 1, "ubicar D4"), ("oportunidad", 2, "ubicar 3A"),
                     ("oportunidad", 0, "ubicar 3B")])
    pools = first(ev, "procesos").data["pools"]
    assert pools["0"] == {"a": 1, "b": 1, "c": 0, "any": 0}
    assert pools["1"]["any"] == 1


def test_ep_d4_8_unused_processes_are_lost():
    """EP-D4.8 (R:G34): processes not used in D4 do not carry over."""
    g = new(3, seed=1)
    to_d4(g, active={0: ["proceso-1", "proceso-2"]})
    act(g, 0, "fabricar-mp")                              # the D4 "any" is left over
    ev = act(g, 0, "listo")
    assert player(g, 0)["hand"]["mp"] == 1
    ev = run(g, (2, "d4-fabricar"),
             script=[("oportunidad", 1, "ubicar 3C"), ("oportunidad", 2, "ubicar 3A"),
                     ("oportunidad", 0, "ubicar 3B")])
    assert first(ev, "procesos").data["pools"]["0"] == {"a": 1, "b": 1, "c": 0, "any": 0}


def test_ep_d4_9_making_nothing_is_allowed():
    """EP-D4.9 (R:G34): the player chooses what to make, and may make nothing."""
    g = new(3, seed=1)
    to_d4(g, active={0: ["proceso-1", "proceso-2"]})
    assert sorted(legal(g, 0)) == ["fabricar-bc", "fabricar-mp", "listo"]
    ev = act(g, 0, "listo")
    assert first(ev, "fabricacion").data["made"]["0"] == {"mp": 0, "bc": 0, "sv": 0}
    assert player(g, 0)["hand"] == {"mp": 0, "bc": 0, "sv": 0}
