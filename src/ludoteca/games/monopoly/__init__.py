"""What Qytetet and Civitas share: board and deck content, the turn flow, the action
grammar, words for events, and the greedy bot. Each game adds only its :class:`Ruleset`."""

from .ruleset import Ruleset
from .state import MonopolyGame

__all__ = ["MonopolyGame", "Ruleset"]
