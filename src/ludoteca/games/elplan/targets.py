"""Plan processes and investment cards: activation, D2 (Administration), D3 (Investment) and D4
(Manufacturing). Rules EP-D2.*, EP-D3.*, EP-D4.*, EP-CARD.4–13, EP-CARD.20–22.

Targets: N = 0, 1 the plan's processes, N = 2 + k the catalogue card k. Each target has up to
3 activation spaces holding a resource code (0–2), an Idea (3) or nothing (−1).
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.events import Event

from . import actions as A
from .common import ANY, NT, S_D1C, S_D2RET, S_D3, S_D6, SQ_D2, SQ_D4, event, triple

IDEA = 3
TARGETS = range(NT)


def _exchange_legal(idle: tuple[int, int, int]) -> tuple[Action, ...]:
    """The D2 exchanges open to a seat with these idle resources (EP-D2.9), then ``listo``."""
    out = [A.EXCHANGE_A[i] for i, (r1, r2, _r3) in enumerate(A.EXCHANGES)
           if (r1 == r2 and idle[r1] >= 2) or (r1 != r2 and idle[r1] and idle[r2])]
    return (*out, A.A_DONE)


#: the legal D2 exchanges by idle resources, each counted up to 2 (all the rule looks at)
EXCHANGE_LEGAL = tuple(tuple(tuple(_exchange_legal((c, d, e)) for e in range(3))
                             for d in range(3)) for c in range(3))


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

    def _owned_targets(self, s: int) -> list[int]:
        b = s * NT
        return list(compress(TARGETS, self.own[b:b + self.ntg]))

    def _sync(self, s: int) -> None:
        """Keep naming, Laboratorio picks and ``since`` in step with the tokens."""
        base = s * NT
        own = self.own
        ext = self._ext_active(s)
        nm = self.named[s]
        if nm >= 0 and (not ext or not own[base + nm]):
            self.named[s] = nm = -1                                       # G20
        if not ext:
            nm = -1                           # no naming counts without an active card
        period, since, sp, cat = self.period, self.since, self.sp, self.cat
        tinfo = self.tinfo[s]
        for N in compress(TARGETS, own[base:base + self.ntg]):           # as _active, inline
            i = base + N
            b = 3 * i
            if (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0) >= tinfo[N][1] or \
                    (N >= 2 and (cat[N - 2].comes_active or N == nm)):
                if since[i] < 0:
                    since[i] = period
            else:
                since[i] = -1
        if self.lab_n >= 0 and self.lab[s] >= 0 and not self._active(s, self.lab_n):
            self.lab[s] = -1                                              # G23

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
        C = self.C
        pool = [0, 0, 0, 0]
        base = s * NT
        own, sp, cat, tinfo = self.own, self.sp, self.cat, self.tinfo[s]
        named = self.named[s]
        nm = named if self._ext_active(s) else -1
        for N in compress(TARGETS, own[base:base + self.ntg]):  # _active and _procs, inline
            b = 3 * (base + N)
            tok = (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0)
            if N < 2:
                if tok >= tinfo[N][1]:
                    pool[C.plans[self.plans[s]].processes[N][0]] += 1
                continue
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

    def _tokens_back(self, s: int, N: int) -> dict[str, int]:
        """Every token on N goes back idle (EP-GEN.8); returns what came back."""
        b = (s * NT + N) * 3
        back = {"ch": 0, "d": 0, "e": 0, "ideas": 0}
        for i in range(3):
            v = self.sp[b + i]
            if v == IDEA:
                self.ideas[s] += 1
                back["ideas"] += 1
            elif v >= 0:
                self.idle[3 * s + v] += 1
                back[("ch", "d", "e")[v]] += 1
            self.sp[b + i] = -1
        return back

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
    def _d2_start(self, ev: list[Event]) -> None:
        C = self.C
        for s in self.order:
            q = self.square[s]
            if q in SQ_D2:
                g = C.squares[q].gain
                for r in range(3):
                    self.idle[3 * s + r] += g[r]
                ev.append(event("oportunidad-d2", "EP-D2.14", {"player": s, "gain": triple(g)}))
            for N in self.producers:
                i = s * NT + N
                if self.own[i] and self._active(s, N) and 0 <= self.since[i] < self.period:
                    card = self.cat[N - 2]
                    for r in range(3):
                        self.idle[3 * s + r] += card.gain[r]
                    ev.append(event("produce", card.rule if card.rule != "EP-CARD.2" else
                                    "EP-D2.15", {"player": s, "card": card.id,
                                                 "gain": triple(card.gain)}))

    # ----- D2 step 1: deactivate (EP-D2.2) ---------------------------------------------------
    def _d2off_legal(self, s: int) -> list[Action]:
        keep = "keep_activations" in self.cons
        sp, base = self.sp, s * NT
        out = [A.DEACTIVATE_A[N] for N in self._owned_targets(s)          # with tokens on it
               if (sp[3 * (base + N)] >= 0 or sp[3 * (base + N) + 1] >= 0 or
                   sp[3 * (base + N) + 2] >= 0) and not (keep and N < 2)]
        out.append(A.A_DONE)
        return out

    def _act_deactivate(self, s: int, _p: Any, N: int, ev: list[Event]) -> None:
        back = self._tokens_back(s, N)
        self._sync(s)
        ev.append(event("desactivar", "EP-D2.2", {"player": s, "target": N,
                                                  "id": self._target_id(s, N), "back": back}))

    def _target_id(self, s: int, N: int) -> str:
        return f"proceso-{N + 1}" if N < 2 else self.cat[N - 2].id

    # ----- D2 step 2: return an investment (EP-D2.3–4, G27) ----------------------------------
    def _d2ret_legal(self, s: int) -> list[Action]:
        if self.refund_left > 0:
            return [A.CHOOSE_A[r] for r in self.refund_mask]
        if self.returned[s]:
            return []
        out = [A.RETURN_A[N] for N in self._owned_targets(s) if N >= 2]
        out.append(A.A_DONE)
        return out

    def _act_return(self, s: int, _p: Any, N: int, ev: list[Event]) -> None:
        card = self.cat[N - 2]
        back = self._tokens_back(s, N)
        data: dict[str, Any] = {"player": s, "target": N, "card": card.id, "back": back}
        if N == self.shop_n:                                              # our choice 6
            data["tienda_to_box"] = {"mp": self.tienda[3 * s], "bc": self.tienda[3 * s + 1],
                                     "sv": self.tienda[3 * s + 2]}
            self.tienda[3 * s:3 * s + 3] = [0, 0, 0]
        self.own[s * NT + N] = 0
        self.since[s * NT + N] = -1
        self.boxed[card.deck].append(card.index)
        if self.named[s] == N or N == self.ext_n:
            self.named[s] = -1
        if N == self.lab_n:
            self.lab[s] = -1
        self.returned[s] = 1
        self._sync(s)
        types = tuple(r for r in range(3) if card.cost[r] > 0)
        refund = card.refund
        data["refund"] = refund
        if len(types) == 1:
            self.idle[3 * s + types[0]] += refund
            data["gain"] = triple([refund if r == types[0] else 0 for r in range(3)])
        else:
            self.refund_left, self.refund_mask = refund, types
        ev.append(event("devolver", "EP-D2.3", data))

    def _act_choose(self, s: int, r: int, _a: Any, ev: list[Event]) -> None:
        st = self.stage
        if st == S_D1C:
            self._d1_choose(s, r, ev)
        elif st == S_D2RET:
            self.idle[3 * s + r] += 1
            self.refund_left -= 1
            ev.append(event("reembolso", "EP-D2.3", {"player": s, "resource": ("ch", "d", "e")[r],
                                                     "left": self.refund_left}))
        elif st == S_D6:
            self._d6_choose(s, r, ev)

    # ----- D2 step 3: activate (EP-D2.5–13, EP-CARD.4–10, EP-CARD.20–22, G20–G23, G43) -------
    def _d2act_legal(self, s: int) -> list[Action]:
        out: list[Action] = []
        ideas_ok = self.ideas[s] > 0 and self._ideas_allowed()
        ext = self._ext_active(s)
        named = self.named[s] if ext else -1
        sp, idle, tinfo, base = self.sp, self.idle, self.tinfo[s], s * NT
        i0, i1, i2 = idle[3 * s], idle[3 * s + 1], idle[3 * s + 2]
        missing_plan = missing_inv = False
        for N in self._owned_targets(s):
            if N == named:
                continue                                                  # G20: no tokens on it
            spaces, mn = tinfo[N]
            b = (base + N) * 3
            need = None                                   # _required_need and _covers, inline
            for i in range(mn):
                if sp[b + i] < 0:
                    if need is None:
                        need = [0, 0, 0]
                    need[spaces[i]] += 1
            if need is not None:
                if i0 >= need[0] and i1 >= need[1] and i2 >= need[2]:
                    out.append(A.ACTIVATE_A[N])
                    if N < 2:
                        missing_plan = True
                    else:
                        missing_inv = True
            else:
                for j in range(mn, len(spaces)):
                    if sp[b + j] < 0:
                        if self.idle[3 * s + spaces[j]] > 0:
                            out.append(A.REINFORCE_A[N])
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
            for N in self._owned_targets(s):
                if N >= 2 and N != self.ext_n and N != self.named[s] and \
                        not self.cat[N - 2].comes_active and not self._tok(s, N):
                    out.append(A.OUTSOURCE_A[N])
        lab_active = self.lab_n >= 0 and self._active(s, self.lab_n)
        if lab_active and not self.lab_done[s]:
            out += [A.LAB_A[x] for x in range(3) if x != self.lab[s]]
        ok = not (lab_active and self.lab[s] < 0)                          # G23
        if "must_activate_plan" in self.cons and missing_plan:
            ok = False
        if "must_activate_investment" in self.cons and missing_inv:
            ok = False
        if ok:
            out.append(A.A_DONE)
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

    def _act_activate(self, s: int, _p: Any, N: int, ev: list[Event]) -> None:
        paid = self._fill_required(s, N)
        self._sync(s)
        if self.stage == S_D3:
            rule = "EP-D3.10"
        elif N < 2:
            rule = "EP-D2.5"
        else:
            rule = "EP-D2.6"
        ev.append(event("activar", rule, {"player": s, "target": N, "id": self._target_id(s, N),
                                          "tokens": triple(paid),
                                          "active": self._active(s, N)}))

    def _act_reinforce(self, s: int, _p: Any, N: int, ev: list[Event]) -> None:
        spaces, mn = self.tinfo[s][N]
        b = (s * NT + N) * 3
        j = next(i for i in range(mn, len(spaces)) if self.sp[b + i] < 0)
        r = spaces[j]
        self.sp[b + j] = r
        self.idle[3 * s + r] -= 1
        self._sync(s)
        card = self.cat[N - 2]
        ev.append(event("reforzar", "EP-CARD.5" if card.comes_active else "EP-CARD.8", {
            "player": s, "target": N, "id": card.id, "resource": ("ch", "d", "e")[r],
            "tokens": self._tok(s, N)}))

    def _act_idea(self, s: int, r: int, N: int, ev: list[Event]) -> None:
        spaces, mn = self.tinfo[s][N]
        b = (s * NT + N) * 3
        i = next(i for i in range(len(spaces)) if self.sp[b + i] < 0 and spaces[i] == r)
        self.sp[b + i] = IDEA
        self.ideas[s] -= 1
        self._sync(s)
        ev.append(event("idea", "EP-D2.10", {"player": s, "target": N,
                                             "id": self._target_id(s, N),
                                             "space": ("ch", "d", "e")[r],
                                             "active": self._active(s, N)}))

    def _act_replace(self, s: int, r: int, N: int, ev: list[Event]) -> None:
        b = (s * NT + N) * 3
        i = next(i for i in range(3) if self.sp[b + i] == r)
        self.sp[b + i] = IDEA
        self.ideas[s] -= 1
        self.idle[3 * s + r] += 1
        ev.append(event("sustituir", "EP-D2.11", {"player": s, "target": N,
                                                  "id": self._target_id(s, N),
                                                  "resource": ("ch", "d", "e")[r]}))

    def _act_outsource(self, s: int, _p: Any, N: int, ev: list[Event]) -> None:
        old = self.named[s]
        self.named[s] = N
        self.ext_done[s] = 1
        self._sync(s)
        ev.append(event("externalizar", "EP-CARD.20", {
            "player": s, "target": N, "id": self.cat[N - 2].id,
            "before": None if old < 0 else self.cat[old - 2].id}))

    def _act_lab(self, s: int, x: int, _a: Any, ev: list[Event]) -> None:
        C = self.C
        before = self.lab[s]
        self.lab[s] = x
        self.lab_done[s] = 1
        ev.append(event("laboratorio", "EP-CARD.6" if before < 0 else "EP-CARD.7", {
            "player": s, "process": C.ptype_names[x][0],
            "before": None if before < 0 else C.ptype_names[before][0]}))

    def _d2act_finish(self, s: int, ev: list[Event]) -> None:
        """Targets left below their minimum give their tokens back (brief, D2 step 3)."""
        sp, tinfo, base = self.sp, self.tinfo[s], s * NT
        for N in self._owned_targets(s):
            b = 3 * (base + N)
            t = (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0)
            if t and t < tinfo[N][1]:
                back = self._tokens_back(s, N)
                ev.append(event("fichas-devueltas", "EP-D2.6", {
                    "player": s, "target": N, "id": self._target_id(s, N), "back": back}))
        self._sync(s)

    # ----- D2 step 4: exchange (EP-D2.9, G26) ------------------------------------------------
    def _d2exc_legal(self, s: int) -> list[Action]:
        b = 3 * s
        idle = self.idle
        return list(EXCHANGE_LEGAL[min(idle[b], 2)][min(idle[b + 1], 2)][min(idle[b + 2], 2)])

    def _act_exchange(self, s: int, ex: tuple[int, int, int], _a: Any, ev: list[Event]) -> None:
        r1, r2, r3 = ex
        self.idle[3 * s + r1] -= 1
        self.idle[3 * s + r2] -= 1
        self.idle[3 * s + r3] += 1
        names = ("ch", "d", "e")
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
        C = self.C
        if self.play_n >= 0:
            N = self.play_n
            need = self._required_need(s, N)
            out = [A.ACTIVATE_A[N]] if need is not None and self._covers(s, need) else []
            out.append(A.A_DONE)
            return out
        if self.bought[s]:
            return []
        out: list[Action] = []
        credit = self._credit_ok(s)
        idle = self.idle[3 * s:3 * s + 3]
        q = self.square[s]
        square = C.squares[q] if q >= 0 else None
        disc_deck = square.deck if square is not None and square.benefit == "discount" else -1
        offers, own, cat, base = self.offers, self.own, self.cat, s * NT + 2
        for o in range(9):
            k = offers[o]
            if k < 0 or own[base + k]:
                continue
            card = cat[k]
            cost = card.cost
            disc = tuple(r for r in square.discount if cost[r] > 0) \
                if card.deck == disc_deck else ()                         # _discount_types
            if len(disc) == 2:                                            # G44: 3A picks D or E
                for r, acts in ((1, A.INVEST_D_A), (2, A.INVEST_E_A)):
                    c = list(cost)
                    c[r] -= 1
                    if idle[0] >= c[0] and idle[1] >= c[1] and idle[2] >= c[2]:
                        out.append(acts[o])
            elif disc:
                c = list(cost)
                for r in disc:
                    c[r] -= 1
                if idle[0] >= c[0] and idle[1] >= c[1] and idle[2] >= c[2]:
                    out.append(A.INVEST_A[o])
            elif idle[0] >= cost[0] and idle[1] >= cost[1] and idle[2] >= cost[2]:
                out.append(A.INVEST_A[o])
            if credit:
                out.append(A.INVEST_CREDIT_A[o])
        if not (out and "must_buy_investment" in self.cons):
            out.append(A.A_DONE)
        return out

    def _act_invest(self, s: int, mode: int, o: int, ev: list[Event]) -> None:
        k = self.offers[o]
        card = self.cat[k]
        N = 2 + k
        paid = [0, 0, 0]
        data: dict[str, Any] = {"player": s, "slot": o, "card": card.id, "target": N,
                                "deck": card.deck}
        if mode == 3:                                                     # EP-D3.4
            self.credit[s] = 1
            self.credit_supply -= 1
            data["credit"] = True
            rule = "EP-D3.4"
        else:
            paid = list(card.cost)
            disc = (1,) if mode == 1 else (2,) if mode == 2 else self._discount_types(s, card)
            for r in disc:
                paid[r] -= 1
            if disc:
                data["discount"] = ("ch", "d", "e")[disc[0]]
            for r in range(3):
                self.idle[3 * s + r] -= paid[r]
            rule = ("EP-D3.11", "EP-D3.12", "EP-D3.13")[card.deck] if disc else "EP-D3.2"
        data["paid"] = triple(paid)
        self.offers[o] = -1                                               # EP-D3.8
        self.own[s * NT + N] = 1
        self.bought[s] = 1
        self._sync(s)
        data["active"] = self._active(s, N)
        ev.append(event("invertir", rule, data))
        if card.play:                                                     # G47
            self.play_n = N

    def _deal_offers(self, ev: list[Event], rule: str) -> None:
        """Fill every deck to ``offers_per_type`` fresh offers (EP-SET.2–3, EP-SUM.8, G45)."""
        dealt = []
        for d in range(3):
            for o in range(self.opt_n):
                slot = 3 * d + o
                if self.offers[slot] >= 0:
                    continue
                if not self.fd[d] and self.under[d]:                      # EP-DECK.3
                    self.fd[d] = self.under[d]
                    self.under[d] = []
                    self.rng.shuffle(self.fd[d])
                    ev.append(event("mazo-rebarajado", "EP-DECK.3", {"deck": d,
                                                                     "cards": len(self.fd[d])}))
                if not self.fd[d]:                                        # EP-DECK.4
                    continue
                self.offers[slot] = self.fd[d].pop()
                self.age[slot] = 0
                dealt.append({"slot": slot, "card": self.cat[self.offers[slot]].id})
        ev.append(event("ofertas", rule, {"dealt": dealt}))

    # ----- D4: manufacturing (EP-D4.*, G3, G34; simultaneous) --------------------------------
    def _can_make(self, rem: list[int], b: int, procs: tuple[int, ...]) -> bool:
        wild = 0
        for x in procs:
            if rem[b + x] <= 0:
                wild += 1
        return wild <= rem[b + ANY]

    def _d4_enter(self, ev: list[Event]) -> None:
        C = self.C
        pools = {}
        pools_l, rem, made, done, need = self.pool, self.rem, self.made, self.done, self.need
        for s in range(self.n):
            pool = self._pool_of(s)
            b = 4 * s
            pools_l[b:b + 4] = pool
            rem[b:b + 4] = pool
            made[3 * s:3 * s + 3] = [0, 0, 0]
            done[s] = 0
            need[s] = 0
            for _t, procs in C.plans[self.plans[s]].recipes:             # as _can_make
                if sum(1 for x in procs if pool[x] <= 0) <= pool[ANY]:
                    need[s] = 1
                    break
            pools[str(s)] = {"a": pool[0], "b": pool[1], "c": pool[2], "any": pool[3]}
        ev.append(event("procesos", "EP-D4.1", {"pools": pools}))

    def _d4_legal(self, s: int) -> list[Action]:
        C = self.C
        plan = C.plans[self.plans[s]]
        b = 4 * s
        second = "must_make_second" in self.cons
        out = [A.MAKE_A[t] for t, procs in plan.recipes
               if not (second and t == plan.type) and self._can_make(self.rem, b, procs)]
        if not out or not ("must_make" in self.cons or second):
            out.append(A.A_DONE)
        return out

    def _act_make(self, s: int, t: int, _a: Any, ev: list[Event]) -> None:
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
        ev.append(event("decidido", "EP-D4.3", {"player": s, "step": "d4"}))

    def _d4_reveal(self, ev: list[Event]) -> None:
        made = {}
        for s in self._in_order():
            b = 3 * s
            for t in range(3):
                self.hand[b + t] += self.made[b + t]
            made[str(s)] = {"mp": self.made[b], "bc": self.made[b + 1], "sv": self.made[b + 2]}
            self.made[b:b + 3] = [0, 0, 0]
            self.rem[4 * s:4 * s + 4] = [0, 0, 0, 0]                       # EP-D4.8
        ev.append(event("fabricacion", "EP-D4.3", {"made": made}))
