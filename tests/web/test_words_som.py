"""Buttons in words for «Som el que decidim!» (``ludoteca.web.words.som``): random games of 1–4
players in modes A, B and C, and at every step each legal action of each seat to move gets a
label and a group in Spanish and English that is not the action's text, holds no slug, names
what the action is about, and says nothing the seat's own view does not hold (the card under a
face-down cell, another seat's bid)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import ludoteca
from ludoteca.games.som import actions as A
from ludoteca.games.som.content import content
from ludoteca.games.som.text import CARD_NAME, COLOUR_EN, TYPE_NAME
from ludoteca.web.words import describer
from ludoteca.web.words.som import describe

C = content()
TYPE_CODES = tuple(t.code for t in C.types)
EXCHANGES = {x.code: x for x in C.exchanges}
#: every hyphenated word the grammar knows (canonical names and aliases): none may show
SLUGS = sorted({k for k in A.ALIASES if "-" in k} | {v for v in A.ALIASES.values() if "-" in v},
               key=len, reverse=True)
SLUG_RE = re.compile(r"(?<![\w-])(" + "|".join(re.escape(s) for s in SLUGS) + r")(?![\w-])")
NAMES = ("Ana", "Berta", "Carles", "Dolors")


def _seat_words(view: dict[str, Any], seat: int, lang: str) -> str:
    p = view["players"][seat]
    colour = p["colour"] if lang == "es" else COLOUR_EN[p["colour"]]
    return f"{p['name']} ({colour})"


def _check(game: Any, seat: int, view: dict[str, Any], text: str) -> dict[str, Any]:
    """The checks on one action's words; returns them."""
    words = describe(view, text)
    assert words, f"no words for {text!r}"
    act = A.parse(text)
    name, arg = act.name, act.arg
    for lang in ("es", "en"):
        label = words["label"][lang]
        group = words["group"][lang]
        assert label and group, (text, words)
        assert label.strip().lower() != text.lower(), (text, label)
        if " " in text or "-" in text:       # a one-word text may be a word of the label
            assert text not in label, (text, label)
        assert not SLUG_RE.search(label.lower()), (text, label)
        assert not SLUG_RE.search(words.get("help", {}).get(lang, "").lower()), (text, words)
        # it names what it is about
        kind = A.ARG_KIND[name]
        if kind == "seat" and not (arg == seat and name in (A.SUPPORT, A.GOVERNOR)):
            assert _seat_words(view, arg, lang) in label, (text, label)
        elif kind in ("cell", "amount", "bid"):
            assert re.search(rf"\b{arg}\b", label), (text, label)
        i = 0 if lang == "es" else 1
        for prefix in (A.PAY_PREFIX, A.CHANGE_PREFIX, A.GIVE_PREFIX):
            if name.startswith(prefix):
                assert TYPE_NAME[name[len(prefix):]][i] in label, (text, label)
        if name.startswith(A.SWAP_PREFIX):
            x = EXCHANGES[name[len(A.SWAP_PREFIX):]]
            for t in (x.pair, x.take):
                assert TYPE_NAME[TYPE_CODES[t]][i] in label, (text, label)
        if name in (A.PROTECT_M, A.PROTECT_B):
            assert TYPE_NAME[name.split("-")[1]][i] in label, (text, label)
        if name == A.MOVE:
            cell = next(c for c in view["cells"] if c["cell"] == arg)
            card = game.state_dict()["layout"][arg]
            if cell["estado"] == "visible":
                assert CARD_NAME[card][i] in label, (text, label)
            else:      # the card under a face-down cell is never named
                assert not any(n in label for n in CARD_NAME[card]), (text, label)
    return words


def _walk(g: Any, rng: random.Random, steps: int, prefer: tuple[str, ...] = ()
          ) -> tuple[int, set[str]]:
    """Play ``g`` at random (an action named in ``prefer`` first), checking every legal
    action's words at every step; return (checks, action names seen)."""
    checks, seen = 0, set()
    for _ in range(steps):
        if g.is_over:
            break
        for seat in g.to_move:
            view = g.view(seat)
            legal = [str(a) for a in g.legal_actions(seat)]
            mine = {t: _check(g, seat, view, t) for t in legal}
            checks += len(mine)
            seen |= {A.parse(t).name for t in legal}
            # what the seat cannot tell apart gets the same words (hidden cards, others' bids)
            other = g.determinize(seat, rng.getrandbits(32))
            assert other.view(seat) == view
            assert {t: describe(other.view(seat), t) for t in legal} == mine
        seat = rng.choice(list(g.to_move))
        legal = g.legal_actions(seat)
        liked = [a for a in legal if a.name in prefer]
        g.apply(rng.choice(liked or legal), seat=seat)
    return checks, seen


def _play(n: int, mode: str, seed: int, steps: int = 300) -> tuple[int, set[str]]:
    g = ludoteca.new_game("som", players=list(NAMES[:n]), seed=seed,
                          options={"mode": mode, "max_turns": 25})
    return _walk(g, random.Random(seed), steps)


@pytest.mark.parametrize(("n", "mode"), [(1, "A"), (1, "B"), (2, "A"), (2, "B"), (2, "C"),
                                          (3, "B"), (3, "C"), (4, "A"), (4, "C")])
def test_every_legal_action_in_words(n: int, mode: str) -> None:
    total = 0
    for seed in range(3):
        checks, _ = _play(n, mode, seed * 7919 + n)
        total += checks
    assert total > 100


