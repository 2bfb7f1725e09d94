"""Technologies, catastrophes and scoring cards in words: what a card does (also used by the
web table's content block), the technology offer, the catastrophe and its columns."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from .common import (
    CARD_BY_ID,
    TECH_BY_ID,
    _,
    amounts,
    fit_parts,
    glyph,
    short_who,
    tech_name,
    tile_rails,
    who,
)


def eco_words(garbage: int, shift: int, lang: str) -> str:
    """``2 basura, más contaminación (1 paso a la izquierda)``: a purchase's or a catastrophe
    column's effect. ``shift`` is the move of the pollution marker: right (> 0) is cleaner."""
    parts = []
    if garbage:
        parts.append(_(lang, f"{garbage} basura", f"{garbage} garbage"))
    if shift:
        parts.append(pollution_words(shift, lang))
    return ", ".join(parts)


def pollution_words(shift: int, lang: str) -> str:
    """A move of the pollution marker in words: right is less pollution, left is more."""
    n = abs(shift)
    if shift > 0:
        return _(lang, f"menos contaminación ({n} {'paso' if n == 1 else 'pasos'} a la derecha)",
                 f"less pollution ({n} {'step' if n == 1 else 'steps'} right)")
    return _(lang, f"más contaminación ({n} {'paso' if n == 1 else 'pasos'} a la izquierda)",
             f"more pollution ({n} {'step' if n == 1 else 'steps'} left)")


def _income_effect(t: Any, lang: str) -> str:
    return _(lang, f"ingresos {amounts(t.coins, t.science, t.vp, lang)}",
             f"income {amounts(t.coins, t.science, t.vp, lang)}")


def _institution_effect(t: Any, lang: str) -> str:
    rails = glyph(tile_rails(t.id))
    gain = amounts(t.coins, t.science, t.vp, lang)
    return _(lang, f"institución (vías {rails}): ingresos {gain} si su red tiene un ciudadano",
             f"institution (rails {rails}): income {gain} if its network has a citizen")


def _move_effect(t: Any, lang: str) -> str:
    where = _(lang, "dentro de su red", "within its network") if t.scope == "network" else \
        _(lang, "a cualquier sitio del país", "anywhere in the country")
    return _(lang, f"cada mantenimiento: mover {t.moves} ciudadano(s) {where}",
             f"each Maintenance: move {t.moves} citizen(s) {where}")


def _remove_effect(t: Any, lang: str) -> str:
    when = _(lang, "una vez", "once") if t.use == "once" else \
        _(lang, "cada mantenimiento", "each Maintenance")
    text = _(lang, f"{when}: quitar hasta {t.amount} basura",
             f"{when}: remove up to {t.amount} garbage")
    if t.cost_coins:
        text += _(lang, f" pagando {t.cost_coins} monedas", f" paying {t.cost_coins} coins")
    if t.pollution_if_used:
        text += f" ({pollution_words(-t.pollution_if_used, lang)})"
    return text


EFFECTS = {
    "income": _income_effect,
    "income_if_connected": _institution_effect,
    "move_citizens": _move_effect,
    "remove_garbage": _remove_effect,
    "gain_citizens": lambda t, lang: _(lang, f"una vez: {t.count} ciudadano(s) nuevo(s)",
                                       f"once: {t.count} new citizen(s)"),
    "gain_bridges": lambda t, lang: _(lang, f"al comprarla: {t.count} puentes",
                                      f"on purchase: {t.count} bridges"),
    "recycling_bonus": lambda t, lang: _(
        lang, f"cada sitio de reciclaje con ciudadano recicla {t.extra} más",
        f"each staffed recycling site recycles {t.extra} more"),
    "pollution_shift": lambda t, lang: _(lang, "cada mantenimiento: ", "each Maintenance: ") +
    pollution_words(t.shift, lang),
}


def tech_effect(tech_id: str, lang: str) -> str:
    """What a technology does, in a few words (from its content fields)."""
    t = TECH_BY_ID[tech_id]
    maker = EFFECTS.get(t.op)
    text = maker(t, lang) if maker else ""
    eco = eco_words(t.garbage, t.flowers - t.pollution, lang)
    if eco:
        text += ("; " if text else "") + _(lang, "al comprarla: ", "on purchase: ") + eco
    return text


def _card_rule(k: Any, lang: str) -> str:
    if k.op == "per_income":
        res = {"coins": _(lang, "monedas", "coin"), "science": _(lang, "ciencia", "science"),
               "vp": "PV"}.get(k.resource, k.resource)
        each = _(lang, "cada punto", "each point") if k.den == 1 else \
            _(lang, f"cada {k.den} puntos", f"each {k.den} points")
        return _(lang, f"{k.num} PV por {each} de ingresos de {res}",
                 f"{k.num} VP for {each} of {res} income")
    if k.op == "per_clean_land_tile":
        return _(lang, f"{k.vp} PV por tierra sin basura",
                 f"{k.vp} VP per land tile without garbage")
    if k.op == "per_tile_largest_network":
        return _(lang, f"{k.vp} PV por tierra de tu mayor red de vías",
                 f"{k.vp} VP per land tile in your largest rail network")
    if k.op == "per_pollution_step_right":
        return _(lang, f"{k.vp} PV por paso de contaminación a la derecha del 0",
                 f"{k.vp} VP per pollution step right of 0")
    return _(lang, f"{k.vp} PV por tecnología", f"{k.vp} VP per technology")


def card_title(card_id: str, lang: str) -> str:
    k = CARD_BY_ID[card_id]
    return f"«{k.name}»" if lang == "es" else f"“{k.name_en}”"


def card_words(card_id: str, lang: str) -> str:
    """``II «Comercio»: 1 PV por moneda de ingresos``."""
    k = CARD_BY_ID[card_id]
    return f"{k.round} {card_title(card_id, lang)}: {_card_rule(k, lang)}"


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
