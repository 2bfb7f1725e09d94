"""A fitted «Som el que decidim!» evaluation for four players (issue 20 item 3): the value of
seat ``i`` is P(the game ends with a winner) × P(``i`` wins | it does), each a logistic
regression on public features of the position, fitted on 8,000 games of greedy self-play (a
tenth of the moves random) by ``bench/fit_som_eval.py``, which reproduces these weights.
:mod:`.eval_som` uses it with four players only: with ``mcts:iterations=2500,tie=0.005`` it
won 12.2 % of 200 games against 6.4 % for each greedy seat
(``bench/strength/som_4p_greedy_2500_fit.jsonl``).

P(a winner): the urna cards found and the chance the rest come before every Spain card
still face down, the least money left after the next tax and the two next, the players'
money, Hisenda's, ATC (face up or active), the face-down, economic-capacity and Catalonia
cards. P(``i`` wins): its lead in participation disks (steeper with 2 or 3 urna cards found,
and on the last phase), whether it holds the Generalitat or holds it next, its money against
the others', its disks and CN's; disks count 0.2 more once 2 urna cards are found.
"""

from __future__ import annotations

import math
from itertools import compress

from .som_solo import _names

#: players -> weights of P(a winner): constant, urna, clean, t1, t2, money, Hisenda, ATC,
#: ATC active, face down, Spain face down, economic capacity face down, Catalonia face up,
#: t1 × ATC, urna × ATC, money × ATC
WIN_WEIGHTS: dict[int, tuple[float, ...]] = {
    4: (6.543, 0.2025, 0.272, 0.093, 0.035, -0.0206, -0.2043, 1.9495, 0.0047, -0.0681,
        -0.612, 0.088, -0.0889, 0.0596, -0.3062, -0.0222),
}
#: players -> weights of P(seat wins | a winner): constant, lead, lead × 3 urna, lead × 3 urna
#: × stage 4, GH before phase 4 × 3 urna, GH in phase 4 × 3 urna, next GH × 3 urna, GH before
#: phase 4, GH in phase 4, next GH, money against the others', disks, CN's disks, lead × 2 urna
SEAT_WEIGHTS: dict[int, tuple[float, ...]] = {
    4: (-0.9782, 0.0078, 0.0298, 0.0519, 0.4609, 0.135, 0.2037, -0.0751, -0.1941, 0.2425,
        0.0963, 0.1398, 0.0336, -0.0021),
}
#: what a participation disk adds to a seat's log-odds once 2 urna cards are found
PD_LATE = 0.2
#: as eval_som.SOM_STEP_COST: each step of a walking citizen costs this share of P(a winner)
STEP_COST = 0.25


class _Tables:
    """What :func:`value` reads of one content and number of seats: per card, one number
    counting its kinds when face up (Spain, economic capacity, Catalonia other than CN, ATC: a
    digit each, base 64; a 0 after the last card, so that an empty cell, -1, counts nothing),
    and the taxes by ATC and Generalitat."""

    __slots__ = ("code", "dues")

    def __init__(self, g) -> None:
        from ludoteca.games.som.content import EF_ECO, FLAG_CAT, FLAG_ESP

        K, n = g.K, g.n
        codes = [(f == FLAG_ESP) + 64 * (e == EF_ECO) + 4096 * (f == FLAG_CAT and card != K.CN_CARD)
                 + 262144 * (card == K.ATC_CARD)
                 for card, (f, e) in enumerate(zip(K.FLAG, K.EFFECT, strict=True))]
        self.code = (*codes, 0)
        C = K.C
        self.dues = (
            tuple(tuple(C.tax_citizen + C.tax_solidarity if s == gh else C.tax_citizen
                        for s in range(n)) for gh in range(n)),
            tuple(tuple(C.tax_atc_gh if s == gh else C.tax_atc_citizen for s in range(n))
                  for gh in range(n)))


#: (tables, seats) -> _Tables
_FAST: dict = {}


