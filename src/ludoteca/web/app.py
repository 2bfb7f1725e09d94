"""The FastAPI application: pages, the JSON API and the WebSocket (protocol in docs/web.md)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect

import ludoteca
from ludoteca.agents import agent_names

from .db import Store
from .errors import WebError, bad, not_found
from .hub import Conn, Hub
from .pages import page
from .ruletext import rule_text
from .setup import check_request
from .table import dumps

log = logging.getLogger("ludoteca.web")

STATIC_DIR = Path(__file__).parent / "static"
MAX_MESSAGE = 16 * 1024     # WebSocket messages from clients
MAX_BODY = 256 * 1024       # HTTP bodies (a custom board's TOML fits)
STATUSES = ("open", "playing", "finished")


def create_app(db_url: str = "sqlite:///ludoteca.db", bot_delay: float = 0.6) -> FastAPI:
    """The application over the database at ``db_url`` (SQLite path/URL or PostgreSQL URL)."""
    store = Store(db_url)
    hub = Hub(store, bot_delay=bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        n = hub.start()
        if n:
            log.info("resumed %d tables", n)
        gc.collect()     # what start-up built stays: keep it out of later full collections,
        gc.freeze()      # which would otherwise pause every table for tens of milliseconds
        yield
        await hub.stop()
        store.close()

    app = FastAPI(title="ludoteca", lifespan=lifespan, docs_url="/api/docs",
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.state.hub = hub
    app.state.store = store

    # ----- errors --------------------------------------------------------------------------
    @app.exception_handler(WebError)
    async def web_error(_request: Request, exc: WebError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        where = ", ".join(".".join(str(p) for p in e.get("loc", ())) for e in exc.errors())
        err = bad(where or "request", "valor no válido", "invalid value")
        return JSONResponse(err.body(), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            err = not_found("esa dirección", "such address")
        else:
            err = WebError("bad_request", str(exc.detail), str(exc.detail),
                           status=exc.status_code)
        return JSONResponse(err.body(), status_code=exc.status_code)

    # ----- pages ---------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby_page(request: Request) -> HTMLResponse:
        return page("index", request)

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(table_id: str, request: Request) -> HTMLResponse:
        hub.get(table_id)
        return page("table", request)

    @app.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(table_id: str, request: Request) -> HTMLResponse:
        hub.get(table_id)
        return page("replay", request)

    if STATIC_DIR.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    # ----- games and rules -----------------------------------------------------------------
    @app.get("/api/games")
    async def api_games() -> list[dict[str, Any]]:
        out = []
        for gid in ludoteca.games():
            gi = ludoteca.info(gid)
            out.append({
                "id": gid, "title": gi.title, "players": list(gi.players),
                "summary": dict(gi.summary),
                "options": [{"name": o.name, "default": o.default,
                             "choices": list(o.choices) if o.choices is not None else None,
                             "help": o.help} for o in gi.options.values()],
                "bots": agent_names(gid)})
        return json.loads(dumps(out))

    @app.get("/api/rules/{game}/{rule_id}")
    async def api_rule(game: str, rule_id: str) -> dict[str, Any]:
        if game not in ludoteca.games():
            raise bad("game", f"no existe el juego {game!r}", f"there is no game {game!r}",
                      ludoteca.games())
        text = rule_text(game, rule_id)
        if text is None:
            raise not_found(f"la regla {rule_id!r} en {game}", f"rule {rule_id!r} in {game}")
        return {"id": rule_id, "game": game, "text": text}

    # ----- tables ----------------------------------------------------------------------------
    @app.post("/api/tables")
    async def api_create(request: Request) -> dict[str, Any]:
        body = await read_json(request)
        return await hub.create(check_request(body))

    @app.get("/api/tables")
    async def api_list(status: str | None = None) -> list[dict[str, Any]]:
        if status is not None and status not in STATUSES:
            raise bad("status", f"estado {status!r} desconocido", f"unknown status {status!r}",
                      list(STATUSES))
        return hub.listing(status)

    @app.get("/api/tables/{table_id}")
    async def api_table(table_id: str) -> dict[str, Any]:
        return hub.get(table_id).summary()

    @app.post("/api/tables/{table_id}/join")
    async def api_join(table_id: str, request: Request) -> dict[str, Any]:
        table = hub.get(table_id)
        body = await read_json(request)
        if not isinstance(body, dict):
            raise bad("body", 'debe ser {"seat": n, "name": "…"}',
                      'must be {"seat": n, "name": "…"}')
        return await hub.join(table, body.get("seat"), body.get("name"))

    @app.get("/api/tables/{table_id}/state")
    async def api_state(table_id: str, token: str | None = None) -> Response:
        table = hub.get(table_id)
        you = await authorize(table, token)
        return Response(table.state_message(you), media_type="application/json")

    @app.post("/api/tables/{table_id}/act")
    async def api_act(table_id: str, request: Request) -> dict[str, Any]:
        table = hub.get(table_id)
        body = await read_json(request, MAX_MESSAGE)
        if not isinstance(body, dict):
            raise bad("body", 'debe ser {"token", "version", "action"}',
                      'must be {"token", "version", "action"}')
        you = await authorize(table, body.get("token"), required=True)
        version = await hub.act(table, you, body.get("version"), body.get("action"),
                          body.get("seat"), body.get("req"))
        return {"ok": True, "version": version}

    @app.get("/api/tables/{table_id}/record")
    async def api_record(table_id: str) -> Response:
        table = finished(hub.get(table_id))
        return Response(dumps(table.record()), media_type="application/json",
                        headers={"Content-Disposition":
                                 f'attachment; filename="{table.game_id}-{table.id}.json"'})

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(table_id: str) -> Response:
        table = finished(hub.get(table_id))
        every = tuple(range(len(table.seats)))
        body = {"table_id": table.id, "game": table.game_id, "lang": table.lang,
                "seats": table.summary()["seats"], "steps": table.version,
                "result": table.result_json()}
        log_json = ",".join(e.for_viewer(every) for e in table.entries)
        return Response(dumps(body)[:-1] + ',"log":[' + log_json + "]}",
                        media_type="application/json")

    @app.get("/api/tables/{table_id}/replay/{n}")
    async def api_replay_step(table_id: str, n: int) -> Response:
        table = finished(hub.get(table_id))
        if not 0 <= n <= table.version:
            raise bad("n", f"los pasos van de 0 a {table.version}",
                      f"steps go from 0 to {table.version}", [0, table.version])
        game = ludoteca.replay(table.game.record(), upto=n)
        views: dict[str, Any] = {"spectator": game.view(None)}
        views.update({str(s): game.view(s) for s in range(game.n_players)})
        return Response(dumps({"n": n, "to_move": list(game.to_move), "views": views,
                               "over": game.is_over}), media_type="application/json")

    # ----- the WebSocket -----------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def ws_table(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        try:
            table = hub.get(table_id)
        except WebError as exc:
            await ws.send_text(dumps(exc.ws()))
            await ws.close(code=4404)
            return
        token = ws.query_params.get("token")
        you = table.seats_for(token)
        if you is None:
            await ws.send_text(dumps(forbidden_token().ws()))
            you = ()
        await hub.claim(table, you)
        conn = Conn(table, you)
        hub.connect(conn)
        writer = asyncio.create_task(write_loop(ws, conn))
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                text = msg.get("text")
                if text is None:
                    data = msg.get("bytes") or b""
                    try:
                        text = data.decode("utf-8")
                    except UnicodeDecodeError:
                        conn.push(dumps(bad("message", "no es texto UTF-8", "not UTF-8 text",
                                            code="bad_message").ws()))
                        continue
                await handle(conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            hub.disconnect(conn)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    async def handle(conn: Conn, text: str) -> None:
        """One client message: answered in this socket's outbox; changes reach everyone."""
        req = None
        try:
            if len(text) > MAX_MESSAGE:
                raise WebError("too_large", f"mensaje de {len(text)} bytes; máximo {MAX_MESSAGE}",
                               f"message of {len(text)} bytes; at most {MAX_MESSAGE}",
                               [MAX_MESSAGE])
            try:
                msg = json.loads(text)
            except ValueError:
                raise bad("message", "no es JSON", "not JSON", code="bad_message") from None
            if not isinstance(msg, dict):
                raise bad("message", "debe ser un objeto JSON", "must be a JSON object",
                          code="bad_message")
            req = msg.get("req")
            kind = msg.get("type")
            if kind == "ping":
                conn.push('{"type":"pong"}')
                return
            if kind != "act":
                raise bad("type", f"tipo de mensaje {kind!r} desconocido",
                          f"unknown message type {kind!r}", ["act", "ping"], "bad_message")
            acked: list[int] = []

            def answer(version: int) -> None:   # the ack goes before the new state
                acked.append(version)
                conn.push(dumps({"type": "ack", "req": req, "version": version}))

            version = await hub.act(conn.table, conn.you, msg.get("version"), msg.get("action"),
                              msg.get("seat"), req, answer)
            if not acked:                       # a repeat: acknowledged, nothing changed
                answer(version)
        except WebError as exc:
            conn.push(dumps(exc.ws(req if isinstance(req, (str, int)) else None)))

    async def authorize(table: Any, token: Any, required: bool = False) -> tuple[int, ...]:
        if token is not None and not isinstance(token, str):
            raise bad("token", "debe ser un texto", "must be a text")
        you = table.seats_for(token)
        if you is None or (required and not you):
            raise forbidden_token()
        await hub.claim(table, you)
        return you

    return app


