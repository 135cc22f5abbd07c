"""The user's data folder: settings and saved games, written atomically, read defensively.

The folder is ``platformdirs.user_data_dir("nshex")`` (``~/.local/share/nshex`` on Linux,
``%LOCALAPPDATA%\\nshex`` on Windows), or ``$NSHEX_DATA_DIR`` when that is set (the tests use
it). Nothing is ever written next to the program.

Every file is read whole and checked whole (:mod:`nshex_pygame.datafile`; docs/RELIABILITY.md).
A file that cannot be used never raises: it is moved aside as ``NAME.bad-YYYYMMDD-HHMMSS``
(a name that never overwrites an earlier one), and the loaders return one plain sentence that
names the file, says what is wrong and where it was kept, which the client shows; the game goes
on from the defaults or without the file. Leftover temporary files of writes that were killed
are removed at start (:func:`start_up`).

A saved game may carry a name the player gave it (free text, in the save's own ``"name"``
field); the load screen shows it, renames (an atomic rewrite) and deletes saves.

The Hex Puzzles' progress (solved or not, attempts, per puzzle) is kept in ``puzzles.json``. A
file that cannot be read is set aside and the progress starts again; a file with some bad
entries is set aside and the good entries written back; a file written by a newer version of
the game is read as far as it can be and never overwritten (puzzles played then are not
recorded, and the player is told so).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from nshex_pygame.datafile import (
    Unreadable,
    clean_leftovers,
    finite_number,
    new_path,
    read_json,
    set_aside,
    shown,
)
from nshex_pygame.files import atomic_write

DATA_DIR_ENV = "NSHEX_DATA_DIR"
SETTINGS_FILE = "settings.json"
SAVES_DIR = "saves"
AUTOSAVE_FILE = "autosave.json"
SAVE_FORMAT = "nshex-client-save"
SAVE_VERSION = 1
PUZZLES_FILE = "puzzles.json"
PUZZLES_FORMAT = "nshex-puzzle-progress"
PUZZLES_VERSION = 1

NAME_LENGTH = 40  # the longest name a save may have, in characters
LATEST_TIME = 253402300799.0  # 9999-12-31 23:59:59 UTC: a save's time is before it
PUZZLE_KEY_LENGTH = 100  # the longest puzzle name in the progress file
MOST_ATTEMPTS = 10**9

SPEEDS = (0.5, 1.0, 2.0, 4.0)
WINDOW_SIZES = ((1280, 800), (1440, 900), (1600, 1000), (1920, 1200), (1024, 640))
PALETTES = ("standard", "colour-blind")
BOT_NAMES = ("random", "greedy", "flatmc", "easy", "medium", "hard")


def data_dir() -> Path:
    """The folder for settings and saves (created when missing)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        path = Path(override)
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir("nshex", appauthor=False))
    with contextlib.suppress(OSError):  # then every read says it cannot, every write fails
        path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    """The saves folder (created when missing; a file in its place is set aside first)."""
    path = data_dir() / SAVES_DIR
    if os.path.lexists(path) and not path.is_dir():
        _notices.append(set_aside_notice(path, "it is a file, not a folder", "a new one is made"))
    with contextlib.suppress(OSError):  # then every read says it cannot, every write fails
        path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE_FILE


_notices: list[str] = []  # what the folder functions set aside, until start_up reports it


def start_up() -> list[str]:
    """What the game does with its data folder before anything is read: the leftover
    temporary files of writes that were killed are removed, a file where the saves folder
    should be is set aside. The sentences to show the player."""
    folder = data_dir()
    saves = saves_dir()
    for where in (folder, saves):
        clean_leftovers(where)
        if not where.is_dir():
            _notices.append(
                f"The folder {where} could not be made, so nothing (settings, games, puzzle"
                " progress) can be saved in this session."
            )
            break
    found = list(dict.fromkeys(_notices))
    _notices.clear()
    return found


def set_aside_notice(path: Path, problem: str, outcome: str, verb: str = "read") -> str:
    """``path`` moved aside, and the one sentence that tells the player: ``NAME could not be
    read: PROBLEM; it was kept as NAME.bad-STAMP and OUTCOME.``"""
    try:
        aside = set_aside(path)
    except OSError as exc:
        return (
            f"{path.name} could not be {verb}: {problem}; it could not be moved aside either"
            f" ({exc.strerror or exc}), so it is left as it is and {outcome}."
        )
    return f"{path.name} could not be {verb}: {problem}; it was kept as {aside.name} and {outcome}."


# --- settings ----------------------------------------------------------------------------------


