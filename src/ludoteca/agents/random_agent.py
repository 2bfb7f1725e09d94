"""Uniformly random play, with its own seeded generator (never the game's)."""

from __future__ import annotations

import random

from ludoteca.core.action import Action
from ludoteca.core.game import Game


class RandomAgent:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> Action:
        return self._rng.choice(game.legal_actions(seat))
