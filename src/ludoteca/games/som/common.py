"""What every part of the «Som el que decidim!» engine shares: the content tables that every
valid content file has alike (the schema's validators enforce them: see below), the decision
kinds of the state machine, the small codes of payments, levies and votes, which handler each
action name goes to (``DISPATCH``, shared by ``state`` and ``text``), and reading a cell from
text. What a content file may change is read from the game's own tables (``game.K``,
:mod:`ludoteca.games.som.tables`), never from here."""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import InvalidOption
from ludoteca.core.events import Event, new_event

from . import actions as A
from .content import content

# The shipped content. Only the fields that every valid file shares are read from it here
# (the schema's validators enforce each one; a file that differs is refused, naming the rule):
# the 10 disk types, their codes, order and values (SOM-1.8–1.10), the 8 exchanges
# (SOM-15.9–15.12), the 4 colour codes (SOM-1.6), 37 cells (SOM-1.2), 12 participation disks
# (SOM-1.11), 4 urna cards for the consulta (SOM-4.2), the three degrees (SOM-3.1), the
# election's mossos disk (SOM-16.7) and the levy of 1 € per target (SOM-15.5).
C = content()
T = len(C.types)                     # 10 disk types
NC = C.n_cells                       # 37 cells
VAL = tuple(t.value for t in C.types)
TWOS, ONES = C.twos, C.ones
_N2 = len(TWOS)                      # types 0 … _N2−1 are worth 2 €, the rest 1 €
# the hot paths (SomGame.value, payments) add the five disks of each value by hand
assert TWOS == tuple(range(5)) and ONES == tuple(range(5, 10)) and T == 10
TYPE_CODES = tuple(t.code for t in C.types)
SANIDAD, JUSTICIA = C.levy_sanidad, C.levy_justicia
MOSSOS, BOMBEROS = C.protect_types
ELECTION_DISK = C.election_disk      # mossos
EXCHANGES = C.exchanges
PD_TOTAL = C.pd_total                # 12
URNA_FOR_CONSULTA = C.urna_for_consulta   # 4
LEVY_PER_TARGET = C.levy_per_target  # 1 €
FIRST_OF_VALUE = {2: TWOS, 1: ONES}

# decision kinds (what the seat(s) to move must decide)
(PH_PAY, PH_CHANGE, PH_ROLL, PH_COHESION, PH_MOVE, PH_COBRO, PH_PROTECT, PH_SUFRAGIO,
 PH_DECLARE, PH_GOVERNOR, PH_BID, PH_OVER) = range(12)
PHASE_NAMES = ("pago", "cambio", "transferencia", "cohesion", "movimiento", "cobro",
               "proteccion", "sufragio", "declaracion", "gobernador", "votacion", "fin")
STAGE_NAMES = ("", "tributacion", "transferencia", "cohesion", "accion")
# where a finished payment returns to
RET_TAX, RET_RECEPTA, RET_SUCESIONES, RET_GIVEBACK, RET_ELECTION = range(5)
LEVY_NONE, LEVY_RECEPTA, LEVY_SUCESIONES = 0, 1, 2
VOTE_NONE, VOTE_ELECTIONS, VOTE_MOTION = 0, 1, 2
UNDECLARED, ABSTAINS = -1, -2
DEGREES = C.degrees                  # medio, elevado, intenso

# action name -> (handler code, parameter)
_K_ROLL, _K_PAY, _K_CHANGE, _K_GIVE, _K_SWAP, _K_END, _K_MOVE, _K_STOP, _K_RECEPTA, \
    _K_SUC, _K_AMOUNT, _K_NOLEVY, _K_ELECT, _K_MOTION, _K_DECLINE, _K_SUPPORT, _K_ABSTAIN, \
    _K_GOV, _K_BID, _K_PROTECT, _K_COLLECT = range(21)
DISPATCH: dict[str, tuple[int, int]] = {A.ROLL: (_K_ROLL, 0), A.END: (_K_END, 0),
                                        A.MOVE: (_K_MOVE, 0), A.STOP: (_K_STOP, 0),
                                        A.RECEPTA: (_K_RECEPTA, 0), A.SUCESIONES: (_K_SUC, 0),
                                        A.AMOUNT: (_K_AMOUNT, 0), A.NO_LEVY: (_K_NOLEVY, 0),
                                        A.ELECTIONS: (_K_ELECT, 0), A.MOTION: (_K_MOTION, 0),
                                        A.DECLINE: (_K_DECLINE, 0), A.SUPPORT: (_K_SUPPORT, 0),
                                        A.ABSTAIN: (_K_ABSTAIN, 0), A.GOVERNOR: (_K_GOV, 0),
                                        A.BID: (_K_BID, 0), A.PROTECT_M: (_K_PROTECT, MOSSOS),
                                        A.PROTECT_B: (_K_PROTECT, BOMBEROS),
                                        A.COLLECT: (_K_COLLECT, 0)}
for _t, _code in enumerate(TYPE_CODES):
    DISPATCH[A.PAY_PREFIX + _code] = (_K_PAY, _t)
    DISPATCH[A.GIVE_PREFIX + _code] = (_K_GIVE, _t)
for _t in ONES:
    DISPATCH[A.CHANGE_PREFIX + TYPE_CODES[_t]] = (_K_CHANGE, _t)
for _i, _x in enumerate(EXCHANGES):
    DISPATCH[A.SWAP_PREFIX + _x.code] = (_K_SWAP, _i)


event = new_event       # Event(kind, rule, data), made faster (core.events)
#: where the handlers put the events of an action: a list, or None in a quiet game (a
#: search's world, whose events nobody reads: ``SomGame.quiet``), which makes none
Events = list[Event] | None


def cell_of(value: Any, RC: tuple[tuple[int, int], ...]) -> int:
    """A cell of the map whose cells lie at ``RC`` (the game's ``K.RC``) from 15, '15',
    'r2c3' or '2,3' (InvalidOption otherwise)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < NC:
            return value
    elif isinstance(value, str):
        text = value.strip().lower()
        if text.isdigit() and int(text) < NC:
            return int(text)
        for sep_a, sep_b in (("r", "c"), ("", ",")):
            body = text[len(sep_a):] if sep_a and text.startswith(sep_a) else text
            if sep_b in body:
                r, _, c = body.partition(sep_b)
                if r.isdigit() and c.isdigit() and (int(r), int(c)) in RC:
                    return RC.index((int(r), int(c)))
    raise InvalidOption(f"som: {value!r} is not a cell; cells are 0 to {NC - 1} or 'rRcC' "
                        f"(e.g. 'r2c3')")


# The shipped content's own tables under their former names, for code that means the shipped
# file itself (tests, tools). The engine, its words and its observers never read these: they
# read the game's tables (``game.K``), which a custom content file changes.
from .tables import default_tables as _default_tables  # noqa: E402

_SHIPPED = _default_tables()
NEIGH, RC, FLAG, EFFECT = _SHIPPED.NEIGH, _SHIPPED.RC, _SHIPPED.FLAG, _SHIPPED.EFFECT
CARD_ID, CN_CARD, ATC_CARD = _SHIPPED.CARD_ID, _SHIPPED.CN_CARD, _SHIPPED.ATC_CARD
TYPE_COUNTS = _SHIPPED.TYPE_COUNTS
