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

import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nshex_pygame.core import CHANCE, Bot, EngineError, Game, bench_core

PY_TARGET_PER_SECOND = 200_000
ROW_KEYS = ("name", "what", "ops", "per_second", "target_per_second")

# One mid-game position per base pairing: 40 actions into a seeded game between random bots,
# then the next 20 actions of the same bots, which the benchmark replays.
PAIRINGS = tuple(itertools.combinations(("borgo", "moloch", "hegemony", "outpost"), 2))
OPENING = 40
LINE = 20
EXAMPLE = "example_borgo_moloch.toml"
SEED = 2026
# Random playouts per Game.random_playouts call in the py_random_playout row.
PLAYOUT_BATCH = 50
# The Rust random_game row's target: a batch from Python should cost about what Rust does.
PLAYOUT_TARGET_PER_SECOND = 20_000


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
        actions: list[int] = []
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


def _bench_playouts(ops_wanted: int) -> tuple[int, float]:
    # Random playouts from the start of one game per base pairing, a batch per call (what a
    # Python search with random rollouts calls); each batch must give the results it gave
    # before timing.
    games = [Game(list(armies), seed=SEED + i) for i, armies in enumerate(PAIRINGS)]
    want = [game.random_playouts(PLAYOUT_BATCH, SEED) for game in games]
    clock = time.perf_counter
    ops, spent = 0, 0.0
    while ops < ops_wanted:
        for game, expected in zip(games, want, strict=True):
            started = clock()
            got = game.random_playouts(PLAYOUT_BATCH, SEED)
            spent += clock() - started
            ops += PLAYOUT_BATCH
            if got != expected:
                raise EngineError("py_random_playout: the same playouts ended differently")
    return ops, spent


def _bench_battle_read(ops_wanted: int) -> tuple[int, float]:
    # The example board: a logged battle from Python, then its phases, units and HQs read.
    from nshex_pygame.core import Position

    position = Position.from_file(Path(__file__).resolve().parent / "scenarios" / EXAMPLE)
    want = position.resolve_battle().hq_hp
    clock = time.perf_counter
    started = clock()
    read = 0
    for _ in range(ops_wanted):
        result = position.resolve_battle()
        read += len(result.phases) + len(result.units)
        hq = result.hq_hp
    spent = clock() - started
    if hq != want or not read:
        raise EngineError("py_battle_read: the battle ended differently")
    return ops_wanted, spent


def _row(
    name: str,
    what: str,
    measure: Callable[[], tuple[int, float]],
    rounds: int,
    target: int = PY_TARGET_PER_SECOND,
) -> dict[str, Any]:
    """A row from several timed rounds: the median rate, and every round's rate."""
    rates, total = [], 0
    for _ in range(rounds):
        ops, spent = measure()
        rates.append(ops / spent if spent > 0 else float("inf"))
        total += ops
    return {
        "name": name,
        "what": what,
        "ops": total,
        "per_second": statistics.median(rates),
        "target_per_second": target,
        "rates": rates,
    }


def spread(row: dict[str, Any]) -> float:
    """How far apart a row's rounds were: (fastest - slowest) / median, as a fraction."""
    rates = row.get("rates") or [row["per_second"]]
    return (max(rates) - min(rates)) / row["per_second"] if row["per_second"] else 0.0


