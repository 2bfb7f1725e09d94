"""What every part of the «Som el que decidim!» engine shares: content tables as flat tuples,
the decision kinds of the state machine, the small codes of payments, levies and votes, which
handler each action name goes to (``DISPATCH``, shared by ``state`` and ``text``), and
reading a cell from text."""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import InvalidOption
from ludoteca.core.events import new_event

from . import actions as A
from .content import content

C = content()
T = len(C.types)                     # 10 disk types
NC = C.n_cells                       # 37 cells
VAL = tuple(t.value for t in C.types)
TWOS, ONES = C.twos, C.ones
_N2 = len(TWOS)                      # types 0 … _N2−1 are worth 2 €, the rest 1 €
# the hot paths (SomGame.value, payments) add the five disks of each value by hand
assert TWOS == tuple(range(5)) and ONES == tuple(range(5, 10)) and T == 10
TYPE_CODES = tuple(t.code for t in C.types)
TYPE_COUNTS = tuple(t.count for t in C.types)
NEIGH = C.neighbours
RC = C.cell_rc
FLAG = tuple(c.flag for c in C.cards)
EFFECT = tuple(c.effect for c in C.cards)
CARD_ID = tuple(c.id for c in C.cards)
CN_CARD = next(c.index for c in C.cards if c.effect == 1)
ATC_CARD = next(c.index for c in C.cards if c.effect == 2)
SANIDAD, JUSTICIA = C.levy_sanidad, C.levy_justicia
MOSSOS, BOMBEROS = C.protect_types
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
for _i, _x in enumerate(C.exchanges):
    DISPATCH[A.SWAP_PREFIX + _x.code] = (_K_SWAP, _i)


event = new_event       # Event(kind, rule, data), made faster (core.events)


def cell_of(value: Any) -> int:
    """A cell from 15, '15', 'r2c3' or '2,3' (InvalidOption otherwise)."""
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
