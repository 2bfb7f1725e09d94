"""«Som el que decidim!» rule tests: the Spain event (SOM-12.x) under the three degrees of
centralism. CN is put on cell 15 = r2c3 (neighbours 7, 8, 9, 14, 16, 21, 22, 23); rows and
columns are those of the G2 grid (cell 14 = r2c2, 18 = r2c6, 36 = r6c2, 24 = r3c5)."""

from __future__ import annotations

import random

import pytest
from som_support import CN, FOUR_HANDS, first, kinds, play, states
from som_support import pay_taxes_by_seat as pay_taxes

import ludoteca
from ludoteca.games.som.content import content

C = content()

SPAIN = ("E-1", "E-2", "E-3", "E-4")


def game(n=4, options=None, dice=(), seed=1, cells=None, **arrangement):
    g = ludoteca.new_game("som", players=n, seed=seed, options=options or {}, dice=list(dice))
    g.arrange(cells={CN: "CN", **(cells or {})}, **arrangement)
    g._check_invariants()
    return g


def layout(g):
    st = g.state_dict()
    return st["layout"], st["face_up"]


# ----- SOM-12.1 – 12.4: what the event does --------------------------------------------------
def test_som_12_1_every_citizen_goes_back_to_cn():
    """SOM-12.1: all citizens in play, wherever they stand, are moved onto CN."""
    g = game(cells={14: "W-01", 8: "C-01", 22: "W-02", 16: "E-1"}, face_up=[14, 8, 22],
             citizens={1: 14, 2: 8, 3: 22}, phase="accion", face=1)
    ev = play(g, (0, "mover 16"))
    assert kinds(ev)[:3] == ["revelar", "espana", "concentracion"]
    assert first(ev, "concentracion").rule == "SOM-12.1"
    assert g.view(None)["citizens"] == [CN] * 4


def test_som_12_2_protection_is_decided_after_the_return_and_before_collection():
    """SOM-12.2: in mode B the GH protects urna cards after the citizens are on CN and before
    anything is collected (the face-up Catalunya card and the pile are still in place)."""
    g = game(options={"mode": "B"}, cells={8: "C-01", 16: "E-1"}, face_up=[8],
             pile=["U-1", "U-2"], citizens={1: 8}, disks=FOUR_HANDS, phase="accion", face=6)
    ev = play(g, (0, "mover 16"))
    assert "recogida" not in kinds(ev)
    v = g.view(None)
    assert v["phase"] == "proteccion" and g.to_move == (0,)
    assert v["citizens"] == [CN] * 4
    assert v["urna"] == ["U-1", "U-2"] and v["cells"][8]["estado"] == "visible"
    assert v["protection"] == {"protected": 0, "pile": 2, "spain_cell": 16}


@pytest.mark.parametrize("degree", ["medio", "elevado", "intenso"])
def test_som_12_3_face_up_catalunya_cards_and_the_pile_are_collected(degree):
    """SOM-12.3: every face-up Catalunya card except CN (symbol cards too) and every urna
    card in the pile is collected; face-down cards are not touched."""
    g = game(options={"centralism": degree},
             cells={8: "C-01", 9: "C-ATC", 2: "C-EC1", 14: "W-01", 16: "E-1", 22: "C-02"},
             face_up=[8, 9, 2, 14], pile=["U-3", "U-4"], phase="accion", face=1)
    lay_before, up_before = layout(g)
    ev = play(g, (0, "mover 16"))
    rec = first(ev, "recogida").data
    expected = {"C-01", "C-ATC", "C-EC1", "U-3", "U-4"} | ({"E-1"} if degree == "intenso"
                                                          else set())
    assert set(rec["cards"]) == expected
    assert g.view(None)["urna"] == []
    lay, up = layout(g)
    assert lay[22] == "C-02" and not up[22]                  # face-down card untouched
    for c in range(37):                                      # other face-down cards stay
        if not up_before[c] and lay_before[c] not in (None, "E-1"):
            assert lay[c] == lay_before[c]


@pytest.mark.parametrize("degree", ["medio", "elevado"])
def test_som_12_4_world_cards_and_uncollected_spain_cards_stay(degree):
    """SOM-12.4: world cards and a face-up Spain card that is not collected stay where they
    are (here E-2 at r3c5 is aligned with nothing)."""
    g = game(options={"centralism": degree},
             cells={14: "W-01", 22: "W-SU", 24: "E-2", 16: "E-1", 8: "C-01"},
             face_up=[14, 22, 24, 8], phase="accion", face=1)
    ev = play(g, (0, "mover 16"))
    assert set(first(ev, "recogida").data["cards"]) == {"C-01"}
    lay, up = layout(g)
    assert (lay[14], up[14]) == ("W-01", True) and (lay[22], up[22]) == ("W-SU", True)
    assert (lay[24], up[24]) == ("E-2", True) and (lay[16], up[16]) == ("E-1", True)


