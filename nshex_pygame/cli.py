"""The ``nshex`` command: the game, battles, scripts, the arena, benchmarks and the self test.

- ``nshex battle FILE.toml [--json]`` resolves one battle from a scenario and tells it phase by
  phase; ``--json`` prints exactly the engine's ``BattleResult.to_json()``.
- ``nshex script FILE.toml [--json]`` plays a game script (a scenario with hands, decks and
  actions in the notation) and prints the position reached.
- ``nshex arena --a BOT --b BOT --games N`` plays bots against each other in the engine and
  prints the wins with a 95% Wilson interval.
- ``nshex ladder [--quick] [--rows NAME,...] [--table NAME,...]`` plays the AI's strength
  table (docs/AI.md).
- ``nshex tune --bot BOT --games N --generations G --population P --out FILE`` searches for
  better evaluation weights by self-play (CMA-ES; ``nshex_pygame.tune``).
- ``nshex bench [--json] [--quick]`` runs the engine's benchmarks and the Python-side ones.
- ``nshex --selftest`` plays one headless bot game with every check on; it needs nothing but
  the package (no repository files), so the packaged executable can run it too.

``nshex`` alone opens the game window (the pygame-ce client, ``nshex_pygame.client``).

Bad input never ends in a traceback: a file, a bot or an action the engine rejects gives exit 2
and one line on stderr (the engine's message); a failure of the engine itself gives exit 1 and
one line, as does output that cannot be written (stdout closed, a full disk). A file named on
the command line must be a regular file of at most 4 MB (``nshex_pygame.inputs``). ``nshex
puzzle solve`` gives up on a puzzle larger than its budget (``--max-positions``, ``--seconds``)
with exit 3 and one line saying so.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
import tomllib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from nshex_pygame.cli_common import (
    EXIT_FAILURE,
    EXIT_OK,
    EXIT_TOO_LARGE,
    EXIT_USAGE,
    MAX_THREADS,
    print_result,
)
from nshex_pygame.cli_common import engine_missing as _engine_missing
from nshex_pygame.cli_common import error as _error
from nshex_pygame.cli_common import one_line as _one_line
from nshex_pygame.cli_common import one_line_text as _one_line_text
from nshex_pygame.describe import (
    DIRECTION_NAMES,
    describe_battle,
    hex_key,
    hex_text,
    long_tile_name,
    seat_name,
    winner_line,
    wounds_text,
)

DEFAULT_SOLVE_POSITIONS = 2_000_000

U32_MAX = 2**32 - 1
U64_MAX = 2**64 - 1


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (try 'nshex --help')\n")


def _whole(low: int, high: int) -> Any:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not between {low} and {high}")
        return value

    return parse


def _army_pair(text: str) -> tuple[str, str]:
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not two armies, A,B (e.g. borgo,moloch)")
    return parts[0], parts[1]


def _positive_float(high: float) -> Any:
    """An argparse type: a number above 0, at most ``high``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not 0 < value <= high:  # NaN fails too
            raise argparse.ArgumentTypeError(f"{text} is not above 0 and at most {high:g}")
        return value

    return parse


def _name_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"weight names, comma-separated: {text!r}")
    return names


def _add_file(parser: Any, what: str) -> None:
    """The file a command reads (a TOML file)."""
    parser.add_argument("file", metavar="FILE.toml", help=what)


def _add_json(parser: Any, what: str) -> None:
    """``--json``: the result as JSON instead of lines."""
    parser.add_argument("--json", action="store_true", help=f"print {what}")


def _add_seed(parser: Any, default: int | None, *, metavar: str = "S") -> None:
    """``--seed``: the seed of every random choice (a whole number of 64 bits)."""
    parser.add_argument(
        "--seed",
        metavar=metavar,
        type=_whole(0, U64_MAX),
        default=default,
        help=f"default {default or 0}",
    )


