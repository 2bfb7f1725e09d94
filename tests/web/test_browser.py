"""The web table in a real browser: Debian's Chromium (headless, driven by Playwright) against a
real ``ludoteca serve`` with a temporary SQLite database.

For each of the five games a table with one person and bots is created through the lobby form
and played for several turns by clicking action buttons; the page must update, survive a reload
and be kept as a screenshot in ``test-artifacts/screenshots/<game>.png``. Also: the hot-seat
cover hides the previous seat's view, two browser contexts at El Plan see only their own secret
choice, the Qytetet board's squares offer their legal actions, the lobby shows the server's
message for a wrong option, and a finished game shows its result, record and replay.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from .browser_support import (
    CHROMIUM_ARGS,
    api,
    chromium_path,
    click_and_wait,
    create_in_lobby,
    running_server,
    screenshot,
    table_state,
    version,
    wait_my_turn_or_over,
    wait_state,
    wait_version_above,
)

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="no Chromium: install Debian's chromium or set LUDOTECA_CHROMIUM to its path")

GAMES = ["qytetet", "civitas", "som", "elplan", "sigloxx"]


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


class Pages:
    """New browser contexts (one person each) that record JavaScript errors."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def new(self) -> Any:
        ctx = self.browser.new_context(viewport={"width": 1400, "height": 1000})
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(15000)
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))
        return page


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    p = Pages(browser)
    yield p
    for ctx in p.contexts:
        ctx.close()
    assert not p.errors, p.errors


def log_ns(page: Any) -> list[int]:
    return [int(n) for n in page.eval_on_selector_all(
        ".log-entry", "els => els.map(e => e.dataset.n)")]


# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_play_each_game_with_bots(server: str, pages: Pages, game: str) -> None:
    """Create a table (one person, bots) in the lobby, play turns by clicking, reload."""
    page = pages.new()
    lang = "en" if game == "civitas" else "es"
    links = create_in_lobby(page, server, game, seed=5, lang=lang)
    assert len(links["invites"]) == 1 and links["spectator"] and links["table_id"]
    page.goto(links["invites"][0])
    wait_state(page)
    assert table_state(page)["you"] == [0]
    clicks = 0
    while clicks < 6 and wait_my_turn_or_over(page):
        before_log = len(log_ns(page))
        before = version(page)
        clicked = page.locator(".action-button:not([disabled])").first.get_attribute("data-action")
        after = click_and_wait(page)
        assert after > before
        clicks += 1
        # the log shows the action just taken, in words, with rule IDs behind the events
        page.wait_for_function("n => document.querySelectorAll('.log-entry').length > n",
                               arg=before_log)
        mine = page.locator(f".log-entry[data-n='{before + 1}']")
        assert clicked in mine.inner_text()
    assert clicks >= 3, f"only {clicks} turns could be played"
    st = table_state(page)
    assert "0" in st["views"] and "1" not in st["views"], "a seat receives only its own view"
    assert page.locator(".seat-panel").count() == len(st["seats"])
    assert page.locator(".rule-chip").count() > 0
    board = page.locator("#board")
    assert board.inner_text().strip(), "the board is drawn"
    if lang == "en":
        assert page.locator("h2", has_text="What happened").count() == 1
    # reload: the same table at the same version, with the whole log
    v, ns = version(page), log_ns(page)
    page.reload()
    wait_state(page)
    page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=v)
    if version(page) == v:
        assert log_ns(page) == ns
    screenshot(page, game)


# ------------------------------------------------------------------------------------------
def test_ring_board_squares_offer_their_actions(server: str, pages: Pages) -> None:
    """Qytetet's board: 20 squares, pawns; the square you stand on offers «comprar»; after
    buying, the square shows its owner, and a rule chip opens the rule's text."""
    page = pages.new()
    links = create_in_lobby(page, server, "qytetet", seed=3, persons=1, bot="random")
    page.goto(links["invites"][0])
    wait_state(page)
    assert page.locator(".mono-square").count() == 20
    for _ in range(12):  # roll until a free street is ours to buy
        assert wait_my_turn_or_over(page)
        if page.locator(".mono-square.actionable").count():
            sq = page.locator(".mono-square.actionable").first
            index = sq.get_attribute("data-square")
            sq.click()
            menu = page.locator(".mono-menu")
            assert menu.is_visible()
            texts = menu.locator(".mono-menu-action").evaluate_all(
                "els => els.map(e => e.dataset.action)")
            legal = [a["text"] for a in table_state(page)["legal"]["0"]]
            assert texts and set(texts) <= set(legal)
            if "comprar" in texts:
                v = version(page)
                menu.locator(".mono-menu-action[data-action='comprar']").click()
                wait_version_above(page, v)
                band = page.locator(f".mono-square[data-square='{index}'] .mono-owner")
                assert band.inner_text() == "Ana"
                break
            page.locator(".mono-menu-close").click()
        roll = page.locator(".action-button[data-action='tirar']")
        click_and_wait(page, ".action-button[data-action='tirar']" if roll.count()
                       else ".action-button[data-action='terminar']")
    else:
        pytest.fail("never stood on a free street in 12 turns")
    page.locator(".rule-chip").first.click()
    dialog = page.locator("dialog.rule-dialog")
    dialog.wait_for()
    assert dialog.locator(".rule-text").inner_text().strip()
    dialog.locator(".rule-close").click()


