"""Smoke tests of the «Siglo XX» engine: setup, a land auction with withdrawals and technology
purchases, the catastrophe auction, Maintenance placement, Production with recycling and
pollution, and the final scoring by source. The rule-by-rule suite lives elsewhere; these check
that the engine's main paths work end to end (rule IDs in the docstrings)."""

from __future__ import annotations

import json
import random

import pytest
from xx_support import DISPLAY, TECHS, C, of, play
from xx_support import new as game

import ludoteca
from ludoteca.agents import make_agent


def kinds(events):
    return [e.kind for e in events]


# ----- setup --------------------------------------------------------------------------------------
def test_setup_4_players():
    """XX-S.2, XX-S.7–S.9, XX-S.12–S.17, XX-G4.2, XX-1.7, XX-1.14 (scenario 1 and 2)."""
    g = game(4, seed=3)
    st = g.state_dict()
    labels = [C.catastrophes[C.cat_index[k]].label for k in
              [st["catastrophe"]["id"]] + st["hidden"]["catastrophe_stack"]]
    assert labels == ["I-II", "I-II", "III-IV", "III-IV", "V"]                 # XX-S.8
    assert len(st["hidden"]["catastrophes_out"]) == 4                          # XX-S.9
    assert st["scoring_cards"]["II"].startswith("II-") and \
        st["scoring_cards"]["IV"].startswith("IV-")                            # XX-S.2
    assert len(st["land_display"]) == 6 and len(st["tech_display"]) == 5       # XX-1.7
    assert (st["marker"], st["price"], st["min_bid"]) == (0, 7, 2)             # XX-1.14
    for s, p in enumerate(st["players"]):
        assert p["income"] == {"coins": 3, "science": 2, "vp": 0}              # XX-S.15
        assert (p["pollution"], p["score"]) == (0, 0)
        (start,) = p["country"]
        assert start["tile"] == f"S{s + 1}" and start["cell"] == 112
        assert start["garbage"] == 1 and start["citizens"] == ["a", "b"]       # XX-G4.2
        assert p["citizens_supply"] == 14
    v0, v1 = g.view(0), g.view(1)
    assert v0["players"][0]["coins"] == 10 and v0["players"][0]["science"] == 10  # XX-S.17
    assert "coins" not in v1["players"][0] and "science" not in v1["players"][0]  # XX-S.18
    assert "coins" not in g.view(None)["players"][0]
    text = json.dumps(g.view(None))
    assert all(k not in text for k in st["hidden"]["catastrophe_stack"])       # XX-S.9
    # a redrawn world looks the same to every seat
    for seat in (None, 0, 1, 2, 3):
        assert g.determinize(seat, 99).view(seat) == g.view(seat)


def test_options_are_checked():
    """XX-G24.1 and the options of docs/rules/sigloxx.md."""
    with pytest.raises(ludoteca.InvalidOption, match="3 to 5 players"):
        ludoteca.new_game("sigloxx", players=2)
    with pytest.raises(ludoteca.InvalidOption, match="scoring_card_ii needs scoring_cards"):
        ludoteca.new_game("sigloxx", players=3, options={"scoring_cards": False,
                                                         "scoring_card_ii": "II-B"})
    with pytest.raises(ludoteca.InvalidOption, match="'II-A', 'II-B', 'II-C'"):
        ludoteca.new_game("sigloxx", players=3, options={"scoring_card_ii": "IV-A"})
    with pytest.raises(ludoteca.InvalidOption, match="first_player"):
        ludoteca.new_game("sigloxx", players=3, options={"first_player": 3})
    g = ludoteca.new_game("sigloxx", players=3, options={"scoring_cards": False})
    assert g.view(None)["scoring_cards"] == {"II": None, "IV": None}           # XX-S.4
    g = ludoteca.new_game("sigloxx", players=3, options={"first_player": 2,
                                                         "scoring_card_iv": "IV-B"})
    assert g.to_move == (2,) and g.view(None)["scoring_cards"]["IV"] == "IV-B"


