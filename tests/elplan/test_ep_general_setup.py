"""Rule tests for «El Plan: tú decides»: General (EP-GEN.*) and Setup (EP-SET.*).

Checklist: ../shared/rules/elplan.md; rulings: docs/rules/elplan.md."""
from __future__ import annotations

import pytest
from ep_support import C, act, can, first, idle, kinds, legal, new, player, run, step, target

import ludoteca


# ===== General (GEN) ===========================================================================
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_ep_gen_1_two_to_six_players_start(n):
    """EP-GEN.1: 2 to 6 players may start a game."""
    g = new(n)
    assert len(g.view(None)["players"]) == n and g.period == 1


@pytest.mark.parametrize("n", [1, 7, 8])
def test_ep_gen_1_other_counts_are_invalid(n):
    """EP-GEN.1: more than 6 players (or fewer than 2) is invalid."""
    with pytest.raises(ludoteca.InvalidOption, match="2 to 6"):
        new(n)


@pytest.mark.parametrize("n, offers, d1", [(2, 2, 1), (3, 2, 1), (4, 2, 1), (5, 3, 2), (6, 3, 2)])
def test_ep_gen_2_brackets_and_two_players_use_3_4(n, offers, d1):
    """EP-GEN.2 (R:G40): «3-4» values for 3–4 players and for 2; «5-6» values for 5–6. Checked
    on the two bracketed values: offers per deck (EP-SET.2/3) and D1 squares (EP-OPP.6)."""
    g = new(n)
    v = g.view(None)
    assert [sum(1 for o in d["offers"] if o) for d in v["decks"]] == [offers] * 3
    assert sum(1 for q in v["squares"] if q["id"].startswith("D1-")) == d1
    assert C.counts[n].offers_per_type == offers and C.counts[n].d1_squares == d1


def test_ep_gen_3_most_points_wins():
    """EP-GEN.3: the player with the most points (Ideas) wins."""
    g = new(3, seed=4)
    g.arrange(period=12, events=["S11"], ideas={0: 1, 1: 4, 2: 2})
    run(g, "end")
    assert g.result.scores == (1, 4, 2)
    assert g.result.winners == (1,) and g.result.ranking == (1, 2, 0)


def test_ep_gen_4_ideas_cannot_pay_a_cost():
    """EP-GEN.4: an Idea never pays part of a cost (here: Maquinaria, 1 D, with 0 idle D)."""
    g = new(3, seed=2)
    g.arrange(events=["S11"], decks={"tecnologia": ["maquinaria", "laboratorio"]},
              resources={0: {"ch": 1, "d": 0, "e": 0}}, ideas={0: 5})
    run(g, (1, "d3-invertir"), squares={0: "3B", 1: "3C", 2: "3A"})
    assert g.to_move == (0,)
    assert not can(g, 0, "invertir tecnologia-1")          # Maquinaria, 1 D
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 0, "invertir tecnologia-1")
    assert can(g, 0, "invertir-credito tecnologia-1")      # only the credit card can


def test_ep_gen_4_ideas_are_not_exchanged_or_received_as_resources():
    """EP-GEN.4: an Idea cannot be one of the 2 tokens of an exchange, and what is received
    as a resource (D6) is CH, D or E, never an Idea."""
    g = new(3, seed=2)
    g.arrange(events=["S11"], resources={0: {"ch": 1, "d": 0, "e": 0}}, ideas={0: 3},
              market={"mp": 1})
    rec = []
    run(g, (1, "d6-credito-subsidio"), squares={0: "D6-1", 1: "3B", 2: "3C"}, record=rec)
    # seat 0 (1 resource + 3 Ideas) never got an exchange turn in D2 step 4
    assert [s for p, st, s in rec if st == "d2-canjear"] == [1, 2]
    assert player(g, 0)["ideas"] == 3
    assert sorted(legal(g, 0)) == ["elegir-ch", "elegir-d", "elegir-e"]


