"""«Som el que decidim!»: the checklist's twelve suggested scenarios S1–S12, with their numbers
worked out from the rules. Forced faces F1–F6 = ``dice=[1..6]`` (G1: F1 Palau/4, F2 rosa/2,
F3 lila/2, F4 naranja/2, F5 azul/2, F6 todos/0). Seats 0–3 are A, B, C, D (rosa, lila, naranja,
azul). CN is put on r2c3 = cell 15. After every scenario the 36 € and the 12 PDs are checked
(SOM-19.1, SOM-19.2)."""

from __future__ import annotations

import pytest
from som_support import CN, ONE, TWO, first, kinds, legal, moves, pds, states, values

import ludoteca

A, B, C, D = range(4)


def cell(r, c):
    """Cell number of rNcM on the G2 grid (rows of 5, 7, 7, 6, 5, 4, 3 cells; r0 starts at c1)."""
    starts = [0, 5, 12, 19, 25, 30, 34]
    return starts[r] + c - (1 if r == 0 else 0)


def game(n=4, options=None, dice=(), seed=1, cells=None, **arrangement):
    g = ludoteca.new_game("som", players=n, seed=seed, options=options or {}, dice=list(dice))
    if "disks" in arrangement:
        arrangement["disks"] = {s: {} for s in range(n)} | arrangement["disks"]
    g.arrange(cells={CN: "CN", **(cells or {})}, **arrangement)
    check(g)
    return g


def check(g):
    """SOM-19.1, 19.2 from the public view, plus the engine's own invariant check."""
    v = g.view(None)
    assert sum(p["value"] for p in v["players"]) + v["hisenda"]["value"] == 36
    assert sum(p["pd"] for p in v["players"]) + v["cn"]["pd"] == 12
    g._check_invariants()


def play(g, *moves):
    out = []
    for seat, text in moves:
        out += g.apply(text, seat=seat)
        check(g)
    return out


def settle(g):
    ev = []
    while g.view(None)["phase"] in ("pago", "cambio"):
        ev += play(g, (g.to_move[0], legal(g)[0]))
    return ev


def pay_taxes(g):
    ev = []
    while g.view(None)["stage"] == "tributacion" and not g.is_over:
        ev += play(g, (g.to_move[0], legal(g)[0]))
    return ev


def next_turn(n=4, options=None, dice=(), **arrangement):
    """The last seat (GH) ends its turn on a world card; the next turn (GH = seat 0) starts:
    return the game and that turn's events so far (its taxes)."""
    cells = {14: "W-10", **arrangement.pop("cells", {})}
    g = game(n, options=options, dice=dice, cells=cells, gh=n - 1, phase="accion", face=1,
             **arrangement)
    ev = play(g, (n - 1, "mover 14"))
    return g, ev[kinds(ev).index("turno"):]


# ----- S1 --------------------------------------------------------------------------------------
S1_HANDS = {A: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
            B: {"sanidad": 1, "educacion": 1, "vias": 1, "carreteras": 1},
            C: {"justicia": 1, "mossos": 1, "energias": 1, "vivienda": 1}}


@pytest.mark.parametrize("dice, mover", [([3], B), ([4], C), ([5, 3], B)])
def test_s1_taxation_and_transfer_three_players(dice, mover):
    """S1 (SOM-2.2, 2.11, 7.1–7.3, 8.4, 10.2, 17.2): 3 players at 6 € each, Hisenda 18 €.
    Phase 1: B and C pay 1 € (5 €), the GH A pays 2 € (4 €): Hisenda 18 + 4 = 22 €. F3: A gets
    2 € (6 €), Hisenda 20 €, only lila (B) moves; F4: only naranja (C); F5 (azul, not in play)
    is rolled again."""
    g, ev = next_turn(3, dice=dice, disks=S1_HANDS)
    assert values(g) == ([6, 5, 5], 18 + 2)             # B, C paid; the GH is choosing
    assert g.to_move == (A,) and g.view(None)["payment"]["due"] == 2
    play(g, (A, "pagar-sanidad"))
    assert values(g) == ([4, 5, 5], 22)
    ev = play(g, (A, "tirar"))
    assert [e.data["face"] for e in ev if e.kind == "repetir_tirada"] == dice[:-1]
    assert values(g) == ([6, 5, 5], 20)
    play(g, (A, "terminar"))
    assert g.to_move == (mover,) and g.view(None)["movers_left"] == []


# ----- S2 --------------------------------------------------------------------------------------
S2_HANDS = {A: {"sanidad": 1, "bosques": 1, "vivienda": 1},          # 4 €
            B: {"educacion": 1, "vias": 1},                          # 3 €
            C: {"educacion": 1, "sanidad": 1, "carreteras": 1},      # 5 €
            D: {"bosques": 2}}                                       # 2 €


