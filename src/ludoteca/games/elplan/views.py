"""What a seat may see (``view``) and the whole state (``state_dict``).

Public: everything on the table. Never in a view: the order or identity of face-down cards
(investment decks, events), the set-aside events, and another seat's pending simultaneous
choice (D4, D6, merma) before the reveal — others see only ``done``.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.content_option import view_mark
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
    ptriple,
)
from .content import DECKS, Content, derived

SPACE = ("ch", "d", "e", "idea")
DECK_IDS = DECKS                     # the schema fixes decks[].id (EP-D3 sections 3A–3C)
#: top-level keys of ``view`` that ``own_view`` leaves out
OWN_VIEW_LEFT_OUT = ("squares", "modifiers")


def card_ids(C: Content) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Card ids by catalogue index: [tutorial] (kept with the content)."""
    return derived(C, "views.card_ids", lambda c: (tuple(x.id for x in c.cards),
                                                     tuple(x.id for x in c.tut_cards)))

#: the view's ``phase`` by stage (as ``_phase_name``)
PHASE_NAMES = tuple("fin" if st == S_OVER else "resumen" if st == S_MERMA else
                    "oportunidad" if STAGE_DISTRICT[st] == 0 else "recorrido"
                    for st in range(S_OVER + 1))


def _target_statics(C: Content, plan: int, tutorial: bool) -> tuple[
        tuple[str, tuple[str, ...], int, Any, str | None], ...]:
    """What never changes about each target N of a plan: (id, space types, min tokens, the
    catalogue card or None, the plan process's type or None) — as ``_target_spec`` has it
    (kept with the content)."""
    statics = C.cache.get("views.statics")
    if statics is None:
        statics = C.cache["views.statics"] = {}
    got = statics.get((plan, tutorial))
    if got is None:
        got = statics[plan, tutorial] = _make_statics(C, plan, tutorial)
    return got


def _make_statics(C: Content, plan: int, tutorial: bool) -> tuple[
        tuple[str, tuple[str, ...], int, Any, str | None], ...]:
    cat = C.tut_cards if tutorial else C.cards
    out = []
    for N in range(2 + len(cat)):
        if N < 2:
            ptype, spaces = C.plans[plan].processes[N]
            out.append((f"proceso-{N + 1}", tuple(RES[x] for x in spaces), len(spaces), None,
                        PT[ptype]))
        else:
            card = cat[N - 2]
            out.append((card.id, tuple(RES[x] for x in card.spaces), card.min_tokens, card,
                        None))
    return tuple(out)


