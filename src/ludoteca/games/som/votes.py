"""Mode C votes (SOM-16.x): elections and motions of censure, the declarations of support,
the secret bids of participation disks, and the reveal that names the next GH."""

from __future__ import annotations

from ludoteca.core.action import Action

from . import actions as A
from .common import (
    ABSTAINS,
    ELECTION_DISK,
    PH_BID,
    PH_DECLARE,
    PH_GOVERNOR,
    RET_ELECTION,
    TYPE_CODES,
    UNDECLARED,
    VAL,
    VOTE_ELECTIONS,
    VOTE_MOTION,
    VOTE_NONE,
    Events,
    T,
    event,
)


class VotesMixin:
    """Elections, motions, declarations, secret bids and their reveal."""

    __slots__ = ()

    # ----- mode C votes (SOM-16.x) --------------------------------------------------------
    def _can_call_elections(self) -> bool:
        gh = self.gh
        if self.ac:                                                       # G29
            return self.value(gh) >= self.K.C.election_cost_ac
        return self.hold[gh * T + ELECTION_DISK] > 0                      # SOM-16.7

    def _call_elections(self, ev: Events) -> None:
        gh = self.gh
        self.vote_kind, self.vote_caller = VOTE_ELECTIONS, gh
        if ev is not None:
            ev.append(event("elecciones", "SOM-16.6", {"player": gh}))
        if self.ac:
            self._start_payment(gh, self.H, self.K.C.election_cost_ac, "SOM-16.7", RET_ELECTION,
                                "elecciones", ev)
            return
        t = ELECTION_DISK
        self._move(t, gh, self.H)
        if ev is not None:
            ev.append(event("coste_elecciones", "SOM-16.7", {
                "player": gh, "disk": TYPE_CODES[t], "value": VAL[t], "amount": -VAL[t],
                "counterpart": None}))
        self._start_declare(ev)

    def _start_declare(self, ev: Events) -> None:
        n, gh, c = self.n, self.gh, self.vote_caller
        self.vote_ptr = [UNDECLARED] * n
        rotation = [(gh + i) % n for i in range(n)]
        if self.vote_kind == VOTE_ELECTIONS:                              # SOM-16.8, G19
            self.vote_order = rotation
        else:                                                             # SOM-16.19
            self.vote_order = [s for s in rotation if s != gh and s != c]
            self.vote_ptr[c], self.vote_ptr[gh] = c, gh
        self.vote_gov = c
        self._next_declare(ev)

    def _next_declare(self, ev: Events) -> None:
        if self.vote_order:
            self._set(PH_DECLARE, self.vote_order[0])
            return
        c = self.vote_caller
        if self.vote_kind == VOTE_MOTION and any(
                s != c and self.vote_ptr[s] == c for s in range(self.n)):  # SOM-16.20
            self._set(PH_GOVERNOR, c)
            return
        self._start_bids(ev)

    def _declare_legal(self, s: int) -> list[Action]:
        if self.vote_kind == VOTE_MOTION:
            c, gh = self.vote_caller, self.gh
            return sorted([A.SUPPORT_A[c], A.SUPPORT_A[gh]], key=A.ACTION_ID.get) + \
                [A.A_ABSTAIN]
        ptr = self.vote_ptr
        out = []
        for target in range(self.n):
            x = target
            while x != s:                       # follow the pointers: a circle is refused
                p = ptr[x]
                if p == UNDECLARED or p == x:
                    break
                x = p
            if x != s or target == s:
                out.append(A.SUPPORT_A[target])
        return out

    def _declare(self, s: int, target: int, ev: Events) -> None:
        self.vote_ptr[s] = target
        self.vote_order.pop(0)
        if target == ABSTAINS:
            if ev is not None:
                ev.append(event("abstencion", "SOM-16.19", {"player": s}))
        else:
            if ev is not None:
                ev.append(event("apoyo", "SOM-16.8" if self.vote_kind == VOTE_ELECTIONS
                                else "SOM-16.19", {"player": s, "supports": target}))
        self._next_declare(ev)

    def _leader(self, s: int) -> int:
        ptr = self.vote_ptr
        while ptr[s] != s:
            s = ptr[s]
        return s

    def _start_bids(self, ev: Events) -> None:
        self.bids = [-1 if self.pd[s] else 0 for s in range(self.n)]     # 0 PDs: bid 0
        if ev is not None:
            ev.append(event("votacion", "SOM-16.9", {
                "kind": "elecciones" if self.vote_kind == VOTE_ELECTIONS else "mocion",
                "bidders": [s for s in range(self.n) if self.bids[s] < 0]}))
        if min(self.bids) >= 0:
            self._reveal(ev)
            return
        self._set(PH_BID, -1)

    def _reveal(self, ev: Events) -> None:
        n, gh, bids, pd = self.n, self.gh, self.bids, self.pd
        if ev is not None:
            ev.append(event("revelacion", "SOM-16.9", {"bids": list(bids)}))
        winner: int | None
        sides: dict[int, list[int]] = {}
        if self.vote_kind == VOTE_ELECTIONS:
            for s in range(n):
                sides.setdefault(self._leader(s), []).append(s)
            total = {L: sum(bids[m] for m in ms) for L, ms in sides.items()}
            top = max(total.values())
            mine = self._leader(gh)
            tops = [L for L in sides if total[L] == top]
            if total[mine] == top:
                winner, rule = mine, ("SOM-16.12" if len(tops) > 1 else "SOM-16.11")
            elif len(tops) == 1:
                winner, rule = tops[0], "SOM-16.11"
            else:                                                         # SOM-16.13, 16.14
                unbid = {L: sum(pd[m] - bids[m] for m in sides[L]) for L in tops}
                best = max(unbid.values())
                cands = [L for L in tops if unbid[L] == best]
                winner, rule = (cands[0], "SOM-16.13") if len(cands) == 1 else \
                    (None, "SOM-16.14")
            totals = {str(L): total[L] for L in sides}
            cost_rule = "SOM-16.15"
        else:
            c = self.vote_caller
            side_c = [s for s in range(n) if self.vote_ptr[s] == c]
            side_g = [s for s in range(n) if self.vote_ptr[s] == gh]
            tc, tg = sum(bids[s] for s in side_c), sum(bids[s] for s in side_g)
            if tc > tg:
                winner, rule = self.vote_gov, "SOM-16.22"
            elif tg > tc:
                winner, rule = gh, "SOM-16.23"
            else:
                winner, rule = None, "SOM-16.24"
            sides = {c: side_c, gh: side_g}
            totals = {str(c): tc, str(gh): tg}
            cost_rule = "SOM-16.25"
        spent = sum(bids)
        for s in range(n):
            pd[s] -= bids[s]
        pd[self.H] += spent
        if ev is not None:
            ev.append(event("votos_a_cn", cost_rule, {"pd": spent}))
        nxt = (gh + 1) % n if winner is None else winner
        self.last_vote = {
            "kind": "elecciones" if self.vote_kind == VOTE_ELECTIONS else "mocion",
            "caller": self.vote_caller, "bids": list(bids),
            "sides": {str(L): ms for L, ms in sides.items()}, "totals": totals,
            "next_gh": nxt, "by_rotation": winner is None, "turn": self.turn + 1}
        if ev is not None:
            ev.append(event("resultado_voto", rule, {"winner": winner, "next": nxt,
                                                     "totals": totals}))
        self.vote_kind = VOTE_NONE
        self.bids = []
        self.vote_ptr = []
        self._end_turn(ev, nxt, "SOM-16.16" if winner is not None else rule)
