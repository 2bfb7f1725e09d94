"""The :class:`SomRenderer` the table uses: the board fitted to the room it has (from the spaced
map with every panel down to one line a map row and the state in a line), the events with
secret bids hidden, the numbered actions, and the end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ludoteca.core.action import Action
from ludoteca.core.game import Game
from ludoteca.core.registry import info
from ludoteca.games.som import actions as A

from ..messages import tr
from ..render import Entry, GameRenderer
from .actions import action_meaning, shown_form
from .board import compact_map, legend, legend_compact, map_renderable
from .common import COLOURS, _, cut_short, measure, who_plain
from .panels import (
    my_disks,
    phase_compact,
    players_compact,
    players_table,
    status_compact,
    status_lines,
    vote_lines,
)
from .results import result_lines

BOLD_EVENTS = ("fin", "consulta", "dui", "intervencion", "revelacion", "resultado_voto")


def board_forms(view: dict[str, Any], lang: str, labels: Sequence[str], seat: int | None,
                width: int, targets: frozenset[int]) -> list[list[RenderableType]]:
    """The board's forms, fullest first: each a list of the parts drawn one below the other."""
    votes: list[RenderableType] = list(vote_lines(view, lang, seat))
    status = status_lines(view, lang)
    players = players_table(view, lang, labels, seat, width)
    small = compact_map(view, lang, width, targets)
    line = status_compact(view, lang, width)
    now = [x for x in (phase_compact(view, lang),) if x is not None]
    mine = [x for x in (my_disks(view, lang, seat),) if x is not None]
    who_line = players_compact(view, lang, labels, seat, width)
    spaced = map_renderable(view, lang, width, targets)
    close = map_renderable(view, lang, width, targets, spaced=False)
    key, key_small = legend(view, lang, width), legend_compact(view, lang, width)
    return [
        [spaced, key, Text(), *status, Text(), players, *([Text(), *votes] if votes else [])],
        [close, key, *status, players, *votes],
        [close, key_small, line, *now, players, *votes],
        [close, key_small, line, *now, who_line, *mine, *votes],
        [close, line, *now, who_line, *mine, *votes],
        [small, key_small, line, *now, who_line, *mine, *votes],
        [small, line, *now, who_line, *mine, *votes],
        [small, line, *now, who_line, *votes],
        [small, line, *now, who_line],
        [small, line, who_line],
        [small, line],
        [line, *now],
        [line],
    ]


def fit_board(forms: list[list[RenderableType]], width: int,
              height: int | None) -> RenderableType:
    """The first form that fits ``width`` × ``height`` (the last one when none does)."""
    if height is None:
        return Group(*forms[0])
    for parts in forms:
        group = Group(*parts)
        rows, cols = measure(group, width)
        if rows <= height and cols <= width and not cut_short(group, width):
            return group
    return Group(*forms[-1])


class SomRenderer(GameRenderer):
    """The screen of «Som el que decidim!»."""

    def header(self, game: Game, view: dict[str, Any], lang: str) -> str:
        parts = [info(game.game_id).title,
                 _(lang, f"turno {view['turn']}", f"turn {view['turn']}")]
        if game.to_move:
            names = ", ".join(game.names[s] for s in game.to_move)
            parts.append(tr(lang, "turn_of", name=names))
        return " · ".join(escape(p) for p in parts)

    def table_view(self, game: Game, seat: int | None, lang: str, labels: Sequence[str],
                   width: int = 100, height: int | None = None) -> RenderableType:
        """The map and panels as ``seat`` sees them; with ``height``, the fullest form that
        fits ``width`` × ``height``."""
        view = game.view(seat)
        targets: frozenset[int] = frozenset()
        if seat is not None and view["phase"] == "movimiento":
            targets = frozenset(a.arg for a in game.legal_actions(seat)
                                if a.name == A.MOVE and a.arg is not None)
        return fit_board(board_forms(view, lang, labels, seat, width, targets), width, height)

    def entry_lines(self, game: Game, entry: Entry, lang: str, labels: Sequence[str],
                    indent: int = 4, prefix: str = "",
                    viewer: int | None = None) -> list[RenderableType]:
        name = Text(game.names[entry.seat], style=self.player_style(game, entry.seat))
        if labels[entry.seat]:
            name.append(f" ({labels[entry.seat]})", style="dim")
        text = entry.text
        if text.startswith(A.BID + " ") and viewer != entry.seat and not game.is_over:
            text = A.BID + " ?"             # a bid is secret until the fists open
        first = Text.assemble((prefix, "dim"), name, " ▸ ", (shown_form(text, lang), "bold"))
        lines: list[RenderableType] = [first]
        for event in entry.events:
            style = "bold" if event.kind in BOLD_EVENTS else ""
            lines.append(Padding(Text(game.describe(event, lang), style=style),
                                 (0, 0, 0, indent), expand=False))
        return lines

    def actions_table(self, game: Game, seat: int, legal: Sequence[Action],
                      lang: str) -> RenderableType:
        view = game.view(seat)
        table = Table(box=None, pad_edge=False, show_header=False, padding=(0, 1))
        table.add_column(justify="right", style="bold", no_wrap=True)
        table.add_column(no_wrap=True, style="bold")
        table.add_column()
        for i, action in enumerate(legal, 1):
            table.add_row(f"{i}.", shown_form(str(action), lang),
                          action_meaning(view, action, seat, lang))
        return table

    def result_renderables(self, game: Game, lang: str,
                           labels: Sequence[str]) -> list[RenderableType]:
        return result_lines(game, lang, labels)

    def opening(self, game: Game, lang: str) -> str:
        view = game.view(None)
        return escape(_(lang, f"{who_plain(view, view['gh'], lang)} tiene la Generalitat en el "
                              f"primer turno (modo {view['mode']}, centralismo "
                              f"{view['centralism']}).",
                        f"{who_plain(view, view['gh'], lang)} holds the Generalitat in the first "
                        f"turn (mode {view['mode']}, centralism {view['centralism']})."))

    def player_style(self, game: Game, seat: int) -> str:
        colours = getattr(game, "colours", ())
        code = colours[seat] if seat < len(colours) else ""
        return COLOURS.get(code, ("", "", "bold", ""))[2]

    def secret(self, game: Game, seat: int) -> bool:
        return game.view(seat)["phase"] == "votacion"


RENDERER = SomRenderer()
