"""Shared helpers for the test suite."""

from __future__ import annotations

import itertools
import json
import os
import random

import ludoteca

if os.environ.get("PYTEST_XDIST_WORKER"):
    # pytest-xdist's workers get COLUMNS=80 and LINES=24 that a plain run does not have; the
    # terminal tests size their screens themselves, as in a plain run
    for name in ("COLUMNS", "LINES"):
        os.environ.pop(name, None)


def option_combos(game_id: str) -> list[dict]:
    """Every combination of the options that list their allowed values."""
    opts = ludoteca.info(game_id).options
    listed = {k: list(v.choices) for k, v in opts.items() if v.choices}
    return [dict(zip(listed, vals, strict=True))
            for vals in itertools.product(*listed.values())] or [{}]


def variants() -> list[tuple[str, int, dict]]:
    """(game, player count, options) for every registered game."""
    out = []
    for gid in ludoteca.games():
        lo, hi = ludoteca.info(gid).players
        for n in range(lo, hi + 1):
            for combo in option_combos(gid):
                try:
                    ludoteca.new_game(gid, players=n, seed=0, options=combo)
                except ludoteca.InvalidOption:
                    continue  # a combination the rules forbid (e.g. a solo-only restriction)
                out.append((gid, n, combo))
    return out


def variant_id(v: tuple[str, int, dict]) -> str:
    gid, n, combo = v
    extra = ",".join(f"{k}={val}" for k, val in combo.items())
    return f"{gid}-{n}p" + (f"-{extra}" if extra else "")


def play_random(game, seed: int, max_steps: int = 200_000, on_step=None):
    """Play uniformly random legal actions until the end; return the number of actions."""
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        seat = rng.choice(list(game.to_move))
        action = rng.choice(game.legal_actions(seat))
        events = game.apply(action, seat=seat)
        steps += 1
        if on_step:
            on_step(game, seat, action, events)
        assert steps < max_steps, "game did not end"
    return steps


def advance(game, rng: random.Random, steps: int) -> None:
    """Play up to ``steps`` random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        if game.is_over:
            return
        seat = rng.choice(list(game.to_move))
        game.apply(rng.choice(game.legal_actions(seat)), seat=seat)


def frozen(game) -> str:
    """The whole state as canonical JSON text."""
    return json.dumps(game.state_dict(), sort_keys=True, default=str)
