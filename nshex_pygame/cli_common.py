"""What every ``nshex`` command module shares: the exit codes, the one-line error output and
the default thread count. It imports nothing of the package, so ``cli`` (the parser) and
``cli_matches`` (arena, tune, ladder) both stand on it without importing each other."""

from __future__ import annotations

import os
import sys

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
