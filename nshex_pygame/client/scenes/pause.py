"""The in-game pause menu (Esc during a game)."""

from __future__ import annotations

from typing import Any

import pygame

from nshex_pygame.client import widgets
from nshex_pygame.client.scene import Scene


class PauseScene(Scene):
    """Esc during a game: resume, save a copy, settings, rules, or back to the menu."""

    scene_name = "pause"

    transparent = True

    def __init__(self, app: Any, game_scene: Any) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        entries = [
            ("Resume", lambda: self.app.stack.pop(self)),
            ("Watch the last battle", self.last_battle),
            ("Save a copy", self.save),
            ("Rules and tutorial", self.opener("rules")),
            ("Settings", self.opener("settings")),
            ("Resign", self.resign),
            ("Main menu", self.to_menu),
        ]
        self.buttons = widgets.button_column(entries, (515, 244, 250, 42), 49, size=19)
        self.buttons[1].enabled = game_scene.can_watch_last_battle()
        self.resign_button = self.buttons[5]
        self.resign_button.enabled = game_scene.can_resign()
        self.note = ""

    def resign(self) -> None:
        """Resign: a first click asks, a second gives the game up."""
        if self.resign_button.label == "Resign":
            self.resign_button.label = "Really resign?"
            self.note = "Click again to give the game up."
            return
        self.app.stack.pop(self)
        self.game_scene.resign()

    def last_battle(self) -> None:
        """The game's last battle played again, on the board as it was then (the replay
        opened on that move; Back returns to the game)."""
        self.app.stack.pop(self)
        self.game_scene.watch_last_battle()

    def save(self) -> None:
        path = self.game_scene.save_copy()
        self.note = f"Saved as {path.name}" if path else self.game_scene.message

    def to_menu(self) -> None:
        self.game_scene.autosave()
        self.app.stack.clear_to(self.app.make("menu"))

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(470, 170, 340, 440)
        widgets.panel(surface, box)
        widgets.draw_text(surface, "Paused", (640, 208), 28, widgets.ACCENT, True, "center")
        for button in self.buttons:
            button.draw(surface)
        if self.note:
            widgets.draw_text(surface, self.note, (640, 630), 15, widgets.GOOD, False, "center")