def test_s2_atc_active_four_players():
    """S2 (SOM-7.4–7.8, 8.5, 8.6, 10.3): ATC face up; A 4, B 3, C 5, D 2, Hisenda 22 €. B, C, D
    pay 1 € to A (7 €), A pays 1 € to Hisenda: A 6, B 2, C 4, D 1, Hisenda 23. F6: nothing
    paid, movers A, B, C, D."""
    g, ev = next_turn(dice=[6], disks=S2_HANDS, cells={9: "C-ATC"}, face_up=[9])
    assert g.view(None)["atc_active"] is True
    pays = [(e.data["player"], e.data["to"], e.data["value"]) for e in ev if e.kind == "pago"]
    assert pays == [(B, A, 1), (C, A, 1), (D, A, 1), (A, None, 1)]
    assert values(g) == ([6, 2, 4, 1], 23)
    ev = play(g, (A, "tirar"))
    assert first(ev, "transferencia").data["value"] == 0 and values(g)[1] == 23
    play(g, (A, "terminar"))
    assert g.to_move == (A,) and g.view(None)["movers_left"] == [B, C, D]


def test_s2_variant_without_atc():
    """S2 variant: without ATC Hisenda gains 5 € and A ends phase 1 on 2 €."""
    g, ev = next_turn(disks=S2_HANDS)
    pay_taxes(g)
    assert values(g) == ([2, 2, 4, 1], 27)


# ----- S3 --------------------------------------------------------------------------------------
S3_HANDS = {A: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1}}


def test_s3_social_cohesion_and_where_the_pds_come_from():
    """S3 (SOM-9.1–9.7): PDs A 0, B 3, C 0, D 1, CN 8. A gives 2 € to B (B 3→1, A 2), 1 € to C
    (C has none: CN 8→7, A 3), 2 € to D (D 1→0, CN 7→6, A 5); his last disk cannot go.
    Final A 5, B 1, C 0, D 0, CN 6."""
    g = game(disks=S3_HANDS, pd={B: 3, D: 1}, phase="cohesion", face=6)
    assert pds(g) == ([0, 3, 0, 1], 8)
    play(g, (A, "dar-sanidad 1"))
    assert pds(g) == ([2, 1, 0, 1], 8)
    play(g, (A, "dar-bosques 2"))
    assert pds(g) == ([3, 1, 0, 1], 7)
    play(g, (A, "dar-educacion 3"))
    assert pds(g) == ([5, 1, 0, 0], 6)
    assert g.view(None)["players"][A]["disks"] == {"vivienda": 1}
    assert legal(g) == ["terminar"]
    with pytest.raises(ludoteca.IllegalAction, match="last disk"):
        g.apply("dar-vivienda 1")


def test_s3_variant_cn_empty_gift_earns_nothing():
    """S3 variant: with CN at 0 the gift to C (no PDs) succeeds and earns A nothing."""
    g = game(disks=S3_HANDS, pd={B: 3, D: 9}, phase="cohesion", face=6)
    assert pds(g) == ([0, 3, 0, 9], 0)
    ev = play(g, (A, "dar-bosques 2"))
    gift = first(ev, "donacion")
    assert (gift.data["pd_from_player"], gift.data["pd_from_cn"], gift.data["pd_lost"]) == \
        (0, 0, 1)
    assert pds(g) == ([0, 3, 0, 9], 0)
    assert "bosques" in g.view(None)["players"][C]["disks"]


# ----- S4 --------------------------------------------------------------------------------------
FULL = {A: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
        B: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
        C: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
        D: {"mossos": 1, "justicia": 1, "vias": 1, "carreteras": 1}}


def test_s4a_a_citizen_with_nothing_intervention():
    """S4 (a) (SOM-4.3, 5.2, 7.9): B holds 0 € when A's turn starts: phase 1 ends the game,
    nobody wins, CN is flipped, the die is not rolled."""
    g, ev = next_turn(dice=[1], disks={**FULL, B: {}})
    assert kinds(ev)[-2:] == ["intervencion", "fin"]
    r = g.result
    assert r.reason == "intervencion" and r.winners == () and r.details["failed_payer"] == B
    assert g.view(None)["cn"]["flipped"] is True and "tirada" not in kinds(ev)
    assert not any(e.kind == "pago" and e.data["player"] in (C, D, A) for e in ev)


def test_s4b_gh_with_1_euro_owing_2_intervention_before_the_roll():
    """S4 (b) (SOM-7.9, 7.11): A (GH) holds exactly 1 € and owes 2 €: intervention, although
    the forced die would have paid 4 €."""
    g, ev = next_turn(dice=[1], disks={**FULL, A: {"bosques": 1}})
    assert g.result.reason == "intervencion" and g.result.details["failed_payer"] == A
    assert "tirada" not in kinds(ev) and values(g)[0][A] == 1


