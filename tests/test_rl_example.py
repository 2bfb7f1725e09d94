"""The learning example (examples/train_qytetet.py) keeps working: a tiny run, seconds long."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_qytetet.py"


def load():
    spec = importlib.util.spec_from_file_location("train_qytetet", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_tiny_training_run(capsys):
    ex = load()
    rate, low, high = ex.main(["--episodes", "6", "--batch", "2", "--eval", "4", "--quiet"])
    out = capsys.readouterr().out
    assert "trained policy vs random" in out and "random vs random" in out
    assert 0 <= low <= rate <= high <= 1
    assert "95 % interval" in out


def test_policy_update_moves_towards_rewarded_actions():
    """One REINFORCE step raises the probability of an action that was rewarded."""
    ex = load()
    policy = ex.LinearPolicy(n_obs=3, n_actions=4, seed=0, lr=0.1)
    x = np.array([1.0, 0.5, 0.0], dtype=np.float32)
    obs = {"observation": x, "action_mask": np.array([1, 1, 0, 1], dtype=np.int8)}
    legal = np.flatnonzero(obs["action_mask"])
    before = policy.probs(x, legal)
    neg = before - np.eye(3)[1]                      # action id 1 was played
    policy.update([(x, legal, neg, 1.0)])            # and won
    after = policy.probs(x, legal)
    assert after[1] > before[1] and after[0] < before[0] and after[2] < before[2]
    assert policy.W[2].sum() == 0 and policy.b[2] == 0     # a masked id is never touched
