"""El Plan's direct encoder (``ludoteca.observation.direct.elplan``): the same bytes as the encoder
applied to ``view(seat)``, for every seat at every step of random episodes of every table
size, both levels, the tutorial and without credit repayment, finished games included; and
nothing hidden from a seat reaches its vector."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

import ludoteca
from ludoteca.core.rng import GameRandom
from ludoteca.games.elplan.common import S_D4, S_D6, S_MERMA
from ludoteca.observation.direct import DIRECT
from ludoteca.observation.direct import elplan as direct_elplan
from ludoteca.observation.encoders import encoder_for
from ludoteca.observation.encoding import LIMIT
from ludoteca.observation.observer import Observer

ENC = encoder_for("elplan")
CONFIGS = [(n, {"level": level}) for n in range(2, 7) for level in (1, 2)] + [
    (3, {"tutorial": True}), (4, {"credit_repayment": False}),
    (5, {"level": 2, "credit_repayment": False})]


def direct(write, game, seat):
    """The direct writer's vector, into a buffer full of garbage (it must overwrite it all),
    cast to float32 as ``Observer`` does for a ``bounded`` writer (no clipping left)."""
    buf = ENC.scratch()
    for i in range(len(buf)):
        buf[i] = 7.5
    write(game, seat, buf)
    values = np.frombuffer(buf, dtype=np.float64)
    assert np.all(np.abs(values) <= LIMIT)
    return values.astype(np.float32).tobytes()


def seen_in(view, seen: Counter) -> None:
    """Count the rarer parts of the view, to show the episodes reach them."""
    for key in ("refund", "play", "choices"):
        seen[key] += bool(view.get(key))
    seen["constraints"] += bool(view["constraints"])
    for p in view["players"]:
        if p.get("pending"):
            seen["pending " + view["step"]] += 1
        seen["pick"] += any(t.get("pick") for t in p["targets"])
    seen["events removed"] += bool(view["events"]["removed"])
    seen["no imports"] += any(view["modifiers"]["no_imports"])
    seen["over"] += view["phase"] == "fin"


@pytest.mark.parametrize("players, options", CONFIGS)
def test_direct_equals_the_view_encoding(players, options):
    """Every seat, every step (one shared writer, and a fresh one now and then: the memos
    change nothing), through ``Observer`` too."""
    seed = 1000 + 10 * players + options.get("level", 1)
    g = ludoteca.new_game("elplan", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    write, ob = DIRECT["elplan"], Observer("elplan", type(g).num_distinct_actions)
    seen: Counter = Counter()
    step = 0
    while True:
        fresh = direct_elplan.writer() if step % 50 == 0 else None
        for seat in range(players):
            view = g.view(seat)
            ref = ENC.encode(view, seat, players).tobytes()
            assert direct(write, g, seat) == ref, (step, seat, view["step"])
            assert ob.observe(g, seat)["observation"].tobytes() == ref
            if fresh is not None:
                assert direct(fresh, g, seat) == ref
            seen_in(view, seen)
        if g.is_over:
            break
        seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
        step += 1
    assert seen["over"] == players                 # the finished game, seen by every seat


def test_one_writer_for_many_games_at_once():
    """One writer, several games stepped in turn (the vector environment's way), games ended
    and replaced by new ones of other sizes (whose objects may reuse the old ones' ids): what
    it remembers of each game is checked against that game's own lists."""
    write = direct_elplan.writer()
    rng = random.Random(5)
    games = [ludoteca.new_game("elplan", players=n, seed=n) for n in (2, 3, 4, 5, 6)]
    replaced = 0
    for step in range(600):
        k = step % len(games)
        g = games[k]
        if g.is_over or rng.random() < 0.01:
            del g
            games[k] = ludoteca.new_game("elplan", players=rng.randint(2, 6), seed=step)
            g = games[k]
            replaced += 1
        seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
        ref = ENC.encode(g.view(seat), seat, g.n_players).tobytes()
        assert direct(write, g, seat) == ref, step
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    assert replaced > 0


def test_values_beyond_the_limit_are_clipped_like_the_view_encoding():
    """The writer is ``bounded`` (the environments then only cast): numbers set by hand far
    beyond ±LIMIT after scaling come out as the encoder clips them."""
    assert DIRECT["elplan"].bounded is True
    g = ludoteca.new_game("elplan", players=4, seed=8)
    rng = random.Random(8)
    for _ in range(30):
        seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    g.market[0], g.subs[1], g.idle[3], g.hand[5], g.ideas[2] = 80, 50, 90, 40, 200
    g.age[[k for k in range(9) if g.offers[k] >= 0][0]] = 30
    g.price_m[1], g.exports, g.credit_supply = 70, 45, 99
    for write in (DIRECT["elplan"], direct_elplan.writer()):
        for seat in range(4):
            assert direct(write, g, seat) == ENC.encode(g.view(seat), seat, 4).tobytes()


def test_the_episodes_reach_the_rare_parts():
    """Across the configurations above (the same seeds), the rarer parts of the vector occur:
    D4, D6 and merma choices of one's own, refunds, a card to play, D1 choices, the
    tutorial's constraints, Laboratorio's pick, removed events, import bans."""
    seen: Counter = Counter()
    for players, options in CONFIGS:
        seed = 1000 + 10 * players + options.get("level", 1)
        g = ludoteca.new_game("elplan", players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
            seen_in(g.view(seat), seen)
            g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    for key in ("pending d4-fabricar", "pending d6-credito-subsidio", "pending resumen-merma",
                "refund", "play", "choices", "constraints", "pick", "events removed",
                "no imports"):
        assert seen[key] > 0, (key, seen)


# ----- nothing hidden -------------------------------------------------------------------------
def hide_otherwise(g, seat: int, rng: random.Random) -> list[str]:
    """Change in ``g`` (by hand) everything ``seat`` may not see: the order of each face-down
    investment deck, the face-down events and which were set aside, other seats' secret
    choices already made (D4 products, D6 subsidy, merma card), the generator. Returns what
    it changed."""
    changed = []
    for d in range(3):
        before = g.fd[d][:]
        rng.shuffle(g.fd[d])
        if g.fd[d] != before:
            changed.append(f"deck {d}")
    unseen = g.ev_fd + g.ev_aside
    rng.shuffle(unseen)
    k = len(g.ev_fd)
    if unseen[:k] != g.ev_fd:
        changed.append("events")
    g.ev_fd, g.ev_aside = unseen[:k], unseen[k:]
    for s in range(g.n):
        if s == seat or not g.need[s]:
            continue
        if g.stage == S_D4 and any(g.made[3 * s:3 * s + 3]):
            g.rem[4 * s:4 * s + 4] = g.pool[4 * s:4 * s + 4]
            g.made[3 * s:3 * s + 3] = [0, 0, 0]
            changed.append("d4")
        elif g.stage == S_D6:
            g.pick[s] = (g.pick[s] + 2) % 4 - 1
            g.repay[s] = 1 - g.repay[s]
            changed.append("d6")
        elif g.stage == S_MERMA:
            others = [t for t in range(3) if g.hand[3 * s + t] and t != g.keep[s]]
            if others:
                g.keep[s] = rng.choice(others)
                changed.append("merma")
    g.rng = GameRandom(rng.getrandbits(32))
    g._lc = {}
    return changed


def positions(players: int, seed: int, every: int = 4):
    """Positions of seeded random play, (game, seat): every ``every``-th step taken in order
    (seen by the seat after the one to move), and every simultaneous step once all the other
    seats have decided in secret (seen by the last one still deciding)."""
    g = ludoteca.new_game("elplan", players=players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not g.is_over:
        tm = g.to_move
        if len(tm) > 1:
            seat = tm[-1]
            for s in tm[:-1]:
                while s in g.to_move:
                    g.apply(rng.choice(g.legal_actions(s)), seat=s)
            if seat in g.to_move:
                yield g.clone(), seat
            continue
        step += 1
        if step % every == 0:
            yield g.clone(), (tm[0] + 1) % players
        g.apply(rng.choice(g.legal_actions(tm[0])), seat=tm[0])


def test_the_vector_reads_nothing_hidden():
    """Two states differing only in what a seat may not see give that seat the same vector:
    each world through its own writer (whose memos only ever saw that world), and both through
    one; a visible change (the seat's own idle resources) gives another vector."""
    changed: Counter = Counter()
    for players in (2, 3, 4, 6):
        mine, theirs, shared = (direct_elplan.writer() for _ in range(3))
        rng = random.Random(players)
        for g, seat in positions(players, 70 + players):
            h = g.clone()
            for what in hide_otherwise(h, seat, rng):
                changed[what] += 1
            assert h.view(seat) == g.view(seat)
            a = direct(mine, g, seat)
            assert direct(theirs, h, seat) == a
            assert direct(shared, h, seat) == direct(shared, g, seat) == a
            g.idle[3 * seat] += 1
            assert direct(shared, g, seat) != a
    for what in ("deck 0", "deck 1", "deck 2", "events", "d4", "d6"):
        assert changed[what] > 0, (what, changed)


def test_another_seats_merma_choice_stays_hidden():
    """The merma (the tutorial's summary): the card another seat chose to keep is not in the
    vector until the reveal; the seat's own choice is."""
    g = ludoteca.new_game("elplan", players=3, seed=3, options={"tutorial": True})
    rng = random.Random(3)
    while g.stage != S_MERMA:
        seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    me = g.to_move[0]
    other = (me + 1) % 3
    g.hand[3 * other:3 * other + 3] = [1, 2, 0]
    g.need[other], g.done[other], g.keep[other] = 1, 1, 0
    h = g.clone()
    h.keep[other] = 1
    for write in (DIRECT["elplan"], direct_elplan.writer()):
        assert h.view(me) == g.view(me)
        assert direct(write, h, me) == direct(write, g, me) == \
            ENC.encode(g.view(me), me, 3).tobytes()
        assert direct(write, h, other) != direct(write, g, other)      # its own choice
        assert direct(write, h, other) == ENC.encode(h.view(other), other, 3).tobytes()


# ----- what the writer remembers follows every change ----------------------------------------
def same_as_the_view(write, g, ob=None):
    """Every seat's vector through ``write`` (and ``ob``) equals the view's encoding."""
    for seat in range(g.n_players):
        ref = ENC.encode(g.view(seat), seat, g.n_players).tobytes()
        assert direct(write, g, seat) == ref, seat
        if ob is not None:
            assert ob.observe(g, seat)["observation"].tobytes() == ref, seat


def test_an_arrangement_after_observing_is_seen():
    """``arrange()`` sets the game up again in the same object (same id, same plans): one
    writer and one Observer that saw it before see the new position."""
    g = ludoteca.new_game("elplan", players=4, seed=11)
    write, ob = direct_elplan.writer(), Observer("elplan", type(g).num_distinct_actions)
    same_as_the_view(write, g, ob)
    g.arrange(investments={0: ["bodega"], 2: ["industria"]},
              active={0: ["proceso-1", "bodega"]}, resources={1: {"ch": 4, "d": 2, "e": 1}},
              market={"mp": 2, "bc": 0, "sv": 1}, period=3)
    same_as_the_view(write, g, ob)
    rng = random.Random(11)
    for _ in range(40):
        seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
        same_as_the_view(write, g, ob)


def test_one_writer_across_contents_and_the_tutorial():
    """One writer, games of the shipped content, of a custom copy of it (another content
    object, observed by position) and of the tutorial, stepped in turn: each is written from
    its own content's tables."""
    from importlib import resources

    text = resources.files("ludoteca.games.elplan").joinpath("content.toml").read_text("utf-8")
    write = direct_elplan.writer()
    games = [ludoteca.new_game("elplan", players=3, seed=4),
             ludoteca.new_game("elplan", players=3, seed=4,
                               options={"content": {"source": "copy.toml", "toml": text}}),
             ludoteca.new_game("elplan", players=3, seed=4, options={"tutorial": True}),
             ludoteca.new_game("elplan", players=3, seed=5, options={"level": 2})]
    assert games[0].C is not games[1].C
    rng = random.Random(4)
    for step in range(240):
        g = games[step % len(games)]
        if g.is_over:
            continue
        seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
        ref = ENC.encode(g.view(seat), seat, 3).tobytes()
        assert direct(write, g, seat) == ref, step
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)


def played(players: int, seed: int, actions: int) -> tuple[object, random.Random]:
    """A game of ``players`` after ``actions`` seeded random actions, and its generator."""
    g = ludoteca.new_game("elplan", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        seat = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    return g, rng


def edited_by_hand(write, g, edits, rng: random.Random, rounds: int = 300) -> None:
    """``rounds`` times one to three of ``edits`` by hand, then a random seat's vector equals
    its view's encoding; every seat's before and after."""
    n = g.n
    same_as_the_view(write, g)
    for k in range(rounds):
        for _ in range(1 + k % 3):
            rng.choice(edits)()
        seat = rng.randrange(n)
        assert direct(write, g, seat) == ENC.encode(g.view(seat), seat, n).tobytes(), k
    same_as_the_view(write, g)


def test_changes_by_hand_to_any_seat_are_seen():
    """Changes by hand to any seat's lists, not only the one that acted (tokens, activity,
    cards owned, resources, squares, the Period's flags), to the decks, the events and the
    modifiers, one at a time or several together, between observations of one game, are all
    seen."""
    g, rng = played(5, 21, 120)
    write = direct_elplan.writer()
    n, NT = g.n, direct_elplan.NT
    owned = [(s, N) for s in range(n) for N in range(g.ntg) if N < 2 or g.own[s * NT + N]]

    def move(s):                        # a seat to a free usable square, or off the board
        free = [q for q in g.usable if g.sq[q] < 0]
        q = rng.choice(free + [-1])
        if g.square[s] >= 0:
            g.sq[g.square[s]] = -1
        g.square[s] = q
        if q >= 0:
            g.sq[q] = s

    def token(s, N):
        i = rng.randrange(min(len(g.tinfo[s][N][0]), 3))
        g.sp[3 * (s * NT + N) + i] = rng.choice([-1, 0, 1, 2, 3])

    edits = [
        lambda: token(*rng.choice(owned)),
        lambda: g.since.__setitem__(NT * rng.randrange(n) + rng.randrange(2),
                                    rng.choice([-1, g.period])),
        lambda: g.idle.__setitem__(rng.randrange(3 * n), rng.randrange(8)),
        lambda: g.hand.__setitem__(rng.randrange(3 * n), rng.randrange(4)),
        lambda: g.ideas.__setitem__(rng.randrange(n), rng.randrange(6)),
        lambda: move(rng.randrange(n)),
        lambda: g.bought.__setitem__(rng.randrange(n), rng.randrange(2)),
        lambda: g.sell_t.__setitem__(rng.randrange(n), rng.randrange(-1, 3)),
        lambda: g.credit.__setitem__(rng.randrange(n), rng.randrange(2)),
        lambda: g.market.__setitem__(rng.randrange(3), rng.randrange(4)),
        lambda: g.price_m.__setitem__(rng.randrange(n), rng.randrange(6)),
        lambda: g.age.__setitem__(rng.choice([k for k in range(9) if g.offers[k] >= 0]),
                                  rng.randrange(4)),
        lambda: g.under[rng.randrange(3)].append(rng.randrange(len(g.cat))),
        lambda: g.ev_under.append(rng.randrange(len(g.C.events))),
    ]
    edited_by_hand(write, g, edits, rng)


def test_lists_that_shrink_or_are_replaced_by_hand_are_seen():
    """Beside the lists that grow (cards and events going under, an offer aging), changes by
    hand that shrink or replace them are seen too: piles under a deck or boxed emptied or
    reordered, events under and removed replaced, the current event gone and back, cards no
    longer owned (their tokens gone) and owned again, the Laboratorio pick and the naming,
    since when a target is active."""
    g, rng = played(3, 33, 150)
    write = direct_elplan.writer()
    n, NT = g.n, direct_elplan.NT
    cards = range(2, g.ntg)

    def own(s, N, v):
        g.own[s * NT + N] = v
        g.sp[3 * (s * NT + N):3 * (s * NT + N) + 3] = [-1, -1, -1]
        g.since[s * NT + N] = g.period if v and rng.random() < 0.5 else -1

    edits = [
        lambda: g.under[rng.randrange(3)].clear(),
        lambda: rng.shuffle(g.under[rng.randrange(3)]),
        lambda: g.boxed[rng.randrange(3)].append(rng.randrange(len(g.cat))),
        lambda: g.boxed.__setitem__(rng.randrange(3), []),
        lambda: g.ev_under.__setitem__(slice(None), rng.sample(range(len(g.C.events)), 3)),
        lambda: g.ev_under.pop() if g.ev_under else None,
        lambda: g.ev_removed.__setitem__(slice(None), [rng.randrange(len(g.C.events))]),
        lambda: setattr(g, "ev_cur", rng.choice([-1, rng.randrange(len(g.C.events))])),
        lambda: g.offers.__setitem__(rng.randrange(9), rng.choice([-1, rng.randrange(10)])),
        lambda: own(rng.randrange(n), rng.choice(cards), rng.randrange(2)),
        lambda: g.since.__setitem__(NT * rng.randrange(n) + rng.randrange(2),
                                    rng.choice([-1, 1, g.period])),
        lambda: g.lab.__setitem__(rng.randrange(n), rng.choice([-1, 0, 1, 2])),
        lambda: g.named.__setitem__(rng.randrange(n), rng.choice([-1, rng.choice(cards)])),
    ]
    edited_by_hand(write, g, edits, rng)


def test_new_games_start_from_a_copy_of_the_first_one_seen():
    """A game seen for the first time starts from a copy of the memo of the first game seen
    with the same content, plans, options and table size (as it was at its first
    observation): games of every kind (level 2, the tutorial, a custom content) dealt anew
    under ids that may be reused, clones (their first observation mid-game), a game arranged
    after its first observation, observed by seats in turn, are each written as the view
    encodes them, and what was copied is not changed by the games it was copied into."""
    from importlib import resources

    text = resources.files("ludoteca.games.elplan").joinpath("content.toml").read_text("utf-8")
    kinds = [(2, {}), (3, {}), (3, {"level": 2}), (3, {"tutorial": True}),
             (2, {"content": {"source": "copy.toml", "toml": text}})]
    write = direct_elplan.writer()
    rng = random.Random(9)
    for k in range(16):
        players, options = kinds[k % len(kinds)]
        g = ludoteca.new_game("elplan", players=players, seed=100 + k, options=options)
        if k % 4 == 3:                          # arranged after its first observation
            same_as_the_view(write, g)
            g.arrange(resources={0: {"ch": 3, "d": 1, "e": 2}}, market={"mp": 1, "bc": 2, "sv": 0})
        for step in range(25 + 5 * k):
            if g.is_over:
                break
            seat = rng.randrange(players)
            ref = ENC.encode(g.view(seat), seat, players).tobytes()
            assert direct(write, g, seat) == ref, (k, step)
            if step % 10 == 9:                  # a clone, seen first mid-game
                c = g.clone()
                for s in range(players):
                    assert direct(write, c, s) == ENC.encode(c.view(s), s, players).tobytes()
                del c
            mover = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
            g.apply(rng.choice(g.legal_actions(mover)), seat=mover)
        del g                                   # (its id free for the next one)


def test_one_buffer_for_tables_of_every_size_and_two_writers():
    """One buffer written again and again (as an ``Observer``'s is), by two writers in turn,
    for games of every table size: the empty slots of a smaller table are zeros each time
    (a buffer's zeroed slots are known to every writer), whatever was written there before."""
    writers = [direct_elplan.writer(), direct_elplan.writer()]
    buf = ENC.scratch()
    rng = random.Random(3)
    games = [ludoteca.new_game("elplan", players=n, seed=n) for n in (2, 6, 3, 5, 4)]
    for step in range(200):
        g = games[step % len(games)]
        if g.is_over:
            continue
        seat = rng.randrange(g.n)
        writers[rng.randrange(2)](g, seat, buf)
        values = np.frombuffer(buf, dtype=np.float64).astype(np.float32).tobytes()
        assert values == ENC.encode(g.view(seat), seat, g.n).tobytes(), step
        mover = g.to_move[0] if len(g.to_move) == 1 else rng.choice(g.to_move)
        g.apply(rng.choice(g.legal_actions(mover)), seat=mover)
