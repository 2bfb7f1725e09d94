"""The action grammar of «Som el que decidim!»: Spanish canonical text, English aliases, and the
fixed numbering of the engine brief (182 actions, ids 0–181).

Categorical parameters (a disk type, an exchange) are part of the name; one integer goes in
``arg`` (a seat, a cell, an amount or a bid). Parsing ignores accents and case, accepts a
space for a hyphen (``dar sanidad 2``), colour codes for seats (``apoyar lila``, resolved by
the game) and ``r2c3`` / ``2,3`` for cells.
"""

from __future__ import annotations

import re
import unicodedata

from ludoteca.core.action import Action
from ludoteca.core.errors import IllegalAction

from .content import content

# The numbering reads only what every valid content file shares (the schema's validators
# enforce it): 37 cells, the ten disk types in the rulebook's order, the eight exchanges of
# SOM-15.9–15.12, the four colour codes. A game's map (for 'r2c3') and its colours' English
# words come from the game's own content (``SomGame.parse``).
C = content()
N_SEATS = 4
N_CELLS = C.n_cells
TYPES = tuple(t.code for t in C.types)                 # content order (brief's T order)
INFRA = tuple(TYPES[t] for t in C.ones)
PAIRS = tuple(x.code for x in C.exchanges)            # numbering order of canjear-P

# English words for the types and exchanges (aliases only; canonical text is Spanish)
TYPE_EN = {"justicia": "justice", "sanidad": "health", "educacion": "education",
           "mossos": "police", "bomberos": "firefighters", "vias": "rail",
           "carreteras": "roads", "bosques": "forests", "energias": "energy",
           "vivienda": "housing"}

ROLL, END, STOP, NO_LEVY = "tirar", "terminar", "parar", "no-cobrar"
ELECTIONS, MOTION, DECLINE, ABSTAIN, COLLECT = (
    "elecciones", "mocion", "declinar", "abstenerse", "recoger")
MOVE, RECEPTA, SUCESIONES, AMOUNT = "mover", "recepta", "sucesiones", "importe"
SUPPORT, GOVERNOR, BID = "apoyar", "gobernador", "pujar"
PROTECT_M, PROTECT_B = "proteger-mossos", "proteger-bomberos"
PAY_PREFIX, CHANGE_PREFIX, GIVE_PREFIX, SWAP_PREFIX = "pagar-", "cambio-", "dar-", "canjear-"

MAX_AMOUNT = 12
MAX_BID = 12

_all: list[Action] = [Action(ROLL)]                                        # 0
PAY_A = [Action(PAY_PREFIX + t) for t in TYPES]                           # 1–10
_all += PAY_A
CHANGE_A = {TYPES.index(t): Action(CHANGE_PREFIX + t) for t in INFRA}    # 11–15
_all += list(CHANGE_A.values())
GIVE_A = [[Action(GIVE_PREFIX + t, n) for n in range(N_SEATS)] for t in TYPES]   # 16–55
_all += [a for row in GIVE_A for a in row]
SWAP_A = [[Action(SWAP_PREFIX + p, n) for n in range(N_SEATS)] for p in PAIRS]   # 56–87
_all += [a for row in SWAP_A for a in row]
A_END = Action(END)                                                        # 88
_all.append(A_END)
MOVE_A = [Action(MOVE, c) for c in range(N_CELLS)]                        # 89–125
_all += MOVE_A
A_STOP = Action(STOP)                                                      # 126
_all.append(A_STOP)
RECEPTA_A = [Action(RECEPTA, n) for n in range(N_SEATS)]                  # 127–130
SUCESIONES_A = [Action(SUCESIONES, n) for n in range(N_SEATS)]            # 131–134
AMOUNT_A = {a: Action(AMOUNT, a) for a in range(1, MAX_AMOUNT + 1)}       # 135–146
A_NO_LEVY = Action(NO_LEVY)                                                # 147
_all += RECEPTA_A + SUCESIONES_A + list(AMOUNT_A.values()) + [A_NO_LEVY]
A_ELECTIONS, A_MOTION, A_DECLINE = Action(ELECTIONS), Action(MOTION), Action(DECLINE)
_all += [A_ELECTIONS, A_MOTION, A_DECLINE]                                 # 148–150
SUPPORT_A = [Action(SUPPORT, n) for n in range(N_SEATS)]                  # 151–154
A_ABSTAIN = Action(ABSTAIN)                                                # 155
GOVERNOR_A = [Action(GOVERNOR, n) for n in range(N_SEATS)]                # 156–159
BID_A = [Action(BID, b) for b in range(MAX_BID + 1)]                      # 160–172
PROTECT_M_A = [Action(PROTECT_M, n) for n in range(N_SEATS)]              # 173–176
PROTECT_B_A = [Action(PROTECT_B, n) for n in range(N_SEATS)]              # 177–180
A_COLLECT = Action(COLLECT)                                                # 181
_all += SUPPORT_A + [A_ABSTAIN] + GOVERNOR_A + BID_A + PROTECT_M_A + PROTECT_B_A + [A_COLLECT]
A_ROLL = _all[0]

