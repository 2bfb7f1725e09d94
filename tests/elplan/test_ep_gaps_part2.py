"""Rulings on the checklist's gaps whose subject lies in D5–D7, the Summary, the decks, the end,
scoring, two players, the cards and the tutorial (docs/rules/elplan.md): one test per gap, named
"EP G<n>" in its docstring — G1, G3–G6, G10–G12, G14–G23, G29–G33, G35–G40, G42, G43 (scoring
side), G44 (D5 side), G45, G48."""

from __future__ import annotations

import pytest
from ep_support import DONE as LISTO
from ep_support import at_step as at
from ep_support import do, names, new, place, play, player, target
from ep_support import view_step as step

import ludoteca
from ludoteca.games.elplan.common import C

A, B, S2 = 0, 1, 2


def arranged(n=3, seed=1, options=None, **arr):
    g = new(n, seed, **(options or {}))
    if not (options or {}).get("tutorial"):
        arr.setdefault("events", ["S11"])
    g.arrange(**arr)
    return g


def to_end(g):
    return play(g, lambda x: x.is_over)


def script(g, until=None):
    """The tutorial guide's choices as a policy (an investment only where the guide asks for
    one, in Period 3)."""
    ev = []
    while not g.is_over and not (until and until(g)):
        s = g.to_move[0]
        acts = g.legal_actions(s)
        pick = None
        prefs = ("innovar", "fabricar", "activar", "invertir", "comprar", "vender", "ubicar",
                 "elegir", "conservar")
        for pref in prefs if g.period == 3 else tuple(p for p in prefs if p != "invertir"):
            pick = next((a for a in acts if a.name.startswith(pref) and "credito" not in
                         a.name and not a.name.endswith("-e")), None)
            if pick:
                break
        ev += g.apply(pick or (LISTO if LISTO in acts else acts[0]), seat=s)
    return ev


# ----- content and tutorial ----------------------------------------------------------------------
def test_g1_tutorial_plans_miss_different_types():
    """EP G1: plans are data; the three tutorial plans each make 2 types (2-process own type,
    P-A+P-B+P-C second type) and miss a different product and a different process type."""
    plans = {p.id: p for p in C.plans}
    tut = [plans[x] for x in ("MP-1", "BC-1", "SV-1")]
    assert len({p.missing for p in tut}) == 3
    for p in tut:
        own = dict(p.recipes)[p.type]
        assert len(own) == 2 and sorted(dict(p.recipes)[p.second]) == [0, 1, 2]
        assert {p.type, p.second, p.missing} == {0, 1, 2}


def test_g3_tutorial_process_count_without_the_d4_square():
    """EP G3: the 'N process tokens after D2' checkpoints count available processes without
    the D4 Opportunity; the D4 square adds its process at D4."""
    g = arranged(active={A: ["proceso-1", "proceso-2"]})
    place(g, "D4", "3A", "3B")
    assert sum(g._pool_of(A, square=False)) == 2
    play(g, at("d4-fabricar", A))
    assert player(g, A)["processes"] == {"a": 1, "b": 1, "c": 0, "any": 1}


def test_g4_investment_decks_and_tutorial_fixture():
    """EP G4: the authored decks have 2 copies of each card: Infraestructura 10, Especialista
    12, Tecnología 10; the tutorial decks hold 5 cards each, all costing 1 D, activated with
    1 E and giving 1 process of any type (Maquinaria is Tecnología No. 1)."""
    sizes = [sum(c.copies for c in C.cards if c.deck == d) for d in range(3)]
    assert sizes == [10, 12, 10] and all(c.copies == 2 for c in C.cards)
    assert [sum(1 for c in C.tut_cards if c.deck == d) for d in range(3)] == [5, 5, 5]
    for c in C.tut_cards:
        assert c.cost == (0, 1, 0) and c.spaces == (2,) and c.by_tokens[1] == (3,)
    assert next(c for c in C.tut_cards if c.deck == 2 and c.number == 1).id == "maquinaria"
    g = new(4, seed=7)
    assert [d["face_down"] for d in g.view(None)["decks"]] == [8, 10, 8]


