"""«Siglo XX»: bonus scoring, round VI and the end of the game — the completed rules XX-6.1,
XX-6.2, XX-F.1–F.6 and the rulings of gaps G14 (scoring cards), G15 (final scoring), G16
(tie-breaks) and G17 (round VI). Positions are arranged at the start of a Production so that
the numbers can be computed by hand."""

from __future__ import annotations

import random

from xx_support import C, legal, me, of, play
from xx_support import new3 as game

import ludoteca
from ludoteca.games.sigloxx.scoring import majority


def card_game(rnd, card, n=3, **kw):
    """Production of round II or IV with the given scoring card drawn; returns the game and
    {seat: card VP} of the bonus phase."""
    key = "scoring_card_ii" if card.startswith("II-") else "scoring_card_iv"
    g = game(n, options={key: card}, round=rnd, sp=0, phase="produccion", **kw)
    bonus = {e.data["player"]: e.data["vp"] for e in of(g.opening_events, "bonificacion")}
    assert all(e.data["card"] == card for e in of(g.opening_events, "bonificacion"))
    return g, bonus


def final(n=3, **kw):
    """Production of round VI (the game then ends); returns the game and its final parts."""
    g = game(n, round=6, sp=0, phase="produccion", **kw)
    assert g.is_over
    return g, g.result.details["final_scoring"]


NO_CITIZENS = {"S2": "", "S3": ""}       # seats 1 and 2 produce nothing


# ----- XX-6.x, XX-F.x [completed] --------------------------------------------------------
def test_xx_6_1_scoring_cards_after_production_in_rounds_two_and_four():
    """XX-6.1: in rounds II and IV the card drawn for that round is scored, after Production;
    the card varies from game to game, the final scoring does not."""
    drawn = {(ludoteca.new_game("sigloxx", players=3, seed=s).view(None)["scoring_cards"]["II"],
              ludoteca.new_game("sigloxx", players=3, seed=s).view(None)["scoring_cards"]["IV"])
             for s in range(30)}
    assert {a for a, _ in drawn} == {"II-A", "II-B", "II-C"}
    assert {b for _, b in drawn} == {"IV-A", "IV-B", "IV-C"}
    g = ludoteca.new_game("sigloxx", players=3, seed=4)
    rng = random.Random(4)
    events = list(g.opening_events)
    while not g.is_over:
        s = g.to_move[0]
        events += g.apply(rng.choice(g.legal_actions(s)), seat=s)
    rounds, seq = 0, []
    for e in events:
        if e.kind == "ronda":
            rounds = e.data["round"]
        elif e.kind in ("produccion", "bonificacion", "puntuacion_final"):
            seq.append((rounds, e.kind))
    assert [r for r, k in seq if k == "bonificacion"] == [2, 2, 2, 4, 4, 4]
    for r in (2, 4):
        kinds = [k for rr, k in seq if rr == r]
        assert kinds == ["produccion"] * 3 + ["bonificacion"] * 3
    assert list(C.final_order) == ["coins", "science", "environment", "clean_tiles", "garbage"]


def test_xx_6_2_round_six_brings_no_land_and_no_catastrophe():
    """XX-6.2: round VI deals no land tiles and reveals no catastrophe; round V's leftovers are
    discarded."""
    g = game(3, round=5, sp=0)
    leftover = g.view(None)["land_display"]
    ev = []
    rng = random.Random(1)
    while g.view(None)["round"] < 6:
        s = g.to_move[0]
        ev += play(g, (s, rng.choice(legal(g, s))))
    last = max(i for i, e in enumerate(ev) if e.kind == "ronda")
    six = ev[last:]
    assert not of(six, "reparto") and not of(six, "catastrofe")
    v = g.view(None)
    assert v["land_display"] == [] and v["catastrophe"] is None and v["round"] == 6
    (desc,) = of(six, "descarte")
    assert set(desc.data["land"]) <= set(leftover) and desc.rule == "XX-G17.1"


def test_xx_f_1_final_scoring_follows_round_six_production():
    """XX-F.1, XX-G17.3: after Production of round VI comes the final scoring, then the end."""
    g = game(3, round=6, sp=0, phase="produccion")
    ev = list(g.opening_events)
    start = max(i for i, e in enumerate(ev) if e.kind == "ronda")
    kinds = [e.kind for e in ev[start:] if e.kind in ("produccion", "puntuacion_final", "fin",
                                                       "bonificacion")]
    assert kinds == ["produccion"] * 3 + ["puntuacion_final"] * 15 + ["fin"]
    assert g.is_over and g.result.reason == "fin"


