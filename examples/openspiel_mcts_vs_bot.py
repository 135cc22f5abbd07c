"""OpenSpiel's MCTS or information-set MCTS (random rollouts) against one of our bots, on the
OpenSpiel game ``python_neuroshima_hex`` (docs/RL.md). Needs the ``rl`` extra.

    .venv/bin/python examples/openspiel_mcts_vs_bot.py --bot easy --games 4 --simulations 100
    .venv/bin/python examples/openspiel_mcts_vs_bot.py --bot hard --games 100 --match-time
    .venv/bin/python examples/openspiel_mcts_vs_bot.py --searcher ismcts --bot easy --games 4

``--searcher ismcts`` plays ``ismcts.ISMCTSBot`` (UCT, the most visited action) on the game
with ``hidden=true``: the decks are dealt face down at the start and each search samples
their undrawn order again from what the seat has seen (``resample_from_infostate``, seeded
from the run's generator); with ``--engine-rollouts`` each rollout also plays a fresh order.

The games rotate over the base army pairings, each played both ways round, and the seats
alternate: in game ``i`` our bot plays seat ``i % 2`` and MCTS the other. Draws are sampled
from the chance outcomes with a seeded generator, so a run depends only on ``--seed`` (and,
with ``--match-time``, on the machine's speed).

``--engine-rollouts`` plays MCTS's random rollouts in the engine (``Game.random_playouts``)
instead of through the Python state: the same evaluation, far more simulations a second.

``--match-time`` is the anchor's equal thinking time: it first times our bot's decisions in
one game against a random player (its mean seconds per decision), then looks for the
number of MCTS simulations whose decisions, from positions of that game, take about as
long: doubled from 2 until MCTS takes at least as long, then bisected (a simulation costs
more in a bigger tree, so no single measurement extrapolates). It prints both times and the
count; the run's own mean times per decision show what was achieved.

It prints our bot's wins, draws and losses, its win rate (a draw counts half) with its 95%
Wilson interval, and each side's mean time per decision; ``--json`` prints the same as JSON.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import nshex_pygame.envs.openspiel  # noqa: F401  (registers the game)
from nshex_pygame.core import Bot

BASE = ("borgo", "moloch", "hegemony", "outpost")
PAIRINGS = [p for a, b in itertools.combinations(BASE, 2) for p in ((a, b), (b, a))]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _draw(state: Any, rng: np.random.RandomState) -> None:
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(int(rng.choice(outcomes, p=probs)))


def _our_move(state: Any, bot: Bot) -> int:
    """Our bot's decision, as the encoded action OpenSpiel's state takes."""
    engine = state.engine
    return engine.encode_action(bot.choose(engine))


def load(armies: tuple[str, str]) -> Any:
    """The OpenSpiel game of two armies (with ``hidden`` for information-set MCTS)."""
    hidden = ",hidden=true" if SEARCHER == "ismcts" else ""
    return pyspiel.load_game(f"python_neuroshima_hex(armies={';'.join(armies)}{hidden})")


def play(
    armies: tuple[str, str], our_seat: int, bot: Bot, searcher: Any, rng: np.random.RandomState
) -> tuple[float, list[float], list[float]]:
    """One game: our bot's return and the seconds of each side's decisions."""
    game = load(armies)
    state = game.new_initial_state()
    ours: list[float] = []
    theirs: list[float] = []
    while not state.is_terminal():
        if state.is_chance_node():
            _draw(state, rng)
            continue
        started = time.perf_counter()
        if state.current_player() == our_seat:
            action = _our_move(state, bot)
            ours.append(time.perf_counter() - started)
        else:
            action = searcher(game, state)
            theirs.append(time.perf_counter() - started)
        state.apply_action(action)
    return state.returns()[our_seat], ours, theirs


class EngineRolloutEvaluator(mcts.RandomRolloutEvaluator):
    """OpenSpiel's random-rollout evaluator with the rollouts played by the engine
    (``Game.random_playouts``: uniformly random decisions and draws, in Rust): the same
    evaluation, about a hundred times cheaper than rollouts through the Python state."""

    resample = False

    def evaluate(self, state: Any) -> np.ndarray:
        seed = int(self._random_state.randint(2**31))
        shares = np.array(state.engine.random_playouts(self.n_rollouts, seed, self.resample))
        return (2.0 * shares - 1.0).mean(axis=0)


class HiddenEngineRolloutEvaluator(EngineRolloutEvaluator):
    """The same for information-set MCTS: each rollout deals the undrawn tiles in a fresh
    order (the engine's own deck order is not the one dealt in the game with ``hidden``)."""

    resample = True


ENGINE_ROLLOUTS = False
"""--engine-rollouts: the searcher's rollouts through ``EngineRolloutEvaluator``."""
RESHUFFLE = False
"""--reshuffle: MCTS's engine rollouts deal the undrawn tiles in a fresh order each (as the
information-set runs do) instead of drawing by the leaf state's own deck order."""
SEARCHER = "mcts"
"""--searcher: ``mcts`` (``mcts.MCTSBot``) or ``ismcts`` (``ismcts.ISMCTSBot``)."""


def mcts_bot(game: Any, simulations: int, rollouts: int, rng: np.random.RandomState) -> Any:
    """The searcher: OpenSpiel's MCTS or information-set MCTS with UCT constant 2."""
    if SEARCHER == "ismcts":
        kind = HiddenEngineRolloutEvaluator if ENGINE_ROLLOUTS else mcts.RandomRolloutEvaluator
        bot = ismcts.ISMCTSBot(game, kind(rollouts, rng), 2.0, simulations, random_state=rng)
        # The worlds sampled from the run's generator, so a run depends only on its seed.
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
        return bot
    kind = EngineRolloutEvaluator if ENGINE_ROLLOUTS else mcts.RandomRolloutEvaluator
    if ENGINE_ROLLOUTS and RESHUFFLE:
        kind = HiddenEngineRolloutEvaluator
    evaluator = kind(rollouts, rng)
    return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False)


