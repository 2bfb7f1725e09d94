"""The solo Som ``planner`` bot and the relaxed game it steers by: exact values on small card
states, whole games that replay, no peeking, greedy play with more than one player."""

from __future__ import annotations

import random
import shutil

import pytest
from test_no_peek import Guard, som_face_down

import ludoteca
from ludoteca.agents import make_agent, som_planner
from ludoteca.agents.som_planner import DOWN, Lookahead, Plan, SomSoloPlanner, group_values
from ludoteca.agents.som_relaxed import TABLE, RelaxedSolo, Unsolved, norm, relaxed_for, table_key
from ludoteca.core.errors import InvalidOption
from ludoteca.games.som.bots import SomGreedyAgent
from ludoteca.games.som.common import PH_MOVE

#: the compiled solver is built wherever a C compiler is (``pip install`` builds it)
needs_compiled = pytest.mark.skipif(
    not RelaxedSolo().compiled and not (shutil.which("cc") or shutil.which("gcc")),
    reason="the compiled solver is not built (no C compiler)")


def play(bot_name: str, seed: int, players: int = 1, cap: int = 4000):
    """A seeded game of ``bot_name`` in every seat: (the game, its actions as text)."""
    game = ludoteca.new_game("som", players=players, seed=seed)
    bots = [make_agent(bot_name, "som", seed * 10 + s) for s in range(players)]
    actions = []
    while not game.is_over and len(actions) < cap:
        seat = game.to_move[0]
        action = bots[seat].choose(game, seat)
        actions.append(str(action))
        game.apply(action, seat=seat)
    return game, actions


def move_positions(seed: int, count: int, every: int = 3):
    """Solo positions where the citizen moves with a choice, reached by the greedy bot."""
    game = ludoteca.new_game("som", players=1, seed=seed)
    greedy = SomGreedyAgent(seed)
    out, k = [], 0
    while not game.is_over and len(out) < count:
        legal = game.legal_actions(0)
        if game.phase == PH_MOVE and len(legal) > 1:
            k += 1
            if k % every == 0:
                out.append(game.clone())
        game.apply(greedy.choose(game, 0), seat=0)
    return out


# ----- the relaxed game -------------------------------------------------------------------
def test_relaxed_last_urna_card_wins_at_any_money():
    """The fourth urna card alone under the map: turning it is the consulta (SOM-4.2)."""
    relaxed = RelaxedSolo()
    (outs,) = relaxed.group_outcomes((1, 0, 0, 0, 0), ())
    assert [relaxed.group_value(outs, x) for x in (0, 5, 36)] == [1.0, 1.0, 1.0]


def test_relaxed_world_card_ends_the_turn_and_the_tax_is_due():
    """One urna and one world card left, ATC face up (2 € of tax): half the time the urna card
    wins at once; the other half the turn ends (SOM-11.3) and the next one needs 2 € of tax
    (SOM-18.5) before the urna card can be turned. At a turn's start with 2 €: the tax leaves
    0 €, and the die's 0 € (1 in 6) leaves a card that wins only half the time."""
    relaxed = RelaxedSolo()
    (outs,) = relaxed.group_outcomes((1, 0, 1, 0, 0), ())
    assert relaxed.group_value(outs, 1) == pytest.approx(0.5)
    assert relaxed.group_value(outs, 2) == pytest.approx(1.0)
    T, W = relaxed.solve((1, 0, 1, 0, 0), ())
    assert T[1] == 0.0                                   # cannot pay: intervención
    assert T[2] == pytest.approx(5 / 6 + 1 / 6 * 0.5)


def test_relaxed_group_vectors_are_the_group_values_at_every_money():
    """The solver's per-money sums (:meth:`RelaxedSolo.group_vector`) are exactly the
    one-money ones the planner reads (the same terms in the same order), on states with every
    kind of outcome: the consulta, a world card, an economic-capacity payout (a DUI past the
    money), ATC, Spain events."""
    relaxed = RelaxedSolo.for_tables(ludoteca.new_game("som", players=1, seed=1).K)
    states = [((1, 0, 1, 0, 0), ()), ((2, 1, 3, 1, 1), ((1, 1, 0, 1),)),
              ((0, 2, 5, 2, 0), ((1, 0, 1, 1), (2, 1, 0, 0))), ((1, 1, 2, 1, 0), ((0, 2, 0, 1),))]
    checked = 0
    for orig, deals in states:
        for outs in relaxed.group_outcomes(orig, norm(deals)):
            vector = relaxed.group_vector(outs)
            assert vector == [relaxed.group_value(outs, x) for x in range(relaxed.money + 1)]
            checked += 1
    assert checked >= 8


