"""The class report (issue 23): after class, every table's results (``web/results.py``), the
game's key figures over time per table (the finished record replayed, as ``web/history.py``
does), the tables side by side, and downloads (a CSV of the figures, the tables' JSON
records). The class's teacher may always open it; the class's students only once the
teacher publishes it; nobody else ever.

What a table shows depends on how far it got: a finished game shows everything (its
results, seats' final views are no secret any more); a table closed before its end shows
its figures and record to the teacher only (the record's seed would reveal hidden cards);
a table still in play shows nothing but its status."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import threading
import zipfile
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.requests import HTTPConnection

from ludoteca.core.record import start_of
from ludoteca.core.registry import info

from .. import history, results
from ..access import COOKIE, valid_key
from ..errors import WebError, bad
from ..guard import check_json_type, check_origin, client_address, parse_json, read_body
from ..limits import Limits
from ..pages import page, pick_lang
from ..table import LiveTable, dumps
from . import teachers
from .classes import Classroom, student_hash
from .store import ClassRow

Words = dict[str, str]
Extract = Callable[[dict[str, Any], int | None], Any]
CACHE_SIZE = 64


def _w(es: str, en: str) -> Words:
    return {"es": es, "en": en}


def _num(x: Any) -> Any:
    return x if isinstance(x, (int, float)) and not isinstance(x, bool) else None


@dataclass(frozen=True)
class Figure:
    """One key figure of a game: per seat (read from each seat's own view, as the results
    screen's charts) or of the whole table (read from the spectator's view). ``agg`` says
    how a per-seat figure becomes one number per table for the comparison: the best seat's
    (``max``) or the table's total (``sum``)."""

    key: str
    label: Words
    unit: str
    scope: str              # "seat" | "table"
    agg: str                # "max" | "sum" | "value"
    get: Extract


def _seat(game: str, key: str, agg: str = "max") -> Figure:
    """A per-seat series of the results screen's charts (``history.SERIES``)."""
    for k, label, unit, get in history.SERIES[game]:
        if k == key:
            return Figure(key, label, unit, "seat", agg, lambda v, s, g=get: g(v, s))
    raise KeyError(key)  # pragma: no cover - a typo in FIGURES


def _hisenda(view: dict[str, Any], _s: int | None) -> Any:
    h = view.get("hisenda")
    return _num(h.get("value")) if isinstance(h, dict) else None


def _urna(view: dict[str, Any], _s: int | None) -> Any:
    u = view.get("urna")
    return len(u) if isinstance(u, list) else None


def _investments(view: dict[str, Any], s: int | None) -> Any:
    me = history._player(view, s if s is not None else -1)
    targets = me.get("targets")
    if not isinstance(targets, list):
        return None
    return sum(1 for t in targets if isinstance(t, dict) and t.get("active"))


#: game -> its key figures in the report (issue 23: Som the Hisenda, interventions and
#: consultas; El Plan Ideas and investments; Siglo XX pollution and points; Qytetet and
#: Civitas capital). How each game ended (consulta, intervention…) is counted across tables.
FIGURES: dict[str, list[Figure]] = {
    "som": [Figure("hisenda", _w("Hisenda (dinero de la Generalitat)",
                                 "Hisenda (the Generalitat's money)"), "€", "table", "value",
                   _hisenda),
            Figure("urna", _w("Cartas en la urna (consulta con 4)",
                              "Cards in the ballot box (consulta at 4)"), "", "table", "value",
                   _urna),
            _seat("som", "pd")],
    "elplan": [_seat("elplan", "ideas"),
               Figure("investments", _w("Inversiones activas", "Active investments"), "",
                      "seat", "max", _investments)],
    "sigloxx": [_seat("sigloxx", "vp"), _seat("sigloxx", "pollution", "sum")],
    "qytetet": [_seat("qytetet", "capital")],
    "civitas": [_seat("civitas", "balance")],
}
AGG_WORDS = {"max": _w("mejor jugador", "best player"), "sum": _w("total de la mesa",
                                                                  "table total"),
             "value": _w("de la mesa", "of the table")}

_cache: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
_lock = threading.Lock()


def _aggregate(figure: Figure, values: list[list[Any]]) -> list[Any]:
    """One number per sampled step for the whole table."""
    if figure.scope == "table":
        return list(values[0])
    out: list[Any] = []
    for column in zip(*values, strict=True):
        nums = [v for v in column if isinstance(v, (int, float))]
        out.append(None if not nums else (sum(nums) if figure.agg == "sum" else max(nums)))
    return out


