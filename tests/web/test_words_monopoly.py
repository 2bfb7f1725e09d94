"""Qytetet's and Civitas's action buttons in words (``ludoteca.web.words.qytetet`` /
``civitas``) and the names the log gives the squares: random games through the public API,
and at every step every legal action of the seat to move described in both languages with
the names and amounts the seat sees."""

from __future__ import annotations

import random
import re
from decimal import Decimal
from typing import Any

import pytest

import ludoteca
from ludoteca.games.monopoly import actions as A
from ludoteca.web.table import action_buttons
from ludoteca.web.words import describer

FAMILY = ("qytetet", "civitas")
SLUG = re.compile(r"\b[a-z]+-[a-z]+\b")
SPANISH_LABELS = ("SALIDA", "CÁRCEL", "JUEZ", "SORPRESA", "IMPUESTO", "SalirCárcel",
                  "PagarCobrar", "IrACasilla", "PAGARCOBRAR", "IRCASILLA", "PORJUGADOR")


def amount_in(label: str, lang: str) -> Decimal:
    """The amount after the « · » of a label: "… · +1.280 €" / "… · +€1,280"."""
    tail = label.rsplit(" · ", 1)[1].lstrip("+")
    if lang == "es":
        return Decimal(tail.removesuffix(" €").replace(".", "").replace(",", "."))
    return Decimal(tail.removeprefix("€").replace(",", ""))


def check_action(game: Any, seat: int, view: dict[str, Any], text: str) -> None:
    """One legal action's words: both languages, not the slug, the square named, the amount
    the engine would move."""
    words = describer(game.game_id)(view, text)
    assert words is not None, text
    es, en = words["label"]["es"], words["label"]["en"]
    for label in (es, en):
        assert label and label != text, (text, label)
        assert not SLUG.search(label), (text, label)
    assert es != en, text
    assert words["group"]["es"] and words["group"]["en"]
    action = A.parse(text)
    index = game.pos[seat] if action.name == A.BUY else action.arg
    if index is not None:
        sq = view["squares"][index]
        assert sq["name"] in es and sq["name_en"] in en, (text, es, en)
        expected = {
            A.BUY: lambda s: game.board.squares[s].price,
            A.SELL: game.sale_price_of,
            A.HOUSE: lambda s: game.board.squares[s].build,
            A.HOTEL: lambda s: game.board.squares[s].build,
            A.MORTGAGE: game.mortgage_amount_of,
            A.CANCEL: lambda s: game.rules.cancel_cost(game.mortgage[s]),
        }[action.name](index)
        assert amount_in(es, "es") == expected == amount_in(en, "en"), (text, es, en)
    for word in SPANISH_LABELS:
        assert word not in en, (text, en)


@pytest.mark.parametrize("gid", FAMILY)
def test_every_legal_action_is_described_in_both_languages(gid: str) -> None:
    kinds: set[str] = set()
    for seed in range(6):
        game = ludoteca.new_game(gid, players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            seat = game.to_move[0]
            view = game.view(seat)
            legal = game.legal_actions(seat)
            for action in legal:
                check_action(game, seat, view, str(action))
                kinds.add(action.name)
            # prefer building and mortgaging now and then, so every kind of action occurs
            rich = [a for a in legal if a.name in (A.BUY, A.HOUSE, A.HOTEL, A.CANCEL)]
            choice = rng.choice(rich) if rich and rng.random() < 0.7 else rng.choice(legal)
            game.apply(choice, seat=seat)
    assert kinds == set(A.SIMPLE + A.ON_SQUARE), kinds


@pytest.mark.parametrize("gid", FAMILY)
def test_buttons_carry_the_words_and_unknown_actions_have_none(gid: str) -> None:
    game = ludoteca.new_game(gid, players=2, seed=3)
    seat = game.to_move[0]
    view = game.view(seat)
    buttons = action_buttons(game, seat, view)
    assert [b["text"] for b in buttons] == ["tirar"]
    assert buttons[0]["label"] == {"es": "Tirar el dado", "en": "Roll the die"}
    assert buttons[0]["group"] == {"es": "Turno", "en": "Turn"}
    assert describer(gid)(view, "volar 3") is None
    assert describer(gid)(view, "vender 99") is None


@pytest.mark.parametrize("gid", FAMILY)
def test_the_log_names_squares_as_the_board_does(gid: str) -> None:
    """The events' words use the view's ``name`` (Spanish) and ``name_en`` (English), and an
    English log has none of the Spanish square or card labels."""
    seen = 0
    for seed in range(4):
        game = ludoteca.new_game(gid, players=3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and game.turns < 60:
            seat = game.to_move[0]
            legal = game.legal_actions(seat)
            events = game.apply(rng.choice(legal), seat=seat)
            squares = game.view(None)["squares"]
            for e in events:
                es, en = game.describe(e, "es"), game.describe(e, "en")
                for word in SPANISH_LABELS:
                    assert word not in en, en
                if "square" in e.data and e.kind != "jailed":
                    sq = squares[e.data["square"]]
                    assert sq["name"] in es and sq["name_en"] in en, (es, en)
                    seen += 1
                if e.kind == "roll":
                    to = squares[e.data["to"]]
                    assert f"({to['name_en']})" in en and f"({to['name']})" in es
    assert seen > 20


def test_special_squares_have_english_names() -> None:
    view = ludoteca.new_game("qytetet", players=2, seed=0).view(None)
    names = {sq["type"]: sq["name_en"] for sq in view["squares"] if sq["type"] != "CALLE"}
    assert names == {"SALIDA": "Start", "SORPRESA": "Surprise", "CARCEL": "Jail",
                     "IMPUESTO": "Road tax", "PARKING": "Parking", "JUEZ": "Judge"}
    assert view["squares"][11]["name_en"] == "Printing Press Street"
