"""Environments for learning agents (issues 8 and 18): PettingZoo's api_test and seed_test and
Gymnasium's check_env (default cycle counts) for every game, player count and listed option;
reset never hands out a finished episode; observations built from the view only; masks equal to
the legal actions; fixed action ids; rewards; bad input. The fast encoders against the old ones:
tests/test_rl_encoding.py; the vector environment: tests/test_rl_vector.py."""

from __future__ import annotations

import contextlib
import io
import json
import random
import warnings

import gymnasium
import numpy as np
import pytest
from conftest import advance, variant_id, variants
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import ludoteca
import ludoteca.rl as rl
from ludoteca import IllegalAction, InvalidOption, Result
from ludoteca.observation.encoders import encoder_for
from ludoteca.observation.observer import action_mask

VARIANTS = variants()
GAMES = ludoteca.games()


def quiet(fn, *args, **kwargs):
    """Run a checker without its advisory warnings (dict observations are meant) and prints."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


# PettingZoo's and Gymnasium's own checkers at their default cycle counts (api_test 1000,
# seed_test 500) for every game, player count and listed option: about half a minute in all.
@pytest.mark.parametrize("v", VARIANTS, ids=variant_id)
def test_pettingzoo_api(v):
    gid, n, opts = v
    env = rl.env(gid, players=n, options=opts, seed=3)
    quiet(api_test, env)


@pytest.mark.parametrize("v", VARIANTS, ids=variant_id)
def test_pettingzoo_seed(v):
    gid, n, opts = v
    quiet(seed_test, lambda: rl.env(gid, players=n, options=opts))


@pytest.mark.parametrize("v", VARIANTS, ids=variant_id)
def test_gymnasium_check_env(v):
    gid, n, opts = v
    env = rl.single_agent_env(gid, opponents=["bot:random"], players=n, options=opts,
                              seat=n - 1)
    quiet(check_env, env, skip_render_check=True)


@pytest.mark.parametrize("gid", GAMES)
def test_gymnasium_make_and_render(gid):
    env = gymnasium.make(f"ludoteca/{gid}-v0", opponents=["bot:greedy"], render_mode="ansi")
    quiet(check_env, env.unwrapped)
    env.reset(seed=2)
    text = env.render()
    assert f"{gid} · seed 2" in text and ("Le toca a" in text or "Fin" in text)


def test_reset_never_hands_out_a_finished_episode():
    """The reproduction of issue 18: Som, 4 seats, the learner last, random bots: in 27 of
    these 300 seeds the bots end the game before seat 3 decides. reset() deals again with the
    next seed and says so; the learner always has a legal action."""
    env = rl.single_agent_env("som", opponents=["bot:random"], players=4, seat=3)
    redealt = 0
    for seed in range(300):
        obs, info = env.reset(seed=seed)
        assert obs["action_mask"].any() and env.action_masks().any()
        assert not env.game.is_over and 3 in env.game.to_move
        assert info["seed"] == env.game.seed == seed + info["redeals"]
        if info["redeals"]:
            redealt += 1
            for skipped in range(seed, seed + info["redeals"]):   # those games really ended
                g = rl.single_agent_env("som", opponents=["bot:random"], players=4, seat=3)
                g._deal(skipped)
                assert g.game.is_over
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))      # and step() works
    assert redealt >= 20


def test_episode_end_refuses_steps_until_reset():
    env = rl.single_agent_env("qytetet", opponents=["bot:random"], max_steps=2)
    with pytest.raises(IllegalAction, match="call reset"):
        env.step(0)                                   # before the first reset
    for _ in range(2):
        obs, _ = env.reset(seed=4)
        done = False
        while not done:
            obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            done = term or trunc
        with pytest.raises(IllegalAction, match="call reset"):
            env.step(int(np.flatnonzero(obs["action_mask"])[0]) if obs["action_mask"].any()
                     else 0)


# ----- full episodes --------------------------------------------------------------------------
def play_aec(env, seed: int, rng: random.Random, max_iter: int = 20_000):
    """Play masked random actions to the end; return (final rewards, the game)."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for i, agent in enumerate(env.agent_iter()):
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        assert len(legal) > 0, "the selected agent has no legal action"
        env.step(int(rng.choice(legal)))
        assert i < max_iter
    return totals, env.unwrapped.game


