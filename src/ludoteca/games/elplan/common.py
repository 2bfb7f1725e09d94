"""Constants shared by the engine's modules: the content, the stages of a Period, codes."""

from __future__ import annotations

from ludoteca.core.events import Event, new_event

from .content import ANY, MAX_TARGETS, content

# Every name below is the same for every valid content file (the schema's validators fix
# what they are derived from); whatever a file may change is read from the game's own
# content (``game.C``), never from here.
_SHIPPED = C = content()        # the shipped content (tests, tools): the engine reads game.C
MAX_PLAYERS = 6                # EP-GEN.1: 2–6 players (schema: players.min/max)
assert _SHIPPED.max_players == MAX_PLAYERS
NT = MAX_TARGETS               # targets per seat: 0, 1 plan processes; 2 + k catalogue card k
CH, D, E = 0, 1, 2             # resources
MP, BC, SV = 0, 1, 2           # products
PA, PB, PC = 0, 1, 2           # process types (ANY = 3)
assert ANY == 3

# stages of a Period (engine brief "Period as a state machine")
(S_OPP, S_D1X, S_D1C, S_D2OFF, S_D2RET, S_D2ACT, S_D2EXC, S_D3, S_D4, S_D5BUY, S_D5SELL,
 S_D6, S_D7, S_MERMA, S_OVER) = range(15)
STAGE_NAMES = ("oportunidad", "d1-exencion", "d1-elecciones", "d2-desactivar", "d2-devolver",
               "d2-activar", "d2-canjear", "d3-invertir", "d4-fabricar", "d5-comprar",
               "d5-vender", "d6-credito-subsidio", "d7-innovar", "resumen-merma", "fin")
STAGE_DISTRICT = (0, 1, 1, 2, 2, 2, 2, 3, 4, 5, 5, 6, 7, 0, 0)
SIMULTANEOUS = frozenset({S_D4, S_D6, S_MERMA})
DISTRICT_FIRST = {S_D1X: 1, S_D2OFF: 2, S_D3: 3, S_D4: 4, S_D5BUY: 5, S_D6: 6, S_D7: 7}

#: seats in Momento Cero order: IN_ORDER[n][mc]
IN_ORDER = tuple(tuple(tuple((mc + i) % n for i in range(n)) for mc in range(max(n, 1)))
                 for n in range(MAX_PLAYERS + 1))

# D1 choice kinds
K_RETURN, K_TAKE, K_DISCARD = 0, 1, 2

# Opportunity square indices by benefit: the board's layout, square by square, and the
# benefit of each District's squares are fixed by the schema (SQUARE_DISTRICTS and
# DISTRICT_BENEFIT: G24, EP-OPP.5–10); what a square gives (amounts, players) is content
SQ_D1 = tuple(s.index for s in _SHIPPED.squares if s.benefit == "ignore_event")
SQ_D2 = tuple(s.index for s in _SHIPPED.squares if s.benefit == "gain")
SQ_D4 = next(s.index for s in _SHIPPED.squares if s.benefit == "extra_process")
SQ_D5 = next(s.index for s in _SHIPPED.squares if s.benefit == "purchase_discount")
SQ_D6 = tuple(s.index for s in _SHIPPED.squares if s.benefit == "subsidy")

RES = ("ch", "d", "e")
PROD = ("mp", "bc", "sv")
PT = ("a", "b", "c", "any")


def triple(x) -> dict[str, int]:
    return {"ch": x[0], "d": x[1], "e": x[2]}


def ptriple(x) -> dict[str, int]:
    return {"mp": x[0], "bc": x[1], "sv": x[2]}


#: Event(kind, rule, data), made faster (the engine makes one or two at every action)
event = new_event
#: where the handlers put the events of an action: a list, or None in a quiet game (a learning
#: environment's or a search's, whose events nobody reads: ``ElplanGame.quiet``), which makes
#: none; every event site checks it, and play is the same either way
Events = list[Event] | None


