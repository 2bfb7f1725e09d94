"""Direct encoders: for a game whose ``view(seat)`` is the bottleneck, a function that writes
the observation vector straight from the game's state, **the same values, bit for bit, as the
game's encoder applied to** ``game.view(seat)`` (tests/test_rl_encoding.py checks every seat
of random positions of every player count, and every step of random episodes), and reading
only what that view shows. The environments use one when the game has it; the view-based
encoder stays the definition (docs/rl.md).

``DIRECT[game_id](game, seat, buf)`` writes the whole float64 scratch buffer ``buf`` (an
``array("d")`` of the encoder's size, overwritten from its first element to its last) that
``Encoder.finish`` turns into the float32 vector.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import monopoly

DIRECT: dict[str, Callable[[Any, int, Any], None]] = {
    "qytetet": monopoly.writer("qytetet"), "civitas": monopoly.writer("civitas"),
}
