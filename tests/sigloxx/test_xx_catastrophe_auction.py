"""«Siglo XX» rule tests: Phase 3, catastrophe prevention (XX-3.1–3.14), from
../shared/rules/sigloxx.md; the auction procedure itself is gap G1 (docs/rules/sigloxx.md), tested
rule by rule in test_xx_gaps_part1.py. Card values are those of XX-G2.3."""

from __future__ import annotations

import pytest
from xx_support import HOLD, C, cat, new, of, play

import ludoteca

COLUMNS = {3: ["A", "C", "E"], 4: ["A", "C", "D", "E"], 5: ["A", "B", "C", "D", "E"]}
# XX-G2.3: (garbage, pollution) per column A–E
K1 = {"A": (2, 1), "B": (3, 0), "C": (2, 0), "D": (1, 0), "E": (0, 0)}
K2 = {"A": (4, 0), "B": (3, 0), "C": (2, 0), "D": (1, 0), "E": (0, 0)}
K3 = {"A": (0, 2), "B": (1, 1), "C": (0, 1), "D": (1, 0), "E": (0, 0)}
def effects(events):
    return {e.data["player"]: (e.data["column"], e.data["garbage"], e.data["pollution"],
                               e.data["to"]) for e in of(events, "efecto")}


def test_xx_3_1_all_figures_out_of_the_land_auction():
    """XX-3.1: phase 3 starts when every player has withdrawn from the land auction."""
    g = new(3, sp=0, catastrophe="K1")
    play(g, (0, "retirarse"), (0, "no-comprar"), (1, "retirarse"), (1, "no-comprar"))
    assert g.view(None)["phase"] == "subasta"
    assert g.view(None)["auction"]["withdrawn"] == [0, 1]
    ev = play(g, (2, "retirarse"), (2, "no-comprar"))
    v = g.view(None)
    assert v["phase"] == "catastrofe" and v["catastrophe"]["bidding"] is True
    assert [e.data["card"] for e in of(ev, "prevencion")] == ["K1"]
    assert all(c["occupant"] is None for c in v["catastrophe"]["columns"])


@pytest.mark.parametrize("n", [3, 4, 5])
def test_xx_3_2_columns_in_play_by_player_count(n):
    """XX-3.2: as many columns as players: with 4 the "5" column is ignored, with 3 also the
    "4" column."""
    g = cat(n)
    cols = [c["column"] for c in g.view(None)["catastrophe"]["columns"]]
    assert cols == COLUMNS[n] and len(cols) == n
    for x in sorted(set("ABCDE") - set(cols)):
        with pytest.raises(ludoteca.IllegalAction, match="not in play"):
            g.apply(f"columna-{x} 0", seat=0)
    assert {a.name[-1] for a in g.legal_actions(0)} == set(cols)


def test_xx_3_3_each_icon_is_one_token_or_one_step_left():
    """XX-3.3: each garbage icon gives one token to the column's taker; each pollution icon
    moves their marker one space left, within the track."""
    g = cat(3, "K1", sp=0, hold=0, pollution={1: -6, 2: 3})
    ev = play(g, (0, "columna-E 0"), (1, "columna-C 0"), (2, "columna-A 0"))
    eff = effects(ev)
    assert eff[2] == ("A", 2, 1, 2)              # 2G + 1P: 3 → 2
    assert eff[1] == ("C", 2, 0, -6)
    assert eff[0] == ("E", 0, 0, 0)
    g = cat(3, "K1", sp=0, hold=0, pollution={2: -6})
    ev = play(g, (0, "columna-E 0"), (1, "columna-C 0"), (2, "columna-A 0"))
    assert effects(ev)[2][3] == -6                # clamped at −6 (XX-2.37)


