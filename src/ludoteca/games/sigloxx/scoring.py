"""Phase 6 bonus scoring (XX-6.1, XX-G14.1–G14.7), the final scoring after round VI (XX-F.1–F.6,
XX-G15.1–G15.7) and the ranking with its tie-breaks (XX-G16.1)."""

from __future__ import annotations

from ludoteca.core.result import Result

from .common import CARD_ID, N_LAND, PH_OVER, Events, event

CARD_RULE = {("per_income", "coins"): "XX-G14.2", ("per_income", "science"): "XX-G14.3",
             ("per_clean_land_tile", ""): "XX-G14.4", ("per_tile_largest_network", ""): "XX-G14.5",
             ("per_pollution_step_right", ""): "XX-G14.6", ("per_technology", ""): "XX-G14.7"}
# the key of each final scoring part's own value in its event
PART_EXTRA = {"coins": "held", "science": "held", "environment": "pollution",
              "clean_tiles": "tiles", "garbage": "tokens"}
PART_RULE = {"coins": "XX-G15.1", "science": "XX-G15.2", "environment": "XX-G15.3",
             "clean_tiles": "XX-G15.4", "garbage": "XX-G15.5"}


def majority(values: list[int], awards: tuple[int, ...], zero_scores: bool = False) -> list[int]:
    """Places by holdings, best first; tied seats share the awards of the places they cover,
    rounded down, and use those places up (XX-G15.1, XX-G15.2, XX-G15.6)."""
    n, na = len(values), len(awards)
    out = [0] * n
    order = sorted(range(n), key=values.__getitem__, reverse=True)    # most first
    i = 0                                                               # the next place
    while i < n and i < na:
        v = values[order[i]]
        if v <= 0 and not zero_scores:
            break
        j = i + 1
        while j < n and values[order[j]] == v:
            j += 1
        share = sum(awards[i:j]) // (j - i)
        for s in order[i:j]:
            out[s] = share
        i = j
    return out


