"""Helpers for the client tests: no window, no sound device, a private data folder.

Importing this module sets ``SDL_VIDEODRIVER=dummy`` and ``SDL_AUDIODRIVER=dummy`` before
pygame is imported, so the tests never open a real window. The fixtures ``app`` and
``data_dir`` are conftest's (older modules still import them from here by their function
names ``app_fixture`` and ``data_dir_fixture``). Scenes are
driven by feeding them events and stepping ``update(dt)``; the helpers do not redraw (tests
call ``app.step(dt)`` to draw).
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
from conftest import app_fixture, data_dir_fixture  # noqa: F401  (imported from here)

from nshex_pygame.client import widgets
from nshex_pygame.client.app import App
from nshex_pygame.client.scenes.game.model import action_slots


def _window_pos(app: App, pos: tuple[float, float]) -> tuple[int, int]:
    """A logical (1280x800) position as the window reports it (the window may be scaled)."""
    view = app.viewport()
    return (
        round(view.left + (pos[0] + 0.5) * view.width / 1280),
        round(view.top + (pos[1] + 0.5) * view.height / 800),
    )


def move(app: App, pos: tuple[float, float]) -> None:
    pos = _window_pos(app, pos)
    event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.0, [event], draw=False)


def click(app: App, pos: tuple[float, float], button: int = 1) -> None:
    move(app, pos)
    pos = _window_pos(app, pos)
    app.step(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)], draw=False)


def key(app: App, code: int) -> None:
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")], draw=False)


def click_button(app: App, scene: Any, label: str) -> None:
    """Click the button of ``scene`` whose label starts with ``label``."""
    for button in scene.buttons:
        if button.label.startswith(label):
            click(app, button.rect.center)
            return
    labels = [b.label for b in scene.buttons]
    raise AssertionError(f"no button {label!r} in {labels}")


def pushed(app: App, scene: Any) -> Any:
    """``scene`` pushed on the stack and one frame run: the scene."""
    app.stack.push(scene)
    app.step(0.016)
    return scene


def open_from_menu(app: App, label: str) -> Any:
    """The main menu, alone on the stack, then its entry ``label`` clicked: the scene it
    opened (drawn once)."""
    menu = app.make("menu")
    app.stack.clear_to(menu)
    app.step(0.0)
    click_button(app, menu, label)
    app.step(0.0)
    return app.stack.top


def hand_pos(scene: Any, seat: int, index: int) -> tuple[float, float]:
    """Where a tile of ``seat``'s hand is drawn in the game scene."""
    return scene.hand_rects(seat)[index][1]


def play_by_clicks(app: App, scene: Any, action: int) -> None:
    """Make ``action`` in the game scene the way a player would: hand tile, hexes, turning,
    confirming."""
    game = scene.game
    desc = game.describe_action(action)
    kind = desc["kind"]
    seat = game.current_player()
    hand = scene.hand(seat)
    if kind in ("end", "unlucky", "keep_taken", "buy"):
        label = {
            "end": "End turn",
            "unlucky": "Unlucky",
            "keep_taken": "Keep it",
            "buy": f"Buy {desc.get('n')}",
        }[kind]
        button = next(b for b in scene.buttons if b.label.startswith(label))
        click(app, button.rect.center)
        return
    if kind == "exchange":
        click(app, hand_pos(scene, seat, hand.index(desc["tile"])))
        button = next(b for b in scene.buttons if b.label.startswith("Exchange"))
        click(app, button.rect.center)
        return
    if kind == "discard":
        click(app, hand_pos(scene, seat, hand.index(desc["tile"])))
        if scene.stage == "discard":
            click(app, hand_pos(scene, seat, hand.index(desc["tile"])))
        else:
            key(app, pygame.K_x)
        return
    if kind == "place":
        click(app, hand_pos(scene, seat, hand.index(desc["tile"])))
    elif kind in (
        "move",
        "push_back",
        "sniper",
        "grenade",
        "air_strike",
        "battle",
        "terror",
        "castling",
        "rotation",
    ):
        index = next(i for i, t in enumerate(hand) if t.partition(".")[2] == kind)
        click(app, hand_pos(scene, seat, index))
        if kind in ("battle", "terror"):
            click(app, hand_pos(scene, seat, index))
            return
    elif kind == "small_bomb":  # three hexes, one click each, then one of them again
        index = next(i for i, t in enumerate(hand) if t.partition(".")[2] == kind)
        click(app, hand_pos(scene, seat, index))
        for at in desc["hexes"]:
            click(app, scene.board.pixel(tuple(at)))
        click(app, scene.board.pixel(tuple(desc["hexes"][0])))
        return
    elif kind == "procedure":
        button = next(b for b in scene.procedure_buttons if b.procedure == desc["procedure"])
        click(app, button.rect.center)
        if desc["procedure"] == "detonation":
            return
    slots = {
        "place": ("at",),
        "place_hq": ("at",),
        "push_to": ("at",),
        "move": ("from", "to"),
        "mobility": ("from", "to"),
        "transport": ("from", "to"),
        "push_back": ("from", "target"),
        "grant": ("from", "to"),
        "castling": ("from", "to"),
        "rotation": ("at",),
        "turn_taken": ("at",),
        "rotate": ("at",),
    }.get(kind, ("target",))
    if kind == "procedure":
        slots = action_slots(desc)
    for slot in slots:
        click(app, scene.board.pixel(tuple(desc[slot])))
    if "facing" in desc:
        for _ in range(6):
            if scene.facing == desc["facing"]:
                break
            key(app, pygame.K_e)
        assert scene.facing == desc["facing"], desc
    if "facings" in desc:  # a Swap turns both units: Q/E the first, A/F the second
        for _ in range(6):
            if scene.facing == desc["facings"][0]:
                break
            key(app, pygame.K_e)
        for _ in range(6):
            if scene.facing2 == desc["facings"][1]:
                break
            key(app, pygame.K_f)
        assert [scene.facing, scene.facing2] == list(desc["facings"]), desc
    click(app, scene.board.pixel(tuple(desc[slots[-1]])))


