"""District 5 (Market: buy, sell, exports), District 6 (Credit and subsidy) and District 7
(Innovation): EP-D5.1–16, EP-D6.1–7, EP-D7.1–5.

Positions are built with ``arrange`` (the top event is S11 «Mes tranquilo», which does nothing)
and the Opportunity squares 3A/3B/3C, whose discounts only matter in D3, unless a test needs
another square. Prices: 3 D a market product, 5 D an import, 1 D or 1 E per product sold."""

from __future__ import annotations

import pytest
from ep_support import DONE as LISTO
from ep_support import arranged, do, names, player
from ep_support import view_step as step

import ludoteca


def place(g, *squares):
    """Each seat in turn (from MC) places its entrepreneur token."""
    for q in squares:
        g.apply(f"ubicar {q}", seat=g.to_move[0])
        g._check_invariants()


def pass_to(g, target):
    """Everyone passes ('listo', else the first legal action) until the step ``target``."""
    while step(g) != target:
        assert not g.is_over, target
        s = g.to_move[0]
        legal = g.legal_actions(s)
        g.apply(LISTO if LISTO in legal else legal[0], seat=s)
        g._check_invariants()


def at_buy(money=10, market=None, hand=None, squares=("3A", "3B", "3C"), **arr):
    res = {s: {"ch": 2, "d": money, "e": 2} for s in range(3)}
    res.update(arr.pop("resources", {}))
    g = arranged(market=market or {"mp": 2, "bc": 0, "sv": 1}, resources=res,
                 hand=hand or {}, **arr)
    place(g, *squares)
    pass_to(g, "d5-comprar")
    return g


# ----- D5 ----------------------------------------------------------------------------------------
def test_ep_d5_1_buy_step_then_sell_step_in_order():
    """EP-D5.1: every seat buys in MC order, then every seat sells in MC order (G29)."""
    hand = {s: {"mp": 1} for s in range(3)}
    g = at_buy(hand=hand, mc=1)
    seen = []
    while step(g) == "d5-comprar":
        s = g.to_move[0]
        seen.append(s)
        assert not any(a.startswith("vender") for a in names(g, s))
        do(g, s, "listo")
    assert seen == [1, 2, 0]
    seen = []
    while step(g) == "d5-vender":
        s = g.to_move[0]
        seen.append(s)
        assert not any(a.startswith(("comprar", "importar")) for a in names(g, s))
        do(g, s, "listo")
    assert seen == [1, 2, 0]


def test_ep_d5_2_one_type_per_buy_turn():
    """EP-D5.2: several products may be bought in one turn, all of one type."""
    g = at_buy(market={"mp": 2, "sv": 1})
    do(g, 0, "comprar-mp")
    assert "comprar-mp" in names(g, 0)
    assert not any(a.endswith(("-sv", "-bc")) for a in names(g, 0))
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("comprar-sv", seat=0)
    do(g, 0, "comprar-mp")
    assert player(g, 0)["hand"]["mp"] == 2


def test_ep_d5_3_market_product_costs_3_dinero():
    """EP-D5.3: a market product costs 3 D paid to the box; the token moves to the buyer."""
    g = at_buy()
    ev = do(g, 0, "comprar-mp")
    buy = next(e for e in ev if e.kind == "comprar")
    assert buy.data["paid"] == 3 and buy.rule == "EP-D5.3"
    assert player(g, 0)["idle"]["d"] == 7 and player(g, 0)["hand"]["mp"] == 1
    assert g.view(None)["market"]["mp"] == 1


def test_ep_d5_4_credit_card_for_one_market_product():
    """EP-D5.4: a credit card instead of 3 D for one market product; at most one held."""
    g = at_buy(money=0)
    assert names(g, 0) == ["comprar-credito-mp", "comprar-credito-sv", "listo"]
    ev = do(g, 0, "comprar-credito-mp")
    assert next(e for e in ev if e.kind == "comprar-credito").rule == "EP-D5.4"
    p = player(g, 0)
    assert p["credit"] and p["hand"]["mp"] == 1 and p["idle"]["d"] == 0
    assert g.view(None)["credit_supply"] == 5
    assert 0 not in g.to_move                   # no second card: nothing else it can do
    # another seat already holding a card cannot take one
    g2 = at_buy(money=0, credit=[0])
    assert g2.to_move == (1,)                  # seat 0 (card held, no Dinero) is not asked
    assert "comprar-credito-mp" in names(g2, 1)