def test_relaxed_start_value_is_the_bound():
    """From the start (8 €, tax due) the relaxed game's best win chance is 55.6 %: the bound
    the README quotes (``bench/som_solo_bound.py``)."""
    relaxed = relaxed_for(ludoteca.new_game("som", players=1, seed=1).K)
    assert relaxed.cards == (4, 4, 11, 3, 1) and relaxed.money == 36
    assert relaxed.start_value(8) == pytest.approx(0.5556, abs=5e-5)
    assert relaxed.start_value(12) > relaxed.start_value(8) > relaxed.start_value(4)


def test_shipped_table_holds_the_solvers_values():
    """The shipped table (``tools/som_relaxed_table.py``) is the solver's: 300 of its states
    whose few cards solve quickly, solved afresh without the table, give the same values to the
    last bit; the state after an alignment (a deal holding Spain cards) is not in it."""
    K = ludoteca.new_game("som", players=1, seed=1).K
    shipped = relaxed_for(K)
    assert shipped.ready and len(shipped._rows) == 84276
    small = sorted(k for k in shipped._rows if sum(k) <= 9)
    fresh = RelaxedSolo.for_tables(K, compiled=False)
    for key in random.Random(5).sample(small, 300):
        orig = tuple(key[:5])
        deals = tuple(d for d in (tuple(key[i:i + 4]) for i in range(5, 21, 4)) if any(d))
        assert table_key(orig, deals) == key
        assert fresh.solve(orig, deals)[1] == shipped.table_values(orig, deals)
    with pytest.raises(Unsolved):
        shipped.group_outcomes((3, 2, 9, 2, 1), ((1, 1, 0, 2),), known=True)


@needs_compiled
def test_compiled_solver_gives_the_python_values_bit_for_bit():
    """The compiled solver (``agents/_som_relaxed.c``) solves the same states to the same
    values, to the last bit, as the Python one: every state of a small game with one chosen
    alignment (SOM-12.6: deals holding Spain cards), and every state of the shipped table."""
    small = dict(money=20, cards=(3, 2, 4, 1, 1), align=1)
    python = RelaxedSolo(**small, compiled=False)
    compiled = RelaxedSolo(**small)
    assert compiled.compiled
    python.start_value(6)
    compiled.start_value(6)
    assert compiled.states == python.states > 1000
    assert any(d[3] for _, deals, _ in python._solved for d in deals)
    for (orig, deals, align), values in python._solved.items():
        assert compiled._fast.lookup(orig, deals, align) == values
    K = ludoteca.new_game("som", players=1, seed=1).K
    shipped, fresh = relaxed_for(K), RelaxedSolo.for_tables(K)
    fresh.start_value(8)
    assert fresh.states == len(shipped._rows)
    for key in shipped._rows:
        orig = tuple(key[:5])
        deals = tuple(d for d in (tuple(key[i:i + 4]) for i in range(5, 21, 4)) if any(d))
        assert fresh._fast.lookup(orig, deals, 0)[1] == shipped.table_values(orig, deals)


@needs_compiled
def test_compiled_solver_within_a_budget_goes_on_where_it_stopped():
    """``solve_within`` solves at most about ``budget`` new states and keeps them: called again
    it goes on, and the values it ends with are the unbudgeted solve's."""
    whole = RelaxedSolo(money=20, cards=(3, 2, 4, 1, 1), align=1)
    whole.start_value(6)
    part = RelaxedSolo(money=20, cards=(3, 2, 4, 1, 1), align=1)
    calls = 0
    while not part.solve_within((3, 2, 4, 1, 1), (), 200):
        calls += 1
        assert part.states <= calls * (200 + 50)
        with pytest.raises(Unsolved):
            part.group_outcomes((3, 2, 4, 1, 1), (), known=True)
    assert calls >= 3 and part.states == whole.states
    assert part.solve((3, 2, 4, 1, 1), ()) == whole.solve((3, 2, 4, 1, 1), ())
    assert not part.forget_beyond(part.states) and part.forget_beyond(10)
    assert part.states == 0 and not part.solve_within((3, 2, 4, 1, 1), (), 10)
    assert part.solve((3, 2, 4, 1, 1), ()) == whole.solve((3, 2, 4, 1, 1), ())


