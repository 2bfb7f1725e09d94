#!/usr/bin/env python3
"""Train a tiny policy on 2-player Qytetet against ``bot:random``, then measure it.

The policy is a linear softmax over the legal actions: ``logit(a) = b[a] + W[a] · x`` where
``x`` is the observation vector of ``ludoteca.rl.single_agent_env`` and only the ids the
action mask allows compete. It learns by REINFORCE (policy gradient, the final reward ±1,
a running baseline, Adam) with plain numpy. Then it plays ``--eval`` seeded games against
``bot:random`` and prints its win rate with a 95 % Wilson interval beside random-vs-random
on the same seeds.

    python examples/train_qytetet.py                 # about two to three minutes
    python examples/train_qytetet.py --episodes 60 --eval 40     # a quick look
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import ludoteca
import ludoteca.rl as rl
from ludoteca.agents import make_agent
from ludoteca.sim.stats import wilson

EVAL_SEED = 1_000_000        # evaluation games use seeds EVAL_SEED + i, never seen in training


class LinearPolicy:
    """A masked linear softmax policy with an Adam optimiser."""

    def __init__(self, n_obs: int, n_actions: int, seed: int, lr: float = 0.01) -> None:
        self.W = np.zeros((n_actions, n_obs))
        self.b = np.zeros(n_actions)
        self.rng = np.random.default_rng(seed)
        self.lr = lr
        self._m = [np.zeros_like(self.W), np.zeros_like(self.b)]
        self._v = [np.zeros_like(self.W), np.zeros_like(self.b)]
        self._t = 0

    def probs(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        z = self.b[legal] + self.W[legal] @ x
        z = np.exp(z - z.max())
        return z / z.sum()

    def act(self, obs: dict[str, np.ndarray], greedy: bool = False) -> tuple[int, np.ndarray,
                                                                                np.ndarray]:
        legal = np.flatnonzero(obs["action_mask"])
        p = self.probs(obs["observation"], legal)
        k = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), legal, p - np.eye(len(legal))[k]   # minus ∇ log π

    def update(self, grads: list[tuple[np.ndarray, np.ndarray, np.ndarray, float]]) -> None:
        """Ascend Σ advantage · ∇ log π over the batch's (x, legal, −∇logits, advantage)."""
        gW, gb = np.zeros_like(self.W), np.zeros_like(self.b)
        for x, legal, neg_dlogits, adv in grads:
            d = -neg_dlogits * adv
            gb[legal] += d
            gW[legal] += np.outer(d, x)
        self._t += 1
        for i, (param, g) in enumerate(((self.W, gW / len(grads)), (self.b, gb / len(grads)))):
            self._m[i] = 0.9 * self._m[i] + 0.1 * g
            self._v[i] = 0.999 * self._v[i] + 0.001 * g * g
            m = self._m[i] / (1 - 0.9 ** self._t)
            v = self._v[i] / (1 - 0.999 ** self._t)
            param += self.lr * m / (np.sqrt(v) + 1e-8)


def train(episodes: int, batch: int, seed: int, log_every: int) -> LinearPolicy:
    env = rl.single_agent_env("qytetet", opponents=["bot:random"])
    space = env.observation_space["observation"]
    policy = LinearPolicy(space.shape[0], env.action_space.n, seed)
    baseline, buffer, results = 0.0, [], []
    start = time.perf_counter()
    for ep in range(episodes):
        obs, _ = env.reset(seed=seed + ep)
        steps, done, reward = [], False, 0.0
        while not done:
            action, legal, neg = policy.act(obs)
            steps.append((obs["observation"], legal, neg))
            obs, reward, term, trunc, _ = env.step(action)
            done = term or trunc
        results.append(reward > 0)
        adv = reward - baseline
        baseline += 0.05 * (reward - baseline)
        buffer += [(x, legal, neg, adv) for x, legal, neg in steps]
        if (ep + 1) % batch == 0:
            policy.update(buffer)
            buffer = []
        if log_every and (ep + 1) % log_every == 0:
            recent = results[-log_every:]
            print(f"  episode {ep + 1:4d}: won {sum(recent)}/{len(recent)} of the last "
                  f"{len(recent)} ({time.perf_counter() - start:.0f} s)")
    return policy


def evaluate(policy: LinearPolicy | None, games: int) -> float:
    """Wins of seat 0 (the policy, or ``bot:random`` when None) against ``bot:random``."""
    wins = 0.0
    if policy is None:
        for i in range(games):
            seed = EVAL_SEED + i
            g = ludoteca.new_game("qytetet", players=2, seed=seed)
            bots = [make_agent("random", "qytetet", seed=seed + s) for s in range(2)]
            while not g.is_over:
                s = g.to_move[0]
                g.apply(bots[s].choose(g, s), seat=s)
            wins += 1 / len(g.result.winners) if 0 in g.result.winners else 0
        return wins
    env = rl.single_agent_env("qytetet", opponents=["bot:random"])
    for i in range(games):
        obs, _ = env.reset(seed=EVAL_SEED + i)
        done = False
        while not done:
            action, _, _ = policy.act(obs, greedy=True)
            obs, _, term, trunc, info = env.step(action)
            done = term or trunc
        winners = env.game.result.winners
        wins += 1 / len(winners) if 0 in winners else 0
    return wins


def report(label: str, wins: float, games: int) -> tuple[float, float, float]:
    rate, low, high = wilson(wins, games)
    print(f"{label:28s} {rate:6.1%}  95 % interval [{low:.1%}, {high:.1%}]  ({wins:g}/{games})")
    return rate, low, high


def main(argv: list[str] | None = None) -> tuple[float, float, float]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=400, help="training games")
    ap.add_argument("--batch", type=int, default=4, help="games per policy update")
    ap.add_argument("--eval", type=int, default=500, help="evaluation games (seeded)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    random.seed(args.seed)
    print(f"Training a linear softmax policy on 2-player Qytetet against bot:random "
          f"({args.episodes} games)…")
    t0 = time.perf_counter()
    policy = train(args.episodes, args.batch, args.seed, 0 if args.quiet else 50)
    t1 = time.perf_counter()
    print(f"trained in {t1 - t0:.0f} s; evaluating on {args.eval} seeded games "
          f"(seeds {EVAL_SEED}…):")
    trained = report("trained policy vs random", evaluate(policy, args.eval), args.eval)
    report("random vs random", evaluate(None, args.eval), args.eval)
    verdict = "beats random" if trained[1] > 0.5 else "does not beat random measurably"
    print(f"the trained policy {verdict} (interval {'above' if trained[1] > 0.5 else 'not above'}"
          f" 50 %); evaluation took {time.perf_counter() - t1:.0f} s")
    return trained


if __name__ == "__main__":
    main()
