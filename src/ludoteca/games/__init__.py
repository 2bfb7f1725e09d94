"""One package per game. Importing this registers every built-in game."""

from . import civitas, elplan, qytetet, sigloxx, som  # noqa: F401  (registration side effects)
