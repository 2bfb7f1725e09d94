"""Rich rendering for the terminal: the Monopoly-family table (board, players, events,
actions), results, and the action grammar of any game.

Everything here reads ``game.view(seat)``, ``game.describe(event, lang)`` and the game's
legal actions. Each game is drawn by a :class:`GameRenderer` found with :func:`renderer_for`
(``som`` has its own in ``som_render``); games without one fall back to a plain view.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from types import ModuleType
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ludoteca.core.action import Action
from ludoteca.core.events import Event
from ludoteca.core.game import Game
from ludoteca.core.registry import info
from ludoteca.games.monopoly import MonopolyGame
from ludoteca.games.monopoly.ruleset import BAIL

from .messages import MESSAGES, actions, tr
from .monopoly_render import (  # noqa: F401  (re-exported: older imports use render)
    SEAT_STYLES,
    board_or_raw_view,
    board_table,
    is_board_view,
    money,
    players_table,
    seat_style,
    square_name,
)

RECAP_LIMIT = 40  # actions shown at most in a recap


# ----- the grammar hook ------------------------------------------------------------------------
# A game publishes its action grammar with a module-level ``grammar_lines(lang) -> list[str]``
# (and optionally ``HELP`` {name: (es, en)} and ``ALIASES`` {text: name}) in its package, in
# ``<package>.actions``, or in the package of its factory (the Monopoly family shares one).
# ``register_grammar`` overrides that lookup for a game.
GRAMMARS: dict[str, Callable[[str], list[str]]] = {}


def register_grammar(game_id: str, lines: Callable[[str], list[str]]) -> None:
    GRAMMARS[game_id] = lines


@cache
def actions_module(game_id: str) -> ModuleType | None:
    """The module holding ``game_id``'s ``grammar_lines``, if any."""
    names = [f"ludoteca.games.{game_id}", f"ludoteca.games.{game_id}.actions"]
    factory = info(game_id).factory
    if factory is not None:
        package = factory.__module__.rpartition(".")[0]
        names += [package, f"{package}.actions"]
    for name in names:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and name.startswith(exc.name):
                continue
            raise
        if callable(getattr(module, "grammar_lines", None)):
            return module
    return None


def grammar_lines(game_id: str, lang: str) -> list[str]:
    if game_id in GRAMMARS:
        return GRAMMARS[game_id](lang)
    module = actions_module(game_id)
    return list(module.grammar_lines(lang)) if module else []


def grammar_block(game_id: str, lang: str, indent: int = 2) -> RenderableType:
    """The grammar lines, folded on words: ``form (alias) — meaning`` as two columns, so a
    folded meaning stays under its column at any width."""
    lines = grammar_lines(game_id, lang) or [tr(lang, "no_grammar")]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(max_width=34)
    grid.add_column(ratio=1)
    notes: list[RenderableType] = []
    for line in lines:
        form, sep, meaning = line.partition(" — ")
        if sep:
            grid.add_row(Text(" ".join(form.split()), style="bold"), Text(meaning))
        else:                      # a note (what L, T, N… stand for): the whole width
            notes.append(Padding(Text(line.strip()), (0, 0, 0, indent)))
    return Group(Padding(grid, (0, 0, 0, indent)), *notes) if grid.row_count else Group(*notes)


def _help_of(game_id: str, name: str, arg: int | None, lang: str) -> str:
    module = actions_module(game_id)
    pair = getattr(module, "HELP", {}).get(name) if module else None
    if not pair:
        return ""
    text = pair[0] if lang == "es" else pair[1]
    return re.sub(r"\bN\b", str(arg), text) if arg is not None else text


def english_alias(game_id: str, name: str) -> str | None:
    module = actions_module(game_id)
    aliases: dict[str, str] = getattr(module, "ALIASES", {}) if module else {}
    for key, value in aliases.items():
        if value == name and key != name and key.isascii():
            return key
    return None


