"""The ``nshex`` commands in which bots play bots: ``arena`` (locally or on Ray) and ``tune``
(the evaluation's weights by self-play). ``nshex_pygame.cli`` parses the command line and
calls :func:`arena_command` or :func:`tune_command`."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from nshex_pygame.cli_common import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, print_result
from nshex_pygame.cli_common import engine_missing as _engine_missing
from nshex_pygame.cli_common import error as _error
from nshex_pygame.cli_common import one_line as _one_line
from nshex_pygame.cli_common import one_line_text as _one_line_text
from nshex_pygame.cli_common import threads as _threads


def arena_command(args: argparse.Namespace, *, out: TextIO) -> int:
    """``nshex arena``: two bots (``--a``, ``--b``) or three or four (``--bots``)."""
    if args.bots is not None and (
        args.variants or args.mercenaries or args.random_mercenaries or args.mad_bomber != "off"
    ):
        _error(
            "nshex arena: --variants, --mercenaries and --mad-bomber are for two seats"
            " (--a and --b)"
        )
        return EXIT_USAGE
    if args.chunk is not None and args.ray is None:
        _error("nshex arena: --chunk goes with --ray")
        return EXIT_USAGE
    if args.bots is not None:
        if args.a is not None or args.b is not None or args.armies is not None:
            _error(
                "nshex arena: --bots plays three or four seats; --a, --b and --armies are for two"
            )
            return EXIT_USAGE
        return _arena_multi(args, out=out)
    if args.a is None or args.b is None:
        _error("nshex arena: give --a and --b (two seats) or --bots A,B,C[,D]")
        return EXIT_USAGE
    if args.mode is not None or args.board != "standard":
        _error("nshex arena: --mode and --board go with --bots")
        return EXIT_USAGE
    try:
        from nshex_pygame.core import EngineError, arena
    except ImportError as exc:
        return _engine_missing(exc)
    options = {
        "variants": args.variants,
        "mercenaries": args.mercenaries,
        "random_mercenaries": args.random_mercenaries,
        "mad_bomber": args.mad_bomber,
    }
    return _play_arena(
        args,
        lambda threads: arena(
            args.a, args.b, args.games, args.armies, args.seed, threads, **options
        ),
        lambda cluster, threads: cluster.arena_on_ray(
            args.ray,
            args.a,
            args.b,
            args.games,
            args.armies,
            args.seed,
            threads,
            args.chunk,
            **options,
        ),
        lambda result: describe_arena(result, args.armies),
        EngineError,
        out=out,
    )


def _play_arena(
    args: argparse.Namespace,
    here: Callable[[int], dict[str, Any]],
    on_ray: Callable[[Any, int], dict[str, Any]],
    describe: Callable[[dict[str, Any]], list[str]],
    engine_error: type[Exception],
    *,
    out: TextIO,
) -> int:
    """Plays an arena here (``here(threads)``) or, with ``--ray``, on the cluster
    (``on_ray(cluster, threads)``) and prints its result (JSON or lines)."""
    if args.ray is not None and not _ray_ready():
        return EXIT_USAGE
    threads = _threads(args.threads, args.ray is not None)
    if args.ray is not None:
        from nshex_pygame import cluster

        code, result = _played("nshex arena", lambda: on_ray(cluster, threads), engine_error)
    else:
        code, result = _played("nshex arena", lambda: here(threads), engine_error)
    if result is None:
        return code
    return print_result(result, describe, as_json=args.json, out=out)


def _played(
    command: str, play: Callable[[], Any], engine_error: type[Exception]
) -> tuple[int, Any]:
    """What ``play()`` gives: ``(EXIT_OK, it)``, or the exit code and None once the problem is
    said: a bad bot, army or mode (ValueError) is a usage error, an engine error a failure."""
    try:
        return EXIT_OK, play()
    except ValueError as exc:
        _error(f"{command}: {_one_line(exc)}")
        return EXIT_USAGE, None
    except engine_error as exc:
        _error(f"{command}: engine error: {_one_line(exc)}")
        return EXIT_FAILURE, None


def _ray_ready() -> bool:
    """Whether the ray package is there; if not, says which extra to install."""
    from nshex_pygame import cluster

    try:
        cluster.require_ray()
    except cluster.ClusterError as exc:
        _error(f"nshex arena: {_one_line(exc)}")
        return False
    return True


def _arena_multi(args: argparse.Namespace, *, out: TextIO) -> int:
    try:
        from nshex_pygame.core import EngineError, arena_multi
    except ImportError as exc:
        return _engine_missing(exc)
    mode = args.mode or "deathmatch"
    return _play_arena(
        args,
        lambda threads: arena_multi(
            args.bots, mode, args.games, None, args.board, args.seed, threads
        ),
        lambda cluster, threads: cluster.arena_multi_on_ray(
            args.ray, args.bots, mode, args.games, args.board, args.seed, threads, args.chunk
        ),
        describe_arena_multi,
        EngineError,
        out=out,
    )


def describe_arena_multi(result: dict[str, Any]) -> list[str]:
    """A line per bot: wins, shared results, the win rate with its interval, the mean rank."""
    n = len(result["bots"])
    games, mode, board = result["games"], result["mode"], result["board"]
    lines = [f"{games} games of {mode} on the {board} board, {n} seats rotated:"]
    for r in result["bots"]:
        low, high = r["wilson95"]
        lines.append(
            f"  {r['bot']}: {r['wins']} won, {r['shared']} shared of {r['games']};"
            f" win rate {_percent(r['win_rate'])} (95% Wilson {_percent(low)} to"
            f" {_percent(high)}), mean rank {r['mean_rank']:.2f}"
        )
    return lines


def describe_arena(result: dict[str, Any], armies: tuple[str, str] | None = None) -> list[str]:
    """The arena result in three lines: each bot's record, then the win rate of ``a``."""
    a, b, games = result["a"], result["b"], result["games"]
    wins_a, wins_b, draws = result["wins_a"], result["wins_b"], result["draws"]
    low, high = result["wilson95"]
    plays = (f" playing {armies[0]}", f" playing {armies[1]}") if armies else ("", "")

    def games_word(n: int) -> str:
        return f"{n} game" if n == 1 else f"{n} games"

    return [
        f"a = {a}{plays[0]}: {wins_a} won, {draws} drawn, {wins_b} lost of {games_word(games)}",
        f"b = {b}{plays[1]}: {wins_b} won, {draws} drawn, {wins_a} lost of {games_word(games)}",
        f"win rate of {a}: {_percent(result['win_rate_a'])} (draws count half),"
        f" 95% Wilson interval {_percent(low)} to {_percent(high)}",
    ]


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


