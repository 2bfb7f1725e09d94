"""The outcome of a finished game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Result:
    """``ranking``: seats best first; ``winners``: seats sharing first place;
    ``scores``: one number per seat (what the ranking is by); ``reason``: why the game
    ended (e.g. ``"bankruptcy"``)."""

    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[float | int, ...]
    reason: str
    details: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"ranking": list(self.ranking), "winners": list(self.winners),
               "scores": list(self.scores), "reason": self.reason}
        if self.details:
            out["details"] = self.details
        return out


def rank_by_score(scores: list, reason: str, details: dict | None = None,
                  as_number=lambda x: x) -> Result:
    """Rank seats by score, highest first; equal scores keep seat order and tie for first."""
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    top = scores[order[0]]
    winners = tuple(s for s in order if scores[s] == top)
    return Result(tuple(order), winners, tuple(as_number(x) for x in scores), reason, details)
