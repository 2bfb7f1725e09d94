"""Helpers shared by the Civitas tests (checklist: shared/rules/civitas.md).

Not a test module: it builds arranged games, custom board files and random playouts.
"""

from __future__ import annotations

import copy
import json
import random
import tomllib
from collections.abc import Iterable, Iterator
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from ludoteca import IllegalAction

PHASE_ROLL, PHASE_JAIL, PHASE_MANAGE, PHASE_OVER = 0, 1, 2, 3
NOBODY = -1
START = Decimal(7500)
BONUS = Decimal(1000)

# the default layout of ruling G1 (the scenarios rely on it)
SALIDA, JAIL, TAX, PARKING, JUDGE = 0, 5, 8, 10, 15
SURPRISES = (3, 12, 17)
STREETS = (1, 2, 4, 6, 7, 9, 11, 13, 14, 16, 18, 19)


def default_toml_text() -> str:
    return resources.files("ludoteca.games.civitas").joinpath("board.toml").read_text(
        encoding="utf-8")


def default_data() -> dict[str, Any]:
    """The default board file as plain data (a fresh copy each time)."""
    return copy.deepcopy(tomllib.loads(default_toml_text()))


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, (Decimal, float)):
        return json.dumps(str(v))
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    raise TypeError(f"cannot write {v!r} to TOML")


def to_toml(data: dict[str, Any]) -> str:
    lines = []
    for k, v in data.items():
        if not isinstance(v, list):
            lines.append(f"{k} = {_toml_value(v)}")
    for table in ("squares", "cards"):
        for row in data.get(table, []):
            lines.append(f"\n[[{table}]]")
            lines.extend(f"{k} = {_toml_value(v)}" for k, v in row.items() if v is not None)
    return "\n".join(lines) + "\n"


def write_board(tmp_path: Path, data: dict[str, Any], name: str = "board.toml") -> str:
    path = tmp_path / name
    path.write_text(to_toml(data), encoding="utf-8")
    return str(path)


def board_variant(tmp_path: Path, squares: dict[int, dict[str, Any]] | None = None,
                  cards: list[dict[str, Any]] | None = None, name: str = "board.toml") -> str:
    """The default board with some square fields changed (and optionally another deck)."""
    data = default_data()
    for i, fields in (squares or {}).items():
        data["squares"][i].update(fields)
    if cards is not None:
        data["cards"] = cards
    return write_board(tmp_path, data, name)


def new(players: int = 3, dice: Iterable[int] = (), seed: int = 7, board: str | None = None,
        max_rounds: int = 0, top: Iterable[int] | None = None, **arrange: Any):
    """A Civitas game with forced dice and an arranged position.

    ``top`` puts those card indices on top of the deck (in that order), the rest after them.
    """
    options: dict[str, Any] = {"max_rounds": max_rounds}
    if board is not None:
        options["board"] = board
    g = ludoteca.new_game("civitas", players=players, seed=seed, dice=list(dice),
                          options=options)
    if top is not None:
        top = list(top)
        esc = card(g, "ESCAPE")
        held = arrange.get("escape_holder") is not None
        rest = [i for i in g.deck if i not in top]
        if not held and esc not in g.deck and esc not in top:
            rest.append(esc)
        if held:
            rest = [i for i in rest if i != esc]
        arrange["deck"] = top + rest
    if arrange:
        g.arrange(**arrange)
    return g


def card(g, kind: str, value: Any = None) -> int:
    """Index (in ``g.board.cards``) of the card of that kind (and value)."""
    for i, c in enumerate(g.board.cards):
        if c.kind == kind and (value is None or c.value == Decimal(str(value))):
            return i
    raise LookupError(f"no {kind} card with value {value}")


def managing(players: int = 3, seat: int = 0, seed: int = 7, board: str | None = None,
             dice: Iterable[int] = (), **arrange: Any):
    """A game where ``seat`` has just rolled 1 from square 9 onto PARKING (10) and may manage.

    ``dice`` are the rolls after that first one.
    """
    positions = dict(arrange.pop("positions", {}))
    positions[seat] = PARKING - 1
    g = new(players, dice=[1, *dice], seed=seed, board=board, positions=positions,
            current=seat, **arrange)
    g.apply("tirar", seat=seat)
    assert g.phase == PHASE_MANAGE and g.pos[seat] == PARKING and g.current == seat
    return g


def actions(g, seat: int | None = None) -> list[str]:
    return [str(a) for a in g.legal_actions(g.current if seat is None else seat)]


def assert_illegal(g, action: str, seat: int | None = None) -> IllegalAction:
    """The action is rejected and the state (hidden parts included) does not change."""
    before = g.state_dict()
    history = list(g.actions_played)
    with pytest.raises(IllegalAction) as info:
        g.apply(action, seat=seat)
    assert g.state_dict() == before
    assert list(g.actions_played) == history
    return info.value


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def event(events, kind: str):
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind!r} event in {kinds(events)}"
    return found[0]


def money_by_seat(events) -> dict[int, Decimal]:
    """Total balance change per seat, as the events report it."""
    out: dict[int, Decimal] = {}
    for e in events:
        for seat, amount in e.data.get("balance_changes", []):
            out[seat] = out.get(seat, Decimal(0)) + Decimal(str(amount))
    return out


def end_turn_until(g, seat: int) -> None:
    """Play the other seats' turns as plainly as possible until ``seat`` is to move."""
    guard = 0
    while g.current != seat and not g.is_over:
        legal = actions(g)
        g.apply("terminar" if "terminar" in legal else "tirar")
        guard += 1
        assert guard < 100


def random_playout(g, rng: random.Random, max_actions: int) -> Iterator[tuple[Any, Any]]:
    """Play uniformly random legal actions; yield (copy of the state before, events)."""
    for _ in range(max_actions):
        if g.is_over:
            return
        before = g.clone()
        legal = g.legal_actions()
        ev = g.apply(rng.choice(legal))
        yield before, ev
