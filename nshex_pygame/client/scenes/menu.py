"""The main menu: new game, continue, load, lessons, puzzles, achievements, rules, gallery,
settings.

The list of saved games (``load.py``), the in-game pause menu (``pause.py``) and the error
screen (``error.py``) are scenes of their own.
"""

from __future__ import annotations

import os
from typing import Any

import pygame

from nshex_pygame.client import storage, tileart, widgets
from nshex_pygame.client.lessons import LessonError, lessons
from nshex_pygame.client.savegames import open_game, when_saved
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.session import load_game
from nshex_pygame.client.words import army_name

TITLE = "Neuroshima Hex! 3.0"


class MenuScene(Scene):
    scene_name = "menu"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.problem: str | None = None
        self.clock = 0.0
        entries = [
            ("New game", self.opener("setup")),
            ("Continue the last game", self.continue_game),
            ("Load a saved game", self.opener("load")),
            ("Learn by playing", self.tutorial),
            ("Hex puzzles", self.opener("puzzles")),
            ("Achievements", self.opener("achievements")),
            ("Rules and symbols", self.opener("rules")),
            ("Tile gallery", self.opener("gallery")),
            ("Settings", self.opener("settings")),
            ("Quit", self.app.quit),
        ]
        self.buttons = widgets.button_column(entries, (490, 214, 300, 41), 48, size=21)
        self.continue_button = self.buttons[1]
        self.on_resume()

    def on_resume(self) -> None:
        """The autosave checked whole (a damaged one is set aside, the notice says so):
        Continue is on when it loads."""
        path = storage.autosave_path()
        self.last_game = ""
        loaded, problem = load_game(path) if os.path.lexists(path) else (None, None)
        self.continue_button.enabled = loaded is not None
        if problem and problem not in self.app.notices:
            self.app.notices.append(problem)
        if loaded is not None:
            saved = loaded[1]
            armies = " against ".join(army_name(s.army) for s in saved.seats)
            self.last_game = f"{armies}, saved {when_saved(saved, '%d %b %H:%M')}"

    def continue_game(self) -> None:
        self.problem = open_game(self.app, storage.autosave_path())

    def tutorial(self) -> None:
        """The lessons: a short guided game on the real board (a broken lesson file is named
        here, and the menu stays)."""
        try:
            lessons()
        except LessonError as exc:
            self.problem = f"Learn by playing cannot start: {exc}"
            return
        self.app.open("tutorial")

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()

    def update(self, dt: float) -> None:
        self.clock += dt

    def look(self) -> object:
        return int(self.clock / 2)  # the decoration's tiles turn every two seconds

    def idle_for(self) -> float | None:
        return 2.0 - self.clock % 2.0  # nothing else moves by itself

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(widgets.BG)
        # a ring of tiles as decoration, turning slowly
        tiles = [
            "borgo.hq",
            "moloch.gauss_cannon",
            "hegemony.net_master",
            "outpost.mobile_armor",
            "moloch.clown",
            "borgo.super_mutant",
            "hegemony.universal_soldier",
            "outpost.hq",
        ]
        for i, tile in enumerate(tiles):
            x = 140 + (i % 2) * 90 if i < 4 else 1140 - (i % 2) * 90
            y = 150 + (i % 4) * 160
            facing = int(self.clock / 2 + i) % 6
            image = tileart.render_tile(tile, 62, facing)
            tileart.blit_tile(surface, image, (x, y), 150)
        widgets.draw_text(surface, TITLE, (640, 110), 54, widgets.ACCENT, True, "center")
        widgets.draw_text(
            surface,
            "The post-apocalyptic hex battle game",
            (640, 170),
            20,
            widgets.DIM,
            False,
            "center",
        )
        for button in self.buttons:
            button.draw(surface)
        if self.last_game and self.continue_button.hover:
            words = f"Last game: {self.last_game}"
            widgets.draw_text(surface, words, (640, 198), 15, widgets.TEXT, False, "center")
        notes = list(self.app.notices)
        if self.problem:
            notes.append(self.problem)
        y = 700
        for note in notes[-3:]:
            for line in widgets.wrap(note, 15, 1000):
                widgets.draw_text(surface, line, (640, y), 15, widgets.BAD, False, "center")
                y += 20
