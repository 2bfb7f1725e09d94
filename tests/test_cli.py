"""The terminal interface: ``ludoteca games | rules | play | replay``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.cli import register_grammar
from ludoteca.cli.main import app
from ludoteca.cli.render import GRAMMARS, actions_module, grammar_lines
from ludoteca.cli.table import convert_option, parse_players
from ludoteca.games.monopoly.setup import default_source

runner = CliRunner()


def cli(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    return result


def api_game(actions: list[str], names=("Ana", "greedy"), seed: int = 7):
    game = ludoteca.new_game("qytetet", players=list(names), seed=seed)
    for text in actions:
        game.apply(text)
    return game


@pytest.fixture(scope="module", autouse=True)
def _seed7_opening():
    """The scripted games below rely on seed 7: Ana starts, rolls 1 and lands on a free CALLE."""
    game = api_game([])
    assert game.to_move == (0,)
    game.apply("tirar")
    assert "comprar" in [str(a) for a in game.legal_actions()]


# ----- games and rules -------------------------------------------------------------------------
def test_games_lists_the_registered_games():
    result = cli("games", "--lang", "es")
    assert result.exit_code == 0
    for word in ("qytetet", "civitas", "Qytetet", "2–4", "max_rounds", "greedy", "random"):
        assert word in result.output


@pytest.mark.parametrize("lang, words", [
    ("es", ["Reglas de Qytetet", "7.500 €", "edificar-casa N", "(build-house N)",
            "Órdenes de la mesa", "guardar FICHERO", "salir"]),
    ("en", ["Rules of Qytetet", "€7,500", "edificar-casa N", "build a house on street N",
            "Table commands", "save FILE", "quit"]),
])
def test_rules_print_summary_grammar_and_table_commands(lang, words):
    result = cli("rules", "qytetet", "--lang", lang)
    assert result.exit_code == 0
    for word in words:
        assert word in result.output


def test_grammar_hook_finds_the_family_grammar_and_can_be_overridden():
    assert actions_module("civitas").__name__ == "ludoteca.games.monopoly.actions"
    assert grammar_lines("civitas", "en")[0].startswith("tirar")
    register_grammar("civitas", lambda lang: [f"grammar in {lang}"])
    try:
        assert "grammar in es" in cli("rules", "civitas", "--lang", "es").output
    finally:
        GRAMMARS.pop("civitas")


# ----- playing ---------------------------------------------------------------------------------
def test_a_game_of_bots_plays_to_the_end():
    result = cli("play", "qytetet", "--players", "bot:greedy,bot:random", "--seed", "3",
                 "--option", "max_rounds=5", "--lang", "es")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "greedy (bot) ▸ tirar" in out and "random (bot) ▸" in out
    assert "Resultado" in out and "Gana " in out
    assert "límite de 5 rondas" in out


def test_human_turn_number_text_bad_action_and_save(tmp_path: Path):
    save = tmp_path / "partida.json"
    result = cli("play", "qytetet", "--players", "Ana,bot:greedy", "--seed", "7", "--lang", "es",
                 input=f"1\ncomprar\nvender 3\n9\nguardar {save}\n")
    assert result.exit_code == 0, result.output
    out = result.output
    # the screen: board, balances, events in words, numbered actions with street and money
    assert "Calle del Olivo" in out and "SALIDA" in out and "7.500 €" in out
    assert "Ana saca un 1 y avanza de 0 (SALIDA) a 1 (Calle del Olivo)." in out
    assert "comprar" in out and "-500 €" in out
    assert "edificar-casa 1" in out and "-250 €" in out
    # re-prompts with the reason; nothing changes
    assert "No vale: la casilla 3 es SORPRESA, no una calle" in out
    assert "no hay acción número 9" in out
    assert "Partida guardada en" in out
    assert "Se acabó la entrada" in out  # EOF ends cleanly
    rec = json.loads(save.read_text(encoding="utf-8"))
    assert rec["actions"] == [[0, "tirar"], [0, "comprar"]]
    assert rec["table"]["seats"] == [{"name": "Ana", "bot": None},
                                     {"name": "greedy", "bot": "greedy"}]
    assert ludoteca.replay(rec).state_dict() == api_game(["tirar", "comprar"]).state_dict()


def test_load_resumes_at_the_same_state_with_the_same_bots(tmp_path: Path):
    straight, first, resumed = (tmp_path / f"{n}.json" for n in ("a", "b", "c"))
    args = ["play", "qytetet", "--players", "Ana,bot:greedy", "--seed", "7", "--lang", "es"]
    cli(*args, input=f"1\ncomprar\nterminar\nguardar {straight}\n")
    cli(*args, input=f"1\ncomprar\nguardar {first}\nsalir\n")

    result = cli("play", "--load", str(first), "--lang", "es",
                 input=f"terminar\nguardar {resumed}\n")
    assert result.exit_code == 0, result.output
    assert "Partida cargada de" in result.output
    assert "Ana compra Calle del Olivo por 500 €." in result.output  # recap since last decision
    assert "greedy (bot) ▸ tirar" in result.output                   # the bot played on
    a = json.loads(straight.read_text(encoding="utf-8"))
    c = json.loads(resumed.read_text(encoding="utf-8"))
    assert len(c["actions"]) > 3
    assert c["actions"] == a["actions"]
    assert ludoteca.replay(c).state_dict() == ludoteca.replay(a).state_dict()
    assert c["table"] == a["table"]


def test_load_a_plain_record_seats_people(tmp_path: Path):
    path = tmp_path / "plain.json"
    path.write_text(api_game(["tirar"], names=("Ana", "Bea")).to_json(), encoding="utf-8")
    result = cli("play", "qytetet", "--load", str(path), "--lang", "en", input="end\n")
    assert result.exit_code == 0, result.output
    assert "players: Ana, Bea" in result.output
    assert "Bea, what do you do?" in result.output


def test_quit_leaves_cleanly_and_suggests_saving():
    result = cli("play", "qytetet", "--players", "2", "--seed", "1", "--lang", "es",
                 input="tirar\nsalir\n")
    assert result.exit_code == 0
    assert "J1" in result.output and "J2" in result.output
    assert "Dejas la partida." in result.output
    assert "guardar FICHERO" in result.output


def test_english_screen():
    result = cli("play", "qytetet", "--players", "Ana,bot:greedy", "--seed", "7", "--lang", "en",
                 input="roll\nhelp\nbuy\n")
    assert result.exit_code == 0, result.output
    out = result.output
    for words in ("Ana, what do you do?", "tirar (roll)", "Ana rolls 1", "balance",
                  "comprar (buy)", "buy the street you landed on", "-€500",
                  "Ana buys Olive Street for €500.", "Table commands", "End of input"):
        assert words in out, words


def test_board_option_takes_a_file(tmp_path: Path):
    board = tmp_path / "board.toml"
    board.write_text(default_source("ludoteca.games.qytetet").replace(
        "Calle del Olivo", "Calle Mayor"), encoding="utf-8")
    result = cli("play", "qytetet", "--players", "2", "--seed", "7", "--lang", "es",
                 "--option", f"board={board}", "--option", "max_rounds=2")
    assert result.exit_code == 0, result.output
    assert "Calle Mayor" in result.output and "ronda 1 de 2" in result.output


# ----- replay ----------------------------------------------------------------------------------
def test_replay_prints_actions_events_and_result(tmp_path: Path):
    path = tmp_path / "bots.json"
    game = ludoteca.new_game("civitas", players=["Ana", "Bea"], seed=5,
                             options={"max_rounds": 2})
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    path.write_text(game.to_json(), encoding="utf-8")
    result = cli("replay", str(path), "--no-step", "--lang", "es")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Partida grabada: Civitas" in out
    assert "   1. " in out and "saca un" in out
    assert "Resultado" in out and "límite de 2 rondas" in out


def test_replay_steps_and_stops_stepping_on_q(tmp_path: Path):
    path = tmp_path / "short.json"
    path.write_text(api_game(["tirar", "comprar", "terminar"]).to_json(), encoding="utf-8")
    result = cli("replay", str(path), "--step", "--lang", "en", input="\nq\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("[Enter: next · q: to the end]") == 2
    assert "Ana buys Olive Street" in result.output
    assert "the game is not over" in result.output


# ----- mistakes: one line, exit code 2 ----------------------------------------------------------
@pytest.mark.parametrize("args, message", [
    (["play", "qytetet", "--players", "Ana,bot:clever"], "no bot 'clever'"),
    (["play", "qytetet", "--players", "5"], "2 to 4 players; got 5"),
    (["play", "qytetet", "--players", "Ana,Ana"], "repeated"),
    (["play", "qytetet", "--option", "speed=3"], "unknown option 'speed'"),
    (["play", "qytetet", "--option", "max_rounds=many"], "max_rounds"),
    (["play", "qytetet", "--option", "max_rounds"], "NAME=VALUE"),
    (["play", "qytetet", "--option", "board=missing.toml"], "missing.toml: file not found"),
    (["play", "monopoly"], "unknown game 'monopoly'"),
    (["play"], "missing the game"),
    (["rules", "monopoly"], "unknown game 'monopoly'"),
    (["games", "--lang", "fr"], "unknown language 'fr'"),
    (["play", "--load", "no-such-file.json"], "cannot read no-such-file.json"),
    (["replay", "no-such-file.json"], "cannot read no-such-file.json"),
])
def test_mistakes_exit_2_with_a_clear_message(args, message):
    result = cli(*args, "--lang", "en") if "--lang" not in args else cli(*args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert result.output.startswith("Error:") and result.output.count("\n") == 1


@pytest.mark.parametrize("args, message", [
    (["play", "qytetet", "--players", "Ana,bot:clever"], "no hay bot 'clever' para qytetet"),
    (["play", "qytetet", "--players", "5"], "qytetet se juega de 2 a 4 jugadores; son 5"),
    (["play", "qytetet", "--option", "speed=3"], "no hay opción 'speed'"),
    (["play", "som", "--players", "bot:greedy", "--option", "centralism=medio"],
     "el centralismo medio no se juega en solitario"),
    (["play", "som", "--players", "Ana,bot:mcts:iterations=0"],
     "iterations ha de ser un número entero ≥ 1; es 0"),
    (["play", "som", "--players", "Ana,bot:mcts:depth=2"],
     "el bot 'mcts' no tiene el parámetro depth; acepta los parámetros: iterations"),
    (["play", "som", "--players", "bot:planner:bounded=maybe"],
     "planner: bounded ha de ser true o false; es 'maybe'"),
    (["play", "qytetet", "--option", "board=missing.toml"], "missing.toml: no existe el fichero"),
])
def test_mistakes_in_spanish_are_told_in_spanish(args, message):
    """With ``--lang es`` a refused option, bot or player count is explained in Spanish only
    (the English words of the same error do not leak into the line)."""
    result = cli(*args, "--lang", "es")
    assert result.exit_code == 2, result.output
    line = " ".join(result.output.split())
    assert message in line, line
    assert not any(w in line for w in (" must ", " is not ", " got ", "allowed", "takes"))


@pytest.mark.parametrize("content, message", [
    ("{not json", "is not valid JSON (line 1"),
    ("[1, 2]", "is not a valid game record"),
    ('{"game": "qytetet"}', "record lacks seed, actions"),
    ('{"game": "qytetet", "seed": 1, "names": ["a", "b"], "actions": [[0, "comprar"]]}',
     "record action 0 (0: 'comprar') is illegal"),
])
@pytest.mark.parametrize("command", ["play", "replay"])
def test_bad_files_exit_2_naming_the_file(tmp_path: Path, content, message, command):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    args = ["play", "--load", str(path)] if command == "play" else ["replay", str(path)]
    result = cli(*args, "--lang", "en")
    assert result.exit_code == 2
    assert str(path) in result.output and message in result.output


@pytest.mark.parametrize("content, message", [
    ("[1, 2]", "no es una partida válida: un registro es un objeto JSON"),
    ('{"game": "qytetet"}', "al registro le falta seed, actions"),
    ('{"game": "qytetet", "seed": 1, "names": ["a", "b"], "actions": [0]}',
     "la acción 0 del registro ha de ser [asiento, texto]; es 0"),
    ('{"game": "qytetet", "seed": 1, "names": ["a", "b"], "actions": [[0, "comprar"]]}',
     "la acción 0 del registro (0: 'comprar') no es legal"),
    ('{"game": "qytetet", "seed": 1, "players": 9, "actions": []}',
     "la cabecera del registro no es válida"),
])
def test_bad_files_are_explained_in_spanish(tmp_path: Path, content, message):
    """With ``--lang es`` a save file that cannot be read is explained in Spanish only."""
    path = tmp_path / "mala.json"
    path.write_text(content, encoding="utf-8")
    result = cli("replay", str(path), "--lang", "es")
    assert result.exit_code == 2
    line = " ".join(result.output.split())
    assert str(path) in result.output and message in line, line
    assert not any(w in line for w in (" must ", " is not ", " got ", " lacks ", "illegal"))


def test_bad_table_info_in_a_save_file(tmp_path: Path):
    rec = api_game([]).record()
    rec["table"] = {"seats": [{"name": "Ana", "bot": None}, {"name": "x", "bot": "clever"}]}
    path = tmp_path / "t.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    result = cli("play", "--load", str(path), "--lang", "en")
    assert result.exit_code == 2 and "no bot 'clever'" in result.output


def test_load_refuses_seed_and_other_game(tmp_path: Path):
    path = tmp_path / "g.json"
    path.write_text(api_game([]).to_json(), encoding="utf-8")
    assert cli("play", "--load", str(path), "--seed", "3", "--lang", "en").exit_code == 2
    result = cli("play", "civitas", "--load", str(path), "--lang", "en")
    assert result.exit_code == 2 and "not of civitas" in result.output


# ----- helpers and entry points ------------------------------------------------------------------
def test_parse_players_and_options():
    seats = parse_players("Ana, bot:greedy ,bot:greedy,bot:random", "en")
    assert [(s.name, s.bot) for s in seats] == [
        ("Ana", None), ("greedy", "greedy"), ("greedy 2", "greedy"), ("random", "random")]
    assert [s.name for s in parse_players("3", "en")] == ["J1", "J2", "J3"]
    assert convert_option("50", 100, None) == 50
    assert convert_option("myboard.toml", None, None) == "myboard.toml"
    assert convert_option("true", False, None) is True
    assert convert_option("x", 1, None) == "x"


def test_python_dash_m_runs_the_cli():
    for module in ("ludoteca", "ludoteca.cli.main"):
        done = subprocess.run([sys.executable, "-m", module, "rules", "civitas", "--lang", "en"],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert "Rules of Civitas" in done.stdout and "cancel-mortgage N" in done.stdout
