"""Som el que decidim! evaluation for search bots (see :mod:`.heuristics`): the lead in
participation disks times the chance the game ends with a winner; the searcher's worlds and
the solo prune."""

from __future__ import annotations

from ludoteca.agents import som_solo

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
    from ludoteca.games.som.common import PH_MOVE, URNA_FOR_CONSULTA

    n = g.n
    if g.solo:
        return [som_solo.value(g)]
    # the chance of a consulta: the urna cards found, and whether everyone can pay the next
    # tax and, less sharply, the one after (the Generalitat in between may give nothing)
    d1, d2 = _som_taxes_ahead(g)
    t1 = min(g.value(s) - d1[s] for s in range(n))
    t2 = min(g.value(s) - d1[s] - d2[s] for s in range(n))
    safety = min(1.0, max(0.0, (t1 + 1) / 2)) * (0.5 + 0.5 * min(1.0, max(0.0, (t2 + 2) / 4)))
    found = len(g.pile) / URNA_FOR_CONSULTA
    consulta = (0.3 + 0.7 * found) * (0.15 + 0.85 * safety)
    if g.phase == PH_MOVE:                 # walking over face-up cards leads nowhere by itself
        consulta *= (1.0 - SOM_STEP_COST) ** g.steps
    # a DUI at the next roll (Hisenda short of the die's number) ends the game too: the most
    # disks win it
    hisenda = g.value(g.H) + (0 if g.stage == 2 else (1 if g.atc_active else sum(d1)))
    faces = [f for i, f in enumerate(g.K.C.faces) if f[1] < 0 or g.pic_seat[i] >= 0]
    dui = sum(1 for number, _ in faces if number > hisenda) / len(faces)
    lead = margin([float(x) for x in g.pd[:n]], scale=SOM_SCALE)
    return [((1 - dui) * consulta + dui) * v for v in lead]


def _som_world(world) -> None:
    """A citizen walks at most ``SOM_WANDER`` steps a turn in the search's worlds (or one
    more step, once the real walk is longer): stopping later is worth as much as stopping
    now, so without a horizon a search re-plans a walk at every step and never stops."""
    cap = max(SOM_WANDER, world.steps + 1)
    world.max_steps = min(world.max_steps or cap, cap)


register_heuristic("som", _som)
register_world_setup("som", _som_world)
register_prune("som", som_solo.prune)
