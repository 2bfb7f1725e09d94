"""A rating ladder: a round robin of bots, Bradley–Terry ratings on the Elo scale.

    from ludoteca.sim import run
    from ludoteca.sim.ladder import LadderSpec, fit_ladder
    spec = LadderSpec("qytetet", ("random", "greedy", "mcts:iterations=100"), games=40)
    ladder = fit_ladder(run(spec, jobs=2))

**The games.** With ``players`` seats a game, every set of ``players`` different bots (every
pair, with two) plays ``games`` games. The seats rotate: with two players half the games
seat the pair one way and half the other way, on the same seeds (game ``j`` of each seating
uses seed ``SEED + 10·j``), and every pair plays those same seeds (common random numbers).
The games are ordinary sim rows (``setting`` is ``"ladder"``), played by the sim's backends.

**The outcomes.** Each game gives an outcome for every pair of different bots in it, read
from the game's ranking: the bot ranked higher scores 1 and the other 0; two bots sharing
first place, or a game nobody wins (Som's intervención), score ½ each (a draw). With more
than two players the ratings are fitted from these pairwise outcomes of each game's ranking
(so a three-player game counts as three pairwise results, not independent ones: the
bootstrap below resamples whole games, so the intervals account for that).

**The fit.** Bradley–Terry: bot ``i`` beats ``j`` with probability
``1 / (1 + 10 ** ((R_j − R_i) / 400))``, the Elo scale, by maximum likelihood with draws as
half a win each, plus one virtual drawn game between every pair that played (a weak prior
that keeps a bot that won every game finite). The scale is anchored: ``random`` = 0 when it
plays, else ``greedy`` = 1000, else the first bot = 0; the other ratings are relative to it.

**The intervals.** 95 % percentile bootstrap over games: the games of each set of bots are
resampled with replacement (``BOOTSTRAP`` times, seeded), the ratings refitted, and the 2.5th
and 97.5th percentiles of each rating taken. The anchor's interval is 0 wide by
construction; the others include the anchor's own uncertainty.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.agents import agent_names, make_agent
from ludoteca.core.registry import info, new_game

from .runner import SEED_STRIDE, SimError, Task, parse_players
from .stats import percentile

Row = Mapping[str, Any]
LADDER = "ladder"          # the ``setting`` of a ladder's rows
BOOTSTRAP = 1000
PRIOR_GAMES = 1.0          # virtual drawn games between every pair that played
ELO = 400 / math.log(10)   # Elo points per unit of log-strength


def default_bots(game_id: str) -> tuple[str, ...]:
    """random, greedy, mcts at 100 and 400 iterations, and ``learned`` where the game has it."""
    names = agent_names(game_id)
    bots = ["random", "greedy", "mcts:iterations=100", "mcts:iterations=400"]
    if "learned" in names:
        bots.append("learned")
    return tuple(b for b in bots if b.partition(":")[0] in names)


def parse_bots(text: str | Sequence[str]) -> tuple[str, ...]:
    """``"random,greedy,mcts:iterations=100,c=0.5"`` -> the bots (a bot's own parameters may
    follow it after commas, as in ``ludoteca sim --players``)."""
    bots = parse_players(text)
    seen: set[str] = set()
    for bot in bots:
        if bot in seen:
            raise SimError(f"--bots: {bot!r} is listed twice")
        seen.add(bot)
    return bots


# ----- the games ------------------------------------------------------------------------------
@dataclass(frozen=True)
class LadderSpec:
    """Every set of ``players`` different bots among ``bots`` plays ``games`` games, seats
    rotating (see the module's doc). Works with :func:`ludoteca.sim.run` like a SimSpec."""

    game: str
    bots: tuple[str, ...]
    players: int = 2
    games: int = 50
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def tables(self) -> list[tuple[str, ...]]:
        """The sets of bots that meet, in the order of ``bots``."""
        return list(itertools.combinations(self.bots, self.players))

    def seatings(self, table: tuple[str, ...]) -> list[tuple[tuple[str, ...], int]]:
        """(bots by seat, number of games) of each rotation of ``table``'s seats."""
        p = len(table)
        out = []
        for r in range(p):
            n = self.games // p + (r < self.games % p)
            if n:
                out.append((table[r:] + table[:r], n))
        return out

    @property
    def total(self) -> int:
        return self.games * len(self.tables())

    def seed_of(self, j: int) -> int:
        return self.seed + SEED_STRIDE * j

    def validate(self) -> None:
        """SimError / InvalidOption naming what is wrong, before any game is played."""
        lo, hi = info(self.game).players  # an unknown game fails here, naming the games
        if self.games < 1:
            raise SimError(f"--games must be at least 1; got {self.games}")
        if not lo <= self.players <= hi:
            allowed = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise SimError(f"{self.game} is played by {allowed} players; got --players "
                           f"{self.players}")
        if len(set(self.bots)) != len(self.bots):
            raise SimError("--bots: a bot is listed twice")
        if len(self.bots) < max(2, self.players):
            raise SimError(f"a ladder of {self.players}-player games needs at least "
                           f"{max(2, self.players)} different bots; got {len(self.bots)}")
        new_game(self.game, players=self.players, seed=0, options=dict(self.options))
        for i, bot in enumerate(self.bots):
            make_agent(bot, self.game, i)

    def tasks(self, chunk: int) -> list[Task]:
        """The games in chunks of at most ``chunk``, each chunk one seating."""
        chunk = max(1, chunk)
        out = []
        index = 0
        for table in self.tables():
            for seating, n in self.seatings(table):
                for start in range(0, n, chunk):
                    stop = min(n, start + chunk)
                    out.append(Task(self.game, seating, dict(self.options), LADDER,
                                    index + start,
                                    tuple(self.seed_of(j) for j in range(start, stop))))
                index += n
        return out


# ----- outcomes -------------------------------------------------------------------------------
def pairwise(row: Row) -> list[tuple[str, str, float]]:
    """``(bot a, bot b, a's score)`` for every pair of different bots in one game: 1 when the
    ranking puts a above b, ½ when both share first place or nobody wins, else 0."""
    bots = parse_players(row["players"])
    winners = {int(s) for s in row["winners"]}
    ranking = [int(s) for s in row["ranking"]]
    place = {s: i for i, s in enumerate(ranking)}
    for s in range(len(bots)):  # a seat the ranking leaves out: last
        place.setdefault(s, len(ranking))
    out = []
    for a, b in itertools.combinations(range(len(bots)), 2):
        if bots[a] == bots[b]:
            continue
        if not winners or (a in winners and b in winners) or place[a] == place[b]:
            score = 0.5
        else:
            score = 1.0 if place[a] < place[b] else 0.0
        out.append((bots[a], bots[b], score))
    return out


def table_of(row: Row) -> tuple[str, ...]:
    """The set of bots of a game, whatever the seats (the stratum of the bootstrap)."""
    return tuple(sorted(set(parse_players(row["players"]))))


# ----- the fit --------------------------------------------------------------------------------
Tally = dict[tuple[int, int], list[float]]   # (i, j), i < j -> [i's points, games]


def _tally(games: Sequence[Sequence[tuple[int, int, float]]]) -> Tally:
    t: Tally = {}
    for outcomes in games:
        for i, j, s in outcomes:
            if i > j:
                i, j, s = j, i, 1.0 - s
            cell = t.setdefault((i, j), [0.0, 0.0])
            cell[0] += s
            cell[1] += 1.0
    return t


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (small dense systems)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-300:
            raise ZeroDivisionError("singular")
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def bradley_terry(n_bots: int, tally: Tally, anchor: int = 0,
                  prior: float = PRIOR_GAMES) -> list[float]:
    """Maximum-likelihood log-strengths (natural log; ``anchor``'s is 0) from ``tally``, plus
    ``prior`` virtual drawn games between every pair that played. Newton's method on the
    concave log-likelihood, with step halving. Bots that never met anyone connected to the
    anchor get nan."""
    cells = {k: (v[0] + prior / 2, v[1] + prior) for k, v in tally.items() if v[1] > 0}
    # bots connected to the anchor
    reach = {anchor}
    grew = True
    while grew:
        grew = False
        for i, j in cells:
            if (i in reach) != (j in reach):
                reach |= {i, j}
                grew = True
    free = [i for i in range(n_bots) if i in reach and i != anchor]
    pos = {b: k for k, b in enumerate(free)}
    theta = [0.0] * n_bots

    def loglik(th: list[float]) -> float:
        total = 0.0
        for (i, j), (w, n) in cells.items():
            if i in reach and j in reach:
                d = th[i] - th[j]
                # w·log σ(d) + (n − w)·log σ(−d), written stably
                total += -w * _softplus(-d) - (n - w) * _softplus(d)
        return total

    current = loglik(theta)
    for _ in range(200):
        grad = [0.0] * len(free)
        hess = [[0.0] * len(free) for _ in free]
        for (i, j), (w, n) in cells.items():
            if i not in reach or j not in reach:
                continue
            p = _sigmoid(theta[i] - theta[j])
            g = w - n * p
            h = n * p * (1 - p)
            if i in pos:
                grad[pos[i]] += g
                hess[pos[i]][pos[i]] += h
            if j in pos:
                grad[pos[j]] -= g
                hess[pos[j]][pos[j]] += h
            if i in pos and j in pos:
                hess[pos[i]][pos[j]] -= h
                hess[pos[j]][pos[i]] -= h
        if not free or max(abs(g) for g in grad) < 1e-10:
            break
        step = _solve(hess, grad)
        t = 1.0
        while True:
            trial = theta[:]
            for b, k in pos.items():
                trial[b] += t * step[k]
            value = loglik(trial)
            if value >= current - 1e-12 or t < 1e-6:
                break
            t /= 2
        theta, current = trial, value
        if max(abs(s) for s in step) * t < 1e-12:
            break
    return [theta[i] if i in reach else math.nan for i in range(n_bots)]


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def _softplus(x: float) -> float:
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


# ----- the ladder -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Rating:
    bot: str
    rating: float      # Elo scale
    low: float         # 95 % bootstrap interval
    high: float
    games: int         # games the bot played
    points: float      # its pairwise points (wins 1, draws ½)
    pairings: int      # its pairwise results (= games with two players)

    @property
    def score(self) -> float:
        """Its share of the pairwise points (with two players: of the games' points)."""
        return self.points / self.pairings if self.pairings else math.nan


@dataclass(frozen=True)
class Ladder:
    ratings: list[Rating]       # best first
    anchor: str
    anchor_rating: float
    games: int
    players: int
    bootstrap: int
    head_to_head: dict[tuple[str, str], tuple[float, int]]   # (a, b) -> (a's points, games)

    @property
    def anchor_text(self) -> str:
        return f"{self.anchor} = {self.anchor_rating:g}"

    def describe(self, lang: str = "en") -> str:
        """How the figures were made, in one sentence (in ``lang``: en or es)."""
        if lang == "es":
            pares = ("los resultados por parejas de la clasificación de cada partida"
                     if self.players > 2 else "las partidas")
            return (f"Valoraciones Bradley–Terry en la escala Elo ({self.anchor_text}), "
                    f"ajustadas a partir de {pares} (los primeros puestos compartidos y las "
                    f"partidas sin ganador cuentan ½, más un empate virtual por pareja); "
                    f"intervalos al 95 %: bootstrap de percentiles sobre las partidas, "
                    f"{self.bootstrap} remuestreos dentro de cada conjunto de bots.")
        pairs = ("pairwise outcomes of each game's ranking"
                 if self.players > 2 else "the games")
        return (f"Bradley–Terry ratings on the Elo scale ({self.anchor_text}), fitted from "
                f"{pairs} (shared first places and games nobody wins count ½, plus one "
                f"virtual draw per pair); 95 % intervals: percentile bootstrap over games, "
                f"{self.bootstrap} resamples within each set of bots.")


def pick_anchor(bots: Sequence[str]) -> tuple[str, float]:
    if "random" in bots:
        return "random", 0.0
    if "greedy" in bots:
        return "greedy", 1000.0
    return bots[0], 0.0


def fit_ladder(rows: Sequence[Row], bootstrap: int = BOOTSTRAP, seed: int = 0,
               prior: float = PRIOR_GAMES) -> Ladder:
    """The ladder of ``rows`` (any sim rows with at least two different bots)."""
    if not rows:
        raise SimError("no games to rate")
    bots = list(dict.fromkeys(b for r in rows for b in parse_players(r["players"])))
    if len(bots) < 2:
        raise SimError("a ladder needs games between at least two different bots")
    anchor, anchor_rating = pick_anchor(bots)
    a = bots.index(anchor)
    idx = {b: i for i, b in enumerate(bots)}
    strata: dict[tuple[str, ...], list[list[tuple[int, int, float]]]] = {}
    games = [0] * len(bots)
    points = [0.0] * len(bots)
    pairings = [0] * len(bots)
    h2h: dict[tuple[str, str], list[float]] = {}
    players = 0
    for row in rows:
        outcomes = [(idx[x], idx[y], s) for x, y, s in pairwise(row)]
        strata.setdefault(table_of(row), []).append(outcomes)
        seated = parse_players(row["players"])
        players = max(players, len(seated))
        for b in set(seated):
            games[idx[b]] += 1
        for i, j, s in outcomes:
            points[i] += s
            points[j] += 1 - s
            pairings[i] += 1
            pairings[j] += 1
            for x, y, sx in ((i, j, s), (j, i, 1 - s)):
                cell = h2h.setdefault((bots[x], bots[y]), [0.0, 0])
                cell[0] += sx
                cell[1] += 1
    every = [g for gs in strata.values() for g in gs]
    theta = bradley_terry(len(bots), _tally(every), a, prior)
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in bots]
    groups = list(strata.values())
    for _ in range(max(0, bootstrap)):
        resampled = [g[rng.randrange(len(g))] for g in groups for _ in range(len(g))]
        for i, t in enumerate(bradley_terry(len(bots), _tally(resampled), a, prior)):
            samples[i].append(t)
    ratings = []
    for i, bot in enumerate(bots):
        xs = [x for x in samples[i] if not math.isnan(x)]
        lo = percentile(xs, 2.5) if xs else math.nan
        hi = percentile(xs, 97.5) if xs else math.nan
        ratings.append(Rating(bot, anchor_rating + ELO * theta[i], anchor_rating + ELO * lo,
                              anchor_rating + ELO * hi, games[i], points[i], pairings[i]))
    ratings.sort(key=lambda r: (-r.rating if not math.isnan(r.rating) else math.inf))
    return Ladder(ratings, anchor, anchor_rating, len(rows), players, max(0, bootstrap),
                  {k: (v[0], int(v[1])) for k, v in h2h.items()})


def is_ladder(rows: Sequence[Row]) -> bool:
    """Rows a ratings plot suits: a ladder's, or games between more than one set of bots."""
    if any(r.get("setting") == LADDER for r in rows):
        return True
    tables = {table_of(r) for r in rows}
    return len(tables) > 1 and len({b for t in tables for b in t}) > 1
