"""The same server on PostgreSQL (a real server: ``LUDOTECA_TEST_PG``, started by .ci/run) as on
SQLite: tables, actions in one transaction with the version, a restart from the database.
Each run works in a database of its own, dropped at the end."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

import ludoteca
from ludoteca.web import create_app
from ludoteca.web.db import StaleWrite, Store, TableRow, normalize_url
from ludoteca.web.limits import Limits

from .support import Socket, bot, create, device, person, seat_tokens, ws

PG = os.environ.get("LUDOTECA_TEST_PG")


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    if not PG:
        pytest.skip("LUDOTECA_TEST_PG is not set (no PostgreSQL server)")
    name = f"ludoteca_test_{secrets.token_hex(4)}"
    admin = sa.create_engine(normalize_url(PG), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    url = sa.make_url(normalize_url(PG)).set(database=name)
    try:
        # the plain postgresql:// form, as a user gives it to --db
        yield url.render_as_string(hide_password=False).replace("postgresql+psycopg://",
                                                                "postgresql://")
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    return request.getfixturevalue("pg_url")


def test_an_action_is_stored_with_its_version_or_not_at_all(any_url):
    store = Store(any_url)
    try:
        tid = f"t{secrets.token_hex(4)}"
        store.create(TableRow(id=tid, game="qytetet", options={}, seed=1, seats=[], tokens=[],
                              lang="es", listed=False, status="playing", version=0,
                              created=1.0, finished=None, result=None, actions=[]))
        store.append(tid, 1, 0, "tirar")
        with pytest.raises(StaleWrite):
            store.append(tid, 1, 0, "terminar")      # version 1 exists already
        with pytest.raises(StaleWrite):
            store.append(tid, 3, 0, "terminar")      # skipping version 2
        store.append(tid, 2, 0, "terminar", finished={"winners": [0]})
        row = store.load(tid)
        assert row.version == 2 and row.actions == [(0, "tirar"), (0, "terminar")]
        assert row.status == "finished" and row.result == {"winners": [0]}
        assert tid in store.ids("finished") and tid not in store.ids("playing")
    finally:
        store.close()


def _new_table(store: Store) -> str:
    tid = f"t{secrets.token_hex(4)}"
    store.create(TableRow(id=tid, game="qytetet", options={}, seed=1, seats=[], tokens=[],
                          lang="es", listed=False, status="playing", version=0,
                          created=1.0, finished=None, result=None, actions=[]))
    return tid


def test_a_group_commit_stores_every_table_or_none_and_announces_each(any_url):
    """A batch of several tables' actions (PostgreSQL: one statement) is all or nothing: one
    stale table rolls every other back, and only committed actions are announced."""
    import psycopg

    from ludoteca.web.db import TABLE_CHANNEL
    from ludoteca.web.fanout import libpq_url

    store = Store(any_url, origin="w1")
    listener = None
    if store.shared:
        listener = psycopg.connect(libpq_url(normalize_url(any_url)), autocommit=True)
        listener.execute(f"LISTEN {TABLE_CHANNEL}")
    try:
        a, b, c = (_new_table(store) for _ in range(3))
        store.append_many([(a, 1, 0, "tirar", None), (b, 1, 1, "tirar", None)])
        with pytest.raises(StaleWrite):          # c is at version 0: n=2 is stale
            store.append_many([(a, 2, 0, "terminar", None), (c, 2, 0, "tirar", None)])
        assert store.load(a).actions == [(0, "tirar")] and store.load(a).version == 1
        assert store.load(b).actions == [(1, "tirar")]
        assert store.load(c).version == 0 and store.load(c).actions == []
        store.append_many([(a, 2, 0, "terminar", None), (c, 1, 0, "tirar", None)])
        assert store.load(a).actions == [(0, "tirar"), (0, "terminar")]
        assert store.load(c).actions == [(0, "tirar")]
        if listener is not None:
            notes = sorted(n.payload for n in listener.notifies(timeout=1.0)
                           if ":a:" in n.payload)     # (creations are announced too)
            assert notes == sorted([f"{a}:1:a:w1", f"{b}:1:a:w1", f"{a}:2:a:w1",
                                    f"{c}:1:a:w1"])
    finally:
        if listener is not None:
            listener.close()
        store.close()


def test_tables_play_and_resume_on_postgresql(pg_url):
    assert normalize_url(pg_url).startswith("postgresql+psycopg://")
    with TestClient(create_app(pg_url, bot_delay=0, limits=Limits.generous())) as client:
        t = create(client, "sigloxx", [person("Ana"), bot(), person("Cris")], seed=4,
                   listed=True)
        tid, tokens = t["table_id"], seat_tokens(t)
        with ws(client, tid, tokens[0]) as w0, ws(client, tid, tokens[2]) as w2:
            socks = {0: Socket(w0), 2: Socket(w2)}
            for _ in range(15):
                for s in socks.values():
                    s.sync()
                while not set(socks[0].state["to_move"]) & {0, 2}:
                    socks[0].sync()
                seat = [s for s in socks[0].state["to_move"] if s in socks][0]
                socks[seat].sync()
                text = socks[seat].state["legal"][str(seat)][0]["text"]
                v = socks[seat].state["version"]
                assert socks[seat].act(text, seat=seat)["version"] == v + 1
                again = socks[seat].act(text, seat=seat, version=v)       # a repeat: harmless
                assert again["type"] == "ack" and again["version"] == v + 1
            socks[0].sync()
            while not set(socks[0].state["to_move"]) & {0, 2}:
                socks[0].sync()
            before = socks[0].state
        finished = create(client, "qytetet", [bot(), bot()], options={"max_rounds": 2})
    with TestClient(create_app(pg_url, bot_delay=0, limits=Limits.generous())) as client:
        st = client.get(f"/api/tables/{tid}/state", headers=device(tokens[0])).json()
        assert st["version"] == before["version"]
        assert st["views"] == before["views"] and st["legal"] == before["legal"]
        assert st["log"] == [e for m in socks[0].messages if m["type"] == "state"
                             for e in m["log"]]
        rec_url = f"/api/tables/{finished['table_id']}/record"
        deadline = time.monotonic() + 30
        while client.get(rec_url).status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.05)
        rec = client.get(rec_url).json()
        assert ludoteca.replay(rec).is_over
        listed = client.get("/api/tables").json()
        assert tid in [x["table_id"] for x in listed]