# ----- the land auction ---------------------------------------------------------------------------
def test_basic_auction_and_passing():
    """XX-2.2–2.18, XX-2.26 (scenario 3)."""
    g = game(4, sp=0, land_display=DISPLAY, tech_display=TECHS)
    ev = play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "pujar 3"), (2, "pasar"),
              (3, "pujar 5"), (0, "pasar"))
    with pytest.raises(ludoteca.IllegalAction, match="may not act"):        # XX-2.26
        g.apply("retirarse", seat=2)
    ev += play(g, (1, "pasar"))
    (win,) = of(ev, "gana")
    assert win.data == {"player": 3, "tile": "L01", "amount": 5}            # XX-2.10, 2.11
    v = g.view(3)
    assert v["players"][3]["coins"] == 5
    assert v["players"][3]["pending_land"] == [{"tile": "L01", "citizen": True, "garbage": 1}]
    assert (v["marker"], v["price"]) == (1, 6)                              # XX-2.13
    assert v["sp"] == 3 and g.to_move == (3,)                               # XX-2.17
    play(g, (3, "subastar L02"), (3, "pujar 2"))
    assert g.to_move == (0,)                                                 # passed players again
    assert "pasar" in [str(a) for a in g.legal_actions(0)]


def test_withdrawals_technologies_and_consolation():
    """XX-2.24–2.33, XX-2.27, XX-2.39, XX-G18, XX-G20.1 (scenario 5)."""
    g = game(4, sp=0, land_display=DISPLAY, tech_display=TECHS)
    ev = play(g, (0, "subastar L01"), (0, "pujar 2"), (1, "retirarse"))
    assert len(g.legal_actions(1)) == 6                                     # 5 technologies + none
    ev += play(g, (1, "comprar-tecnologia T02"), (2, "retirarse"))
    assert len(g.legal_actions(2)) == 5                                     # XX-2.30: 4 left
    ev += play(g, (2, "comprar-tecnologia T06"), (3, "pasar"))
    prices = [e.data["price"] for e in of(ev, "tecnologia")]
    assert prices == [7, 7]                                                 # XX-2.31
    assert of(ev, "gana")[0].data["player"] == 0 and g.view(None)["marker"] == 1
    ev = play(g, (0, "subastar L02"), (0, "pujar 2"), (3, "pujar 3"), (0, "pasar"))
    assert g.view(None)["price"] == 5                                       # marker 2
    ev += play(g, (3, "retirarse"), (3, "comprar-tecnologia T12"))
    assert of(ev, "tecnologia")[0].data["price"] == 5                       # XX-2.32
    assert of(ev, "solo")[0].data["player"] == 0                            # XX-2.23
    v = g.view(3)
    assert v["players"][3]["pollution"] == 2                                # T12: 2 flowers
    ev = play(g, (0, "retirarse"), (0, "no-comprar"))
    assert [e.data["player"] for e in of(ev, "consuelo")] == [1, 2]        # XX-2.39
    assert all(e.data["amount"] == 4 for e in of(ev, "consuelo"))
    assert g.view(None)["sp"] == 0 and g.view(None)["phase"] == "catastrofe"   # XX-2.27
    assert g.to_move == (0,)                                                # XX-G20.1
    assert g.view(1)["players"][1]["coins"] == 14


def test_lone_buyer_pays_the_minimum():
    """XX-2.23, XX-G18.1–G18.3 (scenario 7)."""
    g = game(3, round=3, sp=0, coins={0: 12})
    assert (g.view(None)["min_bid"], g.view(None)["price"]) == (3, 8)
    tiles = g.view(None)["land_display"]
    ev = play(g, (0, f"subastar {tiles[0]}"), (0, "pujar 3"), (1, "retirarse"), (1, "no-comprar"),
              (2, "retirarse"), (2, "no-comprar"))
    ev += play(g, (0, f"comprar-tierra {tiles[1]}"), (0, f"comprar-tierra {tiles[2]}"))
    assert [e.data["garbage"] for e in of(ev, "tierra")] == [1, 2, 3]         # XX-2.15
    assert g.view(None)["price"] == 6 and g.view(0)["players"][0]["coins"] == 3
    ev = play(g, (0, "retirarse"), (0, "no-comprar"))
    assert [e.data["amount"] for e in of(ev, "consuelo")] == [5, 5]
    assert g.view(None)["sp"] == 0