def python_rows(quick: bool) -> list[dict[str, Any]]:
    """The rows measured from Python: the binding's calls, a logged battle read whole, and
    random playouts in batches."""
    ops, rounds = (4_000, 3) if quick else (20_000, 5)
    lines = mid_game_lines()
    return [
        _row(
            "py_apply_action",
            "one Game.apply_action called from Python (fixed lines of play from mid-game)",
            lambda: _bench_apply(lines, ops),
            rounds,
        ),
        _row(
            "py_legal_actions",
            "one Game.legal_actions called from Python (the states of those lines)",
            lambda: _bench_legal(lines, ops),
            rounds,
        ),
        _row(
            "py_battle_read",
            "Position.resolve_battle() with its log, then reading phases, units and hq_hp"
            f" ({EXAMPLE})",
            lambda: _bench_battle_read(ops // 4),
            rounds,
        ),
        _row(
            "py_random_playout",
            "one random playout to the end from a game's start, from Python, in batches of"
            f" {PLAYOUT_BATCH} (Game.random_playouts)",
            lambda: _bench_playouts(ops // 10),
            rounds,
            PLAYOUT_TARGET_PER_SECOND,
        ),
    ]


def run(quick: bool = False) -> list[dict[str, Any]]:
    """Every benchmark row: the core's, then the Python ones, then the learning environments'
    (with the ``rl`` extra). ``quick`` runs about a third."""
    from nshex_pygame.bench_rl import rl_rows

    rows = [*bench_core(quick), *python_rows(quick)]
    native = next((r["per_second"] for r in rows if r["name"] == "random_game"), None)
    rows += rl_rows(quick, native)
    # The documented keys first, in one order for every row; anything more after them.
    return [{**{key: row[key] for key in ROW_KEYS if key in row}, **row} for row in rows]


def machine_warnings(build: str) -> list[str]:
    """Why this run's numbers may not mean much: a debug build, or a busy machine."""
    found = []
    if build != "release":
        found.append(
            f"the engine is a {build} build; its numbers mean NOTHING. Build it for release"
            " (python3 dev.py build) before timing anything."
        )
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # not on this platform
        return found
    cores = os.cpu_count() or 1
    if load > cores:
        found.append(
            f"the machine is busy (load {load:.1f} on {cores} cores): rates may be low and"
            " spread wide; compare builds with --compare, which alternates them."
        )
    return found


# One build's core rows, from a separate process, so two builds can be timed in turn.
_ONE_BUILD = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("nshex_pygame._core", sys.argv[1])
core = importlib.util.module_from_spec(spec)
spec.loader.exec_module(core)
print(json.dumps({r["name"]: r["per_second"] for r in core.bench_core(quick=True)}))
"""


def _one_build(path: Path) -> dict[str, float]:
    run = subprocess.run(
        [sys.executable, "-c", _ONE_BUILD, str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        tail = (run.stderr.strip().splitlines() or ["no output"])[-1]
        raise EngineError(f"the build {path} did not run its benchmarks: {tail}")
    return json.loads(run.stdout)


def compare(this: Path, other: Path, rounds: int = 6, seed: int = 2026) -> list[dict[str, Any]]:
    """Times the core rows of two builds of the native module in alternating rounds (this,
    other; then other, this; ...), so both see the same machine, and reports per row the
    median of the paired ratios (this / other) with a 95% bootstrap interval."""
    pairs: dict[str, list[tuple[float, float]]] = {}
    for r in range(rounds):
        order = [(this, 0), (other, 1)] if r % 2 == 0 else [(other, 1), (this, 0)]
        got: dict[int, dict[str, float]] = {}
        for path, k in order:
            got[k] = _one_build(path)
        for name in got[0].keys() & got[1].keys():
            pairs.setdefault(name, []).append((got[0][name], got[1][name]))
    rng = random.Random(seed)
    rows = []
    for name, values in pairs.items():
        ratios = [a / b for a, b in values if b > 0]
        boot = sorted(statistics.median(rng.choices(ratios, k=len(ratios))) for _ in range(2000))
        rows.append(
            {
                "name": name,
                "ratio": statistics.median(ratios),
                "low": boot[int(0.025 * len(boot))],
                "high": boot[int(0.975 * len(boot)) - 1],
                "rounds": len(ratios),
                "this_per_second": statistics.median(a for a, _ in values),
                "other_per_second": statistics.median(b for _, b in values),
            }
        )
    return rows


# Instructions per operation, counted by callgrind: repeatable whatever else the machine does.
# Each row is run twice in a fresh process under valgrind, with N and 2N operations; the
# difference of the two totals, divided by N, is what one operation costs (the interpreter's
# start, the engine's tables and the row's inputs cancel out). Callgrind's branch simulator
# counts the mispredicted branches the same way: a model of a predictor, not the processor's
# own, but repeatable; each costs 15 to 20 cycles, the time of several dozen instructions.
INSTRUCTION_OPS = {
    "battle": 1_024,
    "battle_duel": 512,
    "battle_ddm": 256,
    "random_game": 16,
    "random_game_duel": 4,
    "random_game_4p": 2,
    "random_game_reinforcements": 8,
    "legal_apply": 2_000,
    "mcts_iteration": 1_000,
    "mcts_iteration_medium": 1_000,
    "mcts_iteration_easy": 1_000,
}

_COUNT = """
import sys
from nshex_pygame.core import bench_ops
bench_ops(sys.argv[1], int(sys.argv[2]))
"""


def valgrind() -> str | None:
    """The valgrind program, if this machine has one."""
    import shutil

    return shutil.which("valgrind")


def parse_collected(stderr: str) -> tuple[int, int] | None:
    """(instructions, mispredicted branches) from callgrind's summary with the branch
    simulator on (``Collected : Ir Bc Bcm Bi Bim``), or None without that line."""
    for line in stderr.splitlines():
        if "Collected :" in line:
            counts = [int(x) for x in line.rsplit(":", 1)[1].split()]
            if len(counts) != 5:
                return None
            ir, _bc, bcm, _bi, bim = counts
            return ir, bcm + bim
    return None


def _collected(program: str, name: str, n: int) -> tuple[int, int]:
    """Instructions and mispredicted branches callgrind counted for ``n`` operations of row
    ``name`` in a new process."""
    run = subprocess.run(
        [
            program,
            "--tool=callgrind",
            "--branch-sim=yes",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            _COUNT,
            name,
            str(n),
        ],
        capture_output=True,
        text=True,
        check=False,
        # A fixed hash seed: otherwise the interpreter's start differs from run to run by
        # more than a few hundred battles cost.
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    counts = parse_collected(run.stderr)
    if counts is not None:
        return counts
    tail = (run.stderr.strip().splitlines() or ["no output"])[-1]
    raise EngineError(f"callgrind could not count {name}: {tail}")


def instructions(names: list[str] | None = None) -> list[dict[str, Any]]:
    """Instructions and mispredicted branches per operation of the engine's rows
    (callgrind), one dict per row: ``name``, ``instructions``, ``mispredicts`` (per
    operation), ``ops`` (the N of the two runs)."""
    program = valgrind()
    if program is None:
        raise EngineError("no valgrind on this machine: instructions are counted by callgrind")
    rows = []
    for name in names or list(INSTRUCTION_OPS):
        n = INSTRUCTION_OPS[name]
        ir_once, br_once = _collected(program, name, n)
        ir_twice, br_twice = _collected(program, name, 2 * n)
        rows.append(
            {
                "name": name,
                "instructions": (ir_twice - ir_once) / n,
                "mispredicts": (br_twice - br_once) / n,
                "ops": n,
            }
        )
    return rows
