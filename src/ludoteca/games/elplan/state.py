"""«El Plan: tú decides» as a state machine (engine brief: docs/rules/elplan_engine_notes.md).

A Period: OPORTUNIDAD (seats in order place their token) → D1 (event; exemptions and choices seat
by seat) → D2 (start payouts; deactivate, return, activate, exchange: each step all seats in
order) → D3 (buy offers) → D4 (make products; simultaneous) → D5 (buy, then sell; exports) → D6
(subsidies, credit repayment; simultaneous) → D7 (Ideas) → RESUMEN (merma simultaneous, the rest
automatic). The tutorial plays only the Districts and summary steps of its script.

This module holds setup, options, the public protocol, the flow driver, clone, determinize, the
invariants and arrangements; the rules of each part live in small mixins: ``targets`` (plan
processes and investments: D2, D3, D4), ``market`` (D5, D6, D7), ``sucesos`` (D1 events),
``summary`` (Summary, end and scoring), ``tutorial`` (explanations and checkpoints) and
``views``. State is flat lists of ints; every event carries the EP rule ID that produced it.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.content_option import record_value
from ludoteca.core.errors import InvalidOption
from ludoteca.core.events import Event
from ludoteca.core.game import Game
from ludoteca.core.result import Result
from ludoteca.core.rng import GameRandom, shuffle

from . import actions as A
from .arrange import ArrangeMixin
from .common import (
    DISTRICT_FIRST,
    IN_ORDER,
    MAX_PLAYERS,
    NT,
    S_D1C,
    S_D1X,
    S_D2ACT,
    S_D2EXC,
    S_D2OFF,
    S_D2RET,
    S_D3,
    S_D4,
    S_D5BUY,
    S_D5SELL,
    S_D6,
    S_D7,
    S_MERMA,
    S_OPP,
    S_OVER,
    SIMULTANEOUS,
    STAGE_DISTRICT,
    STAGE_NAMES,
    Events,
    event,
)
from .content import DECKS, RESOURCES, Content, derived, load
from .market import MarketMixin
from .sucesos import SucesosMixin
from .summary import ALL_STEPS, SummaryMixin
from .targets import TargetsMixin, d3_prices
from .tutorial import TutorialMixin
from .views import ViewMixin

LEVELS = (1, 2)
TUTORIAL_CHOICES = (False, True)


def _bool_option(options: dict, name: str) -> bool:
    v = options.get(name)
    if isinstance(v, str) and v.strip().lower() in ("true", "false", "1", "0", "yes", "no"):
        v = v.strip().lower() in ("true", "1", "yes")
    if not isinstance(v, bool):
        raise InvalidOption(f"elplan: option {name}={v!r} is not allowed; allowed values: "
                            f"true, false")
    return v


class ElplanGame(TargetsMixin, MarketMixin, SucesosMixin, SummaryMixin, TutorialMixin,
                 ViewMixin, ArrangeMixin, Game):
    """A game of «El Plan: tú decides». Seats 0..n−1; "left" = seat + 1 (mod n)."""

    game_id = "elplan"
    num_distinct_actions = A.NUM_DISTINCT_ACTIONS
    all_actions = A.ALL_ACTIONS
    _action_ids = A.ACTION_ID

    # mutable state: flat lists copied by clone(); decks are lists of lists
    _LISTS = ("idle", "ideas", "hand", "tienda", "credit", "square", "own", "sp", "since",
              "lab", "named", "bought", "returned", "buy_t", "sell_t", "sell_mode", "sold_n",
              "disc_used", "lab_done", "ext_done", "affected", "ask", "price_m", "price_i",
              "no_imp", "sbonus", "need", "done", "pool", "rem", "made", "pick", "repay",
              "keep", "market", "subs", "sq", "offers", "age", "order", "cq", "ck", "ev_fd",
              "ev_aside", "ev_under", "ev_removed", "snap", "checks", "otg")
    _NESTED = ("fd", "under", "boxed")

    # ----- setup ----------------------------------------------------------------------------
    def __init__(self, names: tuple[str, ...], seed: int, options: dict[str, Any],
                 dice: tuple[int, ...] = ()) -> None:
        if dice:
            raise InvalidOption(f"elplan uses no dice; got forced dice {list(dice)!r}")
        self.names, self.seed, self.options = names, seed, options
        self._initial_dice: tuple[int, ...] = ()
        self._setup_log: tuple[dict[str, Any], ...] = ()
        self._history, self._n_actions = None, 0
        self._quiet = False                     # quiet(): actions make no events
        self.n = len(names)
        #: the content this game plays (option ``content``; shared by clones, never copied)
        self.C: Content = load(options.get("content"))
        self._read_options(options)
        self._arr: dict[str, Any] = {}
        self._build()

    def _read_options(self, options: dict[str, Any]) -> None:
        C = self.C
        n = self.n
        level = options.get("level", 1)
        if isinstance(level, str) and level.strip().isdigit():
            level = int(level)
        if level not in LEVELS or isinstance(level, bool):
            raise InvalidOption(f"elplan: option level={level!r} is not allowed; allowed "
                                f"values: 1, 2")
        self.level = level
        self.tutorial = _bool_option({"tutorial": options.get("tutorial", False)}, "tutorial")
        self.repay_enabled = _bool_option(
            {"credit_repayment": options.get("credit_repayment", True)}, "credit_repayment")
        if self.tutorial:
            if n != C.tut_players:                                         # EP-TUT.1
                raise InvalidOption(f"elplan: the tutorial is for {C.tut_players} players "
                                    f"(teams may share a seat); got {n}; option tutorial: "
                                    f"true needs 3 players, false allows 2–6")
            if level != C.tut_level:
                raise InvalidOption(f"elplan: the tutorial is played with level "
                                    f"{C.tut_level} plans; option level={level} is not allowed "
                                    f"with tutorial=true; allowed values: {C.tut_level}")
        plans = options.get("plans")
        if plans is None:
            ids = list(C.tut_plans if self.tutorial else C.plan_defaults[level][:n])
        else:
            if isinstance(plans, str):
                plans = [p.strip() for p in plans.split(",") if p.strip()]
            if not isinstance(plans, (list, tuple)) or \
                    not all(isinstance(p, str) for p in plans):
                raise InvalidOption(f"elplan: option plans must be a list of {n} plan ids; "
                                    f"got {plans!r}")
            ids = [p.strip().upper() for p in plans]
        self._check_plans(ids)
        self.plans = tuple(C.plan_index[p] for p in ids)
        fp = options.get("first_player", 0)
        if isinstance(fp, str) and fp.strip().isdigit():
            fp = int(fp)
        if not isinstance(fp, int) or isinstance(fp, bool) or not 0 <= fp < n:
            raise InvalidOption(f"elplan: option first_player={options.get('first_player')!r}"
                                f" is not allowed; allowed values: 0 to {n - 1} (a seat)")
        self.first = fp

    def _check_plans(self, ids: list[str]) -> None:
        C = self.C
        n, level = self.n, self.level
        valid = [p.id for p in C.plans if p.level == level]
        if self.tutorial:
            if sorted(ids) != sorted(C.tut_plans):
                raise InvalidOption(f"elplan: option plans must be a permutation of "
                                    f"{', '.join(C.tut_plans)} in the tutorial (EP-TUT.2); "
                                    f"got {ids}")
            return
        if len(ids) != n:
            raise InvalidOption(f"elplan: option plans must list {n} plan ids (one per seat); "
                                f"got {len(ids)}; valid ids: {', '.join(valid)}")
        for p in ids:
            if p not in C.plan_index:
                raise InvalidOption(f"elplan: option plans: {p!r} is not a plan; valid ids "
                                    f"(level {level}): {', '.join(valid)}")
            if C.plans[C.plan_index[p]].level != level:
                raise InvalidOption(f"elplan: option plans: {p} is not a level-{level} plan; "
                                    f"all plans must be of one level, the option level "
                                    f"(EP-SET.9); valid ids: {', '.join(valid)}")
        if len(set(ids)) != n:
            raise InvalidOption(f"elplan: option plans: each plan card exists once; got {ids}")
        types = {C.plans[C.plan_index[p]].type for p in ids}
        if C.counts[n].plan_rule == "different_types" and len(types) != n:
            raise InvalidOption("elplan: option plans: with 2 players the plans must be of "
                                f"different types (EP-TWO.2); got {ids}")
        if C.counts[n].plan_rule == "all_types" and len(types) != 3:
            raise InvalidOption("elplan: option plans: with 3 or more players the plans must "
                                f"include MP, BC and SV (EP-SET.8); got {ids}")

    def _build(self) -> None:
        """Set the game up from scratch (options + arrangements so far), then run to the first
        decision. Everything random comes from the one seeded generator."""
        C = self.C
        n, arr = self.n, self._arr
        self.rng = GameRandom(self.seed)
        tut = self.tutorial
        statics = derived(C, "state.statics", _new_dict)   # (tutorial, n) -> attributes
        got = statics.get((tut, n))
        if got is None:                         # fixed by the content: the same every game
            got = statics[tut, n] = _statics(C, tut, n)
        self.__dict__.update(got)
        by_plans = derived(C, "state.by_plans", _new_dict)  # (tutorial, plans) -> attributes
        got = by_plans.get((tut, self.plans))
        if got is None:                         # fixed by the content: the same every game
            got = by_plans[tut, self.plans] = self._plan_statics()
        self.__dict__.update(got)
        ev: list[Event] = []

        # barajar (G41, G9): events and the three investment decks; never in the tutorial
        if tut:
            self.ev_fd = list(reversed(C.tut_event_deck))                # top = last
            self.ev_aside: list[int] = []
        else:
            evs = list(range(len(C.events)))
            rng = self.rng._own()               # a fresh generator: rng.shuffle(x) is
            shuffle(rng, evs)                   # shuffle(rng, x), with fewer calls
            if arr:
                evs = self._arrange_events(evs, arr.get("events"))
            keep = C.full_periods
            self.ev_fd = list(reversed(evs[:keep]))
            self.ev_aside = evs[keep:]
        self.fd: list[list[int]] = [[], [], []]
        for card in self.cat:
            self.fd[card.deck] += [card.index] * card.copies
        for d in range(3):
            if tut:
                self.fd[d].sort(key=lambda k: -self.cat[k].number)        # No. 1 on top (last)
            else:
                shuffle(rng, self.fd[d])
                if arr:
                    self.fd[d] = self._arrange_deck(d, self.fd[d], (arr.get("decks") or {}))
        self.under: list[list[int]] = [[], [], []]
        self.boxed: list[list[int]] = [[], [], []]
        self.ev_cur, self.ev_under, self.ev_removed = -1, [], []
        self.credit_supply = C.credit_supply

        # per seat
        self.idle = list(C.start) * n                                     # EP-SET.11
        self.ideas = [0] * n
        self.hand = [0] * (3 * n)
        self.tienda = [0] * (3 * n)
        self.credit = [0] * n
        self.square = [-1] * n
        self.own = [0] * (n * NT)
        for s in range(n):
            self.own[s * NT] = self.own[s * NT + 1] = 1                  # the plan's processes
        self.otg = [(0, 1)] * n                 # each seat's owned targets (see _set_own)
        self.sp = [-1] * (n * NT * 3)
        self.since = [-1] * (n * NT)
        self.lab = [-1] * n
        self.named = [-1] * n
        self.market = [0, 0, 0]
        self.subs = [0, 0, 0]
        self.subs_in = self.subs_out = 0
        self.sq = [-1] * 12
        self.offers = [-1] * 9
        self.age = [0] * 9
        self.mc = self.first                                              # EP-SET.13
        self.period = 0
        self.stage = S_OPP
        self.stages: tuple[int, ...] = ()
        self.cons: frozenset[str] = frozenset()
        self.si = self.cur = 0
        self.actor = self.mc
        self.order: list[int] = []
        self.cq: list[int] = []
        self.ck: list[int] = []
        self.d1_op = 0
        self.refund_left, self.refund_mask = 0, ()
        self.play_n = -1
        self.decks_live = not tut
        self.tut_step = ""
        self.checks: list[list] = []
        self.snap: list[int] = []
        self._result: Result | None = None
        self._reset_period()
        self._lc: dict[int, list[Action]] = {}   # seat -> its legal actions (this state)
        self.to_move = ()                          # set by _run
        self.is_over = False                       # set by _finish

        if ev is not None:
            ev.append(event("preparacion", "EP-TUT.2" if tut else "EP-SET.11", {
                "players": n, "plans": [C.plans[p].id for p in self.plans], "mc": self.mc,
                "tutorial": tut, "level": self.level, "resources": dict(zip(RESOURCES, C.start,
                                                                             strict=True))}))
        if not tut:
            if ev is not None:
                ev.append(event("sucesos-apartados", "EP-SET.5", {
                    "set_aside": len(self.ev_aside), "face_down": len(self.ev_fd)}))
            if arr:
                self._apply_arrangement_pre(arr)
            self._deal_offers(ev, "EP-SET.3" if self.opt_n == 3 else "EP-SET.2")
        elif arr:
            self._apply_arrangement_pre(arr)
        if arr:                                 # (with none, nothing to do: a fresh state)
            self._apply_arrangement_post(arr)
        self._moment("start:setup", ev)
        self._moment("end:setup", ev)
        self._start_period(arr.get("period", 1), ev)
        self._run(ev)
        self.opening_events = tuple(ev)

    def _plan_statics(self) -> dict[str, Any]:
        """The attributes of a game that the content, the tutorial option and the plans fix
        (set up once per content and kept with it; never changed by play)."""
        C = self.C
        types = {C.plans[p].type for p in self.plans}
        return {
            # by seat, by target: (spaces, min tokens)
            "tinfo": tuple(tuple(self._target_spec(p, N) for N in range(NT))
                           for p in self.plans),
            # by seat, by target: the indices of its spaces past the minimum (reinforcement)
            "extra": tuple(tuple(tuple(range(mn, len(spaces)))
                                 for spaces, mn in (self._target_spec(p, N) for N in range(NT)))
                           for p in self.plans),
            # by seat: the process types of its plan's two processes; its plan's recipes
            "plan_pt": tuple((C.plans[p].processes[0][0], C.plans[p].processes[1][0])
                             for p in self.plans),
            "recipes": tuple(C.plans[p].recipes for p in self.plans),
            # the Product types the market is fed in D5 (EP-TWO.1: the types no plan makes)
            "feed_t": tuple(t for t in range(3) if t not in types) if self.feed else (),
        }

    def _target_spec(self, plan: int, N: int) -> tuple[tuple[int, ...], int]:
        """(spaces, min tokens) of target N for a plan."""
        C = self.C
        if N < 2:
            spaces = C.plans[plan].processes[N][1]
            return spaces, len(spaces)
        k = N - 2
        if k < len(self.cat):
            card = self.cat[k]
            return card.spaces, card.min_tokens
        return (), 0

    def _reset_period(self, choices: bool = True) -> None:
        """The per-Period lists anew; with ``choices`` false, not the simultaneous steps'
        pending choices (``rem``, ``made``, ``pick``, ``repay``, ``keep``): the reveals of a
        full Period (D4, D6, the merma) leave them as new already."""
        C = self.C
        n = self.n
        self.bought = [0] * n
        self.returned = [0] * n
        self.buy_t = [-1] * n
        self.sell_t = [-1] * n
        self.sell_mode = [0] * n
        self.sold_n = [0] * n
        self.disc_used = [0] * n
        self.lab_done = [0] * n
        self.ext_done = [0] * n
        self.affected = [1] * n
        self.ask = [-1] * n
        self.price_m = [C.buy_price] * n
        self.price_i = [C.import_price] * n
        self.no_imp = [0] * n
        self.sbonus = [0] * n
        self.exp_sub = C.export_subsidy
        self.exports = 0
        self.rfid_paid = False
        self.need = [0] * n
        self.done = [0] * n
        self.pool = [0] * (4 * n)
        if choices:
            self.rem = [0] * (4 * n)
            self.made = [0] * (3 * n)
            self.pick = [-1] * n
            self.repay = [0] * n
            self.keep = [-1] * n

    # ----- the Period plan ------------------------------------------------------------------
    def summary_steps(self) -> tuple[int, ...]:
        C = self.C
        if self.tutorial:
            return C.tut_periods[self.period].summary_steps
        return ALL_STEPS

    def last_period(self) -> int:
        C = self.C
        return C.tutorial_periods if self.tutorial else C.full_periods

    def _start_period(self, p: int, ev: Events) -> None:
        C = self.C
        self.period = p
        tut = self.tutorial
        _RESET_PERIOD(self, tut)                # (outside the tutorial every Period is full;
        got = self.period_plans.get((tut, p))   # the first's lists are new: _build)
        self.stages, self.cons = _period_plan(C, tut, p) if got is None else got
        sp, snap = self.sp, []
        for s in range(self.n):                  # the plan processes' spaces (targets 0, 1)
            snap += sp[s * NT * 3:s * NT * 3 + 6]
        self.snap = snap
        if ev is not None:
            ev.append(event("periodo", "EP-TUT.5" if self.tutorial else "EP-PER.2", {
                "period": p, "mc": self.mc, "districts": _districts(self.stages)}))
        if self.tutorial:
            self._moment("start:period", ev)
            if p == C.tut_entrepreneurs_from and ev is not None:
                ev.append(event("emprendedores", "EP-TUT.12", {"period": p}))
        self.si = 0
        self.stage = self.stages[0]
        _ENTER(self, ev)

    # ----- the flow driver ------------------------------------------------------------------
    def _run(self, ev: Events) -> None:
        """Advance until some seat must decide (or the game is over). Seats whose only legal
        action is ``listo`` (or none) in a step taken in order are passed over. Wherever it
        stops it sets ``to_move`` and ``_lc`` (the remembered legal lists) anew. Moving on to
        the next stage is written out here: at 2–3 players most stages are entered and left
        with no one to decide."""
        st = self.stage
        while True:
            seq_legal = ORDERED_LEGAL[st]
            if seq_legal is not None:
                order = self.order
                cur = self.cur                      # only this loop moves it (D1C reads it)
                end = len(order)
                while cur < end:
                    seat = order[cur]
                    legal = seq_legal(self, seat)
                    if legal and (legal[0] is not _DONE or len(legal) > 1):  # listo comes last
                        self.actor = seat
                        self.to_move = _ALONE[seat]
                        lc = self._lc               # (the game's own dict, kept: cleared
                        lc.clear()                  # and refilled costs less than a new one)
                        lc[seat] = legal
                        return
                    if st == S_D2ACT:               # the seat's turn is over (passed over):
                        _D2ACT_FINISH(self, seat, ev)  # as after its listo (see _act_done)
                    elif st == S_D3:
                        self.play_n = -1
                    cur = self.cur = cur + 1
            elif st != S_OVER:                      # a simultaneous step
                need, done = self.need, self.done
                tm: tuple[int, ...] = ()
                for x in self.order:
                    if need[x] and not done[x]:
                        tm += (x,)
                if tm:
                    self.to_move = tm
                    self._lc.clear()                # each seat's list made when asked
                    return
                if st == S_D4:                      # all in: reveal the choices (the merma's
                    _D4_REVEAL(self, ev)            # are applied when it is left: _leave)
                elif st == S_D6:
                    _D6_REVEAL(self, ev)
            else:
                self.to_move = ()
                self._lc = {}
                return
            # the next stage
            if (self.tutorial or LEAVE_HOOK[st]) and _LEAVE(self, ev):
                self.cur = 0                        # the stage goes on (another D1 choice round)
                continue
            si = self.si = self.si + 1
            stages = self.stages
            if si < len(stages):
                self.stage = st = stages[si]
                if ev is None and not self.tutorial:   # _enter, inline (a quiet game)
                    self.cur = 0
                    self.order = IN_ORDER[self.n][self.mc]
                    hook = ENTER[st]
                    if hook is not None:
                        hook(self, ev)
                        st = self.stage             # (its hook may end the game)
                else:
                    self._enter(ev)
                    st = self.stage
            else:
                _END_ROUTE(self, ev)
                st = self.stage

    def _enter(self, ev: Events) -> None:
        """Enter the current stage."""
        st = self.stage
        self.cur = 0
        self.order = IN_ORDER[self.n][self.mc]
        if self.tutorial:
            self._tutorial_enter(st, ev)
        elif ev is not None and STAGE_FIRST_OF[st]:
            ev.append(event("distrito", "EP-PER.4", {"district": STAGE_FIRST_OF[st],
                                                     "period": self.period}))
        hook = ENTER[st]
        if hook is not None:
            hook(self, ev)

    def _tutorial_enter(self, st: int, ev: Events) -> None:
        """A stage's start in the tutorial: its moments (and the offers' first deal)."""
        d = STAGE_FIRST_OF[st]
        if not d:
            if st == S_OPP:
                self._moment("start:opportunity", ev)
            elif st == S_MERMA:
                self._moment("start:summary", ev)
            return
        C = self.C
        if st == S_D3 and not self.decks_live and self.period >= C.tut_decks_from:
            self._moment("start:offers", ev)                               # EP-TUT.9
            self.decks_live = True
            self._deal_offers(ev, "EP-TUT.9")
        self._moment(f"start:D{d}", ev)
        if ev is not None:
            ev.append(event("distrito", "EP-PER.4", {"district": d, "period": self.period}))

    def _enter_d1c(self, ev: Events) -> None:
        self.order = self.cq

    def _leave(self, ev: Events) -> bool:
        st = self.stage
        if st == S_D1X:
            self._d1_leave_exemptions(ev)
        elif st == S_D1C:
            if self._d1_continue(ev):
                self.order = self.cq
                return True
            if self.tutorial:
                self._moment("end:D1", ev)
        elif st == S_MERMA:
            self._merma_apply(ev)
        elif not self.tutorial:               # the rest only marks tutorial moments
            return False
        elif st == S_D2EXC:
            self._moment("end:D2", ev)
        elif st == S_D3:
            self._moment("end:D3", ev)
        elif st == S_D4:
            self._moment("end:D4", ev)
        elif st == S_D5BUY:
            self._moment("end:D5.comprar", ev)
            if S_D5SELL not in self.stages:
                self._moment("end:D5", ev)
        elif st == S_D5SELL:
            self._moment("end:D5", ev)
        elif st == S_D6:
            self._moment("end:D6", ev)
        elif st == S_D7:
            self._moment("end:D7", ev)
        return False

    def _end_route(self, ev: Events) -> None:
        C = self.C
        p = self.period
        if not self.tutorial:
            if p >= C.full_periods:                                       # EP-END.1
                self._finish("fin", ev)
                return
            _SUMMARY_REST(self, ev)
        else:
            if S_MERMA not in self.stages:
                self._moment("start:summary", ev)
            self._summary_rest(ev)
            self._moment("end:summary", ev)
            if p >= C.tutorial_periods:                                   # EP-TUT.13
                self._finish("tutorial", ev)
                return
        _START_PERIOD(self, p + 1, ev)                                    # EP-SUM.11

    def _seq_legal(self, seat: int) -> list[Action]:
        return SEQ_LEGAL[self.stage](self, seat)

    def _d1x_legal(self, seat: int) -> list[Action]:
        return [A.A_IGNORE, A.A_ACCEPT] if self.ask[seat] == 2 else []

    def _no_legal(self, seat: int) -> list[Action]:
        return []

    def _sim_legal(self, seat: int) -> list[Action]:
        st = self.stage
        if st == S_D4:
            return self._d4_legal(seat)
        if st == S_D6:
            return self._d6_legal(seat)
        return self._merma_legal(seat)

    # ----- Opportunity (EP-OPP.*) -----------------------------------------------------------
    def _square_usable(self, q: int) -> bool:
        C = self.C
        sq = C.squares[q]
        if sq.subsidy >= 0:                                               # EP-OPP.11–14
            kinds = sum(1 for t in range(3) if self.market[t] > 0)
            return sq.subsidy < C.usable_by_types[kinds]
        return True

    def _opp_legal(self, seat: int) -> list[Action]:
        if self.square[seat] >= 0:
            return []
        market = self.market
        sq = self.sq                                                      # EP-OPP.11–14
        kinds = (market[0] > 0) + (market[1] > 0) + (market[2] > 0)
        if sq == FREE_SQUARES:                  # the first to place: every usable square
            return list(self.opp_acts[kinds])
        return [a for q, a in self.opp_places[kinds] if sq[q] < 0]

    def _act_place(self, seat: int, _p: Any, q: int, ev: Events) -> None:
        C = self.C
        self.sq[q] = seat
        self.square[seat] = q
        self.cur += 1                   # the seat's turn is over (placed: nothing left to do)
        if ev is not None:
            ev.append(event("ubicar", "EP-OPP.1", {"player": seat, "square": q,
                                                   "id": C.squares[q].id}))

    # ----- the public protocol ---------------------------------------------------------------
    # ``to_move`` and ``is_over`` are plain attributes (read at every step, so no property):
    # ``_run`` sets ``to_move`` whenever the flow stops; ``is_over`` turns true in ``_finish``
    # (the only place that sets the stage to S_OVER) and false in ``_build``.
    to_move: tuple[int, ...] = ()               # type: ignore[assignment]
    is_over: bool = False                       # type: ignore[assignment]

    def is_secret_choice(self, seat: int) -> bool:
        """Every choice in a simultaneous step (D4, D6, merma) is secret until all are in."""
        return self.stage in SIMULTANEOUS and seat in self.to_move

    @property
    def result(self) -> Result | None:
        return self._result

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        try:
            legal = self._lc.get(seat)           # remembered until the state changes
        except TypeError:                        # not a seat at all
            return []
        if legal is not None:
            return legal[:]
        tm = self.to_move
        if seat is None:
            if len(tm) != 1:
                return []
            seat = tm[0]
            legal = self._lc.get(seat)
            if legal is not None:
                return legal[:]
        if seat not in tm:
            return []
        legal = LEGAL[self.stage](self, seat)
        self._lc[seat] = legal
        return legal[:]

    def _ready(self, seat: int) -> list[Action] | None:
        """The remembered list when ``seat`` must act now (``Game.apply``'s quick path): only
        seats to move have one (``_lc`` is emptied by every action)."""
        return self._lc.get(seat)

    def _legal_now(self, seat: int) -> list[Action]:
        """The remembered list itself, for ``Game.apply`` to read (no copy)."""
        legal = self._lc.get(seat)
        return self.legal_actions(seat) if legal is None else legal

    def parse(self, text: str) -> Action:
        name, raw, _ = A.split(text)
        return A.finish(name, raw, self._resolve)

    def _resolve(self, kind: str, word: str) -> int | None:
        """A non-numeric argument: a square id, a target (proceso-1, a card id), an offer
        (deck-slot)."""
        C = self.C
        if kind == "square":
            return C.square_index.get(word)
        if kind == "target":
            for pre in ("proceso-", "process-", "p-"):
                if word.startswith(pre) and word[len(pre):] in ("1", "2"):
                    return int(word[len(pre):]) - 1
            for card in self.cat:
                if word in (card.id, A.plain(card.name).replace(" ", "-"),
                            A.plain(card.name_en).replace(" ", "-")):
                    return 2 + card.index
            return None
        if kind == "offer":
            deck, _, slot = word.rpartition("-")
            for d in range(3):
                words = (DECKS[d], C.deck_en[d], str(d), C.squares[4 + d].id.lower())
                if deck in words and slot.isdigit() and 1 <= int(slot) <= 3:
                    return 3 * d + int(slot) - 1
            return None
        return None

    def _explain_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        from .text import explain_illegal
        return explain_illegal(self, action, seat)

    def describe(self, event: Event, lang: str = "es") -> str:
        from .text import describe
        return describe(self, event, lang)

    def quiet(self) -> None:
        """From now on (and in its clones) carry out actions without making their events:
        ``apply`` returns an empty list. For games whose events nobody reads (a learning
        environment, a search's worlds); play is the same to the last draw."""
        self._quiet = True

    def apply_legal(self, action: Action, seat: int) -> list[Event]:
        """``Game.apply_legal`` (no checks) with ``_apply`` inlined: the record keeping is
        core's (the history pair and the action count), kept in step by the golden records."""
        ev: Events = None if self._quiet else []
        func, param = DISPATCH[action.name]
        func(self, seat, param, action.arg, ev)
        _RUN(self, ev)                               # which sets _lc anew, wherever it stops
        self._history = ((seat, action._text), self._history)
        self._n_actions += 1
        return [] if ev is None else ev

    def _apply(self, action: Action, seat: int) -> list[Event]:
        ev: Events = None if self._quiet else []
        func, param = DISPATCH[action.name]
        func(self, seat, param, action.arg, ev)
        self._run(ev)                                # which sets _lc anew, wherever it stops
        return [] if ev is None else ev

    # ----- listo (done) ---------------------------------------------------------------------
    def _act_done(self, seat: int, _p: Any, _a: Any, ev: Events) -> None:
        st = self.stage
        if st in SIMULTANEOUS:
            self.done[seat] = 1
            if ev is not None:
                ev.append(event("decidido", "EP-D4.9" if st == S_D4 else "EP-D6.2",
                                {"player": seat, "step": "d4" if st == S_D4 else "d6"}))
            return
        if ev is not None:
            ev.append(event("listo", "EP-GEN.6", {"player": seat, "step": STAGE_NAMES[st]}))
        if st == S_D2ACT:                 # the end of the seat's turn: D2 step 3 gives back the
            _D2ACT_FINISH(self, seat, ev)  # tokens of targets left short; D3 forgets the card
        elif st == S_D3:
            self.play_n = -1
        self.cur += 1

    def record_options(self) -> dict[str, Any]:
        """The options, with a custom content's whole text embedded (``{"source": name,
        "toml": text}``) so that the record replays without the file."""
        opts = dict(self.options)
        C = self.C
        if C.custom:
            opts["content"] = record_value(C.origin, C.source)
        return opts

    # ----- copies -----------------------------------------------------------------------------
    def clone(self) -> ElplanGame:
        g = object.__new__(ElplanGame)
        d = self.__dict__.copy()
        for k in self._LISTS:
            d[k] = d[k][:]
        for k in self._NESTED:
            d[k] = [x[:] for x in d[k]]
        d["rng"] = self.rng.clone()
        d["_lc"] = dict(self._lc)
        g.__dict__ = d
        return g

    def determinize(self, seat: int | None, seed: int) -> ElplanGame:
        """Redraw what ``seat`` cannot see: the order of every face-down pile (the unseen
        events — face-down and set aside — together; each investment deck's face-down cards),
        the generator's future draws, and the other seats' simultaneous choices not yet
        revealed (those already done get a fresh random choice, those still deciding start
        over). The tutorial's decks are fixed by the rules and kept."""
        g = self.clone()
        rng = random.Random(seed)
        if not g.tutorial:
            unseen = sorted(g.ev_fd + g.ev_aside)  # canonical: depends on view + seed only
            rng.shuffle(unseen)
            k = len(g.ev_fd)
            g.ev_fd, g.ev_aside = unseen[:k], unseen[k:]
            for d in range(3):
                g.fd[d] = sorted(g.fd[d])
                rng.shuffle(g.fd[d])
        if g.stage in SIMULTANEOUS:
            for s in range(g.n):
                if s != seat and g.need[s]:
                    g._resample_choice(s, rng)
        g.rng = GameRandom(rng.getrandbits(32))
        g._lc = {}
        return g

    def _resample_choice(self, s: int, rng: random.Random) -> None:
        C = self.C
        st = self.stage
        if st == S_D4:
            b = 4 * s
            self.rem[b:b + 4] = self.pool[b:b + 4]
            self.made[3 * s:3 * s + 3] = [0, 0, 0]
            if self.done[s]:
                while True:
                    legal = self._d4_legal(s)
                    makes = [a for a in legal if a is not A.A_DONE]
                    if not makes or (A.A_DONE in legal and rng.random() < 0.3):
                        break
                    self._act_make(s, A.MAKE_A.index(rng.choice(makes)), None, None)
        elif st == S_D6:
            self.pick[s], self.repay[s] = -1, 0
            if self.done[s]:
                if self.square[s] >= 0 and C.squares[self.square[s]].subsidy >= 0:
                    self.pick[s] = rng.randrange(3)
                if A.A_REPAY in self._d6_legal(s) and rng.random() < 0.5:
                    self.repay[s] = 1
        else:
            self.keep[s] = -1
            if self.done[s]:
                self.keep[s] = rng.choice([t for t in range(3) if self.hand[3 * s + t]])

    # ----- invariants (tests; not in the hot path) -------------------------------------------
    def _check_invariants(self) -> None:
        """The brief's invariants: raise AssertionError when the state breaks one."""
        C = self.C
        n = self.n
        for d in range(3):
            sizes = C.tut_deck_sizes if self.tutorial else C.deck_sizes
            owned = sum(self.own[s * NT + 2 + k] for s in range(n)
                        for k in range(len(self.cat)) if self.cat[k].deck == d)
            offers = sum(1 for o in range(3) if self.offers[3 * d + o] >= 0)
            total = len(self.fd[d]) + len(self.under[d]) + offers + owned + len(self.boxed[d])
            assert total == sizes[d], f"deck {DECKS[d]}: {total} cards, not {sizes[d]}"
            for pile in (self.fd[d], self.under[d], self.boxed[d]):
                assert all(self.cat[k].deck == d for k in pile), "card in the wrong deck"
            assert all(self.offers[3 * d + o] < 0 or self.cat[self.offers[3 * d + o]].deck == d
                       for o in range(3)), "offer in the wrong deck"
            assert offers <= self.opt_n, "too many offers"
            assert all(self.offers[3 * d + o] < 0 for o in range(self.opt_n, 3)), "bad slot"
            for k in range(len(self.cat)):
                if self.cat[k].deck != d:
                    continue
                where = (self.fd[d].count(k) + self.under[d].count(k) + self.boxed[d].count(k) +
                         sum(1 for o in range(3) if self.offers[3 * d + o] == k) +
                         sum(self.own[s * NT + 2 + k] for s in range(n)))
                assert where == self.cat[k].copies, f"{self.cat[k].id}: {where} copies"
        events = len(self.ev_aside) + len(self.ev_fd) + (self.ev_cur >= 0) + \
            len(self.ev_under) + len(self.ev_removed)
        want = len(C.tut_event_deck) if self.tutorial else len(C.events)
        assert events == want, f"{events} events, not {want}"
        assert sum(self.credit) + self.credit_supply == C.credit_supply, "credit cards"
        assert self.credit_supply >= 0, "credit supply"
        assert all(c in (0, 1) for c in self.credit), "more than one credit card"
        for s in range(n):
            assert all(self.own[s * NT + N] in (0, 1) for N in range(NT)), "copies of a name"
            for N in range(NT):
                spaces, _ = self.tinfo[s][N]
                b = (s * NT + N) * 3
                for i in range(3):
                    v = self.sp[b + i]
                    assert v == -1 or (i < len(spaces) and (N < 2 or self.own[s * NT + N]) and
                                       (v == 3 or v == spaces[i])), f"token on {s}/{N}/{i}"
        for lst, name in ((self.idle, "idle"), (self.ideas, "ideas"), (self.hand, "hand"),
                          (self.tienda, "tienda"), (self.market, "market"),
                          (self.subs, "subsidies"), (self.rem, "processes left"),
                          (self.made, "products made")):
            assert min(lst) >= 0, f"negative {name}"
        for q in range(12):
            if self.sq[q] >= 0:
                assert self.square[self.sq[q]] == q, "square/seat mismatch"
        assert sum(1 for s in range(n) if self.square[s] >= 0) == \
            sum(1 for q in range(12) if self.sq[q] >= 0), "a seat on two squares"
        assert sum(self.subs) == self.subs_in - self.subs_out, "subsidy Dinero"
        assert 0 <= self.mc < n, "Momento Cero"
        assert self.ev_cur >= 0 or self.stage in (S_OPP, S_OVER, S_MERMA) or \
            S_D1X not in self.stages, "no current event in the route"

def _districts(stages: tuple[int, ...]) -> list[int]:
    return list(_districts_of(stages))


@cache
def _districts_of(stages: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted({STAGE_DISTRICT[s] for s in stages} - {0}))


def _new_dict(_c: Content) -> dict:
    return {}


def _statics(C: Content, tut: bool, n: int) -> dict[str, Any]:
    """The attributes of a game that the content, the tutorial option and the number of seats
    fix (set up once per content and kept with it; never changed by play)."""
    cat = C.tut_cards if tut else C.cards
    pc = C.counts[n]
    usable = tuple(q for q in range(12) if n in C.squares[q].players)
    kind_n: dict[str, int] = {}
    for card in cat:
        key = card.kind if card.kind != "export_bonus" else \
            ("rfid" if card.once_per_period else "red")
        kind_n.setdefault(key, 2 + card.index)
    # by the kinds of Product in the market: (square, its action) of the usable squares
    places = tuple(tuple((q, A.PLACE_A[q]) for q in usable
                         if C.squares[q].subsidy < C.usable_by_types[kinds])
                   for kinds in range(4))
    return {
        "cat": cat, "ntg": 2 + len(cat), "d3_prices": d3_prices(C, cat),
        "opt_n": pc.offers_per_type, "feed": pc.market_feed, "usable": usable,
        # the offer slots in use (3 · deck + slot; the others stay empty)
        "slots": tuple(3 * d + o for d in range(3) for o in range(pc.offers_per_type)),
        "opp_places": places,
        "opp_acts": tuple(tuple(a for _q, a in p) for p in places),   # (no square taken)
        "kind_n": kind_n,
        "ext_n": kind_n.get("outsource", -1), "lab_n": kind_n.get("choose_one", -1),
        "shop_n": kind_n.get("store", -1), "red_n": kind_n.get("red", -1),
        "rfid_n": kind_n.get("rfid", -1), "tech_n": kind_n.get("sale_bonus", -1),
        "shield_n": kind_n.get("event_shield", -1),
        "producers": tuple(2 + c.index for c in cat if c.kind == "produce"),
        # by card: the resources its cost asks for (a returned card refunds in them)
        "refund_types": tuple(tuple(r for r in range(3) if c.cost[r] > 0) for c in cat),
        # the content's Period plans (see _period_plan) and which events hit players
        "period_plans": derived(C, "state.period_plan", _new_dict),
        "ev_player_op": tuple(e.has_player_op for e in C.events),
    }


def _period_plan(C: Content, tutorial: bool, p: int) -> tuple[tuple[int, ...], frozenset[str]]:
    """The stages of Period ``p`` and its tutorial constraints (the same in every game of
    the content ``C``; kept with it)."""
    plans = derived(C, "state.period_plan", _new_dict)
    got = plans.get((tutorial, p))
    if got is None:
        got = plans[tutorial, p] = _make_period_plan(C, tutorial, p)
    return got


def _make_period_plan(C: Content, tutorial: bool, p: int) -> tuple[tuple[int, ...],
                                                                   frozenset[str]]:
    if tutorial:
        tp = C.tut_periods[p]
        dists, opp, cons = tp.districts, tp.opportunity, tp.constraints
    else:
        dists, opp, cons = (1, 2, 3, 4, 5, 6, 7), True, frozenset()
    st: list[int] = [S_OPP] if opp else []
    for d in dists:
        if d == 1:
            st += [S_D1X, S_D1C]
        elif d == 2:
            st += [S_D2OFF] + ([] if "no_return" in cons else [S_D2RET]) + [S_D2ACT, S_D2EXC]
        elif d == 3:
            st.append(S_D3)
        elif d == 4:
            st.append(S_D4)
        elif d == 5:
            st += [S_D5BUY] + ([] if "buy_only" in cons else [S_D5SELL])
        elif d == 6:
            st.append(S_D6)
        else:
            st.append(S_D7)
    if tutorial or p < C.full_periods:                                    # EP-END.1, G37
        st.append(S_MERMA)
    return tuple(st), cons


# Hot methods as plain functions: a game keeps its ~120 attributes in an instance dict of its
# own, where ``self.method(...)`` first looks the name up (CPython cannot specialise that
# look-up); a module name skips it. The methods stay the definitions.
_RUN = ElplanGame._run
_LEAVE = ElplanGame._leave
_END_ROUTE = ElplanGame._end_route
_D2ACT_FINISH = ElplanGame._d2act_finish
_D4_REVEAL = ElplanGame._d4_reveal
_D6_REVEAL = ElplanGame._d6_reveal
_SUMMARY_REST = ElplanGame._summary_rest
_START_PERIOD = ElplanGame._start_period
_RESET_PERIOD = ElplanGame._reset_period
_ENTER = ElplanGame._enter

_DONE = A.A_DONE
FREE_SQUARES = [-1] * 12                           # ``sq`` while no square is taken
_ALONE = tuple((s,) for s in range(MAX_PLAYERS))   # to_move of each seat alone


#: stage -> its District's number when it opens the District, else 0
STAGE_FIRST_OF = tuple(DISTRICT_FIRST.get(st, 0) for st in range(S_OVER + 1))
#: stage -> whether leaving it does anything outside the tutorial (see ``_leave``)
LEAVE_HOOK = tuple(st in (S_D1X, S_D1C, S_MERMA) for st in range(S_OVER + 1))
#: stage -> what entering it does besides the District's event and the tutorial's moments
#: (see ``_enter``)
ENTER: tuple[Any, ...] = tuple(
    {S_D1X: ElplanGame._d1_enter, S_D1C: ElplanGame._enter_d1c,
     S_D2OFF: ElplanGame._d2_start, S_D4: ElplanGame._d4_enter, S_D5BUY: ElplanGame._d5_enter,
     S_D6: ElplanGame._d6_enter, S_D7: ElplanGame._d7_enter,
     S_MERMA: ElplanGame._merma_enter}.get(st) for st in range(S_OVER + 1))

#: stage -> the legal actions of a seat in a step taken in order
SEQ_LEGAL: tuple[Any, ...] = tuple(
    {S_OPP: ElplanGame._opp_legal, S_D1X: ElplanGame._d1x_legal, S_D1C: ElplanGame._d1c_legal,
     S_D2OFF: ElplanGame._d2off_legal, S_D2RET: ElplanGame._d2ret_legal,
     S_D2ACT: ElplanGame._d2act_legal, S_D2EXC: ElplanGame._d2exc_legal,
     S_D3: ElplanGame._d3_legal, S_D5BUY: ElplanGame._d5buy_legal,
     S_D5SELL: ElplanGame._d5sell_legal, S_D7: ElplanGame._d7_legal}.get(st, ElplanGame._no_legal)
    for st in range(S_OVER + 1))

#: stage -> the legal actions of a seat (steps in order, then the simultaneous ones)
LEGAL: tuple[Any, ...] = tuple(
    {S_D4: ElplanGame._d4_legal, S_D6: ElplanGame._d6_legal,
     S_MERMA: ElplanGame._merma_legal}.get(st, SEQ_LEGAL[st]) for st in range(S_OVER + 1))
assert all(st in SIMULTANEOUS or LEGAL[st] is SEQ_LEGAL[st] for st in range(S_OVER + 1))
assert {st for st in range(S_OVER + 1) if LEGAL[st] is not SEQ_LEGAL[st]} == SIMULTANEOUS
#: stage -> the legal actions of a seat in a step taken in order; None in the simultaneous
#: steps and at the end (``_run``'s first question, in one look-up)
ORDERED_LEGAL: tuple[Any, ...] = tuple(
    None if st in SIMULTANEOUS or st == S_OVER else SEQ_LEGAL[st] for st in range(S_OVER + 1))

# action name -> (handler, parameter)
DISPATCH: dict[str, tuple[Any, Any]] = {
    A.PLACE: (ElplanGame._act_place, None),
    A.IGNORE: (ElplanGame._act_exempt, 0),
    A.ACCEPT: (ElplanGame._act_exempt, 1),
    A.DONE: (ElplanGame._act_done, None),
    A.DEACTIVATE: (ElplanGame._act_deactivate, None),
    A.RETURN: (ElplanGame._act_return, None),
    A.ACTIVATE: (ElplanGame._act_activate, None),
    A.REINFORCE: (ElplanGame._act_reinforce, None),
    A.OUTSOURCE: (ElplanGame._act_outsource, None),
    A.INVEST: (ElplanGame._act_invest, 0),
    A.INVEST_D: (ElplanGame._act_invest, 1),
    A.INVEST_E: (ElplanGame._act_invest, 2),
    A.INVEST_CREDIT: (ElplanGame._act_invest, 3),
    A.REPAY: (ElplanGame._act_repay, None),
    A.INNOVATE: (ElplanGame._act_innovate, None),
}
for _i in range(3):
    DISPATCH[A.CHOOSE[_i]] = (ElplanGame._act_choose, _i)
    DISPATCH[A.DISCARD[_i]] = (ElplanGame._act_discard, _i)
    DISPATCH[A.KEEP[_i]] = (ElplanGame._act_keep, _i)
    DISPATCH[A.IDEA[_i]] = (ElplanGame._act_idea, _i)
    DISPATCH[A.REPLACE[_i]] = (ElplanGame._act_replace, _i)
    DISPATCH[A.LAB[_i]] = (ElplanGame._act_lab, _i)
    DISPATCH[A.MAKE[_i]] = (ElplanGame._act_make, _i)
    DISPATCH[A.BUY[_i]] = (ElplanGame._act_buy, _i)
    DISPATCH[A.BUY_CREDIT[_i]] = (ElplanGame._act_buy_credit, _i)
    DISPATCH[A.IMPORT[_i]] = (ElplanGame._act_import, _i)
    DISPATCH[A.BUY_SHOP[_i]] = (ElplanGame._act_buy_shop, _i)
    DISPATCH[A.SELL_D[_i]] = (ElplanGame._act_sell, (_i, 1))
    DISPATCH[A.SELL_E[_i]] = (ElplanGame._act_sell, (_i, 2))
    DISPATCH[A.SHOP[_i]] = (ElplanGame._act_shop, _i)
for _i in range(len(A.EXCHANGES)):
    DISPATCH[A.EXCHANGE[_i]] = (ElplanGame._act_exchange, A.EXCHANGES[_i])
assert set(DISPATCH) == {a.name for a in A.ALL_ACTIONS}