def test_s4c_change_from_hisenda():
    """S4 (c) (SOM-14.2–14.4): B holds a single 2 € disk and owes 1 €; Hisenda holds 1 €
    disks: B gets two of them for his 2 € disk and pays one. B ends with 1 €, Hisenda + 1 €
    from B, and the game goes on."""
    g, ev = next_turn(disks={**FULL, B: {"justicia": 1}})
    assert values(g)[1] >= 2
    ch = first(ev, "cambio")
    assert ch.data["player"] == B and ch.data["giver"] is None and ch.data["disk"] == "justicia"
    paid = [e for e in ev if e.kind == "pago" and e.data["player"] == B]
    assert [(e.data["value"], e.data["to"]) for e in paid] == [(1, None)]
    assert values(g)[0][B] == 1 and not g.is_over


S4D_HANDS = {A: {"vias": 2, "carreteras": 2, "sanidad": 1},        # 6 €
             B: {"justicia": 1},                                  # 2 €: needs change
             C: {"bosques": 3, "educacion": 1},                   # 5 €
             D: {"vivienda": 3, "energias": 1}}                   # 4 €; Hisenda: 1 one


def test_s4d_nobody_can_change_overpay(monkeypatch):
    """S4 (d) (SOM-14.5): "neither Hisenda, nor the GH, nor any player holds two 1 € disks"
    cannot happen with 12 one-euro disks among at most 5 holders (the payer holds none): here
    Hisenda holds one, and the GH gives the change. Forcing the search for a giver to find
    nobody, B pays his 2 € disk for the 1 € tax (B 0 €, Hisenda +2 €) and there is no
    intervention."""
    from ludoteca.games.som.state import SomGame

    g, ev = next_turn(disks=S4D_HANDS)
    assert first(ev, "cambio").data["giver"] == A
    monkeypatch.setattr(SomGame, "_change_giver", lambda self, payer: -1)
    g, ev = next_turn(disks=S4D_HANDS)
    over = first(ev, "sobrepago")
    assert over.data["player"] == B and over.data["value"] == 2 and over.data["to"] is None
    assert not g.is_over and g.to_move == (A,)        # C and D paid; the GH chooses
    assert values(g) == ([6, 0, 4, 3], 19 + 2 + 1 + 1)


# ----- S5 --------------------------------------------------------------------------------------
S5_HANDS = {A: {"justicia": 2, "educacion": 1, "vias": 1, "carreteras": 2},
            B: {"sanidad": 2, "educacion": 2, "bosques": 3},
            C: {"mossos": 2, "bomberos": 1, "energias": 2},
            D: {"bomberos": 1, "vivienda": 3}}               # Hisenda: 1 × 2 € + 1 × 1 €


@pytest.mark.parametrize("pd, winners", [({A: 2, B: 4, C: 4, D: 1}, (A,)),
                                         ({A: 2, B: 5, C: 4, D: 1}, (B,))])
def test_s5_dui_on_the_transfer_and_its_tie_rule(pd, winners):
    """S5 (SOM-4.4, 5.3–5.5, 8.7): Hisenda holds 3 € (2 € + 1 €) and F1 asks 4 €: DUI caused by
    A, Hisenda flipped, nothing paid. B and C tie on 4 PDs: A, the causer, wins alone; with
    B on 5, B wins."""
    g = game(dice=[1], disks=S5_HANDS, pd=pd, phase="transferencia")
    assert g.view(None)["hisenda"] == {"ones": 1, "twos": 1, "value": 3, "flipped": False}
    before = values(g)
    ev = play(g, (A, "tirar"))
    assert kinds(ev)[-2:] == ["dui", "fin"] and values(g) == before
    assert g.result.reason == "dui" and g.result.details["causer"] == A
    assert g.result.winners == winners and g.view(None)["hisenda"]["flipped"] is True


def test_s5_variant_f2_is_paid():
    """S5: with F2 (2 €) Hisenda pays and keeps 1 €; no DUI."""
    g = game(dice=[2], disks=S5_HANDS, pd={A: 2, B: 4, C: 4, D: 1}, phase="transferencia")
    play(g, (A, "tirar"))
    assert not g.is_over and values(g) == ([9 + 2, 11, 8, 5], 3 - 2)


def test_s5_card_variant_the_revealer_causes_and_wins_the_tie():
    """S5 card variant (SOM-13.3, 5.4): C reveals a capacidad económica card while Hisenda
    holds 2 €: DUI caused by C; with a tie for the most PDs, C wins."""
    hands = {A: {"justicia": 2, "sanidad": 1, "vias": 2},
             B: {"sanidad": 2, "educacion": 1, "carreteras": 2},
             C: {"educacion": 2, "mossos": 1, "bosques": 3},
             D: {"mossos": 1, "bomberos": 1, "energias": 2, "vivienda": 3}}
    g = game(cells={16: "C-EC2"}, disks=hands, pd={A: 2, B: 4, C: 1, D: 4}, phase="accion",
             face=4)
    assert values(g)[1] == 2 and g.to_move == (C,)
    play(g, (C, "mover 16"))
    assert g.result.reason == "dui" and g.result.details["causer"] == C
    assert g.result.winners == (C,)


