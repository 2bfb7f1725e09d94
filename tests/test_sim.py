"""The simulation lab: ``ludoteca.sim`` (runner, backends, stats, output, report) and the
``ludoteca sim`` / ``ludoteca report`` commands."""

from __future__ import annotations

import base64
import importlib.util
import io
import json
import math
import multiprocessing
import re
import time

import pytest
from rich.console import Console
from typer.testing import CliRunner

import ludoteca
from ludoteca.cli import lab
from ludoteca.cli.main import app
from ludoteca.cli.table import Table, attach_bots
from ludoteca.cli.table import parse_players as table_players
from ludoteca.sim import SimSpec, backends, output, run, runner, stats
from ludoteca.sim.report import build_report, write_report
from ludoteca.sim.runner import SimError, parse_players, play_row, replay_row

cli_runner = CliRunner()
HAS_RAY = importlib.util.find_spec("ray") is not None
HAS_PYARROW = importlib.util.find_spec("pyarrow") is not None
HAS_MPL = importlib.util.find_spec("matplotlib") is not None
OUTCOME = ("winners", "ranking", "scores", "reason", "length")


def cli(*args: str):
    result = cli_runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result


def som_spec(games: int = 24, **kw) -> SimSpec:
    return SimSpec("som", ("greedy", "random", "greedy"), games=games, seed=kw.pop("seed", 5),
                   **kw)


@pytest.fixture(scope="module")
def som_rows() -> list[dict]:
    return run(som_spec(), jobs=1)


# ----- runner ---------------------------------------------------------------------------------
def test_parse_players():
    assert parse_players("bot:mcts:iterations=200, bot:greedy,random") == (
        "mcts:iterations=200", "greedy", "random")
    # a bot's own parameters may be separated by commas too
    spec = "bot:mcts:iterations=200,rollout_depth=10,bot:greedy"
    assert parse_players(spec) == ("mcts:iterations=200,rollout_depth=10", "greedy")
    assert runner.players_spec(parse_players(spec)) == spec
    with pytest.raises(SimError, match="seat 2 names no bot"):
        parse_players("bot:greedy,bot:")


def test_row_has_what_replays_it_and_the_outcome(som_rows):
    row = som_rows[0]
    assert [k for k in row if not k.startswith("details.")] == list(runner.BASE_COLUMNS)
    assert row["seed"] == 5 and som_rows[1]["seed"] == 5 + runner.SEED_STRIDE
    assert row["players"] == "bot:greedy,bot:random,bot:greedy"
    assert row["options"] == {} and row["game"] == "som" and row["setting"] == ""
    assert [r["index"] for r in som_rows] == list(range(24))
    assert all(r["length"] > 0 and "details.turns" in r for r in som_rows)


@pytest.mark.parametrize("game_id", ludoteca.games())
def test_every_game_gives_a_flat_row_that_replays(game_id):
    lo = ludoteca.info(game_id).players[0]
    bots = ("random",) * max(lo, 2)
    row = play_row(game_id, bots, {}, seed=3)
    assert all(not isinstance(v, dict | list) or k in ("options", "winners", "ranking", "scores")
               for k, v in row.items())
    game = replay_row(row)
    r = game.result
    assert (list(r.winners), list(r.ranking), list(r.scores), r.reason,
            len(game.actions_played)) == tuple(row[k] for k in OUTCOME)


def test_a_row_read_back_from_a_file_replays_exactly(tmp_path):
    spec = SimSpec("elplan", ("greedy", "random", "greedy"), games=3, seed=11,
                   options={"level": 2})
    rows = run(spec)
    path = tmp_path / "rows.csv"
    output.write_rows(path, rows)
    for row in output.read_rows(path):
        game = replay_row(row)
        again = play_row(row["game"], parse_players(row["players"]), row["options"],
                         row["seed"], row["index"], row["setting"])
        assert again == row
        assert game.result.reason == row["reason"]
        assert game.options["level"] == 2


def test_a_row_is_the_game_ludoteca_play_plays(som_rows):
    """Bots seeded seed + seat and seats acting as at the table: the same game, move for move."""
    row = som_rows[3]
    seats = table_players(row["players"], "en")
    game = ludoteca.new_game("som", players=[s.name for s in seats], seed=row["seed"],
                             options=row["options"])
    attach_bots(seats, "som", game.seed)
    Table(game, seats, "en", Console(file=io.StringIO())).play()
    assert game.actions_played == replay_row(row).actions_played
    assert list(game.result.winners) == row["winners"] and game.result.reason == row["reason"]


