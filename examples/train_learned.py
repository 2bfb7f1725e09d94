#!/usr/bin/env python3
"""Train ``bot:learned`` for Qytetet or Civitas with MaskablePPO, then export it to numpy.

Needs the training extra (Stable-Baselines3, sb3-contrib, torch):
``python -m pip install ".[train]"``. Playing the result needs none of them.

    python examples/train_learned.py qytetet                     # about 20 minutes, 2 cores
    python examples/train_learned.py civitas --minutes 20 --eval 400
    python examples/train_learned.py qytetet --minutes 3 --out /tmp/w   # a quick look
    python examples/train_learned.py qytetet civitas --eval-only --eval 400   # no torch

What it does, within ``--minutes`` (wall clock, everything included):

1. **Demonstrations.** ``bot:greedy`` plays the learner's seat of 2-player games against
   greedy and random opponents (seats alternating); every decision with more than one legal
   action is kept: the observation of ``ludoteca.rl.single_agent_env``, the mask, greedy's
   action id and the game's final reward.
2. **Behaviour cloning.** The policy network of a MaskablePPO ``MlpPolicy`` (two hidden layers)
   learns greedy's choices (cross-entropy over the masked logits), its value network the
   discounted final reward. A cloned policy starts near greedy's strength, which PPO alone,
   with one reward per 150-odd decisions, does not reach in 20 minutes on two cores.
3. **MaskablePPO.** Fine-tuning on ``single_agent_env(GAME, opponents=["bot:greedy"])`` and
   ``["bot:random"]`` (``--opponents``, greedy three games in four), the learner in seat 0
   and seat 1 in turn, reward +1 for a win and −1 otherwise (the rules' ranking: Qytetet by
   capital, Civitas by balance). Decisions with one legal action are played for the learner
   (the bot plays them the same way), so PPO sees only real choices.
4. **Choice and export.** The cloned policy and the PPO policy each play ``--select`` games
   against greedy (seeds 900000…, never the evaluation's); the better one is written to
   ``OUT/GAME.npz`` (the package's ``agents/weights/`` by default): the actor's layers as
   float32 arrays plus a JSON ``meta`` (game, layers, activation, training figures).
5. With ``--eval N``: N games of the exported numpy bot against greedy, seats alternating,
   seeds 1000…, with the 95 % Wilson interval (not counted in ``--minutes``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

import ludoteca
import ludoteca.rl as rl
from ludoteca.agents import make_agent
from ludoteca.agents.learned import FORMAT, WEIGHTS_DIR, LearnedAgent
from ludoteca.sim.stats import wilson

GAMES = ("qytetet", "civitas")
TRAIN_SEED = 10_000_000    # training games draw seeds above this
SELECT_SEED = 900_000      # games that choose between the cloned and the PPO policy
EVAL_SEED = 1000           # evaluation games: seed EVAL_SEED + k, learner in seat k % 2


def _need_training_libraries():
    try:
        import gymnasium
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError as e:
        sys.exit(f"training needs the train extra ({e.name} is missing): "
                 f"python -m pip install \".[train]\"")
    torch.set_num_threads(1)
    return gymnasium, torch, MaskablePPO


# --------------------------------------------------------------------------- environment

def parse_opponents(text: str) -> tuple[list[str], list[float]]:
    """``"greedy:3,random:1"`` -> (["greedy", "random"], [0.75, 0.25])."""
    names, weights = [], []
    for item in text.split(","):
        name, _, w = item.strip().partition(":")
        names.append(name.strip())
        weights.append(float(w) if w else 1.0)
    total = sum(weights)
    return names, [w / total for w in weights]


def final_reward(game, seat: int, margin: float, scale: float) -> float:
    """+1 for a win (a shared first place too), −1 otherwise, plus ``margin`` times the lead
    in the rules' score (Qytetet capital, Civitas balance) over ``scale`` €, clipped to ±1."""
    r = game.result
    base = 1.0 if seat in r.winners else -1.0
    if not margin:
        return base
    lead = r.scores[seat] - max(v for s, v in enumerate(r.scores) if s != seat)
    return base + margin * float(np.clip(lead / scale, -1.0, 1.0))


