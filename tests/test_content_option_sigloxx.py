"""Siglo XX plays the content file it is given (``--option content=FILE``, issue 22): a custom
file renames things and changes play within the rulebook's counts; the engine, the words, the
terminal screen, the web buttons, the bots and the learning observation all read the game's own
content; records embed the text; broken files are refused before any game exists; and the
shipped content plays exactly as before."""

from __future__ import annotations

import json
import pickle
import random
import re
from array import array
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.cli.main import app
from ludoteca.core.errors import ContentError, InvalidOption
from ludoteca.core.events import Event
from ludoteca.core.record import replay
from ludoteca.games.sigloxx.tables import default_tables, tables_of
from ludoteca.observation.direct.sigloxx import writer
from ludoteca.observation.encoders import encoder_for

SHIPPED = resources.files("ludoteca.games.sigloxx").joinpath("content.toml").read_text("utf-8")
START_CITY = '{ site = "a", kind = "city", coins = 1, science = 1, vp = 0 }'


def edited(text: str, old: str, new: str, count: int = 1) -> str:
    """``text`` with ``old`` replaced ``count`` times (it must occur at least that often)."""
    assert text.count(old) >= count, old
    return text.replace(old, new, count)


def custom_text() -> str:
    """The shipped file as an author would change it: every name gets "Zeta", seat 0's colour
    is "carmesí" / "crimson" (display only); and, within the rulebook's counts, 25 starting
    coins, start cities a worth 4 coins + 1 science + 1 VP, 4 garbage per tile, the board's
    cost track dearer, and catastrophes K1 and K4 swap their labels (what play and the
    observation see)."""
    t = SHIPPED
    t = t.replace('\nname = "', '\nname = "Zeta ').replace('\nname_en = "', '\nname_en = "Zeta ')
    t = edited(t, 'colours = ["rojo",', 'colours = ["carmesí",')
    t = edited(t, 'colours_en = ["red",', 'colours_en = ["crimson",')
    t = edited(t, "coins = 10                # XX-S.17", "coins = 25                # XX-S.17")
    t = edited(t, START_CITY, START_CITY.replace("coins = 1", "coins = 4")
               .replace("vp = 0", "vp = 1"), 5)                       # the five start tiles
    t = edited(t, "tile_capacity = 3 ", "tile_capacity = 4 ")
    t = edited(t, "prices = [7, 6, 5, 5, 4, 4, 3, 3, 2]", "prices = [9, 8, 7, 6, 5, 4, 3, 2, 1]")
    t = edited(t, 'id = "K1"\nindex = 0\nlabel = "I-II"', 'id = "K1"\nindex = 0\nlabel = "III-IV"')
    t = edited(t, 'id = "K4"\nindex = 3\nlabel = "III-IV"', 'id = "K4"\nindex = 3\nlabel = "I-II"')
    return t


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "mi_siglo.toml"
    p.write_text(custom_text(), encoding="utf-8")
    return p


def random_game(n: int, seed: int, options: dict, play_seed: int = 0):
    g = ludoteca.new_game("sigloxx", players=n, seed=seed, options=options)
    rng = random.Random(play_seed)
    while not g.is_over:
        s = g.to_move[0]
        g.apply(rng.choice(g.legal_actions(s)), seat=s)
    return g


