"""«Som el que decidim!» rule tests: two or three players (SOM-17.x), the solo game (SOM-18.x) and
the invariants and hidden information over random play (SOM-19.x, with hypothesis)."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from som_support import CN, ONE, TWO, first, kinds, legal, pay_taxes, play, values
from som_support import game_cn as game

import ludoteca

CARD_IDS = (["CN", "C-ATC", "C-EPR", "C-IDS", "C-EC1", "C-EC2", "C-EC3"] +
            [f"C-{i:02d}" for i in range(1, 12)] + ["W-SU"] +
            [f"W-{i:02d}" for i in range(1, 11)] + [f"U-{i}" for i in range(1, 5)] +
            [f"E-{i}" for i in range(1, 5)])
NUMBER = {1: 4, 2: 2, 3: 2, 4: 2, 5: 2, 6: 0}       # G1 face numbers (F1–F6)


# ----- SOM-17: two or three players ----------------------------------------------------------
def test_som_17_1_four_player_rules_hold_with_three_players():
    """SOM-17.1: with 3 players the all-move runs GH first then rotation, and a Spain event
    sends the 3 citizens to CN as with 4."""
    g = game(3, cells={14: "W-01", 16: "W-02", 8: "E-1"}, gh=2, phase="accion", face=6)
    assert g.to_move == (2,) and g.view(None)["movers_left"] == [0, 1]
    play(g, (2, "mover 14"), (0, "mover 16"))
    ev = play(g, (1, "mover 8"))
    assert "recogida" in kinds(ev) and g.view(None)["citizens"] == [CN] * 3
    assert g.view(None)["gh"] == 0


def test_som_17_1_four_player_rules_hold_with_two_players():
    """SOM-17.1: with 2 players, phase 1 raises Hisenda by n + 1 = 3 € and cohesion earns PDs
    from CN as with 4."""
    hands = {0: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
             1: {"sanidad": 1, "justicia": 1, "vias": 1, "carreteras": 1}}
    g = game(2, options={"mode": "A"}, disks=hands, cells={14: "W-01"}, gh=1, phase="accion",
             face=1)
    hv = values(g)[1]
    play(g, (1, "mover 14"))
    pay_taxes(g)
    assert values(g) == ([4, 5], hv + 3)
    g = game(2, disks=hands, phase="cohesion", face=6)
    play(g, (0, "dar-sanidad 1"))
    assert g.view(None)["players"][0]["pd"] == 2 and g.view(None)["cn"]["pd"] == 10


@pytest.mark.parametrize("n, colours, dice, kept", [
    (2, None, [4, 5, 3], 3),                         # rosa, lila: naranja, azul re-rolled
    (2, ["rosa", "azul"], [3, 4, 6], 6),
    (3, None, [5, 5, 5, 1], 1),                      # azul out, as often as needed
])
def test_som_17_2_a_colour_not_in_play_is_rolled_again(n, colours, dice, kept):
    """SOM-17.2 (G27): the roll is thrown away while its colour is not in play; the kept roll
    gives both the transfer and the phase-4 picture."""
    opts = {"colours": colours} if colours else {}
    g = game(n, options=opts, dice=dice, phase="transferencia")
    before = values(g)
    ev = play(g, (0, "tirar"))
    rerolls = [e.data["face"] for e in ev if e.kind == "repetir_tirada"]
    assert rerolls == dice[:-1] and first(ev, "tirada").data["face"] == kept
    assert values(g)[0][0] == before[0][0] + NUMBER[kept]
    play(g, (0, "terminar"))
    movers = [g.to_move[0]] + g.view(None)["movers_left"]
    colour = {2: "rosa", 3: "lila", 4: "naranja", 5: "azul"}.get(kept)
    seats = g.view(None)["players"]
    if colour:
        assert movers == [next(p["seat"] for p in seats if p["colour"] == colour)]
    else:
        assert movers == ([0] if kept == 1 else list(range(n)))


@pytest.mark.parametrize("n, expected", [
    (2, {4: Fraction(1, 4), 2: Fraction(1, 2), 0: Fraction(1, 4)}),
    (3, {4: Fraction(1, 5), 2: Fraction(3, 5), 0: Fraction(1, 5)}),
    (4, {4: Fraction(1, 6), 2: Fraction(4, 6), 0: Fraction(1, 6)}),
])
def test_som_17_3_kept_roll_distribution(n, expected):
    """SOM-17.3: every face is equally likely and a face is kept or rolled again, so the kept
    roll is uniform over the kept faces; which faces are kept is read from the engine, and the
    distribution of the transfer follows (expected value 2 € every time)."""
    kept = []
    for face in range(1, 7):
        g = game(n, dice=[face, 6], phase="transferencia")
        ev = play(g, (0, "tirar"))
        if first(ev, "tirada").data["face"] == face:
            kept.append(face)
    dist = {x: Fraction(sum(NUMBER[f] == x for f in kept), len(kept)) for x in (4, 2, 0)}
    assert dist == expected
    assert sum(x * p for x, p in dist.items()) == 2


# ----- SOM-18: one player ----------------------------------------------------------------------
def solo(options=None, dice=(), **arrangement):
    return game(1, options=options or {"centralism": "elevado"}, dice=dice, **arrangement)


def test_som_18_1_solo_plays_the_mode_a_rules():
    """SOM-18.1: the map, flags and Spain event work as in mode A (Catalunya goes on, Spain
    collects face-up Catalunya cards and the pile)."""
    g = solo(cells={8: "C-01", 9: "E-1"}, pile=["U-1"], phase="accion", face=1)
    play(g, (0, "mover 8"))
    assert "parar" in legal(g)
    ev = play(g, (0, "mover 9"))
    assert set(first(ev, "recogida").data["cards"]) == {"C-01", "U-1"}
    assert g.view(None)["citizens"] == [CN]


def test_som_18_2_solo_starts_with_8_euros():
    """SOM-18.2 (G23): the solo citizen starts with 8 € = 2 × 2 € + 4 × 1 €; Hisenda 28 €."""
    for seed in range(5):
        g = ludoteca.new_game("som", players=1, seed=seed)
        v = g.view(None)
        d = v["players"][0]["disks"]
        assert v["players"][0]["value"] == 8 and v["hisenda"]["value"] == 28
        assert sum(k for t, k in d.items() if t in TWO) == 2
        assert sum(k for t, k in d.items() if t in ONE) == 4


def test_som_18_3_solo_centralism_high_or_intense_and_a_rolled_0_again():
    """SOM-18.3 (G23): medio is refused; a rolled 0 is rolled again until 2 or 4 comes up."""
    with pytest.raises(ludoteca.InvalidOption, match="elevado, intenso"):
        ludoteca.new_game("som", players=1, options={"centralism": "medio"})
    for dice, degree in (([6, 6, 1], "intenso"), ([6, 4], "elevado"), ([2], "elevado")):
        g = ludoteca.new_game("som", players=1, options={"centralism": "dado"}, dice=dice)
        assert g.view(None)["centralism"] == degree
    assert ludoteca.new_game("som", players=1).view(None)["centralism"] == "elevado"


def test_som_18_4_solo_pays_3_euros_without_atc():
    """SOM-18.4: phase 1 without ATC: 3 € to Hisenda."""
    g = solo(disks={0: {"sanidad": 2, "vias": 2, "bosques": 2}}, cells={14: "W-01"},
             phase="accion", face=1)
    hv = values(g)[1]
    ev = play(g, (0, "mover 14")) + pay_taxes(g)
    assert sum(-e.data["amount"] for e in ev if e.kind == "pago") == 3
    assert {e.rule for e in ev if e.kind == "pago"} == {"SOM-18.4"}
    assert values(g) == ([5], hv + 3)


def test_som_18_5_solo_pays_2_euros_with_atc():
    """SOM-18.5: phase 1 with ATC face up: 2 € to Hisenda."""
    g = solo(disks={0: {"sanidad": 2, "vias": 2, "bosques": 2}}, cells={14: "W-01", 8: "C-ATC"},
             face_up=[8], phase="accion", face=1)
    hv = values(g)[1]
    ev = play(g, (0, "mover 14")) + pay_taxes(g)
    assert g.view(None)["atc_active"] is True
    assert {e.rule for e in ev if e.kind == "pago"} == {"SOM-18.5"}
    assert values(g) == ([6], hv + 2)


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_som_18_6_to_18_8_every_face_kept_no_phase_3_own_citizen_moves(face):
    """SOM-18.6: every face is kept (no re-roll for colours not in play) and its number is the
    transfer. SOM-18.7: no phase 3 follows. SOM-18.8: the player's own citizen moves, alone,
    whatever the picture."""
    g = solo(dice=[face], phase="transferencia")
    before = values(g)
    ev = play(g, (0, "tirar"))
    assert "repetir_tirada" not in kinds(ev) and first(ev, "tirada").data["face"] == face
    assert values(g)[0][0] == before[0][0] + NUMBER[face]
    assert "cohesion" not in [g.view(None)["stage"], g.view(None)["phase"]]
    assert g.view(None)["phase"] == "movimiento"
    act = first(ev, "accion")
    assert act.rule == "SOM-18.8" and act.data["movers"] == [0]


def test_som_18_9_solo_mode_b_only_interior_protection():
    """SOM-18.9: in solo mode B the player protects urna cards with his own mossos/bomberos,
    but Euro per recepta and Impost de successions levy nothing."""
    hands = {0: {"mossos": 1, "sanidad": 2, "justicia": 1}}
    g = solo(options={"mode": "B", "centralism": "elevado"}, disks=hands,
             cells={8: "C-EPR", 9: "C-IDS", 2: "E-1"}, pile=["U-1", "U-2"], phase="accion",
             face=1)
    ev = play(g, (0, "mover 8"), (0, "mover 9"))
    assert "cobro" not in kinds(ev) and g.view(None)["phase"] == "movimiento"
    play(g, (0, "mover 2"))
    assert g.view(None)["phase"] == "proteccion"
    assert legal(g) == ["proteger-mossos 0", "recoger"]
    ev = play(g, (0, "proteger-mossos 0"))         # no interior disk left: collection
    assert "recogida" in kinds(ev) and g.view(None)["urna"] == ["U-1"]


def test_som_18_10_solo_refuses_mode_c():
    """SOM-18.10: mode C (and AC) is an invalid option solo; A and B are fine."""
    for mode in ("C", "AC"):
        with pytest.raises(ludoteca.InvalidOption):
            ludoteca.new_game("som", players=1, options={"mode": mode})
    for mode in ("A", "B"):
        ludoteca.new_game("som", players=1, options={"mode": mode})


def test_som_18_11_solo_player_is_gh_every_turn():
    """SOM-18.11: after each turn the Generalitat stays with the solo player."""
    g = solo(dice=[1, 6], disks={0: {"sanidad": 2, "vias": 2, "bosques": 2}},
             cells={14: "W-01", 16: "W-02"}, phase="accion", face=3)
    ev = play(g, (0, "mover 14"))
    assert first(ev, "fin_turno").data["next"] == 0
    pay_taxes(g)
    play(g, (0, "tirar"), (0, "mover 15"), (0, "mover 16"))
    v = g.view(None)
    assert v["gh"] == 0 and v["turns_played"] == 2 and v["players"][0]["gh"]


# ----- SOM-19: invariants and hidden information over random play ------------------------------
ID_RE = {cid: re.compile(rf"(?<![\w-]){re.escape(cid)}(?![\w])") for cid in CARD_IDS}


def strings(x):
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from strings(v)


def check_public_invariants(g):
    """SOM-19.1 – 19.6 read from the public view and the full state."""
    v = g.view(None)
    twos = v["hisenda"]["twos"] + sum(k for p in v["players"] for t, k in p["disks"].items()
                                      if t in TWO)
    ones = v["hisenda"]["ones"] + sum(k for p in v["players"] for t, k in p["disks"].items()
                                      if t in ONE)
    assert (twos, ones) == (12, 12)                                         # SOM-19.1
    assert sum(p["value"] for p in v["players"]) + v["hisenda"]["value"] == 36
    assert sum(p["pd"] for p in v["players"]) + v["cn"]["pd"] == 12          # SOM-19.2
    assert min([p["pd"] for p in v["players"]] + [v["cn"]["pd"]]) >= 0
    st_ = g.state_dict()
    on_map = [c for c in st_["layout"] if c is not None]
    assert len(st_["layout"]) == 37 and len(v["cells"]) == 37               # SOM-19.3
    assert sorted(on_map + v["urna"]) == sorted(CARD_IDS)
    assert len(v["urna"]) <= 4 and all(c.startswith("U-") for c in v["urna"])   # SOM-19.4
    for cell in v["citizens"]:                                              # SOM-19.5
        assert v["cells"][cell]["estado"] != "vacia"
    assert sum(p["gh"] for p in v["players"]) == 1                          # SOM-19.6
    assert v["players"][v["gh"]]["gh"]


def check_views_hide(g, rng):
    """SOM-19.7: views never show face-down ids or Hisenda's types, other seats' bids stay
    hidden, and a sampled world looks the same to the seat."""
    for seat in [None] + list(range(g.n_players)):
        v = g.view(seat)
        assert all("card" not in c for c in v["cells"] if c["estado"] != "visible")
        assert set(v["hisenda"]) == {"ones", "twos", "value", "flipped"}
        if v["vote"] is not None and seat is not None:
            assert set(v["vote"]) <= {"kind", "caller", "declarations", "declaring",
                                      "governor", "bids_in", "my_bid"}
    seat = rng.randrange(g.n_players)
    assert g.determinize(seat, rng.randrange(10**6)).view(seat) == g.view(seat)


def face_down_ids(g):
    st_ = g.state_dict()
    return {cid: c for c, (cid, up) in enumerate(zip(st_["layout"], st_["face_up"],
                                                     strict=True)) if cid and not up}


def check_events_hide(before, events):
    """SOM-19.7: an event names a face-down card only when this action revealed it (at the cell
    where it lay)."""
    revealed = set()
    for e in events:
        if e.kind == "revelar":
            assert before.get(e.data["card"]) == e.data["cell"]
            revealed.add(e.data["card"])
        text = json.dumps(e.to_json())
        for cid in before:
            if cid not in revealed:
                assert not ID_RE[cid].search(text), (e, cid)


def check_refusals_hide(g, rng, hidden):
    ids = g.num_distinct_actions
    for _ in range(3):
        action = g.action_from_id(rng.randrange(ids))
        seat = rng.choice(list(g.to_move))
        if action in g.legal_actions(seat):
            continue
        with pytest.raises(ludoteca.IllegalAction) as err:
            g.apply(action, seat=seat)
        text = " ".join([err.value.reason, err.value.reason_es])
        for cid in hidden:
            assert not ID_RE[cid].search(text), (action, cid)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.sampled_from([1, 2, 3, 4]),
       mode=st.sampled_from(["A", "B", "C", "AC"]),
       centralism=st.sampled_from(["medio", "elevado", "intenso", "dado"]))
def test_som_19_invariants_and_hidden_information_over_random_play(seed, n, mode, centralism):
    """SOM-19.1, SOM-19.2, SOM-19.3, SOM-19.4, SOM-19.5 and SOM-19.6 after every action of
    random games in every mode and player count, and SOM-19.7 (G28): views, sampled worlds,
    events and refusal messages never show a face-down card's id, Hisenda's types or a bid
    before the reveal."""
    if n == 1:
        mode = "B" if mode in ("B", "C") else "A"
        centralism = "intenso" if centralism == "medio" else centralism
    g = ludoteca.new_game("som", players=n, seed=seed, options={
        "mode": mode, "centralism": centralism, "max_turns": 25})
    rng = random.Random(seed)
    check_public_invariants(g)
    for step in range(400):
        if g.is_over:
            break
        seat = rng.choice(list(g.to_move))
        acts = g.legal_actions(seat)
        stop = [a for a in acts if str(a) in ("parar", "terminar", "recoger")]
        action = stop[0] if stop and rng.random() < 0.6 else rng.choice(acts)
        hidden = face_down_ids(g)
        if step % 5 == 0:
            check_refusals_hide(g, rng, hidden)
        events = g.apply(action, seat=seat)
        g._check_invariants()
        check_public_invariants(g)
        check_events_hide(hidden, events)
        if step % 7 == 0 and not g.is_over:
            check_views_hide(g, rng)
    assert g.is_over or step == 399


def test_som_19_1_to_19_6_hold_in_arranged_extremes():
    """SOM-19.1 – 19.6 in a position with the pile at 3, a protected refill leaving empty cells
    and citizens scattered: after the Spain event every citizen stands on a card."""
    hands = {0: {"mossos": 2, "sanidad": 1}, 1: {"bomberos": 1}, 2: {"vias": 1},
             3: {"educacion": 1}}
    g = game(options={"mode": "B"}, cells={16: "E-1", 8: "C-01", 2: "C-02"}, face_up=[8, 2],
             pile=["U-1", "U-2", "U-3"], citizens={1: 8, 2: 2}, disks=hands, phase="accion",
             face=1)
    check_public_invariants(g)
    play(g, (0, "mover 16"), (0, "proteger-mossos 0"), (0, "proteger-bomberos 1"),
         (0, "recoger"))
    check_public_invariants(g)
    v = g.view(None)
    assert v["urna"] == ["U-1", "U-2"]
    assert [c["estado"] for c in v["cells"]].count("vacia") == 2


def test_som_19_7_views_identical_across_sampled_worlds_and_hide_face_down_cards():
    """SOM-19.7 (G28): a seat's view shows disk types of every player, PD counts, face-up cards,
    empty cells and the pile, and nothing of face-down cards or Hisenda's types; it is the same
    in every world sampled for that seat."""
    g = game(options={"mode": "B"}, cells={8: "C-01", 14: "W-03", 3: "U-2"}, face_up=[8, 14],
             pile=["U-2"], pd={1: 2}, phase="accion", face=1)
    for seat in (None, 0, 1, 2, 3):
        v = g.view(seat)
        assert v["cells"][8]["card"]["id"] == "C-01" and v["cells"][3]["estado"] == "vacia"
        assert v["urna"] == ["U-2"] and v["players"][1]["pd"] == 2
        assert all(p["disks"] for p in v["players"])
        down = [c for c in v["cells"] if c["estado"] == "oculta"]
        assert len(down) == 37 - 4 and all(set(c) == {"cell", "r", "c", "estado"}
                                           for c in down)
        worlds = [g.determinize(seat, k) for k in range(6)]
        assert all(w.view(seat) == v for w in worlds)
        layouts = {tuple(w.state_dict()["layout"]) for w in worlds}
        assert len(layouts) > 1                                # the hidden part does vary


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), gh=st.integers(0, 3), face=st.sampled_from([1, 2, 3, 4, 5]),
       pd=st.lists(st.integers(0, 3), min_size=4, max_size=4))
def test_som_19_7_votes_over_random_play_keep_bids_hidden(seed, gh, face, pd):
    """SOM-19.7 and SOM-16.26 (G28) over random votes: until the reveal no view but the
    bidder's own shows a bid, no event carries an amount, and sampled worlds look the same;
    SOM-19.1 – 19.6 hold throughout (bid PDs go to CN, SOM-16.15/16.25)."""
    g = ludoteca.new_game("som", players=4, seed=seed, options={"mode": "C", "max_turns": 3})
    hands = {s: {"mossos": 1, "vias": 1, "bosques": 1} if s == gh else
             {"sanidad": 1, "vivienda": 1, "carreteras": 1} if s % 2 else
             {"educacion": 1, "bosques": 1, "energias": 1} for s in range(4)}
    g.arrange(cells={CN: "CN", 16: "W-SU"}, face_up=[16], disks=hands, gh=gh,
              pd=dict(enumerate(pd)), phase="accion", face=face)
    rng = random.Random(seed)
    mover = g.to_move[0]
    g.apply("mover 16", seat=mover)
    voted = False
    while not g.is_over and g.view(None)["turns_played"] == 0:
        seat = rng.choice(list(g.to_move))
        acts = g.legal_actions(seat)
        pick = [a for a in acts if str(a) in ("elecciones", "mocion")]
        action = pick[0] if pick else rng.choice(acts)
        events = g.apply(action, seat=seat)
        g._check_invariants()
        check_public_invariants(g)
        v = g.view(None)
        if v["vote"] is not None:
            voted = True
            assert "my_bid" not in v["vote"]
            for s in range(4):
                vs = g.view(s)
                assert ("my_bid" in vs["vote"]) == (s in vs["vote"]["bids_in"])
                assert g.determinize(s, rng.randrange(1000)).view(s) == vs
            assert all("bids" not in e.data and "bid" not in e.data for e in events)
    assert voted and g.view(None)["last_vote"] is not None


def test_som_17_1_motion_with_two_players():
    """SOM-17.1: mode C works with 2 players: the non-GH brings a motion, nobody else
    declares, both bid at once and the higher side wins."""
    g = game(2, options={"mode": "C"}, cells={16: "W-SU"}, face_up=[16],
             disks={0: {"mossos": 1, "sanidad": 1, "vias": 1}, 1: {"sanidad": 1, "bosques": 2}},
             pd={0: 2, 1: 3}, phase="accion", face=3)
    play(g, (1, "mover 16"), (1, "mocion"))
    assert g.to_move == (0, 1)
    play(g, (0, "pujar 1"))
    ev = play(g, (1, "pujar 2"))
    res = first(ev, "resultado_voto")
    assert res.rule == "SOM-16.22" and res.data["winner"] == 1
    assert g.view(None)["gh"] == 1 and g.view(None)["cn"]["pd"] == 7 + 3
