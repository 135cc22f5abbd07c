"""Achievements: a short list of things done, each earned once and kept with its date.

Which exist (:func:`catalogue`): the first win against each computer level, a win with each
army, every shipped puzzle of a difficulty solved, and a few more (a first win, a win without
losing a unit, a win at a table of three or four, the first puzzle, the daily puzzle on three
and seven days in a row, every lesson done). Whether one is earned is read off the engine's
results only: the winner the engine names, the seats' armies and players, the numbers of the
game replayed through the engine (:mod:`nshex_pygame.client.replay`), the puzzles' solved
records; no rule of the game is worked out here.

They are kept in ``achievements.json`` in the data folder, read and written like the puzzle
progress (:class:`nshex_pygame.client.storage.RecordFile`): read whole and checked whole, a
damaged file set aside as ``achievements.json.bad-STAMP`` and named to the player, a file
with some bad entries set aside and the good ones written back, a newer version's file read
and never overwritten, every write atomic. An achievement is added by reading the file again
and writing it whole with the new one, so nothing earned is ever dropped (names this version
does not know are kept as they are).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from nshex_pygame.client import storage
from nshex_pygame.client.words import army_name
from nshex_pygame.core import tile_ids
from nshex_pygame.datafile import finite_number

ACHIEVEMENTS_FILE = "achievements.json"
ACHIEVEMENTS_FORMAT = "nshex-achievements"
ACHIEVEMENTS_VERSION = 1
LEVELS = (("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard"))
PUZZLE_GRADES = (
    ("easy", "Easy"),
    ("medium", "Medium"),
    ("hard", "Hard"),
    ("very_hard", "Very hard"),
)
STREAKS = (3, 7)  # days in a row with the daily puzzle solved


@dataclass(frozen=True)
class Achievement:
    key: str  # its name in the file
    title: str
    how: str  # what earns it, in words


@dataclass(frozen=True)
class GameResult:
    """A finished game as the player saw it, from the engine's results: whether the player's
    side won, the armies it played, the computer levels on the other side, the seats, and the
    units the player's side lost (None when the game could not be replayed for it)."""

    won: bool
    armies: tuple[str, ...]
    levels: frozenset[str]
    seats: int
    units_lost: int | None = None


@cache
def armies() -> tuple[str, ...]:
    """The armies with an HQ, as the engine lists its tiles."""
    found = {tile.split(".")[0] for tile in tile_ids() if tile.endswith(".hq")}
    return tuple(sorted(found))


@cache
def catalogue() -> tuple[Achievement, ...]:
    """Every achievement, in the order the screen lists them."""
    out = [Achievement("first_win", "First blood", "Win a game at any level.")]
    out += [
        Achievement(f"win_{level}", f"{name} beaten", f"Win a game at the {name} level.")
        for level, name in LEVELS
    ]
    out += [
        Achievement(
            f"army_{army}", f"{army_name(army)} victory", f"Win a game playing {army_name(army)}."
        )
        for army in armies()
    ]
    out += [
        Achievement("flawless", "Untouchable", "Win a game without losing a unit."),
        Achievement("crowd", "Last one standing", "Win a game of three or four players."),
        Achievement("first_puzzle", "Puzzler", "Solve a Hex Puzzle."),
    ]
    out += [
        Achievement(
            f"puzzles_{grade}", f"{name} puzzles cleared", f"Solve every {name.lower()} puzzle."
        )
        for grade, name in PUZZLE_GRADES
    ]
    out.append(Achievement("daily", "Puzzle of the day", "Solve a daily puzzle."))
    out += [
        Achievement(
            f"daily_streak_{days}",
            f"{days} days in a row",
            f"Solve the daily puzzle on {days} days in a row.",
        )
        for days in STREAKS
    ]
    out.append(Achievement("lessons", "Graduate", "Finish every lesson of Learn by playing."))
    return tuple(out)


def by_key() -> dict[str, Achievement]:
    return {a.key: a for a in catalogue()}


# --- what earns them -----------------------------------------------------------------------------


def earned_by_game(result: GameResult) -> list[str]:
    """The achievements a finished game earns: a win against the computer at one of its
    levels (Easy, Medium, Hard; the training bots earn nothing)."""
    if not result.won or not result.levels & {level for level, _name in LEVELS}:
        return []
    keys = ["first_win"]
    keys += [f"win_{level}" for level, _name in LEVELS if level in result.levels]
    keys += [f"army_{army}" for army in result.armies if army in armies()]
    if result.units_lost == 0:
        keys.append("flawless")
    if result.seats > 2:
        keys.append("crowd")
    return list(dict.fromkeys(keys))


def earned_by_puzzles(
    solved: set[str], shipped: Iterable[tuple[str, str]], streak: int
) -> list[str]:
    """The achievements of the puzzles: ``solved`` the keys of the puzzles solved,
    ``shipped`` each shipped puzzle's (key, difficulty), ``streak`` the days in a row the
    daily puzzle was solved."""
    keys = ["first_puzzle"] if solved else []
    groups: dict[str, list[str]] = {}
    for key, difficulty in shipped:
        groups.setdefault(difficulty, []).append(key)
    keys += [
        f"puzzles_{grade}"
        for grade, _name in PUZZLE_GRADES
        if groups.get(grade) and set(groups[grade]) <= solved
    ]
    if any(key.startswith("daily-") for key in solved):
        keys.append("daily")
    keys += [f"daily_streak_{days}" for days in STREAKS if streak >= days]
    return keys


# --- the file ------------------------------------------------------------------------------------


def _earned_at(value: Any) -> float | None:
    at: Any = value.get("at") if isinstance(value, dict) else None
    return float(at) if finite_number(at, 0.0, storage.LATEST_TIME) else None


ACHIEVEMENTS = storage.RecordFile(  # (name, format, version, holder, words, and the records)
    ACHIEVEMENTS_FILE,
    ACHIEVEMENTS_FORMAT,
    ACHIEVEMENTS_VERSION,
    "earned",
    "the achievements",
    "a list of achievements",
    "an achievement with the time it was earned",
    "the rest of your achievements are kept",
    _earned_at,
    lambda at: {"at": at},
)
NEWER = storage.newer_notice(ACHIEVEMENTS, "achievements earned")
START_AGAIN = "your achievements start again"


def load_earned() -> tuple[dict[str, float], str | None]:
    """The achievements earned (name: when, seconds since 1970), and a sentence for the
    player, if any."""
    earned, problem, _writable = storage.load_records(ACHIEVEMENTS, NEWER, START_AGAIN)
    return earned, problem


def award(keys: Iterable[str], now: float | None = None) -> tuple[list[Achievement], str | None]:
    """Record ``keys`` as earned now (those earned before keep their date): the ones newly
    earned, in the catalogue's order, and a problem (reading or writing the file), if any."""
    earned, problem, writable = storage.load_records(ACHIEVEMENTS, NEWER, START_AGAIN)
    known = by_key()
    new = [key for key in dict.fromkeys(keys) if key in known and key not in earned]
    if not new:
        return [], problem
    when = time.time() if now is None else now
    earned.update({key: when for key in new})
    if writable:
        try:
            storage.save_records(ACHIEVEMENTS, earned)
        except OSError as exc:
            problem = f"The achievements could not be saved: {exc.strerror or exc}"
    order = [a.key for a in catalogue()]
    return [known[key] for key in sorted(new, key=order.index)], problem


def when_earned(at: float) -> str:
    """The date an achievement was earned, in words (never raises)."""
    try:
        return time.strftime("%d %B %Y", time.localtime(at)).lstrip("0")
    except (OverflowError, OSError, ValueError):
        return "on an unknown day"