def test_xx_f_2_more_money_and_science_than_others_is_rewarded():
    """XX-F.2, XX-G15.1, XX-G15.2: the most coins held score 6 VP and the second most 3 VP; the
    same for science held; 0 held takes no place."""
    g, parts = final(coins={0: 17, 1: 7, 2: 1}, science={0: 0, 1: 8, 2: 3})
    # after Production: coins 20 / 10 / 4, science 2 / 10 / 5
    assert [(p["coins"], p["science"]) for p in parts] == [(6, 0), (3, 6), (0, 3)]
    g, parts = final(coins={0: 1, 1: 0, 2: 0}, science={0: 0, 1: 0, 2: 0}, citizens=NO_CITIZENS)
    assert [(p["coins"], p["science"]) for p in parts] == [(6, 6), (0, 0), (0, 0)]
    assert g.result.details["held"][1] == {"coins": 0, "science": 0}


def test_xx_f_3_cleanliness_is_rewarded():
    """XX-F.3, XX-G15.3: a cleaner environment scores more: +p for p > 0."""
    scores = [final(pollution={0: p})[1][0]["environment"] for p in range(0, 7)]
    assert scores == [0, 1, 2, 3, 4, 5, 6]


def test_xx_f_4_clean_tiles_score_2_3_or_4_by_pollution():
    """XX-F.4, XX-G15.4: every garbage-free land tile scores 2 VP if p ≤ −3, 3 VP if
    −2 ≤ p ≤ 2, 4 VP if p ≥ 3 (institutions never count)."""
    country = [{"tile": "L05", "x": 1, "y": 0}, {"tile": "L15", "x": -1, "y": 0}]
    per = {}
    for p in range(-6, 7):
        _, parts = final(country={0: country}, pollution={0: p}, garbage={"S1": 0})
        per[p] = parts[0]["clean_tiles"] / 3
    assert per == {p: (2 if p <= -3 else 3 if p <= 2 else 4) for p in range(-6, 7)}


def test_xx_f_5_garbage_and_pollution_penalised_heavily():
    """XX-F.5, XX-G15.3, XX-G15.5: −1 VP per garbage token on land tiles, and 2·p VP for p < 0
    (twice what the same clean step earns)."""
    _, parts = final(pollution={0: -6, 1: -1}, garbage={"S1": 3, "S2": 2})
    assert [(p["environment"], p["garbage"]) for p in parts] == [(-12, -3), (-2, -2), (0, -1)]


def test_xx_f_6_most_vp_wins():
    """XX-F.6: the player with the most VP after the final scoring wins."""
    g, parts = final(score={0: 5, 1: 30, 2: 12})
    assert g.result.winners == (1,) and g.result.ranking[0] == 1
    assert list(g.result.scores) == [s + p["total"] for s, p in zip([5, 30, 12], parts,
                                                                   strict=True)]
    assert of(list(g.opening_events), "fin")[0].data["winners"] == [1]


# ----- G14: scoring cards -------------------------------------------------------------------
def test_xx_g14_1_card_uses_the_state_after_production_or_nothing_in_the_variant():
    """XX G14 — XX-G14.1: the card is scored in phase 6, after Production, on the state at that
    moment (here II-C counts S1 as clean because its staffed R1 recycled its token); with the
    variant XX-S.4 nothing is scored."""
    g, bonus = card_game(2, "II-C", citizens={"S1": "abc"})
    assert bonus == {0: 2, 1: 0, 2: 0}
    ev = list(g.opening_events)
    assert max(i for i, e in enumerate(ev) if e.kind == "reciclaje") < \
        min(i for i, e in enumerate(ev) if e.kind == "bonificacion")
    g = game(3, options={"scoring_cards": False}, round=2, sp=0, phase="produccion")
    assert not of(g.opening_events, "bonificacion")
    assert of(g.opening_events, "sin_tarjeta")[0].data == {"round": 2}
    assert all(p["score"] == 0 for p in g.view(None)["players"])


def test_xx_g14_2_commerce():
    """XX G14 — XX-G14.2: II-A: 1 VP per point of coin income."""
    _, bonus = card_game(2, "II-A", technologies={0: ["T02"]}, citizens={"S2": "a"})
    assert bonus == {0: 4, 1: 1, 2: 3}


def test_xx_g14_3_research():
    """XX G14 — XX-G14.3: II-B: 3 VP per 2 points of science income, rounded down."""
    _, bonus = card_game(2, "II-B", technologies={0: ["T03"]}, citizens={"S2": "a"})
    assert bonus == {0: 4, 1: 1, 2: 3}                          # ⌊9/2⌋, ⌊3/2⌋, ⌊6/2⌋


def test_xx_g14_4_clean_land():
    """XX G14 — XX-G14.4: II-C: 2 VP per land tile with no garbage."""
    _, bonus = card_game(2, "II-C", country={0: [{"tile": "L05", "x": 1, "y": 0},
                                                 {"tile": "L15", "x": -1, "y": 0, "garbage": 1}]},
                         garbage={"S2": 0})
    assert bonus == {0: 2, 1: 2, 2: 0}


