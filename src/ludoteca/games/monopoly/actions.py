"""The action grammar shared by Qytetet and Civitas: Spanish text forms (canonical) and
English aliases, and a fixed numbering for learning agents."""

from __future__ import annotations

import unicodedata

from ludoteca.core.action import Action
from ludoteca.core.errors import IllegalAction

from .content import N_SQUARES

ROLL, BAIL, BUY, END = "tirar", "pagar-libertad", "comprar", "terminar"
SELL, HOUSE, HOTEL, MORTGAGE, CANCEL = (
    "vender", "edificar-casa", "edificar-hotel", "hipotecar", "cancelar-hipoteca")
SIMPLE = (ROLL, BAIL, BUY, END)
ON_SQUARE = (SELL, HOUSE, HOTEL, MORTGAGE, CANCEL)

ALIASES = {
    "tirar": ROLL, "roll": ROLL, "tirar-dado": ROLL, "dado": ROLL,
    "pagar-libertad": BAIL, "pay-bail": BAIL, "bail": BAIL, "pagar": BAIL, "pay": BAIL,
    "comprar": BUY, "buy": BUY,
    "terminar": END, "end": END, "pasar": END, "pass": END, "end-turn": END,
    "terminar-turno": END, "fin": END,
    "vender": SELL, "sell": SELL,
    "edificar-casa": HOUSE, "build-house": HOUSE, "casa": HOUSE, "house": HOUSE,
    "edificar-hotel": HOTEL, "build-hotel": HOTEL, "hotel": HOTEL,
    "hipotecar": MORTGAGE, "mortgage": MORTGAGE,
    "cancelar-hipoteca": CANCEL, "cancel-mortgage": CANCEL, "unmortgage": CANCEL,
    "cancelar": CANCEL, "deshipotecar": CANCEL,
}

HELP = {  # (Spanish, English) one-line meaning of each action
    ROLL: ("tirar el dado (para moverte, o para intentar salir de la cárcel con 5 o 6)",
           "roll the die (to move, or to try to leave jail with a 5 or 6)"),
    BAIL: ("pagar 200 € para salir de la cárcel", "pay €200 to leave jail"),
    BUY: ("comprar la calle en la que has caído", "buy the street you landed on"),
    END: ("terminar el turno", "end your turn"),
    SELL: ("vender el título de la calle N", "sell the title of street N"),
    HOUSE: ("edificar una casa en la calle N", "build a house on street N"),
    HOTEL: ("edificar un hotel en la calle N (cambia 4 casas)",
            "build a hotel on street N (trades in 4 houses)"),
    MORTGAGE: ("hipotecar la calle N", "mortgage street N"),
    CANCEL: ("cancelar la hipoteca de la calle N (lo recibido + 10 %)",
             "cancel the mortgage of street N (amount received + 10%)"),
}

# state-independent numbering: 4 simple actions, then 5 kinds × 20 squares
ALL_ACTIONS: tuple[Action, ...] = tuple(
    [Action(name) for name in SIMPLE]
    + [Action(name, sq) for name in ON_SQUARE for sq in range(N_SQUARES)])
ACTION_ID = {a: i for i, a in enumerate(ALL_ACTIONS)}
NUM_DISTINCT_ACTIONS = len(ALL_ACTIONS)
A_ROLL, A_BAIL, A_BUY, A_END = ALL_ACTIONS[:4]


def on_square(name: str, sq: int) -> Action:
    return ALL_ACTIONS[4 + ON_SQUARE.index(name) * N_SQUARES + sq]


SELL_A = [on_square(SELL, s) for s in range(N_SQUARES)]
HOUSE_A = [on_square(HOUSE, s) for s in range(N_SQUARES)]
HOTEL_A = [on_square(HOTEL, s) for s in range(N_SQUARES)]
MORTGAGE_A = [on_square(MORTGAGE, s) for s in range(N_SQUARES)]
CANCEL_A = [on_square(CANCEL, s) for s in range(N_SQUARES)]


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def grammar_lines(lang: str) -> list[str]:
    out = []
    for name in SIMPLE + ON_SQUARE:
        es, en = HELP[name]
        form = name if name in SIMPLE else f"{name} N"
        english = [k for k, v in ALIASES.items() if v == name and k != name and k.isascii()]
        alias = english[0] if name not in ("tirar",) else "roll"
        alias_form = alias if name in SIMPLE else f"{alias} N"
        out.append(f"{form:24s} ({alias_form}) — {es if lang == 'es' else en}")
    return out


def parse(text: str) -> Action:
    """Read an action: ``"edificar-casa 5"``, ``"edificar casa 5"``, ``"build-house 5"``…"""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is text such as 'comprar'; got {text!r}",
                            f"una acción es un texto como 'comprar'; recibido {text!r}")
    words = _plain(text).replace("_", "-").split()
    arg = None
    if words and words[-1].lstrip("-").isdigit():
        arg = int(words.pop())
    key = "-".join(words)
    name = ALIASES.get(key)
    known = ", ".join(SIMPLE) + ", " + ", ".join(f"{n} N" for n in ON_SQUARE)
    if name is None:
        raise IllegalAction(f"{text!r} is not an action; actions are: {known} "
                            "(English: roll, pay-bail, buy, end, sell N, build-house N, "
                            "build-hotel N, mortgage N, cancel-mortgage N)",
                            f"{text!r} no es una acción; las acciones son: {known}")
    if name in SIMPLE:
        if arg is not None:
            raise IllegalAction(f"'{name}' takes no square number", f"'{name}' no lleva número")
        return ALL_ACTIONS[SIMPLE.index(name)]
    if arg is None:
        raise IllegalAction(f"'{name}' needs a square number, e.g. '{name} 4'",
                            f"'{name}' necesita un número de casilla, p. ej. '{name} 4'")
    if not 0 <= arg < N_SQUARES:
        raise IllegalAction(f"square {arg} does not exist; squares are 0 to {N_SQUARES - 1}",
                            f"la casilla {arg} no existe; las casillas van de 0 a "
                            f"{N_SQUARES - 1}")
    return on_square(name, arg)
