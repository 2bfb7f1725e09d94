"""The browser boards of Som el que decidim!, El Plan and Siglo XX draw a table's own content
(``--option content=FILE``; the lobby's content file, ``options.content = {"toml": …}``).

``ludoteca.web.board_data.board_data(game, content)`` makes what a board draws (names, effects
in words, yields, prices) from one game's content; ``GET /api/tables/{id}/board-data`` answers
it for a table; a board whose view carries a ``content`` mark fetches it once per key and draws
with it (``boardData`` in ``static/games/dom.js``), never the shipped names meanwhile."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest

import ludoteca
from ludoteca.web.board_data import board_data, game_content

from .browser_support import api, chromium_path, wait_state
from .conftest import Pages
from .support import bot, create, person


def _text(gid: str) -> str:
    return resources.files(f"ludoteca.games.{gid}").joinpath("content.toml").read_text("utf-8")


def _edit(text: str, old: str, new: str, count: int = 1) -> str:
    assert text.count(old) >= count, old
    return text.replace(old, new, count)


# ----- custom contents: what an author would change -----------------------------------------
def som_custom() -> str:
    """Concentració nacional (face up from the start) renamed, a disk type renamed, and the
    plain card "Industria" renamed."""
    t = _text("som")
    t = _edit(t, 'name = "Concentració nacional"\nname_ca = "Concentració nacional"\n'
                 'name_en = "National rally"',
              'name = "Plaça de Gerunda"\nname_ca = "Plaça de Gerunda"\nname_en = "Gerunda square"')
    t = _edit(t, 'name = "Industria"', 'name = "Fábrica de Prueba"')
    t = _edit(t, 'name_en = "Industry"', 'name_en = "Test Factory"')
    return _edit(t, 'name = "sanidad"\nname_ca = "sanitat"\nname_en = "health care"',
                 'name = "salud pública"\nname_ca = "salut pública"\nname_en = "public health"')


BODEGA = 'name = "Bodega"\nname_en = "Warehouse"\ndeck = "infraestructura"\ncopies = 2\n' \
         'cost = { d = 1, e = 1 }'


def elplan_custom() -> str:
    """A card renamed and cheaper, the Infrastructure deck and District 6 renamed,
    a plan renamed, credit repaid for 2 Money."""
    t = _text("elplan")
    t = _edit(t, BODEGA, BODEGA.replace('"Bodega"', '"Almacén Central"')
              .replace('"Warehouse"', '"Central Depot"').replace("{ d = 1, e = 1 }", "{ e = 1 }"))
    t = _edit(t, 'name = "Infraestructura"', 'name = "Obras Públicas"')
    t = _edit(t, 'name = "Crédito y subsidio"', 'name = "Banca y ayudas"')
    t = _edit(t, 'name_en = "Credit and subsidy"', 'name_en = "Banking and aid"')
    t = _edit(t, 'name = "Huerta orgánica"', 'name = "Granja de Prueba"')
    return _edit(t, "repay_cost = { d = 3 }", "repay_cost = { d = 2 }")


def sigloxx_custom() -> str:
    """Every name gets "Zeta", technology T01 and scoring card II-A renamed outright, 4 garbage
    per tile, the board's cost track dearer."""
    t = _text("sigloxx")
    t = _edit(t, 'name = "Ferrocarril de vapor"', 'name = "Tren de Gerunda"')
    t = _edit(t, 'name = "Comercio"', 'name = "Mercadeo"')
    t = t.replace('\nname = "', '\nname = "Zeta ').replace('\nname_en = "', '\nname_en = "Zeta ')
    t = _edit(t, "tile_capacity = 3 ", "tile_capacity = 4 ")
    return _edit(t, "prices = [7, 6, 5, 5, 4, 4, 3, 3, 2]", "prices = [9, 8, 7, 6, 5, 4, 3, 2, 1]")


CUSTOM = {"som": som_custom, "elplan": elplan_custom, "sigloxx": sigloxx_custom}
PLAYERS = {"som": 2, "elplan": 3, "sigloxx": 3}


def custom_game(gid: str) -> Any:
    return ludoteca.new_game(gid, players=PLAYERS[gid], seed=1,
                             options={"content": {"source": f"mi_{gid}.toml",
                                                  "toml": CUSTOM[gid]()}})


# ----- board_data --------------------------------------------------------------------------------
def test_som_board_data_of_a_custom_content() -> None:
    data = board_data("som", game_content(custom_game("som")))
    assert data["cards"]["CN"][:2] == ["Plaça de Gerunda", "Gerunda square"]
    industria = next(k for k, v in board_data("som")["cards"].items() if v[0] == "Industria")
    assert data["cards"][industria][:2] == ["Fábrica de Prueba", "Test Factory"]
    assert data["types"]["sanidad"][:2] == ["salud pública", "public health"]
    shipped = board_data("som")
    assert shipped["cards"]["CN"][0] == "Concentració nacional"
    assert shipped["types"]["sanidad"][0] == "sanidad"


