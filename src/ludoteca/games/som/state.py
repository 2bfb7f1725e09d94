"""«Som el que decidim!» as a state machine (engine brief: docs/rules/som_engine_notes.md).

A turn: P1 tributación (payers in rotation, GH last) → P2 transferencia (``tirar``) → P3 cohesión
social (gifts and mode B exchanges) → P4 acción ciudadana (movers step over the map; card
effects) → end of turn. Sub-decisions (paying with which disk, giving change, levies, interior
protection, Sufragi universal, declarations, secret bids) interrupt the flow and resume it.

State is flat lists of ints: ``cells[37]`` card index or -1 (empty), ``up[37]`` face up,
``hold[(n+1)*10]`` disks by owner × type (owner ``n`` = Hisenda espanyola), ``pd[n+1]``
participation disks (``pd[n]`` = Concentració nacional). Every event carries the SOM rule ID
that produced it.

This module holds the core of :class:`SomGame`: its slots, setup, the public protocol, the
dispatch of actions and the flow of a turn. The rest lives in mixins, one job each:
``options`` (reading options), ``payments`` (taxes, payments, change), ``cohesion`` (phase 3),
``movement`` (phase 4 and levies), ``spain`` (the Spain event), ``votes`` (mode C),
``views`` (looking, determinize, invariants) and ``arrange`` (arranging a position).
Shared tables and codes are in ``common``; they are re-exported here.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.content_option import record_value
from ludoteca.core.errors import InvalidOption
from ludoteca.core.events import Event
from ludoteca.core.game import Game
from ludoteca.core.result import Result

from . import actions as A
from .arrange import ArrangeMixin
from .chance import SAME_AS_LIBRARY as _INLINE_DRAWS
from .chance import game_random, game_shuffle, randbelow, take_disk
from .cohesion import CohesionMixin
from .common import (
    _K_ABSTAIN,
    _K_AMOUNT,
    _K_BID,
    _K_CHANGE,
    _K_COLLECT,
    _K_DECLINE,
    _K_ELECT,
    _K_END,
    _K_GIVE,
    _K_GOV,
    _K_MOTION,
    _K_MOVE,
    _K_NOLEVY,
    _K_PAY,
    _K_PROTECT,
    _K_RECEPTA,
    _K_ROLL,
    _K_STOP,
    _K_SUC,
    _K_SUPPORT,
    _K_SWAP,
    _N2,
    ABSTAINS,
    BOMBEROS,
    DEGREES,
    DISPATCH,
    FIRST_OF_VALUE,
    JUSTICIA,
    LEVY_NONE,
    LEVY_PER_TARGET,
    LEVY_RECEPTA,
    LEVY_SUCESIONES,
    MOSSOS,
    NC,
    ONES,
    PD_TOTAL,
    PH_BID,
    PH_CHANGE,
    PH_COBRO,
    PH_COHESION,
    PH_DECLARE,
    PH_GOVERNOR,
    PH_MOVE,
    PH_OVER,
    PH_PAY,
    PH_PROTECT,
    PH_ROLL,
    PH_SUFRAGIO,
    PHASE_NAMES,
    RET_ELECTION,
    RET_GIVEBACK,
    RET_RECEPTA,
    RET_SUCESIONES,
    RET_TAX,
    SANIDAD,
    STAGE_NAMES,
    TWOS,
    TYPE_CODES,
    UNDECLARED,
    VAL,
    VOTE_ELECTIONS,
    VOTE_MOTION,
    VOTE_NONE,
    Events,
    T,
    cell_of,
    event,
)
from .content import Content
from .movement import MovementMixin
from .options import CENTRALISM_CHOICES, DEFAULT_MAX_TURNS, MODES, OptionsMixin
from .payments import PaymentsMixin
from .spain import SpainMixin
from .tables import tables_from_option
from .views import ViewsMixin
from .votes import VotesMixin

_ALL_TYPES = range(T)
assert PH_BID + 1 == PH_OVER == len(PHASE_NAMES) - 1     # legal_actions: ``ph >= PH_BID``
_MOVE_A, _A_STOP = A.MOVE_A, A.A_STOP
_ROLL_ONLY = (A.A_ROLL,)
#: ``(seat,)`` for each seat (index −1: the ``(-1,)`` of no actor): ``to_move`` makes no tuple
_ONE = ((0,), (1,), (2,), (3,), (-1,))
#: by a content's tables: each cell's moves to its neighbours (``legal_actions`` hands out a
#: copy when no cell is empty); filled on first use
_NEIGH_MOVES: dict[Any, tuple[tuple[Action, ...], ...]] = {}


def _neigh_moves(K: Any) -> tuple[tuple[Action, ...], ...]:
    """``K``'s moves by cell: ``mover c`` for each neighbour ``c`` of the cell, in order."""
    got = _NEIGH_MOVES.get(K)
    if got is None:
        if len(_NEIGH_MOVES) >= 64:
            _NEIGH_MOVES.clear()
        got = _NEIGH_MOVES[K] = tuple(tuple(_MOVE_A[c] for c in nb) for nb in K.NEIGH)
    return got


