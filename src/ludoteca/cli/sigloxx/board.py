"""The board as a seat sees it, fitted to the room it has: each part (countries, players,
offers, catastrophe, auction, step, cards) comes in forms from the fullest to the shortest; the
layout starts from the fullest and folds the least useful parts first until the board fits
``height`` rows of ``width`` columns. Nothing is cut inside a word: a form whose text would be
cut is skipped, and a part that still does not fit is left out whole."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.segment import Segment
from rich.text import Text

from ludoteca.core.game import Game

from .actions import place_targets, tile_marks
from .auction import auction_line, auction_lines, cost_line, land_offer_lines, offer_line
from .common import STEPS, _, fit_parts, short_who, shows_game, signed
from .land import (
    countries,
    country_lines,
    country_title,
    legend,
    mini_legend,
    mini_map,
    pack_blocks,
    seat_order,
)
from .panels import (
    cards_line,
    details_short,
    general_lines,
    piles_line,
    player_details,
    players_table,
    seat_line,
    step_lines,
)
from .tech import catastrophe_line, catastrophe_lines, tech_offer_line, tech_offer_lines

CUT = re.compile(r"\w…")          # rich's ellipsis after a letter: a word was cut

# the order in which parts fold when the board is too tall: (part, form to fold to)
FOLDS = (("general", 1), ("countries", 1), ("players", 1), ("offers", 1), ("catastrophe", 1),
         ("auction", 1), ("countries", 2), ("countries", 3), ("general", 2), ("players", 2),
         ("step", 1), ("countries", 4), ("players", 3), ("offers", 2), ("countries", 5),
         ("general", 3))
# the parts to leave out whole, first to last, if the shortest forms are still too tall
DROP = ("general", "countries", "catastrophe", "offers", "players", "auction")
# in Maintenance and Production the country matters more than the offers
DROP_AT_HOME = ("general", "catastrophe", "offers", "countries", "players", "auction")


@dataclass
class Part:
    """One part of the board: its forms, fullest first (each a list of renderables)."""

    name: str
    forms: list[list[RenderableType]]
    form: int = 0

    def fold_to(self, form: int) -> None:
        self.form = max(self.form, min(form, len(self.forms) - 1))

    @property
    def shown(self) -> list[RenderableType]:
        return self.forms[self.form]


def scratch(width: int) -> Console:
    return Console(file=io.StringIO(), width=width, color_system=None, highlight=False,
                   legacy_windows=False, force_terminal=False)


def render_lines(renderables: Sequence[RenderableType], width: int) -> list[list[Segment]]:
    if not renderables:
        return []
    console = scratch(width)
    return console.render_lines(Group(*renderables), console.options, pad=False)


def lines_cut(lines: list[list[Segment]]) -> bool:
    return any(CUT.search("".join(s.text for s in line)) for line in lines)


# ----- the parts in their forms ------------------------------------------------------------------
def blank(lines: list[RenderableType]) -> list[RenderableType]:
    """A part followed by an empty line (none when the part is empty)."""
    return lines + [Text()] if lines else []


def countries_forms(game: Game, view: dict[str, Any], seat: int | None, lang: str,
                    width: int) -> list[list[RenderableType]]:
    legal = game.legal_actions(seat) if seat is not None and seat in game.to_move else []
    targets = place_targets(legal)
    marks = tile_marks(view, seat, legal)
    boxes = countries(view, seat, lang, width, targets, marks)
    minis = countries(view, seat, lang, width, targets, marks, mini=True)
    forms: list[list[RenderableType]] = [boxes + [legend(lang), Text()], boxes + [Text()]]
    if seat is None:
        return forms + [minis + [mini_legend(lang, bool(targets)), Text()]] * 2 + [minis, []]
    mine = view["players"][seat]
    mark = marks.get(seat, frozenset())
    mine_box = [country_title(view, seat, seat, lang)] + country_lines(mine, lang, width,
                                                                        targets, mark)
    mine_mini = mini_map(mine, targets, mark)
    mixed = [mine_box] + [[country_title(view, s, seat, lang)] + mini_map(view["players"][s])
                          for s in seat_order(view, seat)[1:]]
    forms.append(pack_blocks(mixed, width) + [Text()])
    forms.append(minis + [mini_legend(lang, bool(targets)), Text()])
    forms.append(mine_mini + ([mini_legend(lang)] if targets else []))
    forms.append(mine_mini)
    return forms


def players_forms(view: dict[str, Any], seat: int | None, lang: str, labels: Sequence[str],
                  width: int) -> list[list[RenderableType]]:
    table = players_table(view, lang, labels, seat)
    order = seat_order(view, seat)
    seats = [line for s in order for line in seat_line(view, s, seat, lang, width)]
    mine: list[RenderableType] = []
    if seat is not None:
        mine = seat_line(view, seat, seat, lang, width, lines=2) + \
            details_short(view, seat, lang, width)
    others = [others_line(view, seat, lang, width)] if len(order) > 1 else []
    return [[table] + player_details(view, lang) + [Text()], [table, Text()],
            (mine or seats[:1]) + seats[len(seat_line(view, order[0], seat, lang, width)):],
            (mine[:2] or seats[:1]) + others]


def others_line(view: dict[str, Any], seat: int | None, lang: str, width: int) -> Text:
    """The other seats in one line: ``Bo 3 PV −1 · Cy 5 PV +2``."""
    parts = []
    for s in seat_order(view, seat)[1:]:
        p = view["players"][s]
        part = short_who(view, s)
        part.append(f" {p['score']} " + _(lang, "PV", "VP") + " " +
                    _(lang, "contam. ", "poll. ") + signed(p["pollution"]))
        parts.append(part)
    return fit_parts(Text(_(lang, "Otros: ", "Others: "), style="bold"), parts, width)


def offers_forms(view: dict[str, Any], lang: str, width: int) -> list[list[RenderableType]]:
    if view.get("cost_track") is None:
        return [[]]
    land = land_offer_lines(view, lang)
    full = land[:1] + tech_offer_lines(view, lang) + land[1:]
    short = offer_line(view, lang, width) + [tech_offer_line(view, lang, width)]
    return [full, short + [cost_line(view, lang, explain=False)], short]


def step_forms(view: dict[str, Any], lang: str, width: int) -> list[list[RenderableType]]:
    full = step_lines(view, lang)
    step = _(lang, *STEPS.get(view["step"], ("", "")))
    alone = step and not full and not view.get("auction")
    head = [Text(_(lang, "Paso: ", "Step: ") + step, style="bold")] if alone else []
    return [head + full, head + step_lines(view, lang, width)]


def parts_of(game: Game, seat: int | None, lang: str, labels: Sequence[str],
             width: int) -> list[Part]:
    view = game.view(seat)
    cat = catastrophe_lines(view, lang)
    return [
        Part("step", step_forms(view, lang, width)),
        Part("auction", [auction_lines(view, lang), auction_line(view, lang, width)]),
        Part("countries", countries_forms(game, view, seat, lang, width)),
        Part("players", players_forms(view, seat, lang, labels, width)),
        Part("offers", offers_forms(view, lang, width)),
        Part("catastrophe", [cat, catastrophe_line(view, lang, width)]),
        Part("general", [general_lines(view, lang), [cards_line(view, lang, width),
                                                     piles_line(view, lang)],
                         [cards_line(view, lang, width)], []]),
    ]


# ----- the layout --------------------------------------------------------------------------------
ORDER = ("countries", "players", "offers", "catastrophe", "auction", "step", "general")


def arrange(parts: list[Part]) -> list[RenderableType]:
    """The parts in order; when only the viewer's small map is left, its line comes first."""
    by_name = {p.name: p for p in parts}
    order = ORDER if by_name["countries"].form < 4 else ("players",) + ORDER[:1] + ORDER[2:]
    return [r for name in order for r in by_name[name].shown]