def test_ep_d5_5_import_for_5_dinero():
    """EP-D5.5: with no BC in the market, a BC is imported from the box for 5 D."""
    g = at_buy(market={"mp": 2, "sv": 1})
    assert "importar-bc" in names(g, 0)
    ev = do(g, 0, "importar-bc")
    imp = next(e for e in ev if e.kind == "importar")
    assert imp.data["paid"] == 5 and imp.rule == "EP-D5.5"
    assert player(g, 0)["hand"]["bc"] == 1 and player(g, 0)["idle"]["d"] == 5
    assert g.view(None)["market"] == {"mp": 2, "bc": 0, "sv": 1}
    g4 = at_buy(money=4)
    assert "importar-bc" not in names(g4, 0)


def test_ep_d5_6_no_import_on_credit():
    """EP-D5.6: a credit card never pays an import: with 0 D and a card available, an absent
    type cannot be had at all."""
    g = at_buy(money=0)
    assert "comprar-credito-bc" not in names(g, 0)
    assert not any(a.startswith("importar") for a in names(g, 0))
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("comprar-credito-bc", seat=0)


def test_ep_d5_7_no_import_of_a_type_in_the_market():
    """EP-D5.7: a type present in the market cannot be imported; availability is checked at
    each purchase (buy the last SV, then import another SV)."""
    g = at_buy(market={"mp": 2, "sv": 1})
    assert "importar-sv" not in names(g, 0)
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("importar-sv", seat=0)
    do(g, 0, "comprar-sv")
    assert "importar-sv" in names(g, 0)
    do(g, 0, "importar-sv")
    assert player(g, 0)["hand"]["sv"] == 2 and player(g, 0)["idle"]["d"] == 10 - 3 - 5


def test_ep_d5_8_d5_square_discount_once():
    """EP-D5.8: the D5 square takes 1 D off one product only: 3 -> 2 once, then 3 again; an
    import 5 -> 4."""
    g = at_buy(squares=("D5", "3A", "3B"))
    paid = [next(e for e in do(g, 0, "comprar-mp") if e.kind == "comprar").data["paid"]
            for _ in range(2)]
    assert paid == [2, 3] and player(g, 0)["idle"]["d"] == 5
    g2 = at_buy(squares=("D5", "3A", "3B"))
    imp = next(e for e in do(g2, 0, "importar-bc") if e.kind == "importar")
    assert imp.data["paid"] == 4 and imp.rule == "EP-D5.8"
    # the other seats pay full price
    do(g2, 0, "listo")
    assert next(e for e in do(g2, 1, "comprar-mp") if e.kind == "comprar").data["paid"] == 3


def test_ep_d5_9_sell_one_batch_of_one_type():
    """EP-D5.9: a seat sells one batch, all of one type, into the market area."""
    g = at_buy(hand={0: {"mp": 2, "bc": 1}})
    pass_to(g, "d5-vender")
    assert g.to_move == (0,)
    do(g, 0, "vender-mp-d")
    assert "vender-mp-d" in names(g, 0) and not any("-bc-" in a for a in names(g, 0))
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("vender-bc-d", seat=0)
    do(g, 0, "vender-mp-e")
    assert g.view(None)["market"]["mp"] == 4
    assert 0 not in g.to_move                 # the batch is over (only BC left: other type)
    assert player(g, 0)["hand"] == {"mp": 0, "bc": 1, "sv": 0}


def test_ep_d5_10_each_product_earns_1_d_or_1_e():
    """EP-D5.10: each product sold earns 1 D or 1 E, chosen product by product."""
    g = at_buy(money=2, hand={0: {"sv": 3}})
    pass_to(g, "d5-vender")
    gains = [next(e for e in do(g, 0, a) if e.kind == "vender").data
             for a in ("vender-sv-d", "vender-sv-e", "vender-sv-e")]
    assert [x["resource"] for x in gains] == ["d", "e", "e"] and all(x["gain"] == 1 for x in gains)
    assert player(g, 0)["idle"] == {"ch": 2, "d": 3, "e": 4}


def test_ep_d5_11_no_buying_after_selling():
    """EP-D5.11: once a seat has sold, it can buy nothing more this D5."""
    g = at_buy(hand={0: {"bc": 1}})
    pass_to(g, "d5-vender")
    do(g, 0, "vender-bc-d")
    assert not any(a.startswith(("comprar", "importar")) for a in names(g, 0))
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("comprar-mp", seat=0)
    assert player(g, 0)["period"]["bought_type"] is None


