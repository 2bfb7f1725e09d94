"""The terminal table of «El Plan: tú decides»: the route, squares, event, offers, market and
players; actions by number and by text; the tutorial's explanations and checkpoints; secret
simultaneous choices at a hot-seat table; the opening line and the result."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.cli.elplan_render import EN_NAMES, ElplanRenderer, english_form
from ludoteca.cli.main import app
from ludoteca.cli.render import DEFAULT_RENDERER, Entry, renderer_for
from ludoteca.cli.som_render import SomRenderer
from ludoteca.cli.table import Seat, Table, attach_bots
from ludoteca.core.events import Event
from ludoteca.games.elplan import actions as A

runner = CliRunner()


def cli(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output, result.output
    return result


def scripted_table(game, seats, lang: str, answer, limit: int = 10 ** 6):
    """A table whose people answer with ``answer(game, seat, n) -> str`` (n = 0, 1, …); after
    ``limit`` answers the input ends. Output in a buffer."""
    buf = io.StringIO()
    out = Console(file=buf, width=100, highlight=False, color_system=None)
    table = Table(game, seats, lang, out)
    count = [0]

    def read(prompt: str) -> str:
        if count[0] >= limit:
            raise EOFError
        seat = next(s for s in game.to_move if seats[s].agent is None)
        text = answer(game, seat, count[0])
        count[0] += 1
        out.print(text, markup=False)
        return text
    table.read = read
    return table, buf


# ----- the registry, the opening line, the rules -------------------------------------------------
def test_elplan_has_its_own_renderer_and_others_keep_theirs():
    assert isinstance(renderer_for("elplan"), ElplanRenderer)
    assert isinstance(renderer_for("som"), SomRenderer)
    assert renderer_for("qytetet") is DEFAULT_RENDERER


def test_every_english_form_parses_to_the_same_action():
    game = ludoteca.new_game("elplan", players=["Ana", "Bea"], seed=1)
    for action in A.ALL_ACTIONS:
        words = english_form(str(action))
        if action.name in EN_NAMES:
            alias = words[words.index("(") + 1:-1]
            assert game.parse(alias) == action, (action, alias)


@pytest.mark.parametrize("lang, words", [
    ("es", ["Reglas de El Plan: tú decides", "ubicar Q", "fabricar-T", "Órdenes de la mesa"]),
    ("en", ["Rules of El Plan: tú decides", "(place Q)", "(make-T)", "Table commands"]),
])
def test_rules_elplan(lang, words):
    result = cli("rules", "elplan", "--lang", lang)
    assert result.exit_code == 0
    for word in words:
        assert word in result.output, word


def test_the_opening_line_names_the_momento_cero_option_not_a_draw():
    result = cli("play", "elplan", "--players", "Ana,bot:greedy,bot:random", "--seed", "2",
                 "--option", "first_player=1", "--lang", "es", input="salir\n")
    assert result.exit_code == 0, result.output
    assert "Momento Cero lo tiene greedy (opción first_player=1, no hay sorteo)" in \
        result.output
    assert "por sorteo" not in result.output
    result = cli("play", "elplan", "--players", "Ana,bot:greedy", "--seed", "2", "--lang", "en",
                 input="quit\n")
    assert "Ana holds Momento Cero (option first_player=0, no draw)" in result.output
    assert "drawn at random" not in result.output


# ----- bots only ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, words", [
    ("es", ["Resultado", "puntos", "Ideas", "tríos", "crédito", "desemp.", "Desempates:",
            "Fin de la partida tras el Período 12"]),
    ("en", ["Result", "points", "Ideas", "trios", "credit", "tie-break", "Tie-breaks:",
            "Game over after Period 12"]),
])
def test_a_game_of_bots_plays_to_the_end_and_prints_the_result(lang, words):
    result = cli("play", "elplan", "--players", "bot:greedy,bot:random,bot:greedy",
                 "--seed", "3", "--lang", lang)
    assert result.exit_code == 0, result.output
    out = result.output
    for word in words:
        assert word in out, word
    assert ("Gana " in out or "Empate" in out) if lang == "es" else \
        ("Winner" in out or "Tie" in out)
    assert re.search(r"^\s+1\.\s+greedy", out, re.M) or re.search(r"^\s+1\.\s+random", out,
                                                                   re.M)


# ----- a person at the table -------------------------------------------------------------------
def test_a_person_sees_districts_squares_event_offers_market_and_players():
    result = cli("play", "elplan", "--players", "Ana,bot:greedy,bot:greedy,bot:random",
                 "--seed", "3", "--lang", "es", input="1\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    first = out[:out.index("Desde tu última decisión")]
    for word in ("Período 1 de 12", "Recorrido:", "▶ Oportunidad", "1 Sucesos",
                 "4 Manufactura", "7 Innovación", "Casillas de Oportunidad", "D1-1",
                 "3A", "D6-1", "Suceso del Período: aún no se ha volteado",
                 "8 apartados sin ver", "Ofertas de inversión", "Infraestructura",
                 "Especialista", "Tecnología", "infraestructura-1", "nueva (coste al borde)",
                 "Mercado: Materia prima 0", "Subsidios: [1] 0 D", "Créditos en reserva: 6",
                 "★ Ana (tú) Momento Cero", "Plan MP-1", "Recursos: 2 CH · 2 D · 2 E",
                 "Ideas: 0", "Productos: —", "Crédito: no", "Procesos: —",
                 "Proceso 1 del Plan [·E] inactivo", "greedy (bot)", "random (bot)"):
        assert word in first, word
    assert "Ana, ¿qué haces?" in out
    assert re.search(r"^1\.\s+ubicar D1-1\s+Distrito 1: puede ignorar", out, re.M)
    # "1" placed Ana on D1-1; the next screen is District 1 with the event turned over
    second = out[out.index("Ana ▸ 1"):]
    assert "▶ 1 Sucesos" in second and "D1-1 puede ignorar el suceso: Ana" in second
    assert "Suceso del Período: n.º" in second
    assert "ignorar-suceso" in second


def test_a_person_acts_by_number_by_spanish_text_and_by_english_alias():
    game = ludoteca.new_game("elplan", players=["Ana", "greedy"], seed=5)
    seats = [Seat("Ana"), Seat("greedy", "greedy")]
    attach_bots(seats, "elplan", game.seed)
    helper = make_agent("greedy", "elplan", 99)
    typed: list[str] = []

    def answer(game, seat, n):
        action = helper.choose(game, seat)
        legal = game.legal_actions(seat)
        if n % 3 == 0:
            typed.append(str(legal.index(action) + 1))
        elif n % 3 == 1:
            typed.append(str(action))
        else:
            words = english_form(str(action))
            typed.append(words[words.index("(") + 1:-1] if "(" in words else words)
        return typed[-1]

    table, buf = scripted_table(game, seats, "en", answer, limit=45)
    assert table.play() == 0
    out = buf.getvalue()
    assert "Not allowed" not in out
    assert "Ana, what do you do?" in out and "Route:" in out and "Market:" in out
    assert any(t.isdigit() for t in typed)
    assert any(t.split(" ")[0] in EN_NAMES.values() for t in typed), typed
    assert len(game.record()["actions"]) > 45           # the bot's moves too
    assert "End of input" in out


def test_a_two_player_game_with_a_person_runs_to_the_result():
    game = ludoteca.new_game("elplan", players=["Ana", "greedy"], seed=7,
                             options={"level": 2})
    seats = [Seat("Ana"), Seat("greedy", "greedy")]
    attach_bots(seats, "elplan", game.seed)
    helper = make_agent("greedy", "elplan", 98)
    table, buf = scripted_table(game, seats, "es",
                                lambda g, s, n: str(helper.choose(g, s)))
    assert table.play() == 0
    out = buf.getvalue()
    assert game.is_over and "Resultado" in out and "Plan MP-1-N2" in out
    assert "Llega 1" in out                          # the 2-player market feed, in words


# ----- the tutorial ------------------------------------------------------------------------------
def test_the_tutorial_shows_explanations_and_checkpoints():
    result = cli("play", "elplan", "--option", "tutorial=true", "--players", "Ana,Bea,Cris",
                 "--seed", "1", "--lang", "es", input="1\n" * 6 + "salir\n")
    assert result.exit_code == 0, result.output
    out = result.output
    opening = out[:out.index("Desde tu última decisión")]
    assert "Tutorial guiado: 5 Períodos" in opening
    assert "Tutorial · setup" in opening and "Las Ideas Innovadoras no son recursos" in opening
    assert "✔ Control TC01:" in opening and "— correcto" in opening
    # the screen opens with the current step's explanation and the checkpoints so far
    assert "Tutorial · Período 2 de 5 · P2.D2" in opening
    assert "Administración: pon en cada Proceso de tu Plan" in opening
    assert "El tutorial pide: activar los Procesos de tu Plan" in opening
    assert "Controles: TC01 ✔ TC02 ✔ TC03 ✔" in opening
    assert "(3 Inversión)" in opening                     # not played in Period 2
    assert "no se usan en este Período del tutorial" in opening


def test_a_failed_checkpoint_is_shown_as_failed():
    game = ludoteca.new_game("elplan", players=["Ana", "Bea", "Cris"], seed=1,
                             options={"tutorial": True})
    renderer = renderer_for("elplan")
    bad = Event("tutorial-control", "EP-TUT.20", {
        "id": "TC09", "ok": False, "text_es": "Cada jugador tiene 1 Idea",
        "text_en": "Each player has 1 Idea", "failed": [1], "board_ok": True})
    buf = io.StringIO()
    out = Console(file=buf, width=100, color_system=None)
    for lang in ("es", "en"):
        for line in renderer.entry_lines(game, Entry(0, "listo", (bad,)), lang, ["", "", ""]):
            out.print(line)
    text = buf.getvalue()
    assert "✘ Control TC09: Cada jugador tiene 1 Idea — NO se cumple" in text
    assert "✘ Check TC09: Each player has 1 Idea — NOT met" in text


# ----- simultaneous choices at a hot-seat table ---------------------------------------------------
def d4_record(path: Path) -> tuple[Path, int, int]:
    """Ana, Bea (people) and a bot reach Period 1's District 4, where all three decide at once.
    Returns the file and how many answers Ana and Bea each need to finish their step (always
    the first listed action)."""
    game = ludoteca.new_game("elplan", players=["Ana", "Bea", "greedy"], seed=1)
    bots = [make_agent("greedy", "elplan", 1 + i) for i in range(3)]
    while not (game.view(None)["step"] == "d4-fabricar" and {0, 1} <= set(game.to_move)):
        s = game.to_move[0]
        game.apply(bots[s].choose(game, s), seat=s)
    rec = game.record()
    rec["table"] = {"players": "Ana,Bea,bot:greedy",
                    "seats": [{"name": "Ana", "bot": None}, {"name": "Bea", "bot": None},
                              {"name": "greedy", "bot": "greedy"}]}
    file = path / "d4.json"
    file.write_text(json.dumps(rec), encoding="utf-8")
    needs = []
    for seat in (0, 1):
        probe = game.clone()
        k = 0
        while seat in probe.to_move:
            probe.apply(probe.legal_actions(seat)[0], seat=seat)
            k += 1
        needs.append(k)
    assert game.legal_actions(0)[0].name.startswith("fabricar")
    return file, needs[0], needs[1]


def test_a_simultaneous_choice_is_never_shown_to_the_other_person(tmp_path: Path):
    file, ana, bea = d4_record(tmp_path)
    result = cli("play", "--load", str(file), "--lang", "es",
                 input="1\n" * (ana + bea) + "salir\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Pasa el teclado a Ana") == 1       # once, even for several answers
    assert out.count("Pasa el teclado a Bea") == 1
    start_bea = out.index("Pasa el teclado a Bea")
    bea_prompt = out.index("Bea ▸", out.index("Bea, ¿qué haces?", start_bea))
    seen_by_bea = out[start_bea:bea_prompt]
    assert "Ana ▸ (elección secreta)" in seen_by_bea
    assert "Ana ha decidido." in seen_by_bea
    assert "Ana ▸ fabricar" not in seen_by_bea and "Ana ▸ listo" not in seen_by_bea
    assert seen_by_bea.count("Tu elección secreta") == 1    # Bea's own, nothing of Ana's
    assert "Tu elección secreta: fabricado —" in seen_by_bea
    assert "•••" in out[:start_bea]                           # Ana's typing was not echoed
    assert "Fabricación:" in out[bea_prompt:]                 # the reveal comes after


def test_one_person_and_bots_are_not_asked_to_pass_the_keyboard(tmp_path: Path):
    file, ana, _bea = d4_record(tmp_path)
    result = cli("play", "--load", str(file), "--players", "Ana,bot:greedy,bot:greedy",
                 "--lang", "en", input="1\n" * ana + "quit\n")
    assert result.exit_code == 0, result.output
    assert "Pass the keyboard" not in result.output
    assert "Manufacturing:" in result.output
