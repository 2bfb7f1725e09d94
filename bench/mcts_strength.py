#!/usr/bin/env python3
"""How strong is ``bot:mcts``? Seeded games of mcts against another bot, seats alternating,
with the win rate's 95 % Wilson interval. With ``--speed``: its iterations per second in
every game instead.

    python bench/mcts_strength.py --game qytetet --opponent random --games 200 \
        --budget iterations=200 --workers 4
    python bench/mcts_strength.py --game civitas --opponent greedy --games 200 \
        --budget "iterations=300,rollout_depth=10" --workers 8
    python bench/mcts_strength.py --game som --opponent greedy --games 200 \
        --budget iterations=300 --out bench/strength/som_2p_greedy.jsonl
    python bench/mcts_strength.py --speed --budget iterations=300

Game ``k`` uses seed ``seed + k``; mcts sits in seat ``k mod players`` and every other seat
is the opponent, so each seat order is played equally often. A shared first place counts as
"shared", not as a win (the rate in brackets counts it as half a win). Each game is
independent, so the run can be split over ``--workers`` processes with the same results.
With ``--out`` each game is appended to a JSON-lines file as it ends, and a run cut short
resumes there (the games already in the file for the same settings are not played again);
the summary then covers every game of the file in the seed range. Besides mcts's own wins, the
summary gives the opponent seats' wins in the same games: in Som an intervención has no
winner, so "mcts wins more than greedy" is read against the greedy seats, not against 1/2.
With ``--players 1`` (solo Som) there is no opponent: the opponent bot plays each seed
alone too, and the summary sets its win rate beside mcts's. Each game records mcts's thinking
time as ``think`` (wall clock) and ``cpu`` (its process's CPU time, the figure that does not
depend on what else the machine runs).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import ludoteca
from ludoteca.agents import make_agent


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion k / n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_one(args: tuple) -> dict:
    game_id, players, opponent, mcts_name, seed, options = args
    game = ludoteca.new_game(game_id, players=players, seed=seed, options=options)
    me = seed % players
    agents = [make_agent(mcts_name if s == me else opponent, game_id, seed * 10 + s)
              for s in range(players)]
    think, cpu, decisions, slowest, cut = 0.0, 0.0, 0, 0.0, 0
    budget = getattr(agents[me], "iterations", None)
    capped = budget is not None and getattr(agents[me], "seconds", None) is not None
    while not game.is_over:
        seat = game.to_move[0]
        if seat == me and len(game.legal_actions(seat)) > 1:
            t, c = time.perf_counter(), time.process_time()
            action = agents[seat].choose(game, seat)
            took = time.perf_counter() - t
            think += took
            slowest = max(slowest, took)
            cpu += time.process_time() - c
            decisions += 1
            if capped and agents[seat].last_search.get("iterations", budget) < budget:
                cut += 1                    # the search stopped on time, short of its iterations
        else:
            action = agents[seat].choose(game, seat)
        game.apply(action, seat=seat)
    res = game.result
    outcome = "loss"
    if me in res.winners:
        outcome = "win" if len(res.winners) == 1 else "shared"
    out = {"seed": seed, "seat": me, "outcome": outcome, "reason": res.reason,
           "winners": list(res.winners), "ranking": list(res.ranking),
           "scores": [float(x) for x in res.scores], "decisions": decisions, "think": think,
           "cpu": cpu, "slowest": slowest}
    if capped:                   # iterations and seconds: the decisions the clock cut short
        out["cut"] = cut
    if res.details and "bankrupt" in res.details:      # Qytetet / Civitas: who went bankrupt
        out["bankrupt"] = list(res.details["bankrupt"])
    if players == 1:             # alone there is no opponent: it plays the same seed alone
        out["baseline"] = _play_alone(game_id, opponent, seed, options)
    return out


def _play_alone(game_id: str, bot: str, seed: int, options: dict) -> dict:
    """A solo game of ``bot`` with the seed mcts had: its outcome and ending."""
    game = ludoteca.new_game(game_id, players=1, seed=seed, options=options)
    agent = make_agent(bot, game_id, seed * 10)
    while not game.is_over:
        game.apply(agent.choose(game, 0), seat=0)
    won = 0 in game.result.winners
    return {"outcome": "win" if won else "loss", "reason": game.result.reason}


def _compare_alone(results: list[dict], bot: str) -> None:
    """Solo: mcts's wins against the wins of ``bot`` playing the same seeds alone."""
    if not results or any("baseline" not in r for r in results):
        return
    n = len(results)
    wins = sum(r["baseline"]["outcome"] == "win" for r in results)
    lo, hi = wilson(wins, n)
    both = sum(r["outcome"] == "win" and r["baseline"]["outcome"] == "win" for r in results)
    print(f"  {bot} alone on the same seeds: win rate {wins / n:.3f} [{lo:.3f}, {hi:.3f}]; "
          f"both won {both}, only mcts {sum(r['outcome'] == 'win' for r in results) - both}, "
          f"only {bot} {wins - both}")


