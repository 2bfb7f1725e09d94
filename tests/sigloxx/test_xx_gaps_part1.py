"""«Siglo XX» gap rulings about setup and the auctions (docs/rules/sigloxx.md): G1 catastrophe
auction, G2 catastrophe cards, G4 start tile, G7 cost tracks, G18 lone bidder, G19 consolation,
G20 who starts the catastrophe auction, G22 first start player, G23 bids, G24 player count.
(G21, hidden information, is in test_xx_hidden_info.py.) Each test names its gap as "XX Gk" and
the ruling's rule IDs (XX-Gk.n) of ../shared/rules/sigloxx.md."""

from __future__ import annotations

import random

import pytest
from xx_support import BOARD, SIDE_3, SIDE_4, C, can, cat, me, new, of, play, withdraw

import ludoteca

CARDS = {   # XX-G2.3: label, then (garbage, pollution) for A, B, C, D, E
    "K1": ("I-II", [(2, 1), (3, 0), (2, 0), (1, 0), (0, 0)]),
    "K2": ("I-II", [(4, 0), (3, 0), (2, 0), (1, 0), (0, 0)]),
    "K3": ("I-II", [(0, 2), (1, 1), (0, 1), (1, 0), (0, 0)]),
    "K4": ("III-IV", [(4, 1), (3, 1), (3, 0), (2, 0), (0, 0)]),
    "K5": ("III-IV", [(2, 2), (1, 2), (1, 1), (0, 1), (0, 0)]),
    "K6": ("III-IV", [(6, 0), (5, 0), (3, 0), (2, 0), (0, 0)]),
    "K7": ("V", [(4, 2), (3, 2), (2, 1), (1, 1), (0, 0)]),
    "K8": ("V", [(6, 1), (5, 1), (4, 0), (3, 0), (0, 0)]),
    "K9": ("V", [(8, 0), (7, 0), (2, 1), (1, 1), (0, 0)]),
}


# ----- G1: the catastrophe auction ------------------------------------------------------------
def test_g1_1_columns_worst_to_best():
    """XX G1 — XX-G1.1: the columns in play are listed worst (full strength) to best (empty)."""
    for k, (_, cols) in CARDS.items():
        g = cat(5, k)
        shown = [(c["garbage"], c["pollution"]) for c in g.view(None)["catastrophe"]["columns"]]
        weights = [gb + 2 * p for gb, p in shown]
        assert weights == sorted(weights, reverse=True) and shown[-1] == (0, 0)
        assert shown == cols


def test_g1_2_everyone_unplaced_start_player_first():
    """XX G1 — XX-G1.2: all players start unplaced; the start-player space (last withdrawer)
    acts first."""
    g = cat(4, sp=3)
    v = g.view(None)
    assert all(c["occupant"] is None for c in v["catastrophe"]["columns"])
    assert all(p["catastrophe_column"] is None for p in v["players"])
    assert g.to_move == (3,)


def test_g1_3_what_an_unplaced_player_may_bid():
    """XX G1 — XX-G1.3: an empty non-worst column at any bid ≥ 0; an occupied non-worst column
    at ≥ occupant's bid + 1, displacing the occupant; the worst column only empty and at 0."""
    g = cat(4, sp=0, hold=0)
    assert can(g, "columna-C 0") and can(g, "columna-E 10") and can(g, "columna-A 0")
    assert not can(g, "columna-A 1")
    with pytest.raises(ludoteca.IllegalAction, match="worst column is taken only with a bid of 0"):
        g.apply("columna-A 2", seat=0)
    play(g, (0, "columna-D 2"))
    assert not can(g, "columna-D 2", 1) and can(g, "columna-D 3", 1)
    ev = play(g, (1, "columna-D 3"))
    assert of(ev, "columna")[0].data["displaced"] == 0
    assert me(g, 0)["catastrophe_column"] is None                     # unplaced again
    play(g, (2, "columna-A 0"))
    assert not can(g, "columna-A 0", 3)                               # occupied: no displacement
    with pytest.raises(ludoteca.IllegalAction, match="nobody can be displaced"):
        g.apply("columna-A 0", seat=3)


