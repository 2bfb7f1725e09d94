"""Plan processes and investment cards: activation, D2 (Administration), D3 (Investment) and D4
(Manufacturing). Rules EP-D2.*, EP-D3.*, EP-D4.*, EP-CARD.4–13, EP-CARD.20–22.

Targets: N = 0, 1 the plan's processes, N = 2 + k the catalogue card k. Each target has up to
3 activation spaces holding a resource code (0–2), an Idea (3) or nothing (−1).
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.action import Action

from . import actions as A
from .common import (
    ANY,
    IN_ORDER,
    MAX_PLAYERS,
    NT,
    S_D1C,
    S_D2RET,
    S_D3,
    S_D6,
    SQ_D2,
    SQ_D4,
    Events,
    event,
    triple,
)

IDEA = 3
SEAT_KEY = tuple(str(s) for s in range(MAX_PLAYERS))      # seats as JSON keys
DONE = A.A_DONE
INVEST_CREDIT_A = A.INVEST_CREDIT_A
ACTIVATE_A, REINFORCE_A = A.ACTIVATE_A, A.REINFORCE_A
DEACTIVATE_A, RETURN_A, MAKE_A = A.DEACTIVATE_A, A.RETURN_A, A.MAKE_A


def _exchange_legal(idle: tuple[int, int, int]) -> tuple[Action, ...]:
    """The D2 exchanges open to a seat with these idle resources (EP-D2.9), then ``listo``."""
    out = [A.EXCHANGE_A[i] for i, (r1, r2, _r3) in enumerate(A.EXCHANGES)
           if (r1 == r2 and idle[r1] >= 2) or (r1 != r2 and idle[r1] and idle[r2])]
    return (*out, A.A_DONE)


#: the legal D2 exchanges by idle resources, each counted up to 2 (all the rule looks at)
EXCHANGE_LEGAL = tuple(tuple(tuple(_exchange_legal((c, d, e)) for e in range(3))
                             for d in range(3)) for c in range(3))


def d3_prices(C, cat) -> tuple[tuple[tuple[tuple[int, int, int, tuple[Action, ...]], ...],
                                            ...], ...]:
    """What buying each card costs a seat on each square: ``[q + 1][k]`` (q = −1: no square)
    lists (Hc, Dinero, Energía, the actions by slot) for each way to pay (EP-D3.2, the 3A–3C
    discounts EP-D3.11–13; G44: with two discounted types, 3A picks Dinero or Energía)."""
    table = []
    for q in range(-1, len(C.squares)):
        square = C.squares[q] if q >= 0 else None
        disc_deck = square.deck if square is not None and square.benefit == "discount" else -1
        row = []
        for card in cat:
            cost = card.cost
            disc = tuple(r for r in square.discount if cost[r] > 0) \
                if card.deck == disc_deck else ()
            ways = []
            if len(disc) == 2:
                for r, acts in ((1, A.INVEST_D_A), (2, A.INVEST_E_A)):
                    c = list(cost)
                    c[r] -= 1
                    ways.append((c[0], c[1], c[2], acts))
            else:
                c = list(cost)
                for r in disc:
                    c[r] -= 1
                ways.append((c[0], c[1], c[2], A.INVEST_A))
            row.append(tuple(ways))
        table.append(tuple(row))
    return tuple(table)


def back_data(got: list[int]) -> dict[str, int]:
    """An event's record of the tokens that came back (``_tokens_back``)."""
    return {"ch": got[0], "d": got[1], "e": got[2], "ideas": got[IDEA]}


