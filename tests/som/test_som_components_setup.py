"""Rule tests for «Som el que decidim!», checklist sections 1–3: components (SOM-1.x), setup
(SOM-2.x) and the degree of centralism (SOM-3.x). Counts are taken from the checklist's
component tables; the engine's content is read through ``content()`` and the game's views."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from som_support import CN, C, play

import ludoteca
from ludoteca.games.som.content import (
    FLAG_CAT,
    FLAG_CODES,
    FLAG_ESP,
    FLAG_MON,
    FLAG_URNA,
    PIC_GENERALITAT,
    PIC_TODOS,
)

CN_NEIGHBOURS = (7, 8, 9, 14, 16, 21, 22, 23)
SERVICES = {"justicia": 2, "sanidad": 3, "educacion": 3, "mossos": 2, "bomberos": 2}
INFRAS = {"vias": 2, "carreteras": 2, "bosques": 3, "energias": 2, "vivienda": 3}
ALL_DISKS = {**SERVICES, **INFRAS}
VALUE = {**dict.fromkeys(SERVICES, 2), **dict.fromkeys(INFRAS, 1)}


def new(n=4, options=None, dice=(), seed=1):
    return ludoteca.new_game("som", players=n, seed=seed, options=options or {},
                             dice=list(dice))


def game(n=4, options=None, dice=(), seed=1, **arrangement):
    g = new(n, options, dice, seed)
    if arrangement:
        g.arrange(**arrangement)
    g._check_invariants()
    return g


def dealt(g):
    """Each seat's disks by type before the first turn's taxes (the deal)."""
    pre = g._pre
    codes = [t.code for t in C.types]
    return [{codes[t]: pre[s * 10 + t] for t in range(10) if pre[s * 10 + t]}
            for s in range(g.n_players)]


def hisenda_at_deal(g):
    pre = g._pre
    n = g.n_players
    return {t.code: pre[n * 10 + t.index] for t in C.types}


def value_of(hand):
    return sum(VALUE[t] * k for t, k in hand.items())


def cards_by(pred):
    return [c for c in C.cards if pred(c)]


# ----- SOM-1.x: components ---------------------------------------------------------------------
def test_som_1_1_forty_two_square_cards():
    """SOM-1.1: 4 instruction cards + Hisenda espanyola + 37 board cards = 42."""
    instructions = C.raw["offboard"]["instrucciones"]["count"]
    assert instructions == 4
    assert "hisenda" in C.raw["offboard"]
    assert len(C.cards) == 37 and len({c.id for c in C.cards}) == 37
    assert instructions + 1 + len(C.cards) == 42
    # Hisenda is not one of the board cards
    assert not any("hisenda" in c.name.lower() for c in C.cards)


def test_som_1_2_board_cards_by_flag():
    """SOM-1.2: 18 Catalonia, 11 world, 4 urna, 4 Spain."""
    counts = Counter(FLAG_CODES[c.flag] for c in C.cards)
    assert counts == {"catalunya": 18, "mon": 11, "urna": 4, "espanya": 4}


def test_som_1_3_cn_is_one_of_the_eighteen_catalonia_cards():
    """SOM-1.3: CN is a board card with the Catalonia flag; 17 other Catalonia cards start
    face down."""
    cn = C.cards[C.card_index["CN"]]
    assert cn.flag == FLAG_CAT
    g = new(4, seed=7)
    st = g.state_dict()
    down_cat = [cid for cid, up in zip(st["layout"], st["face_up"], strict=True)
                if not up and C.cards[C.card_index[cid]].flag == FLAG_CAT]
    assert len(down_cat) == 17 and "CN" not in down_cat


def test_som_1_4_seven_symbol_cards():
    """SOM-1.4: 3 capacidad económica, 3 capacidad impositiva (ATC, Euro per recepta,
    Impost de successions), 1 Sufragi universal."""
    symbols = Counter(c.symbol for c in C.cards if c.symbol)
    assert symbols == {"capacitat_economica": 3, "capacitat_impositiva": 3,
                       "sufragi_universal": 1}
    impositiva = {c.id for c in C.cards if c.symbol == "capacitat_impositiva"}
    assert impositiva == {"C-ATC", "C-EPR", "C-IDS"}
    assert {c.id for c in C.cards if c.symbol == "sufragi_universal"} == {"W-SU"}


def test_som_1_5_symbol_card_flags():
    """SOM-1.5: Sufragi universal is a world card; the other six symbol cards are Catalonia
    cards; urna and Spain cards carry no symbol."""
    for c in C.cards:
        if c.symbol == "sufragi_universal":
            assert c.flag == FLAG_MON
        elif c.symbol:
            assert c.flag == FLAG_CAT, c.id
        if c.flag in (FLAG_URNA, FLAG_ESP):
            assert not c.symbol, c.id


def test_som_1_6_four_citizens_one_per_colour():
    """SOM-1.6: pink, lilac, orange, blue — one citizen each."""
    assert C.colours == ("rosa", "lila", "naranja", "azul")
    v = new(4).view(None)
    assert [p["colour"] for p in v["players"]] == list(C.colours)
    assert len(v["citizens"]) == 4


def test_som_1_7_die_faces():
    """SOM-1.7: 6 faces; each joins a number from {4, 2, 0} to one picture: the Generalitat,
    one citizen colour, or all citizens."""
    assert len(C.faces) == 6
    colours_seen = []
    for number, pic in C.faces:
        assert number in (4, 2, 0)
        assert pic in (PIC_GENERALITAT, PIC_TODOS) or 0 <= pic < 4
        if pic >= 0:
            colours_seen.append(C.colours[pic])
    assert sorted(colours_seen) == sorted(C.colours)
    kinds = Counter("gen" if p == PIC_GENERALITAT else "all" if p == PIC_TODOS else "colour"
                    for _, p in C.faces)
    assert kinds == {"gen": 1, "all": 1, "colour": 4}


def test_som_1_8_twenty_four_disks_worth_36():
    """SOM-1.8: 12 infrastructures of 1 € + 12 services of 2 € = 36 €."""
    ones = sum(t.count for t in C.types if t.value == 1)
    twos = sum(t.count for t in C.types if t.value == 2)
    assert (ones, twos) == (12, 12)
    assert all(t.kind == ("servicio" if t.value == 2 else "infraestructura") for t in C.types)
    assert sum(t.count * t.value for t in C.types) == 36
    for n in (1, 2, 3, 4):
        v = new(n, seed=n).view(None)
        assert sum(p["value"] for p in v["players"]) + v["hisenda"]["value"] == 36


def test_som_1_9_service_types():
    """SOM-1.9: justicia 2, sanidad 3, educación 3, mossos 2, bomberos 2."""
    got = {t.code: t.count for t in C.types if t.kind == "servicio"}
    assert got == SERVICES and sum(got.values()) == 12


def test_som_1_10_infrastructure_types():
    """SOM-1.10 (G30 for the energías/vivienda split): vías 2, carreteras 2, bosques 3,
    energías 2, vivienda pública 3."""
    got = {t.code: t.count for t in C.types if t.kind == "infraestructura"}
    assert got == INFRAS and sum(got.values()) == 12


def test_som_1_11_twelve_participation_disks():
    """SOM-1.11: 12 PDs in the game (all on CN at the start)."""
    assert C.pd_total == 12
    v = new(3).view(None)
    assert sum(p["pd"] for p in v["players"]) + v["cn"]["pd"] == 12


def test_som_1_12_held_disks_show_their_type_to_everyone():
    """SOM-1.12: every seat sees each player's disk types."""
    g = new(4, seed=3)
    truth = [dict(p["disks"]) for p in g.state_dict()["players"]]
    for seat in (0, 1, 2, 3, None):
        v = g.view(seat)
        assert [p["disks"] for p in v["players"]] == truth
        for p in v["players"]:
            assert p["value"] == value_of(p["disks"])


