"""Smoke tests of the elplan engine: setup, one Period's event order, the tutorial's
checkpoints, final scoring, hidden simultaneous choices, parsing. The rule-by-rule suite lives
elsewhere; these prove the engine's main paths work end to end."""

from __future__ import annotations

import json
import random

import pytest
from ep_support import kinds, new

import ludoteca
from ludoteca.core.action import Action


def script_policy(game, seat):
    """Follows the tutorial's instructions: activate, buy, make, buy the missing type, sell
    for Money, innovate; otherwise 'listo'."""
    acts = game.legal_actions(seat)
    for pref in ("innovar", "fabricar", "activar", "invertir", "comprar", "vender", "ubicar",
                 "elegir", "conservar", "aceptar-suceso"):
        for a in acts:
            if a.name.startswith(pref) and not a.name.startswith("invertir-credito") and \
                    not a.name.startswith("comprar-credito"):
                return a
    return Action("listo") if Action("listo") in acts else acts[0]


def pass_policy(game, seat):
    acts = game.legal_actions(seat)
    return Action("listo") if Action("listo") in acts else acts[0]


def play(game, policy, until=None):
    events = list(game.opening_events) if not game.actions_played else []
    while not game.is_over and not (until and until(game)):
        seat = game.to_move[0]
        events += game.apply(policy(game, seat), seat=seat)
        game._check_invariants()
    return events


# ----- setup ---------------------------------------------------------------------------------
def test_setup_four_players():
    g = new(4, seed=3, first_player=2)
    v = g.view(None)
    assert [sum(1 for o in d["offers"] if o) for d in v["decks"]] == [2, 2, 2]   # EP-SET.2
    assert v["events"]["face_down"] == 12 and v["events"]["set_aside"] == 8      # EP-SET.5
    assert all(p["idle"] == {"ch": 2, "d": 2, "e": 2} for p in v["players"])     # EP-SET.11
    assert all(p["ideas"] == 0 and sum(p["hand"].values()) == 0 for p in v["players"])
    assert v["mc"] == 2 and g.to_move == (2,)                                    # EP-SET.13
    assert v["step"] == "oportunidad" and v["period"] == 1
    assert kinds(g.opening_events)[:4] == ["preparacion", "sucesos-apartados", "ofertas",
                                            "periodo"]
    g5 = new(5)
    assert [sum(1 for o in d["offers"] if o) for d in g5.view(None)["decks"]] == [3, 3, 3]
    g._check_invariants()


@pytest.mark.parametrize("n, options, match", [
    (4, {"tutorial": True}, "tutorial is for 3 players"),
    (3, {"tutorial": True, "level": 2}, "level"),
    (3, {"plans": ["MP-1", "MP-2", "BC-1"]}, "EP-SET.8"),
    (3, {"plans": ["MP-1", "BC-1", "SV-1-N2"]}, "EP-SET.9"),
    (2, {"plans": ["MP-1", "MP-2"]}, "EP-TWO.2"),
    (3, {"plans": "MP-1,BC-1"}, "3 plan ids"),
    (3, {"first_player": 3}, "first_player"),
    (3, {"level": 3}, "level"),
    (3, {"credit_repayment": "maybe"}, "credit_repayment"),
])
def test_bad_options_are_refused(n, options, match):
    with pytest.raises(ludoteca.InvalidOption, match=match):
        new(n, **options)


def test_plans_option_and_strict_credit():
    g = new(3, plans="SV-2,MP-2,BC-2", credit_repayment=False)
    assert [p["plan"] for p in g.view(None)["players"]] == ["SV-2", "MP-2", "BC-2"]
    assert g.repay_enabled is False


