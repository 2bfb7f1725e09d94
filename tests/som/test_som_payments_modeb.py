"""«Som el que decidim!» rule tests: payments, change and Hisenda's payouts (SOM-14.x) and the mode
B disk powers (SOM-15.x): levies, exchanges and interior protection.

Disk totals (SOM-1.9, 1.10): 2 € justicia 2, sanidad 3, educacion 3, mossos 2, bomberos 2;
1 € vias 2, carreteras 2, bosques 3, energias 2, vivienda 3. Hands not given go to Hisenda."""

from __future__ import annotations

import json

import pytest
from som_support import ALL_DISKS as TOTAL
from som_support import CN, FOUR_HANDS, ONE, TWO, disks, first, kinds, legal, play, val, values
from som_support import game_cn as game
from som_support import pay_taxes_by_seat as pay_taxes

import ludoteca


def rest(*hands):
    """Hisenda's holding: every disk the given hands do not hold."""
    out = dict(TOTAL)
    for h in hands:
        for t, k in h.items():
            out[t] -= k
    assert min(out.values()) >= 0
    return out


def hisenda_types(g):
    return {t: k for t, k in g.state_dict()["hisenda_types"].items() if k}


# ----- SOM-14: payments and change ----------------------------------------------------------
B_HANDS = {0: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
           1: {"sanidad": 1, "justicia": 1, "vias": 2},
           2: {"educacion": 1, "mossos": 1, "carreteras": 2},
           3: {"educacion": 1, "bomberos": 1, "energias": 2}}


def test_som_14_1_payer_picks_the_disks_that_make_the_exact_sum():
    """SOM-14.1: the GH owes 2 € and picks which disks pay it: one 2 € disk, or two 1 € disks
    of his choice."""
    g = game(options={"mode": "B"}, disks=B_HANDS)
    assert g.to_move == (0,) and g.view(None)["payment"]["due"] == 2
    assert legal(g) == ["pagar-sanidad", "pagar-educacion", "pagar-bosques", "pagar-vivienda"]
    ev = play(g, (0, "pagar-bosques"))
    # 1 € left to pay: only a 1 € disk is offered, and the last one goes at once
    assert [(e.data["disk"], e.data["value"]) for e in ev if e.kind == "pago"] == \
        [("bosques", 1), ("vivienda", 1)]
    assert disks(g, 0) == {"sanidad": 1, "educacion": 1}
    assert g.view(None)["phase"] == "transferencia"


def settle(g):
    """Let the paying (or change-giving) seat finish with its first legal options."""
    ev = []
    while g.view(None)["phase"] in ("pago", "cambio"):
        ev += play(g, (g.to_move[0], legal(g)[0]))
    return ev


def next_turn(n=4, options=None, dice=(), seed=1, **arrangement):
    """The last seat ends its turn on a world card; return the game and the events of the
    next turn (GH = seat 0) up to its first decision, taxes included."""
    g = game(n=n, options=options, dice=dice, seed=seed, cells={14: "W-01"}, gh=n - 1,
             phase="accion", face=1, **arrangement)
    ev = play(g, (n - 1, "mover 14"))
    i = kinds(ev).index("turno")
    return g, ev[i:]


@pytest.mark.parametrize("mode", ["A", "B"])
def test_som_14_2_change_splits_a_2_euro_disk_and_never_merges(mode):
    """SOM-14.2: seat 1 holds only 2 € disks and owes 1 €: one 2 € disk is swapped for two
    1 € disks and one of them pays. The GH, holding only 1 € disks, pays his 2 € with two of
    them and never receives a 2 € disk."""
    hands = {0: {"vias": 2, "carreteras": 2}, 1: {"sanidad": 1, "justicia": 1},
             2: {"educacion": 1, "bosques": 1}, 3: {"educacion": 1, "vivienda": 1}}
    g, ev = next_turn(options={"mode": mode}, disks=hands)
    ev += pay_taxes(g)
    change = first(ev, "cambio")
    assert change.data["player"] == 1 and val(change.data["disk"]) == 2
    assert [val(t) for t in change.data["received"]] == [1, 1]
    assert [e.data["player"] for e in ev if e.kind == "cambio"] == [1]
    p1 = disks(g, 1)
    assert sum(k for t, k in p1.items() if t in TWO) == 1
    assert sum(k for t, k in p1.items() if t in ONE) == 1
    assert disks(g, 0) == {"carreteras": 2}
    assert values(g) == ([2, 3, 2, 2], 36 - 9)


