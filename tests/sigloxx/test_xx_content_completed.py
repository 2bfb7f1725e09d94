"""«Siglo XX»: the rules completed from public sources about setup, components and arithmetic
(XX-S.20–S.23, XX-D.1–D.4), the completed Phase 2 and Phase 3 rules (XX-2.41–2.44,
XX-3.7–3.14), and the authored content of gaps G2 (catastrophe cards), G3 (land tiles) and
G5 (technologies), each checked against the checklist's tables and against the engine's play."""

from __future__ import annotations

import random

import pytest
from xx_support import C, legal, of, play
from xx_support import new3 as game

import ludoteca
from ludoteca.games.sigloxx.content import SITE_RECYCLING

N, E, S, W = 1, 2, 4, 8          # rail bits of the content (edges N, E, S, W)


def play_random(g, seed):
    rng = random.Random(seed)
    events = list(g.opening_events)
    while not g.is_over:
        s = g.to_move[0]
        events += g.apply(rng.choice(g.legal_actions(s)), seat=s)
    return events


def open_and_others_withdraw(g, sp):
    """The start player opens the first displayed tile at the minimum; every other seat then
    withdraws without buying, so the start player wins it and is left alone (XX-2.23)."""
    tile = g.view(None)["land_display"][0]
    ev = play(g, (sp, f"subastar {tile}"), (sp, f"pujar {g.view(None)['min_bid']}"))
    while g.to_move != (sp,):
        (s,) = g.to_move
        ev += play(g, (s, "retirarse"))
        if g.to_move == (s,):
            ev += play(g, (s, "no-comprar"))
    return ev


# ----- setup and components [completed] -----------------------------------------------------
def test_xx_s_20_start_player_is_drawn_at_random():
    """XX-S.20: the first start player is a random (seeded) draw; every seat can be drawn and the
    same seed always draws the same seat."""
    drawn = {}
    for seed in range(60):
        g = ludoteca.new_game("sigloxx", players=4, seed=seed)
        (first,) = of(g.opening_events, "inicial")[:1]
        assert first.data["player"] == g.view(None)["sp"] == g.to_move[0]
        drawn[seed] = first.data["player"]
    assert set(drawn.values()) == {0, 1, 2, 3}
    assert all(ludoteca.new_game("sigloxx", players=4, seed=s).view(None)["sp"] == p
               for s, p in list(drawn.items())[:10])


def test_xx_s_21_start_tile_three_sites_two_staffed_one_recycling():
    """XX-S.21: the start tile has 3 sites joined by rail (one tile: all its sites and rail edges
    are linked, XX-G3.3), 2 of them occupied at the start; the third is a recycling site."""
    for t in C.land[:5]:
        assert t.pile == "start" and len(t.sites) == 3
        assert [s.kind for s in t.sites][2] == SITE_RECYCLING and t.sites[2].capacity == 1
        assert t.rails == N | E | S | W
    g = game(5)
    for p in g.view(None)["players"]:
        (start,) = p["country"]
        assert start["citizens"] == ["a", "b"]
        assert len(p["networks"]) == 1


def test_xx_s_22_pollution_track_minus_6_to_plus_6_from_0():
    """XX-S.22: the pollution track runs −6 … +6 and starts at 0; the marker cannot be set
    outside it."""
    assert (C.pollution_min, C.pollution_max, C.start_pollution) == (-6, 6, 0)
    g = game(3)
    assert [p["pollution"] for p in g.view(None)["players"]] == [0, 0, 0]
    game(3, pollution={0: -6, 1: 6})
    for bad in (-7, 7):
        with pytest.raises(ludoteca.InvalidOption):
            game(3, pollution={0: bad})


def test_xx_s_23_income_tracks_exceed_10():
    """XX-S.23: income is an unbounded non-negative number: a country yielding 15 coins is paid
    15 coins (no cap at 10)."""
    country = [{"tile": "L36", "x": 1, "y": 0, "citizens": "a"},     # 3C+2S
               {"tile": "L23", "x": -1, "y": 0, "citizens": "a"},    # 4C
               {"tile": "L17", "x": 0, "y": 1, "citizens": "ab"},    # 3C, 2S
               {"tile": "L20", "x": 0, "y": -1, "citizens": "a"}]    # 2C+2S
    g = game(3, round=3, sp=0, phase="produccion", country={0: country}, coins={0: 0},
             science={0: 0})
    (prod,) = [e for e in of(g.opening_events, "produccion") if e.data["player"] == 0]
    assert prod.data == {"player": 0, "coins": 15, "science": 8, "vp": 0}
    me = g.view(0)["players"][0]
    assert (me["coins"], me["science"]) == (15, 8)
    assert me["income"] == {"coins": 15, "science": 8, "vp": 0}


