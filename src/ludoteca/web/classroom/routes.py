"""The classroom's pages and HTTP API (``docs/classroom.md``), registered on the web table's
application by :func:`register`: the teacher's login, classes and their controls, the
students' join by code."""

from __future__ import annotations

import asyncio
import html
import io
import json
import math
import time
from typing import Any

import segno
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from ..access import COOKIE, COOKIE_MAX_AGE, new_secret, valid_key
from ..errors import WebError, bad
from ..guard import check_json_type, check_origin, client_address, own_origin, parse_json, read_body
from ..hub import Hub
from ..limits import Limits
from ..pages import page, pick_lang
from ..table import dumps
from . import dashboard, report, teachers
from .classes import Classroom, clean_code
from .store import ClassStore

#: the classroom's own rates (per client address unless said otherwise)
RATES = {
    "login": "10/minute;60/hour",          # login attempts per address
    "login_name": "5/minute;30/hour",      # failed logins per teacher name
    "class_join": "120/minute",            # a whole class may sit behind one school address
    "bad_code": "10/minute;60/hour",       # wrong join codes per address (no guessing)
    "teacher": "120/minute",               # a teacher's controls
}
WORDS = {"login": ("intentos de entrar", "login attempts"),
         "login_name": ("intentos fallidos con ese nombre", "failed attempts for that name"),
         "class_join": ("entradas en clases", "class joins"),
         "bad_code": ("códigos equivocados", "wrong codes"),
         "teacher": ("acciones de docente", "teacher actions")}


class Rates:
    """Moving-window limits of the classroom, in this process's memory."""

    def __init__(self) -> None:
        self.strategy = MovingWindowRateLimiter(MemoryStorage())
        self.items = {k: [parse(p) for p in v.split(";")] for k, v in RATES.items()}

    def test(self, kind: str, who: str) -> None:
        """Refuse when ``who`` is already at its limit of ``kind`` (counts nothing)."""
        for item in self.items[kind]:
            if not self.strategy.test(item, kind, who):
                self._refuse(kind, item, who)

    def hit(self, kind: str, who: str) -> None:
        for item in self.items[kind]:
            if not self.strategy.hit(item, kind, who):
                self._refuse(kind, item, who)

    def _refuse(self, kind: str, item: Any, who: str) -> None:
        reset = self.strategy.get_window_stats(item, kind, who).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        es, en = WORDS[kind]
        err = WebError("rate_limited", f"demasiados {es} (máximo {item}); vuelve a intentarlo "
                       f"en {wait} s", f"too many {en} (at most {item}); try again in {wait} s")
        err.extra["retry_after"] = wait
        raise err


PAGE_TEXTS = {
    "login": {"es": ("Hace falta entrar como docente", "Entra como docente para ver esta clase."),
              "en": ("You must log in as a teacher", "Log in as a teacher to see this class.")},
    "other": {"es": ("Esta clase no es tuya", "Solo su docente puede abrir esta página."),
              "en": ("This class is not yours", "Only its teacher may open this page.")},
}


