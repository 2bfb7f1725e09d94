"""Phase 4, citizen action (SOM-10.x, 11.x, 13.x, 15.2–15.8): who moves, each step onto a
card (revealing it, the urna, Spain), the card's effect and flag, and the GH's levies."""

from __future__ import annotations

from ludoteca.core.action import Action

from . import actions as A
from .common import (
    JUSTICIA,
    LEVY_NONE,
    LEVY_RECEPTA,
    LEVY_SUCESIONES,
    PH_COBRO,
    PH_MOVE,
    PH_SUFRAGIO,
    RET_GIVEBACK,
    SANIDAD,
    TYPE_CODES,
    URNA_FOR_CONSULTA,
    Events,
    T,
    event,
)
from .content import (
    EF_ATC,
    EF_ECO,
    EF_EPR,
    EF_IDS,
    EF_INICIO,
    EF_NONE,
    EF_SU,
    FLAG_CAT,
    FLAG_CODES,
    FLAG_ESP,
    FLAG_URNA,
    PIC_GENERALITAT,
    PIC_TODOS,
)

#: ``_step`` skips the effects for cards whose effect is one of the first three
assert max(EF_NONE, EF_INICIO, EF_ATC) < min(EF_ECO, EF_EPR, EF_IDS, EF_SU)


