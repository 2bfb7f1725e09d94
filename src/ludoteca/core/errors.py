"""Errors raised by the public API."""

from __future__ import annotations


class LudotecaError(Exception):
    """Base class of every error ludoteca raises on purpose."""


class IllegalAction(LudotecaError, ValueError):
    """An action that is not legal now (or text that names no action).

    ``reason`` says what was wrong in English, ``reason_es`` in Spanish, and ``legal`` lists
    the text forms of the actions the seat may take now (empty when it may take none).
    The game state is untouched when this is raised.
    """

    def __init__(self, reason: str, reason_es: str | None = None,
                 legal: list[str] | None = None) -> None:
        self.reason = reason
        self.reason_es = reason_es or reason
        self.legal = list(legal or [])
        super().__init__(reason)

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` ('es' or 'en')."""
        return self.reason_es if lang == "es" else self.reason


class _Bilingual(LudotecaError, ValueError):
    """An error whose message (``str(exc)``) is English and whose ``es``, when given, says it
    in Spanish (:meth:`text` falls back to the English one)."""

    def __init__(self, message: str, es: str | None = None) -> None:
        super().__init__(message)
        self.es = es

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` ('es' or 'en')."""
        return self.es if lang == "es" and self.es else str(self)


class InvalidOption(_Bilingual):
    """A game option (or player count, content file, bot name) that is not accepted: the
    message says what was wrong and what is allowed, in English and (``es``) in Spanish."""


class ContentError(InvalidOption):
    """A board, deck or other content file that breaks the rulebook's structure.

    The message names the file, the field and what is allowed.
    """


class RecordError(_Bilingual):
    """A game record (save file) that cannot be read or does not replay, said in English and
    (``es``) in Spanish."""