def build_figures(record: dict[str, Any]) -> dict[str, Any]:
    """Replay a record and sample its game's key figures (at most ``history.MAX_POINTS``
    steps): per seat a line each, per table one line, and the table's line for comparing."""
    game = start_of(record)
    actions = record.get("actions") or []
    steps = history.sample_steps(len(actions))
    wanted = set(steps)
    figures = FIGURES.get(game.game_id, [])
    seats = range(game.n_players)
    data: list[list[list[Any]]] = [
        [[] for _ in (seats if f.scope == "seat" else [None])] for f in figures]
    rounds: list[Any] = []

    def sample() -> None:
        views = [game.view(s) for s in seats]
        everyone = game.view(None)
        rounds.append(everyone.get("round", everyone.get("period", everyone.get("turn"))))
        for i, f in enumerate(figures):
            if f.scope == "table":
                data[i][0].append(_num(f.get(everyone, None)))
            else:
                for s in seats:
                    data[i][s].append(_num(f.get(views[s], s)))

    if 0 in wanted:
        sample()
    for n, (seat, text) in enumerate(actions, 1):
        game.apply(text, seat=seat)
        if n in wanted:
            sample()
    series = [{"key": f.key, "label": f.label, "unit": f.unit, "scope": f.scope, "agg": f.agg,
               "agg_label": AGG_WORDS[f.agg], "values": data[i],
               "table": _aggregate(f, data[i])} for i, f in enumerate(figures)]
    return {"steps": steps, "rounds": rounds, "total": len(actions), "series": series}


def figures_of(table: LiveTable) -> dict[str, Any]:
    """A table's figures (cached: an ended table never changes)."""
    key = (table.id, table.version)
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    out = json.loads(dumps(build_figures(table.game.record())))
    with _lock:
        _cache[key] = out
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return out


# ----- who may see what -----------------------------------------------------------------------
def visible(table: LiveTable, teacher: bool) -> bool:
    """The table's figures and record may be shown: a finished game to anyone allowed the
    report; one closed before its end to the teacher only; one in play to nobody."""
    return table.over or (teacher and table.ended)


def not_published() -> WebError:
    return WebError("forbidden", "el docente aún no ha publicado el informe de la clase",
                    "the teacher has not published the class report yet")


def not_in_class() -> WebError:
    return WebError("forbidden", "el informe es solo para el docente y los alumnos de la clase",
                    "the report is only for the class's teacher and students")


def _colours(table: LiveTable) -> list[str | None]:
    view = table.game.view(None)
    out: list[str | None] = []
    for s in range(len(table.seats)):
        p = history._player(view, s)
        out.append(p.get("colour") if isinstance(p.get("colour"), str) else None)
    return out


def table_report(index: int, table: LiveTable, teacher: bool) -> dict[str, Any]:
    """One table of the report: its status, results (finished games) and figures."""
    names = [s["name"] for s in table.seats]
    out: dict[str, Any] = {"index": index, "table_id": table.id, "status": table.status(),
                           "over": table.over, "steps": table.version, "names": names,
                           "kinds": [s["kind"] for s in table.seats], "visible": False,
                           "result": None, "figures": None, "colours": []}
    if table.ended:
        out["colours"] = _colours(table)
    if table.over:
        full = results.results(table)
        out["result"] = {k: full[k] for k in ("reason", "reason_text", "winners", "ranking")}
        for r in out["result"]["ranking"]:
            r["breakdown"] = {k: r["breakdown"].get(k) for k in ("how", "total_label")}
    elif table.ended:
        out["reason_text"] = _w("la partida se cerró antes de terminar",
                                "the game was closed before its end")
    if visible(table, teacher):
        out["visible"] = True
        out["figures"] = figures_of(table)
    return out


def class_tables(room: Classroom, cls: ClassRow) -> list[tuple[int, LiveTable]]:
    """The class's tables that still exist (index, table)."""
    out = []
    for i, table_id in enumerate(cls.tables):
        try:
            out.append((i, room.hub.get(table_id)))
        except WebError:
            continue
    return out


