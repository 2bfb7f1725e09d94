"""Helpers for the Qytetet tests: games with forced dice and arranged positions, custom boards
written from the default one, and the checklist's formulas written out independently of the
engine (so that tests compare the engine against the rulebook, not against itself)."""

from __future__ import annotations

import json
import tomllib
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

import ludoteca

D = Decimal
START = D(7500)
SALIDA = D(1000)
BAIL = D(200)

# the default layout (ruling G1): SORPRESA 3/12/17, CÁRCEL 5, IMPUESTO 8, PARKING 10, JUEZ 15
SORPRESAS = (3, 12, 17)
JAIL, TAX_SQ, PARKING, JUDGE = 5, 8, 10, 15
TAX = D(500)
STREETS = (1, 2, 4, 6, 7, 9, 11, 13, 14, 16, 18, 19)
# the G1 table of the checklist: index -> (purchasePrice, buildPrice, factor, baseRent,
# baseMortgage)
G1_TABLE = {
    1: (500, 250, "1.10", 50, 150), 2: (520, 250, "0.90", 52, 200),
    4: (560, 300, "1.15", 56, 250), 6: (600, 300, "0.85", 60, 300),
    7: (640, 350, "1.20", 64, 360), 9: (680, 400, "0.80", 68, 420),
    11: (720, 450, "1.10", 72, 480), 13: (760, 500, "0.90", 76, 560),
    14: (800, 550, "1.15", 80, 640), 16: (860, 600, "0.85", 86, 740),
    18: (920, 650, "1.20", 92, 860), 19: (1000, 750, "0.80", 100, 1000),
}

DEFAULT_TOML = resources.files("ludoteca.games.qytetet").joinpath("board.toml").read_text(
    encoding="utf-8")


# ----- the checklist's formulas, written out again ---------------------------------------------
def rent(base: Any, houses: int, hotels: int) -> Decimal:
    """QY-7.2 / G6: baseRent + houses × 0.5 × baseRent + hotels × 2.5 × baseRent."""
    base = D(str(base))
    return base + houses * D("0.5") * base + hotels * D("2.5") * base


def sale(price: Any, build: Any, factor: Any, houses: int, hotels: int) -> Decimal:
    """QY-5.7 / G7: purchasePrice + (houses × buildPrice + hotels × 5 × buildPrice) × factor."""
    build = D(str(build))
    return D(str(price)) + (houses * build + hotels * 5 * build) * D(str(factor))


def mortgage(base: Any, houses: int, hotels: int) -> Decimal:
    """QY-8.2: baseMortgage + houses × 0.5 × baseMortgage + hotels × baseMortgage."""
    base = D(str(base))
    return base + houses * D("0.5") * base + hotels * base


def cancel(received: Any) -> Decimal:
    """QY-8.6: the amount received plus 10 %."""
    received = D(str(received))
    return received + received / 10


def title_value(price: Any, build: Any, houses: int, hotels: int) -> Decimal:
    """QY-2.5 / G8: purchasePrice + houses × buildPrice + hotels × 5 × buildPrice."""
    build = D(str(build))
    return D(str(price)) + houses * build + hotels * 5 * build


# ----- games -----------------------------------------------------------------------------------
def new(players: int = 2, dice: tuple[int, ...] | list[int] = (), seed: int = 7,
        options: dict[str, Any] | None = None, **arrange: Any):
    """A Qytetet game without round limit, seat 0 to move unless ``current`` says otherwise."""
    opts = {"max_rounds": 0}
    opts.update(options or {})
    g = ludoteca.new_game("qytetet", players=players, seed=seed, dice=list(dice), options=opts)
    arrange.setdefault("current", 0)
    g.arrange(**arrange)
    return g


def managing(players: int = 2, dice: tuple[int, ...] | list[int] = (), **arrange: Any):
    """A game in which the current seat has rolled a 1 from square 9 onto PARKING (no effect)
    and may now buy nothing but manage freely. ``dice`` are the rolls after that one."""
    seat = arrange.get("current", 0)
    positions = dict(arrange.pop("positions", {}))
    positions[seat] = 9
    g = new(players, dice=[1, *dice], positions=positions, **arrange)
    g.apply("tirar", seat=seat)
    assert g.pos[seat] == PARKING and g.phase == 2
    return g


def card(g, kind: str, value: Any = None) -> int:
    """Index of the first card of ``kind`` (and ``value``) in the board's deck."""
    for i, c in enumerate(g.board.cards):
        if c.kind == kind and (value is None or c.value == D(str(value))):
            return i
    raise LookupError(f"no {kind} card with value {value}")


def put_on_top(g, *indices: int):
    """Arrange the deck so that ``indices`` are drawn first, in that order."""
    rest = [i for i in g.deck if i not in indices]
    return g.arrange(deck=[*indices, *rest])


def legal(g, seat: int | None = None) -> set[str]:
    return {str(a) for a in g.legal_actions(seat)}


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def snapshot(g) -> str:
    return json.dumps(g.state_dict(), sort_keys=True, default=str)


# ----- custom boards ---------------------------------------------------------------------------
def default_data() -> dict[str, Any]:
    return tomllib.loads(DEFAULT_TOML)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return str(v)
    return json.dumps(str(v), ensure_ascii=False)


def dump_toml(data: dict[str, Any]) -> str:
    """Write a board dict (scalars, [[squares]] and [[cards]]) back to TOML."""
    lines = [f"{k} = {_value(v)}" for k, v in data.items() if not isinstance(v, list)]
    for table in ("squares", "cards"):
        for row in data.get(table, []):
            lines.append(f"\n[[{table}]]")
            lines += [f"{k} = {_value(v)}" for k, v in row.items()]
    return "\n".join(lines) + "\n"


def board_file(tmp_path: Path, streets: dict[int, dict[str, Any]] | None = None,
               squares: dict[int, dict[str, Any]] | None = None,
               cards: list[dict[str, Any]] | None = None, drop_cards: bool = False,
               name: str = "board.toml", data: dict[str, Any] | None = None) -> str:
    """A copy of the default board with some street fields changed (``streets``), some squares
    replaced whole (``squares``) or another deck (``cards``); returns the file's path."""
    data = data if data is not None else default_data()
    for i, fields in (streets or {}).items():
        data["squares"][i].update(fields)
    for i, row in (squares or {}).items():
        data["squares"][i] = row
    if cards is not None:
        data["cards"] = cards
    if drop_cards:
        data.pop("cards", None)
    path = tmp_path / name
    path.write_text(dump_toml(data), encoding="utf-8")
    return str(path)


def default_cards() -> list[dict[str, Any]]:
    return [dict(c) for c in default_data()["cards"]]


def cards_with_goto(targets: tuple[int, int, int]) -> list[dict[str, Any]]:
    """The default deck with the three IrACasilla cards pointed at ``targets`` (in order)."""
    out, it = [], iter(targets)
    for c in default_cards():
        if c["type"] == "IrACasilla":
            c = {"type": "IrACasilla", "value": next(it), "text": "Ve a otra casilla."}
        out.append(c)
    return out
