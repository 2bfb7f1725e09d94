"""Siglo XX's direct encoder (issue 18, «fast observations»): the vector written straight from
the state is, byte for byte, ``encoder_for("sigloxx")`` applied to ``game.view(seat)`` — every
seat, every step of random episodes of 3 to 5 players with and without scoring cards,
finished games, through both paths of ``Observer``, with games observed in turn and states
changed by hand — and it reads nothing a seat may not see (ruling X9): states that differ
only in hidden information give the same vector."""

from __future__ import annotations

import random
from array import array

import ludoteca
from ludoteca.core.rng import GameRandom
from ludoteca.games.sigloxx.common import (
    MAINT_STEP,
    N_LAND,
    PH_CAT,
    PH_OVER,
    PH_RECYCLE,
    SITES,
    C,
)
from ludoteca.observation.direct import DIRECT
from ludoteca.observation.direct.sigloxx import writer
from ludoteca.observation.encoders import encoder_for
from ludoteca.observation.observer import Observer

ENC = encoder_for("sigloxx")
N_ACTIONS = ludoteca.new_game("sigloxx", players=3, seed=0).num_distinct_actions


def direct_bytes(write, g, seat) -> bytes:
    """The float32 vector ``write`` makes, from a buffer full of stale values."""
    buf = array("d", [7.0] * ENC.size)
    write(g, seat, buf)
    return ENC.finish(buf).tobytes()


def view_bytes(g, seat) -> bytes:
    return ENC.encode(g.view(seat), seat, g.n_players).tobytes()


def step(g, rng) -> None:
    seat = g.to_move[0]
    g.apply(rng.choice(g.legal_actions(seat)), seat=seat)


def test_direct_is_registered():
    assert "sigloxx" in DIRECT


def test_direct_equals_the_view_encoding_at_every_step():
    """Every seat at every step of seeded random episodes, 3–5 players, with and without
    scoring cards, up to and including the finished game; also through ``Observer`` (direct
    and view paths). The episodes must reach every part of the vector that can be non-zero."""
    write = writer()
    seen = {"maintenance": 0, "production": 0, "catastrophe": 0, "selected_land": 0,
            "selected_tech": 0, "lifted": 0, "pending": 0, "bridges": 0, "used_tech": 0,
            "over": 0, "cards": 0}
    for n in (3, 4, 5):
        for seed, options in ((n, {}), (20 + n, {"scoring_cards": True})):
            g = ludoteca.new_game("sigloxx", players=n, seed=seed, options=options)
            fast = Observer("sigloxx", N_ACTIONS)
            slow = Observer("sigloxx", N_ACTIONS, direct=False)
            assert fast.direct is DIRECT["sigloxx"] and slow.direct is None
            rng = random.Random(seed)
            while True:
                for seat in range(n):
                    ref = view_bytes(g, seat)
                    assert direct_bytes(write, g, seat) == ref, (n, seed, g.phase, seat)
                    assert fast.observe(g, seat)["observation"].tobytes() == ref
                    assert slow.observe(g, seat)["observation"].tobytes() == ref
                seen["maintenance"] += g.phase in MAINT_STEP
                seen["production"] += g.phase == PH_RECYCLE
                seen["catastrophe"] += g.phase == PH_CAT
                if g.sel is not None:
                    seen["selected_land" if g.sel[0] < N_LAND else "selected_tech"] += 1
                seen["lifted"] += g.lifted >= 0
                seen["pending"] += any(g.pend_land)
                seen["bridges"] += any(g.links)
                seen["used_tech"] += any(g.t_used)
                seen["cards"] += max(g.cards) >= 0
                if g.is_over:
                    seen["over"] += 1
                    break
                step(g, rng)
    assert all(seen.values()), seen


