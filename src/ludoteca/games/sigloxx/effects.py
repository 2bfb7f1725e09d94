"""What a Siglo XX technology does, in words (Spanish and English), from its content fields:
shared by the terminal's screen and the web table's buttons and content block.

The words come from the content of the game being shown: ``K`` when given, else
:func:`~.tables.current` (the game a renderer set with :func:`~.tables.using`; the shipped
content outside one)."""

from __future__ import annotations

from typing import Any

from .country import INST_BASE
from .tables import Tables, current

N_, E_, S_, W_ = 1, 2, 4, 8                   # rail bits of a rotated tile (N E S W)
RAIL_GLYPH = {0: "·", N_: "╵", E_: "╶", S_: "╷", W_: "╴", N_ | S_: "│", E_ | W_: "─",
              N_ | E_: "└", E_ | S_: "┌", S_ | W_: "┐", N_ | W_: "┘", N_ | E_ | S_: "├",
              E_ | S_ | W_: "┬", N_ | S_ | W_: "┤", N_ | E_ | W_: "┴", 15: "┼"}


def _(lang: str, es: str, en: str) -> str:
    """The Spanish or the English words."""
    return es if lang == "es" else en


def amounts(coins: int, science: int, vp: int, lang: str) -> str:
    """``+2 monedas +1 PV`` in words."""
    parts = []
    for n, es1, esn, en1, enn in ((coins, "moneda", "monedas", "coin", "coins"),
                                  (science, "de ciencia", "de ciencia", "science", "science"),
                                  (vp, "PV", "PV", "VP", "VP")):
        if n:
            parts.append(f"+{n} " + (_(lang, es1, en1) if n == 1 else _(lang, esn, enn)))
    return " ".join(parts) or "+0"


def tile_rails(tile_id: str, rotation: int = 0, K: Tables | None = None) -> int:
    """Rail bits (N E S W) of a land tile or an institution turned ``rotation`` degrees."""
    K = K or current()
    C = K.C
    code = C.land_index[tile_id] if tile_id in C.land_index else INST_BASE + C.tech_index[tile_id]
    return K.RAILS[code * 4 + rotation // 90]


def glyph(mask: int) -> str:
    return RAIL_GLYPH.get(mask, "?")


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


def _institution_effect(t: Any, lang: str, K: Tables) -> str:
    rails = glyph(K.RAILS[(INST_BASE + t.index) * 4])
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


def tech_effect(tech_id: str, lang: str, K: Tables | None = None) -> str:
    """What a technology does, in a few words (from its content fields)."""
    K = K or current()
    t = K.TECH_BY_ID[tech_id]
    if t.op == "income_if_connected":
        text = _institution_effect(t, lang, K)
    else:
        maker = EFFECTS.get(t.op)
        text = maker(t, lang) if maker else ""
    eco = eco_words(t.garbage, t.flowers - t.pollution, lang)
    if eco:
        text += ("; " if text else "") + _(lang, "al comprarla: ", "on purchase: ") + eco
    return text


# ----- the scoring cards --------------------------------------------------------------------
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


def card_title(card_id: str, lang: str, K: Tables | None = None) -> str:
    k = (K or current()).CARD_BY_ID[card_id]
    return f"«{k.name}»" if lang == "es" else f"“{k.name_en}”"


def card_words(card_id: str, lang: str, K: Tables | None = None) -> str:
    """``II «Comercio»: 1 PV por moneda de ingresos``."""
    K = K or current()
    k = K.CARD_BY_ID[card_id]
    return f"{k.round} {card_title(card_id, lang, K)}: {_card_rule(k, lang)}"
