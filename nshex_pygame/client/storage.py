"""The user's data folder: settings and saved games, written atomically, read defensively.

The folder is ``platformdirs.user_data_dir("nshex")`` (``~/.local/share/nshex`` on Linux,
``%LOCALAPPDATA%\\nshex`` on Windows), or ``$NSHEX_DATA_DIR`` when that is set (the tests use
it). Nothing is ever written next to the program.

A file that cannot be read never raises: the loaders return the problem as a one-line message
(``settings.json line 3: Expecting ',' delimiter``) that the menu shows.

A saved game may carry a name the player gave it (free text, in the save's own ``"name"``
field); the load screen shows it, renames (an atomic rewrite) and deletes saves.

The Hex Puzzles' progress (solved or not, attempts, per puzzle) is kept in ``puzzles.json``; a
file that cannot be read is reported, kept aside as ``puzzles.json.bad`` and started afresh.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

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
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / SAVES_DIR
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE_FILE


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

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2) + "\n"


def _check_settings(data: Any) -> tuple[Settings, list[str]]:
    """A Settings from parsed JSON, and the problems found (bad fields keep their default)."""
    settings = Settings()
    problems: list[str] = []
    if not isinstance(data, dict):
        return settings, [f"expected a JSON object, found {type(data).__name__}"]
    known = {f.name for f in fields(Settings)}
    for key in data:
        if key not in known:
            problems.append(f"unknown setting {key!r}")
    speed = data.get("animation_speed", settings.animation_speed)
    if isinstance(speed, int | float) and not isinstance(speed, bool) and 0.25 <= speed <= 8:
        settings.animation_speed = float(speed)
    else:
        problems.append(f"animation_speed must be a number from 0.25 to 8, not {speed!r}")
    palette = data.get("palette", settings.palette)
    if palette in PALETTES:
        settings.palette = palette
    else:
        problems.append(f"palette must be one of {', '.join(PALETTES)}, not {palette!r}")
    for name in ("auto_battle_choices", "muted", "fullscreen", "helpers", "winning_chance"):
        value = data.get(name, getattr(settings, name))
        if isinstance(value, bool):
            setattr(settings, name, value)
        else:
            problems.append(f"{name} must be true or false, not {value!r}")
    volume = data.get("volume", settings.volume)
    if isinstance(volume, int) and not isinstance(volume, bool) and 0 <= volume <= 100:
        settings.volume = volume
    else:
        problems.append(f"volume must be a whole number from 0 to 100, not {volume!r}")
    size = data.get("window_size", settings.window_size)
    if (
        isinstance(size, list)
        and len(size) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 8192 for v in size)
    ):
        settings.window_size = [int(size[0]), int(size[1])]
    else:
        problems.append(f"window_size must be [width, height] in pixels, not {size!r}")
    return settings, problems


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (defaults when there are none), and a problem to report, if any."""
    path = data_dir() / SETTINGS_FILE
    if not path.exists():
        return Settings(), None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), f"{path.name}: cannot be read ({exc}); using the default settings"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return (
            Settings(),
            f"{path.name} line {exc.lineno}: {exc.msg}; using the default settings",
        )
    settings, problems = _check_settings(data)
    if problems:
        return settings, f"{path.name}: {'; '.join(problems)} (default used)"
    return settings, None


def save_settings(settings: Settings) -> None:
    atomic_write(data_dir() / SETTINGS_FILE, settings.to_json())


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
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
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
    """The saved game in ``path``, or None and why it cannot be loaded (one line).

    Only the client's wrapper is checked here; the engine checks the game itself when it is
    loaded (``Game.load`` raises ``SaveError`` with the reason).
    """
    name = path.name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, f"{name}: no such file"
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"{name}: cannot be read ({exc})"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, f"{name} line {exc.lineno}: not a saved game ({exc.msg})"
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        return None, f"{name}: not a saved game of this program (no format {SAVE_FORMAT!r})"
    if data.get("version") != SAVE_VERSION:
        return None, f"{name}: saved by another version (format version {data.get('version')!r})"
    seats = data.get("seats")
    if (
        not isinstance(seats, list)
        or not 2 <= len(seats) <= 4
        or not all(
            isinstance(s, dict)
            and isinstance(s.get("army"), str)
            and s.get("player") in ("human", *BOT_NAMES)
            for s in seats
        )
    ):
        return None, f"{name}: 'seats' must list two to four seats with an army and a player"
    game = data.get("game")
    if not isinstance(game, dict):
        return None, f"{name}: 'game' is missing"
    saved_at = data.get("saved_at", 0.0)
    given = data.get("name", "")
    if not isinstance(given, str):
        return None, f"{name}: 'name' must be text"
    return (
        SavedGame(
            seats=[SeatSetup(s["army"], s["player"]) for s in seats],
            game_text=json.dumps(game),
            saved_at=float(saved_at) if isinstance(saved_at, int | float) else 0.0,
            name=given,
        ),
        None,
    )


