"""Players that are programs. Every agent chooses only among ``game.legal_actions(seat)``.

    from ludoteca.agents import make_agent
    bot = make_agent("greedy", "qytetet", seed=1)
    action = bot.choose(game, seat)
"""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.core.errors import InvalidOption

from .base import Agent
from .random_agent import RandomAgent

# name -> {game id or "*": factory(seed) -> Agent}
_AGENTS: dict[str, dict[str, Callable[[int | None], Agent]]] = {
    "random": {"*": lambda seed: RandomAgent(seed)},
}


def register_agent(name: str, game_id: str, factory: Callable[[int | None], Agent]) -> None:
    _AGENTS.setdefault(name, {})[game_id] = factory


def agent_names(game_id: str) -> list[str]:
    """The agents that can play ``game_id``."""
    _load_game_agents()
    return sorted(n for n, by_game in _AGENTS.items() if game_id in by_game or "*" in by_game)


def make_agent(name: str, game_id: str, seed: int | None = None) -> Agent:
    """An agent by name for a game; raises InvalidOption listing the names available."""
    _load_game_agents()
    by_game = _AGENTS.get(name, {})
    factory = by_game.get(game_id) or by_game.get("*")
    if factory is None:
        raise InvalidOption(f"no bot {name!r} for {game_id}; bots: "
                            f"{', '.join(agent_names(game_id))}")
    return factory(seed)


def _load_game_agents() -> None:
    from ludoteca.games.elplan import bots as _elplan_bots  # noqa: F401  (greedy for elplan)
    from ludoteca.games.monopoly import bots  # noqa: F401  (registers greedy for QY/CV)
    from ludoteca.games.sigloxx import bots as _sigloxx_bots  # noqa: F401  (greedy for sigloxx)
    from ludoteca.games.som import bots as _som_bots  # noqa: F401  (registers greedy for som)


__all__ = ["Agent", "RandomAgent", "agent_names", "make_agent", "register_agent"]
