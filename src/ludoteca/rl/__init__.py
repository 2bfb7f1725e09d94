"""Environments for learning agents: PettingZoo (every seat an agent) and Gymnasium (one seat
learns, bots play the rest), for every ludoteca game.

    import ludoteca.rl
    env = ludoteca.rl.env("som", players=3, options={"mode": "B"}, seed=1)   # PettingZoo AEC
    gym = ludoteca.rl.single_agent_env("qytetet", opponents=["bot:greedy"])  # Gymnasium
    vec = ludoteca.rl.vector_env("qytetet", 16, opponents=["bot:random"])     # batched

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``: the vector
is built from ``game.view(seat)`` only (layouts per game: ``layout(game_id)``, docs/rl.md);
actions are the game's fixed ids (``type(game).num_distinct_actions``). Rewards are 0 until the
end, then +1 for every winner and −1 for every other seat (``reward="rank"``: +1 first … −1
last); when nobody wins (Som's intervention or turn limit) every seat gets −1.
"""

from __future__ import annotations

from typing import Any

import gymnasium
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

import ludoteca
from ludoteca.observation.encoders import encoder_for
from ludoteca.observation.encoding import Encoder

from .aec import LudotecaAEC
from .common import final_rewards
from .single import LudotecaGym
from .vector import LudotecaVectorEnv


class OrderEnforcing(OrderEnforcingWrapper):
    """PettingZoo's order checks, with ``last()``, ``step()`` and ``agent_iter()`` reading the
    environment itself rather than through the wrapper's attribute forwarding (the same
    checks and values; a step is cheaper)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)


class _AgentIterable(AECOrderEnforcingIterable):
    def __iter__(self) -> AECOrderEnforcingIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):
    """PettingZoo's ``agent_iter`` with its checks, reading the wrapped environment's
    ``agents`` and ``agent_selection`` directly."""

    def __next__(self) -> str:
        wrapper = self.env
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return env.agent_selection


def env(game: str, players: int | None = None, options: dict[str, Any] | None = None,
        seed: int | None = None, render_mode: str | None = None, reward: str = "win",
        max_steps: int | None = None, lang: str = "es") -> OrderEnforcingWrapper:
    """A PettingZoo AEC environment of ``game`` (agents ``player_0`` …), wrapped in
    PettingZoo's order checks. ``players`` defaults to the smallest table of two or more."""
    return OrderEnforcing(LudotecaAEC(game, players, options, seed, render_mode,
                                      reward, max_steps, lang))


def raw_env(game: str, **kwargs: Any) -> LudotecaAEC:
    """The AEC environment without PettingZoo's order-checking wrapper."""
    return LudotecaAEC(game, **kwargs)


def single_agent_env(game: str, opponents: list[Any] | tuple[Any, ...] = ("bot:greedy",),
                     players: int | None = None, options: dict[str, Any] | None = None,
                     seat: int = 0, seed: int | None = None, render_mode: str | None = None,
                     reward: str = "win", illegal: str = "terminate",
                     max_steps: int | None = None, lang: str = "es") -> LudotecaGym:
    """A Gymnasium environment of ``game`` where the learner plays ``seat`` and each other seat
    is a bot (``"bot:greedy"``, ``"bot:random"``, ``"bot:mcts:seconds=0.2"``, or any object
    with ``choose(game, seat)``). One opponent fills every other seat; ``players`` defaults to
    ``len(opponents) + 1`` (one opponent: the smallest table of two or more)."""
    return LudotecaGym(game, opponents, players, options, seat, seed, render_mode, reward,
                       illegal, max_steps, lang)


def vector_env(game: str, num_envs: int, opponents: list[Any] | tuple[Any, ...] = ("bot:greedy",),
               copy: bool = True, autoreset_mode: str = "NextStep",
               **kwargs: Any) -> LudotecaVectorEnv:
    """``num_envs`` copies of ``single_agent_env(game, opponents, **kwargs)`` stepped at once,
    as a ``gymnasium.vector.VectorEnv`` with batched arrays and autoreset (the same results as
    ``gymnasium.vector.SyncVectorEnv`` over those environments; docs/rl.md)."""
    return LudotecaVectorEnv(game, num_envs, copy=copy, autoreset_mode=autoreset_mode,
                             opponents=opponents, **kwargs)


def layout(game: str) -> Encoder:
    """The observation encoder of ``game`` (``.size``, ``.layout()``, ``.layout_markdown()``)."""
    return encoder_for(game)


def _register() -> None:
    """``gymnasium.make("ludoteca/qytetet-v0", opponents=["bot:random"])`` works too."""
    for gid in ludoteca.games():
        env_id = f"ludoteca/{gid}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="ludoteca.rl.single:LudotecaGym",
                               kwargs={"game_id": gid})


_register()

__all__ = ["Encoder", "LudotecaAEC", "LudotecaGym", "LudotecaVectorEnv", "env",
           "final_rewards", "layout", "raw_env", "single_agent_env", "vector_env"]
