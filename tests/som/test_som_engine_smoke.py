"""Smoke tests of the «Som el que decidim!» engine: setup counts, a full turn with a forced die,
a Spain event, a secret bid round and the endings. The rule-by-rule suite lives elsewhere;
these check that the engine's main paths work end to end (rule IDs in the test names)."""

from __future__ import annotations

import json
import random

import pytest
from som_support import AROUND, CN, FOUR_HANDS, game, game_cn, kinds, play, values

import ludoteca
from ludoteca.agents import make_agent


# ----- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_som_2_setup_counts(n):
    g = ludoteca.new_game("som", players=n, seed=n)
    st = g.state_dict()
    assert sum(st["hisenda_types"].values()) + sum(
        sum(p["disks"].values()) for p in st["players"]) == 24              # SOM-1.8, 19.1
    # before any payment (the first turn's taxes may already be under way)
    fresh = ludoteca.new_game("som", players=n, seed=n)
    pre = list(fresh._pre)
    per_seat = [sum(pre[s * 10 + t] * (2 if t < 5 else 1) for t in range(10)) for s in range(n)]
    assert per_seat == [8 if n == 1 else 6] * n                             # SOM-2.2, 2.4
    assert 36 - sum(per_seat) == {1: 28, 2: 24, 3: 18, 4: 12}[n]            # SOM-2.11
    v = g.view(0)
    assert v["cn"]["pd"] == 12 and all(p["pd"] == 0 for p in v["players"])  # SOM-2.10
    states = [c["estado"] for c in v["cells"]]
    assert states.count("oculta") == 36 and states.count("visible") == 1    # SOM-2.7
    assert v["cells"][v["cn"]["cell"]]["card"]["id"] == "CN"
    assert set(v["citizens"]) == {v["cn"]["cell"]}                           # SOM-2.9
    assert v["urna"] == [] and v["gh"] == 0                                  # SOM-2.13, 2.15
    assert v["centralism"] == ("elevado" if n == 1 else "medio")
    assert "card" not in json.dumps([c for c in v["cells"] if c["estado"] == "oculta"])


def test_som_2_8_concentracio_cell_and_options_refused():
    g = ludoteca.new_game("som", players=2, seed=3, options={"concentracio_cell": "r2c3"})
    assert g.view(None)["cn"]["cell"] == CN
    with pytest.raises(ludoteca.InvalidOption, match="mode C is not played solo"):
        ludoteca.new_game("som", players=1, options={"mode": "C"})             # SOM-18.10
    with pytest.raises(ludoteca.InvalidOption, match="elevado, intenso, dado"):
        ludoteca.new_game("som", players=1, options={"centralism": "medio"})   # SOM-3.7
    with pytest.raises(ludoteca.InvalidOption, match="mode"):
        ludoteca.new_game("som", players=2, options={"mode": "D"})
    with pytest.raises(ludoteca.InvalidOption, match="colours"):
        ludoteca.new_game("som", players=2, options={"colours": ["rosa", "rosa"]})
    with pytest.raises(ludoteca.InvalidOption, match="first_player"):
        ludoteca.new_game("som", players=2, options={"first_player": 2})


def test_som_3_3_centralism_rolled_with_the_forced_die():
    assert ludoteca.new_game("som", players=2, options={"centralism": "dado"},
                             dice=[6]).view(None)["centralism"] == "medio"     # 0 -> medio
    assert ludoteca.new_game("som", players=2, options={"centralism": "dado"},
                             dice=[1]).view(None)["centralism"] == "intenso"   # 4 -> intenso
    solo = ludoteca.new_game("som", players=1, options={"centralism": "dado"}, dice=[6, 3])
    assert solo.view(None)["centralism"] == "elevado"                          # G23 re-roll


