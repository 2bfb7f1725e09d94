"""What every part of the «Siglo XX» engine shares: the decision points of the round's state
machine, what every valid content file shares (the rulebook's counts, the codes of ruling X11)
as constants, and the small helpers on them. What a content file may change is read from the
game's own tables (``game.K``, tables.py)."""

from __future__ import annotations

from typing import Any

from ludoteca.core.events import Event, new_event

from .content import SITE_CITY, SITE_RECYCLING
from .schema import (  # noqa: F401 (N_LAND, N_TECH: shared with the engine's modules)
    CARD_IDS,
    CAT_IDS,
    COLUMN_LETTERS,
    LAND_IDS,
    LAND_PILES,
    N_LAND,
    N_TECH,
    TECH_IDS,
    TECH_PILES,
)
from .tables import default_tables

event = new_event       # Event(kind, rule, data), made faster (core.events)
#: where the handlers put the events of an action: a list, or None in a quiet game (a learning
#: environment's or a search's, whose events nobody reads: ``SigloGame.quiet``), which makes
#: none; every event site checks it, and play is the same either way
Events = list[Event] | None

# Events whose data is a few small ints and strings recur by the thousand (who is start
# player, whose Maintenance, which forced action): each is made once and then shared, by
# every game of this process. Events are immutable (frozen, and nobody changes an event's
# ``data``), so a shared one is as good as a new equal one.
SHARED_EVENTS: dict[tuple, Event] = {}
SHARED_LIMIT = 50_000       # a bound on their memory (about 4,000 after 3,000 games); only
                            # events with few possible values are shared: a big table
                            # costs more in cache misses than it saves


def shared_event(kind: str, rule: str, fields: tuple[str, ...], *values: Any) -> Event:
    """``event(kind, rule, dict(zip(fields, values)))``, shared (``SHARED_EVENTS``); the
    values are ints, strings, None (each call site passes the same types: ``True == 1``)."""
    key = (kind, rule, values)
    e = SHARED_EVENTS.get(key)
    if e is None:
        if len(SHARED_EVENTS) >= SHARED_LIMIT:
            SHARED_EVENTS.clear()
        e = SHARED_EVENTS[key] = new_event(kind, rule, dict(zip(fields, values, strict=True)))
    return e


def player_event(kind: str, rule: str, s: int) -> Event:
    """``event(kind, rule, {"player": s})``, shared (``SHARED_EVENTS``)."""
    key = (kind, rule, s)
    e = SHARED_EVENTS.get(key)
    if e is None:
        e = SHARED_EVENTS[key] = new_event(kind, rule, {"player": s})
    return e

# ----- what every valid content file shares (the schema's validators enforce it) ---------------
# 45 land tiles and 30 technologies (XX-C.1, XX-C.2), their ids and order (ruling X11), the
# 15 × 15 window with the start tile at cell 112 (ruling X1), the pollution track −6…+6
# (XX-S.22), six rounds (XX-R.1), the piles by name (XX-D.1, XX-D.2), columns A–E (XX-G2.1)
N_SITES = 3 * N_LAND
INST_BASE = N_LAND                           # country code of technology T = INST_BASE + T
P_MIN, P_MAX = -6, 6
GRID_SIZE, ORIGIN_CELL = 15, 112
LAND_ID = LAND_IDS
TECH_ID = TECH_IDS
CAT_ID = CAT_IDS
CARD_ID = CARD_IDS
COL_LETTERS = COLUMN_LETTERS
LAST_ROUND = 6
# for views: (x, y) of each cell relative to the start tile, degrees of each quarter turn
CELL_XY = tuple((c % GRID_SIZE - ORIGIN_CELL % GRID_SIZE, c // GRID_SIZE - ORIGIN_CELL // GRID_SIZE)
                for c in range(GRID_SIZE * GRID_SIZE))
ROT_DEG = (0, 90, 180, 270)
LAND_PILE = {p: i for i, p in enumerate(LAND_PILES)}
TECH_PILE = {p: i for i, p in enumerate(TECH_PILES)}
CITY, RECYCLING = SITE_CITY, SITE_RECYCLING

# ----- the shipped content's tables: for tests and tools only --------------------------------
# The engine never reads these: a game reads its own content, ``game.K`` / ``game.C`` (see
# tables.py), which may be a custom file.
K0 = default_tables()
C = K0.C
LAND, TECH = K0.LAND, K0.TECH
CAP = K0.CAP
SITES = K0.SITES
SITE_KIND_T, SITE_YIELD_T, SITE_CAPACITY_T = K0.SITE_KIND_T, K0.SITE_YIELD_T, K0.SITE_CAPACITY_T
SITE_LETTERS = K0.SITE_LETTERS

# decision points (what the seat to move must decide)
(PH_ELEGIR, PH_ABRIR, PH_PUJA, PH_TECH, PH_SOLO, PH_CAT, PH_A, PH_PICK, PH_PLACE, PH_EDGE,
 PH_SITE, PH_EXTRA, PH_C, PH_REMOVE, PH_LIFT, PH_PUT, PH_GAIN, PH_RECYCLE, PH_OVER) = range(19)
STEP_NAMES = ("elegir", "abrir", "puja", "tecnologia", "solo", "columna", "basura",
              "elegir_pendiente", "colocar", "puente", "ciudadano", "basura_extra",
              "tecnologias", "quitar", "recoger", "situar", "nuevos_ciudadanos", "reciclar", "fin")
PHASE_OF = ("subasta",) * 5 + ("catastrofe",) + ("mantenimiento",) * 11 + ("produccion", "fin")
MAINT_STEP = {PH_A: "A", PH_PICK: "B", PH_PLACE: "B", PH_EDGE: "B", PH_SITE: "B",
              PH_EXTRA: "B", PH_C: "C", PH_REMOVE: "C", PH_LIFT: "C", PH_PUT: "C", PH_GAIN: "C"}
# the rule a forced decision (ruling X7) applies, by decision point
FORCED_RULE = {PH_ELEGIR: "XX-2.21", PH_ABRIR: "XX-2.3", PH_PUJA: "XX-2.9", PH_TECH: "XX-2.28",
               PH_SOLO: "XX-G18.3", PH_CAT: "XX-G1.3", PH_A: "XX-G10.3", PH_PICK: "XX-G8.9",
               PH_PLACE: "XX-G8.6", PH_EDGE: "XX-G8.8", PH_SITE: "XX-G9.2",
               PH_EXTRA: "XX-G10.5", PH_C: "XX-G12.6", PH_REMOVE: "XX-G6.3",
               PH_LIFT: "XX-G9.3", PH_PUT: "XX-G9.3", PH_GAIN: "XX-G9.3",
               PH_RECYCLE: "XX-G11.3"}




def clamp(p: int) -> int:
    """The pollution marker never leaves its track (XX-2.37)."""
    return P_MIN if p < P_MIN else P_MAX if p > P_MAX else p


SITE_NAME = tuple(LAND_ID[x // 3] + "abc"[x % 3] for x in range(N_SITES))   # L07b by site id


def site_name(site: int) -> str:
    """``L07b`` for a site id."""
    return SITE_NAME[site]