# ----- backends -------------------------------------------------------------------------------
def test_same_rows_whatever_the_jobs_and_chunks(som_rows):
    assert run(som_spec(), jobs=2) == som_rows
    assert run(som_spec(), jobs=2, chunk=5) == som_rows
    assert run(som_spec(), jobs=1, chunk=7) == som_rows


def test_ray_backend_missing_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(backends, "ray_available", lambda: False)
    with pytest.raises(SimError, match=r"needs the package ray.*pip install 'ludoteca\[ray\]'"):
        run(som_spec(2), backend="ray")


def test_ray_client_missing_names_the_package_and_the_install_command(monkeypatch):
    monkeypatch.setattr(backends, "ray_available", lambda: True)
    monkeypatch.setattr(backends, "ray_client_available", lambda: False)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    with pytest.raises(SimError, match=r"--address ray://head:10001 uses the Ray client, which "
                                       r"needs the package grpcio.*pip install "
                                       r"'ludoteca\[ray\]' \(or pip install 'ray\[client\]'\)"):
        run(som_spec(2), backend="ray", address="ray://head:10001")
    monkeypatch.setenv("RAY_ADDRESS", "ray://other:10001")
    with pytest.raises(SimError, match="ray://other:10001 uses the Ray client"):
        backends.check(1, "ray")
    backends.check(1, "ray", "127.0.0.1:6379")  # a plain address needs no client
    result = cli("sim", "som", "-n", "1", "--backend", "ray", "--address", "ray://head:10001")
    assert result.exit_code == 2 and "grpcio" in result.output


def test_the_ray_extra_installs_the_ray_client():
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    assert any(req.replace(" ", "").startswith("ray[client]")
               for req in project["project"]["optional-dependencies"]["ray"])


def test_chunks_cover_every_game_once():
    spec = som_spec(23, vary={"centralism": ["medio", "intenso"]})
    tasks = spec.tasks(5)
    assert [len(t.seeds) for t in tasks] == [5, 5, 5, 5, 3] * 2
    assert [t.first for t in tasks] == [0, 5, 10, 15, 20, 23, 28, 33, 38, 43]
    assert backends.default_chunk(10_000, 2) == backends.MAX_CHUNK == 20
    assert backends.default_chunk(40, 2) == 2


def test_closing_a_pool_run_early_stops_the_workers():
    chunks = backends.run_iter(som_spec(400), jobs=2, chunk=2)
    first = next(chunks)
    assert len(first) == 2
    chunks.close()
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []


# ----- stats ----------------------------------------------------------------------------------
def test_wilson_matches_hand_computed_intervals():
    # 5 of 10: p = .5; z² = 3.8415; centre = .5; half = z·√(.025 + z²/400) / (1 + z²/10)
    p, lo, hi = stats.wilson(5, 10)
    assert p == 0.5
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    # 0 of 10: [0, z²/n / (1 + z²/n)] = [0, .2775]; 10 of 10 mirrors it
    assert stats.wilson(0, 10)[1:] == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert stats.wilson(10, 10)[1:] == pytest.approx((0.7225, 1.0), abs=1e-4)
    # 81 of 263 (a textbook case): [.2553, .3662]
    assert stats.wilson(81, 263)[1:] == pytest.approx((0.2553, 0.3662), abs=1e-4)
    p, lo, hi = stats.wilson(0, 0)
    assert math.isnan(p) and (lo, hi) == (0.0, 1.0)
    for n in range(1, 400):  # rounding never puts the rate outside its interval
        assert stats.wilson(0, n)[1] == 0 and stats.wilson(n, n)[2] == 1
        assert all(lo <= p <= hi for p, lo, hi in (stats.wilson(k, n) for k in (1, n // 2)))


def hand_rows():
    def row(players, winners, reason, length, **details):
        return {"index": 0, "game": "x", "setting": "", "seed": 0, "players": players,
                "options": {}, "winners": winners, "ranking": [], "scores": [],
                "reason": reason, "length": length,
                **{f"details.{k}": v for k, v in details.items()}}
    return [
        row("bot:greedy,bot:random", [0], "fin", 1, turns=4, **{"ideas.0": 3, "ideas.1": 1}),
        row("bot:greedy,bot:random", [0], "fin", 2, turns=6, **{"ideas.0": 5, "ideas.1": 1}),
        row("bot:greedy,bot:random", [1], "limit", 3, **{"ideas.0": 1, "ideas.1": 2}),
        row("bot:greedy,bot:random", [0, 1], "fin", 4, penalty=True),
        row("bot:random,bot:greedy", [], "intervencion", 10, penalty=False, name="x"),
    ]


def test_win_rates_by_seat_and_bot_hand_computed():
    rows = hand_rows()
    seat0, seat1 = stats.by_seat(rows)
    # seat 0: 1 + 1 + 0 + ½ + 0 = 2.5 of 5; seat 1: 0 + 0 + 1 + ½ + 0 = 1.5 of 5
    assert (seat0.wins, seat0.n, seat0.rate) == (2.5, 5, 0.5)
    assert (seat1.wins, seat1.n, seat1.rate) == (1.5, 5, 0.3)
    assert (seat0.low, seat0.high) == pytest.approx(stats.wilson(2.5, 5)[1:])
    assert seat0.fair == 0.5
    bots = stats.by_bot(rows)
    assert list(bots) == ["greedy", "random"]
    # greedy: seat 0 four times (2.5 wins) + seat 1 once (0) = 2.5 of 5
    assert (bots["greedy"].wins, bots["greedy"].n) == (2.5, 5)
    assert (bots["random"].wins, bots["random"].n) == (1.5, 5)


def test_length_and_reasons_hand_computed():
    rows = hand_rows()
    length = stats.lengths(rows)  # 1, 2, 3, 4, 10
    assert length["mean"] == 4
    assert length["stdev"] == pytest.approx(math.sqrt((9 + 4 + 1 + 0 + 36) / 4))
    assert (length["min"], length["p25"], length["p50"], length["p75"], length["max"]) == (
        1, 2, 3, 4, 10)
    assert length["p5"] == pytest.approx(1.2) and length["p95"] == pytest.approx(8.8)
    assert stats.reasons(rows) == {"fin": (3, 0.6), "limit": (1, 0.2), "intervencion": (1, 0.2)}
    assert stats.percentile([7], 95) == 7 and stats.describe([7])["stdev"] == 0


def test_figures_hand_computed():
    figs = {f.name: f for f in stats.figures(hand_rows())}
    assert list(figs) == ["turns", "ideas", "penalty"]  # strings are not figures
    assert figs["turns"].mean == 5 and figs["turns"].per_seat is None
    assert figs["ideas"].per_seat == (3, pytest.approx(4 / 3))
    assert figs["ideas"].mean == pytest.approx(13 / 6)
    assert figs["penalty"].mean == 0.5 and figs["penalty"].kind == "share"  # share of true
    # each figure says which games it is over: turns only in two of the three "fin" games
    assert (figs["turns"].games, figs["turns"].of) == (2, 5)
    assert figs["turns"].subset == "games that report it"
    assert figs["turns"].over == "games that report it, 2 of 5"
    assert figs["ideas"].over == "games that report it, 3 of 5"  # not all the "fin" games
    assert figs["penalty"].over == "games that report it, 2 of 5"


def seat_rows():
    def row(winners, reason, **details):
        return {"index": 0, "game": "x", "setting": "", "seed": 0,
                "players": "bot:greedy,bot:random,bot:greedy", "options": {},
                "winners": winners, "ranking": [], "scores": [], "reason": reason,
                "length": 1, **{f"details.{k}": v for k, v in details.items()}}
    return [
        row([0], "limit", rounds=100),
        row([0], "limit", rounds=100),
        row([1], "limit", rounds=100),
        # a list of seats: the bankrupt players (position in the list is not a seat)
        row([0], "bankruptcy", **{"bankrupt.0": 2}),
        row([0], "bankruptcy", **{"bankrupt.0": 1, "bankrupt.1": 2}),
        row([], "intervencion", failed_payer=2, turns=3),
        row([], "intervencion", failed_payer=2, turns=5),
        row([], "intervencion", failed_payer=-1, turns=7),
        row([1], "dui", causer=1, turns=9),
    ]


def test_seat_fields_are_counted_per_seat_never_averaged():
    figs = {f.name: f for f in stats.figures(seat_rows())}
    bankrupt = figs["bankrupt"]
    assert bankrupt.kind == "seats" and math.isnan(bankrupt.mean)
    assert bankrupt.counts == (0, 1, 2) and bankrupt.other == 0
    assert bankrupt.over == "games ended by bankruptcy, 2 of 9"
    payer = figs["failed_payer"]
    assert payer.kind == "seats" and payer.counts == (0, 0, 2) and payer.other == 1
    assert payer.over == "games ended by intervencion, 3 of 9"
    assert figs["causer"].counts == (0, 1, 0)
    assert figs["causer"].over == "games ended by dui, 1 of 9"
    # a mean over a subset says which subset
    assert figs["rounds"].mean == 100 and figs["rounds"].over == "games ended by limit, 3 of 9"
    assert figs["turns"].mean == 6
    assert figs["turns"].over == "games ended by dui or intervencion, 4 of 9"
    assert all(stats.is_seat_field(n) for n in ("bankrupt", "failed_payer", "causer",
                                                  "final.winner", "start_seat"))
    assert not any(stats.is_seat_field(n) for n in ("rounds", "turns", "places", "ideas"))


def test_cli_prints_seat_fields_as_counts_and_says_the_subset(monkeypatch):
    rows = seat_rows()
    out = io.StringIO()
    console = Console(file=out, width=160)
    lab.print_one(console, rows)
    text = out.getvalue()
    line = next(x for x in text.splitlines() if "bankrupt (" in x)
    assert "seat named: games" in line and "games ended by bankruptcy, 2 of 9" in line
    assert line.split()[-3:] == ["0", "1", "2"]
    assert "no seat: 1" in next(x for x in text.splitlines() if "failed_payer" in x)
    assert "games ended by limit, 3 of 9" in next(x for x in text.splitlines()
                                                   if "rounds" in x)
    assert "1.00" not in line and "1.50" not in line  # no mean of seat numbers anywhere
    # side by side: counts per seat and the subset, never a mean of seat numbers
    out = io.StringIO()
    lab.print_side_by_side(Console(file=out, width=200),
                           {"a": rows, "b": [dict(r, setting="b") for r in rows]})
    text = out.getvalue()
    assert "seat 0: 0 · seat 1: 1 · seat 2: 2 (2 of 9)" in text
    assert "over games ended by bankruptcy" in text
    assert "p5–p95: " in text and "[" not in next(x for x in text.splitlines()
                                                   if "length median" in x)


# ----- output ---------------------------------------------------------------------------------
TRICKY = [
    {"index": 0, "s": "3", "e": "", "n": None, "t": "null", "b": True, "f": 0.1, "i": -7,
     "l": [1, 2.5, None], "d": {"a": [True]}, "plain": "consulta", "q": '"x"', "u": "ñ, \"á\""},
    {"index": 1, "s": "texto", "b": False, "f": 2.0, "i": 3, "extra": 1e300, "mixed": 1},
    {"index": 2, "mixed": "uno", "l": []},
]


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "parquet"])
def test_output_round_trips(tmp_path, som_rows, fmt):
    if fmt == "parquet" and not HAS_PYARROW:
        pytest.skip("pyarrow is not installed")
    for name, rows in (("tricky", TRICKY), ("som", som_rows)):
        path = tmp_path / f"{name}.{fmt}"
        assert output.write_rows(path, rows) == fmt
        assert output.read_rows(path) == rows


def test_output_format_errors_name_the_allowed_formats(tmp_path, monkeypatch):
    with pytest.raises(SimError, match=r"unknown file format \.txt; allowed formats: "
                                       r"\.csv, \.jsonl"):
        output.write_rows(tmp_path / "x.txt", TRICKY)
    monkeypatch.setattr(output, "parquet_available", lambda: False)
    with pytest.raises(SimError, match=r"parquet needs pyarrow .*\.csv, \.jsonl$"):
        output.format_of("x.parquet")


# ----- the grid -------------------------------------------------------------------------------
def test_vary_plays_the_grid_with_the_same_seeds():
    spec = SimSpec("som", ("greedy", "greedy"), games=3, seed=2, options={"mode": "B"},
                   vary={"centralism": ["medio", "intenso"], "first_player": [0, 1]})
    labels = [label for label, _ in spec.settings()]
    assert labels == ["centralism=medio first_player=0", "centralism=medio first_player=1",
                      "centralism=intenso first_player=0", "centralism=intenso first_player=1"]
    rows = run(spec, jobs=2, chunk=2)
    assert len(rows) == 12 == spec.total
    groups = stats.split_by_setting(rows)
    assert list(groups) == labels
    for label, group in groups.items():
        assert [r["seed"] for r in group] == [2, 12, 22]
        assert all(r["options"]["mode"] == "B" for r in group)
        assert all(f"{k}={v}" in label for r in group for k, v in r["options"].items()
                   if k != "mode")


def test_cli_vary_prints_the_settings_side_by_side():
    result = cli("sim", "som", "-n", "6", "--players", "bot:greedy,bot:random", "--seed", "1",
                 "--vary", "centralism=medio,elevado,intenso")
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if "centralism=medio" in line)
    assert "centralism=elevado" in header and "centralism=intenso" in header
    assert "win seat 0 (greedy)" in result.output and "ends: " in result.output


