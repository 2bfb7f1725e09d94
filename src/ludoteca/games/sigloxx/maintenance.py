"""Phase 4: Maintenance, seat by seat from the start player (XX-4.1–4.7, XX-G6, XX-G8–G10,
XX-G12.5–G12.6, XX-G17.2, rulings X3, X5, X7).

Per seat: T30 moves pollution right (automatic); **A** the set-aside garbage goes onto tiles owned
since the round began (``basura L``; overflow → pollution left); **B** each pending tile or
institution is picked (``elegir-…``), placed (``colocar-R C`` / ``colocar-puente-R C``, a bridge
edge ``puente-e/s C`` when needed), its citizen put on one of its sites (``situar S``) and its
garbage kept up to 3, the rest spread (``basura L``); **C** technologies and bridges in free order
(``usar-tecnologia T``, ``puente-e/s C``) until ``terminar``. Round VI has only T30 and step C.
"""

from __future__ import annotations

from ludoteca.core.events import Event

from . import actions as A
from .common import (
    GRID_SIZE,
    INST_BASE,
    LAND_ID,
    LAST_ROUND,
    N_LAND,
    N_TECH,
    ORIGIN_CELL,
    PH_A,
    PH_C,
    PH_EDGE,
    PH_EXTRA,
    PH_GAIN,
    PH_LIFT,
    PH_PICK,
    PH_PLACE,
    PH_PUT,
    PH_REMOVE,
    PH_SITE,
    SHARED_EVENTS,
    SITE_NAME,
    TECH_ID,
    Events,
    clamp,
    event,
    player_event,
    shared_event,
    site_name,
)
from .country import (
    _BRIDGED,
    _LINKED,
    _PLAIN,
    DIRS,
    DIRS_BY_EDGE,
    EDGE_AT,
    NEIGH,
    NEIGH_AT,
    edge_cells,
    free_edges,
    frontier_keys,
    grown_frontier,
    is_linked,
    joined_networks,
    shared_edges,
)

_ORIGIN = ORIGIN_CELL
_SIZE = GRID_SIZE
# per cell its placement actions by rotation (plain, with a bridge)
_PLACE_AT = tuple(zip(*A.PLACE_A, strict=True))
_GARBAGE, _PICK_LAND, _PICK_INST, _PUT = A.GARBAGE_A, A.PICK_LAND_A, A.PICK_INST_A, A.PUT_A
_BRIDGED_AT = tuple(zip(*A.PLACE_BRIDGED_A, strict=True))


def edge_action(edge: int):
    """``puente-e C`` or ``puente-s C`` for an edge id."""
    return A.BRIDGE_S_A[edge >> 1] if edge & 1 else A.BRIDGE_E_A[edge >> 1]


def _placed(s: int, code: int, cell: int, r: int, bridged: bool, rule: str) -> Event:
    """The ``colocar`` event of seat ``s``'s tile or institution ``code`` placed on ``cell``
    turned ``r`` quarters."""
    x, y = cell % _SIZE - _ORIGIN % _SIZE, cell // _SIZE - _ORIGIN // _SIZE
    data = {"player": s, "cell": cell, "x": x, "y": y, "rotation": 90 * r, "bridged": bridged}
    if code < N_LAND:
        data["tile"] = LAND_ID[code]
    else:
        data["tech"] = TECH_ID[code - INST_BASE]
    return event("colocar", rule, data)

# the fields of shared events (common.shared_event)
_BASURA = ("player", "tile", "garbage")
_ELIGE = ("player", "tile")
_CIUDADANO = ("player", "site")
_USA = ("player", "tech")


