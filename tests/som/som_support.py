"""Helpers shared by the «Som el que decidim!» rule tests: the usual constants (CN on cell 15,
the disk totals and values, four 6 € hands), arranged new games, playing moves with the
invariants checked, and short readers of the view."""

from __future__ import annotations

from collections import Counter

import ludoteca
from ludoteca.games.som.content import content

C = content()
CN = 15                         # r2c3: neighbours 7, 8, 9, 14, 16, 21, 22, 23
AROUND = (7, 8, 9, 14, 16, 21, 22, 23)
WORLD = {c: f"W-0{i + 1}" for i, c in enumerate(AROUND)}
TWO = ("justicia", "sanidad", "educacion", "mossos", "bomberos")      # 2 € disks (services)
ONE = ("vias", "carreteras", "bosques", "energias", "vivienda")       # 1 € disks
SERVICES = ("justicia", "sanidad", "educacion", "mossos", "bomberos")
ALL_DISKS = {"justicia": 2, "sanidad": 3, "educacion": 3, "mossos": 2, "bomberos": 2,
             "vias": 2, "carreteras": 2, "bosques": 3, "energias": 2, "vivienda": 3}
VALUE = {t: (2 if t in SERVICES else 1) for t in ALL_DISKS}
FOUR_HANDS = {                 # 24 disks exactly: 6 € each, Hisenda gets the rest (12 €)
    0: {"mossos": 1, "sanidad": 1, "bosques": 1, "vivienda": 1},
    1: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
    2: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
    3: {"educacion": 1, "justicia": 1, "vias": 1, "carreteras": 1},
}


def game(n=4, options=None, dice=(), seed=1, **arrangement):
    """A new game with the given ``arrange(...)`` (if any); invariants checked."""
    g = ludoteca.new_game("som", players=n, seed=seed, options=options or {}, dice=list(dice))
    if arrangement:
        g.arrange(**arrangement)
    g._check_invariants()
    return g


def game_cn(n=4, options=None, dice=(), seed=1, cells=None, **arrangement):
    """CN on cell 15; seats missing from ``disks`` hold nothing (Hisenda takes the rest)."""
    g = ludoteca.new_game("som", players=n, seed=seed, options=options or {}, dice=list(dice))
    if "disks" in arrangement:
        arrangement["disks"] = {s: {} for s in range(n)} | arrangement["disks"]
    g.arrange(cells={CN: "CN", **(cells or {})}, **arrangement)
    g._check_invariants()
    return g


def play(g, *moves):
    """Apply (seat, text) pairs, checking the invariants after each; return all events."""
    out = []
    for seat, text in moves:
        out += g.apply(text, seat=seat)
        g._check_invariants()
    return out


def kinds(events):
    return [e.kind for e in events]


def first(events, kind):
    return next(e for e in events if e.kind == kind)


def legal(g, seat=None):
    return [str(a) for a in g.legal_actions(seat)]


def moves(g, seat=None):
    return sorted(int(a.split()[1]) for a in legal(g, seat) if a.startswith("mover "))


def values(g):
    v = g.view(None)
    return [p["value"] for p in v["players"]], v["hisenda"]["value"]


def pds(g):
    v = g.view(None)
    return [p["pd"] for p in v["players"]], v["cn"]["pd"]


def disks(g, seat):
    return g.view(None)["players"][seat]["disks"]


def states(g):
    return [c["estado"] for c in g.view(None)["cells"]]


def val(t):
    return 2 if t in TWO else 1


def worth(hand):
    return sum(VALUE[t] * k for t, k in hand.items())


def hands(n, hisenda, fixed=None):
    """Every seat's disks: ``fixed`` hands as given, the disks neither fixed nor on Hisenda
    dealt round-robin to the other seats (so the 24 disks add up)."""
    fixed = fixed or {}
    rest = Counter(ALL_DISKS)
    rest.subtract(hisenda)
    for h in fixed.values():
        rest.subtract(h)
    assert all(k >= 0 for k in rest.values())
    seats = [s for s in range(n) if s not in fixed]
    out = {s: Counter() for s in seats}
    i = 0
    for t in ALL_DISKS:
        for _ in range(rest[t]):
            out[seats[i % len(seats)]][t] += 1
            i += 1
    return {**{s: dict(h) for s, h in fixed.items()}, **{s: dict(h) for s, h in out.items()}}


def pay_taxes(g):
    """Finish phase 1 paying with the first legal option each time; return the events."""
    ev = []
    while g.view(None)["stage"] == "tributacion" and not g.is_over:
        ev += play(g, (g.to_move[0], legal(g)[0]))
    return ev


def pay_taxes_by_seat(g):
    """As ``pay_taxes``, but with the first legal option of the seat to move."""
    ev = []
    while g.view(None)["stage"] == "tributacion" and not g.is_over:
        seat = g.to_move[0]
        ev += play(g, (seat, legal(g, seat)[0]))
    return ev
