"""``ludoteca serve``: the default database location and running uvicorn."""

from __future__ import annotations

import os
from pathlib import Path

from .bots import default_workers
from .limits import Limits

WS_MAX_SIZE = 1024 * 1024  # the protocol closes bigger frames; up to this the app answers


def data_dir() -> Path:
    """``$XDG_DATA_HOME/ludoteca`` or ``~/.local/share/ludoteca``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ludoteca"


def default_db_url() -> str:
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ludoteca.db'}"


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          bot_delay: float = 0.6, log_level: str = "warning", limits: Limits | None = None,
          allowed_origins: tuple[str, ...] = (), forwarded_allow_ips: str | None = None,
          bot_workers: int | None = None) -> None:
    """Run the web table until interrupted. ``forwarded_allow_ips``: the reverse proxies
    whose X-Forwarded-For/-Proto headers are believed (none by default: the client address
    is the connection's)."""
    import uvicorn

    from .app import create_app

    app = create_app(db or default_db_url(), bot_delay=bot_delay, limits=limits,
                     allowed_origins=allowed_origins,
                     bot_workers=default_workers() if bot_workers is None else bot_workers)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=WS_MAX_SIZE,
                ws_ping_interval=20, ws_ping_timeout=20,
                proxy_headers=forwarded_allow_ips is not None,
                forwarded_allow_ips=forwarded_allow_ips or "", server_header=False)
