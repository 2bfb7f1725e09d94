"""The web table in a real browser: Debian's Chromium (headless, driven by Playwright) against a
real ``ludoteca serve`` with a temporary SQLite database.

For each of the five games a table with one person and bots is created through the lobby form
(the creator's browser is seated by its cookie) and played for several turns by clicking action
buttons; the page must update, survive a reload and be kept as a screenshot in
``test-artifacts/screenshots/<game>.png``. Also: the hot-seat cover hides the previous seat's
view, two browser contexts at El Plan see only their own secret choice, the Qytetet board's
squares offer their legal actions, the lobby shows the server's message for a wrong option, a
finished game shows its result, record and replay; an invitation works once, in the browser
that opens it first; an open seat is taken from the lobby or the table page; the host hands an
absent seat to a bot and closes the table. No page ever has ``token=`` or ``claim=`` in its
address once loaded, nor in any request it makes.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .browser_support import (
    SECRETS_IN_URLS,
    Pages,
    api,
    api_as,
    chromium_path,
    click_and_wait,
    create_in_lobby,
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


def no_secret_in_url(page: Any) -> None:
    """The page's address and its language links hold no invitation or token."""
    urls = [page.url, *page.locator(".lang-switch a").evaluate_all("els => els.map(a => a.href)")]
    assert not [u for u in urls if any(s in u for s in SECRETS_IN_URLS)], urls


def pass_turn(page: Any) -> int:
    """Qytetet: end the turn when possible, else the first action (a roll)."""
    terminar = page.locator(".action-button[data-action='terminar']")
    return click_and_wait(page, ".action-button[data-action='terminar']" if terminar.count()
                          else ".action-button:not([disabled])")


def play_until_turn_of(page: Any, seat: int, limit: int = 20) -> None:
    """Qytetet: this page plays its turns until ``seat`` is to move."""
    for _ in range(limit):
        if seat in table_state(page)["to_move"]:
            return
        assert wait_my_turn_or_over(page)
        pass_turn(page)
    pytest.fail(f"seat {seat} never came to move in {limit} actions")


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
    assert links["invites"] == [] and links["spectator"] and links["table_id"]
    page.goto(links["url"])
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
    page.goto(links["url"])
    wait_state(page)
    page.locator(".mono-square").first.wait_for()   # (drawn once the board's module loads)
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
    """Two people at one device (the second seat "on this device"): when the turn passes, a
    cover names the next person and the board and actions of the previous one are gone until
    the button is pressed."""
    page = pages.new()
    links = create_in_lobby(page, server, "qytetet", seed=11, persons=2, access=["host", "local"])
    assert links["invites"] == []
    page.goto(links["url"])
    wait_state(page)
    assert table_state(page)["you"] == [0, 1]
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
    page = pages.new()
    made = api_as(page, server, "POST", "/api/tables", {
        "game": "elplan", "options": {}, "lang": "es", "seed": 0, "listed": False,
        "seats": [{"kind": "person", "name": "Ana", "access": "host"},
                  {"kind": "person", "name": "Bea", "access": "local"}]})
    assert made["you"] == [0, 1]
    page.goto(server + made["url"])
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
        "seats": [{"kind": "person", "name": "Ana", "access": "invite"},
                  {"kind": "bot", "bot": "random"}]})
    page = pages.new()
    page.goto(server + made["seats"][0]["invite"])
    wait_state(page)
    assert table_state(page)["you"] == [0]
    no_secret_in_url(page)
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
    # a link with a wrong invitation says so and only watches
    stranger = pages.new()
    stranger.goto(f"{server}/t/{made['table_id']}#claim=not-a-valid-invitation-code")
    wait_state(stranger)
    stranger.locator(".claim-error").wait_for()
    assert table_state(stranger)["you"] == [] and "spectator" in table_state(stranger)["views"]
    assert stranger.locator(".action-button").count() == 0
    no_secret_in_url(stranger)


