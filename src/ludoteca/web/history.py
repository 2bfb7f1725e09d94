"""The game over time, for the results screen's charts: the finished table's record is
replayed (seed + actions, as ``ludoteca replay`` does) and, at up to ``MAX_POINTS`` steps,
each seat's own full view gives the numbers its game counts (money, capital, points,
Ideas, pollution…). Served only once the game is over (``GET /api/tables/{id}/history``),
since a seat's own view holds what the others may not see during play."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ludoteca.core.record import start_of

from .table import dumps

MAX_POINTS = 240      # samples per chart (a long game is thinned evenly; the last step stays)
CACHE_SIZE = 32

Extract = Callable[[dict[str, Any], int], float | int | None]


def _player(view: dict[str, Any], s: int) -> dict[str, Any]:
    for p in view.get("players") or []:
        if isinstance(p, dict) and p.get("seat") == s:
            return p
    return {}


def _field(name: str) -> Extract:
    def get(view: dict[str, Any], s: int) -> Any:
        value = _player(view, s).get(name)
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    return get


def _sum_of(name: str) -> Extract:
    def get(view: dict[str, Any], s: int) -> Any:
        d = _player(view, s).get(name)
        return sum(v for v in d.values() if isinstance(v, (int, float))) \
            if isinstance(d, dict) else None
    return get


def _idle(kind: str) -> Extract:
    def get(view: dict[str, Any], s: int) -> Any:
        d = _player(view, s).get("idle")
        return d.get(kind) if isinstance(d, dict) else None
    return get


def _w(es: str, en: str) -> dict[str, str]:
    return {"es": es, "en": en}


#: game -> the series its charts show: (key, label, unit, how to read it from a seat's view)
SERIES: dict[str, list[tuple[str, dict[str, str], str, Extract]]] = {
    "qytetet": [("capital", _w("Capital", "Capital"), "€", _field("capital")),
                ("balance", _w("Saldo", "Balance"), "€", _field("balance"))],
    "civitas": [("balance", _w("Saldo", "Balance"), "€", _field("balance"))],
    "som": [("pd", _w("PD (participación democrática)", "PDs (democratic participation)"), "",
             _field("pd")),
            ("money", _w("Dinero en discos", "Money in disks"), "€", _field("value"))],
    "elplan": [("ideas", _w("Ideas", "Ideas"), "", _field("ideas")),
               ("money", _w("Dinero (fichas D)", "Money (D tokens)"), "", _idle("d")),
               ("resources", _w("Fichas de recurso", "Resource tokens"), "", _sum_of("idle"))],
    "sigloxx": [("vp", _w("Puntos de victoria", "Victory points"), "", _field("score")),
                ("coins", _w("Monedas", "Coins"), "", _field("coins")),
                ("science", _w("Ciencia", "Science"), "", _field("science")),
                ("pollution", _w("Contaminación", "Pollution"), "", _field("pollution")),
                ("garbage", _w("Basura", "Garbage"), "", _field("garbage"))],
}

_cache: OrderedDict[tuple[str, int], str] = OrderedDict()
_lock = threading.Lock()


def sample_steps(total: int, most: int = MAX_POINTS) -> list[int]:
    """Steps 0..total thinned evenly to at most ``most`` (0 and ``total`` always in)."""
    if total + 1 <= most:
        return list(range(total + 1))
    stride = total / (most - 1)
    return sorted({round(i * stride) for i in range(most - 1)} | {total})


def build(record: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """Replay ``record`` and sample every series of its game at each sampled step."""
    game = start_of(record)
    actions = record.get("actions") or []
    steps = sample_steps(len(actions))
    wanted = set(steps)
    defs = SERIES.get(game.game_id, [])
    seats = range(game.n_players)
    data: list[list[list[Any]]] = [[[] for _ in seats] for _ in defs]
    rounds: list[Any] = []

    def sample() -> None:
        views = [game.view(s) for s in seats]
        v0 = views[0] if views else {}
        rounds.append(v0.get("round", v0.get("period", v0.get("turn"))))
        for i, (_, _, _, get) in enumerate(defs):
            for s in seats:
                data[i][s].append(get(views[s], s))

    if 0 in wanted:
        sample()
    for n, (seat, text) in enumerate(actions, 1):
        game.apply(text, seat=seat)
        if n in wanted:
            sample()
    series = [{"key": key, "label": label, "unit": unit, "values": data[i]}
              for i, (key, label, unit, _) in enumerate(defs)
              if any(v is not None for row in data[i] for v in row)]
    return {"game": game.game_id, "names": names, "steps": steps, "rounds": rounds,
            "total": len(actions), "series": series}


def history_json(table: Any) -> str:
    """The history of a finished table as JSON text (cached: a finished game never changes)."""
    key = (table.id, table.version)
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    body = dumps({"table_id": table.id, **build(table.game.record(),
                                               [s["name"] for s in table.seats])})
    with _lock:
        _cache[key] = body
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return body
