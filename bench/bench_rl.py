#!/usr/bin/env python3
"""The cost of the learning environments: steps per second of ``ludoteca.rl``'s PettingZoo AEC
environment, Gymnasium environment and vector environment with uniformly random legal actions,
beside the engine's own random play (measured as ``bench/bench_random_play.py`` does) and
RLCard's UNO ``env.step`` (the yardstick of issue 18: at least 0.5× UNO), all in one run, one
core. All columns of a row are measured in turn, in slices of 50 ms, until each has had
``--seconds``: a shared machine's changing load hits both sides of each ratio alike.

    python bench/bench_rl.py [--seconds 5] [--games qytetet som] [--players 2] [--by-count]
                             [--mask] [--no-uno] [--unwritten]

By default each game's row mixes every player count it allows (El Plan 2–6, Siglo XX 3–5),
episode by episode. ``--players N …`` plays only those counts (a count a game does not allow
becomes its nearest: ``--players 2`` gives RLCard UNO's 2 seats, Siglo XX's 3); ``--by-count``
adds a row per count (``elplan/2``), each measured beside its own UNO. The random agents pick
among ``info["legal_ids"]``, as RLCard's caller picks among its state's ``legal_actions``;
``--mask`` makes them pick among ``np.flatnonzero(obs["action_mask"])`` (as before
``legal_ids``: the baseline's only way).

Columns: ``engine`` game actions/s; ``aec`` agent steps/s (every step observes the next agent:
its view, the encoding and the mask); ``gym`` learner steps/s against ``bot:random`` and, in
brackets, all game actions/s inside it (the learner's and the bots'); ``vec`` learner steps/s
of ``rl.vector_env(game, 16)`` (all copies together); ``uno`` RLCard UNO ``env.step``/s,
interleaved with the others; ``aec÷uno``, ``gym÷uno`` the ratios; ``view µs`` the engine's
``game.view(seat)`` of a mid-game position and ``obs µs`` one observation as the environments
make it (straight from the state, and the mask), averaged along random episodes; ``size`` its
length.

``--unwritten`` adds a diagnostic runner, the same Gymnasium steps with the observation's
writer replaced by one that writes nothing (the mask, the copies and everything else as
usual; the vectors are wrong, so nothing learns from them), and three columns: ``bare÷uno``,
its rate against UNO (what a free observation would give); ``obs/step µs``, what writing the
observation costs a Gymnasium step (``1/gym − 1/bare``); and ``obs room µs``, the time a step
may spend writing its observation and still be at 0.5× UNO (``2/uno − 1/bare``; negative: not
even a free observation reaches it).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

import ludoteca
import ludoteca.rl as rl
from ludoteca.observation.encoders import encoder_for
from ludoteca.observation.observer import Observer


def _counts(gid: str, wanted: list[int] | None = None) -> list[int]:
    """The player counts to play: every count the game allows, or those of ``wanted``, each
    moved to the nearest the game allows."""
    lo, hi = ludoteca.info(gid).players
    if not wanted:
        return list(range(lo, hi + 1))
    return sorted({min(max(n, lo), hi) for n in wanted})


# Each measurement is an endless generator yielding the steps it made; ``interleave`` runs them
# in turn in short time slices, so load from other processes hits every column alike.
def engine_steps(gid: str, counts: list[int]) -> Iterator[int]:
    """The engine's random play, as bench/bench_random_play.py measures it."""
    seed = 0
    while True:
        seed += 1
        game = ludoteca.new_game(gid, players=counts[seed % len(counts)], seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move[0] if len(game.to_move) == 1 else rng.choice(game.to_move)
            game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
            yield 1


# The random agents pick among ``info["legal_ids"]`` (as RLCard's caller picks among its
# state's ``legal_actions``), or, with ``--mask``, among ``np.flatnonzero`` of the mask.
def _legal(obs: dict, info: dict, mask: bool) -> Any:
    return np.flatnonzero(obs["action_mask"]) if mask else info["legal_ids"]


def aec_steps(gid: str, counts: list[int], mask: bool = False) -> Iterator[int]:
    envs = {n: rl.env(gid, players=n) for n in counts}
    counts = list(envs)
    rng = np.random.default_rng(0)
    seed = 0
    while True:
        seed += 1
        env = envs[counts[seed % len(counts)]]
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = _legal(obs, info, mask)
            env.step(int(legal[rng.integers(len(legal))]))
            yield 1


def _write_nothing(game: Any, seat: int, buf: Any) -> None:
    """A stand-in for an observation writer (``--unwritten``): leaves the buffer as it is."""


def gym_steps(gid: str, counts: list[int], actions: list[int],
              mask: bool = False, unwritten: bool = False) -> Iterator[int]:
    """Learner steps against ``bot:random``; ``actions[0]`` counts all game actions.
    ``unwritten``: the observation's writer writes nothing (a diagnostic: see the module's
    docstring)."""
    envs = {n: rl.single_agent_env(gid, opponents=["bot:random"], players=n)
            for n in counts}
    if unwritten:
        for env in envs.values():
            observer = env._observer            # (every game's writer is a float32 one)
            assert observer._write32 is not None, gid
            observer._write32 = _write_nothing
    counts = list(envs)
    rng = np.random.default_rng(0)
    seed = 0
    while True:
        seed += 1
        env = envs[counts[seed % len(counts)]]
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            legal = _legal(obs, info, mask)
            obs, _, term, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
            done = term or trunc
            if done:
                actions[0] += env.game.n_actions_played
            yield 1


def vector_steps(gid: str, counts: list[int], mask: bool = False,
                 k: int = 16) -> Iterator[int]:
    """Learner steps of ``rl.vector_env(gid, k)`` against ``bot:random`` (each player count
    in turn), counting every copy's step."""
    r = 0
    while True:
        vec = rl.vector_env(gid, k, opponents=["bot:random"], players=counts[r % len(counts)])
        rng = np.random.default_rng(r)
        obs, infos = vec.reset(seed=1000 * r)
        r += 1
        for _ in range(200):
            acts = []
            if mask:
                for m in obs["action_mask"]:
                    legal = np.flatnonzero(m)
                    acts.append(int(legal[rng.integers(len(legal))]) if len(legal) else 0)
            else:               # a copy without legal ids has just ended (its action is ignored)
                for legal, has in zip(infos["legal_ids"], infos["_legal_ids"], strict=True):
                    acts.append(int(legal[rng.integers(len(legal))]) if has else 0)
            obs, _, _, _, infos = vec.step(np.array(acts))
            yield k


def uno_steps() -> Iterator[int]:
    """RLCard UNO: ``env.step`` calls with random legal actions."""
    import rlcard

    env = rlcard.make("uno", config={"seed": 0})
    rng = np.random.default_rng(0)
    while True:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.integers(len(legal))])
            yield 1