#: the tax payers' order by players and GH (SOM-7.8, G9): the others in rotation, the GH last
_TAX_ORDER = tuple(tuple(tuple([(gh + i) % n for i in range(1, n)] + [gh]) for gh in range(n))
                   for n in range(1 + A.N_SEATS))


_POOLS: dict[tuple[int, ...], tuple[list[int], list[int]]] = {}
_PLANS: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = {}


def _pools(counts: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Hisenda's disks of 2 € and of 1 € (``counts``: its disks by type), one entry per disk
    in type order: the r-th of a value is the type that ``take_disk``'s draw r of that value
    ends on (its walk over the counts). Remembered per ``counts`` (read only: copy them)."""
    got = _POOLS.get(counts)
    if got is None:
        if len(_POOLS) >= 64:
            _POOLS.clear()
        got = _POOLS[counts] = tuple([t for t in range(first, first + _N2)
                                      for _ in range(counts[t])] for first in (0, _N2))
    return got


def _deal_plan(n: int, n2: int, n1: int) -> tuple[tuple[int, int], ...]:
    """The setup's draws in order (SOM-2.2–2.4): per seat, ``n2`` of 2 € then ``n1`` of
    1 €; each as (the seat's first index in ``hold``, the value)."""
    key = (n, n2, n1)
    got = _PLANS.get(key)
    if got is None:
        if len(_PLANS) >= 64:
            _PLANS.clear()
        got = _PLANS[key] = tuple((s * T, value) for s in range(n)
                                  for times, value in ((n2, 2), (n1, 1)) for _ in range(times))
    return got


_SIZED: dict[tuple[int, int, int, int, int], tuple[tuple[int, int, int, int], ...]] = {}


def _sized_plan(n: int, n2: int, n1: int, m2: int,
                m1: int) -> tuple[tuple[int, int, int, int], ...]:
    """``_deal_plan(n, n2, n1)`` for pools of ``m2`` disks of 2 € and ``m1`` of 1 €: each
    draw with the size of its value's pool then (0: run out) and the bits of a draw below
    it."""
    key = (n, n2, n1, m2, m1)
    got = _SIZED.get(key)
    if got is None:
        if len(_SIZED) >= 64:
            _SIZED.clear()
        left = {2: m2, 1: m1}
        out = []
        for b, value in _deal_plan(n, n2, n1):
            m = left[value]
            out.append((b, value, m, m.bit_length()))
            left[value] = max(0, m - 1)
        got = _SIZED[key] = tuple(out)
    return got


class SomGame(OptionsMixin, PaymentsMixin, CohesionMixin, MovementMixin, SpainMixin,
              VotesMixin, ViewsMixin, ArrangeMixin, Game):
    """A game of «Som el que decidim!». Seats 0..n−1; cells 0..36 row by row (G2)."""

    game_id = "som"
    num_distinct_actions = A.NUM_DISTINCT_ACTIONS
    all_actions = A.ALL_ACTIONS
    _action_ids = A.ACTION_ID

    __slots__ = (
        "seed", "options", "names", "_initial_dice", "_setup_log", "_history", "_n_actions",
        # configuration (immutable, shared by clones); K: the tables of the game's content
        "K", "n", "H", "colours", "pic_seat", "mode", "solo", "pm", "types_matter", "protect_ok",
        "part", "ac", "degree", "cen_roll", "max_turns", "max_steps", "_pre",
        # board, money, participation
        "rng", "cells", "up", "deal", "deals", "cit", "pile", "hold", "pd", "cn_cell",
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
        "_result", "cn_flipped", "hisenda_flipped", "_legal", "_down", "_quiet",
        # ``Game.is_over`` as a plain attribute (read at every step): ``phase == PH_OVER``,
        # set where the phase becomes PH_OVER (``_finish``) and where a game is made
        "is_over",
    )

    # ----- setup --------------------------------------------------------------------------
    def __init__(self, names: tuple[str, ...], seed: int, options: dict[str, Any],
                 dice: tuple[int, ...] = ()) -> None:
        self.K = K = tables_from_option(options.get("content"))         # ContentError
        C = K.C
        for d in dice:
            if not (isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6):
                raise InvalidOption(f"som: forced dice must be faces 1 to 6; got {d!r}")
        n = len(names)
        self.names, self.seed, self.options = names, seed, options
        self._initial_dice, self._setup_log = tuple(dice), ()
        self._history, self._n_actions = None, 0
        self.n, self.H = n, n
        self._read_options(options)
        self.rng = game_random(seed, dice)
        H = n
        # disks: all on Hisenda, then each player is dealt 2 × 2 € + 2 × 1 € (solo 2 + 4)
        self.hold = h = [0] * (H * T) + list(K.TYPE_COUNTS)               # SOM-2.11
        n2, n1 = (C.solo_2, C.solo_1) if self.solo else (C.setup_2, C.setup_1)
        self._deal_disks(h, n, n2, n1)                                   # SOM-2.2–2.4, G6
        # the map: 37 cards shuffled into the cells, CN face up (SOM-2.6, SOM-2.7)
        deck = list(range(NC))
        game_shuffle(self.rng, deck)
        self.cells = deck
        self.up = [False] * NC
        self.cn_cell = deck.index(K.CN_CARD)
        self.up[self.cn_cell] = True
        self.deal, self.deals = [0] * NC, 0        # which deal put each cell's card there
        swap = options.get("concentracio_cell")
        if swap is not None:                                              # SOM-2.8
            k = cell_of(swap, K.RC)
            if k != self.cn_cell:
                old = self.cn_cell
                self.cells[k], self.cells[old] = self.cells[old], self.cells[k]
                self.up[k], self.up[old] = True, False
                self.cn_cell = k
        self.pile: list[int] = []
        self.cit = [self.cn_cell] * n                                     # SOM-2.9
        self.pd = [0] * n + [PD_TOTAL]                                    # SOM-2.10
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
        self.is_over = False
        self.cn_flipped = self.hisenda_flipped = False
        self._pre = tuple(self.hold)
        self._legal: list[Action] | tuple[Action, ...] | None = None
        self._down = None                  # views._deal_groups remembers the deals here
        self._quiet = False                # quiet(): actions make no events
        opening: list[Event] = []
        if self.cen_roll:                                                 # SOM-3.2, 3.3
            opening.append(event("centralismo", "SOM-3.3", {
                "player": self.gh, "face": self.cen_roll,
                "number": C.faces[self.cen_roll - 1][0], "degree": DEGREES[self.degree]}))
        self._begin_turn(opening)
        self.opening_events = tuple(opening)

    def _deal_disks(self, h: list[int], n: int, n2: int, n1: int) -> None:
        """Deal each seat ``n2`` disks of 2 € and ``n1`` of 1 € from Hisenda, seat by seat:
        ``_draw(H, 2)`` ``n2`` times, then ``_draw(H, 1)`` ``n1`` times, written out (the same
        draws, without a call per disk; ``_draw`` itself where a value has run out)."""
        H = n
        o = H * T
        if not _INLINE_DRAWS:
            for b, value in _deal_plan(n, n2, n1):
                h[b + self._draw(H, value)] += 1
            return
        getrandbits = self.rng._own().getrandbits
        pools = [pool[:] for pool in _pools(tuple(h[o:o + T]))]
        for b, value, m, k in _sized_plan(n, n2, n1, len(pools[0]), len(pools[1])):
            pool = pools[value & 1]             # (2 € → 0, 1 € → 1)
            if not m:                           # (``_draw`` raises)
                h[b + self._draw(H, value)] += 1
                continue
            r = getrandbits(k)                  # randbelow(m), as ``take_disk`` draws it
            while r >= m:
                r = getrandbits(k)
            t = pool.pop(r)                     # the type ``take_disk``'s walk ends on
            h[o + t] -= 1
            h[b + t] += 1

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

    @property
    def C(self) -> Content:
        """The game's content (the shipped file or the one given with option ``content``)."""
        return self.K.C

    def record_options(self) -> dict[str, Any]:
        opts = dict(self.options)
        K = self.K
        if not K.is_default:            # embed the file so the record replays anywhere
            opts["content"] = record_value(K.origin, K.text)
        return opts

    # ----- small helpers ------------------------------------------------------------------
    def value(self, owner: int) -> int:
        h, b = self.hold, owner * T
        return 2 * (h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]) + \
            h[b + 5] + h[b + 6] + h[b + 7] + h[b + 8] + h[b + 9]

    def count(self, owner: int, value: int) -> int:
        """How many disks of ``value`` (2 or 1 €) ``owner`` holds (types 0–4 are the 2 €
        ones, 5–9 the 1 € ones)."""
        b = owner * T + (0 if value == 2 else _N2)
        return sum(self.hold[b:b + _N2])

    def disks(self, owner: int) -> int:
        b = owner * T
        return sum(self.hold[b:b + T])

    def _draw(self, owner: int, value: int) -> int:
        """Take one disk of ``value`` from ``owner`` uniformly at random (SOM-14.8): its type."""
        h = self.hold
        o = owner * T
        i = o if value == 2 else o + _N2                  # the value's first type (5 of each)
        n = h[i] + h[i + 1] + h[i + 2] + h[i + 3] + h[i + 4]
        if _INLINE_DRAWS and n > 0:                       # randbelow(self.rng, n), inline
            return take_disk(h, i, self.rng._own().getrandbits) - o
        r = randbelow(self.rng, n) - h[i]
        while r >= 0:                                     # r < the total: ends on a held type
            i += 1
            r -= h[i]
        h[i] -= 1
        return i - o

    def _move(self, t: int, src: int, dst: int) -> None:
        self.hold[src * T + t] -= 1
        self.hold[dst * T + t] += 1

    def _set(self, phase: int, actor: int) -> None:
        self.phase, self.actor = phase, actor

    def _atc_up(self) -> bool:
        cells, atc = self.cells, self.K.ATC_CARD
        return atc in cells and self.up[cells.index(atc)]

    def _who(self, owner: int) -> int | None:
        return None if owner == self.H else owner

    def _types(self, owner: int, kinds: tuple[int, ...] | range = _ALL_TYPES) -> list[int]:
        """Types ``owner`` holds among ``kinds`` (one per value when types have no effect)."""
        h, b = self.hold, owner * T
        if self.types_matter:
            return [t for t in kinds if h[b + t]]
        out = []                                 # SOM-14.11: the first held type of each value
        if kinds is _ALL_TYPES or kinds == TWOS + ONES:
            for t in TWOS:
                if h[b + t]:
                    out.append(t)
                    break
            for t in ONES:
                if h[b + t]:
                    out.append(t)
                    break
            return out
        last = 0
        for t in kinds:
            if h[b + t] and VAL[t] != last:
                out.append(t)
                last = VAL[t]
        return out

    # ----- the public protocol ------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        ph = self.phase
        if ph < PH_BID:                        # one seat decides (PH_BID, PH_OVER: the last)
            return _ONE[self.actor]
        if ph == PH_OVER:
            return ()
        return tuple(s for s in range(self.n) if self.bids[s] < 0)

    def is_secret_choice(self, seat: int) -> bool:
        """A bid in the fist (SOM-16.9) is secret until the reveal."""
        return self.phase == PH_BID and seat in self.to_move

    @property
    def result(self) -> Result | None:
        return self._result

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        legal = self._legal                    # remembered: never when over or bidding
        if legal is None:
            ph = self.phase
            if ph >= PH_BID:                   # the bids and the end: the last two phases
                return self._bid_legal(seat) if ph == PH_BID else []
            if seat is not None and seat != self.actor:
                return []
            if ph == PH_MOVE:                  # the commonest first
                legal = self._move_legal()
            elif ph == PH_COHESION:
                legal = self._cohesion_legal()
            elif ph == PH_ROLL:
                legal = _ROLL_ONLY
            else:
                legal = self._compute_legal()
            # remembered as it is (a list, or a tuple shared with other states: read only)
            self._legal = legal                # the same Action objects: ``in`` hits identity
            return list(legal)
        return list(legal) if seat is None or seat == self.actor else []

    def _bid_legal(self, seat: int | None) -> list[Action]:
        """``legal_actions(seat)`` in a secret vote (SOM-16.9): never remembered."""
        if seat is None:                       # the default seat: only when one is left
            left = self.to_move
            seat = left[0] if len(left) == 1 else None
        if seat is None or not (isinstance(seat, int) and 0 <= seat < self.n) or \
                self.bids[seat] >= 0:
            return []
        return A.BID_A[:self.pd[seat] + 1]

    def _ready(self, seat: int) -> list[Action] | None:
        """The remembered list when ``seat`` must act now (``Game.apply``'s quick path): the
        list is only remembered outside the bids and the end (whose actor is −1)."""
        if seat == self.actor:
            return self._legal                  # None when not yet computed
        return None

    def _legal_now(self, seat: int) -> list[Action]:
        """The remembered list itself, for ``Game.apply`` and the bots to read (no copy);
        worked out and remembered here when not yet (as ``legal_actions`` would)."""
        legal = self._legal
        if seat != self.actor or self.phase >= PH_BID:
            return self.legal_actions(seat)     # (the bids and the end: never remembered)
        if legal is None:
            legal = self._legal = self._move_legal() if self.phase == PH_MOVE else \
                self._compute_legal()
        return legal

    def _move_legal(self) -> list[Action]:
        """The mover's steps to the neighbouring cells with a card, and ``parar`` when he
        may stop (SOM-10.5, 11.2)."""
        here = self.cit[self.mover]
        if self.pile:                           # an empty cell (as many as urna cards, 19.3)
            cells, move_a = self.cells, _MOVE_A
            out = [move_a[c] for c in self.K.NEIGH[here] if cells[c] >= 0]
        else:                                   # every neighbour: a copy of the cell's list
            K = self.K
            moves = _NEIGH_MOVES.get(K)
            out = list((_neigh_moves(K) if moves is None else moves)[here])
        if self.may_stop:
            out.append(_A_STOP)
        return out

    def _compute_legal(self) -> list[Action]:
        ph = self.phase
        if ph == PH_MOVE:                       # the commonest first
            return self._move_legal()
        if ph == PH_COHESION:
            return self._cohesion_legal()
        if ph == PH_ROLL:
            return [A.A_ROLL]
        if ph == PH_PAY:
            pay_a = A.PAY_A
            return [pay_a[t] for t in self._pay_options()]
        if ph == PH_CHANGE:
            return [A.CHANGE_A[t] for t in self._types(self.chg_giver, ONES)]
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
        K = self.K
        return A.parse(text, self.colours, K.COLOUR_WORDS, K.RC)

    def _explain_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        from .text import explain_illegal
        return explain_illegal(self, action, seat)

    def describe(self, event: Event, lang: str = "es") -> str:
        from .text import describe
        return describe(self, event, lang)

    # ----- carrying out an action ---------------------------------------------------------
    def quiet(self) -> None:
        """From now on (and in its clones) carry out actions without making their events:
        ``apply`` returns an empty list. For a search's own worlds, whose events nobody
        reads (an event costs more than many a move); play is the same to the last draw."""
        self._quiet = True

    def apply_legal(self, action: Action, seat: int) -> list[Event]:
        """``Game.apply_legal`` (no checks) with ``_apply`` inlined: the record keeping is
        core's (the history pair and the action count), kept in step by the golden records."""
        self._legal = self._down = None
        ev: Events = None if self._quiet else []
        kind, p = DISPATCH[action.name]
        if kind == _K_MOVE:                    # as ``_apply``
            self._step(action.arg, ev)
        elif kind == _K_ROLL:
            self._roll(ev)
        elif kind == _K_GIVE:
            self._give(p, action.arg, ev)
        elif kind == _K_END:
            if ev is not None:
                ev.append(event("fin_cohesion", "SOM-9.1", {"player": self.gh}))
            self._begin_action(ev)
        else:
            self._apply_other(kind, p, action.arg, seat, ev)
        self._history = ((seat, action._text), self._history)
        self._n_actions += 1
        return [] if ev is None else ev

    def _apply_other(self, kind: int, p: int, arg: int | None, seat: int,
                     ev: Events) -> None:
        """``_apply``'s handlers after the four commonest (``apply_legal`` inlines those)."""
        if kind == _K_PAY:
            if not self._pay_with(p, ev):
                self._pay_continue(ev)
        elif kind == _K_STOP:
            if ev is not None:
                ev.append(event("parar", "SOM-11.2", {"player": self.mover,
                                                       "cell": self.cit[self.mover]}))
            self._mover_done(ev)
        else:
            self._apply_rare(kind, p, arg, seat, ev)

    def _apply(self, action: Action, seat: int) -> list[Event]:
        self._legal = self._down = None        # (nothing below reads the remembered lists)
        ev: Events = None if self._quiet else []
        kind, p = DISPATCH[action.name]
        if kind == _K_MOVE:                    # the handlers by how often random play meets
            self._step(action.arg, ev)         # them: steps, rolls, gifts, ends of cohesion
        elif kind == _K_ROLL:
            self._roll(ev)
        elif kind == _K_GIVE:
            self._give(p, action.arg, ev)
        elif kind == _K_END:
            if ev is not None:
                ev.append(event("fin_cohesion", "SOM-9.1", {"player": self.gh}))
            self._begin_action(ev)
        else:
            self._apply_other(kind, p, action.arg, seat, ev)
        return [] if ev is None else ev

    def _apply_rare(self, kind: int, p: int, arg: int | None, seat: int,
                    ev: Events) -> None:
        """The handlers of ``_apply`` that random play meets seldom."""
        if kind == _K_CHANGE:
            self._move(p, self.chg_giver, self.pay_payer)
            self.chg_got.append(p)
            if not self._change_continue(ev):
                self._pay_continue(ev)
        elif kind == _K_SWAP:
            self._swap(p, arg, ev)
        elif kind == _K_BID:
            self.bids[seat] = arg
            if ev is not None:                  # the amount stays secret
                ev.append(event("puja", "SOM-16.9", {"player": seat}))
            if min(self.bids) >= 0:
                self._reveal(ev)
        elif kind == _K_SUPPORT:
            self._declare(seat, arg, ev)
        elif kind == _K_ABSTAIN:
            self._declare(seat, ABSTAINS, ev)
        elif kind == _K_GOV:
            self.vote_gov = arg
            if ev is not None:
                ev.append(event("gobernador", "SOM-16.20", {"player": self.vote_caller,
                                                             "governor": arg}))
            self._start_bids(ev)
        elif kind == _K_RECEPTA:
            self.levy_chosen.append(arg)
            if ev is not None:
                ev.append(event("recepta", "SOM-15.5", {"player": self.gh, "target": arg}))
            self._start_payment(arg, self.gh, LEVY_PER_TARGET, "SOM-15.5", RET_RECEPTA,
                                "recepta", ev)
        elif kind == _K_SUC:
            self.levy_target = arg
            if ev is not None:
                ev.append(event("sucesiones", "SOM-15.2", {"player": self.gh, "target": arg,
                                                           "max": self._succession_max(arg)}))
        elif kind == _K_AMOUNT:
            if ev is not None:
                ev.append(event("importe", "SOM-15.2", {"player": self.gh,
                                                        "target": self.levy_target, "amount": arg}))
            self._start_payment(self.levy_target, self.gh, arg, "SOM-15.4", RET_SUCESIONES,
                                "sucesiones", ev)
        elif kind == _K_NOLEVY:
            if ev is not None:
                ev.append(event("no_cobrar", "SOM-15.5" if self.levy == LEVY_RECEPTA
                                else "SOM-15.2", {"player": self.gh}))
            self._end_levy(ev)
        elif kind == _K_PROTECT:
            self._move(p, arg, self.H)
            self.prot += 1
            if ev is not None:
                ev.append(event("proteccion", "SOM-15.17", {
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
            if ev is not None:
                ev.append(event("mocion", "SOM-16.18", {"player": seat, "gh": self.gh}))
            self._start_declare(ev)
        elif kind == _K_DECLINE:
            if ev is not None:
                ev.append(event("declina", "SOM-16.5", {"player": seat}))
            self._end_turn(ev, None)

    # ----- phase 1: taxation (SOM-7.x, 18.4–18.5) -----------------------------------------
    def _begin_turn(self, ev: Events) -> None:
        self._reset_turn()
        try:                                                              # SOM-7.4, G18
            atc = self.up[self.cells.index(self.K.ATC_CARD)]
        except ValueError:
            atc = False
        self.atc_active = atc
        gh = self.gh
        if ev is not None:
            ev.append(event("turno", "SOM-6.1", {"player": gh, "turn": self.turn + 1,
                                                 "atc": atc}))
        self.tax_queue = [0] if self.solo else list(_TAX_ORDER[self.n][gh])  # SOM-7.8, G9
        self._next_tax(ev)


    # ----- phase 2: transfer (SOM-8.x, 17.2, 18.6) ----------------------------------------
    def _roll(self, ev: Events) -> None:
        gh, K, rng = self.gh, self.K, self.rng
        # rng.die(6), inline (a forced roll first)
        face = rng._forced.pop() if rng._forced else int(rng._own().random() * 6) + 1
        if not self.solo:
            pic_seat, face_pic = self.pic_seat, K.FACE_PIC
            while face_pic[face] >= 0 and pic_seat[face - 1] < 0:          # SOM-17.2
                if ev is not None:
                    ev.append(event("repetir_tirada", "SOM-17.2", {
                        "player": gh, "face": face, "picture": K.FACE_PICTURE[face]}))
                face = rng.die(6)
        self.face = face
        number = K.FACE_NUMBER[face]
        if ev is not None:
            ev.append(event("tirada", "SOM-8.1", {"player": gh, "face": face, "number": number,
                                                  "picture": K.FACE_PICTURE[face]}))
        if number:
            h, b = self.hold, self.H * T                                  # self.value(H)
            hv = 2 * (h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]) + \
                h[b + 5] + h[b + 6] + h[b + 7] + h[b + 8] + h[b + 9]
            if hv < number:                                               # SOM-8.7
                if ev is not None:
                    ev.append(event("dui", "SOM-8.7", {"player": gh, "due": number,
                                                       "hisenda": hv}))
                self._finish("dui", ev, causer=gh)
                return
            got, _ = self._hisenda_pays(gh, number)
            if ev is not None:
                ev.append(event("transferencia", "SOM-8.3" if number == 4 else "SOM-8.4", {
                    "player": gh, "value": number, "disks": [TYPE_CODES[t] for t in got],
                    "amount": number, "counterpart": None}))
        else:
            if ev is not None:
                ev.append(event("transferencia", "SOM-8.5", {"player": gh, "value": 0, "disks": [],
                                                             "amount": 0, "counterpart": None}))
        if self.solo:                                                     # SOM-9.10, 18.7
            self._begin_action(ev)
        else:
            self.stage, self.phase, self.actor = 3, PH_COHESION, gh

    # ----- end of turn and of game --------------------------------------------------------
    def _end_turn(self, ev: Events, nxt: int | None, rule: str = "SOM-6.5") -> None:
        self.turn += 1
        if nxt is None:
            nxt = (self.gh + 1) % self.n                                  # SOM-6.5, 18.11
        if ev is not None:
            ev.append(event("fin_turno", rule, {"player": self.gh, "next": nxt,
                                                "turn": self.turn}))
        if self.max_turns and self.turn >= self.max_turns:                # X1 (not a rule)
            if ev is not None:
                ev.append(event("limite", "SOM-4.6", {"turns": self.turn}))
            self._finish(self.K.LIMIT, ev)
            return
        self.gh = nxt
        self._begin_turn(ev)

    def _finish(self, reason: str, ev: Events, causer: int = -1, failed: int = -1) -> None:
        n = self.n
        self.phase, self.actor = PH_OVER, -1
        self.is_over = True
        self.movers, self.tax_queue = [], []
        scores = tuple(self.pd[:n])
        ids = self.K.CARD_ID
        details: dict[str, Any] = {"pile": [ids[c] for c in self.pile],
                                   "turns": self.turn + (reason != self.K.LIMIT)}
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
        if ev is not None:
            ev.append(event("fin", rule, {"reason": reason, "winners": list(winners),
                                          "scores": list(scores)}))

    # ----- copying ------------------------------------------------------------------------
    def clone(self) -> SomGame:
        g = object.__new__(SomGame)
        g.seed, g.options, g.names = self.seed, self.options, self.names
        g._initial_dice, g._setup_log = self._initial_dice, self._setup_log
        g.K = self.K
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
        g.deal, g.deals = self.deal[:], self.deals
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
        g.last_vote, g._result, g.is_over = self.last_vote, self._result, self.is_over
        g.cn_flipped, g.hisenda_flipped = self.cn_flipped, self.hisenda_flipped
        g._legal, g._down, g._quiet = self._legal, self._down, self._quiet
        return g


__all__ = [
    "ABSTAINS", "BOMBEROS", "CENTRALISM_CHOICES",
    "DEFAULT_MAX_TURNS", "DEGREES", "DISPATCH", "FIRST_OF_VALUE", "JUSTICIA",
    "LEVY_NONE", "LEVY_RECEPTA", "LEVY_SUCESIONES", "MODES", "MOSSOS", "NC", "ONES",
    "PHASE_NAMES", "PH_BID", "PH_CHANGE", "PH_COBRO", "PH_COHESION", "PH_DECLARE",
    "PH_GOVERNOR", "PH_MOVE", "PH_OVER", "PH_PAY", "PH_PROTECT", "PH_ROLL", "PH_SUFRAGIO",
    "RET_ELECTION", "RET_GIVEBACK", "RET_RECEPTA", "RET_SUCESIONES", "RET_TAX", "SANIDAD",
    "STAGE_NAMES", "T", "TWOS", "TYPE_CODES", "UNDECLARED", "VAL",
    "VOTE_ELECTIONS", "VOTE_MOTION", "VOTE_NONE", "SomGame", "cell_of",
]
