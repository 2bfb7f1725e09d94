"""The end of a game over HTTP: results (ranking, breakdown, reason in words, every seat's
final view), history (series per seat over time), and the rematch — each refused before the
end, and rematch refused to a browser without a seat."""

from __future__ import annotations

import random
import time

import ludoteca
from ludoteca.web.results import REASONS

from .support import bot, create, device, host_key, person, seat_tokens

ORIGIN = {"origin": "http://testserver"}


def error_of(r, status: int, code: str) -> dict:
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code
    assert err["message"]["es"] and err["message"]["en"]
    return err


def state(client, tid: str, key: str) -> dict:
    return client.get(f"/api/tables/{tid}/state", headers=device(key)).json()


def play_out(client, tid: str, keys: list[str], seconds: float = 60) -> dict:
    """Play every person seat at random (over HTTP) until the game is over."""
    rng = random.Random(3)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        moved = False
        for key in keys:
            st = state(client, tid, key)
            if st["over"]:
                return st
            for seat, legal in st["legal"].items():
                if legal:
                    action = rng.choice(legal)["text"]
                    client.post(f"/api/tables/{tid}/act", headers={**device(key), **ORIGIN},
                                json={"version": st["version"], "action": action,
                                      "seat": int(seat)})
                    moved = True
        if not moved:
            time.sleep(0.02)
    raise AssertionError(f"table {tid} did not finish")


def two_people_and_a_bot(client, game: str = "qytetet", **options) -> tuple[str, str, str]:
    """A table of Ana (host), Bea (an invitation she claimed) and a bot: id and device keys."""
    t = create(client, game, [person("Ana") | {"access": "host"}, person("Bea"),
                              bot("random") | {"name": "Robo"}],
               options=options or {"max_rounds": 2}, seed=4)
    return t["table_id"], host_key(client), seat_tokens(t)[1]


def test_results_history_and_rematch_wait_for_the_end(client):
    tid, ana, bea = two_people_and_a_bot(client)
    for path in ("results", "history"):
        err = error_of(client.get(f"/api/tables/{tid}/{path}", headers=device(ana)), 403,
                       "not_over")
        assert err["message"]["es"] != err["message"]["en"]
    for path in ("rematch", "rematch/join"):
        error_of(client.post(f"/api/tables/{tid}/{path}", json={},
                             headers={**device(bea), **ORIGIN}), 403, "not_over")


def test_results_of_a_finished_qytetet(client):
    tid, ana, bea = two_people_and_a_bot(client)
    play_out(client, tid, [ana, bea])
    res = client.get(f"/api/tables/{tid}/results").json()      # anyone, once it is over
    summary = client.get(f"/api/tables/{tid}").json()["result"]
    assert [r["seat"] for r in res["ranking"]] == summary["ranking"]
    assert res["ranking"][0]["place"] == 1 and res["ranking"][0]["winner"]
    assert {r["name"] for r in res["ranking"]} == {"Ana", "Bea", "Robo"}
    # the reason in words, never the raw code
    assert res["reason"] in REASONS["qytetet"]
    assert res["reason_text"]["es"] != res["reason"] and res["reason_text"]["en"]
    assert res["reason_text"]["es"] != res["reason_text"]["en"]
    # Qytetet's capital = balance + the value of each title (QY-2.4)
    for r in res["ranking"]:
        parts = r["breakdown"]["parts"]
        assert parts[0]["key"] == "balance"
        assert sum(p["value"] for p in parts) == r["score"]
        view = res["views"][str(r["seat"])]
        owned = [q for q in view["squares"] if q.get("owner") == r["seat"]]
        assert len(parts) == 1 + len(owned)
    # every seat's final view is there
    assert set(res["views"]) == {"0", "1", "2"}