def class_report(cls: ClassRow, live: list[tuple[int, LiveTable]],
                 teacher: bool) -> dict[str, Any]:
    """The whole report (call off the event loop: it replays finished games)."""
    tables = [table_report(i, table, teacher) for i, table in live]
    reasons: dict[str, dict[str, Any]] = {}
    for t in tables:
        r = t["result"]
        if r and r.get("reason"):
            # the ending in general words (a table's own names who, e.g. who failed to pay)
            text = results.reason_words(cls.game, r["reason"], None, [])
            entry = reasons.setdefault(r["reason"], {"reason": r["reason"], "count": 0,
                                                     "text": text})
            entry["count"] += 1
    figures = [{"key": f.key, "label": f.label, "unit": f.unit, "scope": f.scope,
                "agg": f.agg, "agg_label": AGG_WORDS[f.agg]} for f in FIGURES.get(cls.game, [])]
    return json.loads(dumps({
        "class_id": cls.id, "game": cls.game, "title": info(cls.game).title,
        "status": cls.status, "published": cls.published, "teacher": teacher,
        "created": cls.created, "ended": cls.ended, "figures": figures, "tables": tables,
        "endings": sorted(reasons.values(), key=lambda e: -e["count"])}))


CSV_HEADER = ["table", "table_id", "status", "step", "round", "figure", "scope", "seat",
              "player", "value"]


def figures_csv(report: dict[str, Any]) -> str:
    """One row per table × sampled step × figure (× seat for per-seat figures)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for t in report["tables"]:
        fig = t.get("figures")
        if not fig:
            continue
        for si, step in enumerate(fig["steps"]):
            rnd = fig["rounds"][si] if si < len(fig["rounds"]) else None
            for series in fig["series"]:
                rows = series["values"]
                for s, row in enumerate(rows):
                    seat = s if series["scope"] == "seat" else ""
                    player = t["names"][s] if series["scope"] == "seat" else ""
                    value = row[si]
                    writer.writerow([t["index"] + 1, t["table_id"], t["status"], step,
                                     "" if rnd is None else rnd, series["key"],
                                     series["scope"], seat, _safe(player),
                                     "" if value is None else value])
    return out.getvalue()


def _safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (names are typed by students)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def record_name(cls: ClassRow, index: int, table: LiveTable) -> str:
    return f"{cls.game}-class-{index + 1:02d}-{table.id}.json"


# ----- the routes ------------------------------------------------------------------------------
REFUSED = {
    "login": {"es": ("Este informe no es para ti",
                     "El informe de una clase es solo para su docente y sus alumnos."),
              "en": ("This report is not for you",
                     "A class report is only for its teacher and its students.")},
    "unpublished": {"es": ("El informe aún no está publicado",
                           "Tu docente lo publicará al terminar la clase; vuelve a probar "
                           "entonces."),
                    "en": ("The report is not published yet",
                           "Your teacher will publish it after the class; try again then.")},
    "missing": {"es": ("No existe esa clase", "No encontramos ninguna clase en esta dirección."),
                "en": ("There is no such class", "We found no class at this address.")},
}


def refused_page(kind: str, request: Request, status: int) -> HTMLResponse:
    """A small friendly page (in the request's language) for a report one may not open."""
    import html as _html

    lang = pick_lang(request)
    title, text = REFUSED[kind][lang]
    home = "Ir al inicio" if lang == "es" else "Go to the lobby"
    teach = "Entrar como docente" if lang == "es" else "Log in as a teacher"
    body = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_html.escape(title)} — ludoteca</title>"
            f'<link rel="icon" href="data:,"><link rel="stylesheet" href="/static/style.css">'
            f'</head><body data-page="refused" data-kind="{kind}"><main class="page gone-box">'
            f"<h1>{_html.escape(title)}</h1><p>{_html.escape(text)}</p>"
            f'<p><a href="/?lang={lang}">{home}</a> · <a href="/teach?lang={lang}">{teach}'
            f"</a></p></main></body></html>")
    return HTMLResponse(body, status_code=status, headers={"Cache-Control": "no-store"})


