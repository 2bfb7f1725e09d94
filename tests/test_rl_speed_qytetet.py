"""Qytetet's and Civitas's direct writer keeps the squares' part per game and observer and
rewrites only the streets that changed: one writer (as environments share it) asked about
several live games in turn (other player counts, every seat), games dealt anew, streets
changed by hand (owner, buildings, mortgage), a clone played beside its original, and more
games than it keeps: every vector equals the view's encoding, byte for byte."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

import ludoteca
from ludoteca.observation.direct.monopoly import writer
from ludoteca.observation.encoders import encoder_for


@pytest.mark.parametrize("gid", ["qytetet", "civitas"])
def test_one_writer_follows_every_game_and_seat(gid):
    enc, write = encoder_for(gid), writer(gid)

    def check(g) -> None:
        n = len(g.names)
        for seat in range(n):
            buf = enc.scratch()
            write(g, seat, buf)
            assert enc.finish(buf).tobytes() == enc.encode(g.view(seat), seat, n).tobytes()

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
