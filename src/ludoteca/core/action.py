"""Actions: small immutable values with a stable text form."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """One move a seat can make: a name and an optional integer argument.

    ``str(action)`` is its canonical text form (e.g. ``"edificar-casa 5"``), which
    ``ludoteca.parse`` reads back. Equal actions have equal names and arguments; the text and
    the hash are computed once, when the action is made (engines compare and hash actions
    at every step).
    """

    name: str
    arg: int | None = None
    _text: str = field(init=False, repr=False)
    _hash: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        text = self.name if self.arg is None else f"{self.name} {self.arg}"
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_hash", hash((self.name, self.arg)))

    def __str__(self) -> str:
        return self._text

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Action:
            return NotImplemented
        return self._hash == other._hash and self.name == other.name \
            and self.arg == other.arg

    def __hash__(self) -> int:
        return self._hash

    def to_json(self) -> str:
        return self._text
