"""Helpers shared by the «Siglo XX» rule tests: new games (optionally arranged), playing moves
with the invariants checked, short readers of events and views, and the usual constants."""

from __future__ import annotations

import ludoteca
from ludoteca.games.sigloxx.content import content

C = content()
HOLD = {"tile": "L05", "citizen": True, "garbage": 1}     # a pending tile for ``cat(hold=…)``
# XX-G7.1 (authored values): the three technology cost tracks
BOARD = [7, 6, 5, 5, 4, 4, 3, 3, 2]                       # rounds I–II
SIDE_3 = [9, 8, 7, 7, 6, 5, 5, 4, 3]
SIDE_4 = [11, 10, 9, 8, 7, 7, 6, 5, 4]
DISPLAY = ["L01", "L02", "L03", "L04", "L05", "L06"]
TECHS = ["T02", "T03", "T06", "T09", "T12"]


def new(n=4, seed=1, options=None, **arrangement):
    """A new game (4 players by default) with the given ``arrange(...)``; invariants checked."""
    g = ludoteca.new_game("sigloxx", players=n, seed=seed, options=options or {})
    if arrangement:
        g.arrange(**arrangement)
    g._check_invariants()
    return g


def new3(n=3, seed=1, options=None, **arrangement):
    """As ``new``, with 3 players by default."""
    g = ludoteca.new_game("sigloxx", players=n, seed=seed, options=options or {})
    if arrangement:
        g.arrange(**arrangement)
    g._check_invariants()
    return g


def play(g, *moves):
    """Apply (seat, text) pairs, checking the invariants after each; return all events."""
    out = []
    for seat, text in moves:
        out += g.apply(text, seat=seat)
        g._check_invariants()
    return out


def of(events, kind, player=None):
    """The events of ``kind`` (of ``player``, if given)."""
    return [e for e in events if e.kind == kind and (player is None or
                                                     e.data.get("player") == player)]


def legal(g, seat=None):
    seat = g.to_move[0] if seat is None else seat
    return [str(a) for a in g.legal_actions(seat)]


def can(g, text, seat=None):
    """Is ``text`` a legal action of ``seat`` (default: the seat to move)?"""
    return g.parse(text) in g.legal_actions(g.to_move[0] if seat is None else seat)


def me(g, s=0):
    return g.view(s)["players"][s]


def tile_of(g, tile, s=0):
    return next(c for c in me(g, s)["country"] if c.get("tile") == tile or c.get("tech") == tile)


def cell(x, y):
    return 112 + x + 15 * y


def withdraw(g, s, buy=None):
    """Seat s withdraws and buys ``buy`` (or nothing)."""
    ev = play(g, (s, "retirarse"))
    if g.view(None)["step"] == "tecnologia" and g.to_move == (s,):
        ev += play(g, (s, f"comprar-tecnologia {buy}" if buy else "no-comprar"))
    return ev


def cat(n=4, card="K1", sp=0, hold=None, **kw):
    """Phase 3 of round I with ``card`` revealed and ``sp`` the last withdrawer. ``hold``: a seat
    given a pending tile, so that its Maintenance waits for a placement decision and holdings
    can be read before any Production."""
    if hold is not None:
        kw["pending"] = {hold: [HOLD]}
    return new(n, sp=sp, catastrophe=card, phase="catastrofe", **kw)
