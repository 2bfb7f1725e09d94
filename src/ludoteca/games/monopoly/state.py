"""The turn flow Qytetet and Civitas share: one state object, written once.

A turn: (jail attempt →) roll and move → SALIDA money → the square's effect → buy and
manage in any order → end the turn. What the two rulebooks decide differently comes from the
game's :class:`~.ruleset.Ruleset`. Money is exact (``Decimal``) and never rounded; the
amounts a board implies (rents, sale prices, mortgages, title values and the JSON numbers
events show) are worked out once per board in ``tables.py``. The legal actions are remembered
until the state changes (``_legal``: cleared by every action and arrangement; code that edits
the state by hand clears it too). A world a search samples (``determinize``) shuffles its deck
and seeds its dice only when it first needs them, and records no events (a search reads
none): the same play at a fraction of the cost.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable
from decimal import Decimal
from functools import cache
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.errors import InvalidOption
from ludoteca.core.events import Event, new_event
from ludoteca.core.game import Game
from ludoteca.core.money import to_json_number
from ludoteca.core.result import Result, rank_by_score
from ludoteca.core.rng import GameRandom

from . import actions as A
from .actions import (
    A_BAIL,
    A_BUY,
    A_END,
    A_ROLL,
    CANCEL_A,
    HOTEL_A,
    HOUSE_A,
    MORTGAGE_A,
    SELL_A,
)
from .common import NOBODY, PHASE_JAIL, PHASE_MANAGE, PHASE_NAMES, PHASE_OVER, PHASE_ROLL
from .content import (
    ESCAPE,
    GOTO,
    JAIL,
    N_SQUARES,
    PAY,
    PER_BUILDING,
    PER_PLAYER,
    Board,
)
from .ruleset import (
    BAIL,
    JAIL_EXIT_ROLL,
    MAX_HOTELS,
    MAX_HOUSES,
    SALIDA_BONUS,
    START_BALANCE,
    Ruleset,
)
from .tables import COMBOS, HOTEL_SPAN, MoneyTables, tables_for
from .text import describe, explain_illegal

J = to_json_number
ZERO = Decimal(0)
#: the action names ``_apply`` tells apart first (module constants: read at every action)
_ROLL, _END, _BUY, _BAIL = A.ROLL, A.END, A.BUY, A.BAIL


class _WorldRandom(GameRandom):
    """A sampled world's generator (:meth:`MonopolyGame.determinize`), seeded from ``seed``
    and used at once to shuffle ``deck`` (the world's deck, in the canonical order) — both
    only when the world first draws or its deck's order is asked for (:meth:`_deal`). Many
    worlds a search samples end before any roll, and seeding a generator is most of what
    sampling one costs. The draws are the same as seeding and shuffling at once: nothing
    draws from the generator before the shuffle, and the turn flow reads the deck's order only
    after a roll (a card is drawn, or the JUEZ sends a holder of SalirCárcel back, on the
    square a roll reached)."""

    __slots__ = ("_seed", "_deck")

    def __init__(self, seed: int, deck: list[int]) -> None:
        self._rng, self._forced, self._shared = None, [], False
        self._seed, self._deck = seed, deck

    def _own(self) -> random.Random:
        if self._rng is None:
            self._deal()
        return GameRandom._own(self)

    def die(self, sides: int = 6) -> int:
        """``GameRandom.die`` (a world forces no rolls), one call shorter: a search rolls in
        most of the worlds it samples."""
        rng = self._rng
        if rng is None:
            self._deal()
            rng = self._rng
        elif self._shared:
            rng = self._own()
        return int(rng.random() * sides) + 1

    def _deal(self) -> None:
        """Seed the generator (as ``random.Random(seed)``, without its Python-level checks)
        and shuffle the deck with it."""
        if self._rng is None:
            rng = self._rng = _new_random(random.Random)
            _seed_random(rng, self._seed)
            rng.gauss_next = None
            shuffle_as_random(self._deck, rng.getrandbits)
            self._deck = None

    def clone(self) -> GameRandom:
        self._deal()                   # the twin game copies the deck once it is in order
        return GameRandom.clone(self)

    def fingerprint(self) -> str:
        self._deal()
        return GameRandom.fingerprint(self)


_new_random = random.Random.__new__
_seed_random = _random.Random.seed


def shuffle_as_random(items: list, getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle(items)`` for the generator whose ``getrandbits`` is given: the
    same swaps from the same draws (``_randbelow``'s rejection sampling, inline), at about a
    third of the cost. A search shuffles a sampled world's deck in most iterations."""
    for i, n, k in _shuffle_steps(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


@cache
def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of a shuffle of ``size`` items: the place ``i`` filled, the ``n`` choices for
    it and the bits ``k`` drawn for each try."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


class MonopolyGame(Game):
    """A Qytetet or Civitas game. Seats are 0..N−1; squares are 0..19 with SALIDA at 0."""

    num_distinct_actions = A.NUM_DISTINCT_ACTIONS
    all_actions = A.ALL_ACTIONS
    _action_ids = A.ACTION_ID
    rules: Ruleset
    board: Board

    __slots__ = (
        "seed", "options", "names", "_initial_dice", "_setup_log", "_history", "_n_actions",
        "rules", "board", "rng", "pos", "bal", "jailed", "owner", "houses", "hotels",
        "mortgage", "deck", "escape_holder", "current", "phase", "can_buy", "last_roll",
        "turns", "max_rounds", "_result", "_legal", "_recent", "_quiet", "_t", "to_move",
        "is_over",
    )

    def __init__(self, rules: Ruleset, board: Board, names: tuple[str, ...], seed: int,
                 options: dict[str, Any], dice: tuple[int, ...] = ()) -> None:
        for d in dice:
            if not (isinstance(d, int) and 1 <= d <= 6):
                raise InvalidOption(f"{rules.game_id}: forced dice must be 1 to 6; got {d!r}")
        self.rules, self.board = rules, board
        self._t: MoneyTables = tables_for(board, rules)
        self.names, self.seed, self.options = names, seed, options
        self._initial_dice, self._setup_log = tuple(dice), ()
        self._history, self._n_actions = None, 0
        self.rng = GameRandom(seed, dice)
        n = len(names)
        self.pos = [0] * n                                     # QY-1.1
        self.bal = [START_BALANCE] * n                         # QY-1.2
        self.jailed = [False] * n
        self.owner = [NOBODY] * N_SQUARES                      # QY-1.3
        self.houses = [0] * N_SQUARES
        self.hotels = [0] * N_SQUARES
        self.mortgage: list[Decimal | None] = [None] * N_SQUARES  # amount received, if any
        self.deck = list(range(len(board.cards)))              # card indices, top first
        self.rng.shuffle(self.deck)                            # G16: shuffled once
        self.escape_holder = NOBODY
        self.current = self.rng.randrange(n)                   # QY-1.4
        #: kept as plain attributes (asked at every step): set where ``current`` changes or
        #: the game ends (``_next_turn``, ``_finish``, arrangements)
        self.to_move: tuple[int, ...] = (self.current,)
        self.is_over = False
        self.phase = PHASE_ROLL
        self.can_buy = False
        self.last_roll: int | None = None
        self.turns = 0                                         # completed turns
        self.max_rounds = options.get("max_rounds") or 0       # 0: no limit
        self._result: Result | None = None
        self._legal: list[Action] | None = None
        self._recent: tuple[Event, ...] = ()
        #: a quiet game records no events (:meth:`determinize`'s worlds: a search reads none)
        self._quiet = False

    # ----- the public protocol ------------------------------------------------------------
    @property
    def game_id(self) -> str:  # type: ignore[override]
        return self.rules.game_id

    @property
    def result(self) -> Result | None:
        return self._result

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        legal = self._legal            # remembered until the state changes (None: not yet)
        if legal is not None and (seat is None or seat == self.current):
            return legal[:]
        if seat is None:
            seat = self.current
        if seat != self.current or self.phase == PHASE_OVER:
            return []                                          # QY-1.10
        legal = self._legal = self._compute_legal()
        return legal[:]

    def _legal_now(self, seat: int) -> list[Action]:
        """The remembered list itself, for ``Game.apply`` and searches to read (no copy)."""
        legal = self._legal
        if legal is not None and seat == self.current:
            return legal
        phase = self.phase
        if seat != self.current or phase == PHASE_OVER:
            return []
        # the commonest case first (_compute_legal's, one call shorter)
        legal = self._legal = [A_ROLL] if phase == PHASE_ROLL else self._compute_legal()
        return legal

    def can_buy_now(self) -> bool:
        """Whether buying the square is among the legal actions now (``_compute_legal`` puts
        ``A_BUY`` first whenever it is legal, so this reads one item, by identity)."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        return bool(legal) and legal[0] is A_BUY and self.phase != PHASE_OVER

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase == PHASE_ROLL:
            return [A_ROLL]
        me = self.current
        bal = self.bal[me]
        if phase == PHASE_JAIL:                                # QY-9.6, QY-9.7
            return [A_ROLL, A_BAIL] if bal >= BAIL else [A_ROLL]
        owner = self.owner
        here = self.pos[me]
        if self.can_buy and owner[here] == NOBODY \
                and bal >= self._t.price[here]:                # QY-5.1, QY-5.2
            out = [A_BUY, A_END]
        else:
            out = [A_END]
        titles = owner.count(me)
        if not titles:                                         # no titles: nothing to manage
            return out
        t = self._t
        houses, hotels, mortgage, build = self.houses, self.hotels, self.mortgage, t.build
        append = out.append
        find = owner.index
        s = -1
        for _ in range(titles):        # its streets in board order, found by the list itself
            s = find(me, s + 1)        # (only streets have owners)
            received = mortgage[s]
            if received is None:
                append(SELL_A[s])                              # QY-5.6
                if bal >= build[s]:
                    if houses[s] < MAX_HOUSES:                 # QY-6.3
                        append(HOUSE_A[s])
                    elif hotels[s] < MAX_HOTELS:               # QY-6.4
                        append(HOTEL_A[s])
                append(MORTGAGE_A[s])                          # QY-8.1
            elif bal >= t.cancel(received)[0]:                 # QY-8.7
                append(CANCEL_A[s])
        return out

    def parse(self, text: str) -> Action:
        return A.parse(text)

    def _explain_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        return explain_illegal(self, action, seat)

    def describe(self, event: Event, lang: str = "es") -> str:
        return describe(self, event, lang)

    # ----- carrying out actions -----------------------------------------------------------
    def quiet(self) -> None:
        """From now on (and in its clones) carry out actions without making their events:
        ``apply`` returns an empty list, ``recent_events`` and the view's ``last_events`` stay
        empty. For games whose events nobody reads (a learning environment that renders
        nothing); play is the same to the last roll."""
        self._quiet = True
        self._recent = ()

    def _apply(self, action: Action, seat: int) -> list[Event]:
        self._legal = None
        # the events, each written where it happens (None: a quiet world records none)
        ev: list[Event] | None = None if self._quiet else []
        name = action.name
        if name == _ROLL:
            if self.phase == PHASE_JAIL:
                self._jail_roll(ev)
            else:
                self._move_roll(ev)
        elif name == _END:
            if ev is not None:
                ev.append(new_event("end_turn", self.rules.rules["end_turn"], {"player": seat}))
            self._next_turn(ev)
        elif name == _BUY:
            self._buy(ev)
        elif name == _BAIL:
            self._pay_bail(ev)
        else:
            self._manage(name, action.arg, ev)
        if ev is None:
            self._recent = ()
            return []
        self._recent = tuple(ev)
        return ev

    def _pay(self, ev: list[Event] | None, kind: str, seat: int, amount: Decimal,
             amount_j: int | float, data: dict[str, Any]) -> None:
        """Change one seat's balance by ``amount`` (``amount_j``: its JSON number) and
        record it in one event whose other fields are ``data`` (unless ``ev`` is None)."""
        self.bal[seat] += amount
        if ev is not None:
            data["balance_changes"] = [[seat, amount_j]]
            ev.append(new_event(kind, self.rules.rules[kind], data))

    def _check_bankruptcy(self, ev: list[Event] | None) -> bool:
        """QY-2.2 / G11: after every money step, any bankrupt player ends the game."""
        low = min(self.bal)
        if (low > ZERO) if self.rules.bankrupt_at_zero else (low >= ZERO):
            return False                                       # nobody is bankrupt
        is_bankrupt = self.rules.is_bankrupt
        bust = [s for s, b in enumerate(self.bal) if is_bankrupt(b)]
        for s in bust:
            if ev is not None:
                ev.append(new_event("bankrupt", self.rules.rules["bankrupt"],
                                {"player": s, "balance": self._t.json(self.bal[s])}))
        self._finish(ev, "bankruptcy", {"bankrupt": bust})
        return True

    def _finish(self, ev: list[Event] | None, reason: str, details: dict[str, Any]) -> None:
        """End the game now and rank everyone by score (QY-2.3 / CV-2.3)."""
        self.phase = PHASE_OVER
        self.to_move, self.is_over = (), True
        self.can_buy = False
        scores = [self.score(s) for s in range(len(self.names))]
        self._result = rank_by_score(scores, reason, details, J)
        if ev is not None:
            ev.append(new_event("game_over", self.rules.rules["game_over"],
                            {"reason": reason, "ranking": list(self._result.ranking),
                             "winners": list(self._result.winners),
                             "scores": list(self._result.scores)}))

    def score(self, seat: int) -> Decimal:
        """Qytetet: capital (balance + title values, QY-2.4); Civitas: balance (CV-2.3)."""
        if not self.rules.ranked_by_capital:
            return self.bal[seat]
        owner, title_value = self.owner, self.title_value
        titles = ZERO                  # summed in street order from 0, as sum() would
        for s in self.board.streets:
            if owner[s] == seat:
                titles = titles + title_value(s)
        return self.bal[seat] + titles

    def title_value(self, s: int) -> Decimal:
        h, t = self.houses[s], self.hotels[s]
        if 0 <= h <= MAX_HOUSES and 0 <= t <= MAX_HOTELS:       # MoneyTables.index, inline
            return self._t.title[s * COMBOS + h * HOTEL_SPAN + t]
        sq = self.board.squares[s]
        return self.rules.title_value(sq.price, sq.build, self.houses[s], self.hotels[s])

    def _next_turn(self, ev: list[Event] | None) -> None:
        self.turns += 1
        limit = self.max_rounds * len(self.names)
        if limit and self.turns >= limit:                      # ruling X1: round limit
            if ev is not None:
                ev.append(new_event("round_limit", self.rules.rules["round_limit"],
                                {"rounds": self.max_rounds}))
            self._finish(ev, "limit", {"rounds": self.max_rounds})
            return
        self.current = (self.current + 1) % len(self.names)    # QY-1.5
        self.to_move = (self.current,)
        self.phase = PHASE_JAIL if self.jailed[self.current] else PHASE_ROLL
        self.can_buy = False
        if ev is not None:
            ev.append(new_event("turn", self.rules.rules["turn"],
                            {"player": self.current, "in_jail": self.jailed[self.current]}))

    def _move_roll(self, ev: list[Event] | None) -> None:
        me = self.current
        roll = self.rng.die(6)                                 # QY-0.2
        self.last_roll = roll
        old = self.pos[me]
        new = (old + roll) % N_SQUARES                         # QY-1.7
        self.pos[me] = new
        if ev is not None:
            ev.append(new_event("roll", self.rules.rules["roll"],
                            {"player": me, "roll": roll, "from": old, "to": new}))
        if new < old:                                          # QY-4.2: passed SALIDA
            if ev is None:                     # a quiet world: the money only (as _pay)
                self.bal[me] += SALIDA_BONUS
            else:
                self._pay(ev, "salida", me, SALIDA_BONUS, self._t.salida_j, {"player": me})
        self._land(ev)

    def _land(self, ev: list[Event] | None) -> None:
        """The effect of the square the current player's move ended on (§4)."""
        self.phase = PHASE_MANAGE
        me = self.current
        sq = self.board.squares[self.pos[me]]
        kind = sq.kind
        self.can_buy = False
        if kind == "CALLE":
            owner = self.owner[sq.index]
            if owner == NOBODY:                                # QY-4.8
                self.can_buy = True
                if ev is not None:
                    ev.append(new_event("street_free", self.rules.rules["street_free"],
                                    {"player": me, "square": sq.index,
                                     "price": self._t.price_j[sq.index]}))
            elif owner == me:                                  # QY-4.10
                if ev is not None:
                    ev.append(new_event("street_own", self.rules.rules["street_own"],
                                    {"player": me, "square": sq.index}))
            elif self.mortgage[sq.index] is not None:          # QY-7.4
                if ev is not None:
                    ev.append(new_event("rent_mortgaged", self.rules.rules["rent_mortgaged"],
                                    {"player": me, "owner": owner, "square": sq.index}))
            elif self.jailed[owner]:                           # QY-7.5
                if ev is not None:
                    ev.append(new_event("rent_jailed", self.rules.rules["rent_jailed"],
                                    {"player": me, "owner": owner, "square": sq.index}))
            else:                                              # QY-7.1–7.3, QY-7.6, QY-7.7
                s = sq.index
                i = MoneyTables.index(s, self.houses[s], self.hotels[s])
                if i >= 0:
                    rent, rent_j = self._t.rent[i], self._t.rent_j[i]
                else:
                    rent = self.rules.rent(sq.rent, self.houses[s], self.hotels[s])
                    rent_j = J(rent)
                bal = self.bal
                bal[me] += -rent
                bal[owner] += rent
                if ev is not None:
                    ev.append(new_event("rent", self.rules.rules["rent"],
                                    {"player": me, "owner": owner, "square": s, "amount": rent_j,
                                     "balance_changes": [[me, -rent_j], [owner, rent_j]]}))
                self._check_bankruptcy(ev)
        elif kind == "SORPRESA":
            self._draw_card(ev)
        elif kind == "JUEZ":                                   # QY-4.16
            if ev is not None:
                ev.append(new_event("judge", self.rules.rules["judge"], {"player": me}))
            self._send_to_jail(ev)
        elif kind == "IMPUESTO":                               # QY-4.20
            tax_j = self._t.tax_j[sq.index]
            if ev is None:
                self.bal[me] += -sq.tax
            else:
                self._pay(ev, "tax", me, -sq.tax, -tax_j, {"player": me, "amount": tax_j})
            self._check_bankruptcy(ev)
        elif kind == "CARCEL":                                 # QY-4.18
            if ev is not None:
                ev.append(new_event("jail_visit", self.rules.rules["jail_visit"], {"player": me}))
        elif kind == "PARKING":                                # QY-4.22
            if ev is not None:
                ev.append(new_event("parking", self.rules.rules["parking"], {"player": me}))
        else:                                                  # SALIDA by a card
            if ev is not None:
                ev.append(new_event("salida_stop", self.rules.rules["salida_stop"], {"player": me}))

    def _send_to_jail(self, ev: list[Event] | None, card: int | None = None) -> None:
        """§9: imprison the current player unless he holds the SalirCárcel card."""
        me = self.current
        if self.escape_holder == me:                           # QY-9.2
            self.escape_holder = NOBODY
            self.deck.append(self._escape_card())
            if card is not None:
                self.deck.append(card)
            if ev is not None:
                ev.append(new_event("escape_used", self.rules.rules["escape_used"], {"player": me}))
            self.phase = PHASE_MANAGE
            return
        if card is not None:
            self.deck.append(card)
        self.pos[me] = self.board.jail                         # QY-9.3, QY-9.4: no SALIDA money
        self.jailed[me] = True
        if ev is not None:
            ev.append(new_event("jailed", self.rules.rules["jailed"],
                            {"player": me, "square": self.board.jail}))
        self._next_turn(ev)                                    # QY-9.5

    def _escape_card(self) -> int:
        return next(i for i, c in enumerate(self.board.cards) if c.kind == ESCAPE)

    def _draw_card(self, ev: list[Event] | None) -> None:
        """QY-4.12: take the top card and apply it at once."""
        me = self.current
        idx = self.deck.pop(0)                                 # QY-10.10: from the top
        card = self.board.cards[idx]
        value_j = self._t.card_j[idx]
        if ev is not None:
            ev.append(new_event("card", self.rules.rules["card"],
                            {"player": me, "card": idx, "type": card.type_name,
                             "value": value_j}))
        kind, value = card.kind, card.value
        if kind == PAY:                                        # QY-10.4
            self.deck.append(idx)
            self._pay(ev, "card_pay", me, value, value_j, {"player": me, "amount": value_j})
            self._check_bankruptcy(ev)
        elif kind == PER_BUILDING:                             # QY-10.7
            self.deck.append(idx)
            n = sum(self.houses[s] + self.hotels[s] for s in self.board.streets
                    if self.owner[s] == me)
            total = value * n
            total_j = self._t.json(total)
            self._pay(ev, "card_per_building", me, total, total_j,
                      {"player": me, "buildings": n, "amount": total_j})
            self._check_bankruptcy(ev)
        elif kind == PER_PLAYER:                               # QY-10.8 (G13: + collects)
            self.deck.append(idx)
            others = [s for s in range(len(self.names)) if s != me]
            changes = [(me, value * len(others))] + [(s, -value) for s in others]
            bal = self.bal
            for seat, amount in changes:
                bal[seat] += amount
            json = self._t.json
            if ev is not None:
                ev.append(new_event("card_per_player", self.rules.rules["card_per_player"],
                                {"player": me, "amount": value_j,
                                 "balance_changes": [[s, json(a)] for s, a in changes]}))
            self._check_bankruptcy(ev)                         # QY-10.11
        elif kind == ESCAPE:                                   # QY-10.9, QY-4.13
            self.escape_holder = me
            if ev is not None:
                ev.append(new_event("card_escape", self.rules.rules["card_escape"], {"player": me}))
        elif kind == JAIL:                                     # CV-10.7
            if ev is not None:
                ev.append(new_event("card_jail", self.rules.rules["card_jail"], {"player": me}))
            self._send_to_jail(ev, idx)
        elif kind == GOTO:
            target = int(value)
            if target == self.board.jail:                      # QY-10.6
                if ev is not None:
                    ev.append(new_event("card_goto_jail", self.rules.rules["card_goto_jail"],
                                    {"player": me}))
                self._send_to_jail(ev, idx)
                return
            self.deck.append(idx)                              # G16: back before the target acts
            old = self.pos[me]
            if ev is not None:
                ev.append(new_event("card_goto", self.rules.rules["card_goto"],
                                {"player": me, "from": old, "to": target}))
            if target == old:                                  # G5: nothing happens
                return
            self.pos[me] = target
            if target < old:                                   # QY-4.5
                self._pay(ev, "salida_card", me, SALIDA_BONUS, self._t.salida_j,
                          {"player": me})
            self._land(ev)                                     # QY-10.5

    def _jail_roll(self, ev: list[Event] | None) -> None:
        me = self.current
        roll = self.rng.die(6)
        self.last_roll = roll
        if roll >= JAIL_EXIT_ROLL:                             # QY-9.8, QY-9.10
            self.jailed[me] = False
            self.phase = PHASE_ROLL
            if ev is not None:
                ev.append(new_event("jail_free_roll", self.rules.rules["jail_free_roll"],
                                {"player": me, "roll": roll}))
        else:                                                  # QY-9.9
            if ev is not None:
                ev.append(new_event("jail_stay", self.rules.rules["jail_stay"],
                                {"player": me, "roll": roll}))
            self._next_turn(ev)

    def _pay_bail(self, ev: list[Event] | None) -> None:
        me = self.current                                      # QY-9.7
        self.jailed[me] = False
        self.phase = PHASE_ROLL
        bail_j = self._t.bail_j
        self._pay(ev, "bail", me, -BAIL, -bail_j, {"player": me, "amount": bail_j})
        self._check_bankruptcy(ev)

    def _buy(self, ev: list[Event] | None) -> None:
        me = self.current                                      # QY-5.3
        s = self.pos[me]
        price = self.board.squares[s].price
        self.owner[s] = me
        self.houses[s] = self.hotels[s] = 0
        self.mortgage[s] = None
        self.can_buy = False
        price_j = self._t.price_j[s]
        if ev is None:                         # a quiet world: the money only (as _pay)
            self.bal[me] += -price
        else:
            self._pay(ev, "buy", me, -price, -price_j,
                      {"player": me, "square": s, "amount": price_j})
        # only the current seat paid: the others are as solvent as before (nobody is bankrupt
        # while the game goes on), so the full check is needed only when it is not
        left = self.bal[me]
        if not ((left > ZERO) if self.rules.bankrupt_at_zero else (left >= ZERO)):
            self._check_bankruptcy(ev)

    def _manage(self, name: str, s: int, ev: list[Event] | None) -> None:
        me = self.current
        sq = self.board.squares[s]
        t = self._t
        houses, hotels = self.houses, self.hotels
        if name == A.SELL:                                     # QY-5.7, QY-5.8
            i = MoneyTables.index(s, houses[s], hotels[s])
            if i >= 0:
                price, price_j = t.sale[i], t.sale_j[i]
            else:
                price = self.rules.sale_price(sq.price, sq.build, sq.factor, houses[s],
                                              hotels[s])
                price_j = J(price)
            self.owner[s] = NOBODY
            houses[s] = hotels[s] = 0
            if ev is None:                     # a quiet world: the money only (as _pay)
                self.bal[me] += price
            else:
                self._pay(ev, "sell", me, price, price_j,
                          {"player": me, "square": s, "amount": price_j})
            return                     # money received: nobody can have gone bankrupt
        elif name == A.HOUSE:                                  # QY-6.3
            houses[s] += 1
            build_j = t.build_j[s]
            if ev is None:
                self.bal[me] += -sq.build
            else:
                self._pay(ev, "house", me, -sq.build, -build_j,
                          {"player": me, "square": s, "amount": build_j, "houses": houses[s]})
        elif name == A.HOTEL:                                  # QY-6.4
            houses[s] = 0
            hotels[s] += 1
            build_j = t.build_j[s]
            if ev is None:
                self.bal[me] += -sq.build
            else:
                self._pay(ev, "hotel", me, -sq.build, -build_j,
                          {"player": me, "square": s, "amount": build_j, "hotels": hotels[s]})
        elif name == A.MORTGAGE:                               # QY-8.2, QY-8.3
            i = MoneyTables.index(s, houses[s], hotels[s])
            if i >= 0:
                amount, amount_j = t.mortgage[i], t.mortgage_j[i]
            else:
                amount = self.rules.mortgage_amount(sq.mortgage, houses[s], hotels[s])
                amount_j = J(amount)
            self.mortgage[s] = amount
            if ev is None:
                self.bal[me] += amount
            else:
                self._pay(ev, "mortgage", me, amount, amount_j,
                          {"player": me, "square": s, "amount": amount_j})
            return                     # money received: nobody can have gone bankrupt
        elif name == A.CANCEL:                                 # QY-8.6
            cost, cost_j = t.cancel(self.mortgage[s])
            self.mortgage[s] = None
            if ev is None:
                self.bal[me] += -cost
            else:
                self._pay(ev, "cancel", me, -cost, -cost_j,
                          {"player": me, "square": s, "amount": cost_j})
        # only the current seat paid: the others are as solvent as before (nobody is bankrupt
        # while the game goes on), so the full check is needed only when it is not
        left = self.bal[me]
        if not ((left > ZERO) if self.rules.bankrupt_at_zero else (left >= ZERO)):
            self._check_bankruptcy(ev)

    # ----- looking at the game --------------------------------------------------------------
    def rent_of(self, s: int) -> Decimal:
        h, t = self.houses[s], self.hotels[s]
        if 0 <= h <= MAX_HOUSES and 0 <= t <= MAX_HOTELS:       # MoneyTables.index, inline
            return self._t.rent[s * COMBOS + h * HOTEL_SPAN + t]
        sq = self.board.squares[s]
        return self.rules.rent(sq.rent, self.houses[s], self.hotels[s])

    def sale_price_of(self, s: int) -> Decimal:
        h, t = self.houses[s], self.hotels[s]
        if 0 <= h <= MAX_HOUSES and 0 <= t <= MAX_HOTELS:       # MoneyTables.index, inline
            return self._t.sale[s * COMBOS + h * HOTEL_SPAN + t]
        sq = self.board.squares[s]
        return self.rules.sale_price(sq.price, sq.build, sq.factor, self.houses[s],
                                     self.hotels[s])

    def mortgage_amount_of(self, s: int) -> Decimal:
        i = MoneyTables.index(s, self.houses[s], self.hotels[s])
        if i >= 0:
            return self._t.mortgage[i]
        sq = self.board.squares[s]
        return self.rules.mortgage_amount(sq.mortgage, self.houses[s], self.hotels[s])

    @property
    def recent_events(self) -> tuple[Event, ...]:
        """The events of the last action."""
        return self._recent

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public in these games except the order of the surprise deck."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(self.names)):
            raise InvalidOption(f"seat must be 0 to {len(self.names) - 1} or None; got {seat!r}")
        t = self._t
        json = t.json
        capital = self.rules.ranked_by_capital
        players = [{
            "seat": s, "name": self.names[s], "balance": json(self.bal[s]),
            "position": self.pos[s], "in_jail": self.jailed[s],
            "holds_salir_carcel": self.escape_holder == s,
            "capital": json(self.score(s)) if capital else None,
        } for s in range(len(self.names))]
        owner, houses, hotels, mortgage = self.owner, self.houses, self.hotels, self.mortgage
        squares: list[dict[str, Any]] = []
        for sq in self.board.squares:
            s = sq.index
            if not sq.is_street:
                squares.append(dict(t.square_view[s]))
                continue
            h, n, m = houses[s], hotels[s], mortgage[s]
            i = MoneyTables.index(s, h, n)
            squares.append({
                "index": s, "type": sq.kind, "name": sq.name, "name_en": sq.name_en,
                "owner": None if owner[s] == NOBODY else owner[s],
                "houses": h, "hotels": n, "mortgaged": m is not None,
                "mortgage_received": None if m is None else json(m),
                "purchase_price": t.price_j[s], "build_price": t.build_j[s],
                "factor": t.factor_j[s], "base_rent": t.base_rent_j[s],
                "base_mortgage": t.base_mortgage_j[s],
                "rent": t.rent_j[i] if i >= 0 else J(self.rent_of(s)),
                "sale_price": t.sale_j[i] if i >= 0 else J(self.sale_price_of(s))})
        return {
            "game": self.game_id, "seat": seat, "current": self.current,
            "to_move": list(self.to_move), "phase": PHASE_NAMES[self.phase],
            "last_roll": self.last_roll, "can_buy": self.can_buy_now(),
            "players": players, "squares": squares, "deck_size": len(self.deck),
            "deck_cards": self._deck_composition(),
            "ranked_by": "capital" if self.rules.ranked_by_capital else "balance",
            "jail_square": self.board.jail, "board": self.board.name,
            "round": self.turns // len(self.names) + 1, "max_rounds": self.max_rounds,
            "result": self._result.to_json() if self._result else None,
            "last_events": [e.to_json() for e in self._recent],
        }

    def _deck_composition(self) -> list[dict[str, Any]]:
        """The printed cards (public content), in file order: never the deck's order."""
        return [{"type": c.type_name, "value": v}
                for c, v in zip(self.board.cards, self._t.card_j, strict=True)]

    def state_dict(self) -> dict[str, Any]:
        self._deal()
        out = self.view(None)
        out.update(deck=list(self.deck), escape_holder=self.escape_holder,
                   can_buy_option=self.can_buy, rng=self.rng.fingerprint(),
                   actions=self._n_actions,
                   balances_exact=[str(b) for b in self.bal],
                   mortgages_exact=[None if m is None else str(m) for m in self.mortgage])
        return out

    def clone(self) -> MonopolyGame:
        return self._copy(self.rng.clone())

    def _copy(self, rng: GameRandom, deck: list[int] | None = None) -> MonopolyGame:
        """A copy of the state whose future chance comes from ``rng`` (and whose deck is
        ``deck``, if given: else a copy of this one)."""
        g = object.__new__(type(self))
        g.rules = self.rules                 # one field a statement: no tuple to pack
        g.board = self.board
        g.names = self.names
        g.seed = self.seed
        g.options = self.options
        g._t = self._t
        g._initial_dice, g._setup_log = self._initial_dice, self._setup_log
        g._history, g._n_actions = self._history, self._n_actions
        g.rng = rng
        g.pos, g.bal, g.jailed = self.pos[:], self.bal[:], self.jailed[:]
        g.owner, g.houses, g.hotels = self.owner[:], self.houses[:], self.hotels[:]
        g.mortgage, g.deck = self.mortgage[:], self.deck[:] if deck is None else deck
        g.escape_holder, g.current, g.phase = self.escape_holder, self.current, self.phase
        g.can_buy, g.last_roll, g._result = self.can_buy, self.last_roll, self._result
        g.turns, g.max_rounds = self.turns, self.max_rounds
        g.to_move, g.is_over = self.to_move, self.is_over
        g._legal, g._recent, g._quiet = self._legal, self._recent, self._quiet
        return g

    def determinize(self, seat: int | None, seed: int) -> MonopolyGame:
        """Hidden here: the deck's order and the generator's future rolls: a new generator
        from ``seed`` shuffles the deck, put in a canonical order first (so the world depends
        on the view and the seed only), and rolls on. Both happen when the world first draws
        or reads the deck's order (:class:`_WorldRandom`; :meth:`top_card`), with the same
        result as at once.

        A world is quiet: its actions record no events (``apply`` returns none and
        ``recent_events`` is empty after one; its view's ``last_events`` too). A search reads
        none, and building them took a tenth of its time; everything else plays the same."""
        deck = sorted(self.deck)
        g = self._copy(_WorldRandom(seed, deck), deck)  # the real game's generator is left alone
        g._quiet = True
        return g

    def top_card(self) -> int | None:
        """The card on top of the surprise deck (None: empty). A search may read it in a world
        it sampled (the order is its own guess there); the real game's order stays hidden."""
        self._deal()
        return self.deck[0] if self.deck else None

    def _deal(self) -> None:
        """Put a sampled world's deck in order now, if it waits for its first draw."""
        rng = self.rng
        if type(rng) is _WorldRandom:
            rng._deal()

    def record_options(self) -> dict[str, Any]:
        opts = dict(self.options)
        if self.board.origin != "default":      # embed the file so the record replays anywhere
            opts["board"] = {"source": self.board.origin, "toml": self.board.source}
        return opts

    # ----- arranging a position (tests, teaching) ------------------------------------------
    def _arrange(self, setup: dict[str, Any]) -> None:
        """Keys: ``balances`` {seat: amount}, ``positions`` {seat: square}, ``jailed``
        {seat: bool}, ``owners`` {square: seat or None}, ``houses`` / ``hotels``
        {square: n}, ``mortgaged`` {square: True or amount received}, ``current`` seat,
        ``escape_holder`` seat or None, ``deck`` [card indices, top first].
        All or nothing: a bad arrangement raises InvalidOption and changes nothing."""
        trial = self.clone()
        trial._arrange_in_place(setup)
        for name in MonopolyGame.__slots__:
            setattr(self, name, getattr(trial, name))

    def _arrange_in_place(self, setup: dict[str, Any]) -> None:
        n = len(self.names)
        known = {"balances", "positions", "jailed", "owners", "houses", "hotels", "mortgaged",
                 "current", "escape_holder", "deck"}
        unknown = set(setup) - known
        if unknown:
            raise InvalidOption(f"unknown arrangement {sorted(unknown)}; allowed: "
                                f"{sorted(known)}")

        def seat(x: Any) -> int:
            x = int(x)
            if not 0 <= x < n:
                raise InvalidOption(f"seat {x} does not exist (0 to {n - 1})")
            return x

        def street(x: Any) -> int:
            x = int(x)
            if not (0 <= x < N_SQUARES and self.board.squares[x].is_street):
                raise InvalidOption(f"square {x} is not a street")
            return x

        for k, v in setup.get("balances", {}).items():
            self.bal[seat(k)] = Decimal(str(v))
        for k, v in setup.get("positions", {}).items():
            if not 0 <= int(v) < N_SQUARES:
                raise InvalidOption(f"square {v} does not exist")
            self.pos[seat(k)] = int(v)
        for k, v in setup.get("jailed", {}).items():
            self.jailed[seat(k)] = bool(v)
            if v:
                self.pos[seat(k)] = self.board.jail
        for k, v in setup.get("owners", {}).items():
            self.owner[street(k)] = NOBODY if v is None else seat(v)
        for k, v in setup.get("houses", {}).items():
            if not 0 <= int(v) <= MAX_HOUSES:
                raise InvalidOption(f"houses must be 0 to {MAX_HOUSES}")
            self.houses[street(k)] = int(v)
        for k, v in setup.get("hotels", {}).items():
            if not 0 <= int(v) <= MAX_HOTELS:
                raise InvalidOption(f"hotels must be 0 to {MAX_HOTELS}")
            self.hotels[street(k)] = int(v)
        for k, v in setup.get("mortgaged", {}).items():
            s = street(k)
            if v is False or v is None:
                self.mortgage[s] = None
            elif v is True:
                self.mortgage[s] = self.mortgage_amount_of(s)
            else:
                self.mortgage[s] = Decimal(str(v))
        if "escape_holder" in setup:
            h = setup["escape_holder"]
            self.escape_holder = NOBODY if h is None else seat(h)
        esc = self._escape_card()
        if "deck" in setup:
            order = [int(i) for i in setup["deck"]]
            want = sorted(i for i in range(len(self.board.cards))
                          if not (i == esc and self.escape_holder != NOBODY))
            if sorted(order) != want:
                raise InvalidOption(f"deck must list each card index in the deck once: {want}")
            self.deck = order
        elif self.escape_holder != NOBODY and esc in self.deck:
            self.deck.remove(esc)
        elif self.escape_holder == NOBODY and esc not in self.deck:
            self.deck.append(esc)
        if "current" in setup:
            self.current = seat(setup["current"])
            self.to_move = (self.current,)
        self.phase = PHASE_JAIL if self.jailed[self.current] else PHASE_ROLL
        self.can_buy = False
        self._legal = None
        for s in range(n):
            if self.rules.is_bankrupt(self.bal[s]):
                raise InvalidOption(f"seat {s} would start bankrupt")

