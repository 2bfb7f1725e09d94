"""The browser board renderers of Som el que decidim!, El Plan and Siglo XX
(``static/games/som.js``, ``elplan.js``, ``sigloxx.js``), driven through the dev harness
(``static/dev/harness.html``) in headless Chromium.

The Python part plays seeded random and greedy games of each game and keeps the views of several
stages for the seat to move (with its legal actions), another seat and the spectator. The browser
part renders each view and checks: no JavaScript error, the expected number of cells / Districts /
tiles, every clickable board part names a legal action and clicking it calls ``ctx.act`` with
that text, and nothing another seat may not see is drawn. Screenshots go to
``test-artifacts/screenshots/render-<game>-*.png``.

Each renderer embeds the public content it needs (card names, tile sites, effects in words) of
the shipped content between ``/* DATA:BEGIN */`` and ``/* DATA:END */``;
``test_embedded_content_is_current`` checks it equals ``ludoteca.web.board_data.board_data``
of the shipped content (a custom content's board fetches the same from the server), and
``python tests/web/test_renderers.py --write-data`` rewrites it.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.web.board_data import board_data

STATIC = Path(ludoteca.__file__).parent / "web" / "static"
GAMES_DIR = STATIC / "games"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
GAMES = ("som", "elplan", "sigloxx")
DATA_RE = re.compile(r"/\* DATA:BEGIN \*/(.*?)/\* DATA:END \*/", re.S)


# ----- the content each renderer embeds -----------------------------------------------------------
def shipped_content(gid: str) -> Any:
    """The shipped content object of ``gid`` as a game holds it (Som, Siglo XX: the tables
    ``game.K``; El Plan: ``game.C``)."""
    if gid == "som":
        from ludoteca.games.som.tables import default_tables
        return default_tables()
    if gid == "elplan":
        from ludoteca.games.elplan.content import content
        return content()
    from ludoteca.games.sigloxx.tables import default_tables as sigloxx_tables
    return sigloxx_tables()


def data_block(gid: str) -> str:
    """The embedded content as JS text: one top-level key a line, one entry a line."""
    data = board_data(gid, shipped_content(gid))
    lines = []
    for key, value in data.items():
        if isinstance(value, dict) and value:
            inner = ",\n".join(f"    {json.dumps(k, ensure_ascii=False)}: "
                               f"{json.dumps(v, ensure_ascii=False)}" for k, v in value.items())
            lines.append(f"  {json.dumps(key)}: {{\n{inner}\n  }}")
        elif isinstance(value, list) and value and isinstance(value[0], (list, dict)):
            inner = ",\n".join(f"    {json.dumps(v, ensure_ascii=False)}" for v in value)
            lines.append(f"  {json.dumps(key)}: [\n{inner}\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}"


def embedded_block(gid: str) -> str | None:
    text = (GAMES_DIR / f"{gid}.js").read_text(encoding="utf-8")
    m = DATA_RE.search(text)
    return m.group(1).strip() if m else None


def write_data() -> None:
    for gid in GAMES:
        path = GAMES_DIR / f"{gid}.js"
        if not path.is_file():
            print(f"skipped {path}: no such file")
            continue
        text = path.read_text(encoding="utf-8")
        new, n = DATA_RE.subn(lambda _m, g=gid: f"/* DATA:BEGIN */ {data_block(g)} /* DATA:END */",
                              text)
        if n != 1:
            raise SystemExit(f"{path}: no /* DATA:BEGIN */ … /* DATA:END */ block")
        path.write_text(new, encoding="utf-8")
        print(f"wrote {path}")


def test_embedded_content_is_current() -> None:
    """Each renderer's embedded content equals what the game's content gives now."""
    for gid in GAMES:
        block = embedded_block(gid)
        assert block is not None, f"{gid}.js has no /* DATA:BEGIN */ … /* DATA:END */ block"
        assert block == data_block(gid), (
            f"{gid}.js: embedded content is stale; run python tests/web/test_renderers.py "
            "--write-data")


# ----- views of real games ---------------------------------------------------------------------
@dataclass
class Snap:
    """One view to draw: whose it is, the legal actions of that seat (if it must move), and
    what the game hides from it (for the leak checks)."""

    game: str
    name: str
    view: dict[str, Any]
    seat: int | None
    legal: list[dict[str, Any]]
    lang: str
    hidden: dict[str, Any] = field(default_factory=dict)
    shot: bool = False


# (players, seed, options, bot) per scenario; seeds chosen so the stages below all occur
SCENARIOS: dict[str, list[tuple[int, int, dict[str, Any], str]]] = {
    "som": [(4, 24, {"mode": "C"}, "random"), (3, 2, {"mode": "B"}, "greedy"),
            (1, 0, {"centralism": "intenso"}, "greedy")],
    "elplan": [(4, 0, {}, "greedy"), (3, 1, {"tutorial": True}, "random")],
    "sigloxx": [(4, 2, {}, "greedy"), (5, 1, {}, "greedy")],
}


def stage_key(gid: str, view: dict[str, Any]) -> tuple[Any, ...]:
    """Views with the same key look alike; one of each is drawn."""
    if gid == "som":
        bids = bool(view["vote"] and view["vote"]["bids_in"])
        return (view["phase"], view["players_n"] == 1, bids)
    if gid == "elplan":
        late = view["period"] >= 6 and view["step"] in ("d2-activar", "d3-invertir", "d5-vender")
        return (view["step"], late, view["tutorial"])
    late = view["round"] >= 4 and view["step"] in ("colocar", "elegir", "columna", "reciclar")
    return (view["step"], late)


def legal_items(g: Any, seat: int) -> list[dict[str, Any]]:
    """The legal actions as the server sends them: id, text, label."""
    return [{"id": g.action_id(a), "text": str(a), "label": {"es": str(a), "en": str(a)}}
            for a in g.legal_actions(seat)]


def hidden_of(gid: str, g: Any, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may not see, for the leak checks."""
    state = g.state_dict()
    if gid == "som":
        from ludoteca.games.som.content import content
        names = {c.id: (c.name, c.name_en) for c in content().cards}
        down = [state["layout"][c["cell"]] for c in state["cells"] if c["estado"] == "oculta"]
        return {"cards": [cid for cid in down if cid],
                "names": sorted({n for cid in down if cid for n in names[cid] if len(n) >= 6})}
    return {}


