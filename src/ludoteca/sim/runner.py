"""One seeded game between bots, turned into a flat row; and the plan of a whole run.

A row holds what is needed to replay its game — ``game``, ``seed``, ``players`` (e.g.
``"bot:greedy,bot:random"``) and ``options`` — plus the outcome: ``winners``, ``ranking``,
``scores``, ``reason``, ``length`` (actions played) and the game's own figures from
``result.details``, flattened to ``details.<key>`` columns (lists by index, dicts by key:
``details.final_scoring.0.coins``).

Bots are seeded the way ``ludoteca play`` seeds them: seat ``s`` gets ``seed + s``, and the
seats act in the order the table lets them (always ``game.to_move[0]``). So a row's game is
also ``ludoteca play GAME --seed SEED --players PLAYERS --option ...``, move for move.
Game ``i`` of a run uses seed ``SEED + SEED_STRIDE * i``, so that no two games of a run (up
to ten seats) share a bot's random stream.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.agents import Agent, make_agent
from ludoteca.core.errors import InvalidOption
from ludoteca.core.game import Game
from ludoteca.core.registry import new_game

SEED_STRIDE = 10
DETAILS = "details."

#: the columns every row has, in this order (then the ``details.*`` columns)
BASE_COLUMNS = ("index", "game", "setting", "seed", "players", "options", "winners", "ranking",
                "scores", "reason", "length")


class SimError(InvalidOption):
    """A run that cannot start: a bad players spec, option grid or count."""


# ----- players --------------------------------------------------------------------------------
def parse_players(spec: str | Sequence[str]) -> tuple[str, ...]:
    """``"bot:mcts,bot:greedy"`` (or a sequence of such items) -> ``("mcts", "greedy")``.

    Every seat must be a bot; the ``bot:`` prefix may be left out. A bot's parameters may
    hold commas: in ``"bot:mcts:iterations=200,c=0.5,bot:greedy"`` the item ``c=0.5`` (a
    ``key=value`` that starts no seat) belongs to the bot before it."""
    items = spec.split(",") if isinstance(spec, str) else list(spec)
    bots: list[str] = []
    for item in items:
        item = item.strip()
        if bots and ":" in bots[-1] and "=" in item and not item.lower().startswith("bot:") \
                and ":" not in item.partition("=")[0]:  # "mcts:iterations=9" starts a bot
            bots[-1] += "," + item  # one more parameter of the previous bot
            continue
        name = item[4:].strip() if item.lower().startswith("bot:") else item
        if not name:
            raise SimError(f"players: seat {len(bots) + 1} names no bot "
                           "(write e.g. \"bot:greedy,bot:random\")")
        bots.append(name)
    if not bots:
        raise SimError("players: no seats given (write e.g. \"bot:greedy,bot:random\")")
    return tuple(bots)


def players_spec(bots: Sequence[str]) -> str:
    """``("mcts", "greedy")`` -> ``"bot:mcts,bot:greedy"`` (what a row's ``players`` holds)."""
    return ",".join(f"bot:{b}" for b in bots)


def make_bots(game_id: str, bots: Sequence[str], seed: int) -> list[Agent]:
    """The agents of one game: seat ``s`` is seeded with ``seed + s`` (as ``ludoteca play``)."""
    return [make_agent(name, game_id, seed + s) for s, name in enumerate(bots)]


# ----- one game -------------------------------------------------------------------------------
def play_game(game_id: str, bots: Sequence[str], options: Mapping[str, Any] | None,
              seed: int) -> Game:
    """Play one seeded game to its end with the named bots; return the finished game."""
    game = new_game(game_id, players=len(bots), seed=seed, options=dict(options or {}))
    agents = make_bots(game_id, bots, seed)
    while not game.is_over:
        seat = game.to_move[0]  # simultaneous decisions: seat by seat, as at the table
        game.apply(agents[seat].choose(game, seat), seat=seat)
    return game


def flatten(value: Any, prefix: str, out: dict[str, Any]) -> None:
    """Nested dicts and lists as ``prefix.key.0...`` scalar entries of ``out``."""
    if isinstance(value, Mapping):
        for key, sub in value.items():
            flatten(sub, f"{prefix}.{key}", out)
    elif isinstance(value, list | tuple):
        for i, sub in enumerate(value):
            flatten(sub, f"{prefix}.{i}", out)
    else:
        out[prefix] = value


def play_row(game_id: str, bots: Sequence[str], options: Mapping[str, Any] | None, seed: int,
             index: int = 0, setting: str = "") -> dict[str, Any]:
    """Play one game and return its flat row."""
    game = play_game(game_id, bots, options, seed)
    r = game.result
    assert r is not None
    row: dict[str, Any] = {
        "index": index, "game": game_id, "setting": setting, "seed": seed,
        "players": players_spec(bots), "options": dict(options or {}),
        "winners": list(r.winners), "ranking": list(r.ranking), "scores": list(r.scores),
        "reason": r.reason, "length": game.n_actions_played,
    }
    for key, value in (r.details or {}).items():
        flatten(value, DETAILS + str(key), row)
    return row


def replay_row(row: Mapping[str, Any]) -> Game:
    """Rebuild a row's game from its seed, players and options with the same bots."""
    return play_game(row["game"], parse_players(row["players"]), row["options"], row["seed"])


# ----- a run ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Task:
    """A chunk of consecutive games of one setting (what one worker plays at once)."""

    game: str
    bots: tuple[str, ...]
    options: dict[str, Any]
    setting: str
    first: int                 # index of the first game
    seeds: tuple[int, ...]

    def play(self) -> list[dict[str, Any]]:
        return [play_row(self.game, self.bots, self.options, seed, self.first + i, self.setting)
                for i, seed in enumerate(self.seeds)]

    def rows(self) -> Iterator[dict[str, Any]]:
        """The same rows one at a time (for playing in this process)."""
        for i, seed in enumerate(self.seeds):
            yield play_row(self.game, self.bots, self.options, seed, self.first + i,
                           self.setting)


def play_task(task: Task) -> list[dict[str, Any]]:
    """Module-level entry point for worker processes."""
    return task.play()


def setting_label(values: Mapping[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in values.items())


@dataclass(frozen=True)
class SimSpec:
    """``games`` seeded games of ``game`` between ``bots`` for every setting of the grid.

    ``vary`` maps option names to the values to try; the grid is their product, each setting
    played with the same seeds (common random numbers, so settings compare fairly)."""

    game: str
    bots: tuple[str, ...]
    games: int = 100
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    vary: dict[str, list[Any]] = field(default_factory=dict)

    def settings(self) -> list[tuple[str, dict[str, Any]]]:
        """(label, options) of every setting: label ``""`` when nothing varies."""
        if not self.vary:
            return [("", dict(self.options))]
        out = []
        for values in itertools.product(*self.vary.values()):
            chosen = dict(zip(self.vary, values, strict=True))
            out.append((setting_label(chosen), {**self.options, **chosen}))
        return out

    @property
    def total(self) -> int:
        return self.games * len(self.settings())

    def seed_of(self, i: int) -> int:
        return self.seed + SEED_STRIDE * i

    def validate(self) -> None:
        """Raise InvalidOption (naming what is wrong) unless every setting and bot can play."""
        if self.games < 1:
            raise SimError(f"the number of games must be at least 1; got {self.games}")
        for name, values in self.vary.items():
            if not values:
                raise SimError(f"vary {name}: give at least one value")
        for _label, options in self.settings():
            new_game(self.game, players=len(self.bots), seed=0, options=options)
        for seat, name in enumerate(self.bots):
            make_agent(name, self.game, seat)

    def tasks(self, chunk: int) -> list[Task]:
        """The work in chunks of at most ``chunk`` games, in game order."""
        chunk = max(1, chunk)
        out = []
        for k, (label, options) in enumerate(self.settings()):
            for start in range(0, self.games, chunk):
                stop = min(self.games, start + chunk)
                out.append(Task(self.game, self.bots, options, label, k * self.games + start,
                                tuple(self.seed_of(i) for i in range(start, stop))))
        return out
