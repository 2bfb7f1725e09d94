#!/usr/bin/env python3
"""An experimental solo Som player (not a shipped bot yet): the exact option values of the
relaxed solo game of ``som_solo_bound.py`` choose which group of face-down cells to turn from
(the cells never dealt again, or one of the deals), and a one-card look-ahead with a fitted
turn-end value chooses the cell within reach (which face-down cells it can reach, walking over
face-up Catalunya cards; cells in line with a face-up Spain card; what each kind of card would
leave). It reads only public state: face-up cards, the pile's size, its money and the deals'
public contents. Plays seeded solo games and the greedy bot alone on the same seeds:

    python bench/som_solo_planner.py --games 2000 --seed 1000 --workers 2

Each worker first solves the relaxed game (about 12 s). Seventh session, seeds 1000–2999:
47.7 % against greedy's 31.0 % (+16.7), 2.2 ms of CPU a decision; on seeds 1000–1399 (the
README's strength table) 53.0 % against 32.0 % (+21.0; the shipped mcts +16.2 there).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from functools import cache

import som_solo_bound as B

import ludoteca
from ludoteca.games.som import actions as A
from ludoteca.games.som.bots import SomGreedyAgent
from ludoteca.games.som.common import PH_MOVE
from ludoteca.games.som.views import _deal_groups

#: the turn-end value's weights (logistic, fitted on the planner's own games)
WEIGHTS = (
    -0.574245,
    0.206440,
    0.846979,
    -0.533269,
    -0.816869,
    -0.946843,
    -0.233843,
    -0.688972,
    0.110624,
    -0.023229,
    -0.311759,
    0.184502,
    0.112496,
    0.155382,
    0.060024,
)

# classes: 0 U, 1 S, 2 M, 3 K (eco), 4 A (ATC), 5 C (plain Catalunya)
U, S, M, KK, AT, C = range(6)
CLS = [C, AT, C, C, KK, KK, KK] + [C] * 11 + [M] * 11 + [U] * 4 + [S] * 4
WALK = (KK, AT, C)

# kinds of a map cell for the planner
DOWN, WALKABLE, STOPPER, EMPTY = 0, 1, 2, 3

NEIGH = None
RC = None

FEATS = ("const", "cash", "atc", "pile", "u_safe", "u_risk", "s_down", "clean", "pile_exp",
         "k_down", "m_down", "down", "reach", "reach_safe", "inline")


@cache
def comb(n, k):
    return math.comb(n, k)


class Plan:
    """A public snapshot the planner edits as it looks ahead."""
    __slots__ = ("kind", "grp", "counts", "pile", "cash", "atc", "spain_up", "pos", "cn")

    def copy(self):
        p = Plan.__new__(Plan)
        p.kind = self.kind[:]
        p.grp = self.grp           # cell -> group index (never edited in place)
        p.counts = [c[:] for c in self.counts]
        p.pile, p.cash, p.atc = self.pile, self.cash, self.atc
        p.spain_up = self.spain_up[:]
        p.pos, p.cn = self.pos, self.cn
        return p


def snapshot(g) -> Plan:
    p = Plan.__new__(Plan)
    cells, up = g.cells, g.up
    kind = [EMPTY] * len(cells)
    spain_up = []
    atc = False
    for i, card in enumerate(cells):
        if card < 0:
            continue
        if not up[i]:
            kind[i] = DOWN
            continue
        k = CLS[card]
        if k in WALK:
            kind[i] = WALKABLE
            if k == AT:
                atc = True
        else:
            kind[i] = STOPPER
            if k == S:
                spain_up.append(i)
    grp = [-1] * len(cells)
    counts = []
    for gi, (_, down, cards, _) in enumerate(_deal_groups(g)):
        cnt = [0] * 6
        for card in cards:
            cnt[CLS[card]] += 1
        counts.append(cnt)
        for c in down:
            grp[c] = gi
    p.kind, p.grp, p.counts = kind, grp, counts
    p.pile, p.cash, p.atc = len(g.pile), g.value(0), atc
    p.spain_up, p.pos, p.cn = spain_up, g.cit[0], g.cn_cell
    return p


def component(p: Plan, start_cells):
    """Walkable cells reachable from ``start_cells`` (walkable ones) over walkable cells."""
    kind = p.kind
    seen = set(start_cells)
    stack = list(start_cells)
    while stack:
        x = stack.pop()
        for y in NEIGH[x]:
            if y not in seen and kind[y] == WALKABLE:
                seen.add(y)
                stack.append(y)
    return seen


def frontier(p: Plan, walking: bool):
    """{face-down cell: a cell it is stepped to from} reachable this move."""
    kind = p.kind
    out = {}
    if walking:
        comp = component(p, [p.pos])
        for y in NEIGH[p.pos]:
            if kind[y] == DOWN:
                out[y] = p.pos
    else:
        comp = component(p, [y for y in NEIGH[p.pos] if kind[y] == WALKABLE])
        for y in NEIGH[p.pos]:
            if kind[y] == DOWN:
                out[y] = p.pos
    for x in comp:
        for y in NEIGH[x]:
            if kind[y] == DOWN and y not in out:
                out[y] = x
    return out, comp


def inline(p: Plan, x: int) -> bool:
    r, c = RC[x]
    return any(RC[s][0] == r or RC[s][1] == c for s in p.spain_up)


class Expert:
    """Turns a reachable face-down card whenever it can, the one whose outcomes leave the best
    fitted value at the turn's end (``depth`` more cards looked at while walking on); the
    greedy bot's choice for anything but moving."""

    def __init__(self, seed=None, weights=None, depth=0, tax=(3, 2)):
        self.greedy = SomGreedyAgent(seed)
        self.w = list(weights or WEIGHTS)
        self.depth = depth
        self.tax = tax

    # ----- value of a turn-end plan --------------------------------------------------
    def features(self, p: Plan, cash_after=None):
        tax = self.tax[1] if p.atc else self.tax[0]
        cash = p.cash - tax if cash_after is None else cash_after
        risky = [gi for gi, c in enumerate(p.counts) if c[S] > 0]
        u_risk = sum(p.counts[gi][U] for gi in risky)
        u_all = sum(c[U] for c in p.counts)
        s_down = sum(c[S] for c in p.counts)
        k_down = sum(c[KK] for c in p.counts)
        m_down = sum(c[M] for c in p.counts)
        down = sum(sum(c) for c in p.counts)
        clean = 1.0 / comb(u_risk + s_down, s_down)
        fr, _ = frontier(p, False)
        reach = len(fr)
        grp, counts = p.grp, p.counts
        reach_safe = sum(1 for x in fr if counts[grp[x]][S] == 0)
        nin = 0
        if p.spain_up and s_down:
            nin = sum(1 for x in fr if inline(p, x))
        return (1.0, min(cash, 12), float(p.atc), p.pile, u_all - u_risk, u_risk, s_down, clean,
                p.pile * (s_down > 0), k_down, m_down, down, min(reach, 10),
                min(reach_safe, 10), nin)

    def leaf(self, p: Plan) -> float:
        tax = self.tax[1] if p.atc else self.tax[0]
        if p.cash < tax:
            return 0.0
        z = sum(w * f for w, f in zip(self.w, self.features(p), strict=True))
        return 1.0 / (1.0 + math.exp(-z))

    # ----- looking ahead within the turn ------------------------------------------------
    def best(self, p: Plan, walking: bool, depth: int):
        """(value, target): the best option from ``p``: ('reveal', x, via) / ('stop', y)."""
        fr, comp = frontier(p, walking)
        best_v, best_t = -1.0, None
        # stopping: where the citizen may end (walkable cells of the component; stoppers next
        # to the position when this is the first step)
        # (only when no face-down card is within reach: waiting never helps)
        ends = set(comp)
        if not walking:
            for y in NEIGH[p.pos]:
                if p.kind[y] == STOPPER:
                    ends.add(y)
        for y in (sorted(ends, key=lambda y: y != p.pos) if not fr else []):
            q = p.copy()
            q.pos = y
            v = self.leaf(q) - (0 if y == p.pos else 1e-6)
            if v > best_v:
                best_v, best_t = v, ("stop", y)
        for x, via in fr.items():
            v = self.q_reveal(p, x, via, depth)
            if v > best_v + 1e-12:
                best_v, best_t = v, ("reveal", x, via)
        return best_v, best_t

    def q_reveal(self, p: Plan, x: int, via: int, depth: int) -> float:
        cnt = p.counts[p.grp[x]]
        n = sum(cnt)
        total = 0.0
        for k in range(6):
            if not cnt[k]:
                continue
            pr = cnt[k] / n
            q = p.copy()
            q.counts[p.grp[x]][k] -= 1
            if k == U:
                if p.pile + 1 >= 4:
                    total += pr
                    continue
                q.pile += 1
                q.kind[x] = EMPTY
                q.pos = via
                total += pr * self.leaf(q)
            elif k == S:
                total += pr * self.leaf(self.spain(q, x))
            elif k == M:
                q.kind[x] = STOPPER
                q.pos = x
                total += pr * self.leaf(q)
            else:
                q.kind[x] = WALKABLE
                q.pos = x
                if k == KK:
                    q.cash += 3
                elif k == AT:
                    q.atc = True
                if depth > 0:
                    v, _ = self.best(q, True, depth - 1)
                else:
                    v = self.leaf(q)
                total += pr * v
        return total

    def spain(self, q: Plan, x: int) -> Plan:
        """The plan after a Spain card turned at ``x`` (high centralism)."""
        kind = q.kind
        taken = [i for i, k in enumerate(kind) if k == WALKABLE and i != q.cn]
        new = [0] * 6
        new[C] = len(taken)        # (plain, K and ATC: K and ATC counted below)
        # which walkable cards are K / ATC: not tracked per cell in the plan: approximate
        # by what is face up: the K cards not face down and not... keep simple: all K not
        # down are face up (none in a pile)
        k_down = sum(c[KK] for c in q.counts)
        a_down = sum(c[AT] for c in q.counts)
        kup = 3 - k_down
        aup = 1 - a_down
        new[KK], new[AT] = kup, aup
        new[C] = len(taken) - kup - aup
        r, c = RC[x]
        aligned = [s for s in q.spain_up if RC[s][0] == r or RC[s][1] == c]
        if aligned:
            taken += [x] + aligned
            new[S] += 1 + len(aligned)
            q.spain_up = [s for s in q.spain_up if s not in aligned]
        else:
            kind[x] = STOPPER
            q.spain_up = q.spain_up + [x]
        new[U] = q.pile
        q.pile = 0
        q.atc = False
        empties = [i for i, k in enumerate(kind) if k == EMPTY] + taken
        grp = q.grp[:]
        gi = len(q.counts)
        for i in empties:
            kind[i] = DOWN
            grp[i] = gi
        q.grp = grp
        q.counts.append(new)
        q.pos = q.cn
        return q

    # ----- choosing ---------------------------------------------------------------------
    def choose(self, game, seat):
        global NEIGH, RC
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if game.phase != PH_MOVE:
            return self.greedy.choose(game, seat)
        if NEIGH is None:
            NEIGH, RC = game.K.NEIGH, game.K.RC
        p = snapshot(game)
        stop = next((a for a in legal if a.name == A.STOP), None)
        if stop is not None and game.steps > 20:     # never wander for ever
            return stop
        _, t = self.best(p, game.may_stop, self.depth)
        moves = {a.arg: a for a in legal if a.name == A.MOVE}
        if t is None:
            return legal[0]
        if t[0] == "reveal":
            x, via = t[1], t[2]
            if x in moves:
                return moves[x]
            goal = via
        else:
            goal = t[1]
            if goal == p.pos and stop is not None:
                return stop
            if goal in moves:
                return moves[goal]
        # a step along walkable cells towards ``goal``
        path = self.path(p, goal)
        if path and path[0] in moves:
            return moves[path[0]]
        return stop if stop is not None else legal[0]

    def path(self, p: Plan, goal: int) -> list[int] | None:
        """The cells from the citizen to ``goal`` over face-up Catalunya cards (None: none)."""
        start = p.pos
        prev = {start: None}
        dq = deque([start])
        while dq:
            x = dq.popleft()
            if x == goal:
                break
            for y in NEIGH[x]:
                if y in prev:
                    continue
                if p.kind[y] == WALKABLE or y == goal:
                    prev[y] = x
                    dq.append(y)
        if goal not in prev:
            return None
        out = []
        x = goal
        while x != start:
            out.append(x)
            x = prev[x]
        return out[::-1]