TUNE_DEFAULTS: dict[str, Any] = {
    "bot": "medium",
    "games": 24,
    "population": 8,
    "sigma": 0.3,
    "seed": 0,
    "scale": "log",
    "weights": None,
    "variants": (),
    "generations": 10,
}
TUNE_SETTINGS = ("bot", "games", "population", "sigma", "seed", "scale", "weights", "variants")


def tune_command(args: argparse.Namespace, *, out: TextIO) -> int:
    try:
        from nshex_pygame import tune
        from nshex_pygame.core import EngineError, default_weights
    except ImportError as exc:
        return _engine_missing(exc)

    def refuse(message: str) -> int:
        _error(f"nshex tune: {_one_line_text(message)}")
        return EXIT_USAGE

    if args.resume is not None and not os.path.isfile(args.resume):
        what = "not a file" if os.path.lexists(args.resume) else "no such file"
        return refuse(f"--resume {args.resume}: {what}")
    checkpoint = args.checkpoint or args.resume or f"{args.out}.checkpoint"
    for flag, path in (("--out", args.out), ("--checkpoint", checkpoint)):
        where = Path(path)
        if where.is_dir():
            return refuse(f"{flag} {path}: is a directory, not a file")
        if not where.resolve().parent.is_dir():
            return refuse(f"{flag} {path}: the directory {where.parent} does not exist")
    evaluator: Any = None
    try:
        tune.require_cma()
        if args.ray is not None:
            tune.require_ray()
        if args.resume is not None:
            state = tune.load_checkpoint(args.resume)
            kept = state["config"]
            for key in TUNE_SETTINGS:
                given = getattr(args, key)
                if key in ("weights", "variants") and given is not None:
                    given = list(given)
                    kept_value: Any = list(kept.get(key, ()))
                else:
                    kept_value = kept[key]
                if given is not None and given != kept_value:
                    return refuse(
                        f"--{key} {given} is not the checkpoint's ({kept_value}); a resumed run"
                        " keeps its settings"
                    )
            generations = args.generations or state.get("target", state["generation"])
            if generations < state["generation"]:
                return refuse(
                    f"--generations {generations}: the checkpoint has played"
                    f" {state['generation']} already"
                )
        else:
            settings = {k: getattr(args, k) for k in TUNE_SETTINGS}
            settings = {k: TUNE_DEFAULTS[k] if v is None else v for k, v in settings.items()}
            settings["variants"] = tuple(settings["variants"])
            tune.check_bot(settings["bot"], settings["variants"])
            names = settings["weights"] or list(default_weights())
            settings["weights"] = tune.check_weight_names(names)
            tune.start_weights(settings["bot"], settings["variants"])
            state = tune.new_state(tune.TuneConfig(**settings))
            generations = args.generations or TUNE_DEFAULTS["generations"]
        state["target"] = generations
        threads = _threads(args.threads, args.ray is not None)
        if args.ray is not None:
            evaluator = tune.RayEvaluator(args.ray, threads)
        else:
            evaluator = tune.LocalEvaluator(threads)
    except ValueError as exc:  # TuneError, or the engine refusing the bot
        if evaluator is not None:
            evaluator.close()
        return refuse(str(exc))

    config = tune.config_of(state)
    if state.get("approximate"):
        _error(f"nshex tune: note: {state['approximate']}")
    if not args.json:
        print(
            f"Tuning {len(config.weights)} weight(s) of {config.bot}: {config.population}"
            f" candidates a generation, {config.games} games each against {config.bot},"
            f" seed {config.seed}"
            f"{'; variants ' + ','.join(config.variants) if config.variants else ''};"
            f" {evaluator.describe()}",
            file=out,
        )
        if state["generation"]:
            print(f"Resuming after generation {state['generation']} ({args.resume})", file=out)
        print(TUNE_HEADER, file=out)
        for row in state["history"]:
            print(_tune_row(row), file=out)
        out.flush()

    def progress(row: dict[str, Any]) -> None:
        if not args.json:
            print(_tune_row(row), file=out, flush=True)

    try:
        result = tune.tune(
            state,
            generations,
            evaluator,
            checkpoint=checkpoint,
            out=args.out,
            on_generation=progress,
        )
    except KeyboardInterrupt:
        _error(
            f"nshex tune: stopped; continue with: nshex tune --resume {checkpoint} --out {args.out}"
        )
        return 130
    except ValueError as exc:
        return refuse(str(exc))
    except EngineError as exc:
        _error(f"nshex tune: engine error: {_one_line(exc)}")
        return EXIT_FAILURE
    finally:
        evaluator.close()
    result["out"] = args.out
    result["checkpoint"] = checkpoint
    return print_result(result, describe_tune, as_json=args.json, out=out)