def test_games_observed_in_turn_and_clones():
    """One writer for several games at once (a vector environment): two episodes and clones
    of their states observed in turn give each its own vector."""
    write = writer()
    games = [ludoteca.new_game("sigloxx", players=n, seed=s) for n, s in ((3, 1), (5, 2))]
    rngs = [random.Random(1), random.Random(2)]
    for k in range(400):
        for g, rng in zip(games, rngs, strict=True):
            if g.is_over:
                continue
            seat = k % g.n_players
            assert direct_bytes(write, g, seat) == view_bytes(g, seat)
            if k % 17 == 0:
                h = g.clone()
                step(h, random.Random(k))
                assert direct_bytes(write, h, seat) == view_bytes(h, seat)
            step(g, rng)
    assert all(g.round >= 3 for g in games)


def test_a_game_first_observed_mid_game_starts_from_a_dealt_game():
    """A game the writer has not seen starts from its memo of a game as dealt with the same
    content and table (every game deals the same countries), brought up to date: equal to the
    view encoding whether first observed at the deal, a few steps in, mid-game or finished."""
    write = writer()
    rng = random.Random(5)
    checked = 0
    for first in (0, 1, 5, 60, 100_000):
        for n in (3, 5):
            write(ludoteca.new_game("sigloxx", players=n, seed=rng.randrange(10**6)), 0,
                  array("d", [0.0] * ENC.size))          # a dealt game seeds the memo
            g = ludoteca.new_game("sigloxx", players=n, seed=rng.randrange(10**6))
            k = 0
            while not g.is_over and k < first:
                s = g.to_move[0]
                g.apply(rng.choice(g.legal_actions(s)), seat=s)
                k += 1
            for _ in range(3):
                for seat in range(n):
                    assert direct_bytes(write, g, seat) == view_bytes(g, seat), (first, n, seat)
                    checked += 1
                for _ in range(4):
                    if not g.is_over:
                        s = g.to_move[0]
                        g.apply(rng.choice(g.legal_actions(s)), seat=s)
    assert checked == 5 * (3 + 5) * 3


def test_changes_by_hand_are_seen():
    """Visible state changed in place between two observations of the same game object
    (garbage, citizens, pollution, score, a technology used, a column taken): the writer's
    memory of the last observation does not hide the change."""
    write = writer()
    g = ludoteca.new_game("sigloxx", players=4, seed=7)
    rng = random.Random(7)
    while g.round < 4:
        step(g, rng)
    s = 1
    tile = g.lands[s][0]
    changes = [
        lambda: g.garbage.__setitem__(tile, (g.garbage[tile] + 1) % 4),
        lambda: g.cit.__setitem__(SITES[tile][-1], 1 - g.cit[SITES[tile][-1]]),
        lambda: g.pollution.__setitem__(s, g.pollution[s] - 1),
        lambda: g.score.__setitem__(s, g.score[s] + 5),
        lambda: g.set_aside.__setitem__(s, g.set_aside[s] + 2),
        lambda: g.col_of.__setitem__(s, 4 if g.col_of[s] != 4 else 0),
    ]
    if g.techs[s]:
        t = g.techs[s][0]
        changes.append(lambda: g.t_used_m.__setitem__(t, not g.t_used_m[t]))
    for change in changes:
        before = direct_bytes(write, g, 0)
        change()
        g.cit_ver = getattr(g, "cit_ver", 0) + 1    # the engine's own memo of incomes
        after = direct_bytes(write, g, 0)
        assert after == view_bytes(g, 0)
        assert after != before


def custom_content() -> dict:
    """The shipped content with dearer prices on every cost track, 3 more starting coins and
    tiles that hold 4 garbage: the same seats and seed give other values."""
    from importlib import resources

    text = resources.files("ludoteca.games.sigloxx").joinpath("content.toml").read_text("utf-8")
    for old, new in (("prices = [7, 6, 5, 5, 4, 4, 3, 3, 2]",
                      "prices = [9, 8, 7, 6, 5, 4, 3, 2, 1]"),
                     ("coins = 10                # XX-S.17", "coins = 13"),
                     ("tile_capacity = 3 ", "tile_capacity = 4 ")):
        assert old in text, old
        text = text.replace(old, new, 1)
    return {"source": "direct-test", "toml": text}


