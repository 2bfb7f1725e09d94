"""What every part of the «Siglo XX» engine shares: the decision points of the round's state
machine, content tables as flat tuples, and the small helpers on them."""

from __future__ import annotations

import random

from ludoteca.core.events import new_event

from .content import SITE_CITY, SITE_RECYCLING, content

C = content()
event = new_event       # Event(kind, rule, data), made faster (core.events)
N_LAND = len(C.land)
N_TECH = len(C.tech)
N_SITES = 3 * N_LAND
INST_BASE = N_LAND                           # country code of technology T = INST_BASE + T
CAP = C.tile_capacity                        # XX-G10.2
P_MIN, P_MAX = C.pollution_min, C.pollution_max
LAND = C.land
TECH = C.tech
LAND_ID = tuple(t.id for t in LAND)
TECH_ID = tuple(t.id for t in TECH)
CAT_ID = tuple(c.id for c in C.catastrophes)
CARD_ID = tuple(c.id for c in C.cards)
COL_LETTERS = ("A", "B", "C", "D", "E")
LAST_ROUND = len(C.rounds)
# sites of each land tile: ids 3·L + j, and per site id its kind / yields / capacity
SITES = tuple(tuple(3 * t.index + j for j in range(len(t.sites))) for t in LAND)
SITE_KIND = [-1] * N_SITES
SITE_YIELD = [(0, 0, 0)] * N_SITES
SITE_CAPACITY = [0] * N_SITES
for _t in LAND:
    for _j, _s in enumerate(_t.sites):
        SITE_KIND[3 * _t.index + _j] = _s.kind
        SITE_YIELD[3 * _t.index + _j] = (_s.coins, _s.science, _s.vp)
        SITE_CAPACITY[3 * _t.index + _j] = _s.capacity
SITE_KIND_T = tuple(SITE_KIND)
SITE_YIELD_T = tuple(SITE_YIELD)
SITE_CAPACITY_T = tuple(SITE_CAPACITY)
# for views: (x, y) of each cell relative to the start tile, degrees of each quarter turn, and
# per land tile its sites with their letters
CELL_XY = tuple((c % C.grid_size - C.origin_cell % C.grid_size,
                 c // C.grid_size - C.origin_cell // C.grid_size)
                for c in range(C.grid_size * C.grid_size))
ROT_DEG = (0, 90, 180, 270)
SITE_LETTERS = tuple(tuple((3 * t.index + j, "abc"[j]) for j in range(len(t.sites)))
                     for t in LAND)
LAND_PILE = {p: i for i, p in enumerate(C.land_pile_names)}
TECH_PILE = {p: i for i, p in enumerate(C.tech_pile_names)}
CITY, RECYCLING = SITE_CITY, SITE_RECYCLING

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


def _inline_shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)`` with ``Random._randbelow`` inlined: the same draws, fewer calls."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _same_draws() -> bool:
    a, b = list(range(40)), list(range(40))
    random.Random(7).shuffle(a)
    _inline_shuffle(random.Random(7), b)
    return a == b


# determinize shuffles a lot: inlined where this Python's shuffle draws the same way
shuffle = _inline_shuffle if _same_draws() else random.Random.shuffle


def clamp(p: int) -> int:
    """The pollution marker never leaves its track (XX-2.37)."""
    return P_MIN if p < P_MIN else P_MAX if p > P_MAX else p


def site_name(site: int) -> str:
    """``L07b`` for a site id."""
    return LAND_ID[site // 3] + "abc"[site % 3]
