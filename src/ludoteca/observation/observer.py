"""Observations of a seat as arrays: the encoded vector (``encoders``, straight from the
state by ``direct`` where it is the same) and the mask of legal action ids, into preallocated
buffers. Below the agents (the learned bot observes as the learning environments do);
``ludoteca.rl`` builds its environments on it."""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from ludoteca.core.game import Game

from .direct import DIRECT
from .encoders import encoder_for
from .encoding import LIMIT, Encoder


def action_mask(game: Game, seat: int, out: np.ndarray | None = None) -> np.ndarray:
    """1 at the id of every legal action of ``seat`` now (all 0 when it may not act); written
    into ``out`` (int8, ``num_distinct_actions``) when given."""
    if out is None:
        out = np.zeros(type(game).num_distinct_actions, dtype=np.int8)
    else:
        out.fill(0)
    if not game.is_over and seat in game.to_move:
        legal = game.legal_actions(seat)
        ids = type(game)._action_ids
        if len(ids) != len(type(game).all_actions) and legal:
            game.action_id(legal[0])                         # builds the class's id table
            ids = type(game)._action_ids
        try:
            if len(legal) <= 16:
                for a in legal:
                    out[ids[a]] = 1
            else:
                out[[ids[a] for a in legal]] = 1
        except (KeyError, TypeError):                        # not in the table: say which
            for a in legal:
                out[game.action_id(a)] = 1
    return out


def observe(game: Game, encoder: Encoder, seat: int) -> dict[str, np.ndarray]:
    """The observation of ``seat``: built from ``game.view(seat)`` only, plus its mask."""
    return {"observation": encoder.encode(game.view(seat), seat, game.n_players),
            "action_mask": action_mask(game, seat)}


