"""``planner``: a solo «Som el que decidim!» bot steered by the exact values of a relaxed game
(:mod:`ludoteca.agents.som_relaxed`).

At each step of the citizen it turns the face-down card within reach this move whose
look-ahead value (:class:`Lookahead`) is best: a card that would end the turn is worth the
relaxed value of the state it leaves, one the citizen would walk on the best of stopping there
and turning a card within reach of that cell, valued the same way one card deep; a cell in line
with a face-up Spain card loses :data:`ALIGN_COST` times its chance of a Spain card (an
alignment, SOM-12.6, sends the Spain cards back under the map, which the relaxed game, where a
Spain card stays face up, does not see). Ties (cells of one group) are broken by a one-card
look-ahead with a fitted turn-end value (what each kind of card would leave: money, ATC, the
urna pile, the Spain risk, how many face-down cells the citizen would reach).
``planner:lookahead=false`` ranks the cells by their groups' relaxed values alone (the group:
the cells never dealt again, or one Spain deal), as before. When a better group lies out of
reach, it ends its move where that group's cards will be within reach next turn if, in the
relaxed game, a turn's wait for them (the tax, then the die) is worth more than the best card
within reach now. With no face-down cell within reach it heads, over as many turns as it takes,
for the cells of the best groups. Every other decision (the tax's disks) is the greedy bot's.
In a game of more than one player it plays as the greedy bot.

It reads only what its seat may see: the legal actions and a determinized copy of the game
(``game.determinize``: the face-down cards redrawn within their deals), of which it uses the
face-up cards, the deals' public contents, the pile's size, its money and where its citizen
is.

By default (``bounded=true``) every decision takes milliseconds to tens of milliseconds: the
relaxed values come from the shipped table (``agents/weights/som_relaxed.bin``, read once a
process when the bot is made), and after an alignment of Spain cards (SOM-12.6), whose card
counts are outside the table, the compiled solver solves at most :data:`SOLVE_BUDGET` new
states a decision (going on at the next one; until they are solved it steers by the fitted
turn-end value; a process keeps at most :data:`KEEP_STATES` solved states, then forgets all but
the table's; so what it plays after an alignment can depend on what the process solved
before). Without the compiled solver (no C compiler at install) it never solves a
state and steers by the fitted value alone after an alignment, which loses about 2 points.
``planner:bounded=false`` solves whatever it needs at once (in Python: seconds to tens of
seconds after an alignment). With content other than the shipped one the table does not apply
and the relaxed game is solved as it comes (about 0.2 s compiled, 9 s in Python).
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Iterable
from functools import cache
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.errors import InvalidOption

from .registry import make_agent, register_agent
from .som_relaxed import Outcome, RelaxedSolo, Unsolved, norm, relaxed_for

#: the turn-end value's weights (logistic regression of "won" on :meth:`Plan.features`,
#: fitted on the planner's own games in the seventh session)
WEIGHTS = (
    -0.574245, 0.206440, 0.846979, -0.533269, -0.816869, -0.946843, -0.233843, -0.688972,
    0.110624, -0.023229, -0.311759, 0.184502, 0.112496, 0.155382, 0.060024,
)
FEATURES = ("constant", "cash", "atc", "pile", "urna_safe", "urna_risky", "spain_down",
            "clean", "pile_x_spain", "eco_down", "world_down", "down", "reach", "reach_safe",
            "in_line")

# card classes: urna, Spain, world, economic capacity, ATC, plain Catalunya
U, S, M, KK, AT, C = range(6)
WALK = (KK, AT, C)
# what a cell of the map holds, for the planner
DOWN, WALKABLE, STOPPER, EMPTY = range(4)
#: relaxed values this close count as equal (the turn-end value decides)
TIE = 4
#: steps in one move after which the planner stops when it may
MAX_STEPS = 20
#: new relaxed states the compiled solver may solve in one decision (about 2–3 µs each)
SOLVE_BUDGET = 20000
#: relaxed states kept in a process (about 0.7 kB each) before all but the table's are forgotten
KEEP_STATES = 400_000
#: what an alignment of Spain cards (SOM-12.6) costs beyond the relaxed value of a Spain card
#: turned: the relaxed game keeps a Spain card face up for good, while an alignment sends it
#: and the cards in line with it back under the map (tuned on seeds 5000–6999; see the README)
ALIGN_COST = 0.03


@cache
def _comb(n: int, k: int) -> int:
    return math.comb(n, k)


@cache
def _classes(K: Any) -> tuple[int, ...]:
    """Each card's class in tables ``K``."""
    from ludoteca.games.som.content import EF_ATC, EF_ECO, FLAG_ESP, FLAG_MON, FLAG_URNA

    out = []
    for flag, effect in zip(K.FLAG, K.EFFECT, strict=True):
        if flag == FLAG_URNA:
            out.append(U)
        elif flag == FLAG_ESP:
            out.append(S)
        elif flag == FLAG_MON:
            out.append(M)
        else:
            out.append(KK if effect == EF_ECO else AT if effect == EF_ATC else C)
    return tuple(out)


