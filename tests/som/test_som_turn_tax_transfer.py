"""Rule tests for «Som el que decidim!», checklist sections 6–8: turn structure (SOM-6.x),
phase 1 taxation (SOM-7.x) and phase 2 transfer and the die (SOM-8.x). Expected amounts are
computed from the rules (n players: Hisenda +n+1 without ATC, GH +(n−2) with ATC, …)."""

from __future__ import annotations

from collections import Counter

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
    play,
    values,
    worth,
)

import ludoteca
from ludoteca.games.som.content import PIC_GENERALITAT, PIC_TODOS

FACE_NUMBER = {1: 4, 2: 2, 3: 2, 4: 2, 5: 2, 6: 0}       # G1


def pay_taxes(g, choice=0):
    """Finish phase 1, taking the ``choice``-th legal option at every decision."""
    events = []
    while g.view(None)["stage"] == "tributacion" and not g.is_over:
        legal = g.legal_actions()
        events += play(g, (g.to_move[0], str(legal[min(choice, len(legal) - 1)])))
    return events


def six_each(n):
    """Each seat 2 × 2 € + 2 × 1 € (one of each kind, so mode A gives the GH a choice)."""
    base = [{"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
            {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
            {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
            {"justicia": 1, "mossos": 1, "vias": 1, "carreteras": 1}]
    return {s: base[s] for s in range(n)}


# ----- SOM-6.x: turn structure -----------------------------------------------------------------
def test_som_6_1_gh_is_the_active_player_and_rolls():
    """SOM-6.1: the GH acts in phases 2 and 3 and rolls the die that goes with the marker."""
    g = game(4, dice=[6], cells={CN: "CN", **WORLD}, gh=3, phase="transferencia")
    assert g.to_move == (3,)
    ev = play(g, (3, "tirar"))
    assert next(e for e in ev if e.kind == "tirada").data["player"] == 3
    assert g.to_move == (3,) and g.view(None)["stage"] == "cohesion"


def test_som_6_2_four_phases_in_order():
    """SOM-6.2: tributación → transferencia → cohesión → acción, every turn."""
    g = game(4, dice=[1, 1], cells={CN: "CN", **WORLD}, disks=six_each(4))
    assert g.view(None)["stage"] == "tributacion"       # the GH chooses how to pay 2 €
    events = []
    for _ in range(2):                                   # two whole turns
        gh = g.view(None)["gh"]
        events += pay_taxes(g)                           # (automatic when only one way)
        stages = [g.view(None)["stage"]]
        events += play(g, (gh, "tirar"))
        stages.append(g.view(None)["stage"])
        events += play(g, (gh, "terminar"))
        stages.append(g.view(None)["stage"])
        events += play(g, (gh, "mover 16"))              # world card: the turn ends
        assert stages == ["transferencia", "cohesion", "accion"]
    # the same order in the events: taxes, roll, end of cohesion, movement, end of turn
    order = [k for k in kinds(events) if k in ("pago", "tirada", "fin_cohesion", "accion",
                                                 "fin_turno", "turno")]
    compact = [k for i, k in enumerate(order) if i == 0 or order[i - 1] != k]
    assert compact == ["pago", "tirada", "fin_cohesion", "accion", "fin_turno", "turno",
                       "pago", "tirada", "fin_cohesion", "accion", "fin_turno", "turno"] or \
        compact == ["pago", "tirada", "fin_cohesion", "accion", "fin_turno", "turno",
                    "pago", "tirada", "fin_cohesion", "accion", "fin_turno", "turno", "pago"]


def test_som_6_3_one_roll_per_turn_drives_transfer_and_movement():
    """SOM-6.3: one roll in phase 2; its number is the transfer and its picture the movers."""
    g = game(4, dice=[3, 1], cells={CN: "CN", **WORLD}, phase="transferencia")
    before, _ = values(g)
    ev = play(g, (0, "tirar"))
    assert kinds(ev).count("tirada") == 1 and ev[0].data["face"] == 3
    assert values(g)[0][0] == before[0] + FACE_NUMBER[3]
    assert [str(a) for a in g.legal_actions()].count("tirar") == 0
    ev = play(g, (0, "terminar"))
    assert next(e for e in ev if e.kind == "accion").data["movers"] == [1]     # lila
    ev = play(g, (1, "mover 16"))
    assert "tirada" not in kinds(ev)                     # no second roll this turn
    pay_taxes(g)
    ev = play(g, (1, "tirar"))                           # next turn uses the next roll
    assert next(e for e in ev if e.kind == "tirada").data["face"] == 1


def test_som_6_4_turn_ends_after_the_last_movement():
    """SOM-6.4: the turn ends when every mover called by the die has moved."""
    g = game(4, cells={CN: "CN", **WORLD}, phase="accion", face=6)
    for i, seat in enumerate((0, 1, 2, 3)):
        ev = play(g, (seat, f"mover {AROUND[i]}"))
        assert ("fin_turno" in kinds(ev)) is (seat == 3)
    assert g.view(None)["gh"] == 1


def test_som_6_4_turn_ends_early_on_a_spain_card():
    """SOM-6.4: a Spain event ends the turn; waiting movers of an all-move do not move."""
    g = game(4, cells={CN: "CN", 16: "E-1", 14: "W-01"}, phase="accion", face=6)
    ev = play(g, (0, "mover 16"))
    k = kinds(ev)
    assert "espana" in k and "fin_turno" in k
    assert [e.data["player"] for e in ev if e.kind == "paso"] == []
    assert g.view(None)["gh"] == 1 and g.view(None)["stage"] in ("tributacion",
                                                                 "transferencia")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_som_6_5_marker_passes_to_the_next_player(n):
    """SOM-6.5 (G21): after the turn the marker and the die go to seat gh+1 (mod n)."""
    for gh in range(n):
        g = game(n, cells={CN: "CN", **WORLD}, gh=gh, phase="accion", face=1)
        ev = play(g, (gh, "mover 16"))
        end = next(e for e in ev if e.kind == "fin_turno")
        assert end.data["next"] == (gh + 1) % n and g.view(None)["gh"] == (gh + 1) % n
        pay_taxes(g)
        assert g.to_move == ((gh + 1) % n,) and g.legal_actions()[0].name == "tirar"


def test_som_6_6_one_rotation_order_for_everything():
    """SOM-6.6 (G21): taxes, all-move movers, change fallback and the next GH all follow
    seat i → i+1."""
    g = ludoteca.new_game("som", players=4, seed=4, options={"first_player": 2})
    payers = [e.data["player"] for e in g.opening_events if e.kind == "pago"]
    assert payers == [3, 0, 1]                      # the GH (2) pays last, still to choose
    assert g.to_move == (2,)
    g = game(4, cells={CN: "CN", **WORLD}, gh=2, phase="accion", face=6)
    assert g.view(None)["movers_left"] == [3, 0, 1] and g.to_move == (2,)
    for i, seat in enumerate((2, 3, 0, 1)):
        assert g.to_move == (seat,)
        play(g, (seat, f"mover {AROUND[i]}"))
    assert g.view(None)["gh"] == 3
    # change: Hisenda (no 1 € disk until seat 1 pays) and the GH (one 1 € disk) cannot give
    # it; seat 3, the first after the payer (seat 2) in rotation, has one 1 € disk; seat 0 is
    # the GH; seat 1 has many: seat 1 gives change
    h = {"sanidad": 3, "educacion": 3, "mossos": 1}
    fixed = {0: {"justicia": 2, "vias": 1}, 2: {"mossos": 1},
             3: {"bomberos": 2, "carreteras": 1},
             1: {"vias": 1, "carreteras": 1, "bosques": 3, "energias": 2, "vivienda": 3}}
    g = game(4, disks=fixed, hisenda=h)
    v = g.view(None)
    assert v["players"][2]["value"] == 1 and sum(v["players"][2]["disks"].values()) == 1
    assert v["players"][1]["disks"].get("mossos") == 1                 # took the 2 € disk
    assert v["players"][1]["value"] == 10 - 1 - 2 + 2
    assert v["players"][3]["value"] == 5 - 1
    # the GH pays 2 € with a 2 € disk (his single 1 € disk first would need change)
    assert v["players"][0]["disks"] == {"justicia": 1, "vias": 1}
    assert v["hisenda"]["value"] == 14 + 3 + 2


def test_som_6_7_no_generalitat_treasury():
    """SOM-6.7 (G24): the transfer goes into the GH's own holding; players + Hisenda = 36 €
    and there is nowhere else for money to be."""
    g = game(4, dice=[1], phase="transferencia")
    before, bank = values(g)
    play(g, (0, "tirar"))
    after, bank2 = values(g)
    assert after[0] == before[0] + 4 and bank2 == bank - 4 and after[1:] == before[1:]
    assert sum(after) + bank2 == 36
    assert "generalitat" not in g.view(None) and "treasury" not in g.view(None)


# ----- SOM-7.x: taxation -----------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_som_7_1_7_2_7_3_taxes_without_atc(n):
    """SOM-7.1: every citizen pays 1 € to Hisenda; SOM-7.2: the GH 1 € more (2 €);
    SOM-7.3: Hisenda gains n+1 €."""
    for gh in range(n):
        g = game(n, disks=six_each(n), gh=gh)
        hand = six_each(n)
        pay_taxes(g)
        vals, bank = values(g)
        start_bank = 36 - sum(worth(h) for h in hand.values())
        assert bank == start_bank + n + 1
        for s in range(n):
            assert vals[s] == worth(hand[s]) - (2 if s == gh else 1)
        assert g.view(None)["atc_active"] is False


def atc_game(n, fixed, gh=0, **extra):
    return game(n, cells={CN: "CN", 16: "C-ATC", **extra.pop("cells", {})}, face_up=[16],
                disks=fixed, gh=gh, **extra)


def test_som_7_4_atc_active_only_if_face_up_at_phase_1():
    """SOM-7.4 (G18): ATC revealed in phase 4 does not change this turn's taxes (already
    paid); it acts from the next turn's phase 1."""
    g = game(4, cells={CN: "CN", 16: "C-ATC"}, disks=six_each(4), phase="accion", face=1)
    assert g.view(None)["atc_active"] is False
    play(g, (0, "mover 16"))
    assert g.state_dict()["face_up"][16] and g.view(None)["atc_active"] is False
    _, bank = values(g)
    before, _ = values(g)
    play(g, (0, "parar"))
    pay_taxes(g)
    after, bank2 = values(g)
    assert g.view(None)["atc_active"] is True and g.view(None)["gh"] == 1
    assert bank2 == bank + 1                                    # ATC: Hisenda +1 only
    assert after[1] == before[1] + 3 - 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_som_7_5_7_6_7_7_taxes_with_atc(n):
    """SOM-7.5: under ATC each other citizen pays 1 € to the GH; SOM-7.6: the GH pays exactly
    1 € to Hisenda; SOM-7.7: GH +(n−2), Hisenda +1, others −1."""
    for gh in range(n):
        hand = six_each(n)
        g = atc_game(n, hand, gh=gh)
        pay_taxes(g)
        vals, bank = values(g)
        assert g.view(None)["atc_active"] is True
        assert bank == 36 - sum(worth(h) for h in hand.values()) + 1
        for s in range(n):
            want = worth(hand[s]) + (n - 2 if s == gh else -1)
            assert vals[s] == want


def test_som_7_6_atc_payments_go_where_the_rules_say():
    """SOM-7.5/7.6: the tax events name the GH as payee of the citizens and Hisenda as payee
    of the GH's single 1 €."""
    g2 = atc_game(4, six_each(4), gh=1, phase="accion", face=1, cells={14: "W-01"})
    ev = play(g2, (1, "mover 14"))                          # end of turn: GH 2 taxes
    ev += pay_taxes(g2)
    pays = [(e.data["player"], e.data["to"], e.data["value"]) for e in ev
            if e.kind == "pago"]
    assert pays == [(3, 2, 1), (0, 2, 1), (1, 2, 1), (2, None, 1)]
    assert next(e for e in ev if e.kind == "turno").data["atc"] is True
    assert values(g2)[1] == 36 - 24 + 1


def test_som_7_8_payment_order_gh_last():
    """SOM-7.8 (G9): the other citizens pay first in rotation from the player after the GH,
    the GH last — shown by who must choose a disk, in mode B where types matter."""
    fixed = {0: {"sanidad": 1, "bosques": 1, "vivienda": 1},
             1: {"educacion": 1, "vias": 1, "carreteras": 1},
             2: {"justicia": 1, "energias": 1, "bosques": 1},
             3: {"mossos": 1, "vivienda": 1, "energias": 1}}
    g = game(4, options={"mode": "B"}, disks=fixed, gh=1)
    order = []
    while g.view(None)["stage"] == "tributacion":
        seat = g.to_move[0]
        if not order or order[-1] != seat:
            order.append(seat)
        play(g, (seat, str(g.legal_actions()[0])))
    assert order == [2, 3, 0, 1]


def test_som_7_8_under_atc_the_gh_pays_with_taxes_just_received():
    """SOM-7.8 (G9): the GH holding nothing receives the 3 citizens' taxes first, then pays
    Hisenda — no intervention."""
    fixed = hands(4, {}, {0: {}})
    g = atc_game(4, fixed, hisenda={})
    pay_taxes(g)
    vals, bank = values(g)
    assert not g.is_over and vals[0] == 3 - 1 and bank == 1


def test_som_7_9_cannot_pay_means_intervention_at_once():
    """SOM-7.9 (G8): the GH with 1 € owes 2 €: intervention; the citizens before him paid,
    his 1 € is not taken, and the die is never rolled."""
    hand = six_each(4)
    hand[0] = {"bosques": 1}
    h_start = 36 - sum(worth(x) for x in hand.values())
    g = game(4, dice=[1], disks=hand)
    assert g.is_over and g.result.reason == "intervencion"
    vals, bank = values(g)
    assert vals == [1, 5, 5, 5] and bank == h_start + 3
    assert g.view(None)["die"] is None and g.result.details["failed_payer"] == 0


def test_som_7_9_first_failing_payer_stops_the_rest():
    """SOM-7.9: seat 2 (second payer after GH 0) holds 0 €: seat 1 has paid, seat 3 and the
    GH have not."""
    hand = six_each(4)
    hand[2] = {}
    g = game(4, disks=hand)
    vals, _ = values(g)
    assert g.result.details["failed_payer"] == 2
    assert vals == [6, 5, 0, 6]


def test_som_7_10_wrong_coins_means_change_not_intervention():
    """SOM-7.10: a citizen holding one 2 € disk owes 1 €: he pays through change (SOM-14.x)
    and the game goes on."""
    hand = six_each(4)
    hand[1] = {"justicia": 1}
    hand[3] = {"mossos": 1, "vias": 1, "carreteras": 1}
    g = game(4, disks=hand)
    v = g.view(None)
    assert not g.is_over and v["players"][1]["value"] == 1
    assert sum(v["players"][1]["disks"].values()) == 1


def test_som_7_10_gh_pays_exactly_no_change_by_choice():
    """SOM-7.10 with SOM-7.2 (G8; SOM-14.1, 14.3): a GH owing 2 € who holds 2 € disks and a
    single 1 € disk pays with a 2 € disk; paying the 1 € first, which would then force a
    split, is refused. With two 1 € disks he may pay with them."""
    fixed = {0: {"sanidad": 1, "mossos": 1, "bosques": 1},
             1: {"educacion": 1, "vias": 1}, 2: {"educacion": 1, "carreteras": 1},
             3: {"justicia": 1, "energias": 1}}
    g = game(4, options={"mode": "B"}, disks=fixed)
    assert g.to_move == (0,) and g.view(None)["payment"]["due"] == 2
    assert [str(a) for a in g.legal_actions()] == ["pagar-sanidad", "pagar-mossos"]
    with pytest.raises(ludoteca.IllegalAction, match="exactly"):
        g.apply("pagar-bosques", seat=0)
    ev = play(g, (0, "pagar-mossos"))
    assert "cambio" not in kinds(ev)
    assert g.view(None)["players"][0]["disks"] == {"sanidad": 1, "bosques": 1}
    two_ones = game(4, options={"mode": "B"},
                    disks={**fixed, 0: {"sanidad": 1, "bosques": 1, "vivienda": 1}})
    assert [str(a) for a in two_ones.legal_actions()] == ["pagar-sanidad", "pagar-bosques",
                                                          "pagar-vivienda"]
    ev = play(two_ones, (0, "pagar-bosques"))
    assert "cambio" not in kinds(ev)          # the second 1 € disk paid the rest
    assert two_ones.view(None)["players"][0]["disks"] == {"sanidad": 1}


def test_som_7_11_phase_1_before_the_roll():
    """SOM-7.11: the GH cannot count on this turn's transfer: 1 € against 2 € is an
    intervention even with F1 (4 €) forced."""
    hand = six_each(4)
    hand[0] = {"vias": 1}
    g = game(4, dice=[1], disks=hand)
    assert g.is_over and g.result.reason == "intervencion"
    assert g.view(None)["die"] is None and values(g)[0][0] == 1


def test_som_7_12_solo_taxes():
    """SOM-7.12 (SOM-18.4, 18.5): solo pays 3 € to Hisenda, 2 € with ATC."""
    hand = {0: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1, "vias": 1,
                "carreteras": 1}}
    g = game(1, disks=hand)
    pay_taxes(g)
    assert values(g) == ([8 - 3], 28 + 3)
    g = game(1, disks=hand, cells={CN: "CN", 16: "C-ATC"}, face_up=[16])
    pay_taxes(g)
    assert values(g) == ([8 - 2], 28 + 2)


# ----- SOM-8.x: transfer and the die -----------------------------------------------------------
def test_som_8_1_gh_rolls_once():
    """SOM-8.1: only the GH rolls, once, in phase 2."""
    g = game(4, dice=[2], phase="transferencia")
    assert [str(a) for a in g.legal_actions()] == ["tirar"]
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("tirar", seat=1)
    ev = play(g, (0, "tirar"))
    assert kinds(ev).count("tirada") == 1
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("tirar", seat=0)


def test_som_8_2_die_table_is_data():
    """SOM-8.2 (G1): F1 generalitat/4, F2 rosa/2, F3 lila/2, F4 naranja/2, F5 azul/2,
    F6 todos/0."""
    want = [(4, "generalitat"), (2, "rosa"), (2, "lila"), (2, "naranja"), (2, "azul"),
            (0, "todos")]
    assert [(f["number"], f["picture"]) for f in C.raw["die"]["faces"]] == want
    assert list(zip((n for n, _ in C.faces), C.face_pictures, strict=True)) == want
    assert C.faces[0][1] == PIC_GENERALITAT and C.faces[5][1] == PIC_TODOS
    for face in range(1, 7):
        g = game(4, dice=[face], phase="transferencia")
        data = play(g, (0, "tirar"))[0].data
        assert (data["number"], data["picture"]) == want[face - 1]


def test_som_8_2_faces_equally_likely():
    """SOM-8.2: each face has probability 1/6 (unforced rolls, 4 players: no re-roll)."""
    tally: Counter = Counter()
    trials = 1200
    base = game(4, phase="transferencia")
    for seed in range(trials):
        g = base.determinize(None, seed)
        tally[play(g, (0, "tirar"))[0].data["face"]] += 1
    for face in range(1, 7):
        assert abs(tally[face] - trials / 6) < 60, tally


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5])
def test_som_8_3_8_4_transfer_paid_to_the_gh(face):
    """SOM-8.3: a 4 gives the GH 4 € from Hisenda; SOM-8.4: a 2 gives 2 €."""
    g = game(4, dice=[face], gh=1, phase="transferencia")
    before, bank = values(g)
    ev = play(g, (1, "tirar"))
    number = FACE_NUMBER[face]
    after, bank2 = values(g)
    assert after[1] == before[1] + number and bank2 == bank - number
    assert [after[s] for s in (0, 2, 3)] == [before[s] for s in (0, 2, 3)]
    t = next(e for e in ev if e.kind == "transferencia")
    assert t.rule == ("SOM-8.3" if number == 4 else "SOM-8.4") and t.data["value"] == number


