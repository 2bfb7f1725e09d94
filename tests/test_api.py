"""The public API of DESIGN.md as a user meets it: listing, options, errors, records."""

from __future__ import annotations

import json

import pytest

import ludoteca


def test_games_and_info():
    assert {"qytetet", "civitas"} <= set(ludoteca.games())
    info = ludoteca.info("qytetet")
    assert info.players == (2, 4) and info["players"] == (2, 4)
    assert set(info.options) == {"board", "max_rounds"}
    assert info.options["max_rounds"].default == 100
    assert "SALIDA" in info.summary["es"] and "SALIDA" in info.summary["en"]
    json.dumps(info.to_json())


def test_bad_game_players_seed_and_options_are_refused_clearly():
    with pytest.raises(ludoteca.InvalidOption, match="unknown game 'monopoly'; games: civitas"):
        ludoteca.new_game("monopoly")
    with pytest.raises(ludoteca.InvalidOption, match="2 to 4 players; got 5"):
        ludoteca.new_game("qytetet", players=5)
    with pytest.raises(ludoteca.InvalidOption, match="unknown option 'colour'; allowed"):
        ludoteca.new_game("qytetet", players=2, options={"colour": "red"})
    with pytest.raises(ludoteca.InvalidOption, match="seed must be an integer"):
        ludoteca.new_game("qytetet", players=2, seed="seven")
    with pytest.raises(ludoteca.InvalidOption, match="forced dice must be 1 to 6"):
        ludoteca.new_game("qytetet", players=2, dice=[7])
    with pytest.raises(ludoteca.ContentError, match="file not found"):
        ludoteca.new_game("civitas", players=2, options={"board": "/nowhere/board.toml"})


def test_names_and_seedless_games_are_recorded():
    game = ludoteca.new_game("civitas", players=["Ana", "Bea"])
    rec = game.record()
    assert rec["names"] == ["Ana", "Bea"] and isinstance(rec["seed"], int)
    assert rec["format"] == ludoteca.RECORD_FORMAT
    game.apply("tirar")
    assert ludoteca.replay(rec).record()["actions"] == []
    assert ludoteca.replay(game.record()).state_dict() == game.state_dict()


def test_malformed_records_are_refused_with_the_reason():
    game = ludoteca.new_game("qytetet", players=2, seed=1)
    game.apply("tirar")
    good = game.record()
    with pytest.raises(ludoteca.RecordError, match="JSON object"):
        ludoteca.replay(["not", "a", "record"])
    with pytest.raises(ludoteca.RecordError, match="lacks seed"):
        ludoteca.replay({k: v for k, v in good.items() if k != "seed"})
    with pytest.raises(ludoteca.RecordError, match="unknown record format"):
        ludoteca.replay({**good, "format": "pgn"})
    with pytest.raises(ludoteca.RecordError, match="action 0 must be"):
        ludoteca.replay({**good, "actions": ["tirar"]})
    with pytest.raises(ludoteca.RecordError, match="action 1 .* is illegal"):
        ludoteca.replay({**good, "actions": good["actions"] + [[0, "tirar"]] * 2})
    with pytest.raises(ludoteca.RecordError, match="header is not valid"):
        ludoteca.replay({**good, "players": 9, "names": None})


def test_malformed_records_say_why_in_spanish_too():
    """``RecordError.text("es")`` says the same in Spanish; ``text("en")`` is the message."""
    game = ludoteca.new_game("qytetet", players=2, seed=1)
    game.apply("tirar")
    good = game.record()
    cases = [(["not", "a", "record"], "objeto JSON"),
             ({k: v for k, v in good.items() if k != "seed"}, "le falta seed"),
             ({**good, "format": "pgn"}, "formato de registro desconocido 'pgn'"),
             ({**good, "actions": ["tirar"]}, "la acción 0 del registro ha de ser"),
             ({**good, "actions": good["actions"] + [[0, "tirar"]] * 2},
              "la acción 1 del registro (0: 'tirar') no es legal"),
             ({**good, "players": 9, "names": None}, "la cabecera del registro no es válida"),
             ({**good, "setup": [1]}, "cada entrada de setup ha de ser un objeto")]
    for rec, spanish in cases:
        with pytest.raises(ludoteca.RecordError) as info:
            ludoteca.replay(rec)
        assert spanish in info.value.text("es")
        assert info.value.text("en") == str(info.value) != info.value.text("es")


def test_arranged_positions_replay_too():
    game = ludoteca.new_game("qytetet", players=2, seed=3, dice=[3])
    game.arrange(positions={0: 17, 1: 17}, balances={0: 1234}, current=0)
    events = game.apply("tirar")
    assert any(e.kind == "salida" for e in events)
    again = ludoteca.replay(json.loads(json.dumps(game.record())))
    assert again.state_dict() == game.state_dict()
    with pytest.raises(ludoteca.InvalidOption, match="before the first action"):
        game.arrange(balances={0: 1})
    # the replay's own record keeps the arrangement
    assert again.record() == game.record()
    assert ludoteca.replay(again.record()).state_dict() == game.state_dict()


def test_a_bad_arrangement_changes_nothing():
    game = ludoteca.new_game("civitas", players=2, seed=3)
    before = game.state_dict()
    with pytest.raises(ludoteca.InvalidOption, match="would start bankrupt"):
        game.arrange(balances={0: 100, 1: -5})
    with pytest.raises(ludoteca.InvalidOption, match="not a street"):
        game.arrange(owners={6: 0, 3: 1})
    assert game.state_dict() == before
    assert game.record()["setup"] == []


def test_custom_board_is_embedded_in_the_record(tmp_path):
    from importlib import resources

    text = resources.files("ludoteca.games.civitas").joinpath("board.toml").read_text("utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(text.replace("Callejón del Gato", "Calle Mía"), encoding="utf-8")
    game = ludoteca.new_game("civitas", players=2, seed=1, options={"board": str(path)})
    assert game.board.squares[1].name == "Calle Mía"
    rec = json.loads(json.dumps(game.record()))
    path.unlink()                                  # the record still replays without the file
    assert ludoteca.replay(rec).board.squares[1].name == "Calle Mía"