class Plan:
    """What the planner knows of a solo game, edited as it looks ahead."""

    __slots__ = ("kind", "grp", "counts", "orig", "pile", "cash", "atc", "spain_up", "pos",
                 "cn", "neigh", "rc", "tax", "n_urna", "n_eco", "n_atc")

    @classmethod
    def of(cls, g: Any) -> Plan:
        """The plan of game ``g`` (a determinized copy: its face-down cards are not read)."""
        from ludoteca.games.som.views import _deal_groups

        K = g.K
        cls_of = _classes(K)
        p = cls.__new__(cls)
        kind = [EMPTY] * len(g.cells)
        spain_up, atc = [], False
        for i, card in enumerate(g.cells):
            if card < 0:
                continue
            if not g.up[i]:
                kind[i] = DOWN
                continue
            k = cls_of[card]
            if k in WALK:
                kind[i] = WALKABLE
                atc = atc or k == AT
            else:
                kind[i] = STOPPER
                if k == S:
                    spain_up.append(i)
        grp = [-1] * len(kind)
        counts, orig = [], None
        for gi, (deal, down, cards, _) in enumerate(_deal_groups(g)):
            cnt = [0] * 6
            for card in cards:
                cnt[cls_of[card]] += 1
            counts.append(cnt)
            if deal == 0:
                orig = gi
            for c in down:
                grp[c] = gi
        p.kind, p.grp, p.counts, p.orig = kind, grp, counts, orig
        p.pile, p.cash, p.atc = len(g.pile), g.value(0), atc
        p.spain_up, p.pos, p.cn = spain_up, g.cit[0], g.cn_cell
        p.neigh, p.rc = K.NEIGH, K.RC
        p.tax = (K.C.tax_solo, K.C.tax_solo_atc)
        p.n_urna, p.n_eco, p.n_atc = cls_of.count(U), cls_of.count(KK), cls_of.count(AT)
        return p

    def copy(self) -> Plan:
        p = Plan.__new__(Plan)
        for name in Plan.__slots__:
            setattr(p, name, getattr(self, name))
        p.kind = self.kind[:]
        p.counts = [c[:] for c in self.counts]
        p.spain_up = self.spain_up[:]
        return p

    # ----- the map ----------------------------------------------------------------------
    def component(self, start: list[int]) -> set[int]:
        """Face-up Catalunya cells reachable from ``start`` over such cells."""
        kind, neigh = self.kind, self.neigh
        seen = set(start)
        stack = list(start)
        while stack:
            x = stack.pop()
            for y in neigh[x]:
                if y not in seen and kind[y] == WALKABLE:
                    seen.add(y)
                    stack.append(y)
        return seen

    def frontier(self, walking: bool) -> tuple[dict[int, int], set[int]]:
        """({face-down cell within reach this move: the cell it is stepped to from},
        the face-up Catalunya cells the citizen may walk over)."""
        kind, neigh, pos = self.kind, self.neigh, self.pos
        comp = self.component([pos] if walking else
                              [y for y in neigh[pos] if kind[y] == WALKABLE])
        out = {y: pos for y in neigh[pos] if kind[y] == DOWN}
        for x in comp:
            for y in neigh[x]:
                if kind[y] == DOWN and y not in out:
                    out[y] = x
        return out, comp

    def ends(self, walking: bool) -> set[int]:
        """Cells where this move may end without turning a card."""
        _, comp = self.frontier(walking)
        out = set(comp)
        for x in [*comp, self.pos]:
            for y in self.neigh[x]:
                if self.kind[y] in (WALKABLE, STOPPER):
                    out.add(y)
        if walking:
            out.add(self.pos)
        return out

    def in_line(self, x: int) -> bool:
        """Whether cell ``x`` shares a row or column with a face-up Spain card."""
        r, c = self.rc[x]
        return any(self.rc[s][0] == r or self.rc[s][1] == c for s in self.spain_up)

    # ----- the relaxed game ---------------------------------------------------------------
    def relaxed_key(self) -> tuple[tuple, tuple]:
        o = self.counts[self.orig] if self.orig is not None else [0] * 6
        deals = [(c[U], c[KK], c[AT], c[S]) for gi, c in enumerate(self.counts)
                 if gi != self.orig]
        return (o[U], o[S], o[M], o[KK], o[AT]), norm(deals)

    # ----- the turn-end value -------------------------------------------------------------
    def features(self) -> tuple[float, ...]:
        counts, grp = self.counts, self.grp
        cash = self.cash - self.tax[1 if self.atc else 0]
        risky = [c for c in counts if c[S] > 0]
        u_risk = sum(c[U] for c in risky)
        u_all = sum(c[U] for c in counts)
        s_down = sum(c[S] for c in counts)
        fr, _ = self.frontier(False)
        reach_safe = sum(1 for x in fr if counts[grp[x]][S] == 0)
        in_line = sum(1 for x in fr if self.in_line(x)) if self.spain_up and s_down else 0
        return (1.0, min(cash, 12), float(self.atc), self.pile, u_all - u_risk, u_risk, s_down,
                1.0 / _comb(u_risk + s_down, s_down), self.pile * (s_down > 0),
                sum(c[KK] for c in counts), sum(c[M] for c in counts),
                sum(sum(c) for c in counts), min(len(fr), 10), min(reach_safe, 10), in_line)

    def value(self) -> float:
        """The fitted chance of winning from here at the turn's end."""
        if self.cash < self.tax[1 if self.atc else 0]:
            return 0.0
        z = sum(w * f for w, f in zip(WEIGHTS, self.features(), strict=True))
        return 1.0 / (1.0 + math.exp(-z))

    # ----- one card turned ---------------------------------------------------------------
    def after_spain(self, x: int) -> Plan:
        """This plan after a Spain card turned at ``x`` (high centralism, SOM-12.x)."""
        kind = self.kind
        taken = [i for i, k in enumerate(kind) if k == WALKABLE and i != self.cn]
        new = [0] * 6
        k_up = self.n_eco - sum(c[KK] for c in self.counts)
        a_up = self.n_atc - sum(c[AT] for c in self.counts)
        new[KK], new[AT], new[C] = k_up, a_up, len(taken) - k_up - a_up
        r, c = self.rc[x]
        aligned = [s for s in self.spain_up if self.rc[s][0] == r or self.rc[s][1] == c]
        if aligned:
            taken += [x, *aligned]
            new[S] += 1 + len(aligned)
            self.spain_up = [s for s in self.spain_up if s not in aligned]
        else:
            kind[x] = STOPPER
            self.spain_up = [*self.spain_up, x]
        new[U], self.pile, self.atc = self.pile, 0, False
        grp = self.grp[:]
        gi = len(self.counts)
        for i in [i for i, k in enumerate(kind) if k == EMPTY] + taken:
            kind[i] = DOWN
            grp[i] = gi
        self.grp = grp
        self.counts.append(new)
        self.pos = self.cn
        return self

    def odds(self, x: int) -> list[tuple[int, float]]:
        """[(card class, chance)] of the face-down card at ``x``: its group's public counts."""
        cnt = self.counts[self.grp[x]]
        n = sum(cnt)
        return [(k, c / n) for k, c in enumerate(cnt) if c]

    def reveal_value(self, x: int, via: int) -> float:
        """The expected turn-end value of turning cell ``x`` (stepping from ``via``)."""
        total = 0.0
        for k, pr in self.odds(x):
            if k == U and self.pile + 1 >= self.n_urna:
                total += pr                                  # the consulta: won
                continue
            q = self.copy()
            q.counts[self.grp[x]][k] -= 1
            if k == U:
                q.pile += 1
                q.kind[x], q.pos = EMPTY, via
            elif k == S:
                q.after_spain(x)
            elif k == M:
                q.kind[x], q.pos = STOPPER, x
            else:
                q.kind[x], q.pos = WALKABLE, x
                if k == KK:
                    q.cash += 3
                elif k == AT:
                    q.atc = True
            total += pr * q.value()
        return total

    def path(self, goal: int) -> list[int] | None:
        """The cells from the citizen to ``goal`` over face-up Catalunya cards."""
        start = self.pos
        prev: dict[int, int | None] = {start: None}
        dq = deque([start])
        while dq:
            x = dq.popleft()
            if x == goal:
                break
            for y in self.neigh[x]:
                if y not in prev and (self.kind[y] == WALKABLE or y == goal):
                    prev[y] = x
                    dq.append(y)
        if goal not in prev:
            return None
        out = []
        x = goal
        while x != start:
            out.append(x)
            x = prev[x]                                      # type: ignore[assignment]
        return out[::-1]

    def turns_to(self, targets: set[int]) -> dict[int, int]:
        """{cell a turn may start on: turns before a cell of ``targets`` is within reach}."""
        starts = [y for y, k in enumerate(self.kind) if k in (WALKABLE, STOPPER)]
        dist, ends_of = {}, {}
        for y in starts:
            q = self.copy()
            q.pos = y
            fr, _ = q.frontier(False)
            if any(x in targets for x in fr):
                dist[y] = 0
            ends_of[y] = q.ends(False)
        d, changed = 0, True
        while changed:
            changed, d = False, d + 1
            for y in starts:
                if y not in dist and any(dist.get(z) == d - 1 for z in ends_of[y]):
                    dist[y] = d
                    changed = True
        return dist