def action_words(game_id: str, text: str, lang: str) -> str:
    """An action's text form; in English with its English alias, e.g. ``comprar (buy)``."""
    if lang == "es":
        return text
    name, _, arg = text.partition(" ")
    alias = english_alias(game_id, name)
    if not alias:
        return text
    return f"{text} ({alias}{' ' + arg if arg else ''})"


# ----- the Monopoly-family view (drawn in monopoly_render) -------------------------------
def board_header(game: Game, view: dict[str, Any], lang: str) -> str:
    title = info(game.game_id).title
    parts = [title]
    if "round" in view:
        if view.get("max_rounds"):
            parts.append(tr(lang, "round_of", round=view["round"], max=view["max_rounds"]))
        else:
            parts.append(tr(lang, "round", round=view["round"]))
    if game.to_move:
        names = ", ".join(game.names[s] for s in game.to_move)
        parts.append(tr(lang, "turn_of", name=names))
    return " · ".join(escape(p) for p in parts)


# ----- events and actions ----------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One action at the table and what it did."""

    seat: int
    text: str
    events: tuple[Event, ...]


def plain_entry_lines(game: Game, entry: Entry, lang: str, labels: Sequence[str],
                      indent: int = 4, prefix: str = "") -> list[RenderableType]:
    """``Ana ▸ tirar`` and, indented below, each event in words."""
    who = Text(game.names[entry.seat], style="bold " + seat_style(entry.seat))
    if labels[entry.seat]:
        who.append(f" ({labels[entry.seat]})", style="dim")
    first = Text.assemble((prefix, "dim"), who, " ▸ ",
                          (action_words(game.game_id, entry.text, lang), "bold"))
    lines: list[RenderableType] = [first]
    for event in entry.events:
        style = "bold" if event.kind in ("game_over", "bankrupt") else ""
        lines.append(Padding(Text(game.describe(event, lang), style=style), (0, 0, 0, indent),
                             expand=False))
    return lines


def recap(game: Game, entries: Sequence[Entry], lang: str, labels: Sequence[str],
          viewer: int | None = None) -> list[RenderableType]:
    """The actions in ``entries`` in words (the last RECAP_LIMIT of them), as ``viewer``
    may see them."""
    out: list[RenderableType] = []
    if len(entries) > RECAP_LIMIT:
        hidden = actions(lang, len(entries) - RECAP_LIMIT)
        out.append(Text(tr(lang, "earlier", n=hidden), style="dim"))
        entries = entries[-RECAP_LIMIT:]
    for entry in entries:
        out += entry_lines(game, entry, lang, labels, viewer=viewer)
    return out


def action_detail(game: Game, view: dict[str, Any], action: Action, seat: int,
                  lang: str) -> tuple[str, str]:
    """(street, money) an action concerns, e.g. ("Plaza de la Alhóndiga", "-300 €")."""
    if not (is_board_view(view) and isinstance(game, MonopolyGame)):
        return "", ""
    squares = view["squares"]
    name, s = action.name, action.arg
    if name == "comprar":
        sq = squares[view["players"][seat]["position"]]
        return square_name(sq, lang), money(-Decimal(str(sq.get("purchase_price", 0))), lang)
    if name == "pagar-libertad":
        return "", money(-BAIL, lang)
    if s is None or not 0 <= s < len(squares):
        return "", ""
    sq = squares[s]
    where = square_name(sq, lang)
    amount: Decimal | None = None
    if name == "vender":
        amount = Decimal(str(sq["sale_price"]))
    elif name in ("edificar-casa", "edificar-hotel"):
        amount = -Decimal(str(sq["build_price"]))
    elif name == "hipotecar":
        amount = game.mortgage_amount_of(s)
    elif name == "cancelar-hipoteca" and sq.get("mortgage_received") is not None:
        amount = -game.rules.cancel_cost(Decimal(str(sq["mortgage_received"])))
    return where, "" if amount is None else money(amount, lang, signed=True)


