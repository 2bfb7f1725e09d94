"""Who sits at a terminal table and where a game comes from: ``--players`` (people and bots),
``--option``, the bots' agents, and a saved record read back (its seats, the game rebuilt from
its actions without re-running any search)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from ludoteca.agents import Agent, make_agent
from ludoteca.core.errors import InvalidOption, RecordError
from ludoteca.core.game import Game
from ludoteca.core.record import replay, start_of

from .messages import tr
from .render import Entry

SEARCH_BOTS = ("mcts",)   # bots that search: never re-run while a record is rebuilt

Reader = Callable[[str], str]


class CliError(Exception):
    """A mistake in what the user asked for: shown in one line, exit code 2."""


@dataclass
class Seat:
    name: str
    bot: str | None = None          # agent name, None for a person
    agent: Agent | None = None


# ----- reading what the user typed ------------------------------------------------------------
def parse_players(spec: str, lang: str) -> list[Seat]:
    """``"Ana,bot:greedy,bot:mcts:seconds=1,c=0.3"`` or a number of people (named J1..Jn)."""
    spec = spec.strip()
    if spec.isdigit():
        return [Seat(f"J{i + 1}") for i in range(int(spec))]
    if spec.lstrip("-").isdigit():
        raise CliError(tr(lang, "bad_count", n=spec))
    items: list[str] = []
    for item in spec.split(","):        # "bot:mcts:c=0.3,seconds=2": parameters of that bot
        if items and "=" in item and ":" not in item and "=" in items[-1] and \
                items[-1].strip().lower().startswith("bot:"):
            items[-1] += "," + item
        else:
            items.append(item)
    seats: list[Seat] = []
    for i, item in enumerate(items):
        item = item.strip()
        if item.lower().startswith("bot:"):
            bot = item[4:].strip()
            seats.append(Seat(bot.partition(":")[0].strip() or "bot", bot))
        elif not item:
            raise CliError(tr(lang, "empty_seat", n=i + 1))
        else:
            seats.append(Seat(item))
    people = [s.name for s in seats if s.bot is None]
    for name in people:
        if people.count(name) > 1:
            raise CliError(tr(lang, "dup_name", name=name))
    taken = set(people)
    for seat in seats:                 # bots are named after their agent, numbered if needed
        if seat.bot is None:
            continue
        name, k = seat.name, 2
        while name in taken:
            name, k = f"{seat.name} {k}", k + 1
        seat.name = name
        taken.add(name)
    return seats


def bot_label(name: str, bot: str | None) -> str:
    """How a seat is marked: "" (a person), "bot" or "bot greedy" when the name differs."""
    if bot is None:
        return ""
    return "bot" if name.split(" ")[0] == bot else f"bot {bot}"


def players_spec(seats: Sequence[Seat]) -> str:
    return ",".join(f"bot:{s.bot}" if s.bot else s.name for s in seats)


def convert_option(value: str, default: Any, choices: Sequence[Any] | None) -> Any:
    """A command-line option value in the type its default (or its choices) has."""
    kinds = {type(c) for c in choices or ()} | ({type(default)} if default is not None else set())
    text = value.strip()
    if bool in kinds and text.lower() in ("true", "false", "yes", "no", "sí", "si", "1", "0"):
        return text.lower() in ("true", "yes", "sí", "si", "1")
    if int in kinds and text.lstrip("-").isdigit():
        return int(text)
    if float in kinds:
        try:
            return float(text)
        except ValueError:
            return value
    return value


def parse_options(game_id: str, items: Sequence[str], lang: str) -> dict[str, Any]:
    from ludoteca.core.registry import info

    specs = info(game_id).options
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise CliError(tr(lang, "bad_option", text=item))
        spec = specs.get(key)
        out[key] = convert_option(value, spec.default, spec.choices) if spec else value
    return out


def attach_bots(seats: Sequence[Seat], game_id: str, seed: int, lang: str = "en") -> None:
    """Give each bot seat its agent; seat ``i`` gets seed ``seed + i`` (reproducible)."""
    for i, seat in enumerate(seats):
        if seat.bot is not None:
            try:
                seat.agent = make_agent(seat.bot, game_id, seed + i)
            except InvalidOption as exc:
                raise CliError(exc.text(lang)) from None


def terminal_reader(console: Console, secret: Callable[[], bool] = lambda: False) -> Reader:
    """Read a line after a prompt; echo it when stdin is not a terminal (piped input).

    While ``secret()`` is true (a hidden bid at a table of several people) the typing is not
    shown at a terminal and the echo of piped input is masked."""
    def read(prompt: str) -> str:
        hidden = secret()
        tty = sys.stdin.isatty()
        line = console.input(prompt, password=hidden and tty)
        if not tty:
            console.print("•••" if hidden and line.strip() else line, markup=False,
                          highlight=False)
        return line
    return read


# ----- files -----------------------------------------------------------------------------------
def read_record(path: str, lang: str) -> dict[str, Any]:
    try:
        text = Path(path).expanduser().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CliError(tr(lang, "cannot_read", file=path, why=why)) from None
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(tr(lang, "not_json", file=path, line=exc.lineno, col=exc.colno,
                          why=exc.msg)) from None
    if not isinstance(rec, dict):
        raise CliError(tr(lang, "bad_record", file=path, why=tr(lang, "record_object")))
    try:
        replay(rec)                    # checks the header and that every action is legal
    except RecordError as exc:
        raise CliError(tr(lang, "bad_record", file=path, why=exc.text(lang))) from None
    return rec


def saved_seats(rec: dict[str, Any], path: str, lang: str) -> list[Seat]:
    """The seats kept under ``"table"`` (all people when the record has none)."""
    names = start_of(rec).names          # the record is already checked by read_record
    n = len(names)
    table = rec.get("table")
    if table is None:
        return [Seat(name) for name in names]
    seats_info = table.get("seats") if isinstance(table, dict) else None
    if not (isinstance(seats_info, list) and len(seats_info) == n and all(
            isinstance(s, dict) and isinstance(s.get("bot"), (str, type(None)))
            for s in seats_info)):
        raise CliError(tr(lang, "bad_table", file=path,
                          why=f"expected \"seats\": a list of {n} {{\"name\", \"bot\"}} objects"))
    return [Seat(names[i], s.get("bot")) for i, s in enumerate(seats_info)]


def searches(seat: Seat) -> bool:
    """Whether the seat's bot searches (slow, and not reproducible move by move anyway)."""
    if seat.agent is None or seat.bot is None:
        return False
    return seat.bot.partition(":")[0].strip() in SEARCH_BOTS or \
        callable(getattr(seat.agent, "_search", None))


def restore(rec: dict[str, Any], seats: list[Seat],
            progress: Callable[[int, int], None] | None = None) -> tuple[Game, list[Entry]]:
    """Rebuild the game of a (checked) record by applying its actions, keeping every action's
    events. Bots decide only new moves: a cheap bot (random, greedy) is stepped along so that
    it goes on as it would have; a searching bot (mcts) is never asked about the past.
    ``progress(done, total)`` is called now and then (a long record)."""
    game = start_of(rec)
    log: list[Entry] = []
    total = len(rec["actions"])
    for done, (seat, text) in enumerate(rec["actions"], 1):
        who = seats[seat]
        if who.agent is not None and not searches(who):
            who.agent.choose(game, seat)  # keep a cheap bot's generator in step
        events = game.apply(text, seat=seat)
        log.append(Entry(seat, text, tuple(events)))
        if progress is not None and (done % 10 == 0 or done == total):
            progress(done, total)
    for i, seat in enumerate(seats):
        seat.name = game.names[i]
    return game, log


# ----- folding the action list ------------------------------------------------------------------