def test_som_8_5_zero_pays_nothing():
    """SOM-8.5: a 0 moves no disk at all."""
    g = game(4, dice=[6], phase="transferencia")
    before = g.state_dict()["hisenda_types"], [p["disks"] for p in g.view(None)["players"]]
    ev = play(g, (0, "tirar"))
    after = g.state_dict()["hisenda_types"], [p["disks"] for p in g.view(None)["players"]]
    assert before == after
    assert next(e for e in ev if e.kind == "transferencia").rule == "SOM-8.5"


def test_som_8_6_transfer_paid_under_atc():
    """SOM-8.6: the transfer is paid whether or not ATC is active."""
    g = game(4, dice=[1], cells={CN: "CN", 16: "C-ATC"}, face_up=[16],
             phase="transferencia")
    assert g.view(None)["atc_active"] is True
    before, bank = values(g)
    play(g, (0, "tirar"))
    after, bank2 = values(g)
    assert after[0] == before[0] + 4 and bank2 == bank - 4


@pytest.mark.parametrize("face, bank_hand, dui", [
    (1, {"sanidad": 1, "bosques": 1}, True),      # 3 € < 4
    (1, {"sanidad": 2}, False),                   # 4 € = 4
    (2, {"bosques": 1}, True),                    # 1 € < 2
    (2, {"bosques": 2}, False),
    (6, {}, False),                               # 0 never causes a DUI
])
def test_som_8_7_dui_when_hisenda_is_short(face, bank_hand, dui):
    """SOM-8.7 (G7): Hisenda's value below the number rolled: DUI caused by the GH, and no
    part of the transfer is paid."""
    g = game(4, dice=[face], disks=hands(4, bank_hand), hisenda=bank_hand, gh=2,
             phase="transferencia")
    before, bank = values(g)
    ev = play(g, (2, "tirar"))
    after, bank2 = values(g)
    assert g.is_over is dui
    if dui:
        assert g.result.reason == "dui" and g.result.details["causer"] == 2
        assert (after, bank2) == (before, bank)
        assert next(e for e in ev if e.kind == "dui").rule == "SOM-8.7"
    else:
        assert bank2 == bank - FACE_NUMBER[face]