def register(app: FastAPI, hub: Hub, limits: Limits, allowed: frozenset[str]) -> Classroom:
    """Add the classroom's routes to ``app``; the :class:`Classroom` (started and stopped
    with the application)."""
    store = ClassStore(hub.store.engine)
    room = Classroom(hub, store)
    rates = Rates()

    async def posted(request: Request) -> Any:
        check_origin(request, allowed)
        check_json_type(request.headers)
        body = await read_body(request, limits.max_body)
        return parse_json(body, limits.max_json_depth)

    async def teacher_of(request: HTTPConnection) -> str | None:
        return await hub._read(teachers.session_teacher, store,
                               request.cookies.get(teachers.COOKIE))

    async def teacher(request: HTTPConnection) -> str:
        name = await teacher_of(request)
        if name is None:
            raise teachers.not_teacher()
        return name

    def device(request: HTTPConnection) -> str | None:
        key = request.cookies.get(COOKIE)
        return key if valid_key(key) else None

    def answer(value: Any) -> JSONResponse:
        return JSONResponse(json.loads(dumps(value)), headers={"Cache-Control": "no-store"})

    # ----- pages ---------------------------------------------------------------------------
    @app.get("/teach", response_class=HTMLResponse, include_in_schema=False)
    async def teach_page(request: Request) -> HTMLResponse:
        return page("classroom/teach", request)

    @app.get("/join", response_class=HTMLResponse, include_in_schema=False)
    async def join_page(request: Request) -> HTMLResponse:
        return page("classroom/join", request)

    @app.get("/class/{class_id}", response_class=HTMLResponse, include_in_schema=False)
    async def class_page(class_id: str, request: Request) -> HTMLResponse:
        name = await teacher_of(request)
        if name is None:
            return refusal_page("login", request, 401)
        try:
            await room.get(class_id, name)
        except WebError as exc:
            return refusal_page("other" if exc.code == "forbidden" else "login", request,
                                exc.status)
        return page("classroom/class", request)

    # ----- teachers ------------------------------------------------------------------------
    @app.post("/api/teacher/login")
    async def api_login(request: Request) -> JSONResponse:
        body = await posted(request)
        client = client_address(request)
        rates.hit("login", client)
        if not isinstance(body, dict) or not isinstance(body.get("password"), str):
            raise bad("body", 'debe ser {"name": "…", "password": "…"}',
                      'must be {"name": "…", "password": "…"}')
        raw = body.get("name")
        name = raw.strip().lower() if isinstance(raw, str) else ""
        rates.test("login_name", name[:40])
        password = body["password"][:teachers.MAX_PASSWORD + 1]
        ok = await asyncio.get_running_loop().run_in_executor(
            None, teachers.verify, store, name, password)
        if not ok:
            rates.hit("login_name", name[:40])
            raise WebError("forbidden", "nombre o contraseña incorrectos",
                           "wrong name or password")
        session_id, _expires = await hub.writer.run(teachers.new_session, store, name)
        response = answer({"teacher": name})
        response.set_cookie(teachers.COOKIE, session_id, max_age=teachers.SESSION_SECONDS,
                            path="/", httponly=True, samesite="strict",
                            secure=request.url.scheme == "https")
        return response

    @app.post("/api/teacher/logout")
    async def api_logout(request: Request) -> JSONResponse:
        await posted(request)
        session_id = request.cookies.get(teachers.COOKIE)
        if session_id:
            await hub.writer.run(store.drop_session, teachers.session_hash(session_id))
        response = answer({"ok": True})
        response.delete_cookie(teachers.COOKIE, path="/", httponly=True, samesite="strict",
                               secure=request.url.scheme == "https")
        return response

    @app.get("/api/teacher")
    async def api_teacher(request: Request) -> JSONResponse:
        return answer({"teacher": await teacher(request)})

    # ----- classes (the teacher's) ---------------------------------------------------------
    @app.post("/api/classes")
    async def api_class_new(request: Request) -> JSONResponse:
        body = await posted(request)
        name = await teacher(request)
        hub.rates.hit("create", client_address(request))
        return answer(await room.create(name, body, client_address(request)))

    @app.get("/api/classes")
    async def api_classes(request: Request) -> JSONResponse:
        return answer(await room.classes(await teacher(request)))

    @app.get("/api/classes/{class_id}")
    async def api_class(class_id: str, request: Request) -> JSONResponse:
        cls = await room.get(class_id, await teacher(request))
        return answer(await room.summary(cls))

    @app.get("/api/classes/{class_id}/qr.svg")
    async def api_qr(class_id: str, request: Request) -> Response:
        cls = await room.get(class_id, await teacher(request))
        if cls.code is None:
            raise WebError("closed", "la clase ha terminado", "the class has ended")
        url = f"{own_origin(request)}/join?code={cls.code}"
        out = io.BytesIO()
        segno.make(url, error="m").save(out, kind="svg", scale=8, border=2, xmldecl=False,
                                        title=url, dark="#000", light="#fff")
        return Response(out.getvalue(), media_type="image/svg+xml",
                        headers={"Cache-Control": "no-store",
                                 "Content-Security-Policy": "default-src 'none'"})

    for what in ("start", "pause", "resume", "end"):
        def control(what: str = what) -> Any:
            async def route(class_id: str, request: Request) -> JSONResponse:
                await posted(request)
                name = await teacher(request)
                rates.hit("teacher", name)
                return answer(await room.control(await room.get(class_id, name), what))
            return route
        app.post(f"/api/classes/{{class_id}}/{what}", name=f"class_{what}")(control())

    @app.post("/api/classes/{class_id}/message")
    async def api_message(class_id: str, request: Request) -> JSONResponse:
        body = await posted(request)
        name = await teacher(request)
        rates.hit("teacher", name)
        cls = await room.get(class_id, name)
        text = body.get("text") if isinstance(body, dict) else None
        return answer(await room.message(cls, text))

    # ----- students ------------------------------------------------------------------------
    @app.get("/api/join")
    async def api_join_info(request: Request, code: str = "") -> JSONResponse:
        client = client_address(request)
        rates.test("bad_code", client)
        try:
            return answer(await room.public(code))
        except WebError:
            rates.hit("bad_code", client)
            raise

    @app.post("/api/join")
    async def api_join(request: Request) -> JSONResponse:
        body = await posted(request)
        client = client_address(request)
        rates.hit("class_join", client)
        rates.test("bad_code", client)
        if not isinstance(body, dict):
            raise bad("body", 'debe ser {"code": "…", "name": "…"}',
                      'must be {"code": "…", "name": "…"}')
        if clean_code(body.get("code")) is None:
            rates.hit("bad_code", client)
            raise bad("code", "un código de clase tiene 6 letras y cifras (sin I, L, O, 0 "
                      "ni 1)", "a class code has 6 letters and digits (no I, L, O, 0 or 1)")
        if await teacher_of(request) is not None:      # the teacher watches, never plays
            raise WebError("forbidden", "este navegador tiene abierta una sesión de docente: "
                           "los alumnos entran desde sus propios dispositivos",
                           "this browser is logged in as a teacher: students join from their "
                           "own devices")
        key = device(request) or new_secret()
        try:
            result = await room.join(body.get("code"), body.get("name"), body.get("table"),
                                     key)
        except WebError as exc:
            if exc.code == "not_found":
                rates.hit("bad_code", client)
            raise
        response = answer(result)
        if request.cookies.get(COOKIE) != key:
            response.set_cookie(COOKIE, key, max_age=COOKIE_MAX_AGE, path="/", httponly=True,
                                samesite="strict", secure=request.url.scheme == "https")
        return response

    @app.post("/api/classes/{class_id}/leave")
    async def api_leave(class_id: str, request: Request) -> JSONResponse:
        await posted(request)
        rates.hit("class_join", client_address(request))
        return answer(await room.leave(class_id, device(request)))

    report.register(app, room, limits, allowed)     # the class report (report.py)
    dashboard.register(app, room, allowed)    # the teacher's live dashboard (dashboard.py)
    return room


def refusal_page(kind: str, request: Request, status: int) -> HTMLResponse:
    """A small page in the request's language for a class page one may not open."""
    lang = pick_lang(request)
    title, text = PAGE_TEXTS[kind][lang]
    link = "Entrar como docente" if lang == "es" else "Log in as a teacher"
    body = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)} — ludoteca</title>"
            f'<link rel="icon" href="data:,"><link rel="stylesheet" href="/static/style.css">'
            f'</head><body data-page="refused"><main class="page gone-box">'
            f"<h1>{html.escape(title)}</h1><p>{html.escape(text)}</p>"
            f'<p><a href="/teach?lang={lang}">{link}</a></p></main></body></html>')
    return HTMLResponse(body, status_code=status, headers={"Cache-Control": "no-store"})
