"""``ludoteca tables``: the operator's commands over the database of a running web table."""

from __future__ import annotations

import os
import re
import secrets
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.web import create_app
from ludoteca.web.access import new_secret
from ludoteca.web.db import Store, actions_t, normalize_url, tables_t
from ludoteca.web.limits import Limits

from .support import bot, create, device, person, seat_tokens

runner = CliRunner()
DAY = 86400


def cli(*args: str, input: str | None = None, columns: int = 200):
    """``ludoteca tables ARGS`` (wide, so that no cell the tests look for is wrapped)."""
    result = runner.invoke(app, ["tables", *args], input=input,
                           env={"COLUMNS": str(columns)})
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    return result


def wait_status(client, table_id: str, status: str, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        info = client.get(f"/api/tables/{table_id}").json()
        if info["status"] == status:
            return info
        time.sleep(0.02)
    raise AssertionError(f"table {table_id} is not {status}")


def act(client, table: dict) -> object:
    """One legal action of the seat to move, sent by its browser over HTTP (the client's
    own cookie holds the host's seats)."""
    tid, keys = table["table_id"], seat_tokens(table)
    mover = client.get(f"/api/tables/{tid}/state", headers=device(None)).json()["to_move"][0]
    headers = device(keys[mover]) if mover in keys else {}
    mine = client.get(f"/api/tables/{tid}/state", headers=headers).json()
    return client.post(f"/api/tables/{tid}/act", headers=headers, json={
        "version": mine["version"], "action": mine["legal"][str(mover)][0]["text"]})


def one_line_error(result, code: int, *words: str) -> str:
    assert result.exit_code == code, result.output
    text = result.output.strip()
    assert "\n" not in text, text
    assert text.startswith("Error:"), text
    for word in words:
        assert word in text, text
    return text


def set_row(db_url: str, table_id: str, **values: object) -> None:
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))
    finally:
        store.close()


def count_rows(db_url: str) -> tuple[set[str], int]:
    store = Store(db_url)
    try:
        with store.engine.connect() as conn:
            ids = {r.id for r in conn.execute(select(tables_t.c.id))}
            n = conn.execute(select(func.count()).select_from(actions_t)).scalar_one()
        return ids, int(n)
    finally:
        store.close()


# ----- list --------------------------------------------------------------------------------
def test_list_shows_the_tables_newest_first_with_filters(client, db_url):
    old = create(client, "qytetet", [person("Ana"), bot()])
    done = create(client, "qytetet", [bot(), bot("random")], options={"max_rounds": 2},
                  listed=True)
    wait_status(client, done["table_id"], "finished")
    r = cli("list", "--db", db_url, "--lang", "en")
    assert r.exit_code == 0, r.output
    out = r.output
    for word in (old["table_id"], done["table_id"], "qytetet", "playing", "finished",
                 "Ana (person)", "(bot:greedy)", "(bot:random)", "testclient", "yes", "no",
                 "last change"):
        assert word in out, word
    assert out.index(done["table_id"]) < out.index(old["table_id"])    # newest first

    r = cli("list", "--db", db_url, "--status", "playing", "--lang", "en")
    assert old["table_id"] in r.output and done["table_id"] not in r.output
    r = cli("list", "--db", db_url, "--status", "finished", "--game", "qytetet")
    assert done["table_id"] in r.output and old["table_id"] not in r.output
    r = cli("list", "--db", db_url, "--game", "civitas", "--lang", "en")
    assert r.exit_code == 0 and "No tables." in r.output
    r = cli("list", "--db", db_url, "--limit", "1", "--lang", "en")
    assert done["table_id"] in r.output and old["table_id"] not in r.output
    assert "1 of 2 tables" in r.output
    r = cli("list", "--db", db_url, "--lang", "es")
    assert "Ana (persona)" in r.output and "en juego" in r.output and "último cambio" in r.output
    for lang in ("en", "es"):    # 80 columns: seats and dates wrap, ids and statuses do not
        r = cli("list", "--db", db_url, "--lang", lang, columns=80)
        assert r.exit_code == 0 and old["table_id"] in r.output and done["table_id"] in r.output
        assert ("en juego" if lang == "es" else "playing") in r.output