def test_som_14_3_no_change_when_a_1_euro_disk_can_pay():
    """SOM-14.3: owing 1 € with a 1 € disk in hand, paying with (splitting) a 2 € disk is
    refused: change is made only when it is needed."""
    hands = {0: {"sanidad": 1, "vias": 1}, 1: {"sanidad": 1, "bosques": 1, "vivienda": 1},
             2: {"educacion": 1, "bosques": 1}, 3: {"educacion": 1, "vivienda": 1}}
    g, ev = next_turn(options={"mode": "B"}, disks=hands)
    assert g.to_move == (1,) and g.view(None)["payment"]["due"] == 1
    assert legal(g) == ["pagar-bosques", "pagar-vivienda"]
    with pytest.raises(ludoteca.IllegalAction, match="pay with one of them"):
        g.apply("pagar-sanidad", seat=1)
    assert "cambio" not in kinds(ev)


def test_som_14_3_no_change_by_paying_in_an_order_that_needs_it():
    """SOM-14.3 (with 14.1): the GH owes 2 € holding one 2 € and one 1 € disk; paying the 1 €
    disk first would force a split of the 2 € disk, i.e. change he does not need, so only the
    2 € disk is offered (and, being the only choice, it is paid at once)."""
    hands = {**B_HANDS, 0: {"sanidad": 1, "bosques": 1}}
    g, ev = next_turn(options={"mode": "B"}, disks=hands)
    gh_pays = [e.data["disk"] for e in ev if e.kind == "pago" and e.data["player"] == 0]
    assert gh_pays == ["sanidad"] and "cambio" not in kinds(ev)
    assert disks(g, 0) == {"bosques": 1} and g.view(None)["phase"] == "transferencia"


# change-giver positions: payer = seat 1 (2 € only); GH = seat 0
GH_GIVES = {0: {"educacion": 1, "bosques": 2, "vivienda": 1},
            1: {"sanidad": 1},
            2: {"sanidad": 1, "educacion": 1, "vias": 2, "carreteras": 2},
            3: {"sanidad": 1, "educacion": 1, "bosques": 1, "energias": 1, "vivienda": 2}}
# Hisenda then holds energias 1 (one 1 € disk: it cannot give change)
SEAT3_GIVES = {0: {"educacion": 1, "sanidad": 1, "bosques": 1},
               1: {"sanidad": 1},
               2: {"educacion": 1, "vias": 1},
               3: {"bosques": 2, "energias": 2, "vivienda": 3, "carreteras": 2, "vias": 1}}
SEAT2_GIVES = {0: {"educacion": 1, "sanidad": 1, "bosques": 1},
               1: {"sanidad": 1},
               2: {"educacion": 1, "vias": 1, "carreteras": 1},
               3: {"bosques": 2, "energias": 2, "vivienda": 3, "carreteras": 1, "vias": 1}}


def test_som_14_4_change_from_hisenda_first_at_random():
    """SOM-14.4: Hisenda, holding at least two 1 € disks, makes the change (before the GH, who
    could too); its disks are drawn at random (the types vary with the seed)."""
    hands = dict(FOUR_HANDS)
    hands[1] = {"sanidad": 1, "educacion": 1}
    got = set()
    for seed in range(10):
        g, ev = next_turn(seed=seed, options={"mode": "B"}, disks=hands)
        ev += pay_taxes(g)
        change = first(ev, "cambio")
        assert change.data["player"] == 1 and change.data["giver"] is None
        assert all(val(t) == 1 for t in change.data["received"])
        got.add(tuple(sorted(change.data["received"])))
    assert len(got) >= 2


def test_som_14_4_then_the_gh_who_chooses_his_disks():
    """SOM-14.4: with fewer than two 1 € disks on Hisenda, the GH (not the payer) gives the
    change and chooses which two 1 € disks."""
    g, ev = next_turn(options={"mode": "B"}, disks=GH_GIVES)
    assert g.view(None)["hisenda"]["ones"] == 1
    assert g.to_move == (0,) and g.view(None)["phase"] == "cambio"
    assert g.view(None)["change"]["giver"] == 0 and g.view(None)["change"]["payer"] == 1
    assert legal(g) == ["cambio-bosques", "cambio-vivienda"]
    ev = play(g, (0, "cambio-vivienda"))             # one vivienda only: a bosques follows
    change = first(ev, "cambio")
    assert change.data == {"player": 1, "giver": 0, "disk": "sanidad",
                           "received": ["vivienda", "bosques"]}
    assert disks(g, 0) == {"sanidad": 1, "educacion": 1, "bosques": 1}
    assert "sanidad" not in disks(g, 1)


@pytest.mark.parametrize("hands, giver", [(SEAT3_GIVES, 3), (SEAT2_GIVES, 2)])
def test_som_14_4_then_the_first_player_after_the_payer(hands, giver):
    """SOM-14.4: with neither Hisenda nor the GH able to, the first player after the payer in
    rotation order who holds two 1 € disks gives the change."""
    g, ev = next_turn(options={"mode": "B"}, disks=hands)
    v = g.view(None)
    assert v["hisenda"]["ones"] == 0
    if giver == 3:                      # seat 2 holds one 1 € disk only: seat 3 gives
        assert g.to_move == (3,) and v["change"]["giver"] == 3
        play(g, (3, "cambio-bosques"), (3, "cambio-bosques"))
        assert disks(g, 3).get("sanidad") == 1 and "bosques" not in disks(g, 3)
        assert "sanidad" not in disks(g, 1)
    else:                               # seat 2 holds exactly two: given at once
        change = first(ev, "cambio")
        assert change.data["giver"] == 2
        assert sorted(change.data["received"]) == ["carreteras", "vias"]
        assert disks(g, 2) == {"sanidad": 1, "educacion": 1}


