"""The end of a game: points by source (income, scoring cards, final scoring), the tie-breaks
and holdings, the winners and why the game ended."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.cli.messages import tr
from ludoteca.core.game import Game

from .common import _, shows_game, signed, who

TIE_WORDS = {"fewest_garbage": ("menos basura", "fewest garbage"),
             "highest_pollution": ("contaminación más a la derecha", "best pollution level"),
             "most_coins_plus_science": ("más monedas + ciencia", "most coins + science")}
FINAL_PARTS = ("coins", "science", "environment", "clean_tiles", "garbage")


def vp_during_play(game: Game) -> tuple[list[int], list[int]] | None:
    """(income VP, scoring-card VP) per seat, from the events of a replay of the record."""
    from ludoteca.core.record import walk
    n = len(game.names)
    income, cards = [0] * n, [0] * n
    try:
        for _g, _s, _t, events in walk(game.record()):
            for e in events:
                if e.kind == "produccion":
                    income[e.data["player"]] += int(e.data.get("vp", 0))
                elif e.kind == "bonificacion":
                    cards[e.data["player"]] += int(e.data.get("vp", 0))
    except Exception:  # noqa: BLE001  (the split is a courtesy; the totals come from the result)
        return None
    return income, cards


def _table(title: str | None) -> Table:
    return Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                 collapse_padding=True, title=title, title_justify="left", title_style="bold")


def _score_table(game: Game, view: dict[str, Any], lang: str, labels: Sequence[str],
                 split: tuple[list[int], list[int]] | None) -> Table:
    result = game.result
    assert result is not None
    details = result.details or {}
    finals = details.get("final_scoring") or [{} for _s in game.names]
    table = _table(tr(lang, "result_title"))
    table.add_column("#", justify="right")
    table.add_column(tr(lang, "h_player"), no_wrap=True)
    table.add_column(_(lang, "PV", "VP"), justify="right", style="bold")
    heads = [_(lang, "ingresos", "income"), _(lang, "tarjetas", "cards")] if split else \
        [_(lang, "en juego", "in play")]
    heads += [_(lang, "monedas", "coins"), _(lang, "ciencia", "science"),
              _(lang, "ambiente", "environ."), _(lang, "limpias", "clean"),
              _(lang, "basura", "garbage")]
    for h in heads:
        table.add_column(h, justify="right")
    places = details.get("places")
    no_cards = not any(view["scoring_cards"].values())
    for i, s in enumerate(result.ranking):
        name = who(view, s, lang)
        if labels[s]:
            name.append(f" ({labels[s]})", style="dim")
        f, total = finals[s], result.scores[s]
        cells = [str(split[0][s]), "—" if no_cards else str(split[1][s])] if split else \
            [str(total - f.get("total", 0))]
        cells += [f"{f.get(k, 0)}" for k in FINAL_PARTS]
        table.add_row(f"{places[s] if places else i + 1}.", name, str(total), *cells,
                      style="bold" if s in result.winners else None)
    return table


def _tie_table(game: Game, view: dict[str, Any], lang: str) -> Table:
    result = game.result
    assert result is not None
    details = result.details or {}
    held = details.get("held") or [{} for _s in game.names]
    keys = details.get("tie_break") or [[] for _s in game.names]
    tie = _table(_(lang, "Desempate y reservas", "Tie-breaks and holdings"))
    tie.add_column(tr(lang, "h_player"), no_wrap=True)
    for h in (_(lang, "fichas de basura", "garbage tokens"),
              _(lang, "contaminación", "pollution"), _(lang, "monedas", "coins"),
              _(lang, "ciencia", "science"), _(lang, "monedas + ciencia", "coins + science")):
        tie.add_column(h, justify="right")
    for s in result.ranking:
        k = keys[s] if len(keys[s]) >= 4 else [0, 0, 0, 0]
        tie.add_row(who(view, s, lang), str(-k[1]), signed(k[2]),
                    str(held[s].get("coins", "")), str(held[s].get("science", "")), str(k[3]))
    return tie


def _decided_by(game: Game, lang: str) -> str:
    """`` (empate a 30 PV, decidido por menos basura)`` when a tie-break decided the winner."""
    result = game.result
    assert result is not None
    details = result.details or {}
    keys = details.get("tie_break") or []
    top = max(result.scores)
    level = [s for s in range(len(result.scores)) if result.scores[s] == top]
    if len(level) <= len(result.winners) or not keys or \
            not all(len(keys[s]) >= 4 for s in level):
        return ""
    for idx, t in enumerate((details.get("tie_break_order") or [])[1:], 1):
        if len({keys[s][idx] for s in level}) > 1:
            crit = _(lang, *TIE_WORDS.get(t, (t, t)))
            return _(lang, f" (empate a {top} PV, decidido por {crit})",
                     f" (tied on {top} VP, decided by {crit})")
    return ""


@shows_game
def result_lines(game: Game, lang: str, labels: Sequence[str]) -> list[RenderableType]:
    """The score table by source, how the final scoring counts, the tie-breaks, the winners."""
    result = game.result
    if result is None:
        return []
    view = game.view(None)
    details = result.details or {}
    out: list[RenderableType] = [_score_table(game, view, lang, labels, vp_during_play(game))]
    out.append(Text(_(lang, "Monedas y ciencia: mayorías (6 y 3 PV); ambiente: +p si p > 0, 2p "
                            "si p < 0; limpias: tierras sin basura × 2/3/4 según la "
                            "contaminación; basura: −1 por ficha.",
                      "Coins and science: majorities (6 and 3 VP); environment: +p if p > 0, 2p "
                      "if p < 0; clean: land tiles without garbage × 2/3/4 by pollution; "
                      "garbage: −1 per token."), style="dim"))
    out.append(_tie_table(game, view, lang))
    order = ", ".join(_(lang, *TIE_WORDS.get(t, (t, t)))
                      for t in (details.get("tie_break_order") or [])[1:])
    if order:
        out.append(Text(_(lang, f"A igualdad de PV: {order}; si persiste, se comparte la victoria.",
                          f"With equal VP: {order}; if still equal, the victory is shared."),
                        style="dim"))
    names = tr(lang, "and").join(who(view, w, lang).plain for w in result.winners)
    key = "winners_line" if len(result.winners) == 1 else "winners_tie"
    out.append(Text(tr(lang, key, names=names) + _decided_by(game, lang), style="bold green"))
    if result.reason == game.C.end_reason:
        out.append(Text(_(lang, "La partida acaba tras la puntuación final de la ronda VI.",
                          "The game ends after the final scoring of round VI.")))
    else:
        out.append(Text(tr(lang, "reason_other", reason=result.reason)))
    return out
