"""The game-agnostic protocol every game implements (see docs/architecture.md).

A concrete game subclasses :class:`Game` and provides the underscored hooks; the public
methods here add the checks every game shares (whose turn it is, legality, parsing, the
action history) so that no game can forget them.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .action import Action
from .errors import IllegalAction
from .events import Event
from .result import Result

RECORD_FORMAT = "ludoteca.record/1"


class Game(ABC):
    """One game in progress. Create it with ``ludoteca.new_game``."""

    game_id: ClassVar[str]
    num_distinct_actions: ClassVar[int]

    #: events that setting up the game produced before any action (e.g. automatic payments)
    opening_events: tuple[Event, ...] = ()

    # set by subclasses in __init__ / clone
    seed: int
    options: dict[str, Any]
    names: tuple[str, ...]
    _initial_dice: tuple[int, ...]
    _setup_log: tuple[dict[str, Any], ...]
    _history: tuple | None  # cons list ((seat, text), previous) shared between clones
    _n_actions: int

    # ----- who acts and what they may do -------------------------------------------------
    @property
    def n_players(self) -> int:
        return len(self.names)

    @property
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Seats that must decide now (empty when the game is over)."""

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` may take now (default: the single seat to move)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """The outcome once the game is over, else ``None``."""

    # ----- acting ------------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Play ``action`` (an Action or its text) for ``seat``; return what happened.

        Raises :class:`IllegalAction` with the reason, leaving the state untouched, when
        the text names no action, the seat may not act now, or the action is not legal.
        """
        if seat.__class__ is int:        # the common case, checked at once: a seat to move
            legal = self._ready(seat)    # given an Action object of its remembered list
            if legal is not None:
                for a in legal:
                    if a is action:      # (apply_legal, inlined: the hottest path)
                        events = self._apply(action, seat)
                        self._history = ((seat, action._text), self._history)
                        self._n_actions += 1
                        return events
        if self.is_over:
            raise IllegalAction("the game is over; no action is legal",
                                "la partida ha terminado; no queda ninguna acción legal")
        to_move = self.to_move
        if seat is None:
            if len(to_move) != 1:
                raise IllegalAction(f"several seats must act ({list(to_move)}); say which",
                                    f"deben actuar varios asientos ({list(to_move)}); di cuál")
            seat = to_move[0]
        elif seat not in to_move:
            who = ", ".join(f"{s} ({self.names[s]})" for s in to_move)
            raise IllegalAction(f"seat {seat} may not act now; to move: {who}",
                                f"el asiento {seat} no puede actuar ahora; le toca a: {who}")
        if not isinstance(action, Action):
            action = self.parse(action)  # text; anything else is refused by parse
        legal = self._legal_now(seat)
        for a in legal:                  # engines hand out the same Action objects: identity
            if a is action:              # finds them without calling Action.__eq__
                break
        else:
            if action not in legal:
                en, es = self._explain_illegal(action, seat)
                raise IllegalAction(en, es, [str(a) for a in legal])
        return self.apply_legal(action, seat)

    def _ready(self, seat: int) -> list[Action] | None:
        """The remembered legal actions of ``seat`` when it must act now (the game not
        over), for :meth:`apply` to read, never to keep or change; ``None`` when not at hand
        (:meth:`apply` then makes every check). Games that remember them override it."""
        return None

    def _legal_now(self, seat: int) -> list[Action]:
        """``legal_actions(seat)`` for :meth:`apply` and searches (``mcts``) to read, never to
        keep or change: games that remember their legal actions return that list itself,
        without the copy."""
        return self.legal_actions(seat)

    def apply_legal(self, action: Action, seat: int) -> list[Event]:
        """Play ``action`` for ``seat`` **without checking it**: for searches and learning
        environments that took it from ``legal_actions(seat)`` of this very state (or from a
        bot's choice there), where the checks of :meth:`apply` would cost as much as the move.
        Anything else corrupts the game: use :meth:`apply`."""
        events = self._apply(action, seat)
        self._history = ((seat, action._text), self._history)
        self._n_actions += 1
        return events

    @abstractmethod
    def _apply(self, action: Action, seat: int) -> list[Event]:
        """Carry out a legal action (already checked)."""

    @abstractmethod
    def _explain_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        """Why ``action`` is not legal for ``seat`` now: (English, Spanish)."""

    @abstractmethod
    def parse(self, text: str) -> Action:
        """Read an action's text form (canonical or an accepted alias)."""

    def is_secret_choice(self, seat: int) -> bool:
        """Whether the decision ``seat`` must take now is secret from the other seats (a bid
        in a fist, a simultaneous step): tables then show them only *that* it was taken.
        Evaluated before the action is applied; the reveal event tells the choice later."""
        return False

    # ----- numbering for learning agents -------------------------------------------------
    #: every action of the game in id order (state-independent ids); set by each game
    all_actions: ClassVar[tuple[Action, ...]] = ()
    _action_ids: ClassVar[dict[Action, int]] = {}

    def action_id(self, action: Action) -> int:
        """The fixed id of ``action`` (0 … num_distinct_actions − 1)."""
        ids = type(self)._action_ids
        if len(ids) != len(self.all_actions):
            ids = type(self)._action_ids = {a: i for i, a in enumerate(self.all_actions)}
        try:
            return ids[action]
        except (KeyError, TypeError):
            raise IllegalAction(f"{action} is not an action of {self.game_id}",
                                f"{action} no es una acción de {self.game_id}") from None

    def action_from_id(self, action_id: int) -> Action:
        """The action with that fixed id."""
        n = len(self.all_actions)
        if not (isinstance(action_id, int) and 0 <= action_id < n):
            raise IllegalAction(f"action ids go from 0 to {n - 1}; got {action_id!r}",
                                f"los ids de acción van de 0 a {n - 1}; recibido {action_id!r}")
        return self.all_actions[action_id]

    # ----- looking -----------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-ready dict of what ``seat`` may see (``None``: a spectator)."""

    @abstractmethod
    def state_dict(self) -> dict[str, Any]:
        """The whole state, hidden parts included, as JSON-ready data (for tests/debugging)."""

    @abstractmethod
    def describe(self, event: Event, lang: str = "es") -> str:
        """An event in words, in 'es' or 'en'."""

    @abstractmethod
    def clone(self) -> Game:
        """An independent copy (cheap; search algorithms call it often)."""

    def determinize(self, seat: int | None, seed: int) -> Game:
        """A clone in which everything ``seat`` may not see (deck order, future chance) is
        drawn afresh with ``seed``; ``view(seat)`` is unchanged. Search bots use it to
        sample worlds without peeking; tests use it to prove views leak nothing."""
        raise NotImplementedError(f"{self.game_id} does not implement determinize")

    # ----- records -----------------------------------------------------------------------
    @property
    def actions_played(self) -> list[tuple[int, str]]:
        out = []
        node = self._history
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    @property
    def n_actions_played(self) -> int:
        """``len(actions_played)``, without making the list."""
        return self._n_actions

    def record_options(self) -> dict[str, Any]:
        """Options as they must be written in a record (games may embed file contents)."""
        return dict(self.options)

    def record(self) -> dict[str, Any]:
        """A JSON-ready record: header (game, options, seed, seats) plus every action."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game_id,
            "players": self.n_players,
            "names": list(self.names),
            "seed": self.seed,
            "options": self.record_options(),
            "dice": list(self._initial_dice),
            "setup": [dict(s) for s in self._setup_log],
            "actions": [[seat, text] for seat, text in self.actions_played],
        }

    def arrange(self, **setup: Any) -> Game:
        """Set up a position before the first action (tests, teaching). The arrangement is
        kept in the record, so the game replays exactly. Keys depend on the game."""
        from .errors import InvalidOption

        if self._n_actions:
            raise InvalidOption("arrange() is only possible before the first action")
        clean = _jsonable(setup)
        self._arrange(clean)
        self._setup_log = self._setup_log + (clean,)
        return self

    def _arrange(self, setup: dict[str, Any]) -> None:
        from .errors import InvalidOption

        raise InvalidOption(f"{self.game_id} has no arrangements")

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"to move {list(self.to_move)}"
        return f"<{type(self).__name__} seed={self.seed} actions={self._n_actions} {state}>"

    def to_json(self) -> str:
        return json.dumps(self.record(), ensure_ascii=False)


def _jsonable(value: Any) -> Any:
    """Arrangement values as JSON data (dict keys as text, Decimals as text)."""
    from decimal import Decimal

    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)
    return value
