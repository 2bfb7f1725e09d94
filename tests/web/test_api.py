"""The HTTP API against the real application: games, creating and listing tables, joining,
state and acting over HTTP, records, replays, rules and pages; every bad request refused with
a clear answer that changes nothing."""

from __future__ import annotations

import json
import time

import pytest

import ludoteca
from ludoteca.agents import agent_names
from ludoteca.web.ruletext import rule_text

from .support import bot, claim, create, device, host_key, person, seat_tokens


def wait_finished(client, table_id: str, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        info = client.get(f"/api/tables/{table_id}").json()
        if info["status"] == "finished":
            return info
        time.sleep(0.02)
    raise AssertionError(f"table {table_id} did not finish")


def error_of(r, status: int, code: str) -> dict:
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code
    assert err["message"]["es"] and err["message"]["en"]
    assert err["message"]["es"] != err["message"]["en"] or code == "invalid_option"
    return err


# ----- games ---------------------------------------------------------------------------------
def test_games_lists_every_game_with_its_options_and_bots(client):
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == ludoteca.games()
    for g in games:
        gi = ludoteca.info(g["id"])
        assert g["title"] == gi.title and g["players"] == list(gi.players)
        assert set(g["summary"]) >= {"es", "en"}
        assert [o["name"] for o in g["options"]] == list(gi.options)
        for o in g["options"]:
            spec = gi.options[o["name"]]
            assert o["default"] == spec.default
            assert o["choices"] == (list(spec.choices) if spec.choices is not None else None)
        assert g["bots"] == [n for n in agent_names(g["id"]) if n != "planner"]
        assert {"random", "greedy", "mcts"} <= set(g["bots"])


# ----- creating ------------------------------------------------------------------------------
def test_create_seats_the_creator_and_gives_one_time_invitations(client):
    r = client.post("/api/tables", json={
        "game": "som", "seats": [person("Ana"), bot("mcts:seconds=0.05"), person("Bea")],
        "options": {"mode": "B"}, "lang": "en", "seed": 5})
    assert r.status_code == 200, r.text
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/" in cookie
    t = r.json()
    tid = t["table_id"]
    assert t["spectator"] == t["url"] == f"/t/{tid}"
    assert [s["kind"] for s in t["seats"]] == ["person", "bot", "person"]
    assert [s["name"] for s in t["seats"]] == ["Ana", "Bot 2", "Bea"]
    assert [s["access"] for s in t["seats"]] == ["host", None, "invite"]
    assert "invite" not in t["seats"][1] and t["seats"][1]["bot"] == "mcts:seconds=0.05"
    assert "invite" not in t["seats"][0] and t["you"] == [0] and t["host"] is True
    invite = t["seats"][2]["invite"]
    assert invite.startswith(f"/t/{tid}#claim=") and "?" not in invite   # never sent
    assert "token" not in json.dumps(t)
    # the creator's browser sits at seat 0 (its cookie), nobody else does
    mine = client.get(f"/api/tables/{tid}/state").json()
    assert mine["you"] == [0] and mine["host"] is True and list(mine["views"]) == ["0"]
    assert mine["lang"] == "en" and mine["game"] == "som" and mine["status"] == "playing"
    key = claim(client, invite)
    bea = client.get(f"/api/tables/{tid}/state", headers=device(key)).json()
    assert bea["you"] == [2] and bea["host"] is False and list(bea["views"]) == ["2"]
    spectator = client.get(f"/api/tables/{tid}/state", headers=device(None)).json()
    assert spectator["you"] == [] and list(spectator["views"]) == ["spectator"]
    assert spectator["legal"] == {} and spectator["host"] is False
    # the creator never holds a claimed seat
    assert client.get(f"/api/tables/{tid}/state").json()["you"] == [0]


def test_seats_at_the_creators_device_are_a_hot_seat(client):
    t = create(client, "qytetet", [{**person("Ana"), "access": "host"},
                                   {**person("Bea"), "access": "local"}])
    assert t["you"] == [0, 1] and not t["keys"]
    state = client.get(f"/api/tables/{t['table_id']}/state").json()
    assert state["you"] == [0, 1] and state["host"] is True
    assert [s["access"] for s in state["seats"]] == ["host", "local"]


def test_the_same_seed_and_options_give_the_same_game(client):
    a = create(client, "sigloxx", [person(), person(), person()], seed=11)
    b = create(client, "sigloxx", [person(), person(), person()], seed=11)
    va = client.get(f"/api/tables/{a['table_id']}/state").json()["views"]
    vb = client.get(f"/api/tables/{b['table_id']}/state").json()["views"]
    assert va == vb
    game = ludoteca.new_game("sigloxx", players=["J1", "J2", "J3"], seed=11)
    assert va["spectator"] == json.loads(json.dumps(game.view(None)))


@pytest.mark.parametrize("body, field, code, allowed", [
    ({"game": "parchis", "seats": [person()] * 2}, "game", "bad_request", ludoteca.games()),
    ({"game": "qytetet", "seats": [person()]}, "seats", "bad_request", [2, 3, 4]),
    ({"game": "qytetet", "seats": [person()] * 5}, "seats", "bad_request", [2, 3, 4]),
    ({"game": "qytetet", "seats": "Ana,Bea"}, "seats", "bad_request", [2, 3, 4]),
    ({"game": "som", "seats": [person()] * 2, "options": {"mode": "Z"}}, "options.mode",
     "invalid_option", ["A", "B", "C", "AC"]),
    ({"game": "som", "seats": [person()] * 2, "options": {"modo": "A"}}, "options",
     "bad_request", None),
    ({"game": "qytetet", "seats": [person(), bot("genius")]}, "seats[1].bot", "bad_request",
     None),
    ({"game": "qytetet", "seats": [person(), bot("mcts:seconds=60")]}, "seats[1].bot",
     "bad_request", None),
    ({"game": "qytetet", "seats": [person(), bot("mcts:depth=3")]}, "seats[1].bot",
     "bad_request", None),
    ({"game": "qytetet", "seats": [person(), {"kind": "alien"}]}, "seats[1]", "bad_request",
     ["person", "bot"]),
    ({"game": "qytetet", "seats": [person("x" * 25), person()]}, "seats[0].name",
     "bad_request", [1, 24]),
    ({"game": "qytetet", "seats": [person("Ana\u202e"), person()]}, "seats[0].name",
     "bad_request", None),
    ({"game": "qytetet", "seats": [person("Ana"), person(" ana ")]}, "seats[1].name",
     "bad_request", ["Ana"]),
    ({"game": "qytetet", "seats": [person(), {**person(), "access": "boss"}]},
     "seats[1].access", "bad_request", ["host", "local", "invite", "open"]),
    ({"game": "qytetet", "seats": [person(), person()], "options": {"max_rounds": 0}},
     "options.max_rounds", "invalid_option", [1, 200]),
    ({"game": "som", "seats": [person(), person()], "options": {"max_turns": 5000}},
     "options.max_turns", "invalid_option", [1, 200]),
    ({"game": "qytetet", "seats": [person()] * 2, "lang": "fr"}, "lang", "bad_request",
     ["es", "en"]),
    ({"game": "qytetet", "seats": [person()] * 2, "seed": True}, "seed", "bad_request", None),
    ({"game": "qytetet", "seats": [person()] * 2, "seed": -1}, "seed", "bad_request", None),
    ({"game": "qytetet", "seats": [person()] * 2, "listed": "yes"}, "listed", "bad_request",
     [True, False]),
    ({"game": "qytetet", "seats": [person()] * 2, "options": {"board": "/etc/passwd"}},
     "options.board", "invalid_option", None),
])
def test_a_bad_table_request_says_what_is_wrong_and_creates_nothing(client, body, field, code,
                                                                     allowed):
    before = client.get("/api/tables").json()
    err = error_of(client.post("/api/tables", json={**body, "listed": body.get("listed", True)}),
                   400, code)
    assert err["message"]["en"].startswith(field) and err["message"]["es"].startswith(field)
    if allowed is not None:
        assert err["allowed"] == allowed
    if field == "seats[1].bot":
        assert set(err["allowed"]) == set(agent_names("qytetet"))
    assert client.get("/api/tables").json() == before


def test_the_solo_planner_is_not_offered_on_the_web(client):
    """``planner`` solves a relaxed game in the server's process (seconds of CPU, tens of MB):
    not listed for Som, and a table that asks for it is refused and not created."""
    som = next(g for g in client.get("/api/games").json() if g["id"] == "som")
    assert "planner" not in som["bots"] and "greedy" in som["bots"]
    before = client.get("/api/tables").json()
    err = error_of(client.post("/api/tables", json={
        "game": "som", "seats": [person(), bot("planner")], "listed": True}), 400, "bad_request")
    assert "planner" in err["message"]["en"] and "planner" not in err["allowed"]
    assert "no ofrece el bot 'planner'" in err["message"]["es"]
    err = error_of(client.post("/api/tables", json={
        "game": "som", "seats": [person(), bot("planner:bounded=false")]}), 400, "bad_request")
    assert "not offered" in err["message"]["en"] and "planner" not in err["allowed"]
    err = error_of(client.post("/api/tables", json={
        "game": "som", "seats": [person(), bot("PLANNER")], "listed": True}), 400, "bad_request")
    assert "planner" not in err["message"]["en"] and "planner" not in err["allowed"]
    assert "no hay bot 'PLANNER' para som" in err["message"]["es"]
    assert client.get("/api/tables").json() == before


def test_options_the_game_itself_refuses_are_explained(client):
    err = error_of(client.post("/api/tables", json={
        "game": "som", "seats": [person()], "options": {"centralism": "medio"}}),
        400, "invalid_option")
    assert "medio" in err["message"]["en"] and "medio" in err["message"]["es"]
    assert "is not played solo" in err["message"]["en"]
    assert "no se juega en solitario" in err["message"]["es"]          # one language each
    assert "is not played" not in err["message"]["es"]


def test_a_bots_bad_parameters_are_explained_in_each_language(client):
    """The registry's and the bot's own refusals reach the lobby in Spanish and English."""
    for spec, es, en in [
            ("mcts:iterations=0", "iterations ha de ser un número entero ≥ 1; es 0",
             "iterations must be a whole number ≥ 1; got 0"),
            ("mcts:depth=2", "no tiene el parámetro depth", "has no parameter depth"),
            ("mcts:iterations", "no es clave=valor", "is not key=value")]:
        err = error_of(client.post("/api/tables", json={
            "game": "som", "seats": [person(), bot(spec)]}), 400, "bad_request")
        assert es in err["message"]["es"] and en in err["message"]["en"], err
        assert en not in err["message"]["es"]


def test_a_board_given_as_toml_text_is_accepted(client):
    from importlib import resources
    source = resources.files("ludoteca.games.qytetet").joinpath("board.toml").read_text()
    source = source.replace("Calle de la Acequia", "Calle del Test")
    t = create(client, "qytetet", [person(), person()],
               options={"board": {"source": "mine.toml", "toml": source}})
    view = client.get(f"/api/tables/{t['table_id']}/state").json()["views"]["spectator"]
    assert "Calle del Test" in json.dumps(view, ensure_ascii=False)


def test_malformed_and_oversized_bodies_are_refused(client):
    kind = {"content-type": "application/json"}
    error_of(client.post("/api/tables", content=b"{not json", headers=kind), 400, "bad_request")
    error_of(client.post("/api/tables", content=b"[1, 2]", headers=kind), 400, "bad_request")
    big = json.dumps({"game": "qytetet", "seats": [person()] * 2, "pad": "x" * 300_000})
    error_of(client.post("/api/tables", content=big.encode(), headers=kind), 413, "too_large")
    error_of(client.post("/api/tables", content=b"{}"), 415, "unsupported_media_type")
    error_of(client.get("/api/tables", params={"status": "lost"}), 400, "bad_request")
    error_of(client.get("/api/tables/nope"), 404, "not_found")
    error_of(client.get("/api/tables/../../etc/state"), 404, "not_found")


# ----- acting over HTTP ----------------------------------------------------------------------
def test_act_over_http_with_version_checks(client):
    t = create(client, "qytetet", [person("Ana"), person("Bea")], seed=3)
    tid, tokens = t["table_id"], seat_tokens(t)
    state = client.get(f"/api/tables/{tid}/state", headers=device(tokens[0])).json()
    first = state["to_move"][0]
    other = 1 - first
    url = f"/api/tables/{tid}/act"

    err = error_of(client.post(url, headers=device(tokens[other]), json={"version": 0,
                                          "action": "tirar"}), 409, "not_your_turn")
    assert err["allowed"] == [first]
    error_of(client.post(url, json={"version": 0, "action": "tirar"}), 403, "forbidden")
    error_of(client.post(url, headers=device(None), json={"version": 0, "action": "tirar"}),
             403, "forbidden")
    error_of(client.post(url, headers=device("forged-device-key-0123456789"),
                         json={"version": 0, "action": "tirar"}), 403, "forbidden")
    error_of(client.post(url, headers=device(tokens[first]), json={"version": 0, "action": "tirar",
                                    "seat": other}), 403, "forbidden")
    err = error_of(client.post(url, headers=device(tokens[first]), json={"version": 0,
                                          "action": "comprar"}), 409, "illegal")
    assert err["allowed"] == ["tirar"]
    err = error_of(client.post(url, headers=device(tokens[first]), json={"version": 0,
                                          "action": "volar"}), 409, "illegal")
    error_of(client.post(url, headers=device(tokens[first]), json={"action": "tirar"}), 400,
             "bad_message")
    assert client.get(f"/api/tables/{tid}").json()["version"] == 0

    r = client.post(url, headers=device(tokens[first]), json={"version": 0, "action": "roll"})
    assert r.json() == {"ok": True, "version": 1}
    # the same submission again is harmless; an old version is stale
    assert client.post(url, headers=device(tokens[first]), json={"version": 0,
                                  "action": "roll"}).json() == {"ok": True, "version": 1}
    assert client.post(url, headers=device(tokens[first]), json={"version": 0,
                                  "action": "tirar"}).json() == {"ok": True, "version": 1}
    err = error_of(client.post(url, headers=device(tokens[first]), json={"version": 0,
                                          "action": "terminar"}), 409, "stale")
    assert err["allowed"] == [1]
    state = client.get(f"/api/tables/{tid}/state", headers=device(tokens[first])).json()
    assert state["version"] == 1
    assert state["log"][1]["action"] == "tirar" and state["log"][1]["seat"] == first
    assert state["log"][1]["events"][0]["rule"].startswith("QY-")


# ----- listing and joining -------------------------------------------------------------------
def test_open_seats_are_listed_and_claimed_once(client):
    listed = create(client, "civitas", [person("Ana"), {**person(), "access": "open"},
                                        {**person(), "access": "host"}, bot()], listed=True)
    hidden = create(client, "civitas", [person("Ana"), person()])
    tid = listed["table_id"]
    open_ids = [t["table_id"] for t in client.get("/api/tables?status=open").json()]
    assert tid in open_ids and hidden["table_id"] not in open_ids
    row = next(t for t in client.get("/api/tables").json() if t["table_id"] == tid)
    assert row["status"] == "open" and row["title"] == "Civitas"
    assert [s["claimed"] for s in row["seats"]] == [True, False, True, False]
    assert [s["access"] for s in row["seats"]] == ["invite", "open", "host", None]

    cris = "cris-device-key-0123456789abc"
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Cris"},
                    headers=device(cris))
    assert r.status_code == 200, r.text
    joined = r.json()
    assert joined["seat"] == 1 and joined["you"] == [1] and "token" not in r.text
    state = client.get(f"/api/tables/{tid}/state", headers=device(cris)).json()
    assert state["you"] == [1] and state["seats"][1]["name"] == "Cris"
    assert client.get(f"/api/tables/{tid}/state").json()["you"] == [2]   # the host's own
    assert tid not in [t["table_id"] for t in client.get("/api/tables?status=open").json()]
    assert tid in [t["table_id"] for t in client.get("/api/tables?status=playing").json()]

    dani = device("dani-device-key-0123456789abc")
    err = error_of(client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Dani"},
                               headers=dani), 409, "taken")
    assert err["allowed"] == []
    error_of(client.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Dani"},
                         headers=dani), 403, "forbidden")      # an invitation, not open
    error_of(client.post(f"/api/tables/{tid}/join", json={"seat": 3, "name": "Dani"},
                         headers=dani), 403, "forbidden")      # a bot
    error_of(client.post(f"/api/tables/{hidden['table_id']}/join",
                         json={"seat": 1, "name": "Dani"}, headers=dani), 403, "forbidden")
    assert client.get(f"/api/tables/{tid}/state", headers=dani).json()["you"] == []
    assert host_key(client)