def test_ep_d5_12_export_at_six_and_repeat():
    """EP-D5.12: after a sale, 6 of a type go to the box and 1 D goes on the subsidy squares;
    the check repeats while 6 or more are left."""
    g = at_buy(market={"mp": 5}, hand={0: {"mp": 1}})
    pass_to(g, "d5-vender")
    ev = do(g, 0, "vender-mp-d")
    assert [e.kind for e in ev][:3] == ["vender", "exportar", "subsidio"]
    assert g.view(None)["market"]["mp"] == 0 and g.view(None)["subsidies"] == [1, 0, 0]
    g2 = at_buy(market={"bc": 11}, hand={0: {"bc": 1}})
    pass_to(g2, "d5-vender")
    ev = do(g2, 0, "vender-bc-e")
    assert sum(1 for e in ev if e.kind == "exportar") == 2
    assert g2.view(None)["market"]["bc"] == 0 and g2.view(None)["subsidies"] == [1, 1, 0]


def test_ep_d5_13_subsidy_placement_fewest_then_lowest():
    """EP-D5.13: each export's Dinero goes on the square with fewest, ties to the lowest:
    from empty squares 1, 2, 3, 1 -> (1,0,0), (1,1,0), (1,1,1), (2,1,1)."""
    g = at_buy(market={"mp": 5, "bc": 0, "sv": 5}, hand={0: {"mp": 7}, 1: {"bc": 6},
                                                        2: {"sv": 1}})
    pass_to(g, "d5-vender")
    seen = []
    for s, t, k in ((0, "mp", 7), (1, "bc", 6), (2, "sv", 1)):
        for _ in range(k):
            for e in do(g, s, f"vender-{t}-d"):
                if e.kind == "subsidio":
                    seen.append(tuple(e.data["subsidies"]))
    assert seen == [(1, 0, 0), (1, 1, 0), (1, 1, 1), (2, 1, 1)]
    g2 = at_buy(market={"mp": 5}, hand={0: {"mp": 1}}, subsidies=[2, 0, 1])
    pass_to(g2, "d5-vender")
    do(g2, 0, "vender-mp-d")
    assert g2.view(None)["subsidies"] == [2, 1, 1]


def test_ep_d5_14_market_products_stay_between_periods():
    """EP-D5.14: products nobody buys stay in the market into the next Period."""
    g = arranged(events=["S11", "S02"], market={"mp": 2, "sv": 1})
    place(g, "3A", "3B", "3C")
    pass_to(g, "oportunidad")
    assert g.period == 2 and g.view(None)["market"] == {"mp": 2, "bc": 0, "sv": 1}


def test_ep_d5_15_buying_and_selling_are_optional():
    """EP-D5.15: 'listo' is legal in Buy and in Sell for a seat that could act."""
    g = at_buy(hand={0: {"mp": 1}})
    assert "comprar-mp" in names(g, 0) and "listo" in names(g, 0)
    pass_to(g, "d5-vender")
    assert "vender-mp-d" in names(g, 0) and "listo" in names(g, 0)
    do(g, 0, "listo")
    assert player(g, 0)["hand"]["mp"] == 1


def test_ep_d5_16_only_a_sale_triggers_an_export():
    """EP-D5.16: 6 products placed in the market otherwise (here arranged) wait through the Buy
    step without exporting; the next sale of that type triggers the check."""
    g = at_buy(money=0, market={"mp": 6}, hand={1: {"mp": 1}})
    ev = []
    while step(g) == "d5-comprar":
        ev += do(g, g.to_move[0], "listo")
    assert not any(e.kind == "exportar" for e in ev) and g.view(None)["market"]["mp"] == 6
    ev = do(g, 1, "vender-mp-e")
    assert any(e.kind == "exportar" for e in ev) and g.view(None)["market"]["mp"] == 1


# ----- D6 ----------------------------------------------------------------------------------------
def test_ep_d6_1_only_the_opportunity():
    """EP-D6.1: with nobody on a D6 square and no credit card, D6 asks nothing and changes
    nothing."""
    g = arranged(subsidies=[2, 1, 0])
    place(g, "3A", "3B", "3C")
    before = [p["idle"] for p in g.view(None)["players"]]
    ev = []
    while step(g) != "d7-innovar" and g.period == 1:
        s = g.to_move[0]
        assert step(g) != "d6-credito-subsidio"
        ev += g.apply(LISTO if LISTO in g.legal_actions(s) else g.legal_actions(s)[0], seat=s)
    d6 = next(e for e in ev if e.kind == "subsidios")
    assert d6.data["choices"] == {} and d6.data["subsidies"] == [2, 1, 0]
    assert [p["idle"] for p in g.view(None)["players"]] == before