def register(app: FastAPI, room: Classroom, limits: Limits, allowed: frozenset[str]) -> None:
    """Add the report's page, its JSON, the downloads and publish/unpublish to ``app``."""
    hub = room.hub
    store = room.store

    async def teacher_of(request: HTTPConnection) -> str | None:
        return await hub._read(teachers.session_teacher, store,
                               request.cookies.get(teachers.COOKIE))

    async def is_student(cls: ClassRow, request: HTTPConnection) -> bool:
        key = request.cookies.get(COOKIE)
        if not valid_key(key):
            return False
        digest = student_hash(cls.id, key)
        return any(st.key_hash == digest for st in await hub._read(store.students, cls.id))

    async def reader(class_id: str, request: HTTPConnection) -> tuple[ClassRow, bool]:
        """The class and whether the caller is its teacher; refuses everybody else (a
        student of the class until the report is published)."""
        cls = await room.get(class_id)
        name = await teacher_of(request)
        if name is not None and name == cls.teacher:
            return cls, True
        if await is_student(cls, request):
            if not cls.published:
                raise not_published()
            return cls, False
        if name is not None:
            raise teachers.not_yours()
        raise not_in_class()

    async def report_of(cls: ClassRow, is_teacher: bool, request: Request) -> dict[str, Any]:
        hub.rates.hit("replay", client_address(request))   # finished games are replayed
        live = class_tables(room, cls)
        return await asyncio.get_running_loop().run_in_executor(   # not the reader's thread
            None, class_report, cls, live, is_teacher)

    def attachment(body: bytes | str, media: str, filename: str) -> Response:
        return Response(body, media_type=media, headers={
            "Cache-Control": "no-store",
            "Content-Disposition": f'attachment; filename="{filename}"'})

    @app.get("/class/{class_id}/report", response_class=HTMLResponse, include_in_schema=False)
    async def report_page(class_id: str, request: Request) -> HTMLResponse:
        try:
            await reader(class_id, request)
        except WebError as exc:
            kind = ("missing" if exc.code == "not_found" else
                    "unpublished" if exc.message == not_published().message else "login")
            return refused_page(kind, request, exc.status)
        return page("classroom/report", request)

    @app.get("/api/classes/{class_id}/report")
    async def api_report(class_id: str, request: Request) -> JSONResponse:
        cls, is_teacher = await reader(class_id, request)
        return JSONResponse(await report_of(cls, is_teacher, request),
                            headers={"Cache-Control": "no-store"})

    @app.get("/api/classes/{class_id}/figures.csv")
    async def api_figures_csv(class_id: str, request: Request) -> Response:
        cls, is_teacher = await reader(class_id, request)
        report = await report_of(cls, is_teacher, request)
        return attachment("\ufeff" + figures_csv(report), "text/csv; charset=utf-8",
                          f"{cls.game}-class-figures.csv")

    @app.get("/api/classes/{class_id}/tables/{n}/record.json")
    async def api_table_record(class_id: str, n: int, request: Request) -> Response:
        cls, is_teacher = await reader(class_id, request)
        if not 0 <= n < len(cls.tables):
            raise bad("n", f"las mesas van de 0 a {len(cls.tables) - 1}",
                      f"tables go from 0 to {len(cls.tables) - 1}", [0, len(cls.tables) - 1])
        table = hub.get(cls.tables[n])
        if not visible(table, is_teacher):
            raise WebError("not_over", "el registro de una mesa está disponible cuando su "
                           "partida termina", "a table's record is available once its game "
                           "is over")
        return attachment(dumps(table.record()), "application/json",
                          record_name(cls, n, table))

    @app.get("/api/classes/{class_id}/records.zip")
    async def api_records_zip(class_id: str, request: Request) -> Response:
        cls, is_teacher = await reader(class_id, request)
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for i, table in class_tables(room, cls):
                if visible(table, is_teacher):
                    z.writestr(record_name(cls, i, table), dumps(table.record()))
        return attachment(buf.getvalue(), "application/zip", f"{cls.game}-class-records.zip")

    async def set_published(class_id: str, request: Request, value: bool | None) -> Any:
        check_origin(request, allowed)
        check_json_type(request.headers)
        body = parse_json(await read_body(request, limits.max_body), limits.max_json_depth)
        name = await teacher_of(request)
        if name is None:
            raise teachers.not_teacher()
        cls = await room.get(class_id, name)
        if value is None:
            value = body.get("published", True) if isinstance(body, dict) else True
            if not isinstance(value, bool):
                raise bad("published", "debe ser true o false", "must be true or false",
                          [True, False])
        await hub.writer.run(store.set_published, cls.id, value)
        return JSONResponse({"class_id": cls.id, "published": value},
                            headers={"Cache-Control": "no-store"})

    @app.post("/api/classes/{class_id}/publish")
    async def api_publish(class_id: str, request: Request) -> Any:
        return await set_published(class_id, request, None)

    @app.post("/api/classes/{class_id}/unpublish")
    async def api_unpublish(class_id: str, request: Request) -> Any:
        return await set_published(class_id, request, False)
