"""Fixtures for the web table's tests: the real application on a temporary SQLite file, bots
at 0 delay, and a watchdog so a socket that never answers cannot hang CI."""

from __future__ import annotations

import faulthandler
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.web import create_app
from ludoteca.web.limits import Limits

from .browser_support import CHROMIUM_ARGS, Pages, chromium_path, running_server

WATCHDOG_SECONDS = 240  # a socket that never answers must not hang CI


@pytest.fixture(autouse=True)
def _watchdog() -> Iterator[None]:
    faulthandler.dump_traceback_later(WATCHDOG_SECONDS, exit=True, file=sys.stderr)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture
def db_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The application with limits no ordinary test reaches (the security tests use
    :func:`strict_client`, the defaults of ``ludoteca serve``)."""
    with TestClient(create_app(db_url, bot_delay=0, limits=Limits.generous())) as c:
        yield c


@pytest.fixture
def strict_client(db_url: str) -> Iterator[TestClient]:
    """The application with the default limits of a public server."""
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        yield c


# ---- the browser tests' fixtures: a real server (one per test module) and Chromium
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("web")) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    p = Pages(browser)
    yield p
    leaked = p.leaked()
    for ctx in p.contexts:
        ctx.close()
    assert not p.errors, p.errors
    assert not leaked, f"a secret in a URL: {leaked}"