def test_g5_maquinaria_any_process_for_1_e():
    """EP G5: Maquinaria (Tecnología) costs 1 D, is activated with 1 E and gives 1 process of
    any type, chosen in D4."""
    card = next(c for c in C.cards if c.id == "maquinaria")
    assert card.deck == 2 and card.cost == (0, 1, 0) and card.spaces == (2,)
    g = arranged(investments={S2: ["maquinaria"]}, active={S2: ["proceso-1", "proceso-2",
                                                               "maquinaria"]})
    place(g, "3A", "3B", "3C")
    play(g, at("d4-fabricar", S2))
    assert "fabricar-mp" in names(g, S2)      # SV-1 has P-A, P-C; Maquinaria stands in for P-B


def test_g6_cierre_de_ano_fiscal_is_a_neutral_event():
    """EP G6: Cierre de año fiscal is event S06, neutral: each affected player returns its idle
    resources and takes 2 of each type."""
    ev = next(e for e in C.events if e.id == "S06")
    assert ev.category == "neutral" and ev.name == "Cierre de año fiscal"
    g = arranged(events=["S06"], resources={A: {"ch": 5, "d": 0, "e": 1}})
    place(g, "3A", "3B", "3C")
    assert player(g, A)["idle"] == {"ch": 2, "d": 2, "e": 2}


# ----- credit ------------------------------------------------------------------------------------
def test_g10_credit_supply_and_repayment():
    """EP G10: 6 credit cards; repayment on by default for 3 D at D6; a holder with less than
    3 D is not asked; strict mode never repays."""
    g = arranged(credit=[A, B], resources={A: {"ch": 2, "d": 3, "e": 2}})
    assert g.view(None)["credit_supply"] == 4
    place(g, "3A", "3B", "3C")
    play(g, at("d6-credito-subsidio"))
    assert g.to_move == (A,)                                 # B has only 2 D
    do(g, A, "pagar-credito")
    do(g, A, "listo")
    assert g.view(None)["credit_supply"] == 5 and not player(g, A)["credit"]
    assert player(g, B)["credit"]
    strict = arranged(options={"credit_repayment": False}, credit=[A],
                      resources={A: {"ch": 2, "d": 9, "e": 2}})
    place(strict, "3A", "3B", "3C")
    ev = play(strict, lambda x: x.period == 2)
    assert player(strict, A)["credit"] and not any(e.kind == "decidido" and
                                                    e.rule == "EP-D6.7" for e in ev)


def test_g11_credit_penalty_without_ideas_loses_nothing():
    """EP G11: a credit holder with no Idea loses nothing; no score is ever negative."""
    g = arranged(period=12, credit=[A, B], ideas={B: 1})
    place(g, "3A", "3B", "3C")
    to_end(g)
    assert g.result.scores == (0, 0, 0)
    assert g.result.details["penalty_idea"] == ["none", "idle", None]


# ----- offers ------------------------------------------------------------------------------------
def test_g12_offer_ages_and_empty_slot():
    """EP G12: new offers are fresh (age 0); each Summary retires age-1 offers, then ages the
    rest; a bought card leaves its slot empty until step 6."""
    g = arranged(events=["S11", "S02"], resources={A: {"ch": 2, "d": 5, "e": 2}})
    assert all(o["age"] == 0 for d in g.view(None)["decks"] for o in d["offers"])
    place(g, "D4", "3B", "3C")
    play(g, at("d3-invertir", A))
    do(g, A, "invertir tecnologia-2")
    assert g.view(None)["decks"][2]["offers"][1] is None
    play(g, lambda x: x.period == 2)
    ages = [o["age"] for d in g.view(None)["decks"] for o in d["offers"]]
    assert ages == [1, 1, 1, 1, 1, 0]


# ----- Tienda virtual and the sales/export cards -------------------------------------------------
SHOP = ["tienda-virtual"]


