"""«Siglo XX»: the twelve suggested scenarios of the checklist (shared/rules/sigloxx.md,
"Suggested scenario tests"), one test each, with the numbers computed from the rules. Seats
0 … n−1 are the checklist's P1 … Pn (clockwise)."""

from __future__ import annotations

import json

import pytest
from xx_support import C, legal, me, of, play
from xx_support import new as game

import ludoteca

PREFER = ("retirarse", "no-comprar", "terminar")


def advance(g, until):
    """Play plain moves (withdraw, buy nothing, end step C, else the first legal action) until
    ``until(g)`` holds; return the events."""
    ev = []
    while not g.is_over and not until(g):
        s = g.to_move[0]
        options = legal(g, s)
        move = next((m for m in PREFER if m in options), options[0])
        ev += play(g, (s, move))
    return ev


def in_round(r):
    return lambda g: g.view(None)["round"] >= r


def win_tile(g, winner):
    """The start player opens the first displayed tile at the minimum; ``winner`` outbids by 1
    and everyone else passes, until the tile is won."""
    v = g.view(None)
    sp, tile = v["sp"], v["land_display"][0]
    ev = play(g, (sp, f"subastar {tile}"), (sp, f"pujar {v['min_bid']}"))
    while not of(ev, "gana"):
        (s,) = g.to_move
        high = g.view(None)["auction"]["high"]
        ev += play(g, (s, f"pujar {high + 1}" if s == winner else "pasar"))
    return ev


# ----- 1 --------------------------------------------------------------------------------------
def test_scenario_1_setup_state_4_players():
    """Scenario 1 — XX-S.7–S.9, XX-S.13–S.17, XX-G4.2: the 4-player setup."""
    g = ludoteca.new_game("sigloxx", players=4, seed=21)
    st = g.state_dict()
    for s in range(4):
        p = me(g, s)
        assert (p["coins"], p["science"]) == (10, 10)
        assert p["income"] == {"coins": 3, "science": 2, "vp": 0}
        assert (p["pollution"], p["score"]) == (0, 0)
        (start,) = p["country"]
        assert start["garbage"] == 1 and start["citizens"] == ["a", "b"]     # c empty
    stack = [st["catastrophe"]["id"]] + st["hidden"]["catastrophe_stack"]  # round I revealed one
    labels = [C.catastrophes[C.cat_index[k]].label for k in stack]
    assert labels == ["I-II", "I-II", "III-IV", "III-IV", "V"]
    out = st["hidden"]["catastrophes_out"]
    assert len(out) == 4 and not set(out) & set(stack)
    for seat in (None, 0, 1, 2, 3):
        text = json.dumps(g.view(seat))
        assert not any(f'"{k}"' in text for k in out + stack[1:])
        cards = g.view(seat)["scoring_cards"]
        assert cards["II"].startswith("II-") and cards["IV"].startswith("IV-")


# ----- 2 --------------------------------------------------------------------------------------
@pytest.mark.parametrize("n, land, tech, marker, price", [(4, 6, 5, 0, 7), (3, 5, 4, 1, 6),
                                                          (5, 8, 6, 0, 7)])
def test_scenario_2_phase_1_deal_and_cost_marker(n, land, tech, marker, price):
    """Scenario 2 — XX-1.5–1.7, XX-1.12–1.14: round I deals from the I–II piles; minimum 2;
    marker start by player count; round III minimum 3 (4 players: price 9); round V minimum 4
    (3 players: price 10)."""
    v = game(n).view(None)
    assert len(v["land_display"]) == land and len(v["tech_display"]) == tech
    assert all(C.land[C.land_index[t]].pile == "I-II" for t in v["land_display"])
    assert all(C.tech[C.tech_index[t]].pile == "I-II" for t in v["tech_display"])
    assert (v["min_bid"], v["marker"], v["price"]) == (2, marker, price)
    v = game(4, round=3).view(None)
    assert (v["min_bid"], v["price"]) == (3, 9)
    v = game(3, round=5).view(None)
    assert (v["min_bid"], v["price"]) == (4, 10)