# ------------------------------------------------------------------------------------------
def test_hotseat_cover_hides_the_previous_view(server: str, pages: Pages) -> None:
    """Two people at one device: when the turn passes, a cover names the next person and the
    board and actions of the previous one are gone until the button is pressed."""
    page = pages.new()
    links = create_in_lobby(page, server, "qytetet", seed=11, persons=2)
    assert links["hotseat"]
    page.goto(links["hotseat"])
    wait_state(page)
    names = [s["name"] for s in table_state(page)["seats"]]
    cover = page.locator(".handoff-cover")
    cover.wait_for()
    first = cover.locator(".handoff-title").inner_text()
    assert any(n in first for n in names)
    assert page.locator("#board .mono-square").count() == 0
    page.locator(".handoff-button").click()
    assert not cover.is_visible()
    shown = table_state(page)["to_move"][0]
    assert page.locator("#board .mono-square").count() == 20
    for _ in range(8):
        if cover.is_visible():
            break
        terminar = page.locator(".action-button[data-action='terminar']")
        click_and_wait(page, ".action-button[data-action='terminar']" if terminar.count()
                       else ".action-button:not([disabled])")
        page.wait_for_timeout(50)
    cover.wait_for()
    other = names[1 - shown]
    assert other in cover.locator(".handoff-title").inner_text()
    assert page.locator("#board").inner_text().strip() == ""
    assert page.locator(".action-button").count() == 0
    screenshot(page, "hotseat-cover")
    page.locator(".handoff-button").click()
    assert page.locator("#board .mono-square").count() == 20
    assert other in page.locator(".turn-banner").inner_text()


