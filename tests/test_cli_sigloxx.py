"""The terminal table of «Siglo XX»: countries as grids of tiles, players, offers, catastrophe,
auction, numbered actions in words, private screens at a hot-seat table, the end with points by
source, and ``ludoteca rules sigloxx``."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ludoteca.agents import make_agent
from ludoteca.cli.main import app
from ludoteca.cli.render import DEFAULT_RENDERER, renderer_for
from ludoteca.cli.sigloxx_render import SigloRenderer, vp_during_play
from ludoteca.cli.som_render import SomRenderer
from ludoteca.cli.table import Seat, Table, attach_bots
from ludoteca.core.registry import new_game

runner = CliRunner()
RULE = re.compile(r"^─+ Siglo XX · ")


def cli(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output, result.output
    return result


def render(renderable, width: int = 100) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, highlight=False, color_system=None).print(renderable)
    return buf.getvalue()


def screen(game, seat: int, lang: str) -> str:
    r = renderer_for("sigloxx")
    labels = [""] * len(game.names)
    return render(r.table_view(game, seat, lang, labels, 100)) + \
        render(r.actions_table(game, seat, game.legal_actions(seat), lang))


def bots_game(n: int, seed: int, **options):
    game = new_game("sigloxx", players=[f"J{i}" for i in range(n)], seed=seed, options=options)
    agents = [make_agent("greedy", "sigloxx", seed + i) for i in range(n)]
    while not game.is_over:
        s = game.to_move[0]
        game.apply(agents[s].choose(game, s), seat=s)
    return game


def scripted_table(n_people: int, n: int, seed: int, lang: str):
    """People at seats 0..n_people−1 answering like a greedy bot, by number and by text in
    turn; bots at the other seats. Returns the output."""
    seats = [Seat(f"P{i}") for i in range(n_people)] + \
        [Seat("greedy" if i == 0 else f"greedy {i + 1}", "greedy") for i in range(n - n_people)]
    game = new_game("sigloxx", players=[s.name for s in seats], seed=seed, options={})
    attach_bots(seats, "sigloxx", seed)
    helpers = [make_agent("greedy", "sigloxx", 50 + i) for i in range(n)]
    buf = io.StringIO()
    out = Console(file=buf, width=100, highlight=False, color_system=None)
    table = Table(game, seats, lang, out)
    turn = [0]

    def read(prompt: str) -> str:
        seat = game.to_move[0]
        action = helpers[seat].choose(game, seat)
        turn[0] += 1
        text = str(game.legal_actions(seat).index(action) + 1) if turn[0] % 2 else str(action)
        out.print(f"{game.names[seat]} ▸ {text}", markup=False)
        return text
    table.read = read
    assert table.play() == 0
    return game, buf.getvalue()


def screens(output: str) -> list[str]:
    """The output cut at each screen's rule line."""
    parts, current = [], None
    for line in output.splitlines():
        if RULE.match(line):
            if current is not None:
                parts.append("\n".join(current))
            current = [line]
        elif current is not None:
            current.append(line)
    if current is not None:
        parts.append("\n".join(current))
    return parts


# ----- the registry and the grammar ------------------------------------------------------------
def test_sigloxx_has_its_own_renderer_and_others_keep_theirs():
    assert isinstance(renderer_for("sigloxx"), SigloRenderer)
    assert isinstance(renderer_for("som"), SomRenderer)
    assert renderer_for("qytetet") is DEFAULT_RENDERER


def test_rules_sigloxx_prints_summary_and_grammar_in_english():
    result = cli("rules", "sigloxx", "--lang", "en")
    assert result.exit_code == 0
    for word in ("Rules of Siglo XX", "20th Century", "colocar-R C", "(place-R C)",
                 "x,y from the start tile", "Table commands"):
        assert word in result.output, word


# ----- bots only -------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, players, extra, words", [
    ("es", "bot:greedy,bot:random,bot:greedy", [],
     ["Países al final", "Resultado", "ingresos", "tarjetas", "ambiente", "limpias", "basura",
      "Desempate y reservas", "monedas + ciencia", "ronda VI"]),
    ("en", "bot:greedy,bot:random,bot:greedy,bot:random,bot:greedy",
     ["--option", "scoring_cards=false"],
     ["Final countries", "Result", "income", "cards", "environ.", "clean", "garbage",
      "Tie-breaks and holdings", "coins + science", "round VI", "none (variant without cards)"]),
])
def test_a_game_of_bots_plays_to_the_end_and_prints_points_by_source(lang, players, extra,
                                                                     words):
    result = cli("play", "sigloxx", "--players", players, "--seed", "5", "--lang", lang, *extra)
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.output, word
    assert re.search(r"^(Gana|Empate|Winner|Tie)", result.output, re.M)
    assert "{'game'" not in result.output and "Pretty" not in result.output   # not the raw view


