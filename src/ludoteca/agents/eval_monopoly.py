"""Qytetet and Civitas evaluations for search bots (see :mod:`.heuristics`): capital or
balance plus the rent to come, the lead through a logistic, mixed with the chance of a
bankruptcy at the next roll; and the prune of a mortgage undone in the turn it was taken.

A search evaluates every world it samples, so the evaluations read each board's amounts from
tables made once (:class:`_Board`) in one pass over the streets, and count no chance of ruin
for a seat that could pay the largest payment it may meet (:func:`_safe_seats`): the very
same numbers as counting it, in a fraction of the time."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from math import exp

from ludoteca.core.result import rank_by_score

from .heuristics import margin, register_heuristic, register_prune, terminal_values

ZERO = Decimal(0)
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


class _Board:
    """What the evaluations read of one (board, rulebook) pair, worked out once: for each
    street and count of ``[houses][hotels]`` a cell (rent, rent, sale price, title value) —
    the first and the third as floats (``float`` of the very same ``Decimal``s the game uses,
    so every sum comes out the same), the others as those ``Decimal``s (compared and summed
    exactly); for each square the six squares a roll may end on; and the most a tax or a
    surprise card can take. Building counts are always within the rulebook's limits (the turn
    flow and arrangements keep them there), so they index the cells directly."""

    __slots__ = ("board", "rules", "cells", "ahead", "tax_max", "pay_max", "per_player_max",
                 "per_building_max", "_fixed")

    def __init__(self, board, rules) -> None:
        from ludoteca.games.monopoly.content import PAY, PER_BUILDING, PER_PLAYER
        from ludoteca.games.monopoly.ruleset import MAX_HOTELS, MAX_HOUSES
        from ludoteca.games.monopoly.tables import tables_for

        self.board, self.rules = board, rules
        t = tables_for(board, rules)
        squares = board.squares

        def cell(s: int, h: int, k: int) -> tuple[float, Decimal, float, Decimal]:
            i = t.index(s, h, k)
            return float(t.rent[i]), t.rent[i], float(t.sale[i]), t.title[i]

        self.cells = [[[cell(s, h, k) for k in range(MAX_HOTELS + 1)]
                       for h in range(MAX_HOUSES + 1)] if sq.is_street else []
                      for s, sq in enumerate(squares)]
        n_sq = len(squares)
        self.ahead = [tuple(((pos + d) % n_sq, squares[(pos + d) % n_sq]) for d in range(1, 7))
                      for pos in range(n_sq)]
        self.tax_max = max([sq.tax for sq in squares if sq.kind == "IMPUESTO"], default=ZERO)

        def most(kind: str) -> Decimal:       # the largest payment a card of ``kind`` asks
            return max([-c.value for c in board.cards
                        if c.kind == kind and c.value is not None and c.value < 0],
                       default=ZERO)

        self.pay_max, self.per_player_max = most(PAY), most(PER_PLAYER)
        self.per_building_max = most(PER_BUILDING)
        self._fixed: dict[int, Decimal] = {}

    def fixed_bound(self, n: int) -> Decimal:
        """The most the tax or a surprise card not counted by buildings can take, ``n`` seats
        playing (:func:`_card_cost`)."""
        got = self._fixed.get(n)
        if got is None:
            got = self._fixed[n] = max(self.tax_max, self.pay_max,
                                       self.per_player_max * (n - 1))
        return got


#: the boards evaluated so far, by id(board), each under the last rulebook seen with it
_BOARDS: dict[int, _Board] = {}


def _board_of(g) -> _Board:
    board, rules = g.board, g.rules
    got = _BOARDS.get(id(board))
    if got is None or got.board is not board or got.rules is not rules:
        if len(_BOARDS) > 64:
            _BOARDS.clear()
        got = _BOARDS[id(board)] = _Board(board, rules)
    return got


def _rent_factor(g, n: int) -> float:
    """How many times a street's rent may still come in: each of the others lands on it about
    once in 20 turns, over the rounds left (at most ``RENT_HORIZON``)."""
    limit = g.max_rounds
    left = RENT_HORIZON if not limit else min(RENT_HORIZON, limit - g.turns // n)
    return (n - 1) * left * LANDING


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


def _bust_chance(g, k: int, b: _Board | None = None) -> float:
    """The chance seat ``k``'s next roll lands it on a payment it cannot meet (someone's
    rent, the tax, a surprise card that takes money): the squares 1–6 ahead, a third as
    likely from jail."""
    if b is None:
        b = _board_of(g)
    bal = g.bal[k]
    at_zero = g.rules.bankrupt_at_zero          # Ruleset.is_bankrupt(bal - cost), inline
    owners, mortgage, jailed = g.owner, g.mortgage, g.jailed
    card = None                        # the top card's cost, the same on every SORPRESA square
    hits = 0
    for q, sq in b.ahead[g.pos[k]]:
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
                card = _card_cost(g, k, g.board.cards[g.top_card()])
            cost = card
        else:
            continue
        if cost > 0:
            left = bal - cost
            hits += (left <= ZERO) if at_zero else (left < ZERO)
    return hits / 6 / (3 if jailed[k] else 1)


def _any_roll_bust_chance(g, k: int) -> float:
    """The chance that a roll from anywhere on the board lands seat ``k`` on a payment it
    cannot meet: the squares that would ruin it, a SORPRESA square counting the share of the
    deck's cards that would (in any order: a sampled world's may not be dealt yet)."""
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
                    ruin_turns: Sequence[int] | None = None, b: _Board | None = None,
                    safe: Sequence[bool] | None = None) -> list[float]:
    """The lead in worth through a logistic, mixed with what a bankruptcy would bring: the
    game ends at once, ranked by ``end_scores`` (the bankrupt seat's balance gone). The chance
    of one is the next roll's, or with ``ruin_turns`` that over each seat's next turns (the
    later rolls from anywhere). ``safe``: the seats no payment can ruin (:func:`_safe_seats`),
    whose chance is 0 without counting."""
    n = len(worth)
    mean = sum(worth) / n
    values = _margin(worth, max(1.0, MONOPOLY_SCALE * mean))
    if safe is None:
        safe = [False] * n
    elif all(safe):
        return values
    if b is None:
        b = _board_of(g)
    chances = [0.0 if safe[k] else _bust_chance(g, k, b) for k in range(n)]
    if ruin_turns is not None:
        chances = [c if ruin_turns[k] <= 1 or safe[k] else
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


def _margin(xs: list[float], scale: float) -> list[float]:
    """:func:`~.heuristics.margin`, the same numbers; two seats without its general search
    for the best other seat (each one's lead is simply over the other), and the leads kept
    within ±30 as ``max(-30.0, min(30.0, z))`` would, without the calls."""
    if len(xs) != 2:
        return margin(xs, scale=scale)
    x0, x1 = xs
    z0 = (x0 - x1) / scale
    z0 = 30.0 if z0 >= 30.0 else -30.0 if z0 <= -30.0 else z0
    z1 = (x1 - x0) / scale
    z1 = 30.0 if z1 >= 30.0 else -30.0 if z1 <= -30.0 else z1
    return [1.0 / (1.0 + exp(-z0)), 1.0 / (1.0 + exp(-z1))]


def _safe_seats(g, b: _Board, top_rent: list[Decimal], buildings: list[int]) -> list[bool]:
    """Which seats no payment a roll may bring can ruin: each could pay the largest one and
    stay solvent (``Ruleset.is_bankrupt`` of the balance left; a smaller payment leaves more),
    so their chance of ruin is 0. The largest: the highest rent another seat not in jail
    charges now (``top_rent``: each seat's highest, unmortgaged streets), the tax, the dearest
    surprise card for its ``buildings``."""
    n = len(top_rent)
    jailed, bal = g.jailed, g.bal
    at_zero = g.rules.bankrupt_at_zero
    fixed = b._fixed.get(n)
    if fixed is None:
        fixed = b.fixed_bound(n)
    per_building = b.per_building_max
    if n == 2:                         # the same bounds, each seat's other seat by hand
        bound0 = bound1 = fixed
        if buildings[0] and per_building * buildings[0] > bound0:
            bound0 = per_building * buildings[0]
        if buildings[1] and per_building * buildings[1] > bound1:
            bound1 = per_building * buildings[1]
        if not jailed[1] and top_rent[1] > bound0:
            bound0 = top_rent[1]
        if not jailed[0] and top_rent[0] > bound1:
            bound1 = top_rent[0]
        left0, left1 = bal[0] - bound0, bal[1] - bound1
        if at_zero:
            return [left0 > ZERO, left1 > ZERO]
        return [left0 >= ZERO, left1 >= ZERO]
    safe = []
    for k in range(n):
        bound = fixed
        count = buildings[k]
        if count:
            levy = per_building * count
            if levy > bound:
                bound = levy
        for o in range(n):
            if o != k and not jailed[o] and top_rent[o] > bound:
                bound = top_rent[o]
        left = bal[k] - bound
        safe.append(left > ZERO if at_zero else left >= ZERO)
    return safe


def _evaluate(g, b: _Board, worth: list[float], end_scores: list[float],
              top_rent: list[Decimal], buildings: list[int],
              ruin_turns: Sequence[int] | None = None) -> list[float]:
    """:func:`_monopoly_value` with the seats no payment can ruin found first
    (:func:`_safe_seats`): when that is every seat, the logistic of the lead alone (the very
    numbers it gives then, without counting any chance)."""
    safe = _safe_seats(g, b, top_rent, buildings)
    if False in safe:
        return _monopoly_value(g, worth, end_scores, ruin_turns, b, safe)
    n = len(worth)
    scale = max(1.0, MONOPOLY_SCALE * (sum(worth) / n))
    if n != 2:
        return margin(worth, scale=scale)
    x0, x1 = worth                     # _margin's two seats, inline
    z0 = (x0 - x1) / scale
    z0 = 30.0 if z0 >= 30.0 else -30.0 if z0 <= -30.0 else z0
    z1 = (x1 - x0) / scale
    z1 = 30.0 if z1 >= 30.0 else -30.0 if z1 <= -30.0 else z1
    return [1.0 / (1.0 + exp(-z0)), 1.0 / (1.0 + exp(-z1))]


#: an action, and the one that would undo it, in the Monopoly family
UNDO = {"hipotecar": "cancelar-hipoteca", "cancelar-hipoteca": "hipotecar"}
#: an action's text -> the text of the action that would undo it ("hipotecar 4" ->
#: "cancelar-hipoteca 4"), "" for any other action; filled as texts come (a few dozen)
_UNDONE_BY: dict[str, str] = {}


def _undone_by(text: str) -> str:
    """The text of the action that would undo the action ``text`` ("": nothing would)."""
    got = _UNDONE_BY.get(text)
    if got is None:
        name = text.partition(" ")[0]
        got = _UNDONE_BY[text] = UNDO[name] + text[len(name):] if name in UNDO else ""
    return got


def _monopoly_prune(g, seat: int, legal: list) -> list:
    """Qytetet and Civitas: no undoing in the same turn. Mortgaging a street and cancelling the
    mortgage in one turn (or the other way round) leaves everything as it was but the
    interest (QY-8, CV-8: the cancellation costs the mortgage plus 10 %), so a search never
    considers cancelling a mortgage it took this turn, or mortgaging a street whose mortgage
    it cancelled this turn. Without this, near-equal values made mcts mortgage and cancel
    the same street several times in one turn. Reads only the public record of the turn."""
    node = g._history
    if node is None or node[0][0] != seat or node[0][1] == "tirar":
        return legal                   # the commonest: nothing of this seat's turn yet
    banned = None                      # what would undo this turn's mortgages and cancellations
    undone_by = _UNDONE_BY
    while node is not None:
        (who, text), node = node
        if who != seat or text == "tirar":
            break
        undo = undone_by.get(text)
        if undo is None:
            undo = _undone_by(text)
        if undo:
            if banned is None:
                banned = set()
            banned.add(undo)
    if banned is None:
        return legal
    # an action is banned when it undoes one of them: undoing is its own inverse
    # ("hipotecar 4" <-> "cancelar-hipoteca 4"), so that is its text being an undo of one
    kept = [a for a in legal if a._text not in banned]
    return kept or legal


def _qytetet(g) -> list[float]:
    """Capital (balance + title values, as ``score``) plus the rent to come, a seat at a time
    over its streets in board order (:func:`_streets_of`)."""
    b = _board_of(g)
    n = len(g.names)
    factor = _rent_factor(g, n)
    capital_counts = g.rules.ranked_by_capital
    owners, mortgage, houses, hotels, cells = g.owner, g.mortgage, g.houses, g.hotels, b.cells
    capital, worth, top_rent, buildings = [], [], [ZERO] * n, [0] * n
    for k, bal in enumerate(g.bal):
        count = owners.count(k)
        if not count:                  # no titles: the balance (+ Decimal 0) and no rent
            mine = float(bal)
            capital.append(mine)
            worth.append(mine + 0.0)
            continue
        income = 0.0
        titles = ZERO
        for s in _streets_of(owners, k, count):
            h, t = houses[s], hotels[s]
            rent, rent_d, _, title = cells[s][h][t]
            titles = titles + title
            buildings[k] += h + t
            if mortgage[s] is None:
                income += rent * factor
                if rent_d > top_rent[k]:
                    top_rent[k] = rent_d
        mine = float(bal + titles) if capital_counts else float(bal)
        capital.append(mine)
        worth.append(mine + income)
    return _evaluate(g, b, worth, capital, top_rent, buildings)


def _streets_of(owners: list[int], k: int, count: int) -> list[int]:
    """The ``count`` squares seat ``k`` owns (only streets have owners), in board order, found
    by the list itself (most seats own few of the streets)."""
    if count == 1:
        return [owners.index(k)]
    out = []
    s = -1
    find = owners.index
    for _ in range(count):
        s = find(k, s + 1)
        out.append(s)
    return out


def _turns_left(g, k: int) -> int | None:
    """How many turns seat ``k`` still has, the one in progress included (None: no limit)."""
    n = len(g.names)
    if not g.max_rounds:
        return None
    left = g.max_rounds * n - g.turns - (k - g.current) % n
    return max(0, -(-left // n))


def _civitas(g) -> list[float]:
    """Balance plus what the titles would fetch if sold now (nothing once a seat has no turn
    left to sell them) plus the rent to come, a seat at a time over its streets in board
    order (:func:`_streets_of`)."""
    b = _board_of(g)
    n = len(g.names)
    left = [_turns_left(g, k) for k in range(n)]
    factor = _rent_factor(g, n)
    owners, mortgage, houses, hotels, cells = g.owner, g.mortgage, g.houses, g.hotels, b.cells
    cancel_cost = g.rules.cancel_cost
    balance, worth, top_rent, buildings = [], [], [ZERO] * n, [0] * n
    for k, bal in enumerate(g.bal):
        mine = float(bal)
        balance.append(mine)
        can_sell = left[k] != 0                 # no turn left to sell them: worth nothing
        income = 0.0
        count = owners.count(k)
        for s in _streets_of(owners, k, count) if count else ():
            h, t = houses[s], hotels[s]
            rent, rent_d, sale, _ = cells[s][h][t]
            buildings[k] += h + t
            received = mortgage[s]
            if can_sell:
                mine += sale if received is None else \
                    max(0.0, sale - float(cancel_cost(received)))
            if received is None:
                income += rent * factor
                if rent_d > top_rent[k]:
                    top_rent[k] = rent_d
        worth.append(mine + income)
    turns = [CIVITAS_RUIN_TURNS if x is None else min(CIVITAS_RUIN_TURNS, x) for x in left]
    return _evaluate(g, b, worth, balance, top_rent, buildings, turns)


register_heuristic("qytetet", _qytetet)
register_heuristic("civitas", _civitas)
register_prune("qytetet", _monopoly_prune)
register_prune("civitas", _monopoly_prune)