# ----- 3 --------------------------------------------------------------------------------------
def test_scenario_3_basic_land_auction_passing_is_final_for_the_tile():
    """Scenario 3 — XX-2.2–2.18, XX-2.26."""
    g = game(4, sp=0, land_display=["L01", "L02", "L03", "L04", "L05", "L06"])
    ev = play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pujar 3"), (2, "pasar"),
              (3, "pujar 5"))
    turns = []
    for s, move in ((0, "pasar"), (1, "pasar")):
        turns.append(g.to_move[0])
        if s == 1:
            with pytest.raises(ludoteca.IllegalAction):
                g.apply("retirarse", seat=2)                   # P3 passed: no withdrawal now
        ev += play(g, (s, move))
    assert turns == [0, 1]                                     # P3 got no further turn on X
    assert of(ev, "gana")[0].data == {"player": 3, "tile": "L01", "amount": 5}
    assert me(g, 3)["coins"] == 5
    assert me(g, 3)["pending_land"] == [{"tile": "L01", "citizen": True, "garbage": 1}]
    v = g.view(None)
    assert (v["marker"], v["price"], v["sp"]) == (1, 6, 3)
    play(g, (3, "subastar L02"), (3, "pujar 2"))
    seen = []
    for s in (0, 1, 2):
        assert g.to_move == (s,) and "pujar 3" in legal(g, s)
        seen.append(s)
        play(g, (s, "pasar"))
    assert seen == [0, 1, 2]


# ----- 4 --------------------------------------------------------------------------------------
def test_scenario_4_rising_garbage_per_tile():
    """Scenario 4 — XX-2.15, XX-2.41: 4 tiles in round I bring 1, 2, 3, 4 garbage (10); the first
    tile of round II brings 1 again; owning 5 tiles before round III still gives 1."""
    g = game(3, sp=0, coins={0: 40})
    ev = []
    for _ in range(4):
        ev += win_tile(g, 0)
    assert [e.data["garbage"] for e in of(ev, "tierra")] == [1, 2, 3, 4]
    assert sum(p["garbage"] for p in me(g, 0)["pending_land"]) == 10
    advance(g, in_round(2))
    assert len(me(g, 0)["country"]) == 5 and me(g, 0)["won"] == 0
    ev = win_tile(g, 0)
    assert of(ev, "tierra")[0].data["garbage"] == 1
    country = [{"tile": t, "x": x, "y": 0} for t, x in
               (("L05", 1), ("L15", 2), ("L20", -1), ("L24", -2))]
    g = game(3, round=3, sp=1, coins={0: 20}, country={0: country})
    assert len(me(g, 0)["country"]) == 5
    ev = win_tile(g, 0)
    assert of(ev, "tierra")[0].data == {"player": 0, "tile": of(ev, "gana")[0].data["tile"],
                                        "citizen": True, "garbage": 1}


# ----- 5 --------------------------------------------------------------------------------------
def test_scenario_5_technology_order_price_and_the_last_withdrawer():
    """Scenario 5 — XX-2.24–2.33, XX-2.27, XX-2.39."""
    g = game(4, sp=0, land_display=["L01", "L02", "L03", "L04", "L05", "L06"],
             tech_display=["T02", "T03", "T06", "T09", "T12"])
    ev = play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "retirarse"))
    assert len([a for a in legal(g, 1) if a.startswith("comprar")]) == 5
    ev += play(g, (1, "comprar-tecnologia T03"), (2, "retirarse"))
    assert len([a for a in legal(g, 2) if a.startswith("comprar")]) == 4
    ev += play(g, (2, "comprar-tecnologia T06"), (3, "pasar"))
    assert [e.data["price"] for e in of(ev, "tecnologia")] == [7, 7]
    assert of(ev, "gana")[0].data["player"] == 0 and g.view(None)["marker"] == 1
    ev = play(g, (0, "subastar L02"), (0, "pujar 2"), (3, "pujar 3"), (0, "pasar"))
    assert of(ev, "gana")[0].data["player"] == 3
    assert (g.view(None)["marker"], g.view(None)["price"]) == (2, 5)
    ev = play(g, (3, "retirarse"), (3, "comprar-tecnologia T02"))
    assert of(ev, "tecnologia")[0].data["price"] == 5
    assert g.view(None)["sp"] == 0 and of(ev, "solo")[0].data["player"] == 0   # P1 alone
    ev = play(g, (0, "retirarse"))
    assert of(ev, "retirada")[0].data["price"] == 5
    ev += play(g, (0, "comprar-tecnologia T09"))
    assert of(ev, "tecnologia")[0].data["price"] == 5 and me(g, 0)["science"] == 5
    assert g.view(None)["sp"] == 0 and g.view(None)["phase"] == "catastrofe"
    assert g.to_move == (0,)
    assert {e.data["player"]: e.data["amount"] for e in of(ev, "consuelo")} == {1: 4, 2: 4}
    assert (me(g, 1)["coins"], me(g, 2)["coins"], me(g, 0)["coins"], me(g, 3)["coins"]) == \
        (14, 14, 8, 7)


