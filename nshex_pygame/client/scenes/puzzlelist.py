"""Hex Puzzles: the list, by difficulty, with the player's progress, and the daily puzzle with
its result today and the daily streak: the days in a row whose daily puzzle was solved
(``client/puzzles.py``). A puzzle opens in the puzzle scene (``puzzles.py``), by name.
"""

from __future__ import annotations

import datetime
from functools import partial
from typing import Any

import pygame

from nshex_pygame.client import storage, viewport, widgets
from nshex_pygame.client.puzzles import (
    DIFFICULTIES,
    DIFFICULTY_NAMES,
    PuzzleEntry,
    best_daily_streak,
    by_difficulty,
    daily_entry,
    daily_streak,
    daily_words,
    shipped,
    streak_words,
)
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.storage import PuzzleRecord
from nshex_pygame.core import EngineError

COLUMN_W, ROW_H = 300, 32
LIST_TOP = 215
MARK_W = 70  # right of a puzzle's button: its tick and tries


def tries(n: int) -> str:
    return "1 try" if n == 1 else f"{n} tries"


class PuzzleListScene(Scene):
    """Every shipped puzzle in four columns by difficulty, each marked solved or with its
    attempts, and the day's puzzle above them."""

    scene_name = "puzzles"

    def __init__(self, app: Any, today: datetime.date | None = None) -> None:
        super().__init__(app)
        self.today = today or datetime.date.today()
        self.entries = shipped()
        self.groups = by_difficulty(self.entries)
        self.daily = daily_entry(self.today)
        self.problem: str | None = None
        self.records: dict[str, PuzzleRecord] = {}
        self.buttons: list[widgets.Button] = []
        self.rows: list[tuple[widgets.Button, PuzzleEntry]] = []
        for difficulty in DIFFICULTIES:
            for i, entry in enumerate(self.groups.get(difficulty, [])):
                button = widgets.Button(
                    f"{i + 1}. {entry.title}", (0, 0, 0, 0), partial(self.open, entry), size=15
                )
                self.rows.append((button, entry))
        self.daily_button = widgets.Button(
            f"{self.daily.title} ({DIFFICULTY_NAMES[self.daily.difficulty]})",
            (360, 116, 500, 42),
            lambda: self.open(self.daily),
            size=18,
        )
        self.back = widgets.Button("Back", (540, 744, 200, 44), lambda: self.app.stack.pop(self))
        self.buttons = [self.daily_button, *(b for b, _e in self.rows), self.back]
        self.frame = pygame.Rect(0, 0, 0, 0)
        self._fit()
        self.on_resume()

    def _fit(self) -> None:
        """The columns laid out across the part of the canvas the window shows (the whole
        canvas, or a small window's narrower frame: :mod:`viewport`)."""
        frame = viewport.frame_of(self.app)
        if frame == self.frame:
            return
        self.frame = frame
        row = 0
        for column, difficulty in enumerate(DIFFICULTIES):
            x, width = self.column(column)
            for i, _entry in enumerate(self.groups.get(difficulty, [])):
                box = (x, LIST_TOP + i * ROW_H, width - MARK_W, ROW_H - 4)
                self.rows[row][0].rect = pygame.Rect(box)
                row += 1
        wide = frame.width >= viewport.LOGICAL[0]
        self.daily_button.rect.left = 360 if wide else frame.left + 40

    def column(self, n: int) -> tuple[int, int]:
        """Where the ``n``th column starts, and its width (a puzzle's button and its mark)."""
        if self.frame.width >= viewport.LOGICAL[0]:
            return 20 + n * (COLUMN_W + 10), COLUMN_W
        pitch = (self.frame.width - 20) // len(DIFFICULTIES)
        return self.frame.left + 10 + n * pitch, pitch - 10

    def on_resume(self) -> None:
        """The progress read again (a puzzle just played has changed it)."""
        self.records, problem = storage.load_puzzle_progress()
        if problem:
            self.problem = problem

    def record(self, entry: PuzzleEntry) -> PuzzleRecord:
        return self.records.get(entry.key) or PuzzleRecord()

    def daily_lines(self) -> list[str]:
        """Today's daily puzzle's result, and the daily streak (when there has been one)."""
        record = self.record(self.daily)
        solved = {key for key, r in self.records.items() if r.solved}
        streak = streak_words(daily_streak(solved, self.today), best_daily_streak(solved))
        return [daily_words(record.solved, record.attempts), *([streak] if streak else [])]

    def open(self, entry: PuzzleEntry) -> None:
        try:
            entry.puzzle()  # (the daily puzzle is generated now, the first time)
        except EngineError as exc:
            self.problem = f"{entry.title} could not be made: {exc}"
            return
        self.app.open("puzzle", entry, following=self.entries)

    def handle(self, event: pygame.event.Event) -> None:
        self._fit()
        clicked = any(button.handle(event) for button in self.buttons)
        if not clicked and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        self._fit()
        surface.fill(widgets.BG)
        widgets.draw_text(surface, "Hex Puzzles", (640, 44), 36, widgets.ACCENT, True, "center")
        solved = sum(self.record(e).solved for e in self.entries)
        widgets.draw_text(
            surface,
            "Play the offered tiles so that the battle after them reaches the goal."
            f" {solved} of {len(self.entries)} solved.",
            (640, 88),
            16,
            widgets.DIM,
            False,
            "center",
        )
        self.daily_button.draw(surface)
        rect = self.daily_button.rect
        if self.record(self.daily).solved:
            spot = (rect.right + 8, rect.centery)
            widgets.draw_text(surface, "\u2713", spot, 20, widgets.GOOD, True, "midleft")
        for n, line in enumerate(self.daily_lines()):  # (the lines say the tries)
            colour = widgets.GOOD if line.startswith("Solved") else widgets.DIM
            widgets.draw_text(surface, line, (rect.right + 36, rect.top + 2 + 20 * n), 14, colour)
        for column, difficulty in enumerate(DIFFICULTIES):
            group = self.groups.get(difficulty, [])
            done = sum(self.record(e).solved for e in group)
            x, width = self.column(column)
            widgets.draw_text(
                surface, DIFFICULTY_NAMES[difficulty], (x, LIST_TOP - 38), 20, widgets.TEXT, True
            )
            widgets.draw_text(
                surface,
                f"{done} of {len(group)} solved",
                (x + width - 10, LIST_TOP - 34),
                14,
                widgets.GOOD if group and done == len(group) else widgets.DIM,
                False,
                "topright",
            )
        for button, entry in self.rows:
            button.draw(surface)
            self.draw_mark(surface, entry, button.rect)
        if self.problem:
            room = pygame.Rect(140, 700, 1000, 40).clip(self.frame.inflate(-40, 0))
            widgets.draw_paragraph(surface, self.problem, room, 14, widgets.BAD)
        self.back.draw(surface)

    def draw_mark(self, surface: pygame.Surface, entry: PuzzleEntry, rect: pygame.Rect) -> None:
        """Solved: a tick; tried: the attempts; untouched: nothing."""
        record = self.record(entry)
        spot = (rect.right + 8, rect.centery)
        if record.solved:
            widgets.draw_text(surface, "\u2713", spot, 20, widgets.GOOD, True, "midleft")
            if record.attempts > 1:
                words = tries(record.attempts)
                widgets.draw_text(
                    surface, words, (spot[0] + 18, spot[1]), 13, widgets.DIM, False, "midleft"
                )
        elif record.attempts:
            words = tries(record.attempts)
            widgets.draw_text(surface, words, spot, 13, widgets.ACCENT, False, "midleft")
