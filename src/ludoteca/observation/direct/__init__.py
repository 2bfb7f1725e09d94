"""Direct encoders, one module per game: a function that writes the observation vector
straight from the game's state, **the same values, bit for bit, as the game's encoder applied
to** ``game.view(seat)`` (tests/test_rl_encoding.py and tests/test_rl_direct_*.py check every
seat at every step of random episodes), reading only what that view shows. The environments
use them; the view-based encoder stays the definition (docs/rl.md).

``DIRECT[game_id](game, seat, buf)`` writes the whole float64 scratch buffer ``buf`` (an
``array("d")`` of the encoder's size) that ``Encoder.finish`` turns into the float32 vector.
A buffer the writer has not seen is written from its first element to its last; the Siglo XX
and El Plan writers remember (weakly, per buffer) what they left in one, and write again only
what changed since: nothing else may change a buffer between two of their writes (an
``Observer``'s buffers are its own). A writer with ``bounded = True`` clips its
own values to ±LIMIT, so the buffer only needs casting. A bounded writer may also have a
``float32`` attribute: the same writer for an ``array("f")`` buffer, which it fills with the
float32 vector itself (every value the float64 one cast, as ``Encoder.finish`` casts): the
``Observer`` uses it as its observation, with no scratch and no cast (every game has one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import elplan, monopoly, sigloxx, som

DIRECT: dict[str, Callable[[Any, int, Any], None]] = {
    "qytetet": monopoly.writer("qytetet"), "civitas": monopoly.writer("civitas"),
    "som": som.writer("som"), "elplan": elplan.writer(), "sigloxx": sigloxx.writer(),
}
