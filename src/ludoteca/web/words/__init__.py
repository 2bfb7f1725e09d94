"""Action buttons in words: what a legal action does, with the names and numbers the seat
sees ("Comprar Calle del Olivo · 520 €"), in Spanish and English, and the group it belongs to
("Comprar", "Construir"…).

Each game may have a module ``ludoteca.web.words.<game_id>`` with

    def describe(view: dict, action: str) -> Words | None

where ``view`` is the acting seat's own view (``game.view(seat)``: a describer never sees more
than the seat may) and ``action`` the action's text form. It returns ``None`` for an action it
does not know, and the generic label (``labels.label``) is used instead.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Any, TypedDict


class Words(TypedDict, total=False):
    """``label`` and ``group`` are ``{"es": …, "en": …}``; ``help`` (optional) likewise;
    ``typed`` (optional) is the form to show for typing when it reads better than the action's
    text (``comprar-tecnologia T03`` for ``comprar-tecnologia 2``): it must parse to the same
    action, and the button still sends the text."""

    label: dict[str, str]
    group: dict[str, str]
    help: dict[str, str]
    typed: str


Describer = Callable[[dict[str, Any], str], "Words | None"]


@cache
def describer(game_id: str) -> Describer | None:
    """The game's ``describe`` function, or None when it has none."""
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError:
        return None
    return getattr(module, "describe", None)


def pair(es: str, en: str) -> dict[str, str]:
    """``{"es": es, "en": en}``."""
    return {"es": es, "en": en}
