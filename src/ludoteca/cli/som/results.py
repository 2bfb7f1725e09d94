"""The end of «Som el que decidim!»: the final map (drawn at the width of the terminal it is
printed on), the ranking by participation disks, why the game ended and the urna pile."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ludoteca.core.game import Game
from ludoteca.games.som.common import URNA_FOR_CONSULTA

from ..messages import tr
from .board import compact_map, map_renderable
from .common import _, card_name, measure, tables, who, who_plain


class FittedMap:
    """The map at the width it is printed at: the spaced map, the close one, or one line a row
    when even that is too wide."""

    def __init__(self, view: dict[str, Any], lang: str) -> None:
        self.view, self.lang = view, lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for form in (map_renderable(self.view, self.lang, width),
                     compact_map(self.view, self.lang, width)):
            if measure(form, 10_000)[1] <= width:
                yield form
                return
        yield compact_map(self.view, self.lang, width)


def ranking_table(game: Game, view: dict[str, Any], lang: str, labels: Sequence[str]) -> Table:
    """Place, player and participation disks; the winners marked."""
    result = game.result
    assert result is not None
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                  title=tr(lang, "result_title"), title_justify="left", title_style="bold")
    table.add_column(tr(lang, "h_place"), justify="right")
    table.add_column(tr(lang, "h_player"), no_wrap=True)
    table.add_column(_(lang, "discos de participación", "participation disks"),
                     justify="right")
    table.add_column("")
    place, previous = 0, None
    for i, s in enumerate(result.ranking):
        score = result.scores[s]
        if score != previous:
            place, previous = i + 1, score
        name = who(view, s, lang)
        if labels[s]:
            name.append(f" ({labels[s]})", style="dim")
        table.add_row(f"{place}.", name, str(score),
                      Text(tr(lang, "winner"), style="bold green")
                      if s in result.winners else "")
    return table


def result_lines(game: Game, lang: str, labels: Sequence[str]) -> list[RenderableType]:
    """Everything the end shows, in order."""
    result = game.result
    if result is None:
        return []
    view = game.view(None)
    details = result.details or {}
    lines: list[RenderableType] = [
        Text(_(lang, "Mapa final", "Final map"), style="bold"), FittedMap(view, lang), Text(),
        ranking_table(game, view, lang, labels),
        Text(reason_words(view, result.reason, details, lang), style="bold")]
    if result.winners:
        names = tr(lang, "and").join(game.names[w] for w in result.winners)
        key = "winners_line" if len(result.winners) == 1 else "winners_tie"
        lines.append(Text(tr(lang, key, names=names), style="bold green"))
    else:
        lines.append(Text(_(lang, "Nadie gana.", "Nobody wins."), style="bold red"))
    pile = details.get("pile", view["urna"])
    K = tables(view)
    lines.append(Text(_(lang, f"Urna: {len(pile)} de {URNA_FOR_CONSULTA}",
                        f"Urna: {len(pile)} of {URNA_FOR_CONSULTA}")
                      + (" — " + ", ".join(card_name(c, lang, K) for c in pile) if pile else ""),
                      style="dim"))
    return lines


def reason_words(view: dict[str, Any], reason: str, details: dict[str, Any], lang: str) -> str:
    """Why the game ended, in words."""
    if reason == "consulta":
        return _(lang, "Consulta: la urna reúne sus 4 cartas y se celebra la consulta.",
                 "Consulta: the urna holds its 4 cards and the consulta is held.")
    if reason == "intervencion":
        failed = details.get("failed_payer")
        name = who_plain(view, failed, lang) if isinstance(failed, int) and failed >= 0 else "?"
        return _(lang, f"Intervención: {name} no pudo pagar los impuestos y la Generalitat es "
                       "intervenida (Concentració nacional se gira).",
                 f"Intervention: {name} could not pay the taxes and the Generalitat is taken "
                 "over (Concentració nacional is flipped).")
    if reason == "dui":
        causer = details.get("causer")
        name = who_plain(view, causer, lang) if isinstance(causer, int) and causer >= 0 else "?"
        return _(lang, f"DUI: Hisenda espanyola no pudo pagar y se declara la independencia "
                       f"(la provocó {name}).",
                 f"DUI: Hisenda espanyola could not pay and independence is declared (caused "
                 f"by {name}).")
    if reason == tables(view).LIMIT:
        turns = details.get("turns", view.get("max_turns"))
        return _(lang, f"Límite: se llegó a {turns} turnos (no es un final del reglamento).",
                 f"Limit: {turns} turns were reached (not an ending of the rulebook).")
    return tr(lang, "reason_other", reason=reason)
