"""The Som engine's written-out quick paths (issue 18/20 speed work) play as the general ones:
the taxes paid without ``_pay_run``, Hisenda's draws without ``_draw``, phase 3's legal list
from a table, and the moves from each cell's remembered list."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.games.som import actions as A
from ludoteca.games.som.common import ONES, PH_MOVE, RET_TAX, TWOS, T, event


def _positions(players: int, mode: str, games: int = 40, every: int = 3) -> list:
    """Positions met in random play (every ``every``-th action of ``games`` games)."""
    out = []
    for seed in range(games):
        g = ludoteca.new_game("som", players=players, seed=seed, options={"mode": mode})
        rng = random.Random(seed)
        k = 0
        while not g.is_over:
            if k % every == 0:
                out.append(g.clone())
            seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
            g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
            k += 1
    return out


def _taxes_by_pay_run(g, ev: list) -> None:
    """The taxes as every payment is paid: each payer through ``_pay_run``."""
    C = g.C
    while g.tax_queue:
        p = g.tax_queue.pop(0)
        if p == g.gh:
            due, payee, rule = (C.tax_atc_gh, g.H, "SOM-7.6") if g.atc_active else \
                (C.tax_citizen + C.tax_solidarity, g.H, "SOM-7.2")
        else:
            due, payee, rule = (C.tax_atc_citizen, g.gh, "SOM-7.5") if g.atc_active else \
                (C.tax_citizen, g.H, "SOM-7.1")
        if g.value(p) < due:
            ev.append(event("intervencion", "SOM-4.3", {"player": p, "due": due,
                                                        "value": g.value(p)}))
            g._finish("intervencion", ev, failed=p)
            return
        g.pay_payer, g.pay_payee, g.pay_due = p, payee, due
        g.pay_rule, g.pay_ret, g.pay_reason = rule, RET_TAX, "impuesto"
        if not g._pay_run(ev):
            return
        g.pay_payer = g.pay_payee = -1
        g.pay_due = 0
    g.stage, g.phase, g.actor = 2, 2, g.gh


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quick_taxes_pay_as_pay_run(players):
    checked = 0
    for pos in _positions(players, "A"):
        if pos.is_over:
            continue
        for atc in (False, True):
            a, b = pos.clone(), pos.clone()
            for g in (a, b):
                g._reset_turn()
                g.atc_active = atc
                g.tax_queue = [(g.gh + i) % g.n for i in range(1, g.n)] + [g.gh]
            ev_a: list = []
            ev_b: list = []
            a._next_tax(ev_a)
            _taxes_by_pay_run(b, ev_b)
            assert ev_a == ev_b
            assert a.state_dict() == b.state_dict()
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hisenda_draws_as_draw(players):
    for pos in _positions(players, "A", games=20):
        H = pos.H
        b = H * T
        twos, ones = sum(pos.hold[b:b + 5]), sum(pos.hold[b + 5:b + 10])
        for amount in (2, 3, 4):
            if 2 * twos + ones < amount or pos.is_over:
                continue
            a, ref = pos.clone(), pos.clone()
            got, over = a._hisenda_pays(0, amount)
            k2 = min(twos, amount // 2)
            rest = amount - 2 * k2
            if rest > ones:
                k2, rest = k2 + 1, 0
            want = [ref._draw(H, 2) for _ in range(k2)] + [ref._draw(H, 1) for _ in range(rest)]
            for t in want:
                ref.hold[t] += 1
            assert (got, over) == (want, bool(rest == 0 and 2 * k2 > amount))
            assert a.hold == ref.hold and a.rng.fingerprint() == ref.rng.fingerprint()
        if ones >= 2:
            a, ref = pos.clone(), pos.clone()
            got = a._hisenda_ones(1)
            want = [ref._draw(H, 1), ref._draw(H, 1)]
            for t in want:
                ref.hold[T + t] += 1
            assert got == want
            assert a.hold == ref.hold and a.rng.fingerprint() == ref.rng.fingerprint()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cohesion_table_is_the_rule(players):
    """Types of no effect (SOM-14.11): gifts of the first 2 € and the first 1 € type held,
    to each other seat in order, when the GH holds two disks or more (SOM-9.4); then
    ``terminar``."""
    rng = random.Random(players)
    g = ludoteca.new_game("som", players=players, seed=1)
    for _ in range(400):
        g.gh = rng.randrange(players)
        g.hold[g.gh * T:(g.gh + 1) * T] = [rng.choice((0, 0, 1, 2)) for _ in range(T)]
        row = g.hold[g.gh * T:(g.gh + 1) * T]
        want = []
        if sum(row) >= 2:
            for kinds in (TWOS, ONES):
                t = next((t for t in kinds if row[t]), None)
                if t is not None:
                    want += [A.GIVE_A[t][s] for s in range(players) if s != g.gh]
        assert g._cohesion_legal() == want + [A.A_END]


def test_moves_with_and_without_empty_cells():
    """The remembered moves of a cell are the neighbours' moves, less empty cells."""
    seen = set()
    for seed in range(60):
        g = ludoteca.new_game("som", players=4, seed=seed)
        g.quiet()
        rng = random.Random(seed)
        while not g.is_over:
            if g.phase == PH_MOVE:
                here = g.cit[g.mover]
                want = [A.MOVE_A[c] for c in g.K.NEIGH[here] if g.cells[c] >= 0]
                if g.may_stop:
                    want.append(A.A_STOP)
                assert g.legal_actions(g.mover) == want
                seen.add(-1 in g.cells)
            seat = g.to_move[0]
            g.apply_legal(rng.choice(g.legal_actions(seat)), seat)
    assert seen == {True, False}
