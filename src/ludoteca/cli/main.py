"""``ludoteca``: the command line. ``games``, ``rules GAME``, ``play GAME``, ``replay FILE``,
the lab: ``sim GAME``, ``ladder GAME`` and ``report FILE``, and the web table: ``serve``.

Mistakes in what the user asks for (an unknown game, option, bot or file) end with a
one-line message on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import re
import sys
from typing import Annotated

import typer
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table as RichTable
from rich.text import Text

from ludoteca.agents import agent_names
from ludoteca.core.errors import LudotecaError
from ludoteca.core.record import start_of, walk
from ludoteca.core.registry import games, info, new_game

from . import render
from .common import LangOption, console, fail, pick_lang
from .content import app as content_app
from .ladder import ladder_cmd
from .messages import actions, tr
from .table import (
    TABLE_COMMANDS,
    CliError,
    Table,
    attach_bots,
    bot_label,
    parse_options,
    parse_players,
    read_record,
    restore,
    saved_seats,
)
from .tables import app as tables_app
from .teacher import app as teacher_app

app = typer.Typer(
    name="ludoteca", add_completion=False, no_args_is_help=True,
    pretty_exceptions_enable=False, rich_markup_mode=None,
    help="Play, read and replay Spanish-language economic board games "
         "(juega, lee y reproduce juegos de tablero).")



def version_text() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"ludoteca {version('ludoteca')}"
    except PackageNotFoundError:
        return "ludoteca (unknown version)"


def _version(value: bool) -> None:
    if value:
        print(version_text())
        raise typer.Exit(0)


@app.callback()
def main_callback(
    show_version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Print the version and exit (muestra la versión).")] = False,
) -> None:
    """Play, read and replay Spanish-language economic board games (juega, lee y reproduce
    juegos de tablero)."""


# ----- games ---------------------------------------------------------------------------------
RULE_CODE = r"(?:XX-[A-Z]\.\d+|[GX]\d+)"


def plain_help(text: str, lang: str) -> str:
    """An option's help for people: without rule codes (G13, XX-S.20, ruling X1) or JSON
    words (null, true, false)."""
    code = RULE_CODE
    text = re.sub(r"\b(?:ruling|criterio)\s+" + code + r",?\s*", "", text)
    text = re.sub(r"\(\s*" + code + r"(?:\s*,\s*" + code + r")*\s*\)", "", text)
    text = re.sub(r"\(\s*" + code + r"\s*[,;]\s*", "(", text)
    text = re.sub(r"\s*[,;]\s*" + code + r"\b", "", text)
    text = re.sub(r"\s*\b" + code + r"\b", "", text)
    words = {"null": ("sin fijar", "unset"), "true": ("sí", "yes"), "false": ("no", "no")}
    for word, (es, en) in words.items():
        text = re.sub(rf"\b{word}\b", es if lang == "es" else en, text)
    text = re.sub(r"\(\s*\)", "", text)
    text = re.sub(r"\s+([,;.)])", r"\1", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def value_words(value: object, lang: str, spec: object = None) -> str:
    """An option value in words: sí/no for booleans, "—" for none, a choice's label."""
    labels = getattr(spec, "choice_labels", ()) or ()
    choices = getattr(spec, "choices", None) or ()
    for choice, pair in zip(choices, labels, strict=False):
        if choice == value and type(choice) is type(value):
            label = pair[0] if lang == "es" else pair[1]
            if isinstance(value, bool) or str(value).lower() in label.lower():
                return label
            return f"{value} ({label})"
    if isinstance(value, bool):
        return tr(lang, "yes") if value else "no"
    if value is None:
        return "—"
    return str(value)


