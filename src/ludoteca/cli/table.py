"""The play loop at the terminal: seats (people or bots), the screen at each decision,
table commands (guardar/save, ayuda/help, tablero/board, salir/quit), saving and resuming.

A save file is the game's record (``game.record()``) plus a ``"table"`` key saying which
seats are bots; ``ludoteca.replay`` ignores that key, so the file is an ordinary record.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ludoteca.agents import Agent, make_agent
from ludoteca.core.action import Action
from ludoteca.core.errors import IllegalAction, InvalidOption, RecordError
from ludoteca.core.game import Game
from ludoteca.core.record import replay, start_of

from . import render
from .messages import tr
from .render import Entry

SAVE_WORDS = ("guardar", "save")
HELP_WORDS = ("ayuda", "help", "?")
BOARD_WORDS = ("tablero", "board")
QUIT_WORDS = ("salir", "quit", "exit")

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


def attach_bots(seats: Sequence[Seat], game_id: str, seed: int) -> None:
    """Give each bot seat its agent; seat ``i`` gets seed ``seed + i`` (reproducible)."""
    for i, seat in enumerate(seats):
        if seat.bot is not None:
            try:
                seat.agent = make_agent(seat.bot, game_id, seed + i)
            except InvalidOption as exc:
                raise CliError(str(exc)) from None


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
        raise CliError(tr(lang, "bad_record", file=path,
                          why="a record is a JSON object with game, seed and actions"))
    try:
        replay(rec)                    # checks the header and that every action is legal
    except RecordError as exc:
        raise CliError(tr(lang, "bad_record", file=path, why=exc)) from None
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


def restore(rec: dict[str, Any], seats: list[Seat]) -> tuple[Game, list[Entry]]:
    """Replay a (checked) record, keeping every action's events and the bots in step."""
    game = start_of(rec)
    log: list[Entry] = []
    for seat, text in rec["actions"]:
        agent = seats[seat].agent
        if agent is not None:
            agent.choose(game, seat)  # advance the bot exactly as if it had played this move
        events = game.apply(text, seat=seat)
        log.append(Entry(seat, text, tuple(events)))
    for i, seat in enumerate(seats):
        seat.name = game.names[i]
    return game, log


