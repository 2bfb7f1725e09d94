"""The operator's view of the web table's database: ``ludoteca tables`` (see
``ludoteca.cli.tables``) lists, shows, closes and purges stored tables.

Everything here works on the database alone, so it runs beside a live server: a table closed
here is refused at that server's next action on it, and its sweeper (once a minute) tells the
table's sockets. Nothing here returns a credential's hash; :class:`TableInfo` carries only how
many credentials a table has.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from .access import normalize_seat
from .db import Store, actions_t, normalize_url, tables_t

STATUSES = ("playing", "finished", "closed", "abandoned")
#: statuses ``purge`` may delete (never ``playing``)
ENDED = ("finished", "closed", "abandoned")
PURGE_DEFAULT = ("closed", "abandoned")
#: seconds a PostgreSQL connection attempt may take before the command gives up
CONNECT_TIMEOUT = 10
#: tables that ended less than this many seconds ago are never purged, whatever the days
#: asked: a running server learns of an end at the terminal within a minute (its sweeper),
#: and a table deleted before it did would stay "playing" in its memory
PURGE_GRACE = 300


class AdminError(Exception):
    """A refusal with its message in both languages and the exit code it ends with: 2 for
    what was asked (an unknown id, a bad value, an unusable --db), 1 for what could not be
    done (the database does not answer, the table is not playing)."""

    def __init__(self, es: str, en: str, code: int = 2) -> None:
        super().__init__(en)
        self.es, self.en, self.code = es, en, code

    def text(self, lang: str) -> str:
        return self.es if lang == "es" else self.en


@dataclass
class TableInfo:
    """One stored table as the operator sees it: seats in today's form, no credential
    hashes (``credentials`` counts them by kind), no actions."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    lang: str
    listed: bool
    status: str
    version: int
    created: float
    finished: float | None
    result: dict[str, Any] | None
    creator: str | None
    touched: float | None
    credentials: dict[str, int] = field(default_factory=dict)   # kind -> how many
    holders: dict[int, int] = field(default_factory=dict)       # seat -> credentials for it
    host_credentials: int = 0

    @property
    def last_change(self) -> float:
        """When it last changed (rows of older versions have no ``touched``)."""
        return self.touched if self.touched is not None else self.created

    @property
    def n_credentials(self) -> int:
        return sum(self.credentials.values())


@dataclass(frozen=True)
class ActionRow:
    n: int
    seat: int
    text: str
    at: float


def safe_url(url: str) -> str:
    """A database URL (as the user wrote it) without its password (all up to the last "@"
    after the user's name: a password may hold an unescaped "@")."""
    if "://" not in url or "@" not in url:
        return url
    scheme, rest = url.split("://", 1)
    userinfo, host = rest.rsplit("@", 1)
    if ":" not in userinfo:
        return url
    return f"{scheme}://{userinfo.split(':', 1)[0]}:***@{host}"


# ----- opening -----------------------------------------------------------------------------
def open_store(url: str) -> Store:
    """The database at ``url`` (a SQLite path or URL, or postgresql://…), refusing a SQLite
    file that does not exist (a typo must not make an empty database) and a path that is a
    folder. A PostgreSQL that does not answer is given up after ``CONNECT_TIMEOUT`` s."""
    shown = safe_url(url)
    if "://" in url and "@" in url.split("://", 1)[1].rsplit("@", 1)[0]:
        raise AdminError(f"--db {shown}: una @ del usuario o la contraseña se escribe %40",
                         f"--db {shown}: write an @ in the user or password as %40")
    try:
        parsed = make_url(normalize_url(url))
    except (ArgumentError, ValueError):
        raise AdminError(f"--db {shown}: no es una ruta de SQLite ni una URL de base de datos",
                         f"--db {shown}: not a SQLite path nor a database URL") from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        path = parsed.database or ""
        if not path or path == ":memory:":
            raise AdminError(f"--db {shown}: falta la ruta del fichero de SQLite",
                             f"--db {shown}: the SQLite file's path is missing")
        where = Path(path)
        if path.startswith("file:"):       # a SQLite URI (?uri=true): SQLite reads it
            pass
        elif where.is_dir():
            raise AdminError(f"--db {path}: es una carpeta, no un fichero de base de datos",
                             f"--db {path}: is a folder, not a database file")
        if not where.exists():
            raise AdminError(f"no hay ninguna base de datos en {path} (ludoteca serve la crea "
                             "al arrancar; --db indica otra)", f"no database at {path} "
                             "(ludoteca serve creates it when it starts; --db names another)")
    elif backend == "postgresql" and "connect_timeout" not in parsed.query:
        parsed = parsed.update_query_dict({"connect_timeout": str(CONNECT_TIMEOUT)})
    try:
        return Store(parsed.render_as_string(hide_password=False))
    except ImportError as exc:
        raise AdminError(f"--db {shown}: falta el controlador ({exc.name or exc})",
                         f"--db {shown}: its driver is not installed ({exc.name or exc})"
                         ) from None
    except ArgumentError as exc:   # an unknown dialect or driver
        raise AdminError(f"--db {shown}: {_why(exc, parsed.password)}",
                         f"--db {shown}: {_why(exc, parsed.password)}") from None
    except (SQLAlchemyError, OSError) as exc:
        why = _why(exc, parsed.password)
        raise AdminError(f"no se puede usar la base de datos {shown}: {why}",
                         f"cannot use the database {shown}: {why}", 1) from None