def test_som_14_5_nobody_can_give_change_is_unreachable_with_twelve_1_euro_disks():
    """SOM-14.5: a payer who needs change holds no 1 € disk, so the 12 one-euro disks lie with
    at most n other holders (Hisenda + n − 1 players): one of them always holds two and can give
    change. Random positions confirm that the overpay never happens."""
    import random

    rng = random.Random(5)
    ran = hisenda_short = 0
    for _ in range(60):
        pool = [t for t, k in TOTAL.items() for _ in range(k)]
        pool.remove("sanidad")
        hands = {s: {} for s in range(4)}
        hands[1] = {"sanidad": 1}                        # seat 1 owes 1 € with a 2 € disk
        for t in pool:                                   # Hisenda (4) gets few disks
            owner = rng.choice([0, 2, 3, 0, 2, 3, 4])
            if owner != 4:
                hands[owner][t] = hands[owner].get(t, 0) + 1
        if any(sum(val(t) * k for t, k in hands[s].items()) < (2 if s == 0 else 1)
               for s in range(4)):
            continue                                     # someone would be intervened
        held_ones = sum(k for h in hands.values() for t, k in h.items() if t in ONE)
        hisenda_short += 12 - held_ones < 2
        g, ev = next_turn(options={"mode": "B"}, disks=hands)
        ev += pay_taxes(g)
        assert "sobrepago" not in kinds(ev) and "cambio" in kinds(ev)
        ran += 1
    assert ran >= 40 and hisenda_short >= 5


def test_som_14_5_overpay_when_nobody_can_give_change(monkeypatch):
    """SOM-14.5 (white box, since the case is unreachable, see above): when the change search
    finds nobody, the payer hands over the 2 € disk for the 1 € debt, gets nothing back, and
    the payment counts as made."""
    from ludoteca.games.som.state import SomGame

    monkeypatch.setattr(SomGame, "_change_giver", lambda self, payer: -1)
    g, ev = next_turn(options={"mode": "B"}, disks=GH_GIVES)   # Hisenda: one 1 € disk only
    over = first(ev, "sobrepago")
    assert over.rule == "SOM-14.5"
    assert over.data["player"] == 1 and over.data["disk"] == "sanidad" and over.data["to"] is None
    assert disks(g, 1) == {} and not g.is_over
    assert g.view(None)["payment"]["payer"] != 1             # seat 1's tax is settled
    assert "cambio" not in kinds(ev)


def test_som_14_6_change_rules_apply_in_mode_a_too():
    """SOM-14.6: in mode A the same change procedure runs (here the GH gives the change)."""
    g, ev = next_turn(options={"mode": "A"}, disks=GH_GIVES)
    ev += pay_taxes(g)
    change = first(ev, "cambio")
    assert change.data["player"] == 1 and change.data["giver"] == 0
    assert [val(t) for t in change.data["received"]] == [1, 1]


NO_TWOS = {0: {"justicia": 2, "sanidad": 1}, 1: {"sanidad": 2, "educacion": 1},
           2: {"educacion": 2, "mossos": 1}, 3: {"mossos": 1, "bomberos": 2}}
ONE_TWO = {**NO_TWOS, 3: {"mossos": 1, "bomberos": 1}}


@pytest.mark.parametrize("hands, face, expected", [
    (FOUR_HANDS, 1, [2, 2]),        # Hisenda has 2 € disks: 4 € = 2 + 2
    (ONE_TWO, 1, [2, 1, 1]),        # only one 2 € disk: 2 + 1 + 1
    (NO_TWOS, 1, [1, 1, 1, 1]),     # no 2 € disk at all
    (FOUR_HANDS, 2, [2]),
    (NO_TWOS, 3, [1, 1]),
])
def test_som_14_7_hisenda_pays_the_largest_disks_first(hands, face, expected):
    """SOM-14.7 (G6): Hisenda pays X € with as many 2 € disks as fit, then 1 € disks."""
    g = game(dice=[face], disks=hands, phase="transferencia")
    before = values(g)
    ev = play(g, (0, "tirar"))
    t = first(ev, "transferencia")
    assert sorted((val(d) for d in t.data["disks"]), reverse=True) == expected
    assert values(g)[0][0] == before[0][0] + sum(expected)
    assert values(g)[1] == before[1] - sum(expected)


