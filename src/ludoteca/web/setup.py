"""Checking a request to create a table: game, options, seats, bots, language, seed. Every
refusal names the field, says what was wrong and what is allowed, in Spanish and English."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ludoteca
from ludoteca.agents import agent_names, make_agent, parse_agent_name
from ludoteca.core.errors import InvalidOption
from ludoteca.core.game import Game

from .errors import WebError, bad

LANGS = ("es", "en")
MAX_NAME = 40
MAX_SECONDS = 10.0        # a bot's thinking time per decision on the server
MAX_ITERATIONS = 100_000
BOARD_OPTIONS = ("board",)  # options that name a file at the terminal: only TOML text here


@dataclass
class SeatRequest:
    kind: str
    name: str
    bot: str | None


@dataclass
class TableRequest:
    game_obj: Game
    seats: list[SeatRequest]
    lang: str
    listed: bool


def check_name(name: Any, seat: int, default: str | None = None) -> str:
    if name is None or (isinstance(name, str) and not name.strip()):
        return default or f"J{seat + 1}"
    if not isinstance(name, str) or len(name.strip()) > MAX_NAME:
        raise bad(f"seats[{seat}].name", f"un nombre es un texto de hasta {MAX_NAME} letras",
                  f"a name is a text of at most {MAX_NAME} characters")
    return " ".join(name.split())


def check_bot(spec: Any, game_id: str, seat: int) -> str:
    field = f"seats[{seat}].bot"
    names = agent_names(game_id)
    if not isinstance(spec, str) or not spec.strip():
        raise bad(field, "falta el nombre del bot", "the bot's name is missing", names)
    spec = spec.strip()
    try:
        _, params = parse_agent_name(spec)
        make_agent(spec, game_id, seed=0)
    except InvalidOption as exc:
        raise bad(field, f"bot no válido: {exc}", f"not a valid bot: {exc}", names) from None
    seconds, iterations = params.get("seconds"), params.get("iterations")
    if isinstance(seconds, (int, float)) and seconds > MAX_SECONDS:
        raise bad(field, f"como mucho {MAX_SECONDS:g} segundos por decisión",
                  f"at most {MAX_SECONDS:g} seconds per decision", names)
    if isinstance(iterations, int) and iterations > MAX_ITERATIONS and seconds is None:
        raise bad(field, f"como mucho {MAX_ITERATIONS} iteraciones sin límite de segundos",
                  f"at most {MAX_ITERATIONS} iterations without a seconds limit", names)
    return spec


def check_options(game_id: str, options: Any) -> dict[str, Any]:
    gi = ludoteca.info(game_id)
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise bad("options", "debe ser un objeto {nombre: valor}",
                  "must be an object {name: value}", sorted(gi.options))
    for name, value in options.items():
        spec = gi.options.get(name)
        if spec is None:
            raise bad("options", f"{game_id} no tiene la opción {name!r}",
                      f"{game_id} has no option {name!r}", sorted(gi.options))
        if spec.choices is not None and value not in spec.choices and value != spec.default:
            raise bad(f"options.{name}", f"el valor {value!r} no está permitido",
                      f"value {value!r} is not allowed", list(spec.choices), "invalid_option")
        if name in BOARD_OPTIONS and value is not None and not (
                isinstance(value, dict) and isinstance(value.get("toml"), str)):
            raise bad(f"options.{name}", "en la web se da el texto TOML del tablero: "
                      '{"toml": "…"} (no una ruta de fichero)',
                      'on the web give the board\'s TOML text: {"toml": "…"} (not a file path)',
                      None, "invalid_option")
    return dict(options)


def check_request(body: Any) -> TableRequest:
    """A checked table request, with its game already created (options validated by it)."""
    if not isinstance(body, dict):
        raise bad("body", "debe ser un objeto JSON", "must be a JSON object")
    game_id = body.get("game")
    if game_id not in ludoteca.games():
        raise bad("game", f"no existe el juego {game_id!r}", f"there is no game {game_id!r}",
                  ludoteca.games())
    gi = ludoteca.info(game_id)
    lang = body.get("lang", "es")
    if lang not in LANGS:
        raise bad("lang", f"idioma {lang!r} desconocido", f"unknown language {lang!r}",
                  list(LANGS))
    listed = body.get("listed", False)
    if not isinstance(listed, bool):
        raise bad("listed", "debe ser true o false", "must be true or false", [True, False])
    seed = body.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                             or not 0 <= seed < 2**63):
        raise bad("seed", "debe ser un entero entre 0 y 2^63 − 1, o null",
                  "must be a whole number from 0 to 2^63 − 1, or null")
    raw_seats = body.get("seats")
    lo, hi = gi.players
    if not isinstance(raw_seats, list) or not lo <= len(raw_seats) <= hi:
        got = len(raw_seats) if isinstance(raw_seats, list) else raw_seats
        raise bad("seats", f"{gi.title} se juega con {lo} a {hi} asientos; recibido {got!r}",
                  f"{gi.title} is played by {lo} to {hi} seats; got {got!r}",
                  list(range(lo, hi + 1)))
    seats = []
    for i, raw in enumerate(raw_seats):
        if not isinstance(raw, dict) or raw.get("kind") not in ("person", "bot"):
            raise bad(f"seats[{i}]", 'debe ser {"kind": "person", "name": …} o '
                      '{"kind": "bot", "bot": …}',
                      'must be {"kind": "person", "name": …} or {"kind": "bot", "bot": …}',
                      ["person", "bot"])
        if raw["kind"] == "bot":
            bot = check_bot(raw.get("bot"), game_id, i)
            name = check_name(raw.get("name"), i, default=f"Bot {i + 1}")
            seats.append(SeatRequest("bot", name, bot))
        else:
            seats.append(SeatRequest("person", check_name(raw.get("name"), i), None))
    options = check_options(game_id, body.get("options"))
    try:
        game = ludoteca.new_game(game_id, players=[s.name for s in seats], seed=seed,
                                 options=options)
    except InvalidOption as exc:
        raise WebError("invalid_option", f"la partida no acepta estas opciones: {exc}",
                       f"the game does not accept these options: {exc}",
                       sorted(gi.options)) from None
    return TableRequest(game, seats, lang, listed)
