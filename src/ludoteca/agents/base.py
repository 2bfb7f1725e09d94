"""The interface every program player implements."""

from __future__ import annotations

from typing import Protocol

from ludoteca.core.action import Action
from ludoteca.core.game import Game


class Agent(Protocol):
    name: str

    def choose(self, game: Game, seat: int) -> Action:
        """One of ``game.legal_actions(seat)``."""
        ...
