"""What each Monopoly-family rulebook decides differently (formulas, thresholds, ranking,
deck, rule IDs). The shared turn flow in ``state.py`` asks a :class:`Ruleset` for these."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from .content import DeckRules

ZERO = Decimal(0)
HALF = Decimal("0.5")
RENT_HOTEL = Decimal("2.5")
FIVE = Decimal(5)
CANCEL_SURCHARGE = Decimal("1.10")
START_BALANCE = Decimal(7500)
SALIDA_BONUS = Decimal(1000)
BAIL = Decimal(200)
MAX_HOUSES = 4
MAX_HOTELS = 4
JAIL_EXIT_ROLL = 5


@dataclass(frozen=True, eq=False)
class Ruleset:
    """One rulebook of the family. ``rules`` maps an event kind to its checklist rule ID."""

    game_id: str
    title: str
    mortgage_hotel: Decimal          # hotels' weight in the mortgage amount
    bankrupt_at_zero: bool           # QY: balance <= 0 is bankrupt; CV: only < 0
    ranked_by_capital: bool          # QY: balance + title values; CV: balance only
    deck: DeckRules
    rules: dict[str, str] = field(default_factory=dict)

    # ----- formulas (exact decimals, never rounded) -------------------------------------------
    @staticmethod
    def rent(base_rent: Decimal, houses: int, hotels: int) -> Decimal:
        """baseRent × (1 + 0.5·houses + 2.5·hotels)."""
        return base_rent * (1 + HALF * houses + RENT_HOTEL * hotels)

    @staticmethod
    def sale_price(price: Decimal, build: Decimal, factor: Decimal, houses: int,
                   hotels: int) -> Decimal:
        """purchasePrice + (houses + 5·hotels) × buildPrice × factor."""
        return price + (houses + FIVE * hotels) * build * factor

    def mortgage_amount(self, base: Decimal, houses: int, hotels: int) -> Decimal:
        """baseMortgage × (1 + 0.5·houses + k·hotels), k = 1 (Qytetet) or 2.5 (Civitas)."""
        return base * (1 + HALF * houses + self.mortgage_hotel * hotels)

    @staticmethod
    def cancel_cost(received: Decimal) -> Decimal:
        """The amount received when mortgaging plus 10 %."""
        return received * CANCEL_SURCHARGE

    @staticmethod
    def title_value(price: Decimal, build: Decimal, houses: int, hotels: int) -> Decimal:
        """purchasePrice + houses × buildPrice + hotels × 5 × buildPrice (Qytetet's capital)."""
        return price + houses * build + hotels * FIVE * build

    def is_bankrupt(self, balance: Decimal) -> bool:
        return balance <= ZERO if self.bankrupt_at_zero else balance < ZERO

    def rule(self, key: str) -> str:
        return self.rules[key]
