"""Learn by playing: short lessons on the real board, one thing at a time, and the coach.

The lessons are data files (``nshex_pygame/lessons/*.toml``, read and checked by
:mod:`nshex_pygame.client.lessonfiles`): each a position the engine loads as a scenario and a
few steps. A step names the one action it teaches in the action notation; the coach turns it
into the engine's action numbers (``string_to_action``) and accepts only those, so a lesson can
never teach an illegal move: the engine's legality still applies on top. A step may leave a
part open ("place moloch.hunter_killer *": anywhere, any facing): then every legal action
whose notation starts so is accepted; or list the facings that do what it teaches ("place
moloch.guard 0,1 1|2": either of two facings aims at the target).

A step may also name the outcome it teaches (``goal``: a test of the game after the action,
asked on a copy through the engine's view): then only the actions of its line that bring that
outcome about are accepted (a takeover happened, a Mine and the enemy on it are gone).

The learner is always seat 0: Moloch against Hegemony in the base game's lessons, Vegas or
Smart against the other in the Duel's, the Doomsday Machine against Hegemony in its own.
"""

from __future__ import annotations

from typing import Any

from nshex_pygame.client import lessonfiles
from nshex_pygame.client.lessonfiles import (
    LEARNER,
    Lesson,
    LessonError,
    Step,
    shipped_lessons,
    unit_at,
)
from nshex_pygame.core import Game, IllegalActionError

__all__ = [
    "LEARNER",
    "Coach",
    "Lesson",
    "LessonError",
    "Step",
    "expected",
    "lessons",
    "rehearse",
    "spelled_out",
    "unit_at",
]


def lessons() -> tuple[Lesson, ...]:
    """The shipped lessons, read once (:class:`LessonError` names a file that is broken)."""
    return shipped_lessons(lessonfiles.LESSONS_DIR)


def __getattr__(name: str) -> Any:
    """``LESSONS``: the shipped lessons, read when first asked for (a broken file then says
    what is wrong where the lessons are opened, not when the client starts)."""
    if name == "LESSONS":
        return lessons()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# the actions whose last word is a facing the learner turns to before confirming
FACED: tuple[str, ...] = ("place", "grant", "mobility", "transport", "turn", "play move")
FACED += ("play rotation", "procedure rotation", "rotate")


def base(line: str) -> str:
    """An action's notation without its facing (what the player picks before turning); a
    Small Bomb without its hexes (every triangle is offered, the wrong ones refused)."""
    if line.startswith("play small_bomb "):
        return "play small_bomb"
    words = line.split()
    if words and words[0] == "place" and len(words) == 4:
        return " ".join(words[:3])
    last = words[-1] if words else ""
    if len(last) == 1 and last.isdigit() and line.startswith(FACED):
        return " ".join(words[:-1])
    return line


def spelled_out(line: str) -> list[str]:
    """A step's line with its alternatives written out: ``a 1|2`` is ``a 1`` and ``a 2``."""
    out = [""]
    for word in line.split():
        out = [f"{head} {alt}".strip() for head in out for alt in word.split("|")]
    return out


def expected(game: Game, step: Step) -> set[int]:
    """The engine's numbers of the actions the step accepts (legal ones only; with a goal,
    those whose outcome, tried on a copy of the game, is the goal)."""
    key = (step, game.state_json())
    if key in _EXPECTED:
        return set(_EXPECTED[key])
    legal = set(game.legal_actions())
    if step.line.endswith("*"):
        prefix = step.line[:-1]
        out = {a for a in legal if game.action_to_string(a).startswith(prefix)}
    else:
        out = set()
        for line in spelled_out(step.line):
            try:
                out.add(game.string_to_action(line))
            except IllegalActionError:
                continue
        out &= legal
    if step.goal is not None:
        out = {a for a in out if step.goal(_after(game, a))}
    if len(_EXPECTED) > 64:
        _EXPECTED.clear()
    _EXPECTED[key] = frozenset(out)
    return out


_EXPECTED: dict[tuple[Step, str], frozenset[int]] = {}


def _after(game: Game, action: int) -> Game:
    copy = game.clone()
    copy.apply_action(action)
    return copy


class Coach:
    """Where the learner is in the lessons, and what the current step accepts."""

    def __init__(self, lesson: int = 0, course: tuple[Lesson, ...] | None = None) -> None:
        """``course``: the lessons coached (the shipped ones when None)."""
        self.course = lessons() if course is None else course
        self.lesson_index = lesson
        self.step_index = 0
        self.said = ""  # what the last step did

    @property
    def lesson(self) -> Lesson:
        return self.course[self.lesson_index]

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    @property
    def last_lesson(self) -> bool:
        return self.lesson_index >= len(self.course) - 1

    def start(self) -> Game:
        """The lesson's game: its scenario, then the prelude played by the engine."""
        self.step_index = 0
        self.said = ""
        game = Game.from_scenario(self.lesson.scenario, f"lesson {self.lesson_index + 1}")
        for line in self.lesson.prelude:
            game.apply_line(line)
        return game

    def next_lesson(self) -> Game:
        self.lesson_index = min(self.lesson_index + 1, len(self.course) - 1)
        return self.start()

    def allowed(self, game: Game, legal: list[tuple[int, dict]]) -> list[tuple[int, dict]]:
        """The legal actions the board offers now: the step's, in every facing when it
        teaches the facing, on every triangle when it teaches a Small Bomb (the wrong ones
        are refused with the step's hint)."""
        step = self.step
        if step is None:
            return []
        wanted = expected(game, step)
        bases = {base(game.action_to_string(a)) for a in wanted}
        return [(a, d) for a, d in legal if base(game.action_to_string(a)) in bases]

    def check(self, game: Game, action: int) -> str | None:
        """None when ``action`` is the step's; else what to do instead."""
        step = self.step
        if step is None:
            return "This lesson is done: go on to the next one."
        if action in expected(game, step):
            return None
        return f"Not quite. {step.say}"

    def played(self) -> None:
        step = self.step
        if step is not None:
            self.said = step.then
            self.step_index += 1


def rehearse(lesson: Lesson) -> Game:
    """The lesson played through, each step with the first action it accepts: the game at
    its end; :class:`LessonError` naming the file and the line of a step nothing can play."""
    coach = Coach(0, (lesson,))
    game = coach.start()
    for n, step in enumerate(lesson.steps):
        wanted = expected(game, step) if game.current_player() == LEARNER else set()
        if not wanted:
            line = lesson.step_lines[n] if n < len(lesson.step_lines) else 0
            raise LessonError(
                f"{lesson.file or lesson.title}, line {line}: step {n + 1}'s {step.line!r}"
                " is not an action the learner can play there"
                + (" that reaches its goal" if step.goal is not None else "")
            )
        game.apply_action(min(wanted))
        coach.played()
    return game
