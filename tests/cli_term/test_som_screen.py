"""The terminal screen of «Som el que decidim!» fits the room the table gives it (80×24 → a
compact map, 120×40 → the full one), cuts no word, speaks one language, and names each card
one way."""

from __future__ import annotations

import re

import pytest

import ludoteca
from ludoteca.cli.render import renderer_for
from ludoteca.cli.som import PROPER, SHORT_FORMS, card_name, map_renderable
from ludoteca.games.som.text import CARD_NAME, describe

from .screen_support import draw, game_states

# (terminal width, rows the play loop leaves the board)
BUDGETS = [(80, 11), (80, 18), (120, 26), (100, 30)]
SPANISH = {"de", "la", "el", "con", "turno", "del", "los", "las", "y", "casilla", "discos"}
ENGLISH = {"the", "and", "of", "your", "turn", "with", "you", "disks", "cell"}
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def states(seed: int = 11, steps: int = 160, every: int = 20) -> list:
    """Copies of a seeded game of three random bots, every ``every`` actions."""
    return game_states("som", seed, steps, every, options={"mode": "C"})


def strip_proper(text: str) -> str:
    """The text without proper names (written the same in both languages)."""
    for name in sorted(PROPER, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def other_language(lines: list[str], lang: str) -> set[str]:
    words = {w.lower() for w in WORD.findall(strip_proper("\n".join(lines)))}
    return words & (SPANISH if lang == "en" else ENGLISH)


def cut_words(lines: list[str], width: int) -> list[str]:
    """Lines that fill the width and go on on the next one inside a word (rich folded it)."""
    bad = []
    for a, b in zip(lines, lines[1:], strict=False):
        if len(a) >= width and a[-1:].isalpha() and b[:1].isalpha():
            bad.append(a)
    return bad + [x for x in lines if "…" in x]


@pytest.fixture(scope="module")
def games() -> list:
    return states()


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width, height", BUDGETS)
def test_the_board_fits_its_room_and_speaks_one_language(games, lang, width, height):
    renderer = renderer_for("som")
    for game in games:
        seat = game.to_move[0] if game.to_move else None
        lines = draw(renderer.table_view(game, seat, lang, ["", "", ""], width, height), width)
        assert len(lines) <= height, (len(lines), "\n".join(lines))
        assert max(len(x) for x in lines) <= width
        assert not cut_words(lines, width), "\n".join(lines)
        assert not other_language(lines, lang), (other_language(lines, lang), "\n".join(lines))
        assert sum("r" + str(r) in " ".join(lines) for r in range(7)) == 7 or height < 12, \
            "the map shows every row"
        if seat is not None:
            actions = draw(renderer.actions_table(game, seat, game.legal_actions(seat), lang),
                           width)
            assert not other_language(actions, lang), (lang, "\n".join(actions))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_at_80_by_24_the_compact_map_and_state_fit_about_a_dozen_rows(games, lang):
    game = games[2]
    seat = game.to_move[0]
    lines = draw(renderer_for("som").table_view(game, seat, lang, ["", "", ""], 80, 12), 80)
    text = "\n".join(lines)
    assert all(f"r{r} " in text for r in range(7))               # the seven rows of the map
    assert "★" in text and "Hisenda" in text and "urna" in text  # Generalitat, Hisenda, urna
    assert ("discos" if lang == "es" else "disks") in text       # the players' disks


def test_without_a_height_the_full_board_is_drawn(games):
    game = games[1]
    full = draw(renderer_for("som").table_view(game, 0, "es", ["", "", ""], 120), 120)
    assert len(full) > 26 and any(line.startswith("   ") and "c6" in line for line in full)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width", [60, 80, 120])
def test_the_final_map_is_drawn_at_the_terminal_width(lang, width):
    game = states(seed=3, steps=4000, every=4000)[-1]
    assert game.is_over
    lines = draw(renderer_for("som").result_renderables(game, lang, ["", "", ""])[1], width)
    assert max(len(x) for x in lines) <= width
    assert len(lines) >= 7


def test_one_name_per_card_per_language():
    """The map's short forms are words of the card's one name in that language (the events'
    name: Catalan proper names stay Catalan in English)."""
    for card_id, (es, en) in SHORT_FORMS.items():
        for forms, lang in ((es, "es"), (en, "en")):
            full = CARD_NAME[card_id][0 if lang == "es" else 1]
            assert card_name(card_id, lang) == full
            for form in forms:
                assert form.lower() in full.lower(), (card_id, form, full)
    assert card_name("CN", "en") == "Concentració nacional"


def test_the_map_marks_a_refill_in_both_sizes():
    game = ludoteca.new_game("som", players=["Ana"], seed=2)
    game.arrange(cells={15: "CN", 8: "C-01", 9: "C-02", 2: "U-1", 30: "U-2", 16: "E-1"},
                 face_up=[8, 9], pile=["U-1", "U-2"], phase="accion", face=1)
    game.apply("mover 16")
    view = game.view(0)
    assert "\n".join(draw(map_renderable(view, "es", 80), 80)).count("░ 1 ░") == 4
    small = "\n".join(draw(renderer_for("som").table_view(game, 0, "es", [""], 80, 11), 80))
    assert small.count("░1░") == 4


@pytest.mark.parametrize(("lang", "good", "bad"), [
    ("en", "pays an energy disk", "pays a energy disk"),
    ("es", "paga un disco de energías", "paga un disco de energias"),
])
def test_an_energy_disk_in_words(lang, good, bad):
    from ludoteca.core.events import Event

    game = ludoteca.new_game("som", players=["Ana", "Bea"], seed=1)
    event = Event("pago", "SOM-14.1", {"player": 0, "disk": "energias", "value": 1, "to": None,
                           "reason": "impuesto", "due": 1})
    text = describe(game, event, lang)
    assert good in text and bad not in text


def test_the_legend_is_spanish_in_spanish():
    game = ludoteca.new_game("som", players=["Ana", "Bea"], seed=1)
    text = "\n".join(draw(renderer_for("som").table_view(game, 0, "es", ["", ""], 120), 120))
    assert "capacidad económica" in text and "mundo" in text
    assert "capacitat" not in text and "món" not in text
    assert not re.search(r"\beducacion\b", text)