def test_som_14_8_hisenda_draws_types_uniformly_within_a_value():
    """SOM-14.8 (G6): Hisenda's 2 € disks are sanidad ×3 and justicia ×1; a 2 € transfer hands
    over a sanidad about 3 times in 4."""
    hands = {0: {"educacion": 3}, 1: {"mossos": 2, "vias": 2}, 2: {"bomberos": 2, "carreteras": 2},
             3: {"justicia": 1, "bosques": 3, "energias": 1}}
    counts = {"sanidad": 0, "justicia": 0}
    for seed in range(120):
        g = game(seed=seed, dice=[2], disks=hands, phase="transferencia")
        assert hisenda_types(g) == {"sanidad": 3, "justicia": 1, "energias": 1, "vivienda": 3}
        (d,) = first(play(g, (0, "tirar")), "transferencia").data["disks"]
        counts[d] += 1
    assert 70 <= counts["sanidad"] <= 110 and counts["justicia"] >= 10


NO_ONES = {0: {"vias": 2, "carreteras": 2, "sanidad": 1}, 1: {"bosques": 3, "educacion": 1},
           2: {"energias": 2, "vivienda": 3}, 3: {"justicia": 2}}


@pytest.mark.parametrize("mode", ["A", "B"])
def test_som_14_9_hisenda_without_1_euro_disks_pays_4_and_gets_1_back(mode):
    """SOM-14.9 (G7): Hisenda must pay 3 € but holds no 1 € disk: it pays two 2 € disks and the
    recipient gives back one 1 € disk (his choice in mode B); he then may go on moving."""
    g = game(options={"mode": mode}, cells={8: "C-EC1"}, disks=NO_ONES, phase="accion", face=1)
    assert g.view(None)["hisenda"]["ones"] == 0 and values(g)[1] == 16
    ev = play(g, (0, "mover 8"))
    pay = first(ev, "capacidad_economica")
    assert pay.data["value"] == 4 and pay.data["surplus"] == 1
    assert [val(d) for d in pay.data["disks"]] == [2, 2]
    if mode == "B":
        assert g.view(None)["payment"] == {"payer": 0, "payee": None, "due": 1,
                                           "reason": "devolucion"}
        assert legal(g) == ["pagar-vias", "pagar-carreteras"]
        ev += play(g, (0, "pagar-carreteras"))
    back = first(ev, "pago")
    assert back.rule == "SOM-14.9" and val(back.data["disk"]) == 1 and back.data["to"] is None
    assert values(g) == ([6 + 3, 5, 5, 4], 16 - 3)
    assert g.to_move == (0,) and "parar" in legal(g)


def test_som_14_9_recipient_without_1_euro_disk_keeps_the_surplus():
    """SOM-14.9: a recipient with no 1 € disk to give back keeps the extra euro."""
    g = game(cells={8: "C-EC2"}, disks=NO_ONES, gh=3, phase="accion", face=1)
    ev = play(g, (3, "mover 8"))
    assert first(ev, "capacidad_economica").data["surplus"] == 1
    assert "pago" not in kinds(ev)
    assert values(g) == ([6, 5, 5, 4 + 4], 16 - 4)
    assert "parar" in legal(g)


def test_som_14_10_disks_on_hisenda_show_no_type():
    """SOM-14.10: once paid to Hisenda a disk's type is no longer shown: views give Hisenda's
    count by value only, for every seat and for spectators, and sampling worlds keeps them."""
    g, ev = next_turn(options={"mode": "B"}, disks=B_HANDS)
    play(g, (0, "pagar-sanidad"))
    for seat in (None, 0, 1, 2, 3):
        v = g.view(seat)
        assert set(v["hisenda"]) == {"ones", "twos", "value", "flipped"}
        text = json.dumps(v)
        assert "hisenda_types" not in text
        assert g.determinize(seat, seed=3).view(seat) == v
    assert "sanidad" not in disks(g, 0)


def test_som_14_11_types_have_no_effect_in_mode_a():
    """SOM-14.11: in mode A only values count: one payment and one gift option per value, where
    mode B offers every type held."""
    opts = {}
    for mode in ("A", "B"):
        g = game(options={"mode": mode}, disks=B_HANDS)
        opts[mode] = legal(g)
    assert opts["B"] == ["pagar-sanidad", "pagar-educacion", "pagar-bosques", "pagar-vivienda"]
    assert opts["A"] == ["pagar-sanidad", "pagar-bosques"]
    for mode, n_gifts in (("A", 2 * 3), ("B", 4 * 3)):
        g = game(options={"mode": mode}, disks=B_HANDS, phase="cohesion", face=6)
        gifts = [a for a in legal(g) if a.startswith("dar-")]
        assert len(gifts) == n_gifts
        assert not any(a.startswith("canjear-") for a in legal(g))   # no pair of one type


