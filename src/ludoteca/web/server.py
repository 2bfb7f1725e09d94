"""``ludoteca serve``: the default database location and running uvicorn."""

from __future__ import annotations

import copy
import logging
import os
import re
from pathlib import Path
from typing import Any

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

    _log_to_stderr(log_level)
    app = create_app(db or default_db_url(), bot_delay=bot_delay, limits=limits,
                     allowed_origins=allowed_origins,
                     bot_workers=default_workers() if bot_workers is None else bot_workers)
    uvicorn.run(app, host=host, port=port, log_level=log_level, log_config=log_config(),
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
