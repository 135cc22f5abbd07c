"""The achievements: every one the game has, the earned ones lit with the day they were earned.

What they are and how they are kept is :mod:`nshex_pygame.client.achievements`; a file that
had to be set aside is named here (one sentence, as everywhere in the data folder).
"""

from __future__ import annotations

from typing import Any

import pygame

from nshex_pygame.client import achievements, tileart, viewport, widgets
from nshex_pygame.client.scene import Scene

COLUMNS = 3
CARD_W, CARD_H = 394, 66
LEFT, TOP, GAP = 34, 132, 8
LIT = (52, 48, 30)
UNLIT = (36, 38, 46)


class AchievementsScene(Scene):
    scene_name = "achievements"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.earned, self.problem = achievements.load_earned()
        self.back = widgets.Button("Back", (540, 744, 200, 44), self.leave)

    def leave(self) -> None:
        self.app.stack.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        if self.back.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.leave()

    def card(self, n: int) -> pygame.Rect:
        """The ``n``th card: three a row across the part of the canvas the window shows (the
        whole canvas, or a small window's narrower frame: :mod:`viewport`)."""
        frame = viewport.frame_of(self.app)
        left, width = LEFT, CARD_W
        if frame.width < viewport.LOGICAL[0]:
            left, width = frame.left + 10, (frame.width - 20 - (COLUMNS - 1) * GAP) // COLUMNS
        column, row = n % COLUMNS, n // COLUMNS
        return pygame.Rect(left + column * (width + GAP), TOP + row * (CARD_H + GAP), width, CARD_H)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(widgets.BG)
        widgets.draw_text(surface, "Achievements", (640, 44), 36, widgets.ACCENT, True, "center")
        every = achievements.catalogue()
        have = sum(a.key in self.earned for a in every)
        words = f"{have} of {len(every)} earned. Win against the computer, solve puzzles, learn."
        widgets.draw_text(surface, words, (640, 86), 16, widgets.DIM, False, "center")
        if self.problem:
            room = pygame.Rect(140, 100, 1000, 30).clip(viewport.frame_of(self.app).inflate(-40, 0))
            widgets.draw_paragraph(surface, self.problem, room, 13, widgets.BAD, spacing=1.1)
        for n, achievement in enumerate(every):
            self.draw_card(surface, self.card(n), achievement)
        self.back.draw(surface)

    def draw_card(
        self, surface: pygame.Surface, rect: pygame.Rect, achievement: achievements.Achievement
    ) -> None:
        at = self.earned.get(achievement.key)
        lit = at is not None
        widgets.panel(
            surface,
            rect,
            fill=LIT if lit else UNLIT,
            edge=widgets.ACCENT if lit else widgets.PANEL_EDGE,
        )
        medal = (rect.left + 28, rect.centery)
        colour = widgets.ACCENT if lit else (70, 74, 86)
        pygame.draw.circle(surface, colour, medal, 18)
        pygame.draw.circle(surface, LIT if lit else UNLIT, medal, 12)
        pygame.draw.circle(surface, colour, medal, 6)
        x, width = rect.left + 54, rect.width - 60
        size = tileart.fit_text(achievement.title, 16, width)
        ink = widgets.ACCENT if lit else widgets.TEXT
        widgets.draw_text(surface, achievement.title, (x, rect.top + 7), size, ink, True)
        size = tileart.fit_text(achievement.how, 13, width, bold=False)
        widgets.draw_text(surface, achievement.how, (x, rect.top + 28), size, widgets.TEXT)
        when = f"Earned {achievements.when_earned(at)}" if at is not None else "Not yet"
        widgets.draw_text(
            surface, when, (x, rect.top + 46), 13, widgets.GOOD if lit else widgets.DIM
        )
