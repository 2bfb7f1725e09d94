"""Fitting the El Plan board into the room the table gives it.

The board is a list of parts (route, tutorial, squares, event, offers, market, players), each
with forms from the fullest to the shortest (``None``: left out). While the board is taller
than the room, the parts are shortened one by one, least important first for the step being
played; then the least important are left out. Every form wraps between words, so nothing is
ever cut in the middle of a word."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.text import Text

from . import board, players, tutorial

# the part of the board each step is about: shortened last
FOCUS = {"oportunidad": "squares", "d1-exencion": "event", "d1-elecciones": "event",
         "d3-invertir": "offers", "d5-comprar": "market", "d5-vender": "market",
         "d6-credito-subsidio": "market"}
# the order in which parts are shortened (the focus moves to the end)
ORDER = ("legend", "gap", "squares", "event", "market", "offers", "others", "tutorial", "you",
         "route")
# parts that may be left out altogether when even their shortest form does not fit
OPTIONAL = ("legend", "gap", "squares", "event", "market", "offers", "others")


@dataclass
class Part:
    """One part of the board and its forms, fullest first."""

    name: str
    forms: list[RenderableType | None]
    level: int = 0
    heights: list[int] = field(default_factory=list)

    @property
    def height(self) -> int:
        return self.heights[self.level]

    @property
    def shortest(self) -> int:
        """The index of the shortest form that still shows something."""
        return max(i for i, f in enumerate(self.forms) if f is not None)


def measure(renderable: RenderableType | None, width: int) -> int:
    """How many rows ``renderable`` takes at ``width`` columns."""
    if renderable is None:
        return 0
    console = Console(width=width, file=io.StringIO(), color_system=None,
                      legacy_windows=False, force_terminal=False)
    return len(console.render_lines(renderable, console.options.update_width(width),
                                    pad=False))


def parts_of(view: dict[str, Any], lang: str, labels: Sequence[str], viewer: int | None,
             width: int) -> list[Part]:
    """The parts of the board, in the order they are drawn."""
    me = next((p for p in view["players"] if p["seat"] == viewer), None)
    others = [p for p in view["players"] if p is not me]
    gap: list[RenderableType | None] = [Text(), None]
    parts = []
    if view.get("tutorial"):
        parts.append(Part("tutorial", [
            tutorial.tutorial_panel(view, lang), tutorial.tutorial_folded(view, lang, width, 3),
            tutorial.tutorial_folded(view, lang, width, 2),
            tutorial.tutorial_folded(view, lang, width, 1)]))
    parts += [
        Part("route", [board.route_text(view, lang), board.route_compact(view, lang)]),
        Part("gap", list(gap)),
        Part("squares", [board.squares_text(view, lang), board.squares_compact(view, lang),
                         None]),
        Part("gap", list(gap)),
        Part("event", [board.event_text(view, lang), board.event_compact(view, lang, width, 2),
                       board.event_compact(view, lang, width, 1), None]),
        Part("gap", list(gap)),
        Part("offers", [board.offers_text(view, lang), board.offers_lines(view, lang),
                        board.offers_by_deck(view, lang), None]),
        Part("gap", list(gap)),
        Part("market", [board.market_text(view, lang), board.market_compact(view, lang),
                        None]),
        Part("gap", list(gap)),
        Part("legend", [players.legend(lang), None]),
    ]
    if me is not None:
        parts.append(Part("you", [
            players.player_block(view, me, lang, labels, viewer),
            players.player_medium(view, me, lang, labels, viewer),
            players.player_short(view, me, lang, labels, viewer)]))
    blocks = [players.player_block(view, p, lang, labels, viewer) for p in others]
    lines = [players.player_line(view, p, lang, labels, viewer) for p in others]
    parts.append(Part("others", [Group(*blocks), Group(*lines), None]))
    return parts


def _order(step: str | None) -> list[str]:
    focus = FOCUS.get(step or "")
    order = [name for name in ORDER if name != focus]
    if focus:
        order.insert(order.index("you"), focus)
    return order


def fit(parts: list[Part], step: str | None, width: int, height: int) -> RenderableType:
    """The parts, shortened (and the least important left out) until they fit ``height``
    rows; as a last resort the board is cut after a whole row."""
    for part in parts:
        part.heights = [measure(form, width) for form in part.forms]
    total = sum(p.height for p in parts)
    order = _order(step)
    for part in (p for p in parts if p.name in ("gap", "legend")):   # blank rows go first
        if total > height:
            total -= part.height
            part.level = len(part.forms) - 1
    for name in order:                          # shorten, least important first
        for part in (p for p in parts if p.name == name):
            while total > height and part.level < part.shortest:
                total -= part.height
                part.level += 1
                total += part.height
    for name in (n for n in order if n in OPTIONAL):   # then leave out
        for part in (p for p in parts if p.name == name):
            if total > height and part.forms[-1] is None:
                total -= part.height
                part.level = len(part.forms) - 1
    chosen = Group(*(p.forms[p.level] for p in parts if p.forms[p.level] is not None))
    if total <= height:
        return chosen
    return cut_rows(chosen, width, height)


def cut_rows(renderable: RenderableType, width: int, height: int) -> RenderableType:
    """The first ``height - 1`` rows of ``renderable`` and a last row saying more follows."""
    console = Console(width=width, file=io.StringIO(), color_system=None,
                      legacy_windows=False, force_terminal=False, record=True)
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    out = Text()
    for line in lines[:max(0, height - 1)]:
        for segment in line:
            out.append(segment.text, style=segment.style)
        out.append("\n")
    out.append("…", style="dim")
    return out