def _add_games(parser: Any, what: str, *, required: bool = False) -> None:
    """``--games N``: how many games."""
    parser.add_argument(
        "--games", metavar="N", type=_whole(1, U32_MAX), required=required, help=what
    )


def _add_threads_and_ray(parser: Any, *, threads_note: str, ray: str) -> None:
    """``--threads`` and ``--ray``: the games played at once here, or as tasks on a Ray cluster
    (``nshex arena``, ``ladder`` and ``tune``)."""
    threads = "games played at once (default: every core); with --ray, in each task (default 1)"
    parser.add_argument(
        "--threads", metavar="T", type=_whole(1, MAX_THREADS), help=threads + threads_note
    )
    parser.add_argument("--ray", metavar="ADDRESS", help=ray)


def _add_battle_and_script(commands: Any) -> None:
    """``nshex battle`` and ``nshex script``: one file in, the result out."""
    battle = commands.add_parser(
        "battle", help="resolve one battle from a scenario file and print the result"
    )
    _add_file(battle, "a scenario file (TOML, see docs/COMMANDS.md)")
    _add_json(battle, "the result as one JSON object")

    script = commands.add_parser(
        "script", help="play a game script (actions in the notation) and print the position"
    )
    _add_file(script, "a game script (a scenario plus [script] actions, see docs/NOTATION.md)")
    _add_json(script, "the position as JSON")


def _add_arena(commands: Any) -> None:
    """``nshex arena``: AI against AI."""
    arena = commands.add_parser("arena", help="AI against AI, seats alternating")
    arena.add_argument("--a", metavar="BOT", help="bot a: random, greedy, ...")
    arena.add_argument("--b", metavar="BOT", help="bot b")
    arena.add_argument(
        "--bots",
        metavar="A,B,C[,D]",
        type=_bot_list,
        help="three or four bots, one a seat, seats rotated from game to game (instead of"
        " --a and --b)",
    )
    arena.add_argument(
        "--mode",
        choices=("deathmatch", "points", "one_vs_team", "team"),
        default=None,
        help="with --bots: the mode (default deathmatch)",
    )
    arena.add_argument(
        "--board",
        choices=("standard", "expanded"),
        default="standard",
        help="with --bots: the board (default standard)",
    )
    _add_games(arena, "games to play", required=True)
    arena.add_argument(
        "--armies",
        metavar="A,B",
        type=_army_pair,
        help="bot a plays army A, bot b army B (default: the base pairings in turn, both ways"
        " round)",
    )
    _add_seed(arena, 0)
    _add_threads_and_ray(
        arena,
        threads_note=". The result does not depend on it",
        ray="play the games as Ray tasks on the cluster at ADDRESS (ray.init's"
        " address, e.g. auto or ray://host:10001; local starts one here), the same result as"
        " here; the ray extra",
    )
    arena.add_argument(
        "--chunk",
        metavar="N",
        type=_whole(1, U32_MAX),
        help="with --ray: N games a task (default: the games split evenly, a task per --threads"
        " CPUs of the cluster)",
    )
    arena.add_argument(
        "--variants",
        metavar="V[,V]",
        type=_variant_list,
        default=[],
        help="two seats: alternative_start, reinforcements, no_unlucky_draw (D-31)",
    )
    arena.add_argument(
        "--mercenaries",
        metavar="N",
        type=_whole(0, 2),
        default=0,
        help="two seats: Mercenaries each seat hires, 0 to 2 (D-25)",
    )
    arena.add_argument(
        "--random-mercenaries",
        action="store_true",
        help="the Mercenaries are dealt at random instead of picked",
    )
    arena.add_argument(
        "--mad-bomber",
        choices=["off", "neutral", "mercenary"],
        default="off",
        help="two seats: the Mad Bomber's mode (D-24; default off)",
    )
    _add_json(arena, "the result as JSON")


