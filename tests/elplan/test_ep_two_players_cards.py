"""The two-player game (EP-TWO.1–3) and the card glossary effects (EP-CARD.1–23).

Card data (G4, authored in content.toml): Bodega E spaces ×3 → P-A / +P-B / +P-C; Prevención CH
×3 → P-B / +P-C / +P-A; Cartel publicitario (comes active; extra D) P-A / P-A+P-B; Industria
(extra E) P-B / P-B+P-C; Informática (extra CH) P-C / P-C+P-A; Laboratorio 1 CH, one picked
process; Central +1 E, Comité +1 CH, RSE +1 D at the start of D2; Red de transporte limpio ▶
+1 E per export, no subsidy Dinero; Etiquetas RFID ▶ +1 D for the first export; Técnico +1 D per
product sold; Tienda virtual 1 CH, others buy at 3 D paid to the owner."""

from __future__ import annotations

import pytest
from ep_support import DONE as LISTO
from ep_support import arranged, do, names, new, place, play, player, target
from ep_support import at_step as at

import ludoteca
from ludoteca.games.elplan.common import C


def pool(g, s):
    a, b, c, x = g._pool_of(s, square=False)
    return {"a": a, "b": b, "c": c, "any": x}


# ----- two players -------------------------------------------------------------------------------
def test_ep_two_1_a_product_of_the_missing_type_each_d5():
    """EP-TWO.1 (G40): with MP and BC plans, 1 SV goes from the box to the market at the start
    of every D5, before the Buy step; it can be bought at once and never exports by itself."""
    g = arranged(n=2, events=["S11", "S02", "S04"], resources={0: {"ch": 2, "d": 9, "e": 2}})
    assert g.view(None)["market"] == {"mp": 0, "bc": 0, "sv": 0}
    ev = place(g, "3A", "3B") + play(g, at("d5-comprar"))
    feed = [e for e in ev if e.kind == "alimentar"]
    assert len(feed) == 1 and feed[0].rule == "EP-TWO.1" and feed[0].data["product"] == "sv"
    kinds = [e.kind for e in ev]
    assert kinds.index("alimentar") > max(i for i, e in enumerate(ev) if e.kind == "distrito"
                                          and e.data["district"] == 4)
    assert "comprar-sv" in names(g, 0)
    play(g, lambda x: x.period == 2)
    place(g, "3A", "3B")
    play(g, lambda x: x.period == 3)
    assert g.view(None)["market"] == {"mp": 0, "bc": 0, "sv": 2}


def test_ep_two_2_plans_of_different_types():
    """EP-TWO.2: two plans of the same type are refused; different types are fine."""
    with pytest.raises(ludoteca.InvalidOption, match="EP-TWO.2"):
        new(2, plans=["BC-1", "BC-2"])
    for plans in (["SV-2", "MP-1"], ["BC-2", "SV-1"]):
        g = new(2, plans=plans)
        assert [p["plan"] for p in g.view(None)["players"]] == plans
    assert [p["plan_type"] for p in new(2).view(None)["players"]] == ["mp", "bc"]


def test_ep_two_3_uses_the_3_4_values():
    """EP-TWO.3: 2 offers per type and a single D1 square (2 D2 squares as always)."""
    g = new(2, seed=3)
    v = g.view(None)
    assert [len(d["offers"]) for d in v["decks"]] == [2, 2, 2]
    assert all(o for d in v["decks"] for o in d["offers"])
    ids = [q["id"] for q in v["squares"]]
    assert "D1-1" in ids and "D1-2" not in ids and {"D2-1", "D2-2"} <= set(ids)


# ----- the glossary ------------------------------------------------------------------------------
def test_ep_card_1_maquinaria_costs_one_dinero():
    """EP-CARD.1: Maquinaria costs 1 Dinero (erratum; the card prints 2)."""
    card = next(c for c in C.cards if c.id == "maquinaria")
    assert card.cost == (0, 1, 0)
    assert C.raw["investments"][card.index]["printed_cost"] == {"d": 2}
    g = arranged(decks={"tecnologia": ["maquinaria"]})
    place(g, "3A", "3B", "D4")
    play(g, at("d3-invertir"))
    ev = do(g, 0, "invertir tecnologia-1")
    assert next(e for e in ev if e.kind == "invertir").data["paid"] == {"ch": 0, "d": 1, "e": 0}
    assert player(g, 0)["idle"] == {"ch": 2, "d": 1, "e": 2}


