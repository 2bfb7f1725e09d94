"""A Gymnasium environment: one seat learns, ludoteca's bots play the others.

``step(action)`` plays the learner's action (an id), then lets the bots play until the learner
must decide again or the game ends (ludoteca's own bots choose among ``legal_actions``, so
their moves skip ``apply``'s checks; any other object's moves are checked). Observations
and rewards are those of the AEC environment (the learner's own view only; 0 until the end,
then ``final_rewards``). An id that is not legal now either ends the episode with reward −1
(``illegal="terminate"``, the default, as PettingZoo's classic games do;
``info["illegal_action"]`` says so, and ``step`` refuses to go on until ``reset()``) or
raises ``ludoteca.IllegalAction`` (``illegal="raise"``); either way the game is untouched.
``reset()`` never hands out a finished episode (see its docstring). ``action_masks()``
returns the mask for maskable learners; while the learner may act, ``info["legal_ids"]``
lists the ids its mask allows (increasing). Without a ``render_mode`` and with only ludoteca's
own bots, the games are quiet (``quiet()``, where the game has it): nothing reads their events,
and play is the same without them.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding

from ludoteca import IllegalAction, InvalidOption
from ludoteca.agents import make_agent
from ludoteca.agents.registry import remake_agent
from ludoteca.observation.encoders import encoder_for

from . import common

ILLEGAL = ("terminate", "raise")
MAX_REDEALS = 1000


def parse_opponent(spec: Any) -> Any:
    """``"bot:greedy"``, ``"greedy"``, ``"bot:mcts:seconds=0.1"`` -> the bot's name; an object
    with ``choose(game, seat)`` is used as it is."""
    if hasattr(spec, "choose"):
        return spec
    if not isinstance(spec, str) or not spec.strip():
        raise InvalidOption(f"an opponent is a bot name such as 'bot:greedy' or 'bot:random', "
                            f"or an object with choose(game, seat); got {spec!r}")
    name = spec.strip()
    return name[4:] if name.startswith("bot:") else name


class LudotecaGym(gymnasium.Env):
    """``ludoteca.rl.single_agent_env(...)`` builds this."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    # ``reset(seed=s)`` seeds ``np_random`` as Gymnasium's ``Env.reset`` does, but the
    # generator (≈20 µs to make) is made from ``s`` only when something first reads it: a reset
    # with a seed never does, so most episodes never pay for it. Whoever reads it gets exactly
    # the generator ``Env.reset(seed=s)`` would have made, in the same state.
    @property
    def _np_random(self) -> np.random.Generator | None:       # (read by Env.np_random)
        state = self.__dict__
        pending = state.get("_np_random_pending")
        if pending is not None:
            state["_np_random_pending"] = None
            state["_np_random_made"], _ = seeding.np_random(pending)
        return state.get("_np_random_made")

    @_np_random.setter
    def _np_random(self, value: np.random.Generator | None) -> None:
        self.__dict__["_np_random_pending"] = None
        self.__dict__["_np_random_made"] = value

    def _seed_np_random(self, seed: int | None) -> None:
        """What ``Env.reset(seed=seed)`` does to ``np_random`` and ``np_random_seed``, with
        the generator made when first read (the same checks of ``seed``, the same messages)."""
        if seed is None:
            return
        if not (isinstance(seed, int) and seed >= 0):
            seeding.np_random(seed)             # raises Gymnasium's own error
        self.__dict__["_np_random_pending"] = seed
        self._np_random_seed = seed             # (``SeedSequence(seed).entropy`` is ``seed``)

    def __init__(self, game_id: str, opponents: list[Any] | tuple[Any, ...] = ("bot:greedy",),
                 players: int | None = None, options: dict[str, Any] | None = None,
                 seat: int = 0, seed: int | None = None, render_mode: str | None = None,
                 reward: str = "win", illegal: str = "terminate",
                 max_steps: int | None = None, lang: str = "es") -> None:
        common.check_game(game_id)
        specs = [parse_opponent(o) for o in (opponents or [])]
        if players is None:   # one opponent fills every other seat of the smallest table
            players = len(specs) + 1 if len(specs) != 1 else common.default_players(game_id)
        self.n_players = common.check_players(game_id, players)
        if len(specs) == 1:
            specs = specs * (self.n_players - 1)
        if len(specs) != self.n_players - 1:
            raise InvalidOption(f"{game_id} with {self.n_players} players needs "
                                f"{self.n_players - 1} opponents (or one for every other seat); "
                                f"got {len(specs)}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_players:
            raise InvalidOption(f"seat must be 0 to {self.n_players - 1}; got {seat!r}")
        if illegal not in ILLEGAL:
            raise InvalidOption(f"illegal must be one of {', '.join(ILLEGAL)}; got {illegal!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise InvalidOption(f"render_mode must be None, 'ansi' or 'human'; "
                                f"got {render_mode!r}")
        if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
            raise InvalidOption(f"max_steps must be a positive whole number or None; "
                                f"got {max_steps!r}")
        self.game_id, self.seat, self.options = game_id, seat, dict(options or {})
        self.reward_scheme = common.check_reward(reward)
        self.illegal, self.render_mode, self.max_steps, self.lang = (
            illegal, render_mode, max_steps, lang)
        others = [s for s in range(self.n_players) if s != seat]
        self.opponent_specs = dict(zip(others, specs, strict=True))
        for spec in specs:                     # unknown bot names fail here, clearly
            if isinstance(spec, str):
                make_agent(spec, game_id, seed=0)
        self._new_game = common.dealer(game_id, self.n_players, self.options)   # (checks)
        self.game = self._new_game(seed or 0)
        self.encoder = encoder_for(game_id)
        n_actions = type(self.game).num_distinct_actions
        self.observation_space = common.observation_space(game_id, n_actions)
        self._observer = common.Observer(game_id, n_actions)
        self.action_space = spaces.Discrete(n_actions)
        self._first_seed = seed
        self.bots: dict[int, Any] = {}
        self._trusted: frozenset[int] = frozenset()
        self._events: list[Any] = []
        self._steps = 0
        self._redeals = 0
        self._done = True                      # until the first reset

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict]:
        """A new game, played on (by the bots) to the learner's first decision. ``seed`` is
        the game's seed (bots get ``seed + their seat``, as in the lab); without it the
        constructor's seed is used first, then seeds drawn from the environment's generator.
        If the bots end the game before the learner ever decides, the game is dealt again
        with the next seed (``seed + 1``, ``seed + 2`` …, at most ``MAX_REDEALS`` times):
        ``info["seed"]`` is the seed of the game handed out and ``info["redeals"]`` how many
        games were skipped. ``options`` is ignored (game options are fixed)."""
        info = self._restart(seed)
        return self._obs(), info

    def _restart(self, seed: int | None) -> dict[str, Any]:
        """``reset`` but for the observation: the new game dealt and played on; its info
        (the vector environment writes the observation into its batch itself)."""
        if seed is None and self._first_seed is not None:
            seed = self._first_seed
        self._seed_np_random(seed)              # (``super().reset(seed=seed)``, made lazily)
        self._first_seed = None
        base = int(seed) if seed is not None else int(self.np_random.integers(2**31))
        for redeals in range(MAX_REDEALS + 1):
            self._deal(base + redeals)
            if not self.game.is_over:
                break
        else:
            raise RuntimeError(f"{self.game_id}: the bots ended {MAX_REDEALS + 1} games in a "
                               f"row (seeds {base}–{base + MAX_REDEALS}) before seat "
                               f"{self.seat} could decide")
        self._redeals, self._done = redeals, False
        if self.render_mode == "human":
            self.render()
        return self._info()

    def _deal(self, game_seed: int) -> None:
        self.game = self._new_game(game_seed)
        old = self.bots                        # ``bot:random`` is reseeded, not made anew
        self.bots = {s: (spec if not isinstance(spec, str)
                         else remake_agent(old.get(s), spec, self.game_id, seed=game_seed + s))
                     for s, spec in self.opponent_specs.items()}
        # ludoteca's own bots choose among legal_actions(seat) of the state they are given:
        # their moves skip apply's checks; any other object's are checked
        self._trusted = frozenset(s for s, bot in self.bots.items()
                                  if type(bot).__module__.startswith("ludoteca."))
        if self.render_mode is None and len(self._trusted) == len(self.bots):
            common.quiet(self.game)            # no events: nothing here reads them
        self._events = list(self.game.opening_events)
        self._steps = 0
        self._play_bots()

    def _obs(self) -> dict[str, np.ndarray]:
        return self._observer.observe(self.game, self.seat)

    def _info(self) -> dict[str, Any]:
        """The seed, the redeals and, while the learner may act, ``legal_ids`` (the ids of
        its mask, in increasing order); the result at the end."""
        info: dict[str, Any] = {"seed": self.game.seed, "redeals": self._redeals}
        if self.game.is_over:
            info["result"] = self.game.result.to_json()
        elif not self._done:
            info["legal_ids"] = self._observer.fill_mask(self.game, self.seat)
        return info

    def action_masks(self) -> np.ndarray:
        """The learner's legal ids now as booleans (sb3-contrib's MaskablePPO asks this);
        all False once the episode has ended."""
        if self._done:
            return np.zeros(self.action_space.n, dtype=bool)
        self._observer.fill_mask(self.game, self.seat)
        return self._observer.mask.astype(bool)

    def _play_bots(self) -> None:
        g, bots, me, trusted = self.game, self.bots, self.seat, self._trusted
        keep = self.render_mode is not None      # the events are only ever read to render
        while not g.is_over:
            movers = g.to_move
            if me in movers:
                break
            s = movers[0]
            action = bots[s].choose(g, s)
            events = g.apply_legal(action, s) if s in trusted else g.apply(action, seat=s)
            if keep:
                self._events += events

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict]:
        reward, terminated, truncated, info = self._advance(action)
        return self._obs(), reward, terminated, truncated, info

    def _advance(self, action: Any) -> tuple[float, bool, bool, dict[str, Any]]:
        """``step`` but for the observation: the learner's action and the bots' moves; the
        reward, termination, truncation and info (the vector environment writes the
        observation into its batch itself)."""
        if self._done or self.game.is_over:
            raise IllegalAction("the episode is over; call reset()",
                                "el episodio ha terminado; llama a reset()")
        try:
            chosen = self._observer.legal(self.game, self.seat, action)
            if chosen is None:
                chosen = common.action_from_id(self.game, self.seat, action)
        except IllegalAction:
            if self.illegal == "raise":
                raise
            self._done = True                   # ended: the game is untouched, steps refused
            return -1.0, True, False, dict(self._info(), illegal_action=True)
        self._events = self.game.apply_legal(chosen, self.seat)   # checked above
        self._steps += 1
        self._play_bots()
        reward, terminated, truncated = 0.0, False, False
        if self.game.is_over:
            terminated = True
            reward = common.final_rewards(self.game.result, self.n_players,
                                          self.reward_scheme)[self.seat]
        elif self.max_steps is not None and self._steps >= self.max_steps:
            truncated = True
        self._done = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = common.render_text(self.game, self._events, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text