@pytest.mark.parametrize("gid,n,opts", [("som", 3, {"mode": "C"}), ("som", 1, {}),
                                        ("sigloxx", 3, {}), ("elplan", 3, {"tutorial": True}),
                                        ("qytetet", 2, {"max_rounds": 8})])
def test_aec_episode_rewards_follow_the_result(gid, n, opts):
    rng = random.Random(1)
    for reward in ("win", "rank"):
        env = rl.env(gid, players=n, options=opts, reward=reward)
        totals, game = play_aec(env, seed=5, rng=rng)
        assert game.is_over and not env.agents
        expected = rl.final_rewards(game.result, n, reward)
        assert [totals[f"player_{s}"] for s in range(n)] == expected
        winners = set(game.result.winners)
        for s in range(n):
            assert (totals[f"player_{s}"] == 1.0) == (s in winners) or reward == "rank"


def test_aec_secret_choices_are_asked_in_turn():
    """Som's secret bids: several seats in to_move are selected one after the other."""
    env = rl.raw_env("som", players=3, options={"mode": "C"})
    rng = random.Random(0)
    seen = 0
    for seed in range(40):
        env.reset(seed=seed)
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(None)
                continue
            to_move = env.game.to_move
            assert agent == f"player_{to_move[0]}"
            if len(to_move) > 1:
                seen += 1
                for s in to_move[1:]:     # the others decide next, from their own views
                    assert env.observe(f"player_{s}")["action_mask"].any()
            env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
        if seen >= 3:
            break
    assert seen >= 3, "no simultaneous decision reached"


def test_gym_episode_against_bots():
    env = rl.single_agent_env("som", opponents=["bot:greedy", "bot:random"],
                              options={"mode": "B"}, seat=1)
    rng = np.random.default_rng(0)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        done, total, steps = False, 0.0, 0
        while not done:
            assert 1 in env.game.to_move
            assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, term, trunc, info = env.step(action)
            total += reward
            steps += 1
            done = term or trunc
        assert env.game.is_over and "result" in info
        assert total == rl.final_rewards(env.game.result, 3)[1]


def test_gym_seed_fixes_the_episode():
    def run(seed):
        env = rl.single_agent_env("qytetet", opponents=["bot:greedy"])
        obs, _ = env.reset(seed=seed)
        out = [obs["observation"].copy()]
        for _ in range(30):
            obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
            out.append(obs["observation"].copy())
            if term or trunc:
                break
        return np.stack(out), env.game.record()

    a, rec_a = run(11)
    b, rec_b = run(11)
    c, rec_c = run(12)
    assert np.array_equal(a, b) and rec_a == rec_b
    assert rec_a["seed"] == 11 and rec_c != rec_a


def test_constructor_seed_is_the_first_game_seed():
    env = rl.env("civitas", players=3, seed=7)
    env.reset()
    assert env.unwrapped.game.seed == 7
    seeds = []
    for _ in range(2):
        e = rl.env("civitas", players=3, seed=7)
        e.reset()
        e.reset()
        seeds.append(e.unwrapped.game.seed)
    assert seeds[0] == seeds[1]
    gym = rl.single_agent_env("civitas", opponents=["bot:random"], seed=9)
    gym.reset()
    assert gym.game.seed == 9


def test_max_steps_truncates():
    env = rl.env("qytetet", players=2, max_steps=10)
    env.reset(seed=1)
    rng = random.Random(1)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps == 10
    gym = rl.single_agent_env("qytetet", opponents=["bot:random"], max_steps=3)
    obs, _ = gym.reset(seed=1)
    for _ in range(3):
        obs, _, term, trunc, _ = gym.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert trunc and not term


# ----- observations come from the view only ----------------------------------------------------
def positions(gid, n, opts, seed, count, every=7):
    """Mid-game positions reached by random play."""
    g = ludoteca.new_game(gid, players=n, seed=seed, options=opts)
    rng = random.Random(seed)
    out = []
    while not g.is_over and len(out) < count:
        advance(g, rng, every)
        if not g.is_over:
            out.append(g.clone())
    return out


def hidden(g) -> str:
    return json.dumps(g.state_dict(), sort_keys=True, default=str)


@pytest.mark.parametrize("gid,n,opts", [("qytetet", 3, {}), ("civitas", 4, {}),
                                        ("som", 4, {"mode": "C"}), ("elplan", 4, {}),
                                        ("elplan", 3, {"tutorial": True}), ("sigloxx", 4, {})])
