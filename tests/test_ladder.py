"""``ludoteca ladder``: the round robin (``ludoteca.sim.ladder.LadderSpec``), the
Bradley–Terry fit with its bootstrap intervals, the command and the report's ratings plot."""

from __future__ import annotations

import importlib.util
import math
import random
import re

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.sim import ladder, output, run
from ludoteca.sim.ladder import (
    ELO,
    LadderSpec,
    bradley_terry,
    fit_ladder,
    is_ladder,
    pairwise,
)
from ludoteca.sim.runner import SimError

cli_runner = CliRunner()
HAS_MPL = importlib.util.find_spec("matplotlib") is not None


def cli(*args: str):
    result = cli_runner.invoke(app, [*args, "--lang", "en"])
    assert "Traceback" not in result.output
    return result


def row(players: str, winners: list[int], ranking: list[int] | None = None, **kw) -> dict:
    n = len(players.split(","))
    if ranking is None:
        ranking = winners + [s for s in range(n) if s not in winners]
    return {"players": players, "winners": winners, "ranking": ranking, **kw}


def synthetic(strengths: dict[str, float], games: int, seed: int) -> list[dict]:
    """Two-player games drawn from the Elo model with ``strengths``: the expected score of
    ``x`` against ``y`` is ``p``, some of it as draws (nobody wins: ½ each), the draws more
    common between close bots."""
    rng = random.Random(seed)
    bots = list(strengths)
    rows = []
    for a in range(len(bots)):
        for b in range(a + 1, len(bots)):
            for k in range(games):
                x, y = (bots[a], bots[b]) if k % 2 == 0 else (bots[b], bots[a])
                p = 1 / (1 + 10 ** ((strengths[y] - strengths[x]) / 400))
                draw = 0.6 * min(p, 1 - p)
                if rng.random() < draw:
                    rows.append(row(f"bot:{x},bot:{y}", []))
                    continue
                q = (p - draw / 2) / (1 - draw)  # so that the expected score stays p
                rows.append(row(f"bot:{x},bot:{y}", [0] if rng.random() < q else [1]))
    return rows


# ----- the fit --------------------------------------------------------------------------------
def test_bradley_terry_recovers_known_strengths():
    truth = {"random": 0.0, "greedy": 250.0, "mcts:iterations=100": 450.0,
             "mcts:iterations=400": 700.0}
    fitted = fit_ladder(synthetic(truth, 600, seed=3), bootstrap=200, seed=1)
    assert fitted.anchor == "random" and fitted.anchor_rating == 0
    assert [r.bot for r in fitted.ratings] == list(reversed(truth))
    for r in fitted.ratings:
        assert r.rating == pytest.approx(truth[r.bot], abs=45), r
        assert r.low <= r.rating <= r.high
        assert r.low - 10 <= truth[r.bot] <= r.high + 10, r
        assert r.games == 1800
    anchor = next(r for r in fitted.ratings if r.bot == "random")
    assert (anchor.rating, anchor.low, anchor.high) == (0, 0, 0)


def test_more_games_give_narrower_intervals():
    truth = {"random": 0.0, "greedy": 200.0, "mcts": 300.0}
    few = {r.bot: r for r in fit_ladder(synthetic(truth, 60, 1), bootstrap=200).ratings}
    many = {r.bot: r for r in fit_ladder(synthetic(truth, 960, 1), bootstrap=200).ratings}
    for bot in ("greedy", "mcts"):
        width_few = few[bot].high - few[bot].low
        width_many = many[bot].high - many[bot].low
        assert width_many < width_few / 2.5  # ≈ 1/√16 = 1/4


def test_two_bots_match_the_closed_form():
    # w of n with one virtual draw: θ = ln((w + ½) / (n − w + ½))
    tally = {(0, 1): [30.0, 40.0]}
    theta = bradley_terry(2, tally, anchor=1)
    assert theta[1] == 0
    assert theta[0] == pytest.approx(math.log(30.5 / 10.5), abs=1e-9)
    # a clean sweep stays finite thanks to the prior
    swept = bradley_terry(2, {(0, 1): [50.0, 50.0]}, anchor=1)
    assert swept[0] == pytest.approx(math.log(50.5 / 0.5))
    # without games, no rating against the anchor
    assert math.isnan(bradley_terry(3, {(0, 1): [1.0, 2.0]}, anchor=0)[2])