# ----- the catastrophe auction -------------------------------------------------------------------
def test_catastrophe_displacement_auction():
    """XX-G1.1–G1.11, XX-G2.1, XX-3.3 (scenario 10)."""
    g = game(3, sp=0, catastrophe="K1", phase="catastrofe")
    cols = [c["column"] for c in g.view(None)["catastrophe"]["columns"]]
    assert cols == ["A", "C", "E"]                                          # XX-G2.1
    ev = play(g, (0, "columna-E 2"), (1, "columna-E 3"))
    assert of(ev, "columna")[1].data["displaced"] == 0
    ev = play(g, (2, "columna-C 0"), (0, "columna-C 1"))
    with pytest.raises(ludoteca.IllegalAction, match="worst column"):
        g.apply("columna-A 1", seat=2)
    with pytest.raises(ludoteca.IllegalAction, match="bid 1 .*|not legal|needs at least 2"):
        g.apply("columna-C 1", seat=2)
    ev = play(g, (2, "columna-A 0"))
    pay = {e.data["player"]: e.data["amount"] for e in of(ev, "pago_catastrofe")}
    assert pay == {0: 1, 1: 3, 2: 0}                                        # XX-G1.8
    eff = {e.data["player"]: (e.data["garbage"], e.data["to"]) for e in of(ev, "efecto")}
    assert eff == {0: (2, 0), 1: (0, 0), 2: (2, -1)}                       # XX-G1.9
    assert g.view(None)["sp"] == 2                                          # XX-G1.10
    # nothing to decide in Maintenance (X7): Production follows at once, +2 science
    assert g.view(1)["players"][1]["science"] == 10 - 3 + 2


# ----- maintenance --------------------------------------------------------------------------------
def test_maintenance_overflow_and_placement():
    """XX-G10.3–G10.5, XX-G8.1–G8.5, XX-G9.2, XX-4.1 (scenario 11)."""
    g = game(3, sp=0, phase="mantenimiento", set_aside={0: 4},
             pending={0: [{"tile": "L01", "citizen": True, "garbage": 1}]})
    ev = list(g.opening_events)
    assert of(ev, "desborde")[0].data == {"player": 0, "tokens": 2, "from": 0, "to": -2}
    assert g.view(None)["step"] == "colocar" and g.to_move == (0,)
    legal = [str(a) for a in g.legal_actions(0)]
    assert "colocar-90 113" in legal and "colocar-0 113" not in legal       # XX-G8.4
    ev = play(g, (0, "colocar-90 1,0"), (0, "situar L01a"))
    me = g.view(0)["players"][0]
    assert me["income"]["coins"] == 5                                       # 3 + L01a (2C)
    l01 = next(c for c in me["country"] if c.get("tile") == "L01")
    assert (l01["x"], l01["y"], l01["garbage"], l01["citizens"]) == (1, 0, 1, ["a"])
    assert [e.data["player"] for e in of(ev, "produccion")] == [0, 1, 2]    # XX-G12.5
    assert not of(ev, "reciclaje")                                          # R1 unstaffed


def test_bridged_placement_and_bridges_in_step_c():
    """XX-G8.8, ruling X5, XX-G6.3 (T08 gives 2 bridges)."""
    g = game(3, sp=0, phase="mantenimiento", technologies={0: ["T08"]},
             bridges_held={0: 2}, pending={0: [{"tile": "L04", "citizen": True, "garbage": 1}]})
    legal = [str(a) for a in g.legal_actions(0)]
    assert any(a.startswith("colocar-puente-") for a in legal)
    play(g, (0, "colocar-puente-0 0,1"))                                    # E–W rails: 1 mismatch
    me = g.view(0)["players"][0]
    assert me["bridges_held"] == 1 and len(me["bridges"]) == 1
    assert len(me["networks"]) == 1                                         # linked by the bridge
    g._check_invariants()


