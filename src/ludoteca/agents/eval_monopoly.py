"""Qytetet and Civitas evaluations for search bots (see :mod:`.heuristics`): capital or
balance plus the rent to come, the lead through a logistic, mixed with the chance of a
bankruptcy at the next roll; and the prune of a mortgage undone in the turn it was taken."""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.core.result import rank_by_score

from .heuristics import margin, register_heuristic, register_prune, terminal_values

#: a player lands on a given square about once in 20 turns (one die on 20 squares)
LANDING = 1 / 20
#: rounds of future rent counted when the game has no round limit (or more left than this)
RENT_HORIZON = 30
#: how a lead becomes a value: a lead of this share of the average worth is worth ~73 %
MONOPOLY_SCALE = 0.15
#: Civitas: the turns over which a seat's chance of meeting a payment it cannot make is counted
#: (the next roll from where it stands, then rolls from anywhere). A single roll's chance of the
#: building levy is small, but it comes back every turn; counted for one roll only, mcts kept
#: too little cash and went bankrupt against random play in 6 of 61 games
CIVITAS_RUIN_TURNS = 6


def _monopoly_income(g) -> list[float]:
    """The rent each seat may expect to collect in the rounds left: every unmortgaged street
    earns its rent each time one of the others lands on it."""
    n = len(g.names)
    left = RENT_HORIZON
    if g.max_rounds:
        left = min(left, g.max_rounds - g.turns // n)
    factor = (n - 1) * left * LANDING
    income = [0.0] * n
    for s in g.board.streets:
        owner = g.owner[s]
        if owner >= 0 and g.mortgage[s] is None:
            income[owner] += float(g.rent_of(s)) * factor
    return income


def _card_cost(g, k: int, card) -> float:
    """What the surprise card ``card`` would take from seat ``k`` (0 when it pays or moves).
    In a sampled world the top of the deck is the searcher's own guess, so reading it is fair."""
    from ludoteca.games.monopoly.content import PAY, PER_BUILDING, PER_PLAYER

    if card.value is None or card.value >= 0:
        return 0
    if card.kind == PAY:
        return -card.value
    if card.kind == PER_BUILDING:
        return -card.value * sum(g.houses[s] + g.hotels[s] for s in g.board.streets
                                 if g.owner[s] == k)
    if card.kind == PER_PLAYER:
        return -card.value * (len(g.names) - 1)
    return 0


def _bust_chance(g, k: int) -> float:
    """The chance seat ``k``'s next roll lands it on a payment it cannot meet (someone's
    rent, the tax, a surprise card that takes money): the squares 1–6 ahead, a third as
    likely from jail."""
    squares = g.board.squares
    bal, pos, n_sq = g.bal[k], g.pos[k], len(squares)
    bust = g.rules.is_bankrupt
    owners, mortgage, jailed = g.owner, g.mortgage, g.jailed
    card = None                        # the top card's cost, the same on every SORPRESA square
    hits = 0
    for d in range(1, 7):
        q = (pos + d) % n_sq
        sq = squares[q]
        kind = sq.kind
        if kind == "CALLE":
            owner = owners[q]
            if owner < 0 or owner == k or mortgage[q] is not None or jailed[owner]:
                continue
            cost = g.rent_of(q)
        elif kind == "IMPUESTO":
            cost = sq.tax
        elif kind == "SORPRESA" and g.deck:
            if card is None:
                card = _card_cost(g, k, g.board.cards[g.deck[0]])
            cost = card
        else:
            continue
        if cost > 0:
            hits += bust(bal - cost)
    return hits / 6 / (3 if g.jailed[k] else 1)


def _any_roll_bust_chance(g, k: int) -> float:
    """The chance that a roll from anywhere on the board lands seat ``k`` on a payment it
    cannot meet: the squares that would ruin it, a SORPRESA square counting the share of the
    deck's cards that would."""
    bal, bust = g.bal[k], g.rules.is_bankrupt
    deck = g.deck or []
    hits = 0.0
    deck_share = None                  # the same for every SORPRESA square: counted once
    owners, mortgage, jailed = g.owner, g.mortgage, g.jailed
    for q, sq in enumerate(g.board.squares):
        kind = sq.kind
        if kind == "CALLE":
            owner = owners[q]
            if owner >= 0 and owner != k and mortgage[q] is None and not jailed[owner]:
                hits += bust(bal - g.rent_of(q))
        elif kind == "IMPUESTO":
            hits += bust(bal - sq.tax)
        elif kind == "SORPRESA" and deck:
            if deck_share is None:
                deck_share = _deck_ruin_count(g, k, deck) / len(deck)
            hits += deck_share
    return hits / len(g.board.squares)


#: id(cards) -> (cards, each card's cost group, the groups' (kind, value)): cards that cost
#: the same (:func:`_card_cost`) are tested once
_CARD_GROUPS: dict[int, tuple] = {}


def _card_groups(cards) -> tuple[list[int], list[tuple]]:
    cached = _CARD_GROUPS.get(id(cards))
    if cached is None or cached[0] is not cards:
        from ludoteca.games.monopoly.content import PAY, PER_BUILDING, PER_PLAYER

        keys: list[tuple] = []
        group = []
        for card in cards:
            key = (card.kind, card.value) if card.value is not None and card.value < 0 and \
                card.kind in (PAY, PER_BUILDING, PER_PLAYER) else (None, None)
            if key not in keys:
                keys.append(key)
            group.append(keys.index(key))
        cached = _CARD_GROUPS[id(cards)] = (cards, group, keys)
    return cached[1], cached[2]


def _deck_ruin_count(g, k: int, deck: list[int]) -> int:
    """How many of the deck's cards would take more than seat ``k`` can pay (as counting
    ``bust(balance - _card_cost(card))`` card by card, a cost group at a time)."""
    from ludoteca.games.monopoly.content import PAY, PER_BUILDING

    group, keys = _card_groups(g.board.cards)
    counts = [0] * len(keys)
    for i in deck:
        counts[group[i]] += 1
    bal, bust = g.bal[k], g.rules.is_bankrupt
    ruin = 0
    for (kind, value), count in zip(keys, counts, strict=True):
        if not count:
            continue
        if kind is None:
            cost = 0
        elif kind == PAY:
            cost = -value
        elif kind == PER_BUILDING:
            cost = -value * sum(g.houses[s] + g.hotels[s] for s in g.board.streets
                                if g.owner[s] == k)
        else:                                        # PER_PLAYER
            cost = -value * (len(g.names) - 1)
        if bust(bal - cost):
            ruin += count
    return ruin


def _monopoly_value(g, worth: list[float], end_scores: list[float],
                    ruin_turns: Sequence[int] | None = None) -> list[float]:
    """The lead in worth through a logistic, mixed with what a bankruptcy would bring: the
    game ends at once, ranked by ``end_scores`` (the bankrupt seat's balance gone). The chance
    of one is the next roll's, or with ``ruin_turns`` that over each seat's next turns (the
    later rolls from anywhere)."""
    n = len(worth)
    mean = sum(worth) / n
    values = margin(worth, scale=max(1.0, MONOPOLY_SCALE * mean))
    chances = [_bust_chance(g, k) for k in range(n)]
    if ruin_turns is not None:
        chances = [c if ruin_turns[k] <= 1 else
                   1.0 - (1.0 - c) * (1.0 - _any_roll_bust_chance(g, k)) ** (ruin_turns[k] - 1)
                   for k, c in enumerate(chances)]
    total = sum(chances)
    if not total:
        return values
    scale = 1.0 / total if total > 1 else 1.0
    out = [(1.0 - min(1.0, total)) * v for v in values]
    for k, p in enumerate(chances):
        if p:
            scores = list(end_scores)
            scores[k] -= float(g.bal[k]) + 1.0
            tv = terminal_values(rank_by_score(scores, "bankruptcy"), n)
            for i in range(n):
                out[i] += p * scale * tv[i]
    return out


#: an action, and the one that would undo it, in the Monopoly family
UNDO = {"hipotecar": "cancelar-hipoteca", "cancelar-hipoteca": "hipotecar"}


def _monopoly_prune(g, seat: int, legal: list) -> list:
    """Qytetet and Civitas: no undoing in the same turn. Mortgaging a street and cancelling the
    mortgage in one turn (or the other way round) leaves everything as it was but the
    interest (QY-8, CV-8: the cancellation costs the mortgage plus 10 %), so a search never
    considers cancelling a mortgage it took this turn, or mortgaging a street whose mortgage
    it cancelled this turn. Without this, near-equal values made mcts mortgage and cancel
    the same street several times in one turn. Reads only the public record of the turn."""
    done = set()
    node = g._history
    while node is not None:
        (who, text), node = node
        if who != seat:
            break
        name, _, arg = text.partition(" ")
        if name in UNDO:
            done.add((name, arg))
        if name == "tirar":
            break
    if not done:
        return legal
    kept = [a for a in legal if a.name not in UNDO or
            (UNDO[a.name], "" if a.arg is None else str(a.arg)) not in done]
    return kept or legal


def _qytetet(g) -> list[float]:
    income = _monopoly_income(g)
    capital = [float(g.score(s)) for s in range(len(g.names))]
    return _monopoly_value(g, [capital[s] + income[s] for s in range(len(capital))], capital)


def _turns_left(g, k: int) -> int | None:
    """How many turns seat ``k`` still has, the one in progress included (None: no limit)."""
    n = len(g.names)
    if not g.max_rounds:
        return None
    left = g.max_rounds * n - g.turns - (k - g.current) % n
    return max(0, -(-left // n))


def _civitas(g) -> list[float]:
    n = len(g.names)
    worth = [float(b) for b in g.bal]
    can_sell = [_turns_left(g, k) != 0 for k in range(n)]
    for s in g.board.streets:
        owner = g.owner[s]
        if owner < 0 or not can_sell[owner]:     # no turn left to sell it: worth nothing
            continue
        sale = float(g.sale_price_of(s))
        received = g.mortgage[s]
        worth[owner] += sale if received is None else \
            max(0.0, sale - float(g.rules.cancel_cost(received)))
    income = _monopoly_income(g)
    turns = [CIVITAS_RUIN_TURNS if left is None else min(CIVITAS_RUIN_TURNS, left)
             for left in (_turns_left(g, k) for k in range(n))]
    return _monopoly_value(g, [worth[s] + income[s] for s in range(n)],
                           [float(b) for b in g.bal], turns)


register_heuristic("qytetet", _qytetet)
register_heuristic("civitas", _civitas)
register_prune("qytetet", _monopoly_prune)
register_prune("civitas", _monopoly_prune)