# ----- SOM-15: levies -------------------------------------------------------------------------
LEVY_HANDS = {0: {"justicia": 1, "sanidad": 2, "bosques": 1},
              1: {"educacion": 1},
              2: {"educacion": 1, "vias": 1},
              3: {"educacion": 1, "mossos": 1, "bosques": 2, "vivienda": 1}}


def test_som_15_1_powers_belong_to_the_gh_only():
    """SOM-15.1: a non-GH citizen with sanidad disks stepping onto Euro per recepta levies
    nothing; nor does a GH who holds no sanidad disk."""
    hands = {**LEVY_HANDS, 0: {"justicia": 1, "bosques": 1}, 1: {"sanidad": 2}}
    g = game(options={"mode": "B"}, cells={8: "C-EPR", 14: "W-01"}, disks=hands,
             phase="accion", face=6)
    play(g, (0, "mover 8"))                         # GH, no sanidad: plain Catalunya card
    assert g.view(None)["phase"] == "movimiento"
    play(g, (0, "parar"))
    ev = play(g, (1, "mover 8"))                    # seat 1 holds sanidad but is not the GH
    assert kinds(ev) == ["paso"] and g.view(None)["phase"] == "movimiento"


def test_som_15_2_justicia_levy_up_to_a_third_of_the_targets_value():
    """SOM-15.2 (G17): the GH with a justicia disk enters Impost de successions and takes from
    one other player any amount up to ⌊V/3⌋; players with V < 3 cannot be chosen."""
    g = game(options={"mode": "B"}, cells={8: "C-IDS"}, disks=LEVY_HANDS, phase="accion",
             face=1)
    ev = play(g, (0, "mover 8"))
    assert first(ev, "cobro").data["levy"] == "sucesiones"
    assert legal(g) == ["sucesiones 2", "sucesiones 3", "no-cobrar"]   # seat 1: 2 €
    with pytest.raises(ludoteca.IllegalAction, match="less than 3"):
        g.apply("sucesiones 1")
    play(g, (0, "sucesiones 3"))                    # V = 7: at most 2 €
    assert legal(g) == ["importe 1", "importe 2", "no-cobrar"]
    with pytest.raises(ludoteca.IllegalAction, match="1 to 2"):
        g.apply("importe 3")
    play(g, (0, "importe 2"))
    assert g.to_move == (3,)                        # the target picks his disks (SOM-15.4)
    play(g, (3, "pagar-mossos"))
    assert values(g) == ([9, 2, 3, 5], 17)


def test_som_15_2_third_rounded_down():
    """SOM-15.2: ⌊V/3⌋: a target holding 3 € can be levied 1 € only."""
    g = game(options={"mode": "B"}, cells={8: "C-IDS"}, disks=LEVY_HANDS, phase="accion",
             face=1)
    play(g, (0, "mover 8"), (0, "sucesiones 2"))
    assert legal(g) == ["importe 1", "no-cobrar"]


def test_som_15_3_justicia_levy_once_per_turn_single_target():
    """SOM-15.3: one target, once per turn, however many justicia disks the GH holds:
    re-entering the card this turn opens no second levy."""
    hands = {**LEVY_HANDS, 0: {"justicia": 2, "sanidad": 1, "bosques": 1}}
    g = game(options={"mode": "B"}, cells={8: "C-IDS"}, disks=hands, phase="accion", face=1)
    play(g, (0, "mover 8"), (0, "sucesiones 3"), (0, "importe 1"), (3, "pagar-bosques"))
    assert g.view(None)["phase"] == "movimiento" and g.view(None)["levies_used"]["sucesiones"]
    assert not any(a.startswith("sucesiones") for a in legal(g))
    ev = play(g, (0, f"mover {CN}"), (0, "mover 8"))
    assert "cobro" not in kinds(ev) and g.view(None)["phase"] == "movimiento"


def test_som_15_4_target_pays_his_choice_with_change_and_justicia_is_kept():
    """SOM-15.4: the levied player pays with disks he picks, with change if needed; the GH
    keeps his justicia disk."""
    hands = {**LEVY_HANDS, 3: {"educacion": 1, "mossos": 1}}    # 4 €, 2 € disks only
    g = game(options={"mode": "B"}, cells={8: "C-IDS"}, disks=hands, phase="accion", face=1)
    play(g, (0, "mover 8"), (0, "sucesiones 3"))
    assert legal(g) == ["importe 1", "no-cobrar"]
    play(g, (0, "importe 1"))
    assert g.to_move == (3,) and legal(g) == ["pagar-educacion", "pagar-mossos"]
    ev = play(g, (3, "pagar-mossos")) + settle(g)
    assert first(ev, "cambio").data["giver"] is None           # Hisenda splits the disk
    assert values(g)[0] == [8, 2, 3, 3]
    assert disks(g, 0)["justicia"] == 1 and disks(g, 3)["educacion"] == 1