class ViewMixin:
    """Mixed into ElplanGame."""

    def _phase_name(self) -> str:
        return PHASE_NAMES[self.stage]

    def _target_view(self, s: int, N: int,
                     static: tuple[str, tuple[str, ...], int, Any, str | None]) -> dict[str, Any]:
        """Target N of seat s as the view shows it; ``static`` is its `_target_statics` entry."""
        tid, types, mn, card, process = static
        sp = self.sp
        b = (s * NT + N) * 3
        tok = (sp[b] >= 0) + (sp[b + 1] >= 0) + (sp[b + 2] >= 0)
        spaces = []
        for i, t in enumerate(types):
            v = sp[b + i]
            spaces.append({"type": t, "token": None if v < 0 else SPACE[v]})
        since = self.since[s * NT + N]
        if card is None:
            active = tok >= mn
        else:                                  # EP-SCO.5, as ``_active``
            active = bool(self.own[s * NT + N]) and (
                card.comes_active or (self.named[s] == N and self._ext_active(s)) or tok >= mn)
        out: dict[str, Any] = {
            "n": N, "id": tid, "spaces": spaces, "min_tokens": mn, "tokens": tok,
            "active": active, "active_since": None if since < 0 else since}
        if card is None:
            out["kind"] = "proceso"
            out["process"] = process
        else:
            out["kind"] = "inversion"
            out["name"] = card.name
            out["name_en"] = card.name_en
            out["deck"] = card.deck
            out["effect"] = card.kind
            if N == self.lab_n:
                out["pick"] = None if self.lab[s] < 0 else PT[self.lab[s]]
            named = self.named[s]
            if named == N:
                out["named"] = True
            if N == self.ext_n and named >= 0:
                out["naming"] = self._target_id(s, named)
        if active:
            out["processes"] = [PT[x] for x in self._procs(s, N)]
        return out

    def _player_view(self, s: int, seat: int | None) -> dict[str, Any]:
        C = self.C
        p = self.plans[s]
        plan = C.plans[p]
        b = 3 * s
        st = self.stage
        idle, hand, tienda = self.idle, self.hand, self.tienda
        statics = _target_statics(C, p, self.tutorial)
        own, base = self.own, s * NT
        targets = []
        per = [0, 0, 0]                                                  # EP-SCO.3, as _trios
        for N in range(self.ntg):
            if N < 2:
                targets.append(self._target_view(s, N, statics[N]))
            elif own[base + N]:
                tv = self._target_view(s, N, statics[N])
                targets.append(tv)
                card = statics[N][3]
                if card.trio and tv["active"]:
                    per[card.deck] += 1
        q = self.square[s]
        out: dict[str, Any] = {
            "seat": s, "name": self.names[s], "plan": plan.id, "plan_type": PROD[plan.type],
            "second_product": PROD[plan.second], "cannot_make": PROD[plan.missing],
            "idle": {"ch": idle[b], "d": idle[b + 1], "e": idle[b + 2]},
            "ideas_idle": self.ideas[s], "ideas": self._ideas_total(s),
            "hand": {"mp": hand[b], "bc": hand[b + 1], "sv": hand[b + 2]},
            "tienda": {"mp": tienda[b], "bc": tienda[b + 1], "sv": tienda[b + 2]},
            "credit": bool(self.credit[s]),
            "square": None if q < 0 else C.squares[q].id,
            "mc": s == self.mc,
            "targets": targets,
            "trios": min(per),
            "period": {"bought": bool(self.bought[s]), "returned": bool(self.returned[s]),
                       "affected": bool(self.affected[s]), "bought_type":
                       None if self.buy_t[s] < 0 else PROD[self.buy_t[s]],
                       "sold_type": None if self.sell_t[s] < 0 else PROD[self.sell_t[s]],
                       "sold": self.sold_n[s], "d5_discount_used": bool(self.disc_used[s])}}
        if st in SIMULTANEOUS:
            out["decides"] = bool(self.need[s])
            out["done"] = bool(self.done[s])
            if seat == s and self.need[s]:
                out["pending"] = self._own_pending(s)
        if st == S_D4:
            p4 = self.pool[4 * s:4 * s + 4]
            out["processes"] = {"a": p4[0], "b": p4[1], "c": p4[2], "any": p4[3]}
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

    def _squares_view(self) -> list[dict[str, Any]]:
        C = self.C
        kinds = (self.market[0] > 0) + (self.market[1] > 0) + (self.market[2] > 0)
        limit = C.usable_by_types[kinds]                                  # EP-OPP.11–14
        sq = self.sq
        out = []
        for q in self.usable:
            square = C.squares[q]
            out.append({"index": q, "id": square.id, "seat": None if sq[q] < 0 else sq[q],
                        "usable": square.subsidy < 0 or square.subsidy < limit})
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < n):
            raise InvalidOption(f"seat must be 0 to {n - 1} or None; got {seat!r}")
        return self._view(seat, False)

    def own_view(self, seat: int) -> dict[str, Any]:
        """``view(seat)`` cut to what a seat's own choice reads (the greedy bot), at a third of
        the cost: only the seat's own entry in ``players`` (the others are ``None``) and no
        ``squares`` or ``modifiers`` (keys of ``OWN_VIEW_LEFT_OUT``); every other value as
        ``view(seat)`` has it, so nothing in it that the seat may not see."""
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n):
            raise InvalidOption(f"seat must be 0 to {self.n - 1}; got {seat!r}")
        return self._view(seat, True)

    def _view(self, seat: int | None, own_only: bool) -> dict[str, Any]:
        C = self.C
        n = self.n
        st = self.stage
        ids = card_ids(C)[self.tutorial]
        offers, age, opt_n = self.offers, self.age, self.opt_n
        decks = []
        for d in range(3):
            shown = []
            for slot in range(3 * d, 3 * d + opt_n):
                k = offers[slot]
                shown.append(None if k < 0 else {"slot": slot, "card": ids[k], "age": age[slot]})
            decks.append({
                "deck": d, "id": DECK_IDS[d], "face_down": len(self.fd[d]),
                "under": [ids[k] for k in self.under[d]],
                "boxed": [ids[k] for k in self.boxed[d]],
                "offers": shown})
        e = None if self.ev_cur < 0 else C.events[self.ev_cur]
        out: dict[str, Any] = {
            "game": "elplan", "seat": seat, "players_n": n, "tutorial": self.tutorial,
            "level": self.level, "period": self.period, "periods": self.last_period(),
            "phase": PHASE_NAMES[st], "district": STAGE_DISTRICT[st] or None,
            "step": STAGE_NAMES[st], "mc": self.mc, "to_move": list(self.to_move),
            "actor": self.actor if st not in SIMULTANEOUS and st != S_OVER else None,
            "players": [None if own_only and s != seat else self._player_view(s, seat)
                        for s in range(n)],
            "market": ptriple(self.market), "subsidies": list(self.subs),
            "squares": None if own_only else self._squares_view(),
            "decks": decks, "decks_live": self.decks_live,
            "events": {"face_down": len(self.ev_fd), "set_aside": len(self.ev_aside),
                       "current": None if e is None else e.id,
                       "current_category": None if e is None else e.category,
                       "under": [C.events[x].id for x in self.ev_under],
                       "removed": [C.events[x].id for x in self.ev_removed]},
            "credit_supply": self.credit_supply,
            "modifiers": None if own_only else {
                "market_price": list(self.price_m), "import_price": list(self.price_i),
                "no_imports": [bool(x) for x in self.no_imp], "sale_bonus": list(self.sbonus),
                "export_subsidy": self.exp_sub, "exports": self.exports,
                "rfid_paid": self.rfid_paid},
            "constraints": sorted(self.cons),
            "result": self._result.to_json() if self._result else None,
        }
        if C.key is not None:           # a custom content: what words and screens read
            out["content"] = view_mark(C.origin, C.key)
        if self.refund_left:
            out["refund"] = {"left": self.refund_left, "types": [RES[r] for r in self.refund_mask]}
        if self.play_n >= 0:
            out["play"] = self._target_id(self.actor, self.play_n)
        if self.cq and self.stage == S_D1C:
            out["choices"] = [{"seat": s, "kind": k} for s, k in zip(self.cq, self.ck,
                                                                     strict=True)]
        if own_only:
            for key in OWN_VIEW_LEFT_OUT:
                del out[key]
        if self.tutorial:
            out["tutorial_step"] = self.tut_step or None
            out["explanation"] = {"es": self.explanation("es"), "en": self.explanation("en")}
            out["checkpoints"] = [list(c) for c in self.checks]
        return out

    def state_dict(self) -> dict[str, Any]:
        C = self.C
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