# ----- one full turn (checklist S1) ----------------------------------------------------------
def test_som_7_8_full_turn_three_players_forced_die():
    hands = {s: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1} for s in range(3)}
    g = game(3, dice=[3], cells={CN: "CN", 8: "W-01"}, disks=hands)
    # the citizens paid 1 € each automatically (one option); the GH chooses how to pay 2 €
    assert g.to_move == (0,) and values(g) == ([6, 5, 5], 20)
    assert [str(a) for a in g.legal_actions()] == ["pagar-sanidad", "pagar-bosques"]
    play(g, (0, "pagar-sanidad"))
    assert values(g) == ([4, 5, 5], 22)                                       # SOM-7.3: +4
    ev = play(g, (0, "tirar"))                                                # F3 lila / 2 €
    assert ev[0].kind == "tirada" and ev[0].data["face"] == 3
    assert values(g) == ([6, 5, 5], 20)                                       # SOM-8.4
    ev = play(g, (0, "terminar"))
    assert ev[-1].data["movers"] == [1] and g.to_move == (1,)                 # SOM-10.2
    assert {str(a) for a in g.legal_actions(1)} == {f"mover {c}" for c in
                                                     (7, 8, 9, 14, 16, 21, 22, 23)}
    ev = play(g, (1, "mover 8"))                                              # world: stop
    assert kinds(ev)[:4] == ["revelar", "paso", "parada", "fin_turno"]
    assert g.view(None)["gh"] == 1 and g.view(None)["turns_played"] == 1     # SOM-6.5
    assert all(e.rule.startswith("SOM-") for e in ev)


def test_som_7_5_atc_taxes_and_change_from_hisenda():
    hands = dict(FOUR_HANDS)
    hands[1] = {"sanidad": 1}                            # 2 € only: needs change (SOM-14.4)
    g = game(4, cells={CN: "CN", 16: "C-ATC"}, face_up=[16], disks=hands)
    v = g.view(None)
    assert v["atc_active"] is True                                            # SOM-7.4
    # seat 1 split its 2 € with Hisenda and paid 1 € to the GH; 2 and 3 paid the GH too;
    # the GH then paid exactly 1 € to Hisenda (mode A: one way to pay, made at once)
    assert values(g) == ([6 + 3 - 1, 1, 5, 5], 16 + 1)                       # SOM-7.5–7.7
    assert g.to_move == (0,) and [str(a) for a in g.legal_actions()] == ["tirar"]


def test_som_9_5_cohesion_earns_participation_disks():
    g = game(4, dice=[6], disks=FOUR_HANDS, pd={1: 3, 3: 1}, phase="cohesion", face=6)
    play(g, (0, "dar-sanidad 1"))                      # 2 PDs from seat 1 (3 -> 1)
    play(g, (0, "dar-bosques 2"))                      # seat 2 has none: 1 from CN
    v = g.view(None)
    assert [p["pd"] for p in v["players"]] == [3, 1, 0, 1] and v["cn"]["pd"] == 7
    assert "dar-vivienda 3" in [str(a) for a in g.legal_actions()]
    play(g, (0, "dar-vivienda 3"))                     # 1 PD from seat 3
    assert [p["pd"] for p in g.view(None)["players"]] == [4, 1, 0, 0]
    assert [str(a) for a in g.legal_actions()] == ["terminar"]              # SOM-9.4


# ----- a Spain event (checklist S8, S10d) ----------------------------------------------------
@pytest.mark.parametrize("degree, face_down, face_up", [("medio", 34, 3), ("intenso", 35, 2)])
def test_som_12_spain_event_collects_and_refills(degree, face_down, face_up):
    g = game(4, options={"centralism": degree},
             cells={CN: "CN", 14: "E-1", 8: "C-01", 9: "C-02", 22: "W-01"},
             face_up=[8, 9, 22], pile=["U-1", "U-2"], citizens={1: 8},
             phase="accion", face=1)
    assert g.to_move == (0,)
    ev = play(g, (0, "mover 14"))
    k = kinds(ev)
    assert k[:3] == ["revelar", "espana", "concentracion"]                    # SOM-12.1
    assert "recogida" in k and "reparto" in k and "fin_turno" in k
    collected = next(e for e in ev if e.kind == "recogida").data
    assert sorted(collected["cards"]) == sorted(["C-01", "C-02", "U-1", "U-2"] +
                                                (["E-1"] if degree == "intenso" else []))
    v = g.view(None)
    states = [c["estado"] for c in v["cells"]]
    assert states.count("oculta") == face_down and states.count("visible") == face_up
    assert states.count("vacia") == 0 and v["urna"] == []                     # SOM-12.8
    assert set(v["citizens"]) == {CN} and v["gh"] == 1                        # SOM-12.11
    refill = next(e for e in ev if e.kind == "reparto").data
    assert "card" not in json.dumps(refill)            # refills name cells only (G28)


def test_som_12_6_elevado_aligned_spain_cards_are_both_collected():
    g = game(4, options={"centralism": "elevado"}, cells={CN: "CN", 14: "E-1", 12: "E-2"},
             face_up=[12], phase="accion", face=1)
    ev = play(g, (0, "mover 14"))                      # row 2, like E-2 at r2c0
    fate = next(e for e in ev if e.kind == "carta_espana").data
    assert fate["fate"] == "alineada" and fate["aligned"] == [12]
    assert sorted(next(e for e in ev if e.kind == "recogida").data["cards"]) == ["E-1", "E-2"]