def test_g14_tienda_virtual_rulings():
    """EP G14: the owner puts one batch of one type on its active Tienda instead of selling;
    other players buy one for 3 D paid to the owner, without credit or the D5 discount; Tienda
    products are outside the market (import check, D6 squares) and count in tie-break 2."""
    g = arranged(events=["S11", "S02"], investments={A: SHOP}, active={A: SHOP},
                 hand={A: {"sv": 2, "mp": 1}},
                 resources={B: {"ch": 2, "d": 9, "e": 2}, S2: {"ch": 2, "d": 9, "e": 2}})
    place(g, "3A", "3B", "3C")
    play(g, at("d5-vender", A))
    do(g, A, "ofertar-sv")
    assert "ofertar-mp" not in names(g, A) and "vender-sv-d" not in names(g, A)
    do(g, A, "ofertar-sv")
    play(g, lambda x: x.period == 2)
    assert "D6-2" not in {q["id"] for q in g.view(None)["squares"] if q["usable"]}
    place(g, "D5", "3B", "3C")                             # Period 2: MC is B
    play(g, at("d5-comprar", B))
    legal = names(g, B)
    assert "importar-sv" in legal and "comprar-tienda-sv 0" in legal     # market has no SV
    assert not any(a.startswith("comprar-credito-sv") for a in legal)
    ev = do(g, B, "comprar-tienda-sv 0")
    assert next(e for e in ev if e.kind == "comprar-tienda").data["paid"] == 3   # no discount
    ev = do(g, B, "importar-sv")
    assert next(e for e in ev if e.kind == "importar").data["paid"] == 4         # discount here
    assert player(g, A)["idle"]["d"] == 2 + 3
    g2 = arranged(period=12, investments={A: SHOP, B: ["industria"]}, tienda={A: {"bc": 2}},
                  ideas={A: 1, B: 1}, hand={B: {"mp": 1}})
    place(g2, "3A", "3B", "3C")
    to_end(g2)
    assert g2.result.details["resources"][:2] == [6, 6]
    assert g2.result.details["liquidation"][:2] == [6 + 2 + 2, 6 + 1 + 2]
    assert g2.result.winners == (A,)


def test_g15_tecnico_only_while_active():
    """EP G15: Técnico en calidad gives +1 D per product sold only while it is active."""
    g = arranged(investments={A: ["tecnico-en-calidad"]}, hand={A: {"mp": 2}})
    place(g, "3A", "3B", "3C")
    play(g, at("d5-vender", A))
    ev = do(g, A, "vender-mp-e")
    assert not any(e.kind == "tecnico" for e in ev)
    g2 = arranged(investments={A: ["tecnico-en-calidad"]}, active={A: ["tecnico-en-calidad"]},
                  hand={A: {"mp": 2}})
    place(g2, "3A", "3B", "3C")
    play(g2, at("d5-vender", A))
    do(g2, A, "vender-mp-e")
    do(g2, A, "vender-mp-e")
    assert player(g2, A)["idle"] == {"ch": 2, "d": 4, "e": 4}


def test_g16_red_blocks_while_owned_pays_while_active():
    """EP G16: Red de transporte limpio blocks the square's Dinero while owned (even inactive)
    but pays +1 E per export only while active."""
    g = arranged(investments={A: ["red-de-transporte-limpio"]}, subsidies=[1, 0, 0],
                 market={"mp": 5}, hand={B: {"mp": 1}})
    place(g, "D6-1", "3B", "3C")
    play(g, at("d5-vender", B))
    ev = do(g, B, "vender-mp-d")
    assert any(e.kind == "exportar" for e in ev) and not any(e.kind == "red" for e in ev)
    play(g, at("d6-credito-subsidio", A))
    do(g, A, "elegir-ch")
    ev = do(g, A, "listo")
    assert next(e for e in ev if e.kind == "subsidios").data["subsidies"] == [1, 1, 0]
    assert player(g, A)["idle"] == {"ch": 3, "d": 2, "e": 2}


def test_g17_rfid_any_export_one_dinero_while_active():
    """EP G17: Etiquetas RFID gives its owner 1 D for the first export of the Period, whoever
    sells; an inactive card gives nothing."""
    for active, want in ((True, 3), (False, 2)):
        arr = {"investments": {S2: ["etiquetas-rfid"]}, "market": {"bc": 5},
               "hand": {A: {"bc": 1}}}
        if active:
            arr["active"] = {S2: ["etiquetas-rfid"]}
        g = arranged(**arr)
        place(g, "3A", "3B", "3C")
        play(g, at("d5-vender", A))
        do(g, A, "vender-bc-e")
        assert player(g, S2)["idle"]["d"] == want


def test_g18_producer_payout_usable_in_the_same_d2():
    """EP G18: producers pay at the start of D2, before step 1 (Central: E, Comité: CH, RSE: D),
    so the token can be placed in that same D2."""
    gains = {c.id: c.gain for c in C.cards if c.kind == "produce"}
    assert gains == {"central-de-energia-limpia": (0, 0, 1), "comite-emprendedor": (1, 0, 0),
                     "estrategia-rse": (0, 1, 0)}
    g = arranged(investments={A: ["central-de-energia-limpia"]},
                 active={A: ["central-de-energia-limpia"]},
                 resources={A: {"ch": 2, "d": 2, "e": 0}})
    ev = place(g, "3A", "3B", "3C")
    ev += play(g, at("d2-activar", A))
    kinds = [e.kind for e in ev]
    assert kinds.index("produce") < kinds.index("distrito", kinds.index("produce") - 1) + 2
    assert player(g, A)["idle"]["e"] == 1
    do(g, A, "activar proceso-1")                            # MP-1's P-A needs 1 E
    assert target(g, A, "proceso-1")["active"]


