"""The greedy bot for «Siglo XX». It reads only ``view(seat)`` and ``legal_actions(seat)`` (plus
the public content: tiles, technologies, catastrophe cards), never hidden state: no pile, no
stack, no other seat's holdings.

Policy, one decision at a time:
- values a land tile by its best city (the citizen that comes with it) over the productions
  left, plus its recycling, minus the garbage it brings; bids up to that value in coins while it
  keeps a small reserve, opens at the minimum, passes when another displayed tile is still worth
  bidding on and withdraws otherwise;
- buys the technology worth most against its price in science (incomes over the rounds left,
  garbage removal, citizens; garbage and pollution icons count against it);
- in the catastrophe auction takes the column whose harm (garbage it cannot store, pollution)
  plus the science it costs is lowest;
- keeps garbage under control: set-aside garbage goes where recycling reaches or on tiles that
  are already dirty, removals and recycling clean the tiles closest to clean, removal
  technologies are used when they have enough to remove;
- places tiles to link as many rails as possible, staffs the best site, moves citizens to better
  sites, uses bridges to join networks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.game import Game

from . import actions as A
from .common import INST_BASE, LAST_ROUND, P_MAX
from .content import SITE_RECYCLING
from .country import NEIGH, OPP
from .tables import Tables, default_tables

# ids and their indices are the same in every valid content file (ruling X11); the tiles'
# sites, the technologies' effects and the garbage capacity are the game's own (``self.K``)
LAND_IDX = A.LAND_INDEX
TECH_IDX = A.TECH_INDEX
W_COIN, W_SCIENCE, W_VP = 0.6, 0.5, 1.0         # VP worth of one unit per production
W_GARBAGE, W_POLLUTION = 1.5, 3.0               # VP cost of a token / a pollution step
RESERVE = 1                                     # coins kept back when bidding


def _best(t) -> tuple[float, int]:
    """A land tile's best city value and its largest recycling capacity (static)."""
    best = max((SigloGreedyAgent.city_value(s) for s in t.sites if s.kind != SITE_RECYCLING),
               default=0.0)
    rec = max((s.capacity for s in t.sites if s.kind == SITE_RECYCLING), default=0)
    return best, rec


def _tile_best(K: Tables) -> tuple[tuple[float, int], ...]:
    """:func:`_best` of every land tile of a content (made once per content)."""
    got = K.memo.get("greedy_tile_best")
    if got is None:
        got = K.memo["greedy_tile_best"] = tuple(_best(t) for t in K.LAND)
    return got


_BITS = tuple(bin(m).count("1") for m in range(16))
_PICKS = (A.PICK_LAND, A.PICK_INST)
_EDGES = (A.BRIDGE_E, A.BRIDGE_S)