# ----- finished tables: record, replay, listing ------------------------------------------------
def test_a_finished_table_gives_its_record_and_replay(client):
    t = create(client, "qytetet", [bot(), bot("random"), bot()], options={"max_rounds": 3},
               listed=True, seed=9)
    tid = t["table_id"]
    info = wait_finished(client, tid)
    assert info["result"]["reason"] in ("limit", "bankruptcy")
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert rec["seed"] == 9 and rec["table"]["seats"][1]["bot"] == "random"
    game = ludoteca.replay(rec)
    assert game.is_over and len(rec["actions"]) == info["version"]
    assert list(game.result.ranking) == info["result"]["ranking"]
    assert tid in [r["table_id"] for r in client.get("/api/tables?status=finished").json()]

    rep = client.get(f"/api/tables/{tid}/replay").json()
    assert rep["steps"] == info["version"] and len(rep["log"]) == info["version"] + 1
    assert [e["action"] for e in rep["log"][1:]] == [a[1] for a in rec["actions"]]
    step = client.get(f"/api/tables/{tid}/replay/5").json()
    five = ludoteca.replay(rec, upto=5)
    assert step["views"]["0"] == json.loads(json.dumps(five.view(0)))
    assert step["to_move"] == list(five.to_move)
    error_of(client.get(f"/api/tables/{tid}/replay/{info['version'] + 1}"), 400, "bad_request")


