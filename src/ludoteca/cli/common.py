"""What every command shares: the console, the one-line failure, the ``--lang`` option."""

from __future__ import annotations

import os
import sys
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from ludoteca.core.errors import LudotecaError
from ludoteca.core.i18n import detect_lang

from .messages import LANGS, tr

LangOption = Annotated[str | None, typer.Option(
    "--lang", help="es or en (default: from the locale / por defecto: según el locale)")]


def console() -> Console:
    """Rich console; 100 columns when the output is not a terminal (pipes, tests)."""
    width = None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 100
    return Console(width=width, highlight=False)


def fail(message: object, lang: str, code: int = 2) -> NoReturn:
    """One line on stderr and exit code ``code``: a mistake in what the user asked for (an
    error of ludoteca's in ``lang`` when it has that language's words)."""
    text = message.text(lang) if isinstance(message, LudotecaError) and \
        hasattr(message, "text") else str(message)
    err = Console(stderr=True, highlight=False)
    err.print(f"[bold red]{tr(lang, 'error')}:[/] {escape(text)}", soft_wrap=True)
    raise typer.Exit(code)


def pick_lang(lang: str | None) -> str:
    """``--lang`` checked (``es``/``en``), else the locale's language."""
    if lang is None:
        return detect_lang()
    if lang.lower() not in LANGS:
        fail(tr(detect_lang(), "bad_lang", value=lang), detect_lang())
    return lang.lower()
