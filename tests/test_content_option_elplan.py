"""«El Plan: tú decides» plays a custom content file: ``--option content=FILE`` (issue 22).

The custom file is the shipped ``content.toml`` edited as an author would: Bodega, the first
event, a plan, the Infrastructure deck and square 3A renamed; and, within the booklet's counts,
Bodega made cheaper (1 Energía instead of 1 Dinero + 1 Energía) and the authored credit rules
changed (3 credit cards instead of 6, repaid for 2 Dinero instead of 3; G10). The tests check
that the game plays that content everywhere a player meets it (views, events, the terminal,
the web's words, observations), that records embed it, that the shipped content plays as
before and that bad files are refused."""

from __future__ import annotations

import pickle
import random
import re
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.core.errors import ContentError, InvalidOption
from ludoteca.core.events import Event
from ludoteca.games.elplan.content import content

SHIPPED = resources.files("ludoteca.games.elplan").joinpath("content.toml").read_text("utf-8")
BODEGA = '''name = "Bodega"
name_en = "Warehouse"
deck = "infraestructura"
copies = 2
cost = { d = 1, e = 1 }'''


def _edit(text: str, old: str, new: str, count: int = 1) -> str:
    assert text.count(old) >= 1, old
    return text.replace(old, new, count)


def renamed(text: str = SHIPPED) -> str:
    """Names and one square id changed only: plays exactly as the shipped file."""
    text = _edit(text, BODEGA, BODEGA.replace('"Bodega"', '"Almacén Central"')
                 .replace('"Warehouse"', '"Central Depot"'))
    text = _edit(text, 'name = "Infraestructura"', 'name = "Obras Públicas"')
    text = _edit(text, 'id = "3A"', 'id = "3-OBRAS"')
    first = content().events[0]
    text = _edit(text, f'name = "{first.name}"', 'name = "Lluvia de millones"')
    plan = content().plans[0]
    return _edit(text, f'name = "{plan.name}"', 'name = "Granja de Prueba"')


def custom() -> str:
    """Renamed, and changes that alter play: Bodega costs 1 E; 3 credit cards, repaid for
    2 Dinero."""
    text = renamed()
    text = _edit(text, BODEGA.replace('"Bodega"', '"Almacén Central"')
                 .replace('"Warehouse"', '"Central Depot"'),
                 BODEGA.replace('"Bodega"', '"Almacén Central"')
                 .replace('"Warehouse"', '"Central Depot"').replace("{ d = 1, e = 1 }",
                                                                    "{ e = 1 }"))
    text = _edit(text, "supply = 6 ", "supply = 3 ")
    return _edit(text, "repay_cost = { d = 3 }", "repay_cost = { d = 2 }")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "mi_plan.toml"
    p.write_text(custom(), encoding="utf-8")
    return p


def play_out(g, seed: int = 0):
    rng = random.Random(seed)
    while not g.is_over:
        seat = g.to_move[0]
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    return g


# ----- 1. the game plays the content it was given ------------------------------------------
def test_a_custom_content_plays_a_whole_random_game(path):
    """A full random game on the custom file; its parsed content is shared by games of that
    file, by clones and by determinized worlds; the invariants hold with 3 credit cards."""
    g = ludoteca.new_game("elplan", players=4, seed=5, options={"content": str(path)})
    assert g.C.custom and g.C.credit_supply == 3 and g.C.repay_cost == 2
    assert g.cat[0].name == "Almacén Central" and g.cat[0].cost == (0, 0, 1)
    other = ludoteca.new_game("elplan", players=2, seed=1, options={"content": str(path)})
    assert other.C is g.C
    assert g.clone().C is g.C and g.determinize(0, 3).C is g.C
    play_out(g)
    assert g.result is not None
    g._check_invariants()


def test_the_change_changes_play(path):
    """3 credit cards: with three of them taken, a fourth seat may not take one (with the
    shipped file it may); Bodega's refund follows its new cost."""
    got = {}
    for name, options in (("custom", {"content": str(path)}), ("shipped", {})):
        g = ludoteca.new_game("elplan", players=4, seed=2, options=options)
        g.arrange(credit=[0, 1, 2])
        got[name] = g
    assert got["custom"].credit_supply == 0 and got["shipped"].credit_supply == 3
    assert not got["custom"]._credit_ok(3) and got["shipped"]._credit_ok(3)
    assert got["custom"].cat[0].cost_total == 1 and got["shipped"].cat[0].cost_total == 2