def test_observation_depends_on_the_view_only(gid, n, opts):
    """A determinized game (hidden parts redrawn, view unchanged) gives the same observation,
    also through the environment; the hidden parts did change."""
    enc = encoder_for(gid)
    changed = 0
    env = rl.raw_env(gid, players=n, options=opts)
    env.reset(seed=1)
    for g in positions(gid, n, opts, seed=4, count=12):
        for seat in range(n):
            world = g.determinize(seat, seed=seat + 100)
            assert world.view(seat) == g.view(seat)
            changed += hidden(world) != hidden(g)
            a = enc.encode(g.view(seat), seat, n, strict=True)
            b = enc.encode(world.view(seat), seat, n, strict=True)
            assert np.array_equal(a, b)
            env.game = g
            first = env.observe(f"player_{seat}")
            env.game = world
            second = env.observe(f"player_{seat}")
            assert np.array_equal(first["observation"], second["observation"])
            assert np.array_equal(first["action_mask"], second["action_mask"])
    assert changed > 0, "no position had hidden parts to redraw"


@pytest.mark.parametrize("gid,n,opts", [("som", 3, {"mode": "C"}), ("som", 4, {"mode": "AC"}),
                                        ("elplan", 3, {}), ("elplan", 5, {"level": 2})])
def test_earlier_secret_choices_do_not_reach_later_seats(gid, n, opts):
    """When several seats decide at once, two different choices of the first seat that a
    spectator cannot tell apart leave every other seat's observation identical."""
    enc = encoder_for(gid)
    pairs = 0
    for seed in range(60):
        g = ludoteca.new_game(gid, players=n, seed=seed, options=opts)
        rng = random.Random(seed)
        while not g.is_over and pairs < 6:
            if len(g.to_move) > 1:
                first, rest = g.to_move[0], g.to_move[1:]
                after = []
                for a in g.legal_actions(first):
                    c = g.clone()
                    c.apply(a, seat=first)
                    after.append((c.view(None), c))
                for i in range(len(after)):
                    for j in range(i + 1, len(after)):
                        if after[i][0] != after[j][0]:
                            continue
                        pairs += 1
                        for s in rest:
                            x = enc.encode(after[i][1].view(s), s, n, strict=True)
                            y = enc.encode(after[j][1].view(s), s, n, strict=True)
                            assert np.array_equal(x, y)
                            assert np.array_equal(action_mask(after[i][1], s),
                                                  action_mask(after[j][1], s))
            seat = g.to_move[0]
            g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
        if pairs >= 6:
            break
    assert pairs > 0, "no pair of secret choices found"


@pytest.mark.parametrize("gid", GAMES)
def test_encoder_vocabularies_cover_random_play(gid):
    """Every categorical value met in random play (all listed options) is in the encoder's
    lists (strict mode raises on an unknown one), and every vector has the layout's size."""
    enc = encoder_for(gid)
    leaves = enc.leaves()
    assert sum(width for _, _, width, _ in leaves) == enc.size
    assert all(a[1] + a[2] == b[1] for a, b in zip(leaves, leaves[1:], strict=False))
    for k, (g_id, n, opts) in enumerate(v for v in VARIANTS if v[0] == gid):
        if gid == "som" and k % 6:
            continue                      # centralism does not change the encoding's words
        for g in positions(g_id, n, opts, seed=k, count=25, every=5):
            for seat in range(n):
                assert enc.encode(g.view(seat), seat, n, strict=True).shape == (enc.size,)


def test_observer_relative_seats():
    """Slot 0 of the player blocks is always the observer."""
    g = ludoteca.new_game("qytetet", players=3, seed=1, options={})
    enc = encoder_for("qytetet")
    rows = {r.name: r for r in enc.layout()}
    bal = rows["players[i].balance"]
    g.arrange(balances={0: 100, 1: 2000, 2: 30000})
    for seat, own in ((0, 100), (1, 2000), (2, 30000)):
        v = enc.encode(g.view(seat), seat, 3)
        assert v[bal.offset] == pytest.approx(own / 10_000)
        nxt = (seat + 1) % 3
        assert v[bal.offset + bal.stride] == pytest.approx(
            g.view(None)["players"][nxt]["balance"] / 10_000)
        assert v[rows["players[i].present"].offset + 3 * bal.stride] == 0  # no 4th seat


