"""Checking a request to create a table: game, options, seats, bots, language, seed. Every
refusal names the field, says what was wrong and what is allowed, in Spanish and English."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ludoteca
from ludoteca.agents import agent_names, make_agent, parse_agent_name
from ludoteca.core.errors import ContentError, InvalidOption
from ludoteca.core.game import Game

from .access import ACCESS, check_unique, clean_name
from .clock import check_clock
from .errors import WebError, bad
from .limits import Limits

LANGS = ("es", "en")
MAX_ITERATIONS = 100_000
BOARD_OPTIONS = ("board", "content")  # options naming a file at the terminal: only TOML text here
#: the option that makes each game end after so many rounds or turns (the others always end)
ROUND_LIMITS = {"qytetet": "max_rounds", "civitas": "max_rounds", "som": "max_turns"}


@dataclass
class SeatRequest:
    kind: str
    name: str
    bot: str | None
    access: str | None = None   # person seats: host, local, invite or open


@dataclass
class TableRequest:
    game_obj: Game
    seats: list[SeatRequest]
    lang: str
    listed: bool
    clock: dict[str, Any] | None = None   # web/clock.py: {mode, seconds} or None

    @property
    def bots_only(self) -> bool:
        return all(s.kind == "bot" for s in self.seats)


def check_name(name: Any, seat: int, default: str | None = None,
               field: str | None = None) -> str:
    """A seat's name (see :func:`access.clean_name`), or its default when none is given."""
    return clean_name(name, field or f"seats[{seat}].name") or default or f"J{seat + 1}"


#: bots the web table does not offer: ``planner`` plays only solo Som (with more players it is
#: greedy), and ``planner:bounded=false`` or content without its shipped table would solve the
#: relaxed game in the server's process (12 s of CPU and more after each alignment of Spain
#: cards), work a stranger could make the server do at will
NOT_ON_THE_WEB = ("planner",)


def web_bot_names(game_id: str) -> list[str]:
    """The bots a web table may seat for ``game_id``."""
    return [n for n in agent_names(game_id) if n not in NOT_ON_THE_WEB]


def check_bot(spec: Any, game_id: str, seat: int, limits: Limits | None = None,
              field: str | None = None) -> str:
    """A bot's name with its parameters, within the server's thinking-time cap: an ``mcts``
    without ``seconds`` gets the cap as its time limit."""
    limits = limits or Limits()
    field = field or f"seats[{seat}].bot"
    names = web_bot_names(game_id)
    if not isinstance(spec, str) or not spec.strip():
        raise bad(field, "falta el nombre del bot", "the bot's name is missing", names)
    spec = spec.strip()
    listed = ", ".join(names)
    try:
        base, params = parse_agent_name(spec)
        if base in NOT_ON_THE_WEB:
            raise bad(field, f"bot no válido: la mesa web no ofrece el bot {base!r}; bots: "
                      f"{listed}", f"not a valid bot: bot {base!r} is not offered on the web "
                      f"table; bots: {listed}", names)
        if base not in names:                 # the registry's message would list them all
            raise bad(field, f"bot no válido: no hay bot {base!r} para {game_id}; bots: "
                      f"{listed}", f"not a valid bot: no bot {base!r} for {game_id}; bots: "
                      f"{listed}", names)
        make_agent(spec, game_id, seed=0)
    except InvalidOption as exc:
        raise bad(field, f"bot no válido: {exc.text('es')}", f"not a valid bot: {exc}",
                  names) from None
    seconds, iterations = params.get("seconds"), params.get("iterations")
    cap = limits.bot_max_seconds
    if isinstance(seconds, (int, float)) and seconds > cap:
        raise bad(field, f"como mucho {cap:g} segundos por decisión en este servidor",
                  f"at most {cap:g} seconds per decision on this server", names)
    if isinstance(iterations, int) and iterations > MAX_ITERATIONS:
        raise bad(field, f"como mucho {MAX_ITERATIONS} iteraciones por decisión",
                  f"at most {MAX_ITERATIONS} iterations per decision", names)
    if spec.split(":")[0] == "mcts" and seconds is None:
        spec = f"{spec},seconds={cap:g}" if ":" in spec else f"mcts:seconds={cap:g}"
    return spec