def options_block(game_id: str, lang: str) -> RenderableType:
    """A game's options: name, what it is, default and choices in words, help."""
    gi = info(game_id)
    if not gi.options:
        return Text("  " + tr(lang, "no_options"), style="dim")
    grid = RichTable.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column(ratio=1)
    for name, spec in gi.options.items():
        title = (spec.title[0] if lang == "es" else spec.title[1]) or ""
        text = Text()
        if title:
            text.append(title, style="bold")
            text.append(". ")
        help_text = spec.help_es if lang == "es" and spec.help_es else spec.help
        if help_text:
            helped = plain_help(help_text, lang)
            text.append(helped[:1].upper() + helped[1:] + ("" if helped.endswith(".") else "."))
        text.append(" " + tr(lang, "default").capitalize() + ": ", style="dim")
        text.append(value_words(spec.default, lang, spec))
        if spec.choices is not None and not all(isinstance(c, bool) for c in spec.choices):
            text.append(" · " + tr(lang, "choices") + ": ", style="dim")
            text.append(", ".join(value_words(c, lang, spec) for c in spec.choices))
        elif spec.choices is not None or isinstance(spec.default, bool):
            text.append(" · " + tr(lang, "choices") + ": ", style="dim")
            text.append(tr(lang, "yes_no"))
        grid.add_row(name, text)
    return Padding(grid, (0, 0, 0, 2))


@app.command("games")
def games_cmd(lang: LangOption = None) -> None:
    """List the games, their player counts, options and bots (lista los juegos)."""
    lang = pick_lang(lang)
    out = console()
    out.print(Text(tr(lang, "games_title"), style="bold underline"))
    for game_id in games():
        gi = info(game_id)
        lo, hi = gi.players
        out.print()
        head = Text.assemble((game_id, "bold cyan"), " · ", (gi.title, "bold"), " · ",
                             tr(lang, "n_players", n=f"{lo}–{hi}" if lo != hi else str(lo)))
        out.print(head)
        out.print(Padding(Text.assemble((tr(lang, "col_bots") + ": ", "dim"),
                                        ", ".join(agent_names(game_id))), (0, 0, 0, 2)))
        out.print(Padding(Text(tr(lang, "col_options"), style="dim"), (0, 0, 0, 2)))
        out.print(options_block(game_id, lang))
    out.print()
    out.print(tr(lang, "games_hint"), style="dim")


# ----- rules ---------------------------------------------------------------------------------
@app.command("rules")
def rules_cmd(game: Annotated[str, typer.Argument(metavar="GAME")],
              lang: LangOption = None) -> None:
    """Show a game's rules summary and its actions (resumen de reglas y acciones)."""
    lang = pick_lang(lang)
    try:
        gi = info(game)
    except LudotecaError as exc:
        fail(exc, lang)
    out = console()
    out.rule(escape(tr(lang, "rules_title", title=gi.title)), style="bold")
    summary = gi.summary.get(lang) or gi.summary.get("en") or gi.summary.get("es") or ""
    for paragraph in summary.split("\n"):
        out.print(Text(plain_help(paragraph, lang) if paragraph.strip() else ""))
        out.print()
    out.print(Text(tr(lang, "grammar_title"), style="bold"))
    out.print(render.grammar_block(game, lang))
    out.print()
    out.print(Text(tr(lang, "col_options"), style="bold"))
    out.print(options_block(game, lang))
    out.print()
    out.print(Text(tr(lang, "table_title"), style="bold"))
    for key in TABLE_COMMANDS:
        out.print(Padding(Text(tr(lang, key)), (0, 0, 0, 2)))