def test_g1_4_bids_capped_by_science_and_never_added():
    """XX G1 — XX-G1.4: a bid may not exceed the science held; only the current bid counts."""
    g = cat(3, sp=0, hold=1, science={0: 5})
    assert can(g, "columna-E 5") and not can(g, "columna-E 6")
    with pytest.raises(ludoteca.IllegalAction, match="exceed the science"):
        g.apply("columna-E 6", seat=0)
    ev = play(g, (0, "columna-E 3"), (1, "columna-E 4"), (2, "columna-C 0"),
              (0, "columna-C 2"), (2, "columna-A 0"))
    pay = {e.data["player"]: e.data["amount"] for e in of(ev, "pago_catastrofe")}
    assert pay == {0: 2, 1: 4, 2: 0}                                   # not 3 + 2 for seat 0


def test_g1_5_displaced_player_may_retake_the_same_column():
    """XX G1 — XX-G1.5: a displaced player may bid anywhere, including the column just lost,
    with a higher bid there."""
    g = cat(3, sp=0, hold=0)
    play(g, (0, "columna-E 1"), (1, "columna-C 0"), (2, "columna-E 2"))
    assert g.to_move == (0,)
    assert not can(g, "columna-E 2") and can(g, "columna-E 3")
    ev = play(g, (0, "columna-E 3"))
    assert of(ev, "columna")[0].data == {"player": 0, "column": "E", "bid": 3, "displaced": 2}


def test_g1_6_placed_players_do_not_act():
    """XX G1 — XX-G1.6: a placed player neither raises their own bid nor moves."""
    g = cat(4, sp=0, hold=0)
    play(g, (0, "columna-E 1"))
    assert g.legal_actions(0) == []
    with pytest.raises(ludoteca.IllegalAction, match="may not act"):
        g.apply("columna-E 2", seat=0)
    play(g, (1, "columna-D 0"), (2, "columna-C 0"))
    assert g.to_move == (3,)
    with pytest.raises(ludoteca.IllegalAction, match="may not act"):
        g.apply("columna-C 1", seat=1)


def test_g1_7_next_actor_first_unplaced_clockwise():
    """XX G1 — XX-G1.7: after each action the first unplaced player clockwise from the actor
    acts; the auction ends when everyone is placed."""
    g = cat(4, sp=0, hold=0)
    order = []
    for text in ("columna-E 0", "columna-D 0", "columna-E 1", "columna-C 0", "columna-D 1"):
        s = g.to_move[0]
        order.append(s)
        play(g, (s, text))
    # 0 E; 1 D; 2 displaces 0 from E → next clockwise from 2 is 3 (not 0); 3 C; then 0
    assert order == [0, 1, 2, 3, 0]
    assert g.to_move == (1,)                               # displaced from D by seat 0
    ev = play(g, (1, "columna-A 0"))
    assert g.view(None)["phase"] == "mantenimiento" and len(of(ev, "efecto")) == 4


def test_g1_8_final_bids_paid_cancelled_bids_free():
    """XX G1 — XX-G1.8: at the end each pays their final bid; a cancelled bid costs nothing."""
    g = cat(3, sp=0, hold=0)
    ev = play(g, (0, "columna-E 4"), (1, "columna-E 5"), (2, "columna-C 1"),
              (0, "columna-A 0"))
    pay = {e.data["player"]: e.data["amount"] for e in of(ev, "pago_catastrofe")}
    assert pay == {0: 0, 1: 5, 2: 1}
    assert [me(g, s)["science"] for s in range(3)] == [10, 5, 9]


def test_g1_9_pollution_at_once_garbage_set_aside():
    """XX G1 — XX-G1.9: pollution steps apply at once (clamped); garbage is set aside for
    Maintenance."""
    g = cat(4, "K1", sp=1, hold=1, pollution={0: -6})
    play(g, (1, "columna-E 0"), (2, "columna-D 0"), (3, "columna-C 0"), (0, "columna-A 0"))
    v = g.view(None)
    assert v["phase"] == "mantenimiento"
    # seat 0 in A (2G + 1P, clamped at −6); seat 3 in C (2G); seat 2 in D (1G)
    assert v["players"][0]["pollution"] == -6
    aside = [p["set_aside_garbage"] for p in v["players"]]
    # Maintenance runs from seat 0 (the new start player): seat 0 has already put its 2 tokens
    # on the start tile (1 + 2 = 3), seat 1 waits to place its pending tile, seats 2 and 3 still
    # hold theirs
    assert aside == [0, 0, 1, 2]
    assert v["players"][0]["country"][0]["garbage"] == 3
    g = cat(4, "K1", sp=0, hold=0, pollution={3: 2})
    play(g, (0, "columna-E 0"), (1, "columna-D 0"), (2, "columna-C 0"), (3, "columna-A 0"))
    assert g.view(None)["players"][3]["pollution"] == 1


