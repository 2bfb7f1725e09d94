"""Actions: small immutable values with a stable text form."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """One move a seat can make: a name and an optional integer argument.

    ``str(action)`` is its canonical text form (e.g. ``"edificar-casa 5"``), which
    ``ludoteca.parse`` reads back.
    """

    name: str
    arg: int | None = None

    def __str__(self) -> str:
        return self.name if self.arg is None else f"{self.name} {self.arg}"

    def to_json(self) -> str:
        return str(self)