def test_the_change_is_seen_in_views_and_events(path):
    """The view names the renamed square and the cards; event words use the custom card,
    deck and event names in both languages; the view carries the content's key."""
    g = ludoteca.new_game("elplan", players=3, seed=2, options={"content": str(path)})
    g.arrange(investments={0: ["bodega"]}, events=[content().events[0].id])
    view = g.view(0)
    assert view["content"] == {"source": g.C.origin, "key": g.C.key}
    target = next(t for t in view["players"][0]["targets"] if t["id"] == "bodega")
    assert target["name"] == "Almacén Central" and target["name_en"] == "Central Depot"
    assert g.parse("ubicar 3-obras").arg == 4
    bought = Event("invertir", "EP-D3.2", {"player": 0, "slot": 0, "card": "bodega",
                                            "target": 2, "deck": 0, "paid": {"e": 1}})
    assert "Almacén Central (Obras Públicas)" in g.describe(bought, "es")
    assert "Central Depot" in g.describe(bought, "en")
    # play on until the first event is turned over: it has its custom name
    rng = random.Random(1)
    seen = []
    while not g.is_over and g.period == 1:
        seat = g.to_move[0]
        seen += g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    suceso = next(e for e in seen if e.kind == "suceso")
    assert "Lluvia de millones" in g.describe(suceso, "es")


# ----- 2. records ---------------------------------------------------------------------------
def test_the_record_embeds_the_file_and_replays_without_it(path):
    """The record keeps {"source", "toml"}; replaying it needs no file."""
    g = play_out(ludoteca.new_game("elplan", players=3, seed=8, options={"content": str(path)}))
    rec = g.record()
    assert rec["options"]["content"] == {"source": str(path), "toml": custom()}
    path.unlink()
    h = ludoteca.replay(rec)
    assert h.state_dict() == g.state_dict() and h.result == g.result
    assert h.record() == rec


def test_a_game_with_custom_content_pickles(path):
    """The lab's process pool and the web's workers pickle games: the content comes along
    (as its text, parsed again through the same cache)."""
    g = ludoteca.new_game("elplan", players=4, seed=3, options={"content": str(path)})
    for _ in range(25):
        g.apply(g.legal_actions(g.to_move[0])[0], seat=g.to_move[0])
    h = pickle.loads(pickle.dumps(g))
    assert h.C is g.C
    assert h.state_dict() == g.state_dict()
    play_out(h, 1)
    play_out(g, 1)
    assert h.state_dict() == g.state_dict()


# ----- 3. the shipped content is unchanged --------------------------------------------------
def test_without_the_option_the_shipped_content_plays_as_before():
    """No option, None and "default" are the same game; its views name no content."""
    games = [ludoteca.new_game("elplan", players=3, seed=4, options=opts)
             for opts in ({}, {"content": None}, {"content": "default"})]
    assert all(g.C is content() and not g.C.custom for g in games)
    assert "content" not in games[0].view(0)
    assert games[0].record()["options"]["content"] is None
    finals = [play_out(g, 2).state_dict() for g in games]
    assert finals[0] == finals[1] == finals[2]


def test_a_renamed_copy_plays_like_the_shipped_file(tmp_path):
    """Names and a square id only: the same seed plays the same moves to the same result."""
    p = tmp_path / "renamed.toml"
    p.write_text(renamed(), encoding="utf-8")
    a = play_out(ludoteca.new_game("elplan", players=3, seed=6), 3)
    b = play_out(ludoteca.new_game("elplan", players=3, seed=6, options={"content": str(p)}), 3)
    assert a.actions_played == b.actions_played
    assert a.result == b.result


# ----- 4. bad files -------------------------------------------------------------------------
def test_a_missing_file_is_refused(tmp_path):
    """ContentError (an InvalidOption) naming the path, before any game exists."""
    missing = tmp_path / "nope.toml"
    with pytest.raises(ContentError, match=re.escape(str(missing))) as err:
        ludoteca.new_game("elplan", players=2, options={"content": str(missing)})
    assert isinstance(err.value, InvalidOption)


def test_invalid_toml_is_refused(tmp_path):
    """The file and «not valid TOML»."""
    p = tmp_path / "broken.toml"
    p.write_text("[players\nmin = 1", encoding="utf-8")
    with pytest.raises(ContentError, match=r"broken\.toml: not valid TOML"):
        ludoteca.new_game("elplan", players=2, options={"content": str(p)})