def test_xx_g14_5_railways():
    """XX G14 — XX-G14.5: IV-A: 1 VP per land tile of the largest rail network; institutions
    link but do not count."""
    country = [{"tech": "T05", "x": 1, "y": 0}, {"tile": "L05", "x": 2, "y": 0},
               {"tile": "L01", "x": 0, "y": 1, "rotation": 90},          # bare N: alone
               {"tile": "L13", "x": 1, "y": 1}]                          # E W: with L01
    g, bonus = card_game(4, "IV-A", technologies={0: ["T05"]}, country={0: country})
    assert sorted(len(n) for n in me(g)["networks"]) == [2, 3]
    assert bonus == {0: 2, 1: 1, 2: 1}


def test_xx_g14_6_green_nation():
    """XX G14 — XX-G14.6: IV-B: 2 VP per step right of 0, nothing at 0 or left of it."""
    _, bonus = card_game(4, "IV-B", pollution={0: 3, 1: 0, 2: -2})
    assert bonus == {0: 6, 1: 0, 2: 0}


def test_xx_g14_7_innovation():
    """XX G14 — XX-G14.7: IV-C: 2 VP per technology owned, used one-time tiles included."""
    _, bonus = card_game(4, "IV-C", technologies={0: ["T06", "T02", "T13"], 1: ["T12"]},
                         used=["T06"])
    assert bonus == {0: 6, 1: 2, 2: 0}


# ----- G15: final scoring values --------------------------------------------------------------
def test_xx_g15_1_coin_majority():
    """XX G15 — XX-G15.1: most coins held 6 VP, second 3 VP; holding 0 scores nothing."""
    _, parts = final(coins={0: 1, 1: 5, 2: 0}, citizens={"S3": ""})
    assert [p["coins"] for p in parts] == [3, 6, 0]             # 4, 8, 0 after Production
    _, parts = final(coins={0: 0, 1: 0, 2: 9}, citizens=NO_CITIZENS)
    assert [p["coins"] for p in parts] == [3, 0, 6]


def test_xx_g15_2_science_majority():
    """XX G15 — XX-G15.2: most science held 6 VP, second 3 VP."""
    _, parts = final(science={0: 9, 1: 3, 2: 5})
    assert [p["science"] for p in parts] == [6, 0, 3]


def test_xx_g15_3_environment():
    """XX G15 — XX-G15.3: +p VP for p > 0, 2·p VP for p < 0, so −12 … +6."""
    got = {p: final(pollution={0: p})[1][0]["environment"] for p in (-6, -3, -1, 0, 1, 6)}
    assert got == {-6: -12, -3: -6, -1: -2, 0: 0, 1: 1, 6: 6}


def test_xx_g15_4_clean_tiles_institutions_never_count():
    """XX G15 — XX-G15.4: clean land tiles at 2/3/4 VP by p; an institution is never a clean
    tile."""
    country = [{"tile": "L05", "x": 1, "y": 0}, {"tech": "T05", "x": -1, "y": 0}]
    _, parts = final(technologies={0: ["T05"]}, country={0: country}, garbage={"S1": 0},
                     pollution={0: 3})
    assert parts[0]["clean_tiles"] == 2 * 4
    _, parts = final(country={0: country[:1]}, garbage={"S1": 0}, pollution={0: -3})
    assert parts[0]["clean_tiles"] == 2 * 2


def test_xx_g15_5_garbage_penalty():
    """XX G15 — XX-G15.5: −1 VP per garbage token on the player's land tiles."""
    country = [{"tile": "L05", "x": 1, "y": 0, "garbage": 3},
               {"tile": "L15", "x": -1, "y": 0, "garbage": 2}]
    _, parts = final(country={0: country})
    assert parts[0]["garbage"] == -6 and parts[1]["garbage"] == -1


def test_xx_g15_6_majority_ties_share_rounded_down():
    """XX G15 — XX-G15.6: tied players share the awards of the places they cover, rounded down,
    and use those places up."""
    _, parts = final(coins={0: 7, 1: 7, 2: 1})                  # 10, 10, 4
    assert [p["coins"] for p in parts] == [4, 4, 0]
    _, parts = final(coins={0: 5, 1: 5, 2: 5})
    assert [p["coins"] for p in parts] == [3, 3, 3]
    _, parts = final(science={0: 9, 1: 1, 2: 1})                # 11, 3, 3
    assert [p["science"] for p in parts] == [6, 1, 1]
    _, parts = final(n=4, coins={0: 9, 1: 9, 2: 1, 3: 0})       # 12, 12, 4, 3
    assert [p["coins"] for p in parts] == [4, 4, 0, 0]
    assert majority([6, 6, 2, 2], (6, 3)) == [4, 4, 0, 0]


