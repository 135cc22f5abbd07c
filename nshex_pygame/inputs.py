"""Reading a file named on the command line (a scenario, a script, a puzzle, a save).

Whatever the name points at, reading it costs at most :data:`MAX_INPUT_BYTES` and never waits:
a device (``/dev/zero``), a pipe (a FIFO) or a socket is refused before anything is read
(the file is opened without blocking, then checked to be a regular file), and a file larger
than the limit is refused with its size and the limit. Every refusal is one line naming the
file.
"""

from __future__ import annotations

from nshex_pygame.files import NotRegular, read_regular

# The largest input file: a script of 100,000 actions is under 2 MB; the limit keeps the
# loader's memory at a few hundred MB at worst.
MAX_INPUT_BYTES = 4 * 1024 * 1024


class InputFileError(Exception):
    """A file that cannot be read as an input; the message is one line naming the file."""


def _megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB"


def read_input_text(path: str, limit: int = MAX_INPUT_BYTES) -> str:
    """The text (UTF-8) of the regular file ``path``, at most ``limit`` bytes long.

    Raises :class:`InputFileError` with one line naming the file and the problem.
    """
    try:
        data = read_regular(path, limit)
    except NotRegular as why:
        raise InputFileError(f"{path}: {_why(why, limit)}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputFileError(f"{path}:{line}: not a text file (UTF-8)") from None


def _why(why: NotRegular, limit: int) -> str:
    if why.kind == "too_large":
        return f"{_megabytes(why.size)}, more than the {_megabytes(limit)} an input file may have"
    return {
        "missing": "no such file",
        "folder": "is a directory, not a file",
        "special": "not a regular file (a device, a pipe or a socket); give a file",
    }.get(why.kind, f"cannot read: {why.detail or 'Permission denied'}")
