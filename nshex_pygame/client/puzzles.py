"""The Hex Puzzles as the client lists them: the shipped ones and the daily puzzle.

Every rule is the engine's: a puzzle's position, offer, goal and outcome come from
:class:`nshex_pygame.core.Puzzle`, its solutions from its solver, the daily puzzle from the
engine's generator (``puzzle_generate``), seeded with the date so that everybody gets the same
puzzle on the same day. Here are only names, the week's difficulties and words.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from nshex_pygame.client.words import action_words, plural, unit_words
from nshex_pygame.core import Puzzle, puzzle_generate, shipped_puzzles

DIFFICULTIES = ("easy", "medium", "hard", "very_hard")
DIFFICULTY_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "very_hard": "Very hard"}
# The daily puzzle's difficulty by weekday, Monday first: easy at the start of the week, the
# hardest on Saturday.
DAILY_DIFFICULTY = ("easy", "medium", "medium", "hard", "medium", "very_hard", "hard")
SOLUTION_AFTER = 3  # attempts before the solution may be shown
# The plays a puzzle allows: tiles from the hand (a placement, an instant, and the hex a
# pushed unit goes to); never ending the turn, discarding, or Mobility and Transport.
PLAYS = frozenset(
    {"place", "sniper", "grenade", "air_strike", "battle", "move", "push_back", "push_to"}
)


@dataclass
class PuzzleEntry:
    """A puzzle in the list: ``key`` names its progress (``easy-001``, ``daily-2025-01-05``)."""

    key: str
    title: str
    difficulty: str
    label: str  # how the puzzle screen names it: "Easy 1", "Daily puzzle, Sunday 5 January"
    make: Any = field(repr=False)  # () -> Puzzle (the daily puzzle is generated when opened)
    _puzzle: Puzzle | None = field(default=None, repr=False)

    def puzzle(self) -> Puzzle:
        if self._puzzle is None:
            self._puzzle = self.make()
        return self._puzzle


@cache
def shipped() -> tuple[PuzzleEntry, ...]:
    """The shipped puzzles, easiest first, numbered within their difficulty."""
    out: list[PuzzleEntry] = []
    counts: dict[str, int] = {}
    for path in shipped_puzzles():
        puzzle = Puzzle(path.read_text(encoding="utf-8"), path.name)
        counts[puzzle.difficulty] = counts.get(puzzle.difficulty, 0) + 1
        grade = DIFFICULTY_NAMES.get(puzzle.difficulty, puzzle.difficulty)
        label = f"{grade} {counts[puzzle.difficulty]}"
        out.append(
            PuzzleEntry(
                path.stem, puzzle.title, puzzle.difficulty, label, lambda p=puzzle: p, puzzle
            )
        )
    return tuple(out)


def by_difficulty(entries: tuple[PuzzleEntry, ...]) -> dict[str, list[PuzzleEntry]]:
    groups: dict[str, list[PuzzleEntry]] = {d: [] for d in DIFFICULTIES}
    for entry in entries:
        groups.setdefault(entry.difficulty, []).append(entry)
    return groups


def daily_seed(day: datetime.date) -> int:
    return int(day.strftime("%Y%m%d"))


def daily_difficulty(day: datetime.date) -> str:
    return DAILY_DIFFICULTY[day.weekday()]


def daily_puzzle(day: datetime.date) -> Puzzle:
    """The day's puzzle: the engine's generator, seeded with the date (the same for everybody
    on that day), at the weekday's difficulty."""
    return puzzle_generate(daily_difficulty(day), daily_seed(day))


@cache
def daily_entry(day: datetime.date) -> PuzzleEntry:
    """The day's puzzle in the list (made once a run, when it is first opened)."""
    name = f"{day.strftime('%A')} {day.day} {day.strftime('%B')}"
    return PuzzleEntry(
        f"daily-{day.isoformat()}",
        f"Daily puzzle, {name}",
        daily_difficulty(day),
        f"Daily puzzle, {name}",
        lambda: daily_puzzle(day),
    )


def step_words(desc: dict[str, Any], units: dict[Any, Any], seat: int) -> str:
    """One play of a solution, for the hint and the solution: ``Place Hybrid``."""
    if desc.get("kind") == "place":
        return f"Place {action_words(desc, units, seat).removeprefix('places ')}"
    if desc.get("kind") == "push_to":
        return "Push the unit to the lit hex"
    words = action_words(desc, units, seat)
    return words[:1].upper() + words[1:]


def shortfall_words(goal: dict[str, Any], shortfall: int, units: dict[Any, Any]) -> str:
    """How far a lost battle fell short of the goal, in the goal's own terms."""
    kind = goal.get("kind")
    if kind == "destroy_hq":
        return f"The enemy HQ held on with {plural(shortfall, 'hit point')}."
    if kind == "damage_hq":
        return f"The enemy HQ needed {plural(shortfall, 'more wound')}."
    if kind == "destroy_unit":
        at = goal.get("at")
        name = unit_words(units, at)
        return f"{name[:1].upper() + name[1:]} survived with {plural(shortfall, 'hit point')}."
    return f"Short of the goal by {shortfall}."


# --- the daily puzzle's streak ---------------------------------------------------------------
# A streak counts days in a row on which the daily puzzle was solved (its progress is kept
# under ``daily-YYYY-MM-DD``): a day without the daily puzzle solved ends it. Today not solved
# yet leaves the streak of the days before standing (it ends only once the day is over).


def solved_days(solved: set[str]) -> set[datetime.date]:
    """The days whose daily puzzle is in ``solved`` (keys of solved puzzles)."""
    days = set()
    for key in solved:
        if key.startswith("daily-"):
            try:
                days.add(datetime.date.fromisoformat(key.removeprefix("daily-")))
            except ValueError:
                continue
    return days


def daily_streak(solved: set[str], today: datetime.date) -> int:
    """The days in a row, up to today (or yesterday, when today's puzzle is not solved yet),
    whose daily puzzle is solved."""
    days = solved_days(solved)
    day = today if today in days else today - datetime.timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= datetime.timedelta(days=1)
    return count


def best_daily_streak(solved: set[str]) -> int:
    """The longest run of days in a row with the daily puzzle solved."""
    days = solved_days(solved)
    best = 0
    for day in days:
        if day - datetime.timedelta(days=1) in days:
            continue  # not the first day of its run
        run = 0
        while day + datetime.timedelta(days=run) in days:
            run += 1
        best = max(best, run)
    return best


def daily_words(solved: bool, attempts: int) -> str:
    """Today's daily puzzle as the list shows it: its result, or that it waits."""
    if solved:
        return "Solved today" + (f" in {attempts} tries" if attempts > 1 else " at the first try")
    if attempts:
        return f"Not solved yet: {'1 try' if attempts == 1 else f'{attempts} tries'}"
    return "Not played yet today"


def streak_words(streak: int, best: int) -> str:
    """The daily streak in words ("" before any daily puzzle is solved)."""
    if not best:
        return ""
    now = f"Daily streak: {plural(streak, 'day')} in a row" if streak else "No daily streak now"
    return f"{now} (best {plural(best, 'day')})"