# ----- derived by arithmetic [completed] --------------------------------------------------
def test_xx_d_1_land_piles_5_16_16_8_exactly_enough_for_5_players():
    """XX-D.1: land piles start 5, I–II 16, III–IV 16, V 8 (45 tiles); with 5 players every round
    deals 8, every land tile comes out and no pile runs short."""
    assert C.land_pile_sizes == {"start": 5, "I-II": 16, "III-IV": 16, "V": 8}
    assert sum(C.land_pile_sizes.values()) == len(C.land) == 45
    g = ludoteca.new_game("sigloxx", players=5, seed=11)
    ev = play_random(g, 11)
    deals = [len(e.data["land"]) for e in of(ev, "reparto")]
    assert deals == [8, 8, 8, 8, 8]
    assert all(not p for p in g.state_dict()["hidden"]["land_piles"].values())
    g = ludoteca.new_game("sigloxx", players=3, seed=11)
    assert [len(e.data["land"]) for e in of(play_random(g, 3), "reparto")] == [5] * 5


def test_xx_d_2_technology_piles_12_12_6():
    """XX-D.2: technology piles I–II 12, III–IV 12, V 6, no start technologies; 6 per round × 5
    rounds with 5 players uses all 30."""
    assert C.tech_pile_sizes == {"I-II": 12, "III-IV": 12, "V": 6}
    assert sum(C.tech_pile_sizes.values()) == len(C.tech) == 30
    g = ludoteca.new_game("sigloxx", players=5, seed=12)
    ev = play_random(g, 12)
    assert [len(e.data["tech"]) for e in of(ev, "reparto")] == [6] * 5
    assert all(not p for p in g.state_dict()["hidden"]["tech_piles"].values())


def test_xx_d_3_cost_track_has_9_spaces_for_8_sales():
    """XX-D.3: every cost track has 9 spaces; with 5 players the marker starts leftmost and 8
    sales in one round bring it to the rightmost space, where it stays."""
    assert all(len(t.prices) == 9 for t in C.tracks)
    g = game(5, sp=0, coins={0: 40})
    assert g.view(None)["marker"] == 0 and len(g.view(None)["land_display"]) == 8
    open_and_others_withdraw(g, 0)
    for tile in list(g.view(None)["land_display"])[:-1]:
        play(g, (0, f"comprar-tierra {tile}"))
    assert g.view(None)["marker"] == 7
    play(g, (0, f"comprar-tierra {g.view(None)['land_display'][0]}"))
    assert (g.view(None)["marker"], g.view(None)["price"]) == (8, 2)
    g = game(4, sp=0, marker=7, coins={0: 20})
    open_and_others_withdraw(g, 0)
    assert g.view(None)["marker"] == 8
    play(g, (0, f"comprar-tierra {g.view(None)['land_display'][0]}"))
    assert g.view(None)["marker"] == 8                         # clamped at the right end


def test_xx_d_4_sixteen_citizens_for_the_country():
    """XX-D.4: 20 citizens per colour minus the 4 board markers leaves 16 for the country; the 2
    start citizens are among them (14 left in the supply at the start)."""
    assert C.country_citizens == C.raw["supply"]["citizens_per_colour"] - \
        C.raw["supply"]["citizens_as_markers"] == 16
    g = game(4)
    assert all(p["citizens_supply"] == 14 for p in g.view(None)["players"])
    # 14 more staffed sites use the whole supply
    country = [{"tile": "L16", "x": 1, "y": 0, "citizens": "abc"},
               {"tile": "L32", "x": -1, "y": 0, "citizens": "abc"},
               {"tile": "L39", "x": 0, "y": 1, "citizens": "abc"},
               {"tile": "L05", "x": 0, "y": -1, "citizens": "ab"},
               {"tile": "L03", "x": 2, "y": 0, "citizens": "ab"}]
    g = game(3, round=3, country={0: country}, citizens={"S1": "abc"})
    assert g.view(None)["players"][0]["citizens_supply"] == 0
    with pytest.raises(ludoteca.InvalidOption, match="more than 16"):
        game(3, round=3, country={0: country + [{"tile": "L01", "x": 3, "y": 0,
                                                 "citizens": "a"}]}, citizens={"S1": "abc"})