def test_g19_analista_by_event_category():
    """EP G19: an active Analista makes its owner immune to negative events without asking,
    asks on neutral ones, and lets positive ones apply."""
    shield = {"investments": {A: ["analista-de-riesgos"]}, "active": {A: ["analista-de-riesgos"]}}
    g = arranged(events=["S08"], **shield)                   # negative: pay 1 D
    place(g, "3A", "3B", "3C")
    assert player(g, A)["idle"]["d"] == 2 and player(g, B)["idle"]["d"] == 1
    g = arranged(events=["S01"], **shield)                   # positive: +1 D
    place(g, "3A", "3B", "3C")
    assert player(g, A)["idle"]["d"] == 3
    g = arranged(events=["S12"], resources={A: {"ch": 5, "d": 5, "e": 5}}, **shield)
    place(g, "3A", "3B", "3C")                               # neutral: asked
    assert g.to_move == (A,) and names(g, A) == ["ignorar-suceso", "aceptar-suceso"]


def test_g20_externalizacion_naming_rules():
    """EP G20 (and ruling X1): while active, Externalización names one owned card with no
    tokens that does not come active; one naming per D2; renamed in a later D2; the naming
    lapses as soon as Externalización is deactivated."""
    g = arranged(events=["S11", "S02"],
                 investments={A: ["externalizacion", "laboratorio", "maquinaria",
                                  "informatica"]},
                 active={A: ["externalizacion", "maquinaria"]})
    place(g, "3A", "3B", "3C")
    play(g, at("d2-activar", A))
    ext = [a for a in names(g, A) if a.startswith("externalizar")]
    assert ext == ["externalizar 15"]                        # not Maquinaria, not Informática
    do(g, A, "externalizar 15")
    assert not any(a.startswith("externalizar") for a in names(g, A))
    do(g, A, "laboratorio-b")
    do(g, A, "listo")
    play(g, lambda x: x.period == 2)
    place(g, "3A", "3B", "3C")
    play(g, at("d2-desactivar", A))
    do(g, A, "desactivar externalizacion")
    assert not target(g, A, "laboratorio")["active"]
    assert not target(g, A, "externalizacion").get("naming")


def test_g21_already_active_extra_token_only_in_d2():
    """EP G21: a card that comes active takes its '/' extra token only in D2 step 3 (not right
    after buying); deactivating it only takes that extra token back."""
    g = arranged(events=["S11", "S02"], decks={"infraestructura": ["cartel-publicitario"]},
                 resources={A: {"ch": 2, "d": 4, "e": 2}})
    place(g, "D4", "3B", "3C")
    play(g, at("d3-invertir", A))
    do(g, A, "invertir infraestructura-1")
    assert A not in g.to_move                               # no 'reforzar' in D3
    play(g, lambda x: x.period == 2)
    place(g, "D4", "3B", "3C")
    play(g, at("d2-activar", A))
    do(g, A, "reforzar cartel-publicitario")
    assert target(g, A, "cartel-publicitario")["processes"] == ["a", "b"]
    do(g, A, "listo")
    play(g, lambda x: x.period == 3)
    place(g, "D4", "3B", "3C")
    play(g, at("d2-desactivar", A))
    do(g, A, "desactivar cartel-publicitario")
    t = target(g, A, "cartel-publicitario")
    assert t["active"] and t["tokens"] == 0 and t["processes"] == ["a"]


def test_g22_bodega_and_prevencion_levels():
    """EP G22: Bodega (E) 1 → P-A, 2 → +P-B, 3 → +P-C; Prevención (CH) 1 → P-B, 2 → +P-C,
    3 → +P-A."""
    cards = {c.id: c for c in C.cards}
    assert cards["bodega"].by_tokens[1:] == ((0,), (0, 1), (0, 1, 2))
    assert cards["prevencion-de-riesgos"].by_tokens[1:] == ((1,), (1, 2), (1, 2, 0))
    assert cards["bodega"].spaces == (2, 2, 2) and cards["prevencion-de-riesgos"].spaces == (0,
                                                                                             0, 0)