def test_som_odds_of_a_face_down_card_follow_its_deal():
    """SOM-12.8: after a Spain event the refilled cells hold only the cards it collected
    (public), so a refilled cell's odds are its deal's flags, with no Spain card; a setup
    cell keeps the setup's odds; face-up and empty cells are zeros."""
    g = ludoteca.new_game("som", players=1, seed=2)
    g.arrange(cells={15: "CN", 8: "C-01", 9: "C-02", 2: "U-1", 30: "U-2", 16: "E-1"},
              face_up=[8, 9], pile=["U-1", "U-2"], phase="accion", face=1)
    g.apply("mover 16")
    enc = encoder_for("som")
    odds = {r.name: r for r in enc.layout()}["odds"].offset
    v = enc.encode(g.view(0), 0, 1, strict=True)
    cell = lambda c: list(v[odds + 4 * c:odds + 4 * c + 4])          # noqa: E731
    for c in (2, 8, 9, 30):                      # refill: 2 catalunya, 2 urna, no Spain
        assert cell(c) == pytest.approx([0.5, 0.0, 0.5, 0.0])
    setup = next(d for d in g.view(0)["deals"] if d["deal"] == 0)
    n = len(setup["cells"])
    assert cell(setup["cells"][0]) == pytest.approx(
        [setup["flags"][f] / n for f in ("catalunya", "mon", "urna", "espanya")])
    assert cell(15) == [0, 0, 0, 0] and cell(16) == [0, 0, 0, 0]     # CN; E-1 face up


def test_sigloxx_coins_only_for_their_owner():
    g = positions("sigloxx", 3, {}, seed=2, count=3)[-1]
    enc = encoder_for("sigloxx")
    rows = {r.name: r for r in enc.layout()}
    coins = rows["players[i].coins"]
    for seat in range(3):
        v = enc.encode(g.view(seat), seat, 3)
        assert v[coins.offset] == pytest.approx(min(g.state_dict()["hidden"]["coins"][seat] / 50,
                                                    10))
        assert all(v[coins.offset + k * coins.stride] == 0 for k in (1, 2))


# ----- masks and ids ---------------------------------------------------------------------------
@pytest.mark.parametrize("gid", GAMES)
def test_mask_is_the_legal_actions_and_ids_round_trip(gid):
    cls_n = None
    for g_id, n, opts in [v for v in VARIANTS if v[0] == gid][:8]:
        for g in positions(g_id, n, opts, seed=n, count=15, every=5):
            if cls_n is None:
                cls_n = type(g).num_distinct_actions
            assert type(g).num_distinct_actions == cls_n == len(type(g).all_actions)
            for seat in range(n):
                mask = action_mask(g, seat)
                legal = g.legal_actions(seat) if seat in g.to_move else []
                ids = sorted(g.action_id(a) for a in legal)
                assert list(np.flatnonzero(mask)) == ids
                for a in legal:
                    assert g.action_from_id(g.action_id(a)) == a
                    assert ludoteca.parse(g, str(a)) == a


@pytest.mark.parametrize("gid", GAMES)
def test_info_legal_ids_are_the_mask(gid):
    """``info["legal_ids"]`` is ``np.flatnonzero(action_mask)`` as a list, for the AEC agent
    selected (every other agent's info empty) and the Gymnasium learner while it may act;
    never once the episode has ended (terminated, truncated or an illegal id)."""
    lo, hi = ludoteca.info(gid).players
    rng = random.Random(3)
    for n in range(max(lo, 2), hi + 1):
        env = rl.env(gid, players=n, max_steps=150 if n == hi else None)
        env.reset(seed=n)
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                assert "legal_ids" not in info
                env.step(None)
                continue
            assert info["legal_ids"] == np.flatnonzero(obs["action_mask"]).tolist()
            assert info is env.infos[agent]
            assert all(env.infos[a] == {} for a in env.agents if a != agent)
            env.step(rng.choice(info["legal_ids"]))
        gym = rl.single_agent_env(gid, opponents=["bot:random"], players=n,
                                  max_steps=40 if n == hi else None)
        obs, info = gym.reset(seed=n)
        done = False
        while not done:
            assert info["legal_ids"] == np.flatnonzero(obs["action_mask"]).tolist()
            assert info["legal_ids"] == np.flatnonzero(gym.action_masks()).tolist()
            obs, _, term, trunc, info = gym.step(rng.choice(info["legal_ids"]))
            done = term or trunc
        assert "legal_ids" not in info
    _, info = gym.reset(seed=1)
    bad = next(i for i in range(gym.action_space.n) if i not in info["legal_ids"])
    _, reward, term, _, info = gym.step(bad)
    assert info["illegal_action"] and term and reward == -1.0 and "legal_ids" not in info
    vec = rl.vector_env(gid, 3, opponents=["bot:random"], players=hi)
    obs, infos = vec.reset(seed=5)
    for _ in range(30):
        acts = []
        for i in range(3):
            if infos["_legal_ids"][i]:
                assert infos["legal_ids"][i] == np.flatnonzero(obs["action_mask"][i]).tolist()
                acts.append(rng.choice(infos["legal_ids"][i]))
            else:
                assert not obs["action_mask"][i].any()
                acts.append(0)
        obs, _, _, _, infos = vec.step(np.array(acts))


