"""Chance made cheaper, drawing exactly the same numbers: a shuffle and a bounded draw
without ``random``'s per-item calls (the setup, the refills and Hisenda's draws make many),
and, for determinized worlds, a generator seeded only when first drawn from. Each fast
path checks itself against the library at import and steps aside if they ever differ."""

from __future__ import annotations

import random
from collections.abc import Callable

from ludoteca.core.rng import GameRandom
from ludoteca.core.rng import shuffle as core_shuffle

_new_random = random.Random.__new__
#: ``_random.Random.seed`` (C); checked with the rest at import (``SAME_AS_LIBRARY``)
_seed_random = getattr(random.Random.__mro__[1], "seed", None)


def seeded(seed: int) -> random.Random:
    """``random.Random(seed)`` for a whole ``seed``, without the library's Python-level
    ``__init__`` and ``seed`` (which, for a whole number, only call the C ``seed`` and clear
    ``gauss_next``)."""
    rng = _new_random(random.Random)
    _seed_random(rng, seed)
    rng.gauss_next = None
    return rng


_new_game_random = GameRandom.__new__


def game_random(seed: int, dice: tuple[int, ...] = ()) -> GameRandom:
    """``GameRandom(seed, dice)``, its generator made by ``seeded`` when ``seed`` is a whole
    number (what a new game is dealt with); else by ``GameRandom`` itself."""
    if type(seed) is not int:
        return GameRandom(seed, dice)
    rng = _new_game_random(GameRandom)
    rng._rng = seeded(seed)
    rng._forced = list(dice)[::-1]
    rng._shared = False
    return rng


class SeedLaterRandom(GameRandom):
    """``GameRandom(seed)`` (same draws, same fingerprint) that seeds its generator when
    first drawn from: most worlds a search samples never meet chance, and seeding is the
    dearest part of making one."""

    __slots__ = ("_seed",)

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._rng = None  # type: ignore[assignment]
        self._forced = []
        self._shared = False

    def _own(self) -> random.Random:
        if self._rng is None:
            self._rng = seeded(self._seed)
        return GameRandom._own(self)

    def clone(self) -> GameRandom:
        if self._rng is None:
            return SeedLaterRandom(self._seed)
        return GameRandom.clone(self)

    def fingerprint(self) -> str:
        self._own()
        return GameRandom.fingerprint(self)


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle ``items`` as ``rng.shuffle(items)`` would."""
    core_shuffle(rng, items)


def game_shuffle(rng: GameRandom, items: list) -> None:
    """Shuffle ``items`` as ``rng.shuffle(items)`` would (a game's generator)."""
    core_shuffle(rng._own(), items)


def randbelow(rng: GameRandom, n: int) -> int:
    """``rng.randrange(n)`` for a whole ``n`` ≥ 1 (a game's generator)."""
    if n <= 0:
        raise ValueError(f"empty range for randbelow: {n}")
    getrandbits = rng._own().getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def take_disk(h: list[int], first: int, getrandbits: Callable[[int], int]) -> int:
    """Take one disk uniformly at random from the five types ``h[first:first + 5]`` (counts;
    at least one disk held) and return its index: the draw ``randbelow(total)`` makes with
    ``getrandbits`` (the game generator's own), written out for the engines' hot paths."""
    i = first
    m = h[i] + h[i + 1] + h[i + 2] + h[i + 3] + h[i + 4]
    k = m.bit_length()
    r = getrandbits(k)
    while r >= m:
        r = getrandbits(k)
    r -= h[i]
    while r >= 0:                       # r < the total: ends on a held type
        i += 1
        r -= h[i]
    h[i] -= 1
    return i


def take_two_disks(h: list[int], first: int,
                   getrandbits: Callable[[int], int]) -> tuple[int, int]:
    """``take_disk`` twice (at least two disks held): the two indices, in draw order."""
    i = take_disk(h, first, getrandbits)
    return i, take_disk(h, first, getrandbits)


def _same_as_library() -> bool:
    try:
        a, b = list(range(40)), list(range(40))
        random.Random(7).shuffle(a)
        shuffle(random.Random(7), b)
        x, y = GameRandom(7), GameRandom(7)
        c, d = list(range(37)), list(range(37))
        x.shuffle(c)
        game_shuffle(y, d)
        draws = [x.randrange(k) for k in (1, 2, 3, 5, 8, 13, 21, 34, 55) * 3]
        same = [randbelow(y, k) for k in (1, 2, 3, 5, 8, 13, 21, 34, 55) * 3]
        fresh, fast = random.Random(2 ** 32 - 5), seeded(2 ** 32 - 5)
        return a == b and c == d and draws == same and \
            x.fingerprint() == y.fingerprint() and fresh.getstate() == fast.getstate()
    except Exception:  # noqa: BLE001 - any change in the library: use it as it is
        return False


#: whether the written-out draws are the library's (engines may inline ``randbelow`` then)
SAME_AS_LIBRARY = _same_as_library()

if not SAME_AS_LIBRARY:
    def shuffle(rng: random.Random, items: list) -> None:  # noqa: F811
        """Shuffle ``items`` with ``rng.shuffle``."""
        rng.shuffle(items)

    def game_shuffle(rng: GameRandom, items: list) -> None:  # noqa: F811
        """Shuffle ``items`` with ``rng.shuffle``."""
        rng.shuffle(items)

    def randbelow(rng: GameRandom, n: int) -> int:  # noqa: F811
        """``rng.randrange(n)``."""
        return rng.randrange(n)

    def seeded(seed: int) -> random.Random:  # noqa: F811
        """``random.Random(seed)``."""
        return random.Random(seed)