class MovementMixin:
    """Movers stepping over the map, the cards' effects and the levies they open."""

    __slots__ = ()

    # ----- phase 4: movement (SOM-10.x, 11.x, 13.x) ---------------------------------------
    def _begin_action(self, ev: Events) -> None:
        self.stage = 4
        n, gh = self.n, self.gh
        pic = self.K.FACE_PIC[self.face]
        if self.solo:
            movers, rule = [0], "SOM-18.8"
        elif pic == PIC_GENERALITAT:
            movers, rule = [gh], "SOM-10.1"
        elif pic == PIC_TODOS:
            movers, rule = [(gh + i) % n for i in range(n)], "SOM-10.3"
        else:
            movers, rule = [self.pic_seat[self.face - 1]], "SOM-10.2"
        if ev is not None:
            ev.append(event("accion", rule, {"movers": movers, "face": self.face}))
        self.movers = movers[1:]
        self._start_mover(movers[0], ev)

    def _start_mover(self, m: int, ev: Events) -> None:
        self.mover, self.steps, self.may_stop = m, 0, False
        cells = self.cells
        for c in self.K.NEIGH[self.cit[m]]:
            if cells[c] >= 0:
                self.phase, self.actor = PH_MOVE, m
                return
        if ev is not None:
            ev.append(event("sin_movimiento", "SOM-10.9", {"player": m,               # SOM-10.9
                                                          "cell": self.cit[m]}))
        self._mover_done(ev)

    def _mover_done(self, ev: Events) -> None:
        self.may_stop = False
        if self.movers:
            self._start_mover(self.movers.pop(0), ev)
        else:
            self._end_turn(ev, None)                                      # SOM-10.10

    def _step(self, cell: int, ev: Events) -> None:
        m, K = self.mover, self.K
        self.steps += 1
        card = self.cells[cell]
        up = self.up
        newly = not up[cell]
        fl = K.FLAG[card]
        card_id = None if ev is None else K.CARD_ID[card]   # (for the events only)
        if newly:                                                         # SOM-10.6
            up[cell] = True
            if ev is not None:
                ev.append(event("revelar", "SOM-10.6", {"player": m, "cell": cell,
                                                        "card": card_id,
                                                        "flag": FLAG_CODES[fl]}))
            if fl == FLAG_URNA:                                           # SOM-11.4–11.6
                up[cell] = False
                self.cells[cell] = -1
                self.pile.append(card)
                if ev is not None:
                    ev.append(event("urna", "SOM-11.4", {"player": m, "cell": cell,
                                                         "card": card_id,
                                                         "pile": len(self.pile),
                                                         "stays_on": self.cit[m]}))
                if len(self.pile) >= URNA_FOR_CONSULTA:                   # SOM-4.2
                    if ev is not None:
                        ev.append(event("consulta", "SOM-4.2", {"player": m}))
                    self._finish("consulta", ev)
                    return
                self._mover_done(ev)
                return
            if fl == FLAG_ESP:                                            # SOM-11.7
                self._spain(cell, ev)
                return
        cit = self.cit
        if ev is not None:
            ev.append(event("paso", "SOM-10.7", {"player": m, "from_cell": cit[m],
                                                 "cell": cell, "card": card_id}))
        cit[m] = cell
        eff = K.EFFECT[card]
        if eff <= EF_ATC:                       # no effect on a step (most cards)
            pass
        elif eff == EF_ECO and newly:                                     # SOM-13.1–13.3
            hv = self.value(self.H)
            payout = K.ECO_PAYOUT
            if hv < payout:
                if ev is not None:
                    ev.append(event("dui", "SOM-13.3", {"player": m, "due": payout,
                                                        "hisenda": hv}))
                self._finish("dui", ev, causer=m)
                return
            got, over = self._hisenda_pays(m, payout)
            if ev is not None:
                ev.append(event("capacidad_economica", "SOM-13.1", {
                    "player": m, "value": payout + over, "disks": [TYPE_CODES[t] for t in got],
                    "amount": payout + over, "counterpart": None, "surplus": int(over)}))
            if over and self.count(m, 1):                                 # SOM-14.9
                self._start_payment(m, self.H, 1, "SOM-14.9", RET_GIVEBACK, "devolucion", ev)
                return
        elif (eff == EF_EPR or eff == EF_IDS) and self.pm and m == self.gh:
            if self._open_levy(eff, ev):
                return
        elif eff == EF_SU and self.part:                                  # SOM-16.2, 16.3
            if ev is not None:
                ev.append(event("sufragio", "SOM-16.2", {"player": m, "gh": self.gh}))
            self._set(PH_SUFRAGIO, m)
            return
        # _flag_step, inline (the card under the mover is this one)
        if fl == FLAG_CAT:                                                # SOM-11.1, 11.2
            max_steps = self.max_steps
            if max_steps and self.steps >= max_steps:                     # G12 (not a rule)
                if ev is not None:
                    ev.append(event("parada", "SOM-11.2", {"player": m, "cell": cell,
                                                           "max_steps": max_steps}))
                self._mover_done(ev)
                return
            self.may_stop = True                # (phase and actor: still PH_MOVE, m)
            return
        if ev is not None:
            ev.append(event("parada", "SOM-11.3" if fl != FLAG_ESP else "SOM-11.8",
                            {"player": m, "cell": cell}))
        self._mover_done(ev)

    def _flag_step(self, ev: Events) -> None:
        m = self.mover
        cell = self.cit[m]
        fl = self.K.FLAG[self.cells[cell]]
        if fl == FLAG_CAT:                                                # SOM-11.1, 11.2
            if self.max_steps and self.steps >= self.max_steps:           # G12 (not a rule)
                if ev is not None:
                    ev.append(event("parada", "SOM-11.2", {"player": m, "cell": cell,
                                                           "max_steps": self.max_steps}))
                self._mover_done(ev)
                return
            self.may_stop = True
            self._set(PH_MOVE, m)
            return
        if ev is not None:
            ev.append(event("parada", "SOM-11.3" if fl != FLAG_ESP else "SOM-11.8",
                            {"player": m, "cell": cell}))
        self._mover_done(ev)

    # ----- levies (SOM-15.2–15.8) ---------------------------------------------------------
    def _succession_max(self, s: int) -> int:
        C = self.K.C
        return min(A.MAX_AMOUNT, self.value(s) * C.levy_num // C.levy_den)

    def _open_levy(self, eff: int, ev: Events) -> bool:
        gh, n, h = self.gh, self.n, self.hold
        if eff == EF_EPR:
            k = h[gh * T + SANIDAD]
            least = self.K.C.levy_min_value
            if self.used_recepta or not k or not any(
                    s != gh and self.value(s) >= least for s in range(n)):
                return False
            self.levy, self.levy_k, self.levy_chosen = LEVY_RECEPTA, k, []
        else:
            if self.used_sucesiones or not h[gh * T + JUSTICIA] or not any(
                    s != gh and self._succession_max(s) >= 1 for s in range(n)):
                return False
            self.levy, self.levy_target = LEVY_SUCESIONES, -1
        if ev is not None:
            ev.append(event("cobro", "SOM-15.5" if eff == EF_EPR else "SOM-15.2",
                            {"player": gh, "levy": "recepta" if eff == EF_EPR else "sucesiones",
                             "k": self.levy_k if eff == EF_EPR else 1}))
        self._set(PH_COBRO, gh)
        return True

    def _cobro_legal(self) -> list[Action]:
        gh, n = self.gh, self.n
        if self.levy == LEVY_RECEPTA:
            out = []
            if len(self.levy_chosen) < self.levy_k:                       # SOM-15.5–15.7
                least = self.K.C.levy_min_value
                out = [A.RECEPTA_A[s] for s in range(n) if s != gh and s not in
                       self.levy_chosen and self.value(s) >= least]
            return out + [A.A_NO_LEVY]
        if self.levy_target < 0:
            out = [A.SUCESIONES_A[s] for s in range(n)
                   if s != gh and self._succession_max(s) >= 1]
        else:
            top = self._succession_max(self.levy_target)
            out = [A.AMOUNT_A[a] for a in range(1, top + 1)]
        return out + [A.A_NO_LEVY]

    def _cobro_continue(self, ev: Events) -> None:
        if len(self._cobro_legal()) > 1:
            self._set(PH_COBRO, self.gh)
        else:
            self._end_levy(ev)

    def _end_levy(self, ev: Events) -> None:
        if self.levy == LEVY_RECEPTA:
            self.used_recepta = True
        else:
            self.used_sucesiones = True
        self.levy, self.levy_k, self.levy_target, self.levy_chosen = LEVY_NONE, 0, -1, []
        self._flag_step(ev)
