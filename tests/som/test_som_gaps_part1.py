"""Gap rulings of «Som el que decidim!» (checklist G1–G31), part 1: the gaps about components,
setup, the die, centralism, endings, winners, turn order, taxes, transfer and cohesion
(G1–G9, G18, G21, G22, G24–G27, G30, G31). Each test's docstring names its gap and checks the
ruling recorded in docs/rules/som.md."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from som_support import (
    AROUND,
    CN,
    VALUE,
    WORLD,
    C,
    game,
    hands,
    kinds,
    legal,
    pay_taxes,
    play,
    values,
)
from som_support import FOUR_HANDS as SIX

import ludoteca
from ludoteca.games.som.content import FLAG_CAT, FLAG_MON, PIC_GENERALITAT, PIC_TODOS


def into_next_turn(n=4, gh=0, **arrangement):
    """A position in phase 4 where the GH's citizen ends the turn on a world card (cell 16);
    returns the game and the events of the step, which include the next turn's taxes."""
    cells = {CN: "CN", 16: "W-01", **arrangement.pop("cells", {})}
    g = game(n, gh=gh, cells=cells, phase="accion", face=1, **arrangement)
    return g, play(g, (gh, "mover 16"))


# ----- G1: die faces ---------------------------------------------------------------------------
def test_g1_die_table_and_expectations():
    """SOM G1: option (a) as data — Palau/4, the four colours/2, all/0; expected transfer 2 €,
    still 2 € after the 2–3 player re-roll; the centralism roll gives medio 1/6,
    elevado 4/6, intenso 1/6."""
    assert [(n, p) for n, p in C.faces] == [(4, PIC_GENERALITAT), (2, 0), (2, 1), (2, 2),
                                          (2, 3), (0, PIC_TODOS)]
    assert C.raw["die"]["authored"] is True
    mean = Fraction(sum(n for n, _ in C.faces), 6)
    assert mean == 2
    for k in (2, 3):
        for colours in (C.colours[:k], C.colours[-k:]):
            kept = [n for n, p in C.faces if p < 0 or C.colours[p] in colours]
            assert Fraction(sum(kept), len(kept)) == 2
    degrees = Counter(C.dado_roll[n] for n, _ in C.faces)
    assert degrees == {"medio": 1, "elevado": 4, "intenso": 1}


# ----- G2: the map -----------------------------------------------------------------------------
def test_g2_map_shape_and_checksums():
    """SOM G2: the authored 7-row grid (5, 7, 7, 6, 5, 4, 3 cells), king-move neighbours:
    13 cells with 8, 6 with 7, 11 with 5, 6 with 4, 1 with 3; 114 adjacencies."""
    rows = Counter(r for r, _ in C.cell_rc)
    assert [rows[r] for r in range(7)] == [5, 7, 7, 6, 5, 4, 3]
    assert C.cell_rc[0] == (0, 1) and C.cell_rc[5] == (1, 0) and C.cell_rc[36] == (6, 2)
    degree = Counter(len(nb) for nb in C.neighbours)
    assert degree == {8: 13, 7: 6, 5: 11, 4: 6, 3: 1}
    assert sum(len(nb) for nb in C.neighbours) == 2 * 114
    at = {rc: i for i, rc in enumerate(C.cell_rc)}
    assert len(C.neighbours[at[(2, 3)]]) == 8
    assert {C.cell_rc[c] for c in C.neighbours[at[(0, 1)]]} == {(0, 2), (1, 0), (1, 1),
                                                                (1, 2)}
    assert {C.cell_rc[c] for c in C.neighbours[at[(6, 0)]]} == {(5, 0), (5, 1), (6, 1)}
    assert len(C.neighbours[at[(1, 6)]]) == 4
    for c, nb in enumerate(C.neighbours):            # symmetric king moves
        r0, c0 = C.cell_rc[c]
        for d in nb:
            r1, c1 = C.cell_rc[d]
            assert max(abs(r0 - r1), abs(c0 - c1)) == 1 and c in C.neighbours[d]


