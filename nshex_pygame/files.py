"""Writing files so that a reader sees the old file or the new one, never half of either."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


def atomic_write(path: Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8, or bytes) to ``path`` atomically.

    A temporary file in the same folder is written and flushed to disk, then renamed over the
    target (``os.replace`` is atomic on one file system); on any failure it is removed.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(raw)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


class NotRegular(Exception):
    """Why :func:`read_regular` read nothing: ``kind`` is ``missing``, ``folder``,
    ``permission``, ``special`` (a device, FIFO or socket), ``too_large`` (``size`` says how
    large) or ``error`` (``detail`` says what the system said)."""

    def __init__(self, kind: str, detail: str = "", size: int = 0) -> None:
        super().__init__(kind, detail)
        self.kind, self.detail, self.size = kind, detail, size


def read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of the ordinary file ``path``, at most ``limit`` of them. It is opened without
    blocking (a FIFO or a device never hangs the reader) and refused unless it is an ordinary
    file; a file that grows past ``limit`` while read is refused too. Each caller words the
    refusal (:class:`NotRegular`) for its reader."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise NotRegular("missing") from None
    except IsADirectoryError:
        raise NotRegular("folder") from None
    except PermissionError:
        raise NotRegular("permission") from None
    except OSError as exc:
        raise NotRegular("error", str(exc.strerror or exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise NotRegular("folder")
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular("special")
        if info.st_size > limit:
            raise NotRegular("too_large", size=info.st_size)
        chunks, left = [], limit + 1
        while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
    except IsADirectoryError:
        raise NotRegular("folder") from None
    except OSError as exc:
        raise NotRegular("error", str(exc.strerror or exc)) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise NotRegular("too_large", size=len(data))
    return data
