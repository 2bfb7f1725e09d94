"""The turn flow Qytetet and Civitas share: one state object, written once.

A turn: (jail attempt →) roll and move → SALIDA money → the square's effect → buy and
manage in any order → end the turn. What the two rulebooks decide differently comes from the
game's :class:`~.ruleset.Ruleset`. Money is exact (``Decimal``) and never rounded.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.errors import InvalidOption
from ludoteca.core.events import Event
from ludoteca.core.game import Game
from ludoteca.core.money import to_json_number
from ludoteca.core.result import Result, rank_by_score
from ludoteca.core.rng import GameRandom

from . import actions as A
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
from .text import describe, explain_illegal

J = to_json_number


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
        "turns", "max_rounds", "_result", "_legal", "_recent",
    )

    def __init__(self, rules: Ruleset, board: Board, names: tuple[str, ...], seed: int,
                 options: dict[str, Any], dice: tuple[int, ...] = ()) -> None:
        for d in dice:
            if not (isinstance(d, int) and 1 <= d <= 6):
                raise InvalidOption(f"{rules.game_id}: forced dice must be 1 to 6; got {d!r}")
        self.rules, self.board = rules, board
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
        self.phase = PHASE_ROLL
        self.can_buy = False
        self.last_roll: int | None = None
        self.turns = 0                                         # completed turns
        self.max_rounds = options.get("max_rounds") or 0       # 0: no limit
        self._result: Result | None = None
        self._legal: list[Action] | None = None
        self._recent: tuple[Event, ...] = ()

    # ----- the public protocol ------------------------------------------------------------
    @property
    def game_id(self) -> str:  # type: ignore[override]
        return self.rules.game_id

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == PHASE_OVER else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def result(self) -> Result | None:
        return self._result

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current
        if seat != self.current or self.phase == PHASE_OVER:
            return []                                          # QY-1.10
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        if self.phase == PHASE_ROLL:
            return [A.A_ROLL]
        me, bal = self.current, self.bal[self.current]
        if self.phase == PHASE_JAIL:                           # QY-9.6, QY-9.7
            return [A.A_ROLL, A.A_BAIL] if bal >= BAIL else [A.A_ROLL]
        out = []
        sq = self.board.squares
        if self.can_buy and self.owner[self.pos[me]] == NOBODY \
                and bal >= sq[self.pos[me]].price:             # QY-5.1, QY-5.2
            out.append(A.A_BUY)
        out.append(A.A_END)
        owner, houses, hotels, mortgage = self.owner, self.houses, self.hotels, self.mortgage
        for s in self.board.streets:
            if owner[s] != me:
                continue
            received = mortgage[s]
            if received is None:
                out.append(A.SELL_A[s])                        # QY-5.6
                build = sq[s].build
                if bal >= build:
                    if houses[s] < MAX_HOUSES:                 # QY-6.3
                        out.append(A.HOUSE_A[s])
                    elif hotels[s] < MAX_HOTELS:               # QY-6.4
                        out.append(A.HOTEL_A[s])
                out.append(A.MORTGAGE_A[s])                    # QY-8.1
            elif bal >= self.rules.cancel_cost(received):      # QY-8.7
                out.append(A.CANCEL_A[s])
        return out

    def parse(self, text: str) -> Action:
        return A.parse(text)

    def _explain_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        return explain_illegal(self, action, seat)

    def describe(self, event: Event, lang: str = "es") -> str:
        return describe(self, event, lang)

    # ----- carrying out actions -----------------------------------------------------------
    def _apply(self, action: Action, seat: int) -> list[Event]:
        self._legal = None
        ev: list[Event] = []
        name = action.name
        if name == A.ROLL:
            if self.phase == PHASE_JAIL:
                self._jail_roll(ev)
            else:
                self._move_roll(ev)
        elif name == A.END:
            ev.append(Event("end_turn", self.rules.rule("end_turn"), {"player": seat}))
            self._next_turn(ev)
        elif name == A.BUY:
            self._buy(ev)
        elif name == A.BAIL:
            self._pay_bail(ev)
        else:
            self._manage(name, action.arg, ev)
        self._recent = tuple(ev)
        return ev

    def _money(self, ev: list[Event], kind: str, changes: list[tuple[int, Decimal]],
               **data: Any) -> None:
        """Apply balance changes and record them in one event."""
        bal = self.bal
        for seat, amount in changes:
            bal[seat] += amount
        data["balance_changes"] = [[s, J(a)] for s, a in changes]
        ev.append(Event(kind, self.rules.rule(kind), data))

    def _check_bankruptcy(self, ev: list[Event]) -> bool:
        """QY-2.2 / G11: after every money step, any bankrupt player ends the game."""
        is_bankrupt = self.rules.is_bankrupt
        bust = [s for s, b in enumerate(self.bal) if is_bankrupt(b)]
        if not bust:
            return False
        for s in bust:
            ev.append(Event("bankrupt", self.rules.rule("bankrupt"),
                            {"player": s, "balance": J(self.bal[s])}))
        self._finish(ev, "bankruptcy", {"bankrupt": bust})
        return True

    def _finish(self, ev: list[Event], reason: str, details: dict[str, Any]) -> None:
        """End the game now and rank everyone by score (QY-2.3 / CV-2.3)."""
        self.phase = PHASE_OVER
        self.can_buy = False
        scores = [self.score(s) for s in range(len(self.names))]
        self._result = rank_by_score(scores, reason, details, J)
        ev.append(Event("game_over", self.rules.rule("game_over"),
                        {"reason": reason, "ranking": list(self._result.ranking),
                         "winners": list(self._result.winners),
                         "scores": list(self._result.scores)}))

    def score(self, seat: int) -> Decimal:
        """Qytetet: capital (balance + title values, QY-2.4); Civitas: balance (CV-2.3)."""
        if not self.rules.ranked_by_capital:
            return self.bal[seat]
        return self.bal[seat] + sum((self.title_value(s) for s in self.board.streets
                                     if self.owner[s] == seat), Decimal(0))

    def title_value(self, s: int) -> Decimal:
        sq = self.board.squares[s]
        return self.rules.title_value(sq.price, sq.build, self.houses[s], self.hotels[s])

    def _next_turn(self, ev: list[Event]) -> None:
        self.turns += 1
        limit = self.max_rounds * len(self.names)
        if limit and self.turns >= limit:                      # ruling X1: round limit
            ev.append(Event("round_limit", self.rules.rule("round_limit"),
                            {"rounds": self.max_rounds}))
            self._finish(ev, "limit", {"rounds": self.max_rounds})
            return
        self.current = (self.current + 1) % len(self.names)    # QY-1.5
        self.phase = PHASE_JAIL if self.jailed[self.current] else PHASE_ROLL
        self.can_buy = False
        ev.append(Event("turn", self.rules.rule("turn"),
                        {"player": self.current, "in_jail": self.jailed[self.current]}))

    def _move_roll(self, ev: list[Event]) -> None:
        me = self.current
        roll = self.rng.die(6)                                 # QY-0.2
        self.last_roll = roll
        old = self.pos[me]
        new = (old + roll) % N_SQUARES                         # QY-1.7
        self.pos[me] = new
        ev.append(Event("roll", self.rules.rule("roll"),
                        {"player": me, "roll": roll, "from": old, "to": new}))
        if new < old:                                          # QY-4.2: passed SALIDA
            self._money(ev, "salida", [(me, SALIDA_BONUS)], player=me)
        self._land(ev)

    def _land(self, ev: list[Event]) -> None:
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
                ev.append(Event("street_free", self.rules.rule("street_free"),
                                {"player": me, "square": sq.index, "price": J(sq.price)}))
            elif owner == me:                                  # QY-4.10
                ev.append(Event("street_own", self.rules.rule("street_own"),
                                {"player": me, "square": sq.index}))
            elif self.mortgage[sq.index] is not None:          # QY-7.4
                ev.append(Event("rent_mortgaged", self.rules.rule("rent_mortgaged"),
                                {"player": me, "owner": owner, "square": sq.index}))
            elif self.jailed[owner]:                           # QY-7.5
                ev.append(Event("rent_jailed", self.rules.rule("rent_jailed"),
                                {"player": me, "owner": owner, "square": sq.index}))
            else:                                              # QY-7.1–7.3, QY-7.6, QY-7.7
                rent = self.rules.rent(sq.rent, self.houses[sq.index], self.hotels[sq.index])
                self._money(ev, "rent", [(me, -rent), (owner, rent)], player=me, owner=owner,
                            square=sq.index, amount=J(rent))
                self._check_bankruptcy(ev)
        elif kind == "SORPRESA":
            self._draw_card(ev)
        elif kind == "JUEZ":                                   # QY-4.16
            ev.append(Event("judge", self.rules.rule("judge"), {"player": me}))
            self._send_to_jail(ev)
        elif kind == "IMPUESTO":                               # QY-4.20
            self._money(ev, "tax", [(me, -sq.tax)], player=me, amount=J(sq.tax))
            self._check_bankruptcy(ev)
        elif kind == "CARCEL":                                 # QY-4.18
            ev.append(Event("jail_visit", self.rules.rule("jail_visit"), {"player": me}))
        elif kind == "PARKING":                                # QY-4.22
            ev.append(Event("parking", self.rules.rule("parking"), {"player": me}))
        else:                                                  # SALIDA by a card
            ev.append(Event("salida_stop", self.rules.rule("salida_stop"), {"player": me}))

    def _send_to_jail(self, ev: list[Event], card: int | None = None) -> None:
        """§9: imprison the current player unless he holds the SalirCárcel card."""
        me = self.current
        if self.escape_holder == me:                           # QY-9.2
            self.escape_holder = NOBODY
            self.deck.append(self._escape_card())
            if card is not None:
                self.deck.append(card)
            ev.append(Event("escape_used", self.rules.rule("escape_used"), {"player": me}))
            self.phase = PHASE_MANAGE
            return
        if card is not None:
            self.deck.append(card)
        self.pos[me] = self.board.jail                         # QY-9.3, QY-9.4: no SALIDA money
        self.jailed[me] = True
        ev.append(Event("jailed", self.rules.rule("jailed"),
                        {"player": me, "square": self.board.jail}))
        self._next_turn(ev)                                    # QY-9.5

    def _escape_card(self) -> int:
        return next(i for i, c in enumerate(self.board.cards) if c.kind == ESCAPE)

    def _draw_card(self, ev: list[Event]) -> None:
        """QY-4.12: take the top card and apply it at once."""
        me = self.current
        idx = self.deck.pop(0)                                 # QY-10.10: from the top
        card = self.board.cards[idx]
        ev.append(Event("card", self.rules.rule("card"),
                        {"player": me, "card": idx, "type": card.type_name,
                         "value": None if card.value is None else J(card.value)}))
        kind, value = card.kind, card.value
        if kind == PAY:                                        # QY-10.4
            self.deck.append(idx)
            self._money(ev, "card_pay", [(me, value)], player=me, amount=J(value))
            self._check_bankruptcy(ev)
        elif kind == PER_BUILDING:                             # QY-10.7
            self.deck.append(idx)
            n = sum(self.houses[s] + self.hotels[s] for s in self.board.streets
                    if self.owner[s] == me)
            self._money(ev, "card_per_building", [(me, value * n)], player=me,
                        buildings=n, amount=J(value * n))
            self._check_bankruptcy(ev)
        elif kind == PER_PLAYER:                               # QY-10.8 (G13: + collects)
            self.deck.append(idx)
            others = [s for s in range(len(self.names)) if s != me]
            changes = [(me, value * len(others))] + [(s, -value) for s in others]
            self._money(ev, "card_per_player", changes, player=me, amount=J(value))
            self._check_bankruptcy(ev)                         # QY-10.11
        elif kind == ESCAPE:                                   # QY-10.9, QY-4.13
            self.escape_holder = me
            ev.append(Event("card_escape", self.rules.rule("card_escape"), {"player": me}))
        elif kind == JAIL:                                     # CV-10.7
            ev.append(Event("card_jail", self.rules.rule("card_jail"), {"player": me}))
            self._send_to_jail(ev, idx)
        elif kind == GOTO:
            target = int(value)
            if target == self.board.jail:                      # QY-10.6
                ev.append(Event("card_goto_jail", self.rules.rule("card_goto_jail"),
                                {"player": me}))
                self._send_to_jail(ev, idx)
                return
            self.deck.append(idx)                              # G16: back before the target acts
            old = self.pos[me]
            ev.append(Event("card_goto", self.rules.rule("card_goto"),
                            {"player": me, "from": old, "to": target}))
            if target == old:                                  # G5: nothing happens
                return
            self.pos[me] = target
            if target < old:                                   # QY-4.5
                self._money(ev, "salida_card", [(me, SALIDA_BONUS)], player=me)
            self._land(ev)                                     # QY-10.5

    def _jail_roll(self, ev: list[Event]) -> None:
        me = self.current
        roll = self.rng.die(6)
        self.last_roll = roll
        if roll >= JAIL_EXIT_ROLL:                             # QY-9.8, QY-9.10
            self.jailed[me] = False
            self.phase = PHASE_ROLL
            ev.append(Event("jail_free_roll", self.rules.rule("jail_free_roll"),
                            {"player": me, "roll": roll}))
        else:                                                  # QY-9.9
            ev.append(Event("jail_stay", self.rules.rule("jail_stay"),
                            {"player": me, "roll": roll}))
            self._next_turn(ev)

    def _pay_bail(self, ev: list[Event]) -> None:
        me = self.current                                      # QY-9.7
        self.jailed[me] = False
        self.phase = PHASE_ROLL
        self._money(ev, "bail", [(me, -BAIL)], player=me, amount=J(BAIL))
        self._check_bankruptcy(ev)

    def _buy(self, ev: list[Event]) -> None:
        me = self.current                                      # QY-5.3
        s = self.pos[me]
        price = self.board.squares[s].price
        self.owner[s] = me
        self.houses[s] = self.hotels[s] = 0
        self.mortgage[s] = None
        self.can_buy = False
        self._money(ev, "buy", [(me, -price)], player=me, square=s, amount=J(price))
        self._check_bankruptcy(ev)

    def _manage(self, name: str, s: int, ev: list[Event]) -> None:
        me = self.current
        sq = self.board.squares[s]
        if name == A.SELL:                                     # QY-5.7, QY-5.8
            price = self.rules.sale_price(sq.price, sq.build, sq.factor, self.houses[s],
                                          self.hotels[s])
            self.owner[s] = NOBODY
            self.houses[s] = self.hotels[s] = 0
            self._money(ev, "sell", [(me, price)], player=me, square=s, amount=J(price))
        elif name == A.HOUSE:                                  # QY-6.3
            self.houses[s] += 1
            self._money(ev, "house", [(me, -sq.build)], player=me, square=s,
                        amount=J(sq.build), houses=self.houses[s])
        elif name == A.HOTEL:                                  # QY-6.4
            self.houses[s] = 0
            self.hotels[s] += 1
            self._money(ev, "hotel", [(me, -sq.build)], player=me, square=s,
                        amount=J(sq.build), hotels=self.hotels[s])
        elif name == A.MORTGAGE:                               # QY-8.2, QY-8.3
            amount = self.rules.mortgage_amount(sq.mortgage, self.houses[s], self.hotels[s])
            self.mortgage[s] = amount
            self._money(ev, "mortgage", [(me, amount)], player=me, square=s, amount=J(amount))
        elif name == A.CANCEL:                                 # QY-8.6
            cost = self.rules.cancel_cost(self.mortgage[s])
            self.mortgage[s] = None
            self._money(ev, "cancel", [(me, -cost)], player=me, square=s, amount=J(cost))
        self._check_bankruptcy(ev)

    # ----- looking at the game --------------------------------------------------------------
    def rent_of(self, s: int) -> Decimal:
        sq = self.board.squares[s]
        return self.rules.rent(sq.rent, self.houses[s], self.hotels[s])

    def sale_price_of(self, s: int) -> Decimal:
        sq = self.board.squares[s]
        return self.rules.sale_price(sq.price, sq.build, sq.factor, self.houses[s],
                                     self.hotels[s])

    def mortgage_amount_of(self, s: int) -> Decimal:
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
        players = [{
            "seat": s, "name": self.names[s], "balance": J(self.bal[s]),
            "position": self.pos[s], "in_jail": self.jailed[s],
            "holds_salir_carcel": self.escape_holder == s,
            "capital": J(self.score(s)) if self.rules.ranked_by_capital else None,
        } for s in range(len(self.names))]
        squares = []
        for sq in self.board.squares:
            d: dict[str, Any] = {"index": sq.index, "type": sq.kind, "name": sq.name,
                                 "name_en": sq.name_en}
            if sq.is_street:
                s = sq.index
                d.update(owner=None if self.owner[s] == NOBODY else self.owner[s],
                         houses=self.houses[s], hotels=self.hotels[s],
                         mortgaged=self.mortgage[s] is not None,
                         mortgage_received=None if self.mortgage[s] is None
                         else J(self.mortgage[s]),
                         purchase_price=J(sq.price), build_price=J(sq.build),
                         factor=J(sq.factor), base_rent=J(sq.rent),
                         base_mortgage=J(sq.mortgage), rent=J(self.rent_of(s)),
                         sale_price=J(self.sale_price_of(s)))
            elif sq.kind == "IMPUESTO":
                d["tax"] = J(sq.tax)
            squares.append(d)
        return {
            "game": self.game_id, "seat": seat, "current": self.current,
            "to_move": list(self.to_move), "phase": PHASE_NAMES[self.phase],
            "last_roll": self.last_roll, "can_buy": A.A_BUY in self.legal_actions(),
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
        return [{"type": c.type_name, "value": None if c.value is None else J(c.value)}
                for c in self.board.cards]

    def state_dict(self) -> dict[str, Any]:
        out = self.view(None)
        out.update(deck=list(self.deck), escape_holder=self.escape_holder,
                   can_buy_option=self.can_buy, rng=self.rng.fingerprint(),
                   actions=self._n_actions,
                   balances_exact=[str(b) for b in self.bal],
                   mortgages_exact=[None if m is None else str(m) for m in self.mortgage])
        return out

    def clone(self) -> MonopolyGame:
        g = object.__new__(type(self))
        g.rules, g.board, g.names, g.seed, g.options = (
            self.rules, self.board, self.names, self.seed, self.options)
        g._initial_dice, g._setup_log = self._initial_dice, self._setup_log
        g._history, g._n_actions = self._history, self._n_actions
        g.rng = self.rng.clone()
        g.pos, g.bal, g.jailed = self.pos[:], self.bal[:], self.jailed[:]
        g.owner, g.houses, g.hotels = self.owner[:], self.houses[:], self.hotels[:]
        g.mortgage, g.deck = self.mortgage[:], self.deck[:]
        g.escape_holder, g.current, g.phase = self.escape_holder, self.current, self.phase
        g.can_buy, g.last_roll, g._result = self.can_buy, self.last_roll, self._result
        g.turns, g.max_rounds = self.turns, self.max_rounds
        g._legal, g._recent = self._legal, self._recent
        return g

    def determinize(self, seat: int | None, seed: int) -> MonopolyGame:
        """Hidden here: the deck's order and the generator's future rolls."""
        g = self.clone()
        g.rng = GameRandom(seed)
        g.deck = sorted(g.deck)         # canonical: the result depends on view + seed only
        g.rng.shuffle(g.deck)
        return g

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
        self.phase = PHASE_JAIL if self.jailed[self.current] else PHASE_ROLL
        self.can_buy = False
        self._legal = None
        for s in range(n):
            if self.rules.is_bankrupt(self.bal[s]):
                raise InvalidOption(f"seat {s} would start bankrupt")

