#!/usr/bin/env python3
"""Write (or check) the relaxed solo Som table that ``bot:planner`` reads: the walking values
of every state of the relaxed game (``ludoteca.agents.som_relaxed``) reachable from the start
of a game with the shipped content, in ``agents/weights/som_relaxed.bin``.

    python tools/som_relaxed_table.py           # solve (about 9 s) and write the table
    python tools/som_relaxed_table.py --check   # solve and compare with the shipped table

Run it again whenever the shipped Som content's numbers change (money, taxes, die, cards):
the planner reads a table only when its numbers are the content's, and solves otherwise.
It solves with the Python solver (the compiled one, ``agents/_som_relaxed.c``, gives the same
values bit for bit; ``tests/test_som_planner.py`` checks it).
"""

from __future__ import annotations

import argparse
import sys
import time

import ludoteca
from ludoteca.agents.som_relaxed import TABLE, RelaxedSolo, table_key
from ludoteca.games.som.tables import default_tables


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="compare a fresh solve with the shipped table instead of writing it")
    args = ap.parse_args()
    relaxed = RelaxedSolo.for_tables(default_tables(), compiled=False)   # every state kept
    started = time.process_time()
    money = ludoteca.new_game("som", players=1, seed=1).value(0)
    start = relaxed.start_value(money)
    took = time.process_time() - started
    print(f"solved {relaxed.states} states in {took:.1f} s of CPU; "
          f"best win chance from the start ({money} €) {start:.4f}")
    if not args.check:
        n = relaxed.save_table(TABLE)
        print(f"wrote {n} states to {TABLE} ({TABLE.stat().st_size / 1e6:.2f} MB)")
        return 0
    shipped = RelaxedSolo.for_tables(default_tables())
    if not shipped.load_table(TABLE):
        print(f"{TABLE}: missing, or made for other numbers", file=sys.stderr)
        return 1
    worst, missing = 0.0, 0
    for (orig, deals, align), (_, walking) in relaxed._solved.items():
        if align or table_key(orig, deals) is None:
            continue
        stored = shipped.table_values(orig, deals)
        if stored is None:
            missing += 1
            continue
        worst = max(worst, max(abs(a - b) for a, b in zip(walking, stored, strict=True)))
    extra = len(shipped._rows) - (relaxed.states - missing)
    print(f"table: {len(shipped._rows)} states; missing {missing}, extra {extra}; "
          f"largest difference {worst:.2e}")
    return 0 if not missing and not extra and worst < 1e-6 else 1


if __name__ == "__main__":
    sys.exit(main())
