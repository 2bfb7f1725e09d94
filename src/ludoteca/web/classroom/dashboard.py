"""The teacher's live dashboard (``/class/{id}``): every table of a class in small (seats,
whose turn, round, the game's key figures, paused or over), pushed on the teacher's
WebSocket ``/ws/class/{id}`` whenever it changes (``GET /api/classes/{id}/dashboard`` gives
the same once). Everything comes from the spectator's view ``game.view(None)``: the teacher
never sees a student's private view. Students' pages ask ``GET /api/tables/{id}/class``
whether their class stands still (waiting or paused)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketDisconnect

from ..access import COOKIE, valid_key
from ..errors import WebError
from ..guard import check_origin, client_address
from ..results import reason_words
from ..table import LiveTable, dumps
from . import teachers
from .classes import Classroom
from .store import ClassRow

log = logging.getLogger("ludoteca.web")

PUSH_SECONDS = 1.0          # how often a teacher's socket looks for changes
RECHECK_EVERY = 10          # ticks between checks that the teacher is still logged in
MAX_SOCKETS = 6             # dashboard sockets per teacher (per process)

Words = dict[str, str]
View = dict[str, Any]


def w(es: str, en: str) -> Words:
    return {"es": es, "en": en}


def _num(x: Any) -> float | int | None:
    return x if isinstance(x, (int, float)) and not isinstance(x, bool) else None


def _players(view: View) -> list[dict[str, Any]]:
    return [p for p in view.get("players") or [] if isinstance(p, dict)]


def _per_seat(key: str, label: Words, view: View, get: Callable[[dict[str, Any]], Any],
              unit: str = "") -> dict[str, Any]:
    return {"key": key, "label": label, "unit": unit,
            "seats": [_num(get(p)) for p in _players(view)]}


# ----- the key figures of each game (from the spectator's view only) ------------------------
def som_figures(view: View) -> list[dict[str, Any]]:
    """Som: the Hisenda (money the Generalitat holds: when it cannot pay, the Generalitat is
    taken over), the ballot box (4 cards: the consulta) and each player's PDs."""
    hisenda = view.get("hisenda") or {}
    urna = view.get("urna") or []
    return [{"key": "hisenda", "label": w("Hisenda", "Hisenda"), "unit": "€",
             "value": _num(hisenda.get("value"))},
            {"key": "urna", "label": w("Urna (consulta con 4)", "Ballot box (consulta at 4)"),
             "unit": "", "value": len(urna), "of": 4},
            _per_seat("pd", w("PD", "PDs"), view, lambda p: p.get("pd"))]


def elplan_figures(view: View) -> list[dict[str, Any]]:
    """El Plan: each player's Ideas and active investments."""
    def active(p: dict[str, Any]) -> int:
        return sum(1 for t in p.get("targets") or []
                   if isinstance(t, dict) and t.get("kind") == "inversion" and t.get("active"))
    return [_per_seat("ideas", w("Ideas", "Ideas"), view, lambda p: p.get("ideas")),
            _per_seat("investments", w("Inversiones activas", "Active investments"), view,
                      active)]


def sigloxx_figures(view: View) -> list[dict[str, Any]]:
    """Siglo XX: each player's victory points and pollution."""
    return [_per_seat("vp", w("Puntos", "Points"), view, lambda p: p.get("score")),
            _per_seat("pollution", w("Contaminación", "Pollution"), view,
                      lambda p: p.get("pollution"))]


def monopoly_figures(view: View) -> list[dict[str, Any]]:
    """Qytetet and Civitas: each player's capital (Civitas counts the balance only)."""
    if view.get("ranked_by") == "capital":
        return [_per_seat("capital", w("Capital", "Capital"), view,
                          lambda p: p.get("capital"), "€")]
    return [_per_seat("balance", w("Saldo (Civitas cuenta solo el saldo)",
                                    "Balance (Civitas counts the balance only)"), view,
                      lambda p: p.get("balance"), "€")]


FIGURES: dict[str, Callable[[View], list[dict[str, Any]]]] = {
    "som": som_figures, "elplan": elplan_figures, "sigloxx": sigloxx_figures,
    "qytetet": monopoly_figures, "civitas": monopoly_figures}


def round_of(view: View) -> dict[str, Any] | None:
    """Where the game is: round, period or turn (with its limit when the view has one)."""
    if _num(view.get("period")) is not None:
        return {"label": w("Periodo", "Period"), "value": view["period"],
                "of": _num(view.get("periods"))}
    if _num(view.get("round")) is not None:
        return {"label": w("Ronda", "Round"), "value": view.get("roman") or view["round"],
                "of": _num(view.get("max_rounds"))}
    if _num(view.get("turn")) is not None:
        return {"label": w("Turno", "Turn"), "value": view["turn"],
                "of": _num(view.get("max_turns"))}
    return None


_cache: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}


def game_part(table: LiveTable) -> dict[str, Any]:
    """The part of a table's card that depends on the game (cached per version)."""
    key = (table.version, table.state, id(table.game))
    hit = _cache.get(table.id)
    if hit is not None and hit[0] == key:
        return hit[1]
    view: View = json.loads(dumps(table.game.view(None)))      # the spectator's view only
    names = [s["name"] for s in table.seats]
    result = table.result_json()
    out = {"round": round_of(view), "figures": FIGURES.get(table.game_id, lambda v: [])(view),
           "to_move": [] if table.ended else list(table.game.to_move),
           "result": None}
    if result is not None:
        out["result"] = {"winners": result.get("winners") or [],
                         "reason": reason_words(table.game_id, result.get("reason", ""),
                                                result.get("details"), names)}
    if len(_cache) > 512:
        _cache.clear()
    _cache[table.id] = (key, out)
    return out


