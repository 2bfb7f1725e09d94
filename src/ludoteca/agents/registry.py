"""The table of agents by name and game, and how a name with parameters becomes an agent.

Agents of every game (``random``, ``mcts``, ``learned``) register here when the
:mod:`ludoteca.agents` package is imported. A game's own bots are not imported by this
package: the game names its bots module in ``GameInfo.bots`` (:mod:`ludoteca.core.registry`)
and the module's ``AGENTS`` dict is read here the first time a name is looked up, so the
agents layer imports no game and no game imports the agents layer.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

from ludoteca.core import registry as games_registry
from ludoteca.core.errors import InvalidOption

from .base import Agent
from .random_agent import RandomAgent


def _random(seed: int | None) -> RandomAgent:
    return RandomAgent(seed)


# name -> {game id or "*": factory(seed, **parameters) -> Agent}
_AGENTS: dict[str, dict[str, Callable[..., Agent]]] = {
    "random": {"*": _random},
}
# games whose GameInfo.bots module has been read
_LOADED: set[str] = set()


def register_agent(name: str, game_id: str, factory: Callable[..., Agent]) -> None:
    """Register ``factory(seed, **parameters)`` as agent ``name`` for ``game_id`` ("*": every
    game). Its keyword arguments besides ``seed`` are the parameters a name may carry."""
    if ":" in name or "," in name or "=" in name:
        raise ValueError(f"agent names may not contain ':', ',' or '='; got {name!r}")
    _AGENTS.setdefault(name, {})[game_id] = factory


def load_game_bots() -> None:
    """Read the ``AGENTS`` of every registered game's bots module (once per game)."""
    for game_id in games_registry.games():
        if game_id in _LOADED:
            continue
        module = games_registry.info(game_id).bots
        if module:
            for name, factory in importlib.import_module(module).AGENTS.items():
                register_agent(name, game_id, factory)
        _LOADED.add(game_id)


def agent_names(game_id: str) -> list[str]:
    """The agents that can play ``game_id``."""
    load_game_bots()
    return sorted(n for n, by_game in _AGENTS.items() if game_id in by_game or "*" in by_game)


def parse_agent_name(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:iterations=200,c=0.5"`` -> ``("mcts", {"iterations": 200, "c": 0.5})``."""
    name, sep, rest = spec.partition(":")
    name = name.strip()
    params: dict[str, Any] = {}
    if sep:
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            key = key.strip()
            if not eq or not key:
                raise InvalidOption(f"bot {spec!r}: parameters are written name:key=value,"
                                    f"key=value; {item.strip()!r} is not key=value",
                                    f"bot {spec!r}: los parámetros se escriben "
                                    f"nombre:clave=valor,clave=valor; {item.strip()!r} no es "
                                    f"clave=valor")
            if key in params:
                raise InvalidOption(f"bot {spec!r}: parameter {key!r} given twice",
                                    f"bot {spec!r}: el parámetro {key!r} está dos veces")
            params[key] = _value(value.strip())
    return name, params


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def agent_parameters(factory: Callable[..., Agent]) -> list[str]:
    """The parameters a factory accepts (its keyword arguments besides ``seed``)."""
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):
        return []
    return [p.name for p in sig.parameters.values() if p.name != "seed" and
            p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def make_agent(name: str, game_id: str, seed: int | None = None) -> Agent:
    """An agent by name for a game; ``name`` may carry parameters (``"mcts:seconds=0.5"``).
    Raises InvalidOption listing the names available, or the parameters the agent accepts."""
    load_game_bots()
    base, params = parse_agent_name(name)
    by_game = _AGENTS.get(base, {})
    factory = by_game.get(game_id) or by_game.get("*")
    if factory is None:
        listed = ", ".join(agent_names(game_id))
        raise InvalidOption(f"no bot {base!r} for {game_id}; bots: {listed}",
                            f"no hay bot {base!r} para {game_id}; bots: {listed}")
    if params:
        allowed = agent_parameters(factory)
        unknown = sorted(set(params) - set(allowed))
        if unknown:
            which = f"parameters: {', '.join(allowed)}" if allowed else "no parameters"
            cuales = f"los parámetros: {', '.join(allowed)}" if allowed else "ningún parámetro"
            raise InvalidOption(f"bot {base!r} has no parameter {', '.join(unknown)}; "
                                f"it takes {which}",
                                f"el bot {base!r} no tiene el parámetro {', '.join(unknown)}; "
                                f"acepta {cuales}")
    return factory(seed, **params)


def remake_agent(old: Any, name: str, game_id: str, seed: int | None = None) -> Agent:
    """``make_agent(name, game_id, seed)``, or ``old`` itself reseeded when that is the same:
    ``old`` a :class:`RandomAgent` and ``name`` the shared ``random`` (a reseeded one chooses
    as a new one). For environments that deal game after game."""
    if type(old) is RandomAgent and name == "random" and game_id in _LOADED:
        by_game = _AGENTS["random"]
        if (by_game.get(game_id) or by_game.get("*")) is _random:
            old.reseed(seed)
            return old
    return make_agent(name, game_id, seed)


__all__ = ["agent_names", "agent_parameters", "load_game_bots", "make_agent",
           "parse_agent_name", "register_agent", "remake_agent"]
