"""Rule tests for «Som el que decidim!», checklist sections 4–5: the end of the game (SOM-4.x)
and the winners (SOM-5.x). Positions are built with ``arrange(...)`` and forced die faces
(F1 generalitat/4, F2 rosa/2, F3 lila/2, F4 naranja/2, F5 azul/2, F6 todos/0)."""

from __future__ import annotations

import pytest
from som_support import CN, game, hands, kinds, play

import ludoteca

ENDINGS = ("consulta", "intervencion", "dui")     # SOM-4.7 as spelt by our rulings


def finish_turn_on_world(g, seat):
    """The sole mover (GH, face 1) steps onto the world card at cell 16."""
    return play(g, (seat, "mover 16"))


def consulta_game(pd, n=4, dice=(6,)):
    """Pile at 3; the GH (seat 0, face 1) reveals the 4th urna card at cell 16."""
    return game(n, dice=dice, cells={CN: "CN", 16: "U-4"}, pile=["U-1", "U-2", "U-3"],
                pd=pd, phase="accion", face=1)


def dui_transfer_game(pd, gh=0, n=4):
    """Hisenda holds 3 € at the start of phase 2 and the forced roll is F1 (4 €)."""
    h = {"sanidad": 1, "bosques": 1}
    return game(n, dice=[1], disks=hands(n, h), hisenda=h, pd=pd, gh=gh,
                phase="transferencia")


def dui_card_game(pd, revealer=3, gh=0):
    """Hisenda holds 2 €; the blue citizen (seat 3, face F5) reveals a capacidad económica
    card (3 €) at cell 16."""
    h = {"sanidad": 1}
    face = {1: 3, 2: 4, 3: 5}[revealer]
    return game(4, disks=hands(4, h), hisenda=h, pd=pd, gh=gh,
                cells={CN: "CN", 16: "C-EC1"}, phase="accion", face=face)


# ----- SOM-4.x: end of the game ----------------------------------------------------------------
def test_som_4_1_consulta_mid_all_move_stops_everything():
    """SOM-4.1 (G26): the 4th urna card, revealed by the 2nd mover of an all-move, ends the
    game at once: the 3rd and 4th movers do not move, nothing else happens."""
    g = game(4, cells={CN: "CN", 14: "W-01", 16: "U-4"}, pile=["U-1", "U-2", "U-3"],
             phase="accion", face=6)
    play(g, (0, "mover 14"))
    assert g.to_move == (1,)
    ev = play(g, (1, "mover 16"))
    assert kinds(ev)[-2:] == ["consulta", "fin"] and "fin_turno" not in kinds(ev)
    assert g.is_over and g.to_move == () and g.legal_actions(2) == []
    assert g.view(None)["citizens"] == [14, CN, CN, CN]
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("mover 16", seat=2)


def test_som_4_1_intervention_means_no_roll():
    """SOM-4.1: an intervention in phase 1 ends the game before the die is rolled."""
    g = game(4, dice=[1], cells={CN: "CN", 16: "W-01"},
             disks=hands(4, {}, {2: {}}) | {2: {}}, hisenda={}, phase="accion", face=1)
    ev = finish_turn_on_world(g, 0)
    k = kinds(ev)
    assert "intervencion" in k and k[-1] == "fin"
    after = k[k.index("turno"):]
    assert "tirada" not in after and g.view(None)["die"] is None
    assert g.is_over and g.to_move == ()


def test_som_4_1_dui_on_transfer_means_no_phase_3_or_4():
    """SOM-4.1: a DUI on the transfer ends the game: no cohesion, no movement."""
    g = dui_transfer_game({})
    ev = play(g, (0, "tirar"))
    assert kinds(ev)[-2:] == ["dui", "fin"]
    assert "fin_cohesion" not in kinds(ev) and "accion" not in kinds(ev)
    assert g.is_over and g.to_move == () and g.view(None)["phase"] == "fin"


def test_som_4_2_consulta_when_the_pile_holds_four():
    """SOM-4.2: the game ends when the urna pile reaches 4 cards, not before."""
    three = game(4, cells={CN: "CN", 16: "U-3"}, pile=["U-1", "U-2"], phase="accion", face=1)
    ev = play(three, (0, "mover 16"))
    assert not three.is_over and "urna" in kinds(ev)
    assert len(three.view(None)["urna"]) == 3
    g = consulta_game({})
    ev = play(g, (0, "mover 16"))
    assert g.is_over and g.result.reason == "consulta"
    assert sorted(g.view(None)["urna"]) == ["U-1", "U-2", "U-3", "U-4"]
    assert next(e for e in ev if e.kind == "consulta").rule == "SOM-4.2"


def test_som_4_3_intervention_citizen_cannot_pay():
    """SOM-4.3: a citizen holding less than his 1 € tax causes an intervention; CN is
    flipped, Hisenda is not."""
    g = game(4, disks={1: {}})
    assert g.is_over and g.result.reason == "intervencion"
    assert g.result.details["failed_payer"] == 1
    v = g.view(None)
    assert v["cn"]["flipped"] is True and v["hisenda"]["flipped"] is False


