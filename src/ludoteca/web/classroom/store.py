"""The classroom's tables in the web table's database (SQLite or PostgreSQL, SQLAlchemy
Core): teachers, their login sessions, classes and the students seated in them. Everything a
class needs lives here, so several workers on one PostgreSQL database share it."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

metadata = MetaData()

teachers_t = Table(
    "ludoteca_teachers", metadata,
    Column("name", String(40), primary_key=True),          # lower case
    Column("hash", String(200), nullable=False),           # argon2id, with its parameters
    Column("created", Float, nullable=False),
)

#: a login: only sha256(session id) is stored; the id itself lives in the teacher's cookie
sessions_t = Table(
    "ludoteca_teacher_sessions", metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("teacher", String(40), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)

classes_t = Table(
    "ludoteca_classes", metadata,
    Column("id", String(40), primary_key=True),
    #: the join code while the class is open (NULL once it ended: codes are unique among
    #: open classes and may come back later)
    Column("code", String(12), nullable=True, unique=True),
    Column("teacher", String(40), nullable=False, index=True),
    Column("game", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("lang", String(8), nullable=False),
    Column("seats", Integer, nullable=False),              # seats per table
    Column("bot", String(80), nullable=False),             # what fills empty seats
    Column("pick", Boolean, nullable=False),               # students may choose their table
    Column("absent_seconds", Float, nullable=False),       # gone this long: a bot plays
    Column("tables", JSON, nullable=False),                # [table id, …]
    Column("status", String(16), nullable=False),          # waiting|playing|paused|ended
    Column("published", Boolean, nullable=False, default=False),
    Column("created", Float, nullable=False),
    Column("ended", Float, nullable=True),
)

#: a student: known by sha256(class id : device key), never by the key itself
students_t = Table(
    "ludoteca_class_students", metadata,
    Column("class_id", String(40), primary_key=True),
    Column("key_hash", String(64), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("table_idx", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("joined", Float, nullable=False),
    Column("left", Float, nullable=True),                  # NULL while seated
)


@dataclass
class ClassRow:
    """One stored class."""

    id: str
    code: str | None
    teacher: str
    game: str
    options: dict[str, Any]
    lang: str
    seats: int
    bot: str
    pick: bool
    absent_seconds: float
    tables: list[str]
    status: str
    published: bool
    created: float
    ended: float | None

    @property
    def open(self) -> bool:
        return self.status != "ended"


@dataclass
class StudentRow:
    """One student of a class (``left`` is set once a bot took their seat)."""

    class_id: str
    key_hash: str
    name: str
    table_idx: int
    seat: int
    joined: float
    left: float | None


class CodeTaken(Exception):
    """Another open class has this join code."""


def _class(row: Any) -> ClassRow:
    m = row._mapping
    return ClassRow(id=m["id"], code=m["code"], teacher=m["teacher"], game=m["game"],
                    options=dict(m["options"] or {}), lang=m["lang"], seats=int(m["seats"]),
                    bot=m["bot"], pick=bool(m["pick"]),
                    absent_seconds=float(m["absent_seconds"]), tables=list(m["tables"]),
                    status=m["status"], published=bool(m["published"]),
                    created=float(m["created"]), ended=m["ended"])


def _student(row: Any) -> StudentRow:
    m = row._mapping
    return StudentRow(class_id=m["class_id"], key_hash=m["key_hash"], name=m["name"],
                      table_idx=int(m["table_idx"]), seat=int(m["seat"]),
                      joined=float(m["joined"]), left=m["left"])


class ClassStore:
    """The classroom's queries on the web table's engine (tables made when missing)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        metadata.create_all(engine)

    # ----- teachers --------------------------------------------------------------------------
    def add_teacher(self, name: str, digest: str) -> bool:
        """False when a teacher of that name exists."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(teachers_t).values(name=name, hash=digest,
                                                       created=time.time()))
        except IntegrityError:
            return False
        return True

    def set_teacher_hash(self, name: str, digest: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(teachers_t).where(teachers_t.c.name == name)
                         .values(hash=digest))

    def teacher_hash(self, name: str) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(teachers_t.c.hash)
                                .where(teachers_t.c.name == name)).scalar()

    def teachers(self) -> list[tuple[str, float, int]]:
        """(name, created, open classes) of every teacher."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(teachers_t.c.name, teachers_t.c.created)
                                .order_by(teachers_t.c.name)).all()
            out = []
            for r in rows:
                n = len(conn.execute(select(classes_t.c.id).where(
                    classes_t.c.teacher == r.name, classes_t.c.status != "ended")).all())
                out.append((r.name, float(r.created), n))
        return out

    def remove_teacher(self, name: str) -> bool:
        """Delete a teacher and their sessions (their classes stay, for the record)."""
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.teacher == name))
            gone = conn.execute(delete(teachers_t).where(teachers_t.c.name == name))
        return gone.rowcount == 1

    # ----- sessions --------------------------------------------------------------------------
    def add_session(self, id_hash: str, teacher: str, expires: float) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.expires < now))
            conn.execute(insert(sessions_t).values(id_hash=id_hash, teacher=teacher,
                                                   created=now, expires=expires))

    def session_teacher(self, id_hash: str) -> str | None:
        """The teacher a live session belongs to (None: unknown or expired)."""
        with self.engine.connect() as conn:
            return conn.execute(select(sessions_t.c.teacher).where(
                sessions_t.c.id_hash == id_hash,
                sessions_t.c.expires > time.time())).scalar()

    def drop_session(self, id_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.id_hash == id_hash))

    # ----- classes ---------------------------------------------------------------------------
    def add_class(self, row: ClassRow) -> None:
        """Raises CodeTaken when an open class has the code."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(classes_t).values(**row.__dict__))
        except IntegrityError as exc:
            raise CodeTaken(row.code) from exc

    def get_class(self, class_id: str) -> ClassRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(classes_t).where(classes_t.c.id == class_id)).first()
        return _class(row) if row is not None else None

    def class_by_code(self, code: str) -> ClassRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(classes_t).where(classes_t.c.code == code)).first()
        return _class(row) if row is not None else None

    def classes_of(self, teacher: str) -> list[ClassRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(classes_t).where(classes_t.c.teacher == teacher)
                                .order_by(classes_t.c.created.desc()).limit(100)).all()
        return [_class(r) for r in rows]

    def open_classes(self) -> list[ClassRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(classes_t).where(classes_t.c.status != "ended")).all()
        return [_class(r) for r in rows]

    def set_status(self, class_id: str, status: str) -> None:
        values: dict[str, Any] = {"status": status}
        if status == "ended":
            values.update(code=None, ended=time.time())
        with self.engine.begin() as conn:
            conn.execute(update(classes_t).where(classes_t.c.id == class_id).values(**values))

    def set_published(self, class_id: str, published: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(classes_t).where(classes_t.c.id == class_id)
                         .values(published=published))

    # ----- students --------------------------------------------------------------------------
    def students(self, class_id: str) -> list[StudentRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(students_t).where(students_t.c.class_id == class_id)
                                .order_by(students_t.c.joined)).all()
        return [_student(r) for r in rows]

    def put_student(self, row: StudentRow) -> None:
        """Insert or replace a student's row."""
        with self.engine.begin() as conn:
            conn.execute(delete(students_t).where(students_t.c.class_id == row.class_id,
                                                  students_t.c.key_hash == row.key_hash))
            conn.execute(insert(students_t).values(**row.__dict__))

    def student_left(self, class_id: str, key_hash: str, when: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(students_t).where(students_t.c.class_id == class_id,
                                                  students_t.c.key_hash == key_hash)
                         .values(left=when))
