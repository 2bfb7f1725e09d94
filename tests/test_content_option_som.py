"""«Som el que decidim!» plays a custom content file: ``--option content=FILE`` (issue 22).

The custom file is the shipped ``content.toml`` edited as an author would: cards and disk types
renamed (one card id too), the economic-capacity payout raised from 3 € to 4 € and the map
mirrored (37 cells still, in other places). The tests check that the game plays that content
everywhere a player meets it (views, events, the terminal, the web's words, observations), that
records embed it, that the shipped content plays as before and that bad files are refused."""

from __future__ import annotations

import pickle
import random
import re
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.core.errors import ContentError, InvalidOption
from ludoteca.games.som.tables import default_tables

SHIPPED = resources.files("ludoteca.games.som").joinpath("content.toml").read_text("utf-8")
ROWS = '''rows = [
  ".#####.",              # r0: c1–c5   cells 0–4    (Pyrenees)
  "#######",              # r1: c0–c6   cells 5–11
  "#######",              # r2: c0–c6   cells 12–18
  "######.",              # r3: c0–c5   cells 19–24
  "#####..",              # r4: c0–c4   cells 25–29
  "####...",              # r5: c0–c3   cells 30–33
  "###....",              # r6: c0–c2   cells 34–36  (Terres de l'Ebre)
]'''
MIRRORED = 'rows = [".#####.", "#######", "#######", ".######", "..#####", "...####", "....###"]'


def _edit(text: str, old: str, new: str) -> str:
    assert text.count(old) >= 1, old
    return text.replace(old, new)


def renamed(text: str = SHIPPED) -> str:
    """Names and one id changed only: plays exactly as the shipped file."""
    text = _edit(text, 'name = "Industria"', 'name = "Fábrica de Prueba"')
    text = _edit(text, 'name_en = "Industry"', 'name_en = "Test Factory"')
    text = _edit(text, 'name = "Concentració nacional"', 'name = "Plaça de Prova"')
    text = _edit(text, 'id = "W-01"', 'id = "MON-A"')
    text = _edit(text, 'name = "sanidad"\nname_ca = "sanitat"\nname_en = "health care"',
                 'name = "salud pública"\nname_ca = "salut pública"\nname_en = "public health"')
    return text


def custom() -> str:
    """Renamed, and two changes that alter play: payout 4 €, a mirrored map."""
    text = renamed()
    text = _edit(text, "payout = 3 ", "payout = 4 ")
    return _edit(text, ROWS, MIRRORED)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "mi_som.toml"
    p.write_text(custom(), encoding="utf-8")
    return p


def play_out(g, seed: int = 0):
    rng = random.Random(seed)
    while not g.is_over:
        seat = g.to_move[0]
        g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
    return g


def eco_position(g):
    """Phase 4, the GH's citizen next to the face-down card C-EC1 (face 1: the GH moves)."""
    cell = next(c for c in g.K.NEIGH[g.cn_cell] if g.cells[c] >= 0)
    g.arrange(cells={cell: "C-EC1"}, phase="accion", face=1)
    return g, cell


# ----- 1. the game plays the content it was given ------------------------------------------
def test_a_custom_content_plays_a_whole_random_game(path):
    """A full random game on the custom file; its tables are shared by games of that file,
    by clones and by determinized worlds."""
    g = ludoteca.new_game("som", players=3, seed=5, options={"content": str(path)})
    assert g.C.eco_payout == 4 and g.C.rows[3] == ".######"
    other = ludoteca.new_game("som", players=2, seed=1, options={"content": str(path)})
    assert other.K is g.K
    assert g.clone().K is g.K and g.determinize(0, 3).K is g.K
    play_out(g)
    assert g.result is not None
    g._check_invariants()


def test_the_change_is_seen_and_changes_play(path):
    """Revealing the renamed economic-capacity card pays 4 € (3 € with the shipped file) and
    the view, the event words and the mirrored map say so."""
    got = {}
    for name, options in (("custom", {"content": str(path)}), ("shipped", {})):
        g, cell = eco_position(ludoteca.new_game("som", players=3, seed=2, options=options))
        events = g.apply(f"mover {cell}")
        eco = next(e for e in events if e.kind == "capacidad_economica")
        got[name] = (g, eco, cell)
    g, eco, cell = got["custom"]
    assert eco.data["value"] == 4 and got["shipped"][1].data["value"] == 3
    shown = g.view(0)["cells"][cell]
    assert shown["card"]["name"] == "Fábrica de Prueba"
    assert (shown["r"], shown["c"]) == g.K.RC[cell]
    assert g.K.RC != default_tables().RC                       # the mirrored map
    assert g.view(0)["content"] == {"source": str(path), "key": g.K.key}


