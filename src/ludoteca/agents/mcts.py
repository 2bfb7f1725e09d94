"""``mcts``: information-set Monte Carlo tree search for any game (single-observer ISMCTS,
Cowling, Powley & Whitehouse 2012), playable as ``bot:mcts`` or ``bot:mcts:seconds=0.5``.

It never looks at the real game's hidden state. From the real game it uses only
``legal_actions(seat)`` (to know what it may answer) and ``determinize(seat, seed)`` — the
one sanctioned door: a fresh world in which everything the seat cannot see (deck orders,
face-down cards, other seats' secret choices, future chance) is redrawn from the seed, with
``view(seat)`` unchanged. The seeds come from the agent's own generator, so two games that
look the same to the seat get the same answer.

One iteration:

1. sample a world with ``determinize``;
2. descend the tree from the root (the seat's decision now). Nodes are keyed by
   ``(acting seat, action text)``, so one tree serves every sampled world; at each node only
   the actions legal in this world count, and each of them has its *availability* counted
   (UCB uses availability instead of the parent's visits, as in SO-ISMCTS). Decisions of
   other seats are expanded too; every node keeps a value per seat and the seat acting there
   chooses by its own component (UCB1, constant ``c``). Chance is not a node: it is part of
   the sampled world;
3. expand one untried action, then play uniformly random legal actions for up to
   ``rollout_depth`` actions;
4. score the world: a finished game by :func:`~.heuristics.terminal_values` (a shared win is
   split: 1 / number of winners), otherwise by the game's heuristic; a game without one is
   played on to the end;
5. add the values to every node on the path.

Simultaneous decisions (several seats in ``to_move``, e.g. secret bids) act one at a time
inside a sampled world: the searching seat first when it is among them, the others in seat
order. The searcher thus never bases its own choice on another seat's secret choice (which
it could not know), while the others are treated as if they had seen the searcher's — the
cautious side. In the real game the choices stay hidden from each other; in a sampled world
the order is harmless, because the world is the searcher's own guess.

The answer is the searching seat's most visited action at the root (ties: best mean value).

Defaults, measured on the 2-player Monopoly-family games against the greedy bot: no random
actions after the tree (``rollout_depth=0``: the heuristic scores the position the tree
reached; random rollouts added noise and were no stronger) and ``c=0.2`` (heuristic values of
sibling moves differ by a few hundredths, so the textbook 0.7 spread the visits almost evenly
and the choice became a coin toss). ``rollout_depth=-1`` plays every iteration to the end.
In El Plan and Siglo XX a random playout says little (a random seat wastes what it has), so
there the playout is the game's greedy bot (``rollout=greedy``) for 30 / 20 actions; in Siglo
XX the greedy bot's choice also gets a progressive bias (``prior``), tried first and favoured
by ``prior / (1 + visits)``, since a placement offers more cells × rotations than a second of
search can visit. In Som and El Plan the greedy choice gets such a bias too, and it also
breaks near-ties (``tie``): when the searched best is no better than the greedy bot's choice
by more than ``tie``, mcts plays the greedy choice (in El Plan, 60 iterations spread over a
dozen offers, squares or recipes rate most of them within noise of each other; without the
tie mcts won 55 % against greedy but scored fewer points). A game may also adjust the worlds
a search samples (:func:`~.heuristics.world_setup_for`): in Som a citizen may walk over
face-up cards for ever, and a search that re-planned a walk at every step never stopped
(thousands of steps in one turn), so in its own worlds a walk ends after 8 steps, as the
greedy bot's does. A game may also leave out actions no player should take
(:func:`~.heuristics.prune_for`, in the sampled worlds, so the root's too): in Qytetet and Civitas,
undoing a mortgage in the turn it was taken (near-equal values had mcts mortgage and cancel
one street several times a turn, paying 10 % each time); in solo Som, anything but turning a
face-down card while one is next to the citizen (the search's noise favoured the steps that
keep every option open, and it wandered). Every parameter can be set in the bot name.
"""

from __future__ import annotations

import math
import random
import time

from ludoteca.core.action import Action
from ludoteca.core.errors import InvalidOption
from ludoteca.core.game import Game

from .heuristics import heuristic_for, prune_for, terminal_values, world_setup_for