def test_som_1_13_hisenda_shows_only_denominations():
    """SOM-1.13: Hisenda's disks show their coin side: counts of 1 € and 2 € disks only."""
    g = new(4, seed=3)
    hidden = g.state_dict()["hisenda_types"]
    for seat in (0, 1, None):
        h = g.view(seat)["hisenda"]
        assert set(h) == {"ones", "twos", "value", "flipped"}
        assert h["ones"] == sum(hidden[t] for t in INFRAS)
        assert h["twos"] == sum(hidden[t] for t in SERVICES)
        assert h["value"] == h["ones"] + 2 * h["twos"]
    # and nowhere else in a seat's view (the full state keeps them apart, for tests)
    for seat in (0, None):
        assert "hisenda_types" not in g.view(seat)


def test_som_1_14_participation_disks_are_counts():
    """SOM-1.14: PDs are identical counters: the view gives only how many each holds."""
    g = game(4, pd={0: 2, 1: 0, 2: 5, 3: 1})
    v = g.view(2)
    assert [p["pd"] for p in v["players"]] == [2, 0, 5, 1] and v["cn"]["pd"] == 4
    assert all(isinstance(p["pd"], int) for p in v["players"])


def test_som_1_15_one_generalitat_marker_and_the_die_go_together():
    """SOM-1.15: exactly one GH at a time, and only the GH rolls the die."""
    g = game(4, dice=[6], cells={CN: "CN", **{c: f"W-0{i + 1}" for i, c in
                                             enumerate(CN_NEIGHBOURS)}},
             gh=2, phase="transferencia")
    v = g.view(None)
    assert [p["gh"] for p in v["players"]] == [False, False, True, False] and v["gh"] == 2
    assert g.to_move == (2,) and [str(a) for a in g.legal_actions()] == ["tirar"]
    for s in (0, 1, 3):
        assert g.legal_actions(s) == []
        with pytest.raises(ludoteca.IllegalAction):
            g.apply("tirar", seat=s)
    ev = play(g, (2, "tirar"))
    assert next(e for e in ev if e.kind == "tirada").data["player"] == 2


