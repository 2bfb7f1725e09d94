"""``python -m ludoteca.cli``."""

from .main import run

run()
