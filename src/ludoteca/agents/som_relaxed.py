"""A relaxed solo «Som el que decidim!» (high centralism, mode A) solved exactly: the best
win chance of a player who knows what a fair player knows and may do more than the rules let
him, for every count of cards and every sum of money. The solo planner
(:mod:`ludoteca.agents.som_planner`) steers by its values; ``bench/som_solo_bound.py`` prints
its value from the start, an upper bound on any fair player's win rate.

The relaxed game keeps how many cards of each kind lie under the cells each Spain event dealt
and under the cells never dealt again (the views' ``deals``), the money (all of it between the
player and Hisenda), the tax (less with ATC face up), the die's payments, the economic-capacity
cards' payout and what ends a turn (an urna, world or Spain card; a Catalunya card lets the
player go on). It gives the player more than the rules do: every face-down cell is within
reach at every step, he may stop whenever he likes or not move at all, change is never lost,
and a Spain card turned stays face up unless he chooses (up to ``align`` times) to send it back
under the map with 1 to all of the face-up Spain cards (SOM-12.6). Catalunya cards without a
symbol are left out: under free reach turning one changes nothing.

States: ``orig`` = (urna, Spain, world, economic capacity, ATC) cards never dealt again,
``deals`` = a sorted tuple of (urna, economic capacity, ATC, Spain) per Spain deal.

States are solved by the compiled solver (``agents/_som_relaxed.c``, built by ``pip
install`` where a C compiler is; the same values to the last bit, about 2–3 µs a state) or,
without it, in Python (about 100–190 µs a state). Solving every state a shipped game may
reach takes about 0.2 s compiled, 9 s in Python; their values ship in
``agents/weights/som_relaxed.bin`` (written by ``python tools/som_relaxed_table.py``; a JSON
header line, then zlib-compressed keys and float64 values, read without numpy), which
:func:`relaxed_for` loads when its numbers are the content's. ``known=True`` in
:meth:`RelaxedSolo.group_outcomes` reads only solved or shipped states and raises
:class:`Unsolved` for any other (the states after an alignment of Spain cards, SOM-12.6,
which need seconds more each in Python); :meth:`RelaxedSolo.solve_within` solves a state with
the compiled solver only up to a budget of new states, and goes on at the next call.
"""

from __future__ import annotations

import json
import sys
import zlib
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: what one turn of a group's card may lead to: (chance, kind, values); kind "T" a turn that
#: ends (values per money at the next turn's start, None: the consulta, won), "S" a Spain
#: event (ends the turn too), "K" an economic capacity card (walking on with its payout),
#: "W" walking on
Outcome = tuple[float, str, Any]

#: the shipped table of the shipped content's states
TABLE = Path(__file__).resolve().parent / "weights" / "som_relaxed.bin"
#: deals a table's key has room for
TABLE_DEALS = 4


class Unsolved(LookupError):
    """A state neither solved nor in the table (raised only when solving is not allowed)."""


def table_key(orig: tuple, deals: tuple) -> bytes | None:
    """A state's key in a table (None: more deals than a table has room for)."""
    if len(deals) > TABLE_DEALS:
        return None
    flat = list(orig)
    for deal in deals:
        flat.extend(deal)
    flat.extend([0] * (4 * (TABLE_DEALS - len(deals))))
    return bytes(flat)


def norm(deals: Sequence[tuple]) -> tuple:
    """A canonical form of the deals (empty ones dropped)."""
    return tuple(sorted(d for d in deals if any(d)))