def test_ep_d6_2_and_3_subsidy_square_resource_and_dinero():
    """EP-D6.2: a seat on a subsidy square takes 1 resource of its choice; EP-D6.3: and all the
    Dinero lying on its square."""
    g = arranged(subsidies=[2, 0, 0])
    place(g, "D6-1", "3B", "3C")
    pass_to(g, "d6-credito-subsidio")
    assert g.to_move == (0,)
    assert names(g, 0) == ["elegir-ch", "elegir-d", "elegir-e"]
    do(g, 0, "elegir-e")
    ev = do(g, 0, "listo")
    rec = next(e for e in ev if e.kind == "subsidios").data["choices"]["0"]
    assert rec == {"resource": "e", "dinero": 2}
    assert player(g, 0)["idle"] == {"ch": 2, "d": 4, "e": 3}
    assert g.view(None)["subsidies"] == [0, 0, 0]


def test_ep_d6_4_unclaimed_dinero_stays():
    """EP-D6.4: Dinero on squares nobody stands on stays, also on squares not usable now."""
    g = arranged(subsidies=[1, 3, 2], market={"mp": 1})
    usable = {q["id"] for q in g.view(None)["squares"] if q["usable"]}
    assert "D6-2" not in usable and "D6-3" not in usable
    place(g, "D6-1", "3B", "3C")
    pass_to(g, "d6-credito-subsidio")
    do(g, 0, "elegir-d")
    ev = do(g, 0, "listo")
    assert next(e for e in ev if e.kind == "subsidios").data["subsidies"] == [0, 3, 2]
    assert g.period == 2 and g.view(None)["subsidies"] == [3, 2, 0]   # shifted (EP-SUM.9)
    assert player(g, 0)["idle"]["d"] == 2 + 1 + 1


def test_ep_d6_5_dinero_only_from_exports_and_events():
    """EP-D6.5: over a busy Period without exports or subsidy events (sales, purchases, a D6
    square) no Dinero appears on the squares; an export then adds exactly 1."""
    g = at_buy(market={"mp": 2}, hand={1: {"bc": 2}}, squares=("3A", "D6-1", "3C"))
    do(g, 0, "comprar-mp")
    pass_to(g, "d5-vender")
    do(g, 0, "listo")
    do(g, 1, "vender-bc-d")
    do(g, 1, "vender-bc-e")
    assert g.view(None)["subsidies"] == [0, 0, 0]
    pass_to(g, "oportunidad")
    assert g.view(None)["subsidies"] == [0, 0, 0]
    g2 = at_buy(market={"mp": 5}, hand={0: {"mp": 1}})
    pass_to(g2, "d5-vender")
    ev = do(g2, 0, "vender-mp-d")
    dep = [e for e in ev if e.kind == "subsidio"]
    assert len(dep) == 1 and dep[0].data["amount"] == 1 and dep[0].rule == "EP-D5.13"


@pytest.mark.parametrize("event, before, after", [
    ("S07", [1, 0, 0], [1, 1, 1]),      # Fondo de fomento: 2 D, one at a time
    ("S07", [0, 2, 2], [2, 2, 2]),      # square 1 has the fewest twice in a row
    ("S05", [0, 0, 0], [1, 0, 0]),      # Aporte municipal: 1 D
    ("S05", [1, 1, 0], [1, 1, 1]),
])
def test_ep_d6_6_event_dinero_follows_export_order(event, before, after):
    """EP-D6.6: Dinero from an event is placed like an export's (fewest, then lowest)."""
    g = arranged(events=[event], subsidies=before)
    ev = []
    for q in ("3A", "3B", "3C"):
        ev += g.apply(f"ubicar {q}", seat=g.to_move[0])
    dep = [e for e in ev if e.kind == "subsidio"]
    assert len(dep) == 1 and dep[0].rule == "EP-D6.6"
    assert g.view(None)["subsidies"] == after


