"""Golden records (tests/data/golden/, written by ``python tools/golden.py make`` from the
engines as they were before the speed work of issue 20): every record still replays to the
same legal actions at every step, the same events in Spanish and English, the same view for
every seat and a spectator after every action, and the same final state and result."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("golden", ROOT / "tools" / "golden.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)

RECORDS = [(path.stem, n, line) for path in sorted(golden.GOLDEN.glob("*.jsonl"))
           for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)]


def test_every_game_has_golden_records():
    import ludoteca

    assert {gid for gid, _, _ in RECORDS} == set(ludoteca.games())
    assert len(RECORDS) >= 40


@pytest.mark.parametrize(("gid", "n", "line"), RECORDS,
                         ids=[f"{gid}-{n}" for gid, n, _ in RECORDS])
def test_golden_record_replays_identically(gid, n, line):
    rec = json.loads(line)
    assert rec["game"] == gid
    assert golden.digest(rec) == rec["digest"]


def test_a_changed_record_is_caught():
    """The check is not vacuous: one action changed in a record changes its digest."""
    rec = json.loads(RECORDS[0][2])
    import ludoteca
    from ludoteca.core.record import start_of

    game = start_of(rec)
    for i, (seat, text) in enumerate(rec["actions"]):
        legal = [str(a) for a in game.legal_actions(seat)]
        if len(legal) > 1:
            other = next(a for a in legal if a != text)
            rec["actions"] = rec["actions"][:i] + [[seat, other]]
            break
        game.apply(text, seat=seat)
    assert isinstance(game, ludoteca.Game)
    got = golden.digest(rec)
    assert got["final"] != rec["digest"]["final"]


@pytest.mark.parametrize("gid", sorted({gid for gid, _, _ in RECORDS}))
def test_apply_legal_plays_like_apply(gid):
    """``Game.apply_legal`` (no checks: for searches and learning environments) plays a
    golden record to the same final state, result and record as ``apply``."""
    import ludoteca
    from ludoteca.core.record import start_of

    rec = json.loads(next(line for g, _, line in RECORDS if g == gid))
    game = start_of(rec)
    for seat, text in rec["actions"]:
        action = next(a for a in game.legal_actions(seat) if str(a) == text)
        game.apply_legal(action, seat)
    ref = ludoteca.replay(rec)
    assert game.state_dict() == ref.state_dict()
    assert game.record()["actions"] == rec["actions"]
    assert game.result.to_json() == ref.result.to_json()
