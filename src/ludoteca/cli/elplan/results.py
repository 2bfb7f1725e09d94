"""The end of a game of El Plan on the screen: the ranking with points, Ideas, trios, the credit
penalty and both tie-breaks; why the game ended; what separated tied neighbours."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.core.game import Game

from ..messages import tr
from .words import C, _, who


def tie_break_lines(game: Game, details: dict[str, Any], ranking: Sequence[int],
                    scores: Sequence[int], lang: str) -> list[Text]:
    """For each pair of neighbours in the ranking with equal points, what separated them."""
    res = details.get("resources") or []
    liq = details.get("liquidation") or []
    out = []
    for a, b in zip(ranking, ranking[1:], strict=False):
        if scores[a] != scores[b] or not res or not liq:
            continue
        na, nb, pts = game.names[a], game.names[b], scores[a]
        pt_es, pt_en = ("punto", "point") if pts == 1 else ("puntos", "points")
        if res[a] != res[b]:
            words = (f"{na} y {nb} empatan a {pts} {pt_es}: decide el desempate 1, recursos "
                     f"({res[a]} contra {res[b]}).",
                     f"{na} and {nb} tie on {pts} {pt_en}: tie-break 1, resources, decides "
                     f"({res[a]} to {res[b]}).")
        elif liq[a] != liq[b]:
            words = (f"{na} y {nb} empatan a {pts} {pt_es} y {res[a]} recursos: decide el "
                     "desempate 2, recursos + Productos + inversiones liquidadas "
                     f"({liq[a]} contra {liq[b]}).",
                     f"{na} and {nb} tie on {pts} {pt_en} and {res[a]} resources: tie-break "
                     f"2, resources + Products + liquidated investments, decides ({liq[a]} to "
                     f"{liq[b]}).")
        else:
            words = (f"{na} y {nb} empatan también en los desempates: comparten el puesto.",
                     f"{na} and {nb} also tie on the tie-breaks: they share the place.")
        out.append(Text(_(lang, *words)))
    return out


def _table(lang: str) -> Table:
    """Nine narrow columns: the table fits 80 columns without cutting a word (names wrap)."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                  title=tr(lang, "result_title"), title_justify="left", title_style="bold")
    table.add_column(tr(lang, "h_place"), justify="right", no_wrap=True)
    table.add_column(tr(lang, "h_player"))
    for head in (_(lang, "puntos", "points"), "Ideas", _(lang, "tríos", "trios")):
        table.add_column(head, justify="right", no_wrap=True)
    table.add_column(_(lang, "crédito", "credit"), justify="center", no_wrap=True)
    table.add_column(_(lang, "desemp.\n1", "tie-break\n1"),
                     justify="right", no_wrap=True)
    table.add_column(_(lang, "desemp.\n2", "tie-break\n2"),
                     justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    return table


def ranking_table(game: Game, lang: str, labels: Sequence[str]) -> Table:
    result = game.result
    assert result is not None
    details, n = result.details or {}, game.n_players
    ideas = details.get("ideas") or [0] * n
    trios = details.get("trios") or [0] * n
    penalty = details.get("penalty") or [False] * n
    res = details.get("resources") or [None] * n
    liq = details.get("liquidation") or [None] * n
    places = details.get("places")
    view = game.view(None)
    table = _table(lang)
    place, previous = 0, None
    for i, s in enumerate(result.ranking):
        key = (result.scores[s], res[s], liq[s])
        if key != previous:
            place, previous = i + 1, key
        if places:
            place = places[s]
        name = who(view, s, lang)
        if labels[s]:
            name.append(f" ({labels[s]})", style="dim")
        credit = Text("−1 Idea", style="red") if penalty[s] else \
            Text(_(lang, "carta", "card") if view["players"][s]["credit"] else "—",
                 style="dim")
        table.add_row(f"{place}.", name, Text(str(result.scores[s]), style="bold"),
                      str(ideas[s]), str(trios[s]), credit,
                      "" if res[s] is None else str(res[s]),
                      "" if liq[s] is None else str(liq[s]),
                      Text(tr(lang, "winner"), style="bold green")
                      if s in result.winners else "")
    return table


def reason_line(reason: str, details: dict[str, Any], lang: str) -> Text:
    if reason == "tutorial":
        return Text(_(lang, "Fin del tutorial tras el Período 5: los puntos son las Ideas "
                            "Innovadoras (sin tríos ni penalización).",
                      "End of the tutorial after Period 5: the points are the Innovative "
                      "Ideas (no trios, no penalty)."), style="bold")
    if reason == "fin":
        periods = details.get("periods", C.full_periods)
        return Text(_(lang, f"Fin de la partida tras el Período {periods}: puntos = Ideas + "
                            "tríos de inversiones activas (una de cada mazo); quien acaba con "
                            "carta de crédito pierde una Idea.",
                      f"Game over after Period {periods}: points = Ideas + trios of active "
                      "investments (one from each deck); ending with a credit card costs an "
                      "Idea."), style="bold")
    return Text(tr(lang, "reason_other", reason=reason), style="bold")


def result_lines(game: Game, lang: str, labels: Sequence[str]) -> list[RenderableType]:
    result = game.result
    if result is None:
        return []
    details = result.details or {}
    lines: list[RenderableType] = [ranking_table(game, lang, labels),
                                   reason_line(result.reason, details, lang)]
    lines += tie_break_lines(game, details, result.ranking, result.scores, lang)
    if result.winners:
        names = tr(lang, "and").join(game.names[w] for w in result.winners)
        key = "winners_line" if len(result.winners) == 1 else "winners_tie"
        lines.append(Text(tr(lang, key, names=names), style="bold green"))
    lines.append(Text(_(lang, "Desempates: 1) recursos (ociosos y puestos); 2) liquidación = "
                              "recursos + Productos (mano y Tienda) + inversiones liquidadas "
                              "(máx(1, coste − 1)).",
                        "Tie-breaks: 1) resources (idle and placed); 2) liquidation = "
                        "resources + Products (hand and shop) + liquidated investments "
                        "(max(1, cost − 1))."), style="dim"))
    return lines
