"""``nshex bench``: the core's benchmarks plus what the engine costs when called from Python.

The Rust rows (``battle``, ``random_game``, ``legal_apply``) come from the engine's own suite
(``bench_core``). The Python rows measure the binding's overhead, which is what the client and
Python-side AI pay for every decision: ``py_apply_action`` is one ``Game.apply_action`` call,
``py_legal_actions`` one ``Game.legal_actions`` call. Both replay fixed, seeded lines of play
from mid-game positions, so every run times the same work; only the calls are timed (the
clones that reset a line are not), and each replayed line must end in the position it ended
in when it was recorded, so a fast wrong binding fails instead of looking good.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from nshex_pygame.core import CHANCE, Bot, EngineError, Game, bench_core

PY_TARGET_PER_SECOND = 200_000
ROW_KEYS = ("name", "what", "ops", "per_second", "target_per_second")

# One mid-game position per base pairing: 40 actions into a seeded game between random bots,
# then the next 20 actions of the same bots, which the benchmark replays.
PAIRINGS = (
    ("borgo", "moloch"),
    ("borgo", "hegemony"),
    ("borgo", "outpost"),
    ("moloch", "hegemony"),
    ("moloch", "outpost"),
    ("hegemony", "outpost"),
)
OPENING = 40
LINE = 20
SEED = 2026


class Line:
    """A mid-game position, the actions that follow it, and where they lead."""

    def __init__(self, start: Game, actions: list[int], end: Game) -> None:
        self.start = start
        self.actions = actions
        self.end = end


def _next_action(game: Game, bot: Bot) -> int:
    if game.current_player() == CHANCE:
        draw = game.natural_draw()
        assert draw is not None
        return draw
    return bot.choose(game)


def mid_game_lines() -> list[Line]:
    """The fixed lines of play the Python rows replay (the same on every run)."""
    lines = []
    for i, armies in enumerate(PAIRINGS):
        game = Game(list(armies), seed=SEED + i)
        bot = Bot("random", seed=SEED + i)
        for _ in range(OPENING):
            if game.is_terminal():
                break
            game.apply_action(_next_action(game, bot))
        start = game.clone()
        actions = []
        while len(actions) < LINE and not game.is_terminal():
            action = _next_action(game, bot)
            game.apply_action(action)
            actions.append(action)
        if actions:
            lines.append(Line(start, actions, game))
    return lines


def _bench_apply(lines: list[Line], ops_wanted: int) -> tuple[int, float]:
    clock = time.perf_counter
    ops, spent = 0, 0.0
    while ops < ops_wanted:
        for line in lines:
            game = line.start.clone()
            apply = game.apply_action
            started = clock()
            for action in line.actions:
                apply(action)
            spent += clock() - started
            ops += len(line.actions)
            if game != line.end:
                raise EngineError("py_apply_action: a replayed line ended somewhere else")
    return ops, spent


def _bench_legal(lines: list[Line], ops_wanted: int) -> tuple[int, float]:
    # Every state along the lines, with the legal actions it had when first asked.
    states: list[tuple[Game, list[int]]] = []
    for line in lines:
        game = line.start.clone()
        for action in line.actions:
            states.append((game.clone(), game.legal_actions()))
            game.apply_action(action)
    clock = time.perf_counter
    ops, spent = 0, 0.0
    while ops < ops_wanted:
        for game, expected in states:
            legal = game.legal_actions
            started = clock()
            for _ in range(10):
                got = legal()
            spent += clock() - started
            ops += 10
            if got != expected:
                raise EngineError("py_legal_actions: the legal actions of a state changed")
    return ops, spent


def _row(name: str, what: str, measure: Callable[[], tuple[int, float]]) -> dict[str, Any]:
    ops, spent = measure()
    return {
        "name": name,
        "what": what,
        "ops": ops,
        "per_second": ops / spent if spent > 0 else float("inf"),
        "target_per_second": PY_TARGET_PER_SECOND,
    }


def python_rows(quick: bool) -> list[dict[str, Any]]:
    """The rows measured from Python: ``py_apply_action`` and ``py_legal_actions``."""
    ops = 10_000 if quick else 100_000
    lines = mid_game_lines()
    return [
        _row(
            "py_apply_action",
            "one Game.apply_action called from Python (fixed lines of play from mid-game)",
            lambda: _bench_apply(lines, ops),
        ),
        _row(
            "py_legal_actions",
            "one Game.legal_actions called from Python (the states of those lines)",
            lambda: _bench_legal(lines, ops),
        ),
    ]


def run(quick: bool = False) -> list[dict[str, Any]]:
    """Every benchmark row: the core's, then the Python ones. ``quick`` runs about a third."""
    rows = [*bench_core(quick), *python_rows(quick)]
    # The documented keys first, in one order for every row; anything more after them.
    return [{**{key: row[key] for key in ROW_KEYS if key in row}, **row} for row in rows]