# ----- S6 --------------------------------------------------------------------------------------
def test_s6_consulta_in_the_middle_of_an_all_move():
    """S6 (SOM-4.1, 4.2, 5.1, 11.3, 11.5, 11.6): pile at 3, F6. A steps onto a face-down world
    card and stops; B steps from a Catalunya card onto the 4th urna card: consulta at once; C
    and D do not move; B stays where he was. PDs A 2, B 4, C 4, D 1: B and C win."""
    g = game(cells={14: "W-01", 8: "C-01", 2: "U-4"}, face_up=[8], citizens={B: 8},
             pile=["U-1", "U-2", "U-3"], pd={A: 2, B: 4, C: 4, D: 1}, phase="accion", face=6)
    play(g, (A, "mover 14"))
    assert g.to_move == (B,)
    ev = play(g, (B, "mover 2"))
    assert kinds(ev)[-2:] == ["consulta", "fin"]
    assert g.result.reason == "consulta" and g.result.winners == (B, C)
    assert g.view(None)["citizens"] == [14, 8, CN, CN] and g.to_move == ()


def test_s6_variant_pile_at_2_the_all_move_goes_on():
    """S6 variant: pile at 2: B's urna card makes 3 and C and D still move."""
    g = game(cells={14: "W-01", 8: "C-01", 2: "U-4", 16: "W-02", 22: "W-03"}, face_up=[8],
             citizens={B: 8}, pile=["U-1", "U-2"], phase="accion", face=6)
    play(g, (A, "mover 14"), (B, "mover 2"))
    assert len(g.view(None)["urna"]) == 3 and g.to_move == (C,)
    play(g, (C, "mover 16"), (D, "mover 22"))
    assert g.view(None)["citizens"] == [14, 8, 16, 22]


# ----- S7 --------------------------------------------------------------------------------------
def test_s7_movement_geometry_and_urna_cells():
    """S7 (SOM-10.4–10.9, 11.1, 11.2, 11.4, 11.5; G2): from r2c3 the first steps are exactly
    r1c2 r1c3 r1c4 r2c2 r2c4 r3c2 r3c3 r3c4. r1c3 (plain Catalunya) is revealed and offers
    'parar' and 8 steps; r0c3 (urna) goes to the pile, its cell empties, the citizen stays on
    r1c3. Next turn, from r1c3 there are 7 steps."""
    assert cell(2, 3) == CN
    g = game(dice=[2], cells={cell(1, 3): "C-05", cell(0, 3): "U-2"}, disks={
        s: {"sanidad": 1, "vivienda": 1, "bosques": 1} if s < 3 else {"educacion": 1,
                                                                      "vias": 1}
        for s in range(4)}, phase="accion", face=1)
    expected = sorted(cell(r, c) for r, c in ((1, 2), (1, 3), (1, 4), (2, 2), (2, 4), (3, 2),
                                              (3, 3), (3, 4)))
    assert moves(g) == expected
    ev = play(g, (A, f"mover {cell(1, 3)}"))
    assert kinds(ev) == ["revelar", "paso"]
    assert "parar" in legal(g) and len(moves(g)) == 8
    ev = play(g, (A, f"mover {cell(0, 3)}"))
    v = g.view(None)
    assert v["urna"] == ["U-2"] and states(g)[cell(0, 3)] == "vacia"
    assert v["citizens"][A] == cell(1, 3) and "fin_turno" in kinds(ev)
    pay_taxes(g)
    play(g, (B, "tirar"), (B, "terminar"))          # F2: rosa (A) moves in B's turn
    assert g.to_move == (A,) and len(moves(g)) == 7 and cell(0, 3) not in moves(g)


def test_s7_corner_capacidad_economica_and_stuck_citizens():
    """S7: a citizen on r6c0 has 3 steps; a capacidad económica card revealed by a step pays
    3 € and offers more steps, and pays 0 € when entered again; a citizen whose every
    neighbour is empty skips his movement."""
    g = game(citizens={A: cell(6, 0)}, phase="accion", face=1)
    assert moves(g) == sorted([cell(5, 0), cell(5, 1), cell(6, 1)])
    g = game(cells={8: "C-EC1"}, disks=FULL, phase="accion", face=1)
    ev = play(g, (A, "mover 8"))
    assert first(ev, "capacidad_economica").data["value"] == 3 and "parar" in legal(g)
    assert values(g)[0][A] == 9
    play(g, (A, f"mover {CN}"), (A, "mover 8"))
    assert values(g)[0][A] == 9
    g = game(cells={cell(5, 0): "U-1", cell(5, 1): "U-2", cell(6, 1): "U-3", 14: "W-01"},
             pile=["U-1", "U-2", "U-3"], citizens={A: cell(6, 0)}, phase="accion", face=6)
    assert g.to_move == (B,)