def plain_actions_table(game: Game, seat: int, legal: Sequence[Action], lang: str) -> Table:
    """The legal actions, numbered from 1, with what each concerns and means."""
    view = game.view(seat)
    table = Table(box=None, pad_edge=False, show_header=False, padding=(0, 1))
    table.add_column(justify="right", style="bold")
    table.add_column(no_wrap=True, style="bold")
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(style="dim")
    for i, action in enumerate(legal, 1):
        where, amount = action_detail(game, view, action, seat, lang)
        style = "red" if amount.startswith("-") else "green" if amount.startswith("+") else ""
        table.add_row(f"{i}.", action_words(game.game_id, str(action), lang), where,
                      Text(amount, style=style),
                      _help_of(game.game_id, action.name, action.arg, lang))
    return table


# ----- the end -------------------------------------------------------------------------------
def ranked_result(game: Game, lang: str, labels: Sequence[str]) -> list[RenderableType]:
    """Ranking with scores, the winners and why the game ended, in words."""
    result = game.result
    if result is None:
        return []
    view = game.view(None)
    ranked_by = view.get("ranked_by")
    as_money = ranked_by in ("capital", "balance")
    score_head = {"capital": "h_capital", "balance": "h_balance"}.get(ranked_by, "h_score")
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                  title=tr(lang, "result_title"), title_justify="left", title_style="bold")
    table.add_column(tr(lang, "h_place"), justify="right")
    table.add_column(tr(lang, "h_player"), no_wrap=True)
    table.add_column(tr(lang, score_head), justify="right")
    table.add_column("")
    place, previous = 0, None
    for i, s in enumerate(result.ranking):
        score = result.scores[s]
        if score != previous:
            place, previous = i + 1, score
        name = Text(game.names[s], style="bold " + seat_style(s))
        if labels[s]:
            name.append(f" ({labels[s]})", style="dim")
        table.add_row(f"{place}.", name, money(score, lang) if as_money else str(score),
                      Text(tr(lang, "winner"), style="bold green") if s in result.winners
                      else "")
    names = tr(lang, "and").join(game.names[w] for w in result.winners)
    lines = [table]
    key = "winners_line" if len(result.winners) == 1 else "winners_tie"
    lines.append(Text(tr(lang, key, names=names), style="bold green"))
    details = result.details or {}
    if result.reason == "bankruptcy":
        bust = tr(lang, "and").join(game.names[s] for s in details.get("bankrupt", []))
        lines.append(Text(tr(lang, "reason_bankruptcy", names=bust or "?")))
    elif result.reason == "limit":
        rounds = details.get("rounds", view.get("max_rounds"))
        lines.append(Text(tr(lang, "reason_limit", rounds=rounds)))
    else:
        lines.append(Text(reason_words(result.reason, lang)))
    if ranked_by in ("capital", "balance"):
        lines.append(Text(tr(lang, f"ranked_{ranked_by}"), style="dim"))
    return lines


def reason_words(reason: str, lang: str) -> str:
    """Why a game ended, in words (``fin`` → "The game ends as its rules say it does.")."""
    key = f"reason_{reason}"
    return tr(lang, key) if key in MESSAGES else tr(lang, "reason_other", reason=reason)


def print_result(console: Console, game: Game, lang: str, labels: Sequence[str]) -> None:
    console.print()
    for item in result_renderables(game, lang, labels):
        console.print(item)