def test_event_words_use_the_custom_names(path):
    """The reveal event names the card as the custom file does, in both languages."""
    g, cell = eco_position(ludoteca.new_game("som", players=3, seed=2,
                                             options={"content": str(path)}))
    events = g.apply(f"mover {cell}")
    reveal = next(e for e in events if e.kind == "revelar")
    assert "Fábrica de Prueba" in g.describe(reveal, "es")
    assert "Test Factory" in g.describe(reveal, "en")
    pay = next(e for e in events if e.kind == "capacidad_economica")
    assert "4 €" in g.describe(pay, "es")


def test_cells_read_on_the_games_own_map(path):
    """'mover rRcC' is read on the game's map: the same cell has other coordinates there."""
    g, cell = eco_position(ludoteca.new_game("som", players=3, seed=2,
                                             options={"content": str(path)}))
    r, c = g.K.RC[cell]
    assert g.parse(f"mover r{r}c{c}").arg == cell


# ----- 2. records ---------------------------------------------------------------------------
def test_the_record_embeds_the_file_and_replays_without_it(path):
    """The record keeps {"source", "toml"}; replaying it needs no file."""
    g = play_out(ludoteca.new_game("som", players=3, seed=8, options={"content": str(path)}))
    rec = g.record()
    assert rec["options"]["content"] == {"source": str(path), "toml": custom()}
    path.unlink()
    h = ludoteca.replay(rec)
    assert h.state_dict() == g.state_dict() and h.result == g.result
    assert h.record() == rec


def test_a_game_with_custom_content_pickles(path):
    """The lab's process pool and the web's workers pickle games: the content comes along."""
    g = ludoteca.new_game("som", players=4, seed=3, options={"content": str(path)})
    for _ in range(15):
        g.apply(g.legal_actions(g.to_move[0])[0], seat=g.to_move[0])
    h = pickle.loads(pickle.dumps(g))
    assert h.K is g.K                      # rebuilt through the same cache in this process
    assert h.state_dict() == g.state_dict()
    play_out(h, 1)
    play_out(g, 1)
    assert h.state_dict() == g.state_dict()


# ----- 3. the shipped content is unchanged --------------------------------------------------
def test_without_the_option_the_shipped_content_plays_as_before():
    """No option, None and "default" are the same game; its views name no content."""
    games = [ludoteca.new_game("som", players=3, seed=4, options=opts)
             for opts in ({}, {"content": None}, {"content": "default"})]
    assert all(g.K is default_tables() for g in games)
    assert "content" not in games[0].view(0)
    assert games[0].record()["options"]["content"] is None
    finals = [play_out(g, 2).state_dict() for g in games]
    assert finals[0] == finals[1] == finals[2]


def test_a_renamed_copy_plays_like_the_shipped_file(tmp_path):
    """Names and ids only: the same seed plays the same moves to the same scores."""
    p = tmp_path / "renamed.toml"
    p.write_text(renamed(), encoding="utf-8")
    a = play_out(ludoteca.new_game("som", players=3, seed=6), 3)
    b = play_out(ludoteca.new_game("som", players=3, seed=6, options={"content": str(p)}), 3)
    assert a.actions_played == b.actions_played
    assert a.result.scores == b.result.scores and a.result.reason == b.result.reason


# ----- 4. bad files -------------------------------------------------------------------------
def test_a_missing_file_is_refused(tmp_path):
    """ContentError (an InvalidOption) naming the path."""
    missing = tmp_path / "nope.toml"
    with pytest.raises(ContentError, match=re.escape(str(missing))) as err:
        ludoteca.new_game("som", players=2, options={"content": str(missing)})
    assert isinstance(err.value, InvalidOption)


