"""The class report (issue 23): every table's results and figures, the CSV and the JSON records
(which replay to the same result), the teacher's publish switch, and who may open it: the
class's teacher always, its students only once published, nobody else ever."""

from __future__ import annotations

import csv
import io
import json
import time
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import ludoteca
from ludoteca.web import create_app
from ludoteca.web.access import new_secret
from ludoteca.web.classroom.report import CSV_HEADER, FIGURES
from ludoteca.web.limits import Limits
from ludoteca.web.results import reason_words

from .support import device
from .test_classroom import add_teacher, error, join, login, new_class

QUICK = {"game": "som", "tables": 2, "seats": 2, "bot": "random", "options": {"max_turns": 3}}


@pytest.fixture
def app_client(db_url: str) -> Iterator[TestClient]:
    assert add_teacher(db_url, "ana").exit_code == 0
    assert add_teacher(db_url, "berta").exit_code == 0
    with TestClient(create_app(db_url, bot_delay=0, limits=Limits.generous())) as c:
        yield c


def wait_over(client: TestClient, table_ids: list[str], timeout: float = 60) -> None:
    hub = client.app.state.hub
    deadline = time.monotonic() + timeout
    while not all(hub.get(t).over for t in table_ids):
        assert time.monotonic() < deadline, "the class's tables did not finish"
        time.sleep(0.05)


def finished_class(client: TestClient, teacher: dict[str, str], **over: Any) -> tuple[
        dict[str, Any], str]:
    """A class of two small Som tables whose only student leaves after the start: bots
    finish both games. The class and the student's device key."""
    c = new_class(client, teacher, **{**QUICK, **over})
    _, key = join(client, c["code"], "Eva")
    cid = c["class_id"]
    assert client.post(f"/api/classes/{cid}/start", json={}, headers=teacher).status_code == 200
    assert client.post(f"/api/classes/{cid}/leave", json={},
                       headers=device(key)).status_code == 200
    wait_over(client, [t["table_id"] for t in c["tables"]])
    return c, key


def test_report_results_figures_and_downloads(app_client: TestClient) -> None:
    ana = login(app_client)
    c, _ = finished_class(app_client, ana)
    cid = c["class_id"]
    hub = app_client.app.state.hub
    r = app_client.get(f"/api/classes/{cid}/report", headers=ana)
    assert r.status_code == 200, r.text
    rep = r.json()
    assert rep["teacher"] is True and rep["published"] is False and rep["game"] == "som"
    assert [f["key"] for f in rep["figures"]] == ["hisenda", "urna", "pd"]
    assert [t["index"] for t in rep["tables"]] == [0, 1]
    for t in rep["tables"]:
        table = hub.get(t["table_id"])
        result = table.result_json()
        assert t["status"] == "finished" and t["visible"] and t["steps"] == table.version
        # results per table, reused from the results screen: ranking, winners, reason in words
        assert [x["seat"] for x in t["result"]["ranking"]] == result["ranking"]
        assert t["result"]["winners"] == sorted(result["winners"])
        # the tables' seeds are drawn: most end at the 3-turn limit, some earlier (an
        # intervención with random bots); either way the reason is the game's, in words
        assert t["result"]["reason"] == result["reason"] in ("limit", "intervencion")
        assert t["result"]["reason_text"]["en"] and t["result"]["reason_text"]["es"]
        if result["reason"] == "limit":
            assert "3" in t["result"]["reason_text"]["en"]
        assert t["names"] == [s["name"] for s in table.seats]
        assert "views" not in t["result"]
        # figures over time: one sample per step of this short game, the last the end
        fig = t["figures"]
        assert fig["steps"] == list(range(table.version + 1)) and fig["total"] == table.version
        by_key = {s["key"]: s for s in fig["series"]}
        end = ludoteca.replay(table.game.record()).view(None)
        assert by_key["hisenda"]["values"][0][-1] == end["hisenda"]["value"]
        assert by_key["urna"]["values"][0][-1] == len(end["urna"])
        assert [row[-1] for row in by_key["pd"]["values"]] == [
            p["pd"] for p in end["players"]]
        assert by_key["pd"]["table"][-1] == max(p["pd"] for p in end["players"])
    assert "Eva" in rep["tables"][0]["names"] + rep["tables"][1]["names"]
    # the endings counted across tables
    reasons = [hub.get(t["table_id"]).result_json()["reason"] for t in rep["tables"]]
    assert sorted((e["reason"], e["count"]) for e in rep["endings"]) == sorted(
        (r, reasons.count(r)) for r in set(reasons))
    for e in rep["endings"]:
        if e["reason"] == "limit":
            assert e["text"] == reason_words("som", "limit", None, [])

    # the CSV: a header, then one row per table × step × figure (× seat)
    r = app_client.get(f"/api/classes/{cid}/figures.csv", headers=ana)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert "attachment" in r.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(r.text.lstrip("\ufeff"))))
    assert rows[0] == CSV_HEADER
    expected = sum(len(t["figures"]["steps"]) * (1 + 1 + 2) for t in rep["tables"])
    assert len(rows) - 1 == expected
    first = dict(zip(rows[0], rows[1], strict=True))
    assert first["table"] == "1" and first["step"] == "0" and first["figure"] == "hisenda"
    pd_rows = [dict(zip(rows[0], row, strict=True)) for row in rows[1:] if row[5] == "pd"]
    assert {row["player"] for row in pd_rows} >= {"Eva"}
    last_t2 = [row for row in pd_rows if row["table"] == "2"
               and int(row["step"]) == rep["tables"][1]["steps"]]
    assert [int(row["value"]) for row in last_t2] == [
        v[-1] for v in next(s for s in rep["tables"][1]["figures"]["series"]
                            if s["key"] == "pd")["values"]]

    # the records: a zip of both, and each alone; each replays to the table's result
    r = app_client.get(f"/api/classes/{cid}/records.zip", headers=ana)
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(r.content)) as z:
        names = sorted(z.namelist())
        assert len(names) == 2 and all(n.endswith(".json") for n in names)
        records = [json.loads(z.read(n)) for n in names]
    for i, t in enumerate(rep["tables"]):
        one = app_client.get(f"/api/classes/{cid}/tables/{i}/record.json", headers=ana)
        assert one.status_code == 200 and one.json() == records[i]
        game = ludoteca.replay(records[i])
        assert game.is_over
        assert json.loads(json.dumps(game.result.to_json())) == hub.get(
            t["table_id"]).result_json()
    error(app_client.get(f"/api/classes/{cid}/tables/2/record.json", headers=ana), 400,
          "bad_request")


