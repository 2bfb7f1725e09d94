"""One content of «Siglo XX» and the tables the engine derives from it: a game holds its own
(``game.K``, and ``game.C`` = ``game.K.C``, the parsed :class:`~.content.Content`), so a game
plays the content file it was given (``--option content=FILE``) and its clones share it.

What every valid file shares — the rulebook's counts and the codes of ruling X11 (45 land tiles
S1–S5, L01–L40; 30 technologies T01–T30; 9 catastrophes K1–K9; the scoring cards II-A … IV-C;
the pollution track −6…+6; the 15 × 15 window; 6 rounds) — stays in module constants
(:mod:`.common`); everything a file may change (sites, yields, rails, eco icons, effects, piles,
prices, catastrophe columns, card values, scoring, start values, names) is read from here.

Loading: :func:`resolve` turns the option's value into a :class:`Tables` — the shipped content
(read once), or a custom text parsed once per ``(text, origin)`` (an ``lru_cache``, so clones,
replays and many games of one file share one object). A :class:`Tables` pickles by reference
(the shipped content) or by its text (a custom one), so a game pickled to a process pool unpickles
to the same shared tables there.

Presentation code that has a view but no game (the web table's action words) finds the tables
through the view: a game with custom content puts ``"content": {"source", "key"}`` in every view
and :func:`tables_of` looks the key up among the loaded contents. The terminal's screen and the
shared effect words read :func:`current`, which :func:`using` sets for the duration of a render.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from typing import Any

from ludoteca.core.content_option import content_key, content_text, find, remember, view_mark

from .content import SITE_CITY, SITE_RECYCLING, Content, content, parse_content

__all__ = ["Tables", "current", "default_tables", "load", "resolve", "tables_of", "using"]


def _rot(mask: int, r: int) -> int:
    """Rails of a tile turned r quarter turns clockwise: unrotated edge d lies on (d + r) % 4."""
    return ((mask << r) | (mask >> (4 - r))) & 15 if r else mask


class Tables:
    """The content ``C`` of one game and what the engine derives from it, as flat tuples
    (read in the hot paths as ``K = self.K`` then ``K.SITES`` …)."""

    def __init__(self, c: Content, text: str | None = None, origin: str | None = None) -> None:
        self.C = c
        self.text, self.origin = text, origin
        self.custom = text is not None
        # the view's mark of a custom content (absent for the shipped one: views unchanged)
        self.key = content_key(text, origin or "") if self.custom else None
        self.view_mark = view_mark(origin or "", self.key) if self.key else None
        land, tech = c.land, c.tech
        self.LAND, self.TECH = land, tech
        self.TRACKS = c.tracks
        self.ROUNDS = c.rounds
        self.CATS = c.catastrophes
        self.CARDS = c.cards
        self.CAP = c.tile_capacity                                  # XX-G10.2
        self.ROMAN = tuple(rd.roman for rd in c.rounds)
        self.COLOURS, self.COLOURS_EN = c.colours, c.colours_en
        self.START_ROTATION = c.raw.get("start", {}).get("start_cell_rotation", 0)  # XX-G4.3
        # sites of each land tile: ids 3·L + j, and per site id its kind / yields / capacity
        n_sites = 3 * len(land)
        self.SITES = tuple(tuple(3 * t.index + j for j in range(len(t.sites))) for t in land)
        kind, yields, capacity = [-1] * n_sites, [(0, 0, 0)] * n_sites, [0] * n_sites
        for t in land:
            for j, s in enumerate(t.sites):
                kind[3 * t.index + j] = s.kind
                yields[3 * t.index + j] = (s.coins, s.science, s.vp)
                capacity[3 * t.index + j] = s.capacity
        self.SITE_KIND_T, self.SITE_YIELD_T = tuple(kind), tuple(yields)
        self.SITE_CAPACITY_T = tuple(capacity)
        # per site id: the yields of a city site, the capacity of a recycling one (else None)
        self.CITY_YIELD_T = tuple(y if k == SITE_CITY else None for k, y in zip(kind, yields,
                                                                                strict=True))
        self.RECYCLE_CAP_T = tuple(cp if k == SITE_RECYCLING else None
                                   for k, cp in zip(kind, capacity, strict=True))
        # per technology what the hot paths ask of its effect (None / 0: another effect)
        self.INCOME_T = tuple((t.coins, t.science, t.vp) if t.op == "income" else None
                              for t in tech)
        self.CONNECTED_T = tuple(t.op == "income_if_connected" for t in tech)
        self.RECYCLING_BONUS_T = tuple(t.extra if t.op == "recycling_bonus" else 0 for t in tech)
        self.SHIFT_T = tuple(t.shift if t.op == "pollution_shift" else None for t in tech)
        # whether a technology can ever be used in step C (the others are never usable)
        self.ACTIVE_T = tuple(t.use in ("each_maintenance", "once") and
                              t.op in ("remove_garbage", "move_citizens", "gain_citizens")
                              for t in tech)
        # per land tile its sites with their letters (views)
        self.SITE_LETTERS = tuple(tuple((3 * t.index + j, "abc"[j]) for j in range(len(t.sites)))
                                  for t in land)
        # rails by grid value (code·4 + rotation; code = land tile, or 45 + technology)
        self.BASE_RAILS = tuple([t.rails for t in land] + [t.rails for t in tech])
        self.RAILS = tuple(_rot(self.BASE_RAILS[v >> 2], v & 3)
                           for v in range(4 * len(self.BASE_RAILS)))
        # setup: the tiles of each pile and the catastrophes of each label, in content order
        self.LAND_PILES = tuple((p, tuple(t.index for t in land if t.pile == p))
                                for p in c.land_pile_names)
        self.TECH_PILES = tuple(tuple(t.index for t in tech if t.pile == p)
                                for p in c.tech_pile_names)
        self.CAT_POOLS = tuple((label, tuple(k.index for k in c.catastrophes if k.label == label))
                               for label in c.stack_order)
        # words and look-ups by id
        self.LAND_BY_ID = {t.id: t for t in land}
        self.TECH_BY_ID = {t.id: t for t in tech}
        self.CAT_BY_ID = {k.id: k for k in c.catastrophes}
        self.CARD_BY_ID = {k.id: k for k in c.cards}
        self.TECH_NAME = {t.id: (t.name, t.name_en) for t in tech}
        self.CAT_NAME = {k.id: (k.name, k.name_en) for k in c.catastrophes}
        self.CARD_NAME = {k.id: (k.name, k.name_en) for k in c.cards}
        self.memo: dict[str, Any] = {}          # what other layers derive (bots), per content
        if self.custom:
            remember("sigloxx", self.key, self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if not self.custom:
            return default_tables, ()
        return load, (self.text, self.origin)

    def __repr__(self) -> str:
        return f"<sigloxx content {self.origin or 'shipped'}>"


CITY, RECYCLING = SITE_CITY, SITE_RECYCLING


@cache
def default_tables() -> Tables:
    """The shipped content's tables (read once)."""
    return Tables(content())


