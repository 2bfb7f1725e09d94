"""bot:mcts (issue 6): information-set MCTS never peeks at hidden state, plays only legal
actions in every game, beats random play, and reads its parameters from its name."""

from __future__ import annotations

import json
import math
import random

import pytest

import ludoteca
from ludoteca.agents import agent_names, make_agent, parse_agent_name
from ludoteca.agents.heuristics import heuristic_for, prune_for, terminal_values
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.core.errors import InvalidOption
from ludoteca.core.result import Result

SHORT = {"qytetet": {"max_rounds": 6}, "civitas": {"max_rounds": 6}, "som": {"max_turns": 6},
         "elplan": {}, "sigloxx": {}}
PLAYERS = {"qytetet": 2, "civitas": 3, "som": 3, "elplan": 3, "sigloxx": 3}


def hidden(g) -> str:
    state = g.state_dict()
    state.pop("rng", None)
    return json.dumps(state, sort_keys=True, default=str)


def positions(gid, n, options, seed, count, every=9):
    """Some decisions with a choice, reached by random play: (game, seat)."""
    g = ludoteca.new_game(gid, players=n, seed=seed, options=options)
    rng = random.Random(seed)
    step, out = 0, []
    while not g.is_over and len(out) < count:
        step += 1
        seat = rng.choice(g.to_move)
        legal = g.legal_actions(seat)
        if step % every == 0 and len(legal) > 1:
            out.append((g.clone(), seat))
        g.apply(rng.choice(legal), seat=seat)
    return out


class Guard:
    """The real game as the agent may touch it: legal actions, views, determinize and the
    public facts (id, seats, who moves). Anything else fails the test."""

    ALLOWED = {"legal_actions", "view", "determinize", "game_id", "n_players", "to_move",
               "is_over", "names"}

    def __init__(self, game):
        object.__setattr__(self, "_game", game)

    def __getattr__(self, name):
        if name not in Guard.ALLOWED:
            raise AssertionError(f"the agent read game.{name}")
        return getattr(object.__getattribute__(self, "_game"), name)


# ----- (1) no peeking -------------------------------------------------------------------------
@pytest.mark.parametrize("rollout", ["random", "greedy"])
@pytest.mark.parametrize("gid", ["qytetet", "civitas", "som", "elplan", "sigloxx"])
def test_same_view_same_choice(gid, rollout):
    """Two games that differ only in what the seat cannot see (a game and a redraw of its
    hidden parts): same view, so the same seeded agent searches identically in both, whether
    its playouts are random or played by the greedy bot."""
    checked = differ = 0
    for seed in (1, 2):
        for g, seat in positions(gid, PLAYERS[gid], SHORT[gid], seed, 3):
            other = g.determinize(seat, seed=123)
            assert other.view(seat) == g.view(seat)
            differ += hidden(other) != hidden(g)
            depth = 40 if rollout == "random" else 8
            a, b = MCTSAgent(seed=7, iterations=25, rollout_depth=depth, rollout=rollout), \
                MCTSAgent(seed=7, iterations=25, rollout_depth=depth, rollout=rollout)
            assert a.choose(Guard(g), seat) == b.choose(Guard(other), seat)
            assert a.last_search["visits"] == b.last_search["visits"]
            checked += 1
    assert checked >= 4 and differ >= 1