def test_xx_g15_7_scores_may_go_below_zero():
    """XX G15 — XX-G15.7: a final score can be negative."""
    country = [{"tile": "L05", "x": 1, "y": 0, "garbage": 3}]
    g, parts = final(country={0: country}, garbage={"S1": 3}, pollution={0: -6},
                     citizens={"S1": ""}, coins={0: 0}, science={0: 0})
    assert parts[0]["total"] == -12 - 6
    assert g.result.scores[0] == -18 and g.result.ranking[-1] == 0


# ----- G16: tie-breaks ------------------------------------------------------------------------
def test_xx_g16_1_tie_breaks():
    """XX G16 — XX-G16.1: equal VP → fewer garbage tokens wins; then higher final pollution;
    then more coins + science held; then a shared victory."""
    # everyone ends with 3 coins and 2 science (tied majorities: 3 VP each part)
    # seat 0: S1 with 1 token (−1), not clean; seat 1: S2 clean (+3): equal at 9 with score 4 / 0
    g, parts = final(garbage={"S2": 0}, score={0: 4, 1: 0, 2: 0})
    assert [p["total"] for p in parts] == [5, 9, 5]
    assert g.result.scores[:2] == (9, 9) and g.result.winners == (1,)
    # equal garbage: the higher pollution wins (p = 2: +2; p = 1: +1 and 1 VP more before)
    g, _ = final(pollution={0: 2, 1: 1}, score={0: 0, 1: 1})
    assert g.result.scores == (7, 7, 5) and g.result.winners == (0,)
    # equal garbage and pollution: more coins + science held wins
    # (coins 8 / 3 / 23 after Production: 3 / 0 / 6 VP; seat 1 had 3 VP before)
    g, parts = final(coins={0: 5, 1: 0, 2: 20}, score={0: 0, 1: 3})
    assert [p["coins"] for p in parts] == [3, 0, 6]
    assert g.result.scores == (5, 5, 8) and g.result.winners == (2,)
    assert g.result.ranking == (2, 0, 1) and g.result.details["places"] == [2, 3, 1]
    # all equal: the victory is shared
    g, _ = final()
    assert g.result.winners == (0, 1, 2) and g.result.details["places"] == [1, 1, 1]


# ----- G17: round VI ------------------------------------------------------------------------
def round_six_events(g):
    ev = list(g.opening_events)
    start = max(i for i, e in enumerate(ev) if e.kind == "ronda")
    return ev[start:]


def test_xx_g17_1_round_six_has_no_phase_1_auction_or_catastrophe():
    """XX G17 — XX-G17.1: round VI has no deal, no catastrophe, no price change, no land auction,
    no technology purchase, no consolation and no catastrophe auction."""
    g = game(3, round=6)
    six = round_six_events(g)
    banned = {"reparto", "catastrofe", "coste", "subasta", "retirada", "tecnologia",
              "consuelo", "prevencion", "columna", "efecto"}
    assert not [e for e in six if e.kind in banned]
    v = g.view(None)
    assert (v["price"], v["min_bid"], v["marker"], v["catastrophe"]) == (None, None, None, None)
    assert g.is_over                                           # nothing to decide in VI here


def test_xx_g17_2_round_six_maintenance_is_step_c_only():
    """XX G17 — XX-G17.2: in round VI Maintenance starts at step C: permanent abilities, T30,
    unused one-time technologies and held bridges may still be used."""
    country = [{"tile": "L01", "x": 1, "y": 0, "garbage": 2}]          # bare W: a free edge
    g = game(3, round=6, sp=0, technologies={0: ["T06", "T09", "T30", "T13"]}, coins={0: 4},
             bridges_held={0: 1}, country={0: country})
    assert g.view(None)["maintenance"]["step"] == "C" and g.to_move == (0,)
    assert of(round_six_events(g), "agencia")[0].data["to"] == 1
    options = set(legal(g))
    assert {"usar-tecnologia 5", "usar-tecnologia 8", f"puente-e {112}", "terminar"} <= options
    play(g, (0, "puente-e 112"), (0, "usar-tecnologia T06"))
    assert me(g)["garbage"] == 0 and me(g)["bridges_held"] == 0


def test_xx_g17_3_round_six_production_then_final_no_card():
    """XX G17 — XX-G17.3: round VI has a normal Production (recycling, coins, science, VP) and
    then the final scoring; no scoring card is used."""
    g = game(3, options={"scoring_card_iv": "IV-C"}, round=6, sp=0, citizens={"S1": "abc"},
             technologies={0: ["T17"]})
    six = round_six_events(g)
    assert of(six, "reciclaje", 0) and of(six, "produccion", 0)[0].data["vp"] == 1
    assert not of(six, "bonificacion")
    assert of(six, "puntuacion_final") and g.is_over