def test_anchor_is_greedy_1000_without_random():
    rows = [row("bot:greedy,bot:mcts", [1]), row("bot:mcts,bot:greedy", [1])]
    fitted = fit_ladder(rows, bootstrap=50)
    assert fitted.anchor_text == "greedy = 1000"
    by = {r.bot: r for r in fitted.ratings}
    assert by["greedy"].rating == 1000 and by["mcts"].rating == pytest.approx(1000)
    assert "greedy = 1000" in fitted.describe() and "bootstrap over games" in fitted.describe()


def test_pairwise_outcomes_shared_wins_and_draws_count_half():
    assert pairwise(row("bot:a,bot:b", [1])) == [("a", "b", 0.0)]
    assert pairwise(row("bot:a,bot:b", [])) == [("a", "b", 0.5)]          # nobody wins
    assert pairwise(row("bot:a,bot:b", [0, 1])) == [("a", "b", 0.5)]      # shared win
    # three players: the ranking gives every pair
    assert pairwise(row("bot:a,bot:b,bot:c", [2], [2, 0, 1])) == [
        ("a", "b", 1.0), ("a", "c", 0.0), ("b", "c", 0.0)]
    assert pairwise(row("bot:a,bot:b,bot:c", [0, 2], [0, 2, 1])) == [
        ("a", "b", 1.0), ("a", "c", 0.5), ("b", "c", 0.0)]
    assert pairwise(row("bot:a,bot:b,bot:c", [], [0, 1, 2])) == [
        ("a", "b", 0.5), ("a", "c", 0.5), ("b", "c", 0.5)]
    # the same bot twice: no result between its seats
    assert pairwise(row("bot:a,bot:b,bot:a", [0], [0, 1, 2])) == [
        ("a", "b", 1.0), ("b", "a", 1.0)]


def test_score_counts_pairwise_points():
    rows = [row("bot:a,bot:b,bot:c", [2], [2, 0, 1])] * 2
    by = {r.bot: r for r in fit_ladder(rows, bootstrap=10).ratings}
    assert (by["c"].points, by["c"].pairings, by["c"].score) == (4.0, 4, 1.0)
    assert by["a"].score == 0.5 and by["b"].score == 0.0
    assert by["a"].games == 2
    assert "pairwise outcomes of each game's ranking" in fit_ladder(rows, 10).describe()


# ----- the games ------------------------------------------------------------------------------
def test_pairs_alternate_seats_on_shared_seeds():
    spec = LadderSpec("som", ("random", "greedy", "mcts:iterations=5"), games=5, seed=7)
    assert spec.tables() == [("random", "greedy"), ("random", "mcts:iterations=5"),
                             ("greedy", "mcts:iterations=5")]
    assert spec.seatings(("a", "b")) == [(("a", "b"), 3), (("b", "a"), 2)]
    assert spec.total == 15
    tasks = spec.tasks(2)
    indices = [t.first + i for t in tasks for i in range(len(t.seeds))]
    assert sorted(indices) == list(range(15))
    first = [t for t in tasks if t.bots == ("random", "greedy")]
    second = [t for t in tasks if t.bots == ("greedy", "random")]
    assert [s for t in first for s in t.seeds] == [7, 17, 27]
    assert [s for t in second for s in t.seeds] == [7, 17]
    assert all(t.setting == ladder.LADDER for t in tasks)
    three = LadderSpec("som", ("a", "b", "c", "d"), players=3, games=4)
    assert three.tables() == [("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"),
                              ("b", "c", "d")]
    assert three.seatings(("a", "b", "c")) == [(("a", "b", "c"), 2), (("b", "c", "a"), 1),
                                               (("c", "a", "b"), 1)]


def test_ladder_rows_do_not_depend_on_jobs():
    spec = LadderSpec("som", ("random", "greedy", "mcts:iterations=5"), games=4, seed=2)
    rows = run(spec, jobs=1)
    assert rows == run(spec, jobs=2, chunk=1)
    assert len(rows) == 12 and [r["index"] for r in rows] == list(range(12))
    assert is_ladder(rows)
    one_pair = [dict(r, setting="") for r in rows if "mcts" not in r["players"]]
    assert len(one_pair) == 4 and not is_ladder(one_pair)  # a plain sim: no ratings plot
    assert is_ladder([dict(r, setting="") for r in rows])   # more than one pair: ratings


def test_bots_with_parameters_parse_as_separate_bots():
    assert ladder.parse_bots("random,mcts:iterations=30,c=0.5,mcts:iterations=100") == (
        "random", "mcts:iterations=30,c=0.5", "mcts:iterations=100")


