"""Seats and who holds them: creating a table (the creator sits and is its host), claiming an
invitation or an open seat, and what the host may do (hand an absent seat to a bot, issue a
new invitation or open a seat, close the table). Every change is stored before anyone is told.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

from ludoteca.agents import make_agent

from .access import (
    Access,
    bind,
    check_unique,
    code_entry,
    code_hash,
    new_secret,
    without_seat,
)
from .db import TableRow
from .errors import WebError, bad
from .hub import Hub
from .setup import TableRequest, check_bot, check_name
from .table import LiveTable, make_entry, public_seat

log = logging.getLogger("ludoteca.web")


def invite_link(table_id: str, code: str) -> str:
    """An invitation: the code rides in the fragment, which browsers never send."""
    return f"/t/{table_id}#claim={code}"


def _caps(hub: Hub, req: TableRequest, client: str) -> None:
    """Refuse a table over the server's caps (per client address, server-wide, bots only)."""
    lim = hub.limits
    playing = [t for t in hub.tables.values() if t.state == "playing" and not t.over]
    mine = sum(1 for t in playing if t.creator == client)
    if mine >= lim.max_tables_per_client:
        raise WebError("too_many", f"ya tienes {mine} mesas sin terminar (máximo "
                       f"{lim.max_tables_per_client}); termina o cierra alguna",
                       f"you already have {mine} unfinished tables (at most "
                       f"{lim.max_tables_per_client}); finish or close one",
                       [lim.max_tables_per_client])
    if len(playing) >= lim.max_tables:
        raise WebError("too_many", f"el servidor ya tiene {len(playing)} mesas en juego; "
                       "vuelve más tarde", f"the server already has {len(playing)} tables "
                       "in play; come back later", [lim.max_tables])
    if req.bots_only:
        bots = sum(1 for t in playing if t.bots_only)
        if bots >= lim.max_bot_tables:
            raise WebError("too_many", f"ya hay {bots} mesas solo de bots en este servidor "
                           f"(máximo {lim.max_bot_tables}); siéntate en una mesa o espera",
                           f"this server already runs {bots} tables of bots only (at most "
                           f"{lim.max_bot_tables}); take a seat yourself or wait",
                           [lim.max_bot_tables])


async def create_table(hub: Hub, req: TableRequest, key: str, client: str) -> dict[str, Any]:
    """A new table from a checked request. The creator's browser (device ``key``) holds the
    host seat and any ``local`` seats; each ``invite`` seat gets a one-time link."""
    _caps(hub, req, client)
    game = req.game_obj
    table_id = secrets.token_urlsafe(8)   # 64 random bits; the insert fails on a clash
    while table_id in hub.tables:
        table_id = secrets.token_urlsafe(8)
    seats = [{"seat": i, "name": s.name, "kind": s.kind, "bot": s.bot, "access": s.access,
              "claimed": s.access in ("host", "local")} for i, s in enumerate(req.seats)]
    codes: dict[int, str] = {}
    credentials: list[dict[str, Any]] = []
    for s in seats:
        if s["access"] == "invite":
            codes[s["seat"]] = new_secret()
            credentials.append({"hash": code_hash(codes[s["seat"]]), "kind": "invite",
                                "seats": [s["seat"]]})
    mine = [s["seat"] for s in seats if s["access"] in ("host", "local")]
    credentials = bind(credentials, table_id, key, mine, host=True)
    now = time.time()
    row = TableRow(id=table_id, game=game.game_id, options=game.record_options(),
                   seed=game.seed, seats=seats, tokens=credentials, lang=req.lang,
                   listed=req.listed, status="playing", version=0, created=now,
                   finished=None, result=None, actions=[], creator=client, touched=now,
                   clock=req.clock)
    await hub.writer.run(hub.store.create, row)
    table = LiveTable.from_row(row, game, [make_entry(game, 0, None, None, False,
                                                      game.opening_events)])
    hub._attach_agents(table, game.seed)
    hub.tables[table_id] = table
    hub.kick_bots(table)
    log.info("table %s created (%s, %d seats)", table_id, game.game_id, len(seats))
    link = f"/t/{table_id}"
    return {"table_id": table_id, "game": game.game_id, "url": link, "spectator": link,
            "you": mine, "host": True,
            "seats": [{**public_seat(s), **({"invite": invite_link(table_id, codes[s["seat"]])}
                                           if s["seat"] in codes else {})} for s in seats]}


async def _give_seat(hub: Hub, table: LiveTable, seat: int, key: str, name: str | None,
                     credentials: list[dict[str, Any]]) -> dict[str, Any]:
    """Store that ``seat`` is now this browser's (renamed when ``name`` differs)."""
    seats = [dict(s) for s in table.seats]
    seats[seat]["claimed"] = True
    renamed = name is not None and name != seats[seat]["name"]
    if renamed:
        check_unique([s["name"] for s in seats if s["seat"] != seat], "name", name or "")
        seats[seat]["name"] = name
    credentials = bind(credentials, table.id, key, [seat])
    await hub.writer.run(hub.store.update_seats, table.id, seats, credentials)
    table.seats, table.credentials = seats, credentials
    table.last_seen[seat] = time.time()
    if renamed:
        hub._refresh(table)        # names change no chance: the same game, renamed
    hub.reauthorize(table)
    access = table.access_for(key)
    return {"table_id": table.id, "seat": seat, "you": list(access.seats),
            "host": access.host, "url": f"/t/{table.id}"}