class TargetsMixin:
    """Mixed into ElplanGame; uses its state lists."""

    # ----- what a target is -----------------------------------------------------------------
    def _tok(self, s: int, N: int) -> int:
        b = (s * NT + N) * 3
        sp = self.sp
        return (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0)

    def _ext_active(self, s: int) -> bool:
        N = self.ext_n
        return N >= 0 and self.own[s * NT + N] == 1 and \
            self._tok(s, N) >= self.tinfo[s][N][1]

    def _active(self, s: int, N: int) -> bool:
        """EP-SCO.5: all activation tokens placed (plan: every space; Bodega/Prevención: ≥ 1),
        a card that comes active, or the card named by an active Externalización."""
        if N >= 2:
            if not self.own[s * NT + N]:
                return False
            card = self.cat[N - 2]
            if card.comes_active:
                return True
            if self.named[s] == N and self._ext_active(s):
                return True
        return self._tok(s, N) >= self.tinfo[s][N][1]

    def _owned_targets(self, s: int) -> tuple[int, ...]:
        """The targets seat ``s`` owns, in order (kept in step with ``own`` by ``_set_own``)."""
        return self.otg[s]

    def _set_own(self, s: int, N: int, v: int) -> None:
        """Seat ``s`` owns target ``N`` (v = 1) or not (0): ``own`` and ``otg`` together."""
        self.own[s * NT + N] = v
        otg = self.otg[s]                       # (kept sorted: the order of ``own``)
        if v and N not in otg:
            self.otg[s] = tuple(sorted((*otg, N)))
        elif not v and N in otg:
            i = otg.index(N)
            self.otg[s] = otg[:i] + otg[i + 1:]

    def _sync(self, s: int) -> None:
        """Keep naming, Laboratorio picks and ``since`` in step with the tokens."""
        base = s * NT
        own, sp, tinfo = self.own, self.sp, self.tinfo[s]
        N = self.ext_n                                                    # _ext_active, inline
        if N >= 0 and own[base + N] == 1:
            b = 3 * (base + N)
            ext = (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0) >= tinfo[N][1]
        else:
            ext = False
        nm = self.named[s]
        if nm >= 0 and (not ext or not own[base + nm]):
            self.named[s] = nm = -1                                       # G20
        if not ext:
            nm = -1                           # no naming counts without an active card
        period, since, cat = self.period, self.since, self.cat
        b = 3 * base                            # the plan's processes (targets 0 and 1, always
        if (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0) >= tinfo[0][1]:   # owned)
            if since[base] < 0:
                since[base] = period
        else:
            since[base] = -1
        if (sp[b + 3] >= 0) + (sp[b + 4] >= 0) + (sp[b + 5] >= 0) >= tinfo[1][1]:
            if since[base + 1] < 0:
                since[base + 1] = period
        else:
            since[base + 1] = -1
        otg = self.otg[s]
        for N in otg[2:]:                       # the cards: as _active, inline
            i = base + N
            b = 3 * i
            if (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0) >= tinfo[N][1] or \
                    cat[N - 2].comes_active or N == nm:
                if since[i] < 0:
                    since[i] = period
            else:
                since[i] = -1
        if self.lab[s] >= 0 and self.lab_n >= 0 and not self._active(s, self.lab_n):
            self.lab[s] = -1                                              # G23

    def _sync_one(self, s: int, N: int) -> None:
        """``_sync`` after only target ``N``'s tokens changed (activated, reinforced, an Idea
        placed, deactivated) in a synced state: unless N is Externalización, Laboratorio or
        the named card, no other target's activity, no naming and no Laboratorio pick can
        change, so only N's ``since`` is looked at."""
        if N == self.ext_n or N == self.lab_n or N == self.named[s]:
            _SYNC(self, s)
            return
        i = s * NT + N
        b = 3 * i
        sp = self.sp
        if (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0) >= self.tinfo[s][N][1] or \
                (N >= 2 and self.cat[N - 2].comes_active):
            if self.since[i] < 0:
                self.since[i] = self.period
        else:
            self.since[i] = -1

    def _procs(self, s: int, N: int) -> tuple[int, ...]:
        """The processes an active target gives in D4 (EP-D4.1, EP-CARD.4–10, G22)."""
        C = self.C
        if N < 2:
            return (C.plans[self.plans[s]].processes[N][0],)
        card = self.cat[N - 2]
        if card.kind == "processes":
            level = card.min_tokens if self.named[s] == N else self._tok(s, N)
            return card.by_tokens[min(level, len(card.by_tokens) - 1)]
        if card.kind == "choose_one":
            return (self.lab[s],) if self.lab[s] >= 0 else ()
        return ()

    def _pool_of(self, s: int, square: bool = True) -> list[int]:
        """Available processes [a, b, c, any] (EP-D4.1; G3 without the D4 square)."""
        pool = [0, 0, 0, 0]
        base = s * NT
        own, sp, cat, tinfo = self.own, self.sp, self.cat, self.tinfo[s]
        named = self.named[s]
        N = self.ext_n                                                    # _ext_active, inline
        if named >= 0 and N >= 0 and own[base + N] == 1:
            b = 3 * (base + N)
            nm = named if (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0) >= \
                tinfo[N][1] else -1
        else:
            nm = -1
        b = 3 * base                            # the plan's processes (targets 0 and 1,
        pt = self.plan_pt[s]                    # always owned: otg starts with them)
        if (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0) >= tinfo[0][1]:
            pool[pt[0]] += 1
        if (sp[b + 3] >= 0) + (sp[b + 4] >= 0) + (sp[b + 5] >= 0) >= tinfo[1][1]:
            pool[pt[1]] += 1
        otg = self.otg[s]
        for N in otg[2:]:                       # the cards: _active and _procs, inline
            b = 3 * (base + N)
            tok = (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0)
            card = cat[N - 2]
            if not (card.comes_active or N == nm or tok >= tinfo[N][1]):
                continue
            if card.kind == "processes":
                level = card.min_tokens if named == N else tok
                for x in card.by_tokens[min(level, len(card.by_tokens) - 1)]:
                    pool[x] += 1
            elif card.kind == "choose_one" and self.lab[s] >= 0:
                pool[self.lab[s]] += 1
        if square and self.square[s] == SQ_D4:
            pool[ANY] += 1                                                # EP-D4.7
        return pool

    def _trios(self, s: int) -> int:
        """EP-SCO.3: min of active trio cards per deck (Externalización excluded)."""
        per = [0, 0, 0]
        for N in self._owned_targets(s):
            if N >= 2 and self.cat[N - 2].trio and self._active(s, N):
                per[self.cat[N - 2].deck] += 1
        return min(per)

    def _active_investments(self, s: int) -> int:
        return sum(1 for N in self._owned_targets(s) if N >= 2 and self._active(s, N))

    def _tokens_back(self, s: int, N: int) -> list[int]:
        """Every token on N goes back idle (EP-GEN.8); returns what came back by code (Hc,
        Dinero, Energía, Ideas: ``back_data`` makes an event's record of it)."""
        b = (s * NT + N) * 3
        sp = self.sp
        got = [0, 0, 0, 0]                      # by code: Hc, Dinero, Energía, Ideas
        for v in (sp[b], sp[b + 1], sp[b + 2]):
            if v >= 0:
                got[v] += 1
        sp[b] = sp[b + 1] = sp[b + 2] = -1
        idle, ib = self.idle, 3 * s
        idle[ib] += got[0]
        idle[ib + 1] += got[1]
        idle[ib + 2] += got[2]
        if got[IDEA]:
            self.ideas[s] += got[IDEA]
        return got

    def _required_need(self, s: int, N: int) -> list[int] | None:
        """Idle resources needed to fill N's empty required spaces (None: nothing empty)."""
        spaces, mn = self.tinfo[s][N]
        b = (s * NT + N) * 3
        need = [0, 0, 0]
        empty = False
        for i in range(mn):
            if self.sp[b + i] < 0:
                need[spaces[i]] += 1
                empty = True
        return need if empty else None

    def _covers(self, s: int, need: list[int]) -> bool:
        b = 3 * s
        return self.idle[b] >= need[0] and self.idle[b + 1] >= need[1] and \
            self.idle[b + 2] >= need[2]

    def _ideas_allowed(self) -> bool:
        C = self.C
        return not self.tutorial or self.period >= C.tut_ideas_from          # EP-TUT.27

    # ----- D2 start (EP-D2.14–15, G18, G28) --------------------------------------------------
    def _d2_start(self, ev: Events) -> None:
        C = self.C
        own, since, period, producers = self.own, self.since, self.period, self.producers
        for s in self.order:
            q = self.square[s]
            if q in SQ_D2:
                g = C.squares[q].gain
                for r in range(3):
                    self.idle[3 * s + r] += g[r]
                if ev is not None:
                    ev.append(event("oportunidad-d2", "EP-D2.14", {"player": s, "gain": triple(g)}))
            for N in producers:
                i = s * NT + N
                if own[i] and 0 <= since[i] < period and self._active(s, N):
                    card = self.cat[N - 2]
                    for r in range(3):
                        self.idle[3 * s + r] += card.gain[r]
                    if ev is not None:
                        ev.append(event("produce", card.rule if card.rule != "EP-CARD.2" else
                                        "EP-D2.15", {"player": s, "card": card.id,
                                                     "gain": triple(card.gain)}))

    # ----- D2 step 1: deactivate (EP-D2.2) ---------------------------------------------------
    def _d2off_legal(self, s: int) -> list[Action]:
        keep = "keep_activations" in self.cons
        sp, b0 = self.sp, 3 * s * NT
        out = []
        for N in self.otg[s]:                   # with tokens on it (a loop: no comprehension's
            b = b0 + 3 * N                      # call, at every seat's turn)
            if (sp[b] >= 0 or sp[b + 1] >= 0 or sp[b + 2] >= 0) and not (keep and N < 2):
                out.append(DEACTIVATE_A[N])
        out.append(DONE)
        return out

    def _act_deactivate(self, s: int, _p: Any, N: int, ev: Events) -> None:
        back = _TOKENS_BACK(self, s, N)
        _SYNC_ONE(self, s, N)
        if ev is not None:
            ev.append(event("desactivar", "EP-D2.2", {"player": s, "target": N,
                                                      "id": self._target_id(s, N),
                                                      "back": back_data(back)}))

    def _target_id(self, s: int, N: int) -> str:
        return f"proceso-{N + 1}" if N < 2 else self.cat[N - 2].id

    # ----- D2 step 2: return an investment (EP-D2.3–4, G27) ----------------------------------
    def _d2ret_legal(self, s: int) -> list[Action]:
        if self.refund_left > 0:
            return [A.CHOOSE_A[r] for r in self.refund_mask]
        if self.returned[s]:
            return []
        out = []
        for N in self.otg[s]:
            if N >= 2:
                out.append(RETURN_A[N])
        out.append(DONE)
        return out

    def _act_return(self, s: int, _p: Any, N: int, ev: Events) -> None:
        card = self.cat[N - 2]
        back = _TOKENS_BACK(self, s, N)
        b = 3 * s
        tienda = None
        if N == self.shop_n:                                              # our choice 6
            tienda = {"mp": self.tienda[b], "bc": self.tienda[b + 1], "sv": self.tienda[b + 2]}
            self.tienda[b:b + 3] = [0, 0, 0]
        _SET_OWN(self, s, N, 0)
        self.since[s * NT + N] = -1
        self.boxed[card.deck].append(card.index)
        if self.named[s] == N or N == self.ext_n:
            self.named[s] = -1
        if N == self.lab_n:
            self.lab[s] = -1
        self.returned[s] = 1
        _SYNC(self, s)
        types = self.refund_types[N - 2]
        refund = card.refund
        if len(types) == 1:
            self.idle[b + types[0]] += refund
        else:
            self.refund_left, self.refund_mask = refund, types
        if ev is not None:
            data: dict[str, Any] = {"player": s, "target": N, "card": card.id,
                                    "back": back_data(back)}
            if tienda is not None:
                data["tienda_to_box"] = tienda
            data["refund"] = refund
            if len(types) == 1:
                data["gain"] = triple([refund if r == types[0] else 0 for r in range(3)])
            ev.append(event("devolver", "EP-D2.3", data))

    def _act_choose(self, s: int, r: int, _a: Any, ev: Events) -> None:
        st = self.stage
        if st == S_D1C:
            self._d1_choose(s, r, ev)
        elif st == S_D2RET:
            self.idle[3 * s + r] += 1
            self.refund_left -= 1
            if ev is not None:
                ev.append(event("reembolso", "EP-D2.3", {"player": s,
                                                         "resource": ("ch", "d", "e")[r],
                                                         "left": self.refund_left}))
        elif st == S_D6:
            self._d6_choose(s, r, ev)

    # ----- D2 step 3: activate (EP-D2.5–13, EP-CARD.4–10, EP-CARD.20–22, G20–G23, G43) -------
    def _d2act_legal(self, s: int) -> list[Action]:
        out: list[Action] = []
        ideas_ok = self.ideas[s] > 0 and self._ideas_allowed()
        sp, idle, tinfo, base, own = self.sp, self.idle, self.tinfo[s], s * NT, self.own
        N = self.ext_n                                                    # _ext_active, inline
        if N >= 0 and own[base + N] == 1:
            b = 3 * (base + N)
            ext = (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0) >= tinfo[N][1]
        else:
            ext = False
        named = self.named[s] if ext else -1
        ib = 3 * s
        extra = self.extra[s]
        missing_plan = missing_inv = False
        for N in self.otg[s]:
            if N == named:
                continue                                                  # G20: no tokens on it
            spaces, mn = tinfo[N]
            b = (base + N) * 3
            if mn == 1:                           # _required_need and _covers, inline
                if sp[b] < 0:
                    if idle[ib + spaces[0]] > 0:
                        out.append(ACTIVATE_A[N])
                        if N < 2:
                            missing_plan = True
                        else:
                            missing_inv = True
                    need = True
                else:
                    need = False
            elif mn == 2:                         # (two-space processes: inline too)
                e0, e1 = sp[b] < 0, sp[b + 1] < 0
                if e0 or e1:
                    r0, r1 = spaces[0], spaces[1]
                    if not e1:
                        ok = idle[ib + r0] > 0
                    elif not e0:
                        ok = idle[ib + r1] > 0
                    elif r0 == r1:
                        ok = idle[ib + r0] >= 2
                    else:
                        ok = idle[ib + r0] > 0 and idle[ib + r1] > 0
                    if ok:
                        out.append(ACTIVATE_A[N])
                        if N < 2:
                            missing_plan = True
                        else:
                            missing_inv = True
                    need = True
                else:
                    need = False
            elif mn:
                need = None
                for i in range(mn):
                    if sp[b + i] < 0:
                        if need is None:
                            need = [0, 0, 0]
                        need[spaces[i]] += 1
                if need is not None:
                    if idle[ib] >= need[0] and idle[ib + 1] >= need[1] and \
                            idle[ib + 2] >= need[2]:
                        out.append(ACTIVATE_A[N])
                        if N < 2:
                            missing_plan = True
                        else:
                            missing_inv = True
            else:
                need = False
            if not need:
                for j in extra[N]:              # range(mn, len(spaces)), kept
                    if sp[b + j] < 0:
                        if idle[ib + spaces[j]] > 0:
                            out.append(REINFORCE_A[N])
                        break
            if ideas_ok:
                for r in range(3):
                    for i in range(len(spaces)):
                        if sp[b + i] < 0 and spaces[i] == r:
                            if i < mn or all(sp[b + x] >= 0 for x in range(i)):
                                out.append(A.IDEA_A[r][N])
                            break
                for r in range(3):
                    if sp[b] == r or sp[b + 1] == r or sp[b + 2] == r:
                        out.append(A.REPLACE_A[r][N])
        if ext and not self.ext_done[s]:
            for N in self.otg[s]:
                if N >= 2 and N != self.ext_n and N != self.named[s] and \
                        not self.cat[N - 2].comes_active and not self._tok(s, N):
                    out.append(A.OUTSOURCE_A[N])
        N = self.lab_n
        lab_active = N >= 0 and own[base + N] and self._active(s, N)
        if lab_active:
            if not self.lab_done[s]:
                out += [A.LAB_A[x] for x in range(3) if x != self.lab[s]]
            if self.lab[s] < 0:                                           # G23
                return out
        cons = self.cons
        if cons and (("must_activate_plan" in cons and missing_plan) or
                     ("must_activate_investment" in cons and missing_inv)):
            return out
        out.append(DONE)
        return out

    def _fill_required(self, s: int, N: int) -> list[int]:
        spaces, mn = self.tinfo[s][N]
        b = (s * NT + N) * 3
        paid = [0, 0, 0]
        for i in range(mn):
            if self.sp[b + i] < 0:
                r = spaces[i]
                self.sp[b + i] = r
                self.idle[3 * s + r] -= 1
                paid[r] += 1
        return paid

    def _act_activate(self, s: int, _p: Any, N: int, ev: Events) -> None:
        paid = _FILL_REQUIRED(self, s, N)
        _SYNC_ONE(self, s, N)
        if self.stage == S_D3:
            rule = "EP-D3.10"
        elif N < 2:
            rule = "EP-D2.5"
        else:
            rule = "EP-D2.6"
        if ev is not None:
            ev.append(event("activar", rule, {"player": s, "target": N, "id": self._target_id(s, N),
                                              "tokens": triple(paid),
                                              "active": self._active(s, N)}))

    def _act_reinforce(self, s: int, _p: Any, N: int, ev: Events) -> None:
        spaces, mn = self.tinfo[s][N]
        b = (s * NT + N) * 3
        j = next(i for i in range(mn, len(spaces)) if self.sp[b + i] < 0)
        r = spaces[j]
        self.sp[b + j] = r
        self.idle[3 * s + r] -= 1
        _SYNC_ONE(self, s, N)
        card = self.cat[N - 2]
        if ev is not None:
            ev.append(event("reforzar", "EP-CARD.5" if card.comes_active else "EP-CARD.8", {
                "player": s, "target": N, "id": card.id, "resource": ("ch", "d", "e")[r],
                "tokens": self._tok(s, N)}))

    def _act_idea(self, s: int, r: int, N: int, ev: Events) -> None:
        spaces, mn = self.tinfo[s][N]
        b = (s * NT + N) * 3
        i = next(i for i in range(len(spaces)) if self.sp[b + i] < 0 and spaces[i] == r)
        self.sp[b + i] = IDEA
        self.ideas[s] -= 1
        _SYNC_ONE(self, s, N)
        if ev is not None:
            ev.append(event("idea", "EP-D2.10", {"player": s, "target": N,
                                                 "id": self._target_id(s, N),
                                                 "space": ("ch", "d", "e")[r],
                                                 "active": self._active(s, N)}))

    def _act_replace(self, s: int, r: int, N: int, ev: Events) -> None:
        b = (s * NT + N) * 3
        i = next(i for i in range(3) if self.sp[b + i] == r)
        self.sp[b + i] = IDEA
        self.ideas[s] -= 1
        self.idle[3 * s + r] += 1
        if ev is not None:
            ev.append(event("sustituir", "EP-D2.11", {"player": s, "target": N,
                                                      "id": self._target_id(s, N),
                                                      "resource": ("ch", "d", "e")[r]}))

    def _act_outsource(self, s: int, _p: Any, N: int, ev: Events) -> None:
        old = self.named[s]
        self.named[s] = N
        self.ext_done[s] = 1
        _SYNC(self, s)
        if ev is not None:
            ev.append(event("externalizar", "EP-CARD.20", {
                "player": s, "target": N, "id": self.cat[N - 2].id,
                "before": None if old < 0 else self.cat[old - 2].id}))

    def _act_lab(self, s: int, x: int, _a: Any, ev: Events) -> None:
        C = self.C
        before = self.lab[s]
        self.lab[s] = x
        self.lab_done[s] = 1
        if ev is not None:
            ev.append(event("laboratorio", "EP-CARD.6" if before < 0 else "EP-CARD.7", {
                "player": s, "process": C.ptype_names[x][0],
                "before": None if before < 0 else C.ptype_names[before][0]}))

    def _d2act_finish(self, s: int, ev: Events) -> None:
        """Targets left below their minimum give their tokens back (brief, D2 step 3)."""
        sp, tinfo, base = self.sp, self.tinfo[s], s * NT
        back = None
        for N in self.otg[s]:
            b = 3 * (base + N)
            t = (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0)
            if t and t < tinfo[N][1]:
                back = _TOKENS_BACK(self, s, N)
                if ev is not None:
                    ev.append(event("fichas-devueltas", "EP-D2.6", {
                        "player": s, "target": N, "id": self._target_id(s, N),
                        "back": back_data(back)}))
        if back is not None:        # every action that moves tokens syncs: nothing else to do
            _SYNC(self, s)

    # ----- D2 step 4: exchange (EP-D2.9, G26) ------------------------------------------------
    def _d2exc_legal(self, s: int) -> list[Action]:
        b = 3 * s
        idle = self.idle
        c, d, e = idle[b], idle[b + 1], idle[b + 2]
        return list(EXCHANGE_LEGAL[c if c < 2 else 2][d if d < 2 else 2][e if e < 2 else 2])

    def _act_exchange(self, s: int, ex: tuple[int, int, int], _a: Any, ev: Events) -> None:
        r1, r2, r3 = ex
        self.idle[3 * s + r1] -= 1
        self.idle[3 * s + r2] -= 1
        self.idle[3 * s + r3] += 1
        names = ("ch", "d", "e")
        if ev is not None:
            ev.append(event("canjear", "EP-D2.9", {"player": s, "paid": [names[r1], names[r2]],
                                                   "received": names[r3]}))

    # ----- D3: investment (EP-D3.*, G44, G46, G47) -------------------------------------------
    def _discount_types(self, s: int, card) -> tuple[int, ...]:
        C = self.C
        q = self.square[s]
        if q < 0:
            return ()
        sq = C.squares[q]
        if sq.benefit != "discount" or sq.deck != card.deck:
            return ()
        return tuple(r for r in sq.discount if card.cost[r] > 0)

    def _credit_ok(self, s: int) -> bool:
        return not self.tutorial and not self.credit[s] and self.credit_supply > 0

    def _d3_legal(self, s: int) -> list[Action]:
        if self.play_n >= 0:
            N = self.play_n
            need = self._required_need(s, N)
            out = [A.ACTIVATE_A[N]] if need is not None and self._covers(s, need) else []
            out.append(A.A_DONE)
            return out
        if self.bought[s]:
            return []
        out: list[Action] = []
        credit = not self.tutorial and not self.credit[s] and self.credit_supply > 0
        idle = self.idle
        b = 3 * s
        i0, i1, i2 = idle[b], idle[b + 1], idle[b + 2]
        prices = self.d3_prices[self.square[s] + 1]
        own, base, offers = self.own, s * NT + 2, self.offers
        for o in self.slots:                    # the slots in use (offers_per_type per deck)
            k = offers[o]
            if k < 0 or own[base + k]:
                continue
            for c0, c1, c2, acts in prices[k]:                            # _discount_types,
                if i0 >= c0 and i1 >= c1 and i2 >= c2:                    # G44 (see D3_PRICES)
                    out.append(acts[o])
            if credit:
                out.append(INVEST_CREDIT_A[o])
        if not (out and "must_buy_investment" in self.cons):
            out.append(DONE)
        return out

    def _act_invest(self, s: int, mode: int, o: int, ev: Events) -> None:
        k = self.offers[o]
        card = self.cat[k]
        N = 2 + k
        paid = [0, 0, 0]
        disc: tuple[int, ...] = ()
        if mode == 3:                                                     # EP-D3.4
            self.credit[s] = 1
            self.credit_supply -= 1
        else:
            paid = list(card.cost)
            disc = (1,) if mode == 1 else (2,) if mode == 2 else self._discount_types(s, card)
            for r in disc:
                paid[r] -= 1
            for r in range(3):
                self.idle[3 * s + r] -= paid[r]
        self.offers[o] = -1                                               # EP-D3.8
        _SET_OWN(self, s, N, 1)
        self.bought[s] = 1
        _SYNC(self, s)
        if ev is not None:
            data: dict[str, Any] = {"player": s, "slot": o, "card": card.id, "target": N,
                                    "deck": card.deck}
            if mode == 3:
                data["credit"] = True
                rule = "EP-D3.4"
            else:
                if disc:
                    data["discount"] = ("ch", "d", "e")[disc[0]]
                rule = ("EP-D3.11", "EP-D3.12", "EP-D3.13")[card.deck] if disc else "EP-D3.2"
            data["paid"] = triple(paid)
            data["active"] = self._active(s, N)
            ev.append(event("invertir", rule, data))
        if card.play:                                                     # G47
            self.play_n = N

    def _deal_offers(self, ev: Events, rule: str) -> None:
        """Fill every deck to ``offers_per_type`` fresh offers (EP-SET.2–3, EP-SUM.8, G45)."""
        dealt = []
        offers, age, fd, under, cat = self.offers, self.age, self.fd, self.under, self.cat
        slots = range(self.opt_n)
        for d in range(3):
            for o in slots:
                slot = 3 * d + o
                if offers[slot] >= 0:
                    continue
                if not fd[d] and under[d]:                                # EP-DECK.3
                    fd[d] = under[d]
                    under[d] = []
                    self.rng.shuffle(fd[d])
                    if ev is not None:
                        ev.append(event("mazo-rebarajado", "EP-DECK.3", {"deck": d,
                                                                         "cards": len(fd[d])}))
                if not fd[d]:                                             # EP-DECK.4
                    continue
                k = offers[slot] = fd[d].pop()
                age[slot] = 0
                if ev is not None:
                    dealt.append({"slot": slot, "card": cat[k].id})
        if ev is not None:
            ev.append(event("ofertas", rule, {"dealt": dealt}))

    # ----- D4: manufacturing (EP-D4.*, G3, G34; simultaneous) --------------------------------
    # A recipe can be made when its process types lacking from the pool are no more than the
    # pool's «any» processes (EP-D4.7): checked inline in _d4_enter and _d4_legal.
    def _d4_enter(self, ev: Events) -> None:
        recipes = self.recipes
        pools = {}
        pools_l, rem, made, done, need = self.pool, self.rem, self.made, self.done, self.need
        for s in range(self.n):
            pool = _POOL_OF(self, s)
            b = 4 * s
            pools_l[b:b + 4] = pool
            rem[b:b + 4] = pool
            made[3 * s:3 * s + 3] = [0, 0, 0]
            done[s] = 0
            need[s] = 0
            wild = pool[ANY]
            for _t, procs in recipes[s]:                                 # a recipe to make
                lacking = 0
                for x in procs:
                    if pool[x] <= 0:
                        lacking += 1
                if lacking <= wild:
                    need[s] = 1
                    break
            if ev is not None:
                pools[SEAT_KEY[s]] = {"a": pool[0], "b": pool[1], "c": pool[2], "any": wild}
        if ev is not None:
            ev.append(event("procesos", "EP-D4.1", {"pools": pools}))

    def _d4_legal(self, s: int) -> list[Action]:
        b = 4 * s
        rem = self.rem
        wild = rem[b + ANY]
        cons = self.cons
        second = "must_make_second" in cons
        out = []
        for t, procs in self.recipes[s]:
            if second and t == self.C.plans[self.plans[s]].type:
                continue
            lacking = 0                                                   # (see above)
            for x in procs:
                if rem[b + x] <= 0:
                    lacking += 1
            if lacking <= wild:
                out.append(MAKE_A[t])
        if not out or not ("must_make" in cons or second):
            out.append(DONE)
        return out

    def _act_make(self, s: int, t: int, _a: Any, ev: Events) -> None:
        C = self.C
        plan = C.plans[self.plans[s]]
        procs = next(p for x, p in plan.recipes if x == t)
        b = 4 * s
        for x in procs:                                   # fixed types first, then "any"
            if self.rem[b + x] > 0:
                self.rem[b + x] -= 1
            else:
                self.rem[b + ANY] -= 1
        self.made[3 * s + t] += 1
        if ev is not None:
            ev.append(event("decidido", "EP-D4.3", {"player": s, "step": "d4"}))

    def _d4_reveal(self, ev: Events) -> None:
        out = {}
        hand, made, rem = self.hand, self.made, self.rem
        for s in IN_ORDER[self.n][self.mc]:
            b = 3 * s
            m0, m1, m2 = made[b], made[b + 1], made[b + 2]
            hand[b] += m0
            hand[b + 1] += m1
            hand[b + 2] += m2
            if ev is not None:
                out[SEAT_KEY[s]] = {"mp": m0, "bc": m1, "sv": m2}
            made[b:b + 3] = [0, 0, 0]
            rem[4 * s:4 * s + 4] = [0, 0, 0, 0]                            # EP-D4.8
        if ev is not None:
            ev.append(event("fabricacion", "EP-D4.3", {"made": out}))


# Hot methods as plain functions: a game keeps its ~120 attributes in an instance dict of its
# own, where ``self.method(...)`` first looks the name up (CPython cannot specialise that
# look-up); a module name skips it. The methods stay the definitions.
_SYNC_ONE = TargetsMixin._sync_one
_TOKENS_BACK = TargetsMixin._tokens_back
_FILL_REQUIRED = TargetsMixin._fill_required
_SET_OWN = TargetsMixin._set_own
_SYNC = TargetsMixin._sync
_POOL_OF = TargetsMixin._pool_of
