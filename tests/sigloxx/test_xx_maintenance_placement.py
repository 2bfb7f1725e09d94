"""«Siglo XX» Phase 4, Maintenance: the completed rules XX-4.1–4.7 and the rulings of gaps G6
(when technologies take effect), G8 (placement geometry, rails, bridges), G9 (citizens) and G10
(garbage on tiles), with rulings X3 (maximal removal), X5 (bridges in a placement) and X8
(networks include institutions). Positions are built with ``arrange``; decisions with exactly
one legal action are applied by the engine itself (ruling X7)."""

from __future__ import annotations

import random

import pytest
from xx_support import C, cell, legal, me, of, play, tile_of
from xx_support import new3 as game

import ludoteca

DIRS = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}          # N E S W as (dx, dy)


def rails(code, rotation):
    """Rail edges (0 N … 3 W) of a land tile or institution turned ``rotation`` degrees."""
    t = C.land[C.land_index[code]] if code in C.land_index else C.tech[C.tech_index[code]]
    return {(d + rotation // 90) % 4 for d in range(4) if t.rails >> d & 1}


def country_rails(g, s=0):
    """{(x, y): rail edges} of a seat's placed tiles."""
    return {(c["x"], c["y"]): rails(c.get("tile") or c.get("tech"), c["rotation"])
            for c in me(g, s)["country"]}


def placement(action):
    """('colocar-90 113') → (rotation, x, y, bridged)."""
    name, arg = action.split()
    rot = int(name.rsplit("-", 1)[1])
    c = int(arg)
    return rot, c % 15 - 7, c // 15 - 7, "puente" in name


def shared(g, code, rot, x, y, s=0):
    """(rail–rail, none–none, mismatched) counts of the shared edges of a placement."""
    have = country_rails(g, s)
    mine = rails(code, rot)
    rr = nn = mism = 0
    for d, (dx, dy) in DIRS.items():
        other = have.get((x + dx, y + dy))
        if other is None:
            continue
        a, b = d in mine, (d + 2) % 4 in other
        rr += a and b
        nn += not a and not b
        mism += a != b
    return rr, nn, mism


# ----- XX-4.x [completed] ------------------------------------------------------------------
def test_xx_4_1_garbage_first_then_new_tiles_and_institutions():
    """XX-4.1, XX-G12.6: Maintenance places the catastrophe and technology garbage first (step
    A), then adds the won land tiles and bought institutions so that their railways connect
    (step B), then technologies (step C)."""
    g = game(3, round=2, sp=0, phase="mantenimiento", set_aside={0: 2},
             technologies={0: ["T04"]}, country={0: [{"tile": "L05", "x": 1, "y": 0}]},
             pending={0: [{"tile": "L01", "citizen": True, "garbage": 1}]})
    v = g.view(None)
    assert (v["maintenance"]["step"], v["step"]) == ("A", "basura")
    assert sorted(legal(g)) == ["basura 0", "basura 9"]          # S1, L05 (old tiles)
    ev = play(g, (0, "basura S1"), (0, "basura L05"))
    assert g.view(None)["maintenance"]["step"] == "B"
    assert sorted(legal(g)) == ["elegir-institucion 3", "elegir-tierra 5"]
    ev += play(g, (0, "elegir-institucion T04"))
    for a in legal(g):                                          # every offer links by rail
        rot, x, y, _ = placement(a)
        rr, _, mism = shared(g, "T04", rot, x, y)
        assert rr >= 1 and mism == 0
    ev += play(g, (0, "colocar-0 0,-1"))                    # L01 is left: picked at once (X7)
    ev += play(g, (0, "colocar-0 0,1"), (0, "situar L01a"))
    kinds = [e.kind for e in ev if e.kind in ("basura", "colocar", "fin_mantenimiento")
             and e.data["player"] == 0]
    assert kinds == ["basura", "basura", "colocar", "colocar", "fin_mantenimiento"]
    assert len(me(g)["networks"]) == 1                          # all joined by rail


def test_xx_4_2_round_garbage_goes_on_earlier_tiles_purchase_garbage_on_its_tile():
    """XX-4.2, XX-G10.3: the garbage received during a round goes on tiles acquired in earlier
    rounds; the garbage that comes with a newly won tile goes on that tile itself."""
    g = game(3, round=2, sp=0, phase="mantenimiento", set_aside={0: 1},
             country={0: [{"tile": "L05", "x": 1, "y": 0, "garbage": 3}]},
             pending={0: [{"tile": "L15", "citizen": True, "garbage": 2}]})
    # only S1 has room among the old tiles: the token goes there at once (X7), not on L15
    ev = list(g.opening_events)
    assert of(ev, "forzada")[0].data["action"] == "basura 0"
    assert tile_of(g, "S1")["garbage"] == 2
    play(g, (0, "colocar-0 0,1"))
    assert tile_of(g, "L15")["garbage"] == 2
    assert me(g)["garbage"] == 2 + 3 + 2


def test_xx_4_3_orthogonal_placement_with_matching_rails():
    """XX-4.3, XX-G8.3, XX-G8.4, XX-G8.5: a new tile goes orthogonally next to the country,
    Carcassonne style: every shared edge matches (rail–rail or none–none) and one at least is
    rail–rail. Every offered placement is checked against the tiles' rails."""
    g = game(3, round=2, sp=0, phase="mantenimiento",
             country={0: [{"tile": "L01", "x": 1, "y": 0},              # N S: no link to S1
                          {"tile": "L04", "x": 0, "y": 1}]},            # E W
             pending={0: [{"tile": "L02", "citizen": True, "garbage": 1}]})
    offers = legal(g)
    assert offers
    occupied = set(country_rails(g))
    for a in offers:
        rot, x, y, bridged = placement(a)
        assert not bridged and (x, y) not in occupied
        assert any((x + dx, y + dy) in occupied for dx, dy in DIRS.values())
        rr, _, mism = shared(g, "L02", rot, x, y)
        assert mism == 0 and rr >= 1, a
    # and every matching placement is offered
    want = set()
    for x in range(-3, 4):
        for y in range(-3, 4):
            if (x, y) in occupied or not any((x + dx, y + dy) in occupied
                                             for dx, dy in DIRS.values()):
                continue
            for rot in (0, 90, 180, 270):
                rr, _, mism = shared(g, "L02", rot, x, y)
                if rr and not mism:
                    want.add(f"colocar-{rot} {cell(x, y)}")
    assert set(offers) == want


def test_xx_4_4_the_new_citizen_goes_on_its_own_tile():
    """XX-4.4, XX-G9.2: the citizen that comes with a land tile goes on an empty site of that
    same tile (the owner picks which)."""
    g = game(3, round=2, sp=0, phase="mantenimiento",
             pending={0: [{"tile": "L16", "citizen": True, "garbage": 1}]})
    supply = me(g)["citizens_supply"]
    play(g, (0, "colocar-180 1,0"))                             # rails S, W
    assert sorted(legal(g)) == ["situar 60", "situar 61", "situar 62"]   # L16 a, b, c only
    play(g, (0, "situar L16c"))
    assert tile_of(g, "L16")["citizens"] == ["c"] and me(g)["citizens_supply"] == supply
    assert me(g)["income"]["science"] == 2 + 1


def test_xx_4_5_technologies_are_used_in_maintenance():
    """XX-4.5: technologies are used in Maintenance (step C), never during the auction."""
    g = game(3, round=2, sp=0, technologies={0: ["T06"]}, garbage={"S1": 2})
    assert not [a for a in legal(g, 0) if a.startswith("usar")]
    g = game(3, round=2, sp=0, phase="mantenimiento", technologies={0: ["T06"]},
             garbage={"S1": 2})
    assert g.view(None)["maintenance"]["step"] == "C"
    assert "usar-tecnologia 5" in legal(g)


def test_xx_4_6_technology_effects_named_by_the_sources():
    """XX-4.6: trains move citizens (T01), technologies add citizens (T07), pay to remove
    garbage (T09), flowers improve pollution (T12), raise output (T02), and cities connected to
    a technology tile produce more (T04 institution)."""
    country = [{"tile": "L05", "x": 1, "y": 0}, {"tech": "T04", "x": -1, "y": 0, "rotation": 90}]
    g = game(4, round=4, sp=0, phase="mantenimiento", coins={0: 5},
             technologies={0: ["T01", "T07", "T09", "T04"]}, country={0: country},
             garbage={"S1": 2})
    assert me(g)["income"]["coins"] == 3 + 2                   # T04 linked to the staffed S1
    ev = play(g, (0, "usar-tecnologia T01"), (0, "recoger S1a"), (0, "situar L05b"))
    assert of(ev, "mover")[0].data["to"] == "L05b"
    ev = play(g, (0, "usar-tecnologia T07"))                   # empty sites: S1a, S1c, L05a
    ev += play(g, (0, "situar S1a"))
    assert of(ev, "nuevo_ciudadano")[0].data["site"] == "S1a"
    ev = play(g, (0, "usar-tecnologia T09"))                   # 1 token, S1 only: at once
    assert of(ev, "pago_tecnologia")[0].data["amount"] == 2
    assert [e.data["tokens"] for e in of(ev, "quitar")] == [1]
    (prod,) = [e.data for e in of(ev, "produccion") if e.data["player"] == 0]
    assert prod["coins"] == 2 + 1 + 1 + 2                       # S1b, L05b, S1a, T04
    assert me(g)["coins"] == 5 - 2 + prod["coins"]
    g = game(3, sp=0, tech_display=["T12", "T02", "T03", "T06"])
    play(g, (0, "retirarse"), (0, "comprar-tecnologia T12"))
    assert me(g)["pollution"] == 2
    g = game(3, sp=0, tech_display=["T12", "T02", "T03", "T06"])
    play(g, (0, "retirarse"), (0, "comprar-tecnologia T02"))
    assert me(g)["income"]["coins"] == 4


def test_xx_4_7_citizens_stay_where_placed():
    """XX-4.7, XX-G9.3: apart from technology effects, a citizen never leaves its site: over a
    random game, a site's citizen appears only by a new tile ("ciudadano") or a technology
    ("nuevo_ciudadano", "mover") and leaves only by a technology ("recoger")."""
    for seed in range(4):
        g = ludoteca.new_game("sigloxx", players=3 + seed % 3, seed=seed)
        rng = random.Random(seed)

        def staffed(g):
            return {(s, c["tile"], x) for s, p in enumerate(g.view(None)["players"])
                    for c in p["country"] if "tile" in c for x in c["citizens"]}

        before = staffed(g)
        while not g.is_over:
            s = g.to_move[0]
            ev = g.apply(rng.choice(g.legal_actions(s)), seat=s)
            after = staffed(g)
            came = {(e.data["player"], e.data["site"][:-1], e.data["site"][-1])
                    for e in ev if e.kind in ("ciudadano", "nuevo_ciudadano")}
            came |= {(e.data["player"], e.data["to"][:-1], e.data["to"][-1])
                     for e in ev if e.kind == "mover"}
            left = {(e.data["player"], e.data["site"][:-1], e.data["site"][-1])
                    for e in ev if e.kind == "recoger"}
            assert after - before <= came and before - after <= left
            before = after


# ----- G6: when technologies take effect -------------------------------------------------
def test_xx_g6_1_income_bonuses_count_from_the_purchase_round():
    """XX G6 — XX-G6.1: a permanent income bonus bought in the auction counts in the Production
    of that same round, and in round VI."""
    g = game(3, sp=0, tech_display=["T02", "T03", "T06", "T12"])
    ev = play(g, (0, "retirarse"), (0, "comprar-tecnologia T02"), (1, "retirarse"),
              (1, "no-comprar"), (2, "retirarse"), (2, "no-comprar"))
    ev += play(g, (2, "columna-E 0"), (0, "columna-C 0"), (1, "columna-A 0"))
    prod = {e.data["player"]: e.data["coins"] for e in of(ev, "produccion")}
    assert prod == {0: 4, 1: 3, 2: 3}
    g = game(3, round=6, sp=0, phase="produccion", technologies={0: ["T03"]})
    assert [e.data["science"] for e in of(g.opening_events, "produccion")] == [3, 2, 2]


def test_xx_g6_2_maintenance_abilities_once_per_phase_optional_t30_automatic():
    """XX G6 — XX-G6.2: T09 may be used once per Maintenance (optional: 'terminar' is always
    offered), again in the next round; T30 acts by itself in every Maintenance, purchase round
    and round VI included."""
    g = game(3, round=2, sp=0, phase="mantenimiento", technologies={0: ["T01", "T09"]},
             coins={0: 10}, country={0: [{"tile": "L05", "x": 1, "y": 0, "garbage": 2}]},
             garbage={"S1": 2})
    assert {"usar-tecnologia 8", "terminar"} <= set(legal(g))
    play(g, (0, "usar-tecnologia T09"), (0, "quitar L05"))
    assert "usar-tecnologia 8" not in legal(g) and me(g)["coins"] == 8
    assert me(g)["technologies"][1] == {"id": "T09", "used": False, "used_this_maintenance": True}
    # T30 bought in round V: its first effect is in that same Maintenance
    g = game(3, round=5, sp=0, catastrophe="K8", tech_display=["T30", "T26", "T27", "T28"])
    play(g, (0, "retirarse"), (0, "comprar-tecnologia T30"), (1, "retirarse"), (1, "no-comprar"),
         (2, "retirarse"), (2, "no-comprar"))
    # every later decision is forced (X7): Maintenance V, Production V, round VI, the end
    ev = play(g, (2, "columna-C 0"), (0, "columna-E 0"), (1, "columna-A 0"))
    assert g.is_over
    marks = [(e.kind, e.data.get("round"), e.data.get("player"), e.data.get("from"),
              e.data.get("to")) for e in ev if e.kind in ("agencia", "ronda")]
    assert marks == [("agencia", None, 0, 0, 1), ("ronda", 6, None, None, None),
                     ("agencia", None, 0, 1, 2)]


def test_xx_g6_3_one_time_technologies():
    """XX G6 — XX-G6.3: a one-time technology (T06) is used in one Maintenance of the owner's
    choice, then marked used but kept; T08, T12 and T20 resolve on purchase and are never
    'used'."""
    g = game(3, round=2, sp=0, phase="mantenimiento", technologies={0: ["T06", "T12"]},
             garbage={"S1": 2})
    assert "usar-tecnologia 5" in legal(g) and "usar-tecnologia 11" not in legal(g)
    play(g, (0, "terminar"))                                     # kept for later
    g = game(3, round=3, sp=0, phase="mantenimiento", technologies={0: ["T06", "T12"]},
             garbage={"S1": 2})
    ev = play(g, (0, "usar-tecnologia T06"))
    assert sum(e.data["tokens"] for e in of(ev, "quitar")) == 2
    techs = {t["id"]: t["used"] for t in me(g)["technologies"]}
    assert techs == {"T06": True, "T12": False}
    g = game(3, round=4, sp=0, phase="mantenimiento", technologies={0: ["T06", "T12"]},
             used=["T06"], garbage={"S1": 2})
    assert [t["id"] for t in me(g)["technologies"]] == ["T06", "T12"]
    assert not [a for a in legal(g, g.to_move[0]) if a.startswith("usar")]
    g = game(3, round=2, sp=0, tech_display=["T08", "T02", "T03", "T06"])
    ev = play(g, (0, "retirarse"), (0, "comprar-tecnologia T08"))
    assert of(ev, "puentes")[0].data["count"] == 2 and me(g)["bridges_held"] == 2


def test_xx_g6_4_institutions_placed_at_once_yield_only_when_connected():
    """XX G6 — XX-G6.4: an institution is placed in the Maintenance of its purchase round; it
    takes no citizen and no garbage; its yield counts only while its rail network holds a
    staffed site."""
    g = game(3, sp=0, tech_display=["T04", "T02", "T03", "T06"])
    play(g, (0, "retirarse"), (0, "comprar-tecnologia T04"), (1, "retirarse"), (1, "no-comprar"),
         (2, "retirarse"), (2, "no-comprar"))
    play(g, (2, "columna-E 0"), (0, "columna-C 0"), (1, "columna-A 0"))
    # seat 1 (column A) is start player: its Maintenance is automatic, and seat 2's too; seat
    # 0's step A has a single target (S1) and is settled at once; T04 is its only pending item
    assert g.view(None)["maintenance"]["player"] == 0
    assert g.view(None)["maintenance"]["selected"] == {"tech": "T04"}
    ev = play(g, (0, "colocar-0 0,-1"))
    assert not [e for e in ev if e.kind in ("ciudadano", "basura_tierra")]
    assert "garbage" not in tile_of(g, "T04") and "citizens" not in tile_of(g, "T04")
    (prod,) = [e.data for e in of(ev, "produccion") if e.data["player"] == 0]
    assert prod["coins"] == 3 + 2
    # not connected: no yield; connected to an unstaffed tile only: no yield either
    lone = [{"tile": "L01", "x": 1, "y": 0}, {"tech": "T04", "x": 1, "y": -1}]
    g = game(3, round=2, technologies={0: ["T04"]}, country={0: lone})
    nets = me(g)["networks"]
    assert [cell(1, -1), cell(1, 0)] in nets and me(g)["income"]["coins"] == 3
    g = game(3, round=2, technologies={0: ["T04"]}, country={0: lone}, citizens={"L01": "a"})
    assert me(g)["income"]["coins"] == 3 + 2 + 2


def test_xx_g6_5_technology_garbage_joins_step_a():
    """XX G6 — XX-G6.5: the garbage icons of a bought technology are set aside and placed in
    step A with the catastrophe garbage, on tiles owned when the round began."""
    g = game(3, sp=0, tech_display=["T10", "T02", "T03", "T06"],
             country={0: [{"tile": "L05", "x": 1, "y": 0}]})
    play(g, (0, "retirarse"), (0, "comprar-tecnologia T10"))
    assert me(g)["set_aside_garbage"] == 2
    play(g, (1, "retirarse"), (1, "no-comprar"), (2, "retirarse"), (2, "no-comprar"))
    play(g, (2, "columna-E 0"), (0, "columna-C 0"), (1, "columna-A 0"))
    assert me(g)["set_aside_garbage"] == 2 + C.catastrophes[C.cat_index[
        g.view(None)["catastrophe"]["id"]]].columns[2][0]
    assert g.view(None)["maintenance"]["step"] == "A"
    assert sorted(legal(g)) == ["basura 0", "basura 9"]


# ----- G8: placement geometry, rails, bridges --------------------------------------------
def test_xx_g8_1_one_tile_per_empty_cell_of_a_square_grid():
    """XX G8 — XX-G8.1: the country is a square grid; a tile (land or institution) fills one
    empty cell; occupied cells are never offered."""
    g = game(3, round=2, sp=0, phase="mantenimiento", technologies={0: ["T05"]},
             country={0: [{"tile": "L05", "x": 1, "y": 0}, {"tile": "L15", "x": 0, "y": 1}]})
    cells = {int(a.split()[1]) for a in legal(g)}
    assert cells.isdisjoint({cell(0, 0), cell(1, 0), cell(0, 1)})
    play(g, (0, "colocar-0 -1,0"))
    assert tile_of(g, "T05")["cell"] == cell(-1, 0)
    assert len({c["cell"] for c in me(g)["country"]}) == 4


def test_xx_g8_2_rotation_in_90_degree_steps_fixed_once_placed():
    """XX G8 — XX-G8.2: a tile may be turned 0/90/180/270° before placing; its position and
    rotation never change afterwards."""
    g = game(3, round=2, sp=0, phase="mantenimiento",
             pending={0: [{"tile": "L04", "citizen": True, "garbage": 1}]})
    rots = {placement(a)[0] for a in legal(g)}
    assert rots == {0, 90, 180, 270}
    assert {a for a in legal(g) if a.endswith(f" {cell(0, -1)}")} == \
        {f"colocar-90 {cell(0, -1)}", f"colocar-270 {cell(0, -1)}"}
    play(g, (0, "colocar-270 0,-1"))
    placed = (tile_of(g, "L04")["x"], tile_of(g, "L04")["y"], tile_of(g, "L04")["rotation"])
    assert placed == (0, -1, 270)
    rng = random.Random(3)
    while g.view(None)["round"] < 4:
        s = g.to_move[0]
        play(g, (s, rng.choice(legal(g, s))))
    t = tile_of(g, "L04")
    assert (t["x"], t["y"], t["rotation"]) == placed


def test_xx_g8_3_new_tile_shares_an_edge():
    """XX G8 — XX-G8.3: every placement offered touches the country along an edge, even in the
    last fallback (a corner-only cell is never offered)."""
    g = game(3, round=2, sp=0, phase="mantenimiento",
             pending={0: [{"tile": "L11", "citizen": True, "garbage": 1}]})
    cells = {int(a.split()[1]) for a in legal(g)}
    assert cells == {cell(0, -1), cell(1, 0), cell(0, 1), cell(-1, 0)}
    g = ring_game()                                              # G8.3-only fallback
    for a in legal(g):
        _, x, y, _ = placement(a)
        assert max(abs(x), abs(y)) == 2 and min(abs(x), abs(y)) <= 1


def test_xx_g8_4_every_shared_edge_matches_unless_bridged():
    """XX G8 — XX-G8.4: on every shared edge rail meets rail and no rail meets no rail; the
    exception is an edge that gets a bridge in this placement."""
    # cell (1,-1) touches L01 (N S, its E side bare) and L04 (E W, its N side bare)
    g = game(3, round=2, sp=0, phase="mantenimiento", bridges_held={0: 1},
             country={0: [{"tile": "L01", "x": 0, "y": -1}, {"tile": "L04", "x": 1, "y": 0}]},
             pending={0: [{"tile": "L07", "citizen": True, "garbage": 1}]})
    corner = cell(1, -1)
    plain = {a for a in legal(g) if a.endswith(f" {corner}") and "puente" not in a}
    # L07 (rails E S): at 0° its S rail meets L04's bare N side (1 mismatch); at 90° (S W) both
    # shared edges mismatch; at 180° (W N) its W rail meets L01's bare E side; at 270° (N E)
    # both shared edges are bare on both sides (no mismatch, no link)
    assert [shared(g, "L07", r, 1, -1)[2] for r in (0, 90, 180, 270)] == [1, 2, 1, 0]
    assert plain == set()
    bridged = {a for a in legal(g) if a.endswith(f" {corner}") and "puente" in a}
    assert bridged == {f"colocar-puente-{r} {corner}" for r in (0, 180, 270)}   # one bridge held
    play(g, (0, "colocar-puente-0 1,-1"))
    assert me(g)["bridges"] == [2 * corner + 1]              # the S edge of (1,-1)
    assert me(g)["bridges_held"] == 0


def test_xx_g8_5_one_shared_edge_at_least_is_linked():
    """XX G8 — XX-G8.5: a placement whose shared edges all match only as none–none is not
    offered as a plain placement (no link)."""
    g = game(3, round=2, sp=0, phase="mantenimiento",
             country={0: [{"tile": "L01", "x": 0, "y": -1}, {"tile": "L04", "x": 1, "y": 0}]},
             pending={0: [{"tile": "L02", "citizen": True, "garbage": 1}]})
    corner = cell(1, -1)
    # L02 at 0° (rails N, E) meets both bare sides with bare sides: matching, but not linked
    assert shared(g, "L02", 0, 1, -1) == (0, 2, 0)
    assert f"colocar-0 {corner}" not in legal(g)
    assert f"colocar-90 {corner}" not in legal(g)


RING = [{"tile": "L04", "x": 0, "y": -1}, {"tile": "L13", "x": 0, "y": 1},
        {"tile": "L01", "x": 1, "y": 0}, {"tile": "L06", "x": -1, "y": 0},
        {"tile": "L02", "x": 1, "y": -1, "rotation": 180}, {"tile": "L07", "x": -1, "y": -1},
        {"tile": "L09", "x": 1, "y": 1}, {"tile": "L12", "x": -1, "y": 1}]


def ring_game(held=0, ring=RING):
    """A 3 × 3 block whose outer sides carry no rail at all (so no new tile can link)."""
    return game(3, round=2, sp=0, phase="mantenimiento", country={0: ring},
                bridges_held={0: held},
                pending={0: [{"tile": "L11", "citizen": True, "garbage": 1}]})


def test_xx_g8_6_fallbacks_when_nothing_matches():
    """XX G8 — XX-G8.6: with no matching and linked placement, any placement with a linked edge
    is offered (G8.5 alone); with none of those either, any adjacent cell (G8.3 alone)."""
    # the start tile surrounded by four tangential straight tiles: a straight L11 can link only
    # on the diagonal cells, where it always meets a second rail with a bare side
    g = ring_game(ring=RING[:4])
    offers = legal(g)
    assert {placement(a)[1:3] for a in offers} == {(1, -1), (-1, -1), (1, 1), (-1, 1)}
    for a in offers:
        rot, x, y, _ = placement(a)
        rr, _, mism = shared(g, "L11", rot, x, y)
        assert rr == 1 and mism == 1
    ev = play(g, (0, offers[0]))
    assert of(ev, "colocar")[0].rule == "XX-G8.6"
    # the full 3 × 3 block: nothing links anywhere; 12 adjacent cells × 4 rotations
    g = ring_game()
    offers = legal(g)
    assert len(offers) == 48 and not any("puente" in a for a in offers)
    ev = play(g, (0, offers[0]))
    assert of(ev, "colocar")[0].rule == "XX-G8.6"


def test_xx_g8_7_rail_networks():
    """XX G8 — XX-G8.7: two adjacent tiles are directly linked when their shared edge is linked
    (rail on both sides, or a bridge); a network is a connected group; an unlinked tile is a
    network of its own."""
    g = game(3, round=2, country={0: [
        {"tile": "L05", "x": 1, "y": 0},                 # NESW: linked to S1
        {"tile": "L04", "x": 2, "y": 0},                 # E W: linked to L05
        {"tile": "L01", "x": 0, "y": 1},                 # N S: linked to S1
        {"tile": "L06", "x": 1, "y": 1}]})               # N S: linked to L05 (N), bare W
    assert me(g)["networks"] == [[cell(0, 0), cell(1, 0), cell(2, 0), cell(0, 1), cell(1, 1)]]
    g = game(3, round=2, country={0: [
        {"tile": "L04", "x": 0, "y": 1},                 # E W: its N side is bare
        {"tile": "L13", "x": 1, "y": 1}]})               # E W: linked to L04 only
    assert me(g)["networks"] == [[cell(0, 0)], [cell(0, 1), cell(1, 1)]]


def test_xx_g8_8_bridges():
    """XX G8 — XX-G8.8: a held bridge may be put in step C on any unlinked shared edge between
    two own tiles (mismatched or none–none); the edge then counts as linked, merging networks;
    bridges never move, and there are only 4 (supply + held + placed)."""
    g = game(3, round=3, sp=0, phase="mantenimiento", technologies={0: ["T08"]},
             bridges_held={0: 2}, garbage={"S1": 2},
             country={0: [{"tile": "L04", "x": 0, "y": 1},
                          {"tile": "L08", "x": 1, "y": 1, "citizens": "a"}]})
    assert me(g)["networks"] == [[cell(0, 0)], [cell(0, 1), cell(1, 1)]]
    bridges = sorted(a for a in legal(g) if a.startswith("puente"))
    # S1–L04 (mismatch: S1 rail, L04 bare) is the only unlinked shared edge
    assert bridges == [f"puente-s {cell(0, 0)}"]
    ev = play(g, (0, f"puente-s {cell(0, 0)}"))
    assert of(ev, "puente")[0].data["cells"] == [cell(0, 0), cell(0, 1)]
    assert me(g)["networks"] == [[cell(0, 0), cell(0, 1), cell(1, 1)]]
    # no unlinked edge is left, so step C ends by itself (X7) and Production follows: the staffed
    # R2 of L08 now reaches S1 through the bridge
    assert of(ev, "forzada")[0].data == {"player": 0, "action": "terminar"}
    assert {e.data["tile"] for e in of(ev, "reciclaje") if e.data["player"] == 0} == {"S1"}
    v = g.view(None)
    assert v["bridges_supply"] + sum(p["bridges_held"] + len(p["bridges"])
                                     for p in v["players"]) == 4
    assert v["round"] == 4 and me(g)["bridges"] == [2 * cell(0, 0) + 1]


def test_xx_g8_9_pending_tiles_in_the_owners_order():
    """XX G8 — XX-G8.9: the owner places pending tiles in any order; a placement is always
    offered (guaranteed by the fallback)."""
    g = game(3, round=2, sp=0, phase="mantenimiento", technologies={0: ["T05"]},
             pending={0: [{"tile": "L01", "citizen": True, "garbage": 1},
                          {"tile": "L04", "citizen": True, "garbage": 2}]})
    assert sorted(legal(g)) == ["elegir-institucion 4", "elegir-tierra 5", "elegir-tierra 8"]
    play(g, (0, "elegir-tierra L04"))
    assert g.view(None)["maintenance"]["selected"]["tile"] == "L04" and legal(g)
    g = ring_game()
    assert legal(g)                                              # even with nothing matching


# ----- G9: citizens -------------------------------------------------------------------------
def test_xx_g9_1_one_citizen_per_site_never_on_institutions():
    """XX G9 — XX-G9.1: a site holds at most one citizen and citizens stand only on land-tile
    sites: T07 offers only empty land sites, never an institution or a staffed site."""
    g = game(3, round=2, sp=0, phase="mantenimiento", technologies={0: ["T07", "T05"]},
             country={0: [{"tech": "T05", "x": 1, "y": 0}, {"tile": "L01", "x": 2, "y": 0,
                                                             "rotation": 90, "citizens": "a"}]})
    play(g, (0, "usar-tecnologia T07"))
    assert sorted(legal(g)) == ["situar 16", "situar 2"]         # L01b, S1c
    assert all("situar" in a for a in legal(g))


def test_xx_g9_2_new_tile_citizen_on_that_tile():
    """XX G9 — XX-G9.2: a placed pending tile's citizen must go on an empty site of that same
    tile; a one-site tile's citizen is put there at once (X7)."""
    g = game(3, round=2, sp=0, phase="mantenimiento",
             pending={0: [{"tile": "L08", "citizen": True, "garbage": 1}]})
    ev = play(g, (0, "colocar-0 1,0"))
    assert of(ev, "forzada")[0].data["action"] == "situar 36"    # L08a, its only site
    assert tile_of(g, "L08")["citizens"] == ["a"]


def test_xx_g9_3_citizens_move_only_by_technology():
    """XX G9 — XX-G9.3: T01 moves one citizen within its rail network, T29 anywhere in the
    country; T07/T19 add citizens; nothing removes a citizen."""
    country = [{"tile": "L05", "x": 1, "y": 0},                          # linked to S1
               {"tile": "L01", "x": -1, "y": 0}]                         # not linked (bare E)
    g = game(3, round=5, sp=0, phase="mantenimiento", technologies={0: ["T01", "T29"]},
             country={0: country}, used=[])
    assert {"usar-tecnologia 0", "usar-tecnologia 28"} <= set(legal(g))
    play(g, (0, "usar-tecnologia T01"), (0, "recoger S1a"))
    assert sorted(legal(g)) == ["situar 0", "situar 2", "situar 27", "situar 28"]  # S1 a c, L05
    play(g, (0, "situar L05a"))
    assert "usar-tecnologia 0" not in legal(g)
    play(g, (0, "usar-tecnologia T29"), (0, "recoger S1b"))
    assert "situar 15" in legal(g) and "situar 16" in legal(g)          # L01 a, b: anywhere
    play(g, (0, "situar L01a"))
    total = sum(len(c.get("citizens", [])) for c in me(g)["country"])
    assert total == 2 and me(g)["citizens_supply"] == 14
    g = game(3, round=3, sp=0, phase="mantenimiento", technologies={0: ["T19"]},
             country={0: country})
    ev = play(g, (0, "usar-tecnologia T19"), (0, "situar L01a"), (0, "situar L01b"))
    assert len(of(ev, "nuevo_ciudadano")) == 2 and me(g)["citizens_supply"] == 12


FULL = [{"tile": "L16", "x": 1, "y": 0, "citizens": "abc"},
        {"tile": "L32", "x": -1, "y": 0, "citizens": "abc"},
        {"tile": "L39", "x": 0, "y": 1, "citizens": "abc"},
        {"tile": "L05", "x": 0, "y": -1, "citizens": "ab"},
        {"tile": "L03", "x": 2, "y": 0, "citizens": "ab"}]


def test_xx_g9_4_sixteen_citizens_at_most():
    """XX G9 — XX-G9.4: a country holds at most 16 citizens; a tile won with the supply empty
    brings no citizen, and T07 cannot be used."""
    g = game(3, round=3, sp=0, coins={0: 20}, country={0: FULL}, citizens={"S1": "abc"},
             technologies={0: ["T07"]})
    assert me(g)["citizens_supply"] == 0
    tile = g.view(None)["land_display"][0]
    ev = play(g, (0, f"subastar {tile}"), (0, "pujar 3"), (1, "pasar"), (2, "pasar"))
    assert of(ev, "tierra")[0].data["citizen"] is False
    assert me(g)["pending_land"] == [{"tile": tile, "citizen": False, "garbage": 1}]
    g = game(3, round=3, sp=0, phase="mantenimiento", country={0: FULL},
             citizens={"S1": "abc"}, technologies={0: ["T07"]},
             pending={0: [{"tile": "L17", "citizen": False, "garbage": 1}]})
    ev = play(g, (0, legal(g)[0]))
    assert not of(ev, "ciudadano") and tile_of(g, "L17")["citizens"] == []
    # T07 cannot be used (no citizen left): step C has only 'terminar', applied at once (X7)
    assert {"player": 0, "action": "terminar"} in [e.data for e in of(ev, "forzada")]
    assert not of(ev, "usa")
    assert sum(len(c.get("citizens", [])) for c in me(g)["country"]) == 16


# ----- G10: garbage on tiles ------------------------------------------------------------------
def test_xx_g10_1_garbage_only_on_land_tiles():
    """XX G10 — XX-G10.1: garbage lies only on land tiles (the start tile included), never on
    institutions."""
    g = game(3, round=2, sp=0, phase="mantenimiento", set_aside={0: 2},
             technologies={0: ["T05"]}, country={0: [{"tech": "T05", "x": 1, "y": 0},
                                                     {"tile": "L05", "x": 2, "y": 0}]})
    assert sorted(legal(g)) == ["basura 0", "basura 9"]
    assert "garbage" not in tile_of(g, "T05")


def test_xx_g10_2_three_tokens_per_tile_at_most():
    """XX G10 — XX-G10.2: a land tile holds at most 3 garbage tokens; a full tile is no
    target."""
    g = game(3, round=2, sp=0, phase="mantenimiento", set_aside={0: 3},
             country={0: [{"tile": "L05", "x": 1, "y": 0, "garbage": 1}]}, garbage={"S1": 2})
    ev = play(g, (0, "basura S1"))
    assert tile_of(g, "S1")["garbage"] == 3
    assert of(ev, "forzada")[0].data["action"] == "basura 9"      # only L05 left
    assert tile_of(g, "L05")["garbage"] == 3
    with pytest.raises(ludoteca.InvalidOption):
        game(3, round=2, garbage={"S1": 4})


def test_xx_g10_3_step_a_places_set_aside_garbage_on_old_tiles():
    """XX G10 — XX-G10.3: in step A the owner places all set-aside garbage on tiles owned when
    the round began, choosing the tiles within capacity."""
    g = game(3, round=2, sp=0, phase="mantenimiento", set_aside={0: 3},
             country={0: [{"tile": "L05", "x": 1, "y": 0}]},
             pending={0: [{"tile": "L01", "citizen": True, "garbage": 1}]})
    play(g, (0, "basura L05"), (0, "basura L05"), (0, "basura L05"))
    assert tile_of(g, "L05")["garbage"] == 3 and tile_of(g, "S1")["garbage"] == 1
    assert me(g)["set_aside_garbage"] == 0


def test_xx_g10_4_overflow_becomes_pollution_clamped():
    """XX G10 — XX-G10.4: a token that fits nowhere goes back to the supply and moves pollution
    1 left; at −6 the marker stays put (XX-2.37)."""
    g = game(3, round=2, sp=0, phase="mantenimiento", set_aside={0: 4}, pollution={0: -4})
    ev = list(g.opening_events)
    assert of(ev, "desborde")[0].data == {"player": 0, "tokens": 2, "from": -4, "to": -6}
    assert tile_of(g, "S1")["garbage"] == 3 and me(g)["pollution"] == -6


def test_xx_g10_5_purchase_garbage_beyond_three_spreads_then_overflows():
    """XX G10 — XX-G10.5: a new tile keeps up to 3 of its k tokens; the owner puts the rest on
    other own land tiles (including ones placed earlier in this step); what still does not fit
    becomes pollution."""
    g = game(3, sp=0, phase="mantenimiento", garbage={"S1": 2},
             pending={0: [{"tile": "L05", "garbage": 1}, {"tile": "L15", "garbage": 5}]})
    play(g, (0, "elegir-tierra L05"), (0, "colocar-0 1,0"), (0, "situar L05a"),
         (0, "colocar-0 2,0"))
    assert tile_of(g, "L15")["garbage"] == 3 and g.view(None)["maintenance"]["extra_garbage"] == 2
    assert sorted(legal(g)) == ["basura 0", "basura 9"]            # S1, L05
    play(g, (0, "basura L05"), (0, "basura S1"))
    assert [tile_of(g, t)["garbage"] for t in ("S1", "L05", "L15")] == [3, 2, 3]
    g = game(3, sp=0, phase="mantenimiento", garbage={"S1": 3},
             pending={0: [{"tile": "L15", "garbage": 5}]})
    ev = list(g.opening_events) + play(g, (0, "colocar-0 1,0"))
    assert of(ev, "desborde")[0].data == {"player": 0, "tokens": 2, "from": 0, "to": -2}
    assert of(ev, "desborde")[0].rule == "XX-G10.5"


def test_xx_g10_6_garbage_never_moves_between_tiles():
    """XX G10 — XX-G10.6: over random games a tile's garbage rises only by placement events
    (basura, basura_tierra) and falls only by recycling or a technology (reciclaje, quitar)."""
    for seed in range(4):
        g = ludoteca.new_game("sigloxx", players=3 + seed % 3, seed=100 + seed)
        rng = random.Random(seed)

        def piles(g):
            return {c["tile"]: c["garbage"] for p in g.view(None)["players"]
                    for c in p["country"] if "tile" in c}

        before = piles(g)
        while not g.is_over:
            s = g.to_move[0]
            ev = g.apply(rng.choice(g.legal_actions(s)), seat=s)
            after = piles(g)
            up = {e.data["tile"] for e in ev if e.kind in ("basura", "basura_tierra")}
            down = {e.data["tile"] for e in ev if e.kind in ("reciclaje", "quitar")}
            for t, v in after.items():
                if v > before.get(t, 0):
                    assert t in up, (t, ev)
                elif v < before.get(t, 0):
                    assert t in down, (t, ev)
            before = after


# ----- rulings X3, X5, X8 ---------------------------------------------------------------------
def test_ruling_x3_removals_are_maximal():
    """Ruling X3 (XX G6, XX G11): T06 removes min(3, garbage) at once when every choice gives
    the same state; otherwise the owner picks the tiles, and always removes the full amount."""
    g = game(3, round=2, sp=0, phase="mantenimiento", technologies={0: ["T06"]},
             garbage={"S1": 2})
    ev = play(g, (0, "usar-tecnologia T06"))
    assert sum(e.data["tokens"] for e in of(ev, "quitar")) == 2 and me(g)["garbage"] == 0
    g = game(3, round=2, sp=0, phase="mantenimiento", technologies={0: ["T06"]},
             garbage={"S1": 3}, country={0: [{"tile": "L05", "x": 1, "y": 0, "garbage": 2}]})
    play(g, (0, "usar-tecnologia T06"))
    assert sorted(legal(g)) == ["quitar 0", "quitar 9"]            # no way to stop early
    play(g, (0, "quitar L05"))
    ev = play(g, (0, "quitar L05"))                             # the third token: S1 only, at once
    assert of(ev, "forzada")[0].data == {"player": 0, "action": "quitar 0"}
    assert me(g)["garbage"] == 5 - 3


def test_ruling_x5_bridge_edge_chosen_when_nothing_is_mismatched():
    """Ruling X5 (XX G8): a bridged placement with no mismatched edge and no link asks for the
    edge when it has several shared edges; with mismatched edges the bridges go there at once."""
    g = game(3, round=2, sp=0, phase="mantenimiento", bridges_held={0: 1},
             country={0: [{"tile": "L01", "x": 0, "y": -1}, {"tile": "L04", "x": 1, "y": 0}]},
             pending={0: [{"tile": "L02", "citizen": True, "garbage": 1}]})
    corner = cell(1, -1)
    assert f"colocar-puente-0 {corner}" in legal(g)
    play(g, (0, "colocar-puente-0 1,-1"))
    assert g.view(None)["step"] == "puente"
    assert sorted(legal(g)) == sorted([f"puente-e {cell(0, -1)}", f"puente-s {corner}"])
    play(g, (0, f"puente-e {cell(0, -1)}"))
    assert me(g)["bridges"] == [2 * cell(0, -1)]
    # two mismatches, two bridges: both edges are bridged by the placement itself
    g = game(3, round=2, sp=0, phase="mantenimiento", bridges_held={0: 2},
             country={0: [{"tile": "L01", "x": 0, "y": -1}, {"tile": "L04", "x": 1, "y": 0}]},
             pending={0: [{"tile": "L07", "citizen": True, "garbage": 1}]})
    ev = play(g, (0, f"colocar-puente-90 {corner}"))
    assert sorted(e.data["edge"] for e in of(ev, "puente")) == \
        sorted([2 * cell(0, -1), 2 * corner + 1])
    assert me(g)["bridges_held"] == 0
    # the G8.6 fallback applies only when no bridged placement exists either: around the bare
    # 3 × 3 block a held bridge makes every adjacent cell a bridged (linked) placement
    g = ring_game(held=1)
    offers = legal(g)
    assert len(offers) == 48 and all(a.startswith("colocar-puente-") for a in offers)
    ev = play(g, (0, offers[0]))                                 # one shared edge: bridged at once
    assert len(of(ev, "puente")) == 1
    assert len(me(g)["networks"]) == 2                           # the block + new tile; S1


def test_ruling_x8_networks_include_institutions():
    """Ruling X8 (XX G8, XX G11): an institution carries rail, so it joins networks: a recycling
    site reaches a tile through it, but only land tiles are cleaned or counted."""
    g = game(3, round=3, sp=0, phase="produccion", technologies={0: ["T05"]},
             country={0: [{"tech": "T05", "x": 1, "y": 0},
                          {"tile": "L08", "x": 2, "y": 0, "citizens": "a"}]},
             garbage={"S1": 2})
    assert me(g)["networks"] == [[cell(0, 0), cell(1, 0), cell(2, 0)]]
    rec = [e.data for e in of(g.opening_events, "reciclaje") if e.data["player"] == 0]
    assert rec == [{"player": 0, "tile": "S1", "tokens": 2}]
    assert me(g)["income"]["vp"] == 1                              # T05 connected (staffed)


# ----- G8 over random play: placements and networks recomputed from the rules ----------------
def expected_placements(g):
    """The placements XX-G8.3–G8.6 and ruling X5 allow for the selected tile, computed here from
    the tiles' rails (not from the engine's geometry)."""
    v = g.view(None)
    s = v["maintenance"]["player"]
    sel = v["maintenance"]["selected"]
    code = sel.get("tile") or sel.get("tech")
    held = v["players"][s]["bridges_held"]
    have = country_rails(g, s)
    plain, bridged, linked, anywhere = set(), set(), set(), set()
    frontier = {(x + dx, y + dy) for x, y in have for dx, dy in DIRS.values()} - set(have)
    for x, y in frontier:
        if not (-7 <= x <= 7 and -7 <= y <= 7):
            continue
        for rot in (0, 90, 180, 270):
            rr, _, mism = shared(g, code, rot, x, y, s)
            a = f"colocar-{rot} {cell(x, y)}"
            if rr and not mism:
                plain.add(a)
            elif held and (1 <= mism <= held or (not mism and not rr)):
                bridged.add(f"colocar-puente-{rot} {cell(x, y)}")
            if rr:
                linked.add(a)
            anywhere.add(a)
    if plain or bridged:
        return plain | bridged
    return linked or anywhere


def expected_networks(g, s):
    """Rail networks (XX-G8.7): cells joined by rail–rail edges or bridges."""
    p = me(g, s)
    have = country_rails(g, s)
    bridged = set()
    for e in p["bridges"]:
        c, south = divmod(e, 2)
        bridged.add(frozenset({c, c + 15 if south else c + 1}))
    cells = {cell(x, y): (x, y) for x, y in have}
    parent = {c: c for c in cells}

    def find(c):
        while parent[c] != c:
            c = parent[c]
        return c

    for c, (x, y) in cells.items():
        for d, (dx, dy) in DIRS.items():
            n = cell(x + dx, y + dy)
            if n in cells and (d in have[(x, y)] and (d + 2) % 4 in have[(x + dx, y + dy)]
                               or frozenset({c, n}) in bridged):
                parent[find(n)] = find(c)
    groups = {}
    for c in cells:
        groups.setdefault(find(c), []).append(c)
    return sorted(sorted(x) for x in groups.values())


def test_xx_g8_placements_and_networks_match_the_rules_over_random_play():
    """XX G8 — XX-G8.4, XX-G8.5, XX-G8.6, XX-G8.7, ruling X5: in whole random games (with
    bridges handed out), every offered placement set equals the one computed from the rails, and
    every seat's networks equal the rail/bridge components."""
    checked = 0
    for seed in range(8):
        g = ludoteca.new_game("sigloxx", players=3, seed=seed)
        g.arrange(round=2, technologies={0: ["T08"], 1: ["T12"]}, bridges_held={0: 2})
        rng = random.Random(seed)
        while not g.is_over:
            s = g.to_move[0]
            if g.view(None)["step"] == "colocar":
                assert set(legal(g, s)) == expected_placements(g)
                checked += 1
            for t in range(3):
                assert me(g, t)["networks"] == expected_networks(g, t)
            play(g, (s, rng.choice(legal(g, s))))
    assert checked >= 20