# ----- 6 --------------------------------------------------------------------------------------
def test_scenario_6_start_player_who_cannot_afford_the_minimum():
    """Scenario 6 — XX-2.21, XX-2.22: in round III the start player P2 with 2 coins can only
    withdraw (applied at once, X7), may still buy a technology, and start player passes to P3 —
    or to the next player clockwise who has not withdrawn."""
    g = game(4, round=3, sp=1, coins={1: 2})
    ev = list(g.opening_events)
    assert {"player": 1, "action": "retirarse"} in [e.data for e in of(ev, "forzada")]
    assert g.to_move == (1,) and g.view(None)["step"] == "tecnologia"
    tech = g.view(None)["tech_display"][0]
    ev = play(g, (1, f"comprar-tecnologia {tech}"))
    assert of(ev, "tecnologia")[0].data["price"] == 9
    assert g.view(None)["sp"] == 2 and g.to_move == (2,)
    # P2 becomes start player again with 2 coins after P3 has withdrawn: P4 is next
    g = game(4, round=3, sp=1, coins={1: 5})
    tile = g.view(None)["land_display"][0]
    play(g, (1, f"subastar {tile}"), (1, "pujar 3"), (2, "retirarse"), (2, "no-comprar"),
         (3, "pasar"))
    ev = play(g, (0, "pasar"))
    assert of(ev, "gana")[0].data["player"] == 1 and me(g, 1)["coins"] == 2
    assert {"player": 1, "action": "retirarse"} in [e.data for e in of(ev, "forzada")]
    play(g, (1, "no-comprar"))
    assert g.view(None)["sp"] == 3 and g.to_move == (3,)


# ----- 7 --------------------------------------------------------------------------------------
def test_scenario_7_sole_remaining_buyer():
    """Scenario 7 — XX-2.23, XX-G18: round III, 3 players, track [9, 8, 7, 7, 6, 5, 5, 4, 3]."""
    g = game(3, round=3, sp=0, coins={0: 12})
    v = g.view(None)
    assert list(C.tracks[1].prices) == [9, 8, 7, 7, 6, 5, 5, 4, 3]
    assert (v["marker"], v["price"], len(v["land_display"])) == (1, 8, 5)
    tiles = v["land_display"]
    ev = play(g, (0, f"subastar {tiles[0]}"), (0, "pujar 3"), (1, "retirarse"))
    assert len([a for a in legal(g, 1) if a.startswith("comprar")]) == 4   # able to buy at 8
    ev += play(g, (1, "no-comprar"), (2, "retirarse"), (2, "no-comprar"))
    assert [e.data["price"] for e in of(ev, "retirada")] == [8, 8]
    assert g.view(None)["marker"] == 2
    ev += play(g, (0, f"comprar-tierra {tiles[1]}"), (0, f"comprar-tierra {tiles[2]}"))
    assert [e.data["garbage"] for e in of(ev, "tierra")] == [1, 2, 3]
    assert [e.data["amount"] for e in of(ev, "compra_solo")] == [3, 3]
    assert (g.view(None)["marker"], g.view(None)["price"]) == (4, 6)
    ev = play(g, (0, "retirarse"))
    assert of(ev, "retirada")[0].data["price"] == 6
    ev += play(g, (0, "no-comprar"))
    assert me(g, 0)["coins"] == 3 and g.view(None)["sp"] == 0
    assert {e.data["player"]: e.data["amount"] for e in of(ev, "consuelo")} == {1: 5, 2: 5}
    unsold = set(tiles[3:])
    ev = advance(g, in_round(4))
    (desc,) = [e for e in of(ev, "descarte") if e.rule == "XX-1.4"]
    assert set(desc.data["land"]) == unsold
    assert not unsold & set(g.view(None)["land_display"])


