"""«Siglo XX» rule tests: Setup (XX-S.1–S.23), the derived pile sizes (XX-D.1–D.4), the round
structure (XX-R.1–R.4) and Phase 1 (XX-1.1–1.15), from ../shared/rules/sigloxx.md and the rulings
in docs/rules/sigloxx.md. Expected values are computed from the rules, not read from the engine."""

from __future__ import annotations

import json

import pytest
from xx_support import BOARD, SIDE_3, SIDE_4, C, new, of, play

import ludoteca

ROUNDS_II = ["II-A", "II-B", "II-C"]
ROUNDS_IV = ["IV-A", "IV-B", "IV-C"]
# XX-G7.1 (authored values): the three technology cost tracks are BOARD, SIDE_3 and SIDE_4
# of xx_support
DEAL = {3: (5, 4), 4: (6, 5), 5: (8, 6)}                  # XX-1.7: land, technologies
START_INDEX = {3: 1, 4: 0, 5: 0}                            # XX-1.14
PILE_OF_ROUND = {1: "I-II", 2: "I-II", 3: "III-IV", 4: "III-IV", 5: "V"}


def quiet(g, s):
    """Everyone withdraws at once and buys nothing; catastrophe columns at 0; else the first
    legal action (a cheap, legal way to move through whole rounds)."""
    legal = g.legal_actions(s)
    names = [str(a) for a in legal]
    for pref in ("retirarse", "no-comprar", "terminar", "pasar"):
        if pref in names:
            return pref
    zero = [a for a in legal if a.name.startswith("columna-") and a.arg == 0]
    return zero[-1] if zero else legal[0]


def run(g, policy=quiet, until=None):
    """Play with ``policy`` until ``until(g)`` holds or the game ends; return all events."""
    events = list(g.opening_events) if not g.actions_played else []
    while not g.is_over and not (until and until(g)):
        s = g.to_move[0]
        events += g.apply(policy(g, s), seat=s)
        g._check_invariants()
    return events


def land_pile(tile_id):
    return next(t.pile for t in C.land if t.id == tile_id)


def tech_pile(tech_id):
    return next(t.pile for t in C.tech if t.id == tech_id)


def by_round(events):
    """Events split at each 'ronda' event: {round: [events]} (setup events under 0)."""
    out, r = {0: []}, 0
    for e in events:
        if e.kind == "ronda":
            r = e.data["round"]
            out[r] = []
        out[r].append(e)
    return out


# ----- Setup --------------------------------------------------------------------------------------
def test_xx_s_1_cost_tile_waits_until_round_iii():
    """XX-S.1: the double-sided cost tile stays beside the board until round III: rounds I and
    II use the board's own track."""
    g = new(4)
    events = run(g, until=lambda g: g.round == 3)
    tracks = {e.data["track"] for e in events if e.kind == "coste"}
    per_round = {r: [e.data["track"] for e in evs if e.kind == "coste"]
                 for r, evs in by_round(events).items() if r}
    assert per_round[1] == ["tablero"] and per_round[2] == ["tablero"]
    assert per_round[3] == ["loseta-3"]
    assert tracks == {"tablero", "loseta-3"}


def test_xx_s_2_one_card_per_round_drawn_at_random_and_public():
    """XX-S.2: one round-II card and one round-IV card are drawn at random; every seat sees
    them from the start."""
    seen_ii, seen_iv = set(), set()
    for seed in range(40):
        g = new(3, seed=seed)
        cards = g.view(None)["scoring_cards"]
        assert cards["II"] in ROUNDS_II and cards["IV"] in ROUNDS_IV
        for seat in range(3):
            assert g.view(seat)["scoring_cards"] == cards
        seen_ii.add(cards["II"])
        seen_iv.add(cards["IV"])
        (prep,) = of(g.opening_events, "preparacion")
        assert prep.data["cards"] == cards
    assert seen_ii == set(ROUNDS_II) and seen_iv == set(ROUNDS_IV)     # the draw is random