@needs_compiled
def test_forgetting_keeps_the_table():
    """Past a number of states the compiled solver forgets all but the shipped table's, so a
    long run's memory stays bounded; the table's states are still known at once."""
    K = ludoteca.new_game("som", players=1, seed=1).K
    relaxed = RelaxedSolo.for_tables(K)
    assert relaxed.load_table(TABLE) and relaxed.states == 84276
    after_alignment = ((4, 2, 11, 3, 1), ((0, 0, 0, 2),))
    T = relaxed.solve(*after_alignment)[0]
    assert relaxed.states > 84276 + 50000
    assert relaxed.forget_beyond(100000) and relaxed.states == 84276
    assert relaxed.solve_within((4, 4, 11, 3, 1), (), 1)
    with pytest.raises(Unsolved):
        relaxed.group_outcomes(*after_alignment, known=True)
    assert relaxed.solve(*after_alignment)[0] == T
    assert RelaxedSolo(compiled=False).solve_within((1, 0, 1, 0, 0), (), 10 ** 6) is False


@needs_compiled
def test_compiled_solver_refuses_states_it_cannot_hold():
    compiled = RelaxedSolo(money=20, cards=(3, 2, 4, 1, 1))
    with pytest.raises(ValueError, match="5 counts"):
        compiled._fast.solve((1, 2), (), 0)
    with pytest.raises(ValueError, match="too many deals"):
        compiled._fast.solve((1, 0, 0, 0, 0), [(1, 0, 0, 0)] * 40, 0)
    with pytest.raises(ValueError, match="0..255"):
        compiled._fast.lookup((1, 0, 0, 0, 300), (), 0)
    assert RelaxedSolo(money=500).compiled is False           # more money than it holds
    many = ((1, 0, 0, 0, 0), ((1, 0, 0, 0),) * 20)              # more deals: solved in Python
    assert RelaxedSolo(money=20, cards=(21, 0, 0, 0, 0)).solve(*many) == RelaxedSolo(
        money=20, cards=(21, 0, 0, 0, 0), compiled=False).solve(*many)


def test_table_is_read_only_for_its_numbers(tmp_path):
    """Another content's numbers, a missing file or a damaged one: nothing is read (the values
    are then solved, as in ``test_relaxed_world_card_ends_the_turn_and_the_tax_is_due``)."""
    assert not RelaxedSolo(money=30).load_table(TABLE)
    assert not RelaxedSolo().load_table(tmp_path / "none.bin")
    relaxed = RelaxedSolo.for_tables(ludoteca.new_game("som", players=1, seed=1).K)
    head, _, packed = TABLE.read_bytes().partition(b"\n")
    bad = tmp_path / "bad.bin"
    for damaged in (b"not a table", head + b"\n" + packed[:1000], head[:-5] + b"\n" + packed,
                    head + b"\n" + packed[:-3]):
        bad.write_bytes(damaged)
        assert not relaxed.load_table(bad) and not relaxed.ready
    assert relaxed.solve((1, 0, 1, 0, 0), ())[0][2] == pytest.approx(5 / 6 + 1 / 6 * 0.5)


def test_norm_drops_empty_deals_and_sorts():
    assert norm([(1, 0, 0, 0), (0, 0, 0, 0), (0, 1, 0, 0)]) == ((0, 1, 0, 0), (1, 0, 0, 0))


# ----- the bot ----------------------------------------------------------------------------
def test_planner_plays_solo_games_to_the_end_and_they_replay():
    for seed in (1001, 1013):           # 1013 once stalled until the 200-turn cut
        game, actions = play("planner", seed)
        assert game.is_over and game.result.reason in ("consulta", "intervencion", "dui")
        again, same = play("planner", seed)
        assert same == actions and again.state_dict() == game.state_dict()
        replay = ludoteca.new_game("som", players=1, seed=seed)
        for text in actions:
            replay.apply(text, seat=0)
        assert replay.state_dict() == game.state_dict()


