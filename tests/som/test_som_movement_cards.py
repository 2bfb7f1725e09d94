"""«Som el que decidim!» rule tests: phase 4 movement (SOM-10.x), card flags (SOM-11.x) and card
symbols (SOM-13.x). Positions are built with ``arrange(...)``; the die is forced with ``dice``.

Map (ruling G2): rows r0–r6 hold 5, 7, 7, 6, 5, 4, 3 cells numbered 0–36 row by row. CN is put on
cell 15 = r2c3, whose 8 neighbours are 7, 8, 9, 14, 16, 21, 22, 23."""

from __future__ import annotations

import pytest
from som_support import AROUND as AROUND_CN
from som_support import CN, FOUR_HANDS, first, kinds, legal, moves, play, values
from som_support import pay_taxes_by_seat as pay_taxes

import ludoteca

# the checklist's G2 layout, written out independently of content.toml
ROWS = [".#####.", "#######", "#######", "######.", "#####..", "####...", "###...."]
RC = [(r, c) for r, row in enumerate(ROWS) for c, ch in enumerate(row) if ch == "#"]


def game(n=4, options=None, dice=(), seed=1, cells=None, **arrangement):
    """A game with CN on cell 15 and the given arrangement; invariants checked."""
    g = ludoteca.new_game("som", players=n, seed=seed, options=options or {}, dice=list(dice))
    g.arrange(cells={CN: "CN", **(cells or {})}, **arrangement)
    g._check_invariants()
    return g


def state(g, cell):
    return g.view(None)["cells"][cell]["estado"]


def card_at(g, cell):
    return g.view(None)["cells"][cell].get("card", {}).get("id")


# ----- SOM-10: who moves ---------------------------------------------------------------------
@pytest.mark.parametrize("gh", [0, 2])
def test_som_10_1_generalitat_picture_moves_only_the_gh(gh):
    """SOM-10.1: the Palau face (F1) moves only the GH's citizen; a world card ends the turn."""
    g = game(cells={14: "W-01"}, gh=gh, phase="accion", face=1)
    assert g.to_move == (gh,) and g.view(None)["movers_left"] == []
    ev = play(g, (gh, "mover 14"))
    assert "fin_turno" in kinds(ev)                  # nobody else moves
    cits = g.view(None)["citizens"]
    assert cits[gh] == 14 and all(cits[s] == CN for s in range(4) if s != gh)
    assert g.view(None)["gh"] == (gh + 1) % 4


@pytest.mark.parametrize("face, colours, mover", [
    (3, None, 1),                                    # lila = seat 1
    (2, None, 0),                                    # rosa = seat 0, the GH's own colour
    (5, ["azul", "rosa", "lila", "naranja"], 0),     # the colour, not the seat, decides
    (4, ["azul", "rosa", "lila", "naranja"], 3),
])
def test_som_10_2_colour_picture_moves_that_citizen_only(face, colours, mover):
    """SOM-10.2: a colour face moves only that colour's citizen, which may be the GH's own."""
    opts = {"colours": colours} if colours else {}
    g = game(options=opts, cells={14: "W-01"}, phase="accion", face=face)
    assert g.to_move == (mover,) and g.view(None)["movers_left"] == []
    play(g, (mover, "mover 14"))
    cits = g.view(None)["citizens"]
    assert [s for s in range(4) if cits[s] != CN] == [mover]
    assert g.view(None)["gh"] == 1                   # the turn is over: only one mover


def test_som_10_3_all_picture_gh_first_then_rotation_each_finishing_his_movement():
    """SOM-10.3: F6 moves every citizen, the GH first and then rotation order; each mover
    finishes his chained steps before the next starts."""
    g = game(cells={8: "C-01", 9: "C-02", 14: "W-01", 16: "W-02", 22: "W-03"}, gh=1,
             phase="accion", face=6)
    assert g.to_move == (1,) and g.view(None)["movers_left"] == [2, 3, 0]
    play(g, (1, "mover 8"))                           # Catalunya: seat 1 keeps the move
    assert g.to_move == (1,) and "parar" in legal(g)
    play(g, (1, "mover 9"))
    assert g.to_move == (1,)
    play(g, (1, "parar"))
    assert g.to_move == (2,) and g.view(None)["movers_left"] == [3, 0]
    play(g, (2, "mover 14"))
    assert g.to_move == (3,)
    play(g, (3, "mover 16"))
    assert g.to_move == (0,)
    ev = play(g, (0, "mover 22"))
    assert "fin_turno" in kinds(ev) and g.view(None)["gh"] == 2
    assert g.view(None)["citizens"] == [22, 9, 14, 16]


