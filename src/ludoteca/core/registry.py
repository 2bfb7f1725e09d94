"""Which games exist, what they accept, and how to start one."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidOption
from .game import Game
from .options import OptionSpec, validate_options


@dataclass(frozen=True)
class GameInfo:
    """What a game is and what it accepts. ``players`` is (min, max). ``bots`` names the
    module holding the game's own program players (a dotted path, imported only when
    :mod:`ludoteca.agents` first needs them; the module's ``AGENTS`` maps agent names to
    factories ``factory(seed, **parameters)``), so ``agents`` imports no game."""

    id: str
    title: str
    players: tuple[int, int]
    options: dict[str, OptionSpec]
    summary: dict[str, str] = field(default_factory=dict)
    factory: Callable[..., Game] | None = field(default=None, repr=False, compare=False)
    bots: str | None = field(default=None, repr=False, compare=False)

    def __getitem__(self, key: str) -> Any:  # dict-style access for tools
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key, default)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "players": list(self.players),
                "options": {k: v.to_json() for k, v in self.options.items()}}


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    _REGISTRY[info.id] = info


def games() -> list[str]:
    """The registered game ids, sorted."""
    return sorted(_REGISTRY)


def info(game_id: str) -> GameInfo:
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise InvalidOption(f"unknown game {game_id!r}; games: {', '.join(games())}",
                            f"no hay juego {game_id!r}; juegos: {', '.join(games())}") from None


def game_maker(game_id: str, players: int | Sequence[str] | None = None,
               options: dict[str, Any] | None = None) -> Callable[..., Game]:
    """:func:`new_game`'s checks of the game, players and options, done once; returns
    ``make(seed, dice=())`` that starts each game (for code that deals game after game)."""
    gi = info(game_id)
    lo, hi = gi.players
    if players is None:
        players = lo
    if isinstance(players, int) and not isinstance(players, bool):
        names = tuple(f"J{i + 1}" for i in range(players))
    elif isinstance(players, Sequence) and not isinstance(players, str) and \
            all(isinstance(p, str) for p in players):
        names = tuple(players)
    else:
        raise InvalidOption(f"{game_id}: players must be a count or a list of names; "
                            f"got {players!r}", f"{game_id}: players ha de ser un número o una "
                            f"lista de nombres; es {players!r}")
    if not lo <= len(names) <= hi:
        raise InvalidOption(f"{game_id} is played by {lo} to {hi} players; got {len(names)}",
                            f"{game_id} se juega de {lo} a {hi} jugadores; son {len(names)}")
    opts = validate_options(game_id, gi.options, options)
    factory = gi.factory
    assert factory is not None

    def make(seed: int, dice: Sequence[int] = ()) -> Game:
        return factory(names=names, seed=seed, options=dict(opts), dice=tuple(dice))

    return make


def new_game(game_id: str, players: int | Sequence[str] | None = None, seed: int | None = None,
             options: dict[str, Any] | None = None, dice: Sequence[int] | None = None) -> Game:
    """Start a game. ``players`` is a count or a list of names; ``seed`` fixes all chance
    (a random one is drawn and kept in the record when omitted); ``dice`` forces the first
    rolls. Raises :class:`InvalidOption` for a bad player count, seed or option."""
    make = game_maker(game_id, players, options)
    if seed is None:
        seed = secrets.randbits(32)
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidOption(f"{game_id}: seed must be an integer; got {seed!r}",
                            f"{game_id}: la semilla ha de ser un número entero; es {seed!r}")
    return make(seed, dice or ())