def test_xx_3_4_garbage_pollution_or_both():
    """XX-3.4: a column may carry garbage, pollution or both (K3 with 5 players)."""
    g = cat(5, "K3", sp=0, hold=0)
    ev = play(g, (0, "columna-E 0"), (1, "columna-D 0"), (2, "columna-C 0"),
              (3, "columna-B 0"), (4, "columna-A 0"))
    eff = effects(ev)
    got = {col: (gb, p) for col, gb, p, _ in eff.values()}
    assert got == K3
    assert got["A"] == (0, 2) and got["D"] == (1, 0) and got["B"] == (1, 1)
    assert eff[4][3] == -2 and eff[3][3] == -1 and eff[1][3] == 0


def test_xx_3_5_first_column_full_strength_last_empty():
    """XX-3.5: on every card the first column is the full catastrophe and the last is empty;
    taking the last avoids it entirely."""
    for card in C.catastrophes:
        weights = [g + 2 * p for g, p in card.columns]
        assert card.columns[-1] == (0, 0)
        assert weights[0] == max(weights) and weights[0] > 0
    g = cat(4, "K2", sp=0, hold=0)
    ev = play(g, (0, "columna-E 0"), (1, "columna-D 0"), (2, "columna-C 0"), (3, "columna-A 0"))
    eff = effects(ev)
    assert eff[0] == ("E", 0, 0, 0)
    assert eff[3] == ("A", 4, 0, 0)


def test_xx_3_6_last_withdrawer_holds_the_start_space():
    """XX-3.6: at the start of phase 3 the start-player space holds the last player to withdraw
    from the land auction, who acts first."""
    g = new(4, sp=2, catastrophe="K1")
    for s in (2, 3, 0):
        play(g, (s, "retirarse"), (s, "no-comprar"))
    ev = play(g, (1, "retirarse"), (1, "no-comprar"))
    assert of(ev, "prevencion")[0].data["player"] == 1
    assert g.view(None)["sp"] == 1 and g.to_move == (1,)


# ----- Phase 3 [completed] --------------------------------------------------------------------
def test_xx_3_7_bids_are_paid_in_science():
    """XX-3.7: the displacement auction is paid in science; coins are untouched."""
    g = cat(3, "K1", sp=0, hold=2)
    ev = play(g, (0, "columna-E 3"), (1, "columna-E 4"), (2, "columna-C 1"), (0, "columna-C 2"),
              (2, "columna-A 0"))
    pay = {e.data["player"]: e.data["amount"] for e in of(ev, "pago_catastrofe")}
    assert pay == {0: 2, 1: 4, 2: 0}
    assert g.view(None)["phase"] == "mantenimiento" and g.to_move == (2,)     # no Production
    for s, p in pay.items():
        mine = g.view(s)["players"][s]
        assert (mine["coins"], mine["science"]) == (10, 10 - p)


def test_xx_3_8_bidding_starts_with_start_player_clockwise():
    """XX-3.8: the start player bids first, then the others in clockwise order."""
    g = cat(4, "K1", sp=2, hold=0)
    order = []
    for col in ("E", "D", "C"):
        s = g.to_move[0]
        order.append(s)
        play(g, (s, f"columna-{col} 0"))
    assert order == [2, 3, 0]


def test_xx_3_9_bidding_goes_on_until_everyone_is_settled():
    """XX-3.9: displacements keep the auction going until every player has a column."""
    g = cat(3, "K1", sp=0, hold=0)
    actions = [(0, "columna-E 1"), (1, "columna-E 2"), (2, "columna-E 3"), (0, "columna-E 4"),
               (1, "columna-C 0")]
    for seat, text in actions:
        assert g.view(None)["phase"] == "catastrofe"
        play(g, (seat, text))
    assert g.view(None)["phase"] == "catastrofe" and g.to_move == (2,)
    play(g, (2, "columna-C 1"))
    assert g.view(None)["phase"] == "catastrofe" and g.to_move == (1,)   # seat 1 displaced again
    ev = play(g, (1, "columna-A 0"))
    assert g.view(None)["phase"] == "mantenimiento"
    assert {p: c[0] for p, c in effects(ev).items()} == {0: "E", 1: "A", 2: "C"}