# ----- S8 --------------------------------------------------------------------------------------
def s8(degree, **extra):
    """27 face-down cards; face up: CN, 5 Catalunya, 2 world; pile 2 (2 empty cells). A stands
    on a face-up Catalunya card at r3c1 next to the face-down Spain card at r4c1."""
    cells = {cell(3, 1): "C-01", 8: "C-02", 9: "C-03", 7: "C-04", 21: "C-05", 14: "W-01",
             16: "W-02", 0: "U-1", 4: "U-2", cell(4, 1): "E-1"}
    cells.update(extra.pop("cells", {}))
    g = game(options={"centralism": degree}, cells=cells,
             face_up=[cell(3, 1), 8, 9, 7, 21, 14, 16] + extra.pop("face_up", []),
             pile=["U-1", "U-2"], citizens={A: cell(3, 1), B: 14, C: 8}, phase="accion",
             face=1, **extra)
    return g


@pytest.mark.parametrize("degree, down, up, collected", [("medio", 33, 4, 7),
                                                         ("elevado", 33, 4, 7),
                                                         ("intenso", 34, 3, 8)])
def test_s8_spain_event_counts_by_degree(degree, down, up, collected):
    """S8 (SOM-11.7, 12.1–12.11; G13, G14): medio, or elevado without alignment: 7 cards
    (5 Catalunya + 2 urna) into 7 empty cells: 33 face down, 4 face up (CN, 2 world, the
    Spain card), pile 0. Intenso: 8 cards (the Spain card too): 34 face down, 3 face up."""
    g = s8(degree)
    st = states(g)
    assert (st.count("oculta"), st.count("visible"), st.count("vacia")) == (27, 8, 2)
    ev = play(g, (A, f"mover {cell(4, 1)}"))
    assert len(first(ev, "recogida").data["cards"]) == collected
    assert len(first(ev, "reparto").data["cells"]) == collected
    st = states(g)
    assert (st.count("oculta"), st.count("visible"), st.count("vacia")) == (down, up, 0)
    assert g.view(None)["urna"] == [] and g.view(None)["citizens"] == [CN] * 4
    assert g.view(None)["gh"] == B and "accion" not in kinds(ev)[kinds(ev).index("fin_turno"):]


def test_s8_high_alignment():
    """S8, elevado with E-1 face up at r4c1: a new Spain card at r4c3 shares row 4 and both are
    collected; one at r5c2 shares neither, stays face up, and r4c1 stays too."""
    g = game(options={"centralism": "elevado"}, cells={cell(4, 1): "E-1", cell(4, 3): "E-2",
                                                       cell(3, 3): "C-01"},
             face_up=[cell(4, 1), cell(3, 3)], citizens={A: cell(3, 3)}, phase="accion",
             face=1)
    ev = play(g, (A, f"mover {cell(4, 3)}"))
    assert set(first(ev, "recogida").data["cards"]) == {"E-1", "E-2", "C-01"}
    g = game(options={"centralism": "elevado"}, cells={cell(4, 1): "E-1", cell(5, 2): "E-2",
                                                       cell(4, 2): "C-01"},
             face_up=[cell(4, 1), cell(4, 2)], citizens={A: cell(4, 2)}, phase="accion",
             face=1)
    ev = play(g, (A, f"mover {cell(5, 2)}"))
    assert set(first(ev, "recogida").data["cards"]) == {"C-01"}
    v = g.view(None)["cells"]
    assert v[cell(4, 1)]["card"]["id"] == "E-1" and v[cell(5, 2)]["card"]["id"] == "E-2"


def test_s8_stepping_onto_the_face_up_spain_card_later():
    """S8: stepping later onto the face-up Spain card at r4c1 stops the mover, no event."""
    g = s8("medio", face_up=[cell(4, 1)])
    ev = play(g, (A, f"mover {cell(4, 1)}"))
    assert kinds(ev)[:2] == ["paso", "parada"] and "espana" not in kinds(ev)
    assert states(g).count("vacia") == 2


# ----- S9 --------------------------------------------------------------------------------------
S9_HANDS = {A: {"sanidad": 2, "justicia": 1},                     # 6 €
            B: {"educacion": 1, "vias": 1},                       # 3 €
            C: {"educacion": 1, "bosques": 1},                    # 3 €
            D: {"educacion": 1, "mossos": 1, "bosques": 2, "vivienda": 1}}   # 7 €


def test_s9_mode_b_levies():
    """S9 (SOM-13.6, 13.7, 15.2–15.8): A (GH: 2 sanidad + 1 justicia) steps onto Euro per
    recepta and levies 1 € from B and C (k = 2; D exempt): A +2, B −1, C −1. He chains on to
    Impost de successions: D holds 7 €, so at most 2 €, and no one else (B, C now 2 €).
    Entering Euro per recepta again gives nothing."""
    g = game(options={"mode": "B"}, cells={8: "C-EPR", 9: "C-IDS"}, disks=S9_HANDS,
             phase="accion", face=1)
    play(g, (A, "mover 8"), (A, "recepta 1"), (A, "recepta 2"))
    assert values(g)[0] == [8, 2, 2, 7]
    play(g, (A, "mover 9"))
    assert legal(g) == ["sucesiones 3", "no-cobrar"]
    play(g, (A, "sucesiones 3"))
    assert legal(g) == ["importe 1", "importe 2", "no-cobrar"]
    play(g, (A, "importe 2"))
    settle(g)
    assert values(g)[0] == [10, 2, 2, 5]
    ev = play(g, (A, "mover 8"))
    assert "cobro" not in kinds(ev) and values(g)[0] == [10, 2, 2, 5]


