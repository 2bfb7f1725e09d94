"""Language choice for player-facing text (Spanish or English)."""

from __future__ import annotations

import locale
import os

LANGS = ("es", "en")


def detect_lang() -> str:
    """'es' when the user's locale is Spanish (or Catalan), else 'en'."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "es" if value.lower()[:2] in ("es", "ca", "gl", "eu") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "es" if loc.lower()[:2] in ("es", "ca") else "en"


def pick(lang: str, es: str, en: str) -> str:
    return es if lang == "es" else en
