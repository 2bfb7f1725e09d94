"""Rule tests for «Som el que decidim!», checklist section 9: phase 3, social cohesion
(SOM-9.x). The GH gives disks to other citizens and earns 1 PD per euro given, taken from the
receiver first, then from Concentració nacional, else lost (ruling G24)."""

from __future__ import annotations

import random

import pytest
from som_support import FOUR_HANDS, SERVICES, game, legal, pds, play, values

import ludoteca


def cohesion(n=4, hands=None, **extra):
    hands = hands if hands is not None else {s: FOUR_HANDS[s] for s in range(n)}
    return game(n, disks=hands, phase="cohesion", face=extra.pop("face", 6), **extra)


# ----- SOM-9.1 / 9.2 / 9.3 --------------------------------------------------------------------
def test_som_9_1_cohesion_is_optional():
    """SOM-9.1: the GH may end phase 3 at once, giving nothing."""
    g = cohesion()
    assert "terminar" in legal(g)
    before = values(g), pds(g)
    ev = play(g, (0, "terminar"))
    assert [e.kind for e in ev][:2] == ["fin_cohesion", "accion"]
    assert (values(g), pds(g)) == before and g.view(None)["stage"] == "accion"


def test_som_9_1_any_number_of_gifts():
    """SOM-9.1: no maximum: the GH may give all but one of his disks, one after another."""
    g = cohesion(hands={**FOUR_HANDS, 0: {"sanidad": 1, "bosques": 1, "vivienda": 1,
                                          "mossos": 1}})
    for to in (1, 2, 3):
        play(g, (0, next(a for a in legal(g) if a.endswith(f" {to}"))))
    assert values(g)[0][0] in (1, 2) and legal(g) == ["terminar"]


def test_som_9_2_disks_received_this_turn_may_be_given():
    """SOM-9.2: a GH holding only 1 € disks receives 2 € disks from the transfer and may
    give them away in the same turn."""
    hands = {**FOUR_HANDS, 0: {"bosques": 1, "vivienda": 1}}
    g = game(4, dice=[1], disks=hands, phase="transferencia")
    ev = play(g, (0, "tirar"))
    received = next(e for e in ev if e.kind == "transferencia").data["disks"]
    assert received and all(t in SERVICES for t in received)
    gift = next(a for a in legal(g) if a.split()[0][4:] in SERVICES and a.endswith(" 2"))
    before, _ = values(g)
    play(g, (0, gift))
    after, _ = values(g)
    assert after[0] == before[0] - 2 and after[2] == before[2] + 2


@pytest.mark.parametrize("n", [2, 3, 4])
def test_som_9_3_only_other_citizens_in_play_receive(n):
    """SOM-9.3: the GH gives only to other seats in play — not to himself, not to Hisenda."""
    for gh in range(n):
        g = cohesion(n, gh=gh)
        targets = {int(a.split()[1]) for a in legal(g) if a.startswith("dar-")}
        assert targets == set(range(n)) - {gh}
        with pytest.raises(ludoteca.IllegalAction):
            g.apply(f"dar-sanidad {gh}", seat=gh)
        if n < 4:
            with pytest.raises(ludoteca.IllegalAction):
                g.apply("dar-sanidad 3", seat=gh)
        assert not any("hisenda" in a for a in legal(g))


# ----- SOM-9.4: the last disk ------------------------------------------------------------------
def test_som_9_4_gh_keeps_at_least_one_disk():
    """SOM-9.4: a gift that would leave the GH with no disk is illegal."""
    g = cohesion(hands={**FOUR_HANDS, 0: {"sanidad": 1, "bosques": 1}})
    assert any(a.startswith("dar-") for a in legal(g))
    play(g, (0, "dar-sanidad 1"))
    assert legal(g) == ["terminar"]
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("dar-bosques 2", seat=0)
    assert g.view(None)["players"][0]["disks"] == {"bosques": 1}
    one = cohesion(hands={**FOUR_HANDS, 0: {"sanidad": 1}})
    assert legal(one) == ["terminar"]