def test_g23_laboratorio_pick_in_d2_once():
    """EP G23: Laboratorio's process is picked in D2 step 3 ('listo' waits for it), and only one
    pick per D2 (X1)."""
    g = arranged(investments={A: ["laboratorio"]}, active={A: ["laboratorio"]})
    place(g, "3A", "3B", "3C")
    play(g, at("d2-activar", A))
    assert "listo" not in names(g, A)
    do(g, A, "laboratorio-a")
    assert not any(a.startswith("laboratorio") for a in names(g, A))
    assert target(g, A, "laboratorio")["pick"] == "a"


# ----- D5 structure ------------------------------------------------------------------------------
def test_g29_d5_mixes_purchases_of_one_type_and_pays_per_product():
    """EP G29: in one Buy turn a seat may mix a market purchase and an import of one type
    (availability checked each time); each product sold is paid in D or E separately."""
    g = arranged(market={"bc": 1}, resources={A: {"ch": 2, "d": 8, "e": 2}},
                 hand={B: {"mp": 2}})
    place(g, "3A", "3B", "3C")
    play(g, at("d5-comprar", A))
    do(g, A, "comprar-bc")
    do(g, A, "importar-bc")
    assert player(g, A)["hand"]["bc"] == 2 and player(g, A)["idle"]["d"] == 0
    play(g, at("d5-vender", B))
    do(g, B, "vender-mp-d")
    do(g, B, "vender-mp-e")
    assert player(g, B)["idle"] == {"ch": 2, "d": 3, "e": 3}


def test_g30_credit_covers_exactly_one_market_product():
    """EP G30: a credit card buys one market product; after that no second product on credit
    (and never an import)."""
    g = arranged(market={"sv": 3}, resources={A: {"ch": 2, "d": 0, "e": 2}})
    place(g, "3A", "3B", "3C")
    play(g, at("d5-comprar", A))
    do(g, A, "comprar-credito-sv")
    assert A not in g.to_move or not any("credito" in a for a in names(g, A))
    assert player(g, A)["hand"]["sv"] == 1 and g.view(None)["market"]["sv"] == 2


def test_g31_exports_overshoot_and_only_after_sales():
    """EP G31: the check runs after each product sold (6 or more → remove 6, repeat); a batch
    of 8 into an empty market exports once and leaves 2; the 2-player feed never exports."""
    g = arranged(hand={A: {"mp": 8}})
    place(g, "3A", "3B", "3C")
    play(g, at("d5-vender", A))
    ev = []
    for _ in range(8):
        ev += do(g, A, "vender-mp-d")
    assert sum(1 for e in ev if e.kind == "exportar") == 1
    assert g.view(None)["market"]["mp"] == 2 and g.view(None)["subsidies"] == [1, 0, 0]
    g2 = arranged(n=2, market={"sv": 5})
    place(g2, "3A", "3B")
    ev = play(g2, at("d5-comprar"))
    assert g2.view(None)["market"]["sv"] == 6 and not any(e.kind == "exportar" for e in ev)


def test_g32_event_dinero_same_order():
    """EP G32: export and event Dinero both go on the square with the fewest, ties to the
    lowest (event S07 on (1, 1, 0) → (1, 1, 1) → (2, 1, 1))."""
    g = arranged(events=["S07"], subsidies=[1, 1, 0])
    ev = place(g, "3A", "3B", "3C")
    dep = next(e for e in ev if e.kind == "subsidio")
    assert dep.data["squares"] == [2, 0] and g.view(None)["subsidies"] == [2, 1, 1]


@pytest.mark.parametrize("before, after", [([0, 2, 1], [2, 1, 0]), ([0, 0, 0], [0, 0, 0]),
                                           ([3, 0, 0], [3, 0, 0])])
def test_g33_subsidy_shift(before, after):
    """EP G33: the row shifts left while square 1 is empty and another holds Dinero; contents
    are never merged."""
    g = arranged(events=["S11", "S02"], subsidies=before)
    place(g, "3A", "3B", "3C")
    play(g, lambda x: x.period == 2)
    assert g.view(None)["subsidies"] == after and sum(after) == sum(before)


