"""Helpers shared by the El Plan rule tests: new games, playing up to a step with a script,
and short readers of the view."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core.action import Action
from ludoteca.games.elplan.common import STAGE_NAMES
from ludoteca.games.elplan.content import content

C = content()
DONE = Action("listo")


def new(n=3, seed=1, **options):
    return ludoteca.new_game("elplan", players=n, seed=seed, options=options)


def step(g):
    """The name of the step the game waits in ("oportunidad", "d2-activar", …)."""
    return STAGE_NAMES[g.stage]


def at(g, period, name):
    return g.is_over or (g.period, g.stage) >= (period, STAGE_NAMES.index(name))


DEFAULT_SQUARES = ("3B", "3C", "3A", "D5", "D4", "D6-1", "D2-1", "D2-2", "D1-1", "D1-2")


def act(g, seat, text):
    return g.apply(text, seat=seat)


def run(g, until, script=(), squares=None, record=None):
    """Play until (period, step) is reached (or the game ends). ``script`` items
    (step, seat, action) are played, in their order, when that seat is to move in that step;
    ``squares`` {seat: square id} are the Opportunity placements of the first Opportunity;
    otherwise a seat places on the first free square of DEFAULT_SQUARES and then plays
    ``listo`` when it may, else its first legal action. Returns the events; ``record`` gets
    (period, step, seat) for every decision."""
    script = list(script)
    squares = dict(squares or {})
    events = []
    while not g.is_over and not (until != "end" and at(g, *until)):
        seat = g.to_move[0]
        st = step(g)
        if record is not None:
            record.append((g.period, st, seat))
        item = next((x for x in script if x[0] == st and x[1] == seat), None)
        if item is not None:
            script.remove(item)
            events += g.apply(item[2], seat=seat)
            continue
        legal = g.legal_actions(seat)
        if st == "oportunidad":
            q = squares.pop(seat, None)
            if q is None:
                q = next(x for x in DEFAULT_SQUARES if g.parse(f"ubicar {x}") in legal)
            events += g.apply(f"ubicar {q}", seat=seat)
        elif DONE in legal:
            events += g.apply(DONE, seat=seat)
        else:
            events += g.apply(legal[0], seat=seat)
    assert not script, f"script items not played: {script}"
    return events


def player(g, s):
    return g.view(None)["players"][s]


def idle(g, s):
    return player(g, s)["idle"]


def target(g, s, tid):
    return next(t for t in player(g, s)["targets"] if t["id"] == tid)


def legal(g, seat):
    return [str(a) for a in g.legal_actions(seat)]


def kinds(events):
    return [e.kind for e in events]


def first(events, kind):
    return next(e for e in events if e.kind == kind)


def can(g, seat, text):
    return seat in g.to_move and g.parse(text) in g.legal_actions(seat)


def offers(g):
    """The market's offers: {slot: (card, age)}."""
    return {o["slot"]: (o["card"], o["age"]) for d in g.view(None)["decks"]
            for o in d["offers"] if o}


# ----- helpers of the tests that script each decision themselves ---------------------------------
def view_step(g):
    """The step named by the public view."""
    return g.view(None)["step"]


def at_step(stage, seat=None):
    """A condition for ``play``: the game waits in ``stage`` (for ``seat``, if given)."""
    return lambda g: view_step(g) == stage and (seat is None or seat in g.to_move)


def arranged(n=3, seed=1, options=None, **arr):
    """A new game with ``arrange(...)``; the event deck is S11 unless given."""
    g = new(n, seed, **(options or {}))
    arr.setdefault("events", ["S11"])
    g.arrange(**arr)
    return g


def place(g, *squares):
    """Each seat in turn places its entrepreneur token; return the events."""
    ev = []
    for q in squares:
        ev += g.apply(f"ubicar {q}", seat=g.to_move[0])
    return ev


def play(g, until):
    """Pass ('listo', else the first legal action) until ``until(g)``."""
    ev = []
    while not until(g):
        assert not g.is_over
        assert view_step(g) != "oportunidad", "place the tokens first"
        s = g.to_move[0]
        legal = g.legal_actions(s)
        ev += g.apply(DONE if DONE in legal else legal[0], seat=s)
        g._check_invariants()
    return ev


def names(g, s):
    return [str(a) for a in g.legal_actions(s)]


def do(g, s, text):
    """``s`` (one of the seats to move) plays ``text``; invariants checked."""
    assert s in g.to_move, (s, g.to_move, view_step(g))
    ev = g.apply(text, seat=s)
    g._check_invariants()
    return ev


def refused(g, s, text):
    with pytest.raises(ludoteca.IllegalAction):
        g.apply(text, seat=s)