class Observer:
    """Observations of one game id into preallocated arrays: ``observe(game, seat)`` encodes
    ``game.view(seat)`` and the mask into ``obs``/``mask`` (or the given rows of a batch), the
    mask's legal ids into ``ids``, and remembers which state it saw, so asking again about the
    same state and seat (PettingZoo's ``last()`` then ``observe()``, an action mask after the
    observation) costs no new view; ``fill_mask`` makes the mask and ids alone.
    A state is the game object, its record of actions and its arrangement: every change made
    through the engine's API (``apply``, ``arrange``) is seen. Every game has a direct encoder
    (``ludoteca.observation.direct``) that skips the view: the same values, from the state;
    ``direct=False`` always goes through the view."""

    def __init__(self, game_id: str, n_actions: int, direct: bool = True) -> None:
        self.encoder = encoder_for(game_id)
        self.direct = DIRECT.get(game_id) if direct else None
        # a writer marked ``bounded`` clips its own values to ±LIMIT: only the cast is left;
        # one with a ``float32`` form writes the observation itself (no scratch, no cast)
        self._bounded = bool(getattr(self.direct, "bounded", False))
        self._write32 = getattr(self.direct, "float32", None) if self._bounded else None
        if self._write32 is not None:           # the vector is the writer's buffer
            self._buf = array("f", bytes(4 * self.encoder.size))
            self.obs = np.frombuffer(self._buf, dtype=np.float32)
        else:
            self.obs = np.zeros(self.encoder.size, dtype=np.float32)
            self._buf = self.encoder.scratch()  # float64 scratch of a direct encoder
            self._buf64 = np.frombuffer(self._buf, dtype=np.float64)
        self.mask = np.zeros(n_actions, dtype=np.int8)
        self.ids: list[int] = []                # the mask's legal ids, in increasing order
        self._on: tuple[int, ...] | None = ()   # the ids set in ``mask`` (None: not known)
        self._mask_mv = memoryview(self.mask)
        self._ids_cls: type | None = None       # the game class ``_ids_of`` is of
        self._ids_of: dict[int, int] = {}       # id(action object) -> its id
        self._key: tuple[Any, ...] | None = None        # the state ``obs`` shows
        self._mkey: tuple[Any, ...] | None = None       # the state ``mask`` and ``ids`` show

    @staticmethod
    def key(game: Game, seat: int) -> tuple[Any, ...]:
        return (game, game._history, game._n_actions, game._setup_log, seat)

    @staticmethod
    def _shows(k: tuple[Any, ...] | None, game: Game, seat: int) -> bool:
        """Whether the state recorded as ``k`` (see :meth:`key`) is ``game`` as it is now,
        for ``seat`` (identity checks: cheaper than building a new key)."""
        return (k is not None and k[0] is game and k[1] is game._history
                and k[2] is game._n_actions and k[3] is game._setup_log and k[4] == seat)

    def fill(self, game: Game, seat: int) -> None:
        """Bring ``obs``, ``mask`` and ``ids`` up to date with ``seat``'s view of ``game``."""
        if self._shows(self._key, game, seat):
            return
        key = (game, game._history, game._n_actions, game._setup_log, seat)     # (``key``)
        if self._write32 is not None:           # straight into the float32 vector
            self._write32(game, seat, self._buf)
        elif self.direct is not None:           # the same values, straight from the state
            self.direct(game, seat, self._buf)  # (it overwrites the whole buffer)
            if self._bounded:                   # the writer keeps every value within ±10
                np.copyto(self.obs, self._buf64, casting="unsafe")
            else:   # clipped, then cast: the same float32 values as cast-then-clip
                np.clip(self._buf64, -LIMIT, LIMIT, out=self.obs, casting="unsafe")
        else:
            self.encoder.encode(game.view(seat), seat, game.n_players, out=self.obs)
        if not self._shows(self._mkey, game, seat):
            self._fill_mask(game, seat)
            self._mkey = key
        self._key = key

    def fill_mask(self, game: Game, seat: int) -> list[int]:
        """Bring ``mask`` and ``ids`` (not ``obs``) up to date with ``seat`` in ``game``;
        ``ids``: a new list of the legal ids in increasing order (``np.flatnonzero(mask)``)."""
        if not self._shows(self._mkey, game, seat):
            self._fill_mask(game, seat)
            self._mkey = self.key(game, seat)
        return self.ids

    def _fill_mask(self, game: Game, seat: int) -> None:
        """``action_mask`` into ``mask`` and its ids into ``ids`` (a new list): the ids of the
        class's own Action objects (those the engines list) are found by identity and set
        through a memoryview (quicker per id); any other object goes the way of
        ``action_mask`` (by equality, with its messages). Between calls the mask is 1 exactly
        at ``_on`` (a private copy of ``ids``: nothing else writes the mask), so only those
        are cleared (all of it after a call that raised: ``_on`` None)."""
        mask, mv, on = self.mask, self._mask_mv, self._on
        if on is None:                          # (a call that did not end: clear it all)
            mask.fill(0)
        else:
            for i in on:                        # (only these are 1 in the mask)
                mv[i] = 0
        self._on = None
        if game.is_over or seat not in game.to_move:
            self.ids, self._on = [], ()
            return
        cls = type(game)
        if cls is not self._ids_cls:
            self._ids_of = {id(a): i for i, a in enumerate(cls.all_actions)}
            self._ids_cls = cls
        ids = list(map(self._ids_of.get, map(id, game.legal_actions(seat))))
        if None in ids:
            action_mask(game, seat, mask)
            self.ids = np.flatnonzero(mask).tolist()
            self._on = tuple(self.ids)
            return
        for i in ids:
            mv[i] = 1
        if len(set(ids)) != len(ids):           # (an engine listing an action twice)
            ids = list(set(ids))
        ids.sort()
        self.ids = ids
        self._on = tuple(ids)

    def legal(self, game: Game, seat: int, action: Any) -> Any:
        """The Action of id ``action`` when the mask of this very state and seat (already
        made) allows it, else None (then ``action_from_id`` decides, with its messages)."""
        if not self._shows(self._mkey, game, seat):
            return None
        if isinstance(action, np.integer):
            action = int(action)
        if type(action) is not int or not 0 <= action < len(self._mask_mv) \
                or not self._mask_mv[action]:
            return None
        return game.action_from_id(action)

    def observe(self, game: Game, seat: int) -> dict[str, np.ndarray]:
        """Fresh arrays (copies of the buffers: a caller may keep them)."""
        self.fill(game, seat)
        return {"observation": self.obs.copy(), "action_mask": self.mask.copy()}

    def forget(self) -> None:
        self._key = self._mkey = None
