"""The one seeded generator a game owns: dice, shuffles and draws all come from it."""

from __future__ import annotations

import random
from collections.abc import Iterable

# per list length: (i, i + 1, bits of i + 1) for i from the last index down to 1
_STEPS = tuple(tuple((i, i + 1, (i + 1).bit_length()) for i in range(m - 1, 0, -1))
               for m in range(65))


def _shuffle(rng: random.Random, items: list) -> None:
    """``rng.shuffle(items)`` (Fisher–Yates, ``_randbelow`` by rejection on ``getrandbits``)
    written out: the same draws in the same order, fewer calls."""
    getrandbits = rng.getrandbits
    m = len(items)
    for i, n, k in _STEPS[m] if m < len(_STEPS) else (
            (i, i + 1, (i + 1).bit_length()) for i in range(m - 1, 0, -1)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _same_draws() -> bool:
    """Whether ``_shuffle`` draws as this Python's ``random.Random.shuffle`` (checked once)."""
    for m in (0, 1, 2, 7, 40, 70):
        a, b = list(range(m)), list(range(m))
        random.Random(m).shuffle(a)
        _shuffle(random.Random(m), b)
        if a != b:
            return False
    return True


#: ``shuffle(rng, items)``: ``rng.shuffle(items)``, the same draws (written out where this
#: Python's ``random`` draws as ``_shuffle`` does; else ``random.Random.shuffle`` itself)
shuffle = _shuffle if _same_draws() else random.Random.shuffle


class GameRandom:
    """A seeded ``random.Random`` plus a queue of forced die rolls (for tests and teaching).

    Forced rolls are used first, in order; then the generator takes over.
    Clones share the underlying generator until one of them draws (copy on write), so a
    clone is cheap and both continue with the same future draws.
    """

    __slots__ = ("_rng", "_forced", "_shared")

    def __init__(self, seed: int, forced_dice: Iterable[int] = ()) -> None:
        self._rng = random.Random(seed)
        self._forced = list(forced_dice)[::-1]  # pop() from the end is O(1)
        self._shared = False

    def _own(self) -> random.Random:
        """The generator, copied first if a clone shares it (nobody advances a shared one)."""
        if self._shared:
            # not seeded first: setstate overwrites the whole state (seeding is wasted work)
            rng = random.Random.__new__(random.Random)
            rng.setstate(self._rng.getstate())
            self._rng, self._shared = rng, False
        return self._rng

    def die(self, sides: int = 6) -> int:
        """One roll of a die with ``sides`` faces (1..sides)."""
        if self._forced:
            return self._forced.pop()
        return int(self._own().random() * sides) + 1

    def randrange(self, n: int) -> int:
        return self._own().randrange(n)

    def shuffle(self, items: list) -> None:
        self._own().shuffle(items)

    def clone(self) -> GameRandom:
        twin = GameRandom.__new__(GameRandom)
        twin._rng = self._rng
        twin._forced = self._forced[:]
        twin._shared = self._shared = True
        return twin

    def fingerprint(self) -> str:
        """A short digest of the generator's state (for state comparisons)."""
        import hashlib

        return hashlib.sha1(repr((self._rng.getstate(), self._forced)).encode()).hexdigest()[:16]
