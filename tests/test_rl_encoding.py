"""The compiled encoders write exactly the vectors of the old ones (issue 18, item 3): a
learned policy depends on the values. tests/rl_reference/ is a frozen copy of the encoders as
they were; every game, every player count, random positions, every seat, byte for byte. Also
the preallocated buffers and the per-state cache of the environments."""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import advance
from rl_reference.encoders import encoder_for as reference_encoder

import ludoteca
import ludoteca.rl as rl
from ludoteca.observation.encoders import encoder_for
from ludoteca.observation.observer import Observer, action_mask

GAMES = ludoteca.games()


def random_positions(gid: str, n: int, seed: int, every: int):
    g = ludoteca.new_game(gid, players=n, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        advance(g, rng, every)
        yield g


@pytest.mark.parametrize("gid", GAMES)
def test_compiled_encoder_equals_the_old_one(gid):
    new, old = encoder_for(gid), reference_encoder(gid)
    assert new.size == old.size and new.leaves() == old.leaves()
    lo, hi = ludoteca.info(gid).players
    buf = np.full(new.size, 7.0, dtype=np.float32)          # stale values must not survive
    checked = 0
    for n in range(lo, hi + 1):
        for seed in range(2):
            for g in random_positions(gid, n, seed, every=5):
                for seat in range(n):
                    view = g.view(seat)
                    ref = old.encode(view, seat, n, strict=True)
                    assert new.encode(view, seat, n, strict=True).tobytes() == ref.tobytes()
                    assert new.encode(view, seat, n, out=buf) is buf
                    assert buf.tobytes() == ref.tobytes()
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("gid", GAMES)
def test_environment_observations_equal_the_old_encoding(gid):
    """Through the AEC environment (buffers, cache): the same vector and mask as encoding the
    view with the old encoder, at every step of random episodes."""
    old = reference_encoder(gid)
    lo, hi = ludoteca.info(gid).players
    n = max(lo, min(2, hi))
    env = rl.env(gid, players=n)
    rng = np.random.default_rng(1)
    for seed in range(2):
        env.reset(seed=seed)
        kept = []
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            seat = int(agent.split("_")[1])
            game = env.unwrapped.game
            ref = old.encode(game.view(seat), seat, n)
            assert obs["observation"].tobytes() == ref.tobytes()
            assert np.array_equal(obs["action_mask"], action_mask(game, seat))
            kept.append((obs, ref))
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        # observations handed out earlier were copies: later steps did not change them
        assert all(o["observation"].tobytes() == r.tobytes() for o, r in kept)


def test_observer_cache_sees_every_change():
    g = ludoteca.new_game("qytetet", players=2, seed=1)
    ob = Observer("qytetet", type(g).num_distinct_actions)
    first = ob.observe(g, 0)
    assert np.array_equal(ob.observe(g, 0)["observation"], first["observation"])
    other = ob.observe(g, 1)                                   # another seat: re-encoded
    assert not np.array_equal(other["observation"], first["observation"])
    seat = g.to_move[0]
    g.apply(g.legal_actions(seat)[0], seat=seat)               # an action: re-encoded
    after = ob.observe(g, 0)
    assert after["observation"].tobytes() == encoder_for("qytetet").encode(
        g.view(0), 0, 2).tobytes()
    g2 = ludoteca.new_game("qytetet", players=2, seed=1).arrange(balances={0: 5, 1: 99_000})
    assert ob.observe(g2, 0)["observation"].tobytes() == encoder_for("qytetet").encode(
        g2.view(0), 0, 2).tobytes()


@pytest.mark.parametrize("gid", ["qytetet", "civitas"])
def test_direct_encoder_equals_the_view_encoding(gid):
    """Qytetet and Civitas are encoded straight from the state (no view): the same bytes as
    the encoder applied to ``view(seat)`` (and so as the old encoder), for every seat of random
    positions of every player count, with and without a round limit, through the memo of
    squares (positions revisited) and with mortgages, houses and hotels on the board."""
    from ludoteca.observation.direct import DIRECT

    enc, write = encoder_for(gid), DIRECT[gid]
    ob = Observer(gid, 104)
    seen = {"mortgaged": 0, "houses": 0, "hotels": 0}
    for n in (2, 3, 4):
        for seed, opts in ((n, {}), (10 + n, {"max_rounds": 12})):
            g = ludoteca.new_game(gid, players=n, seed=seed, options=opts)
            rng = random.Random(seed)
            while True:
                for seat in range(n):
                    ref = enc.encode(g.view(seat), seat, n)
                    buf = enc.scratch()
                    write(g, seat, buf)
                    assert enc.finish(buf).tobytes() == ref.tobytes()
                    assert ob.observe(g, seat)["observation"].tobytes() == ref.tobytes()
                view = g.view(None)
                for sq in view["squares"]:
                    seen["mortgaged"] += bool(sq.get("mortgaged"))
                    seen["houses"] += bool(sq.get("houses"))
                    seen["hotels"] += bool(sq.get("hotels"))
                if g.is_over:
                    break
                advance(g, rng, 2)
    assert all(seen.values()), seen
    # the engine's own view path is still there: direct=False gives the same
    g = ludoteca.new_game(gid, players=3, seed=5)
    advance(g, random.Random(5), 40)
    slow = Observer(gid, 104, direct=False)
    assert slow.direct is None and ob.direct is not None
    for seat in range(3):
        assert (slow.observe(g, seat)["observation"].tobytes()
                == ob.observe(g, seat)["observation"].tobytes())


@pytest.mark.parametrize("gid", ["qytetet", "civitas"])
def test_bounded_direct_encoder_clips_like_the_view_encoding(gid):
    """The direct writer is ``bounded`` (the Observer only casts its buffer): values beyond
    ±10 (a fortune, a long game with no round limit) come out clipped exactly as the
    view encoding clips them."""
    from ludoteca.observation.direct import DIRECT

    assert DIRECT[gid].bounded
    enc = encoder_for(gid)
    for balances, opts in (({0: 250_000, 1: 180_000}, {"max_rounds": 5000}),
                           ({0: 99_999_999, 1: 3}, {"max_rounds": 0})):
        g = ludoteca.new_game(gid, players=2, seed=3, options=opts).arrange(balances=balances)
        advance(g, random.Random(3), 30)
        for seat in (0, 1):
            ref = enc.encode(g.view(seat), seat, 2)
            buf = enc.scratch()
            DIRECT[gid](g, seat, buf)
            raw = np.frombuffer(buf, dtype=np.float64)
            assert raw.max() <= 10.0 and raw.min() >= -10.0
            assert raw.astype(np.float32).tobytes() == ref.tobytes()
            assert (Observer(gid, 104).observe(g, seat)["observation"].tobytes()
                    == ref.tobytes())
        assert np.abs(enc.encode(g.view(0), 0, 2)).max() == 10.0   # something was clipped


def test_bounded_som_writer_clips_like_the_view_encoding():
    """Som's direct writer is ``bounded`` too: a turn limit of 5,000 (÷ 100 = 50 in the
    vector) comes out clipped to 10, exactly as the view encoding clips it."""
    from ludoteca.observation.direct import DIRECT

    assert DIRECT["som"].bounded
    enc = encoder_for("som")
    for n, mode in ((1, "A"), (2, "C"), (4, "B")):
        g = ludoteca.new_game("som", players=n, seed=5, options={"mode": mode,
                                                                "max_turns": 5000})
        rng = random.Random(5)
        for _ in range(40):
            for seat in range(n):
                ref = enc.encode(g.view(seat), seat, n)
                assert ref.max() == 10.0
                buf = enc.scratch()
                DIRECT["som"](g, seat, buf)
                raw = np.frombuffer(buf, dtype=np.float64)
                assert raw.max() <= 10.0 and raw.min() >= -10.0
                assert raw.astype(np.float32).tobytes() == ref.tobytes()
            if g.is_over:
                break
            advance(g, rng, 1)


@pytest.mark.parametrize("gid", ["elplan", "sigloxx", "som", "qytetet", "civitas"])
def test_float32_writers_equal_the_float64_ones_cast(gid):
    """A direct writer's ``float32`` form (the one the Observer uses: it writes the float32
    vector itself, no scratch, no cast) gives the bytes of the float64 writer's buffer cast,
    for every seat of random positions, into one buffer full of stale values and a new one."""
    from array import array

    from ludoteca.observation.direct import DIRECT

    write = DIRECT[gid]
    write32 = write.float32
    assert write32.float32 is write32 and write32.bounded
    enc = encoder_for(gid)
    kept = array("f", [7.0] * enc.size)
    lo, hi = ludoteca.info(gid).players
    checked = 0
    games = [(n, seed) for n in (lo, hi) for seed in range(n, n + (8 if gid == "som" else 1))]
    for n, seed in games:                       # (Som's games are short: a few of each)
        for g in random_positions(gid, n, seed=seed, every=7):
            for seat in range(n):
                buf = enc.scratch()
                write(g, seat, buf)
                ref = enc.finish(buf).tobytes()
                write32(g, seat, kept)
                assert kept.tobytes() == ref, (n, seat)
                new = array("f", [7.0] * enc.size)
                write32(g, seat, new)
                assert new.tobytes() == ref
                checked += 1
    assert checked > 100


def test_observer_mask_takes_other_action_objects_by_equality():
    """The Observer finds the ids of the engine's own Action objects by identity; actions
    that are equal but other objects still give the right mask (by equality)."""
    from ludoteca.core.action import Action

    g = ludoteca.new_game("sigloxx", players=3, seed=4)
    advance(g, random.Random(4), 20)
    seat = g.to_move[0]
    ref = action_mask(g, seat).copy()
    ob = Observer("sigloxx", type(g).num_distinct_actions)
    assert np.array_equal(ob.observe(g, seat)["action_mask"], ref)
    own = type(g).legal_actions
    g.legal_actions = lambda s=None: [Action(a.name, a.arg) for a in own(g, s)]
    ob.forget()
    assert np.array_equal(ob.observe(g, seat)["action_mask"], ref)
