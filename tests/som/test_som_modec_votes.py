"""«Som el que decidim!» rule tests: mode C (SOM-16.x): Sufragi universal, early elections and the
motion of censure, with open declarations of sides and secret simultaneous bids.

Sufragi universal (W-SU) is put face up on cell 16, next to CN on cell 15. F1 moves the GH,
F4 (naranja) moves seat 2 and F6 moves everybody (GH first)."""

from __future__ import annotations

import json

import pytest
from som_support import CN, FOUR_HANDS, first, kinds, legal, pds, play, values

import ludoteca

SU = 16
PDS = {0: 3, 1: 2, 2: 2, 3: 1}                      # CN holds the other 4


def game(n=4, options=None, dice=(), seed=1, cells=None, **arrangement):
    g = ludoteca.new_game("som", players=n, seed=seed, options=options or {"mode": "C"},
                          dice=list(dice))
    if "disks" in arrangement:
        arrangement["disks"] = {s: {} for s in range(n)} | arrangement["disks"]
    g.arrange(cells={CN: "CN", SU: "W-SU", **(cells or {})}, face_up=[SU], **arrangement)
    g._check_invariants()
    return g


def elections(pd=PDS, hands=FOUR_HANDS, options=None, dice=(), gh=0):
    """The GH steps onto Sufragi universal and calls elections."""
    g = game(options=options, dice=dice, disks=hands, pd=pd, gh=gh, phase="accion", face=1)
    play(g, (gh, f"mover {SU}"), (gh, "elecciones"))
    return g


def motion(pd=PDS, hands=FOUR_HANDS, dice=()):
    """Seat 2 (naranja, F4) steps onto Sufragi universal and brings a motion against seat 0."""
    g = game(dice=dice, disks=hands, pd=pd, phase="accion", face=4)
    play(g, (2, f"mover {SU}"), (2, "mocion"))
    return g


def bid(g, bids):
    """Every seat still to bid bids its amount; return the events."""
    ev = []
    for s, b in bids.items():
        if s in g.to_move:
            ev += play(g, (s, f"pujar {b}"))
    return ev


# ----- Sufragi universal -------------------------------------------------------------------
def test_som_16_1_mode_c_on_b_and_directly_on_a():
    """SOM-16.1: C played on B (mode "C") costs a mossos disk; C played on A (mode "AC")
    costs 3 € instead, paid to Hisenda."""
    g = elections()
    assert "mossos" not in g.view(None)["players"][0]["disks"]
    assert values(g) == ([4, 6, 6, 6], 12 + 2)
    g = game(options={"mode": "AC"}, disks=FOUR_HANDS, pd=PDS, phase="accion", face=1)
    play(g, (0, f"mover {SU}"))
    assert legal(g) == ["elecciones", "declinar"]
    ev = play(g, (0, "elecciones"))
    while g.view(None)["phase"] in ("pago", "cambio"):
        ev += play(g, (g.to_move[0], legal(g)[0]))
    assert sum(-e.data["amount"] for e in ev if e.kind == "pago") == 3
    assert all(e.data["to"] is None for e in ev if e.kind == "pago")
    assert values(g) == ([3, 6, 6, 6], 12 + 3)
    assert g.view(None)["phase"] == "declaracion"


@pytest.mark.parametrize("face_up", [True, False])
def test_som_16_2_trigger_face_up_or_revealed_by_the_step(face_up):
    """SOM-16.2 (G20): a citizen placed on Sufragi universal in phase 4 sets it off, whether it
    lay face up or was revealed by that step; a non-GH mover too."""
    g = ludoteca.new_game("som", players=4, seed=1, options={"mode": "C"})
    g.arrange(cells={CN: "CN", SU: "W-SU"}, face_up={SU: face_up}, disks=FOUR_HANDS,
              phase="accion", face=4)
    ev = play(g, (2, f"mover {SU}"))
    assert ("revelar" in kinds(ev)) is (not face_up)
    su = first(ev, "sufragio")
    assert su.rule == "SOM-16.2" and su.data == {"player": 2, "gh": 0}