def test_g2_first_steps_from_r2c3_and_cn_swap():
    """SOM G2: from CN swapped to r2c3 the legal first steps are its 8 neighbours."""
    g = ludoteca.new_game("som", players=2, seed=9, options={"concentracio_cell": "r2c3"})
    g.arrange(phase="accion", face=1)
    assert g.view(None)["cn"]["cell"] == CN
    assert sorted(int(a.split()[1]) for a in legal(g)) == list(AROUND)


# ----- G3 / G4 / G5: cards ---------------------------------------------------------------------
def test_g3_card_ids_and_authored_names():
    """SOM G3: the checklist's 37 IDs; the 32 names the text does not give are marked
    authored; the rules key on id, flag, symbol and effect."""
    ids = [c.id for c in C.cards]
    want = (["CN", "C-ATC", "C-EPR", "C-IDS", "C-EC1", "C-EC2", "C-EC3"] +
            [f"C-{i:02d}" for i in range(1, 12)] + ["W-SU"] +
            [f"W-{i:02d}" for i in range(1, 11)] + [f"U-{i}" for i in range(1, 5)] +
            [f"E-{i}" for i in range(1, 5)])
    assert sorted(ids) == sorted(want)
    authored = {c.id for c in C.cards if c.authored}
    assert authored == set(want) - {"CN", "C-ATC", "C-EPR", "C-IDS", "W-SU"}
    assert len(authored) == 32


def test_g4_symbol_first_then_flag():
    """SOM G4: the capacidad económica cards are Catalonia cards: the revealer collects 3 €
    (symbol) and may then go on (flag)."""
    for cid in ("C-EC1", "C-EC2", "C-EC3", "C-ATC", "C-EPR", "C-IDS"):
        assert C.cards[C.card_index[cid]].flag == FLAG_CAT
    assert C.cards[C.card_index["W-SU"]].flag == FLAG_MON
    g = game(4, cells={CN: "CN", 16: "C-EC2"}, phase="accion", face=1)
    before, bank = values(g)
    ev = play(g, (0, "mover 16"))
    k = kinds(ev)
    assert k.index("revelar") < k.index("paso") < k.index("capacidad_economica")
    after, bank2 = values(g)
    assert after[0] == before[0] + 3 and bank2 == bank - 3
    assert "parar" in legal(g) and g.to_move == (0,)


def test_g5_cn_is_a_catalonia_card_never_collected():
    """SOM G5: stepping onto CN lets the citizen go on; a Spain event never collects CN."""
    g = game(4, cells={CN: "CN", 16: "C-01"}, face_up=[16], citizens={0: 16},
             phase="accion", face=1)
    play(g, (0, f"mover {CN}"))
    assert "parar" in legal(g) and g.view(None)["citizens"][0] == CN
    s = game(4, options={"centralism": "intenso"}, cells={CN: "CN", 16: "E-1", 9: "C-01"},
             face_up=[9], phase="accion", face=1)
    ev = play(s, (0, "mover 16"))
    collected = next(e for e in ev if e.kind == "recogida").data
    assert "CN" not in collected["cards"] and CN not in collected["cells"]
    st = s.state_dict()
    assert st["layout"][CN] == "CN" and st["face_up"][CN]


# ----- G6: random draws ------------------------------------------------------------------------
def test_g6_hisenda_pays_largest_first_random_types():
    """SOM G6 (a): the value paid is fixed (2 € disks first, then 1 €); only the types are
    random, drawn with the seeded generator; the deal is 2 services + 2 infrastructures."""
    bank = {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 2}
    seen = Counter()
    for seed in range(60):
        g = game(4, dice=[1], seed=seed, disks=hands(4, bank), hisenda=bank,
                 phase="transferencia")
        ev = play(g, (0, "tirar"))
        got = next(e for e in ev if e.kind == "transferencia").data["disks"]
        assert sorted(VALUE[t] for t in got) == [2, 2]
        seen[tuple(sorted(got))] += 1
        again = game(4, dice=[1], seed=seed, disks=hands(4, bank), hisenda=bank,
                     phase="transferencia")
        assert next(e for e in play(again, (0, "tirar"))
                    if e.kind == "transferencia").data["disks"] == got   # seeded
    assert list(seen) == [("educacion", "sanidad")]
    ones = Counter()
    bank1 = {"bosques": 1, "vivienda": 2}
    for seed in range(80):
        g = game(4, dice=[2], seed=seed, disks=hands(4, bank1), hisenda=bank1,
                 phase="transferencia")
        got = next(e for e in play(g, (0, "tirar")) if e.kind == "transferencia").data
        ones[tuple(sorted(got["disks"]))] += 1
    assert set(ones) == {("bosques", "vivienda"), ("vivienda", "vivienda")}


