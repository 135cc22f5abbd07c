"""Reading a file named on the command line (a scenario, a script, a puzzle, a save).

Whatever the name points at, reading it costs at most :data:`MAX_INPUT_BYTES` and never waits:
a device (``/dev/zero``), a pipe (a FIFO) or a socket is refused before anything is read
(the file is opened without blocking, then checked to be a regular file), and a file larger
than the limit is refused with its size and the limit. Every refusal is one line naming the
file.
"""

from __future__ import annotations

import os
import stat

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
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise InputFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputFileError(f"{path}: is a directory, not a file") from None
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputFileError(f"{path}: is a directory, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise InputFileError(
                f"{path}: not a regular file (a device, a pipe or a socket); give a file"
            )
        if info.st_size > limit:
            raise InputFileError(
                f"{path}: {_megabytes(info.st_size)}, more than the {_megabytes(limit)} an"
                " input file may have"
            )
        # A file that grew since: read one byte past the limit to notice.
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise InputFileError(f"{path}: more than the {_megabytes(limit)} an input file may have")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputFileError(f"{path}:{line}: not a text file (UTF-8)") from None