def test_som_16_3_the_mover_declares_at_once():
    """SOM-16.3: once placed there, the mover must say whether he uses the card: no step, no
    stop, only that choice (GH: elections or decline; others: motion or decline)."""
    g = game(disks=FOUR_HANDS, phase="accion", face=1)
    play(g, (0, f"mover {SU}"))
    assert g.to_move == (0,) and legal(g) == ["elecciones", "declinar"]
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("parar")
    g = game(disks=FOUR_HANDS, phase="accion", face=4)
    play(g, (2, f"mover {SU}"))
    assert g.to_move == (2,) and legal(g) == ["mocion", "declinar"]


@pytest.mark.parametrize("use", [False, True])
def test_som_16_4_turn_ends_and_waiting_movers_do_not_move(use):
    """SOM-16.4 (G20): after the declaration (and any vote) the turn ends; the 3rd and 4th
    movers of the all-move never move."""
    g = ludoteca.new_game("som", players=4, seed=1, options={"mode": "C"})
    g.arrange(cells={CN: "CN", SU: "W-SU", 14: "W-01"}, face_up=[SU, 14], disks=FOUR_HANDS,
              pd={1: 2, 2: 1}, phase="accion", face=6)
    play(g, (0, "mover 14"))
    ev = play(g, (1, f"mover {SU}"))
    assert g.view(None)["movers_left"] == [2, 3]
    if use:
        ev += play(g, (1, "mocion"), (2, "apoyar 1"), (3, "abstenerse"), (1, "gobernador 1"))
        ev += bid(g, {1: 1, 2: 1})
    else:
        ev += play(g, (1, "declinar"))
    assert "fin_turno" in kinds(ev)
    assert not any(e.kind == "paso" and e.data["player"] in (2, 3) for e in ev)
    assert g.view(None)["citizens"][2:] == [CN, CN]


def test_som_16_5_declining_passes_the_generalitat_normally():
    """SOM-16.5: a declined card ends the turn and the next player in rotation is GH."""
    g = game(disks=FOUR_HANDS, phase="accion", face=4, gh=3)
    play(g, (2, f"mover {SU}"))
    ev = play(g, (2, "declinar"))
    assert kinds(ev)[:2] == ["declina", "fin_turno"] and ev[0].rule == "SOM-16.5"
    assert g.view(None)["gh"] == 0


def test_som_16_6_gh_calls_elections_others_bring_a_motion():
    """SOM-16.6: the GH may call elections but not a motion; another player the reverse."""
    g = game(disks=FOUR_HANDS, phase="accion", face=1)
    play(g, (0, f"mover {SU}"))
    with pytest.raises(ludoteca.IllegalAction, match="calls elections, not a motion"):
        g.apply("mocion")
    assert first(play(g, (0, "elecciones")), "elecciones").rule == "SOM-16.6"
    g = game(disks=FOUR_HANDS, phase="accion", face=4)
    play(g, (2, f"mover {SU}"))
    with pytest.raises(ludoteca.IllegalAction, match="only the Generalitat calls elections"):
        g.apply("elecciones")
    assert first(play(g, (2, "mocion")), "mocion").data == {"player": 2, "gh": 0}


def test_som_16_7_cost_of_elections():
    """SOM-16.7 (G29): with mode B the GH hands a mossos disk to Hisenda (a bomberos does not
    count); on A he pays 3 € and cannot call elections with less."""
    hands = {**FOUR_HANDS, 0: {"bomberos": 1, "sanidad": 1, "bosques": 1, "vivienda": 1}}
    g = game(disks=hands, phase="accion", face=1)
    play(g, (0, f"mover {SU}"))
    assert legal(g) == ["declinar"]
    with pytest.raises(ludoteca.IllegalAction, match="mossos"):
        g.apply("elecciones")
    g = elections()
    held_twos = sum(k for h in FOUR_HANDS.values() for t, k in h.items()
                    if t in ("justicia", "sanidad", "educacion", "mossos", "bomberos"))
    assert "mossos" not in g.view(None)["players"][0]["disks"]
    assert g.view(None)["hisenda"]["twos"] == 12 - held_twos + 1
    poor = {**FOUR_HANDS, 0: {"sanidad": 1}}
    g = game(options={"mode": "AC"}, disks=poor, phase="accion", face=1)
    play(g, (0, f"mover {SU}"))
    assert legal(g) == ["declinar"]
    with pytest.raises(ludoteca.IllegalAction, match="3 €"):
        g.apply("elecciones")


