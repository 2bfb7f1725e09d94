"""El Plan evaluation for search bots (see :mod:`.heuristics`): points plus progress, the
lead through a logistic."""

from __future__ import annotations

from .heuristics import margin, register_heuristic, register_world_setup

#: how a lead in points becomes a value: a lead of one point is worth ~73 % (the most points
#: win, and the totals are small: two to five points a game)
ELPLAN_SCALE = 1.0
#: a complete set of three Products of different types in hand before D7 ends: an Idea to come
ELPLAN_SET = 0.9
#: each further type in hand towards a set, before D5's sale (it may still be completed by
#: buying) and after it (only D7 is left, the rest is lost at the merma)
ELPLAN_TYPE = (0.2, 0.05)


def _elplan(g) -> list[float]:
    from ludoteca.games.elplan.common import S_D5SELL, S_D7

    st = g.stage
    worth = []
    for s in range(g.n):
        points = g._ideas_total(s)
        if not g.tutorial:
            per = [0, 0, 0]
            for N in g._owned_targets(s):
                if N >= 2 and g.cat[N - 2].trio and g._active(s, N):
                    per[g.cat[N - 2].deck] += 1
            trios = min(per)
            points += trios + 0.3 * (sum(per) - 3 * trios)   # cards towards the next trio
            if g.credit[s]:
                points -= 0.7                                # an Idea lost at the end
        if st <= S_D7:                                       # Products still to trade in D7
            hand = g.hand[3 * s:3 * s + 3]
            sets = min(hand)
            types = sum(1 for x in hand if x > sets)
            points += ELPLAN_SET * sets + ELPLAN_TYPE[st >= S_D5SELL] * types
        points += 0.05 * sum(g.idle[3 * s:3 * s + 3])        # resources: the first tie-break
        worth.append(points)
    return margin(worth, scale=ELPLAN_SCALE)


register_heuristic("elplan", _elplan)


def _elplan_world(world) -> None:
    """The search's worlds make no events (``ElplanGame.quiet``): it never reads them."""
    world.quiet()


register_world_setup("elplan", _elplan_world)
