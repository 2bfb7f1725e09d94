"""Conservation over random games (EP-GEN.7, EP-GEN.8): resources, products and Ideas move
only between the players, the board (market, subsidy squares, activation spaces, Tiendas) and
the box, and every movement to or from the box is announced by an event.

After every action of a random game (seeds and variants drawn by hypothesis) the test checks
the engine's own invariants (``_check_invariants``: decks, events, credit cards, tokens on
spaces, squares, subsidy Dinero) and a ledger: the change of each total in play —

* resources of each type: idle + placed on activation spaces (+ Dinero on the subsidy squares),
* products of each type: hands + Tiendas + market,
* Ideas: idle + placed,

must equal what the action's events say came from, or went to, the box."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca

RES = ("ch", "d", "e")
PROD = ("mp", "bc", "sv")


def totals(g):
    v = g.view(None)
    res = dict.fromkeys(RES, 0)
    prod = dict.fromkeys(PROD, 0)
    ideas = 0
    for p in v["players"]:
        for r in RES:
            res[r] += p["idle"][r]
        for t in PROD:
            prod[t] += p["hand"][t] + p["tienda"][t]
        ideas += p["ideas"]                                  # idle + placed
        for tg in p["targets"]:
            for sp in tg["spaces"]:
                if sp["token"] in RES:
                    res[sp["token"]] += 1
    res["d"] += sum(v["subsidies"])
    for t in PROD:
        prod[t] += v["market"][t]
    return res, prod, ideas


def flows(events):
    """What the events say entered (+) or left (−) play, by resource, product and Ideas."""
    res = dict.fromkeys(RES, 0)
    prod = dict.fromkeys(PROD, 0)
    ideas = 0

    def add(d, triple, k=1):
        for key, x in triple.items():
            d[key] += k * x

    for e in events:
        k, x = e.kind, e.data
        if k == "canjear":
            for r in x["paid"]:
                res[r] -= 1
            res[x["received"]] += 1
        elif k in ("comprar", "importar"):
            res["d"] -= x["paid"]
            if k == "importar":
                prod[x["product"]] += 1
        elif k == "devolver":
            if "gain" in x:
                add(res, x["gain"])
            add(prod, x.get("tienda_to_box", {}), -1)
        elif k in ("reembolso", "suceso-recibe"):
            res[x["resource"]] += 1
        elif k == "suceso-devuelve":
            res[x["resource"]] -= 1
        elif k == "invertir":
            add(res, x["paid"], -1)
        elif k in ("oportunidad-d2", "produce", "tecnico", "red", "rfid"):
            add(res, x["gain"])
        elif k == "vender":
            res[x["resource"]] += x["gain"]
        elif k == "subsidio":
            res["d"] += x["amount"]
        elif k == "subsidios":
            for rec in x["choices"].values():
                if "resource" in rec:
                    res[rec["resource"]] += 1
                if rec.get("repaid"):
                    res["d"] -= 3
        elif k == "suceso-gana":
            add(res, x["gain"], len(x["players"]))
        elif k == "suceso-paga":
            res[x["resource"]] -= sum(x["paid"].values())
        elif k == "suceso-cierre":
            for back in x["returned"].values():
                add(res, back, -1)
            add(res, x["gain"], len(x["players"]))
        elif k == "suceso-impuesto":
            res["d"] -= x["amount"] * len(x["players"])
        elif k == "fabricacion":
            for made in x["made"].values():
                add(prod, made)
        elif k == "exportar":
            prod[x["product"]] -= x["removed"]
        elif k == "innovar":
            for t in PROD:
                prod[t] -= 1
            ideas += 1
        elif k == "merma":
            for rec in x["players"].values():
                add(prod, rec["lost"], -1)
        elif k == "alimentar":
            prod[x["product"]] += 1
        elif k == "suceso-mercado":
            add(prod, x["removed"], -1)
        elif k == "suceso-descarta":
            prod[x["product"]] -= 1
        elif k == "penalizacion-credito":
            ideas -= x["idea"] != "none"
    return res, prod, ideas


def play_checked(g, rng):
    before = totals(g)
    steps = 0
    while not g.is_over:
        seat = rng.choice(list(g.to_move))
        action = rng.choice(g.legal_actions(seat))
        ev = g.apply(action, seat=seat)
        g._check_invariants()
        after = totals(g)
        fr, fp, fi = flows(ev)
        for r in RES:
            assert after[0][r] - before[0][r] == fr[r], (str(action), r, ev)
        for t in PROD:
            assert after[1][t] - before[1][t] == fp[t], (str(action), t, ev)
        assert after[2] - before[2] == fi, (str(action), ev)
        before = after
        steps += 1
        assert steps < 5000, "a random game should end (ruling X1)"
    return steps


VARIANTS = [(2, {}), (3, {}), (4, {}), (5, {}), (6, {}), (3, {"tutorial": True}),
            (4, {"level": 2}), (3, {"credit_repayment": False})]


@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), variant=st.sampled_from(VARIANTS))
def test_random_games_conserve_tokens(seed, variant):
    """EP-GEN.7: tokens are paid to and taken from the box only as events announce; EP-GEN.8:
    placing and taking back activation tokens never changes what a player owns."""
    n, options = variant
    g = ludoteca.new_game("elplan", players=n, seed=seed, options=options)
    g._check_invariants()
    play_checked(g, random.Random(seed))
    assert sorted(g.result.ranking) == list(range(n))


@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1))
def test_rich_random_games_conserve_tokens(seed):
    """The same ledger on games that start rich (more purchases, exports, Tiendas, credit)."""
    g = ludoteca.new_game("elplan", players=3, seed=seed)
    g.arrange(resources={s: {"ch": 6, "d": 9, "e": 6} for s in range(3)},
              market={"mp": 4, "bc": 5, "sv": 3}, subsidies=[1, 0, 2], credit=[1],
              investments={0: ["tienda-virtual", "tecnico-en-calidad"],
                           1: ["red-de-transporte-limpio", "etiquetas-rfid"],
                           2: ["externalizacion", "laboratorio", "central-de-energia-limpia"]},
              active={0: ["tienda-virtual", "tecnico-en-calidad"],
                      1: ["red-de-transporte-limpio", "etiquetas-rfid"],
                      2: ["externalizacion", "central-de-energia-limpia"]},
              hand={0: {"mp": 2, "sv": 1}, 1: {"bc": 3}}, tienda={0: {"bc": 1}},
              ideas={2: 1})
    play_checked(g, random.Random(seed))


def test_the_ledger_sees_a_broken_flow():
    """The checker itself: a token slipped into a hand without an event is caught."""
    g = ludoteca.new_game("elplan", players=3, seed=3)
    before = totals(g)
    g.hand[0] += 1                                       # no event announces it
    after = totals(g)
    assert after[1]["mp"] - before[1]["mp"] == 1 != flows([])[1]["mp"]