ALL_ACTIONS: tuple[Action, ...] = tuple(_all)
ACTION_ID: dict[Action, int] = {a: i for i, a in enumerate(ALL_ACTIONS)}
NUM_DISTINCT_ACTIONS = len(ALL_ACTIONS)
assert NUM_DISTINCT_ACTIONS == 182

# argument kind of each name: None (no argument), 'seat', 'cell', 'amount', 'bid'
ARG_KIND: dict[str, str | None] = {}
for _a in ALL_ACTIONS:
    ARG_KIND[_a.name] = None if _a.arg is None else "seat"
ARG_KIND[MOVE] = "cell"
ARG_KIND[AMOUNT] = "amount"
ARG_KIND[BID] = "bid"
BY_NAME_ARG: dict[tuple[str, int | None], Action] = {(a.name, a.arg): a for a in ALL_ACTIONS}

# names (with hyphens, plain ascii) -> canonical name
ALIASES: dict[str, str] = {}


def _alias(canonical: str, *others: str) -> None:
    ALIASES[canonical] = canonical
    for o in others:
        ALIASES[o] = canonical


_alias(ROLL, "roll", "tirar-dado", "dado")
_alias(END, "end", "fin", "terminar-cohesion", "done")
_alias(STOP, "stop", "parar-aqui")
_alias(NO_LEVY, "no-levy", "no-cobro", "no-tax")
_alias(ELECTIONS, "elections", "convocar-elecciones")
_alias(MOTION, "motion", "mocion-de-censura", "motion-of-censure")
_alias(DECLINE, "decline", "no")
_alias(ABSTAIN, "abstain", "abstencion")
_alias(COLLECT, "collect", "recogida")
_alias(MOVE, "move", "ir")
_alias(RECEPTA, "prescription", "euro-per-recepta")
_alias(SUCESIONES, "inheritance", "impost-de-successions", "successions")
_alias(AMOUNT, "amount")
_alias(SUPPORT, "support", "apoyo")
_alias(GOVERNOR, "governor")
_alias(BID, "bid", "votar", "vote")
_alias(PROTECT_M, "protect-police", "proteger-policia", "protect-mossos")
_alias(PROTECT_B, "protect-firefighters", "protect-bomberos")
for _t in TYPES:
    for _v in ("pagar", "pay"):
        for _w in (_t, TYPE_EN[_t]):
            ALIASES[f"{_v}-{_w}"] = PAY_PREFIX + _t
    for _v in ("dar", "give"):
        for _w in (_t, TYPE_EN[_t]):
            ALIASES[f"{_v}-{_w}"] = GIVE_PREFIX + _t
for _t in INFRA:
    for _v in ("cambio", "change", "cambiar"):
        for _w in (_t, TYPE_EN[_t]):
            ALIASES[f"{_v}-{_w}"] = CHANGE_PREFIX + _t
for _p in PAIRS:
    parts = _p.split("-")
    for _v in ("canjear", "swap", "canje"):
        for _w in ("-".join(parts), "-".join(TYPE_EN[x] for x in parts)):
            ALIASES[f"{_v}-{_w}"] = SWAP_PREFIX + _p

COLOUR_WORDS = {code: code for code in C.colours}
COLOUR_WORDS.update({"pink": "rosa", "lilac": "lila", "orange": "naranja", "blue": "azul"})
COLOUR_WORDS = {k: v for k, v in COLOUR_WORDS.items() if v in C.colours}