# ----- Phase 2 [completed] ----------------------------------------------------------------
def test_xx_2_41_four_tiles_in_round_one_bring_ten_garbage():
    """XX-2.41: the play report's 4 land tiles in round I bring 1 + 2 + 3 + 4 = 10 garbage (won in
    ordinary auctions: the others pass each time)."""
    g = game(3, sp=0, coins={0: 30})
    ev = []
    for _ in range(4):
        tile = g.view(None)["land_display"][0]
        ev += play(g, (0, f"subastar {tile}"), (0, "pujar 2"), (1, "pasar"), (2, "pasar"))
    got = [e.data["garbage"] for e in of(ev, "tierra")]
    assert got == [1, 2, 3, 4] and sum(got) == 10
    assert sum(p["garbage"] for p in g.view(0)["players"][0]["pending_land"]) == 10


def test_xx_2_42_grey_white_and_institution_technologies():
    """XX-2.42: technologies are permanent (grey), one-time (white) or institutions (facilities
    with rails, placed into the country)."""
    kinds = {t.kind for t in C.tech}
    assert kinds == {"permanent", "one_time", "institution"}
    for t in C.tech:
        if t.kind == "permanent":
            assert t.use in ("passive", "each_maintenance", "auto_each_maintenance")
        elif t.kind == "one_time":
            assert t.use in ("once", "on_purchase")
        else:
            assert bin(t.rails).count("1") >= 2 and t.op == "income_if_connected"
    # a bought institution waits beside the country and is placed into it in Maintenance
    g = game(3, sp=0, tech_display=["T04", "T02", "T03", "T06"])
    play(g, (0, "retirarse"), (0, "comprar-tecnologia T04"))
    assert g.view(None)["players"][0]["pending_institutions"] == ["T04"]


def test_xx_2_43_last_withdrawer_not_first_takes_the_start_space():
    """XX-2.43: known conflict (kubenbois: the first to withdraw); the text's last withdrawer
    takes the start-player space and bids first in Phase 3."""
    g = game(3, sp=0)
    tile = g.view(None)["land_display"][0]
    ev = play(g, (0, f"subastar {tile}"), (0, "pujar 2"), (1, "retirarse"), (1, "no-comprar"))
    ev += play(g, (2, "pasar"))                       # seat 0 wins; seat 1 withdrew first
    ev += play(g, (0, "retirarse"), (0, "no-comprar"))           # seat 2 is left alone
    ev += play(g, (2, "retirarse"), (2, "no-comprar"))
    assert [e.data["player"] for e in of(ev, "retirada")] == [1, 0, 2]
    assert g.view(None)["sp"] == 2 and g.view(None)["phase"] == "catastrofe"
    assert g.to_move == (2,)


def test_xx_2_44_technologies_get_cheaper_as_land_is_sold():
    """XX-2.44: each track's prices fall from left to right and every land sale moves the marker
    right, so the technology price never rises during a round."""
    for t in C.tracks:
        assert list(t.prices) == sorted(t.prices, reverse=True) and t.prices[0] > t.prices[-1]
    g = game(4, sp=0, coins={0: 30})
    prices = [g.view(None)["price"]]
    for _ in range(3):
        tile = g.view(None)["land_display"][0]
        play(g, (0, f"subastar {tile}"), (0, "pujar 2"), (1, "pasar"), (2, "pasar"), (3, "pasar"))
        prices.append(g.view(None)["price"])
    assert prices == [7, 6, 5, 5]


# ----- Phase 3 [completed] ----------------------------------------------------------------
def cat_game(n=3, card="K1", **kw):
    return game(n, sp=0, catastrophe=card, phase="catastrofe", **kw)


def test_xx_3_7_displacement_auction_paid_in_science():
    """XX-3.7: the catastrophe is settled by a displacement auction paid in science: a displaced
    bid costs nothing, final bids are paid in science, coins are untouched."""
    g = cat_game(coins={0: 9, 1: 9, 2: 9})
    ev = play(g, (0, "columna-E 2"), (1, "columna-E 4"))
    assert of(ev, "columna")[1].data["displaced"] == 0
    play(g, (2, "columna-C 1"), (0, "columna-A 0"))
    pays = [(0, 0), (1, 4), (2, 1)]
    for s, amount in pays:
        # Production of round I has added 2 science and 3 coins since
        assert g.view(s)["players"][s]["science"] == 10 - amount + 2
        assert g.view(s)["players"][s]["coins"] == 9 + 3