def test_ep_gen_4_ideas_do_not_count_as_resources_in_tie_breaks():
    """EP-GEN.4: Ideas are not counted as resources in tie-break 1 (EP-SCO.8)."""
    g = new(3, seed=3)
    g.arrange(period=12, events=["S11"], ideas={0: 2, 1: 2},
              resources={0: {"ch": 1, "d": 1, "e": 1}, 1: {"ch": 2, "d": 2, "e": 0}})
    run(g, "end", squares={0: "3B", 1: "3C", 2: "3A"})
    d = g.result.details
    assert d["resources"][:2] == [3, 4]             # Ideas not included
    assert g.result.winners == (1,)                 # 4 resources beat 3; Ideas equal


def test_ep_gen_5_ideas_can_never_be_sold():
    """EP-GEN.5: in D5 Sell only products are offered for sale; Ideas never."""
    g = new(3, seed=2)
    g.arrange(events=["S11"], ideas={0: 3}, hand={0: {"mp": 1}})
    run(g, (1, "d5-vender"), squares={0: "3B", 1: "3C", 2: "3A"})
    assert g.to_move == (0,)
    assert sorted(legal(g, 0)) == ["listo", "vender-mp-d", "vender-mp-e"]
    act(g, 0, "vender-mp-d")
    assert player(g, 0)["ideas"] == 3 and g.view(None)["market"]["mp"] == 1


def test_ep_gen_6_momento_cero_first_then_left():
    """EP-GEN.6: the Momento Cero holder acts first, then play passes to the left (seat + 1)."""
    g = new(4, seed=1, first_player=2)
    g.arrange(events=["S11"])
    rec = []
    run(g, (1, "d4-fabricar"), record=rec)
    assert [s for _p, st, s in rec if st == "oportunidad"] == [2, 3, 0, 1]
    assert [s for _p, st, s in rec if st == "d3-invertir"] == [2, 3, 0, 1]
    assert [s for _p, st, s in rec if st == "d2-canjear"] == [2, 3, 0, 1]


def test_ep_gen_7_tokens_come_from_and_go_to_an_endless_box():
    """EP-GEN.7 (R:G36): received tokens come from the box, which never runs out; paid tokens
    leave the player for the box (no other player receives them)."""
    g = new(6, seed=1)
    g.arrange(events=["S01"], resources={s: {"ch": 0, "d": 500, "e": 0} for s in range(6)})
    ev = run(g, (1, "d2-desactivar"))
    assert first(ev, "suceso-gana").data["players"] == [0, 1, 2, 3, 4, 5]
    assert [idle(g, s)["d"] for s in range(6)] == [501] * 6
    # paying: a D2 exchange takes 2 D out of the game and gives 1 E to the payer only
    g2 = new(3, seed=1)
    g2.arrange(events=["S11"])
    run(g2, (1, "d2-canjear"), squares={0: "3B", 1: "3C", 2: "3A"})
    before = [idle(g2, s) for s in range(3)]
    act(g2, 0, "canjear-d-d-e")
    assert idle(g2, 0) == {"ch": 2, "d": 0, "e": 3}
    assert [idle(g2, s) for s in (1, 2)] == before[1:]


def test_ep_gen_8_placed_tokens_are_not_spent_and_come_back():
    """EP-GEN.8: activating a process puts the token on its space (still the player's) and
    deactivating it gives the token back to the idle pool."""
    g = new(3, seed=1)
    g.arrange(events=["S11", "S05"])
    run(g, (1, "d2-activar"), squares={0: "3B", 1: "3C", 2: "3A"})
    act(g, 0, "activar proceso-1")                          # MP-1, P-A takes 1 E
    assert idle(g, 0) == {"ch": 2, "d": 2, "e": 1}
    t = target(g, 0, "proceso-1")
    assert t["active"] and t["spaces"][0]["token"] == "e"
    run(g, (2, "d2-desactivar"))
    # Period 2, D2 step 1: only seat 0 has a token to take back
    assert step(g) == "d2-desactivar" and g.to_move == (0,)
    assert idle(g, 0)["e"] == 1                             # still on the space meanwhile
    act(g, 0, "desactivar proceso-1")
    assert idle(g, 0) == {"ch": 2, "d": 2, "e": 2}
    assert not target(g, 0, "proceso-1")["active"]


