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

from . import actions as A
from .common import (
    LAND_ID,
    PH_ABRIR,
    PH_ELEGIR,
    PH_PUJA,
    PH_SOLO,
    PH_TECH,
    TECH_ID,
    Events,
    clamp,
    event,
    player_event,
    shared_event,
)

_BIDS = A.BID_A
_MAX = A.MAX_BID
_AUCTION, _BUY_LAND, _BUY_TECH = A.AUCTION_A, A.BUY_LAND_A, A.BUY_TECH_A
_PASS, _WITHDRAW, _NO_BUY = A.A_PASS, A.A_WITHDRAW, A.A_NO_BUY
WITHDRAW_RULE = {PH_PUJA: "XX-2.5", PH_ELEGIR: "XX-2.20", PH_SOLO: "XX-G18.3"}

# the fields of shared events (common.shared_event)
_MARCADOR = ("marker", "price")
_SUBASTA = ("player", "tile")
_PASA = ("player", "tile")
_RETIRADA = ("player", "order", "price")
_SOLO = ("player", "price")
_CONSUELO = ("player", "amount")


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
        out = [_AUCTION[t] for t in self.land_display] \
            if self.coins[self.actor] >= self.K.TRACKS[self.track].min_bid else []
        out.append(_WITHDRAW)
        return out

    def _legal_solo(self) -> list:
        out = [_BUY_LAND[t] for t in self.land_display] \
            if self.coins[self.actor] >= self.K.TRACKS[self.track].min_bid else []
        out.append(_WITHDRAW)
        return out

    def _legal_abrir(self) -> list:
        c = self.coins[self.actor]
        return _BIDS[self.K.TRACKS[self.track].min_bid:(c if c < _MAX else _MAX) + 1]

    def _legal_puja(self) -> list:
        c = self.coins[self.actor]
        out = _BIDS[self.high + 1:(c if c < _MAX else _MAX) + 1]
        out.append(_PASS)
        out.append(_WITHDRAW)
        return out

    def _legal_tech(self) -> list:
        out = [_BUY_TECH[t] for t in self.tech_display] \
            if self.science[self.actor] >= self.K.TRACKS[self.track].prices[self.marker] else []
        out.append(_NO_BUY)
        return out

    # ----- flow -------------------------------------------------------------------------------
    def _to_elegir(self, ev: Events) -> None:
        """The start player's turn to pick a tile, or to buy alone (XX-2.18, XX-2.23)."""
        self.actor = self.sp
        if len(self.withdrawn) == self.n - 1:
            if not self.lone:
                self.lone = True
                if ev is not None:
                    ev.append(shared_event("solo", "XX-2.23", _SOLO, self.sp,
                                           self.K.TRACKS[self.track].min_bid))
            self.phase = PH_SOLO
        else:
            self.phase = PH_ELEGIR

    def _next_bidder(self, ev: Events) -> None:
        """The first seat clockwise from the last actor that may still bid; none → the high
        bidder wins (XX-2.4, XX-2.10)."""
        n, w, passed, hs, last = self.n, self.withdrawn, self.passed, self.high_seat, self.last
        for i in range(1, n):
            s = (last + i) % n
            if s != hs and not passed[s] and s not in w:
                self.phase, self.actor = PH_PUJA, s
                return
        self._win(ev)

    def _win(self, ev: Events) -> None:
        s, tile, amount = self.high_seat, self.tile, self.high
        self.coins[s] -= amount                                                 # XX-2.11
        if ev is not None:
            ev.append(event("gana", "XX-2.10", {"player": s, "tile": LAND_ID[tile],
                                                "amount": amount}))
        self._gain_tile(s, tile, ev)
        self.passed = [False] * self.n
        self.tile, self.high, self.high_seat, self.last = -1, 0, -1, -1
        self.sp = s
        if ev is not None:
            ev.append(player_event("inicial", "XX-2.17", s))
        self._to_elegir(ev)

    def _gain_tile(self, s: int, tile: int, ev: Events) -> None:
        """A won (or lone-bought) tile: pending with a citizen and k garbage; marker +1
        (XX-2.12–2.15, XX-G9.4, XX-G18.2)."""
        display = self.land_display[:]
        display.remove(tile)
        self.land_display = display
        k = self.won[s] = self.won[s] + 1
        citizen = 1 if self.cit_supply[s] > 0 else 0
        self.cit_supply[s] -= citizen
        self.pend_land[s] = self.pend_land[s] + ((tile, citizen, k),)
        if ev is not None:
            ev.append(event("tierra", "XX-2.15", {"player": s, "tile": LAND_ID[tile],
                                                  "citizen": citizen == 1, "garbage": k}))
        prices = self.K.TRACKS[self.track].prices
        marker = self.marker
        if marker < len(prices) - 1:
            marker = self.marker = marker + 1
        if ev is not None:
            ev.append(shared_event("marcador", "XX-2.13", _MARCADOR, marker, prices[marker]))

    # ----- handlers ---------------------------------------------------------------------------
    def _h_auction(self, tile: int, _p: object, ev: Events) -> None:
        self.tile = tile
        self.phase = PH_ABRIR
        if ev is not None:
            ev.append(shared_event("subasta", "XX-2.2", _SUBASTA, self.actor, LAND_ID[tile]))

    def _h_bid(self, amount: int, _p: object, ev: Events) -> None:
        s = self.actor
        opening = self.phase == PH_ABRIR
        self.high, self.high_seat, self.last = amount, s, s
        if ev is not None:
            ev.append(event("puja", "XX-2.3" if opening else "XX-2.5",
                            {"player": s, "tile": LAND_ID[self.tile], "amount": amount,
                             "opening": opening}))
        self._next_bidder(ev)

    def _h_pass(self, _a: object, _p: object, ev: Events) -> None:
        s = self.actor
        self.passed[s] = True
        self.last = s
        if ev is not None:
            ev.append(shared_event("pasa", "XX-2.7", _PASA, s, LAND_ID[self.tile]))
        self._next_bidder(ev)

    def _h_withdraw(self, _a: object, _p: object, ev: Events) -> None:
        s, ph = self.actor, self.phase
        self.withdrawn.append(s)
        if ph == PH_PUJA:
            self.last = s
        if ev is not None:
            ev.append(shared_event("retirada", WITHDRAW_RULE[ph], _RETIRADA, s,
                                   len(self.withdrawn),
                                   self.K.TRACKS[self.track].prices[self.marker]))
        self.tech_ctx = ph
        self.phase = PH_TECH                                                    # X6

    def _h_buy_tech(self, t: int, _p: object, ev: Events) -> None:
        s = self.actor
        tech = self.K.TECH[t]
        price = self.price()
        self.science[s] -= price                                                # XX-2.34
        self.tech_display = [x for x in self.tech_display if x != t]
        self.techs[s] = self.techs[s] + (t,)
        self.tech_owner[t] = s
        self.bought[s] = True
        if ev is not None:
            ev.append(event("tecnologia", "XX-2.34", {"player": s, "tech": TECH_ID[t],
                                                      "price": price}))
        if tech.garbage or tech.pollution or tech.flowers:                       # XX-2.35–2.37
            before = self.pollution[s]
            self.set_aside[s] += tech.garbage
            self.pollution[s] = clamp(clamp(before - tech.pollution) + tech.flowers)
            if ev is not None:
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
            if ev is not None:
                ev.append(event("puentes", "XX-G6.3", {"player": s, "tech": TECH_ID[t],
                                                       "count": k}))
        self._after_tech(ev)

    def _h_no_buy(self, _a: object, _p: object, ev: Events) -> None:
        if ev is not None:
            ev.append(player_event("no_compra", "XX-2.24", self.actor))
        self._after_tech(ev)

    def _after_tech(self, ev: Events) -> None:
        s = self.actor
        if len(self.withdrawn) == self.n:                                       # XX-2.27
            self.sp = s
            if ev is not None:
                ev.append(player_event("inicial", "XX-2.27", s))
            self._consolation(ev)
            self._begin_catastrophe(ev)
        elif self.tech_ctx == PH_PUJA:
            self._next_bidder(ev)
        else:                                                                   # XX-2.22
            n, w = self.n, self.withdrawn
            for i in range(1, n):
                t = (s + i) % n
                if t not in w:
                    break
            self.sp = t
            if ev is not None:
                ev.append(player_event("inicial", "XX-2.22", t))
            self._to_elegir(ev)

    def _h_buy_land(self, tile: int, _p: object, ev: Events) -> None:
        s = self.actor
        price = self.min_bid()
        self.coins[s] -= price
        if ev is not None:
            ev.append(event("compra_solo", "XX-G18.1", {"player": s, "tile": LAND_ID[tile],
                                                        "amount": price}))
        self._gain_tile(s, tile, ev)
        self._to_elegir(ev)

    def _consolation(self, ev: Events) -> None:
        amount = self.K.TRACKS[self.track].consolation                               # XX-2.39
        for s in range(self.n):
            if self.won[s] == 0:
                self.coins[s] += amount
                if ev is not None:
                    ev.append(shared_event("consuelo", "XX-G19.1", _CONSUELO, s, amount))


__all__ = ["AuctionMixin"]