@dataclass
class Settings:
    """What the player chose in the settings screen; kept in ``settings.json``."""

    animation_speed: float = 1.0
    auto_battle_choices: bool = True
    volume: int = 70
    muted: bool = False
    window_size: list[int] = field(default_factory=lambda: [1280, 800])
    fullscreen: bool = False
    # the game's helpers: the danger view (what a battle now would do) and the AI's hint
    helpers: bool = True
    # the hint's panel shows a bar with the mover's winning chance (the search's estimate)
    winning_chance: bool = False
    # "standard", or "colour-blind" (tiles and marks in a palette told apart without red/green)
    palette: str = "standard"
    # animations outside battles (scene fades, tiles sliding into the hand, the turn banner)
    # and the music: one switch for all; the music's own volume (0-100)
    juice: bool = True
    music_volume: int = 40
    # settings this version does not know (written by a newer one): kept and written back
    extra: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def to_json(self) -> str:
        known = {k: v for k, v in asdict(self).items() if k != "extra"}
        return json.dumps({**self.extra, **known}, indent=2) + "\n"


def _check_settings(data: Any) -> tuple[Settings, list[str]]:
    """A Settings from parsed JSON, and the problems found (bad fields keep their default)."""
    settings = Settings()
    problems: list[str] = []
    if not isinstance(data, dict):
        return settings, [f"expected a JSON object, found {type(data).__name__}"]
    known = {f.name for f in fields(Settings)} - {"extra"}
    settings.extra = {str(key): value for key, value in data.items() if key not in known}
    speed = data.get("animation_speed", settings.animation_speed)
    if finite_number(speed, 0.25, 8):
        settings.animation_speed = float(speed)
    else:
        problems.append(f"animation_speed must be a number from 0.25 to 8, not {shown(speed)}")
    palette = data.get("palette", settings.palette)
    if palette in PALETTES:
        settings.palette = palette
    else:
        problems.append(f"palette must be one of {', '.join(PALETTES)}, not {shown(palette)}")
    booleans = ("auto_battle_choices", "muted", "fullscreen", "helpers", "winning_chance", "juice")
    for name in booleans:
        value = data.get(name, getattr(settings, name))
        if isinstance(value, bool):
            setattr(settings, name, value)
        else:
            problems.append(f"{name} must be true or false, not {shown(value)}")
    for name in ("volume", "music_volume"):
        volume = data.get(name, getattr(settings, name))
        if isinstance(volume, int) and finite_number(volume, 0, 100):
            setattr(settings, name, volume)
        else:
            problems.append(f"{name} must be a whole number from 0 to 100, not {shown(volume)}")
    size = data.get("window_size", settings.window_size)
    if (
        isinstance(size, list)
        and len(size) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 8192 for v in size)
    ):
        settings.window_size = [int(size[0]), int(size[1])]
    else:
        problems.append(f"window_size must be [width, height] in pixels, not {shown(size)}")
    return settings, problems


def settings_path() -> Path:
    return data_dir() / SETTINGS_FILE


def _read_settings(path: Path) -> tuple[Settings, list[str]]:
    """The settings in ``path`` and the problems found (Unreadable: none could be read)."""
    return _check_settings(read_json(path))


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (defaults when there are none), and a sentence for the player, if
    any. A file that cannot be read is moved aside and the defaults used; a file with some
    wrong values is moved aside too, and the rest of it written back at once (so the player's
    other choices stay)."""
    path = settings_path()
    if not os.path.lexists(path):
        return Settings(), None
    try:
        settings, problems = _read_settings(path)
    except Unreadable as exc:
        return Settings(), set_aside_notice(path, str(exc), "the default settings are used")
    if not problems:
        return settings, None
    outcome = "the defaults are used for what was wrong"
    notice = set_aside_notice(path, "; ".join(problems), outcome, "read in full")
    if not os.path.lexists(path):  # set aside: the good settings are written back
        with contextlib.suppress(OSError):
            atomic_write(path, settings.to_json())
    return settings, notice


def save_settings(settings: Settings) -> None:
    """Write the settings. A file there that cannot be read (damaged since it was loaded) is
    moved aside first, never overwritten; OSError when it cannot be moved or written."""
    path = settings_path()
    if os.path.lexists(path):
        try:
            problems = _read_settings(path)[1]
        except Unreadable:
            problems = ["unreadable"]
        if problems:
            try:
                set_aside(path)
            except OSError as exc:
                raise OSError(
                    f"{path.name} could not be read nor moved aside ({exc.strerror or exc}),"
                    " so it was not overwritten"
                ) from None
    atomic_write(path, settings.to_json())


# --- saved games -------------------------------------------------------------------------------


@dataclass
class SeatSetup:
    """Who plays one seat: ``"human"`` or a bot name."""

    army: str
    player: str = "human"

    @property
    def is_human(self) -> bool:
        return self.player == "human"


@dataclass
class SavedGame:
    """A game saved by the client: who plays each of its two to four seats (the game mode,
    the board and everything else are in the engine's own save, ``game_text``)."""

    seats: list[SeatSetup]
    game_text: str  # the engine's own save (Game.save())
    saved_at: float = 0.0
    name: str = ""  # the player's name for it ("" when it has none)


_KEEP = object()


def save_game(path: Path, seats: list[SeatSetup], game_text: str, name: Any = _KEEP) -> None:
    """Write a game with who plays each seat (the engine's save is kept as it is).

    ``name`` is the player's name for the save; without it, the name the file at ``path``
    already has is kept (the autosave keeps its name turn after turn).
    """
    if name is _KEEP:
        name = _stored_name(path)
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": time.time(),
        "seats": [{"army": s.army, "player": s.player} for s in seats],
        "game": json.loads(game_text),
    }
    if name:
        data["name"] = str(name)
    atomic_write(path, json.dumps(data, separators=(",", ":")) + "\n")