def test_g1_10_worst_column_start_player_round_v_no_next_round():
    """XX G1 — XX-G1.10: the worst column's occupant is the next round's start player; in round V
    there is no next round to start."""
    g = cat(4, "K2", sp=0)
    play(g, (0, "columna-E 0"), (1, "columna-D 0"), (2, "columna-A 0"), (3, "columna-C 0"))
    assert g.round == 2 and g.view(None)["sp"] == 2 and g.to_move == (2,)
    g = new(3, round=5, sp=0, phase="catastrofe")
    ev = play(g, (0, "columna-E 0"), (1, "columna-A 0"), (2, "columna-C 0"))
    assert g.is_over                                        # round VI had nothing to decide
    assert not [e for e in ev if e.kind == "inicial" and e.rule == "XX-1.3"]
    assert not of(ev, "reparto") and not of(ev, "prevencion")


def test_g1_11_no_ties():
    """XX G1 — XX-G1.11: equal bids never displace and no two players share a column."""
    g = cat(3, sp=0, hold=0)
    play(g, (0, "columna-E 3"))
    with pytest.raises(ludoteca.IllegalAction, match="needs at least 4"):
        g.apply("columna-E 3", seat=1)
    rng = random.Random(4)
    for _ in range(20):
        g = cat(5, "K9", sp=rng.randrange(5), hold=0)
        while g.view(None)["phase"] == "catastrofe":
            s = g.to_move[0]
            play(g, (s, rng.choice(g.legal_actions(s))))
            occ = [c["occupant"] for c in g.view(None)["catastrophe"]["columns"]
                   if c["occupant"] is not None]
            assert len(occ) == len(set(occ))


# ----- G2: the catastrophe cards ---------------------------------------------------------------
def test_g2_columns_by_player_count_and_card_data():
    """XX G2 — XX-G2.1: columns A C E (3), A C D E (4), A–E (5); XX-G2.2: weight garbage +
    2·pollution strictly falls from A to E, E empty; XX-G2.3: the nine cards' values."""
    for n, cols in ((3, "ACE"), (4, "ACDE"), (5, "ABCDE")):
        assert "".join(c["column"] for c in cat(n).view(None)["catastrophe"]["columns"]) == cols
    assert len(C.catastrophes) == 9
    for card in C.catastrophes:
        label, cols = CARDS[card.id]
        assert card.label == label and list(card.columns) == cols
        w = [g + 2 * p for g, p in card.columns]
        assert all(a > b for a, b in zip(w[:-1], w[1:], strict=True)) and card.columns[4] == (0, 0)
        assert w[:4] + [0] == {"I-II": [4, 3, 2, 1, 0], "III-IV": [6, 5, 3, 2, 0],
                               "V": [8, 7, 4, 3, 0]}[label]


# ----- G4: start tile ----------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5])
def test_g4_start_tiles(n):
    """XX G4 — XX-G4.1: the five start tiles are identical and unused ones leave the game;
    XX-G4.2: citizens on a (1C+1S) and b (2C+1S), c (R1) empty, 1 garbage; XX-G4.3: at the
    origin cell, unrotated."""
    starts = [t for t in C.land if t.pile == "start"]
    assert [t.id for t in starts] == ["S1", "S2", "S3", "S4", "S5"]
    assert len({(t.rails, t.sites) for t in starts}) == 1
    g = new(n)
    st = g.state_dict()
    assert sorted(t for t in st["hidden"]["land_out"] if t.startswith("S")) == \
        [f"S{i}" for i in range(n + 1, 6)]
    for s, p in enumerate(st["players"]):
        (tile,) = p["country"]
        assert tile["tile"] == f"S{s + 1}"
        assert (tile["cell"], tile["x"], tile["y"], tile["rotation"]) == (112, 0, 0, 0)
        assert tile["citizens"] == ["a", "b"] and tile["garbage"] == 1
    a, b, c = starts[0].sites
    assert (a.coins, a.science, b.coins, b.science, c.capacity) == (1, 1, 2, 1, 1)