@pytest.mark.parametrize("old, new, field, words", [
    ("full_game = 12", "full_game = 13", r"periods\.full_game", "EP-PER.1"),
    ('district = "D4"', 'district = "D5"', r"opportunity_squares\[7\]\.district", "EP-OPP"),
    ('discount = { choice = ["d"], amount = 1 }', 'discount = { choice = ["ch"], amount = 1 }',
     r"opportunity_squares\[5\]\.discount\.choice", "EP-D3.11"),
    ('alias_en = "money"', 'alias_en = "cash"', r"resources\[\]\.alias_en", "action grammar"),
    ('kind = "choose_one"', 'kind = "store"', r"investments\[\]\.effect\.kind",
     "at most one card"),
])
def test_a_file_breaking_the_booklet_is_refused(tmp_path, old, new, field, words):
    """A count or layout broken: the message names the file, the field and what is allowed."""
    p = tmp_path / "mal.toml"
    p.write_text(_edit(SHIPPED, old, new), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        ludoteca.new_game("elplan", players=3, options={"content": str(p)})
    msg = str(err.value)
    assert msg.startswith(str(p)), msg
    assert re.search(field, msg), msg
    assert words in msg and "allowed" in msg, msg


@pytest.mark.parametrize("value", [5, {"toml": 5}, ["a.toml"]])
def test_a_value_of_the_wrong_kind_is_refused(value):
    """Not a path nor {"toml": text}: InvalidOption saying what is allowed."""
    with pytest.raises(InvalidOption, match="path of a TOML content file"):
        ludoteca.new_game("elplan", players=2, options={"content": value})


# ----- 5. the terminal ----------------------------------------------------------------------
def test_the_terminal_plays_the_custom_file(path):
    """``ludoteca play elplan --option content=FILE``: the board shows the custom deck name,
    the square id and the 3 credit cards in reserve."""
    from ludoteca.cli.main import app

    result = CliRunner().invoke(app, ["play", "elplan", "--players",
                                      "Ana,bot:greedy,bot:random", "--seed", "3", "--lang",
                                      "es", "--option", f"content={path}"], input="1\n1\n")
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Obras Públicas" in out and "3-OBRAS" in out
    assert "Créditos en reserva: 3" in out


def test_the_terminal_refuses_a_missing_file(tmp_path):
    """A missing file: the error names it, no game starts."""
    from ludoteca.cli.main import app

    missing = tmp_path / "no_existe.toml"
    result = CliRunner().invoke(app, ["play", "elplan", "--players", "bot:random,bot:random",
                                      "--option", f"content={missing}"])
    assert result.exit_code != 0
    assert "no_existe.toml" in result.output


# ----- 6. the web ---------------------------------------------------------------------------
def test_the_web_takes_the_text_and_refuses_a_path(path):
    """{"content": {"toml": text}} creates the game; a path is refused (invalid_option); the
    buttons' words read the game's content (repaying costs 2 Dinero)."""
    from ludoteca.web.errors import WebError
    from ludoteca.web.setup import check_request
    from ludoteca.web.words.elplan import describe

    body = {"game": "elplan", "seed": 3, "options": {"content": {"toml": custom()}},
            "seats": [{"kind": "person", "name": "Ana"}, {"kind": "bot", "bot": "random"},
                      {"kind": "bot", "bot": "greedy"}]}
    req = check_request(body)
    g = req.game_obj
    assert g.C.custom and g.C.credit_supply == 3
    assert g.record_options()["content"]["toml"] == custom()
    words = describe(g.view(0), "pagar-credito")
    assert "2 Dinero" in words["label"]["es"] and "2 Money" in words["label"]["en"]
    shipped = ludoteca.new_game("elplan", players=3, seed=3)
    assert "3 Dinero" in describe(shipped.view(0), "pagar-credito")["label"]["es"]
    words = describe(g.view(0), "ubicar 4")
    assert words is not None and "3-OBRAS" in words["label"]["es"] + words["label"]["en"] + \
        str(words.get("help"))
    with pytest.raises(WebError) as err:
        check_request({**body, "options": {"content": str(path)}})
    assert err.value.code == "invalid_option"


# ----- 7. observations ----------------------------------------------------------------------
def test_observations_of_a_custom_content(path):
    """The same shape as the shipped content's; the direct writer equals the view encoder at
    every step; renamed ids are observed by position (as the shipped ones)."""
    from ludoteca.observation.direct import elplan as direct_elplan
    from ludoteca.observation.encoders import encoder_for

    enc = encoder_for("elplan")
    write = direct_elplan.writer()
    g = ludoteca.new_game("elplan", players=3, seed=9, options={"content": str(path)})
    twin = ludoteca.new_game("elplan", players=3, seed=9, options={"content": _renamed(path)})
    shipped = ludoteca.new_game("elplan", players=3, seed=9)
    rng = random.Random(4)
    steps = 0
    while not g.is_over and steps < 400:
        for seat in range(3):
            want = enc.encode(g.view(seat), seat, 3)
            buf = enc.scratch()
            write(g, seat, buf)
            got = np.frombuffer(buf, dtype=np.float64).astype(np.float32)
            assert want.shape == (enc.size,)
            assert np.array_equal(got, want), (steps, seat)
        seat = g.to_move[0]
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
        steps += 1
    # a renamed copy is observed exactly as the shipped file (ids by position)
    for seat in range(3):
        assert np.array_equal(enc.encode(twin.view(seat), seat, 3),
                              enc.encode(shipped.view(seat), seat, 3))


def _renamed(path: Path) -> str:
    p = path.with_name("renamed.toml")
    p.write_text(renamed(), encoding="utf-8")
    return str(p)
