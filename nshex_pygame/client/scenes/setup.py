"""A new game: each seat's army (or a random one) and player (a human or a computer level),
who starts, and the board (the standard one or the Duel board, a two-player board)."""

from __future__ import annotations

import random
from typing import Any

import pygame

from nshex_pygame.client import ai, rulestext, storage, tileart, widgets
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.session import new_game
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.client.words import army_name

ARMIES = ("borgo", "moloch", "hegemony", "outpost", "smart", "vegas")
RANDOM = "random"
PLAYERS = (
    ("human", "Human"),
    ("easy", "Computer: Easy"),
    ("medium", "Computer: Medium"),
    ("hard", "Computer: Hard"),
    ("greedy", "Training: greedy"),
    ("flatmc", "Training: flat MC"),
    ("random", "Training: random"),
)
# The levels in words (shown under the chosen one).
LEVEL_WORDS = {
    "human": "Human: a person plays this seat at this screen.",
    "easy": "Easy: plays its own turn well, but does not look at yours.",
    "medium": "Medium: plans its turn and weighs your answers. The usual opponent.",
    "hard": "Hard: searches longest and deepest; a real fight.",
    "greedy": "Training: greedy takes the move that looks best now, never looking ahead.",
    "flatmc": "Training: flat MC tries each move in quick random games and keeps the best.",
    "random": "Training: random plays any legal move; for learning the rules.",
}
DEFAULT_BOT = "medium"
STARTS = ("first", "second", "random")
BOARDS = (("standard", "Standard board"), ("duel", "Duel board"))
BOARD_WORDS = {
    "standard": "The standard board: 19 hexes.",
    "duel": "The Duel board (two players): 7 terminals, energy and procedures.",
}


