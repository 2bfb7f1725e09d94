#!/usr/bin/env python3
"""Golden records: games recorded from one version of the engines, with a digest of
everything a player or a program could read along the way, so that a later version (faster
engines, cheaper money, lazy event texts) can prove that nothing changed in play.

    python tools/golden.py make     # (re)write tests/data/golden/<game>.jsonl — only on
                                    # purpose, when a rule really changes
    python tools/golden.py check    # replay every golden record and compare its digests

Each line is a record (``Game.record()``) plus ``digest``: for every step, the seat, the
action, the legal actions before it, the events' texts in Spanish and English and every
seat's (and a spectator's) view after it, folded into SHA-256 hashes; and the final
``state_dict`` and result. ``tests/test_golden_records.py`` runs the check.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.core.record import start_of

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "data" / "golden"

# (game, players, options, seed, bots): bots are "random" or agent specs, one per seat
CASES: dict[str, list[tuple[int, dict[str, Any], int, str]]] = {
    "qytetet": [(2, {}, 1, "random"), (3, {}, 2, "random"), (4, {}, 3, "random"),
                (2, {}, 4, "greedy"), (3, {"max_rounds": 20}, 5, "greedy"),
                (4, {}, 6, "greedy"), (2, {"max_rounds": 15}, 7, "mcts:iterations=30")],
    "civitas": [(2, {}, 1, "random"), (3, {}, 2, "random"), (4, {}, 3, "random"),
                (2, {}, 4, "greedy"), (3, {"max_rounds": 20}, 5, "greedy"),
                (4, {}, 6, "greedy"), (2, {"max_rounds": 15}, 7, "mcts:iterations=30")],
    "som": [(1, {"mode": "A"}, 1, "random"), (1, {"mode": "B"}, 2, "greedy"),
            (2, {}, 3, "random"), (3, {"mode": "B"}, 4, "random"),
            (4, {"mode": "C"}, 5, "random"), (3, {"mode": "AC", "centralism": "dado"}, 6,
                                              "greedy"),
            (2, {"mode": "C", "centralism": "intenso"}, 7, "greedy"),
            (4, {"mode": "B", "centralism": "elevado"}, 8, "greedy"),
            (4, {"mode": "C"}, 9, "mcts:iterations=20"), (2, {"mode": "B"}, 10,
                                                           "mcts:iterations=20"),
            *[(n, {"mode": m}, 11 + i, "random") for i, (n, m) in
              enumerate([(2, "C"), (3, "C"), (4, "AC"), (4, "B"), (1, "B"), (3, "A")])]],
    "elplan": [(2, {}, 1, "random"), (3, {}, 2, "greedy"), (4, {"level": 2}, 3, "random"),
               (5, {}, 4, "random"), (6, {}, 5, "greedy"), (3, {"tutorial": True}, 6,
                                                             "random"),
               (2, {"credit_repayment": False}, 7, "greedy"),
               (3, {}, 8, "mcts:iterations=10")],
    "sigloxx": [(3, {}, 1, "random"), (4, {}, 2, "random"), (5, {}, 3, "random"),
                (3, {"scoring_cards": False}, 4, "greedy"), (4, {}, 5, "greedy"),
                (5, {}, 6, "greedy"), (3, {}, 7, "mcts:iterations=10")],
}


def _h(h: Any, value: Any) -> None:
    h.update(json.dumps(value, sort_keys=True, ensure_ascii=False, default=str).encode())
    h.update(b"\x1e")


def digest(rec: dict[str, Any]) -> dict[str, str]:
    """The hashes of a record's replay: legal actions, events in words, views, final state."""
    legal, words, views = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    game = start_of(rec)
    seats = list(range(game.n_players)) + [None]
    for e in game.opening_events:
        _h(words, [game.describe(e, "es"), game.describe(e, "en")])
    for i, (seat, text) in enumerate(rec["actions"]):
        _h(legal, [i, seat, list(game.to_move), [str(a) for a in game.legal_actions(seat)]])
        events = game.apply(text, seat=seat)
        _h(words, [[game.describe(e, "es"), game.describe(e, "en")] for e in events])
        _h(views, [game.view(s) for s in seats])
    final = hashlib.sha256()
    _h(final, game.state_dict())
    _h(final, game.result.to_json() if game.is_over else None)
    return {"actions": str(len(rec["actions"])), "legal": legal.hexdigest(),
            "words": words.hexdigest(), "views": views.hexdigest(),
            "final": final.hexdigest()}


def play(gid: str, players: int, options: dict[str, Any], seed: int, bots: str) -> dict:
    game = ludoteca.new_game(gid, players=players, seed=seed, options=dict(options))
    if bots == "random":
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move[0] if len(game.to_move) == 1 else rng.choice(game.to_move)
            game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
    else:
        agents = [make_agent(bots, gid, seed=seed + s) for s in range(players)]
        while not game.is_over:
            seat = game.to_move[0]
            game.apply(agents[seat].choose(game, seat), seat=seat)
    return game.record()


def make() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for gid, cases in CASES.items():
        lines = []
        for players, options, seed, bots in cases:
            rec = play(gid, players, options, seed, bots)
            rec["digest"] = digest(rec)
            rec["made_by"] = bots
            lines.append(json.dumps(rec, ensure_ascii=False))
        (GOLDEN / f"{gid}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{gid}: {len(lines)} records")


def check() -> int:
    bad = 0
    for path in sorted(GOLDEN.glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            rec = json.loads(line)
            got = digest(rec)
            if got != rec["digest"]:
                bad += 1
                diff = [k for k in got if got[k] != rec["digest"].get(k)]
                print(f"{path.name}:{n}: differs in {', '.join(diff)}")
    print("golden records: " + ("all replay identically" if not bad else f"{bad} differ"))
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["make"]:
        make()
    elif sys.argv[1:] in ([], ["check"]):
        sys.exit(check())
    else:
        sys.exit("usage: python tools/golden.py [make|check]")
