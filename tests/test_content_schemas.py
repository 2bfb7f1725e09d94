"""Declared content schemas (issue 22): the pydantic models of Som, El Plan and Siglo XX read
the shipped files exactly as the old hand parsers did, keep the rulebook's counts (messages
name the rule ID, the file and the field path), and ``ludoteca content`` checks files and
prints JSON Schemas."""

from __future__ import annotations

import dataclasses
import importlib
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import ludoteca

GAMES = ("som", "elplan", "sigloxx")
FROZEN = Path(__file__).parent / "data" / "content_frozen"


def canon(x: Any) -> Any:
    """A JSON-able, type-preserving image of parsed content (dataclasses, tuples, dicts);
    fields derived in ``__post_init__`` (``init=False``) are not content and are left out."""
    if dataclasses.is_dataclass(x):
        return {"__type__": type(x).__name__,
                **{f.name: canon(getattr(x, f.name)) for f in dataclasses.fields(x)
                   if f.init}}
    if isinstance(x, dict):
        return {"__dict__": [[canon(k), canon(v)] for k, v in x.items()]}
    if isinstance(x, (tuple, list)):
        return {"__" + type(x).__name__ + "__": [canon(v) for v in x]}
    if isinstance(x, frozenset):
        return {"__frozenset__": sorted(canon(v) for v in x)}
    if x is None or isinstance(x, (bool, int, str)):
        return [type(x).__name__, x]
    return ["repr", repr(x)]


def shipped(game: str) -> str:
    return resources.files(f"ludoteca.games.{game}").joinpath("content.toml").read_text("utf-8")


def parse(game: str, text: str) -> Any:
    return importlib.import_module(f"ludoteca.games.{game}.content").parse_content(text)


@pytest.mark.parametrize("game", GAMES)
def test_schema_parse_equals_the_old_parsers_output(game: str) -> None:
    """The frozen JSON was dumped from the hand parsers before the schemas replaced them."""
    frozen = json.loads((FROZEN / f"{game}.json").read_text("utf-8"))
    assert json.loads(json.dumps(canon(parse(game, shipped(game))))) == frozen


# ----- the rulebook's counts stay, with the rule ID, the file and the field path ---------------
BROKEN = [
    # (game, text to replace, replacement, expected message pattern)
    ("som", "cells = 37", "cells = 36",
     r"^som content\.toml: map\.cells: got 36, the rulebook says 37 \(SOM-1\.2: 37 board cards\)"
     r"; allowed: 37$"),
    ("som", 'flag = "catalunya"        #', 'flag = "mon"        #',
     r"cards \(flag = 'catalunya'\): got 17, the rulebook says 18 \(SOM-1\.2\)"),
    ("som", 'flag = "catalunya"        #', 'flag = "andorra"        #',
     r"cards\[0\]\.flag: got 'andorra'; allowed: catalunya, mon, urna or espanya"),
    ("som", "value = 1\n", "value = 2\n",
     r"disks\[5\]\.value: got 2, the rulebook says 1 \(SOM-1\.8: .*\); allowed: 1"),
    ("som", 'picture = "lila"', 'picture = "verde"',
     r"die\.faces\[2\]\.picture: got 'verde'; allowed: generalitat, todos, rosa, lila"),
    ("som", "per_euro_given = 1", "per_euro = 1",
     r"participation\.per_euro_given: missing; allowed: a whole number"),
    ("som", "start_money = 8", "start_money = 9",
     r"setup\.solo\.disks_2/disks_1: got 8, the rulebook says 9 \(SOM-2\.4"),
    ("som", "[modes.AC]", "[modes.D]", r"modes\.AC: missing; allowed: a table of"),
    ("elplan", "full_game = 12", "full_game = 13",
     r"^elplan content\.toml: periods\.full_game: got 13, the booklet says 12 \(EP-PER\.1\)"),
    ("elplan", "events_in_deck = 20", "events_in_deck = 21",
     r"setup\.events_in_deck: got 21, the booklet says 20 \(EP-SET\.5\)"),
    ("elplan", "cost = { d = 1 }              #", "cost = { q = 1 }              #",
     r"investments\[11\]\.cost\.q: unknown field; allowed: ch, d, e"),
    ("elplan", 'op = "gain", scope = "player"', 'op = "gain", scope = "city"',
     r"events\[0\]\.effects\[0\]\.scope: got 'city'; allowed: player or board"),
    ("sigloxx", "bridges = 4", "bridges = 5",
     r"^sigloxx content\.toml: supply\.bridges: got 5, the rules say 4 \(XX-C\.10\)"),
    ("sigloxx", '"V" = 6  ', '"V" = 7  ', r"tech_piles: got \(12, 12, 7\), .*\(XX-D\.2\)"),
    ("sigloxx", "size = 15", 'size = "15"', r"country_grid\.size: got '15'; allowed: a whole"),
    ("sigloxx", 'op = "per_income"', 'op = "per_nothing"',
     r"scoring_cards\[0\]\.op: got 'per_nothing'; allowed: per_income, "),
]


