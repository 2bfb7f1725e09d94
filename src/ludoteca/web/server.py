"""``ludoteca serve``: the default database location and running uvicorn."""

from __future__ import annotations

import copy
import dataclasses
import json
import logging
import os
import re
from pathlib import Path
from typing import Any

from .bots import default_workers
from .limits import Limits

WS_MAX_SIZE = 1024 * 1024  # the protocol closes bigger frames; up to this the app answers
CONFIG_ENV = "LUDOTECA_SERVE_CONFIG"   # how ``--workers N`` hands the settings to each worker


class SingleProcessDatabase(ValueError):
    """``--workers`` above 1 on SQLite: its file belongs to one process."""


def check_workers(workers: int, db_url: str) -> None:
    """Several workers need PostgreSQL (they share the tables through it)."""
    from .db import normalize_url

    if workers < 1:
        raise ValueError(f"--workers {workers}: 1 or more")
    if workers > 1 and not normalize_url(db_url).startswith("postgresql"):
        raise SingleProcessDatabase(
            f"--workers {workers} needs PostgreSQL (--db postgresql://user@host/db): a SQLite "
            "database belongs to one process. Use --workers 1 with SQLite.")


def worker_app() -> Any:
    """The application of one of several workers (``uvicorn ... --factory``): its settings
    come from the supervisor's environment (``LUDOTECA_SERVE_CONFIG``)."""
    from .app import create_app

    cfg = json.loads(os.environ[CONFIG_ENV])
    _log_to_stderr(cfg.pop("log_level"))
    cfg["limits"] = Limits(**cfg["limits"])
    cfg["allowed_origins"] = tuple(cfg["allowed_origins"])
    return create_app(**cfg)


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
          bot_workers: int | None = None, workers: int = 1,
          lease_seconds: float = 6.0) -> None:
    """Run the web table until interrupted. ``forwarded_allow_ips``: the reverse proxies
    whose X-Forwarded-For/-Proto headers are believed (none by default: the client address
    is the connection's). ``workers``: processes serving on the same socket (above 1:
    PostgreSQL only; a worker that dies is started again)."""
    import uvicorn

    from .app import create_app

    db = db or default_db_url()
    check_workers(workers, db)
    _log_to_stderr(log_level)
    if bot_workers is None:     # the bot pools of all workers share the machine's cores
        bot_workers = max(1, default_workers() // workers)
    if workers > 1:
        os.environ[CONFIG_ENV] = json.dumps({
            "db_url": db, "bot_delay": bot_delay,
            "limits": dataclasses.asdict(limits or Limits()),
            "allowed_origins": list(allowed_origins), "bot_workers": bot_workers,
            "lease_seconds": lease_seconds, "log_level": log_level})
        app: Any = "ludoteca.web.server:worker_app"
    else:
        app = create_app(db, bot_delay=bot_delay, limits=limits,
                         allowed_origins=allowed_origins, bot_workers=bot_workers,
                         lease_seconds=lease_seconds)
    uvicorn.run(app, host=host, port=port, log_level=log_level, log_config=log_config(),
                factory=workers > 1, workers=workers if workers > 1 else None,
                ws_max_size=WS_MAX_SIZE,
                ws_ping_interval=20, ws_ping_timeout=20,
                proxy_headers=forwarded_allow_ips is not None,
                forwarded_allow_ips=forwarded_allow_ips or "", server_header=False)


_SECRET_PARAM = re.compile(r"([?&#](?:token|code|claim|key|password|secret)=)[^&#\s\"']+",
                           re.IGNORECASE)


class RedactSecrets(logging.Filter):
    """No secret in a log line: the values of ``token=``, ``claim=``, ``code=``… in a URL a
    client sent anyway (links of older versions) are replaced by ``[redacted]``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(_SECRET_PARAM.sub(r"\1[redacted]", a) if isinstance(a, str)
                                else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = _SECRET_PARAM.sub(r"\1[redacted]", record.msg)
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging, with secrets redacted from every line."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"redact": {"()": RedactSecrets}}
    for handler in config["handlers"].values():
        handler["filters"] = ["redact"]
    return config


def _log_to_stderr(level: str) -> None:
    """The server's own lines (refusals, tables created, closed, abandoned) beside uvicorn's."""
    logger = logging.getLogger("ludoteca")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.addFilter(RedactSecrets())
        handler.setFormatter(logging.Formatter("%(levelname)s:  %(name)s: %(message)s"))
        logger.addHandler(handler)
    logger.setLevel(level.upper())
