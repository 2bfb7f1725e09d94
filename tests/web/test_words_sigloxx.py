"""«Siglo XX» action buttons in words (``ludoteca.web.words.sigloxx``): random and greedy games
of 3–5 players played through the public API; at every step every legal action of the seat to
move is described in Spanish and English with the ids the board shows, never as its slug, and
with no number the seat's own view does not hold. A technology button names the card the action
really buys (the engine numbers technologies from 0: ``comprar-tecnologia 2`` is T03)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.cli.sigloxx_render import tech_effect
from ludoteca.core.action import Action
from ludoteca.core.game import Game
from ludoteca.games.sigloxx import actions as A
from ludoteca.games.sigloxx.common import LAND, LAND_ID, TECH, TECH_ID, site_name
from ludoteca.web.table import action_buttons
from ludoteca.web.words import describer
from ludoteca.web.words.sigloxx import describe

# every slug a label must never show: canonical names and aliases with a hyphen
SLUGS = sorted({k for k in A.ALIASES if "-" in k} | {v for v in A.ALIASES.values() if "-" in v},
               key=len, reverse=True)
SPANISH_ONLY = ("monedas", "ciencia", "tierra", "Comprar", "Pujar", "Colocar", "Situar", "basura")
ENGLISH_ONLY = ("coins", "science", "land", "Buy", "Bid", "Place", "garbage", "the")
# numbers the content prints (yields, capacities, effects): public, in no view
CONTENT_NUMBERS = {int(x) for t in LAND for s in t.sites
                   for x in (s.coins, s.science, s.vp, s.capacity)}
CONTENT_NUMBERS |= {int(x) for t in TECH for lang in ("es", "en")
                    for x in re.findall(r"\d+", tech_effect(t.id, lang))}
CONTENT_NUMBERS |= {0, 1, 2, 3}          # a tile's garbage capacity; "1 coin" and such


def numbers_in(value: Any, out: set[int]) -> set[int]:
    """Every whole number a view holds (digits inside ids such as ``L07`` too)."""
    if isinstance(value, bool):
        return out
    if isinstance(value, int):
        out.update((value, abs(value)))
    elif isinstance(value, str):
        out.update(int(x) for x in re.findall(r"\d+", value))
    elif isinstance(value, dict):
        for k, v in value.items():
            numbers_in(k, out)
            numbers_in(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            numbers_in(v, out)
    return out


def action_numbers(action: Action) -> set[int]:
    out = {int(x) for x in re.findall(r"\d+", str(action))}
    kind = A.ARG_KIND.get(action.name)
    if kind == "cell" and action.arg is not None:
        x, y = A.cell_xy(action.arg)
        out |= {abs(x), abs(y), abs(x + 1), abs(y + 1)}
    return out


def games() -> Iterator[tuple[Game, list[Any]]]:
    """Seeded games of 3, 4 and 5 players: random agents and greedy ones."""
    for seed in range(6):
        n = 3 + seed % 3
        bot = "random" if seed < 3 else "greedy"
        g = ludoteca.new_game("sigloxx", players=n, seed=100 + seed)
        yield g, [make_agent(bot, "sigloxx", seed=seed * 10 + s) for s in range(n)]


def check_action(g: Game, seat: int, view: dict[str, Any], action: Action) -> None:
    """One legal action's words: both languages, no slug, what it is about, nothing hidden."""
    text = str(action)
    words = describe(view, text)
    assert words, f"no words for {text!r}"
    labels = words["label"]
    helps = words.get("help", {"es": "", "en": ""})
    assert words["group"]["es"] and words["group"]["en"], text
    for lang in ("es", "en"):
        label = labels[lang]
        assert label and label != text, (text, label)
        low = f"{label} {helps[lang]}".lower()
        for slug in SLUGS:
            assert not re.search(rf"(?<![\w-]){re.escape(slug)}(?![\w-])", low), (text, slug, label)
    for lang, foreign in (("en", SPANISH_ONLY), ("es", ENGLISH_ONLY)):
        said = f"{labels[lang]} · {helps[lang]}"
        for word in foreign:
            assert not re.search(rf"\b{word}\b", said), (text, said, word)
    # what it is about, by the ids the board shows
    kind, arg = A.ARG_KIND.get(action.name), action.arg
    if kind == "land":
        assert all(LAND_ID[arg] in labels[lang] for lang in ("es", "en")), (text, labels)
    elif kind == "tech":
        tech = TECH[arg]
        assert tech.id in labels["es"] and tech.name in labels["es"], (text, labels)
        assert tech.id in labels["en"] and tech.name_en in labels["en"], (text, labels)
    elif kind == "site":
        assert all(site_name(arg) in labels[lang] for lang in ("es", "en")), (text, labels)
    elif kind == "cell":
        x, y = A.cell_xy(arg)
        assert all(f"{x},{y}" in labels[lang] for lang in ("es", "en")), (text, labels)
    elif kind == "bid":
        assert all(re.search(rf"\b{arg}\b", labels[lang]) for lang in ("es", "en")), (text, labels)
    # nothing the seat may not see: every number comes from its view, the action or the content
    allowed = numbers_in(view, set()) | action_numbers(action) | CONTENT_NUMBERS
    for lang in ("es", "en"):
        for x in re.findall(r"\d+", f"{labels[lang]} {helps[lang]}"):
            assert int(x) in allowed, f"{text!r}: {x} is in no part of seat {seat}'s view"
    if action.name == A.BUY_TECH:
        tid = TECH_ID[arg]
        price = view["price"]
        assert labels["es"].endswith(f"· {price} de ciencia"), labels
        after = g.clone()
        after.apply(action, seat=seat)
        mine = after.view(seat)["players"][seat]
        got = {t["id"] for t in mine["technologies"]}
        before = {t["id"] for t in view["players"][seat]["technologies"]}
        assert got - before == {tid}, f"{text!r} says {tid} but bought {got - before}"
        assert mine["science"] == view["players"][seat]["science"] - price
    if action.name == A.AUCTION:
        after = g.clone()
        after.apply(action, seat=seat)
        tile = after.view(seat)["auction"]["tile"]
        assert tile is None or tile in labels["es"], (labels, tile)