# ----- one Period with a known event order ---------------------------------------------------
def test_one_period_event_order():
    g = new(3, seed=5)
    g.arrange(events=["S09", "S01"], resources={0: {"ch": 2, "d": 5, "e": 2}})
    ev = []
    ev += g.apply("ubicar D2-1", seat=0)
    ev += g.apply("ubicar D1-1", seat=1)        # may ignore the power cut
    ev += g.apply("ubicar D6-1", seat=2)
    assert kinds(ev)[:3] == ["ubicar"] * 3
    assert kinds(ev)[3:5] == ["distrito", "suceso"]
    assert ev[4].data["event"] == "S09" and ev[4].rule == "EP-D1.1"
    assert g.to_move == (1,)                                # only the D1 square decides
    ev = g.apply("ignorar-suceso", seat=1)
    assert kinds(ev)[:3] == ["exencion", "suceso-paga", "distrito"]
    assert ev[1].data["paid"] == {"0": 1, "2": 1}             # seat 1 kept its Energy
    assert ev[3].kind == "oportunidad-d2" and ev[3].data["player"] == 0
    assert g.view(None)["players"][0]["idle"] == {"ch": 3, "d": 5, "e": 1}
    # D2: everyone activates both plan processes, then passes
    ev = play(g, script_policy, until=lambda x: x.view(None)["step"] == "d4-fabricar")
    assert "activar" in kinds(ev) and "procesos" in kinds(ev)
    seen = [e.kind for e in ev if e.kind in ("distrito",)]
    assert seen == ["distrito", "distrito"]                    # D3 and D4 activated
    rest = play(g, script_policy, until=lambda x: x.period == 2)
    order = [e.data["district"] for e in rest if e.kind == "distrito"]
    assert order == [4, 5, 6, 7][-len(order):]
    ks = kinds(rest)
    assert ks.index("fabricacion") < ks.index("merma") < ks.index("suceso-abajo") < \
        ks.index("momento-cero") < ks.index("periodo")
    assert g.mc == 1 and g.view(None)["events"]["under"] == ["S09"]
    for e in ev + rest:
        assert e.rule and e.rule.startswith("EP-"), e


# ----- the tutorial ------------------------------------------------------------------------
def test_tutorial_first_checkpoints_and_explanations():
    g = new(3, tutorial=True)
    opening = list(g.opening_events)
    assert [e.data["step"] for e in opening if e.kind == "explain"][:3] == \
        ["setup", "P1.start", "P1.D1"]
    tc01 = next(e for e in opening if e.kind == "tutorial-control")
    assert tc01.data["id"] == "TC01" and tc01.data["ok"] is True
    tc02 = next(e for e in opening if e.kind == "tutorial-control" and e.data["id"] == "TC02")
    assert tc02.data["ok"] and tc02.rule == "EP-TUT.16"
    p1 = [e.data["step"] for e in opening if e.kind == "explain"]
    assert p1[3:] == ["P1.summary", "P2.start", "P2.D1", "P2.D2"]  # P1 needs no decision
    assert g.period == 2 and g.view(None)["step"] == "d2-activar"
    assert g.explanation("es").startswith("Administración")
    ev = play(g, script_policy, until=lambda x: x.period == 3)
    checks = {e.data["id"]: e.data["ok"] for e in opening + ev if e.kind == "tutorial-control"}
    assert checks == {"TC01": True, "TC02": True, "TC03": True, "TC04": True, "TC05": True}
    assert g.describe(next(e for e in ev if e.kind == "explain"), "en")


def test_whole_tutorial_script_passes_every_checkpoint():
    g = new(3, tutorial=True, seed=99)
    ev = play(g, script_policy)
    checks = {e.data["id"]: e.data["ok"] for e in ev if e.kind == "tutorial-control"}
    assert len(checks) == 15 and all(checks.values()), checks
    steps = [e.data["step"] for e in ev if e.kind == "explain"]
    assert steps[0] == "setup" and steps[-1] == "P5.summary" and len(steps) == 36
    assert g.result.reason == "tutorial" and g.period == 5
    assert all(s >= 1 for s in g.result.scores)                 # an Idea each from Period 4


def test_tutorial_is_the_same_whatever_the_seed():
    a, b = new(3, tutorial=True, seed=1), new(3, tutorial=True, seed=2)
    play(a, script_policy)
    play(b, script_policy)
    assert a.actions_played == b.actions_played
    assert a.view(None) == b.view(None)