# ----- production ---------------------------------------------------------------------------------
def test_production_recycling_and_pollution():
    """XX-G11.1–G11.3, XX-G12.3, XX-G6.2 (T30, T18), XX-G5.2, ruling X3."""
    g = game(3, round=3, sp=0, phase="mantenimiento",
             technologies={0: ["T14", "T18", "T30"]},
             country={0: [{"tile": "L08", "x": 1, "y": 0, "citizens": "a", "garbage": 2},
                          {"tile": "L05", "x": -1, "y": 0, "garbage": 3}]},
             garbage={"S1": 3}, citizens={"S1": "abc"})
    ev = list(g.opening_events)
    assert of(ev, "agencia")[0].data["to"] == 1                            # T30: +1
    assert "usar-tecnologia 17" in [str(a) for a in g.legal_actions(0)]
    ev = play(g, (0, "usar-tecnologia T18"), (0, "quitar L05"), (0, "quitar L05"))
    assert of(ev, "incineradora")[0].data == {"player": 0, "tech": "T18", "from": 1, "to": 0}
    # step C has nothing left but 'terminar' (X7), so Production starts at once
    assert g.view(None)["step"] == "reciclar"                               # 6 > 2 + 3 capacity
    assert g.view(None)["production"]["capacity_left"] == 5                 # T14: +1 per site
    ev = play(g, (0, "reciclar S1"), (0, "reciclar S1"), (0, "reciclar S1"), (0, "reciclar L08"))
    ev += play(g, (0, "reciclar L08"))
    assert [e.data["player"] for e in of(ev, "produccion")][0] == 0
    me = g.view(0)["players"][0]
    assert me["garbage"] == 1 and me["clean_tiles"] == 2
    assert of(ev, "produccion")[0].data == {"player": 0, "coins": 3, "science": 2, "vp": 0}


# ----- the end ------------------------------------------------------------------------------------
FINAL_COUNTRY = {0: [{"tile": "L05", "x": 1, "y": 0}, {"tile": "L15", "x": -1, "y": 0},
                     {"tile": "L20", "x": 0, "y": 1}, {"tile": "L04", "x": 0, "y": -1,
                                                       "garbage": 3},
                     {"tile": "L13", "x": 2, "y": 0, "garbage": 2}]}


@pytest.mark.parametrize("p, total", [(3, 23), (-4, 4)])
def test_final_scoring_by_source(p, total):
    """XX-G15.1–G15.6, XX-F.1–F.6, XX-G16.1 (scenario 12)."""
    g = game(3, round=6, phase="produccion", garbage={"S1": 0}, country=FINAL_COUNTRY,
             pollution={0: p}, coins={0: 11, 1: 2, 2: 0}, science={0: 6, 1: 10, 2: 0})
    assert g.is_over
    parts = g.result.details["final_scoring"][0]
    clean = 4 if p >= 3 else 2
    assert parts == {"coins": 6, "science": 3, "environment": p if p > 0 else 2 * p,
                     "clean_tiles": 4 * clean, "garbage": -5, "total": total}
    assert g.result.scores[0] == total and g.result.reason == "fin"
    assert g.view(1)["players"][0]["coins"] == 14                          # revealed at the end
    assert sorted(g.result.ranking) == [0, 1, 2]


def test_majority_ties():
    """XX-G15.6."""
    from ludoteca.games.sigloxx.scoring import majority
    assert majority([5, 5, 1], (6, 3)) == [4, 4, 0]
    assert majority([5, 5, 5], (6, 3)) == [3, 3, 3]
    assert majority([9, 4, 4, 0], (6, 3)) == [6, 1, 1, 0]
    assert majority([0, 0, 2], (6, 3)) == [0, 0, 6]


