"""``ludoteca sim`` and ``ludoteca report``: the simulation lab at the command line.

``main.py`` declares the commands and turns the errors raised here (CliError, LudotecaError)
into a one-line message and exit code 2.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table as RichTable
from rich.text import Text

from ludoteca.core.registry import info
from ludoteca.sim import backends, stats
from ludoteca.sim.backends import run_iter
from ludoteca.sim.output import format_of, read_rows, write_rows
from ludoteca.sim.runner import SimError, SimSpec, parse_players, players_spec

from .seats import CliError, convert_option, parse_options

Row = dict[str, Any]
LANG: ContextVar[str] = ContextVar("lab_lang", default="en")
# the lab's English words -> Spanish (``--lang es``)
SPANISH = {
    "{n} games": "{n} partidas", " × {n} settings": " × {n} configuraciones",
    " · players {p}": " · jugadores {p}", " · options {o}": " · opciones {o}",
    " · seeds {a}, {b}, … (step 10)": " · semillas {a}, {b}, … (de 10 en 10)",
    " at {a}": " en {a}", ", jobs {j}": ", procesos {j}",
    "Interrupted: {n} of {total} games finished; the figures below are for those.":
        "Interrumpido: {n} de {total} partidas terminadas; las cifras de abajo son de esas.",
    "{n} games in {s} s · {rate} games/s": "{n} partidas en {s} s · {rate} partidas/s",
    "Wrote {n} rows to {out} ({fmt}).": "Escritas {n} filas en {out} ({fmt}).",
    "Setting: {label}": "Configuración: {label}",
    "Win rate by seat (shared wins split; 95% Wilson interval)":
        "Victorias por asiento (las compartidas se reparten; intervalo de Wilson al 95 %)",
    "seat": "asiento", "bot": "bot", "wins": "victorias", "games": "partidas",
    "rate": "tasa", "95% interval": "intervalo 95 %", "fair": "justa", "seats": "asientos",
    "Win rate by bot (each seat it held is one trial)":
        "Victorias por bot (cada asiento que ocupó es un intento)",
    "Game length (actions)": "Duración de la partida (acciones)",
    "mean": "media", "stdev": "desv.", "End reasons": "Cómo acaban",
    "reason": "motivo", "share": "proporción",
    "The game's own figures (over the games that report them; seat numbers counted per "
    "seat: in how many games the figure names that seat)":
        "Las cifras del juego (sobre las partidas que las dan; los números de asiento se "
        "cuentan por asiento: en cuántas partidas la cifra nombra ese asiento)",
    "figure": "cifra", "over games": "sobre partidas", "value": "valor",
    "seat {s}": "asiento {s}", "{name} (seat named: games)": "{name} (asiento nombrado: "
    "partidas)", "{name} (share of yes)": "{name} (proporción de sí)",
    "{name} (mean)": "{name} (media)", "no seat: {n}": "ningún asiento: {n}",
    "seat {s}: {c}": "asiento {s}: {c}", " ({a} of {b})": " ({a} de {b})",
    "By setting (win rates split shared wins; 95% Wilson intervals)":
        "Por configuración (las victorias compartidas se reparten; intervalos de Wilson al "
        "95 %)",
    "win seat {s} ({bot})": "victorias asiento {s} ({bot})", "win {bot}": "victorias {bot}",
    "length mean ± sd": "duración media ± desv.",
    "length median (p5–p95 range)": "duración mediana (rango p5–p95)",
    "ends: {reason}": "final: {reason}", " over {what}": " sobre {what}",
    "Wrote the report on {n} games to {out}.": "Escrito el informe de {n} partidas en {out}.",
    "games/s": "partidas/s", "left": "quedan",
}


def reason_words(reason: str) -> str:
    """An end reason in the lab's language (``limit`` → ``límite``)."""
    from ludoteca.sim.stats import REASONS_ES

    return REASONS_ES.get(reason, reason) if LANG.get() == "es" else reason


def _w(text: str, **fields: object) -> str:
    """``text`` in the lab's language (``--lang``), with ``fields`` filled in."""
    words = SPANISH.get(text, text) if LANG.get() == "es" else text
    return words.format(**fields) if fields else words


# ----- reading the command line ---------------------------------------------------------------
def default_bots(game: str) -> tuple[str, ...]:
    """Greedy bots in as many seats as the game's minimum (at least two when it allows)."""
    lo, hi = info(game).players
    return ("greedy",) * min(hi, max(lo, 2))


