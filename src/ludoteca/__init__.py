"""ludoteca: engine, table and lab for five Spanish-language economic and civic board games.

    import ludoteca
    g = ludoteca.new_game("qytetet", players=3, seed=7)
    g.apply("tirar")
    g.legal_actions()
"""

from . import games as _games  # noqa: F401  (registers the built-in games)
from .core import (
    RECORD_FORMAT,
    Action,
    ContentError,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    InvalidOption,
    LudotecaError,
    RecordError,
    Result,
    games,
    info,
    new_game,
)
from .core.record import replay, walk

__version__ = "0.1.0"


def parse(game: Game, text: str) -> Action:
    """Read an action's text form for ``game`` (raises IllegalAction when it names none)."""
    return game.parse(text)


__all__ = [
    "RECORD_FORMAT", "Action", "ContentError", "Event", "Game", "GameInfo", "IllegalAction",
    "InvalidOption", "LudotecaError", "RecordError", "Result", "games", "info", "new_game",
    "parse", "replay", "walk",
]