def test_xx_3_8_bidding_starts_with_start_player_and_goes_clockwise():
    """XX-3.8: the player on the start-player space bids first, then turn order (clockwise)."""
    g = game(4, sp=2, catastrophe="K1", phase="catastrofe")
    order = []
    for col in ("E 0", "D 0", "C 0", "A 0"):
        (s,) = g.to_move
        order.append(s)
        play(g, (s, f"columna-{col}"))
    assert order == [2, 3, 0, 1]


def test_xx_3_9_bidding_goes_on_until_every_bid_is_settled():
    """XX-3.9: a displaced player is unplaced again and bids again; the auction ends only when
    every player is placed."""
    g = cat_game()
    play(g, (0, "columna-E 1"), (1, "columna-E 2"))
    assert g.to_move == (2,)
    play(g, (2, "columna-E 3"))                                # displaces seat 1
    assert g.view(None)["phase"] == "catastrofe" and g.to_move == (0,)
    play(g, (0, "columna-C 0"))
    assert g.to_move == (1,)                                   # the displaced bidder again
    options = legal(g, 1)
    assert {"columna-A 0", "columna-C 1", "columna-E 4"} <= set(options)
    assert "columna-E 3" not in options and "columna-C 0" not in options
    play(g, (1, "columna-C 1"))                                # displaces seat 0 in turn
    assert g.to_move == (0,) and g.view(None)["phase"] == "catastrofe"
    ev = play(g, (0, "columna-A 0"))
    assert len(of(ev, "pago_catastrofe")) == 3                 # now everyone is settled


def test_xx_3_10_every_player_in_a_different_column():
    """XX-3.10: at the end every player is in exactly one column in play, no two share one."""
    for n in (3, 4, 5):
        g = game(n, sp=0, catastrophe="K2", phase="catastrofe")
        rng = random.Random(n)
        ev = []
        while g.view(None)["phase"] == "catastrofe":
            s = g.to_move[0]
            ev += play(g, (s, rng.choice(legal(g, s))))
        cols = sorted(e.data["column"] for e in of(ev, "efecto"))
        assert cols == sorted("ABCDE"[x] for x in C.player_counts[n].columns)
        assert len(of(ev, "pago_catastrofe")) == n


def test_xx_3_11_worst_column_starts_the_next_round():
    """XX-3.11: the player in the worst (first) column becomes start player of the next round."""
    g = cat_game()
    ev = play(g, (0, "columna-E 0"), (1, "columna-A 0"), (2, "columna-C 0"))
    # nothing to decide in Maintenance and Production: round II begins
    assert g.view(None)["round"] == 2
    assert [e.data["player"] for e in of(ev, "inicial")] == [1, 1]   # G1.10, then XX-1.3
    assert of(ev, "inicial")[-1].rule == "XX-1.3" and g.to_move == (1,)


def test_xx_3_12_the_bid_track_is_public():
    """XX-3.12: the board's bid track: every view shows each column's occupant and bid while the
    auction runs."""
    g = cat_game()
    play(g, (0, "columna-C 3"))
    for seat in (None, 0, 1, 2):
        cols = {c["column"]: (c["occupant"], c["bid"])
                for c in g.view(seat)["catastrophe"]["columns"]}
        assert cols == {"A": (None, None), "C": (0, 3), "E": (None, None)}
        assert g.view(seat)["catastrophe"]["bidding"] is True


def test_xx_3_13_catastrophe_garbage_waits_for_maintenance_on_old_tiles():
    """XX-3.13: catastrophe garbage is set aside, not placed, when the auction ends; in
    Maintenance it goes only on tiles owned before this round, never on the newly won one."""
    g = cat_game(card="K2", pending={0: [{"tile": "L08", "citizen": True, "garbage": 1}]},
                 country={0: [{"tile": "L05", "x": 1, "y": 0}]})
    ev = play(g, (0, "columna-A 0"), (1, "columna-E 0"), (2, "columna-C 0"))
    (eff,) = [e for e in of(ev, "efecto") if e.data["player"] == 0]
    assert eff.data["garbage"] == 4
    assert g.view(None)["players"][0]["set_aside_garbage"] == 4      # not yet on a tile
    assert g.view(None)["step"] == "basura"
    assert sorted(legal(g, 0)) == ["basura 0", "basura 9"]            # S1 and L05 only, not L08


def test_xx_3_14_harsh_columns():
    """XX-3.14: a column can be harsh: four extra garbage (K2 A) or two pollution steps (K3 A)."""
    g = cat_game(card="K2")
    ev = play(g, (0, "columna-A 0"), (1, "columna-E 0"), (2, "columna-C 0"))
    assert [e.data["garbage"] for e in of(ev, "efecto")
            if e.data["player"] == 0] == [4]
    g = cat_game(card="K3")
    ev = play(g, (0, "columna-A 0"), (1, "columna-E 0"), (2, "columna-C 0"))
    (eff,) = [e for e in of(ev, "efecto") if e.data["player"] == 0]
    assert (eff.data["pollution"], eff.data["from"], eff.data["to"]) == (2, 0, -2)


