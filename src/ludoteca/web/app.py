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
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

import ludoteca

from . import board_data, classroom, history, results, seating
from .access import COOKIE, COOKIE_MAX_AGE, NOBODY, Access, new_secret, valid_key
from .db import Store
from .errors import WebError, bad, not_found
from .guard import (
    check_json_type,
    check_origin,
    client_address,
    parse_json,
    read_body,
)
from .hub import Conn, Hub
from .limits import Limits
from .pages import gone_page, page
from .ruletext import rule_answer
from .setup import check_request, web_bot_names
from .table import dumps

log = logging.getLogger("ludoteca.web")

STATIC_DIR = Path(__file__).parent / "static"
STATUSES = ("open", "playing", "finished")
SECURITY_HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                    (b"referrer-policy", b"same-origin")]


class SecurityHeaders:
    """Every HTTP answer says: no sniffing, no framing (no clickjacking of the host's
    buttons), no full referrers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


def create_app(db_url: str = "sqlite:///ludoteca.db", bot_delay: float = 0.6,
               limits: Limits | None = None, allowed_origins: tuple[str, ...] = (),
               bot_workers: int = 0, worker_id: str | None = None,
               lease_seconds: float = 6.0) -> FastAPI:
    """The application over the database at ``db_url`` (SQLite path/URL or PostgreSQL URL).
    ``limits``: what strangers may make the server do (defaults for a public server);
    ``allowed_origins``: other sites whose pages may use this server (besides its own);
    ``bot_workers``: processes that think for bots (0: threads of this process);
    ``worker_id``: this process's name among several workers on one PostgreSQL database;
    ``lease_seconds``: how long a worker's hold on a table's bots and clocks lasts unrenewed
    (a crashed worker's tables are taken over after it)."""
    limits = limits or Limits()
    store = Store(db_url)
    hub = Hub(store, bot_delay=bot_delay, limits=limits, bot_workers=bot_workers,
              worker_id=worker_id, lease_seconds=lease_seconds)
    allowed = frozenset(o.lower().rstrip("/") for o in allowed_origins)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        n = hub.start()
        if n:
            log.info("resumed %d tables", n)
        await hub.start_shared()         # several workers: NOTIFY fan-out and leases
        await _app.state.classroom.start()   # classes: the gate, absent students (classroom/)
        gc.collect()     # what start-up built stays: keep it out of later full collections,
        gc.freeze()      # which would otherwise pause every table for tens of milliseconds
        yield
        await _app.state.classroom.stop()
        await hub.stop()
        store.close()

    app = FastAPI(title="ludoteca", lifespan=lifespan, docs_url="/api/docs",
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.add_middleware(SecurityHeaders)
    app.state.hub = hub
    app.state.store = store

    # ----- errors --------------------------------------------------------------------------
    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> JSONResponse:
        log.info("%s %s refused: %s", request.method, request.url.path, exc.code)
        return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers())

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        where = ", ".join(".".join(str(p) for p in e.get("loc", ())) for e in exc.errors())
        err = bad(where or "request", "valor no válido", "invalid value")
        log.info("%s %s refused: %s", request.method, request.url.path, err.code)
        return JSONResponse(err.body(), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if (exc.status_code == 404 and request.method == "GET"
                and "text/html" in request.headers.get("accept", "")
                and not request.url.path.startswith(("/api/", "/ws/", "/static/"))):
            return gone_page("page", request)       # a browser's mistyped address
        if exc.status_code == 404:
            err = not_found("esa dirección", "such address")
        elif exc.status_code == 405:
            err = WebError("bad_request", "método no permitido aquí",
                           "method not allowed here", status=405)
        else:
            err = WebError("bad_request", str(exc.detail), str(exc.detail),
                           status=exc.status_code)
        return JSONResponse(err.body(), status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> JSONResponse:
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        err = WebError("server", "error del servidor; nada ha cambiado",
                       "server error; nothing changed")
        return JSONResponse(err.body(), status_code=500)

    # ----- what every request passes -------------------------------------------------------
    async def posted(request: Request, kind: str | None = None,
                     limit: int | None = None) -> Any:
        """The JSON body of a state-changing request from an allowed origin, within the
        rate limit of ``kind`` and the size and depth limits."""
        check_origin(request, allowed)
        check_json_type(request.headers)
        if kind is not None:
            hub.rates.hit(kind, client_address(request))
        body = await read_body(request, limit or limits.max_body)
        return parse_json(body, limits.max_json_depth)

    def device(request: HTTPConnection) -> str | None:
        key = request.cookies.get(COOKIE)
        return key if valid_key(key) else None

    def access(table: Any, request: HTTPConnection) -> Access:
        key = device(request)
        return table.access_for(key) if key else NOBODY

    def seated(request: Request, answer: dict[str, Any]) -> JSONResponse:
        """An answer that gives this browser a seat: its device cookie goes with it."""
        response = JSONResponse(json.loads(dumps(answer)))
        key = request.state.device_key
        if request.cookies.get(COOKIE) != key:
            response.set_cookie(COOKIE, key, max_age=COOKIE_MAX_AGE, path="/", httponly=True,
                                samesite="strict", secure=request.url.scheme == "https")
        return response

    def key_for(request: Request) -> str:
        """This browser's device key, a new one when it has none."""
        key = device(request) or new_secret()
        request.state.device_key = key
        return key

    # ----- health (load balancers, monitoring) ------------------------------------------
    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        """``{"ok", "database", "worker", "tables", "sockets", "leases", "fanout"}``; 503 when
        the database does not answer (or, with several workers, the fan-out is down)."""
        try:
            database = bool(await asyncio.wait_for(hub._read(store.ping), 3.0))
        except Exception:       # noqa: BLE001 - any failure is "not reachable"
            database = False
        fanout = None if hub.fanout is None else hub.fanout.connected.is_set()
        ok = database and fanout is not False
        return JSONResponse({"ok": ok, "database": database, "worker": hub.worker,
                             "tables": len(hub.tables),
                             "sockets": sum(len(t.conns) for t in hub.tables.values()),
                             "leases": len(hub.leased), "fanout": fanout},
                            status_code=200 if ok else 503,
                            headers={"Cache-Control": "no-store"})

    # ----- pages ---------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby_page(request: Request) -> HTMLResponse:
        return page("index", request)

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(table_id: str, request: Request) -> HTMLResponse:
        try:
            table = hub.get(table_id)
        except WebError:
            return gone_page("table", request)      # a friendly page, not the API's JSON
        if table.state in ("closed", "abandoned"):
            return gone_page(table.state, request, 410, table.lang)
        return page("table", request)

    @app.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(table_id: str, request: Request) -> HTMLResponse:
        try:
            hub.get(table_id)
        except WebError:
            return gone_page("replay", request)
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
                             **o.words()} for o in gi.options.values()],
                "bots": web_bot_names(gid)})
        return json.loads(dumps(out))

    @app.get("/api/rules/{game}/{rule_id}")
    async def api_rule(game: str, rule_id: str, lang: str = "es") -> dict[str, Any]:
        if game not in ludoteca.games():
            raise bad("game", f"no existe el juego {game!r}", f"there is no game {game!r}",
                      ludoteca.games())
        answer = rule_answer(game, rule_id)
        if answer is None:
            raise not_found(f"la regla {rule_id!r} en {game}", f"rule {rule_id!r} in {game}")
        # "lang": the language of the text to show for ?lang= (English while a game has no
        # Spanish text yet)
        return {**answer, "lang": lang if lang in answer["text"] else "en"}

    # ----- tables ----------------------------------------------------------------------------
    @app.post("/api/tables")
    async def api_create(request: Request) -> JSONResponse:
        body = await posted(request, "create")
        req = check_request(body, limits)
        answer = await seating.create_table(hub, req, key_for(request),
                                            client_address(request))
        return seated(request, answer)

    @app.get("/api/tables")
    async def api_list(status: str | None = None) -> list[dict[str, Any]]:
        if status is not None and status not in STATUSES:
            raise bad("status", f"estado {status!r} desconocido", f"unknown status {status!r}",
                      list(STATUSES))
        return hub.listing(status)

    @app.get("/api/tables/{table_id}")
    async def api_table(table_id: str) -> dict[str, Any]:
        return hub.get(table_id).summary()

    @app.post("/api/tables/{table_id}/claim")
    async def api_claim(table_id: str, request: Request) -> JSONResponse:
        body = await posted(request, "join")
        table = hub.get(table_id)
        if not isinstance(body, dict):
            raise bad("body", 'debe ser {"code": "…", "name": "…"}',
                      'must be {"code": "…", "name": "…"}')
        answer = await seating.claim_invite(hub, table, body.get("code"), body.get("name"),
                                            key_for(request))
        return seated(request, answer)

    @app.post("/api/tables/{table_id}/join")
    async def api_join(table_id: str, request: Request) -> JSONResponse:
        body = await posted(request, "join")
        table = hub.get(table_id)
        if not isinstance(body, dict):
            raise bad("body", 'debe ser {"seat": n, "name": "…"}',
                      'must be {"seat": n, "name": "…"}')
        answer = await seating.join_open(hub, table, body.get("seat"), body.get("name"),
                                         key_for(request))
        return seated(request, answer)

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def api_seat_bot(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await posted(request, "host")
        table = hub.get(table_id)
        bot = body.get("bot", "greedy") if isinstance(body, dict) else None
        return await seating.seat_to_bot(hub, table, access(table, request), seat, bot)

    @app.post("/api/tables/{table_id}/seats/{seat}/invite")
    async def api_seat_invite(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await posted(request, "host")
        table = hub.get(table_id)
        kind = body.get("access", "invite") if isinstance(body, dict) else None
        return await seating.reissue(hub, table, access(table, request), seat, kind)

    @app.post("/api/tables/{table_id}/close")
    async def api_close(table_id: str, request: Request) -> dict[str, Any]:
        await posted(request, "host")
        table = hub.get(table_id)
        return await seating.close_table(hub, table, access(table, request))

    @app.get("/api/tables/{table_id}/state")
    async def api_state(table_id: str, request: Request) -> Response:
        table = hub.get(table_id)
        return Response(table.state_message(access(table, request)),
                        media_type="application/json")

    @app.get("/api/tables/{table_id}/board-data")
    async def api_board_data(table_id: str) -> Response:
        """The printed components the table's board draws, of the table's own content
        (web/board_data.py): public, like the cards on the table; nothing of the game."""
        table = hub.get(table_id)
        if table.game_id not in board_data.GAMES:
            raise not_found(f"un contenido de tablero para {table.game_id}",
                            f"board content for {table.game_id}")
        return Response(board_data.board_data_json(table.game_id,
                                                   board_data.game_content(table.game)),
                        media_type="application/json")

    @app.post("/api/tables/{table_id}/act")
    async def api_act(table_id: str, request: Request) -> dict[str, Any]:
        body = await posted(request, "act", limits.max_message)
        table = hub.get(table_id)
        if not isinstance(body, dict):
            raise bad("body", 'debe ser {"version", "action", "seat"?, "req"?}',
                      'must be {"version", "action", "seat"?, "req"?}')
        you = access(table, request).seats
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
    async def api_replay_step(table_id: str, n: int, request: Request) -> Response:
        hub.rates.hit("replay", client_address(request))   # each step replays the game
        table = finished(hub.get(table_id))
        if not 0 <= n <= table.version:
            raise bad("n", f"los pasos van de 0 a {table.version}",
                      f"steps go from 0 to {table.version}", [0, table.version])
        game = ludoteca.replay(table.game.record(), upto=n)
        views: dict[str, Any] = {"spectator": game.view(None)}
        views.update({str(s): game.view(s) for s in range(game.n_players)})
        return Response(dumps({"n": n, "to_move": list(game.to_move), "views": views,
                               "over": game.is_over}), media_type="application/json")

    # ----- the end of a game: results, history, rematch (web/results.py, web/history.py) --
    @app.get("/api/tables/{table_id}/results")
    async def api_results(table_id: str) -> dict[str, Any]:
        return results.results(finished(hub.get(table_id)))

    @app.get("/api/tables/{table_id}/history")
    async def api_history(table_id: str, request: Request) -> Response:
        hub.rates.hit("replay", client_address(request))   # it replays the game
        table = finished(hub.get(table_id))
        body = await asyncio.get_running_loop().run_in_executor(
            None, history.history_json, table)
        return Response(body, media_type="application/json")

    @app.post("/api/tables/{table_id}/rematch")
    async def api_rematch(table_id: str, request: Request) -> JSONResponse:
        await posted(request, "create")
        table = hub.get(table_id)
        answer = await results.rematch(hub, table, access(table, request), key_for(request),
                                       client_address(request))
        return seated(request, answer)

    @app.post("/api/tables/{table_id}/rematch/join")
    async def api_rematch_join(table_id: str, request: Request) -> JSONResponse:
        await posted(request, "join")
        table = hub.get(table_id)
        answer = await results.join_rematch(hub, table, access(table, request),
                                            key_for(request))
        return seated(request, answer)

    # ----- the classroom: teachers, classes, students (classroom/, docs/classroom.md) ------
    app.state.classroom = classroom.register(app, hub, limits, allowed)

    # ----- the WebSocket -----------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def ws_table(ws: WebSocket, table_id: str) -> None:
        client = client_address(ws)
        try:
            check_origin(ws, allowed)
            hub.rates.hit("connect", client)
            table = hub.get(table_id)
            key = device(ws)
            conn = Conn(table, table.access_for(key) if key else NOBODY, key, client)
            hub.connect(conn)
            if table.chat.messages:                  # after the state: the chat so far
                conn.push(table.chat.history(conn))
        except WebError as exc:
            log.info("WebSocket %s refused: %s", ws.url.path, exc.code)
            await refuse(ws, exc)
            return
        writer: asyncio.Task[None] | None = None
        try:
            await ws.accept()
            writer = asyncio.create_task(write_loop(ws, conn))
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
            if writer is not None:
                writer.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await writer

    async def handle(conn: Conn, text: str) -> None:
        """One client message: answered in this socket's outbox; changes reach everyone."""
        req = None
        try:
            if len(text) > limits.max_message:
                raise WebError("too_large", f"mensaje de {len(text)} bytes; máximo "
                               f"{limits.max_message}", f"message of {len(text)} bytes; at "
                               f"most {limits.max_message}", [limits.max_message])
            msg = parse_json(text, limits.max_json_depth, "message")
            if not isinstance(msg, dict):
                raise bad("message", "debe ser un objeto JSON", "must be a JSON object",
                          code="bad_message")
            req = msg.get("req")
            kind = msg.get("type")
            if kind == "ping":
                conn.push('{"type":"pong"}')
                return
            if kind == "chat":                  # web/chat.py
                hub.rates.hit("chat", conn.client)
                posted_msg = conn.table.chat.post(conn.table, conn, msg.get("text"),
                                                  msg.get("seat"))
                hub.share_chat(conn.table, posted_msg)   # the table's sockets at other workers
                return
            if kind == "mute":
                conn.table.chat.mute(conn.table, conn, msg.get("seats"))
                return
            if kind != "act":
                raise bad("type", f"tipo de mensaje {kind!r} desconocido",
                          f"unknown message type {kind!r}", ["act", "chat", "mute", "ping"],
                          "bad_message")
            hub.rates.hit("act", conn.client)
            acked: list[int] = []

            def answer(version: int) -> None:   # the ack goes before the new state
                acked.append(version)
                conn.push(dumps({"type": "ack", "req": req, "version": version}))

            version = await hub.act(conn.table, conn.you, msg.get("version"),
                                    msg.get("action"), msg.get("seat"), req, answer)
            if not acked:                       # a repeat: acknowledged, nothing changed
                answer(version)
        except WebError as exc:
            conn.push(dumps(exc.ws(req if isinstance(req, (str, int)) else None)))

    return app


async def refuse(ws: WebSocket, exc: WebError) -> None:
    """Refuse a WebSocket at the handshake with the JSON error (HTTP status), or where the
    server cannot, accept, send the error and close with 4000 + the status."""
    if "websocket.http.response" in ws.scope.get("extensions", {}):
        await ws.send_denial_response(JSONResponse(exc.body(), status_code=exc.status,
                                                   headers=exc.headers()))
        return
    await ws.accept()
    await ws.send_text(dumps(exc.ws()))
    await ws.close(code=4000 + exc.status)


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


def finished(table: Any) -> Any:
    if not table.over:
        raise WebError("not_over", "el registro y la repetición solo están disponibles al "
                       "terminar la partida (la semilla revelaría las cartas ocultas)",
                       "the record and the replay are only available once the game is over "
                       "(the seed would reveal the hidden cards)")
    return table