@pytest.mark.parametrize(("game", "old", "new", "pattern"), BROKEN,
                         ids=[f"{b[0]}-{i}" for i, b in enumerate(BROKEN)])
def test_broken_content_names_field_rule_and_allowed(game: str, old: str, new: str,
                                                     pattern: str) -> None:
    text = shipped(game)
    assert old in text
    with pytest.raises(ludoteca.ContentError, match=pattern):
        parse(game, text.replace(old, new, 1))


def test_tutorial_cards_take_defaults_and_are_checked_as_cards() -> None:
    """El Plan's tutorial investments inherit [tutorial_card_defaults] and are then checked as
    investment cards; a card may override a default."""
    from ludoteca.games.elplan.content import parse_content

    text = shipped("elplan")
    assert all(c.spaces == (2,) and c.trio for c in parse_content(text).tut_cards)
    defaults = '[tutorial_card_defaults]      # applies to every tutorial card below unless it ' \
        'says otherwise\ncost = { d = 1 }\nspaces = ["e"]'
    assert defaults in text
    no_spaces = text.replace(defaults, defaults.replace('["e"]', "[]"), 1)
    with pytest.raises(ludoteca.ContentError,
                       match=r"tutorial_investments\[0\]\.min_tokens: got 1 with 0 spaces"):
        parse_content(no_spaces)
    own = text.replace('id = "t-galpon"', 'id = "t-galpon"\ncost = { ch = 2 }', 1)
    assert parse_content(own).tut_cards[1].cost == (2, 0, 0)
    missing = text.replace('deck = "infraestructura"\n\n[[tutorial_investments]]',
                           '\n[[tutorial_investments]]', 1)
    with pytest.raises(ludoteca.ContentError,
                       match=r"tutorial_investments\[0\]\.deck: missing; allowed: "
                             r"infraestructura, especialista"):
        parse_content(missing)


def test_errors_name_a_custom_file() -> None:
    from ludoteca.games.som.content import parse_content

    with pytest.raises(ludoteca.ContentError, match=r"^mis/cartas\.toml: cards: need 37"):
        parse_content(shipped("som").replace("[[cards]]", "[[kards]]", 1), "mis/cartas.toml")
    with pytest.raises(ludoteca.ContentError, match=r"^x\.toml: not valid TOML"):
        parse_content("cards = [", "x.toml")


# ----- ludoteca content check / schema ---------------------------------------------------------
ALL = ("som", "elplan", "sigloxx", "qytetet", "civitas")


def cli(*args: str):
    from typer.testing import CliRunner

    from ludoteca.cli.main import app

    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output
    return result


def shipped_path(game: str) -> Path:
    name = "board.toml" if game in ("qytetet", "civitas") else "content.toml"
    return Path(str(resources.files(f"ludoteca.games.{game}").joinpath(name)))


@pytest.mark.parametrize("game", ALL)
def test_content_check_accepts_the_shipped_files(game: str) -> None:
    result = cli("content", "check", str(shipped_path(game)), "--game", game, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines() == [
        f"OK: {shipped_path(game)} is valid {game} content"]


def test_content_check_reports_errors_with_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "som.toml"
    bad.write_text(shipped("som").replace("cells = 37", "cells = 36"), "utf-8")
    result = cli("content", "check", str(bad), "--game", "som", "--lang", "en")
    assert result.exit_code == 1
    assert f"{bad}: map.cells: got 36, the rulebook says 37 (SOM-1.2" in result.output
    board = tmp_path / "board.toml"
    board.write_text(shipped_path("qytetet").read_text("utf-8").replace(
        'type = "SALIDA"', 'type = "CASINO"', 1), "utf-8")
    result = cli("content", "check", str(board), "-g", "qytetet", "--lang", "en")
    assert result.exit_code == 1
    assert "squares[0]" in result.output and "allowed: SALIDA" in result.output


def test_content_check_usage_errors_exit_2(tmp_path: Path) -> None:
    result = cli("content", "check", str(tmp_path / "none.toml"), "--game", "som", "--lang", "en")
    assert result.exit_code == 2 and "cannot be read" in result.output
    result = cli("content", "check", str(shipped_path("som")), "--game", "parchis", "--lang", "en")
    assert result.exit_code == 2 and "unknown game 'parchis'" in result.output
    assert cli("content", "schema", "parchis", "--lang", "es").exit_code == 2


@pytest.mark.parametrize("game", ALL)
def test_content_schema_validates_the_shipped_file(game: str) -> None:
    """The printed JSON Schema is one editors can use: the shipped file passes it and a
    wrongly typed field fails it."""
    import tomllib

    jsonschema = pytest.importorskip("jsonschema")
    result = cli("content", "schema", game)
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert schema["title"].startswith(f"ludoteca {game} ")
    data = tomllib.loads(shipped_path(game).read_text("utf-8"))
    jsonschema.validate(data, schema)
    data["squares" if game in ("qytetet", "civitas") else "players"] = "many"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)