def test_list_reads_rows_of_older_versions(client, db_url):
    """No ``touched``/``creator``, ``taken`` instead of ``claimed``, no ``access``."""
    t = create(client, "qytetet", [person("Ana"), person("Bea")])
    tid = t["table_id"]
    set_row(db_url, tid, touched=None, creator=None, seats=[
        {"seat": 0, "name": "Ana", "kind": "person", "bot": None, "taken": True},
        {"seat": 1, "name": "Bea", "kind": "person", "bot": None, "taken": False}])
    r = cli("list", "--db", db_url, "--lang", "en")
    assert r.exit_code == 0 and tid in r.output and "Bea (person)" in r.output
    r = cli("show", tid, "--db", db_url, "--lang", "en")
    assert r.exit_code == 0, r.output
    assert "invite" in r.output     # the access older seats had


# ----- show --------------------------------------------------------------------------------
def test_show_hides_the_seed_in_play_and_never_prints_a_credential(client, db_url):
    t = create(client, "qytetet", [{**person("Ana"), "access": "host"}, person("Bea"),
                                   {**person(), "access": "open"}, bot()], seed=987654321)
    tid = t["table_id"]
    t["keys"][2] = new_secret()
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 2, "name": "Cruz"},
                    headers=device(t["keys"][2]))
    assert r.status_code == 200, r.text
    # and a table whose invitation nobody used yet (its code's hash is stored)
    r = client.post("/api/tables", json={"game": "civitas", "seed": 987654321, "seats": [
        {**person("Dani"), "access": "host"}, {**person("Eva"), "access": "invite"}]})
    assert r.status_code == 200, r.text
    pending = r.json()["table_id"]
    store = Store(db_url)
    rows = [store.load(tid), store.load(pending)]
    store.close()
    hashes = [c["hash"] for row in rows if row is not None for c in row.tokens]
    assert len(hashes) == 3 + 2

    for table_id, words in ((tid, ["qytetet", "Ana", "Bea", "Cruz", "host", "invite", "open",
                                   "bot:greedy", "3 (3 browsers); host: 1"]),
                            (pending, ["civitas", "Dani", "Eva",
                                       "2 (1 browser, 1 invitation); host: 1"])):
        r = cli("show", table_id, "--db", db_url, "--lang", "en")
        assert r.exit_code == 0, r.output
        out = r.output
        assert "(hidden until the game ends)" in out and "987654321" not in out
        for digest in hashes:
            assert digest not in out and digest[:12] not in out
        for key in t["keys"].values():
            assert key not in out
        for word in [*words, "playing", "testclient"]:
            assert word in out, word
        version = client.get(f"/api/tables/{table_id}").json()["version"]
        assert ("No actions yet." in out) == (version == 0)
    r = cli("show", tid, "--db", db_url, "--lang", "es")
    assert "(oculta hasta que acabe la partida)" in r.output and "987654321" not in r.output

    assert act(client, t).status_code == 200
    r = cli("show", tid, "--db", db_url, "--lang", "en")
    assert re.search(r"(The \d+ actions|The only action) \(secret choices included\)",
                     r.output), r.output
    assert "987654321" not in r.output

    # once it ended, the seed can be told
    assert cli("close", tid, "--db", db_url).exit_code == 0
    r = cli("show", tid, "--db", db_url, "--lang", "en")
    assert "987654321" in r.output and "closed" in r.output
    assert "(secret choices included)" not in r.output
    for digest in hashes:
        assert digest not in r.output


def test_show_a_finished_table_with_its_result(client, db_url):
    t = create(client, "qytetet", [bot(), bot("random")], options={"max_rounds": 2}, seed=55)
    info = wait_status(client, t["table_id"], "finished")
    r = cli("show", t["table_id"], "--db", db_url, "--lang", "en")
    assert r.exit_code == 0, r.output
    assert "Result" in r.output and info["result"]["reason"] in r.output
    assert "winner" in r.output and "Last 10 of " in r.output
    assert "max_rounds=2" in r.output