# ------------------------------------------------------------------------------------------
def test_hotseat_secret_choice_one_seat_at_a_time(server: str, pages: Pages) -> None:
    """El Plan at one device: in the simultaneous step each person decides behind the cover,
    and the next one's screen shows the first one's choice only as a secret choice."""
    made = api(server, "POST", "/api/tables", {
        "game": "elplan", "options": {}, "lang": "es", "seed": 0, "listed": False,
        "seats": [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bea"}]})
    page = pages.new()
    page.goto(server + made["hotseat"])
    wait_state(page)
    cover = page.locator(".handoff-cover")
    for _ in range(60):  # the first legal action until both must decide at once
        if cover.is_visible():
            page.locator(".handoff-button").click()
        if len(table_state(page)["to_move"]) > 1:
            break
        click_and_wait(page)
    else:
        pytest.fail("no simultaneous step in 60 actions")
    if cover.is_visible():
        page.locator(".handoff-button").click()
    first = page.evaluate("() => window.ludotecaTable.shown")
    secret = page.locator(".action-button:not([data-action='listo'])").first
    choice = secret.get_attribute("data-action")
    n = click_and_wait(page, f".action-button[data-action='{choice}']")
    assert choice in page.locator(f".log-entry[data-n='{n}']").inner_text()
    assert not cover.is_visible(), "the same person still decides (listo)"
    click_and_wait(page, ".action-button[data-action='listo']")
    cover.wait_for()
    assert page.locator("#board").inner_text().strip() == ""
    assert page.locator(".action-button").count() == 0
    page.locator(".handoff-button").click()
    assert page.evaluate("() => window.ludotecaTable.shown") == 1 - first
    assert choice not in page.locator(".log").inner_text()
    assert page.locator(f".log-entry[data-n='{n}'] .log-secret").count() == 1
    assert page.locator(".action-button").count() > 0


# ------------------------------------------------------------------------------------------
def test_dropped_connection_and_refused_action(server: str, pages: Pages) -> None:
    """A dropped socket reconnects and resumes; an illegal typed action shows the server's
    reason and the page carries on."""
    made = api(server, "POST", "/api/tables", {
        "game": "civitas", "options": {}, "lang": "es", "seed": 2, "listed": False,
        "seats": [{"kind": "person", "name": "Ana"}, {"kind": "bot", "bot": "random"}]})
    page = pages.new()
    page.goto(server + made["seats"][0]["invite"])
    wait_state(page)
    assert wait_my_turn_or_over(page)
    v, ns = version(page), log_ns(page)
    page.evaluate("() => window.ludotecaTable.ws.close()")
    page.wait_for_function("() => document.body.dataset.conn === 'offline'")
    page.wait_for_function("() => document.body.dataset.conn === 'online'", timeout=10000)
    assert version(page) == v and log_ns(page) == ns
    page.fill(".typed-action", "vender 19")
    page.press(".typed-action", "Enter")
    toast = page.locator(".error-toast")
    toast.wait_for()
    assert toast.inner_text().strip()
    assert version(page) == v
    assert click_and_wait(page) > v
    # a link with a wrong token says so and only watches
    stranger = pages.new()
    stranger.goto(f"{server}/t/{made['table_id']}?token=not-a-token")
    wait_state(stranger)
    stranger.locator(".error-toast").wait_for()
    assert table_state(stranger)["you"] == [] and "spectator" in table_state(stranger)["views"]
    assert stranger.locator(".action-button").count() == 0


# ------------------------------------------------------------------------------------------
def test_two_browsers_see_only_their_own_secret_choice(server: str, pages: Pages) -> None:
    """El Plan online, two contexts: in the simultaneous step, Ana's choice never reaches Bea
    (not in her messages, not on her page) while Ana's page shows it."""
    made = api(server, "POST", "/api/tables", {
        "game": "elplan", "options": {}, "lang": "es", "seed": 0, "listed": False,
        "seats": [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bea"}]})
    invites = [s["invite"] for s in made["seats"]]
    ana, bea = pages.new(), pages.new()
    frames: list[dict[str, Any]] = []
    bea.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: frames.append(json.loads(payload))))
    ana.goto(server + invites[0])
    bea.goto(server + invites[1])
    wait_state(ana)
    wait_state(bea)
    for _ in range(60):  # play the first legal action until both must decide at once
        st = table_state(ana)
        if len(st["to_move"]) > 1:
            break
        mover = ana if 0 in st["to_move"] else bea
        click_and_wait(mover)
        wait_version_above(ana if mover is bea else bea, version(mover) - 1)
    else:
        pytest.fail("no simultaneous step in 60 actions")
    bea.wait_for_selector(".action-button:not([disabled])")
    secret = ana.locator(".action-button:not([data-action='listo'])").first
    choice = secret.get_attribute("data-action")
    v = version(ana)
    secret.click()
    wait_version_above(ana, v)
    wait_version_above(bea, v)
    n = v + 1
    assert choice in ana.locator(f".log-entry[data-n='{n}']").inner_text()
    assert choice not in bea.locator(".log").inner_text()
    assert "secret" in bea.locator(f".log-entry[data-n='{n}'] .log-head").inner_html()
    states = [f for f in frames if f.get("type") == "state"]
    assert states and all(set(f["views"]) == {"1"} for f in states)
    for f in states:
        for entry in f["log"]:
            if entry["n"] == n:
                assert entry["seat"] == 0 and entry["action"] is None
    screenshot(ana, "elplan-secret-ana")
    screenshot(bea, "elplan-secret-bea")


# ------------------------------------------------------------------------------------------
def test_lobby_wrong_option_and_english(server: str, pages: Pages) -> None:
    """A wrong option value gets the server's message and creates nothing; ?lang=en."""
    page = pages.new()
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector(".game-card")
    assert page.locator(".game-card").count() == 5
    assert page.locator("h2", has_text="Create a table").count() == 1
    cards = page.locator(".game-card .game-players").all_inner_texts()
    assert "2–4 players" in cards and "1–4 players" in cards
    page.select_option("#game-select", "qytetet")
    page.fill("#opt-max_rounds", "-3")
    page.click(".create-button")
    err = page.locator(".form-error")
    err.wait_for()
    assert "max_rounds" in err.inner_text()
    assert not page.locator(".created").is_visible()
    page.select_option("#game-select", "som")
    assert page.locator("#opt-mode option").count() == 4
    assert page.locator("#opt-mode").input_value() == '"A"'
    screenshot(page, "lobby-en")


# ------------------------------------------------------------------------------------------
def test_finished_game_result_record_and_replay(server: str, pages: Pages) -> None:
    """A game of bots ends on the server; its page shows the result and links to the record
    and the replay viewer, which steps through the spectator views."""
    made = api(server, "POST", "/api/tables", {
        "game": "som", "options": {}, "lang": "es", "seed": 1, "listed": True,
        "seats": [{"kind": "bot", "bot": "random", "name": None},
                  {"kind": "bot", "bot": "random", "name": None}]})
    page = pages.new()
    page.goto(server + made["spectator"])
    wait_state(page)
    page.wait_for_function("() => window.ludotecaTable.state.over", timeout=30000)
    over = page.locator(".over-screen")
    over.wait_for()
    assert over.locator(".result-box").inner_text().strip()
    record_href = over.locator(".record-link").get_attribute("href")
    rec = api(server, "GET", record_href)
    assert rec["game"] == "som" and rec["actions"]
    total = len(rec["actions"])
    page.goto(server + over.locator(".replay-link").get_attribute("href"))
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.click(".replay-next")
    page.wait_for_function("() => document.body.dataset.step === '1'")
    assert page.locator(".replay-entry .log-entry").count() == 1
    page.click(".replay-play")
    page.wait_for_function("() => Number(document.body.dataset.step) >= 3")
    page.click(".replay-play")  # pause
    page.click(".replay-last")
    page.wait_for_function(f"() => document.body.dataset.step === '{total}'")
    assert page.locator("#app .replay-board").inner_text().strip()
    assert page.locator(".replay-counter").inner_text() == f"Jugada {total} de {total}"
    screenshot(page, "replay-som")
    page.goto(f"{server}/?lang=es")
    item = page.locator(f".finished-tables .table-item[data-table='{made['table_id']}']")
    item.wait_for()
    assert item.locator(".replay-link").count() == 1