def test_ep_gen_9_idle_means_not_on_an_activation_space():
    """EP-GEN.9: an event that takes idle Energy (S09 = checklist E05) cannot take the E that
    sits on an activation space."""
    g = new(3, seed=1)
    g.arrange(events=["S09"], resources={0: {"ch": 2, "d": 2, "e": 0}},
              active={0: ["proceso-1"]})
    ev = run(g, (1, "d2-desactivar"), squares={0: "3B", 1: "3C", 2: "3A"})
    assert first(ev, "suceso-paga").data["paid"] == {"0": 0, "1": 1, "2": 1}
    assert idle(g, 0)["e"] == 0
    assert target(g, 0, "proceso-1")["spaces"][0]["token"] == "e"


def test_ep_gen_10_credit_cards_are_not_investments():
    """EP-GEN.10: a credit card is not an investment: it is not a target, not an offer, gives
    no trio, cannot be returned in D2 and is not liquidated in tie-break 2."""
    g = new(3, seed=5)
    g.arrange(period=12, events=["S11"], credit=[0], ideas={0: 2})
    v = g.view(None)
    assert v["players"][0]["credit"] is True
    assert [t["kind"] for t in v["players"][0]["targets"]] == ["proceso", "proceso"]
    assert all(o is None or "credit" not in o["card"] for d in v["decks"] for o in d["offers"])
    rec = []
    run(g, "end", squares={0: "3B", 1: "3C", 2: "3A"}, record=rec)
    assert not [1 for _p, st, s in rec if st == "d2-devolver" and s == 0]
    d = g.result.details
    assert d["trios"][0] == 0
    assert d["liquidation"][0] == d["resources"][0]       # nothing for the credit card
    assert d["ideas"][0] == 1                             # … only the end penalty (EP-SCO.6)


def test_ep_gen_11_tutorial_by_three_teams():
    """EP-GEN.11: the tutorial is for 3 players, or 3 teams each acting as one seat."""
    g = ludoteca.new_game("elplan", players=["Equipo A", "Equipo B", "Equipo C"], seed=1,
                          options={"tutorial": True})
    assert [p["name"] for p in g.view(None)["players"]] == ["Equipo A", "Equipo B", "Equipo C"]
    with pytest.raises(ludoteca.InvalidOption, match="teams"):
        new(4, tutorial=True)


# ===== Setup (SET) =============================================================================
def test_ep_set_1_board_has_all_seven_districts():
    """EP-SET.1: the full game's board has all 7 Districts (game face): the route of Period 1
    already visits Districts 1–7."""
    g = new(3, seed=1)
    g.arrange(events=["S11"])
    ev = run(g, (2, "oportunidad"))
    assert [e.data["district"] for e in ev if e.kind == "distrito"] == [1, 2, 3, 4, 5, 6, 7]
    assert [name for name, _en in C.district_names] == [
        "Sucesos", "Administración", "Inversión", "Manufactura", "Mercado",
        "Crédito y subsidio", "Innovación"]


@pytest.mark.parametrize("n", [3, 4])
def test_ep_set_2_two_offers_per_deck_at_3_4(n):
    """EP-SET.2: «3-4»: the top 2 cards of each investment deck are offers (6 in all)."""
    g = new(n, seed=7)
    v = g.view(None)
    offers = [[o for o in d["offers"] if o] for d in v["decks"]]
    assert [len(x) for x in offers] == [2, 2, 2]
    hidden = g.state_dict()["hidden"]["decks_face_down"]
    # the offers came off the top: the face-down decks are what is left (10, 12, 10 − 2)
    assert [len(x) for x in hidden] == [8, 10, 8]