def test_xx_s_3_undrawn_cards_leave_the_game():
    """XX-S.3: the four scoring cards not drawn leave the game: nothing shows them and only the
    drawn card is scored in rounds II and IV."""
    g = new(3, seed=5)
    cards = g.view(None)["scoring_cards"]
    others = set(ROUNDS_II + ROUNDS_IV) - set(cards.values())
    assert len(others) == 4
    text = json.dumps(g.view(None)) + json.dumps([e.data for e in g.opening_events])
    assert not any(f'"{c}"' in text for c in others)
    events = run(g)
    scored = {e.data["card"] for e in events if e.kind == "bonificacion"}
    assert scored == set(cards.values())


def test_xx_s_4_variant_without_scoring_cards():
    """XX-S.4: with scoring_cards = false no card is drawn and rounds II and IV score nothing."""
    g = new(3, seed=2, options={"scoring_cards": False})
    assert g.view(None)["scoring_cards"] == {"II": None, "IV": None}
    events = run(g)
    assert not of(events, "bonificacion")
    assert [e.data["round"] for e in of(events, "sin_tarjeta")] == [2, 4]
    assert of(events, "puntuacion_final")                           # the end still scores


def test_xx_s_5_land_piles_by_back_each_shuffled():
    """XX-S.5: four land piles by their backs (start, I–II, III–IV, V), each shuffled on its
    own."""
    orders = []
    for seed in (1, 2):
        g = new(4, seed=seed)
        st = g.state_dict()
        piles = st["hidden"]["land_piles"]
        assert set(piles) == {"start", "I-II", "III-IV", "V"}
        for name, pile in piles.items():
            assert all(land_pile(t) == name for t in pile)
        # round I dealt from the I–II pile; the other piles are whole
        i_ii = sorted(piles["I-II"] + st["land_display"])
        assert i_ii == [t.id for t in C.land if t.pile == "I-II"]
        assert sorted(piles["III-IV"]) == [t.id for t in C.land if t.pile == "III-IV"]
        assert sorted(piles["V"]) == [t.id for t in C.land if t.pile == "V"]
        orders.append((piles["III-IV"], piles["V"]))
        assert piles["III-IV"] != sorted(piles["III-IV"])                  # shuffled
    assert orders[0][0] != orders[1][0] and orders[0][1] != orders[1][1]


def test_xx_s_6_technology_piles_by_back_each_shuffled():
    """XX-S.6: the technologies are sorted into piles the same way, each shuffled on its own."""
    orders = []
    for seed in (1, 2):
        g = new(4, seed=seed)
        st = g.state_dict()
        piles = st["hidden"]["tech_piles"]
        assert set(piles) == {"I-II", "III-IV", "V"}
        for name, pile in piles.items():
            assert all(tech_pile(t) == name for t in pile)
        assert sorted(piles["I-II"] + st["tech_display"]) == \
            [t.id for t in C.tech if t.pile == "I-II"]
        assert sorted(piles["III-IV"]) == [t.id for t in C.tech if t.pile == "III-IV"]
        orders.append(piles["III-IV"])
    assert orders[0] != orders[1]


def _stack(g):
    st = g.state_dict()
    return [st["catastrophe"]["id"]] + st["hidden"]["catastrophe_stack"], \
        st["hidden"]["catastrophes_out"]


def _label(k):
    return next(c.label for c in C.catastrophes if c.id == k)


def test_xx_s_7_five_catastrophes_two_two_one():
    """XX-S.7: five catastrophe cards at random: two I–II, two III–IV, one V."""
    chosen = set()
    for seed in range(12):
        stack, out = _stack(new(3, seed=seed))
        labels = sorted(_label(k) for k in stack)
        assert labels == ["I-II", "I-II", "III-IV", "III-IV", "V"]
        assert sorted(stack + out) == sorted(c.id for c in C.catastrophes)
        chosen.add(tuple(sorted(stack)))
    assert len(chosen) > 1                                           # a random choice


def test_xx_s_8_stack_order_by_label():
    """XX-S.8: the stack holds the I–II cards on top, III–IV in the middle and V at the bottom,
    random within a label; rounds reveal cards of their own label."""
    orders = set()
    for seed in range(12):
        stack, _ = _stack(new(4, seed=seed))
        assert [_label(k) for k in stack] == ["I-II", "I-II", "III-IV", "III-IV", "V"]
        orders.add(tuple(stack[:2]))
    assert any(a > b for a, b in orders) and any(a < b for a, b in orders)   # random order
    g = new(4, seed=3)
    revealed = [e.data["card"] for e in run(g) if e.kind == "catastrofe"]
    assert [_label(k) for k in revealed] == ["I-II", "I-II", "III-IV", "III-IV", "V"]