def decisions(app: App, scene: Any, most: int) -> Iterator[Any]:
    """The game of ``scene`` (a game scene on top of the stack) for at most ``most`` steps:
    a battle's playback skipped (S), chance stepped through; it stops at the game's end or
    when the scene stays left (the game-over screen). Yields the game when a seat decides."""
    from nshex_pygame.core import CHANCE

    game = scene.game
    for _ in range(most):
        if game.is_terminal():
            return
        if app.stack.top is not scene:
            key(app, pygame.K_s)  # skip a battle
            if app.stack.top is not scene:
                return  # the game-over screen
            continue
        if game.current_player() == CHANCE:
            app.step(1.0, draw=False)
            continue
        yield game


def actions_by_kind(game: Any, kind_of: Any = lambda desc: desc["kind"]) -> dict[str, list[int]]:
    """The legal actions grouped by ``kind_of`` their description (their kind by default), so
    a random pick can choose a kind first and the rare ones come up too."""
    by_kind: dict[str, list[int]] = {}
    for a in game.legal_actions():
        by_kind.setdefault(kind_of(game.describe_action(a)), []).append(a)
    return by_kind


def greedy_position(stop: Any, armies: list[str], board: str, seeds: int, limit: int) -> Any:
    """The first game (seeds 0, 1, ...) of greedy against greedy, the draws natural, in which
    ``stop(game)`` holds with a seat to move within ``limit`` steps."""
    from nshex_pygame.core import CHANCE, Bot, Game

    for seed in range(seeds):
        game = Game(list(armies), seed, board=board)
        bot = Bot("greedy", seed)
        for _ in range(limit):
            if game.is_terminal():
                break
            if game.current_player() == CHANCE:
                game.apply_action(game.natural_draw())
                continue
            if stop(game):
                return game
            game.apply_action(bot.choose(game))
    raise AssertionError(f"no such position in {seeds} games of {armies}")


@contextmanager
def recording(name: str) -> Iterator[list[Any]]:
    """What ``widgets.<name>`` is given to draw inside the block (its argument after the
    surface: a text, a hover box's title), in order."""
    drawn: list[Any] = []
    real = getattr(widgets, name)

    def record(surface, what, *args, **kwargs):
        drawn.append(what)
        return real(surface, what, *args, **kwargs)

    setattr(widgets, name, record)
    try:
        yield drawn
    finally:
        setattr(widgets, name, real)


def recording_texts() -> Any:
    """Every text ``widgets.draw_text`` draws inside the block, in order."""
    return recording("draw_text")


def hover_boxes(app: App, pos: tuple[float, float]) -> list[str]:
    """The titles of the hover boxes drawn in one frame with the pointer at ``pos``."""
    move(app, pos)
    with recording("tooltip") as shown:
        app.draw()
    return shown


