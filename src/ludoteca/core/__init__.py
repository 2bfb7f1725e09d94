"""Game-agnostic core: protocol, actions, events, chance, records, options, errors."""

from .action import Action
from .errors import ContentError, IllegalAction, InvalidOption, LudotecaError, RecordError
from .events import Event
from .game import RECORD_FORMAT, Game
from .options import OptionSpec
from .registry import GameInfo, games, info, new_game, register
from .result import Result

__all__ = [
    "Action", "ContentError", "Event", "Game", "GameInfo", "IllegalAction", "InvalidOption",
    "LudotecaError", "OptionSpec", "RECORD_FORMAT", "RecordError", "Result", "games", "info",
    "new_game", "register",
]