def test_planner_turns_the_best_group_within_reach():
    """With a card within reach the planner turns one whose group's relaxed value is the best
    among the groups it can reach, or, when a better group lies beyond reach, it may end its
    move to turn one of that group's cards next turn (never otherwise)."""
    turned = waited = 0
    games = [g for seed in (1000, 1001, 1004, 1005) for g in move_positions(seed, 4, every=1)]
    for game in games:
        p = Plan.of(game)
        fr, _ = p.frontier(game.may_stop)
        if not fr:
            continue
        values = group_values(relaxed_for(game.K), p)
        top = max(values.values())
        reachable = max(values.get(p.grp[x], top) for x in fr)
        action = SomSoloPlanner(7).choose(game, 0)
        if action.name == "mover" and action.arg in fr:
            assert values.get(p.grp[action.arg], top) == pytest.approx(reachable, abs=1e-4)
            turned += 1
        elif action.name == "mover" and p.kind[action.arg] != DOWN and top == reachable:
            turned += 1                       # on over face-up cards to a card within reach
        else:
            assert top > reachable
            waited += 1
    assert turned >= 4


def test_planner_looks_a_card_ahead_where_it_walks_on():
    """The planner turns the card within reach whose look-ahead value is best: a card that ends
    the turn is worth the relaxed value of the state it leaves (so a group of such cards is
    worth its relaxed value), a card the citizen walks on the best of stopping there and
    turning a card within reach of that cell; ``planner:lookahead=false`` ranks the cells by
    their groups' relaxed values alone."""
    compared = enders = 0
    games = [g for seed in (1000, 1001, 1004, 1005) for g in move_positions(seed, 4, every=1)]
    for game in games:
        p = Plan.of(game)
        fr, _ = p.frontier(game.may_stop)
        relaxed = relaxed_for(game.K)
        values = group_values(relaxed, p)
        ahead = Lookahead(relaxed, p).cells(fr)
        if not fr or not values or ahead is None:
            continue
        x = next(iter(fr))                   # its group without the cards one walks on
        q = p.copy()
        counts = q.counts[q.grp[x]]
        counts[som_planner.KK] = counts[som_planner.AT] = counts[som_planner.C] = 0
        if sum(counts):
            relaxed.solve(*q.relaxed_key())
            only = Lookahead(relaxed, q).cells([x])
            assert only[x] == pytest.approx(group_values(relaxed, q)[q.grp[x]], abs=1e-12)
            enders += 1
        action = SomSoloPlanner(7).choose(game, 0)
        if action.name == "mover" and action.arg in fr:
            assert ahead[action.arg] == max(ahead.values())
            compared += 1
        plain = make_agent("planner:lookahead=false", "som", 7).choose(game, 0)
        if plain.name == "mover" and plain.arg in fr:
            top = max(values.get(p.grp[x], 0.0) for x in fr)
            assert values.get(p.grp[plain.arg], 0.0) == pytest.approx(top, abs=1e-4)
    assert compared >= 4 and enders >= 4


def test_look_ahead_charges_a_cell_in_line_with_a_face_up_spain_card():
    """SOM-12.6: a Spain card turned in line with a face-up Spain card sends them both back
    under the map, which the relaxed game (a Spain card stays face up) does not see: such a
    cell's look-ahead value is its relaxed one less ``ALIGN_COST`` times its chance of a Spain
    card; a cell out of line, or one whose group holds no Spain card, is not charged."""
    charged = spared = 0
    for seed in range(1000, 1040):
        for game in move_positions(seed, 60, every=1):
            p = Plan.of(game)
            if not p.spain_up:
                continue
            fr, _ = p.frontier(game.may_stop)
            ahead = Lookahead(relaxed_for(game.K), p)
            values = ahead.cells(fr)
            if values is None:
                continue
            for x in fr:
                relaxed_value = ahead._turn(p, x, deeper=True)
                counts = p.counts[p.grp[x]]
                spain = counts[som_planner.S] / sum(counts)
                if p.in_line(x) and spain:
                    assert values[x] == pytest.approx(
                        relaxed_value - som_planner.ALIGN_COST * spain, abs=1e-12)
                    charged += 1
                else:
                    assert values[x] == relaxed_value
                    spared += 1
        if charged >= 3 and spared >= 3:
            break
    assert charged >= 3 and spared >= 3


def test_planner_reads_only_what_its_seat_may_see():
    """Through a guard that lets it touch only legal actions, views, determinize and the public
    facts; and swapping face-down cards within a deal (public counts, hidden places) never
    changes its choice (SOM-19.7)."""
    changed = 0
    for k, game in enumerate(move_positions(1001, 8, every=2)):
        choice = str(SomSoloPlanner(3).choose(Guard(game), 0))
        other = game.clone()
        if som_face_down(other, 0, random.Random(k)):
            other._down = None
            changed += 1
            assert other.view(0) == game.view(0)
            assert str(SomSoloPlanner(3).choose(Guard(other), 0)) == choice
    assert changed >= 1