def _win_chance(g, t: _Tables, money: list[int], his: int, d1, d2) -> float:
    """P(the game ends with a winner)."""
    S = _names()
    n = g.n
    shown = list(compress(g.cells, g.up))
    down = S.NC - g.cells.count(-1) - len(shown)
    k = sum(map(t.code.__getitem__, shown))
    spain_up, k = k % 64, k // 64
    eco_up, k = k % 64, k // 64
    cat_up, atc_up = k % 64, k // 64
    t1 = min(3, max(-1, min(money[s] - d1[s] for s in range(n))))
    t2 = min(4, max(-3, min(money[s] - d1[s] - d2[s] for s in range(n))))
    tot = min(30, max(0, sum(money) - sum(d1)))
    urna = len(g.pile)
    spain_down = 4 - spain_up
    clean = 1.0 / math.comb(max(0, S.URNA - urna) + spain_down, spain_down)
    atca = 1 if g.atc_active else 0
    atc = atca or atc_up
    w = WIN_WEIGHTS[n]
    z = (w[0] + w[1] * urna + w[2] * clean + w[3] * t1 + w[4] * t2 + w[5] * tot + w[6] * his
         + w[7] * atc + w[8] * atca + w[9] * down + w[10] * spain_down + w[11] * (3 - eco_up)
         + w[12] * cat_up + atc * (w[13] * t1 + w[14] * urna + w[15] * tot))
    pw = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    if g.phase == S.PH_MOVE:
        pw *= (1.0 - STEP_COST) ** g.steps
    return pw


def value(g) -> list[float]:
    """Each seat's value of ``g`` (see the module's docstring)."""
    S = _names()
    n = g.n
    t = _FAST.get((g.K, n))
    if t is None:
        t = _FAST[(g.K, n)] = _Tables(g)
    dues = t.dues[1 if g.atc_active else 0]    # as eval_som._som_taxes_ahead
    gh, stage = g.gh, g.stage
    if stage != 1:
        d1, d2 = dues[(gh + 1) % n], dues[(gh + 2) % n]
    else:
        now, queue = dues[gh], g.tax_queue
        d1 = [now[s] if s in queue else 0 for s in range(n)]
        if g.pay_payer >= 0 and g.pay_ret == S.RET_TAX and g.phase in S.PAYING:
            d1[g.pay_payer] += g.pay_due
        d2 = dues[(gh + 1) % n]
    h, T = g.hold, S.T
    money = [2 * sum(h[s * T:s * T + 5]) + sum(h[s * T + 5:s * T + 10]) for s in range(n + 1)]
    his = money.pop()
    pw = _win_chance(g, t, money, his, d1, d2)
    return [pw * p for p in _seat_chances(g, money, stage)]


def _seat_chances(g, money: list[int], stage: int) -> list[float]:
    """P(each seat wins | the game ends with a winner)."""
    n, pd, gh = g.n, g.pd, g.gh
    sw = SEAT_WEIGHTS[n]
    urna = len(g.pile)
    u3 = urna == 3
    slope = sw[1] + (sw[2] + sw[3] * (stage == 4) if u3 else sw[13] if urna == 2 else 0.0)
    pdw = sw[11] + (PD_LATE if urna >= 2 else 0.0)
    base = sw[0] + sw[12] * pd[n]
    total = sum(money)
    top = second = -1
    at = 0
    for i in range(n):                     # the best and second best disks (as margin)
        x = pd[i]
        if x > top:
            top, second, at = x, top, i
        elif x > second:
            second = x
    out = []
    for i in range(n):
        lead = min(6, max(-6, pd[i] - (second if i == at else top)))
        z = base + slope * lead + pdw * pd[i]
        dist = (i - gh) % n
        if dist == 0 and stage <= 3:
            z += sw[7] + (sw[4] if u3 else 0.0)
        elif dist == 0 and stage == 4:
            z += sw[8] + (sw[5] if u3 else 0.0)
        elif dist == 1:
            z += sw[9] + (sw[6] if u3 else 0.0)
        z += sw[10] * min(6.0, max(-6.0, money[i] - (total - money[i]) / (n - 1)))
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))))
    return out


__all__ = ["PD_LATE", "SEAT_WEIGHTS", "WIN_WEIGHTS", "value"]