def test_one_buffer_across_games_contents_and_arrangements():
    """The writer remembers what a buffer holds and copies again only the parts that changed:
    one buffer (as an Observer keeps it) and one Observer observing in turn games of other
    sizes, the same seats and seed with a custom content, every seat of a game played to its
    end and then a new game, a game arranged in place after it was observed, and games that
    die (their ids come back): every vector is the view encoding's, never one game's values
    in another's vector."""
    write = writer()
    buf = array("d", [7.0] * ENC.size)
    ob = Observer("sigloxx", N_ACTIONS)

    def check(g, seat):
        ref = view_bytes(g, seat)
        write(g, seat, buf)
        assert ENC.finish(buf).tobytes() == ref, (g.n, g.phase, seat)
        assert ob.observe(g, seat)["observation"].tobytes() == ref

    shipped = ludoteca.new_game("sigloxx", players=4, seed=3)
    custom = ludoteca.new_game("sigloxx", players=4, seed=3,
                               options={"content": custom_content()})
    five = ludoteca.new_game("sigloxx", players=5, seed=11, options={"scoring_cards": True})
    games = [shipped, custom, five]
    rngs = [random.Random(3), random.Random(3), random.Random(11)]
    differ = 0
    for k in range(250):
        for g, rng in zip(games, rngs, strict=True):
            if not g.is_over:
                check(g, g.to_move[0])
                check(g, k % g.n)
                step(g, rng)
        differ += view_bytes(shipped, 0) != view_bytes(custom, 0)
    assert differ > 100                     # the custom content shows other values
    rng = random.Random(5)
    while not shipped.is_over:              # to the end: then everyone's coins are shown
        check(shipped, shipped.to_move[0])
        step(shipped, rng)
    for seat in range(4):
        check(shipped, seat)
    g = ludoteca.new_game("sigloxx", players=4, seed=8)
    for seat in (0, 3, 1):
        check(g, seat)
    g.arrange(coins={0: 40}, science={0: 9}, score={1: 30}, set_aside={2: 3},
              pollution={0: -3}, bridges_held={3: 1})
    for seat in range(4):
        check(g, seat)
    for seed in range(6):                   # short-lived games: ids are used again
        g = ludoteca.new_game("sigloxx", players=3 + seed % 3, seed=100 + seed)
        rng = random.Random(seed)
        for _ in range(30):
            check(g, g.to_move[0])
            step(g, rng)
        check(g, 0)
        del g
    # an object that takes another game's state and content, as a new game at a dead one's
    # address would: the writer's memory of that id holds no longer
    g = ludoteca.new_game("sigloxx", players=3, seed=1)
    other = ludoteca.new_game("sigloxx", players=3, seed=1, options={"content": custom_content()})
    for seat in range(3):
        check(g, seat)
    assert view_bytes(g, 0) != view_bytes(other, 0)
    g.__dict__.update(other.__dict__)
    for seat in range(3):
        check(g, seat)


def test_countries_arranged_after_observation():
    """A game observed, then arranged in place — countries grown with citizens and garbage,
    garbage on a start tile, pending lands — and played on: the writer's per-seat readers of
    its tiles' garbage and citizens (made when a country's tiles change) follow; two writers
    and an Observer agree with the view encoding, then on another table."""
    writers = [writer(), writer()]
    buf = array("d", [7.0] * ENC.size)
    ob = Observer("sigloxx", N_ACTIONS)

    def check(g, seat):
        ref = view_bytes(g, seat)
        for write in writers:
            write(g, seat, buf)
            assert ENC.finish(buf).tobytes() == ref, (g.phase, seat)
        assert ob.observe(g, seat)["observation"].tobytes() == ref

    g = ludoteca.new_game("sigloxx", players=3, seed=5)
    for seat in range(3):
        check(g, seat)
    g.arrange(country={0: [{"tile": "L04", "x": 1, "y": 0, "citizens": "a"}],
                       1: [{"tile": "L07", "x": 1, "y": 0, "citizens": "ab", "garbage": 1}]},
              garbage={"S1": 2},
              pending={2: [{"tile": "L08", "citizen": True, "garbage": 1},
                           {"tile": "L09", "citizen": False, "garbage": 0}]})
    assert len(g.lands[0]) == len(g.lands[1]) == 2 and len(g.pend_land[2]) == 2
    rng = random.Random(5)
    for _ in range(120):
        for seat in range(3):
            check(g, seat)
        if g.is_over:
            break
        step(g, rng)
    other = ludoteca.new_game("sigloxx", players=4, seed=6)
    other.arrange(pending={0: [{"tile": "L08", "citizen": True, "garbage": 1}]})
    for seat in range(4):
        check(other, seat)


