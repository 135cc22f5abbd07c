"""``nshex bench``'s rows for the learning environments (docs/RL.md), when the ``rl`` extra is
installed: a random game played through the PettingZoo environment with an observation and a
mask at every step, and through OpenSpiel (``legal_actions`` + ``apply_action``), in steps per
second, each with its ratio to the engine's own random game (the ``random_game`` row, in
decisions and draws per second).

Every round plays the same seeded games and must end them the same way (the same number of
steps and the same returns), so a fast wrong environment fails instead of looking good.
"""

from __future__ import annotations

import random
import time
from typing import Any

from nshex_pygame.core import EngineError, Game

ENV_TARGET_PER_SECOND = 20_000
ARMIES = ("borgo", "moloch")


def _pettingzoo_games(games: int, raw: bool) -> tuple[int, float, list[float]]:
    import numpy as np

    from nshex_pygame.envs.pettingzoo import env, raw_env

    e = (raw_env if raw else env)(armies=";".join(ARMIES))
    steps, spent, returns = 0, 0.0, []
    clock = time.perf_counter
    for seed in range(games):
        rng = np.random.default_rng(seed)
        started = clock()
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            obs, reward, termination, truncation, _ = e.last()
            if termination or truncation:
                returns.append(reward)
                e.step(None)
                continue
            # A bool view: numpy finds the legal numbers ten times faster than in int8.
            legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            e.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        spent += clock() - started
    return steps, spent, returns


def _openspiel_games(games: int) -> tuple[int, float, list[float]]:
    import pyspiel

    import nshex_pygame.envs.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game(f"python_neuroshima_hex(armies={';'.join(ARMIES)})")
    steps, spent, returns = 0, 0.0, []
    clock = time.perf_counter
    for seed in range(games):
        rng = random.Random(seed)
        started = clock()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(
                    rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                )
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        spent += clock() - started
        returns += state.returns()
    return steps, spent, returns


def _steps_per_native_game(games: int = 50) -> float:
    """Decisions and draws in a random game (the unit of the native ``random_game`` row)."""
    total = 0
    for seed in range(games):
        g, rng = Game(list(ARMIES), seed=seed), random.Random(seed)
        while not g.is_terminal():
            g.apply_encoded(rng.choice(g.encoded_legal_actions()))
            total += 1
    return total / games


def _row(name: str, what: str, measure: Any, rounds: int, native: float | None) -> dict[str, Any]:
    rates, total, first = [], 0, None
    for _ in range(rounds):
        steps, spent, returns = measure()
        if first is None:
            first = (steps, returns)
        elif (steps, returns) != first:
            raise EngineError(f"{name}: the same seeded games ended differently")
        rates.append(steps / spent)
        total += steps
    rates_sorted = sorted(rates)
    per_second = rates_sorted[len(rates) // 2]
    row = {
        "name": name,
        "what": what,
        "ops": total,
        "per_second": per_second,
        "target_per_second": ENV_TARGET_PER_SECOND,
        "rates": rates,
    }
    if native:
        row["ratio_to_native"] = per_second / native
        row["what"] += f"; {per_second / native:.2%} of the native random game's steps/s"
    return row


def rl_rows(quick: bool, random_game_per_second: float | None) -> list[dict[str, Any]]:
    """The environments' rows, or none without the ``rl`` extra."""
    try:
        import numpy  # noqa: F401
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError:
        return []
    games, rounds = (4, 3) if quick else (20, 5)
    native = None
    if random_game_per_second:
        native = random_game_per_second * _steps_per_native_game()
    pair = " against ".join(a.capitalize() for a in ARMIES)
    return [
        _row(
            "env_pettingzoo_step",
            f"one step of a random {pair} game through the PettingZoo env(), with its"
            " observation and mask (draws inside)",
            lambda: _pettingzoo_games(games, raw=False),
            rounds,
            native,
        ),
        _row(
            "env_pettingzoo_raw_step",
            "the same through raw_env() (without PettingZoo's order-enforcing wrapper)",
            lambda: _pettingzoo_games(games, raw=True),
            rounds,
            native,
        ),
        _row(
            "env_openspiel_step",
            f"one legal_actions + apply_action of a random {pair} game through OpenSpiel"
            " (chance nodes included)",
            lambda: _openspiel_games(games),
            rounds,
            native,
        ),
    ]
