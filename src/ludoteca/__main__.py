"""``python -m ludoteca``: the command line (same as the ``ludoteca`` script)."""

from .cli.main import run

run()