def group_outcomes(relaxed: RelaxedSolo, p: Plan, known: bool = False
                   ) -> dict[int, list[Outcome]]:
    """{group of ``p``: what turning one of its cards may lead to in the relaxed game}; groups
    holding only plain Catalunya cards are left out (turning one is a free step). With
    ``known`` only states solved or in the table are read (:class:`Unsolved` otherwise)."""
    orig, deals = p.relaxed_key()
    outcomes = relaxed.group_outcomes(orig, deals, known=known)
    has_orig = 1 if any(orig) else 0
    by_vector: dict[tuple, list[Outcome]] = {}
    for i, v in enumerate(deals):
        by_vector.setdefault(v, outcomes[i + has_orig])
    out = {}
    for gi, c in enumerate(p.counts):
        if gi == p.orig:
            if has_orig:
                out[gi] = outcomes[0]
        else:
            outs = by_vector.get((c[U], c[KK], c[AT], c[S]))
            if outs is not None:
                out[gi] = outs
    return out


def group_values(relaxed: RelaxedSolo, p: Plan) -> dict[int, float]:
    """{group of ``p``: the relaxed win chance of turning one of its cards now}
    (:func:`group_outcomes`'s groups)."""
    x = min(p.cash, relaxed.money)
    return {gi: relaxed.group_value(outs, x) for gi, outs in group_outcomes(relaxed, p).items()}