# ----- play ----------------------------------------------------------------------------------
@app.command("play")
def play_cmd(
    game: Annotated[str | None, typer.Argument(
        metavar="GAME", help="qytetet, civitas… (optional with --load)")] = None,
    players: Annotated[str | None, typer.Option(
        "--players", "-p",
        help='Seats, e.g. "Ana,bot:greedy,bot:random", or a number of people (J1..Jn). '
             "Default: the game's minimum, all people.")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Fixes all chance (reproducible).")] = None,
    lang: LangOption = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o",
        help="Game option NAME=VALUE, e.g. max_rounds=50 (repeatable).")] = None,
    load: Annotated[str | None, typer.Option(
        "--load", help="Resume a game saved with 'guardar FILE'.")] = None,
) -> None:
    """Play a game at the terminal (juega una partida)."""
    lang = pick_lang(lang)
    out = console()
    loaded = ""
    try:
        if load:
            if seed is not None:
                raise CliError(tr(lang, "load_conflict", flag="--seed"))
            if option:
                raise CliError(tr(lang, "load_conflict", flag="--option"))
            rec = read_record(load, lang)
            if game and game != rec["game"]:
                raise CliError(tr(lang, "game_mismatch", file=load, saved=rec["game"],
                                  game=game))
            seats = saved_seats(rec, load, lang)
            if players:
                given = parse_players(players, lang)
                if len(given) != len(seats):
                    raise CliError(tr(lang, "seat_count", given=len(given), saved=len(seats)))
                seats = given
            attach_bots(seats, rec["game"], rec["seed"], lang)
            the_game, log = load_game(rec, seats, out, lang)
            table = Table(the_game, seats, lang, out, log=log, save_default=load)
            loaded = tr(lang, "loaded", file=escape(load), n=actions(lang, len(log)))
        else:
            if not game:
                raise CliError(tr(lang, "no_game", games=", ".join(games())))
            gi = info(game)
            seats = parse_players(players or str(gi.players[0]), lang)
            opts = parse_options(game, option or [], lang)
            the_game = new_game(game, players=[s.name for s in seats], seed=seed, options=opts)
            attach_bots(seats, game, the_game.seed, lang)
            table = Table(the_game, seats, lang, out)
    except (CliError, LudotecaError) as exc:
        fail(exc, lang)
    names = ", ".join(s.name + (f" ({label})" if label else "")
                      for s, label in zip(seats, table.labels, strict=True))
    out.print(f"[bold]{escape(info(the_game.game_id).title)}[/] · "
              + escape(tr(lang, "seats", seats=names, seed=the_game.seed)))
    if loaded:
        out.print(loaded)
    raise typer.Exit(table.play())


def load_game(rec: dict, seats: list, out: Console, lang: str) -> tuple:
    """Rebuild a saved game from its actions, with a progress bar for a long record."""
    n = len(rec["actions"])
    if n < 200 or not out.is_terminal:
        return restore(rec, seats)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=out, transient=True) as progress:
        task = progress.add_task(tr(lang, "loading"), total=n)
        return restore(rec, seats,
                       progress=lambda done, total: progress.update(task, completed=done))


# ----- replay --------------------------------------------------------------------------------
@app.command("replay")
def replay_cmd(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A saved game or record (JSON).")],
    lang: LangOption = None,
    step: Annotated[bool | None, typer.Option(
        "--step/--no-step",
        help="Wait for Enter between actions (default: when stdin is a terminal).")] = None,
) -> None:
    """Step through a recorded game, in words (reproduce una partida grabada)."""
    lang = pick_lang(lang)
    out = console()
    try:
        rec = read_record(file, lang)
        try:
            seats = saved_seats(rec, file, lang)
        except CliError:
            seats = []
    except (CliError, LudotecaError) as exc:
        fail(exc, lang)
    if step is None:
        step = sys.stdin.isatty()
    game = start_of(rec)
    labels = [bot_label(s.name, s.bot) for s in seats] if seats else [""] * game.n_players
    n = len(rec["actions"])
    out.rule(escape(tr(lang, "replay_title", title=info(game.game_id).title)), style="bold")
    out.print(escape(tr(lang, "replay_info", names=", ".join(game.names), seed=game.seed,
                        n=actions(lang, n))))
    try:
        for i, (game, seat, text, events) in enumerate(walk(rec), 1):
            entry = render.Entry(seat, text, tuple(events))
            for line in render.entry_lines(game, entry, lang, labels, indent=6,
                                           prefix=f"{i:>4}. "):
                out.print(line)
            if step and i < n:
                try:
                    answer = out.input(escape(tr(lang, "step_prompt")))
                except EOFError:
                    answer = "q"
                    out.print()
                if answer.strip().lower() in ("q", "quit", "salir"):
                    step = False
    except KeyboardInterrupt:
        out.print()
        raise typer.Exit(130) from None
    if game.is_over:
        render.print_result(out, game, lang, labels)
    else:
        waiting = ", ".join(game.names[s] for s in game.to_move)
        out.print()
        out.print(tr(lang, "not_over", names=escape(waiting)), style="bold")


