"""Learn by playing: the lessons (data files read by :mod:`nshex_pygame.client.lessons`) on the
real game screen.

The scene holds a game scene (made through the registry, never imported) for the lesson's
game and passes it the events and the time. It narrows what the board offers to the step's
action (the wrong facing of the right tile is still offered, and refused with the step's
hint) and checks every action the learner plays against the step before the engine plays it:
the engine's own legality applies on top. A card in the place of the game log says what to
do; an intro card opens each lesson and a closing card ends it. Finishing the last lesson earns
an achievement (a toast on its closing card).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from nshex_pygame.client import achievements, rewards, tileart, widgets
from nshex_pygame.client.lessons import LEARNER, Coach, expected
from nshex_pygame.client.scene import Scene
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import CHANCE

CARD = pygame.Rect(10, 410, 300, 380)
MODAL = pygame.Rect(340, 230, 600, 330)


class TutorialScene(Scene):
    scene_name = "tutorial"

    def __init__(self, app: Any, lesson: int = 0) -> None:
        super().__init__(app)
        self.coach = Coach(lesson)
        self.clock = 0.0
        self.toasts = rewards.Toasts()
        self.inner: Any = None
        self.modal: str | None = "intro"  # "intro", "outro" or None (playing)
        self.lengths: list[int] = []  # the game's history length after each step played
        self.start_button = widgets.Button(
            "Start", (MODAL.centerx - 110, MODAL.bottom - 66, 220, 46), self.begin
        )
        self.next_button = widgets.Button(
            "Next lesson", (MODAL.centerx - 230, MODAL.bottom - 66, 220, 46), self.next_lesson
        )
        self.menu_button = widgets.Button(
            "Main menu", (MODAL.centerx + 10, MODAL.bottom - 66, 220, 46), self.leave
        )
        self.restart_button = widgets.Button(
            "Restart lesson", (CARD.left + 12, CARD.bottom - 48, 136, 36), self.restart, size=15
        )
        self.leave_button = widgets.Button(
            "Leave", (CARD.right - 148, CARD.bottom - 48, 136, 36), self.leave, size=15
        )
        self.load()

    # --- the lesson's game -----------------------------------------------------------------------

    def load(self) -> None:
        """The lesson's game in a fresh game scene, narrowed to the steps."""
        game = self.coach.start()
        armies = list(game.view()["armies"])
        inner = self.app.make("game", game, [SeatSetup(a, "human") for a in armies])
        inner.over_shown = True  # the closing card, not the game-over screen, ends a lesson
        inner.replays = False  # a lesson's battle is not watched again from a replay
        apply = inner.apply

        def narrowed(legal: list[Any]) -> list[Any]:
            if inner.mover == LEARNER and not self.coach.done and self.modal is None:
                return self.coach.allowed(inner.game, legal)
            return []

        def checked(action: int) -> bool:
            if inner.game.current_player() != LEARNER:
                return apply(action)  # a draw, or the other seat
            why = self.coach.check(inner.game, action)
            if why is not None:
                inner.say(why)
                self.app.sounds.play("block")
                return False
            if not apply(action):
                return False
            self.coach.played()
            self.lengths.append(len(inner.game.history()))
            inner._refresh()
            return True

        inner.narrow = narrowed
        inner.apply = checked
        inner.host = self
        self.inner = inner
        self.lengths = []
        inner._refresh()

    @property
    def game(self) -> Any:
        return self.inner.game

    def begin(self) -> None:
        self.modal = None
        self.inner._refresh()

    def restart(self) -> None:
        self.modal = None
        self.load()

    def next_lesson(self) -> None:
        if self.coach.last_lesson:
            self.leave()
            return
        self.coach.next_lesson()
        self.modal = "intro"
        self.load()

    def leave(self) -> None:
        self.app.stack.pop(self)

    def targets(self) -> set[tuple[int, int]]:
        """The hexes the step's action involves (lit on the board)."""
        step = self.coach.step
        if step is None or self.modal is not None or self.game.current_player() != LEARNER:
            return set()
        out = set()
        for action in expected(self.game, step):
            desc = self.game.describe_action(action)
            for slot in ("at", "to", "target"):
                if desc.get(slot) is not None:
                    out.add((int(desc[slot][0]), int(desc[slot][1])))
            out.update((int(q), int(r)) for q, r in desc.get("hexes") or ())  # a Small Bomb
        return out if len(out) <= 3 else set()

    # --- the scene -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.modal == "intro":
            self.start_button.handle(event)
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
                self.begin()
            return
        if self.modal == "outro":
            for button in (self.next_button, self.menu_button):
                if button.handle(event):
                    return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
                self.next_lesson()
            return
        for button in (self.restart_button, self.leave_button):
            if button.handle(event):
                return
        self.inner.handle(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        inner = self.inner
        inner.update(dt)
        history = len(self.game.history())
        while self.lengths and history < self.lengths[-1]:  # an action taken back (undo)
            self.lengths.pop()
            self.coach.step_index -= 1
            inner._refresh()
        top = self.app.stack.top is self  # (a battle being played back is on top)
        if self.modal is None and self.coach.done and top and self.game.current_player() != CHANCE:
            self.modal = "outro"
            self.app.sounds.play("place")
            if self.coach.last_lesson:
                self.graduate()
        self.toasts.update(dt)

    def graduate(self) -> None:
        """The last lesson done: the achievement for finishing them (a toast when new)."""
        earned, _problem = achievements.award(["lessons"])
        for achievement in earned:
            self.toasts.add(achievement.title, achievement.how)

    def busy(self) -> bool:
        return self.inner.busy() or bool(self.targets()) or self.toasts.busy()

    def look(self) -> object:
        return (self.inner.look(), self.modal, len(self.toasts.items))

    def on_resume(self) -> None:
        self.inner.on_resume()

    def on_exit(self) -> None:
        self.inner.on_exit()

    # the battle scene draws the game behind it through its backdrop (the inner scene)

    def draw(self, surface: pygame.Surface) -> None:
        self.inner.draw(surface)
        pulse = 3 + round(2 * (1 + math.sin(self.clock * 6)))
        for at in self.targets():
            tileart.hex_outline(
                surface, self.inner.board.pixel(at), self.inner.board.size - 3, widgets.GOOD, pulse
            )
        self.draw_card(surface)
        if self.modal is not None:
            self.draw_modal(surface)
        self.inner.draw_tooltip(surface)
        self.toasts.draw(surface)

    def lends_pointer(self) -> bool:
        """The lesson's board and hand have hover boxes, except under its opening and closing
        cards."""
        return self.modal is None

    def draw_card(self, surface: pygame.Surface) -> None:
        widgets.panel(surface, CARD, edge=widgets.GOOD)
        x, width = CARD.left + 12, CARD.width - 24
        lesson = self.coach.lesson
        widgets.draw_text(
            surface,
            f"Lesson {self.coach.lesson_index + 1} of {len(self.coach.course)}",
            (x, CARD.top + 10),
            14,
            widgets.DIM,
        )
        widgets.draw_paragraph(
            surface,
            lesson.title,
            pygame.Rect(x, CARD.top + 30, width, 50),
            19,
            widgets.ACCENT,
            True,
        )
        y = CARD.top + 84
        if self.coach.said:
            y = (
                widgets.draw_paragraph(
                    surface, self.coach.said, pygame.Rect(x, y, width, 90), 14, widgets.GOOD
                )
                + 8
            )
        step = self.coach.step
        words = step.say if step is not None else "Lesson done."
        count = len(lesson.steps)
        done = min(self.coach.step_index, count)
        widgets.draw_text(
            surface, f"Step {min(done + 1, count)} of {count}", (x, y), 14, widgets.DIM
        )
        widgets.draw_paragraph(
            surface,
            words,
            pygame.Rect(x, y + 22, width, CARD.bottom - 60 - y - 22),
            15,
            widgets.TEXT,
            True,
        )
        for button in (self.restart_button, self.leave_button):
            button.draw(surface)

    def draw_modal(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, 150)
        widgets.panel(surface, MODAL, edge=widgets.GOOD)
        lesson = self.coach.lesson
        x, width = MODAL.left + 24, MODAL.width - 48
        number = f"Lesson {self.coach.lesson_index + 1} of {len(self.coach.course)}"
        widgets.draw_text(surface, number, (x, MODAL.top + 18), 15, widgets.DIM)
        title = lesson.title if self.modal == "intro" else f"{lesson.title}: done"
        widgets.draw_text(surface, title, (x, MODAL.top + 42), 26, widgets.ACCENT, True)
        words = lesson.intro if self.modal == "intro" else lesson.outro
        widgets.draw_paragraph(
            surface, words, pygame.Rect(x, MODAL.top + 90, width, MODAL.height - 170), 17
        )
        if self.modal == "intro":
            self.start_button.draw(surface)
        else:
            self.next_button.label = "Finish" if self.coach.last_lesson else "Next lesson"
            self.next_button.draw(surface)
            self.menu_button.draw(surface)
