"""A small declarative language for fixed-size observation vectors read from a view.

A game's encoder is a list of fields; each field reads one part of ``game.view(seat)`` (a
JSON-ready dict) and writes a fixed number of floats. Widths depend only on the game's largest
player count, never on the state, so every observation of a game has the same length.

Conventions (docs/rl.md):

- numbers are divided by a documented scale; a missing value (``None``) is 0; the whole
  vector is clipped to ``[-LIMIT, LIMIT]`` so it always lies in the observation space;
- categories are one-hot over a fixed list of choices; ``None`` is all zeros;
- seats are *relative* to the observing seat: slot 0 is the observer, slot 1 the next seat
  in seat order, and so on; seats beyond the table's size stay zero;
- lists of items are padded with zeros; each item block starts with a ``present`` flag.

Nothing here looks at anything but the view it is given, so an observation can only show what
the view shows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

LIMIT = 10.0

Getter = str | Callable[[Any], Any]


class UnknownValue(ValueError):
    """A categorical value the encoder's vocabulary does not list (strict mode only)."""


@dataclass
class Ctx:
    """Who is looking: ``me`` (observing seat), ``n`` players, ``strict`` vocabularies."""

    me: int
    n: int
    strict: bool = False

    def rel(self, seat: Any) -> int | None:
        """The observer-relative slot of ``seat`` (0 = the observer), None for no seat."""
        if seat is None or isinstance(seat, bool) or not isinstance(seat, int):
            return None
        return (seat - self.me) % self.n


def get(obj: Any, key: Getter) -> Any:
    """``obj[key]`` along a dotted path, or ``key(obj)``; None when any step is missing."""
    return getter(key)(obj)


def getter(key: Getter) -> Callable[[Any], Any]:
    """A fast reader for ``key`` (made once per field, used at every observation)."""
    if callable(key):
        return key
    parts = tuple(key.split("."))
    if len(parts) == 1:
        return lambda obj: obj.get(key) if isinstance(obj, dict) else None

    def read(obj: Any) -> Any:
        for part in parts:
            if not isinstance(obj, dict):
                return None
            obj = obj.get(part)
        return obj
    return read


def _number(v: Any) -> float:
    if v is None:
        return 0.0
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    return float(v)


@dataclass
class Row:
    """One line of a layout table: ``name`` at ``offset`` (first instance), ``width`` floats,
    repeated ``count`` times every ``stride`` floats."""

    name: str
    offset: int
    width: int
    count: int
    stride: int
    doc: str


class Field:
    """Base: a named part of the vector of fixed ``width``."""

    name: str
    doc: str = ""
    width: int = 1

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        raise NotImplementedError

    def rows(self, prefix: str, at: int) -> list[tuple[str, int, int, str]]:
        """(path, offset, width, doc) of every leaf, for the layout tables."""
        return [(prefix + self.name, at, self.width, self.doc)]


class Num(Field):
    """A number divided by ``scale`` (booleans are 0/1)."""

    def __init__(self, key: Getter, scale: float = 1.0, doc: str = "",
                 name: str | None = None) -> None:
        self.key, self.scale = key, float(scale)
        self.read = getter(key)
        self.name = name or str(key)
        self.doc = doc or (f"÷ {scale:g}" if scale != 1 else "")

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        out[at] = _number(self.read(obj)) / self.scale


class Flag(Num):
    """A yes/no value as 0 or 1."""

    def __init__(self, key: Getter, doc: str = "", name: str | None = None) -> None:
        super().__init__(key, 1.0, doc or "0/1", name)


class Cat(Field):
    """One-hot over ``choices``; None is all zeros."""

    def __init__(self, key: Getter, choices: Sequence[Any], doc: str = "",
                 name: str | None = None) -> None:
        self.key, self.choices = key, tuple(choices)
        self.read = getter(key)
        self.index = {c: i for i, c in enumerate(self.choices)}
        self.name = name or str(key)
        self.width = len(self.choices)
        self.doc = doc or "one-hot: " + ", ".join(map(str, self.choices))

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        v = self.read(obj)
        if v is None:
            return
        i = self.index.get(v)
        if i is None:
            if ctx.strict:
                raise UnknownValue(f"{self.name}: {v!r} is not one of {list(self.choices)}")
            return
        out[at + i] = 1.0


class Multi(Field):
    """Counts of the items of a list (or dict keys) among ``choices``, divided by ``scale``."""

    def __init__(self, key: Getter, choices: Sequence[Any], scale: float = 1.0,
                 doc: str = "", name: str | None = None) -> None:
        self.key, self.choices, self.scale = key, tuple(choices), float(scale)
        self.read = getter(key)
        self.index = {c: i for i, c in enumerate(self.choices)}
        self.name = name or str(key)
        self.width = len(self.choices)
        self.doc = doc or "count of each: " + _short(self.choices)

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        for v in self.read(obj) or ():
            i = self.index.get(v)
            if i is None:
                if ctx.strict:
                    raise UnknownValue(f"{self.name}: {v!r} is not one of {list(self.choices)}")
                continue
            out[at + i] += 1.0 / self.scale