@pytest.mark.parametrize("n", [5, 6])
def test_ep_set_3_three_offers_per_deck_at_5_6(n):
    """EP-SET.3: «5-6»: the top 3 cards of each deck are offers (9 in all)."""
    g = new(n, seed=7)
    offers = [[o for o in d["offers"] if o] for d in g.view(None)["decks"]]
    assert [len(x) for x in offers] == [3, 3, 3]
    assert [len(d["offers"]) for d in g.view(None)["decks"]] == [3, 3, 3]


def test_ep_set_3_offers_are_the_top_cards():
    """EP-SET.3 / EP-SET.2: the offers are the top cards of the (arranged) deck, in order."""
    g = new(5, seed=7)
    g.arrange(decks={"especialista": ["externalizacion", "comite-emprendedor", "estrategia-rse"]})
    offers = [o["card"] for o in g.view(None)["decks"][1]["offers"]]
    assert offers == ["externalizacion", "comite-emprendedor", "estrategia-rse"]


def test_ep_set_4_starting_offers_are_fresh():
    """EP-SET.4 (R:G12): every starting offer is fresh (age 0, not rotated)."""
    for n in (3, 5):
        v = new(n, seed=2).view(None)
        assert {o["age"] for d in v["decks"] for o in d["offers"] if o} == {0}


def test_ep_set_5_eight_events_set_aside_unseen_twelve_used():
    """EP-SET.5: of the 20 events the top 8 are set aside unseen for the whole game; the other
    12 are played, one per Period."""
    assert len(C.events) == 20
    g = new(4, seed=9)
    v = g.view(None)
    assert v["events"]["set_aside"] == 8 and v["events"]["face_down"] == 12
    aside = set(g.state_dict()["hidden"]["events_set_aside"])
    assert len(aside) == 8
    for seat in (None, 0, 3):
        text = repr(g.view(seat))
        assert not any(f"'{x}'" in text for x in aside)       # never shown
    ev = run(g, "end")
    revealed = [e.data["event"] for e in ev if e.kind == "suceso"]
    assert len(revealed) == 12 and len(set(revealed)) == 12
    assert not aside & set(revealed)


def test_ep_set_6_decks_are_shuffled_by_the_seed():
    """EP-SET.6 (R:G9): the event deck and the investment decks are shuffled from the seed:
    the same seed deals the same game, different seeds different ones."""
    def deal(seed):
        h = new(3, seed=seed).state_dict()["hidden"]
        return h["events_face_down"], h["decks_face_down"]

    assert deal(11) == deal(11)
    deals = {repr(deal(s)) for s in range(8)}
    assert len(deals) == 8
    events = {deal(s)[0][0] for s in range(8)}
    assert len(events) > 1                                     # the top event varies


def test_ep_set_7_each_player_has_one_plan():
    """EP-SET.7 (R:G41): each seat gets exactly one plan card, chosen by configuration (the
    option ``plans``) or the default list, seat by seat."""
    g = new(4, plans=["SV-2", "MP-2", "BC-1", "MP-1"])
    assert [p["plan"] for p in g.view(None)["players"]] == ["SV-2", "MP-2", "BC-1", "MP-1"]
    g = new(6)
    assert [p["plan"] for p in g.view(None)["players"]] == list(C.plan_defaults[1])
    with pytest.raises(ludoteca.InvalidOption, match="once"):
        new(3, plans=["MP-1", "MP-1", "SV-1"])


def test_ep_set_8_three_or_more_need_every_type():
    """EP-SET.8: with 3+ players the plans must include MP, BC and SV."""
    with pytest.raises(ludoteca.InvalidOption, match="EP-SET.8"):
        new(4, plans=["MP-1", "MP-2", "BC-1", "BC-2"])
    with pytest.raises(ludoteca.InvalidOption, match="EP-SET.8"):
        new(3, plans=["SV-1", "SV-2", "BC-1"])
    g = new(4, plans=["MP-1", "MP-2", "BC-1", "SV-1"])
    assert [p["plan_type"] for p in g.view(None)["players"]] == ["mp", "mp", "bc", "sv"]