class SetupScene(Scene):
    scene_name = "setup"

    def __init__(self, app: Any, *, rng: random.Random | None = None) -> None:
        super().__init__(app)
        self.rng = rng or random.Random()
        self.armies = ["borgo", "moloch"]
        self.players = ["human", DEFAULT_BOT if ai.available(DEFAULT_BOT) else self.strongest_bot()]
        self.starts = "first"
        self.board = "standard"
        self.drawn: str | None = None  # who starts, once drawn (Random)
        self.problem = ""
        self.available = {name: name == "human" or ai.available(name) for name, _ in PLAYERS}
        self.buttons: list[widgets.Button] = []
        self._build()

    @staticmethod
    def strongest_bot() -> str:
        for name in ("hard", "medium", "easy", "flatmc", "greedy"):
            if ai.available(name):
                return name
        return "random"

    def _build(self) -> None:
        self.buttons = []
        for seat in range(2):
            x = 120 + seat * 540
            for i, army in enumerate((*ARMIES, RANDOM)):
                button = widgets.Button(
                    army_name(army) if army != RANDOM else "Random army",
                    (x, 170 + i * 48, 200, 40),
                    lambda s=seat, a=army: self.set_army(s, a),
                    size=17,
                )
                button.selected = self.armies[seat] == army
                self.buttons.append(button)
            for i, (name, label) in enumerate(PLAYERS):
                ok = self.available[name]
                button = widgets.Button(
                    label if ok else f"{label} (not yet)",
                    (x + 215, 170 + i * 48, 270, 40),
                    lambda s=seat, n=name: self.set_player(s, n),
                    size=15,
                    enabled=ok,
                )
                button.selected = self.players[seat] == name
                self.buttons.append(button)
        for i, start in enumerate(STARTS):
            label = {"first": "Player 1 starts", "second": "Player 2 starts", "random": "Random"}[
                start
            ]
            button = widgets.Button(
                label, (120 + i * 162, 626, 154, 38), lambda s=start: self.set_start(s), size=15
            )
            button.selected = self.starts == start
            self.buttons.append(button)
        for i, (board, label) in enumerate(BOARDS):
            button = widgets.Button(
                label, (700 + i * 200, 626, 186, 38), lambda b=board: self.set_board(b), size=15
            )
            button.selected = self.board == board
            button.hint = BOARD_WORDS[board]
            self.buttons.append(button)
        self.start_button = widgets.Button(
            "Start the game", (490, 710, 300, 52), self.start, size=22
        )
        self.back_button = widgets.Button(
            "Back", (60, 730, 140, 44), lambda: self.app.stack.pop(self)
        )
        self.buttons += [self.start_button, self.back_button]

    def set_army(self, seat: int, army: str) -> None:
        self.armies[seat] = army
        self._build()

    def set_player(self, seat: int, player: str) -> None:
        if not self.available.get(player):
            self.problem = f"The {player} computer player is not available yet."
            return
        self.players[seat] = player
        self._build()

    def set_board(self, board: str) -> None:
        """The standard board or the Duel board (the new-game screen has two seats, so the
        Duel board, a two-player board, is always open here)."""
        self.board = board
        self._build()

    def set_start(self, start: str) -> None:
        """Who starts; Random draws it now, and the screen says who was drawn."""
        self.starts = start
        self.drawn = self.rng.choice(("first", "second")) if start == "random" else None
        self._build()

    def seat_setups(self) -> list[SeatSetup]:
        """The two seats in playing order (seat 0 moves first), random choices resolved."""
        armies = list(self.armies)
        for seat in range(2):
            if armies[seat] == RANDOM:
                others = [a for a in ARMIES if a not in armies]
                armies[seat] = self.rng.choice(others or list(ARMIES))
        seats = [SeatSetup(armies[0], self.players[0]), SeatSetup(armies[1], self.players[1])]
        if self.starts == "random" and self.drawn is None:
            self.drawn = self.rng.choice(("first", "second"))
        start = self.drawn if self.starts == "random" else self.starts
        return seats if start == "first" else seats[::-1]

    def start(self) -> None:
        seats = self.seat_setups()
        seed = self.rng.randrange(2**32)
        game = new_game(seats, seed, self.app.settings.auto_battle_choices, board=self.board)
        scene = self.app.make("game", game, seats, save_path=storage.autosave_path(), seed=seed)
        self.app.stack.replace(scene)
        scene.autosave()

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop(self)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(widgets.BG)
        widgets.draw_text(surface, "New game", (640, 50), 38, widgets.ACCENT, True, "center")
        for seat in range(2):
            x = 120 + seat * 540
            widgets.draw_text(surface, f"Player {seat + 1}", (x, 110), 24, widgets.TEXT, True)
            army = self.armies[seat]
            if army != RANDOM:
                image = tileart.render_tile(f"{army}.hq", 44)
                tileart.blit_tile(surface, image, (x + 440, 112))
                widgets.draw_paragraph(
                    surface,
                    rulestext.ARMIES.get(army, ""),
                    pygame.Rect(x, 512, 485, 36),
                    13,
                    widgets.DIM,
                )
            widgets.draw_paragraph(
                surface,
                LEVEL_WORDS.get(self.players[seat], ""),
                pygame.Rect(x, 550, 485, 36),
                13,
                widgets.DIM,
            )
            widgets.draw_text(surface, "Army", (x, 145), 15, widgets.DIM, True)
            widgets.draw_text(surface, "Player", (x + 215, 145), 15, widgets.DIM, True)
        widgets.draw_text(surface, "Who starts", (120, 600), 17, widgets.DIM, True)
        widgets.draw_text(surface, "Board", (700, 600), 17, widgets.DIM, True)
        widgets.draw_text(surface, BOARD_WORDS[self.board], (700, 670), 13, widgets.DIM, False)
        for button in self.buttons:
            button.draw(surface)
        if self.drawn is not None:
            who = "Player 1" if self.drawn == "first" else "Player 2"
            widgets.draw_text(surface, f"Drawn: {who} starts", (120, 670), 15, widgets.ACCENT, True)
        if self.problem:
            widgets.draw_text(surface, self.problem, (640, 692), 15, widgets.BAD, False, "center")