def table_card(cls: ClassRow, index: int, table: LiveTable, students: set[int],
               yours: bool) -> dict[str, Any]:
    """One table in small, as the teacher's dashboard shows it."""
    part = game_part(table)
    names = [s["name"] for s in table.seats]
    on = table.connected()
    if table.over:
        state = "over"
    elif table.state != "playing":
        state = "closed"
    elif cls.status in ("waiting", "paused"):
        state = cls.status
    else:
        state = "playing"
    return {"index": index, "table_id": table.id, "url": f"/t/{table.id}", "state": state,
            "version": table.version, "round": part["round"],
            "to_move": [names[s] for s in part["to_move"] if 0 <= s < len(names)],
            "seats": [{"seat": s["seat"], "name": s["name"], "kind": s["kind"],
                       "claimed": bool(s.get("claimed")), "student": s["seat"] in students,
                       "connected": s["seat"] in on} for s in table.seats],
            "figures": part["figures"], "result": part["result"], "yours": yours}


async def board(room: Classroom, cls: ClassRow, key: str | None) -> dict[str, Any]:
    """The whole dashboard of a class. ``key``: the teacher's device key, to say which
    tables this browser holds a seat at (it would then see that seat's view)."""
    hub = room.hub
    students = await hub._read(room.store.students, cls.id)
    seated: defaultdict[int, set[int]] = defaultdict(set)
    for st in students:
        if st.left is None:
            seated[st.table_idx].add(st.seat)
    cards = []
    for i, table_id in enumerate(cls.tables):
        try:
            table = hub.get(table_id)
        except WebError:
            continue
        yours = bool(key) and bool(table.access_for(key).seats)
        cards.append(table_card(cls, i, table, seated[i], yours))
    return {"type": "dashboard", "class_id": cls.id, "status": cls.status, "game": cls.game,
            "students": sum(1 for st in students if st.left is None), "tables": cards}


def register(app: FastAPI, room: Classroom, allowed: frozenset[str]) -> None:
    """The dashboard's routes (and the students' question about their class)."""
    hub, store = room.hub, room.store
    sockets: defaultdict[str, int] = defaultdict(int)

    async def teacher_of(conn: HTTPConnection) -> str | None:
        return await hub._read(teachers.session_teacher, store,
                               conn.cookies.get(teachers.COOKIE))

    def device(conn: HTTPConnection) -> str | None:
        key = conn.cookies.get(COOKIE)
        return key if valid_key(key) else None

    @app.get("/api/classes/{class_id}/dashboard")
    async def api_dashboard(class_id: str, request: Request) -> JSONResponse:
        name = await teacher_of(request)
        if name is None:
            raise teachers.not_teacher()
        cls = await room.get(class_id, name)
        return JSONResponse(json.loads(dumps(await board(room, cls, device(request)))),
                            headers={"Cache-Control": "no-store"})

    @app.get("/api/tables/{table_id}/class")
    async def api_table_class(table_id: str) -> JSONResponse:
        """Whether the table's class stands still now (``held``: waiting, paused or null)."""
        hub.get(table_id)
        return JSONResponse({"held": room.held.get(table_id)},
                            headers={"Cache-Control": "no-store"})

    @app.websocket("/ws/class/{class_id}")
    async def ws_dashboard(ws: WebSocket, class_id: str) -> None:
        try:
            check_origin(ws, allowed)
            hub.rates.hit("connect", client_address(ws))
            name = await teacher_of(ws)
            if name is None:
                raise teachers.not_teacher()
            cls = await room.get(class_id, name)
            if sockets[name] >= MAX_SOCKETS:
                raise WebError("too_many", f"ya tienes {sockets[name]} paneles abiertos "
                               f"(máximo {MAX_SOCKETS})", f"you already have {sockets[name]} "
                               f"dashboards open (at most {MAX_SOCKETS})", [MAX_SOCKETS])
        except WebError as exc:
            log.info("dashboard socket refused: %s", exc.code)
            await _refuse(ws, exc)
            return
        sockets[name] += 1
        key = device(ws)
        reader: asyncio.Task[None] | None = None
        try:
            await ws.accept()
            reader = asyncio.create_task(_drain(ws))
            last = None
            tick = 0
            while not reader.done():
                if tick and tick % RECHECK_EVERY == 0 and await teacher_of(ws) != name:
                    err = teachers.not_teacher()
                    await ws.send_text(dumps(err.ws()))
                    await ws.close(code=4000 + err.status)
                    return
                cls = await room.get(class_id)
                text = dumps(await board(room, cls, key))
                if text != last:
                    await ws.send_text(text)
                    last = text
                tick += 1
                await asyncio.wait({reader}, timeout=PUSH_SECONDS)
        except (WebSocketDisconnect, RuntimeError):
            pass
        except WebError as exc:
            with contextlib.suppress(Exception):
                await ws.send_text(dumps(exc.ws()))
                await ws.close(code=4000 + exc.status)
        finally:
            sockets[name] -= 1
            if sockets[name] <= 0:
                del sockets[name]
            if reader is not None:
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await reader


async def _drain(ws: WebSocket) -> None:
    """Read (and ignore) what the page sends, until it goes away."""
    while True:
        msg = await ws.receive()
        if msg["type"] == "websocket.disconnect":
            return


async def _refuse(ws: WebSocket, exc: WebError) -> None:
    """Refuse at the handshake with the JSON error (as the table's WebSocket does)."""
    if "websocket.http.response" in ws.scope.get("extensions", {}):
        await ws.send_denial_response(JSONResponse(exc.body(), status_code=exc.status,
                                                   headers=exc.headers()))
        return
    await ws.accept()
    await ws.send_text(dumps(exc.ws()))
    await ws.close(code=4000 + exc.status)
