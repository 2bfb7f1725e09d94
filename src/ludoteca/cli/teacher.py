"""``ludoteca teacher``: teachers' accounts of the web table's classroom — ``add NAME``,
``list``, ``remove NAME`` — on the server's database (``--db``, as ``ludoteca serve``).
Passwords are asked twice without echo (or read from stdin with ``--password-stdin``) and
stored only as argon2id hashes."""

from __future__ import annotations

import getpass
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from .common import LangOption, console, fail, pick_lang

if TYPE_CHECKING:
    from ludoteca.web.classroom.store import ClassStore

app = typer.Typer(
    name="teacher", add_completion=False, no_args_is_help=True,
    pretty_exceptions_enable=False, rich_markup_mode=None,
    help="Teachers' accounts of the web classroom: add, list, remove "
         "(cuentas de docente del aula web).")

DbOption = Annotated[str | None, typer.Option(
    "--db", help="The server's database: a SQLite file or URL, or postgresql://user@host/db. "
         "Default: ludoteca.db in the user's data folder (as ludoteca serve).")]


@contextmanager
def classroom(db: str | None, lang: str) -> Iterator[ClassStore]:
    """The classroom's tables on the server's database; a failure ends the command."""
    from sqlalchemy.exc import SQLAlchemyError

    from ludoteca.web.classroom.store import ClassStore
    from ludoteca.web.db import Store
    from ludoteca.web.server import default_db_url

    try:
        store = Store(db or default_db_url())
    except (SQLAlchemyError, OSError, ValueError) as exc:
        fail(f"--db: {exc}", lang)
    try:
        yield ClassStore(store.engine)
    except SQLAlchemyError as exc:
        fail(exc, lang)
    finally:
        store.close()


def _name(raw: str, lang: str) -> str:
    from ludoteca.web.classroom.teachers import TeacherError, clean_teacher_name

    try:
        return clean_teacher_name(raw)
    except TeacherError as exc:
        fail(exc.es if lang == "es" else exc.en, lang)


def _password(stdin: bool, lang: str) -> str:
    es = lang == "es"
    if stdin:
        return sys.stdin.readline().rstrip("\r\n")
    first = getpass.getpass("Contraseña: " if es else "Password: ")
    again = getpass.getpass("Otra vez: " if es else "Again: ")
    if first != again:
        fail("las contraseñas no coinciden" if es else "the passwords differ", lang)
    return first


@app.command("add")
def add_cmd(name: Annotated[str, typer.Argument(metavar="NAME")],
            password_stdin: Annotated[bool, typer.Option(
                "--password-stdin", help="Read the password from the first line of stdin.")
            ] = False,
            db: DbOption = None, lang: LangOption = None) -> None:
    """Add a teacher (añade un docente): the password is asked twice."""
    from ludoteca.web.classroom.teachers import TeacherError, hash_password

    lang = pick_lang(lang)
    clean = _name(name, lang)
    password = _password(password_stdin, lang)
    try:
        digest = hash_password(password)
    except TeacherError as exc:
        fail(exc.es if lang == "es" else exc.en, lang)
    with classroom(db, lang) as store:
        if not store.add_teacher(clean, digest):
            fail(f"ya existe el docente {clean!r}" if lang == "es"
                 else f"teacher {clean!r} already exists", lang)
    console().print(f"Docente {escape(clean)} añadido: entra en /teach" if lang == "es"
                     else f"Teacher {escape(clean)} added: log in at /teach")


@app.command("list")
def list_cmd(db: DbOption = None, lang: LangOption = None) -> None:
    """List the teachers (lista los docentes)."""
    lang = pick_lang(lang)
    with classroom(db, lang) as store:
        rows = store.teachers()
    if not rows:
        console().print("No hay docentes." if lang == "es" else "No teachers.")
    for name, created, n in rows:
        day = datetime.fromtimestamp(created).strftime("%Y-%m-%d")
        classes = (f"{n} clases abiertas" if lang == "es" else f"{n} open classes")
        console().print(f"{escape(name)}\t{day}\t{classes}")


@app.command("remove")
def remove_cmd(name: Annotated[str, typer.Argument(metavar="NAME")],
               db: DbOption = None, lang: LangOption = None) -> None:
    """Remove a teacher and log them out (borra un docente); their classes stay."""
    lang = pick_lang(lang)
    clean = _name(name, lang)
    with classroom(db, lang) as store:
        if not store.remove_teacher(clean):
            fail(f"no existe el docente {clean!r}" if lang == "es"
                 else f"there is no teacher {clean!r}", lang)
    console().print(f"Docente {escape(clean)} borrado." if lang == "es"
                    else f"Teacher {escape(clean)} removed.")
