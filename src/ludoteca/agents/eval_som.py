"""Som el que decidim! evaluation for search bots (see :mod:`.heuristics`): the lead in
participation disks times the chance the game ends with a winner (with four players the fitted
:mod:`.eval_som_fit`; alone :mod:`.som_solo`); the searcher's worlds and the solo prune."""

from __future__ import annotations

import math

from ludoteca.agents import eval_som_fit, som_solo

from .heuristics import margin, register_heuristic, register_prune, register_world_setup

#: the part of the value each step of a citizen in this turn costs: walking over face-up cards
#: changes nothing, and without a growing cost a search wanders rather than face the next
#: turn's taxes
SOM_STEP_COST = 0.25
#: how a lead in participation disks becomes a value (a lead of 1.5 disks is worth ~73 %): the
#: most disks win, so a lead counts, not a share
SOM_SCALE = 1.5
#: in its own sampled worlds a search lets a citizen walk at most this many steps a turn (as
#: the greedy bot does); the rules set no limit (G12)
SOM_WANDER = 8


def _som_dues(g, gh: int) -> list[int]:
    """What each seat pays in phase 1 of the turn in which ``gh`` holds the Generalitat."""
    C = g.K.C                          # the game's own content (amounts of the taxes)
    if g.atc_active:
        return [C.tax_atc_gh if s == gh else C.tax_atc_citizen for s in range(g.n)]
    return [C.tax_citizen + C.tax_solidarity if s == gh else C.tax_citizen for s in range(g.n)]


def _som_taxes_ahead(g) -> tuple[list[int], list[int]]:
    """What each seat owes at the next two taxations: while this turn's taxes are being paid
    (stage 1) what is still due of them and then the next turn's; later, the next two turns'."""
    from ludoteca.games.som.common import PH_CHANGE, PH_PAY, RET_TAX

    n = g.n
    if g.stage != 1:
        return _som_dues(g, (g.gh + 1) % n), _som_dues(g, (g.gh + 2) % n)
    now = _som_dues(g, g.gh)
    owed = [now[s] if s in g.tax_queue else 0 for s in range(n)]
    if g.phase in (PH_PAY, PH_CHANGE) and g.pay_ret == RET_TAX and g.pay_payer >= 0:
        owed[g.pay_payer] += g.pay_due
    return owed, _som_dues(g, (g.gh + 1) % n)


def _som(g) -> list[float]:
    """The value of ``g`` for each seat (see the module's docstring); :func:`_som_plain` is
    the same sum written out, this the search's fast path through :class:`_SomTables`."""
    if g.solo:
        return [som_solo.value(g)]
    if g.n == 4:
        return eval_som_fit.value(g)
    key = (g.K, g.n, g.pic_seat)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = _SomTables(g)
    n, h, gh, stage = g.n, g.hold, g.gh, g.stage
    dues = t.dues[1 if g.atc_active else 0]
    if stage != 1:
        d1, d2 = dues[(gh + 1) % n], dues[(gh + 2) % n]
    else:                                  # as _som_taxes_ahead: what is still due, then next
        now, queue = dues[gh], g.tax_queue
        d1 = [now[s] if s in queue else 0 for s in range(n)]
        if g.pay_payer >= 0 and g.pay_ret == t.RET_TAX and g.phase in t.PAYING:
            d1[g.pay_payer] += g.pay_due
        d2 = dues[(gh + 1) % n]
    t1 = t2 = None
    for s in range(n):
        b = s * t.T                        # g.value(s), inline
        left = 2 * (h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]) + \
            h[b + 5] + h[b + 6] + h[b + 7] + h[b + 8] + h[b + 9] - d1[s]
        if t1 is None or left < t1:
            t1 = left
        left -= d2[s]
        if t2 is None or left < t2:
            t2 = left
    pile = len(g.pile)
    consulta = t.consultas[pile][min(1, max(-1, t1)) + 1][min(2, max(-2, t2)) + 2] \
        if pile <= t.URNA else _consulta(pile / t.URNA, t1, t2)
    if g.phase == t.PH_MOVE:
        consulta *= (1.0 - SOM_STEP_COST) ** g.steps
    b = n * t.T                            # g.value(g.H), inline
    hisenda = 2 * (h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]) + \
        h[b + 5] + h[b + 6] + h[b + 7] + h[b + 8] + h[b + 9] + \
        (0 if stage == 2 else (1 if g.atc_active else sum(d1)))
    dui = t.dui[hisenda] if hisenda < len(t.dui) else 0.0
    k = (1 - dui) * consulta + dui
    # margin(pd, SOM_SCALE): each seat's lead over the best other seat (for the first top
    # seat: over the best of the rest), by a table of leads
    pd = g.pd
    top = second = -1
    at = 0
    for i in range(n):
        x = pd[i]
        if x > top:
            top, second, at = x, top, i
        elif x > second:
            second = x
    lead = t.lead
    return [k * lead[pd[i] - (second if i == at else top)] for i in range(n)]


