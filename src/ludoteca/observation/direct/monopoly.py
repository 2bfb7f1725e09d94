"""Qytetet and Civitas written straight from the state (see the package's docstring). The
view shows everything but the surprise deck's order, and so does this: it reads positions,
balances, titles, buildings, mortgages, the phase, the die, the round and the deck's size.
The squares' printed prices never change: their part of the vector is computed once per board;
the squares' part as a whole is remembered per state of the streets (owners, buildings,
mortgages) and observer, and most actions (rolls, moves, payments) leave it unchanged; rents,
sale prices and title values are remembered per (square, houses, hotels)."""

from __future__ import annotations

from array import array
from decimal import Decimal
from typing import Any

from ludoteca.core.money import to_json_number as J
from ludoteca.games.monopoly.state import NOBODY, PHASE_NAMES

from ..encoders import encoder_for
from ..encoding import LIMIT


def _clip(v: float) -> float:
    """``v`` within ±LIMIT (the writer is ``bounded``: the Observer then only casts)."""
    return v if -LIMIT <= v <= LIMIT else (LIMIT if v > 0 else -LIMIT)


def _run(v: Any, scale: float) -> float | None:
    """A number as a fused run of the encoder writes it (None: not written), clipped."""
    if v is None:
        return None
    return (1.0 if v else 0.0) if (v is True or v is False) else _clip(v / scale)


def _remember(memo: dict[Decimal, float], amount: Decimal) -> float:
    """``J(amount) / 10000`` (a balance or a capital in the vector), remembered."""
    if len(memo) > 50_000:
        memo.clear()
    v = memo[amount] = _clip(J(amount) / 10000.0)
    return v