# ----- SOM-10: where a step may go -----------------------------------------------------------
def test_som_10_4_steps_go_to_the_eight_surrounding_cells_on_the_whole_map():
    """SOM-10.4 (G2): from every cell the legal steps are exactly the existing cells among the
    8 around it (king moves), face up or face down."""
    def around(cell):
        r, c = RC[cell]
        return sorted(RC.index((r + dr, c + dc)) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                      if (dr or dc) and (r + dr, c + dc) in RC)

    degree_count: dict[int, int] = {}
    for cell in range(37):
        g = game(citizens={0: cell}, phase="accion", face=1)
        assert moves(g) == around(cell), cell
        degree_count[len(around(cell))] = degree_count.get(len(around(cell)), 0) + 1
    assert degree_count == {8: 13, 7: 6, 5: 11, 4: 6, 3: 1}          # G2 checksums
    assert sum(k * v for k, v in degree_count.items()) // 2 == 114


def test_som_10_4_face_up_and_face_down_neighbours_are_both_legal():
    """SOM-10.4: a face-up card (here a world card) is as legal a destination as a face-down one."""
    g = game(cells={14: "W-01", 8: "C-01"}, face_up=[14], phase="accion", face=1)
    assert moves(g) == list(AROUND_CN)
    assert state(g, 14) == "visible" and state(g, 8) == "oculta"


def test_som_10_5_never_onto_an_empty_cell_or_off_the_map():
    """SOM-10.5: an empty cell (an urna card taken) and a cell that is not adjacent are refused."""
    g = game(cells={8: "U-1"}, pile=["U-1"], phase="accion", face=1)
    assert state(g, 8) == "vacia"
    assert moves(g) == [c for c in AROUND_CN if c != 8]
    with pytest.raises(ludoteca.IllegalAction, match="empty"):
        g.apply("mover 8")
    with pytest.raises(ludoteca.IllegalAction, match="not next to"):
        g.apply("mover 0")
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("mover 37")                        # no such cell
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("mover r0c0")                      # outside the map shape


# ----- SOM-10: revealing and placing ---------------------------------------------------------
def test_som_10_6_face_down_card_is_revealed_before_placing_and_stays_face_up():
    """SOM-10.6: stepping onto a face-down card reveals it first; it then stays face up in
    later turns."""
    g = game(dice=[1], cells={8: "W-05"}, disks=FOUR_HANDS, phase="accion", face=1)
    assert state(g, 8) == "oculta"
    ev = play(g, (0, "mover 8"))
    assert kinds(ev)[:2] == ["revelar", "paso"]
    assert ev[0].data["cell"] == 8 and ev[0].data["card"] == "W-05"
    assert state(g, 8) == "visible" and card_at(g, 8) == "W-05"
    pay_taxes(g)
    play(g, (1, "tirar"), (1, "terminar"))          # the next turn: still face up
    assert state(g, 8) == "visible" and card_at(g, 8) == "W-05"


def test_som_10_7_citizen_placed_then_symbol_then_flag():
    """SOM-10.7 (G4): on a capacidad económica card the citizen is placed, the 3 € are paid
    (symbol) and only then the Catalunya flag offers another step."""
    g = game(cells={8: "C-EC1"}, disks=FOUR_HANDS, phase="accion", face=1)
    ev = play(g, (0, "mover 8"))
    assert kinds(ev) == ["revelar", "paso", "capacidad_economica"]
    assert g.view(None)["citizens"][0] == 8
    assert g.to_move == (0,) and "parar" in legal(g)


def test_som_10_8_citizens_share_a_card_without_effect():
    """SOM-10.8 (G10): any number of citizens may stand on one card; stepping onto an occupied
    card has no extra effect."""
    g = game(cells={14: "W-01"}, face_up=[14], citizens={2: 14, 3: 14}, phase="accion", face=6)
    assert 14 in moves(g)
    ev = play(g, (0, "mover 14"))
    assert kinds(ev) == ["paso", "parada"]
    assert g.view(None)["citizens"] == [14, CN, 14, 14]
    ev = play(g, (1, "mover 14"))
    assert kinds(ev) == ["paso", "parada"]
    assert g.view(None)["citizens"] == [14, 14, 14, 14]


