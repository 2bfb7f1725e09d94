"""What every request must pass before the server looks at it: where it comes from (the
client's address, its Origin), what it is (JSON, not too big, not too deep)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from starlette.requests import HTTPConnection, Request

from .errors import WebError, bad


def client_address(conn: HTTPConnection) -> str:
    """The client's address. Behind a reverse proxy uvicorn puts the forwarded address here,
    but only for proxies named by ``--forwarded-allow-ips``."""
    return conn.client.host if conn.client else "unknown"


def own_origin(conn: HTTPConnection) -> str:
    """The server's origin as this request reached it (scheme and Host)."""
    scheme = "https" if conn.url.scheme in ("https", "wss") else "http"
    return f"{scheme}://{conn.headers.get('host', '')}".lower()


def check_origin(conn: HTTPConnection, allowed: frozenset[str]) -> None:
    """Refuse a browser request from another site. Browsers always send ``Origin`` on POSTs
    and WebSocket handshakes; a request without it is not a browser's, so it carries no
    cookie the user did not mean to send."""
    origin = conn.headers.get("origin")
    site = conn.headers.get("sec-fetch-site")
    if origin is None:
        if site == "cross-site":
            raise origin_error("(none, cross-site)")
        return
    origin = origin.lower().rstrip("/")
    if origin != own_origin(conn) and origin not in allowed:
        raise origin_error(origin)


def origin_error(origin: str) -> WebError:
    return WebError("bad_origin",
                    f"origen {origin} no permitido: solo la propia página de la mesa puede "
                    "hacer esto (o un origen dado con --allowed-origin)",
                    f"origin {origin} not allowed: only the table's own pages may do this "
                    "(or an origin given with --allowed-origin)")


def check_json_type(headers: Mapping[str, str]) -> None:
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise WebError("unsupported_media_type",
                       f"Content-Type {kind or '(ninguno)'}: se espera application/json",
                       f"Content-Type {kind or '(none)'}: application/json is expected",
                       ["application/json"])


async def read_body(request: Request, limit: int) -> bytes:
    """The body, read while it streams in: refused with 413 as soon as it passes ``limit``
    (a declared Content-Length over it is refused before reading anything)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large(f"{declared} bytes", limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(f"> {limit} bytes", limit)
        chunks.append(chunk)
    return b"".join(chunks)


def too_large(what: str, limit: int) -> WebError:
    return WebError("too_large", f"cuerpo de {what}; máximo {limit} bytes",
                    f"body of {what}; at most {limit} bytes", [limit])


def nesting_depth(text: str | bytes, stop: int) -> int:
    """The deepest nesting of arrays/objects in JSON text (strings skipped); stops counting
    once it passes ``stop``. Linear, no recursion."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if data.count(b"[") + data.count(b"{") <= stop:
        return 0                            # cannot be deeper than ``stop``
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:              # backslash
                escaped = True
            elif byte == 0x22:              # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):          # [ {
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop:
                    return deepest
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def parse_json(text: str | bytes, max_depth: int, what: str = "body") -> Any:
    """JSON from a client: nesting bounded before parsing; every failure a 400 that says
    what was wrong."""
    if nesting_depth(text, max_depth) > max_depth:
        raise bad(what, f"JSON anidado a más de {max_depth} niveles",
                  f"JSON nested deeper than {max_depth} levels", [max_depth],
                  "bad_message" if what == "message" else "bad_request")
    try:
        return orjson.loads(text or b"null")
    except orjson.JSONDecodeError:
        raise bad(what, "no es JSON", "not JSON",
                  code="bad_message" if what == "message" else "bad_request") from None
