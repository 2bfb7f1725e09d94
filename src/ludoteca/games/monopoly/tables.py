"""Money worked out once per board and rulebook: every street's rent, sale price, mortgage
amount and title value for each count of houses and hotels, and the JSON numbers events show.

The turn flow asks for these at every step (a rent on landing, a sale, a score); the formulas
in :class:`~.ruleset.Ruleset` stay the one definition, evaluated here ahead of time with the
same operations, so every amount is the very same ``Decimal`` (value and exponent) as before.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ludoteca.core.money import to_json_number

from .content import Board
from .ruleset import BAIL, MAX_HOTELS, MAX_HOUSES, SALIDA_BONUS, Ruleset

HOTEL_SPAN = MAX_HOTELS + 1                      # hotel counts a street can hold (0 to 4)
COMBOS = (MAX_HOUSES + 1) * HOTEL_SPAN           # (houses, hotels) pairs a street can hold
_JSON_MEMO_LIMIT = 20_000


class MoneyTables:
    """Amounts of one (board, rulebook) pair, indexed ``street * COMBOS + houses *
    HOTEL_SPAN + hotels``; counts outside the rulebook's limits fall back to the formulas."""

    __slots__ = ("board", "rules", "rent", "rent_j", "sale", "sale_j", "mortgage",
                 "mortgage_j", "title", "price", "build", "price_j", "build_j", "tax_j",
                 "card_j", "bail_j", "salida_j", "factor_j", "base_rent_j",
                 "base_mortgage_j", "square_view", "_json", "_cancel")

    def __init__(self, board: Board, rules: Ruleset) -> None:
        self.board, self.rules = board, rules
        n = len(board.squares) * COMBOS
        self.rent: list[Decimal] = [Decimal(0)] * n
        self.sale: list[Decimal] = [Decimal(0)] * n
        self.mortgage: list[Decimal] = [Decimal(0)] * n
        self.title: list[Decimal] = [Decimal(0)] * n
        for sq in board.squares:
            if not sq.is_street:
                continue
            for h in range(MAX_HOUSES + 1):
                for t in range(HOTEL_SPAN):
                    i = sq.index * COMBOS + h * HOTEL_SPAN + t
                    self.rent[i] = rules.rent(sq.rent, h, t)
                    self.sale[i] = rules.sale_price(sq.price, sq.build, sq.factor, h, t)
                    self.mortgage[i] = rules.mortgage_amount(sq.mortgage, h, t)
                    self.title[i] = rules.title_value(sq.price, sq.build, h, t)
        self._json: dict[Decimal, int | float] = {}
        self._cancel: dict[int, tuple[Decimal, Decimal, int | float]] = {}
        J = to_json_number
        self.rent_j = [J(x) for x in self.rent]
        self.sale_j = [J(x) for x in self.sale]
        self.mortgage_j = [J(x) for x in self.mortgage]
        self.price = [sq.price for sq in board.squares]
        self.build = [sq.build for sq in board.squares]
        self.price_j = [J(sq.price) for sq in board.squares]
        self.build_j = [J(sq.build) for sq in board.squares]
        self.tax_j = [J(sq.tax) for sq in board.squares]
        self.card_j = [None if c.value is None else J(c.value) for c in board.cards]
        self.bail_j, self.salida_j = J(BAIL), J(SALIDA_BONUS)
        self.factor_j = [J(sq.factor) for sq in board.squares]
        self.base_rent_j = [J(sq.rent) for sq in board.squares]
        self.base_mortgage_j = [J(sq.mortgage) for sq in board.squares]
        #: what a view shows of each square that is not a street (it never changes)
        self.square_view: list[dict[str, Any]] = []
        for sq in board.squares:
            d: dict[str, Any] = {"index": sq.index, "type": sq.kind, "name": sq.name,
                                 "name_en": sq.name_en}
            if sq.kind == "IMPUESTO":
                d["tax"] = J(sq.tax)
            self.square_view.append(d)

    @staticmethod
    def index(s: int, houses: int, hotels: int) -> int:
        """The tables' index of street ``s`` with those buildings (-1: outside the limits)."""
        if 0 <= houses <= MAX_HOUSES and 0 <= hotels <= MAX_HOTELS:
            return s * COMBOS + houses * HOTEL_SPAN + hotels
        return -1

    def json(self, amount: Decimal) -> int | float:
        """``to_json_number(amount)``, remembered (balances and card totals recur)."""
        memo = self._json
        got = memo.get(amount)
        if got is None:
            if len(memo) > _JSON_MEMO_LIMIT:
                memo.clear()
            got = memo[amount] = to_json_number(amount)
        return got

    def cancel(self, received: Decimal) -> tuple[Decimal, int | float]:
        """What cancelling a mortgage that paid ``received`` costs, and its JSON number.
        Remembered per amount *object* (the mortgage table's amounts recur): equal amounts
        written differently (150 and 150.0) give differently written costs, as the formula
        does."""
        memo = self._cancel
        got = memo.get(id(received))
        if got is None or got[0] is not received:
            if len(memo) > _JSON_MEMO_LIMIT:
                memo.clear()
            cost = self.rules.cancel_cost(received)
            got = memo[id(received)] = (received, cost, to_json_number(cost))
        return got[1], got[2]

_TABLES: dict[tuple[int, int], MoneyTables] = {}


def tables_for(board: Board, rules: Ruleset) -> MoneyTables:
    """The tables of ``board`` under ``rules`` (made once; boards and rulebooks are immutable
    and the entry keeps both alive, so their ids cannot be reused while it exists)."""
    key = (id(board), id(rules))
    got = _TABLES.get(key)
    if got is None or got.board is not board or got.rules is not rules:
        if len(_TABLES) > 64:
            _TABLES.clear()
        got = _TABLES[key] = MoneyTables(board, rules)
    return got
