"""What a seat may see (``view``) and the whole state (``state_dict``).

Public: everything on the table. Never in a view: the order or identity of face-down cards
(investment decks, events), the set-aside events, and another seat's pending simultaneous
choice (D4, D6, merma) before the reveal — others see only ``done``.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import InvalidOption

from .common import (
    NT,
    PROD,
    PT,
    RES,
    S_D1C,
    S_D4,
    S_D6,
    S_MERMA,
    S_OVER,
    SIMULTANEOUS,
    STAGE_DISTRICT,
    STAGE_NAMES,
    C,
    ptriple,
    triple,
)

SPACE = ("ch", "d", "e", "idea")


class ViewMixin:
    """Mixed into ElplanGame."""

    def _phase_name(self) -> str:
        st = self.stage
        if st == S_OVER:
            return "fin"
        if st == S_MERMA:
            return "resumen"
        return "oportunidad" if STAGE_DISTRICT[st] == 0 else "recorrido"

    def _target_view(self, s: int, N: int) -> dict[str, Any]:
        spaces, mn = self.tinfo[s][N]
        b = (s * NT + N) * 3
        out: dict[str, Any] = {
            "n": N, "id": self._target_id(s, N),
            "spaces": [{"type": RES[spaces[i]],
                        "token": None if self.sp[b + i] < 0 else SPACE[self.sp[b + i]]}
                       for i in range(len(spaces))],
            "min_tokens": mn, "tokens": self._tok(s, N), "active": self._active(s, N),
            "active_since": None if self.since[s * NT + N] < 0 else self.since[s * NT + N]}
        if N < 2:
            out["kind"] = "proceso"
            out["process"] = PT[C.plans[self.plans[s]].processes[N][0]]
        else:
            card = self.cat[N - 2]
            out.update(kind="inversion", name=card.name, name_en=card.name_en,
                       deck=card.deck, effect=card.kind)
            if N == self.lab_n:
                out["pick"] = None if self.lab[s] < 0 else PT[self.lab[s]]
            if self.named[s] == N:
                out["named"] = True
            if N == self.ext_n and self.named[s] >= 0:
                out["naming"] = self._target_id(s, self.named[s])
        if out["active"]:
            out["processes"] = [PT[x] for x in self._procs(s, N)]
        return out

    def _player_view(self, s: int, seat: int | None) -> dict[str, Any]:
        plan = C.plans[self.plans[s]]
        b = 3 * s
        st = self.stage
        out: dict[str, Any] = {
            "seat": s, "name": self.names[s], "plan": plan.id, "plan_type": PROD[plan.type],
            "second_product": PROD[plan.second], "cannot_make": PROD[plan.missing],
            "idle": triple(self.idle[b:b + 3]), "ideas_idle": self.ideas[s],
            "ideas": self._ideas_total(s), "hand": ptriple(self.hand[b:b + 3]),
            "tienda": ptriple(self.tienda[b:b + 3]), "credit": bool(self.credit[s]),
            "square": None if self.square[s] < 0 else C.squares[self.square[s]].id,
            "mc": s == self.mc,
            "targets": [self._target_view(s, N) for N in range(self.ntg)
                        if N < 2 or self.own[s * NT + N]],
            "trios": self._trios(s),
            "period": {"bought": bool(self.bought[s]), "returned": bool(self.returned[s]),
                       "affected": bool(self.affected[s]), "bought_type":
                       None if self.buy_t[s] < 0 else PROD[self.buy_t[s]],
                       "sold_type": None if self.sell_t[s] < 0 else PROD[self.sell_t[s]],
                       "sold": self.sold_n[s], "d5_discount_used": bool(self.disc_used[s])}}
        if st in SIMULTANEOUS and st != S_OVER:
            out["decides"] = bool(self.need[s])
            out["done"] = bool(self.done[s])
            if seat == s and self.need[s]:
                out["pending"] = self._own_pending(s)
        if st == S_D4:
            p = self.pool[4 * s:4 * s + 4]
            out["processes"] = {"a": p[0], "b": p[1], "c": p[2], "any": p[3]}
        return out

    def _own_pending(self, s: int) -> dict[str, Any]:
        st = self.stage
        if st == S_D4:
            r = self.rem[4 * s:4 * s + 4]
            return {"made": ptriple(self.made[3 * s:3 * s + 3]),
                    "left": {"a": r[0], "b": r[1], "c": r[2], "any": r[3]}}
        if st == S_D6:
            return {"resource": None if self.pick[s] < 0 else RES[self.pick[s]],
                    "repay": bool(self.repay[s])}
        return {"keep": None if self.keep[s] < 0 else PROD[self.keep[s]]}

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < n):
            raise InvalidOption(f"seat must be 0 to {n - 1} or None; got {seat!r}")
        st = self.stage
        decks = []
        for d in range(3):
            decks.append({
                "deck": d, "id": C.raw["decks"][d]["id"], "face_down": len(self.fd[d]),
                "under": [self.cat[k].id for k in self.under[d]],
                "boxed": [self.cat[k].id for k in self.boxed[d]],
                "offers": [None if self.offers[3 * d + o] < 0 else
                           {"slot": 3 * d + o, "card": self.cat[self.offers[3 * d + o]].id,
                            "age": self.age[3 * d + o]} for o in range(self.opt_n)]})
        e = None if self.ev_cur < 0 else C.events[self.ev_cur]
        out: dict[str, Any] = {
            "game": "elplan", "seat": seat, "players_n": n, "tutorial": self.tutorial,
            "level": self.level, "period": self.period, "periods": self.last_period(),
            "phase": self._phase_name(), "district": STAGE_DISTRICT[st] or None,
            "step": STAGE_NAMES[st], "mc": self.mc, "to_move": list(self.to_move),
            "actor": self.actor if st not in SIMULTANEOUS and st != S_OVER else None,
            "players": [self._player_view(s, seat) for s in range(n)],
            "market": ptriple(self.market), "subsidies": list(self.subs),
            "squares": [{"index": q, "id": C.squares[q].id,
                         "seat": None if self.sq[q] < 0 else self.sq[q],
                         "usable": self._square_usable(q)} for q in self.usable],
            "decks": decks, "decks_live": self.decks_live,
            "events": {"face_down": len(self.ev_fd), "set_aside": len(self.ev_aside),
                       "current": None if e is None else e.id,
                       "current_category": None if e is None else e.category,
                       "under": [C.events[x].id for x in self.ev_under],
                       "removed": [C.events[x].id for x in self.ev_removed]},
            "credit_supply": self.credit_supply,
            "modifiers": {"market_price": list(self.price_m), "import_price": list(self.price_i),
                          "no_imports": [bool(x) for x in self.no_imp],
                          "sale_bonus": list(self.sbonus), "export_subsidy": self.exp_sub,
                          "exports": self.exports, "rfid_paid": self.rfid_paid},
            "constraints": sorted(self.cons),
            "result": self._result.to_json() if self._result else None,
        }
        if self.refund_left:
            out["refund"] = {"left": self.refund_left, "types": [RES[r] for r in self.refund_mask]}
        if self.play_n >= 0:
            out["play"] = self._target_id(self.actor, self.play_n)
        if self.cq and self.stage == S_D1C:
            out["choices"] = [{"seat": s, "kind": k} for s, k in zip(self.cq, self.ck,
                                                                     strict=True)]
        if self.tutorial:
            out["tutorial_step"] = self.tut_step or None
            out["explanation"] = {"es": self.explanation("es"), "en": self.explanation("en")}
            out["checkpoints"] = [list(c) for c in self.checks]
        return out

    def state_dict(self) -> dict[str, Any]:
        out = self.view(None)
        out.update(
            hidden={
                "decks_face_down": [[self.cat[k].id for k in reversed(self.fd[d])]
                                    for d in range(3)],
                "events_face_down": [C.events[x].id for x in reversed(self.ev_fd)],
                "events_set_aside": [C.events[x].id for x in self.ev_aside],
                "pending": {"rem": list(self.rem), "made": list(self.made),
                            "pick": list(self.pick), "repay": list(self.repay),
                            "keep": list(self.keep)},
            },
            internal={"stage": self.stage, "si": self.si, "cur": self.cur,
                      "actor": self.actor, "order": list(self.order), "cq": list(self.cq),
                      "ck": list(self.ck), "d1_op": self.d1_op, "ask": list(self.ask),
                      "need": list(self.need), "done": list(self.done),
                      "lab_done": list(self.lab_done), "ext_done": list(self.ext_done),
                      "subs_in": self.subs_in, "subs_out": self.subs_out,
                      "snap": list(self.snap), "play_n": self.play_n},
            rng=self.rng.fingerprint(), actions=self._n_actions)
        return out