def test_the_writer_is_bounded():
    """The writer clips its own values to ±10 (the Observer then only casts): huge holdings
    (coins, science, score, garbage set aside) come out as the view encoding
    clips them."""
    import numpy as np

    write = writer()
    assert write.bounded is True and DIRECT["sigloxx"].bounded is True
    g = ludoteca.new_game("sigloxx", players=3, seed=2).arrange(
        coins={0: 900, 1: 700}, science={0: 400}, score={0: 1200, 2: -800},
        set_aside={1: 200})
    rng = random.Random(2)
    for _ in range(40):
        for seat in range(3):
            ref = view_bytes(g, seat)
            buf = ENC.scratch()
            write(g, seat, buf)
            raw = np.frombuffer(buf, dtype=np.float64)
            assert raw.max() <= 10.0 and raw.min() >= -10.0
            assert raw.astype(np.float32).tobytes() == ref
            assert Observer("sigloxx", N_ACTIONS).observe(g, seat)["observation"].tobytes() == ref
        step(g, rng)
    assert np.abs(ENC.encode(g.view(0), 0, 3)).max() == 10.0   # something was clipped


# ----- nothing hidden (ruling X9: holdings; face-down piles; the catastrophe stack) ----------
def positions():
    """Decision points of seeded random play, 3 and 5 players: (game, seat to move)."""
    out = []
    for n, seed in ((3, 3), (5, 4)):
        g = ludoteca.new_game("sigloxx", players=n, seed=seed,
                              options={"scoring_cards": seed % 2 == 0})
        rng = random.Random(seed)
        k = 0
        while not g.is_over:
            k += 1
            if k % 9 == 0:
                out.append((g.clone(), g.to_move[0]))
            step(g, rng)
        out.append((g, 0))                      # the finished game
    return out


def hide(g, seat, rng) -> None:
    """Change by hand everything ``seat`` cannot see (test_no_peek's hidden states): the other
    seats' coins and science, the order of every face-down pile, which catastrophes lie in
    the stack (a card swapped with a removed one of its label), future chance."""
    for s in range(g.n):
        if s != seat:
            g.coins[s] += 3
            g.science[s] += 2
    for piles in (g.land_piles, g.tech_piles):
        for i, pile in enumerate(piles):
            piles[i] = rng.sample(pile, len(pile))
    stack = list(g.cat_stack)
    for i, c in enumerate(stack):
        same = [j for j, o in enumerate(g.cat_out)
                if C.catastrophes[o].label == C.catastrophes[c].label]
        if same:
            j = rng.choice(same)
            stack[i], g.cat_out[j] = g.cat_out[j], stack[i]
            g.cat_stack = tuple(stack)
            break
    g.rng = GameRandom(rng.getrandbits(32))


def test_reads_nothing_hidden():
    """A copy whose hidden state is changed by hand gives the seat the very same vector (and
    view); a control — the seat's own coins, or anyone's once the game is over — changes it."""
    write = writer()
    controls = changed = 0
    for k, (g, seat) in enumerate(positions()):
        before = direct_bytes(write, g, seat)
        h = g.clone()
        hide(h, seat, random.Random(k))
        if g.phase != PH_OVER:
            changed += h.coins != g.coins
            assert h.view(seat) == g.view(seat)
            assert direct_bytes(write, h, seat) == before
            hide(g, seat, random.Random(k))     # in place: the writer's memory of g holds
            assert direct_bytes(write, g, seat) == before
        own = h.clone()
        other = (seat + 1) % g.n
        own.coins[seat] += 1
        own.science[other] += 1
        got = direct_bytes(write, own, seat)
        assert got == view_bytes(own, seat)
        controls += got != before
    assert changed > 5 and controls > 5
