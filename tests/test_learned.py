"""``bot:learned``: the shipped numpy policies for Qytetet and Civitas load, observe exactly
what ``ludoteca.rl`` observes, choose the masked argmax, and play whole games without torch."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import ludoteca  # noqa: E402
import ludoteca.rl as rl  # noqa: E402
from ludoteca.agents import agent_names, make_agent  # noqa: E402
from ludoteca.agents.learned import FORMAT, LearnedAgent, weights_path  # noqa: E402
from ludoteca.sim import play_row  # noqa: E402

LEARNED_GAMES = ("qytetet", "civitas")
SRC = Path(__file__).resolve().parents[1] / "src"


def test_registered_only_where_weights_ship():
    for gid in LEARNED_GAMES:
        assert weights_path(gid).is_file()
        assert "learned" in agent_names(gid)
    for gid in ("som", "elplan", "sigloxx"):
        assert "learned" not in agent_names(gid)
        with pytest.raises(ludoteca.InvalidOption):
            make_agent("learned", gid)


@pytest.mark.parametrize("gid", LEARNED_GAMES)
def test_weights_are_small_plain_numpy(gid):
    path = weights_path(gid)
    assert path.stat().st_size < 512 * 1024
    with np.load(path, allow_pickle=False) as data:          # no pickled objects
        meta = json.loads(str(data["meta"]))
        assert meta["format"] == FORMAT and meta["game"] == gid
        assert data["W0"].shape[0] == rl.layout(gid).size
        last = meta["n_layers"] - 1
        assert data[f"W{last}"].shape[1] == 104


@pytest.mark.parametrize("gid", LEARNED_GAMES)
def test_observation_is_the_environments(gid):
    """The bot's input is the Gymnasium environment's observation, bit for bit."""
    bot = make_agent("learned", gid)
    for seat in (0, 1):
        env = rl.single_agent_env(gid, opponents=["bot:greedy"], seat=seat)
        obs, _ = env.reset(seed=11 + seat)
        for _ in range(40):
            assert np.array_equal(bot.observation(env.game, seat), obs["observation"])
            legal = np.flatnonzero(obs["action_mask"])
            chosen = env.game.action_id(bot.choose(env.game, seat))
            assert chosen in legal
            obs, _, term, trunc, _ = env.step(chosen)
            if term or trunc:
                break


@pytest.mark.parametrize("gid", LEARNED_GAMES)
def test_chooses_the_masked_argmax(gid):
    bot = make_agent("learned", gid, seed=3)
    g = ludoteca.new_game(gid, players=2, seed=5)
    other = make_agent("greedy", gid, seed=6)
    checked = 0
    while not g.is_over and checked < 30:
        s = g.to_move[0]
        legal = g.legal_actions(s)
        if s == 0 and len(legal) > 1:
            z = bot.logits(bot.observation(g, s))
            mask = np.full(z.shape, -np.inf)
            mask[[g.action_id(a) for a in legal]] = 0.0
            assert g.action_id(bot.choose(g, s)) == int(np.argmax(z + mask))
            checked += 1
        g.apply(bot.choose(g, s) if s == 0 else other.choose(g, s), seat=s)
    assert checked > 0


def test_weights_parameter_and_errors(tmp_path):
    """``bot:learned:weights=FILE`` plays another file of the same format; a wrong file, a
    file for another game or a missing one is a clear InvalidOption."""
    gid = "qytetet"
    size = rl.layout(gid).size
    rng = np.random.default_rng(0)
    arrays = {"W0": rng.normal(size=(size, 8)).astype(np.float16),
              "b0": np.zeros(8, np.float16),
              "W1": rng.normal(size=(8, 104)).astype(np.float16),
              "b1": np.zeros(104, np.float16)}
    meta = {"format": FORMAT, "game": gid, "n_layers": 2, "activation": "tanh"}
    path = tmp_path / "tiny.npz"
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)
    bot = make_agent(f"learned:weights={path}", gid)
    assert isinstance(bot, LearnedAgent) and bot.path == path
    g = ludoteca.new_game(gid, players=2, seed=1)
    x = bot.observation(g, g.to_move[0])
    expected = np.tanh(x @ arrays["W0"].astype(np.float32)) @ arrays["W1"].astype(np.float32)
    assert np.allclose(bot.logits(x), expected, atol=1e-4)
    with pytest.raises(ludoteca.InvalidOption, match="not 'civitas'"):
        LearnedAgent("civitas", weights=path)
    with pytest.raises(ludoteca.InvalidOption, match="no weights file"):
        make_agent(f"learned:weights={tmp_path / 'missing.npz'}", gid)
    with pytest.raises(ludoteca.InvalidOption, match="no parameter"):
        make_agent("learned:depth=3", gid)


@pytest.mark.parametrize("gid", LEARNED_GAMES)
def test_plays_in_the_lab(gid):
    """``ludoteca sim GAME --players bot:learned,bot:greedy`` plays it like any bot."""
    row = play_row(gid, ["learned", "greedy"], None, seed=21)
    assert row["reason"] in ("bankruptcy", "limit") and row["winners"]
    again = play_row(gid, ["learned", "greedy"], None, seed=21)
    assert again["winners"] == row["winners"] and again["length"] == row["length"]


def test_full_games_without_torch():
    """Importing torch (or the training libraries) fails in the child: bot:learned still
    loads and plays whole games of both games to their end."""
    code = textwrap.dedent("""
        import sys
        for name in ("torch", "stable_baselines3", "sb3_contrib"):
            sys.modules[name] = None          # 'import torch' raises ImportError
        try:
            import torch  # noqa: F401
        except ImportError:
            pass
        else:
            raise SystemExit("torch imported")
        import ludoteca
        from ludoteca.agents import make_agent
        for gid in ("qytetet", "civitas"):
            for me in (0, 1):
                g = ludoteca.new_game(gid, players=2, seed=40 + me)
                bots = [make_agent("learned" if s == me else "greedy", gid, seed=s)
                        for s in range(2)]
                while not g.is_over:
                    s = g.to_move[0]
                    g.apply(bots[s].choose(g, s), seat=s)
                assert g.result.winners, g.result
                print(gid, me, g.result.reason, len(g.actions_played))
        assert sys.modules["torch"] is None
        print("ok")
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(SRC)})
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.split()
    assert lines[-1] == "ok"
    assert proc.stdout.count("qytetet") == 2 and proc.stdout.count("civitas") == 2
