"""The El Plan screen fits the room the table gives it and speaks one language.

States along seeded games (the opening, every step of a full game including the investment
step of issue 21, the guided tutorial, the end) are drawn in Spanish and English at 80×24 and
120×40 budgets with rich's ``Console(record=True)``; the board must fit its rows and columns,
no word may be cut (the words drawn are exactly those of the same screen drawn very wide) and
no common word of the other language may appear. Numbers the player sees count from 1, and
what the screen shows may be typed back."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest
from rich.cells import cell_len
from rich.console import Console, RenderableType

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.cli.elplan_render import RENDERER
from ludoteca.cli.render import Entry, renderer_for
from ludoteca.core.game import Game

# the play loop gives the board about 10-12 rows at 80×24 and about 26 at 120×40
BUDGETS = [(80, 10), (80, 12), (120, 26)]
BOX = "─│╭╮╰╯┌┐└┘━┃═║╔╗╚╝├┤┬┴┼"
STOP = {"es": {"el", "la", "los", "las", "del", "de", "y", "en", "con", "por", "para", "una",
               "sin", "que", "libre", "ahora", "pagas", "casilla", "ficha", "recibe"},
        "en": {"the", "and", "of", "with", "to", "your", "you", "for", "on", "from", "free",
               "now", "pay", "square", "token", "takes"}}
ISSUE_21 = ["ubicar D4", "1", "1", "listo"]   # Ana's answers that reach the investment step


def drawn(renderable: RenderableType, width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None, highlight=False)
    console.print(renderable)
    return console.export_text(styles=False).rstrip("\n").split("\n")


def words(lines: list[str]) -> Counter[str]:
    tokens = (t.strip(BOX) for line in lines for t in line.split())
    return Counter(t for t in tokens if t)


def assert_whole_words(renderable: RenderableType, width: int) -> list[str]:
    """Draw at ``width``; every line fits it and every word is whole (the same words as when
    drawn 2,000 columns wide, where nothing wraps)."""
    lines = drawn(renderable, width)
    assert all(cell_len(line) <= width for line in lines), \
        [line for line in lines if cell_len(line) > width]
    narrow, wide = words(lines), words(drawn(renderable, 2000))
    assert narrow == wide, (narrow - wide, wide - narrow)
    assert not any(re.search(r"\w…", t) for t in narrow), "a word cut with an ellipsis"
    return lines


def assert_one_language(lines: list[str], lang: str) -> None:
    other = STOP["en" if lang == "es" else "es"]
    found = {t for t in re.findall(r"[a-záéíóúñ]+", " ".join(lines).lower()) if t in other}
    assert not found, (found, "\n".join(lines))


# ----- seeded states -----------------------------------------------------------------------------
def play(seed: int, bots: list[str], answers: list[str] = (), tutorial: bool = False,
         names: list[str] | None = None) -> Iterator[Game]:
    """A game whose seat 0 answers ``answers`` first, then everyone plays as ``bots``; yields
    the game (a clone) each time a seat decides at a step it has not decided at before."""
    names = names or ["Ana"] + [f"{b} {i}" for i, b in enumerate(bots[1:], 1)]
    game = ludoteca.new_game("elplan", players=names, seed=seed,
                             options={"tutorial": True} if tutorial else {})
    agents = [make_agent(b, "elplan", seed + i) for i, b in enumerate(bots)]
    todo, seen = list(answers), set()
    while not game.is_over:
        seat = game.to_move[0]
        view = game.view(seat)
        key = (view.get("tutorial_step") or view["step"], seat if tutorial else 0)
        if key not in seen and (tutorial or seat == 0) and not todo:
            seen.add(key)
            yield game.clone()
        if seat == 0 and todo:
            text = todo.pop(0)
            action = game.legal_actions(0)[int(text) - 1] if text.isdigit() else text
        else:
            action = agents[seat].choose(game, seat)
        game.apply(action, seat=seat)
    yield game


@cache
def states() -> list[tuple[str, Game]]:
    out: list[tuple[str, Game]] = []
    bots = ["greedy", "greedy", "greedy", "random"]
    issue = next(play(5, bots, ISSUE_21))
    assert issue.view(0)["step"] == "d3-invertir"
    out.append(("issue-21-investment", issue))
    for k, g in enumerate(play(3, ["greedy", "random", "greedy"])):
        if k < 16 and not g.is_over:
            out.append((f"full-{k}-{g.view(0)['step']}", g))
    tut = list(play(1, ["greedy"] * 3, tutorial=True, names=["Ana", "Bea", "Cris"]))
    out += [(f"tutorial-{k}", g) for k, g in enumerate(tut[:-1]) if k % 3 == 0]
    return out


def seat_of(game: Game) -> int:
    return game.to_move[0] if game.to_move else 0


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width, height", BUDGETS)
def test_the_board_fits_its_budget_whole_words_one_language(width, height, lang):
    labels = ["", "bot", "bot", "bot"]
    for name, game in states():
        seat = seat_of(game)
        board = RENDERER.table_view(game, seat, lang, labels[:game.n_players], width, height)
        lines = assert_whole_words(board, width)
        assert len(lines) <= height, (name, len(lines), "\n".join(lines))
        assert lines[-1].strip() != "…", (name, "the board was cut, not folded")
        assert_one_language(lines, lang)
        actions = RENDERER.actions_table(game, seat, game.legal_actions(seat), lang)
        assert_one_language(assert_whole_words(actions, width), lang)


def test_the_investment_step_shows_what_matters_in_80_by_24():
    game = states()[0][1]
    for lang, deck in (("es", "Tecnología:"), ("en", "Technology:")):
        board = drawn(RENDERER.table_view(game, 0, lang, ["", "bot", "bot", "bot"], 80, 11),
                      80)
        text = "\n".join(board)
        assert len(board) <= 11
        assert "▶ 3" in text and deck in text                     # the step, the offers
        assert re.search(r"Ana \((tú|you)\) ◀", text)              # you, then the others
        assert "greedy 1" in text and "random 3" in text


def test_the_full_board_is_drawn_when_there_is_room():
    game = states()[0][1]
    text = "\n".join(drawn(RENDERER.table_view(game, 0, "es", ["", "", "", ""], 120, None), 120))
    for word in ("Recorrido:", "Casillas de Oportunidad", "Suceso del Período",
                 "Ofertas de inversión", "infraestructura-1", "Mercado:", "Jugadores"):
        assert word in text, word


def test_the_tutorial_explanation_folds_to_a_line_or_two():
    game = next(g for name, g in states() if name.startswith("tutorial") and
                g.view(seat_of(g)).get("explanation"))
    seat = seat_of(game)
    expl = game.view(seat)["explanation"]["es"]
    small = "\n".join(drawn(RENDERER.table_view(game, seat, "es", ["", "", ""], 80, 10), 80))
    roomy = "\n".join(drawn(RENDERER.table_view(game, seat, "es", ["", "", ""], 120, None),
                            120))
    first = " ".join(expl.split()[:4])
    assert first in " ".join(small.split()) and first in " ".join(roomy.split())
    assert "Tutorial · Período" in roomy                      # the boxed explanation


# ----- numbered from 1, and typed back -----------------------------------------------------------
def test_every_shown_action_is_numbered_from_1_and_parses_back():
    for _name, game in states():
        seat = seat_of(game)
        for lang in ("es", "en"):
            table = "\n".join(drawn(RENDERER.actions_table(game, seat, game.legal_actions(seat),
                                                            lang), 200))
            rows = re.findall(r"^\s*(\d+)\.\s+(\S+(?: [^\s]+)?)\s{2,}", table, re.M)
            legal = game.legal_actions(seat)
            assert [int(n) for n, _t in rows] == list(range(1, len(legal) + 1))
            for (_n, text), action in zip(rows, legal, strict=True):
                assert game.parse(text) == action, (text, action)
            assert not re.search(r"\b(invertir|invest)\S* 0\b|\bO=", table)


def test_offers_and_squares_are_named_as_typed_and_records_keep_their_text():
    game = states()[0][1]
    text = "\n".join(drawn(RENDERER.table_view(game, 0, "es", ["", "", "", ""], 120, None),
                           120))
    assert "infraestructura-1" in text and "tecnología-2" in text
    assert not re.search(r"\bO=\d", text) and not re.search(r"\b\d+=D\d", text)
    assert game.parse("invertir tecnología-1") == game.parse("invertir 6")
    assert str(game.parse("invertir tecnologia-1")) == "invertir 6"    # what a record keeps
    log = renderer_for("elplan").entry_lines(
        game, Entry(0, "invertir 6", ()), "en", ["", "", "", ""])
    assert "invest technology-1" in drawn(log[0], 100)[0]


def test_the_log_and_the_end_speak_one_language():
    game = list(play(3, ["greedy", "random", "greedy"]))[-1]
    assert game.is_over
    for lang in ("es", "en"):
        lines: list[str] = []
        for item in RENDERER.result_renderables(game, lang, ["", "bot", "bot"]):
            lines += assert_whole_words(item, 80)
        rec = game.record()["actions"]
        replay = ludoteca.new_game("elplan", players=list(game.names), seed=game.seed)
        for seat, text in rec[:120]:
            events = replay.apply(text, seat=seat)
            for item in RENDERER.entry_lines(replay, Entry(seat, text, tuple(events)), lang,
                                             ["", "", ""]):
                lines += assert_whole_words(item, 80)
        assert_one_language(lines, lang)
        assert not re.search(r"\w \(\d\)", "\n".join(lines)), "a seat number is shown"
