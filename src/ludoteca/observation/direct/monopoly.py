"""Qytetet and Civitas written straight from the state (see the package's docstring). The
view shows everything but the surprise deck's order, and so does this: it reads positions,
balances, titles, buildings, mortgages, the phase, the die, the round and the deck's size.
The squares' printed prices never change: their part of the vector is computed once per board;
the squares' part as a whole is kept per observer with the streets' state it shows (owners,
buildings, mortgages: C-speed list comparisons), and brought up to date street by street when
that state changes (most actions, rolls, moves and payments, leave it unchanged); rents and
sale prices are remembered per (square, houses, hotels)."""

from __future__ import annotations

from array import array
from decimal import Decimal
from itertools import compress
from operator import ne
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
        slots = tuple((j, s_owner + j * s_stride, s_houses + j * s_stride,
                       s_hotels + j * s_stride, s_mortgaged + j * s_stride,
                       s_received + j * s_stride, s_rent + j * s_stride, s_sale + j * s_stride)
                      for j in streets)
        # rents and sale prices by (square, houses, hotels); each street's slot by square
        memo: dict[Any, Any] = {"rules": game.rules, "slots": {t[0]: t for t in slots}}
        statics[id(board)] = (buf, slots, memo, board)
        return buf, slots, memo

    last: list[Any] = [None, None, None]        # the board, rules and static part last used
    # per (game, observer): [static part, n, owner, houses, hotels, mortgage, the squares'
    # part, titles, the game (kept alive: its id is no other's)]; the last made per observer
    kept: dict[tuple[int, int], list[Any]] = {}
    last_kept: dict[int, list[Any]] = {}

    def street(sec: array, slot: tuple[int, ...], game: Any, me: int, n: int, before: int,
               dynamic: dict) -> None:
        """Street ``slot[0]``'s values in the squares' part ``sec`` (offsets from ``sq0``),
        rewritten whole; ``before``: the owner ``sec`` showed (its mark is cleared)."""
        j, bo, bh, bt, bm, br, brent, bsale = slot
        bo -= sq0
        if before != NOBODY:
            sec[bo + (before - me) % n] = 0.0
        o = game.owner[j]
        if o != NOBODY:
            sec[bo + (o - me) % n] = 1.0
        h, t = game.houses[j], game.hotels[j]
        sec[bh - sq0] = h / 4.0
        sec[bt - sq0] = t / 2.0
        m = game.mortgage[j]
        if m is not None:
            sec[bm - sq0] = 1.0
            sec[br - sq0] = _clip(J(m) / 1000.0)
        else:
            sec[bm - sq0] = sec[br - sq0] = 0.0
        key = (j, h, t)
        got = dynamic.get(key)
        if got is None:
            got = dynamic[key] = (_clip(J(game.rent_of(j)) / 1000.0),
                                  _clip(J(game.sale_price_of(j)) / 1000.0))
        sec[brent - sq0], sec[bsale - sq0] = got

    def titles_of(game: Any, n: int) -> list[Decimal]:
        """Each seat's title values, summed in board order as ``score`` sums them (all 0
        when the ranking is by balance)."""
        titles = [Decimal(0)] * n
        if game.rules.ranked_by_capital:
            owner = game.owner
            for k in game.board.streets:
                o = owner[k]
                if o != NOBODY:
                    titles[o] += game.title_value(k)
        return titles

    def squares(game: Any, me: int, n: int, base: array, slots: tuple[tuple[int, ...], ...],
                dynamic: dict) -> list[Any]:
        """The squares' part as observer ``me`` sees ``game`` and the title values, kept with
        the streets' state they show; a game seen for the first time starts from the record
        made last for this observer (or from the printed values), and only the streets whose
        owner, buildings or mortgage differ are rewritten."""
        owner, houses, hotels, mortgage = game.owner, game.houses, game.hotels, game.mortgage
        rec = kept.get((id(game), me))
        if rec is None or rec[8] is not game:
            like = last_kept.get(me)
            if like is not None and like[0] is base and like[1] == n:
                rec = [base, n, like[2], like[3], like[4], like[5], like[6][:], like[7], game]
            else:
                rec = [base, n, owner[:], houses[:], hotels[:], mortgage[:], base[sq0:],
                       titles_of(game, n), game]
                for slot in slots:
                    street(rec[6], slot, game, me, n, NOBODY, dynamic)
            if len(kept) >= 64:
                del kept[next(iter(kept))]
            kept[(id(game), me)] = last_kept[me] = rec
        if owner == rec[2] and houses == rec[3] and hotels == rec[4] and mortgage == rec[5]:
            return rec
        changed = set()
        for now, before in ((owner, rec[2]), (houses, rec[3]), (hotels, rec[4]),
                            (mortgage, rec[5])):
            if now != before:
                changed.update(compress(range(len(now)), map(ne, now, before)))
        sec, at, was = rec[6], dynamic["slots"], rec[2]
        for j in changed:
            slot = at.get(j)
            if slot is not None:
                street(sec, slot, game, me, n, was[j], dynamic)
        rec[2:6] = owner[:], houses[:], hotels[:], mortgage[:]
        rec[7] = titles_of(game, n)
        last_kept[me] = rec
        return rec

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
        rec = squares(game, me, n, base, slots, dynamic)
        titles = rec[7]                          # score(s) = balance + these
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
        out[sq0:] = rec[6]                       # the squares as this seat sees them

    write.bounded = True                         # every value clipped to ±LIMIT here
    return write
