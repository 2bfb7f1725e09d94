"""Phase 3: catastrophe prevention, an open displacement auction in science on the columns of
the revealed card (XX-3.1–3.14, XX-G1.1–G1.11, XX-G2.1, XX-G20.1, ruling X4).

The start player (the last to withdraw) acts first; each unplaced seat takes a column in play
with a bid: an empty non-worst column at ≥ 0, an occupied non-worst column at ≥ occupant's bid + 1
(displacing the occupant), the worst column A only empty and only at 0. The next actor is the
first unplaced seat clockwise. When all are placed, everyone pays their bid, pollution steps
apply at once and garbage is set aside; the occupant of A becomes start player.
"""

from __future__ import annotations

from ludoteca.core.events import Event

from . import actions as A
from .common import CAT_ID, COL_LETTERS, PH_CAT, clamp, event

_MAX = A.MAX_BID
WORST = 0                   # column A is the full strength (XX-3.5, checked by the schema)


class CatastropheMixin:
    def _begin_catastrophe(self, ev: list[Event]) -> None:
        n = self.n
        self.col_of = [-1] * n
        self.bid_of = [0] * n
        self.occ = [-1] * len(COL_LETTERS)
        self.phase, self.actor = PH_CAT, self.sp
        ev.append(event("prevencion", "XX-G20.1", {
            "player": self.sp, "card": CAT_ID[self.cat],
            "columns": [COL_LETTERS[x] for x in self.pc.columns]}))

    def _legal_cat(self) -> list:
        sci = min(self.science[self.actor], _MAX)
        occ = self.occ
        out = []
        for x in self.pc.columns:
            if x == WORST:
                if occ[x] < 0:
                    out.append(A.COLUMN_A[x][0])
            elif occ[x] < 0:
                out += A.COLUMN_A[x][:sci + 1]
            else:
                out += A.COLUMN_A[x][self.bid_of[occ[x]] + 1:sci + 1]
        return out

    def _h_column(self, bid: int, x: int, ev: list[Event]) -> None:
        s, n = self.actor, self.n
        displaced = self.occ[x]
        if displaced >= 0:                                                      # XX-G1.3
            self.col_of[displaced] = -1
            self.bid_of[displaced] = 0
        self.occ[x] = s
        self.col_of[s] = x
        self.bid_of[s] = bid
        ev.append(event("columna", "XX-G1.3", {
            "player": s, "column": COL_LETTERS[x], "bid": bid,
            "displaced": displaced if displaced >= 0 else None}))
        for i in range(1, n):                                                   # XX-G1.7
            t = (s + i) % n
            if self.col_of[t] < 0:
                self.actor = t
                return
        self._resolve_catastrophe(ev)

    def _resolve_catastrophe(self, ev: list[Event]) -> None:
        card = self.K.CATS[self.cat]
        for s in range(self.n):
            x, bid = self.col_of[s], self.bid_of[s]
            self.science[s] -= bid                                              # XX-G1.8
            ev.append(event("pago_catastrofe", "XX-G1.8", {"player": s, "column": COL_LETTERS[x],
                                                           "amount": bid}))
            garbage, pollution = card.columns[x]
            before = self.pollution[s]
            self.pollution[s] = clamp(before - pollution)                      # XX-G1.9, 3.3
            self.set_aside[s] += garbage
            ev.append(event("efecto", "XX-3.3", {
                "player": s, "card": CAT_ID[self.cat], "column": COL_LETTERS[x],
                "garbage": garbage, "pollution": pollution, "from": before,
                "to": self.pollution[s]}))
        self.sp = self.occ[WORST]                                      # XX-G1.10, X4
        ev.append(event("inicial", "XX-G1.10", {"player": self.sp}))
        self._begin_maintenance(ev)