def test_s9_zero_euro_target_and_mode_a():
    """S9: a target holding 0 € cannot be chosen; in mode A the same steps levy nothing."""
    g = game(options={"mode": "B"}, cells={8: "C-EPR", 9: "C-IDS"},
             disks={**S9_HANDS, B: {}}, phase="accion", face=1)
    play(g, (A, "mover 8"))
    assert legal(g) == ["recepta 2", "recepta 3", "no-cobrar"]
    g = game(options={"mode": "A"}, cells={8: "C-EPR", 9: "C-IDS"}, disks=S9_HANDS,
             phase="accion", face=1)
    ev = play(g, (A, "mover 8"), (A, "mover 9"))
    assert "cobro" not in kinds(ev) and values(g)[0] == [6, 3, 3, 7]


# ----- S10 -------------------------------------------------------------------------------------
def b_cohesion(hands):
    return game(options={"mode": "B"}, disks=hands, phase="cohesion", face=6)


def test_s10a_educacion_exchange():
    """S10 (a) (SOM-15.9): A's 2 educación for B's justicia: A −2 €, B ±0, Hisenda +2 €."""
    g = b_cohesion({A: {"educacion": 2, "vias": 1}, B: {"justicia": 1}})
    (v0, h0) = values(g)
    play(g, (A, "canjear-educacion 1"))
    assert g.view(None)["players"][A]["disks"] == {"justicia": 1, "vias": 1}
    assert g.view(None)["players"][B]["disks"] == {"educacion": 1}
    assert values(g) == ([v0[A] - 2, v0[B], v0[C], v0[D]], h0 + 2)


def test_s10b_bosques_exchange():
    """S10 (b) (SOM-15.11): A's 2 bosques for C's sanidad: A ±0, C −1 €, Hisenda +1 €."""
    g = b_cohesion({A: {"bosques": 2, "vias": 1}, C: {"sanidad": 1}})
    (v0, h0) = values(g)
    play(g, (A, "canjear-bosques 2"))
    assert g.view(None)["players"][C]["disks"] == {"bosques": 1}
    assert values(g) == ([v0[A], v0[B], v0[C] - 1, v0[D]], h0 + 1)


def test_s10c_mixed_pair_and_phase_limits():
    """S10 (c) (SOM-15.10): 1 vía + 1 carretera do not qualify. (c′) (SOM-15.13): 2 carreteras
    take D's mossos in phase 3 but not in phase 4."""
    g = b_cohesion({A: {"vias": 1, "carreteras": 1, "sanidad": 1}, D: {"mossos": 1}})
    assert not any(a.startswith("canjear") for a in legal(g))
    hands = {A: {"carreteras": 2, "sanidad": 1}, D: {"mossos": 1}}
    g = b_cohesion(hands)
    assert "canjear-carreteras-mossos 3" in legal(g)
    g = game(options={"mode": "B"}, disks=hands, phase="accion", face=1)
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("canjear-carreteras-mossos 3")


def test_s10d_interior_protection():
    """S10 (d) (SOM-12.2, 12.3, 15.14–15.18): pile 3; A (GH) holds a mossos, C a bomberos; B
    reveals a Spain card; A commits his mossos and orders C's bomberos: 2 urna cards stay, 1 is
    collected; Hisenda +4 €, A −2 €, C −2 €. With k = 2 Catalunya cards face up, k + 1 = 3
    cards go into k + 3 = 5 empty cells, so 2 stay empty."""
    hands = {A: {"mossos": 1, "vias": 1}, B: {"mossos": 1, "vivienda": 1},
             C: {"bomberos": 1, "bosques": 1}, D: {"educacion": 1, "carreteras": 1}}
    g = game(options={"mode": "B"}, cells={16: "E-1", 8: "C-01", 9: "C-02", 1: "U-1",
                                           3: "U-2", 10: "U-3"},
             face_up=[8, 9], pile=["U-1", "U-2", "U-3"], disks=hands, phase="accion", face=3)
    assert states(g).count("vacia") == 3
    play(g, (B, "mover 16"))
    (v0, h0) = values(g)
    play(g, (A, "proteger-mossos 0"), (A, "proteger-bomberos 2"))
    assert values(g) == ([v0[A] - 2, v0[B], v0[C] - 2, v0[D]], h0 + 4)
    ev = play(g, (A, "recoger"))
    rec = first(ev, "recogida").data
    assert sorted(rec["cards"]) == ["C-01", "C-02", "U-3"] and rec["protected"] == ["U-1", "U-2"]
    deal = first(ev, "reparto")
    assert len(deal.data["cells"]) == 3 and len(deal.data["empty"]) == 2
    assert g.view(None)["urna"] == ["U-1", "U-2"] and states(g).count("vacia") == 2