def test_ep_card_2_cost_activation_effect_and_play_sign():
    """EP-CARD.2: every card has a cost, an activation and an effect; a ▶ card (Etiquetas
    RFID) may be activated right after buying, a card without ▶ (Maquinaria) may not."""
    for card in C.cards + C.tut_cards:
        assert sum(card.cost) >= 1 and card.kind
        assert card.comes_active or card.min_tokens >= 1
    assert {c.id for c in C.cards if c.play} == {"red-de-transporte-limpio",
                                                 "analista-de-riesgos", "etiquetas-rfid"}
    g = arranged(decks={"tecnologia": ["etiquetas-rfid", "maquinaria"]})
    place(g, "D4", "D5", "3A")
    play(g, at("d3-invertir"))
    do(g, 0, "invertir tecnologia-1")
    assert names(g, 0) == ["activar 16", "listo"]          # ▶: activate now, from idle
    do(g, 0, "activar etiquetas-rfid")
    assert target(g, 0, "etiquetas-rfid")["active"]
    do(g, 1, "invertir tecnologia-2")
    assert 1 not in g.to_move                              # no ▶: nothing more to do
    assert not target(g, 1, "maquinaria")["active"]


def test_ep_card_3_cierre_de_ano_fiscal():
    """EP-CARD.3 (G6): Cierre de año fiscal (S06): a player with no idle resources still takes
    2 of each type; idle ones go back first; placed tokens stay."""
    g = arranged(events=["S06"], resources={0: {"ch": 0, "d": 0, "e": 0},
                                            1: {"ch": 5, "d": 1, "e": 0}},
                 active={0: ["proceso-1"]})
    ev = place(g, "3A", "3B", "3C")
    cierre = next(e for e in ev if e.kind == "suceso-cierre")
    assert cierre.rule == "EP-CARD.3" and cierre.data["returned"]["1"] == {"ch": 5, "d": 1,
                                                                         "e": 0}
    assert [p["idle"] for p in g.view(None)["players"]] == [{"ch": 2, "d": 2, "e": 2}] * 3
    assert target(g, 0, "proceso-1")["active"]


def test_ep_card_4_already_active_cards():
    """EP-CARD.4 (G21): Cartel publicitario is active as soon as it is bought, gives its
    'before /' process (P-A) in that Period's D4 and counts for trios."""
    g = arranged(decks={"infraestructura": ["cartel-publicitario"]},
                 active={1: ["proceso-1", "proceso-2"]})        # BC-1: P-B, P-C
    place(g, "3B", "3C", "D5")
    play(g, at("d3-invertir", 1))
    do(g, 1, "invertir infraestructura-1")
    t = target(g, 1, "cartel-publicitario")
    assert t["active"] and t["tokens"] == 0 and t["processes"] == ["a"]
    play(g, at("d4-fabricar"))
    assert "fabricar-sv" in names(g, 1)                    # P-A + P-B + P-C
    g2 = arranged(period=12, investments={0: ["industria", "comite-emprendedor",
                                              "informatica"]},
                  active={0: ["comite-emprendedor"]})
    place(g2, "3A", "3B", "3C")
    while not g2.is_over:
        s = g2.to_move[0]
        legal = g2.legal_actions(s)
        g2.apply(LISTO if LISTO in legal else legal[0], seat=s)
    assert g2.result.details["trios"][0] == 1


def test_ep_card_5_extra_token_instead_not_added():
    """EP-CARD.5: one extra token on Cartel publicitario gives P-A + P-B instead of P-A —
    never both (P-A is not doubled)."""
    g = arranged(investments={1: ["cartel-publicitario"]}, active={1: ["proceso-1",
                                                                        "proceso-2"]})
    place(g, "3A", "3B", "3C")
    assert pool(g, 1) == {"a": 1, "b": 1, "c": 1, "any": 0}
    play(g, at("d2-activar", 1))
    ev = do(g, 1, "reforzar cartel-publicitario")
    assert next(e for e in ev if e.kind == "reforzar").rule == "EP-CARD.5"
    assert pool(g, 1) == {"a": 1, "b": 2, "c": 1, "any": 0}
    assert player(g, 1)["idle"]["d"] == 1
    assert "reforzar 4" not in names(g, 1)                 # only one extra token


