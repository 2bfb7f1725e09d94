"""The greedy bot for Qytetet and Civitas. It reads only ``view(seat)`` and
``legal_actions(seat)``: it never sees the order of the surprise deck.

Policy, one decision at a time:
- keep a cash reserve that covers the worst rent it could land on (and the tax);
- in jail, pay the 200 when it can afford it and its own streets earn rent (rent is not
  collected while jailed, QY-7.5), otherwise try the roll;
- below the reserve, mortgage the street that earns least for what it yields (then sell);
- buy a free street when the reserve survives the price;
- build where rent grows most per euro spent, keeping the reserve;
- cancel a mortgage when the cost leaves a comfortable margin;
- otherwise end the turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.game import Game

from . import actions as A


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @staticmethod
    def reserve(view: dict[str, Any], seat: int) -> float:
        """Cash to keep: the dearest rent it could owe next, or the tax, plus a margin."""
        jailed = {p["seat"] for p in view["players"] if p["in_jail"]}
        worst = max([sq["rent"] for sq in view["squares"]
                     if sq["type"] == "CALLE" and sq["owner"] not in (None, seat)
                     and not sq["mortgaged"] and sq["owner"] not in jailed] + [0])
        tax = max([sq.get("tax", 0) for sq in view["squares"]] + [0])
        buildings = sum(sq["houses"] + sq["hotels"] for sq in view["squares"]
                        if sq["type"] == "CALLE" and sq["owner"] == seat)
        others = len(view["players"]) - 1
        card_costs = [0]
        for card in view["deck_cards"]:
            value = card["value"] or 0
            kind = card["type"].upper()
            if kind.startswith("PAGAR"):
                card_costs.append(-value)
            elif kind.startswith("PORCASA"):
                card_costs.append(-value * buildings)
            elif kind.startswith("PORJUGADOR"):
                card_costs.append(-value * others)
        return max(worst, tax, *card_costs) + 100

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = game.view(seat)
        me = view["players"][seat]
        balance = me["balance"]
        squares = view["squares"]
        reserve = self.reserve(view, seat)
        by_name: dict[str, list[Action]] = {}
        for a in legal:
            by_name.setdefault(a.name, []).append(a)

        near_end = view["max_rounds"] and view["round"] >= view["max_rounds"] - 1
        if near_end and view["ranked_by"] == "balance":
            # only money counts at the end: turn titles into cash before the limit
            if A.SELL in by_name:
                return max(by_name[A.SELL], key=lambda a: squares[a.arg]["sale_price"])
            worth = [a for a in by_name.get(A.CANCEL, [])
                     if squares[a.arg]["sale_price"] > squares[a.arg]["mortgage_received"] * 1.1]
            if worth:
                return worth[0]
            return by_name.get(A.END, legal)[0] if A.ROLL not in by_name else by_name[A.ROLL][0]

        if A.BAIL in by_name:  # in jail: pay if it pays off
            my_rent = sum(sq["rent"] for sq in squares if sq.get("owner") == seat
                          and not sq["mortgaged"])
            if balance - 200 >= reserve and my_rent >= 100:
                return by_name[A.BAIL][0]
            return by_name[A.ROLL][0]
        if A.ROLL in by_name:
            return by_name[A.ROLL][0]

        if balance < reserve:  # raise cash: mortgage the least useful street, then sell
            options = by_name.get(A.MORTGAGE, [])
            if options:
                return min(options, key=lambda a: (squares[a.arg]["rent"]
                                                   / max(1, game.mortgage_amount_of(a.arg))))
            if A.SELL in by_name and balance < reserve / 2:
                return max(by_name[A.SELL], key=lambda a: squares[a.arg]["sale_price"])

        if A.BUY in by_name:
            here = squares[me["position"]]
            if balance - here["purchase_price"] >= reserve:
                return by_name[A.BUY][0]

        builds = by_name.get(A.HOUSE, []) + by_name.get(A.HOTEL, [])
        affordable = [a for a in builds if balance - squares[a.arg]["build_price"] >= reserve]
        if affordable:  # every building adds half the base rent; best ratio first
            return max(affordable, key=lambda a: (squares[a.arg]["base_rent"]
                                                  / squares[a.arg]["build_price"], -a.arg))

        cancels = by_name.get(A.CANCEL, [])
        if cancels:
            best = max(cancels, key=lambda a: squares[a.arg]["rent"])
            cost = squares[best.arg]["mortgage_received"] * 1.1
            if balance - cost >= 2 * reserve:
                return best
        return by_name[A.END][0]


#: this game's own program players, by agent name: ``factory(seed)``. The game's
#: ``GameInfo.bots`` names this module; ``ludoteca.agents`` reads it on first use.
AGENTS: dict[str, Callable[..., Any]] = {"greedy": lambda seed: GreedyAgent(seed)}