def test_report_other_games_figures(app_client: TestClient) -> None:
    """Every game has its key figures, read from real views."""
    assert set(FIGURES) == set(ludoteca.games())
    ana = login(app_client)
    c = new_class(app_client, ana, game="qytetet", tables=1, seats=2, bot="random",
                  options={"max_rounds": 3})
    assert app_client.post(f"/api/classes/{c['class_id']}/start", json={},
                           headers=ana).status_code == 200
    wait_over(app_client, [c["tables"][0]["table_id"]])
    rep = app_client.get(f"/api/classes/{c['class_id']}/report", headers=ana).json()
    series = rep["tables"][0]["figures"]["series"]
    assert [s["key"] for s in series] == ["capital"]
    assert all(isinstance(v, (int, float)) for row in series[0]["values"] for v in row)


def test_publish_and_who_may_read(app_client: TestClient) -> None:
    ana, berta = login(app_client), login(app_client, "berta")
    c, key = finished_class(app_client, ana)
    cid = c["class_id"]
    student = device(key)
    other_class = new_class(app_client, berta, tables=1)
    _, other_key = join(app_client, other_class["code"], "Intrusa")
    outsiders = [(device(other_key), 403, "forbidden"), (device(new_secret()), 403, "forbidden"),
                 ({}, 403, "forbidden"), (berta, 403, "forbidden")]
    paths = ("report", "figures.csv", "records.zip", "tables/0/record.json")

    def refused_all(who: dict[str, str], status: int, code: str) -> None:
        for path in paths:
            err = error(app_client.get(f"/api/classes/{cid}/{path}", headers=who), status, code)
            assert "Eva" not in json.dumps(err)
        for lang, words in (("es", "informe"), ("en", "report")):
            page = app_client.get(f"/class/{cid}/report?lang={lang}", headers=who)
            assert page.status_code == status and f'lang="{lang}"' in page.text
            assert 'data-page="refused"' in page.text and words in page.text.lower()
            assert "Eva" not in page.text and "report.js" not in page.text

    # before publishing: the student is refused, with words saying why
    err = error(app_client.get(f"/api/classes/{cid}/report", headers=student), 403, "forbidden")
    assert "publish" in err["message"]["en"] and "publicado" in err["message"]["es"]
    refused_all(student, 403, "forbidden")
    page = app_client.get(f"/class/{cid}/report?lang=en", headers=student)
    assert 'data-kind="unpublished"' in page.text and "not published" in page.text
    for who, status, code in outsiders:
        refused_all(who, status, code)
    # only the teacher publishes, from this site, as JSON
    error(app_client.post(f"/api/classes/{cid}/publish", json={}, headers=student), 401,
          "unauthorized")
    error(app_client.post(f"/api/classes/{cid}/publish", json={}, headers=berta), 403,
          "forbidden")
    error(app_client.post(f"/api/classes/{cid}/publish", json={},
                          headers={**ana, "origin": "https://evil.example"}), 403, "bad_origin")
    error(app_client.post(f"/api/classes/{cid}/publish", content="published=1",
                          headers={**ana, "content-type": "application/x-www-form-urlencoded"}),
          415, "unsupported_media_type")
    error(app_client.post(f"/api/classes/{cid}/publish", json={"published": "yes"},
                          headers=ana), 400, "bad_request")
    r = app_client.post(f"/api/classes/{cid}/publish", json={}, headers=ana)
    assert r.status_code == 200 and r.json()["published"] is True
    assert app_client.get(f"/api/classes/{cid}", headers=ana).json()["published"] is True
    # published: the class's student reads it all; everybody else is still refused
    rep = app_client.get(f"/api/classes/{cid}/report", headers=student)
    assert rep.status_code == 200 and rep.json()["teacher"] is False
    assert rep.json()["published"] is True and len(rep.json()["tables"]) == 2
    for path in paths[1:]:
        assert app_client.get(f"/api/classes/{cid}/{path}", headers=student).status_code == 200
    for lang in ("es", "en"):
        page = app_client.get(f"/class/{cid}/report?lang={lang}", headers=student)
        assert page.status_code == 200 and f'lang="{lang}"' in page.text
        assert "classroom/report.js" in page.text
    for who, status, code in outsiders:
        refused_all(who, status, code)
    # unpublished again: the student is refused again
    r = app_client.post(f"/api/classes/{cid}/unpublish", json={}, headers=ana)
    assert r.json()["published"] is False
    error(app_client.get(f"/api/classes/{cid}/report", headers=student), 403, "forbidden")
    error(app_client.get("/api/classes/nope/report", headers=ana), 404, "not_found")
    assert app_client.get("/class/nope/report", headers=ana).status_code == 404