def _compare(results: list[dict], players: int) -> None:
    """mcts against the opponent seats of the same games: wins per seat (a shared win split),
    mean score, and how often mcts placed above every opponent. In games that can end with no
    winner (Som's intervención) the win rates of both sides are below 1 / players."""
    n = len(results)
    if not n or players < 2:
        return
    mine = theirs = 0.0
    score_me = score_them = 0.0
    above = 0
    for r in results:
        me, winners = r["seat"], r.get("winners")
        if winners is None:                      # rows written before winners were kept
            return
        share = 1 / len(winners) if winners else 0.0
        mine += share * (me in winners)
        theirs += share * sum(1 for s in winners if s != me) / (players - 1)
        others = [x for s, x in enumerate(r["scores"]) if s != me]
        score_me += r["scores"][me]
        score_them += sum(others) / len(others)
        above += r["scores"][me] > max(others)
    lo, hi = wilson(mine, n)
    olo, ohi = wilson(theirs, n)
    print(f"  wins per seat (shared split): mcts {mine / n:.3f} [{lo:.3f}, {hi:.3f}], "
          f"each opponent seat {theirs / n:.3f} [{olo:.3f}, {ohi:.3f}]; no winner in "
          f"{sum(1 for r in results if not r['winners'])}")
    print(f"  mean score: mcts {score_me / n:.2f}, opponent seats {score_them / n:.2f}; "
          f"mcts scored above every opponent in {above} games ({above / n:.1%})")


def _load(path: str, run: dict) -> list[dict]:
    """The games of an earlier run with the same settings kept in ``path`` (if any)."""
    try:
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        return []
    return [r for r in rows if all(r.get(k) == v for k, v in run.items())]


SPEED_TABLES = (("qytetet", 2), ("civitas", 2), ("som", 2), ("elplan", 3), ("sigloxx", 3))


