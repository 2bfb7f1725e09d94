#!/usr/bin/env python3
"""An upper bound on how often a fair player can win solo Som (high centralism, mode A, the
shipped content): the exact best win chance of a relaxed solo game, solved by dynamic
programming over what a fair player knows.

The relaxed game keeps what a player who cannot see the face-down cards knows (how many cards
of each kind lie under the cells each Spain event dealt, and under the cells never dealt again:
the views' ``deals``), the money (36 € between the player and Hisenda; 3 € of tax a turn, 2 €
with ATC face up; the die's 4 / 2 / 0 €; 3 € for an economic-capacity card turned; a DUI when
Hisenda cannot pay) and the turn (an urna, world or Spain card ends it; a Catalunya card lets
the player go on). It gives the player more than the rules do:

- every face-down cell is within reach at every step (no map, no walking);
- he may stop whenever he likes, or not move at all in a turn;
- a Spain card turned stays face up (``--align 0``), or, up to ``--align`` times, he may choose
  to send it back under the map with 1 to all of the face-up Spain cards (SOM-12.6);
- change is never lost (SOM-14.5).

Catalunya cards without a symbol are left out: under free reach turning one changes nothing.
A player who follows the rules and cannot see the face-down cells has no choice the relaxed
player lacks, so the figure bounds his win chance from above, as long as he lets Spain cards
align no more often than ``--align`` (unbounded alignments were not computed: the states grow
from 84 thousand to 1.1 million with one) and leaving aside Hisenda's rare extra euro
(SOM-14.9), which the relaxed game never pays.

    python bench/som_solo_bound.py              # --align 0: 0.5556, 11 s
    python bench/som_solo_bound.py --align 1    # 0.5655, 3 min, 1.1 million card states
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import cache

XMAX = 36                                  # all the money in a solo game
DIE = ((4, 1 / 6), (2, 4 / 6), (0, 1 / 6))
TAX, TAX_ATC, ECO = 3, 2, 3
ALIGN = 0                                  # set by main()


def turn_values(a_up: int, W: list[float]) -> list[float]:
    """Start-of-turn win chances per money, from the walking ones ``W``: tax, then the die."""
    tax = TAX_ATC if a_up else TAX
    T = []
    for x in range(XMAX + 1):
        if x < tax:
            T.append(0.0)
            continue
        y = x - tax
        v = 0.0
        for d, pr in DIE:
            v += pr * (1.0 if XMAX - y < d else W[min(y + d, XMAX)])
        T.append(v)
    return T


def norm(deals: list) -> tuple:
    """A canonical form of the deals (empty ones dropped)."""
    return tuple(sorted(d for d in deals if any(d)))


def group_outcomes(orig: tuple, deals: tuple, align_left: int) -> list[list[tuple]]:
    """What turning a card of each group may lead to: one list per group (the cells never
    dealt again first, if any, then ``deals`` in order) of (chance, kind, values): kind "T" for
    a turn that ends (values per money at the next turn's start; None: the consulta, won),
    "K" for an economic-capacity card (walking on with 3 € more), "W" for walking on."""
    u_o, s_o, m_o, k_o, a_o = orig
    p = 4 - u_o - sum(d[0] for d in deals)
    k_up = 3 - k_o - sum(d[1] for d in deals)
    a_up = 1 - a_o - sum(d[2] for d in deals)
    s_up = 4 - s_o - sum(d[3] for d in deals)

    def spain(new_orig: tuple, new_deals: list) -> list[float]:
        """T values after a Spain event (its card already taken out of its group)."""
        best = solve(new_orig, norm([*new_deals, (p, k_up, a_up, 0)]), align_left)[0]
        if align_left and s_up:
            for j in range(1, s_up + 1):
                alt = solve(new_orig, norm([*new_deals, (p, k_up, a_up, 1 + j)]),
                            align_left - 1)[0]
                best = [max(a, b) for a, b in zip(best, alt, strict=True)]
        return best

    def ends(new_orig: tuple, new_deals: list) -> list[float]:
        return solve(new_orig, norm(new_deals), align_left)[0]

    def walks(new_orig: tuple, new_deals: list) -> list[float]:
        return solve(new_orig, norm(new_deals), align_left)[1]

    groups = []
    n_o = u_o + s_o + m_o + k_o + a_o
    if n_o:
        d = list(deals)
        outs = []
        if u_o:
            outs.append((u_o / n_o, "T", None if p + 1 >= 4 else
                         ends((u_o - 1, s_o, m_o, k_o, a_o), d)))
        if s_o:
            outs.append((s_o / n_o, "T", spain((u_o, s_o - 1, m_o, k_o, a_o), d)))
        if m_o:
            outs.append((m_o / n_o, "T", ends((u_o, s_o, m_o - 1, k_o, a_o), d)))
        if k_o:
            outs.append((k_o / n_o, "K", walks((u_o, s_o, m_o, k_o - 1, a_o), d)))
        if a_o:
            outs.append((a_o / n_o, "W", walks((u_o, s_o, m_o, k_o, a_o - 1), d)))
        groups.append(outs)
    for i, (u, k, a, s) in enumerate(deals):
        n = u + k + a + s
        rest = list(deals[:i]) + list(deals[i + 1:])
        outs = []
        if u:
            outs.append((u / n, "T", None if p + 1 >= 4 else ends(orig, [*rest, (u - 1, k, a, s)])))
        if k:
            outs.append((k / n, "K", walks(orig, [*rest, (u, k - 1, a, s)])))
        if a:
            outs.append((a / n, "W", walks(orig, [*rest, (u, k, a - 1, s)])))
        if s:
            outs.append((s / n, "T", spain(orig, [*rest, (u, k, a, s - 1)])))
        groups.append(outs)
    return groups


def group_value(outs: list[tuple], x: int) -> float:
    """The win chance of turning a card of a group (:func:`group_outcomes`) with ``x`` €."""
    v = 0.0
    for pr, kind, arr in outs:
        if arr is None:
            v += pr
        elif kind == "K":
            v += pr * (1.0 if XMAX - x < ECO else arr[x + ECO])
        else:
            v += pr * arr[x]
    return v


@cache
def solve(orig: tuple, deals: tuple, align_left: int) -> tuple[list[float], list[float]]:
    """orig = (u, s, m, k, a) never dealt again; deals = sorted tuple of (u, k, a, s).
    Returns (T, W) per money: start of a turn (tax due), walking."""
    a_up = 1 - orig[4] - sum(d[2] for d in deals)
    groups = group_outcomes(orig, deals, align_left)
    fixed = [max((group_value(outs, x) for outs in groups), default=0.0)
             for x in range(XMAX + 1)]
    W = fixed[:]
    for _ in range(100000):
        T = turn_values(a_up, W)
        W2 = [max(fixed[x], T[x]) for x in range(XMAX + 1)]
        if max(abs(a - b) for a, b in zip(W, W2, strict=True)) < 1e-13:
            W = W2
            break
        W = W2
    return turn_values(a_up, W), W


def main() -> None:
    global ALIGN
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--align", type=int, default=0,
                    help="how many Spain events the player may choose to align (default 0)")
    ap.add_argument("--money", type=int, default=8, help="the player's money at the start")
    a = ap.parse_args()
    if a.align < 0 or not 0 <= a.money <= XMAX:
        sys.exit(f"som_solo_bound: --align must be 0 or more and --money 0 to {XMAX}")
    ALIGN = a.align
    sys.setrecursionlimit(100000)
    start = time.perf_counter()
    turn, _ = solve((4, 4, 11, 3, 1), (), ALIGN)
    print(f"relaxed solo Som, at most {ALIGN} chosen alignments: the best win chance from the "
          f"start ({a.money} €, tax due) is {turn[a.money]:.4f} "
          f"({solve.cache_info().currsize} card states, {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