def test_record_and_replay_wait_for_the_end(client):
    t = create(client, "som", [person(), person()])
    for path in ("record", "replay", "replay/0"):
        err = error_of(client.get(f"/api/tables/{t['table_id']}/{path}"), 403, "not_over")
        assert "seed" in err["message"]["en"]


# ----- rules and pages -------------------------------------------------------------------------
def test_rules_by_id(client):
    r = client.get("/api/rules/qytetet/QY-7.1").json()
    assert r["id"] == "QY-7.1" and "Rent" in r["text"]["en"]
    assert "round limit" in client.get("/api/rules/qytetet/QY-X1").json()["text"]["en"]
    som = client.get("/api/rules/som/SOM-16.9").json()["text"]
    assert som["en"] == rule_text("som", "SOM-16.9")
    error_of(client.get("/api/rules/qytetet/QY-99.9"), 404, "not_found")
    error_of(client.get("/api/rules/parchis/P-1"), 400, "bad_request")


def test_every_rule_an_event_names_has_a_text():
    import random
    for gid in ludoteca.games():
        lo, _ = ludoteca.info(gid).players
        for seed in range(3):
            g = ludoteca.new_game(gid, players=max(lo, 2), seed=seed)
            rng = random.Random(seed)
            events = list(g.opening_events)
            while not g.is_over and g._n_actions < 400:
                s = rng.choice(g.to_move)
                events += g.apply(rng.choice(g.legal_actions(s)), seat=s)
            missing = {e.rule for e in events if e.rule and rule_text(gid, e.rule) is None}
            assert not missing, (gid, missing)


