"""The terminal table of «Siglo XX»: kept for ``render.BUILTIN_RENDERERS`` and older imports;
the screen lives in the package :mod:`ludoteca.cli.sigloxx`."""

from __future__ import annotations

from .sigloxx import (
    RENDERER,
    SigloRenderer,
    action_meaning,
    action_words,
    card_words,
    country_lines,
    eco_words,
    english_alias,
    land_words,
    mini_map,
    place_targets,
    pollution_words,
    result_lines,
    site_words,
    tech_effect,
    tech_name,
    tech_title,
    tile_marks,
    vp_during_play,
)

__all__ = ["RENDERER", "SigloRenderer", "action_meaning", "action_words", "card_words",
           "country_lines", "eco_words", "english_alias", "land_words", "mini_map",
           "place_targets", "pollution_words", "result_lines", "site_words", "tech_effect",
           "tech_name", "tech_title", "tile_marks", "vp_during_play"]
