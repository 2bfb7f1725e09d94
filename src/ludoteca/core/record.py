"""Reading records back: exact replays and step-by-step walks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .errors import IllegalAction, InvalidOption, RecordError
from .events import Event
from .game import RECORD_FORMAT, Game
from .registry import new_game

_REQUIRED = ("game", "seed", "actions")


def _start(rec: Any) -> Game:
    if not isinstance(rec, dict):
        raise RecordError("a record must be a JSON object with game, seed, names and actions",
                          "un registro ha de ser un objeto JSON con game, seed, names y actions")
    missing = [k for k in _REQUIRED if k not in rec]
    if missing:
        raise RecordError(f"record lacks {', '.join(missing)}; a record needs "
                          f"{', '.join(_REQUIRED)} (format {RECORD_FORMAT})",
                          f"al registro le falta {', '.join(missing)}; un registro necesita "
                          f"{', '.join(_REQUIRED)} (formato {RECORD_FORMAT})")
    fmt = rec.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        raise RecordError(f"unknown record format {fmt!r}; this version reads {RECORD_FORMAT}",
                          f"formato de registro desconocido {fmt!r}; esta versión lee "
                          f"{RECORD_FORMAT}")
    players = rec.get("names") or rec.get("players")
    try:
        game = new_game(rec["game"], players=players, seed=rec["seed"],
                        options=rec.get("options") or {}, dice=rec.get("dice") or ())
        for setup in rec.get("setup") or ():
            if not isinstance(setup, dict):
                raise InvalidOption(f"setup entries must be objects; got {setup!r}",
                                    f"cada entrada de setup ha de ser un objeto; es {setup!r}")
            game.arrange(**setup)
    except (InvalidOption, TypeError, ValueError) as exc:
        es = exc.text("es") if isinstance(exc, InvalidOption) else str(exc)
        raise RecordError(f"record header is not valid: {exc}",
                          f"la cabecera del registro no es válida: {es}") from exc
    if not isinstance(rec["actions"], list):
        raise RecordError("record actions must be a list of [seat, action] pairs",
                          "las acciones del registro han de ser una lista de pares "
                          "[asiento, acción]")
    return game


def _steps(rec: dict[str, Any]) -> list[tuple[int, str]]:
    out = []
    for i, item in enumerate(rec["actions"]):
        if not (isinstance(item, (list, tuple)) and len(item) == 2 and isinstance(item[0], int)
                and isinstance(item[1], str)):
            raise RecordError(f"record action {i} must be [seat, text]; got {item!r}",
                              f"la acción {i} del registro ha de ser [asiento, texto]; "
                              f"es {item!r}")
        out.append((item[0], item[1]))
    return out


def _illegal(i: int, seat: int, text: str, exc: IllegalAction) -> RecordError:
    """The error for recorded action ``i`` that the game refused."""
    return RecordError(f"record action {i} ({seat}: {text!r}) is illegal: {exc.reason}",
                       f"la acción {i} del registro ({seat}: {text!r}) no es legal: "
                       f"{exc.reason_es}")


def replay(rec: dict[str, Any], upto: int | None = None) -> Game:
    """Rebuild the game a record describes (its first ``upto`` actions, default all)."""
    game = _start(rec)
    for i, (seat, text) in enumerate(_steps(rec)[:upto]):
        try:
            game.apply(text, seat=seat)
        except IllegalAction as exc:
            raise _illegal(i, seat, text, exc) from exc
    return game


def walk(rec: dict[str, Any]) -> Iterator[tuple[Game, int, str, list[Event]]]:
    """Yield (game after the action, seat, action text, events) for each recorded action."""
    game = _start(rec)
    for i, (seat, text) in enumerate(_steps(rec)):
        try:
            events = game.apply(text, seat=seat)
        except IllegalAction as exc:
            raise _illegal(i, seat, text, exc) from exc
        yield game, seat, text, events


def start_of(rec: dict[str, Any]) -> Game:
    """The game a record starts from, before any action."""
    return _start(rec)