# ----- 8 --------------------------------------------------------------------------------------
@pytest.mark.parametrize("rnd, amount", [(1, 4), (2, 4), (3, 5), (4, 5), (5, 6)])
def test_scenario_8_consolation_amounts(rnd, amount):
    """Scenario 8 — XX-2.39, XX-G19.1: a player who wins no land receives 4 coins in rounds I–II,
    5 in III–IV, 6 in V; a winner receives nothing."""
    g = game(3, round=rnd, sp=0, coins={0: 10, 1: 10, 2: 10})
    win_tile(g, 0)
    ev = advance(g, lambda g: g.view(None)["phase"] != "subasta")
    assert {e.data["player"]: e.data["amount"] for e in of(ev, "consuelo")} == \
        {1: amount, 2: amount}
    assert (me(g, 1)["coins"], me(g, 0)["coins"]) == (10 + amount, 10 - g.view(None)["min_bid"])


def test_scenario_8_no_consolation_in_round_six():
    """Scenario 8 — XX-G19.1: nobody receives consolation in round VI."""
    g = game(3, round=5, sp=0)
    ev = advance(g, in_round(6))
    assert len(of(ev, "consuelo")) == 3                        # round V: nobody bought land
    ev = advance(g, lambda g: False)
    assert g.is_over and not of(ev, "consuelo")


# ----- 9 --------------------------------------------------------------------------------------
def test_scenario_9_ecological_impact_once_and_clamped():
    """Scenario 9 — XX-2.35–2.37: P1 at −5 buys T04 (2G, 1P): −6 and 2 garbage set aside; later
    T25 (2P) leaves −6; a player at +6 buying T27 (2F) stays +6; next round nothing repeats."""
    g = game(3, round=2, sp=0, pollution={0: -5}, catastrophe="K1",
             tech_display=["T04", "T12", "T02", "T03"])
    ev = play(g, (0, "retirarse"), (0, "comprar-tecnologia T04"))
    assert of(ev, "impacto")[0].data["to"] == -6 and me(g, 0)["set_aside_garbage"] == 2
    ev = play(g, (1, "retirarse"), (1, "comprar-tecnologia T12"), (2, "retirarse"),
              (2, "no-comprar"))
    assert me(g, 1)["pollution"] == 2
    ev = play(g, (2, "columna-A 0"), (0, "columna-E 0"), (1, "columna-C 0"))
    ev += advance(g, in_round(3))
    assert not of(ev, "impacto") and not of(ev, "desborde", 0) and not of(ev, "desborde", 1)
    assert (me(g, 0)["pollution"], me(g, 1)["pollution"]) == (-6, 2)
    (s1,) = [c for c in me(g, 0)["country"] if c.get("tile") == "S1"]
    assert s1["garbage"] == 1 + 2                              # T04's tokens lie on S1
    g = game(3, round=5, sp=0, pollution={0: -6, 1: 6}, catastrophe="K8",
             technologies={0: ["T04"]}, country={0: [{"tech": "T04", "x": 0, "y": -1}]},
             tech_display=["T25", "T27", "T26", "T28"])
    ev = play(g, (0, "retirarse"), (0, "comprar-tecnologia T25"), (1, "retirarse"),
              (1, "comprar-tecnologia T27"), (2, "retirarse"), (2, "no-comprar"))
    imp = {e.data["player"]: (e.data["from"], e.data["to"]) for e in of(ev, "impacto")}
    assert imp == {0: (-6, -6), 1: (6, 6)}
    ev = play(g, (2, "columna-A 0"), (0, "columna-C 0"))      # P2 (no science left): E, forced
    assert {"player": 1, "action": "columna-E 0"} in [e.data for e in of(ev, "forzada")]
    ev += advance(g, lambda g: False)
    assert g.is_over and not of(ev, "impacto")
    assert (me(g, 0)["pollution"], me(g, 1)["pollution"]) == (-6, 6)