DEFAULT_SECONDS = 1.0
DEFAULT_ROLLOUT_DEPTH = 0
DEFAULT_C = 0.2
#: how the playout after the tree picks actions: uniformly at random, or by the game's greedy bot
ROLLOUT_POLICIES = ("random", "greedy")
#: per-game defaults (measured against the greedy bot, see ``bench/mcts_strength.py``): in El
#: Plan and Siglo XX random playouts say little (a random seat wastes its resources), so the
#: playout is the greedy bot's for 30 / 20 actions before the heuristic
DEFAULT_ROLLOUT: dict[str, str] = {"elplan": "greedy", "sigloxx": "greedy"}
DEFAULT_DEPTH: dict[str, int] = {"elplan": 30, "sigloxx": 20}
#: progressive bias towards the greedy bot's choice: ``prior / (1 + visits)`` added to its UCB
#: (Siglo XX: a placement has dozens of cells × rotations, more than a second of search visits;
#: El Plan: many squares, offers and recipes against few iterations)
DEFAULT_PRIOR: dict[str, float] = {"sigloxx": 1.0, "som": 0.5, "elplan": 1.0}
#: near-ties go to the greedy bot: when the searched best is no better than the greedy bot's
#: choice by more than this (in value, 0–1), mcts plays the greedy choice (Som: a step onto a
#: face-up card and then a stop is worth about as much as stopping now; El Plan: see above)
DEFAULT_TIE: dict[str, float] = {"som": 0.02, "elplan": 0.03}
#: a game without a heuristic is played on to the end; this is the safety cap
MAX_PLAYOUT = 20_000


class _Node:
    __slots__ = ("children", "visits", "avail", "value", "prior")

    def __init__(self, n: int) -> None:
        #: acting seat -> action text -> child (one tree serves every sampled world)
        self.children: dict[int, dict[str, _Node]] = {}
        self.visits = 0
        self.avail = 1
        self.value = [0.0] * n
        #: acting seat -> the greedy bot's choice there (with ``prior`` > 0)
        self.prior: dict[int, str] | None = None