@pytest.mark.parametrize("gid", GAMES)
def test_ids_do_not_depend_on_state_options_or_players(gid):
    games = [ludoteca.new_game(g, players=n, seed=s, options=o)
             for s, (g, n, o) in enumerate(v for v in VARIANTS if v[0] == gid)]
    for g in games[1:]:
        advance(g, random.Random(1), 30)
    first = games[0]
    for g in games[1:]:
        assert type(g).num_distinct_actions == type(first).num_distinct_actions
        for i in range(0, type(g).num_distinct_actions, 7):
            assert g.action_from_id(i) == first.action_from_id(i)


# ----- rewards ---------------------------------------------------------------------------------
def test_final_rewards():
    r = Result((2, 0, 1, 3), (2,), (5, 3, 1, 0), "end")
    assert rl.final_rewards(r, 4) == [-1, -1, 1, -1]
    assert rl.final_rewards(r, 4, "rank") == pytest.approx([1 / 3, -1 / 3, 1, -1])
    tie = Result((0, 2, 1), (0, 2), (4, 1, 4), "end")
    assert rl.final_rewards(tie, 3) == [1, -1, 1]
    assert rl.final_rewards(tie, 3, "rank") == [1, -1, 1]
    low_tie = Result((0, 1, 2), (0,), (9, 2, 2), "end")
    assert rl.final_rewards(low_tie, 3, "rank") == [1, -0.5, -0.5]
    nobody = Result((0, 1), (), (3, 1), "intervencion")
    assert rl.final_rewards(nobody, 2) == [-1, -1] == rl.final_rewards(nobody, 2, "rank")
    places = Result((1, 0, 2), (1,), (7, 7, 2), "end", {"places": [2, 1, 3]})
    assert rl.final_rewards(places, 3, "rank") == [0, 1, -1]   # the game's tie-break
    solo = Result((0,), (0,), (4,), "consulta")
    assert rl.final_rewards(solo, 1, "rank") == [1]


# ----- bad input -------------------------------------------------------------------------------
def test_illegal_action_leaves_the_game_untouched():
    env = rl.env("qytetet", players=2)
    env.reset(seed=3)
    game = env.unwrapped.game
    before = hidden(game)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    for action in (bad, -1, 104, "tirar", 2.5, None):
        with pytest.raises(IllegalAction) as err:
            env.step(action)
        assert "0 to 103" in str(err.value) or "not legal" in str(err.value)
        assert hidden(game) == before
    assert "no es legal" in IllegalAction.text(
        pytest.raises(IllegalAction, env.step, bad).value, "es")

    gym = rl.single_agent_env("qytetet", opponents=["bot:random"])
    obs, _ = gym.reset(seed=3)
    before = hidden(gym.game)
    obs2, reward, term, trunc, info = gym.step(bad)
    assert (reward, term, trunc, info["illegal_action"]) == (-1.0, True, False, True)
    assert hidden(gym.game) == before and not gym.game.is_over
    assert np.array_equal(obs2["observation"], obs["observation"])
    for action in (bad, int(np.flatnonzero(obs["action_mask"])[0])):   # ended: no more steps
        with pytest.raises(IllegalAction, match="call reset"):
            gym.step(action)
    assert hidden(gym.game) == before and not gym.action_masks().any()
    obs3, _ = gym.reset(seed=3)                                         # reset starts again
    assert np.array_equal(obs3["observation"], obs["observation"])
    gym.step(int(np.flatnonzero(obs3["action_mask"])[0]))
    strict = rl.single_agent_env("qytetet", opponents=["bot:random"], illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalAction, match="legal ids"):
        strict.step(bad)


