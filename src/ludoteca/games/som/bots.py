"""The greedy bot for «Som el que decidim!». It reads only ``view(seat)`` (from a
:class:`SomGame` its ``own_view(seat)``: the view without the keys the bot never reads) and
``legal_actions(seat)`` (plus the game's public content, ``game.K``: map, card list, amounts),
never hidden state: no face-down card, no type on Hisenda, no bid before the reveal.

Policy, one decision at a time — cooperative first, competitive second:
- pay with the disk it needs least (2 € disks for 2 € debts, so 1 € disks stay for 1 € taxes;
  in mode B keep interior, sanidad and justicia disks);
- as the Generalitat in phase 3, first give disks to every citizen who could not pay next
  turn's tax; then, above a reserve, give disks where they earn the most participation disks;
  in mode B make the exchanges that bring interior/sanidad disks when the target can afford it;
- move towards face-down cards while revealing is worth the risk (urna cards and economic
  capacity against Spain cards, weighed by what a Spain event would take back), and stop on a
  Catalunya card when it is not; never wander more than a few steps; under high centralism
  turn a card out of line with the face-up Spain cards when it can (SOM-12.6);
- in a Spain event, protect urna cards with the interior disks of whoever can spare them;
- levy only on citizens who stay able to pay; decline votes; bid nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ludoteca.core.action import Action
from ludoteca.core.game import Game

from . import actions as A
from .common import EXCHANGES, TYPE_CODES, URNA_FOR_CONSULTA, VAL
from .state import SomGame
from .tables import Tables, default_tables

# what every valid content shares (the schema's validators enforce it): the disk types and
# their values (SOM-1.8–1.10), the exchanges (SOM-15.9–15.12), 4 urna and 4 Spain cards
# (SOM-1.2), 3 capacitat_economica symbols (SOM-1.4)
VALUE = dict(zip(TYPE_CODES, VAL, strict=True))
# how much the bot wants to keep a disk type (mode B powers); higher = keep
KEEP = {"mossos": 5, "bomberos": 4, "sanidad": 3, "justicia": 3, "educacion": 1,
        "vias": 1, "carreteras": 1, "bosques": 1, "energias": 1, "vivienda": 1}
N_URNA = URNA_FOR_CONSULTA
N_SPAIN = 4
N_ECO = 3
MAX_WANDER = 8


def _type_of(action: Action) -> str:
    return action.name.split("-", 1)[1]


class SomGreedyAgent:
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self.K: Tables = default_tables()         # the content of the game being played

    # ----- what the table looks like ------------------------------------------------------
    def need(self, view: dict[str, Any], s: int, atc: bool | None = None) -> int:
        """What seat ``s`` must pay in the next turn's phase 1 (rotation assumed); ``atc``:
        :meth:`atc_seen` of ``view`` (None: looked up)."""
        n, C = view["players_n"], self.K.C
        if atc is None:
            atc = self.atc_seen(view)
        if n == 1:
            return C.tax_solo_atc if atc else C.tax_solo
        nxt = (view["gh"] + 1) % n
        if s == nxt:
            return C.tax_atc_gh if atc else C.tax_citizen + C.tax_solidarity
        return C.tax_atc_citizen if atc else C.tax_citizen

    def atc_seen(self, view: dict[str, Any]) -> bool:
        """Whether ATC is active or face up (the taxes of the next turn are ATC's)."""
        if view["atc_active"]:
            return True
        atc_id = self.K.ATC_ID
        return any(c["card"]["id"] == atc_id for c in view["cells"] if "card" in c)

    def reveal_value(self, view: dict[str, Any]) -> float:
        """Expected worth of turning one face-down card (in rough € units)."""
        return self._scan(view)[0]

    def distance_to_hidden(self, cells: list[dict[str, Any]]) -> dict[int, int]:
        """Steps from each face-up Catalonia card to the nearest face-down card, walking
        over face-up Catalonia cards (the only ones that let a citizen go on)."""
        frontier = [i for i, c in enumerate(cells) if c["estado"] == "oculta"]
        walkable = [c["estado"] == "visible" and c["card"]["flag"] == "catalunya"
                    for c in cells]
        return self._distances(frontier, walkable)

    def _scan(self, view: dict[str, Any]) -> tuple[float, list[int], list[bool]]:
        """One pass over the map: :meth:`reveal_value`, the face-down cells and the cells a
        citizen walks on (face-up Catalonia cards), for :meth:`_distances`."""
        hidden: list[int] = []
        walkable: list[bool] = []
        spain_up = eco_up = cat_up = atc = 0
        atc_id = self.K.ATC_ID
        for i, c in enumerate(view["cells"]):
            state = c["estado"]
            if state == "oculta":
                hidden.append(i)
                walkable.append(False)
            elif state == "visible":
                card = c["card"]
                flag = card["flag"]
                if flag == "espanya":
                    spain_up += 1
                elif flag == "catalunya":
                    cat_up += 1
                walkable.append(flag == "catalunya")
                if card.get("symbol") == "capacitat_economica":
                    eco_up += 1
                if card["id"] == atc_id:
                    atc = 1
            else:
                walkable.append(False)
        if not hidden:
            return -1.0, hidden, walkable
        spain = max(0, N_SPAIN - spain_up)
        urna = max(0, N_URNA - len(view["urna"]))
        eco = max(0, N_ECO - eco_up)
        atc = 1 - atc
        cat_up -= 1                                                           # CN stays
        at_stake = 2 + 8 * len(view["urna"]) + 0.5 * max(0, cat_up) + 4 * (1 - atc)
        gain = 10 * urna + 3 * eco + 5 * atc
        return (gain - spain * at_stake) / len(hidden), hidden, walkable

    def _distances(self, frontier: list[int], walkable: list[bool],
                   asked: frozenset[int] | None = None) -> dict[int, int]:
        """:meth:`distance_to_hidden` from the face-down cells ``frontier`` over the cells
        ``walkable`` (changed: each is cleared once reached); with ``asked``, only until every
        cell in it is reached (a cell reached later would be farther: no other changes)."""
        neighbours = self.K.NEIGH
        dist: dict[int, int] = {}
        left = len(asked) if asked is not None else -1
        level = 0
        while frontier:
            nxt = []
            for i in frontier:
                for x in neighbours[i]:
                    if walkable[x]:               # not yet reached (face-down: never)
                        walkable[x] = False
                        dist[x] = level
                        nxt.append(x)
                        if left > 0 and x in asked:
                            left -= 1
            if not left:
                break
            frontier, level = nxt, level + 1
        return dist

    # ----- choosing -----------------------------------------------------------------------
    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        self.K = game.K
        # the game's own_view: its view(seat) without what the bot never reads
        view = game.own_view(seat) if isinstance(game, SomGame) else game.view(seat)
        phase = view["phase"]
        if phase == "pago":
            return self._pay(view, seat, legal)
        if phase == "cambio":
            return min(legal, key=lambda a: (KEEP[_type_of(a)], A.ACTION_ID[a]))
        if phase == "cohesion":
            return self._cohesion(view, seat, legal)
        if phase == "movimiento":
            return self._move(view, seat, legal)
        if phase == "cobro":
            return self._levy(view, seat, legal)
        if phase == "proteccion":
            return self._protect(view, seat, legal)
        if phase == "sufragio":
            return next(a for a in legal if a.name == A.DECLINE)
        if phase == "declaracion":
            names = {a.name: a for a in legal}
            if A.ABSTAIN in names:
                return names[A.ABSTAIN]
            return next((a for a in legal if a.arg == seat), legal[0])
        if phase == "gobernador":
            return next((a for a in legal if a.arg == seat), legal[0])
        if phase == "votacion":
            return legal[0]                       # bid 0: participation disks are the score
        return legal[0]

    def _pay(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        due = view["payment"]["due"]

        def key(a: Action) -> tuple:
            v = VALUE[_type_of(a)]
            exact = v <= due
            return (not exact, -v if exact else v, KEEP[_type_of(a)], A.ACTION_ID[a])
        return min(legal, key=key)

    def _cohesion(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        players = view["players"]
        gives = [a for a in legal if a.name.startswith(A.GIVE_PREFIX)]
        swaps = [a for a in legal if a.name.startswith(A.SWAP_PREFIX)]
        end = next(a for a in legal if a.name == A.END)
        mine = players[seat]["value"]
        atc = self.atc_seen(view)
        my_need = self.need(view, seat, atc)

        def gift(to: int, want: int) -> Action | None:
            cands = [a for a in gives if a.arg == to]
            if not cands:
                return None
            fit = [a for a in cands if VALUE[_type_of(a)] <= max(want, 1)] or cands
            return min(fit, key=lambda a: (-VALUE[_type_of(a)], KEEP[_type_of(a)],
                                           A.ACTION_ID[a]))

        # 1) nobody must be left unable to pay next turn (cooperation first)
        short = sorted((self.need(view, p["seat"], atc) - p["value"], p["seat"])
                       for p in players if p["seat"] != seat and
                       p["value"] < self.need(view, p["seat"], atc))
        for deficit, s in reversed(short):
            a = gift(s, deficit)
            if a is not None and mine - VALUE[_type_of(a)] >= my_need:
                return a
        # 2) mode B exchanges that bring powers the table needs, if the target can afford it
        for a in swaps:
            x = EXCHANGES[A.PAIRS.index(a.name[len(A.SWAP_PREFIX):])]
            take = TYPE_CODES[x.take]
            cost_me = 2 * VALUE[TYPE_CODES[x.pair]] - VALUE[take]
            target = players[a.arg]
            loss = VALUE[take] - VALUE[TYPE_CODES[x.pair]]
            if KEEP[take] >= 3 and target["value"] - loss >= self.need(view, a.arg, atc) + 1 and \
                    mine - cost_me >= my_need + 2:
                return a
        # 3) participation: spend what is above a reserve where it earns the most
        reserve = my_need + 2
        pool = view["cn"]["pd"]
        best: tuple | None = None
        for a in gives:
            v = VALUE[_type_of(a)]
            if mine - v < reserve:
                continue
            target = players[a.arg]
            earned = min(v, target["pd"] + pool)
            if earned <= 0:
                continue
            score = (earned / v, target["pd"], -target["value"], -KEEP[_type_of(a)])
            if best is None or score > best[0]:
                best = (score, a)
        if best is not None:
            return best[1]
        return end

    def _move(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        cells = view["cells"]
        stop = next((a for a in legal if a.name == A.STOP), None)
        if stop is not None and view["steps"] >= MAX_WANDER:
            return stop
        reveal, hidden, walkable = self._scan(view)
        me_gh = view["gh"] == seat
        powers = view["mode"] in ("B", "C") and view["players_n"] > 1
        mine = view["players"][seat]["disks"]
        distance: dict[int, int] | None = None     # distance_to_hidden, when first needed

        def score(a: Action) -> float:
            nonlocal distance
            c = cells[a.arg]
            if c["estado"] == "oculta":
                # revealing is the only way to the consulta: never stall for ever
                return max(reveal, 0.05)
            card = c["card"]
            if card["flag"] == "catalunya":
                lv = self.K.LEVY_IDS.get(card["id"])
                if lv and me_gh and powers and not view["levies_used"][lv] and \
                        mine.get("sanidad" if lv == "recepta" else "justicia"):
                    return 2.0
                # a step towards the nearest face-down card, worth less than revealing now
                if distance is None:          # only as far as the steps asked about
                    distance = self._distances(hidden, walkable, frozenset(
                        m.arg for m in moves if walkable[m.arg]))
                d = distance.get(a.arg)
                return 0.5 * max(reveal, 0.05) / (1 + d) if d is not None else -0.1
            # a world or face-up Spain card stops the citizen: worth it only next to a
            # face-down card (revealed next time this citizen moves)
            neighbours = self.K.NEIGH
            near = any(cells[x]["estado"] == "oculta" for x in neighbours[a.arg])
            return 0.01 if near else -0.5
        moves = [a for a in legal if a.name == A.MOVE]
        if not moves:
            return stop if stop is not None else legal[0]
        scores = [score(a) for a in moves]
        top = max(scores)
        if stop is not None and top <= 0:
            return stop
        best = [a for a, v in zip(moves, scores, strict=True) if v == top]
        if view["centralism"] == "elevado":
            best = self.out_of_line(cells, best)
        return self._rng.choice(best)

    @staticmethod
    def out_of_line(cells: list[dict[str, Any]], moves: list[Action]) -> list[Action]:
        """Under high centralism a Spain card turned stays face up, out of the way, unless a
        face-up Spain card shares its row or column: then both go back under the map
        (SOM-12.6). So among equally good face-down cards, those out of line with every
        face-up Spain card (all of ``moves`` if none is)."""
        spain = [(c["r"], c["c"]) for c in cells
                 if c["estado"] == "visible" and c["card"]["flag"] == "espanya"]
        free = [a for a in moves if cells[a.arg]["estado"] == "oculta" and
                not any(r == cells[a.arg]["r"] or col == cells[a.arg]["c"] for r, col in spain)]
        return free or moves

    def _levy(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        players = view["players"]
        no = next(a for a in legal if a.name == A.NO_LEVY)
        amounts = [a for a in legal if a.name == A.AMOUNT]
        atc = self.atc_seen(view)
        if amounts:
            target = players[view["levy"]["target"]]
            room = target["value"] - self.need(view, target["seat"], atc) - 1
            ok = [a for a in amounts if a.arg <= room]
            return max(ok, key=lambda a: a.arg) if ok else no
        cands = [a for a in legal if a.name in (A.RECEPTA, A.SUCESIONES)
                 and players[a.arg]["value"] - self.need(view, a.arg, atc) >= 2]
        if not cands:
            return no
        return max(cands, key=lambda a: (players[a.arg]["value"], -a.arg))

    def _protect(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        players = view["players"]
        collect = next(a for a in legal if a.name == A.COLLECT)
        atc = self.atc_seen(view)
        cands = [a for a in legal if a.name in (A.PROTECT_M, A.PROTECT_B)
                 and players[a.arg]["value"] - 2 >= self.need(view, a.arg, atc)]
        if not cands:
            return collect
        return max(cands, key=lambda a: (players[a.arg]["value"], a.name == A.PROTECT_B))


#: this game's own program players, by agent name: ``factory(seed)``. The game's
#: ``GameInfo.bots`` names this module; ``ludoteca.agents`` reads it on first use.
AGENTS: dict[str, Callable[..., Any]] = {"greedy": lambda seed: SomGreedyAgent(seed)}