def test_every_kind_of_action_is_met() -> None:
    """Random games of modes B and C, and mode-C games from a citizen next to Sufragi
    universal (cell 16, Concentració nacional on 15): every action name offered gets words;
    the votes (declarations, governor, secret bids) and the exchanges are met."""
    seen: set[str] = set()
    for seed in range(6):
        for n, mode in ((4, "C"), (3, "B")):
            seen |= _play(n, mode, 1000 + seed, steps=400)[1]
    hands = {0: {"mossos": 1, "sanidad": 1, "bosques": 1, "vivienda": 1},
             1: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
             2: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
             3: {"educacion": 1, "justicia": 1, "vias": 1, "carreteras": 1}}
    for seed, (face, call) in enumerate([(1, A.ELECTIONS), (4, A.MOTION)] * 3):
        g = ludoteca.new_game("som", players=list(NAMES), seed=seed, options={"mode": "C"})
        g.arrange(cells={15: "CN", 16: "W-SU"}, face_up=[16], disks=hands,
                  pd={0: 3, 1: 2, 2: 2, 3: 1}, phase="accion", face=face)
        mover = g.to_move[0]
        g.apply("mover 16", seat=mover)
        seen |= _walk(g, random.Random(seed), 150, prefer=(call,))[1]
    must = {A.ROLL, A.MOVE, A.END, A.ELECTIONS, A.MOTION, A.DECLINE, A.BID, A.SUPPORT,
            A.GOVERNOR}
    assert must <= seen, must - seen
    for prefix in (A.PAY_PREFIX, A.GIVE_PREFIX, A.SWAP_PREFIX):
        assert any(s.startswith(prefix) for s in seen), prefix


def test_the_table_uses_the_describer() -> None:
    assert describer("som") is describe


def test_bid_words_hold_only_the_seats_own_bid() -> None:
    """In the secret vote, a seat's words name its own disks; the other seats' bids, never."""
    view = {"seat": 0, "mode": "C", "phase": "votacion",
            "players": [{"seat": 0, "name": "Ana", "colour": "rosa", "pd": 4},
                        {"seat": 1, "name": "Berta", "colour": "lila", "pd": 7}],
            "vote": {"kind": "elecciones", "bids_in": [1]}}
    words = describe(view, "pujar 3")
    assert words is not None
    assert words["label"] == {"es": "Votar con 3 discos de participación",
                              "en": "Bid 3 participation disks"}
    assert "4" in words["help"]["es"] and "7" not in words["help"]["es"] + words["help"]["en"]
    assert words["group"] == {"es": "Votación", "en": "Vote"}


def test_some_words() -> None:
    g = ludoteca.new_game("som", players=["Ana", "Berta"], seed=3, options={"mode": "B"})
    view = g.view(0)
    assert describe(view, "tirar")["label"] == {"es": "Tirar el dado", "en": "Roll the die"}
    assert describe(view, "pagar-sanidad")["label"]["es"] == \
        "Pagar con el disco de sanidad (2 €)"
    assert describe(view, "dar-vias 1")["label"]["en"] == \
        "Give a railways disk (1 €) to Berta (lilac)"
    cn = view["cn"]["cell"]
    assert describe(view, f"mover {cn}")["label"]["es"] == \
        f"Moverse a «Concentració nacional» (casilla {cn})"
    assert describe(view, "no es una accion") is None


def test_levies_change_and_protection_in_words() -> None:
    """The actions random games seldom reach, from hand-made views."""
    players = [{"seat": 0, "name": "Ana", "colour": "rosa", "value": 6, "pd": 2},
               {"seat": 1, "name": "Berta", "colour": "lila", "value": 7, "pd": 1}]
    view = {"seat": 0, "gh": 0, "players": players, "mode": "B",
            "levy": {"kind": "sucesiones", "k": 1, "chosen": [], "target": 1},
            "change": {"giver": 0, "payer": 1, "disk": "sanidad", "given": []},
            "protection": {"protected": 1, "pile": 2, "spain_cell": 4}}
    w = describe(view, "sucesiones 1")
    assert w["label"]["es"] == "Cobrar el Impost de successions a Berta (lila)"
    assert w["help"]["en"] == "Holds 7 €: up to 2 €."
    assert describe(view, "importe 2")["label"]["en"] == \
        "Levy 2 € on Berta (lilac) (Impost de successions)"
    assert describe(view, "recepta 1")["label"]["es"] == \
        "Cobrar 1 € a Berta (lila) (Euro per recepta)"
    assert describe(view, "no-cobrar")["label"]["es"] == "No cobrar Impost de successions"
    w = describe(view, "cambio-vias")
    assert w["label"]["en"] == "Give change with the railways disk (1 €)"
    assert "Berta (lila)" in w["help"]["es"] and "sanidad" in w["help"]["es"]
    assert describe(view, "proteger-mossos 1")["label"]["es"] == \
        "Proteger una carta de urna con el disco de mossos d'esquadra de Berta (lila)"
    assert describe(view, "proteger-bomberos 0")["label"]["en"] == \
        "Protect an urna card with Ana (pink)'s firefighters disk"
    assert describe(view, "recoger")["group"] == {"es": "Proteger la urna",
                                                  "en": "Protect the urna"}
    assert describe(view, "abstenerse")["label"]["en"] == "Abstain in the motion"
    assert describe(view, "canjear-vias-mossos 1")["label"]["es"] == \
        "Canjear dos discos de vías férreas por el de mossos d'esquadra de Berta (lila)"