def test_same_view_same_choice_with_others_secret_choices():
    """El Plan's simultaneous steps: the other seats' unrevealed choices differ between the two
    games (determinize redraws them), and the agent still answers the same."""
    checked = 0
    for seed in range(1, 30):
        g = ludoteca.new_game("elplan", players=3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and checked < 3:
            tm = g.to_move
            if len(tm) > 1:
                done_by_others = [s for s in tm[1:]]
                seat = tm[0]
                # let the others decide first, so their choices are secret from ``seat``
                for s in done_by_others:
                    while s in g.to_move:
                        g.apply(rng.choice(g.legal_actions(s)), seat=s)
                if seat in g.to_move and len(g.legal_actions(seat)) > 1:
                    other = g.determinize(seat, seed=5)
                    assert other.view(seat) == g.view(seat)
                    a, b = MCTSAgent(seed=3, iterations=20, rollout_depth=4), \
                        MCTSAgent(seed=3, iterations=20, rollout_depth=4)
                    assert a.choose(Guard(g), seat) == b.choose(Guard(other), seat)
                    assert a.last_search["visits"] == b.last_search["visits"]
                    checked += 1
                continue
            seat = tm[0]
            g.apply(rng.choice(g.legal_actions(seat)), seat=seat)
        if checked >= 3:
            break
    assert checked >= 3


def test_same_view_same_choice_with_a_secret_bid():
    """Som mode C: seat 2 has bid in secret; seat 0 decides its bid. Worlds where seat 2's bid
    differs look the same to seat 0, and the agent answers the same."""
    g = ludoteca.new_game("som", players=4, seed=1, options={"mode": "C"})
    hands = {0: {"mossos": 1, "sanidad": 1, "bosques": 1, "vivienda": 1},
             1: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
             2: {"sanidad": 1, "educacion": 1, "bosques": 1, "vivienda": 1},
             3: {"educacion": 1, "justicia": 1, "vias": 1, "carreteras": 1}}
    g.arrange(cells={15: "CN", 16: "W-SU"}, face_up=[16], disks=hands,
              pd={0: 3, 1: 2, 2: 2, 3: 1}, gh=0, phase="accion", face=1)
    for seat, text in [(0, "mover 16"), (0, "elecciones"), (0, "apoyar 0"), (1, "apoyar 1"),
                       (2, "apoyar 2"), (3, "apoyar 3"), (2, "pujar 2")]:
        g.apply(text, seat=seat)
    assert 0 in g.to_move and 2 not in g.to_move
    worlds = [g.determinize(0, seed=k) for k in range(40)]
    other = next(w for w in worlds if w.state_dict()["bids"] != g.state_dict()["bids"])
    assert other.view(0) == g.view(0)
    a, b = MCTSAgent(seed=11, iterations=40, rollout_depth=6), \
        MCTSAgent(seed=11, iterations=40, rollout_depth=6)
    assert a.choose(Guard(g), 0) == b.choose(Guard(other), 0)
    assert a.last_search["visits"] == b.last_search["visits"]


# ----- (2) only legal actions ------------------------------------------------------------------
@pytest.mark.parametrize("gid", ["qytetet", "civitas", "som", "elplan", "sigloxx"])
def test_plays_only_legal_actions(gid):
    """mcts against random to the end of a short game: every choice is
    legal, and the real game is never touched beyond legal_actions/view/determinize."""
    n = PLAYERS[gid]
    g = ludoteca.new_game(gid, players=n, seed=5, options=SHORT[gid])
    bot = make_agent("mcts:iterations=12,rollout_depth=3", gid, 1)
    other = make_agent("random", gid, 2)
    decisions = 0
    for _ in range(10_000):
        if g.is_over:
            break
        seat = g.to_move[-1]
        legal = g.legal_actions(seat)
        if seat == 0:
            before = hidden(g)
            action = bot.choose(Guard(g), seat)
            assert action in legal
            assert hidden(g) == before                        # the search left it untouched
            decisions += len(legal) > 1
        else:
            action = other.choose(g, seat)
        g.apply(action, seat=seat)
    assert g.is_over
    assert decisions >= 3


# ----- (3) strength ------------------------------------------------------------------------------
def test_beats_random_at_qytetet():
    wins = 0
    for k in range(20):
        g = ludoteca.new_game("qytetet", players=2, seed=500 + k, options={"max_rounds": 8})
        me = k % 2
        agents = {me: make_agent("mcts:iterations=60", "qytetet", k),
                  1 - me: make_agent("random", "qytetet", k)}
        while not g.is_over:
            seat = g.to_move[0]
            g.apply(agents[seat].choose(g, seat), seat=seat)
        wins += g.result.winners == (me,)
    assert wins >= 15


# ----- (4) parameters ---------------------------------------------------------------------------
def test_registered_for_every_game():
    for gid in ludoteca.games():
        assert "mcts" in agent_names(gid)
        assert isinstance(make_agent("mcts", gid, 1), MCTSAgent)


def test_default_budget_is_about_a_second():
    bot = make_agent("mcts", "qytetet", 1)
    assert bot.seconds == 1.0 and bot.iterations is None


def test_parameters_from_the_name():
    bot = make_agent("mcts:iterations=200", "civitas", 3)
    assert bot.iterations == 200 and bot.seconds is None
    bot = make_agent("mcts:seconds=0.5", "som", 3)
    assert bot.seconds == 0.5 and bot.iterations is None
    bot = make_agent("mcts: iterations=50 , rollout_depth=0, c=1.2,seconds=2", "elplan", 3)
    assert (bot.iterations, bot.rollout_depth, bot.c, bot.seconds) == (50, 0, 1.2, 2.0)
    assert parse_agent_name("mcts:seconds=1") == ("mcts", {"seconds": 1})
    assert parse_agent_name("greedy") == ("greedy", {})


@pytest.mark.parametrize("name, words", [
    ("mcts:depth=3", ["depth", "iterations", "seconds", "rollout_depth", "c", "rollout"]),
    ("mcts:rollout=smart", ["rollout", "random", "greedy"]),
    ("mcts:prior=-1", ["prior"]),
    ("mcts:tie=-0.1", ["tie"]),
    ("random:seconds=1", ["no parameters"]),
    ("mcts:iterations", ["key=value"]),
    ("mcts:iterations=1,iterations=2", ["twice"]),
    ("mcts:iterations=0", ["iterations"]),
    ("mcts:iterations=2.5", ["iterations"]),
    ("mcts:seconds=-1", ["seconds"]),
    ("mcts:seconds=soon", ["seconds"]),
    ("mcts:rollout_depth=-2", ["rollout_depth"]),
    ("mcts:c=-1", ["c"]),
    ("alphazero:seconds=1", ["no bot", "mcts"]),
])
def test_bad_parameters(name, words):
    with pytest.raises(InvalidOption) as err:
        make_agent(name, "qytetet", 1)
    for word in words:
        assert word in str(err.value)


def test_iteration_budget_is_deterministic():
    g = ludoteca.new_game("sigloxx", players=3, seed=9)
    seat = g.to_move[0]
    picks = {str(MCTSAgent(seed=4, iterations=15, rollout_depth=2).choose(g, seat))
             for _ in range(2)}
    assert len(picks) == 1


def test_time_budget_is_kept():
    g = ludoteca.new_game("qytetet", players=2, seed=3)
    g.apply("tirar")
    bot = make_agent("mcts:seconds=0.1", "qytetet", 1)
    if len(g.legal_actions()) > 1:
        bot.choose(g, g.to_move[0])
        assert bot.last_search["seconds"] < 0.5 and bot.last_search["iterations"] >= 1


# ----- values -------------------------------------------------------------------------------------
def test_terminal_values():
    r = Result((1, 0, 2), (1,), (5, 7, 1), "fin")
    assert terminal_values(r, 3) == [0.25, 1.0, 0.0]
    shared = Result((0, 1, 2), (0, 1), (5, 5, 1), "fin")
    assert terminal_values(shared, 3) == [0.5, 0.5, 0.0]
    nobody = Result((1, 0), (), (0, 4), "intervencion")
    assert terminal_values(nobody, 2) == [0.0, 0.0]


@pytest.mark.parametrize("gid", ["qytetet", "civitas", "som", "elplan", "sigloxx"])
def test_heuristics_are_values_per_seat(gid):
    for g, seat in positions(gid, PLAYERS[gid], SHORT[gid], 3, 3, every=5):
        values = heuristic_for(gid)(g.determinize(seat, 1))
        assert len(values) == g.n_players and all(0.0 <= v <= 1.0 for v in values)


# ----- at the table -----------------------------------------------------------------------------
def test_cli_seats_with_parameters():
    from ludoteca.cli.table import parse_players, players_spec

    seats = parse_players("Ana,bot:mcts:iterations=200,rollout_depth=2,bot:greedy", "en")
    assert [(s.name, s.bot) for s in seats] == [
        ("Ana", None), ("mcts", "mcts:iterations=200,rollout_depth=2"), ("greedy", "greedy")]
    assert players_spec(seats) == "Ana,bot:mcts:iterations=200,rollout_depth=2,bot:greedy"
    seats = parse_players("Ana,bot:mcts:seconds=1", "en")
    assert [(s.name, s.bot) for s in seats] == [("Ana", None), ("mcts", "mcts:seconds=1")]


def test_cli_plays_mcts_to_the_end():
    from typer.testing import CliRunner

    from ludoteca.cli.main import app

    result = CliRunner().invoke(app, ["play", "qytetet", "--players",
                                      "bot:mcts:iterations=10,c=0.3,bot:random", "--seed", "3",
                                      "--option", "max_rounds=3", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "mcts" in result.output
    result = CliRunner().invoke(app, ["play", "qytetet", "--players", "Ana,bot:mcts:depth=1",
                                      "--seed", "3", "--lang", "en"])
    assert result.exit_code != 0 and "rollout_depth" in result.output


def test_per_game_defaults_and_greedy_prior():
    """El Plan and Siglo XX play their playouts with the greedy bot; Siglo XX also favours the
    greedy bot's choice, so with a budget of one iteration per legal action it is tried first."""
    from ludoteca.agents.mcts import DEFAULT_DEPTH, DEFAULT_PRIOR, DEFAULT_ROLLOUT

    assert DEFAULT_ROLLOUT["elplan"] == DEFAULT_ROLLOUT["sigloxx"] == "greedy"
    assert DEFAULT_DEPTH["sigloxx"] > 0 and DEFAULT_PRIOR["sigloxx"] > 0
    g = ludoteca.new_game("sigloxx", players=3, seed=4)
    seat = g.to_move[0]
    legal = g.legal_actions(seat)
    assert len(legal) > 2
    greedy = make_agent("greedy", "sigloxx", 9).choose(g, seat)
    bot = MCTSAgent(seed=2, iterations=1, rollout_depth=0, prior=5.0)
    assert bot.choose(g, seat) == greedy          # the only child expanded is the greedy one
    assert bot.last_search["visits"] == {str(greedy): 1}


# ----- ties go to the greedy bot ------------------------------------------------------------------
def test_a_tie_of_one_plays_the_greedy_choice():
    """With ``tie=1`` every searched value is within the tie, so mcts plays what the greedy bot
    would; with ``tie=0`` the search decides alone."""
    differ = 0
    for gid in ("som", "qytetet"):
        for g, seat in positions(gid, 2, SHORT[gid], 5, 4, every=3):
            legal = [str(a) for a in g.legal_actions(seat)]
            bot = MCTSAgent(seed=3, iterations=40, tie=1.0)
            choice = str(bot.choose(g, seat))
            assert choice in legal
            greedy = bot.last_search["greedy"]
            prune = prune_for(gid)
            if prune and greedy not in {str(a) for a in prune(g, seat, g.legal_actions(seat))}:
                assert choice != greedy       # greedy undoes a mortgage: the search never does
            else:
                assert choice == greedy
            alone = MCTSAgent(seed=3, iterations=40, tie=0)
            differ += str(alone.choose(g, seat)) != choice
            assert "greedy" not in alone.last_search
    assert differ, "the search alone never differed from the greedy bot: the test shows nothing"


@pytest.mark.parametrize("seed", [2007, 2009])
def test_som_citizen_stops_walking(seed):
    """SOM-11.1, SOM-11.2 (G12): after a step onto a Catalunya card the mover may step again or
    stop, with no limit. Stopping later is worth as much as stopping now, so without the tie
    rule the search's noise kept mcts walking between two face-up cards for thousands of steps
    in these seeded games (2 players, 200 iterations). Now every game ends and no mover walks
    more than a few steps a turn."""
    g = ludoteca.new_game("som", players=2, seed=seed)
    me = seed % 2
    bots = [make_agent("mcts:iterations=200" if s == me else "greedy", "som", seed * 10 + s)
            for s in range(2)]
    most = 0
    while not g.is_over:
        seat = g.to_move[0]
        if seat == me:
            most = max(most, g.view(me)["steps"])
        g.apply(bots[seat].choose(g, seat), seat=seat)
        assert most <= 20, f"mcts walked {most} steps in one turn"
    assert g.result.reason in ("consulta", "intervencion", "dui")


def _som_values(pd: dict, empty_hisenda: bool) -> list[float]:
    """The Som evaluation at the roll of a 2-player turn (the taxes paid from 3 € each) with
    these participation disks, Hisenda holding the rest of the disks or nothing."""
    from ludoteca.games.som.common import TYPE_CODES, TYPE_COUNTS

    g = ludoteca.new_game("som", players=2, seed=1)
    disks = {0: {"sanidad": 1, "vias": 1}, 1: {"sanidad": 1, "vias": 1}}
    setup = {"pd": pd, "disks": disks}
    if empty_hisenda:                  # every other disk to the two seats, half each
        rest = dict(zip(TYPE_CODES, TYPE_COUNTS, strict=True))
        rest["sanidad"] -= 2
        rest["vias"] -= 2
        for t, count in rest.items():
            disks[0][t] = disks[0].get(t, 0) + count // 2
            disks[1][t] = disks[1].get(t, 0) + count - count // 2
        setup["hisenda"] = {}
    g.arrange(**setup)
    return heuristic_for("som")(g)


def test_som_values_count_the_lead_and_a_coming_dui():
    """SOM-5.1 and SOM-5.3: at a consulta or a DUI the most participation disks win, so the
    evaluation follows the lead, not the share (8–1 is nearly a sure win if the game ends
    now). SOM-8.7: when Hisenda holds less than the die may ask, a DUI is near and the game
    ends with a winner, so the leader's value rises and an even table stays even."""
    even = _som_values({0: 3, 1: 3}, False)
    ahead = _som_values({0: 5, 1: 2}, False)
    far = _som_values({0: 8, 1: 1}, False)
    assert even[0] == pytest.approx(even[1])
    assert ahead[0] > even[0] > ahead[1] and far[0] > ahead[0]
    assert far[1] < 0.01 * far[0]                       # 1 disk of 9 is no 11 % share
    dui_even = _som_values({0: 3, 1: 3}, True)
    dui_far = _som_values({0: 8, 1: 1}, True)
    assert dui_even[0] == pytest.approx(dui_even[1])
    assert dui_far[0] > 3 * far[0]     # the taxes refilled Hisenda by 3 €: only a 4 € roll


def test_som_values_count_the_taxes_still_due_this_turn():
    """SOM-7.1, SOM-7.2: while this turn's taxes are being paid, the evaluation's safety counts
    what is still due of them (the payer choosing a disk, then the Generalitat) and then the
    next turn's, not two turns ahead."""
    from ludoteca.agents.eval_som import _som_taxes_ahead

    g = ludoteca.new_game("som", players=2, seed=1, options={"mode": "B"})  # types matter
    g.arrange(disks={0: {"sanidad": 1, "justicia": 1}, 1: {"vias": 1, "bosques": 1}})
    assert g.to_move == (1,) and {str(a) for a in g.legal_actions(1)} == \
        {"pagar-vias", "pagar-bosques"}
    assert _som_taxes_ahead(g) == ([2, 1], [1, 2])   # seat 0 holds the Generalitat
    g.apply("pagar-vias", seat=1)
    assert g.to_move == (0,)
    assert _som_taxes_ahead(g) == ([2, 0], [1, 2])


def _civitas_levy_position(balance: int):
    """Civitas, 2 players: seat 0 has 8 houses and ``balance`` €, seat 1 owns nothing; the top
    surprise card pays (so the next roll ruins nobody), the building levy is further down."""
    g = ludoteca.new_game("civitas", players=2, seed=1)
    deck = [0] + [i for i in range(len(g.board.cards)) if i != 0]
    g.arrange(balances={0: balance, 1: 5000}, positions={0: 13, 1: 0},
              owners={1: 0, 2: 0, 4: 0, 6: 0}, houses={1: 2, 2: 2, 4: 2, 6: 2}, deck=deck)
    return g


def test_civitas_values_count_the_building_levy_over_several_turns(monkeypatch):
    """CV-10.1 (PORCASAHOTEL cards in the deck; one charges 100 € a building), CV-7.6 and
    CV-2.1 (a payment larger than the balance is still made and bankrupts): with 8 houses and
    600 € that card ruins seat 0 whenever it is drawn. The next roll cannot draw it here, but
    the evaluation counts the chance over the next turns (3 SORPRESA squares of 20, 1 card of
    11, five more rolls: about 6.6 %), so 600 € is worth less than with the next roll alone;
    with 900 € nothing can ruin the seat and the two agree."""
    from ludoteca.agents import eval_monopoly

    def value(balance: int, turns: int) -> float:
        monkeypatch.setattr(eval_monopoly, "CIVITAS_RUIN_TURNS", turns)
        return heuristic_for("civitas")(_civitas_levy_position(balance))[0]

    assert value(600, 6) < value(600, 1) - 0.03
    assert value(900, 6) == pytest.approx(value(900, 1))
    assert value(900, 6) > value(600, 6)


def _elplan_values(**setup) -> list[float]:
    """The El Plan evaluation at the first Opportunity of a 2-player game arranged so."""
    g = ludoteca.new_game("elplan", players=2, seed=1)
    g.arrange(**setup)
    return heuristic_for("elplan")(g)


def test_elplan_values_count_the_lead_and_the_ideas_to_come():
    """EP-SCO.1, EP-SCO.7: each Idea is a point and the most points win, so the evaluation
    follows the lead (an Idea ahead is worth about 73 %). EP-D7.1: three Products of three
    types in hand before D7 are an Idea to come, worth nearly as much; one type towards a set
    a little. EP-SCO.8: resources break ties, so more of them is a little better (three more
    count less than one type towards a set)."""
    even = _elplan_values()
    assert even[0] == pytest.approx(even[1]) == pytest.approx(0.5)
    idea = _elplan_values(ideas={0: 1})
    assert idea[0] == pytest.approx(1 / (1 + math.exp(-1)))
    assert idea[0] + idea[1] == pytest.approx(1.0)
    full_set = _elplan_values(hand={0: {"mp": 1, "bc": 1, "sv": 1}})
    one_type = _elplan_values(hand={0: {"mp": 1, "bc": 0, "sv": 0}})
    assert idea[0] > full_set[0] > one_type[0] > even[0]
    pair = _elplan_values(hand={0: {"mp": 2, "bc": 0, "sv": 0}})
    assert pair[0] == pytest.approx(one_type[0])        # a second of a type is no closer
    richer = _elplan_values(resources={0: {"ch": 3, "d": 3, "e": 3}})
    assert even[0] < richer[0] < one_type[0]


def test_elplan_values_forget_the_hand_after_d7():
    """EP-SUM.2 (the merma keeps one Product of one type) and EP-D7.5 (D7 is the last District):
    once D7 is over, a hand of three types makes no Idea, so it counts nothing."""
    from ludoteca.games.elplan.common import S_D7, S_MERMA

    g = ludoteca.new_game("elplan", players=2, seed=1)
    g.arrange(hand={0: {"mp": 1, "bc": 1, "sv": 1}})
    world = g.clone()
    for stage, ahead in ((S_D7, True), (S_MERMA, False)):
        world.stage = stage                  # the evaluation reads the stage, nothing else moves
        v = heuristic_for("elplan")(world)
        assert (v[0] > 0.6) is ahead and v[0] >= 0.5


# ----- Qytetet and Civitas: no undoing a mortgage in the same turn ------------------------------
@pytest.mark.parametrize("gid", ["qytetet", "civitas"])
def test_a_mortgage_is_not_undone_in_the_turn_it_was_taken(gid):
    """QY-8.6 / CV-8.6: cancelling costs the amount received plus 10 %, so mortgaging a street
    and cancelling it in the same turn (or cancelling, then mortgaging again) only loses
    money. The search leaves those undoings out; the next turn they are allowed again, and the
    rules still allow them to a person."""
    from ludoteca.agents.heuristics import prune_for

    g = ludoteca.new_game(gid, players=2, seed=1)
    g.arrange(owners={1: 0, 2: 0}, balances={0: 5000, 1: 5000}, mortgaged={2: True})
    prune = prune_for(gid)
    g.apply("tirar", seat=0)
    while g.to_move == (0,) and "hipotecar 1" not in {str(a) for a in g.legal_actions(0)}:
        g.apply(g.legal_actions(0)[0], seat=0)        # answer a square first (buy or not)
    g.apply("hipotecar 1", seat=0)
    g.apply("cancelar-hipoteca 2", seat=0)
    legal = {str(a) for a in g.legal_actions(0)}
    assert {"cancelar-hipoteca 1", "hipotecar 2"} <= legal      # the rules allow both
    kept = {str(a) for a in prune(g, 0, g.legal_actions(0))}
    assert kept == legal - {"cancelar-hipoteca 1", "hipotecar 2"} and "terminar" in kept
    bot = MCTSAgent(seed=1, iterations=60)
    assert str(bot.choose(g, 0)) in kept
    g.apply("terminar", seat=0)
    g.apply("tirar", seat=1)
    assert prune(g, 1, g.legal_actions(1)) == g.legal_actions(1)   # the other seat's turn


@pytest.mark.parametrize(("gid", "seed"), [("qytetet", 1009), ("civitas", 1011)])
def test_mcts_never_mortgages_and_cancels_one_street_in_a_turn(gid, seed):
    """QY-8.6 / CV-8.6. In these seeded games against greedy (300 iterations, 120 turns),
    mcts used to mortgage and cancel the same street in one turn, often several times (13
    undoings in the Civitas game); now it still mortgages, but no turn of its has both."""
    g = ludoteca.new_game(gid, players=2, seed=seed)
    me = seed % 2
    bots = [make_agent("mcts:iterations=300" if s == me else "greedy", gid, seed * 10 + s)
            for s in range(2)]
    turn: set[tuple[str, str]] = set()
    undone = mortgages = 0
    while not g.is_over and g.turns < 120:
        seat = g.to_move[0]
        action = bots[seat].choose(g, seat)
        if action.name == "tirar" or seat != me:
            turn = set()
        if seat == me and action.name in ("hipotecar", "cancelar-hipoteca"):
            other = "cancelar-hipoteca" if action.name == "hipotecar" else "hipotecar"
            undone += (other, str(action.arg)) in turn
            mortgages += action.name == "hipotecar"
            turn.add((action.name, str(action.arg)))
        g.apply(action, seat=seat)
    assert mortgages, "mcts never mortgaged: the test shows nothing"
    assert undone == 0


def _solo(setup: dict | None = None):
    """A solo Som game (seed 1, the tax of 3 € due) arranged with ``setup``."""
    g = ludoteca.new_game("som", players=1, seed=1)
    if setup:
        g.arrange(**setup)
    return g


def _cell_of_card(g, card_id: str) -> int:
    from ludoteca.games.som.common import CARD_ID

    return next(c for c in range(len(g.cells)) if g.cells[c] >= 0 and
                CARD_ID[g.cells[c]] == card_id)


def test_som_solo_values_count_the_money_after_the_tax_and_atc():
    """SOM-18.4, SOM-18.5, SOM-4.3: alone, the player pays 3 € a turn (2 € with ATC face up)
    and loses when he cannot pay, so the solo evaluation grows with the money left after the
    tax now due, and ATC face up is worth more than a euro. SOM-5.7: it is one value, the
    player's chance to win."""
    from ludoteca.agents import som_solo

    poor = _solo({"disks": {0: {"sanidad": 2, "vias": 1}}})              # 5 €
    rich = _solo({"disks": {0: {"sanidad": 3, "educacion": 1, "vias": 2}}})  # 10 €
    assert som_solo.features(poor)[2] == 5 - 3                 # the tax of 3 € is due
    assert som_solo.features(rich)[2] == 10 - 3
    values = [heuristic_for("som")(g) for g in (poor, rich)]
    assert all(len(v) == 1 and 0 < v[0] < 1 for v in values)
    assert values[1][0] > values[0][0] + 0.2
    g = _solo({"disks": {0: {"sanidad": 2, "vias": 1}}})
    g.arrange(face_up=[_cell_of_card(g, "C-ATC")])
    assert som_solo.features(g)[3] == 1.0 and som_solo.value(g) > som_solo.value(poor)
    assert len(som_solo.features(g)) == len(som_solo.WEIGHTS) == len(som_solo.FEATURE_NAMES)


def test_som_solo_values_count_the_spain_cards_still_face_down():
    """SOM-12.3, SOM-12.6: a Spain card turned sends the urna pile back to the map, and under
    high centralism (the solo default, SOM-18.3) it may stay face up, out of the way: so the
    fewer Spain cards face down, the better, and the urna cards found count only with few
    Spain cards left to find (SOM-4.2: four end the game)."""
    from ludoteca.agents import som_solo

    g = _solo()
    spain = [_cell_of_card(g, f"E-{k}") for k in (1, 2)]
    shown = _solo({"face_up": spain})
    assert som_solo.features(shown)[5] == 2 and som_solo.features(g)[5] == 4
    assert som_solo.value(shown) > som_solo.value(g)
    found = _solo({"pile": ["U-1", "U-2", "U-3"], "face_up": spain})
    assert som_solo.value(found) > som_solo.value(shown)


def test_som_solo_search_turns_the_card_next_to_the_citizen():
    """SOM-18.8, SOM-10.4, SOM-10.6: alone, the citizen moves every turn and a face-down card
    stepped on is turned. The cards do not change while the money runs down, so in its own
    worlds a search does not end a walk without turning the face-down card next to the
    citizen (stepping onto face-up cards or stopping): only the face-down steps are left.
    With no face-down card next to him, and with two players, nothing is left out."""
    from ludoteca.games.som.common import NEIGH

    moving = {"phase": "accion", "face": 1}
    g = ludoteca.new_game("som", players=1, seed=2)          # no urna card next to CN
    around = [x for x in NEIGH[g.cn_cell] if g.cells[x] >= 0]
    g.arrange(**moving, face_up=around[:2])
    legal = g.legal_actions(0)
    assert {a.arg for a in legal} == set(around)
    prune = prune_for("som")
    assert {a.arg for a in prune(g, 0, legal)} == set(around[2:])
    g.arrange(**moving, face_up=around)                # every card around him face up
    assert prune(g, 0, g.legal_actions(0)) == g.legal_actions(0)
    two = ludoteca.new_game("som", players=2, seed=1)        # no urna card next to CN
    around = [x for x in NEIGH[two.cn_cell] if two.cells[x] >= 0]
    two.arrange(**moving, face_up=around[:2])
    assert prune(two, 0, two.legal_actions(0)) == two.legal_actions(0)


def test_som_solo_search_goes_for_the_last_urna_card_where_a_refill_dealt_it():
    """SOM-12.8, SOM-4.2, SOM-18.8: a Spain event deals the cards it collected into the
    emptied cells, so those cells hold only those cards (public). Here the refill (cells 8 and
    9, next to Concentració nacional) holds the last urna card and a Catalunya card: the search
    samples its worlds within each deal and turns one of them, not a card of the setup, which
    can only be a Spain card or no help. A search that sampled over every face-down cell
    would see nothing special in cells 8 and 9."""
    from ludoteca.agents.mcts import MCTSAgent

    chosen = set()
    for seed in range(4):
        g = ludoteca.new_game("som", players=1, seed=seed)
        g.arrange(cells={15: "CN", 8: "U-4", 9: "C-01"}, pile=["U-1", "U-2", "U-3"],
                  phase="accion", face=1)
        g.deal[8] = g.deal[9] = g.deals = 1         # as a Spain event's refill leaves them
        refill = next(d for d in g.view(0)["deals"] if d["deal"] == 1)
        assert refill["flags"] == {"catalunya": 1, "mon": 0, "urna": 1, "espanya": 0}
        steps = {a.arg for a in g.legal_actions(0)}
        assert {8, 9} < steps and len(steps) >= 6
        action = MCTSAgent(iterations=300, seed=seed).choose(g, 0)
        chosen.add(action.arg)
    assert chosen <= {8, 9}


# ----- speed work (issue 20): the same searches, seed for seed ----------------------------------
#: (chosen action, root visits) at 12 positions, digested; recorded before the speed work of
#: issue 20 item 2 — a faster search, world sampling or evaluation must not change one visit
SEARCH_DIGESTS = {"qytetet": "8a3ebb21d33b57ce", "civitas": "98f587f80c83517f"}


@pytest.mark.parametrize("gid", sorted(SEARCH_DIGESTS))
def test_searches_visit_as_recorded(gid):
    import hashlib

    agent = make_agent("mcts:iterations=80", gid, 5)
    out = []
    for g, seat in positions(gid, 3, {"max_rounds": 10}, 11, 12, every=5):
        action = agent.choose(g, seat)
        out.append([str(action), sorted(agent.last_search["visits"].items())])
    assert hashlib.sha256(json.dumps(out).encode()).hexdigest()[:16] == SEARCH_DIGESTS[gid]


def test_randbelow_draws_as_randrange():
    """The search expands with ``Random._randbelow(k)``: ``randrange(k)`` without its checks,
    the same draws (true of this Python; a change would change every seeded search)."""
    sizes = [1, 2, 3, 5, 7, 8, 13, 64, 100] * 50
    a, b = random.Random(8), random.Random(8)
    assert [a.randrange(k) for k in sizes] == [b._randbelow(k) for k in sizes]
    assert a.getstate() == b.getstate()


def test_monopoly_shuffle_is_random_shuffle():
    from ludoteca.games.monopoly.state import shuffle_as_random

    for seed in range(300):
        for size in (0, 1, 2, 10, 11, 17):
            a, b = list(range(size)), list(range(size))
            ra, rb = random.Random(seed), random.Random(seed)
            ra.shuffle(a)
            shuffle_as_random(b, rb.getrandbits)
            assert a == b and ra.getstate() == rb.getstate()


def _open_state(g) -> str:
    """The whole state but the events of the last action (a sampled world records none)."""
    state = g.state_dict()
    state.pop("last_events")
    return json.dumps(state, sort_keys=True, default=str)


@pytest.mark.parametrize("gid", ["qytetet", "civitas"])
def test_a_sampled_world_deals_when_first_used_as_if_at_once(gid):
    """QY-10.10 / CV-10.10, G16: determinize redraws the deck's order and the dice from the
    seed (a generator seeded with it shuffles the deck in canonical order, then rolls). It does
    so when the world first draws or its top card is read; a world dealt at once and one left
    to deal itself go through the same states, and the view is the real game's."""
    from ludoteca.core.rng import GameRandom

    worlds = 0
    for g, seat in positions(gid, 3, {}, 21, 8, every=4):
        for seed in (1, 99, 2**32 - 1):
            lazy, dealt = g.determinize(seat, seed), g.determinize(seat, seed)
            assert lazy.view(seat) == g.view(seat)
            top = dealt.top_card()                 # deals
            deck = sorted(g.deck)
            random.Random(seed).shuffle(deck)
            assert dealt.deck == deck and top == deck[0]
            rng = GameRandom(seed)
            rng.shuffle(sorted(g.deck))
            assert dealt.rng.fingerprint() == rng.fingerprint()
            play = random.Random(seed)
            for step in range(12):
                if lazy.is_over:
                    break
                actor = lazy.to_move[0]
                action = play.choice(lazy.legal_actions(actor))
                assert action in dealt.legal_actions(actor)
                lazy.apply(action, seat=actor)
                dealt.apply(action, seat=actor)
                if step == 5:
                    lazy, dealt = lazy.clone(), dealt.clone()
            assert _open_state(lazy) == _open_state(dealt)
            worlds += 1
    assert worlds == 24


@pytest.mark.parametrize("gid", ["qytetet", "civitas"])
def test_a_sampled_world_records_no_events_and_plays_the_same(gid):
    """A search reads no events, so determinize's worlds record none (``apply`` returns an
    empty list, ``recent_events`` is empty); a game in the very same state that records them
    goes through the same states."""
    from ludoteca.core.rng import GameRandom

    for g, seat in positions(gid, 2, {}, 5, 6, every=4):
        world = g.determinize(seat, 7)
        world.top_card()                                # dealt: its deck is known now
        loud = g.clone()
        loud.deck, loud.rng = list(world.deck), GameRandom(0)
        loud.rng._rng.setstate(world.rng._rng.getstate())
        play = random.Random(seat)
        for _ in range(15):
            if world.is_over:
                break
            actor = world.to_move[0]
            action = play.choice(world.legal_actions(actor))
            assert world.apply(action, seat=actor) == [] and world.recent_events == ()
            assert loud.apply(action, seat=actor) and loud.recent_events
            assert _open_state(world) == _open_state(loud)


@pytest.mark.parametrize("gid", ["qytetet", "civitas"])
def test_monopoly_values_skip_only_seats_nothing_can_ruin(gid, monkeypatch):
    """QY-2.2 / CV-2.2: the evaluation leaves out the chance of ruin of a seat that could pay
    the largest rent, tax or card it may meet (``_safe_seats``; when that is every seat, only
    the lead counts); for those the chance is 0 and the values are the ones counted in full
    (every seat's chance counted). Checked over poor and rich positions."""
    from decimal import Decimal

    from ludoteca.agents import eval_monopoly as ev

    found = ev._safe_seats
    seen: dict = {}

    def spy(w, b, top_rent, buildings):
        seen["safe"] = found(w, b, top_rent, buildings)
        return seen["safe"]

    def none_safe(w, b, top_rent, buildings):
        return [False] * len(top_rent)

    value = heuristic_for(gid)
    counts = {True: 0, False: 0}
    for seed in range(8):
        for g, seat in positions(gid, 2 + seed % 3, {}, 300 + seed, 6, every=15):
            # by hand: the seat is poor (the tax ruins it) or the next seat's hotels' rent does
            g.bal[seat] = Decimal(40 * (seed + 1) if seed % 2 else 520 + 60 * seed)
            for s in g.board.streets[seed % 3::3]:
                g.owner[s], g.houses[s], g.hotels[s] = (seat + 1) % len(g.names), 0, 4
            g._legal = None
            world = g.determinize(seat, seed)
            monkeypatch.setattr(ev, "_safe_seats", none_safe)
            full = value(world)
            monkeypatch.setattr(ev, "_safe_seats", spy)
            assert value(world) == full
            for k, safe in enumerate(seen["safe"]):
                counts[safe] += 1
                if safe:
                    assert ev._bust_chance(world, k) == 0
                    assert ev._any_roll_bust_chance(world, k) == 0
    assert counts[True] and counts[False]