def test_som_15_5_sanidad_levy_up_to_k_citizens():
    """SOM-15.5: with k = 2 sanidad disks the GH takes 1 € from each of up to 2 other
    citizens (the payer may need change)."""
    g = game(options={"mode": "B"}, cells={8: "C-EPR"}, disks=LEVY_HANDS, phase="accion",
             face=1)
    ev = play(g, (0, "mover 8"))
    assert first(ev, "cobro").data == {"player": 0, "levy": "recepta", "k": 2}
    assert legal(g) == ["recepta 1", "recepta 2", "recepta 3", "no-cobrar"]
    ev = play(g, (0, "recepta 1")) + settle(g)
    assert first(ev, "cambio").data["player"] == 1               # seat 1 splits its 2 €
    assert legal(g) == ["recepta 2", "recepta 3", "no-cobrar"]
    ev = play(g, (0, "recepta 2"))
    assert g.view(None)["phase"] == "movimiento" and "parar" in legal(g)   # k used up
    assert values(g)[0] == [9, 1, 2, 7]


def test_som_15_6_sanidad_levy_once_per_turn_nobody_twice():
    """SOM-15.6: a chosen citizen is not offered again, and after the levy (even declined
    part-way) re-entering the card this turn opens nothing."""
    hands = {**LEVY_HANDS, 0: {"sanidad": 3, "bosques": 1}, 3: {"justicia": 1,
                                                                "educacion": 1, "mossos": 1}}
    g = game(options={"mode": "B"}, cells={8: "C-EPR"}, disks=hands, phase="accion", face=1)
    play(g, (0, "mover 8"), (0, "recepta 3"))
    settle(g)
    assert "recepta 3" not in legal(g)
    with pytest.raises(ludoteca.IllegalAction, match="already paid"):
        g.apply("recepta 3")
    play(g, (0, "no-cobrar"))
    ev = play(g, (0, f"mover {CN}"), (0, "mover 8"))
    assert "cobro" not in kinds(ev)


def test_som_15_7_a_citizen_with_nothing_is_not_a_target_and_levies_never_intervene():
    """SOM-15.7 (G17): a citizen holding 0 € cannot be chosen; a citizen holding exactly 1 €
    pays it and the game goes on."""
    hands = {**LEVY_HANDS, 1: {}, 2: {"vias": 1}}
    g = game(options={"mode": "B"}, cells={8: "C-EPR"}, disks=hands, phase="accion", face=1)
    play(g, (0, "mover 8"))
    assert legal(g) == ["recepta 2", "recepta 3", "no-cobrar"]
    with pytest.raises(ludoteca.IllegalAction, match="0 €"):
        g.apply("recepta 1")
    play(g, (0, "recepta 2"))
    assert values(g)[0][2] == 0 and not g.is_over
    assert g.view(None)["stage"] == "accion"


def test_som_15_8_levy_needs_the_gh_to_step_onto_the_card_in_phase_4():
    """SOM-15.8: standing on the card at the start of the turn is not enough; stepping onto it
    again while face up (phase 4, own turn) does open the levy."""
    g = game(options={"mode": "B"}, cells={8: "C-EPR", 9: "C-01"}, face_up=[8, 9],
             citizens={0: 8}, disks=LEVY_HANDS, phase="accion", face=1)
    assert g.view(None)["phase"] == "movimiento"                # no levy for standing there
    ev = play(g, (0, "mover 9"))
    assert "cobro" not in kinds(ev)
    ev = play(g, (0, "mover 8"))
    assert "cobro" in kinds(ev) and g.view(None)["phase"] == "cobro"


# ----- SOM-15: exchanges ----------------------------------------------------------------------
def cohesion(hands, **kw):
    return game(options={"mode": "B"}, disks=hands, phase="cohesion", face=6, **kw)


def swaps(g):
    return [a for a in legal(g) if a.startswith("canjear-")]


def test_som_15_9_educacion_pair_takes_a_justicia():
    """SOM-15.9: 2 educación take a justicia: one educación to the target, one to Hisenda."""
    g = cohesion({0: {"educacion": 2, "bosques": 1}, 1: {"justicia": 1, "vias": 1}})
    assert swaps(g) == ["canjear-educacion 1"]
    (vals, hv) = values(g)
    ev = play(g, (0, "canjear-educacion 1"))
    assert first(ev, "canje").rule == "SOM-15.9"
    assert disks(g, 0) == {"justicia": 1, "bosques": 1}
    assert disks(g, 1) == {"educacion": 1, "vias": 1}
    assert values(g) == ([vals[0] - 2, vals[1], vals[2], vals[3]], hv + 2)


