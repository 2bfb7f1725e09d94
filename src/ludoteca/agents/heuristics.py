"""Evaluations for search bots: how good a position is for each seat, as numbers in [0, 1].

A search bot calls these on worlds it sampled itself with ``game.determinize(seat, seed)``,
never on the real game: a sampled world is the searcher's own guess, so reading its state
(hidden parts included) reveals nothing. Each function returns one value per seat, roughly
"the chance this seat wins" on the same scale as :func:`terminal_values`.

- qytetet: the capital (balance + title values, what the ranking is by) plus the rent the
  streets may still earn in the rounds left;
- civitas: the balance plus what the titles would fetch if sold now (the ranking is by
  balance, and a title can be sold at any turn, so counting it avoids a bot that never buys
  because buying lowers the balance; once a seat has no turn left before the round limit its
  titles count nothing, so it sells in its last turn), plus the rent still to come;
- for both, the lead over the best other seat relative to the average worth, through a
  logistic, mixed with the chance that a seat's next roll bankrupts it (the game then ends
  at once: in Civitas the bankrupt seat is last, in Qytetet the capitals decide);
- som: the lead in participation disks (the most win) through a logistic, times the chance
  the game ends with a winner: a consulta, which grows with the urna cards found and shrinks
  when someone is close to not paying the next two turns' taxes (intervención: everybody
  loses), or a DUI at the next roll when Hisenda is short; each step a citizen has taken this
  turn costs a quarter, and in its own worlds a search lets a citizen walk at most 8 steps a
  turn (the rules set no limit), so it stops rather than wander; alone (solo), the chance to
  find the urna cards before the taxes run the money out (:mod:`ludoteca.agents.som_solo`);
- elplan: points (Ideas + trios) plus progress towards the next trio, the Ideas the Products
  in hand make at D7 (sets of three types, and a little for each type towards one), a little
  for resources (the first tie-break), minus the credit penalty to come, turned into a value
  by the lead over the best other seat;
- sigloxx: projected victory points (the VP so far, the final scoring if it were now, the
  incomes over the productions left and a little for coins and science held), turned into a
  value by the margin over the best opponent (VP can be negative, so a plain share does not
  work).

Games with no entry here are evaluated by playing on to the end. A game may also adjust the
worlds a search samples (:func:`register_world_setup`): the searcher's assumptions about how
everyone plays, e.g. in Som that a citizen walks at most 8 steps a turn; and leave out actions
no player should take (:func:`register_prune`), e.g. in Qytetet and Civitas cancelling a
mortgage taken in the same turn, which only pays the 10 % interest, and in solo Som anything
but turning a face-down card while one is next to the citizen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ludoteca.agents import som_solo
from ludoteca.core.game import Game
from ludoteca.core.result import Result, rank_by_score

Heuristic = Callable[[Game], list[float]]

#: what a non-winner at the top of the ranking can get at most (winners get 1 / #winners)
RANK_WEIGHT = 0.5

_HEURISTICS: dict[str, Heuristic] = {}
_WORLD_SETUP: dict[str, Callable[[Game], None]] = {}
_PRUNE: dict[str, Callable[[Game, int, list], list]] = {}


def register_heuristic(game_id: str, fn: Heuristic) -> None:
    _HEURISTICS[game_id] = fn


def register_world_setup(game_id: str, fn: Callable[[Game], None]) -> None:
    _WORLD_SETUP[game_id] = fn


def register_prune(game_id: str, fn: Callable[[Game, int, list], list]) -> None:
    _PRUNE[game_id] = fn


def prune_for(game_id: str) -> Callable[[Game, int, list], list] | None:
    """The actions a search never considers in ``game_id`` (``fn(game, seat, legal)`` returns
    the legal actions left, at least one), or None."""
    return _PRUNE.get(game_id)


def world_setup_for(game_id: str) -> Callable[[Game], None] | None:
    """How a search adjusts the worlds it samples for ``game_id`` (its assumptions about how
    everyone plays), or None."""
    return _WORLD_SETUP.get(game_id)


def heuristic_for(game_id: str) -> Heuristic | None:
    """The evaluation of ``game_id``, or None (then a search plays on to the end)."""
    return _HEURISTICS.get(game_id)


def terminal_values(result: Result, n: int) -> list[float]:
    """The value of a finished game for each seat, in [0, 1].

    - A winner gets ``1 / len(winners)``: a shared win is split, so a two-way tie in a
      two-player game is a draw (0.5 each) and a bot never prefers sharing to winning alone.
    - A non-winner gets ``RANK_WEIGHT × (n − 1 − place) / (n − 1)`` by its place in the
      ranking (0 = first): second of three gets 0.25, last gets 0. A non-winner never gets
      more than ``RANK_WEIGHT``.
    - No winners at all (Som's intervención or a game stopped by a limit: everybody loses):
      0 for every seat.
    """
    if n == 1:
        return [1.0 if result.winners else 0.0]
    values = [0.0] * n
    if not result.winners:
        return values
    share = 1.0 / len(result.winners)
    for s in result.winners:
        values[s] = share
    for place, s in enumerate(result.ranking):
        if s not in result.winners:
            values[s] = RANK_WEIGHT * (n - 1 - place) / (n - 1)
    return values


def share(xs: Sequence[float], smoothing: float = 0.0) -> list[float]:
    """Each seat's part of the total (negative amounts count as 0); equal parts when the
    total is 0. ``smoothing`` is added to every amount first (keeps early shares near even)."""
    xs = [max(0.0, float(x)) + smoothing for x in xs]
    total = sum(xs)
    n = len(xs)
    if total <= 0:
        return [1.0 / n] * n
    return [x / total for x in xs]


def margin(xs: Sequence[float], scale: float) -> list[float]:
    """A logistic of each seat's lead over the best other seat (``scale`` = a lead worth
    about 73 %); for amounts that can be negative."""
    n = len(xs)
    if n == 1:
        return [1.0 / (1.0 + math.exp(-xs[0] / scale))]
    # the best other seat is the top seat, except for the top seat itself (the first of
    # equal tops, as max() picks): then the best of the rest
    top = max(xs)
    at = xs.index(top)
    runner_up = max(xs[j] for j in range(n) if j != at)
    exp = math.exp
    out = []
    for i, x in enumerate(xs):
        z = max(-30.0, min(30.0, (x - (runner_up if i == at else top)) / scale))
        out.append(1.0 / (1.0 + exp(-z)))
    return out


# ----- Qytetet and Civitas ------------------------------------------------------------------
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


# ----- Som el que decidim! ------------------------------------------------------------------
#: the part of the value each step of a citizen in this turn costs: walking over face-up cards
#: changes nothing, and without a growing cost a search wanders rather than face the next
#: turn's taxes
SOM_STEP_COST = 0.25
#: how a lead in participation disks becomes a value (a lead of 1.5 disks is worth ~73 %): the
#: most disks win, so a lead counts, not a share
SOM_SCALE = 1.5
#: in its own sampled worlds a search lets a citizen walk at most this many steps a turn (as
#: the greedy bot does); the rules set no limit (G12)
SOM_WANDER = 8


def _som_dues(g, gh: int) -> list[int]:
    """What each seat pays in phase 1 of the turn in which ``gh`` holds the Generalitat."""
    C = g.K.C                          # the game's own content (amounts of the taxes)
    if g.atc_active:
        return [C.tax_atc_gh if s == gh else C.tax_atc_citizen for s in range(g.n)]
    return [C.tax_citizen + C.tax_solidarity if s == gh else C.tax_citizen for s in range(g.n)]


def _som_taxes_ahead(g) -> tuple[list[int], list[int]]:
    """What each seat owes at the next two taxations: while this turn's taxes are being paid
    (stage 1) what is still due of them and then the next turn's; later, the next two turns'."""
    from ludoteca.games.som.common import PH_CHANGE, PH_PAY, RET_TAX

    n = g.n
    if g.stage != 1:
        return _som_dues(g, (g.gh + 1) % n), _som_dues(g, (g.gh + 2) % n)
    now = _som_dues(g, g.gh)
    owed = [now[s] if s in g.tax_queue else 0 for s in range(n)]
    if g.phase in (PH_PAY, PH_CHANGE) and g.pay_ret == RET_TAX and g.pay_payer >= 0:
        owed[g.pay_payer] += g.pay_due
    return owed, _som_dues(g, (g.gh + 1) % n)


def _som(g) -> list[float]:
    from ludoteca.games.som.common import PH_MOVE, URNA_FOR_CONSULTA

    n = g.n
    if g.solo:
        return [som_solo.value(g)]
    # the chance of a consulta: the urna cards found, and whether everyone can pay the next
    # tax and, less sharply, the one after (the Generalitat in between may give nothing)
    d1, d2 = _som_taxes_ahead(g)
    t1 = min(g.value(s) - d1[s] for s in range(n))
    t2 = min(g.value(s) - d1[s] - d2[s] for s in range(n))
    safety = min(1.0, max(0.0, (t1 + 1) / 2)) * (0.5 + 0.5 * min(1.0, max(0.0, (t2 + 2) / 4)))
    found = len(g.pile) / URNA_FOR_CONSULTA
    consulta = (0.3 + 0.7 * found) * (0.15 + 0.85 * safety)
    if g.phase == PH_MOVE:                 # walking over face-up cards leads nowhere by itself
        consulta *= (1.0 - SOM_STEP_COST) ** g.steps
    # a DUI at the next roll (Hisenda short of the die's number) ends the game too: the most
    # disks win it
    hisenda = g.value(g.H) + (0 if g.stage == 2 else (1 if g.atc_active else sum(d1)))
    faces = [f for i, f in enumerate(g.K.C.faces) if f[1] < 0 or g.pic_seat[i] >= 0]
    dui = sum(1 for number, _ in faces if number > hisenda) / len(faces)
    lead = margin([float(x) for x in g.pd[:n]], scale=SOM_SCALE)
    return [((1 - dui) * consulta + dui) * v for v in lead]


def _som_world(world) -> None:
    """A citizen walks at most ``SOM_WANDER`` steps a turn in the search's worlds (or one
    more step, once the real walk is longer): stopping later is worth as much as stopping
    now, so without a horizon a search re-plans a walk at every step and never stops."""
    cap = max(SOM_WANDER, world.steps + 1)
    world.max_steps = min(world.max_steps or cap, cap)


# ----- El Plan ------------------------------------------------------------------------------
#: how a lead in points becomes a value: a lead of one point is worth ~73 % (the most points
#: win, and the totals are small: two to five points a game)
ELPLAN_SCALE = 1.0
#: a complete set of three Products of different types in hand before D7 ends: an Idea to come
ELPLAN_SET = 0.9
#: each further type in hand towards a set, before D5's sale (it may still be completed by
#: buying) and after it (only D7 is left, the rest is lost at the merma)
ELPLAN_TYPE = (0.2, 0.05)


def _elplan(g) -> list[float]:
    from ludoteca.games.elplan.common import S_D5SELL, S_D7

    st = g.stage
    worth = []
    for s in range(g.n):
        points = g._ideas_total(s)
        if not g.tutorial:
            per = [0, 0, 0]
            for N in g._owned_targets(s):
                if N >= 2 and g.cat[N - 2].trio and g._active(s, N):
                    per[g.cat[N - 2].deck] += 1
            trios = min(per)
            points += trios + 0.3 * (sum(per) - 3 * trios)   # cards towards the next trio
            if g.credit[s]:
                points -= 0.7                                # an Idea lost at the end
        if st <= S_D7:                                       # Products still to trade in D7
            hand = g.hand[3 * s:3 * s + 3]
            sets = min(hand)
            types = sum(1 for x in hand if x > sets)
            points += ELPLAN_SET * sets + ELPLAN_TYPE[st >= S_D5SELL] * types
        points += 0.05 * sum(g.idle[3 * s:3 * s + 3])        # resources: the first tie-break
        worth.append(points)
    return margin(worth, scale=ELPLAN_SCALE)


# ----- Siglo XX -----------------------------------------------------------------------------
#: VP worth of one coin / science / VP of income per production left (as the greedy bot has
#: it), and of one coin / science held
SIGLO_INCOME = (0.6, 0.5, 1.0)
SIGLO_HELD = (0.25, 0.2)
SIGLO_SCALE = 6.0


def _sigloxx(g) -> list[float]:
    from ludoteca.games.sigloxx.common import CITY, LAST_ROUND

    K = g.K                                   # the game's own content: its tiles' sites
    SITES, SITE_KIND_T, SITE_YIELD_T = K.SITES, K.SITE_KIND_T, K.SITE_YIELD_T
    parts = g.final_parts()
    left = max(0, LAST_ROUND + 1 - g.round)
    wc, ws, wv = SIGLO_INCOME
    hc, hs = SIGLO_HELD
    projected = []
    for s in range(g.n):
        coins, science, vp = g.incomes(s)
        rate = wc * coins + ws * science + wv * vp
        for t, *_ in g.pend_land[s]:          # won, not placed yet: its best city, staffed
            rate += max((wc * y[0] + ws * y[1] + wv * y[2] for x in SITES[t]
                         if SITE_KIND_T[x] == CITY for y in (SITE_YIELD_T[x],)), default=0.0)
        projected.append(g.score[s] + sum(parts[s].values()) + left * rate +
                         hc * g.coins[s] + hs * g.science[s])
    return margin(projected, scale=SIGLO_SCALE)


register_heuristic("qytetet", _qytetet)
register_heuristic("civitas", _civitas)
register_prune("qytetet", _monopoly_prune)
register_prune("civitas", _monopoly_prune)
register_heuristic("som", _som)
register_world_setup("som", _som_world)
register_prune("som", som_solo.prune)
register_heuristic("elplan", _elplan)
register_heuristic("sigloxx", _sigloxx)

__all__ = ["Heuristic", "RANK_WEIGHT", "heuristic_for", "margin", "prune_for",
           "register_heuristic", "register_prune", "register_world_setup", "share",
           "terminal_values", "world_setup_for"]
