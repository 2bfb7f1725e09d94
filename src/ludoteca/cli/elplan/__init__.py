"""The terminal screen of «El Plan: tú decides», in parts: ``words`` (names and handles shared
by all), ``board`` (route, squares, event, offers, market), ``players``, ``tutorial``,
``actions`` (how actions are written and what they mean), ``results``, ``layout`` (fitting the
board into the terminal) and ``renderer`` (the :class:`GameRenderer`)."""

from __future__ import annotations

from .actions import EN_NAMES, action_meaning, english_form, shown_form
from .renderer import RENDERER, ElplanRenderer
from .words import effect_text, square_benefit

__all__ = ["EN_NAMES", "RENDERER", "ElplanRenderer", "action_meaning", "effect_text",
           "english_form", "shown_form", "square_benefit"]
