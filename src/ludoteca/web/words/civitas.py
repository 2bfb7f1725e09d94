"""Civitas's action buttons in words (shared with Qytetet in ``_monopoly``)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from . import Words
from ._monopoly import describe_action

HOTEL_WEIGHT = Decimal("2.5")  # CV-8.2: a hotel weighs 2.5 in the mortgage amount


def describe(view: dict[str, Any], action: str) -> Words | None:
    """What ``action`` does, with the names and numbers of the seat's ``view``."""
    return describe_action(view, action, HOTEL_WEIGHT)