class ScoringMixin:
    def clean_tiles(self, s: int) -> int:
        """Own land tiles without garbage (institutions never count)."""
        g = self.garbage
        return sum(1 for t in self.lands[s] if not g[t])

    def garbage_total(self, s: int) -> int:
        g = self.garbage
        return sum(g[t] for t in self.lands[s])

    def largest_network(self, s: int) -> int:
        """Land tiles in the seat's largest rail network (XX-G14.5)."""
        grid = self.grid[s]
        return max((sum(1 for c in net if grid[c] >> 2 < N_LAND) for net in self._networks(s)),
                   default=0)

    def card_vp(self, s: int, card: int) -> int:
        k = self.K.CARDS[card]
        if k.op == "per_income":
            inc = self.incomes(s)[("coins", "science", "vp").index(k.resource)]
            return inc * k.num // k.den
        if k.op == "per_clean_land_tile":
            return k.vp * self.clean_tiles(s)
        if k.op == "per_tile_largest_network":
            return k.vp * self.largest_network(s)
        if k.op == "per_pollution_step_right":
            return k.vp * max(0, self.pollution[s])
        return k.vp * len(self.techs[s])                                        # per_technology

    def _bonus_card(self, ev: Events) -> None:
        rd = self.K.ROUNDS[self.round - 1]
        card = self.cards[0 if rd.scoring_round == "II" else 1]
        if card < 0:                                                            # XX-S.4
            if ev is not None:
                ev.append(event("sin_tarjeta", "XX-S.4", {"round": self.round}))
            return
        k = self.K.CARDS[card]
        # a card a content file words another way (per VP income) is scored by its rule G14.1
        rule = CARD_RULE.get((k.op, k.resource if k.op == "per_income" else ""), "XX-G14.1")
        for s in range(self.n):
            vp = self.card_vp(s, card)
            self.score[s] += vp
            self.vp_bonus[s] += vp
            if ev is not None:
                ev.append(event("bonificacion", rule, {"player": s, "card": CARD_ID[card],
                                                       "vp": vp}))

    def final_parts(self) -> list[dict[str, int]]:
        """Each seat's final-scoring VP by part (XX-G15.1–G15.5)."""
        return self._final_parts()[0]

    def _final_parts(self) -> tuple[list[dict[str, int]], list[int], list[int]]:
        """:meth:`final_parts`, with each seat's clean tiles and garbage tokens."""
        n, C = self.n, self.K.C
        coins = majority(self.coins, C.majority_awards, C.majority_zero_scores)
        science = majority(self.science, C.majority_awards, C.majority_zero_scores)
        g, lands, pollution = self.garbage, self.lands, self.pollution
        env_pos, env_neg, values, garbage_vp = C.env_positive, C.env_negative, \
            C.clean_values, C.garbage_vp
        out, cleans, tokens = [], [], []
        for s in range(n):
            p = pollution[s]
            env = p * env_pos if p > 0 else p * env_neg if p < 0 else 0
            per_tile = 0                        # the content's ranges cover the track
            for lo, hi, vp in values:
                if lo <= p <= hi:
                    per_tile = vp
                    break
            clean = total = 0
            for t in lands[s]:
                if g[t]:
                    total += g[t]
                else:
                    clean += 1
            cleans.append(clean)
            tokens.append(total)
            out.append({"coins": coins[s], "science": science[s], "environment": env,
                        "clean_tiles": per_tile * clean, "garbage": garbage_vp * total})
        return out, cleans, tokens

    def _final(self, ev: Events) -> None:
        n, C = self.n, self.K.C
        parts, cleans, tokens = self._final_parts()
        order = C.final_order
        score = self.score
        for s in range(n):
            ps = parts[s]
            for part in order:
                if part == "coins":                     # holdings revealed at the end (G16.1)
                    extra = self.coins[s]
                elif part == "science":
                    extra = self.science[s]
                elif part == "clean_tiles":
                    extra = cleans[s]
                elif part == "garbage":
                    extra = tokens[s]
                else:                                   # environment
                    extra = self.pollution[s]
                if ev is not None:
                    ev.append(event("puntuacion_final", PART_RULE[part],
                                    {"player": s, "part": part, "vp": ps[part],
                                     PART_EXTRA[part]: extra}))
            score[s] += sum(ps.values())
        self._finish(parts, ev, tokens)

    def points_by_source(self, s: int, final: dict[str, int]) -> dict[str, int]:
        """Final VP split by where they came from: the start, production (income during the
        rounds), the bonus scoring cards, and each part of the final scoring."""
        C = self.K.C
        before_final = self.score[s] - sum(final.values())
        income = before_final - C.start_score - self.vp_bonus[s]
        return {"start": C.start_score, "income": income, "bonus_cards": self.vp_bonus[s],
                **{part: final[part] for part in C.final_order}, "total": self.score[s]}

    def tie_key(self, s: int, garbage: int | None = None) -> tuple[int, ...]:
        """(VP, then each tie-break of XX-G16.1, larger is better); ``garbage``: the seat's
        garbage tokens when known."""
        key = [self.score[s]]
        for t in self.K.C.tie_break:
            if t == "fewest_garbage":
                key.append(-(self.garbage_total(s) if garbage is None else garbage))
            elif t == "highest_pollution":
                key.append(self.pollution[s])
            else:
                key.append(self.coins[s] + self.science[s])
        return tuple(key)

    def _finish(self, parts: list[dict[str, int]], ev: Events,
                tokens: list[int] | None = None) -> None:
        n, C = self.n, self.K.C
        keys = [self.tie_key(s, tokens[s] if tokens is not None else None) for s in range(n)]
        # best key first, equal keys in seat order (a reversed sort keeps it stable)
        ranking = tuple(sorted(range(n), key=keys.__getitem__, reverse=True))
        top = keys[ranking[0]]
        winners = tuple(s for s in ranking if keys[s] == top)
        places = [1 + sum(1 for t in keys if t > k) for k in keys]
        order = C.final_order
        scoring = []
        for s in range(n):
            ps = parts[s]
            d = {p: ps[p] for p in order}
            d["total"] = sum(ps.values())
            scoring.append(d)
        details = {
            "final_scoring": scoring,
            "order": list(order),
            "tie_break": [list(k) for k in keys], "tie_break_order": ["vp", *C.tie_break],
            "places": places,
            "held": [{"coins": self.coins[s], "science": self.science[s]} for s in range(n)],
            "points_by_source": [self.points_by_source(s, parts[s]) for s in range(n)],
        }
        self._result = Result(ranking, winners, tuple(self.score), C.end_reason, details)
        self.phase = PH_OVER
        self.actor = -1
        if ev is not None:
            ev.append(event("fin", "XX-F.6", {"reason": C.end_reason, "winners": list(winners),
                                              "scores": list(self.score), "places": places}))


__all__ = ["ScoringMixin", "majority"]
