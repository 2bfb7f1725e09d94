"""Som's direct encoder (issue 18, «fast observations»): the vector written straight from the
state is, byte for byte, ``encoder_for("som")`` applied to ``game.view(seat)`` — every seat,
every step of random episodes of 1 to 4 players, every mode and centralism (the rolled one
too), a turn limit, finished games, through both paths of ``Observer`` — and it reads
nothing a seat may not see: states that differ only in hidden information give the same
vector. One writer follows every game it is asked about (its memos per game object, per
configuration and per content never answer for another game, nor for a state changed by
``arrange`` or by hand)."""

from __future__ import annotations

import random
import re
from array import array
from importlib import resources

import pytest

import ludoteca
from ludoteca.core.rng import GameRandom
from ludoteca.games.som.common import T
from ludoteca.games.som.content import FLAG_URNA
from ludoteca.observation.direct import DIRECT
from ludoteca.observation.direct.som import GAMES_LIMIT, writer
from ludoteca.observation.encoders import encoder_for
from ludoteca.observation.observer import Observer

ENC = encoder_for("som")
N_ACTIONS = ludoteca.new_game("som", players=2, seed=0).num_distinct_actions
MODES = {1: ("A", "B"), 2: ("A", "B", "C", "AC"), 3: ("A", "B", "C", "AC"),
         4: ("A", "B", "C", "AC")}
CENTRALISM = {1: ("elevado", "intenso", "dado"), 2: ("medio", "elevado", "intenso", "dado")}


def direct_bytes(write, g, seat) -> bytes:
    """The float32 vector ``write`` makes, from a buffer full of stale values."""
    buf = array("d", [7.0] * ENC.size)
    write(g, seat, buf)
    return ENC.finish(buf).tobytes()


def view_bytes(g, seat) -> bytes:
    return ENC.encode(g.view(seat), seat, g.n_players).tobytes()


def episodes():
    """(players, options, seed) of the episodes checked: every player count, mode and
    centralism; a turn limit, a first player and colours other than the default."""
    k = 0
    for n in (1, 2, 3, 4):
        for mode in MODES[n]:
            for cen in CENTRALISM.get(n, CENTRALISM[2]):
                k += 1
                options = {"mode": mode, "centralism": cen}
                if k % 3 == 0:
                    options["max_turns"] = 3 + k % 5
                if k % 4 == 1 and n > 1:
                    options["first_player"] = n - 1
                    options["colours"] = ["azul", "rosa", "naranja", "lila"][:n]
                yield n, options, k
    yield 3, {"mode": "C"}, 1           # this one gives change (SOM-14.x), a rare decision


def test_direct_is_registered():
    assert "som" in DIRECT
    assert Observer("som", N_ACTIONS).direct is DIRECT["som"]
    assert Observer("som", N_ACTIONS, direct=False).direct is None


def test_direct_equals_the_view_encoding_every_step():
    """Every seat at every step (and the end) of random episodes: a fresh writer (cold
    memos), the shared one, and both Observer paths give the view's encoding byte for byte;
    revisiting the states afterwards (memo hits, other order) gives the same again."""
    cold, shared = writer("som"), DIRECT["som"]
    fast, slow = Observer("som", N_ACTIONS), Observer("som", N_ACTIONS, direct=False)
    seen = dict.fromkeys(("payment", "change", "levy", "protection", "vote", "last_vote",
                          "die", "mover", "my_bid", "urna", "odds", "visible", "vacia",
                          "over", "limit"), 0)
    kept = []
    for n, options, seed in episodes():
        g = ludoteca.new_game("som", players=n, seed=seed, options=dict(options))
        rng, keep = random.Random(seed), random.Random(-seed)
        while True:
            for seat in range(n):
                v = g.view(seat)
                ref = ENC.encode(v, seat, n).tobytes()
                assert direct_bytes(cold, g, seat) == ref, (n, options, seed, seat)
                assert direct_bytes(shared, g, seat) == ref
                seen["my_bid"] += bool(v["vote"] and "my_bid" in v["vote"])
            seat = g.to_move[0] if g.to_move else keep.randrange(n)
            assert fast.observe(g, seat)["observation"].tobytes() == \
                slow.observe(g, seat)["observation"].tobytes() == view_bytes(g, seat)
            for key in ("payment", "change", "levy", "protection", "vote", "last_vote",
                        "die", "mover"):
                seen[key] += v[key] is not None
            seen["urna"] += bool(v["urna"])
            seen["odds"] += bool(v["deals"])
            seen["visible"] += sum(c["estado"] == "visible" for c in v["cells"]) > 1
            seen["vacia"] += any(c["estado"] == "vacia" for c in v["cells"])
            if keep.random() < 0.05:
                kept.append(g.clone())
            if g.is_over:
                seen["over"] += 1
                seen["limit"] += g.result.reason != "consulta" and "max_turns" in options
                break
            s = g.to_move[0]
            g.apply(rng.choice(g.legal_actions(s)), seat=s)
    assert all(seen.values()), seen
    for g in reversed(kept):
        for seat in range(g.n_players):
            ref = view_bytes(g, seat)
            assert direct_bytes(cold, g, seat) == ref == direct_bytes(shared, g, seat)