# ----- the table -------------------------------------------------------------------------------
class Table:
    """One game at the terminal. ``play()`` runs it and returns the exit code."""

    def __init__(self, game: Game, seats: Sequence[Seat], lang: str, console: Console,
                 read: Reader | None = None, log: Sequence[Entry] = (),
                 save_default: str | None = None) -> None:
        self.game, self.seats, self.lang, self.console = game, list(seats), lang, console
        self.renderer = render.renderer_for(game.game_id)
        self.read = read or terminal_reader(console, lambda: self.hiding)
        self.labels = [bot_label(s.name, s.bot) for s in self.seats]
        self.log: list[Entry] = list(log)
        self.seen: dict[int, int] = {}       # seat -> log index its recap starts at
        for i, entry in enumerate(self.log):
            self.seen[entry.seat] = i
        self.shown = len(self.log)           # log entries already on the screen
        self.humans = any(s.agent is None for s in self.seats)
        self.people = sum(s.agent is None for s in self.seats)
        self.hiding = False                  # a secret decision is being typed
        self.keyboard: tuple[int, int] | None = None  # (seat, log size) after a secret move
        self.looking: int | None = None      # the seat whose screen was shown last
        self.dirty = False
        self.save_default = save_default or f"{game.game_id}-{game.seed}.json"

    # ----- running ---------------------------------------------------------------------------
    def play(self) -> int:
        game, say = self.game, self.console.print
        if not game.actions_played and game.to_move:
            say(self.renderer.opening(game, self.lang))
            for line in self.renderer.opening_lines(game, self.lang):  # what setting up did
                say(line)
        try:
            while not game.is_over:
                seat = game.to_move[0]
                agent = self.seats[seat].agent
                if agent is not None:
                    self._act(seat, agent.choose(game, seat))
                elif not self._human(seat):
                    return 0
        except EOFError:
            say()
            say(tr(self.lang, "eof"), style="yellow")
            self._unsaved_hint()
            return 0
        except KeyboardInterrupt:
            say()
            say(tr(self.lang, "interrupted"), style="yellow")
            self._unsaved_hint()
            return 130
        if self.shown < len(self.log):
            say()
        for line in render.recap(game, self.log[self.shown:], self.lang, self.labels):
            say(line)
        render.print_result(self.console, game, self.lang, self.labels)
        return 0

    def _act(self, seat: int, action: Action | str) -> None:
        """Play an action (raises IllegalAction, changing nothing, when it is not legal)."""
        if isinstance(action, str):
            action = self.game.parse(action)
        events = self.game.apply(action, seat=seat)
        entry = Entry(seat, str(action), tuple(events))
        self.log.append(entry)
        self.dirty = True
        if not self.humans:          # nobody will see a recap: tell it as it happens
            for line in render.entry_lines(self.game, entry, self.lang, self.labels):
                self.console.print(line)
            self.shown = len(self.log)

    def _human(self, seat: int) -> bool:
        """One decision of a person; False when they leave the table."""
        lang, say = self.lang, self.console.print
        secret = self.people > 1 and self.renderer.secret(self.game, seat)
        private = self.people > 1 and self.renderer.private(self.game, seat)
        if secret and self.keyboard != (seat, len(self.log)):  # not again to who still has it
            self.pass_keyboard(seat)
        elif private and self.looking != seat:  # the screen holds what only this seat may see
            self.pass_keyboard(seat, private=True)
        self.looking = seat
        self.screen(seat)
        legal = self.game.legal_actions(seat)
        style = self.renderer.player_style(self.game, seat)
        prompt = f"[{style}]{escape(self.game.names[seat])} ▸[/] "
        while True:
            self.hiding = secret
            try:
                line = self.read(prompt).strip()
            finally:
                self.hiding = False
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in SAVE_WORDS:
                self.save(rest.strip() or self.save_default)
            elif word in HELP_WORDS:
                self.help()
            elif word in BOARD_WORDS and not rest:
                self.screen(seat)
            elif word in QUIT_WORDS and not rest:
                say(tr(lang, "quit"))
                self._unsaved_hint()
                return False
            else:
                if line.isdigit():
                    n = int(line)
                    if not 1 <= n <= len(legal):
                        say(tr(lang, "out_of_range", n=n, max=len(legal)), style="red")
                        continue
                    choice: Action | str = legal[n - 1]
                else:
                    choice = line
                try:
                    self._act(seat, choice)
                except IllegalAction as exc:
                    say(Text(tr(lang, "illegal", why=exc.text(lang)), style="red"))
                    continue
                self.keyboard = (seat, len(self.log)) if secret else None
                return True

    def _unsaved_hint(self) -> None:
        if self.dirty and not self.game.is_over:
            self.console.print(tr(self.lang, "quit_unsaved"), style="dim")

    # ----- showing ---------------------------------------------------------------------------
    def pass_keyboard(self, seat: int, private: bool = False) -> None:
        """Before a secret decision (or a private screen) at a table of several people: clear
        the screen (at a terminal) and hand the keyboard over, so nobody sees another person's
        secret."""
        lang, name = self.lang, escape(self.game.names[seat])
        self.console.clear()
        self.console.print()
        self.console.rule(tr(lang, "private_title" if private else "secret_title"),
                          style="bold yellow")
        self.console.print(tr(lang, "pass_keyboard", name=name), style="bold yellow")
        if sys.stdin.isatty() and self.console.is_terminal:
            self.console.input(tr(lang, "pass_ready", name=name))
            self.console.clear()

    def screen(self, seat: int) -> None:
        """Board, players, what happened since ``seat`` last decided, and its options."""
        game, lang, say = self.game, self.lang, self.console.print
        say()
        self.console.rule(render.header(game, game.view(seat), lang), style="bold")
        say(render.table_view(game, seat, lang, self.labels, self.console.width))
        say()
        say(Text(tr(lang, "since"), style="bold underline"))
        entries = self.log[self.seen.get(seat, 0):]
        for line in render.recap(game, entries, lang, self.labels, viewer=seat) or \
                [Text(tr(lang, "nothing_yet"), style="dim")]:
            say(line)
        self.seen[seat] = self.shown = len(self.log)
        say()
        say(Text(tr(lang, "options_title", name=game.names[seat]), style="bold underline"))
        say(render.actions_table(game, seat, game.legal_actions(seat), lang))
        say(tr(lang, "prompt_hint"), style="dim")

    def help(self) -> None:
        lang, say = self.lang, self.console.print
        say(Text(tr(lang, "grammar_title"), style="bold"))
        for line in render.grammar_lines(self.game.game_id, lang):
            say("  " + escape(line))
        say(Text(tr(lang, "table_title"), style="bold"))
        for key in ("cmd_number", "cmd_save", "cmd_board", "cmd_help", "cmd_quit"):
            say("  " + escape(tr(lang, key)))

    # ----- saving ----------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        rec = self.game.record()
        rec["table"] = {"players": players_spec(self.seats),
                        "seats": [{"name": s.name, "bot": s.bot} for s in self.seats]}
        return rec

    def save(self, path: str) -> bool:
        try:
            Path(path).expanduser().write_text(
                json.dumps(self.record(), ensure_ascii=False) + "\n", encoding="utf-8")
        except OSError as exc:
            self.console.print(tr(self.lang, "save_failed", file=escape(path),
                                  why=escape(exc.strerror or str(exc))), style="red")
            return False
        self.dirty = False
        self.console.print(tr(self.lang, "saved", file=escape(path)), style="green")
        return True