def make_learner_env(game_id: str, opponents: str, seed: int, margin: float = 0.0,
                     scale: float = 10000.0):
    """A Gymnasium env for SB3: the observation vector only (the mask through
    ``action_masks()``), a fresh seat and opponent each episode, forced moves auto-played."""
    import gymnasium

    names, weights = parse_opponents(opponents)

    class LearnerEnv(gymnasium.Env):
        def __init__(self) -> None:
            self.envs = {(s, o): rl.single_agent_env(game_id, opponents=[f"bot:{o}"], seat=s)
                         for s in (0, 1) for o in names}
            first = next(iter(self.envs.values()))
            self.observation_space = first.observation_space["observation"]
            self.action_space = first.action_space
            self.rng = np.random.default_rng(seed)
            self.episodes = 0
            self.env = first
            self._mask = None

        def _skip(self, obs, reward=0.0, done=False, info=None):
            while not done and int(obs["action_mask"].sum()) == 1:
                obs, r, term, trunc, info = self.env.step(int(np.flatnonzero(
                    obs["action_mask"])[0]))
                reward += r
                done = term or trunc
            self._mask = obs["action_mask"].astype(bool)
            return obs, reward, done, info or {}

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            while True:
                seat = self.episodes % 2
                opp = names[int(self.rng.choice(len(names), p=weights))]
                self.episodes += 1
                self.env = self.envs[(seat, opp)]
                obs, info = self.env.reset(seed=int(self.rng.integers(TRAIN_SEED, 2**31)))
                if self.env.game.is_over:
                    continue
                obs, _, done, info = self._skip(obs)
                if not done:
                    return obs["observation"], info

        def step(self, action):
            obs, reward, term, trunc, info = self.env.step(int(action))
            done = term or trunc
            obs, reward, done, info = self._skip(obs, reward, done, info)
            if self.env.game.is_over:
                reward = final_reward(self.env.game, self.env.seat, margin, scale)
            over = self.env.game.is_over or bool(info.get("illegal_action"))
            return obs["observation"], float(reward), done and over, done and not over, info

        def action_masks(self):
            return self._mask

    return LearnerEnv()


# --------------------------------------------------------------------------- demonstrations

def collect_demos(game_id: str, opponents: str, deadline: float, max_games: int,
                  gamma: float, seed: int, margin: float, scale: float
                  ) -> dict[str, np.ndarray]:
    """greedy in the learner's seat; (observation, mask, action, discounted return) of its
    decisions with more than one legal action."""
    names, weights = parse_opponents(opponents)
    rng = np.random.default_rng(seed)
    enc = rl.layout(game_id)
    xs, masks, acts, rets = [], [], [], []
    games = wins = 0
    while games < max_games and time.perf_counter() < deadline:
        gseed = int(rng.integers(TRAIN_SEED, 2**31))
        me = games % 2
        opp = names[int(rng.choice(len(names), p=weights))]
        g = ludoteca.new_game(game_id, players=2, seed=gseed)
        bots = [make_agent("greedy" if s == me else opp, game_id, seed=gseed + s)
                for s in range(2)]
        start = len(xs)
        while not g.is_over:
            s = g.to_move[0]
            a = bots[s].choose(g, s)
            if s == me:
                legal = g.legal_actions(s)
                if len(legal) > 1:
                    xs.append(enc.encode(g.view(s), s, 2))
                    m = np.zeros(type(g).num_distinct_actions, dtype=bool)
                    m[[g.action_id(x) for x in legal]] = True
                    masks.append(m)
                    acts.append(g.action_id(a))
            g.apply(a, seat=s)
        won = me in g.result.winners
        final = final_reward(g, me, margin, scale)
        n = len(xs) - start
        rets += [final * gamma ** (n - 1 - i) for i in range(n)]
        games += 1
        wins += won
    print(f"  demonstrations: {games} games, {len(xs)} decisions, greedy won {wins}/{games}",
          flush=True)
    return {"x": np.array(xs, dtype=np.float32), "mask": np.array(masks),
            "act": np.array(acts, dtype=np.int64), "ret": np.array(rets, dtype=np.float32)}