def read_players(game: str, players: str | None) -> tuple[str, ...]:
    if players is None:
        return default_bots(game)
    text = players.strip()
    if text.isdigit():  # a count: that many greedy bots
        return ("greedy",) * int(text)
    return parse_players(text)


def read_vary(game: str, items: Sequence[str]) -> dict[str, list[Any]]:
    """``["centralism=medio,elevado"]`` -> ``{"centralism": ["medio", "elevado"]}``."""
    specs = info(game).options
    out: dict[str, list[Any]] = {}
    for item in items:
        name, sep, values = item.partition("=")
        name = name.strip()
        if not sep or not name or not values.strip():
            raise CliError(f"--vary {item!r}: write NAME=VALUE1,VALUE2,… "
                           "e.g. centralism=medio,elevado,intenso")
        if name in out:
            raise CliError(f"--vary {name} is given twice")
        spec = specs.get(name)
        if spec is None:
            allowed = ", ".join(sorted(specs)) or "none"
            raise CliError(f"--vary: {game} has no option {name!r}; allowed options: {allowed}")
        out[name] = [convert_option(v, spec.default, spec.choices)
                     for v in (v.strip() for v in values.split(",")) if v]
    return out


# ----- running --------------------------------------------------------------------------------
def _rate(task) -> float | None:
    """Games per second since the start (chunks finish in bursts: no short-window speed)."""
    elapsed = task.elapsed
    return task.completed / elapsed if task.completed and elapsed else None


class RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task) -> Text:
        rate = _rate(task)
        per_s = _w("games/s")
        return Text(f"{rate:,.1f} {per_s}" if rate else f"– {per_s}", style="cyan")


class LeftColumn(ProgressColumn):
    """Time left at the rate so far."""

    def render(self, task) -> Text:
        rate = _rate(task)
        if not rate or task.total is None:
            return Text(_w("left") + " -:--:--", style="cyan")
        left = int((task.total - task.completed) / rate)
        return Text(f"{_w('left')} {left // 3600}:{left // 60 % 60:02d}:{left % 60:02d}",
                    style="cyan")


def simulate(spec: SimSpec, jobs: int, backend: str, err: Console,
             address: str | None = None) -> tuple[list[Row], float, bool]:
    """Play ``spec`` with a progress bar on ``err``: (rows by index, seconds, interrupted)."""
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TextColumn(_w("games")), RateColumn(), TimeElapsedColumn(), LeftColumn(), console=err,
        disable=not err.is_terminal, redirect_stdout=False, redirect_stderr=False)
    rows: list[Row] = []
    interrupted = False
    start = time.perf_counter()
    with progress:
        task = progress.add_task(spec.game, total=spec.total)
        try:
            with contextlib.closing(run_iter(spec, jobs, backend, address=address)) as chunks:
                for done in chunks:
                    rows.extend(done)
                    progress.advance(task, len(done))
        except KeyboardInterrupt:
            interrupted = True
    rows.sort(key=lambda r: r["index"])
    return rows, time.perf_counter() - start, interrupted


def sim(game: str, games: int, players: str | None, options: Sequence[str], seed: int,
        jobs: int, vary: Sequence[str], out: str | None, backend: str, lang: str,
        console: Console, address: str | None = None) -> int:
    """The ``sim`` command; returns the exit code (130 after Ctrl-C)."""
    token = LANG.set(lang)
    try:
        return _sim(game, games, players, options, seed, jobs, vary, out, backend, lang,
                    console, address)
    finally:
        LANG.reset(token)


def _sim(game: str, games: int, players: str | None, options: Sequence[str], seed: int,
         jobs: int, vary: Sequence[str], out: str | None, backend: str, lang: str,
         console: Console, address: str | None = None) -> int:
    info(game)  # an unknown game fails here, naming the games
    bots = read_players(game, players)
    spec = SimSpec(game, bots, games=games, seed=seed,
                   options=parse_options(game, options, lang), vary=read_vary(game, vary))
    spec.validate()
    backends.check(jobs, backend, address)
    if out:
        format_of(out)  # a bad --out fails before the games, not after
    err = Console(stderr=True, highlight=False)
    settings = spec.settings()
    console.print(f"[bold]{escape(info(game).title)}[/] · " + _w("{n} games", n=spec.games)
                  + (_w(" × {n} settings", n=len(settings)) if len(settings) > 1 else "")
                  + _w(" · players {p}", p=escape(players_spec(bots)))
                  + (_w(" · options {o}", o=escape(_options_text(spec.options)))
                     if spec.options else "")
                  + _w(" · seeds {a}, {b}, … (step 10)", a=spec.seed, b=spec.seed_of(1))
                  + f" · {backend}" + (_w(" at {a}", a=escape(address)) if address else "")
                  + _w(", jobs {j}", j=jobs))
    rows, seconds, interrupted = simulate(spec, jobs, backend, err, address)
    rate = len(rows) / seconds if seconds > 0 else math.nan
    if interrupted:
        console.print(_w("Interrupted: {n} of {total} games finished; the figures below are "
                         "for those.", n=len(rows), total=spec.total), style="yellow")
    console.print(_w("{n} games in {s} s · {rate} games/s", n=len(rows), s=f"{seconds:.1f}",
                     rate=f"{rate:,.1f}"))
    if rows:
        print_stats(console, rows)
    if out:
        fmt = write_rows(out, rows)
        console.print(_w("Wrote {n} rows to {out} ({fmt}).", n=len(rows), out=escape(out),
                         fmt=fmt))
    return 130 if interrupted else 0


