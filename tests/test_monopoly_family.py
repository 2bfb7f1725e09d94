"""What Qytetet and Civitas share, checked on both: money is conserved where the rules move
it between players (QY-11.1, QY-11.2, CV-11.1, CV-11.2), every event names a rule of its
checklist and reads in Spanish and English, and the bots choose only legal actions."""

from __future__ import annotations

import pathlib
import re
from collections import Counter
from decimal import Decimal

import pytest
from conftest import play_random

import ludoteca
from ludoteca.agents import agent_names, make_agent

FAMILY = ["qytetet", "civitas"]
CHECKLISTS = pathlib.Path(__file__).resolve().parents[2] / "shared" / "rules"
BETWEEN_PLAYERS = {"rent", "card_per_player"}


def checklist_ids(gid: str) -> set[str]:
    path = CHECKLISTS / f"{gid}.md"
    if not path.exists():
        pytest.skip("the shared checklists are not beside the project")
    return set(re.findall(r"\*\*([A-Z]{2}-[0-9.]+)\*\*", path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("gid", FAMILY)
@pytest.mark.parametrize("seed", range(6))
def test_money_is_conserved_and_every_change_is_an_event(gid, seed):
    """QY-11.1 / CV-11.1: balances change only through events that say so;
    QY-11.2 / CV-11.2: rent and PorJugador move money between players and sum to zero."""
    game = ludoteca.new_game(gid, players=2 + seed % 3, seed=seed)
    seen = Counter()

    def check(g, seat, action, events):
        total = sum(g.bal)
        moved = Decimal(0)
        for e in events:
            changes = e.data.get("balance_changes")
            if changes is None:
                continue
            seen[e.kind] += 1
            delta = sum(Decimal(str(a)) for _, a in changes)
            moved += delta
            if e.kind in BETWEEN_PLAYERS:
                assert delta == 0, f"{e.kind} is not zero-sum: {changes}"
            else:
                assert len(changes) == 1, f"{e.kind} touches several players"
        assert total - moved == check.total, "a balance changed without an event"
        check.total = total

    check.total = sum(game.bal)
    play_random(game, seed, on_step=check)
    assert seen["salida"] and seen["buy"]


@pytest.mark.parametrize("gid", FAMILY)
def test_events_name_their_rule_and_read_in_both_languages(gid):
    ids = checklist_ids(gid)
    prefix = "QY" if gid == "qytetet" else "CV"
    kinds = Counter()
    for seed in range(8):
        game = ludoteca.new_game(gid, players=3, seed=seed)

        def check(g, seat, action, events):
            for e in events:
                kinds[e.kind] += 1
                assert e.rule.startswith(prefix)
                assert e.rule in ids or e.rule == f"{prefix}-X1", e.rule
                es, en = g.describe(e, "es"), g.describe(e, "en")
                assert es and en and "{" not in es + en

        play_random(game, seed, on_step=check)
    assert {"roll", "rent", "card", "buy", "turn", "game_over"} <= set(kinds)


@pytest.mark.parametrize("gid", FAMILY)
def test_bots_are_registered_and_choose_only_legal_actions(gid):
    assert {"random", "greedy"} <= set(agent_names(gid))
    with pytest.raises(ludoteca.InvalidOption, match="greedy"):
        make_agent("genius", gid)
    game = ludoteca.new_game(gid, players=4, seed=2)
    bots = [make_agent(name, gid, seed=s) for s, name in
            enumerate(["greedy", "random", "greedy", "random"])]
    while not game.is_over:
        seat = game.to_move[0]
        choice = bots[seat].choose(game, seat)
        assert choice in game.legal_actions(seat)
        game.apply(choice, seat=seat)


@pytest.mark.parametrize("gid", FAMILY)
def test_greedy_beats_random(gid):
    """Greedy (buys with a reserve, builds where rent grows most, leaves jail when it pays)
    wins clearly more than its share against random players."""
    wins = games = 0
    for seed in range(40):
        game = ludoteca.new_game(gid, players=2, seed=seed)
        names = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
        bots = [make_agent(n, gid, seed) for n in names]
        while not game.is_over:
            seat = game.to_move[0]
            game.apply(bots[seat].choose(game, seat), seat=seat)
        games += 1
        wins += any(names[w] == "greedy" for w in game.result.winners)
    assert wins / games > 0.5


@pytest.mark.parametrize("gid", FAMILY)
def test_english_aliases_parse_to_the_same_actions(gid):
    game = ludoteca.new_game(gid, players=2, seed=1)
    pairs = {"roll": "tirar", "buy": "comprar", "end": "terminar", "pay-bail": "pagar-libertad",
             "sell 6": "vender 6", "build-house 6": "edificar-casa 6",
             "build-hotel 6": "edificar-hotel 6", "mortgage 6": "hipotecar 6",
             "cancel-mortgage 6": "cancelar-hipoteca 6", "Edificar Casa 6": "edificar-casa 6"}
    for english, spanish in pairs.items():
        assert game.parse(english) == game.parse(spanish)
        assert str(game.parse(english)) == spanish


@pytest.mark.parametrize("gid", FAMILY)
def test_round_limit_ends_the_game_ranked_as_a_bankruptcy(gid):
    """Ruling X1: after max_rounds rounds the game ends with reason 'limit'."""
    game = ludoteca.new_game(gid, players=3, seed=4, options={"max_rounds": 2})
    play_random(game, 4)
    assert game.result.reason in ("limit", "bankruptcy")
    if game.result.reason == "limit":
        assert game.turns == 6
        scores = [game.score(s) for s in range(3)]
        assert list(game.result.scores) == [float(s) if s % 1 else int(s) for s in scores]
    unlimited = ludoteca.new_game(gid, players=2, seed=1, options={"max_rounds": 0})
    assert unlimited.max_rounds == 0
    for bad in (-1, "many", 2.5, True):
        with pytest.raises(ludoteca.InvalidOption, match="max_rounds"):
            ludoteca.new_game(gid, players=2, options={"max_rounds": bad})


@pytest.mark.parametrize("gid", FAMILY)
def test_money_tables_are_the_rulebook_formulas_written_alike(gid):
    """The amounts worked out once per board (tables.py) are the Ruleset's formulas: equal
    values written with the same digits (balances keep their exact form), for every street and
    count of houses and hotels, and the cost of cancelling follows how the amount was written."""
    from ludoteca.games.monopoly.ruleset import MAX_HOTELS, MAX_HOUSES
    from ludoteca.games.monopoly.tables import MoneyTables

    game = ludoteca.new_game(gid, players=2, seed=0)
    rules, t = game.rules, game._t
    checked = 0
    for s in game.board.streets:
        sq = game.board.squares[s]
        for h in range(MAX_HOUSES + 1):
            for n in range(MAX_HOTELS + 1):
                i = MoneyTables.index(s, h, n)
                pairs = [(t.rent[i], rules.rent(sq.rent, h, n)),
                         (t.sale[i], rules.sale_price(sq.price, sq.build, sq.factor, h, n)),
                         (t.mortgage[i], rules.mortgage_amount(sq.mortgage, h, n)),
                         (t.title[i], rules.title_value(sq.price, sq.build, h, n))]
                for got, want in pairs:
                    assert str(got) == str(want)
                    checked += 1
                assert t.rent_j[i] == float(t.rent[i]) and t.sale_j[i] == float(t.sale[i])
    assert checked == 12 * 25 * 4
    assert MoneyTables.index(0, MAX_HOUSES + 1, 0) == -1
    assert [str(c) for c, _ in (t.cancel(Decimal("150")), t.cancel(Decimal("150.0")))] == \
        [str(rules.cancel_cost(Decimal("150"))), str(rules.cancel_cost(Decimal("150.0")))]
    assert t.cancel(Decimal("150"))[1] == 165


@pytest.mark.parametrize("gid", FAMILY)
def test_remembered_legal_actions_follow_every_change(gid):
    """The legal list is remembered per state: an action, an arrangement, a clone changed
    afterwards and a determinized world each get their own, equal to one worked out afresh."""
    game = ludoteca.new_game(gid, players=2, seed=3, dice=[1])
    game.arrange(owners={1: 0, 2: 0}, balances={0: 5000, 1: 5000}, positions={0: 1}, current=0)
    first = game.legal_actions()
    assert [str(a) for a in first] == ["tirar"]
    first.append("junk")                         # a caller's copy: the game's list is unharmed
    assert [str(a) for a in game.legal_actions()] == ["tirar"]
    game.apply("tirar")
    twin = game.clone()
    world = game.determinize(0, seed=7)
    for g in (game, twin, world):
        assert g.legal_actions() == g._compute_legal()
    assert game.pos[0] == 2 and "vender 1" in [str(a) for a in twin.legal_actions()]
    twin.apply("vender 1")
    assert "vender 1" not in [str(a) for a in twin.legal_actions()]
    assert "vender 1" in [str(a) for a in game.legal_actions()]
    assert all(game.legal_actions(seat) == [] for seat in range(2) if seat != game.current)
    assert all(a is game.all_actions[game.action_id(a)] for a in game.legal_actions())