def game_snaps(gid: str) -> list[Snap]:
    """Several stages of seeded games: the seat to move (with its legal actions), another seat,
    and the spectator at the first and last stage; half of them in English."""
    out: list[Snap] = []
    seen: set[tuple[Any, ...]] = set()
    for k, (players, seed, options, bot) in enumerate(SCENARIOS[gid]):
        g = ludoteca.new_game(gid, players=players, seed=seed, options=options)
        agents = [make_agent(bot, gid, seed=seed + s) for s in range(players)]
        kept: list[Any] = []
        while not g.is_over:
            seat = g.to_move[0]
            key = stage_key(gid, g.view(seat))
            if key not in seen:
                seen.add(key)
                kept.append(g.clone())
            g.apply(agents[seat].choose(g, seat), seat=seat)
        kept.append(g)
        for i, state in enumerate(kept):
            lang = "en" if (i + k) % 2 else "es"
            tag = f"{k}-{i:02d}"
            if state.is_over:
                out.append(Snap(gid, f"{tag}-over", state.view(0), 0, [], lang,
                                hidden_of(gid, state, 0), shot=True))
                out.append(Snap(gid, f"{tag}-over-spectator", state.view(None), None, [], lang))
                continue
            seat = state.to_move[0]
            out.append(Snap(gid, f"{tag}-seat{seat}", state.view(seat), seat,
                            legal_items(state, seat), lang, hidden_of(gid, state, seat),
                            shot=True))
            if len(state.names) > 1:
                other = (seat + 1) % len(state.names)
                out.append(Snap(gid, f"{tag}-seat{other}-waiting", state.view(other), other, [],
                                lang, hidden_of(gid, state, other)))
            if i == 0:
                out.append(Snap(gid, f"{tag}-spectator", state.view(None), None, [], lang,
                                hidden_of(gid, state, None), shot=True))
    return out


# ----- the browser -----------------------------------------------------------------------------
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def chromium_path() -> str | None:
    path = os.environ.get("LUDOTECA_CHROMIUM") or "/usr/bin/chromium"
    return path if Path(path).is_file() and os.access(path, os.X_OK) else None


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *_args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def static_url() -> Iterator[str]:
    """A loopback HTTP server for the static folder (ES modules do not load from file://)."""
    handler = functools.partial(_QuietHandler, directory=str(STATIC))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture(scope="module")
