"""The shared ``content`` option (``ludoteca.core.content_option``): what values it takes,
how it refuses the others, and what a record keeps (issue 22)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.core.content_option import content_option, content_text, record_value
from ludoteca.core.errors import ContentError, InvalidOption


def test_default_values_mean_the_shipped_content() -> None:
    """``None`` and ``"default"`` both mean the game's own content."""
    assert content_text(None, "som") is None
    assert content_text("default", "som") is None


def test_a_path_is_read_and_named(tmp_path: Path) -> None:
    """A path gives its text and the path as the origin (str or Path)."""
    f = tmp_path / "mine.toml"
    f.write_text("a = 1\n", encoding="utf-8")
    assert content_text(str(f), "elplan") == ("a = 1\n", str(f))
    assert content_text(f, "elplan") == ("a = 1\n", str(f))


def test_an_embedded_text_is_taken_as_is() -> None:
    """Records and the web give ``{"source", "toml"}``; the source is optional."""
    assert content_text({"source": "x.toml", "toml": "b = 2"}, "sigloxx") == ("b = 2", "x.toml")
    assert content_text({"toml": "b = 2"}, "sigloxx") == ("b = 2", "embedded content")


def test_a_missing_file_says_what_the_option_expects(tmp_path: Path) -> None:
    """A missing file is a ContentError naming the path and what the option wants."""
    with pytest.raises(ContentError, match=r"nope\.toml: file not found .*TOML content file"):
        content_text(str(tmp_path / "nope.toml"), "som")


def test_an_unreadable_file_is_refused(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 are refused with the reason."""
    f = tmp_path / "bin.toml"
    f.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ContentError, match="cannot be read"):
        content_text(str(f), "som")


@pytest.mark.parametrize("value", [5, ["a"], {"toml": 3}, {"source": "x"}, True])
def test_values_of_the_wrong_kind_say_what_is_allowed(value: object) -> None:
    """Anything else names the game, the option and the two allowed forms."""
    with pytest.raises(InvalidOption, match=r"som: option content must be the path of a TOML "
                       r"content file \(or \{\"source\": name, \"toml\": text\}\)"):
        content_text(value, "som")


def test_a_record_keeps_the_name_and_the_whole_text() -> None:
    """What a record embeds reads back to the same text and origin."""
    kept = record_value("mine.toml", "c = 3")
    assert kept == {"source": "mine.toml", "toml": "c = 3"}
    assert content_text(kept, "som") == ("c = 3", "mine.toml")


def test_the_option_has_words_in_both_languages() -> None:
    """The declared option names the check command in Spanish and English."""
    spec = content_option("elplan")
    words = spec.words()
    assert spec.name == "content" and spec.default is None and spec.choices is None
    assert words["title"] == {"es": "Contenido propio", "en": "Custom content"}
    assert "ludoteca content check" in words["help"]["es"]
    assert "--game elplan" in words["help"]["en"]


def test_a_views_mark_finds_its_content_while_a_game_holds_it() -> None:
    """``remember`` + ``view_mark`` + ``find``: a view's mark leads back to the very object;
    no mark means the shipped content (None); a mark whose content is gone is an error."""
    import gc

    from ludoteca.core.content_option import content_key, find, remember, view_mark

    class Loaded:                      # stands for a game's parsed content
        pass

    key = content_key("x = 1", "mine.toml")
    assert key == content_key("x = 1", "mine.toml") != content_key("x = 1", "other.toml")
    held = Loaded()
    remember("som", key, held)
    view = {"content": view_mark("mine.toml", key)}
    assert view["content"] == {"source": "mine.toml", "key": key}
    assert find("som", view) is held
    assert find("som", {}) is None and find("som", None) is None
    with pytest.raises(LookupError, match="elplan: the content .* not loaded"):
        find("elplan", view)           # another game's registry
    del held
    gc.collect()
    with pytest.raises(LookupError, match="not loaded in this process"):
        find("som", view)              # nothing holds it any longer
