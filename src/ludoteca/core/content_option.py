"""The ``content`` option of the games whose components come from one content file (Som,
El Plan, Siglo XX): ``--option content=FILE`` plays a deck or map an author wrote and checked
with ``ludoteca content check FILE --game GAME``.

The option's value is ``None`` (the shipped file), a path (the terminal, the Python API) or
``{"source": name, "toml": text}`` (records, which embed the text so they replay anywhere,
and the web, which never reads a path from a stranger). :func:`content_text` turns any of them
into ``(text, origin)``; the game parses it with its own schema and keeps the result.
"""

from __future__ import annotations

import hashlib
import weakref
from pathlib import Path
from typing import Any

from .errors import ContentError, InvalidOption
from .options import OptionSpec

DEFAULT = "default"

#: custom contents alive in this process, by (game id, key): what a view's mark finds again
_LIVE: weakref.WeakValueDictionary[tuple[str, str], Any] = weakref.WeakValueDictionary()


def content_option(game_id: str) -> OptionSpec:
    """The declared ``content`` option of ``game_id`` (same words for every game)."""
    return OptionSpec(
        "content", None, None,
        f"path of a TOML content file for {game_id} (checked as by `ludoteca content check "
        f"FILE --game {game_id}`; default: the game's own content)",
        help_es=f"ruta de un fichero TOML de contenido de {game_id} (se comprueba como con "
        f"`ludoteca content check FICHERO --game {game_id}`; por defecto, el contenido del "
        "juego)",
        title=("Contenido propio", "Custom content"))


def content_text(value: Any, game_id: str) -> tuple[str, str] | None:
    """``(toml text, origin)`` for a custom content option, ``None`` for the default one.

    Raises :class:`InvalidOption` for a value of the wrong kind and :class:`ContentError`
    for a file that cannot be read (both say what is allowed)."""
    if value is None or value == DEFAULT:
        return None
    if isinstance(value, dict) and isinstance(value.get("toml"), str):
        return value["toml"], str(value.get("source") or "embedded content")
    if isinstance(value, (str, Path)):
        return read_text(value), str(value)
    raise InvalidOption(f"{game_id}: option content must be the path of a TOML content file "
                        f"(or {{\"source\": name, \"toml\": text}}); got {value!r}",
                        f"{game_id}: la opción content ha de ser la ruta de un fichero TOML de "
                        f"contenido (o {{\"source\": nombre, \"toml\": texto}}); es {value!r}")


def read_text(path: str | Path, option: str = "content", what: str = "content file") -> str:
    """The text of a content file, or a :class:`ContentError` saying why it cannot be read
    (naming the ``option`` and the kind of file it expects)."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(f"{path}: file not found (option {option} expects the path of a "
                           f"TOML {what})", f"{path}: no existe el fichero (la opción {option} "
                           f"espera la ruta de un fichero TOML)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"{path}: cannot be read: {exc}",
                           f"{path}: no se puede leer: {exc}") from None


def record_value(origin: str, text: str) -> dict[str, str]:
    """What a record keeps for a custom content: its name and its whole text."""
    return {"source": origin, "toml": text}


def content_key(text: str, origin: str) -> str:
    """A short name of one custom content (its origin and text), the same in every process."""
    return hashlib.sha256(f"{origin}\0{text}".encode()).hexdigest()[:16]


def remember(game_id: str, key: str, loaded: Any) -> None:
    """Keep ``loaded`` (a game's parsed content, or the tables made from it) findable by
    :func:`find` while something else holds it (a game, a cache)."""
    _LIVE[(game_id, key)] = loaded


def view_mark(origin: str, key: str) -> dict[str, str]:
    """What a view of a game on a custom content carries as ``"content"``."""
    return {"source": origin, "key": key}


def find(game_id: str, view: dict[str, Any] | None) -> Any | None:
    """The custom content a view was made from, or ``None`` for the shipped one (a view
    without a ``content`` mark). Code that sees only a view (the web's words, a screen, the
    observation encoder) uses it. Raises ``LookupError`` when the mark names a content no
    game in this process holds any longer."""
    mark = view.get("content") if view else None
    if mark is None:
        return None
    key = mark.get("key") if isinstance(mark, dict) else None
    got = _LIVE.get((game_id, key)) if isinstance(key, str) else None
    if got is None:
        raise LookupError(f"{game_id}: the content {mark!r} of this view is not loaded in "
                          "this process (the game it came from is gone)")
    return got
