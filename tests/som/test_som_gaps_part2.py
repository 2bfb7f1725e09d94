"""«Som el que decidim!»: the rulings on the checklist's gaps whose subject lies in sections 10–19
(movement, cards, the Spain event, payments, modes B and C, player counts, hidden information):
G2 (movement part), G4, G5, G6, G7 (payouts), G8, G10–G20, G23, G27, G28, G29. Each test names
its gap as "SOM Gn" and checks the ruling recorded in docs/rules/som.md."""

from __future__ import annotations

import json

import pytest
from som_support import (
    CN,
    FOUR_HANDS,
    first,
    kinds,
    legal,
    moves,
    pay_taxes,
    play,
    states,
    val,
    values,
)
from som_support import game_cn as game

import ludoteca

ALL_36 = {0: {"justicia": 2, "sanidad": 1, "vias": 2, "carreteras": 1},      # 9 € each:
          1: {"sanidad": 2, "educacion": 1, "carreteras": 1, "bosques": 2},  # Hisenda 0 €
          2: {"educacion": 2, "mossos": 1, "bosques": 1, "energias": 2},
          3: {"mossos": 1, "bomberos": 2, "vivienda": 3}}


def settle(g):
    ev = []
    while g.view(None)["phase"] in ("pago", "cambio"):
        ev += play(g, (g.to_move[0], legal(g)[0]))
    return ev


# ----- G2, G10, G11, G12: the map and movement -----------------------------------------------
def test_g2_neighbours_are_king_moves_on_the_authored_grid():
    """SOM G2: neighbours are the existing cells among the 8 around: r0c1 (cell 0) has r0c2,
    r1c0, r1c1, r1c2; r1c6 (cell 11) has 4; r6c0 (cell 34) has 3."""
    # r1c6: r0c5 (4), r1c5 (10), r2c5 (17), r2c6 (18); r0c6 and column 7 do not exist
    for here, expected in ((0, [1, 5, 6, 7]), (11, [4, 10, 17, 18]), (34, [30, 31, 35])):
        g = game(citizens={0: here}, phase="accion", face=1)
        assert moves(g) == expected


def test_g10_shared_cards_have_no_effect():
    """SOM G10: any number of citizens may share a card; all start on CN and a move onto an
    occupied card is like any other."""
    g = game(cells={14: "C-01"}, face_up=[14], citizens={1: 14, 2: 14, 3: 14},
             phase="accion", face=1)
    ev = play(g, (0, "mover 14"))
    assert kinds(ev) == ["paso"] and g.view(None)["citizens"] == [14] * 4
    assert "parar" in legal(g)


def test_g11_first_step_compulsory_only_chained_steps_optional():
    """SOM G11: the mover named by the die must step if he can; a mover with no legal cell is
    skipped with an event; only the steps after a Catalunya card are optional."""
    g = game(cells={8: "C-01"}, phase="accion", face=1)
    assert "parar" not in legal(g)
    play(g, (0, "mover 8"))
    assert "parar" in legal(g)
    g = game(cells={30: "U-1", 31: "U-2", 35: "U-3"}, pile=["U-1", "U-2", "U-3"],
             citizens={1: 34}, phase="accion", face=3)
    assert g.view(None)["gh"] == 1 and g.view(None)["turns_played"] == 1  # skipped: turn over


def test_g12_no_limit_but_max_steps_option_caps_for_bots():
    """SOM G12: no rule limit on chained steps; the option ``max_steps`` (not a rule) stops a
    mover after that many steps, with a 'parada' event naming the cap."""
    g = game(options={"max_steps": 3}, cells={8: "C-01", 9: "C-02"}, phase="accion", face=1)
    play(g, (0, "mover 8"), (0, "mover 9"))
    assert "parar" in legal(g)
    ev = play(g, (0, "mover 8"))
    stop = first(ev, "parada")
    assert stop.data == {"player": 0, "cell": 8, "max_steps": 3}
    assert g.view(None)["gh"] == 1 and g.view(None)["max_steps"] == 3
    g = game(cells={8: "C-01", 9: "C-02"}, phase="accion", face=1)
    for _ in range(20):
        play(g, (0, "mover 8"), (0, "mover 9"))
    assert g.view(None)["steps"] == 40 and g.view(None)["max_steps"] is None


