"""The screen of «Siglo XX» at the terminal table: the :class:`SigloRenderer`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ludoteca.cli.messages import tr
from ludoteca.cli.render import Entry, GameRenderer
from ludoteca.core.action import Action
from ludoteca.core.game import Game
from ludoteca.core.registry import info

from .actions import action_meaning, action_words, english_alias, run_meaning, runs
from .board import board
from .common import PHASES, SEAT_STYLES, _, colour_style, current, shows_game, who
from .land import countries, legend
from .results import result_lines

BOLD_EVENTS = ("fin", "ronda", "catastrofe", "bonificacion", "gana", "compra_solo")


class SigloRenderer(GameRenderer):
    """The screen of «Siglo XX»."""

    @shows_game
    def header(self, game: Game, view: dict[str, Any], lang: str) -> str:
        parts = [info(game.game_id).title,
                 _(lang, f"ronda {view['roman']} de {current().ROMAN[-1]}",
                   f"round {view['roman']} of {current().ROMAN[-1]}")]
        phase = PHASES.get(view["phase"])
        if phase:
            parts.append(_(lang, *phase))
        if game.to_move:
            names = ", ".join(game.names[s] for s in game.to_move)
            parts.append(tr(lang, "turn_of", name=names))
        return " · ".join(escape(p) for p in parts)

    @shows_game
    def table_view(self, game: Game, seat: int | None, lang: str, labels: Sequence[str],
                   width: int = 100, height: int | None = None) -> RenderableType:
        """Countries, players, offers, catastrophe, auction and step as ``seat`` sees them;
        folded to fit ``height`` rows when given (see :mod:`.board`)."""
        return board(game, seat, lang, labels, width, height)

    @shows_game
    def entry_lines(self, game: Game, entry: Entry, lang: str, labels: Sequence[str],
                    indent: int = 4, prefix: str = "",
                    viewer: int | None = None) -> list[RenderableType]:
        name = Text(game.names[entry.seat], style=self.player_style(game, entry.seat))
        if labels[entry.seat]:
            name.append(f" ({labels[entry.seat]})", style="dim")
        first = Text.assemble((prefix, "dim"), name, " ▸ ",
                              (action_words(entry.text, lang), "bold"))
        lines: list[RenderableType] = [first]
        for event in entry.events:
            style = "bold" if event.kind in BOLD_EVENTS else \
                "dim" if event.kind == "forzada" else ""
            lines.append(Padding(Text(game.describe(event, lang), style=style),
                                 (0, 0, 0, indent), expand=False))
        return lines

    @shows_game
    def actions_table(self, game: Game, seat: int, legal: Sequence[Action],
                      lang: str) -> RenderableType:
        view = game.view(seat)
        table = Table(box=None, pad_edge=False, show_header=False, padding=(0, 1))
        table.add_column(justify="right", style="bold", no_wrap=True)
        table.add_column(no_wrap=True, style="bold")
        table.add_column()
        for i, j in runs(legal):
            if i == j:
                table.add_row(f"{i + 1}.", action_words(str(legal[i]), lang),
                              action_meaning(game, view, legal[i], seat, lang))
                continue
            first, last = legal[i], legal[j]
            words = f"{first.name} {first.arg}…{last.arg}"
            alias = english_alias("sigloxx", first.name) if lang != "es" else None
            if alias:
                words += f" ({alias} N)"
            table.add_row(f"{i + 1}–{j + 1}.", words,
                          run_meaning(game, view, first, last, i, j, seat, lang))
        return table

    @shows_game
    def result_renderables(self, game: Game, lang: str,
                           labels: Sequence[str]) -> list[RenderableType]:
        if game.result is None:
            return []
        view = game.view(None)
        out: list[RenderableType] = [Text(_(lang, "Países al final", "Final countries"),
                                          style="bold")]
        out += countries(view, None, lang, 100)
        out += [legend(lang), Text()]
        return out + result_lines(game, lang, labels)

    @shows_game
    def opening(self, game: Game, lang: str) -> str:
        view = game.view(None)
        sp = who(view, view["sp"], lang).plain
        how = _(lang, "fijado por la opción first_player", "set by the option first_player") \
            if game.options.get("first_player") is not None else \
            _(lang, "por sorteo", "drawn at random")
        return escape(_(lang, f"Ronda I: {sp} es jugador inicial ({how}).",
                        f"Round I: {sp} is start player ({how})."))

    @shows_game
    def opening_lines(self, game: Game, lang: str) -> list[RenderableType]:
        out: list[RenderableType] = []
        last = None
        for event in game.opening_events:
            text = game.describe(event, lang)
            if text != last:                  # the start player is announced twice in setup
                out.append(Text("    " + text))
            last = text
        return out

    @shows_game
    def player_style(self, game: Game, seat: int) -> str:
        colours = current().COLOURS
        return colour_style(colours[seat]) if 0 <= seat < len(colours) else \
            SEAT_STYLES[seat] if 0 <= seat < len(SEAT_STYLES) else "bold"

    def private(self, game: Game, seat: int) -> bool:
        """Every screen shows the seat's secret coins and science (and actions bounded by
        them): at a table of several people the keyboard is passed before it."""
        return True


RENDERER = SigloRenderer()