class MaintenanceMixin:
    # ----- seat order -------------------------------------------------------------------------
    def _begin_maintenance(self, ev: Events) -> None:
        self.t_used_m = [False] * N_TECH                                       # XX-G6.2
        self.mi = 0
        self._start_seat_m(ev)

    def _start_seat_m(self, ev: Events) -> None:
        s = (self.sp + self.mi) % self.n                                        # XX-G12.5, X4
        self.actor = s
        if ev is not None:
            key = ("mantenimiento", s, self.round)
            e = SHARED_EVENTS.get(key)
            if e is None:
                e = SHARED_EVENTS[key] = event("mantenimiento", "XX-G12.5",
                                               {"player": s, "round": self.round})
            ev.append(e)
        SHIFT = self.K.SHIFT_T
        for t in self.techs[s]:                                                 # XX-G6.2: T30
            shift = SHIFT[t]
            if shift is not None:
                before = self.pollution[s]
                self.pollution[s] = clamp(before + shift)
                if ev is not None:
                    ev.append(event("agencia", "XX-G6.2", {"player": s, "tech": TECH_ID[t],
                                                           "from": before,
                                                           "to": self.pollution[s]}))
        if self.round == LAST_ROUND:                                            # XX-G17.2
            self.phase = PH_C
        else:
            self._step_a(ev)

    def _end_seat_m(self, ev: Events) -> None:
        self.mi += 1
        if self.mi < self.n:
            self._start_seat_m(ev)
        else:
            self._begin_production(ev)

    def _overflow(self, s: int, tokens: int, rule: str, ev: Events) -> None:
        """Tokens that fit nowhere go back to the supply, 1 pollution step left each
        (XX-G10.4)."""
        before = self.pollution[s]
        self.pollution[s] = clamp(before - tokens * self.K.C.overflow_pollution)
        if ev is not None:
            ev.append(event("desborde", rule, {"player": s, "tokens": tokens, "from": before,
                                               "to": self.pollution[s]}))

    def _room(self, s: int) -> list[int]:
        """Own placed land tiles with room for garbage."""
        g, cap = self.garbage, self.K.CAP
        return [t for t in self.lands[s] if g[t] < cap]

    def _has_room(self, s: int) -> bool:
        """Whether ``_room(s)`` is not empty."""
        g, cap = self.garbage, self.K.CAP
        for t in self.lands[s]:
            if g[t] < cap:
                return True
        return False

    # ----- step A: set-aside garbage (XX-G10.3, XX-G6.5) -----------------------------------
    def _step_a(self, ev: Events) -> None:
        s = self.actor
        if self.set_aside[s] > 0:
            if self._has_room(s):
                self.phase = PH_A
                return
            tokens, self.set_aside[s] = self.set_aside[s], 0
            self._overflow(s, tokens, "XX-G10.4", ev)
        self._step_b(ev)

    def _legal_garbage(self) -> list:
        g, cap = self.garbage, self.K.CAP
        return [_GARBAGE[t] for t in self.lands[self.actor] if g[t] < cap]

    def _h_garbage(self, tile: int, _p: object, ev: Events) -> None:
        s = self.actor
        g = self.garbage
        now = g[tile] = g[tile] + 1
        if self.phase == PH_A:
            self.set_aside[s] -= 1
            if ev is not None:
                ev.append(shared_event("basura", "XX-G10.3", _BASURA, s, LAND_ID[tile], now))
            self._step_a(ev)
        else:
            self.extra -= 1
            if ev is not None:
                ev.append(shared_event("basura", "XX-G10.5", _BASURA, s, LAND_ID[tile], now))
            self._extra_step(ev)

    # ----- step B: pending tiles and institutions (XX-G8, XX-G9.2, XX-G10.5, XX-G6.4) --------
    def _step_b(self, ev: Events) -> None:
        s = self.actor
        self.phase = PH_PICK if self.pend_land[s] or self.pend_inst[s] else PH_C

    def _legal_pick(self) -> list:
        s = self.actor
        out = [_PICK_LAND[x[0]] for x in self.pend_land[s]]
        inst = self.pend_inst[s]
        if inst:
            out += [_PICK_INST[t] for t in inst]
        return out

    def _h_pick_land(self, tile: int, _p: object, ev: Events) -> None:
        s = self.actor
        pend = self.pend_land[s]
        i = 0
        while pend[i][0] != tile:                       # the pending tiles are distinct
            i += 1
        item = pend[i]
        self.pend_land[s] = pend[:i] + pend[i + 1:]
        self.sel = item
        self.phase = PH_PLACE
        if ev is not None:
            ev.append(shared_event("elige", "XX-G8.9", _ELIGE, s, LAND_ID[tile]))

    def _h_pick_inst(self, t: int, _p: object, ev: Events) -> None:
        s = self.actor
        self.pend_inst[s] = tuple(x for x in self.pend_inst[s] if x != t)
        self.sel = (INST_BASE + t, 0, 0)
        self.phase = PH_PLACE
        if ev is not None:
            ev.append(event("elige", "XX-G8.9", {"player": s, "tech": TECH_ID[t]}))

    def _frontier(self, s: int) -> dict[int, int]:
        """:func:`~.country.frontier_keys` of seat ``s``'s country, remembered per seat with
        the country it belongs to (``_fr``, shared by clones like ``_rec``)."""
        grid = self.grid[s]
        hit = self._fr[s]
        if hit is not None and hit[0] is grid:
            return hit[1]
        keys = frontier_keys(self.K.RAILS, grid)
        self._fr[s] = (grid, keys)
        return keys

    def _legal_place(self) -> list:
        """:func:`~.country.placements` of the selected tile as actions (the same list, in the
        same order), from the remembered frontier of the country."""
        s = self.actor
        keys = self._frontier(s)
        base = self.K.RAILS[self.sel[0] << 2]
        cells = sorted(keys)
        rots = _PLAIN[base]
        out = [_PLACE_AT[c][r] for c in cells for r in rots[keys[c]]]
        held = self.held[s]
        if held:
            rots = _BRIDGED[held if held < 4 else 4][base]
            bridged = [_BRIDGED_AT[c][r] for c in cells for r in rots[keys[c]]]
            if bridged:
                return out + bridged
        if out:
            return out
        rots = _LINKED[base]                                    # G8.5 alone, then G8.3 alone
        out = [_PLACE_AT[c][r] for c in cells for r in rots[keys[c]]]
        return out if out else [_PLACE_AT[c][r] for c in cells for r in range(4)]

    def _h_place(self, cell: int, p: tuple[int, bool], ev: Events) -> None:
        s = self.actor
        r, bridged = p
        code = self.sel[0]
        value = code * 4 + r
        RAILS = self.K.RAILS
        keys = self._frontier(s)
        k = keys[cell]                          # a legal placement is on the frontier
        sides, rails = k >> 4, k & 15           # occupied sides; those whose rail faces cell
        m = RAILS[value]
        edges = EDGE_AT[cell]
        mism = [edges[d] for d in DIRS[(m & sides) ^ rails]]     # mismatched shared edges
        links = self.links[s]
        at = NEIGH_AT[cell]
        rr = m & rails                          # rail–rail sides
        linked = [at[d] for d in DIRS[sides] if rr >> d & 1 or edges[d] in links]
        new = dict(self.grid[s])
        new[cell] = value
        self.grid[s] = new
        self._fr[s] = (new, grown_frontier(RAILS, keys, new, cell))
        nets = self.nets[s]
        if nets is not None:                    # the networks, kept up
            self.nets[s] = joined_networks(nets, (cell,), linked)
        if code < N_LAND:
            self.lands[s] = self.lands[s] + (code,)
            self.land_owner[code] = s
        if ev is not None:
            rule = "XX-G8.8" if bridged else "XX-G8.4" if not mism and linked else "XX-G8.6"
            ev.append(_placed(s, code, cell, r, bridged, rule))
        if bridged:
            around = DIRS_BY_EDGE[sides]        # the shared edges' directions, by edge id
            if mism:                                                            # X5
                for e in mism:
                    self._put_bridge(s, e, ev)
            elif len(around) == 1:
                self._put_bridge(s, edges[around[0]], ev)
            else:
                self.sel_cell = cell
                self.phase = PH_EDGE
                return
        self._after_place(ev)

    def _linked_around(self, s: int, cell: int) -> bool:
        grid, links, rails = self.grid[s], self.links[s], self.K.RAILS
        return any(nc in grid and is_linked(rails, grid, links, cell, d, nc)
                   for d, nc in NEIGH[cell])

    def _put_bridge(self, s: int, edge: int, ev: Events) -> None:
        self.links[s] = self.links[s] | {edge}
        self.held[s] -= 1
        a, b = edge_cells(edge)
        nets = self.nets[s]
        if nets is not None:                    # the networks, kept up
            self.nets[s] = joined_networks(nets, (), (a, b))
        if ev is not None:
            ev.append(event("puente", "XX-G8.8", {"player": s, "edge": edge, "cells": [a, b],
                                                  "dir": "s" if edge & 1 else "e"}))

    def _legal_edge(self) -> list:
        s = self.actor
        return [edge_action(e) for e in shared_edges(self.grid[s], self.sel_cell)]

    def _h_bridge(self, cell: int, south: int, ev: Events) -> None:
        s = self.actor
        self._put_bridge(s, 2 * cell + south, ev)
        if self.phase == PH_EDGE:
            self.sel_cell = -1
            self._after_place(ev)

    def _after_place(self, ev: Events) -> None:
        code, citizen, _ = self.sel
        if code >= N_LAND:                                                      # XX-G6.4
            self.sel = None
            self._step_b(ev)
        elif citizen:
            self.phase = PH_SITE                                                # XX-G9.2
        else:
            self._land_garbage(ev)

    def _legal_site(self) -> list:
        cit = self.cit
        return [_PUT[x] for x in self.K.SITES[self.sel[0]] if not cit[x]]

    def _land_garbage(self, ev: Events) -> None:
        s = self.actor
        tile, _, g = self.sel
        keep = min(g, self.K.CAP)                                               # XX-G10.2
        self.garbage[tile] = keep
        self.sel = None
        if ev is not None:
            ev.append(event("basura_tierra", "XX-2.15", {"player": s, "tile": LAND_ID[tile],
                                                         "garbage": keep, "extra": g - keep}))
        self.extra = g - keep
        self._extra_step(ev)

    def _extra_step(self, ev: Events) -> None:
        s = self.actor
        if self.extra > 0:
            if self._has_room(s):
                self.phase = PH_EXTRA                                           # XX-G10.5
                return
            tokens, self.extra = self.extra, 0
            self._overflow(s, tokens, "XX-G10.5", ev)
        self._step_b(ev)

    # ----- citizens: a new tile's, moved ones, new ones (XX-G9) ---------------------------------
    def _h_put(self, site: int, _p: object, ev: Events) -> None:
        s, ph = self.actor, self.phase
        self.cit[site] = 1
        self.new_citizens(self.actor)
        if ph == PH_SITE:
            tile, _, g = self.sel
            self.sel = (tile, 0, g)
            if ev is not None:
                ev.append(shared_event("ciudadano", "XX-G9.2", _CIUDADANO, s, SITE_NAME[site]))
            self._land_garbage(ev)
        elif ph == PH_PUT:
            if ev is not None:
                ev.append(event("mover", "XX-G9.3", {"player": s, "tech": TECH_ID[self.m_tech],
                                                     "from": site_name(self.lifted),
                                                     "to": site_name(site)}))
            self.lifted = -1
            self.m_rem -= 1
            if self.m_rem > 0:
                self.phase = PH_LIFT
            else:
                self._end_tech(ev)
        else:                                                                   # PH_GAIN
            self.cit_supply[s] -= 1
            self.m_rem -= 1
            if ev is not None:
                ev.append(event("nuevo_ciudadano", "XX-G9.3", {"player": s,
                                                               "tech": TECH_ID[self.m_tech],
                                                               "site": site_name(site)}))
            if self.m_rem <= 0 or not self.cit_supply[s] or not self._empty_sites(s):
                self._end_tech(ev)

    def _empty_sites(self, s: int, tiles=None) -> list[int]:
        cit, SITES = self.cit, self.K.SITES
        return [x for t in (self.lands[s] if tiles is None else tiles) for x in SITES[t]
                if not cit[x]]

    def _staffed_sites(self, s: int) -> list[int]:
        cit, SITES = self.cit, self.K.SITES
        return [x for t in self.lands[s] for x in SITES[t] if cit[x]]

    def _network_tiles(self, s: int, tile: int) -> list[int]:
        """Land tiles of the rail network that holds ``tile`` (XX-G8.7)."""
        grid = self.grid[s]
        cell = next(c for c, v in grid.items() if v >> 2 == tile)
        for net in self._networks(s):
            if cell in net:
                return [grid[c] >> 2 for c in net if grid[c] >> 2 < N_LAND]
        return [tile]

    def _can_move(self, s: int, scope: str) -> bool:
        if scope == "country":
            return bool(self._staffed_sites(s)) and bool(self._empty_sites(s))
        grid, cit, SITES = self.grid[s], self.cit, self.K.SITES
        for net in self._networks(s):
            staffed = empty = False
            for c in net:
                code = grid[c] >> 2
                if code < N_LAND:
                    for x in SITES[code]:
                        if cit[x]:
                            staffed = True
                        else:
                            empty = True
            if staffed and empty:
                return True
        return False

    def _legal_lift(self) -> list:
        return [A.LIFT_A[x] for x in self._staffed_sites(self.actor)] + [A.A_DONE]

    def _legal_move_to(self) -> list:
        s = self.actor
        if self.K.TECH[self.m_tech].scope == "network":
            tiles = self._network_tiles(s, self.lifted // 3)
            return [A.PUT_A[x] for x in sorted(self._empty_sites(s, tiles))]
        return [A.PUT_A[x] for x in sorted(self._empty_sites(s))]

    def _legal_gain(self) -> list:
        return [A.PUT_A[x] for x in sorted(self._empty_sites(self.actor))]

    def _h_lift(self, site: int, _p: object, ev: Events) -> None:
        self.cit[site] = 0
        self.new_citizens(self.actor)
        self.lifted = site
        self.phase = PH_PUT
        if ev is not None:
            ev.append(event("recoger", "XX-G9.3", {"player": self.actor,
                                                   "site": site_name(site)}))

    # ----- step C: technologies and bridges (XX-G6.2, XX-G6.3, XX-G8.8) -------------------------
    def _usable(self, s: int, t: int) -> bool:
        tech = self.K.TECH[t]
        if tech.use == "each_maintenance":
            if self.t_used_m[t]:
                return False
        elif tech.use == "once":
            if self.t_used[t]:
                return False
        else:
            return False
        op = tech.op
        if op == "remove_garbage":
            g = self.garbage
            return self.coins[s] >= tech.cost_coins and any(g[x] for x in self.lands[s])
        if op == "move_citizens":
            return self._can_move(s, tech.scope)
        if op == "gain_citizens":
            return self.cit_supply[s] > 0 and bool(self._empty_sites(s))
        return False

    def _legal_c(self) -> list:
        s = self.actor
        techs = self.techs[s]
        ACTIVE = self.K.ACTIVE_T
        out = [A.USE_A[t] for t in techs if ACTIVE[t] and self._usable(s, t)] if techs else []
        if self.held[s]:
            out += [edge_action(e) for e in free_edges(self.K.RAILS, self.grid[s], self.links[s])]
        out.append(A.A_DONE)
        return out

    def _h_done(self, _a: object, _p: object, ev: Events) -> None:
        s = self.actor
        if self.phase == PH_LIFT:                                               # XX-G5.2
            if ev is not None:
                ev.append(event("fin_tecnologia", "XX-G5.2", {"player": s,
                                                              "tech": TECH_ID[self.m_tech],
                                                              "moves_left": self.m_rem}))
            self._end_tech(ev)
            return
        if ev is not None:
            ev.append(player_event("fin_mantenimiento", "XX-G12.6", s))
        self._end_seat_m(ev)

    def _end_tech(self, ev: Events) -> None:
        self.m_tech, self.m_rem, self.m_removed = -1, 0, 0
        self.phase = PH_C

    def _h_use(self, t: int, _p: object, ev: Events) -> None:
        s = self.actor
        tech = self.K.TECH[t]
        if tech.use == "once":
            self.t_used[t] = True                                               # XX-G6.3
        else:
            self.t_used_m[t] = True                                             # XX-G6.2
        if ev is not None:
            ev.append(shared_event("usa", "XX-G6.3" if tech.use == "once" else "XX-G6.2", _USA,
                                   s, TECH_ID[t]))
        self.m_tech = t
        if tech.op == "remove_garbage":
            if tech.cost_coins:                                                 # T09
                self.coins[s] -= tech.cost_coins
                if ev is not None:
                    ev.append(event("pago_tecnologia", "XX-G6.2", {
                        "player": s, "tech": TECH_ID[t], "amount": tech.cost_coins}))
            total = sum(self.garbage[x] for x in self.lands[s])
            self.m_rem = min(tech.amount, total)
            self.m_removed = 0
            self._remove_step(ev)
        elif tech.op == "move_citizens":
            self.m_rem = tech.moves
            self.phase = PH_LIFT
        else:                                                                   # gain_citizens
            self.m_rem = min(tech.count, self.cit_supply[s], len(self._empty_sites(s)))
            self.phase = PH_GAIN

    def _remove_step(self, ev: Events) -> None:
        s = self.actor
        g = self.garbage
        dirty = [x for x in self.lands[s] if g[x]]
        total = sum(g[x] for x in dirty)
        if self.m_rem > 0 and total:
            if total > self.m_rem:
                self.phase = PH_REMOVE
                return
            for x in dirty:                                                     # X3
                if ev is not None:
                    ev.append(event("quitar", self._remove_rule(), {
                        "player": s, "tile": LAND_ID[x], "tokens": g[x],
                        "tech": TECH_ID[self.m_tech]}))
                self.m_removed += g[x]
                self.m_rem -= g[x]
                g[x] = 0
        tech = self.K.TECH[self.m_tech]
        if tech.pollution_if_used and self.m_removed:                           # T18
            before = self.pollution[s]
            self.pollution[s] = clamp(before - tech.pollution_if_used)
            if ev is not None:
                ev.append(event("incineradora", "XX-G5.2", {
                    "player": s, "tech": TECH_ID[self.m_tech], "from": before,
                    "to": self.pollution[s]}))
        self._end_tech(ev)

    def _remove_rule(self) -> str:
        return "XX-G6.3" if self.K.TECH[self.m_tech].use == "once" else "XX-G6.2"

    def _legal_remove(self) -> list:
        g = self.garbage
        return [A.REMOVE_A[x] for x in self.lands[self.actor] if g[x]]

    def _h_remove(self, tile: int, _p: object, ev: Events) -> None:
        self.garbage[tile] -= 1
        self.m_rem -= 1
        self.m_removed += 1
        if ev is not None:
            ev.append(event("quitar", self._remove_rule(), {"player": self.actor,
                                                            "tile": LAND_ID[tile], "tokens": 1,
                                                            "tech": TECH_ID[self.m_tech]}))
        self._remove_step(ev)

    def _free_edges(self, s: int) -> list[int]:
        return free_edges(self.K.RAILS, self.grid[s], self.links[s])


__all__ = ["MaintenanceMixin", "edge_action"]