# ----- G4, G5: symbol cards and CN -------------------------------------------------------------
def test_g4_symbol_cards_are_catalunya_and_symbol_comes_before_flag():
    """SOM G4: ATC, Euro per recepta, Impost de successions and the capacidad económica cards
    carry the Catalunya flag (the mover may go on); Sufragi universal is a world card; on a
    symbol card the symbol acts first."""
    cat = ["C-ATC", "C-EPR", "C-IDS", "C-EC1", "C-EC2", "C-EC3"]
    for cid in cat:
        g = game(cells={8: cid}, disks=FOUR_HANDS, phase="accion", face=1)
        ev = play(g, (0, "mover 8"))
        assert first(ev, "revelar").data["flag"] == "catalunya"
        assert "parar" in legal(g), cid
        if cid.startswith("C-EC"):
            assert kinds(ev).index("capacidad_economica") > kinds(ev).index("paso")
    g = game(cells={8: "W-SU"}, phase="accion", face=1)
    ev = play(g, (0, "mover 8"))
    assert first(ev, "revelar").data["flag"] == "mon" and "fin_turno" in kinds(ev)


def test_g5_cn_is_catalunya_and_never_collected():
    """SOM G5: entering CN lets the citizen go on, and a Spain event never collects it even
    though it is a face-up Catalunya card."""
    g = game(cells={8: "C-01", 9: "E-1"}, face_up=[8], citizens={0: 8}, phase="accion",
             face=1)
    play(g, (0, f"mover {CN}"))
    assert "parar" in legal(g)
    play(g, (0, "mover 8"))
    ev = play(g, (0, "mover 9"))
    assert "CN" not in first(ev, "recogida").data["cards"]
    assert g.view(None)["cells"][CN]["card"]["id"] == "CN"
    assert g.view(None)["cn"]["cell"] == CN


# ----- G6, G7, G8: Hisenda and payments --------------------------------------------------------
def test_g6_hisenda_value_is_deterministic_types_random():
    """SOM G6: Hisenda always pays X € with 2 € disks first then 1 € (the value never varies),
    while the types drawn vary with the seed."""
    drawn = set()
    for seed in range(12):
        g = game(seed=seed, dice=[1], disks=FOUR_HANDS, phase="transferencia")
        t = first(play(g, (0, "tirar")), "transferencia")
        assert [val(d) for d in t.data["disks"]] == [2, 2]
        drawn.add(tuple(sorted(t.data["disks"])))
    assert len(drawn) >= 2


def test_g7_dui_only_when_hisenda_is_short_never_on_0_or_payments_in():
    """SOM G7: a 0 roll never causes a DUI even with Hisenda empty; payments into an empty
    Hisenda cause none; a roll equal to Hisenda's value is paid in full."""
    g = game(dice=[6], disks=ALL_36, phase="transferencia")
    assert values(g)[1] == 0
    ev = play(g, (0, "tirar"))
    assert "dui" not in kinds(ev) and not g.is_over
    g = game(disks=ALL_36, cells={14: "W-01"}, gh=3, phase="accion", face=1)
    ev = play(g, (3, "mover 14")) + pay_taxes(g)
    assert not g.is_over and values(g)[1] == 5
    hands = {**ALL_36, 3: {"mossos": 1, "bomberos": 1, "vivienda": 3}}   # Hisenda: 2 €
    g = game(dice=[3], disks=hands, phase="transferencia")
    play(g, (0, "tirar"))
    assert not g.is_over and values(g)[1] == 0