def list_saves() -> list[Path]:
    """Every ``*.json`` in the saves folder, newest first."""
    folder = saves_dir()
    files = [p for p in folder.glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


# --- the puzzles' progress ---------------------------------------------------------------------


@dataclass
class PuzzleRecord:
    """One puzzle's progress: solved once (it stays solved) and the battles tried."""

    solved: bool = False
    attempts: int = 0


def puzzles_path() -> Path:
    return data_dir() / PUZZLES_FILE


def _check_records(data: Any) -> tuple[dict[str, PuzzleRecord], list[str]]:
    if not isinstance(data, dict) or data.get("format") != PUZZLES_FORMAT:
        return {}, [f"not the puzzle progress of this program (no format {PUZZLES_FORMAT!r})"]
    if data.get("version") != PUZZLES_VERSION:
        return {}, [f"written by another version (format version {data.get('version')!r})"]
    found = data.get("puzzles")
    if not isinstance(found, dict):
        return {}, ["'puzzles' must be an object of puzzle names"]
    records: dict[str, PuzzleRecord] = {}
    problems: list[str] = []
    for key, value in found.items():
        solved = value.get("solved") if isinstance(value, dict) else None
        attempts = value.get("attempts") if isinstance(value, dict) else None
        if (
            isinstance(solved, bool)
            and isinstance(attempts, int)
            and not isinstance(attempts, bool)
            and attempts >= 0
        ):
            records[str(key)] = PuzzleRecord(solved, attempts)
        else:
            problems.append(f"the entry {key!r} is not {{solved, attempts}} (left out)")
    return records, problems


def load_puzzle_progress() -> tuple[dict[str, PuzzleRecord], str | None]:
    """Every puzzle's progress, and a problem to report, if any.

    A file that is not the progress at all (unreadable, not JSON, another format) never
    raises: it is renamed to ``puzzles.json.bad`` (kept for the curious) and the progress
    starts again; a bad entry in a good file is left out and named.
    """
    path = puzzles_path()
    if not path.exists():
        return {}, None
    try:
        records, problems = _check_records(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError) as exc:
        records, problems = {}, [f"cannot be read ({exc})"]
    except json.JSONDecodeError as exc:
        records, problems = {}, [f"line {exc.lineno}: {exc.msg}"]
    if not problems:
        return records, None
    if records:
        return records, f"{path.name}: {'; '.join(problems)}"
    aside = path.with_name(path.name + ".bad")
    try:
        os.replace(path, aside)
    except OSError as exc:
        return {}, f"{path.name}: {problems[0]}; it could not be set aside ({exc})"
    return {}, (
        f"{path.name}: {problems[0]}; the puzzle progress starts again (the old file is kept"
        f" as {aside.name})"
    )


def save_puzzle_progress(records: dict[str, PuzzleRecord]) -> None:
    data = {
        "format": PUZZLES_FORMAT,
        "version": PUZZLES_VERSION,
        "puzzles": {key: asdict(record) for key, record in sorted(records.items())},
    }
    atomic_write(puzzles_path(), json.dumps(data, indent=1) + "\n")


def record_puzzle_attempt(key: str, won: bool) -> tuple[PuzzleRecord, str | None]:
    """One more battle tried on the puzzle ``key`` (solved if ``won``), written at once: the
    puzzle's record now, and a problem (reading or writing the file) to report, if any."""
    records, problem = load_puzzle_progress()
    record = records.setdefault(key, PuzzleRecord())
    record.attempts += 1
    record.solved = record.solved or won
    try:
        save_puzzle_progress(records)
    except OSError as exc:
        problem = f"The puzzle progress could not be saved: {exc}"
    return record, problem