# ----- 1. a custom content plays, and shows -----------------------------------------------------
def test_a_custom_file_plays_a_full_game_and_shows_where_a_player_looks(path: Path) -> None:
    """A full random game on the custom file: the views show its colour, its start (25 coins,
    income 6 coins / 2 science / 1 VP), its prices and the custom file's mark; the events speak
    the custom names; it ends with a result, and the invariants hold throughout."""
    g = ludoteca.new_game("sigloxx", players=3, seed=4, options={"content": str(path)})
    assert g.K.custom and g.C.start_coins == 25 and g.K.CAP == 4
    v = g.view(0)
    me = v["players"][0]
    assert me["colour"] == "carmesí" and me["coins"] == 25
    assert me["income"] == {"coins": 6, "science": 2, "vp": 1}
    assert v["cost_track"] == "tablero" and v["price"] == [9, 8, 7, 6, 5, 4, 3, 2, 1][v["marker"]]
    assert v["content"] == {"source": str(path), "key": g.K.key}
    assert "carmesí" in g.describe(g.opening_events[-1], "es") or \
        any("carmesí" in g.describe(e, "es") for e in g.opening_events)
    # a technology bought / a catastrophe revealed is named by the custom file
    tech = g.K.TECH[0]
    bought = Event("tecnologia", "XX-2.34", {"player": 0, "tech": tech.id, "price": 9})
    assert "«Zeta " in g.describe(bought, "es") and "“Zeta " in g.describe(bought, "en")
    cat = next(e for e in g.opening_events if e.kind == "catastrofe")
    assert "Zeta " in g.describe(cat, "es")
    rng = random.Random(1)
    while not g.is_over:
        s = g.to_move[0]
        g.apply(rng.choice(g.legal_actions(s)), seat=s)
        if rng.random() < 0.05:
            g._check_invariants()
    g._check_invariants()
    assert g.result is not None and g.result.reason == "fin"
    assert "Zeta " in g.describe(Event("bonificacion", "XX-G14.2", {
        "player": 0, "card": "II-A", "vp": 3}), "es")


def test_the_custom_content_changes_play() -> None:
    """The same seed plays differently: the holdings start at the custom amount, the incomes
    are the custom start cities', the track's price is the custom one, the catastrophe stack
    follows the custom labels, and a tile holds a fourth garbage token."""
    custom = ludoteca.new_game("sigloxx", players=3, seed=4,
                               options={"content": {"source": "mine", "toml": custom_text()}})
    shipped = ludoteca.new_game("sigloxx", players=3, seed=4)
    assert custom.coins == [25] * 3 and shipped.coins == [10] * 3
    assert custom.incomes(0) == (6, 2, 1) and shipped.incomes(0) == (3, 2, 0)
    assert custom.price() != shipped.price()
    # the catastrophe stack is drawn from the custom labels: K4 is a round-I–II card there
    pools = dict(custom.K.CAT_POOLS)
    assert 3 in pools["I-II"] and 0 in pools["III-IV"]
    # a tile takes a fourth garbage token only with the custom capacity (XX-G10.2)
    for g, room in ((custom, True), (shipped, False)):
        t = g.lands[0][0]
        g.garbage[t] = 3
        assert (t in g._room(0)) is room
    # the greedy bot values the custom start cities (its table is per content)
    from ludoteca.games.sigloxx.bots import _tile_best
    assert _tile_best(custom.K)[0] != _tile_best(shipped.K)[0]


def test_clones_share_the_content_and_a_pickled_game_carries_it(path: Path) -> None:
    """clone() and determinize() share the one content object; loading the same file again
    gives the same object (one parse per text); a pickled game unpickles to the same content
    and plays on identically."""
    g = ludoteca.new_game("sigloxx", players=4, seed=2, options={"content": str(path)})
    again = ludoteca.new_game("sigloxx", players=3, seed=9, options={"content": str(path)})
    assert again.K is g.K
    assert g.clone().K is g.K and g.determinize(0, 5).K is g.K
    back = pickle.loads(pickle.dumps(g))
    assert back.K is g.K and back.state_dict() == g.state_dict()
    assert pickle.loads(pickle.dumps(ludoteca.new_game("sigloxx", players=3, seed=1))).K \
        is default_tables()


def test_bots_and_the_search_play_the_custom_content(path: Path) -> None:
    """The greedy bot and the mcts search (its sigloxx heuristic) play a custom game."""
    g = ludoteca.new_game("sigloxx", players=3, seed=6, options={"content": str(path)})
    agents = [make_agent("greedy", "sigloxx", 1), make_agent("mcts:iterations=20", "sigloxx", 2),
              make_agent("greedy", "sigloxx", 3)]
    for _ in range(60):
        if g.is_over:
            break
        s = g.to_move[0]
        g.apply(agents[s].choose(g, s), seat=s)
    assert agents[0].K is g.K


