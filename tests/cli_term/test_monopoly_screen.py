"""The terminal board of Qytetet and Civitas fits the room the table gives it (80×24 → a compact
ring of the 20 squares, 120×40 → the full table), cuts no word, and speaks one language: the
squares and the board by their English names on an English screen."""

from __future__ import annotations

import re

import pytest

import ludoteca
from ludoteca.cli.monopoly_render import short_square_name, square_name
from ludoteca.cli.render import renderer_for
from ludoteca.games.monopoly.text import board_name

from .screen_support import draw, game_states

BUDGETS = [(80, 11), (80, 18), (120, 26), (100, 30)]
SPANISH = {"de", "la", "el", "con", "turno", "del", "los", "las", "calle", "tablero", "casilla",
           "dueño", "saldo", "sí"}
ENGLISH = {"the", "and", "of", "your", "turn", "street", "board", "square", "owner",
           "balance", "yes"}
# words written the same in both languages (the rulebook's names)
PROPER = ("SalirCárcel", "Qytetet", "Civitas", "PARKING", "Parking")
WORD = re.compile(r"[^\W\d_]+")
GAMES = ("qytetet", "civitas")


def states(gid: str, seed: int = 5, steps: int = 120, every: int = 20) -> list:
    return game_states(gid, seed, steps, every)


def other_language(lines: list[str], lang: str) -> set[str]:
    text = "\n".join(lines)
    for name in PROPER:
        text = text.replace(name, " ")
    words = {w.lower() for w in WORD.findall(text)}
    return words & (SPANISH if lang == "en" else ENGLISH)


def cut_words(lines: list[str], width: int) -> list[str]:
    bad = [a for a, b in zip(lines, lines[1:], strict=False)
           if len(a) >= width and a[-1:].isalpha() and b[:1].isalpha()]
    return bad + [x for x in lines if "…" in x]


@pytest.fixture(scope="module", params=GAMES)
def played(request) -> tuple[str, list]:
    return request.param, states(request.param)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width, height", BUDGETS)
def test_the_board_fits_its_room_and_speaks_one_language(played, lang, width, height):
    gid, games = played
    renderer = renderer_for(gid)
    for game in games:
        seat = game.to_move[0] if game.to_move else None
        lines = draw(renderer.table_view(game, seat, lang, ["", "", ""], width, height), width)
        text = "\n".join(lines)
        assert len(lines) <= height, (len(lines), text)
        assert max(len(x) for x in lines) <= width, text
        assert not cut_words(lines, width), text
        assert not other_language(lines, lang), (other_language(lines, lang), text)
        for s in (0, 5, 10, 15, 19):                       # every square is on the board
            assert re.search(rf"(^|\s){s}\s", text), (s, text)


@pytest.mark.parametrize("gid", GAMES)
def test_at_80_by_24_the_ring_shows_owners_and_pawns(gid):
    game = states(gid, steps=60, every=60)[-1]
    view = game.view(0)
    lines = draw(renderer_for(gid).table_view(game, 0, "es", ["", "", ""], 80, 11), 80)
    assert len(lines) <= 11
    text = "\n".join(lines)
    owned = [sq for sq in view["squares"] if sq.get("owner") is not None]
    for sq in owned:
        letter = view["players"][sq["owner"]]["name"][0]
        assert re.search(rf"\b{sq['index']} \S.* {letter}", text), (sq["index"], text)
    assert all(p["name"] in text for p in view["players"])


@pytest.mark.parametrize("gid", GAMES)
def test_at_120_by_40_the_full_table_is_drawn(gid):
    game = states(gid, steps=30, every=30)[-1]
    lines = draw(renderer_for(gid).table_view(game, 0, "en", ["", "", ""], 120, 26), 120)
    text = "\n".join(lines)
    assert "price" in text and "rent" in text and "owner" in text
    assert f"Board: Default {gid.capitalize()} board" in text


@pytest.mark.parametrize("gid", GAMES)
def test_one_name_per_square_per_language(gid):
    """English screens use the squares' English names (those of the events); the ring's short
    names are words of that same name."""
    game = ludoteca.new_game(gid, players=["Ana", "Bea"], seed=1)
    view = game.view(0)
    for sq in view["squares"]:
        for lang in ("es", "en"):
            full = square_name(sq, lang)
            short = short_square_name(sq, lang, 14)
            assert short and all(word in full or word.upper() == short.upper()
                                 for word in short.split()), (full, short)
        if sq["type"] == "CALLE":
            assert square_name(sq, "en") == sq["name_en"] != sq["name"]
    assert board_name(view["board"], "en") == f"Default {gid.capitalize()} board"
    assert board_name(view["board"], "es") == view["board"]
    assert board_name("Mi tablero", "en") == "Mi tablero"