# ----- G2: the catastrophe cards -----------------------------------------------------------
CARDS = {   # id: (label, A, B, C, D, E) as (garbage, pollution)
    "K1": ("I-II", (2, 1), (3, 0), (2, 0), (1, 0), (0, 0)),
    "K2": ("I-II", (4, 0), (3, 0), (2, 0), (1, 0), (0, 0)),
    "K3": ("I-II", (0, 2), (1, 1), (0, 1), (1, 0), (0, 0)),
    "K4": ("III-IV", (4, 1), (3, 1), (3, 0), (2, 0), (0, 0)),
    "K5": ("III-IV", (2, 2), (1, 2), (1, 1), (0, 1), (0, 0)),
    "K6": ("III-IV", (6, 0), (5, 0), (3, 0), (2, 0), (0, 0)),
    "K7": ("V", (4, 2), (3, 2), (2, 1), (1, 1), (0, 0)),
    "K8": ("V", (6, 1), (5, 1), (4, 0), (3, 0), (0, 0)),
    "K9": ("V", (8, 0), (7, 0), (2, 1), (1, 1), (0, 0)),
}


def test_xx_g2_1_columns_in_play_by_player_count():
    """XX G2 — XX-G2.1: columns in play, worst to best: 3 players A C E, 4 players A C D E,
    5 players A–E; the view shows exactly those (XX-3.2, XX-3.5)."""
    for n, want in ((3, "ACE"), (4, "ACDE"), (5, "ABCDE")):
        g = game(n, sp=0, catastrophe="K2", phase="catastrofe")
        cols = g.view(None)["catastrophe"]["columns"]
        assert "".join(c["column"] for c in cols) == want
        assert (cols[-1]["garbage"], cols[-1]["pollution"]) == (0, 0)
        assert legal(g, 0)[0] == "columna-A 0"


def test_xx_g2_2_weights_strictly_fall_from_a_to_e():
    """XX G2 — XX-G2.2: on every card w = garbage + 2·pollution strictly decreases from A to E and
    E is empty; weights 4/3/2/1/0 (I–II), 6/5/3/2/0 (III–IV), 8/7/4/3/0 (V)."""
    want = {"I-II": [4, 3, 2, 1, 0], "III-IV": [6, 5, 3, 2, 0], "V": [8, 7, 4, 3, 0]}
    for k in C.catastrophes:
        w = [g + 2 * p for g, p in k.columns]
        assert all(a > b for a, b in zip(w, w[1:], strict=False)) and k.columns[-1] == (0, 0)
        assert w == want[k.label]


def test_xx_g2_3_the_nine_cards():
    """XX G2 — XX-G2.3: the nine cards, with the checklist's labels and column values; 3 per
    label (XX-C.14)."""
    got = {k.id: (k.label, *k.columns) for k in C.catastrophes}
    assert got == CARDS
    names = {k.id: k.name_en for k in C.catastrophes}
    assert names["K1"] == "Smog" and names["K9"] == "Toxic Waste"
    # a card in play gives exactly its table values (K9 A with 5 players: 8 garbage)
    g = game(5, round=5, sp=0, catastrophe="K9", phase="catastrofe")
    ev = play(g, (0, "columna-A 0"), (1, "columna-B 0"), (2, "columna-C 0"), (3, "columna-D 0"),
              (4, "columna-E 0"))
    eff = {e.data["player"]: (e.data["garbage"], e.data["pollution"]) for e in of(ev, "efecto")}
    assert eff == {0: (8, 0), 1: (7, 0), 2: (2, 1), 3: (1, 1), 4: (0, 0)}