# ----- scoring ---------------------------------------------------------------------------------
def test_scoring_trio_and_credit_penalty():
    g = new(3, seed=7)
    g.arrange(period=12, events=["S11"],
              investments={0: ["cartel-publicitario", "tecnico-en-calidad", "informatica"],
                           1: ["bodega", "laboratorio"]},
              active={0: ["tecnico-en-calidad"], 1: ["bodega"]},
              ideas={0: 3, 1: 3, 2: 2}, credit=[0, 2])
    play(g, pass_policy)
    r = g.result
    assert r.reason == "fin" and g.period == 12
    assert g.view(None)["events"]["current"] == "S11"           # no Summary in Period 12
    d = r.details
    assert d["trios"] == [1, 0, 0]                               # EP-SCO.3
    assert d["penalty"] == [True, False, True]                   # EP-SCO.6
    assert d["ideas"] == [2, 3, 1]
    assert r.scores == (3, 3, 1)
    assert set(r.winners) <= {0, 1} and r.ranking[-1] == 2
    # tie-break 1: resources owned, idle + placed (EP-SCO.8)
    if d["resources"][0] != d["resources"][1]:
        assert r.winners == (0,) if d["resources"][0] > d["resources"][1] else (1,)


def test_credit_penalty_takes_nothing_without_ideas():
    g = new(3, seed=8)
    g.arrange(period=12, events=["S11"], credit=[1])
    play(g, pass_policy)
    assert g.result.details["penalty"] == [False, False, False]
    assert g.result.details["penalty_idea"][1] == "none"
    assert min(g.result.scores) >= 0                             # G11


# ----- simultaneous choices stay hidden -------------------------------------------------------
def test_d4_choices_are_hidden_until_all_are_in():
    g = new(3, seed=4)
    play(g, script_policy, until=lambda x: x.view(None)["step"] == "d4-fabricar")
    movers = g.to_move
    assert len(movers) >= 2
    first, other = movers[0], movers[1]
    make = next(a for a in g.legal_actions(first) if a.name.startswith("fabricar"))
    ev = g.apply(make, seat=first)
    assert kinds(ev) == ["decidido"] and set(ev[0].data) == {"player", "step"}
    mine = g.view(first)["players"][first]
    assert sum(mine["pending"]["made"].values()) == 1
    for seat in (other, None):
        p = g.view(seat)["players"][first]
        assert "pending" not in p and p["done"] is False
        assert json.dumps(g.determinize(seat, 1).view(seat)) == json.dumps(g.view(seat))
    assert sum(g.view(None)["players"][first]["hand"].values()) == \
        sum(g.determinize(None, 2).view(None)["players"][first]["hand"].values())
    ev = g.apply("listo", seat=first)
    assert kinds(ev) == ["decidido"]
    assert first not in g.to_move
    with pytest.raises(ludoteca.IllegalAction, match="may not act"):
        g.apply("listo", seat=first)
    rest = []
    while g.view(None)["step"] == "d4-fabricar":
        s = g.to_move[0]
        rest += g.apply(script_policy(g, s), seat=s)
    reveal = next(e for e in rest if e.kind == "fabricacion")
    assert sum(reveal.data["made"][str(first)].values()) >= 1


