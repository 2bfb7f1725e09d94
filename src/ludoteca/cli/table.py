"""The play loop at the terminal: seats (people or bots), the screen at each decision,
table commands (guardar/save, ayuda/help, tablero/board, salir/quit), saving and resuming.

A save file is the game's record (``game.record()``) plus a ``"table"`` key saying which
seats are bots; ``ludoteca.replay`` ignores that key, so the file is an ordinary record.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.segment import Segment, SegmentLines
from rich.table import Table as RichTable
from rich.text import Text

from ludoteca.agents import Agent
from ludoteca.core.action import Action
from ludoteca.core.errors import IllegalAction
from ludoteca.core.game import Game

from . import render
from .messages import tr
from .render import Entry
from .seats import (  # noqa: F401 (the table's setup, imported from here by older code)
    SEARCH_BOTS,
    CliError,
    Reader,
    Seat,
    attach_bots,
    bot_label,
    convert_option,
    parse_options,
    parse_players,
    players_spec,
    read_record,
    restore,
    saved_seats,
    searches,
    terminal_reader,
)

SAVE_WORDS = ("guardar", "save")
HELP_WORDS = ("ayuda", "help")
MORE_WORDS = ("?", "más", "mas", "more")
LOG_WORDS = ("registro", "log")
BOARD_WORDS = ("tablero", "board")
QUIT_WORDS = ("salir", "quit", "exit")
TABLE_COMMANDS = ("cmd_number", "cmd_filter", "cmd_more", "cmd_log", "cmd_save", "cmd_board",
                  "cmd_help", "cmd_quit")
SPINNER_AFTER = 0.3       # seconds a bot thinks before the spinner shows
ALT_SCREEN_ON, ALT_SCREEN_OFF = "\x1b[?1049h", "\x1b[?1049l"
CLEAR_ALL = "\x1b[3J\x1b[H\x1b[2J"  # scrollback, home, screen



def fold(text: str) -> str:
    """Lower case without accents, for filtering (``Alhóndiga`` matches ``alhondiga``)."""
    return "".join(c for c in unicodedata.normalize("NFD", text.lower())
                   if unicodedata.category(c) != "Mn")


def action_items(renderable: RenderableType) -> list[Text] | None:
    """The rows of a game's action table as one text each (number, words, meaning), or None
    when the renderable is not a rich table. The number is the text up to its first space."""
    if not isinstance(renderable, RichTable) or not renderable.columns:
        return None
    items: list[Text] = []
    for row in range(renderable.row_count):
        cells = []
        for column in renderable.columns:
            cell = column._cells[row] if row < len(column._cells) else ""
            if isinstance(cell, Text):
                cells.append(cell.copy())
            elif isinstance(cell, str):
                cells.append(Text.from_markup(cell))
            else:
                return None
        text = Text()
        for i, cell in enumerate(c for c in cells if c.plain.strip()):
            if i:
                text.append("  " if i > 1 else " ")
            cell.stylize("bold" if i < 2 else "dim")
            text.append_text(cell)
        items.append(text)
    return items


def hanging(item: Text) -> RenderableType:
    """An action item whose folded lines start under its words, not under its number."""
    number, _, _ = item.plain.partition(" ")
    if not number or len(number) + 1 >= len(item.plain):
        return item
    grid = RichTable.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(item[:len(number)], item[len(number) + 1:])
    return grid


# ----- the table -------------------------------------------------------------------------------
class Table:
    """One game at the terminal. ``play()`` runs it and returns the exit code.

    At a terminal (or when ``LINES`` is set) each decision is one screen that fits the
    terminal: a header (game, round, whose turn), the board in the rows left over, the last
    events, a page of the actions (filtered by typing a word, more with ``?``), a line of hints
    and the prompt at the bottom. Elsewhere (pipes) the whole table is printed as a log."""

    def __init__(self, game: Game, seats: Sequence[Seat], lang: str, console: Console,
                 read: Reader | None = None, log: Sequence[Entry] = (),
                 save_default: str | None = None, fit: bool | None = None) -> None:
        self.game, self.seats, self.lang, self.console = game, list(seats), lang, console
        self.renderer = render.renderer_for(game.game_id)
        self.read = read or terminal_reader(console, lambda: self.hiding)
        self.at_terminal = read is None and sys.stdin.isatty()  # a person types here
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
        self.fit = (console.is_terminal or "LINES" in os.environ) if fit is None else fit
        self.alt = False                     # in the alternate screen (hot seat)
        # the decision on the screen: where its recap starts, the action filter and page
        self.recap_from = 0
        self.filter = ""
        self.page = 0
        self.notice: Text | None = None

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
                    self._act(seat, self.think(seat, agent))
                elif not self._human(seat):
                    return 0
        except EOFError:
            self._leave_alt()
            say()
            say(tr(self.lang, "eof"), style="yellow")
            self._unsaved_hint()
            return 0
        except KeyboardInterrupt:
            self._leave_alt()
            say()
            say(tr(self.lang, "interrupted"), style="yellow")
            self._unsaved_hint()
            return 130
        self._leave_alt()
        if self.shown < len(self.log):
            say()
        for line in render.recap(game, self.log[self.shown:], self.lang, self.labels):
            say(line)
        render.print_result(self.console, game, self.lang, self.labels)
        self.offer_save()
        return 0

    def think(self, seat: int, agent: Agent) -> Action:
        """The bot's move; at a terminal a spinner with the time shows after 0.3 s."""
        if not self.console.is_terminal:
            return agent.choose(self.game, seat)
        result: list[Any] = []

        def run() -> None:
            try:
                result.append(agent.choose(self.game, seat))
            except BaseException as exc:  # handed to the main thread
                result.append(exc)

        worker = threading.Thread(target=run, daemon=True)
        start = time.monotonic()
        worker.start()
        worker.join(SPINNER_AFTER)
        if worker.is_alive():
            name = escape(self.game.names[seat])
            with self.console.status(tr(self.lang, "thinking", name=name, s="0.3"),
                                     spinner="dots") as status:
                while worker.is_alive():
                    worker.join(0.1)
                    status.update(tr(self.lang, "thinking", name=name,
                                     s=f"{time.monotonic() - start:.1f}"))
        if isinstance(result[0], BaseException):
            raise result[0]
        return result[0]

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
        lang = self.lang
        secret = self.people > 1 and self.renderer.secret(self.game, seat)
        private = self.people > 1 and self.renderer.private(self.game, seat)
        if secret and self.keyboard != (seat, len(self.log)):  # not again to who still has it
            self.pass_keyboard(seat)
        elif private and self.looking != seat:  # the screen holds what only this seat may see
            self.pass_keyboard(seat, private=True)
        elif self.fit and self.people > 1 and self.looking not in (None, seat):
            self._clear(scrollback=True)        # another person's screen leaves no trace
        self.looking = seat
        self.recap_from = self.seen.get(seat, 0)
        self.filter, self.page, self.notice = "", 0, None
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
            word, _, rest = line.partition(" ")
            word = word.lower()
            if not line:
                if self.fit:                  # Enter: the whole list again, redrawn
                    self.filter, self.page = "", 0
                    self._redraw(seat)
                continue
            if word in SAVE_WORDS:
                saved = self.save(rest.strip() or self.save_default)
                self._redraw(seat, self._saved_notice(rest.strip() or self.save_default, saved))
            elif word in HELP_WORDS and not rest:
                self.help()
            elif word in MORE_WORDS and not rest and self.fit and self._pages > 1:
                self.page += 1
                self._redraw(seat)
            elif word in MORE_WORDS and not rest:
                self.help()
            elif word in LOG_WORDS and not rest:
                self.show_log(seat)
            elif word in BOARD_WORDS and not rest:
                self.filter, self.page = "", 0
                self._redraw(seat)
            elif word in QUIT_WORDS and not rest:
                self._leave_alt()
                self.console.print(tr(lang, "quit"))
                self._unsaved_hint()
                return False
            else:
                if line.isdigit():
                    n = int(line)
                    if not 1 <= n <= len(legal):
                        self._refuse(seat, tr(lang, "out_of_range", n=n, max=len(legal)))
                        continue
                    choice: Action | str = legal[n - 1]
                else:
                    choice = line
                try:
                    self._act(seat, choice)
                except IllegalAction as exc:
                    if self.fit and self._matches(line):  # a word: filter the list
                        self.filter, self.page = line, 0
                        self._redraw(seat)
                        continue
                    self._refuse(seat, tr(lang, "illegal", why=exc.text(lang)))
                    continue
                self.keyboard = (seat, len(self.log)) if secret else None
                return True

    def _refuse(self, seat: int, message: str) -> None:
        if self.fit:
            self._redraw(seat, Text(message, style="red"))
        else:
            self.console.print(Text(message, style="red"))

    def _saved_notice(self, path: str, saved: bool) -> Text | None:
        if not saved:
            return None
        return Text(tr(self.lang, "saved", file=path), style="green")

    def _redraw(self, seat: int, notice: Text | None = None) -> None:
        if self.fit:
            self.notice = notice
            self.screen(seat)

    def _unsaved_hint(self) -> None:
        if self.dirty and not self.game.is_over:
            self.console.print(tr(self.lang, "quit_unsaved"), style="dim")

    def offer_save(self) -> None:
        """At the end of a game with people: save the record? (Enter skips.)"""
        if not self.humans or not self.dirty or not self.at_terminal:
            return
        try:
            answer = self.read(tr(self.lang, "save_offer", file=escape(self.save_default)))
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            return
        answer = answer.strip()
        if not answer or answer.lower() in ("n", "no"):
            return
        yes = ("s", "sí", "si", "y", "yes", "guardar", "save")
        self.save(self.save_default if answer.lower() in yes else answer)

    # ----- the terminal ----------------------------------------------------------------------
    def _write(self, control: str) -> None:
        if self.console.is_terminal:
            self.console.file.write(control)
            self.console.file.flush()

    def _clear(self, scrollback: bool = False) -> None:
        """Clear the screen (and, between the people of a hot seat, the scrollback)."""
        if not self.console.is_terminal:
            return
        if scrollback:
            self._write(CLEAR_ALL)
        else:
            self.console.clear()

    def _enter_alt(self) -> None:
        if self.console.is_terminal and not self.alt:
            self._write(ALT_SCREEN_ON)
            self.alt = True

    def _leave_alt(self) -> None:
        if self.alt:
            self._write(CLEAR_ALL + ALT_SCREEN_OFF)
            self.alt = False

    # ----- showing ---------------------------------------------------------------------------
    def pass_keyboard(self, seat: int, private: bool = False) -> None:
        """Before a secret decision (or a private screen) at a table of several people: at a
        terminal switch to the alternate screen and clear it and the scrollback, so nobody
        sees another person's secret, and hand the keyboard over."""
        lang, name = self.lang, escape(self.game.names[seat])
        self._enter_alt()
        if self.console.is_terminal:
            self._clear(scrollback=True)
        else:
            self.console.clear()
        self.console.print()
        self.console.rule(tr(lang, "private_title" if private else "secret_title"),
                          style="bold yellow")
        self.console.print(tr(lang, "pass_keyboard", name=name), style="bold yellow")
        if sys.stdin.isatty() and self.console.is_terminal:
            self.console.input(tr(lang, "pass_ready", name=name))
            self._clear(scrollback=True)

    def screen(self, seat: int) -> None:
        """Board, players, what happened since ``seat`` last decided, and its options."""
        if self.fit:
            self.fitted_screen(seat)
        else:
            self.plain_screen(seat)
        self.seen[seat] = self.shown = len(self.log)

    def plain_screen(self, seat: int) -> None:
        """The whole table as a log (output that is not a terminal)."""
        game, lang, say = self.game, self.lang, self.console.print
        say()
        self.console.rule(render.header(game, game.view(seat), lang), style="bold")
        say(render.table_view(game, seat, lang, self.labels, self.console.width))
        say()
        say(Text(tr(lang, "since"), style="bold underline"))
        entries = self.log[self.recap_from:]
        for line in render.recap(game, entries, lang, self.labels, viewer=seat) or \
                [Text(tr(lang, "nothing_yet"), style="dim")]:
            say(line)
        say()
        say(Text(tr(lang, "options_title", name=game.names[seat]), style="bold underline"))
        say(render.actions_table(game, seat, game.legal_actions(seat), lang))
        say(tr(lang, "prompt_hint"), style="dim")

    def _lines(self, renderable: RenderableType, width: int) -> list[list[Segment]]:
        options = self.console.options.update(width=width, height=None)
        return self.console.render_lines(renderable, options, pad=False, new_lines=False)

    def _items(self, seat: int) -> list[Text]:
        """The actions as one text each (filtered by ``self.filter``)."""
        game = self.game
        legal = game.legal_actions(seat)
        items = action_items(render.actions_table(game, seat, legal, self.lang))
        if items is None:
            items = [Text.assemble((f"{i}.", "bold"), " ",
                                   (render.action_words(game.game_id, str(a), self.lang),
                                    "bold"))
                     for i, a in enumerate(legal, 1)]
        if self.filter:
            wanted = fold(self.filter)
            items = [t for t in items if wanted in fold(t.plain)]
        return items

    def _matches(self, word: str) -> bool:
        return bool(self._items_for(word))

    def _items_for(self, word: str) -> list[Text]:
        keep = self.filter
        self.filter = word
        try:
            return self._items(self.looking if self.looking is not None else 0)
        finally:
            self.filter = keep

    def _pages_of(self, items: list[Text], width: int, rows: int) -> list[list[list[Segment]]]:
        """The action items laid out in pages of at most ``rows`` lines: in columns when they
        are short and the terminal wide, one a line (folded on words) otherwise."""
        if not items:
            return [[]]
        longest = max(t.cell_len for t in items)
        cols = 1
        for n in (3, 2):
            if width >= 60 * n - 40 and longest <= width // n - 2 and len(items) > rows:
                cols = n
                break
        if cols > 1:
            col_w = width // cols
            per_page = rows * cols
            pages = []
            for start in range(0, len(items), per_page):
                chunk = items[start:start + per_page]
                grid = RichTable.grid(padding=(0, 2))
                for _ in range(cols):
                    grid.add_column(width=col_w - 2, no_wrap=True)
                down = (len(chunk) + cols - 1) // cols
                for r in range(down):
                    grid.add_row(*[chunk[c * down + r] if c * down + r < len(chunk) else ""
                                   for c in range(cols)])
                pages.append(self._lines(grid, width))
            return pages
        pages, page, used = [], [], 0
        for item in items:
            lines = self._lines(hanging(item), width)
            if page and used + len(lines) > rows:
                pages.append(page)
                page, used = [], 0
            page += lines[:rows]
            used += min(len(lines), rows)
        pages.append(page)
        return pages

    @property
    def _pages(self) -> int:
        return getattr(self, "_page_count", 1)

    def fitted_screen(self, seat: int) -> None:
        """One screen that fits the terminal, the prompt at its bottom row: the header, the
        board in the rows the rest leaves, the last events, a page of actions, the hints."""
        game, lang = self.game, self.lang
        width, height = self.console.size
        width, height = max(width, 20), max(height, 12)
        view = game.view(seat)
        head = self._lines(Text.from_markup(render.header(game, view, lang), style="bold"),
                           width)[:1]
        entries = self.log[self.recap_from:]
        event_lines: list[list[Segment]] = []
        for item in render.recap(game, entries, lang, self.labels, viewer=seat):
            event_lines += self._lines(item, width)
        if not event_lines:
            event_lines = self._lines(Text(tr(lang, "nothing_yet"), style="dim"), width)
        items = self._items(seat)
        total = len(self._items_for("")) if self.filter else len(items)
        # rows for the rest first: the last events, the actions (up to a third of the
        # screen), the hints and the prompt; the board gets what remains
        hint_rows = len(self._lines(self._hint(2, 3, 9, 9), width))
        ev_take = min(len(event_lines), max(2, min(9, height // 8)))
        act_need = sum(len(self._lines(hanging(t), width)) for t in items) if items else 1
        act_take = min(act_need, max(3, (height - 2 - hint_rows) // 3))
        board_rows = max(3, height - 1 - 1 - ev_take - act_take - hint_rows - 1)
        board = self._lines(render.table_view(game, seat, lang, self.labels, width,
                                              board_rows), width)[:board_rows]
        # what is left after the header, board, events' title, hints and prompt
        left = height - 1 - len(board) - 1 - hint_rows - 1
        ev_min = min(len(event_lines), ev_take)
        if items:
            pages = self._pages_of(items, width, max(1, left - ev_min))
        else:
            pages = [self._lines(Text(tr(lang, "no_match", word=self.filter), style="yellow"),
                                 width)]
        self._page_count = len(pages) if items else 1
        self.page %= len(pages)
        page = pages[self.page]
        ev_room = max(1, left - max(len(p) for p in pages))
        shown_events = event_lines[-ev_room:]
        hidden = len(event_lines) - len(shown_events)
        title = Text(tr(lang, "since"), style="bold underline")
        if hidden:
            title.append(" " + tr(lang, "log_more", n=hidden), style="dim")
        hint = self.notice or self._hint(self.page + 1, self._page_count, total, len(items))
        tail = self._lines(title, width)[:1] + shown_events + page + self._lines(hint, width)
        room = height - 1 - len(head) - len(tail)
        board = board[:max(0, room)]
        gap = max(0, room - len(board))        # blank rows between the board and the rest
        lines = head + board + [[] for _ in range(gap)] + tail
        self._clear(scrollback=self.people > 1)
        self.console.print(SegmentLines(lines[-(height - 1):], new_lines=True), end="")

    def _hint(self, page: int, pages: int, total: int, shown: int = 0) -> Text:
        """The line above the prompt: what can be typed, and the page of actions."""
        lang = self.lang
        text = Text(style="dim")
        if self.filter:
            text.append(tr(lang, "filtered", word=self.filter, n=shown, total=total) + " · ",
                        style="yellow")
        if pages > 1:
            text.append(tr(lang, "page", page=page, pages=pages) + " · ", style="bold")
            text.append(tr(lang, "more_hint") + " · " + tr(lang, "prompt_shorter"))
        else:
            if not self.filter:
                text.append(tr(lang, "filter_hint") + " · ")
            text.append(tr(lang, "prompt_short"))
        return text

    def show_log(self, seat: int) -> None:
        """Everything since the seat's last decision, then the table again (Enter)."""
        game, lang, say = self.game, self.lang, self.console.print
        entries = self.log[self.recap_from:]
        self._clear(scrollback=self.people > 1)
        say(Text(tr(lang, "since"), style="bold underline"))
        for line in render.recap(game, entries, lang, self.labels, viewer=seat) or \
                [Text(tr(lang, "nothing_yet"), style="dim")]:
            say(line)

    def help(self) -> None:
        lang, say = self.lang, self.console.print
        say(Text(tr(lang, "grammar_title"), style="bold"))
        say(render.grammar_block(self.game.game_id, lang))
        say(Text(tr(lang, "table_title"), style="bold"))
        for key in TABLE_COMMANDS:
            say(Padding(Text(tr(lang, key)), (0, 0, 0, 2)))

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
