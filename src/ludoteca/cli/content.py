"""``ludoteca content``: the content files' declared schemas at the terminal, for authors —
``check FILE --game GAME`` validates a TOML content file against the game's schema and the
rulebook's counts, ``schema GAME`` prints the schema as JSON Schema (for editors).

Exit codes: 0 the file is valid, 1 it is not (the error names the file, the field path and
what is allowed), 2 for what was asked (an unknown game, a file that cannot be read).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape

from ludoteca.core.content_schema import json_schema
from ludoteca.core.errors import ContentError
from ludoteca.core.i18n import detect_lang

app = typer.Typer(
    name="content", add_completion=False, no_args_is_help=True,
    pretty_exceptions_enable=False, rich_markup_mode=None,
    help="Check content files (boards, decks, maps) and print their JSON Schema "
         "(comprueba ficheros de contenido e imprime su JSON Schema).")

# game -> (module of its schema model, model name, what the file holds)
SCHEMAS: dict[str, tuple[str, str, str]] = {
    "som": ("ludoteca.games.som.schema", "SomContent", "content.toml"),
    "elplan": ("ludoteca.games.elplan.schema", "ElPlanContent", "content.toml"),
    "sigloxx": ("ludoteca.games.sigloxx.schema", "SigloXXContent", "content.toml"),
    "qytetet": ("ludoteca.games.monopoly.content", "ContentSpec", "board.toml"),
    "civitas": ("ludoteca.games.monopoly.content", "ContentSpec", "board.toml"),
}

STRINGS: dict[str, dict[str, str]] = {
    "ok": {"es": "OK: {file} es contenido válido de {game}",
           "en": "OK: {file} is valid {game} content"},
    "error": {"es": "error", "en": "error"},
    "bad_game": {"es": "juego desconocido {game!r}; hay: {games}",
                 "en": "unknown game {game!r}; known: {games}"},
    "unreadable": {"es": "{file}: no se puede leer: {why}",
                   "en": "{file}: cannot be read: {why}"},
    "bad_lang": {"es": "idioma desconocido {value!r}; hay: es, en",
                 "en": "unknown language {value!r}; known: es, en"},
}

LangOption = Annotated[str | None, typer.Option(
    "--lang", help="es or en (default: from the locale / por defecto: según el locale)")]


def _t(lang: str, key: str, **kw: Any) -> str:
    return STRINGS[key][lang].format(**kw)


def _lang(lang: str | None) -> str:
    if lang is None:
        return detect_lang()
    if lang.lower() not in ("es", "en"):
        _fail(_t(detect_lang(), "bad_lang", value=lang), detect_lang(), 2)
    return lang.lower()


def _fail(message: str, lang: str, code: int) -> NoReturn:
    err = Console(stderr=True, highlight=False)
    err.print(f"[bold red]{_t(lang, 'error')}:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(code)


def _game(game: str, lang: str) -> str:
    key = game.lower()
    if key not in SCHEMAS:
        _fail(_t(lang, "bad_game", game=game, games=", ".join(SCHEMAS)), lang, 2)
    return key


def schema_model(game: str) -> type[BaseModel]:
    """The pydantic model of ``game``'s content file."""
    module, name, _ = SCHEMAS[game]
    return getattr(import_module(module), name)


def checker(game: str) -> Callable[[str, str], Any]:
    """``check(text, origin)``: parse a content file of ``game`` the way the game does
    (schema + the rulebook's counts); raises :class:`ContentError`."""
    if game in ("qytetet", "civitas"):
        from ludoteca.games.monopoly.content import default_cards_of, load_board
        from ludoteca.games.monopoly.setup import default_source

        package = f"ludoteca.games.{game}"
        rules = import_module(package).RULES
        return lambda text, origin: load_board(text, origin, rules.deck,
                                               default_cards_of(default_source(package)))
    parse = import_module(f"ludoteca.games.{game}.content").parse_content
    return lambda text, origin: parse(text, origin)


def check_text(game: str, text: str, origin: str) -> None:
    """Validate ``text`` as ``game``'s content; raises :class:`ContentError`."""
    checker(game)(text, origin)


@app.command("check")
def check_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="TOML content file")],
    game: Annotated[str, typer.Option("--game", "-g", help="som, elplan, sigloxx, qytetet, "
                                      "civitas")],
    lang: LangOption = None,
) -> None:
    """Validate a content file: one OK line (exit 0) or the error (exit 1)."""
    lang = _lang(lang)
    key = _game(game, lang)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _fail(_t(lang, "unreadable", file=str(file), why=exc.strerror
                 if isinstance(exc, OSError) else exc), lang, 2)
    try:
        check_text(key, text, str(file))
    except ContentError as exc:
        _fail(exc.text(lang), lang, 1)
    Console(highlight=False, soft_wrap=True).print(
        escape(_t(lang, "ok", file=str(file), game=key)))


@app.command("schema")
def schema_cmd(
    game: Annotated[str, typer.Argument(metavar="GAME")],
    lang: LangOption = None,
) -> None:
    """Print the JSON Schema of a game's content file (for editors)."""
    key = _game(game, _lang(lang))
    typer.echo(json_schema(schema_model(key), f"ludoteca {key} {SCHEMAS[key][2]}"))
