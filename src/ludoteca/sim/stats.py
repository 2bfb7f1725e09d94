"""Statistics of a run's rows: win rates with 95 % Wilson intervals (by seat and by bot),
game length, end reasons and the game's own figures (means over the games that report
them, seat numbers counted per seat).

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


#: ``details`` fields whose values are seat numbers (who went bankrupt, who failed to pay,
#: who caused the ending): counted per seat, never averaged. A field is one of these when its
#: name (without list indices) is listed here or ends in one of SEAT_SUFFIXES.
SEAT_FIELDS = frozenset({"bankrupt", "failed_payer", "causer", "winner", "first_player"})
SEAT_SUFFIXES = ("_seat", "_player", "_payer", "_causer")


def is_seat_field(name: str) -> bool:
    """Whether the figure ``name`` (``bankrupt``, ``som.causer``) holds seat numbers."""
    last = name.rsplit(".", 1)[-1]
    return last in SEAT_FIELDS or last.endswith(SEAT_SUFFIXES)


@dataclass(frozen=True)
class Figure:
    """One of the game's own figures over the games that report it.

    ``kind`` ``"mean"``: ``mean`` over those games (``per_seat``: each seat's mean when it is
    given per seat: ``details.ideas.0``, ``details.ideas.1`` … -> figure ``ideas``);
    ``"share"``: a yes/no figure, ``mean`` is the share of yes; ``"seats"``: the values are
    seat numbers (``bankrupt``, ``failed_payer``, ``causer``), so ``counts[s]`` is the number
    of games in which the figure names seat ``s`` (``other``: games where it names no seat,
    e.g. -1) and ``mean`` is nan. ``games`` of ``of`` games report it; when that is not all of
    them, ``subset`` says which (``"games ended by limit"``)."""

    name: str
    mean: float
    per_seat: tuple[float, ...] | None = None
    games: int = 0
    of: int = 0
    subset: str = ""
    kind: str = "mean"
    counts: tuple[int, ...] | None = None
    other: int = 0

    @property
    def over(self) -> str:
        """Which games the figure is over: ``"all 400"`` or ``"games ended by limit, 123 of
        400"``."""
        if not self.subset:
            return f"all {self.of}"
        return f"{self.subset}, {self.games} of {self.of}"

    def over_in(self, lang: str) -> str:
        """:attr:`over` in ``lang`` (en or es)."""
        if lang != "es":
            return self.over
        if not self.subset:
            return f"las {self.of}"
        subset = self.subset
        if subset.startswith("games ended by "):
            reasons = subset[len("games ended by "):].split(" or ")
            subset = "partidas acabadas por " + " o ".join(REASONS_ES.get(r, r) for r in reasons)
        elif subset == "games that report it":
            subset = "partidas que la dan"
        return f"{subset}, {self.games} de {self.of}"


REASONS_ES = {"limit": "límite", "bankruptcy": "bancarrota", "fin": "final",
              "win": "victoria"}


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not (isinstance(value, float) and math.isnan(value))


def _split_index(key: str) -> tuple[str, int | None]:
    """``final_scoring.1.coins`` -> (``final_scoring.coins``, 1); ``turns`` -> (``turns``,
    None): the first numeric part of the key is the seat (or a list position)."""
    parts = key.split(".")
    at = next((i for i, p in enumerate(parts) if p.isdigit()), None)
    if at is None:
        return key, None
    return ".".join(parts[:at] + parts[at + 1:]), int(parts[at])


def _subset(rows: Sequence[Row], have: Sequence[bool]) -> str:
    """How to name the games that report a figure: "" for all of them; ``"games ended by
    limit"`` when they are exactly the games with some end reasons; else ``"games that report
    it"``."""
    if all(have):
        return ""
    yes = {str(r["reason"]) for r, h in zip(rows, have, strict=True) if h}
    no = {str(r["reason"]) for r, h in zip(rows, have, strict=True) if not h}
    if yes and not yes & no:
        return "games ended by " + " or ".join(sorted(yes))
    return "games that report it"


def figures(rows: Sequence[Row]) -> list[Figure]:
    """The numeric ``details.*`` columns, each over the games that report it (never a mean
    over a subset without saying which): seat fields (:func:`is_seat_field`) counted per seat,
    booleans as the share of true, other numbers as means, grouped per seat where the first
    numeric part of the key is the seat (``final_scoring.1.coins`` -> ``final_scoring.coins``,
    seat 1)."""
    if not rows:
        return []
    n_seats = max(len(seats_of(r)) for r in rows)
    # name -> index (None: no index) -> one list of values per row (None: the row lacks it)
    values: dict[str, dict[int | None, list[Any]]] = {}
    for i, row in enumerate(rows):
        for key, value in row.items():
            if key.startswith(DETAILS) and _is_number(value):
                name, index = _split_index(key[len(DETAILS):])
                col = values.setdefault(name, {}).setdefault(index, [None] * len(rows))
                col[i] = value
    out = []
    for name, by in values.items():  # in the order the game writes its details
        have = [any(col[i] is not None for col in by.values()) for i in range(len(rows))]
        games = sum(have)
        common = {"games": games, "of": len(rows), "subset": _subset(rows, have)}
        if is_seat_field(name):  # seat numbers: games per seat named, never a mean
            counts = [0] * n_seats
            other = 0
            for i in range(len(rows)):
                named = {int(col[i]) for col in by.values()
                         if col[i] is not None and not isinstance(col[i], bool)}
                seats = {s for s in named if 0 <= s < n_seats and s == int(s)}
                for s in seats:
                    counts[s] += 1
                if have[i] and not seats:
                    other += 1
            out.append(Figure(name, math.nan, None, kind="seats", counts=tuple(counts),
                              other=other, **common))
            continue
        kind = ("share" if all(isinstance(x, bool) for col in by.values() for x in col
                               if x is not None) else "mean")
        if list(by) == [None]:
            xs = [float(x) for x in by[None] if x is not None]
            out.append(Figure(name, statistics.fmean(xs), kind=kind, **common))
        elif set(by) == set(range(n_seats)):
            per = tuple(statistics.fmean(float(x) for x in by[s] if x is not None)
                        for s in range(n_seats))
            allx = [float(x) for col in by.values() for x in col if x is not None]
            out.append(Figure(name, statistics.fmean(allx), per, kind=kind, **common))
        else:  # not one value per seat: each index on its own
            for index in sorted(by, key=lambda k: -1 if k is None else k):
                col = by[index]
                have_i = [x is not None for x in col]
                label = name if index is None else f"{name}[{index}]"
                out.append(Figure(label, statistics.fmean(float(x) for x in col
                                                          if x is not None),
                                  kind=kind, games=sum(have_i), of=len(rows),
                                  subset=_subset(rows, have_i)))
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
