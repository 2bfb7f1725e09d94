"""What both environments share: making the game, observations, masks, end-of-game rewards,
checking an action id and rendering."""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces

import ludoteca
from ludoteca import Game, IllegalAction, InvalidOption, Result
from ludoteca.core import registry
from ludoteca.observation.encoders import encoder_for
from ludoteca.observation.encoding import LIMIT
from ludoteca.observation.observer import Observer, action_mask, observe

__all__ = ["Observer", "action_mask", "observe"]   # used by the environments and tests

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


def check_seed(seed: Any) -> int | None:
    """``seed`` as an int (any whole number, numpy's too), or None; else ``InvalidOption``
    (checked before an environment changes anything)."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise InvalidOption(f"seed must be a whole number or None; got {seed!r}")
    return int(seed)


def check_reward(reward: str) -> str:
    if reward not in REWARD_SCHEMES:
        raise InvalidOption(f"reward must be one of {', '.join(REWARD_SCHEMES)}; got {reward!r}")
    return reward


def new_game(game_id: str, players: int, seed: int, options: dict[str, Any] | None) -> Game:
    return ludoteca.new_game(game_id, players=players, seed=seed, options=dict(options or {}))


def dealer(game_id: str, players: int, options: dict[str, Any] | None) -> Callable[[int], Game]:
    """``new_game(game_id, players, seed, options)`` as a function of the seed, for an
    environment that deals game after game: the players and options are checked once, here
    (``InvalidOption`` as ``ludoteca.new_game`` raises it; ``registry.game_maker``)."""
    given = dict(options or {})
    make = registry.game_maker(game_id, players, given)

    def deal(seed: int) -> Game:
        if type(seed) is not int:                          # its checks and messages
            return new_game(game_id, players, seed, given)
        return make(seed)

    return deal


def quiet(game: Game) -> None:
    """Make ``game`` carry out its actions without events (``quiet()``, where the game has
    it: play is the same without them); other games are left as they are."""
    make_quiet = getattr(game, "quiet", None)
    if make_quiet is not None:
        make_quiet()


def observation_space(game_id: str, n_actions: int) -> spaces.Dict:
    """``{"observation": Box(float32), "action_mask": Box(int8 0/1)}``."""
    size = encoder_for(game_id).size
    return spaces.Dict({
        "observation": spaces.Box(-LIMIT, LIMIT, shape=(size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8),
    })


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
