"""District 5 (Market: buy, sell, exports), District 6 (Credit and subsidy) and District 7
(Innovation). Rules EP-D5.*, EP-TWO.1, EP-D6.*, EP-D7.*, EP-CARD.14, EP-CARD.16–19,
EP-CARD.23; gaps G10, G14–G17, G29–G32, G35, G40, G44.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.action import Action

from . import actions as A
from .common import IN_ORDER, NT, PROD, RES, SQ_D5, SQ_D6, Events, event, triple

DONE = A.A_DONE
BUY_A, BUY_CREDIT_A, IMPORT_A, BUY_SHOP_A = A.BUY_A, A.BUY_CREDIT_A, A.IMPORT_A, A.BUY_SHOP_A
SELL_D, SELL_E, SHOP_A = A.SELL_A[0], A.SELL_A[1], A.SHOP_A


class MarketMixin:
    """Mixed into ElplanGame."""

    # ----- subsidies (EP-D5.13, EP-D6.6, G32) ------------------------------------------------
    def _deposit(self, amount: int, ev: Events, rule: str) -> None:
        placed = []
        for _ in range(amount):
            q = min(range(3), key=lambda i: (self.subs[i], i))
            self.subs[q] += 1
            placed.append(q)
        self.subs_in += amount
        if ev is not None:
            ev.append(event("subsidio", rule, {"amount": amount, "squares": placed,
                                               "subsidies": list(self.subs)}))

    # ----- D5 (EP-D5.*) ------------------------------------------------------------------------
    def _d5_enter(self, ev: Events) -> None:
        for t in self.feed_t:                                             # EP-TWO.1, G40
            self.market[t] += 1
            if ev is not None:
                ev.append(event("alimentar", "EP-TWO.1", {"product": PROD[t],
                                                          "market": list(self.market)}))

    def _discount(self, s: int) -> int:
        return 1 if self.square[s] == SQ_D5 and not self.disc_used[s] else 0   # EP-D5.8

    def _d5buy_legal(self, s: int) -> list[Action]:
        bt = self.buy_t[s]
        must = "must_buy_missing" in self.cons
        missing = self.C.plans[self.plans[s]].missing if must else -1
        if bt >= 0:
            types: tuple[int, ...] = (bt,)
        elif must:
            types = (missing,)
        else:
            types = (0, 1, 2)
        money = self.idle[3 * s + 1]                                      # + _discount, inline:
        if self.square[s] == SQ_D5 and not self.disc_used[s]:             # EP-D5.8
            money += 1
        tut = self.tutorial
        credit = not tut and not self.credit[s] and self.credit_supply > 0    # _credit_ok
        buy = money >= self.price_m[s]
        imports = not tut and not self.no_imp[s] and money >= self.price_i[s]  # G42(e)
        shop_n = self.shop_n
        shop = shop_n >= 0 and self.idle[3 * s + 1] >= self.cat[shop_n - 2].price
        if not (buy or credit or imports or shop):
            return [DONE]                       # no way to get a Product: only listo
        market = self.market
        out: list[Action] = []
        for t in types:
            if market[t] > 0:
                if buy:
                    out.append(BUY_A[t])
                if credit:
                    out.append(BUY_CREDIT_A[t])
            elif imports:
                out.append(IMPORT_A[t])
            if shop:
                tienda = self.tienda
                for o in range(self.n):
                    if o != s and tienda[3 * o + t] > 0:
                        out.append(BUY_SHOP_A[t][o])
        if not (must and out and bt != missing):
            out.append(DONE)
        return out

    def _pay_product(self, s: int, price: int, ev_data: dict) -> None:
        disc = self._discount(s)
        if disc:
            self.disc_used[s] = 1
            ev_data["discount"] = disc
        self.idle[3 * s + 1] -= price - disc
        ev_data["paid"] = price - disc

    def _act_buy(self, s: int, t: int, _a: Any, ev: Events) -> None:
        data: dict[str, Any] = {"player": s, "product": PROD[t]}
        self._pay_product(s, self.price_m[s], data)
        self.market[t] -= 1
        self.hand[3 * s + t] += 1
        self.buy_t[s] = t
        if ev is not None:
            ev.append(event("comprar", "EP-D5.8" if "discount" in data else "EP-D5.3", data))

    def _act_buy_credit(self, s: int, t: int, _a: Any, ev: Events) -> None:
        self.credit[s] = 1
        self.credit_supply -= 1
        self.market[t] -= 1
        self.hand[3 * s + t] += 1
        self.buy_t[s] = t
        if ev is not None:
            ev.append(event("comprar-credito", "EP-D5.4", {"player": s, "product": PROD[t]}))

    def _act_import(self, s: int, t: int, _a: Any, ev: Events) -> None:
        data: dict[str, Any] = {"player": s, "product": PROD[t]}
        self._pay_product(s, self.price_i[s], data)
        self.hand[3 * s + t] += 1
        self.buy_t[s] = t
        if ev is not None:
            ev.append(event("importar", "EP-D5.8" if "discount" in data else "EP-D5.5", data))

    def _act_buy_shop(self, s: int, t: int, o: int, ev: Events) -> None:
        price = self.cat[self.shop_n - 2].price                          # G14: paid to the owner
        self.tienda[3 * o + t] -= 1
        self.hand[3 * s + t] += 1
        self.idle[3 * s + 1] -= price
        self.idle[3 * o + 1] += price
        self.buy_t[s] = t
        if ev is not None:
            ev.append(event("comprar-tienda", "EP-CARD.16", {"player": s, "owner": o,
                                                             "product": PROD[t], "paid": price}))
        self._tech_bonus(o, 1, ev)

    def _tech_bonus(self, s: int, sold: int, ev: Events) -> None:
        N = self.tech_n
        if N >= 0 and self.own[s * NT + N] and self._active(s, N):       # G15, EP-CARD.14
            g = self.cat[N - 2].gain
            for r in range(3):
                self.idle[3 * s + r] += g[r] * sold
            if ev is not None:
                ev.append(event("tecnico", "EP-CARD.14", {"player": s,
                                                          "gain": triple([x * sold for x in g])}))

    def _d5sell_legal(self, s: int) -> list[Action]:
        exactly_one = "sell_exactly_one" in self.cons
        if exactly_one and self.sold_n[s]:
            return []
        hand, b = self.hand, 3 * s
        if hand[b] <= 0 and hand[b + 1] <= 0 and hand[b + 2] <= 0:
            return [DONE]                                                 # nothing to sell
        st = self.sell_t[s]
        mode = self.sell_mode[s]
        N = self.shop_n
        shop = mode != 1 and N >= 0 and self.own[s * NT + N] and self._active(s, N)
        out: list[Action] = []
        for t in ((st,) if st >= 0 else (0, 1, 2)):
            if hand[b + t] <= 0:
                continue
            if mode != 2:
                out.append(SELL_D[t])
                out.append(SELL_E[t])
            if shop:
                out.append(SHOP_A[t])
        if not (exactly_one and out):
            out.append(DONE)
        return out

    def _act_sell(self, s: int, p: tuple[int, int], _a: Any, ev: Events) -> None:
        C = self.C
        t, r = p
        self.hand[3 * s + t] -= 1
        self.market[t] += 1
        gain = C.sale_amount + self.sbonus[s]                             # EP-D5.10, S18
        self.idle[3 * s + r] += gain
        self.sell_t[s] = t
        self.sell_mode[s] = 1
        self.sold_n[s] += 1
        if ev is not None:
            ev.append(event("vender", "EP-D5.10", {"player": s, "product": PROD[t],
                                                   "resource": RES[r], "gain": gain,
                                                   "bonus": self.sbonus[s]}))
        self._tech_bonus(s, 1, ev)
        self._export_check(t, ev)

    def _export_check(self, t: int, ev: Events) -> None:
        """EP-D5.12, G31: while 6 or more of a type lie in the market after a sale."""
        C = self.C
        while self.market[t] >= C.export_at:
            self.market[t] -= C.export_removes
            self.exports += 1
            if ev is not None:
                ev.append(event("exportar", "EP-D5.12", {"product": PROD[t],
                                                         "removed": C.export_removes,
                                                         "subsidy": self.exp_sub}))
            self._deposit(self.exp_sub, ev, "EP-D5.13")
            for s in IN_ORDER[self.n][self.mc]:
                for N, once in ((self.red_n, False), (self.rfid_n, True)):
                    if N < 0 or not self.own[s * NT + N] or not self._active(s, N):
                        continue
                    if once and self.rfid_paid:
                        continue
                    g = self.cat[N - 2].gain
                    for r in range(3):
                        self.idle[3 * s + r] += g[r]
                    if ev is not None:
                        ev.append(event("rfid" if once else "red",
                                        "EP-CARD.23" if once else "EP-CARD.19",
                                        {"player": s, "gain": triple(g)}))
            self.rfid_paid = True

    def _act_shop(self, s: int, t: int, _a: Any, ev: Events) -> None:
        self.hand[3 * s + t] -= 1
        self.tienda[3 * s + t] += 1
        self.sell_t[s] = t
        self.sell_mode[s] = 2
        if ev is not None:
            ev.append(event("ofertar", "EP-CARD.16", {"player": s, "product": PROD[t]}))

    # ----- D6 (EP-D6.*, G10, G16; simultaneous) ----------------------------------------------
    def _on_d6(self, s: int) -> int:
        C = self.C
        q = self.square[s]
        return C.squares[q].subsidy if q in SQ_D6 else -1

    def _blocked(self, s: int) -> bool:
        """Red de transporte limpio: no square Dinero while owned (EP-CARD.19, G16)."""
        N = self.red_n
        return N >= 0 and self.own[s * NT + N] == 1 and self.cat[N - 2].blocks_subsidy

    def _d6_money(self, s: int) -> int:
        """Idle Dinero the seat will hold once its subsidy is in (for repayment)."""
        C = self.C
        money = self.idle[3 * s + 1]
        q = self._on_d6(s)
        if q >= 0:
            if self.pick[s] == 1:
                money += C.subsidy_gain
            if not self._blocked(s):
                money += self.subs[q]
        return money

    def _repay_ok(self, s: int) -> bool:
        return self.repay_enabled and not self.tutorial and self.credit[s] == 1

    def _d6_enter(self, ev: Events) -> None:
        C = self.C
        pick, repay, done, need, square = self.pick, self.repay, self.done, self.need, \
            self.square
        repay_on = self.repay_enabled and not self.tutorial                # _repay_ok
        for s in range(self.n):
            pick[s], repay[s], done[s] = -1, 0, 0
            q = square[s]
            if q in SQ_D6:                                                # _on_d6
                need[s] = 1
            elif repay_on and self.credit[s] == 1:
                need[s] = int(self.idle[3 * s + 1] >= C.repay_cost)
            else:
                need[s] = 0

    def _d6_legal(self, s: int) -> list[Action]:
        C = self.C
        if self._on_d6(s) >= 0 and self.pick[s] < 0:
            return list(A.CHOOSE_A)
        out = []
        if self._repay_ok(s) and not self.repay[s] and self._d6_money(s) >= C.repay_cost:
            out.append(A.A_REPAY)
        out.append(A.A_DONE)
        return out

    def _d6_choose(self, s: int, r: int, ev: Events) -> None:
        self.pick[s] = r
        if ev is not None:
            ev.append(event("decidido", "EP-D6.2", {"player": s, "step": "d6"}))

    def _act_repay(self, s: int, _p: Any, _a: Any, ev: Events) -> None:
        self.repay[s] = 1
        if ev is not None:
            ev.append(event("decidido", "EP-D6.7", {"player": s, "step": "d6"}))

    def _d6_reveal(self, ev: Events) -> None:
        C = self.C
        out = {}
        for s in IN_ORDER[self.n][self.mc]:
            if not self.need[s]:
                continue
            rec: dict[str, Any] = {}
            q = self._on_d6(s)
            if q >= 0:
                r = self.pick[s]
                self.idle[3 * s + r] += C.subsidy_gain                     # EP-D6.2
                rec["resource"] = RES[r]
                money = self.subs[q]
                if self._blocked(s):                                       # EP-CARD.19
                    rec["blocked"] = money
                else:                                                      # EP-D6.3
                    self.idle[3 * s + 1] += money
                    self.subs[q] = 0
                    self.subs_out += money
                    rec["dinero"] = money
            if self.repay[s]:                                              # EP-D6.7, G10
                self.idle[3 * s + 1] -= C.repay_cost
                self.credit[s] = 0
                self.credit_supply += 1
                rec["repaid"] = True
            out[str(s)] = rec
            self.pick[s], self.repay[s] = -1, 0
        if ev is not None:
            ev.append(event("subsidios", "EP-D6.2", {"choices": out,
                                                     "subsidies": list(self.subs)}))

    # ----- D7 (EP-D7.*) ------------------------------------------------------------------------
    def _d7_enter(self, ev: Events) -> None:
        self._d7_hooks(ev)
        h = self.hand
        for s in self.order:
            b = 3 * s
            if h[b] and h[b + 1] and h[b + 2]:
                return
        self.cur = len(self.order)              # no one can innovate: every seat passed over

    def _d7_legal(self, s: int) -> list[Action]:
        b = 3 * s
        h = self.hand
        if h[b] and h[b + 1] and h[b + 2]:
            return [A.A_INNOVATE, A.A_DONE]
        return []

    def _act_innovate(self, s: int, _p: Any, _a: Any, ev: Events) -> None:
        b = 3 * s
        for t in range(3):
            self.hand[b + t] -= 1
        self.ideas[s] += 1
        if ev is not None:
            ev.append(event("innovar", "EP-D7.1", {"player": s, "ideas": self._ideas_total(s)}))
