"""No message tells a seat what the rules hide from it.

Whole games of every game are played over the sockets (several player counts, some seats
bots at 0 delay, one socket per person seat plus a spectator). Afterwards every message each
socket received is recomputed from the record: its views must be exactly ``g.view(seat)`` of
its own seats, its legal actions only its own, its log only public events and the action texts
that were not another seat's secret choice. Error answers to illegal submissions must read the
same in a world redrawn from that seat's view (``determinize``), so they carry nothing hidden
either. No message carries another seat's device key.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal
from typing import Any

import pytest

import ludoteca
from ludoteca.web.table import action_buttons, dumps

from .support import Socket, bot, create, drive, person, seat_tokens, ws

P, B = person, bot
CASES = [
    ("qytetet", [P("Ana"), P("Bea"), B()], {"max_rounds": 6}, 1),
    ("qytetet", [P(), P(), P(), P()], {"max_rounds": 4}, 2),
    ("civitas", [P("Ana"), P("Bea")], {"max_rounds": 6}, 3),
    ("som", [P(), P(), P()], {"mode": "C"}, None),          # seed with secret bids, below
    ("som", [P(), P()], {"mode": "C", "max_turns": 60}, None),
    ("som", [P("Ana"), B(), P("Cris"), B("random")], {"mode": "B"}, 4),
    ("som", [P("Sola")], {"centralism": "intenso", "max_turns": 40}, 5),
    ("elplan", [P(), P(), P()], {"tutorial": True}, 6),
    ("elplan", [P("Ana"), B(), P("Cris"), P("Dani")], {"level": 2}, 7),
    ("sigloxx", [P(), P(), P()], {}, 8),
    ("sigloxx", [P("Ana"), B(), P("Cris"), P("Dani"), B("random")], {}, 9),
]
MAX_ACTIONS = 700
WILD_EVERY = 23   # every so often a person submits an action that may well be illegal


def norm(value: Any) -> Any:
    def default(v: Any) -> Any:
        if isinstance(v, Decimal):
            return int(v) if v == v.to_integral_value() else float(v)
        raise TypeError(type(v))
    return json.loads(json.dumps(value, default=default))


def pick_seat(rng: random.Random, to_move: list[int], people: list[int]) -> int | None:
    movers = sorted(s for s in to_move if s in people)
    return rng.choice(movers) if movers else None


def seed_with_secrets(game: str, n: int, options: dict) -> int:
    """The first seed whose game (played by the test players) has secret choices that
    other seats must not see."""
    for seed in range(200):
        g = ludoteca.new_game(game, players=n, seed=seed, options=options)
        rng = random.Random(seed)
        secrets = 0
        while not g.is_over and g._n_actions < MAX_ACTIONS:
            seat = pick_seat(rng, list(g.to_move), list(range(n)))
            secrets += g.is_secret_choice(seat) and len(g.to_move) > 1
            g.apply(drive(rng, [str(a) for a in g.legal_actions(seat)]), seat=seat)
        if secrets and g.is_over:
            return seed
    raise AssertionError(f"no seed of {game} {options} has secret choices")


def play_table(client, game: str, seats: list[dict], options: dict, seed: int):
    """Play the table to its end over the sockets; return the table, sockets, tokens, errors."""
    t = create(client, game, seats, options=options, seed=seed)
    tid, tokens = t["table_id"], seat_tokens(t)
    people = sorted(tokens)
    rng = random.Random(seed)
    wild = random.Random(seed + 1)
    everything = [str(a) for a in type(ludoteca.new_game(game, players=len(seats))).all_actions]
    errors: list[tuple[int, int, str, dict]] = []   # (version, seat, text, error)
    managers = {s: ws(client, tid, tokens[s]) for s in people}
    managers[None] = ws(client, tid)
    socks = {s: Socket(m.__enter__()) for s, m in managers.items()}
    try:
        steps = 0
        probe = socks[people[0]]
        probe.sync()
        while not probe.state["over"]:
            steps += 1
            assert steps < 20 * MAX_ACTIONS, "the table does not progress"
            movers = [x for x in probe.state["to_move"] if x in people]
            for x in movers:
                socks[x].sync()
            behind = [x for x in movers if socks[x].state["version"] != probe.state["version"]]
            if not movers or behind:          # bots are thinking, or moved meanwhile
                probe = socks[behind[0]] if behind else probe
                probe.sync()
                continue
            seat = pick_seat(rng, probe.state["to_move"], people)
            sock = socks[seat]
            text = drive(rng, [a["text"] for a in sock.state["legal"][str(seat)]])
            if steps % WILD_EVERY == 2:       # an illegal submission first
                legal = {a["text"] for a in sock.state["legal"][str(seat)]}
                odd = wild.choice([a for a in everything if a not in legal])
                answer = sock.act(odd, seat=seat)
                assert answer["type"] == "error", answer
                errors.append((sock.state["version"], seat, odd, answer))
            answer = sock.act(text, seat=seat)
            if answer["type"] == "error":
                assert answer["code"] == "stale", answer   # only a bot could have moved
            sock.sync()
            probe = sock
        for s in socks.values():
            s.sync()
    finally:
        for m in managers.values():
            m.__exit__(None, None, None)
    return t, socks, tokens, errors


def expected_fragment(g, you: list[int]) -> dict[str, Any]:
    views = {str(s): g.view(s) for s in you} if you else {"spectator": g.view(None)}
    legal = {str(s): [{"id": g.action_id(a), "text": str(a)} for a in g.legal_actions(s)]
             for s in you if s in g.to_move}
    result = g.result.to_json() if g.result is not None else None
    return norm({"version": g._n_actions, "you": you, "to_move": list(g.to_move),
                 "views": views, "legal": legal, "over": g.is_over, "result": result})


def check_table(t: dict, socks: dict, tokens: dict, errors: list, rec: dict) -> int:
    """Recompute every message from the record; return how many secret entries were hidden."""
    n_actions = len(rec["actions"])
    by_version: dict[int, list[tuple[Any, dict]]] = {}
    for seat, sock in socks.items():
        for msg in sock.messages:
            if msg["type"] == "state":
                by_version.setdefault(msg["version"], []).append((seat, msg))
    errors_at: dict[int, list] = {}
    for version, seat, text, err in errors:
        errors_at.setdefault(version, []).append((seat, text, err))

    game = ludoteca.replay(rec, upto=0)
    entries: list[dict[str, Any]] = []        # full entries; masked per viewer below
    secret: list[bool] = [False]
    entries.append({"n": 0, "seat": None, "action": None,
                    "events": [ev_json(game, e) for e in game.opening_events]})
    hidden = 0
    for version in range(n_actions + 1):
        if version:
            seat, text = rec["actions"][version - 1]
            secret.append(game.is_secret_choice(seat))
            events = game.apply(text, seat=seat)
            entries.append({"n": version, "seat": seat, "action": text,
                            "events": [ev_json(game, e) for e in events]})
        for seat, msg in by_version.get(version, []):
            you = [] if seat is None else [seat]
            want = expected_fragment(game, you)
            got = {k: msg[k] for k in want}
            for s, actions in got["legal"].items():
                # the words on a button come from the seat's own view, nothing else
                buttons = action_buttons(game, int(s), game.view(int(s)))
                assert msg["legal"][s] == json.loads(dumps(buttons))
                got["legal"][s] = [{"id": a["id"], "text": a["text"]} for a in actions]
            assert got == want, f"seat {seat}, version {version}: message differs"
            assert msg["table_id"] == t["table_id"] and msg["game"] == rec["game"]
        for seat, text, err in errors_at.get(version, []):
            assert err["code"] == "illegal"
            assert err["legal"] == [str(a) for a in game.legal_actions(seat)]
            other_world = game.determinize(seat, 12345)
            with pytest.raises(ludoteca.IllegalAction) as exc:
                other_world.apply(text, seat=seat)
            assert err["message"] == {"es": exc.value.text("es"), "en": exc.value.text("en")}
    assert game.is_over

    for seat, sock in socks.items():
        you = [] if seat is None else [seat]
        states = [m for m in sock.messages if m["type"] == "state"]
        n = 0
        for msg in states:
            assert msg["log_from"] == n, "log entries skipped or repeated"
            for entry in msg["log"]:
                want = dict(entries[entry["n"]])
                if secret[entry["n"]]:
                    want["secret"] = True          # flagged for every viewer
                    if want["seat"] not in you:
                        want["action"] = None
                        hidden += 1
                assert entry == want, f"seat {seat}: log entry {entry['n']} differs"
                n += 1
        assert n == n_actions + 1, f"seat {seat} missed log entries"
        others = [tok for s, tok in tokens.items() if s != seat]
        assert not any(tok in raw for raw in sock.raw for tok in others)
    return hidden


def ev_json(game, event) -> dict[str, Any]:
    return {"kind": event.kind, "rule": event.rule,
            "text": {"es": game.describe(event, "es"), "en": game.describe(event, "en")}}


@pytest.mark.parametrize("game, seats, options, seed", CASES,
                         ids=[f"{c[0]}-{len(c[1])}p-{i}" for i, c in enumerate(CASES)])
def test_no_message_carries_what_the_seat_may_not_see(client, game, seats, options, seed):
    if seed is None:
        seed = seed_with_secrets(game, len(seats), options)
    t, socks, tokens, errors = play_table(client, game, seats, options, seed)
    rec = client.get(f"/api/tables/{t['table_id']}/record").json()
    hidden = check_table(t, socks, tokens, errors, rec)
    if game == "elplan" or options.get("mode") == "C":
        assert hidden > 0, "the game had no secret choice to hide"
    assert errors, "no illegal submission was tried"
