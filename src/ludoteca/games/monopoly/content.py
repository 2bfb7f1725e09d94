"""Boards and surprise decks of the Monopoly-family games, read from TOML and checked
against the rulebook's structure (QY-3.5 / CV-3.5, QY-10.1–10.3 / CV-10.1–10.3).

A content file has ``[[squares]]`` (20 of them, SALIDA first) and ``[[cards]]`` (the
surprise deck). See ``qytetet/board.toml`` for the documented default.
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ludoteca.core.content_option import read_text
from ludoteca.core.errors import ContentError

N_SQUARES = 20
# the rulebook's counts per square type (§3, §4)
SQUARE_COUNTS = {"SALIDA": 1, "CALLE": 12, "SORPRESA": 3, "JUEZ": 1, "CARCEL": 1,
                 "IMPUESTO": 1, "PARKING": 1}
SQUARE_LABEL = {"SALIDA": "SALIDA", "CALLE": "CALLE", "SORPRESA": "SORPRESA", "JUEZ": "JUEZ",
                "CARCEL": "CÁRCEL", "IMPUESTO": "IMPUESTO", "PARKING": "PARKING"}
# what an English page calls each square type (the Spanish labels are the rulebook's)
SQUARE_LABEL_EN = {"SALIDA": "Start", "CALLE": "Street", "SORPRESA": "Surprise",
                   "JUEZ": "Judge", "CARCEL": "Jail", "IMPUESTO": "Tax", "PARKING": "Parking"}
TITLE_FIELDS = ("purchasePrice", "buildPrice", "factor", "baseRent", "baseMortgage")

# card kinds, whatever each rulebook calls them
PAY, GOTO, PER_BUILDING, PER_PLAYER, ESCAPE, JAIL = (
    "PAY", "GOTO", "PER_BUILDING", "PER_PLAYER", "ESCAPE", "JAIL")
CARD_KIND_BY_NAME = {
    "PAGARCOBRAR": PAY, "IRACASILLA": GOTO, "IRCASILLA": GOTO, "PORCASAHOTEL": PER_BUILDING,
    "PORJUGADOR": PER_PLAYER, "SALIRCARCEL": ESCAPE, "IRCARCEL": JAIL,
}
VALUELESS = (ESCAPE, JAIL)
# what an English page calls each card kind (the Spanish names are each rulebook's own)
CARD_KIND_EN = {PAY: "Pay or collect", GOTO: "Go to a square",
                PER_BUILDING: "Per house and hotel", PER_PLAYER: "Per player",
                ESCAPE: "Get out of jail", JAIL: "Go to jail"}


def plain(text: str) -> str:
    """Upper case without accents or spaces: 'Cárcel' -> 'CARCEL'."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).upper().replace(" ", "")


# ----- runtime content (immutable, shared by every game that uses it) -----------------------
@dataclass(frozen=True, slots=True)
class Square:
    index: int
    kind: str                      # SALIDA, CALLE, SORPRESA, JUEZ, CARCEL, IMPUESTO, PARKING
    name: str                      # Spanish name (streets) or the type label
    name_en: str
    price: Decimal = Decimal(0)    # purchasePrice
    build: Decimal = Decimal(0)    # buildPrice
    factor: Decimal = Decimal(1)   # revaluation factor of the sale price
    rent: Decimal = Decimal(0)     # baseRent
    mortgage: Decimal = Decimal(0)  # baseMortgage
    tax: Decimal = Decimal(0)      # IMPUESTO only

    @property
    def is_street(self) -> bool:
        return self.kind == "CALLE"


@dataclass(frozen=True, slots=True)
class Card:
    kind: str           # PAY, GOTO, PER_BUILDING, PER_PLAYER, ESCAPE, JAIL
    type_name: str      # as the rulebook writes it, e.g. 'PagarCobrar' or 'PAGARCOBRAR'
    value: Decimal | None
    text: str
    text_en: str


@dataclass(frozen=True)
class Board:
    name: str
    authored: bool
    squares: tuple[Square, ...]
    cards: tuple[Card, ...]
    source: str                     # the TOML text it was read from (kept in records)
    origin: str                     # file path or 'default'

    @cached_property
    def jail(self) -> int:
        return next(s.index for s in self.squares if s.kind == "CARCEL")

    @cached_property
    def streets(self) -> tuple[int, ...]:   # cached: the turn flow asks for it at every step
        return tuple(s.index for s in self.squares if s.is_street)