# ------------------------------------------------------------------------------------------
def test_two_browsers_see_only_their_own_secret_choice(server: str, pages: Pages) -> None:
    """El Plan online, two contexts: in the simultaneous step, Ana's choice never reaches Bea
    (not in her messages, not on her page) while Ana's page shows it."""
    made = api(server, "POST", "/api/tables", {
        "game": "elplan", "options": {}, "lang": "es", "seed": 0, "listed": False,
        "seats": [{"kind": "person", "name": "Ana", "access": "invite"},
                  {"kind": "person", "name": "Bea", "access": "invite"}]})
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
    # each person seat says who takes it; exactly one is "Me"; a table is unlisted unless asked
    assert not page.is_checked("#table-listed")
    assert "lobby" in page.locator(".listed-help").inner_text()
    page.locator(".seat-row[data-seat='1'] .seat-kind-select").select_option("person")

    def accesses() -> list[str]:
        return [page.locator(f".seat-row[data-seat='{i}'] .seat-access-select").input_value()
                for i in range(2)]

    assert accesses() == ["host", "invite"]
    options = page.locator(".seat-row[data-seat='1'] .seat-access-select option")
    assert options.all_inner_texts() == ["Me", "On this device", "Invite", "Open"]
    page.locator(".seat-row[data-seat='1'] .seat-access-select").select_option("host")
    assert accesses() == ["invite", "host"]
    page.locator(".seat-row[data-seat='1'] .seat-access-select").select_option("open")
    assert accesses() == ["host", "open"]
    page.locator(".seat-row[data-seat='0'] .seat-kind-select").select_option("bot")
    assert page.locator(".seat-row[data-seat='1'] .seat-access-select").input_value() == "host"
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


# ------------------------------------------------------------------------------------------
def test_invitation_works_once_in_the_browser_that_opens_it(server: str, pages: Pages) -> None:
    """The creator is seated by the lobby without any secret in a URL; the invite link seats
    a second browser (for good: a reload keeps the seat), which plays its turn; the same link
    opened in a third browser is refused and that one only watches. Who is connected reaches
    the other pages as presence."""
    host = pages.new()
    links = create_in_lobby(host, server, "qytetet", seed=21, persons=2)
    assert len(links["invites"]) == 1 and "#claim=" in links["invites"][0]
    assert links["url"] == f"{server}/t/{links['table_id']}"
    host.click(".created .go-to-table")
    wait_state(host)
    st = table_state(host)
    assert st["you"] == [0] and st["host"] is True
    assert [s["access"] for s in st["seats"]] == ["host", "invite"]
    assert host.locator(".seat-panel[data-seat='1'] .seat-free").count() == 1
    no_secret_in_url(host)

    bea = pages.new()
    bea.goto(links["invites"][0])
    wait_state(bea)
    assert table_state(bea)["you"] == [1] and table_state(bea)["host"] is False
    assert bea.locator(".claim-error").count() == 0
    assert bea.locator(".host-panel").is_hidden()
    no_secret_in_url(bea)
    # the host's page hears that seat 1 is taken and connected
    host.locator(".seat-panel[data-seat='1'] .seat-conn.on").wait_for()

    third = pages.new()
    third.goto(links["invites"][0])
    wait_state(third)
    banner = third.locator(".claim-error")
    banner.wait_for()
    assert banner.get_attribute("role") == "alert"
    assert "invitación" in banner.inner_text()
    st = table_state(third)
    assert st["you"] == [] and set(st["views"]) == {"spectator"}
    assert third.locator(".action-button").count() == 0
    no_secret_in_url(third)

    play_until_turn_of(host, 1)
    bea.wait_for_selector(".action-button:not([disabled])")
    v = version(bea)
    assert click_and_wait(bea) > v
    bea.reload()
    wait_state(bea)
    assert table_state(bea)["you"] == [1], "the seat stays this browser's"
    assert bea.locator(".claim-error, .claim-note").count() == 0
    # her own link again: refused, but this browser keeps its seat (a note, not an alarm)
    bea.goto(links["invites"][0])
    wait_state(bea)
    bea.locator(".claim-note").wait_for()
    assert table_state(bea)["you"] == [1] and bea.locator(".claim-error").count() == 0
    no_secret_in_url(bea)
    bea.close()
    host.locator(".seat-panel[data-seat='1'] .seat-conn.off").wait_for()
    screenshot(third, "claim-refused")