def test_g35_several_ideas_optional():
    """EP G35: any number of complete sets may be traded in D7, and trading is optional."""
    g = arranged(hand={A: {"mp": 3, "bc": 3, "sv": 3}})
    place(g, "3A", "3B", "3C")
    play(g, at("d7-innovar", A))
    for _ in range(3):
        do(g, A, "innovar")
    assert player(g, A)["ideas"] == 3 and A not in g.to_move


def test_g36_unlimited_box_and_merma_choice():
    """EP G36: the box never runs out (a seat imports and collects as many tokens as it
    pays for), and in merma the seat chooses which product to keep, hidden until all chose."""
    g = arranged(resources={A: {"ch": 0, "d": 40, "e": 0}},
                 hand={A: {"mp": 1}, B: {"mp": 1, "sv": 1}})
    place(g, "3A", "3B", "3C")
    play(g, at("d5-comprar", A))
    for _ in range(8):
        do(g, A, "importar-bc")
    assert player(g, A)["hand"] == {"mp": 1, "bc": 8, "sv": 0}
    play(g, at("resumen-merma"))
    assert set(g.to_move) == {A, B}
    do(g, A, "conservar-bc")
    assert player(g, B)["hand"] == {"mp": 1, "bc": 0, "sv": 1}
    assert "pending" not in g.view(B)["players"][A] and g.view(A)["players"][A]["pending"] == {
        "keep": "bc"}
    do(g, B, "conservar-sv")
    assert player(g, B)["hand"] == {"mp": 0, "bc": 0, "sv": 1}


def test_g37_summary_in_the_last_period():
    """EP G37: a full game has no Summary after Period 12; the tutorial runs its Period 5
    Summary (steps 1–6) and then ends."""
    g = arranged(period=12, hand={A: {"mp": 1, "bc": 1}})
    place(g, "3A", "3B", "3C")
    ev = to_end(g)
    assert "merma" not in [e.kind for e in ev] and player(g, A)["hand"]["bc"] == 1
    t = new(tutorial=True)
    ev = script(t)
    last = [e.kind for e in ev][-8:]
    assert "merma" in last and "ofertas" in last and last[-1] == "fin"


def test_g38_tie_break_counts():
    """EP G38: tie-break 1 counts placed tokens and never Ideas; tie-break 2 adds resources,
    products (hand and Tienda) and every owned card, active or not, at max(1, cost − 1)."""
    g = arranged(period=12, ideas={A: 2, B: 2},
                 investments={A: ["externalizacion"], B: ["estrategia-rse"]},
                 active={A: ["proceso-1"]},
                 resources={A: {"ch": 2, "d": 2, "e": 1}, B: {"ch": 2, "d": 2, "e": 2}},
                 hand={B: {"mp": 1}}, tienda={B: {"bc": 1}})
    place(g, "3A", "3B", "3C")
    to_end(g)
    d = g.result.details
    assert d["resources"][:2] == [6, 6]                    # A: 5 idle + 1 placed
    assert d["liquidation"][:2] == [6 + 2, 6 + 2 + 1]      # B: 2 products + RSE (2 → 1)
    assert g.result.winners == (B,)


def test_g39_trio_min_and_externalizacion_excluded():
    """EP G39: trios = min(I, E, T), one card per trio, Externalización never counted."""
    g = arranged(period=12,
                 investments={A: ["cartel-publicitario", "industria", "externalizacion",
                                  "comite-emprendedor", "informatica"]},
                 active={A: ["externalizacion", "comite-emprendedor"]})
    place(g, "3A", "3B", "3C")
    to_end(g)
    assert g.result.details["trios"][0] == 1                # I=2, E=1 (Comité), T=1


def test_g40_two_players():
    """EP G40: two players: different plan types; the missing type is fed before D5's Buy
    step (buyable at once) and never exports; «3-4» values."""
    with pytest.raises(ludoteca.InvalidOption, match="EP-TWO.2"):
        new(2, plans=["SV-1", "SV-2"])
    g = arranged(n=2, resources={A: {"ch": 2, "d": 3, "e": 2}})
    place(g, "3A", "3B")
    play(g, at("d5-comprar", A))
    assert g.view(None)["market"]["sv"] == 1
    do(g, A, "comprar-sv")
    assert player(g, A)["hand"]["sv"] == 1
    assert sum(1 for q in g.view(None)["squares"] if q["id"].startswith("D1")) == 1


