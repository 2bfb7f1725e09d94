"""Words for an action button: its Spanish text, its English form and a one-line help, taken
from each game's ``actions`` module (``ALIASES``, ``HELP``)."""

from __future__ import annotations

import importlib
import re
from functools import cache
from types import ModuleType
from typing import Any

from ludoteca.core.registry import info

_PLACEHOLDER = re.compile(r"\b[A-Z]\b")


@cache
def _module(game_id: str) -> ModuleType | None:
    factory = info(game_id).factory
    names = [f"ludoteca.games.{game_id}.actions"]
    if factory is not None:
        names.append(f"{factory.__module__.rpartition('.')[0]}.actions")
    for name in names:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError:
            continue
    return None


@cache
def _english_names(game_id: str) -> dict[str, str]:
    """Action name -> its first English alias."""
    module = _module(game_id)
    aliases: dict[str, str] = getattr(module, "ALIASES", {}) if module else {}
    out: dict[str, str] = {}
    for key, value in aliases.items():
        if key != value and key.isascii() and value not in out:
            out[value] = key
    return out


@cache
def _helps(game_id: str) -> dict[str, tuple[str, str]]:
    """Action name (first word of the HELP form) -> (es, en) help with its placeholder."""
    module = _module(game_id)
    helps: dict[str, tuple[str, str]] = getattr(module, "HELP", {}) if module else {}
    return {form.split()[0]: pair for form, pair in helps.items()}


@cache
def label(game_id: str, text: str) -> dict[str, Any]:
    """``{"label": {"es": text, "en": English form}, "help": {"es", "en"}}`` (help may be
    empty)."""
    name, _, arg = text.partition(" ")
    en_name = _english_names(game_id).get(name)
    en = f"{en_name} {arg}".strip() if en_name else text
    pair = _helps(game_id).get(name)
    if pair is None:
        helps = {"es": "", "en": ""}
    elif arg:
        helps = {"es": _PLACEHOLDER.sub(arg, pair[0], count=1),
                 "en": _PLACEHOLDER.sub(arg, pair[1], count=1)}
    else:
        helps = {"es": pair[0], "en": pair[1]}
    return {"label": {"es": text, "en": en}, "help": helps}