def test_som_15_14_interior_protection_keeps_urna_cards():
    g = game(4, options={"mode": "B"}, cells={CN: "CN", 14: "E-1"}, pile=["U-1", "U-2"],
             disks=FOUR_HANDS, phase="accion", face=1)
    play(g, (0, "mover 14"))
    assert g.to_move == (0,) and g.view(None)["phase"] == "proteccion"
    assert [str(a) for a in g.legal_actions()] == ["proteger-mossos 0", "recoger"]
    ev = play(g, (0, "proteger-mossos 0"))             # no interior disk left: collects
    assert "recogida" in kinds(ev)
    v = g.view(None)
    assert v["urna"] == ["U-1"] and v["hisenda"]["value"] == 12 + 2           # SOM-15.17
    assert [c["estado"] for c in v["cells"]].count("vacia") == 1              # SOM-12.9
    assert v["gh"] == 1 and g.to_move == (2,)          # next turn: seat 2 picks a 1 € disk


# ----- a secret bid round (checklist S11a) ---------------------------------------------------
def test_som_16_elections_secret_bids_then_one_reveal():
    g = game(4, options={"mode": "C"}, cells={CN: "CN", 16: "W-SU"}, face_up=[16],
             disks=FOUR_HANDS, pd={0: 3, 1: 2, 2: 2, 3: 1}, phase="accion", face=1)
    play(g, (0, "mover 16"))
    assert [str(a) for a in g.legal_actions()] == ["elecciones", "declinar"]  # SOM-16.6
    play(g, (0, "elecciones"), (0, "apoyar 0"), (1, "apoyar naranja"), (2, "apoyar 2"),
         (3, "apoyar 3"))
    assert g.to_move == (0, 1, 2, 3)                                          # SOM-16.9
    ev = g.apply("pujar 3", seat=0)
    assert [(e.kind, e.data) for e in ev] == [("puja", {"player": 0})]        # no amount
    seen_by_1 = g.view(1)
    assert seen_by_1["vote"]["bids_in"] == [0] and "my_bid" not in seen_by_1["vote"]
    assert g.view(0)["vote"]["my_bid"] == 3
    assert g.determinize(1, seed=9).view(1) == seen_by_1                      # SOM-16.26
    assert g.to_move == (1, 2, 3) and g.legal_actions(0) == []
    with pytest.raises(ludoteca.IllegalAction, match="may not act"):
        g.apply("pujar 1", seat=0)
    play(g, (2, "pujar 2"), (3, "pujar 1"))
    ev = g.apply("pujar 1", seat=1)
    reveal = next(e for e in ev if e.kind == "revelacion")
    assert reveal.data["bids"] == [3, 1, 2, 1]
    result = next(e for e in ev if e.kind == "resultado_voto")
    assert result.rule == "SOM-16.12" and result.data["next"] == 0           # GH side ties
    v = g.view(None)
    assert [p["pd"] for p in v["players"]] == [0, 1, 0, 0] and v["cn"]["pd"] == 11
    assert v["gh"] == 0 and v["turns_played"] == 1                            # SOM-16.16
    g._check_invariants()


# ----- endings -----------------------------------------------------------------------------
def test_som_4_2_consulta_mid_all_move_stops_at_once():
    g = game(4, cells={CN: "CN", 14: "W-01", 16: "U-4"}, pile=["U-1", "U-2", "U-3"],
             pd={0: 2, 1: 4, 2: 4, 3: 1}, phase="accion", face=6)
    play(g, (0, "mover 14"))                           # world card: 0 stops, 1 moves next
    assert g.to_move == (1,)
    ev = play(g, (1, "mover 16"))
    assert kinds(ev)[-2:] == ["consulta", "fin"]
    r = g.result
    assert r.reason == "consulta" and r.winners == (1, 2)                     # SOM-5.1
    assert g.view(None)["citizens"] == [14, CN, CN, CN]                       # SOM-11.5
    assert g.to_move == ()


def test_som_4_3_intervention_nobody_wins():
    hands = dict(FOUR_HANDS)
    hands[1] = {}
    g = game(4, disks=hands)
    assert g.is_over and g.result.reason == "intervencion"                    # SOM-7.9
    assert g.result.winners == () and g.result.details["failed_payer"] == 1   # SOM-5.2
    assert g.view(None)["cn"]["flipped"] is True