def test_ep_card_6_laboratorio_gives_one_chosen_process():
    """EP-CARD.6 (G23): an active Laboratorio gives exactly 1 of P-A/P-B/P-C, picked in D2
    step 3; 'listo' waits for the pick."""
    g = arranged(investments={0: ["laboratorio"]})
    place(g, "3A", "3B", "3C")
    play(g, at("d2-activar", 0))
    do(g, 0, "activar laboratorio")
    legal = names(g, 0)
    assert {"laboratorio-a", "laboratorio-b", "laboratorio-c"} <= set(legal)
    assert "listo" not in legal
    ev = do(g, 0, "laboratorio-c")
    assert next(e for e in ev if e.kind == "laboratorio").rule == "EP-CARD.6"
    assert pool(g, 0) == {"a": 0, "b": 0, "c": 1, "any": 0}
    assert "listo" in names(g, 0)


def test_ep_card_7_laboratorio_keep_or_change():
    """EP-CARD.7: in a later D2, while it stays active, the pick may be kept or changed (once,
    ruling X1)."""
    g = arranged(events=["S11", "S02"], investments={0: ["laboratorio"]},
                 active={0: ["laboratorio"]})
    place(g, "3A", "3B", "3C")
    play(g, at("d2-activar", 0))
    do(g, 0, "laboratorio-a")
    do(g, 0, "listo")
    play(g, lambda x: x.period == 2)
    place(g, "3A", "3B", "3C")
    play(g, at("d2-activar", 0))
    assert target(g, 0, "laboratorio")["pick"] == "a"
    assert "listo" in names(g, 0) and "laboratorio-a" not in names(g, 0)   # keep: allowed
    ev = do(g, 0, "laboratorio-b")
    assert next(e for e in ev if e.kind == "laboratorio").rule == "EP-CARD.7"
    assert pool(g, 0) == {"a": 0, "b": 1, "c": 0, "any": 0}
    assert not any(a.startswith("laboratorio") for a in names(g, 0))


@pytest.mark.parametrize("cid, res, levels", [
    ("bodega", "e", [{"a": 1}, {"a": 1, "b": 1}, {"a": 1, "b": 1, "c": 1}]),      # EP-CARD.8
    ("prevencion-de-riesgos", "ch", [{"b": 1}, {"b": 1, "c": 1}, {"a": 1, "b": 1, "c": 1}]),
])
def test_ep_card_8_and_10_more_tokens_more_processes(cid, res, levels):
    """EP-CARD.8 (Bodega) and EP-CARD.10 (Prevención de riesgos): 1, 2 or 3 tokens, and more
    tokens give more processes (G22)."""
    g = arranged(investments={0: [cid]}, resources={0: {"ch": 3, "d": 2, "e": 3}})
    place(g, "3A", "3B", "3C")
    play(g, at("d2-activar", 0))
    got = []
    do(g, 0, f"activar {cid}")
    got.append(pool(g, 0))
    for _ in range(2):
        do(g, 0, f"reforzar {cid}")
        got.append(pool(g, 0))
    want = [{"a": 0, "b": 0, "c": 0, "any": 0, **lv} for lv in levels]
    assert got == want
    assert player(g, 0)["idle"][res] == 0
    assert not any(a.startswith("reforzar") for a in names(g, 0))


@pytest.mark.parametrize("cid", ["bodega", "prevencion-de-riesgos"])
def test_ep_card_9_and_10_one_token_is_active_for_trios(cid):
    """EP-CARD.9 (Bodega) / EP-CARD.10 (Prevención): with just 1 token the card is active and
    counts towards a trio."""
    other = ["cartel-publicitario"] if cid != "bodega" else ["comite-emprendedor"]
    inv = {0: [cid, "informatica"] + other}
    act = {0: [cid] + (["comite-emprendedor"] if cid == "bodega" else [])}
    g = arranged(period=12, investments=inv, active=act)
    t = target(g, 0, cid)
    assert t["tokens"] == 1 and t["active"]
    place(g, "3A", "3B", "3C")
    while not g.is_over:
        s = g.to_move[0]
        legal = g.legal_actions(s)
        g.apply(LISTO if LISTO in legal else legal[0], seat=s)
    assert g.result.details["trios"][0] == 1