def test_som_10_9_first_step_compulsory():
    """SOM-10.9: a mover's first step is compulsory: no 'parar' until he has stepped."""
    g = game(phase="accion", face=1)
    assert "parar" not in legal(g)
    with pytest.raises(ludoteca.IllegalAction, match="compulsory"):
        g.apply("parar")


def test_som_10_9_mover_without_destination_is_skipped():
    """SOM-10.9 (G11): a citizen whose every neighbour is empty skips; the next mover moves."""
    # r6c0 (cell 34) has 3 neighbours: 30, 31, 35; urna cards taken from all three
    g = game(cells={30: "U-1", 31: "U-2", 35: "U-3", 14: "W-01"}, pile=["U-1", "U-2", "U-3"],
             citizens={0: 34}, phase="accion", face=6)
    assert g.to_move == (1,)                       # seat 0 (GH) was skipped
    assert g.view(None)["citizens"][0] == 34
    play(g, (1, "mover 14"))
    assert g.to_move == (2,)
    g2 = game(cells={30: "U-1", 31: "U-2", 35: "U-3"}, pile=["U-1", "U-2", "U-3"],
              citizens={0: 34}, phase="transferencia", dice=[1])
    ev = play(g2, (0, "tirar"), (0, "terminar"))
    skip = first(ev, "sin_movimiento")
    assert skip.rule == "SOM-10.9" and skip.data == {"player": 0, "cell": 34}
    assert "fin_turno" in kinds(ev) and g2.view(None)["gh"] == 1


def test_som_10_10_phase_4_ends_with_the_last_movers_movement():
    """SOM-10.10: phase 4 (and the turn) ends right when the last mover stops, not before."""
    g = game(cells={8: "C-01", 14: "W-01"}, phase="accion", face=3)
    play(g, (1, "mover 8"))
    assert g.view(None)["stage"] == "accion" and g.view(None)["gh"] == 0
    ev = play(g, (1, "parar"))
    assert kinds(ev)[:2] == ["parar", "fin_turno"]
    assert g.view(None)["gh"] == 1 and g.view(None)["turns_played"] == 1


# ----- SOM-11: flags ---------------------------------------------------------------------------
def test_som_11_1_catalunya_card_offers_one_more_optional_step():
    """SOM-11.1: after a Catalunya card the mover may step to any card around it, or stop."""
    g = game(cells={8: "C-01"}, phase="accion", face=1)
    play(g, (0, "mover 8"))
    assert g.to_move == (0,)
    assert moves(g) == [1, 2, 3, 7, 9, 14, 15, 16] and "parar" in legal(g)
    ev = play(g, (0, "parar"))
    assert ev[0].kind == "parar" and ev[0].rule == "SOM-11.2"
    assert g.view(None)["citizens"][0] == 8 and g.view(None)["gh"] == 1


def test_som_11_2_chaining_has_no_limit_and_stopping_ends_it():
    """SOM-11.2 (G12): the option comes back after every step onto a Catalunya card, face up or
    newly revealed, CN included, with no limit on the number of steps."""
    g = game(cells={8: "C-01", 9: "C-02"}, face_up=[9], phase="accion", face=1)
    path = [8, 9, 8, CN] * 6                        # 24 steps over Catalunya cards
    for cell in path:
        play(g, (0, f"mover {cell}"))
        assert g.to_move == (0,) and "parar" in legal(g)
    assert g.view(None)["steps"] == len(path)
    play(g, (0, "parar"))
    assert g.view(None)["gh"] == 1


def test_som_11_3_world_card_ends_the_movement_and_the_turn_for_the_last_mover():
    """SOM-11.3: a world card stops the mover; as the only mover the turn ends."""
    g = game(cells={8: "C-01", 2: "W-02"}, phase="accion", face=1)
    play(g, (0, "mover 8"))
    ev = play(g, (0, "mover 2"))
    assert [(e.kind, e.rule) for e in ev][:3] == [("revelar", "SOM-10.6"),
                                                  ("paso", "SOM-10.7"),
                                                  ("parada", "SOM-11.3")]
    assert "fin_turno" in kinds(ev) and g.view(None)["gh"] == 1