def test_som_15_10_obras_publicas_pair_takes_an_interior_disk():
    """SOM-15.10: 2 vías férreas (or 2 carreteras) take a mossos or a bomberos, the GH's
    choice; a mixed vía + carretera pair does not qualify."""
    g = cohesion({0: {"vias": 2, "sanidad": 1}, 2: {"mossos": 1}, 3: {"bomberos": 1}})
    assert swaps(g) == ["canjear-vias-mossos 2", "canjear-vias-bomberos 3"]
    ev = play(g, (0, "canjear-vias-bomberos 3"))
    assert first(ev, "canje").rule == "SOM-15.10"
    assert disks(g, 0) == {"bomberos": 1, "sanidad": 1} and disks(g, 3) == {"vias": 1}
    g = cohesion({0: {"carreteras": 2}, 2: {"mossos": 1}})
    assert swaps(g) == ["canjear-carreteras-mossos 2"]
    g = cohesion({0: {"vias": 1, "carreteras": 1, "sanidad": 1}, 2: {"mossos": 1}})
    assert swaps(g) == []
    with pytest.raises(ludoteca.IllegalAction, match="two"):
        g.apply("canjear-vias-mossos 2")


def test_som_15_11_bosques_pair_takes_a_sanidad():
    """SOM-15.11: 2 bosques take a sanidad: the GH gains 2 − 2 = 0 €, the target loses 1 €,
    Hisenda gains 1 €."""
    g = cohesion({0: {"bosques": 2, "educacion": 1}, 2: {"sanidad": 1}})
    (vals, hv) = values(g)
    play(g, (0, "canjear-bosques 2"))
    assert disks(g, 0) == {"sanidad": 1, "educacion": 1} and disks(g, 2) == {"bosques": 1}
    assert values(g) == ([vals[0], vals[1], vals[2] - 1, vals[3]], hv + 1)


def test_som_15_12_territorio_pair_takes_an_educacion():
    """SOM-15.12: 2 energías or 2 vivienda take an educación; a mixed pair does not qualify."""
    g = cohesion({0: {"energias": 2, "sanidad": 1}, 1: {"educacion": 1}})
    assert swaps(g) == ["canjear-energias 1"]
    g = cohesion({0: {"vivienda": 2, "sanidad": 1}, 1: {"educacion": 1}})
    assert swaps(g) == ["canjear-vivienda 1"]
    play(g, (0, "canjear-vivienda 1"))
    assert disks(g, 0) == {"educacion": 1, "sanidad": 1} and disks(g, 1) == {"vivienda": 1}
    g = cohesion({0: {"energias": 1, "vivienda": 1, "sanidad": 1}, 1: {"educacion": 1}})
    assert swaps(g) == []


def test_som_15_13_exchanges_optional_repeatable_phase_3_only():
    """SOM-15.13 (G16): exchanges are optional (``terminar`` is always there), may be repeated
    while the requirements hold, and exist only in phase 3 of the GH's own turn."""
    hands = {0: {"energias": 2, "vivienda": 2, "sanidad": 1}, 1: {"educacion": 1},
             2: {"educacion": 1}, 3: {"mossos": 1}}
    g = game(options={"mode": "B"}, dice=[1], disks=hands, phase="cohesion", face=6)
    assert "terminar" in legal(g)
    play(g, (0, "canjear-energias 1"))
    assert "canjear-vivienda 2" in swaps(g)
    play(g, (0, "canjear-vivienda 2"))
    assert disks(g, 0) == {"educacion": 2, "sanidad": 1} and swaps(g) == []
    play(g, (0, "terminar"))                         # phase 4: no exchange any more
    assert g.view(None)["phase"] == "movimiento" and swaps(g) == []
    with pytest.raises(ludoteca.IllegalAction, match="not possible now"):
        g.apply("canjear-educacion 1")


def test_som_15_13_no_exchange_outside_phase_3():
    """SOM-15.13: in phase 4 (S10 c′) the carreteras pair that could take a mossos in phase 3
    offers nothing."""
    hands = {0: {"carreteras": 2, "sanidad": 1}, 3: {"mossos": 1}}
    g = cohesion(hands)
    assert swaps(g) == ["canjear-carreteras-mossos 3"]
    g = game(options={"mode": "B"}, disks=hands, phase="accion", face=1)
    assert swaps(g) == []
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("canjear-carreteras-mossos 3")


# ----- SOM-15: interior protection -------------------------------------------------------------
PROT_HANDS = {0: {"mossos": 1, "sanidad": 1}, 1: {"mossos": 1, "vias": 1},
              2: {"bomberos": 1, "bosques": 1}, 3: {"educacion": 1, "vivienda": 1}}


def spain_b(pile, hands=PROT_HANDS, **kw):
    g = game(options={"mode": "B"}, cells={16: "E-1", **kw.pop("cells", {})}, pile=pile,
             disks=hands, phase="accion", face=1, **kw)
    play(g, (0, "mover 16"))
    return g


