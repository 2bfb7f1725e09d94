"""The simulation lab: many seeded games between bots, their statistics, files and reports.

    from ludoteca.sim import SimSpec, run, summarize
    rows = run(SimSpec("som", ("greedy", "random"), games=1000, seed=1), jobs=2)
    print(summarize(rows)["by_seat"])

Modules, one job each: ``runner`` plays one game into a flat row, ``backends`` runs many
(in this process, in local processes, or on Ray), ``stats`` summarises rows, ``output``
writes and reads them (CSV, JSON Lines, Parquet), ``report`` draws an HTML page and
``ladder`` plays a round robin of bots and fits their Bradley–Terry (Elo) ratings.
"""

from __future__ import annotations

from .backends import BACKENDS, run, run_iter
from .runner import SEED_STRIDE, SimError, SimSpec, parse_players, play_row, replay_row
from .stats import summarize, wilson

__all__ = [
    "BACKENDS", "SEED_STRIDE", "SimError", "SimSpec", "parse_players", "play_row", "replay_row",
    "run", "run_iter", "summarize", "wilson",
]