# ----- SOM-2.x: setup --------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_som_2_1_one_to_four_players_distinct_colours(n):
    """SOM-2.1: 1–4 players, one citizen each, each in a colour no one else has."""
    v = new(n).view(None)
    colours = [p["colour"] for p in v["players"]]
    assert len(colours) == n == len(set(colours)) and len(v["citizens"]) == n


@pytest.mark.parametrize("n", [0, 5])
def test_som_2_1_other_player_counts_refused(n):
    """SOM-2.1: no game with 0 or 5 players."""
    with pytest.raises(ludoteca.InvalidOption, match="1 to 4 players"):
        new(n)


def test_som_2_1_repeated_colour_refused():
    """SOM-2.1: no two players share a colour."""
    with pytest.raises(ludoteca.InvalidOption):
        new(3, options={"colours": ["rosa", "lila", "rosa"]})


@pytest.mark.parametrize("n", [2, 3, 4])
def test_som_2_2_two_services_and_two_infrastructures_each(n):
    """SOM-2.2: with 2–4 players each citizen gets 2 × 2 € and 2 × 1 € = 6 €."""
    for seed in range(5):
        g = new(n, seed=seed)
        for hand in dealt(g):
            twos = sum(k for t, k in hand.items() if VALUE[t] == 2)
            ones = sum(k for t, k in hand.items() if VALUE[t] == 1)
            assert (twos, ones) == (2, 2) and value_of(hand) == 6