def test_default_bots_take_learned_where_the_game_has_it(monkeypatch):
    assert ladder.default_bots("qytetet")[:4] == (
        "random", "greedy", "mcts:iterations=100", "mcts:iterations=400")
    real = ladder.agent_names
    monkeypatch.setattr(ladder, "agent_names",
                        lambda g: [*real(g), "learned"] if g == "qytetet" else real(g))
    assert ladder.default_bots("qytetet")[-1] == "learned"
    assert "learned" not in ladder.default_bots("som")


# ----- the command ----------------------------------------------------------------------------
def test_cli_runs_a_tiny_ladder_end_to_end(tmp_path):
    out = tmp_path / "ladder.jsonl"
    result = cli("ladder", "som", "-n", "4", "--bots", "random,greedy,mcts:iterations=5",
                 "--jobs", "2", "--seed", "3", "--bootstrap", "100", "--out", str(out))
    assert result.exit_code == 0, result.output
    text = result.output
    flat = " ".join(text.split())
    assert "3 pairs × 4 games per pair" in flat and "12 games in" in text
    assert "Ratings (Elo scale, random = 0)" in text
    assert "percentile bootstrap over games, 100 resamples" in flat
    table = re.findall(r"^\s+(\d)\s+(\S+)\s+(-?\d+)\s+\[(-?\d+), (-?\d+)\]\s+(\d+)\s+([\d.]+)%",
                       text, re.M)
    assert sorted(b for _, b, *_ in table) == ["greedy", "mcts:iterations=5", "random"]
    assert all(int(games) == 8 for *_, games, _ in table)
    assert "Head to head" in text
    rows = output.read_rows(out)
    assert len(rows) == 12 and all(r["setting"] == "ladder" for r in rows)
    again = fit_ladder(rows, bootstrap=100, seed=3)
    printed = {b: int(r) for _, b, r, *_ in table}
    assert printed == {r.bot: round(r.rating) for r in again.ratings}


def test_cli_ladder_with_three_players_fits_pairwise_outcomes():
    result = cli("ladder", "som", "--players", "3", "-n", "3", "--bots",
                 "random,greedy,mcts:iterations=5", "--bootstrap", "50")
    assert result.exit_code == 0, result.output
    assert "1 set of bots × 3 games" in " ".join(result.output.split())
    assert "pairwise outcomes of each game's ranking" in " ".join(result.output.split())


@pytest.mark.skipif(not HAS_MPL, reason="matplotlib is not installed (pip install ludoteca[lab])")
def test_report_draws_the_ratings(tmp_path):
    out = tmp_path / "ladder.csv"
    assert cli("ladder", "som", "-n", "2", "--bots", "random,greedy,mcts:iterations=5",
               "--bootstrap", "20", "--out", str(out)).exit_code == 0
    page = tmp_path / "r.html"
    result = cli("report", str(out), "-o", str(page))
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    alts = re.findall(r'<img alt="([^"]+)" src="data:image/png;base64,', html)
    assert alts[0] == "Ratings" and len(alts) == 5
    assert "<h2>Ratings</h2>" in html and "random = 0" in html
    assert "a ladder of 3 bots" in html


@pytest.mark.parametrize("args, message", [
    (["ladder", "ajedrez"], "unknown game 'ajedrez'"),
    (["ladder", "som", "--bots", "random,nobot"], "no bot 'nobot' for som; bots:"),
    (["ladder", "som", "--bots", "random,greedy,random"], "'random' is listed twice"),
    (["ladder", "som", "--bots", "random"], "needs at least 2 different bots; got 1"),
    (["ladder", "som", "--players", "3", "--bots", "random,greedy"],
     "needs at least 3 different bots; got 2"),
    (["ladder", "som", "--players", "5"], "played by 1 to 4 players"),
    (["ladder", "sigloxx", "--players", "2"], "sigloxx is played by 3 to 5 players"),
    (["ladder", "som", "--bots", "random,mcts:iterationz=5"], "has no parameter iterationz"),
    (["ladder", "som", "-n", "0"], "--games must be at least 1"),
    (["ladder", "som", "--jobs", "0"], "--jobs must be at least 1"),
    (["ladder", "som", "--out", "x.xlsx"], "allowed formats: .csv, .jsonl"),
    (["ladder", "som", "--bootstrap", "-1"], "--bootstrap must be at least 0"),
])
def test_ladder_mistakes_are_one_line_errors(args, message):
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert "Error:" in result.output


def test_fit_needs_two_bots():
    with pytest.raises(SimError, match="at least two different bots"):
        fit_ladder([row("bot:greedy,bot:greedy", [0])])
    with pytest.raises(SimError, match="no games"):
        fit_ladder([])
    assert ELO == pytest.approx(173.7178, abs=1e-4)
