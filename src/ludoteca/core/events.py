"""Events: what an action did, each tagged with the rule that made it happen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``rule`` is the checklist rule ID (e.g. ``"QY-7.1"``).

    ``data`` holds JSON-ready values (seats are ints, money is int or float). Money moves
    carry ``player`` (who gains or loses), ``amount`` (signed change of that player's
    balance) and ``counterpart`` (the other player, or ``None`` when no player is on the
    other side).
    """

    kind: str
    rule: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "rule": self.rule, **self.data}