# ----- G3: the land tiles ------------------------------------------------------------------
LAND_TABLE = """
S1-S5 start a:1C+1S b:2C+1S c:R1 NESW
L01 I-II a:2C b:1S NS
L02 I-II a:1C+1S b:1V NE
L03 I-II a:3S b:R1 NES
L04 I-II a:3C EW
L05 I-II a:2S b:1C NESW
L06 I-II a:2C+1S NS
L07 I-II a:2V b:1C ES
L08 I-II a:R2 NESW
L09 I-II a:1C+1S b:2C NW
L10 I-II a:2S b:1V ESW
L11 I-II a:2C b:R1 NS
L12 I-II a:1S+1V b:1C NE
L13 I-II a:3C b:1S EW
L14 I-II a:1C+1V b:1S NSW
L15 I-II a:2S+1C NESW
L16 I-II a:1V b:1C c:1S NE
L17 III-IV a:3C b:2S NS
L18 III-IV a:3V b:1C NES
L19 III-IV a:2S+1V b:R2 EW
L20 III-IV a:2C+2S NESW
L21 III-IV a:2V b:2S NE
L22 III-IV a:R2 b:2C NSW
L23 III-IV a:4C EW
L24 III-IV a:3S b:1V NESW
L25 III-IV a:2C+1V b:R1 NS
L26 III-IV a:2V+1S b:2C ES
L27 III-IV a:R3 NESW
L28 III-IV a:4S NS
L29 III-IV a:1C+1S+1V b:R1 NEW
L30 III-IV a:3V b:1S ESW
L31 III-IV a:3C+1V NE
L32 III-IV a:2S b:2C c:R1 NS
L33 V a:4V b:1C NS
L34 V a:3V b:R2 NESW
L35 V a:R3 b:1V EW
L36 V a:3C+2S NES
L37 V a:2V+2S NE
L38 V a:5V NS
L39 V a:R2 b:2C c:1S NESW
L40 V a:3V+1C b:R1 ESW
"""


def _site(text):
    if text.startswith("R"):
        return ("R", int(text[1:]))
    y = {"C": 0, "S": 0, "V": 0}
    for part in text.split("+"):
        y[part[-1]] += int(part[:-1])
    return (y["C"], y["S"], y["V"])


def parsed_table():
    out = {}
    for line in LAND_TABLE.strip().splitlines():
        tid, pile, *sites, rails = line.split()
        mask = sum({"N": N, "E": E, "S": S, "W": W}[ch] for ch in rails)
        row = (pile, tuple(_site(s.split(":")[1]) for s in sites), mask)
        ids = [f"S{i}" for i in range(1, 6)] if tid == "S1-S5" else [tid]
        for i in ids:
            out[i] = row
    return out


def engine_table():
    out = {}
    for t in C.land:
        sites = tuple(("R", s.capacity) if s.kind == SITE_RECYCLING else (s.coins, s.science, s.vp)
                      for s in t.sites)
        out[t.id] = (t.pile, sites, t.rails)
    return out


def test_xx_g3_1_pile_ids():
    """XX G3 — XX-G3.1: S1–S5 start, L01–L16 I–II, L17–L32 III–IV, L33–L40 V."""
    piles = {t.id: t.pile for t in C.land}
    assert [i for i, p in piles.items() if p == "start"] == ["S1", "S2", "S3", "S4", "S5"]
    assert [i for i, p in piles.items() if p == "I-II"] == [f"L{i:02d}" for i in range(1, 17)]
    assert [i for i, p in piles.items() if p == "III-IV"] == [f"L{i:02d}" for i in range(17, 33)]
    assert [i for i, p in piles.items() if p == "V"] == [f"L{i:02d}" for i in range(33, 41)]


def test_xx_g3_2_sites_are_cities_or_recycling_one_citizen_each():
    """XX G3 — XX-G3.2: each tile has 1–3 sites a, b, c; a site is a city with a yield or a
    recycling site Rr; a site holds at most one citizen (arranging two on one is impossible)."""
    for t in C.land:
        assert 1 <= len(t.sites) <= 3 and [s.letter for s in t.sites] == list("abc")[:len(t.sites)]
        for s in t.sites:
            if s.kind == SITE_RECYCLING:
                assert s.capacity >= 1 and (s.coins, s.science, s.vp) == (0, 0, 0)
            else:
                assert s.capacity == 0 and s.coins + s.science + s.vp > 0
    g = game(3, round=2, country={0: [{"tile": "L01", "x": 1, "y": 0, "citizens": "aa"}]})
    assert g.view(None)["players"][0]["citizens_supply"] == 13        # one citizen on L01a


