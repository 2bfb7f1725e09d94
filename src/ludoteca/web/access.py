"""Who may do what at a table: seats and how people get them, the browser's device key, the
one-time invitation codes, and players' names.

A browser holds one random *device key* in an HttpOnly, SameSite=Strict cookie. A table
stores, per browser that sits at it, only ``sha256(table id + device key)`` with the seats
it acts for and whether it is the host; per unclaimed invitation, only ``sha256(code)``.
Nothing secret ever travels in a URL: an invitation's code rides in the link's fragment,
which browsers never send to a server.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

from .errors import bad

COOKIE = "ludoteca_device"
COOKIE_MAX_AGE = 400 * 24 * 3600          # browsers cap cookies at 400 days
ACCESS = ("host", "local", "invite", "open")
MAX_NAME = 24
_KEY = re.compile(r"^[A-Za-z0-9_-]{20,100}$")
#: character categories a name may not hold: controls, format (bidi overrides, zero-width),
#: surrogates, private use, unassigned, line and paragraph separators
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


@dataclass(frozen=True)
class Access:
    """What one browser may do at one table."""

    seats: tuple[int, ...] = ()
    host: bool = False


NOBODY = Access()


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def valid_key(key: str | None) -> bool:
    return bool(key) and _KEY.match(key or "") is not None


def device_hash(table_id: str, key: str) -> str:
    """What a table stores of a browser's device key (useless at any other table)."""
    return hashlib.sha256(f"{table_id}:{key}".encode()).hexdigest()


def code_hash(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest()


def access_of(credentials: list[dict[str, Any]], table_id: str, key: str | None) -> Access:
    """The seats (and host role) a device key has at a table; nothing for an unknown key."""
    if not valid_key(key):
        return NOBODY
    digest = device_hash(table_id, key or "")
    for cred in credentials:
        if cred.get("kind") == "device" and cred["hash"] == digest:
            return Access(tuple(cred["seats"]), bool(cred.get("host")))
    return NOBODY


def code_entry(credentials: list[dict[str, Any]], code: Any) -> dict[str, Any] | None:
    """The unused invitation a code opens (links of older versions, whose token was the
    code, count as invitations too)."""
    if not isinstance(code, str) or not 10 <= len(code) <= 100:
        return None
    digest = code_hash(code)
    for cred in credentials:
        if cred.get("kind", "invite") == "invite" and cred["hash"] == digest:
            return cred
    return None


def bind(credentials: list[dict[str, Any]], table_id: str, key: str, seats: list[int],
         host: bool = False) -> list[dict[str, Any]]:
    """The credentials with ``seats`` given to this device (added to what it had), and no
    other browser or invitation holding them any more."""
    digest = device_hash(table_id, key)
    out: list[dict[str, Any]] = []
    mine: dict[str, Any] = {"hash": digest, "kind": "device", "seats": [], "host": host}
    for cred in credentials:
        if cred.get("kind") == "device" and cred["hash"] == digest:
            mine = {**cred, "seats": list(cred["seats"]), "host": cred.get("host") or host}
            continue
        left = [s for s in cred["seats"] if s not in seats]
        if left or cred.get("host"):
            out.append({**cred, "seats": left})
    mine["seats"] = sorted(set(mine["seats"]) | set(seats))
    return [*out, mine]


def without_seat(credentials: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """Nobody holds ``seat`` any more (the host keeps being the host)."""
    out = []
    for cred in credentials:
        left = [s for s in cred["seats"] if s != seat]
        if left or cred.get("host"):
            out.append({**cred, "seats": left})
    return out


def normalize_seat(seat: dict[str, Any]) -> dict[str, Any]:
    """A stored seat in today's form (rows of older versions had ``taken``, no ``access``)."""
    out = dict(seat)
    out.setdefault("claimed", bool(out.pop("taken", False)))
    out.pop("taken", None)
    if out.get("kind") == "person":
        out.setdefault("access", "invite")
    else:
        out["access"] = None
    return out


# ----- names -------------------------------------------------------------------------------
def clean_name(raw: Any, field: str) -> str | None:
    """A player's name: Unicode NFC, trimmed, inner spaces collapsed, 1–24 characters, no
    control, format (bidi) or unassigned characters. ``None`` when none was given."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise bad(field, "un nombre es un texto", "a name is a text")
    name = unicodedata.normalize("NFC", raw)
    for ch in name:
        if unicodedata.category(ch) in _REFUSED:
            raise bad(field, f"el carácter U+{ord(ch):04X} no está permitido en un nombre "
                      "(controles, marcas de dirección y caracteres invisibles)",
                      f"character U+{ord(ch):04X} is not allowed in a name (controls, "
                      "direction marks and invisible characters)")
    name = " ".join(name.split())
    if not name:
        return None
    if len(name) > MAX_NAME:
        raise bad(field, f"un nombre tiene de 1 a {MAX_NAME} caracteres ({len(name)})",
                  f"a name has 1 to {MAX_NAME} characters ({len(name)})", [1, MAX_NAME])
    return name


def check_unique(names: list[str], field: str, name: str) -> None:
    """Refuse ``name`` when another seat of the table is already called so (any case)."""
    if name.casefold() in {n.casefold() for n in names}:
        raise bad(field, f"ya hay alguien llamado {name!r} en esta mesa",
                  f"somebody at this table is already called {name!r}", sorted(names))