def page(static_url: str) -> Iterator[Any]:
    exe = chromium_path()
    if exe is None:
        pytest.skip("no Chromium at /usr/bin/chromium or $LUDOTECA_CHROMIUM (the browser "
                    "tests never download one)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        try:
            pg = browser.new_page(viewport={"width": 1280, "height": 800})
            console: list[str] = []
            pg.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
            pg.on("pageerror", lambda e: console.append(str(e)))
            pg.goto(f"{static_url}/dev/harness.html?bare=1")
            assert pg.evaluate("window.harness.ready") is True
            pg.console_errors = console  # type: ignore[attr-defined]
            yield pg
        finally:
            browser.close()


def draw(pg: Any, snap: Snap) -> dict[str, Any]:
    """Render one snapshot in the harness; return what the page drew (counts, clickables)."""
    pg.evaluate("window.harness.acts.length = 0")
    pg.evaluate("(o) => window.harness.render(o)",
                {"game": snap.game, "view": snap.view, "legal": snap.legal, "seat": snap.seat,
                 "lang": snap.lang})
    errors = pg.evaluate("window.harness.errors.slice()") + list(pg.console_errors)
    assert not errors, f"{snap.game} {snap.name}: JavaScript errors: {errors}"
    return pg.evaluate("""() => {
      const b = document.getElementById('board');
      const all = (sel) => Array.from(b.querySelectorAll(sel));
      return {
        text: b.innerText,
        acts: all('[data-act]').map((e) => e.dataset.act),
        cells: all('[data-cell]').map((e) => e.dataset.state),
        deals: all('[data-deal]').map((e) => [Number(e.dataset.cell), Number(e.dataset.deal)]),
        dealCounts: all('[data-deal-count]').map((e) => Number(e.dataset.dealCount)),
        cards: all('[data-card]').map((e) => e.dataset.card),
        districts: all('[data-district]').map((e) => [Number(e.dataset.district),
                                                      e.classList.contains('active')]),
        offers: all('[data-offer]').length,
        pending: all('[data-pending]').map((e) => Number(e.dataset.pending)),
        countries: all('[data-country]').map((e) => [Number(e.dataset.country),
                                                     e.querySelectorAll('[data-tile]').length]),
        coins: all('[data-coins]').map((e) => Number(e.dataset.coins)),
        bidStatus: all('[data-bid-status]').map((e) => e.innerText),
        myBid: all('[data-my-bid]').map((e) => Number(e.dataset.myBid)),
        width: b.firstElementChild ? b.firstElementChild.getBoundingClientRect().width : 0,
      };
    }""")


def check_common(snap: Snap, drawn: dict[str, Any]) -> None:
    legal = {a["text"] for a in snap.legal}
    stray = [a for a in drawn["acts"] if a not in legal]
    assert not stray, f"{snap.game} {snap.name}: clickable parts name no legal action: {stray}"
    assert "undefined" not in drawn["text"] and "NaN" not in drawn["text"], (
        f"{snap.game} {snap.name}: 'undefined' or 'NaN' drawn")


def check_som(snap: Snap, drawn: dict[str, Any]) -> None:
    view = snap.view
    assert drawn["cells"] == [c["estado"] for c in view["cells"]]
    assert len(drawn["cells"]) == 37
    want = sorted([c, d["deal"]] for d in view["deals"] for c in d["cells"])
    assert sorted(drawn["deals"]) == want                    # SOM-12.8: refills marked
    refilled = any(d["deal"] for d in view["deals"])
    assert drawn["dealCounts"] == ([d["deal"] for d in view["deals"]] if refilled else [])
    moves = sorted(a["text"] for a in snap.legal if a["text"].startswith("mover "))
    assert sorted(a for a in drawn["acts"] if a.startswith("mover ")) == moves
    for cid in snap.hidden.get("cards", []):
        assert cid not in drawn["cards"], f"{snap.name}: face-down card {cid} drawn"
    for name in snap.hidden.get("names", []):
        assert name not in drawn["text"], f"{snap.name}: face-down card '{name}' drawn"
    vote = view.get("vote")
    if vote:
        assert all(not re.search(r"\d", t) for t in drawn["bidStatus"]), drawn["bidStatus"]
        assert drawn["myBid"] == ([vote["my_bid"]] if "my_bid" in vote else [])


def check_elplan(snap: Snap, drawn: dict[str, Any]) -> None:
    view = snap.view
    assert [d for d, _a in drawn["districts"]] == list(range(1, 8))
    active = [d for d, a in drawn["districts"] if a]
    want = [view["district"]] if view["phase"] == "recorrido" and view["district"] else []
    assert active == want, f"{snap.name}: active District {active}, view says {want}"
    if view["decks_live"]:
        offers = sum(1 for d in view["decks"] for o in d["offers"] if o is not None)
        assert drawn["offers"] == offers
    own = [p["seat"] for p in view["players"] if "pending" in p]
    assert drawn["pending"] == own, f"{snap.name}: pending choices drawn for {drawn['pending']}"
    if snap.seat is None:
        assert drawn["pending"] == []


def check_sigloxx(snap: Snap, drawn: dict[str, Any]) -> None:
    view = snap.view
    want = sorted([p["seat"], len(p["country"])] for p in view["players"])
    assert sorted(drawn["countries"]) == want
    shown = [p["coins"] for p in view["players"] if "coins" in p]
    assert sorted(drawn["coins"]) == sorted(shown), f"{snap.name}: coins drawn {drawn['coins']}"
    if snap.seat is not None and not view["result"]:
        assert len(drawn["coins"]) == 1


CHECKS = {"som": check_som, "elplan": check_elplan, "sigloxx": check_sigloxx}


@pytest.mark.parametrize("gid", GAMES)
def test_renderer_draws_real_views(page: Any, gid: str) -> None:
    """Every kept stage draws without errors, with the right parts, clickable parts naming
    legal actions, nothing hidden, and a click calling ctx.act with its text."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    clicked = 0
    for snap in game_snaps(gid):
        drawn = draw(page, snap)
        check_common(snap, drawn)
        CHECKS[gid](snap, drawn)
        if snap.shot:
            page.screenshot(path=str(ARTIFACTS / f"render-{gid}-{snap.name}.png"),
                            full_page=True)
        if drawn["acts"]:
            target = drawn["acts"][-1]
            page.locator(f'#board [data-act="{target}"]').first.click()
            assert page.evaluate("window.harness.acts.slice()") == [target]
            clicked += 1
    assert clicked >= 3, f"{gid}: only {clicked} views had a clickable board part"


def test_sigloxx_bridge_edges_and_tiles_in_hand_are_clickable(page: Any) -> None:
    """An arranged Maintenance (the seeded games rarely reach it): placing an institution offers
    cells with rotations, then step C offers a bridge edge; both are drawn clickable."""
    g = ludoteca.new_game("sigloxx", players=3, seed=1)
    g.arrange(round=2, sp=0, phase="mantenimiento", set_aside={0: 1},
              technologies={0: ["T05"]}, country={0: [{"tile": "L01", "x": 1, "y": 0}]},
              pending={0: [{"tile": "L15", "citizen": True, "garbage": 1}]},
              bridges_held={0: 1})
    for text in ("basura S1", "elegir-institucion T05"):
        g.apply(text, seat=0)
    snap = Snap("sigloxx", "arranged-place", g.view(0), 0, legal_items(g, 0), "es")
    drawn = draw(page, snap)
    check_common(snap, drawn)
    places = sorted(a["text"] for a in snap.legal if a["text"].startswith("colocar"))
    assert places and sorted(a for a in drawn["acts"] if a.startswith("colocar")) == places
    for text in ("colocar-0 -1,0", "colocar-0 0,1"):
        g.apply(text, seat=0)
    snap = Snap("sigloxx", "arranged-bridge", g.view(0), 0, legal_items(g, 0), "en")
    drawn = draw(page, snap)
    check_common(snap, drawn)
    bridges = [a["text"] for a in snap.legal if a["text"].startswith("puente")]
    assert bridges and [a for a in drawn["acts"] if a.startswith("puente")] == bridges
    page.screenshot(path=str(ARTIFACTS / "render-sigloxx-arranged-bridge.png"), full_page=True)
    page.locator(f'#board [data-act="{bridges[0]}"]').first.click()
    assert page.evaluate("window.harness.acts.slice()") == [bridges[0]]


def test_harness_loads_a_view_from_the_query(page: Any, static_url: str) -> None:
    """``harness.html?game=…&view=URL&seat=…&lang=…`` fetches the view and draws it."""
    from urllib.parse import quote
    g = ludoteca.new_game("som", players=2, seed=3)
    doc = json.dumps({"view": g.view(1), "legal": legal_items(g, 1) if 1 in g.to_move else []})
    url = (f"{static_url}/dev/harness.html?game=som&seat=1&lang=en&view="
           + quote("data:application/json," + quote(doc), safe=""))
    page.goto(url)
    try:
        assert page.evaluate("window.harness.ready") is True
        assert page.locator("#board [data-cell]").count() == 37
        assert page.locator("#board .som-player.me").count() == 1
        assert page.evaluate("window.harness.errors.length") == 0
    finally:
        page.goto(f"{static_url}/dev/harness.html?bare=1")
        page.evaluate("window.harness.ready")


if __name__ == "__main__" and "--write-data" in sys.argv:
    write_data()
