"""Phase 5: Production and recycling, seat by seat from the start player (XX-5.1–5.5,
XX-G11.1–G11.3, XX-G12.1–G12.4, ruling X3), and the derived incomes (XX-G12.1, XX-G12.2).

For each rail network with staffed recycling sites, capacity = Σ (r + T14's extra); when all the
garbage of the network's land tiles fits, it all goes (X3); otherwise the owner picks tiles
(``reciclar L``) until the capacity is used. Then coins, science and VP income are collected.
"""

from __future__ import annotations

from . import actions as A
from .common import (
    INST_BASE,
    LAND_ID,
    N_LAND,
    PH_RECYCLE,
    Events,
    event,
    shared_event,
)
from .country import networks

# the fields of shared events (common.shared_event)
_RECICLAJE = ("player", "tile", "tokens")


class ProductionMixin:
    # ----- derived values (never stored, XX-G12.2) ------------------------------------------
    def _networks(self, s: int) -> tuple[tuple[int, ...], ...]:
        nets = self.nets[s]
        if nets is None:
            nets = networks(self.K.RAILS, self.grid[s], self.links[s])
            self.nets[s] = nets
        return nets

    def _country_key(self, s: int) -> tuple:
        """What incomes and recycling networks are derived from: the seat's land tiles,
        technologies, country and bridges (each replaced, never changed in place, when it
        changes) and ``cit_tok[s]`` (a new token at every change of the seat's citizens)."""
        return self.lands[s], self.techs[s], self.grid[s], self.links[s], self.cit_tok[s]

    def new_citizens(self, s: int) -> None:
        """Seat ``s``'s citizens changed (``cit``): what was derived from them is stale."""
        tok = self.cit_tok
        self.cit_tok = tok[:s] + (object(),) + tok[s + 1:]

    def incomes(self, s: int) -> tuple[int, int, int]:
        """Coin, science and VP income of seat ``s`` (XX-G12.1). Remembered per seat with
        what it is derived from (``_country_key``), so views do not recompute it."""
        key = (self.lands[s], self.techs[s], self.grid[s], self.links[s], self.cit_tok[s])
        hit = self._inc[s]
        if hit is not None and hit[0] == key:
            return hit[1]
        out = self._incomes(s)
        self._inc[s] = (key, out)
        return out

    def _incomes(self, s: int) -> tuple[int, int, int]:
        cit, K = self.cit, self.K
        SITES, CITY_YIELD = K.SITES, K.CITY_YIELD_T
        c = sc = v = 0
        for t in self.lands[s]:
            for x in SITES[t]:
                if cit[x]:
                    y = CITY_YIELD[x]
                    if y is not None:
                        c += y[0]
                        sc += y[1]
                        v += y[2]
        INCOME, CONNECTED = K.INCOME_T, K.CONNECTED_T
        grid = None
        for t in self.techs[s]:
            y = INCOME[t]
            if y is not None:
                c += y[0]
                sc += y[1]
                v += y[2]
            elif CONNECTED[t]:                                                  # XX-G6.4
                if grid is None:
                    grid = self.grid[s]
                    where = {v2 >> 2: cell for cell, v2 in grid.items()}
                cell = where.get(INST_BASE + t)
                if cell is not None and self._staffed_network(s, cell):
                    tech = K.TECH[t]
                    c += tech.coins
                    sc += tech.science
                    v += tech.vp
        return c, sc, v

    def _recyclers(self, s: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """(capacity, land tiles) of each rail network of seat ``s`` with staffed recycling
        sites (XX-G11.1: each site's capacity plus T14's extra), remembered like incomes."""
        key = (self.lands[s], self.techs[s], self.grid[s], self.links[s], self.cit_tok[s])
        hit = self._rec[s]
        if hit is not None and hit[0] == key:
            return hit[1]
        grid, cit, K = self.grid[s], self.cit, self.K
        SITES, RECYCLE_CAP = K.SITES, K.RECYCLE_CAP_T
        extra = self.recycling_bonus(s)
        out = []
        for net in self._networks(s):
            cap = 0
            tiles = []
            for c in net:
                code = grid[c] >> 2
                if code < N_LAND:
                    tiles.append(code)
                    for x in SITES[code]:
                        if cit[x]:
                            r = RECYCLE_CAP[x]
                            if r is not None:
                                cap += r + extra
            if cap:
                out.append((cap, tuple(tiles)))
        rec = tuple(out)
        self._rec[s] = (key, rec)
        return rec

    def _staffed_network(self, s: int, cell: int) -> bool:
        grid, cit, SITES = self.grid[s], self.cit, self.K.SITES
        for net in self._networks(s):
            if cell in net:
                return any(cit[x] for c in net if grid[c] >> 2 < N_LAND
                           for x in SITES[grid[c] >> 2])
        return False

    def recycling_bonus(self, s: int) -> int:
        BONUS = self.K.RECYCLING_BONUS_T
        return sum([BONUS[t] for t in self.techs[s]])

    # ----- the phase --------------------------------------------------------------------------
    def _begin_production(self, ev: Events) -> None:
        self.pi = 0
        self._start_seat_p(ev)

    def _start_seat_p(self, ev: Events) -> None:
        s = (self.sp + self.pi) % self.n                                        # XX-G12.5
        self.actor = s
        g = self.garbage
        todo = []
        for net in self._recyclers(s):
            for t in net[1]:
                if g[t]:
                    todo.append(net)
                    break
        self.p_nets = tuple(todo)
        self.p_cap = todo[0][0] if todo else 0
        self._recycle_step(ev)

    def _recycle_step(self, ev: Events) -> None:
        s = self.actor
        g = self.garbage
        nets, cap = self.p_nets, self.p_cap
        while nets:
            tiles = nets[0][1]
            total = 0
            for t in tiles:
                total += g[t]
            if total and cap > 0:
                if total > cap:                                                 # XX-G11.3
                    self.p_nets, self.p_cap = nets, cap
                    self.phase = PH_RECYCLE
                    return
                for t in tiles:                                                 # X3
                    if g[t]:
                        if ev is not None:
                            ev.append(shared_event("reciclaje", "XX-G11.2", _RECICLAJE, s,
                                                   LAND_ID[t], g[t]))
                        g[t] = 0
            nets = nets[1:]
            cap = nets[0][0] if nets else 0
        self.p_nets, self.p_cap = nets, cap
        self._collect(s, ev)
        self.pi += 1
        if self.pi < self.n:
            self._start_seat_p(ev)
        else:
            self._end_production(ev)

    def _legal_recycle(self) -> list:
        g = self.garbage
        return [A.RECYCLE_A[t] for t in self.p_nets[0][1] if g[t]]

    def _h_recycle(self, tile: int, _p: object, ev: Events) -> None:
        self.garbage[tile] -= 1
        self.p_cap -= 1
        if ev is not None:
            ev.append(shared_event("reciclaje", "XX-G11.3", _RECICLAJE, self.actor,
                                   LAND_ID[tile], 1))
        self._recycle_step(ev)

    def _collect(self, s: int, ev: Events) -> None:
        c, sc, v = self.incomes(s)                                              # XX-G12.3
        self.coins[s] += c
        self.science[s] += sc
        self.score[s] += v
        if ev is not None:
            ev.append(event("produccion", "XX-G12.3", {"player": s, "coins": c, "science": sc,
                                                       "vp": v}))


__all__ = ["ProductionMixin"]