def test_g7_hisenda_short_by_one_pays_nothing():
    """SOM G7: no part payment: Hisenda holding 3 € facing 4 € pays nothing and the game ends
    in a DUI caused by the GH who rolled."""
    hands = {**ALL_36, 3: {"mossos": 1, "bomberos": 1, "vivienda": 2}}   # Hisenda: 2 + 1 €
    g = game(dice=[1], disks=hands, gh=2, phase="transferencia")
    before = values(g)
    play(g, (2, "tirar"))
    assert g.result.reason == "dui" and g.result.details["causer"] == 2
    assert values(g) == before


def test_g8_intervention_only_below_the_amount_due_change_otherwise():
    """SOM G8: a payer with enough value but the wrong coins (a single 2 € disk for 1 €) is not
    intervened: the change procedure runs; with less value than due he is."""
    hands = {**FOUR_HANDS, 1: {"sanidad": 1}}
    g = game(disks=hands, cells={14: "W-01"}, gh=3, phase="accion", face=1)
    ev = play(g, (3, "mover 14"))
    assert not g.is_over and "cambio" in kinds(ev)
    hands = {**FOUR_HANDS, 0: {"vivienda": 1}}
    g = game(disks=hands, cells={14: "W-01"}, gh=3, phase="accion", face=1)
    play(g, (3, "mover 14"))
    assert g.result.reason == "intervencion" and g.result.details["failed_payer"] == 0


# ----- G13, G14, G15: the Spain event ----------------------------------------------------------
def test_g13_face_up_spain_is_a_world_card_and_alignment_any_distance():
    """SOM G13: under elevado a Spain card across the whole row (gap of four cells) counts as
    aligned; with no alignment the event still happens and the card acts later as a world
    card."""
    g = game(options={"centralism": "elevado"}, cells={12: "E-1", 16: "E-2", 8: "C-01"},
             face_up=[12, 8], phase="accion", face=1)
    ev = play(g, (0, "mover 16"))                      # r2c4 with r2c0 face up
    assert set(first(ev, "recogida").data["cards"]) == {"E-1", "E-2", "C-01"}
    g = game(options={"centralism": "elevado"}, dice=[1], cells={0: "E-1", 16: "E-2",
                                                                 8: "C-01"},
             face_up=[0, 8], disks=FOUR_HANDS, phase="accion", face=1)
    ev = play(g, (0, "mover 16"))                      # r2c4 vs r0c1: not aligned
    assert set(first(ev, "recogida").data["cards"]) == {"C-01"}
    assert g.view(None)["citizens"] == [CN] * 4
    pay_taxes(g)
    play(g, (1, "tirar"), (1, "terminar"))
    ev = play(g, (1, "mover 16"))
    assert first(ev, "parada").rule == "SOM-11.8" and "espana" not in kinds(ev)


def test_g14_leftover_empty_cells_wait_for_a_later_refill():
    """SOM G14: cells left empty by protection stay empty (and cannot be entered) until a later
    Spain event deals cards into them."""
    hands = {0: {"mossos": 1, "sanidad": 1, "vias": 1}, 1: {"sanidad": 1, "vivienda": 1},
             2: {"bosques": 1, "educacion": 1}, 3: {"educacion": 1, "carreteras": 1}}
    g = game(options={"mode": "B"}, dice=[1], cells={16: "E-1", 14: "E-2", 8: "U-1",
                                                     9: "U-2"},
             pile=["U-1", "U-2"], disks=hands, phase="accion", face=1)
    play(g, (0, "mover 16"), (0, "proteger-mossos 0"))
    assert states(g).count("vacia") == 1
    empty = states(g).index("vacia")
    assert empty in (8, 9)
    pay_taxes(g)
    play(g, (1, "tirar"), (1, "terminar"))
    assert empty not in moves(g)
    ev = play(g, (1, "mover 14"))
    if g.view(None)["phase"] == "proteccion":       # the transfer may have brought an interior
        ev += play(g, (1, "recoger"))                # disk: protect nothing this time
    assert first(ev, "recogida").data["cards"] == ["U-1"]
    assert first(ev, "reparto").data["cells"] == [empty]
    assert states(g).count("vacia") == 0


