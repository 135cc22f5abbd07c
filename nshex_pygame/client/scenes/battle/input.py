"""The battle scene's input: the playback controls and the answers to a battle question."""

from __future__ import annotations

import pygame

from nshex_pygame.client import widgets
from nshex_pygame.client.scenes.battle.layout import (
    CONTROLS_RECT,
    DIGIT_KEYS,
    EXPLAIN,
    Option,
)


class BattleInput:
    """Keys, clicks and the question panel's rows (mixed into :class:`BattleScene`)."""

    def _layout_question(self) -> None:
        """The panel's rows and their places (known before drawing, so clicks can find them)."""
        q = self.question
        self.options = []
        if q is None:
            return
        game = getattr(self.backdrop, "game", None)
        x, width = CONTROLS_RECT.left + 12, CONTROLS_RECT.width - 24
        text_width = width - 44
        rows = []
        for i, action in enumerate(q.get("options") or []):
            desc = dict(game.describe_action(action)) if game is not None else {"kind": q["kind"]}
            label = self._option_label(desc)
            suggested = action == q.get("automatic")
            room = text_width - (78 if suggested else 0)
            size, bold = next(
                ((n, True) for n in (15, 13) if widgets.font(n, True).size(label)[0] <= room),
                (14, False),
            )
            lines = widgets.wrap(label, size, room, bold=bold)
            height = max(40, 16 + (size + 4) * len(lines))
            rows.append((i, action, label, suggested, desc, lines, height, size, bold))
        head = 52 + 22 + 8 + 17 * len(widgets.wrap(EXPLAIN.get(q["kind"], ""), 13, width)) + 10
        total = head + sum(row[6] + 8 for row in rows) + 44
        top = min(CONTROLS_RECT.top, max(10, CONTROLS_RECT.bottom - total))
        self.question_rect = pygame.Rect(
            CONTROLS_RECT.left, top, CONTROLS_RECT.width, CONTROLS_RECT.bottom - top
        )
        y = top + head
        for i, action, label, suggested, desc, lines, height, size, bold in rows:
            rect = pygame.Rect(x, y, width, height)
            self.options.append(
                Option(i + 1, action, label, suggested, desc, rect, lines, size, bold)
            )
            y += height + 8

    def handle_question(self, event: pygame.event.Event) -> None:
        """Input while asking: a row or its number answers; nothing else changes the game."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for option in self.options:
                option.hover = option.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for option in self.options:
                if option.rect.collidepoint(event.pos):
                    self.answer(option.action)
                    return
            self.problem = self.waiting_words()
        elif event.type == pygame.KEYDOWN:
            number = DIGIT_KEYS.get(event.key)
            if number is not None and number <= len(self.options):
                self.answer(self.options[number - 1].action)
            elif event.key == pygame.K_ESCAPE and hasattr(self.backdrop, "open_menu"):
                self.backdrop.open_menu()
            elif number is not None or event.key in (
                pygame.K_SPACE,
                pygame.K_s,
                pygame.K_n,
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
            ):
                self.problem = self.waiting_words()

    def handle(self, event: pygame.event.Event) -> None:
        if self.asking:
            self.handle_question(event)
            return
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_SPACE:
                self.toggle_pause()
            elif key in (pygame.K_n, pygame.K_RIGHT):
                self.step_phase()
            elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.change_speed(1)
            elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.change_speed(-1)
            elif key in (pygame.K_s, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.skip()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.finished:
            self.close()