def test_ep_d6_7_credit_repaid_for_3_dinero():
    """EP-D6.7 (G10): a credit holder may pay 3 D at D6 to return the card; strict mode
    (credit_repayment = false) never offers it."""
    g = arranged(credit=[1], resources={1: {"ch": 2, "d": 3, "e": 2}})
    place(g, "3A", "3B", "3C")
    pass_to(g, "d6-credito-subsidio")
    assert g.to_move == (1,) and names(g, 1) == ["pagar-credito", "listo"]
    do(g, 1, "pagar-credito")
    do(g, 1, "listo")
    p = player(g, 1)
    assert not p["credit"] and p["idle"]["d"] == 0 and g.view(None)["credit_supply"] == 6
    strict = arranged(options={"credit_repayment": False}, credit=[1],
                      resources={1: {"ch": 2, "d": 3, "e": 2}})
    place(strict, "3A", "3B", "3C")
    while strict.period == 1 and not strict.is_over:
        s = strict.to_move[0]
        assert "pagar-credito" not in names(strict, s)
        legal = strict.legal_actions(s)
        strict.apply(LISTO if LISTO in legal else legal[0], seat=s)
    assert player(strict, 1)["credit"]


# ----- D7 ----------------------------------------------------------------------------------------
def at_d7(hand, **arr):
    g = arranged(hand=hand, **arr)
    place(g, "3A", "3B", "3C")
    while step(g) != "d7-innovar" and g.period == 1:
        s = g.to_move[0]
        legal = g.legal_actions(s)
        g.apply(LISTO if LISTO in legal else legal[0], seat=s)
    return g


def test_ep_d7_1_three_different_products_for_an_idea():
    """EP-D7.1: in MC order, a seat hands 3 products of 3 types to the box for 1 Idea."""
    g = at_d7({s: {"mp": 1, "bc": 1, "sv": 1} for s in range(3)}, mc=2)
    order = []
    for _ in range(3):
        s = g.to_move[0]
        order.append(s)
        ev = do(g, s, "innovar")
        assert next(e for e in ev if e.kind == "innovar").rule == "EP-D7.1"
    assert order == [2, 0, 1]
    assert all(p["ideas"] == 1 and sum(p["hand"].values()) == 0 for p in
               g.view(None)["players"])
    assert g.view(None)["market"] == {"mp": 0, "bc": 0, "sv": 0}     # to the box


def test_ep_d7_2_a_set_with_a_repeated_type_is_refused():
    """EP-D7.2: 2 MP + 1 BC is no set: the seat is not offered 'innovar'."""
    g = arranged(hand={0: {"mp": 2, "bc": 1}, 1: {"mp": 1, "bc": 1, "sv": 1}})
    place(g, "3A", "3B", "3C")
    while step(g) != "d7-innovar":
        s = g.to_move[0]
        legal = g.legal_actions(s)
        g.apply(LISTO if LISTO in legal else legal[0], seat=s)
    assert g.to_move == (1,)
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("innovar", seat=0)
    assert player(g, 0)["ideas"] == 0


def test_ep_d7_3_several_sets_optional():
    """EP-D7.3: several complete sets give 1 Idea each; trading is optional."""
    g = at_d7({0: {"mp": 2, "bc": 2, "sv": 3}, 1: {"mp": 1, "bc": 1, "sv": 1}})
    do(g, 0, "innovar")
    do(g, 0, "innovar")
    assert player(g, 0)["ideas"] == 2 and player(g, 0)["hand"] == {"mp": 0, "bc": 0, "sv": 1}
    assert 0 not in g.to_move
    assert "listo" in names(g, 1)
    do(g, 1, "listo")
    assert player(g, 1)["ideas"] == 0 and g.period == 1 and step(g) == "resumen-merma"


def test_ep_d7_4_tienda_products_are_not_traded():
    """EP-D7.4: a product on a Tienda virtual does not complete a set."""
    g = at_d7({0: {"mp": 1, "bc": 1}}, tienda={0: {"sv": 1}},
              investments={0: ["tienda-virtual"]}, active={0: ["tienda-virtual"]})
    assert g.period == 2                       # D7 had nobody to ask
    assert player(g, 0)["ideas"] == 0 and player(g, 0)["tienda"]["sv"] == 1


def test_ep_d7_5_d7_is_the_last_district():
    """EP-D7.5: D7 is always the last District of a Period; the Summary follows it."""
    g = arranged(events=["S11", "S02"])
    place(g, "3A", "3B", "3C")
    ev = []
    while g.period == 1:
        s = g.to_move[0]
        legal = g.legal_actions(s)
        ev += g.apply(LISTO if LISTO in legal else legal[0], seat=s)
    ds = [e.data["district"] for e in ev if e.kind == "distrito"]
    assert ds[-1] == 7
    kinds = [e.kind for e in ev]
    last7 = max(i for i, e in enumerate(ev) if e.kind == "distrito")
    assert "merma" in kinds[last7:] and "distrito" not in kinds[last7 + 1:]