class Counts(Field):
    """A dict ``{choice: number}`` as one number per choice, divided by ``scale``."""

    def __init__(self, key: Getter, choices: Sequence[str], scale: float = 1.0,
                 doc: str = "", name: str | None = None) -> None:
        self.key, self.choices, self.scale = key, tuple(choices), float(scale)
        self.read = getter(key)
        self.name = name or str(key)
        self.width = len(self.choices)
        self.doc = doc or f"per {_short(self.choices)}" + (f", ÷ {scale:g}" if scale != 1 else "")

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        d = self.read(obj) or {}
        if ctx.strict and any(k not in self.choices for k in d):
            raise UnknownValue(f"{self.name}: keys {sorted(d)} not all in {list(self.choices)}")
        for i, c in enumerate(self.choices):
            out[at + i] = _number(d.get(c)) / self.scale


class Seq(Field):
    """A list of numbers, padded with zeros (or cut) to ``length``, divided by ``scale``."""

    def __init__(self, key: Getter, length: int, scale: float = 1.0, doc: str = "",
                 name: str | None = None, by_seat: bool = False) -> None:
        self.key, self.width, self.scale, self.by_seat = key, length, float(scale), by_seat
        self.read = getter(key)
        self.name = name or str(key)
        parts = (["one per seat, relative"] if by_seat else []) + (
            [f"÷ {scale:g}"] if scale != 1 else [])
        self.doc = doc or ", ".join(parts)

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        values = list(self.read(obj) or ())
        for i, v in enumerate(values):
            j = ctx.rel(i) if self.by_seat else i
            if j is not None and j < self.width:
                out[at + j] = _number(v) / self.scale


class Seat(Field):
    """A seat number as a one-hot over observer-relative slots; None is all zeros."""

    def __init__(self, key: Getter, max_players: int, doc: str = "",
                 name: str | None = None) -> None:
        self.key, self.width = key, max_players
        self.read = getter(key)
        self.name = name or str(key)
        self.doc = doc or "relative seat one-hot (0 = me)"

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        j = ctx.rel(self.read(obj))
        if j is not None:
            out[at + j] = 1.0


class Seats(Field):
    """A list of seats (or a dict keyed by seat) as a multi-hot over relative slots."""

    def __init__(self, key: Getter, max_players: int, doc: str = "",
                 name: str | None = None) -> None:
        self.key, self.width = key, max_players
        self.read = getter(key)
        self.name = name or str(key)
        self.doc = doc or "relative seats multi-hot (0 = me)"

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        for s in self.read(obj) or ():
            j = ctx.rel(int(s) if isinstance(s, str) and s.isdigit() else s)
            if j is not None:
                out[at + j] = 1.0


class Custom(Field):
    """``fn(obj, ctx)`` returns a list of ``width`` floats (already scaled)."""

    def __init__(self, name: str, width: int, fn: Callable[[Any, Ctx], Sequence[float]],
                 doc: str = "") -> None:
        self.name, self.width, self.fn, self.doc = name, width, fn, doc

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        values = self.fn(obj, ctx)
        if len(values) != self.width:
            raise ValueError(f"{self.name}: {len(values)} values, expected {self.width}")
        out[at:at + self.width] = values


class Group(Field):
    """A nested dict (or anything ``key`` returns) read by ``fields``; a leading ``present``
    flag says whether it was there (not None)."""

    def __init__(self, key: Getter, fields: Sequence[Field], name: str | None = None,
                 present: bool = True) -> None:
        self.key, self.fields, self.present = key, list(fields), present
        self.read = getter(key)
        self.fast = compiled(self.fields)
        self.name = name or str(key)
        self.width = int(present) + sum(f.width for f in self.fields)

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        sub = self.read(obj)
        if sub is None:
            return
        if self.present:
            out[at] = 1.0
        _write_all(self.fast, sub, ctx, out, at + int(self.present))

    def rows(self, prefix: str, at: int) -> list[tuple[str, int, int, str]]:
        out = [(f"{prefix}{self.name}.present", at, 1, "0/1")] if self.present else []
        return out + _rows_all(self.fields, f"{prefix}{self.name}.", at + int(self.present))


class Items(Field):
    """A list of items, each read by ``fields``, padded to ``length`` blocks that each start
    with a ``present`` flag. ``order`` maps the list to block order: ``"list"`` (as given),
    ``"seat"`` (item i belongs to seat i, blocks relative to the observer) or a function
    ``(item, ctx) -> block index`` (None: skip)."""

    def __init__(self, key: Getter, length: int, fields: Sequence[Field],
                 order: str | Callable[[Any, Ctx], int | None] = "list",
                 name: str | None = None, doc: str = "") -> None:
        self.key, self.length, self.fields, self.order = key, length, list(fields), order
        self.read = getter(key)
        self.fast = compiled(self.fields)
        self.name = name or str(key)
        self.item_width = 1 + sum(f.width for f in self.fields)
        self.width = length * self.item_width
        self.doc = doc

    def _slot(self, i: int, item: Any, ctx: Ctx) -> int | None:
        if self.order == "list":
            return i
        if self.order == "seat":
            return ctx.rel(i)
        return self.order(item, ctx)

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        for i, item in enumerate(self.read(obj) or ()):
            if item is None:
                continue
            j = self._slot(i, item, ctx)
            if j is None or not 0 <= j < self.length:
                continue
            b = at + j * self.item_width
            out[b] = 1.0
            _write_all(self.fast, item, ctx, out, b + 1)

    def rows(self, prefix: str, at: int) -> list[tuple[str, int, int, str]]:
        out = []
        for j in range(self.length):
            p = f"{prefix}{self.name}[{j}]"
            b = at + j * self.item_width
            out.append((p + ".present", b, 1, self.doc or "0/1"))
            out += _rows_all(self.fields, p + ".", b + 1)
        return out


