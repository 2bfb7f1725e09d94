"""What both environments share: making the game, observations, masks, end-of-game rewards,
checking an action id and rendering."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

import ludoteca
from ludoteca import Game, IllegalAction, InvalidOption, Result

from .direct import DIRECT
from .encoders import encoder_for
from .encoding import LIMIT, Encoder

REWARD_SCHEMES = ("win", "rank")


def check_game(game_id: str) -> None:
    if game_id not in ludoteca.games():
        raise InvalidOption(f"unknown game {game_id!r}; games: {', '.join(ludoteca.games())}")


def default_players(game_id: str) -> int:
    """The smallest table of at least two seats the game allows."""
    lo, hi = ludoteca.info(game_id).players
    return max(lo, min(2, hi))


def check_players(game_id: str, players: int | None) -> int:
    lo, hi = ludoteca.info(game_id).players
    if players is None:
        return default_players(game_id)
    if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
        raise InvalidOption(f"{game_id}: players must be a whole number from {lo} to {hi}; "
                            f"got {players!r}")
    return players


def check_reward(reward: str) -> str:
    if reward not in REWARD_SCHEMES:
        raise InvalidOption(f"reward must be one of {', '.join(REWARD_SCHEMES)}; got {reward!r}")
    return reward


def new_game(game_id: str, players: int, seed: int, options: dict[str, Any] | None) -> Game:
    return ludoteca.new_game(game_id, players=players, seed=seed, options=dict(options or {}))


def observation_space(game_id: str, n_actions: int) -> spaces.Dict:
    """``{"observation": Box(float32), "action_mask": Box(int8 0/1)}``."""
    size = encoder_for(game_id).size
    return spaces.Dict({
        "observation": spaces.Box(-LIMIT, LIMIT, shape=(size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8),
    })


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
    ``game.view(seat)`` and the mask into ``obs``/``mask`` (or the given rows of a batch) and
    remembers which state it saw, so asking again about the same state and seat (PettingZoo's
    ``last()`` then ``observe()``, an action mask after the observation) costs no new view.
    A state is the game object, its record of actions and its arrangement: every change made
    through the engine's API (``apply``, ``arrange``) is seen. Every game has a direct encoder
    (``ludoteca.rl.direct``) that skips the view: the same values, from the state;
    ``direct=False`` always goes through the view."""

    def __init__(self, game_id: str, n_actions: int, direct: bool = True) -> None:
        self.encoder = encoder_for(game_id)
        self.direct = DIRECT.get(game_id) if direct else None
        # a writer marked ``bounded`` clips its own values to ±LIMIT: only the cast is left
        self._bounded = bool(getattr(self.direct, "bounded", False))
        self.obs = np.zeros(self.encoder.size, dtype=np.float32)
        self._buf = self.encoder.scratch()      # float64 scratch of a direct encoder
        self._buf64 = np.frombuffer(self._buf, dtype=np.float64)
        self.mask = np.zeros(n_actions, dtype=np.int8)
        self._key: tuple[Any, ...] | None = None

    @staticmethod
    def key(game: Game, seat: int) -> tuple[Any, ...]:
        return (game, game._history, game._n_actions, game._setup_log, seat)

    def fill(self, game: Game, seat: int) -> None:
        """Bring ``obs`` and ``mask`` up to date with ``seat``'s view of ``game``."""
        k = self._key
        if (k is not None and k[0] is game and k[1] is game._history
                and k[2] is game._n_actions and k[3] is game._setup_log and k[4] == seat):
            return
        key = self.key(game, seat)
        if self.direct is not None:             # the same values, straight from the state
            self.direct(game, seat, self._buf)  # (it overwrites the whole buffer)
            if self._bounded:                   # the writer keeps every value within ±10
                np.copyto(self.obs, self._buf64, casting="unsafe")
            else:   # clipped, then cast: the same float32 values as cast-then-clip
                np.clip(self._buf64, -LIMIT, LIMIT, out=self.obs, casting="unsafe")
        else:
            self.encoder.encode(game.view(seat), seat, game.n_players, out=self.obs)
        action_mask(game, seat, self.mask)
        self._key = key

    def legal(self, game: Game, seat: int, action: Any) -> Any:
        """The Action of id ``action`` when the mask of this very state and seat (already
        made) allows it, else None (then ``action_from_id`` decides, with its messages)."""
        k = self._key
        if (k is None or k[0] is not game or k[1] is not game._history or k[4] != seat
                or k[2] is not game._n_actions or k[3] is not game._setup_log):
            return None
        if isinstance(action, np.integer):
            action = int(action)
        if type(action) is not int or not 0 <= action < self.mask.shape[0] \
                or not self.mask[action]:
            return None
        return game.action_from_id(action)

    def observe(self, game: Game, seat: int) -> dict[str, np.ndarray]:
        """Fresh arrays (copies of the buffers: a caller may keep them)."""
        self.fill(game, seat)
        return {"observation": self.obs.copy(), "action_mask": self.mask.copy()}

    def forget(self) -> None:
        self._key = None