def test_som_11_3_world_card_passes_to_the_next_mover_in_an_all_move():
    """SOM-11.3: with movers still waiting, the world card ends only this mover's movement."""
    g = game(cells={14: "W-01"}, phase="accion", face=6)
    play(g, (0, "mover 14"))
    assert g.to_move == (1,) and g.view(None)["gh"] == 0


def test_som_11_4_and_11_5_urna_card_goes_to_the_pile_citizen_stays_behind():
    """SOM-11.4: a revealed urna card leaves the map for the pile and its cell is empty.
    SOM-11.5: the citizen stays on the card he stepped from (here a Catalunya card, which
    would otherwise let him go on), and his movement ends."""
    g = game(cells={8: "C-01", 2: "U-3"}, phase="accion", face=1)
    play(g, (0, "mover 8"))
    ev = play(g, (0, "mover 2"))
    assert kinds(ev)[:2] == ["revelar", "urna"]
    assert first(ev, "urna").data["stays_on"] == 8
    v = g.view(None)
    assert v["urna"] == ["U-3"] and state(g, 2) == "vacia"
    assert v["citizens"][0] == 8
    assert "fin_turno" in kinds(ev) and v["gh"] == 1          # movement (and turn) over


def test_som_11_6_urna_in_an_all_move_ends_only_that_mover():
    """SOM-11.6: in an all-move the urna card ends the revealer's movement; the next movers
    still move while the pile is below 4."""
    g = game(cells={8: "U-2", 14: "W-01"}, pile=["U-1"], phase="accion", face=6)
    ev = play(g, (0, "mover 8"))
    assert g.view(None)["urna"] == ["U-1", "U-2"] and "fin_turno" not in kinds(ev)
    assert g.to_move == (1,) and g.view(None)["citizens"][0] == CN
    play(g, (1, "mover 14"))
    assert g.to_move == (2,)


def test_som_11_7_spain_card_ends_the_turn_for_waiting_movers_too():
    """SOM-11.7: a revealed Spain card sets off the event and ends the turn; the movers still
    waiting in the all-move do not move."""
    g = game(cells={14: "W-01", 16: "E-2", 22: "W-03"}, phase="accion", face=6, gh=3)
    play(g, (3, "mover 14"))                 # GH 3 first: world card
    ev = play(g, (0, "mover 16"))            # seat 0 reveals Spain
    assert kinds(ev)[:2] == ["revelar", "espana"] and "fin_turno" in kinds(ev)
    v = g.view(None)
    assert v["gh"] == 0 and v["stage"] != "accion" and v["movers_left"] == []
    assert not any(e.kind == "paso" for e in ev)     # seats 1 and 2 never moved
    assert g.view(None)["citizens"] == [CN] * 4
    assert g.view(None)["turns_played"] == 1


def test_som_11_8_face_up_spain_card_acts_as_a_world_card():
    """SOM-11.8 (G13): a Spain card left face up stops the mover and sets off no event."""
    g = game(cells={8: "C-01", 14: "E-1"}, face_up=[14], phase="accion", face=1)
    play(g, (0, "mover 8"))
    ev = play(g, (0, "mover 14"))
    assert kinds(ev)[:2] == ["paso", "parada"] and ev[1].rule == "SOM-11.8"
    assert "espana" not in kinds(ev) and "recogida" not in kinds(ev)
    assert state(g, 8) == "visible"                # nothing collected
    assert g.view(None)["citizens"][0] == 14


def test_som_11_9_revealed_world_card_is_never_collected():
    """SOM-11.9: a revealed world card stays face up in its cell through a Spain event."""
    g = game(cells={14: "W-01", 16: "E-1"}, phase="accion", face=6)
    play(g, (0, "mover 14"))
    ev = play(g, (1, "mover 16"))
    assert "recogida" in kinds(ev)
    assert "W-01" not in first(ev, "recogida").data["cards"]
    assert state(g, 14) == "visible" and card_at(g, 14) == "W-01"