def test_som_4_3_intervention_gh_cannot_pay():
    """SOM-4.3: the GH holding 1 € against his 2 € also causes an intervention."""
    g = game(4, disks={0: {"bosques": 1}})
    assert g.is_over and g.result.reason == "intervencion"
    assert g.result.details["failed_payer"] == 0
    assert g.view(None)["cn"]["flipped"] is True


def test_som_4_4_dui_on_transfer_flips_hisenda():
    """SOM-4.4: Hisenda (3 €) cannot pay a 4 € transfer: DUI, Hisenda flipped."""
    g = dui_transfer_game({})
    play(g, (0, "tirar"))
    v = g.view(None)
    assert g.result.reason == "dui" and v["hisenda"]["flipped"] is True
    assert v["cn"]["flipped"] is False


def test_som_4_4_dui_on_capacidad_economica():
    """SOM-4.4: Hisenda (2 €) cannot pay the 3 € of a capacidad económica card: DUI."""
    g = dui_card_game({})
    ev = play(g, (3, "mover 16"))
    assert g.result.reason == "dui" and g.view(None)["hisenda"]["flipped"] is True
    assert next(e for e in ev if e.kind == "dui").rule == "SOM-13.3"


def test_som_4_5_payments_to_an_empty_hisenda_never_cause_dui():
    """SOM-4.5: taxes paid into an empty Hisenda, and a 0 € roll with Hisenda empty, never
    cause a DUI."""
    g = game(4, disks=hands(4, {}), hisenda={})
    while g.view(None)["stage"] == "tributacion":
        play(g, (g.to_move[0], str(g.legal_actions()[0])))
    assert not g.is_over and g.view(None)["hisenda"]["value"] == 5
    g0 = game(4, dice=[6], disks=hands(4, {}), hisenda={}, phase="transferencia")
    play(g0, (0, "tirar"))
    assert not g0.is_over and g0.view(None)["stage"] == "cohesion"


def test_som_4_5_change_made_by_hisenda_never_causes_dui():
    """SOM-4.5: Hisenda giving change from its last two 1 € disks is no DUI."""
    fixed = {1: {"sanidad": 1}}
    h = {"bosques": 2}
    g = game(4, disks=hands(4, h, fixed), hisenda=h)
    while g.view(None)["stage"] == "tributacion":
        play(g, (g.to_move[0], str(g.legal_actions()[0])))
    v = g.view(None)
    assert not g.is_over and v["hisenda"]["flipped"] is False
    assert v["players"][1]["value"] == 1                       # split, then paid 1 €
    assert v["hisenda"]["value"] == 2 + 5


def one_turn(g):
    """Play a quick turn: pay taxes, roll F6, no gifts, everyone steps onto world cards."""
    while g.view(None)["stage"] == "tributacion":
        play(g, (g.to_move[0], str(g.legal_actions()[0])))
    play(g, (g.view(None)["gh"], "tirar"))
    play(g, (g.view(None)["gh"], "terminar"))
    while g.view(None)["stage"] == "accion" and not g.is_over:
        seat = g.to_move[0]
        world = [str(a) for a in g.legal_actions() if str(a).startswith("mover")]
        play(g, (seat, world[0]))


def test_som_4_6_no_turn_limit_in_the_rules():
    """SOM-4.6 (G31): without `max_turns` the game goes on past any number of turns; the
    default cap (ruling X1) ends the game as `limit`, not as one of the three endings."""
    world = {c: f"W-0{i + 1}" for i, c in enumerate((7, 8, 9, 14, 16, 21, 22, 23))}
    for unlimited in (None, 0):
        g = game(4, options={"max_turns": unlimited}, dice=[6, 6], cells={CN: "CN", **world},
                 turn=5000)
        one_turn(g)
        assert not g.is_over and g.view(None)["turns_played"] == 5001
    capped = game(4, dice=[6], cells={CN: "CN", **world}, turn=199)      # default 200
    one_turn(capped)
    r = capped.result
    assert capped.is_over and r.reason == "limit" and r.reason not in ENDINGS
    assert r.winners == ()
    v = capped.view(None)
    assert not v["cn"]["flipped"] and not v["hisenda"]["flipped"]


def test_som_4_7_result_reasons():
    """SOM-4.7: the three endings report `consulta`, `intervencion` (our spelling) and
    `dui`."""
    c = consulta_game({})
    play(c, (0, "mover 16"))
    i = game(4, disks={2: {}})
    d = dui_transfer_game({})
    play(d, (0, "tirar"))
    assert (c.result.reason, i.result.reason, d.result.reason) == ENDINGS


