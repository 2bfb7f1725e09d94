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

    python bench/som_solo_bound.py              # --align 0: 0.5556, 9 s
    python bench/som_solo_bound.py --align 1    # 0.5655, 3 min, 1.1 million card states

The game and its solver are ``ludoteca.agents.som_relaxed`` (the ``planner`` bot steers by
the same values).
"""

from __future__ import annotations

import argparse
import sys
import time

from ludoteca.agents.som_relaxed import RelaxedSolo
from ludoteca.games.som.tables import default_tables


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--align", type=int, default=0,
                    help="how many Spain events the player may choose to align (default 0)")
    ap.add_argument("--money", type=int, default=8, help="the player's money at the start")
    a = ap.parse_args()
    relaxed = RelaxedSolo.for_tables(default_tables())
    if a.align < 0 or not 0 <= a.money <= relaxed.money:
        sys.exit(f"som_solo_bound: --align must be 0 or more and --money 0 to {relaxed.money}")
    relaxed.align = a.align
    start = time.perf_counter()
    value = relaxed.start_value(a.money)
    print(f"relaxed solo Som, at most {a.align} chosen alignments: the best win chance from the "
          f"start ({a.money} €, tax due) is {value:.4f} "
          f"({relaxed.states} card states, {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
