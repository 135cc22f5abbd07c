"""The battle scene's input: the playback's buttons and keys (:data:`PLAYBACK_KEYS`), and the
answers to a battle question."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from nshex_pygame.client import widgets
from nshex_pygame.client.scenes.battle.behind import Behind
from nshex_pygame.client.scenes.battle.info import BattleWords
from nshex_pygame.client.scenes.battle.layout import CONTROLS_RECT, DIGIT_KEYS
from nshex_pygame.client.scenes.battle.model import BattleModel


class BattleCommands(Protocol):
    """What the input asks of the battle scene."""

    def toggle_pause(self) -> None: ...
    def step_phase(self) -> None: ...
    def change_speed(self, delta: int) -> None: ...
    def skip(self) -> None: ...
    def close(self) -> None: ...
    def answer(self, action: int) -> None: ...


Command = Callable[[BattleCommands], None]


def _pause(scene: BattleCommands) -> None:
    scene.toggle_pause()


def _one_phase(scene: BattleCommands) -> None:
    scene.step_phase()


def _faster(scene: BattleCommands) -> None:
    scene.change_speed(1)


def _slower(scene: BattleCommands) -> None:
    scene.change_speed(-1)


def _skip(scene: BattleCommands) -> None:
    scene.skip()


# The playback's keys (while no question is open): Space pauses, N plays one phase, + and -
# change the speed, S, Enter or Esc skips to the end (or to the question).
PLAYBACK_KEYS: dict[int, Command] = {
    pygame.K_SPACE: _pause,
    pygame.K_n: _one_phase,
    pygame.K_RIGHT: _one_phase,
    pygame.K_PLUS: _faster,
    pygame.K_EQUALS: _faster,
    pygame.K_KP_PLUS: _faster,
    pygame.K_MINUS: _slower,
    pygame.K_KP_MINUS: _slower,
    pygame.K_s: _skip,
    pygame.K_RETURN: _skip,
    pygame.K_KP_ENTER: _skip,
    pygame.K_ESCAPE: _skip,
}
# Keys that would move the playback on: while a question is open they are answered with what
# it waits for (as is a number without an answer of its own).
WAITING_KEYS = frozenset(
    {pygame.K_SPACE, pygame.K_s, pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER}
)


class BattleInput:
    """Keys, clicks and the playback's buttons (``buttons``, drawn by the drawing) for the
    battle scene (``commands``); while a question is open, only its answers."""

    def __init__(
        self, model: BattleModel, words: BattleWords, behind: Behind, commands: BattleCommands
    ) -> None:
        self.model = model
        self.words = words
        self.behind = behind
        self.commands = commands
        x, y = CONTROLS_RECT.left + 12, CONTROLS_RECT.top + 226  # (four seats' rows above)
        w = (CONTROLS_RECT.width - 36) // 2
        self.buttons = [
            widgets.Button("Pause (Space)", (x, y, w, 38), commands.toggle_pause, size=15),
            widgets.Button("Next phase (N)", (x + w + 12, y, w, 38), commands.step_phase, size=15),
            widgets.Button(
                "Slower (-)", (x, y + 48, w, 38), lambda: commands.change_speed(-1), size=15
            ),
            widgets.Button(
                "Faster (+)", (x + w + 12, y + 48, w, 38), lambda: commands.change_speed(1), size=15
            ),
            widgets.Button("Skip battle (S)", (x, y + 96, 2 * w + 12, 38), commands.skip, size=15),
        ]

    def handle(self, event: pygame.event.Event) -> None:
        if self.model.asking:
            self.handle_question(event)
            return
        if any(button.handle(event) for button in self.buttons):
            return
        if event.type == pygame.MOUSEMOTION:
            self.model.mouse = event.pos
        elif event.type == pygame.KEYDOWN:
            command = PLAYBACK_KEYS.get(event.key)
            if command is not None:
                command(self.commands)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.model.finished:
            self.commands.close()

    def handle_question(self, event: pygame.event.Event) -> None:
        """Input while asking: a row or its number answers; nothing else changes the game."""
        model = self.model
        if event.type == pygame.MOUSEMOTION:
            model.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for option in model.options:
                if option.rect.collidepoint(event.pos):
                    self.commands.answer(option.action)
                    return
            model.problem = self.words.waiting_words()
        elif event.type == pygame.KEYDOWN:
            number = DIGIT_KEYS.get(event.key)
            if number is not None and number <= len(model.options):
                self.commands.answer(model.options[number - 1].action)
            elif event.key == pygame.K_ESCAPE:
                self.behind.open_menu()
            elif number is not None or event.key in WAITING_KEYS:
                model.problem = self.words.waiting_words()