# ----- lab: sim and report (implemented in lab.py) -------------------------------------------
@app.command("sim")
def sim_cmd(
    game: Annotated[str, typer.Argument(metavar="GAME")],
    games_n: Annotated[int, typer.Option(
        "-n", "--games", help="Games to play (per setting with --vary).")] = 1000,
    players: Annotated[str | None, typer.Option(
        "--players", "-p",
        help='Bot seats, e.g. "bot:greedy,bot:random", or a number of greedy bots. '
             "Default: greedy bots in the game's minimum of seats (at least 2).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="Game option NAME=VALUE (repeatable).")] = None,
    seed: Annotated[int, typer.Option(
        "--seed", help="Game i is played with seed SEED + 10·i; seat s's bot with the game's "
             "seed + s (as in 'ludoteca play').")] = 0,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", help="Worker processes (results do not depend on it).")] = 1,
    vary: Annotated[list[str] | None, typer.Option(
        "--vary", help="NAME=V1,V2,… plays every value of an option; repeat it for a grid. "
             "The settings are printed side by side.")] = None,
    out: Annotated[str | None, typer.Option(
        "--out", help="Write one row per game: FILE.csv, FILE.jsonl or FILE.parquet.")] = None,
    backend: Annotated[str, typer.Option(
        "--backend", help="local (processes) or ray (when installed).")] = "local",
    address: Annotated[str | None, typer.Option(
        "--address", help="With --backend ray: the Ray cluster to run on, e.g. "
             "ray://head:10001 or auto (default: a local Ray with --jobs CPUs).")] = None,
    lang: LangOption = None,
) -> None:
    """Play many seeded games between bots and print their statistics (simula partidas)."""
    from . import lab

    lang = pick_lang(lang)
    try:
        code = lab.sim(game, games_n, players, option or [], seed, jobs, vary or [], out,
                       backend, lang, console(), address)
    except (CliError, LudotecaError) as exc:
        fail(exc, lang)
    raise typer.Exit(code)


@app.command("report")
def report_cmd(
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="Rows written by 'ludoteca sim --out' (.csv, .jsonl, .parquet).")],
    output: Annotated[str, typer.Option(
        "--output", "-o", help="The HTML page to write.")] = "report.html",
    lang: LangOption = None,
) -> None:
    """Write an HTML report with plots of a sim run's rows (informe con gráficos)."""
    from . import lab

    lang = pick_lang(lang)
    try:
        code = lab.report(file, output, console(), lang)
    except (CliError, LudotecaError) as exc:
        fail(exc, lang)
    raise typer.Exit(code)


app.command("ladder")(ladder_cmd)  # the rating ladder (ladder.py)


# ----- the web table -------------------------------------------------------------------------
app.add_typer(tables_app, name="tables")
app.add_typer(content_app, name="content")  # content files: check, schema (content.py)
app.add_typer(teacher_app, name="teacher")  # classroom teachers: add, list, remove