# ----- G7: technology cost tracks -----------------------------------------------------------------
def test_g7_1_track_values():
    """XX G7 — XX-G7.1: nine spaces each: board 7…2, side "3" 9…3, side "4" 11…4."""
    assert {t.id: list(t.prices) for t in C.tracks} == \
        {"tablero": BOARD, "loseta-3": SIDE_3, "loseta-4": SIDE_4}
    assert {t.id: t.rounds for t in C.tracks} == \
        {"tablero": (1, 2), "loseta-3": (3, 4), "loseta-4": (5,)}


def _sell_everything(g, buyer=0):
    """``buyer`` (start player) opens the first tile, everyone else withdraws, then the buyer
    buys the rest alone; returns the price after each sale."""
    v = g.view(None)
    tiles = v["land_display"]
    prices = [v["price"]]
    play(g, (buyer, f"subastar {tiles[0]}"), (buyer, f"pujar {v['min_bid']}"))
    for s in [(buyer + i) % g.n for i in range(1, g.n)]:
        withdraw(g, s)
    prices.append(g.view(None)["price"])
    for t in tiles[1:]:
        play(g, (buyer, f"comprar-tierra {t}"))
        prices.append(g.view(None)["price"])
    return prices


@pytest.mark.parametrize("n, r, track", [(3, 1, BOARD), (4, 1, BOARD), (5, 2, BOARD),
                                         (3, 3, SIDE_3), (5, 4, SIDE_3), (4, 5, SIDE_4)])
def test_g7_2_start_index_and_one_step_per_sale(n, r, track):
    """XX G7 — XX-G7.2: the marker starts at index 1 with 3 players and 0 with 4–5, rises 1 per
    tile won (lone purchases included) and never passes 8."""
    g = new(n, round=r, sp=0, coins={0: 60})
    start = 1 if n == 3 else 0
    deal = {3: 5, 4: 6, 5: 8}[n]
    prices = _sell_everything(g)
    assert prices == [track[min(start + i, 8)] for i in range(deal + 1)]
    g = new(n, round=r, sp=0, marker=8)
    play(g, (0, f"subastar {g.view(None)['land_display'][0]}"), (0, "pujar 4"))
    for s in range(1, n):
        play(g, (s, "pasar"))
    assert g.view(None)["marker"] == 8


@pytest.mark.parametrize("n, first, last", [(3, 6, 3), (4, 7, 3), (5, 7, 2)])
def test_g7_3_price_ranges_in_rounds_i_ii(n, first, last):
    """XX G7 — XX-G7.3: rounds I–II: 3 players 6 → 3 (5 sales), 4 players 7 → 3 (6 sales),
    5 players 7 → 2 (8 sales)."""
    prices = _sell_everything(new(n, sp=0, coins={0: 60}))
    assert (prices[0], prices[-1]) == (first, last)


