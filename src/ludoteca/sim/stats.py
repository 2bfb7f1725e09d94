"""Statistics of a run's rows: win rates with 95 % Wilson intervals (by seat and by bot),
game length, end reasons and the means of each game's own figures.

A shared first place splits the win: with winners ``[0, 2]`` seats 0 and 2 score half a win
each, so the seats' rates add up to 1 and compare with the fair share ``1 / players``.
A bot's rate counts each seat it held as one trial (two greedy seats in a game: two trials).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .runner import DETAILS, parse_players

Z95 = 1.959963984540054  # the normal quantile of 0.975
PERCENTILES = (5, 25, 50, 75, 95)
Row = Mapping[str, Any]


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """(rate, low, high): the Wilson score interval of ``wins`` successes in ``n`` trials."""
    if n <= 0:
        return math.nan, 0.0, 1.0
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # clamped: rounding must not put p outside its own interval (e.g. 0 wins -> low 1e-17)
    return p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


@dataclass(frozen=True)
class Rate:
    """``wins`` (shared wins split) out of ``n`` trials, with its 95 % interval."""

    wins: float
    n: int
    rate: float
    low: float
    high: float
    fair: float = math.nan  # what equal players would get: 1 / number of seats

    @classmethod
    def of(cls, wins: float, n: int, fair: float = math.nan) -> Rate:
        return cls(wins, n, *wilson(wins, n), fair)

    def to_json(self) -> dict[str, float]:
        return {"wins": self.wins, "n": self.n, "rate": self.rate, "low": self.low,
                "high": self.high, "fair": self.fair}


def win_shares(row: Row) -> dict[int, float]:
    """Seat -> its share of the win in one game (1 for a sole winner, 1/k in a k-way tie)."""
    winners = list(row["winners"])
    return {int(s): 1 / len(winners) for s in winners} if winners else {}


def seats_of(row: Row) -> tuple[str, ...]:
    return parse_players(row["players"])


def by_seat(rows: Sequence[Row]) -> list[Rate]:
    """Each seat's win rate (for rows of one player count)."""
    if not rows:
        return []
    n_seats = max(len(seats_of(r)) for r in rows)
    wins = [0.0] * n_seats
    games = [0] * n_seats
    for row in rows:
        shares = win_shares(row)
        for seat in range(len(seats_of(row))):
            games[seat] += 1
            wins[seat] += shares.get(seat, 0.0)
    return [Rate.of(wins[s], games[s], 1 / n_seats) for s in range(n_seats)]


def by_bot(rows: Sequence[Row]) -> dict[str, Rate]:
    """Each bot's win rate per seat it held, in the order the bots first appear."""
    wins: dict[str, float] = {}
    trials: dict[str, int] = {}
    fair: dict[str, float] = {}
    for row in rows:
        shares = win_shares(row)
        bots = seats_of(row)
        for seat, bot in enumerate(bots):
            wins[bot] = wins.get(bot, 0.0) + shares.get(seat, 0.0)
            trials[bot] = trials.get(bot, 0) + 1
            fair[bot] = fair.get(bot, 0.0) + 1 / len(bots)
    return {b: Rate.of(wins[b], trials[b], fair[b] / trials[b]) for b in wins}


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0–100) by linear interpolation between the sorted values
    (numpy's default method)."""
    xs = sorted(values)
    if not xs:
        return math.nan
    pos = (len(xs) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def describe(values: Sequence[float]) -> dict[str, float]:
    """n, mean, stdev (sample; 0 for one value), min, p5 … p95, max."""
    xs = [float(v) for v in values]
    if not xs:
        return {"n": 0}
    out = {"n": len(xs), "mean": statistics.fmean(xs),
           "stdev": statistics.stdev(xs) if len(xs) > 1 else 0.0, "min": min(xs)}
    for q in PERCENTILES:
        out[f"p{q}"] = percentile(xs, q)
    out["max"] = max(xs)
    return out


def lengths(rows: Sequence[Row]) -> dict[str, float]:
    """The distribution of game length in actions."""
    return describe([r["length"] for r in rows])


def reasons(rows: Sequence[Row]) -> dict[str, tuple[int, float]]:
    """End reason -> (games, share), most frequent first."""
    counts = Counter(str(r["reason"]) for r in rows)
    return {k: (v, v / len(rows)) for k, v in counts.most_common()}


@dataclass(frozen=True)
class Figure:
    """The mean of one of the game's own figures; ``per_seat`` when it is given per seat
    (``details.ideas.0``, ``details.ideas.1`` … -> figure ``ideas``)."""

    name: str
    mean: float
    per_seat: tuple[float, ...] | None = None


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not (isinstance(value, float) and math.isnan(value))


def figures(rows: Sequence[Row]) -> list[Figure]:
    """Means of the numeric ``details.*`` columns (booleans: the share of true), with the
    per-seat ones grouped: the first numeric part of the key below the player count is the
    seat (``final_scoring.1.coins`` -> ``final_scoring.coins``, seat 1)."""
    if not rows:
        return []
    n_seats = max(len(seats_of(r)) for r in rows)
    values: dict[str, list[float]] = {}
    for row in rows:
        for key, value in row.items():
            if key.startswith(DETAILS) and _is_number(value):
                values.setdefault(key[len(DETAILS):], []).append(float(value))
    groups: dict[str, dict[int, list[float]]] = {}
    singles: dict[str, list[float]] = {}
    for key, xs in values.items():
        parts = key.split(".")
        at = next((i for i, p in enumerate(parts) if p.isdigit()), None)
        if at is None:
            singles[key] = xs
            continue
        name = ".".join(parts[:at] + parts[at + 1:])
        groups.setdefault(name, {})[int(parts[at])] = xs
    out = []
    order = {}
    for key in values:  # keep the order the game writes its details in
        parts = key.split(".")
        at = next((i for i, p in enumerate(parts) if p.isdigit()), None)
        order.setdefault(key if at is None else ".".join(parts[:at] + parts[at + 1:]), None)
    for name in order:
        if name in singles:
            out.append(Figure(name, statistics.fmean(singles[name])))
            continue
        by = groups[name]
        if set(by) == set(range(n_seats)):
            out.append(Figure(name, statistics.fmean(x for xs in by.values() for x in xs),
                              tuple(statistics.fmean(by[s]) for s in range(n_seats))))
        else:  # not one value per seat: each index on its own
            for i in sorted(by):
                out.append(Figure(f"{name}[{i}]", statistics.fmean(by[i])))
    return out


def split_by_setting(rows: Iterable[Row]) -> dict[str, list[Row]]:
    """Rows grouped by their ``setting`` label, in the order the settings first appear."""
    out: dict[str, list[Row]] = {}
    for row in rows:
        out.setdefault(str(row.get("setting") or ""), []).append(row)
    return out


def summarize(rows: Sequence[Row]) -> dict[str, Any]:
    """Everything above for one group of rows."""
    return {"games": len(rows), "by_seat": by_seat(rows), "by_bot": by_bot(rows),
            "length": lengths(rows), "reasons": reasons(rows) if rows else {},
            "figures": figures(rows)}