@pytest.mark.parametrize("make,match", [
    (lambda: rl.env("parchis"), "unknown game 'parchis'; games: civitas"),
    (lambda: rl.env("qytetet", players=5), "players must be a whole number from 2 to 4"),
    (lambda: rl.env("som", options={"mode": "Z"}), "mode"),
    (lambda: rl.env("qytetet", reward="points"), "reward must be one of win, rank"),
    (lambda: rl.single_agent_env("qytetet", opponents=["bot:nobody"]), "nobody"),
    (lambda: rl.single_agent_env("qytetet", opponents=["bot:random"] * 2, players=4),
     "needs 3 opponents"),
    (lambda: rl.single_agent_env("qytetet", seat=2), "seat must be 0 to 1"),
    (lambda: rl.single_agent_env("qytetet", illegal="ignore"), "illegal must be one of"),
    (lambda: rl.single_agent_env("qytetet", opponents=[3]), "bot name such as 'bot:greedy'"),
    (lambda: rl.env("qytetet", seed=2.5), "seed must be a whole number or None; got 2.5"),
])
def test_bad_arguments_are_refused_clearly(make, match):
    with pytest.raises((InvalidOption, ValueError), match=match):
        make()


def test_aec_reset_refuses_a_seed_that_is_not_a_whole_number():
    """Refused before anything changes (it used to reseed the environment's stream first,
    then fail on ``int('abc')``, and to take 1.5 as 1)."""
    env = rl.env("qytetet", players=2)
    env.reset(seed=3)
    game, stream = env.game, env.unwrapped._seeds.getstate()
    for bad in ("abc", 1.5, True):
        with pytest.raises(InvalidOption, match="seed must be a whole number or None"):
            env.reset(seed=bad)
    assert env.game is game and env.unwrapped._seeds.getstate() == stream
    env.reset(seed=np.int64(4))                                     # numpy's whole numbers too
    assert env.game.seed == 4


def test_spaces_and_layout_docs():
    for gid in GAMES:
        env = rl.env(gid)
        agent = env.possible_agents[0]
        space = env.observation_space(agent)
        size = rl.layout(gid).size
        assert space["observation"].shape == (size,) and space["observation"].dtype == np.float32
        assert space["action_mask"].dtype == np.int8
        assert env.action_space(agent).n == space["action_mask"].shape[0]
        table = rl.layout(gid).layout_markdown()
        assert f"{size} floats" in table and "| 0 |" in table


@pytest.mark.parametrize("gid", GAMES)
def test_fused_encoding_equals_field_by_field(gid):
    """The fast path (runs of numbers read in one pass) writes what the fields say."""
    from ludoteca.observation import encoding as E

    enc = encoder_for(gid)
    n = ludoteca.info(gid).players[1]
    for g in positions(gid, n, {}, seed=3, count=6, every=9):
        for seat in range(n):
            view = g.view(seat)
            out = [0.0] * enc.size
            E._write_all(enc.fields, view, E.Ctx(seat, n, True), out, 0)
            slow = np.clip(np.array(out, dtype=np.float32), -E.LIMIT, E.LIMIT)
            assert np.array_equal(enc.encode(view, seat, n, strict=True), slow)


def test_docs_layouts_are_current():
    """docs/rl.md carries each encoder's layout table as the code prints it."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "rl.md").read_text(encoding="utf-8")
    for gid in ("qytetet", "som", "elplan", "sigloxx"):
        assert rl.layout(gid).layout_markdown() in text, f"docs/rl.md: {gid} layout is stale"
        assert encoder_for(gid).rewards_doc.split(": ", 1)[-1] in text


def test_gym_checks_the_moves_of_an_opponent_object():
    """ludoteca's own bots choose among ``legal_actions`` and their moves skip the checks; an
    object of the user's is checked: an illegal choice raises and leaves the game as it
    was."""

    class Stubborn:
        name = "stubborn"

        def choose(self, game, seat):
            legal = game.legal_actions(seat)
            return next(a for a in game.all_actions if a not in legal)

    env = rl.single_agent_env("qytetet", opponents=[Stubborn()], players=2, seat=0)
    with pytest.raises(ludoteca.IllegalAction):
        obs, _ = env.reset(seed=3)
        while True:
            obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env._trusted == frozenset()
    assert env.game.to_move == (1,) and not env.game.is_over   # the bot's move was refused
    env = rl.single_agent_env("qytetet", opponents=["bot:random"], players=2)
    env.reset(seed=3)
    assert env._trusted == frozenset({1})