def fitted(parts: list[Part], width: int, height: int,
           drop: Sequence[str] = DROP) -> list[list[Segment]]:
    """Fold the parts (then leave out whole parts) until the board fits; the rendered lines."""
    by_name = {p.name: p for p in parts}
    for p in parts:                       # forms that would cut a word are not used
        good = [f for f in p.forms if not lines_cut(render_lines(f, width))]
        p.forms = good or [[]]
    folds = iter(FOLDS)
    lines = render_lines(arrange(parts), width)
    while len(lines) > height:
        step = next(folds, None)
        if step is None:
            break
        by_name[step[0]].fold_to(step[1])
        lines = render_lines(arrange(parts), width)
    for name in drop:
        if len(lines) <= height:
            break
        by_name[name].forms = [[]]
        by_name[name].form = 0
        lines = render_lines(arrange(parts), width)
    while lines and not "".join(s.text for s in lines[-1]).strip():
        lines.pop()
    return lines[:height]


def as_text(lines: list[list[Segment]]) -> list[Text]:
    out = []
    for line in lines:
        text = Text()
        for seg in line:
            if not seg.control:
                text.append(seg.text, style=seg.style)
        text.rstrip()
        out.append(text)
    return out


@shows_game
def board(game: Game, seat: int | None, lang: str, labels: Sequence[str], width: int = 100,
          height: int | None = None) -> RenderableType:
    """The board for ``seat``: all of it when ``height`` is None, else what fits."""
    parts = parts_of(game, seat, lang, labels, width)
    if height is None:                    # no limit, but no form that would cut a word
        return Group(*as_text(fitted(parts, width, 10**6)))
    home = game.view(seat)["phase"] in ("mantenimiento", "produccion")
    lines = fitted(parts, width, max(1, height), DROP_AT_HOME if home else DROP)
    return Group(*as_text(lines))