def test_invalid_toml_is_refused(tmp_path):
    """The file and «not valid TOML»."""
    p = tmp_path / "broken.toml"
    p.write_text("[players\nmin = 1", encoding="utf-8")
    with pytest.raises(ContentError, match=r"broken\.toml: not valid TOML"):
        ludoteca.new_game("som", players=2, options={"content": str(p)})


@pytest.mark.parametrize("old, new, field, words", [
    ('cells = 37', 'cells = 36', "map.cells", "SOM-1.2"),
    ('code = "vivienda"', 'code = "tranvias"', "disks.code", "SOM-1.10"),
    ('code = "azul"', 'code = "verde"', "colours.code", "SOM-1.6"),
    ('urna_cards_for_consulta = 4', 'urna_cards_for_consulta = 3',
     "end.urna_cards_for_consulta", "SOM-4.2"),
    ('takes = ["sanidad"]', 'takes = ["justicia"]', "powers.exchanges", "SOM-15.9"),
    ('cost_with_b = "mossos"', 'cost_with_b = "bomberos"', "elections.cost_with_b",
     "SOM-16.7"),
    ('payout = 3 ', 'payout = -3 ', "capacitat_economica.payout", ">= 0"),
    ('allowed = ["A", "B"]', 'allowed = ["A", "C"]', "modes.solo.allowed", "SOM-18.10"),
])
def test_a_file_breaking_the_rulebook_is_refused(tmp_path, old, new, field, words):
    """ContentError naming the file, the field and what is allowed (with the rule ID)."""
    p = tmp_path / "bad.toml"
    p.write_text(_edit(SHIPPED, old, new), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        ludoteca.new_game("som", players=2, options={"content": str(p)})
    message = str(err.value)
    assert str(p) in message and field in message and words in message
    assert "allowed" in message


def test_a_missing_card_names_the_count(tmp_path):
    """One card fewer: the file and «cards», «SOM-1.2»."""
    text = SHIPPED.replace('[[cards]]\nid = "W-10"', '[[unused]]\nid = "W-10"')
    p = tmp_path / "short.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=r"short\.toml.*cards.*SOM-1\.2"):
        ludoteca.new_game("som", players=2, options={"content": str(p)})


@pytest.mark.parametrize("value", [{"toml": 5}, 5, ["a.toml"]])
def test_a_value_of_the_wrong_kind_is_refused(value):
    """InvalidOption saying what the option takes."""
    with pytest.raises(InvalidOption, match="path of a TOML content file"):
        ludoteca.new_game("som", players=2, options={"content": value})


# ----- 5. the terminal ----------------------------------------------------------------------
def test_the_terminal_plays_the_custom_file(path):
    """``ludoteca play som --option content=FILE`` draws the custom names on the map (CN is
    always face up: its custom name is on the board from the first turn)."""
    from ludoteca.cli.main import app

    result = CliRunner().invoke(app, ["play", "som", "--players", "bot:greedy,bot:random",
                                      "--seed", "2", "--option", f"content={path}",
                                      "--option", "max_turns=3", "--lang", "es"])
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 0, result.output
    final_map = result.output[result.output.index("Mapa final"):]
    assert "Plaça" in final_map                       # CN's custom name, in its short form
    assert "Concentració" not in final_map


def test_the_terminal_map_uses_the_custom_names_and_layout(path):
    """The map renderer, on a view of the custom game: the renamed card, the mirrored rows."""
    import io

    from rich.console import Console

    from ludoteca.cli.som import map_renderable

    g, cell = eco_position(ludoteca.new_game("som", players=2, seed=2,
                                             options={"content": str(path)}))
    g.apply(f"mover {cell}")
    buf = io.StringIO()
    Console(file=buf, width=160, color_system=None).print(
        map_renderable(g.view(0), "es", 160, frozenset()))
    drawn = buf.getvalue()
    assert "Fábrica" in drawn and "Industria" not in drawn


# ----- 6. the web ---------------------------------------------------------------------------
def _body(options):
    return {"game": "som", "seats": [{"kind": "person", "name": "Ana"},
                                     {"kind": "bot", "bot": "greedy", "name": "Bot"}],
            "options": options}


def test_the_web_takes_the_text_and_refuses_a_path(path):
    """{"toml": text} creates the game; a path string is refused (invalid_option)."""
    from ludoteca.web.errors import WebError
    from ludoteca.web.setup import check_request

    req = check_request(_body({"content": {"toml": custom()}, "max_turns": 20}))
    g = req.game_obj
    assert g.C.eco_payout == 4
    with pytest.raises(WebError) as err:
        check_request(_body({"content": str(path)}))
    assert err.value.code == "invalid_option"


def test_the_web_words_use_the_custom_names(path):
    """The buttons' words for a step onto a face-up renamed card name it as the file does."""
    from ludoteca.web.words import describer

    g = ludoteca.new_game("som", players=2, seed=2, options={"content": str(path)})
    cell = next(c for c in g.K.NEIGH[g.cn_cell] if g.cells[c] >= 0)
    g.arrange(cells={cell: "C-EC1"}, face_up=[cell], phase="accion", face=1)
    seat = g.to_move[0]
    view = g.view(seat)
    words = describer("som")(view, f"mover {cell}")
    assert "Fábrica de Prueba" in words["label"]["es"]
    assert "Test Factory" in words["label"]["en"]
    disk = describer("som")(view, "pagar-sanidad")
    assert "salud pública" in disk["label"]["es"]


# ----- 7. observations ----------------------------------------------------------------------
def test_observations_keep_their_shape_and_the_direct_writer_agrees(path):
    """Along a random custom-content game: the same width, and the direct writer equals the
    view encoder bit for bit."""
    from array import array

    from ludoteca.observation.direct.som import writer
    from ludoteca.observation.encoders import encoder_for

    enc = encoder_for("som")
    write = writer("som")
    g = ludoteca.new_game("som", players=3, seed=9, options={"content": str(path),
                                                              "mode": "B"})
    rng = random.Random(9)
    steps = 0
    while not g.is_over and steps < 400:
        for seat in range(g.n):
            ref = enc.encode(g.view(seat), seat, g.n, strict=True)
            assert ref.shape == (enc.size,)
            buf = array("d", [7.0] * enc.size)
            write(g, seat, buf)
            assert enc.finish(buf).tobytes() == ref.tobytes()
        s = g.to_move[0]
        g.apply(rng.choice(g.legal_actions(s)), seat=s)
        steps += 1


def test_a_renamed_card_is_observed_as_the_card_it_stands_for(tmp_path):
    """Renamed cards and ids (same map, same amounts): every observation equals the shipped
    game's, so a learned player sees the same table."""
    from ludoteca.observation.encoders import encoder_for

    p = tmp_path / "renamed.toml"
    p.write_text(renamed(), encoding="utf-8")
    enc = encoder_for("som")
    a = ludoteca.new_game("som", players=2, seed=11)
    b = ludoteca.new_game("som", players=2, seed=11, options={"content": str(p)})
    w01 = next(c for c in range(37) if a.cells[c] >= 0 and a.K.CARD_ID[a.cells[c]] == "W-01")
    for g in (a, b):
        g.arrange(face_up=[w01])
    assert b.view(0)["cells"][w01]["card"]["id"] == "MON-A"
    rng = random.Random(1)
    for _ in range(60):
        if a.is_over:
            break
        for seat in range(2):
            assert enc.encode(a.view(seat), seat, 2).tobytes() == \
                enc.encode(b.view(seat), seat, 2, strict=True).tobytes()
        s = a.to_move[0]
        act = rng.choice(a.legal_actions(s))
        a.apply(act, seat=s)
        b.apply(str(act), seat=s)


def test_the_terminal_panels_name_concentracio_by_its_custom_name(path):
    """The status line and the side panel name the Concentració nacional card as the file
    does (a renamed card never shows its shipped name in the panels)."""
    import io

    from rich.console import Console

    from ludoteca.cli.som.panels import status_compact

    g = ludoteca.new_game("som", players=2, seed=2, options={"content": str(path)})
    view = g.view(0)
    buf = io.StringIO()
    Console(file=buf, width=200, color_system=None).print(status_compact(view, "es", 200))
    line = buf.getvalue()
    name = g.K.CARD_NAME[g.K.CARD_ID[g.K.CN_CARD]][0]
    assert name != "Concentració nacional" and f"{name} 12" in line
    assert "Concentració nacional" not in line