class Lookahead:
    """The value of turning each face-down cell within reach, looking one card further where
    the citizen walks on: a card that ends the turn (urna, world, Spain) is worth the relaxed
    game's value of the state it leaves; one the citizen walks on (economic capacity, ATC,
    plain Catalunya) is worth the best of stopping there and turning a card within reach of
    that cell (each valued by the relaxed values, every later step within free reach). The
    relaxed game alone takes every face-down cell to be within reach after any card."""

    def __init__(self, relaxed: RelaxedSolo, p: Plan) -> None:
        self.relaxed, self.p = relaxed, p
        self._groups: dict[tuple, tuple[dict[int, list[Outcome]], list[float], list[float]]] = {}

    def _solved(self, q: Plan) -> tuple[dict[int, list[Outcome]], list[float], list[float]]:
        """({group of ``q``: its relaxed outcomes}, T, W) of ``q``'s card counts (kept by the
        groups' counts: cells of one group lead to the same); :class:`Unsolved` when not
        solved yet."""
        key = tuple(map(tuple, q.counts))
        got = self._groups.get(key)
        if got is None:
            T, W = self.relaxed._known(*q.relaxed_key(), self.relaxed.align)
            got = self._groups[key] = (group_outcomes(self.relaxed, q, known=True), T, W)
        return got

    def cells(self, cells: Iterable[int]) -> dict[int, float] | None:
        """{cell: the value of turning its card} (None: a state they need is not solved),
        less :data:`ALIGN_COST` times the chance of a Spain card at a cell in line with a
        face-up Spain card."""
        p = self.p
        try:
            return {x: self._turn(p, x, deeper=True) - ALIGN_COST * self._aligns(p, x)
                    for x in cells}
        except Unsolved:
            return None

    @staticmethod
    def _aligns(p: Plan, x: int) -> float:
        """The chance that turning ``x`` aligns Spain cards (SOM-12.6): its card is a Spain
        card and a face-up Spain card shares its row or column."""
        if not p.spain_up or not p.in_line(x):
            return 0.0
        cnt = p.counts[p.grp[x]]
        return cnt[S] / sum(cnt)

    def _turn(self, p: Plan, x: int, deeper: bool) -> float:
        relaxed = self.relaxed
        outcomes, _, W = self._solved(p)
        gi = p.grp[x]
        cnt = p.counts[gi]
        kinds = (U, S, M, KK, AT) if gi == p.orig else (U, KK, AT, S)
        arrays = dict(zip([k for k in kinds if cnt[k]], [arr for _, _, arr in
                                                          outcomes.get(gi, ())], strict=False))
        money = min(p.cash, relaxed.money)
        total = 0.0
        for k, pr in p.odds(x):
            if k in (U, S, M):                           # the turn ends (None: the consulta)
                arr = arrays[k]
                total += pr * (1.0 if arr is None else arr[money])
            elif k == KK and relaxed.money - money < relaxed.eco:
                total += pr                              # Hisenda cannot pay: a DUI, won
            elif deeper:
                q = p.copy()
                q.counts[gi][k] -= 1
                q.kind[x], q.pos = WALKABLE, x
                if k == KK:
                    q.cash += relaxed.eco
                elif k == AT:
                    q.atc = True
                total += pr * self._walk_on(q)
            elif k == C:
                total += pr * W[money]
            else:
                arr = arrays[k]
                total += pr * arr[money + relaxed.eco if k == KK else money]
        return total

    def _walk_on(self, q: Plan) -> float:
        """The best of stopping and turning a card within reach, the citizen standing on a
        face-up Catalunya card (one cell per group: the rest of its cells give the same)."""
        _, T, _ = self._solved(q)
        best = T[min(q.cash, self.relaxed.money)]
        fr, _ = q.frontier(True)
        seen = set()
        for y in fr:
            if q.grp[y] not in seen:
                seen.add(q.grp[y])
                best = max(best, self._turn(q, y, deeper=False))
        return best


