"""«Siglo XX» Phase 5, Production and recycling: the completed rules XX-5.1–5.5 and the rulings
of gaps G11 (recycling), G12 (production, income, phase order) and G13 (pollution between
rounds), with ruling X3 (recycling removes as much as it can) and X4 (the start player after
Phase 3 opens Maintenance and Production)."""

from __future__ import annotations

from xx_support import C, cell, legal, me, of, play, tile_of
from xx_support import new3 as game

from ludoteca.games.sigloxx.content import SITE_RECYCLING


def new_events(g, before):
    """The opening events added by the latest arrangement."""
    return list(g.opening_events)[before:]


def produce(seat=0, n=3, rnd=3, **kw):
    """Arrange Production of round ``rnd`` and return (game, seat's produccion data, events)."""
    g = game(n, round=rnd, sp=0, phase="produccion", **kw)
    ev = list(g.opening_events)
    prods = [e.data for e in of(ev, "produccion", seat)]
    assert len(prods) <= 1
    return g, (prods[0] if prods else None), ev


# ----- XX-5.x [completed] ------------------------------------------------------------------
def test_xx_5_1_a_city_produces_only_with_a_citizen():
    """XX-5.1: a city yields nothing without a citizen; the same city staffed yields."""
    _, prod, _ = produce(country={0: [{"tile": "L04", "x": 1, "y": 0}]})
    assert prod["coins"] == 3                                   # S1 a + b only
    _, prod, _ = produce(country={0: [{"tile": "L04", "x": 1, "y": 0, "citizens": "a"}]})
    assert prod["coins"] == 3 + 3
    _, prod, _ = produce(citizens={"S1": "b"})                   # S1a emptied
    assert (prod["coins"], prod["science"]) == (2, 1)


def test_xx_5_2_income_is_paid_every_round():
    """XX-5.2: every Production each player gains the coins and science of their income and
    moves their score counter by their VP income."""
    g, prod, _ = produce(country={0: [{"tile": "L07", "x": 1, "y": 0, "citizens": "ab"}]},
                         coins={0: 1}, science={0: 4}, score={0: 10})
    assert prod == {"player": 0, "coins": 4, "science": 2, "vp": 2}
    assert (me(g)["coins"], me(g)["science"], me(g)["score"]) == (5, 6, 12)
    # and again in the next round's Production
    before = len(g.opening_events)
    g.arrange(phase="produccion")
    (prod,) = [e.data for e in of(new_events(g, before), "produccion", 0)]
    assert prod["vp"] == 2 and me(g)["score"] == 14


def test_xx_5_3_recycling_happens_in_production():
    """XX-5.3: recycling takes place in Production: after the Maintenance of every player and
    before the owner's income."""
    g = game(3, round=3, sp=0, phase="mantenimiento",
             country={0: [{"tile": "L08", "x": 1, "y": 0, "citizens": "a"}]}, garbage={"S1": 2},
             technologies={0: ["T13"]})
    assert g.view(None)["phase"] == "mantenimiento" and me(g)["garbage"] == 2
    ev = play(g, (0, "terminar"))
    kinds = [e.kind for e in ev if e.kind in ("fin_mantenimiento", "reciclaje", "produccion")]
    assert kinds == ["fin_mantenimiento"] * 3 + ["reciclaje", "produccion", "produccion",
                                                 "produccion"]
    assert me(g)["garbage"] == 0


def test_xx_5_4_recycling_needs_a_citizen_and_a_rail_link():
    """XX-5.4, XX-G11.1, XX-G11.2: a recycling site works only with a citizen on it, and only
    for tiles linked to it by rail."""
    unlinked = {"tile": "L01", "x": 0, "y": 1, "rotation": 90, "garbage": 2}   # E W: bare N
    _, _, ev = produce(country={0: [{"tile": "L08", "x": 1, "y": 0}, unlinked]},
                       garbage={"S1": 1})
    assert not of(ev, "reciclaje", 0)                           # L08's R2 unstaffed
    g, _, ev = produce(country={0: [{"tile": "L08", "x": 1, "y": 0, "citizens": "a"},
                                    unlinked]}, garbage={"S1": 1})
    assert [(e.data["tile"], e.data["tokens"]) for e in of(ev, "reciclaje", 0)] == [("S1", 1)]
    assert tile_of(g, "L01")["garbage"] == 2                    # no rail link to L08


def test_xx_5_5_recycling_grows_in_later_piles():
    """XX-5.5: recycling sites become more common in the later land piles (share of tiles with
    one, and total capacity per tile, rise from I–II to III–IV to V)."""
    share, capacity = [], []
    for pile in ("I-II", "III-IV", "V"):
        tiles = [t for t in C.land if t.pile == pile]
        rec = [s.capacity for t in tiles for s in t.sites if s.kind == SITE_RECYCLING]
        share.append(sum(1 for t in tiles if any(s.kind == SITE_RECYCLING for s in t.sites))
                     / len(tiles))
        capacity.append(sum(rec) / len(tiles))
    assert share[0] < share[1] < share[2]
    assert capacity[0] < capacity[1] < capacity[2]


