"""Money changing hands (SOM-7.x, 14.x, 18.4–18.5): the tax payers' queue, a payment disk by
disk, change from Hisenda or a player, overpaying, and Hisenda's payouts."""

from __future__ import annotations

from .chance import SAME_AS_LIBRARY as _INLINE_DRAWS
from .chance import take_disk, take_two_disks
from .common import (
    _N2,
    ONES,
    PH_CHANGE,
    PH_PAY,
    PH_ROLL,
    RET_GIVEBACK,
    RET_RECEPTA,
    RET_SUCESIONES,
    RET_TAX,
    TYPE_CODES,
    VAL,
    Events,
    T,
    event,
)


class PaymentsMixin:
    """Taxes, payments with change, and Hisenda paying out."""

    __slots__ = ()

    # ----- phase 1: taxation (SOM-7.x, 18.4–18.5) -----------------------------------------
    def _next_tax(self, ev: Events) -> None:
        """The next payers in the queue pay; stops at a choice, at the roll or at the end.
        (A loop where ``_after_payment`` would come back here for each payer.) When types
        have no effect, a tax that needs no change and leaves no choice is paid here, disk by
        disk as ``_pay_run`` would pay it; anything else goes through ``_pay_run``."""
        queue, h = self.tax_queue, self.hold
        H, gh, C = self.H, self.gh, self.K.C
        if self.solo:                                                 # SOM-18.4, 18.5
            due_g, rule_g = (C.tax_solo_atc, "SOM-18.5") if self.atc_active else \
                (C.tax_solo, "SOM-18.4")
            due_o, payee_o, rule_o = due_g, H, rule_g
        elif self.atc_active:                                         # SOM-7.5, 7.6
            due_g, rule_g = C.tax_atc_gh, "SOM-7.6"
            due_o, payee_o, rule_o = C.tax_atc_citizen, gh, "SOM-7.5"
        else:                                                         # SOM-7.1, 7.2
            due_g, rule_g = C.tax_citizen + C.tax_solidarity, "SOM-7.2"
            due_o, payee_o, rule_o = C.tax_citizen, H, "SOM-7.1"
        quick = not self.types_matter
        o = H * T
        getrandbits = None                      # the game generator's, once first needed
        qo = payee_o * T                        # q: the payee's first index less the payer's
        while queue:
            p = queue.pop(0)
            b = p * T
            if p == gh:
                due, payee, rule, q = due_g, H, rule_g, o - b
            else:
                due, payee, rule, q = due_o, payee_o, rule_o, qo - b
            if quick and due == 1:
                # 1 € with types of no effect (_pay_run's choice-free cases): the first 1 €
                # type held; with none, a 2 € disk changed by Hisenda first (SOM-14.4)
                i = b + 5 if h[b + 5] else b + 6 if h[b + 6] else b + 7 if h[b + 7] else \
                    b + 8 if h[b + 8] else b + 9 if h[b + 9] else -1
                if i < 0:
                    j = b if h[b] else b + 1 if h[b + 1] else b + 2 if h[b + 2] else \
                        b + 3 if h[b + 3] else b + 4 if h[b + 4] else -1
                    if j < 0 or h[o + 5] + h[o + 6] + h[o + 7] + h[o + 8] + h[o + 9] < 2:
                        pass                      # no disk (SOM-7.9), or change by a player
                    else:
                        h[j] -= 1                 # _pay_with's change by Hisenda, inline
                        h[o + j - b] += 1
                        if ev is None and _INLINE_DRAWS:   # _hisenda_ones(p), inline
                            if getrandbits is None:
                                getrandbits = self.rng._own().getrandbits
                            g1, g2 = take_two_disks(h, o + _N2, getrandbits)
                            g1 -= o
                            g2 -= o
                            h[b + g1] += 1
                            h[b + g2] += 1
                            i = b + (g1 if g1 < g2 else g2)
                        else:
                            got = self._hisenda_ones(p)
                            if ev is not None:
                                ev.append(event("cambio", "SOM-14.4", {
                                    "player": p, "giver": None, "disk": TYPE_CODES[j - b],
                                    "received": [TYPE_CODES[g] for g in got]}))
                            i = b + min(got)
                if i >= 0:
                    self.pay_rule, self.pay_reason = rule, "impuesto"  # (pay_ret: RET_TAX)
                    h[i] -= 1                                         # _pay_disk, inline
                    h[q + i] += 1
                    if ev is not None:
                        who = None if payee == H else payee
                        ev.append(event("pago", rule, {
                            "player": p, "to": who, "disk": TYPE_CODES[i - b], "value": 1,
                            "due": 0, "reason": "impuesto", "amount": -1,
                            "counterpart": who}))
                    continue
            twos = h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]
            ones = h[b + 5] + h[b + 6] + h[b + 7] + h[b + 8] + h[b + 9]
            if 2 * twos + ones < due:                                     # SOM-7.9
                if ev is not None:
                    ev.append(event("intervencion", "SOM-4.3", {"player": p, "due": due,
                                                                "value": 2 * twos + ones}))
                self._finish("intervencion", ev, failed=p)
                return
            self.pay_rule, self.pay_reason = rule, "impuesto"          # (pay_ret: RET_TAX)
            if quick and due == 2 and (ones < 2) == (twos > 0):
                # 2 € and either a 2 € disk but not two 1 € ones, or two 1 € disks but no
                # 2 € one: the first type held of that value, disk by disk (as _pay_run)
                i = b if twos else b + _N2
                while due > 0:
                    while not h[i]:
                        i += 1
                    h[i] -= 1
                    h[q + i] += 1
                    v = VAL[i - b]
                    due -= v
                    if ev is not None:
                        who = None if payee == H else payee
                        ev.append(event("pago", rule, {
                            "player": p, "to": who, "disk": TYPE_CODES[i - b], "value": v,
                            "due": due, "reason": "impuesto", "amount": -v,
                            "counterpart": who}))
                continue
            self.pay_payer, self.pay_payee, self.pay_due = p, payee, due  # _start_payment
            self.pay_ret = RET_TAX
            if not self._pay_run(ev):
                return                                 # a choice to make
            self.pay_payer = self.pay_payee = -1       # _after_payment of a tax
            self.pay_due = 0
        self.stage = 2
        self.phase, self.actor = PH_ROLL, self.gh                         # SOM-7.11

    # ----- payments and change (SOM-14.x) -------------------------------------------------
    def _start_payment(self, payer: int, payee: int, due: int, rule: str, ret: int,
                       reason: str, ev: Events) -> None:
        self.pay_payer, self.pay_payee, self.pay_due = payer, payee, due
        self.pay_rule, self.pay_ret, self.pay_reason = rule, ret, reason
        self._pay_continue(ev)

    def _pay_options(self) -> list[int]:
        """Types the payer may pay with now (a 2 € type when 1 € is due and he holds no
        1 € disk means: split it, SOM-14.3). When he can pay the sum exactly, only disks
        that keep an exact payment possible are offered (SOM-14.1, 14.3: no change by
        choice, e.g. 1 € first and then splitting a 2 € disk for a 2 € tax)."""
        p = self.pay_payer
        return self._pay_options_of(p, self.pay_due, self.count(p, 2), self.count(p, 1))

    def _pay_options_of(self, p: int, due: int, twos: int, ones: int) -> list[int]:
        """``_pay_options`` for payer ``p`` holding ``twos`` 2 € and ``ones`` 1 € disks."""
        kinds = self._types(p)
        # exact(x, a, b): a 2 € and b 1 € disks make x  ⇔  x − 2·min(a, x // 2) ≤ b
        if due - 2 * min(twos, due // 2) > ones:
            return kinds
        out = []
        for t in kinds:
            v = VAL[t]
            if v <= due:
                x = due - v
                if v == 2:
                    if x - 2 * min(twos - 1, x // 2) <= ones:
                        out.append(t)
                elif x - 2 * min(twos, x // 2) <= ones - 1:
                    out.append(t)
        return out

    def _pay_continue(self, ev: Events) -> None:
        """Pay on automatically while the choice does not matter; stop at a real choice."""
        if self._pay_run(ev):
            self._after_payment(ev)

    def _pay_run(self, ev: Events) -> bool:
        """``_pay_continue`` up to the payment's end: True when it is paid (the caller goes
        on as ``_after_payment`` would), False when a payer or change giver must choose."""
        h = self.hold
        p = self.pay_payer
        b = p * T
        while True:
            due = self.pay_due
            if due <= 0:
                return True
            twos = h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]
            ones = h[b + 5] + h[b + 6] + h[b + 7] + h[b + 8] + h[b + 9]
            if 2 * twos + ones == due:                 # everything goes: no choice to make
                for t in range(T):
                    while h[b + t]:
                        self._pay_disk(t, ev)
                continue
            if not self.types_matter:
                # what _pay_options_of offers then (one type of each value held): only the
                # first 1 € type held, or only the first 2 € one (paid whole, or split)
                if (due == 1 and ones) or (due == 2 and not twos and ones >= 2):
                    t = _N2
                elif (due == 2 and twos and ones < 2) or (due == 1 and twos):
                    t = 0
                elif due == 2 and twos and ones >= 2:  # both values keep it exact: choose
                    self.phase, self.actor = PH_PAY, p
                    return False
                else:
                    t = -1
                if t >= 0:
                    while not h[b + t]:
                        t += 1
                    v = VAL[t]
                    if v > due:                        # a 2 € disk for 1 €: change
                        if self._pay_with(t, ev):
                            return False               # a change giver must choose
                        continue
                    h[b + t] -= 1                      # _pay_disk, inline
                    q = self.pay_payee
                    h[q * T + t] += 1
                    self.pay_due = due = due - v
                    who = None if q == self.H else q
                    if ev is not None:
                        ev.append(event("pago", self.pay_rule, {
                            "player": p, "to": who, "disk": TYPE_CODES[t], "value": v,
                            "due": due, "reason": self.pay_reason, "amount": -v,
                            "counterpart": who}))
                    continue
            opts = self._pay_options_of(p, due, twos, ones)
            if len(opts) == 1:
                t = opts[0]
                if VAL[t] <= due:                      # _pay_with's plain case, inline
                    self._pay_disk(t, ev)
                elif self._pay_with(t, ev):
                    return False                       # a change giver must choose
                continue
            self.phase, self.actor = PH_PAY, p
            return False

    def _pay_disk(self, t: int, ev: Events) -> None:
        p, q = self.pay_payer, self.pay_payee
        h = self.hold
        h[p * T + t] -= 1
        h[q * T + t] += 1
        v = VAL[t]
        self.pay_due -= v
        who = None if q == self.H else q
        if ev is not None:
            ev.append(event("pago", self.pay_rule, {
                "player": p, "to": who, "disk": TYPE_CODES[t], "value": v,
                "due": self.pay_due, "reason": self.pay_reason, "amount": -v,
                "counterpart": who}))

    def _pay_with(self, t: int, ev: Events) -> bool:
        """Pay with a disk of type ``t``; True when a change giver must now choose."""
        if VAL[t] <= self.pay_due:                                        # SOM-14.1
            self._pay_disk(t, ev)
            return False
        p, H, h = self.pay_payer, self.H, self.hold  # a 2 € disk for 1 € due: change
        b = H * T + _N2
        if h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4] >= 2:        # SOM-14.4: Hisenda
            h[p * T + t] -= 1                                             # _move, inline
            h[H * T + t] += 1
            got = self._hisenda_ones(p)
            if ev is not None:
                ev.append(event("cambio", "SOM-14.4", {"player": p, "giver": None,
                                                       "disk": TYPE_CODES[t],
                                                       "received": [TYPE_CODES[g] for g in got]}))
            return False
        giver = self._change_giver(p)
        if giver >= 0:
            self.chg_giver, self.chg_disk, self.chg_got = giver, t, []
            return self._change_continue(ev)
        self._move(t, p, self.pay_payee)                                  # SOM-14.5: overpay
        self.pay_due = 0
        if ev is not None:
            ev.append(event("sobrepago", "SOM-14.5", {
                "player": p, "to": self._who(self.pay_payee), "disk": TYPE_CODES[t],
                "value": VAL[t], "reason": self.pay_reason, "amount": -VAL[t],
                "counterpart": self._who(self.pay_payee)}))
        return False

    def _hisenda_ones(self, to: int) -> list[int]:
        """Hisenda gives ``to`` two 1 € disks as change (it holds two): ``_draw(H, 1)``
        twice, written out (the same draws). Returns their types."""
        H, h = self.H, self.hold
        o = H * T
        first = o + _N2
        if not _INLINE_DRAWS:
            got = [self._draw(H, 1), self._draw(H, 1)]
        else:
            g1, g2 = take_two_disks(h, first, self.rng._own().getrandbits)
            got = [g1 - o, g2 - o]
        b = to * T
        for g in got:
            h[b + g] += 1
        return got

    def _change_giver(self, payer: int) -> int:
        gh, n = self.gh, self.n
        if gh != payer and self.count(gh, 1) >= 2:                        # SOM-14.4
            return gh
        for i in range(1, n):
            s = (payer + i) % n
            if self.count(s, 1) >= 2:
                return s
        return -1

    def _change_continue(self, ev: Events) -> bool:
        """The giver hands over two 1 € disks (choosing their types when that matters);
        True when he must choose now."""
        g, p = self.chg_giver, self.pay_payer
        while len(self.chg_got) < 2:
            opts = self._types(g, ONES)
            if len(opts) > 1 and self.count(g, 1) > 2 - len(self.chg_got):
                self._set(PH_CHANGE, g)
                return True
            self._move(opts[0], g, p)
            self.chg_got.append(opts[0])
        self._move(self.chg_disk, p, g)
        if ev is not None:
            ev.append(event("cambio", "SOM-14.4", {
                "player": p, "giver": g, "disk": TYPE_CODES[self.chg_disk],
                "received": [TYPE_CODES[x] for x in self.chg_got]}))
        self.chg_giver, self.chg_disk, self.chg_got = -1, -1, []
        return False

    def _after_payment(self, ev: Events) -> None:
        ret = self.pay_ret
        self.pay_payer = self.pay_payee = -1
        self.pay_due = 0
        if ret == RET_TAX:
            self._next_tax(ev)
        elif ret == RET_RECEPTA:
            self._cobro_continue(ev)
        elif ret == RET_SUCESIONES:
            self._end_levy(ev)
        elif ret == RET_GIVEBACK:
            self._flag_step(ev)
        else:
            self._start_declare(ev)

    def _hisenda_pays(self, to: int, amount: int) -> tuple[list[int], bool]:
        """Hisenda pays ``amount`` (its value is enough): 2 € disks first, then 1 €, random
        types (SOM-14.7, 14.8). Returns the types and whether it paid 1 € too much (14.9)."""
        H, h = self.H, self.hold
        b = H * T
        twos = h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]
        k2 = amount // 2
        if k2 > twos:
            k2 = twos                          # min(2 € disks held, amount // 2)
        rest = amount - 2 * k2
        over = rest > h[b + 5] + h[b + 6] + h[b + 7] + h[b + 8] + h[b + 9]
        if over:
            k2, rest = k2 + 1, 0
        got: list[int] = []
        getrandbits = self.rng._own().getrandbits if _INLINE_DRAWS else None
        if not rest and 0 < k2 <= twos and getrandbits is not None:
            q = to * T - b                     # 2 € disks only (the die's 4 and 2), inline
            if k2 == 2:
                i, j = take_two_disks(h, b, getrandbits)
                h[q + i] += 1
                h[q + j] += 1
                return [i - b, j - b], over
            if k2 == 1:
                i = take_disk(h, b, getrandbits)
                h[q + i] += 1
                return [i - b], over
        for first, k in ((b, k2), (b + _N2, rest)):
            for _ in range(k):                 # _draw(H, value) k times, written out
                if getrandbits is None or not (h[first] + h[first + 1] + h[first + 2]
                                               + h[first + 3] + h[first + 4]):
                    t = self._draw(H, VAL[first - b])
                else:
                    t = take_disk(h, first, getrandbits) - b
                got.append(t)
                h[to * T + t] += 1
        return got, over
