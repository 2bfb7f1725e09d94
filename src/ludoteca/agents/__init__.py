"""Players that are programs. Every agent chooses only among ``game.legal_actions(seat)``.

    from ludoteca.agents import make_agent
    bot = make_agent("greedy", "qytetet", seed=1)
    action = bot.choose(game, seat)

A name may carry parameters for the agent's factory: ``"mcts:iterations=200"``,
``"mcts:seconds=0.5,rollout_depth=10"``. Values are read as whole numbers, decimals,
``true``/``false``/``none`` or else text; the factory's keyword arguments (besides ``seed``)
are the parameters it accepts.

The table lives in :mod:`.registry`. ``random``, ``mcts`` (every game), ``learned`` (where
weights ship) and ``planner`` (solo Som) register when this package is imported; each game's
own bots (``greedy``) are named by the game's ``GameInfo.bots`` in
:mod:`ludoteca.core.registry` and read on first use, so this package imports no game module at
import time.
"""

from __future__ import annotations

# registered on import: mcts for every game, each game's evaluation for it, learned where
# weights ship, solo Som's planner
from . import eval_elplan, eval_monopoly, eval_sigloxx, eval_som, learned, mcts, som_planner  # noqa: F401, E501
from .base import Agent
from .random_agent import RandomAgent
from .registry import (
    agent_names,
    agent_parameters,
    make_agent,
    parse_agent_name,
    register_agent,
)

__all__ = ["Agent", "RandomAgent", "agent_names", "agent_parameters", "make_agent",
           "parse_agent_name", "register_agent"]
