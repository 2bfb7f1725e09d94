"""Evaluations for search bots: how good a position is for each seat, as numbers in [0, 1].

A search bot calls these on worlds it sampled itself with ``game.determinize(seat, seed)``,
never on the real game: a sampled world is the searcher's own guess, so reading its state
(hidden parts included) reveals nothing. Each function returns one value per seat, roughly
"the chance this seat wins" on the same scale as :func:`terminal_values`.

- qytetet: the capital (balance + title values, what the ranking is by) plus the rent the
  streets may still earn in the rounds left;
- civitas: the balance plus what the titles would fetch if sold now (the ranking is by
  balance, and a title can be sold at any turn, so counting it avoids a bot that never buys
  because buying lowers the balance; once a seat has no turn left before the round limit its
  titles count nothing, so it sells in its last turn), plus the rent still to come;
- for both, the lead over the best other seat relative to the average worth, through a
  logistic, mixed with the chance that a seat's next roll bankrupts it (the game then ends
  at once: in Civitas the bankrupt seat is last, in Qytetet the capitals decide);
- som: the lead in participation disks (the most win) through a logistic, times the chance
  the game ends with a winner: a consulta, which grows with the urna cards found and shrinks
  when someone is close to not paying the next two turns' taxes (intervención: everybody
  loses), or a DUI at the next roll when Hisenda is short; each step a citizen has taken this
  turn costs a quarter, and in its own worlds a search lets a citizen walk at most 8 steps a
  turn (the rules set no limit), so it stops rather than wander; alone (solo), the chance to
  find the urna cards before the taxes run the money out (:mod:`ludoteca.agents.som_solo`);
- elplan: points (Ideas + trios) plus progress towards the next trio, the Ideas the Products
  in hand make at D7 (sets of three types, and a little for each type towards one), a little
  for resources (the first tie-break), minus the credit penalty to come, turned into a value
  by the lead over the best other seat;
- sigloxx: projected victory points (the VP so far, the final scoring if it were now, the
  incomes over the productions left and a little for coins and science held), turned into a
  value by the margin over the best opponent (VP can be negative, so a plain share does not
  work).

Games with no entry here are evaluated by playing on to the end. A game may also adjust the
worlds a search samples (:func:`register_world_setup`): the searcher's assumptions about how
everyone plays, e.g. in Som that a citizen walks at most 8 steps a turn; and leave out actions
no player should take (:func:`register_prune`), e.g. in Qytetet and Civitas cancelling a
mortgage taken in the same turn, which only pays the 10 % interest, and in solo Som anything
but turning a face-down card while one is next to the citizen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ludoteca.core.game import Game
from ludoteca.core.result import Result

Heuristic = Callable[[Game], list[float]]

#: what a non-winner at the top of the ranking can get at most (winners get 1 / #winners)
RANK_WEIGHT = 0.5

_HEURISTICS: dict[str, Heuristic] = {}
_WORLD_SETUP: dict[str, Callable[[Game], None]] = {}
_PRUNE: dict[str, Callable[[Game, int, list], list]] = {}


def register_heuristic(game_id: str, fn: Heuristic) -> None:
    _HEURISTICS[game_id] = fn


def register_world_setup(game_id: str, fn: Callable[[Game], None]) -> None:
    _WORLD_SETUP[game_id] = fn


def register_prune(game_id: str, fn: Callable[[Game, int, list], list]) -> None:
    _PRUNE[game_id] = fn


def prune_for(game_id: str) -> Callable[[Game, int, list], list] | None:
    """The actions a search never considers in ``game_id`` (``fn(game, seat, legal)`` returns
    the legal actions left, at least one), or None."""
    return _PRUNE.get(game_id)


def world_setup_for(game_id: str) -> Callable[[Game], None] | None:
    """How a search adjusts the worlds it samples for ``game_id`` (its assumptions about how
    everyone plays), or None."""
    return _WORLD_SETUP.get(game_id)


def heuristic_for(game_id: str) -> Heuristic | None:
    """The evaluation of ``game_id``, or None (then a search plays on to the end)."""
    return _HEURISTICS.get(game_id)


def terminal_values(result: Result, n: int) -> list[float]:
    """The value of a finished game for each seat, in [0, 1].

    - A winner gets ``1 / len(winners)``: a shared win is split, so a two-way tie in a
      two-player game is a draw (0.5 each) and a bot never prefers sharing to winning alone.
    - A non-winner gets ``RANK_WEIGHT × (n − 1 − place) / (n − 1)`` by its place in the
      ranking (0 = first): second of three gets 0.25, last gets 0. A non-winner never gets
      more than ``RANK_WEIGHT``.
    - No winners at all (Som's intervención or a game stopped by a limit: everybody loses):
      0 for every seat.
    """
    if n == 1:
        return [1.0 if result.winners else 0.0]
    values = [0.0] * n
    if not result.winners:
        return values
    share = 1.0 / len(result.winners)
    for s in result.winners:
        values[s] = share
    for place, s in enumerate(result.ranking):
        if s not in result.winners:
            values[s] = RANK_WEIGHT * (n - 1 - place) / (n - 1)
    return values


def share(xs: Sequence[float], smoothing: float = 0.0) -> list[float]:
    """Each seat's part of the total (negative amounts count as 0); equal parts when the
    total is 0. ``smoothing`` is added to every amount first (keeps early shares near even)."""
    xs = [max(0.0, float(x)) + smoothing for x in xs]
    total = sum(xs)
    n = len(xs)
    if total <= 0:
        return [1.0 / n] * n
    return [x / total for x in xs]


def margin(xs: Sequence[float], scale: float) -> list[float]:
    """A logistic of each seat's lead over the best other seat (``scale`` = a lead worth
    about 73 %); for amounts that can be negative."""
    n = len(xs)
    if n == 1:
        return [1.0 / (1.0 + math.exp(-xs[0] / scale))]
    # the best other seat is the top seat, except for the top seat itself (the first of
    # equal tops, as max() picks): then the best of the rest
    top = max(xs)
    at = xs.index(top)
    runner_up = max(xs[j] for j in range(n) if j != at)
    exp = math.exp
    out = []
    for i, x in enumerate(xs):
        z = max(-30.0, min(30.0, (x - (runner_up if i == at else top)) / scale))
        out.append(1.0 / (1.0 + exp(-z)))
    return out



__all__ = ["Heuristic", "RANK_WEIGHT", "heuristic_for", "margin", "prune_for",
           "register_heuristic", "register_prune", "register_world_setup", "share",
           "terminal_values", "world_setup_for"]