def test_elplan_board_data_of_a_custom_content() -> None:
    g = custom_game("elplan")
    data, shipped = board_data("elplan", game_content(g)), board_data("elplan")
    assert data["cards"]["bodega"]["name"] == "Almacén Central"
    assert data["cards"]["bodega"]["cost"] == [0, 0, 1]
    assert shipped["cards"]["bodega"]["cost"] == [0, 1, 1]
    assert data["decks"][0][0] == "Obras Públicas"
    assert data["districts"][5] == ["Banca y ayudas", "Banking and aid"]
    assert shipped["districts"][5] == ["Crédito y subsidio", "Credit and subsidy"]
    assert data["plans"]["MP-1"]["name"] == "Granja de Prueba"
    assert data["prices"]["repay"] != shipped["prices"]["repay"]
    # the words made by the terminal's helpers read this content (the deck's new name)
    assert data["squares"]["3A"]["benefit"][0].endswith("en Obras Públicas")
    assert shipped["squares"]["3A"]["benefit"][0].endswith("en Infraestructura")
    # … and the helpers' shipped words are untouched afterwards
    assert board_data("elplan") == shipped


def test_sigloxx_board_data_of_a_custom_content() -> None:
    g = custom_game("sigloxx")
    data, shipped = board_data("sigloxx", game_content(g)), board_data("sigloxx")
    tech = {t["id"]: t for t in data["tech"]}
    assert tech["T01"]["name"] == "Zeta Tren de Gerunda"
    assert all(t["name"].startswith("Zeta ") for t in data["tech"])
    assert data["cards"]["II-A"][0] == "Zeta Mercadeo"
    assert "Zeta Mercadeo" in data["cards"]["II-A"][2]        # card_words of this content
    assert "Comercio" in shipped["cards"]["II-A"][2]
    assert data["capacity"] == 4 and shipped["capacity"] == 3
    assert data["tracks"]["tablero"] == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert shipped["tracks"]["tablero"] == [7, 6, 5, 5, 4, 4, 3, 3, 2]
    assert board_data("sigloxx") == shipped
    # the parsed content works as well as the tables
    assert board_data("sigloxx", g.K.C) == data


@pytest.mark.parametrize("gid", ["som", "elplan", "sigloxx"])
def test_board_data_of_the_shipped_content_as_a_game_holds_it(gid: str) -> None:
    g = ludoteca.new_game(gid, players=PLAYERS[gid], seed=0)
    assert board_data(gid, game_content(g)) == board_data(gid)


# ----- the endpoint ------------------------------------------------------------------------------
def error_of(r: Any, status: int, code: str) -> dict[str, Any]:
    """The JSON error of a refused request, checked for its status and code."""
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code, err
    return err


@pytest.mark.parametrize("gid", ["som", "elplan", "sigloxx"])
def test_the_endpoint_answers_a_custom_content_table(client: Any, gid: str) -> None:
    text = CUSTOM[gid]()
    seats = [person()] + [bot("random")] * (PLAYERS[gid] - 1)
    t = create(client, gid, seats, seed=1, options={"content": {"toml": text}})
    tid = t["table_id"]
    view = client.get(f"/api/tables/{tid}/state").json()["views"]["spectator"]
    assert view["content"]["key"]
    r = client.get(f"/api/tables/{tid}/board-data")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    body = r.json()
    assert set(body) == {"game", "key", "data"}
    assert body["game"] == gid and body["key"] == view["content"]["key"]
    want = board_data(gid, game_content(custom_game(gid)))
    assert body["data"] == json.loads(json.dumps(want))
    assert body["data"] != json.loads(json.dumps(board_data(gid)))
    # nothing of the content file but the board's data (not its text, not its name)
    assert "toml" not in r.text and "source" not in body
    # a second table of the same file: the same answer (cached per key)
    t2 = create(client, gid, seats, seed=2, options={"content": {"toml": text}})
    assert client.get(f"/api/tables/{t2['table_id']}/board-data").json() == body


def test_the_endpoint_for_shipped_content_unknown_tables_and_other_games(client: Any) -> None:
    t = create(client, "som", [person(), bot("random")], seed=1)
    body = client.get(f"/api/tables/{t['table_id']}/board-data").json()
    assert body == {"game": "som", "key": None, "data": json.loads(json.dumps(board_data("som")))}
    err = error_of(client.get("/api/tables/nope-nope/board-data"), 404, "not_found")
    assert err["message"]["en"] and err["message"]["es"]
    q = create(client, "qytetet", [person(), bot("random")], seed=1)
    error_of(client.get(f"/api/tables/{q['table_id']}/board-data"), 404, "not_found")


# ----- the board in a browser ------------------------------------------------------------------
BOARD_TEXT = """() => {
  const b = document.querySelector('#board');
  const named = Array.from(b.querySelectorAll('[aria-label], [title]'))
    .map((e) => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
  return [b.innerText, b.textContent, ...named].join('\\n');
}"""
#: per game: the board's root and the names of the shipped content a board draws from its data
ROOTS = {"som": "#board .som", "elplan": "#board .ep", "sigloxx": "#board .sx"}