async def write_loop(ws: WebSocket, conn: Conn) -> None:
    """Send a socket's messages in order; a pending state is computed when it goes out."""
    while True:
        await conn.wake.wait()
        conn.wake.clear()
        while True:
            msg = conn.next_message()
            if msg is None:
                break
            await ws.send_text(msg)


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise WebError("too_large", f"cuerpo de {declared} bytes; máximo {limit}",
                       f"body of {declared} bytes; at most {limit}", [limit])
    body = await request.body()
    if len(body) > limit:
        raise WebError("too_large", f"cuerpo de {len(body)} bytes; máximo {limit}",
                       f"body of {len(body)} bytes; at most {limit}", [limit])
    try:
        return json.loads(body or b"null")
    except ValueError:
        raise bad("body", "no es JSON", "not JSON") from None


def forbidden_token() -> WebError:
    return WebError("forbidden", "ese token no es de ningún asiento de esta mesa",
                    "that token belongs to no seat of this table")


def finished(table: Any) -> Any:
    if not table.over:
        raise WebError("not_over", "el registro y la repetición solo están disponibles al "
                       "terminar la partida (la semilla revelaría las cartas ocultas)",
                       "the record and the replay are only available once the game is over "
                       "(the seed would reveal the hidden cards)")
    return table

