"""«Siglo XX»: conservation over random games (hypothesis chooses seeds, player counts, options
and which seats play at random or greedily). After every action the engine's own
``_check_invariants()`` must hold, and, recomputed here from the public view and the events:

* garbage: the box's 95 tokens = tokens in play (on land tiles, set aside, on pending tiles,
  on the tile being placed, spreading) + the supply, where tokens leave the supply only by a
  won tile (XX-2.15), a technology's icons (XX-2.35) or a catastrophe column (XX-3.3) and come
  back only by overflow (XX-G10.4, XX-G10.5), recycling (XX-G11.1) or a removal technology
  (XX-G6.3); the supply may run dry in principle, since the bank is unlimited (XX-G21.1);
* citizens: 20 per colour = 4 board markers + 16 for the country (XX-C.7, XX-D.4), each on a
  site, on a pending tile, lifted by a move, or in the supply (XX-G9.4);
* bridges: 4 = supply + held + placed (XX-C.10, XX-G8.8, XX-G5.3);
* every land tile's garbage stays within 0–3 (XX-G10.2), pollution within −6…+6 (XX-S.22)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xx_support import C

import ludoteca
from ludoteca.agents import make_agent

BOX_GARBAGE = C.raw["supply"]["garbage_tokens"]
COLOUR = C.raw["supply"]["citizens_per_colour"]
MARKERS = C.raw["supply"]["citizens_as_markers"]
TAKEN = {"tierra": "garbage", "impacto": "garbage", "efecto": "garbage"}
RETURNED = {"desborde": "tokens", "reciclaje": "tokens", "quitar": "tokens"}


def garbage_in_play(v):
    total = 0
    for p in v["players"]:
        total += sum(c.get("garbage", 0) for c in p["country"])
        total += p["set_aside_garbage"] + sum(x["garbage"] for x in p["pending_land"])
    m = v["maintenance"]
    if m:
        total += m["extra_garbage"]
        if m["selected"] and "tile" in m["selected"]:
            total += m["selected"]["garbage"]
    return total


def citizens_of(v, s):
    p = v["players"][s]
    total = sum(len(c.get("citizens", [])) for c in p["country"])
    total += sum(1 for x in p["pending_land"] if x["citizen"])
    total += p["citizens_supply"] + MARKERS
    m = v["maintenance"]
    if m and m["player"] == s:
        if m["selected"] and m["selected"].get("citizen"):
            total += 1
        if m["lifted"]:
            total += 1
    return total


class Ledger:
    """The garbage supply, followed through the events."""

    def __init__(self, g):
        self.supply = BOX_GARBAGE - garbage_in_play(g.view(None))
        assert self.supply == BOX_GARBAGE - g.n                 # one token per start tile
        self.taken = self.returned = 0
        self.read(g.opening_events)

    def read(self, events):
        for e in events:
            if e.kind in TAKEN:
                self.supply -= e.data[TAKEN[e.kind]]
                self.taken += e.data[TAKEN[e.kind]]
            elif e.kind in RETURNED:
                self.supply += e.data[RETURNED[e.kind]]
                self.returned += e.data[RETURNED[e.kind]]


def check(g, ledger):
    g._check_invariants()
    v = g.view(None)
    assert ledger.supply + garbage_in_play(v) == BOX_GARBAGE
    for s in range(g.n):
        assert citizens_of(v, s) == COLOUR
        p = v["players"][s]
        assert all(0 <= c["garbage"] <= 3 for c in p["country"] if "tile" in c)
        assert -6 <= p["pollution"] <= 6
    placed = sum(p["bridges_held"] + len(p["bridges"]) for p in v["players"])
    assert v["bridges_supply"] + placed == C.bridges == 4


def run(seed, n, options, kinds):
    g = ludoteca.new_game("sigloxx", players=n, seed=seed, options=options)
    bots = [make_agent(k, "sigloxx", i) if k != "random" else None
            for i, k in enumerate(kinds)]
    rng = random.Random(seed)
    ledger = Ledger(g)
    check(g, ledger)
    steps = 0
    while not g.is_over:
        s = g.to_move[0]
        action = bots[s].choose(g, s) if bots[s] else rng.choice(g.legal_actions(s))
        ledger.read(g.apply(action, seat=s))
        check(g, ledger)
        steps += 1
        assert steps < 5000
    return g, ledger


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.sampled_from([3, 4, 5]),
       cards=st.booleans(), greedy=st.lists(st.booleans(), min_size=5, max_size=5))
def test_conservation_over_random_games(seed, n, cards, greedy):
    """XX-C.7, XX-C.9, XX-C.10, XX-D.4, XX-G9.4, XX-G10.2, XX-G21.1: garbage, citizens and
    bridges are conserved after every action of whole random games."""
    kinds = ["greedy" if x else "random" for x in greedy[:n]]
    g, ledger = run(seed, n, {"scoring_cards": cards}, kinds)
    assert g.result.reason == "fin" and len(g.result.details["final_scoring"]) == n
    assert ledger.taken >= n                                     # every game produces garbage
    # the game replays exactly from its record
    again = ludoteca.replay(g.record())
    assert again.state_dict() == g.state_dict()


def test_conservation_with_bridges_and_citizen_technologies():
    """XX-G8.8, XX-G9.3: positions where bridges and citizen moves are in play keep the counts
    (bridge technologies and T13/T19 owned from round III, then random play to the end)."""
    for seed in range(6):
        g = ludoteca.new_game("sigloxx", players=3, seed=seed)
        g.arrange(round=3, technologies={0: ["T08", "T13"], 1: ["T07", "T19"]},
                  bridges_held={0: 2})
        rng = random.Random(seed)
        ledger = Ledger.__new__(Ledger)
        ledger.supply = BOX_GARBAGE - garbage_in_play(g.view(None))
        ledger.taken = ledger.returned = 0
        check(g, ledger)
        while not g.is_over:
            s = g.to_move[0]
            ledger.read(g.apply(rng.choice(g.legal_actions(s)), seat=s))
            check(g, ledger)
