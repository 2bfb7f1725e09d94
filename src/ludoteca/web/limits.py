"""What a server lets strangers make it do: rates per client address, caps on tables, sockets
and bots, sizes, and how long an idle table lives. Every value has a sane default for a public
server and can be set with ``ludoteca serve --limit NAME=VALUE`` (listed in docs/web.md)."""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass, fields
from typing import Any

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from .errors import WebError

#: the kinds of request that are rate-limited per client address
RATE_KINDS = ("create", "join", "act", "connect", "host", "replay", "chat")


@dataclass(frozen=True)
class Limits:
    """The server's limits. Rates are written as the ``limits`` library parses them
    (``"10/minute"``, ``"5 per second"``; several separated by ``;``)."""

    create_rate: str = "6/minute;30/hour"      # new tables per client address
    join_rate: str = "20/minute"               # claims of invites and open seats
    act_rate: str = "20/second;600/minute"     # actions (WebSocket and HTTP)
    connect_rate: str = "30/minute"            # WebSocket connections
    host_rate: str = "30/minute"               # host actions (bot, invite, close)
    replay_rate: str = "10/second;300/minute"  # replay steps (each replays the game)
    chat_rate: str = "5/10second;30/minute"    # chat messages
    max_tables_per_client: int = 10            # unfinished tables one client address created
    max_tables: int = 500                      # unfinished tables on the server
    max_bot_tables: int = 4                    # unfinished tables of bots only (server-wide)
    max_sockets_per_table: int = 64
    max_sockets_per_client: int = 32
    max_body: int = 256 * 1024                 # bytes of an HTTP body (read while streaming)
    max_message: int = 16 * 1024               # bytes of a WebSocket message
    max_json_depth: int = 32                   # nesting of arrays/objects in any JSON received
    idle_hours: float = 48.0                   # an unfinished table with no action for this
    #                                            long becomes "abandoned"
    bot_max_seconds: float = 5.0               # thinking time per bot decision, server-wide
    max_rounds: int = 200                      # the round/turn limit every web table keeps
    absent_seconds: float = 30.0               # a player gone this long may be handed to a bot

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    def with_pairs(self, pairs: list[str]) -> Limits:
        """These limits with ``NAME=VALUE`` pairs applied; a bad pair raises ValueError
        saying what is allowed."""
        changes: dict[str, Any] = {}
        types = {f.name: f.type for f in fields(self)}
        for pair in pairs:
            name, sep, raw = pair.partition("=")
            name, raw = name.strip().replace("-", "_"), raw.strip()
            if not sep or name not in types:
                raise ValueError(f"--limit {pair!r}: write NAME=VALUE with NAME one of "
                                 + ", ".join(self.names()))
            kind = types[name]
            try:
                value: Any
                if kind == "int":
                    value = int(raw)
                elif kind == "float":
                    value = float(raw)
                else:
                    value = raw
                    parse_rates(raw)
                if kind != "str" and not value >= 0:
                    raise ValueError
            except ValueError:
                want = {"int": "a whole number ≥ 0", "float": "a number ≥ 0"}.get(
                    kind, "rates such as 10/minute;100/hour")
                raise ValueError(f"--limit {name}={raw}: {name} takes {want}") from None
            changes[name] = value
        return dataclasses.replace(self, **changes)

    @classmethod
    def generous(cls) -> Limits:
        """Limits no test of ordinary play reaches (the security tests use the defaults)."""
        many = "100000/second"
        return cls(create_rate=many, join_rate=many, act_rate=many, connect_rate=many,
                   host_rate=many, replay_rate=many, chat_rate=many,
                   max_tables_per_client=100_000,
                   max_tables=100_000,
                   max_bot_tables=100_000, max_sockets_per_table=10_000,
                   max_sockets_per_client=10_000, absent_seconds=0.0)


def parse_rates(text: str) -> list[RateLimitItem]:
    items = [parse(part.strip()) for part in text.split(";") if part.strip()]
    if not items:
        raise ValueError(text)
    return items


class RateLimiter:
    """Moving-window rate limits per (kind, client address), kept in memory (one process)."""

    def __init__(self, limits: Limits) -> None:
        self.strategy = MovingWindowRateLimiter(MemoryStorage())
        self.items = {kind: parse_rates(getattr(limits, f"{kind}_rate")) for kind in RATE_KINDS}

    def hit(self, kind: str, client: str) -> None:
        """Count one request of ``kind`` from ``client``; raise 429 ``rate_limited`` (with
        ``retry_after`` seconds) when it is over any of its limits."""
        for item in self.items[kind]:
            if not self.strategy.hit(item, kind, client):
                reset = self.strategy.get_window_stats(item, kind, client).reset_time
                wait = max(1, math.ceil(reset - time.time()))
                raise rate_limited(kind, str(item), wait)


def rate_limited(kind: str, rate: str, retry_after: int) -> WebError:
    words = {"create": ("mesas nuevas", "new tables"), "join": ("entradas", "joins"),
             "act": ("acciones", "actions"), "connect": ("conexiones", "connections"),
             "host": ("acciones de anfitrión", "host actions"),
             "replay": ("pasos de repetición", "replay steps"),
             "chat": ("intervenciones en el chat", "chat messages")}[kind]
    err = WebError("rate_limited",
                   f"demasiadas {words[0]} desde tu dirección (máximo {rate}); "
                   f"vuelve a intentarlo en {retry_after} s",
                   f"too many {words[1]} from your address (at most {rate}); "
                   f"try again in {retry_after} s")
    err.extra["retry_after"] = retry_after
    return err
