"""The end of a game: who won, the HQ hit points, a rematch or back to the menu."""

from __future__ import annotations

import random
from typing import Any

import pygame

from nshex_pygame.client import storage, tileart, widgets
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.session import new_game
from nshex_pygame.client.words import army_name


class GameOverScene(Scene):
    scene_name = "gameover"

    transparent = True

    def __init__(self, app: Any, game_scene: Any) -> None:
        super().__init__(app)
        self.game_scene = game_scene
        self.hidden = False
        self.buttons = [
            widgets.Button("Rematch", (430, 470, 200, 50), self.rematch, size=20),
            widgets.Button("Main menu", (650, 470, 200, 50), self.to_menu, size=20),
            widgets.Button("Look at the board", (515, 535, 250, 40), self.toggle, size=16),
        ]

    def headline(self) -> str:
        game = self.game_scene.game
        winner = game.winner
        armies = self.game_scene.armies
        if winner == "draw":
            return "A draw"
        if isinstance(winner, int):
            who = army_name(armies[winner])
            seat = self.game_scene.seats[winner]
            return f"{who} wins" + ("" if seat.is_human else " (computer)")
        return "The game is over"

    def rematch(self) -> None:
        old = self.game_scene
        seats = list(old.seats)
        seed = random.randrange(2**32)
        game = new_game(seats, seed, self.app.settings.auto_battle_choices)
        scene = self.app.make("game", game, seats, save_path=storage.autosave_path(), seed=seed)
        self.app.stack.pop(self)
        self.app.stack.replace(scene)
        scene.autosave()

    def to_menu(self) -> None:
        self.app.stack.clear_to(self.app.make("menu"))

    def toggle(self) -> None:
        self.hidden = not self.hidden
        self.buttons[2].label = "Show the result" if self.hidden else "Look at the board"

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons if not self.hidden else self.buttons[2:]:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.to_menu()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.rematch()

    def draw(self, surface: pygame.Surface) -> None:
        if self.hidden:
            self.buttons[2].rect.topleft = (515, 752)
            self.buttons[2].draw(surface)
            return
        self.buttons[2].rect.topleft = (515, 535)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(380, 200, 520, 400)
        widgets.panel(surface, box)
        widgets.draw_text(surface, "Game over", (640, 240), 24, widgets.DIM, True, "center")
        headline = self.headline()
        size = tileart.fit_text(headline, 40, box.width - 40)
        widgets.draw_text(surface, headline, (640, 290), size, widgets.ACCENT, True, "center")
        view = self.game_scene.view
        for seat, army in enumerate(self.game_scene.armies):
            hp = view["hq_hp"][seat]
            widgets.draw_text(
                surface,
                f"{army_name(army)} HQ: {hp} hit points",
                (640, 350 + 32 * seat),
                20,
                widgets.TEXT,
                False,
                "center",
            )
        widgets.draw_text(
            surface,
            f"{view.get('battles', 0)} battles, {view.get('turn', 0)} turns",
            (640, 425),
            15,
            widgets.DIM,
            False,
            "center",
        )
        for button in self.buttons:
            button.draw(surface)
