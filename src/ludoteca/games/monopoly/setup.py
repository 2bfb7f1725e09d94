"""Registering a Monopoly-family game: its options, its default board and its factory."""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import resources
from typing import Any

from ludoteca.core.errors import InvalidOption
from ludoteca.core.options import OptionSpec
from ludoteca.core.registry import GameInfo, register

from .content import Board, default_cards_of, load_board, read_content_file
from .ruleset import Ruleset
from .state import MonopolyGame

BOARD_OPTION = OptionSpec(
    "board", None, None,
    "path of a TOML file with 20 [[squares]] and optionally the [[cards]] of the surprise "
    "deck (default: the authored board)",
    help_es="ruta de un fichero TOML con 20 [[squares]] y, si quieres, las [[cards]] del mazo "
    "de sorpresas (por defecto: el tablero del juego)",
    title=("Tablero propio", "Custom board"))

DEFAULT_MAX_ROUNDS = 100
MAX_ROUNDS_OPTION = OptionSpec(
    "max_rounds", DEFAULT_MAX_ROUNDS, None,
    "rounds after which the game ends and is ranked as at a bankruptcy (ruling X1); "
    "0 = no limit, as the rulebook literally says",
    help_es="rondas tras las que la partida termina y se clasifica como en una bancarrota "
    "(criterio X1); 0 = sin límite, como dice el reglamento al pie de la letra",
    title=("Máximo de rondas", "Round limit"))


@cache
def default_source(package: str) -> str:
    return resources.files(package).joinpath("board.toml").read_text(encoding="utf-8")


@cache
def default_board(package: str, rules: Ruleset) -> Board:
    return load_board(default_source(package), "default", rules.deck)


@lru_cache(maxsize=32)
def _custom_board(source: str, origin: str, package: str, rules: Ruleset) -> Board:
    return load_board(source, origin, rules.deck, default_cards_of(default_source(package)))


def resolve_board(value: Any, package: str, rules: Ruleset) -> Board:
    """``None``: the default board; a path; or ``{"source": path, "toml": text}`` (records)."""
    if value is None or value == "default":
        return default_board(package, rules)
    if isinstance(value, dict) and isinstance(value.get("toml"), str):
        return _custom_board(value["toml"], str(value.get("source", "embedded board")),
                             package, rules)
    if isinstance(value, str):
        return _custom_board(read_content_file(value), value, package, rules)
    raise InvalidOption(f"{rules.game_id}: option board must be the path of a TOML file; "
                        f"got {value!r}")


def register_monopoly_game(rules: Ruleset, package: str, summary: dict[str, str]) -> None:
    def factory(names: tuple[str, ...], seed: int, options: dict[str, Any],
                dice: tuple[int, ...]) -> MonopolyGame:
        rounds = options.get("max_rounds")
        if isinstance(rounds, str) and rounds.isdigit():  # from the command line
            rounds = options["max_rounds"] = int(rounds)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
            raise InvalidOption(f"{rules.game_id}: option max_rounds must be a whole number "
                                f">= 0 (0 = no limit); got {rounds!r}")
        board = resolve_board(options.get("board"), package, rules)
        return MonopolyGame(rules, board, names, seed, options, dice)

    options = {"board": BOARD_OPTION, "max_rounds": MAX_ROUNDS_OPTION}
    register(GameInfo(rules.game_id, rules.title, (2, 4), options, summary, factory,
                      bots="ludoteca.games.monopoly.bots"))