def after_a_play(app: App, scene: Any) -> None:
    """One frame after a play in ``scene``; a battle it started is played back (skipped)."""
    app.step(0.0)
    top = app.stack.top
    if top is not scene:  # the battle is played back
        assert top.scene_name == "battle"
        top.skip()


def drawn_texts(app: App) -> list[str]:
    """Every text drawn in one frame."""
    with recording_texts() as drawn:
        app.draw()
    return drawn


@contextmanager
def watching_overflow() -> Iterator[list[str]]:
    """What the widgets drawn inside the block report as overflowing (empty when all fits)."""
    notes = widgets.watch_overflow()
    try:
        yield notes
    finally:
        widgets.stop_watching()


def overflow_notes(app: App) -> list[str]:
    """What overflows in one frame."""
    with watching_overflow() as notes:
        app.draw()
    return notes


def play_step(coach: Any, game: Any) -> None:
    """A lesson's current step: its action (the lowest the step accepts), checked by the
    coach and applied."""
    from nshex_pygame.client.lessons import expected

    step = coach.step
    assert step is not None
    wanted = expected(game, step)
    assert wanted, f"{coach.lesson.title}: {step.line!r} is not possible there"
    assert coach.check(game, min(wanted)) is None
    game.apply_action(min(wanted))
    coach.played()


def refused_by_lesson(coach: Any, game: Any, line: str) -> None:
    """``line`` is legal in the engine but not what the lesson's step teaches."""
    action = game.string_to_action(line)
    assert action in game.legal_actions(), line
    assert coach.check(game, action) is not None, line


def open_lesson(app: App, index: int) -> Any:
    """Lesson ``index`` of Learn by playing alone on the stack, its opening card closed."""
    scene = app.make("tutorial", index)
    app.stack.clear_to(scene)
    key(app, pygame.K_RETURN)
    return scene


def refused_by_clicks(app: App, inner: Any, line: str, offered: str) -> None:
    """``line`` is offered on a lesson's screen (``offered`` says why) and, made by clicks,
    refused by the lesson: the game is unchanged."""
    game = inner.game
    wrong = game.string_to_action(line)
    assert wrong in {a for a, _d in inner.legal}, offered
    before = game.history()
    play_by_clicks(app, inner, wrong)
    assert game.history() == before


def lessons_by_clicks(app: Any, lessons: dict[str, int], play: Any) -> list[str]:
    """Plays each lesson (title -> index) by clicks, ``play(app, inner, action)`` doing one
    step's action, through to its closing card; the texts that overflow, by where."""
    from nshex_pygame.client.lessons import expected

    overflow: list[str] = []
    for title, index in lessons.items():
        scene = app.make("tutorial", index)
        app.stack.clear_to(scene)
        app.step(0.0)
        overflow += [f"{title}, intro: {n}" for n in overflow_notes(app)]
        key(app, pygame.K_RETURN)
        inner = scene.inner
        while not scene.coach.done:
            step = scene.coach.step
            wanted = expected(inner.game, step)
            assert {a for a, _d in inner.legal} >= wanted, step.line
            app.step(0.0)
            overflow += [f"{title}, {step.line}: {n}" for n in overflow_notes(app)]
            length = len(inner.game.history())
            play(app, inner, min(wanted))
            assert len(inner.game.history()) == length + 1, (step.line, inner.message)
            after_a_play(app, scene)
        for _ in range(20):
            if scene.modal == "outro":
                break
            app.step(0.3)
        assert scene.modal == "outro", title
        overflow += [f"{title}, done: {n}" for n in overflow_notes(app)]
    return overflow


class Lessons(dict[str, int]):
    """The lessons whose title holds ``word`` (title -> index of Learn by playing, in order),
    and what their tests do with one: start it in the engine, open it on the screen, play
    them all by clicks."""

    def __init__(self, word: str) -> None:
        from nshex_pygame.client.lessons import LESSONS

        super().__init__(
            (lesson.title, index) for index, lesson in enumerate(LESSONS) if word in lesson.title
        )

    def start(self, title: str) -> tuple[Any, Any]:
        """The lesson's coach and its game, at the first step."""
        from nshex_pygame.client.lessons import Coach

        coach = Coach(self[title])
        return coach, coach.start()

    def open(self, app: App, title: str) -> Any:
        return open_lesson(app, self[title])

    def by_clicks(self, app: App, play: Any = play_by_clicks) -> list[str]:
        return lessons_by_clicks(app, self, play)
