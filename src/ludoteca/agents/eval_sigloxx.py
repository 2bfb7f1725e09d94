"""Siglo XX evaluation for search bots (see :mod:`.heuristics`): projected victory points,
the margin over the best opponent."""

from __future__ import annotations

from .heuristics import margin, register_heuristic

#: VP worth of one coin / science / VP of income per production left (as the greedy bot has
#: it), and of one coin / science held
SIGLO_INCOME = (0.6, 0.5, 1.0)
SIGLO_HELD = (0.25, 0.2)
SIGLO_SCALE = 6.0


def _sigloxx(g) -> list[float]:
    from ludoteca.games.sigloxx.common import CITY, LAST_ROUND

    K = g.K                                   # the game's own content: its tiles' sites
    SITES, SITE_KIND_T, SITE_YIELD_T = K.SITES, K.SITE_KIND_T, K.SITE_YIELD_T
    parts = g.final_parts()
    left = max(0, LAST_ROUND + 1 - g.round)
    wc, ws, wv = SIGLO_INCOME
    hc, hs = SIGLO_HELD
    projected = []
    for s in range(g.n):
        coins, science, vp = g.incomes(s)
        rate = wc * coins + ws * science + wv * vp
        for t, *_ in g.pend_land[s]:          # won, not placed yet: its best city, staffed
            rate += max((wc * y[0] + ws * y[1] + wv * y[2] for x in SITES[t]
                         if SITE_KIND_T[x] == CITY for y in (SITE_YIELD_T[x],)), default=0.0)
        projected.append(g.score[s] + sum(parts[s].values()) + left * rate +
                         hc * g.coins[s] + hs * g.science[s])
    return margin(projected, scale=SIGLO_SCALE)


register_heuristic("sigloxx", _sigloxx)