@pytest.mark.parametrize("n", [3, 4, 5])
def test_xx_3_10_one_player_per_column(n):
    """XX-3.10: at the end every player is in exactly one column in play and no two share."""
    import random
    rng = random.Random(n)
    for _ in range(10):
        g = cat(n, "K2", sp=rng.randrange(n), hold=0)
        ev = []
        while g.view(None)["phase"] == "catastrofe":
            s = g.to_move[0]
            ev += play(g, (s, rng.choice(g.legal_actions(s))))
        cols = [e.data["column"] for e in of(ev, "efecto")]
        assert sorted(cols) == COLUMNS[n]
        assert sorted(e.data["player"] for e in of(ev, "efecto")) == list(range(n))


def test_xx_3_11_worst_column_starts_the_next_round():
    """XX-3.11: the taker of the full-strength column is start player of the next round."""
    g = cat(3, "K1", sp=0)
    ev = play(g, (0, "columna-E 0"), (1, "columna-A 0"), (2, "columna-C 0"))
    assert effects(ev)[1][0] == "A"
    assert g.round == 2                        # nothing to decide until round II
    assert g.view(None)["sp"] == 1 and g.to_move == (1,)
    assert [e.data["player"] for e in ev if e.kind == "inicial" and e.rule == "XX-1.3"] == [1]


def test_xx_3_12_the_bid_track_shows_occupants_and_bids():
    """XX-3.12: the board's bid track: every seat sees who sits in which column and for how
    much."""
    g = cat(4, "K1", sp=0, hold=0)
    play(g, (0, "columna-E 3"), (1, "columna-D 1"))
    for seat in (None, 0, 1, 2, 3):
        cols = {c["column"]: (c["occupant"], c["bid"])
                for c in g.view(seat)["catastrophe"]["columns"]}
        assert cols == {"A": (None, None), "C": (None, None), "D": (1, 1), "E": (0, 3)}
    play(g, (2, "columna-E 4"))
    cols = {c["column"]: (c["occupant"], c["bid"]) for c in g.view(None)["catastrophe"]["columns"]}
    assert cols["E"] == (2, 4)
    assert g.view(None)["players"][0]["catastrophe_column"] is None


def test_xx_3_13_catastrophe_garbage_waits_for_maintenance():
    """XX-3.13: the column's garbage is set aside, then placed in Maintenance on tiles owned
    before this round (not on a tile won this round)."""
    g = cat(4, "K2", sp=1, pending={0: [HOLD]},
            country={0: [{"tile": "L01", "x": 0, "y": -1}]})
    ev = play(g, (1, "columna-E 0"), (2, "columna-D 0"), (3, "columna-C 0"), (0, "columna-A 0"))
    assert effects(ev)[0] == ("A", 4, 0, 0)
    me = g.view(0)["players"][0]
    assert me["set_aside_garbage"] == 4
    assert {c["tile"]: c["garbage"] for c in me["country"]} == {"S1": 1, "L01": 0}
    assert g.view(None)["step"] == "basura" and g.to_move == (0,)
    targets = {str(a) for a in g.legal_actions(0)}
    assert targets == {str(g.parse("basura S1")), str(g.parse("basura L01"))}     # not L05


def test_xx_3_14_harsh_columns():
    """XX-3.14: a bad column can bring four garbage (K2 A) or two pollution steps (K3 A)."""
    g = cat(3, "K2", sp=0, hold=0)
    ev = play(g, (0, "columna-E 0"), (1, "columna-C 0"), (2, "columna-A 0"))
    assert effects(ev)[2][:3] == ("A", 4, 0)
    g = cat(3, "K3", sp=0, hold=0, pollution={2: 1})
    ev = play(g, (0, "columna-E 0"), (1, "columna-C 0"), (2, "columna-A 0"))
    assert effects(ev)[2] == ("A", 0, 2, -1)