# ----- G11: recycling ---------------------------------------------------------------------
def test_xx_g11_1_capacity_r_or_r_plus_1_with_t14():
    """XX G11 — XX-G11.1: a staffed Rr removes up to r tokens per Production, r + 1 with T14;
    an unstaffed site nothing."""
    country = [{"tile": "L08", "x": 1, "y": 0, "citizens": "a", "garbage": 3}]
    g, _, ev = produce(country={0: country}, garbage={"S1": 3})
    assert g.view(None)["step"] == "reciclar" and g.view(None)["production"]["capacity_left"] == 2
    play(g, (0, "reciclar S1"), (0, "reciclar L08"))
    assert me(g)["garbage"] == 4
    g, _, ev = produce(country={0: country}, garbage={"S1": 3}, technologies={0: ["T14"]})
    assert g.view(None)["production"]["capacity_left"] == 3
    g, _, ev = produce(country={0: country}, garbage={"S1": 3}, citizens={"S1": "abc"},
                       technologies={0: ["T14"]})
    assert g.view(None)["production"]["capacity_left"] == 3 + 2     # S1's R1 staffed too


def test_xx_g11_2_own_network_only_own_tile_always():
    """XX G11 — XX-G11.2: a recycling site cleans only land tiles of its own rail network; its own
    tile is always part of it."""
    # L11 (N S, 2C + R1) at (1,0) turned so its bare sides face S1: a network of its own
    g, _, ev = produce(country={0: [{"tile": "L11", "x": 1, "y": 0, "citizens": "b",
                                     "garbage": 1}]}, garbage={"S1": 2})
    assert me(g)["networks"] == [[cell(0, 0)], [cell(1, 0)]]
    assert [(e.data["tile"], e.data["tokens"]) for e in of(ev, "reciclaje", 0)] == [("L11", 1)]
    assert tile_of(g, "S1")["garbage"] == 2
    # two networks, two sites: each cleans only its own
    g, _, ev = produce(country={0: [{"tile": "L11", "x": 1, "y": 0, "citizens": "b",
                                     "garbage": 2}]}, garbage={"S1": 2}, citizens={"S1": "abc"})
    assert sorted((e.data["tile"], e.data["tokens"]) for e in of(ev, "reciclaje", 0)) == \
        [("L11", 1), ("S1", 1)]


def test_xx_g11_3_owner_chooses_unused_capacity_is_lost():
    """XX G11 — XX-G11.3: when the garbage in reach exceeds the capacity the owner chooses which
    tiles to clean; capacity not used is lost and does not carry over to the next Production."""
    country = [{"tile": "L08", "x": 1, "y": 0, "citizens": "a", "garbage": 2}]
    g, _, _ = produce(country={0: country}, garbage={"S1": 2})
    assert sorted(legal(g)) == ["reciclar 0", "reciclar 12"]
    ev = play(g, (0, "reciclar L08"), (0, "reciclar L08"))
    assert tile_of(g, "L08")["garbage"] == 0 and tile_of(g, "S1")["garbage"] == 2
    assert of(ev, "produccion", 0)
    g, _, ev = produce(country={0: [{"tile": "L08", "x": 1, "y": 0, "citizens": "a"}]},
                       garbage={"S1": 1})                       # uses 1 of 2
    assert sum(e.data["tokens"] for e in of(ev, "reciclaje", 0)) == 1
    before = len(g.opening_events)
    g.arrange(garbage={"S1": 3}, phase="produccion")            # round IV: capacity 2 again
    assert sum(e.data["tokens"] for e in of(new_events(g, before), "reciclaje", 0)) == 2
    assert tile_of(g, "S1")["garbage"] == 1


# ----- G12: production and income -----------------------------------------------------------
def test_xx_g12_1_income_formula():
    """XX G12 — XX-G12.1: income = staffed cities + permanent technology bonuses + connected
    institutions (coins, science and VP alike)."""
    country = [{"tile": "L07", "x": 1, "y": 0, "rotation": 180, "citizens": "a"},   # 2V
               {"tech": "T11", "x": 0, "y": -1}]                                   # N S: linked
    g, prod, _ = produce(rnd=4, technologies={0: ["T02", "T17", "T11"]}, country={0: country})
    # cities 3C 2S + L07a 2V; T02 +1C; T17 +1V; T11 +2S (linked to staffed S1)
    assert prod == {"player": 0, "coins": 4, "science": 4, "vp": 3}
    assert me(g)["income"] == {"coins": 4, "science": 4, "vp": 3}


