"""The Spain event (SOM-12.x, 15.14–15.18): citizens back to Concentració nacional, mode B
protection of urna cards, and collecting and redealing the cards by the degree of
centralism."""

from __future__ import annotations

from itertools import compress
from operator import lt

from ludoteca.core.action import Action

from . import actions as A
from .chance import game_shuffle
from .common import (
    BOMBEROS,
    DEGREES,
    MOSSOS,
    NC,
    PH_PROTECT,
    Events,
    T,
    event,
)
from .content import FLAG_CAT, FLAG_ESP

_CELLS = range(NC)
_ZEROS = (0,) * NC


class SpainMixin:
    """A Spain card turned face up: protection, collection and refill."""

    __slots__ = ()

    # ----- the Spain event (SOM-12.x, 15.14–15.18) ----------------------------------------
    def _spain(self, cell: int, ev: Events) -> None:
        m = self.mover
        if ev is not None:
            ev.append(event("espana", "SOM-11.7", {"player": m, "cell": cell,
                                                   "card": self.K.CARD_ID[self.cells[cell]]}))
        self.cit = [self.cn_cell] * self.n                                # SOM-12.1
        if ev is not None:
            ev.append(event("concentracion", "SOM-12.1", {"cell": self.cn_cell}))
        self.spain_cell, self.prot = cell, 0
        self.movers = []
        if self.protect_ok and self.pile and self._protect_legal():       # SOM-12.2
            self._set(PH_PROTECT, self.gh)
            return
        self._collect(ev)

    def _protect_legal(self) -> list[Action]:
        if self.prot >= len(self.pile):
            return []
        h, n = self.hold, self.n
        return [A.PROTECT_M_A[s] for s in range(n) if h[s * T + MOSSOS]] + \
            [A.PROTECT_B_A[s] for s in range(n) if h[s * T + BOMBEROS]]

    def _collect(self, ev: Events) -> None:
        cells, up, sc, K = self.cells, self.up, self.spain_cell, self.K
        FLAG, RC, CARD_ID = K.FLAG, K.RC, K.CARD_ID
        cn = self.cn_cell                       # (the face-up cells picked out in C first)
        taken = [c for c in compress(_CELLS, up) if cells[c] >= 0 and
                 FLAG[cells[c]] == FLAG_CAT and c != cn]                  # SOM-12.3
        degree = DEGREES[self.degree]
        aligned: list[int] = []
        if degree == "medio":                                             # SOM-12.5
            fate, rule = "queda", "SOM-12.5"
        elif degree == "elevado":                                         # SOM-12.6
            r, c = RC[sc]
            aligned = [x for x in range(NC) if x != sc and up[x] and cells[x] >= 0 and
                       FLAG[cells[x]] == FLAG_ESP and (RC[x][0] == r or RC[x][1] == c)]
            fate, rule = ("alineada", "SOM-12.6") if aligned else ("queda", "SOM-12.6")
            if aligned:
                taken += [sc] + aligned
        else:                                                             # SOM-12.7
            fate, rule = "recogida", "SOM-12.7"
            taken.append(sc)
        kept = self.pile[:self.prot]                                      # SOM-15.18
        cards = [cells[c] for c in taken] + self.pile[self.prot:]
        for c in taken:
            cells[c] = -1
            up[c] = False
        self.pile = kept
        if ev is not None:
            ev.append(event("carta_espana", rule, {"cell": sc, "fate": fate,
                                                   "aligned": sorted(aligned)}))
        if ev is not None:
            ev.append(event("recogida", "SOM-12.3", {
                "cards": [CARD_ID[x] for x in cards], "cells": sorted(taken),
                "protected": [CARD_ID[x] for x in kept]}))
        game_shuffle(self.rng, cards)                                         # SOM-12.8
        empty = list(compress(_CELLS, map(lt, cells, _ZEROS)))    # cells[c] < 0, in C
        game_shuffle(self.rng, empty)                                         # SOM-12.9, G14
        targets = sorted(empty[:len(cards)])
        self.deals += bool(cards)
        for c, card in zip(targets, cards, strict=True):
            cells[c] = card
            self.deal[c] = self.deals
        if ev is not None:
            ev.append(event("reparto", "SOM-12.8" if len(empty) == len(cards) else "SOM-12.9",
                            {"cells": targets, "empty": sorted(empty[len(cards):])}))
        self.prot, self.spain_cell = 0, -1
        self._end_turn(ev, None)                                          # SOM-12.11