def test_g15_protection_order_and_pile_order():
    """SOM G15: the GH protects one card at a time (a player and a disk type each time), up to
    the pile size; the cards kept are the first ones in the pile's order."""
    hands = {0: {"mossos": 1, "sanidad": 1}, 1: {"bomberos": 2}, 2: {"mossos": 1}}
    g = game(options={"mode": "B"}, cells={16: "E-1"}, pile=["U-3", "U-1", "U-4"],
             disks=hands, phase="accion", face=1)
    play(g, (0, "mover 16"))
    ev = play(g, (0, "proteger-bomberos 1"))
    assert first(ev, "proteccion").data["protected"] == 1
    ev = play(g, (0, "recoger"))
    assert first(ev, "recogida").data["protected"] == ["U-3"]
    assert g.view(None)["urna"] == ["U-3"]


# ----- G16, G17: mode B powers -----------------------------------------------------------------
def test_g16_exchanges_need_a_same_type_pair_and_a_target_holding_the_disk():
    """SOM G16: only in phase 3, optional; the pair must be two disks of one type and the target
    must hold the type taken."""
    g = game(options={"mode": "B"}, disks={0: {"educacion": 2, "vias": 1}, 1: {"sanidad": 1},
                                           2: {"justicia": 1}}, phase="cohesion", face=6)
    assert [a for a in legal(g) if a.startswith("canjear")] == ["canjear-educacion 2"]
    with pytest.raises(ludoteca.IllegalAction, match="no justice disk"):
        g.apply("canjear-educacion 1")
    play(g, (0, "terminar"))
    assert not any(a.startswith("canjear") for a in legal(g))


def test_g17_resources_are_euros_not_pds_and_levies_are_optional():
    """SOM G17: a target's 'resources' are his disks' € value (10 PDs but 2 € make no target
    of Impost de successions); every levy may be declined; the GH then goes on moving."""
    hands = {0: {"justicia": 1, "sanidad": 1, "vias": 1}, 1: {"educacion": 1},
             2: {"educacion": 1, "vias": 1, "bosques": 2}, 3: {"mossos": 1}}
    g = game(options={"mode": "B"}, cells={8: "C-IDS", 9: "C-EPR"}, disks=hands,
             pd={1: 10}, phase="accion", face=1)
    play(g, (0, "mover 8"))
    assert legal(g) == ["sucesiones 2", "no-cobrar"]            # seat 2: 5 € ⇒ 1 €
    play(g, (0, "sucesiones 2"))
    assert legal(g) == ["importe 1", "no-cobrar"]
    play(g, (0, "no-cobrar"))
    assert g.view(None)["phase"] == "movimiento" and "parar" in legal(g)
    before = values(g)
    ev = play(g, (0, "mover 9"), (0, "no-cobrar"))
    assert values(g) == before and "parar" in legal(g)
    assert "cobro" in kinds(ev)


# ----- G18: ATC timing -------------------------------------------------------------------------
def test_g18_atc_fixed_at_phase_1_and_stops_when_collected():
    """SOM G18: ATC face up when phase 1 begins makes the taxes go to the GH, who pays exactly
    1 € to Hisenda; collected by a Spain event later that turn, it is inactive from the next
    turn's phase 1."""
    g = game(dice=[1], cells={9: "C-ATC", 14: "W-01", 16: "E-1"}, face_up=[9],
             disks=FOUR_HANDS, gh=3, phase="accion", face=1)
    ev = play(g, (3, "mover 14")) + pay_taxes(g)
    pays = [(e.data["player"], e.data["to"]) for e in ev if e.kind == "pago"]
    assert pays == [(1, 0), (2, 0), (3, 0), (0, None)]
    assert g.view(None)["atc_active"] is True
    play(g, (0, "tirar"), (0, "terminar"))
    ev = play(g, (0, "mover 16"))
    assert "C-ATC" in first(ev, "recogida").data["cards"]
    ev = pay_taxes(g)
    assert g.view(None)["atc_active"] is False
    assert all(e.data["to"] is None for e in ev if e.kind == "pago")