def relaxed_options(g) -> tuple[dict[int, float], float]:
    """{index in ``_deal_groups(g)``: the relaxed win chance of turning one of its cards}
    (-1: only plain Catalunya cards left there) and that of stopping, with ``g``'s money."""
    groups = _deal_groups(g)
    orig, deals, vectors = (0, 0, 0, 0, 0), [], {}
    for gi, (d, _, cards, _) in enumerate(groups):
        cnt = [0] * 6
        for c in cards:
            cnt[CLS[c]] += 1
        if d == 0:
            orig = (cnt[U], cnt[S], cnt[M], cnt[KK], cnt[AT])
        else:
            vectors[gi] = (cnt[U], cnt[KK], cnt[AT], cnt[S])
            deals.append(vectors[gi])
    deals_n = B.norm(deals)
    x = min(g.value(0), B.XMAX)
    outcomes = B.group_outcomes(orig, deals_n, 0)
    values = [B.group_value(outs, x) for outs in outcomes]
    has_orig = any(orig)
    by_vector = {v: values[i + has_orig] for i, v in enumerate(deals_n)}
    q = {}
    for gi, (d, _, _, _) in enumerate(groups):
        if d == 0:
            if has_orig:
                q[gi] = values[0]
        else:
            q[gi] = by_vector.get(vectors[gi], -1.0)
    return q, B.solve(orig, deals_n, 0)[0][x]


