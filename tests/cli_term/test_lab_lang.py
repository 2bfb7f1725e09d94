"""The lab speaks the language it is asked for: ``sim`` and ``report`` with ``--lang es`` (the
HTML page too), and Ctrl-C during a ``--vary`` sim names the setting of the summary it
prints."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("pyte")

from .pty_support import Terminal  # noqa: E402


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "ludoteca.cli", *args], capture_output=True,
                          text=True, timeout=60, env=env, cwd=cwd)


def test_sim_and_report_in_spanish(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    sim = run("sim", "qytetet", "-n", "12", "--lang", "es", "--out", "rows.csv", cwd=tmp_path)
    assert sim.returncode == 0, sim.stderr
    for words in ("12 partidas", "Victorias por asiento", "Duración de la partida",
                  "Cómo acaban", "Escritas 12 filas en rows.csv"):
        assert words in sim.stdout, words
    for english in ("games in", "Win rate", "End reasons", "Wrote"):
        assert english not in sim.stdout, english
    report = run("report", "rows.csv", "-o", "r.html", "--lang", "es", cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    assert "Escrito el informe de 12 partidas en r.html." in report.stdout
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert '<html lang="es">' in page
    assert "<h2>Resumen</h2>" in page and "Victorias por asiento" in page
    assert "Summary" not in page and "Win rate" not in page
    english = run("report", "rows.csv", "-o", "e.html", "--lang", "en", cwd=tmp_path)
    assert english.returncode == 0
    assert '<html lang="en">' in (tmp_path / "e.html").read_text(encoding="utf-8")


def test_ctrl_c_in_a_vary_sim_names_the_setting_it_summarises() -> None:
    args = ["sim", "qytetet", "-n", "100000", "--vary", "max_rounds=5,10", "--lang", "en"]
    with Terminal(args, 100, 30) as term:
        term.wait_for("games", timeout=15)
        time.sleep(1.0)
        term.interrupt()
        assert term.finish(20) == 130
        out = term.raw.decode("utf-8", "replace")
    assert "Interrupted:" in out
    assert "Setting: max_rounds=5" in out      # the first setting only: named
