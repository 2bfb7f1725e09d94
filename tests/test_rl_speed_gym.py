"""The Gymnasium environment's shortcuts (issue 18) change nothing a learner sees: a quiet game
(no render mode, ludoteca's own bots) plays exactly as one that makes its events; games dealt
with their options checked once and ``bot:random`` opponents reseeded, not made anew, play as
new ones; ``bot:random``'s written-out draw picks what ``random.Random.choice`` picks."""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca.rl as rl

CASES = [("som", 3), ("som", 4), ("qytetet", 2), ("qytetet", 4), ("elplan", 3),
         ("sigloxx", 3)]


def _episodes(env, seeds, rng):
    """Everything ``reset`` and ``step`` hand out over one episode per seed, and each game's
    record, with random legal ids."""
    out = []
    for seed in seeds:
        obs, info = env.reset(seed=seed)
        seen = [(obs, info)]
        done = False
        while not done:
            ids = info["legal_ids"]
            obs, reward, term, trunc, info = env.step(int(ids[rng.integers(len(ids))]))
            seen.append((obs, reward, term, trunc, info))
            done = term or trunc
        out.append((seen, [str(a) for a in env.game.actions_played]))
    return out


def _same(a, b):
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for k in a:
            _same(a[k], b[k])
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            _same(x, y)
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and np.array_equal(a, b)
    else:
        assert a == b


@pytest.mark.parametrize(("gid", "n"), CASES)
def test_quiet_games_play_the_same(gid, n):
    quiet = rl.single_agent_env(gid, opponents=["bot:random"], players=n, max_steps=60)
    loud = rl.single_agent_env(gid, opponents=["bot:random"], players=n, max_steps=60,
                               render_mode="ansi")
    seeds = range(40, 46)
    a = _episodes(quiet, seeds, np.random.default_rng(7))
    b = _episodes(loud, seeds, np.random.default_rng(7))
    _same(a, b)
    assert not getattr(loud.game, "_quiet", False)
    if gid in ("som", "qytetet", "elplan", "sigloxx"):
        assert quiet.game._quiet


@pytest.mark.parametrize(("gid", "n"), [("qytetet", 2), ("som", 3), ("civitas", 3)])
def test_quiet_games_play_the_same_against_greedy(gid, n):
    """The greedy bots read views, never events: quiet or not, they play the same."""
    quiet = rl.single_agent_env(gid, opponents=["bot:greedy"], players=n, max_steps=40)
    loud = rl.single_agent_env(gid, opponents=["bot:greedy"], players=n, max_steps=40,
                               render_mode="ansi")
    a = _episodes(quiet, range(3), np.random.default_rng(3))
    b = _episodes(loud, range(3), np.random.default_rng(3))
    _same(a, b)


def test_quiet_only_with_own_bots():
    class Mine:
        def choose(self, game, seat):
            return game.legal_actions(seat)[0]

    env = rl.single_agent_env("som", opponents=[Mine(), "bot:random"], players=3)
    env.reset(seed=1)
    assert not env.game._quiet
    env = rl.single_agent_env("som", opponents=["bot:random"], players=3)
    env.reset(seed=1)
    assert env.game._quiet


@pytest.mark.parametrize("gid", ["som", "qytetet", "elplan", "sigloxx", "civitas"])
def test_random_agent_chooses_as_random_choice(gid):
    """``bot:random`` draws as ``random.Random(seed).choice(game.legal_actions(seat))`` does
    (its draw is written out, from the game's own list)."""
    import random

    import ludoteca
    from ludoteca.agents import RandomAgent
    from ludoteca.agents.random_agent import SAME_AS_LIBRARY

    assert SAME_AS_LIBRARY
    lo, hi = ludoteca.info(gid).players
    for n in {lo, hi}:
        g = ludoteca.new_game(gid, players=n, seed=n)
        bots = {s: RandomAgent(100 + s) for s in range(n)}
        refs = {s: random.Random(100 + s) for s in range(n)}
        for _ in range(400):
            if g.is_over:
                break
            seat = g.to_move[0]
            want = refs[seat].choice(g.legal_actions(seat))
            got = bots[seat].choose(g, seat)
            assert got is want or got == want
            g.apply(got, seat=seat)


@pytest.mark.parametrize(("gid", "n", "options"), [("som", 4, {}), ("som", 3, {"mode": "C"}),
                                                   ("qytetet", 4, {"max_rounds": 20}),
                                                   ("elplan", 3, {})])