def drawn_names(gid: str, data: dict[str, Any]) -> list[str]:
    """Names a board takes from its data (Spanish), of the parts this test's custom contents
    rename."""
    if gid == "som":
        return [data["cards"]["CN"][0]]
    if gid == "elplan":
        return [data["districts"][5][0], data["decks"][0][0]]
    return [t["name"] for t in data["tech"]] + [k[0] for k in data["cards"].values()]


@pytest.mark.skipif(chromium_path() is None, reason="no Chromium")
@pytest.mark.parametrize("gid", ["som", "elplan", "sigloxx"])
def test_a_custom_content_table_shows_its_own_names(server: str, pages: Pages,
                                                    gid: str) -> None:
    """The board of a table on a custom content draws the custom names (fetched once), and
    none of the shipped names it replaces."""
    seats = [{"kind": "person", "access": "invite"}] + \
        [{"kind": "bot", "bot": "random"}] * (PLAYERS[gid] - 1)
    t = api(server, "POST", "/api/tables",
            {"game": gid, "seats": seats, "seed": 1,
             "options": {"content": {"source": f"mi_{gid}.toml", "toml": CUSTOM[gid]()}}})
    page = pages.new(1366, 900)
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if "/board-data" in r.url else None)
    page.goto(f"{server}/t/{t['table_id']}?lang=es")
    wait_state(page)
    page.wait_for_selector(ROOTS[gid])
    text = page.evaluate(BOARD_TEXT)
    custom = drawn_names(gid, board_data(gid, game_content(custom_game(gid))))
    shipped = [n for n in drawn_names(gid, board_data(gid)) if n not in custom]
    assert any(n in text for n in custom), f"no custom name drawn: {text[:1500]}"
    # (the Siglo XX names are the shipped ones with "Zeta " before them)
    drawn = [n for n in shipped if re.search(rf"(?<!Zeta ){re.escape(n)}", text)]
    assert not drawn, f"shipped names drawn: {drawn}"
    assert len(fetched) == 1, fetched


@pytest.mark.skipif(chromium_path() is None, reason="no Chromium")
def test_while_the_data_is_on_its_way_no_shipped_name_is_drawn(server: str,
                                                              pages: Pages) -> None:
    """Until the board data comes the board says it is loading (never the shipped names);
    then it draws the table's own."""
    t = api(server, "POST", "/api/tables",
            {"game": "som", "seed": 1, "options": {"content": {"toml": som_custom()}},
             "seats": [{"kind": "person", "access": "invite"}, {"kind": "bot", "bot": "random"}]})
    page = pages.new(1366, 900)
    held: list[Any] = []
    page.route("**/board-data", lambda route: held.append(route))
    page.goto(f"{server}/t/{t['table_id']}?lang=en")
    wait_state(page)
    page.wait_for_selector("#board [data-board-loading]")
    assert held, "the board asked for no data"
    text = page.evaluate(BOARD_TEXT)
    assert "Concentració nacional" not in text and "Loading" in text, text
    held[0].continue_()
    page.wait_for_selector("#board .som")
    assert "Plaça de Gerunda" in page.evaluate(BOARD_TEXT)
    assert page.locator("#board [data-board-loading]").count() == 0


@pytest.mark.skipif(chromium_path() is None, reason="no Chromium")
def test_a_failed_fetch_is_said_and_tried_again(server: str, pages: Pages) -> None:
    t = api(server, "POST", "/api/tables",
            {"game": "som", "seed": 1, "options": {"content": {"toml": som_custom()}},
             "seats": [{"kind": "person", "access": "invite"}, {"kind": "bot", "bot": "random"}]})
    page = pages.new(1366, 900)
    asked: list[str] = []

    def first_fails(route: Any) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort()
        else:
            route.continue_()

    page.route("**/board-data", first_fails)
    page.goto(f"{server}/t/{t['table_id']}?lang=es")
    wait_state(page)
    page.wait_for_selector("#board [data-board-loading=failed]")
    assert "Concentració nacional" not in page.evaluate(BOARD_TEXT)
    page.wait_for_selector("#board .som", timeout=10000)      # tried again 3 s later
    assert "Plaça de Gerunda" in page.evaluate(BOARD_TEXT)
    assert len(asked) == 2, asked


@pytest.mark.skipif(chromium_path() is None, reason="no Chromium")
def test_the_replay_of_a_custom_content_table_draws_its_own_names(server: str,
                                                                 pages: Pages) -> None:
    """The replay page (no table id in its ctx: the board finds it in the address) too."""
    made = api(server, "POST", "/api/tables",
               {"game": "som", "seed": 1, "options": {"content": {"toml": som_custom()}},
                "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
    tid = made["table_id"]
    page = pages.new(1366, 900)
    page.goto(f"{server}/t/{tid}")
    wait_state(page)
    page.wait_for_function("() => window.ludotecaTable.state.over", timeout=60000)
    page.goto(f"{server}/replay/{tid}?lang=es#step=1")
    page.wait_for_function("() => document.body.dataset.step === '1'")
    page.wait_for_selector(".som")
    text = page.evaluate("() => document.querySelector('.som').innerText")
    assert "Plaça de Gerunda" in text and "Concentració nacional" not in text
