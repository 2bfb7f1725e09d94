"""No peeking, anywhere, provably (issue 18, item 1).

A seat's information is its view. For every game and every kind of hidden state it has, a
position reached by seeded random play is copied and the copy's hidden state is changed **by
hand** — not through ``determinize``, which is the door under test: a shuffled deck, cards
swapped between face-down cells of the same deal, another seat's secret bid or choice, other
seats' secret holdings, a reseeded generator for future dice and draws. ``view(seat)`` and the
seat's legal actions stay identical, so ``mcts`` seeded alike must search identically: the same
chosen action and the same root visits per action (``last_search``). The agent sees both games
through :class:`Guard`, which fails on anything but the public protocol.

A control per game makes a change the seat *can* see (its own money, or disks, or ideas) and
requires the search to notice it in at least one of a few positions, so the equality above
is not the search ignoring its input.
"""

from __future__ import annotations

import json
import random

import pytest

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.core.rng import GameRandom

AGENT = "mcts:iterations=60"
SEARCH_SEED = 17
PLAYERS = {"qytetet": 2, "civitas": 3, "som": 3, "elplan": 3, "sigloxx": 3}


class Guard:
    """The real game as the agent may touch it: legal actions, views, determinize and the public
    facts (id, seats, who moves). Anything else fails the test."""

    ALLOWED = {"legal_actions", "view", "determinize", "game_id", "n_players", "to_move",
               "is_over", "names"}

    def __init__(self, game):
        object.__setattr__(self, "_game", game)

    def __getattr__(self, name):
        if name not in Guard.ALLOWED:
            raise AssertionError(f"the agent read game.{name}")
        return getattr(object.__getattribute__(self, "_game"), name)


def state(g) -> str:
    return json.dumps(g.state_dict(), sort_keys=True, default=str)


def search(g, seat):
    agent = make_agent(AGENT, g.game_id, seed=SEARCH_SEED)
    action = agent.choose(Guard(g), seat)
    return str(action), agent.last_search["visits"]


def positions(gid, seed, count, every=7, options=None, players=None):
    """Decisions with a choice, reached by seeded random play: (game, seat to move)."""
    g = ludoteca.new_game(gid, players=players or PLAYERS[gid], seed=seed,
                          options=options or {})
    rng = random.Random(seed)
    step, out = 0, []
    while not g.is_over and len(out) < count:
        step += 1
        seat = g.to_move[0]
        legal = g.legal_actions(seat)
        if step % every == 0 and len(legal) > 1:
            out.append((g.clone(), seat))
        g.apply(rng.choice(legal), seat=seat)
    return out


def assert_same_search(g, h, seat):
    """``h`` differs from ``g`` only in what ``seat`` cannot see: same view, same legal
    actions, same search, seed for seed."""
    assert h.view(seat) == g.view(seat)
    assert [str(a) for a in h.legal_actions(seat)] == [str(a) for a in g.legal_actions(seat)]
    assert search(h, seat) == search(g, seat)


def check_hidden_change(cases, change):
    """Run ``change(copy, seat, rng)`` (True when it could change something) on every case and
    assert the searches agree; at least one case must really differ in hidden state."""
    changed = 0
    for k, (g, seat) in enumerate(cases):
        h = g.clone()
        if not change(h, seat, random.Random(1000 + k)):
            continue
        if hasattr(h, "_legal"):
            h._legal = None
        if state(h) == state(g):
            continue
        changed += 1
        assert_same_search(g, h, seat)
    assert changed >= 1, "the hand change never changed the hidden state"


def check_visible_change(cases, change):
    """Control: a change the seat can see shows in its view and changes the search in at
    least one case."""
    noticed = 0
    for g, seat in cases:
        h = g.clone()
        change(h, seat)
        if hasattr(h, "_legal"):
            h._legal = None
        assert h.view(seat) != g.view(seat)
        noticed += search(h, seat) != search(g, seat)
    assert noticed >= 1, "the search ignored a change its seat can see"


def reseed(g, seat, rng) -> bool:
    """Future chance (dice, draws, shuffles still to come): another generator."""
    g.rng = GameRandom(rng.getrandbits(32))
    return True


# ----- Qytetet and Civitas (QY-10.10, G16): the surprise deck's order, future dice ---------------
def monopoly_deck(g, seat, rng) -> bool:
    rng.shuffle(g.deck)
    return len(set(g.deck)) > 1


def monopoly_money(g, seat) -> None:
    g.bal[seat] += 300