@pytest.mark.parametrize("cid, gain, rule", [
    ("central-de-energia-limpia", "e", "EP-CARD.11"),
    ("comite-emprendedor", "ch", "EP-CARD.12"),
    ("estrategia-rse", "d", "EP-CARD.13"),
])
def test_ep_card_11_12_13_producers_need_a_period_of_activity(cid, gain, rule):
    """EP-CARD.11–13 (G18): a producer activated in Period 1's D2 gives nothing in Period 1;
    active since the previous Period, it pays at the start of Period 2's D2; deactivated there,
    it gives nothing in Period 3."""
    g = arranged(events=["S11", "S16", "S15"], investments={0: [cid]},
                 resources={0: {"ch": 3, "d": 3, "e": 3}})
    place(g, "3A", "3B", "3C")
    ev = play(g, at("d2-activar", 0))
    do(g, 0, f"activar {cid}")
    do(g, 0, "listo")
    ev += play(g, lambda x: x.period == 2)
    assert not any(e.kind == "produce" for e in ev)
    before = player(g, 0)["idle"][gain]
    ev = place(g, "3A", "3B", "3C") + play(g, at("d2-desactivar", 0))
    prod = [e for e in ev if e.kind == "produce"]
    assert len(prod) == 1 and prod[0].rule == rule and prod[0].data["player"] == 0
    assert player(g, 0)["idle"][gain] == before + 1
    do(g, 0, f"desactivar {cid}")
    ev = play(g, lambda x: x.period == 3)
    ev += place(g, "3A", "3B", "3C") + play(g, at("d2-activar"))
    assert not any(e.kind == "produce" for e in ev)


def test_ep_card_14_tecnico_and_tienda():
    """EP-CARD.14 (G15): Técnico en calidad gives +1 D per product sold; products put on the
    owner's Tienda virtual are not sold (no bonus) until another player buys one."""
    both = ["tecnico-en-calidad", "tienda-virtual"]
    g = arranged(events=["S11", "S02"], investments={0: both}, active={0: both},
                 hand={0: {"mp": 1, "bc": 2}}, resources={1: {"ch": 2, "d": 5, "e": 2}})
    place(g, "3A", "3B", "3C")
    play(g, at("d5-vender", 0))
    ev = do(g, 0, "ofertar-bc")
    assert not any(e.kind == "tecnico" for e in ev)
    do(g, 0, "ofertar-bc")
    assert player(g, 0)["idle"] == {"ch": 2, "d": 2, "e": 2}
    assert player(g, 0)["tienda"]["bc"] == 2
    play(g, lambda x: x.period == 2)
    place(g, "3A", "3B", "3C")
    play(g, at("d5-comprar", 1))
    ev = do(g, 1, "comprar-tienda-bc 0")
    tec = next(e for e in ev if e.kind == "tecnico")
    assert tec.rule == "EP-CARD.14" and tec.data["player"] == 0
    assert player(g, 0)["idle"]["d"] == 2 + 3 + 1 and player(g, 1)["idle"]["d"] == 2
    # and a real sale pays the bonus too
    g2 = arranged(investments={0: ["tecnico-en-calidad"]}, active={0: ["tecnico-en-calidad"]},
                  hand={0: {"sv": 2}})
    place(g2, "3A", "3B", "3C")
    play(g2, at("d5-vender", 0))
    do(g2, 0, "vender-sv-e")
    do(g2, 0, "vender-sv-e")
    assert player(g2, 0)["idle"] == {"ch": 2, "d": 4, "e": 4}


def test_ep_card_15_analista_opts_into_a_neutral_event():
    """EP-CARD.15 (G19): with an active Analista de riesgos, a neutral event (S06 Cierre de año
    fiscal) asks the owner, who may choose to be affected; a negative one (S09) passes it by."""
    g = arranged(events=["S06"], investments={0: ["analista-de-riesgos"]},
                 active={0: ["analista-de-riesgos"]},
                 resources={0: {"ch": 0, "d": 1, "e": 0}, 1: {"ch": 0, "d": 1, "e": 0}})
    place(g, "3A", "3B", "3C")
    assert g.to_move == (0,) and names(g, 0) == ["ignorar-suceso", "aceptar-suceso"]
    ev = do(g, 0, "aceptar-suceso")
    assert next(e for e in ev if e.kind == "exencion").rule == "EP-CARD.15"
    assert player(g, 0)["idle"] == {"ch": 2, "d": 2, "e": 2}
    g2 = arranged(events=["S06"], investments={0: ["analista-de-riesgos"]},
                  active={0: ["analista-de-riesgos"]}, resources={0: {"ch": 0, "d": 1, "e": 0}})
    place(g2, "3A", "3B", "3C")
    do(g2, 0, "ignorar-suceso")
    assert player(g2, 0)["idle"] == {"ch": 0, "d": 1, "e": 0}
    g3 = arranged(events=["S09"], investments={0: ["analista-de-riesgos"]},
                  active={0: ["analista-de-riesgos"]})
    ev = place(g3, "3A", "3B", "3C")
    assert player(g3, 0)["idle"]["e"] == 2 and player(g3, 1)["idle"]["e"] == 1
    assert any(e.kind == "exencion" and e.data["by"] == "analista" for e in ev)


