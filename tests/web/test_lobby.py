"""The lobby and the page frame in a browser: the lobby on a phone (no sideways scroll, touch
targets of 44 px), option help and choices in the page's language, the custom board of
Qytetet uploaded as a file with the server's error next to it, friendly pages for an unknown
or ended table (the API keeps its JSON errors), the action buttons grouped and in words, and
the keyboard: a skip link first, the hot-seat cover keeping the focus."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from .browser_support import Pages, api, api_as, chromium_path, create_in_lobby, wait_state

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="no Chromium: install Debian's chromium or set LUDOTECA_CHROMIUM to its path")

SMALL_TARGETS = """
() => [...document.querySelectorAll("button, select, input, a.go-to-table, .lang-switch a")]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden")
  .map((el) => {
    // a checkbox (and the file input behind its button) is tapped through its labels
    const viaLabels = ["checkbox", "file"].includes(el.type) && el.labels?.length;
    const boxes = viaLabels ? [...el.labels] : [el];
    const r = boxes.map((x) => x.getBoundingClientRect()).sort((p, q) => q.height - p.height)[0];
    return { what: el.outerHTML.slice(0, 90), h: r.height, w: r.width };
  })
  .filter((r) => r.h < 44 || r.w < 24)
"""


def no_sideways_scroll(page: Any) -> None:
    sw, cw = page.evaluate("() => [document.scrollingElement.scrollWidth,"
                           " document.documentElement.clientWidth]")
    assert sw <= cw, f"the page scrolls sideways: {sw} > {cw}"


def test_lobby_on_a_phone(server: str, pages: Pages) -> None:
    """390×844: the whole lobby fits the width and every control is a 44 px target."""
    page = pages.new(390, 844)
    page.goto(f"{server}/?lang=es")
    page.wait_for_selector(".game-card")
    for game in ("qytetet", "som", "elplan", "sigloxx"):
        page.select_option("#game-select", game)
        if page.is_enabled(".add-seat"):
            page.click(".add-seat")
        no_sideways_scroll(page)
        small = page.evaluate(SMALL_TARGETS)
        assert not small, f"{game}: targets under 44 px: {small}"
    # the form comes first on a phone: creating a table is what the lobby is for
    top_form = page.locator(".create-form").bounding_box()["y"]
    top_games = page.locator(".games-area").bounding_box()["y"]
    assert top_form < top_games


def test_lobby_uses_a_wide_screen(server: str, pages: Pages) -> None:
    """1366 and 2560 px: three columns side by side, wider on the bigger screen."""
    widths = {}
    for width, height in ((1366, 900), (2560, 1440)):
        page = pages.new(width, height)
        page.goto(f"{server}/?lang=en")
        page.wait_for_selector(".game-card")
        boxes = [page.locator(sel).bounding_box() for sel in
                 (".games-area", ".create-area", ".tables-area")]
        assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"], "three columns"
        assert abs(boxes[0]["y"] - boxes[2]["y"]) < 5
        no_sideways_scroll(page)
        widths[width] = page.locator(".lobby-layout").bounding_box()["width"]
    assert widths[2560] > widths[1366] + 500, widths


@pytest.mark.parametrize("lang", ["es", "en"])
def test_option_help_and_choices_in_the_page_language(server: str, pages: Pages,
                                                      lang: str) -> None:
    page = pages.new()
    page.goto(f"{server}/?lang={lang}")
    page.wait_for_selector(".game-card")
    page.select_option("#game-select", "som")
    mode = page.locator(".option-row[data-option='mode']")
    help_text = mode.locator(".option-help").inner_text()
    label = mode.locator("label").inner_text()
    choices = page.locator("#opt-mode option").all_inner_texts()
    if lang == "es":
        assert "poderes de los discos" in help_text and "Modo de juego" in label
        assert choices[0] == "A: Balanzas fiscales"
    else:
        assert "disk powers" in help_text and "Game mode" in label
        assert choices[0] == "A: Fiscal balances"
    assert page.locator("#opt-mode").input_value() == '"A"'    # the value stays the option's
    page.select_option("#game-select", "elplan")
    tutorial = page.locator("#opt-tutorial option").all_inner_texts()
    assert tutorial == (["No", "Sí"] if lang == "es" else ["No", "Yes"])
    # every option of every game has its help in both languages, and a name in words
    for game in api(server, "GET", "/api/games"):
        for opt in game["options"]:
            assert set(opt["help"]) == {"es", "en"} and all(opt["help"].values()), opt
            assert opt["help"]["es"] != opt["help"]["en"], opt["name"]
            assert opt["title"]["es"] and opt["title"]["en"], opt["name"]
            if opt["choices"] and opt["choice_labels"]:
                assert len(opt["choice_labels"]) == len(opt["choices"])


def test_custom_board_is_a_file_and_its_error_shows_next_to_it(server: str, pages: Pages,
                                                                tmp_path: Path) -> None:
    page = pages.new(390, 844)
    page.goto(f"{server}/?lang=es")
    page.wait_for_selector(".game-card")
    page.select_option("#game-select", "qytetet")
    field = page.locator("#opt-board")
    assert field.get_attribute("type") == "file"
    bad = tmp_path / "malo.toml"
    bad.write_text("[[squares]]\nname = 'sin tipo'\n", encoding="utf-8")
    field.set_input_files(str(bad))
    page.locator(".option-file-chosen", has_text="malo.toml").wait_for()
    page.click(".create-button")
    error = page.locator("#opt-board-error")
    error.wait_for()
    assert "squares" in error.inner_text()
    assert field.get_attribute("aria-invalid") == "true"
    # the message stands next to the field, which holds the focus; nothing was created
    assert page.evaluate("document.activeElement.id") == "opt-board"
    assert page.locator(".form-note a[href='#opt-board']").count() == 1
    assert not page.locator(".created").is_visible()
    # the game's own board, uploaded: the table is created with it
    good = tmp_path / "bueno.toml"
    good.write_text(resources.files("ludoteca.games.qytetet").joinpath("board.toml")
                    .read_text(encoding="utf-8"), encoding="utf-8")
    field.set_input_files(str(good))
    page.locator(".option-file-chosen", has_text="bueno.toml").wait_for()
    assert error.is_hidden()
    page.click(".create-button")
    page.wait_for_selector(".created .go-to-table")
    no_sideways_scroll(page)


def get(url: str, accept: str = "text/html") -> tuple[int, str, str]:
    req = urllib.request.Request(url, headers={"Accept": accept})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers.get("content-type", ""), r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("content-type", ""), exc.read().decode()


def test_unknown_or_ended_tables_get_a_friendly_page(server: str, pages: Pages) -> None:
    status, kind, _ = get(f"{server}/api/tables/nope")
    assert status == 404 and kind.startswith("application/json")   # the API keeps JSON
    page = pages.new(390, 844)
    for path, lang, words in (("/t/nope?lang=es", "es", "No encontramos esa mesa"),
                              ("/replay/nope?lang=en", "en", "There is no replay"),
                              ("/no/such/page?lang=en", "en", "This page does not exist")):
        answer = page.goto(server + path)
        assert answer.status == 404
        assert page.evaluate("document.documentElement.lang") == lang
        assert words in page.locator("h1").inner_text()
        lobby = page.locator("a.gone-lobby")
        assert lobby.get_attribute("href") == f"/?lang={lang}"
        no_sideways_scroll(page)
    lobby.click()
    page.wait_for_selector(".game-card")
    # a table its host closed
    host = pages.new()
    made = api_as(host, server, "POST", "/api/tables", {
        "game": "qytetet", "lang": "es",
        "seats": [{"kind": "person", "name": "Ana", "access": "host"},
                  {"kind": "bot", "bot": "random", "name": None}]})
    api_as(host, server, "POST", f"/api/tables/{made['table_id']}/close", {})
    answer = host.goto(f"{server}/t/{made['table_id']}")
    assert answer.status == 410
    assert "cerró esta mesa" in host.locator("h1").inner_text()
    assert host.locator("a.gone-lobby").count() == 1
    assert json.loads(get(f"{server}/api/tables/{made['table_id']}", "*/*")[2])["table_id"]


def test_actions_are_grouped_and_in_words(server: str, pages: Pages) -> None:
    """The frame draws `legal` grouped by `group` (the rest under "Other moves"), the label
    as the text, the help as the description and the slug only small and hidden from
    screen readers; a live table shows no slug as a button's text."""
    page = pages.new(390, 844)
    page.goto(f"{server}/?lang=es")
    page.wait_for_selector(".game-card")
    drawn = page.evaluate("""async () => {
        const { actionGroups } = await import("/static/frame.js");
        const { translator } = await import("/static/i18n.js");
        const legal = [
          { text: "comprar", label: { es: "Comprar Calle del Olivo · 520 €", en: "Buy" },
            help: { es: "La calle pasa a ser tuya.", en: "It is yours." },
            group: { es: "Comprar", en: "Buy" } },
          { text: "pasar", label: { es: "Pasar", en: "Pass" } },
          { text: "hipotecar 3", label: { es: "Hipotecar Calle 3", en: "Mortgage 3" },
            group: { es: "Banco", en: "Bank" } },
          { text: "comprar-casa 3", label: { es: "Edificar una casa", en: "Build" },
            group: { es: "Comprar", en: "Buy" } },
        ];
        const box = document.createElement("div");
        box.append(...actionGroups(legal, { lang: "es", t: translator("es"), pending: false,
                                            onAct: (x) => { window.acted = x; } }));
        document.body.append(box);
        box.querySelector("[data-action='hipotecar 3']").click();
        return {
          acted: window.acted,
          groups: [...box.querySelectorAll(".action-group")].map((g) => [
            g.querySelector(".action-group-title").textContent,
            [...g.querySelectorAll(".action-button")].map((b) => b.dataset.action)]),
          label: box.querySelector("[data-action='comprar'] .action-label").textContent,
          help: document.getElementById(
            box.querySelector("[data-action='comprar']").getAttribute("aria-describedby"))
            .textContent,
          slugHidden: box.querySelector("[data-action='comprar'] .action-text")
            .getAttribute("aria-hidden"),
        };
    }""")
    assert drawn["groups"] == [["Comprar", ["comprar", "comprar-casa 3"]],
                               ["Banco", ["hipotecar 3"]], ["Otras jugadas", ["pasar"]]]
    assert drawn["label"] == "Comprar Calle del Olivo · 520 €"
    assert drawn["help"] == "La calle pasa a ser tuya."
    assert drawn["slugHidden"] == "true" and drawn["acted"] == "hipotecar 3"
    # a live table: every button is in a group and none shows its slug as its text
    links = create_in_lobby(page, server, "qytetet", seed=7)
    page.goto(links["url"])
    wait_state(page)
    page.wait_for_selector(".action-button")
    buttons = page.evaluate("""() => [...document.querySelectorAll(".action-button")].map((b) =>
        [b.dataset.action, b.querySelector(".action-label").textContent,
         Boolean(b.closest(".action-group"))])""")
    assert buttons and all(grouped and label != slug for slug, label, grouped in buttons), buttons
    no_sideways_scroll(page)


def test_keyboard_skip_link_and_the_hot_seat_cover(server: str, pages: Pages) -> None:
    page = pages.new(390, 844)
    page.goto(f"{server}/?lang=es")
    page.wait_for_selector(".game-card")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    assert page.locator(".skip-link").bounding_box()["y"] >= 0, "visible when focused"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
    # hot-seat: the cover takes the focus and keeps it; the page behind is inert
    links = create_in_lobby(page, server, "qytetet", seed=11, persons=2, access=["host", "local"])
    page.goto(links["url"])
    wait_state(page)
    cover = page.locator(".handoff-cover")
    cover.wait_for()
    page.wait_for_function("() => document.activeElement?.classList.contains('handoff-button')")
    for _ in range(3):
        page.keyboard.press("Tab")
        assert page.evaluate("Boolean(document.activeElement.closest('.handoff-cover'))")
    assert page.evaluate("document.getElementById('main').inert") is True
    page.keyboard.press("Enter")
    cover.wait_for(state="hidden")
    assert page.evaluate("document.getElementById('main').inert") is False
    page.wait_for_selector(".action-button")
