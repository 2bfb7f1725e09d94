"""The terminal table of «El Plan: tú decides»: kept as the name ``render.BUILTIN_RENDERERS``
points at; the screen itself lives in the package :mod:`ludoteca.cli.elplan`."""

from __future__ import annotations

from .elplan import (
    EN_NAMES,
    RENDERER,
    ElplanRenderer,
    action_meaning,
    effect_text,
    english_form,
    shown_form,
    square_benefit,
)

__all__ = ["EN_NAMES", "RENDERER", "ElplanRenderer", "action_meaning", "effect_text",
           "english_form", "shown_form", "square_benefit"]