def test_ep_card_16_tienda_products_are_on_offer_not_sold():
    """EP-CARD.16 (G14): products put on a Tienda earn nothing, stay out of the market (no D6
    square, no export), and another player buys one for 3 D paid to the owner."""
    g = arranged(events=["S11", "S02"], investments={0: ["tienda-virtual"]},
                 active={0: ["tienda-virtual"]}, hand={0: {"mp": 6}}, market={"mp": 0},
                 resources={2: {"ch": 2, "d": 3, "e": 2}})
    place(g, "3A", "3B", "3C")
    play(g, at("d5-vender", 0))
    for _ in range(6):
        ev = do(g, 0, "ofertar-mp")
        assert not any(e.kind in ("exportar", "vender") for e in ev)
    assert "vender-mp-d" not in names(g, 0)                # not mixed with selling
    assert g.view(None)["market"]["mp"] == 0 and player(g, 0)["idle"] == {"ch": 2, "d": 2,
                                                                          "e": 2}
    play(g, lambda x: x.period == 2)
    usable = {q["id"] for q in g.view(None)["squares"] if q["usable"]}
    assert "D6-2" not in usable
    place(g, "3A", "3B", "3C")
    play(g, at("d5-comprar", 2))
    assert "comprar-tienda-mp 0" in names(g, 2)
    assert not any(a.startswith("comprar-credito") and "tienda" in a for a in names(g, 2))
    do(g, 2, "comprar-tienda-mp 0")
    assert player(g, 2)["hand"]["mp"] == 1 and player(g, 2)["idle"]["d"] == 0
    assert player(g, 0)["idle"]["d"] == 5 and player(g, 0)["tienda"]["mp"] == 5


def test_ep_card_17_tienda_products_cannot_be_taken_back():
    """EP-CARD.17: the owner can never take products back off its Tienda."""
    g = arranged(investments={0: ["tienda-virtual"]}, active={0: ["tienda-virtual"]},
                 tienda={0: {"sv": 2}}, resources={0: {"ch": 2, "d": 9, "e": 2}})
    place(g, "3A", "3B", "3C")
    play(g, at("d5-comprar", 0))
    assert not any("tienda" in a for a in names(g, 0))
    with pytest.raises(ludoteca.IllegalAction):
        g.apply("comprar-tienda-sv 0", seat=0)
    play(g, lambda x: x.period == 2)
    assert player(g, 0)["tienda"]["sv"] == 2 and player(g, 0)["hand"]["sv"] == 0


def test_ep_card_18_tienda_immune_to_merma():
    """EP-CARD.18: products on a Tienda virtual are not touched by merma."""
    g = arranged(investments={0: ["tienda-virtual"]}, active={0: ["tienda-virtual"]},
                 tienda={0: {"mp": 2, "sv": 3}}, hand={0: {"bc": 2}})
    place(g, "3A", "3B", "3C")
    ev = play(g, lambda x: x.period == 2)
    assert "0" in next(e for e in ev if e.kind == "merma").data["players"]
    p = player(g, 0)
    assert p["tienda"] == {"mp": 2, "bc": 0, "sv": 3} and p["hand"] == {"mp": 0, "bc": 1, "sv": 0}