def _why(exc: BaseException, password: str | None) -> str:
    """An error's first line, without SQLAlchemy's SQL and links, and never the password."""
    inner = getattr(exc, "orig", None) or exc
    lines = [ln.strip() for ln in str(inner).splitlines() if ln.strip()]
    line = lines[0] if lines else type(inner).__name__
    if line.startswith("(") and ") " in line:         # "(sqlite3.OperationalError) …"
        line = line.split(") ", 1)[1]
    if password:
        line = line.replace(password, "***")
    return line[:300]


def database_error(exc: SQLAlchemyError, url: str) -> AdminError:
    """A failure after the database was opened (it went away, a lock held too long)."""
    try:
        password = make_url(normalize_url(url)).password
    except (ArgumentError, ValueError):
        password = None
    why = _why(exc, password)
    return AdminError(f"la base de datos {safe_url(url)} falló: {why}",
                      f"the database {safe_url(url)} failed: {why}", 1)


# ----- checking what was asked -------------------------------------------------------------
def check_status(value: str) -> str | None:
    """``--status`` of ``list``: one status, or ``all`` (None)."""
    status = value.strip().lower()
    if status == "all":
        return None
    if status not in STATUSES:
        raise AdminError(f"--status {value!r}: usa {', '.join(STATUSES)} o all",
                         f"--status {value!r}: use {', '.join(STATUSES)} or all")
    return status


def check_purge_statuses(value: str) -> tuple[str, ...]:
    """``--status`` of ``purge``: ended statuses, comma-separated; never ``playing``."""
    got: list[str] = []
    for part in value.split(","):
        status = part.strip().lower()
        if not status:
            continue
        if status == "playing":
            raise AdminError("--status playing: purge nunca borra mesas en juego (ciérralas "
                             "antes con ludoteca tables close ID)",
                             "--status playing: purge never deletes tables in play (close "
                             "them first with ludoteca tables close ID)")
        if status not in ENDED:
            raise AdminError(f"--status {part.strip()!r}: usa {', '.join(ENDED)} (separados "
                             "por comas)", f"--status {part.strip()!r}: use "
                             f"{', '.join(ENDED)} (comma-separated)")
        if status not in got:
            got.append(status)
    if not got:
        raise AdminError(f"--status {value!r}: di qué mesas terminadas borrar: "
                         f"{', '.join(ENDED)}", f"--status {value!r}: say which ended tables "
                         f"to delete: {', '.join(ENDED)}")
    return tuple(got)


# ----- reading -----------------------------------------------------------------------------
def _info(row: Any) -> TableInfo:
    m = row._mapping
    seats = [normalize_seat(s) for s in (m["seats"] or [])]
    info = TableInfo(id=m["id"], game=m["game"], options=dict(m["options"] or {}),
                     seed=int(m["seed"]), seats=seats, lang=m["lang"],
                     listed=bool(m["listed"]), status=m["status"], version=int(m["version"]),
                     created=float(m["created"]), finished=m["finished"], result=m["result"],
                     creator=m.get("creator"), touched=m.get("touched"))
    for cred in m["tokens"] or []:
        kind = str(cred.get("kind", "invite"))    # older rows: a token was an invitation
        info.credentials[kind] = info.credentials.get(kind, 0) + 1
        info.host_credentials += bool(cred.get("host"))
        for seat in cred.get("seats") or []:
            info.holders[seat] = info.holders.get(seat, 0) + 1
    return info


def list_tables(store: Store, status: str | None = None, game: str | None = None,
                limit: int | None = None) -> tuple[list[TableInfo], int]:
    """Tables newest first (at most ``limit``) and how many match in all."""
    where = []
    if status is not None:
        where.append(tables_t.c.status == status)
    if game is not None:
        where.append(tables_t.c.game == game)
    query = select(tables_t).where(*where).order_by(tables_t.c.created.desc(),
                                                   tables_t.c.id)
    if limit is not None:
        query = query.limit(limit)
    with store.engine.connect() as conn:
        rows = [_info(r) for r in conn.execute(query)]
        total = conn.execute(select(func.count()).select_from(tables_t).where(*where)
                             ).scalar_one()
    return rows, int(total)


