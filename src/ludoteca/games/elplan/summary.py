"""The Summary (EP-SUM.*, EP-DECK.*; G12, G33, G36, G45) and the end of the game with its
scoring (EP-END.*, EP-SCO.*; G11, G37–G39, G42h, G43).
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.result import Result

from . import actions as A
from .common import IN_ORDER, NT, PROD, S_OVER, Events, event, ptriple

IDEA = 3
ALL_STEPS = (1, 2, 3, 4, 5, 6, 7, 8)      # the Summary's steps outside the tutorial
ONE_OF = ((1, 0, 0), (0, 1, 0), (0, 0, 1))   # a hand of one Product of each type


def _resources_on(spaces: list[int]) -> int:
    """How many resource tokens (codes 0–2; −1 empty, 3 an Idea) the spaces hold."""
    return spaces.count(0) + spaces.count(1) + spaces.count(2)


class SummaryMixin:
    """Mixed into ElplanGame."""

    # ----- step 1: merma (simultaneous) ------------------------------------------------------
    def _merma_enter(self, ev: Events) -> None:
        active = not self.tutorial or 1 in self.summary_steps()
        hand, keep, done, need = self.hand, self.keep, self.done, self.need
        for s in range(self.n):
            keep[s], done[s] = -1, 0
            b = 3 * s
            kinds = (hand[b] != 0) + (hand[b + 1] != 0) + (hand[b + 2] != 0)
            need[s] = int(active and kinds >= 2)

    def _merma_legal(self, s: int) -> list[Action]:
        return [A.KEEP_A[t] for t in range(3) if self.hand[3 * s + t]]

    def _act_keep(self, s: int, t: int, _a: Any, ev: Events) -> None:
        self.keep[s] = t
        self.done[s] = 1
        if ev is not None:
            ev.append(event("decidido", "EP-SUM.2", {"player": s, "step": "merma"}))

    def _merma_apply(self, ev: Events) -> None:
        if self.tutorial and 1 not in self.summary_steps():
            return
        out = {}
        hand, keep = self.hand, self.keep
        for s in IN_ORDER[self.n][self.mc]:
            b = 3 * s
            if hand[b] + hand[b + 1] + hand[b + 2] < 2:
                continue
            t = keep[s]
            if t < 0:                                  # not chosen: the first kind in hand
                t = 0 if hand[b] else 1 if hand[b + 1] else 2
            if ev is not None:
                lost = [hand[b + x] - (1 if x == t else 0) for x in range(3)]
                out[str(s)] = {"kept": PROD[t], "lost": ptriple(lost)}
            hand[b:b + 3] = ONE_OF[t]
            keep[s] = -1
        if ev is not None:
            ev.append(event("merma", "EP-SUM.2", {"players": out}))

    # ----- steps 2–8 ---------------------------------------------------------------------------
    def _summary_rest(self, ev: Events) -> None:
        C = self.C
        tut = self.tutorial                     # (outside the tutorial: every step)
        steps = C.tut_periods[self.period].summary_steps if tut else ALL_STEPS
        if not tut or 2 in steps:                                          # EP-SUM.4
            self.sq = [-1] * 12
            self.square = [-1] * self.n
            if ev is not None:
                ev.append(event("retirar-emprendedores", "EP-SUM.4", {}))
        if (not tut or 3 in steps) and self.ev_cur >= 0:
            e = C.events[self.ev_cur]
            if self.tutorial and C.tut_periods[self.period].event_removed:  # EP-TUT.7
                self.ev_removed.append(self.ev_cur)
                if ev is not None:
                    ev.append(event("suceso-retirado", "EP-TUT.7", {"event": e.id}))
            else:                                                          # EP-SUM.5
                self.ev_under.append(self.ev_cur)
                if ev is not None:
                    ev.append(event("suceso-abajo", "EP-SUM.5", {"event": e.id}))
            self.ev_cur = -1
        offers, age = self.offers, self.age
        turn = not tut or 5 in steps
        if not tut or 4 in steps:               # EP-SUM.6, G12; and EP-SUM.7 in the same pass
            gone, turned = [], []
            under, cat = self.under, self.cat
            for o in self.slots:                # (the slots not in use stay empty)
                k = offers[o]
                if k < 0:
                    continue
                if age[o] >= 1:
                    under[o // 3].append(k)
                    offers[o] = -1
                    age[o] = 0
                    if ev is not None:
                        gone.append({"slot": o, "card": cat[k].id})
                elif turn:                      # (an offer retired here is not turned)
                    age[o] = 1
                    turned.append(o)
            if ev is not None:
                ev.append(event("ofertas-retiradas", "EP-SUM.6", {"retired": gone}))
                if turn:
                    ev.append(event("ofertas-rotadas", "EP-SUM.7", {"slots": turned}))
        elif turn:                                                         # EP-SUM.7
            turned = []
            for o in range(9):
                if offers[o] >= 0 and age[o] == 0:
                    age[o] = 1
                    turned.append(o)
            if ev is not None:
                ev.append(event("ofertas-rotadas", "EP-SUM.7", {"slots": turned}))
        if (not tut or 6 in steps) and self.decks_live:                    # EP-SUM.8
            self._deal_offers(ev, "EP-SUM.8")
        if not tut or 7 in steps:                                          # EP-SUM.9, G33
            before = subs = self.subs
            while subs[0] == 0 and (subs[1] or subs[2]):
                self.subs = subs = [subs[1], subs[2], 0]
            if subs is not before and ev is not None:
                ev.append(event("subsidios-movidos", "EP-SUM.9", {"before": list(before),
                                                                  "after": list(subs)}))
        if not tut or 8 in steps:                                          # EP-SUM.10
            self.mc = (self.mc + 1) % self.n
            if ev is not None:
                ev.append(event("momento-cero", "EP-SUM.10", {"player": self.mc}))

    # ----- end and scoring ---------------------------------------------------------------------
    def _score(self, s: int) -> int:
        return self._ideas_total(s) + (0 if self.tutorial else self._trios(s))

    def _penalty(self, s: int) -> str | None:
        """EP-SCO.6, G11, our choice 5: an idle Idea first; else the placed Idea whose loss
        keeps the highest score (lowest target on ties); nothing with no Idea."""
        if self.ideas[s]:
            self.ideas[s] -= 1
            return "idle"
        b0 = s * NT * 3
        if IDEA not in self.sp[b0:b0 + 3 * self.ntg]:
            return None                                                   # no Idea placed
        best = None
        for N in range(self.ntg):
            b = (s * NT + N) * 3
            for i in range(3):
                if self.sp[b + i] == IDEA:
                    self.sp[b + i] = -1
                    score = self._score(s)
                    self.sp[b + i] = IDEA
                    if best is None or score > best[0]:
                        best = (score, b + i, N)
                    break
        if best is None:
            return None
        self.sp[best[1]] = -1
        return f"placed:{self._target_id(s, best[2])}"

    def _finish(self, reason: str, ev: Events) -> None:
        n = self.n
        penalty = [None] * n
        if not self.tutorial:
            for s in IN_ORDER[self.n][self.mc]:
                if self.credit[s]:
                    penalty[s] = self._penalty(s) or "none"
                    if ev is not None:
                        ev.append(event("penalizacion-credito", "EP-SCO.6", {
                            "player": s, "idea": penalty[s]}))
        ideas, trios, points, res, liq = [], [], [], [], []
        sp, idle, hand, tienda, cat = self.sp, self.idle, self.hand, self.tienda, self.cat
        span = 3 * self.ntg
        for s in range(n):                      # one pass per seat (was one list per figure)
            b, h = 3 * NT * s, 3 * s
            on = sp[b:b + span]                 # (no token lies past the content's targets)
            i = self.ideas[s] + on.count(IDEA)                            # _ideas_total
            t = 0 if self.tutorial else self._trios(s)
            r = idle[h] + idle[h + 1] + idle[h + 2] + _resources_on(on)
            refund = 0
            for N in self.otg[s]:
                if N >= 2:
                    refund += cat[N - 2].refund
            ideas.append(i)
            trios.append(t)
            points.append(i + t)
            res.append(r)
            liq.append(r + hand[h] + hand[h + 1] + hand[h + 2] + tienda[h] + tienda[h + 1] +
                       tienda[h + 2] + refund)
        key = [(points[s], res[s], liq[s]) for s in range(n)]            # EP-SCO.7–10
        ranking = tuple(sorted(range(n), key=lambda s: (-key[s][0], -key[s][1], -key[s][2], s)))
        top = key[ranking[0]]
        winners = tuple(s for s in ranking if key[s] == top)
        places = [1 + sum(1 for o in range(n) if key[o] > key[s]) for s in range(n)]
        details = {"ideas": ideas, "trios": trios,
                   "penalty": [p is not None and p != "none" for p in penalty],
                   "penalty_idea": penalty, "resources": res, "liquidation": liq,
                   "places": places, "periods": self.period}
        self._result = Result(ranking, winners, tuple(points), reason, details)
        self.stage = S_OVER
        self.is_over = True
        self._lc = {}
        if ev is not None:
            ev.append(event("fin", "EP-TUT.13" if self.tutorial else "EP-END.1", {
                "reason": reason, "winners": list(winners), "scores": points,
                "ranking": list(ranking)}))
