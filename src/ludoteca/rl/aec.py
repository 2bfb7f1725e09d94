"""A PettingZoo AEC environment for any ludoteca game: one agent per seat.

Agents are ``player_0`` … ``player_{n-1}`` (seat order). The agent selected is the first seat
in ``game.to_move``; when several seats decide at once (secret bids, simultaneous choices) they
are asked one after the other, and each observation is built from that seat's own view, which
shows of the others' choices only *that* they were made. Rewards are 0 until the game ends,
then ``final_rewards`` (docs/rl.md). ``max_steps`` truncates a long episode. While the game
goes on, ``infos[agent_selection]["legal_ids"]`` lists the ids its mask allows (increasing);
every other agent's info is empty, and at the end every info holds the ``result``.
Without a ``render_mode`` the games are quiet (``quiet()``, where the game has it): nothing
reads their events, and play is the same without them.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludoteca.observation.encoders import encoder_for

from . import common


class LudotecaAEC(AECEnv):
    """``ludoteca.rl.env(...)`` builds this (wrapped in PettingZoo's order checks)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "ludoteca_v0",
                "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None,
                 options: dict[str, Any] | None = None, seed: int | None = None,
                 render_mode: str | None = None, reward: str = "win",
                 max_steps: int | None = None, lang: str = "es") -> None:
        super().__init__()
        common.check_game(game_id)
        seed = common.check_seed(seed)
        self.game_id = game_id
        self.n_players = common.check_players(game_id, players)
        self.options = dict(options or {})
        self.reward_scheme = common.check_reward(reward)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human'; got {render_mode!r}")
        if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps must be a positive whole number or None; "
                             f"got {max_steps!r}")
        self.render_mode, self.max_steps, self.lang = render_mode, max_steps, lang
        self.metadata = dict(self.metadata, name=f"ludoteca_{game_id}_v0")
        # check the options now, with a clear error, rather than at the first reset
        self.game = common.new_game(game_id, self.n_players, seed or 0, self.options)
        self.encoder = encoder_for(game_id)
        n_actions = type(self.game).num_distinct_actions
        self._observer = common.Observer(game_id, n_actions)
        self.possible_agents = [f"player_{s}" for s in range(self.n_players)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: common.observation_space(game_id, n_actions)
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._next_seed: int | None = seed
        self._seeds = random.Random(seed)
        self._events: list[Any] = []
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. ``seed`` is the game's seed (same seed, same episode); without it the
        constructor's seed is used first, then seeds drawn from it. ``options`` is accepted
        for the API and ignored: game options are fixed when the environment is made."""
        seed = common.check_seed(seed)          # (before anything changes)
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        elif self._next_seed is not None:
            game_seed = self._next_seed
        else:
            game_seed = self._seeds.randrange(2**31)
        self._next_seed = None
        self.game = common.new_game(self.game_id, self.n_players, game_seed, self.options)
        if self.render_mode is None:            # nothing reads the events: no need to make them
            common.quiet(self.game)
        self._events = list(self.game.opening_events)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._selected()
        self._tell_legal()
        if self.render_mode == "human":
            self.render()

    def _selected(self) -> str:
        to_move = self.game.to_move
        return self.possible_agents[to_move[0] if to_move else 0]

    def _tell_legal(self) -> None:
        """``infos[agent_selection]["legal_ids"]``: the ids its mask allows (the list of
        ``np.flatnonzero(action_mask)``, without scanning the mask), while it may act."""
        agent = self.agent_selection
        self.infos[agent] = {"legal_ids": self._observer.fill_mask(self.game,
                                                                    self.agent_seat[agent])}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observer.observe(self.game, self.agent_seat[agent])

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``AECEnv.last``: the selected agent's observation (when ``observe``), cumulative
        reward, termination, truncation and info."""
        agent = self.agent_selection
        assert agent is not None
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_seat[agent]
        game = self.game
        chosen = self._observer.legal(game, seat, action)    # allowed by its mask now
        if chosen is None:
            chosen = common.action_from_id(game, seat, action)    # raises; state untouched
        self._cumulative_rewards[agent] = 0.0
        # every reward is 0 while the game goes on (the last step's are cleared by the dead
        # steps that follow it, or by reset): they are set and added at the end only
        self._events = game.apply_legal(chosen, seat)    # checked above
        self._steps += 1
        if game.is_over:
            result = game.result
            values = common.final_rewards(result, self.n_players, self.reward_scheme)
            for a in self.agents:
                self.rewards[a] = values[self.agent_seat[a]]
                self.terminations[a] = True
                self.infos[a] = {"result": result.to_json()}
            self._accumulate_rewards()
        elif self.max_steps is not None and self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        to_move = game.to_move
        selected = self.agent_selection = self.possible_agents[to_move[0] if to_move else 0]
        if not game.is_over:
            if selected != agent:
                self.infos[agent] = {}          # its legal ids are gone with its turn
            if self.truncations[selected]:
                self.infos[selected] = {}
            else:
                self._tell_legal()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = common.render_text(self.game, self._events, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