def test_som_15_14_gh_protects_from_none_to_all():
    """SOM-15.14: the GH chooses how many urna cards of the pile to protect, from none
    (``recoger`` at once) to all of them."""
    g = spain_b(["U-1", "U-2", "U-3"])
    assert legal(g) == ["proteger-mossos 0", "proteger-mossos 1", "proteger-bomberos 2",
                        "recoger"]
    ev = play(g, (0, "recoger"))
    assert sorted(first(ev, "recogida").data["cards"]) == ["U-1", "U-2", "U-3"]
    assert g.view(None)["urna"] == []
    g = spain_b(["U-1", "U-2", "U-3"])
    play(g, (0, "proteger-mossos 0"), (0, "proteger-mossos 1"))
    ev = play(g, (0, "proteger-bomberos 2"))        # all three: collection follows at once
    assert first(ev, "recogida").data["protected"] == ["U-1", "U-2", "U-3"]
    assert g.view(None)["urna"] == ["U-1", "U-2", "U-3"]


def test_som_15_15_gh_orders_other_players_disks_and_they_must_hand_them_over():
    """SOM-15.15: the GH names the providers, himself included; a named player hands over his
    disk without being asked."""
    g = spain_b(["U-1", "U-2"])
    ev = play(g, (0, "proteger-bomberos 2"))
    assert g.to_move == (0,)                        # seat 2 never had to act
    assert first(ev, "proteccion").data["from"] == 2 and "bomberos" not in disks(g, 2)
    play(g, (0, "proteger-mossos 0"))
    assert "mossos" not in disks(g, 0)


def test_som_15_16_one_interior_disk_per_card_mossos_or_bomberos_only():
    """SOM-15.16: each protection takes exactly one mossos or bomberos disk; no other type is
    offered, and no more protections than cards in the pile."""
    hands = {0: {"mossos": 2, "sanidad": 1}, 1: {"bomberos": 2}, 2: {"justicia": 1}}
    g = spain_b(["U-1"], hands=hands)
    assert legal(g) == ["proteger-mossos 0", "proteger-bomberos 1", "recoger"]
    with pytest.raises(ludoteca.IllegalAction, match="no .*disk"):
        g.apply("proteger-mossos 2")
    ev = play(g, (0, "proteger-mossos 0"))          # pile of 1: protected, collection follows
    assert disks(g, 0) == {"mossos": 1, "sanidad": 1}
    assert first(ev, "recogida").data["protected"] == ["U-1"]


def test_som_15_17_interior_disks_go_to_hisenda():
    """SOM-15.17: each disk used goes to Hisenda (+2 €)."""
    g = spain_b(["U-1", "U-2", "U-3"])
    (vals, hv) = values(g)
    ev = play(g, (0, "proteger-mossos 1"), (0, "proteger-bomberos 2"))
    assert g.view(None)["phase"] == "proteccion"                 # a third one is possible
    assert values(g) == ([vals[0], vals[1] - 2, vals[2] - 2, vals[3]], hv + 4)
    assert g.view(None)["hisenda"]["twos"] == 12 - 5 + 2
    assert [e.rule for e in ev] == ["SOM-15.17", "SOM-15.17"]


def test_som_15_18_protected_cards_stay_but_only_for_this_event():
    """SOM-15.18 (G15): a protected urna card stays in the pile; at the next Spain event it is
    collected unless protected again with new disks."""
    hands = {0: {"mossos": 1, "sanidad": 1, "vias": 1}, 1: {"mossos": 1, "vivienda": 1},
             2: {"bomberos": 1, "bosques": 1}, 3: {"educacion": 1, "carreteras": 1}}
    g = game(options={"mode": "B"}, dice=[1], cells={16: "E-1", 14: "E-2"},
             pile=["U-1", "U-2"], disks=hands, phase="accion", face=1)
    play(g, (0, "mover 16"), (0, "proteger-mossos 0"), (0, "recoger"))
    assert g.view(None)["urna"] == ["U-1"]
    pay_taxes(g)
    play(g, (1, "tirar"), (1, "terminar"))
    play(g, (1, "mover 14"))                        # E-2 is still face down next to CN
    assert g.view(None)["phase"] == "proteccion"
    ev = play(g, (1, "recoger"))
    assert first(ev, "recogida").data["cards"].count("U-1") == 1
    assert g.view(None)["urna"] == []


def test_som_15_19_no_powers_outside_mode_b():
    """SOM-15.19: in modes A and AC, disk types give no power: no exchanges in phase 3 and no
    interior protection in a Spain event."""
    hands = {0: {"educacion": 2, "mossos": 1}, 1: {"justicia": 1}}
    for mode in ("A", "AC"):
        g = game(options={"mode": mode}, disks=hands, phase="cohesion", face=6)
        assert swaps(g) == []
        g = game(options={"mode": mode}, cells={16: "E-1"}, pile=["U-1"], disks=hands,
                 phase="accion", face=1)
        ev = play(g, (0, "mover 16"))
        assert "recogida" in kinds(ev) and g.view(None)["urna"] == []