def test_history_series_match_the_replay(client):
    t = create(client, "sigloxx", [bot("random"), bot("random"), bot("random")], seed=2)
    tid = t["table_id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    h = client.get(f"/api/tables/{tid}/history").json()
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert h["steps"][0] == 0 and h["steps"][-1] == len(rec["actions"]) == h["total"]
    assert len(h["steps"]) <= 240
    keys = [s["key"] for s in h["series"]]
    assert keys[:3] == ["vp", "coins", "science"] and "pollution" in keys
    game = ludoteca.replay(rec)
    coins = next(s for s in h["series"] if s["key"] == "coins")
    vp = next(s for s in h["series"] if s["key"] == "vp")
    for s in range(3):
        assert len(coins["values"][s]) == len(h["steps"])
        # the last point is each seat's own final count (coins were hidden from the others)
        assert coins["values"][s][-1] == game.view(s)["players"][s]["coins"]
        assert vp["values"][s][-1] == game.result.scores[s]
    # a step in the middle is what the seat's own view said then
    mid = h["steps"][len(h["steps"]) // 2]
    then = ludoteca.replay(rec, upto=mid)
    i = h["steps"].index(mid)
    assert coins["values"][1][i] == then.view(1)["players"][1]["coins"]
    assert then.view(0)["players"][1].get("coins") is None     # hidden from another seat
    res = client.get(f"/api/tables/{tid}/results").json()
    assert res["reason_text"]["en"] == REASONS["sigloxx"]["fin"]["en"]
    src = res["ranking"][0]["breakdown"]["parts"]
    assert sum(p["value"] for p in src) == res["ranking"][0]["score"]
    assert any(f["label"]["en"] == "Coins" for f in res["ranking"][0]["revealed"])


def test_rematch_keeps_game_options_and_seats(client):
    tid, ana, bea = two_people_and_a_bot(client)
    play_out(client, tid, [ana, bea])
    stranger = "stranger-device-key-0123456789"
    # a browser without a seat may not ask for the rematch, nor join it
    error_of(client.post(f"/api/tables/{tid}/rematch", json={},
                         headers={**device(stranger), **ORIGIN}), 403, "forbidden")
    # another site's page may not either
    error_of(client.post(f"/api/tables/{tid}/rematch", json={},
                         headers={**device(bea), "origin": "https://evil.example"}), 403,
             "bad_origin")
    error_of(client.post(f"/api/tables/{tid}/rematch/join", json={},
                         headers={**device(bea), **ORIGIN}), 404, "not_found")

    r = client.post(f"/api/tables/{tid}/rematch", json={}, headers={**device(bea), **ORIGIN})
    assert r.status_code == 200, r.text
    new = r.json()
    assert new["created"] and new["you"] == [1] and new["table_id"] != tid
    nid = new["table_id"]
    # a second call gives the same table
    again = client.post(f"/api/tables/{tid}/rematch", json={},
                        headers={**device(bea), **ORIGIN}).json()
    assert again["table_id"] == nid and not again["created"]
    # the old table says where the rematch is (its state and results)
    assert state(client, tid, ana)["rematch"] == nid
    assert client.get(f"/api/tables/{tid}/results").json()["rematch"] == nid
    # same game, options and seats; the bot is the same bot
    info = client.get(f"/api/tables/{nid}").json()
    assert info["game"] == "qytetet"
    assert [(s["name"], s["kind"], s["bot"]) for s in info["seats"]] == [
        ("Ana", "person", None), ("Bea", "person", None), ("Robo", "bot", "random")]
    assert client.app.state.hub.get(nid).game.options.get("max_rounds") == 2
    # Bea holds seat 1 of the new table; Ana none yet, the stranger nothing
    assert state(client, nid, bea)["you"] == [1]
    assert state(client, nid, ana)["you"] == []
    error_of(client.post(f"/api/tables/{tid}/rematch/join", json={},
                         headers={**device(stranger), **ORIGIN}), 403, "forbidden")
    # Ana joins from her own browser: seat 0, and nobody else's
    j = client.post(f"/api/tables/{tid}/rematch/join", json={},
                    headers={**device(ana), **ORIGIN})
    assert j.status_code == 200, j.text
    assert j.json()["you"] == [0] and j.json()["table_id"] == nid
    assert state(client, nid, ana)["you"] == [0]
    assert state(client, nid, bea)["you"] == [1]
    # joining twice changes nothing
    assert client.post(f"/api/tables/{tid}/rematch/join", json={},
                       headers={**device(ana), **ORIGIN}).json()["you"] == [0]
    # survives a reload from the database
    hub = client.app.state.hub
    del hub.tables[tid]
    assert hub.get(tid).rematch == nid


def test_every_reason_each_engine_ends_with_has_words(client):
    """Random games of every game end with a reason that has words in both languages."""
    rng = random.Random(1)
    opts = {"qytetet": {"max_rounds": 2}, "civitas": {"max_rounds": 2},
            "som": {"max_turns": 4}, "elplan": {}, "sigloxx": {}}
    for gid, options in opts.items():
        lo, _ = ludoteca.info(gid).players
        g = ludoteca.new_game(gid, players=max(lo, 3 if gid == "sigloxx" else 2), seed=1,
                              options=options)
        while not g.is_over:
            s = rng.choice(g.to_move)
            g.apply(rng.choice(g.legal_actions(s)), seat=s)
        words = REASONS[gid][g.result.reason]
        assert words["es"] and words["en"] and words["es"] != words["en"]
