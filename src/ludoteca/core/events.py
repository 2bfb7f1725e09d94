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


# Engines make one or two events an action, by the million in a search. The frozen
# dataclass's ``__init__`` sets each slot through ``object.__setattr__``; setting the slots
# directly builds the very same Event at about a third of the cost.
_new = object.__new__
_set_kind, _set_rule, _set_data = Event.kind.__set__, Event.rule.__set__, Event.data.__set__


def new_event(kind: str, rule: str | None, data: dict[str, Any]) -> Event:
    """``Event(kind, rule, data)``, made faster (engines' hot paths use it)."""
    e = _new(Event)
    _set_kind(e, kind)
    _set_rule(e, rule)
    _set_data(e, data)
    return e


assert new_event("k", "r", {"x": 1}) == Event("k", "r", {"x": 1})   # in step with the fields