def _add_ladder(commands: Any) -> None:
    """``nshex ladder``: the strength tables of docs/AI.md."""
    ladder = commands.add_parser(
        "ladder", help="the AI's strength table of docs/AI.md, every row an arena"
    )
    _add_games(ladder, "games a row (default 200; 2 with --quick)")
    _add_seed(ladder, 2026)
    ladder.add_argument(
        "--rows", metavar="NAME[,NAME]", type=_row_list, help="only these rows (default: all)"
    )
    ladder.add_argument(
        "--table",
        metavar="NAME[,NAME]",
        type=_row_list,
        help="only the rows of these tables: issue (the ladder and issue 43's rows), armies"
        " (every army against every other), worth (the search's worth per army), levels"
        " (each level over the one below, per army and per mode), league (mixed modes, Hard against"
        " hard-v1); default: all",
    )
    ladder.add_argument(
        "--quick",
        action="store_true",
        help="a tiny size: 2 games a row, every level at a few dozen iterations (a smoke run)",
    )
    ladder.add_argument(
        "--hard",
        metavar="BOT",
        help="play every Hard seat with BOT instead (e.g. hard-v1, or hard with settings)",
    )
    _add_threads_and_ray(
        ladder,
        threads_note="",
        ray="play each row's games as Ray tasks on the cluster at ADDRESS (as nshex arena"
        " --ray); the ray extra",
    )
    ladder.add_argument("--list", action="store_true", help="list the rows and stop")
    _add_json(ladder, "the records as JSON")


def _add_puzzle(commands: Any) -> None:
    """``nshex puzzle solve`` and ``nshex puzzle generate``."""
    puzzle = commands.add_parser("puzzle", help="Hex Puzzles: solve a puzzle file, or make one")
    puzzles = puzzle.add_subparsers(dest="puzzle_command", metavar="WHAT", parser_class=_Parser)
    solve = puzzles.add_parser(
        "solve", help="every solution of a puzzle file, and whether it is unique"
    )
    _add_file(solve, "a puzzle file (a scenario with [puzzle])")
    _add_json(solve, "the result as one JSON object")
    solve.add_argument(
        "--max-positions",
        metavar="N",
        type=_whole(1, U64_MAX),
        default=DEFAULT_SOLVE_POSITIONS,
        help="give up after examining N positions (default 2,000,000: about two seconds, a"
        " hundred times the largest shipped puzzle); a puzzle that needs more: exit 3",
    )
    solve.add_argument(
        "--seconds",
        metavar="S",
        type=_positive_float(1e6),
        default=None,
        help="give up after S seconds (default: no time limit); exit 3",
    )
    make = puzzles.add_parser("generate", help="a new puzzle with one solution (TOML on stdout)")
    make.add_argument(
        "--difficulty",
        required=True,
        choices=["easy", "medium", "hard", "very_hard"],
        help="the measured difficulty wanted",
    )
    _add_seed(make, 0)


