"""Looking at a game: a seat's view and the full state (JSON-ready dicts), a determinized
copy for search, and the invariants SOM-19.x checked by the tests."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.errors import InvalidOption

from .chance import SeedLaterRandom, seeded, shuffle
from .common import (
    ABSTAINS,
    DEGREES,
    LEVY_RECEPTA,
    NC,
    PD_TOTAL,
    PH_BID,
    PH_OVER,
    PHASE_NAMES,
    STAGE_NAMES,
    TYPE_CODES,
    UNDECLARED,
    URNA_FOR_CONSULTA,
    VOTE_ELECTIONS,
    T,
)
from .content import FLAG_CODES, FLAG_URNA
from .tables import Tables, default_tables

if TYPE_CHECKING:
    from .state import SomGame


#: top-level keys of ``view`` that ``own_view`` leaves out
OWN_VIEW_LEFT_OUT = ("deals", "hisenda")


def card_view(card: int, K: Tables | None = None) -> dict[str, Any]:
    """A face-up card as the views show it (a fresh dict), of the content whose tables are
    ``K`` (default: the shipped content)."""
    return (K or default_tables()).CARD_VIEWS[card].copy()


class ViewsMixin:
    """view, state_dict, determinize and the invariant check."""

    __slots__ = ()

    # ----- looking ------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.n
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < n):
            raise InvalidOption(f"seat must be 0 to {n - 1} or None; got {seat!r}")
        cells, up, K = self.cells, self.up, self.K
        empty, shown, hidden, card_views = K.EMPTY, K.SHOWN, K.HIDDEN, K.CARD_VIEWS
        board = []
        for c in range(NC):
            card = cells[c]
            if card < 0:
                board.append(empty[c].copy())
            elif up[c]:
                entry = shown[c].copy()
                entry["card"] = card_views[card].copy()
                board.append(entry)
            else:
                board.append(hidden[c].copy())
        return self._view(seat, board, self.hidden_deals())

    def own_view(self, seat: int) -> dict[str, Any]:
        """``view(seat)`` cut to what a seat's own choice reads (the greedy bot), at about
        half the cost: no ``deals`` nor ``hisenda`` (the keys of ``OWN_VIEW_LEFT_OUT``), and
        the entries of ``cells`` (with their ``card``) are the content's own, shared and never
        to be changed; every other value as ``view(seat)`` has it, so nothing in it the seat
        may not see."""
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n):
            raise InvalidOption(f"seat must be 0 to {self.n - 1}; got {seat!r}")
        cells, up, K = self.cells, self.up, self.K
        empty, shown, hidden = K.EMPTY, K.SHOWN_CARD, K.HIDDEN
        out = self._view(seat, [empty[c] if card < 0 else shown[c][card] if up[c] else
                                hidden[c] for c, card in enumerate(cells)], None)
        del out["deals"], out["hisenda"]
        return out

    def _view(self, seat: int | None, board: list[dict[str, Any]],
              deals: list[dict[str, Any]] | None) -> dict[str, Any]:
        """The view of ``seat`` with the map ``board`` and the deal groups ``deals`` (None:
        ``own_view``'s, which leaves out ``hisenda`` too)."""
        n, h, K = self.n, self.hold, self.K
        players = []
        for s in range(n):
            b = s * T
            players.append({
                "seat": s, "name": self.names[s], "colour": self.colours[s],
                "disks": {TYPE_CODES[t]: h[b + t] for t in range(T) if h[b + t]},
                "value": self.value(s), "pd": self.pd[s], "citizen": self.cit[s],
                "gh": s == self.gh})
        H = self.H
        out: dict[str, Any] = {
            "game": "som", "seat": seat, "mode": self.mode, "centralism": DEGREES[self.degree],
            "centralism_roll": self.cen_roll or None, "players_n": n,
            "turn": self.turn + 1, "turns_played": self.turn, "gh": self.gh,
            "stage": STAGE_NAMES[self.stage], "phase": PHASE_NAMES[self.phase],
            "to_move": list(self.to_move),
            "die": None if not self.face else {
                "face": self.face, "number": K.FACE_NUMBER[self.face],
                "picture": K.FACE_PICTURE[self.face]},
            "mover": self.mover if self.stage == 4 and self.mover >= 0 else None,
            "movers_left": list(self.movers), "steps": self.steps, "may_stop": self.may_stop,
            "atc_active": self.atc_active,
            "levies_used": {"recepta": self.used_recepta, "sucesiones": self.used_sucesiones},
            "cells": board, "citizens": list(self.cit), "players": players,
            "hisenda": None if deals is None else {
                "ones": self.count(H, 1), "twos": self.count(H, 2), "value": self.value(H),
                "flipped": self.hisenda_flipped},
            "cn": {"pd": self.pd[H], "cell": self.cn_cell, "flipped": self.cn_flipped},
            "urna": [K.CARD_ID[c] for c in self.pile], "deals": deals,
            "payment": None, "change": None, "levy": None, "protection": None, "vote": None,
            "last_vote": self.last_vote, "max_turns": self.max_turns or None,
            "max_steps": self.max_steps or None,
            "result": self._result.to_json() if self._result else None,
        }
        if self.pay_payer >= 0:
            out["payment"] = {"payer": self.pay_payer, "payee": self._who(self.pay_payee),
                              "due": self.pay_due, "reason": self.pay_reason}
        if self.chg_giver >= 0:
            out["change"] = {"giver": self.chg_giver, "payer": self.pay_payer,
                             "disk": TYPE_CODES[self.chg_disk],
                             "given": [TYPE_CODES[t] for t in self.chg_got]}
        if self.levy:
            out["levy"] = {"kind": "recepta" if self.levy == LEVY_RECEPTA else "sucesiones",
                           "k": self.levy_k, "chosen": list(self.levy_chosen),
                           "target": None if self.levy_target < 0 else self.levy_target}
        if self.spain_cell >= 0:
            out["protection"] = {"protected": self.prot, "pile": len(self.pile),
                                 "spain_cell": self.spain_cell}
        if self.vote_kind:
            decl = {}
            for s in range(n):
                p = self.vote_ptr[s] if self.vote_ptr else UNDECLARED
                decl[str(s)] = None if p == UNDECLARED else ("abstiene" if p == ABSTAINS else p)
            vote: dict[str, Any] = {
                "kind": "elecciones" if self.vote_kind == VOTE_ELECTIONS else "mocion",
                "caller": self.vote_caller, "declarations": decl,
                "declaring": self.vote_order[0] if self.vote_order else None,
                "governor": self.vote_gov,
                "bids_in": [s for s in range(n) if self.bids and self.bids[s] >= 0]}
            if seat is not None and self.bids and self.bids[seat] >= 0:
                vote["my_bid"] = self.bids[seat]
            out["vote"] = vote
        if K.view_entry is not None:    # a custom content: which (the shipped one: no key)
            out["content"] = dict(K.view_entry)
        return out

    def hidden_deals(self) -> list[dict[str, Any]]:
        """The face-down cells grouped by the deal that put their cards there (0 = the setup,
        k = the k-th refill after a Spain event, SOM-12.8), each with the flags of the cards
        still face down in it. All of it is public: every refill names the cards it deals and
        the cells it fills, and every card turned since is seen, so a player who remembers
        knows it too (a refill holds no Spain card unless one was collected with it)."""
        return [{"deal": deal, "cells": list(down),
                 "flags": dict(zip(FLAG_CODES, flags, strict=True))}
                for deal, down, _, flags in _deal_groups(self)]

    def state_dict(self) -> dict[str, Any]:
        out = self.view(None)
        H = self.H
        out.update(
            layout=[None if c < 0 else self.K.CARD_ID[c] for c in self.cells],
            face_up=list(self.up),
            deal=list(self.deal),
            hisenda_types={TYPE_CODES[t]: self.hold[H * T + t] for t in range(T)},
            bids=list(self.bids), rng=self.rng.fingerprint(), actions=self._n_actions,
            internal={k: getattr(self, k) for k in (
                "phase", "actor", "stage", "face", "mover", "movers", "steps", "tax_queue",
                "pay_payer", "pay_payee", "pay_due", "pay_rule", "pay_ret", "pay_reason",
                "chg_giver", "chg_disk", "chg_got", "levy", "levy_k", "levy_chosen",
                "levy_target", "prot", "spain_cell", "vote_kind", "vote_caller", "vote_order",
                "vote_ptr", "vote_gov", "degree", "turn")})
        return out

    def determinize(self, seat: int | None, seed: int) -> SomGame:
        """Redraw what ``seat`` cannot see: which face-down card lies in which face-down cell
        (within the cells filled by the same deal, whose cards are public: ``hidden_deals``),
        the generator's future draws (Hisenda's types when it pays, refills, the die), and
        the other seats' bids not yet revealed (SOM-19.7, G28)."""
        g = self.clone()
        rng = seeded(seed)                           # random.Random(seed)
        cells = g.cells
        for _, down, cards, _ in _deal_groups(self):
            ids = list(cards)                        # canonical: depends on view + seed only
            shuffle(rng, ids)
            for c, card in zip(down, ids, strict=True):
                cells[c] = card
        if g.phase == PH_BID:
            for s in range(g.n):
                if s != seat and g.bids[s] >= 0:
                    g.bids[s] = rng.randint(0, g.pd[s])
        g.rng = SeedLaterRandom(rng.getrandbits(32))      # GameRandom(that seed), lazily
        g._legal = None                 # a redrawn bid may change what is legal (not _down)
        return g

    # ----- invariants (tests; not in the hot path) ----------------------------------------
    def _check_invariants(self) -> None:
        """SOM-19.1–19.6: raise AssertionError when the state breaks one."""
        n, h, K = self.n, self.hold, self.K
        FLAG, TYPE_COUNTS = K.FLAG, K.TYPE_COUNTS
        for t in range(T):
            held = sum(h[o * T + t] for o in range(n + 1))
            assert held == TYPE_COUNTS[t], f"{TYPE_CODES[t]}: {held} disks, not {TYPE_COUNTS[t]}"
            assert all(h[o * T + t] >= 0 for o in range(n + 1)), "negative disk count"
        assert sum(self.value(o) for o in range(n + 1)) == 36, "money is not 36 €"   # SOM-19.1
        assert sum(self.pd) == PD_TOTAL and min(self.pd) >= 0, f"PDs {self.pd}"       # 19.2
        assert self.is_over == (self.phase == PH_OVER), "is_over out of step with the phase"
        on_map = [c for c in self.cells if c >= 0]
        assert sorted(on_map + self.pile) == list(range(NC)), "cards lost"           # 19.3
        assert len(self.pile) <= URNA_FOR_CONSULTA and \
            all(FLAG[c] == FLAG_URNA for c in self.pile), "urna pile"                  # 19.4
        assert all(self.cells[c] >= 0 for c in self.cit), "citizen on an empty cell"  # 19.5
        assert 0 <= self.gh < n, "GH"                                                  # 19.6
        assert self.cells[self.cn_cell] == K.CN_CARD and self.up[self.cn_cell], "CN"
        assert not any(self.up[c] and (self.cells[c] < 0 or FLAG[self.cells[c]] == FLAG_URNA)
                       for c in range(NC)), "face-up empty cell or urna card on the map"


DealGroup = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _deal_groups(g: SomGame) -> tuple[DealGroup, ...]:
    """The face-down cells grouped by deal, in deal order: (deal, its cells in cell order,
    their cards sorted, the count of each flag among them). Remembered in ``g._down`` until
    the state changes (``_apply`` and ``arrange`` forget it; a clone and a determinized copy
    keep it: redrawing cards within a deal changes none of it). Code that edits ``cells``,
    ``up`` or ``deal`` by hand must reset ``_down`` to None, as it resets ``_legal``."""
    groups = g._down
    if groups is None:
        g._down = groups = _compute_deal_groups(g.cells, g.up, g.deal, g.K.FLAG)
    return groups


def _compute_deal_groups(cells: list[int], up: list[bool], deal: list[int],
                         FLAG: tuple[int, ...] | None = None) -> tuple[DealGroup, ...]:
    """The deal groups of a map; ``FLAG``: each card's flag in the game's content (default:
    the shipped content's)."""
    if FLAG is None:
        FLAG = default_tables().FLAG
    by_deal: dict[int, list[int]] = {}
    for c in range(NC):
        if cells[c] >= 0 and not up[c]:
            d = deal[c]
            if d in by_deal:
                by_deal[d].append(c)
            else:
                by_deal[d] = [c]
    out = []
    for d in sorted(by_deal):
        down = by_deal[d]
        flags = [0] * len(FLAG_CODES)
        for c in down:
            flags[FLAG[cells[c]]] += 1
        out.append((d, tuple(down), tuple(sorted(cells[c] for c in down)), tuple(flags)))
    return tuple(out)