def _stored_name(path: Path) -> str:
    try:
        data = read_json(path)
    except Unreadable:
        return ""
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) else ""


def name_problem(name: str, path: Path | None = None) -> str | None:
    """Why ``name`` cannot name a save (one sentence), or None when it can.

    A name is free text, trimmed of spaces at its ends: not empty, at most
    :data:`NAME_LENGTH` characters, no line breaks, tabs or other control characters, and not
    the name of another save (``path`` is the save being named: its own name may stay).
    """
    name = name.strip()
    if not name:
        return "A name needs at least one letter, digit or sign."
    if len(name) > NAME_LENGTH:
        return f"A name has at most {NAME_LENGTH} characters; this one has {len(name)}."
    if not name.isprintable():
        return "A name cannot hold line breaks, tabs or other control characters."
    for other in list_saves():
        if path is not None and other.resolve() == path.resolve():
            continue
        if _stored_name(other).strip().casefold() == name.casefold():
            return f"Another save ({other.name}) is already called {name!r}."
    return None


def rename_save(path: Path, name: str) -> str | None:
    """Give the save in ``path`` the name ``name``; None, or why not (nothing is changed then).

    The file is rewritten atomically (a temporary file, then ``os.replace``) with everything
    but the name as it was; it keeps its modification time, so the list keeps its order.
    """
    problem = name_problem(name, path)
    if problem:
        return problem
    saved, problem = read_save(path)
    if saved is None:
        return problem
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        stat = path.stat()
        data["name"] = name.strip()
        atomic_write(path, json.dumps(data, separators=(",", ":")) + "\n")
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return f"{path.name}: could not be renamed ({exc})"
    return None


def delete_save(path: Path) -> str | None:
    """Remove the save file ``path`` (a file in the saves folder); None, or why not."""
    folder = saves_dir().resolve()
    if path.resolve().parent != folder or path.suffix != ".json":
        return f"{path.name}: not a save in {folder}"
    try:
        path.unlink()
    except FileNotFoundError:
        return None  # gone already: what was asked
    except OSError as exc:
        return f"{path.name}: could not be deleted ({exc})"
    return None


def read_save(path: Path) -> tuple[SavedGame | None, str | None]:
    """The saved game in ``path``, or None and why it cannot be loaded (``NAME: why``).

    Only the client's wrapper is checked here (nothing is moved); the engine checks the game
    itself when it is loaded (:func:`nshex_pygame.client.session.load_game`, which also sets
    a damaged file aside).
    """
    saved, problem, _damaged = examine_save(path)
    return saved, None if problem is None else f"{path.name}: {problem}"