def _playing(table: LiveTable) -> None:
    if table.ended:
        raise WebError("closed", "esta mesa ya no está en juego", "this table is no longer "
                       "in play")


async def claim_invite(hub: Hub, table: LiveTable, code: Any, name: Any,
                       key: str) -> dict[str, Any]:
    """Exchange an invitation's one-time code for its seat in this browser."""
    async with table.lock:
        _playing(table)
        entry = code_entry(table.credentials, code)
        if entry is None or not entry["seats"]:
            raise WebError("forbidden", "esta invitación ya se ha usado o ya no vale; pide "
                           "otra al anfitrión", "this invitation has been used or is no "
                           "longer valid; ask the host for another")
        seat = entry["seats"][0]
        clean = check_name(name, seat, field="name") if name is not None else None
        return await _give_seat(hub, table, seat, key, clean, table.credentials)


async def join_open(hub: Hub, table: LiveTable, seat: Any, name: Any,
                    key: str) -> dict[str, Any]:
    """Claim an open seat, once."""
    async with table.lock:
        _playing(table)
        free = [s["seat"] for s in table.seats if s["access"] == "open" and not s["claimed"]]
        if not (isinstance(seat, int) and not isinstance(seat, bool)) or \
                not 0 <= seat < len(table.seats) or table.seats[seat]["access"] != "open":
            raise WebError("forbidden", f"seat: el asiento {seat!r} no está abierto a nadie",
                           f"seat: seat {seat!r} is not open to anyone", free)
        if table.seats[seat]["claimed"]:
            raise WebError("taken", f"el asiento {seat} ya está ocupado",
                           f"seat {seat} is already taken", free)
        clean = check_name(name, seat, field="name") if name is not None else None
        return await _give_seat(hub, table, seat, key, clean, table.credentials)


# ----- the host ----------------------------------------------------------------------------
def _host_only(access: Access) -> None:
    if not access.host:
        raise WebError("forbidden", "solo el anfitrión de la mesa puede hacer esto",
                       "only the table's host may do this")


def _person_seat(table: LiveTable, seat: Any) -> dict[str, Any]:
    people = [s["seat"] for s in table.seats if s["kind"] == "person"]
    if not (isinstance(seat, int) and not isinstance(seat, bool)) or seat not in people:
        raise bad("seat", f"{seat!r} no es un asiento de persona", f"{seat!r} is not a "
                  "person's seat", people)
    return table.seats[seat]


async def seat_to_bot(hub: Hub, table: LiveTable, access: Access, seat: Any,
                      bot: Any) -> dict[str, Any]:
    """The host hands an absent person's seat to a bot, for the rest of the game."""
    _host_only(access)
    async with table.lock:
        _playing(table)
        _person_seat(table, seat)
        if not table.absent(seat, time.time(), hub.limits.absent_seconds):
            raise WebError("present", f"quien ocupa el asiento {seat} está conectado (o lo "
                           f"estuvo hace menos de {hub.limits.absent_seconds:g} s)",
                           f"the player of seat {seat} is connected (or was less than "
                           f"{hub.limits.absent_seconds:g} s ago)")
        spec = check_bot(bot, table.game_id, seat, hub.limits, field="bot")
        seats = [dict(s) for s in table.seats]
        seats[seat].update(kind="bot", bot=spec, access=None, claimed=True)
        credentials = without_seat(table.credentials, seat)
        await hub.writer.run(hub.store.update_seats, table.id, seats, credentials)
        table.seats, table.credentials = seats, credentials
        table.agents[seat] = make_agent(spec, table.game_id, table.game.seed + seat)
        hub.reauthorize(table)
    log.info("table %s: seat %d handed to bot %s", table.id, seat, spec)
    hub.kick_bots(table)
    return table.summary()


async def reissue(hub: Hub, table: LiveTable, access: Access, seat: Any,
                  kind: Any) -> dict[str, Any]:
    """The host issues a new invitation for an unclaimed seat (the old one dies) or opens
    it to anyone."""
    _host_only(access)
    if kind not in ("invite", "open"):
        raise bad("access", f"{kind!r} no vale", f"{kind!r} is not allowed", ["invite", "open"])
    async with table.lock:
        _playing(table)
        if _person_seat(table, seat)["claimed"]:
            raise WebError("taken", f"el asiento {seat} ya es de alguien",
                           f"seat {seat} already belongs to somebody")
        seats = [dict(s) for s in table.seats]
        seats[seat]["access"] = kind
        credentials = without_seat(table.credentials, seat)
        code = None
        if kind == "invite":
            code = new_secret()
            credentials.append({"hash": code_hash(code), "kind": "invite", "seats": [seat]})
        await hub.writer.run(hub.store.update_seats, table.id, seats, credentials)
        table.seats, table.credentials = seats, credentials
        hub.notify(table)
    return {"seat": seat, "access": kind,
            "invite": invite_link(table.id, code) if code else None}


async def close_table(hub: Hub, table: LiveTable, access: Access) -> dict[str, Any]:
    """The host ends the table: stored as closed, bots stop, everyone is told."""
    _host_only(access)
    if table.ended:
        raise WebError("closed", "esta mesa ya no está en juego", "this table is no longer "
                       "in play")
    await hub.end_table(table, "closed")
    log.info("table %s closed by its host", table.id)
    return table.summary()