class MCTSAgent:
    """Information-set MCTS. Budget: ``iterations`` and/or ``seconds`` per decision (whichever
    runs out first; neither given: ``seconds=1``). ``rollout_depth``: actions played after the
    tree before the heuristic (0: evaluate at once; -1: play on to the end); ``rollout``: who
    plays them (``random`` or the game's ``greedy`` bot); ``prior``: bias towards the greedy
    bot's choice in the tree (0: none); ``tie``: play the greedy bot's choice when the search
    rates it within ``tie`` of its best (0: never); ``c``: UCB1's exploration constant (values
    are in [0, 1]). Parameters not given take the game's defaults."""

    name = "mcts"

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 seconds: float | None = None, rollout_depth: int | None = None,
                 c: float = DEFAULT_C, rollout: str | None = None,
                 prior: float | None = None, tie: float | None = None) -> None:
        if iterations is not None and (isinstance(iterations, bool) or
                                       not isinstance(iterations, int) or iterations < 1):
            raise InvalidOption(f"mcts: iterations must be a whole number ≥ 1; got {iterations!r}",
                                f"mcts: iterations ha de ser un número entero ≥ 1; es "
                                f"{iterations!r}")
        if seconds is not None and (isinstance(seconds, bool) or
                                    not isinstance(seconds, (int, float)) or not seconds > 0):
            raise InvalidOption(f"mcts: seconds must be a number > 0; got {seconds!r}",
                                f"mcts: seconds ha de ser un número > 0; es {seconds!r}")
        if rollout_depth is not None and (isinstance(rollout_depth, bool) or
                                          not isinstance(rollout_depth, int) or
                                          rollout_depth < -1):
            raise InvalidOption(f"mcts: rollout_depth must be a whole number ≥ 0, or -1 (to "
                                f"the end); got {rollout_depth!r}",
                                f"mcts: rollout_depth ha de ser un número entero ≥ 0, o -1 "
                                f"(hasta el final); es {rollout_depth!r}")
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not c >= 0:
            raise InvalidOption(f"mcts: c must be a number ≥ 0; got {c!r}",
                                f"mcts: c ha de ser un número ≥ 0; es {c!r}")
        if rollout is not None and rollout not in ROLLOUT_POLICIES:
            raise InvalidOption(f"mcts: rollout must be one of {', '.join(ROLLOUT_POLICIES)}; "
                                f"got {rollout!r}",
                                f"mcts: rollout ha de ser uno de "
                                f"{', '.join(ROLLOUT_POLICIES)}; es {rollout!r}")
        if prior is not None and (isinstance(prior, bool) or
                                  not isinstance(prior, (int, float)) or not prior >= 0):
            raise InvalidOption(f"mcts: prior must be a number ≥ 0; got {prior!r}",
                                f"mcts: prior ha de ser un número ≥ 0; es {prior!r}")
        if tie is not None and (isinstance(tie, bool) or
                                not isinstance(tie, (int, float)) or not tie >= 0):
            raise InvalidOption(f"mcts: tie must be a number ≥ 0; got {tie!r}",
                                f"mcts: tie ha de ser un número ≥ 0; es {tie!r}")
        if iterations is None and seconds is None:
            seconds = DEFAULT_SECONDS
        self.tie = None if tie is None else float(tie)
        self.rollout = rollout
        self.prior = None if prior is None else float(prior)
        self._greedy: dict[str, object] = {}
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.rollout_depth = rollout_depth
        self.c = float(c)
        self._rng = random.Random(seed)
        #: statistics of the last search: iterations, seconds, root visits per action
        self.last_search: dict = {}

    # ----- deciding ----------------------------------------------------------------------
    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if not legal:
            raise InvalidOption(f"mcts: seat {seat} has no legal action now")
        if len(legal) == 1:
            return legal[0]
        root = self._search(game, seat)
        mine = root.children.get(seat, {})
        best, best_key = legal[0], None
        for action in legal:
            child = mine.get(action._text)
            if child is None or not child.visits:
                continue
            key = (child.visits, child.value[seat] / child.visits)
            if best_key is None or key > best_key:
                best, best_key = action, key
        if best_key is None:                      # nothing searched (tiny budget)
            return self._rng.choice(legal)
        return self._tie_to_greedy(game, seat, root, best, best_key[1])

    def _tie_to_greedy(self, game: Game, seat: int, root: _Node, best: Action,
                       best_mean: float) -> Action:
        """The greedy bot's choice instead of ``best`` when the search found it no worse by
        more than ``tie`` (asked of the greedy bot only when ``tie`` > 0)."""
        tie = self.tie if self.tie is not None else DEFAULT_TIE.get(game.game_id, 0.0)
        if not tie:
            return best
        favourite = (root.prior or {}).get(seat)
        if favourite is None:
            favourite = str(self._greedy_agent(game.game_id).choose(game, seat))
        self.last_search["greedy"] = favourite
        if favourite == str(best):
            return best
        child = root.children.get(seat, {}).get(favourite)
        if child is None or not child.visits or \
                child.value[seat] / child.visits < best_mean - tie:
            return best
        return next((a for a in game.legal_actions(seat) if str(a) == favourite), best)

    def _search(self, game: Game, seat: int) -> _Node:
        n = game.n_players
        root = _Node(n)
        heuristic = heuristic_for(game.game_id)
        setup = world_setup_for(game.game_id)
        prune = prune_for(game.game_id)
        depth = self.rollout_depth
        if depth is None:
            depth = DEFAULT_DEPTH.get(game.game_id, DEFAULT_ROLLOUT_DEPTH)
        bias = self.prior if self.prior is not None else DEFAULT_PRIOR.get(game.game_id, 0.0)
        c, rng = self.c, self._rng
        # rng.randrange(k) is rng._randbelow(k) after checking its argument (a whole k > 0,
        # always so here): the same draws, without the checks
        randbelow = rng._randbelow
        log, sqrt = math.log, math.sqrt
        limit = self.iterations
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        start = time.perf_counter()
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            done += 1
            world = game.determinize(seat, seed=rng.getrandbits(32))
            if setup is not None:
                setup(world)
            play = world.apply_legal              # _play, inline
            node, path = root, [root]
            actor = seat
            # --- selection and expansion ---
            while True:
                # the world's own list, read before the next action and never changed
                legal = world._legal_now(actor)
                if not legal:                     # no decision after all: score as it is
                    break
                by_actor = node.children
                children = by_actor.get(actor)
                if children is None:
                    children = by_actor[actor] = {}
                if len(legal) == 1:
                    # one way on: a prune keeps it, UCB picks it, a favourite could only be
                    # it; as below, without them (and with the same draw when it is untried)
                    action = legal[0]
                    child = children.get(action._text)
                    if child is None:
                        randbelow(1)
                        child = children[action._text] = _Node(n)
                        play(action, actor)
                        path.append(child)
                        break
                    child.avail += 1
                    play(action, actor)
                    node = child
                    path.append(node)
                else:
                    if prune is not None:
                        legal = prune(world, actor, legal)
                    favourite = None
                    if bias:
                        prior = node.prior
                        if prior is not None:
                            favourite = prior.get(actor)
                        if favourite is None:
                            favourite = self._favourite(node, world, actor, legal)
                    # one pass: count every known action's availability and, while none is
                    # untried, keep the best by UCB (ties: the first in legal order)
                    untried = []
                    best_child, best_action, best_score = None, None, -1.0
                    for a in legal:
                        text = a._text
                        child = children.get(text)
                        if child is None:
                            untried.append(a)
                            continue
                        avail = child.avail = child.avail + 1
                        if untried:
                            continue
                        visits = child.visits
                        score = child.value[actor] / visits + c * sqrt(log(avail) / visits)
                        if favourite is not None and text == favourite:
                            score += bias / (1 + visits)
                        if score > best_score:
                            best_child, best_action, best_score = child, a, score
                    if untried:
                        pick = randbelow(len(untried))
                        if favourite is not None:     # the greedy bot's choice is tried first
                            pick = next((i for i, a in enumerate(untried)
                                         if a._text == favourite), pick)
                        action = untried[pick]
                        child = _Node(n)
                        children[action._text] = child
                        play(action, actor)
                        path.append(child)
                        break
                    play(best_action, actor)
                    node = best_child
                    path.append(node)
                if world.is_over:
                    break
                to_move = world.to_move           # _next_actor, inline
                actor = to_move[0] if len(to_move) == 1 else \
                    seat if seat in to_move else min(to_move)
            # --- rollout and evaluation ---
            if depth or world.is_over or heuristic is None:
                values = self._playout(world, depth, heuristic, n)
            else:
                values = heuristic(world)
            # _backpropagate, inline
            if len(values) != n:
                raise ValueError(f"mcts: {n} values expected, got {len(values)}")
            if n == 2:
                v0, v1 = values
                for node in path:
                    node.visits += 1
                    value = node.value
                    value[0] += v0
                    value[1] += v1
            else:
                _backpropagate(path, values, n)
        self.last_search = {
            "iterations": done, "seconds": time.perf_counter() - start,
            "visits": {k: ch.visits for k, ch in root.children.get(seat, {}).items()}}
        return root

    def _favourite(self, node: _Node, world: Game, actor: int, legal: list[Action]) -> str | None:
        """The greedy bot's choice for ``actor`` at ``node``, asked in the first sampled world
        that reaches it (at the root the searcher's view is the same in every world)."""
        prior = node.prior
        if prior is None:
            prior = node.prior = {}
        text = prior.get(actor)
        if text is None and len(legal) > 1:
            text = prior[actor] = str(self._greedy_agent(world.game_id).choose(world, actor))
        return text

    def _greedy_agent(self, game_id: str):
        agent = self._greedy.get(game_id)
        if agent is None:
            from .registry import make_agent
            agent = self._greedy[game_id] = make_agent("greedy", game_id,
                                                       seed=self._rng.getrandbits(32))
        return agent

    def _policy(self, game_id: str):
        """The rollout policy: None (uniformly random) or the game's greedy bot."""
        rollout = self.rollout or DEFAULT_ROLLOUT.get(game_id, "random")
        if rollout == "random":
            return None
        return self._greedy_agent(game_id)

    def _playout(self, world: Game, depth: int, heuristic, n: int) -> list[float]:
        rng = self._rng
        steps = 0
        cap = MAX_PLAYOUT if depth < 0 or heuristic is None else depth
        policy = self._policy(world.game_id) if cap else None
        while steps < cap and not world.is_over:
            actor = world.to_move[0]
            if policy is not None:
                _play(world, policy.choose(world, actor), actor)
            else:
                legal = world.legal_actions(actor)
                _play(world, legal[rng.randrange(len(legal))], actor)
            steps += 1
        if world.is_over:
            return terminal_values(world.result, n)
        if heuristic is not None:
            return heuristic(world)
        return [1.0 / n] * n                       # no end in sight and no heuristic