# ----- S11 -------------------------------------------------------------------------------------
S11_HANDS = {A: {"mossos": 1, "sanidad": 1, "vias": 1, "bosques": 1},
             B: {"sanidad": 1, "carreteras": 1},
             C: {"educacion": 1, "vivienda": 1},
             D: {"educacion": 1, "energias": 1}}
SU = 16


def s11(pd, face=1, gh=A, hands=S11_HANDS, dice=()):
    return game(options={"mode": "C"}, dice=dice, cells={SU: "W-SU", 14: "W-01"},
                face_up=[SU, 14], disks=hands, pd=pd, gh=gh, phase="accion", face=face)


def bid(g, bids):
    ev = []
    for s, b in bids.items():
        if s in g.to_move:
            ev += play(g, (s, f"pujar {b}"))
    return ev


def test_s11a_elections_gh_side_ties_and_wins():
    """S11 (a) (SOM-16.6–16.12, 16.15, 16.16): A uses Sufragi universal, a mossos goes to
    Hisenda. PDs A 3, B 2, C 2, D 1, CN 4. Sides A; B + C (C governs); D. Bids A 3, B 1, C 2,
    D 1: totals A 3, B+C 3, D 1: the GH's side ties and wins; A plays another full turn; the
    7 bid PDs go to CN: A 0, B 1, C 0, D 0, CN 11."""
    g = s11({A: 3, B: 2, C: 2, D: 1})
    h0 = values(g)[1]
    play(g, (A, f"mover {SU}"), (A, "elecciones"))
    assert values(g)[1] == h0 + 2 and "mossos" not in g.view(None)["players"][A]["disks"]
    play(g, (A, "apoyar 0"), (B, "apoyar 2"), (C, "apoyar 2"), (D, "apoyar 3"))
    ev = bid(g, {A: 3, B: 1, C: 2, D: 1})
    res = first(ev, "resultado_voto")
    assert res.data["totals"] == {"0": 3, "2": 3, "3": 1} and res.data["winner"] == A
    assert pds(g) == ([0, 1, 0, 0], 11)
    assert g.view(None)["gh"] == A and first(ev, "turno").data["player"] == A


def test_s11a_prime_no_mossos_no_elections():
    """S11 (a′): without a mossos A can only decline, and the Generalitat passes to B."""
    hands = {**S11_HANDS, A: {"bomberos": 1, "sanidad": 1, "vias": 1, "bosques": 1}}
    g = s11({A: 3, B: 2, C: 2, D: 1}, hands=hands)
    play(g, (A, f"mover {SU}"))
    assert legal(g) == ["declinar"]
    play(g, (A, "declinar"))
    assert g.view(None)["gh"] == B


def test_s11b_tie_between_non_incumbents():
    """S11 (b) (SOM-16.13, 16.14, 16.17): PDs A 3, B 2, C 4, D 1, CN 2, all alone. Bids A 1,
    B 2, C 2, D 0: B and C tie at 2 above A; unbid B 0, C 2: C becomes GH out of rotation;
    the turn after C's goes to D. 5 PDs go to CN."""
    g = s11({A: 3, B: 2, C: 4, D: 1}, dice=[1])
    play(g, (A, f"mover {SU}"), (A, "elecciones"))
    play(g, (A, "apoyar 0"), (B, "apoyar 1"), (C, "apoyar 2"), (D, "apoyar 3"))
    ev = bid(g, {A: 1, B: 2, C: 2, D: 0})
    res = first(ev, "resultado_voto")
    assert res.rule == "SOM-16.13" and res.data["winner"] == C
    assert pds(g) == ([2, 0, 2, 1], 2 + 5)
    assert g.view(None)["gh"] == C
    pay_taxes(g)
    play(g, (C, "tirar"), (C, "terminar"), (C, "mover 14"))
    assert g.view(None)["gh"] == D


def test_s11b_variant_unbid_equal_goes_to_b():
    """S11 (b) variant: C holds only 2 PDs, so unbid PDs are equal (0 and 0): the Generalitat
    goes to B, the next player after A."""
    g = s11({A: 3, B: 2, C: 2, D: 1})
    play(g, (A, f"mover {SU}"), (A, "elecciones"))
    play(g, (A, "apoyar 0"), (B, "apoyar 1"), (C, "apoyar 2"), (D, "apoyar 3"))
    ev = bid(g, {A: 1, B: 2, C: 2, D: 0})
    assert first(ev, "resultado_voto").rule == "SOM-16.14" and g.view(None)["gh"] == B


def test_s11c_motion_tie_fails():
    """S11 (c) (SOM-16.18–16.25): C (not the GH) steps onto Sufragi universal; sides C + D
    against A + B, 2 PDs each. Bids C 2, D 1 (3) against A 2, B 1 (3): the motion fails, B
    becomes GH, 6 PDs go to CN."""
    g = s11({A: 2, B: 2, C: 2, D: 2}, face=4)
    play(g, (C, f"mover {SU}"), (C, "mocion"), (B, "apoyar 0"), (D, "apoyar 2"),
         (C, "gobernador 2"))
    ev = bid(g, {A: 2, B: 1, C: 2, D: 1})
    res = first(ev, "resultado_voto")
    assert res.rule == "SOM-16.24" and res.data["totals"] == {"2": 3, "0": 3}
    assert g.view(None)["gh"] == B and pds(g) == ([0, 1, 0, 1], 4 + 6)


