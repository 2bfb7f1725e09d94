"""The result splits every seat's points by source (issue 5): start, income during the rounds,
bonus scoring cards and each part of the final scoring (XX-F.1–F.6); they add up to the score."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.agents import make_agent


@pytest.mark.parametrize("players,cards", [(3, True), (4, False), (5, True)])
def test_points_by_source_add_up_to_the_score(players, cards):
    game = ludoteca.new_game("sigloxx", players=players, seed=players,
                             options={"scoring_cards": cards})
    bots = [make_agent("greedy", "sigloxx", seed=s) for s in range(players)]
    bonus = [0] * players
    while not game.is_over:
        seat = game.to_move[0]
        for e in game.apply(bots[seat].choose(game, seat), seat=seat):
            if e.kind == "bonificacion":
                bonus[e.data["player"]] += e.data["vp"]
    details = game.result.details
    for s, parts in enumerate(details["points_by_source"]):
        assert parts["total"] == game.result.scores[s]
        assert sum(v for k, v in parts.items() if k != "total") == parts["total"]
        assert parts["bonus_cards"] == bonus[s]
        if not cards:
            assert parts["bonus_cards"] == 0
        for part in details["order"]:
            assert parts[part] == details["final_scoring"][s][part]
