"""«Som el que decidim!» as a state machine (engine brief: docs/rules/som_engine_notes.md).

A turn: P1 tributación (payers in rotation, GH last) → P2 transferencia (``tirar``) → P3 cohesión
social (gifts and mode B exchanges) → P4 acción ciudadana (movers step over the map; card
effects) → end of turn. Sub-decisions (paying with which disk, giving change, levies, interior
protection, Sufragi universal, declarations, secret bids) interrupt the flow and resume it.

State is flat lists of ints: ``cells[37]`` card index or -1 (empty), ``up[37]`` face up,
``hold[(n+1)*10]`` disks by owner × type (owner ``n`` = Hisenda espanyola), ``pd[n+1]``
participation disks (``pd[n]`` = Concentració nacional). Every event carries the SOM rule ID
that produced it.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.errors import IllegalAction, InvalidOption
from ludoteca.core.events import Event
from ludoteca.core.game import Game
from ludoteca.core.result import Result
from ludoteca.core.rng import GameRandom

from . import actions as A
from .content import (
    EF_ECO,
    EF_EPR,
    EF_IDS,
    EF_SU,
    FLAG_CAT,
    FLAG_CODES,
    FLAG_ESP,
    FLAG_URNA,
    PIC_GENERALITAT,
    PIC_TODOS,
    content,
)

C = content()
T = len(C.types)                     # 10 disk types
NC = C.n_cells                       # 37 cells
VAL = tuple(t.value for t in C.types)
TWOS, ONES = C.twos, C.ones
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

# option defaults
DEFAULT_MAX_TURNS = 200
MODES = ("A", "B", "C", "AC")
CENTRALISM_CHOICES = ("medio", "elevado", "intenso", "dado")


def _int_option(options: dict, name: str, lo: int, allow_none: bool = True) -> int:
    """A whole-number option (0 when None / absent and allowed). Text digits are accepted
    (command line)."""
    v = options.get(name)
    if v is None and allow_none:
        return 0
    if isinstance(v, str) and v.strip().isdigit():
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool) or v < lo:
        extra = " or null (no limit)" if allow_none else ""
        raise InvalidOption(f"som: option {name} must be a whole number >= {lo}{extra}; "
                            f"got {v!r}")
    return v


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


class SomGame(Game):
    """A game of «Som el que decidim!». Seats 0..n−1; cells 0..36 row by row (G2)."""

    game_id = "som"
    num_distinct_actions = A.NUM_DISTINCT_ACTIONS

    __slots__ = (
        "seed", "options", "names", "_initial_dice", "_setup_log", "_history", "_n_actions",
        # configuration (immutable, shared by clones)
        "n", "H", "colours", "pic_seat", "mode", "solo", "pm", "types_matter", "protect_ok",
        "part", "ac", "degree", "cen_roll", "max_turns", "max_steps", "_pre",
        # board, money, participation
        "rng", "cells", "up", "cit", "pile", "hold", "pd", "cn_cell",
        # turn
        "gh", "turn", "stage", "phase", "actor", "face", "movers", "mover", "steps",
        "may_stop", "atc_active", "used_recepta", "used_sucesiones", "tax_queue",
        # payment / change
        "pay_payer", "pay_payee", "pay_due", "pay_rule", "pay_ret", "pay_reason",
        "chg_giver", "chg_disk", "chg_got",
        # levy, Spain event
        "levy", "levy_k", "levy_chosen", "levy_target", "prot", "spain_cell",
        # votes
        "vote_kind", "vote_caller", "vote_order", "vote_ptr", "vote_gov", "bids", "last_vote",
        # end
        "_result", "cn_flipped", "hisenda_flipped", "_legal",
    )
    _LISTS = ("cells", "up", "cit", "pile", "hold", "pd", "movers", "tax_queue", "chg_got",
              "levy_chosen", "vote_order", "vote_ptr", "bids")

    # ----- setup --------------------------------------------------------------------------
    def __init__(self, names: tuple[str, ...], seed: int, options: dict[str, Any],
                 dice: tuple[int, ...] = ()) -> None:
        for d in dice:
            if not (isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6):
                raise InvalidOption(f"som: forced dice must be faces 1 to 6; got {d!r}")
        n = len(names)
        self.names, self.seed, self.options = names, seed, options
        self._initial_dice, self._setup_log = tuple(dice), ()
        self._history, self._n_actions = None, 0
        self.n, self.H = n, n
        self._read_options(options)
        self.rng = GameRandom(seed, dice)
        H = n
        # disks: all on Hisenda, then each player is dealt 2 × 2 € + 2 × 1 € (solo 2 + 4)
        self.hold = [0] * ((n + 1) * T)
        for t in range(T):
            self.hold[H * T + t] = TYPE_COUNTS[t]                         # SOM-2.11
        n2, n1 = (C.solo_2, C.solo_1) if self.solo else (C.setup_2, C.setup_1)
        for s in range(n):                                                # SOM-2.2–2.4, G6
            for _ in range(n2):
                self.hold[s * T + self._draw(H, 2)] += 1
            for _ in range(n1):
                self.hold[s * T + self._draw(H, 1)] += 1
        # the map: 37 cards shuffled into the cells, CN face up (SOM-2.6, SOM-2.7)
        deck = list(range(NC))
        self.rng.shuffle(deck)
        self.cells = deck
        self.up = [False] * NC
        self.cn_cell = deck.index(CN_CARD)
        self.up[self.cn_cell] = True
        swap = options.get("concentracio_cell")
        if swap is not None:                                              # SOM-2.8
            k = cell_of(swap)
            if k != self.cn_cell:
                old = self.cn_cell
                self.cells[k], self.cells[old] = self.cells[old], self.cells[k]
                self.up[k], self.up[old] = True, False
                self.cn_cell = k
        self.pile: list[int] = []
        self.cit = [self.cn_cell] * n                                     # SOM-2.9
        self.pd = [0] * n + [C.pd_total]                                  # SOM-2.10
        # centralism (SOM-3.x): rolled with the game's die when "dado"
        self.cen_roll = 0
        if self.degree < 0:
            face = self.rng.die(6)
            while self.solo and C.faces[face - 1][0] in C.solo_reroll:   # G23
                face = self.rng.die(6)
            self.cen_roll = face
            self.degree = DEGREES.index(C.dado_roll[C.faces[face - 1][0]])  # SOM-3.3
        self.gh = options.get("first_player") or 0                        # SOM-2.13
        self.turn = 0
        self.last_vote: dict[str, Any] | None = None
        self._result: Result | None = None
        self.cn_flipped = self.hisenda_flipped = False
        self._pre = tuple(self.hold)
        self._reset_turn()
        self._legal: list[Action] | None = None
        opening: list[Event] = []
        if self.cen_roll:                                                 # SOM-3.2, 3.3
            opening.append(Event("centralismo", "SOM-3.3", {
                "player": self.gh, "face": self.cen_roll,
                "number": C.faces[self.cen_roll - 1][0], "degree": DEGREES[self.degree]}))
        self._begin_turn(opening)
        self.opening_events = tuple(opening)

    def _read_options(self, options: dict[str, Any]) -> None:
        n = self.n
        mode = options.get("mode", "A")
        if mode not in MODES:
            raise InvalidOption(f"som: option mode={mode!r} is not allowed; allowed values: "
                                f"{', '.join(MODES)}")
        self.solo = n == 1
        if self.solo and mode not in C.solo_modes:                        # SOM-18.10, 16.27
            raise InvalidOption(f"som: mode {mode} is not played solo (Participación "
                                f"democrática needs other players; rulebook «Instrucciones "
                                f"para 1 jugador»); solo modes: {', '.join(C.solo_modes)}")
        flags = C.modes[mode]
        self.mode = mode
        self.types_matter = self.protect_ok = bool(flags["public_management"])
        self.pm = self.types_matter and not self.solo                     # SOM-18.9, 15.19
        self.part = bool(flags["participation"]) and not self.solo
        self.ac = self.part and not flags["public_management"]
        cen = options.get("centralism")
        if cen is None:
            cen = "medio" if n > 1 else C.solo_degrees[0]                 # rulings: defaults
        if cen not in CENTRALISM_CHOICES:
            raise InvalidOption(f"som: option centralism={cen!r} is not allowed; allowed "
                                f"values: {', '.join(CENTRALISM_CHOICES)}")
        if self.solo and cen not in (*C.solo_degrees, "dado"):            # SOM-3.7, 18.3
            raise InvalidOption(f"som: centralism {cen} is not played solo; solo centralism: "
                                f"{', '.join(C.solo_degrees)}, dado")
        self.degree = -1 if cen == "dado" else DEGREES.index(cen)
        colours = options.get("colours")
        if colours is None:
            colours = C.colours[:n]
        if isinstance(colours, str):
            colours = [c.strip() for c in colours.split(",")]
        if not isinstance(colours, (list, tuple)) or len(colours) != n or \
                len(set(colours)) != n or any(c not in C.colours for c in colours):
            raise InvalidOption(f"som: option colours must list {n} distinct colours from "
                                f"{', '.join(C.colours)}; got {colours!r}")
        self.colours = tuple(colours)
        self.pic_seat = tuple(
            -1 if pic < 0 or C.colours[pic] not in self.colours
            else self.colours.index(C.colours[pic]) for _, pic in C.faces)
        fp = options.get("first_player")
        if fp is not None:
            fp = int(fp) if isinstance(fp, str) and fp.isdigit() else fp
            if not isinstance(fp, int) or isinstance(fp, bool) or not 0 <= fp < n:
                raise InvalidOption(f"som: option first_player must be a seat 0 to {n - 1}; "
                                    f"got {options.get('first_player')!r}")
            options["first_player"] = fp
        if options.get("concentracio_cell") is not None:
            cell_of(options["concentracio_cell"])
        self.max_turns = _int_option(options, "max_turns", 0)
        self.max_steps = _int_option(options, "max_steps", 1)

    def _reset_turn(self) -> None:
        self.stage = 1
        self.phase = PH_ROLL
        self.actor = self.gh
        self.face = 0
        self.movers: list[int] = []
        self.mover = -1
        self.steps = 0
        self.may_stop = False
        self.atc_active = False
        self.used_recepta = self.used_sucesiones = False
        self.tax_queue: list[int] = []
        self.pay_payer = self.pay_payee = -1
        self.pay_due = 0
        self.pay_rule = ""
        self.pay_ret = RET_TAX
        self.pay_reason = ""
        self.chg_giver, self.chg_disk = -1, -1
        self.chg_got: list[int] = []
        self.levy, self.levy_k, self.levy_target = LEVY_NONE, 0, -1
        self.levy_chosen: list[int] = []
        self.prot, self.spain_cell = 0, -1
        self.vote_kind, self.vote_caller, self.vote_gov = VOTE_NONE, -1, -1
        self.vote_order: list[int] = []
        self.vote_ptr: list[int] = []
        self.bids: list[int] = []

    # ----- small helpers ------------------------------------------------------------------
    def value(self, owner: int) -> int:
        h, b = self.hold, owner * T
        return 2 * (h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]) + \
            h[b + 5] + h[b + 6] + h[b + 7] + h[b + 8] + h[b + 9]

    def count(self, owner: int, value: int) -> int:
        h, b = self.hold, owner * T
        return sum(h[b + t] for t in FIRST_OF_VALUE[value])

    def disks(self, owner: int) -> int:
        b = owner * T
        return sum(self.hold[b:b + T])

    def _draw(self, owner: int, value: int) -> int:
        """Take one disk of ``value`` from ``owner`` uniformly at random (SOM-14.8): its type."""
        h, b = self.hold, owner * T
        kinds = FIRST_OF_VALUE[value]
        r = self.rng.randrange(sum(h[b + t] for t in kinds))
        for t in kinds:
            r -= h[b + t]
            if r < 0:
                h[b + t] -= 1
                return t
        raise AssertionError("no disk to draw")

    def _move(self, t: int, src: int, dst: int) -> None:
        self.hold[src * T + t] -= 1
        self.hold[dst * T + t] += 1

    def _set(self, phase: int, actor: int) -> None:
        self.phase, self.actor = phase, actor

    def _atc_up(self) -> bool:
        for c in range(NC):
            if self.cells[c] == ATC_CARD:
                return self.up[c]
        return False

    def _who(self, owner: int) -> int | None:
        return None if owner == self.H else owner

    def _types(self, owner: int, kinds: tuple[int, ...] | range = range(T)) -> list[int]:
        """Types ``owner`` holds among ``kinds`` (one per value when types have no effect)."""
        h, b = self.hold, owner * T
        out = [t for t in kinds if h[b + t]]
        if not self.types_matter and len(out) > 1:                        # SOM-14.11
            seen: set[int] = set()
            out = [t for t in out if not (VAL[t] in seen or seen.add(VAL[t]))]
        return out

    # ----- the public protocol ------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == PH_OVER:
            return ()
        if ph == PH_BID:
            return tuple(s for s in range(self.n) if self.bids[s] < 0)
        return (self.actor,)

    @property
    def is_over(self) -> bool:
        return self.phase == PH_OVER

    @property
    def result(self) -> Result | None:
        return self._result

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        ph = self.phase
        if ph == PH_OVER:
            return []
        if ph == PH_BID:                                                  # SOM-16.9
            if seat is None:                   # the default seat: only when one is left
                left = self.to_move
                seat = left[0] if len(left) == 1 else None
            if seat is None or not (isinstance(seat, int) and 0 <= seat < self.n) or \
                    self.bids[seat] >= 0:
                return []
            return A.BID_A[:self.pd[seat] + 1]
        if seat is None:
            seat = self.actor
        if seat != self.actor:
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        ph = self.phase
        if ph == PH_ROLL:
            return [A.A_ROLL]
        if ph == PH_PAY:
            return [A.PAY_A[t] for t in self._pay_options()]
        if ph == PH_CHANGE:
            return [A.CHANGE_A[t] for t in self._types(self.chg_giver, ONES)]
        if ph == PH_MOVE:
            cells = self.cells
            out = [A.MOVE_A[c] for c in NEIGH[self.cit[self.mover]] if cells[c] >= 0]
            if self.may_stop:
                out.append(A.A_STOP)
            return out
        if ph == PH_COHESION:
            return self._cohesion_legal()
        if ph == PH_COBRO:
            return self._cobro_legal()
        if ph == PH_PROTECT:
            return self._protect_legal() + [A.A_COLLECT]
        if ph == PH_SUFRAGIO:
            if self.actor == self.gh:
                return [A.A_ELECTIONS, A.A_DECLINE] if self._can_call_elections() \
                    else [A.A_DECLINE]
            return [A.A_MOTION, A.A_DECLINE]
        if ph == PH_DECLARE:
            return self._declare_legal(self.actor)
        if ph == PH_GOVERNOR:
            c = self.vote_caller
            return [A.GOVERNOR_A[s] for s in range(self.n)
                    if s == c or self.vote_ptr[s] == c]
        return []

    def parse(self, text: str) -> Action:
        return A.parse(text, self.colours)

    def action_id(self, action: Action) -> int:
        try:
            return A.ACTION_ID[action]
        except (KeyError, TypeError):
            raise IllegalAction(f"{action} is not an action of som",
                                f"{action} no es una acción de som") from None

    def action_from_id(self, action_id: int) -> Action:
        if not (isinstance(action_id, int) and 0 <= action_id < A.NUM_DISTINCT_ACTIONS):
            raise IllegalAction(f"action ids go from 0 to {A.NUM_DISTINCT_ACTIONS - 1}; "
                                f"got {action_id!r}",
                                f"los ids de acción van de 0 a {A.NUM_DISTINCT_ACTIONS - 1}; "
                                f"recibido {action_id!r}")
        return A.ALL_ACTIONS[action_id]

    def _explain_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        from .text import explain_illegal
        return explain_illegal(self, action, seat)

    def describe(self, event: Event, lang: str = "es") -> str:
        from .text import describe
        return describe(self, event, lang)

    # ----- carrying out an action ---------------------------------------------------------
    def _apply(self, action: Action, seat: int) -> list[Event]:
        self._legal = None
        ev: list[Event] = []
        kind, p = DISPATCH[action.name]
        arg = action.arg
        if kind == _K_PAY:
            if not self._pay_with(p, ev):
                self._pay_continue(ev)
        elif kind == _K_CHANGE:
            self._move(p, self.chg_giver, self.pay_payer)
            self.chg_got.append(p)
            if not self._change_continue(ev):
                self._pay_continue(ev)
        elif kind == _K_MOVE:
            self._step(arg, ev)
        elif kind == _K_STOP:
            ev.append(Event("parar", "SOM-11.2", {"player": self.mover,
                                                   "cell": self.cit[self.mover]}))
            self._mover_done(ev)
        elif kind == _K_ROLL:
            self._roll(ev)
        elif kind == _K_GIVE:
            self._give(p, arg, ev)
        elif kind == _K_SWAP:
            self._swap(p, arg, ev)
        elif kind == _K_END:
            ev.append(Event("fin_cohesion", "SOM-9.1", {"player": self.gh}))
            self._begin_action(ev)
        elif kind == _K_BID:
            self.bids[seat] = arg
            ev.append(Event("puja", "SOM-16.9", {"player": seat}))       # the amount stays secret
            if min(self.bids) >= 0:
                self._reveal(ev)
        elif kind == _K_SUPPORT:
            self._declare(seat, arg, ev)
        elif kind == _K_ABSTAIN:
            self._declare(seat, ABSTAINS, ev)
        elif kind == _K_GOV:
            self.vote_gov = arg
            ev.append(Event("gobernador", "SOM-16.20", {"player": self.vote_caller,
                                                         "governor": arg}))
            self._start_bids(ev)
        elif kind == _K_RECEPTA:
            self.levy_chosen.append(arg)
            ev.append(Event("recepta", "SOM-15.5", {"player": self.gh, "target": arg}))
            self._start_payment(arg, self.gh, C.levy_per_target, "SOM-15.5", RET_RECEPTA,
                                "recepta", ev)
        elif kind == _K_SUC:
            self.levy_target = arg
            ev.append(Event("sucesiones", "SOM-15.2", {"player": self.gh, "target": arg,
                                                       "max": self._succession_max(arg)}))
        elif kind == _K_AMOUNT:
            ev.append(Event("importe", "SOM-15.2", {"player": self.gh,
                                                    "target": self.levy_target, "amount": arg}))
            self._start_payment(self.levy_target, self.gh, arg, "SOM-15.4", RET_SUCESIONES,
                                "sucesiones", ev)
        elif kind == _K_NOLEVY:
            ev.append(Event("no_cobrar", "SOM-15.5" if self.levy == LEVY_RECEPTA
                            else "SOM-15.2", {"player": self.gh}))
            self._end_levy(ev)
        elif kind == _K_PROTECT:
            self._move(p, arg, self.H)
            self.prot += 1
            ev.append(Event("proteccion", "SOM-15.17", {
                "player": self.gh, "from": arg, "disk": TYPE_CODES[p], "protected": self.prot,
                "amount": -VAL[p], "counterpart": None}))
            if self.prot >= len(self.pile) or not self._protect_legal():
                self._collect(ev)
        elif kind == _K_COLLECT:
            self._collect(ev)
        elif kind == _K_ELECT:
            self._call_elections(ev)
        elif kind == _K_MOTION:
            self.vote_kind, self.vote_caller = VOTE_MOTION, seat
            ev.append(Event("mocion", "SOM-16.18", {"player": seat, "gh": self.gh}))
            self._start_declare(ev)
        elif kind == _K_DECLINE:
            ev.append(Event("declina", "SOM-16.5", {"player": seat}))
            self._end_turn(ev, None)
        self._legal = None
        return ev

    # ----- phase 1: taxation (SOM-7.x, 18.4–18.5) -----------------------------------------
    def _begin_turn(self, ev: list[Event]) -> None:
        self._reset_turn()
        self.atc_active = self._atc_up()                                  # SOM-7.4, G18
        ev.append(Event("turno", "SOM-6.1", {"player": self.gh, "turn": self.turn + 1,
                                             "atc": self.atc_active}))
        n, gh = self.n, self.gh
        self.tax_queue = [0] if self.solo else \
            [(gh + i) % n for i in range(1, n)] + [gh]                    # SOM-7.8, G9
        self._next_tax(ev)

    def _next_tax(self, ev: list[Event]) -> None:
        if not self.tax_queue:
            self.stage = 2
            self._set(PH_ROLL, self.gh)                                   # SOM-7.11
            return
        p = self.tax_queue.pop(0)
        H, atc = self.H, self.atc_active
        if self.solo:
            due, payee, rule = (C.tax_solo_atc, H, "SOM-18.5") if atc else \
                (C.tax_solo, H, "SOM-18.4")
        elif p == self.gh:
            due, payee, rule = (C.tax_atc_gh, H, "SOM-7.6") if atc else \
                (C.tax_citizen + C.tax_solidarity, H, "SOM-7.2")
        else:
            due, payee, rule = (C.tax_atc_citizen, self.gh, "SOM-7.5") if atc else \
                (C.tax_citizen, H, "SOM-7.1")
        v = self.value(p)
        if v < due:                                                       # SOM-7.9
            ev.append(Event("intervencion", "SOM-4.3", {"player": p, "due": due, "value": v}))
            self._finish("intervencion", ev, failed=p)
            return
        self._start_payment(p, payee, due, rule, RET_TAX, "impuesto", ev)

    # ----- payments and change (SOM-14.x) -------------------------------------------------
    def _start_payment(self, payer: int, payee: int, due: int, rule: str, ret: int,
                       reason: str, ev: list[Event]) -> None:
        self.pay_payer, self.pay_payee, self.pay_due = payer, payee, due
        self.pay_rule, self.pay_ret, self.pay_reason = rule, ret, reason
        self._pay_continue(ev)

    def _pay_options(self) -> list[int]:
        """Types the payer may pay with now (a 2 € type when 1 € is due and he holds no
        1 € disk means: split it, SOM-14.3). When he can pay the sum exactly, only disks
        that keep an exact payment possible are offered (SOM-14.1, 14.3: no change by
        choice, e.g. 1 € first and then splitting a 2 € disk for a 2 € tax)."""
        p, due = self.pay_payer, self.pay_due
        kinds = self._types(p)
        twos, ones = self.count(p, 2), self.count(p, 1)

        def exact(x: int, a: int, b: int) -> bool:      # a 2 € and b 1 € disks make x
            return x - 2 * min(a, x // 2) <= b

        if exact(due, twos, ones):
            return [t for t in kinds if VAL[t] <= due and
                    exact(due - VAL[t], twos - (VAL[t] == 2), ones - (VAL[t] == 1))]
        return kinds

    def _pay_continue(self, ev: list[Event]) -> None:
        """Pay on automatically while the choice does not matter; stop at a real choice."""
        while True:
            if self.pay_due <= 0:
                self._after_payment(ev)
                return
            p = self.pay_payer
            if self.value(p) == self.pay_due:          # everything goes: no choice to make
                b = p * T
                for t in range(T):
                    while self.hold[b + t]:
                        self._pay_disk(t, ev)
                continue
            opts = self._pay_options()
            if len(opts) == 1:
                if self._pay_with(opts[0], ev):
                    return                             # a change giver must choose
                continue
            self._set(PH_PAY, p)
            return

    def _pay_disk(self, t: int, ev: list[Event]) -> None:
        p, q = self.pay_payer, self.pay_payee
        self._move(t, p, q)
        self.pay_due -= VAL[t]
        ev.append(Event("pago", self.pay_rule, {
            "player": p, "to": self._who(q), "disk": TYPE_CODES[t], "value": VAL[t],
            "due": self.pay_due, "reason": self.pay_reason, "amount": -VAL[t],
            "counterpart": self._who(q)}))

    def _pay_with(self, t: int, ev: list[Event]) -> bool:
        """Pay with a disk of type ``t``; True when a change giver must now choose."""
        if VAL[t] <= self.pay_due:                                        # SOM-14.1
            self._pay_disk(t, ev)
            return False
        p, H = self.pay_payer, self.H                # a 2 € disk for 1 € due: change
        if self.count(H, 1) >= 2:                                         # SOM-14.4: Hisenda
            self._move(t, p, H)
            got = [self._draw(H, 1), self._draw(H, 1)]
            for g in got:
                self.hold[p * T + g] += 1
            ev.append(Event("cambio", "SOM-14.4", {"player": p, "giver": None,
                                                   "disk": TYPE_CODES[t],
                                                   "received": [TYPE_CODES[g] for g in got]}))
            return False
        giver = self._change_giver(p)
        if giver >= 0:
            self.chg_giver, self.chg_disk, self.chg_got = giver, t, []
            return self._change_continue(ev)
        self._move(t, p, self.pay_payee)                                  # SOM-14.5: overpay
        self.pay_due = 0
        ev.append(Event("sobrepago", "SOM-14.5", {
            "player": p, "to": self._who(self.pay_payee), "disk": TYPE_CODES[t], "value": VAL[t],
            "reason": self.pay_reason, "amount": -VAL[t],
            "counterpart": self._who(self.pay_payee)}))
        return False

    def _change_giver(self, payer: int) -> int:
        gh, n = self.gh, self.n
        if gh != payer and self.count(gh, 1) >= 2:                        # SOM-14.4
            return gh
        for i in range(1, n):
            s = (payer + i) % n
            if self.count(s, 1) >= 2:
                return s
        return -1

    def _change_continue(self, ev: list[Event]) -> bool:
        """The giver hands over two 1 € disks (choosing their types when that matters);
        True when he must choose now."""
        g, p = self.chg_giver, self.pay_payer
        while len(self.chg_got) < 2:
            opts = self._types(g, ONES)
            if len(opts) > 1 and self.count(g, 1) > 2 - len(self.chg_got):
                self._set(PH_CHANGE, g)
                return True
            self._move(opts[0], g, p)
            self.chg_got.append(opts[0])
        self._move(self.chg_disk, p, g)
        ev.append(Event("cambio", "SOM-14.4", {"player": p, "giver": g,
                                               "disk": TYPE_CODES[self.chg_disk],
                                               "received": [TYPE_CODES[x] for x in self.chg_got]}))
        self.chg_giver, self.chg_disk, self.chg_got = -1, -1, []
        return False

    def _after_payment(self, ev: list[Event]) -> None:
        ret = self.pay_ret
        self.pay_payer = self.pay_payee = -1
        self.pay_due = 0
        if ret == RET_TAX:
            self._next_tax(ev)
        elif ret == RET_RECEPTA:
            self._cobro_continue(ev)
        elif ret == RET_SUCESIONES:
            self._end_levy(ev)
        elif ret == RET_GIVEBACK:
            self._flag_step(ev)
        else:
            self._start_declare(ev)

    def _hisenda_pays(self, to: int, amount: int) -> tuple[list[int], bool]:
        """Hisenda pays ``amount`` (its value is enough): 2 € disks first, then 1 €, random
        types (SOM-14.7, 14.8). Returns the types and whether it paid 1 € too much (14.9)."""
        H = self.H
        k2 = min(self.count(H, 2), amount // 2)
        rest = amount - 2 * k2
        over = rest > self.count(H, 1)
        if over:
            k2, rest = k2 + 1, 0
        got = [self._draw(H, 2) for _ in range(k2)] + [self._draw(H, 1) for _ in range(rest)]
        b = to * T
        for t in got:
            self.hold[b + t] += 1
        return got, over

    # ----- phase 2: transfer (SOM-8.x, 17.2, 18.6) ----------------------------------------
    def _roll(self, ev: list[Event]) -> None:
        gh = self.gh
        face = self.rng.die(6)
        if not self.solo:
            while C.faces[face - 1][1] >= 0 and self.pic_seat[face - 1] < 0:   # SOM-17.2
                ev.append(Event("repetir_tirada", "SOM-17.2", {
                    "player": gh, "face": face, "picture": C.face_pictures[face - 1]}))
                face = self.rng.die(6)
        self.face = face
        number = C.faces[face - 1][0]
        ev.append(Event("tirada", "SOM-8.1", {"player": gh, "face": face, "number": number,
                                              "picture": C.face_pictures[face - 1]}))
        if number:
            hv = self.value(self.H)
            if hv < number:                                               # SOM-8.7
                ev.append(Event("dui", "SOM-8.7", {"player": gh, "due": number,
                                                   "hisenda": hv}))
                self._finish("dui", ev, causer=gh)
                return
            got, _ = self._hisenda_pays(gh, number)
            ev.append(Event("transferencia", "SOM-8.3" if number == 4 else "SOM-8.4", {
                "player": gh, "value": number, "disks": [TYPE_CODES[t] for t in got],
                "amount": number, "counterpart": None}))
        else:
            ev.append(Event("transferencia", "SOM-8.5", {"player": gh, "value": 0, "disks": [],
                                                         "amount": 0, "counterpart": None}))
        if self.solo:                                                     # SOM-9.10, 18.7
            self._begin_action(ev)
        else:
            self.stage = 3
            self._set(PH_COHESION, gh)

    # ----- phase 3: social cohesion (SOM-9.x, 15.9–15.13) ---------------------------------
    def _cohesion_legal(self) -> list[Action]:
        gh, n, h = self.gh, self.n, self.hold
        out: list[Action] = []
        if self.disks(gh) >= 2:                                           # SOM-9.4
            for t in self._types(gh):
                row = A.GIVE_A[t]
                out.extend(row[s] for s in range(n) if s != gh)
        if self.pm:                                                       # SOM-9.9, 15.13
            g = gh * T
            for i, x in enumerate(C.exchanges):
                if h[g + x.pair] >= 2:
                    row = A.SWAP_A[i]
                    out.extend(row[s] for s in range(n) if s != gh and h[s * T + x.take])
        out.append(A.A_END)
        return out

    def _give(self, t: int, to: int, ev: list[Event]) -> None:
        gh, H, pd = self.gh, self.H, self.pd
        self._move(t, gh, to)
        earn = VAL[t] * C.pd_per_euro                                     # SOM-9.5
        a = min(earn, pd[to])                                             # SOM-9.6, 9.7
        b = min(earn - a, pd[H])
        pd[to] -= a
        pd[H] -= b
        pd[gh] += a + b
        ev.append(Event("donacion", "SOM-9.5", {
            "player": gh, "to": to, "disk": TYPE_CODES[t], "value": VAL[t], "amount": -VAL[t],
            "counterpart": to, "pd_from_player": a, "pd_from_cn": b, "pd_lost": earn - a - b}))

    def _swap(self, i: int, target: int, ev: list[Event]) -> None:
        x = C.exchanges[i]
        gh, H = self.gh, self.H
        self._move(x.pair, gh, target)
        self._move(x.pair, gh, H)
        self._move(x.take, target, gh)
        ev.append(Event("canje", x.rule, {"player": gh, "target": target,
                                          "gives": TYPE_CODES[x.pair],
                                          "takes": TYPE_CODES[x.take]}))

    # ----- phase 4: movement (SOM-10.x, 11.x, 13.x) ---------------------------------------
    def _begin_action(self, ev: list[Event]) -> None:
        self.stage = 4
        n, gh = self.n, self.gh
        pic = C.faces[self.face - 1][1]
        if self.solo:
            movers, rule = [0], "SOM-18.8"
        elif pic == PIC_GENERALITAT:
            movers, rule = [gh], "SOM-10.1"
        elif pic == PIC_TODOS:
            movers, rule = [(gh + i) % n for i in range(n)], "SOM-10.3"
        else:
            movers, rule = [self.pic_seat[self.face - 1]], "SOM-10.2"
        ev.append(Event("accion", rule, {"movers": movers, "face": self.face}))
        self.movers = movers[1:]
        self._start_mover(movers[0], ev)

    def _start_mover(self, m: int, ev: list[Event]) -> None:
        self.mover, self.steps, self.may_stop = m, 0, False
        cells = self.cells
        if not any(cells[c] >= 0 for c in NEIGH[self.cit[m]]):             # SOM-10.9
            ev.append(Event("sin_movimiento", "SOM-10.9", {"player": m,
                                                          "cell": self.cit[m]}))
            self._mover_done(ev)
            return
        self._set(PH_MOVE, m)

    def _mover_done(self, ev: list[Event]) -> None:
        self.may_stop = False
        if self.movers:
            self._start_mover(self.movers.pop(0), ev)
        else:
            self._end_turn(ev, None)                                      # SOM-10.10

    def _step(self, cell: int, ev: list[Event]) -> None:
        m = self.mover
        self.steps += 1
        card = self.cells[cell]
        newly = not self.up[cell]
        fl = FLAG[card]
        if newly:                                                         # SOM-10.6
            self.up[cell] = True
            ev.append(Event("revelar", "SOM-10.6", {"player": m, "cell": cell,
                                                    "card": CARD_ID[card],
                                                    "flag": FLAG_CODES[fl]}))
            if fl == FLAG_URNA:                                           # SOM-11.4–11.6
                self.up[cell] = False
                self.cells[cell] = -1
                self.pile.append(card)
                ev.append(Event("urna", "SOM-11.4", {"player": m, "cell": cell,
                                                     "card": CARD_ID[card],
                                                     "pile": len(self.pile),
                                                     "stays_on": self.cit[m]}))
                if len(self.pile) >= C.urna_for_consulta:                 # SOM-4.2
                    ev.append(Event("consulta", "SOM-4.2", {"player": m}))
                    self._finish("consulta", ev)
                    return
                self._mover_done(ev)
                return
            if fl == FLAG_ESP:                                            # SOM-11.7
                self._spain(cell, ev)
                return
        ev.append(Event("paso", "SOM-10.7", {"player": m, "from_cell": self.cit[m],
                                             "cell": cell, "card": CARD_ID[card]}))
        self.cit[m] = cell
        eff = EFFECT[card]
        if eff == EF_ECO and newly:                                       # SOM-13.1–13.3
            hv = self.value(self.H)
            if hv < C.eco_payout:
                ev.append(Event("dui", "SOM-13.3", {"player": m, "due": C.eco_payout,
                                                    "hisenda": hv}))
                self._finish("dui", ev, causer=m)
                return
            got, over = self._hisenda_pays(m, C.eco_payout)
            ev.append(Event("capacidad_economica", "SOM-13.1", {
                "player": m, "value": C.eco_payout + over, "disks": [TYPE_CODES[t] for t in got],
                "amount": C.eco_payout + over, "counterpart": None, "surplus": int(over)}))
            if over and self.count(m, 1):                                 # SOM-14.9
                self._start_payment(m, self.H, 1, "SOM-14.9", RET_GIVEBACK, "devolucion", ev)
                return
        elif (eff == EF_EPR or eff == EF_IDS) and self.pm and m == self.gh:
            if self._open_levy(eff, ev):
                return
        elif eff == EF_SU and self.part:                                  # SOM-16.2, 16.3
            ev.append(Event("sufragio", "SOM-16.2", {"player": m, "gh": self.gh}))
            self._set(PH_SUFRAGIO, m)
            return
        self._flag_step(ev)

    def _flag_step(self, ev: list[Event]) -> None:
        m = self.mover
        cell = self.cit[m]
        fl = FLAG[self.cells[cell]]
        if fl == FLAG_CAT:                                                # SOM-11.1, 11.2
            if self.max_steps and self.steps >= self.max_steps:           # G12 (not a rule)
                ev.append(Event("parada", "SOM-11.2", {"player": m, "cell": cell,
                                                       "max_steps": self.max_steps}))
                self._mover_done(ev)
                return
            self.may_stop = True
            self._set(PH_MOVE, m)
            return
        ev.append(Event("parada", "SOM-11.3" if fl != FLAG_ESP else "SOM-11.8",
                        {"player": m, "cell": cell}))
        self._mover_done(ev)

    # ----- levies (SOM-15.2–15.8) ---------------------------------------------------------
    def _succession_max(self, s: int) -> int:
        return min(A.MAX_AMOUNT, self.value(s) * C.levy_num // C.levy_den)

    def _open_levy(self, eff: int, ev: list[Event]) -> bool:
        gh, n, h = self.gh, self.n, self.hold
        if eff == EF_EPR:
            k = h[gh * T + SANIDAD]
            if self.used_recepta or not k or not any(
                    s != gh and self.value(s) >= C.levy_min_value for s in range(n)):
                return False
            self.levy, self.levy_k, self.levy_chosen = LEVY_RECEPTA, k, []
        else:
            if self.used_sucesiones or not h[gh * T + JUSTICIA] or not any(
                    s != gh and self._succession_max(s) >= 1 for s in range(n)):
                return False
            self.levy, self.levy_target = LEVY_SUCESIONES, -1
        ev.append(Event("cobro", "SOM-15.5" if eff == EF_EPR else "SOM-15.2",
                        {"player": gh, "levy": "recepta" if eff == EF_EPR else "sucesiones",
                         "k": self.levy_k if eff == EF_EPR else 1}))
        self._set(PH_COBRO, gh)
        return True

    def _cobro_legal(self) -> list[Action]:
        gh, n = self.gh, self.n
        if self.levy == LEVY_RECEPTA:
            out = []
            if len(self.levy_chosen) < self.levy_k:                       # SOM-15.5–15.7
                out = [A.RECEPTA_A[s] for s in range(n) if s != gh and s not in
                       self.levy_chosen and self.value(s) >= C.levy_min_value]
            return out + [A.A_NO_LEVY]
        if self.levy_target < 0:
            out = [A.SUCESIONES_A[s] for s in range(n)
                   if s != gh and self._succession_max(s) >= 1]
        else:
            top = self._succession_max(self.levy_target)
            out = [A.AMOUNT_A[a] for a in range(1, top + 1)]
        return out + [A.A_NO_LEVY]

    def _cobro_continue(self, ev: list[Event]) -> None:
        if len(self._cobro_legal()) > 1:
            self._set(PH_COBRO, self.gh)
        else:
            self._end_levy(ev)

    def _end_levy(self, ev: list[Event]) -> None:
        if self.levy == LEVY_RECEPTA:
            self.used_recepta = True
        else:
            self.used_sucesiones = True
        self.levy, self.levy_k, self.levy_target, self.levy_chosen = LEVY_NONE, 0, -1, []
        self._flag_step(ev)

    # ----- the Spain event (SOM-12.x, 15.14–15.18) ----------------------------------------
    def _spain(self, cell: int, ev: list[Event]) -> None:
        m = self.mover
        ev.append(Event("espana", "SOM-11.7", {"player": m, "cell": cell,
                                               "card": CARD_ID[self.cells[cell]]}))
        self.cit = [self.cn_cell] * self.n                                # SOM-12.1
        ev.append(Event("concentracion", "SOM-12.1", {"cell": self.cn_cell}))
        self.spain_cell, self.prot = cell, 0
        self.movers = []
        if self.protect_ok and self.pile and self._protect_legal():       # SOM-12.2
            self._set(PH_PROTECT, self.gh)
            return
        self._collect(ev)

    def _protect_legal(self) -> list[Action]:
        if self.prot >= len(self.pile):
            return []
        h, n = self.hold, self.n
        return [A.PROTECT_M_A[s] for s in range(n) if h[s * T + MOSSOS]] + \
            [A.PROTECT_B_A[s] for s in range(n) if h[s * T + BOMBEROS]]

    def _collect(self, ev: list[Event]) -> None:
        cells, up, sc = self.cells, self.up, self.spain_cell
        taken = [c for c in range(NC) if up[c] and cells[c] >= 0 and FLAG[cells[c]] == FLAG_CAT
                 and c != self.cn_cell]                                   # SOM-12.3
        degree = DEGREES[self.degree]
        aligned: list[int] = []
        if degree == "medio":                                             # SOM-12.5
            fate, rule = "queda", "SOM-12.5"
        elif degree == "elevado":                                         # SOM-12.6
            r, c = RC[sc]
            aligned = [x for x in range(NC) if x != sc and up[x] and cells[x] >= 0 and
                       FLAG[cells[x]] == FLAG_ESP and (RC[x][0] == r or RC[x][1] == c)]
            fate, rule = ("alineada", "SOM-12.6") if aligned else ("queda", "SOM-12.6")
            if aligned:
                taken += [sc] + aligned
        else:                                                             # SOM-12.7
            fate, rule = "recogida", "SOM-12.7"
            taken.append(sc)
        kept = self.pile[:self.prot]                                      # SOM-15.18
        cards = [cells[c] for c in taken] + self.pile[self.prot:]
        for c in taken:
            cells[c] = -1
            up[c] = False
        self.pile = kept
        ev.append(Event("carta_espana", rule, {"cell": sc, "fate": fate,
                                               "aligned": sorted(aligned)}))
        ev.append(Event("recogida", "SOM-12.3", {
            "cards": [CARD_ID[x] for x in cards], "cells": sorted(taken),
            "protected": [CARD_ID[x] for x in kept]}))
        self.rng.shuffle(cards)                                           # SOM-12.8
        empty = [c for c in range(NC) if cells[c] < 0]
        self.rng.shuffle(empty)                                           # SOM-12.9, G14
        targets = sorted(empty[:len(cards)])
        for c, card in zip(targets, cards, strict=True):
            cells[c] = card
        ev.append(Event("reparto", "SOM-12.8" if len(empty) == len(cards) else "SOM-12.9",
                        {"cells": targets, "empty": sorted(empty[len(cards):])}))
        self.prot, self.spain_cell = 0, -1
        self._end_turn(ev, None)                                          # SOM-12.11

    # ----- mode C votes (SOM-16.x) --------------------------------------------------------
    def _can_call_elections(self) -> bool:
        gh = self.gh
        if self.ac:                                                       # G29
            return self.value(gh) >= C.election_cost_ac
        return self.hold[gh * T + C.election_disk] > 0                    # SOM-16.7

    def _call_elections(self, ev: list[Event]) -> None:
        gh = self.gh
        self.vote_kind, self.vote_caller = VOTE_ELECTIONS, gh
        ev.append(Event("elecciones", "SOM-16.6", {"player": gh}))
        if self.ac:
            self._start_payment(gh, self.H, C.election_cost_ac, "SOM-16.7", RET_ELECTION,
                                "elecciones", ev)
            return
        t = C.election_disk
        self._move(t, gh, self.H)
        ev.append(Event("coste_elecciones", "SOM-16.7", {
            "player": gh, "disk": TYPE_CODES[t], "value": VAL[t], "amount": -VAL[t],
            "counterpart": None}))
        self._start_declare(ev)

    def _start_declare(self, ev: list[Event]) -> None:
        n, gh, c = self.n, self.gh, self.vote_caller
        self.vote_ptr = [UNDECLARED] * n
        rotation = [(gh + i) % n for i in range(n)]
        if self.vote_kind == VOTE_ELECTIONS:                              # SOM-16.8, G19
            self.vote_order = rotation
        else:                                                             # SOM-16.19
            self.vote_order = [s for s in rotation if s != gh and s != c]
            self.vote_ptr[c], self.vote_ptr[gh] = c, gh
        self.vote_gov = c
        self._next_declare(ev)

    def _next_declare(self, ev: list[Event]) -> None:
        if self.vote_order:
            self._set(PH_DECLARE, self.vote_order[0])
            return
        c = self.vote_caller
        if self.vote_kind == VOTE_MOTION and any(
                s != c and self.vote_ptr[s] == c for s in range(self.n)):  # SOM-16.20
            self._set(PH_GOVERNOR, c)
            return
        self._start_bids(ev)

    def _declare_legal(self, s: int) -> list[Action]:
        if self.vote_kind == VOTE_MOTION:
            c, gh = self.vote_caller, self.gh
            return sorted([A.SUPPORT_A[c], A.SUPPORT_A[gh]], key=A.ACTION_ID.get) + \
                [A.A_ABSTAIN]
        ptr = self.vote_ptr
        out = []
        for target in range(self.n):
            x = target
            while x != s:                       # follow the pointers: a circle is refused
                p = ptr[x]
                if p == UNDECLARED or p == x:
                    break
                x = p
            if x != s or target == s:
                out.append(A.SUPPORT_A[target])
        return out

    def _declare(self, s: int, target: int, ev: list[Event]) -> None:
        self.vote_ptr[s] = target
        self.vote_order.pop(0)
        if target == ABSTAINS:
            ev.append(Event("abstencion", "SOM-16.19", {"player": s}))
        else:
            ev.append(Event("apoyo", "SOM-16.8" if self.vote_kind == VOTE_ELECTIONS
                            else "SOM-16.19", {"player": s, "supports": target}))
        self._next_declare(ev)

    def _leader(self, s: int) -> int:
        ptr = self.vote_ptr
        while ptr[s] != s:
            s = ptr[s]
        return s

    def _start_bids(self, ev: list[Event]) -> None:
        self.bids = [-1 if self.pd[s] else 0 for s in range(self.n)]     # 0 PDs: bid 0
        ev.append(Event("votacion", "SOM-16.9", {
            "kind": "elecciones" if self.vote_kind == VOTE_ELECTIONS else "mocion",
            "bidders": [s for s in range(self.n) if self.bids[s] < 0]}))
        if min(self.bids) >= 0:
            self._reveal(ev)
            return
        self._set(PH_BID, -1)

    def _reveal(self, ev: list[Event]) -> None:
        n, gh, bids, pd = self.n, self.gh, self.bids, self.pd
        ev.append(Event("revelacion", "SOM-16.9", {"bids": list(bids)}))
        winner: int | None
        sides: dict[int, list[int]] = {}
        if self.vote_kind == VOTE_ELECTIONS:
            for s in range(n):
                sides.setdefault(self._leader(s), []).append(s)
            total = {L: sum(bids[m] for m in ms) for L, ms in sides.items()}
            top = max(total.values())
            mine = self._leader(gh)
            tops = [L for L in sides if total[L] == top]
            if total[mine] == top:
                winner, rule = mine, ("SOM-16.12" if len(tops) > 1 else "SOM-16.11")
            elif len(tops) == 1:
                winner, rule = tops[0], "SOM-16.11"
            else:                                                         # SOM-16.13, 16.14
                unbid = {L: sum(pd[m] - bids[m] for m in sides[L]) for L in tops}
                best = max(unbid.values())
                cands = [L for L in tops if unbid[L] == best]
                winner, rule = (cands[0], "SOM-16.13") if len(cands) == 1 else \
                    (None, "SOM-16.14")
            totals = {str(L): total[L] for L in sides}
            cost_rule = "SOM-16.15"
        else:
            c = self.vote_caller
            side_c = [s for s in range(n) if self.vote_ptr[s] == c]
            side_g = [s for s in range(n) if self.vote_ptr[s] == gh]
            tc, tg = sum(bids[s] for s in side_c), sum(bids[s] for s in side_g)
            if tc > tg:
                winner, rule = self.vote_gov, "SOM-16.22"
            elif tg > tc:
                winner, rule = gh, "SOM-16.23"
            else:
                winner, rule = None, "SOM-16.24"
            sides = {c: side_c, gh: side_g}
            totals = {str(c): tc, str(gh): tg}
            cost_rule = "SOM-16.25"
        spent = sum(bids)
        for s in range(n):
            pd[s] -= bids[s]
        pd[self.H] += spent
        ev.append(Event("votos_a_cn", cost_rule, {"pd": spent}))
        nxt = (gh + 1) % n if winner is None else winner
        self.last_vote = {
            "kind": "elecciones" if self.vote_kind == VOTE_ELECTIONS else "mocion",
            "caller": self.vote_caller, "bids": list(bids),
            "sides": {str(L): ms for L, ms in sides.items()}, "totals": totals,
            "next_gh": nxt, "by_rotation": winner is None, "turn": self.turn + 1}
        ev.append(Event("resultado_voto", rule, {"winner": winner, "next": nxt,
                                                 "totals": totals}))
        self.vote_kind = VOTE_NONE
        self.bids = []
        self.vote_ptr = []
        self._end_turn(ev, nxt, "SOM-16.16" if winner is not None else rule)

    # ----- end of turn and of game --------------------------------------------------------
    def _end_turn(self, ev: list[Event], nxt: int | None, rule: str = "SOM-6.5") -> None:
        self.turn += 1
        if nxt is None:
            nxt = (self.gh + 1) % self.n                                  # SOM-6.5, 18.11
        ev.append(Event("fin_turno", rule, {"player": self.gh, "next": nxt,
                                            "turn": self.turn}))
        if self.max_turns and self.turn >= self.max_turns:                # X1 (not a rule)
            ev.append(Event("limite", "SOM-4.6", {"turns": self.turn}))
            self._finish(C.limit_reason, ev)
            return
        self.gh = nxt
        self._begin_turn(ev)

    def _finish(self, reason: str, ev: list[Event], causer: int = -1, failed: int = -1) -> None:
        n = self.n
        self.phase, self.actor = PH_OVER, -1
        self.movers, self.tax_queue = [], []
        scores = tuple(self.pd[:n])
        details: dict[str, Any] = {"pile": [CARD_ID[c] for c in self.pile],
                                   "turns": self.turn + (reason != C.limit_reason)}
        if reason == "intervencion":
            self.cn_flipped = True                                        # SOM-4.3
            details["failed_payer"] = failed
        elif reason == "dui":
            self.hisenda_flipped = True                                   # SOM-4.4
            details["causer"] = causer
        top = max(scores)
        leaders = tuple(s for s in range(n) if scores[s] == top)
        if self.solo:                                                     # SOM-5.7
            winners: tuple[int, ...] = (0,) if reason in ("consulta", "dui") else ()
            rule = "SOM-5.7"
        elif reason == "consulta":                                        # SOM-5.1
            winners, rule = leaders, "SOM-5.1"
        elif reason == "dui":
            winners, rule = (leaders, "SOM-5.3") if len(leaders) == 1 else \
                ((causer,), "SOM-5.4")
        elif reason == "intervencion":
            winners, rule = (), "SOM-5.2"
        else:
            winners, rule = (), "SOM-4.6"
        rest = sorted((s for s in range(n) if s not in winners), key=lambda s: (-scores[s], s))
        self._result = Result(tuple(winners) + tuple(rest), winners, scores, reason, details)
        ev.append(Event("fin", rule, {"reason": reason, "winners": list(winners),
                                      "scores": list(scores)}))

    # ----- looking ------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < n):
            raise InvalidOption(f"seat must be 0 to {n - 1} or None; got {seat!r}")
        cells, up, h = self.cells, self.up, self.hold
        board = []
        for c in range(NC):
            r, col = RC[c]
            card = cells[c]
            if card < 0:
                board.append({"cell": c, "r": r, "c": col, "estado": "vacia"})
            elif up[c]:
                board.append({"cell": c, "r": r, "c": col, "estado": "visible",
                              "card": _card_view(card)})
            else:
                board.append({"cell": c, "r": r, "c": col, "estado": "oculta"})
        players = []
        for s in range(n):
            b = s * T
            players.append({
                "seat": s, "name": self.names[s], "colour": self.colours[s],
                "disks": {TYPE_CODES[t]: h[b + t] for t in range(T) if h[b + t]},
                "value": self.value(s), "pd": self.pd[s], "citizen": self.cit[s],
                "gh": s == self.gh})
        H = self.H
        out: dict[str, Any] = {
            "game": "som", "seat": seat, "mode": self.mode, "centralism": DEGREES[self.degree],
            "centralism_roll": self.cen_roll or None, "players_n": n,
            "turn": self.turn + 1, "turns_played": self.turn, "gh": self.gh,
            "stage": STAGE_NAMES[self.stage], "phase": PHASE_NAMES[self.phase],
            "to_move": list(self.to_move),
            "die": None if not self.face else {
                "face": self.face, "number": C.faces[self.face - 1][0],
                "picture": C.face_pictures[self.face - 1]},
            "mover": self.mover if self.stage == 4 and self.mover >= 0 else None,
            "movers_left": list(self.movers), "steps": self.steps, "may_stop": self.may_stop,
            "atc_active": self.atc_active,
            "levies_used": {"recepta": self.used_recepta, "sucesiones": self.used_sucesiones},
            "cells": board, "citizens": list(self.cit), "players": players,
            "hisenda": {"ones": self.count(H, 1), "twos": self.count(H, 2),
                        "value": self.value(H), "flipped": self.hisenda_flipped},
            "cn": {"pd": self.pd[H], "cell": self.cn_cell, "flipped": self.cn_flipped},
            "urna": [CARD_ID[c] for c in self.pile],
            "payment": None, "change": None, "levy": None, "protection": None, "vote": None,
            "last_vote": self.last_vote, "max_turns": self.max_turns or None,
            "max_steps": self.max_steps or None,
            "result": self._result.to_json() if self._result else None,
        }
        if self.pay_payer >= 0:
            out["payment"] = {"payer": self.pay_payer, "payee": self._who(self.pay_payee),
                              "due": self.pay_due, "reason": self.pay_reason}
        if self.chg_giver >= 0:
            out["change"] = {"giver": self.chg_giver, "payer": self.pay_payer,
                             "disk": TYPE_CODES[self.chg_disk],
                             "given": [TYPE_CODES[t] for t in self.chg_got]}
        if self.levy:
            out["levy"] = {"kind": "recepta" if self.levy == LEVY_RECEPTA else "sucesiones",
                           "k": self.levy_k, "chosen": list(self.levy_chosen),
                           "target": None if self.levy_target < 0 else self.levy_target}
        if self.spain_cell >= 0:
            out["protection"] = {"protected": self.prot, "pile": len(self.pile),
                                 "spain_cell": self.spain_cell}
        if self.vote_kind:
            decl = {}
            for s in range(n):
                p = self.vote_ptr[s] if self.vote_ptr else UNDECLARED
                decl[str(s)] = None if p == UNDECLARED else ("abstiene" if p == ABSTAINS else p)
            vote: dict[str, Any] = {
                "kind": "elecciones" if self.vote_kind == VOTE_ELECTIONS else "mocion",
                "caller": self.vote_caller, "declarations": decl,
                "declaring": self.vote_order[0] if self.vote_order else None,
                "governor": self.vote_gov,
                "bids_in": [s for s in range(n) if self.bids and self.bids[s] >= 0]}
            if seat is not None and self.bids and self.bids[seat] >= 0:
                vote["my_bid"] = self.bids[seat]
            out["vote"] = vote
        return out

    def state_dict(self) -> dict[str, Any]:
        out = self.view(None)
        H = self.H
        out.update(
            layout=[None if c < 0 else CARD_ID[c] for c in self.cells], face_up=list(self.up),
            hisenda_types={TYPE_CODES[t]: self.hold[H * T + t] for t in range(T)},
            bids=list(self.bids), rng=self.rng.fingerprint(), actions=self._n_actions,
            internal={k: getattr(self, k) for k in (
                "phase", "actor", "stage", "face", "mover", "movers", "steps", "tax_queue",
                "pay_payer", "pay_payee", "pay_due", "pay_rule", "pay_ret", "pay_reason",
                "chg_giver", "chg_disk", "chg_got", "levy", "levy_k", "levy_chosen",
                "levy_target", "prot", "spain_cell", "vote_kind", "vote_caller", "vote_order",
                "vote_ptr", "vote_gov", "degree", "turn")})
        return out

    def clone(self) -> SomGame:
        g = object.__new__(SomGame)
        g.seed, g.options, g.names = self.seed, self.options, self.names
        g._initial_dice, g._setup_log = self._initial_dice, self._setup_log
        g._history, g._n_actions = self._history, self._n_actions
        g.n, g.H, g.colours, g.pic_seat, g.mode = self.n, self.H, self.colours, self.pic_seat, \
            self.mode
        g.solo, g.pm, g.types_matter, g.protect_ok = self.solo, self.pm, self.types_matter, \
            self.protect_ok
        g.part, g.ac, g.degree, g.cen_roll = self.part, self.ac, self.degree, self.cen_roll
        g.max_turns, g.max_steps, g._pre = self.max_turns, self.max_steps, self._pre
        g.opening_events = self.opening_events
        g.rng = self.rng.clone()
        g.cells, g.up, g.cit, g.pile = self.cells[:], self.up[:], self.cit[:], self.pile[:]
        g.hold, g.pd, g.cn_cell = self.hold[:], self.pd[:], self.cn_cell
        g.gh, g.turn, g.stage, g.phase, g.actor = self.gh, self.turn, self.stage, self.phase, \
            self.actor
        g.face, g.movers, g.mover, g.steps = self.face, self.movers[:], self.mover, self.steps
        g.may_stop, g.atc_active = self.may_stop, self.atc_active
        g.used_recepta, g.used_sucesiones = self.used_recepta, self.used_sucesiones
        g.tax_queue = self.tax_queue[:]
        g.pay_payer, g.pay_payee, g.pay_due = self.pay_payer, self.pay_payee, self.pay_due
        g.pay_rule, g.pay_ret, g.pay_reason = self.pay_rule, self.pay_ret, self.pay_reason
        g.chg_giver, g.chg_disk, g.chg_got = self.chg_giver, self.chg_disk, self.chg_got[:]
        g.levy, g.levy_k, g.levy_chosen = self.levy, self.levy_k, self.levy_chosen[:]
        g.levy_target, g.prot, g.spain_cell = self.levy_target, self.prot, self.spain_cell
        g.vote_kind, g.vote_caller, g.vote_gov = self.vote_kind, self.vote_caller, self.vote_gov
        g.vote_order, g.vote_ptr, g.bids = self.vote_order[:], self.vote_ptr[:], self.bids[:]
        g.last_vote, g._result = self.last_vote, self._result
        g.cn_flipped, g.hisenda_flipped = self.cn_flipped, self.hisenda_flipped
        g._legal = self._legal
        return g

    def determinize(self, seat: int | None, seed: int) -> SomGame:
        """Redraw what ``seat`` cannot see: which face-down card lies in which face-down cell,
        the generator's future draws (Hisenda's types when it pays, refills, the die), and
        the other seats' bids not yet revealed (SOM-19.7, G28)."""
        g = self.clone()
        rng = random.Random(seed)
        down = [c for c in range(NC) if g.cells[c] >= 0 and not g.up[c]]
        ids = [g.cells[c] for c in down]
        rng.shuffle(ids)
        for c, card in zip(down, ids, strict=True):
            g.cells[c] = card
        if g.phase == PH_BID:
            for s in range(g.n):
                if s != seat and g.bids[s] >= 0:
                    g.bids[s] = rng.randint(0, g.pd[s])
        g.rng = GameRandom(rng.getrandbits(32))
        g._legal = None
        return g

    # ----- invariants (tests; not in the hot path) ----------------------------------------
    def _check_invariants(self) -> None:
        """SOM-19.1–19.6: raise AssertionError when the state breaks one."""
        n, h = self.n, self.hold
        for t in range(T):
            held = sum(h[o * T + t] for o in range(n + 1))
            assert held == TYPE_COUNTS[t], f"{TYPE_CODES[t]}: {held} disks, not {TYPE_COUNTS[t]}"
            assert all(h[o * T + t] >= 0 for o in range(n + 1)), "negative disk count"
        assert sum(self.value(o) for o in range(n + 1)) == 36, "money is not 36 €"   # SOM-19.1
        assert sum(self.pd) == C.pd_total and min(self.pd) >= 0, f"PDs {self.pd}"     # 19.2
        on_map = [c for c in self.cells if c >= 0]
        assert sorted(on_map + self.pile) == list(range(NC)), "cards lost"           # 19.3
        assert len(self.pile) <= C.urna_for_consulta and \
            all(FLAG[c] == FLAG_URNA for c in self.pile), "urna pile"                  # 19.4
        assert all(self.cells[c] >= 0 for c in self.cit), "citizen on an empty cell"  # 19.5
        assert 0 <= self.gh < n, "GH"                                                  # 19.6
        assert self.cells[self.cn_cell] == CN_CARD and self.up[self.cn_cell], "CN"
        assert not any(self.up[c] and (self.cells[c] < 0 or FLAG[self.cells[c]] == FLAG_URNA)
                       for c in range(NC)), "face-up empty cell or urna card on the map"

    # ----- arranging a position (tests, teaching) -----------------------------------------
    def _arrange(self, setup: dict[str, Any]) -> None:
        """Keys (all optional): ``cells`` {cell: card id} (the card is swapped in, with its
        face state), ``pile`` [urna ids] (taken off the map into the urna pile, their cells
        empty), ``face_up`` [cells] or {cell: bool}, ``citizens`` {seat: cell} (default: all
        on CN), ``disks`` {seat: {type: n} or [types]}, ``hisenda`` {type: n} (default: the
        rest), ``pd`` {seat: n}, ``pd_cn`` n (default: the rest of 12), ``gh`` seat, ``turn``
        turns already played, ``phase`` tributacion (default) | transferencia | cohesion |
        accion, ``face`` 1–6 (with cohesion / accion). The turn then starts afresh at that
        phase. All or nothing: a bad arrangement raises InvalidOption and changes nothing."""
        trial = self.clone()
        trial._arrange_in_place(setup)
        for name in _PLAIN_SLOTS + SomGame._LISTS + ("rng",):
            setattr(self, name, getattr(trial, name))

    def _arrange_in_place(self, setup: dict[str, Any]) -> None:
        n, H = self.n, self.H
        known = {"cells", "pile", "face_up", "citizens", "disks", "hisenda", "pd", "pd_cn",
                 "gh", "turn", "phase", "face"}
        unknown = set(setup) - known
        if unknown:
            raise InvalidOption(f"som: unknown arrangement {sorted(unknown)}; allowed: "
                                f"{sorted(known)}")

        def seat(x: Any) -> int:
            try:
                x = int(x)
            except (TypeError, ValueError):
                raise InvalidOption(f"som: {x!r} is not a seat") from None
            if not 0 <= x < n:
                raise InvalidOption(f"som: seat {x} does not exist (0 to {n - 1})")
            return x

        def card(x: Any) -> int:
            if x not in C.card_index:
                raise InvalidOption(f"som: {x!r} is not a card id; ids: "
                                    f"{', '.join(CARD_ID)}")
            return C.card_index[x]

        def type_counts(x: Any, what: str) -> list[int]:
            counts = [0] * T
            items = x.items() if isinstance(x, dict) else ((t, 1) for t in x) \
                if isinstance(x, list) else None
            if items is None:
                raise InvalidOption(f"som: {what} must be {{type: count}} or [types]")
            for code, k in items:
                if code not in TYPE_CODES:
                    raise InvalidOption(f"som: {what}: {code!r} is not a disk type; types: "
                                        f"{', '.join(TYPE_CODES)}")
                if not isinstance(k, int) or k < 0:
                    raise InvalidOption(f"som: {what}: count of {code} must be >= 0")
                counts[TYPE_CODES.index(code)] += k
            return counts

        self.hold = list(self._pre)                 # before the first turn's taxes
        self._result = None
        self.cn_flipped = self.hisenda_flipped = False
        cells, up = self.cells, self.up
        for k, cid in (setup.get("cells") or {}).items():
            c, x = cell_of(k), card(cid)
            if x in self.pile:
                raise InvalidOption(f"som: card {cid} is in the urna pile")
            d = cells.index(x)
            cells[c], cells[d] = cells[d], cells[c]
            up[c], up[d] = up[d], up[c]
        if "pile" in setup:
            new = [card(x) for x in setup["pile"]]
            if len(set(new)) != len(new) or any(FLAG[x] != FLAG_URNA for x in new) or \
                    len(new) >= C.urna_for_consulta or not set(self.pile) <= set(new):
                raise InvalidOption(f"som: pile must list distinct urna cards (fewer than "
                                    f"{C.urna_for_consulta}), including those already there")
            for x in new:
                if x in cells:
                    d = cells.index(x)
                    cells[d], up[d] = -1, False
            self.pile = new
        fu = setup.get("face_up") or {}
        for k, v in (fu.items() if isinstance(fu, dict) else ((c, True) for c in fu)):
            c = cell_of(k)
            if cells[c] < 0:
                raise InvalidOption(f"som: cell {c} is empty")
            if FLAG[cells[c]] == FLAG_URNA and v:
                raise InvalidOption("som: an urna card is never face up on the map (SOM-11.4)")
            up[c] = bool(v)
        self.cn_cell = cells.index(CN_CARD)
        if not up[self.cn_cell]:
            raise InvalidOption("som: Concentració nacional is always face up (SOM-2.7)")
        self.cit = [self.cn_cell] * n
        for k, v in (setup.get("citizens") or {}).items():
            c = cell_of(v)
            if cells[c] < 0:
                raise InvalidOption(f"som: citizen {k} cannot stand on empty cell {c}")
            self.cit[seat(k)] = c
        given = {seat(k): type_counts(v, f"disks of seat {k}")
                 for k, v in (setup.get("disks") or {}).items()}
        for s, counts in given.items():
            self.hold[s * T:(s + 1) * T] = counts
        if "hisenda" in setup:
            self.hold[H * T:(H + 1) * T] = type_counts(setup["hisenda"], "hisenda")
        else:
            for t in range(T):
                self.hold[H * T + t] = TYPE_COUNTS[t] - sum(self.hold[s * T + t]
                                                            for s in range(n))
        for t in range(T):
            if sum(self.hold[o * T + t] for o in range(n + 1)) != TYPE_COUNTS[t] or \
                    self.hold[H * T + t] < 0:
                raise InvalidOption(f"som: there are {TYPE_COUNTS[t]} {TYPE_CODES[t]} disks in "
                                    f"all (SOM-1.9, 1.10); the arrangement does not add up")
        self._pre = tuple(self.hold)                # a later arrange() starts from here
        for k, v in (setup.get("pd") or {}).items():
            if not isinstance(v, int) or v < 0:
                raise InvalidOption("som: pd counts must be whole numbers >= 0")
            self.pd[seat(k)] = v
        self.pd[H] = setup.get("pd_cn", C.pd_total - sum(self.pd[:n]))
        if not isinstance(self.pd[H], int) or self.pd[H] < 0 or sum(self.pd) != C.pd_total:
            raise InvalidOption(f"som: there are {C.pd_total} participation disks in all "
                                f"(SOM-1.11); the arrangement does not add up")
        if "gh" in setup:
            self.gh = seat(setup["gh"])
        if "turn" in setup:
            t = setup["turn"]
            if not isinstance(t, int) or t < 0:
                raise InvalidOption("som: turn must be a whole number >= 0")
            self.turn = t
        phase = setup.get("phase", "tributacion")
        face = setup.get("face")
        if face is not None and not (isinstance(face, int) and 1 <= face <= 6):
            raise InvalidOption("som: face must be 1 to 6")
        if phase in ("cohesion", "accion") and face is None:
            raise InvalidOption(f"som: phase {phase} needs the kept die face (face 1–6)")
        if face is not None and not self.solo and C.faces[face - 1][1] >= 0 and \
                self.pic_seat[face - 1] < 0:
            raise InvalidOption(f"som: face {face} shows a colour not in play (SOM-17.2)")
        self._legal = None
        ev: list[Event] = []
        if phase == "tributacion":
            self._begin_turn(ev)
        elif phase in ("transferencia", "cohesion", "accion"):
            self._reset_turn()
            self.atc_active = self._atc_up()
            if phase == "transferencia":
                self.stage = 2
                self._set(PH_ROLL, self.gh)
            elif phase == "cohesion":
                if self.solo:
                    raise InvalidOption("som: there is no phase 3 in a solo game (SOM-9.10)")
                self.face, self.stage = face, 3
                self._set(PH_COHESION, self.gh)
            else:
                self.face = face
                self._begin_action(ev)
        else:
            raise InvalidOption(f"som: phase must be tributacion, transferencia, cohesion or "
                                f"accion; got {phase!r}")
        try:
            self._check_invariants()
        except AssertionError as exc:
            raise InvalidOption(f"som: arrangement breaks an invariant: {exc}") from None


_PLAIN_SLOTS = tuple(s for s in SomGame.__slots__ if s not in SomGame._LISTS and s != "rng")


def _card_view(card: int) -> dict[str, Any]:
    c = C.cards[card]
    d: dict[str, Any] = {"id": c.id, "name": c.name, "name_ca": c.name_ca, "name_en": c.name_en,
                         "flag": FLAG_CODES[c.flag]}
    if c.symbol:
        d["symbol"] = c.symbol
    return d