@app.command("serve")
def serve_cmd(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", help="Database: a SQLite file or URL, or postgresql://user@host/db. "
             "Default: ludoteca.db in the user's data folder.")] = None,
    bot_delay: Annotated[float, typer.Option(
        "--bot-delay", help="Seconds a bot waits before it plays, so people can follow.")] = 0.6,
    limit: Annotated[list[str] | None, typer.Option(
        "--limit", metavar="NAME=VALUE",
        help="Change one of the server's limits (repeatable), e.g. create_rate=10/minute, "
             "max_bot_tables=2, idle_hours=24. The names and defaults are in docs/web.md.",
    )] = None,
    allowed_origin: Annotated[list[str] | None, typer.Option(
        "--allowed-origin", metavar="ORIGIN",
        help="Another origin whose pages may use this server, e.g. https://club.example "
             "(repeatable; the server's own origin is always allowed).")] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        "--forwarded-allow-ips", metavar="IPS",
        help="Reverse proxies (comma-separated addresses, or *) whose X-Forwarded-For and "
             "X-Forwarded-Proto are believed. Default: none, the client address is the "
             "connection's.")] = None,
    log_level: Annotated[str, typer.Option(
        "--log-level", help="critical, error, warning, info (one line per request and per "
             "refusal; never a secret) or debug.")] = "warning",
    bot_workers: Annotated[int | None, typer.Option(
        "--bot-workers", metavar="N",
        help="Processes that think for the bots (default: cores − 1, at least 1; 0: threads "
             "of the server process).")] = None,
    workers: Annotated[int, typer.Option(
        "--workers", metavar="N",
        help="Server processes on the same port (above 1: PostgreSQL only; they share the "
             "tables through it, see docs/deploy.md).")] = 1,
    lease_seconds: Annotated[float, typer.Option(
        "--lease-seconds", metavar="S",
        help="Several workers: a worker's hold on a table's bots and clocks lasts this long "
             "unrenewed (a crashed worker's tables are taken over after it).")] = 6.0,
    lang: LangOption = None,
) -> None:
    """Start the web table in the browser (arranca la mesa web)."""
    from sqlalchemy.exc import SQLAlchemyError

    from ludoteca.web.limits import Limits
    from ludoteca.web.server import default_db_url, serve

    lang = pick_lang(lang)
    es = lang == "es"
    if not 0 < port < 65536:
        fail(f"--port {port}: " + ("un puerto va de 1 a 65535" if es else
                                   "a port is a number from 1 to 65535"), lang)
    if bot_delay < 0:
        fail(f"--bot-delay {bot_delay}: " + ("son segundos, 0 o más" if es else
                                            "seconds, 0 or more"), lang)
    if log_level not in ("critical", "error", "warning", "info", "debug"):
        fail(f"--log-level {log_level}: critical, error, warning, info, debug", lang)
    if bot_workers is not None and bot_workers < 0:
        fail(f"--bot-workers {bot_workers}: " + ("0 o más" if es else "0 or more"), lang)
    try:
        limits = Limits().with_pairs(limit or [])
    except ValueError as exc:
        fail(exc, lang)
    for origin in allowed_origin or []:
        if not origin.startswith(("http://", "https://")) or origin.count("/") != 2:
            fail(f"--allowed-origin {origin}: " + (
                "un origen es esquema://host[:puerto], p. ej. https://club.example" if es else
                "an origin is scheme://host[:port], e.g. https://club.example"), lang)
    url = db or default_db_url()
    from ludoteca.web.server import check_workers
    try:
        check_workers(workers, url)
    except ValueError as exc:
        fail(("--workers: varios procesos necesitan PostgreSQL (--db postgresql://usuario@host/"
              "bd); una base SQLite es de un solo proceso. Usa --workers 1 con SQLite."
              if es and workers > 1 else exc), lang)
    if lease_seconds < 1:
        fail(f"--lease-seconds {lease_seconds}: " + ("1 o más" if es else "1 or more"), lang)
    busy = port_in_use(host, port)
    if busy:
        fail(tr(lang, "port_busy", host=host, port=port, why=busy, next=port + 1), lang)
    shown = f"[{host}]" if ":" in host else host
    console().print(("La mesa web: " if lang == "es" else "The web table: ")
                    + f"[bold]http://{shown}:{port}/[/]  (db: {escape(_safe_url(url))})")
    try:
        serve(host=host, port=port, db=url, bot_delay=bot_delay, limits=limits,
              allowed_origins=tuple(allowed_origin or ()),
              forwarded_allow_ips=forwarded_allow_ips, bot_workers=bot_workers,
              log_level=log_level, workers=workers, lease_seconds=lease_seconds)
    except (SQLAlchemyError, OSError, ImportError) as exc:
        fail(exc, lang)


def port_in_use(host: str, port: int) -> str:
    """Why ``host:port`` cannot be listened on ("" when it can): tried before the URL is
    printed, so a busy port is never announced as a started server."""
    import errno
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        return ""                      # the server itself will say what is wrong
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                return exc.strerror or str(exc)
    return ""


def _safe_url(url: str) -> str:
    """A database URL without its password."""
    import re

    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


def run() -> None:
    """The ``ludoteca`` console script."""
    app()


if __name__ == "__main__":
    run()