def _add_tune(commands: Any) -> None:
    """``nshex tune``: evaluation weights by self-play."""
    tune = commands.add_parser(
        "tune",
        help="better evaluation weights by self-play (CMA-ES; the tune extra)",
        description="CMA-ES proposes weight sets; each plays --games games against the"
        " starting bot (the same games for every candidate of a generation); the best set goes"
        " to --out in the format of rust_core/nshex_ai/data/weights.json.",
    )
    tune.add_argument(
        "--bot",
        metavar="BOT",
        help="the level to tune, with its settings (e.g. medium, easy:iters=200); default medium",
    )
    _add_games(tune, "games per candidate and generation (default 24)")
    tune.add_argument(
        "--generations",
        metavar="G",
        type=_whole(1, 100_000),
        help="generations in all, counting those of a resumed checkpoint (default 10)",
    )
    tune.add_argument(
        "--population",
        metavar="P",
        type=_whole(2, 10_000),
        help="candidates per generation (default 8)",
    )
    tune.add_argument(
        "--sigma",
        metavar="S",
        type=_positive_float(10.0),
        help="CMA-ES's initial step size, in multipliers' logarithms (default 0.3)",
    )
    tune.add_argument(
        "--scale",
        choices=("log", "plain"),
        help="a weight is start*exp(x) (log, the default) or start*(1+x) (plain)",
    )
    tune.add_argument(
        "--weights",
        metavar="A,B,C",
        type=_name_list,
        help="the weights to tune (default: all; the others keep their starting values)",
    )
    _add_seed(tune, None, metavar="X")
    tune.add_argument(
        "--variants",
        metavar="V[,V]",
        type=_variant_list,
        help="play every match with these variants (D-31); with reinforcements this tunes the"
        " set games with Reinforcements use (weights_reinforcements.json)",
    )
    tune.add_argument(
        "--out", metavar="FILE", required=True, help="where the best weights go (JSON)"
    )
    tune.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="written after every generation (default: FILE of --resume, else --out plus"
        " .checkpoint)",
    )
    tune.add_argument(
        "--resume",
        metavar="CHECKPOINT",
        help="continue the run of this checkpoint (its bot, games, population, sigma, seed,"
        " weights and variants); --generations may raise its total",
    )
    _add_threads_and_ray(
        tune,
        threads_note=". The results do not depend on it",
        ray="play the matches as Ray tasks on the cluster at ADDRESS (ray.init's address, e.g."
        " auto or ray://host:10001; local starts one here); the ray extra",
    )
    _add_json(tune, "the summary as JSON")