@pytest.mark.parametrize("mode", ["C", "A"])
def test_s11d_declining_as_second_mover(mode):
    """S11 (d) (SOM-16.4, 13.8): D is the 2nd mover of an all-move (GH C first), steps onto
    Sufragi universal and declines: the turn ends, A and B do not move. In mode A the same
    step just stops D and A and B still move."""
    g = game(options={"mode": mode}, cells={SU: "W-SU", 22: "W-01", 14: "W-02", 8: "W-03"},
             face_up=[SU], disks=S11_HANDS, gh=C, citizens={D: 22}, phase="accion", face=6)
    assert g.to_move == (C,) and g.view(None)["movers_left"] == [D, A, B]
    play(g, (C, "mover 14"))
    ev = play(g, (D, f"mover {SU}"))
    if mode == "C":
        ev += play(g, (D, "declinar"))
        assert "fin_turno" in kinds(ev) and g.view(None)["gh"] == D
        assert g.view(None)["citizens"][A] == CN and g.view(None)["citizens"][B] == CN
    else:
        assert g.to_move == (A,)
        play(g, (A, "mover 8"), (B, "mover 8"))
        assert g.view(None)["citizens"][:2] == [8, 8]


# ----- S12 -------------------------------------------------------------------------------------
def test_s12a_two_players_reroll():
    """S12 (a) (SOM-17.1–17.3): 2 players (rosa, azul); F3 (lila) is thrown away, then F2
    (rosa): transfer 2 €, rosa moves."""
    g = ludoteca.new_game("som", players=2, seed=3, options={"colours": ["rosa", "azul"]},
                          dice=[3, 2])
    g.arrange(phase="transferencia")
    before = values(g)
    ev = play(g, (0, "tirar"))
    assert [e.data["face"] for e in ev if e.kind == "repetir_tirada"] == [3]
    assert values(g)[0][0] == before[0][0] + 2
    play(g, (0, "terminar"))
    assert g.to_move == (0,) and g.view(None)["movers_left"] == []


def test_s12b_solo_turn():
    """S12 (b) (SOM-18.1–18.8, 18.11): solo, mode A, elevado: 8 € (2 × 2 € + 4 × 1 €), Hisenda
    28 €. Turn 1 pays 3 € (5 €, Hisenda 31 €); F4: +2 € (7 €, Hisenda 29 €); no phase 3; the
    player's citizen moves; on F6 it still moves alone."""
    g = ludoteca.new_game("som", players=1, seed=4, options={"centralism": "elevado"},
                          dice=[4, 6])
    g.arrange(cells={CN: "CN", 14: "W-01", 16: "W-02"})   # the dealt 8 € are kept
    assert values(g) == ([8], 28)
    d = g.view(None)["players"][0]["disks"]
    assert (sum(k for t, k in d.items() if t in TWO), sum(k for t, k in d.items()
                                                          if t in ONE)) == (2, 4)
    pay_taxes(g)
    assert values(g) == ([5], 31)
    ev = play(g, (0, "tirar"))
    assert values(g) == ([7], 29) and first(ev, "accion").data["movers"] == [0]
    assert g.view(None)["phase"] == "movimiento" and g.to_move == (0,)
    ev = play(g, (0, "mover 14"))
    assert first(ev, "fin_turno").data["next"] == 0
    pay_taxes(g)
    ev = play(g, (0, "tirar"))
    assert first(ev, "accion").data == {"movers": [0], "face": 6} and g.to_move == (0,)
    assert values(g) == ([4], 32)


def test_s12b_solo_with_atc():
    """S12 (b): with ATC face up, the solo phase 1 costs 2 €."""
    g = game(1, options={"centralism": "elevado"}, cells={9: "C-ATC", 14: "W-01"},
             face_up=[9], disks={0: {"sanidad": 2, "vias": 2, "bosques": 2}}, phase="accion",
             face=1)
    play(g, (0, "mover 14"))
    pay_taxes(g)
    assert values(g)[0] == [6]


def test_s12c_solo_setup_refusals_and_reroll():
    """S12 (c) (SOM-3.7, 18.3, 18.10): solo with medio or mode C raises InvalidOption; a rolled
    centralism of 0 is rolled again."""
    with pytest.raises(ludoteca.InvalidOption):
        ludoteca.new_game("som", players=1, options={"centralism": "medio"})
    with pytest.raises(ludoteca.InvalidOption):
        ludoteca.new_game("som", players=1, options={"mode": "C"})
    g = ludoteca.new_game("som", players=1, options={"centralism": "dado"}, dice=[6, 1])
    assert g.view(None)["centralism"] == "intenso" and g.view(None)["centralism_roll"] == 1