def test_points_by_source_add_up_to_the_score():
    game = bots_game(4, 3)
    income, cards = vp_during_play(game)
    finals = game.result.details["final_scoring"]
    for s in range(4):
        assert income[s] + cards[s] + finals[s]["total"] == game.result.scores[s]
    assert sum(cards) > 0 and sum(income) > 0
    text = "".join(render(x) for x in
                   renderer_for("sigloxx").result_renderables(game, "es", [""] * 4))
    for word in ("ingresos", "tarjetas", "Desempate y reservas", "Gana "):
        assert word in text, word


# ----- a person at the table -------------------------------------------------------------------
def test_a_person_sees_the_countries_offers_and_acts_by_number_and_text():
    feed = "1\nayuda\ntablero\nretirarse\nno-comprar\nsalir\n"
    result = cli("play", "sigloxx", "--players", "Ana,bot:greedy,bot:greedy,bot:greedy",
                 "--seed", "3", "--lang", "es", input=feed)
    assert result.exit_code == 0, result.output
    out = result.output
    for word in ("Siglo XX · ronda I de VI · 2 Subasta de tierras", "Ana (rojo) · 0 PV (tú)",
                 "S1 ■□□ ○R1", "●1m1c ●2m1c", "Tierras en oferta (puja mínima 2 monedas)",
                 "Tecnologías en oferta", "Coste de tecnología (tablero)", "[7]",
                 "Catástrofe: «Lluvia ácida»", "Subasta: L04", "Tarjetas de puntuación",
                 "Ana, ¿qué haces?", "pujar de 5 a 10 monedas por L04", "nº 1 = 5 monedas",
                 "retirarte de la subasta", "colocar-R C"):
        assert word in out, word
    assert "Ana ▸ pujar 5" in out                      # number 1 of the range = 5 coins
    assert "Ana (rojo) se retira de la subasta" in out  # and by text
    assert "Ana (rojo) no compra tecnología." in out
    assert "Pantalla privada" not in out                # one person: no keyboard to pass
    assert "Dejas la partida." in out


def test_a_person_sees_where_a_tile_may_go_and_places_it_in_english():
    game = new_game("sigloxx", players=["Ana", "Bo", "Cy"], seed=1, options={})
    game = game.arrange(phase="mantenimiento", sp=0,
                        pending={0: [{"tile": "L04", "citizen": True, "garbage": 1}]})
    assert game.view(0)["step"] == "colocar"
    text = screen(game, 0, "en")
    for word in ("→0,-1", "→1,0", "colocar-90 0,-1 (place-90 0,-1)",
                 "L04 at 0,-1 rotated 90° (rails │); S1 to the south",
                 "Maintenance of Ana (red), step B · in hand: L04 ─ 3c"):
        assert word in text, word
    buf = io.StringIO()
    seats = [Seat("Ana"), Seat("greedy", "greedy"), Seat("greedy 2", "greedy")]
    attach_bots(seats, "sigloxx", 1)
    answers = iter(["place-90 0,-1", "quit"])
    table = Table(game, seats, "en", Console(file=buf, width=100, color_system=None),
                  read=lambda prompt: next(answers))
    assert table.play() == 0
    assert "Ana (red) places L04 at 0,-1 rotated 90°." in buf.getvalue()


def test_another_seats_coins_and_science_never_appear_on_a_screen():
    game = new_game("sigloxx", players=["Ana", "Bo", "Cy", "Di"], seed=2, options={})
    game = game.arrange(coins={0: 31, 1: 83, 2: 92, 3: 97}, science={0: 29, 1: 86, 2: 94, 3: 89})
    mine = {0: ("31", "29"), 1: ("83", "86"), 2: ("92", "94"), 3: ("97", "89")}
    for lang in ("es", "en"):
        for s in range(4):
            text = render(renderer_for("sigloxx").table_view(game, s, lang, [""] * 4, 100))
            for o, values in mine.items():
                for v in values:
                    assert (v in text) == (o == s), (s, o, v)
            assert text.count("secreto" if lang == "es" else "secret") == 2 * 3


def test_a_hot_seat_table_passes_the_keyboard_and_hides_each_persons_holdings():
    game, out = scripted_table(2, 4, 3, "es")
    assert game.is_over and "Resultado" in out
    people_screens = [s for s in screens(out) if "¿qué haces?" in s]
    assert {("turno de P0" in s, "turno de P1" in s) for s in people_screens} == \
        {(True, False), (False, True)}
    for block in people_screens:                    # the 3 others: "secreto  secreto"
        assert block.count("secreto") == 2 * 3, block[:3000]
    assert "Pantalla privada" in out
    assert out.count("Pasa el teclado a P1") >= 1 and out.count("Pasa el teclado a P0") >= 1
    # the keyboard is passed only when the other person saw the last screen
    passes = out.count("Pantalla privada")
    turns = [("turno de P0" in s) for s in people_screens]
    changes = 1 + sum(1 for a, b in zip(turns, turns[1:], strict=False) if a != b)
    assert passes == changes