# ----- close -------------------------------------------------------------------------------
def test_close_ends_a_table_the_running_app_then_refuses(client, db_url):
    t = create(client, "qytetet", [person("Ana"), person("Bea")])
    tid = t["table_id"]
    r = cli("close", tid, "--db", db_url, "--lang", "en")
    assert r.exit_code == 0, r.output
    assert "closed" in r.output
    store = Store(db_url)
    row = store.load(tid)
    store.close()
    assert row is not None and row.status == "closed" and row.finished is not None

    # the server still held it as playing: its next action finds it closed
    r = act(client, t)
    assert r.status_code == 409 and r.json()["error"]["code"] == "closed", r.text
    assert client.get(f"/api/tables/{tid}").json()["status"] == "closed"

    one_line_error(cli("close", tid, "--db", db_url, "--lang", "en"), 1, "not playing",
                   "closed")
    one_line_error(cli("close", tid, "--db", db_url, "--lang", "es"), 1, "no está en juego")
    one_line_error(cli("close", "nope", "--db", db_url, "--lang", "en"), 2, "no table",
                   "'nope'")


def test_the_sweeper_tells_a_table_closed_at_the_terminal(client, db_url):
    t = create(client, "qytetet", [person("Ana"), person("Bea")])
    tid = t["table_id"]
    assert cli("close", tid, "--db", db_url).exit_code == 0
    client.portal.call(client.app.state.hub.sweep)
    assert client.get(f"/api/tables/{tid}").json()["status"] == "closed"


# ----- purge -------------------------------------------------------------------------------
def test_purge_deletes_only_old_ended_tables_and_asks_first(client, db_url):
    hub = client.app.state.hub
    now = time.time()
    tables = {name: create(client, "qytetet", [person("Ana"), person("Bea")])
              for name in ("old_closed", "old_abandoned", "closed_2_days_ago", "just_closed",
                           "old_playing")}
    tables["old_finished"] = create(client, "qytetet", [bot(), bot("random")],
                                    options={"max_rounds": 2})
    made = {name: t["table_id"] for name, t in tables.items()}
    assert act(client, tables["old_closed"]).status_code == 200    # it has actions to delete
    wait_status(client, made["old_finished"], "finished")
    store = Store(db_url)
    try:
        for name in ("old_closed", "closed_2_days_ago", "just_closed"):
            assert store.end(made[name], "closed")
        assert store.end(made["old_abandoned"], "abandoned")
    finally:
        store.close()
    client.portal.call(hub.sweep)          # the server learns of the ends, as every minute
    for name in ("old_closed", "old_abandoned", "old_finished"):
        set_row(db_url, made[name], finished=now - 40 * DAY, touched=now - 40 * DAY)
    set_row(db_url, made["closed_2_days_ago"], finished=now - 2 * DAY, touched=now - 2 * DAY)
    set_row(db_url, made["old_playing"], created=now - 40 * DAY, touched=now - 40 * DAY)
    ids, n_actions = count_rows(db_url)
    assert set(made.values()) <= ids and n_actions >= 1

    # without --yes: lists them, asks, and a no deletes nothing
    r = cli("purge", "--db", db_url, "--lang", "en", input="n\n")
    assert r.exit_code == 1, r.output
    assert made["old_closed"] in r.output and made["old_abandoned"] in r.output
    for name in ("closed_2_days_ago", "just_closed", "old_finished", "old_playing"):
        assert made[name] not in r.output
    assert "Delete 2 tables (with" in r.output and "Nothing deleted." in r.output
    assert count_rows(db_url) == (ids, n_actions)
    r = cli("purge", "--db", db_url, "--lang", "es")          # no answer at all
    assert r.exit_code == 1 and "No se ha borrado nada." in r.output
    assert count_rows(db_url) == (ids, n_actions)

    r = cli("purge", "--db", db_url, "--lang", "en", input="y\n")
    assert r.exit_code == 0, r.output
    assert "Deleted 2 tables and" in r.output
    left, left_actions = count_rows(db_url)
    assert left == ids - {made["old_closed"], made["old_abandoned"]}
    assert left_actions < n_actions

    r = cli("purge", "--db", db_url, "--lang", "en", "--yes")
    assert r.exit_code == 0 and "Nothing to delete" in r.output
    # finished tables too, when asked; what ended minutes ago stays whatever the days
    r = cli("purge", "--db", db_url, "--status", "finished,closed", "--older-than", "0",
            "--yes", "--lang", "en")
    assert r.exit_code == 0 and "Deleted 2 tables" in r.output, r.output
    left, _ = count_rows(db_url)
    assert {made["old_playing"], made["just_closed"]} <= left
    assert made["old_finished"] not in left and made["closed_2_days_ago"] not in left

    # the server forgets the purged tables; the one in play is untouched
    client.portal.call(hub.sweep)
    assert client.get(f"/api/tables/{made['old_playing']}").json()["status"] == "playing"
    assert act(client, tables["old_playing"]).status_code == 200
    for name in ("old_closed", "old_abandoned", "old_finished", "closed_2_days_ago"):
        assert client.get(f"/api/tables/{made[name]}").status_code == 404, name