HELP: dict[str, tuple[str, str]] = {  # (Spanish, English) meaning, for help screens
    ROLL: ("tirar el dado (fase 2, transferencia)", "roll the die (phase 2, transfer)"),
    "pagar-T": ("pagar con un disco de tipo T (o partirlo si es de 2 € y se debe 1 €)",
                "pay with a disk of type T (or split it if it is 2 € and 1 € is due)"),
    "cambio-T": ("dar un disco de 1 € de tipo T como cambio",
                 "give a 1 € disk of type T as change"),
    "dar-T N": ("dar un disco de tipo T al jugador N (cohesión social)",
                "give a disk of type T to player N (social cohesion)"),
    "canjear-P N": ("canje de gestión pública con el jugador N (modo B)",
                    "public-management exchange with player N (mode B)"),
    END: ("terminar la cohesión social", "end social cohesion"),
    "mover N": ("mover el ciudadano a la casilla N (también r2c3)",
                "move the citizen to cell N (also r2c3)"),
    STOP: ("detener el ciudadano", "stop the citizen"),
    "recepta N": ("cobrar 1 € al jugador N (Euro per recepta)",
                  "levy 1 € on player N (Euro per recepta)"),
    "sucesiones N": ("cobrar el Impost de successions al jugador N",
                     "levy the inheritance tax on player N"),
    "importe A": ("importe del Impost de successions", "amount of the inheritance tax"),
    NO_LEVY: ("no cobrar (más)", "levy nothing (more)"),
    ELECTIONS: ("convocar elecciones anticipadas", "call early elections"),
    MOTION: ("presentar una moción de censura", "bring a motion of censure"),
    DECLINE: ("no usar Sufragi universal", "do not use Sufragi universal"),
    "apoyar N": ("apoyar al jugador N (N = tú: te presentas)",
                 "support player N (N = you: you run)"),
    ABSTAIN: ("abstenerse en la moción", "abstain in the motion"),
    "gobernador N": ("quién gobernará si gana la moción", "who governs if the motion wins"),
    "pujar B": ("votar en secreto con B discos de participación",
                "bid B participation disks in secret"),
    "proteger-mossos N": ("proteger una carta de urna con los mossos del jugador N",
                          "protect an urna card with player N's police disk"),
    "proteger-bomberos N": ("proteger una carta de urna con los bomberos del jugador N",
                            "protect an urna card with player N's firefighters disk"),
    COLLECT: ("recoger las cartas (fin de la protección)", "collect the cards (end protection)"),
}

# English form of each HELP entry, for the grammar below
HELP_EN_FORM = {ROLL: "roll", "pagar-T": "pay-T", "cambio-T": "change-T", "dar-T N": "give-T N",
                "canjear-P N": "swap-P N", END: "end", "mover N": "move N", STOP: "stop",
                "recepta N": "prescription N", "sucesiones N": "inheritance N",
                "importe A": "amount A", NO_LEVY: "no-levy", ELECTIONS: "elections",
                MOTION: "motion", DECLINE: "decline", "apoyar N": "support N",
                ABSTAIN: "abstain", "gobernador N": "governor N", "pujar B": "bid B",
                "proteger-mossos N": "protect-police N",
                "proteger-bomberos N": "protect-firefighters N", COLLECT: "collect"}


def grammar_lines(lang: str) -> list[str]:
    """The action grammar in ``lang`` (es/en), one line each, for ``ludoteca rules som``."""
    es = lang == "es"
    out = [f"{form:20s} ({HELP_EN_FORM[form]}) — {pair[0] if es else pair[1]}"
           for form, pair in HELP.items()]
    types = ", ".join(f"{t} ({TYPE_EN[t]})" for t in TYPES)
    out += [("T = tipo de disco: " if es else "T = disk type: ") + types,
            ("P = canje: " if es else "P = exchange: ") + ", ".join(PAIRS),
            ("N = asiento (0–3) o su color: " if es else "N = seat (0–3) or its colour: ")
            + "rosa, lila, naranja, azul (pink, lilac, orange, blue)",
            "mover N: " + ("casilla 0–36, o fila y columna: r2c3, 2,3" if es else
                           "cell 0–36, or row and column: r2c3, 2,3"),
            ("A = euros (1–12); B = discos de participación (0–12)" if es else
             "A = euros (1–12); B = participation disks (0–12)"),
            ("Sin acentos ni mayúsculas; un espacio vale por el guion: dar sanidad 2" if es else
             "Accents and case are ignored; a space stands for the hyphen: give health 2")]
    return out


_CELL_RC = re.compile(r"^r(\d+)c(\d+)$")
_CELL_PAIR = re.compile(r"^(\d+),(\d+)$")
_INT = re.compile(r"^-?\d+$")


def plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def _names_list() -> str:
    return ("tirar, pagar-T, cambio-T, dar-T N, canjear-P N, terminar, mover N, parar, "
            "recepta N, sucesiones N, importe A, no-cobrar, elecciones, mocion, declinar, "
            "apoyar N, abstenerse, gobernador N, pujar B, proteger-mossos N, "
            "proteger-bomberos N, recoger")