def test_xx_s_10_colours_citizens_and_counters():
    """XX-S.10: each player takes a colour with its citizens (16 for the country, XX-D.4), figure
    and score counter."""
    g = new(5)
    colours = [p["colour"] for p in g.view(None)["players"]]
    assert colours == list(C.colours[:5]) and len(set(colours)) == 5
    for p in g.view(None)["players"]:
        on_tile = len(p["country"][0]["citizens"])
        assert on_tile + p["citizens_supply"] == 16
        assert p["score"] == 0


def test_xx_s_11_one_start_player_others_on_the_large_space():
    """XX-S.11: one player is the start player and acts first; nobody else acts in phase 2
    until that player has picked a tile."""
    for fp in range(4):
        g = new(4, options={"first_player": fp})
        v = g.view(None)
        assert v["sp"] == fp and g.to_move == (fp,)
        assert v["auction"]["withdrawn"] == [] and v["auction"]["tile"] is None
        for other in set(range(4)) - {fp}:
            assert g.legal_actions(other) == []


def test_xx_s_12_score_counters_start_at_zero():
    """XX-S.12: every score counter starts on 0."""
    for n in (3, 4, 5):
        assert [p["score"] for p in new(n).view(None)["players"]] == [0] * n


def test_xx_s_13_start_tile_with_one_garbage_and_two_citizens():
    """XX-S.13: each player has one start tile with 1 garbage and 2 citizens on it."""
    g = new(4, seed=9)
    for p in g.view(None)["players"]:
        (tile,) = p["country"]
        assert tile["tile"].startswith("S")
        assert tile["garbage"] == 1 and len(tile["citizens"]) == 2
        assert p["garbage"] == 1 and p["pending_land"] == []


def test_xx_s_14_citizens_on_the_coin_and_science_cities():
    """XX-S.14: the two start citizens stand on the two cities that yield coins and science."""
    g = new(3)
    start = next(t for t in C.land if t.id == "S1")
    producing = [s.letter for s in start.sites if s.coins > 0 and s.science > 0]
    assert producing == ["a", "b"]
    for p in g.view(None)["players"]:
        assert p["country"][0]["citizens"] == producing


def test_xx_s_15_start_cities_yield_1c1s_and_2c1s():
    """XX-S.15: one start city yields 1 coin + 1 science, the other 2 coins + 1 science:
    3 coins and 2 science in all."""
    for t in C.land:
        if t.pile == "start":
            yields = sorted((s.coins, s.science, s.vp) for s in t.sites if s.coins or s.science)
            assert yields == [(1, 1, 0), (2, 1, 0)]
    g = new(3)
    # Production of round I with nothing else staffed pays exactly 3 coins and 2 science
    events = run(g, until=lambda g: g.round == 2)
    for e in of(events, "produccion"):
        assert (e.data["coins"], e.data["science"], e.data["vp"]) == (3, 2, 0)


def test_xx_s_16_player_board_markers():
    """XX-S.16: income tracks at 3 coins, 2 science, 0 VP, and pollution at 0."""
    for n in (3, 4, 5):
        for p in new(n).view(None)["players"]:
            assert p["income"] == {"coins": 3, "science": 2, "vp": 0}
            assert p["pollution"] == 0


def test_xx_s_17_ten_coins_and_ten_science():
    """XX-S.17: each player starts with 10 coins and 10 science."""
    g = new(5, seed=4)
    for s in range(5):
        me = g.view(s)["players"][s]
        assert (me["coins"], me["science"]) == (10, 10)


def test_xx_s_18_holdings_seen_only_by_the_owner():
    """XX-S.18: coin and science holdings are shown only to their owner."""
    g = new(4)
    for seat in range(4):
        v = g.view(seat)
        for s, p in enumerate(v["players"]):
            assert (("coins" in p) and ("science" in p)) == (s == seat)
    assert all("coins" not in p for p in g.view(None)["players"])


