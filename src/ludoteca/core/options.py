"""Game options: declared per game, validated at ``new_game``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import InvalidOption


@dataclass(frozen=True)
class OptionSpec:
    """One option. ``choices`` lists the allowed values (``None`` for free values such as a
    file path, checked by the game itself). The default is accepted even when it is not
    among the choices (``None`` meaning "not given")."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    help: str = ""
    #: the help in Spanish (``help`` is the English one) and the option's name in words
    help_es: str = ""
    title: tuple[str, str] = ("", "")
    #: each choice in words, ``(es, en)``, in the order of ``choices``
    choice_labels: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices or ()):
            raise ValueError(f"option {self.name}: one (es, en) label per choice")

    def words(self) -> dict[str, Any]:
        """The option for people, ``{es, en}`` each: its name, help and choices' labels."""
        es_title, en_title = self.title
        return {"title": {"es": es_title or self.name, "en": en_title or self.name},
                "help": {"es": self.help_es or self.help, "en": self.help},
                "choice_labels": [{"es": es, "en": en} for es, en in self.choice_labels] or None}

    def to_json(self) -> dict[str, Any]:
        return {"default": self.default,
                "choices": list(self.choices) if self.choices is not None else None,
                "help": self.help}


def validate_options(game_id: str, specs: dict[str, OptionSpec],
                     given: dict[str, Any] | None) -> dict[str, Any]:
    """Fill in defaults and reject unknown options or values outside ``choices``."""
    given = dict(given or {})
    unknown = sorted(set(given) - set(specs))
    if unknown:
        allowed = ", ".join(sorted(specs))
        raise InvalidOption(f"{game_id}: unknown option {unknown[0]!r}; allowed options: "
                            f"{allowed or 'none'}",
                            f"{game_id}: no hay opción {unknown[0]!r}; opciones: "
                            f"{allowed or 'ninguna'}")
    out = {}
    for name, spec in specs.items():
        value = given.get(name, spec.default)
        # the default is always accepted (it may stand outside ``choices``, e.g. ``None`` for
        # "not given": the game then decides, as som's centralism does per player count)
        if spec.choices is not None and value not in spec.choices and value != spec.default:
            allowed = ", ".join(repr(c) for c in spec.choices)
            raise InvalidOption(f"{game_id}: option {name}={value!r} is not allowed; "
                                f"allowed values: {allowed}",
                                f"{game_id}: la opción {name}={value!r} no está permitida; "
                                f"valores permitidos: {allowed}")
        out[name] = value
    return out
