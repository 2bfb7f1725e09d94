"""The tables a game of «Som el que decidim!» reads from *its* content: the shipped
``content.toml`` or a custom file given with ``--option content=FILE``.

A :class:`Tables` is built once per content (``tables_for`` is cached by the file's text and
name, so clones, replays and many games of one file share one object) and held by the game
(``game.K``; ``game.C`` is its :class:`~ludoteca.games.som.content.Content`). What every valid
file shares because the schema's validators enforce it — 37 cells, the ten disk types in the
rulebook's order, the eight exchanges, the four colour codes, 12 participation disks, 4 urna
cards — stays a module constant in ``common``; everything a file may change (the map, which
card lies where in the list, card ids and names, the die's faces, per-type disk counts, the
amounts) is here.

Pickling a game pickles its tables as the call that makes them again (``__reduce__``), so a
process pool or a web worker rebuilds (once) and shares them there too.

Views of a game on a custom content carry ``"content": {"source": name, "key": key}``; code
that sees only a view (the observation encoder, the web's words) finds the tables again with
:func:`tables_of_view` (the shipped content's views carry no such key).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from ludoteca.core.content_option import content_key, content_text, find, remember, view_mark

from .content import (
    EF_ATC,
    EF_EPR,
    EF_IDS,
    EF_INICIO,
    EF_SU,
    FLAG_CODES,
    Content,
    content,
    parse_content,
)

#: cards named by a Catalan proper name that the English texts use as is ("Every citizen goes
#: back to Concentració nacional", "Euro per recepta"): those with these effects (in the
#: shipped file CN, C-ATC, C-EPR, C-IDS and W-SU)
PROPER_EFFECTS = frozenset({EF_INICIO, EF_ATC, EF_EPR, EF_IDS, EF_SU})
PICTURE_BASE = {"generalitat": ("la Generalitat", "the Generalitat"),
                "todos": ("todos los ciudadanos", "all citizens")}


def _plain(text: str) -> str:
    from .actions import plain
    return plain(text)


class Tables:
    """Everything the engine, its words and its observers read from one content."""

    __slots__ = (
        "C", "text", "origin", "key", "view_entry", "default_id", "__weakref__",
        "FLAG", "EFFECT", "CARD_ID", "CN_CARD", "ATC_CARD", "NEIGH", "RC", "TYPE_COUNTS",
        "FACE_NUMBER", "FACE_PIC", "FACE_PICTURE", "CARD_VIEWS", "EMPTY", "HIDDEN", "SHOWN",
        "SHOWN_CARD",
        "CARD_NAME", "TYPE_NAME", "PICTURE_NAME", "COLOUR_EN", "COLOUR_WORDS", "LIMIT",
        "ECO_PAYOUT", "ATC_ID", "LEVY_IDS",
    )

    def __init__(self, C: Content, text: str | None, origin: str) -> None:
        self.C, self.text, self.origin = C, text, origin
        self.key = None if text is None else content_key(text, origin)
        self.view_entry = None if self.key is None else view_mark(origin, self.key)
        cards = C.cards
        self.FLAG = tuple(c.flag for c in cards)
        self.EFFECT = tuple(c.effect for c in cards)
        self.CARD_ID = tuple(c.id for c in cards)
        self.CN_CARD = next(c.index for c in cards if c.effect == EF_INICIO)
        self.ATC_CARD = next(c.index for c in cards if c.effect == EF_ATC)
        self.NEIGH = C.neighbours
        self.RC = C.cell_rc
        self.TYPE_COUNTS = tuple(t.count for t in C.types)
        # by die face 1–6 (index 0 unused): its number, its picture (≥ 0: a colour), its code
        self.FACE_NUMBER = (0, *(f[0] for f in C.faces))
        self.FACE_PIC = (-1, *(f[1] for f in C.faces))
        self.FACE_PICTURE = (None, *C.face_pictures)
        views = []
        for c in cards:
            d: dict[str, Any] = {"id": c.id, "name": c.name, "name_ca": c.name_ca,
                                 "name_en": c.name_en, "flag": FLAG_CODES[c.flag]}
            if c.symbol:
                d["symbol"] = c.symbol
            views.append(d)
        self.CARD_VIEWS = tuple(views)
        # each cell's entry in a view, per state: copied at every view
        rc = C.cell_rc
        self.EMPTY = tuple({"cell": c, "r": r, "c": col, "estado": "vacia"}
                           for c, (r, col) in enumerate(rc))
        self.HIDDEN = tuple({"cell": c, "r": r, "c": col, "estado": "oculta"}
                            for c, (r, col) in enumerate(rc))
        self.SHOWN = tuple({"cell": c, "r": r, "c": col, "estado": "visible"}
                           for c, (r, col) in enumerate(rc))
        # own_view's entries, shared (never changed): cell -> card -> the cell showing it
        self.SHOWN_CARD = tuple(tuple({**shown, "card": card} for card in self.CARD_VIEWS)
                                for shown in self.SHOWN)
        # words
        self.CARD_NAME = {c.id: (c.name, c.name if c.effect in PROPER_EFFECTS else c.name_en)
                          for c in cards}
        self.TYPE_NAME = {t.code: (t.name, t.name_en) for t in C.types}
        self.PICTURE_NAME = dict(PICTURE_BASE)
        for code, (es, en) in zip(C.colours, C.colour_names, strict=True):
            self.PICTURE_NAME[code] = (es, en)
        self.COLOUR_EN = {code: en.split()[0] if en.split() else code
                          for code, (_, en) in zip(C.colours, C.colour_names, strict=True)}
        words = {code: code for code in C.colours}
        for code, en in self.COLOUR_EN.items():
            words.setdefault(_plain(en), code)
        self.COLOUR_WORDS = words
        self.LIMIT = C.limit_reason
        self.ECO_PAYOUT = C.eco_payout
        self.ATC_ID = self.CARD_ID[self.ATC_CARD]
        self.LEVY_IDS = {next(c.id for c in cards if c.effect == EF_EPR): "recepta",
                         next(c.id for c in cards if c.effect == EF_IDS): "sucesiones"}
        self.default_id = None if text is None else _default_ids(C)

    def __reduce__(self) -> tuple[Any, ...]:
        if self.text is None:
            return (default_tables, ())
        return (tables_for, (self.text, self.origin))

    @property
    def is_default(self) -> bool:
        return self.text is None


def _role(c: Any) -> tuple[int, int]:
    return (c.flag, c.effect)


def _default_ids(C: Content) -> dict[str, str]:
    """Each card id of ``C`` -> the shipped file's id of the card with the same role (flag,
    effect) and rank among them in file order (the schema fixes how many of each there are),
    so that an observation encodes a renamed card as the card it stands for."""
    shipped = default_tables().C.cards
    by_role: dict[tuple[int, int], list[str]] = {}
    for c in shipped:
        by_role.setdefault(_role(c), []).append(c.id)
    seen: dict[tuple[int, int], int] = {}
    out = {}
    for c in C.cards:
        r = _role(c)
        k = seen.get(r, 0)
        seen[r] = k + 1
        out[c.id] = by_role[r][k]
    return out


@cache
def default_tables() -> Tables:
    """The tables of the shipped ``content.toml`` (one object per process)."""
    return Tables(content(), None, "default")


@lru_cache(maxsize=32)
def tables_for(text: str, origin: str) -> Tables:
    """The tables of a custom content (``origin`` names it in errors and views); parsed once
    per (text, origin). Raises :class:`~ludoteca.core.errors.ContentError`."""
    K = Tables(parse_content(text, origin), text, origin)
    remember("som", K.key, K)
    return K


def tables_from_option(value: Any) -> Tables:
    """The tables for the value of option ``content`` (None, a path or an embedded text)."""
    got = content_text(value, "som")
    if got is None:
        return default_tables()
    return tables_for(*got)


def tables_of_view(view: dict[str, Any]) -> Tables:
    """The tables of the game a view was made of (for code that sees only the view);
    ``LookupError`` when its mark names a content this process no longer holds."""
    got = find("som", view)
    return default_tables() if got is None else got


__all__ = ["Tables", "default_tables", "tables_for", "tables_from_option",
           "tables_of_view"]