def known_games(store: Store) -> list[str]:
    """The games of the stored tables."""
    with store.engine.connect() as conn:
        return sorted(r[0] for r in conn.execute(select(tables_t.c.game).distinct()))


def get_table(store: Store, table_id: str) -> TableInfo:
    with store.engine.connect() as conn:
        row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
    if row is None:
        raise AdminError(f"no hay ninguna mesa {table_id!r} (ludoteca tables list las "
                         "muestra)", f"there is no table {table_id!r} (ludoteca tables list "
                         "shows them)")
    return _info(row)


def last_actions(store: Store, table_id: str, n: int = 10) -> list[ActionRow]:
    """The table's last ``n`` stored actions, oldest first."""
    query = select(actions_t.c.n, actions_t.c.seat, actions_t.c.text, actions_t.c.at).where(
        actions_t.c.table_id == table_id).order_by(actions_t.c.n.desc()).limit(n)
    with store.engine.connect() as conn:
        rows = [ActionRow(int(r.n), int(r.seat), r.text, float(r.at))
                for r in conn.execute(query)]
    return rows[::-1]


# ----- closing -----------------------------------------------------------------------------
def close_table(store: Store, table_id: str) -> TableInfo:
    """playing → closed, as its host would. A running server refuses the table's next action
    and tells its sockets within a minute (its sweeper re-reads the statuses)."""
    table = get_table(store, table_id)
    if table.status == "playing" and store.end(table_id, "closed"):
        return get_table(store, table_id)
    status = get_table(store, table_id).status     # it may have ended meanwhile
    raise AdminError(f"la mesa {table_id} no está en juego ({_es_status(status)}): no hay "
                     "nada que cerrar", f"table {table_id} is not playing ({status}): there "
                     "is nothing to close", 1)


def _es_status(status: str) -> str:
    return {"playing": "en juego", "finished": "terminada", "closed": "cerrada",
            "abandoned": "abandonada"}.get(status, status)


# ----- purging -----------------------------------------------------------------------------
def _ended_before(statuses: tuple[str, ...], cutoff: float) -> Any:
    when = func.coalesce(tables_t.c.finished, tables_t.c.touched, tables_t.c.created)
    return (tables_t.c.status.in_([s for s in statuses if s != "playing"]),
            tables_t.c.status != "playing", when < cutoff)


def purge_candidates(store: Store, statuses: tuple[str, ...], older_than_days: float,
                     now: float | None = None) -> tuple[list[TableInfo], int, float]:
    """The ended tables (of ``statuses``) that ended more than ``older_than_days`` ago (and
    at least ``PURGE_GRACE`` seconds ago), oldest first; how many actions they hold; the
    cutoff (epoch seconds)."""
    now = time.time() if now is None else now
    cutoff = min(now - older_than_days * 86400, now - PURGE_GRACE)
    where = _ended_before(statuses, cutoff)
    with store.engine.connect() as conn:
        rows = [_info(r) for r in conn.execute(select(tables_t).where(*where).order_by(
            func.coalesce(tables_t.c.finished, tables_t.c.touched, tables_t.c.created)))]
        n_actions = conn.execute(select(func.count()).select_from(actions_t).where(
            actions_t.c.table_id.in_(select(tables_t.c.id).where(*where)))).scalar_one()
    return rows, int(n_actions), cutoff


def purge(store: Store, table_ids: list[str], statuses: tuple[str, ...],
          cutoff: float) -> tuple[int, int]:
    """Delete these tables and their actions in one transaction, each only if it still is
    an ended table of ``statuses`` older than ``cutoff`` (never one that is playing).
    Returns (tables, actions) deleted."""
    if not table_ids:
        return 0, 0
    tables = actions = 0
    with store.engine.begin() as conn:
        for start in range(0, len(table_ids), 500):     # bound the statement's parameters
            chunk = table_ids[start:start + 500]
            doomed = select(tables_t.c.id).where(tables_t.c.id.in_(chunk),
                                                 *_ended_before(statuses, cutoff))
            actions += conn.execute(delete(actions_t).where(
                actions_t.c.table_id.in_(doomed))).rowcount or 0
            tables += conn.execute(delete(tables_t).where(
                tables_t.c.id.in_(chunk), *_ended_before(statuses, cutoff))).rowcount or 0
    return tables, actions