def test_planner_with_more_players_plays_as_greedy():
    game = ludoteca.new_game("som", players=3, seed=5)
    planner, greedy = make_agent("planner", "som", 11), SomGreedyAgent(11)
    for _ in range(60):
        if game.is_over:
            break
        seat = game.to_move[0]
        a, b = planner.choose(game, seat), greedy.choose(game, seat)
        assert str(a) == str(b)
        game.apply(a, seat=seat)


def test_bounded_planner_without_the_compiled_solver_never_solves_a_state(monkeypatch):
    """Without the compiled solver the planner reads only the shipped table: after a real
    alignment of Spain cards (SOM-12.6; seed 1007 has one early) it steers by the fitted value
    alone, and no state is solved in the whole game, so no decision waits for a solve."""
    K = ludoteca.new_game("som", players=1, seed=1).K
    relaxed = RelaxedSolo.for_tables(K, compiled=False)
    assert relaxed.load_table(TABLE) and not relaxed.compiled
    monkeypatch.setattr(som_planner, "relaxed_for", lambda _: relaxed)
    missed = []
    real = som_planner.group_outcomes

    def counting(relaxed, p, known=False):
        try:
            return real(relaxed, p, known)
        except Unsolved:
            missed.append(p.relaxed_key())
            raise

    monkeypatch.setattr(som_planner, "group_outcomes", counting)
    game, _ = play("planner", 1007)
    assert game.is_over and missed
    assert all(table_key(*key[:2]) in relaxed._rows for key in relaxed._solved if key[2] == 0)


class CountingSolver:
    """The compiled solver, counting the new states each call solves."""

    def __init__(self, solver):
        self.solver, self.calls = solver, []

    def solve(self, *args):
        before = self.solver.states
        got = self.solver.solve(*args)
        self.calls.append((args, self.solver.states - before, got is not None))
        return got

    def __getattr__(self, name):
        return getattr(self.solver, name)


@needs_compiled
def test_bounded_planner_solves_a_budget_of_states_a_decision(monkeypatch):
    """With the compiled solver the planner solves the states after an alignment (SOM-12.6;
    seed 1007 has one early) at most :data:`SOLVE_BUDGET` new states a decision (a few tens of
    ms), goes on where it stopped at the next decision, and until then steers by the fitted
    value; the game is the one ``planner:bounded=false`` plays when no solve is cut short."""
    K = ludoteca.new_game("som", players=1, seed=1).K
    relaxed = RelaxedSolo.for_tables(K)
    assert relaxed.load_table(TABLE) and relaxed.compiled
    counting = relaxed._fast = CountingSolver(relaxed._fast)
    monkeypatch.setattr(som_planner, "relaxed_for", lambda _: relaxed)
    monkeypatch.setattr(som_planner, "SOLVE_BUDGET", 15000)
    game, actions = play("planner", 1007)
    assert game.is_over
    budgeted = [c for c in counting.calls if len(c[0]) == 4]
    assert budgeted and all(new <= 15000 + 500 for _, new, _ in budgeted)
    assert any(not done for *_, done in budgeted)            # cut short, then gone on with
    assert any(done and new > 0 for _, new, done in budgeted)
    monkeypatch.setattr(som_planner, "SOLVE_BUDGET", 10 ** 9)
    fresh = RelaxedSolo.for_tables(K)
    fresh.load_table(TABLE)
    monkeypatch.setattr(som_planner, "relaxed_for", lambda _: fresh)
    _, unbounded = play("planner:bounded=false", 1007)
    _, whole = play("planner", 1007)
    assert whole == unbounded


def test_planner_parameters():
    with pytest.raises(InvalidOption, match="lookahead must be true or false"):
        make_agent("planner:lookahead=2", "som", 1)
    assert make_agent("planner:lookahead=false", "som", 1).lookahead is False
    with pytest.raises(InvalidOption, match="it takes parameters: bounded, lookahead"):
        make_agent("planner:depth=2", "som", 1)
    with pytest.raises(InvalidOption, match="bounded must be true or false"):
        make_agent("planner:bounded=maybe", "som", 1)
    assert make_agent("planner:bounded=false", "som", 1).bounded is False
    with pytest.raises(InvalidOption, match="no bot 'planner' for qytetet"):
        make_agent("planner", "qytetet", 1)