def interleave(runners: dict[str, Iterator[int]], seconds: float,
               slice_s: float = 0.05) -> dict[str, tuple[int, float]]:
    """Run each generator in turn for ``slice_s`` until each has had ``seconds``; (steps,
    seconds) per name."""
    totals = {name: [0, 0.0] for name in runners}
    clock = time.perf_counter
    while min(t for _, t in totals.values()) < seconds:
        for name, gen in runners.items():
            start = clock()
            n = 0
            while clock() - start < slice_s:
                n += next(gen)
            totals[name][0] += n
            totals[name][1] += clock() - start
    return {name: (n, t) for name, (n, t) in totals.items()}


def mid_game(gid: str, hi: int) -> tuple[ludoteca.Game, int]:
    """A position of seeded random play with ``hi`` seats: after 120 actions, or half way
    through a game that ends sooner (never a finished game)."""
    game = ludoteca.new_game(gid, players=hi, seed=1)
    rng = random.Random(1)
    played = []
    while len(played) < 120 and not game.is_over:
        seat = game.to_move[0]
        action = rng.choice(game.legal_actions(seat))
        game.apply(action, seat=seat)
        played.append((seat, action))
    if game.is_over:
        game = ludoteca.new_game(gid, players=hi, seed=1)
        for seat, action in played[:len(played) // 2]:
            game.apply(action, seat=seat)
    return game, game.to_move[0]


def view_cost(gid: str, hi: int, n: int = 300) -> float:
    """Microseconds per ``game.view(seat)`` of a mid-game position with ``hi`` seats (the
    engine's part)."""
    game, seat = mid_game(gid, hi)
    start = time.perf_counter()
    for _ in range(n):
        game.view(seat)
    return (time.perf_counter() - start) / n * 1e6


def observation_cost(gid: str, hi: int, steps: int = 2000) -> float:
    """Microseconds per observation as the environments make it (straight from the state,
    and the mask) along seeded random episodes with ``hi`` seats: one observation of the
    seat to move after every action, as an environment makes them (the writers' memos help
    only as much as play lets them)."""
    ob = None
    spent, made, seed = 0.0, 0, 0
    clock = time.perf_counter
    while made < steps:
        seed += 1
        game = ludoteca.new_game(gid, players=hi, seed=seed)
        if ob is None:
            ob = Observer(gid, type(game).num_distinct_actions)
        rng = random.Random(seed)
        while not game.is_over and made < steps:
            seat = game.to_move[0]
            start = clock()
            ob.observe(game, seat)
            spent += clock() - start
            made += 1
            game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
    return spent / made * 1e6


def measure(gid: str, counts: list[int], label: str, seconds: float, have_uno: bool,
            mask: bool = False, unwritten: bool = False) -> None:
    """One row: every column measured in turn, playing the player counts ``counts``."""
    gym_actions = [0]
    runners = {"engine": engine_steps(gid, counts), "aec": aec_steps(gid, counts, mask),
               "gym": gym_steps(gid, counts, gym_actions, mask),
               "vec": vector_steps(gid, counts, mask)}
    if unwritten:
        runners["bare"] = gym_steps(gid, counts, [0], mask, unwritten=True)
    if have_uno:
        runners["uno"] = uno_steps()
    got = interleave(runners, seconds)
    rate = {name: n / t for name, (n, t) in got.items()}
    uno = rate.get("uno", float("nan"))
    eng, aec, gym, vec = rate["engine"], rate["aec"], rate["gym"], rate["vec"]
    gym_all = gym_actions[0] / got["gym"][1]
    hi = max(counts)
    print(f"{label:10s} {eng:>10,.0f} {aec:>9,.0f} {gym:>8,.0f} {f'({gym_all:,.0f})':>12s} "
          f"{vec:>8,.0f} {uno:>8,.0f} {aec / uno:>8.2f} {gym / uno:>8.2f} "
          f"{view_cost(gid, hi):>8,.0f} {observation_cost(gid, hi):>7,.0f} "
          f"{encoder_for(gid).size:>5d}"
          + (f" {rate['bare'] / uno:>8.2f} {1e6 * (1 / gym - 1 / rate['bare']):>10.1f} "
             f"{1e6 * (2 / uno - 1 / rate['bare']):>11.1f}" if unwritten else ""), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    ap.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    ap.add_argument("--players", nargs="*", type=int, default=None,
                    help="player counts to play (default: every count a game allows; a count "
                         "a game does not allow becomes its nearest)")
    ap.add_argument("--by-count", action="store_true",
                    help="also one row per player count (game/N)")
    ap.add_argument("--mask", action="store_true",
                    help="the random agents pick among np.flatnonzero(action_mask) rather than "
                         "info['legal_ids']")
    ap.add_argument("--no-uno", action="store_true", help="skip RLCard UNO")
    ap.add_argument("--unwritten", action="store_true",
                    help="also the Gymnasium steps with an observation writer that writes "
                         "nothing (a diagnostic): bare÷uno, what the observation costs a step "
                         "and the µs a step may spend on it at 0.5× UNO")
    args = ap.parse_args()
    try:
        import rlcard  # noqa: F401
        have_uno = not args.no_uno
    except ImportError:
        have_uno = False
    if not args.seconds > 0:
        ap.error(f"--seconds must be more than 0; got {args.seconds:g}")
    unknown = [g for g in args.games or () if g not in ludoteca.games()]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r}; games: {', '.join(ludoteca.games())}")
    if args.unwritten and not have_uno:
        ap.error("--unwritten needs RLCard's UNO (python -m pip install rlcard)")
    which = ("every player count" if not args.players
             else "players " + " ".join(map(str, args.players)) + " (or the nearest allowed)")
    print(f"python {platform.python_version()} on {platform.machine()}, one core, "
          f"{args.seconds:g} s per measurement, random legal actions "
          f"({'from the mask' if args.mask else 'from legal_ids'}), {which}")
    print(f"{'game':10s} {'engine/s':>10s} {'aec/s':>9s} {'gym/s':>8s} {'(actions/s)':>12s} "
          f"{'vec/s':>8s} {'uno/s':>8s} {'aec÷uno':>8s} {'gym÷uno':>8s} {'view µs':>8s} "
          f"{'obs µs':>7s} {'size':>5s}"
          + (f" {'bare÷uno':>8s} {'obs/step µs':>10s} {'obs room µs':>11s}"
             if args.unwritten else ""))
    for gid in args.games or ludoteca.games():
        counts = _counts(gid, args.players)
        if len(counts) > 1 or not args.by_count:
            label = gid if not args.players else f"{gid}/{','.join(map(str, counts))}"
            measure(gid, counts, label, args.seconds, have_uno, args.mask, args.unwritten)
        if args.by_count:
            for n in counts:
                measure(gid, [n], f"{gid}/{n}", args.seconds, have_uno, args.mask,
                        args.unwritten)


if __name__ == "__main__":
    main()