# ----- one renderer per game -------------------------------------------------------------------
class GameRenderer:
    """How the table draws a game. This default draws the Monopoly-family board when the view
    is one (Qytetet, Civitas) and the raw view otherwise; a game with its own screen subclasses
    it and is registered in ``RENDERERS`` (or ``BUILTIN_RENDERERS``, imported on first use)."""

    def header(self, game: Game, view: dict[str, Any], lang: str) -> str:
        return board_header(game, view, lang)

    def table_view(self, game: Game, seat: int | None, lang: str, labels: Sequence[str],
                   width: int = 100, height: int | None = None) -> RenderableType:
        """The board and players as ``seat`` sees them, at most ``width`` columns wide and,
        when ``height`` is given, at most ``height`` rows tall (a compact form when the room
        is small; the full board when there is room)."""
        return board_or_raw_view(game, seat, lang, labels, width, height)

    def entry_lines(self, game: Game, entry: Entry, lang: str, labels: Sequence[str],
                    indent: int = 4, prefix: str = "",
                    viewer: int | None = None) -> list[RenderableType]:
        return plain_entry_lines(game, entry, lang, labels, indent, prefix)

    def actions_table(self, game: Game, seat: int, legal: Sequence[Action],
                      lang: str) -> RenderableType:
        return plain_actions_table(game, seat, legal, lang)

    def result_renderables(self, game: Game, lang: str,
                           labels: Sequence[str]) -> list[RenderableType]:
        return ranked_result(game, lang, labels)

    def opening(self, game: Game, lang: str) -> str:
        """The line before the first decision."""
        return tr(lang, "first_player", name=escape(game.names[game.to_move[0]]))

    def opening_lines(self, game: Game, lang: str) -> list[RenderableType]:
        """What setting up already did (e.g. taxes), in words, after the opening line."""
        return [Text("    " + game.describe(event, lang)) for event in game.opening_events]

    def player_style(self, game: Game, seat: int) -> str:
        return "bold " + seat_style(seat)

    def secret(self, game: Game, seat: int) -> bool:
        """Whether ``seat``'s decision now must be hidden from the other people at the table
        (a secret bid): the table then passes the keyboard and hides what was typed."""
        return False

    def private(self, game: Game, seat: int) -> bool:
        """Whether ``seat``'s screen now shows what only it may see (e.g. its secret holdings):
        at a table of several people the keyboard is passed before it when someone else saw the
        last screen; what is typed stays visible (the move itself is public)."""
        return False


DEFAULT_RENDERER = GameRenderer()
RENDERERS: dict[str, GameRenderer] = {"qytetet": DEFAULT_RENDERER, "civitas": DEFAULT_RENDERER}
BUILTIN_RENDERERS = {"som": "ludoteca.cli.som_render",    # module with a RENDERER
                     "elplan": "ludoteca.cli.elplan_render",
                     "sigloxx": "ludoteca.cli.sigloxx_render"}


def register_renderer(game_id: str, renderer: GameRenderer) -> None:
    RENDERERS[game_id] = renderer


def renderer_for(game_id: str) -> GameRenderer:
    if game_id not in RENDERERS and game_id in BUILTIN_RENDERERS:
        RENDERERS[game_id] = importlib.import_module(BUILTIN_RENDERERS[game_id]).RENDERER
    return RENDERERS.get(game_id, DEFAULT_RENDERER)


def header(game: Game, view: dict[str, Any], lang: str) -> str:
    return renderer_for(game.game_id).header(game, view, lang)


def table_view(game: Game, seat: int | None, lang: str, labels: Sequence[str],
               width: int = 100, height: int | None = None) -> RenderableType:
    """See :meth:`GameRenderer.table_view`."""
    return renderer_for(game.game_id).table_view(game, seat, lang, labels, width, height)


def entry_lines(game: Game, entry: Entry, lang: str, labels: Sequence[str], indent: int = 4,
                prefix: str = "", viewer: int | None = None) -> list[RenderableType]:
    """``Ana ▸ tirar`` and, indented below, each event in words."""
    return renderer_for(game.game_id).entry_lines(game, entry, lang, labels, indent, prefix,
                                                  viewer)


def actions_table(game: Game, seat: int, legal: Sequence[Action],
                  lang: str) -> RenderableType:
    return renderer_for(game.game_id).actions_table(game, seat, legal, lang)


def result_renderables(game: Game, lang: str, labels: Sequence[str]) -> list[RenderableType]:
    return renderer_for(game.game_id).result_renderables(game, lang, labels)