def test_live_and_closed_tables(app_client: TestClient) -> None:
    """A table in play shows nothing; one closed before its end shows its figures and record
    to the teacher only (the record's seed would reveal what was hidden)."""
    ana = login(app_client)
    c = new_class(app_client, ana, **{**QUICK, "tables": 1, "options": {"max_turns": 200}})
    cid = c["class_id"]
    _, key = join(app_client, c["code"], "Eva")            # Eva stays and never moves
    assert app_client.post(f"/api/classes/{cid}/start", json={}, headers=ana).status_code == 200
    rep = app_client.get(f"/api/classes/{cid}/report", headers=ana).json()
    t = rep["tables"][0]
    assert t["status"] == "playing" and not t["visible"] and t["figures"] is None
    assert t["result"] is None
    error(app_client.get(f"/api/classes/{cid}/tables/0/record.json", headers=ana), 403,
          "not_over")
    assert app_client.post(f"/api/classes/{cid}/end", json={}, headers=ana).status_code == 200
    teacher_view = app_client.get(f"/api/classes/{cid}/report", headers=ana).json()["tables"][0]
    assert teacher_view["status"] == "closed" and teacher_view["visible"]
    assert teacher_view["figures"]["series"] and teacher_view["result"] is None
    assert app_client.get(f"/api/classes/{cid}/tables/0/record.json",
                          headers=ana).status_code == 200
    app_client.post(f"/api/classes/{cid}/publish", json={}, headers=ana)
    student_view = app_client.get(f"/api/classes/{cid}/report", headers=device(key)).json()
    t = student_view["tables"][0]
    assert t["status"] == "closed" and not t["visible"] and t["figures"] is None
    error(app_client.get(f"/api/classes/{cid}/tables/0/record.json", headers=device(key)),
          403, "not_over")
    with zipfile.ZipFile(io.BytesIO(app_client.get(f"/api/classes/{cid}/records.zip",
                                                   headers=device(key)).content)) as z:
        assert z.namelist() == []
    rows = app_client.get(f"/api/classes/{cid}/figures.csv", headers=device(key)).text
    assert rows.lstrip("\ufeff").strip() == ",".join(CSV_HEADER)
