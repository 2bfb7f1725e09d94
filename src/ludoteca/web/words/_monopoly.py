"""Action buttons in words for the Monopoly-family games (Qytetet and Civitas): "Comprar
Calle del Olivo · 500 €" / "Buy Olive Street · €500", grouped by kind, with the names and
numbers of the acting seat's own view (everything on these boards is public)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ludoteca.core.errors import IllegalAction
from ludoteca.core.money import format_money
from ludoteca.games.monopoly import actions as A
from ludoteca.games.monopoly.ruleset import BAIL, CANCEL_SURCHARGE, HALF, MAX_HOUSES

from . import Words, pair

#: (Spanish, English) name of each group of buttons
GROUPS: dict[str, tuple[str, str]] = {
    "turn": ("Turno", "Turn"),
    "jail": ("Cárcel", "Jail"),
    "buy": ("Comprar", "Buy"),
    "build": ("Construir", "Build"),
    "mortgage": ("Hipotecar", "Mortgage"),
    "sell": ("Vender", "Sell"),
}
GROUP_OF = {A.ROLL: "turn", A.END: "turn", A.BAIL: "jail", A.BUY: "buy", A.HOUSE: "build",
            A.HOTEL: "build", A.MORTGAGE: "mortgage", A.CANCEL: "mortgage", A.SELL: "sell"}


def _money(x: Any, lang: str) -> str:
    return format_money(Decimal(str(x)), lang)


def _names(square: dict[str, Any]) -> tuple[str, str]:
    """The square's name as the board shows it: (Spanish, English)."""
    name = str(square.get("name") or square.get("type") or "")
    return name, str(square.get("name_en") or name)


def _me(view: dict[str, Any]) -> dict[str, Any] | None:
    seat = view.get("seat")
    if seat is None:
        seat = view.get("current")
    return next((p for p in view.get("players") or [] if p.get("seat") == seat), None)


def _square(view: dict[str, Any], index: int | None) -> dict[str, Any] | None:
    squares = view.get("squares") or []
    if index is None or not 0 <= index < len(squares):
        return None
    return squares[index]


def describe_action(view: dict[str, Any], action: str, hotel_weight: Decimal) -> Words | None:
    """Words for ``action`` (its text form) in ``view``; ``hotel_weight`` is the weight of a
    hotel in the mortgage amount (Qytetet 1, Civitas 2.5). None for an unknown action."""
    try:
        parsed = A.parse(action)
    except IllegalAction:
        return None
    name, arg = parsed.name, parsed.arg
    group = GROUPS[GROUP_OF[name]]
    es: str
    en: str
    help_es = help_en = ""
    if name == A.ROLL:
        if view.get("phase") == "jail":
            es, en = "Tirar el dado para salir de la cárcel", "Roll the die to leave jail"
            help_es, help_en = "Sales con un 5 o un 6.", "A 5 or a 6 sets you free."
            group = GROUPS["jail"]
        else:
            es, en = "Tirar el dado", "Roll the die"
            help_es, help_en = "Avanzas lo que saques.", "Move as many squares as you roll."
    elif name == A.END:
        es, en = "Terminar el turno", "End the turn"
        help_es, help_en = "Pasa el turno al siguiente jugador.", "The next player's turn."
    elif name == A.BAIL:
        es = f"Pagar la fianza · {_money(BAIL, 'es')}"
        en = f"Pay bail · {_money(BAIL, 'en')}"
        help_es, help_en = ("Sales de la cárcel y tiras para moverte.",
                            "Leave jail, then roll to move.")
    else:
        me = _me(view)
        index = me.get("position") if (name == A.BUY and me) else arg
        sq = _square(view, index)
        if sq is None:
            return None
        sq_es, sq_en = _names(sq)
        if name == A.BUY:
            price = sq.get("purchase_price", 0)
            es = f"Comprar {sq_es} · {_money(price, 'es')}"
            en = f"Buy {sq_en} · {_money(price, 'en')}"
            rent = sq.get("base_rent", 0)
            help_es = f"Alquiler base {_money(rent, 'es')}."
            help_en = f"Base rent {_money(rent, 'en')}."
        elif name == A.SELL:
            price = sq.get("sale_price", sq.get("purchase_price", 0))
            es = f"Vender {sq_es} · +{_money(price, 'es')}"
            en = f"Sell {sq_en} · +{_money(price, 'en')}"
            help_es, help_en = ("La calle y sus edificios vuelven a la banca.",
                                "The street and its buildings go back to the bank.")
        elif name == A.HOUSE:
            cost = sq.get("build_price", 0)
            n = int(sq.get("houses", 0)) + 1
            es = f"Edificar casa en {sq_es} · {_money(cost, 'es')}"
            en = f"Build a house on {sq_en} · {_money(cost, 'en')}"
            help_es = f"Casa {n} de {MAX_HOUSES}: el alquiler sube."
            help_en = f"House {n} of {MAX_HOUSES}: the rent goes up."
        elif name == A.HOTEL:
            cost = sq.get("build_price", 0)
            es = f"Edificar hotel en {sq_es} · {_money(cost, 'es')}"
            en = f"Build a hotel on {sq_en} · {_money(cost, 'en')}"
            help_es, help_en = ("Cambia las 4 casas por un hotel.",
                                "Trades the 4 houses in for a hotel.")
        elif name == A.MORTGAGE:
            base = Decimal(str(sq.get("base_mortgage", 0)))
            amount = base * (1 + HALF * int(sq.get("houses", 0))
                             + hotel_weight * int(sq.get("hotels", 0)))
            es = f"Hipotecar {sq_es} · +{_money(amount, 'es')}"
            en = f"Mortgage {sq_en} · +{_money(amount, 'en')}"
            help_es, help_en = ("Mientras esté hipotecada no cobras alquiler.",
                                "No rent while it is mortgaged.")
        elif name == A.CANCEL:
            received = sq.get("mortgage_received")
            if received is None:
                return None
            cost = Decimal(str(received)) * CANCEL_SURCHARGE
            es = f"Cancelar la hipoteca de {sq_es} · {_money(cost, 'es')}"
            en = f"Pay off the mortgage on {sq_en} · {_money(cost, 'en')}"
            help_es, help_en = ("Lo recibido más un 10 %.", "The amount received plus 10%.")
        else:  # pragma: no cover - every action name is handled above
            return None
    out: Words = {"label": pair(es, en), "group": pair(*group)}
    if help_es:
        out["help"] = pair(help_es, help_en)
    return out
