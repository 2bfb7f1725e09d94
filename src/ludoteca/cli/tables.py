"""``ludoteca tables``: the web table's database at the terminal, for its operator —
``list``, ``show ID``, ``close ID`` and ``purge``. The queries are in
:mod:`ludoteca.web.admin`; this module prints them.

They work on the database alone (``--db``, the same as ``ludoteca serve``'s), so they run
beside a live server. Errors end with one line on stderr: exit code 2 for what was asked (an
unknown id, a bad option, an unusable ``--db``), 1 for what could not be done (the database
does not answer, the table is not playing, the purge was not confirmed).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable
from rich.text import Text

from .common import fail, pick_lang
from .messages import actions

if TYPE_CHECKING:
    from ludoteca.web.admin import ActionRow, TableInfo
    from ludoteca.web.db import Store

app = typer.Typer(
    name="tables", add_completion=False, no_args_is_help=True,
    pretty_exceptions_enable=False, rich_markup_mode=None,
    help="Administer the web table's stored tables: list, show, close, purge "
         "(administra las mesas guardadas de la mesa web).")

LangOption = Annotated[str | None, typer.Option(
    "--lang", help="es or en (default: from the locale / por defecto: según el locale)")]
DbOption = Annotated[str | None, typer.Option(
    "--db", help="The server's database: a SQLite file or URL, or postgresql://user@host/db. "
         "Default: ludoteca.db in the user's data folder (as ludoteca serve).")]

# key -> (Spanish, English)
WORDS: dict[str, tuple[str, str]] = {
    "id": ("id", "id"), "game": ("juego", "game"), "status": ("estado", "status"),
    "seats": ("asientos", "seats"), "version": ("versión", "version"),
    "created": ("creada", "created"), "touched": ("último cambio", "last change"),
    "listed": ("pública", "listed"), "creator": ("creador", "creator"),
    "ended": ("terminó", "ended"), "options": ("opciones", "options"),
    "seed": ("semilla", "seed"), "lang": ("idioma", "language"),
    "finished": ("terminada", "finished"), "result": ("resultado", "result"),
    "credentials": ("credenciales", "credentials"), "seat": ("asiento", "seat"),
    "name": ("nombre", "name"), "kind": ("tipo", "kind"), "access": ("acceso", "access"),
    "claimed": ("ocupado", "claimed"), "action": ("acción", "action"),
    "at": ("cuándo", "at"), "n": ("n", "n"), "yes": ("sí", "yes"), "no": ("no", "no"),
    "none": ("ninguna", "none"), "person": ("persona", "person"),
    "hidden_seed": ("(oculta hasta que acabe la partida)", "(hidden until the game ends)"),
    "no_tables": ("No hay mesas.", "No tables."),
    "winner": ("gana", "winner"), "reason": ("motivo", "reason"),
    "score": ("puntos", "score"), "details": ("detalles", "details"),
    "host": ("anfitrión", "host"),
}
STATUS_WORDS = {"playing": ("en juego", "playing"), "finished": ("terminada", "finished"),
                "closed": ("cerrada", "closed"), "abandoned": ("abandonada", "abandoned")}
CRED_WORDS = {"device": ("navegador", "browser", "navegadores", "browsers"),
              "invite": ("invitación", "invitation", "invitaciones", "invitations")}


def n_tables(lang: str, n: int) -> str:
    """``1 mesa``, ``3 mesas`` / ``1 table``, ``3 tables``."""
    if lang == "es":
        return f"{n} mesa" if n == 1 else f"{n} mesas"
    return f"{n} table" if n == 1 else f"{n} tables"


def w(lang: str, key: str) -> str:
    es, en = WORDS[key]
    return es if lang == "es" else en


def status_word(lang: str, status: str) -> str:
    es, en = STATUS_WORDS.get(status, (status, status))
    return es if lang == "es" else en


def console() -> Console:
    """Rich console; 100 columns when the output is not a terminal (pipes, tests)."""
    width = None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 100
    return Console(width=width, highlight=False)


@contextmanager
def database(db: str | None, lang: str) -> Iterator[Store]:
    """The store at ``--db`` (default: the server's); any refusal or database failure
    inside ends the command with its one-line message."""
    from sqlalchemy.exc import SQLAlchemyError

    from ludoteca.web import admin
    from ludoteca.web.server import default_db_url

    url = db or default_db_url()
    try:
        store = admin.open_store(url)
    except admin.AdminError as exc:
        fail(exc.text(lang), lang, exc.code)
    try:
        yield store
    except admin.AdminError as exc:
        fail(exc.text(lang), lang, exc.code)
    except SQLAlchemyError as exc:
        err = admin.database_error(exc, url)
        fail(err.text(lang), lang, err.code)
    finally:
        store.close()


def when(ts: float | None, sep: str = " ") -> str:
    """A moment in local time, to the minute."""
    if ts is None:
        return "—"
    return datetime.fromtimestamp(ts).strftime(f"%Y-%m-%d{sep}%H:%M")


def seat_label(seat: dict[str, Any], lang: str) -> str:
    """``Ana (person)``, ``Bot 2 (bot:greedy)``."""
    name = seat.get("name") or f"J{int(seat.get('seat', 0)) + 1}"
    kind = f"bot:{seat.get('bot') or '?'}" if seat.get("kind") == "bot" else w(lang, "person")
    return f"{name} ({kind})"


def short(value: Any, limit: int = 120) -> str:
    """A value as compact JSON, cut at ``limit`` characters (a board's TOML is long)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                            separators=(",", ":"))
    if len(text) > limit:
        text = text[:limit] + f"… ({len(text)})"
    return text


# ----- list --------------------------------------------------------------------------------
@app.command("list")
def list_cmd(
    status: Annotated[str, typer.Option(
        "--status", help="playing, finished, closed, abandoned or all.")] = "all",
    game: Annotated[str | None, typer.Option("--game", help="Only this game's tables.")] = None,
    limit: Annotated[int, typer.Option("--limit", help="At most this many, newest first.")
                     ] = 50,
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """List the stored tables, newest first (lista las mesas guardadas)."""
    from ludoteca.core.registry import games
    from ludoteca.web import admin

    lang = pick_lang(lang)
    try:
        wanted = admin.check_status(status)
    except admin.AdminError as exc:
        fail(exc.text(lang), lang, exc.code)
    if limit < 1:
        fail(f"--limit {limit}: " + ("1 o más" if lang == "es" else "1 or more"), lang)
    with database(db, lang) as store:
        if game is not None and game not in games():
            stored = admin.known_games(store)
            if game not in stored:
                known = ", ".join(sorted(set(games()) | set(stored)))
                fail(f"--game {game!r}: " + (f"juego desconocido (juegos: {known})"
                                             if lang == "es" else
                                             f"unknown game (games: {known})"), lang)
        rows, total = admin.list_tables(store, wanted, game, limit)
    out = console()
    if not rows:
        out.print(w(lang, "no_tables"))
        return
    # one seat a line, the day above the time: the rows fit in 100 columns
    table = RichTable(box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), show_edge=False)
    for key in ("id", "game", "status", "seats", "version", "created", "touched",
                "listed", "creator"):
        table.add_column(w(lang, key), no_wrap=key in ("id", "status", "version"),
                         justify="right" if key == "version" else "left",
                         overflow="fold")
    for t in rows:
        table.add_row(Text(t.id, style="bold"), Text(t.game),
                      Text(status_word(lang, t.status)),
                      Text("\n".join(seat_label(s, lang) for s in t.seats)),
                      str(t.version), when(t.created, "\n"), when(t.last_change, "\n"),
                      w(lang, "yes" if t.listed else "no"), Text(t.creator or "—"))
    out.print(table)
    if total > len(rows):
        out.print((f"{len(rows)} de {n_tables(lang, total)} (--limit para ver más)"
                   if lang == "es" else
                   f"{len(rows)} of {n_tables(lang, total)} (--limit to see more)"), style="dim")


# ----- show --------------------------------------------------------------------------------
#: an id may begin with "-" (ids are URL-safe base64): taken as the ID, not as an option
ID_SETTINGS = {"ignore_unknown_options": True}


@app.command("show", context_settings=ID_SETTINGS)
def show_cmd(
    table_id: Annotated[str, typer.Argument(metavar="ID", help="The table's id.")],
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Everything about one table: seats, access, credentials (counted, never their hashes),
    its last 10 actions and its result (todo sobre una mesa).

    The seed stays hidden while the table is playing (it fixes every card still to come).
    The last actions are printed as stored, secret choices of a game in play included
    (sealed bids…): the operator owns the database and could read them there anyway, but
    do not show this output to the table's players.
    """
    from ludoteca.web import admin

    lang = pick_lang(lang)
    with database(db, lang) as store:
        t = admin.get_table(store, table_id)
        acts = admin.last_actions(store, t.id, 10)
    print_table(console(), t, acts, lang)


def print_table(out: Console, t: TableInfo, acts: list[ActionRow], lang: str) -> None:
    es = lang == "es"
    out.print(Text.assemble(((("Mesa " if es else "Table ") + t.id), "bold"), " · ",
                            t.game, " · ", status_word(lang, t.status)))
    grid = RichTable.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(overflow="fold")

    def row(key: str, value: str) -> None:
        grid.add_row(w(lang, key), Text(value))

    row("game", t.game)
    row("status", status_word(lang, t.status))
    row("version", actions(lang, t.version))
    row("seed", w(lang, "hidden_seed") if t.status == "playing" else str(t.seed))
    row("options", "; ".join(f"{k}={short(v)}" for k, v in sorted(t.options.items()))
        or w(lang, "none"))
    row("lang", t.lang)
    row("listed", w(lang, "yes" if t.listed else "no"))
    row("created", when(t.created))
    row("touched", when(t.last_change))
    row("ended", when(t.finished))
    row("creator", t.creator or "—")
    parts = []
    for kind, n in sorted(t.credentials.items()):
        words = CRED_WORDS.get(kind, (kind, kind, kind, kind))
        parts.append(f"{n} {words[(0 if es else 1) + (2 if n != 1 else 0)]}")
    creds = str(t.n_credentials) + (f" ({', '.join(parts)})" if parts else "")
    if t.host_credentials:
        creds += f"; {w(lang, 'host')}: {t.host_credentials}"
    row("credentials", creds)
    out.print(grid)

    out.print()
    seats = RichTable(box=box.SIMPLE_HEAD, title=w(lang, "seats").capitalize(),
                      title_justify="left", title_style="bold")
    for key in ("seat", "name", "kind", "access", "claimed", "credentials"):
        seats.add_column(w(lang, key), overflow="fold")
    for s in t.seats:
        is_bot = s.get("kind") == "bot"
        seats.add_row(str(s.get("seat")), Text(str(s.get("name") or "—")),
                      Text(f"bot:{s.get('bot')}" if is_bot else w(lang, "person")),
                      Text(str(s.get("access") or "—")),
                      "—" if is_bot else w(lang, "yes" if s.get("claimed") else "no"),
                      str(t.holders.get(int(s.get("seat", -1)), 0)))
    out.print(seats)

    names = {int(s.get("seat", i)): str(s.get("name") or "") for i, s in enumerate(t.seats)}
    if acts:
        n, total = len(acts), max(t.version, len(acts))
        if n < total:
            title = f"Últimas {n} de {total} acciones" if es else f"Last {n} of {total} actions"
        elif n > 1:
            title = f"Las {n} acciones" if es else f"The {n} actions"
        else:
            title = "La única acción" if es else "The only action"
        if t.status == "playing":
            title += (" (incluidas elecciones secretas)" if es else
                      " (secret choices included)")
        log = RichTable(box=box.SIMPLE_HEAD, title=title, title_justify="left",
                        title_style="bold")
        for key in ("n", "seat", "action", "at"):
            log.add_column(w(lang, key), overflow="fold",
                           justify="right" if key == "n" else "left")
        for a in acts:
            log.add_row(str(a.n), Text(f"{a.seat} {names.get(a.seat, '')}".strip()),
                        Text(a.text), when(a.at))
        out.print(log)
    else:
        out.print("Ninguna acción todavía." if es else "No actions yet.", style="dim")

    if t.result:
        out.print()
        out.print(Text(w(lang, "result").capitalize(), style="bold"))
        res = t.result
        scores = res.get("scores") or []
        winners = set(res.get("winners") or [])
        for place, seat in enumerate(res.get("ranking") or [], 1):
            score = scores[seat] if isinstance(seat, int) and seat < len(scores) else "—"
            line = f"  {place}. {names.get(seat, str(seat))}: {score}"
            if seat in winners:
                line += f" ({w(lang, 'winner')})"
            out.print(Text(line))
        if res.get("reason"):
            out.print(Text(f"  {w(lang, 'reason')}: {res['reason']}"))
        if res.get("details"):
            out.print(Text(f"  {w(lang, 'details')}: {short(res['details'], 300)}"))


# ----- close -------------------------------------------------------------------------------
@app.command("close", context_settings=ID_SETTINGS)
def close_cmd(
    table_id: Annotated[str, typer.Argument(metavar="ID", help="The table's id.")],
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Close a table in play, as its host would (cierra una mesa en juego).

    A running server refuses the table's next action and tells its players within a
    minute.
    """
    from ludoteca.web import admin

    lang = pick_lang(lang)
    with database(db, lang) as store:
        t = admin.close_table(store, table_id)
    console().print(
        f"Mesa [bold]{escape(t.id)}[/] ({escape(t.game)}) cerrada. Un servidor en marcha lo "
        "nota en su próxima acción o en menos de un minuto." if lang == "es" else
        f"Table [bold]{escape(t.id)}[/] ({escape(t.game)}) closed. A running server notices "
        "at its next action or within a minute.")


# ----- purge -------------------------------------------------------------------------------
@app.command("purge")
def purge_cmd(
    older_than: Annotated[float, typer.Option(
        "--older-than", metavar="DAYS",
        help="Only tables that ended more than DAYS days ago.")] = 30,
    status: Annotated[str, typer.Option(
        "--status", help="Which ended tables, comma-separated: closed, abandoned, finished. "
             "Tables in play are never deleted.")] = "closed,abandoned",
    yes: Annotated[bool, typer.Option(
        "--yes", "-y", help="Do not ask: delete at once.")] = False,
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Delete old ended tables and their actions (borra mesas terminadas antiguas).

    Without --yes it lists what it would delete and asks first. Tables in play are never
    deleted, nor tables that ended less than 5 minutes ago (a running server learns of an
    end within a minute).
    """
    from ludoteca.web import admin

    lang = pick_lang(lang)
    es = lang == "es"
    try:
        statuses = admin.check_purge_statuses(status)
    except admin.AdminError as exc:
        fail(exc.text(lang), lang, exc.code)
    if not 0 <= older_than < 1e6:
        fail(f"--older-than {older_than}: " + ("son días, 0 o más" if es else
                                               "days, 0 or more"), lang)
    out = console()
    with database(db, lang) as store:
        rows, n_actions, cutoff = admin.purge_candidates(store, statuses, older_than)
        which = ", ".join(status_word(lang, s) for s in statuses)
        if not rows:
            out.print(f"Nada que borrar: ninguna mesa ({which}) terminó antes del "
                      f"{when(cutoff)}." if es else
                      f"Nothing to delete: no table ({which}) ended before {when(cutoff)}.")
            return
        if not yes:
            table = RichTable(box=box.SIMPLE_HEAD)
            for key in ("id", "game", "status", "version", "ended", "seats"):
                table.add_column(w(lang, key), overflow="fold",
                                 no_wrap=key in ("id", "status", "ended"))
            for t in rows:
                table.add_row(Text(t.id, style="bold"), Text(t.game),
                              status_word(lang, t.status), str(t.version),
                              when(t.finished or t.last_change),
                              Text(", ".join(seat_label(s, lang) for s in t.seats)))
            out.print(table)
            question = (f"¿Borrar {n_tables(lang, len(rows))} (con "
                        f"{actions(lang, n_actions)})? (y = sí)" if es else
                        f"Delete {n_tables(lang, len(rows))} (with "
                        f"{actions(lang, n_actions)})?")
            try:
                sure = typer.confirm(question, default=False)
            except typer.Abort:
                sure = False
                out.print()
            if not sure:
                out.print("No se ha borrado nada." if es else "Nothing deleted.")
                raise typer.Exit(1)
        gone, gone_actions = admin.purge(store, [t.id for t in rows], statuses, cutoff)
    out.print(f"Borrado: {n_tables(lang, gone)}, {actions(lang, gone_actions)}." if es else
              f"Deleted {n_tables(lang, gone)} and {actions(lang, gone_actions)}.")