# ----- elections -----------------------------------------------------------------------------
def test_som_16_8_sides_declared_openly_in_rotation_from_the_gh():
    """SOM-16.8 (G19): before bidding each player, in rotation from the GH, declares openly
    whom he supports; a side is led by its member who named himself; a circle with nobody
    leading is refused; everybody belongs to exactly one side."""
    g = elections(gh=1, pd={0: 1, 1: 1, 2: 1, 3: 1}, hands={**FOUR_HANDS, 1: FOUR_HANDS[0],
                                                              0: FOUR_HANDS[1]})
    assert g.view(None)["vote"]["declaring"] == 1
    ev = play(g, (1, "apoyar 2"))                   # joins seat 2's side
    assert first(ev, "apoyo").data == {"player": 1, "supports": 2}
    assert g.to_move == (2,)
    assert "apoyar 1" not in legal(g)                # 2 -> 1 -> 2: nobody would lead
    with pytest.raises(ludoteca.IllegalAction, match="circle"):
        g.apply("apoyar 1")
    play(g, (2, "apoyar 2"), (3, "apoyar 1"), (0, "apoyar 0"))
    v = g.view(None)["vote"]
    assert v["declarations"] == {"0": 0, "1": 2, "2": 2, "3": 1}
    assert g.to_move == (0, 1, 2, 3)                 # bidding: declarations are over
    ev = bid(g, {0: 1, 1: 0, 2: 0, 3: 1})
    sides = g.view(None)["last_vote"]["sides"]
    assert sides == {"0": [0], "2": [1, 2, 3]}       # 3 -> 1 -> 2: seat 2 leads
    assert first(ev, "resultado_voto").data["totals"] == {"0": 1, "2": 1}


def test_som_16_9_bids_are_secret_simultaneous_and_revealed_together():
    """SOM-16.9: every seat with PDs bids 0 … its PDs, in any order, unseen; one reveal comes
    when the last bid is in. A seat with no PD bids 0 without being asked."""
    g = elections(pd={0: 3, 1: 2, 2: 2})
    play(g, (0, "apoyar 0"), (1, "apoyar 1"), (2, "apoyar 2"), (3, "apoyar 3"))
    assert g.to_move == (0, 1, 2)
    assert legal(g, 1) == ["pujar 0", "pujar 1", "pujar 2"]
    with pytest.raises(ludoteca.IllegalAction, match="0 to 2"):
        g.apply("pujar 3", seat=1)
    ev = play(g, (2, "pujar 2"))
    assert [(e.kind, e.data) for e in ev] == [("puja", {"player": 2})]
    ev = play(g, (0, "pujar 1"))
    assert "revelacion" not in kinds(ev)
    ev = play(g, (1, "pujar 0"))
    assert first(ev, "revelacion").data == {"bids": [1, 0, 2, 0]}


def test_som_16_10_and_16_11_side_totals_and_the_strictly_highest_side_wins():
    """SOM-16.10: a side's total is the sum of its members' bids. SOM-16.11: the strictly
    highest total wins; its leader takes the Generalitat."""
    g = elections()
    play(g, (0, "apoyar 0"), (1, "apoyar 2"), (2, "apoyar 2"), (3, "apoyar 3"))
    ev = bid(g, {0: 2, 1: 2, 2: 1, 3: 1})
    res = first(ev, "resultado_voto")
    assert res.rule == "SOM-16.11" and res.data["totals"] == {"0": 2, "2": 3, "3": 1}
    assert res.data["winner"] == 2 and g.view(None)["gh"] == 2


def test_som_16_12_the_gh_side_wins_a_tie_even_led_by_an_ally():
    """SOM-16.12 (G19): the GH's side ties for the top and wins; when the GH joined a side led
    by another member, that leader takes the Generalitat."""
    g = elections()
    play(g, (0, "apoyar 3"), (1, "apoyar 1"), (2, "apoyar 2"), (3, "apoyar 3"))
    ev = bid(g, {0: 1, 1: 2, 2: 0, 3: 1})
    res = first(ev, "resultado_voto")
    assert res.rule == "SOM-16.12" and res.data["totals"] == {"3": 2, "1": 2, "2": 0}
    assert res.data["winner"] == 3 and g.view(None)["gh"] == 3


