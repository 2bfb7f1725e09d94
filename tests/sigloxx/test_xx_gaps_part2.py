"""«Siglo XX»: gaps G23 (what counts as a bid) and G24 (player count), the project rulings X1
(country window), X2 (bid cap), X4 (start player after Phase 3) and X7 (forced decisions), and
the checklist's resolved conflicts between sources (phase order, two scoring cards per game).
The other gaps of this part (G2, G3, G5, G6, G8–G17) are tested with their subjects:
test_xx_content_completed, test_xx_maintenance_placement, test_xx_production_recycling and
test_xx_scoring_end."""

from __future__ import annotations

import random

import pytest
from xx_support import legal, of, play
from xx_support import new3 as game

import ludoteca


def amounts(options, prefix):
    return [int(a.split()[1]) for a in options if a.startswith(prefix)]


def random_game(seed, n=3, options=None):
    g = ludoteca.new_game("sigloxx", players=n, seed=seed, options=options or {})
    rng = random.Random(seed)
    events = list(g.opening_events)
    while not g.is_over:
        s = g.to_move[0]
        events += g.apply(rng.choice(g.legal_actions(s)), seat=s)
    return g, events


# ----- G23: bids ----------------------------------------------------------------------------
def test_xx_g23_1_bids_are_whole_numbers_raised_by_one_capped_by_holdings():
    """XX G23 — XX-G23.1: land bids are whole coins: an opening bid from the minimum up to the
    coins held, a raise from high + 1 up to the coins held; catastrophe bids are whole science up
    to the science held; anything else is refused."""
    g = game(3, sp=0, coins={0: 7, 1: 9, 2: 4})
    tile = g.view(None)["land_display"][0]
    play(g, (0, f"subastar {tile}"))
    assert amounts(legal(g), "pujar") == list(range(2, 8))
    play(g, (0, "pujar 3"))
    assert amounts(legal(g), "pujar") == list(range(4, 10))
    for bad in ("pujar 3", "pujar 10"):
        with pytest.raises(ludoteca.IllegalAction):
            g.apply(bad, seat=1)
    with pytest.raises(ludoteca.IllegalAction):
        g.parse("pujar 3.5")
    play(g, (1, "pujar 4"))
    assert amounts(legal(g), "pujar") == []                    # seat 2 holds 4: pass/withdraw
    assert set(legal(g)) == {"pasar", "retirarse"}
    g = game(3, sp=0, catastrophe="K1", phase="catastrofe", science={0: 5})
    assert amounts(legal(g), "columna-C") == list(range(0, 6))
    play(g, (0, "columna-C 2"))
    assert amounts(legal(g), "columna-C") == list(range(3, 11))


# ----- G24: player count ----------------------------------------------------------------------
def test_xx_g24_1_three_to_five_players_only():
    """XX G24 — XX-G24.1: a game with fewer than 3 or more than 5 players cannot be set up."""
    for n in (1, 2, 6, 7):
        with pytest.raises(ludoteca.InvalidOption, match="3 to 5"):
            ludoteca.new_game("sigloxx", players=n, seed=0)
    for n in (3, 4, 5):
        assert ludoteca.new_game("sigloxx", players=n, seed=0).view(None)["players_n"] == n
    assert ludoteca.info("sigloxx").players == (3, 5)


# ----- project rulings --------------------------------------------------------------------------
def test_ruling_x1_country_window_15_by_15():
    """Ruling X1 (XX G8): a country lives in a 15 × 15 window around the start tile; a tile at the
    window's east edge offers nothing beyond it and nothing wraps to the next row."""
    chain = [{"tile": t, "x": x, "y": 0} for x, t in
             enumerate(["L05", "L15", "L20", "L24", "L27", "L34", "L39"], start=1)]
    g = game(3, round=5, sp=0, phase="mantenimiento", country={0: chain},
             pending={0: [{"tile": "L08", "citizen": True, "garbage": 1}]})
    cells = {int(a.split()[1]) for a in legal(g)}
    assert 112 + 7 in {c["cell"] for c in g.view(0)["players"][0]["country"]}      # col 14
    assert all(0 <= c < 225 for c in cells)
    assert 120 not in cells                                    # row 8, col 0: not adjacent
    assert {119 - 15, 119 + 15} <= cells                       # N and S of the edge tile
    with pytest.raises(ludoteca.InvalidOption, match="outside the country window"):
        game(3, round=2, country={0: [{"tile": "L01", "x": 8, "y": 0}]})
    with pytest.raises(ludoteca.IllegalAction, match="outside the country window"):
        g.parse("colocar-0 8,0")


