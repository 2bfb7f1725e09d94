"""The terminal table of «Som el que decidim!»: map, players, phase, actions, secret bids, the
end, and ``ludoteca rules som``."""

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
from ludoteca.cli.main import app
from ludoteca.cli.render import DEFAULT_RENDERER, renderer_for
from ludoteca.cli.som_render import SHORT, SomRenderer, english_form
from ludoteca.cli.table import Seat, Table, attach_bots

runner = CliRunner()
REASONS_ES = ("Consulta:", "Intervención:", "DUI:", "Límite:")
REASONS_EN = ("Consulta:", "Intervention:", "DUI:", "Limit:")


def cli(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output, result.output
    return result


def scripted_table(game, seats, lang: str, answer) -> tuple[Table, io.StringIO]:
    """A table whose people answer with ``answer(game, seat) -> str``; output in a buffer."""
    buf = io.StringIO()
    out = Console(file=buf, width=100, highlight=False, color_system=None)
    table = Table(game, seats, lang, out)

    def read(prompt: str) -> str:
        seat = next(s for s in game.to_move if seats[s].agent is None)
        text = answer(game, seat)
        out.print(text, markup=False)
        return text
    table.read = read
    return table, buf


# ----- the registry and the grammar ------------------------------------------------------------
def test_som_has_its_own_renderer_and_others_keep_theirs():
    assert isinstance(renderer_for("som"), SomRenderer)
    assert renderer_for("qytetet") is DEFAULT_RENDERER
    assert renderer_for("no-such-game") is DEFAULT_RENDERER


@pytest.mark.parametrize("lang, words", [
    ("es", ["Reglas de Som el que decidim!", "Concentració nacional", "pujar B", "(bid B)",
            "votar en secreto", "mover N", "r2c3", "T = tipo de disco", "Órdenes de la mesa"]),
    ("en", ["Rules of Som el que decidim!", "consulta", "pujar B", "(bid B)",
            "bid B participation disks in secret", "dar-T N", "(give-T N)", "T = disk type",
            "Table commands"]),
])
def test_rules_som_prints_summary_and_grammar(lang, words):
    result = cli("rules", "som", "--lang", lang)
    assert result.exit_code == 0
    for word in words:
        assert word in result.output, word
    assert "no publica" not in result.output and "does not publish" not in result.output


# ----- bots only ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, reasons, extra", [
    ("es", REASONS_ES, ["--seed", "4"]),
    ("en", REASONS_EN, ["--seed", "2", "--option", "mode=C", "--option", "centralism=elevado"]),
])
def test_a_game_of_bots_plays_to_the_end_and_prints_the_result(lang, reasons, extra):
    result = cli("play", "som", "--players", "bot:greedy,bot:random", "--lang", lang, *extra)
    assert result.exit_code == 0, result.output
    out = result.output
    assert ("Resultado" if lang == "es" else "Result") in out
    assert ("Mapa final" if lang == "es" else "Final map") in out
    assert any(r in out for r in reasons)
    assert ("Gana" in out or "Empate" in out or "Nadie gana" in out) if lang == "es" else \
        ("Winner" in out or "Tie" in out or "Nobody wins" in out)


