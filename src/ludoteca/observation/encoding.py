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
from array import array
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
    """``fn(obj, ctx)`` returns a list of ``width`` floats (already scaled). ``sparse``, when
    given, is the same function written for speed: ``sparse(obj, ctx, out, at)`` writes only
    the non-zero values of that list at ``out[at:]`` (which is all zeros there)."""

    def __init__(self, name: str, width: int, fn: Callable[[Any, Ctx], Sequence[float]],
                 doc: str = "",
                 sparse: Callable[[Any, Ctx, Any, int], None] | None = None) -> None:
        self.name, self.width, self.fn, self.doc, self.sparse = name, width, fn, doc, sparse

    def write(self, obj: Any, ctx: Ctx, out: list[float], at: int) -> None:
        if self.sparse is not None:
            self.sparse(obj, ctx, out, at)
            return
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


# ----- the compiled encoder --------------------------------------------------------------------
# Every encoder is turned once into one straight Python function (source in ``Encoder.source``)
# that reads the view and writes the float64 scratch buffer with the very arithmetic of the
# fields' ``write`` methods above (so the float32 vector is the same, bit for bit), without a
# method call, a getter closure or a Python list per field.

def _unknown(field: Field, value: Any) -> UnknownValue:
    return UnknownValue(f"{field.name}: {value!r} is not one of {list(field.choices)}")


def _unknown_keys(field: Field, d: Any) -> UnknownValue:
    return UnknownValue(f"{field.name}: keys {sorted(d)} not all in {list(field.choices)}")


def _bad_width(field: Field, values: Sequence[float]) -> ValueError:
    return ValueError(f"{field.name}: {len(values)} values, expected {field.width}")