def final_rewards(result: Result, n: int, scheme: str = "win") -> list[float]:
    """Rewards at the end. ``win``: +1 to every winner, −1 to every other seat (nobody wins:
    all −1). ``rank``: linear from +1 (first) to −1 (last) by place: the game's own places
    when its result gives them (El Plan, Siglo XX: their tie-breaks), else the ranking with
    equal scores sharing their average place; winners share first (nobody wins: all −1)."""
    winners = set(result.winners)
    if not winners:
        return [-1.0] * n
    if scheme == "win" or n == 1:
        return [1.0 if s in winners else -1.0 for s in range(n)]
    places = (result.details or {}).get("places")
    if places and len(places) == n:            # the game's own places (its tie-breaks)
        place = {s: float(places[s] - 1) for s in range(n)}
    else:
        place = {s: float(i) for i, s in enumerate(result.ranking)}
        by_score: dict[Any, list[int]] = {}
        for s in range(n):
            if s not in winners:
                by_score.setdefault(result.scores[s], []).append(s)
        for seats in by_score.values():
            avg = sum(place[s] for s in seats) / len(seats)
            for s in seats:
                place[s] = avg
    for s in winners:
        place[s] = 0.0
    return [1.0 - 2.0 * place[s] / (n - 1) for s in range(n)]


def action_from_id(game: Game, seat: int, action: Any) -> Any:
    """The legal Action with id ``action`` for ``seat``; IllegalAction (state untouched) when
    it is not an id or not legal now."""
    n = type(game).num_distinct_actions
    if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
        action = action.reshape(()).item()
    if isinstance(action, np.integer):
        action = int(action)
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < n:
        raise IllegalAction(f"an action is an id from 0 to {n - 1}; got {action!r}",
                            f"una acción es un id de 0 a {n - 1}; recibido {action!r}")
    a = game.action_from_id(action)
    legal = game.legal_actions(seat) if seat in game.to_move and not game.is_over else []
    if a not in legal:
        ids = sorted(game.action_id(x) for x in legal)
        raise IllegalAction(
            f"action {action} ({a}) is not legal for seat {seat} now; legal ids: {ids}",
            f"la acción {action} ({a}) no es legal para el asiento {seat} ahora; "
            f"ids legales: {ids}", [str(x) for x in legal])
    return a


def render_text(game: Game, events: list[Any], lang: str) -> str:
    """What happened last and who must act, in words."""
    lines = [f"{game.game_id} · seed {game.seed}"]
    lines += ["  " + game.describe(e, lang) for e in events]
    if game.is_over:
        r = game.result
        won = ", ".join(game.names[s] for s in r.winners) or "—"
        lines.append(("Fin: gana " if lang == "es" else "Over: won by ") + won
                     + f" ({r.reason})")
    else:
        who = ", ".join(game.names[s] for s in game.to_move)
        lines.append(("Le toca a: " if lang == "es" else "To move: ") + who)
    return "\n".join(lines)