def test_som_11_10_cn_is_a_catalunya_card_that_is_never_collected():
    """SOM-11.10 (G5): stepping onto CN lets the citizen go on; a Spain event never collects
    it (it stays face up in its cell)."""
    g = game(cells={8: "C-01", 9: "E-3"}, face_up=[8], citizens={0: 8}, phase="accion", face=1)
    assert CN in moves(g)
    play(g, (0, f"mover {CN}"))
    assert g.to_move == (0,) and "parar" in legal(g)
    play(g, (0, "mover 8"))
    ev = play(g, (0, "mover 9"))
    rec = first(ev, "recogida").data
    assert "CN" not in rec["cards"] and CN not in rec["cells"]
    assert rec["cards"] == ["C-01"]
    assert card_at(g, CN) == "CN" and state(g, CN) == "visible"


def test_som_11_11_face_up_cards_act_again_on_every_entry():
    """SOM-11.11: re-entering a face-up card sets off its flag again (Catalunya: go on; world:
    stop); the capacidad económica payment does not repeat (SOM-13.2)."""
    g = game(cells={8: "C-EC2", 14: "W-01"}, face_up=[8, 14], disks=FOUR_HANDS,
             phase="accion", face=6)
    before = values(g)
    ev = play(g, (0, "mover 8"))
    assert kinds(ev) == ["paso"] and "parar" in legal(g)           # flag again, no 3 €
    assert values(g) == before
    ev = play(g, (0, "mover 14"))
    assert kinds(ev) == ["paso", "parada"]                            # world flag again
    assert g.to_move == (1,)


# ----- SOM-13: symbols -----------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["A", "B", "C", "AC"])
def test_som_13_1_capacidad_economica_pays_3_to_the_revealer_in_every_mode(mode):
    """SOM-13.1: the player whose citizen reveals the card gets 3 € from Hisenda, in all modes,
    even when he is not the GH."""
    g = game(options={"mode": mode}, cells={8: "C-EC3", 14: "W-01"}, disks=FOUR_HANDS,
             phase="accion", face=6)
    play(g, (0, "mover 14"))
    (vals, hv) = values(g)
    ev = play(g, (1, "mover 8"))
    pay = first(ev, "capacidad_economica")
    assert pay.rule == "SOM-13.1" and pay.data["player"] == 1 and pay.data["value"] == 3
    assert values(g) == ([vals[0], vals[1] + 3, vals[2], vals[3]], hv - 3)
    # Hisenda pays the largest disks first: one 2 € + one 1 € (SOM-14.7)
    twos = ("justicia", "sanidad", "educacion", "mossos", "bomberos")
    assert sorted(2 if d in twos else 1 for d in pay.data["disks"]) == [1, 2]


def test_som_13_2_face_up_capacidad_economica_pays_nothing_later():
    """SOM-13.2: once face up the card pays nothing, in the same turn or later turns."""
    g = game(dice=[1], cells={8: "C-EC1"}, disks=FOUR_HANDS, phase="accion", face=1)
    play(g, (0, "mover 8"))
    assert values(g)[0][0] == 6 + 3
    ev = play(g, (0, f"mover {CN}"), (0, "mover 8"))
    assert "capacidad_economica" not in kinds(ev)
    assert values(g)[0][0] == 9
    play(g, (0, "parar"))
    # next turn (GH 1, forced F1): the GH walks onto the face-up card: still nothing
    pay_taxes(g)
    play(g, (1, "tirar"), (1, "terminar"))
    before = values(g)
    ev = play(g, (1, "mover 8"))
    assert kinds(ev) == ["paso"] and values(g) == before


def test_som_13_3_capacidad_economica_dui_caused_by_the_revealer():
    """SOM-13.3 (G7): Hisenda holding less than 3 € when the card is revealed: DUI, caused by
    the revealer (seat 1 here, not the GH); nothing is paid."""
    hands = {0: {"justicia": 2, "sanidad": 1, "vias": 2},
             1: {"sanidad": 2, "educacion": 1, "carreteras": 2},
             2: {"educacion": 2, "mossos": 1, "bosques": 3},
             3: {"mossos": 1, "bomberos": 1, "energias": 2, "vivienda": 3}}
    g = game(cells={8: "C-EC1", 14: "W-01"}, disks=hands, pd={0: 1, 2: 3, 3: 3},
             phase="accion", face=6)
    assert values(g)[1] == 2
    play(g, (0, "mover 14"))
    before = values(g)
    ev = play(g, (1, "mover 8"))
    assert kinds(ev)[-2:] == ["dui", "fin"] and first(ev, "dui").rule == "SOM-13.3"
    assert g.result.reason == "dui" and g.result.details["causer"] == 1
    assert g.result.winners == (1,)                # 2 and 3 tie on PDs: the causer wins
    assert values(g) == before and g.view(None)["hisenda"]["flipped"] is True