def _som_plain(g) -> list[float]:
    """:func:`_som` without its tables (the definition: the tests check both agree)."""
    from ludoteca.games.som.common import PH_MOVE, URNA_FOR_CONSULTA

    n = g.n
    if g.solo:
        return [som_solo.value(g)]
    if n == 4:
        return eval_som_fit.value(g)
    # the chance of a consulta: the urna cards found, and whether everyone can pay the next
    # tax and, less sharply, the one after (the Generalitat in between may give nothing)
    d1, d2 = _som_taxes_ahead(g)
    t1 = min(g.value(s) - d1[s] for s in range(n))
    t2 = min(g.value(s) - d1[s] - d2[s] for s in range(n))
    consulta = _consulta(len(g.pile) / URNA_FOR_CONSULTA, t1, t2)
    if g.phase == PH_MOVE:                 # walking over face-up cards leads nowhere by itself
        consulta *= (1.0 - SOM_STEP_COST) ** g.steps
    # a DUI at the next roll (Hisenda short of the die's number) ends the game too: the most
    # disks win it
    hisenda = g.value(g.H) + (0 if g.stage == 2 else (1 if g.atc_active else sum(d1)))
    faces = [f for i, f in enumerate(g.K.C.faces) if f[1] < 0 or g.pic_seat[i] >= 0]
    dui = sum(1 for number, _ in faces if number > hisenda) / len(faces)
    lead = margin([float(x) for x in g.pd[:n]], scale=SOM_SCALE)
    return [((1 - dui) * consulta + dui) * v for v in lead]


def _consulta(found: float, t1: int, t2: int) -> float:
    """The chance of a consulta with ``found`` of the urna cards and the least money left
    after the next tax (``t1``) and the two next (``t2``)."""
    safety = min(1.0, max(0.0, (t1 + 1) / 2)) * (0.5 + 0.5 * min(1.0, max(0.0, (t2 + 2) / 4)))
    return (0.3 + 0.7 * found) * (0.15 + 0.85 * safety)


class _SomTables:
    """What :func:`_som` reads of one content, number of seats and die (the pictures of
    absent seats are rolled again): the taxes by ATC and Generalitat, the chance of a DUI by
    Hisenda's money, the consulta by urna cards and money left, the value of a lead in
    participation disks. Each entry is the very number :func:`_som_plain` computes. With
    them the engine's names :func:`_som` reads (the agents layer imports a game's modules
    only when first used)."""

    __slots__ = ("dues", "dui", "consultas", "lead", "PH_MOVE", "PAYING", "RET_TAX", "URNA",
                 "T")

    def __init__(self, g) -> None:
        from ludoteca.games.som.common import (
            PD_TOTAL,
            PH_CHANGE,
            PH_MOVE,
            PH_PAY,
            RET_TAX,
            URNA_FOR_CONSULTA,
            T,
        )

        self.PH_MOVE, self.PAYING, self.RET_TAX = PH_MOVE, (PH_PAY, PH_CHANGE), RET_TAX
        self.URNA, self.T = URNA_FOR_CONSULTA, T
        n = g.n
        C = g.K.C
        dues = []
        for atc in (False, True):
            if atc:
                dues.append(tuple(tuple(C.tax_atc_gh if s == gh else C.tax_atc_citizen
                                        for s in range(n)) for gh in range(n)))
            else:
                dues.append(tuple(tuple(C.tax_citizen + C.tax_solidarity if s == gh
                                        else C.tax_citizen for s in range(n))
                                  for gh in range(n)))
        self.dues = tuple(dues)
        faces = [f for i, f in enumerate(C.faces) if f[1] < 0 or g.pic_seat[i] >= 0]
        top = max(number for number, _ in faces)
        self.dui = tuple(sum(1 for number, _ in faces if number > hisenda) / len(faces)
                         for hisenda in range(top + 1))
        self.consultas = tuple(tuple(tuple(_consulta(k / URNA_FOR_CONSULTA, t1, t2)
                                           for t2 in range(-2, 3)) for t1 in range(-1, 2))
                               for k in range(URNA_FOR_CONSULTA + 1))
        # margin's logistic of a lead d (x − the best other, whole disks: exact in floats)
        self.lead = {d: 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, float(d) / SOM_SCALE))))
                     for d in range(-PD_TOTAL, PD_TOTAL + 1)}


#: (tables, seats, pictures' seats) -> _SomTables
_TABLES: dict[tuple, _SomTables] = {}


def _som_world(world) -> None:
    """A citizen walks at most ``SOM_WANDER`` steps a turn in the search's worlds (or one
    more step, once the real walk is longer): stopping later is worth as much as stopping
    now, so without a horizon a search re-plans a walk at every step and never stops. And
    the world makes no events (``SomGame.quiet``): the search never reads them."""
    cap = max(SOM_WANDER, world.steps + 1)
    world.max_steps = min(world.max_steps or cap, cap)
    world.quiet()


register_heuristic("som", _som)
register_world_setup("som", _som_world)
register_prune("som", som_solo.prune)