# ----- Som (SOM-19.7, G28): face-down cards within a deal, secret bids, future draws ------------
def som_face_down(g, seat, rng) -> bool:
    """Swap the cards of two face-down cells filled by the same deal (the deal's cards are
    public, which card lies where is not)."""
    groups: dict[int, list[int]] = {}
    for c, card in enumerate(g.cells):
        if card >= 0 and not g.up[c]:
            groups.setdefault(g.deal[c], []).append(c)
    for cells in groups.values():
        pairs = [(a, b) for a in cells for b in cells if a < b and g.cells[a] != g.cells[b]]
        if pairs:
            a, b = rng.choice(pairs)
            g.cells[a], g.cells[b] = g.cells[b], g.cells[a]
            return True
    return False


def som_money(g, seat) -> None:
    """Move one disk from the bank (owner n) to the seat."""
    from ludoteca.games.som.common import T
    bank = g.n * T
    t = next(t for t in range(T) if g.hold[bank + t] > 0)
    g.hold[bank + t] -= 1
    g.hold[seat * T + t] += 1


def som_secret_bid_position():
    """Mode C: seat 2 has bid in secret; seat 0 is to bid (as in tests/test_mcts.py)."""
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


# ----- El Plan (EP G9, G41): face-down piles, simultaneous secret choices, future draws ---------
def elplan_event_pile(g, seat, rng) -> bool:
    """The unseen events: the face-down pile's order and which ones were set aside."""
    unseen = g.ev_fd + g.ev_aside
    rng.shuffle(unseen)
    k = len(g.ev_fd)
    g.ev_fd, g.ev_aside = unseen[:k], unseen[k:]
    return len(unseen) > 1


def elplan_investment_decks(g, seat, rng) -> bool:
    for d in range(3):
        g.fd[d] = g.fd[d][:]
        rng.shuffle(g.fd[d])
    return any(len(set(p)) > 1 for p in g.fd)


def elplan_secret_choices(g, seat, rng) -> bool:
    """Another seat that has already decided in secret decided otherwise: no manufacturing in
    District 4, another subsidy in District 6, another card kept at the merma."""
    from ludoteca.games.elplan.common import S_D4, S_D6, S_MERMA
    did = False
    for s in range(g.n):
        if s == seat or not g.done[s]:
            continue
        if g.stage == S_D4 and any(g.made[3 * s:3 * s + 3]):
            g.rem[4 * s:4 * s + 4] = g.pool[4 * s:4 * s + 4]
            g.made[3 * s:3 * s + 3] = [0, 0, 0]
            did = True
        elif g.stage == S_D6 and g.pick[s] >= 0:
            g.pick[s] = (g.pick[s] + 1) % 3
            did = True
        elif g.stage == S_MERMA:
            others = [t for t in range(3) if g.hand[3 * s + t] and t != g.keep[s]]
            if others:
                g.keep[s] = rng.choice(others)
                did = True
    if did:
        g._lc = {}
    return did