def test_xx_g12_2_income_is_derived_never_stored():
    """XX G12 — XX-G12.2: the income tracks always equal the formula: moving a citizen changes
    the shown income at once, with no separate track to update."""
    g = game(3, round=3, sp=0, phase="mantenimiento", technologies={0: ["T13"]},
             country={0: [{"tile": "L23", "x": 1, "y": 0, "rotation": 0}]})   # 4C, E W
    assert me(g)["income"]["coins"] == 3
    play(g, (0, "usar-tecnologia T13"), (0, "recoger S1a"), (0, "situar L23a"))
    assert me(g)["income"] == {"coins": 2 + 4, "science": 1, "vp": 0}
    for p in g.view(None)["players"]:
        assert set(p["income"]) == {"coins", "science", "vp"}


def test_xx_g12_3_recycling_then_income_per_player():
    """XX G12 — XX-G12.3: a player's Production is (1) recycling, (2) coins and science by income
    and the score counter by VP income."""
    country = [{"tile": "L34", "x": 1, "y": 0, "citizens": "ab", "garbage": 2}]     # 3V, R2
    g, prod, ev = produce(country={0: country}, score={0: 1}, garbage={"S1": 0})
    mine = [e.kind for e in ev if e.data.get("player") == 0 and
            e.kind in ("reciclaje", "produccion")]
    assert mine == ["reciclaje", "produccion"]
    assert prod["vp"] == 3 and me(g)["score"] == 4 and tile_of(g, "L34")["garbage"] == 0


def test_xx_g12_4_garbage_never_reduces_production():
    """XX G12 — XX-G12.4: a tile full of garbage produces as much as a clean one."""
    _, clean, _ = produce(country={0: [{"tile": "L17", "x": 0, "y": 1, "citizens": "ab"}]})
    _, dirty, _ = produce(country={0: [{"tile": "L17", "x": 0, "y": 1, "citizens": "ab",
                                        "garbage": 3}]}, garbage={"S1": 3})
    assert clean == dirty == {"player": 0, "coins": 6, "science": 4, "vp": 0}


def test_xx_g12_5_players_act_clockwise_from_the_start_player():
    """XX G12 — XX-G12.5, ruling X4: Maintenance and Production go player by player, clockwise
    from the start player, who after Phase 3 is the occupant of the worst column."""
    g = game(4, sp=1, catastrophe="K3", phase="catastrofe")
    ev = play(g, (1, "columna-E 0"), (2, "columna-D 0"), (3, "columna-A 0"), (0, "columna-C 0"))
    assert g.view(None)["sp"] == 3
    assert [e.data["player"] for e in of(ev, "mantenimiento")] == [3, 0, 1, 2]
    assert [e.data["player"] for e in of(ev, "produccion")] == [3, 0, 1, 2]


def test_xx_g12_6_maintenance_steps_a_b_c():
    """XX G12 — XX-G12.6: per player, A the set-aside garbage, B the pending tiles with their
    citizens and garbage and the institutions, C technologies and bridges."""
    g = game(3, round=2, sp=0, phase="mantenimiento", set_aside={0: 1},
             technologies={0: ["T05"]}, country={0: [{"tile": "L01", "x": 1, "y": 0}]},
             pending={0: [{"tile": "L15", "citizen": True, "garbage": 1}]},
             bridges_held={0: 1})
    steps = [g.view(None)["maintenance"]["step"]]
    play(g, (0, "basura S1"))
    steps.append(g.view(None)["maintenance"]["step"])
    play(g, (0, "elegir-institucion T05"), (0, "colocar-0 -1,0"))
    play(g, (0, "colocar-0 0,1"))                               # L15's one site: at once
    steps.append(g.view(None)["maintenance"]["step"])
    assert steps == ["A", "B", "C"]
    assert [a for a in legal(g) if a.startswith("puente")] == [f"puente-e {cell(0, 0)}"]
    assert "terminar" in legal(g)


# ----- G13: pollution between rounds --------------------------------------------------------
def test_xx_g13_1_pollution_has_no_effect_during_play():
    """XX G13 — XX-G13.1: the pollution level changes nothing during play: the same country
    produces the same at −6, 0 and +6 (it counts only in the final scoring and on IV-B)."""
    country = [{"tile": "L07", "x": 1, "y": 0, "citizens": "ab"}]
    prods = [produce(country={0: country}, pollution={0: p})[1] for p in (-6, 0, 6)]
    assert prods[0] == prods[1] == prods[2]
    g = game(3, round=2, sp=0, pollution={0: -6})
    assert legal(g, 0) == legal(game(3, round=2, sp=0), 0)


# ----- ruling X3 ---------------------------------------------------------------------------
def test_ruling_x3_recycling_is_automatic_when_everything_fits():
    """Ruling X3 (XX G11): when all the garbage in reach fits the capacity it is removed at once,
    with no decision; otherwise the owner picks tiles until the capacity is used up."""
    g, _, ev = produce(country={0: [{"tile": "L27", "x": 1, "y": 0, "citizens": "a",
                                     "garbage": 1}]}, garbage={"S1": 2})
    assert sorted((e.data["tile"], e.data["tokens"]) for e in of(ev, "reciclaje", 0)) == \
        [("L27", 1), ("S1", 2)]
    assert not of(ev, "forzada") and g.view(None)["phase"] == "subasta"
