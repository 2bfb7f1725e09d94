"""Per-game observation encoders: ``encoder_for(game_id)`` -> :class:`Encoder` (one instance
per game, built on first use). Each reads only ``game.view(seat)``."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..encoding import Encoder
from . import elplan, monopoly, sigloxx, som

FACTORIES: dict[str, Callable[[str], Encoder]] = {
    "qytetet": monopoly.encoder, "civitas": monopoly.encoder, "som": som.encoder,
    "elplan": elplan.encoder, "sigloxx": sigloxx.encoder,
}


@cache
def encoder_for(game_id: str) -> Encoder:
    """The observation encoder of ``game_id``."""
    try:
        return FACTORIES[game_id](game_id)
    except KeyError:
        raise ValueError(f"no observation encoder for {game_id!r}; games with one: "
                         f"{', '.join(sorted(FACTORIES))}") from None