@pytest.mark.parametrize("status, words", [
    ("playing", ["never deletes tables in play"]),
    ("closed,lost", ["'lost'", "closed, abandoned"]),
    (",", ["say which ended tables"]),
])
def test_purge_refuses_bad_statuses(db_url, client, status, words):
    one_line_error(cli("purge", "--db", db_url, "--status", status, "--yes", "--lang", "en"),
                   2, *words)


# ----- errors ------------------------------------------------------------------------------
def test_mistakes_give_one_line_and_no_traceback(client, db_url, tmp_path: Path):
    create(client, "qytetet", [person("Ana"), bot()])
    one_line_error(cli("show", "nope", "--db", db_url, "--lang", "en"), 2, "no table 'nope'")
    one_line_error(cli("show", "nope", "--db", db_url, "--lang", "es"), 2,
                   "no hay ninguna mesa 'nope'")
    one_line_error(cli("list", "--db", db_url, "--status", "lost", "--lang", "en"), 2,
                   "--status 'lost'", "playing, finished, closed, abandoned or all")
    one_line_error(cli("list", "--db", db_url, "--status", "lost", "--lang", "es"), 2, "usa")
    one_line_error(cli("list", "--db", db_url, "--game", "chess", "--lang", "en"), 2,
                   "unknown game", "qytetet")
    one_line_error(cli("list", "--db", db_url, "--limit", "0", "--lang", "en"), 2, "--limit")
    one_line_error(cli("purge", "--db", db_url, "--older-than", "-1", "--lang", "en"), 2,
                   "--older-than")
    one_line_error(cli("list", "--db", db_url, "--lang", "xx"), 2, "'xx'")
    # --db that cannot be used
    one_line_error(cli("list", "--db", str(tmp_path), "--lang", "en"), 2, "is a folder")
    one_line_error(cli("list", "--db", str(tmp_path), "--lang", "es"), 2, "es una carpeta")
    missing = tmp_path / "typo.db"
    one_line_error(cli("list", "--db", str(missing), "--lang", "en"), 2, "no database at")
    assert not missing.exists()          # a typo does not make an empty database
    junk = tmp_path / "junk.db"
    junk.write_text("not a database " * 100)
    one_line_error(cli("list", "--db", str(junk), "--lang", "en"), 1, "cannot use the database")
    one_line_error(cli("list", "--db", "nosuch://x/y", "--lang", "en"), 2, "--db")


def test_an_unreachable_postgresql_is_one_line(db_url):
    pytest.importorskip("psycopg")
    started = time.monotonic()
    r = cli("list", "--db", "postgresql://admin:s3cr3tpw@127.0.0.1:1/ludoteca", "--lang", "en")
    text = one_line_error(r, 1, "cannot use the database", "127.0.0.1")
    assert "s3cr3tpw" not in text
    assert time.monotonic() - started < 30
    for url, words in (("postgresql://admin:s3cr3tpw@host:notaport/x", ["--db", "not a"]),
                       ("nosuch://admin:s3cr3tpw@h/x", ["--db", "nosuch"]),
                       ("postgresql://admin:s3@cr3tpw@127.0.0.1:1/x", ["%40"])):
        text = one_line_error(cli("list", "--db", url, "--lang", "en"), 2, *words)
        assert "cr3tpw" not in text, text