def _seconds_per_decision(
    sample: list[Any], simulations: int, rollouts: int, rng: np.random.RandomState
) -> float:
    """The median time of MCTS's decisions from the sample positions (a median: one decision
    slowed by the machine's other work does not move it)."""
    times = []
    for state in sample:
        searcher = mcts_bot(state.get_game(), simulations, rollouts, rng)
        started = time.perf_counter()
        searcher.step(state)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def calibrate(bot_name: str, rollouts: int, seed: int) -> tuple[float, float, int]:
    """(our bot's mean seconds per decision, MCTS's at the count chosen, simulations).

    A simulation costs more as MCTS's tree grows (more children to select among, deeper
    paths to clone), so the count is searched for, not extrapolated: doubled from 2 until a
    decision takes at least our bot's time, then bisected between the last two counts."""
    rng = np.random.RandomState(seed)
    bot = Bot(bot_name, seed)
    positions: list[Any] = []

    def random_player(game: Any, state: Any) -> int:
        positions.append(state.clone())
        return int(rng.choice(state.legal_actions()))

    _, ours, _ = play(PAIRINGS[0], 0, bot, random_player, rng)
    target = sum(ours) / len(ours)
    sample = positions[:: max(1, len(positions) // 8)][:8]

    def cost(n: int) -> float:
        return _seconds_per_decision(sample, n, rollouts, rng)

    # Both searchers expand their root at the second simulation: two at least.
    low, high = 2, 2
    spent = cost(high)
    while spent < target and high < 1_000_000:
        low, high = high, high * 2
        spent = cost(high)
    if spent < target:
        return target, spent, high
    best = (low, cost(low))
    for _ in range(5):
        if high - low <= max(1, low // 20):
            break
        mid = (low + high) // 2
        t = cost(mid)
        if t < target:
            low, best = mid, (mid, t)
        else:
            high = mid
    return target, best[1], best[0]


def run(args: argparse.Namespace) -> dict[str, Any]:
    global ENGINE_ROLLOUTS, RESHUFFLE, SEARCHER
    ENGINE_ROLLOUTS = args.engine_rollouts
    RESHUFFLE = args.reshuffle
    SEARCHER = args.searcher
    simulations = args.simulations
    calibration = None
    if args.match_time:
        per_decision, mcts_per_decision, simulations = calibrate(args.bot, args.rollouts, args.seed)
        calibration = {
            "bot_seconds_per_decision": per_decision,
            "mcts_seconds_per_decision": mcts_per_decision,
            "simulations": simulations,
        }
    rng = np.random.RandomState(args.seed)
    wins = draws = losses = 0
    ours: list[float] = []
    theirs: list[float] = []
    for i in range(args.games):
        armies = PAIRINGS[(i // 2) % len(PAIRINGS)]
        bot = Bot(args.bot, args.seed + i)
        game = load(armies)
        searcher = mcts_bot(game, simulations, args.rollouts, rng)
        result, o, t = play(armies, i % 2, bot, lambda g, s, m=searcher: m.step(s), rng)
        ours += o
        theirs += t
        wins += result > 0
        draws += result == 0
        losses += result < 0
        if args.progress:
            print(f"game {i + 1}: {wins} won, {draws} drawn, {losses} lost", file=sys.stderr)
    score = wins + draws / 2
    low, high = wilson(score, args.games)
    return {
        "bot": args.bot,
        "searcher": args.searcher,
        "mcts_simulations": simulations,
        "mcts_rollouts": args.rollouts,
        "engine_rollouts": args.engine_rollouts,
        "games": args.games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": score / args.games if args.games else 0.0,
        "interval95": [low, high],
        "bot_seconds_per_decision": sum(ours) / max(1, len(ours)),
        "mcts_seconds_per_decision": sum(theirs) / max(1, len(theirs)),
        "calibration": calibration,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="easy", help="our bot (random, greedy, easy, ...)")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=100, help="MCTS simulations")
    parser.add_argument("--rollouts", type=int, default=1, help="random rollouts a leaf")
    parser.add_argument("--match-time", action="store_true", help="calibrate simulations")
    parser.add_argument(
        "--engine-rollouts", action="store_true", help="MCTS's random rollouts played in Rust"
    )
    parser.add_argument(
        "--reshuffle",
        action="store_true",
        help="engine rollouts deal the undrawn tiles in a fresh order each",
    )
    parser.add_argument("--searcher", choices=("mcts", "ismcts"), default="mcts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--progress", action="store_true", help="a line a game on stderr")
    args = parser.parse_args(argv)
    if args.games < 1 or args.simulations < 2 or args.rollouts < 1:
        parser.error("--games and --rollouts must be at least 1, --simulations at least 2")
    r = run(args)
    name = args.searcher.upper()
    if args.json:
        print(json.dumps(r, indent=1))
        return 0
    if r["calibration"]:
        c = r["calibration"]
        print(
            f"calibration: {args.bot} {c['bot_seconds_per_decision'] * 1000:.1f} ms a decision,"
            f" {name} {c['mcts_seconds_per_decision'] * 1000:.1f} ms a decision"
            f" with {c['simulations']} simulations"
        )
    low, high = r["interval95"]
    print(
        f"{args.bot} against {name} ({r['mcts_simulations']} simulations, {args.rollouts} rollout):"
        f" {r['wins']} wins, {r['draws']} draws, {r['losses']} losses in {r['games']} games;"
        f" win rate {r['win_rate']:.1%} (95% {low:.1%} - {high:.1%});"
        f" {r['bot_seconds_per_decision'] * 1000:.1f} ms vs"
        f" {r['mcts_seconds_per_decision'] * 1000:.1f} ms a decision"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
