"""«Siglo XX» as a state machine (engine brief: docs/rules/sigloxx_engine_notes.md).

A full round: P1 Preparar (automatic) → P2 Subasta (ELEGIR ⇄ ABRIR/PUJA, TECNOLOGIA, SOLO) →
consolation → P3 Catástrofe (COLUMNA) → P4 Mantenimiento (per seat: A → B → C) → P5 Producción
(per seat) → [P6 scoring card in rounds II and IV]; round VI: P4 (step C only) → P5 → final
scoring. Each phase lives in its own module (auction, catastrophe, maintenance, production,
scoring); this one holds setup, the round flow, the public protocol, views, clone, determinize
and the invariants.

State is flat: per-seat lists (coins, science, …), per-tile lists (garbage, owner), per-site
citizens, and per-seat countries as ``{cell: code·4 + rotation}`` dicts replaced (never mutated)
on change, so a clone copies only the outer lists. Values derived from a country (incomes,
recycling networks, the country part of a bot's view) are remembered per seat together with what
they were derived from, in lists a game shares with its clones (an entry counts only where its
inputs are the same); ``cit_tok`` holds per seat a token replaced whenever its citizens change.
The legal actions of the decision reached are remembered in ``_legal`` (set ``_legal = None``
after changing a state by hand). A decision with exactly one legal action is
applied at once and reported by a ``forzada`` event (ruling X7): ``to_move`` always holds one seat
with at least two choices, or none when the game is over. A quiet game (``quiet()``, kept by its
clones and worlds: a learning environment's or a search's, whose events nobody reads) makes no
events at all: the handlers get ``ev = None`` and every event site checks it; play is the same.

Hidden information (XX-S.9, XX-S.18, XX-G21.2, ruling X9): coins and science held appear only in
their owner's view; pile order and contents, the catastrophe stack and the removed cards appear in
no view. Events carry only public amounts (bids, prices, consolation, incomes, T09's 2 coins —
payments made at the table), never what a seat holds, so every event may be shown to every seat
(no ``visible_to`` is needed); holdings are revealed only by the final scoring. ``determinize``
never reads another seat's holdings: it draws them from the view (ruling X10).
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.content_option import record_value
from ludoteca.core.errors import InvalidOption
from ludoteca.core.events import Event
from ludoteca.core.game import Game
from ludoteca.core.result import Result
from ludoteca.core.rng import GameRandom, shuffle

from . import actions as A
from .auction import AuctionMixin
from .catastrophe import CatastropheMixin
from .common import (
    CARD_ID,
    CAT_ID,
    CELL_XY,
    COL_LETTERS,
    FORCED_RULE,
    INST_BASE,
    LAND_ID,
    LAND_PILE,
    LAST_ROUND,
    MAINT_STEP,
    N_LAND,
    N_SITES,
    N_TECH,
    ORIGIN_CELL,
    P_MAX,
    P_MIN,
    PH_A,
    PH_ABRIR,
    PH_C,
    PH_CAT,
    PH_EDGE,
    PH_ELEGIR,
    PH_EXTRA,
    PH_GAIN,
    PH_LIFT,
    PH_OVER,
    PH_PICK,
    PH_PLACE,
    PH_PUJA,
    PH_PUT,
    PH_RECYCLE,
    PH_REMOVE,
    PH_SITE,
    PH_SOLO,
    PH_TECH,
    PHASE_OF,
    ROT_DEG,
    SHARED_EVENTS,
    STEP_NAMES,
    TECH_ID,
    TECH_PILE,
    Events,
    event,
    player_event,
    shared_event,
    site_name,
)
from .country import connected
from .maintenance import MaintenanceMixin
from .production import ProductionMixin
from .scoring import ScoringMixin
from .tables import Tables, resolve

CARD_ROUNDS = ("II", "IV")
# the piles a view counts: every land pile but the start one (index 0), every technology pile
# (the piles' names are the same in every valid content file: XX-D.1, XX-D.2)
LAND_PILES_SHOWN = tuple((i, p) for i, p in enumerate(LAND_PILE) if i)
TECH_PILES_SHOWN = tuple(enumerate(TECH_PILE))
MIN_PLAYERS, MAX_PLAYERS = 3, 5                         # XX-G24.1 (checked by the schema)
# to_move of each seat, and () at index −1 (the actor of a finished game)
_ALONE = tuple((s,) for s in range(MAX_PLAYERS)) + ((),)
_LAND_NAME = LAND_ID.__getitem__
_TECH_NAME = TECH_ID.__getitem__

# action name -> (handler, parameter)
DISPATCH: dict[str, tuple[str, Any]] = {
    A.PASS: ("_h_pass", None), A.WITHDRAW: ("_h_withdraw", None),
    A.NO_BUY: ("_h_no_buy", None), A.DONE: ("_h_done", None),
    A.AUCTION: ("_h_auction", None), A.BUY_LAND: ("_h_buy_land", None),
    A.BUY_TECH: ("_h_buy_tech", None), A.BID: ("_h_bid", None),
    A.GARBAGE: ("_h_garbage", None), A.REMOVE: ("_h_remove", None),
    A.RECYCLE: ("_h_recycle", None), A.PICK_LAND: ("_h_pick_land", None),
    A.PICK_INST: ("_h_pick_inst", None), A.PUT: ("_h_put", None), A.LIFT: ("_h_lift", None),
    A.USE: ("_h_use", None), A.BRIDGE_E: ("_h_bridge", 0), A.BRIDGE_S: ("_h_bridge", 1),
}
for _i, _x in enumerate(COL_LETTERS):
    DISPATCH[A.COLUMN + _x] = ("_h_column", _i)
for _i, _r in enumerate(A.ROTATIONS):
    DISPATCH[f"{A.PLACE}{_r}"] = ("_h_place", (_i, False))
    DISPATCH[f"{A.PLACE_BRIDGED}{_r}"] = ("_h_place", (_i, True))

LEGAL = {PH_ELEGIR: "_legal_elegir", PH_ABRIR: "_legal_abrir", PH_PUJA: "_legal_puja",
         PH_TECH: "_legal_tech", PH_SOLO: "_legal_solo", PH_CAT: "_legal_cat",
         PH_A: "_legal_garbage", PH_PICK: "_legal_pick", PH_PLACE: "_legal_place",
         PH_EDGE: "_legal_edge", PH_SITE: "_legal_site", PH_EXTRA: "_legal_garbage",
         PH_C: "_legal_c", PH_REMOVE: "_legal_remove", PH_LIFT: "_legal_lift",
         PH_PUT: "_legal_move_to", PH_GAIN: "_legal_gain", PH_RECYCLE: "_legal_recycle"}

# attributes holding lists that are changed in place (copied by clone); every other attribute
# is a number, an immutable value, or a list whose items are replaced, never mutated
_LISTS = ("land_piles", "tech_piles", "land_out", "tech_out", "cat_out", "cat_used", "cards",
          "withdrawn", "passed", "col_of", "bid_of", "occ", "coins", "science", "score", "vp_bonus",
          "pollution", "cit_supply", "set_aside", "won", "bought", "held", "grid", "links",
          "lands", "techs", "pend_land", "pend_inst", "nets", "garbage", "land_owner", "cit",
          "tech_owner", "t_used", "t_used_m")


# ----- ruling X10: what a search assumes about the other seats' holdings ---------------------
#: the group of decision points each phase belongs to, for HOLDINGS: 0 the land auction
#: (choose, open, bid), 1 the technology on withdrawing, 2 buying alone, 3 the catastrophe
#: auction, 4 Maintenance, 5 Production
HOLDINGS_GROUP = (0, 0, 0, 1, 2, 3) + (4,) * 11 + (5, 5)
#: (round, group) -> the lines coins and science are drawn around, each as (constant,
#: × the seat's income of it, × tiles it won this round, × technologies it owns, × 1 if it
#: withdrew from this round's auction, × its income if it has produced this round, spread):
#: least squares over the holdings of the seats not on turn at every decision of 1,000
#: three-player games of greedy bots, and the spread of what the line missed (``python
#: bench/fit_sigloxx_holdings.py --games 1000``)
HOLDINGS: dict[tuple[int, int], tuple[tuple[float, ...], tuple[float, ...]]] = {
    (1, 0): ((9.95, 0.01, -4.93, -1.96, -1.96, 0.00, 0.40),
             (10.01, 0.00, 0.01, -2.51, -2.51, 0.00, 0.03)),  # 44460 positions
    (1, 1): ((8.86, 0.34, -2.53, 0.10, -6.16, 0.00, 0.69),
             (9.99, 0.00, 0.17, -4.95, -0.16, 0.00, 0.15)),  # 6000 positions
    (1, 2): ((0.53, 0.15, -0.29, 0.00, 0.53, 0.00, 0.42),
             (4.50, 0.00, 1.00, -5.00, 4.50, 0.00, 0.00)),  # 5200 positions
    (1, 3): ((-1.49, 0.29, 3.16, -1.04, 0.00, 0.00, 1.35),
             (8.22, -0.02, 1.01, -4.13, 0.00, 0.00, 0.23)),  # 26292 positions
    (1, 4): ((0.18, -0.16, 2.94, -0.97, 0.00, 0.00, 1.18),
             (7.40, -0.05, -1.98, -2.74, 0.00, 0.00, 2.19)),  # 23920 positions
    (1, 5): ((-0.10, 0.15, 2.32, -0.79, 0.00, 0.80, 1.06),
             (6.64, -0.67, -0.62, -2.82, 0.00, 1.57, 1.93)),  # 2158 positions
    (2, 0): ((3.68, 0.87, -2.73, -0.98, -2.30, 0.00, 1.82),
             (5.39, 0.43, -0.92, -1.62, -0.86, 0.00, 2.02)),  # 44012 positions
    (2, 1): ((4.13, 0.32, -1.13, -0.17, -2.51, 0.00, 1.17),
             (5.06, 0.35, -0.57, -1.37, -0.99, 0.00, 1.65)),  # 4048 positions
    (2, 2): ((0.63, 0.07, -0.03, -0.04, 0.63, 0.00, 0.49),
             (2.17, 0.01, -0.49, -0.87, 2.17, 0.00, 1.38)),  # 2766 positions
    (2, 3): ((1.10, 0.23, -0.11, -0.25, 0.00, 0.00, 0.89),
             (3.43, 0.09, -0.14, -0.56, 0.00, 0.00, 1.59)),  # 12858 positions
    (2, 4): ((1.52, 0.15, -0.26, -0.25, 0.00, 0.00, 0.86),
             (1.62, 0.03, -0.18, -0.25, 0.00, 0.00, 1.10)),  # 29484 positions
    (2, 5): ((1.53, 0.12, -0.24, -0.30, 0.00, 1.03, 0.89),
             (1.51, 0.02, -0.15, -0.20, 0.00, 0.99, 1.08)),  # 4234 positions
    (3, 0): ((2.13, 0.96, -4.74, -0.22, -2.22, 0.00, 1.22),
             (3.18, 0.88, -0.27, -0.99, -1.48, 0.00, 1.50)),  # 35832 positions
    (3, 1): ((4.09, 0.39, -1.74, -0.06, -2.84, 0.00, 1.22),
             (5.92, 0.56, -0.48, -1.74, -1.13, 0.00, 1.70)),  # 2832 positions
    (3, 2): ((0.79, 0.11, -0.40, -0.05, 0.79, 0.00, 0.80),
             (3.19, 0.20, -0.55, -1.72, 3.19, 0.00, 1.66)),  # 2816 positions
    (3, 3): ((1.77, 0.16, -0.73, -0.05, 0.00, 0.00, 1.04),
             (5.66, 0.40, -0.56, -1.72, 0.00, 0.00, 1.66)),  # 14376 positions
    (3, 4): ((1.98, 0.13, -0.77, -0.09, 0.00, 0.00, 1.00),
             (2.32, 0.10, -0.22, -0.62, 0.00, 0.00, 1.28)),  # 30472 positions
    (3, 5): ((1.90, 0.11, -0.71, -0.09, 0.00, 1.01, 1.00),
             (2.34, 0.05, -0.21, -0.53, 0.00, 1.00, 1.28)),  # 7688 positions
    (4, 0): ((1.93, 0.97, -5.43, -0.07, -1.15, 0.00, 1.31),
             (3.33, 1.00, -0.15, -0.99, -2.73, 0.00, 1.59)),  # 43220 positions
    (4, 1): ((2.06, 0.78, -3.34, 0.03, -1.64, 0.00, 1.63),
             (5.25, 0.83, -0.32, -1.43, -2.43, 0.00, 1.79)),  # 4112 positions
    (4, 2): ((-0.16, 0.45, -0.61, -0.02, -0.16, 0.00, 1.30),
             (2.30, 0.64, -0.42, -1.65, 2.30, 0.00, 1.89)),  # 2372 positions
    (4, 3): ((-0.16, 0.57, -1.36, 0.06, 0.00, 0.00, 1.61),
             (3.87, 0.78, -0.19, -1.64, 0.00, 0.00, 1.87)),  # 14984 positions
    (4, 4): ((0.57, 0.45, -1.29, 0.01, 0.00, 0.00, 1.69),
             (1.59, 0.28, -0.04, -0.64, 0.00, 0.00, 1.59)),  # 36884 positions
    (4, 5): ((0.50, 0.42, -1.36, 0.01, 0.00, 1.01, 1.72),
             (1.71, 0.22, -0.15, -0.54, 0.00, 1.01, 1.60)),  # 11866 positions
    (5, 0): ((-0.07, 1.28, -6.87, 0.03, -0.75, 0.00, 1.84),
             (3.08, 1.11, 0.00, -0.88, -3.33, 0.00, 2.07)),  # 36216 positions
    (5, 1): ((-0.32, 1.27, -5.85, 0.07, -0.91, 0.00, 2.03),
             (5.90, 0.80, -0.32, -1.21, -2.77, 0.00, 2.40)),  # 3286 positions
    (5, 2): ((-0.72, 1.22, -5.17, 0.09, -0.72, 0.00, 2.03),
             (2.84, 0.49, -0.42, -1.36, 2.84, 0.00, 2.43)),  # 2186 positions
    (5, 3): ((-0.21, 1.15, -5.09, 0.18, 0.00, 0.00, 2.52),
             (5.16, 0.60, -0.45, -1.35, 0.00, 0.00, 2.45)),  # 17506 positions
    (5, 4): ((0.23, 1.12, -5.39, 0.17, 0.00, 0.00, 2.53),
             (1.65, 0.27, 0.05, -0.54, 0.00, 0.00, 1.85)),  # 34880 positions
    (5, 5): ((0.23, 1.10, -5.34, 0.14, 0.00, 1.02, 2.52),
             (1.69, 0.27, -0.10, -0.54, 0.00, 1.02, 1.86)),  # 12356 positions
    (6, 4): ((-3.82, 1.88, 0.00, 0.26, 0.00, 0.00, 3.30),
             (1.87, 1.24, 0.00, -0.54, 0.00, 0.00, 1.81)),  # 3078 positions
    (6, 5): ((-3.25, 1.83, 0.00, 0.19, 0.00, 1.00, 3.22),
             (1.48, 1.28, 0.00, -0.53, 0.00, 1.01, 1.87)),  # 9056 positions
}

#: the least spread a draw has (the fit leaves none in some round-I decisions)
HOLDINGS_MIN_SPREAD = 0.5


def holdings_features(g: Any, s: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What HOLDINGS's lines of seat ``s``'s coins and science read, all shown by every view:
    its incomes, tiles won this round, technologies, whether it withdrew from this round's
    auction, and in Production whether it has produced (seats produce from the start player
    on, up to the one producing now: XX-G12.5)."""
    coins, science, _ = g.incomes(s)
    phase = g.phase
    withdrawn = 1 if phase <= PH_SOLO and s in g.withdrawn else 0
    produced = 1 if phase == PH_RECYCLE and (s - g.sp) % g.n < g.pi else 0
    won, techs = g.won[s], len(g.techs[s])
    return ((1, coins, won, techs, withdrawn, produced * coins),
            (1, science, won, techs, withdrawn, produced * science))