PG = os.environ.get("LUDOTECA_TEST_PG")


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A database of its own on the PostgreSQL of ``LUDOTECA_TEST_PG`` (started by .ci/run),
    in the plain postgresql:// form a user gives to --db; dropped at the end."""
    if not PG:
        pytest.skip("LUDOTECA_TEST_PG is not set (no PostgreSQL server)")
    name = f"ludoteca_admin_{secrets.token_hex(4)}"
    server = sa.create_engine(normalize_url(PG), isolation_level="AUTOCOMMIT")
    with server.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    url = sa.make_url(normalize_url(PG)).set(database=name)
    try:
        yield url.render_as_string(hide_password=False).replace("postgresql+psycopg://",
                                                                "postgresql://")
    finally:
        with server.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        server.dispose()


def test_the_commands_on_postgresql(pg_url):
    with TestClient(create_app(pg_url, bot_delay=0, limits=Limits.generous())) as c:
        t = create(c, "qytetet", [person("Ana"), bot()], seed=987654321)
        tid = t["table_id"]
        r = cli("list", "--db", pg_url, "--lang", "en")
        assert r.exit_code == 0 and tid in r.output and "Ana (person)" in r.output, r.output
        r = cli("show", tid, "--db", pg_url, "--lang", "en")
        assert r.exit_code == 0 and "(hidden until the game ends)" in r.output
        assert "987654321" not in r.output
        # the action is read before the close: on PostgreSQL the server hears of it at once
        # (NOTIFY) and offers no more actions
        keys = seat_tokens(t)
        mover = c.get(f"/api/tables/{tid}/state").json()["to_move"][0]
        headers = device(keys[mover]) if mover in keys else {}
        mine = c.get(f"/api/tables/{tid}/state", headers=headers).json()
        assert cli("close", tid, "--db", pg_url, "--lang", "en").exit_code == 0
        r = c.post(f"/api/tables/{tid}/act", headers=headers, json={
            "version": mine["version"], "action": mine["legal"][str(mover)][0]["text"]})
        assert r.status_code == 409 and r.json()["error"]["code"] == "closed", r.text
        c.portal.call(c.app.state.hub.sweep)
        set_row(pg_url, tid, finished=time.time() - 40 * DAY)
        r = cli("purge", "--db", pg_url, "--yes", "--lang", "en")
        assert r.exit_code == 0 and re.search(r"Deleted 1 table and \d+ actions?\.",
                                              r.output), r.output
        ids, n_actions = count_rows(pg_url)
        assert tid not in ids and n_actions == 0


def test_the_default_database_is_the_servers(monkeypatch, tmp_path: Path, db_url, client):
    """Without --db: the server's default (under $XDG_DATA_HOME)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    one_line_error(cli("list", "--lang", "en"), 2, "no database at", "ludoteca.db")
    target = tmp_path / "xdg" / "ludoteca" / "ludoteca.db"
    Store(f"sqlite:///{target}").close()         # what ludoteca serve makes when it starts
    r = cli("list", "--lang", "en")
    assert r.exit_code == 0 and "No tables." in r.output


def test_an_id_that_begins_with_a_dash_is_an_id(client, db_url):
    """Ids are URL-safe base64: one in 64 begins with "-"."""
    t = create(client, "civitas", [{**person("Ana"), "access": "host"}, person("Bea")])
    dashed = "-" + t["table_id"][1:]
    set_row(db_url, t["table_id"], id=dashed)
    r = cli("show", dashed, "--db", db_url, "--lang", "en")
    assert r.exit_code == 0 and dashed in r.output and "Bea" in r.output, r.output
    r = cli("close", dashed, "--db", db_url, "--lang", "en")
    assert r.exit_code == 0 and "closed" in r.output, r.output
    one_line_error(cli("show", "--db", db_url, "-nope", "--lang", "en"), 2, "no table '-nope'")
    one_line_error(cli("close", "--nope", "--db", db_url, "--lang", "en"), 2,
                   "no table '--nope'")
