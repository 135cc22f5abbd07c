"""What every ``nshex`` command module shares: the exit codes, the one-line error output, the
default thread count and the printing of a result (JSON or lines). It imports nothing of the
package, so ``cli`` (the parser) and ``cli_matches`` (arena, tune, ladder) both stand on it
without importing each other."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
# `nshex puzzle solve`: the puzzle needs more than the budget (--max-positions, --seconds).
EXIT_TOO_LARGE = 3

MAX_THREADS = 64


def error(line: str) -> None:
    """One line on stderr."""
    print(line, file=sys.stderr)


def engine_missing(exc: ImportError) -> int:
    """Says the native module is not built (and how to build it); the exit code."""
    error(f"nshex: the engine is not built ({exc}); run: python3 dev.py build")
    return EXIT_FAILURE


def one_line_text(text: str) -> str:
    return " ".join(str(text).split("\n")).strip()


def one_line(exc: BaseException) -> str:
    """The exception's message on one line (the engine promises one; this makes sure)."""
    return " ".join(str(exc).split("\n")).strip() or type(exc).__name__


def default_threads() -> int:
    """The cores this process may use, at most ``MAX_THREADS``."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_THREADS))


def threads(given: int | None, on_ray: bool) -> int:
    """``--threads`` or its default: every core here, one in each Ray task."""
    return given or (1 if on_ray else default_threads())


def print_result(
    result: Any, describe: Callable[[Any], Iterable[str]], *, as_json: bool, out: TextIO
) -> int:
    """A command's result on ``out``: one JSON value, or the lines ``describe`` makes of it;
    the exit code (success)."""
    if as_json:
        print(json.dumps(result), file=out)
    else:
        out.writelines(f"{line}\n" for line in describe(result))
    return EXIT_OK