# ----- report ---------------------------------------------------------------------------------
@pytest.mark.skipif(not HAS_MPL, reason="matplotlib is not installed (pip install ludoteca[lab])")
def test_report_is_written_with_its_plots(tmp_path):
    rows = run(SimSpec("som", ("greedy", "random"), games=8, seed=1,
                       vary={"centralism": ["medio", "intenso"]}))
    path = tmp_path / "report.html"
    write_report(rows, str(path))
    page = path.read_text(encoding="utf-8")
    pngs = re.findall(r'<img alt="([^"]+)" src="data:image/png;base64,([^"]+)"', page)
    assert [alt for alt, _ in pngs] == ["Win rate by seat", "Win rate by bot", "Game length",
                                        "Endings by setting"]
    assert all(base64.b64decode(data)[:8] == b"\x89PNG\r\n\x1a\n" for _, data in pngs)
    assert "centralism=intenso" in page and "win rate greedy" in page
    with pytest.raises(SimError, match="no games"):
        build_report([])


# ----- the command line -----------------------------------------------------------------------
@pytest.mark.skipif(not HAS_MPL, reason="matplotlib is not installed (pip install ludoteca[lab])")
def test_cli_sim_then_report(tmp_path):
    out = tmp_path / "results.csv"
    result = cli("sim", "som", "-n", "12", "--players", "bot:greedy,bot:random", "--option",
                 "mode=B", "--seed", "4", "--jobs", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    for title in ("Win rate by seat", "Win rate by bot", "Game length", "End reasons",
                  "The game's own figures", "12 games in"):
        assert title in result.output
    rows = output.read_rows(out)
    assert len(rows) == 12 and rows == run(SimSpec("som", ("greedy", "random"), games=12,
                                                   seed=4, options={"mode": "B"}))
    html = tmp_path / "r.html"
    result = cli("report", str(out), "-o", str(html))
    assert result.exit_code == 0, result.output
    assert html.read_text(encoding="utf-8").count("data:image/png;base64,") == 4


def test_report_without_matplotlib_says_what_to_install(tmp_path, monkeypatch, som_rows):
    out = tmp_path / "rows.jsonl"
    output.write_rows(out, som_rows)
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    result = cli("report", str(out), "-o", str(tmp_path / "r.html"))
    assert result.exit_code == 2
    assert "pip install 'ludoteca[lab]'" in result.output
    assert not (tmp_path / "r.html").exists()


def test_cli_players_count_means_greedy_bots():
    result = cli("sim", "sigloxx", "-n", "1", "--players", "3")
    assert result.exit_code == 0, result.output
    assert "bot:greedy,bot:greedy,bot:greedy" in result.output


@pytest.mark.parametrize("args, message", [
    (["sim", "som", "--option", "mode=Z"], "mode='Z' is not allowed; allowed values"),
    (["sim", "som", "--option", "colour=red"], "unknown option 'colour'"),
    (["sim", "som", "--players", "bot:nobot,bot:greedy"], "no bot 'nobot' for som; bots:"),
    (["sim", "som", "--players", "bot:greedy,bot:"], "seat 2 names no bot"),
    (["sim", "som", "--players", "bot:greedy,bot:greedy,bot:greedy,bot:greedy,bot:greedy"],
     "played by 1 to 4 players"),
    (["sim", "som", "--vary", "centralism=medio,bajo"], "centralism='bajo' is not allowed"),
    (["sim", "som", "--vary", "nothing=1,2"], "som has no option 'nothing'"),
    (["sim", "som", "--out", "x.xlsx"], "allowed formats: .csv, .jsonl"),
    (["sim", "som", "-n", "0"], "at least 1"),
    (["sim", "som", "--jobs", "0"], "--jobs must be at least 1"),
    (["sim", "som", "--backend", "spark"], "unknown backend 'spark'; backends: local, ray"),
    (["sim", "som", "--address", "ray://head:10001"], "it goes with --backend ray"),
    (["sim", "som", "--backend", "ray", "--address", " "], "--address is empty"),
    (["sim", "ajedrez"], "unknown game 'ajedrez'"),
    (["report", "missing.csv"], "cannot read missing.csv"),
])
def test_cli_mistakes_are_one_line_errors_with_exit_code_2(args, message):
    result = cli(*args, "--lang", "en")
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert "Error:" in result.output


def test_ctrl_c_prints_the_games_so_far_and_still_writes_out(tmp_path, monkeypatch):
    calls = {"n": 0}
    real = runner.play_row

    def interrupted_after_five(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] > 5:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(runner, "play_row", interrupted_after_five)
    out = tmp_path / "partial.jsonl"
    result = cli("sim", "som", "-n", "50", "--players", "bot:greedy,bot:random", "--out",
                 str(out))
    assert result.exit_code == 130, result.output
    assert "Interrupted: 5 of 50 games finished" in result.output
    assert "Win rate by seat" in result.output
    assert len(output.read_rows(out)) == 5
    assert [json.loads(line)["index"] for line in out.read_text().splitlines()] == [0, 1, 2, 3, 4]


def test_lab_module_reads_vary_values_in_the_option_type():
    assert lab.read_vary("som", ["first_player=0,1", "mode=A,AC"]) == {
        "first_player": [0, 1], "mode": ["A", "AC"]}


# last in the file: Ray starts threads in this process, and the tests above fork workers
@pytest.mark.skipif(not HAS_RAY, reason="ray is not installed (pip install ray)")
def test_ray_backend_gives_the_same_rows(som_rows):
    assert run(som_spec(), jobs=2, backend="ray", chunk=6) == som_rows


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.skipif(not HAS_RAY, reason="ray is not installed (pip install ray)")
def test_ray_cluster_by_address_gives_the_same_rows(tmp_path):
    """``ludoteca sim --backend ray --address HOST:PORT`` runs on a Ray cluster that is already
    up (a head node started here with ``ray start``), and its rows are byte for byte the local
    backend's. Token authentication is off for this throwaway cluster."""
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    ray_cli = shutil.which("ray") or str(Path(sys.executable).with_name("ray"))
    port = _free_port()
    env = {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}
    subprocess.run([ray_cli, "start", "--head", f"--port={port}", "--num-cpus=2",
                    "--include-dashboard=false", "--disable-usage-stats"],
                   env=env, check=True, capture_output=True, timeout=180)
    try:
        files, printed = {}, {}
        for name, extra in (("cluster", ["--backend", "ray", "--address", f"127.0.0.1:{port}",
                                         "--jobs", "2"]), ("local", [])):
            files[name] = tmp_path / f"{name}.jsonl"
            done = subprocess.run(
                [sys.executable, "-m", "ludoteca", "sim", "som", "-n", "12", "--players", "2",
                 "--out", str(files[name]), "--lang", "en", *extra],
                env=env, capture_output=True, text=True, timeout=300)
            assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
            printed[name] = " ".join(done.stdout.split())
        assert f"ray at 127.0.0.1:{port}, jobs 2" in printed["cluster"]
        cluster = files["cluster"].read_text()
        assert len(cluster.splitlines()) == 12
        assert cluster == files["local"].read_text()
    finally:
        subprocess.run([ray_cli, "stop", "--force"], env=env, capture_output=True, timeout=180)