def examine_save(path: Path) -> tuple[SavedGame | None, str | None, bool]:
    """(the saved game, None, False), or (None, what is wrong, whether the file is damaged).

    Not damaged: a file that is gone, or one saved by a newer version of the game (it is
    left where it is). Damaged: everything else that cannot be used, read whole: unreadable,
    not JSON, another format, seats, game, time or name out of range.
    """
    try:
        data = read_json(path)
    except Unreadable as exc:
        if not os.path.lexists(path):
            return None, "no such file", False
        return None, str(exc), True
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        return None, "it is not a saved game of this program", True
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
        return None, "it was saved by a newer version of the game, which can load it", False
    if version != SAVE_VERSION:
        return None, f"its format version {shown(version)} is not one this game wrote", True
    problem = _save_problem(data)
    if problem:
        return None, problem, True
    try:
        game_text = json.dumps(data["game"])
    except (ValueError, RecursionError):
        return None, "the game in it is nested too deeply", True
    return (
        SavedGame(
            seats=[SeatSetup(s["army"], s["player"]) for s in data["seats"]],
            game_text=game_text,
            saved_at=float(data.get("saved_at", 0.0)),
            name=data.get("name", ""),
        ),
        None,
        False,
    )


def _save_problem(data: dict[str, Any]) -> str | None:
    """What is wrong with a save's wrapper (its seats, game, time and name), or None."""
    seats = data.get("seats")
    if (
        not isinstance(seats, list)
        or not 2 <= len(seats) <= 4
        or not all(
            isinstance(s, dict)
            and isinstance(s.get("army"), str)
            and len(s["army"]) <= NAME_LENGTH
            and s.get("player") in ("human", *BOT_NAMES)
            for s in seats
        )
    ):
        return "its seats must be two to four, each with an army and a player"
    if not isinstance(data.get("game"), dict):
        return "the game is missing from it"
    saved_at = data.get("saved_at", 0.0)
    if not finite_number(saved_at, 0.0, LATEST_TIME):
        return f"its time of saving is out of range ({shown(saved_at)})"
    try:
        time.localtime(float(saved_at))
    except (OverflowError, OSError, ValueError):
        return f"its time of saving is out of range ({shown(saved_at)})"
    given = data.get("name", "")
    if not isinstance(given, str):
        return "its name is not text"
    if len(given.strip()) > NAME_LENGTH or not given.isprintable():
        return f"its name is longer than {NAME_LENGTH} characters or holds control characters"
    return None


def copy_path() -> Path:
    """A new file for "Save a copy": ``game-YYYYMMDD-HHMMSS.json``, with ``-2``, ``-3`` ...
    when that name is taken (two copies within a second never overwrite each other)."""
    return new_path(saves_dir(), time.strftime("game-%Y%m%d-%H%M%S"), ".json")


def list_saves() -> list[Path]:
    """Every ``*.json`` in the saves folder, newest first."""
    folder = saves_dir()
    found: list[tuple[float, Path]] = []
    for path in folder.glob("*.json"):
        with contextlib.suppress(OSError):  # gone meanwhile
            found.append((os.lstat(path).st_mtime, path))
    return [path for _time, path in sorted(found, key=lambda f: f[0], reverse=True)]


# --- files of records: the puzzles' progress, the achievements ----------------------------------


@dataclass(frozen=True)
class RecordFile:
    """A data file of records by name (``{"format", "version", HOLDER: {name: record}}``):
    how it is named, checked and spoken of. The puzzle progress and the achievements are two.
    """

    name: str  # the file's name in the data folder
    format: str
    version: int
    holder: str  # the object holding the records
    what: str  # the file's contents in words: "the puzzle progress"
    listing: str  # what HOLDER should be: "a list of puzzle names"
    entry_words: str  # what an entry should be: "a puzzle's solved and attempts"
    kept: str  # said when bad entries are set aside and the rest kept
    read: Callable[[Any], Any | None] = field(repr=False)  # a good entry's record, or None
    write: Callable[[Any], Any] = field(repr=False)  # a record as JSON data

    def path(self) -> Path:
        return data_dir() / self.name


def check_records(kind: RecordFile, data: Any) -> tuple[str, dict[str, Any], list[str]]:
    """("ok" | "newer" | "foreign", the good records, the problems with the others)."""
    if not isinstance(data, dict) or data.get("format") != kind.format:
        return "foreign", {}, [f"it is not {kind.what} of this program"]
    version = data.get("version")
    newer = isinstance(version, int) and not isinstance(version, bool) and version > kind.version
    if not newer and version != kind.version:
        return "foreign", {}, [f"its format version {shown(version)} is not one this game wrote"]
    found = data.get(kind.holder)
    if not isinstance(found, dict):
        return ("newer" if newer else "foreign"), {}, [f"its {kind.holder!r} is not {kind.listing}"]
    records: dict[str, Any] = {}
    problems: list[str] = []
    for key, value in found.items():
        record = kind.read(value) if len(key) <= PUZZLE_KEY_LENGTH and key.isprintable() else None
        if record is not None:
            records[key] = record
        else:
            problems.append(f"the entry {shown(key)} is not {kind.entry_words}")
    return ("newer" if newer else "ok"), records, problems


