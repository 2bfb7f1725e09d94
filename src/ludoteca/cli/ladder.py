"""``ludoteca ladder``: a round robin of bots and their Bradley–Terry ratings (Elo scale).

The games are played by the lab's machinery (:mod:`ludoteca.sim`, its backends and parallel
jobs); the fit is :mod:`ludoteca.sim.ladder`. ``main.py`` registers :func:`ladder_cmd`, which
turns mistakes into a one-line message and exit code 2.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from ludoteca.core.errors import LudotecaError
from ludoteca.core.registry import info
from ludoteca.sim import backends
from ludoteca.sim.ladder import LadderSpec, default_bots, fit_ladder, parse_bots
from ludoteca.sim.output import format_of, write_rows
from ludoteca.sim.runner import SimError

from . import lab
from .common import LangOption, console, fail, pick_lang
from .seats import CliError, parse_options


def default_players(game: str) -> int:
    """Two seats, or the game's minimum when it needs more (Siglo XX: 3)."""
    lo, hi = info(game).players
    return min(hi, max(lo, 2))


def ladder(game: str, players: int | None, games: int, bots: str | None, jobs: int,
           out: str | None, seed: int, options: Sequence[str], backend: str, lang: str,
           console: Console, address: str | None = None, bootstrap: int = 1000) -> int:
    """The ``ladder`` command; returns the exit code (130 after Ctrl-C)."""
    info(game)  # an unknown game fails here, naming the games
    names = parse_bots(bots) if bots is not None else default_bots(game)
    spec = LadderSpec(game, names, players=players or default_players(game), games=games,
                      seed=seed, options=parse_options(game, options, lang))
    spec.validate()
    backends.check(jobs, backend, address)
    if bootstrap < 0:
        raise SimError(f"--bootstrap must be at least 0; got {bootstrap}")
    if out:
        format_of(out)  # a bad --out fails before the games, not after
    tables = spec.tables()
    what = "pair" if spec.players == 2 else f"set of {spec.players}"
    console.print(f"[bold]{escape(info(game).title)}[/] ladder · {spec.players} players · "
                  f"{len(names)} bots: {escape(', '.join(names))} · {len(tables)} "
                  f"{_plural(len(tables), 'pair' if spec.players == 2 else 'set of bots')}"
                  f" × {spec.games} games "
                  f"per {what}, seats rotating · seeds {spec.seed}, {spec.seed_of(1)}, … "
                  f"(step 10)" + (f" · options {escape(lab._options_text(spec.options))}"
                                  if spec.options else "")
                  + f" · {backend}" + (f" at {escape(address)}" if address else "")
                  + f", jobs {jobs}")
    err = Console(stderr=True, highlight=False)
    rows, seconds, interrupted = lab.simulate(spec, jobs, backend, err, address)
    if interrupted:
        console.print(f"[yellow]Interrupted: {len(rows)} of {spec.total} games finished; "
                      "the ratings below are for those.[/]")
    rate = len(rows) / seconds if seconds > 0 else math.nan
    console.print(f"{len(rows)} games in {seconds:.1f} s · {rate:,.1f} games/s")
    if rows:
        print_ladder(console, fit_ladder(rows, bootstrap=bootstrap, seed=seed))
    if out:
        fmt = write_rows(out, rows)
        console.print(f"Wrote {len(rows)} rows to {escape(out)} ({fmt}); "
                      f"'ludoteca report {escape(out)}' plots the ratings.")
    return 130 if interrupted else 0


def _plural(n: int, what: str) -> str:
    if n == 1:
        return what
    return "sets of bots" if what == "set of bots" else what + "s"


def _rating(x: float) -> str:
    return "—" if math.isnan(x) else f"{x:.0f}"


def print_ladder(console: Console, ladder) -> None:
    t = lab._table(f"Ratings (Elo scale, {ladder.anchor_text})")
    for col in ("#", "bot", "rating", "95% interval", "games", "score"):
        t.add_column(col, justify="left" if col == "bot" else "right")
    for k, r in enumerate(ladder.ratings, 1):
        t.add_row(str(k), escape(r.bot), _rating(r.rating),
                  f"[{_rating(r.low)}, {_rating(r.high)}]", str(r.games), lab._pct(r.score))
    console.print(t)
    console.print(escape(ladder.describe()) + (
        " Score: the share of the pairwise points (wins 1, draws ½)." if ladder.players > 2
        else " Score: the share of the games' points (wins 1, draws ½)."))
    order = [r.bot for r in ladder.ratings]
    t = lab._table("Head to head (the row's score against the column; games)")
    t.add_column("")
    for k, _ in enumerate(order, 1):
        t.add_column(f"#{k}", justify="right")
    for k, a in enumerate(order, 1):
        cells = []
        for b in order:
            points, n = ladder.head_to_head.get((a, b), (0.0, 0))
            cells.append("" if a == b else "—" if not n else f"{lab._pct(points / n)} ({n})")
        t.add_row(f"#{k} {escape(a)}", *cells)
    console.print(t)


# ----- the command (registered in main.py) ----------------------------------------------------
def ladder_cmd(
    game: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int | None, typer.Option(
        "--players", "-p", help="Seats a game (default 2, or the game's minimum).")] = None,
    games_n: Annotated[int, typer.Option(
        "-n", "--games", help="Games per pair (per set of bots with more players); the "
             "seats rotate.")] = 50,
    bots: Annotated[str | None, typer.Option(
        "--bots", help="The bots, e.g. random,greedy,mcts:iterations=100,mcts:iterations=400 "
             "(the default, plus learned where the game has it).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="Game option NAME=VALUE (repeatable).")] = None,
    seed: Annotated[int, typer.Option(
        "--seed", help="Game j of every seating uses seed SEED + 10·j.")] = 0,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", help="Worker processes (results do not depend on it).")] = 1,
    out: Annotated[str | None, typer.Option(
        "--out", help="Write the games (.csv, .jsonl, .parquet) for 'ludoteca report'.")] = None,
    bootstrap: Annotated[int, typer.Option(
        "--bootstrap", help="Bootstrap resamples for the 95 % intervals.")] = 1000,
    backend: Annotated[str, typer.Option(
        "--backend", help="local (processes) or ray (when installed).")] = "local",
    address: Annotated[str | None, typer.Option(
        "--address", help="With --backend ray: the Ray cluster to run on.")] = None,
    lang: LangOption = None,
) -> None:
    """Rate bots by a round robin: Bradley–Terry ratings, Elo scale (clasificación de bots)."""
    lang = pick_lang(lang)
    try:
        code = ladder(game, players, games_n, bots, jobs, out, seed, option or [], backend,
                      lang, console(), address, bootstrap)
    except (CliError, LudotecaError) as exc:
        fail(exc, lang)
    raise typer.Exit(code)