def test_som_2_3_dealt_types_random_uniform_and_seeded():
    """SOM-2.3 (G6): the deal is random by type, weighted by the undealt disks of each type,
    and reproducible from the seed."""
    assert dealt(new(4, seed=11)) == dealt(new(4, seed=11))
    deals = {json.dumps(dealt(new(4, seed=s)), sort_keys=True) for s in range(20)}
    assert len(deals) > 15                     # not a fixed deal
    tally: Counter = Counter()
    games = 400
    for s in range(games):
        for hand in dealt(new(4, seed=s)):
            tally.update(hand)
    # 8 services and 8 infrastructures are dealt per game: each type's share is its count / 12
    for kinds in (SERVICES, INFRAS):
        for t, count in kinds.items():
            expected = games * 8 * count / 12
            assert abs(tally[t] - expected) < 0.12 * expected, (t, tally[t], expected)


def test_som_2_4_solo_starts_with_eight_euros():
    """SOM-2.4 (G23 a): the solo citizen is dealt 2 × 2 € + 4 × 1 € = 8 €, at random."""
    hands = [dealt(new(1, seed=s))[0] for s in range(10)]
    for hand in hands:
        twos = sum(k for t, k in hand.items() if VALUE[t] == 2)
        ones = sum(k for t, k in hand.items() if VALUE[t] == 1)
        assert (twos, ones) == (2, 4) and value_of(hand) == 8
    assert len({json.dumps(h, sort_keys=True) for h in hands}) > 1


def test_som_2_5_hisenda_off_the_map_normal_side_up():
    """SOM-2.5: Hisenda espanyola is not one of the map cells; it lies west of the map and
    starts unflipped."""
    assert C.raw["map"]["hisenda_side"] == "oeste"
    g = new(4)
    st = g.state_dict()
    assert len(st["layout"]) == 37 and all(cid in C.card_index for cid in st["layout"])
    assert g.view(None)["hisenda"]["flipped"] is False


def test_som_2_6_thirty_seven_cards_dealt_one_per_cell_at_random():
    """SOM-2.6 (G2): the 37 board cards, CN included, are shuffled into the 37 cells."""
    layouts = [new(4, seed=s).state_dict()["layout"] for s in range(740)]
    for lay in layouts[:20]:
        assert sorted(lay) == sorted(c.id for c in C.cards)
    cn_cells = Counter(lay.index("CN") for lay in layouts)
    assert set(cn_cells) == set(range(37))     # CN can land in any cell
    assert max(cn_cells.values()) < 50         # ~20 expected per cell
    assert len({tuple(lay) for lay in layouts}) == len(layouts)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_som_2_7_only_cn_face_up_after_dealing(n):
    """SOM-2.7: 36 cards face down, CN face up wherever it landed."""
    for seed in range(3):
        g = new(n, seed=seed)
        st = g.state_dict()
        up = [cid for cid, u in zip(st["layout"], st["face_up"], strict=True) if u]
        assert up == ["CN"] and st["face_up"].count(False) == 36
        assert st["layout"].index("CN") == g.view(None)["cn"]["cell"]