def test_som_16_13_tied_sides_without_the_gh_unbid_pds_decide():
    """SOM-16.13: two sides without the GH tie above the GH's side: the one with more PDs left
    unbid (summed over an alliance) wins."""
    g = elections(pd={0: 1, 1: 1, 2: 3, 3: 2})
    play(g, (0, "apoyar 0"), (1, "apoyar 1"), (2, "apoyar 2"), (3, "apoyar 1"))
    # side 1 = {1, 3}: bids 1 + 1, unbid 0 + 1 = 1; side 2 = {2}: bid 2, unbid 1
    ev = bid(g, {0: 0, 1: 1, 2: 2, 3: 1})
    res = first(ev, "resultado_voto")
    assert res.data["totals"] == {"0": 0, "1": 2, "2": 2}
    assert res.rule == "SOM-16.14" and res.data["winner"] is None   # 1 unbid each: tied
    g = elections(pd={0: 1, 1: 1, 2: 3, 3: 3})
    play(g, (0, "apoyar 0"), (1, "apoyar 1"), (2, "apoyar 2"), (3, "apoyar 1"))
    ev = bid(g, {0: 0, 1: 1, 2: 2, 3: 1})              # side 1 unbid 0 + 2 = 2 > 1
    res = first(ev, "resultado_voto")
    assert res.rule == "SOM-16.13" and res.data["winner"] == 1
    assert g.view(None)["gh"] == 1


def test_som_16_14_still_tied_the_generalitat_passes_in_rotation():
    """SOM-16.14: tied on bids and on unbid PDs: the next player in rotation becomes GH."""
    g = elections(pd={0: 1, 1: 2, 2: 2, 3: 1}, gh=0)
    play(g, (0, "apoyar 0"), (1, "apoyar 1"), (2, "apoyar 2"), (3, "apoyar 3"))
    ev = bid(g, {0: 0, 1: 1, 2: 1, 3: 0})
    res = first(ev, "resultado_voto")
    assert res.rule == "SOM-16.14" and res.data == {"winner": None, "next": 1,
                                                    "totals": {"0": 0, "1": 1, "2": 1,
                                                               "3": 0}}
    assert g.view(None)["gh"] == 1


def test_som_16_15_every_bid_pd_goes_to_cn():
    """SOM-16.15: whatever the result, all bid PDs go to CN."""
    g = elections()
    play(g, (0, "apoyar 0"), (1, "apoyar 1"), (2, "apoyar 2"), (3, "apoyar 3"))
    ev = bid(g, {0: 2, 1: 2, 2: 1, 3: 0})
    assert first(ev, "votos_a_cn").data == {"pd": 5} and first(ev, "votos_a_cn").rule == \
        "SOM-16.15"
    assert pds(g) == ([1, 0, 1, 1], 4 + 5)


def test_som_16_16_winner_plays_a_full_turn_at_once_even_the_caller():
    """SOM-16.16: the winner takes the Generalitat out of rotation and plays a full turn from
    phase 1; a GH who wins his own elections plays again."""
    g = elections()
    play(g, (0, "apoyar 0"), (1, "apoyar 1"), (2, "apoyar 2"), (3, "apoyar 3"))
    ev = bid(g, {0: 3, 1: 0, 2: 0, 3: 0})
    i = kinds(ev).index("fin_turno")
    assert ev[i].rule == "SOM-16.16" and ev[i].data["next"] == 0
    assert ev[i + 1].kind == "turno" and ev[i + 1].data["player"] == 0
    assert g.view(None)["stage"] == "tributacion"      # phase 1 of the new turn
    assert g.view(None)["payment"]["payer"] == 1
    assert g.view(None)["gh"] == 0 and g.view(None)["turns_played"] == 1
    g = elections()
    play(g, (0, "apoyar 0"), (1, "apoyar 1"), (2, "apoyar 2"), (3, "apoyar 3"))
    ev = bid(g, {0: 0, 1: 0, 2: 2, 3: 0})
    assert g.view(None)["gh"] == 2 and first(ev, "turno").data["player"] == 2