# ----- file schema ----------------------------------------------------------------------------
Money = Decimal


class SquareSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: str
    name: str | None = None
    name_en: str | None = None
    purchasePrice: Money | None = Field(default=None, ge=0)
    buildPrice: Money | None = Field(default=None, ge=0)
    factor: Money | None = Field(default=None, ge=0)
    baseRent: Money | None = Field(default=None, ge=0)
    baseMortgage: Money | None = Field(default=None, ge=0)
    tax: Money | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _fields_fit_type(self) -> SquareSpec:
        kind = plain(self.type)
        if kind not in SQUARE_COUNTS:
            raise ValueError(f"type {self.type!r} is not a square type; allowed: "
                             + ", ".join(SQUARE_LABEL.values()))
        title = {f: getattr(self, f) for f in TITLE_FIELDS}
        if kind == "CALLE":
            missing = [f for f, v in title.items() if v is None]
            if self.name is None:
                missing.insert(0, "name")
            if missing:
                raise ValueError("a CALLE needs a complete title; missing: " + ", ".join(missing))
        else:
            extra = [f for f, v in title.items() if v is not None]
            if extra:
                raise ValueError(f"only CALLE squares have a title; a {SQUARE_LABEL[kind]} "
                                 "may not have " + ", ".join(extra))
        if kind == "IMPUESTO" and self.tax is None:
            raise ValueError("the IMPUESTO square needs tax (the amount it charges)")
        if kind != "IMPUESTO" and self.tax is not None:
            raise ValueError("only the IMPUESTO square has tax")
        return self


class CardSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: str
    value: Money | None = None
    text: str | None = None
    text_en: str | None = None


class ContentSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = "custom board"
    authored: bool = False
    note: str | None = None
    squares: list[SquareSpec]
    cards: list[CardSpec] | None = None


@dataclass(frozen=True, eq=False)
class DeckRules:
    """What a rulebook's deck must hold: counts per card kind and the names it uses."""

    counts: dict[str, int]
    names: dict[str, str]          # kind -> the rulebook's type name


def _field_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(file)"


def _fail(origin: str, field: str, message: str) -> ContentError:
    return ContentError(f"{origin}: {field}: {message}")


def load_board(source: str, origin: str, deck_rules: DeckRules,
               default_cards: list[CardSpec] | None = None) -> Board:
    """Parse and check a content file's text. Raises :class:`ContentError` naming the file,
    the field and what is allowed."""
    try:
        raw = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        raise _fail(origin, "(file)", f"not valid TOML: {exc}") from None
    try:
        spec = ContentSpec.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "unknown field; allowed: " + (
                ", ".join(SquareSpec.model_fields) if "squares" in err["loc"] else
                ", ".join(CardSpec.model_fields) if "cards" in err["loc"] else
                ", ".join(ContentSpec.model_fields))
        elif "input" in err and err["type"] not in ("value_error",):
            msg += f" (got {err['input']!r})"
        raise _fail(origin, _field_path(err["loc"]), msg) from None
    squares = _check_squares(spec.squares, origin)
    cards_spec = spec.cards if spec.cards is not None else default_cards
    if cards_spec is None:
        raise _fail(origin, "cards", "the file has no [[cards]] (the surprise deck)")
    cards = _check_cards(cards_spec, squares, origin, deck_rules,
                         from_default=spec.cards is None)
    return Board(spec.name, spec.authored, squares, cards, source, origin)