@pytest.mark.parametrize("bank_hand, face, twos, ones", [
    ({"sanidad": 2, "bosques": 2}, 1, 2, 0),
    ({"sanidad": 1, "bosques": 2, "vivienda": 3}, 1, 1, 2),
    ({"bosques": 3, "vivienda": 1}, 1, 0, 4),
    ({"sanidad": 1, "bosques": 2}, 2, 1, 0),
    ({"bosques": 2}, 2, 0, 2),
])
def test_som_8_8_hisenda_pays_largest_disks_first(bank_hand, face, twos, ones):
    """SOM-8.8 (SOM-14.7): Hisenda pays as many 2 € disks as fit, then 1 € disks."""
    g = game(4, dice=[face], disks=hands(4, bank_hand), hisenda=bank_hand,
             phase="transferencia")
    ev = play(g, (0, "tirar"))
    got = next(e for e in ev if e.kind == "transferencia").data["disks"]
    assert sum(VALUE[t] == 2 for t in got) == twos and sum(VALUE[t] == 1 for t in got) == ones


def test_som_8_8_types_drawn_at_random():
    """SOM-8.8 (SOM-14.8): within a value, the types Hisenda pays are drawn at random."""
    bank_hand = {"sanidad": 1, "educacion": 1, "justicia": 1, "bosques": 1}
    drawn: Counter = Counter()
    for seed in range(150):
        g = game(4, dice=[2], seed=seed, disks=hands(4, bank_hand), hisenda=bank_hand,
                 phase="transferencia")
        ev = play(g, (0, "tirar"))
        drawn[tuple(next(e for e in ev if e.kind == "transferencia").data["disks"])] += 1
    assert set(drawn) == {("sanidad",), ("educacion",), ("justicia",)}
    assert min(drawn.values()) > 25


def test_som_8_9_face_kept_for_phase_4():
    """SOM-8.9: the rolled picture (F3 lila) decides who moves, whatever phase 3 changes."""
    g = game(4, dice=[3], disks=six_each(4), phase="transferencia")
    play(g, (0, "tirar"))
    assert g.view(None)["die"]["face"] == 3
    for to in (1, 2):
        play(g, (0, next(str(a) for a in g.legal_actions() if str(a).endswith(f" {to}"))))
    assert g.view(None)["die"] == {"face": 3, "number": 2, "picture": "lila"}
    ev = play(g, (0, "terminar"))
    assert next(e for e in ev if e.kind == "accion").data["movers"] == [1]
    assert g.to_move == (1,)