def behaviour_clone(model, torch, demos: dict[str, np.ndarray], deadline: float,
                    epochs: int, seed: int) -> None:
    policy = model.policy
    policy.set_training_mode(True)
    opt = torch.optim.Adam(policy.parameters(), lr=1e-3)
    x = torch.as_tensor(demos["x"])
    mask = torch.as_tensor(demos["mask"])
    act = torch.as_tensor(demos["act"])
    ret = torch.as_tensor(demos["ret"])
    n = len(x)
    gen = torch.Generator().manual_seed(seed)
    for epoch in range(epochs):
        perm = torch.randperm(n, generator=gen)
        tot, correct = 0.0, 0
        for i in range(0, n, 256):
            idx = perm[i:i + 256]
            feats = policy.extract_features(x[idx])
            lat_pi, lat_vf = policy.mlp_extractor(feats)
            logits = policy.action_net(lat_pi).masked_fill(~mask[idx], -1e8)
            value = policy.value_net(lat_vf).squeeze(-1)
            loss = (torch.nn.functional.cross_entropy(logits, act[idx])
                    + 0.5 * torch.nn.functional.mse_loss(value, ret[idx]))
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += float(loss.detach()) * len(idx)
            correct += int((logits.argmax(-1) == act[idx]).sum())
        print(f"  cloning epoch {epoch + 1}: loss {tot / n:.3f}, agrees with greedy "
              f"{correct / n:.1%}", flush=True)
        if time.perf_counter() > deadline:
            break
    policy.set_training_mode(False)


# --------------------------------------------------------------------------- export, play

def export(model, torch, game_id: str, path: Path, extra: dict) -> None:
    """The actor (shared features -> policy MLP -> action logits) as float16 numpy arrays
    (half the size; the bot computes in float32; the selection and the evaluation play these
    very arrays)."""
    policy = model.policy
    linears = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    linears.append(policy.action_net)
    acts = {m.__class__.__name__ for m in policy.mlp_extractor.policy_net
            if not isinstance(m, torch.nn.Linear)}
    activation = {"ReLU": "relu", "Tanh": "tanh"}[acts.pop()]
    arrays = {}
    for i, lin in enumerate(linears):
        arrays[f"W{i}"] = lin.weight.detach().cpu().numpy().T.astype(np.float16)
        arrays[f"b{i}"] = lin.bias.detach().cpu().numpy().astype(np.float16)
    meta = {"format": FORMAT, "game": game_id, "n_layers": len(linears),
            "activation": activation, "inputs": int(arrays["W0"].shape[0]),
            "outputs": int(arrays[f"W{len(linears) - 1}"].shape[1]), **extra}
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, meta=np.array(json.dumps(meta)), **arrays)


def play_many(game_id: str, path: Path, games: int, first_seed: int, workers: int):
    """``games`` games of the numpy bot against greedy, game k with seed ``first_seed + k``
    and the bot in seat k % 2: (wins, Counter of (reason, won/lost))."""
    jobs = [(game_id, str(path), first_seed + k, k % 2) for k in range(games)]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(workers) as ex:
            results = list(ex.map(_play_one, jobs, chunksize=8))
    else:
        results = [_play_one(j) for j in jobs]
    return sum(w for w, _ in results), Counter(e for _, e in results)


def _play_one(job):
    """One game of the numpy bot (in seat ``me``) against greedy: (win share, (reason,
    won/lost)); a shared first place is half a win. At a bankruptcy the reason says whose:
    ``bankruptcy (own)`` or ``bankruptcy (greedy's)``."""
    game_id, path, seed, me = job
    g = ludoteca.new_game(game_id, players=2, seed=seed)
    bots = [LearnedAgent(game_id, weights=path) if s == me
            else make_agent("greedy", game_id, seed=seed + s) for s in range(2)]
    while not g.is_over:
        s = g.to_move[0]
        g.apply(bots[s].choose(g, s), seat=s)
    r = g.result
    won = me in r.winners
    reason = r.reason
    if reason == "bankruptcy":
        bust = (r.details or {}).get("bankrupt", [])
        reason += " (own)" if me in bust else " (greedy's)"
    outcome = "shared" if won and len(r.winners) > 1 else "won" if won else "lost"
    return (1 / len(r.winners) if won else 0.0), (reason, outcome)