def _bool_option(options: dict, name: str) -> bool:
    v = options.get(name)
    if isinstance(v, str) and v.strip().lower() in ("true", "false"):
        v = v.strip().lower() == "true"
    if not isinstance(v, bool):
        raise InvalidOption(f"sigloxx: option {name}={v!r} is not allowed; allowed values: "
                            f"True, False")
    return v


class SigloGame(AuctionMixin, CatastropheMixin, MaintenanceMixin, ProductionMixin, ScoringMixin,
                Game):
    """A game of «Siglo XX». Seats 0..n−1 clockwise; seat i plays colour i and start tile S(i+1)."""

    game_id = "sigloxx"
    num_distinct_actions = A.NUM_DISTINCT_ACTIONS
    all_actions = A.ALL_ACTIONS
    _action_ids = A.ACTION_ID

    # ----- setup --------------------------------------------------------------------------------
    def __init__(self, names: tuple[str, ...], seed: int, options: dict[str, Any],
                 dice: tuple[int, ...] = (), tables: Tables | None = None) -> None:
        n = len(names)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:                                 # XX-G24.1
            raise InvalidOption(f"sigloxx is played by {MIN_PLAYERS} to {MAX_PLAYERS} "
                                f"players; got {n}")
        # the game's content: the option ``content`` (the shipped file by default), shared by
        # clones; ``self.C`` is the parsed content, ``self.K`` it and its derived tables
        K = self.K = tables if tables is not None else resolve(options.get("content"))
        C = K.C
        if dice:
            raise InvalidOption("sigloxx uses no dice; forced dice are not accepted")
        self.names, self.seed, self.options = names, seed, options
        self._initial_dice, self._setup_log = (), ()
        self._history, self._n_actions = None, 0
        self.n = n
        self.pc = C.player_counts[n]
        self.scoring_on = _bool_option(options, "scoring_cards")
        given = {}
        for r in CARD_ROUNDS:
            key = f"scoring_card_{r.lower()}"
            v = options.get(key)
            if v is None:
                continue
            allowed = [c.id for c in C.cards if c.round == r]
            if v not in allowed:
                raise InvalidOption(f"sigloxx: option {key}={v!r} is not allowed; allowed values: "
                                    f"{', '.join(repr(a) for a in allowed)} or None")
            if not self.scoring_on:
                raise InvalidOption(f"sigloxx: {key} needs scoring_cards = true")
            given[r] = C.card_index[v]
        fp = options.get("first_player")
        if isinstance(fp, str) and fp.strip().isdigit():
            fp = int(fp)
        if fp is not None and (not isinstance(fp, int) or isinstance(fp, bool) or
                               not 0 <= fp < n):
            raise InvalidOption(f"sigloxx: option first_player={options.get('first_player')!r} "
                                f"is not allowed; allowed values: a seat 0 to {n - 1}, or None "
                                f"(seeded draw)")
        rng = self.rng = GameRandom(seed)
        # XX-S.2–S.4: scoring cards
        self.cards = [-1, -1]
        if self.scoring_on:
            for i, r in enumerate(CARD_ROUNDS):
                pool = [c.index for c in C.cards if c.round == r]
                self.cards[i] = given[r] if r in given else pool[rng.randrange(len(pool))]
        # XX-S.5–S.6: piles, each shuffled on its own (top first)
        own = rng._own()                        # rng.shuffle(x) is shuffle(own, x)
        self.land_piles = []
        for p, tiles in K.LAND_PILES:
            pile = list(tiles)
            if p != "start":
                shuffle(own, pile)
            self.land_piles.append(pile)
        self.tech_piles = []
        for tiles in K.TECH_PILES:
            pile = list(tiles)
            shuffle(own, pile)
            self.tech_piles.append(pile)
        # XX-S.7–S.9: the catastrophe stack, 2/2/1 by label, the rest unseen
        self.cat_stack: tuple[int, ...] = ()
        self.cat_out = []
        for label, cards in K.CAT_POOLS:
            pool = list(cards)
            shuffle(own, pool)
            k = C.stack_per_label[label]
            self.cat_stack += tuple(pool[:k])
            self.cat_out += pool[k:]
        self.cat_used: list[int] = []
        self.cat = -1
        # XX-S.11, XX-G22.1: the first start player
        self.sp = fp if fp is not None else rng.randrange(n)
        self.land_display: list[int] = []
        self.tech_display: list[int] = []
        self.land_out: list[int] = []
        self.tech_out: list[int] = []
        self.bridges_supply = C.bridges
        self.round, self.track, self.marker = 0, 0, 0
        # per tile / site / technology
        self.garbage = [0] * N_LAND
        self.land_owner = [-1] * N_LAND
        self.cit = [0] * N_SITES
        # per seat, a token replaced at every change of its citizens (``cit``)
        self.cit_tok: tuple[object, ...] = tuple(object() for _ in range(n))
        self.tech_owner = [-1] * N_TECH
        self.t_used = [False] * N_TECH
        self.t_used_m = [False] * N_TECH
        # per seat (XX-S.10–S.17, XX-G4)
        self.coins = [C.start_coins] * n
        self.science = [C.start_science] * n
        self.score = [C.start_score] * n
        self.vp_bonus = [0] * n                 # VP from the bonus scoring cards (by source)
        self.pollution = [C.start_pollution] * n
        self.cit_supply = [C.country_citizens - len(C.start_sites)] * n
        self.set_aside = [0] * n
        self.won = [0] * n
        self.bought = [False] * n
        self.held = [0] * n
        self.grid: list[dict[int, int]] = []
        self.links: list[frozenset] = [frozenset()] * n
        self.lands: list[tuple[int, ...]] = []
        self.techs: list[tuple[int, ...]] = [()] * n
        self.pend_land: list[tuple] = [()] * n
        self.pend_inst: list[tuple] = [()] * n
        self.nets: list[Any] = [None] * n
        # values derived from a seat's country, remembered per seat with what they were
        # derived from (clones share these lists: an entry is used only where that is the
        # same): incomes, recycling networks, the country part of a shared view
        self._inc: list[Any] = [None] * n
        self._rec: list[Any] = [None] * n
        self._cv: list[Any] = [None] * n
        self._fr: list[Any] = [None] * n        # the frontier of each country (_frontier)
        self._tv: dict[str, tuple] = {}        # parts of own-only views, see _shared()
        start_pile = self.land_piles[LAND_PILE["start"]]
        for s in range(n):
            tile = start_pile[s]
            self.grid.append({ORIGIN_CELL: tile * 4 + K.START_ROTATION})
            self.lands.append((tile,))
            self.land_owner[tile] = s
            self.garbage[tile] = C.start_garbage
            for j in C.start_sites:
                self.cit[3 * tile + j] = 1
        self.land_out += start_pile[n:]                                         # XX-G4.1
        self.land_piles[LAND_PILE["start"]] = []
        # the decision state
        self.phase, self.actor = PH_ELEGIR, self.sp
        self.withdrawn: list[int] = []
        self.passed = [False] * n
        self.tile, self.high, self.high_seat, self.last = -1, 0, -1, -1
        self.lone, self.tech_ctx = False, -1
        self.col_of, self.bid_of, self.occ = [-1] * n, [0] * n, [-1] * 5
        self.mi = self.pi = 0
        self.sel: tuple | None = None
        self.sel_cell, self.extra = -1, 0
        self.m_tech, self.m_rem, self.m_removed, self.lifted = -1, 0, 0, -1
        self.p_nets: tuple = ()
        self.p_cap = 0
        self._result: Result | None = None
        self._legal: list[Action] | None = None
        self._quiet = False                     # quiet(): actions make no events
        ev: list[Event] = [
            event("preparacion", "XX-S.2" if self.scoring_on else "XX-S.4", {
                "cards": {r: (CARD_ID[self.cards[i]] if self.cards[i] >= 0 else None)
                          for i, r in enumerate(CARD_ROUNDS)},
                "players": n}),
            event("inicial", "XX-G22.1", {"player": self.sp})]
        self._begin_round(ev)
        self._settle(ev)
        self.opening_events = tuple(ev)

    # ----- the round (XX-R.1–R.4, XX-1.x) -----------------------------------------------------
    def _begin_round(self, ev: Events) -> None:
        self.round += 1
        rd = self.K.ROUNDS[self.round - 1]
        if ev is not None:
            ev.append(shared_event("ronda", "XX-1.1", ("round", "roman"), self.round, rd.roman))
        if self.land_display or self.tech_display:                              # XX-1.4
            if ev is not None:
                ev.append(event("descarte", "XX-1.4" if rd.track >= 0 else "XX-G17.1", {
                    "land": [LAND_ID[t] for t in self.land_display],
                    "tech": [TECH_ID[t] for t in self.tech_display]}))
            self.land_out += self.land_display
            self.tech_out += self.tech_display
            self.land_display, self.tech_display = [], []
        if self.cat >= 0:
            self.cat_used.append(self.cat)
            self.cat = -1
        self.won = [0] * self.n
        self.bought = [False] * self.n
        self.col_of, self.bid_of, self.occ = [-1] * self.n, [0] * self.n, [-1] * 5
        if rd.track < 0:                                                        # XX-G17.1
            self._begin_maintenance(ev)
            return
        p = LAND_PILE[rd.land_pile]                                             # XX-1.5–1.7
        pile = self.land_piles[p]
        k = min(self.pc.land_deal, len(pile))
        self.land_display = sorted(pile[:k])
        self.land_piles[p] = pile[k:]
        p = TECH_PILE[rd.tech_pile]
        pile = self.tech_piles[p]
        k = min(self.pc.tech_deal, len(pile))
        self.tech_display = sorted(pile[:k])
        self.tech_piles[p] = pile[k:]
        if ev is not None:
            ev.append(event("reparto", "XX-1.7", {"land": [LAND_ID[t] for t in self.land_display],
                                                  "tech": [TECH_ID[t] for t in self.tech_display]}))
        self.cat, self.cat_stack = self.cat_stack[0], self.cat_stack[1:]        # XX-1.9
        if ev is not None:
            ev.append(shared_event("catastrofe", "XX-1.9", ("card",), CAT_ID[self.cat]))
        self.track, self.marker = rd.track, self.pc.marker_start                 # XX-1.10–1.14
        if ev is not None:
            ev.append(event("coste", "XX-1.14", {"track": self.K.TRACKS[self.track].id,
                                                 "marker": self.marker, "price": self.price(),
                                                 "min_bid": self.min_bid()}))
        self.withdrawn, self.passed = [], [False] * self.n
        self.tile, self.high, self.high_seat, self.last = -1, 0, -1, -1
        self.lone, self.tech_ctx = False, -1
        if ev is not None:
            ev.append(player_event("inicial", "XX-1.3", self.sp))
        self._to_elegir(ev)

    def _end_production(self, ev: Events) -> None:
        rd = self.K.ROUNDS[self.round - 1]
        if rd.bonus == "scoring_card":                                          # XX-6.1
            self._bonus_card(ev)
        if rd.bonus == "final":                                                 # XX-F.1
            self._final(ev)
            return
        self._begin_round(ev)

    # ----- the public protocol ------------------------------------------------------------------
    # ``to_move`` and ``is_over`` are plain attributes (read at every step), set by _settle,
    # which every change of the decision state ends with (an action, setup, arrange)
    to_move: tuple[int, ...] = ()
    is_over: bool = False

    @property
    def result(self) -> Result | None:
        return self._result

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        legal = self._legal                     # None when over or not yet computed
        if legal is not None and (seat == self.actor or seat is None):
            return legal[:]
        if self.phase == PH_OVER:
            return []
        if seat is None:
            seat = self.actor
        if seat != self.actor:
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _ready(self, seat: int) -> list[Action] | None:
        """The remembered list when ``seat`` must act now (``Game.apply``'s quick path)."""
        return self._legal if seat == self.actor else None     # None when over

    def _legal_now(self, seat: int) -> list[Action]:
        """The remembered list itself, for ``Game.apply`` to read (no copy)."""
        legal = self._legal
        if legal is None or seat != self.actor or self.phase == PH_OVER:
            return self.legal_actions(seat)
        return legal

    def _compute_legal(self) -> list[Action]:
        return _LEGAL_OF[self.phase](self)

    def parse(self, text: str) -> Action:
        return A.parse(text)

    def _explain_illegal(self, action: Action, seat: int) -> tuple[str, str]:
        from .text import explain_illegal
        return explain_illegal(self, action, seat)

    def describe(self, event: Event, lang: str = "es") -> str:
        from .text import describe
        return describe(self, event, lang)

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """``Game.apply`` with its quickest path inlined (the seat to move, an Action of its
        remembered legal list: found by identity); anything else goes to ``Game.apply``."""
        if seat == self.actor:
            legal = self._legal                 # None when over or not yet computed
            if legal is not None:
                for a in legal:
                    if a is action:
                        return self.apply_legal(action, seat)
        return Game.apply(self, action, seat)

    def quiet(self) -> None:
        """From now on (and in its clones) carry out actions without making their events:
        ``apply`` returns an empty list. For games whose events nobody reads (a learning
        environment, a search's worlds); play is the same to the last draw."""
        self._quiet = True

    def apply_legal(self, action: Action, seat: int) -> list[Event]:
        """``Game.apply_legal`` (no checks), inlined: the record keeping is core's
        (``Game.apply_legal``: the history pair and the action count), kept in step by the
        golden records."""
        ev: Events = None if self._quiet else []
        handler, p = _HANDLER[action.name]
        handler(self, action.arg, p, ev)
        self._settle(ev)
        self._history = ((seat, action._text), self._history)
        self._n_actions += 1
        return [] if ev is None else ev

    def _apply(self, action: Action, seat: int) -> list[Event]:
        ev: Events = None if self._quiet else []
        self._legal = None
        handler, p = _HANDLER[action.name]
        handler(self, action.arg, p, ev)
        self._settle(ev)
        return [] if ev is None else ev

    def _settle(self, ev: Events) -> None:
        """Apply forced decisions (exactly one legal action) at once, each reported (X7) unless
        the game is quiet; remember the legal actions of the decision reached (``_legal``)."""
        self._legal = None
        legal_of, over = _LEGAL_OF, PH_OVER
        phase = self.phase
        while phase != over:
            legal = legal_of[phase](self)
            if len(legal) != 1:
                self._legal = legal
                self.to_move = _ALONE[self.actor]
                return
            a = legal[0]
            if ev is not None:
                if (phase == PH_ELEGIR or phase == PH_SOLO) and not self.land_display:
                    rule = "XX-2.33"                    # no land tile left: must withdraw
                else:
                    rule = FORCED_RULE[phase]
                key = ("forzada", rule, self.actor, a._text)
                e = SHARED_EVENTS.get(key)
                if e is None:
                    e = SHARED_EVENTS[key] = event("forzada", rule,
                                                   {"player": self.actor, "action": a._text})
                ev.append(e)
            handler, p = _HANDLER[a.name]
            handler(self, a.arg, p, ev)
            phase = self.phase
        self.to_move = ()
        self.is_over = True

    # ----- looking ------------------------------------------------------------------------------
    def view(self, seat: int | None, own_only: bool = False) -> dict[str, Any]:
        """What ``seat`` sees. ``own_only``: of ``players`` only ``seat``'s own entry is built
        (the others are ``None``), for a bot that reads nothing else (the greedy bot); its
        country and networks, the piles and the catastrophe may be the very objects an earlier
        such view returned, when nothing they show has changed: read them, never change them."""
        n = self.n
        if seat is not None and not (seat.__class__ is int and 0 <= seat < n) and \
                not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n):
            raise InvalidOption(f"sigloxx: seat must be 0 to {n - 1} or None; got {seat!r}")
        phase = self.phase
        over = phase == PH_OVER
        full_round = self.round < LAST_ROUND
        K = self.K
        track = K.TRACKS[self.track] if full_round else None
        c2, c4 = self.cards
        lp, tp = self.land_piles, self.tech_piles
        shared = self._shared
        out: dict[str, Any] = {
            "game": "sigloxx", "seat": seat, "players_n": n, "round": self.round,
            "roman": K.ROMAN[self.round - 1], "phase": PHASE_OF[phase],
            "step": STEP_NAMES[phase], "sp": self.sp, "to_move": [] if over else [self.actor],
            "land_display": list(map(_LAND_NAME, self.land_display)),
            "tech_display": list(map(_TECH_NAME, self.tech_display)),
            "cost_track": track.id if full_round else None,
            "marker": self.marker if full_round else None,
            "price": track.prices[self.marker] if full_round else None,
            "min_bid": track.min_bid if full_round else None,
            "scoring_cards": {CARD_ROUNDS[0]: CARD_ID[c2] if c2 >= 0 else None,
                              CARD_ROUNDS[1]: CARD_ID[c4] if c4 >= 0 else None},
            "piles": self._piles_view() if not own_only else self._shared(
                "piles", (tuple(map(len, lp)), tuple(map(len, tp)), len(self.cat_stack)),
                self._piles_view),
            "catastrophes_used": list(map(CAT_ID.__getitem__, self.cat_used)),
            "bridges_supply": self.bridges_supply,
            "auction": None, "catastrophe": None, "maintenance": None, "production": None,
            "players": [self._seat_view(s, seat == s or over) for s in range(n)]
            if not own_only else [self._seat_view(s, True, True) if seat == s else None
                                  for s in range(n)],
            "result": self._result.to_json() if self._result else None,
        }
        if K.custom:                            # which content file this table plays
            out["content"] = dict(K.view_mark)
        if self.phase <= PH_SOLO:
            out["auction"] = {
                "tile": LAND_ID[self.tile] if self.tile >= 0 else None,
                "high": self.high if self.tile >= 0 and self.high_seat >= 0 else None,
                "high_seat": self.high_seat if self.high_seat >= 0 else None,
                "passed": [s for s in range(n) if self.passed[s]],
                "withdrawn": list(self.withdrawn), "lone": self.lone,
                "buying_tech": self.actor if self.phase == PH_TECH else None}
        if self.cat >= 0:
            out["catastrophe"] = self._catastrophe_view() if not own_only else shared(
                "catastrophe", (self.cat, tuple(self.occ), tuple(self.bid_of), phase == PH_CAT),
                self._catastrophe_view)
        if self.phase in MAINT_STEP:
            m: dict[str, Any] = {"player": self.actor, "step": MAINT_STEP[self.phase],
                                 "selected": None, "cell": None, "extra_garbage": self.extra,
                                 "tech": None, "left": None, "lifted": None}
            if self.sel is not None:
                code, citizen, g = self.sel
                m["selected"] = ({"tile": LAND_ID[code], "citizen": bool(citizen), "garbage": g}
                                 if code < N_LAND else {"tech": TECH_ID[code - INST_BASE]})
            if self.sel_cell >= 0:
                m["cell"] = self.sel_cell
            if self.m_tech >= 0:
                m["tech"], m["left"] = TECH_ID[self.m_tech], self.m_rem
            if self.lifted >= 0:
                m["lifted"] = site_name(self.lifted)
            out["maintenance"] = m
        if self.phase == PH_RECYCLE:
            out["production"] = {"player": self.actor, "capacity_left": self.p_cap,
                                 "tiles": [LAND_ID[t] for t in self.p_nets[0][1]]}
        return out

    def _shared(self, part: str, key: tuple, build: Any) -> Any:
        """A part of an own-only view: the one built last (shared by clones) if ``key`` (what
        it shows) is the same, else ``build()``."""
        hit = self._tv.get(part)
        if hit is not None and hit[0] == key:
            return hit[1]
        value = build()
        self._tv[part] = (key, value)
        return value

    def _piles_view(self) -> dict[str, Any]:
        lp, tp = self.land_piles, self.tech_piles
        return {"land": {p: len(lp[i]) for i, p in LAND_PILES_SHOWN},
                "tech": {p: len(tp[i]) for i, p in TECH_PILES_SHOWN},
                "catastrophes": len(self.cat_stack)}

    def _catastrophe_view(self) -> dict[str, Any]:
        card = self.K.CATS[self.cat]
        occ, bid_of = self.occ, self.bid_of
        cols = []
        for x in self.pc.columns:
            g, p = card.columns[x]
            o = occ[x]
            if o >= 0:
                cols.append({"column": COL_LETTERS[x], "garbage": g, "pollution": p,
                             "occupant": o, "bid": bid_of[o]})
            else:
                cols.append({"column": COL_LETTERS[x], "garbage": g, "pollution": p,
                             "occupant": None, "bid": None})
        return {"id": card.id, "name": card.name, "name_en": card.name_en,
                "label": card.label, "columns": cols, "bidding": self.phase == PH_CAT}

    def _seat_view(self, s: int, holdings: bool, shared: bool = False) -> dict[str, Any]:
        """Seat ``s``'s entry of ``players``; ``shared``: its country and networks may be the
        lists of an earlier shared entry when nothing they show has changed (read-only)."""
        if shared:
            g = self.garbage
            key = (self.grid[s], self.links[s], self.cit_tok[s],
                   tuple([g[t] for t in self.lands[s]]))
            hit = self._cv[s]
            if hit is not None and hit[0] == key:
                parts = hit[1]
            else:
                parts = self._country_view(s)
                self._cv[s] = (key, parts)
        else:
            parts = self._country_view(s)
        country, networks, garbage, clean = parts
        c, sc, v = self.incomes(s)
        col = self.col_of[s]
        t_used, t_used_m = self.t_used, self.t_used_m
        d: dict[str, Any] = {
            "seat": s, "name": self.names[s], "colour": self.K.COLOURS[s],
            "colour_en": self.K.COLOURS_EN[s], "country": country, "networks": networks,
            "bridges": sorted(self.links[s]), "bridges_held": self.held[s],
            "pending_land": [{"tile": LAND_ID[t], "citizen": bool(k), "garbage": gb}
                             for t, k, gb in self.pend_land[s]],
            "pending_institutions": [TECH_ID[t] for t in self.pend_inst[s]],
            "set_aside_garbage": self.set_aside[s],
            "technologies": [{"id": TECH_ID[t], "used": t_used[t],
                              "used_this_maintenance": t_used_m[t]} for t in self.techs[s]],
            "income": {"coins": c, "science": sc, "vp": v},
            "pollution": self.pollution[s], "score": self.score[s], "won": self.won[s],
            "citizens_supply": self.cit_supply[s], "garbage": garbage,
            "clean_tiles": clean,
            "catastrophe_column": COL_LETTERS[col] if col >= 0 else None,
        }
        if holdings:
            d["coins"], d["science"] = self.coins[s], self.science[s]
        return d

    def _country_view(self, s: int) -> tuple[list, list, int, int]:
        """The country (cell by cell) and rail networks of seat ``s``'s view, with the garbage
        on its land tiles and how many of them are clean."""
        grid, g, cit = self.grid[s], self.garbage, self.cit
        SITE_LETTERS = self.K.SITE_LETTERS
        country = []
        garbage = clean = 0                     # over the land tiles of the country
        for cell in sorted(grid):
            v = grid[cell]
            code = v >> 2
            x, y = CELL_XY[cell]
            if code < N_LAND:
                gb = g[code]
                garbage += gb
                if not gb:
                    clean += 1
                country.append({"cell": cell, "x": x, "y": y, "rotation": ROT_DEG[v & 3],
                                "tile": LAND_ID[code], "garbage": gb,
                                "citizens": [k for site, k in SITE_LETTERS[code] if cit[site]]})
            else:
                country.append({"cell": cell, "x": x, "y": y, "rotation": ROT_DEG[v & 3],
                                "tech": TECH_ID[code - INST_BASE]})
        return country, [list(net) for net in self._networks(s)], garbage, clean

    def state_dict(self) -> dict[str, Any]:
        out = self.view(None)
        out.update(
            hidden={
                "land_piles": {p: [LAND_ID[t] for t in self.land_piles[i]]
                               for i, p in enumerate(LAND_PILE)},
                "tech_piles": {p: [TECH_ID[t] for t in self.tech_piles[i]]
                               for i, p in enumerate(TECH_PILE)},
                "catastrophe_stack": [CAT_ID[c] for c in self.cat_stack],
                "catastrophes_out": [CAT_ID[c] for c in self.cat_out],
                "land_out": [LAND_ID[t] for t in self.land_out],
                "tech_out": [TECH_ID[t] for t in self.tech_out],
                "coins": list(self.coins), "science": list(self.science)},
            rng=self.rng.fingerprint(), actions=self._n_actions,
            internal={k: getattr(self, k) for k in (
                "phase", "actor", "tile", "high", "high_seat", "last", "lone", "tech_ctx",
                "col_of", "bid_of", "occ", "mi", "pi", "sel", "sel_cell", "extra", "m_tech",
                "m_rem", "m_removed", "lifted", "p_nets", "p_cap", "bought", "held", "track",
                "marker", "cat")},
            links=[sorted(x) for x in self.links])
        return out

    @property
    def C(self) -> Any:
        """The game's parsed content (:class:`~.content.Content`)."""
        return self.K.C

    def record_options(self) -> dict[str, Any]:
        """The options as a record keeps them: a custom content's whole text is embedded
        (``{"source", "toml"}``), so the record replays where the file is not."""
        opts = dict(self.options)
        if self.K.custom:
            opts["content"] = record_value(self.K.origin, self.K.text)
        return opts

    def clone(self) -> SigloGame:
        g = object.__new__(SigloGame)
        d = g.__dict__
        d.update(self.__dict__)
        for k in _LISTS:
            d[k] = d[k][:]
        g.rng = self.rng.clone()
        return g

    def determinize(self, seat: int | None, seed: int) -> SigloGame:
        """Redraw what ``seat`` cannot see: the order of every face-down pile (its contents
        are deducible from the tiles already shown), which catastrophes lie in the stack and
        in which order (per label, keeping 2/2/1 and the label order; the removed cards are the
        rest), and the other seats' coins and science (ruling X10: drawn from what ``view(seat)``
        shows, never read from the true holdings; see ``_redraw_holdings``). Canonical: the
        world depends on ``view(seat)`` and ``seed`` only."""
        g = self.clone()
        rng = random.Random(seed)
        for piles in (g.land_piles, g.tech_piles):
            for i, pile in enumerate(piles):
                pile = sorted(pile)             # canonical: depends on view + seed only
                shuffle(rng, pile)
                piles[i] = pile
        cats = self.K.CATS
        unseen = list(g.cat_stack) + g.cat_out
        by_label: dict[str, list[int]] = {}
        for c in sorted(unseen):
            by_label.setdefault(cats[c].label, []).append(c)
        for cards in by_label.values():
            shuffle(rng, cards)
        stack = []
        for c in g.cat_stack:
            stack.append(by_label[cats[c].label].pop())
        g.cat_stack = tuple(stack)
        g.cat_out = [c for cards in by_label.values() for c in cards]
        if g.phase != PH_OVER:                  # at the end the holdings are public (XX-G16.1)
            g._redraw_holdings(seat, rng)
        g.rng = GameRandom(rng.getrandbits(32))
        g._legal = None
        return g

    def _redraw_holdings(self, seat: int | None, rng: random.Random) -> None:
        """Ruling X10: every seat but ``seat`` gets coins and science drawn from what
        ``view(seat)`` shows. Each amount is drawn around what seats in the same public position
        held in games of greedy bots (HOLDINGS: a line in the seat's income, tiles won this
        round, technologies, withdrawal and production, by round and decision point), normally
        with that line's spread (at least HOLDINGS_MIN_SPREAD), rounded, and never below the
        least the view proves: a standing high land bid in coins, a standing catastrophe bid in
        science (XX-G23.1: a bid never exceeds what is held), or 0. A seat on turn other than
        ``seat`` is known to have at least two choices (X7): draws that leave it fewer are drawn
        again, and after 20 tries it holds the bid cap (X2), which gives it every choice it could
        have."""
        n = self.n
        lo_c, lo_s = [0] * n, [0] * n
        if self.phase <= PH_SOLO and self.tile >= 0 and self.high_seat >= 0:
            lo_c[self.high_seat] = self.high
        if self.phase == PH_CAT:
            for occ in self.occ:
                if occ >= 0:
                    lo_s[occ] = self.bid_of[occ]
        lines = HOLDINGS.get((self.round, HOLDINGS_GROUP[self.phase])) or \
            HOLDINGS[(self.round, HOLDINGS_GROUP[PH_A])]
        gauss = rng.gauss
        for s in range(n):
            if s == seat:
                continue
            means = [sum([a * x for a, x in zip(line[:-1], f, strict=True)])
                     for line, f in zip(lines, holdings_features(self, s), strict=True)]
            spread_c, spread_s = (max(HOLDINGS_MIN_SPREAD, line[-1]) for line in lines)
            for _ in range(20):
                coins = round(gauss(means[0], spread_c))
                science = round(gauss(means[1], spread_s))
                self.coins[s] = coins if coins > lo_c[s] else lo_c[s]
                self.science[s] = science if science > lo_s[s] else lo_s[s]
                if s != self.actor or len(self._compute_legal()) > 1:
                    break
            else:
                self.coins[s] = max(lo_c[s], A.MAX_BID)
                self.science[s] = max(lo_s[s], A.MAX_BID)

    # ----- invariants (tests; not in the hot path) ----------------------------------------
    def _check_invariants(self) -> None:
        """The invariants of the engine brief: raise AssertionError when the state breaks one."""
        n, K = self.n, self.K
        C, TECH, SITES = K.C, K.TECH, K.SITES
        pending = [t for s in range(n) for t, _, _ in self.pend_land[s]]
        sel_land = [self.sel[0]] if self.sel is not None and self.sel[0] < N_LAND and \
            self.land_owner[self.sel[0]] < 0 else []
        placed = [t for s in range(n) for t in self.lands[s]]
        land = [t for p in self.land_piles for t in p] + self.land_display + pending + \
            sel_land + placed + self.land_out
        assert sorted(land) == list(range(N_LAND)), f"land tiles: {sorted(land)}"
        sel_inst = [self.sel[0] - INST_BASE] if self.sel is not None and \
            self.sel[0] >= N_LAND else []
        owned = [t for s in range(n) for t in self.techs[s]]
        tech = [t for p in self.tech_piles for t in p] + self.tech_display + owned + self.tech_out
        assert sorted(tech) == list(range(N_TECH)), f"technologies: {sorted(tech)}"
        cats = list(self.cat_stack) + ([self.cat] if self.cat >= 0 else []) + self.cat_used + \
            self.cat_out
        assert sorted(cats) == list(range(len(C.catastrophes))), f"catastrophes: {cats}"
        assert len(self.cat_out) == len(C.catastrophes) - sum(C.stack_per_label.values())
        bridges_placed = sum(len(x) for x in self.links)
        assert self.bridges_supply + sum(self.held) + bridges_placed == C.bridges, "bridges"
        assert min(self.held) >= 0 and self.bridges_supply >= 0
        for s in range(n):
            grid = self.grid[s]
            codes = sorted(v >> 2 for v in grid.values())
            insts = sorted(c - INST_BASE for c in codes if c >= N_LAND)
            lands = sorted(c for c in codes if c < N_LAND)
            assert lands == sorted(self.lands[s]), f"seat {s}: lands"
            placed_inst = [t for t in self.techs[s] if TECH[t].kind == "institution"
                           and t not in self.pend_inst[s] and t not in sel_inst]
            assert insts == sorted(placed_inst), f"seat {s}: institutions"
            assert ORIGIN_CELL in grid and connected(grid), f"seat {s}: country not connected"
            assert all(0 <= c < 225 for c in grid)
            on_sites = sum(self.cit[x] for t in self.lands[s] for x in SITES[t])
            on_pending = sum(k for _, k, _ in self.pend_land[s])
            if self.sel is not None and self.actor == s and self.sel[0] < N_LAND:
                on_pending += self.sel[1]
            lifted = 1 if self.lifted >= 0 and self.actor == s else 0
            total = on_sites + on_pending + self.cit_supply[s] + lifted
            assert total == C.country_citizens, f"seat {s}: {total} citizens"
            assert self.cit_supply[s] >= 0
            assert all(0 <= self.garbage[t] <= K.CAP for t in self.lands[s]), "garbage 0–CAP"
            assert P_MIN <= self.pollution[s] <= P_MAX, "pollution"
            assert self.coins[s] >= 0 and self.science[s] >= 0, "holdings"
            assert self.won[s] == sum(1 for _ in self.pend_land[s]) + \
                (1 if self.sel is not None and self.actor == s and self.sel[0] < N_LAND else 0) \
                or self.phase >= PH_CAT, f"seat {s}: k"
            for link in self.links[s]:
                a, b = divmod(link, 2)
                assert a in grid and (a + 15 if b else a + 1) in grid, "bridge off the country"
        for t in range(N_LAND):
            if self.land_owner[t] < 0:
                assert self.garbage[t] == 0, f"garbage on unplaced {LAND_ID[t]}"
                assert not any(self.cit[x] for x in SITES[t]), f"citizen on unplaced {t}"
        assert sum(1 for x in self.cit if x > 1) == 0, "one citizen per site"
        assert 0 <= self.marker <= 8, "marker"
        for s in range(n):                                      # XX-2.29: one per round
            assert len(self.techs[s]) <= min(self.round, LAST_ROUND - 1), "technologies"
            assert all(self.tech_owner[t] == s for t in self.techs[s]), "owner"
        placed_cols = [x for x in self.col_of if x >= 0]
        assert len(placed_cols) == len(set(placed_cols)), "one seat per column"
        assert (self.phase == PH_OVER) == (self.actor < 0), "exactly one start player / actor"
        assert 0 <= self.sp < n

    # ----- arranging a position (tests, teaching) -----------------------------------------
    def _arrange(self, setup: dict[str, Any]) -> None:
        from .arrange import arrange
        trial = self.clone()
        arrange(trial, setup)
        trial.cit_tok = tuple(object() for _ in range(self.n))  # citizens may have moved
        trial._legal = None
        self.__dict__.update(trial.__dict__)


# the tables above as functions: action name -> (handler, parameter); decision point -> legal
_HANDLER = {name: (getattr(SigloGame, fn), p) for name, (fn, p) in DISPATCH.items()}
_LEGAL_OF = tuple(getattr(SigloGame, LEGAL[ph]) if ph in LEGAL else None
                  for ph in range(PH_OVER + 1))

__all__ = ["SigloGame"]
