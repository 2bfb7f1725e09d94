"""Arranging a position for tests and teaching: cards, urna pile, faces, citizens, disks,
participation, GH, turn and phase, all checked and applied all or nothing."""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import InvalidOption
from ludoteca.core.events import Event

from .common import (
    NC,
    PD_TOTAL,
    PH_COHESION,
    PH_ROLL,
    TYPE_CODES,
    URNA_FOR_CONSULTA,
    T,
)
from .common import cell_of as _cell_of
from .content import FLAG_URNA


class ArrangeMixin:
    """Game.arrange's hook: set up a position from a plain description."""

    __slots__ = ()

    # ----- arranging a position (tests, teaching) -----------------------------------------
    def _arrange(self, setup: dict[str, Any]) -> None:
        """Keys (all optional): ``cells`` {cell: card id} (the card is swapped in, with its
        face state), ``pile`` [urna ids] (taken off the map into the urna pile, their cells
        empty), ``face_up`` [cells] or {cell: bool}, ``citizens`` {seat: cell} (default: all
        on CN), ``disks`` {seat: {type: n} or [types]}, ``hisenda`` {type: n} (default: the
        rest), ``pd`` {seat: n}, ``pd_cn`` n (default: the rest of 12), ``gh`` seat, ``turn``
        turns already played, ``phase`` tributacion (default) | transferencia | cohesion |
        accion, ``face`` 1–6 (with cohesion / accion). The turn then starts afresh at that
        phase. All or nothing: a bad arrangement raises InvalidOption and changes nothing."""
        trial = self.clone()
        trial._arrange_in_place(setup)
        for name in self.__slots__:             # every slot of SomGame (mixins add none)
            setattr(self, name, getattr(trial, name))

    def _arrange_in_place(self, setup: dict[str, Any]) -> None:
        n, H, K = self.n, self.H, self.K
        C, CARD_ID, FLAG, TYPE_COUNTS = K.C, K.CARD_ID, K.FLAG, K.TYPE_COUNTS

        def cell_of(x: Any) -> int:
            return _cell_of(x, K.RC)

        known = {"cells", "pile", "face_up", "citizens", "disks", "hisenda", "pd", "pd_cn",
                 "gh", "turn", "phase", "face"}
        unknown = set(setup) - known
        if unknown:
            raise InvalidOption(f"som: unknown arrangement {sorted(unknown)}; allowed: "
                                f"{sorted(known)}")

        def seat(x: Any) -> int:
            try:
                x = int(x)
            except (TypeError, ValueError):
                raise InvalidOption(f"som: {x!r} is not a seat") from None
            if not 0 <= x < n:
                raise InvalidOption(f"som: seat {x} does not exist (0 to {n - 1})")
            return x

        def card(x: Any) -> int:
            if x not in C.card_index:
                raise InvalidOption(f"som: {x!r} is not a card id; ids: "
                                    f"{', '.join(CARD_ID)}")
            return C.card_index[x]

        def type_counts(x: Any, what: str) -> list[int]:
            counts = [0] * T
            items = x.items() if isinstance(x, dict) else ((t, 1) for t in x) \
                if isinstance(x, list) else None
            if items is None:
                raise InvalidOption(f"som: {what} must be {{type: count}} or [types]")
            for code, k in items:
                if code not in TYPE_CODES:
                    raise InvalidOption(f"som: {what}: {code!r} is not a disk type; types: "
                                        f"{', '.join(TYPE_CODES)}")
                if not isinstance(k, int) or k < 0:
                    raise InvalidOption(f"som: {what}: count of {code} must be >= 0")
                counts[TYPE_CODES.index(code)] += k
            return counts

        self.hold = list(self._pre)                 # before the first turn's taxes
        self._result = None
        self.is_over = False                        # (``_finish`` sets it again)
        self.cn_flipped = self.hisenda_flipped = False
        cells, up = self.cells, self.up
        self.deal, self.deals = [0] * NC, 0        # an arranged map counts as one deal
        for k, cid in (setup.get("cells") or {}).items():
            c, x = cell_of(k), card(cid)
            if x in self.pile:
                raise InvalidOption(f"som: card {cid} is in the urna pile")
            d = cells.index(x)
            cells[c], cells[d] = cells[d], cells[c]
            up[c], up[d] = up[d], up[c]
        if "pile" in setup:
            new = [card(x) for x in setup["pile"]]
            if len(set(new)) != len(new) or any(FLAG[x] != FLAG_URNA for x in new) or \
                    len(new) >= URNA_FOR_CONSULTA or not set(self.pile) <= set(new):
                raise InvalidOption(f"som: pile must list distinct urna cards (fewer than "
                                    f"{URNA_FOR_CONSULTA}), including those already there")
            for x in new:
                if x in cells:
                    d = cells.index(x)
                    cells[d], up[d] = -1, False
            self.pile = new
        fu = setup.get("face_up") or {}
        for k, v in (fu.items() if isinstance(fu, dict) else ((c, True) for c in fu)):
            c = cell_of(k)
            if cells[c] < 0:
                raise InvalidOption(f"som: cell {c} is empty")
            if FLAG[cells[c]] == FLAG_URNA and v:
                raise InvalidOption("som: an urna card is never face up on the map (SOM-11.4)")
            up[c] = bool(v)
        self.cn_cell = cells.index(K.CN_CARD)
        if not up[self.cn_cell]:
            raise InvalidOption("som: Concentració nacional is always face up (SOM-2.7)")
        self.cit = [self.cn_cell] * n
        for k, v in (setup.get("citizens") or {}).items():
            c = cell_of(v)
            if cells[c] < 0:
                raise InvalidOption(f"som: citizen {k} cannot stand on empty cell {c}")
            self.cit[seat(k)] = c
        given = {seat(k): type_counts(v, f"disks of seat {k}")
                 for k, v in (setup.get("disks") or {}).items()}
        for s, counts in given.items():
            self.hold[s * T:(s + 1) * T] = counts
        if "hisenda" in setup:
            self.hold[H * T:(H + 1) * T] = type_counts(setup["hisenda"], "hisenda")
        else:
            for t in range(T):
                self.hold[H * T + t] = TYPE_COUNTS[t] - sum(self.hold[s * T + t]
                                                            for s in range(n))
        for t in range(T):
            if sum(self.hold[o * T + t] for o in range(n + 1)) != TYPE_COUNTS[t] or \
                    self.hold[H * T + t] < 0:
                raise InvalidOption(f"som: there are {TYPE_COUNTS[t]} {TYPE_CODES[t]} disks in "
                                    f"all (SOM-1.9, 1.10); the arrangement does not add up")
        self._pre = tuple(self.hold)                # a later arrange() starts from here
        for k, v in (setup.get("pd") or {}).items():
            if not isinstance(v, int) or v < 0:
                raise InvalidOption("som: pd counts must be whole numbers >= 0")
            self.pd[seat(k)] = v
        self.pd[H] = setup.get("pd_cn", PD_TOTAL - sum(self.pd[:n]))
        if not isinstance(self.pd[H], int) or self.pd[H] < 0 or sum(self.pd) != PD_TOTAL:
            raise InvalidOption(f"som: there are {PD_TOTAL} participation disks in all "
                                f"(SOM-1.11); the arrangement does not add up")
        if "gh" in setup:
            self.gh = seat(setup["gh"])
        if "turn" in setup:
            t = setup["turn"]
            if not isinstance(t, int) or t < 0:
                raise InvalidOption("som: turn must be a whole number >= 0")
            self.turn = t
        phase = setup.get("phase", "tributacion")
        face = setup.get("face")
        if face is not None and not (isinstance(face, int) and 1 <= face <= 6):
            raise InvalidOption("som: face must be 1 to 6")
        if phase in ("cohesion", "accion") and face is None:
            raise InvalidOption(f"som: phase {phase} needs the kept die face (face 1–6)")
        if face is not None and not self.solo and K.FACE_PIC[face] >= 0 and \
                self.pic_seat[face - 1] < 0:
            raise InvalidOption(f"som: face {face} shows a colour not in play (SOM-17.2)")
        self._legal = self._down = None
        ev: list[Event] = []
        if phase == "tributacion":
            self._begin_turn(ev)
        elif phase in ("transferencia", "cohesion", "accion"):
            self._reset_turn()
            self.atc_active = self._atc_up()
            if phase == "transferencia":
                self.stage = 2
                self._set(PH_ROLL, self.gh)
            elif phase == "cohesion":
                if self.solo:
                    raise InvalidOption("som: there is no phase 3 in a solo game (SOM-9.10)")
                self.face, self.stage = face, 3
                self._set(PH_COHESION, self.gh)
            else:
                self.face = face
                self._begin_action(ev)
        else:
            raise InvalidOption(f"som: phase must be tributacion, transferencia, cohesion or "
                                f"accion; got {phase!r}")
        try:
            self._check_invariants()
        except AssertionError as exc:
            raise InvalidOption(f"som: arrangement breaks an invariant: {exc}") from None