# ----- parsing and refusals -----------------------------------------------------------------
def test_parse_forms_and_english_aliases():
    g = new(3)
    assert g.parse("ubicar 3A") == Action("ubicar", 4)
    assert g.parse("place D6-1") == Action("ubicar", 9)
    assert g.parse("activar proceso-2") == Action("activar", 1)
    assert g.parse("activate bodega") == Action("activar", 2)
    assert g.parse("Activar Cartel Publicitario") == Action("activar", 4)
    assert g.parse("invertir tecnologia-1") == Action("invertir", 6)
    assert g.parse("invest technology 2") == Action("invertir", 7)
    assert g.parse("sell raw money") == Action("vender-mp-d")
    assert g.parse("vender bc e") == Action("vender-bc-e")
    assert g.parse("comprar tienda sv 2") == Action("comprar-tienda-sv", 2)
    assert g.parse("exchange hc hc money") == Action("canjear-ch-ch-d")
    assert g.parse("idea money 5") == Action("idea-d", 5)
    assert g.parse("done") == Action("listo")
    for bad in ("", "comprar", "ubicar 12", "ubicar D9", "activar 18", "vender mp"):
        with pytest.raises(ludoteca.IllegalAction):
            g.parse(bad)
    assert g.action_id(Action("innovar")) == 310 and g.num_distinct_actions == 311


def test_refusals_are_specific_in_both_languages():
    g = new(3, seed=2)
    with pytest.raises(ludoteca.IllegalAction) as err:
        g.apply("listo", seat=0)
    assert "compulsory" in err.value.reason and "obligatorio" in err.value.reason_es
    g.apply("ubicar D6-1", seat=0)
    with pytest.raises(ludoteca.IllegalAction) as err:
        g.apply("ubicar D6-1", seat=1)
    assert "EP-OPP.2" in err.value.reason
    with pytest.raises(ludoteca.IllegalAction) as err:
        g.apply("ubicar D6-3", seat=1)
    assert "EP-OPP.11" in err.value.reason


def test_random_games_keep_the_invariants():
    for n, options in ((2, {}), (6, {"level": 2}), (3, {"tutorial": True})):
        g = new(n, seed=n, **options)
        rng = random.Random(n)
        while not g.is_over:
            seat = rng.choice(list(g.to_move))
            g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
            g._check_invariants()
        assert sorted(g.result.ranking) == list(range(n))


def test_every_event_cites_a_checklist_rule():
    import pathlib
    import re

    from ludoteca.agents import make_agent

    path = pathlib.Path(__file__).resolve().parents[3] / "shared" / "rules" / "elplan.md"
    if not path.exists():
        pytest.skip("checklist not available")
    ids = set(re.findall(r"\*\*(EP-[A-Z0-9]+\.\d+)\*\*", path.read_text("utf-8")))
    for n, options in ((3, {"tutorial": True}), (5, {}), (2, {"level": 2})):
        g = new(n, seed=n, **options)
        bots = [make_agent("greedy" if i % 2 else "random", "elplan", seed=i) for i in range(n)]
        events = list(g.opening_events)
        while not g.is_over:
            seat = g.to_move[0]
            events += g.apply(bots[seat].choose(g, seat), seat=seat)
        for e in events:
            assert e.rule in ids, e
            for lang in ("es", "en"):
                assert not g.describe(e, lang).startswith(e.kind + ":"), e


def test_broken_content_names_the_field():
    from importlib import resources

    from ludoteca.games.elplan.content import parse_content

    text = resources.files("ludoteca.games.elplan").joinpath("content.toml").read_text("utf-8")
    with pytest.raises(ludoteca.ContentError, match="periods.full_game.*12"):
        parse_content(text.replace("full_game = 12", "full_game = 13"))
    with pytest.raises(ludoteca.ContentError, match=r"investments\[0\].effect.kind.*processes"):
        parse_content(text.replace('kind = "processes", by_tokens = [[], ["a"]',
                                   'kind = "magic", by_tokens = [[], ["a"]', 1))
    with pytest.raises(ludoteca.ContentError, match="maquinaria.*EP-CARD.1"):
        parse_content(text.replace("cost = { d = 1 }              # EP-CARD.1",
                                   "cost = { d = 2 }              # EP-CARD.1"))


def test_greedy_bot_earns_ideas():
    from ludoteca.agents import make_agent

    g = new(3, seed=11)
    bots = [make_agent("greedy", "elplan", seed=i) for i in range(3)]
    while not g.is_over:
        seat = g.to_move[0]
        g.apply(bots[seat].choose(g, seat), seat=seat)
    assert max(g.result.details["ideas"]) >= 2