NEWER_FILE = (
    "{name} was written by a newer version of the game: {what} is shown as far as this"
    " version can read it, and {unrecorded} here {verb} not recorded, so that the file is not"
    " overwritten."
)


def newer_notice(kind: RecordFile, unrecorded: str, verb: str = "are") -> str:
    return NEWER_FILE.format(name=kind.name, what=kind.what, unrecorded=unrecorded, verb=verb)


def load_records(
    kind: RecordFile, newer: str, start_again: str
) -> tuple[dict[str, Any], str | None, bool]:
    """The records in ``kind``'s file, a sentence for the player, and whether the file may be
    written: a file that cannot be read is set aside (``start_again`` says what follows); one
    with some bad entries is set aside and the good entries written back; one written by a
    newer version is read as far as it can be and never written (``newer`` says so)."""
    path = kind.path()
    if not os.path.lexists(path):
        return {}, None, True
    try:
        status, records, problems = check_records(kind, read_json(path))
    except Unreadable as exc:
        status, records, problems = "foreign", {}, [str(exc)]
    if status == "newer":
        return records, newer, False
    if status == "foreign":
        return {}, set_aside_notice(path, problems[0], start_again), True
    if not problems:
        return records, None, True
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    notice = set_aside_notice(path, f"{problems[0]}{more}", kind.kept, "read in full")
    if not os.path.lexists(path):  # set aside: the good records are written back
        with contextlib.suppress(OSError):
            save_records(kind, records)
    return records, notice, True


def save_records(kind: RecordFile, records: dict[str, Any]) -> None:
    """Write the records (atomically: a temporary file, then ``os.replace``)."""
    data = {
        "format": kind.format,
        "version": kind.version,
        kind.holder: {key: kind.write(record) for key, record in sorted(records.items())},
    }
    atomic_write(kind.path(), json.dumps(data, indent=1) + "\n")


# --- the puzzles' progress ---------------------------------------------------------------------


@dataclass
class PuzzleRecord:
    """One puzzle's progress: solved once (it stays solved) and the battles tried."""

    solved: bool = False
    attempts: int = 0


def _puzzle_record(value: Any) -> PuzzleRecord | None:
    solved = value.get("solved") if isinstance(value, dict) else None
    attempts = value.get("attempts") if isinstance(value, dict) else None
    if (
        isinstance(solved, bool)
        and isinstance(attempts, int)
        and finite_number(attempts, 0, MOST_ATTEMPTS)
    ):
        return PuzzleRecord(solved, attempts)
    return None


PUZZLE_PROGRESS = RecordFile(
    name=PUZZLES_FILE,
    format=PUZZLES_FORMAT,
    version=PUZZLES_VERSION,
    holder="puzzles",
    what="the puzzle progress",
    listing="a list of puzzle names",
    entry_words="a puzzle's solved and attempts",
    kept="the rest of your progress is kept without that",
    read=_puzzle_record,
    write=asdict,
)


def puzzles_path() -> Path:
    return PUZZLE_PROGRESS.path()


def _load_progress() -> tuple[dict[str, PuzzleRecord], str | None, bool]:
    """The records, a sentence for the player, and whether the file may be written."""
    return load_records(
        PUZZLE_PROGRESS,
        newer_notice(PUZZLE_PROGRESS, "puzzles played"),
        "the puzzle progress starts again",
    )


def load_puzzle_progress() -> tuple[dict[str, PuzzleRecord], str | None]:
    """Every puzzle's progress, and a sentence for the player, if any (see the module's
    words: a bad file or a bad entry is set aside, a newer version's file left alone)."""
    records, problem, _writable = _load_progress()
    return records, problem


def save_puzzle_progress(records: dict[str, PuzzleRecord]) -> None:
    save_records(PUZZLE_PROGRESS, records)


def record_puzzle_attempt(key: str, won: bool) -> tuple[PuzzleRecord, str | None]:
    """One more battle tried on the puzzle ``key`` (solved if ``won``), written at once: the
    puzzle's record now, and a problem (reading or writing the file) to report, if any."""
    records, problem, writable = _load_progress()
    record = records.setdefault(key, PuzzleRecord())
    record.attempts = min(MOST_ATTEMPTS, record.attempts + 1)
    record.solved = record.solved or won
    if not writable:
        return record, problem
    try:
        save_puzzle_progress(records)
    except OSError as exc:
        problem = f"The puzzle progress could not be saved: {exc.strerror or exc}"
    return record, problem
