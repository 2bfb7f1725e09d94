"""Siglo XX evaluation for search bots (see :mod:`.heuristics`): each seat's projected final
victory points, the margin over the best opponent.

The projection is linear in the position's features (:func:`features`), with one set of
weights per round (:data:`WEIGHTS`): a least-squares fit of the final VP over the positions of
2,000 three-player games of greedy bots (a twentieth of their moves random, so that positions
a search wanders into are covered; every tenth game held out). It replaced a hand-made sum
(VP so far, the final scoring if it were now, incomes over the productions left) that saw
no garbage before it lay on a tile: tiles won and catastrophe garbage looked free, and mcts
lost to greedy on clean tiles and garbage (issue 20). Held-out error of the fit, in VP (the
final VP vary by 15.5): 14.0 / 12.3 / 10.7 / 8.9 / 6.3 / 3.8 in rounds I–VI, against
15.0 / 14.2 / 13.0 / 12.2 / 9.6 / 8.0 for the old sum. The fit:
``python bench/fit_sigloxx_eval.py --games 2000 --random 0.05``.
"""

from __future__ import annotations

from .heuristics import margin, register_heuristic, register_world_setup

#: what :func:`features` returns for each seat, in order
FEATURE_NAMES = (
    "score",            # VP so far
    "vp_income",        # VP income × productions left (won tiles not placed yet: best city)
    "coin_income",      # coin income × productions left (the same)
    "science_income",   # science income × productions left (the same)
    "coins",            # coins held
    "science",          # science held
    "garbage",          # garbage tokens on own land tiles
    "clean",            # VP the clean land tiles would score now (by the pollution level)
    "environment",      # VP the pollution level would score now
    "pending_garbage",  # garbage on the tiles won and not placed yet
    "set_aside",        # garbage set aside for Maintenance step A (catastrophe, technologies)
    "recycled",         # garbage that the staffed recycling sites can still remove in reach
    "recycling",        # recycling capacity × productions left
    "majority",         # VP the coins and science majorities would give now
    "cards",            # VP the scoring cards still to come would give now
    "tiles",            # land tiles (placed or not)
    "technologies",     # technologies owned
)
#: per round I–VI: the constant, then the weight of each feature in FEATURE_NAMES's order
WEIGHTS = (
    (24.559, -0.557, -0.248, -0.217, -0.001, 0.761, -0.284, -0.568, -0.946, 0.257, 0.904,
     -0.993, -0.512, 0.686, 0.530, 1.304, 6.751, -4.306),
    (-0.107, 1.399, 0.209, 0.037, 0.215, 1.008, 0.900, -1.311, -0.121, 0.774, -0.399, -0.447,
     0.281, 0.840, 0.115, 1.212, 6.247, 0.418),
    (-2.564, 0.962, 0.342, 0.012, 0.299, 0.615, 0.427, -1.211, 0.230, 0.931, -0.109, -0.727,
     0.793, 0.486, 0.106, 1.512, 4.764, -0.263),
    (-3.675, 0.951, 0.490, -0.006, 0.293, 0.151, 0.412, -1.187, 0.434, 1.096, -0.412, -0.587,
     1.021, 0.386, 0.325, 1.176, 3.395, 0.083),
    (-2.239, 0.985, 0.457, 0.089, 0.304, -0.122, 0.014, -1.031, 0.774, 1.085, -1.147, -0.803,
     1.377, 0.165, 0.409, 0.000, 1.825, 0.243),
    (1.899, 0.853, 0.777, 0.510, 1.267, -0.252, -0.781, -0.955, 0.936, 1.032, 0.000, 0.000,
     1.407, -0.006, 0.627, 0.000, 0.555, -0.287),
)
#: how a lead in projected VP becomes a value (a lead of 6 VP is worth ~73 %)
SIGLO_SCALE = 6.0
#: how a pending tile's best city is picked: VP worth of one coin / science / VP of income
#: (as the greedy bot values them)
CITY_WORTH = (0.6, 0.5, 1.0)
#: the rounds after which the two scoring cards score (XX-6.1)
CARD_LAST_ROUND = (2, 4)


def features(g) -> list[tuple[float, ...]]:
    """Each seat's features (:data:`FEATURE_NAMES`) in world ``g`` (a sampled world: reading
    it reveals nothing)."""
    from ludoteca.games.sigloxx.common import CITY, LAST_ROUND

    K = g.K                                   # the game's own content: its tiles' sites
    SITES, SITE_KIND_T, SITE_YIELD_T = K.SITES, K.SITE_KIND_T, K.SITE_YIELD_T
    wc, ws, wv = CITY_WORTH
    left = max(0, LAST_ROUND + 1 - g.round)
    parts = g.final_parts()
    garbage = g.garbage
    cards = [c for c, last in zip(g.cards, CARD_LAST_ROUND, strict=True)
             if c >= 0 and g.round <= last]
    out = []
    for s in range(g.n):
        coins, science, vp = g.incomes(s)
        pending = 0
        for t, _citizen, k in g.pend_land[s]:   # won, not placed yet: its best city, staffed
            pending += k
            best, yields = -1.0, None
            for x in SITES[t]:
                if SITE_KIND_T[x] == CITY:
                    y = SITE_YIELD_T[x]
                    value = wc * y[0] + ws * y[1] + wv * y[2]
                    if value > best:
                        best, yields = value, y
            if yields is not None:
                coins += yields[0]
                science += yields[1]
                vp += yields[2]
        recycled = capacity = 0
        for cap, tiles in g._recyclers(s):
            capacity += cap
            recycled += min(cap * left, sum(garbage[t] for t in tiles))
        ps = parts[s]
        out.append((
            float(g.score[s]), float(vp * left), float(coins * left), float(science * left),
            float(g.coins[s]), float(g.science[s]), float(-ps["garbage"]),
            float(ps["clean_tiles"]), float(ps["environment"]), float(pending),
            float(g.set_aside[s]), float(recycled), float(capacity * left),
            float(ps["coins"] + ps["science"]), float(sum(g.card_vp(s, c) for c in cards)),
            float(len(g.lands[s]) + len(g.pend_land[s])), float(len(g.techs[s]))))
    return out


def projected(g) -> list[float]:
    """Each seat's projected final VP: the round's weights applied to its features."""
    w = WEIGHTS[min(max(g.round, 1), len(WEIGHTS)) - 1]
    const, weights = w[0], w[1:]
    return [const + sum(a * b for a, b in zip(weights, f, strict=True)) for f in features(g)]


def _sigloxx(g) -> list[float]:
    return margin(projected(g), scale=SIGLO_SCALE)


register_heuristic("sigloxx", _sigloxx)


def _sigloxx_world(world) -> None:
    """The search's worlds make no events (``SigloGame.quiet``): it never reads them."""
    world.quiet()


register_world_setup("sigloxx", _sigloxx_world)