# ----- SOM-12.5 – 12.7: the Spain card by degree ---------------------------------------------
def test_som_12_5_medio_spain_card_stays_and_never_acts_again():
    """SOM-12.5: under medio the revealed Spain card stays face up in its cell; stepping onto
    it later sets off no event (it acts as a world card, SOM-11.8)."""
    g = game(dice=[1], cells={16: "E-4"}, disks=FOUR_HANDS, phase="accion", face=1)
    ev = play(g, (0, "mover 16"))
    spain = first(ev, "carta_espana")
    assert spain.rule == "SOM-12.5" and spain.data["fate"] == "queda"
    lay, up = layout(g)
    assert lay[16] == "E-4" and up[16]
    pay_taxes(g)
    play(g, (1, "tirar"), (1, "terminar"))
    ev = play(g, (1, "mover 16"))
    assert "espana" not in kinds(ev) and "recogida" not in kinds(ev)
    assert first(ev, "parada").rule == "SOM-11.8"


@pytest.mark.parametrize("old, aligned", [
    (18, True),       # r2c6: same row as r2c2, with cells in between
    (36, True),       # r6c2: same column
    (24, False),      # r3c5: neither
    (21, True),       # r3c2: same column, adjacent
    (22, False),      # r3c3: diagonal neighbour, not aligned
])
def test_som_12_6_elevado_alignment_by_row_or_column(old, aligned):
    """SOM-12.6 (G13): under elevado the new Spain card (r2c2) stays face up unless a face-up
    Spain card shares its row or column at any distance; then both are collected."""
    g = game(options={"centralism": "elevado"}, cells={14: "E-1", old: "E-2"}, face_up=[old],
             phase="accion", face=1)
    ev = play(g, (0, "mover 14"))
    fate = first(ev, "carta_espana")
    assert fate.rule == "SOM-12.6"
    rec = set(first(ev, "recogida").data["cards"])
    lay, up = layout(g)
    if aligned:
        assert fate.data["fate"] == "alineada" and fate.data["aligned"] == [old]
        assert rec == {"E-1", "E-2"}
        assert not any(up[c] and lay[c] in SPAIN for c in range(37))
    else:
        assert fate.data["fate"] == "queda" and rec == set()
        assert (lay[14], up[14]) == ("E-1", True) and (lay[old], up[old]) == ("E-2", True)


def test_som_12_6_elevado_collects_every_aligned_spain_card():
    """SOM-12.6 (G13): with one face-up Spain card in the row and one in the column, all three
    are collected; a face-up Spain card aligned with neither stays."""
    g = game(options={"centralism": "elevado"},
             cells={14: "E-1", 12: "E-2", 36: "E-3", 29: "E-4"}, face_up=[12, 36, 29],
             phase="accion", face=1)
    ev = play(g, (0, "mover 14"))
    assert first(ev, "carta_espana").data["aligned"] == [12, 36]
    assert set(first(ev, "recogida").data["cards"]) == {"E-1", "E-2", "E-3"}
    lay, up = layout(g)
    assert (lay[29], up[29]) == ("E-4", True)


def test_som_12_7_intenso_spain_card_always_collected():
    """SOM-12.7: under intenso the revealed Spain card is collected too and goes back face
    down, so it can act again."""
    g = game(options={"centralism": "intenso"}, cells={16: "E-3"}, phase="accion", face=1)
    ev = play(g, (0, "mover 16"))
    assert first(ev, "carta_espana").rule == "SOM-12.7"
    assert first(ev, "recogida").data["cards"] == ["E-3"]
    lay, up = layout(g)
    assert lay[16] == "E-3" and not up[16]        # the only empty cell: dealt back there


# ----- SOM-12.8 – 12.11: refill and the end of the turn --------------------------------------
def test_som_12_8_collected_cards_are_dealt_face_down_into_the_empty_cells():
    """SOM-12.8: the collected cards are shuffled and dealt face down, one per empty cell."""
    g = game(cells={8: "C-01", 9: "C-02", 2: "U-1", 30: "U-2", 16: "E-1"}, face_up=[8, 9],
             pile=["U-1", "U-2"], phase="accion", face=1)
    assert states(g).count("vacia") == 2
    ev = play(g, (0, "mover 16"))
    deal = first(ev, "reparto")
    assert deal.rule == "SOM-12.8" and deal.data["cells"] == [2, 8, 9, 30]
    assert deal.data["empty"] == []
    lay, up = layout(g)
    assert sorted(lay[c] for c in (2, 8, 9, 30)) == ["C-01", "C-02", "U-1", "U-2"]
    assert not any(up[c] for c in (2, 8, 9, 30))
    assert states(g).count("vacia") == 0


