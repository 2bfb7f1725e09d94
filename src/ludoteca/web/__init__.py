"""The web table: FastAPI + WebSockets over the public API, tables kept in a database.

``create_app(db_url)`` builds the application; ``ludoteca serve`` runs it with uvicorn.
See docs/web.md for the protocol.
"""

from __future__ import annotations

from typing import Any


def create_app(*args: Any, **kwargs: Any) -> Any:
    """The FastAPI application (see :func:`ludoteca.web.app.create_app`)."""
    from .app import create_app as _create

    return _create(*args, **kwargs)


__all__ = ["create_app"]
