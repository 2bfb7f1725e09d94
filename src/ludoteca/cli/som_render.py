"""The terminal table of «Som el que decidim!»: kept as the name ``render.BUILTIN_RENDERERS``
points at (and for older imports); the screen itself lives in the package
:mod:`ludoteca.cli.som`."""

from __future__ import annotations

from .som import *  # noqa: F403
from .som import __all__  # noqa: F401
