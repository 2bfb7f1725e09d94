"""What the per-game screen tests share: states along a seeded game of random bots, and a
renderable drawn as the lines a terminal of some width shows."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

import ludoteca
from ludoteca.agents import make_agent


def game_states(gid: str, seed: int, steps: int, every: int,
                options: dict[str, Any] | None = None) -> list:
    """Copies of a seeded three-player game of random bots, every ``every`` actions, and the
    game where it stopped."""
    game = ludoteca.new_game(gid, players=["Ana", "Bea", "Carla"], seed=seed,
                             options=options or {})
    bots = [make_agent("random", gid, seed + s) for s in range(3)]
    out = []
    for i in range(steps):
        if game.is_over:
            break
        if i % every == 0:
            out.append(game.clone())
        seat = game.to_move[0]
        game.apply(bots[seat].choose(game, seat))
    out.append(game)
    return out


def draw(renderable: Any, width: int) -> list[str]:
    """The lines a terminal ``width`` columns wide shows for ``renderable`` (no colour)."""
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text().rstrip("\n").splitlines()
