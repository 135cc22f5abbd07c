"""Reading a JSON data file whole and safely, and setting a damaged one aside.

:func:`read_json` never lets a strange file through as an exception of its own: whatever the
file is (a folder, a FIFO, unreadable, too large, not UTF-8, not JSON, a number of thousands of
digits, ``NaN`` or ``Infinity``, nesting deep enough to exhaust Python's recursion), it either
returns the parsed value or raises :class:`Unreadable` whose text says what is wrong in plain
words ("it is not valid JSON (line 3: Expecting ',' delimiter)"). Nothing is ever evaluated:
JSON is data.

:func:`set_aside` moves a damaged file out of the way under a name that never overwrites an
earlier one (``settings.json.bad-20261128-221500``, then ``-2``, ``-3`` ... within one second),
so that its bytes are kept for the player. :func:`new_path` gives a new file a name no file
has yet, :func:`clean_leftovers` removes the temporary files of writes that were killed.
"""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path
from typing import Any

from nshex_pygame.files import NotRegular, read_regular

MAX_BYTES = 32 * 1024 * 1024
"""The largest data file read (32 MB; a long game's save is a few hundred kB)."""


class Unreadable(ValueError):
    """The file cannot be used; the text completes "<file> could not be read: ..."."""


def _no_constant(name: str) -> Any:
    raise Unreadable(f"it holds {name}, which is not a number this game reads")


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (never blocks on a FIFO or a device)."""
    try:
        return read_regular(path, limit)
    except NotRegular as why:
        raise Unreadable(
            _PLAYER_WORDS[why.kind].format(mb=limit // (1024 * 1024), detail=why.detail)
        ) from None


_PLAYER_WORDS = {
    "missing": "it is not there",
    "folder": "it is a folder, not a file",
    "permission": "the game is not allowed to read it",
    "special": "it is not an ordinary file",
    "too_large": "it is larger than {mb} MB",
    "error": "it could not be read ({detail})",
}


def parse_json(data: bytes) -> Any:
    """The JSON value of ``data`` (UTF-8), or :class:`Unreadable` saying why not."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Unreadable("it is not UTF-8 text") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise Unreadable("it is empty")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise Unreadable(f"it is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise Unreadable("it is nested too deeply") from None
    except Unreadable:
        raise
    except ValueError:  # int() of more digits than Python converts (sys.set_int_max_str_digits)
        raise Unreadable("it holds a number too long to read") from None


def read_json(path: Path, limit: int = MAX_BYTES) -> Any:
    """The JSON value in ``path``, or :class:`Unreadable` saying why not."""
    return parse_json(read_bytes(path, limit))


def finite_number(value: Any, low: float, high: float) -> bool:
    """``value`` is a JSON number (not a boolean) from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        return low <= float(value) <= high
    except OverflowError:  # an int too large for a float
        return False


def shown(value: Any, width: int = 30) -> str:
    """``value`` as a short text for a message (a long one is cut, never raises)."""
    try:
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**width:
            return "a number too large"
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= width else text[: width - 3] + "..."


def _free_name(path: Path, tag: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = f"{path.name}.{tag}-{stamp}"
    candidate = path.with_name(base)
    n = 1
    while os.path.lexists(candidate):
        n += 1
        candidate = path.with_name(f"{base}-{n}")
    return candidate


def set_aside(path: Path, tag: str = "bad") -> Path:
    """Move ``path`` (a file, or whatever stands in its place) to ``NAME.bad-STAMP`` in its
    folder, a name no file has yet; the new path. Raises OSError when it cannot be moved."""
    aside = _free_name(path, tag)
    os.rename(path, aside)
    return aside


def new_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/STEM.SUFFIX``, or ``STEM-2.SUFFIX``, ``STEM-3.SUFFIX`` ...: the first that no
    file has yet."""
    candidate = folder / f"{stem}{suffix}"
    n = 1
    while os.path.lexists(candidate):
        n += 1
        candidate = folder / f"{stem}-{n}{suffix}"
    return candidate


LEFTOVER_AGE = 60.0
"""Seconds after which an atomic write's temporary file is a leftover (a write takes
milliseconds; one killed mid-write leaves its temporary file behind)."""


def clean_leftovers(folder: Path, now: float | None = None) -> list[str]:
    """Remove the temporary files (``.NAME.XXXX.tmp``, :func:`nshex_pygame.files.atomic_write`)
    left in ``folder`` by writes that never finished; the names removed."""
    now = time.time() if now is None else now
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > LEFTOVER_AGE:
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            continue
    return removed
