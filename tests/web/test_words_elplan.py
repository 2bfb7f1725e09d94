"""Action buttons in words for «El Plan: tú decides» (``ludoteca.web.words.elplan``): random
games of 2–6 players (tutorial, level 1, level 2), and at every step every legal action of every
seat to move is described in Spanish and English — not its text form, no engine slug, naming
what it is about — and never with a name the seat's view does not hold."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.games.elplan import actions as A
from ludoteca.games.elplan.content import content
from ludoteca.web.table import action_buttons
from ludoteca.web.words.elplan import describe

C = content()
RES = ("ch", "d", "e")
PROD = ("mp", "bc", "sv")
SLUG = re.compile(r"\b[a-z]{2,}-[a-z0-9]")
CARDS = {k.id: (k.name, k.name_en) for k in C.cards + C.tut_cards}
EVENTS = {e.id: (e.name, e.name_en) for e in C.events}
GAMES = [  # (players, seed, options)
    (3, 1, {"tutorial": True}),
    (2, 2, {}),
    (4, 3, {}),
    (6, 4, {}),
    (3, 5, {"level": 2}),
    (5, 6, {"level": 2, "credit_repayment": False}),
]


def _target_name(view: dict[str, Any], n: int, i: int) -> str:
    me = next(p for p in view["players"] if p["seat"] == view["seat"])
    t = next(t for t in me["targets"] if t["n"] == n)
    if t["kind"] == "proceso":
        return (f"Proceso {n + 1} del Plan", f"Plan process {n + 1}")[i]
    return CARDS[t["id"]][i]


def _offer_name(view: dict[str, Any], o: int, i: int) -> str:
    card = next(x["card"] for d in view["decks"] for x in d["offers"] if x and x["slot"] == o)
    return CARDS[card][i]


def about(view: dict[str, Any], text: str, i: int) -> list[str]:
    """The words (in language ``i``: 0 es, 1 en) a label for ``text`` must contain."""
    name, _, arg = text.partition(" ")
    res = [C.resource_names[r][i] for r in range(3)]
    prod = [C.product_names[t][i] for t in range(3)]
    if name == A.PLACE:
        return [C.squares[int(arg)].id]
    if name in (A.IGNORE, A.ACCEPT):
        return [EVENTS[view["events"]["current"]][i]]
    if name in (A.DEACTIVATE, A.RETURN, A.ACTIVATE, A.REINFORCE, A.OUTSOURCE):
        return [_target_name(view, int(arg), i)]
    if name in A.IDEA or name in A.REPLACE:
        r = (A.IDEA.index(name) if name in A.IDEA else A.REPLACE.index(name))
        return [_target_name(view, int(arg), i), "Idea", res[r]]
    if name in (A.INVEST, A.INVEST_D, A.INVEST_E, A.INVEST_CREDIT):
        return [_offer_name(view, int(arg), i)]
    if name in A.CHOOSE:
        return [res[A.CHOOSE.index(name)]]
    if name in A.EXCHANGE:
        r1, r2, r3 = A.EXCHANGES[A.EXCHANGE.index(name)]
        return [res[r1], res[r2], res[r3]]
    if name in A.LAB:
        return [C.ptype_names[A.LAB.index(name)][0]]
    for group in (A.DISCARD, A.KEEP, A.MAKE, A.BUY, A.BUY_CREDIT, A.IMPORT, A.SHOP):
        if name in group:
            return [prod[group.index(name)]]
    if name in A.SELL_D or name in A.SELL_E:
        r = 1 if name in A.SELL_D else 2
        return [prod[(A.SELL_D if r == 1 else A.SELL_E).index(name)], res[r]]
    if name in A.BUY_SHOP:
        return [prod[A.BUY_SHOP.index(name)], view["players"][int(arg)]["name"]]
    if name == A.REPAY:
        return [("crédito", "credit")[i], str(C.repay_cost)]
    if name == A.INNOVATE:
        return ["Idea"]
    assert name == A.DONE, name
    return []


NAMES = [sorted(((names[i], cid) for table in (CARDS, EVENTS) for cid, names in table.items()),
                key=lambda x: -len(x[0])) for i in (0, 1)]   # «Bodega de barrio» before «Bodega»


def named_but_unseen(shown: str, label: str, i: int) -> list[str]:
    """Card and event names in ``label`` whose id the view (as JSON, ``shown``) lacks."""
    out = []
    everything = NAMES[i]
    for name, cid in everything:
        pattern = rf"(?<!\w){re.escape(name)}(?!\w)"
        if re.search(pattern, label):
            if f'"{cid}"' not in shown and not any(
                    n == name and f'"{c}"' in shown for n, c in everything):
                out.append(name)
            label = re.sub(pattern, "…", label)
    return out


def check_action(view: dict[str, Any], text: str, seen: Counter, shown: str = "") -> None:
    shown = shown or json.dumps(view)
    words = describe(view, text)
    assert words is not None, f"{text!r} at {view['step']} has no words"
    assert set(words["label"]) == {"es", "en"} and set(words["group"]) == {"es", "en"}
    for i, lang in enumerate(("es", "en")):
        label = words["label"][lang]
        where = f"{text!r} at {view['step']} ({lang}): {label!r}"
        assert label and label != text and text.split()[0] not in label.split(), where
        assert not SLUG.search(label), f"engine slug in {where}"
        assert not SLUG.search(words["group"][lang]) and words["group"][lang], where
        for word in about(view, text, i):
            assert word in label, f"{where} does not name {word!r}"
        assert not named_but_unseen(shown, label, i), f"{where} names what the seat cannot see"
        helps = words.get("help") or {}
        assert helps.get(lang), f"no help for {where}"
        assert not re.search(r"\b(objetivo|target|oferta|offer) \d|\b[NOQRST]\b", helps[lang]), \
            f"engine placeholder in the help of {where}: {helps[lang]!r}"
        assert not named_but_unseen(shown, helps[lang], i), where
    assert words["label"]["es"] != words["label"]["en"] or text.startswith("laboratorio")
    seen[text.split()[0]] += 1


def play_checking(players: int, seed: int, options: dict) -> Counter:
    """Play a game (greedy moves, one in five random), checking every legal action of every
    seat to move at every step; the action names seen, counted."""
    g = ludoteca.new_game("elplan", players=players, seed=seed, options=options)
    bot = make_agent("greedy", "elplan", seed=seed)
    rng = random.Random(seed)
    seen: Counter = Counter()
    steps = 0
    while not g.is_over and steps < 5000:
        for seat in g.to_move:
            view = g.view(seat)
            shown = json.dumps(view)
            for action in g.legal_actions(seat):
                check_action(view, str(action), seen, shown)
        seat = rng.choice(list(g.to_move))
        move = rng.choice(g.legal_actions(seat)) if rng.random() < 0.2 else bot.choose(g, seat)
        g.apply(move, seat=seat)
        steps += 1
    assert g.is_over
    return seen


@pytest.mark.parametrize(("players", "seed", "options"), GAMES,
                         ids=[f"{n}p-{json.dumps(o, sort_keys=True)}" for n, _s, o in GAMES])
def test_every_legal_action_is_described(players: int, seed: int, options: dict) -> None:
    seen = play_checking(players, seed, options)
    assert {"listo", "activar", "ubicar" if not options.get("tutorial") else "fabricar-mp"} \
        <= set(seen), seen
    assert len(seen) >= 12, seen


def test_the_games_reach_most_kinds_of_action() -> None:
    """Together the games above offer almost every kind of action (so the checks mean
    something): ideas, imports, the shop, innovation, secret choices."""
    seen: Counter = Counter()
    for players, seed, options in GAMES:
        seen += play_checking(players, seed, options)
    for name in ("idea-ch", "sustituir-d", "importar-mp", "ofertar-bc", "innovar",
                 "conservar-sv", "pagar-credito", "invertir-credito", "laboratorio-a",
                 "elegir-e", "ignorar-suceso", "canjear-d-e-ch", "vender-sv-e"):
        assert name in seen, f"{name} never offered"


def test_buttons_carry_the_words_and_the_secret_choice_stays_secret() -> None:
    """The table's buttons use the words; in a simultaneous step a seat's buttons are the same
    whatever another seat has secretly chosen."""
    g = ludoteca.new_game("elplan", players=3, seed=7)
    rng = random.Random(7)
    while not g.is_over and g.view(0)["step"] != "d4-fabricar":
        seat = g.to_move[0]
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    assert not g.is_over
    before = action_buttons(g, 1, None)
    assert all(b["label"]["es"] != b["text"] for b in before)
    assert all("group" in b for b in before)
    makes = [a for a in g.legal_actions(0) if str(a).startswith("fabricar")]
    if makes:
        g.apply(makes[0], seat=0)
        after = action_buttons(g, 1, None)
        assert [(b["text"], b["label"]) for b in after] == \
            [(b["text"], b["label"]) for b in before]


def test_words_for_arranged_situations() -> None:
    """Costs and names the random games seldom reach: the District 3 discount, the market
    price with the District 5 square, a refund."""
    g = ludoteca.new_game("elplan", players=3, seed=1)
    view = g.view(0)
    view = json.loads(json.dumps(view))
    view["decks"][0]["offers"][0] = {"slot": 0, "card": "bodega", "age": 0}
    view["players"][0]["square"] = "3A"
    words = describe(view, "invertir-dto-e 0")
    assert words and words["label"]["es"] == \
        "Invertir en «Bodega» (Infraestructura) · 1 Dinero (1 Energía de descuento)"
    assert words["label"]["en"] == "Invest in “Warehouse” (Infrastructure) · 1 Money (1 Energy off)"
    view["players"][0]["square"] = "D5"
    view["modifiers"]["market_price"] = [3, 3, 3]
    words = describe(view, "comprar-mp")
    assert words and words["label"]["es"] == "Comprar 1 Materia prima del mercado · 2 Dinero"
    view["players"][0]["period"]["d5_discount_used"] = True
    assert describe(view, "comprar-mp")["label"]["en"] == \
        "Buy 1 Raw material from the market · 3 Money"
    view["step"] = "d2-devolver"
    view["refund"] = {"left": 2, "types": ["d", "e"]}
    assert describe(view, "elegir-e")["label"]["es"] == "Tomar 1 Energía del reembolso"
    assert describe(view, "no-such-action") is None
    assert describe(view, "ubicar") is None