class SigloGreedyAgent:
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self.K = default_tables()               # the content of the game it plays (choose)

    # ----- reading the view ---------------------------------------------------------------
    @staticmethod
    def productions_left(view: dict[str, Any]) -> int:
        return LAST_ROUND + 1 - view["round"]

    @staticmethod
    def city_value(site) -> float:
        return site.coins * W_COIN + site.science * W_SCIENCE + site.vp * W_VP

    def site_value(self, site_id: int, me: dict[str, Any]) -> float:
        s = self.K.LAND[site_id // 3].sites[site_id % 3]
        if s.kind == SITE_RECYCLING:
            return min(s.capacity, me["garbage"]) * 1.1 + 0.2
        return self.city_value(s)

    def tile_value(self, view: dict[str, Any], tile: int, k: int) -> float:
        """VP a tile is worth to us if it is our (k+1)-th this round."""
        best, rec = _tile_best(self.K)[tile]
        left = self.productions_left(view)
        value = best * left + rec * 0.6 * left + 2.0          # +2: a clean tile at the end
        return value - (k + 1) * W_GARBAGE

    def max_bid(self, view: dict[str, Any], seat: int, tile: int) -> int:
        me = view["players"][seat]
        if me["citizens_supply"] <= 0:
            return 0
        value = self.tile_value(view, tile, me["won"])
        coins = me.get("coins", 0)
        return max(0, min(coins - RESERVE, int(value / W_COIN * 0.5)))

    def tech_value(self, view: dict[str, Any], seat: int, t: int) -> float:
        tech = self.K.TECH[t]
        left = self.productions_left(view)
        me = view["players"][seat]
        v = 0.0
        if tech.op in ("income", "income_if_connected"):
            v += (tech.coins * W_COIN + tech.science * W_SCIENCE + tech.vp * W_VP) * left
        elif tech.op == "remove_garbage":
            per_use = min(tech.amount, 3) * 0.9 - tech.cost_coins * W_COIN * 0.5
            v += per_use * (left if tech.use == "each_maintenance" else 1)
        elif tech.op == "gain_citizens":
            v += tech.count * 1.5 * left * 0.6
        elif tech.op == "move_citizens":
            v += 0.5 * left
        elif tech.op == "recycling_bonus":
            v += 0.6 * left
        elif tech.op == "pollution_shift":
            v += tech.shift * W_POLLUTION * 0.8 * left
        elif tech.op == "gain_bridges":
            v += 0.5
        v -= tech.garbage * W_GARBAGE + tech.pollution * W_POLLUTION
        v += tech.flowers * W_POLLUTION * 0.8 if me["pollution"] < P_MAX else 0
        return v

    # ----- choosing ---------------------------------------------------------------------------
    def choose(self, game: Game, seat: int) -> Action:
        self.K = game.K                         # the game's own content
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        # decisions the legal actions alone identify and settle (no view needed): the opening
        # bid (bids only), which pending tile to place, the edge of a bridged placement
        last = legal[-1].name
        if last == A.BID:
            return self._abrir(None, seat, legal)
        if last in _PICKS:
            return self._elegir_pendiente(None, seat, legal)
        if last in _EDGES:
            return self._puente(None, seat, legal)
        view = game.view(seat, own_only=True)    # only players[seat] is read
        step = view["step"]
        handler = getattr(self, "_" + step, None)
        action = handler(view, seat, legal) if handler else None
        return action if action in legal else legal[0]

    # auction --------------------------------------------------------------------------------------
    def _elegir(self, view, seat, legal):
        me = view["players"][seat]
        best, best_v = None, 0.0
        for a in legal:
            if a.name == A.AUCTION and me["won"] < 3:
                cap = self.max_bid(view, seat, a.arg)
                if cap >= view["min_bid"] and cap > best_v:
                    best, best_v = a, cap
        return best or A.A_WITHDRAW

    def _abrir(self, view, seat, legal):
        return min(legal, key=lambda a: a.arg)

    def _puja(self, view, seat, legal):
        tile = LAND_IDX[view["auction"]["tile"]]
        cap = self.max_bid(view, seat, tile)
        bids = [a for a in legal if a.name == A.BID]
        if bids and bids[0].arg <= cap:
            return bids[0]
        me = view["players"][seat]
        others = [LAND_IDX[t] for t in view["land_display"] if LAND_IDX[t] != tile]
        if me["won"] < 3 and any(self.max_bid(view, seat, t) >= view["min_bid"] for t in others):
            return A.A_PASS
        return A.A_WITHDRAW

    def _solo(self, view, seat, legal):
        me = view["players"][seat]
        buys = [a for a in legal if a.name == A.BUY_LAND]
        if not buys or me["won"] >= 2:
            return A.A_WITHDRAW
        best = max(buys, key=lambda a: self.tile_value(view, a.arg, me["won"]))
        if self.tile_value(view, best.arg, me["won"]) >= view["min_bid"] * W_COIN * 2:
            return best
        return A.A_WITHDRAW

    def _tecnologia(self, view, seat, legal):
        price = view["price"]
        best, best_v = A.A_NO_BUY, 0.0
        for a in legal:
            if a.name == A.BUY_TECH:
                v = self.tech_value(view, seat, a.arg) - price * 0.35
                if v > best_v:
                    best, best_v = a, v
        return best

    # catastrophe ----------------------------------------------------------------------------------
    def _columna(self, view, seat, legal):
        me = view["players"][seat]
        cap = self.K.CAP
        room = sum(cap - c["garbage"] for c in me["country"] if "tile" in c)
        room -= me["set_aside_garbage"]
        cols = {c["column"]: c for c in view["catastrophe"]["columns"]}
        cheapest: dict[str, Action] = {}
        for a in legal:
            x = a.name[len(A.COLUMN):]
            if x not in cheapest or a.arg < cheapest[x].arg:
                cheapest[x] = a

        def cost(a: Action) -> float:
            col = cols[a.name[len(A.COLUMN):]]
            g, p = col["garbage"], col["pollution"]
            stored = min(g, max(room, 0))
            return stored * W_GARBAGE + (g - stored + p) * W_POLLUTION + a.arg * W_SCIENCE * 0.6
        return min(cheapest.values(), key=lambda a: (cost(a), a.arg))

    # maintenance ----------------------------------------------------------------------------------
    def _cells(self, me):
        return {c["cell"]: c for c in me["country"]}

    def _recycled_tiles(self, me) -> set[str]:
        """Own tiles in a network with a staffed recycling site."""
        cells = self._cells(me)
        out: set[str] = set()
        for net in me["networks"]:
            staffed = False
            for cell in net:
                c = cells[cell]
                if "tile" in c:
                    t = self.K.LAND[LAND_IDX[c["tile"]]]
                    for letter in c["citizens"]:
                        if t.sites["abc".index(letter)].kind == SITE_RECYCLING:
                            staffed = True
            if staffed:
                out |= {cells[x]["tile"] for x in net if "tile" in cells[x]}
        return out

    def _garbage_target(self, view, seat, legal):
        me = view["players"][seat]
        cells = {c["tile"]: c for c in me["country"] if "tile" in c}
        rec = self._recycled_tiles(me)
        ids = A.LAND_IDS
        return max(legal, key=lambda a: (ids[a.arg] in rec, cells[ids[a.arg]]["garbage"],
                                         -a.arg))

    _basura = _garbage_target
    _basura_extra = _garbage_target

    def _elegir_pendiente(self, view, seat, legal):
        lands = [a for a in legal if a.name == A.PICK_LAND]
        return lands[0] if lands else legal[0]

    def _colocar(self, view, seat, legal):
        me = view["players"][seat]
        sel = view["maintenance"]["selected"]
        code = LAND_IDX[sel["tile"]] if "tile" in sel else INST_BASE + TECH_IDX[sel["tech"]]
        grid = {}
        for c in me["country"]:
            k = LAND_IDX[c["tile"]] if "tile" in c else INST_BASE + TECH_IDX[c["tech"]]
            grid[c["cell"]] = k * 4 + c["rotation"] // 90

        around: dict[int, tuple[int, int]] = {}     # cell -> (rails facing it, free sides)
        RAILS = self.K.RAILS

        def score(a: Action) -> tuple:
            c = a.arg
            sides = around.get(c)
            if sides is None:
                rails = free = 0
                for d, nc in NEIGH[c]:
                    v = grid.get(nc)
                    if v is None:
                        free |= 1 << d
                    elif RAILS[v] >> OPP[d] & 1:
                        rails |= 1 << d
                sides = around[c] = (rails, free)
            m = RAILS[code * 4 + A.ROTATION_OF[a.name]]
            bridged = a.name.startswith(A.PLACE_BRIDGED)
            return (_BITS[m & sides[0]] + (1 if bridged else 0), _BITS[m & sides[1]], -bridged,
                    -c)
        return max(legal, key=score)

    def _ciudadano(self, view, seat, legal):
        me = view["players"][seat]
        return max(legal, key=lambda a: (self.site_value(a.arg, me), -a.arg))

    _nuevos_ciudadanos = _ciudadano

    def _situar(self, view, seat, legal):
        return self._ciudadano(view, seat, legal)

    def _tecnologias(self, view, seat, legal):
        me = view["players"][seat]
        garbage = me["garbage"]
        for a in legal:
            if a.name != A.USE:
                continue
            tech = self.K.TECH[a.arg]
            if tech.op == "gain_citizens":
                return a
            if tech.op == "remove_garbage":
                if tech.use == "once" and (garbage >= min(tech.amount, 4) or view["round"] == 6):
                    return a
                if tech.use == "each_maintenance":
                    if tech.cost_coins and me.get("coins", 0) >= 6 and garbage:
                        return a
                    if tech.pollution_if_used and garbage >= 2 and me["pollution"] > -3:
                        return a
                    if not tech.cost_coins and not tech.pollution_if_used:
                        return a
            if tech.op == "move_citizens" and self._best_move(view, seat, tech) is not None:
                return a
        edges = [a for a in legal if a.name in (A.BRIDGE_E, A.BRIDGE_S)]
        if edges:
            net_of = {cell: i for i, net in enumerate(me["networks"]) for cell in net}
            for a in edges:
                x, y = a.arg, a.arg + (15 if a.name == A.BRIDGE_S else 1)
                if net_of.get(x) != net_of.get(y):
                    return a
        return A.A_DONE

    def _best_move(self, view, seat, tech) -> tuple[int, float] | None:
        """(site to lift, gain) of the best citizen move, or None."""
        me = view["players"][seat]
        cells = self._cells(me)
        tile_cell = {c["tile"]: c["cell"] for c in me["country"] if "tile" in c}
        net_of = {cell: i for i, net in enumerate(me["networks"]) for cell in net}
        staffed, empty = [], []
        for c in me["country"]:
            if "tile" not in c:
                continue
            t = LAND_IDX[c["tile"]]
            for j in range(len(self.K.LAND[t].sites)):
                (staffed if "abc"[j] in c["citizens"] else empty).append(3 * t + j)
        best = None
        for s in staffed:
            here = self.site_value(s, me)
            for e in empty:
                if tech.scope == "network" and net_of[tile_cell[A.LAND_IDS[s // 3]]] != \
                        net_of[tile_cell[A.LAND_IDS[e // 3]]]:
                    continue
                gain = self.site_value(e, me) - here
                if gain > 0.2 and (best is None or gain > best[1]):
                    best = (s, gain)
        del cells
        return best

    def _recoger(self, view, seat, legal):
        tech = self.K.TECH[TECH_IDX[view["maintenance"]["tech"]]]
        move = self._best_move(view, seat, tech)
        if move is not None and A.LIFT_A[move[0]] in legal:
            return A.LIFT_A[move[0]]
        return A.A_DONE

    def _quitar(self, view, seat, legal):
        me = view["players"][seat]
        cells = {c["tile"]: c["garbage"] for c in me["country"] if "tile" in c}
        return min(legal, key=lambda a: (cells[A.LAND_IDS[a.arg]], a.arg))

    _reciclar = _quitar

    def _puente(self, view, seat, legal):
        return legal[0]


#: this game's own program players, by agent name: ``factory(seed)``. The game's
#: ``GameInfo.bots`` names this module; ``ludoteca.agents`` reads it on first use.
AGENTS: dict[str, Callable[..., Any]] = {"greedy": lambda seed: SigloGreedyAgent(seed)}

__all__ = ["SigloGreedyAgent"]