# ----- Setup [completed] and derived --------------------------------------------------------
def test_xx_s_20_start_player_drawn_at_random():
    """XX-S.20: without first_player the start player is a seeded random draw."""
    firsts = [new(4, seed=seed).view(None)["sp"] for seed in range(30)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [new(4, seed=seed).view(None)["sp"] for seed in range(30)]   # reproducible


def test_xx_s_21_start_tile_three_linked_sites():
    """XX-S.21: the start tile has three sites joined by rail, two of them occupied; the third is
    a recycling site."""
    g = new(3)
    s1 = next(t for t in C.land if t.id == "S1")
    assert len(s1.sites) == 3 and s1.sites[2].capacity == 1
    assert s1.sites[0].capacity == s1.sites[1].capacity == 0
    assert s1.rails == 0b1111                                          # rail N E S W
    me = g.view(0)["players"][0]
    assert me["country"][0]["citizens"] == ["a", "b"]
    assert me["networks"] == [[112]]


def test_xx_s_22_pollution_track_minus_6_to_plus_6():
    """XX-S.22: pollution runs −6 … +6 from 0; arranging outside the track is refused."""
    assert (C.pollution_min, C.pollution_max, C.start_pollution) == (-6, 6, 0)
    for p in (-6, 6):
        assert new(3, pollution={0: p}).view(None)["players"][0]["pollution"] == p
    for p in (-7, 7):
        with pytest.raises(ludoteca.InvalidOption, match="pollution"):
            new(3, pollution={0: p})


def test_xx_s_23_income_may_exceed_ten():
    """XX-S.23: income tracks are unbounded: a country can earn more than 10 coins a round."""
    g = new(3, country={0: [{"tile": "L04", "x": 1, "y": 0, "citizens": "a"},
                            {"tile": "L13", "x": -1, "y": 0, "citizens": "ab"},
                            {"tile": "L23", "x": 2, "y": 0, "citizens": "a"}]})
    # 3 (start) + 3 (L04a) + 3 (L13a) + 4 (L23a) = 13 coins; 2 + 1 (L13b) = 3 science
    assert g.view(None)["players"][0]["income"] == {"coins": 13, "science": 3, "vp": 0}


def test_xx_d_1_land_piles_5_16_16_8_all_used_with_5_players():
    """XX-D.1: land piles hold 5/16/16/8 tiles (45); with 5 players every pile is used up by
    round V and no deal is ever short."""
    sizes = {p: sum(1 for t in C.land if t.pile == p) for p in ("start", "I-II", "III-IV", "V")}
    assert sizes == {"start": 5, "I-II": 16, "III-IV": 16, "V": 8} and len(C.land) == 45
    g = new(5, seed=8)
    dealt = []
    for e in run(g):
        if e.kind == "reparto":
            dealt.append(len(e.data["land"]))
    assert dealt == [8] * 5
    assert g.view(None)["piles"]["land"] == {"I-II": 0, "III-IV": 0, "V": 0}


def test_xx_d_2_technology_piles_12_12_6():
    """XX-D.2: technology piles 12/12/6 (30); 6 a round for 5 rounds with 5 players."""
    sizes = {p: sum(1 for t in C.tech if t.pile == p) for p in ("I-II", "III-IV", "V")}
    assert sizes == {"I-II": 12, "III-IV": 12, "V": 6} and len(C.tech) == 30
    g = new(5, seed=8)
    dealt = [len(e.data["tech"]) for e in run(g) if e.kind == "reparto"]
    assert dealt == [6] * 5
    assert g.view(None)["piles"]["tech"] == {"I-II": 0, "III-IV": 0, "V": 0}


def test_xx_d_3_track_of_nine_spaces_covers_eight_sales():
    """XX-D.3: nine spaces: with 5 players the marker starts leftmost and 8 sales take it to the
    rightmost space (index 8)."""
    assert all(len(t.prices) == 9 for t in C.tracks)
    g = new(5, sp=0, coins={0: 30})
    tiles = g.view(None)["land_display"]
    moves = [(0, f"subastar {tiles[0]}"), (0, "pujar 2")]
    moves += [(s, "retirarse") for s in range(1, 5) for _ in (0,)]
    ev = []
    for seat, text in moves:
        ev += play(g, (seat, text))
        if g.view(None)["step"] == "tecnologia":
            ev += play(g, (g.to_move[0], "no-comprar"))
    for t in tiles[1:]:
        ev += play(g, (0, f"comprar-tierra {t}"))
    assert [e.data["marker"] for e in of(ev, "marcador")] == list(range(1, 9))
    assert g.view(None)["price"] == 2


def test_xx_d_4_sixteen_citizens_for_the_country():
    """XX-D.4: 20 citizens − 4 board markers = 16 for the country, the 2 start ones included."""
    assert C.country_citizens == 16
    g = new(3)
    assert [p["citizens_supply"] for p in g.view(None)["players"]] == [14, 14, 14]


# ----- Round structure -------------------------------------------------------------------------
PHASE_OF_EVENT = {"reparto": 1, "catastrofe": 1, "coste": 1,
                  "subasta": 2, "retirada": 2, "gana": 2, "compra_solo": 2, "consuelo": 2,
                  "prevencion": 3, "columna": 3, "pago_catastrofe": 3, "efecto": 3,
                  "mantenimiento": 4, "fin_mantenimiento": 4,
                  "produccion": 5,
                  "bonificacion": 6, "sin_tarjeta": 6, "puntuacion_final": 6}


@pytest.fixture(scope="module")
def whole_game():
    import random
    g = new(4, seed=11)
    rng = random.Random(11)
    events = run(g, policy=lambda g, s: rng.choice(g.legal_actions(s)))
    return g, by_round(events)


def _phases(evs):
    return [PHASE_OF_EVENT[e.kind] for e in evs if e.kind in PHASE_OF_EVENT]


def test_xx_r_1_five_full_rounds_and_a_short_sixth(whole_game):
    """XX-R.1: rounds I–V are full rounds, then a shortened round VI ends the game."""
    g, rounds = whole_game
    assert sorted(r for r in rounds if r) == [1, 2, 3, 4, 5, 6]
    assert g.is_over and g.view(None)["round"] == 6
    for r in range(1, 6):
        assert 1 in _phases(rounds[r]) and 2 in _phases(rounds[r])
    assert 2 not in _phases(rounds[6])


def test_xx_r_2_phase_order_of_a_full_round(whole_game):
    """XX-R.2: a full round runs Setup, Land auction, Catastrophe, Maintenance, Production."""
    _, rounds = whole_game
    for r in range(1, 6):
        seq = [p for p in _phases(rounds[r]) if p <= 5]
        assert seq == sorted(seq), r
        assert set(seq) == {1, 2, 3, 4, 5}


def test_xx_r_3_even_rounds_add_bonus_scoring(whole_game):
    """XX-R.3: rounds II, IV and VI add a sixth phase, Bonus scoring, after Production."""
    _, rounds = whole_game
    for r in range(1, 7):
        seq = _phases(rounds[r])
        if r % 2 == 0:
            assert 6 in seq and seq[-1] == 6 and seq.index(6) > seq.index(5)
        else:
            assert 6 not in seq
    assert {e.kind for e in rounds[2] + rounds[4] if PHASE_OF_EVENT.get(e.kind) == 6} == \
        {"bonificacion"}
    assert any(e.kind == "puntuacion_final" for e in rounds[6])


def test_xx_r_4_round_vi_is_maintenance_production_final(whole_game):
    """XX-R.4: round VI has only Maintenance, Production and the final Bonus scoring."""
    _, rounds = whole_game
    seq = _phases(rounds[6])
    assert set(seq) == {4, 5, 6} and seq == sorted(seq)
    kinds = {e.kind for e in rounds[6]}
    assert not kinds & {"reparto", "catastrofe", "coste", "subasta", "retirada", "tecnologia",
                        "consuelo", "prevencion", "columna"}
    with pytest.raises(ludoteca.InvalidOption, match="XX-R.4"):
        new(3, round=6, phase="subasta")


# ----- Phase 1 --------------------------------------------------------------------------------
def test_xx_1_1_round_counter_moves_on():
    """XX-1.1: each new round moves the round counter forward by one."""
    g = new(3, seed=4)
    events = run(g)
    assert [e.data["round"] for e in of(events, "ronda")] == [1, 2, 3, 4, 5, 6]
    assert [e.data["roman"] for e in of(events, "ronda")] == ["I", "II", "III", "IV", "V", "VI"]


def test_xx_1_2_figures_start_above_the_land_auction():
    """XX-1.2: at the start of phase 1 nobody has withdrawn; the start player is on the start
    space and is the one to act."""
    g = new(4, seed=6)
    run(g, until=lambda g: g.round == 2)
    v = g.view(None)
    assert v["phase"] == "subasta" and v["step"] == "elegir"
    assert v["auction"]["withdrawn"] == [] and v["auction"]["passed"] == []
    assert g.to_move == (v["sp"],)


def test_xx_1_3_start_player_is_the_worst_catastrophe_victim():
    """XX-1.3: round I starts with the chosen player; each later round with the player who took
    the full-strength column of the previous catastrophe."""
    g = new(4, seed=6, options={"first_player": 2})
    assert g.view(None)["sp"] == 2
    starts, worst = {}, {}
    for r, evs in by_round(run(g)).items():
        for e in evs:
            if e.kind == "inicial" and e.rule == "XX-1.3":
                starts[r] = e.data["player"]
            if e.kind == "efecto" and e.data["column"] == "A":
                worst[r] = e.data["player"]
    assert starts[1] == 2
    for r in range(2, 6):
        assert starts[r] == worst[r - 1]


def test_xx_1_4_leftovers_leave_the_game():
    """XX-1.4: unsold land tiles and technologies and the old catastrophe leave the game when the
    next round begins."""
    g = new(3, seed=2)
    st = g.state_dict()
    land, tech, card = st["land_display"], st["tech_display"], st["catastrophe"]["id"]
    events = run(g, until=lambda g: g.round == 2)
    (drop,) = of(events, "descarte")
    assert drop.data == {"land": land, "tech": tech}
    st = g.state_dict()
    assert set(land) <= set(st["hidden"]["land_out"]) and set(tech) <= set(st["hidden"]["tech_out"])
    assert not set(land) & set(st["land_display"] + st["hidden"]["land_piles"]["I-II"])
    assert st["catastrophes_used"] == [card] and st["catastrophe"]["id"] != card


@pytest.mark.parametrize("n", [3, 4, 5])
def test_xx_1_5_land_dealt_from_the_rounds_pile(n):
    """XX-1.5: land is dealt from the I–II pile in rounds I–II, III–IV in III–IV, V in V."""
    rounds = by_round(run(new(n, seed=n)))
    for r in range(1, 6):
        (deal,) = of(rounds[r], "reparto")
        assert {land_pile(t) for t in deal.data["land"]} == {PILE_OF_ROUND[r]}


@pytest.mark.parametrize("n", [3, 4, 5])
def test_xx_1_6_technologies_dealt_from_the_rounds_pile(n):
    """XX-1.6: technologies are dealt the same way from the round's technology pile."""
    rounds = by_round(run(new(n, seed=n + 10)))
    for r in range(1, 6):
        (deal,) = of(rounds[r], "reparto")
        assert {tech_pile(t) for t in deal.data["tech"]} == {PILE_OF_ROUND[r]}


@pytest.mark.parametrize("n", [3, 4, 5])
def test_xx_1_7_deal_counts_by_player_count(n):
    """XX-1.7: 3 players 5 land + 4 technologies; 4 players 6 + 5; 5 players 8 + 6."""
    rounds = by_round(run(new(n, seed=1)))
    for r in range(1, 6):
        (deal,) = of(rounds[r], "reparto")
        assert (len(deal.data["land"]), len(deal.data["tech"])) == DEAL[n]


def test_xx_1_8_nothing_else_is_dealt_during_the_round():
    """XX-1.8: a won tile is not replaced; the piles stay untouched until the next round."""
    g = new(4, sp=0)
    v = g.view(None)
    tiles, piles = v["land_display"], v["piles"]
    play(g, (0, f"subastar {tiles[0]}"), (0, "pujar 2"), (1, "pasar"), (2, "pasar"),
         (3, "pasar"))
    v = g.view(None)
    assert v["land_display"] == tiles[1:] and v["piles"] == piles
    assert len(v["tech_display"]) == 5


def test_xx_1_9_top_catastrophe_revealed_each_round():
    """XX-1.9: each round reveals the top card of the catastrophe stack."""
    g = new(4, seed=13)
    stack, _ = _stack(g)
    revealed = [e.data["card"] for e in run(g) if e.kind == "catastrofe"]
    assert revealed == stack


def test_xx_1_10_and_1_11_cost_tile_sides():
    """XX-1.10: round III puts the cost tile on its "3 coins" side; XX-1.11: round V turns it to
    the "4 coins" side."""
    rounds = by_round(run(new(3, seed=1)))
    track = {r: of(rounds[r], "coste")[0].data for r in range(1, 6)}
    assert [track[r]["track"] for r in range(1, 6)] == \
        ["tablero", "tablero", "loseta-3", "loseta-3", "loseta-4"]
    assert (track[3]["min_bid"], track[5]["min_bid"]) == (3, 4)


@pytest.mark.parametrize("r, minimum", [(1, 2), (2, 2), (3, 3), (4, 3), (5, 4)])
def test_xx_1_12_minimum_land_price(r, minimum):
    """XX-1.12: the minimum land price is 2 coins in rounds I–II, 3 in III–IV, 4 in V."""
    g = new(4, round=r, sp=0)
    assert g.view(None)["min_bid"] == minimum
    tile = g.view(None)["land_display"][0]
    play(g, (0, f"subastar {tile}"))
    legal = [a.arg for a in g.legal_actions(0)]
    assert min(legal) == minimum
    with pytest.raises(ludoteca.IllegalAction, match="minimum"):
        g.apply(f"pujar {minimum - 1}", seat=0)


@pytest.mark.parametrize("n, r, track", [(4, 1, BOARD), (3, 2, BOARD), (4, 3, SIDE_3),
                                         (3, 4, SIDE_3), (5, 5, SIDE_4), (3, 5, SIDE_4)])
def test_xx_1_13_price_is_the_value_under_the_marker(n, r, track):
    """XX-1.13: the technology price is the value under the marker on the active track (the
    board's in rounds I–II, the tile's in III–V)."""
    g = new(n, round=r)
    v = g.view(None)
    assert v["price"] == track[START_INDEX[n]]
    for m in (0, 4, 8):
        assert new(n, round=r, marker=m).view(None)["price"] == track[m]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_xx_1_14_marker_reset_every_full_round(n):
    """XX-1.14: every full round starts with the marker leftmost (4–5 players) or on the second
    space (3 players), however far it moved the round before."""
    g = new(n, seed=3)
    events = run(g, policy=_buy_one_tile_each_round)
    starts = [e.data["marker"] for e in of(events, "coste")]
    assert starts == [START_INDEX[n]] * 5
    moved = [e.data["marker"] for e in of(events, "marcador")]
    assert moved and max(moved) > START_INDEX[n]                      # it did move in between


def _buy_one_tile_each_round(g, s):
    """The start player auctions one tile at the minimum; everybody else withdraws."""
    v = g.view(None)
    names = [str(a) for a in g.legal_actions(s)]
    if v["step"] == "elegir" and not v["auction"]["withdrawn"] and any(
            a.startswith("subastar") for a in names):
        return next(a for a in names if a.startswith("subastar"))
    if v["step"] == "abrir":
        return names[0]
    return quiet(g, s)


def test_xx_1_15_technologies_get_cheaper_during_the_auction():
    """XX-1.15: the track falls from left to right and the marker moves right as land is sold,
    so the price never rises during a land auction."""
    for t in C.tracks:
        assert list(t.prices) == sorted(t.prices, reverse=True)
    g = new(4, sp=0, coins={0: 40})
    tiles = g.view(None)["land_display"]
    prices = [g.view(None)["price"]]
    play(g, (0, f"subastar {tiles[0]}"), (0, "pujar 2"), (1, "pasar"), (2, "pasar"),
         (3, "pasar"))
    prices.append(g.view(None)["price"])
    play(g, (0, f"subastar {tiles[1]}"), (0, "pujar 2"), (1, "pasar"), (2, "pasar"),
         (3, "pasar"))
    prices.append(g.view(None)["price"])
    assert prices == [7, 6, 5]