def _backpropagate(path: list[_Node], values: list[float], n: int) -> None:
    """Add one visit and ``values`` (one per seat) to every node of ``path``, in place (the
    same additions as a new list ``[v + w ...]`` would make, without making one per node)."""
    if len(values) != n:
        raise ValueError(f"mcts: {n} values expected, got {len(values)}")
    if n == 2:
        v0, v1 = values
        for node in path:
            node.visits += 1
            value = node.value
            value[0] += v0
            value[1] += v1
        return
    seats = range(n)
    for node in path:
        node.visits += 1
        value = node.value
        for i in seats:
            value[i] += values[i]


def _play(world: Game, action: Action, seat: int) -> None:
    """``world.apply(action, seat=seat)`` for an action this world offered ``seat`` (from its
    ``legal_actions``, or its greedy bot's choice): ``Game.apply_legal``, without checking
    again whose turn it is and that the action is legal (in a small game the checks cost as
    much as the move; a search makes millions of them)."""
    world.apply_legal(action, seat)


def _next_actor(world: Game, me: int) -> int:
    """Who acts next in a sampled world: the searcher first among simultaneous deciders."""
    to_move = world.to_move
    if len(to_move) == 1:
        return to_move[0]
    return me if me in to_move else min(to_move)


__all__ = ["DEFAULT_C", "DEFAULT_ROLLOUT_DEPTH", "DEFAULT_SECONDS", "MCTSAgent"]


def _register() -> None:
    from .registry import register_agent

    register_agent("mcts", "*", MCTSAgent)


_register()