TUNE_HEADER = "generation  best win rate  mean win rate  sigma   games  seconds"


def _tune_row(row: dict[str, Any]) -> str:
    return (
        f"{row['generation']:>10}  {_percent(row['best_win_rate']):>13}"
        f"  {_percent(row['mean_win_rate']):>13}  {row['sigma']:<6.3f}  {row['games']:>5}"
        f"  {row['seconds']:>7.1f}"
    )


def describe_tune(result: dict[str, Any]) -> list[str]:
    """The weights before and after, the best candidate and how to check it."""
    best = result["best"]
    before, after, mean = result["before"], result["after"], result["mean"]
    tuned = set(result["config"]["weights"])
    lines = [
        f"{result['generations']} generations, {result['games']} games,"
        f" {result['seconds']:.1f} s of play",
        "",
        f"{'weight':<14} {'before':>10} {'best':>10} {'CMA mean':>10}",
    ]
    for name, value in before.items():
        mark = "" if name in tuned else "  (fixed)"
        lines.append(f"{name:<14} {value:>10.6g} {after[name]:>10.6g} {mean[name]:>10.6g}{mark}")
    if best is not None:
        low, high = best["wilson95"]
        variants = result["config"].get("variants") or ()
        with_variants = f" --variants {','.join(variants)}" if variants else ""
        lines += [
            "",
            f"best: generation {best['generation']}, win rate {_percent(best['win_rate'])} in"
            f" {best['games']} games against {result['config']['bot']} (95% Wilson"
            f" {_percent(low)} to {_percent(high)}; the best of many noisy scores flatters it)",
            f"weights written to {result['out']}; checkpoint {result['checkpoint']}",
            "check it on fresh games (a seed other than the run's; the arena plays every base"
            " pairing both ways round):",
            f"  nshex arena --a '{best['bot']}' --b '{result['config']['bot']}' --games 240"
            f" --seed 12345{with_variants}",
            "and the CMA mean likewise (with the values of its column).",
        ]
    return lines


def ladder_command(args: argparse.Namespace, *, out: TextIO) -> int:
    """``nshex ladder``: the strength table of docs/AI.md (``nshex_pygame.ladder``)."""
    from nshex_pygame import ladder

    try:
        rows = ladder.select_rows(args.rows, args.table)
    except ValueError as exc:
        _error(f"nshex ladder: {_one_line(exc)}")
        return EXIT_USAGE
    if args.list:
        out.writelines(f"{r.name}: {r.what} (`{r.a}` against `{r.b}`)\n" for r in rows)
        return EXIT_OK
    if args.hard is not None:
        rows = [ladder.with_bots(r, ladder.replace_level("hard", args.hard)) for r in rows]
    if args.quick:
        rows = [ladder.with_bots(r, ladder.quick_bot) for r in rows]
    games = args.games or (ladder.QUICK_GAMES if args.quick else ladder.DEFAULT_GAMES)
    try:
        from nshex_pygame.core import EngineError
    except ImportError as exc:
        return _engine_missing(exc)
    if args.ray is not None and not _ray_ready():
        return EXIT_USAGE
    threads = _threads(args.threads, args.ray is not None)
    if not args.json:
        print(
            f"{len(rows)} row(s), {games} games each, seed {args.seed}, seats alternating"
            " (rotated with more seats); draws count half",
            file=out,
        )
        out.writelines(f"{line}\n" for line in ladder.HEADER)
        out.flush()

    def show(rec: dict[str, Any]) -> None:
        if not args.json:
            print(ladder.table_line(rec), file=out, flush=True)

    code, records = _played(
        "nshex ladder",
        lambda: ladder.play(rows, games, args.seed, threads, args.ray, on_row=show),
        EngineError,
    )
    if records is None:
        return code
    if args.json:
        print(json.dumps(records), file=out)
    return EXIT_OK
