"""Teachers: accounts made at the terminal (``ludoteca teacher add``), passwords hashed with
argon2id (argon2-cffi), and login sessions: a random id in an HttpOnly, SameSite=Strict
cookie, of which the database keeps only the SHA-256."""

from __future__ import annotations

import hashlib
import re
import secrets
import time

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from ..errors import WebError
from .store import ClassStore

COOKIE = "ludoteca_teacher"
SESSION_SECONDS = 12 * 3600          # a school day; then log in again
MIN_PASSWORD = 8
MAX_PASSWORD = 200
_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{1,39}$")
_SESSION = re.compile(r"^[A-Za-z0-9_-]{30,100}$")

_hasher = PasswordHasher()           # argon2id with the library's (RFC 9106) defaults
#: verified when the name is unknown, so a wrong name costs the same time as a wrong password
_DUMMY = _hasher.hash(secrets.token_urlsafe(16))


class TeacherError(ValueError):
    """A name or password that cannot be used, in both languages."""

    def __init__(self, es: str, en: str) -> None:
        super().__init__(en)
        self.es, self.en = es, en


def clean_teacher_name(raw: object) -> str:
    """A teacher's name: 2–40 characters, lower case letters, digits, ``.``, ``_``, ``-``."""
    name = raw.strip().lower() if isinstance(raw, str) else ""
    if not _NAME.match(name):
        raise TeacherError("el nombre de docente tiene de 2 a 40 caracteres: letras sin acento, "
                           "cifras, '.', '_' o '-', empezando por letra o cifra",
                           "a teacher's name has 2 to 40 characters: letters a-z, digits, "
                           "'.', '_' or '-', starting with a letter or digit")
    return name


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise TeacherError(f"la contraseña tiene de {MIN_PASSWORD} a {MAX_PASSWORD} caracteres",
                           f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")


def hash_password(password: str) -> str:
    check_password(password)
    return _hasher.hash(password)


def verify(store: ClassStore, name: str, password: str) -> bool:
    """The password is this teacher's (the hash is upgraded when the parameters changed).
    Slow on purpose (argon2): call it off the event loop."""
    digest = store.teacher_hash(name)
    try:
        _hasher.verify(digest or _DUMMY, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False
    if digest is None:
        return False
    if _hasher.check_needs_rehash(digest):
        store.set_teacher_hash(name, _hasher.hash(password))
    return True


def session_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


def new_session(store: ClassStore, name: str) -> tuple[str, float]:
    """A new login of ``name``: the session id (for the cookie only) and when it expires."""
    session_id = secrets.token_urlsafe(32)
    expires = time.time() + SESSION_SECONDS
    store.add_session(session_hash(session_id), name, expires)
    return session_id, expires


def session_teacher(store: ClassStore, session_id: str | None) -> str | None:
    """The teacher logged in with this cookie value (None: none, unknown or expired)."""
    if not session_id or not _SESSION.match(session_id):
        return None
    return store.session_teacher(session_hash(session_id))


def not_teacher() -> WebError:
    return WebError("unauthorized", "hace falta entrar como docente (en /teach)",
                    "you must log in as a teacher (at /teach)", status=401)


def not_yours() -> WebError:
    return WebError("forbidden", "esta clase es de otro docente",
                    "this class belongs to another teacher")