@lru_cache(maxsize=32)
def load(text: str, origin: str) -> Tables:
    """A custom content's tables, parsed and checked once per ``(text, origin)``
    (:class:`~ludoteca.core.errors.ContentError` naming ``origin``, the field and what is
    allowed)."""
    return Tables(parse_content(text, origin), text, origin)


def resolve(value: Any) -> Tables:
    """The tables for the ``content`` option's value: ``None`` / ``"default"`` (the shipped
    file), a path, or ``{"source": name, "toml": text}`` (records, the web)."""
    got = content_text(value, "sigloxx")
    return default_tables() if got is None else load(*got)


def tables_of(view: dict[str, Any] | None) -> Tables:
    """The tables of the game a view was made from (its ``content`` mark; the shipped
    content when it has none); ``LookupError`` when the mark names a content this process
    no longer holds (never the shipped words for a custom game)."""
    got = find("sigloxx", view)
    return default_tables() if got is None else got


_CURRENT: ContextVar[Tables | None] = ContextVar("sigloxx_tables", default=None)


def current() -> Tables:
    """The tables of the game being shown (set by :func:`using`), else the shipped ones."""
    k = _CURRENT.get()
    return k if k is not None else default_tables()


@contextmanager
def using(k: Tables) -> Iterator[Tables]:
    """Show one game's content: :func:`current` returns ``k`` inside the block."""
    token = _CURRENT.set(k)
    try:
        yield k
    finally:
        _CURRENT.reset(token)
