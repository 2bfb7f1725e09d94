"""Exact money: ``decimal.Decimal`` amounts, never rounded, shown for people and JSON."""

from __future__ import annotations

from decimal import Decimal

ZERO = Decimal(0)


def to_json_number(amount: Decimal) -> int | float:
    """An int when the amount is whole, else a float (for JSON views)."""
    if amount == amount.to_integral_value():
        return int(amount)
    return float(amount)


def format_money(amount: Decimal, lang: str = "es") -> str:
    """``7.387,5 €`` in Spanish, ``€7,387.5`` in English; never rounds."""
    sign = "-" if amount < 0 else ""
    amount = abs(amount).normalize()
    whole, _, frac = f"{amount:f}".partition(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    if lang == "es":
        text = ".".join(groups) + ("," + frac if frac else "")
        return f"{sign}{text} €"
    text = ",".join(groups) + ("." + frac if frac else "")
    return f"{sign}€{text}"