def positions(n, mode, seed, count, every=3):
    """Clones of random positions (with a seat to move) reached by seeded play."""
    g = ludoteca.new_game("som", players=n, seed=seed, options={"mode": mode})
    rng = random.Random(seed)
    out, step = [], 0
    while not g.is_over and len(out) < count:
        step += 1
        if step % every == 0:
            out.append(g.clone())
        s = g.to_move[0]
        g.apply(rng.choice(g.legal_actions(s)), seat=s)
    return out


def swap_face_down(g, rng) -> bool:
    """Swap the cards of two face-down cells of the same deal (which card lies where is
    hidden; the deal's cards are public), as tests/test_no_peek.py does by hand."""
    groups: dict[int, list[int]] = {}
    for c, card in enumerate(g.cells):
        if card >= 0 and not g.up[c]:
            groups.setdefault(g.deal[c], []).append(c)
    pairs = [(a, b) for cells in groups.values() for a in cells for b in cells
             if a < b and g.cells[a] != g.cells[b]]
    if not pairs:
        return False
    a, b = rng.choice(pairs)
    g.cells[a], g.cells[b] = g.cells[b], g.cells[a]
    return True


@pytest.mark.parametrize("n,mode", [(1, "A"), (2, "B"), (3, "AC"), (4, "C")])
def test_hidden_information_is_not_read(n, mode):
    """The face-down cards' places within a deal and the generator's future draws, changed
    by hand: every seat's view is the same, and so is its direct vector (a fresh writer for
    each state, so no memo answers for the other). Control: a disk moved from Hisenda to a
    seat, which the views show, changes the vector."""
    rng = random.Random(n)
    swapped = 0
    for g in positions(n, mode, seed=10 + n, count=12):
        h = g.clone()
        swapped += swap_face_down(h, rng)
        h.rng = GameRandom(rng.getrandbits(32))
        for seat in range(n):
            assert h.view(seat) == g.view(seat)
            assert direct_bytes(writer("som"), h, seat) == direct_bytes(writer("som"), g, seat)
            assert direct_bytes(DIRECT["som"], h, seat) == view_bytes(g, seat)
        seen = g.clone()
        bank = seen.n * T
        t = next(t for t in range(T) if seen.hold[bank + t] > 0)
        seen.hold[bank + t] -= 1
        seen.hold[t] += 1
        for seat in range(n):
            assert direct_bytes(DIRECT["som"], seen, seat) != direct_bytes(DIRECT["som"], g, seat)
            assert direct_bytes(DIRECT["som"], seen, seat) == view_bytes(seen, seat)
    assert swapped


def secret_bid_position():
    """Mode C: seat 2 has bid in secret, seat 0 is still to bid (as in tests/test_no_peek.py)."""
    g = ludoteca.new_game("som", players=4, seed=1, options={"mode": "C"})
    hands = {0: {"mossos": 1, "sanidad": 1, "bosques": 1, "vivienda": 1},
             1: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
             2: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
             3: {"educacion": 1, "justicia": 1, "vias": 1, "carreteras": 1}}
    g.arrange(cells={15: "CN", 16: "W-SU"}, face_up=[16], disks=hands,
              pd={0: 3, 1: 2, 2: 2, 3: 1}, gh=0, phase="accion", face=1)
    for seat, text in [(0, "mover 16"), (0, "elecciones"), (0, "apoyar 0"), (1, "apoyar 1"),
                       (2, "apoyar 2"), (3, "apoyar 3"), (2, "pujar 2")]:
        g.apply(text, seat=seat)
    assert 0 in g.to_move and 2 not in g.to_move
    return g