def test_som_16_17_rotation_carries_on_after_the_out_of_turn_gh():
    """SOM-16.17: after the winner's turn (seat 2, who jumped over seat 1) comes seat 3."""
    g = elections(dice=[1])
    play(g, (0, "apoyar 0"), (1, "apoyar 1"), (2, "apoyar 2"), (3, "apoyar 3"))
    bid(g, {0: 0, 1: 0, 2: 2, 3: 0})
    assert g.view(None)["gh"] == 2
    while g.view(None)["stage"] == "tributacion":
        play(g, (g.to_move[0], legal(g)[0]))
    play(g, (2, "tirar"), (2, "terminar"))
    # the GH walks onto Sufragi universal again and declines: the turn ends normally
    ev = play(g, (2, f"mover {SU}"), (2, "declinar"))
    assert first(ev, "fin_turno").data["next"] == 3 and g.view(None)["gh"] == 3


# ----- motion of censure ----------------------------------------------------------------------
def test_som_16_18_a_motion_costs_nothing():
    """SOM-16.18: no disk and no euro is paid to bring a motion."""
    g = game(disks=FOUR_HANDS, pd=PDS, phase="accion", face=4)
    play(g, (2, f"mover {SU}"))
    before = g.state_dict()["players"], values(g)
    ev = play(g, (2, "mocion"))
    assert not any(e.kind in ("pago", "coste_elecciones") for e in ev)
    assert (g.state_dict()["players"], values(g)) == before


def test_som_16_19_two_sides_others_support_or_abstain_abstainers_count_for_nobody():
    """SOM-16.19 (G19): the others declare in rotation from the player after the GH, skipping
    challenger and GH: support one of the two, or abstain. An abstainer's bid counts for
    nobody but still goes to CN."""
    g = motion()
    assert g.to_move == (1,) and legal(g) == ["apoyar 0", "apoyar 2", "abstenerse"]
    with pytest.raises(ludoteca.IllegalAction, match="support"):
        g.apply("apoyar 3")
    play(g, (1, "abstenerse"))
    assert g.to_move == (3,)
    play(g, (3, "apoyar 0"))
    assert g.view(None)["vote"]["declarations"] == {"0": 0, "1": "abstiene", "2": 2, "3": 0}
    ev = bid(g, {0: 1, 1: 2, 2: 2, 3: 0})
    res = first(ev, "resultado_voto")
    assert res.data["totals"] == {"2": 2, "0": 1}          # seat 1's 2 PDs count for nobody
    assert res.data["winner"] == 2
    assert pds(g) == ([2, 0, 0, 1], 4 + 5)


def test_som_16_20_challenger_side_names_its_governor():
    """SOM-16.20: with allies, the challenger names before bidding which member governs if the
    motion wins; without allies it is the challenger."""
    g = motion()
    play(g, (1, "apoyar 0"), (3, "apoyar 2"))
    assert g.to_move == (2,) and legal(g) == ["gobernador 2", "gobernador 3"]
    play(g, (2, "gobernador 3"))
    ev = bid(g, {0: 0, 1: 0, 2: 2, 3: 1})
    assert first(ev, "resultado_voto").data["winner"] == 3 and g.view(None)["gh"] == 3
    g = motion()
    play(g, (1, "abstenerse"), (3, "apoyar 0"))
    assert g.to_move == (0, 1, 2, 3)                        # no governor to name
    ev = bid(g, {0: 0, 1: 0, 2: 1, 3: 0})
    assert first(ev, "resultado_voto").data["winner"] == 2


def test_som_16_21_anyone_may_bid_zero():
    """SOM-16.21: a supporter and even the challenger may bid 0."""
    g = motion()
    play(g, (1, "apoyar 2"), (3, "apoyar 2"), (2, "gobernador 2"))
    for s in range(4):
        assert "pujar 0" in legal(g, s)
    ev = bid(g, {0: 1, 1: 0, 2: 0, 3: 0})
    assert first(ev, "revelacion").data["bids"] == [1, 0, 0, 0]
    assert first(ev, "resultado_voto").rule == "SOM-16.23"


def test_som_16_22_challenger_side_higher_takes_the_generalitat():
    """SOM-16.22: the challenger's side out-bids the GH's: its governor is the next GH."""
    g = motion()
    play(g, (1, "apoyar 0"), (3, "apoyar 2"), (2, "gobernador 2"))
    ev = bid(g, {0: 1, 1: 1, 2: 2, 3: 1})
    res = first(ev, "resultado_voto")
    assert res.rule == "SOM-16.22" and res.data["winner"] == 2
    assert g.view(None)["gh"] == 2 and first(ev, "turno").data["player"] == 2