# ----- G18: the only player left ------------------------------------------------------------------
def test_g18_sole_remaining_buyer():
    """XX G18 — scenario 7. XX-G18.1: once the others have withdrawn the last one is start
    player and buys tile by tile at the minimum; XX-G18.2: each purchase is a won auction
    (payment, pending tile, marker + 1, citizen, k garbage, start player kept); XX-G18.3: they
    stop by withdrawing (technology at the current price) and take the start-player space."""
    g = new(3, round=3, sp=0, coins={0: 12})
    v = g.view(None)
    assert (v["min_bid"], v["price"]) == (3, 8)
    tiles = v["land_display"]
    play(g, (0, f"subastar {tiles[0]}"), (0, "pujar 3"), (1, "retirarse"))
    assert sum(1 for a in g.legal_actions(1) if a.name == "comprar-tecnologia") == 4
    ev = play(g, (1, "no-comprar"), (2, "retirarse"))
    assert of(ev, "retirada")[0].data["price"] == 8
    ev += play(g, (2, "no-comprar"))
    assert of(ev, "gana")[0].data == {"player": 0, "tile": tiles[0], "amount": 3}
    v = g.view(None)
    assert v["sp"] == 0 and v["step"] == "solo" and v["marker"] == 2
    # only purchases at the minimum or a withdrawal: no bidding
    assert {a.name for a in g.legal_actions(0)} == {"comprar-tierra", "retirarse"}
    ev = play(g, (0, f"comprar-tierra {tiles[1]}"), (0, f"comprar-tierra {tiles[2]}"))
    assert [e.data["amount"] for e in of(ev, "compra_solo")] == [3, 3]
    assert [e.data["marker"] for e in of(ev, "marcador")] == [3, 4]
    p = g.view(0)["players"][0]
    assert [x["garbage"] for x in p["pending_land"]] == [1, 2, 3]
    assert all(x["citizen"] for x in p["pending_land"]) and p["citizens_supply"] == 11
    assert p["coins"] == 3 and g.view(None)["sp"] == 0 and g.view(None)["price"] == 6
    ev = play(g, (0, "retirarse"))
    assert of(ev, "retirada")[0].data["price"] == 6
    ev += play(g, (0, "no-comprar"))
    assert g.view(None)["sp"] == 0 and g.view(None)["phase"] == "catastrofe" and g.to_move == (0,)
    assert {e.data["player"]: e.data["amount"] for e in of(ev, "consuelo")} == {1: 5, 2: 5}


def test_g18_3_must_withdraw_without_coins_or_tiles():
    """XX G18 — XX-G18.3: the lone player must withdraw when they cannot pay the minimum or no
    tile is left."""
    g = new(3, sp=0, coins={0: 6})
    tiles = g.view(None)["land_display"]
    play(g, (0, f"subastar {tiles[0]}"), (0, "pujar 2"))
    withdraw(g, 1)
    withdraw(g, 2)
    ev = play(g, (0, f"comprar-tierra {tiles[1]}"))
    assert g.to_move == (0,) and g.view(None)["step"] == "solo"
    ev = play(g, (0, f"comprar-tierra {tiles[2]}"))             # 0 coins left
    forced = [e for e in ev if e.kind == "forzada"]
    assert forced[0].rule == "XX-G18.3" and forced[0].data["action"] == "retirarse"
    assert g.view(None)["step"] == "tecnologia"
    g = new(3, sp=0, coins={0: 30})
    tiles = g.view(None)["land_display"]
    play(g, (0, f"subastar {tiles[0]}"), (0, "pujar 2"))
    withdraw(g, 1)
    withdraw(g, 2)
    for t in tiles[1:-1]:
        play(g, (0, f"comprar-tierra {t}"))
    ev = play(g, (0, f"comprar-tierra {tiles[-1]}"))
    assert [e.rule for e in ev if e.kind == "forzada"] == ["XX-2.33"]


# ----- G19: consolation -------------------------------------------------------------------------
def test_g19_consolation_paid_when_phase_2_ends():
    """XX G19 — XX-G19.1: consolation is paid only once every player has withdrawn, to each
    player with no land this round (a lone purchase counts as won); never in round VI."""
    g = new(4, sp=0)
    tiles = g.view(None)["land_display"]
    withdraw(g, 0)                                          # seat 0 is out, wins nothing
    assert me(g, 0)["coins"] == 10                          # not paid yet
    play(g, (1, f"subastar {tiles[0]}"), (1, "pujar 2"))
    withdraw(g, 2)
    withdraw(g, 3)
    assert me(g, 0)["coins"] == 10 and g.view(None)["step"] == "solo"
    play(g, (1, "retirarse"))                              # seat 1 won one tile
    ev = play(g, (1, "no-comprar"))
    assert {e.data["player"]: e.data["amount"] for e in of(ev, "consuelo")} == \
        {0: 4, 2: 4, 3: 4}
    assert me(g, 0)["coins"] == 14 and me(g, 1)["coins"] == 8
    # a player whose only tile was a lone purchase gets no consolation
    g = new(3, sp=0)
    tiles = g.view(None)["land_display"]
    withdraw(g, 0)
    withdraw(g, 1)
    assert g.view(None)["step"] == "solo" and g.to_move == (2,)
    play(g, (2, f"comprar-tierra {tiles[0]}"))
    ev = withdraw(g, 2)
    assert sorted(e.data["player"] for e in of(ev, "consuelo")) == [0, 1]
    # round VI: no consolation at all
    g = new(3, round=5, sp=0)
    ev = []
    while not g.is_over:
        s = g.to_move[0]
        names = [str(a) for a in g.legal_actions(s)]
        pick = next((x for x in ("retirarse", "no-comprar") if x in names), names[0])
        before = g.round
        out = play(g, (s, pick))
        if before == 6 or g.round == 6:
            ev += out
    round6 = ev[next(i for i, e in enumerate(ev) if e.kind == "ronda"):]
    assert round6 and not of(round6, "consuelo")