def _options_text(options: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in options.items())


# ----- printing the statistics ----------------------------------------------------------------
def _pct(x: float) -> str:
    return "—" if math.isnan(x) else f"{100 * x:.1f}%"


def _interval(r: stats.Rate) -> str:
    return f"[{_pct(r.low)}, {_pct(r.high)}]"


def _num(x: float | None) -> str:
    if x is None or math.isnan(x):
        return "—"
    return f"{x:,.2f}" if abs(x) < 1e5 else f"{x:,.0f}"


def _table(title: str) -> RichTable:
    return RichTable(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold")


def print_stats(console: Console, rows: Sequence[Row]) -> None:
    groups = stats.split_by_setting(rows)
    if len(groups) == 1:
        label = next(iter(groups))
        if label:   # one setting of a --vary run (e.g. after Ctrl-C): say which
            console.print(Text(_w("Setting: {label}", label=label), style="bold"))
        print_one(console, rows)
    else:
        print_side_by_side(console, groups)


def print_one(console: Console, rows: Sequence[Row]) -> None:
    s = stats.summarize(rows)
    bots = parse_players(rows[0]["players"])
    t = _table(_w("Win rate by seat (shared wins split; 95% Wilson interval)"))
    for col in ("seat", "bot", "wins", "games", "rate", "95% interval", "fair"):
        t.add_column(_w(col), justify="left" if col == "bot" else "right")
    for seat, r in enumerate(s["by_seat"]):
        t.add_row(str(seat), escape(bots[seat]) if seat < len(bots) else "", _num(r.wins),
                  str(r.n), _pct(r.rate), _interval(r), _pct(r.fair))
    console.print(t)
    t = _table(_w("Win rate by bot (each seat it held is one trial)"))
    for col in ("bot", "wins", "seats", "rate", "95% interval", "fair"):
        t.add_column(_w(col), justify="left" if col == "bot" else "right")
    for bot, r in s["by_bot"].items():
        t.add_row(escape(bot), _num(r.wins), str(r.n), _pct(r.rate), _interval(r), _pct(r.fair))
    console.print(t)
    length = s["length"]
    t = _table(_w("Game length (actions)"))
    keys = ("mean", "stdev", "min", "p5", "p25", "p50", "p75", "p95", "max")
    for key in keys:
        t.add_column(_w(key), justify="right")
    t.add_row(*(_num(length[k]) for k in keys))
    console.print(t)
    t = _table(_w("End reasons"))
    t.add_column(_w("reason"))
    t.add_column(_w("games"), justify="right")
    t.add_column(_w("share"), justify="right")
    for reason, (count, share) in s["reasons"].items():
        t.add_row(escape(reason_words(reason)), str(count), _pct(share))
    console.print(t)
    if s["figures"]:
        t = _table(_w("The game's own figures (over the games that report them; seat numbers "
                      "counted per seat: in how many games the figure names that seat)"))
        t.add_column(_w("figure"))
        t.add_column(_w("over games"), justify="right")
        t.add_column(_w("value"), justify="right")
        for seat in range(len(bots)):
            t.add_column(_w("seat {s}", s=seat), justify="right")
        for f in s["figures"]:
            t.add_row(escape(figure_name(f)), escape(f.over_in(LANG.get())), figure_value(f),
                      *figure_seats(f, len(bots)))
        console.print(t)


def figure_name(f: stats.Figure) -> str:
    if f.kind == "seats":
        return _w("{name} (seat named: games)", name=f.name)
    if f.kind == "share":
        return _w("{name} (share of yes)", name=f.name)
    return _w("{name} (mean)", name=f.name)


def figure_value(f: stats.Figure) -> str:
    if f.kind == "seats":
        return _w("no seat: {n}", n=f.other) if f.other else "—"
    return _pct(f.mean) if f.kind == "share" else _num(f.mean)


def figure_seats(f: stats.Figure, n_seats: int) -> list[str]:
    if f.kind == "seats":
        return [str(c) for c in f.counts or ()]
    if f.per_seat is None:
        return [""] * n_seats
    return [_pct(x) if f.kind == "share" else _num(x) for x in f.per_seat]


def figure_text(f: stats.Figure) -> str:
    """One cell for the side-by-side table: the value and which games it is over."""
    if f.kind == "seats":
        text = " · ".join(_w("seat {s}: {c}", s=s, c=c) for s, c in enumerate(f.counts or ()))
        if f.other:
            text += " · " + _w("no seat: {n}", n=f.other)
    else:
        text = _pct(f.mean) if f.kind == "share" else _num(f.mean)
    return text + (_w(" ({a} of {b})", a=f.games, b=f.of) if f.subset else "")


def print_side_by_side(console: Console, groups: dict[str, list[Row]]) -> None:
    sums = {label: stats.summarize(rows) for label, rows in groups.items()}
    bots = parse_players(next(iter(groups.values()))[0]["players"])
    t = _table(_w("By setting (win rates split shared wins; 95% Wilson intervals)"))
    t.add_column("")
    for label in groups:
        t.add_column(escape(label), justify="right")
    section = t.add_row
    section(_w("games"), *(str(s["games"]) for s in sums.values()))
    for seat in range(len(bots)):
        section(_w("win seat {s} ({bot})", s=seat, bot=escape(bots[seat])),
                *(_rate_text(s["by_seat"], seat) for s in sums.values()))
    for bot in dict.fromkeys(b for s in sums.values() for b in s["by_bot"]):
        section(_w("win {bot}", bot=escape(bot)),
                *(_rate_text(s["by_bot"], bot) for s in sums.values()))
    section(_w("length mean ± sd"), *(f"{_num(s['length']['mean'])} ± {_num(s['length']['stdev'])}"
                                  for s in sums.values()))
    section(_w("length median (p5–p95 range)"),
            *(f"{_num(s['length']['p50'])} (p5–p95: {_num(s['length']['p5'])}–"
              f"{_num(s['length']['p95'])})" for s in sums.values()))
    for reason in dict.fromkeys(k for s in sums.values() for k in s["reasons"]):
        section(_w("ends: {reason}", reason=escape(reason_words(reason))),
                *(_pct(s["reasons"].get(reason, (0, 0.0))[1]) for s in sums.values()))
    by_name = [{f.name: f for f in s["figures"]} for s in sums.values()]
    for name in dict.fromkeys(f.name for s in sums.values() for f in s["figures"]):
        first = next(b[name] for b in by_name if name in b)
        label = figure_name(first)
        subsets = {b[name].subset for b in by_name if name in b} - {""}
        if subsets:
            label += _w(" over {what}", what=" / ".join(sorted(subsets)))
        section(escape(label), *(escape(figure_text(b[name])) if name in b else "—"
                                 for b in by_name))
    console.print(t)


def _rate_text(rates: Any, key: Any) -> str:
    try:
        r = rates[key]
    except (KeyError, IndexError):
        return "—"
    return f"{_pct(r.rate)} {_interval(r)}"


# ----- report ---------------------------------------------------------------------------------
def report(file: str, out: str, console: Console, lang: str = "en") -> int:
    from ludoteca.sim.report import write_report

    token = LANG.set(lang)
    try:
        return _report(file, out, console, lang, write_report)
    finally:
        LANG.reset(token)


def _report(file: str, out: str, console: Console, lang: str, write_report: Any) -> int:
    rows = read_rows(file)
    if not rows:
        raise SimError(f"{file} holds no games")
    missing = [c for c in ("game", "players", "winners", "reason", "length", "seed")
               if c not in rows[0]]
    if missing:
        raise SimError(f"{file} is not a file of ludoteca sim rows (no column "
                       f"{', '.join(missing)})")
    try:
        write_report(rows, out, lang=lang)
    except OSError as exc:
        raise SimError(f"cannot write {out}: {exc.strerror or exc}") from None
    console.print(_w("Wrote the report on {n} games to {out}.", n=len(rows), out=escape(out)))
    return 0