# ----- SOM-9.5 / 9.6 / 9.7: participation disks ------------------------------------------------
def test_som_9_5_one_pd_per_euro_given():
    """SOM-9.5: 1 PD for a 1 € disk, 2 PDs for a 2 € disk."""
    g = cohesion()
    play(g, (0, "dar-bosques 1"))
    assert pds(g) == ([1, 0, 0, 0], 11)
    play(g, (0, "dar-sanidad 2"))
    assert pds(g) == ([3, 0, 0, 0], 9)
    ev = play(g, (0, "dar-mossos 3"))
    d = next(e for e in ev if e.kind == "donacion").data
    assert d["value"] == 2 and d["pd_from_player"] + d["pd_from_cn"] == 2
    assert pds(g) == ([5, 0, 0, 0], 7)


def test_som_9_6_pd_sources_receiver_then_cn_then_nothing():
    """SOM-9.6 (checklist S3): PDs come from the receiver, then from CN, else are lost."""
    g = cohesion(pd={1: 3, 3: 1})
    assert pds(g) == ([0, 3, 0, 1], 8)
    play(g, (0, "dar-sanidad 1"))             # 2 from B
    assert pds(g) == ([2, 1, 0, 1], 8)
    play(g, (0, "dar-bosques 2"))             # C has none: 1 from CN
    assert pds(g) == ([3, 1, 0, 1], 7)
    play(g, (0, "dar-mossos 3"))              # 1 from D, then 1 from CN
    assert pds(g) == ([5, 1, 0, 0], 6)
    assert legal(g) == ["terminar"]           # the last disk stays (SOM-9.4)
    # CN empty: the gift still happens, nothing is earned
    g = cohesion(pd={1: 12}, pd_cn=0)
    ev = play(g, (0, "dar-bosques 2"))
    d = next(e for e in ev if e.kind == "donacion").data
    assert (d["pd_from_player"], d["pd_from_cn"], d["pd_lost"]) == (0, 0, 1)
    assert pds(g) == ([0, 12, 0, 0], 0) and values(g)[0][2] == 7


def test_som_9_7_pds_worked_out_per_disk_when_given():
    """SOM-9.7 (G24): each gift is settled at once, on the holdings of that moment: a 2 €
    gift to a receiver with 1 PD takes 1 from him and 1 from CN; a later gift to him takes
    from CN only."""
    g = cohesion(pd={1: 1, 3: 10}, pd_cn=1)
    ev = play(g, (0, "dar-sanidad 1"))
    d = next(e for e in ev if e.kind == "donacion").data
    assert (d["pd_from_player"], d["pd_from_cn"], d["pd_lost"]) == (1, 1, 0)
    assert pds(g) == ([2, 0, 0, 10], 0)
    ev = play(g, (0, "dar-bosques 1"))
    d = next(e for e in ev if e.kind == "donacion").data
    assert (d["pd_from_player"], d["pd_from_cn"], d["pd_lost"]) == (0, 0, 1)
    assert pds(g) == ([2, 0, 0, 10], 0)


@pytest.mark.parametrize("order", [("dar-sanidad 1", "dar-bosques 2", "dar-mossos 1"),
                                   ("dar-mossos 1", "dar-sanidad 1", "dar-bosques 2"),
                                   ("dar-bosques 2", "dar-mossos 1", "dar-sanidad 1")])
def test_som_9_7_gifts_in_any_order_follow_the_same_rule(order):
    """SOM-9.7: whatever the order, each gift takes from its receiver first, then CN; with
    CN short the shortfall is lost at the moment of the gift. (Under ruling G24 the totals
    per source come out the same for every order; see the report.) Mode B, so that the
    disk types named are offered."""
    hands = {**FOUR_HANDS, 0: {"sanidad": 1, "mossos": 1, "bosques": 1, "vivienda": 1}}
    g = cohesion(hands=hands, pd={1: 1, 3: 9}, pd_cn=2, options={"mode": "B"})
    for a in order:
        before = pds(g)
        ev = play(g, (0, a))
        d = next(e for e in ev if e.kind == "donacion").data
        to = int(a.split()[1])
        earn = d["value"]
        assert d["pd_from_player"] == min(earn, before[0][to])
        assert d["pd_from_cn"] == min(earn - d["pd_from_player"], before[1])
        assert d["pd_lost"] == earn - d["pd_from_player"] - d["pd_from_cn"]
    assert pds(g) == ([3, 0, 0, 9], 0)