# ----- SOM-5.x: winners ------------------------------------------------------------------------
@pytest.mark.parametrize("pd", [
    {0: 2, 1: 4, 2: 4, 3: 1},
    {0: 3, 1: 3, 2: 3, 3: 3},
    {0: 5, 1: 0, 2: 1, 3: 0},
    {0: 1, 1: 1, 2: 6, 3: 1},
    {0: 2, 1: 2, 2: 2, 3: 0},
])
def test_som_5_1_consulta_shared_victory(pd):
    """SOM-5.1: at the consulta every player with the most PDs wins (1 to 4 winners)."""
    g = consulta_game(pd)
    play(g, (0, "mover 16"))
    top = max(pd.values())
    assert g.result.winners == tuple(s for s in range(4) if pd[s] == top)
    assert g.result.scores == tuple(pd[s] for s in range(4))


@pytest.mark.parametrize("failed", [0, 2])
def test_som_5_2_intervention_everyone_loses(failed):
    """SOM-5.2: at an intervention nobody wins, whoever failed to pay (GH or citizen),
    however many PDs anyone holds."""
    broke = {"bosques": 1} if failed == 0 else {}
    g = game(4, disks={failed: broke}, pd={0: 6, 1: 1, 2: 2, 3: 0})
    assert g.result.reason == "intervencion" and g.result.details["failed_payer"] == failed
    assert g.result.winners == ()


@pytest.mark.parametrize("pd, leader", [({0: 2, 1: 5, 2: 4, 3: 1}, 1),
                                        ({0: 0, 1: 0, 2: 0, 3: 1}, 3),
                                        ({0: 4, 1: 3, 2: 3, 3: 0}, 0)])
def test_som_5_3_dui_single_leader_wins(pd, leader):
    """SOM-5.3: at a DUI a player strictly ahead in PDs is the only winner, causer or not."""
    g = dui_transfer_game(pd)
    play(g, (0, "tirar"))
    assert g.result.reason == "dui" and g.result.winners == (leader,)


@pytest.mark.parametrize("pd", [{0: 2, 1: 4, 2: 4, 3: 1}, {0: 0, 1: 3, 2: 1, 3: 3},
                                {0: 2, 1: 2, 2: 2, 3: 2}])
def test_som_5_4_dui_tie_the_causer_wins(pd):
    """SOM-5.4 (G25): at a DUI with a tie for the most PDs, the causer wins alone, even when
    he is not among the tied."""
    for gh in (0, 2):
        g = dui_transfer_game(pd, gh=gh)
        play(g, (gh, "tirar"))
        assert g.result.winners == (gh,) and g.result.details["causer"] == gh


def test_som_5_5_causer_is_the_roller_or_the_revealer():
    """SOM-5.5: the GH who rolled causes a transfer DUI; the player whose citizen revealed
    the capacidad económica card causes a card DUI (here not the GH)."""
    t = dui_transfer_game({}, gh=1)
    play(t, (1, "tirar"))
    assert t.result.details["causer"] == 1
    for revealer in (1, 2, 3):
        c = dui_card_game({0: 3, 1: 3, 2: 3, 3: 3}, revealer=revealer)
        play(c, (revealer, "mover 16"))
        assert c.result.reason == "dui" and c.result.details["causer"] == revealer
        assert c.result.winners == (revealer,)          # all tied: the causer wins


def test_som_5_6_pds_on_cn_count_for_nobody():
    """SOM-5.6: the 12 PDs on CN belong to no one; players all at 0 PDs tie and all win the
    consulta; at a DUI the all-0 tie goes to the causer."""
    g = consulta_game({})
    assert g.view(None)["cn"]["pd"] == 12
    play(g, (0, "mover 16"))
    assert g.result.winners == (0, 1, 2, 3) and g.result.scores == (0, 0, 0, 0)
    d = dui_transfer_game({}, gh=3)
    play(d, (3, "tirar"))
    assert d.result.winners == (3,)
    # a player with 0 PDs among others with 0, CN holding the rest, still wins
    g2 = consulta_game({0: 0, 1: 0, 2: 0, 3: 0})
    play(g2, (0, "mover 16"))
    assert 0 in g2.result.winners


def test_som_5_7_solo_outcomes():
    """SOM-5.7: solo, consulta or DUI is a win and intervention a loss."""
    c = game(1, cells={CN: "CN", 16: "U-4"}, pile=["U-1", "U-2", "U-3"], phase="accion",
             face=6)
    play(c, (0, "mover 16"))
    assert c.result.reason == "consulta" and c.result.winners == (0,)
    h = {"sanidad": 1, "bosques": 1}
    d = game(1, dice=[1], disks=hands(1, h), hisenda=h, phase="transferencia")
    play(d, (0, "tirar"))
    assert d.result.reason == "dui" and d.result.winners == (0,)
    i = game(1, disks={0: {"bosques": 1, "vivienda": 1}})     # 2 € against the solo 3 €
    assert i.result.reason == "intervencion" and i.result.winners == ()
