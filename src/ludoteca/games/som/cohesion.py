"""Phase 3, social cohesion (SOM-9.x, 15.9–15.13): the GH's gifts, which earn participation
disks, and the mode B exchanges of public-management disks."""

from __future__ import annotations

from ludoteca.core.action import Action

from . import actions as A
from .common import EXCHANGES, ONES, TWOS, TYPE_CODES, VAL, Events, T, event

#: the gifts of each type to the other seats, by players, GH and type (SOM-9.4)
_GIFTS = tuple(tuple(tuple(tuple(A.GIVE_A[t][s] for s in range(n) if s != gh)
                           for t in range(T)) for gh in range(n))
               for n in range(1 + A.N_SEATS))
_A_END = A.A_END
#: when types have no effect (SOM-14.11; no exchanges then: mode B only): phase 3's legal
#: actions by players, GH, the first 2 € type held (5: none) and the first 1 € type held
#: (10: none), less 5: the gifts of those types, then ``terminar``
_GIFTS_PLAIN = tuple(tuple(tuple(tuple(
    (*(_GIFTS[n][gh][t2] if t2 < 5 else ()), *(_GIFTS[n][gh][t1] if t1 < 10 else ()), _A_END)
    for t1 in range(5, 11)) for t2 in range(6)) for gh in range(n))
    for n in range(1 + A.N_SEATS))
assert TWOS == tuple(range(5)) and ONES == tuple(range(5, 10))


class CohesionMixin:
    """Gifts and exchanges by the GH (the player holding the Generalitat) in phase 3."""

    __slots__ = ()

    # ----- phase 3: social cohesion (SOM-9.x, 15.9–15.13) ---------------------------------
    def _cohesion_legal(self) -> list[Action]:
        gh, n, h = self.gh, self.n, self.hold
        g = gh * T
        if not self.types_matter:               # SOM-14.11: the first held type of each
            # value (5, 10: none; and no exchanges: pm is mode B's), written out
            t2 = 0 if h[g] else 1 if h[g + 1] else 2 if h[g + 2] else 3 if h[g + 3] else \
                4 if h[g + 4] else 5
            t1 = 5 if h[g + 5] else 6 if h[g + 6] else 7 if h[g + 7] else 8 if h[g + 8] else \
                9 if h[g + 9] else 10
            if (t2 == 5 or t1 == 10) and sum(h[g:g + T]) < 2:           # SOM-9.4
                return [_A_END]                 # (a disk of each value makes two)
            return list(_GIFTS_PLAIN[n][gh][t2][t1 - 5])
        out: list[Action] = []
        if sum(h[g:g + T]) >= 2:                                          # SOM-9.4
            gifts = _GIFTS[n][gh]
            for t in range(T):
                if h[g + t]:
                    out += gifts[t]
        if self.pm:                                                       # SOM-9.9, 15.13
            for i, x in enumerate(EXCHANGES):
                if h[g + x.pair] >= 2:
                    row = A.SWAP_A[i]
                    out.extend(row[s] for s in range(n) if s != gh and h[s * T + x.take])
        out.append(_A_END)
        return out

    def _give(self, t: int, to: int, ev: Events) -> None:
        gh, H, pd, h = self.gh, self.H, self.pd, self.hold
        h[gh * T + t] -= 1                                                # _move, inline
        h[to * T + t] += 1
        earn = VAL[t] * self.K.C.pd_per_euro                              # SOM-9.5
        a = pd[to]                                                        # SOM-9.6, 9.7
        if a > earn:
            a = earn                            # min(earn, pd[to]), min(earn − a, pd[H])
        b = pd[H]
        if b > earn - a:
            b = earn - a
        pd[to] -= a
        pd[H] -= b
        pd[gh] += a + b
        if ev is not None:
            ev.append(event("donacion", "SOM-9.5", {
                "player": gh, "to": to, "disk": TYPE_CODES[t], "value": VAL[t], "amount": -VAL[t],
                "counterpart": to, "pd_from_player": a, "pd_from_cn": b, "pd_lost": earn - a - b}))

    def _swap(self, i: int, target: int, ev: Events) -> None:
        x = EXCHANGES[i]
        gh, H = self.gh, self.H
        self._move(x.pair, gh, target)
        self._move(x.pair, gh, H)
        self._move(x.take, target, gh)
        if ev is not None:
            ev.append(event("canje", x.rule, {"player": gh, "target": target,
                                              "gives": TYPE_CODES[x.pair],
                                              "takes": TYPE_CODES[x.take]}))