def test_som_12_8_views_group_the_face_down_cells_by_the_deal_that_filled_them():
    """SOM-12.8 and SOM-19.7: the refill names its cards and its cells, so every seat's view
    keeps them apart from the setup's face-down cells (``deals``, with the flags still face
    down in each), and a world sampled for a seat only reshuffles cards within a deal: the
    refilled cells never get the setup's Spain cards."""
    g = game(cells={8: "C-01", 9: "C-02", 2: "U-1", 30: "U-2", 16: "E-1"}, face_up=[8, 9],
             pile=["U-1", "U-2"], phase="accion", face=1)
    assert [d["deal"] for d in g.view(0)["deals"]] == [0]
    play(g, (0, "mover 16"))
    for seat in (None, 0, 1, 2, 3):
        deals = g.view(seat)["deals"]
        assert [d["deal"] for d in deals] == [0, 1]
        assert deals[1]["cells"] == [2, 8, 9, 30]
        assert deals[1]["flags"] == {"catalunya": 2, "mon": 0, "urna": 2, "espanya": 0}
        assert deals[0]["flags"]["espanya"] == 3 and deals[0]["flags"]["urna"] == 2
        assert 2 not in deals[0]["cells"] and 16 not in deals[0]["cells"]
    refilled = set()
    for k in range(30):
        world = g.determinize(1, seed=k)
        assert world.view(1) == g.view(1)
        lay = world.state_dict()["layout"]
        refilled |= {lay[c] for c in (2, 8, 9, 30)}
        assert sorted(lay[c] for c in (2, 8, 9, 30)) == ["C-01", "C-02", "U-1", "U-2"]
    assert refilled == {"C-01", "C-02", "U-1", "U-2"}


def test_som_12_8_deal_counts_follow_the_refills_and_the_cards_turned():
    """SOM-12.8 over whole solo games of the greedy bot (elevado): the deals split the
    face-down cells; a refill becomes a new deal holding exactly the flags of the cards it
    collected; a card turned leaves its deal's count by its own flag."""
    from ludoteca.games.som.content import FLAG_CODES

    flag_of = {card.id: FLAG_CODES[card.flag] for card in C.cards}
    total = 0
    for seed in range(8):
        total += _play_checking_deals(seed, flag_of)
    assert total >= 3                                    # refills did happen and were checked


def _play_checking_deals(seed: int, flag_of: dict[str, str]) -> int:
    from ludoteca.agents import make_agent
    from ludoteca.games.som.content import FLAG_CODES

    g = ludoteca.new_game("som", players=1, seed=seed)
    bot = make_agent("greedy", "som", seed)
    refills = 0
    while not g.is_over:
        before = {c: d for d in g.view(0)["deals"] for c in d["cells"]}
        ev = g.apply(bot.choose(g, 0), seat=0)
        deals = g.view(0)["deals"]
        down = [c["cell"] for c in g.view(0)["cells"] if c["estado"] == "oculta"]
        assert sorted(c for d in deals for c in d["cells"]) == down
        assert all(sum(d["flags"].values()) == len(d["cells"]) for d in deals)
        by_deal = {d["deal"]: d for d in deals}
        for e in ev:
            if e.kind == "revelar" and e.data["cell"] in before and not \
                    any(x.kind == "reparto" for x in ev):
                old = before[e.data["cell"]]
                now = by_deal.get(old["deal"], {"flags": dict.fromkeys(FLAG_CODES, 0)})
                flag = flag_of[e.data["card"]]
                assert now["flags"][flag] == old["flags"][flag] - 1
            if e.kind == "reparto" and e.data["cells"]:
                refills += 1
                cards = next(x for x in ev if x.kind == "recogida").data["cards"]
                new = by_deal[refills]
                assert new["cells"] == e.data["cells"]
                assert new["flags"] == {f: sum(flag_of[c] == f for c in cards)
                                        for f in FLAG_CODES}
    return refills


def test_som_12_8_the_shuffle_varies_with_the_seed():
    """SOM-12.8: which collected card lands in which empty cell is random (seeded)."""
    seen = set()
    for seed in range(12):
        g = game(seed=seed, cells={8: "C-01", 9: "C-02", 2: "U-1", 16: "E-1"},
                 face_up=[8, 9], pile=["U-1"], phase="accion", face=1)
        play(g, (0, "mover 16"))
        lay, _ = layout(g)
        seen.add((lay[2], lay[8], lay[9]))
    assert len(seen) >= 3