def speed(mcts_name: str) -> None:
    """Iterations per second of mcts at positions reached by random play (every 5th action
    with a choice, first 200 actions of 4 seeded games per game)."""
    import random

    for game_id, players in SPEED_TABLES:
        agent = make_agent(mcts_name, game_id, 1)
        iterations = seconds = decisions = 0
        for seed in range(4):
            game = ludoteca.new_game(game_id, players=players, seed=seed)
            rng = random.Random(seed)
            for step in range(1, 201):
                if game.is_over:
                    break
                seat = rng.choice(game.to_move)
                legal = game.legal_actions(seat)
                if step % 5 == 0 and len(legal) > 1:
                    action = agent.choose(game, seat)
                    iterations += agent.last_search["iterations"]
                    seconds += agent.last_search["seconds"]
                    decisions += 1
                else:
                    action = rng.choice(legal)
                game.apply(action, seat=seat)
        print(f"{game_id:8s} {players}p  {decisions:3d} decisions  "
              f"{iterations / seconds:7.0f} iterations/s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="qytetet")
    ap.add_argument("--opponent", default="random", help="agent name for the other seats")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--budget", default=None,
                    help='mcts parameters, e.g. "iterations=200" (the default) or '
                         '"seconds=0.5,c=0.5"')
    ap.add_argument("--bot", default="mcts",
                    help="the bot measured instead of mcts, e.g. planner (solo Som); "
                         "--budget is mcts's only")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000, help="seed of the first game")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                    help="a game option, e.g. max_rounds=30 (repeatable)")
    ap.add_argument("--json", action="store_true", help="print one JSON line per game too")
    ap.add_argument("--out", metavar="FILE.jsonl",
                    help="append each finished game to FILE as it ends; games whose seed is "
                         "already there are not played again (a cut run resumes)")
    ap.add_argument("--speed", action="store_true",
                    help="measure iterations per second in every game instead")
    a = ap.parse_args()
    options = {}
    for item in a.option:
        key, _, value = item.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    if a.bot != "mcts" and a.budget is not None:
        sys.exit("error: --budget sets mcts's parameters; give --bot NAME:PARAMS for another bot")
    if a.bot != "mcts" and a.speed:
        sys.exit("error: --speed measures mcts's iterations; it takes no --bot")
    if a.bot != "mcts":
        mcts_name = a.bot
    else:
        mcts_name = f"mcts:{a.budget or 'iterations=200'}"
    try:                                # fail early on a bad budget, bot, player count, option
        make_agent(mcts_name, a.game, 0)
        make_agent(a.opponent, a.game, 0)
        ludoteca.new_game(a.game, players=a.players, seed=a.seed, options=options)
    except ludoteca.InvalidOption as err:
        sys.exit(f"error: {err}")
    if a.speed:
        speed(mcts_name)
        return
    run = {"game": a.game, "players": a.players, "opponent": a.opponent, "mcts": mcts_name,
           "options": options}
    kept = _load(a.out, run) if a.out else []
    results = [r for r in kept if a.seed <= r["seed"] < a.seed + a.games]
    done_seeds = {r["seed"] for r in results}
    jobs = [(a.game, a.players, a.opponent, mcts_name, a.seed + k, options)
            for k in range(a.games) if a.seed + k not in done_seeds]
    if results:
        print(f"  {len(results)} of these games already in {a.out}; {len(jobs)} to play",
              file=sys.stderr)
    total = len(results) + len(jobs)
    start = time.perf_counter()
    out = open(a.out, "a", encoding="utf-8") if a.out else None

    def collect(done) -> None:
        for r in done:
            results.append(r)
            if out is not None:
                out.write(json.dumps({**run, **r}) + "\n")
                out.flush()
            wins = sum(x["outcome"] == "win" for x in results)
            print(f"\r  {len(results)}/{total} games, {wins} won by mcts", end="",
                  file=sys.stderr, flush=True)
        print(file=sys.stderr)

    if a.workers > 1:
        with ProcessPoolExecutor(a.workers) as pool:
            collect(pool.map(play_one, jobs))
    else:
        collect(map(play_one, jobs))
    if out is not None:
        out.close()
    wall = time.perf_counter() - start
    if a.json:
        for r in results:
            print(json.dumps(r))
    n = len(results)
    wins = sum(r["outcome"] == "win" for r in results)
    shared = sum(r["outcome"] == "shared" for r in results)
    lo, hi = wilson(wins, n)
    half_lo, half_hi = wilson(wins + shared / 2, n)
    decisions = sum(r["decisions"] for r in results)
    think = sum(r["think"] for r in results)
    timed = [r for r in results if "cpu" in r]        # (files older than the cpu field)
    cpu = sum(r["cpu"] for r in timed) / max(1, sum(r["decisions"] for r in timed))
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    print(f"{a.game} {a.players}p  {mcts_name} vs {a.opponent}  options={options or '{}'}  "
          f"seeds {a.seed}..{a.seed + n - 1}")
    print(f"  games {n}: wins {wins}, shared {shared}, losses {n - wins - shared}")
    print(f"  win rate {wins / n:.3f}  95% Wilson [{lo:.3f}, {hi:.3f}]"
          f"   (shared as half: {(wins + shared / 2) / n:.3f} [{half_lo:.3f}, {half_hi:.3f}])")
    _compare(results, a.players)
    _compare_alone(results, a.opponent)
    slow = [r["slowest"] for r in results if "slowest" in r]
    slowest = f", the slowest {max(slow):.3f} s" if slow else ""
    print(f"  mcts decisions {decisions}, {think / max(1, decisions):.3f} s each{slowest} "
          f"({cpu:.3f} s of CPU in the {len(timed)} games that timed it); "
          f"endings {reasons}; wall {wall:.0f} s with {a.workers} worker(s)")
    cut_rows = [r for r in results if "cut" in r]
    if cut_rows:
        print(f"  the clock cut the search short of its iterations in "
              f"{sum(r['cut'] for r in cut_rows)} of {sum(r['decisions'] for r in cut_rows)} "
              f"decisions ({sum(1 for r in cut_rows if r['cut'])} of {len(cut_rows)} games: "
              f"those replay only on a machine as fast)")


if __name__ == "__main__":
    main()
