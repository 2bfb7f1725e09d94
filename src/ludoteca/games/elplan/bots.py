"""The greedy bot for «El Plan: tú decides». It reads only ``view(seat)`` (through
``own_view``: the same view without the parts it never reads, such as the other seats') and
``legal_actions(seat)`` (plus the public content: plans, cards, events), never hidden state.

Policy, one decision at a time, planning towards Ideas (3 Products of 3 different types):
- keep the plan's processes active and activate investments that add processes; pick the
  Laboratory's process (and name cards through Outsourcing) for the type the plan lacks;
  swap placed resources for idle Ideas (the Idea still scores, the resource comes back);
- invest in the card that supplies the plan's missing process type (or, failing that, more
  processes or a producer), keeping 3 Money for the market when it can;
- in D4 make the second product when it is not in hand, else the plan's own type;
- in D5 buy the types missing from a set (the one the plan cannot make first), then sell what
  no set needs, for Money; innovate whenever it can; at shrinkage keep the hardest type;
- place the entrepreneur where it helps most now: D4 when the missing process is lacking, D5
  when a purchase is due, a discount square for a wanted offer, a subsidy with Dinero on it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ludoteca.core.action import Action

from . import actions as A
from .content import Content, content, derived

if TYPE_CHECKING:
    from .state import ElplanGame

PT = ("a", "b", "c")
RES = ("ch", "d", "e")
PROD = ("mp", "bc", "sv")
RESERVE = content().buy_price      # a market Product's price: 3 in every file (EP-D5.3, schema)
#: steps whose choice needs no view, by the name of their first legal action (only that step
#: offers it): D2 step 1 (it never deactivates: ``listo``), D2 step 2 outside a refund (it
#: never returns an investment: ``listo``), D7 (it always innovates)
NO_VIEW_NEEDED = {A.DEACTIVATE: A.A_DONE, A.RETURN: A.A_DONE, A.INNOVATE: A.A_INNOVATE}


class Tables(NamedTuple):
    """What the bot reads of a game's content (public: plans, cards, squares)."""

    C: Content
    plan: dict[str, Any]                # plan id -> plan
    cards: dict[str, Any]               # card id -> card (full game and tutorial)
    missing: dict[str, int]             # plan id -> the process type it lacks


def _make_tables(C: Content) -> Tables:
    return Tables(C, {p.id: p for p in C.plans}, {c.id: c for c in C.cards + C.tut_cards},
                  {p.id: next(x for x in range(3) if x not in {t for t, _ in p.processes})
                   for p in C.plans})


def tables(C: Content) -> Tables:
    """The bot's tables of content ``C`` (kept with it)."""
    return derived(C, "bots.tables", _make_tables)