def writer(game_id: str):
    enc = encoder_for(game_id)
    rows = {r.name: r for r in enc.layout()}
    fields = {f.name: f for f in enc.fields}

    def off(name: str) -> int:
        return rows[name].offset

    phase_index = fields["phase"].index
    roll_index = fields["last_roll"].index
    o_phase, o_current, o_to_move, o_roll = off("phase"), off("current"), off("to_move"), \
        off("last_roll")
    o_can_buy, o_round, o_max, o_deck = off("can_buy"), off("round"), off("max_rounds"), \
        off("deck_size")
    p_present, p_stride = off("players[i].present"), rows["players[i].balance"].stride
    p_bal, p_cap, p_pos = off("players[i].balance"), off("players[i].capital"), \
        off("players[i].position")
    p_jail, p_card = off("players[i].in_jail"), off("players[i].holds_salir_carcel")
    n_slots = fields["players"].length
    n_positions = len(fields["players"].fields[2].choices)
    s_present, s_stride = off("squares[i].present"), rows["squares[i].type"].stride
    s_owner, s_houses, s_hotels = off("squares[i].owner"), off("squares[i].houses"), \
        off("squares[i].hotels")
    s_mortgaged, s_received = off("squares[i].mortgaged"), off("squares[i].mortgage_received")
    s_rent, s_sale = off("squares[i].rent"), off("squares[i].sale_price")
    n_squares = fields["squares"].length
    sq0 = s_present                             # the squares are the vector's last part
    assert sq0 + n_squares * s_stride == enc.size
    top_zeros = array("d", bytes(8 * sq0))
    money: dict[Decimal, float] = {}
    statics: dict[int, tuple[array, tuple[tuple[int, ...], ...], dict, Any]] = {}

    def static_part(game: Any) -> tuple[array, tuple[tuple[int, ...], ...], dict]:
        """The squares' printed values (the vector's part that never changes) and a memo of
        rents and sale prices, per board."""
        board = game.board
        got = statics.get(id(board))
        if got is not None and got[3] is board and got[2].get("rules") is game.rules:
            return got[0], got[1], got[2]
        buf = array("d", bytes(8 * enc.size))
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
        memo: dict[Any, Any] = {"rules": game.rules, "streets": {}}
        slots = tuple((j, s_owner + j * s_stride, s_houses + j * s_stride,
                       s_hotels + j * s_stride, s_mortgaged + j * s_stride,
                       s_received + j * s_stride, s_rent + j * s_stride, s_sale + j * s_stride)
                      for j in streets)
        statics[id(board)] = (buf, slots, memo, board)
        return buf, slots, memo

    last: list[Any] = [None, None, None]        # the board, rules and static part last used

    def write(game: Any, seat: int, out: Any) -> None:
        if game.board is last[0] and game.rules is last[1]:
            base, slots, dynamic = last[2]
        else:
            base, slots, dynamic = last[2] = static_part(game)
            last[0], last[1] = game.board, game.rules
        out[:sq0] = top_zeros
        n = len(game.names)
        me = seat
        out[o_phase + phase_index[PHASE_NAMES[game.phase]]] = 1.0
        cur = game.current
        out[o_current + (cur - me) % n] = 1.0
        for s in game.to_move:
            out[o_to_move + (s - me) % n] = 1.0
        roll = game.last_roll
        if roll is not None:
            i = roll_index.get(roll)
            if i is not None:
                out[o_roll + i] = 1.0
        out[o_can_buy] = 1.0 if game.can_buy_now() else 0.0
        v = (game.turns // n + 1) / 100.0        # (clipped inline: ±LIMIT, as _clip does)
        out[o_round] = v if v <= LIMIT else LIMIT
        rounds = game.max_rounds
        if rounds is not None:
            out[o_max] = _run(rounds, 100.0)
        v = len(game.deck) / 10.0
        out[o_deck] = v if v <= LIMIT else LIMIT
        capital = game.rules.ranked_by_capital
        owner, houses, hotels, mortgage = game.owner, game.houses, game.hotels, game.mortgage
        skey = (n, tuple(owner), tuple(houses), tuple(hotels), tuple(mortgage))
        streets_memo = dynamic["streets"]
        entry = streets_memo.get(skey)
        if entry is None:
            if len(streets_memo) > 4096:
                streets_memo.clear()
            titles = [Decimal(0)] * n
            if capital:                          # score(s) = balance + these, in this order
                for k in game.board.streets:     # (each seat's streets in board order)
                    o = owner[k]
                    if o != NOBODY:
                        titles[o] += game.title_value(k)
            entry = streets_memo[skey] = (titles, {})
        titles, sections = entry
        for s in range(n):
            j = (s - me) % n
            if j >= n_slots:
                continue
            b = j * p_stride
            out[p_present + b] = 1.0
            bal = game.bal[s]
            v = money.get(bal)
            if v is None:
                v = _remember(money, bal)
            out[p_bal + b] = v
            if capital:                          # score(s), with memoised title values
                total = bal + titles[s]
                v = money.get(total)
                if v is None:
                    v = _remember(money, total)
                out[p_cap + b] = v
            pos = game.pos[s]
            if 0 <= pos < n_positions:
                out[p_pos + b + pos] = 1.0
            out[p_jail + b] = 1.0 if game.jailed[s] else 0.0
            out[p_card + b] = 1.0 if game.escape_holder == s else 0.0
        section = sections.get(me)
        if section is not None:                  # the squares as this seat saw them before
            out[sq0:] = section
            return
        out[sq0:] = base[sq0:]
        for j, bo, bh, bt, bm, br, brent, bsale in slots:
            o = owner[j]
            if o != NOBODY:
                out[bo + (o - me) % n] = 1.0
            h, t = houses[j], hotels[j]
            out[bh] = h / 4.0
            out[bt] = t / 2.0
            m = mortgage[j]
            if m is not None:
                out[bm] = 1.0
                out[br] = _clip(J(m) / 1000.0)
            key = (j, h, t)
            got = dynamic.get(key)
            if got is None:
                got = dynamic[key] = (_clip(J(game.rent_of(j)) / 1000.0),
                                      _clip(J(game.sale_price_of(j)) / 1000.0))
            out[brent], out[bsale] = got
        sections[me] = out[sq0:]

    write.bounded = True                         # every value clipped to ±LIMIT here
    return write
