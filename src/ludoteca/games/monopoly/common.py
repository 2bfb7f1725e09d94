"""What the Monopoly-family state machine and its words share: the turn phases and the
"no owner" mark. A module of its own so ``state`` and ``text`` both import it and not each
other."""

from __future__ import annotations

PHASE_ROLL, PHASE_JAIL, PHASE_MANAGE, PHASE_OVER = 0, 1, 2, 3
PHASE_NAMES = ("roll", "jail", "manage", "over")
NOBODY = -1

__all__ = ["NOBODY", "PHASE_JAIL", "PHASE_MANAGE", "PHASE_NAMES", "PHASE_OVER", "PHASE_ROLL"]