def _check_squares(specs: list[SquareSpec], origin: str) -> tuple[Square, ...]:
    if len(specs) != N_SQUARES:
        raise _fail(origin, "squares", f"the board must have exactly {N_SQUARES} squares; "
                    f"it has {len(specs)}")
    kinds = [plain(s.type) for s in specs]
    if kinds[0] != "SALIDA":
        raise _fail(origin, "squares[0].type", "the first square must be SALIDA; "
                    f"got {specs[0].type!r}")
    counts = Counter(kinds)
    for kind, want in SQUARE_COUNTS.items():
        if counts[kind] != want:
            raise _fail(origin, "squares", f"the board must have exactly {want} "
                        f"{SQUARE_LABEL[kind]} square(s); it has {counts[kind]} "
                        "(required: 1 SALIDA, 12 CALLE, 3 SORPRESA, 1 each of JUEZ, CÁRCEL, "
                        "IMPUESTO, PARKING)")
    names = Counter(s.name for s, k in zip(specs, kinds, strict=True) if k == "CALLE")
    dup = [n for n, c in names.items() if c > 1]
    if dup:
        raise _fail(origin, "squares", f"street name {dup[0]!r} is used twice; every CALLE "
                    "has a distinct title")
    out = []
    for i, (s, kind) in enumerate(zip(specs, kinds, strict=True)):
        label = SQUARE_LABEL[kind]
        if kind == "CALLE":
            out.append(Square(i, kind, s.name or "", s.name_en or s.name or "",
                              s.purchasePrice, s.buildPrice, s.factor, s.baseRent,
                              s.baseMortgage))
        else:
            out.append(Square(i, kind, s.name or label, s.name_en or SQUARE_LABEL_EN[kind],
                              tax=s.tax or Decimal(0)))
    return tuple(out)


def _check_cards(specs: list[CardSpec], squares: tuple[Square, ...], origin: str,
                 rules: DeckRules, from_default: bool) -> tuple[Card, ...]:
    where = "cards (the default deck)" if from_default else "cards"
    allowed_names = ", ".join(rules.names[k] for k in rules.counts)
    kinds = []
    for i, c in enumerate(specs):
        kind = CARD_KIND_BY_NAME.get(plain(c.type))
        if kind not in rules.counts:
            raise _fail(origin, f"cards[{i}].type", f"{c.type!r} is not a card type of this "
                        f"game; allowed: {allowed_names}")
        if kind in VALUELESS and c.value is not None:
            raise _fail(origin, f"cards[{i}].value", f"a {rules.names[kind]} card has no value")
        if kind not in VALUELESS and c.value is None:
            raise _fail(origin, f"cards[{i}].value", f"a {rules.names[kind]} card needs a value")
        if kind == GOTO and not (c.value == c.value.to_integral_value()
                                 and 0 <= c.value < N_SQUARES):
            raise _fail(origin, f"cards[{i}].value", "an IrACasilla card's value is a square "
                        f"index from 0 to {N_SQUARES - 1}; got {c.value}")
        kinds.append(kind)
    counts = Counter(kinds)
    want = ", ".join(f"{rules.names[k]} ×{n}" for k, n in rules.counts.items())
    for kind, n in rules.counts.items():
        if counts[kind] != n:
            raise _fail(origin, where, f"the deck must hold {n} {rules.names[kind]} card(s); "
                        f"it holds {counts[kind]} (required: {want})")
    for kind in (PAY, PER_BUILDING, PER_PLAYER):
        values = [c.value for c, k in zip(specs, kinds, strict=True) if k == kind]
        if sorted(v > 0 for v in values) != [False, True] or any(v == 0 for v in values):
            raise _fail(origin, where, f"of the two {rules.names[kind]} cards one must have a "
                        f"positive value and the other a negative one; got {values}")
    jail = next(s.index for s in squares if s.kind == "CARCEL")
    targets = [int(c.value) for c, k in zip(specs, kinds, strict=True) if k == GOTO]
    if targets.count(jail) != 1:
        raise _fail(origin, where, f"exactly one {rules.names[GOTO]} card must target the "
                    f"CÁRCEL square ({jail}); targets are {targets}")
    cards = []
    for c, kind in zip(specs, kinds, strict=True):
        text = c.text or rules.names[kind]
        cards.append(Card(kind, rules.names[kind], c.value, text, c.text_en or text))
    return tuple(cards)


def default_cards_of(source: str) -> list[CardSpec]:
    """The ``[[cards]]`` of a (trusted) default content file."""
    return [CardSpec.model_validate(c) for c in tomllib.loads(source)["cards"]]


def read_content_file(path: str | Path) -> str:
    """The text of a board file (option ``board``), or a ContentError saying why not."""
    return read_text(path, "board", "board file")


