"""Arranging a position before the first action (tests, teaching): ``game.arrange(**keys)``.

Each arrange() adds its keys to the earlier ones and the game is set up again from the seed, so
a record (seed + arrangements + actions) replays exactly. A bad arrangement raises
InvalidOption and changes nothing.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import InvalidOption

from . import actions as A
from .common import NT
from .content import DECKS, PRODUCTS, RESOURCES


class ArrangeMixin:
    """Mixed into ElplanGame."""

    # ----- arranging a position (tests, teaching) --------------------------------------------
    def _arrange(self, setup: dict[str, Any]) -> None:
        """Keys (all optional; each arrange() adds to the earlier ones and the game is set up
        again from the seed): ``events`` [event ids] the top of the face-down event deck, top
        first (full game); ``decks`` {deck: [card ids]} the top of an investment deck before
        the offers are dealt (full game); ``investments`` {seat: [card ids]} owned from the
        start (taken from their deck); ``active`` {seat: [targets]} targets (proceso-1, a card
        id, or N) active from the start with fresh tokens; ``resources`` {seat: {ch, d, e}}
        idle; ``ideas`` {seat: n}; ``hand`` / ``tienda`` {seat: {mp, bc, sv}}; ``market``
        {mp, bc, sv}; ``subsidies`` [a, b, c]; ``credit`` [seats]; ``mc`` seat; ``period`` p
        (full game: start at Period p). A bad arrangement raises InvalidOption and changes
        nothing."""
        known = {"events", "decks", "investments", "active", "resources", "ideas", "hand",
                 "tienda", "market", "subsidies", "credit", "mc", "period"}
        unknown = set(setup) - known
        if unknown:
            raise InvalidOption(f"elplan: unknown arrangement {sorted(unknown)}; allowed: "
                                f"{sorted(known)}")
        if self.tutorial and set(setup) & {"events", "decks", "period"}:
            raise InvalidOption("elplan: the tutorial's decks and Periods are fixed by the "
                                "rules (EP-TUT.3–4); events, decks and period cannot be "
                                "arranged")
        merged = dict(self._arr)
        merged.update(setup)
        trial = object.__new__(type(self))
        trial.__dict__ = dict(self.__dict__)
        trial._arr = merged
        trial._build()
        trial._check_invariants()
        self.__dict__ = trial.__dict__

    def _seat_arg(self, x: Any) -> int:
        try:
            s = int(x)
        except (TypeError, ValueError):
            raise InvalidOption(f"elplan: {x!r} is not a seat") from None
        if not 0 <= s < self.n:
            raise InvalidOption(f"elplan: seat {s} does not exist (0 to {self.n - 1})")
        return s

    def _arrange_events(self, evs: list[int], top: Any) -> list[int]:
        C = self.C
        if top is None:
            return evs
        if not isinstance(top, list) or len(top) > C.full_periods or \
                any(x not in C.event_index for x in top) or len(set(top)) != len(top):
            raise InvalidOption(f"elplan: events must list up to {C.full_periods} distinct "
                                f"event ids; ids: {', '.join(C.event_index)}")
        first = [C.event_index[x] for x in top]
        return first + [e for e in evs if e not in first]

    def _arrange_deck(self, d: int, cards: list[int], decks: Any) -> list[int]:
        if not isinstance(decks, dict):
            raise InvalidOption("elplan: decks must be {deck: [card ids]}")
        for key in decks:
            if key not in DECKS:
                raise InvalidOption(f"elplan: {key!r} is not a deck; decks: {', '.join(DECKS)}")
        top = decks.get(DECKS[d])
        if top is None:
            return cards
        rest = list(reversed(cards))                                      # top first
        first = []
        for cid in top:
            k = self._card_index(cid)
            if k not in rest:
                raise InvalidOption(f"elplan: deck {DECKS[d]} has no more copies of {cid}")
            rest.remove(k)
            first.append(k)
        return list(reversed(first + rest))                               # top = last

    def _card_index(self, cid: Any) -> int:
        for card in self.cat:
            if card.id == cid:
                return card.index
        raise InvalidOption(f"elplan: {cid!r} is not a card of this game; ids: "
                            f"{', '.join(c.id for c in self.cat)}")

    def _apply_arrangement_pre(self, arr: dict[str, Any]) -> None:
        """Arrangements that take cards out of the decks before the first offers."""
        for key, cards in (arr.get("investments") or {}).items():
            s = self._seat_arg(key)
            for cid in cards:
                k = self._card_index(cid)
                d = self.cat[k].deck
                if k not in self.fd[d] or self.own[s * NT + 2 + k]:
                    raise InvalidOption(f"elplan: seat {s} cannot own {cid} (no copy left in "
                                        f"its deck, or already owned: EP-D3.6)")
                self.fd[d].remove(k)
                self._set_own(s, 2 + k, 1)
                if self.cat[k].comes_active:
                    self.since[s * NT + 2 + k] = 0

    def _apply_arrangement_post(self, arr: dict[str, Any]) -> None:
        C = self.C
        n = self.n

        def counts(x: Any, codes: tuple[str, ...], what: str) -> list[int]:
            if not isinstance(x, dict) or any(k not in codes for k in x) or \
                    any(not isinstance(v, int) or isinstance(v, bool) or v < 0
                        for v in x.values()):
                raise InvalidOption(f"elplan: {what} must be {{{', '.join(codes)}: count >= 0}}")
            return [x.get(c, 0) for c in codes]

        for key, table, codes in (("resources", self.idle, RESOURCES),
                                  ("hand", self.hand, PRODUCTS),
                                  ("tienda", self.tienda, PRODUCTS)):
            for k, v in (arr.get(key) or {}).items():
                s = self._seat_arg(k)
                table[3 * s:3 * s + 3] = counts(v, codes, f"{key} of seat {s}")
        for k, v in (arr.get("ideas") or {}).items():
            if not isinstance(v, int) or v < 0:
                raise InvalidOption("elplan: ideas must be whole numbers >= 0")
            self.ideas[self._seat_arg(k)] = v
        if "market" in arr:
            self.market = counts(arr["market"], PRODUCTS, "market")
        if "subsidies" in arr:
            sub = arr["subsidies"]
            if not isinstance(sub, list) or len(sub) != 3 or \
                    any(not isinstance(v, int) or v < 0 for v in sub):
                raise InvalidOption("elplan: subsidies must be [a, b, c] (whole numbers >= 0)")
            self.subs = list(sub)
            self.subs_in, self.subs_out = sum(sub), 0
        for k in arr.get("credit") or []:
            s = self._seat_arg(k)
            if not self.credit[s]:
                self.credit[s] = 1
                self.credit_supply -= 1
        if "mc" in arr:
            self.mc = self._seat_arg(arr["mc"])
        for k, targets in (arr.get("active") or {}).items():
            s = self._seat_arg(k)
            for t in targets:
                N = t if isinstance(t, int) else self._resolve("target", A.plain(str(t)))
                if N is None or not 0 <= N < self.ntg or not self.own[s * NT + N]:
                    raise InvalidOption(f"elplan: seat {s} owns no target {t!r}")
                spaces, mn = self.tinfo[s][N]
                for i in range(mn):
                    self.sp[(s * NT + N) * 3 + i] = spaces[i]
                if mn:
                    self.since[s * NT + N] = 0
        p = arr.get("period", 1)
        if not isinstance(p, int) or not 1 <= p <= C.full_periods:
            raise InvalidOption(f"elplan: period must be 1 to {C.full_periods}")
        if p > 1:
            moved = p - 1
            for _ in range(moved):     # played already: from the bottom, so arranged tops stay
                if self.ev_fd:
                    self.ev_under.append(self.ev_fd.pop(0))
        for s in range(n):
            self._sync(s)
