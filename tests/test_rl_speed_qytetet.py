"""Qytetet's and Civitas's direct writer keeps the whole vector per game and seat and
rewrites only what changed (streets, the seats' rows, the turn): one writer (as environments
share it) and its float32 form asked about several live games in turn (other player counts,
every seat), games dealt anew, streets changed by hand (owner, buildings, mortgage), a clone
played beside its original, more games than it keeps, ``arrange()`` between calls, a board of
one's own beside the shipped one and two observers of one game: every vector equals the
view's encoding, byte for byte."""

from __future__ import annotations

import random
from array import array
from decimal import Decimal

import pytest

import ludoteca
from ludoteca.observation.direct.monopoly import writer
from ludoteca.observation.encoders import encoder_for
from ludoteca.observation.observer import Observer


def _checker(enc, write, kept):
    """``check(g)``: every seat's vector from ``write`` (float64 scratch) and from its float32
    form into the stale buffer ``kept`` equals the view's encoding; returns the last one."""
    write32 = write.float32

    def check(g) -> bytes:
        n = len(g.names)
        for seat in range(n):
            ref = enc.encode(g.view(seat), seat, n).tobytes()
            buf = enc.scratch()
            write(g, seat, buf)
            assert enc.finish(buf).tobytes() == ref
            write32(g, seat, kept)
            assert kept.tobytes() == ref
        return ref
    return check


@pytest.mark.parametrize("gid", ["qytetet", "civitas"])
def test_one_writer_follows_every_game_and_seat(gid):
    enc, write = encoder_for(gid), writer(gid)
    write32 = write.float32
    assert write32.float32 is write32 and write32.bounded
    kept = array("f", [7.0] * enc.size)          # one buffer, reused: stale values
    check = _checker(enc, write, kept)

    def deal(i: int, seed: int):
        n = (2, 3, 4, 4)[i]
        opts = {"max_rounds": 30} if i == 3 else {}
        return ludoteca.new_game(gid, players=n, seed=seed, options=opts)

    def play(g, rng, steps=1) -> None:
        for _ in range(steps):
            if g.is_over:
                return
            s = g.to_move[0]
            g.apply(rng.choice(g.legal_actions(s)), seat=s)

    games = [deal(i, i) for i in range(4)]
    rngs = [random.Random(i) for i in range(4)]
    edits = dict.fromkeys(("dealt", "owner", "houses", "mortgage", "clone", "many"), 0)
    for step in range(500):
        for i, g in enumerate(games):
            if g.is_over:
                games[i] = g = deal(i, 100 + step)
                edits["dealt"] += 1
            check(g)
            play(g, rngs[i], 1 + step % 3)
        g = games[2]
        streets = list(g.board.streets)
        if step % 50 == 25 and not g.is_over:      # by hand: an owner, buildings, a mortgage
            j = streets[step % len(streets)]
            g.owner[j] = (g.owner[j] + 2) % len(g.names)
            edits["owner"] += 1
            k = streets[(step + 1) % len(streets)]
            if g.owner[k] >= 0:
                g.houses[k] = (g.houses[k] + 1) % 5
                edits["houses"] += 1
            m = streets[(step + 2) % len(streets)]
            if g.owner[m] >= 0:
                g.mortgage[m] = None if g.mortgage[m] is not None else Decimal("150.5")
                edits["mortgage"] += 1
            g._legal = None
            check(g)
        if step % 100 == 60 and not games[3].is_over:   # a clone beside its original
            h = games[3].clone()
            rng = random.Random(step)
            for _ in range(20):
                check(h)
                play(h, rng)
                check(games[3])
            edits["clone"] += 1
        if step == 300:                                  # more games than the writer keeps
            for seed in range(40):
                g = deal(seed % 4, 5000 + seed)
                play(g, random.Random(seed), 30)
                check(g)
                edits["many"] += 1
    assert all(edits.values()), edits


@pytest.mark.parametrize("gid", ["qytetet", "civitas"])
def test_writer_follows_arrange_own_boards_and_two_observers(gid):
    enc, write = encoder_for(gid), writer(gid)
    kept = array("f", [7.0] * enc.size)
    mine = ludoteca.new_game(gid, players=2, seed=0).board.source
    for old, new in (("purchasePrice = 500", "purchasePrice = 777.5"),
                     ("baseRent = 50\n", "baseRent = 55.5\n"),
                     ("baseMortgage = 150\n", "baseMortgage = 150.5\n")):
        assert mine.count(old) == 1
        mine = mine.replace(old, new)
    opts = {"board": {"source": "mine.toml", "toml": mine}}
    observers = [Observer(gid, 104), Observer(gid, 104)]

    check_writer = _checker(enc, write, kept)

    def check(g) -> bytes:
        n = len(g.names)
        ref = check_writer(g)
        for seat, ob in enumerate(observers):       # each its seat, the shared writer
            ob.forget()
            assert ob.observe(g, seat)["observation"].tobytes() == \
                enc.encode(g.view(seat), seat, n).tobytes()
        return ref

    differ = arranged = 0
    for seed in range(4):
        shipped = ludoteca.new_game(gid, players=3, seed=seed)
        own = ludoteca.new_game(gid, players=3, seed=seed, options=opts)
        streets = list(shipped.board.streets)
        for k in range(3):                          # arranged between calls (before play)
            check(shipped)
            j, i = streets[(seed + 2 * k) % len(streets)], streets[(seed + 5) % len(streets)]
            shipped.arrange(balances={k: 1234.5 + seed}, positions={1: (seed + 7 * k) % 20},
                            owners={j: (seed + k) % 3, i: None if k else 1},
                            houses={j: (seed + k) % 5}, mortgaged={i: k == 1},
                            escape_holder=None if k % 2 else 2, current=k)
            arranged += 1
        rng = random.Random(seed)
        for _ in range(300):
            if shipped.is_over or own.is_over:
                break
            differ += check(shipped) != check(own)
            for g in (shipped, own):
                s = g.to_move[0]
                g.apply(rng.choice(g.legal_actions(s)), seat=s)
    assert differ and arranged