# ----- G7: Hisenda running out -----------------------------------------------------------------
def test_g7_dui_iff_value_below_amount():
    """SOM G7: a DUI exactly when Hisenda's value is below the amount; 0 never; nothing is
    paid in part; the causer is the roller."""
    for bank_value, face, dui in ((3, 1, True), (4, 1, False), (1, 2, True), (2, 2, False),
                                  (0, 6, False)):
        bank = {"sanidad": bank_value // 2, "bosques": bank_value % 2}
        g = game(4, dice=[face], disks=hands(4, bank), hisenda=bank, gh=1,
                 phase="transferencia")
        before = values(g)
        play(g, (1, "tirar"))
        assert g.is_over is dui, (bank_value, face)
        if dui:
            assert values(g) == before and g.result.details["causer"] == 1


def test_g7_three_euros_without_a_one_euro_disk():
    """SOM G7 (SOM-14.9): Hisenda owes 3 € and has no 1 € disk: it pays two 2 € disks and
    the receiver gives back a 1 € disk if he has one, else keeps the extra euro."""
    bank = {"sanidad": 2}
    g = game(4, disks=hands(4, bank), hisenda=bank, cells={CN: "CN", 16: "C-EC1"},
             phase="accion", face=1)
    before, _ = values(g)
    assert any(VALUE[t] == 1 for t in g.view(None)["players"][0]["disks"])
    ev = play(g, (0, "mover 16"))
    assert next(e for e in ev if e.kind == "capacidad_economica").data["surplus"] == 1
    while g.view(None)["phase"] == "pago":
        play(g, (0, legal(g)[0]))
    after, bank_after = values(g)
    assert after[0] == before[0] + 3 and bank_after == 4 - 3 and not g.is_over
    # no 1 € disk to give back: he keeps the surplus
    fixed = {0: {"justicia": 2, "educacion": 1}}
    g2 = game(4, disks=hands(4, bank, fixed), hisenda=bank, cells={CN: "CN", 16: "C-EC1"},
              phase="accion", face=1)
    play(g2, (0, "mover 16"))
    after2, bank2 = values(g2)
    assert after2[0] == 6 + 4 and bank2 == 0 and not g2.is_over


def test_g7_payments_to_hisenda_never_dui():
    """SOM G7: an empty Hisenda takes taxes without any DUI."""
    g = game(4, disks=hands(4, {}), hisenda={})
    pay_taxes(g)
    assert not g.is_over and values(g)[1] == 5


# ----- G8: cannot pay; change ------------------------------------------------------------------
def test_g8_intervention_only_when_value_is_short():
    """SOM G8 (b): a payer with enough value is never in intervention, whatever his coins;
    one with less value is."""
    ok = game(4, disks={**SIX, 2: {"sanidad": 1}})          # 2 € disk for 1 €: change
    assert not ok.is_over
    short = game(4, disks={**SIX, 0: {"vias": 1}})           # GH 1 € for 2 €
    assert short.is_over and short.result.reason == "intervencion"


def test_g8_change_from_hisenda_first():
    """SOM G8: change comes from Hisenda when it holds two 1 € disks (even if the GH could)."""
    fixed = {2: {"justicia": 1}, 1: {"sanidad": 1, "bosques": 2}}
    bank = {"vias": 2}
    g, ev = into_next_turn(disks=hands(4, bank, fixed), hisenda=bank)   # GH 1, payer 2 first
    change = next(e for e in ev if e.kind == "cambio")
    assert change.data["player"] == 2 and change.data["giver"] is None
    assert sorted(change.data["received"]) == ["vias", "vias"]


def test_g8_change_from_the_gh_then_the_next_player():
    """SOM G8: Hisenda without two 1 € disks → the GH gives change; if he cannot either → the
    first player after the payer in rotation who can."""
    bank = {"sanidad": 3, "educacion": 3, "mossos": 2, "bomberos": 1}
    # GH (next turn) = 1 with two 1 € disks; payer 2 holds one 2 € disk
    fixed = {1: {"justicia": 2, "vias": 2}, 2: {"bomberos": 1},
             0: {"carreteras": 2, "bosques": 3, "energias": 2, "vivienda": 3}, 3: {}}
    g, ev = into_next_turn(disks=fixed, hisenda=bank)
    assert g.is_over and g.result.details["failed_payer"] == 3     # seat 3 holds nothing
    change = next(e for e in ev if e.kind == "cambio")
    assert (change.data["player"], change.data["giver"]) == (2, 1)
    # the GH has a single 1 € disk: seat 3 (after payer 2) has one too; seat 0 gives
    fixed = {1: {"justicia": 2, "vias": 1}, 2: {"bomberos": 1},
             3: {"vias": 1},
             0: {"carreteras": 2, "bosques": 3, "energias": 2, "vivienda": 3}}
    g, ev = into_next_turn(disks=fixed, hisenda=bank)
    change = next(e for e in ev if e.kind == "cambio")
    assert (change.data["player"], change.data["giver"]) == (2, 0)
    assert g.view(None)["players"][0]["disks"].get("bomberos") == 1


def test_g8_payer_chooses_the_disks():
    """SOM G8: the payer picks which of his disks pay: a GH owing 2 € may use a 2 € disk or
    two 1 € disks."""
    g = game(4, disks=SIX)
    assert g.to_move == (0,) and set(legal(g)) == {"pagar-sanidad", "pagar-bosques"}
    play(g, (0, "pagar-bosques"))
    assert not g.is_over and g.view(None)["players"][0]["disks"] == {"mossos": 1,
                                                                      "sanidad": 1}


# ----- G9: order and timing of taxes -----------------------------------------------------------
def test_g9_order_and_timing_of_taxes():
    """SOM G9: taxes before the roll; others pay in rotation from the GH's left, the GH last
    with one 2 € payment (1 € under ATC)."""
    g, ev = into_next_turn(gh=2, disks=SIX)                    # next GH 3
    payers = [e.data["player"] for e in ev if e.kind == "pago"]
    assert payers[:3] == [0, 1, 2]
    assert g.view(None)["payment"] == {"payer": 3, "payee": None, "due": 2,
                                       "reason": "impuesto"}
    assert "tirada" not in kinds(ev)
    a, ev = into_next_turn(gh=2, disks=SIX, cells={9: "C-ATC"}, face_up=[9])
    gh_pay = [e for e in ev if e.kind == "pago" and e.data["player"] == 3]
    assert gh_pay and gh_pay[0].data["to"] is None and gh_pay[0].data["value"] == 1
    assert sum(e.data["value"] for e in gh_pay) == 1


# ----- G18: ATC timing -------------------------------------------------------------------------
def test_g18_atc_switches_off_when_collected_and_back_on_when_revealed():
    """SOM G18: ATC is active while face up at phase 1; a Spain event collects it (off from
    the next turn); revealed again, it is on again from the following turn."""
    g = game(4, cells={CN: "CN", 16: "E-1", 9: "C-ATC"}, face_up=[9], disks=SIX,
             phase="accion", face=1)
    play(g, (0, "mover 16"))
    pay_taxes(g)
    assert g.view(None)["atc_active"] is False
    _, bank = values(g)
    assert bank == 12 + 5                                 # plain taxes: +n+1
    h = game(4, cells={CN: "CN", 9: "C-ATC"}, disks=SIX, phase="accion", face=1)
    play(h, (0, "mover 9"), (0, "parar"))
    pay_taxes(h)
    assert h.view(None)["atc_active"] is True and values(h)[1] == 12 + 1


# ----- G21 / G22: rotation, first player, colours ----------------------------------------------
def test_g21_one_rotation_order():
    """SOM G21: seat i → i+1 (mod n) for the next GH, the all-move order and the tax order."""
    for n in (2, 3, 4):
        for gh in range(n):
            g = game(n, cells={CN: "CN", **WORLD}, gh=gh, phase="accion", face=6)
            movers = [g.to_move[0]] + g.view(None)["movers_left"]
            assert movers == [(gh + i) % n for i in range(n)]
            ev = []
            for i in range(n):
                ev += play(g, (g.to_move[0], f"mover {AROUND[i]}"))
            nxt = (gh + 1) % n
            assert g.view(None)["gh"] == nxt
            payers = [e.data["player"] for e in ev if e.kind == "pago"]
            assert payers[:n - 1] == [(nxt + i) % n for i in range(1, n)]


def test_g22_first_player_and_colours():
    """SOM G22: `first_player` (default 0); colours by seat rosa, lila, naranja, azul unless
    `colours` is given; unassigned colours are not in play."""
    v = ludoteca.new_game("som", players=3, seed=1).view(None)
    assert v["gh"] == 0 and [p["colour"] for p in v["players"]] == ["rosa", "lila", "naranja"]
    g = ludoteca.new_game("som", players=2, seed=1,
                          options={"colours": "azul,naranja", "first_player": 1})
    v = g.view(None)
    assert v["gh"] == 1 and [p["colour"] for p in v["players"]] == ["azul", "naranja"]
    g2 = ludoteca.new_game("som", players=2, seed=1, dice=[2, 3, 4],
                           options={"colours": ["azul", "naranja"], "first_player": 1})
    g2.arrange(phase="transferencia", cells={CN: "CN", **WORLD})
    ev = play(g2, (1, "tirar"))
    assert [e.data["face"] for e in ev if e.kind == "repetir_tirada"] == [2, 3]
    play(g2, (1, "terminar"))
    assert g2.to_move == (1,)                      # naranja (face 4) is seat 1
    for bad in (["rosa"], ["rosa", "verde"], "rosa,rosa"):
        with pytest.raises(ludoteca.InvalidOption):
            ludoteca.new_game("som", players=2, options={"colours": bad})


# ----- G24: cohesion details -------------------------------------------------------------------
def test_g24_gh_without_disks_breaks_no_rule():
    """SOM G24: a GH holding 0 disks in phase 3 can only end the phase; play goes on."""
    g = game(4, dice=[6], disks=hands(4, {}, {0: {}}), hisenda={}, phase="transferencia")
    play(g, (0, "tirar"))
    assert legal(g) == ["terminar"]
    play(g, (0, "terminar"))
    assert not g.is_over and g.view(None)["stage"] == "accion"


def test_g24_reward_split_and_gift_value_independent_of_pds():
    """SOM G24: a gift moves the same disk whatever the receiver's PDs; the reward is taken
    from the receiver as far as he can, then CN, the rest lost."""
    for pd, pd_cn, split in (({1: 0, 2: 12}, 0, (0, 0, 2)), ({1: 1, 2: 11}, 0, (1, 0, 1)),
                             ({1: 1, 2: 10}, 1, (1, 1, 0)), ({1: 2, 2: 10}, 0, (2, 0, 0))):
        g = game(4, disks=SIX, pd=pd, pd_cn=pd_cn, phase="cohesion", face=6)
        before, _ = values(g)
        ev = play(g, (0, "dar-sanidad 1"))
        d = next(e for e in ev if e.kind == "donacion").data
        assert (d["pd_from_player"], d["pd_from_cn"], d["pd_lost"]) == split
        after, _ = values(g)
        assert (after[0], after[1]) == (before[0] - 2, before[1] + 2)


# ----- G25: DUI ties ---------------------------------------------------------------------------
@pytest.mark.parametrize("pd, winners", [({0: 1, 1: 5, 2: 1, 3: 1}, (1,)),   # low tie: ignored
                                         ({0: 0, 1: 4, 2: 4, 3: 1}, (0,)),   # causer, 0 PDs
                                         ({0: 4, 1: 4, 2: 1, 3: 1}, (0,))])
def test_g25_dui_tie_means_tie_for_the_most(pd, winners):
    """SOM G25: only a tie for the most PDs matters; then the causer wins alone, even with
    fewer PDs than the tied."""
    bank = {"sanidad": 1}
    g = game(4, dice=[1], disks=hands(4, bank), hisenda=bank, pd=pd, phase="transferencia")
    play(g, (0, "tirar"))
    assert g.result.reason == "dui" and g.result.winners == winners


# ----- G26: endings take effect at once --------------------------------------------------------
def test_g26_endings_stop_at_once():
    """SOM G26: consulta by the 2nd mover stops the all-move; a phase-1 intervention comes
    with no roll; a transfer DUI with no phase 3."""
    g = game(4, cells={CN: "CN", 14: "W-01", 16: "U-4"}, pile=["U-1", "U-2", "U-3"],
             phase="accion", face=6)
    play(g, (0, "mover 14"))
    play(g, (1, "mover 16"))
    assert g.is_over and g.view(None)["citizens"][2:] == [CN, CN]
    _, ev = into_next_turn(disks={**SIX, 2: {}})
    assert "intervencion" in kinds(ev) and "tirada" not in kinds(ev)
    bank = {"bosques": 1}
    d = game(4, dice=[2], disks=hands(4, bank), hisenda=bank, phase="transferencia")
    ev = play(d, (0, "tirar"))
    assert d.is_over and d.view(None)["stage"] == "transferencia"
    assert "fin_cohesion" not in kinds(ev) and "accion" not in kinds(ev)


# ----- G27: re-roll with 2–3 players -----------------------------------------------------------
def test_g27_reroll_in_phase_2_before_the_transfer():
    """SOM G27: with 3 players a blue face is rolled again at once, before any transfer; the
    kept face gives both the transfer and the movers; the centralism roll is never
    re-rolled for colour."""
    g = game(3, dice=[5, 5, 1], cells={CN: "CN", **WORLD}, phase="transferencia")
    before, _ = values(g)
    ev = play(g, (0, "tirar"))
    k = kinds(ev)
    assert k[:4] == ["repetir_tirada", "repetir_tirada", "tirada", "transferencia"]
    assert values(g)[0][0] == before[0] + 4
    ev = play(g, (0, "terminar"))
    assert next(e for e in ev if e.kind == "accion").data["movers"] == [0]     # generalitat
    c = ludoteca.new_game("som", players=3, options={"centralism": "dado"}, dice=[5])
    assert c.view(None)["centralism"] == "elevado" and c.view(None)["centralism_roll"] == 5


# ----- G30: typos and small contradictions -----------------------------------------------------
def test_g30_readings_of_the_garbled_text():
    """SOM G30: 37 board cards (not 137); «2 6 3 jugadores» = 2 or 3 players; Territorio
    (2+3) read as energías 2, vivienda 3, kept as data."""
    assert len(C.cards) == 37 and C.n_cells == 37
    for n in (2, 3):
        assert ludoteca.new_game("som", players=n).view(None)["players_n"] == n
    counts = {t.code: t.count for t in C.types}
    assert (counts["energias"], counts["vivienda"]) == (2, 3)
    energias = next(d for d in C.raw["disks"] if d["code"] == "energias")
    assert energias.get("count_ruling") == "G30"


# ----- G31: game length ------------------------------------------------------------------------
def test_g31_no_turn_limit_in_the_rules():
    """SOM G31 (ruling X1): no limit in the rules (`max_turns` null or 0); a simulator cap
    ends the game with a separate reason (`limit`) and no winner."""
    for cap in (None, 0):
        g = game(4, options={"max_turns": cap}, cells={CN: "CN", **WORLD}, turn=10_000,
                 phase="accion", face=1)
        play(g, (0, "mover 16"))
        assert not g.is_over and g.view(None)["max_turns"] is None
    g = game(4, options={"max_turns": 3}, cells={CN: "CN", **WORLD}, turn=2,
             phase="accion", face=1)
    ev = play(g, (0, "mover 16"))
    assert g.is_over and g.result.reason == "limit" and g.result.winners == ()
    assert next(e for e in ev if e.kind == "limite").rule == "SOM-4.6"
    assert C.limit_reason == "limit" and "limit" not in C.raw["end"]["reasons"]
