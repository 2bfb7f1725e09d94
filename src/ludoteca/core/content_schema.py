"""Shared pieces of the declared content schemas (pydantic models of a game's TOML file).

A game's ``schema.py`` declares its file as :class:`Spec` models; the rulebook's counts are
checked in validators that raise :class:`Problem` (field, what is wrong, what is allowed, with
the rule ID). :func:`load_spec` reads a TOML text and turns any failure into one
:class:`~ludoteca.core.errors.ContentError` naming the file, the field path and what is allowed.
"""

from __future__ import annotations

import json
import tomllib
import types
import typing
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ludoteca.core.errors import ContentError

NonNeg = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]

S = TypeVar("S", bound=BaseModel)


class Spec(BaseModel):
    """A table of a content file: values typed strictly (TOML's own types, no coercion).

    Unknown keys are kept (the shipped files carry notes such as ``authored`` or ``rule``)."""

    model_config = ConfigDict(strict=True, extra="allow")


class Problem(ValueError):
    """A broken rule in a content file: ``field`` (a path, relative to the table whose
    validator raised it), what is wrong and what is allowed."""

    def __init__(self, field: str, problem: str, allowed: str) -> None:
        self.field, self.problem, self.allowed = field, problem, allowed
        super().__init__(f"{field}: {problem}; allowed: {allowed}")


def expect(value: Any, want: Any, field: str, rule: str,
           says: str = "the rulebook says") -> None:
    """Raise a :class:`Problem` unless ``value == want`` (``rule`` names the rule ID)."""
    if value != want:
        raise Problem(field, f"got {value!r}, {says} {want!r} ({rule})", repr(want))


def one_of(value: Any, allowed: typing.Iterable[Any], field: str, note: str = "") -> Any:
    """``value`` if it is among ``allowed``, else a :class:`Problem` listing them."""
    allowed = tuple(allowed)
    if value not in allowed:
        raise Problem(field, f"got {value!r}", ", ".join(str(a) for a in allowed) + note)
    return value


def field_path(loc: tuple[Any, ...]) -> str:
    """``('cards', 3, 'flag')`` -> ``cards[3].flag``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out


def _describe(annotation: Any) -> str:
    """What a field accepts, in words."""
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _describe(typing.get_args(annotation)[0])
    if origin is Literal:
        return ", ".join(str(a) for a in typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(a) for a in typing.get_args(annotation) if a is not type(None))
    if origin in (list, tuple):
        return "a list"
    if origin is dict:
        return "a table"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "a table of " + ", ".join(annotation.model_fields)
    return {int: "a whole number", str: "a string", bool: "true or false",
            float: "a number"}.get(annotation, "a value")


def _unwrap(t: Any) -> Any:
    """Strip ``Annotated`` and ``None`` from a type."""
    while True:
        origin = typing.get_origin(t)
        if origin is Annotated:
            t = typing.get_args(t)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(t) if a is not type(None)]
            if len(args) != 1:
                return t
            t = args[0]
        else:
            return t


def _annotation_at(model: type[BaseModel], loc: tuple[Any, ...]) -> tuple[Any, Any]:
    """(annotation of the field at ``loc``, the model holding it) by walking the models."""
    ann: Any = model
    holder: Any = model
    for part in loc:
        current = _unwrap(ann)
        origin = typing.get_origin(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            named = {f.alias or k: f for k, f in current.model_fields.items()}
            field = current.model_fields.get(part) or named.get(part)
            if field is None:
                return Any, holder
            holder, ann = current, field.annotation
        elif origin in (list, tuple) and isinstance(part, int):
            ann = typing.get_args(current)[0]
        elif origin is dict:
            ann = typing.get_args(current)[1]
        else:
            return Any, holder
    return ann, holder


def _error_parts(model: type[BaseModel], err: dict[str, Any]) -> tuple[str, str, str]:
    """(field, problem, allowed) of one pydantic error."""
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and "[" in p))
    path = field_path(loc)
    ctx = err.get("ctx") or {}
    cause = ctx.get("error")
    if isinstance(cause, Problem):
        field = cause.field if not path else (f"{path}.{cause.field}" if cause.field else path)
        return field or "(file)", cause.problem, cause.allowed
    kind = err["type"]
    if kind == "missing":
        ann, _ = _annotation_at(model, loc)
        return path, "missing", _describe(ann)
    if kind == "extra_forbidden":
        parent = _annotation_at(model, loc[:-1])[0] if loc[:-1] else model
        fields = parent.model_fields if isinstance(parent, type) and \
            issubclass(parent, BaseModel) else {}
        return path, "unknown field", ", ".join(fields) or "the documented fields"
    if kind == "literal_error":
        return path, f"got {err['input']!r}", str(ctx.get("expected", "")).replace("'", "")
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        return path, f"got {err['input']!r}", err["msg"].replace("Input should be ", "a number ")
    if kind == "value_error":
        return path or "(file)", err["msg"].removeprefix("Value error, "), "see the rulebook"
    ann, _ = _annotation_at(model, loc)
    return path or "(file)", f"got {err.get('input')!r}", _describe(ann)


def load_spec(model: type[S], text: str, origin: str) -> tuple[dict[str, Any], S]:
    """Read TOML ``text`` and validate it as ``model``: (the raw tables, the model).

    Raises :class:`ContentError` "``origin``: field.path: what is wrong; allowed: …"."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{origin}: not valid TOML: {exc}") from exc
    return raw, validate_spec(model, raw, origin)


def validate_spec(model: type[S], raw: dict[str, Any], origin: str) -> S:
    """Validate already-read tables (see :func:`load_spec`)."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        field, problem, allowed = _error_parts(model, exc.errors()[0])
        raise ContentError(f"{origin}: {field}: {problem}; allowed: {allowed}") from None


def json_schema(model: type[BaseModel], title: str) -> str:
    """The model's JSON Schema as indented text (for editors, e.g. with Taplo/Even Better
    TOML's ``#:schema`` directive)."""
    schema = model.model_json_schema()
    schema["title"] = title
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return json.dumps(schema, ensure_ascii=False, indent=2)


def sub_validate(model: type[S], data: Any, field: str) -> S:
    """Validate ``data`` as ``model`` inside a validator; failures become a :class:`Problem`
    at ``field`` + the inner path."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        inner, problem, allowed = _error_parts(model, exc.errors()[0])
        path = f"{field}.{inner}" if inner and inner != "(file)" else field
        raise Problem(path, problem, allowed) from None
