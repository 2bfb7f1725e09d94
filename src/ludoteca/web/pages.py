"""The HTML pages: the browser side's shells (``static/*.html``) with the page's language set,
or a small fallback page while they are missing."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import Request
from fastapi.responses import HTMLResponse

STATIC_DIR = Path(__file__).parent / "static"
_HTML_LANG = re.compile(r"<html\b[^>]*>", re.IGNORECASE)
_LANG_ATTR = re.compile(r"\slang=(\"[^\"]*\"|'[^']*'|\S+)", re.IGNORECASE)

FALLBACK = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>ludoteca</title></head>
<body><h1>ludoteca</h1><p>{text}</p>
<p><a href="/api/games">/api/games</a> · <a href="/api/tables">/api/tables</a> ·
<a href="/api/docs">/api/docs</a></p></body></html>
"""


def pick_lang(request: Request) -> str:
    """``?lang=es|en``, else the first of Accept-Language that is es or en, else es."""
    lang = request.query_params.get("lang", "").lower()
    if lang in ("es", "en"):
        return lang
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in ("es", "en"):
            return code
        if code in ("ca", "gl", "eu"):
            return "es"
    return "es"


def page(name: str, request: Request) -> HTMLResponse:
    """``static/<name>.html`` with ``<html lang>`` set to the request's language."""
    lang = pick_lang(request)
    path = STATIC_DIR / f"{name}.html"
    try:
        html = path.read_text(encoding="utf-8")
    except OSError:
        text = ("La mesa web aún no está instalada; la API funciona." if lang == "es" else
                "The web table's pages are not installed yet; the API works.")
        return HTMLResponse(FALLBACK.format(lang=lang, text=text))

    def set_lang(match: re.Match[str]) -> str:
        tag = _LANG_ATTR.sub("", match.group(0))
        return tag[:5] + f' lang="{lang}"' + tag[5:]

    return HTMLResponse(_HTML_LANG.sub(set_lang, html, count=1),
                        headers={"Cache-Control": "no-cache"})
