"""The terminal interface: ``ludoteca games | rules | play | replay`` (see ``main.py``).

``render`` draws a Monopoly-family table with rich, ``table`` runs the play loop and
``messages`` holds the interface's own words in Spanish and English. A game publishes its
action grammar to ``ludoteca rules`` with a module-level ``grammar_lines(lang)`` (found by
:func:`ludoteca.cli.render.actions_module`) or with :func:`register_grammar`.
"""

from .render import register_grammar

__all__ = ["register_grammar"]
