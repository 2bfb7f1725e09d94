"""Support for the browser tests: a real ``ludoteca serve`` on a free port with a temporary
SQLite database, Debian's Chromium driven by Playwright, and small page helpers."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
#: every test browser comes from 127.0.0.1: limits no test of ordinary play reaches (the
#: defaults of a public server are tested in test_security.py)
MANY = "100000/second"
GENEROUS_LIMITS = [f"{kind}_rate={MANY}" for kind in
                   ("create", "join", "act", "connect", "host", "replay", "chat")] + [
    f"{name}=100000" for name in ("max_tables_per_client", "max_tables", "max_bot_tables",
                                  "max_sockets_per_table", "max_sockets_per_client")]


def chromium_path() -> str | None:
    """Debian's Chromium (or ``$LUDOTECA_CHROMIUM``); None when there is none."""
    wanted = os.environ.get("LUDOTECA_CHROMIUM") or "/usr/bin/chromium"
    if Path(wanted).is_file() and os.access(wanted, os.X_OK):
        return wanted
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running_server(tmp: Path) -> Iterator[str]:
    """Start ``ludoteca serve`` (bots without delay, generous limits) and yield its base URL."""
    port = free_port()
    db = tmp / "web.db"
    log = (tmp / "server.log").open("w")
    cmd = [sys.executable, "-m", "ludoteca", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--db", f"sqlite:///{db}", "--bot-delay", "0"]
    for pair in GENEROUS_LIMITS:
        cmd += ["--limit", pair]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=tmp)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                raise RuntimeError("ludoteca serve exited: "
                                   + (tmp / "server.log").read_text()[-2000:])
            try:
                with urllib.request.urlopen(base + "/api/games", timeout=2) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("ludoteca serve did not answer within 30 s")
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def api(base: str, method: str, path: str, body: Any = None) -> Any:
    """A JSON request to the server from no browser (no cookie: a table created so has no
    seat of its creator's that anybody could use; give its people ``access: invite``); HTTP
    errors raise with the server's answer."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def api_as(page: Any, base: str, method: str, path: str, body: Any = None) -> Any:
    """A JSON request from a page's browser context: its device cookie goes with it, and the
    one the answer sets stays there (the way the lobby creates a table)."""
    r = page.request.fetch(base + path, method=method,
                           headers={"Content-Type": "application/json"},
                           data=None if body is None else json.dumps(body))
    if not r.ok:
        raise AssertionError(f"{method} {path}: {r.status} {r.text()}")
    return r.json()


def version(page: Any) -> int:
    """The state version the table page shows (-1 before the first state)."""
    v = page.get_attribute("body", "data-version")
    return int(v) if v not in (None, "") else -1


def table_state(page: Any) -> dict[str, Any] | None:
    """The last ``state`` message the table page received (for assertions)."""
    return page.evaluate("() => window.ludotecaTable && window.ludotecaTable.state")


def wait_state(page: Any, timeout: float = 15000) -> None:
    # the state has arrived AND been drawn (the board's module loads asynchronously first)
    page.wait_for_function("() => window.ludotecaTable && window.ludotecaTable.state"
                           " && document.body.dataset.version !== undefined", timeout=timeout)


def wait_version_above(page: Any, v: int, timeout: float = 15000) -> int:
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=v,
                           timeout=timeout)
    return version(page)


def my_turn(page: Any) -> bool:
    return page.locator(".action-button:not([disabled])").count() > 0


def wait_my_turn_or_over(page: Any, timeout: float = 20000) -> bool:
    """Wait until this page may act (True) or the game is over (False)."""
    # decided in the same evaluation that ends the wait (a second look could see a newer state)
    handle = page.wait_for_function(
        "() => document.querySelector('.action-button:not([disabled])') ? 'turn' :"
        " (window.ludotecaTable && window.ludotecaTable.state && window.ludotecaTable.state.over"
        " ? 'over' : null)", timeout=timeout)
    return handle.json_value() == "turn"


def click_and_wait(page: Any, selector: str = ".action-button:not([disabled])") -> int:
    """Click an action (the first matching button) and wait for the next version."""
    v = version(page)
    page.locator(selector).first.click()
    return wait_version_above(page, v)


def create_in_lobby(page: Any, base: str, game: str, *, seed: int, lang: str = "es",
                    persons: int = 1, bot: str = "greedy", access: list[str] | None = None,
                    listed: bool = False) -> dict[str, Any]:
    """Create a table through the lobby form: ``persons`` people first (adding seats when the
    form has fewer), bots after. ``access``: each person seat's (the form's default: the
    first ``host``, the others ``invite``). Returns what the lobby shows: the creator's
    table ``url``, the ``invites`` (one per invite seat), the table's address for ``open``
    seats, the ``spectator`` link and the ``table_id`` (every link absolute)."""
    page.goto(f"{base}/?lang={lang}")
    page.wait_for_selector(f"#game-select option[value='{game}']", state="attached")
    page.select_option("#game-select", game)
    assert page.is_checked("#table-listed") is False, "a table is not listed by default"
    rows = page.locator(".seat-row")
    while rows.count() < persons:
        page.click(".add-seat")
    for i in range(rows.count()):
        row = page.locator(f".seat-row[data-seat='{i}']")
        if i < persons:
            row.locator(".seat-kind-select").select_option("person")
        else:
            row.locator(".seat-kind-select").select_option("bot")
            row.locator(".seat-bot-select").select_option(bot)
    for i, kind in enumerate(access or []):
        page.locator(f".seat-row[data-seat='{i}'] .seat-access-select").select_option(kind)
    if access:
        chosen = [page.locator(f".seat-row[data-seat='{i}'] .seat-access-select").input_value()
                  for i in range(len(access))]
        assert chosen == access, chosen
    page.set_checked("#table-listed", listed)
    page.fill("#table-seed", str(seed))
    page.select_option("#table-lang", lang)
    page.click(".create-button")
    page.wait_for_selector(".created .go-to-table")

    def hrefs(selector: str) -> list[str]:
        return page.locator(selector).evaluate_all("els => els.map(a => a.href)")

    return {
        "url": page.locator(".created .go-to-table").evaluate("a => a.href"),
        "invites": hrefs(".created .invite-link a"),
        "open": hrefs(".created .open-seat-link a"),
        "spectator": page.locator(".spectator-link a").get_attribute("href"),
        "table_id": page.get_attribute(".created", "data-table"),
    }


def screenshot(page: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


SECRETS_IN_URLS = ("token=", "claim=")


class Pages:
    """New browser contexts (one person each) that record JavaScript errors and every URL
    they request (HTTP and WebSocket)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.pages: list[Any] = []
        self.errors: list[str] = []
        self.requested: list[str] = []

    def new(self, width: int = 1400, height: int = 1000, **context: Any) -> Any:
        """A page in a new browser context of ``width``×``height`` (Playwright's
        ``new_context`` keywords too, e.g. ``reduced_motion="reduce"``)."""
        ctx = self.browser.new_context(viewport={"width": width, "height": height}, **context)
        self.contexts.append(ctx)
        page = ctx.new_page()
        self.pages.append(page)
        page.set_default_timeout(15000)
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))
        page.on("request", lambda r: self.requested.append(r.url))
        page.on("websocket", lambda ws: self.requested.append(ws.url))
        return page

    def leaked(self) -> list[str]:
        """URLs that carry a secret: requested ones, and the pages' addresses now."""
        now = [p.url for p in self.pages if not p.is_closed()]
        return [u for u in self.requested + now if any(s in u for s in SECRETS_IN_URLS)]


#: the screenshots linked from the README (``docs/screens``) are written only when asked:
#: ``LUDOTECA_SCREENS=1 python -m pytest tests/web -k "board or results or lobby"``; an
#: ordinary test run keeps its screenshots in ``test-artifacts/screenshots``
DOCS_SCREENS = ROOT / "docs" / "screens"


def docs_screenshot(page: Any, name: str, selector: str | None = None) -> Path:
    """A viewport (or ``selector``'s element) screenshot named ``name`` (``som-phone.png``),
    saved as a small PNG (256 colours when Pillow is there): into ``docs/screens`` when
    ``$LUDOTECA_SCREENS`` is set, else into ``test-artifacts/screenshots``."""
    folder = DOCS_SCREENS if os.environ.get("LUDOTECA_SCREENS") else SCREENSHOTS
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    png = (page.locator(selector).screenshot() if selector
           else page.screenshot(full_page=False))
    try:
        import io

        from PIL import Image
    except ImportError:
        path.write_bytes(png)
        return path
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)
    return path