# ----- 2. records ---------------------------------------------------------------------------------
def test_the_record_embeds_the_text_and_replays_without_the_file(path: Path) -> None:
    """The record keeps ``{"source", "toml"}``; with the file deleted, ``replay`` rebuilds the
    same final state and result, and so does a JSON round trip of the record."""
    g = random_game(4, 11, {"content": str(path)}, play_seed=3)
    rec = json.loads(json.dumps(g.record()))
    assert rec["options"]["content"] == {"source": str(path), "toml": custom_text()}
    path.unlink()
    again = replay(rec)
    assert again.K.custom and again.state_dict() == g.state_dict()
    assert again.result.to_json() == g.result.to_json()


# ----- 3. the shipped content -------------------------------------------------------------------
def test_without_the_option_the_game_is_the_shipped_one() -> None:
    """No option, ``None`` and ``"default"`` all play the shipped content, identically (same
    final state as a game given the shipped text explicitly, but for the content mark); the
    views carry no content mark and the record keeps ``content: None``."""
    plain = random_game(3, 7, {})
    for value in (None, "default"):
        other = random_game(3, 7, {"content": value})
        assert other.K is default_tables() and other.state_dict() == plain.state_dict()
    assert "content" not in plain.view(0) and plain.record()["options"]["content"] is None
    same = random_game(3, 7, {"content": {"source": "copy", "toml": SHIPPED}})
    a, b = same.state_dict(), plain.state_dict()
    assert a.pop("content") == {"source": "copy", "key": same.K.key} and a == b


# ----- 4. bad files -------------------------------------------------------------------------------
def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    """A path that does not exist: ContentError naming it."""
    with pytest.raises(ContentError, match=r"nada\.toml: file not found"):
        ludoteca.new_game("sigloxx", players=3, seed=1,
                          options={"content": str(tmp_path / "nada.toml")})


def test_invalid_toml_is_refused(tmp_path: Path) -> None:
    """Text that is not TOML: ContentError naming the file."""
    p = tmp_path / "roto.toml"
    p.write_text("[players\nmin = 3", encoding="utf-8")
    with pytest.raises(ContentError, match=r"roto\.toml: not valid TOML"):
        ludoteca.new_game("sigloxx", players=3, seed=1, options={"content": str(p)})


