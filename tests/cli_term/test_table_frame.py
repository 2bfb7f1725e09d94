"""The terminal table as a person sees it: ``ludoteca play`` in a pseudo-terminal of 80×24 and
120×40, read with the ``pyte`` emulator. Every screen fits (the prompt on the last row, whose
turn in the header, part of the board), no line is cut in the middle of a word, another
person's screen leaves the scrollback, a long record with ``mcts`` seats loads at once, and the
small things: ``--version``, the save offered at the end, a busy port."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("pyte")

from ludoteca.agents import make_agent  # noqa: E402
from ludoteca.core.registry import new_game  # noqa: E402

from .pty_support import Terminal  # noqa: E402

SIZES = ((80, 24), (120, 40))
# game -> (seats, seed, language, a piece of the board a person sees at the first decision)
GAMES = {
    "qytetet": ("Ana,bot:greedy", 7, "en", ("Olive", "Start")),
    "civitas": ("Ana,bot:greedy", 2, "es", ("SALIDA", "Gato")),
    "som": ("Ana,bot:greedy,bot:greedy", 3, "es", ("r0", "Concentració")),
    "elplan": ("Ana,bot:greedy,bot:greedy,bot:random", 5, "en", ("Opportunity", "D1-1")),
    "sigloxx": ("Ana,bot:greedy,bot:greedy", 3, "es", ("S1", "Tierras")),
}
TURN = {"es": "turno de Ana", "en": "Ana's turn"}


def cut_words(lines: list[str], width: int) -> list[tuple[str, str]]:
    """Pairs of rows where a full row ends inside a word that goes on in the next row."""
    return [(a, b) for a, b in zip(lines, lines[1:], strict=False)
            if len(a) >= width and a[-1].isalpha() and b[:1].isalpha()]


def assert_fits(term: Terminal, lang: str, board: tuple[str, ...]) -> None:
    lines = term.lines()
    assert term.cursor_row() == term.rows - 1, term.text()     # the prompt: the last row
    assert lines[-1].startswith("Ana ▸"), term.text()
    assert TURN[lang] in lines[0], term.text()                 # whose turn, on top
    assert any(piece in term.text() for piece in board), term.text()
    assert not cut_words(lines, term.cols), cut_words(lines, term.cols)
    hint = {"es": "ayuda", "en": "help"}[lang]
    assert hint in lines[-2] or hint in lines[-3], term.text()  # what can be typed


@pytest.mark.parametrize("cols, rows", SIZES)
@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_fits_the_terminal(game: str, cols: int, rows: int) -> None:
    players, seed, lang, board = GAMES[game]
    args = ["play", game, "--players", players, "--seed", str(seed), "--lang", lang]
    with Terminal(args, cols, rows) as term:
        term.wait_for("Ana ▸")
        term.settle(0.2)
        assert_fits(term, lang, board)
        first = term.text()
        term.send("1")                            # one move; the next screen fits too
        term.settle(0.4)
        if "Ana ▸" in term.lines()[-1] and term.text() != first:
            assert_fits(term, lang, board)


def test_the_action_list_pages_and_filters() -> None:
    """El Plan's first decision has 9 actions: at 80×24 a page of them, ``?`` the next page,
    a word keeps the matching ones (with their own numbers)."""
    args = ["play", "elplan", "--players", "Ana,bot:greedy,bot:greedy,bot:random",
            "--seed", "5", "--lang", "en"]
    with Terminal(args, 80, 24) as term:
        term.wait_for("Ana ▸")
        term.settle(0.2)
        assert "more: type ? or a filter" in term.text()
        assert "1. place D1-1" in term.text() and "9. place D6-1" not in term.text()
        term.send("?")
        term.wait_for("9. place D6-1")
        assert "1. place D1-1" not in term.text()
        term.send("D2")
        term.wait_for("filter “D2”: 2 of 9")
        term.settle(0.2)
        assert "2. place D2-1" in term.text() and "3. place D2-2" in term.text()
        assert "4. place 3A" not in term.text()
        assert term.lines()[-1].startswith("Ana ▸")
        term.send("3")                            # the number keeps its meaning
        term.wait_for("Square: D2-2")              # Ana's token is on D2-2


def test_hot_seat_switches_to_the_alternate_screen_and_clears_the_scrollback() -> None:
    args = ["play", "sigloxx", "--players", "Ana,Bea,bot:greedy", "--seed", "3", "--lang", "en"]
    with Terminal(args, 80, 24) as term:
        seen = []
        for _ in range(12):
            term.settle(0.3)
            text = term.text()
            if "press Enter when you are alone" in text:
                seen.append(text)
                term.send("")
            elif term.lines()[term.cursor_row()].startswith(("Ana ▸", "Bea ▸")):
                term.send("1")
            if any("Pass the keyboard to Bea" in s for s in seen):
                break
        raw = term.raw
    to_bea = raw.find(b"Pass the keyboard to Bea")
    assert to_bea > 0, "the keyboard never went to Bea"
    before = raw[:to_bea]
    assert b"\x1b[?1049h" in before                      # the alternate screen
    ana = before.rfind(b"Ana \xe2\x96\xb8")               # Ana's last prompt…
    assert ana > 0
    assert b"\x1b[3J" in before[ana:]                    # …then scrollback and screen cleared


def test_a_long_record_with_mcts_seats_loads_at_once(tmp_path: Path) -> None:
    """300 recorded actions, the other seat an mcts bot: the first screen within 2 s (the
    bot's past moves are applied, not searched again), then the bot thinks with a spinner."""
    game = new_game("qytetet", players=["Ana", "mcts"], seed=1, options={"max_rounds": 0})
    bots = [make_agent("random", "qytetet", 1 + i) for i in range(2)]
    played = 0
    while played < 300 or game.to_move[0] != 0:
        seat = game.to_move[0]
        game.apply(bots[seat].choose(game, seat), seat=seat)
        played += 1
    assert not game.is_over
    rec = game.record()
    rec["table"] = {"players": "Ana,bot:mcts",
                    "seats": [{"name": "Ana", "bot": None}, {"name": "mcts", "bot": "mcts"}]}
    path = tmp_path / "long.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    with Terminal(["play", "--load", str(path), "--lang", "en"], 80, 24) as term:
        start = time.monotonic()
        term.wait_for("Ana ▸", timeout=10)
        assert time.monotonic() - start < 2.0
        assert "Ana's turn" in term.lines()[0]
        term.send("terminar" if "terminar" in {a.name for a in game.legal_actions(0)} else "1")
        term.wait_for("mcts is thinking…", timeout=10)


def test_the_end_offers_to_save_the_record(tmp_path: Path) -> None:
    args = ["play", "qytetet", "--players", "Ana,bot:greedy", "--seed", "2", "--lang", "en",
            "--option", "max_rounds=1"]
    with Terminal(args, 80, 24, cwd=str(tmp_path)) as term:
        for _ in range(30):
            term.settle(0.3)
            if "Save the game record?" in term.text():
                break
            term.send("1")
        assert "y = qytetet-2.json" in term.text()
        term.send("y")
        assert term.finish() == 0
    rec = json.loads((tmp_path / "qytetet-2.json").read_text(encoding="utf-8"))
    assert rec["game"] == "qytetet" and rec["actions"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ludoteca.cli", *args], capture_output=True,
                          text=True, timeout=30, env={"COLUMNS": "80", "PATH": "/usr/bin:/bin"})


def test_version() -> None:
    from importlib.metadata import version

    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"ludoteca {version('ludoteca')}"


def test_serve_on_a_busy_port_says_so_and_starts_nothing(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run("serve", "--port", str(port), "--lang", "en",
                     "--db", f"sqlite:///{tmp_path / 'x.db'}")
    assert result.returncode == 2
    assert "http://" not in result.stdout            # never announced as started
    assert f"127.0.0.1:{port}" in result.stderr and f"--port {port + 1}" in result.stderr


@pytest.mark.parametrize("lang", ["es", "en"])
def test_games_reads_well_at_80_columns(lang: str) -> None:
    out = run("games", "--lang", lang).stdout
    lines = out.splitlines()
    assert all(len(line.rstrip()) <= 80 for line in lines)
    assert len(lines) < 120
    for word in ("False", "True", "null", "G13", "XX-S.", "ruling X1", "criterio X1"):
        assert word not in out, word
    assert ("Máximo de rondas" if lang == "es" else "Round limit") in out
    assert ("rondas tras las que" if lang == "es" else "ounds after which").lower() \
        in out.lower()
    assert ("tablero propio" if lang == "es" else "custom board") in out.lower()