def test_som_2_8_cn_swap_option():
    """SOM-2.8: `concentracio_cell` swaps CN with the card in the chosen cell (which stays
    face down); without it CN stays where it landed."""
    plain = new(4, seed=5).state_dict()
    origin = plain["layout"].index("CN")
    target = 15 if origin != 15 else 20
    swapped = new(4, seed=5, options={"concentracio_cell": target}).state_dict()
    diff = [c for c in range(37) if plain["layout"][c] != swapped["layout"][c]]
    assert sorted(diff) == sorted([origin, target])
    assert swapped["layout"][target] == "CN" and swapped["face_up"][target]
    assert swapped["layout"][origin] == plain["layout"][target]
    assert swapped["face_up"][origin] is False
    assert swapped["cn"]["cell"] == target and set(swapped["citizens"]) == {target}
    # the same cell given as text; choosing CN's own cell changes nothing
    by_text = new(4, seed=5, options={"concentracio_cell": "r2c3"}).state_dict()
    assert by_text["layout"].index("CN") == 15
    same = new(4, seed=5, options={"concentracio_cell": origin}).state_dict()
    assert same["layout"] == plain["layout"]
    with pytest.raises(ludoteca.InvalidOption):
        new(4, options={"concentracio_cell": 37})


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_som_2_9_citizens_start_on_cn(n):
    """SOM-2.9: every citizen starts on CN."""
    v = new(n, seed=n + 10).view(None)
    assert v["citizens"] == [v["cn"]["cell"]] * n


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_som_2_10_all_pds_start_on_cn(n):
    """SOM-2.10: the 12 PDs start on CN; no player owns any."""
    v = new(n).view(None)
    assert v["cn"]["pd"] == 12 and [p["pd"] for p in v["players"]] == [0] * n


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_som_2_11_undealt_disks_start_on_hisenda(n):
    """SOM-2.11: Hisenda starts with every undealt disk: 36 − 6n € (28 € solo)."""
    for seed in range(3):
        g = new(n, seed=seed)
        hands = dealt(g)
        bank = hisenda_at_deal(g)
        for t, total in ALL_DISKS.items():
            assert bank[t] + sum(h.get(t, 0) for h in hands) == total
        start = 8 if n == 1 else 6
        assert value_of(bank) == 36 - start * n
        assert value_of(bank) == {1: 28, 2: 24, 3: 18, 4: 12}[n]


def test_som_2_12_modes_fixed_at_setup():
    """SOM-2.12: the mode is A, B, C (= B + votes) or AC (C on A); it never changes.
    Mode B's exchanges exist only in B and C; Sufragi universal votes only in C and AC."""
    for bad in ("D", "a", None, 3):
        if bad is None:
            continue
        with pytest.raises(ludoteca.InvalidOption):
            new(4, options={"mode": bad})
    hands = {0: {"educacion": 2, "bosques": 1, "vivienda": 1},
             1: {"justicia": 1, "sanidad": 1, "vias": 1, "carreteras": 1}}
    for mode, swaps, votes in (("A", False, False), ("B", True, False), ("C", True, True),
                               ("AC", False, True)):
        g = game(4, options={"mode": mode}, disks=hands, phase="cohesion", face=1)
        legal = [str(a) for a in g.legal_actions()]
        assert any(a.startswith("canjear-educacion") for a in legal) is swaps, mode
        g2 = game(4, options={"mode": mode}, disks=hands, cells={CN: "CN", 16: "W-SU"},
                  face_up=[16], phase="accion", face=1)
        play(g2, (0, "mover 16"))
        assert (g2.view(None)["phase"] == "sufragio") is votes, mode
        assert g2.view(None)["mode"] == mode


def test_som_2_13_first_player_holds_the_generalitat_and_plays_first():
    """SOM-2.13 (G22): option `first_player` (default seat 0) gets the marker and the die and
    plays the first turn."""
    assert new(4).view(None)["gh"] == 0
    for fp in range(3):
        g = new(3, options={"first_player": fp}, seed=fp)
        assert g.view(None)["gh"] == fp and g.view(None)["turn"] == 1
        assert [e.data["player"] for e in g.opening_events if e.kind == "turno"] == [fp]
        while g.view(None)["stage"] == "tributacion":
            play(g, (g.to_move[0], str(g.legal_actions()[0])))
        assert g.to_move == (fp,) and [str(a) for a in g.legal_actions()] == ["tirar"]
    with pytest.raises(ludoteca.InvalidOption):
        new(3, options={"first_player": 3})


def test_som_2_14_centralism_chosen_at_setup_by_the_first_gh():
    """SOM-2.14: the degree is fixed at setup, after the first GH: a rolled degree uses the
    first die roll, before the first turn's transfer roll."""
    g = new(2, options={"centralism": "dado", "first_player": 1}, dice=[1, 2])
    v = g.view(None)
    assert v["gh"] == 1 and v["centralism"] == "intenso" and v["centralism_roll"] == 1
    while g.view(None)["stage"] == "tributacion":
        play(g, (g.to_move[0], str(g.legal_actions()[0])))
    ev = play(g, (1, "tirar"))
    assert next(e for e in ev if e.kind == "tirada").data["face"] == 2