def test_ep_card_19_red_de_transporte_limpio():
    """EP-CARD.19 (G16): on a D6 square, the owner of Red de transporte limpio takes its
    resource but not the Dinero, which stays; while active it gets +1 E per export."""
    g = arranged(investments={0: ["red-de-transporte-limpio"]}, subsidies=[2, 0, 0])
    place(g, "D6-1", "3B", "3C")
    play(g, at("d6-credito-subsidio", 0))
    do(g, 0, "elegir-d")
    ev = do(g, 0, "listo")
    rec = next(e for e in ev if e.kind == "subsidios")
    assert rec.data["choices"]["0"] == {"resource": "d", "blocked": 2}
    assert player(g, 0)["idle"]["d"] == 3
    g2 = arranged(investments={0: ["red-de-transporte-limpio"]},
                  active={0: ["red-de-transporte-limpio"]}, market={"mp": 5, "bc": 5},
                  hand={1: {"mp": 1}, 2: {"bc": 1}})
    place(g2, "3A", "3B", "3C")
    play(g2, at("d5-vender", 1))
    ev = do(g2, 1, "vender-mp-d")
    assert any(e.kind == "red" and e.rule == "EP-CARD.19" for e in ev)
    play(g2, at("d5-vender", 2))
    do(g2, 2, "vender-bc-d")
    assert player(g2, 0)["idle"]["e"] == 2 + 2


def test_ep_card_20_externalizacion_must_be_active():
    """EP-CARD.20 (G20): only an active Externalización can name another card."""
    g = arranged(investments={0: ["externalizacion", "laboratorio"]},
                 resources={0: {"ch": 2, "d": 2, "e": 2}})
    place(g, "3A", "3B", "3C")
    play(g, at("d2-activar", 0))
    assert not any(a.startswith("externalizar") for a in names(g, 0))
    do(g, 0, "activar externalizacion")
    assert "externalizar 15" in names(g, 0)
    ev = do(g, 0, "externalizar laboratorio")
    assert next(e for e in ev if e.kind == "externalizar").rule == "EP-CARD.20"
    assert target(g, 0, "laboratorio")["active"]


def test_ep_card_21_externalizacion_is_no_trio_card():
    """EP-CARD.21: an active Externalización never counts towards a trio."""
    g = arranged(period=12, investments={0: ["externalizacion", "bodega", "maquinaria"]},
                 active={0: ["externalizacion", "bodega", "maquinaria"]})
    assert target(g, 0, "externalizacion")["active"]
    place(g, "3A", "3B", "3C")
    while not g.is_over:
        s = g.to_move[0]
        legal = g.legal_actions(s)
        g.apply(LISTO if LISTO in legal else legal[0], seat=s)
    assert g.result.details["trios"][0] == 0


def test_ep_card_22_the_named_card_counts_as_active():
    """EP-CARD.22: the card named by Externalización is active with no resources on it — for
    trios, and (Bodega) at its 1-token level in D4."""
    g = arranged(period=12, investments={0: ["externalizacion", "bodega", "comite-emprendedor",
                                              "informatica"]},
                 active={0: ["externalizacion", "comite-emprendedor"]})
    place(g, "3A", "3B", "3C")
    play(g, at("d2-activar", 0))
    do(g, 0, "externalizar bodega")
    t = target(g, 0, "bodega")
    assert t["active"] and t["tokens"] == 0 and t["named"] and t["processes"] == ["a"]
    assert not any(a in ("activar 2", "reforzar 2") for a in names(g, 0))
    assert player(g, 0)["trios"] == 1
    while not g.is_over:
        s = g.to_move[0]
        legal = g.legal_actions(s)
        g.apply(LISTO if LISTO in legal else legal[0], seat=s)
    assert g.result.details["trios"][0] == 1


def test_ep_card_23_rfid_pays_once_per_period():
    """EP-CARD.23 (G17): Etiquetas RFID pays +1 D for the first export of a Period only."""
    g = arranged(events=["S11", "S02"], investments={0: ["etiquetas-rfid"]},
                 active={0: ["etiquetas-rfid"]}, market={"mp": 5, "bc": 5},
                 hand={1: {"mp": 1}, 2: {"bc": 1}})
    place(g, "3A", "3B", "3C")
    play(g, at("d5-vender", 1))
    ev = do(g, 1, "vender-mp-d")
    assert [e.rule for e in ev if e.kind == "rfid"] == ["EP-CARD.23"]
    play(g, at("d5-vender", 2))
    ev = do(g, 2, "vender-bc-d")
    assert any(e.kind == "exportar" for e in ev) and not any(e.kind == "rfid" for e in ev)
    assert player(g, 0)["idle"]["d"] == 3
    assert g.period == 2 and g.view(None)["modifiers"]["rfid_paid"] is False   # reset
