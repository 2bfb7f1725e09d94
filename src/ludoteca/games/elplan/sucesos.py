"""District 1, the events (EP-D1.*, EP-DECK.5, EP-CARD.3, EP-CARD.15; G6–G8, G19) and the
events' later hooks (``period`` modifiers, ``D5_sell``, ``D7_start``).

An event's ``board`` operations always act; its ``player`` operations hit the affected seats:
everyone except a seat that ignores it from a D1 square, or is shielded by an active Analista
de riesgos (negative: always; neutral: unless it opts in). The exemption covers the whole event
for the Period (G8). Choices (which resource to give or take, which product to discard) are
made seat by seat in Momento Cero order; a choice with one option is made automatically.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.action import Action

from . import actions as A
from .common import (
    IN_ORDER,
    K_DISCARD,
    K_RETURN,
    K_TAKE,
    NT,
    RES,
    SQ_D1,
    Events,
    event,
    ptriple,
    triple,
)


class SucesosMixin:
    """Mixed into ElplanGame."""

    def _event(self):
        C = self.C
        return C.events[self.ev_cur]

    # ----- reveal and exemptions -------------------------------------------------------------
    def _d1_enter(self, ev: Events) -> None:
        C = self.C
        self.ev_cur = self.ev_fd.pop()                                    # EP-D1.1, EP-DECK.5
        e = C.events[self.ev_cur]
        if ev is not None:
            ev.append(event("suceso", "EP-D1.1", {"event": e.id, "number": e.number,
                                                  "category": e.category, "hook": e.hook,
                                                  "face_down": len(self.ev_fd)}))
        asked = []
        if self.ev_player_op[self.ev_cur]:                                # e.has_player_op
            N, own = self.shield_n, self.own
            for s in self.order:
                on_square = self.square[s] in SQ_D1
                shield = N >= 0 and own[s * NT + N] and self._active(s, N)
                if shield and e.category == "negative":                   # G19
                    self.affected[s] = 0
                    if ev is not None:
                        ev.append(event("exencion", "EP-CARD.15", {"player": s, "ignores": True,
                                                                   "by": "analista"}))
                elif on_square or (shield and e.category == "neutral"):
                    self.ask[s] = 2                                       # EP-D1.4–6, EP-CARD.15
                    asked.append(s)
        self.order = asked

    def _act_exempt(self, s: int, accept: int, _a: Any, ev: Events) -> None:
        self.ask[s] = accept
        self.affected[s] = accept
        on_square = self.square[s] in SQ_D1
        rule = ("EP-D1.5" if self.n >= 5 else "EP-D1.4") if on_square else "EP-CARD.15"
        if ev is not None:
            ev.append(event("exencion", rule, {"player": s, "ignores": not accept,
                                               "by": "casilla" if on_square else "analista"}))

    def _d1_leave_exemptions(self, ev: Events) -> None:
        C = self.C
        self.d1_op = 0
        self.cq, self.ck = [], []
        e = C.events[self.ev_cur]
        if e.hook == "D7_start":                                          # EP-D1.7: later
            self.d1_op = len(e.effects)
            if ev is not None:
                ev.append(event("suceso-pendiente", "EP-D1.7", {"event": e.id, "hook": e.hook,
                                                                "affected": self._affected()}))
            return
        self._d1_continue(ev)

    def _affected(self) -> list[int]:
        return [s for s in IN_ORDER[self.n][self.mc] if self.affected[s]]

    def _d1_continue(self, ev: Events) -> bool:
        """Apply the event's operations in order until one needs choices; True when a round of
        choices was queued (``cq``/``ck``)."""
        C = self.C
        e = C.events[self.ev_cur]
        while self.d1_op < len(e.effects):
            op = e.effects[self.d1_op]
            self.d1_op += 1
            if op.choice:
                self._queue_choices(op, ev)
                if self.cq:
                    return True
            else:
                self._apply_op(op, ev)
        return False

    def _apply_op(self, op, ev: Events) -> None:
        """One event operation without choices (content.toml ``op`` vocabulary)."""
        C = self.C
        e = C.events[self.ev_cur]
        who = self._affected() if op.scope == "player" else []
        rule = "EP-D1.2"
        name = op.op
        if name == "gain":
            for s in who:
                for r in range(3):
                    self.idle[3 * s + r] += op.gain[r]
            if ev is not None:
                ev.append(event("suceso-gana", rule, {"event": e.id, "players": who,
                                                      "gain": triple(op.gain)}))
        elif name == "pay_idle":
            paid = {}
            for s in who:
                i = 3 * s + op.resource
                x = min(op.amount, self.idle[i])
                self.idle[i] -= x
                paid[str(s)] = x
            if ev is not None:
                ev.append(event("suceso-paga", rule, {"event": e.id, "resource": RES[op.resource],
                                                      "paid": paid}))
        elif name == "reset_idle":                                        # G6, EP-CARD.3
            returned = {}
            for s in who:
                returned[str(s)] = triple(self.idle[3 * s:3 * s + 3])
                self.idle[3 * s:3 * s + 3] = list(op.gain)
            if ev is not None:
                ev.append(event("suceso-cierre", "EP-CARD.3", {"event": e.id, "players": who,
                                                               "returned": returned,
                                                               "gain": triple(op.gain)}))
        elif name == "subsidy":
            self._deposit(op.amount, ev, "EP-D6.6")
        elif name == "set_price":
            for s in who:
                if op.what == "market":
                    self.price_m[s] = op.price
                else:
                    self.price_i[s] = op.price
            if ev is not None:
                ev.append(event("suceso-precio", "EP-D1.7", {"event": e.id, "players": who,
                                                             "what": op.what, "price": op.price}))
        elif name == "no_imports":
            for s in who:
                self.no_imp[s] = 1
            if ev is not None:
                ev.append(event("suceso-sin-importar", "EP-D1.7", {"event": e.id, "players": who}))
        elif name == "export_subsidy":
            self.exp_sub = op.amount
            if ev is not None:
                ev.append(event("suceso-exportacion", "EP-D1.7", {"event": e.id,
                                                                  "amount": op.amount}))
        elif name == "market_trim":
            removed = [1 if self.market[t] > 0 else 0 for t in range(3)]
            for t in range(3):
                self.market[t] -= removed[t]
            if ev is not None:
                ev.append(event("suceso-mercado", rule, {"event": e.id,
                                                         "removed": ptriple(removed)}))
        elif name == "sale_bonus":
            for s in who:
                self.sbonus[s] = op.amount
            if ev is not None:
                ev.append(event("suceso-venta", "EP-D1.7", {"event": e.id, "players": who,
                                                            "amount": op.amount}))
        elif name == "pay_to_subsidy":
            payers = [s for s in who if self.idle[3 * s + op.resource] >= op.min_idle]
            for s in payers:
                self.idle[3 * s + op.resource] -= op.amount
            if ev is not None:
                ev.append(event("suceso-impuesto", rule, {"event": e.id, "players": payers,
                                                          "amount": op.amount}))
            if payers:
                self._deposit(op.amount * len(payers), ev, "EP-D6.6")
        elif name == "gain_if_no_ideas":
            got = [s for s in who if self._ideas_total(s) == 0]
            for s in got:
                for r in range(3):
                    self.idle[3 * s + r] += op.gain[r]
            if ev is not None:
                ev.append(event("suceso-gana", "EP-D1.7", {"event": e.id, "players": got,
                                                           "gain": triple(op.gain)}))
        else:                                                             # none
            if ev is not None:
                ev.append(event("suceso-nada", rule, {"event": e.id}))

    def _ideas_total(self, s: int) -> int:
        b = s * NT * 3
        return self.ideas[s] + self.sp[b:b + NT * 3].count(3)

    # ----- choices ---------------------------------------------------------------------------
    def _queue_choices(self, op, ev: Events) -> None:
        C = self.C
        e = C.events[self.ev_cur]
        who = self._affected()
        items: list[tuple[int, int]] = []
        if op.op == "redistribute":                                       # our choice 7
            counts = [sum(self.idle[3 * s:3 * s + 3]) for s in range(self.n)]
            hi, lo = max(counts), min(counts)
            if hi != lo:
                for s in who:
                    if counts[s] == hi:
                        items.append((s, K_RETURN))
                    elif counts[s] == lo:
                        items.append((s, K_TAKE))
            if ev is not None:
                ev.append(event("suceso-redistribucion", "EP-D1.2", {
                    "event": e.id, "most": [s for s, k in items if k == K_RETURN],
                    "fewest": [s for s, k in items if k == K_TAKE]}))
        elif op.op == "pay_idle_choice":
            for s in who:
                if (op.cond != "has_active_investment" or self._active_investments(s)) and \
                        sum(self.idle[3 * s:3 * s + 3]):
                    items.append((s, K_RETURN))
        elif op.op == "discard_product":
            for s in who:
                if sum(self.hand[3 * s:3 * s + 3]) >= op.min:
                    items.append((s, K_DISCARD))
        self.cq, self.ck = [], []
        for s, kind in items:
            options = self._choice_options(s, kind)
            if len(options) == 1:                                         # auto (one option)
                self._resolve_choice(s, kind, options[0], ev, auto=True)
            elif options:
                self.cq.append(s)
                self.ck.append(kind)

    def _choice_options(self, s: int, kind: int) -> list[int]:
        if kind == K_RETURN:
            return [r for r in range(3) if self.idle[3 * s + r] > 0]
        if kind == K_TAKE:
            return [0, 1, 2]
        return [t for t in range(3) if self.hand[3 * s + t] > 0]

    def _d1c_legal(self, s: int) -> list[Action]:
        if self.cur >= len(self.ck):
            return []
        kind = self.ck[self.cur]
        opts = self._choice_options(s, kind)
        if kind == K_DISCARD:
            return [A.DISCARD_A[t] for t in opts]
        return [A.CHOOSE_A[r] for r in opts]

    def _resolve_choice(self, s: int, kind: int, x: int, ev: Events, auto: bool = False
                        ) -> None:
        C = self.C
        e = C.events[self.ev_cur]
        if kind == K_RETURN:
            self.idle[3 * s + x] -= 1
            if ev is not None:
                ev.append(event("suceso-devuelve", "EP-D1.2", {"event": e.id, "player": s,
                                                              "resource": RES[x], "auto": auto}))
        elif kind == K_TAKE:
            self.idle[3 * s + x] += 1
            if ev is not None:
                ev.append(event("suceso-recibe", "EP-D1.2", {"event": e.id, "player": s,
                                                            "resource": RES[x], "auto": auto}))
        else:
            self.hand[3 * s + x] -= 1
            if ev is not None:
                ev.append(event("suceso-descarta", "EP-D1.2", {"event": e.id, "player": s,
                                                              "product": ("mp", "bc", "sv")[x],
                                                              "auto": auto}))

    def _d1_choose(self, s: int, r: int, ev: Events) -> None:
        self._resolve_choice(s, self.ck[self.cur], r, ev)
        self.cur += 1

    def _act_discard(self, s: int, t: int, _a: Any, ev: Events) -> None:
        self._resolve_choice(s, K_DISCARD, t, ev)
        self.cur += 1

    # ----- D7 start hook (EP-D1.7) -----------------------------------------------------------
    def _d7_hooks(self, ev: Events) -> None:
        C = self.C
        if self.ev_cur < 0:
            return
        e = C.events[self.ev_cur]
        if e.hook != "D7_start":
            return
        for op in e.effects:
            if not op.choice:
                self._apply_op(op, ev)