def test_som_2_15_start_state():
    """SOM-2.15: empty urna pile, no empty cell, only CN face up, nothing flipped."""
    for n in (1, 2, 3, 4):
        v = new(n, seed=n).view(0)
        assert v["urna"] == []
        states = Counter(c["estado"] for c in v["cells"])
        assert states == {"oculta": 36, "visible": 1}
        assert v["cn"]["flipped"] is False and v["hisenda"]["flipped"] is False
        assert v["result"] is None


def test_som_2_16_fewer_players_only_chosen_colours_in_play():
    """SOM-2.16 (G22): with 2 players only their colours are on the map; a die face showing
    an absent colour is rolled again (SOM-17.2)."""
    g = game(2, options={"colours": ["rosa", "azul"]}, dice=[3, 5],
             cells={CN: "CN", **{c: f"W-0{i + 1}" for i, c in enumerate(CN_NEIGHBOURS)}},
             phase="transferencia")
    v = g.view(None)
    assert [p["colour"] for p in v["players"]] == ["rosa", "azul"]
    assert len(v["citizens"]) == 2
    ev = play(g, (0, "tirar"))
    assert [e.data["face"] for e in ev if e.kind == "repetir_tirada"] == [3]   # lila: absent
    kept = next(e for e in ev if e.kind == "tirada").data
    assert kept["face"] == 5 and kept["picture"] == "azul"
    play(g, (0, "terminar"))
    assert g.to_move == (1,)                    # the blue citizen is seat 1


# ----- SOM-3.x: degree of centralism -----------------------------------------------------------
@pytest.mark.parametrize("mode", ["A", "B", "C", "AC"])
@pytest.mark.parametrize("degree", ["medio", "elevado", "intenso"])
def test_som_3_1_any_degree_with_any_mode(mode, degree):
    """SOM-3.1: medio, elevado or intenso, combined with any mode."""
    g = new(4, options={"mode": mode, "centralism": degree})
    assert g.view(None)["centralism"] == degree and g.view(None)["mode"] == mode


def test_som_3_1_degree_fixed_for_the_whole_game():
    """SOM-3.1: the degree does not change during play (here across two Spain events)."""
    g = game(4, options={"centralism": "intenso"}, cells={CN: "CN", 16: "E-1"},
             phase="accion", face=1)
    play(g, (0, "mover 16"))
    assert g.view(None)["centralism"] == "intenso"
    with pytest.raises(ludoteca.InvalidOption):
        new(4, options={"centralism": "bajo"})


def test_som_3_2_chosen_directly_or_by_the_die():
    """SOM-3.2: the first GH picks the degree (option) or rolls for it (`dado`)."""
    for degree in ("medio", "elevado", "intenso"):
        v = new(3, options={"centralism": degree}).view(None)
        assert v["centralism"] == degree and v["centralism_roll"] is None
    assert not any(e.kind == "centralismo" for e in new(3).opening_events)
    g = new(3, options={"centralism": "dado", "first_player": 1}, dice=[6])
    v = g.view(None)
    assert v["centralism"] == "medio" and v["centralism_roll"] == 6
    # the roll is a public event of the first GH (docs/rules/som.md, option centralism)
    ev = g.opening_events[0]
    assert (ev.kind, ev.rule) == ("centralismo", "SOM-3.3")
    assert ev.data == {"player": 1, "face": 6, "number": 0, "degree": "medio"}


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_som_3_3_rolled_degree_uses_only_the_number(face):
    """SOM-3.3 (G27): 0 → medio, 2 → elevado, 4 → intenso; the picture is ignored, and a
    colour not in play is not rolled again."""
    number = C.faces[face - 1][0]
    want = {0: "medio", 2: "elevado", 4: "intenso"}[number]
    g = new(2, options={"centralism": "dado"}, dice=[face, 6])    # 2 players: rosa, lila
    v = g.view(None)
    assert v["centralism"] == want and v["centralism_roll"] == face
    # the next forced roll (6) is still there for the first transfer: no re-roll happened
    g.arrange(phase="transferencia")
    ev = play(g, (0, "tirar"))
    assert next(e for e in ev if e.kind == "tirada").data["face"] == 6