# ----- whole games --------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5])
def test_greedy_games_end_with_invariants(n):
    """XX-R.1: five full rounds and round VI; bonus scoring in rounds II and IV (XX-6.1)."""
    g = ludoteca.new_game("sigloxx", players=n, seed=n)
    bots = [make_agent("greedy", "sigloxx", i) if i % 2 == 0 else make_agent("random", "sigloxx",
                                                                              i)
            for i in range(n)]
    rounds, bonus = set(), 0
    while not g.is_over:
        s = g.to_move[0]
        ev = g.apply(bots[s].choose(g, s), seat=s)
        g._check_invariants()
        rounds |= {e.data["round"] for e in ev if e.kind == "ronda"}
        bonus += sum(1 for e in ev if e.kind == "bonificacion")
    assert rounds >= {2, 3, 4, 5, 6} and bonus == 2 * n
    assert g.result.reason == "fin" and len(g.result.details["final_scoring"]) == n


def test_descriptions_exist_in_both_languages():
    g = ludoteca.new_game("sigloxx", players=4, seed=2)
    rng = random.Random(2)
    events = list(g.opening_events)
    while not g.is_over:
        s = g.to_move[0]
        events += g.apply(rng.choice(g.legal_actions(s)), seat=s)
    for e in events:
        assert e.rule and e.rule.startswith("XX-")
        for lang in ("es", "en"):
            text = g.describe(e, lang)
            assert text and not text.startswith(e.kind + ":"), (e, text)


def test_action_text_forms():
    """The grammar of the engine brief: ids, x,y cells, columns in either case, aliases."""
    from ludoteca.games.sigloxx import actions as A
    g = game(3)
    assert g.parse("subastar L07") == A.AUCTION_A[11] == g.parse("auction 11")
    assert g.parse("situar L07b") == A.PUT_A[3 * 11 + 1] == g.parse("put 34")
    assert g.parse("colocar 90 1,0") == A.PLACE_A[1][113] == g.parse("place-90 113")
    assert g.parse("columna a 3") == A.COLUMN_A[0][3] == g.parse("column-A 3")
    assert g.parse("Elegir-Institución T04") == A.PICK_INST_A[3]
    assert g.parse("colocar-puente-270 0,-1") == A.PLACE_BRIDGED_A[3][97]
    assert str(g.parse("bid 5")) == "pujar 5" and g.action_id(g.parse("puente-s 224")) == 3483
    for bad in ("pujar", "pujar 100", "subastar L41", "colocar-45 1,0", "situar L07d"):
        with pytest.raises(ludoteca.IllegalAction):
            g.parse(bad)


def test_arranged_game_replays_exactly():
    g = game(4, sp=1, coins={1: 20}, land_display=DISPLAY, tech_display=TECHS)
    rng = random.Random(5)
    for _ in range(60):
        s = g.to_move[0]
        g.apply(rng.choice(g.legal_actions(s)), seat=s)
    rec = json.loads(json.dumps(g.record()))
    again = ludoteca.replay(rec)
    assert again.state_dict() == g.state_dict()
    with pytest.raises(ludoteca.InvalidOption, match="unknown keys"):
        game(3, bogus=1)
    with pytest.raises(ludoteca.InvalidOption, match="already in a country"):
        game(3, pending={0: ["L01"]}, country={1: [{"tile": "L01", "x": 1, "y": 0}]})


def test_content_errors_name_the_field():
    """XX-C.14, XX-G2.2: a broken content file is refused with the field and what is allowed."""
    from importlib import resources

    from ludoteca.games.sigloxx.content import parse_content
    text = resources.files("ludoteca.games.sigloxx").joinpath("content.toml").read_text("utf-8")
    assert len(parse_content(text).land) == 45
    broken = text.replace('{ column = "B", garbage = 7, pollution = 0 }',
                          '{ column = "B", garbage = 9, pollution = 0 }')
    with pytest.raises(ludoteca.ContentError, match=r"catastrophes\[8\]\.columns.*XX-G2\.2"):
        parse_content(broken)
    l01 = 'id = "L01"\nindex = 5\npile = '
    broken = text.replace(l01 + '"I-II"', l01 + '"VI"')
    with pytest.raises(ludoteca.ContentError, match=r"land_tiles\[5\]\.pile.*allowed: start"):
        parse_content(broken)
