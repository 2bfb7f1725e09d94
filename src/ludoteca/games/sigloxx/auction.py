"""Phase 2: the land auction, the technology purchase on withdrawing, and the consolation
(XX-2.1–2.44, XX-G18, XX-G19, XX-G23, rulings X6, X7).

ELEGIR (start player picks a tile or withdraws) → ABRIR (opening bid) → PUJA (clockwise: raise,
pass or withdraw) → the tile is won → ELEGIR again. Withdrawing opens TECNOLOGIA for that seat at
once (X6). When one seat is left it buys at the minimum (SOLO, G18). When all have withdrawn,
the consolation is paid (G19) and the catastrophe auction begins.

Every amount in an event here is public at the table (bids, prices, consolation; X9); no event
carries what a seat holds.
"""

from __future__ import annotations

from ludoteca.core.events import Event

from . import actions as A
from .common import (
    LAND_ID,
    PH_ABRIR,
    PH_ELEGIR,
    PH_PUJA,
    PH_SOLO,
    PH_TECH,
    TECH_ID,
    clamp,
    event,
)

_BIDS = A.BID_A
_MAX = A.MAX_BID


class AuctionMixin:
    # ----- prices ---------------------------------------------------------------------------
    def price(self) -> int:
        """The technology price under the marker (XX-1.13)."""
        return self.K.TRACKS[self.track].prices[self.marker]

    def min_bid(self) -> int:
        """The round's minimum land bid (XX-1.12)."""
        return self.K.TRACKS[self.track].min_bid

    # ----- legal actions ------------------------------------------------------------------------
    def _legal_elegir(self) -> list:
        s = self.actor
        out = [A.AUCTION_A[t] for t in self.land_display] \
            if self.coins[s] >= self.min_bid() else []
        out.append(A.A_WITHDRAW)
        return out

    def _legal_solo(self) -> list:
        s = self.actor
        out = [A.BUY_LAND_A[t] for t in self.land_display] \
            if self.coins[s] >= self.min_bid() else []
        out.append(A.A_WITHDRAW)
        return out

    def _legal_abrir(self) -> list:
        return _BIDS[self.min_bid():min(self.coins[self.actor], _MAX) + 1]

    def _legal_puja(self) -> list:
        out = _BIDS[self.high + 1:min(self.coins[self.actor], _MAX) + 1]
        out.append(A.A_PASS)
        out.append(A.A_WITHDRAW)
        return out

    def _legal_tech(self) -> list:
        price = self.price()
        out = [A.BUY_TECH_A[t] for t in self.tech_display] \
            if self.science[self.actor] >= price else []
        out.append(A.A_NO_BUY)
        return out

    # ----- flow -------------------------------------------------------------------------------
    def _to_elegir(self, ev: list[Event]) -> None:
        """The start player's turn to pick a tile, or to buy alone (XX-2.18, XX-2.23)."""
        self.actor = self.sp
        if len(self.withdrawn) == self.n - 1:
            if not self.lone:
                self.lone = True
                ev.append(event("solo", "XX-2.23", {"player": self.sp,
                                                    "price": self.min_bid()}))
            self.phase = PH_SOLO
        else:
            self.phase = PH_ELEGIR

    def _next_bidder(self, ev: list[Event]) -> None:
        """The first seat clockwise from the last actor that may still bid; none → the high
        bidder wins (XX-2.4, XX-2.10)."""
        n, w, passed, hs = self.n, self.withdrawn, self.passed, self.high_seat
        for i in range(1, n):
            s = (self.last + i) % n
            if s != hs and not passed[s] and s not in w:
                self.phase, self.actor = PH_PUJA, s
                return
        self._win(ev)

    def _win(self, ev: list[Event]) -> None:
        s, tile, amount = self.high_seat, self.tile, self.high
        self.coins[s] -= amount                                                 # XX-2.11
        ev.append(event("gana", "XX-2.10", {"player": s, "tile": LAND_ID[tile], "amount": amount}))
        self._gain_tile(s, tile, ev)
        self.passed = [False] * self.n
        self.tile, self.high, self.high_seat, self.last = -1, 0, -1, -1
        self.sp = s
        ev.append(event("inicial", "XX-2.17", {"player": s}))
        self._to_elegir(ev)

    def _gain_tile(self, s: int, tile: int, ev: list[Event]) -> None:
        """A won (or lone-bought) tile: pending with a citizen and k garbage; marker +1
        (XX-2.12–2.15, XX-G9.4, XX-G18.2)."""
        self.land_display = [t for t in self.land_display if t != tile]
        self.won[s] += 1
        k = self.won[s]
        citizen = 1 if self.cit_supply[s] > 0 else 0
        self.cit_supply[s] -= citizen
        self.pend_land[s] = self.pend_land[s] + ((tile, citizen, k),)
        ev.append(event("tierra", "XX-2.15", {"player": s, "tile": LAND_ID[tile],
                                              "citizen": bool(citizen), "garbage": k}))
        if self.marker < len(self.K.TRACKS[self.track].prices) - 1:
            self.marker += 1
        ev.append(event("marcador", "XX-2.13", {"marker": self.marker, "price": self.price()}))

    # ----- handlers ---------------------------------------------------------------------------
    def _h_auction(self, tile: int, _p: object, ev: list[Event]) -> None:
        self.tile = tile
        self.phase = PH_ABRIR
        ev.append(event("subasta", "XX-2.2", {"player": self.actor, "tile": LAND_ID[tile]}))

    def _h_bid(self, amount: int, _p: object, ev: list[Event]) -> None:
        s = self.actor
        opening = self.phase == PH_ABRIR
        self.high, self.high_seat, self.last = amount, s, s
        ev.append(event("puja", "XX-2.3" if opening else "XX-2.5",
                        {"player": s, "tile": LAND_ID[self.tile], "amount": amount,
                         "opening": opening}))
        self._next_bidder(ev)

    def _h_pass(self, _a: object, _p: object, ev: list[Event]) -> None:
        s = self.actor
        self.passed[s] = True
        self.last = s
        ev.append(event("pasa", "XX-2.7", {"player": s, "tile": LAND_ID[self.tile]}))
        self._next_bidder(ev)

    def _h_withdraw(self, _a: object, _p: object, ev: list[Event]) -> None:
        s, ph = self.actor, self.phase
        self.withdrawn.append(s)
        if ph == PH_PUJA:
            self.last = s
        rule = {PH_PUJA: "XX-2.5", PH_ELEGIR: "XX-2.20", PH_SOLO: "XX-G18.3"}[ph]
        ev.append(event("retirada", rule, {"player": s, "order": len(self.withdrawn),
                                           "price": self.price()}))
        self.tech_ctx = ph
        self.phase = PH_TECH                                                    # X6

    def _h_buy_tech(self, t: int, _p: object, ev: list[Event]) -> None:
        s = self.actor
        tech = self.K.TECH[t]
        price = self.price()
        self.science[s] -= price                                                # XX-2.34
        self.tech_display = [x for x in self.tech_display if x != t]
        self.techs[s] = self.techs[s] + (t,)
        self.tech_owner[t] = s
        self.bought[s] = True
        ev.append(event("tecnologia", "XX-2.34", {"player": s, "tech": TECH_ID[t],
                                                  "price": price}))
        if tech.garbage or tech.pollution or tech.flowers:                       # XX-2.35–2.37
            before = self.pollution[s]
            self.set_aside[s] += tech.garbage
            self.pollution[s] = clamp(clamp(before - tech.pollution) + tech.flowers)
            ev.append(event("impacto", "XX-2.35", {
                "player": s, "tech": TECH_ID[t], "garbage": tech.garbage,
                "pollution": tech.pollution, "flowers": tech.flowers, "from": before,
                "to": self.pollution[s]}))
        if tech.kind == "institution":                                           # XX-2.38
            self.pend_inst[s] = self.pend_inst[s] + (t,)
        if tech.op == "gain_bridges" and tech.use == "on_purchase":             # XX-G6.3
            k = min(tech.count, self.bridges_supply)
            self.bridges_supply -= k
            self.held[s] += k
            ev.append(event("puentes", "XX-G6.3", {"player": s, "tech": TECH_ID[t], "count": k}))
        self._after_tech(ev)

    def _h_no_buy(self, _a: object, _p: object, ev: list[Event]) -> None:
        ev.append(event("no_compra", "XX-2.24", {"player": self.actor}))
        self._after_tech(ev)

    def _after_tech(self, ev: list[Event]) -> None:
        s = self.actor
        if len(self.withdrawn) == self.n:                                       # XX-2.27
            self.sp = s
            ev.append(event("inicial", "XX-2.27", {"player": s}))
            self._consolation(ev)
            self._begin_catastrophe(ev)
        elif self.tech_ctx == PH_PUJA:
            self._next_bidder(ev)
        else:                                                                   # XX-2.22
            n = self.n
            self.sp = next((s + i) % n for i in range(1, n) if (s + i) % n not in self.withdrawn)
            ev.append(event("inicial", "XX-2.22", {"player": self.sp}))
            self._to_elegir(ev)

    def _h_buy_land(self, tile: int, _p: object, ev: list[Event]) -> None:
        s = self.actor
        price = self.min_bid()
        self.coins[s] -= price
        ev.append(event("compra_solo", "XX-G18.1", {"player": s, "tile": LAND_ID[tile],
                                                    "amount": price}))
        self._gain_tile(s, tile, ev)
        self._to_elegir(ev)

    def _consolation(self, ev: list[Event]) -> None:
        amount = self.K.TRACKS[self.track].consolation                               # XX-2.39
        for s in range(self.n):
            if self.won[s] == 0:
                self.coins[s] += amount
                ev.append(event("consuelo", "XX-G19.1", {"player": s, "amount": amount}))


__all__ = ["AuctionMixin"]