def spain_position(degree, **extra):
    """GH (seat 0) on CN (r2c3) steps onto a face-down Spain card at r2c4 (cell 16)."""
    arr = {"cells": {CN: "CN", 16: "E-1", **extra.pop("cells", {})},
           "phase": "accion", "face": 1, **extra}
    return game(4, options={"centralism": degree}, **arr)


def test_som_3_4_medio_spain_card_acts_once():
    """SOM-3.4 (SOM-12.5): under medio the Spain card stays face up after its event and later
    just stops a mover, with no new event."""
    g = spain_position("medio", cells={9: "C-01", 8: "C-02"})
    ev = play(g, (0, "mover 16"))
    assert "espana" in [e.kind for e in ev]
    st = g.state_dict()
    assert st["layout"][16] == "E-1" and st["face_up"][16]
    # next turn (GH 1) – move seat 1 onto the face-up Spain card: it acts as a world card
    g2 = game(4, options={"centralism": "medio"}, cells={CN: "CN", 16: "E-1"}, face_up=[16],
              gh=1, phase="accion", face=1)
    ev = play(g2, (1, "mover 16"))
    kinds = [e.kind for e in ev]
    assert "espana" not in kinds and "recogida" not in kinds
    assert next(e for e in ev if e.kind == "parada").rule == "SOM-11.8"
    assert "fin_turno" in kinds and g2.view(None)["gh"] == 2    # stopped: the turn is over
    assert g2.view(None)["citizens"][1] == 16


def test_som_3_5_elevado_acts_again_only_through_alignment():
    """SOM-3.5 (SOM-12.6): under elevado a lone Spain card stays face up; one aligned with a
    face-up Spain card goes back face down with it."""
    lone = spain_position("elevado")
    play(lone, (0, "mover 16"))
    st = lone.state_dict()
    assert st["layout"][16] == "E-1" and st["face_up"][16]
    aligned = spain_position("elevado", cells={12: "E-2"}, face_up=[12])   # r2c0: same row
    ev = play(aligned, (0, "mover 16"))
    assert next(e for e in ev if e.kind == "carta_espana").data["fate"] == "alineada"
    st = aligned.state_dict()
    for cid in ("E-1", "E-2"):
        cell = st["layout"].index(cid)
        assert not st["face_up"][cell]            # back on the map, face down: can act again


def test_som_3_6_intenso_always_back_face_down():
    """SOM-3.6 (SOM-12.7): under intenso the Spain card goes back face down after every
    event, so it can act again."""
    g = spain_position("intenso")
    play(g, (0, "mover 16"))
    st = g.state_dict()
    cell = st["layout"].index("E-1")
    assert not st["face_up"][cell]
    # reveal it again: a second event
    g2 = game(4, options={"centralism": "intenso"}, cells={CN: "CN", 16: "E-1"}, gh=1,
              phase="accion", face=1)
    ev = play(g2, (1, "mover 16"))
    assert "espana" in [e.kind for e in ev]


def test_som_3_7_solo_only_elevado_or_intenso():
    """SOM-3.7: a solo game refuses medio; elevado, intenso and a roll are allowed."""
    with pytest.raises(ludoteca.InvalidOption):
        new(1, options={"centralism": "medio"})
    for degree in ("elevado", "intenso"):
        assert new(1, options={"centralism": degree}).view(None)["centralism"] == degree
    v = new(1, options={"centralism": "dado"}, dice=[6, 6, 1]).view(None)
    assert v["centralism"] == "intenso" and v["centralism_roll"] == 1