def test_the_shipped_rule_texts_are_the_current_ones():
    """web/rules/ holds copies (installed with the package); they must match their sources."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    web_rules = root / "src" / "ludoteca" / "web" / "rules"
    for gid in ludoteca.games():
        assert (web_rules / "rulings" / f"{gid}.md").read_text() == \
            (root / "docs" / "rules" / f"{gid}.md").read_text(), f"copy docs/rules/{gid}.md"
    shared = root.parent / "shared" / "rules"
    if not shared.is_dir():
        pytest.skip("the shared rules checklists are not beside the repository")
    for gid in ludoteca.games():
        assert (web_rules / f"{gid}.md").read_text() == (shared / f"{gid}.md").read_text(), \
            f"copy shared/rules/{gid}.md to src/ludoteca/web/rules/"


def test_pages_carry_the_language(client):
    t = create(client, "qytetet", [person(), person()])
    for path in ("/", f"/t/{t['table_id']}", f"/replay/{t['table_id']}"):
        r = client.get(path, params={"lang": "en"})
        assert r.status_code == 200 and 'lang="en"' in r.text
        r = client.get(path, headers={"Accept-Language": "fr-FR,en;q=0.8"})
        assert 'lang="en"' in r.text
        assert 'lang="es"' in client.get(path).text
    assert client.get("/t/missing").status_code == 404


def test_serve_refuses_a_bad_port_or_delay_before_starting():
    from typer.testing import CliRunner

    from ludoteca.cli.main import app
    runner = CliRunner()
    r = runner.invoke(app, ["serve", "--port", "70000", "--lang", "en"])
    assert r.exit_code == 2 and "a port is a number from 1 to 65535" in r.output
    r = runner.invoke(app, ["serve", "--bot-delay", "-2", "--lang", "es"])
    assert r.exit_code == 2 and "0 o más" in r.output