def test_som_13_4_after_the_3_euros_the_citizen_may_go_on():
    """SOM-13.4: the Catalunya flag of a capacidad económica card lets the citizen step on."""
    g = game(cells={8: "C-EC1", 2: "W-02"}, disks=FOUR_HANDS, phase="accion", face=1)
    play(g, (0, "mover 8"))
    assert moves(g) == [1, 2, 3, 7, 9, 14, 15, 16] and "parar" in legal(g)
    play(g, (0, "mover 2"))
    assert g.view(None)["citizens"][0] == 2


@pytest.mark.parametrize("mode", ["A", "B", "C", "AC"])
def test_som_13_5_atc_revealed_in_phase_4_acts_from_the_next_turn(mode):
    """SOM-13.5 (G18): ATC works in every mode with no disk; revealed in phase 4 it changes
    nothing this turn and makes the next turn's taxes go to the new GH."""
    g = game(options={"mode": mode}, cells={8: "C-ATC"}, disks=FOUR_HANDS,
             phase="accion", face=1)
    assert g.view(None)["atc_active"] is False
    play(g, (0, "mover 8"))
    assert g.view(None)["atc_active"] is False               # not this turn
    ev = play(g, (0, "parar"))
    v = g.view(None)
    assert v["gh"] == 1 and v["atc_active"] is True
    ev += pay_taxes(g)
    pays = [(e.data["player"], e.data["to"]) for e in ev if e.kind == "pago"]
    assert pays == [(2, 1), (3, 1), (0, 1), (1, None)]        # to the GH, then GH -> Hisenda
    assert values(g) == ([5, 6 + 3 - 1, 5, 5], 12 + 1)


@pytest.mark.parametrize("mode, levy", [("A", False), ("AC", False), ("B", True), ("C", True)])
def test_som_13_6_euro_per_recepta_only_with_mode_b(mode, levy):
    """SOM-13.6: Euro per recepta opens the sanidad levy in mode B (and C = B + C); without
    mode B it is a plain Catalunya card."""
    g = game(options={"mode": mode}, cells={8: "C-EPR"}, disks=FOUR_HANDS,
             phase="accion", face=1)
    ev = play(g, (0, "mover 8"))
    if levy:
        assert "cobro" in kinds(ev) and g.view(None)["phase"] == "cobro"
        assert legal(g) == ["recepta 1", "recepta 2", "recepta 3", "no-cobrar"]
    else:
        assert kinds(ev) == ["revelar", "paso"]
        assert g.view(None)["phase"] == "movimiento" and "parar" in legal(g)


@pytest.mark.parametrize("mode, levy", [("A", False), ("AC", False), ("B", True), ("C", True)])
def test_som_13_7_impost_de_successions_only_with_mode_b(mode, levy):
    """SOM-13.7: Impost de successions opens the justicia levy in mode B; otherwise it is a
    plain Catalunya card."""
    g = game(options={"mode": mode}, cells={8: "C-IDS"}, disks=FOUR_HANDS, gh=3,
             phase="accion", face=1)
    ev = play(g, (3, "mover 8"))
    if levy:
        assert g.view(None)["phase"] == "cobro"
        assert legal(g) == ["sucesiones 0", "sucesiones 1", "sucesiones 2", "no-cobrar"]
    else:
        assert kinds(ev) == ["revelar", "paso"] and "parar" in legal(g)


@pytest.mark.parametrize("mode, vote", [("A", False), ("B", False), ("C", True), ("AC", True)])
def test_som_13_8_sufragi_universal_only_with_mode_c(mode, vote):
    """SOM-13.8: Sufragi universal opens the vote in mode C (on B or on A); otherwise it is a
    plain world card that stops the mover."""
    g = game(options={"mode": mode}, cells={8: "W-SU"}, disks=FOUR_HANDS, phase="accion",
             face=1)
    ev = play(g, (0, "mover 8"))
    if vote:
        assert g.view(None)["phase"] == "sufragio" and "declinar" in legal(g)
    else:
        assert [(e.kind, e.rule) for e in ev][2] == ("parada", "SOM-11.3")
        assert g.view(None)["gh"] == 1
