"""The screen of «El Plan: tú decides» (game id ``elplan``) as a :class:`GameRenderer`.

Everything is read from ``game.view(seat)``, which never holds a face-down card, a set-aside
event or another seat's pending simultaneous choice; an action that was such a choice
(``fabricar-T``, ``elegir-R`` in District 6, ``pagar-credito``, ``conservar-T`` and ``listo``
there) is shown to the other seats as a secret choice: its "has decided" event says all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ludoteca.core.action import Action
from ludoteca.core.events import Event
from ludoteca.core.game import Game
from ludoteca.core.registry import info

from ..messages import tr
from ..render import Entry, GameRenderer
from .actions import action_meaning, secret_entry, shown_form, shown_text
from .layout import fit, parts_of
from .results import result_lines
from .tutorial import tutorial_event
from .words import SIMULTANEOUS_STEPS, _, district_name, for_game

EVENT_STYLES = {"fin": "bold green", "suceso": "bold", "periodo": "bold underline",
                "innovar": "bold yellow", "exportar": "bold", "penalizacion-credito": "red",
                "distrito": "bold"}


def where_words(view: dict[str, Any], lang: str) -> str | None:
    """``Oportunidad``, ``Resumen`` or ``Distrito 3 (Inversión)``."""
    if view["phase"] == "oportunidad":
        return _(lang, "Oportunidad", "Opportunity")
    if view["phase"] == "resumen":
        return _(lang, "Resumen", "Summary")
    d = view.get("district")
    if d:
        return _(lang, f"Distrito {d} ({district_name(d, lang)})",
                 f"District {d} ({district_name(d, lang)})")
    return None


class ElplanRenderer(GameRenderer):
    """The screen of «El Plan: tú decides»."""

    @for_game
    def header(self, game: Game, view: dict[str, Any], lang: str) -> str:
        parts = [info(game.game_id).title,
                 _(lang, f"Período {view['period']} de {view['periods']}",
                   f"Period {view['period']} of {view['periods']}")]
        where = where_words(view, lang)
        if where:
            parts.append(where)
        if view.get("tutorial"):
            parts.append("tutorial")
        if game.to_move:
            names = ", ".join(game.names[s] for s in game.to_move)
            parts.append(tr(lang, "turn_of", name=names))
        return " · ".join(escape(p) for p in parts)

    @for_game
    def table_view(self, game: Game, seat: int | None, lang: str, labels: Sequence[str],
                   width: int = 100, height: int | None = None) -> RenderableType:
        """The whole board when there is room (or no ``height``); a shorter one, down to a
        handful of rows, when the terminal is small."""
        view = game.view(seat)
        parts = parts_of(view, lang, labels, seat, width)
        if height is None:
            return Group(*(p.forms[0] for p in parts if p.forms[0] is not None))
        return fit(parts, view.get("step"), width, max(1, height))

    @for_game
    def entry_lines(self, game: Game, entry: Entry, lang: str, labels: Sequence[str],
                    indent: int = 4, prefix: str = "",
                    viewer: int | None = None) -> list[RenderableType]:
        name = Text(game.names[entry.seat], style=self.player_style(game, entry.seat))
        if labels[entry.seat]:
            name.append(f" ({labels[entry.seat]})", style="dim")
        if viewer is not None and viewer != entry.seat and not game.is_over and \
                secret_entry(entry.seat, entry.events):
            words = _(lang, "(elección secreta)", "(secret choice)")
        else:
            words = shown_text(game, entry.text, lang)
        lines: list[RenderableType] = [Text.assemble((prefix, "dim"), name, " ▸ ",
                                                     (words, "bold"))]
        lines += [Padding(self.event_renderable(game, event, lang), (0, 0, 0, indent),
                          expand=False) for event in entry.events]
        return lines

    @for_game
    def event_renderable(self, game: Game, event: Event, lang: str) -> RenderableType:
        special = tutorial_event(event, lang)
        if special is not None:
            return special
        return Text(game.describe(event, lang), style=EVENT_STYLES.get(event.kind, ""))

    @for_game
    def opening_lines(self, game: Game, lang: str) -> list[RenderableType]:
        return [Padding(self.event_renderable(game, e, lang), (0, 0, 0, 4), expand=False)
                for e in game.opening_events]

    @for_game
    def actions_table(self, game: Game, seat: int, legal: Sequence[Action],
                      lang: str) -> RenderableType:
        """The legal actions numbered from 1, as they may be typed, and what each means."""
        view = game.view(seat)
        table = Table(box=None, pad_edge=False, show_header=False, padding=(0, 1))
        table.add_column(justify="right", style="bold", no_wrap=True)
        table.add_column(style="bold", no_wrap=True)
        table.add_column(ratio=1)
        for i, action in enumerate(legal, 1):
            table.add_row(f"{i}.", shown_form(game, action, lang),
                          action_meaning(view, action, seat, lang))
        return table

    @for_game
    def result_renderables(self, game: Game, lang: str,
                           labels: Sequence[str]) -> list[RenderableType]:
        return result_lines(game, lang, labels)

    @for_game
    def opening(self, game: Game, lang: str) -> str:
        view = game.view(None)
        first = next((e.data["mc"] for e in game.opening_events
                      if e.kind == "preparacion" and "mc" in e.data), view["mc"])
        name = game.names[first]
        text = _(lang, f"Momento Cero lo tiene {name} (opción first_player={first}, no hay "
                       "sorteo): decide primero en cada Período y la ficha pasa a la izquierda.",
                 f"{name} holds Momento Cero (option first_player={first}, no draw): they decide "
                 "first each Period and the token passes left.")
        if view.get("tutorial"):
            text += _(lang, " Tutorial guiado: 5 Períodos; los Distritos se suman Período a "
                            "Período.", " Guided tutorial: 5 Periods; the Districts join "
                            "Period by Period.")
        if game.to_move and game.to_move[0] != first:
            text += _(lang, f" La primera decisión es de {game.names[game.to_move[0]]}.",
                      f" The first decision is {game.names[game.to_move[0]]}'s.")
        return escape(text)

    @for_game
    def secret(self, game: Game, seat: int) -> bool:
        return game.view(seat)["step"] in SIMULTANEOUS_STEPS


RENDERER = ElplanRenderer()