# ----- a person at the table -------------------------------------------------------------------
def test_a_person_sees_the_map_the_state_and_numbered_actions():
    result = cli("play", "som", "--players", "Ana,bot:greedy,bot:greedy", "--seed", "3",
                 "--option", "mode=B", "--option", "centralism=elevado", "--lang", "es",
                 input="1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    first = out[:out.index("Desde tu última decisión")]
    for word in ("r0", "r6", "c0", "c6", "░", "Concentració", "Banderas:", "Catalunya",
                 "Generalitat: ★ Ana (rosa)", "modo B", "centralismo elevado", "Fase: 1",
                 "Hisenda espanyola:", "Concentració nacional: ", "Urna: 0/4", "Dado:",
                 "discos (tipo y valor)", "particip."):
        assert word in first, word
    # nothing face down is named: of the cards, only Concentració nacional shows
    for card_id, (short_es, _en) in SHORT.items():
        if card_id != "CN":
            assert short_es not in first, short_es
    # Hisenda shows value counts only
    hisenda = re.search(r"Hisenda espanyola: (\d+) € \((\d+) de 1 €, (\d+) de 2 €\)", first)
    assert hisenda and int(hisenda[1]) == int(hisenda[2]) + 2 * int(hisenda[3])
    assert "Ana, ¿qué haces?" in out and re.search(r"^1\. ", out, re.M)
    assert out.count("Ana, ¿qué haces?") >= 2          # "1" was played, the next screen came


def test_a_person_acts_by_number_and_by_text_in_english():
    game = ludoteca.new_game("som", players=["Ana", "greedy"], seed=5,
                             options={"mode": "B", "max_turns": 3})
    seats = [Seat("Ana"), Seat("greedy", "greedy")]
    attach_bots(seats, "som", game.seed)
    typed: list[str] = []

    def answer(game, seat):
        legal = [str(a) for a in game.legal_actions(seat)]
        if len(typed) % 2 == 0:
            typed.append("1")                           # by number: the first action
        else:                                           # by text: the English alias
            words = english_form(legal[-1])
            alias = words[words.index("(") + 1:-1] if "(" in words else words
            typed.append(alias)
        return typed[-1]

    table, buf = scripted_table(game, seats, "en", answer)
    assert table.play() == 0
    out = buf.getvalue()
    assert game.is_over and "Result" in out and "Final map" in out
    assert "Ana, what do you do?" in out and "Not allowed" not in out
    by_text = [t for t in typed if not t.isdigit()]
    assert by_text and any(t.split(" ")[0] in ("roll", "end", "stop", "move") or
                           t.startswith(("pay-", "give-")) for t in by_text)
    assert "Citizen action" in out or "Transfer" in out


def test_a_solo_game_runs_to_the_end():
    game = ludoteca.new_game("som", players=["Ana"], seed=86,
                             options={"mode": "B", "max_turns": 3})
    helper = make_agent("greedy", "som", 86)
    table, buf = scripted_table(game, [Seat("Ana")], "es",
                                lambda g, s: str(helper.choose(g, s)))
    assert table.play() == 0
    out = buf.getvalue()
    assert "modo B en solitario" in out and "Resultado" in out
    assert any(r in out for r in REASONS_ES)


@pytest.mark.parametrize(("lang", "words"), [
    ("es", ("Boca abajo: ", "del reparto inicial", "4 del reparto 1 (2 Catalunya, 2 urna)")),
    ("en", ("Face down: ", "from the setup", "4 from refill 1 (2 Catalonia, 2 urna")),
])
def test_the_map_marks_the_cells_a_spain_event_refilled(lang, words):
    """SOM-12.8: after a refill the screen marks its face-down cells with the refill's number
    and says what each deal still holds face down (public: the refill names its cards)."""
    from rich.console import Console as RichConsole

    from ludoteca.cli.som_render import map_renderable, status_lines

    game = ludoteca.new_game("som", players=["Ana"], seed=2)
    game.arrange(cells={15: "CN", 8: "C-01", 9: "C-02", 2: "U-1", 30: "U-2", 16: "E-1"},
                 face_up=[8, 9], pile=["U-1", "U-2"], phase="accion", face=1)
    before = "\n".join(t.plain for t in status_lines(game.view(0), lang))
    assert words[0] not in before
    game.apply("mover 16")
    view = game.view(0)
    text = "\n".join(t.plain for t in status_lines(view, lang))
    for word in words:
        assert word in text, (word, text)
    buf = io.StringIO()
    RichConsole(file=buf, width=100, color_system=None).print(map_renderable(view, lang, 100))
    assert buf.getvalue().count("░ 1 ░") == 4


# ----- secret bids at a hot-seat table ---------------------------------------------------------
def vote_record(path: Path) -> Path:
    """Ana (3 participation disks) calls elections; Bea (1) and a bot (1) run too: the next
    step is the secret vote of all three."""
    game = ludoteca.new_game("som", players=["Ana", "Bea", "greedy"], seed=1,
                             options={"mode": "C"})
    game.arrange(cells={15: "CN", 16: "W-SU"}, pd={0: 3, 1: 1, 2: 1}, gh=0, phase="accion",
                 face=1, disks={0: {"mossos": 1, "sanidad": 1, "vias": 2},
                                1: {"justicia": 1, "bosques": 2},
                                2: {"educacion": 1, "energias": 1}})
    for text in ("mover 16", "elecciones", "apoyar 0", "apoyar 1", "apoyar 2"):
        game.apply(text)
    assert set(game.to_move) == {0, 1, 2}
    rec = game.record()
    rec["table"] = {"players": "Ana,Bea,bot:greedy",
                    "seats": [{"name": "Ana", "bot": None}, {"name": "Bea", "bot": None},
                              {"name": "greedy", "bot": "greedy"}]}
    file = path / "vote.json"
    file.write_text(json.dumps(rec), encoding="utf-8")
    return file


def test_a_secret_bid_is_never_shown_to_the_other_person(tmp_path: Path):
    file = vote_record(tmp_path)
    result = cli("play", "--load", str(file), "--lang", "es", input="pujar 3\n2\nsalir\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Pasa el teclado a Ana" in out and "Pasa el teclado a Bea" in out
    bea = out.index("Pasa el teclado a Bea")
    bea_typed = out.index("•••", bea)                       # Bea's own bid, hidden too
    reveal = out.index("Se abren los puños")
    assert bea < bea_typed < reveal
    seen_by_bea = out[bea:bea_typed]
    assert "pujar 3" not in seen_by_bea and "3 discos" not in seen_by_bea
    assert "Ana ▸ pujar ?" in seen_by_bea                   # only that Ana has bid
    assert "han votado Ana (rosa)" in seen_by_bea
    assert "•••" in out[:bea]                               # Ana's typing was not echoed
    assert "Ana (rosa) 3" in out[reveal:]                   # the fists open: now it shows
    assert "Elecciones anticipadas" in out and "Votación secreta" in out


def test_one_person_and_bots_are_not_asked_to_pass_the_keyboard(tmp_path: Path):
    file = vote_record(tmp_path)
    result = cli("play", "--load", str(file), "--players", "Ana,bot:greedy,bot:greedy",
                 "--lang", "en", input="pujar 1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Pass the keyboard" not in result.output
    assert "Fists open" in result.output
