"""Arranging a position before the first action (tests, teaching): ``game.arrange(**setup)``.

Keys (all optional), applied in this order:

- ``round``: 1–6 — jump to the start of that round (earlier rounds' catastrophes are used up,
  the display is dealt from the round's piles);
- ``land_display`` / ``tech_display``: [ids] — the face-up tiles (taken from wherever they lie
  unowned; the old display goes back onto its piles);
- ``catastrophe``: id — the revealed card (swapped with the one it replaces);
- ``coins``, ``science``, ``score``, ``pollution``, ``set_aside``, ``bridges_held``, ``won``:
  {seat: n};
- ``technologies``: {seat: [ids]} — owned technologies (institutions not placed by ``country``
  become pending); ``used``: [ids] — one-time technologies already used;
- ``country``: {seat: [{tile | tech, x, y (or cell), rotation, garbage, citizens}]} — tiles added
  to a country (citizens as a string of site letters, e.g. ``"a"``);
- ``garbage``: {tile id: n} and ``citizens``: {tile id: "ab"} for placed land tiles;
- ``pending``: {seat: [{tile, citizen, garbage}]} — won land tiles waiting for Maintenance;
- ``sp``: seat — the start player; ``marker``: 0–8;
- ``phase``: subasta (default) | catastrofe | mantenimiento | produccion — where the round
  (re)starts once all the above is in place.

All or nothing: the game is arranged on a copy and a bad arrangement raises InvalidOption and
changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.errors import InvalidOption
from ludoteca.core.events import Event

from . import actions as A
from .actions import LAND_INDEX, TECH_INDEX
from .common import (
    INST_BASE,
    LAND_ID,
    LAND_PILE,
    LAST_ROUND,
    N_LAND,
    P_MAX,
    P_MIN,
    PH_TECH,
    TECH_PILE,
)

if TYPE_CHECKING:
    from .state import SigloGame

KEYS = ("round", "land_display", "tech_display", "catastrophe", "coins", "science", "score",
        "pollution", "set_aside", "bridges_held", "won", "technologies", "used", "country",
        "garbage", "citizens", "pending", "sp", "marker", "phase")
PHASES = ("subasta", "catastrofe", "mantenimiento", "produccion")


def _bad(msg: str) -> InvalidOption:
    return InvalidOption(f"sigloxx: arrangement: {msg}")


def _seat(g: SigloGame, x: Any) -> int:
    try:
        s = int(x)
    except (TypeError, ValueError):
        raise _bad(f"{x!r} is not a seat") from None
    if not 0 <= s < g.n:
        raise _bad(f"seat {s} does not exist (0 to {g.n - 1})")
    return s


def _int(x: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or (lo is not None and x < lo) or \
            (hi is not None and x > hi):
        raise _bad(f"{what} must be a whole number" + (f" from {lo}" if lo is not None else "")
                   + (f" to {hi}" if hi is not None else "") + f"; got {x!r}")
    return x


def _land(x: Any) -> int:
    if x not in LAND_INDEX:
        raise _bad(f"{x!r} is not a land tile id (S1–S5, L01–L40)")
    return LAND_INDEX[x]


def _tech(x: Any) -> int:
    if x not in TECH_INDEX:
        raise _bad(f"{x!r} is not a technology id (T01–T30)")
    return TECH_INDEX[x]


def _free_land(g: SigloGame, t: int) -> None:
    """Take an unowned land tile out of wherever it lies (pile, display, out of the game)."""
    for i, pile in enumerate(g.land_piles):
        if t in pile:
            g.land_piles[i] = [x for x in pile if x != t]
            return
    if t in g.land_display:
        g.land_display = [x for x in g.land_display if x != t]
    elif t in g.land_out:
        g.land_out = [x for x in g.land_out if x != t]
    else:
        raise _bad(f"land tile {LAND_ID[t]} is already in a country or pending")


def _free_tech(g: SigloGame, t: int) -> None:
    TECH = g.K.TECH
    for i, pile in enumerate(g.tech_piles):
        if t in pile:
            g.tech_piles[i] = [x for x in pile if x != t]
            return
    if t in g.tech_display:
        g.tech_display = [x for x in g.tech_display if x != t]
    elif t in g.tech_out:
        g.tech_out = [x for x in g.tech_out if x != t]
    else:
        raise _bad(f"technology {TECH[t].id} is already owned")


def _cell(item: dict, what: str) -> int:
    if "cell" in item:
        return _int(item["cell"], f"{what}.cell", 0, A.N_CELLS - 1)
    if "x" not in item or "y" not in item:
        raise _bad(f"{what} needs a cell or x and y")
    try:
        return A.parse(f"{A.BRIDGE_E} {int(item['x'])},{int(item['y'])}").arg
    except Exception:  # noqa: BLE001
        raise _bad(f"{what}: x, y outside the country window") from None


def _staff(g: SigloGame, s: int, t: int, letters: Any) -> None:
    C, LAND, SITES = g.K.C, g.K.LAND, g.K.SITES
    if not isinstance(letters, str) or any(ch not in "abc" for ch in letters):
        raise _bad(f"citizens of {LAND_ID[t]} must be site letters such as 'ab'")
    g.new_citizens(s)                           # remembered incomes are stale now
    for x in SITES[t]:
        if g.cit[x]:
            g.cit[x] = 0
            g.cit_supply[s] += 1
    for ch in set(letters):
        j = "abc".index(ch)
        if j >= len(LAND[t].sites):
            raise _bad(f"{LAND_ID[t]} has no site {ch}")
        g.cit[3 * t + j] = 1
        g.cit_supply[s] -= 1
    if g.cit_supply[s] < 0:
        raise _bad(f"seat {s} would have more than {C.country_citizens} citizens (XX-D.4)")


def arrange(g: SigloGame, setup: dict[str, Any]) -> None:
    # the game's own content
    C, LAND, TECH = g.K.C, g.K.LAND, g.K.TECH
    unknown = set(setup) - set(KEYS)
    if unknown:
        raise _bad(f"unknown keys {sorted(unknown)}; allowed: {', '.join(KEYS)}")
    ev: list[Event] = list(g.opening_events)
    g._legal = None
    # round
    if "round" in setup:
        r = _int(setup["round"], "round", 1, LAST_ROUND)
        if r != g.round:
            if r < g.round:
                raise _bad(f"round {r} is before the current round {g.round}")
            # rounds before r used their catastrophes (XX-S.8): the last of them is revealed,
            # and _begin_round moves it to the used ones and reveals round r's card
            cards = g.cat_used + ([g.cat] if g.cat >= 0 else []) + list(g.cat_stack)
            g.cat_used, g.cat, g.cat_stack = cards[:r - 2], cards[r - 2], tuple(cards[r - 1:])
            g.round = r - 1
            ev = []
            g._begin_round(ev)
    full = g.round < LAST_ROUND
    # displays and the catastrophe
    if "land_display" in setup:
        if not full:
            raise _bad("round VI has no display (XX-G17.1)")
        tiles = [_land(x) for x in setup["land_display"]]
        if len(set(tiles)) != len(tiles) or any(LAND[t].pile == "start" for t in tiles):
            raise _bad("land_display lists distinct land tiles (no start tiles)")
        old = g.land_display
        g.land_display = []
        for t in old:
            p = LAND_PILE[LAND[t].pile]
            g.land_piles[p] = [t] + g.land_piles[p]
        for t in tiles:
            _free_land(g, t)
        g.land_display = sorted(tiles)
    if "tech_display" in setup:
        if not full:
            raise _bad("round VI has no display (XX-G17.1)")
        techs = [_tech(x) for x in setup["tech_display"]]
        if len(set(techs)) != len(techs):
            raise _bad("tech_display lists distinct technologies")
        old = g.tech_display
        g.tech_display = []
        for t in old:
            p = TECH_PILE[TECH[t].pile]
            g.tech_piles[p] = [t] + g.tech_piles[p]
        for t in techs:
            _free_tech(g, t)
        g.tech_display = sorted(techs)
    if "catastrophe" in setup:
        if not full:
            raise _bad("round VI has no catastrophe (XX-G17.1)")
        k = setup["catastrophe"]
        if k not in C.cat_index:
            raise _bad(f"{k!r} is not a catastrophe id (K1–K9)")
        k = C.cat_index[k]
        if k != g.cat:
            if k in g.cat_stack:
                g.cat_stack = tuple(g.cat if x == k else x for x in g.cat_stack)
            elif k in g.cat_out:
                g.cat_out = [g.cat if x == k else x for x in g.cat_out]
            else:
                raise _bad(f"catastrophe {C.catastrophes[k].id} was already used")
            g.cat = k
    # numbers per seat
    for key, attr, lo, hi in (("coins", "coins", 0, None), ("science", "science", 0, None),
                              ("score", "score", None, None),
                              ("pollution", "pollution", P_MIN, P_MAX),
                              ("set_aside", "set_aside", 0, None), ("won", "won", 0, None)):
        for s, v in (setup.get(key) or {}).items():
            getattr(g, attr)[_seat(g, s)] = _int(v, f"{key}[{s}]", lo, hi)
    for s, v in (setup.get("bridges_held") or {}).items():
        s = _seat(g, s)
        v = _int(v, f"bridges_held[{s}]", 0, C.bridges)
        g.bridges_supply += g.held[s] - v
        g.held[s] = v
        if g.bridges_supply < 0:
            raise _bad(f"there are only {C.bridges} bridges (XX-C.10)")
    # technologies
    placed_insts: set[int] = set()
    for items in (setup.get("country") or {}).values():
        for item in items:
            if isinstance(item, dict) and "tech" in item:
                placed_insts.add(_tech(item["tech"]))
    for s, ids in (setup.get("technologies") or {}).items():
        s = _seat(g, s)
        for x in ids:
            t = _tech(x)
            _free_tech(g, t)
            g.techs[s] = g.techs[s] + (t,)
            g.tech_owner[t] = s
            if TECH[t].kind == "institution" and t not in placed_insts:
                g.pend_inst[s] = g.pend_inst[s] + (t,)
    for x in setup.get("used") or []:
        t = _tech(x)
        if TECH[t].use != "once":
            raise _bad(f"{TECH[t].id} is not a one-time technology")
        g.t_used[t] = True
    # countries
    for s, items in (setup.get("country") or {}).items():
        s = _seat(g, s)
        for i, item in enumerate(items):
            what = f"country[{s}][{i}]"
            if not isinstance(item, dict):
                raise _bad(f"{what} must be a table")
            cell = _cell(item, what)
            if cell in g.grid[s]:
                raise _bad(f"{what}: cell {cell} is taken")
            rot = _int(item.get("rotation", 0), f"{what}.rotation")
            if rot not in A.ROTATIONS:
                raise _bad(f"{what}.rotation must be 0, 90, 180 or 270")
            if "tech" in item:
                t = _tech(item["tech"])
                if g.tech_owner[t] != s:
                    raise _bad(f"{what}: {TECH[t].id} must be among the seat's technologies")
                if TECH[t].kind != "institution":
                    raise _bad(f"{what}: {TECH[t].id} is not an institution")
                code = INST_BASE + t
            else:
                code = _land(item.get("tile"))
                _free_land(g, code)
                g.lands[s] = g.lands[s] + (code,)
                g.land_owner[code] = s
                g.garbage[code] = _int(item.get("garbage", 0), f"{what}.garbage", 0,
                                       C.tile_capacity)
                _staff(g, s, code, item.get("citizens", ""))
            grid = dict(g.grid[s])
            grid[cell] = code * 4 + A.ROTATIONS.index(rot)
            g.grid[s] = grid
            g.nets[s] = None
    for tid, v in (setup.get("garbage") or {}).items():
        t = _land(tid)
        if g.land_owner[t] < 0:
            raise _bad(f"garbage: {tid} is not in a country")
        g.garbage[t] = _int(v, f"garbage[{tid}]", 0, C.tile_capacity)
    for tid, letters in (setup.get("citizens") or {}).items():
        t = _land(tid)
        if g.land_owner[t] < 0:
            raise _bad(f"citizens: {tid} is not in a country")
        _staff(g, g.land_owner[t], t, letters)
    for s, items in (setup.get("pending") or {}).items():
        s = _seat(g, s)
        for item in items:
            t = _land(item.get("tile") if isinstance(item, dict) else item)
            _free_land(g, t)
            citizen = 1 if (item.get("citizen", True) if isinstance(item, dict) else True) \
                else 0
            if citizen and g.cit_supply[s] <= 0:
                raise _bad(f"seat {s} has no citizen left for {LAND_ID[t]} (XX-G9.4)")
            g.cit_supply[s] -= citizen
            garbage = _int(item.get("garbage", 1) if isinstance(item, dict) else 1,
                           "pending garbage", 0)
            g.pend_land[s] = g.pend_land[s] + ((t, citizen, garbage),)
        if "won" not in setup or str(s) not in {str(k) for k in setup["won"]}:
            g.won[s] = max(g.won[s], len(g.pend_land[s]))
    if "sp" in setup:
        g.sp = _seat(g, setup["sp"])
    if "marker" in setup:
        if not full:
            raise _bad("round VI has no cost marker")
        g.marker = _int(setup["marker"], "marker", 0, len(C.tracks[g.track].prices) - 1)
    # where the round (re)starts
    phase = setup.get("phase", "subasta" if full else "mantenimiento")
    if phase not in PHASES:
        raise _bad(f"phase must be one of {', '.join(PHASES)}; got {phase!r}")
    if not full and phase in ("subasta", "catastrofe"):
        raise _bad("round VI has only mantenimiento and produccion (XX-R.4)")
    if phase == "subasta":
        g.withdrawn, g.passed = [], [False] * g.n
        g.tile, g.high, g.high_seat, g.last, g.lone = -1, 0, -1, -1, False
        g._to_elegir(ev)
    elif phase == "catastrofe":
        g.withdrawn = [(g.sp + 1 + i) % g.n for i in range(g.n)]     # sp withdrew last
        g._begin_catastrophe(ev)
    elif phase == "mantenimiento":
        g._begin_maintenance(ev)
    else:
        g._begin_production(ev)
    if g.phase == PH_TECH:
        raise _bad("internal: the arrangement stopped in a technology purchase")
    g._settle(ev)
    g.opening_events = tuple(ev)
    try:
        g._check_invariants()
    except AssertionError as exc:
        raise _bad(f"the position breaks an invariant: {exc}") from None
    if any(code >= N_LAND and code - INST_BASE not in g.techs[s]
           for s in range(g.n) for code in (v >> 2 for v in g.grid[s].values())):
        raise _bad("an institution in a country must be owned")