def parse(text: object, colours: tuple[str, ...] = C.colours,
          colour_words: dict[str, str] | None = None,
          cell_rc: tuple[tuple[int, int], ...] | None = None) -> Action:
    """Read an action. ``colours`` (the game's seat colours) lets seats be named by colour,
    in the words ``colour_words`` (word -> colour code) of the game's content; ``cell_rc`` is
    the game's map (cell -> row, column) for cells written 'r2c3'. Both default to the shipped
    content's."""
    if colour_words is None:
        colour_words = COLOUR_WORDS
    if not isinstance(text, str):
        raise IllegalAction(f"an action is text such as 'tirar'; got {text!r}",
                            f"una acción es un texto como 'tirar'; recibido {text!r}")
    words = plain(text).replace("_", "-").split()
    if not words:
        raise IllegalAction("empty action; actions are: " + _names_list(),
                            "acción vacía; las acciones son: " + _names_list())
    raw_arg: str | None = None
    last = words[-1]
    if len(words) > 1 and (_INT.match(last) or _CELL_RC.match(last) or _CELL_PAIR.match(last)
                           or last in colour_words):
        raw_arg = words.pop()
    key = "-".join(w for word in words for w in word.split("-") if w)
    name = ALIASES.get(key)
    if name is None:
        raise IllegalAction(f"{text!r} is not an action of som; actions are: {_names_list()} "
                            "(English aliases: roll, pay-T, change-T, give-T N, swap-P N, end, "
                            "move N, stop, prescription N, inheritance N, amount A, no-levy, "
                            "elections, motion, decline, support N, abstain, governor N, bid B, "
                            "protect-police N, protect-firefighters N, collect)",
                            f"{text!r} no es una acción de som; las acciones son: "
                            f"{_names_list()}")
    kind = ARG_KIND[name]
    if kind is None:
        if raw_arg is not None:
            raise IllegalAction(f"'{name}' takes no number", f"'{name}' no lleva número")
        return BY_NAME_ARG[(name, None)]
    if raw_arg is None:
        example = {"seat": 1, "cell": 15, "amount": 1, "bid": 0}[kind]
        raise IllegalAction(f"'{name}' needs a {_kind_en(kind)}, e.g. '{name} {example}'",
                            f"'{name}' necesita {_kind_es(kind)}, p. ej. '{name} {example}'")
    arg = _read_arg(name, kind, raw_arg, colours, colour_words,
                    C.cell_rc if cell_rc is None else cell_rc)
    action = BY_NAME_ARG.get((name, arg))
    if action is None:
        lo, hi = {"seat": (0, N_SEATS - 1), "cell": (0, N_CELLS - 1),
                  "amount": (1, MAX_AMOUNT), "bid": (0, MAX_BID)}[kind]
        raise IllegalAction(f"'{name}' takes a {_kind_en(kind)} from {lo} to {hi}; got {arg}",
                            f"'{name}' lleva {_kind_es(kind)} de {lo} a {hi}; recibido {arg}")
    return action


def _kind_en(kind: str) -> str:
    return {"seat": "seat number (or colour)", "cell": "cell number (or r2c3)",
            "amount": "amount in €", "bid": "number of participation disks"}[kind]


def _kind_es(kind: str) -> str:
    return {"seat": "un número de asiento (o un color)", "cell": "un número de casilla (o r2c3)",
            "amount": "un importe en €", "bid": "un número de discos de participación"}[kind]


def _read_arg(name: str, kind: str, raw: str, colours: tuple[str, ...],
              colour_words: dict[str, str], cell_rc: tuple[tuple[int, int], ...]) -> int:
    if _INT.match(raw):
        return int(raw)
    if kind == "seat" and raw in colour_words:
        code = colour_words[raw]
        if code not in colours:
            raise IllegalAction(f"colour {code} is not in play (colours: {', '.join(colours)})",
                                f"el color {code} no juega (colores: {', '.join(colours)})")
        return colours.index(code)
    if kind == "cell":
        m = _CELL_RC.match(raw) or _CELL_PAIR.match(raw)
        if m:
            rc = (int(m.group(1)), int(m.group(2)))
            if rc in cell_rc:
                return cell_rc.index(rc)
            raise IllegalAction(f"there is no cell at row {rc[0]}, column {rc[1]}",
                                f"no hay casilla en la fila {rc[0]}, columna {rc[1]}")
    raise IllegalAction(f"'{name}' takes a {_kind_en(kind)}; got {raw!r}",
                        f"'{name}' lleva {_kind_es(kind)}; recibido {raw!r}")
