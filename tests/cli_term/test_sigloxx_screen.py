"""The board of «Siglo XX» at the terminal fits the room it is given: states along seeded games
of 3–5 players, in Spanish and English, drawn with ``table_view`` at the budgets the play loop
gives it (80×24 → about 11 rows; 120×40 → about 26 rows) must not be taller or wider than the
budget, must not cut a word (rich's ``…`` after a letter, a truncated id), must not show a word
of the other language, and must keep another seat's coins and science secret."""

from __future__ import annotations

import io
import re
from functools import cache

import pytest
from rich.console import Console

from ludoteca.agents import make_agent
from ludoteca.cli.render import renderer_for
from ludoteca.cli.sigloxx_render import tech_effect
from ludoteca.core.game import Game
from ludoteca.core.registry import new_game
from ludoteca.games.sigloxx.content import content

BUDGETS = ((80, 11), (120, 26))
CHECKPOINTS = (0, 12, 40, 90, 160, 260, 380)
C = content()
# a few words only one language uses on this board (checked as whole words)
SPANISH = {"de", "la", "el", "del", "con", "sin", "por", "monedas", "ciencia", "tierras",
           "basura", "contaminación", "ronda", "tú", "puja", "pujas", "subasta", "tecnologías",
           "pv", "secreto", "ingresos", "limpias", "paso", "otros", "quedan", "tarjetas",
           "catástrofe", "mantenimiento", "coste", *C.colours}
ENGLISH = {"the", "and", "of", "with", "by", "coins", "science", "land", "garbage",
           "pollution", "poll", "round", "you", "bid", "auction", "technologies", "vp", "secret",
           "income", "clean", "step", "others", "left", "cards", "catastrophe", "maintenance",
           "cost", "tech", *C.colours_en}
OTHER = {"es": ENGLISH, "en": SPANISH}
LAND_IDS = {t.id for t in C.land}
TECH_IDS = {t.id for t in C.tech}


@cache
def states(n: int, seed: int) -> tuple[Game, ...]:
    """Copies of a seeded greedy game of ``n`` players at each checkpoint (and its end)."""
    game = new_game("sigloxx", players=[f"Jugador{i}" for i in range(n)], seed=seed,
                    options={})
    agents = [make_agent("greedy", "sigloxx", seed + i) for i in range(n)]
    out = []
    for step in range(CHECKPOINTS[-1] + 1):
        if game.is_over:
            break
        if step in CHECKPOINTS:
            out.append(game.clone())
        s = game.to_move[0]
        game.apply(agents[s].choose(game, s), seat=s)
    return tuple(out)


def board_text(game: Game, seat: int | None, lang: str, width: int, height: int | None) -> str:
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    view = renderer_for("sigloxx").table_view(game, seat, lang, [""] * len(game.names), width,
                                             height)
    console.print(view)
    return console.export_text()


def problems(text: str, lang: str, width: int, height: int) -> list[str]:
    """What is wrong with a board drawn in ``width``×``height``."""
    lines = text.rstrip("\n").split("\n")
    out = []
    if len(lines) > height:
        out.append(f"{len(lines)} rows > {height}")
    out += [f"{len(x)} columns > {width}: {x!r}" for x in lines if len(x) > width]
    out += [f"cut word: {m.group()!r}" for m in re.finditer(r"\w+…", text)]
    for token in re.findall(r"\b[LST]\d+\b", text):
        if token not in LAND_IDS | TECH_IDS:
            out.append(f"cut or unknown id {token!r}")
    words = {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
    out += [f"other language: {w!r}" for w in sorted(words & OTHER[lang])]
    return out


CASES = [(3, 11), (4, 3), (5, 7)]


@pytest.mark.parametrize("n, seed", CASES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_board_fits_its_budget_in_one_language(n: int, seed: int, lang: str) -> None:
    games = states(n, seed)
    assert len(games) >= 5                          # the game runs well past round I
    for k, game in enumerate(games):
        seat = game.to_move[0]
        for width, height in BUDGETS:
            text = board_text(game, seat, lang, width, height)
            assert text.strip(), (k, width)
            bad = problems(text, lang, width, height)
            assert not bad, (n, seed, k, lang, width, bad, text)


@pytest.mark.parametrize("lang, you, tech", [("es", "(tú)", "Tecnologías"),
                                             ("en", "(you)", "Technologies")])
def test_the_compact_board_keeps_what_a_person_needs(lang: str, you: str, tech: str) -> None:
    game = states(4, 3)[1]                          # the land auction of round I
    seat = game.to_move[0]
    view = game.view(seat)
    text = board_text(game, seat, lang, 80, 11)
    assert you in text and "▶" in text              # whose board, whose turn
    assert re.search(rf"{tech} \(\d+ [^)]*\): T\d\d", text)   # the offer as ids with the cost
    for tile in view["land_display"][:1]:
        assert tile in text
    full = board_text(game, seat, lang, 120, 26)
    assert "──────" in full                         # the players table at 120 columns
    assert len(full.splitlines()) > len(text.splitlines())


def test_the_tile_in_hand_shows_where_it_may_go_at_80_columns() -> None:
    game = new_game("sigloxx", players=["Ana", "Bo", "Cy"], seed=1, options={})
    game = game.arrange(phase="mantenimiento", sp=0,
                        pending={0: [{"tile": "L04", "citizen": True, "garbage": 1}]})
    for lang in ("es", "en"):
        text = board_text(game, 0, lang, 80, 11)
        assert "→0,-1" in text and "→1,0" in text, text
        assert not problems(text, lang, 80, 11)


def test_another_seats_coins_and_science_stay_secret_at_every_size() -> None:
    game = new_game("sigloxx", players=["Ana", "Bo", "Cy", "Di"], seed=2, options={})
    game = game.arrange(coins={0: 31, 1: 83, 2: 92, 3: 97}, science={0: 29, 1: 86, 2: 94, 3: 89})
    mine = {0: ("31", "29"), 1: ("83", "86"), 2: ("92", "94"), 3: ("97", "89")}
    for lang in ("es", "en"):
        for width, height in (*BUDGETS, (100, None)):
            for s in range(4):
                text = board_text(game, s, lang, width, height)
                for o, values in mine.items():
                    for v in values:
                        assert (re.search(rf"\b{v}\b", text) is not None) == (o == s), \
                            (lang, width, s, o, v)


def test_a_cleaning_technology_says_less_pollution() -> None:
    """Reforestation moves the pollution marker 2 steps right: less pollution, not "+2"."""
    reforest = next(t.id for t in C.tech if t.name_en == "Reforestation")
    assert "less pollution (2 steps right)" in tech_effect(reforest, "en")
    assert "menos contaminación (2 pasos a la derecha)" in tech_effect(reforest, "es")
    dirty = next(t.id for t in C.tech if t.pollution > t.flowers)
    assert "more pollution" in tech_effect(dirty, "en")
    for t in C.tech:
        for lang in ("es", "en"):
            assert not re.search(r"(pollution|contaminación) [+−-]\d", tech_effect(t.id, lang))
