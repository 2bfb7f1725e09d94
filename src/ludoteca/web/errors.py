"""Errors the web table answers with: a code, a message in Spanish and English, and what is
allowed. The same object becomes an HTTP 4xx body or a WebSocket ``error`` message."""

from __future__ import annotations

from typing import Any

#: code -> HTTP status
STATUS = {
    "bad_request": 400, "bad_message": 400, "invalid_option": 400, "illegal": 409,
    "stale": 409, "not_your_turn": 409, "taken": 409, "not_over": 403, "forbidden": 403,
    "not_found": 404, "too_large": 413, "server": 500, "rate_limited": 429,
    "too_many": 429, "unsupported_media_type": 415, "bad_origin": 403, "closed": 409,
    "present": 409,
}


class WebError(Exception):
    """A refusal: nothing changed. ``message`` is ``{"es": …, "en": …}``."""

    def __init__(self, code: str, es: str, en: str, allowed: list[Any] | None = None,
                 status: int | None = None) -> None:
        super().__init__(en)
        self.code = code
        self.message = {"es": es, "en": en}
        self.allowed = allowed
        self.status = status or STATUS.get(code, 400)
        self.extra: dict[str, Any] = {}   # more fields of the error (``retry_after``)

    def body(self) -> dict[str, Any]:
        """The HTTP error body."""
        return {"error": {"code": self.code, "message": self.message, "allowed": self.allowed,
                          **self.extra}}

    def ws(self, req: Any = None) -> dict[str, Any]:
        """The WebSocket error message (``legal`` holds what is allowed)."""
        return {"type": "error", "req": req, "code": self.code, "message": self.message,
                "legal": self.allowed, **self.extra}

    def headers(self) -> dict[str, str] | None:
        """HTTP headers of the refusal (``Retry-After`` when there is one)."""
        if "retry_after" in self.extra:
            return {"Retry-After": str(self.extra["retry_after"])}
        return None


def not_found(what_es: str, what_en: str) -> WebError:
    return WebError("not_found", f"no existe {what_es}", f"there is no {what_en}")


def bad(field: str, es: str, en: str, allowed: list[Any] | None = None,
        code: str = "bad_request") -> WebError:
    """A malformed field: says which field, what was wrong and what is allowed."""
    return WebError(code, f"{field}: {es}", f"{field}: {en}", allowed)