class RelaxedSolo:
    """The relaxed game's values for one set of numbers (money, taxes, die, payout, cards);
    every state solved is kept (about 84 thousand from the start of a shipped game, 9 s)."""

    def __init__(self, money: int = 36, tax: int = 3, tax_atc: int = 2, eco: int = 3,
                 die: Sequence[tuple[int, float]] = ((4, 1 / 6), (2, 4 / 6), (0, 1 / 6)),
                 cards: tuple[int, int, int, int, int] = (4, 4, 11, 3, 1),
                 align: int = 0, compiled: bool = True) -> None:
        self.money, self.tax, self.tax_atc, self.eco = money, tax, tax_atc, eco
        self.die = tuple(die)
        self.cards = cards                    # (urna, Spain, world, eco, ATC) in the game
        self.align = align
        self._solved: dict[tuple, tuple[list[float], list[float]]] = {}
        self._rows: dict[bytes, int] = {}         # a loaded table: key -> row of _table
        self._table = array("d")
        self._table_keys: tuple[bytes, int] | None = None
        self._fast = _compiled_solver(self) if compiled else None

    @classmethod
    def for_tables(cls, K: Any, compiled: bool = True) -> RelaxedSolo:
        """The relaxed game of a content's tables ``K`` (``compiled=False``: solved in Python
        even when the compiled solver is built)."""
        from ludoteca.games.som.common import VAL
        from ludoteca.games.som.content import EF_ATC, EF_ECO, FLAG_ESP, FLAG_MON, FLAG_URNA

        faces = K.FACE_NUMBER[1:]
        die = tuple((d, faces.count(d) / len(faces)) for d in sorted(set(faces), reverse=True))
        flags, effects = K.FLAG, K.EFFECT
        cards = (flags.count(FLAG_URNA), flags.count(FLAG_ESP), flags.count(FLAG_MON),
                 effects.count(EF_ECO), effects.count(EF_ATC))
        money = sum(v * n for v, n in zip(VAL, K.TYPE_COUNTS, strict=True))
        return cls(money, K.C.tax_solo, K.C.tax_solo_atc, K.ECO_PAYOUT, die, cards,
                   compiled=compiled)

    @property
    def states(self) -> int:
        """How many card states are solved so far."""
        return self._fast.states if self._fast is not None else len(self._solved)

    @property
    def compiled(self) -> bool:
        """Whether states are solved by the compiled solver (``_som_relaxed.c``: about 2 µs a
        state instead of about 150)."""
        return self._fast is not None

    def numbers(self) -> dict[str, Any]:
        """The numbers the values depend on (a table is read only for the same ones)."""
        return {"money": self.money, "tax": self.tax, "tax_atc": self.tax_atc, "eco": self.eco,
                "die": [list(d) for d in self.die], "cards": list(self.cards),
                "align": self.align}

    # ----- the table ----------------------------------------------------------------------
    def save_table(self, path: Path) -> int:
        """Write the walking values of every state solved (without alignments left) to
        ``path``; returns how many."""
        items = sorted((table_key(o, d), w) for (o, d, a), (_, w) in self._solved.items()
                       if a == 0 and table_key(o, d) is not None)
        values = array("d", [v for _, w in items for v in w])
        if sys.byteorder == "big":
            values.byteswap()                              # stored little-endian
        header = {"numbers": self.numbers(), "states": len(items),
                  "key_bytes": 5 + 4 * TABLE_DEALS}
        path.write_bytes(json.dumps(header).encode() + b"\n" + zlib.compress(
            b"".join(k for k, _ in items) + values.tobytes(), 9))
        return len(items)

    def load_table(self, path: Path) -> bool:
        """Read a table written by :meth:`save_table`; False (nothing read) when it is missing,
        damaged or made for other numbers."""
        try:
            head, _, packed = path.read_bytes().partition(b"\n")
            header = json.loads(head)
            if header["numbers"] != json.loads(json.dumps(self.numbers())):
                return False
            n, width = int(header["states"]), int(header["key_bytes"])
            blob = zlib.decompress(packed)
            values = array("d")
            values.frombytes(blob[n * width:])
        except (OSError, ValueError, KeyError, TypeError, zlib.error):
            return False
        if width != 5 + 4 * TABLE_DEALS or len(values) != n * (self.money + 1):
            return False
        if sys.byteorder == "big":
            values.byteswap()
        self._rows = {blob[i * width:(i + 1) * width]: i for i in range(n)}
        self._table = values
        self._table_keys = (blob[:n * width], width)
        if self._fast is not None:              # the compiled solver starts from them too
            self._fast.load(blob[:n * width], width, values)
        return True

    def forget_beyond(self, states: int) -> bool:
        """When the compiled solver keeps more than ``states`` states, forget all but the
        table's (memory stays bounded over a long run; what is forgotten is solved again when
        needed); True if it did."""
        if self._fast is None or self._fast.states <= states:
            return False
        self._fast.clear()
        self._solved.clear()
        if self._table_keys is not None:
            keys, width = self._table_keys
            self._fast.load(keys, width, self._table)
        return True

    def table_values(self, orig: tuple, deals: tuple) -> list[float] | None:
        """A state's walking values in the loaded table (None: not in it)."""
        row = self._rows.get(table_key(orig, deals) or b"")
        if row is None:
            return None
        width = self.money + 1
        return self._table[row * width:(row + 1) * width].tolist()

    @property
    def ready(self) -> bool:
        """Whether the states from the start are known (a table read or the start solved)."""
        return bool(self._rows) or (self.cards, (), self.align) in self._solved

    def _known(self, orig: tuple, deals: tuple, align_left: int
               ) -> tuple[list[float], list[float]]:
        """A state's values if solved (here or by the compiled solver) or in the table;
        :class:`Unsolved` otherwise."""
        key = (orig, deals, align_left)
        got = self._solved.get(key)
        if got is not None:
            return got
        W = self.table_values(orig, deals) if align_left == 0 else None
        if W is None:
            try:
                solved = self._fast.lookup(orig, deals, align_left) if self._fast else None
            except ValueError:                  # more deals than the compiled solver holds
                solved = None
            if solved is None:
                raise Unsolved(key)
            got = self._solved[key] = solved
            return got
        a_up = self.cards[4] - orig[4] - sum(d[2] for d in deals)
        got = self._solved[key] = (self.turn_values(a_up, W), W)
        return got

    # ----- the values -------------------------------------------------------------------
    def solve(self, orig: tuple, deals: tuple, align_left: int | None = None
              ) -> tuple[list[float], list[float]]:
        """(T, W): the win chance per money at a turn's start (tax due) and while walking."""
        key = (orig, deals, self.align if align_left is None else align_left)
        got = self._solved.get(key)
        if got is None and self._fast is not None:
            got = self._compiled(key)
        if got is None:
            limit = sys.getrecursionlimit()
            if limit < 20000:
                sys.setrecursionlimit(20000)      # states nest a few hundred calls deep
            try:
                got = self._solve(*key)
            finally:
                sys.setrecursionlimit(limit)
        return got

    def solve_within(self, orig: tuple, deals: tuple, budget: int) -> bool:
        """Whether a state's values are known once the compiled solver has solved at most
        ``budget`` new states for it (those it solved are kept: a later call goes on where this
        one stopped). Always False without the compiled solver."""
        try:
            self._known(orig, deals, self.align)
            return True
        except Unsolved:
            pass
        return self._fast is not None and self._compiled((orig, deals, self.align),
                                                          budget) is not None

    def _compiled(self, key: tuple, budget: int = 0) -> tuple[list[float], list[float]] | None:
        """A state solved by the compiled solver (None: more than ``budget`` new states were
        needed, when one is given, or more deals than it holds)."""
        try:
            got = self._fast.solve(*key, budget)
        except ValueError:
            return None
        if got is not None:
            self._solved[key] = got
        return got

    def _solve(self, orig: tuple, deals: tuple, align_left: int
               ) -> tuple[list[float], list[float]]:
        got = self._solved.get((orig, deals, align_left))
        if got is not None:
            return got
        try:
            return self._known(orig, deals, align_left)
        except Unsolved:
            pass
        got = self._compiled((orig, deals, align_left)) if self._fast is not None else None
        if got is not None:
            return got
        return self._values((orig, deals, align_left),
                            self.group_outcomes(orig, deals, align_left))

    def _values(self, key: tuple, groups: list[list[Outcome]]
                ) -> tuple[list[float], list[float]]:
        """Solve state ``key`` from its groups' outcomes (every state they lead to known)."""
        orig, deals, _ = key
        a_up = self.cards[4] - orig[4] - sum(d[2] for d in deals)
        if groups:
            vectors = [self.group_vector(outs) for outs in groups]
            fixed = list(map(max, *vectors)) if len(vectors) > 1 else vectors[0]
        else:
            fixed = [0.0] * (self.money + 1)
        W = fixed[:]
        for _ in range(100000):
            T = self.turn_values(a_up, W)
            W2 = list(map(max, fixed, T))
            done = max(map(abs, map(float.__sub__, W, W2))) < 1e-13
            W = W2
            if done:
                break
        got = self._solved[key] = (self.turn_values(a_up, W), W)
        return got

    def turn_values(self, a_up: int, W: list[float]) -> list[float]:
        """Start-of-turn win chances per money, from the walking ones ``W``: tax, then the die
        (a die Hisenda cannot pay is a DUI: won)."""
        tax = self.tax_atc if a_up else self.tax
        n = self.money + 1 - tax                     # the moneys that can pay the tax
        if n <= 0:
            return [0.0] * (self.money + 1)
        ext = W + [1.0] * max(d for d, _ in self.die)   # past all the money: a DUI, won
        if len(self.die) == 3:               # summed in the die's order, as one x at a time
            (d1, p1), (d2, p2), (d3, p3) = self.die
            v = [p1 * a + p2 * b + p3 * c for a, b, c in
                 zip(ext[d1:d1 + n], ext[d2:d2 + n], ext[d3:d3 + n], strict=True)]
        else:
            v = [0.0] * n
            for d, pr in self.die:
                v = [a + pr * b for a, b in zip(v, ext[d:d + n], strict=True)]
        return [0.0] * tax + v

    def group_vector(self, outs: list[Outcome]) -> list[float]:
        """:meth:`group_value` for every money at once (the same sums in the same order)."""
        width, eco = self.money + 1, self.eco
        terms = []
        for pr, kind, arr in outs:
            if arr is None:
                arr = [1.0] * width                      # the consulta: won at every money
            elif kind == "K":
                arr = list(arr[eco:]) + [1.0] * eco      # a payout Hisenda cannot make: won
            terms.append((pr, arr))
        n = len(terms)
        if n == 1:
            (p1, a1), = terms
            return [p1 * a for a in a1]
        if n == 2:
            (p1, a1), (p2, a2) = terms
            return [p1 * a + p2 * b for a, b in zip(a1, a2, strict=True)]
        if n == 3:
            (p1, a1), (p2, a2), (p3, a3) = terms
            return [p1 * a + p2 * b + p3 * c for a, b, c in zip(a1, a2, a3, strict=True)]
        if n == 4:
            (p1, a1), (p2, a2), (p3, a3), (p4, a4) = terms
            return [p1 * a + p2 * b + p3 * c + p4 * d
                    for a, b, c, d in zip(a1, a2, a3, a4, strict=True)]
        v = [0.0] * width
        for pr, arr in terms:
            v = [a + pr * b for a, b in zip(v, arr, strict=True)]
        return v

    def group_value(self, outs: list[Outcome], x: int) -> float:
        """The win chance of turning a card of a group (:meth:`group_outcomes`) with ``x`` €
        (a payout Hisenda cannot make is a DUI: won)."""
        v = 0.0
        for pr, kind, arr in outs:
            if arr is None:
                v += pr
            elif kind == "K":
                v += pr * (1.0 if self.money - x < self.eco else arr[x + self.eco])
            else:
                v += pr * arr[x]
        return v

    def group_outcomes(self, orig: tuple, deals: tuple, align_left: int | None = None,
                       known: bool = False) -> list[list[Outcome]]:
        """What turning a card of each group may lead to: one list per group (the cells never
        dealt again first, if any card other than plain Catalunya is left there, then
        ``deals`` in order) of :data:`Outcome`. With ``known`` only states already solved or
        in the table are read (:class:`Unsolved` for any other)."""
        if align_left is None:
            align_left = self.align
        n_urna, n_spain, _, n_eco, n_atc = self.cards
        u_o, s_o, m_o, k_o, a_o = orig
        pile = n_urna - u_o - sum(d[0] for d in deals)
        k_up = n_eco - k_o - sum(d[1] for d in deals)
        a_up = n_atc - a_o - sum(d[2] for d in deals)
        s_up = n_spain - s_o - sum(d[3] for d in deals)
        won = pile + 1 >= n_urna
        solve = self._known if known else self._solve

        def spain(new_orig: tuple, new_deals: list) -> list[float]:
            """T values after a Spain event (its card already taken out of its group)."""
            best = solve(new_orig, norm([*new_deals, (pile, k_up, a_up, 0)]), align_left)[0]
            if align_left and s_up:
                for j in range(1, s_up + 1):
                    alt = solve(new_orig, norm([*new_deals, (pile, k_up, a_up, 1 + j)]),
                                align_left - 1)[0]
                    best = [max(a, b) for a, b in zip(best, alt, strict=True)]
            return best

        def ends(new_orig: tuple, new_deals: list) -> list[float]:
            return solve(new_orig, norm(new_deals), align_left)[0]

        def walks(new_orig: tuple, new_deals: list) -> list[float]:
            return solve(new_orig, norm(new_deals), align_left)[1]

        groups = []
        n_o = u_o + s_o + m_o + k_o + a_o
        if n_o:
            d = list(deals)
            outs: list[Outcome] = []
            if u_o:
                outs.append((u_o / n_o, "T", None if won else
                             ends((u_o - 1, s_o, m_o, k_o, a_o), d)))
            if s_o:
                outs.append((s_o / n_o, "S", spain((u_o, s_o - 1, m_o, k_o, a_o), d)))
            if m_o:
                outs.append((m_o / n_o, "T", ends((u_o, s_o, m_o - 1, k_o, a_o), d)))
            if k_o:
                outs.append((k_o / n_o, "K", walks((u_o, s_o, m_o, k_o - 1, a_o), d)))
            if a_o:
                outs.append((a_o / n_o, "W", walks((u_o, s_o, m_o, k_o, a_o - 1), d)))
            groups.append(outs)
        for i, (u, k, a, s) in enumerate(deals):
            n = u + k + a + s
            rest = list(deals[:i]) + list(deals[i + 1:])
            outs = []
            if u:
                outs.append((u / n, "T", None if won else ends(orig, [*rest, (u - 1, k, a, s)])))
            if k:
                outs.append((k / n, "K", walks(orig, [*rest, (u, k - 1, a, s)])))
            if a:
                outs.append((a / n, "W", walks(orig, [*rest, (u, k, a - 1, s)])))
            if s:
                outs.append((s / n, "S", spain(orig, [*rest, (u, k, a, s - 1)])))
            groups.append(outs)
        return groups

    def start_value(self, money: int) -> float:
        """The best win chance from a game's start with ``money`` € (tax due)."""
        return self.solve(self.cards, ())[0][money]


def _compiled_solver(relaxed: RelaxedSolo) -> Any:
    """The compiled solver for ``relaxed``'s numbers (None: not built, or numbers it cannot
    hold)."""
    try:
        from ludoteca.agents._som_relaxed import Solver
    except ImportError:
        return None
    try:
        return Solver(relaxed.money, relaxed.tax, relaxed.tax_atc, relaxed.eco,
                      [(d, float(p)) for d, p in relaxed.die], relaxed.cards, relaxed.align)
    except (ValueError, TypeError, OverflowError):
        return None


_SHARED: dict[Any, RelaxedSolo] = {}


def relaxed_for(K: Any) -> RelaxedSolo:
    """The relaxed game of tables ``K``, one per content in each process (its states kept;
    the shipped table read when its numbers are ``K``'s)."""
    key = K.key
    got = _SHARED.get(key)
    if got is None:
        got = _SHARED[key] = RelaxedSolo.for_tables(K)
        got.load_table(TABLE)
    return got


__all__ = ["TABLE", "Outcome", "RelaxedSolo", "Unsolved", "norm", "relaxed_for", "table_key"]