# --------------------------------------------------------------------------- main

def train(game_id: str, args) -> Path:
    gymnasium, torch, MaskablePPO = _need_training_libraries()
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    t0 = time.perf_counter()
    end = t0 + args.minutes * 60
    select_budget = args.select_minutes * 60
    torch.manual_seed(args.seed)
    print(f"{game_id}: training for at most {args.minutes:g} min "
          f"(opponents {args.opponents}, {args.envs} env processes)", flush=True)

    demo_deadline = t0 + args.demo_minutes * 60
    demos = collect_demos(game_id, args.opponents, demo_deadline, args.demo_games,
                          args.gamma, args.seed, args.margin, args.scale)

    fns = [lambda i=i: make_learner_env(game_id, args.opponents, args.seed * 1000 + i,
                                            args.margin, args.scale)
           for i in range(args.envs)]
    venv = SubprocVecEnv(fns) if args.envs > 1 else DummyVecEnv(fns)
    act_fn = {"relu": torch.nn.ReLU, "tanh": torch.nn.Tanh}[args.activation]
    model = MaskablePPO(
        "MlpPolicy", venv, learning_rate=args.lr, n_steps=args.n_steps, batch_size=256,
        n_epochs=4, gamma=args.gamma, gae_lambda=0.95, clip_range=0.1, ent_coef=args.ent,
        vf_coef=0.5, seed=args.seed, device="cpu", verbose=0,
        policy_kwargs={"net_arch": {"pi": args.hidden, "vf": args.hidden},
                       "activation_fn": act_fn})
    behaviour_clone(model, torch, demos, t0 + (args.demo_minutes + args.bc_minutes) * 60,
                    args.bc_epochs, args.seed)
    out_dir = Path(args.out)
    cand_bc = out_dir / f"{game_id}.bc.npz"
    cand_ppo = out_dir / f"{game_id}.ppo.npz"
    export(model, torch, game_id, cand_bc, {"stage": "behaviour cloning"})
    t_bc = time.perf_counter() - t0
    print(f"  cloned in {t_bc:.0f} s", flush=True)

    ppo_deadline = end - select_budget

    class Deadline(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.episodes, self.wins, self.last = 0, 0, time.perf_counter()

        def _on_step(self) -> bool:
            for done, r in zip(self.locals["dones"], self.locals["rewards"], strict=True):
                if done:
                    self.episodes += 1
                    self.wins += r > 0
            if time.perf_counter() - self.last > 60:
                self.last = time.perf_counter()
                print(f"  PPO {self.num_timesteps} decisions, {self.episodes} games, won "
                      f"{self.wins}/{self.episodes} ({time.perf_counter() - t0:.0f} s)",
                      flush=True)
            return time.perf_counter() < ppo_deadline

    cb = Deadline()
    if time.perf_counter() < ppo_deadline:
        model.learn(total_timesteps=10**9, callback=cb)
    venv.close()
    export(model, torch, game_id, cand_ppo, {"stage": "MaskablePPO"})
    t_ppo = time.perf_counter() - t0
    print(f"  PPO: {cb.num_timesteps} decisions, {cb.episodes} games in "
          f"{t_ppo - t_bc:.0f} s; training won {cb.wins}/{cb.episodes}", flush=True)

    # choose between the cloned and the PPO policy on seeds the evaluation never uses
    scores = {}
    for label, path in (("cloned", cand_bc), ("ppo", cand_ppo)):
        wins, _ = play_many(game_id, path, args.select, SELECT_SEED, args.eval_workers)
        scores[label] = wins
        print(f"  selection: {label} won {wins:g}/{args.select} against greedy", flush=True)
    best = "ppo" if scores["ppo"] >= scores["cloned"] else "cloned"
    elapsed = time.perf_counter() - t0
    final = out_dir / f"{game_id}.npz"
    src = cand_ppo if best == "ppo" else cand_bc
    with np.load(src, allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files}
    meta = json.loads(str(arrays.pop("meta")))
    meta.update({"chosen": best, "selection_games": args.select,
                 "selection_wins": {k: float(v) for k, v in scores.items()},
                 "train_seconds": round(elapsed), "ppo_decisions": int(cb.num_timesteps),
                 "ppo_games": cb.episodes, "demo_decisions": int(len(demos["x"])),
                 "opponents": args.opponents, "hidden": args.hidden, "seed": args.seed,
                 "command": "python examples/train_learned.py " + " ".join(sys.argv[1:])})
    np.savez_compressed(final, meta=np.array(json.dumps(meta)), **arrays)
    if not args.keep_candidates:
        for p in (cand_bc, cand_ppo):
            p.unlink(missing_ok=True)
    print(f"{game_id}: wrote {final} ({final.stat().st_size // 1024} KiB, the {best} policy) "
          f"after {elapsed / 60:.1f} min", flush=True)
    return final


def evaluate(game_id: str, path: Path, games: int, workers: int) -> None:
    t = time.perf_counter()
    wins, ends = play_many(game_id, path, games, EVAL_SEED, workers)
    rate, low, high = wilson(wins, games)
    print(f"{game_id}: bot:learned vs bot:greedy, {games} games, seats alternating "
          f"(seeds {EVAL_SEED}…): {rate:.1%} [{low:.1%}, {high:.1%}] ({wins:g} wins) "
          f"in {time.perf_counter() - t:.0f} s")
    for (reason, outcome), n in sorted(ends.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        print(f"    {outcome:6s} at {reason}: {n}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", choices=GAMES, help="qytetet, civitas or both "
                    "(trained one after the other)")
    ap.add_argument("--minutes", type=float, default=19.0,
                    help="wall-clock budget per game, everything included (default 19)")
    ap.add_argument("--demo-minutes", type=float, default=2.5)
    ap.add_argument("--demo-games", type=int, default=600)
    ap.add_argument("--bc-minutes", type=float, default=2.0)
    ap.add_argument("--bc-epochs", type=int, default=15)
    ap.add_argument("--select", type=int, default=200,
                    help="games against greedy for each candidate (cloned, PPO)")
    ap.add_argument("--select-minutes", type=float, default=2.5,
                    help="time kept at the end for the selection games")
    ap.add_argument("--opponents", default="greedy:4,random:1")
    ap.add_argument("--margin", type=float, default=0.5,
                    help="weight of the score lead in the final reward (0: win/loss only)")
    ap.add_argument("--scale", type=float, default=10000.0, help="€ of lead worth 1")
    ap.add_argument("--envs", type=int, default=2, help="environment processes")
    ap.add_argument("--hidden", type=int, nargs="+", default=[128, 64])
    ap.add_argument("--activation", choices=("relu", "tanh"), default="relu")
    ap.add_argument("--lr", type=float, default=2e-4)
    ap.add_argument("--ent", type=float, default=0.001)
    ap.add_argument("--gamma", type=float, default=0.999)
    ap.add_argument("--n-steps", type=int, default=1024, help="decisions per env per update")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(WEIGHTS_DIR), help="folder for GAME.npz")
    ap.add_argument("--keep-candidates", action="store_true")
    ap.add_argument("--eval", type=int, default=0, help="evaluation games against greedy")
    ap.add_argument("--eval-workers", type=int, default=2)
    ap.add_argument("--eval-only", action="store_true",
                    help="no training: evaluate OUT/GAME.npz (the shipped weights by default); "
                         "needs no torch")
    args = ap.parse_args(argv)
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    for game_id in args.games:
        if args.eval_only:
            evaluate(game_id, Path(args.out) / f"{game_id}.npz", args.eval or 400,
                     args.eval_workers)
            continue
        path = train(game_id, args)
        if args.eval:
            evaluate(game_id, path, args.eval, args.eval_workers)


if __name__ == "__main__":
    main()