# ----- G19, G20: mode C ------------------------------------------------------------------------
def su_game(face, gh=0, pd=None, mode="C"):
    return game(options={"mode": mode}, cells={16: "W-SU"}, face_up=[16], disks=FOUR_HANDS,
                pd=pd or {0: 2, 1: 2, 2: 2, 3: 2}, gh=gh, phase="accion", face=face)


def test_g19_sides_open_binding_everyone_bids_abstainers_too():
    """SOM G19: declarations are public events, made once (binding), in rotation order; in a
    motion the order starts after the GH and skips challenger and GH; an abstainer still bids
    and loses his bid to CN; with no allies the governor is the challenger."""
    g = su_game(face=5)                                   # azul = seat 3 challenges seat 0
    play(g, (3, "mover 16"), (3, "mocion"))
    assert g.view(None)["vote"]["declaring"] == 1
    ev = play(g, (1, "abstenerse"))
    assert first(ev, "abstencion").data == {"player": 1}
    assert g.to_move == (2,)
    play(g, (2, "apoyar 0"))
    assert g.to_move == (0, 1, 2, 3) and g.view(None)["vote"]["governor"] == 3
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("apoyar 3", seat=1)                       # no second declaration
    for s, b in ((0, 0), (1, 2), (2, 0), (3, 1)):
        play(g, (s, f"pujar {b}"))
    assert g.view(None)["gh"] == 3 and g.view(None)["cn"]["pd"] == 4 + 3


def test_g20_sufragi_turn_end_and_plain_world_card_in_a_and_b():
    """SOM G20: in C (and AC) the card triggers on entry and the turn ends after the
    declaration; in A and B it is a plain world card (the next mover still moves)."""
    for mode in ("C", "AC"):
        g = su_game(face=6, mode=mode)
        play(g, (0, "mover 16"))
        assert g.view(None)["phase"] == "sufragio"
        ev = play(g, (0, "declinar"))
        assert "fin_turno" in kinds(ev) and g.view(None)["gh"] == 1
    for mode in ("A", "B"):
        g = su_game(face=6, mode=mode)
        play(g, (0, "mover 16"))
        assert g.to_move == (1,) and g.view(None)["gh"] == 0


# ----- G23, G27: player counts -----------------------------------------------------------------
def test_g23_solo_never_gains_pds_and_its_endings():
    """SOM G23: solo games never move a PD (no phase 3); consulta or DUI is a win, intervention
    a loss."""
    for seed in range(6):
        g = ludoteca.new_game("som", players=1, seed=seed, options={"max_turns": 40})
        rng = __import__("random").Random(seed)
        while not g.is_over:
            acts = g.legal_actions(0)
            stop = [a for a in acts if str(a) == "parar"]
            g.apply(stop[0] if stop and rng.random() < 0.5 else rng.choice(acts), seat=0)
            assert g.view(None)["players"][0]["pd"] == 0 and g.view(None)["cn"]["pd"] == 12
    g = game(1, options={"centralism": "elevado"}, cells={8: "U-4"},
             pile=["U-1", "U-2", "U-3"], phase="accion", face=1)
    play(g, (0, "mover 8"))
    assert g.result.reason == "consulta" and g.result.winners == (0,)
    rich = {0: {"justicia": 2, "sanidad": 3, "educacion": 3, "mossos": 2, "bomberos": 1,
                "vias": 2, "carreteras": 2, "bosques": 3, "energias": 2, "vivienda": 3}}
    g = game(1, options={"centralism": "elevado"}, dice=[1], disks=rich,
             phase="transferencia")
    play(g, (0, "tirar"))
    assert g.result.reason == "dui" and g.result.winners == (0,)
    g = game(1, options={"centralism": "elevado"}, disks={0: {"sanidad": 1}})
    assert g.result.reason == "intervencion" and g.result.winners == ()