# ----- 10 -------------------------------------------------------------------------------------
def test_scenario_10_catastrophe_displacement_auction():
    """Scenario 10 — XX-G1, XX-G2.1, XX-3.3, XX-1.3: 3 players, K1 Smog (A 2G+1P, C 2G, E —)."""
    g = game(3, sp=0, catastrophe="K1", phase="catastrofe")
    assert [c["column"] for c in g.view(None)["catastrophe"]["columns"]] == ["A", "C", "E"]
    ev = play(g, (0, "columna-E 2"), (1, "columna-E 3"))
    assert of(ev, "columna")[-1].data["displaced"] == 0
    ev = play(g, (2, "columna-C 0"), (0, "columna-C 1"))
    assert of(ev, "columna")[-1].data["displaced"] == 2
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("columna-A 1", seat=2)
    ev = play(g, (2, "columna-A 0"))
    pay = {e.data["player"]: (e.data["column"], e.data["amount"])
           for e in of(ev, "pago_catastrofe")}
    assert pay == {0: ("C", 1), 1: ("E", 3), 2: ("A", 0)}
    eff = {e.data["player"]: (e.data["garbage"], e.data["from"], e.data["to"])
           for e in of(ev, "efecto")}
    assert eff == {0: (2, 0, 0), 1: (0, 0, 0), 2: (2, 0, -1)}
    # the set-aside garbage reaches the start tiles in Maintenance (1 + 2 = 3 each)
    assert [me(g, s)["country"][0]["garbage"] for s in range(3)] == [3, 1, 3]
    assert g.view(None)["round"] == 2 and g.view(None)["sp"] == 2
    assert (me(g, 0)["science"], me(g, 1)["science"], me(g, 2)["science"]) == (11, 9, 12)


# ----- 11 -------------------------------------------------------------------------------------
def test_scenario_11_maintenance_overflow_and_placement():
    """Scenario 11 — XX-G10, XX-G8, XX-G9.2, XX-4.1: K2 column A (4G) with only the start tile:
    2 tokens fit, 2 overflow (pollution −2); L01 placed rail-to-rail next to the start tile with
    its citizen on a (2C): coin income 5; the unstaffed R1 removes nothing."""
    g = game(3, sp=0, catastrophe="K2", phase="catastrofe",
             pending={0: [{"tile": "L01", "citizen": True, "garbage": 1}]})
    ev = play(g, (0, "columna-A 0"), (1, "columna-E 0"), (2, "columna-C 0"))
    assert [e.data["garbage"] for e in of(ev, "basura", 0)] == [2, 3]
    assert of(ev, "desborde", 0)[0].data == {"player": 0, "tokens": 2, "from": 0, "to": -2}
    assert g.view(None)["step"] == "colocar"
    for a in legal(g, 0):                                       # L01 (N S): a rail faces S1
        rot, cell = int(a.split()[0].rsplit("-", 1)[1]), int(a.split()[1])
        side = {97: 2, 113: 3, 127: 0, 111: 1}[cell]           # the edge facing the start tile
        assert side in {(d + rot // 90) % 4 for d in (0, 2)}
    ev = play(g, (0, "colocar-90 1,0"), (0, "situar L01a"))
    assert me(g, 0)["income"]["coins"] == 5
    l01 = next(c for c in me(g, 0)["country"] if c.get("tile") == "L01")
    assert (l01["garbage"], l01["citizens"]) == (1, ["a"])
    assert not of(ev, "reciclaje", 0) and of(ev, "produccion", 0)[0].data["coins"] == 5


# ----- 12 -------------------------------------------------------------------------------------
COUNTRY_12 = [{"tile": "L05", "x": 1, "y": 0}, {"tile": "L15", "x": -1, "y": 0},
              {"tile": "L20", "x": 0, "y": 1}, {"tile": "L04", "x": 0, "y": -1, "garbage": 3},
              {"tile": "L13", "x": 2, "y": 0, "garbage": 2}]


@pytest.mark.parametrize("p, clean, env, total", [(3, 16, 3, 23), (-4, 8, -8, 4)])
def test_scenario_12_final_scoring(p, clean, env, total):
    """Scenario 12 — XX-G15: p = +3, 4 clean land tiles, 5 garbage tokens, most coins (14),
    second-most science (8): 16 − 5 + 3 + 6 + 3 = 23 VP; with p = −4: 8 − 5 − 8 + 6 + 3 = 4."""
    g = game(4, round=6, sp=0, phase="produccion", country={0: COUNTRY_12}, garbage={"S1": 0},
             pollution={0: p}, coins={0: 11, 1: 2, 2: 0, 3: 1},
             science={0: 6, 1: 10, 2: 0, 3: 3})
    assert g.is_over
    assert g.result.details["held"][0] == {"coins": 14, "science": 8}
    parts = g.result.details["final_scoring"][0]
    assert parts == {"coins": 6, "science": 3, "environment": env, "clean_tiles": clean,
                     "garbage": -5, "total": total}
    assert g.result.scores[0] == total