def _add_bench(commands: Any) -> None:
    """``nshex bench``: the benchmark suite."""
    bench = commands.add_parser("bench", help="the benchmark suite, Rust core and Python")
    _add_json(bench, "the rows as a JSON list")
    bench.add_argument("--quick", action="store_true", help="about a third as long")
    bench.add_argument(
        "--instructions",
        action="store_true",
        help="count the instructions and mispredicted branches per operation of the engine's"
        " rows with callgrind"
        " (valgrind): repeatable on a busy machine, where times are not (a few minutes)",
    )
    bench.add_argument(
        "--compare",
        metavar="OTHER_CORE",
        help="time this build against another build of the native module (the _core*.so file"
        " of another checkout) in alternating rounds, and print the ratio with an interval",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="nshex",
        description="Neuroshima Hex! 3.0. With no command it opens the game window.",
    )
    parser.add_argument(
        "--selftest",
        action="store_true",
        help="headless: one AI-against-AI game with every battle resolved and every check on",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    _add_battle_and_script(commands)
    _add_arena(commands)
    _add_ladder(commands)
    _add_puzzle(commands)
    _add_tune(commands)
    _add_bench(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``nshex`` command; returns the exit code.

    Output that cannot be written (standard output closed, a full disk) is an error: exit 1
    and one line on stderr, never a traceback nor a silent success.
    """
    args = build_parser().parse_args(argv)
    if (args.selftest or args.command) and sys.stdout is None:
        _error("nshex: standard output is closed: nowhere to write the result")
        return EXIT_FAILURE
    try:
        code = _run(args)
        if sys.stdout is not None:
            sys.stdout.flush()
        return code
    except BrokenPipeError:
        # The reader went away (`nshex battle x.toml | head`): not an error worth a traceback.
        _silence_stdout()
        return EXIT_OK
    except OSError as exc:
        # The output could not be written (`> /dev/full`, a full disk).
        _silence_stdout()
        _error(f"nshex: cannot write the output: {exc.strerror or exc}")
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return 130


def _run(args: argparse.Namespace) -> int:
    """The command ``args`` names; the exit code."""
    if args.selftest:
        return _selftest(out=sys.stdout)
    if args.command == "battle":
        return _battle(args.file, as_json=args.json, out=sys.stdout)
    if args.command == "script":
        return _script(args.file, as_json=args.json, out=sys.stdout)
    if args.command == "arena":
        from nshex_pygame.cli_matches import arena_command

        return arena_command(args, out=sys.stdout)
    if args.command == "ladder":
        from nshex_pygame.cli_matches import ladder_command

        return ladder_command(args, out=sys.stdout)
    if args.command == "puzzle":
        return _puzzle(args, out=sys.stdout)
    if args.command == "tune":
        from nshex_pygame.cli_matches import tune_command

        return tune_command(args, out=sys.stdout)
    if args.command == "bench":
        if args.compare:
            return _bench_compare(args.compare, as_json=args.json, out=sys.stdout)
        if args.instructions:
            return _bench_instructions(as_json=args.json, out=sys.stdout)
        return _bench(as_json=args.json, quick=args.quick, out=sys.stdout)
    return _window()


def _puzzle(args: argparse.Namespace, *, out: TextIO) -> int:
    try:
        from nshex_pygame.core import EngineError, Puzzle, ScenarioError, puzzle_generate
    except ImportError as exc:
        return _engine_missing(exc)
    if args.puzzle_command == "generate":
        try:
            made = puzzle_generate(args.difficulty, args.seed)
        except EngineError as exc:
            _error(f"nshex puzzle generate: {_one_line(exc)}")
            return EXIT_FAILURE
        out.write(made.to_toml())
        return EXIT_OK
    if args.puzzle_command != "solve":
        _error("nshex puzzle: say solve FILE or generate --difficulty D")
        return EXIT_USAGE
    text = _read_text(args.file)
    if text is None:
        return EXIT_USAGE
    try:
        puzzle = Puzzle(text, args.file)
    except ScenarioError as exc:
        _error(_one_line(exc))
        return EXIT_USAGE
    started = time.perf_counter()
    result = _solve_with_progress(puzzle, args.max_positions, args.seconds)
    result["seconds"] = round(time.perf_counter() - started, 4)
    if result["too_large"]:
        _error(
            f"{args.file}: too large to solve within the budget ({result['examined']:,}"
            f" positions examined in {result['seconds']:.1f} s; raise --max-positions or"
            " --seconds)"
        )
        return EXIT_TOO_LARGE
    if args.json:
        print(json.dumps(result), file=out)
        return EXIT_OK
    count = len(result["solutions"])
    print(
        f"{puzzle.title} ({puzzle.difficulty}): {puzzle.goal['text']}, "
        f"playing {puzzle.play} of {', '.join(puzzle.offer)}",
        file=out,
    )
    print(
        f"{count} solution{'' if count == 1 else 's'}"
        f"{' (unique)' if result['unique'] else ''}; {result['examined']} positions examined, "
        f"{result['candidates']} lines followed by a battle, {result['seconds']} s",
        file=out,
    )
    for i, solution in enumerate(result["solutions"][:10], 1):
        print(f"  {i}. " + "; ".join(solution), file=out)
    if result["explanation"]:
        print("How the first one wins:", file=out)
        for line in result["explanation"].splitlines():
            print(f"  {line}", file=out)
    return EXIT_OK


def _solve_with_progress(puzzle: Any, max_positions: int, seconds: float | None) -> Any:
    """``puzzle.solve`` within the budget; on a terminal, a progress line on stderr."""
    stderr = sys.stderr
    if stderr is None or not stderr.isatty():
        return puzzle.solve(max_positions=max_positions, seconds=seconds)

    def progress(examined: int) -> None:
        stderr.write(f"\rsolving: {examined:,} of at most {max_positions:,} positions examined")
        stderr.flush()

    try:
        return puzzle.solve(max_positions=max_positions, seconds=seconds, progress=progress)
    finally:
        stderr.write("\r\033[K")
        stderr.flush()


def _window() -> int:
    """``nshex`` alone: the game window with the main menu."""
    try:
        from nshex_pygame.client.app import main as client_main
    except ImportError as exc:
        return _engine_missing(exc)
    try:
        return client_main()
    except Exception as exc:  # no display, a broken driver: one line, not a traceback
        _error(f"nshex: the game window could not run: {type(exc).__name__}: {_one_line(exc)}")
        return EXIT_FAILURE


def _read_text(path: str) -> str | None:
    """The file's text, or None after one line on stderr saying why it cannot be read (no
    such file, not a regular file, larger than the input limit, not UTF-8)."""
    from nshex_pygame.inputs import InputFileError, read_input_text

    try:
        return read_input_text(path)
    except InputFileError as exc:
        _error(str(exc))
    return None


def _read_input(path: str, read: Callable[[str], Any]) -> tuple[int, Any]:
    """The file at ``path`` read by ``read(text)``: ``(EXIT_OK, what it gave)``, or the exit code
    and None once the problem is said (a file that cannot be read or a bad scenario: usage; the
    engine failing: failure). Needs the engine (the caller has imported it)."""
    from nshex_pygame.core import EngineError, ScenarioError

    text = _read_text(path)
    if text is None:
        return EXIT_USAGE, None
    try:
        return EXIT_OK, read(text)
    except ScenarioError as exc:
        _error(_one_line(exc))
        return EXIT_USAGE, None
    except EngineError as exc:
        _error(f"{path}: engine error: {_one_line(exc)}")
        return EXIT_FAILURE, None


def _battle(path: str, *, as_json: bool, out: TextIO) -> int:
    try:
        from nshex_pygame.core import EngineError, Position
    except ImportError as exc:
        return _engine_missing(exc)

    code, position = _read_input(path, lambda text: Position.from_toml(text, path))
    if position is None:
        return code
    try:
        result = position.resolve_battle()
    except EngineError as exc:
        _error(f"{path}: engine error: {_one_line(exc)}")
        return EXIT_FAILURE

    if as_json:
        print(result.to_json(), file=out)
    else:
        out.writelines(f"{line}\n" for line in describe_battle(position, result, title=path))
    return EXIT_OK


def _selftest(*, out: TextIO) -> int:
    """``nshex --selftest``: one line, exit 0 when the engine played a whole game cleanly."""
    try:
        from nshex_pygame.core import selftest

        result = selftest()
        if result.get("ok") is not True:
            raise RuntimeError(f"the engine reported {result}")
        hq = " and ".join(str(hp) for hp in result["hq_hp"])
        line = (
            f"nshex selftest: ok: {result['a']} against {result['b']} (seed {result['seed']}),"
            f" {result['actions']} actions, {result['turns']} turns,"
            f" {result['battles']} battles, {_winner_words(result['winner'])},"
            f" HQ hit points {hq}"
        )
    except Exception as exc:  # anything at all: the self test exists to report it
        _error(f"nshex selftest: FAILED: {type(exc).__name__}: {_one_line(exc)}")
        return EXIT_FAILURE
    print(line, file=out)
    return EXIT_OK


def _winner_words(winner: Any) -> str:
    if winner is None:
        return "no winner yet"
    if winner == "draw":
        return "a draw"
    return f"seat {winner} won"


def _row_list(text: str) -> list[str]:
    rows = [r.strip() for r in text.split(",")]
    if not all(rows):
        raise argparse.ArgumentTypeError(f"row names, comma-separated: {text!r}")
    return rows


def _bot_list(text: str) -> list[str]:
    bots = [b.strip() for b in text.split(",")]
    if not 3 <= len(bots) <= 4 or not all(bots):
        raise argparse.ArgumentTypeError(f"three or four bots, comma-separated: {text!r}")
    return bots


VARIANTS = ("alternative_start", "reinforcements", "no_unlucky_draw")


def _variant_list(text: str) -> list[str]:
    names = [v.strip() for v in text.split(",")]
    unknown = [v for v in names if v not in VARIANTS]
    if unknown or not all(names):
        raise argparse.ArgumentTypeError(
            f"variants, comma-separated, from {', '.join(VARIANTS)}: {text!r}"
        )
    return names


def _script(path: str, *, as_json: bool, out: TextIO) -> int:
    try:
        from nshex_pygame.core import script_json
    except ImportError as exc:
        return _engine_missing(exc)
    code, read = _read_input(path, lambda text: (text, *script_json(text, path)))
    if read is None:
        return code
    text, result, stopped = read
    if stopped is not None:
        index, action, reason, line = stopped
        _error(
            f"{path}:{line}: action {index} {json.dumps(action)} refused: {_one_line_text(reason)}"
        )
        return EXIT_USAGE
    return print_result(
        result,
        lambda result: describe_script(result, _armies_of(text), title=path),
        as_json=as_json,
        out=out,
    )


def _armies_of(text: str) -> list[str]:
    """The scenario's ``[game] armies`` (the engine has read the file already; only names)."""
    try:
        armies = tomllib.loads(text)["game"]["armies"]
    except (tomllib.TOMLDecodeError, KeyError, TypeError):
        return []
    return [str(army) for army in armies] if isinstance(armies, list) else []


def _short_name(tile_id: str) -> str:
    """``"Net Fighter"`` for ``"borgo.net_fighter"`` (the army is said by the seat)."""
    from nshex_pygame.core import tile_info

    try:
        return str(tile_info(tile_id)["name"])
    except Exception:
        return tile_id


def _tiles(tile_ids: Iterable[str]) -> str:
    names = [_short_name(tile) for tile in tile_ids]
    return ", ".join(names) if names else "nothing"


def describe_script(result: dict[str, Any], armies: list[str], *, title: str) -> list[str]:
    """The readable position a game script reached, one string per line."""

    def seat(n: Any) -> str:
        return seat_name(armies, n)

    hq_hp = result.get("hq_hp") or []
    hands = result.get("hands") or []
    discards = result.get("discards") or []
    decks = result.get("deck_sizes") or []
    lines = [f"Script: {title}"]
    stage = result.get("stage")
    lines.append(
        f"To move: {seat(result.get('to_move'))}"
        + (f", stage {stage}" if stage else "")
        + f"; battles fought: {result.get('battles', 0)}"
    )
    for n in range(len(hq_hp)):
        lines.append(
            f"{seat(n).capitalize()}: HQ {hq_hp[n]} hit points;"
            f" hand: {_tiles(hands[n] if n < len(hands) else [])};"
            f" discard pile: {_tiles(discards[n] if n < len(discards) else [])};"
            f" deck: {decks[n] if n < len(decks) else '?'} tiles"
        )
    units = sorted(
        result.get("units") or [], key=lambda u: (u.get("seat", 0), hex_key(u.get("at")) or (0, 0))
    )
    lines.append(f"Board ({len(units)} tiles):")
    for unit in units:
        facing = unit.get("facing", 0)
        direction = DIRECTION_NAMES[facing] if isinstance(facing, int) and 0 <= facing < 6 else ""
        wounds = unit.get("wounds", 0)
        lines.append(
            f"  {hex_text(unit.get('at')):8} {long_tile_name(str(unit.get('tile')))}"
            f", {seat(unit.get('seat'))}, facing {facing} {direction}"
            + (f", {wounds_text(wounds)}" if wounds else "")
        )
    lines.append(winner_line(result.get("winner"), seat, "game"))
    return lines


def _warn_about_the_machine() -> None:
    from nshex_pygame import bench
    from nshex_pygame.core import build_profile

    for warning in bench.machine_warnings(build_profile):
        _error(f"nshex bench: WARNING: {warning}")


def _bench(*, as_json: bool, quick: bool, out: TextIO) -> int:
    try:
        from nshex_pygame import bench
    except ImportError as exc:
        return _engine_missing(exc)
    _warn_about_the_machine()
    return _bench_rows(
        "nshex bench", lambda: bench.run(quick=quick), describe_bench, as_json=as_json, out=out
    )


def _bench_rows(
    command: str,
    measure: Callable[[], list[dict[str, Any]]],
    describe: Callable[[list[dict[str, Any]]], list[str]],
    *,
    as_json: bool,
    out: TextIO,
) -> int:
    """The rows ``measure()`` gives, printed (JSON or ``describe``'s lines); a benchmark that
    got a wrong answer (EngineError) fails."""
    from nshex_pygame.core import EngineError

    try:
        rows = measure()
    except EngineError as exc:
        _error(f"{command}: FAILED: {_one_line(exc)}")
        return EXIT_FAILURE
    return print_result(rows, describe, as_json=as_json, out=out)


def _bench_compare(other: str, *, as_json: bool, out: TextIO) -> int:
    try:
        from nshex_pygame import bench
        from nshex_pygame.core import NATIVE_MODULE
    except ImportError as exc:
        return _engine_missing(exc)
    path = Path(other)
    if not path.is_file():
        _error(f"nshex bench --compare: {other}: no such file (give another build's _core*.so)")
        return EXIT_USAGE
    _warn_about_the_machine()
    return _bench_rows(
        "nshex bench --compare",
        lambda: bench.compare(NATIVE_MODULE, path),
        lambda rows: describe_compare(rows, other),
        as_json=as_json,
        out=out,
    )


def describe_compare(rows: list[dict[str, Any]], other: str) -> list[str]:
    """``nshex bench --compare``'s rows: this build's speed over the other's, a line a row."""
    lines = [f"this build / {other}, {rows[0]['rounds'] if rows else 0} alternating rounds:"]
    for row in sorted(rows, key=lambda r: r["name"]):
        lines.append(
            f"  {row['name']:<24} {row['ratio']:.3f}  (95% interval {row['low']:.3f}"
            f"-{row['high']:.3f}; {_rate(row['this_per_second'])} vs"
            f" {_rate(row['other_per_second'])}/s)"
        )
    return lines


def _bench_instructions(*, as_json: bool, out: TextIO) -> int:
    try:
        from nshex_pygame import bench
    except ImportError as exc:
        return _engine_missing(exc)
    if bench.valgrind() is None:
        how = "Debian: apt-get install valgrind"
        _error(f"nshex bench --instructions: valgrind is not installed ({how})")
        return EXIT_FAILURE
    return _bench_rows(
        "nshex bench --instructions",
        bench.instructions,
        describe_instructions,
        as_json=as_json,
        out=out,
    )


def describe_instructions(rows: list[dict[str, Any]]) -> list[str]:
    """``nshex bench --instructions``' rows: instructions and mispredicted branches a row."""
    return [
        "per operation (callgrind, the difference of two run lengths; branches as its"
        " branch simulator predicts them):",
        f"  {'row':<28} {'instructions':>12} {'mispredicted branches':>22}",
        *(
            f"  {row['name']:<28} {row['instructions']:>12,.0f} {row['mispredicts']:>22,.1f}"
            for row in rows
        ),
    ]


def describe_bench(rows: list[dict[str, Any]]) -> list[str]:
    """The benchmark rows as a table: name, what, ops, per second, the spread of its rounds,
    target, met."""
    from nshex_pygame.bench import spread

    header = ("name", "what", "ops", "per second", "spread", "target", "met")
    table = [
        (
            str(row["name"]),
            str(row["what"]),
            f"{row['ops']:,}",
            _rate(row["per_second"]),
            f"{spread(row):.0%}",
            _rate(row["target_per_second"]),
            "yes" if row["per_second"] >= row["target_per_second"] else "NO",
        )
        for row in rows
    ]
    widths = [max(len(r[i]) for r in [header, *table]) for i in range(len(header))]
    right = {2, 3, 4, 5}

    def line(cells: Sequence[str]) -> str:
        padded = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return "  ".join(padded).rstrip()

    return [line(header), line(["-" * w for w in widths]), *(line(r) for r in table)]


def _rate(x: float) -> str:
    return f"{x:,.0f}" if math.isfinite(x) else "inf"


def _silence_stdout() -> None:
    # Point stdout at /dev/null so the interpreter's final flush does not fail again.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