def test_a_secret_bid_is_not_read():
    """Another seat's secret bid changed by hand: the seats who may not see it get the same
    vector; the bidder itself sees its own bid, so its vector changes (and still equals the
    encoding of its view)."""
    g = secret_bid_position()
    h = g.clone()
    h.bids[2] = next(b for b in range(h.pd[2] + 1) if b != g.bids[2])
    for seat in (0, 1, 3):
        assert h.view(seat) == g.view(seat)
        assert direct_bytes(writer("som"), h, seat) == direct_bytes(writer("som"), g, seat)
    assert direct_bytes(DIRECT["som"], h, 2) != direct_bytes(DIRECT["som"], g, 2)
    for seat in range(4):
        assert direct_bytes(DIRECT["som"], h, seat) == view_bytes(h, seat)
        assert direct_bytes(DIRECT["som"], g, seat) == view_bytes(g, seat)


def custom_content(tmp_path) -> str:
    """The shipped content with its map mirrored, a card renamed and a payout raised (as
    tests/test_content_option_som.py edits it): another content, other cells."""
    text = resources.files("ludoteca.games.som").joinpath("content.toml").read_text("utf-8")
    mirrored = 'rows = [".#####.", "#######", "#######", ".######", "..#####", "...####", ' \
        '"....###"]'
    text, k = re.subn(r"rows = \[.*?\n\]", mirrored, text, count=1, flags=re.S)
    assert k == 1
    text = text.replace('id = "W-01"', 'id = "MON-A"').replace("payout = 3 ", "payout = 4 ")
    path = tmp_path / "som_mirrored.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_one_writer_follows_every_game_it_sees(tmp_path):
    """One writer (cold memos) asked about several live games in turn, as environments that
    share it are: two games of one configuration, the same deal in another content (another
    map), another player count; games ended and dealt anew, one of them arranged once seen
    (``arrange``), one edited by hand (a card turned, a disk moved, the GH changed), a clone
    observed and played on beside its original, and more games than the writer remembers.
    Every seat's vector equals its view's encoding, every time."""
    write = writer("som")
    content = custom_content(tmp_path)
    specs = [(3, {}), (3, {}), (3, {"content": content}), (2, {"mode": "C"}), (4, {"mode": "B"})]

    def deal(i: int, seed: int):
        n, options = specs[i]
        return ludoteca.new_game("som", players=n, seed=seed, options=dict(options))

    def check(g) -> None:
        for seat in range(g.n):
            assert direct_bytes(write, g, seat) == view_bytes(g, seat), (g.seed, seat)

    def play(g, rng) -> None:
        s = g.to_move[0]
        g.apply(rng.choice(g.legal_actions(s)), seat=s)

    def arranged(g):
        """A new game seen, then arranged (cards turned, another GH, a phase) and seen again."""
        check(g)
        down = [c for c in range(37) if g.cells[c] >= 0 and not g.up[c]
                and g.K.FLAG[g.cells[c]] != FLAG_URNA][:3]
        g.arrange(face_up=down, gh=(g.gh + 1) % g.n, phase="cohesion", face=2)
        edits["arranged"] += 1
        return g

    edits = dict.fromkeys(("dealt", "arranged", "turned", "clone", "evicted"), 0)
    games = [arranged(deal(0, 1)), deal(1, 2), deal(2, 1), deal(3, 4), deal(4, 5)]
    rngs = [random.Random(i) for i in range(len(games))]
    for step in range(160):
        for i, g in enumerate(games):
            if g.is_over:
                games[i] = g = deal(i, 1000 + step)
                if i == 0:
                    arranged(g)
                edits["dealt"] += 1
            check(g)
            play(g, rngs[i])
        g = games[1]
        if step % 40 == 20 and not g.is_over:    # by hand: a card turned, a disk, the GH
            c = next((c for c in range(37) if g.cells[c] >= 0 and not g.up[c]
                      and g.K.FLAG[g.cells[c]] != FLAG_URNA), None)
            if c is not None:
                g.up[c] = True
                edits["turned"] += 1
            bank = g.n * T
            t = next((t for t in range(T) if g.hold[bank + t] > 0), None)
            if t is not None:
                g.hold[bank + t] -= 1
                g.hold[t] += 1
            g.gh = (g.gh + 1) % g.n
            g._legal = g._down = None
            check(g)
        if step % 40 == 30 and not games[4].is_over:     # a clone, played beside its original
            h = games[4].clone()
            rng = random.Random(step)
            for _ in range(15):
                if h.is_over:
                    break
                check(h)
                play(h, rng)
                check(games[4])
            edits["clone"] += 1
        if step == 90:                          # more games than the writer remembers
            for seed in range(GAMES_LIMIT + 5):
                check(deal(seed % len(specs), 5000 + seed))
                edits["evicted"] += 1
    assert all(edits.values()), edits