@pytest.mark.parametrize("pd, winners", [({0: 2, 1: 4, 2: 4, 3: 1}, (0,)),
                                         ({0: 2, 1: 5, 2: 4, 3: 1}, (1,))])
def test_som_4_4_dui_and_its_tie_rule(pd, winners):
    hands = {0: {"justicia": 2, "educacion": 1, "vias": 1, "carreteras": 2},
             1: {"sanidad": 2, "educacion": 2, "bosques": 3},
             2: {"mossos": 2, "bomberos": 1, "energias": 2},
             3: {"bomberos": 1, "vivienda": 3}}
    g = game(4, dice=[1], disks=hands, pd=pd, phase="transferencia")
    assert g.view(None)["hisenda"]["value"] == 3
    ev = play(g, (0, "tirar"))                                                # 4 € due
    assert kinds(ev)[-2:] == ["dui", "fin"] and ev[-2].rule == "SOM-8.7"
    assert g.result.reason == "dui" and g.result.winners == winners           # SOM-5.3, 5.4
    assert g.result.ranking[0] == winners[0] and g.view(None)["hisenda"]["flipped"]


def test_som_x1_turn_limit_ends_with_reason_limit():
    g = ludoteca.new_game("som", players=3, seed=2, options={"max_turns": 2})
    bot = make_agent("greedy", "som", seed=2)
    rng = random.Random(2)
    while not g.is_over:
        seat = rng.choice(list(g.to_move))
        g.apply(bot.choose(g, seat), seat=seat)
        g._check_invariants()
    assert g.result.reason in ("limit", "intervencion", "dui", "consulta")
    if g.result.reason == "limit":
        assert g.result.winners == () and g.turn == 2


def test_som_errors_are_bilingual_and_reveal_nothing():
    g = game(4, cells={CN: "CN", 14: "E-1"}, phase="accion", face=1)
    with pytest.raises(ludoteca.IllegalAction) as err:
        g.apply("mover 0")                                                    # not adjacent
    assert "not next to" in err.value.reason and "junto" in err.value.reason_es
    assert "E-1" not in err.value.reason + err.value.reason_es
    with pytest.raises(ludoteca.IllegalAction, match="first step is compulsory"):
        g.apply("parar")
    assert g.parse("mover r2c2") == g.parse("move 14") == g.parse("MOVER 2,2")
    assert str(g.parse("dar sanidad lila")) == "dar-sanidad 1"
    assert str(g.parse("give-health 1")) == "dar-sanidad 1"
    assert str(g.parse("swap-rail-police 2")) == "canjear-vias-mossos 2"
    for i in range(g.num_distinct_actions):
        a = g.action_from_id(i)
        assert g.action_id(a) == i and g.parse(str(a)) == a


@pytest.mark.parametrize("mode", ["A", "B", "C", "AC"])
def test_som_greedy_bot_plays_whole_games(mode):
    for seed in range(3):
        n = 2 + seed
        g = ludoteca.new_game("som", players=n, seed=seed, options={"mode": mode})
        bot = make_agent("greedy", "som", seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over:
            seat = rng.choice(list(g.to_move))
            g.apply(bot.choose(g, seat), seat=seat)
            steps += 1
            assert steps < 20_000
        g._check_invariants()
        assert g.result.reason in ("consulta", "intervencion", "dui", "limit")


@pytest.mark.parametrize("centralism", ["elevado", "intenso"])
def test_som_greedy_turns_cards_out_of_line_with_face_up_spain_cards(centralism):
    """SOM-12.6: under high centralism a Spain card turned stays face up unless a face-up Spain
    card shares its row or column, and then both go back under the map. So the greedy bot,
    among the face-down cards around CN, turns one out of line with the face-up Spain cards
    (E-1 in row 1, E-2 in column 3: cells 7, 8, 9 and 22 are in line). Under intense
    centralism every Spain card goes back anyway (SOM-12.7): any of the eight will do."""
    in_line = {7, 8, 9, 22}
    chosen = set()
    for seed in range(30):
        g = game_cn(1, options={"centralism": centralism}, seed=seed, phase="accion", face=1,
                    cells={5: "E-1", 33: "E-2"}, face_up=[5, 33])
        assert {a.arg for a in g.legal_actions(0)} == set(AROUND)
        chosen.add(make_agent("greedy", "som", seed=seed).choose(g, 0).arg)
    if centralism == "elevado":
        assert chosen and not chosen & in_line
    else:
        assert chosen & in_line
