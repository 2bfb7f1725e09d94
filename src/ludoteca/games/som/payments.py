"""Money changing hands (SOM-7.x, 14.x, 18.4–18.5): the tax payers' queue, a payment disk by
disk, change from Hisenda or a player, overpaying, and Hisenda's payouts."""

from __future__ import annotations

from ludoteca.core.events import Event

from .common import (
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
    C,
    T,
)


class PaymentsMixin:
    """Taxes, payments with change, and Hisenda paying out."""

    __slots__ = ()

    # ----- phase 1: taxation (SOM-7.x, 18.4–18.5) -----------------------------------------
    def _next_tax(self, ev: list[Event]) -> None:
        if not self.tax_queue:
            self.stage = 2
            self._set(PH_ROLL, self.gh)                                   # SOM-7.11
            return
        p = self.tax_queue.pop(0)
        H, atc = self.H, self.atc_active
        if self.solo:
            due, payee, rule = (C.tax_solo_atc, H, "SOM-18.5") if atc else \
                (C.tax_solo, H, "SOM-18.4")
        elif p == self.gh:
            due, payee, rule = (C.tax_atc_gh, H, "SOM-7.6") if atc else \
                (C.tax_citizen + C.tax_solidarity, H, "SOM-7.2")
        else:
            due, payee, rule = (C.tax_atc_citizen, self.gh, "SOM-7.5") if atc else \
                (C.tax_citizen, H, "SOM-7.1")
        v = self.value(p)
        if v < due:                                                       # SOM-7.9
            ev.append(Event("intervencion", "SOM-4.3", {"player": p, "due": due, "value": v}))
            self._finish("intervencion", ev, failed=p)
            return
        self._start_payment(p, payee, due, rule, RET_TAX, "impuesto", ev)

    # ----- payments and change (SOM-14.x) -------------------------------------------------
    def _start_payment(self, payer: int, payee: int, due: int, rule: str, ret: int,
                       reason: str, ev: list[Event]) -> None:
        self.pay_payer, self.pay_payee, self.pay_due = payer, payee, due
        self.pay_rule, self.pay_ret, self.pay_reason = rule, ret, reason
        self._pay_continue(ev)

    def _pay_options(self) -> list[int]:
        """Types the payer may pay with now (a 2 € type when 1 € is due and he holds no
        1 € disk means: split it, SOM-14.3). When he can pay the sum exactly, only disks
        that keep an exact payment possible are offered (SOM-14.1, 14.3: no change by
        choice, e.g. 1 € first and then splitting a 2 € disk for a 2 € tax)."""
        p, due = self.pay_payer, self.pay_due
        kinds = self._types(p)
        twos, ones = self.count(p, 2), self.count(p, 1)

        def exact(x: int, a: int, b: int) -> bool:      # a 2 € and b 1 € disks make x
            return x - 2 * min(a, x // 2) <= b

        if exact(due, twos, ones):
            return [t for t in kinds if VAL[t] <= due and
                    exact(due - VAL[t], twos - (VAL[t] == 2), ones - (VAL[t] == 1))]
        return kinds

    def _pay_continue(self, ev: list[Event]) -> None:
        """Pay on automatically while the choice does not matter; stop at a real choice."""
        while True:
            if self.pay_due <= 0:
                self._after_payment(ev)
                return
            p = self.pay_payer
            if self.value(p) == self.pay_due:          # everything goes: no choice to make
                b = p * T
                for t in range(T):
                    while self.hold[b + t]:
                        self._pay_disk(t, ev)
                continue
            opts = self._pay_options()
            if len(opts) == 1:
                if self._pay_with(opts[0], ev):
                    return                             # a change giver must choose
                continue
            self._set(PH_PAY, p)
            return

    def _pay_disk(self, t: int, ev: list[Event]) -> None:
        p, q = self.pay_payer, self.pay_payee
        self._move(t, p, q)
        self.pay_due -= VAL[t]
        ev.append(Event("pago", self.pay_rule, {
            "player": p, "to": self._who(q), "disk": TYPE_CODES[t], "value": VAL[t],
            "due": self.pay_due, "reason": self.pay_reason, "amount": -VAL[t],
            "counterpart": self._who(q)}))

    def _pay_with(self, t: int, ev: list[Event]) -> bool:
        """Pay with a disk of type ``t``; True when a change giver must now choose."""
        if VAL[t] <= self.pay_due:                                        # SOM-14.1
            self._pay_disk(t, ev)
            return False
        p, H = self.pay_payer, self.H                # a 2 € disk for 1 € due: change
        if self.count(H, 1) >= 2:                                         # SOM-14.4: Hisenda
            self._move(t, p, H)
            got = [self._draw(H, 1), self._draw(H, 1)]
            for g in got:
                self.hold[p * T + g] += 1
            ev.append(Event("cambio", "SOM-14.4", {"player": p, "giver": None,
                                                   "disk": TYPE_CODES[t],
                                                   "received": [TYPE_CODES[g] for g in got]}))
            return False
        giver = self._change_giver(p)
        if giver >= 0:
            self.chg_giver, self.chg_disk, self.chg_got = giver, t, []
            return self._change_continue(ev)
        self._move(t, p, self.pay_payee)                                  # SOM-14.5: overpay
        self.pay_due = 0
        ev.append(Event("sobrepago", "SOM-14.5", {
            "player": p, "to": self._who(self.pay_payee), "disk": TYPE_CODES[t], "value": VAL[t],
            "reason": self.pay_reason, "amount": -VAL[t],
            "counterpart": self._who(self.pay_payee)}))
        return False

    def _change_giver(self, payer: int) -> int:
        gh, n = self.gh, self.n
        if gh != payer and self.count(gh, 1) >= 2:                        # SOM-14.4
            return gh
        for i in range(1, n):
            s = (payer + i) % n
            if self.count(s, 1) >= 2:
                return s
        return -1

    def _change_continue(self, ev: list[Event]) -> bool:
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
        ev.append(Event("cambio", "SOM-14.4", {"player": p, "giver": g,
                                               "disk": TYPE_CODES[self.chg_disk],
                                               "received": [TYPE_CODES[x] for x in self.chg_got]}))
        self.chg_giver, self.chg_disk, self.chg_got = -1, -1, []
        return False

    def _after_payment(self, ev: list[Event]) -> None:
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
        H = self.H
        k2 = min(self.count(H, 2), amount // 2)
        rest = amount - 2 * k2
        over = rest > self.count(H, 1)
        if over:
            k2, rest = k2 + 1, 0
        got = [self._draw(H, 2) for _ in range(k2)] + [self._draw(H, 1) for _ in range(rest)]
        b = to * T
        for t in got:
            self.hold[b + t] += 1
        return got, over