def test_ep_set_9_plans_of_one_level():
    """EP-SET.9: all plans are of one level; mixing levels is invalid."""
    with pytest.raises(ludoteca.InvalidOption, match="EP-SET.9"):
        new(3, plans=["MP-1", "BC-1", "SV-1-N2"])
    with pytest.raises(ludoteca.InvalidOption, match="EP-SET.9"):
        new(3, level=2, plans=["MP-1-N2", "BC-1-N2", "SV-1"])
    g = new(3, level=2, plans=["MP-1-N2", "BC-2-N2", "SV-1-N2"])
    assert [p["plan"] for p in g.view(None)["players"]] == ["MP-1-N2", "BC-2-N2", "SV-1-N2"]


def test_ep_set_10_one_entrepreneur_token_per_plan():
    """EP-SET.10: each player has exactly the one entrepreneur token of their plan: it is
    placed once per Period and no further placement is possible."""
    g = new(4, seed=3)
    act(g, 0, "ubicar 3A")
    assert player(g, 0)["square"] == "3A"
    with pytest.raises(ludoteca.IllegalAction):
        act(g, 0, "ubicar 3B")                              # no second token
    for s, q in ((1, "3B"), (2, "3C"), (3, "D4")):
        act(g, s, f"ubicar {q}")
    placed = [q["seat"] for q in g.view(None)["squares"] if q["seat"] is not None]
    assert sorted(placed) == [0, 1, 2, 3]


@pytest.mark.parametrize("n", [2, 3, 6])
def test_ep_set_11_two_of_each_resource(n):
    """EP-SET.11: each player starts with 2 CH, 2 D and 2 E."""
    g = new(n, seed=2)
    assert all(p["idle"] == {"ch": 2, "d": 2, "e": 2} for p in g.view(None)["players"])


def test_ep_set_12_nothing_else_at_the_start():
    """EP-SET.12: no Ideas, products, processes, investments or credit cards; the market and
    the subsidy squares are empty."""
    v = new(4, seed=2).view(None)
    for p in v["players"]:
        assert p["ideas"] == 0 and sum(p["hand"].values()) == 0
        assert sum(p["tienda"].values()) == 0 and p["credit"] is False
        assert [t["kind"] for t in p["targets"]] == ["proceso", "proceso"]
        assert not any(t["active"] for t in p["targets"])
    assert v["market"] == {"mp": 0, "bc": 0, "sv": 0} and v["subsidies"] == [0, 0, 0]
    assert v["credit_supply"] == C.credit_supply


@pytest.mark.parametrize("fp", [0, 2, 4])
def test_ep_set_13_momento_cero_to_the_configured_player(fp):
    """EP-SET.13: Momento Cero (and the route token with it) goes to the configured first
    player, who acts first."""
    g = new(5, seed=1, first_player=fp)
    v = g.view(None)
    assert v["mc"] == fp and g.to_move == (fp,)
    assert [p["mc"] for p in v["players"]] == [s == fp for s in range(5)]
    assert first(g.opening_events, "preparacion").data["mc"] == fp


def test_ep_set_14_missing_step_4_is_the_shuffle_done_first():
    """EP-SET.14 (see G41): the manual's setup runs 1, 2, 3, 5, 6, 7; the missing step 4 is
    read as the shuffle and done first, before the offers (2) and the set-aside events (3)."""
    order = C.raw["setup"]["order"]
    assert order[0] == "barajar"
    assert order.index("barajar") < order.index("ofertas") < order.index("retirar_sucesos")
    assert order.index("planes") < order.index("momento_cero")
    g = new(3, seed=1)
    assert kinds(g.opening_events)[:4] == ["preparacion", "sucesos-apartados", "ofertas",
                                           "periodo"]
