"""Uniformly random play, with its own seeded generator (never the game's)."""

from __future__ import annotations

import random

from ludoteca.core.action import Action
from ludoteca.core.game import Game


def _same_as_library() -> bool:
    """Whether ``RandomAgent``'s draw (``getrandbits`` by rejection, as ``random.Random``'s
    ``_randbelow`` does) picks what ``random.Random.choice`` picks: checked once at import;
    if a Python ever differs, the agent calls ``choice`` itself."""
    if type(random.Random(0))._randbelow is not random.Random._randbelow_with_getrandbits:
        return False
    for seed in range(8):
        mine, theirs = random.Random(seed), random.Random(seed)
        for size in (1, 2, 3, 5, 7, 8, 13, 40, 100):
            items = list(range(size))
            for _ in range(8):
                k = size.bit_length()
                r = mine.getrandbits(k)
                while r >= size:
                    r = mine.getrandbits(k)
                if items[r] != theirs.choice(items):
                    return False
    return True


SAME_AS_LIBRARY = _same_as_library()


class RandomAgent:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def reseed(self, seed: int | None) -> None:
        """Choose from now on as ``RandomAgent(seed)`` would (the generator seeded anew)."""
        self._rng.seed(seed)

    if SAME_AS_LIBRARY:
        def choose(self, game: Game, seat: int) -> Action:
            """``self._rng.choice(game.legal_actions(seat))``: the same draw, written out,
            from the game's own list (read only: no copy)."""
            legal = game._legal_now(seat)
            n = len(legal)
            if not n:
                raise IndexError("Cannot choose from an empty sequence")
            getrandbits = self._rng.getrandbits
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            return legal[r]
    else:                                                      # pragma: no cover
        def choose(self, game: Game, seat: int) -> Action:
            return self._rng.choice(game.legal_actions(seat))