class ElplanGreedyAgent:
    name = "greedy"

    #: step -> the method deciding there
    HANDLERS = {
        "oportunidad": "_place", "d1-exencion": "_exempt", "d1-elecciones": "_event_choice",
        "d2-devolver": "_refund", "d2-activar": "_activate", "d2-canjear": "_exchange",
        "d3-invertir": "_invest", "d4-fabricar": "_make", "d5-comprar": "_buy",
        "d5-vender": "_sell", "d6-credito-subsidio": "_d6", "d7-innovar": "_innovate",
        "resumen-merma": "_keep",
    }

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._covers: bool | None = None      # _covers_missing of the decision being taken
        self._t = tables(content())           # the tables of the game being decided

    def choose(self, game: ElplanGame, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if first.name in NO_VIEW_NEEDED:      # decided by the legal actions alone
            return NO_VIEW_NEEDED[first.name]
        view = game.own_view(seat)            # view(seat) without what the bot never reads
        self._t = tables(game.C)
        me = view["players"][seat]
        name = self.HANDLERS.get(view["step"])
        if name is not None:
            self._covers = None
            choice = getattr(self, name)(view, me, legal)
            if choice is not None and choice in legal:
                return choice
        if A.A_DONE in legal:
            return A.A_DONE
        return legal[0]

    # ----- what the seat has ---------------------------------------------------------------
    def _plan(self, me: dict[str, Any]):
        return self._t.plan[me["plan"]]

    def _missing_process(self, me: dict[str, Any]) -> int:
        return self._t.missing[me["plan"]]

    @staticmethod
    def _pool(me: dict[str, Any]) -> list[int]:
        pool = [0, 0, 0, 0]
        for t in me["targets"]:
            if t["active"]:
                for x in t.get("processes", []):
                    pool[("a", "b", "c", "any").index(x)] += 1
        return pool

    def _covers_missing(self, me: dict[str, Any]) -> bool:
        """Whether the seat's processes cover the type its plan lacks (asked once a decision:
        ``me`` does not change while it is taken)."""
        if self._covers is None:
            pool = self._pool(me)
            self._covers = pool[self._missing_process(me)] > 0 or pool[3] > 0
        return self._covers

    @staticmethod
    def _hand(me: dict[str, Any]) -> list[int]:
        return [me["hand"][t] for t in PROD]

    # ----- Opportunity ---------------------------------------------------------------------
    def _place(self, view, me, legal):
        plan = self._plan(me)
        hand = self._hand(me)
        money = me["idle"]["d"]
        subs = view["subsidies"]
        best, top = None, -1.0
        for a in legal:
            sq = self._t.C.squares[a.arg]
            v = 0.3
            if sq.benefit == "extra_process":
                v = 3.0 if not self._covers_missing(me) else 1.2
            elif sq.benefit == "purchase_discount":
                v = 2.0 if hand[plan.missing] == 0 and money >= RESERVE - 1 else 0.6
            elif sq.benefit == "discount":
                v = 0.4 + max((self._card_value(me, view, self._t.cards[o["card"]])
                               for d in view["decks"] if d["deck"] == sq.deck
                               for o in d["offers"] if o), default=0) * 0.4
            elif sq.benefit == "gain":
                v = 1.0
            elif sq.benefit == "subsidy":
                v = 1.0 + subs[sq.subsidy]
            elif sq.benefit == "ignore_event":
                v = 0.5
            v += self._rng.random() * 0.05
            if v > top:
                best, top = a, v
        return best

    # ----- District 1 ------------------------------------------------------------------------
    def _exempt(self, view, me, legal):
        cat = view["events"]["current_category"]
        if cat == "positive":
            return A.A_ACCEPT
        if cat == "negative":
            return A.A_IGNORE
        return A.A_ACCEPT if sum(me["idle"].values()) < 6 else A.A_IGNORE

    def _event_choice(self, view, me, legal):
        idle = me["idle"]
        discards = [a for a in legal if a.name in A.DISCARD]
        if discards:
            return max(discards, key=lambda a: me["hand"][a.name.split("-")[1]])
        chooses = [a for a in legal if a.name in A.CHOOSE]
        if len(chooses) == 3:                                  # taking: Money
            return A.CHOOSE_A[1]
        return max(chooses, key=lambda a: (idle[a.name.split("-")[1]], a.name != A.CHOOSE[1]))

    # ----- District 2 ------------------------------------------------------------------------
    def _refund(self, view, me, legal):
        chooses = [a for a in legal if a.name in A.CHOOSE]
        if chooses:
            return A.CHOOSE_A[1] if A.CHOOSE_A[1] in chooses else chooses[0]
        return A.A_DONE

    def _activate(self, view, me, legal):
        missing = self._missing_process(me)
        by_n = {t["n"]: t for t in me["targets"]}
        for a in legal:                                        # free resources back
            if a.name in A.REPLACE:
                return a
        labs = [a for a in legal if a.name in A.LAB]
        if labs:
            want = A.LAB_A[missing]
            if want in labs:
                return want
            if A.A_DONE not in legal:
                return labs[0]
        acts = [a for a in legal if a.name == A.ACTIVATE]
        if acts:
            def worth(a: Action) -> tuple:
                t = by_n[a.arg]
                if a.arg < 2:
                    return (3, 0)
                card = self._t.cards[t["id"]]
                return (2 if card.kind in ("processes", "choose_one") else 1, -a.arg)
            return max(acts, key=worth)
        outs = [a for a in legal if a.name == A.OUTSOURCE]
        if outs:
            def gives(a: Action) -> int:
                card = self._t.cards[by_n[a.arg]["id"]]
                procs = card.by_tokens[card.min_tokens] if card.kind == "processes" else ()
                return (2 if missing in procs or 3 in procs else 1 if procs else 0) + \
                    (1 if card.kind == "choose_one" else 0)
            best = max(outs, key=gives)
            if gives(best) > 0 and not any(t.get("named") for t in me["targets"]):
                return best
        money = me["idle"]["d"]
        for a in legal:
            if a.name == A.REINFORCE:
                t = by_n[a.arg]
                nxt = next(s["type"] for s in t["spaces"] if s["token"] is None)
                if me["idle"][nxt] >= 2 and (nxt != "d" or money > RESERVE + 1):
                    return a
        ideas = [a for a in legal if a.name in A.IDEA]
        if ideas:
            return ideas[0]
        return A.A_DONE

    def _exchange(self, view, me, legal):
        idle = me["idle"]
        plan = self._plan(me)
        if idle["d"] >= RESERVE or me["hand"][PROD[plan.missing]]:
            return A.A_DONE
        for a in legal:
            if a.name in A.EXCHANGE:
                r1, r2, r3 = A.EXCHANGES[A.EXCHANGE.index(a.name)]
                if r3 == 1 and r1 != 1 and r2 != 1:
                    left = dict(idle)
                    left[RES[r1]] -= 1
                    left[RES[r2]] -= 1
                    if min(left["ch"], left["e"]) >= 1 or sum(left.values()) >= 4:
                        return a
        return A.A_DONE

    # ----- District 3 ------------------------------------------------------------------------
    def _card_value(self, me, view, card) -> float:
        missing = self._missing_process(me)
        v = 0.0
        if card.kind == "processes":
            procs = card.by_tokens[card.min_tokens] if card.by_tokens else ()
            if not self._covers_missing(me) and (missing in procs or 3 in procs):
                v += 4
            v += len(procs)
            if card.comes_active:
                v += 0.5
        elif card.kind == "choose_one":
            v += 3.5 if not self._covers_missing(me) else 1
        elif card.kind == "produce":
            v += 1.5 if view["period"] < view["periods"] - 3 else 0.2
        else:
            v += 0.6
        if card.trio:
            v += 0.3
        return v

    def _invest(self, view, me, legal):
        acts = [a for a in legal if a.name == A.ACTIVATE]
        if acts:
            return acts[0]
        offers = {}
        for d in view["decks"]:
            for o in d["offers"]:
                if o:
                    offers[o["slot"]] = self._t.cards[o["card"]]
        money = me["idle"]["d"]
        best, top = None, 0.5
        for a in legal:
            if a.name not in (A.INVEST, A.INVEST_D, A.INVEST_E, A.INVEST_CREDIT):
                continue
            card = offers[a.arg]
            v = self._card_value(me, view, card)
            if a.name == A.INVEST_CREDIT:
                if self._covers_missing(me) or money >= card.cost[1] or view["tutorial"]:
                    continue
                v -= 2.5
            else:
                pay_d = card.cost[1] - (1 if a.name == A.INVEST_D else 0)
                if money - pay_d < RESERVE and v < 4 and "must_buy_investment" not in \
                        view["constraints"]:
                    v -= 2
            if v > top:
                best, top = a, v
        return best or (A.A_DONE if A.A_DONE in legal else legal[0])

    # ----- District 4 ------------------------------------------------------------------------
    def _make(self, view, me, legal):
        plan = self._plan(me)
        hand = self._hand(me)
        makes = [a for a in legal if a.name in A.MAKE]
        if not makes:
            return A.A_DONE
        pending = (me.get("pending") or {}).get("made") or {}
        have = [hand[t] + pending.get(PROD[t], 0) for t in range(3)]
        second = A.MAKE_A[plan.second]
        own = A.MAKE_A[plan.type]
        if second in makes and have[plan.second] == 0:
            return second
        if own in makes and have[plan.type] == 0:
            return own
        return second if second in makes else own

    # ----- District 5 ------------------------------------------------------------------------
    def _buy(self, view, me, legal):
        """Purchases are of one type per turn, so buy only when one type completes a set."""
        hand = self._hand(me)
        lacking = [t for t in range(3) if hand[t] == 0]
        if len(lacking) != 1:
            return A.A_DONE
        t = lacking[0]
        for a in (A.BUY_A[t], *A.BUY_SHOP_A[t], A.IMPORT_A[t], A.BUY_CREDIT_A[t]):
            if a in legal:
                return a
        return A.A_DONE

    def _sell(self, view, me, legal):
        hand = self._hand(me)
        sets = min(hand)
        surplus = [hand[t] - sets for t in range(3)]
        keep = max(range(3), key=lambda t: (surplus[t] > 0, t == self._plan(me).missing))
        if surplus[keep] > 0:
            surplus[keep] -= 1                                  # one survives shrinkage
        sells = [a for a in legal if a.name in A.SELL_D or a.name in A.SELL_E]
        shops = [a for a in legal if a.name in A.SHOP]
        want_e = me["idle"]["e"] == 0
        for t in sorted(range(3), key=lambda t: -surplus[t]):
            if surplus[t] <= 0:
                break
            a = (A.SELL_A[1] if want_e else A.SELL_A[0])[t]
            if a in sells:
                return a
            if A.SHOP_A[t] in shops:
                return A.SHOP_A[t]
        return A.A_DONE

    # ----- District 6 and 7, Summary ---------------------------------------------------------
    def _d6(self, view, me, legal):
        chooses = [a for a in legal if a.name in A.CHOOSE]
        if chooses:
            idle = me["idle"]
            return min(chooses, key=lambda a: (idle[a.name.split("-")[1]],
                                               a.name != A.CHOOSE[1]))
        if A.A_REPAY in legal and (me["idle"]["d"] >= 2 * RESERVE or
                                   view["period"] >= view["periods"]):
            return A.A_REPAY
        return A.A_DONE

    def _innovate(self, view, me, legal):
        return A.A_INNOVATE if A.A_INNOVATE in legal else A.A_DONE

    def _keep(self, view, me, legal):
        plan = self._plan(me)
        for t in (plan.missing, plan.second, plan.type):
            if A.KEEP_A[t] in legal:
                return A.KEEP_A[t]
        return legal[0]


#: this game's own program players, by agent name: ``factory(seed)``. The game's
#: ``GameInfo.bots`` names this module; ``ludoteca.agents`` reads it on first use.
AGENTS: dict[str, Callable[..., Any]] = {"greedy": lambda seed: ElplanGreedyAgent(seed)}