def test_g27_reroll_in_phase_2_before_the_transfer_but_not_for_centralism():
    """SOM G27: with 2–3 players a colour not in play is rolled again at once, before any
    transfer; the centralism roll uses only the number and is never rolled again for a
    colour."""
    g = ludoteca.new_game("som", players=2, seed=2, options={"centralism": "dado"},
                          dice=[4, 5, 2])
    assert g.view(None)["centralism"] == "elevado" and g.view(None)["centralism_roll"] == 4
    g.arrange(phase="transferencia")
    before = values(g)
    ev = play(g, (0, "tirar"))
    assert kinds(ev)[:3] == ["repetir_tirada", "tirada", "transferencia"]
    assert ev[0].data["face"] == 5 and values(g)[0][0] == before[0][0] + 2


# ----- G28, G29: hidden information and mode C on A --------------------------------------------
def test_g28_public_and_hidden_parts_of_the_view():
    """SOM G28: public: players' disks by type, PD counts, face-up cards, empty cells, the urna
    pile, Hisenda's 1 €/2 € counts, citizens, the kept die face, who has bid; hidden: face-down
    identities, Hisenda's types, bids before the reveal."""
    g = su_game(face=1, pd={0: 3, 1: 2, 2: 2, 3: 1})
    play(g, (0, "mover 16"), (0, "elecciones"), (0, "apoyar 0"), (1, "apoyar 1"),
         (2, "apoyar 2"), (3, "apoyar 3"), (2, "pujar 1"))
    v = g.view(0)
    assert v["players"][1]["disks"] == FOUR_HANDS[1] and v["players"][2]["pd"] == 2
    assert v["cells"][16]["card"]["id"] == "W-SU" and v["die"]["face"] == 1
    assert v["vote"]["bids_in"] == [2] and "my_bid" not in v["vote"]
    assert set(v["hisenda"]) == {"ones", "twos", "value", "flipped"}
    hidden = g.state_dict()
    down_ids = {cid for cid, up in zip(hidden["layout"], hidden["face_up"], strict=True)
                if cid and not up}
    text = json.dumps(v)
    assert not any(f'"{cid}"' in text for cid in down_ids)
    assert "hisenda_types" not in text and '"bids"' not in text


def test_g29_mode_c_on_a_costs_3_euros_with_change_and_no_b_powers():
    """SOM G29: in mode AC elections cost 3 € paid to Hisenda (with change when needed), there
    are no exchanges and no interior protection, and the levy cards are plain."""
    hands = {**FOUR_HANDS, 0: {"sanidad": 1, "justicia": 1}}
    g = game(options={"mode": "AC"}, cells={16: "W-SU"}, face_up=[16], disks=hands,
             pd={0: 1}, phase="accion", face=1)
    hv = values(g)[1]
    play(g, (0, "mover 16"))
    ev = play(g, (0, "elecciones")) + settle(g)
    assert "cambio" in kinds(ev)
    assert values(g)[0][0] == 1 and values(g)[1] == hv + 3
    assert g.view(None)["phase"] == "declaracion"
    g = game(options={"mode": "AC"}, disks={0: {"educacion": 2, "mossos": 1},
                                            1: {"justicia": 1}}, phase="cohesion", face=6)
    assert not any(a.startswith("canjear") for a in legal(g))
    g = game(options={"mode": "AC"}, cells={8: "E-1"}, pile=["U-1"],
             disks={0: {"mossos": 1, "sanidad": 1}}, phase="accion", face=1)
    play(g, (0, "mover 8"))
    assert g.view(None)["urna"] == [] and g.view(None)["phase"] != "proteccion"