class _Gen:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.consts: dict[str, Any] = {}
        self.count = 0

    def const(self, value: Any) -> str:
        name = f"K{len(self.consts)}"
        self.consts[name] = value
        return name

    def var(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def emit(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)


def _at(base: str | None, k: int) -> str:
    return str(k) if base is None else (f"{base} + {k}" if k else base)


_NUMBER = "(0.0 if {x} is None else (1.0 if {x} else 0.0) if ({x} is True or {x} is False) " \
          "else float({x}))"


def _read(g: _Gen, f: Field, o: str, d: str) -> str:
    key = getattr(f, "key", None)
    if isinstance(key, str) and "." not in key:
        return f"({o}.get({key!r}) if {d} else None)"
    return f"{g.const(f.read)}({o})"            # a dotted path or a function of the object


def _gen_fields(g: _Gen, fields: Sequence[Field], o: str, d: str, base: str | None, at: int,
                depth: int) -> None:
    for f in fields:
        _gen_field(g, f, o, d, base, at, depth)
        at += f.width


def _gen_field(g: _Gen, f: Field, o: str, d: str, base: str | None, at: int,
               depth: int) -> None:
    emit = g.emit
    t = type(f)
    x = g.var("x")
    if t is _NumRun:
        emit(depth, f"if {d}:")
        for k, (key, scale) in enumerate(f.pairs):
            emit(depth + 1, f"{x} = {o}.get({key!r})")
            emit(depth + 1, f"if {x} is not None:")
            emit(depth + 2, f"out[{_at(base, at + k)}] = (1.0 if {x} else 0.0) if ({x} is True "
                            f"or {x} is False) else {x} / {scale!r}")
    elif t in (Num, Flag):
        emit(depth, f"{x} = {_read(g, f, o, d)}")
        emit(depth, f"out[{_at(base, at)}] = {_NUMBER.format(x=x)} / {f.scale!r}")
    elif t is Cat:
        i, fk, idx = g.var("i"), g.const(f), g.const(f.index)
        emit(depth, f"{x} = {_read(g, f, o, d)}")
        emit(depth, f"if {x} is not None:")
        emit(depth + 1, f"{i} = {idx}.get({x})")
        emit(depth + 1, f"if {i} is not None:")
        emit(depth + 2, f"out[{_at(base, at)} + {i}] = 1.0")
        emit(depth + 1, "elif strict:")
        emit(depth + 2, f"raise _unknown({fk}, {x})")
    elif t is Multi:
        i, fk, idx = g.var("i"), g.const(f), g.const(f.index)
        emit(depth, f"for {x} in {_read(g, f, o, d)} or ():")
        emit(depth + 1, f"{i} = {idx}.get({x})")
        emit(depth + 1, f"if {i} is not None:")
        emit(depth + 2, f"out[{_at(base, at)} + {i}] += {1.0 / f.scale!r}")
        emit(depth + 1, "elif strict:")
        emit(depth + 2, f"raise _unknown({fk}, {x})")
    elif t is Counts:
        c, fk, choices = g.var("c"), g.const(f), g.const(f.choices)
        emit(depth, f"{c} = {_read(g, f, o, d)} or {{}}")
        emit(depth, f"if strict and any(k not in {choices} for k in {c}):")
        emit(depth + 1, f"raise _unknown_keys({fk}, {c})")
        for k, choice in enumerate(f.choices):
            emit(depth, f"{x} = {c}.get({choice!r})")
            emit(depth, f"out[{_at(base, at + k)}] = {_NUMBER.format(x=x)} / {f.scale!r}")
    elif t is Seq:
        i, j = g.var("i"), g.var("j")
        emit(depth, f"for {i}, {x} in enumerate(list({_read(g, f, o, d)} or ())):")
        emit(depth + 1, f"{j} = ({i} - me) % n" if f.by_seat else f"{j} = {i}")
        emit(depth + 1, f"if {j} < {f.width}:")
        emit(depth + 2, f"out[{_at(base, at)} + {j}] = {_NUMBER.format(x=x)} / {f.scale!r}")
    elif t is Seat:
        emit(depth, f"{x} = {_read(g, f, o, d)}")
        emit(depth, f"if isinstance({x}, int) and not isinstance({x}, bool):")
        emit(depth + 1, f"out[{_at(base, at)} + ({x} - me) % n] = 1.0")
    elif t is Seats:
        emit(depth, f"for {x} in {_read(g, f, o, d)} or ():")
        emit(depth + 1, f"if isinstance({x}, str) and {x}.isdigit():")
        emit(depth + 2, f"{x} = int({x})")
        emit(depth + 1, f"if isinstance({x}, int) and not isinstance({x}, bool):")
        emit(depth + 2, f"out[{_at(base, at)} + ({x} - me) % n] = 1.0")
    elif t is Custom and f.sparse is not None:
        emit(depth, f"{g.const(f.sparse)}({o}, ctx, out, {_at(base, at)})")
    elif t is Custom:
        fk, fn = g.const(f), g.const(f.fn)
        emit(depth, f"{x} = {fn}({o}, ctx)")
        emit(depth, f"if len({x}) != {f.width}:")
        emit(depth + 1, f"raise _bad_width({fk}, {x})")
        emit(depth, f"out[{_at(base, at)}:{_at(base, at + f.width)}] = array('d', {x})")
    elif t is Group:
        o2, d2 = g.var("o"), g.var("d")
        emit(depth, f"{o2} = {_read(g, f, o, d)}")
        emit(depth, f"if {o2} is not None:")
        if f.present:
            emit(depth + 1, f"out[{_at(base, at)}] = 1.0")
        emit(depth + 1, f"{d2} = isinstance({o2}, dict)")
        _gen_fields(g, f.fast, o2, d2, base, at + int(f.present), depth + 1)
    elif t is Items:
        i, j, b, o2, d2 = g.var("i"), g.var("j"), g.var("b"), g.var("o"), g.var("d")
        emit(depth, f"for {i}, {o2} in enumerate({_read(g, f, o, d)} or ()):")
        emit(depth + 1, f"if {o2} is None:")
        emit(depth + 2, "continue")
        if f.order == "list":
            emit(depth + 1, f"{j} = {i}")
        elif f.order == "seat":
            emit(depth + 1, f"{j} = ({i} - me) % n")
        else:
            emit(depth + 1, f"{j} = {g.const(f.order)}({o2}, ctx)")
            emit(depth + 1, f"if {j} is None:")
            emit(depth + 2, "continue")
        emit(depth + 1, f"if not 0 <= {j} < {f.length}:")
        emit(depth + 2, "continue")
        emit(depth + 1, f"{b} = {_at(base, at)} + {j} * {f.item_width}")
        emit(depth + 1, f"out[{b}] = 1.0")
        emit(depth + 1, f"{d2} = isinstance({o2}, dict)")
        _gen_fields(g, f.fast, o2, d2, b, 1, depth + 1)
    else:                                       # any other Field: its own write method
        emit(depth, f"{g.const(f)}.write({o}, ctx, out, {_at(base, at)})")


def compile_encoder(fields: Sequence[Field]) -> tuple[Callable[..., None], str]:
    """``fields`` (already fused by :func:`compiled`) as one function ``run(view, ctx, out)``
    writing a float64 buffer; also its source, for reading and debugging."""
    g = _Gen()
    g.emit(1, "me = ctx.me")
    g.emit(1, "n = ctx.n")
    g.emit(1, "strict = ctx.strict")
    g.emit(1, "d0 = isinstance(view, dict)")
    _gen_fields(g, fields, "view", "d0", None, 0, 1)
    source = "def run(view, ctx, out):\n" + "\n".join(g.lines) + "\n"
    namespace: dict[str, Any] = dict(g.consts, array=array, _unknown=_unknown,
                                     _unknown_keys=_unknown_keys, _bad_width=_bad_width)
    exec(compile(source, "<ludoteca.rl compiled encoder>", "exec"), namespace)  # noqa: S102
    return namespace["run"], source



class Encoder:
    """A game's observation encoder: ``encode(view, seat, n_players)`` -> float32 vector."""

    def __init__(self, game_id: str, max_players: int, fields: Sequence[Field],
                 rewards: str = "") -> None:
        self.game_id, self.max_players, self.fields = game_id, max_players, list(fields)
        self.size = sum(f.width for f in self.fields)
        self.fast = compiled(self.fields)
        self.rewards_doc = rewards
        self._zero = array("d", bytes(8 * self.size))
        self._run, self.source = compile_encoder(self.fast)

    def encode(self, view: dict[str, Any], seat: int, n_players: int,
               strict: bool = False, out: np.ndarray | None = None) -> np.ndarray:
        """The float32 vector of ``view`` seen by ``seat``; written into ``out`` (a float32
        array of ``size``) when given, else into a new array."""
        buf = self.scratch()
        self._run(view, Ctx(seat, n_players, strict), buf)
        return self.finish(buf, out)

    def scratch(self) -> array:
        """A float64 buffer of ``size`` zeros (one memcpy) for ``_run`` or a direct writer."""
        return self._zero[:]

    def finish(self, buf: array, out: np.ndarray | None = None) -> np.ndarray:
        """The float32 vector of a filled scratch buffer: cast, then clipped to ±LIMIT."""
        if out is None:
            out = np.empty(self.size, dtype=np.float32)
        np.copyto(out, np.frombuffer(buf, dtype=np.float64), casting="unsafe")
        np.minimum(out, LIMIT, out=out)          # np.clip, without its dispatch overhead
        np.maximum(out, -LIMIT, out=out)
        return out

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