def elplan_simultaneous_positions(count, stage):
    """Simultaneous steps of ``stage`` (a stage name) where the other seats have already
    decided in secret: (game, seat)."""
    from ludoteca.games.elplan.common import STAGE_NAMES
    out = []
    for seed in range(1, 40):
        g = ludoteca.new_game("elplan", players=3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and len(out) < count:
            tm = g.to_move
            if len(tm) > 1:
                seat = tm[0]
                for s in tm[1:]:
                    while s in g.to_move:
                        g.apply(rng.choice(g.legal_actions(s)), seat=s)
                if seat in g.to_move and len(g.legal_actions(seat)) > 1 and \
                        STAGE_NAMES[g.stage] == stage:
                    out.append((g.clone(), seat))
                while seat in g.to_move:
                    g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
                continue
            seat = tm[0]
            g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
        if len(out) >= count:
            break
    return out


def elplan_ideas(g, seat) -> None:
    g.ideas[seat] += 2


# ----- Siglo XX (XX-S.9, XX-S.18, XX-G21.2, rulings X9/X10) -------------------------------------
def xx_land_piles(g, seat, rng) -> bool:
    for i, pile in enumerate(g.land_piles):
        g.land_piles[i] = rng.sample(pile, len(pile))
    return any(len(p) > 1 for p in g.land_piles)


def xx_tech_piles(g, seat, rng) -> bool:
    for i, pile in enumerate(g.tech_piles):
        g.tech_piles[i] = rng.sample(pile, len(pile))
    return any(len(p) > 1 for p in g.tech_piles)


def xx_catastrophes(g, seat, rng) -> bool:
    """Swap a card of the face-down stack with a removed card of the same label (XX-S.9)."""
    from ludoteca.games.sigloxx.common import C
    stack = list(g.cat_stack)
    for i, c in enumerate(stack):
        same = [j for j, o in enumerate(g.cat_out)
                if C.catastrophes[o].label == C.catastrophes[c].label]
        if same:
            j = rng.choice(same)
            stack[i], g.cat_out[j] = g.cat_out[j], stack[i]
            g.cat_stack = tuple(stack)
            return True
    return False


def xx_holdings(g, seat, rng) -> bool:
    """The other seats' coins +3 and science +2, as in the issue's measurement (XX-S.18)."""
    for s in range(g.n):
        if s != seat:
            g.coins[s] += 3
            g.science[s] += 2
    return True


def xx_own_coins(g, seat) -> None:
    g.coins[seat] += 3
    g.science[seat] += 2


# ----- the cases ------------------------------------------------------------------------------
def _monopoly(gid):
    return lambda: positions(gid, 3, 3, options={"max_rounds": 8}) + \
        positions(gid, 4, 2, options={"max_rounds": 8})


CASES = {
    "qytetet-deck": (_monopoly("qytetet"), monopoly_deck),
    "qytetet-dice": (_monopoly("qytetet"), reseed),
    "civitas-deck": (_monopoly("civitas"), monopoly_deck),
    "civitas-dice": (_monopoly("civitas"), reseed),
    "som-face_down": (lambda: positions("som", 3, 4, every=3), som_face_down),
    "som-secret_bid": (lambda: [(som_secret_bid_position(), 0)],
                       lambda g, seat, rng: _som_bid(g)),
    "som-future_draws": (lambda: positions("som", 3, 3, every=5), reseed),
    # four players take the fitted evaluation (agents/eval_som_fit.py)
    "som4-face_down": (lambda: positions("som", 3, 4, every=3, players=4), som_face_down),
    "som4-future_draws": (lambda: positions("som", 5, 3, every=5, players=4), reseed),
    # solo: the solo evaluation and its prune (agents/som_solo.py)
    "som1-face_down": (lambda: positions("som", 3, 4, every=3, players=1), som_face_down),
    "som1-future_draws": (lambda: positions("som", 4, 3, every=3, players=1), reseed),
    "elplan-event_pile": (lambda: positions("elplan", 3, 3, every=9), elplan_event_pile),
    "elplan-investment_decks": (lambda: positions("elplan", 3, 3, every=9),
                                elplan_investment_decks),
    "elplan-secret_manufacturing": (lambda: elplan_simultaneous_positions(4, "d4-fabricar"),
                                    elplan_secret_choices),
    "elplan-secret_subsidy": (lambda: elplan_simultaneous_positions(2, "d6-credito-subsidio"),
                              elplan_secret_choices),
    "elplan-future_draws": (lambda: positions("elplan", 3, 3, every=9), reseed),
    "sigloxx-land_piles": (lambda: positions("sigloxx", 3, 3, every=11), xx_land_piles),
    "sigloxx-tech_piles": (lambda: positions("sigloxx", 3, 3, every=11), xx_tech_piles),
    "sigloxx-catastrophes": (lambda: positions("sigloxx", 3, 3, every=11), xx_catastrophes),
    "sigloxx-holdings": (lambda: positions("sigloxx", 3, 4, every=11) +
                         positions("sigloxx", 5, 4, every=13), xx_holdings),
    "sigloxx-future_chance": (lambda: positions("sigloxx", 3, 2, every=11), reseed),
}


def _som_bid(g) -> bool:
    """Seat 2's bid, still secret from seat 0 (SOM-19.7): another amount within its PDs."""
    old = g.bids[2]
    g.bids[2] = next(b for b in range(g.pd[2] + 1) if b != old)
    return True


@pytest.mark.parametrize("case", sorted(CASES))
def test_hidden_change_by_hand_same_search(case):
    """Every kind of hidden state: changed by hand, the seat's view and legal actions are the
    same and the seeded search is identical (chosen action and root visits). For Siglo XX's
    holdings this is ruling X10 (XX-S.18): determinize draws them from the view."""
    make_cases, change = CASES[case]
    check_hidden_change(make_cases(), change)


CONTROLS = {
    "qytetet-own_money": (_monopoly("qytetet"), monopoly_money),
    "civitas-own_money": (_monopoly("civitas"), monopoly_money),
    "som-own_disks": (lambda: positions("som", 3, 4, every=3), som_money),
    "som4-own_disks": (lambda: positions("som", 3, 4, every=3, players=4), som_money),
    "som1-own_disks": (lambda: positions("som", 3, 4, every=3, players=1), som_money),
    "elplan-own_ideas": (lambda: positions("elplan", 3, 3, every=9), elplan_ideas),
    "sigloxx-own_holdings": (lambda: positions("sigloxx", 3, 4, every=11), xx_own_coins),
}


@pytest.mark.parametrize("case", sorted(CONTROLS))
def test_visible_change_changes_the_search(case):
    """Control: a change the seat sees (its own money, disks, ideas or holdings) changes the
    search in at least one position, so the identical searches above are not blindness."""
    make_cases, change = CONTROLS[case]
    check_visible_change(make_cases(), change)
