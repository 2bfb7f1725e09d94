"""Technologies, catastrophes and scoring cards in words: what a card does (also used by the
web table's content block), the technology offer, the catastrophe and its columns."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.games.sigloxx.effects import (  # noqa: F401 (re-exported)
    EFFECTS,
    card_title,
    card_words,
    eco_words,
    pollution_words,
    tech_effect,
)

from .common import (
    _,
    fit_parts,
    short_who,
    tech_name,
    who,
)


# ----- the technology offer ----------------------------------------------------------------------
def tech_offer_lines(view: dict[str, Any], lang: str) -> list[RenderableType]:
    """The heading and one row per technology on offer, with what it does."""
    price = view["price"]
    tech = Text(_(lang, "Tecnologías en oferta", "Technologies on offer"), style="bold")
    tech.append(_(lang, f" (a {price} de ciencia, solo al retirarte):",
                  f" (at {price} science, only on withdrawing):"))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    for t in view["tech_display"]:
        grid.add_row("", tech_name(t, lang), tech_effect(t, lang))
    if not view["tech_display"]:
        grid.add_row("", Text("—", style="dim"), "")
    return [tech, grid]


def tech_offer_line(view: dict[str, Any], lang: str, width: int) -> Text:
    """``Tecnologías (4 de ciencia): T04 T07 T12``: the offer as short ids."""
    head = Text(_(lang, "Tecnologías", "Technologies"), style="bold")
    head.append(_(lang, f" ({view['price']} de ciencia): ", f" ({view['price']} science): "))
    ids = [Text(t, style="bold") for t in view["tech_display"]] or [Text("—", style="dim")]
    return fit_parts(head, ids, width, sep=" ")


# ----- the catastrophe ---------------------------------------------------------------------------
def column_effect(col: dict[str, Any], lang: str) -> str:
    return eco_words(col["garbage"], -col["pollution"], lang) or _(lang, "nada", "nothing")


def catastrophe_head(cat: dict[str, Any], lang: str) -> Text:
    head = Text(_(lang, "Catástrofe: ", "Catastrophe: "), style="bold")
    head.append(f"«{cat['name']}»" if lang == "es" else f"“{cat['name_en']}”", style="bold red")
    head.append(f" ({cat['id']}, {cat['label']})")
    return head


def catastrophe_lines(view: dict[str, Any], lang: str) -> list[RenderableType]:
    """The catastrophe, how it is bid for, and each column: its effect and who holds it."""
    cat = view.get("catastrophe")
    if not cat:
        return []
    head = catastrophe_head(cat, lang)
    if cat.get("bidding"):
        head.append(_(lang, " — se puja en ciencia; desplazar exige superar la puja",
                      " — bids in science; displacing needs a higher bid"), style="dim")
    grid = Table.grid(padding=(0, 1))
    for _k in range(4):
        grid.add_column()
    for i, col in enumerate(cat["columns"]):
        effect = column_effect(col, lang)
        if i == 0:
            effect += _(lang, " (la peor: da el jugador inicial)",
                        " (the worst: gives the start player)")
        taker = Text()
        if col["occupant"] is not None:
            taker = who(view, col["occupant"], lang)
            taker.append(_(lang, f" con {col['bid']} de ciencia", f" with {col['bid']} science"))
        grid.add_row("", Text(col["column"], style="bold"), effect, taker)
    return [head, grid]


def catastrophe_line(view: dict[str, Any], lang: str, width: int) -> list[Text]:
    """The catastrophe in one line: ``Catástrofe «Lluvia ácida»: A Ana 0 · C — · E Bo 4``."""
    cat = view.get("catastrophe")
    if not cat:
        return []
    head = catastrophe_head(cat, lang)
    head.append(": ")
    parts = []
    for col in cat["columns"]:
        part = Text(col["column"] + " ", style="bold")
        if col["occupant"] is None:
            part.append("—", style="dim")
        else:
            part.append_text(short_who(view, col["occupant"]))
            part.append(f" {col['bid']}")
        parts.append(part)
    return [fit_parts(head, parts, width)]