def test_games_and_bots_dealt_as_new_ones(gid, n, options):
    """Game after game, the environment's game is ``ludoteca.new_game``'s with that seed (its
    options checked once) and its ``bot:random`` opponents, reseeded rather than made anew,
    choose as new ``make_agent("random", game, seed + seat)`` ones: each episode replays with
    new bots and a new game, the learner's moves taken from the record."""
    import ludoteca
    from ludoteca.agents import make_agent

    env = rl.single_agent_env(gid, opponents=["bot:random"], players=n, options=options,
                              max_steps=40)
    rng = np.random.default_rng(0)
    first = None
    for seed in (3, 4, 5, 6):
        _, info = env.reset(seed=seed)
        first = first or dict(env.bots)
        assert env.bots == first                       # the same objects, reseeded
        done = False
        while not done:
            ids = info["legal_ids"]
            _, _, term, trunc, info = env.step(int(ids[rng.integers(len(ids))]))
            done = term or trunc
        played = env.game.actions_played
        g = ludoteca.new_game(gid, players=n, seed=info["seed"], options=dict(options))
        assert g.options == env.game.options and g.names == env.game.names
        bots = {s: make_agent("random", gid, seed=info["seed"] + s) for s in range(1, n)}
        for seat, text in played:
            action = g.parse(text)
            if seat != 0:
                assert str(bots[seat].choose(g, seat)) == str(action)
            g.apply(action, seat=seat)
        assert g.actions_played == played


def test_remake_agent_reuses_only_the_shared_random():
    from ludoteca.agents import RandomAgent, make_agent
    from ludoteca.agents.registry import remake_agent

    old = make_agent("random", "som", seed=1)
    assert remake_agent(old, "random", "som", seed=7) is old
    assert remake_agent(None, "random", "som", seed=7) is not old

    class Mine(RandomAgent):
        pass

    mine = Mine(1)
    assert type(remake_agent(mine, "random", "som", seed=7)) is RandomAgent
    greedy = remake_agent(old, "greedy", "som", seed=7)
    assert greedy is not old and type(greedy) is not RandomAgent


@pytest.mark.parametrize(("gid", "n"), [("som", 4), ("qytetet", 3), ("civitas", 2)])
def test_quiet_aec_games_play_the_same(gid, n):
    """The AEC environment without a render mode plays quiet games: every observation,
    reward and info is the same as with one, and the records are equal."""
    def run(env):
        seen = []
        rng = np.random.default_rng(5)
        for seed in (3, 4):
            env.reset(seed=seed)
            steps = 0
            for agent in env.agent_iter():
                obs, reward, term, trunc, info = env.last()
                seen.append((agent, obs, reward, term, trunc, info))
                if term or trunc:
                    env.step(None)
                    continue
                ids = info["legal_ids"]
                env.step(int(ids[rng.integers(len(ids))]))
                steps += 1
                if steps >= 300:
                    break
            seen.append([str(a) for a in env.unwrapped.game.actions_played])
        return seen

    quiet = rl.env(gid, players=n)
    loud = rl.env(gid, players=n, render_mode="ansi")
    _same(run(quiet), run(loud))
    assert quiet.unwrapped.game._quiet and not loud.unwrapped.game._quiet


def test_np_random_made_lazily_is_gymnasiums():
    """``reset(seed=s)`` makes ``np_random`` only when it is first read, and then it is the
    generator Gymnasium's own ``Env.reset(seed=s)`` makes, in the same state: read at once,
    after seeded resets, or after unseeded resets that draw their game seeds from it."""
    import gymnasium
    from gymnasium.utils import seeding

    env = rl.single_agent_env("som", opponents=["bot:random"], players=4)
    env.reset(seed=123)
    assert env.np_random_seed == 123
    assert "_np_random_made" not in env.__dict__ or env.__dict__["_np_random_made"] is None
    theirs = seeding.np_random(123)[0]
    assert env.np_random.bit_generator.state == theirs.bit_generator.state
    # unseeded resets draw each game's seed from the generator of the last seeded one
    env.reset(seed=7)
    env.reset()
    env.reset()
    ref, _ = seeding.np_random(7)
    seeds = [int(ref.integers(2**31)), int(ref.integers(2**31))]
    assert env.game.seed == seeds[1] + env._redeals
    assert env.np_random.bit_generator.state == ref.bit_generator.state
    # setting it by hand (as wrappers may) wins over a pending seed
    env.reset(seed=5)
    env.np_random = np.random.default_rng(99)
    assert env.np_random.integers(10**6) == np.random.default_rng(99).integers(10**6)
    # with no seed ever, reading it makes one, as Gymnasium's Env does
    fresh = rl.single_agent_env("som", opponents=["bot:random"], players=2)
    assert isinstance(fresh.np_random, np.random.Generator)
    assert isinstance(gymnasium.Env.np_random.fget(fresh), np.random.Generator)


@pytest.mark.parametrize("bad", [-1, 1.5, "7", np.int64(3)])
def test_bad_reset_seed_refused_as_gymnasium_refuses(bad):
    """A seed Gymnasium refuses is refused with Gymnasium's own error, before anything is
    dealt: the episode under way is untouched."""
    from gymnasium import error
    from gymnasium.utils import seeding

    env = rl.single_agent_env("som", opponents=["bot:random"], players=2)
    env.reset(seed=3)
    game = env.game
    with pytest.raises(error.Error) as ours:
        env.reset(seed=bad)
    with pytest.raises(error.Error) as theirs:
        seeding.np_random(bad)
    assert str(ours.value) == str(theirs.value)
    assert env.game is game
