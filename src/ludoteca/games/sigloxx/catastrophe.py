"""Phase 3: catastrophe prevention, an open displacement auction in science on the columns of
the revealed card (XX-3.1–3.14, XX-G1.1–G1.11, XX-G2.1, XX-G20.1, ruling X4).

The start player (the last to withdraw) acts first; each unplaced seat takes a column in play
with a bid: an empty non-worst column at ≥ 0, an occupied non-worst column at ≥ occupant's bid + 1
(displacing the occupant), the worst column A only empty and only at 0. The next actor is the
first unplaced seat clockwise. When all are placed, everyone pays their bid, pollution steps
apply at once and garbage is set aside; the occupant of A becomes start player.
"""

from __future__ import annotations

from . import actions as A
from .common import CAT_ID, COL_LETTERS, PH_CAT, Events, clamp, event, player_event

_MAX = A.MAX_BID
_COLUMN = A.COLUMN_A
WORST = 0                   # column A is the full strength (XX-3.5, checked by the schema)


class CatastropheMixin:
    def _begin_catastrophe(self, ev: Events) -> None:
        n = self.n
        self.col_of = [-1] * n
        self.bid_of = [0] * n
        self.occ = [-1] * len(COL_LETTERS)
        self.phase, self.actor = PH_CAT, self.sp
        if ev is not None:
            ev.append(event("prevencion", "XX-G20.1", {
                "player": self.sp, "card": CAT_ID[self.cat],
                "columns": [COL_LETTERS[x] for x in self.pc.columns]}))

    def _legal_cat(self) -> list:
        sci = self.science[self.actor]
        top = (sci if sci < _MAX else _MAX) + 1
        occ, bid_of = self.occ, self.bid_of
        out = []
        for x in self.pc.columns:
            o = occ[x]
            if x == WORST:
                if o < 0:
                    out.append(_COLUMN[x][0])
            elif o < 0:
                out += _COLUMN[x][:top]
            else:
                out += _COLUMN[x][bid_of[o] + 1:top]
        return out

    def _h_column(self, bid: int, x: int, ev: Events) -> None:
        s, n, occ, col_of = self.actor, self.n, self.occ, self.col_of
        displaced = occ[x]
        if displaced >= 0:                                                      # XX-G1.3
            col_of[displaced] = -1
            self.bid_of[displaced] = 0
        occ[x] = s
        col_of[s] = x
        self.bid_of[s] = bid
        if ev is not None:
            ev.append(event("columna", "XX-G1.3", {
                "player": s, "column": COL_LETTERS[x], "bid": bid,
                "displaced": displaced if displaced >= 0 else None}))
        for i in range(1, n):                                                   # XX-G1.7
            t = (s + i) % n
            if col_of[t] < 0:
                self.actor = t
                return
        self._resolve_catastrophe(ev)

    def _resolve_catastrophe(self, ev: Events) -> None:
        card = self.K.CATS[self.cat]
        card_id, columns = CAT_ID[self.cat], card.columns
        col_of, bid_of, science, pollution_of, set_aside = \
            self.col_of, self.bid_of, self.science, self.pollution, self.set_aside
        for s in range(self.n):
            x, bid = col_of[s], bid_of[s]
            science[s] -= bid                                                   # XX-G1.8
            col = COL_LETTERS[x]
            if ev is not None:
                ev.append(event("pago_catastrofe", "XX-G1.8", {"player": s, "column": col,
                                                               "amount": bid}))
            garbage, pollution = columns[x]
            before = pollution_of[s]
            after = pollution_of[s] = clamp(before - pollution)                 # XX-G1.9, 3.3
            set_aside[s] += garbage
            if ev is not None:
                ev.append(event("efecto", "XX-3.3", {
                    "player": s, "card": card_id, "column": col,
                    "garbage": garbage, "pollution": pollution, "from": before, "to": after}))
        self.sp = self.occ[WORST]                                      # XX-G1.10, X4
        if ev is not None:
            ev.append(player_event("inicial", "XX-G1.10", self.sp))
        self._begin_maintenance(ev)