def test_xx_g3_3_rails_rotate_and_a_tile_is_one_rail_node():
    """XX G3 — XX-G3.3: rails are listed for the unrotated tile and turn with it (90° steps); all
    sites of a tile are linked to all its rail edges, so a recycling site on a tile serves every
    neighbour linked through any of the tile's rails."""
    # L02 (rails N, E) turned 180° has rails S, W: east of the start it links through W
    g = game(3, round=2, sp=0, phase="mantenimiento",
             pending={0: [{"tile": "L02", "citizen": True, "garbage": 1}]})
    assert "colocar-180 113" in legal(g, 0) and "colocar-0 113" not in legal(g, 0)
    assert "colocar-270 113" in legal(g, 0)                    # 270°: W, N
    play(g, (0, "colocar-180 1,0"))
    assert g.view(None)["players"][0]["networks"] == [[112, 113]]
    # L08 (R2 only, four rails) cleans tiles on two different sides
    g = game(3, round=3, sp=0, phase="produccion",
             country={0: [{"tile": "L08", "x": 1, "y": 0, "citizens": "a"},
                          {"tile": "L05", "x": 2, "y": 0, "garbage": 1}]},
             garbage={"S1": 1})
    cleaned = {e.data["tile"]: e.data["tokens"] for e in of(g.opening_events, "reciclaje")}
    assert cleaned == {"S1": 1, "L05": 1}


def test_xx_g3_4_the_catalogue():
    """XX G3 — XX-G3.4: all 45 land tiles match the checklist's catalogue (sites, yields,
    recycling capacities, rails)."""
    assert engine_table() == parsed_table()


def test_xx_g3_5_data_checks():
    """XX G3 — XX-G3.5: recycling on 3/16 I–II, 6/16 III–IV, 4/8 V tiles; the best city is worth
    at most 3 / 4 / 5 by pile (and reaches it); every tile has at least 2 rail edges."""
    rec = {p: 0 for p in ("I-II", "III-IV", "V")}
    best = {p: 0 for p in rec}
    for t in C.land:
        assert bin(t.rails).count("1") >= 2
        if t.pile == "start":
            continue
        rec[t.pile] += any(s.kind == SITE_RECYCLING for s in t.sites)
        best[t.pile] = max([best[t.pile]] + [s.coins + s.science + s.vp for s in t.sites])
    assert rec == {"I-II": 3, "III-IV": 6, "V": 4}
    assert best == {"I-II": 3, "III-IV": 4, "V": 5}


# ----- G5: the technologies -----------------------------------------------------------------
# id: (pile, kind, eco (G, P, F), op, fields)
TECHS = {
    "T01": ("I-II", "permanent", (1, 0, 0), "move_citizens", {"moves": 1, "scope": "network"}),
    "T02": ("I-II", "permanent", (0, 0, 0), "income", {"coins": 1, "science": 0, "vp": 0}),
    "T03": ("I-II", "permanent", (0, 0, 0), "income", {"coins": 0, "science": 1, "vp": 0}),
    "T04": ("I-II", "institution", (2, 1, 0), "income_if_connected",
            {"coins": 2, "science": 0, "vp": 0, "rails": N | S}),
    "T05": ("I-II", "institution", (0, 0, 1), "income_if_connected",
            {"coins": 0, "science": 0, "vp": 1, "rails": N | E | S | W}),
    "T06": ("I-II", "one_time", (0, 0, 0), "remove_garbage", {"amount": 3, "cost_coins": 0}),
    "T07": ("I-II", "one_time", (1, 0, 0), "gain_citizens", {"count": 1}),
    "T08": ("I-II", "one_time", (0, 0, 0), "gain_bridges", {"count": 2, "use": "on_purchase"}),
    "T09": ("I-II", "permanent", (0, 0, 0), "remove_garbage", {"amount": 1, "cost_coins": 2}),
    "T10": ("I-II", "institution", (2, 1, 0), "income_if_connected",
            {"coins": 3, "science": 0, "vp": 0, "rails": N | E}),
    "T11": ("I-II", "institution", (1, 0, 0), "income_if_connected",
            {"coins": 0, "science": 2, "vp": 0, "rails": N | S}),
    "T12": ("I-II", "one_time", (0, 0, 2), "none", {"use": "on_purchase"}),
    "T13": ("III-IV", "permanent", (1, 0, 0), "move_citizens", {"moves": 2, "scope": "network"}),
    "T14": ("III-IV", "permanent", (0, 0, 0), "recycling_bonus", {"extra": 1}),
    "T15": ("III-IV", "institution", (3, 1, 0), "income_if_connected",
            {"coins": 3, "science": 1, "vp": 0, "rails": N | E | S | W}),
    "T16": ("III-IV", "institution", (1, 0, 0), "income_if_connected",
            {"coins": 0, "science": 3, "vp": 0, "rails": N | S}),
    "T17": ("III-IV", "permanent", (0, 0, 1), "income", {"coins": 0, "science": 0, "vp": 1}),
    "T18": ("III-IV", "permanent", (0, 0, 0), "remove_garbage",
            {"amount": 2, "cost_coins": 0, "pollution_if_used": 1}),
    "T19": ("III-IV", "one_time", (2, 0, 0), "gain_citizens", {"count": 2}),
    "T20": ("III-IV", "one_time", (0, 0, 0), "gain_bridges", {"count": 2, "use": "on_purchase"}),
    "T21": ("III-IV", "permanent", (1, 0, 0), "income", {"coins": 0, "science": 0, "vp": 2}),
    "T22": ("III-IV", "one_time", (0, 0, 1), "remove_garbage", {"amount": 4, "cost_coins": 0}),
    "T23": ("III-IV", "permanent", (2, 1, 0), "income", {"coins": 2, "science": 0, "vp": 1}),
    "T24": ("III-IV", "permanent", (1, 0, 0), "income", {"coins": 3, "science": 0, "vp": 0}),
    "T25": ("V", "institution", (0, 2, 0), "income_if_connected",
            {"coins": 4, "science": 2, "vp": 0, "rails": N | E | S}),
    "T26": ("V", "permanent", (1, 0, 0), "income", {"coins": 0, "science": 2, "vp": 2}),
    "T27": ("V", "institution", (0, 0, 2), "income_if_connected",
            {"coins": 0, "science": 0, "vp": 2, "rails": N | S}),
    "T28": ("V", "one_time", (0, 0, 0), "remove_garbage", {"amount": 6, "cost_coins": 0}),
    "T29": ("V", "permanent", (1, 0, 0), "move_citizens", {"moves": 3, "scope": "country"}),
    "T30": ("V", "permanent", (0, 0, 0), "pollution_shift",
            {"shift": 1, "use": "auto_each_maintenance"}),
}


