"""Qytetet and Civitas written straight from the state (see the package's docstring). The
view shows everything but the surprise deck's order, and so does this: it reads positions,
balances, titles, buildings, mortgages, the phase, the die, the round and the deck's size.

Parts are remembered, so that a call writes little more than what changed since the last call
about the same game and seat:

- per board and rules, the squares' printed values (they never change) and each street's
  houses, hotels, rent, sale price and title value per (street, houses, hotels);
- per (seat, players, phase, current, to move, die, can buy, round limit) the vector's first
  part (its one-hot flags);
- per game object and seat (the last ``KEPT`` seen) a record: the whole vector as that seat
  saw it last, with the streets' state it shows (owners, buildings, mortgages), each street's
  title value counted and each seat's sum of them (Qytetet's capital is balance + that sum),
  and each seat's row as written (balance, title values, position, jail, card). Every call
  compares the game's lists with the record's (C-speed list comparisons) and rewrites only
  the streets that changed (most actions, rolls, moves and payments, leave them unchanged),
  moving their title values between seats (exact sums: the same numbers ``score`` makes),
  then the rows of the seats that changed and the turn's part, and copies the vector out as
  one slice. A game seen for the first time starts from the record made last for the same
  seat (a clone, the next game of an environment), or from the printed values.

``writer(game_id, "f")`` (the ``float32`` attribute of the one in ``DIRECT``) keeps its vector
in float32 and writes the float32 vector itself: the same values as the float64 ones cast."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from decimal import Decimal
from itertools import compress
from operator import indexOf, is_not
from typing import Any

from ludoteca.core.money import to_json_number as J
from ludoteca.games.monopoly.state import NOBODY, PHASE_NAMES

from ..encoders import encoder_for
from ..encoding import LIMIT

KEPT = 64                                       # records kept per writer (games × seats)
ZERO = Decimal(0)


def _clip(v: float) -> float:
    """``v`` within ±LIMIT (the writer is ``bounded``: the Observer then only casts)."""
    return v if -LIMIT <= v <= LIMIT else (LIMIT if v > 0 else -LIMIT)


def _run(v: Any, scale: float) -> float | None:
    """A number as a fused run of the encoder writes it (None: not written), clipped."""
    if v is None:
        return None
    return (1.0 if v else 0.0) if (v is True or v is False) else _clip(v / scale)


def _changed(now: list[Any], was: list[Any]) -> list[int]:
    """Where ``now`` holds other objects than ``was`` (of its length, and ``now != was``):
    the first found in C, then the rest compared as one slice (most changes are of one
    item). Told apart by identity: an equal value told apart is only written again."""
    j = indexOf(map(is_not, now, was), True)
    k = j + 1
    if now[k:] == was[k:]:
        return [j]
    return [j, *compress(range(k, len(now)), map(is_not, now[k:], was[k:]))]


class _Record:
    """The vector one seat saw of one game last, and the state it shows."""

    __slots__ = ("game", "static", "n", "capital", "owner", "houses", "hotels", "mortgage",
                 "values", "titles", "keys", "rows", "vec")

    def __init__(self, game: Any, static: tuple[Any, ...], n: int, lists: tuple[list, ...],
                 values: list[Decimal], titles: list[Decimal], vec: array) -> None:
        self.game = game                        # (kept alive: its id is no other's)
        self.static, self.n = static, n         # (a game's board and rules never change)
        self.capital = game.rules.ranked_by_capital
        self.rows: list[tuple[int, int]] = []   # (seat, its row's offset) for the seats shown
        self.owner, self.houses, self.hotels, self.mortgage = lists
        self.values = values                    # each square's title value (0: no street)
        self.titles = titles                    # each seat's title values, summed (0 when
                                                # the ranking is by balance)
        self.keys: list[Any] = [None] * n       # each seat's row as written (None: not yet)
        self.vec = vec


def writer(game_id: str, typecode: str = "d") -> Callable[[Any, int, Any], None]:
    """``write(game, seat, buf)``: the whole vector of ``seat``'s view into ``buf``, an
    ``array(typecode)``: ``"d"`` (the float64 scratch; its ``float32`` attribute is the same
    writer for ``"f"``) or ``"f"`` (the float32 vector itself: its parts are kept in float32,
    every value stored the float64 one cast, as ``Encoder.finish`` casts)."""
    isz = array(typecode).itemsize
    enc = encoder_for(game_id)
    rows = {r.name: r for r in enc.layout()}
    fields = {f.name: f for f in enc.fields}

    def off(name: str) -> int:
        return rows[name].offset

    phase_index = fields["phase"].index
    phase_at = [off("phase") + phase_index[name] for name in PHASE_NAMES]
    roll_at = {roll: off("last_roll") + i for roll, i in fields["last_roll"].index.items()}
    o_current, o_to_move = off("current"), off("to_move")
    o_can_buy, o_round, o_max, o_deck = off("can_buy"), off("round"), off("max_rounds"), \
        off("deck_size")
    p_present, p_stride = off("players[i].present"), rows["players[i].balance"].stride
    d_bal, d_cap, d_pos = (off(f"players[i].{name}") - p_present
                           for name in ("balance", "capital", "position"))
    d_jail, d_card = (off(f"players[i].{name}") - p_present
                      for name in ("in_jail", "holds_salir_carcel"))
    n_slots = fields["players"].length
    n_positions = len(fields["players"].fields[2].choices)
    s_present, s_stride = off("squares[i].present"), rows["squares[i].type"].stride
    s_owner, s_houses, s_hotels = off("squares[i].owner"), off("squares[i].houses"), \
        off("squares[i].hotels")
    s_mortgaged, s_received = off("squares[i].mortgaged"), off("squares[i].mortgage_received")
    s_rent, s_sale = off("squares[i].rent"), off("squares[i].sale_price")
    n_squares = fields["squares"].length
    assert s_present + n_squares * s_stride == enc.size   # the squares are the last part
    assert max(phase_at + list(roll_at.values()) + [o_current + n_slots - 1,
                                                    o_to_move + n_slots - 1, o_can_buy]) \
        < o_round < p_present and o_max < p_present and o_deck < p_present
    row_zeros = array(typecode, bytes(isz * p_stride))
    statics: dict[int, tuple[Any, ...]] = {}

    def static_part(game: Any) -> tuple[Any, ...]:
        """Per board and rules: the vector with the squares' printed values (the part that
        never changes), each street's offsets and the memo of ``built``."""
        board = game.board
        got = statics.get(id(board))
        if got is not None and got[4] is board and got[5] is game.rules:
            return got
        buf = array(typecode, bytes(isz * enc.size))
        type_index = fields["squares"].fields[0].index
        streets = []
        for j, sq in enumerate(board.squares[:n_squares]):
            b = j * s_stride
            buf[s_present + b] = 1.0
            t = type_index.get(sq.kind)
            if t is not None:
                buf[s_present + 1 + b + t] = 1.0
            if sq.is_street:
                streets.append(j)
                for name, value, scale in (("purchase_price", sq.price, 1000.0),
                                           ("build_price", sq.build, 1000.0),
                                           ("base_rent", sq.rent, 100.0),
                                           ("base_mortgage", sq.mortgage, 1000.0),
                                           ("factor", sq.factor, 1.0)):
                    buf[off(f"squares[i].{name}") + b] = _run(J(value), scale)
            elif sq.kind == "IMPUESTO":
                buf[off("squares[i].tax") + b] = _run(J(sq.tax), 1000.0)
        slots = tuple((j, s_owner + j * s_stride, s_houses + j * s_stride,
                       s_hotels + j * s_stride, s_mortgaged + j * s_stride,
                       s_received + j * s_stride, s_rent + j * s_stride, s_sale + j * s_stride)
                      for j in streets)
        # each street's built values by (street, houses, hotels); each street's slot by square
        got = statics[id(board)] = (buf, slots, {}, {t[0]: t for t in slots}, board,
                                    game.rules)
        return got

    kept: dict[tuple[int, int], _Record] = {}   # per (game, seat), the last ``KEPT``
    last_kept: dict[int, _Record] = {}          # per seat, the record written last

    def street(rec: _Record, slot: tuple[int, ...], game: Any, me: int, n: int,
               before: int) -> None:
        """Street ``slot[0]``'s values in ``rec``'s vector (and its title value) brought up
        to date; ``before``: the owner the vector showed."""
        j, bo, bh, bt, bm, br, brent, bsale = slot
        vec = rec.vec
        o = game.owner[j]
        if o != before:
            if before != NOBODY:
                vec[bo + (before - me) % n] = 0.0
            if o != NOBODY:
                vec[bo + (o - me) % n] = 1.0
        mortgaged(vec, slot, game.mortgage[j])
        key = (j, game.houses[j], game.hotels[j])
        got = rec.static[2].get(key)
        if got is None:
            got = built(game, key, rec.static[2])
        vec[bh], vec[bt], vec[brent], vec[bsale], value = got
        values = rec.values
        was = values[j]
        if (value is not was or o != before) and rec.capital:
            titles = rec.titles                  # (exact sums: the same numbers as
            if 0 <= before < n:                  # ``score``'s, whatever the order)
                titles[before] -= was
            if 0 <= o < n:
                titles[o] += value
            values[j] = value

    def mortgaged(vec: array, slot: tuple[int, ...], m: Decimal | None) -> None:
        """Street ``slot[0]``'s mortgage ``m`` (the amount received, None: not mortgaged)."""
        if m is not None:                        # J(m) / 1000 (as in ``seat_row``)
            vec[slot[4]] = 1.0
            v = float(m) / 1000.0 or 0.0
            vec[slot[5]] = v if -LIMIT <= v <= LIMIT else _clip(v)
        else:
            vec[slot[4]] = vec[slot[5]] = 0.0

    def built(game: Any, key: tuple[int, int, int], dynamic: dict) -> tuple[Any, ...]:
        """A street's values with ``key``'s (street, houses, hotels): houses, hotels, rent,
        sale price (as the vector shows them) and title value, remembered per board."""
        j, h, t = key
        got = dynamic[key] = (h / 4.0, t / 2.0, _clip(J(game.rent_of(j)) / 1000.0),
                              _clip(J(game.sale_price_of(j)) / 1000.0), game.title_value(j))
        return got

    def record(game: Any, me: int, n: int, static: tuple[Any, ...]) -> _Record:
        """A new record of ``game`` for seat ``me``: a copy of the one written last for this
        seat (its streets are brought up to date after), or made from the printed values."""
        like = last_kept.get(me)
        if like is not None and like.static is static and like.n == n:
            rec = _Record(game, static, n, (like.owner, like.houses, like.hotels,
                                            like.mortgage), like.values[:], like.titles[:],
                          like.vec[:])
        else:
            rec = _Record(game, static, n, (game.owner[:], game.houses[:], game.hotels[:],
                                            game.mortgage[:]), [ZERO] * len(game.owner),
                          [ZERO] * n, static[0][:])
            for slot in static[1]:
                street(rec, slot, game, me, n, NOBODY)
        rec.rows = [(s, p_present + (s - me) % n * p_stride) for s in range(n)
                    if (s - me) % n < n_slots]
        if len(kept) >= KEPT:
            del kept[next(iter(kept))]
        kept[(id(game), me)] = rec
        return rec

    def squares(rec: _Record, game: Any, me: int, n: int) -> None:
        """The streets whose owner, buildings or mortgage differ from ``rec``'s rewritten
        (with the title values); only the mortgage of those where only it differs."""
        was, at = rec.owner, rec.static[3]
        held: list[int] = []                     # the streets whose owner or buildings differ
        now = game.owner
        if now != was:
            held += _changed(now, was)
            rec.owner = now[:]
        now = game.houses
        if now != rec.houses:
            held += _changed(now, rec.houses)
            rec.houses = now[:]
        now = game.hotels
        if now != rec.hotels:
            held += _changed(now, rec.hotels)
            rec.hotels = now[:]
        for j in set(held) if len(held) > 1 else held:
            slot = at.get(j)
            if slot is not None:
                street(rec, slot, game, me, n, was[j])
        now = game.mortgage
        if now != rec.mortgage:
            for j in _changed(now, rec.mortgage):
                slot = at.get(j)
                if slot is not None and j not in held:
                    mortgaged(rec.vec, slot, now[j])
            rec.mortgage = now[:]

    def seat_row(vec: array, b: int, key: tuple[Any, ...], old: tuple[Any, ...] | None,
                 capital: bool) -> None:
        """One seat's row at ``b`` (present, balance, capital, position, jail, card) brought
        from ``old`` (its values as written; None: nothing yet) to ``key``."""
        bal, title, pos, jailed, holds = key
        if old is None:
            vec[b:b + p_stride] = row_zeros
            vec[b] = 1.0
            was, was_title, p = None, None, -1
        else:
            was, was_title, p, _, _ = old
        # a balance or a capital is J(amount) / 10000, clipped: ``float`` gives the same
        # float as ``J`` (of a whole amount, its ``int``'s; 0 for -0), and quicker
        if bal is not was:
            v = float(bal) / 10000.0 or 0.0
            vec[b + d_bal] = v if -LIMIT <= v <= LIMIT else _clip(v)
        if capital and (bal is not was or title is not was_title):
            v = float(bal + title) / 10000.0 or 0.0  # score(s) = balance + title values
            vec[b + d_cap] = v if -LIMIT <= v <= LIMIT else _clip(v)
        if pos != p:
            if 0 <= p < n_positions:
                vec[b + d_pos + p] = 0.0
            if 0 <= pos < n_positions:
                vec[b + d_pos + pos] = 1.0
        vec[b + d_jail] = 1.0 if jailed else 0.0
        vec[b + d_card] = 1.0 if holds else 0.0

    turns: dict[tuple[Any, ...], tuple[array, float]] = {}

    def turn(key: tuple[Any, ...]) -> tuple[array, float]:
        """The vector's first part (phase, current, to move, die, can buy) and the round
        limit's value, remembered per ``key`` (seat, players and what they are made from)."""
        me, n, phase, current, to_move, roll, can_buy, rounds = key
        head = array(typecode, bytes(isz * o_round))
        head[phase_at[phase]] = 1.0
        head[o_current + (current - me) % n] = 1.0
        for s in to_move:
            head[o_to_move + (s - me) % n] = 1.0
        at = roll_at.get(roll)
        if at is not None:
            head[at] = 1.0
        if can_buy:
            head[o_can_buy] = 1.0
        if len(turns) >= 10_000:
            turns.clear()
        got = turns[key] = (head, _run(rounds, 100.0) if rounds else 0.0)
        return got

    def write(game: Any, seat: int, out: Any) -> None:
        me = seat
        rec = last_kept.get(me)
        if rec is None or rec.game is not game:
            rec = kept.get((id(game), me))
            if rec is None or rec.game is not game:
                rec = record(game, me, len(game.names), static_part(game))
            last_kept[me] = rec
        n = rec.n
        if game.owner != rec.owner or game.houses != rec.houses or game.hotels != rec.hotels \
                or game.mortgage != rec.mortgage:
            squares(rec, game, me, n)
        vec = rec.vec
        key = (me, n, game.phase, game.current, game.to_move, game.last_roll,
               game.can_buy_now(), game.max_rounds)
        got = turns.get(key)
        if got is None:
            got = turn(key)
        vec[:o_round], vec[o_max] = got          # the turn: phase, seats, die, the limit
        v = (game.turns // n + 1) / 100.0        # (clipped inline: ±LIMIT, as _clip does)
        vec[o_round] = v if v <= LIMIT else LIMIT
        v = len(game.deck) / 10.0
        vec[o_deck] = v if v <= LIMIT else LIMIT
        capital = rec.capital
        bal, titles, pos, jailed, holder = game.bal, rec.titles, game.pos, game.jailed, \
            game.escape_holder
        keys = rec.keys
        for s, b in rec.rows:                    # the rows of the seats whose key changed
            key = (bal[s], titles[s], pos[s], jailed[s], holder == s)
            old = keys[s]
            if key != old:
                seat_row(vec, b, key, old, capital)
                keys[s] = key
        out[:] = vec

    write.bounded = True                         # every value clipped to ±LIMIT here
    write.float32 = write if typecode == "f" else writer(game_id, "f")
    return write