class _NumRun(Field):
    """Consecutive plain numbers read in one pass (the hot path of every observation)."""

    def __init__(self, nums: Sequence[Num]) -> None:
        self.pairs = [(str(n.key), n.scale) for n in nums]
        self.width = len(self.pairs)
        self.name = "+".join(k for k, _ in self.pairs)

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        if not isinstance(obj, dict):
            return
        get = obj.get
        for i, (key, scale) in enumerate(self.pairs):
            v = get(key)
            if v is not None:
                out[at + i] = (1.0 if v else 0.0) if v is True or v is False else v / scale


def compiled(fields: Sequence[Field]) -> list[Field]:
    """``fields`` with runs of plain numbers (one-word keys) fused for speed."""
    out: list[Field] = []
    run: list[Num] = []
    for f in fields:
        if type(f) in (Num, Flag) and isinstance(f.key, str) and "." not in f.key:
            run.append(f)
            continue
        if run:
            out.append(_NumRun(run) if len(run) > 1 else run[0])
            run = []
        out.append(f)
    if run:
        out.append(_NumRun(run) if len(run) > 1 else run[0])
    return out


def _write_all(fields: Sequence[Field], obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
    for f in fields:
        f.write(obj, ctx, out, at)
        at += f.width


def _rows_all(fields: Sequence[Field], prefix: str, at: int) -> list[tuple[str, int, int, str]]:
    out = []
    for f in fields:
        out += f.rows(prefix, at)
        at += f.width
    return out


def _short(choices: Sequence[Any]) -> str:
    items = [str(c) for c in choices]
    return ", ".join(items) if len(items) <= 12 else ", ".join(items[:6]) + f", … ({len(items)})"


class Encoder:
    """A game's observation encoder: ``encode(view, seat, n_players)`` -> float32 vector."""

    def __init__(self, game_id: str, max_players: int, fields: Sequence[Field],
                 rewards: str = "") -> None:
        self.game_id, self.max_players, self.fields = game_id, max_players, list(fields)
        self.size = sum(f.width for f in self.fields)
        self.fast = compiled(self.fields)
        self.rewards_doc = rewards

    def encode(self, view: dict[str, Any], seat: int, n_players: int,
               strict: bool = False) -> np.ndarray:
        out = [0.0] * self.size
        _write_all(self.fast, view, Ctx(seat, n_players, strict), out, 0)
        arr = np.fromiter(out, dtype=np.float32, count=self.size)
        np.clip(arr, -LIMIT, LIMIT, out=arr)
        return arr

    def leaves(self) -> list[tuple[str, int, int, str]]:
        """Every leaf of the vector, unfolded: (path, offset, width, meaning)."""
        return _rows_all(self.fields, "", 0)

    def layout(self) -> list[Row]:
        """The vector's layout, repeated blocks folded: one Row per distinct path, with
        ``count`` the instances of its innermost repeated block and ``stride`` their step."""
        rows: dict[str, Row] = {}
        letters = "ijk"
        for path, at, width, doc in self.leaves():
            idx = [int(x) for x in re.findall(r"\[(\d+)\]", path)]
            pieces = re.split(r"\[\d+\]", path)
            key = pieces[0] + "".join(f"[{letters[i]}]{p}" for i, p in enumerate(pieces[1:]))
            r = rows.get(key)
            if r is None:
                rows[key] = Row(key, at, width, 1, 0, doc)
            elif idx and idx[-1] > 0 and all(x == 0 for x in idx[:-1]):
                r.count = idx[-1] + 1
                if idx[-1] == 1:
                    r.stride = at - r.offset
        return list(rows.values())

    def layout_markdown(self) -> str:
        """The layout as a Markdown table (docs/rl.md)."""
        lines = [f"`{self.game_id}`: {self.size} floats (seats relative to the observer; "
                 f"blocks for up to {self.max_players} seats; offsets are those of the first "
                 "block, `[i]` blocks repeat every `stride`, and a `[j]` block inside each).", "",
                 "| offset | name | width | repeated | meaning |", "|---:|---|---:|---|---|"]
        for r in self.layout():
            rep = f"×{r.count}, stride {r.stride}" if r.count > 1 else ""
            lines.append(f"| {r.offset} | `{r.name}` | {r.width} | {rep} | {r.doc} |")
        return "\n".join(lines)