def test_every_legal_action_is_described_in_words() -> None:
    seen: set[str] = set()
    for g, agents in games():
        while not g.is_over:
            seat = g.to_move[0]
            view = g.view(seat)
            others = [p for p in view["players"] if p["seat"] != seat]
            assert all("coins" not in p and "science" not in p for p in others)
            for action in g.legal_actions(seat):
                check_action(g, seat, view, action)
                seen.add(action.name)
            g.apply(agents[seat].choose(g, seat), seat=seat)
    wanted = {A.PASS, A.WITHDRAW, A.NO_BUY, A.DONE, A.AUCTION, A.BUY_LAND, A.BUY_TECH, A.BID,
              A.GARBAGE, A.REMOVE, A.RECYCLE, A.PICK_LAND, A.PICK_INST, A.PUT, A.USE}
    assert wanted <= seen, f"never offered: {wanted - seen}"
    assert any(name.startswith(A.COLUMN) for name in seen)
    assert any(name.startswith(A.PLACE) for name in seen)


def test_bridges_and_railway_moves_are_described() -> None:
    """The actions random play rarely reaches, from arranged positions."""
    g = ludoteca.new_game("sigloxx", players=3, seed=1)
    g.arrange(round=2, sp=0, phase="mantenimiento", set_aside={0: 1},
              technologies={0: ["T05"]}, country={0: [{"tile": "L01", "x": 1, "y": 0}]},
              pending={0: [{"tile": "L15", "citizen": True, "garbage": 1}]},
              bridges_held={0: 1})
    for text in ("basura S1", "elegir-institucion T05", "colocar-0 -1,0", "colocar-0 0,1"):
        g.apply(text, seat=0)
    bridges = [a for a in g.legal_actions(0) if a.name in (A.BRIDGE_E, A.BRIDGE_S)]
    assert bridges
    for action in g.legal_actions(0):
        check_action(g, 0, g.view(0), action)
    g = ludoteca.new_game("sigloxx", players=3, seed=1)
    g.arrange(round=2, sp=0, phase="mantenimiento", technologies={0: ["T01"]},
              country={0: [{"tile": "L01", "x": 1, "y": 0, "citizens": "a"}]})
    g.apply("usar-tecnologia T01", seat=0)
    lifts = [a for a in g.legal_actions(0) if a.name == A.LIFT]
    assert lifts
    for action in g.legal_actions(0):
        check_action(g, 0, g.view(0), action)
    done = describe(g.view(0), "terminar")
    assert done and "T01" in done["label"]["es"] and "Steam Railway" in done["label"]["en"]


def test_the_index_two_button_buys_and_says_t03() -> None:
    """The reported bug: ``comprar-tecnologia 2`` buys T03; its button says T03 and its name,
    the id form is accepted, and an old record holding the index form still replays."""
    g = ludoteca.new_game("sigloxx", players=3, seed=1)
    g.arrange(tech_display=["T03", "T05", "T02"], science={0: 20, 1: 20, 2: 20})
    seat = g.to_move[0]
    g.apply("retirarse", seat=seat)                 # withdrawing: may buy a technology
    assert g.to_move[0] == seat
    buttons = {b["text"]: b for b in action_buttons(g, seat, g.view(seat))}
    button = buttons["comprar-tecnologia 2"]
    price = g.view(seat)["price"]
    assert button["label"] == {"es": f"Comprar T03 Biblioteca pública · {price} de ciencia",
                               "en": f"Buy T03 Public Library · {price} science"}
    assert button["group"] == {"es": "Tecnologías", "en": "Technologies"}
    assert g.parse("comprar-tecnologia T03") == g.parse("comprar-tecnologia 2")
    record = g.record()
    g.apply("comprar-tecnologia 2", seat=seat)
    assert "T03" in {t["id"] for t in g.view(seat)["players"][seat]["technologies"]}
    record["actions"].append([seat, "comprar-tecnologia 2"])     # the index form, as recorded
    again = ludoteca.replay(record)
    assert again.view(seat) == g.view(seat)


def test_the_table_uses_this_describer() -> None:
    assert describer("sigloxx") is describe
    assert describe({"players": []}, "no es una jugada") is None


def test_the_typed_form_names_ids_and_means_the_same_action() -> None:
    """A button's typed form says the card or tile ID (``comprar-tecnologia T03``, not the
    engine's index) and parses to the very action the button sends."""
    seen = 0
    for g, _agents in games():
        for seat in g.to_move:
            for button in action_buttons(g, seat, g.view(seat)):
                typed = button.get("typed")
                if typed is None:
                    continue
                seen += 1
                assert A.parse(typed) == A.parse(button["text"]), button
                assert re.search(r"\b[LT]\d\d[a-z]?\b|\bS\d\b", typed), typed
        if seen > 20:
            break
    assert seen > 0
