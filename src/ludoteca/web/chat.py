"""Chat at a table: seated players write, everyone at the table reads (spectators too), a
seat may mute others. The last messages live in the server's memory only (a restart forgets
them, and the mute lists with them; the browser sends its mute list again on connecting).

Client -> server: ``{"type": "chat", "text": str, "seat"?: int}`` and
``{"type": "mute", "seats": [int, …]}``. Server -> client: ``{"type": "chat", "seat",
"name", "text", "at"}``, ``{"type": "chat_history", "messages": [...], "muted": [...]}``.
"""

from __future__ import annotations

import time
import unicodedata
import weakref
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import orjson

from .errors import WebError

MAX_CHAT = 300        # characters of one message
KEEP = 100            # messages kept per table
#: characters removed from a message: controls, format (bidi overrides, zero-width), surrogates,
#: private use, unassigned, line and paragraph separators (as names refuse them) ...
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
#: ... except the joiners that hold emoji sequences together
_KEPT = {"\u200d", "\u200c"}


def clean_text(raw: Any) -> str:
    """A chat message: Unicode NFC, no control, bidi or invisible characters (white space
    becomes one space), trimmed, 1–300 characters. Raises ``bad_message`` / ``too_large``."""
    if not isinstance(raw, str):
        raise WebError("bad_message", "text: un mensaje de chat es un texto",
                       "text: a chat message is a text")
    text = unicodedata.normalize("NFC", raw)
    kept = []
    for ch in text:
        if ch.isspace():
            kept.append(" ")
        elif ch in _KEPT or unicodedata.category(ch) not in _REFUSED:
            kept.append(ch)
    text = " ".join("".join(kept).split())
    if not text:
        raise WebError("bad_message", "text: el mensaje está vacío",
                       "text: the message is empty", [1, MAX_CHAT])
    if len(text) > MAX_CHAT:
        raise WebError("too_large", f"text: un mensaje tiene como mucho {MAX_CHAT} caracteres "
                       f"(este tiene {len(text)})", f"text: a message has at most {MAX_CHAT} "
                       f"characters (this one has {len(text)})", [1, MAX_CHAT])
    return text


def _dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


@dataclass
class ChatRoom:
    """One table's chat: the last ``KEEP`` messages and each socket's mute list."""

    messages: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=KEEP))
    muted: weakref.WeakKeyDictionary[Any, frozenset[int]] = field(
        default_factory=weakref.WeakKeyDictionary)

    def mutes(self, conn: Any) -> frozenset[int]:
        return self.muted.get(conn, frozenset())

    def history(self, conn: Any) -> str:
        """The ``chat_history`` message for a socket (without the seats it muted)."""
        off = self.mutes(conn)
        return _dumps({"type": "chat_history", "muted": sorted(off),
                       "messages": [m for m in self.messages if m["seat"] not in off]})

    def post(self, table: Any, conn: Any, text: Any, seat: Any = None) -> dict[str, Any]:
        """Add a message from ``conn`` (for one of its seats) and send it to every socket of
        the table that has not muted that seat. Raises ``forbidden`` for a spectator."""
        you = conn.you
        if not you:
            raise WebError("forbidden", "solo los jugadores sentados pueden escribir en el chat; "
                           "quien mira puede leerlo", "only seated players may write in the "
                           "chat; spectators may read it")
        if seat is None:
            seat = you[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in you:
            raise WebError("forbidden", f"este navegador no puede escribir por el asiento "
                           f"{seat!r}", f"this browser may not write for seat {seat!r}",
                           list(you))
        clean = clean_text(text)
        msg = {"type": "chat", "seat": seat, "name": table.seats[seat]["name"], "text": clean,
               "at": round(time.time(), 3)}
        self.messages.append(msg)
        data = _dumps(msg)
        for other in list(table.conns):
            if seat not in self.mutes(other):
                other.push(data)
        return msg

    def mute(self, table: Any, conn: Any, seats: Any) -> None:
        """Set the seats whose messages ``conn`` does not want; it gets its history again."""
        n = len(table.seats)
        if not isinstance(seats, list) or len(seats) > n or not all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in seats):
            raise WebError("bad_message", "seats: la lista de asientos silenciados",
                           "seats: the list of muted seats", list(range(n)))
        self.muted[conn] = frozenset(s for s in seats if s not in conn.you)
        conn.push(self.history(conn))


__all__ = ["KEEP", "MAX_CHAT", "ChatRoom", "clean_text"]