# ------------------------------------------------------------------------------------------
def test_open_seats_from_the_lobby_and_the_table(server: str, pages: Pages) -> None:
    """A listed table with an invite seat and two open seats: the lobby's list offers only the
    open seats; one is taken from there, the other from the table's own page."""
    host = pages.new()
    links = create_in_lobby(host, server, "qytetet", seed=4, persons=4,
                            access=["host", "invite", "open", "open"], listed=True)
    tid = links["table_id"]
    assert len(links["invites"]) == 1 and len(links["open"]) == 2
    host.goto(links["url"])
    wait_state(host)

    zoe = pages.new()
    zoe.goto(f"{server}/?lang=es")
    item = zoe.locator(f".open-tables .table-item[data-table='{tid}']")
    item.wait_for()
    offered = item.locator(".join-seat option").evaluate_all("els => els.map(o => o.value)")
    assert offered == ["2", "3"]
    item.locator(".join-seat").select_option("2")
    item.locator(".join-name").fill("Zoe")
    item.locator(".join-button").click()
    zoe.wait_for_url(f"{server}/t/{tid}?lang=es")
    wait_state(zoe)
    st = table_state(zoe)
    assert st["you"] == [2] and st["seats"][2]["name"] == "Zoe" and st["seats"][2]["claimed"]
    no_secret_in_url(zoe)
    host.wait_for_function("() => window.ludotecaTable.state.seats[2].name === 'Zoe'")

    yago = pages.new()
    yago.goto(links["spectator"])
    wait_state(yago)
    form = yago.locator(".take-seat-form")
    form.first.wait_for()
    assert form.evaluate_all("els => els.map(f => f.dataset.seat)") == ["3"]
    form.locator(".join-name").fill("Yago")
    form.locator(".take-seat").click()
    yago.wait_for_function("() => (window.ludotecaTable.state.you || []).includes(3)")
    assert table_state(yago)["seats"][3]["name"] == "Yago"
    assert yago.locator(".join-box").is_hidden()
    summary = api(server, "GET", f"/api/tables/{tid}")
    assert summary["status"] == "playing"
    assert [s["claimed"] for s in summary["seats"]] == [True, False, True, True]


# ------------------------------------------------------------------------------------------
def test_host_reinvites_hands_an_absent_seat_to_a_bot_and_closes(server: str,
                                                                 pages: Pages) -> None:
    """The host's panel: a new invite link kills the old one; the seat nobody claimed goes to
    a bot, which plays its turns; closing the table ends it for every page."""
    host = pages.new()
    links = create_in_lobby(host, server, "qytetet", seed=8, persons=2)
    old_invite = links["invites"][0]
    host.goto(links["url"])
    wait_state(host)
    panel = host.locator(".host-panel")
    panel.wait_for()
    assert panel.locator(".host-seat").count() == 1       # the host's own seat is not there
    panel.locator(".reinvite[data-seat='1']").click()
    fresh = panel.locator(".new-invite a")
    fresh.wait_for()
    new_invite = fresh.get_attribute("href")
    assert "#claim=" in new_invite and new_invite != old_invite

    late = pages.new()
    late.goto(old_invite)
    wait_state(late)
    late.locator(".claim-error").wait_for()
    assert table_state(late)["you"] == []

    play_until_turn_of(host, 1)
    v = version(host)
    panel.locator(".host-bot-select[data-seat='1']").select_option("random")
    panel.locator(".to-bot[data-seat='1']").click()
    host.wait_for_function("() => window.ludotecaTable.state.seats[1].kind === 'bot'")
    assert table_state(host)["seats"][1]["bot"] == "random"
    wait_version_above(host, v)                            # the bot played
    assert wait_my_turn_or_over(host)
    assert panel.locator(".host-seat").count() == 0
    assert panel.locator(".host-error").count() == 0
    # the invitation of a seat given to a bot is dead too
    later = pages.new()
    later.goto(new_invite)
    wait_state(later)
    later.locator(".claim-error").wait_for()

    host.once("dialog", lambda d: d.accept())
    panel.locator(".close-table").click()
    for page in (host, later):
        banner = page.locator(".table-ended")
        banner.wait_for()
        assert "anfitrión" in banner.inner_text()
        assert page.locator(".action-button").count() == 0
    assert table_state(host)["status"] == "closed"
    assert host.locator(".host-panel").is_hidden()
    screenshot(host, "table-closed")