def test_xx_g5_1_kinds_and_eco_icons():
    """XX G5 — XX-G5.1: kinds P (permanent), O (one-time), I (institution, with rails, also
    permanent); eco icons nG / nP / nF; on purchase nG are set aside, nP move the marker left and
    nF right (T10: 2G 1P)."""
    by_kind = {k: sorted(t.id for t in C.tech if t.kind == k)
               for k in ("permanent", "one_time", "institution")}
    assert by_kind["institution"] == ["T04", "T05", "T10", "T11", "T15", "T16", "T25", "T27"]
    assert by_kind["one_time"] == ["T06", "T07", "T08", "T12", "T19", "T20", "T22", "T28"]
    g = game(3, sp=0, tech_display=["T10", "T05", "T02", "T03"])
    ev = play(g, (0, "retirarse"), (0, "comprar-tecnologia T10"))
    (imp,) = of(ev, "impacto")
    assert (imp.data["garbage"], imp.data["from"], imp.data["to"]) == (2, 0, -1)
    assert g.view(None)["players"][0]["set_aside_garbage"] == 2
    play(g, (1, "retirarse"), (1, "comprar-tecnologia T05"))
    assert g.view(None)["players"][1]["pollution"] == 1


def test_xx_g5_2_the_catalogue():
    """XX G5 — XX-G5.2: the 30 technologies with the checklist's piles, kinds, eco icons and
    effect values."""
    for t in C.tech:
        pile, kind, eco, op, fields = TECHS[t.id]
        assert (t.pile, t.kind, (t.garbage, t.pollution, t.flowers), t.op) == \
            (pile, kind, eco, op), t.id
        for k, v in fields.items():
            assert getattr(t, k) == v, (t.id, k)
        if kind != "institution":
            assert t.rails == 0
    assert len(TECHS) == len(C.tech) == 30


def test_xx_g5_3_count_checks():
    """XX G5 — XX-G5.3: 12 / 12 / 6 tiles per pile, 8 institutions, and T08 + T20 hand out
    exactly the 4 bridges of the box (buying both empties the supply)."""
    piles = [sum(1 for t in C.tech if t.pile == p) for p in ("I-II", "III-IV", "V")]
    assert piles == [12, 12, 6]
    assert sum(1 for t in C.tech if t.kind == "institution") == 8
    assert sum(t.count for t in C.tech if t.op == "gain_bridges") == C.bridges == 4
    g = game(3, round=3, sp=0, technologies={1: ["T08"]}, bridges_held={1: 2},
             tech_display=["T20", "T13", "T14", "T17"])
    assert g.view(None)["bridges_supply"] == 2
    ev = play(g, (0, "retirarse"), (0, "comprar-tecnologia T20"))
    assert of(ev, "puentes")[0].data["count"] == 2
    assert g.view(None)["bridges_supply"] == 0
    assert g.view(None)["players"][0]["bridges_held"] == 2