class SomSoloPlanner:
    """The ``planner`` bot (see the module's docstring)."""

    name = "planner"

    def __init__(self, seed: int | None = None, bounded: bool = True,
                 lookahead: bool = True) -> None:
        self._rng = random.Random(seed)
        self.greedy = make_agent("greedy", "som", seed)
        for name, value in (("bounded", bounded), ("lookahead", lookahead)):
            if not isinstance(value, bool):
                raise InvalidOption(f"planner: {name} must be true or false; got {value!r}",
                                    f"planner: {name} ha de ser true o false; es {value!r}")
        self.bounded, self.lookahead = bounded, lookahead
        if self.bounded:                   # the shipped content's table, read once a process
            from ludoteca.games.som.tables import default_tables

            relaxed_for(default_tables())

    def choose(self, game: Any, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        world = game.determinize(seat, self._rng.getrandbits(32))
        from ludoteca.games.som.common import PH_MOVE

        if game.n_players != 1 or world.phase != PH_MOVE:
            picked = self.greedy.choose(world, seat)
        else:
            picked = self._move(world, legal)
        text = str(picked)
        return next(a for a in legal if str(a) == text)

    def _move(self, world: Any, legal: list[Action]) -> Action:
        from ludoteca.games.som import actions as A

        p = Plan.of(world)
        stop = next((a for a in legal if a.name == A.STOP), None)
        if stop is not None and world.steps > MAX_STEPS:
            return stop
        moves = {a.arg: a for a in legal if a.name == A.MOVE}
        target = self._target(p, world.may_stop, relaxed_for(world.K))
        if target is None:
            return stop or legal[0]
        goal, via = target
        if via is not None:                  # a card to turn: there, or on towards ``via``
            if goal in moves:
                return moves[goal]
            goal = via
        elif goal == p.pos and stop is not None:
            return stop
        if goal in moves:
            return moves[goal]
        path = p.path(goal)
        if path and path[0] in moves:
            return moves[path[0]]
        return stop or legal[0]

    def _target(self, p: Plan, walking: bool, relaxed: RelaxedSolo
                ) -> tuple[int, int | None] | None:
        """(cell, the cell it is stepped to from) to turn the card of a cell, (cell, None) to
        end the move there; None: nothing to aim at."""
        if self.bounded and relaxed.compiled:   # a few tens of ms at most, then read
            if not relaxed.forget_beyond(KEEP_STATES):     # (that took this decision's time)
                relaxed.solve_within(*p.relaxed_key(), SOLVE_BUDGET)
        elif self.bounded and not relaxed.ready:
            relaxed.start_value(0)           # content without a table: solved once a process
        try:
            outcomes = group_outcomes(relaxed, p, known=self.bounded)
        except Unsolved:                     # not solved yet: the fitted value alone
            outcomes = {}
        money = min(p.cash, relaxed.money)
        values = {gi: relaxed.group_value(outs, money) for gi, outs in outcomes.items()}
        top = max(values.values(), default=0.0)
        fr, _ = p.frontier(walking)
        if fr and values:
            wait = self._wait(p, walking, relaxed, outcomes, values, fr)
            if wait is not None:
                return wait
        ahead = Lookahead(relaxed, p).cells(fr) if self.lookahead and outcomes else None
        if ahead is None:                    # the relaxed values, rounded
            ahead = {x: round(values.get(p.grp[x], top), TIE) for x in fr}
        if fr:                               # the best, ties broken by the turn-end value
            most = max(ahead.values())
            x = max((x for x in fr if ahead[x] == most),
                    key=lambda x: p.reveal_value(x, fr[x]))
            return x, fr[x]
        # nothing within reach: head for the best groups' cells, over the turns it takes
        targets = {x for x, k in enumerate(p.kind) if k == DOWN and
                   values.get(p.grp[x], top) >= top - 0.02}
        dist = p.turns_to(targets or {x for x, k in enumerate(p.kind) if k == DOWN})
        best_key: tuple | None = None
        best: tuple[int, int | None] | None = None
        for y in sorted(p.ends(walking), key=lambda y: y != p.pos):
            q = p.copy()
            q.pos = y
            fr_next, _ = q.frontier(False)
            reach = max((values.get(q.grp[x], top) for x in fr_next), default=-1.0)
            key = (-dist.get(y, 99), round(reach, TIE), q.value() - (y != p.pos) * 1e-6)
            if best_key is None or key > best_key:
                best_key, best = key, (y, None)
        return best

    def _wait(self, p: Plan, walking: bool, relaxed: RelaxedSolo,
              outcomes: dict[int, list[Outcome]], values: dict[int, float],
              fr: dict[int, int]) -> tuple[int, None] | None:
        """(cell, None): end the move where the best group's cards will be within reach next
        turn, when a turn's wait for them (tax, then the die) is worth more in the relaxed
        game than the best card within reach now; None: do not wait."""
        top = max(values.values())
        now = max(values.get(p.grp[x], top) for x in fr)
        if top <= now:
            return None
        best_group = next(gi for gi, v in values.items() if v >= top - 1e-12)
        left = p.cash - p.tax[1 if p.atc else 0]
        if left < 0:
            return None
        later = 0.0
        for d, pr in relaxed.die:
            if relaxed.money - left < d:
                later += pr                        # Hisenda cannot pay the die: a DUI, won
            else:
                later += pr * relaxed.group_value(outcomes[best_group],
                                                  min(left + d, relaxed.money))
        if later <= now:
            return None
        targets = {x for x, k in enumerate(p.kind) if k == DOWN and
                   values.get(p.grp[x], top) >= top - 1e-9}
        dist = p.turns_to(targets)
        best_value, best = -1.0, None
        for y in sorted(p.ends(walking), key=lambda y: y != p.pos):
            if dist.get(y) != 0:
                continue
            q = p.copy()
            q.pos = y
            v = q.value()
            if v > best_value:
                best_value, best = v, (y, None)
        return best


def make_planner(seed: int | None = None, bounded: bool = True,
                 lookahead: bool = True) -> SomSoloPlanner:
    """The ``planner`` bot (registered for Som)."""
    return SomSoloPlanner(seed, bounded, lookahead)


register_agent("planner", "som", make_planner)


__all__ = ["FEATURES", "WEIGHTS", "Lookahead", "Plan", "SomSoloPlanner", "group_outcomes",
           "group_values", "make_planner"]
