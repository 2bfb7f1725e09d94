"""How good a solo «Som el que decidim!» position is: the chance the player still reaches
the consulta (or a DUI) before the taxes leave him unable to pay, for a search bot's leaves.

Alone, the player pays 3 € a turn (2 € once ATC is face up) and gets 2 € a turn on average
from the die (SOM-18.4, 18.5, 8.2), so every turn without ATC costs about 1 €; the only way
to win is to turn face-down cards until the urna pile holds 4 (SOM-4.2, 5.7), and a Spain
card sends the pile back to the map (SOM-12.3). Waiting never helps: the face-down cards do
not change while the money runs down. So the value counts the money left after the next tax
(the same measure before and after paying, so that a search does not prefer one phase), ATC,
the urna cards found and the chance that those still to find come up before every Spain card
still face down (1 / C(urna + Spain left, urna left)), the cards already turned, the Spain
cards still face down and, while the citizen walks, the face-down cards next to him.

The weights are a logistic regression of "the player won" on these features over 20 000
solo games of the greedy bot (a tenth of the moves random so that states a search reaches
are covered); ``python bench/fit_som_solo.py --games 20000 --workers 2`` plays the games and
prints them again (held-out log-loss 0.484, against 0.679 for the mean alone).

:func:`prune` is the search's assumption that goes with it: a walk does not end without
turning the face-down card next to the citizen.
"""

from __future__ import annotations

import math
from functools import cache
from types import SimpleNamespace

#: the weight of each feature in :func:`features`'s order
WEIGHTS = (
    -1.351,  # constant
    -0.181,  # urna cards in the pile (counted mostly through «clean»)
    0.285,   # € left after the next tax (the die's 2 € counted if still to come), up to 12
    0.265,   # ATC face up (or active): 2 € a turn instead of 3 €
    0.044,   # cards turned (36 minus the face-down cards left)
    -0.236,  # Spain cards still face down
    0.049,   # urna cards × Spain cards face down
    0.011,   # face-down cards next to the walking citizen
    0.039,   # the citizen is walking (he may go on)
    1.267,   # «clean»: the chance the urna cards still to find come before every Spain card
)
FEATURE_NAMES = ("constant", "urna", "cash", "atc", "turned", "spain_down", "urna_x_spain",
                 "next_to_citizen", "walking", "clean")


def features(g) -> tuple[float, ...]:
    """The features of solo game ``g`` (a sampled world: reading it reveals nothing)."""
    S = _names()
    NC, PH_MOVE, URNA_FOR_CONSULTA = S.NC, S.PH_MOVE, S.URNA_FOR_CONSULTA
    K = g.K                             # the game's own content
    C, FLAG, NEIGH, ATC_CARD = K.C, K.FLAG, K.NEIGH, K.ATC_CARD
    spain, die = _CONTENT.get(K) or _content(K)
    cells, up = g.cells, g.up
    down = spain_up = 0
    atc = g.atc_active
    for card, face_up in zip(cells, up, strict=True):
        if card < 0:
            continue
        if not face_up:
            down += 1
        elif FLAG[card] == S.FLAG_ESP:
            spain_up += 1
        elif card == ATC_CARD:
            atc = True
    cash = g.value(0)                   # what is left after the next tax, the roll counted
    if g.stage == 1:                    # this turn's tax, not yet (all) paid
        if g.tax_queue:
            cash -= C.tax_solo_atc if g.atc_active else C.tax_solo
        if g.phase in S.PAYING and g.pay_ret == S.RET_TAX and g.pay_payer >= 0:
            cash -= g.pay_due
    else:                               # paid: the next turn's (ATC face up: 2 €), and the
        cash -= C.tax_solo_atc if atc else C.tax_solo      # die's 2 € on average if to come
        if g.stage == 2:
            cash += die
    urna = len(g.pile)
    spain_down = spain - spain_up                                      # 4 Spain cards
    walking = g.phase == PH_MOVE
    near = sum(1 for x in NEIGH[g.cit[0]] if cells[x] >= 0 and not up[x]) if walking else 0
    clean = 1.0 / math.comb(URNA_FOR_CONSULTA - urna + spain_down, spain_down)
    return (1.0, urna, min(cash, 12), float(atc), NC - 1 - down, spain_down,
            urna * spain_down, near, float(walking), clean)


@cache
def _names() -> SimpleNamespace:
    """The Som engine's names the Som evaluations read (here and ``eval_som_fit``), imported
    on first use (the agents layer imports a game's modules only when it needs them)."""
    from ludoteca.games.som.common import (
        NC,
        PH_CHANGE,
        PH_MOVE,
        PH_PAY,
        RET_TAX,
        URNA_FOR_CONSULTA,
        T,
    )
    from ludoteca.games.som.content import FLAG_ESP

    return SimpleNamespace(NC=NC, PH_MOVE=PH_MOVE, PAYING=(PH_PAY, PH_CHANGE), RET_TAX=RET_TAX,
                           URNA_FOR_CONSULTA=URNA_FOR_CONSULTA, URNA=URNA_FOR_CONSULTA, T=T,
                           FLAG_ESP=FLAG_ESP)


#: tables -> (its Spain cards, the die's mean number)
_CONTENT: dict = {}


def _content(K) -> tuple[int, float]:
    """What :func:`features` reads of a content, counted once (``_CONTENT``)."""
    faces = K.C.faces
    flag_esp = _names().FLAG_ESP
    got = _CONTENT[K] = (sum(1 for f in K.FLAG if f == flag_esp),
                         sum(number for number, _ in faces) / len(faces))
    return got


def value(g) -> float:
    """The chance, roughly, that the solo player of ``g`` wins."""
    z = sum(w * f for w, f in zip(WEIGHTS, features(g), strict=True))
    return 1.0 / (1.0 + math.exp(-z))


def prune(g, seat: int, legal: list) -> list:
    """Solo: while a face-down card is next to the walking citizen, a search only considers
    turning one (not stopping, nor stepping onto a face-up card): the face-down cards do not
    change while the money runs down, so putting off turning one gains nothing, and without
    this the search's noise favoured the steps that keep every option open and it wandered."""
    if not g.solo or g.phase != _names().PH_MOVE:
        return legal
    up = g.up                   # a step's cell holds a card: face down, or none is next to him
    kept = [a for a in legal if a.arg is not None and not up[a.arg]]
    return kept or legal


__all__ = ["FEATURE_NAMES", "WEIGHTS", "features", "prune", "value"]
