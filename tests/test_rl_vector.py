"""The vector environment (issue 18, item 3): ``rl.vector_env`` gives, batch for batch, what
``gymnasium.vector.SyncVectorEnv`` over ``single_agent_env`` gives, in both autoreset modes."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import ludoteca
import ludoteca.rl as rl


def same(a, b) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray) and a.dtype == object:
        return a.shape == b.shape and all(same(x, y) for x, y in zip(a, b, strict=True))
    return np.array_equal(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("gid,n,mode", [("som", 4, "NextStep"), ("qytetet", 2, "NextStep"),
                                        ("civitas", 3, "SameStep"), ("elplan", 3, "NextStep"),
                                        ("sigloxx", 3, "SameStep")])
def test_vector_env_equals_sync_vector_env(gid, n, mode):
    kw = dict(opponents=["bot:random"], players=n, seat=n - 1,
              max_steps=40 if gid in ("qytetet", "civitas") else None)
    k = 3
    vec = rl.vector_env(gid, k, autoreset_mode=mode, **kw)
    sync = gymnasium.vector.SyncVectorEnv(
        [lambda: rl.single_agent_env(gid, **kw) for _ in range(k)], autoreset_mode=mode)
    assert isinstance(vec, gymnasium.vector.VectorEnv)
    assert vec.observation_space == sync.observation_space
    assert vec.action_space == sync.action_space
    assert vec.single_observation_space == sync.single_observation_space
    a, ia = vec.reset(seed=5)
    b, ib = sync.reset(seed=5)
    assert same(a, b) and same(ia, ib)
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(400 if gid in ("som", "qytetet", "civitas") else 150):
        assert vec.observation_space.contains(a)
        assert np.array_equal(vec.action_masks(), a["action_mask"].astype(bool))
        acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0
                         for m in a["action_mask"]])
        a, ra, ta, tra, ia = vec.step(acts)
        b, rb, tb, trb, ib = sync.step(acts)
        assert same(a, b) and same(ra, rb) and same(ta, tb) and same(tra, trb)
        assert same(ia, ib)
        assert ra.dtype == np.float64 and ta.dtype == tra.dtype == np.bool_
        ends += int(ta.sum() + tra.sum())
    assert ends > 0, "no episode ended: autoreset untested"


def test_vector_env_batches_and_copies():
    vec = rl.vector_env("qytetet", 4, opponents=["bot:random"])
    obs, info = vec.reset(seed=1)
    size = rl.layout("qytetet").size
    assert obs["observation"].shape == (4, size) and obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (4, 104) and obs["action_mask"].dtype == np.int8
    assert list(info["seed"]) == [1, 2, 3, 4]
    before = obs["observation"].copy()
    vec.step(np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]]))
    assert np.array_equal(obs["observation"], before)       # copies by default
    raw = rl.vector_env("qytetet", 2, opponents=["bot:random"], copy=False)
    o1, _ = raw.reset(seed=1)
    o2, *_ = raw.step(np.array([np.flatnonzero(m)[0] for m in o1["action_mask"]]))
    assert o2["observation"] is o1["observation"]            # copy=False: the buffers
    with pytest.raises(ValueError, match="num_envs"):
        rl.vector_env("qytetet", 0)
    with pytest.raises(ludoteca.InvalidOption):
        rl.vector_env("qytetet", 2, players=9)


def test_vector_infos_batch_as_gymnasium_does():
    """``_put_infos`` (the quick batching of a copy's info) gives the same arrays, masks,
    dtypes and key order as Gymnasium's ``_add_info``, for every kind of value."""
    vec = rl.vector_env("qytetet", 3, opponents=["bot:random"])
    copies = [{"seed": 4, "redeals": 0, "legal_ids": [1, 5]},
              {"seed": 5, "result": {"winners": [1], "reason": "x"}, "ok": True},
              {"seed": 6, "redeals": 2, "legal_ids": [], "share": 0.5, "n": np.int64(3),
               "arr": np.arange(2)}]
    quick: dict = {}
    generic: dict = {}
    for i, info in enumerate(copies):
        vec._put_infos(quick, info, i)
        generic = vec._add_info(generic, info, i)
    assert list(quick) == list(generic)
    assert same(quick, generic)
    for key, value in generic.items():
        if isinstance(value, np.ndarray):
            assert quick[key].dtype == value.dtype, key


def test_vector_env_refuses_bad_actions_before_any_copy_moves():
    """A wrong shape or kind of ``actions`` is a ``ValueError`` that says what is expected;
    with ``illegal="raise"`` an id one copy may not play is that copy's ``IllegalAction``;
    either way no copy has moved. With the default ``illegal="terminate"`` the id ends only
    its own copy's episode."""
    vec = rl.vector_env("qytetet", 3, opponents=["bot:random"], illegal="raise")
    obs, _ = vec.reset(seed=1)
    played = [env.game.n_actions_played for env in vec.envs]
    legal = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
    for bad, message in (([legal[0]], r"shape \(3,\); got shape \(1,\)"),
                         ([legal], r"shape \(3,\); got shape \(1, 3\)"),
                         ([0.0, 1.0, 2.0], "whole numbers; got float64"),
                         (["a", "b", "c"], "whole numbers")):
        with pytest.raises(ValueError, match=message):
            vec.step(np.array(bad))
    with pytest.raises(ludoteca.IllegalAction, match="9999"):
        vec.step(np.array([legal[0], 9999, legal[2]]))
    assert [env.game.n_actions_played for env in vec.envs] == played
    _, _, term, _, infos = vec.step(np.array(legal))       # still playable
    assert not term.any() and infos["_legal_ids"].all()
    loose = rl.vector_env("qytetet", 2, opponents=["bot:random"])
    obs, _ = loose.reset(seed=1)
    ok = int(np.flatnonzero(obs["action_mask"][1])[0])
    _, reward, term, _, infos = loose.step(np.array([9999, ok]))
    assert list(term) == [True, False] and reward[0] == -1.0
    assert infos["_illegal_action"][0] and not infos["_illegal_action"][1]


def test_vector_env_refuses_bad_seeds_before_any_copy_is_dealt():
    vec = rl.vector_env("qytetet", 3, opponents=["bot:random"])
    vec.reset(seed=1)
    games = [env.game for env in vec.envs]
    for bad in ("abc", 1.5, -1, True, [1, "x", 3]):
        with pytest.raises(ValueError, match="whole number from 0 up"):
            vec.reset(seed=bad)
    with pytest.raises(ValueError, match="2 seeds for 3 environments"):
        vec.reset(seed=[1, 2])
    assert [env.game for env in vec.envs] == games          # nothing dealt again
    _, infos = vec.reset(seed=[4, None, 6])
    assert infos["seed"][0] == 4 and infos["seed"][2] == 6 and infos["_seed"].all()
