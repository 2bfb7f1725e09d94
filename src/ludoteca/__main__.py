"""``python -m ludoteca``: the command line (same as the ``ludoteca`` script)."""

from .cli.main import run

if __name__ == "__main__":   # a spawned worker process imports this module too
    run()