def test_ruling_x2_bids_capped_at_99():
    """Ruling X2 (XX G23): bids in coins or science are 0–99, whatever is held."""
    g = game(3, sp=0, coins={0: 150})
    play(g, (0, f"subastar {g.view(None)['land_display'][0]}"))
    assert max(amounts(legal(g), "pujar")) == 99
    g = game(3, sp=0, catastrophe="K1", phase="catastrofe", science={0: 150})
    assert max(amounts(legal(g), "columna-E")) == 99
    with pytest.raises(ludoteca.IllegalAction):
        g.parse("columna-E 100")


def test_ruling_x4_worst_column_takes_the_start_space_at_once():
    """Ruling X4 (XX G12): when the catastrophe auction ends the column-A player is start player
    at once; Maintenance and Production of that round, the next round's auction and round VI
    all start with that player."""
    g = game(4, round=5, sp=0, catastrophe="K7", phase="catastrofe")
    ev = play(g, (0, "columna-E 0"), (1, "columna-D 0"), (2, "columna-A 0"), (3, "columna-C 0"))
    assert of(ev, "inicial")[0].data["player"] == 2 and of(ev, "inicial")[0].rule == "XX-G1.10"
    while not g.is_over:
        s = g.to_move[0]
        opts = legal(g, s)
        ev += play(g, (s, "terminar" if "terminar" in opts else opts[0]))
    rounds = {}
    current = 5
    for e in ev:
        if e.kind == "ronda":
            current = e.data["round"]
        elif e.kind in ("mantenimiento", "produccion"):
            rounds.setdefault((current, e.kind), []).append(e.data["player"])
    for key in ((5, "mantenimiento"), (5, "produccion"), (6, "mantenimiento"),
                (6, "produccion")):
        assert rounds[key] == [2, 3, 0, 1], key


def test_ruling_x7_forced_decisions_are_applied_and_reported():
    """Ruling X7: a decision with exactly one legal action is applied at once and reported as a
    'forzada' event naming the rule; the seat to move always has at least two choices."""
    for seed in range(3):
        g = ludoteca.new_game("sigloxx", players=3 + seed, seed=seed)
        rng = random.Random(seed)
        forced = 0
        events = list(g.opening_events)
        while not g.is_over:
            s = g.to_move[0]
            assert len(g.legal_actions(s)) >= 2
            ev = g.apply(rng.choice(g.legal_actions(s)), seat=s)
            events += ev
        for e in of(events, "forzada"):
            forced += 1
            assert e.rule.startswith("XX-") and e.data["action"]
        assert forced > 0
    g = game(3, round=3, sp=1, coins={1: 0})                    # cannot pay the minimum
    (f,) = of(g.opening_events, "forzada")[-1:]
    assert f.data == {"player": 1, "action": "retirarse"} and f.rule == "XX-2.21"


# ----- resolved conflicts between sources -------------------------------------------------------
def test_known_conflicts_phase_order_and_two_scoring_cards():
    """Known conflicts (checklist): the text's phase order is kept — catastrophe before
    Production (not polo-deepdelver's order) — and a game uses 2 scoring cards (one in round II,
    one in round IV), not 3 (pinco11)."""
    g, events = random_game(7)
    current, order = 0, {}
    for e in events:
        if e.kind == "ronda":
            current = e.data["round"]
        elif e.kind in ("subasta", "retirada", "efecto", "mantenimiento", "produccion",
                        "bonificacion", "puntuacion_final"):
            order.setdefault(current, [])
            if not order[current] or order[current][-1] != e.kind:
                order[current].append(e.kind)
    for r in range(1, 6):
        phases = [k for k in order[r] if k in ("retirada", "efecto", "mantenimiento",
                                                "produccion")]
        first = {k: phases.index(k) for k in ("retirada", "efecto", "mantenimiento",
                                              "produccion")}
        assert first["retirada"] < first["efecto"] < first["mantenimiento"] < \
            first["produccion"], (r, order[r])
    assert {r for r, ks in order.items() if "bonificacion" in ks} == {2, 4}
    cards = g.view(None)["scoring_cards"]
    assert sorted(cards) == ["II", "IV"] and all(cards.values())
    assert len({e.data["card"] for e in of(events, "bonificacion")}) == 2
