"""A country's geometry: the 15 × 15 window of cells, rotated rails, placement options, bridges
and rail networks (XX-G8.1–G8.8, XX-G3.3, rulings X1, X5, X8).

A country is a ``grid`` dict cell → ``code·4 + r`` (``code`` = land tile L 0–44, or 45 + T for an
institution; ``r`` = quarter turns clockwise) and a frozenset of bridged edges. Edge ids: the
edge between cell C and the cell east of it is ``2·C``, south of it ``2·C + 1`` (the same
numbering as the ``puente-e C`` / ``puente-s C`` actions). Everything here is a pure function of
those two values and of ``rails``, the game's content's rails by grid value (``K.RAILS``,
tables.py), so results are never stored in the state (XX-G12.2).
"""

from __future__ import annotations

from .schema import N_LAND, N_TECH
from .tables import _rot

# the window and the codes are the same for every valid content file (ruling X1, XX-C.1, C.2)
SIZE = 15
N_CELLS = SIZE * SIZE
ORIGIN = 112
INST_BASE = N_LAND                      # code of technology T = INST_BASE + T
N_CODES = N_LAND + N_TECH
N, E, S, W = 0, 1, 2, 3
OPP = (S, W, N, E)


def _neighbours(c: int) -> tuple[tuple[int, int], ...]:
    row, col = divmod(c, SIZE)
    out = []
    if row > 0:
        out.append((N, c - SIZE))
    if col < SIZE - 1:
        out.append((E, c + 1))
    if row < SIZE - 1:
        out.append((S, c + SIZE))
    if col > 0:
        out.append((W, c - 1))
    return tuple(out)


NEIGH = tuple(_neighbours(c) for c in range(N_CELLS))
NEIGH_CELLS = tuple(tuple(nc for _, nc in nb) for nb in NEIGH)


def _match(mask: int, sides: int, rails: int) -> tuple[int, int]:
    """(rail–rail edges, mismatched edges) of rails ``mask`` on a cell whose occupied
    neighbours lie on the directions of bit set ``sides``, those of ``rails`` with a rail
    facing the cell."""
    mine = mask & sides
    return bin(mine & rails).count("1"), bin(mine ^ rails).count("1")


def _rotations(test) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per unrotated rail mask, per neighbourhood key ``sides << 4 | rails``: the rotations r
    whose (rail–rail, mismatched) edge counts pass ``test``."""
    return tuple(tuple(tuple(r for r in range(4) if test(*_match(_rot(base, r), k >> 4, k & 15)))
                       for k in range(256)) for base in range(16))


_PLAIN = _rotations(lambda rr, mism: rr and not mism)
_LINKED = _rotations(lambda rr, mism: rr)
# by bridges held (1–4; a tile has 4 edges, so more count as 4), then as above
_BRIDGED = (None,) + tuple(
    _rotations(lambda rr, mism, h=h: (mism and mism <= h) or (not mism and not rr))
    for h in range(1, 5))


def edge_id(c: int, d: int) -> int:
    """The id of cell c's edge in direction d."""
    if d == E:
        return 2 * c
    if d == S:
        return 2 * c + 1
    if d == W:
        return 2 * (c - 1)
    return 2 * (c - SIZE) + 1


def edge_cells(edge: int) -> tuple[int, int]:
    """The two cells an edge id separates (west/north cell first)."""
    c, south = divmod(edge, 2)
    return (c, c + SIZE) if south else (c, c + 1)


def edge_exists(edge: int) -> bool:
    c, south = divmod(edge, 2)
    if not 0 <= c < N_CELLS:
        return False
    return c // SIZE < SIZE - 1 if south else c % SIZE < SIZE - 1


def is_linked(rails: tuple[int, ...], grid: dict[int, int], bridges: frozenset, c: int, d: int,
              nc: int) -> bool:
    """Whether the shared edge of two occupied cells is linked (rail–rail or a bridge)."""
    if (rails[grid[c]] >> d) & 1 and (rails[grid[nc]] >> OPP[d]) & 1:
        return True
    return edge_id(c, d) in bridges


def frontier(grid: dict[int, int]) -> list[int]:
    """Empty cells of the window orthogonally next to the country, in cell order (XX-G8.3)."""
    out: set[int] = set()
    for c in grid:
        out.update(NEIGH_CELLS[c])
    out.difference_update(grid)
    return sorted(out)


def frontier_keys(RAILS: tuple[int, ...], grid: dict[int, int]) -> dict[int, int]:
    """Each empty cell next to the country (in cell order) → its neighbourhood key
    ``sides << 4 | rails``: the directions of its occupied neighbours, and those of them with
    a rail facing it (what :func:`placements` reads)."""
    get = grid.get
    out = {}
    for c in frontier(grid):
        sides = rails = 0
        for d, nc in NEIGH[c]:
            v = get(nc)
            if v is not None:
                sides |= 1 << d
                if RAILS[v] >> OPP[d] & 1:
                    rails |= 1 << d
        out[c] = sides << 4 | rails
    return out


def grown_frontier(RAILS: tuple[int, ...], keys: dict[int, int], grid: dict[int, int],
                   cell: int) -> dict[int, int]:
    """:func:`frontier_keys` of ``grid`` from those of ``grid`` without ``cell`` (just
    placed): only the cell and its empty neighbours change (in no particular order)."""
    out = dict(keys)
    del out[cell]
    m = RAILS[grid[cell]]
    for d, nc in NEIGH[cell]:
        if nc not in grid:
            o = OPP[d]
            out[nc] = out.get(nc, 0) | 16 << o | (m >> d & 1) << o
    return out