class Planner(Expert):
    """The expert steered by the relaxed game's exact option values."""

    def choose(self, game, seat):
        self._rq = None
        legal = game.legal_actions(seat)
        if len(legal) > 1 and game.phase == PH_MOVE:
            self._rq = relaxed_options(game)
        return super().choose(game, seat)

    def best(self, p, walking, depth):
        rq = self._rq
        if rq is None:
            return super().best(p, walking, depth)
        q, _ = rq
        fr, _ = frontier(p, walking)
        best_key, best_t = None, None
        for x, via in fr.items():
            qg = q.get(p.grp[x], -1.0)
            if qg < 0:           # plain Catalunya cards only: a free step, walk on
                qg = max(q.values()) if q else 0.0
            key = (round(qg, 4), self.q_reveal(p, x, via, 0))
            if best_key is None or key > best_key:
                best_key, best_t = key, ("reveal", x, via)
        if best_t is not None:
            return best_key[1], best_t
        return super().best(p, walking, depth)


def play(args: tuple[str, int]) -> tuple[int, bool, int, float]:
    """One solo game: (seed, won, decisions, CPU seconds deciding)."""
    who, seed = args
    game = ludoteca.new_game("som", players=1, seed=seed)
    bot = Planner(seed * 10, weights=WEIGHTS, depth=0) if who == "planner" else \
        SomGreedyAgent(seed * 10)
    decisions, cpu = 0, 0.0
    while not game.is_over:
        legal = game.legal_actions(0)
        if len(legal) > 1:
            t = time.process_time()
            action = bot.choose(game, 0)
            cpu += time.process_time() - t
            decisions += 1
        else:
            action = legal[0]
        game.apply(action, seat=0)
    return seed, bool(game.result.winners), decisions, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1000, help="first game's seed")
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args()
    if a.games < 1 or a.workers < 1:
        sys.exit("som_solo_planner: --games and --workers must be 1 or more")
    sys.setrecursionlimit(100000)
    seeds = range(a.seed, a.seed + a.games)
    with ProcessPoolExecutor(a.workers) as pool:
        for who in ("planner", "greedy"):
            got = list(pool.map(play, [(who, s) for s in seeds], chunksize=4))
            won = sum(r[1] for r in got)
            dec = sum(r[2] for r in got)
            cpu = sum(r[3] for r in got)
            print(f"{who:8s} {won}/{a.games} = {won / a.games:.1%} of seeds {a.seed}-"
                  f"{a.seed + a.games - 1}, {1000 * cpu / max(dec, 1):.2f} ms a decision")


if __name__ == "__main__":
    main()