def test_som_16_23_incumbent_side_higher_keeps_the_gh_for_another_turn():
    """SOM-16.23: the GH's side wins: the GH plays another full turn."""
    g = motion()
    play(g, (1, "apoyar 0"), (3, "apoyar 2"), (2, "gobernador 2"))
    ev = bid(g, {0: 2, 1: 1, 2: 1, 3: 1})
    res = first(ev, "resultado_voto")
    assert res.rule == "SOM-16.23" and res.data["winner"] == 0 and res.data["next"] == 0
    assert g.view(None)["gh"] == 0 and g.view(None)["turns_played"] == 1


@pytest.mark.parametrize("bids", [{0: 1, 1: 1, 2: 1, 3: 1}, {0: 0, 1: 0, 2: 0, 3: 0}])
def test_som_16_24_any_tie_fails_and_the_generalitat_rotates(bids):
    """SOM-16.24: a tie, 0–0 included, means the motion fails and the next player in
    rotation (not the incumbent) becomes GH."""
    g = motion()
    play(g, (1, "apoyar 0"), (3, "apoyar 2"), (2, "gobernador 2"))
    ev = bid(g, bids)
    res = first(ev, "resultado_voto")
    assert res.rule == "SOM-16.24" and res.data["winner"] is None and res.data["next"] == 1
    assert g.view(None)["gh"] == 1


def test_som_16_25_motion_bids_go_to_cn():
    """SOM-16.25: all bid PDs go to CN whatever the result."""
    g = motion()
    play(g, (1, "apoyar 0"), (3, "apoyar 2"), (2, "gobernador 2"))
    ev = bid(g, {0: 3, 1: 1, 2: 2, 3: 1})
    v = first(ev, "votos_a_cn")
    assert v.rule == "SOM-16.25" and v.data == {"pd": 7}
    assert pds(g) == ([0, 1, 0, 0], 11)


def refusals(g):
    """The messages of a few refused bids (too high, or from a seat that has bid)."""
    out = []
    for seat, text in ((1, "pujar 1"), (2, "pujar 9"), (0, "pujar 7"), (None, "pujar 0")):
        with pytest.raises(ludoteca.IllegalAction) as err:
            g.apply(text, seat=seat)
        out.append((err.value.reason, err.value.reason_es))
    return out


def test_som_16_26_bids_stay_hidden_until_the_reveal():
    """SOM-16.26 (G28): a bid is shown only to its bidder; other views, sampled worlds, events
    and refusal messages carry no amount before the reveal; PD totals stay public."""
    games = {}
    for amount in (0, 2):
        g = elections()
        play(g, (0, "apoyar 0"), (1, "apoyar 1"), (2, "apoyar 2"), (3, "apoyar 3"))
        games[amount] = (g, play(g, (1, f"pujar {amount}")))
    assert refusals(games[0][0]) == refusals(games[2][0])
    assert [e.to_json() for e in games[0][1]] == [e.to_json() for e in games[2][1]]
    for seat in (None, 0, 2, 3):
        assert games[0][0].view(seat) == games[2][0].view(seat)
    g, ev = games[2]
    assert json.dumps([e.to_json() for e in ev]) == json.dumps(
        [{"kind": "puja", "rule": "SOM-16.9", "player": 1}])
    assert g.view(1)["vote"]["my_bid"] == 2
    for seat in (None, 0, 2, 3):
        v = g.view(seat)
        assert "my_bid" not in v["vote"] and v["vote"]["bids_in"] == [1]
        assert [p["pd"] for p in v["players"]] == [3, 2, 2, 1]    # totals stay public
        for k in range(5):
            assert g.determinize(seat, seed=k).view(seat) == v


def test_som_16_27_no_mode_c_solo():
    """SOM-16.27: mode C (and C on A) is refused for one player."""
    for mode in ("C", "AC"):
        with pytest.raises(ludoteca.InvalidOption, match="solo"):
            ludoteca.new_game("som", players=1, options={"mode": mode})