def placements(RAILS: tuple[int, ...], grid: dict[int, int], code: int,
               held: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Legal placements of tile ``code`` as (plain, bridged) lists of (rotation, cell), by the
    levels of XX-G8.4–G8.6 and ruling X5:

    * plain: every shared edge matches and at least one is rail–rail;
    * bridged: m mismatched shared edges with 1 ≤ m ≤ ``held``, or m = 0 with no rail–rail edge
      and ``held`` ≥ 1 (the bridge is then put on a shared edge of the owner's choice);
    * only if both are empty: plain placements with at least one rail–rail edge (G8.5 alone);
      if still none: any adjacent cell (G8.3 alone).
    """
    base = RAILS[code << 2]                     # the unrotated tile's rails
    cells = list(frontier_keys(RAILS, grid).items())     # (cell, its neighbourhood key)
    rots = _PLAIN[base]
    plain = [(r, c) for c, k in cells for r in rots[k]]
    bridged: list[tuple[int, int]] = []
    if held:
        rots = _BRIDGED[min(held, 4)][base]
        bridged = [(r, c) for c, k in cells for r in rots[k]]
    if plain or bridged:
        return plain, bridged
    rots = _LINKED[base]
    linked_only = [(r, c) for c, k in cells for r in rots[k]]
    if linked_only:
        return linked_only, []
    return [(r, c) for c, _ in cells for r in range(4)], []


def mismatched_edges(RAILS: tuple[int, ...], grid: dict[int, int], value: int,
                     c: int) -> list[int]:
    """Edge ids where tile ``value`` (code·4 + r) on empty cell c would meet a mismatch."""
    m = RAILS[value]
    out = []
    for d, nc in NEIGH[c]:
        if nc in grid and ((m >> d) & 1) != ((RAILS[grid[nc]] >> OPP[d]) & 1):
            out.append(edge_id(c, d))
    return out


def shared_edges(grid: dict[int, int], c: int) -> list[int]:
    """Edge ids between occupied cell c and its occupied neighbours, sorted."""
    return sorted(edge_id(c, d) for d, nc in NEIGH[c] if nc in grid)


def free_edges(rails: tuple[int, ...], grid: dict[int, int], bridges: frozenset) -> list[int]:
    """Shared edges of two own tiles that are not linked: where a bridge may go (XX-G8.8)."""
    out = []
    for c in grid:
        row, col = divmod(c, SIZE)
        if col < SIZE - 1 and c + 1 in grid and not is_linked(rails, grid, bridges, c, E, c + 1):
            out.append(2 * c)
        if row < SIZE - 1 and c + SIZE in grid and \
                not is_linked(rails, grid, bridges, c, S, c + SIZE):
            out.append(2 * c + 1)
    out.sort()
    return out


# per cell, by direction N E S W: the neighbour and the id of the shared edge (off the window:
# never read, the neighbourhood keys have no bit there); per set of directions (a 4-bit mask)
# its directions in N E S W order, and in the order of their edge ids (N W E S)
NEIGH_AT = tuple((c - SIZE, c + 1, c + SIZE, c - 1) for c in range(N_CELLS))
EDGE_AT = tuple((2 * (c - SIZE) + 1, 2 * c, 2 * c + 1, 2 * (c - 1)) for c in range(N_CELLS))
DIRS = tuple(tuple(d for d in (N, E, S, W) if bits >> d & 1) for bits in range(16))
DIRS_BY_EDGE = tuple(tuple(d for d in (N, W, E, S) if bits >> d & 1) for bits in range(16))


def joined_networks(nets: tuple[tuple[int, ...], ...], new: tuple[int, ...],
                    touching: tuple[int, ...] | list[int]) -> tuple[tuple[int, ...], ...]:
    """:func:`networks` after the cells ``new`` (none, or a tile just placed) are linked to
    each other and to the networks holding a cell of ``touching`` (networks only ever merge: a
    country and its bridges only grow)."""
    out = []
    merged = list(new)
    for net in nets:
        for c in touching:
            if c in net:
                merged += net
                break
        else:
            out.append(net)
    merged.sort()
    out.append(tuple(merged))
    out.sort()                                  # by smallest cell (networks are disjoint)
    return tuple(out)


def networks(RAILS: tuple[int, ...], grid: dict[int, int],
             bridges: frozenset) -> tuple[tuple[int, ...], ...]:
    """The rail networks (XX-G8.7, ruling X8): groups of cells joined by linked edges, each
    sorted, in order of their smallest cell. Institutions are included (they carry rail)."""
    parent = {c: c for c in grid}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for c, v in grid.items():
        m = RAILS[v]
        if c % SIZE < SIZE - 1:
            e = c + 1
            if e in grid and ((m >> E) & 1 and (RAILS[grid[e]] >> W) & 1 or 2 * c in bridges):
                parent[find(e)] = find(c)
        if c // SIZE < SIZE - 1:
            s = c + SIZE
            if s in grid and ((m >> S) & 1 and (RAILS[grid[s]] >> N) & 1 or
                              2 * c + 1 in bridges):
                parent[find(s)] = find(c)
    groups: dict[int, list[int]] = {}
    for c in grid:
        groups.setdefault(find(c), []).append(c)
    return tuple(sorted(tuple(sorted(g)) for g in groups.values()))


def connected(grid: dict[int, int]) -> bool:
    """Whether the country is edge-connected (invariant)."""
    if not grid:
        return True
    start = next(iter(grid))
    seen = {start}
    todo = [start]
    while todo:
        c = todo.pop()
        for _, nc in NEIGH[c]:
            if nc in grid and nc not in seen:
                seen.add(nc)
                todo.append(nc)
    return len(seen) == len(grid)