def test_som_12_9_more_empty_cells_than_cards_picks_cells_at_random():
    """SOM-12.9 (G14): when protection leaves more empty cells than collected cards, the cells
    to fill are picked at random and the others stay empty."""
    filled = set()
    for seed in range(16):
        g = game(seed=seed, options={"mode": "B"}, cells={3: "U-1", 33: "U-2", 16: "E-1"},
                 pile=["U-1", "U-2"], disks=FOUR_HANDS, phase="accion", face=1)
        ev = play(g, (0, "mover 16"), (0, "proteger-mossos 0"))
        deal = first(ev, "reparto")
        assert deal.rule == "SOM-12.9" and len(deal.data["cells"]) == 1
        assert len(deal.data["empty"]) == 1
        assert set(deal.data["cells"]) | set(deal.data["empty"]) == {3, 33}
        assert states(g).count("vacia") == 1
        filled.add(deal.data["cells"][0])
    assert filled == {3, 33}


def test_som_12_10_collected_cards_lose_their_revealed_state():
    """SOM-12.10 (G18): a collected ATC stops acting from the next turn, and a collected
    capacidad económica card pays again when it is revealed again."""
    g = game(dice=[1], cells={8: "C-EC1", 9: "C-ATC", 16: "E-1"}, face_up=[8, 9],
             disks=FOUR_HANDS, phase="accion", face=1)
    assert g.view(None)["atc_active"] is True
    ev = play(g, (0, "mover 16"))
    lay, up = layout(g)
    assert {lay[8], lay[9]} == {"C-EC1", "C-ATC"} and not up[8] and not up[9]
    assert g.view(None)["atc_active"] is False
    ev = pay_taxes(g)
    assert all(e.data["to"] is None for e in ev if e.kind == "pago")   # all to Hisenda
    play(g, (1, "tirar"), (1, "terminar"))
    ec = lay.index("C-EC1")
    before = g.view(None)["players"][1]["value"]
    ev = play(g, (1, f"mover {ec}"))
    assert first(ev, "capacidad_economica").data["value"] == 3
    assert g.view(None)["players"][1]["value"] == before + 3


def test_som_12_11_after_the_event_the_generalitat_passes_normally():
    """SOM-12.11: the turn ends and the Generalitat goes to the next player in rotation, also
    when the revealer was not the GH."""
    g = game(cells={14: "W-01", 16: "E-1"}, gh=2, phase="accion", face=6)
    play(g, (2, "mover 14"))
    ev = play(g, (3, "mover 16"))
    end = first(ev, "fin_turno")
    assert end.rule == "SOM-6.5" and end.data == {"player": 2, "next": 3, "turn": 1}
    assert g.view(None)["gh"] == 3 and kinds(ev)[-1] != "accion"


def test_som_12_12_medio_at_most_four_spain_events():
    """SOM-12.12: under medio each Spain card acts once; after the fourth is revealed no face-down
    Spain card is left, so no further event can happen."""
    g = game(cells={16: "E-4", 12: "E-1", 0: "E-2", 36: "E-3"}, face_up=[12, 0, 36],
             phase="accion", face=1)
    ev = play(g, (0, "mover 16"))
    assert "espana" in kinds(ev)
    lay, up = layout(g)
    assert all(up[lay.index(e)] for e in SPAIN)


@pytest.mark.parametrize("seed", range(4))
def test_som_12_12_medio_random_games_never_exceed_four_events(seed):
    """SOM-12.12: counted over whole random games under medio."""
    g = ludoteca.new_game("som", players=3, seed=seed, options={"max_turns": 80})
    rng = random.Random(seed)
    events = 0
    while not g.is_over:
        seat = rng.choice(list(g.to_move))
        acts = g.legal_actions(seat)
        stop = [a for a in acts if str(a) == "parar"]
        action = stop[0] if stop and rng.random() < 0.5 else rng.choice(acts)
        events += sum(e.kind == "espana" for e in g.apply(action, seat=seat))
        assert events <= 4
    g._check_invariants()


@pytest.mark.parametrize("degree", ["medio", "elevado", "intenso"])
def test_som_12_13_same_effect_under_every_degree(degree):
    """SOM-12.13: citizens to CN and the collection of Catalunya and urna cards are the same
    under every degree; only the Spain card's own fate differs."""
    g = game(options={"centralism": degree}, cells={8: "C-01", 14: "W-01", 16: "E-1"},
             face_up=[8, 14], pile=["U-1"], citizens={1: 8, 2: 14}, phase="accion", face=1)
    ev = play(g, (0, "mover 16"))
    rec = set(first(ev, "recogida").data["cards"]) - {"E-1"}
    assert rec == {"C-01", "U-1"}
    assert g.view(None)["citizens"] == [CN] * 4 and g.view(None)["urna"] == []
    lay, up = layout(g)
    assert (lay[14], up[14]) == ("W-01", True)
    assert ("E-1" in first(ev, "recogida").data["cards"]) == (degree == "intenso")