# ----- SOM-9.8: no other voluntary gift --------------------------------------------------------
@pytest.mark.parametrize("mode", ["A", "B", "C"])
def test_som_9_8_only_the_gh_gives_and_only_in_phase_3(mode):
    """SOM-9.8: over random play, a `dar-` action is only ever legal for the GH in phase 3,
    and the only `donacion` events come from such gifts."""
    rng = random.Random(7)
    for seed in range(3):
        g = ludoteca.new_game("som", players=4, seed=seed, options={"mode": mode,
                                                                  "max_turns": 12})
        while not g.is_over:
            v = g.view(None)
            for seat in range(4):
                gifts = [a for a in legal(g, seat) if a.startswith("dar-")]
                if gifts:
                    assert v["phase"] == "cohesion" and seat == v["gh"]
            seat = rng.choice(list(g.to_move))
            action = str(rng.choice(g.legal_actions(seat)))
            ev = play(g, (seat, action))
            gifts = [e for e in ev if e.kind == "donacion"]
            assert len(gifts) == (1 if action.startswith("dar-") else 0)


def test_som_9_8_no_gift_action_outside_cohesion():
    """SOM-9.8: in phases 1, 2 and 4 no one may give a disk."""
    g = game(4, disks=FOUR_HANDS)                    # phase 1: the GH chooses how to pay
    assert g.view(None)["stage"] == "tributacion"
    for seat in range(4):
        assert not any(a.startswith("dar-") for a in legal(g, seat))
        with pytest.raises(ludoteca.IllegalAction):
            g.apply("dar-bosques 1" if seat != 1 else "dar-bosques 2", seat=seat)
    t = game(4, disks=FOUR_HANDS, phase="transferencia")
    assert legal(t) == ["tirar"]
    m = game(4, disks=FOUR_HANDS, phase="accion", face=6)
    assert not any(a.startswith("dar-") for a in legal(m))


# ----- SOM-9.9: mode B exchanges in phase 3 ----------------------------------------------------
def test_som_9_9_mode_b_exchanges_in_phase_3():
    """SOM-9.9 (G16): in mode B the GH may also make exchanges in phase 3 (here educación for
    a justicia); not in mode A, and not in phase 4."""
    hands = {**FOUR_HANDS, 0: {"educacion": 2, "bosques": 1, "vivienda": 1},
             1: {"sanidad": 1, "mossos": 1, "bosques": 1, "vivienda": 1},
             2: {"sanidad": 2, "bosques": 1, "vivienda": 1}}
    b = cohesion(hands=hands, options={"mode": "B"})
    swaps = [a for a in legal(b) if a.startswith("canjear-")]
    assert swaps == ["canjear-educacion 3"]              # only seat 3 holds a justicia
    before, bank = values(b)
    play(b, (0, "canjear-educacion 3"))
    after, bank2 = values(b)
    assert b.view(None)["players"][0]["disks"].get("justicia") == 1
    assert after[0] == before[0] - 2 and after[3] == before[3] and bank2 == bank + 2
    a = cohesion(hands=hands)
    assert not any(x.startswith("canjear-") for x in legal(a))
    m = game(4, options={"mode": "B"}, disks=hands, phase="accion", face=1)
    assert not any(x.startswith("canjear-") for x in legal(m))


# ----- SOM-9.10: solo --------------------------------------------------------------------------
def test_som_9_10_no_cohesion_in_solo():
    """SOM-9.10: solo, the roll leads straight to phase 4."""
    g = game(1, dice=[1], phase="transferencia")
    ev = play(g, (0, "tirar"))
    assert "accion" in [e.kind for e in ev] and g.view(None)["stage"] == "accion"
    assert not any(a.startswith(("dar-", "terminar")) for a in legal(g))
    with pytest.raises(ludoteca.InvalidOption):
        game(1, phase="cohesion", face=1)
