"""The HTML pages: the browser side's shells (``static/*.html``) with the page's language set,
or a small fallback page while they are missing."""

from __future__ import annotations

import html
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


#: what a friendly page says, by kind: (title, text) in each language
GONE_TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "table": {
        "es": ("No encontramos esa mesa",
               "El enlace no lleva a ninguna mesa: puede que esté mal copiado o que la mesa ya "
               "no exista."),
        "en": ("We could not find that table",
               "The link leads to no table: it may be mistyped, or the table no longer exists."),
    },
    "replay": {
        "es": ("No hay repetición de esa partida",
               "No encontramos ninguna partida con esa dirección."),
        "en": ("There is no replay of that game",
               "We found no game at that address."),
    },
    "closed": {
        "es": ("El anfitrión cerró esta mesa",
               "La partida terminó sin acabarse: ya nadie puede jugar en ella."),
        "en": ("The host closed this table",
               "The game stopped before its end: nobody can play at this table any more."),
    },
    "abandoned": {
        "es": ("Esta mesa se cerró por inactividad",
               "Nadie jugó en ella durante demasiado tiempo, así que se cerró."),
        "en": ("This table expired",
               "Nobody played at it for too long, so it was closed."),
    },
    "page": {
        "es": ("Esta página no existe", "No hay nada en esta dirección."),
        "en": ("This page does not exist", "There is nothing at this address."),
    },
}
GONE_WORDS = {
    "es": {"lobby": "Ir al inicio: los juegos y las mesas", "skip": "Saltar al contenido",
           "other": "English", "other_lang": "en",
           "language": "Idioma"},
    "en": {"lobby": "Go to the lobby: the games and the tables", "skip": "Skip to content",
           "other": "Español", "other_lang": "es",
           "language": "Language"},
}
GONE_PAGE = """<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} — ludoteca</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/static/style.css">
</head>
<body data-page="notfound" data-kind="{kind}">
  <a class="skip-link" href="#main">{skip}</a>
  <div class="page gone-page">
    <header class="page-header">
      <a href="/?lang={lang}" class="home-link">ludoteca</a>
      <nav class="lang-switch" aria-label="{language}">
        <a href="?lang={other_lang}" lang="{other_lang}" hreflang="{other_lang}">{other}</a>
      </nav>
    </header>
    <main id="main" class="gone-box" tabindex="-1">
      <h1>{title}</h1>
      <p>{text}</p>
      <p><a class="go-to-table gone-lobby" href="/?lang={lang}">{lobby}</a></p>
    </main>
  </div>
</body>
</html>
"""


def gone_page(kind: str, request: Request, status: int = 404,
              table_lang: str | None = None) -> HTMLResponse:
    """A friendly page, in the request's language, for an unknown or ended table, an unknown
    replay or any unknown page: what happened and a link to the lobby (the API keeps JSON).
    An ended table's own language comes before the browser's, as on the table page."""
    asked = request.query_params.get("lang", "").lower()
    lang = asked if asked in ("es", "en") else (
        table_lang if table_lang in ("es", "en") else pick_lang(request))
    title, text = GONE_TEXTS.get(kind, GONE_TEXTS["page"])[lang]
    words = GONE_WORDS[lang]
    return HTMLResponse(GONE_PAGE.format(lang=lang, kind=html.escape(kind), title=title, text=text,
                                         **words),
                        status_code=status, headers={"Cache-Control": "no-cache"})


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