def test_g42_tutorial_rulings():
    """EP G42: (a) 3 processes in Period 4; (b) MC passes every Period; (c) Period 2's steps 5–6
    do nothing; (d) the D5 square's discount applies in Period 5; (e) no imports in the
    tutorial; (h) Ideas-only score."""
    t = arranged(options={"tutorial": True}, market={"mp": 2})
    ev = script(t, until=lambda x: x.period == 5 and step(x) == "oportunidad")
    assert [e.data["mc"] for e in ev if e.kind == "periodo"] == [2, 0, 1]             # (b)
    checks = {e.data["id"]: e.data["ok"] for e in ev if e.kind == "tutorial-control"}
    assert checks["TC11"]                                                             # (a)
    assert next(e for e in ev if e.kind == "ofertas-rotadas").data["slots"] == []     # (c)
    holder = t.to_move[0]
    do(t, holder, "ubicar D5")
    script(t, until=lambda x: step(x) == "d5-comprar" and holder in x.to_move)
    assert t.view(None)["market"] == {"mp": 2, "bc": 0, "sv": 0}
    assert not any(a.startswith("importar") for a in names(t, holder))                # (e)
    buy = next(e for e in do(t, holder, "comprar-mp") if e.kind == "comprar")
    assert buy.data["paid"] == 2                                                      # (d)
    script(t)
    assert list(t.result.scores) == t.result.details["ideas"]                         # (h)


def test_g43_credit_penalty_may_take_a_placed_idea():
    """EP G43 (scoring side): a placed Idea still scores; with no idle Idea the credit penalty
    takes a placed one, and the process it stood on becomes inactive."""
    g = arranged(period=12, ideas={A: 1}, credit=[A], active={A: ["proceso-2"]})
    place(g, "3A", "3B", "3C")
    play(g, at("d2-activar", A))
    do(g, A, "sustituir-ch proceso-2")
    assert player(g, A)["ideas"] == 1 and player(g, A)["ideas_idle"] == 0
    ev = to_end(g)
    pen = next(e for e in ev if e.kind == "penalizacion-credito")
    assert pen.data["idea"] == "placed:proceso-2"
    assert g.result.scores[A] == 0
    g2 = arranged(period=12, ideas={A: 1}, active={A: ["proceso-2"]})
    place(g2, "3A", "3B", "3C")
    play(g2, at("d2-activar", A))
    do(g2, A, "sustituir-ch proceso-2")
    to_end(g2)
    assert g2.result.scores[A] == 1 and g2.result.details["resources"][A] == 7   # Idea: not


def test_g44_d5_discount_first_paid_purchase_not_credit():
    """EP G44 (D5 side): the D5 discount applies once, to the first purchase paid in Dinero —
    not to a purchase on credit."""
    g = arranged(market={"mp": 3}, resources={A: {"ch": 2, "d": 5, "e": 2}})
    place(g, "D5", "3B", "3C")
    play(g, at("d5-comprar", A))
    do(g, A, "comprar-credito-mp")
    assert not player(g, A)["period"]["d5_discount_used"]
    paid = [next(e for e in do(g, A, "comprar-mp") if e.kind == "comprar").data["paid"]
            for _ in range(2)]
    assert paid == [2, 3] and player(g, A)["idle"]["d"] == 0


def test_g45_deck_running_out():
    """EP G45: a refill with no face-down card shuffles the deck's face-up cards and goes on; if
    both piles are empty the type shows fewer offers."""
    owned = {0: ["bodega", "industria", "cartel-publicitario", "central-de-energia-limpia"],
             1: ["bodega", "industria", "cartel-publicitario", "central-de-energia-limpia"]}
    g = arranged(events=["S11", "S02", "S04"], investments=owned)
    place(g, "3A", "3B", "3C")
    play(g, lambda x: x.period == 2)
    place(g, "3A", "3B", "3C")
    ev = play(g, lambda x: x.period == 3)
    # both Red cards retired under the deck, then reshuffled straight back as fresh offers
    assert any(e.kind == "mazo-rebarajado" and e.data == {"deck": 0, "cards": 2} for e in ev)
    offers = [(o["card"], o["age"]) for o in g.view(None)["decks"][0]["offers"]]
    assert offers == [("red-de-transporte-limpio", 0)] * 2


def test_g48_names_follow_the_booklet():
    """EP G48: the booklet's names: «El Plan: tú decides» and «Bien de consumo»."""
    assert C.raw["title"] == "El Plan: tú decides"
    assert C.raw["products"][1]["name"] == "Bien de consumo"
