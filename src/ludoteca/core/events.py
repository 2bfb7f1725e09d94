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
# dataclass's ``__init__`` sets each slot through ``object.__setattr__``. ``new_event`` fills
# the slots of a twin class with the same layout (plain attribute stores, no descriptor
# calls), then makes the object an Event (``__class__`` assignment, which CPython allows
# between classes whose slots are the same): the very same Event at about a sixth of the
# cost. Checked below; setting the slots through their descriptors is the fallback.
def _slot_setter() -> Any:
    new = object.__new__
    set_kind, set_rule, set_data = Event.kind.__set__, Event.rule.__set__, Event.data.__set__

    def by_descriptors(kind: str, rule: str | None, data: dict[str, Any]) -> Event:
        e = new(Event)
        set_kind(e, kind)
        set_rule(e, rule)
        set_data(e, data)
        return e

    try:
        class _Twin:
            __slots__ = Event.__slots__

        def by_twin(kind: str, rule: str | None, data: dict[str, Any]) -> Event:
            e = new(_Twin)
            e.kind = kind
            e.rule = rule
            e.data = data
            e.__class__ = Event
            return e

        probe = by_twin("k", "r", {"x": 1})
        if type(probe) is Event and probe == Event("k", "r", {"x": 1}):
            return by_twin
    except (AttributeError, TypeError):
        pass
    return by_descriptors


new_event = _slot_setter()
new_event.__doc__ = "``Event(kind, rule, data)``, made faster (engines' hot paths use it)."

assert new_event("k", "r", {"x": 1}) == Event("k", "r", {"x": 1})   # in step with the fields