def check_options(game_id: str, options: Any, limits: Limits | None = None) -> dict[str, Any]:
    """The options, known to the game, with allowed values; a web table always ends (its
    round or turn limit is at most ``limits.max_rounds``)."""
    limits = limits or Limits()
    gi = ludoteca.info(game_id)
    limit_name = ROUND_LIMITS.get(game_id)
    if limit_name is not None and isinstance(options, dict) and limit_name in options:
        value = options[limit_name]
        top = limits.max_rounds
        if not (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= top):
            raise bad(f"options.{limit_name}", f"en la web una partida siempre termina: de 1 a "
                      f"{top}, no {value!r}", f"on the web a game always ends: 1 to {top}, "
                      f"not {value!r}", [1, top], "invalid_option")
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
            raise bad(f"options.{name}", "en la web se da el texto TOML del fichero: "
                      '{"toml": "…"} (no una ruta de fichero)',
                      'on the web give the file\'s TOML text: {"toml": "…"} (not a file path)',
                      None, "invalid_option")
    return dict(options)


def check_request(body: Any, limits: Limits | None = None) -> TableRequest:
    """A checked table request, with its game already created (options validated by it)."""
    limits = limits or Limits()
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
    seats: list[SeatRequest] = []
    for i, raw in enumerate(raw_seats):
        if not isinstance(raw, dict) or raw.get("kind") not in ("person", "bot"):
            raise bad(f"seats[{i}]", 'debe ser {"kind": "person", "name": …} o '
                      '{"kind": "bot", "bot": …}',
                      'must be {"kind": "person", "name": …} or {"kind": "bot", "bot": …}',
                      ["person", "bot"])
        if raw["kind"] == "bot":
            bot = check_bot(raw.get("bot"), game_id, i, limits)
            name = check_name(raw.get("name"), i, default=f"Bot {i + 1}")
            seat = SeatRequest("bot", name, bot)
        else:
            access = raw.get("access")
            if access is not None and access not in ACCESS:
                raise bad(f"seats[{i}].access", f"acceso {access!r} desconocido",
                          f"unknown access {access!r}", list(ACCESS))
            seat = SeatRequest("person", check_name(raw.get("name"), i), None, access)
        check_unique([s.name for s in seats], f"seats[{i}].name", seat.name)
        seats.append(seat)
    _assign_access(seats)
    clock = check_clock(body.get("clock"))
    options = check_options(game_id, body.get("options"), limits)
    try:
        game = ludoteca.new_game(game_id, players=[s.name for s in seats], seed=seed,
                                 options=options)
    except InvalidOption as exc:
        err = WebError("invalid_option",
                       f"la partida no acepta estas opciones: {exc.text('es')}",
                       f"the game does not accept these options: {exc}", sorted(gi.options))
        named = [n for n in BOARD_OPTIONS if options.get(n) is not None]
        if isinstance(exc, ContentError) and named:
            err.extra["field"] = f"options.{named[0]}"   # the lobby shows it next to the file
        raise err from None
    return TableRequest(game, seats, lang, listed, clock)


def _assign_access(seats: list[SeatRequest]) -> None:
    """At most one host seat (when none says so, the first person seat that is neither an
    invitation nor open); other person seats are invitations unless they say otherwise."""
    people = [(i, s) for i, s in enumerate(seats) if s.kind == "person"]
    hosts = [i for i, s in people if s.access == "host"]
    if len(hosts) > 1:
        raise bad(f"seats[{hosts[1]}].access", "solo un asiento es el tuyo (host)",
                  "only one seat is yours (host)", list(ACCESS))
    if not hosts:   # the first seat that did not ask to be invited or open is yours
        first = next((s for _, s in people if s.access in (None, "local")), None)
        if first is not None:
            first.access = "host"
    for _, s in people:
        if s.access is None:
            s.access = "invite"
