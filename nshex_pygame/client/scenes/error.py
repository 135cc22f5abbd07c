"""The error screen: the program hit an error it did not expect."""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

from nshex_pygame.client import widgets
from nshex_pygame.client.scene import Scene


class ErrorScene(Scene):
    """Something went wrong in the program itself: say what, offer the menu or quitting."""

    scene_name = "error"

    def __init__(self, app: Any, message: str) -> None:
        super().__init__(app)
        self.message = message
        self.buttons = [
            widgets.Button("Main menu", (420, 520, 200, 48), self.to_menu),
            widgets.Button("Quit", (660, 520, 200, 48), self.app.quit),
        ]

    def to_menu(self) -> None:
        scenes = list(self.app.stack.scenes)
        self.app.stack.scenes.clear()
        for scene in reversed(scenes):
            with contextlib.suppress(Exception):
                scene.on_exit()
        self.app.stack.push(self.app.make("menu"))

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(widgets.BG)
        widgets.draw_text(
            surface, "Something went wrong", (640, 240), 34, widgets.BAD, True, "center"
        )
        widgets.draw_paragraph(
            surface,
            "The program hit an error it did not expect. The game was saved after the last "
            "turn; Continue in the main menu picks it up. The details (for a bug report) went "
            "to the terminal:",
            pygame.Rect(340, 300, 600, 90),
            17,
        )
        widgets.draw_paragraph(
            surface, self.message, pygame.Rect(340, 400, 600, 90), 15, widgets.DIM
        )
        for button in self.buttons:
            button.draw(surface)