# ----- G20: who starts the catastrophe auction -------------------------------------------------
def test_g20_last_withdrawer_bids_first():
    """XX G20 — XX-G20.1: the last player to withdraw starts the catastrophe auction (the
    "first to withdraw" variant is rejected)."""
    for order in ((0, 1, 2), (2, 0, 1), (1, 2, 0)):
        g = new(3, sp=order[0])
        for s in order:
            assert g.to_move == (s,)
            withdraw(g, s)
        assert g.view(None)["phase"] == "catastrofe"
        assert g.to_move == (order[-1],) and g.view(None)["sp"] == order[-1]


# ----- G22: first start player ------------------------------------------------------------------
def test_g22_first_start_player_seeded_draw_or_option():
    """XX G22 — XX-G22.1: the round-I start player is a seeded random draw unless the option
    first_player names a seat."""
    draws = {}
    for seed in range(40):
        g = new(5, seed=seed)
        (first,) = [e for e in g.opening_events if e.kind == "inicial" and e.rule == "XX-G22.1"]
        assert first.data["player"] == g.view(None)["sp"] == g.to_move[0]
        draws[seed] = first.data["player"]
    assert set(draws.values()) == set(range(5))
    assert all(new(5, seed=s).view(None)["sp"] == p for s, p in draws.items())
    for fp in range(5):
        assert new(5, seed=0, options={"first_player": fp}).to_move == (fp,)
    with pytest.raises(ludoteca.InvalidOption, match="first_player"):
        new(5, options={"first_player": 5})


# ----- G23: what counts as a bid ---------------------------------------------------------------
def test_g23_whole_number_bids_raise_by_one_no_cap_but_holdings():
    """XX G23 — XX-G23.1: bids are whole numbers; a land raise is at least the high bid + 1;
    the only maximum is the bidder's holdings."""
    g = new(4, sp=0, coins={0: 60, 1: 60})
    tile = g.view(None)["land_display"][0]
    for bad in ("pujar 2.5", "pujar -1", "pujar dos"):
        with pytest.raises(ludoteca.IllegalAction):
            g.parse(bad)
    play(g, (0, f"subastar {tile}"), (0, "pujar 7"))
    with pytest.raises(ludoteca.IllegalAction, match="at least 8"):
        g.apply("pujar 7", seat=1)
    assert can(g, "pujar 8") and can(g, "pujar 60") and not can(g, "pujar 61")
    ev = play(g, (1, "pujar 60"), (2, "pasar"), (3, "pasar"), (0, "pasar"))
    assert of(ev, "gana")[0].data["amount"] == 60 and me(g, 1)["coins"] == 0
    g = cat(3, sp=0, science={0: 40})
    assert can(g, "columna-E 40") and not can(g, "columna-E 41")


# ----- G24: player count --------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 6, 7])
def test_g24_only_three_to_five_players(n):
    """XX G24 — XX-G24.1: fewer than 3 or more than 5 players cannot be set up."""
    with pytest.raises(ludoteca.InvalidOption, match="3 to 5 players"):
        ludoteca.new_game("sigloxx", players=n)


def test_g24_three_to_five_players_accepted():
    """XX G24 — XX-G24.1: 3, 4 and 5 players set up normally."""
    for n in (3, 4, 5):
        assert new(n).view(None)["players_n"] == n