@pytest.mark.parametrize(("old", "new", "count", "message"), [
    # a count broken (XX-D.1: 16 tiles in pile I-II)
    ('id = "L01"\nindex = 5\npile = "I-II"', 'id = "L01"\nindex = 5\npile = "V"', 1,
     r"land_tiles \(pile I-II\): got 15, the rules say 16 \(XX-D\.1\)"),
    # a code renamed (ruling X11: rename with name / name_en)
    ('id = "T05"', 'id = "T99"', 1,
     r"technologies\[4\]\.id: got 'T99'; allowed: 'T05' \(ruling X11"),
    # two start citizens on one site (XX-S.14)
    ('start_citizens = ["a", "b"]', 'start_citizens = ["a", "a"]', 1,
     r"start\.start_citizens: got \['a', 'a'\]; allowed: distinct sites a, b, c \(XX-S\.14\)"),
    # more start citizens than a country has (XX-D.4)
    ("country_citizens = 16", "country_citizens = 1", 1,
     r"supply\.country_citizens: got 1; allowed: at least the 2 start citizens \(XX-D\.4\)"),
    # garbage at the start beyond what a tile holds (XX-G10.2)
    ("start_tile_garbage = 1", "start_tile_garbage = 4", 1,
     r"start\.start_tile_garbage: got 4; allowed: 0–3, what a tile holds \(XX-G10\.2\)"),
    # the start pollution off the track (XX-S.22)
    ("pollution = 0             # XX-S.16", "pollution = 9             # XX-S.16", 1,
     r"start\.pollution: got 9; allowed: -6…6"),
    # a scoring card moved to round III (XX-6.1)
    ('scoring_round = "II"', 'scoring_round = "III"', 1,
     r"rounds\[1\]\.scoring_round: got 'III'"),
    # an auction in round VI (XX-G17.1)
    ('cost_track = ""', 'cost_track = "tablero"', 1,
     r"rounds\[5\]\.cost_track: got 'tablero'; allowed: no track: round VI has no auction"),
])
def test_a_file_failing_the_schema_names_the_file_and_the_field(
        tmp_path: Path, old: str, new: str, count: int, message: str) -> None:
    """ContentError from ``new_game`` before any game exists, naming the file, the field path
    and what is allowed (with the rule ID)."""
    p = tmp_path / "malo.toml"
    p.write_text(edited(SHIPPED, old, new, count), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        ludoteca.new_game("sigloxx", players=3, seed=1, options={"content": str(p)})
    text = str(info.value)
    assert text.startswith(f"{p}: "), text
    assert re.search(message, text), text


@pytest.mark.parametrize("value", [5, {"toml": 5}, ["x.toml"], True])
def test_values_of_the_wrong_kind_say_what_is_allowed(value: object) -> None:
    """A number, a list, a ``{"toml": …}`` whose text is not text: InvalidOption naming the two
    allowed forms."""
    with pytest.raises(InvalidOption, match=r"sigloxx: option content must be the path of a "
                       r"TOML content file \(or \{\"source\": name, \"toml\": text\}\)"):
        ludoteca.new_game("sigloxx", players=3, seed=1, options={"content": value})


# ----- 5. the terminal --------------------------------------------------------------------------
def test_the_terminal_plays_a_custom_file_and_shows_its_names(path: Path) -> None:
    """``ludoteca play sigloxx --option content=FILE`` with a person: the screen shows the
    custom colour, the custom technology names and the custom coins; bots play it to the end."""
    runner = CliRunner()
    result = runner.invoke(app, ["play", "sigloxx", "--players",
                                 "Ana,bot:greedy,bot:greedy", "--seed", "3", "--lang", "es",
                                 "--option", f"content={path}"], input="tablero\nsalir\n")
    out = result.output
    assert result.exit_code == 0 and "Traceback" not in out, out
    assert "Ana (carmesí)" in out and "Zeta " in out
    assert "25" in out and "Dejas la partida." in out
    result = runner.invoke(app, ["play", "sigloxx", "--players",
                                 "bot:greedy,bot:random,bot:greedy", "--seed", "5", "--lang",
                                 "en", "--option", f"content={path}"])
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    out = result.output
    assert "greedy (crimson)" in out and "“Zeta " in out and re.search(r"^(Winner|Tie)", out,
                                                                       re.M)


def test_the_renderer_shows_the_games_content_and_the_shipped_one_alike(path: Path) -> None:
    """The renderer's screen of a custom game shows 4-garbage tiles and the custom names,
    while a shipped game rendered after it still shows the shipped ones."""
    from io import StringIO

    from rich.console import Console

    from ludoteca.cli.render import renderer_for

    def screen(game) -> str:
        buf = StringIO()
        console = Console(file=buf, width=100, highlight=False, color_system=None)
        r = renderer_for("sigloxx")
        console.print(r.table_view(game, 0, "es", [""] * game.n_players, 100))
        console.print(r.actions_table(game, 0, game.legal_actions(0), "es")
                      if game.to_move == (0,) else "")
        return buf.getvalue()

    custom = ludoteca.new_game("sigloxx", players=3, seed=4, options={"content": str(path)})
    shipped = ludoteca.new_game("sigloxx", players=3, seed=4)
    a, b = screen(custom), screen(shipped)
    assert "S1 ■□□□" in a and "carmesí" in a and "Zeta " in a
    assert "S1 ■□□ " in b and "carmesí" not in b and "Zeta " not in b


# ----- 6. the web -------------------------------------------------------------------------------
def test_the_web_creates_a_table_from_the_text_and_refuses_a_path(path: Path) -> None:
    """``check_request`` with ``{"toml": text}`` creates the game on the custom content and its
    buttons speak its names; a path string is refused with ``invalid_option``."""
    from ludoteca.web.errors import WebError
    from ludoteca.web.setup import check_request
    from ludoteca.web.table import action_buttons
    from ludoteca.web.words.sigloxx import describe

    seats = [{"kind": "person", "name": n} for n in ("Ana", "Bo", "Cy")]
    req = check_request({"game": "sigloxx", "seats": seats, "seed": 3,
                         "options": {"content": {"toml": custom_text()}}})
    g = req.game_obj
    assert g.K.custom and g.view(0)["players"][0]["colour"] == "carmesí"
    # play to a technology purchase and read its button
    rng = random.Random(0)
    words = None
    while words is None and not g.is_over:
        s = g.to_move[0]
        legal = g.legal_actions(s)
        buy = [a for a in legal if a.name == "comprar-tecnologia"]
        if buy:
            words = describe(g.view(s), str(buy[0]))
            buttons = action_buttons(g, s, None)
            break
        g.apply(rng.choice(legal), seat=s)
    assert words is not None and "Zeta " in words["label"]["es"], words
    assert any("Zeta " in b["label"]["en"] for b in buttons)
    with pytest.raises(WebError) as info:
        check_request({"game": "sigloxx", "seats": seats,
                       "options": {"content": str(path)}})
    assert info.value.code == "invalid_option"


# ----- 7. observations --------------------------------------------------------------------------
def test_the_observation_of_a_custom_game_has_the_same_shape_and_the_direct_writer_agrees(
        path: Path) -> None:
    """Every seat at every step of a random custom game: the direct writer equals the view
    encoder, the vector has the shipped game's width, and the custom values (the dearer track,
    the relabelled catastrophes) reach it."""
    enc = encoder_for("sigloxx")
    write = writer()
    for n, seed in ((3, 1), (5, 2)):
        g = ludoteca.new_game("sigloxx", players=n, seed=seed, options={"content": str(path)})
        rng = random.Random(seed)
        while True:
            for seat in range(n):
                ref = enc.encode(g.view(seat), seat, n).tobytes()
                buf = array("d", [7.0] * enc.size)
                write(g, seat, buf)
                assert enc.finish(buf).tobytes() == ref, (n, seed, g.phase, seat)
                assert len(ref) == 4 * enc.size
            if g.is_over:
                break
            s = g.to_move[0]
            g.apply(rng.choice(g.legal_actions(s)), seat=s)
    shipped = ludoteca.new_game("sigloxx", players=3, seed=1)
    custom = ludoteca.new_game("sigloxx", players=3, seed=1, options={"content": str(path)})
    assert enc.encode(custom.view(0), 0, 3).shape == enc.encode(shipped.view(0), 0, 3).shape
    assert enc.encode(custom.view(0), 0, 3).tobytes() != enc.encode(shipped.view(0), 0, 3) \
        .tobytes()


def test_tables_of_finds_a_views_content_and_never_guesses(path: Path) -> None:
    """The view's mark leads the web words to the game's content; a view without one reads
    the shipped content; a mark of a content no longer loaded is an error, never the shipped
    words for a custom game."""
    g = ludoteca.new_game("sigloxx", players=3, seed=1, options={"content": str(path)})
    assert tables_of(g.view(1)) is g.K
    assert tables_of(ludoteca.new_game("sigloxx", players=3, seed=1).view(0)) \
        is default_tables()
    with pytest.raises(LookupError, match="not loaded in this process"):
        tables_of({"content": {"source": "x", "key": "gone"}})
